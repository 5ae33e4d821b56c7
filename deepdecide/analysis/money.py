"""The money model: fleet per year, cash by month, the economic view, on arrays.

One set of formulas serves the deterministic figures (one scenario, with the monthly detail),
the sensitivity sweeps and the Monte Carlo draws (many scenarios, totals only). Every input is
an array shaped (S, O) (S scenarios x O options; the workspace-wide ones (S, 1)); the year axis
Y is added inside. docs/analysis.md ("Money over time") states each formula with a worked
example; decision_practice.md section (d) gives the per-hour identities (D3, D8, D9).

Time runs in whole months from the decision date's month (month 0); the horizon is
``round(years x 12)`` months; a month has 730 hours (8,760 / 12).

- Fleet of year y: units = ceil(demand_y x (1 + headroom) / (serving GPUs per unit x capacity)),
  GPUs = (units + spare units) x GPUs per unit (whole nodes); demand_y = demand x (1 + growth)^y.
  The owned GPUs come first; the shortfall is bought (pricing own; a bought GPU stays) or rented.
  Columns that share one stock of owned GPUs (an option's prefill and decode pools on one
  platform) draw on it once, in column order: the prefill pool first, the rest to decode.
- Service starts at month s = the time to production (weeks -> whole months), and not before
  the new GPUs are delivered and ramped (lead time + ramp) when the option needs any.
- Until s the current fleet keeps serving: the baseline's owned GPUs at their running cost
  (the "bridge"), in both views.
- Cash: a purchase is paid in its delivery month (year 0: the lead time; a later year's: that
  year's start less the ramp, not before the lead time); GPUs running (owned used and bought)
  cost power x PUE x $/kWh + hosting per hour, rented ones the rental price, from s; owned GPUs
  whose support ends inside the horizon are replaced then at the replacement price; a bought
  GPU's residual value comes back in the last month; engineering is spent evenly over the time
  to production.
- Economic (all-in): an owned GPU costs its value (book, resale or the new price) spread over
  its remaining support (or the amortization years), a bought GPU its purchase price amortized
  (never beyond it), a rented one the rental price, plus the running cost; the bridge at the
  baseline's owned value and running cost.
- A hosted API bills the average tokens (peak x utilization) at its price per million output
  tokens, input tokens included at the workload's mix.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

HOURS_PER_YEAR = 8760.0
HOURS_PER_MONTH = HOURS_PER_YEAR / 12.0  # 730
WEEKS_PER_MONTH = 52.0 / 12.0
SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600.0

#: kinds of option, as the model's integer codes
RENT, OWN, EXISTING, API = 0, 1, 2, 3

#: the drawable inputs per option (S, O) and workspace-wide (S, 1)
PARAMS = ("rate", "capex", "kw", "host", "port", "eff", "ttp", "cap", "owned", "value", "amort", "repl", "resid",
          "api_in", "api_out", "api_cached")
GLOBALS = ("elec", "engc", "pue", "util", "demand", "growth", "horizon")


@dataclass(frozen=True)
class Layout:
    """What the money model takes per option that no draw changes (arrays of shape (O,))."""

    kind: np.ndarray  # RENT, OWN, EXISTING or API
    unit: np.ndarray  # GPUs of a deployable unit, in whole nodes
    serving: np.ndarray  # GPUs of a unit that serve (the rest is padding to whole nodes)
    spares: np.ndarray  # spare units kept for failure recovery
    lead: np.ndarray  # months from the decision to delivery of new GPUs
    ramp: np.ndarray  # months from delivery to service
    support: np.ndarray  # months from the decision to the owned GPUs' end of support (inf: not stated)
    value_stated: np.ndarray  # the owned GPUs' value (book or resale) is stated; else their new price
    cached_share: np.ndarray  # hosted API: share of input tokens billed at the cached price
    discount: np.ndarray  # hosted API: committed-spend discount
    headroom: float = 0.0
    tokens_in: float = 0.0  # input tokens per output token (the workload's mix)
    baseline: int = -1  # the column of the baseline option (-1: none)
    years: int = 1  # year slots: the longest horizon drawn, in whole years
    grows: bool = False  # the demand grows (or may, in a draw): the fleet is sized year by year
    #: columns that draw on one stock of owned GPUs (the pools of one option on one platform): a group
    #: number per column, -1 for a column with its own stock; None: every column has its own
    share: np.ndarray | None = None

    def take(self, cols: np.ndarray) -> Layout:
        return Layout(self.kind[cols], self.unit[cols], self.serving[cols], self.spares[cols], self.lead[cols],
                      self.ramp[cols], self.support[cols], self.value_stated[cols], self.cached_share[cols],
                      self.discount[cols], self.headroom, self.tokens_in, -1, self.years, self.grows,
                      self.share[cols] if self.share is not None else None)


def join(a: Layout, parts: list[Layout]) -> Layout:
    """``a`` with the columns of ``parts`` after its own (another run's columns, e.g. an option's pools):
    ``a``'s workspace-wide fields stand; each part's ``share`` groups are kept apart from the others'."""
    if not parts:
        return a
    share = [a.share if a.share is not None else np.full(len(a.kind), -1, dtype=int)]
    col = len(a.kind)
    for lay in parts:
        s = lay.share if lay.share is not None else np.full(len(lay.kind), -1, dtype=int)
        share.append(np.where(s >= 0, s + col, -1))
        col += len(lay.kind)

    def cat(field: str) -> np.ndarray:
        return np.concatenate([getattr(a, field), *(getattr(x, field) for x in parts)])

    return Layout(cat("kind"), cat("unit"), cat("serving"), cat("spares"), cat("lead"), cat("ramp"), cat("support"),
                  cat("value_stated"), cat("cached_share"), cat("discount"), a.headroom, a.tokens_in, a.baseline,
                  a.years, a.grows, np.concatenate(share))


def allocate_owned(need: np.ndarray, owned: np.ndarray, share: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """(owned GPUs used, owned GPUs allocated) per column, (S, O, Y) and (S, O, Y): a column with
    its own stock uses min(need, owned) and is allocated all of it; columns of one ``share`` group
    draw on one stock in column order (the prefill pool first), each using min(need, what the
    earlier columns left) year by year; every column of a group but the last is allocated what it
    uses, the last what is left (so the allocations add up to the stock once)."""
    used = np.minimum(need, owned)
    alloc = np.broadcast_to(owned, used.shape).copy()
    if share is None or not (share >= 0).any():
        return used, alloc
    left: dict[int, np.ndarray] = {}
    last = {int(g): j for j, g in enumerate(share.tolist()) if g >= 0}
    for j, g in enumerate(share.tolist()):
        if g < 0:
            continue
        avail = left.get(g, np.broadcast_to(owned[:, j], used[:, j].shape))
        u = np.minimum(need[:, j], avail)
        used[:, j] = u
        alloc[:, j] = avail if last[g] == j else u
        left[g] = avail - u
    return used, alloc


def _mul(count: np.ndarray, price: np.ndarray | float) -> np.ndarray:
    """count x price, 0 where the count is 0 (a price nobody pays may be unknown)."""
    out: np.ndarray = np.where(count == 0, 0.0, count * price)
    return out


def service_month(ttp_weeks: np.ndarray) -> np.ndarray:
    """Whole months of a time to production in weeks (a part month counts whole)."""
    return np.ceil(ttp_weeks / WEEKS_PER_MONTH - 1e-9)


def api_price(p_in: np.ndarray, p_out: np.ndarray, p_cached: np.ndarray, tokens_in: float,
              cached_share: np.ndarray, discount: np.ndarray) -> np.ndarray:
    """$ per million output tokens of a hosted API, the input tokens of the workload's mix included:
    (output + input tokens per output token x ((1 - cached) x input + cached x cached input)) x
    (1 - discount)."""
    cached = np.where(np.isnan(p_cached), p_in, p_cached)
    out: np.ndarray = (p_out + tokens_in * ((1.0 - cached_share) * p_in + cached_share * cached)) * (1.0 - discount)
    return out


def owned_value_month(lay: Layout, value: np.ndarray, capex: np.ndarray, amort: np.ndarray) -> np.ndarray:
    """Economic $ per owned GPU and month: its value over its remaining support (months), or, where
    no value or no end of support is stated, the new price (or the value) over the amortization."""
    val = np.where(lay.value_stated, value, capex)
    life = np.where(lay.value_stated & np.isfinite(lay.support), np.maximum(lay.support, 1.0), amort * 12.0)
    out: np.ndarray = val / life
    return out


def compute(p: dict[str, np.ndarray], lay: Layout, bridge: tuple[np.ndarray, np.ndarray] | None = None,
            detail: bool = False) -> dict[str, np.ndarray]:
    """Every option's fleet and money, (S, O) each (with ``detail`` also the per-year arrays
    (S, O, Y)). ``bridge`` is (cash, economic value) per month of the current fleet until an option
    is in service, (S, 1) each; None: worked out from the baseline column of ``p``."""
    kind = lay.kind
    is_api = kind == API
    is_rent = kind == RENT
    is_own = kind == OWN
    cap = np.where(p["cap"] > 0, p["cap"], np.nan)
    hm = np.round(p["horizon"] * 12.0)  # (S, 1) months of the horizon
    # year blocks: one per year when the demand grows (or for the monthly detail); else one block for the
    # whole horizon, the same fleet throughout (the sums are the same, in a third of the work)
    per_year = lay.grows or detail
    y = np.arange(lay.years if per_year else 1, dtype=float)
    start_y = 12.0 * y  # (Y,)
    span = 12.0 if per_year else np.inf
    demand = p["demand"]
    no_demand = np.isnan(demand)
    d_y = demand[..., None] * (1.0 + p["growth"][..., None]) ** y  # (S, 1, Y)
    per_unit = (lay.serving * cap)[..., None]  # (S, O, 1) output tok/s of one unit
    units = np.ceil(d_y * (1.0 + lay.headroom) / per_unit - 1e-9)
    units = np.where(no_demand[..., None], 1.0, units)  # no demand: one unit, for the per-token figures
    units = np.where(is_api[:, None], 0.0, units)
    need = (units + np.where(is_api, 0.0, lay.spares)[:, None]) * lay.unit[:, None]
    owned = np.where(kind == EXISTING, np.inf, np.round(p["owned"]))[..., None]  # (S, O, 1)
    used, alloc = allocate_owned(need, owned, lay.share)
    short = need - used
    bought = np.where(is_own[:, None], np.maximum.accumulate(short, axis=-1), 0.0)  # GPUs bought by year y
    batch = np.diff(bought, axis=-1, prepend=0.0)  # bought in year y
    rented = np.where(is_rent[:, None], short, 0.0)
    ttp_m = service_month(p["ttp"])
    delivered = (short[..., 0] > 0) & (is_own | is_rent)
    s = np.where(delivered, np.maximum(ttp_m, lay.lead + lay.ramp), ttp_m)  # (S, O) service month
    s3 = s[..., None]
    hm3 = hm[..., None]
    end_y = np.minimum(start_y + span, hm3)
    run = np.clip(end_y - np.maximum(start_y, s3), 0.0, None)  # months in service in year y
    op = p["kw"] * p["pue"] * p["elec"] + p["host"]  # $/GPU-h running an owned or bought GPU
    running = np.where(is_rent[:, None], used, need)  # GPUs at running cost
    op_cash = _mul((run * running).sum(-1), op * HOURS_PER_MONTH)
    rent_cash = _mul((run * rented).sum(-1), p["rate"] * HOURS_PER_MONTH)
    pay_y = np.where(y == 0, lay.lead[:, None], np.maximum(start_y - lay.ramp[:, None], lay.lead[:, None]))  # (O, Y)
    paid = pay_y < hm3
    bought_total = (batch * paid).sum(-1)
    capex_cash = _mul(bought_total, p["capex"])
    # owned GPUs whose support ends inside the horizon: replaced then, as many as are used from then on
    e = lay.support  # (O,)
    due = np.isfinite(e) & (e < hm) & ~is_api  # (S, O)
    e_month = np.maximum(np.where(np.isfinite(e), e, 0.0), 0.0)
    later = (start_y + span > e_month[:, None]) & (start_y < hm3)  # years from the one support ends in
    n_repl = np.where(due, np.where(later, used, 0.0).max(-1), 0.0)
    n_repl = np.where(np.isfinite(n_repl), n_repl, 0.0)
    repl_price = np.where(np.isnan(p["repl"]), p["capex"], p["repl"])
    repl_cash = _mul(n_repl, repl_price)
    resid = np.where(np.isnan(p["resid"]), 0.0, p["resid"])
    resid_cash = _mul(bought_total + n_repl, resid)
    # the current fleet until the option is in service
    v = owned_value_month(lay, p["value"], p["capex"], p["amort"])  # (S, O) $ per owned GPU-month
    if bridge is None:
        b = lay.baseline
        if b >= 0:
            used_b = np.where(np.isfinite(used[:, b, 0]), used[:, b, 0], 0.0)[:, None]
            bridge = (_mul(used_b, op[:, b:b + 1] * HOURS_PER_MONTH), _mul(used_b, v[:, b:b + 1]))
        else:
            zero = np.zeros((hm.shape[0], 1))
            bridge = (zero, zero)
    bridge_months = np.minimum(s, hm)
    bridge_cash = _mul(bridge_months, bridge[0])
    # the current fleet's value unknown (no book value and no purchase price): its running cost only, flagged
    bridge_value_unknown = ~np.isfinite(bridge[1]) & (bridge_months > 0)
    bridge_value = _mul(bridge_months, np.where(np.isfinite(bridge[1]), bridge[1], 0.0))
    eng = (p["port"] + p["eff"]) * p["engc"]
    # hosted API: the average tokens (peak x utilization) at its price
    price = api_price(p["api_in"], p["api_out"], p["api_cached"], lay.tokens_in, lay.cached_share, lay.discount)
    api_month = d_y * p["util"][..., None] * SECONDS_PER_MONTH / 1e6 * price[..., None]  # (S, O, Y)
    api_cash = np.where(is_api, (run * api_month).sum(-1), 0.0)
    # economic: owned GPUs at their value before their support ends, replacements amortized after
    a12 = p["amort"] * 12.0
    before_e = np.clip(np.minimum(end_y, e_month[:, None]) - np.maximum(start_y, s3), 0.0, None)
    before_e = np.where(np.isfinite(e)[:, None], np.minimum(before_e, run), run)
    after_e = run - before_e
    owned_econ = _mul((used * before_e).sum(-1), v) + _mul((used * after_e).sum(-1), repl_price / a12)
    owned_econ = np.where(is_api, 0.0, owned_econ)
    m_y = np.maximum(start_y, s3)  # a year's batch runs from the start of that year (year 0: from s)
    life_in = np.clip(hm3 - m_y, 0.0, a12[..., None])
    bought_econ = _mul(np.where(batch * paid == 0, 0.0, batch * paid * life_in).sum(-1), p["capex"] / a12)
    bought_econ = np.where(is_own, bought_econ, 0.0)
    capex_cash = np.where(is_own, capex_cash, 0.0)
    fleet_cash = capex_cash + repl_cash - resid_cash + op_cash + rent_cash
    tco_cash = bridge_cash + fleet_cash + api_cash + eng
    tco_econ = bridge_cash + bridge_value + owned_econ + bought_econ + op_cash + rent_cash + api_cash + eng
    # per million output tokens: the fleet's cost / the tokens its serving GPUs make at full use
    serve = units * lay.serving[:, None]
    tokens = (run * serve).sum(-1) * cap * SECONDS_PER_MONTH / 1e6  # million tokens over the months in service
    gpu_months = (run * need).sum(-1)
    cpm_cash = fleet_cash / tokens
    hour_cash = fleet_cash / (gpu_months * HOURS_PER_MONTH)
    used0, short0, units0, need0 = used[..., 0], short[..., 0], units[..., 0], need[..., 0]
    new_hour = np.where(is_rent, p["rate"], p["capex"] / (p["amort"] * HOURS_PER_YEAR) + op)
    owned_hour = v / HOURS_PER_MONTH + op
    fleet_hour = _mul(used0, owned_hour) + _mul(short0, new_hour)
    cpm_econ = fleet_hour / (units0 * lay.serving * cap * 3600.0 / 1e6)
    hour_econ = fleet_hour / need0
    if no_demand.any():  # one unit stands for the fleet: only where owned and new need no split
        mixed = (owned[..., 0] > 0) & np.isfinite(owned[..., 0])
        unknown = no_demand & mixed
        for arr in (cpm_cash, hour_cash, cpm_econ, hour_econ):
            arr[...] = np.where(unknown, np.nan, arr)
        # nothing over the horizon without a demand to size the fleet for
        for arr in (bridge_cash, bridge_value, capex_cash, repl_cash, resid_cash, op_cash, rent_cash, api_cash,
                    owned_econ, bought_econ, tco_cash, tco_econ):
            arr[...] = np.where(no_demand, np.nan, arr)
    cpm_cash = np.where(is_api, price, cpm_cash)
    cpm_econ = np.where(is_api, price, cpm_econ)
    out = {
        "gpus": np.where(no_demand, np.nan, need0), "units": np.where(no_demand, np.nan, units0),
        "used": np.where(no_demand, np.nan, used0), "short": np.where(no_demand, np.nan, short0),
        "alloc": alloc[..., 0],
        "service": s, "op": op, "owned_hour": owned_hour, "new_hour": new_hour, "value_month": v,
        "bridge_cash": bridge_cash, "bridge_value": bridge_value, "bridge_months": bridge_months,
        "bridge_value_unknown": bridge_value_unknown,
        "capex_cash": capex_cash, "repl_cash": repl_cash, "resid_cash": resid_cash, "op_cash": op_cash,
        "rent_cash": rent_cash, "api_cash": api_cash, "eng": eng, "owned_econ": owned_econ,
        "bought_econ": bought_econ, "bought_total": bought_total, "n_repl": n_repl, "tokens": tokens,
        "tco_cash": tco_cash, "tco_econ": tco_econ, "cpm_cash": cpm_cash, "cpm_econ": cpm_econ,
        "hour_cash": hour_cash, "hour_econ": hour_econ, "api_price": price, "horizon_months": hm,
    }
    if detail:
        out.update({"y_demand": np.broadcast_to(d_y, need.shape), "y_units": units, "y_need": need,
                    "y_used": used, "y_short": short, "y_bought": bought, "y_batch": batch,
                    "y_rented": rented, "y_run": run, "y_pay": np.broadcast_to(pay_y, need.shape),
                    "y_api_month": api_month, "y_running": running, "bridge_month_cash": bridge[0],
                    "bridge_month_value": bridge[1], "repl_price": repl_price, "resid": resid,
                    "support": np.broadcast_to(e_month, s.shape), "due": due, "rate_used": p["rate"],
                    "capex_used": p["capex"], "amort_used": p["amort"], "ttp_months": ttp_m, "kind": kind})
    return out


@dataclass(frozen=True)
class MonthRow:
    """One month of one option's money (the workspace currency)."""

    month: int
    capex: float  # purchases and replacements paid, less residual value returned
    opex: float  # running cost (power and hosting, rent, hosted API), the current fleet until in service
    engineering: float
    economic: float  # the month's cost in the economic (all-in) view, engineering included


def months(d: dict[str, np.ndarray], j: int) -> list[MonthRow]:
    """The monthly cash flow of option ``j`` from one scenario's ``compute(..., detail=True)``: its
    sums are the scenario's totals (``tco_cash``, ``tco_econ``)."""
    hm = int(d["horizon_months"][0, 0])
    if hm <= 0:
        return []

    def at(key: str) -> np.ndarray:
        out: np.ndarray = np.nan_to_num(np.asarray(d[key][0, j], dtype=float), nan=0.0, posinf=0.0, neginf=0.0)
        return out

    def scalar(key: str) -> float:
        v = d[key]
        return float(v[0, 0] if v.shape[1] == 1 else v[0, j])

    kind = int(d["kind"][j])
    years = d["y_need"].shape[-1]
    m = np.arange(hm, dtype=float)
    y = np.minimum(m // 12, years - 1).astype(int)
    s = float(d["service"][0, j])
    in_service = m >= s
    capex, rate, op, v = scalar("capex_used"), scalar("rate_used"), scalar("op"), scalar("value_month")
    amort12 = scalar("amort_used") * 12.0
    repl_price, e = scalar("repl_price"), float(d["support"][0, j])
    batch, pay = at("y_batch"), np.asarray(d["y_pay"][0, j], dtype=float)
    # capex: purchases when paid, the replacement at end of support, the residual back in the last month
    cap = np.zeros(hm)
    for yy in range(years):
        if batch[yy] > 0 and pay[yy] < hm:
            cap[int(pay[yy])] += batch[yy] * capex
    if bool(d["due"][0, j]) and float(d["n_repl"][0, j]) > 0:
        cap[min(int(e), hm - 1)] += float(d["n_repl"][0, j]) * repl_price
    cap[hm - 1] -= float(d["resid_cash"][0, j])
    # opex: the current fleet until in service, then the option's own running cost, rent or API bills
    bridge_c, bridge_v = scalar("bridge_month_cash"), scalar("bridge_month_value")
    running = _mul(at("y_running")[y], op * HOURS_PER_MONTH)
    rent = _mul(at("y_rented")[y], rate * HOURS_PER_MONTH)
    api = at("y_api_month")[y] if kind == API else np.zeros(hm)
    own = running + rent + api
    opex = np.where(in_service, own, bridge_c)
    # economic: owned GPUs at their value (after their support ends, the replacement amortized), bought ones
    # amortized month by month, never beyond their amortization
    econ = np.where(in_service, own, bridge_c + bridge_v)
    if kind != API:
        used = at("y_used")[y]
        after = np.isfinite(e) & (m >= e)
        econ = econ + np.where(in_service, _mul(used, np.where(after, repl_price / amort12, v)), 0.0)
        if kind == OWN:
            for yy in range(years):
                if batch[yy] <= 0 or pay[yy] >= hm:
                    continue
                start = max(12.0 * yy, s)
                share = np.clip(np.minimum(m + 1.0, start + amort12) - np.maximum(m, start), 0.0, 1.0)
                econ = econ + batch[yy] * capex / amort12 * share
    eng = float(d["eng"][0, j])
    eng_months = int(min(max(float(d["ttp_months"][0, j]), 1.0), hm))
    spent = np.where(m < eng_months, eng / eng_months, 0.0)
    return [MonthRow(int(i), float(cap[i]), float(opex[i]), float(spent[i]), float(econ[i] + spent[i]))
            for i in range(hm)]
