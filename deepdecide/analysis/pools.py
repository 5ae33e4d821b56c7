"""Prefill and decode as separate pools (schema 10): a disaggregated option sized per pool.

docs/analysis.md ("Prefill and decode pools") states the formulas and works the sample's 4 + 64
option out by hand; tests check those numbers.

- Demand in both directions: output tok/s D as stated; input tok/s = D x r, r = input tokens per
  output token (the demand's request shape, else the workload's mid lengths).
- Capacity per pool: prefill in input tok/s per prefill GPU under the TTFT limit, decode in output
  tok/s per decode GPU under the TPOT limit; from an applicable disaggregated run of the pool's
  runtime and platform that meets the SLO and states its per-role GPU counts (measured, proxy or
  predicted), else the pool's stated assumption; each labelled with its basis.
- Measured ratio (both pools state their workers, or the capacity comes from a run): the option is
  deployed in whole copies of the configuration, never rescaled. One copy makes
  min(decode GPUs x decode capacity, prefill GPUs x prefill capacity / r) output tok/s; copies =
  ceil(D x (1 + headroom) / that); the smaller side is the limiting pool, the other's unused share
  is stated.
- Sized ratio (no measured configuration): workers per pool = ceil(demand of the pool x (1 +
  headroom) / (GPUs per worker x capacity)), prefill against D x r, decode against D.
- Each pool is priced on its own platform by the money model (its owned GPUs first, then bought or
  rented), without engineering; $/M input tokens = the prefill pool's cost per million input tokens,
  $/M output tokens = the decode pool's per million output tokens, blended = both pools per million
  tokens of both directions.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from deepdecide.analysis.assessment import (
    Capacity,
    CapacityBasis,
    CapacitySource,
    Classification,
    Costs,
    DemandSplit,
    Figure,
    Fleet,
    OptionPools,
    PoolAssessment,
    PoolBasis,
    TrailItem,
    missing,
)
from deepdecide.analysis.evidence import EvidenceIndex, classify
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import BenchmarkRun
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.slo import SLO
from deepdecide.domain.workspace import (
    CostInputs,
    Option,
    Pool,
    PoolRole,
    Pricing,
    Topology,
    Workspace,
)

PREFILL_UNIT = "input tok/s/GPU"
DECODE_UNIT = "output tok/s/GPU"
CAPACITY_NAME = msg("trail.capacity_slo", "capacity under the SLO")


def demand_split(demand: Figure, tokens_in_per_out: float) -> DemandSplit:
    """The peak demand in both directions: output as stated, input = output x the token mix."""
    name = msg("figure.demand_input", "input demand")
    unit = "input tok/s"
    if demand.value is None:
        return DemandSplit(demand, missing(name, unit, demand.missing_reason or msg("demand.none_short",
                                                                                    "no demand")),
                           tokens_in_per_out)
    if not tokens_in_per_out > 0:
        return DemandSplit(demand, missing(name, unit, msg(
            "demand.no_mix", "the demand states no input tokens per request (demand.input_tokens with "
            "output_tokens, or the workload's token ranges)")), 0.0)
    src = msg("trail.workspace_demand", "workspace demand")
    return DemandSplit(demand, Figure(name, demand.value * tokens_in_per_out, unit, (
        TrailItem(msg("trail.output_tps", "output tokens per second"), demand.value, "output tok/s", src),
        TrailItem(msg("trail.tokens_in_per_out", "input tokens per output token"), tokens_in_per_out, "", src))),
        tokens_in_per_out)


def pool_option(o: Option, role: PoolRole) -> Option:
    """The option as one of its pools sees it: the pool's platform and runtime (the option's where
    the pool states none)."""
    pool = o.topology.pool(role)
    if pool is None:
        return o
    return dataclasses.replace(o, runtime=pool.runtime or o.runtime, platform=pool.platform or o.platform)


def classify_pools(ws: Workspace, o: Option) -> tuple[Classification, dict[str, Classification]]:
    """Each pool classified against the support matrix on its own; the option is official only when
    every pool is, and an experimental pool names itself in the option's reasons."""
    per: dict[str, Classification] = {}
    for role in PoolRole:
        per[role.value] = classify(ws.matrix, pool_option(o, role))
    if all(c.official for c in per.values()):
        reasons = tuple(msg("class.pool", "{role} pool: {reason}", role=role, reason=r)
                        for role, c in per.items() for r in c.reasons[:1])
        return Classification(SupportStatus.OFFICIAL, True, reasons,
                              tuple(dict.fromkeys(s for c in per.values() for s in c.sources))), per
    bad = [role for role, c in per.items() if not c.official]
    worst = per[bad[0]]
    reasons = (msg("class.pool_experimental", "the {roles} pool is not officially supported: the option is "
                   "experimental", roles=tuple(bad)),
               *(msg("class.pool", "{role} pool: {reason}", role=role, reason=r)
                 for role in bad for r in per[role].reasons))
    return Classification(worst.status, False, reasons,
                          tuple(dict.fromkeys(s for c in per.values() for s in c.sources))), per


# ---------------------------------------------------------------------------------------------
# capacity per pool


@dataclass(frozen=True)
class _PoolCap:
    value: float | None
    basis: PoolBasis
    low: float | None = None
    high: float | None = None
    trail: tuple[TrailItem, ...] = ()
    note: Message | str = ""
    reason: Message | None = None


def input_tps(r: BenchmarkRun) -> float | None:
    """A run's input tokens/s: requests/s x input tokens per request, else total less output."""
    if r.request_throughput_rps and r.input_tokens:
        return float(r.request_throughput_rps) * float(r.input_tokens)
    if r.total_throughput_tps and r.output_throughput_tps and r.total_throughput_tps > r.output_throughput_tps:
        return float(r.total_throughput_tps - r.output_throughput_tps)
    return None


def per_role_capacity(r: BenchmarkRun) -> tuple[float, float] | None:
    """(input tok/s per prefill GPU, output tok/s per decode GPU) of a disaggregated run that states
    its per-role GPU counts; None where it does not, where its figures are missing, or where the
    per-role counts do not add up to the run's GPU count (a row that contradicts itself is not used)."""
    p, d = r.prefill_gpus, r.decode_gpus
    inp, out = input_tps(r), r.output_throughput_tps
    if not p or not d or p <= 0 or d <= 0 or inp is None or not out or out <= 0:
        return None
    if r.gpu_count and r.gpu_count != p + d:  # per-role counts that contradict the run's own GPU count
        return None
    return inp / p, float(out) / d


_SOURCE_BASIS = {CapacitySource.OWN: PoolBasis.MEASURED, CapacitySource.THIRD_PARTY: PoolBasis.MEASURED,
                 CapacitySource.PROXY: PoolBasis.PROXY, CapacitySource.PREDICTED: PoolBasis.PREDICTED}


def _best_run(idx: EvidenceIndex, o: Option, slo: SLO) -> tuple[BenchmarkRun, CapacitySource, float] | None:
    """The applicable disaggregated run of the option's runtime and platform that meets the SLO and
    makes the most output tok/s per GPU of both roles (the first source that has one decides)."""
    from deepdecide.analysis.capacity import _tiers

    for source, runs in _tiers(idx, (o.runtime, o.platform)):
        best: tuple[float, BenchmarkRun] | None = None
        for r in runs:
            caps = per_role_capacity(r)
            if caps is None or not idx.judgement(r, slo).meets:
                continue
            per_gpu = float(r.output_throughput_tps or 0.0) / float((r.prefill_gpus or 0) + (r.decode_gpus or 0))
            if best is None or per_gpu > best[0]:
                best = (per_gpu, r)
        if best is not None:
            scale = idx.discount[id(best[1])][1] if source == CapacitySource.PROXY else 1.0
            return best[1], source, scale
    return None


def _from_run(r: BenchmarkRun, source: CapacitySource, scale: float, role: PoolRole) -> _PoolCap:
    caps = per_role_capacity(r)
    assert caps is not None
    value = (caps[0] if role == PoolRole.PREFILL else caps[1]) * scale
    label = r.label or r.tool
    src = msg("trail.pool_run", "run {run} ({prefill} prefill + {decode} decode GPUs)", run=label,
              prefill=r.prefill_gpus, decode=r.decode_gpus)
    trail: tuple[TrailItem, ...]
    if role == PoolRole.PREFILL:
        trail = (TrailItem(msg("trail.input_tps", "input tokens per second"), input_tps(r), "input tok/s", src),
                 TrailItem(msg("trail.prefill_gpus", "prefill GPUs"), r.prefill_gpus, "GPUs", src))
    else:
        trail = (TrailItem(msg("trail.output_tps", "output tokens per second"), r.output_throughput_tps,
                           "output tok/s", src),
                 TrailItem(msg("trail.decode_gpus", "decode GPUs"), r.decode_gpus, "GPUs", src))
    if scale != 1.0:
        trail = (*trail, TrailItem(msg("trail.proxy_discount", "proxy discount"), scale, "", src))
    basis = _SOURCE_BASIS.get(source, PoolBasis.MEASURED)
    return _PoolCap(value, basis, trail=trail, note=msg("pools.note_run", "{basis}, {run}", basis=basis.value,
                                                        run=label))


def _from_assumption(o: Option, pool: Pool, role: PoolRole) -> _PoolCap:
    a = pool.assumed_tps_per_gpu
    field = f"options.{o.id}.topology.{role.value}.assumed_tps_per_gpu"
    if a is None:
        return _PoolCap(None, PoolBasis.NONE, reason=msg(
            "pools.no_capacity", "the {role} pool has no applicable disaggregated run that meets the SLO and "
            "states no assumed capacity ({field})", role=role.value, field=field))
    if not (a.low > 0 and a.is_ordered):
        return _PoolCap(None, PoolBasis.NONE, reason=msg(
            "pools.assumption_invalid", "{field} {low:g}/{likely:g}/{high:g} is not a positive ordered "
            "low/likely/high", field=field, low=a.low, likely=a.likely, high=a.high))
    src = (msg("trail.assumption_note", "{field}: {note}", field=field, note=pool.assumption_note)
           if pool.assumption_note else msg("trail.assumption_no_measurement", "{field}: no measurement", field=field))
    unit = PREFILL_UNIT if role == PoolRole.PREFILL else DECODE_UNIT
    trail = (TrailItem(msg("trail.pool_assumed", "assumed {unit} (likely)", unit=unit), a.likely, unit, src),
             TrailItem(msg("trail.range", "range"), msg("trail.low_high", "{low} / {high}", low=a.low, high=a.high),
                       unit, msg("trail.assumption", "assumption")))
    return _PoolCap(a.likely, PoolBasis.ASSUMED, a.low, a.high, trail,
                    msg("pools.note_assumed", "assumed (the pool's stated assumption)"))


# ---------------------------------------------------------------------------------------------
# sizing


@dataclass(frozen=True)
class Sizing:
    """The pools' workers for the demand (the hand-checkable part; docs/analysis.md)."""

    ratio: str  # "measured" | "sized"
    prefill_workers: float
    decode_workers: float
    prefill_gpus: float  # serving GPUs (without spares)
    decode_gpus: float
    unit_output_tps: float | None = None
    units: float | None = None
    limiting: str = ""
    idle_share: float | None = None
    capacity_per_gpu: float = math.nan  # output tok/s per serving GPU of both pools


def size_measured(demand: float, r: float, headroom: float, unit_prefill_gpus: int, unit_decode_gpus: int,
                  prefill_cap: float, decode_cap: float, prefill_workers: int = 1, decode_workers: int = 1) -> Sizing:
    """Whole copies of a measured configuration: its output tok/s is set by the pool that runs out
    first; never rescaled to another ratio."""
    decode_out = unit_decode_gpus * decode_cap
    prefill_out = unit_prefill_gpus * prefill_cap / r if r > 0 else math.inf
    unit_out = min(decode_out, prefill_out)
    units = math.ceil(demand * (1.0 + headroom) / unit_out - 1e-9)
    limiting = "prefill" if prefill_out < decode_out else "decode"
    other = max(decode_out, prefill_out)
    idle = 1.0 - unit_out / other if math.isfinite(other) and other > 0 else None
    return Sizing("measured", units * prefill_workers, units * decode_workers, units * unit_prefill_gpus,
                  units * unit_decode_gpus, unit_out, units, limiting, idle,
                  unit_out / (unit_prefill_gpus + unit_decode_gpus))


def size_pools(demand: float, r: float, headroom: float, prefill_gpus_per_worker: int, decode_gpus_per_worker: int,
               prefill_cap: float, decode_cap: float) -> Sizing:
    """Each pool on its own against its latency limit: prefill against the input tokens, decode
    against the output tokens (whole workers)."""
    need = demand * (1.0 + headroom)
    pw = math.ceil(need * r / (prefill_gpus_per_worker * prefill_cap) - 1e-9) if r > 0 else 0
    dw = math.ceil(need / (decode_gpus_per_worker * decode_cap) - 1e-9)
    per_gpu = 1.0 / ((r / prefill_cap if r > 0 else 0.0) + 1.0 / decode_cap)
    return Sizing("sized", pw, dw, pw * prefill_gpus_per_worker, dw * decode_gpus_per_worker,
                  capacity_per_gpu=per_gpu)


# ---------------------------------------------------------------------------------------------
# the option's pools


@dataclass
class PoolPlan:
    """What the engine needs of a disaggregated option before the money model runs: the pools'
    capacities and the option's capacity per serving GPU (what its fleet is sized by)."""

    option: Option
    classification: Classification
    per_pool: dict[str, Classification]
    caps: dict[str, _PoolCap]
    measured: tuple[int, int, int, int] | None  # (prefill GPUs, decode GPUs, prefill workers, decode workers)
    run: BenchmarkRun | None
    capacity: Capacity | None  # the option's capacity from its pools (None: a pool has none)
    messages: list[Message]
    r: float
    used: bool = True  # the option is sized by its pools (False: by its own capacity, ``replaces``)
    option_basis: str = ""  # the option's own capacity basis when the pools are not used


def _ratio_of(o: Option, run: BenchmarkRun | None) -> tuple[int, int, int, int] | None:
    t = o.topology
    if run is not None and run.prefill_gpus and run.decode_gpus:
        return int(run.prefill_gpus), int(run.decode_gpus), 1, 1
    if t.prefill is not None and t.decode is not None and t.prefill.workers and t.decode.workers:
        return t.prefill.gpus, t.decode.gpus, int(t.prefill.workers), int(t.decode.workers)
    return None


def plan(ws: Workspace, idx: EvidenceIndex, o: Option, r: float, demand: float | None, headroom: float) -> PoolPlan:
    cls, per = classify_pools(ws, o)
    messages: list[Message] = []
    t = o.topology
    same_platform = pool_option(o, PoolRole.PREFILL).platform == pool_option(o, PoolRole.DECODE).platform and \
        pool_option(o, PoolRole.PREFILL).runtime == pool_option(o, PoolRole.DECODE).runtime
    platforms = tuple(dict.fromkeys(pool_option(o, role).platform for role in PoolRole))
    if platforms != (o.platform,):
        messages.append(priced_on_option_platform(o, platforms))
    found = _best_run(idx, pool_option(o, PoolRole.DECODE), ws.slo) if same_platform else None
    caps: dict[str, _PoolCap] = {}
    run = None
    if found is not None:
        run, source, scale = found
        for role in PoolRole:
            caps[role.value] = _from_run(run, source, scale, role)
        stated = (t.prefill_gpus, t.decode_gpus)
        if stated != (run.prefill_gpus, run.decode_gpus) and all(stated):
            messages.append(msg("pools.run_ratio", "the run's configuration ({prefill} prefill + {decode} decode "
                                "GPUs) is used at its measured ratio, not the topology's {sp} + {sd} (a measured "
                                "configuration is never rescaled)", prefill=run.prefill_gpus,
                                decode=run.decode_gpus, sp=stated[0], sd=stated[1]))
    else:
        for role in PoolRole:
            pool = t.pool(role)
            assert pool is not None
            caps[role.value] = _from_assumption(o, pool, role)
    measured = _ratio_of(o, run)
    for role in PoolRole:
        pool = t.pool(role)
        where = pool.measured_on if pool is not None else ""
        pf = pool_option(o, role).platform
        if measured is not None and where and where != pf:
            messages.append(msg("pools.measured_elsewhere", "the {role} pool's configuration was measured on "
                                "{measured_on}, not {platform}: its ratio is not used", role=role.value,
                                measured_on=where, platform=pf))
            measured = None
    cap: Capacity | None = None
    pc, dc = caps["prefill"], caps["decode"]
    if pc.value is not None and dc.value is not None:
        if measured is not None:
            s = size_measured(demand or 1.0, r, headroom, measured[0], measured[1], pc.value, dc.value,
                              measured[2], measured[3])
        else:
            s = size_pools(demand or 1.0, r, headroom, t.prefill.gpus_per_worker if t.prefill else 1,
                           t.decode.gpus_per_worker if t.decode else 1, pc.value, dc.value)
        low = high = None
        if pc.low is not None or dc.low is not None:
            lows = (pc.low or pc.value, dc.low or dc.value)
            highs = (pc.high or pc.value, dc.high or dc.value)
            low, high = _per_gpu(measured, r, *lows), _per_gpu(measured, r, *highs)
        basis = _weakest(pc.basis, dc.basis)
        trail = (*pc.trail, *dc.trail,
                 TrailItem(msg("trail.tokens_in_per_out", "input tokens per output token"), r, "",
                           msg("trail.workspace_demand", "workspace demand")))
        note = msg("pools.capacity_note", "from the pools: prefill {prefill}, decode {decode}; {ratio}",
                   prefill=pc.basis.value, decode=dc.basis.value, ratio=_ratio_words(s))
        flags: tuple[Message, ...] = ()
        if basis in (PoolBasis.ASSUMED, PoolBasis.NONE):
            flags = (msg("pools.assumed", "ASSUMPTION, not a measurement: a pool's capacity is assumed; performs "
                                          "is not reached"),)
        cap = Capacity(Figure(CAPACITY_NAME, s.capacity_per_gpu, "output tok/s/GPU", trail, flags=flags),
                       {PoolBasis.MEASURED: CapacityBasis.MEASURED, PoolBasis.PROXY: CapacityBasis.MEASURED,
                        PoolBasis.PREDICTED: CapacityBasis.MEASURED}.get(basis, CapacityBasis.ASSUMED),
                       (), low, high,
                       {PoolBasis.MEASURED: CapacitySource.THIRD_PARTY, PoolBasis.PROXY: CapacitySource.PROXY,
                        PoolBasis.PREDICTED: CapacitySource.PREDICTED}.get(basis, CapacitySource.ASSUMED), note)
    else:
        for c in (pc, dc):
            if c.reason is not None:
                messages.append(c.reason)
    return PoolPlan(o, cls, per, caps, measured, run, cap, messages, r)


def replaces(option_capacity: Capacity, pools_capacity: Capacity) -> bool:
    """Whether the pools' capacity sizes the option: never over a failing measurement or a failed parity
    gate (an assumption never replaces a measurement); an assumed pool capacity only where the option's
    own capacity is itself an assumption, missing or cannot be judged; a per-role measurement over the
    option's own."""
    if option_capacity.basis in (CapacityBasis.FAILS_SLO, CapacityBasis.FAILS_PARITY):
        return False
    if pools_capacity.source == CapacitySource.ASSUMED:  # as the option's own assumption would
        return option_capacity.basis in (CapacityBasis.ASSUMED, CapacityBasis.NONE, CapacityBasis.CANNOT_JUDGE)
    return option_capacity.basis != CapacityBasis.CANNOT_JUDGE


def priced_on_option_platform(o: Option, platforms: tuple[str, ...]) -> Message:
    """The ranking's money prices every GPU of the option on its own platform: a pool on another
    platform is priced on its own only in the pools' figures (not yet in the ranking)."""
    return msg("pools.priced_on_option_platform", "the pools run on {platforms}: the ranking's money figures price "
               "every GPU of this option on {platform} (its platform); each pool is priced on its own platform "
               "only in the pools' figures", platforms=platforms, platform=o.platform)


def _per_gpu(measured: tuple[int, int, int, int] | None, r: float, pcap: float, dcap: float) -> float:
    if measured is not None:
        p, d = measured[0], measured[1]
        return min(d * dcap, p * pcap / r if r > 0 else math.inf) / (p + d)
    return 1.0 / ((r / pcap if r > 0 else 0.0) + 1.0 / dcap)


_ORDER = (PoolBasis.MEASURED, PoolBasis.PROXY, PoolBasis.PREDICTED, PoolBasis.ASSUMED, PoolBasis.NONE)


def _weakest(a: PoolBasis, b: PoolBasis) -> PoolBasis:
    return max(a, b, key=_ORDER.index)


def _ratio_words(s: Sizing) -> Message:
    if s.ratio == "measured":
        return msg("pools.ratio_measured", "at the measured ratio ({limiting} pool limits)", limiting=s.limiting)
    return msg("pools.ratio_sized", "each pool sized on its own")


def pool_inputs_option(o: Option, role: PoolRole, unit_gpus: int, spare_units: int | None) -> Option:
    """The pool as an option of the money model: its platform and pricing, a unit of the pool's GPUs
    (its nodes counted apart), no engineering (the option carries it)."""
    pool = o.topology.pool(role)
    assert pool is not None
    po = pool_option(o, role)
    c = o.cost
    cost = CostInputs(pricing=pool.pricing or c.pricing,
                      gpu_hour_usd=c.gpu_hour_usd if po.platform == o.platform else None,
                      capex_per_gpu_usd=c.capex_per_gpu_usd if po.platform == o.platform else None,
                      amortization_years=c.amortization_years, power_kw_per_gpu=c.power_kw_per_gpu
                      if po.platform == o.platform else None,
                      hosting_usd_per_gpu_hour=c.hosting_usd_per_gpu_hour if po.platform == o.platform else None,
                      porting_effort_person_weeks=Estimate(0, 0, 0),
                      time_to_production_weeks=c.time_to_production_weeks)
    topo = Topology(gpus_per_node=unit_gpus, unit_gpus=unit_gpus, spare_units=spare_units)
    return dataclasses.replace(po, id=f"{o.id}.{role.value}", topology=topo, cost=cost, hosted=None)


def node_of(o: Option, role: PoolRole) -> int:
    pool = o.topology.pool(role)
    n = pool.gpus_per_node if pool is not None and pool.gpus_per_node else o.topology.gpus_per_node
    return max(int(n or 1), 1)


def pricing_of(o: Option, role: PoolRole) -> Pricing:
    pool = o.topology.pool(role)
    return (pool.pricing if pool is not None and pool.pricing is not None else o.cost.pricing)


_BASIS_FLAGS = {
    PoolBasis.ASSUMED: msg("pools.capacity_assumed", "ASSUMPTION, not a measurement: the pool's stated capacity"),
    PoolBasis.PROXY: msg("pools.capacity_proxy", "proxy: a run the user accepted for this pool, its discount applied"),
    PoolBasis.PREDICTED: msg("pools.capacity_predicted", "predicted by an estimator or simulator, not a measurement"),
}
#: a money figure that rests on a pool capacity that is not measured (the weakest basis of the two pools)
_COST_FLAGS = {
    PoolBasis.ASSUMED: msg("pools.cost_assumed", "rests on an assumed pool capacity"),
    PoolBasis.PROXY: msg("pools.cost_proxy", "rests on a proxy pool capacity"),
    PoolBasis.PREDICTED: msg("pools.cost_predicted", "rests on a predicted pool capacity"),
}


def _money_figure(name: Message, value: float | None, unit: str, trail: tuple[TrailItem, ...],
                  reason: Message, flags: tuple[Message, ...] = ()) -> Figure:
    if value is None or not math.isfinite(value):
        return missing(name, unit, reason)
    return Figure(name, value, unit, trail, flags=flags)


def assess(ws: Workspace, p: PoolPlan, demand: Figure, headroom: float) -> OptionPools:
    """The pools of a disaggregated option, sized and priced (each on its own platform)."""
    from deepdecide.analysis.cost import costs, globals_of, option_inputs, run_money

    o, t, r = p.option, p.option.topology, p.r
    pc, dc = p.caps["prefill"], p.caps["decode"]
    messages = list(p.messages)
    sizing: Sizing | None = None
    if not p.used and pc.value is not None and dc.value is not None:
        messages.append(msg("pools.not_used", "the option is sized by its own capacity ({basis}): a failing or "
                                              "measured figure is never replaced by the pools' stated assumptions, "
                                              "so the pools are not sized", basis=p.option_basis))
    elif pc.value is not None and dc.value is not None and demand.value is not None:
        if p.measured is not None:
            sizing = size_measured(demand.value, r, headroom, p.measured[0], p.measured[1], pc.value, dc.value,
                                   p.measured[2], p.measured[3])
        else:
            sizing = size_pools(demand.value, r, headroom, t.prefill.gpus_per_worker if t.prefill else 1,
                                t.decode.gpus_per_worker if t.decode else 1, pc.value, dc.value)
    if not r > 0:
        messages.append(msg("pools.no_mix", "the demand states no input tokens per request: the prefill pool is "
                                            "not sized against the input tokens"))
    fleets: dict[str, tuple[Fleet, Costs]] = {}
    if sizing is not None and r > 0 and pc.value is not None and dc.value is not None:
        inputs = []
        for role in PoolRole:
            pool = t.pool(role)
            assert pool is not None
            if p.measured is not None:
                unit = p.measured[0] if role == PoolRole.PREFILL else p.measured[1]
                eq = (sizing.unit_output_tps or 0.0) / unit
            else:
                unit = pool.gpus_per_worker
                eq = (pc.value / r) if role == PoolRole.PREFILL else dc.value
            pseudo = pool_inputs_option(o, role, unit, t.spare_units)
            inputs.append(option_inputs(pseudo, [], Estimate.exact(eq), ws))
        problems: list[Message] = []
        g = globals_of(ws, problems)
        run = run_money(ws, inputs, demand, g)
        for j, role in enumerate(PoolRole):
            est = inputs[j].capacity
            eq_fig = Figure(CAPACITY_NAME, float(est.likely) if est is not None else None, "output tok/s/GPU")
            fleets[role.value] = costs(run, j, eq_fig, demand)
    weakest = _COST_FLAGS.get(_weakest(p.caps["prefill"].basis, p.caps["decode"].basis))
    money_flags = (weakest,) if weakest is not None else ()
    pools: dict[str, PoolAssessment] = {}
    for role in PoolRole:
        pool = t.pool(role)
        assert pool is not None
        po = pool_option(o, role)
        c = p.caps[role.value]
        cap_unit = PREFILL_UNIT if role == PoolRole.PREFILL else DECODE_UNIT
        node = node_of(o, role)
        basis_flag = _BASIS_FLAGS.get(c.basis)
        cap_fig = (Figure(CAPACITY_NAME, c.value, cap_unit, c.trail, flags=(basis_flag,) if basis_flag else ())
                   if c.value is not None else
                   missing(CAPACITY_NAME, cap_unit, c.reason or msg("pools.no_capacity_short", "no capacity")))
        pa = PoolAssessment(role.value, po.platform, po.runtime, p.per_pool[role.value], pool.gpus_per_worker,
                            cap_fig, c.basis, "TTFT" if role == PoolRole.PREFILL else "TPOT", c.low, c.high,
                            note=c.note, node_gpus=node)
        if sizing is not None:
            workers = sizing.prefill_workers if role == PoolRole.PREFILL else sizing.decode_workers
            pa = dataclasses.replace(pa, workers=float(workers))
        got = fleets.get(role.value)
        if got is not None:
            fleet, cst = got
            gpus = fleet.gpus.value
            per_unit_workers = ((p.measured[2] if role == PoolRole.PREFILL else p.measured[3])
                                if p.measured is not None else 1)
            spare = float(fleet.spare_units * per_unit_workers)
            tok_div = r if role == PoolRole.PREFILL else 1.0
            cpm = cst.cost_per_m_tokens_usd
            cpm_v = cpm.value / tok_div if cpm.value is not None else None
            what = "input" if role == PoolRole.PREFILL else "output"
            per_m = (msg("figure.cost_per_m_input", "$/M input tokens") if role == PoolRole.PREFILL else
                     msg("figure.cost_per_m_output", "$/M output tokens"))
            pa = dataclasses.replace(
                pa, spare_workers=spare, gpus=gpus, nodes=math.ceil(gpus / node - 1e-9) if gpus is not None else None,
                owned_used=fleet.owned_used, new_gpus=fleet.shortfall_gpus, acquire=fleet.acquire,
                tco_cash_usd=cst.cash.tco_usd.value if cst.cash else None,
                tco_all_in_usd=cst.all_in.tco_usd.value if cst.all_in else None,
                cost_per_m_tokens_usd=_money_figure(
                    per_m, cpm_v, f"$/M {what} tok",
                    (TrailItem(msg("trail.pool_cost", "{role} pool $/M output-equivalent tokens", role=role.value),
                               cpm.value, "$/M tok", msg("trail.see_trail", "see its trail")),
                     TrailItem(msg("trail.tokens_in_per_out", "input tokens per output token"), tok_div, "",
                               msg("trail.workspace_demand", "workspace demand"))),
                    cpm.missing_reason or msg("pools.no_cost", "no cost"), money_flags))
        pools[role.value] = pa
    cin = pools["prefill"].cost_per_m_tokens_usd
    cout = pools["decode"].cost_per_m_tokens_usd
    blended = None
    if cin is not None and cout is not None and cin.value is not None and cout.value is not None:
        # both pools over input + output tokens: (prefill $ + decode $) / (input + output tokens)
        v = (cin.value * r + cout.value) / (1.0 + r)
        blended = Figure(msg("figure.blended_cost_per_m", "$/M tokens, blended"), v, "$/M tok", flags=money_flags,
                         trail=(
            TrailItem(msg("figure.cost_per_m_input", "$/M input tokens"), cin.value, "$/M input tok",
                      msg("trail.pool_prefill", "prefill pool")),
            TrailItem(msg("figure.cost_per_m_output", "$/M output tokens"), cout.value,
                      "$/M output tok", msg("trail.pool_decode", "decode pool")),
            TrailItem(msg("trail.tokens_in_per_out", "input tokens per output token"), r, "",
                      msg("trail.workspace_demand", "workspace demand"))))
    experimental = tuple(role for role, c in p.per_pool.items() if not c.official)
    if sizing is not None and sizing.ratio == "measured" and sizing.idle_share and sizing.idle_share > 0.05:
        other = "decode" if sizing.limiting == "prefill" else "prefill"
        messages.append(msg("pools.idle", "at the measured ratio the {limiting} pool limits: {share:.0%} of the "
                                          "{other} pool's capacity is unused (another ratio needs its own "
                                          "measurement)", limiting=sizing.limiting, share=sizing.idle_share,
                            other=other))
    kv = t.kv_transfer.value
    return OptionPools(t.kind.value, kv, sizing.ratio if sizing else ("measured" if p.measured else "sized"),
                       pools["prefill"], pools["decode"],
                       sizing.unit_output_tps if sizing else None, float(sizing.units) if sizing and
                       sizing.units is not None else None, sizing.limiting if sizing else "",
                       sizing.idle_share if sizing else None,
                       p.capacity.figure if p.capacity is not None else None, cin, cout, blended, experimental,
                       tuple(messages))
