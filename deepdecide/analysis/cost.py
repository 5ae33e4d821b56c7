"""Fleet size and cost per option: the money model's figures (:mod:`deepdecide.analysis.money`)
with their trails, both cost views, from the inputs the workspace states.

Formulas (decision_practice.md section (d); docs/analysis.md "Fleet and cost" and "Money over
time" give the worked examples):

- Fleet: units = ceil(demand x (1 + headroom) / (serving GPUs per unit x capacity)), GPUs =
  (units + spare units) x GPUs per unit, the unit rounded up to whole nodes of the platform (a
  68-GPU unit on 8-GPU nodes is 9 nodes = 72 GPUs, of which 68 serve). The GPUs the team owns on
  the platform (``Workspace.fleet``) are used first; the shortfall is bought (pricing *own*) or
  rented (*rent*); owned GPUs left over are freed capacity. Pricing *existing* (schema 1) counts
  every GPU as owned.
- Per GPU-hour: running = kW (nameplate) x PUE x $/kWh + hosting (D9); a rented GPU = the rental
  price (power and hosting inside it).
- Prices, power, hosting, amortization, book and resale values belong to the platform: one
  input each, shared by every option on it; an option's own price (another quote) is its own input.
- $/M output tokens = the fleet's cost / the tokens its serving GPUs make at full use (D3: the
  padding to whole nodes and the spare units are paid, they make no tokens); at the sustained
  utilization U: that / U (D9).
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field

import numpy as np

from deepdecide.analysis import money as M
from deepdecide.analysis.assessment import (
    Capacity,
    CapacityBasis,
    Costs,
    CostViewFigures,
    Figure,
    Fleet,
    FleetYear,
    HostedCost,
    Label,
    StatedCheck,
    TrailItem,
    missing,
)
from deepdecide.domain.common import Estimate
from deepdecide.domain.messages import Amount, Day, Message, chain, msg
from deepdecide.domain.validation import estimate_problem
from deepdecide.domain.workspace import (
    Assumptions,
    CostView,
    Demand,
    HostedApi,
    Option,
    OwnedValue,
    PlatformFleet,
    Pricing,
    Strategy,
    Workspace,
)

HOURS_PER_YEAR = M.HOURS_PER_YEAR
SOURCE_D3 = "decision_practice.md (d) D3: $/M = C_hr / (T x 3600 / 10^6)"
SOURCE_D9 = "decision_practice.md (d) D9: own-vs-rent, utilization"
SOURCE_D8 = "decision_practice.md (d) D8: instances -> servers"
DEFAULT_AMORTIZATION = 3.0  # years, where neither the platform nor the option states one

# names the cost trails share (Messages: the views render them in the reader's language)
GPUS = msg("figure.gpus", "GPUs")
FLEET = msg("trail.fleet", "fleet")
FORMULA = msg("trail.formula", "formula")
SEE_TRAIL = msg("trail.see_trail", "see its trail")
CAPACITY = msg("trail.capacity", "capacity")
WORKSPACE_DEMAND = msg("trail.workspace_demand", "workspace demand")
OPERATING_HOUR = msg("figure.operating_hour", "operating $/GPU-h")
OPERATING_FORMULA = msg("trail.operating_formula", "kW (nameplate) x PUE x $/kWh + hosting")
ENGINEERING_EFFORT = msg("figure.engineering_effort", "engineering effort")
TIME_TO_PRODUCTION = msg("figure.time_to_production", "time to production")
HARDWARE_HORIZON = msg("figure.hardware_horizon", "hardware over the horizon")
POWER_HORIZON = msg("figure.power_horizon", "power and hosting over the horizon")
API_HORIZON = msg("figure.api_horizon", "hosted API over the horizon")
VIEW = msg("trail.cost_view", "cost view")
CASH_WORD = msg("view.cash", "cash")
ECONOMIC_WORD = msg("view.all_in", "economic (all-in)")


def view_word(view: CostView) -> Message:
    return CASH_WORD if view == CostView.CASH else ECONOMIC_WORD


# ---------------------------------------------------------------------------------------------
# formulas of one GPU-hour and one fleet (floats or numpy arrays alike), for hand checks

#: a scalar or an array of scenarios
Num = float | np.ndarray


def operating_hour(kw: Num, pue: Num, elec: Num, hosting: Num) -> Num:
    """$/GPU-h of running a GPU we own or buy: power at the wall times PUE, plus hosting."""
    return kw * pue * elec + hosting


def all_in_hour(pricing: Pricing, rate: Num, capex: Num, amort_years: Num, operating: Num) -> Num:
    """All-in $/GPU-h of a new GPU: the rental price (rent), else amortized capex plus operating cost."""
    if pricing == Pricing.RENT:
        return rate
    return capex / (amort_years * HOURS_PER_YEAR) + operating


def gpu_hour_all_in(pricing: Pricing, rate: Num, capex: Num, amort_years: Num, kw: Num, elec: Num, pue: Num = 1.0,
                    hosting: Num = 0.0) -> Num:
    """All-in $/GPU-h of a new GPU for the pricing kind."""
    return all_in_hour(pricing, rate, capex, amort_years, operating_hour(kw, pue, elec, hosting))


def split_fleet(gpus: Num, owned: Num) -> tuple[Num, Num, Num]:
    """(owned GPUs used, shortfall, freed owned GPUs) of a fleet of ``gpus``."""
    used = np.minimum(gpus, owned)
    return used, gpus - used, np.maximum(owned - gpus, 0.0)


def cost_per_million(gpu_hour: Num, tps_per_gpu: Num) -> Num:
    """$ per million tokens from $/GPU-h and tokens/s per GPU (D3)."""
    return gpu_hour / (tps_per_gpu * 3600.0 / 1e6)


def fleet_units(demand_tps: Num, tps_per_gpu: Num, serving: Num, headroom: Num = 0.0) -> Num:
    """Serving units for the demand with headroom: ceil(demand x (1 + headroom) / (serving GPUs
    per unit x capacity)); the tiny slack keeps an exact multiple from adding a unit."""
    return np.ceil(demand_tps * (1.0 + headroom) / (serving * tps_per_gpu) - 1e-9)


def fleet_gpus(demand_tps: Num, tps_per_gpu: Num, unit: Num, serving: Num | None = None, headroom: Num = 0.0,
               spares: Num = 0) -> Num:
    """GPUs for the demand: (serving units + spare units) x GPUs per unit (whole nodes)."""
    return (fleet_units(demand_tps, tps_per_gpu, unit if serving is None else serving, headroom) + spares) * unit


def horizon_cost(gpus: Num, gpu_hour: Num, horizon_years: Num) -> Num:
    """$ over the horizon of ``gpus`` at ``gpu_hour`` $/GPU-h."""
    return gpus * gpu_hour * HOURS_PER_YEAR * horizon_years


# ---------------------------------------------------------------------------------------------
# validated inputs of one option


@dataclass
class OptionInputs:
    """An option's cost inputs after validation (the option's own prices, else its platform's); an
    unusable input is None with a message. ``keys`` names each input as sensitivity and Monte Carlo
    know it: ``fleet.<platform>.<field>`` for one the platform states (shared by its options),
    ``<option>.<field>`` for the option's own."""

    option: Option
    pricing: Pricing
    unit: int
    unit_reason: Message
    amort_years: float
    serving: int = 0
    rate: Estimate | None = None
    capex: Estimate | None = None
    kw: Estimate | None = None
    hosting: Estimate | None = None
    porting: Estimate | None = None
    ttp: Estimate | None = None
    capacity: Estimate | None = None  # exact when measured, the assumption's range when assumed
    capacity_assumed: bool = False
    # the capacity's name as an input, naming the basis it rests on (``capacity.input_label``); None:
    # "measured" or "assumed" from ``capacity_assumed``
    capacity_label: Message | None = None
    efforts: list[tuple[Label, Estimate]] = field(default_factory=list)
    problems: list[Message] = field(default_factory=list)
    owned: float = 0.0  # GPUs owned on the platform (inf: pricing existing, every GPU owned)
    node: int = 1
    sources: dict[str, str] = field(default_factory=dict)  # input -> the key path it was read from
    keys: dict[str, str] = field(default_factory=dict)  # input -> its sensitivity key
    warnings: list[Message] = field(default_factory=list)
    book_value: float | None = None
    end_of_support: str = ""
    amort: Estimate | None = None  # the amortization's range, where the platform states one
    owned_est: Estimate | None = None  # the owned GPUs' range, where stated
    value: Estimate | None = None  # an owned GPU's value in the economic view (book or resale)
    value_kind: OwnedValue = OwnedValue.BOOK
    repl: Estimate | None = None
    resid: Estimate | None = None
    lead: int = 0
    ramp: int = 0
    spares: int = 0
    spares_source: str = ""
    support_months: float = math.inf  # decision month to the owned GPUs' end of support
    hosted: HostedApi | None = None
    api_in: Estimate | None = None
    api_out: Estimate | None = None
    api_cached: Estimate | None = None
    power_basis: str = "nameplate"  # "nameplate" or "measured power"

    @property
    def kind(self) -> int:
        if self.hosted is not None:
            return M.API
        return {Pricing.RENT: M.RENT, Pricing.OWN: M.OWN, Pricing.EXISTING: M.EXISTING}[self.pricing]

    @property
    def is_api(self) -> bool:
        return self.hosted is not None


def _estimate(e: Estimate | None, where: str, problems: list[Message]) -> Estimate | None:
    if e is None:
        return None
    reason = estimate_problem(e)  # the one definition of a usable estimate (domain.validation)
    if reason:
        problems.append(msg("input.estimate", "{where}: {reason}", where=where, reason=reason))
        return None
    return e


def deploy_unit(option: Option) -> tuple[int, Message]:
    """The GPU count fleets are rounded to, and why (see :func:`deploy_unit_serving`)."""
    whole, _serving, reason = deploy_unit_serving(option)
    return whole, reason


def deploy_unit_serving(option: Option) -> tuple[int, int, Message]:
    """(GPUs of one deployable unit in whole nodes, GPUs of it that serve, why): the reference
    topology on the platform it was measured on (elsewhere one node), rounded up to whole nodes."""
    topo = option.topology
    node = max(int(topo.gpus_per_node or 1), 1)
    unit = topo.unit_gpus
    if unit is None and topo.prefill_gpus and topo.decode_gpus:
        unit = topo.prefill_gpus + topo.decode_gpus
    if unit and unit > 0:
        if topo.measured_on and topo.measured_on != option.platform:
            return node, node, msg("fleet.unit_elsewhere", "reference topology ({unit}) was measured on "
                                                           "{measured_on}, not {platform}: not used; rounded to the "
                                                           "node size ({node})",
                                   unit=_gpus(unit), measured_on=topo.measured_on, platform=option.platform,
                                   node=_gpus(node))
        where = (msg("fleet.unit_where", ", reference topology measured on {measured_on}",
                     measured_on=topo.measured_on) if topo.measured_on else "")
        split = (msg("fleet.unit_split", ": {prefill} prefill + {decode} decode", prefill=topo.prefill_gpus,
                     decode=topo.decode_gpus) if topo.prefill_gpus and topo.decode_gpus else "")
        nodes = math.ceil(unit / node)
        whole = nodes * node
        if whole != unit:
            return whole, int(unit), msg("fleet.unit_nodes", "deployable unit of {unit}{split}{where}, on {node} "
                                                             "nodes: {nodes} nodes = {whole} ({padding} padding)",
                                         unit=_gpus(unit), split=split, where=where, node=_gpus(node), nodes=nodes,
                                         whole=_gpus(whole), padding=_gpus(whole - unit))
        return int(unit), int(unit), msg("fleet.unit", "deployable unit of {unit}{split}{where}", unit=_gpus(unit),
                                         split=split, where=where)
    return node, node, msg("fleet.node", "node of {node}", node=_gpus(node))


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


def decision_month(ws: Workspace) -> dt.date | None:
    """The first day of the month the money model counts from (the decision's date), if it has one."""
    for text in (ws.decision.date, ws.decision.evidence_cutoff):
        try:
            d = dt.date.fromisoformat(text)
        except (TypeError, ValueError):
            continue
        return d.replace(day=1)
    return None


def months_until(ws: Workspace, iso: str) -> float:
    """Whole months from the decision's month to the month of ``iso`` (inf: no date or none stated)."""
    start = decision_month(ws)
    if start is None or not iso:
        return math.inf
    try:
        end = dt.date.fromisoformat(iso)
    except (TypeError, ValueError):
        return math.inf
    return float(max((end.year - start.year) * 12 + end.month - start.month, 0))


def _support_warning(ws: Workspace, platform: str, end_of_support: str, at: str) -> Message | None:
    """The owned GPUs run out of support before the horizon ends: they are replaced then (flagged)."""
    e = months_until(ws, end_of_support)
    years = ws.assumptions.horizon_years
    if not math.isfinite(e) or not isinstance(years, (int, float)) or not 0 < years < 100:
        return None
    if e >= round(years * 12):
        return None
    return msg("fleet.support_ends", "the owned {platform} GPUs run out of support on {end} ({at}), inside the "
               "horizon: they are replaced then at the replacement price (cash in that month)", platform=platform,
               end=end_of_support, at=f"{at}.end_of_support")


def platform_key(platform: str, name: str) -> str:
    """The sensitivity key of a platform's input: one for every option on the platform."""
    return f"fleet.{platform}.{name}"


def _resolve(option_value: Estimate | None, fleet_value: Estimate | None, opt_key: str, fleet_path: str,
             name: str, param: str, oi: OptionInputs, problems: list[Message]) -> Estimate | None:
    if option_value is not None:
        oi.sources[param] = opt_key
        oi.keys[param] = f"{oi.option.id}.{opt_key.rsplit('.', 1)[-1]}"
        return _estimate(option_value, opt_key, problems)
    if fleet_value is not None:
        oi.sources[param] = fleet_path
        oi.keys[param] = platform_key(oi.option.platform, name)
        return _estimate(fleet_value, fleet_path, problems)
    return None


def _fleet_entry(ws: Workspace | None, platform: str) -> tuple[PlatformFleet | None, str]:
    if ws is None:
        return None, "fleet"
    for i, f in enumerate(ws.fleet):
        if f.platform == platform:
            return f, f"fleet[{i}]"
    return None, "fleet"


def option_inputs(option: Option, efforts: list[tuple[Label, Estimate]],
                  capacity_estimate: Estimate | None, ws: Workspace | None = None,
                  capacity_assumed: bool = False) -> OptionInputs:
    c = option.cost
    problems: list[Message] = []
    whole, serving, unit_reason = deploy_unit_serving(option)
    at = f"options.{option.id}.cost"
    oi = OptionInputs(option, c.pricing, whole, unit_reason, math.nan, serving=serving)
    oi.node = max(int(option.topology.gpus_per_node or 1), 1)
    pf, fat = _fleet_entry(ws, option.platform)
    # amortization: the option's own, else the platform's (a range), else 3 years
    amort: float | None = c.amortization_years
    if amort is not None:
        oi.sources["amort"] = f"{at}.amortization_years"
        oi.keys["amort"] = f"{option.id}.amortization_years"
    elif pf is not None and pf.amortization_years is not None:
        oi.amort = _estimate(pf.amortization_years, f"{fat}.amortization_years", problems)
        amort = oi.amort.likely if oi.amort is not None else math.nan
        oi.sources["amort"] = f"{fat}.amortization_years"
        oi.keys["amort"] = platform_key(option.platform, "amortization_years")
    else:
        amort = DEFAULT_AMORTIZATION
        oi.sources["amort"] = "default 3 years"
    needs_amort = c.pricing != Pricing.RENT and option.strategy != Strategy.HOSTED_API
    if needs_amort and (not isinstance(amort, (int, float)) or not amort > 0):
        problems.append(msg("input.amortization", "{at}.amortization_years must be positive, got {value}",
                            at=at, value=str(amort)))
    oi.amort_years = float(amort) if isinstance(amort, (int, float)) and amort > 0 else math.nan
    if option.strategy == Strategy.HOSTED_API:
        return _hosted_inputs(oi, option, efforts, problems)
    oi.rate = _resolve(c.gpu_hour_usd, pf.rental_usd_per_gpu_hour if pf else None, f"{at}.gpu_hour_usd",
                       f"{fat}.rental_usd_per_gpu_hour", "rental_usd_per_gpu_hour", "rate", oi, problems)
    oi.capex = _resolve(c.capex_per_gpu_usd, pf.purchase_usd_per_gpu if pf else None, f"{at}.capex_per_gpu_usd",
                        f"{fat}.purchase_usd_per_gpu", "purchase_usd_per_gpu", "capex", oi, problems)
    oi.kw = _resolve(c.power_kw_per_gpu, pf.power_kw_per_gpu if pf else None, f"{at}.power_kw_per_gpu",
                     f"{fat}.power_kw_per_gpu", "power_kw_per_gpu", "kw", oi, problems)
    oi.hosting = _resolve(c.hosting_usd_per_gpu_hour, pf.hosting_usd_per_gpu_hour if pf else None,
                          f"{at}.hosting_usd_per_gpu_hour", f"{fat}.hosting_usd_per_gpu_hour",
                          "hosting_usd_per_gpu_hour", "host", oi, problems)
    if c.pricing == Pricing.EXISTING:
        oi.owned = math.inf
    elif pf is not None:
        owned = pf.owned_gpus
        if isinstance(owned, int) and owned >= 0:
            oi.owned = float(owned)
            oi.sources["owned"] = f"{fat}.owned_gpus"
            oi.keys["owned"] = platform_key(option.platform, "owned_gpus")
            if pf.owned_gpus_range is not None:
                oi.owned_est = _estimate(pf.owned_gpus_range, f"{fat}.owned_gpus_range", problems)
        else:
            problems.append(msg("input.owned_gpus", "{at}.owned_gpus must be a whole number >= 0, got {value}",
                                at=fat, value=str(owned)))
    if pf is not None:
        oi.lead, oi.ramp = max(int(pf.lead_time_months), 0), max(int(pf.ramp_months), 0)
        oi.resid = _estimate(pf.residual_usd_per_gpu, f"{fat}.residual_usd_per_gpu", problems)
        if oi.resid is not None:
            oi.sources["resid"] = f"{fat}.residual_usd_per_gpu"
            oi.keys["resid"] = platform_key(option.platform, "residual_usd_per_gpu")
    if pf is not None and oi.owned > 0:
        value_kind = ws.assumptions.owned_value if ws is not None else OwnedValue.BOOK
        oi.value_kind = OwnedValue(value_kind)
        if pf.book_value_usd_per_gpu is not None:
            oi.book_value = pf.book_value_usd_per_gpu.likely
        chosen = {OwnedValue.BOOK: ("book_value_usd_per_gpu", pf.book_value_usd_per_gpu),
                  OwnedValue.RESALE: ("resale_usd_per_gpu", pf.resale_usd_per_gpu)}.get(oi.value_kind)
        if chosen is not None and chosen[1] is not None:
            oi.value = _estimate(chosen[1], f"{fat}.{chosen[0]}", problems)
            oi.sources["value"] = f"{fat}.{chosen[0]}"
            oi.keys["value"] = platform_key(option.platform, chosen[0])
        oi.end_of_support = pf.end_of_support
        if ws is not None:
            oi.support_months = months_until(ws, pf.end_of_support)
            w = _support_warning(ws, pf.platform, pf.end_of_support, fat)
            if w is not None:
                oi.warnings.append(w)
        if pf.replacement_usd_per_gpu is not None:
            oi.repl = _estimate(pf.replacement_usd_per_gpu, f"{fat}.replacement_usd_per_gpu", problems)
            oi.sources["repl"] = f"{fat}.replacement_usd_per_gpu"
            oi.keys["repl"] = platform_key(option.platform, "replacement_usd_per_gpu")
    spares = option.topology.spare_units
    if spares is not None:
        oi.spares, oi.spares_source = max(int(spares), 0), f"options.{option.id}.topology.spare_units"
    elif ws is not None and ws.assumptions.spare_units:
        oi.spares, oi.spares_source = max(int(ws.assumptions.spare_units), 0), "assumptions.spare_units"
    else:
        oi.spares, oi.spares_source = 0, "default: none stated"
    oi.porting = _estimate(c.porting_effort_person_weeks, f"{at}.porting_effort_person_weeks", problems)
    oi.ttp = _estimate(c.time_to_production_weeks, f"{at}.time_to_production_weeks", problems)
    oi.capacity = capacity_estimate
    oi.capacity_assumed = capacity_assumed
    _efforts_of(oi, efforts, problems)
    w = _scale_up_warning(option)
    if w is not None:
        oi.warnings.append(w)
    oi.problems = problems
    return oi


def _efforts_of(oi: OptionInputs, efforts: list[tuple[Label, Estimate]], problems: list[Message]) -> None:
    for label, e in efforts:
        ok = _estimate(e, f"checklist answer {label}: effort_person_weeks", problems)
        oi.efforts.append((label, ok if ok is not None else Estimate(math.nan, math.nan, math.nan)))


def _hosted_inputs(oi: OptionInputs, option: Option, efforts: list[tuple[Label, Estimate]],
                   problems: list[Message]) -> OptionInputs:
    """A hosted API's prices (no fleet, no GPU price)."""
    at = f"options.{option.id}"
    h = option.hosted
    c = option.cost
    if h is None:
        problems.append(msg("input.hosted_missing", "{at}.hosted: a hosted-api option states its prices there",
                            at=at))
    else:
        oi.hosted = h
        oi.api_in = _estimate(h.input_usd_per_m, f"{at}.hosted.input_usd_per_m", problems)
        oi.api_out = _estimate(h.output_usd_per_m, f"{at}.hosted.output_usd_per_m", problems)
        oi.api_cached = _estimate(h.cached_input_usd_per_m, f"{at}.hosted.cached_input_usd_per_m", problems)
        for param, name in (("api_in", "input_usd_per_m"), ("api_out", "output_usd_per_m"),
                            ("api_cached", "cached_input_usd_per_m")):
            oi.sources[param] = f"{at}.hosted.{name}"
            oi.keys[param] = f"{option.id}.hosted.{name}"
    oi.unit = oi.serving = 0
    oi.unit_reason = msg("fleet.hosted", "a hosted API: no fleet")
    oi.porting = _estimate(c.porting_effort_person_weeks, f"{at}.cost.porting_effort_person_weeks", problems)
    oi.ttp = _estimate(c.time_to_production_weeks, f"{at}.cost.time_to_production_weeks", problems)
    _efforts_of(oi, efforts, problems)
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
        return Figure(name, float(v), unit, (TrailItem(msg("trail.output_tps", "output tokens per second"), v, unit,
                                                       WORKSPACE_DEMAND),))
    if demand.requests_per_s is not None and demand.output_tokens is not None:
        r, o = demand.requests_per_s, demand.output_tokens
        if not (math.isfinite(r) and math.isfinite(o)) or r <= 0 or o <= 0:
            return missing(name, unit, msg("demand.rate_not_positive", "demand requests_per_s ({rate:g}) and "
                                                                       "output_tokens ({tokens:g}) must be positive",
                                           rate=r, tokens=o))
        return Figure(name, r * o, unit, (TrailItem(msg("trail.requests_per_s", "requests per second"), r, "req/s",
                                                    WORKSPACE_DEMAND),
                                          TrailItem(msg("trail.output_tokens", "output tokens per request"), o,
                                                    "tokens", WORKSPACE_DEMAND)))
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
    headroom: float = 0.0
    growth: float = 0.0
    tokens_in: float = 0.0  # input tokens per output token (the workload's mix)


def tokens_in_per_out(ws: Workspace) -> float:
    """Input tokens per output token: the demand's request shape, else the workload's mid lengths."""
    d = ws.demand
    if d.input_tokens is not None and d.output_tokens and d.output_tokens > 0:
        return float(d.input_tokens) / float(d.output_tokens)
    w = ws.workload
    i, o = getattr(w, "input_tokens", None), getattr(w, "output_tokens", None)
    if i is not None and o is not None and (o.low + o.high) > 0:
        return float((i.low + i.high) / (o.low + o.high))
    return 0.0


def globals_of(ws: Workspace, problems: list[Message]) -> Globals:
    a: Assumptions = ws.assumptions
    elec = _assumption(a.electricity_usd_per_kwh, "electricity_usd_per_kwh", problems)
    pue = _assumption(a.pue, "pue", problems)
    engc = _assumption(a.engineer_usd_per_week, "engineer_usd_per_week", problems)
    horizon = a.horizon_years if a.horizon_years and a.horizon_years > 0 else None
    util = a.utilization if a.utilization and 0 < a.utilization <= 1 else None
    headroom = a.headroom if isinstance(a.headroom, (int, float)) and 0 <= a.headroom <= 10 else 0.0
    g = ws.demand.growth_per_year
    growth = g.likely if g is not None and estimate_problem(g) is None else 0.0
    return Globals(elec, pue, engc, horizon, util, CostView(a.cost_view), float(headroom), float(growth),
                   tokens_in_per_out(ws))


def baseline_of(ws: Workspace) -> tuple[str | None, bool]:
    """The keep option payback is measured against, and whether the workspace names it (else the
    first keep option stands in, labelled so)."""
    named = ws.assumptions.baseline_option
    if named and ws.option(named) is not None:
        return named, True
    first = next((o.id for o in ws.options if o.strategy == Strategy.KEEP), None)
    return first, False


# ---------------------------------------------------------------------------------------------
# the money model on the workspace's likely values


def _lh(e: Estimate | None, which: int = 1) -> float:
    if e is None:
        return math.nan
    return (e.low, e.likely, e.high)[which]


def layout_of(ws: Workspace, inputs: list[OptionInputs], g: Globals, horizon_high: float | None = None,
              grows: bool = False, share: list[int] | None = None) -> M.Layout:
    ids = [oi.option.id for oi in inputs]
    base, _named = baseline_of(ws)
    horizon = horizon_high if horizon_high is not None else (g.horizon or 0.0)
    hosted = [oi.hosted for oi in inputs]
    return M.Layout(
        kind=np.array([oi.kind for oi in inputs], dtype=int),
        unit=np.array([oi.unit for oi in inputs], dtype=float),
        serving=np.array([oi.serving for oi in inputs], dtype=float),
        spares=np.array([oi.spares for oi in inputs], dtype=float),
        lead=np.array([oi.lead for oi in inputs], dtype=float),
        ramp=np.array([oi.ramp for oi in inputs], dtype=float),
        support=np.array([oi.support_months for oi in inputs], dtype=float),
        value_stated=np.array([oi.value is not None and oi.value_kind != OwnedValue.PURCHASE for oi in inputs],
                              dtype=bool),
        cached_share=np.array([h.cached_input_share if h is not None else 0.0 for h in hosted], dtype=float),
        discount=np.array([h.committed_discount if h is not None else 0.0 for h in hosted], dtype=float),
        headroom=g.headroom, tokens_in=g.tokens_in,
        baseline=ids.index(base) if base in ids else -1, grows=bool(g.growth) or grows,
        years=max(int(math.ceil(round(horizon * 12) / 12)), 1) if horizon and horizon > 0 else 1,
        share=np.array(share, dtype=int) if share is not None else None)


def base_params(inputs: list[OptionInputs], g: Globals, demand: float | None) -> dict[str, np.ndarray]:
    """Every input of the money model at its likely value: (1, O) per option, (1, 1) workspace-wide."""

    def col(values: list[float]) -> np.ndarray:
        return np.array([values], dtype=float)

    def glob(v: float | None) -> np.ndarray:
        return np.array([[v if v is not None else math.nan]], dtype=float)

    return {
        "rate": col([_lh(oi.rate) for oi in inputs]),
        "capex": col([_lh(oi.capex) for oi in inputs]),
        "kw": col([_lh(oi.kw) for oi in inputs]),
        "host": col([oi.hosting.likely if oi.hosting is not None else 0.0 for oi in inputs]),
        "port": col([_lh(oi.porting) for oi in inputs]),
        "eff": col([sum((e.likely for _, e in oi.efforts), 0.0) for oi in inputs]),
        "ttp": col([_lh(oi.ttp) for oi in inputs]),
        "cap": col([oi.capacity.likely if oi.capacity is not None and oi.capacity.likely > 0 else math.nan
                    for oi in inputs]),
        "owned": col([oi.owned if oi.owned_est is None or math.isinf(oi.owned) else oi.owned_est.likely
                      for oi in inputs]),
        "value": col([_lh(oi.value) for oi in inputs]),
        "amort": col([oi.amort_years for oi in inputs]),
        "repl": col([_lh(oi.repl) for oi in inputs]),
        "resid": col([_lh(oi.resid) for oi in inputs]),
        "api_in": col([_lh(oi.api_in) for oi in inputs]),
        "api_out": col([_lh(oi.api_out) for oi in inputs]),
        "api_cached": col([_lh(oi.api_cached) for oi in inputs]),
        "elec": glob(g.elec), "engc": glob(g.engc), "pue": glob(g.pue), "util": glob(g.util),
        "demand": glob(demand), "growth": glob(g.growth), "horizon": glob(g.horizon),
    }


@dataclass
class MoneyRun:
    """The money model on the likely values, with its monthly detail: what the figures, the cash flow,
    payback and the price list are read from."""

    ws: Workspace
    inputs: list[OptionInputs]
    layout: M.Layout
    params: dict[str, np.ndarray]
    detail: dict[str, np.ndarray]
    globals: Globals
    low: dict[str, np.ndarray] | None = None  # at the cheap ends of the price and capacity ranges
    high: dict[str, np.ndarray] | None = None
    cache: dict[str, object] = field(default_factory=dict)  # what the views of one run share (month labels)

    def value(self, key: str, j: int) -> float | None:
        v = float(self.detail[key][0, j])
        return v if math.isfinite(v) else None


def _ends(inputs: list[OptionInputs], base: dict[str, np.ndarray], which: int) -> dict[str, np.ndarray]:
    """Prices at their low (which 0) or high (2) ends and the capacity at the other end."""
    p = {k: v.copy() for k, v in base.items()}
    other = 2 - which
    for j, oi in enumerate(inputs):
        for param, est in (("rate", oi.rate), ("capex", oi.capex), ("kw", oi.kw), ("host", oi.hosting),
                           ("value", oi.value), ("api_in", oi.api_in), ("api_out", oi.api_out),
                           ("api_cached", oi.api_cached)):
            if est is not None:
                p[param][0, j] = _lh(est, which)
        if oi.capacity is not None and oi.capacity.likely > 0:
            p["cap"][0, j] = _lh(oi.capacity, other)
    return p


def run_money(ws: Workspace, inputs: list[OptionInputs], demand: Figure, g: Globals,
              share: list[int] | None = None) -> MoneyRun:
    """The money model over ``inputs`` on their likely values (and the two ends of their ranges);
    ``share``: columns that draw on one stock of owned GPUs (``money.allocate_owned``)."""
    lay = layout_of(ws, inputs, g, share=share)
    p = base_params(inputs, g, demand.value)
    lo_p, hi_p = _ends(inputs, p, 0), _ends(inputs, p, 2)
    with np.errstate(all="ignore"):
        d = M.compute(p, lay, detail=True)
        both = M.compute({k: np.concatenate([lo_p[k], hi_p[k]]) for k in p}, lay)  # the two ends at once
    lo = {k: v[:1] for k, v in both.items() if v.ndim == 2}
    hi = {k: v[1:] for k, v in both.items() if v.ndim == 2}
    return MoneyRun(ws, inputs, lay, p, d, g, lo, hi)


# ---------------------------------------------------------------------------------------------
# figures of one option, with trails


def _f(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _num(run: MoneyRun, key: str, j: int) -> float:
    return float(run.detail[key][0, j])


def fleet_of(run: MoneyRun, j: int, capacity: Figure, demand: Figure) -> Fleet:
    """The fleet of year 0 (with headroom and spare units) and its years."""
    oi = run.inputs[j]
    g = run.globals
    if oi.is_api:
        return Fleet(missing(GPUS, "GPUs", msg("fleet.hosted", "a hosted API: no fleet")), 0, oi.unit_reason,
                     node_gpus=0)
    tps = capacity.value
    if tps is None or tps <= 0:
        gpus = missing(GPUS, "GPUs", msg("fleet.no_capacity", "no capacity: {reason}",
                                         reason=capacity.missing_reason or msg("capacity.not_positive",
                                                                               "not positive")))
    elif demand.value is None:
        gpus = missing(GPUS, "GPUs", demand.missing_reason)
    else:
        units = _num(run, "units", j)
        n = _num(run, "gpus", j)
        headroom_src = "assumptions.headroom" if g.headroom else msg("trail.headroom_default",
                                                                       "default: none stated")
        trail = [TrailItem(msg("figure.demand", "demand"), demand.value, "output tok/s", WORKSPACE_DEMAND),
                 TrailItem(msg("trail.headroom", "headroom"), g.headroom, "fraction", headroom_src),
                 TrailItem(msg("trail.capacity_slo", "capacity under the SLO"), tps, "output tok/s/GPU",
                           capacity.trail[0].source if capacity.trail else CAPACITY),
                 TrailItem(msg("trail.serving_per_unit", "serving GPUs per unit"), oi.serving, "GPUs",
                           oi.unit_reason),
                 TrailItem(msg("trail.units", "serving units"), units, "units",
                           msg("trail.units_formula", "ceil(demand x (1 + headroom) / (serving GPUs per unit x "
                                                      "capacity))")),
                 TrailItem(msg("trail.spare_units", "spare units"), oi.spares, "units", oi.spares_source),
                 TrailItem(msg("trail.rounded_to", "GPUs per unit (whole nodes)"), oi.unit, "GPUs", oi.unit_reason),
                 TrailItem(FORMULA, msg("trail.fleet_formula", "(units + spare units) x GPUs per unit"), "",
                           SOURCE_D8)]
        gpus = _finite_fig(Figure(GPUS, n, "GPUs", tuple(trail), flags=capacity.flags))
    # the owned GPUs allocated to this column (all of its platform's, or its share of a stock that
    # columns share: money.allocate_owned)
    shared = run.layout.share is not None and run.layout.share[j] >= 0 and gpus.value is not None
    owned = None if math.isinf(oi.owned) else (_f(_num(run, "alloc", j)) if shared else oi.owned)
    size = gpus.value
    used = short = freed = units_v = spare = padding = bought = rented = None
    years: list[FleetYear] = []
    acquire = ""
    if size is not None:
        used, short = _num(run, "used", j), _num(run, "short", j)
        own_n = owned if shared else run.params["owned"][0, j]
        freed = None if owned is None or own_n is None else float(max(own_n - size, 0.0))
        units_v = _num(run, "units", j)
        spare = float(oi.spares * oi.unit)
        padding = float(units_v * (oi.unit - oi.serving))
        if short:
            acquire = "rent" if oi.pricing == Pricing.RENT else "buy"
        bought = short if acquire == "buy" else 0.0
        rented = short if acquire == "rent" else 0.0
        years = _fleet_years(run, j)
    raw = demand.value / tps if tps and demand.value is not None else None
    return Fleet(gpus, oi.unit, oi.unit_reason, raw if raw is None or math.isfinite(raw) else None,
                 node_gpus=oi.node, nodes=None if size is None else size / oi.node, owned_gpus=owned,
                 owned_used=used, shortfall_gpus=short, freed_gpus=freed, acquire=acquire,
                 book_value_usd_per_gpu=oi.book_value, end_of_support=oi.end_of_support,
                 warnings=tuple(oi.warnings), serving_per_unit=oi.serving, units=units_v, spare_units=oi.spares,
                 spare_gpus=spare, padding_gpus=padding, headroom=g.headroom, bought_gpus=bought,
                 rented_gpus=rented, years=tuple(years), service_month=_f(_num(run, "service", j)))


def _fleet_years(run: MoneyRun, j: int) -> list[FleetYear]:
    d = run.detail
    hm = float(d["horizon_months"][0, 0])
    out = []
    for y in range(d["y_need"].shape[-1]):
        if 12 * y >= hm:
            break
        out.append(FleetYear(y, float(d["y_demand"][0, j, y]), float(d["y_units"][0, j, y]),
                             float(d["y_need"][0, j, y]), float(d["y_used"][0, j, y]),
                             float(d["y_batch"][0, j, y]), float(d["y_rented"][0, j, y])))
    return out


def _operating_figure(oi: OptionInputs, g: Globals, at: str) -> Figure:
    """$/GPU-h of running an owned or bought GPU: kW (nameplate) x PUE x $/kWh + hosting."""
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
    basis = (msg("trail.power_nameplate", "power per GPU (nameplate)") if oi.power_basis == "nameplate"
             else msg("trail.power_measured", "power per GPU (measured power)"))
    return Figure(name, v, unit, (
        TrailItem(basis, oi.kw.likely, "kW", oi.sources.get("kw", f"{at}.power_kw_per_gpu")),
        TrailItem("PUE", g.pue, "", "assumptions.pue"),
        TrailItem(msg("trail.electricity", "electricity"), g.elec, "$/kWh", "assumptions.electricity_usd_per_kwh"),
        TrailItem(msg("trail.hosting", "hosting"), host, "$/GPU-h",
                  oi.sources.get("hosting") or oi.sources.get("host") or msg("trail.not_stated_zero",
                                                                             "not stated: 0")),
        TrailItem(FORMULA, OPERATING_FORMULA, "", SOURCE_D9)),
        flags=(msg("cost.nameplate", "nameplate power (no measured power of this option yet)"),)
        if oi.power_basis == "nameplate" else ())


def _new_price_reason(oi: OptionInputs, at: str, op: Figure) -> Message | None:
    """Why a new (bought or rented) GPU has no price, or None."""
    if oi.pricing == Pricing.RENT:
        if oi.rate is None:
            return msg("cost.no_rental", "{at}.gpu_hour_usd is not given, nor the platform's "
                                         "rental_usd_per_gpu_hour (pricing: rent)", at=at)
        return None
    why: list[Message] = []
    if oi.capex is None:
        why.append(msg("cost.no_capex", "{at}.capex_per_gpu_usd is not given, nor the platform's "
                                        "purchase_usd_per_gpu (pricing: {pricing})", at=at, pricing=oi.pricing.value))
    if math.isnan(oi.amort_years):
        why.append(msg("cost.amortization_not_positive", "{at}.amortization_years is not positive", at=at))
    if op.value is None and op.missing_reason is not None:
        why.append(op.missing_reason)
    return chain(why)


def _owned_value_reason(oi: OptionInputs, op: Figure) -> Message | None:
    why: list[Message] = []
    if oi.value is None and oi.capex is None:
        why.append(msg("cost.no_owned_value", "an owned GPU has no {kind} value and no purchase price to stand in",
                       kind=oi.value_kind.value))
    if op.value is None and op.missing_reason is not None:
        why.append(op.missing_reason)
    return chain(why)


def _reason(run: MoneyRun, j: int, fleet: Fleet, capacity: Figure, op: Figure, at: str, view: CostView,
            per_m: bool) -> Message | None:
    """Why a money figure of option ``j`` cannot be computed."""
    oi = run.inputs[j]
    if oi.is_api:
        if oi.api_in is None or oi.api_out is None:
            return msg("cost.no_api_price", "the hosted API's prices are not usable")
        if not per_m and run.globals.horizon is None:
            return msg("cost.horizon", "assumptions.horizon_years is not positive")
        return msg("figure.not_finite", "not a finite number ({value}): check the inputs in its trail", value="nan")
    if capacity.value is None:
        return msg("cost.no_capacity", "no capacity: {reason}", reason=capacity.missing_reason)
    if fleet.gpus.value is None and not per_m:
        return fleet.gpus.missing_reason
    if fleet.gpus.value is None and 0 < oi.owned < math.inf:
        return msg("cost.cannot_split", "owned and new GPUs cannot be split: {reason}",
                   reason=fleet.gpus.missing_reason or msg("fleet.none", "no fleet"))
    used = fleet.owned_used if fleet.owned_used is not None else (math.inf if math.isinf(oi.owned) else 0.0)
    short = fleet.shortfall_gpus if fleet.shortfall_gpus is not None else (0.0 if math.isinf(oi.owned) else 1.0)
    if short and (r := _new_price_reason(oi, at, op)) is not None:
        return msg("cost.shortfall_price", "shortfall to {acquire}: {reason}", acquire=fleet.acquire or "buy",
                   reason=r)
    if used and op.value is None:
        return msg("cost.owned_operating", "owned GPUs in the fleet: {reason}", reason=op.missing_reason)
    if used and view == CostView.ALL_IN and (r := _owned_value_reason(oi, op)) is not None:
        return r
    if not per_m and run.globals.horizon is None:
        return msg("cost.horizon", "assumptions.horizon_years is not positive")
    if per_m and _num(run, "tokens", j) <= 0:
        return msg("cost.not_in_service", "not in service within the horizon (service from month {month})",
                   month=int(_num(run, "service", j)))
    return msg("figure.not_finite", "not a finite number ({value}): check the inputs in its trail", value="nan")


def _finite_fig(f: Figure) -> Figure:
    """A figure whose value overflowed (absurdly small or large inputs) becomes missing, with why."""
    if f.value is None or math.isfinite(f.value):
        return f
    return missing(f.name, f.unit, msg("figure.not_finite", "not a finite number ({value}): check the inputs in its "
                                                            "trail", value=str(f.value)), f.trail)


_finite = _finite_fig


def _fig(name: Label, value: float, unit: str, trail: list[TrailItem], reason: Message | None,
         flags: tuple[Message, ...] = ()) -> Figure:
    if not math.isfinite(value):
        return missing(name, unit, reason, tuple(trail))
    return Figure(name, float(value), unit, tuple(trail), flags=flags)


def _view_figures(run: MoneyRun, j: int, view: CostView, fleet: Fleet, capacity: Figure, op: Figure, eng: Figure,
                  at: str) -> CostViewFigures:
    oi = run.inputs[j]
    g = run.globals
    cash = view == CostView.CASH
    word = view_word(view)
    vt = TrailItem(VIEW, word, "", "assumptions.cost_view")
    reason_m = _reason(run, j, fleet, capacity, op, at, view, True)
    reason_t = _reason(run, j, fleet, capacity, op, at, view, False)
    n = _num
    label = (msg("figure.cpm_cash", "$/M output tokens (cash)") if cash
             else msg("figure.cpm_all_in", "$/M output tokens (all-in)"))
    at_util = (msg("figure.cpm_cash_util", "$/M output tokens (cash) at utilization") if cash
               else msg("figure.cpm_all_in_util", "$/M output tokens (all-in) at utilization"))
    flags = capacity.flags if not oi.is_api else ()
    service = int(n(run, "service", j)) if math.isfinite(n(run, "service", j)) else 0
    bridge_c, bridge_v = n(run, "bridge_cash", j), n(run, "bridge_value", j)
    bridge_m = n(run, "bridge_months", j)
    if oi.is_api:
        price = n(run, "api_price", j)
        hour = missing(msg("figure.cash_hour", "cash $/GPU-h") if cash else msg("figure.all_in_hour",
                                                                                 "all-in $/GPU-h"),
                       "$/GPU-h", msg("fleet.hosted", "a hosted API: no fleet"))
        trail = [TrailItem(msg("trail.api_output", "output price"), _lh(oi.api_out), "$/M tokens",
                           oi.sources.get("api_out", "")),
                 TrailItem(msg("trail.api_input", "input price"), _lh(oi.api_in), "$/M tokens",
                           oi.sources.get("api_in", "")),
                 TrailItem(msg("trail.tokens_in", "input tokens per output token"), g.tokens_in, "",
                           msg("trail.token_mix", "the workload's token mix")),
                 TrailItem(FORMULA, msg("trail.api_formula", "(output + input tokens per output token x "
                                                             "input price (cached share at the cached price)) x "
                                                             "(1 - committed discount)"), "", ""), vt]
        cpm = _fig(label, price, "$/M tokens", trail, reason_m)
        eff = _fig(at_util, price, "$/M tokens", [TrailItem(msg("trail.api_billed", "billed per token used: no "
                                                                                    "utilization"), price,
                                                            "$/M tokens", SEE_TRAIL), vt], reason_m)
    else:
        if cash:
            fleet_cash = sum(n(run, k, j) for k in ("capex_cash", "repl_cash", "op_cash", "rent_cash")) - \
                n(run, "resid_cash", j)
            hv = n(run, "hour_cash", j)
            hour = _fig(msg("figure.cash_hour", "cash $/GPU-h"), hv, "$/GPU-h", [
                TrailItem(msg("trail.fleet_cash", "the fleet's cash from service to the horizon's end"), fleet_cash,
                          "$", SEE_TRAIL),
                TrailItem(FORMULA, msg("trail.cash_hour_formula", "fleet cash / GPU-hours in service"), "", ""), vt],
                reason_m)
            tok = n(run, "tokens", j)
            cpm = _fig(label, n(run, "cpm_cash", j), "$/M tokens", [
                TrailItem(msg("trail.fleet_cash", "the fleet's cash from service to the horizon's end"), fleet_cash,
                          "$", msg("trail.fleet_cash_parts", "purchases + replacements - residual + running")),
                TrailItem(msg("trail.tokens_full_use", "million output tokens its serving GPUs make at full use"),
                          tok, "M tokens", msg("trail.tokens_formula",
                                               "serving GPUs x capacity x 3600 x hours in service / 10^6")),
                TrailItem(msg("trail.capacity_per_gpu", "output tok/s per GPU under the SLO"), capacity.value,
                          "tok/s/GPU", CAPACITY),
                TrailItem(FORMULA, msg("trail.cpm_cash_formula", "fleet cash / million tokens"), "", SOURCE_D3), vt],
                reason_m, flags)
        else:
            hv = n(run, "hour_econ", j)
            used = fleet.owned_used or 0.0
            short = fleet.shortfall_gpus or 0.0
            owned_hour = n(run, "owned_hour", j)
            new_hour = n(run, "new_hour", j)
            trail = []
            if used:
                trail.append(TrailItem(msg("trail.owned_used", "owned GPUs used"), used, "GPUs", FLEET))
                trail.append(TrailItem(msg("trail.owned_hour", "an owned GPU: its value over its remaining life + "
                                                               "operating"), owned_hour, "$/GPU-h",
                                       _value_source(oi)))
            if short:
                trail.append(TrailItem(msg("trail.shortfall", "new GPUs ({acquire})", acquire=fleet.acquire or "buy"),
                                       short, "GPUs", FLEET))
                trail.append(TrailItem(msg("trail.shortfall_price", "price of a new GPU"), new_hour, "$/GPU-h",
                                       msg("trail.all_in_formula", "capex / (years x 8760) + operating") if
                                       oi.pricing != Pricing.RENT else oi.sources.get("rate", "")))
            trail.append(TrailItem(FORMULA, msg("trail.all_in_hour_formula",
                                                "(owned x their rate + new x their rate) / GPUs"), "", SOURCE_D9))
            trail.append(vt)
            hour = _fig(msg("figure.all_in_hour", "all-in $/GPU-h"), hv, "$/GPU-h", trail, reason_m)
            cpm = _fig(label, n(run, "cpm_econ", j), "$/M tokens", [
                TrailItem(hour.name, hv, "$/GPU-h", SEE_TRAIL),
                TrailItem(msg("trail.serving_share", "serving GPUs / GPUs"),
                          (fleet.units or 0.0) * oi.serving / fleet.gpus.value if fleet.gpus.value else
                          (oi.serving / oi.unit if oi.unit else math.nan), "fraction",
                          msg("trail.padding_spares", "padding to whole nodes and spare units make no tokens")),
                TrailItem(msg("trail.capacity_per_gpu", "output tok/s per GPU under the SLO"), capacity.value,
                          "tok/s/GPU", CAPACITY),
                TrailItem(FORMULA, msg("trail.cpm_all_in_formula", "C_hr / (T x serving share x 3600 / 10^6)"), "",
                          SOURCE_D3), vt],
                reason_m, flags)
        if cpm.value is None or g.util is None:
            eff = missing(at_util, "$/M tokens", cpm.missing_reason or msg("cost.utilization",
                                                                           "assumptions.utilization is not in (0, 1]"))
        else:
            eff = Figure(at_util, cpm.value / g.util, "$/M tokens", (
                TrailItem(msg("trail.cpm_full_use", "$/M at full use"), cpm.value, "$/M tokens", SOURCE_D3),
                TrailItem(msg("input.utilization", "sustained utilization"), g.util, "fraction",
                          "assumptions.utilization"),
                TrailItem(FORMULA, "$/M / U", "", SOURCE_D9), vt), flags=cpm.flags)
    # over the horizon
    horizon = (TrailItem(msg("trail.horizon", "horizon"), g.horizon, "years", "assumptions.horizon_years"),)
    econ_flags: tuple[Message, ...] = ()
    bridge = []
    if bridge_m > 0:
        bridge.append(TrailItem(msg("trail.bridge", "the current fleet until in service ({months} months)",
                                    months=int(bridge_m)), bridge_c, "$",
                                msg("trail.bridge_source", "the baseline's owned GPUs at their running cost")))
    if cash:
        hw_v = n(run, "capex_cash", j) + n(run, "repl_cash", j) - n(run, "resid_cash", j) + n(run, "rent_cash", j)
        hw_trail = [TrailItem(msg("trail.purchases", "purchases, paid at delivery"), n(run, "capex_cash", j), "$",
                              oi.sources.get("capex", "")),
                    TrailItem(msg("trail.replacements", "replacement of owned GPUs at end of support"),
                              n(run, "repl_cash", j), "$", oi.sources.get("repl", "")),
                    TrailItem(msg("trail.residual", "residual value of bought GPUs at the horizon's end"),
                              -n(run, "resid_cash", j), "$", oi.sources.get("resid") or
                              msg("trail.residual_default", "default: none")),
                    TrailItem(msg("trail.rent", "rent"), n(run, "rent_cash", j), "$", oi.sources.get("rate", "")),
                    *horizon, vt]
        pw_v = n(run, "op_cash", j) + bridge_c
    else:
        hw_v = n(run, "owned_econ", j) + n(run, "bought_econ", j) + n(run, "rent_cash", j) + bridge_v
        hw_trail = [TrailItem(msg("trail.owned_at_value", "owned GPUs at their {kind} value",
                                  kind=oi.value_kind.value), n(run, "owned_econ", j), "$", _value_source(oi)),
                    TrailItem(msg("trail.bought_amortized", "bought GPUs amortized over {years} years",
                                  years=oi.amort_years), n(run, "bought_econ", j), "$", oi.sources.get("capex", "")),
                    TrailItem(msg("trail.rent", "rent"), n(run, "rent_cash", j), "$", oi.sources.get("rate", "")),
                    *horizon, vt]
        if bridge_v:
            hw_trail.insert(2, TrailItem(msg("trail.bridge_value", "the current fleet's value until in service"),
                                         bridge_v, "$", SEE_TRAIL))
        if bool(run.detail["bridge_value_unknown"][0, j]):
            econ_flags = (msg("cost.bridge_value_unknown", "the current fleet's value is not known (no book value and "
                                                           "no purchase price): counted at its running cost only"),)
        pw_v = n(run, "op_cash", j) + bridge_c
    pw_trail = [TrailItem(msg("trail.running", "power and hosting of the GPUs running, from month {month}",
                              month=service), n(run, "op_cash", j), "$", OPERATING_FORMULA),
                *bridge, *horizon, vt]
    hw = _finite_fig(_fig(HARDWARE_HORIZON, hw_v, "$", hw_trail, reason_t, econ_flags))
    pwr = _finite_fig(_fig(POWER_HORIZON, pw_v, "$", pw_trail, reason_t))
    api_v = n(run, "api_cash", j)
    api = _fig(API_HORIZON, api_v, "$", [TrailItem(msg("trail.api_tokens", "average tokens (peak x utilization) at "
                                                                           "the API's price, from month {month}",
                                                       month=service), api_v, "$", SEE_TRAIL), *horizon, vt],
               reason_t)
    tco_v = n(run, "tco_cash" if cash else "tco_econ", j)
    name = msg("figure.tco", "TCO over {years} years", years=run.ws.assumptions.horizon_years)
    if hw.value is None or pwr.value is None or eng.value is None or api.value is None:
        tco = missing(name, "$", hw.missing_reason or pwr.missing_reason or eng.missing_reason or api.missing_reason)
    else:
        tco = _finite_fig(_fig(name, tco_v, "$", [
            TrailItem(msg("trail.hardware", "hardware"), hw.value, "$", SEE_TRAIL),
            TrailItem(msg("trail.power_hosting", "power and hosting"), pwr.value, "$", SEE_TRAIL),
            TrailItem(msg("trail.hosted_api", "hosted API"), api.value, "$", SEE_TRAIL),
            TrailItem(msg("trail.engineering", "engineering"), eng.value, "$", SEE_TRAIL), vt], reason_t,
            fleet.gpus.flags + econ_flags))
    lo_c, hi_c = _range(run, j, "cpm_cash" if cash else "cpm_econ")
    lo_t, hi_t = _range(run, j, "tco_cash" if cash else "tco_econ")
    assumed = oi.capacity_assumed or (lo_c is not None and hi_c is not None and hi_c > lo_c)
    if oi.is_api:
        assumed = lo_c is not None and hi_c is not None and hi_c > lo_c
    return CostViewFigures(view, _finite_fig(hour), _finite_fig(cpm), _finite_fig(eff), hw, pwr,
                           tco if tco.value is None or math.isfinite(tco.value) else _finite_fig(tco),
                           assumed, lo_c, hi_c, lo_t, hi_t, api_usd=api)


def _value_source(oi: OptionInputs) -> Label:
    if oi.value is not None and oi.value_kind != OwnedValue.PURCHASE:
        life = (msg("trail.remaining_support", "over its remaining support (to {date})", date=Day(str(oi.end_of_support)))
                if math.isfinite(oi.support_months) else
                msg("trail.over_amortization", "over {years} years (no end of support stated)",
                    years=oi.amort_years))
        return msg("trail.value_source", "{source}, {life}", source=oi.sources.get("value", ""), life=life)
    if not oi.sources.get("capex"):  # no platform price behind it (a hosted API): no empty "()"
        return msg("trail.value_purchase_unsourced", "no {kind} value used: the purchase price over {years} years",
                   kind=oi.value_kind.value, years=oi.amort_years)
    return msg("trail.value_purchase", "no {kind} value used: the purchase price ({source}) over {years} years",
               kind=oi.value_kind.value, source=oi.sources.get("capex", ""), years=oi.amort_years)


def _range(run: MoneyRun, j: int, key: str) -> tuple[float | None, float | None]:
    if run.low is None or run.high is None:
        return None, None
    lo, hi = float(run.low[key][0, j]), float(run.high[key][0, j])
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return None, None
    return min(lo, hi), max(lo, hi)


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
                      "assumptions.engineer_usd_per_week"),
            TrailItem(msg("trail.spent", "spent evenly over the time to production"), "", "", "")))
    return pw, eng


def _time_to_production_figure(oi: OptionInputs, at: str) -> Figure:
    if oi.ttp is None:
        return missing(TIME_TO_PRODUCTION, "weeks", msg("cost.no_ttp", "{at}.time_to_production_weeks is not usable",
                                                          at=at))
    return Figure(TIME_TO_PRODUCTION, oi.ttp.likely, "weeks",
                  (TrailItem(msg("trail.ttp_likely", "time to production (likely)"), oi.ttp.likely, "weeks",
                             f"{at}.time_to_production_weeks"),))


def hosted_cost(run: MoneyRun, j: int, ws: Workspace) -> HostedCost | None:
    """A hosted API's price per output token and what its provider states against the SLO."""
    oi = run.inputs[j]
    h = oi.hosted
    if h is None:
        return None
    checks: list[StatedCheck] = []
    for metric, stated, limit in (("TTFT p99", h.stated_ttft_p99_ms, ws.slo.get("ttft_p99_ms")),
                                  ("TPOT p99", h.stated_tpot_p99_ms, ws.slo.get("tpot_p99_ms"))):
        if limit is None:
            continue
        checks.append(StatedCheck(metric, "ms", stated, limit, None if stated is None else stated <= limit))
    verdicts = [c.met for c in checks]
    meets = None if not checks or any(v is None for v in verdicts) else all(bool(v) for v in verdicts)
    if meets is None:
        note = msg("hosted.slo_unknown", "the provider states no latency for {what}: the SLO is not judged",
                   what=tuple(c.metric for c in checks if c.met is None) or ("TTFT", "TPOT"))
    elif meets:
        note = msg("hosted.slo_met", "meets the SLO as stated by the provider ({source}), not measured",
                   source=h.stated_latency_source or "—")
    else:
        note = msg("hosted.slo_missed", "misses the SLO as stated by the provider ({source})",
                   source=h.stated_latency_source or "—")
    price = float(run.detail["api_price"][0, j])
    placeholder = any(q.placeholder for q in h.quotes)
    return HostedCost(h.provider, _f(price), _lh(oi.api_in), _lh(oi.api_out),
                      _lh(oi.api_cached) if oi.api_cached is not None else None, h.cached_input_share,
                      h.committed_discount, run.globals.tokens_in, tuple(checks), meets, note, placeholder)


def costs(run: MoneyRun, j: int, capacity: Figure, demand: Figure) -> tuple[Fleet, Costs]:
    """Fleet and costs of option ``j`` at the likely values, each with its trail; both cost views."""
    oi = run.inputs[j]
    g = run.globals
    at = f"options.{oi.option.id}.cost"
    fleet = fleet_of(run, j, capacity, demand)
    op = _operating_figure(oi, g, at)
    pw, eng = _engineering_figures(oi, g.engc, at)
    ttp = _time_to_production_figure(oi, at)
    views = {v: _view_figures(run, j, v, fleet, capacity, op, eng, at) for v in (CostView.CASH, CostView.ALL_IN)}
    d = views[g.view]
    figs = (d.gpu_hour_usd, d.cost_per_m_tokens_usd, d.effective_cost_per_m_tokens_usd, d.hardware_usd,
            d.power_usd, _finite_fig(pw), _finite_fig(eng), _finite_fig(ttp), d.tco_usd)
    return fleet, Costs(*figs, view=g.view, cash=views[CostView.CASH], all_in=views[CostView.ALL_IN],
                        pricing=oi.pricing, operating_hour_usd=op, hosted=hosted_cost(run, j, run.ws))


def _label_id(label: object) -> str | None:
    return label.id if isinstance(label, Message) else None


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


__all__ = ["Amount", "MoneyRun", "OptionInputs"]
