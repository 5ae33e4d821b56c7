"""Capacity under the SLO: the highest output tokens/s per GPU that meets it.

Only runs of the option's runtime on the option's exact platform that fit the workload count; a
measurement on one platform is never scaled to another. The sources are taken in order:
applicable measurements (own, else third-party), then runs the user accepted as a proxy (scaled by
the stated discount), then predictions, then the option's stated assumption. The first source that
has runs decides: when none of its runs meets the SLO, the option *fails the SLO at the lightest
measured load* and gets no capacity; the assumption never silently replaces a failing
measurement (only an explicit ``assumption_override`` with a reason keeps it).

Runs are grouped into sweeps (same GPU count, model, quantization, dataset and token lengths). The
load axis is the one that varies inside the group: concurrency, else the request rate (an
unlimited rate is the heaviest); when both vary, each concurrency is its own rate sweep. Runs are
ordered by that axis and by nothing that depends on the order of import. Between a run that meets
the SLO and the next, heavier one that does not, the limit is found by linear interpolation of the
failing metrics and of the throughput, which stays between the two measured values (monotone,
never overshooting). Nothing is extrapolated beyond the heaviest run measured: a single passing
point, or a sweep whose heaviest load still passes, gives a *lower bound*.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from deepdecide.analysis.assessment import (
    Capacity,
    CapacityBasis,
    CapacityPoint,
    CapacitySource,
    ConfigurationCapacity,
    Figure,
    RangeBasis,
    TrailItem,
)
from deepdecide.analysis.evidence import EvidenceIndex, describe_slo
from deepdecide.analysis.prediction import pair_correction, signed_percent, table_range, widen
from deepdecide.analysis.runs import output_tps_per_gpu, run_label
from deepdecide.domain import formatting
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import BenchmarkRun, ProvenanceKind, run_interval
from deepdecide.domain.i18n import N_
from deepdecide.domain.messages import Message, chain, msg, msgn
from deepdecide.domain.slo import SLO, crossing
from deepdecide.domain.workspace import Option

UNIT = N_("output tok/s/GPU")
NAME = msg("trail.capacity_slo", "capacity under the SLO")

WORKSPACE_SLO = msg("trail.workspace_slo", "workspace SLO")
RANGE = msg("trail.range", "range low / high")

_SOURCE_TEXT = {
    CapacitySource.OWN: msg("capacity.source.own", "own measurement"),
    CapacitySource.THIRD_PARTY: msg("capacity.source.third_party", "third-party measurement"),
    CapacitySource.PROXY: msg("capacity.source.proxy", "proxy (accepted by the user, discounted)"),
    CapacitySource.PREDICTED: msg("capacity.source.predicted", "prediction (estimator or simulator, not a measurement)"),
}


def _bucket(x: float | None) -> int | None:
    # token lengths vary a little between runs of one sweep (sampled datasets): ~40 % buckets
    return None if not x or x <= 0 else round(math.log2(x) * 2)


def _sweep_key(r: BenchmarkRun) -> tuple[object, ...]:
    # the server configuration is part of the identity: TP / EP / PP, DP-attention, speculative
    # decoding and disaggregation with the GPUs per role are different deployments, never one sweep;
    # runs with different token lengths never share one either
    return (r.gpu_count, r.configuration, r.model, r.quantization, r.dataset,
            _bucket(r.input_tokens), _bucket(r.output_tokens))


def configuration_text(r: BenchmarkRun) -> str:
    """The server configuration a run's file states, in the engines' own abbreviations: "TP8 EP8
    DP-attention MTP", "TP4 PD 2+6" (prefill + decode GPUs); "" where it states none."""
    parts: list[str] = []
    if r.tensor_parallel:
        parts.append(f"TP{r.tensor_parallel}")
    if r.expert_parallel and r.expert_parallel > 1:
        parts.append(f"EP{r.expert_parallel}")
    if r.pipeline_parallel and r.pipeline_parallel > 1:
        parts.append(f"PP{r.pipeline_parallel}")
    if r.dp_attention:
        parts.append("DP-attention")
    spec = r.speculative_decoding.strip()
    if spec and spec.lower() not in ("none", "off", "false"):
        parts.append(spec.upper() if spec.lower() == "mtp" else spec)
    if r.disaggregated or (r.prefill_gpus and r.decode_gpus):
        parts.append(f"PD {r.prefill_gpus or '?'}+{r.decode_gpus or '?'}" if r.prefill_gpus or r.decode_gpus
                     else "PD")
    return " ".join(parts)


def _rate(r: BenchmarkRun) -> float:
    """The offered request rate; unlimited ("inf") and unstated are the heaviest."""
    return r.request_rate if r.request_rate is not None else math.inf


def _conc(r: BenchmarkRun) -> float:
    return r.concurrency if r.concurrency is not None else math.inf


def _order(r: BenchmarkRun) -> tuple[float, float, float, str]:
    # a total order that does not depend on import order: load, then the result, then the name
    tps = output_tps_per_gpu(r)
    return (_conc(r), _rate(r), -(tps if tps is not None else -math.inf), run_label(r))


def sweeps(runs: Sequence[BenchmarkRun]) -> list[tuple[str, list[BenchmarkRun]]]:
    """The runs as sweeps: (load axis, runs ordered along it). The axis is "concurrency",
    "request rate" or "" (a single load point, however many runs)."""
    groups: dict[tuple[object, ...], list[BenchmarkRun]] = defaultdict(list)
    for r in runs:
        groups[_sweep_key(r)].append(r)
    out: list[tuple[str, list[BenchmarkRun]]] = []
    for key in sorted(groups, key=repr):
        group = groups[key]
        concs = {_conc(r) for r in group}
        rates = {_rate(r) for r in group}
        if len(concs) > 1 and len(rates) > 1:  # a grid: each fixed concurrency is a rate sweep
            by_c: dict[float, list[BenchmarkRun]] = defaultdict(list)
            for r in group:
                by_c[_conc(r)].append(r)
            for c in sorted(by_c):
                sub = by_c[c]
                axis = "request rate" if len({_rate(r) for r in sub}) > 1 else ""
                out.append((axis, sorted(sub, key=_order)))
        elif len(concs) > 1:
            out.append(("concurrency", sorted(group, key=_order)))
        elif len(rates) > 1:
            out.append(("request rate", sorted(group, key=lambda r: (_rate(r), *_order(r)))))
        else:
            out.append(("", sorted(group, key=_order)))
    return out


def _load_of(axis: str, r: BenchmarkRun) -> float:
    return _rate(r) if axis == "request rate" else _conc(r)


def _crossing(idx: EvidenceIndex, a: BenchmarkRun, b: BenchmarkRun, slo: SLO) -> tuple[float, str]:
    """Fraction t in [0, 1] of the way from a (meets the SLO) to b (does not) where the first
    limit is reached, and which limit it is (``domain.slo.crossing``, with each file's stated
    mappings); t = 0 where b completed no request."""
    if b.completed is not None and b.completed <= 0:
        return 0.0, "no request completed"
    return crossing(slo, a, b, idx.mappings.get(id(a), ()), idx.mappings.get(id(b), ()))


@dataclass
class _Best:
    value: float
    basis: CapacityBasis
    group: list[BenchmarkRun]
    i: int
    frac: float = 0.0
    limit: str = ""
    next_failures: tuple[Message, ...] = ()


def _search(idx: EvidenceIndex, runs: Sequence[BenchmarkRun], slo: SLO) -> tuple[_Best | None, BenchmarkRun | None]:
    """The best capacity the runs support, and (when none meets the SLO) the lightest run. Runs
    that cannot be judged on some limit (and miss none) are left out: they neither meet nor fail."""
    best: _Best | None = None
    lightest: tuple[tuple[float, float, str], BenchmarkRun] | None = None
    for axis, group in sweeps([r for r in runs if idx.judgement(r, slo).judged]):
        fails = [idx.failures(r, slo) for r in group]
        tps = [output_tps_per_gpu(r) for r in group]
        lightest_here = ((_conc(group[0]), _rate(group[0]), run_label(group[0])), group[0])
        if lightest is None or lightest_here[0] < lightest[0]:
            lightest = lightest_here
        last = len(group) - 1
        for i in range(len(group)):
            t = tps[i]
            if fails[i] or t is None:
                continue
            # a lower bound unless a heavier run of the sweep misses the SLO
            heavier_fails = bool(axis) and i < last and any(fails[j] for j in range(i + 1, len(group)))
            basis = CapacityBasis.MEASURED if heavier_fails else CapacityBasis.LOWER_BOUND
            if best is None or t > best.value:
                best = _Best(t, basis, group, i)
            if not axis or i == last:
                continue
            t_next = tps[i + 1]
            if (fails[i + 1] and t_next is not None and t_next > t
                    and _load_of(axis, group[i + 1]) > _load_of(axis, group[i])):
                frac, limit = _crossing(idx, group[i], group[i + 1], slo)
                value = t + frac * (t_next - t)
                if frac > 0 and value > best.value:
                    best = _Best(value, CapacityBasis.INTERPOLATED, group, i, frac, limit, fails[i + 1])
    return best, (lightest[1] if lightest else None)


def _src(r: BenchmarkRun) -> Message:
    return (msg("trail.run", "run {run} ({tool})", run=run_label(r), tool=r.tool) if r.tool
            else msg("trail.run_benchmark", "run {run} (benchmark)", run=run_label(r)))


def _src_with(r: BenchmarkRun, what: Message) -> Message:
    return msg("trail.source_with", "{source}, {what}", source=_src(r), what=what)


def _figure(best: _Best, target: str, source: CapacitySource, scale: float) -> tuple[float, tuple[TrailItem, ...],
                                                                                    tuple[Message, ...]]:
    r = best.group[best.i]
    t = output_tps_per_gpu(r)
    label = _SOURCE_TEXT[source]
    if best.basis == CapacityBasis.INTERPOLATED:
        nxt = best.group[best.i + 1]
        trail: tuple[TrailItem, ...] = (
            TrailItem(msg("trail.meets_slo", "meets the SLO at"), t, UNIT, _src_with(r, label)),
            TrailItem(msg("trail.misses_slo", "misses the SLO at"), output_tps_per_gpu(nxt), UNIT,
                      msg("trail.misses_because", "{source}: {failures}", source=_src(nxt),
                          failures=chain(best.next_failures))),
            TrailItem(msg("trail.step_fraction", "fraction of the step where {limit} reaches its limit",
                          limit=best.limit), best.frac, "", msg("trail.linear", "linear")),
            TrailItem("SLO", target, "", WORKSPACE_SLO),
        )
        flags: tuple[Message, ...] = ()
    else:
        trail = (
            TrailItem(msg("trail.output_tps_per_gpu", "output tok/s per GPU"), t, UNIT, _src_with(r, label)),
            TrailItem(msg("trail.output_throughput", "output throughput"), r.output_throughput_tps, "tok/s", _src(r)),
            TrailItem(msg("trail.run_gpus", "GPUs in the run"), r.gpu_count, "GPUs", _src(r)),
            TrailItem("SLO", target, "", WORKSPACE_SLO),
        )
        flags = ()
        if best.basis == CapacityBasis.LOWER_BOUND:
            flags = ((msg("capacity.lower_bound_single",
                          "lower bound: a single load point meets the SLO (not extrapolated)")
                      if len(best.group) == 1 else
                      msg("capacity.lower_bound",
                          "lower bound: the SLO still holds at the heaviest load measured (not extrapolated)")),)
    value = best.value * scale
    if source == CapacitySource.PROXY:
        trail = (*trail, TrailItem(msg("trail.proxy_discount", "proxy discount (likely)"), scale, "x",
                                   msg("trail.proxy_scaled", "accepted proxy: throughput scaled")))
        flags = (*flags, msg("capacity.proxy", "PROXY: measured on a workload the user accepted as a proxy, "
                                                "scaled x {factor}; performs is not reached", factor=scale))
    elif source == CapacitySource.PREDICTED:
        flags = (*flags, msg("capacity.predicted", "PREDICTED by an estimator or simulator, not a measurement: "
                                                    "performs is not reached"))
    elif source == CapacitySource.THIRD_PARTY:
        flags = (*flags, msg("capacity.third_party", "third-party measurement (not ours)"))
    return value, trail, flags


def _tiers(idx: EvidenceIndex, key: tuple[str, str]) -> list[tuple[CapacitySource, list[BenchmarkRun]]]:
    measured = idx.runs.get(key, [])
    own = [r for r in measured if idx.source.get(id(r), "own") == "own"]
    third = [r for r in measured if idx.source.get(id(r), "own") != "own"]
    return [(CapacitySource.OWN, own), (CapacitySource.THIRD_PARTY, third),
            (CapacitySource.PROXY, idx.proxy_runs.get(key, [])),
            (CapacitySource.PREDICTED, idx.predicted_runs.get(key, []))]


def _points(idx: EvidenceIndex, runs: Sequence[BenchmarkRun], slo: SLO, source: CapacitySource,
            excluded: str = "") -> list[CapacityPoint]:
    out = []
    for _, group in sweeps(runs):
        for r in group:
            j = idx.judgement(r, slo)
            out.append(CapacityPoint(run_label(r), r.concurrency, r.request_rate, output_tps_per_gpu(r), j.meets,
                                     j.failures, r.max_rate, source.value, excluded,
                                     () if j.failures else j.unjudged, configuration_text(r)))
    return out


def _configurations(idx: EvidenceIndex, runs: Sequence[BenchmarkRun], slo: SLO) -> tuple[ConfigurationCapacity, ...]:
    """The capacity of each deployment the runs measured (a sweep identity: GPUs, server
    configuration, precision, model, dataset, token lengths), a proxy's scaled by its discount."""
    groups: dict[tuple[object, ...], list[BenchmarkRun]] = defaultdict(list)
    for r in runs:
        groups[_sweep_key(r)].append(r)
    out = []
    for key in sorted(groups, key=repr):
        group = groups[key]
        best, _lightest = _search(idx, group, slo)
        judged = any(idx.judgement(r, slo).judged for r in group)
        basis = best.basis if best is not None else CapacityBasis.FAILS_SLO if judged else CapacityBasis.CANNOT_JUDGE
        value = None
        if best is not None:
            value = best.value * idx.discount.get(id(best.group[best.i]), (1.0, 1.0, 1.0))[1]
        out.append(ConfigurationCapacity(configuration_text(group[0]), group[0].gpu_count, value, basis, len(group),
                                         group[0].quantization))
    return tuple(out)


def lower_bound_range(idx: EvidenceIndex, runs: Sequence[BenchmarkRun], best: _Best, value: float,
                      slo: SLO, scale: float = 1.0) -> tuple[float | None, Message]:
    """How far above a lower-bound capacity the draws may go: up to the highest output tok/s/GPU
    measured on the same configuration (same sweep identity) above it that no run shows to miss the
    SLO — a heavier run that cannot be judged, or another sweep of the configuration — and never
    past the lowest such throughput at which a run of it misses the SLO. None when nothing above
    it was measured: the draws stay at the lower bound (never above what the evidence shows)."""
    key = _sweep_key(best.group[best.i])
    base = best.value
    above: list[float] = []
    failing: list[float] = []
    for r in runs:
        t = output_tps_per_gpu(r)
        if t is None or t <= base or _sweep_key(r) != key:
            continue
        (failing if idx.failures(r, slo) else above).append(t)
    ceiling = max(above) if above else None
    if ceiling is not None and failing:
        ceiling = min(ceiling, min(failing))
    if ceiling is None or ceiling <= base:
        return None, msg("capacity.lower_bound_closed", "lower bound: nothing was measured above it on this "
                         "configuration, so the draws never go above {value}", value=value)
    high = ceiling * scale
    return high, msg("capacity.lower_bound_range", "lower bound: the draws go from {value} up to {high}, the "
                     "highest throughput measured on this configuration that no run shows to miss the SLO",
                     value=value, high=high)


def _fails_parity(idx: EvidenceIndex, option: Option, slo: SLO,
                  tiers: list[tuple[CapacitySource, list[BenchmarkRun]]], check: str) -> Capacity:
    """Every run of the option's cell is excluded: a required parity check failed. No capacity, and no
    fallback to the assumption: a configuration that gives wrong answers is never priced."""
    points: list[CapacityPoint] = []
    n = 0
    for source, runs in tiers:
        points.extend(_points(idx, runs, slo, source, check))
        n += len(runs)
    why = msgn("capacity.fails_parity",
               "fails parity: {check}; the {n} run of {runtime} on {platform} is excluded from capacity and cost",
               "fails parity: {check}; the {n} runs of {runtime} on {platform} are excluded from capacity and cost",
               "n", check=check, n=n, runtime=option.runtime, platform=option.platform)
    reason = why
    if option.cost.assumed_output_tps_per_gpu is not None:
        reason = msg("capacity.fails_parity_assumption", "{why}; the assumed capacity is not used either (a "
                                                         "configuration that gives wrong answers is never priced)",
                     why=why)
    return Capacity(Figure(NAME, None, UNIT, missing_reason=reason), CapacityBasis.FAILS_PARITY, tuple(points),
                    note=why)


def _predicted_range(idx: EvidenceIndex, best: _Best, value: float) -> tuple[float | None, float | None,
                                                                             tuple[TrailItem, ...], Message]:
    """The Monte Carlo range of a predicted capacity, widened by its predictor's observed errors."""
    tool = best.group[best.i].tool
    err = idx.predictor_errors.get(tool)
    rng = widen(value, err)
    if rng is None or err is None:
        # no local pair: the predictor's published error table, where one covers the run

        published = table_range(idx, best.group[best.i], value)
        if published is not None:
            return published
        return None, None, (), msg("capacity.predicted_error_unknown",
                                   "the error of {tool} is unknown here: no measured run of the same "
                                   "configuration to compare with", tool=tool or "the predictor")
    trail = (TrailItem(msg("trail.predictor_error", "{tool} output tok/s/GPU error observed", tool=tool or "?"),
                       msg("trail.error_range", "{low} to {high}", low=signed_percent(err.throughput_low),
                           high=signed_percent(err.throughput_high)), "",
                       msgn("trail.prediction_pairs", "{n} prediction beside a measurement of the same configuration",
                            "{n} predictions beside a measurement of the same configuration", "n", n=err.pairs)),
             TrailItem(RANGE, msg("trail.low_high", "{low} / {high}", low=rng[0], high=rng[1]), UNIT,
                       msg("trail.predicted_over_error", "predicted / (1 + error)")))
    flag = msg("capacity.predicted_widened", "range widened by the errors {tool} showed beside measurements: "
                                             "{low} to {high} {unit}", tool=tool,
               low=rng[0], high=rng[1], unit=msg("unit.output_tps_gpu", "output tok/s/GPU"))
    return rng[0], rng[1], trail, flag


_BASIS_CAVEATS: dict[CapacityBasis, Message] = {
    CapacityBasis.ASSUMED: msg("capacity.caveat.assumed", "capacity is an assumption (no applicable run)"),
    CapacityBasis.LOWER_BOUND: msg("capacity.caveat.lower_bound",
                                   "capacity is a lower bound (the SLO holds at the highest load measured)"),
    CapacityBasis.INTERPOLATED: msg("capacity.caveat.interpolated", "capacity interpolated between two measured loads"),
    CapacityBasis.FAILS_SLO: msg("capacity.caveat.fails_slo",
                                 "fails the SLO at the lightest measured load: no capacity"),
    CapacityBasis.CANNOT_JUDGE: msg("capacity.caveat.cannot_judge",
                                    "cannot be judged against the SLO: the runs lack a figure a limit needs, and "
                                    "nothing else gives a capacity"),
    CapacityBasis.FAILS_PARITY: msg("capacity.caveat.fails_parity",
                                    "fails parity: a required parity check failed, its runs are excluded from "
                                    "capacity and cost"),
}
_SOURCE_CAVEATS: dict[CapacitySource, Message] = {
    CapacitySource.PROXY: msg("capacity.caveat.proxy",
                              "PROXY: capacity from runs accepted as a proxy (discounted); performs not reached"),
    CapacitySource.PREDICTED: msg("capacity.caveat.predicted",
                                  "PREDICTED: capacity from an estimator or simulator, not a measurement; performs "
                                  "not reached"),
}


def caveats(cap: Capacity) -> tuple[Message, ...]:
    """What a reader must know before trusting the capacity: its source when it is a proxy or a
    prediction, then its basis when it is not a plain measurement."""
    basis = _BASIS_CAVEATS.get(cap.basis)
    if cap.basis == CapacityBasis.ASSUMED and cap.unjudged:  # there are applicable runs: they cannot be judged
        basis = msg("capacity.caveat.assumed_unjudged", "capacity is an assumption (the applicable runs cannot be "
                                                        "judged against the SLO)")
    return tuple(m for m in (_SOURCE_CAVEATS.get(cap.source), basis) if m is not None)


def input_label(cap: Capacity) -> Message:
    """The capacity's name as an uncertain input (sensitivity, flip table, Monte Carlo): the basis and
    source it rests on, as the Assessment holds them ("output tok/s/GPU (interpolated, proxy)"),
    never "measured" for a proxy, a prediction or an assumption."""
    if cap.basis == CapacityBasis.ASSUMED or cap.source == CapacitySource.ASSUMED:
        return msg("input.capacity_assumed", "assumed output tok/s/GPU")
    if cap.basis == CapacityBasis.MEASURED and cap.source in (CapacitySource.OWN, CapacitySource.THIRD_PARTY):
        return msg("input.capacity_measured", "measured output tok/s/GPU")
    if cap.corrected_by:
        return msgn("input.capacity_corrected", "output tok/s/GPU ({basis}, predicted, corrected by {n} measured pair)",
                    "output tok/s/GPU ({basis}, predicted, corrected by {n} measured pairs)", "n", basis=cap.basis,
                    n=cap.corrected_by)
    return msg("input.capacity_basis", "output tok/s/GPU ({basis}, {source})", basis=cap.basis, source=cap.source)


def capacity(idx: EvidenceIndex, option: Option, slo: SLO) -> Capacity:
    """The option's capacity under the SLO, with the runs it looked at and its caveats."""
    cap = _capacity(idx, option, slo)
    return dataclasses.replace(cap, caveats=caveats(cap))


def _unjudged_note(idx: EvidenceIndex, skipped: list[tuple[CapacitySource, list[BenchmarkRun]]],
                   slo: SLO) -> tuple[Message, tuple[str, ...]]:
    """Why the runs of the sources passed over count for no capacity: each limit they cannot be
    judged on (a figure the files do not hold, no stated mapping)."""
    missing = tuple(dict.fromkeys(u for _, runs in skipped for r in runs for u in idx.judgement(r, slo).unjudged))
    sources = tuple(_SOURCE_TEXT[source] for source, _ in skipped)
    n = sum(len(runs) for _, runs in skipped)
    # each limit's reason is a catalog key (domain.slo): rendered in the reader's language
    said = chain(Message("slo.unmeasured", u, ()) for u in missing) or ""
    return msgn("capacity.cannot_judge_runs",
                "{n} applicable run ({sources}) cannot be judged against the SLO: {missing}",
                "{n} applicable runs ({sources}) cannot be judged against the SLO: {missing}", "n",
                n=n, sources=sources, missing=said), missing


def _capacity(idx: EvidenceIndex, option: Option, slo: SLO) -> Capacity:
    key = (option.runtime, option.platform)
    target = str(describe_slo(slo))
    points: list[CapacityPoint] = []
    tiers = _tiers(idx, key)
    gate = idx.parity_failed.get(key)
    if gate and any(runs for _, runs in tiers):
        return _fails_parity(idx, option, slo, tiers, gate)
    for source, runs in tiers:
        points.extend(_points(idx, runs, slo, source))
    others = idx.other_platforms(option.runtime, option.platform, runs_only=True)
    other_note = msg("capacity.other_platforms", "runs of {runtime} on {platforms} are not used: a measurement on "
                                                 "one platform is never scaled to another",
                     runtime=option.runtime, platforms=tuple(others)) if others else None
    failing: tuple[CapacitySource, list[BenchmarkRun], BenchmarkRun] | None = None
    skipped: list[tuple[CapacitySource, list[BenchmarkRun]]] = []  # sources whose runs cannot be judged
    for source, runs in tiers:
        if not runs:
            continue
        # the first source that can speak to the SLO decides: a failing one is never replaced by a later
        # source; one whose runs cannot be judged ("not measured" is not "fails") passes to the next
        best, lightest = _search(idx, runs, slo)
        if best is None:
            first = min(runs, key=lambda r: (_conc(r), _rate(r), run_label(r)))
            if lightest is not None and idx.judgement(first, slo).failures:
                failing = (source, runs, lightest)  # the lightest measured load misses the SLO
                break
            skipped.append((source, runs))
            continue
        return _found(idx, option, slo, source, runs, best, target, points, skipped, other_note)

    assumed = option.cost.assumed_output_tps_per_gpu
    skipped_note, unjudged = _unjudged_note(idx, skipped, slo) if skipped else (None, ())
    if failing is not None:
        source, runs, lightest = failing
        failures = chain(idx.failures(lightest, slo))
        why = msgn("capacity.fails_slo",
                   "fails the SLO at the lightest measured load: {run} ({source}): {failures}; "
                   "the {n} applicable run of {runtime} on {platform} does not meet {slo}",
                   "fails the SLO at the lightest measured load: {run} ({source}): {failures}; "
                   "none of the {n} applicable runs of {runtime} on {platform} meets {slo}", "n",
                   run=run_label(lightest), source=_SOURCE_TEXT[source], failures=failures, n=len(runs),
                  runtime=option.runtime, platform=option.platform, slo=target)
        if assumed is not None and option.cost.assumption_override.strip() and _assumption_ok(assumed):
            flags = (msg("capacity.override", "ASSUMPTION kept by an explicit override although measured runs miss "
                                              "the SLO: {override}", override=option.cost.assumption_override.strip()),
                     why, msg("capacity.performs_not_reached", "performs is not reached"))
            return _assumed(option, assumed, flags, points, why)
        reason = why
        if assumed is not None:
            reason = msg("capacity.fails_slo_assumption", "{why}; the assumed {value} {unit} is not used (a failing "
                                                          "measurement is never replaced by an assumption; set "
                                                          "cost.assumption_override with a reason to keep it)",
                         why=why, value=assumed.likely, unit=UNIT)
        if skipped_note is not None:
            reason = chain((reason, skipped_note)) or reason
        return Capacity(Figure(NAME, None, UNIT, missing_reason=reason), CapacityBasis.FAILS_SLO, tuple(points),
                        source=source, note=why, configurations=_configurations(idx, runs, slo), unjudged=unjudged)

    why_text = (msg("capacity.no_run", "no applicable run of {runtime} on {platform}", runtime=option.runtime,
                    platform=option.platform) if skipped_note is None else skipped_note)
    if assumed is not None:
        if not _assumption_ok(assumed):
            return Capacity(Figure(NAME, None, UNIT, missing_reason=msg(
                "capacity.assumption_invalid", "{why}; the assumed capacity {low:g}/{likely:g}/{high:g} is not a "
                "positive ordered low/likely/high", why=why_text, low=assumed.low, likely=assumed.likely,
                high=assumed.high)), CapacityBasis.CANNOT_JUDGE if skipped else CapacityBasis.NONE, tuple(points),
                unjudged=unjudged)
        stated: tuple[Message, ...] = (msg("capacity.assumed", "ASSUMPTION, not a measurement ({why}): performs "
                                                               "is not reached", why=why_text),)
        if other_note is not None:
            stated = (*stated, other_note)
        return dataclasses.replace(_assumed(option, assumed, stated, points, None), unjudged=unjudged)
    if skipped_note is not None:
        reason = msg("capacity.cannot_judge", "{why}; no later source (proxy, prediction, "
                                              "assumed_output_tps_per_gpu) gives a capacity", why=skipped_note)
        return Capacity(Figure(NAME, None, UNIT, missing_reason=reason), CapacityBasis.CANNOT_JUDGE, tuple(points),
                        source=skipped[0][0], note=reason,
                        configurations=_configurations(idx, skipped[0][1], slo), unjudged=unjudged)
    reason = msg("capacity.none", "{why}, and the option gives no assumed_output_tps_per_gpu", why=why_text)
    if other_note is not None:
        reason = chain((reason, other_note)) or reason
    return Capacity(Figure(NAME, None, UNIT, missing_reason=reason), CapacityBasis.NONE, tuple(points))


def _found(idx: EvidenceIndex, option: Option, slo: SLO, source: CapacitySource, runs: list[BenchmarkRun],
           best: _Best, target: str, points: list[CapacityPoint],
           skipped: list[tuple[CapacitySource, list[BenchmarkRun]]], other_note: Message | None) -> Capacity:
    """The capacity of the deciding source: its best configuration that meets the SLO, named, with
    its range for the draws and every label a reader needs (proxy, prediction, a stated mapping,
    the sources passed over because their runs could not be judged)."""
    scale = 1.0
    run = best.group[best.i]
    if source == CapacitySource.PROXY:
        scale = idx.discount[id(run)][1]
    value, trail, flags = _figure(best, target, source, scale)
    if source == CapacitySource.PROXY and idx.kind(run) == ProvenanceKind.ILLUSTRATIVE:
        flags = (*flags, msg("capacity.proxy_illustrative", "ILLUSTRATIVE: the proxy's figures are reconstructed "
                                                             "from published figures, not measured"))
    rng = _range(idx, runs, best, value, slo, source)
    value = rng.value
    trail = (*trail, *rng.trail)
    flags = (*flags, *rng.flags)
    used = list(dict.fromkeys(m for r in (run, *best.group[best.i + 1:best.i + 2])
                              for m in idx.judgement(r, slo).mapped))
    for m in used:
        flags = (*flags, msg("capacity.mapped", "judged with a stated mapping: {target} ≈ {source} × {factor:g} "
                                                "({reason})", target=m.target, source=m.source, factor=m.factor,
                             reason=m.reason))
    unjudged: tuple[str, ...] = ()
    if skipped:
        skipped_note, unjudged = _unjudged_note(idx, skipped, slo)
        flags = (*flags, msg("capacity.fell_through", "{why}: the capacity falls to {source}", why=skipped_note,
                             source=_SOURCE_TEXT[source]))
    if other_note is not None:
        flags = (*flags, other_note)
    config = configuration_text(run)
    configs = _configurations(idx, runs, slo)
    source_text: Message = _SOURCE_TEXT[source]
    if rng.corrected_by:
        source_text = msgn("capacity.source.predicted_corrected", "predicted, corrected by {n} measured pair",
                           "predicted, corrected by {n} measured pairs", "n", n=rng.corrected_by)
    if config:
        trail = (*trail, TrailItem(msg("trail.configuration", "server configuration"), config, "",
                                   _src(run)))
        note = msg("capacity.note_configuration", "{basis}, {source}, {configuration}", basis=_basis_words(best.basis),
                   source=source_text, configuration=config)
    else:
        note = msg("capacity.note", "{basis}, {source}", basis=_basis_words(best.basis), source=source_text)
    if len(configs) > 1:
        flags = (*flags, msg("capacity.best_configuration", "the best of {n} server configurations that meets the "
                                                            "SLO: {configuration}", n=len(configs),
                             configuration=config or "?"))
    return Capacity(Figure(NAME, value, UNIT, trail, flags=flags), best.basis, tuple(points), rng.low, rng.high,
                    source, note, configuration=config, configurations=configs, unjudged=unjudged,
                    range_basis=rng.basis, range_note=rng.note, ceiling=rng.ceiling, error_basis=rng.error_basis,
                    corrected_by=rng.corrected_by, predicted_value=rng.predicted_value)


@dataclass(frozen=True, slots=True)
class _Range:
    """A found capacity's value (a prediction corrected by its pairs) and its range for the draws."""
    value: float
    low: float | None = None
    high: float | None = None
    basis: RangeBasis = RangeBasis.EXACT
    note: Message | None = None
    flags: tuple[Message, ...] = ()  # the figure's flags that state the range (the note, what it rests on)
    trail: tuple[TrailItem, ...] = ()
    ceiling: float | None = None
    error_basis: Message | None = None
    corrected_by: int = 0
    predicted_value: float | None = None


def _ceiling(best: _Best) -> float | None:
    """The throughput (unscaled) of the first load that misses the SLO after an interpolated capacity."""
    if best.basis != CapacityBasis.INTERPOLATED or best.i + 1 >= len(best.group):
        return None
    return output_tps_per_gpu(best.group[best.i + 1])


def _interpolated(best: _Best, value: float, factor: float) -> tuple[float, float, float, Message]:
    """The range of an interpolated capacity ``value`` (already scaled by ``factor``: a proxy's
    discount or a prediction's correction): from the load that meets the SLO up to as far above the
    value as that load is below it, and never above the ceiling, the throughput of the first load
    that misses the SLO (so the draws' median is the value, or below it)."""
    meets = (output_tps_per_gpu(best.group[best.i]) or best.value) * factor
    top = _ceiling(best)
    ceiling = top * factor if top is not None else value
    low = min(meets, value)
    high = min(2 * value - low, ceiling)
    if high < ceiling:
        note = msg("capacity.range_interpolated", "interpolated: the draws go from {low}, the load that meets the SLO, "
                                                  "to {high}, no further above {value} than that load is below it, and "
                                                  "never reach {ceiling}, the throughput of the first load that misses "
                                                  "the SLO (a ceiling)", low=low, high=high, value=value,
                   ceiling=ceiling)
    else:
        note = msg("capacity.range_interpolated_ceiling", "interpolated: the draws go from {low}, the load that meets "
                                                          "the SLO, up to {ceiling}, the throughput of the first load "
                                                          "that misses the SLO (a ceiling they never reach)",
                   low=low, ceiling=ceiling)
    return low, high, ceiling, note


def _confidence(run: BenchmarkRun, value: float) -> tuple[float, float, Message] | None:
    """The range the file's confidence interval of the run's output throughput gives the capacity
    read at that run (AIPerf's multi-run aggregates): the value times the interval's ends over its
    mean. None when the file states no interval (or one of no width)."""
    iv = run_interval(run, "output_throughput_tps")
    if iv is None:
        return None
    lo, hi = iv.relative
    low, high = value * min(lo, 1.0), value * max(hi, 1.0)
    if not low < high:
        return None
    level = formatting.percent(iv.level, 0) if iv.level is not None else "?"
    runs: int | str = iv.runs if iv.runs is not None else "?"
    note = msgn("capacity.range_confidence",
                "confidence interval stated by the file: the draws go from {low} to {high} "
                "({level} interval of the output throughput over {runs} run of {run})",
                "confidence interval stated by the file: the draws go from {low} to {high} "
                "({level} interval of the output throughput over {runs} runs of {run})", "runs",
                low=low, high=high, level=level, runs=runs, run=run_label(run))
    return low, high, note


def _range(idx: EvidenceIndex, runs: Sequence[BenchmarkRun], best: _Best, value: float, slo: SLO,
           source: CapacitySource) -> _Range:
    """The range the draws take for a found capacity, by its source and basis:

    * a proxy: its accepted discount range;
    * a prediction: corrected by its measured pairs of the same runtime, platform, model and
      workload (their spread), else widened by its predictor's errors elsewhere or its published
      error table, else no range (the error is unknown, said so);
    * an interpolated measurement: around the value, never above the first load that misses the SLO;
    * a measured value or lower bound whose file states a confidence interval: that interval;
    * a lower bound otherwise: opened upward only as far as the evidence allows, else at its value.
    """
    run = best.group[best.i]
    ceiling_raw = _ceiling(best)
    low: float | None
    high: float | None
    ceiling: float | None
    if source == CapacitySource.PROXY:
        d = idx.discount[id(run)]
        low, high = best.value * d[0], best.value * d[2]
        note = msg("capacity.range_proxy", "proxy: the draws go from {low} to {high}, the accepted discount "
                                           "({d_low:g} / {d_likely:g} / {d_high:g}) of the proxy's {value}",
                   low=low, high=high, d_low=d[0], d_likely=d[1], d_high=d[2], value=best.value)
        if best.basis != CapacityBasis.INTERPOLATED or ceiling_raw is None:
            return _Range(value, low, high, RangeBasis.PROXY_DISCOUNT, note, (note,))
        # interpolated on the proxy: the interpolation's range, each end at the discount's end
        i_low, i_high, _c, _n = _interpolated(best, best.value, 1.0)
        low, high, ceiling = i_low * d[0], i_high * d[2], ceiling_raw * d[2]
        note = msg("capacity.range_proxy_interpolated", "proxy, interpolated: the draws go from {low} to {high}, the "
                                                        "proxy's interpolation range ({i_low} to {i_high}, below "
                                                        "{i_ceiling}, the throughput of its first load that misses the "
                                                        "SLO) at the accepted discount's ends ({d_low:g} / {d_high:g}); "
                                                        "never above {ceiling}",
                   low=low, high=high, i_low=i_low, i_high=i_high, i_ceiling=ceiling_raw, d_low=d[0], d_high=d[2],
                   ceiling=ceiling)
        return _Range(value, low, high, RangeBasis.PROXY_DISCOUNT, note, (note,), ceiling=ceiling)
    if source == CapacitySource.PREDICTED:

        fix = pair_correction(idx, run, value)
        if fix is not None:
            ceiling = ceiling_raw * fix.factor if ceiling_raw is not None else None
            low, high = (fix.low, fix.high) if fix.low < fix.high else (None, None)
            basis = RangeBasis.MEASURED_PAIRS
            note = fix.note
            if low is None and best.basis == CapacityBasis.INTERPOLATED:  # one pair: the interpolation's range
                low, high, ceiling, note = _interpolated(best, fix.value, fix.factor)
                basis = RangeBasis.INTERPOLATION
            flags = (fix.note,) if note is fix.note else (fix.note, note)
            return _Range(fix.value, low, high, basis, note, flags, fix.trail, ceiling, fix.note, fix.pairs, value)
        low_p, high_p, extra, flag = _predicted_range(idx, best, value)
        ceiling = ceiling_raw
        if low_p is not None and high_p is not None:
            basis = RangeBasis.PREDICTOR_ERRORS if flag.id == "capacity.predicted_widened" else RangeBasis.PUBLISHED_ERROR
            return _Range(value, low_p, high_p, basis, flag, (flag,), extra, ceiling, flag)
        if best.basis == CapacityBasis.INTERPOLATED:
            low, high, ceiling, note = _interpolated(best, value, 1.0)
            return _Range(value, low, high, RangeBasis.INTERPOLATION, note, (flag, note), extra, ceiling, flag)
        if best.basis == CapacityBasis.LOWER_BOUND:
            top, lb_flag = lower_bound_range(idx, runs, best, value, slo)
            low, high = (value, top) if top is not None else (None, None)
            return _Range(value, low, high, RangeBasis.LOWER_BOUND, lb_flag, (flag, lb_flag), extra, None, flag)
        return _Range(value, None, None, RangeBasis.UNKNOWN_ERROR, flag, (flag,), extra, ceiling, flag)
    if best.basis == CapacityBasis.INTERPOLATED:
        low, high, ceiling, note = _interpolated(best, value, 1.0)
        return _Range(value, low, high, RangeBasis.INTERPOLATION, note, (note,), ceiling=ceiling)
    stated = _confidence(run, value) if best.basis in (CapacityBasis.MEASURED, CapacityBasis.LOWER_BOUND) else None
    if best.basis == CapacityBasis.LOWER_BOUND:
        top, flag = lower_bound_range(idx, runs, best, value, slo)
        if stated is not None:
            low, high, note = stated
            if top is not None and top > high:  # the evidence above the lower bound reaches further
                high = top
                note = msg("capacity.range_confidence_lower_bound", "{interval}; a lower bound: opened up to {high}, "
                                                                    "the highest throughput measured on this "
                                                                    "configuration that no run shows to miss the SLO",
                           interval=note, high=high)
            return _Range(value, low, high, RangeBasis.CONFIDENCE_INTERVAL, note, (note,))
        if top is not None:
            return _Range(value, value, top, RangeBasis.LOWER_BOUND, flag, (flag,))
        return _Range(value, None, None, RangeBasis.LOWER_BOUND, flag, (flag,))
    if stated is not None:
        low, high, note = stated
        return _Range(value, low, high, RangeBasis.CONFIDENCE_INTERVAL, note, (note,))
    return _Range(value)


def _assumption_ok(assumed: Estimate) -> bool:
    return assumed.low > 0 and assumed.is_ordered


def _assumed(option: Option, assumed: Estimate, flags: tuple[Message, ...], points: list[CapacityPoint],
             why: Message | None) -> Capacity:
    field = f"options.{option.id}.cost.assumed_output_tps_per_gpu"
    source = (msg("trail.assumption_note", "{field}: {note}", field=field, note=option.cost.assumption_note)
              if option.cost.assumption_note else
              msg("trail.assumption_no_measurement", "{field}: no measurement", field=field))
    trail = (TrailItem(msg("trail.assumed_capacity", "assumed output tok/s per GPU (likely)"), assumed.likely, UNIT,
                       source),
             TrailItem(RANGE, msg("trail.low_high", "{low} / {high}", low=assumed.low, high=assumed.high), UNIT,
                       msg("trail.assumption", "assumption")))
    note = (msg("capacity.note_assumed_override", "assumed (the option's stated assumption), kept by override "
                "although measured runs miss the SLO") if why is not None else
            msg("capacity.note_assumed", "assumed (the option's stated assumption)"))
    range_note = msg("capacity.range_assumed", "assumption: the draws go from {low} to {high}, the option's stated "
                                               "low and high", low=assumed.low, high=assumed.high)
    return Capacity(Figure(NAME, assumed.likely, UNIT, trail, flags=flags), CapacityBasis.ASSUMED,
                    tuple(points), assumed.low, assumed.high, CapacitySource.ASSUMED, note,
                    range_basis=RangeBasis.ASSUMPTION if assumed.low < assumed.high else RangeBasis.EXACT,
                    range_note=range_note if assumed.low < assumed.high else None)


def _basis_words(basis: CapacityBasis) -> Message | str:
    return {CapacityBasis.LOWER_BOUND: msg("capacity.basis.lower_bound", "lower bound"),
            CapacityBasis.INTERPOLATED: msg("capacity.basis.interpolated", "interpolated"),
            CapacityBasis.MEASURED: msg("capacity.basis.measured", "measured")}.get(basis, basis.value)
