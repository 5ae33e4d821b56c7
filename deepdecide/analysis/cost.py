"""Fleet size and cost: formulas (scalar or numpy arrays alike) and per-option figures with trails.

Formulas (decision_practice.md section (d)):

- Fleet: GPUs = ceil(demand / T / unit) x unit, the unit (reference topology on its own platform,
  else one node) rounded up to whole nodes of the platform: a 68-GPU unit on 8-GPU nodes is 9
  nodes = 72 GPUs (D8 steps 2-3, sized for the peak demand). The GPUs the team owns on the
  platform (``Workspace.fleet``) are used first; the shortfall is bought (pricing *own*) or rented
  (*rent*); owned GPUs left over are freed capacity. Pricing *existing* (schema 1) counts every
  GPU as owned.
- Per GPU-hour: operating = kW x PUE x $/kWh + hosting; an owned or bought GPU all-in =
  capex / (amortization_years x 8760) + operating (D9, full hours); a rented GPU = the rental
  price (power and hosting inside it).
- Two views, always both: *all-in* charges every GPU of the fleet at its all-in $/GPU-h (the
  InferenceMAX basis, comparable across options and with published $/M figures); *cash* is what
  we will spend: owned GPUs at their operating cost only (their capex is sunk), the shortfall at
  its all-in (bought) or rental price. The user chooses the view the cost criteria score
  (``assumptions.cost_view``).
- $/M output tokens = C_hr / (T x 3600 / 10^6) (D3), C_hr the fleet's average $/GPU-h in the view;
  $1.30/GPU-h at 1,000 tok/s/GPU -> $0.361. At the sustained utilization U: that / U (D9).
- Over the horizon H years: each view's hardware + power (and hosting) = GPUs x C_hr x 8760 x H;
  engineering = (porting + checklist person-weeks) x loaded $/person-week; TCO = their sum.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from deepdecide.analysis.assessment import (
    Capacity,
    CapacityBasis,
    Costs,
    CostViewFigures,
    Figure,
    Fleet,
    Label,
    TrailItem,
    missing,
)
from deepdecide.domain.common import Estimate
from deepdecide.domain.messages import Message, chain, msg
from deepdecide.domain.validation import estimate_problem
from deepdecide.domain.workspace import Assumptions, CostView, Demand, Option, Pricing, Workspace

HOURS_PER_YEAR = 8760.0
SOURCE_D3 = "decision_practice.md (d) D3: $/M = C_hr / (T x 3600 / 10^6)"
SOURCE_D9 = "decision_practice.md (d) D9: own-vs-rent, utilization"
SOURCE_D8 = "decision_practice.md (d) D8: instances -> servers"

# names the cost trails share (Messages: the views render them in the reader's language)
GPUS = msg("figure.gpus", "GPUs")
FLEET = msg("trail.fleet", "fleet")
FORMULA = msg("trail.formula", "formula")
SEE_TRAIL = msg("trail.see_trail", "see its trail")
CAPACITY = msg("trail.capacity", "capacity")
WORKSPACE_DEMAND = msg("trail.workspace_demand", "workspace demand")
OPERATING_HOUR = msg("figure.operating_hour", "operating $/GPU-h")
OPERATING_FORMULA = msg("trail.operating_formula", "kW x PUE x $/kWh + hosting")
ENGINEERING_EFFORT = msg("figure.engineering_effort", "engineering effort")
TIME_TO_PRODUCTION = msg("figure.time_to_production", "time to production")
HARDWARE_HORIZON = msg("figure.hardware_horizon", "hardware over the horizon")
POWER_HORIZON = msg("figure.power_horizon", "power and hosting over the horizon")


def _label_id(label: object) -> str | None:
    return label.id if isinstance(label, Message) else None


# ---------------------------------------------------------------------------------------------
# formulas: every one works on floats and on numpy arrays


#: a scalar or an array of scenarios: the formulas take either, and the Monte Carlo mixes both
Num = float | np.ndarray


def operating_hour(kw: Num, pue: Num, elec: Num, hosting: Num) -> Num:
    """$/GPU-h of running a GPU we own or buy: power at the wall times PUE, plus hosting."""
    return kw * pue * elec + hosting


def all_in_hour(pricing: Pricing, rate: Num, capex: Num, amort_years: Num, operating: Num) -> Num:
    """All-in $/GPU-h: the rental price (rent), else amortized capex plus operating cost."""
    if pricing == Pricing.RENT:
        return rate
    return capex / (amort_years * HOURS_PER_YEAR) + operating


def gpu_hour_all_in(pricing: Pricing, rate: Num, capex: Num, amort_years: Num, kw: Num, elec: Num, pue: Num = 1.0,
                    hosting: Num = 0.0) -> Num:
    """All-in $/GPU-h for the pricing kind (every GPU at its full price, owned ones included)."""
    return all_in_hour(pricing, rate, capex, amort_years, operating_hour(kw, pue, elec, hosting))


def split_fleet(gpus: Num, owned: Num) -> tuple[Num, Num, Num]:
    """(owned GPUs used, shortfall, freed owned GPUs) of a fleet of ``gpus``."""
    used = np.minimum(gpus, owned)
    return used, gpus - used, np.maximum(owned - gpus, 0.0)


def cash_hour(pricing: Pricing, gpus: Num, owned: Num, operating: Num, all_in: Num) -> Num:
    """The fleet's average cash $/GPU-h: owned GPUs at their operating cost (capex sunk), the
    shortfall at its all-in (bought) or rental (rented) price."""
    used, short, _ = split_fleet(gpus, owned)
    with np.errstate(invalid="ignore", divide="ignore"):
        spend = np.where(used > 0, used * operating, 0.0) + np.where(short > 0, short * all_in, 0.0)
        mixed = spend / gpus
    # nothing owned: every GPU at its price; everything owned (pricing existing): operating cost;
    # both hold whatever the fleet size (known or not)
    return np.where(owned <= 0, all_in, np.where(np.isinf(owned), operating, mixed))


def cost_per_million(gpu_hour: Num, tps_per_gpu: Num) -> Num:
    """$ per million tokens from $/GPU-h and tokens/s per GPU (D3)."""
    return gpu_hour / (tps_per_gpu * 3600.0 / 1e6)


def fleet_gpus(demand_tps: Num, tps_per_gpu: Num, unit: Num) -> Num:
    """GPUs for the demand, rounded up to whole deployable units."""
    # the tiny slack keeps an exact multiple (e.g. 8.000000001 units from float noise) from adding a unit
    return np.ceil(demand_tps / tps_per_gpu / unit - 1e-9) * unit


def horizon_cost(gpus: Num, gpu_hour: Num, horizon_years: Num) -> Num:
    """$ over the horizon of ``gpus`` at ``gpu_hour`` $/GPU-h."""
    return gpus * gpu_hour * HOURS_PER_YEAR * horizon_years


# ---------------------------------------------------------------------------------------------
# validated inputs of one option


@dataclass
class OptionInputs:
    """An option's cost inputs after validation (the option's own prices, else its platform's);
    an unusable input is None with a message."""

    option: Option
    pricing: Pricing
    unit: int
    unit_reason: Message
    amort_years: float
    rate: Estimate | None = None
    capex: Estimate | None = None
    kw: Estimate | None = None
    hosting: Estimate | None = None
    porting: Estimate | None = None
    ttp: Estimate | None = None
    capacity: Estimate | None = None  # exact when measured, the assumption's range when assumed
    capacity_assumed: bool = False
    efforts: list[tuple[Label, Estimate]] = field(default_factory=list)
    problems: list[Message] = field(default_factory=list)
    owned: float = 0.0  # GPUs owned on the platform (inf: pricing existing, every GPU owned)
    node: int = 1
    sources: dict[str, str] = field(default_factory=dict)  # input -> the key it was read from
    warnings: list[Message] = field(default_factory=list)
    book_value: float | None = None
    end_of_support: str = ""


def _estimate(e: Estimate | None, where: str, problems: list[Message]) -> Estimate | None:
    if e is None:
        return None
    reason = estimate_problem(e)  # the one definition of a usable estimate (domain.validation)
    if reason:
        problems.append(msg("input.estimate", "{where}: {reason}", where=where, reason=reason))
        return None
    return e


def deploy_unit(option: Option) -> tuple[int, Message]:
    """The GPU count fleets are rounded to, and why: the reference topology on the platform it was
    measured on (elsewhere one node), rounded up to whole nodes of the platform."""
    topo = option.topology
    node = max(int(topo.gpus_per_node or 1), 1)
    unit = topo.unit_gpus
    if unit is None and topo.prefill_gpus and topo.decode_gpus:
        unit = topo.prefill_gpus + topo.decode_gpus
    if unit and unit > 0:
        if topo.measured_on and topo.measured_on != option.platform:
            return node, msg("fleet.unit_elsewhere", "reference topology ({unit}) was measured on {measured_on}, not "
                                                     "{platform}: not used; rounded to the node size ({node})",
                             unit=_gpus(unit), measured_on=topo.measured_on, platform=option.platform,
                             node=_gpus(node))
        where = (msg("fleet.unit_where", ", reference topology measured on {measured_on}",
                     measured_on=topo.measured_on) if topo.measured_on else "")
        split = (msg("fleet.unit_split", ": {prefill} prefill + {decode} decode", prefill=topo.prefill_gpus,
                     decode=topo.decode_gpus) if topo.prefill_gpus and topo.decode_gpus else "")
        nodes = math.ceil(unit / node)
        whole = nodes * node
        if whole != unit:
            return whole, msg("fleet.unit_nodes", "deployable unit of {unit}{split}{where}, on {node} nodes: "
                                                  "{nodes} nodes = {whole}", unit=_gpus(unit), split=split,
                              where=where, node=_gpus(node), nodes=nodes, whole=_gpus(whole))
        return int(unit), msg("fleet.unit", "deployable unit of {unit}{split}{where}", unit=_gpus(unit), split=split,
                              where=where)
    return node, msg("fleet.node", "node of {node}", node=_gpus(node))


def _gpus(n: int) -> Message:
    return msg("fleet.one_gpu", "1 GPU") if n == 1 else msg("fleet.gpus", "{n} GPUs", n=n)


def _scale_up_warning(option: Option) -> Message | None:
    topo = option.topology
    need = topo.scale_up_domain_gpus
    node = max(int(topo.gpus_per_node or 1), 1)
    if need and need > node:
        return msg("fleet.scale_up_exceeds_node",
                   "the reference unit needs {need} GPUs in one scale-up domain, but a node of {platform} "
                   "holds {node}: the unit spans {nodes} nodes over the scale-out network, so its measured "
                   "performance may not carry over", need=need, platform=option.platform, node=node,
                   nodes=math.ceil(need / node))
    return None


def _support_warning(ws: Workspace, platform: str, end_of_support: str, at: str) -> Message | None:
    """The owned GPUs run out of support before the horizon ends (counted from the decision date)."""
    import datetime as dt

    if not end_of_support:
        return None
    try:
        end = dt.date.fromisoformat(end_of_support)
        start = dt.date.fromisoformat(ws.decision.date or ws.decision.evidence_cutoff)
    except (TypeError, ValueError):
        return None
    years = ws.assumptions.horizon_years
    if not isinstance(years, (int, float)) or not 0 < years < 100:
        return None
    horizon_end = start + dt.timedelta(days=365.25 * years)
    if end >= horizon_end:
        return None
    return msg("fleet.support_ends", "the owned {platform} GPUs run out of support on {end} ({at}), before the "
               "horizon ends on {horizon_end}", platform=platform, end=end.isoformat(), at=f"{at}.end_of_support",
               horizon_end=horizon_end.isoformat())


def _resolve(option_value: Estimate | None, fleet_value: Estimate | None, opt_key: str, fleet_key: str,
             name: str, oi: OptionInputs, problems: list[Message]) -> Estimate | None:
    if option_value is not None:
        oi.sources[name] = opt_key
        return _estimate(option_value, opt_key, problems)
    if fleet_value is not None:
        oi.sources[name] = fleet_key
        return _estimate(fleet_value, fleet_key, problems)
    return None


def option_inputs(option: Option, efforts: list[tuple[Label, Estimate]],
                  capacity_estimate: Estimate | None, ws: Workspace | None = None,
                  capacity_assumed: bool = False) -> OptionInputs:
    c = option.cost
    problems: list[Message] = []
    unit, unit_reason = deploy_unit(option)
    at = f"options.{option.id}.cost"
    amort = c.amortization_years
    if c.pricing != Pricing.RENT and (not isinstance(amort, (int, float)) or not amort > 0):
        problems.append(msg("input.amortization", "{at}.amortization_years must be positive, got {value}",
                            at=at, value=str(amort)))
    oi = OptionInputs(option, c.pricing, unit, unit_reason, float(amort) if amort and amort > 0 else math.nan)
    oi.node = max(int(option.topology.gpus_per_node or 1), 1)
    pf = ws.fleet_of(option.platform) if ws is not None else None
    fi = next((i for i, f in enumerate(ws.fleet) if f.platform == option.platform), 0) if pf and ws else 0
    fat = f"fleet[{fi}]"
    oi.rate = _resolve(c.gpu_hour_usd, pf.rental_usd_per_gpu_hour if pf else None, f"{at}.gpu_hour_usd",
                       f"{fat}.rental_usd_per_gpu_hour", "rate", oi, problems)
    oi.capex = _resolve(c.capex_per_gpu_usd, pf.purchase_usd_per_gpu if pf else None, f"{at}.capex_per_gpu_usd",
                        f"{fat}.purchase_usd_per_gpu", "capex", oi, problems)
    oi.kw = _resolve(c.power_kw_per_gpu, pf.power_kw_per_gpu if pf else None, f"{at}.power_kw_per_gpu",
                     f"{fat}.power_kw_per_gpu", "kw", oi, problems)
    oi.hosting = _resolve(c.hosting_usd_per_gpu_hour, pf.hosting_usd_per_gpu_hour if pf else None,
                          f"{at}.hosting_usd_per_gpu_hour", f"{fat}.hosting_usd_per_gpu_hour", "hosting", oi,
                          problems)
    if c.pricing == Pricing.EXISTING:
        oi.owned = math.inf
    elif pf is not None:
        owned = pf.owned_gpus
        if isinstance(owned, int) and owned >= 0:
            oi.owned = float(owned)
        else:
            problems.append(msg("input.owned_gpus", "{at}.owned_gpus must be a whole number >= 0, got {value}",
                                at=fat, value=str(owned)))
    if pf is not None and oi.owned > 0:
        if pf.book_value_usd_per_gpu is not None:
            oi.book_value = pf.book_value_usd_per_gpu.likely
        oi.end_of_support = pf.end_of_support
        w = _support_warning(ws, pf.platform, pf.end_of_support, fat) if ws is not None else None
        if w is not None:
            oi.warnings.append(w)
    oi.porting = _estimate(c.porting_effort_person_weeks, f"{at}.porting_effort_person_weeks", problems)
    oi.ttp = _estimate(c.time_to_production_weeks, f"{at}.time_to_production_weeks", problems)
    oi.capacity = capacity_estimate
    oi.capacity_assumed = capacity_assumed
    for label, e in efforts:
        ok = _estimate(e, f"checklist answer {label}: effort_person_weeks", problems)
        oi.efforts.append((label, ok if ok is not None else Estimate(math.nan, math.nan, math.nan)))
    w = _scale_up_warning(option)
    if w is not None:
        oi.warnings.append(w)
    oi.problems = problems
    return oi


def demand_tps(demand: Demand) -> Figure:
    """Peak output tokens/s to serve."""
    name, unit = msg("figure.demand", "demand"), "output tok/s"
    if demand.output_tokens_per_s is not None:
        v = demand.output_tokens_per_s
        if not math.isfinite(v) or v <= 0:
            return missing(name, unit, msg("demand.not_positive", "demand.output_tokens_per_s must be positive, "
                                                                  "got {value:g}", value=v))
        return Figure(name, float(v), unit, (TrailItem(msg("trail.output_tps", "output tokens per second"), v, unit, WORKSPACE_DEMAND),))
    if demand.requests_per_s is not None and demand.output_tokens is not None:
        r, o = demand.requests_per_s, demand.output_tokens
        if not (math.isfinite(r) and math.isfinite(o)) or r <= 0 or o <= 0:
            return missing(name, unit, msg("demand.rate_not_positive", "demand requests_per_s ({rate:g}) and "
                                                                       "output_tokens ({tokens:g}) must be positive",
                                           rate=r, tokens=o))
        return Figure(name, r * o, unit, (TrailItem(msg("trail.requests_per_s", "requests per second"), r, "req/s", WORKSPACE_DEMAND),
                                          TrailItem(msg("trail.output_tokens", "output tokens per request"), o, "tokens",
                                                    WORKSPACE_DEMAND)))
    return missing(name, unit, msg("demand.none", "the workspace gives no demand (output_tokens_per_s, or "
                                                  "requests_per_s with output_tokens)"))


def _assumption(a: Estimate, name: str, problems: list[Message]) -> float | None:
    ok = _estimate(a, f"assumptions.{name}", problems)
    return ok.likely if ok is not None else None


@dataclass(frozen=True, slots=True)
class Globals:
    """The workspace-wide cost inputs at their likely values (None: not usable)."""

    elec: float | None
    pue: float | None
    engc: float | None
    horizon: float | None
    util: float | None
    view: CostView


def globals_of(ws: Workspace, problems: list[Message]) -> Globals:
    a: Assumptions = ws.assumptions
    elec = _assumption(a.electricity_usd_per_kwh, "electricity_usd_per_kwh", problems)
    pue = _assumption(a.pue, "pue", problems)
    engc = _assumption(a.engineer_usd_per_week, "engineer_usd_per_week", problems)
    horizon = a.horizon_years if a.horizon_years and a.horizon_years > 0 else None
    util = a.utilization if a.utilization and 0 < a.utilization <= 1 else None
    return Globals(elec, pue, engc, horizon, util, CostView(a.cost_view))


def costs(oi: OptionInputs, capacity: Figure, demand: Figure, ws: Workspace) -> tuple[Fleet, Costs, list[Message]]:
    """Fleet and costs of one option at the likely values, each with its trail; both cost views."""
    global_problems: list[Message] = []
    g = globals_of(ws, global_problems)
    at = f"options.{oi.option.id}.cost"

    gpus, raw = _fleet_figure(oi, capacity, demand)
    fleet = _fleet(oi, gpus, raw)
    op = _operating_figure(oi, g, at)
    allin_hour = _all_in_hour_figure(oi, op, at)
    cash_hour_f = _cash_hour_figure(oi, fleet, op, allin_hour)
    pw, eng = _engineering_figures(oi, g.engc, at)
    ttp = _time_to_production_figure(oi, at)
    views: dict[CostView, CostViewFigures] = {}
    for view, hour in ((CostView.CASH, cash_hour_f), (CostView.ALL_IN, allin_hour)):
        views[view] = _view_figures(view, oi, hour, op, fleet, capacity, eng, g, ws.assumptions.horizon_years)
    d = views[g.view]
    figs = (d.gpu_hour_usd, d.cost_per_m_tokens_usd, d.effective_cost_per_m_tokens_usd, d.hardware_usd,
            d.power_usd, _finite(pw), _finite(eng), _finite(ttp), d.tco_usd)
    return fleet, Costs(*figs, view=g.view, cash=views[CostView.CASH], all_in=views[CostView.ALL_IN],
                        pricing=oi.pricing), global_problems


def _fleet_figure(oi: OptionInputs, capacity: Figure, demand: Figure) -> tuple[Figure, float | None]:
    """GPUs for the peak demand at the capacity under the SLO, rounded to deployable units (whole
    nodes); and the unrounded count (None when either input is missing)."""
    tps = capacity.value
    if tps is None or tps <= 0:
        return missing(GPUS, "GPUs", msg("fleet.no_capacity", "no capacity: {reason}",
                                           reason=capacity.missing_reason or msg("capacity.not_positive",
                                                                                 "not positive"))), None
    if demand.value is None:
        return missing(GPUS, "GPUs", demand.missing_reason), None
    raw = demand.value / tps
    n = float(fleet_gpus(demand.value, tps, oi.unit))
    return Figure(GPUS, n, "GPUs", (
        TrailItem(msg("figure.demand", "demand"), demand.value, "output tok/s", WORKSPACE_DEMAND),
        TrailItem(msg("trail.capacity_slo", "capacity under the SLO"), tps, "output tok/s/GPU",
                  capacity.trail[0].source if capacity.trail else CAPACITY),
        TrailItem(msg("trail.gpus_unrounded", "GPUs needed (unrounded)"), raw, "GPUs",
                  msg("trail.demand_over_capacity", "demand / capacity")),
        TrailItem(msg("trail.rounded_to", "rounded up to units of"), oi.unit, "GPUs", oi.unit_reason),
    ), flags=capacity.flags), raw


def _fleet(oi: OptionInputs, gpus: Figure, raw: float | None) -> Fleet:
    """The fleet with the owned GPUs first, the shortfall and the freed owned GPUs."""
    n = gpus.value if gpus.value is not None and math.isfinite(gpus.value) else None
    owned = None if math.isinf(oi.owned) else oi.owned
    used = short = freed = None
    if n is not None:
        u, s, f = split_fleet(n, oi.owned)  # floats in, floats out
        used, short = float(u), float(s)
        freed = None if owned is None else float(f)
    acquire = ""
    if short:
        acquire = "rent" if oi.pricing == Pricing.RENT else "buy"
    return Fleet(_finite(gpus), oi.unit, oi.unit_reason, raw if raw is None or math.isfinite(raw) else None,
                 node_gpus=oi.node, nodes=None if n is None else n / oi.node, owned_gpus=owned,
                 owned_used=used, shortfall_gpus=short, freed_gpus=freed, acquire=acquire,
                 book_value_usd_per_gpu=oi.book_value, end_of_support=oi.end_of_support,
                 warnings=tuple(oi.warnings))


def _operating_figure(oi: OptionInputs, g: Globals, at: str) -> Figure:
    """$/GPU-h of running an owned or bought GPU: kW x PUE x $/kWh + hosting."""
    name, unit = OPERATING_HOUR, "$/GPU-h"
    why: list[Message] = []
    if oi.kw is None:
        why.append(msg("cost.no_power", "{at}.power_kw_per_gpu is not given (nor the platform's in fleet)", at=at))
    if g.elec is None:
        why.append(msg("cost.no_electricity", "assumptions.electricity_usd_per_kwh is not usable"))
    if g.pue is None:
        why.append(msg("cost.no_pue", "assumptions.pue is not usable"))
    if why or oi.kw is None or g.elec is None or g.pue is None:
        return missing(name, unit, chain(why))
    host = oi.hosting.likely if oi.hosting is not None else 0.0
    v = float(operating_hour(oi.kw.likely, g.pue, g.elec, host))
    return Figure(name, v, unit, (
        TrailItem(msg("trail.power_per_gpu", "power per GPU"), oi.kw.likely, "kW",
                  oi.sources.get("kw", f"{at}.power_kw_per_gpu")),
        TrailItem("PUE", g.pue, "", "assumptions.pue"),
        TrailItem(msg("trail.electricity", "electricity"), g.elec, "$/kWh", "assumptions.electricity_usd_per_kwh"),
        TrailItem(msg("trail.hosting", "hosting"), host, "$/GPU-h",
                  oi.sources.get("hosting") or msg("trail.not_stated_zero", "not stated: 0")),
        TrailItem(FORMULA, OPERATING_FORMULA, "", SOURCE_D9)))


def _all_in_hour_figure(oi: OptionInputs, op: Figure, at: str) -> Figure:
    """All-in $/GPU-h: the rental price (rent), else amortized capex plus operating cost."""
    name, unit = msg("figure.all_in_hour", "all-in $/GPU-h"), "$/GPU-h"
    trail: list[TrailItem] = [TrailItem(msg("trail.pricing", "pricing"), oi.pricing.value, "", f"{at}.pricing")]
    if oi.pricing == Pricing.RENT:
        if oi.rate is None:
            return missing(name, unit, msg("cost.no_rental", "{at}.gpu_hour_usd is not given, nor the platform's "
                                                             "rental_usd_per_gpu_hour (pricing: rent)", at=at))
        trail.append(TrailItem(msg("trail.rental_price", "rental price"), oi.rate.likely, "$/GPU-h",
                               oi.sources.get("rate", "")))
        return Figure(name, oi.rate.likely, unit, tuple(trail),
                      flags=(msg("cost.rental_all_in", "rental price taken as all-in: power and hosting inside it"),))
    why: list[Message] = []
    if oi.capex is None:
        why.append(msg("cost.no_capex", "{at}.capex_per_gpu_usd is not given, nor the platform's "
                                        "purchase_usd_per_gpu (pricing: {pricing})", at=at, pricing=oi.pricing.value))
    if math.isnan(oi.amort_years):
        why.append(msg("cost.amortization_not_positive", "{at}.amortization_years is not positive", at=at))
    if op.value is None and op.missing_reason is not None:
        why.append(op.missing_reason)
    if why or oi.capex is None or op.value is None:
        return missing(name, unit, chain(why))
    trail += [TrailItem(msg("input.capex", "purchase price per GPU"), oi.capex.likely, "$",
                        oi.sources.get("capex", "")),
              TrailItem(msg("trail.amortization", "amortization"), oi.amort_years, "years",
                        f"{at}.amortization_years"),
              TrailItem(OPERATING_HOUR, op.value, "$/GPU-h", OPERATING_FORMULA),
              TrailItem(FORMULA, msg("trail.all_in_formula", "capex / (years x 8760) + operating"), "", SOURCE_D9)]
    v = float(all_in_hour(oi.pricing, 0.0, oi.capex.likely, oi.amort_years, op.value))
    return Figure(name, v, unit, tuple(trail))


def _cash_hour_figure(oi: OptionInputs, fleet: Fleet, op: Figure, allin: Figure) -> Figure:
    """The fleet's average cash $/GPU-h: owned GPUs at operating cost, the shortfall at full price."""
    name, unit = msg("figure.cash_hour", "cash $/GPU-h"), "$/GPU-h"
    n = fleet.gpus.value
    if (n is None or n <= 0) and 0 < oi.owned < math.inf:
        return missing(name, unit, msg("cost.cannot_split", "owned and new GPUs cannot be split: {reason}",
                                       reason=fleet.gpus.missing_reason or msg("fleet.none", "no fleet")))
    if n is None or n <= 0:
        n = math.nan
        used, short = (math.inf, 0.0) if math.isinf(oi.owned) else (0.0, math.inf)
    else:
        used, short = fleet.owned_used or 0.0, fleet.shortfall_gpus or 0.0
    if used > 0 and op.value is None:
        return missing(name, unit, msg("cost.owned_operating", "owned GPUs in the fleet: {reason}",
                                       reason=op.missing_reason))
    if short > 0 and allin.value is None:
        return missing(name, unit, msg("cost.shortfall_price", "shortfall to {acquire}: {reason}",
                                       acquire=fleet.acquire, reason=allin.missing_reason))
    opv = op.value if op.value is not None else math.nan
    av = allin.value if allin.value is not None else math.nan
    v = float(cash_hour(oi.pricing, n, oi.owned, opv, av))
    if not math.isfinite(v):
        return missing(name, unit, op.missing_reason or allin.missing_reason
                       or msg("cost.not_finite_hour", "not a finite number"))
    every = msg("trail.all", "all")
    trail = [TrailItem(msg("trail.owned_used", "owned GPUs used"), used if math.isfinite(used) else every, "GPUs",
                       msg("trail.fleet_capex_sunk", "fleet (capex sunk)"))]
    if used > 0:
        trail.append(TrailItem(msg("trail.owned_operating", "operating $/GPU-h of an owned GPU"), opv, "$/GPU-h",
                               msg("trail.see_operating", "see operating cost")))
    shortfall = {"rent": msg("trail.shortfall_rent", "shortfall (rent)"),
                 "buy": msg("trail.shortfall_buy", "shortfall (buy)")}.get(
        fleet.acquire, msg("trail.shortfall_none", "shortfall (none)"))
    trail.append(TrailItem(shortfall, short if math.isfinite(short) else every, "GPUs", FLEET))
    if short > 0:
        trail.append(TrailItem(msg("trail.shortfall_price", "price of a shortfall GPU"), av, "$/GPU-h",
                               msg("trail.shortfall_price_source", "all-in (bought) or rental price")))
    trail.append(TrailItem(FORMULA, msg("trail.cash_formula", "(owned x operating + shortfall x price) / GPUs"), "",
                           msg("trail.cash_view", "cash view")))
    return Figure(name, v, unit, tuple(trail))


def _view_figures(view: CostView, oi: OptionInputs, hour: Figure, op: Figure, fleet: Fleet, capacity: Figure,
                  eng: Figure, g: Globals, horizon_years: float) -> CostViewFigures:
    cpm, eff = _per_million_figures(hour, capacity, g.util, view)
    hw, pwr = _horizon_figures(oi, view, fleet, hour, op, g.horizon)
    tco = _tco_figure(hw, pwr, eng, fleet.gpus, horizon_years)
    lo, hi, tlo, thi = _ranges(view, oi, fleet, capacity, g, eng)
    assumed = oi.capacity_assumed or (lo is not None and hi is not None and hi > lo)
    return CostViewFigures(view, _finite(hour), _finite(cpm), _finite(eff), _finite(hw), _finite(pwr),
                           _finite(tco), assumed, lo, hi, tlo, thi)


def _lh(e: Estimate | None, which: int) -> float:
    if e is None:
        return math.nan
    return (e.low, e.likely, e.high)[which]


def _ranges(view: CostView, oi: OptionInputs, fleet: Fleet, capacity: Figure, g: Globals,
            eng: Figure) -> tuple[float | None, float | None, float | None, float | None]:
    """$/M and TCO at the low and the high ends of the option's price and capacity ranges (the
    precision those figures are printed with)."""
    cap = oi.capacity
    if cap is None or capacity.value is None or g.elec is None or g.pue is None:
        return None, None, None, None
    out: list[tuple[float, float | None]] = []
    for prices, caps in ((0, 2), (2, 0)):
        host = _lh(oi.hosting, prices) if oi.hosting is not None else 0.0
        opv = operating_hour(_lh(oi.kw, prices), g.pue, g.elec, host)
        allin = all_in_hour(oi.pricing, _lh(oi.rate, prices), _lh(oi.capex, prices), oi.amort_years, opv)
        t = (cap.low, cap.likely, cap.high)[caps]
        if t <= 0:
            return None, None, None, None
        n = fleet.gpus.value
        hour = allin
        if view == CostView.CASH and n is not None:
            hour = cash_hour(oi.pricing, n, oi.owned, opv, allin)
        cpm = float(cost_per_million(hour, t))
        tco = None
        if n is not None and g.horizon is not None and eng.value is not None:
            tco = float(horizon_cost(n, hour, g.horizon)) + eng.value
        out.append((cpm, tco))
    (lo, tlo), (hi, thi) = out
    ok = all(x is not None and math.isfinite(x) for x in (lo, hi))
    okt = all(x is not None and math.isfinite(x) for x in (tlo, thi))
    return (lo if ok else None, hi if ok else None, tlo if okt else None, thi if okt else None)


def _per_million_figures(hour: Figure, capacity: Figure, util: float | None,
                         view: CostView = CostView.ALL_IN) -> tuple[Figure, Figure]:
    """$/M output tokens at full use (D3) and at the sustained utilization (D9)."""
    tps = capacity.value
    label = (msg("figure.cpm_cash", "$/M output tokens (cash)") if view == CostView.CASH
             else msg("figure.cpm_all_in", "$/M output tokens (all-in)"))
    at_util = (msg("figure.cpm_cash_util", "$/M output tokens (cash) at utilization") if view == CostView.CASH
               else msg("figure.cpm_all_in_util", "$/M output tokens (all-in) at utilization"))
    if hour.value is None:
        cpm = missing(label, "$/M tokens", hour.missing_reason)
    elif tps is None or tps <= 0:
        cpm = missing(label, "$/M tokens", msg("cost.no_capacity", "no capacity: {reason}",
                                               reason=capacity.missing_reason))
    else:
        cpm = Figure(label, float(cost_per_million(hour.value, tps)), "$/M tokens", (
            TrailItem(hour.name, hour.value, "$/GPU-h", SEE_TRAIL),
            TrailItem(msg("trail.capacity_per_gpu", "output tok/s per GPU under the SLO"), tps, "tok/s/GPU", CAPACITY),
            TrailItem(FORMULA, "C_hr / (T x 3600 / 10^6)", "", SOURCE_D3),
        ), flags=capacity.flags)
    if cpm.value is None or util is None:
        eff = missing(at_util, "$/M tokens",
                      cpm.missing_reason or msg("cost.utilization", "assumptions.utilization is not in (0, 1]"))
    else:
        eff = Figure(at_util, cpm.value / util, "$/M tokens", (
            TrailItem(msg("trail.cpm_full_use", "$/M at full use"), cpm.value, "$/M tokens", SOURCE_D3),
            TrailItem(msg("input.utilization", "sustained utilization"), util, "fraction", "assumptions.utilization"),
            TrailItem(FORMULA, "$/M / U", "", SOURCE_D9)), flags=cpm.flags)
    return cpm, eff


def _engineering_figures(oi: OptionInputs, engc: float | None, at: str) -> tuple[Figure, Figure]:
    """Engineering effort (porting + checklist person-weeks) and its cost at the loaded weekly rate."""
    eng_trail: list[TrailItem] = []
    eng_missing: list[Message] = []
    weeks: list[float] = []
    if oi.porting is None:
        eng_missing.append(msg("cost.no_porting", "{at}.porting_effort_person_weeks is not usable", at=at))
    else:
        eng_trail.append(TrailItem(msg("input.porting", "porting effort"), oi.porting.likely, "person-weeks",
                                   f"{at}.porting_effort_person_weeks"))
        weeks.append(oi.porting.likely)
    for label, e in oi.efforts:
        if math.isnan(e.likely):
            eng_missing.append(msg("cost.effort_unusable", "effort of {label} is not usable", label=label))
        else:
            eng_trail.append(TrailItem(label, e.likely, "person-weeks", msg("trail.checklist", "checklist answer")))
            weeks.append(e.likely)
    if eng_missing:
        pw = missing(ENGINEERING_EFFORT, "person-weeks", chain(eng_missing), tuple(eng_trail))
    else:
        pw = Figure(ENGINEERING_EFFORT, float(sum(weeks)), "person-weeks", tuple(eng_trail))
    if pw.value is None or engc is None:
        eng = missing(msg("figure.engineering_cost", "engineering cost"), "$", pw.missing_reason
                      or msg("cost.no_engineer_rate", "assumptions.engineer_usd_per_week is not usable"))
    else:
        eng = Figure(msg("figure.engineering_cost", "engineering cost"), pw.value * engc, "$", (
            TrailItem(ENGINEERING_EFFORT, pw.value, "person-weeks",
                      msg("trail.porting_checklist", "porting + checklist efforts")),
            TrailItem(msg("input.engineer_rate", "loaded cost per person-week"), engc, "$/person-week",
                      "assumptions.engineer_usd_per_week")))
    return pw, eng


def _time_to_production_figure(oi: OptionInputs, at: str) -> Figure:
    if oi.ttp is None:
        return missing(TIME_TO_PRODUCTION, "weeks", msg("cost.no_ttp", "{at}.time_to_production_weeks is not usable",
                                                          at=at))
    return Figure(TIME_TO_PRODUCTION, oi.ttp.likely, "weeks",
                  (TrailItem(msg("trail.ttp_likely", "time to production (likely)"), oi.ttp.likely, "weeks",
                             f"{at}.time_to_production_weeks"),))


def _horizon_figures(oi: OptionInputs, view: CostView, fleet: Fleet, hour: Figure, op: Figure,
                     horizon: float | None) -> tuple[Figure, Figure]:
    """Hardware (capex share or rent) and power with hosting over the horizon, in the view."""
    gpus = fleet.gpus
    if gpus.value is None or hour.value is None or horizon is None:
        reason = gpus.missing_reason or hour.missing_reason or msg("cost.horizon",
                                                                   "assumptions.horizon_years is not positive")
        return missing(HARDWARE_HORIZON, "$", reason), missing(POWER_HORIZON, "$", reason)
    n = gpus.value
    used, short = fleet.owned_used or 0.0, fleet.shortfall_gpus or 0.0
    base = (TrailItem(msg("trail.horizon", "horizon"), horizon, "years", "assumptions.horizon_years"),
            TrailItem(msg("trail.hours_per_year", "hours per year"), HOURS_PER_YEAR, "h", ""))
    opv = op.value if op.value is not None else 0.0
    if oi.pricing == Pricing.RENT:
        running = used if view == CostView.CASH else 0.0  # rented GPUs: power inside the price
        rented = short if view == CostView.CASH else n
        hw_v = float(horizon_cost(n, hour.value, horizon)) - float(horizon_cost(running, opv, horizon))
        pw_v = float(horizon_cost(running, opv, horizon))
        who = (msg("trail.gpus_rented", "{n} GPUs rented", n=rented) if view == CostView.CASH
               else msg("trail.gpus_at_rental", "{n} GPUs at the rental price", n=n))
    else:
        running = n
        pw_v = float(horizon_cost(running, opv, horizon))
        hw_v = float(horizon_cost(n, hour.value, horizon)) - pw_v
        who = (msg("trail.gpus_bought", "{n} GPUs bought (owned: capex sunk)", n=short) if view == CostView.CASH
               else msg("trail.gpus_amortized", "{n} GPUs at amortized capex", n=n))
    hw = Figure(HARDWARE_HORIZON, hw_v, "$", (
        TrailItem(GPUS, n, "GPUs", who), TrailItem(hour.name, hour.value, "$/GPU-h", SEE_TRAIL), *base))
    pwr = Figure(POWER_HORIZON, pw_v, "$", (
        TrailItem(msg("trail.gpus_running", "GPUs running at operating cost"), running, "GPUs", FLEET),
        TrailItem(OPERATING_HOUR, opv, "$/GPU-h", OPERATING_FORMULA), *base))
    return hw, pwr


def _tco_figure(hw: Figure, pwr: Figure, eng: Figure, gpus: Figure, horizon_years: float) -> Figure:
    """TCO = hardware + power and hosting + engineering over the horizon."""
    name = msg("figure.tco", "TCO over {years} years", years=horizon_years)
    if hw.value is None or pwr.value is None or eng.value is None:
        return missing(name, "$", hw.missing_reason or pwr.missing_reason or eng.missing_reason)
    return Figure(name, hw.value + pwr.value + eng.value, "$", (
        TrailItem(msg("trail.hardware", "hardware"), hw.value, "$", SEE_TRAIL),
        TrailItem(msg("trail.power_hosting", "power and hosting"), pwr.value, "$", SEE_TRAIL),
        TrailItem(msg("trail.engineering", "engineering"), eng.value, "$", SEE_TRAIL)), flags=gpus.flags)


def _finite(f: Figure) -> Figure:
    """A figure whose value overflowed (absurdly small or large inputs) becomes missing, with why."""
    if f.value is None or math.isfinite(f.value):
        return f
    return missing(f.name, f.unit, msg("figure.not_finite", "not a finite number ({value}): check the inputs in its "
                                                            "trail", value=str(f.value)), f.trail)


def capacity_estimate(cap: Capacity, option: Option) -> tuple[Estimate | None, bool, str]:
    """The capacity as a three-point range for sensitivity and Monte Carlo, whether it is an
    assumption, and where its range comes from.

    Assumed: the assumption's low / likely / high. Interpolated: between the measured point that
    meets the SLO and the next, heavier one that does not (the spread of the sweep points it was
    interpolated from). Measured or lower bound: +/- the option's stated ``capacity_error``
    (relative), else exact."""
    v = cap.value
    if v is None:
        return None, False, ""
    if cap.low is not None and cap.high is not None and cap.low < cap.high:  # assumed, or a discounted proxy
        assumed = cap.basis == CapacityBasis.ASSUMED
        return Estimate(cap.low, v, cap.high), assumed, "assumption's range" if assumed else "proxy's discount range"
    err = option.cost.capacity_error
    if err is not None and isinstance(err, (int, float)) and 0 < err < 1:
        return (Estimate(v * (1 - err), v, v * (1 + err)), False,
                f"stated measurement error +/- {err:.0%} (options.{option.id}.cost.capacity_error)")
    if cap.basis == CapacityBasis.INTERPOLATED:
        meets = next((t.value for t in cap.figure.trail if _label_id(t.name) == "trail.meets_slo"), None)
        misses = next((t.value for t in cap.figure.trail if _label_id(t.name) == "trail.misses_slo"), None)
        if isinstance(meets, (int, float)) and isinstance(misses, (int, float)) and meets <= v <= misses:
            return Estimate(float(meets), v, float(misses)), False, "between the sweep points it was interpolated from"
    return Estimate.exact(v), False, ""
