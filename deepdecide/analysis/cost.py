"""Fleet size and cost: formulas (scalar or numpy arrays alike) and per-option figures with trails.

Formulas (decision_practice.md section (d)):

- all-in $/GPU-h, C_hr: rent = the rental price (taken as all-in: power not added);
  own = capex / (amortization_years x 8760) + kW x $/kWh (D9, full hours);
  existing = kW x $/kWh only (the capex is sunk).
- $/M output tokens = C_hr / (T x 3600 / 10^6) (D3); $1.30/GPU-h at 1,000 tok/s/GPU -> $0.361.
  At the sustained utilization U the effective figure is that / U (D9).
- GPUs = ceil(demand / T / unit) x unit, unit = the deployable unit (reference topology on its
  own platform, else the node size) (D8 steps 2-3, sized for the peak demand).
- Over the horizon H years: hardware = GPUs x C_rent x 8760 x H (rent), GPUs x capex x H /
  amortization_years (own, straight-line), 0 (existing); power = GPUs x kW x 8760 x H x $/kWh
  (own, existing); engineering = (porting + checklist person-weeks) x loaded $/person-week.
- TCO = hardware + power + engineering.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from deepdecide.analysis.assessment import Costs, Figure, Fleet, TrailItem, missing
from deepdecide.domain.common import Estimate
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import Assumptions, Demand, Option, Pricing, Workspace

HOURS_PER_YEAR = 8760.0
SOURCE_D3 = "decision_practice.md (d) D3: $/M = C_hr / (T x 3600 / 10^6)"
SOURCE_D9 = "decision_practice.md (d) D9: own-vs-rent, utilization"
SOURCE_D8 = "decision_practice.md (d) D8: instances -> servers"


# ---------------------------------------------------------------------------------------------
# formulas: every one works on floats and on numpy arrays


def gpu_hour_all_in(pricing: Pricing, rate, capex, amort_years, kw, elec):
    """All-in $/GPU-h for the pricing kind."""
    if pricing == Pricing.RENT:
        return rate
    power = kw * elec
    if pricing == Pricing.OWN:
        return capex / (amort_years * HOURS_PER_YEAR) + power
    return power


def cost_per_million(gpu_hour, tps_per_gpu):
    """$ per million tokens from $/GPU-h and tokens/s per GPU (D3)."""
    return gpu_hour / (tps_per_gpu * 3600.0 / 1e6)


def fleet_gpus(demand_tps, tps_per_gpu, unit):
    """GPUs for the demand, rounded up to whole deployable units."""
    # the tiny slack keeps an exact multiple (e.g. 8.000000001 units from float noise) from adding a unit
    return np.ceil(demand_tps / tps_per_gpu / unit - 1e-9) * unit


def horizon_hardware(pricing: Pricing, gpus, rate, capex, amort_years, horizon_years):
    if pricing == Pricing.RENT:
        return gpus * rate * HOURS_PER_YEAR * horizon_years
    if pricing == Pricing.OWN:
        return gpus * capex * horizon_years / amort_years
    return gpus * 0.0


def horizon_power(pricing: Pricing, gpus, kw, elec, horizon_years):
    if pricing == Pricing.RENT:
        return gpus * 0.0
    return gpus * kw * HOURS_PER_YEAR * horizon_years * elec


# ---------------------------------------------------------------------------------------------
# validated inputs of one option


@dataclass
class OptionInputs:
    """An option's cost inputs after validation; an unusable input is None with a message."""

    option: Option
    pricing: Pricing
    unit: int
    unit_reason: str
    amort_years: float
    rate: Estimate | None = None
    capex: Estimate | None = None
    kw: Estimate | None = None
    porting: Estimate | None = None
    ttp: Estimate | None = None
    capacity: Estimate | None = None  # exact when measured, the assumption's range when assumed
    efforts: list[tuple[str, Estimate]] = field(default_factory=list)
    problems: list[Message] = field(default_factory=list)


def _estimate(e: Estimate | None, where: str, problems: list[Message]) -> Estimate | None:
    if e is None:
        return None
    vals = (e.low, e.likely, e.high)
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in vals):
        problems.append(msg("input.not_a_number", "{where}: not a number ({low} / {likely} / {high})",
                            where=where, low=str(e.low), likely=str(e.likely), high=str(e.high)))
        return None
    if e.low < 0:
        problems.append(msg("input.negative", "{where}: must not be negative (low = {low:g})", where=where, low=e.low))
        return None
    if not e.is_ordered:
        problems.append(msg("input.unordered", "{where}: expected low <= likely <= high, got {low:g} / {likely:g} / "
                            "{high:g}", where=where, low=e.low, likely=e.likely, high=e.high))
        return None
    return e


def deploy_unit(option: Option) -> tuple[int, str]:
    """The GPU count fleets are rounded to, and why. A reference topology is used only on the
    platform it was measured on; elsewhere the node size is used, and the reason says so."""
    topo = option.topology
    node = max(int(topo.gpus_per_node or 1), 1)
    unit = topo.unit_gpus
    if unit is None and topo.prefill_gpus and topo.decode_gpus:
        unit = topo.prefill_gpus + topo.decode_gpus
    if unit and unit > 0:
        if topo.measured_on and topo.measured_on != option.platform:
            return node, (f"reference topology ({_gpus(unit)}) was measured on {topo.measured_on}, not "
                          f"{option.platform}: not used; rounded to the node size ({_gpus(node)})")
        where = f", reference topology measured on {topo.measured_on}" if topo.measured_on else ""
        split = (f": {topo.prefill_gpus} prefill + {topo.decode_gpus} decode"
                 if topo.prefill_gpus and topo.decode_gpus else "")
        return int(unit), f"deployable unit of {_gpus(unit)}{split}{where}"
    return node, f"node of {_gpus(node)}"


def _gpus(n: int) -> str:
    return "1 GPU" if n == 1 else f"{n} GPUs"


def option_inputs(option: Option, efforts: list[tuple[str, Estimate]],
                  capacity_estimate: Estimate | None) -> OptionInputs:
    c = option.cost
    problems: list[Message] = []
    unit, unit_reason = deploy_unit(option)
    at = f"options.{option.id}.cost"
    amort = c.amortization_years
    if c.pricing == Pricing.OWN and (not isinstance(amort, (int, float)) or not amort > 0):
        problems.append(msg("input.amortization", "{where}.amortization_years must be positive, got {value}",
                            where=at, value=str(amort)))
    oi = OptionInputs(option, c.pricing, unit, unit_reason, float(amort) if amort and amort > 0 else math.nan)
    oi.rate = _estimate(c.gpu_hour_usd, f"{at}.gpu_hour_usd", problems)
    oi.capex = _estimate(c.capex_per_gpu_usd, f"{at}.capex_per_gpu_usd", problems)
    oi.kw = _estimate(c.power_kw_per_gpu, f"{at}.power_kw_per_gpu", problems)
    oi.porting = _estimate(c.porting_effort_person_weeks, f"{at}.porting_effort_person_weeks", problems)
    oi.ttp = _estimate(c.time_to_production_weeks, f"{at}.time_to_production_weeks", problems)
    oi.capacity = capacity_estimate
    for label, e in efforts:
        ok = _estimate(e, f"checklist answer {label}: effort_person_weeks", problems)
        oi.efforts.append((label, ok if ok is not None else Estimate(math.nan, math.nan, math.nan)))
    oi.problems = problems
    return oi


def demand_tps(demand: Demand) -> Figure:
    """Peak output tokens/s to serve."""
    name, unit = "demand", "output tok/s"
    if demand.output_tokens_per_s is not None:
        v = demand.output_tokens_per_s
        if not math.isfinite(v) or v <= 0:
            return missing(name, unit, f"demand.output_tokens_per_s must be positive, got {v:g}")
        return Figure(name, float(v), unit, (TrailItem("output tokens per second", v, unit, "workspace demand"),))
    if demand.requests_per_s is not None and demand.output_tokens is not None:
        r, o = demand.requests_per_s, demand.output_tokens
        if not (math.isfinite(r) and math.isfinite(o)) or r <= 0 or o <= 0:
            return missing(name, unit, f"demand requests_per_s ({r:g}) and output_tokens ({o:g}) must be positive")
        return Figure(name, r * o, unit, (TrailItem("requests per second", r, "req/s", "workspace demand"),
                                          TrailItem("output tokens per request", o, "tokens", "workspace demand")))
    return missing(name, unit, "the workspace gives no demand (output_tokens_per_s, or requests_per_s "
                               "with output_tokens)")


def _assumption(a: Estimate, name: str, problems: list[Message]) -> float | None:
    ok = _estimate(a, f"assumptions.{name}", problems)
    return ok.likely if ok is not None else None


def costs(oi: OptionInputs, capacity: Figure, demand: Figure, ws: Workspace) -> tuple[Fleet, Costs, list[Message]]:
    """Fleet and costs of one option at the likely values, each with its trail."""
    a: Assumptions = ws.assumptions
    global_problems: list[Message] = []
    elec = _assumption(a.electricity_usd_per_kwh, "electricity_usd_per_kwh", global_problems)
    engc = _assumption(a.engineer_usd_per_week, "engineer_usd_per_week", global_problems)
    horizon = a.horizon_years if a.horizon_years and a.horizon_years > 0 else None
    util = a.utilization if a.utilization and 0 < a.utilization <= 1 else None
    at = f"options.{oi.option.id}.cost"

    gpus, raw = _fleet_figure(oi, capacity, demand)
    hour = _gpu_hour_figure(oi, elec, at)
    cpm, eff = _per_million_figures(hour, capacity, util)
    pw, eng = _engineering_figures(oi, engc, at)
    ttp = _time_to_production_figure(oi, at)
    hw, pwr = _horizon_figures(oi, gpus, hour, elec, horizon, at)
    tco = _tco_figure(hw, pwr, eng, gpus, a.horizon_years)
    figs = [_finite(f) for f in (hour, cpm, eff, hw, pwr, pw, eng, ttp, tco)]
    fleet = Fleet(_finite(gpus), oi.unit, oi.unit_reason, raw if raw is None or math.isfinite(raw) else None)
    return fleet, Costs(*figs), global_problems


def _fleet_figure(oi: OptionInputs, capacity: Figure, demand: Figure) -> tuple[Figure, float | None]:
    """GPUs for the peak demand at the capacity under the SLO, rounded to deployable units; and the
    unrounded count (None when either input is missing)."""
    tps = capacity.value
    if tps is None or tps <= 0:
        return missing("GPUs", "GPUs", f"no capacity: {capacity.missing_reason or 'not positive'}"), None
    if demand.value is None:
        return missing("GPUs", "GPUs", demand.missing_reason), None
    raw = demand.value / tps
    n = float(fleet_gpus(demand.value, tps, oi.unit))
    return Figure("GPUs", n, "GPUs", (
        TrailItem("demand", demand.value, "output tok/s", "workspace demand"),
        TrailItem("capacity under the SLO", tps, "output tok/s/GPU", capacity.trail[0].source
                  if capacity.trail else "capacity"),
        TrailItem("GPUs needed (unrounded)", raw, "GPUs", "demand / capacity"),
        TrailItem("rounded up to units of", oi.unit, "GPUs", oi.unit_reason),
    ), flags=capacity.flags), raw


def _gpu_hour_figure(oi: OptionInputs, elec: float | None, at: str) -> Figure:
    """All-in $/GPU-h: the rental price (rent), amortized capex plus power (own), power only (existing)."""
    trail: list[TrailItem] = [TrailItem("pricing", oi.pricing.value, "", f"{at}.pricing")]
    if oi.pricing == Pricing.RENT:
        if oi.rate is None:
            return missing("all-in $/GPU-h", "$/GPU-h", f"{at}.gpu_hour_usd is not given (pricing: rent)")
        trail.append(TrailItem("rental price", oi.rate.likely, "$/GPU-h", f"{at}.gpu_hour_usd"))
        flags = ("rental price taken as all-in: power not added",) if oi.kw is not None else ()
        return Figure("all-in $/GPU-h", oi.rate.likely, "$/GPU-h", tuple(trail), flags=flags)
    why = []
    if oi.kw is None:
        why.append(f"{at}.power_kw_per_gpu is not given")
    if elec is None:
        why.append("assumptions.electricity_usd_per_kwh is not usable")
    if oi.pricing == Pricing.OWN:
        if oi.capex is None:
            why.append(f"{at}.capex_per_gpu_usd is not given (pricing: own)")
        if math.isnan(oi.amort_years):
            why.append(f"{at}.amortization_years is not positive")
    if why or oi.kw is None or elec is None:
        return missing("all-in $/GPU-h", "$/GPU-h", "; ".join(why))
    if oi.pricing == Pricing.OWN and oi.capex is not None:
        trail += [TrailItem("capex per GPU", oi.capex.likely, "$", f"{at}.capex_per_gpu_usd"),
                  TrailItem("amortization", oi.amort_years, "years", f"{at}.amortization_years")]
    else:
        trail.append(TrailItem("capex", "sunk (existing fleet)", "", "operating cost only"))
    trail += [TrailItem("all-in power per GPU", oi.kw.likely, "kW", f"{at}.power_kw_per_gpu"),
              TrailItem("electricity", elec, "$/kWh", "assumptions.electricity_usd_per_kwh"),
              TrailItem("formula", "capex / (years x 8760) + kW x $/kWh" if oi.pricing == Pricing.OWN
                        else "kW x $/kWh", "", SOURCE_D9)]
    capex = oi.capex.likely if oi.capex else 0.0
    v = float(gpu_hour_all_in(oi.pricing, 0.0, capex, oi.amort_years, oi.kw.likely, elec))
    return Figure("all-in $/GPU-h", v, "$/GPU-h", tuple(trail))


def _per_million_figures(hour: Figure, capacity: Figure, util: float | None) -> tuple[Figure, Figure]:
    """$/M output tokens at full use (D3) and at the sustained utilization (D9)."""
    tps = capacity.value
    if hour.value is None:
        cpm = missing("$/M output tokens", "$/M tokens", hour.missing_reason)
    elif tps is None or tps <= 0:
        cpm = missing("$/M output tokens", "$/M tokens", f"no capacity: {capacity.missing_reason}")
    else:
        cpm = Figure("$/M output tokens", float(cost_per_million(hour.value, tps)), "$/M tokens", (
            TrailItem("all-in $/GPU-h", hour.value, "$/GPU-h", "see its trail"),
            TrailItem("output tok/s per GPU under the SLO", tps, "tok/s/GPU", "capacity"),
            TrailItem("formula", "C_hr / (T x 3600 / 10^6)", "", SOURCE_D3),
        ), flags=capacity.flags)
    if cpm.value is None or util is None:
        eff = missing("$/M output tokens at utilization", "$/M tokens",
                      cpm.missing_reason or "assumptions.utilization is not in (0, 1]")
    else:
        eff = Figure("$/M output tokens at utilization", cpm.value / util, "$/M tokens", (
            TrailItem("$/M at full use", cpm.value, "$/M tokens", SOURCE_D3),
            TrailItem("sustained utilization", util, "fraction", "assumptions.utilization"),
            TrailItem("formula", "$/M / U", "", SOURCE_D9)), flags=cpm.flags)
    return cpm, eff


def _engineering_figures(oi: OptionInputs, engc: float | None, at: str) -> tuple[Figure, Figure]:
    """Engineering effort (porting + checklist person-weeks) and its cost at the loaded weekly rate."""
    eng_trail: list[TrailItem] = []
    eng_missing: list[str] = []
    weeks: list[float] = []
    if oi.porting is None:
        eng_missing.append(f"{at}.porting_effort_person_weeks is not usable")
    else:
        eng_trail.append(TrailItem("porting effort", oi.porting.likely, "person-weeks",
                                   f"{at}.porting_effort_person_weeks"))
        weeks.append(oi.porting.likely)
    for label, e in oi.efforts:
        if math.isnan(e.likely):
            eng_missing.append(f"effort of {label} is not usable")
        else:
            eng_trail.append(TrailItem(label, e.likely, "person-weeks", "checklist answer"))
            weeks.append(e.likely)
    if eng_missing:
        pw = missing("engineering effort", "person-weeks", "; ".join(eng_missing), tuple(eng_trail))
    else:
        pw = Figure("engineering effort", float(sum(weeks)), "person-weeks", tuple(eng_trail))
    if pw.value is None or engc is None:
        eng = missing("engineering cost", "$", pw.missing_reason or "assumptions.engineer_usd_per_week is not usable")
    else:
        eng = Figure("engineering cost", pw.value * engc, "$", (
            TrailItem("engineering effort", pw.value, "person-weeks", "porting + checklist efforts"),
            TrailItem("loaded cost per person-week", engc, "$/person-week", "assumptions.engineer_usd_per_week")))
    return pw, eng


def _time_to_production_figure(oi: OptionInputs, at: str) -> Figure:
    if oi.ttp is None:
        return missing("time to production", "weeks", f"{at}.time_to_production_weeks is not usable")
    return Figure("time to production", oi.ttp.likely, "weeks",
                  (TrailItem("time to production (likely)", oi.ttp.likely, "weeks", f"{at}.time_to_production_weeks"),))


def _horizon_figures(oi: OptionInputs, gpus: Figure, hour: Figure, elec: float | None, horizon: float | None,
                     at: str) -> tuple[Figure, Figure]:
    """Hardware and power over the horizon for the fleet."""
    if gpus.value is None or hour.value is None or horizon is None:
        reason = gpus.missing_reason or hour.missing_reason or "assumptions.horizon_years is not positive"
        return missing("hardware over the horizon", "$", reason), missing("power over the horizon", "$", reason)
    n = gpus.value
    base = (TrailItem("GPUs", n, "GPUs", "fleet"), TrailItem("horizon", horizon, "years", "assumptions.horizon_years"))
    # a priced $/GPU-h implies the inputs its pricing needs (see _gpu_hour_figure)
    if oi.pricing == Pricing.RENT:
        assert oi.rate is not None
        hw = Figure("hardware over the horizon", float(horizon_hardware(oi.pricing, n, oi.rate.likely, 0, 1, horizon)),
                    "$", (*base, TrailItem("rental price", oi.rate.likely, "$/GPU-h", f"{at}.gpu_hour_usd"),
                          TrailItem("hours per year", HOURS_PER_YEAR, "h", "")))
        pwr = Figure("power over the horizon", 0.0, "$", (TrailItem("power", "included in the rental price", "",
                                                                     "pricing: rent"),))
        return hw, pwr
    assert oi.kw is not None and elec is not None
    if oi.pricing == Pricing.OWN:
        assert oi.capex is not None
        hw = Figure("hardware over the horizon",
                    float(horizon_hardware(oi.pricing, n, 0, oi.capex.likely, oi.amort_years, horizon)), "$",
                    (*base, TrailItem("capex per GPU", oi.capex.likely, "$", f"{at}.capex_per_gpu_usd"),
                     TrailItem("amortization", oi.amort_years, "years", "straight-line share over the horizon")))
    else:
        hw = Figure("hardware over the horizon", 0.0, "$", (*base, TrailItem("capex", "sunk", "", "existing fleet")))
    pwr = Figure("power over the horizon", float(horizon_power(oi.pricing, n, oi.kw.likely, elec, horizon)), "$",
                 (*base, TrailItem("all-in power per GPU", oi.kw.likely, "kW", f"{at}.power_kw_per_gpu"),
                  TrailItem("electricity", elec, "$/kWh", "assumptions.electricity_usd_per_kwh")))
    return hw, pwr


def _tco_figure(hw: Figure, pwr: Figure, eng: Figure, gpus: Figure, horizon_years: float) -> Figure:
    """TCO = hardware + power + engineering over the horizon."""
    name = f"TCO over {horizon_years:g} years"
    if hw.value is None or pwr.value is None or eng.value is None:
        return missing(name, "$", hw.missing_reason or pwr.missing_reason or eng.missing_reason)
    return Figure(name, hw.value + pwr.value + eng.value, "$", (
        TrailItem("hardware", hw.value, "$", "see its trail"),
        TrailItem("power", pwr.value, "$", "see its trail"),
        TrailItem("engineering", eng.value, "$", "see its trail")), flags=gpus.flags)


def _finite(f: Figure) -> Figure:
    """A figure whose value overflowed (absurdly small or large inputs) becomes missing, with why."""
    if f.value is None or math.isfinite(f.value):
        return f
    return missing(f.name, f.unit, f"not a finite number ({f.value}): check the inputs in its trail", f.trail)
