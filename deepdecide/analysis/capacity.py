"""Capacity under the SLO: the highest output tokens/s per GPU that meets it.

Only runs of the option's runtime on the option's exact platform count; a measurement on
one platform is never scaled to another. Runs are grouped into sweeps (same GPU count,
model, quantization, dataset and token lengths) ordered by load (concurrency, else request
rate). Between a run that meets the SLO and the next, heavier one that does not, the limit is
found by linear interpolation of the failing metrics and of the throughput, which stays
between the two measured values (monotone, never overshooting). Nothing is extrapolated
beyond the heaviest run measured; when that run still meets the SLO the value is flagged as
a lower bound.
"""

from __future__ import annotations

import math
from collections import defaultdict

from deepdecide.analysis.assessment import Capacity, CapacityBasis, CapacityPoint, Figure, TrailItem
from deepdecide.analysis.evidence import (
    EvidenceIndex,
    describe_slo,
    interactivity,
    output_tps_per_gpu,
    run_label,
)
from deepdecide.domain.evidence import BenchmarkRun
from deepdecide.domain.workspace import SLO, Option

UNIT = "output tok/s/GPU"
NAME = "capacity under the SLO"


def _bucket(x: float | None) -> int | None:
    # token lengths vary a little between runs of one sweep (sampled datasets): ~40 % buckets
    return None if not x or x <= 0 else round(math.log2(x) * 2)


def _sweep_key(r: BenchmarkRun) -> tuple:
    return (r.gpu_count, r.prefill_gpus, r.decode_gpus, r.model, r.quantization, r.dataset,
            _bucket(r.input_tokens), _bucket(r.output_tokens))


def _load(r: BenchmarkRun) -> float:
    if r.concurrency is not None:
        return r.concurrency
    if r.request_rate is not None:
        return r.request_rate
    return math.inf


def _crossing(a: BenchmarkRun, b: BenchmarkRun, slo: SLO) -> tuple[float, str]:
    """Fraction t in [0, 1] of the way from a (meets the SLO) to b (does not) where the first
    limit is reached, and which limit it is. Limits b lacks a number for give t = 0."""
    limits: list[tuple[float | None, float | None, float, bool, str]] = []
    if slo.ttft_p99_ms is not None:
        limits.append((a.ttft_ms_p99, b.ttft_ms_p99, slo.ttft_p99_ms, True, "TTFT p99"))
    if slo.tpot_p99_ms is not None:
        limits.append((a.tpot_ms_p99, b.tpot_ms_p99, slo.tpot_p99_ms, True, "TPOT p99"))
    if slo.min_interactivity_tps_per_user is not None:
        limits.append((interactivity(a), interactivity(b), slo.min_interactivity_tps_per_user, False,
                       "interactivity"))
    if slo.max_error_rate is not None:
        limits.append((a.error_rate, b.error_rate, slo.max_error_rate, True, "error rate"))
    best_t, which = 1.0, ""
    for va, vb, lim, upper, name in limits:
        if va is None or vb is None:
            t = 0.0
        elif upper:
            if vb <= lim:
                continue
            t = (lim - va) / (vb - va) if vb > va else 0.0
        else:
            if vb >= lim:
                continue
            t = (va - lim) / (va - vb) if va > vb else 0.0
        t = min(max(t, 0.0), 1.0)
        if t < best_t or not which:
            best_t, which = t, name
    if b.completed is not None and b.completed <= 0:
        best_t, which = 0.0, "no request completed"
    return best_t, which


def capacity(idx: EvidenceIndex, option: Option, slo: SLO) -> Capacity:
    """The option's capacity under the SLO, with the runs it looked at."""
    runs = idx.runs.get((option.runtime, option.platform), [])
    target = str(describe_slo(slo))
    sweeps: dict[tuple, list[BenchmarkRun]] = defaultdict(list)
    for r in runs:
        sweeps[_sweep_key(r)].append(r)

    points: list[CapacityPoint] = []
    # the best candidate so far: (tps, basis, group, index in group, fraction, limit); its trail is
    # written once at the end
    best: tuple[float, CapacityBasis, list[BenchmarkRun], int, float, str] | None = None
    fails_of: dict[int, tuple[str, ...]] = {}

    for group in sweeps.values():
        group.sort(key=_load)
        fails = [idx.failures(r, slo) for r in group]
        tps = [output_tps_per_gpu(r) for r in group]
        for r, f, t in zip(group, fails, tps, strict=True):
            points.append(CapacityPoint(run_label(r), r.concurrency, r.request_rate, t, not f, f))
        sweep_axis = len(group) > 1 and all(_load(r) != math.inf for r in group)
        last = len(group) - 1
        for i in range(len(group)):
            t = tps[i]
            if fails[i] or t is None:
                continue
            basis = CapacityBasis.LOWER_BOUND if (i == last and sweep_axis) else CapacityBasis.MEASURED
            if best is None or t > best[0]:
                best = (t, basis, group, i, 0.0, "")
            if i == last or not sweep_axis:
                continue
            t_next = tps[i + 1]
            if fails[i + 1] and t_next is not None and t_next > t:
                frac, limit = _crossing(group[i], group[i + 1], slo)
                value = t + frac * (t_next - t)
                if frac > 0 and value > best[0]:
                    best = (value, CapacityBasis.INTERPOLATED, group, i, frac, limit)
                    fails_of[id(group[i + 1])] = fails[i + 1]

    if best is not None:
        value, basis, group, i, frac, limit = best
        r = group[i]
        src = f"run {run_label(r)} ({r.tool or 'benchmark'})"
        t = output_tps_per_gpu(r)
        if basis == CapacityBasis.INTERPOLATED:
            nxt = group[i + 1]
            src2 = f"run {run_label(nxt)} ({nxt.tool or 'benchmark'})"
            trail = (
                TrailItem("meets the SLO at", t, UNIT, src),
                TrailItem("misses the SLO at", output_tps_per_gpu(nxt), UNIT,
                          f"{src2}: {'; '.join(fails_of.get(id(nxt), ()))}"),
                TrailItem(f"fraction of the step where {limit} reaches its limit", frac, "", "linear"),
                TrailItem("SLO", target, "", "workspace SLO"),
            )
            flags: tuple[str, ...] = ()
        else:
            trail = (
                TrailItem("output tok/s per GPU", t, UNIT, src),
                TrailItem("output throughput", r.output_throughput_tps, "tok/s", src),
                TrailItem("GPUs in the run", r.gpu_count, "GPUs", src),
                TrailItem("SLO", target, "", "workspace SLO"),
            )
            flags = (("lower bound: the SLO still holds at the heaviest load measured (not extrapolated)",)
                     if basis == CapacityBasis.LOWER_BOUND else ())

    others = idx.other_platforms(option.runtime, option.platform, runs_only=True)
    other_note = (f"runs of {option.runtime} on {', '.join(others)} are not used: a measurement on one "
                  f"platform is never scaled to another") if others else ""
    if best is not None:
        if other_note:
            flags = (*flags, other_note)
        return Capacity(Figure(NAME, value, UNIT, trail, flags=flags), basis, tuple(points))

    if runs:
        why = f"none of the {len(runs)} run(s) of {option.runtime} on {option.platform} meets the SLO ({target})"
    else:
        why = f"no run of {option.runtime} on {option.platform}"
    assumed = option.cost.assumed_output_tps_per_gpu
    if assumed is not None:
        if assumed.low <= 0 or not assumed.is_ordered:
            return Capacity(Figure(NAME, None, UNIT, missing_reason=(
                f"{why}; the assumed capacity {assumed.low:g}/{assumed.likely:g}/{assumed.high:g} is not a "
                "positive ordered low/likely/high")), CapacityBasis.NONE, tuple(points))
        note = option.cost.assumption_note or "no measurement"
        flags = (f"ASSUMPTION, not a measurement ({why}): performs is not reached", )
        if other_note:
            flags = (*flags, other_note)
        trail = (TrailItem("assumed output tok/s per GPU (likely)", assumed.likely, UNIT,
                           f"options.{option.id}.cost.assumed_output_tps_per_gpu: {note}"),
                 TrailItem("range low / high", f"{assumed.low:g} / {assumed.high:g}", UNIT, "assumption"))
        return Capacity(Figure(NAME, assumed.likely, UNIT, trail, flags=flags), CapacityBasis.ASSUMED,
                        tuple(points), assumed.low, assumed.high)
    reason = f"{why}, and the option gives no assumed_output_tps_per_gpu"
    if other_note:
        reason += f"; {other_note}"
    return Capacity(Figure(NAME, None, UNIT, missing_reason=reason), CapacityBasis.NONE, tuple(points))
