"""NVIDIA AIPerf's multi-run and sweep exports and its accuracy results (built from the aiperf
0.13.0 wheel; no public real file of these is known):

* ``aggregate/profile_export_aiperf_aggregate.json`` (``--num-profile-runs N``; its own
  ``schema_version`` "1.0", ``exporters/aggregate/aggregate_confidence_json_exporter.py``): one run,
  each metric ``<tag>_<stat>`` (``time_to_first_token_p99``) with the mean over the runs of that
  per-run statistic and its t-interval (``mean``, ``std``, ``min``, ``max``, ``cv``, ``se``,
  ``ci_low``, ``ci_high``, ``t_critical``, ``unit``); ``metadata.confidence_level``,
  ``num_successful_runs``; ``single_run: true`` when one run succeeded (the interval collapses to
  the mean: not an interval);
* ``sweep_aggregate/profile_export_aiperf_sweep.json`` (``aggregate_sweep_json_exporter.py``):
  one run per ``per_combination_metrics`` entry (``parameters`` such as ``{"concurrency": 10}``).
  A combination measured several times has the flattened keys with ``mean`` and ``ci_low`` /
  ``ci_high``; one measured once has the plain tags (``time_to_first_token``) with ``avg`` and
  percentiles and a zero-width "interval" (``cli_runner/_sweep_aggregate.py``), which is not kept.
  The sweep file does not state the confidence level;
* ``accuracy_results.csv`` (``--accuracy-benchmark``, ``accuracy/accuracy_data_exporter.py``):
  ``task,correct,total,unparsed,accuracy`` per task and an ``OVERALL`` row, imported as parity
  checks (accuracy = correct / total, 4 decimals).

AIPerf's ``inter_token_latency`` is vLLM's TPOT (``tpot_ms``), ``inter_chunk_latency`` its ITL
(``itl_ms``); times carry their unit (``ms``; ``benchmark_duration`` in ``sec``).
"""

from __future__ import annotations

import math

from deepdecide.domain.evidence import CI_FIELDS, ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.genai_perf import _TIME_SCALE
from deepdecide.importers.normalize import RunDraft
from deepdecide.importers.secrets import strip_secrets

#: AIPerf metric tag -> normalized latency prefix
LATENCY = {
    "time_to_first_token": "ttft_ms",
    "inter_token_latency": "tpot_ms",
    "inter_chunk_latency": "itl_ms",
    "request_latency": "e2e_ms",
}
STATS = (("avg", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))
#: AIPerf tag -> normalized field, for figures kept as they are (the avg statistic)
PLAIN = {
    "request_throughput": "request_throughput_rps",
    "output_token_throughput": "output_throughput_tps",
    "total_token_throughput": "total_throughput_tps",
    "input_sequence_length": "input_tokens",
    "output_sequence_length": "output_tokens",
}
#: normalized field with an interval -> the AIPerf flattened key it comes from
CI_SOURCE = {
    "output_throughput_tps": "output_token_throughput_avg",
    "request_throughput_rps": "request_throughput_avg",
    "ttft_ms_p50": "time_to_first_token_p50",
    "ttft_ms_p99": "time_to_first_token_p99",
    "tpot_ms_p50": "inter_token_latency_p50",
    "tpot_ms_p99": "inter_token_latency_p99",
}
assert set(CI_SOURCE) == set(CI_FIELDS)


def _scale(node: Node, tag: str) -> float:
    """The factor to ms of a latency block (its ``unit``; ms when it has none)."""
    unit = node["unit"].str("ms").strip().lower()
    if unit not in _TIME_SCALE:
        raise node["unit"].fail(_("unknown time unit {unit!r} for {tag}").format(unit=unit, tag=tag))
    return _TIME_SCALE[unit]


def _load(d: RunDraft, parameters: Node) -> list[str]:
    """Concurrency and request rate from a sweep's parameters; the label's parts."""
    parts = []
    for key, value in parameters.items():
        name = key.rsplit(".", 1)[-1]
        if name == "concurrency":
            d.set(concurrency=value.num())
        elif name == "request_rate":
            d.set(request_rate=value.rate())
        parts.append(f"{name}={value.str() if not isinstance(value.value, (dict, list)) else '...'}")
    return parts


def _confidence_metrics(d: RunDraft, metrics: Node, *, intervals: bool) -> None:
    """Fill a run from ``<tag>_<stat>`` blocks (mean over the runs), with their intervals."""
    for tag, norm in LATENCY.items():
        for stat_key, stat in STATS:
            node = metrics[f"{tag}_{stat_key}"]
            if isinstance(node.value, dict):
                d.set(**{f"{norm}_{stat}": node["mean"].num(_scale(node, tag))})
    for tag, norm in PLAIN.items():
        node = metrics[f"{tag}_avg"]
        if isinstance(node.value, dict):
            d.set(**{norm: node["mean"].num()})
    dur = metrics["benchmark_duration_avg"]
    if isinstance(dur.value, dict):
        d.set(duration_s=dur["mean"].num(_scale(dur, "benchmark_duration") / 1000.0))
    if not intervals:
        return
    for norm, key in CI_SOURCE.items():
        node = metrics[key]
        if not isinstance(node.value, dict) or d[norm] is None:
            continue
        scale = _scale(node, key) if norm.endswith(("_p50", "_p99")) else 1.0
        low = node["ci_low"].num(scale, allow_negative=True)
        high = node["ci_high"].num(scale)
        if low is None or high is None:
            continue
        if low < 0:
            d.flag("aiperf.ci_below_zero", name=norm, low=low)
            low = 0.0
        d.set(**{f"{norm}_ci_low": low, f"{norm}_ci_high": high})


def _single_metrics(d: RunDraft, metrics: Node) -> None:
    """A sweep combination measured once: plain tags with avg and percentiles (no interval)."""
    for tag, norm in LATENCY.items():
        node = metrics[tag]
        if isinstance(node.value, dict):
            scale = _scale(node, tag)
            for stat_key, stat in STATS:
                d.set(**{f"{norm}_{stat}": node[stat_key].num(scale)})
    for tag, norm in PLAIN.items():
        node = metrics[tag]
        if isinstance(node.value, dict):
            d.set(**{norm: node["avg"].num()})
    dur = metrics["benchmark_duration"]
    if isinstance(dur.value, dict):
        d.set(duration_s=dur["avg"].num(_scale(dur, "benchmark_duration") / 1000.0))


def _has_intervals(d: RunDraft) -> bool:
    return any(d[f"{name}_ci_low"] is not None for name in CI_FIELDS)


class AiperfAggregate(Importer):
    tool = "aiperf"
    description = N_("AIPerf profile_export_aiperf_aggregate.json (multi-run confidence aggregate)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, dict) and "aiperf_version" in v and isinstance(v.get("metadata"), dict)
                and v["metadata"].get("aggregation_type") == "confidence" and isinstance(v.get("metrics"), dict))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        meta = r["metadata"]
        version = f"aiperf {r['aiperf_version'].str('?')} (aggregate schema {r['schema_version'].str('?')})"
        d = RunDraft("aiperf", tool_version=version)
        runs, ok = meta["num_profile_runs"].count(), meta["num_successful_runs"].count()
        single = meta["single_run"].value is True or ok == 1
        _confidence_metrics(d, r["metrics"], intervals=not single)
        if single:
            d.flag("aiperf.single_run")
        elif _has_intervals(d):
            level = meta["confidence_level"].num()
            d.set(ci_level=level, ci_runs=ok)
            d.flag("aiperf.aggregate", n=ok if ok is not None else "?",
                   level=f"{level * 100:g} %" if level is not None else "?")
        if runs is not None and ok is not None and runs > ok:
            d.flag("aiperf.failed_runs", failed=runs - ok, runs=runs)
        d.set(model=meta["model"].str() if isinstance(meta["model"].value, str) else "")
        parts = _load(d, meta["variation_values"]) if isinstance(meta["variation_values"].value, dict) else []
        d.set(label=", ".join(parts) or (f"mean of {ok} runs" if ok else ""))
        d.flag("aiperf.mean_of_runs")
        return Parsed(runs=[d.build()], tool_version=version)


class AiperfSweep(Importer):
    tool = "aiperf"
    description = N_("AIPerf profile_export_aiperf_sweep.json (parameter sweep, one run per combination)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, dict) and v.get("aggregation_type") == "sweep"
                and isinstance(v.get("per_combination_metrics"), list))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        version = "aiperf sweep aggregate (version not in the file)"
        total, ok = r["num_profile_runs"].count(), r["num_successful_runs"].count()
        combos = r["metadata"]["num_combinations"].count()
        per_cell: int | None = None
        if total and ok == total and combos and total % combos == 0:
            per_cell = total // combos
        out = Parsed(tool_version=version)
        for cell in r["per_combination_metrics"].elements():
            d = RunDraft("aiperf", tool_version=version)
            parts = _load(d, cell["parameters"])
            d.set(label=", ".join(parts))
            metrics = cell["metrics"]
            keys = set(metrics.obj(required=False))
            flattened = any(k.endswith(("_avg", "_p99", "_p50")) for k in keys)
            if flattened:
                _confidence_metrics(d, metrics, intervals=True)
                if _has_intervals(d):
                    d.set(ci_runs=per_cell)
                    d.flag("aiperf.sweep_ci", n=per_cell if per_cell is not None else "?")
                d.flag("aiperf.mean_of_runs")
            else:
                _single_metrics(d, metrics)
                d.flag("aiperf.sweep_single")
            out.runs.append(d.build())
        if total is not None and ok is not None and total > ok:
            out.notes.append(flag("aiperf.failed_runs", failed=total - ok, runs=total))
        return out


# ---------------------------------------------------------------------------------------------
# accuracy_results.csv

_ACCURACY_HEADER = ["task", "correct", "total", "unparsed", "accuracy"]


class AiperfAccuracyCsv(Importer):
    tool = "aiperf_accuracy"
    description = N_("AIPerf accuracy_results.csv (--accuracy-benchmark)")

    def sniff(self, src: Source) -> bool:
        return src.first_line.replace(" ", "") == "task,correct,total,unparsed,accuracy"

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        rows = src.csv_rows or []
        checks: list[ParityCheck] = []
        notes = []
        for line, row in rows[1:]:
            if not any(c.strip() for c in row):
                continue
            if len(row) != len(_ACCURACY_HEADER):
                raise src.error(_("expected {n} cells (task, correct, total, unparsed, accuracy), got {got}").format(
                    n=len(_ACCURACY_HEADER), got=len(row)), line=line)
            cell = {name: Node(value, src, f"column {name!r}", line) for name, value in zip(_ACCURACY_HEADER, row, strict=True)}
            task = cell["task"].str().strip()
            correct, total, unparsed = cell["correct"].count(), cell["total"].count(), cell["unparsed"].count()
            accuracy = cell["accuracy"].num()
            if total is None or correct is None:
                raise src.error(_("every row needs correct and total"), line=line)
            if correct > total:
                raise cell["correct"].fail(_("correct {correct} is more than total {total}").format(correct=correct, total=total))
            derived = correct / total if total else None
            if accuracy is None:
                accuracy = derived
            elif derived is not None and abs(accuracy - derived) > 5.5e-5:  # the file rounds to 4 decimals
                raise cell["accuracy"].fail(_("accuracy {accuracy} is not correct / total = {derived:.4f}").format(
                    accuracy=cell["accuracy"].str(), derived=derived))
            if accuracy is not None and not 0 <= accuracy <= 1:
                raise cell["accuracy"].fail(_("accuracy {accuracy} is outside [0, 1]").format(accuracy=cell["accuracy"].str()))
            stderr = (math.sqrt(derived * (1 - derived) / (total - 1)) if derived is not None and total > 1 else None)
            checks.append(ParityCheck(
                kind=ParityKind.EVAL_ACCURACY, task="overall" if task == "OVERALL" else task, metric="accuracy",
                value=derived if derived is not None else accuracy, n=total, stderr=stderr, verdict=Verdict.INCONCLUSIVE,
                tolerance=flag("parity.no_reference_yet"),
                source=f"{src.name}:{line} (AIPerf accuracy: {correct}/{total} correct, {unparsed or 0} unparsed)"))
        if not checks:
            raise src.error(_("no task rows"), line=1)
        notes.append(flag("aiperf.accuracy"))
        return Parsed(parity=checks, tool_version="aiperf accuracy_results.csv (version not in the file)", notes=notes)
