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
  rented), without engineering. Pools on one platform share its owned GPUs once: the prefill pool
  takes what it needs first, the decode pool the rest (year by year; money.allocate_owned).
  $/M input tokens = the prefill pool's cost per million input tokens, $/M output tokens = the
  decode pool's per million output tokens, blended = both pools per million tokens of both
  directions.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from deepdecide.analysis import cashflow
from deepdecide.analysis.assessment import (
    Capacity,
    CapacityBasis,
    CapacitySource,
    CashFlow,
    CashMonth,
    Classification,
    Costs,
    CostViewFigures,
    DemandSplit,
    Figure,
    Fleet,
    OptionPools,
    PoolAssessment,
    PoolBasis,
    RangeBasis,
    TrailItem,
    missing,
)
from deepdecide.analysis.capacity import _tiers
from deepdecide.analysis.cost import MoneyRun, costs, globals_of, option_inputs, run_money
from deepdecide.analysis.evidence import EvidenceIndex, classify
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import BenchmarkRun
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.presentation import platform_short, runtime_short
from deepdecide.domain.slo import SLO
from deepdecide.domain.workspace import (
    CostInputs,
    CostView,
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
    discount: tuple[float, float, float] | None = None  # a proxy run's accepted discount
    raw: float | None = None  # the proxy run's own figure, before its discount


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


def _best_run(idx: EvidenceIndex, o: Option, slo: SLO
              ) -> tuple[BenchmarkRun, CapacitySource, tuple[float, float, float]] | None:
    """The applicable disaggregated run of the option's runtime and platform that meets the SLO and
    makes the most output tok/s per GPU of both roles (the first source that has one decides)."""

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
            # an accepted proxy's discount (low, likely, high); exact otherwise
            discount = idx.discount[id(best[1])] if source == CapacitySource.PROXY else (1.0, 1.0, 1.0)
            return best[1], source, discount
    return None


def _from_run(r: BenchmarkRun, source: CapacitySource, discount: tuple[float, float, float],
              role: PoolRole) -> _PoolCap:
    caps = per_role_capacity(r)
    assert caps is not None
    scale = discount[1]
    raw = caps[0] if role == PoolRole.PREFILL else caps[1]
    value = raw * scale
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
    low = high = None
    if discount[0] < discount[2]:  # a proxy: drawn over its accepted discount, as an option's capacity is
        low, high = raw * discount[0], raw * discount[2]
    return _PoolCap(value, basis, low, high, trail=trail, note=msg("pools.note_run", "{basis}, {run}",
                                                                   basis=basis.value, run=label),
                    discount=discount, raw=raw)


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
        run, source, discount = found
        for role in PoolRole:
            caps[role.value] = _from_run(run, source, discount, role)
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
        ranged = _option_range_note(caps, low, high)
        if ranged is not None:
            cap = dataclasses.replace(cap, range_basis=RangeBasis.POOLS, range_note=ranged)
        elif basis == PoolBasis.PREDICTED and run is not None:  # said, never left to look exact by silence
            cap = dataclasses.replace(cap, range_basis=RangeBasis.UNKNOWN_ERROR, range_note=msg(
                "pools.range_predicted", "predicted per pool by {tool}: drawn at its value, as no error of the "
                                         "predictor is stated for each pool", tool=run.tool or "?"))
    else:
        for c in (pc, dc):
            if c.reason is not None:
                messages.append(c.reason)
    return PoolPlan(o, cls, per, caps, measured, run, cap, messages, r)


def capacity_range(p: PoolPlan, role: str) -> Estimate | None:
    """A pool's capacity as the draws take it: its stated low / likely / high (an assumption), else
    exact at its value (None: the pool has no capacity)."""
    c = p.caps[role]
    if c.value is None:
        return None
    low = c.low if c.low is not None else c.value
    high = c.high if c.high is not None else c.value
    return Estimate(low, c.value, high)


_INPUT_LABELS = {
    ("prefill", PoolBasis.ASSUMED): msg("input.pool_prefill_assumed", "prefill pool: assumed input tok/s/GPU"),
    ("decode", PoolBasis.ASSUMED): msg("input.pool_decode_assumed", "decode pool: assumed output tok/s/GPU"),
    ("prefill", PoolBasis.PROXY): msg("input.pool_prefill_proxy", "prefill pool: proxy input tok/s/GPU"),
    ("decode", PoolBasis.PROXY): msg("input.pool_decode_proxy", "decode pool: proxy output tok/s/GPU"),
    ("prefill", PoolBasis.PREDICTED): msg("input.pool_prefill_predicted", "prefill pool: predicted input tok/s/GPU"),
    ("decode", PoolBasis.PREDICTED): msg("input.pool_decode_predicted", "decode pool: predicted output tok/s/GPU"),
    ("prefill", PoolBasis.MEASURED): msg("input.pool_prefill_measured", "prefill pool: measured input tok/s/GPU"),
    ("decode", PoolBasis.MEASURED): msg("input.pool_decode_measured", "decode pool: measured output tok/s/GPU"),
}


def input_label(p: PoolPlan, role: str) -> Message | None:
    """A pool's capacity named as an input of the draws and sweeps, with the basis it rests on."""
    return _INPUT_LABELS.get((role, p.caps[role].basis))


def range_note(p: PoolPlan, role: str) -> Message | None:
    """What a pool's capacity range for the draws rests on (None: the pool's capacity is exact)."""
    return _range_note(p.caps[role], role)


def _range_note(c: _PoolCap, role: str) -> Message | None:
    if c.value is None or c.low is None or c.high is None or not c.low < c.high:
        return None
    unit = PREFILL_UNIT if role == "prefill" else DECODE_UNIT
    if c.discount is not None and c.raw is not None:
        d = c.discount
        return msg("pools.range_proxy", "proxy: the draws go from {low} to {high} {unit}, the accepted discount "
                                        "({d_low:g} / {d_likely:g} / {d_high:g}) of the run's {value} for the {role} "
                                        "pool", low=c.low, high=c.high, unit=unit, d_low=d[0], d_likely=d[1],
                   d_high=d[2], value=c.raw, role=role)
    return msg("pools.range_assumed", "assumption: the draws go from {low} to {high} {unit}, the {role} pool's "
                                      "stated low and high", low=c.low, high=c.high, unit=unit, role=role)


def _option_range_note(caps: dict[str, _PoolCap], low: float | None, high: float | None) -> Message | None:
    """What a pool-sized option's capacity range rests on: its pools' ranges, each drawn on its own."""
    notes = {role: _range_note(caps[role], role) for role in ("prefill", "decode")}
    if low is None or high is None or not low < high or all(n is None for n in notes.values()):
        return None
    pc, dc = caps["prefill"], caps["decode"]
    return msg("pools.range_option", "from its pools, each pool's capacity drawn on its own: prefill {pl} to {ph} "
                                     "input tok/s/GPU, decode {dl} to {dh} output tok/s/GPU; the option's capacity "
                                     "goes from {low} to {high} output tok/s/GPU with both pools at their low or "
                                     "their high", pl=pc.low if pc.low is not None else pc.value,
               ph=pc.high if pc.high is not None else pc.value, dl=dc.low if dc.low is not None else dc.value,
               dh=dc.high if dc.high is not None else dc.value, low=low, high=high)


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


@dataclass
class PoolMoney:
    """Each pool of an option priced by the money model on its own platform: ``fleets`` per role
    (its fleet and costs), ``run`` the money model over the two pools (column 0 prefill, 1 decode)."""

    fleets: dict[str, tuple[Fleet, Costs]]
    run: object | None = None  # cost.MoneyRun (not imported here: cost imports nothing of the pools)


def sizing_of(p: PoolPlan, demand: Figure, headroom: float) -> Sizing | None:
    """The pools' workers for the demand (None: not sized: a pool has no capacity, no demand, or the
    option's own capacity stands)."""
    t, r = p.option.topology, p.r
    pc, dc = p.caps["prefill"], p.caps["decode"]
    if not p.used or pc.value is None or dc.value is None or demand.value is None:
        return None
    if p.measured is not None:
        return size_measured(demand.value, r, headroom, p.measured[0], p.measured[1], pc.value, dc.value,
                             p.measured[2], p.measured[3])
    return size_pools(demand.value, r, headroom, t.prefill.gpus_per_worker if t.prefill else 1,
                      t.decode.gpus_per_worker if t.decode else 1, pc.value, dc.value)


def pool_money(ws: Workspace, p: PoolPlan, sizing: Sizing | None, demand: Figure | None = None,
               headroom: float = 0.0) -> PoolMoney:
    """Each pool priced on its own platform (its owned GPUs first, then bought or rented), without
    engineering (the option carries it) and without the current fleet (the option's bridge)."""

    if sizing is None and demand is not None:
        sizing = sizing_of(p, demand, headroom)
    o, t, r = p.option, p.option.topology, p.r
    pc, dc = p.caps["prefill"], p.caps["decode"]
    fleets: dict[str, tuple[Fleet, Costs]] = {}
    run = None
    if demand is None:
        demand = Figure(msg("figure.demand", "demand"), None, "output tok/s")
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
            # the ends of the pools' capacity ranges (both low, both high) give the ends of the pool's money
            # range, as an option's capacity range gives its own; the likely value stays the sizing's
            ends = [_output_equivalent(p.measured, r, role, a if a is not None else pc.value,
                                       b if b is not None else dc.value)
                    for a, b in ((pc.low, dc.low), (pc.high, dc.high))]
            pseudo = pool_inputs_option(o, role, unit, t.spare_units)
            inputs.append(option_inputs(pseudo, [], Estimate(min(ends[0], eq), eq, max(ends[1], eq)), ws))
        problems: list[Message] = []
        g = globals_of(ws, problems)
        # pools on one platform draw on its owned GPUs once: the prefill pool first, the rest to decode
        plats = [pool_option(o, role).platform for role in PoolRole]
        run = run_money(ws, inputs, demand, g, share=[plats.index(pf) for pf in plats])
        for j, role in enumerate(PoolRole):
            est = inputs[j].capacity
            eq_fig = Figure(CAPACITY_NAME, float(est.likely) if est is not None else None, "output tok/s/GPU")
            fleets[role.value] = costs(run, j, eq_fig, demand)
    return PoolMoney(fleets, run)


def _output_equivalent(measured: tuple[int, int, int, int] | None, r: float, role: PoolRole, pcap: float,
                       dcap: float) -> float:
    """A pool's output tok/s per GPU as the money model prices it (pool_money): at a measured configuration
    one copy's output over the pool's GPUs of it; else prefill capacity / r, or the decode capacity."""
    if measured is not None:
        unit_out = min(measured[1] * dcap, measured[0] * pcap / r)
        return unit_out / (measured[0] if role == PoolRole.PREFILL else measured[1])
    return pcap / r if role == PoolRole.PREFILL else dcap


def assess(ws: Workspace, p: PoolPlan, demand: Figure, headroom: float,
           money: PoolMoney | None = None) -> OptionPools:
    """The pools of a disaggregated option, sized and priced (each on its own platform)."""
    o, t, r = p.option, p.option.topology, p.r
    pc, dc = p.caps["prefill"], p.caps["decode"]
    messages = list(p.messages)
    sizing = sizing_of(p, demand, headroom)
    if not p.used and pc.value is not None and dc.value is not None:
        messages.append(msg("pools.not_used", "the option is sized by its own capacity ({basis}): a failing or "
                                              "measured figure is never replaced by the pools' stated assumptions, "
                                              "so the pools are not sized", basis=p.option_basis))
    if not r > 0:
        messages.append(msg("pools.no_mix", "the demand states no input tokens per request: the prefill pool is "
                                            "not sized against the input tokens"))
    if money is None:
        money = pool_money(ws, p, sizing, demand)
    fleets = money.fleets
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
                            note=c.note, node_gpus=node, platform_name=platform_short(ws.matrix, po.platform),
                            runtime_name=runtime_short(ws.matrix, po.runtime), range_note=_range_note(c, role.value))
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


# ---------------------------------------------------------------------------------------------
# a mixed-hardware option's money: its pools, each on its own platform, plus what the option carries


def mixed(p: PoolPlan) -> bool:
    """Whether the option is sized by its pools and a pool runs on another platform than the option's."""
    return p.used and any(pool_option(p.option, role).platform != p.option.platform for role in PoolRole)


def unpriced(p: PoolPlan, money: PoolMoney) -> Message | None:
    """Why the pools cannot price the option (None: both pools are priced)."""
    bad: list[str] = []
    why: Message | str = ""
    for role in PoolRole:
        got = money.fleets.get(role.value)
        if got is None:
            bad.append(role.value)
            why = why or msg("pools.not_sized", "the pools are not sized (a pool has no capacity, or there is no "
                                                "demand)")
            continue
        tco = got[1].tco_usd
        if tco.value is None:
            bad.append(role.value)
            why = why or (tco.missing_reason or msg("pools.no_cost", "no cost"))
    if not bad:
        return None
    return msg("pools.unpriced", "the {roles} pool cannot be priced on its own platform ({reason}): the option's "
                                 "money is not stated rather than priced on {platform}", roles=tuple(bad),
               reason=why, platform=p.option.platform)


def _sum(values: list[float | None]) -> float | None:
    if any(v is None or not math.isfinite(v) for v in values):
        return None
    return float(sum(v for v in values if v is not None))


def _pool_items(name: Message | str, parts: dict[str, Figure], unit: str, platforms: dict[str, str]) -> list[TrailItem]:
    return [TrailItem(msg("trail.pool_figure", "{role} pool on {platform}: {what}", role=role,
                          platform=platforms[role], what=name), f.value, unit,
                      msg("trail.pool_priced", "the {role} pool priced on its own platform", role=role))
            for role, f in parts.items()]


def combine(p: PoolPlan, money: PoolMoney, fleet: Fleet, costs_: Costs, flow: CashFlow | None,
            bridge_month: tuple[float, float], horizon_months: float, util: float | None
            ) -> tuple[Fleet, Costs, CashFlow | None]:
    """A mixed option's fleet, costs and cash flow from its pools, each priced on its own platform
    (owned GPUs of that platform first), plus what the option carries: its engineering and the
    current fleet until both pools are in service (docs/analysis.md, "Prefill and decode pools").

    ``fleet`` / ``costs_`` / ``flow`` are the option's own single-platform figures: only its
    engineering, time to production and pricing are kept from them."""
    pf, pc = money.fleets["prefill"]
    df, dc = money.fleets["decode"]
    fleets = {"prefill": pf, "decode": df}
    cs = {"prefill": pc, "decode": dc}
    plat = {role.value: pool_option(p.option, role).platform for role in PoolRole}
    services = [f.service_month for f in fleets.values()]
    s_mix = max((v for v in services if v is not None), default=0.0)
    bm = min(s_mix, horizon_months) if math.isfinite(horizon_months) else s_mix
    bc_m, bv_m = bridge_month
    bridge_c = bm * bc_m if math.isfinite(bc_m) else 0.0
    bridge_v = bm * bv_m if math.isfinite(bv_m) else 0.0
    eng = costs_.engineering_usd.value
    src = msg("trail.pools_sum", "sum of the pools, each priced on its own platform")

    gpus_v = _sum([f.gpus.value for f in fleets.values()])
    gpus = (Figure(fleet.gpus.name, gpus_v, "GPUs", tuple(_pool_items(msg("trail.pool_gpus", "GPUs"),
                                                                      {k: f.gpus for k, f in fleets.items()},
                                                                      "GPUs", plat)),
                   flags=tuple(dict.fromkeys(x for f in fleets.values() for x in f.gpus.flags)))
            if gpus_v is not None else missing(fleet.gpus.name, "GPUs", msg("pools.not_sized", "the pools are not "
                                                                             "sized (a pool has no capacity, or there "
                                                                             "is no demand)")))

    def opt_sum(attr: str) -> float | None:
        vals = [getattr(f, attr) for f in fleets.values()]
        return None if all(v is None for v in vals) else float(sum(v or 0.0 for v in vals))

    short = opt_sum("shortfall_gpus")
    acquires = {f.acquire for f in fleets.values() if f.acquire}
    new_fleet = dataclasses.replace(
        fleet, gpus=gpus, raw_gpus=None, nodes=opt_sum("nodes"), owned_gpus=opt_sum("owned_gpus"),
        owned_used=opt_sum("owned_used"), shortfall_gpus=short, freed_gpus=opt_sum("freed_gpus"),
        acquire="buy" if "buy" in acquires else ("rent" if acquires else ""),
        warnings=tuple(dict.fromkeys((*fleet.warnings, *(w for f in fleets.values() for w in f.warnings)))),
        units=None, spare_gpus=opt_sum("spare_gpus"), padding_gpus=opt_sum("padding_gpus"),
        bought_gpus=opt_sum("bought_gpus"), rented_gpus=opt_sum("rented_gpus"), years=(), service_month=s_mix)

    def view(v: CostViewFigures | None, pool_views: dict[str, CostViewFigures | None], cash: bool
             ) -> CostViewFigures | None:
        if v is None or any(x is None for x in pool_views.values()):
            return v
        pv = {k: x for k, x in pool_views.items() if x is not None}
        extra_hw = 0.0 if cash else bridge_v

        def fig(base: Figure, get: str, extra: float, extra_items: list[TrailItem]) -> Figure:
            parts = {k: getattr(x, get) for k, x in pv.items()}
            total = _sum([f.value for f in parts.values()])
            if total is None:
                reason = next((f.missing_reason for f in parts.values() if f.value is None), None)
                return missing(base.name, base.unit, reason or msg("pools.no_cost", "no cost"))
            return Figure(base.name, total + extra, base.unit,
                          (*_pool_items(base.name, parts, base.unit, plat), *extra_items,
                           TrailItem(FORMULA_SUM, src, "", "")),
                          flags=tuple(dict.fromkeys(x for f in parts.values() for x in f.flags)))

        bridge_items = ([TrailItem(msg("trail.bridge", "the current fleet until in service ({months} months)",
                                       months=int(bm)), bridge_c, "$",
                                   msg("trail.bridge_source", "the baseline's owned GPUs at their running cost"))]
                        if bm > 0 and bridge_c else [])
        hw = fig(v.hardware_usd, "hardware_usd", extra_hw, [TrailItem(
            msg("trail.bridge_value", "the current fleet's value until in service"), bridge_v, "$",
            msg("trail.see_trail", "see its trail"))] if extra_hw else [])
        pw = fig(v.power_usd, "power_usd", bridge_c, bridge_items)
        cpm = fig(v.cost_per_m_tokens_usd, "cost_per_m_tokens_usd", 0.0, [])
        if cpm.value is not None and util:
            eff = Figure(v.effective_cost_per_m_tokens_usd.name, cpm.value / util, cpm.unit, (
                TrailItem(msg("trail.cpm_full_use", "$/M at full use"), cpm.value, "$/M tokens", src),
                TrailItem(msg("input.utilization", "sustained utilization"), util, "fraction",
                          "assumptions.utilization")), flags=cpm.flags)
        else:
            eff = missing(v.effective_cost_per_m_tokens_usd.name, "$/M tokens",
                          cpm.missing_reason or msg("cost.utilization", "assumptions.utilization is not in (0, 1]"))
        g_parts = {k: (x.gpu_hour_usd.value, fleets[k].gpus.value) for k, x in pv.items()}
        hour_v = None
        if all(h is not None and n for h, n in g_parts.values()):
            n_all = sum(float(n or 0.0) for _, n in g_parts.values())
            hour_v = sum(float(h or 0.0) * float(n or 0.0) for h, n in g_parts.values()) / n_all
        hour = (Figure(v.gpu_hour_usd.name, hour_v, "$/GPU-h", (
            *_pool_items(v.gpu_hour_usd.name, {k: x.gpu_hour_usd for k, x in pv.items()}, "$/GPU-h", plat),
            TrailItem(FORMULA_SUM, msg("trail.pools_hour", "the pools' $/GPU-h weighted by their GPUs"), "", "")))
            if hour_v is not None else missing(v.gpu_hour_usd.name, "$/GPU-h", msg("pools.no_cost", "no cost")))
        fleet_tco = fig(v.tco_usd, "tco_usd", 0.0, [])
        if fleet_tco.value is None or eng is None or hw.value is None or pw.value is None:
            tco = missing(v.tco_usd.name, "$", fleet_tco.missing_reason or costs_.engineering_usd.missing_reason or
                          msg("pools.no_cost", "no cost"))
        else:
            tco = Figure(v.tco_usd.name, fleet_tco.value + bridge_c + (0.0 if cash else bridge_v) + eng, "$", (
                *fleet_tco.trail[:-1], *bridge_items,
                *([TrailItem(msg("trail.bridge_value", "the current fleet's value until in service"), bridge_v, "$",
                             msg("trail.see_trail", "see its trail"))] if not cash and bridge_v else []),
                TrailItem(msg("trail.engineering", "engineering"), eng, "$", msg("trail.see_trail", "see its trail")),
                TrailItem(FORMULA_SUM, src, "", "")), flags=fleet_tco.flags)
        extra_t = (tco.value - fleet_tco.value) if tco.value is not None and fleet_tco.value is not None else None
        lows = [x.low for x in pv.values()]
        highs = [x.high for x in pv.values()]
        tlows = [x.tco_low for x in pv.values()]
        thighs = [x.tco_high for x in pv.values()]
        lo_t, hi_t = _sum(tlows), _sum(thighs)
        return dataclasses.replace(
            v, gpu_hour_usd=hour, cost_per_m_tokens_usd=cpm, effective_cost_per_m_tokens_usd=eff, hardware_usd=hw,
            power_usd=pw, tco_usd=tco, assumed=v.assumed or any(x.assumed for x in pv.values()),
            low=_sum(lows), high=_sum(highs),
            tco_low=lo_t + extra_t if lo_t is not None and extra_t is not None else None,
            tco_high=hi_t + extra_t if hi_t is not None and extra_t is not None else None)

    cash = view(costs_.cash, {k: c.cash for k, c in cs.items()}, True)
    all_in = view(costs_.all_in, {k: c.all_in for k, c in cs.items()}, False)
    d = cash if costs_.view == CostView.CASH else all_in
    new_costs = costs_
    if d is not None:
        new_costs = dataclasses.replace(
            costs_, gpu_hour_usd=d.gpu_hour_usd, cost_per_m_tokens_usd=d.cost_per_m_tokens_usd,
            effective_cost_per_m_tokens_usd=d.effective_cost_per_m_tokens_usd, hardware_usd=d.hardware_usd,
            power_usd=d.power_usd, tco_usd=d.tco_usd, cash=cash, all_in=all_in, operating_hour_usd=None)
    return new_fleet, new_costs, _combined_flow(money, flow, bm, bc_m, bv_m, s_mix, cash, all_in)


FORMULA_SUM = msg("trail.formula", "formula")


def _combined_flow(money: PoolMoney, flow: CashFlow | None, bm: float, bc_m: float, bv_m: float, s_mix: float,
                   cash: CostViewFigures | None, all_in: CostViewFigures | None) -> CashFlow | None:
    """The pools' months summed, the option's engineering and the current fleet until both pools serve."""
    run = money.run
    if flow is None or not isinstance(run, MoneyRun):
        return None
    pools = [cashflow.cash_flow(run, k) for k in range(2)]
    if any(f is None or len(f.months) != len(flow.months) for f in pools):
        return None
    parts = [f for f in pools if f is not None]
    months: list[CashMonth] = []
    cum = 0.0
    bc = bc_m if math.isfinite(bc_m) else 0.0
    bv = bv_m if math.isfinite(bv_m) else 0.0
    econ_known = all(f.economic_total is not None for f in parts) and flow.economic_total is not None
    for i, own in enumerate(flow.months):
        bridge = i < bm
        capex = sum(f.months[i].capex for f in parts)
        opex = sum(f.months[i].opex for f in parts) + (bc if bridge else 0.0)
        total = capex + opex + own.engineering
        cum += total
        econ = (sum(f.months[i].economic or 0.0 for f in parts) + own.engineering + ((bc + bv) if bridge else 0.0)
                if econ_known else None)
        months.append(CashMonth(own.month, own.label, own.fiscal_year, capex, opex, own.engineering, total, cum,
                                econ))
    fy = cashflow.fiscal_years(months, econ_known)
    purchases = tuple(sorted((x for f in parts for x in f.purchases), key=lambda x: (x.month, x.kind)))
    notes: tuple[Message, ...] = ()
    if bm > 0 and months:
        notes = (msg("cash.bridge", "months {first}–{last}: the current fleet keeps serving until the option is "
                                    "in service", first=months[0].label, last=months[min(int(bm), len(months)) - 1].label),)
    tco_c = cash.tco_usd.value if cash is not None and cash.tco_usd.value is not None else cum
    tco_e = all_in.tco_usd.value if all_in is not None and econ_known else None
    return CashFlow(tuple(months), fy, purchases, int(s_mix), sum(f.residual for f in parts), tco_c, tco_e, notes)


def unpriced_figures(fleet: Fleet, costs_: Costs, why: Message) -> tuple[Fleet, Costs]:
    """A mixed option whose pools cannot all be priced: its money figures missing with the reason
    (never its single platform's prices standing in for a pool on another platform)."""

    def gone(f: Figure) -> Figure:
        return missing(f.name, f.unit, why)

    def view(v: CostViewFigures | None) -> CostViewFigures | None:
        if v is None:
            return None
        return dataclasses.replace(v, gpu_hour_usd=gone(v.gpu_hour_usd), cost_per_m_tokens_usd=gone(
            v.cost_per_m_tokens_usd), effective_cost_per_m_tokens_usd=gone(v.effective_cost_per_m_tokens_usd),
            hardware_usd=gone(v.hardware_usd), power_usd=gone(v.power_usd), tco_usd=gone(v.tco_usd),
            low=None, high=None, tco_low=None, tco_high=None)

    c = dataclasses.replace(
        costs_, gpu_hour_usd=gone(costs_.gpu_hour_usd), cost_per_m_tokens_usd=gone(costs_.cost_per_m_tokens_usd),
        effective_cost_per_m_tokens_usd=gone(costs_.effective_cost_per_m_tokens_usd),
        hardware_usd=gone(costs_.hardware_usd), power_usd=gone(costs_.power_usd), tco_usd=gone(costs_.tco_usd),
        cash=view(costs_.cash), all_in=view(costs_.all_in), operating_hour_usd=None, cash_flow=None, payback=None)
    f = dataclasses.replace(fleet, gpus=gone(fleet.gpus), nodes=None, owned_used=None, shortfall_gpus=None,
                            freed_gpus=None, acquire="", units=None, spare_gpus=None, padding_gpus=None,
                            bought_gpus=None, rented_gpus=None, years=())
    return f, c


def priced_per_pool(p: PoolPlan) -> Message:
    """Said on a mixed option whose pools price it."""
    platforms = tuple(dict.fromkeys(pool_option(p.option, role).platform for role in PoolRole))
    return msg("pools.priced_per_pool", "the pools run on {platforms}: each pool is priced on its own platform (its "
               "prices, power, hosting and owned GPUs), and the option's money is the sum of its pools plus its "
               "engineering; where the inputs are drawn or swept, each pool is priced with its platform's drawn prices",
               platforms=platforms)
