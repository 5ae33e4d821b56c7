"""Predictions beside measurements: pair a predicted run with a measured run of the same
configuration and compute the predictor's error per metric.

Two runs describe the same configuration when they have the same runtime, the same matrix
platform, the same model (case-insensitive, or both the workload's model or a declared alias), the
same GPU count (and prefill / decode split), input and output token lengths within
``TOKEN_TOLERANCE`` of each other, and the same load: the same concurrency within
``LOAD_TOLERANCE`` when both state one, else the same request rate. The predicted run comes from a
file whose provenance kind is *predicted*; the measured one from an *own* or *third-party* file
(illustrative files are reconstructions, not measurements). A run that needs context (runtime,
platform, GPU count or model unknown) is never paired.

The error is signed and relative, ``(predicted - measured) / measured``, for TTFT and TPOT (the
same statistic on both sides: the mean, else the median; never ITL for TPOT) and for output tokens/s
per GPU. A positive throughput error means the predictor promised more than the hardware gave.

A predicted capacity with measured pairs of its own cell (the same predictor, runtime, platform,
model and workload) is corrected by them: its value times the mean measured / predicted of those
pairs, its range their spread, labelled "predicted, corrected by N measured pairs"
(``pair_correction``). Otherwise, per predictor (the run's ``tool``), the most negative and most
positive throughput errors of its pairs elsewhere widen the Monte Carlo range of any capacity that
rests on that predictor's runs (see ``widen``).

Where no local pair exists for the predictor, a published error table of the same predictor for the
same model on the same platform (AISimulate's ``derived-error-metrics.json``, imported as
:class:`~deepdecide.domain.evidence.PredictionErrorRow`) widens the range instead (``error_basis``,
``table_range``): never both. Every predicted capacity states its error basis (local pairs, a
published table, or unknown), and the record lists it (``error_basis_lines``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from deepdecide.analysis.assessment import MetricError, PredictionPair, PredictorError, TrailItem
from deepdecide.analysis.runs import output_tps_per_gpu
from deepdecide.domain import formatting
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, PredictionErrorRow, ProvenanceKind
from deepdecide.domain.i18n import _, ngettext, translate
from deepdecide.domain.messages import Message, msg, msgn
from deepdecide.domain.workload import Workload, model_matches

if TYPE_CHECKING:
    from deepdecide.domain.workspace import Workspace

TOKEN_TOLERANCE = 0.10  # input / output token lengths within 10 % of each other
LOAD_TOLERANCE = 0.05  # concurrency (or request rate) within 5 %
THROUGHPUT = "output tok/s/GPU"
MEASURED = (ProvenanceKind.OWN, ProvenanceKind.THIRD_PARTY)


class EvidenceIndex(Protocol):
    """What the error basis reads of the evidence index (``analysis.evidence.EvidenceIndex``, which
    builds its pairs with this module): its pairs, the imported error tables and platform ids."""

    @property
    def pairs(self) -> tuple[PredictionPair, ...]: ...

    @property
    def prediction_errors(self) -> tuple[PredictionErrorRow, ...]: ...

    def platform_id(self, name: str) -> str: ...


def _close(a: float | None, b: float | None, tol: float) -> bool:
    if a is None or b is None:
        return a is None and b is None
    scale = max(abs(a), abs(b))
    return scale == 0 or abs(a - b) / scale <= tol


def same_model(w: Workload, a: str, b: str) -> bool:
    if a.strip().casefold() == b.strip().casefold():
        return True
    return bool(w.stated and model_matches(w, a) and model_matches(w, b))


def _load(p: BenchmarkRun, m: BenchmarkRun) -> str | None:
    """The load both runs share, in words, or None when it differs."""
    if p.concurrency is not None and m.concurrency is not None:
        return (f"concurrency {formatting.number(p.concurrency)}"
                if _close(p.concurrency, m.concurrency, LOAD_TOLERANCE) else None)
    if p.request_rate is not None and m.request_rate is not None:
        return (f"rate {formatting.rate(p.request_rate)}"
                if _close(p.request_rate, m.request_rate, LOAD_TOLERANCE) else None)
    return None


def same_configuration(w: Workload, p: BenchmarkRun, m: BenchmarkRun) -> str | None:
    """The shared load in words when the two runs describe the same configuration, else None."""
    if p.runtime != m.runtime or not p.model or not same_model(w, p.model, m.model):
        return None
    if p.gpu_count is None or p.gpu_count != m.gpu_count:
        return None
    if (p.prefill_gpus, p.decode_gpus) != (m.prefill_gpus, m.decode_gpus):
        return None
    if not (_close(p.input_tokens, m.input_tokens, TOKEN_TOLERANCE)
            and _close(p.output_tokens, m.output_tokens, TOKEN_TOLERANCE)):
        return None
    return _load(p, m)


def _stat(r: BenchmarkRun, metric: str, stat: str) -> float | None:
    value: float | None = getattr(r, f"{metric}_ms_{stat}")
    return value


def _latency_error(name: str, metric: str, p: BenchmarkRun, m: BenchmarkRun) -> MetricError | None:
    for stat in ("mean", "p50"):
        pv, mv = _stat(p, metric, stat), _stat(m, metric, stat)
        if pv is not None and mv:
            return MetricError(f"{name} {stat}", "ms", pv, mv, (pv - mv) / mv)
    return None


def errors(p: BenchmarkRun, m: BenchmarkRun) -> tuple[MetricError, ...]:
    out = [e for e in (_latency_error("TTFT", "ttft", p, m), _latency_error("TPOT", "tpot", p, m)) if e]
    pt, mt = output_tps_per_gpu(p), output_tps_per_gpu(m)
    if pt is not None and mt:
        out.append(MetricError(THROUGHPUT, "tok/s/GPU", pt, mt, (pt - mt) / mt))
    return tuple(out)


Item = tuple[BenchmarkRun, str, str, str]  # run, matrix platform id, file name, run label


def pair(w: Workload, predicted: Sequence[Item], measured: Sequence[Item]) -> tuple[PredictionPair, ...]:
    """The (predicted, measured) pairs of the same configuration on the same platform: each measured
    run with at most one run of each predicted file (the closest in token lengths and load, then
    the first in the file: AIConfigurator's Pareto rows of one configuration differ in settings no
    measurement states)."""
    out: list[PredictionPair] = []
    by_cell: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for item in predicted:
        by_cell[(item[0].runtime, item[1])].append(item)
    for m, mid, mfile, mlabel in measured:
        best: dict[str, tuple[float, int, Item, str]] = {}
        for n, item in enumerate(by_cell.get((m.runtime, mid), ())):
            p, _pid, pfile, _plabel = item
            load = same_configuration(w, p, m)
            if load is None:
                continue
            d = _distance(p, m)
            if pfile not in best or (d, n) < best[pfile][:2]:
                best[pfile] = (d, n, item, load)
        for pfile in sorted(best):
            _d, _n, (p, pid, _f, plabel), load = best[pfile]
            errs = errors(p, m)
            if errs:
                out.append(PredictionPair(p.tool, p.runtime, pid, p.model, p.gpu_count, p.input_tokens,
                                          p.output_tokens, load, plabel, pfile, mlabel, mfile, errs))
    return tuple(out)


def _distance(p: BenchmarkRun, m: BenchmarkRun) -> float:
    total = 0.0
    for a, b in ((p.input_tokens, m.input_tokens), (p.output_tokens, m.output_tokens),
                 (p.concurrency, m.concurrency), (p.request_rate, m.request_rate)):
        if a is not None and b is not None and max(abs(a), abs(b)):
            total += abs(a - b) / max(abs(a), abs(b))
    return total


def predictor_errors(pairs: Sequence[PredictionPair]) -> tuple[PredictorError, ...]:
    by_tool: dict[str, list[PredictionPair]] = defaultdict(list)
    for p in pairs:
        by_tool[p.tool].append(p)
    out = []
    for tool in sorted(by_tool):
        ps = by_tool[tool]
        tput = [e.relative_error for p in ps if (e := p.error(THROUGHPUT)) is not None]
        low, high = (min(tput), max(tput)) if tput else (None, None)
        note = msgn("prediction.errors", "{tool}: {n} prediction beside a measurement; output tok/s/GPU error "
                                         "{low} to {high}",
                    "{tool}: {n} predictions beside a measurement; output tok/s/GPU error {low} to {high}", "n",
                    tool=tool, n=len(ps),
                   low=_signed(low), high=_signed(high))
        out.append(PredictorError(tool, len(ps), low, high, note))
    return tuple(out)


def _signed(e: float | None) -> str:
    if e is None:
        return formatting.DASH
    return ("+" if e > 0 else "") + formatting.percent(e, 1)


def signed_percent(e: float | None) -> str:
    """A signed relative error as a percentage: 0.123 -> "+12.3 %"."""
    return _signed(e)


def widen(value: float, err: PredictorError | None) -> tuple[float, float] | None:
    """The range of capacities a predicted ``value`` stands for, given the predictor's observed
    throughput errors e (measured = predicted / (1 + e)): from value / (1 + the largest
    over-statement) to value / (1 + the largest under-statement); None when no error is known."""
    if err is None or err.throughput_low is None or err.throughput_high is None:
        return None
    over = max(err.throughput_high, 0.0)
    under = min(err.throughput_low, 0.0)
    low = value / (1.0 + over)
    high = value / max(1.0 + under, 0.05)
    return low, high


# the pairs as rows of plain text, for the record's table and the Evidence page's (no reportlab, no Qt)

#: the metrics of a pair, in the order they are shown: (label, metric name prefix in MetricError)
METRICS = (("TTFT", "TTFT"), ("TPOT", "TPOT"), ("tok/s/GPU", THROUGHPUT))


def _cell_name(ws: Workspace, runtime: str, platform: str) -> str:
    rt = ws.matrix.runtime(runtime)
    pf = ws.matrix.platform(platform)
    return _("{runtime} on {platform}").format(runtime=rt.name if rt else runtime, platform=pf.name if pf else platform)


def _error(pair: Any, prefix: str) -> Any:
    return next((e for e in pair.errors if e.metric == prefix or e.metric.startswith(prefix + " ")), None)


def _value(e: Any) -> str:
    if e is None:
        return formatting.DASH
    return formatting.number(e.predicted) + " / " + formatting.number(e.measured)


def pair_rows(ws: Workspace, assessment: Any) -> list[dict[str, Any]]:
    """One row per prediction beside its measured twin (plain values; errors signed, relative)."""
    rows = []
    for p in getattr(assessment, "prediction_pairs", ()) or ():
        row: dict[str, Any] = {
            "predictor": p.tool, "runtime × platform": _cell_name(ws, p.runtime, p.platform), "model": p.model,
            "GPUs": p.gpu_count,
            "tokens in / out": f"{formatting.integer(p.input_tokens)} / {formatting.integer(p.output_tokens)}",
            "load": p.load,
        }
        for label, prefix in METRICS:
            e = _error(p, prefix)
            stat = "" if e is None or e.metric == prefix else e.metric[len(prefix):]
            row[f"{label} error"] = signed_percent(e.relative_error) if e is not None else formatting.DASH
            row[f"{label}{stat} predicted / measured"] = _value(e)
        row["predicted run"] = f"{p.predicted} ({p.predicted_file})"
        row["measured run"] = f"{p.measured} ({p.measured_file})"
        rows.append(row)
    return rows


def predictor_lines(assessment: Any) -> list[str]:
    """Per predictor, how far its predictions were from the measurements, and what that does."""
    out = []
    for e in getattr(assessment, "predictor_errors", ()) or ():
        line = e.note.render(translate) if e.note is not None else e.tool
        if e.throughput_low is not None:
            line = _("{line}; capacities that rest on its predictions get a Monte Carlo range widened by these "
                     "errors (measured = predicted / (1 + error))").format(line=line)
        out.append(line)
    return out


# ---------------------------------------------------------------------------------------------
# a predictor's published error table as the error basis of its predictions

#: the lowest a range's divisor goes (an error of -95 % or worse: measured = predicted / 0.05)
MIN_DIVISOR = 0.05

#: the message ids of a predicted capacity's error basis, as they appear among its figure's flags
ERROR_BASIS_IDS = ("capacity.predicted_widened", "prediction.error_table", "capacity.predicted_error_unknown",
                   "capacity.predicted_corrected", "capacity.predicted_corrected_one")


def _model_key(name: str) -> str:
    """``deepseek-ai/DeepSeek-V4.1`` and ``DeepSeek-V4.1`` -> ``deepseekv41`` (organisation dropped)."""
    return re.sub(r"[^a-z0-9]", "", name.rsplit("/", 1)[-1].casefold())


def _names_mode(run: BenchmarkRun, mode: str) -> bool:
    text = f"{run.tool_version} {run.label}"
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(mode)}(?![A-Za-z0-9])", text, re.IGNORECASE) is not None


def _spread(row: PredictionErrorRow) -> float | None:
    return row.mape if row.mape is not None else row.wape


def error_basis(idx: EvidenceIndex, run: BenchmarkRun) -> tuple[float, Message] | None:
    """The relative spread of the predicted ``run``'s figures from its predictor's published error
    table, and the label saying so; None when no table of the run's tool covers its model on its
    platform.

    The rows must be of the run's ``tool``, its model (organisation prefix, case and punctuation
    aside) and its platform (the matrix's platform id). Of the prediction modes the table holds, the
    ones the run names (in its tool version or label) are used; when it names none, the widest. Of a
    mode's phases, the ``all`` row, else the widest. The spread is the MAPE (else the WAPE). Local
    pairs take precedence: the caller asks only when the predictor has none (never widen twice)."""
    platform = idx.platform_id(run.platform) if run.platform else ""
    key = _model_key(run.model)
    if not platform or not key:
        return None
    rows = [r for r in idx.prediction_errors
            if r.tool == run.tool and _model_key(r.model) == key and r.platform
            and idx.platform_id(r.platform) == platform and _spread(r) is not None]
    if not rows:
        return None
    modes = list(dict.fromkeys(r.mode for r in rows))
    named = [m for m in modes if _names_mode(run, m)]
    chosen: list[PredictionErrorRow] = []
    for mode in named or modes:
        of_mode = [r for r in rows if r.mode == mode]
        overall = [r for r in of_mode if r.phase == "all"]
        chosen.append(overall[0] if overall else max(of_mode, key=lambda r: _spread(r) or 0.0))
    row = max(chosen, key=lambda r: _spread(r) or 0.0)
    spread = _spread(row) or 0.0
    label = msgn("prediction.error_table", "range widened by the error {tool} published for {model} on {platform}: "
                                           "{mode} {stat} {error} over {points} point ({metric}, phase {phase}); "
                                           "no measured run of the same configuration here",
                 "range widened by the error {tool} published for {model} on {platform}: "
                 "{mode} {stat} {error} over {points} points ({metric}, phase {phase}); "
                 "no measured run of the same configuration here", "points",
                 tool=row.tool, model=row.model, platform=row.platform, mode=row.mode,
                stat="MAPE" if row.mape is not None else "WAPE", error=formatting.percent(spread, 1),
                points=row.points if row.points is not None else "?", metric=row.metric or "?", phase=row.phase)
    if not named and len(modes) > 1:
        label = msg("prediction.error_table_widest", "{label} (the prediction names no mode: the widest of {modes})",
                    label=label, modes=", ".join(modes))
    return spread, label


def table_range(idx: EvidenceIndex, run: BenchmarkRun, value: float) -> tuple[
        float, float, tuple[TrailItem, ...], Message] | None:
    """The Monte Carlo range of a predicted capacity ``value`` from its predictor's published error
    (:func:`error_basis`): measured = predicted / (1 + e) with e from -spread to +spread, so
    value / (1 + spread) to value / max(1 - spread, 0.05); its trail and flag. None when no table applies."""
    basis = error_basis(idx, run)
    if basis is None:
        return None
    spread, label = basis
    low, high = value / (1.0 + spread), value / max(1.0 - spread, MIN_DIVISOR)
    trail = (TrailItem(msg("trail.published_error", "{tool} published error", tool=run.tool),
                       msg("trail.plus_minus", "± {error}", error=formatting.percent(spread, 1)), "", label),
             TrailItem(msg("trail.range", "range low / high"), msg("trail.low_high", "{low} / {high}", low=low, high=high),
                       "output tok/s/GPU", msg("trail.predicted_over_error", "predicted / (1 + error)")))
    return low, high, trail, label


@dataclass(frozen=True, slots=True)
class Correction:
    """A predicted capacity corrected by its measured pairs (:func:`pair_correction`)."""

    value: float  # the predicted value x the mean of measured / predicted over the pairs
    low: float  # the predicted value x the smallest measured / predicted
    high: float  # the predicted value x the largest
    factor: float  # the mean measured / predicted
    pairs: int
    error_low: float  # the pairs' throughput errors, most negative
    error_high: float  # and most positive
    trail: tuple[TrailItem, ...]
    note: Message


def _same_cell(idx: EvidenceIndex, run: BenchmarkRun, p: PredictionPair) -> bool:
    """The pair is of the run's predictor, runtime, platform, model and workload (token lengths
    within ``TOKEN_TOLERANCE``)."""
    return (p.tool == run.tool and p.runtime == run.runtime and bool(run.platform)
            and p.platform == idx.platform_id(run.platform) and _model_key(p.model) == _model_key(run.model)
            and _close(p.input_tokens, run.input_tokens, TOKEN_TOLERANCE)
            and _close(p.output_tokens, run.output_tokens, TOKEN_TOLERANCE))


def pair_correction(idx: EvidenceIndex, run: BenchmarkRun, value: float) -> Correction | None:
    """A predicted capacity ``value`` (from the predicted ``run``) corrected by the measured pairs
    of the same predictor, runtime, platform, model and workload: each pair's throughput error e
    gives measured / predicted = 1 / (1 + e) (never below ``MIN_DIVISOR``); the value is multiplied
    by their mean, and its range runs from the smallest to the largest of them (one pair: no
    spread, no range). None when no such pair states a throughput error."""
    errs = [e.relative_error for p in idx.pairs if _same_cell(idx, run, p)
            and (e := p.error(THROUGHPUT)) is not None]
    if not errs:
        return None
    factors = [1.0 / max(1.0 + e, MIN_DIVISOR) for e in errs]
    factor = sum(factors) / len(factors)
    corrected, low, high = value * factor, value * min(factors), value * max(factors)
    unit = msg("unit.output_tps_gpu", "output tok/s/GPU")
    trail = (TrailItem(msg("trail.predicted_value", "predicted output tok/s per GPU (before the correction)"), value,
                       "output tok/s/GPU", msg("trail.predicted_by", "{tool} prediction", tool=run.tool or "?")),
             TrailItem(msg("trail.pair_factor", "measured / predicted, mean over the measured pairs"), factor, "x",
                       msgn("trail.pairs_errors", "{n} measured pair of the same runtime, platform, model and "
                                                  "workload; throughput errors {low} to {high}",
                            "{n} measured pairs of the same runtime, platform, model and workload; throughput errors "
                            "{low} to {high}", "n", n=len(errs), low=_signed(min(errs)), high=_signed(max(errs)))))
    if len(errs) == 1:
        note = msg("capacity.predicted_corrected_one", "predicted, corrected by 1 measured pair: {predicted} x "
                                                       "{factor} = {value} {unit} (the pair's throughput error "
                                                       "{error}); one pair shows no spread, so the draws stay at "
                                                       "{value}", predicted=value, factor=round(factor, 4),
                   value=corrected, unit=unit, error=_signed(errs[0]))
    else:
        note = msg("capacity.predicted_corrected", "predicted, corrected by {n} measured pairs: {predicted} x {factor} "
                                                   "(measured / predicted, mean) = {value} {unit}; the draws go from "
                                                   "{low} to {high}, the spread of those pairs' throughput errors "
                                                   "({error_low} to {error_high})",
                   n=len(errs), predicted=value, factor=round(factor, 4), value=corrected, unit=unit, low=low,
                   high=high, error_low=_signed(min(errs)), error_high=_signed(max(errs)))
    return Correction(corrected, low, high, factor, len(errs), min(errs), max(errs), trail, note)


def error_basis_lines(assessment: Any) -> list[str]:
    """Per option whose capacity is predicted: the error basis its range rests on (local pairs, a
    published error table, or unknown), as the capacity states it."""
    out = []
    for oa in getattr(assessment, "options", ()) or ():
        cap = getattr(oa, "capacity", None)
        if cap is None or getattr(cap.source, "value", "") != "predicted":
            continue
        basis = [f for f in cap.figure.flags if isinstance(f, Message) and f.id in ERROR_BASIS_IDS]
        text = "; ".join(m.render(translate) for m in basis) or _("error basis not stated")
        out.append(_("{option}: predicted capacity; error basis: {basis}").format(option=oa.name, basis=text))
    return out


def error_table_lines(files: Sequence[EvidenceFile]) -> list[str]:
    """One line per imported predictor error table row: tool, mode, model, platform, phase, MAPE / WAPE, points."""
    out = []
    for f in files:
        for r in f.prediction_errors:
            out.append(ngettext("{tool} {mode}, {model} on {platform}, {metric} ({phase}): MAPE {mape}, WAPE {wape}, "
                                "{points} point ({file})",
                                "{tool} {mode}, {model} on {platform}, {metric} ({phase}): MAPE {mape}, WAPE {wape}, "
                                "{points} points ({file})", r.points if r.points is not None else 2).format(
                tool=r.tool, mode=r.mode, model=r.model or formatting.DASH, platform=r.platform or formatting.DASH,
                metric=r.metric or formatting.DASH, phase=r.phase,
                mape=formatting.percent(r.mape, 1) if r.mape is not None else formatting.DASH,
                wape=formatting.percent(r.wape, 1) if r.wape is not None else formatting.DASH,
                points=r.points if r.points is not None else formatting.DASH, file=f.provenance.file_name))
    return out


# ---------------------------------------------------------------------------------------------
# reproduction records: a reference and its re-measurements in one file


def reproduction_pairs(files: Sequence[EvidenceFile]) -> tuple[PredictionPair, ...]:
    """Within each file, every run that re-measures another (``reproduces``) beside the run it
    re-measures, as a prediction pair with the reference in the predicted place: the error per
    metric is (reference - re-measured) / re-measured (the same metrics and statistics as a
    prediction pair; positive: the reference claimed more than was re-measured)."""
    out: list[PredictionPair] = []
    for f in files:
        for m in f.runs:
            if m.reproduces is None or not 0 <= m.reproduces < len(f.runs) or f.runs[m.reproduces] is m:
                continue
            ref = f.runs[m.reproduces]
            errs = errors(ref, m)
            load = (f"concurrency {formatting.number(m.concurrency)}" if m.concurrency is not None else "")
            out.append(PredictionPair(m.tool, m.runtime, m.platform, m.model, m.gpu_count, m.input_tokens,
                                      m.output_tokens, load, ref.label, f.provenance.file_name, m.label,
                                      f.provenance.file_name, errs))
    return tuple(out)


def reproduction_rows(ws: Workspace, assessment: Any) -> list[dict[str, Any]]:
    """One row per re-measurement beside the reference point it reproduces (the Assessment's
    ``reproduction_pairs``): output tok/s per GPU of both, and the signed errors of the reference
    (reference − re-measured) / re-measured for tok/s/GPU, TTFT and TPOT. Plain values, keyed by
    column name (the views give the titles)."""
    rows = []
    for p in getattr(assessment, "reproduction_pairs", ()) or ():
        tps, ttft, tpot = (_error(p, prefix) for _label, prefix in (METRICS[2], METRICS[0], METRICS[1]))
        rows.append({
            "configuration": _cell_name(ws, p.runtime, p.platform),
            "model": p.model,
            "gpus": p.gpu_count,
            "load": p.load,
            "reference": p.predicted or formatting.DASH,
            "remeasurement": p.measured or formatting.DASH,
            "tps_reference": formatting.number(tps.predicted) if tps is not None else formatting.DASH,
            "tps_remeasured": formatting.number(tps.measured) if tps is not None else formatting.DASH,
            "tps_error": signed_percent(tps.relative_error) if tps is not None else formatting.DASH,
            "ttft_error": signed_percent(ttft.relative_error) if ttft is not None else formatting.DASH,
            "tpot_error": signed_percent(tpot.relative_error) if tpot is not None else formatting.DASH,
            "file": p.measured_file,
        })
    return rows

