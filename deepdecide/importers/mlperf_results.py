"""MLPerf Inference results summaries, ``summary.csv`` and ``summary.json`` (formats/benchmarks.md,
"Added 2026-12" §5): one run per (system, model, scenario) row.

``Result`` is one number whose meaning is in ``Units``: ``Tokens/s`` is stored as output
throughput, ``Queries/s`` / ``Samples/s`` as request throughput (one MLPerf sample is one query),
and ``Latency (s)`` / ``Latency (ms)`` rows as the request latency's p90 (MLPerf's SingleStream
latency is its 90th percentile). The latency constraints (TTFT, TPOT) are not in the summary: they
are in each run's ``mlperf_log_summary.txt``. GPUs = ``accelerators_per_node`` x
``number_of_nodes`` (or ``total_accelerators``); when the accelerator columns are empty the system
name in ``Platform`` (``GO_2xRTX4090-...``) is read as a hint, flagged. ``summary.json`` is a dict
keyed "0", "1", ... (not a list).

The ``Accuracy`` column (``exact_match: 81.22  TOKENS_PER_SAMPLE: 3748.47``; ``ROUGE1: 44.79  ...``)
becomes a parity check at that load (the row's scenario and result), judged against MLPerf's
closed-division targets (:data:`ACCURACY_TARGETS`, from the MLCommons submission checker): every
targeted metric at least its fraction of the reference accuracy, and ``TOKENS_PER_SAMPLE`` within
its bounds. An open-division row sets no target (no check). v6.1 adds ``total_accelerators``,
``weight_data_types`` (the quantization) and ``design_power_watts`` (the system's rated power: never
read as a measurement). A row whose ``Units`` is ``Watts`` is a measured power result (MLPerf Power:
the system's wall power, whole node): it is not a run but the power of the performance row of the
same system, model and scenario (per GPU = W / accelerators; J per output token = W / tokens/s).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deepdecide.domain.evidence import EnergyBasis, ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import flag, rule
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft, canonical_hardware, gpu_count_from_name
from deepdecide.importers.structured import CsvTable, csv_header, csv_table

COLUMNS = {"Organization", "Division", "SystemName", "Platform", "Model", "Scenario", "Result", "Units"}

#: MLPerf Inference closed-division accuracy targets of the LLM benchmarks (MLCommons
#: ``tools/submission/submission_checker`` MODEL_CONFIG "accuracy-target" / "accuracy-upper-limit",
#: v6.0 config): benchmark -> ((metric, reference, fraction of it required), ...), and the upper
#: bounds (metric, reference, fraction). The first metric is the check's headline.
ACCURACY_TARGETS: dict[str, tuple[tuple[str, float, float], ...]] = {
    "llama2-70b-99": (("ROUGE1", 44.4312, 0.99), ("ROUGE2", 22.0352, 0.99), ("ROUGEL", 28.6162, 0.99),
                      ("TOKENS_PER_SAMPLE", 294.45, 0.9)),
    "llama2-70b-99.9": (("ROUGE1", 44.4312, 0.999), ("ROUGE2", 22.0352, 0.999), ("ROUGEL", 28.6162, 0.999),
                        ("TOKENS_PER_SAMPLE", 294.45, 0.9)),
    "llama3.1-8b": (("ROUGE1", 38.7792, 0.99), ("ROUGE2", 15.9075, 0.99), ("ROUGEL", 24.4957, 0.99),
                    ("ROUGELSUM", 35.793, 0.99), ("GEN_LEN", 8167644, 0.9)),
    "llama3.1-405b": (("ROUGEL", 21.6666, 0.99), ("exact_match", 90.1335, 0.99), ("TOKENS_PER_SAMPLE", 684.68, 0.9)),
    "mixtral-8x7b": (("ROUGE1", 45.5989, 0.99), ("ROUGE2", 23.3526, 0.99), ("ROUGEL", 30.4608, 0.99),
                     ("TOKENS_PER_SAMPLE", 144.84, 0.9), ("gsm8k_accuracy", 73.66, 0.99), ("mbxp_accuracy", 60.16, 0.99)),
    "deepseek-r1": (("exact_match", 81.3582, 0.99), ("TOKENS_PER_SAMPLE", 3886.2274, 0.9)),
    "gpt-oss-120b": (("exact_match", 83.13, 0.99),),
}
ACCURACY_UPPER: dict[str, tuple[tuple[str, float, float], ...]] = {
    "llama2-70b-99": (("TOKENS_PER_SAMPLE", 294.45, 1.1),),
    "llama2-70b-99.9": (("TOKENS_PER_SAMPLE", 294.45, 1.1),),
    "llama3.1-8b": (("GEN_LEN", 8167644, 1.1),),
    "llama3.1-405b": (("TOKENS_PER_SAMPLE", 684.68, 1.1),),
    "mixtral-8x7b": (("TOKENS_PER_SAMPLE", 145.9, 1.1),),
    "deepseek-r1": (("TOKENS_PER_SAMPLE", 3886.2274, 1.1),),
}
_ACCURACY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([-+0-9.eE]+)")


def accuracy_values(text: str) -> dict[str, float]:
    """``exact_match: 81.22  TOKENS_PER_SAMPLE: 3748.47`` -> ``{"exact_match": 81.22, ...}``."""
    out = {}
    for name, value in _ACCURACY.findall(text):
        try:
            out[name] = float(value)
        except ValueError:
            continue
    return out
#: accelerator names in system / platform strings canonical_hardware does not know
_EXTRA_HARDWARE = ((r"rtx[ _-]?4090", "RTX 4090"), (r"rtx[ _-]?5090", "RTX 5090"))


def _hardware(text: str) -> str:
    name = canonical_hardware(text)
    if name != text.strip():
        return name
    low = text.lower()
    for pattern, canonical in _EXTRA_HARDWARE:
        if re.search(pattern, low):
            return canonical
    return ""


def _json_rows(v: Any) -> list[tuple[str, Any]] | None:
    if isinstance(v, dict) and v and all(isinstance(k, str) and k.isdigit() for k in v):
        rows = list(v.items())
    elif isinstance(v, list) and v:
        rows = [(str(i), x) for i, x in enumerate(v)]
    else:
        return None
    if all(isinstance(x, dict) and set(x) >= COLUMNS for _, x in rows):
        return rows
    return None


class MlperfResultsSummary(Importer):
    tool = "mlperf_results"
    description = N_("MLPerf Inference results summary.csv / summary.json (one row per system, model, scenario)")

    def sniff(self, src: Source) -> bool:
        if src.looks_json:
            return _json_rows(src.json) is not None
        return csv_header(src) >= COLUMNS

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed()
        cells: list[Callable[[str], Node]] = []
        if src.looks_json:
            r = root(src, src.json)
            for key, _row in _json_rows(src.json) or []:
                node = r[int(key)] if isinstance(src.json, list) else r[key]

                def json_cell(c: str, n: Node = node) -> Node:
                    return n[c]
                cells.append(json_cell)
        else:
            t = csv_table(src)
            if t is None:
                raise src.error(_("an MLPerf results summary without a header row"))
            for line, row in t.rows:

                def csv_cell(c: str, line: int = line, row: list[str] = row, t: CsvTable = t) -> Node:
                    return t.cell(line, row, c)
                cells.append(csv_cell)
        def is_power(c: Callable[[str], Node]) -> bool:
            return c("Units").str().strip().lower().startswith("watts")

        power = {_key(c): c for c in cells if is_power(c)}
        drafts = []
        for cell in cells:
            if is_power(cell):
                continue
            d = self._row(cell)
            watts = power.pop(_key(cell), None)
            if watts is not None:
                _power(d, watts)
            check = _accuracy_check(d, cell)
            if check is not None:
                out.parity.append(check)
            drafts.append(d)
        for cell in power.values():
            out.notes.append(flag("mlperf_results.power_alone", system=cell("SystemName").str(),
                                  model=cell("Model").str(), scenario=cell("Scenario").str()))
        out.runs = [d.build() for d in drafts]
        versions = sorted({r.tool_version for r in out.runs})
        out.tool_version = "; ".join(versions)
        return out

    def _row(self, cell: Callable[[str], Node]) -> RunDraft:
        version = cell("version").str()
        d = RunDraft(self.tool, tool_version=f"MLPerf Inference {version} results summary".replace("  ", " "))
        scenario, units = cell("Scenario").str(), cell("Units").str()
        model, benchmark = cell("Model").str(), cell("MlperfModel").str()
        result = cell("Result").num()
        d.set(model=model, dataset=f"MLPerf {benchmark or model} {scenario}".strip())
        d.set(label=f"{cell('Organization').str()} {cell('SystemName').str()} {cell('Platform').str()}, "
                    f"{model} {scenario}: {result:g} {units}" if result is not None else f"{model} {scenario}")
        low = units.lower()
        if result is None:
            pass
        elif low.startswith("tokens/s"):
            d.set(output_throughput_tps=result)
        elif low.startswith(("queries/s", "samples/s")):
            d.set(request_throughput_rps=result)
            d.flag("mlperf_results.throughput", result=result, units=units)
        elif low.startswith("latency"):
            scale = 1.0 if "(ms)" in low else 1000.0
            d.set(e2e_ms_p90=result * scale)
            d.flag("mlperf_results.latency", result=result, units=units)
        else:
            d.flag("mlperf_results.unit", result=result, units=units)
        if benchmark and benchmark != model:
            d.flag("mlperf_results.open_model", benchmark=benchmark, model=model)
        d.set(quantization=cell("weight_data_types").str())
        design = cell("design_power_watts").str().strip()
        if design and design.lower() not in ("none", "n/a", "na", "-"):
            d.flag("mlperf_results.design_power", watts=design)
        accuracy = cell("Accuracy").str()
        if accuracy:
            d.flag("mlperf_results.accuracy", accuracy=accuracy)
        self._gpus(d, cell)
        framework = cell("framework").str()
        if framework:
            d.flag("mlperf_results.framework", framework=framework)
        if cell("Division").str().lower() == "open":
            d.flag("mlperf_results.open")
        return d

    @staticmethod
    def _gpus(d: RunDraft, cell: Callable[[str], Node]) -> None:
        name = cell("accelerator_model_name").str()
        name = "" if name.strip().upper() in ("N/A", "NA", "") else name
        total = cell("total_accelerators").count() if not cell("total_accelerators").missing else None
        per_node, nodes = cell("accelerators_per_node").count(), cell("number_of_nodes").count()
        if total is None and per_node:
            total = per_node * (nodes or 1)
        if name:
            d.set(platform=_hardware(name) or name, gpu_count=total or None)
            return
        system = cell("Platform").str()
        hint = _hardware(system)
        if hint:
            d.set(platform=hint, gpu_count=gpu_count_from_name(system))
            d.flag("mlperf_results.platform_count" if d["gpu_count"] else "mlperf_results.platform", system=system)
        elif re.search(r"\bcpu\b|-cpu-", system.lower()):
            d.flag("mlperf_results.cpu", system=system)



def _key(cell: Callable[[str], Node]) -> tuple[str, str, str, str]:
    return (cell("SystemName").str(), cell("Platform").str(), cell("Model").str(), cell("Scenario").str())


def _power(d: RunDraft, watts: Callable[[str], Node]) -> None:
    """A Watts row's measured system power on the performance row of the same system, model, scenario."""
    w = watts("Result").num()
    gpus, tps = d["gpu_count"], d["output_throughput_tps"]
    if w is None or not gpus:
        d.flag("mlperf_results.power_unused", watts=w if w is not None else 0.0)
        return
    d.set(power_w_per_gpu=w / gpus, energy_basis=EnergyBasis.NODE)
    if tps:
        d.set(energy_j_per_output_token=w / tps)
    d.flag("mlperf_results.power", watts=w, gpus=gpus)


def _accuracy_check(d: RunDraft, cell: Callable[[str], Node]) -> ParityCheck | None:
    """The row's accuracy as a parity check at its load, judged against MLPerf's closed-division target."""
    text = cell("Accuracy").str()
    if not text:
        return None
    benchmark = cell("MlperfModel").str() or cell("Model").str()
    if cell("Division").str().lower() == "open":
        d.flag("mlperf_results.accuracy_open")
        return None
    values = accuracy_values(text)
    targets = ACCURACY_TARGETS.get(benchmark)
    where = f"{d['label']}"
    task = f"MLPerf {benchmark} {cell('Scenario').str()}".strip()
    if not targets or not values:
        d.flag("mlperf_results.accuracy_unjudged", benchmark=benchmark)
        metric, value = next(iter(values.items()), ("", None))
        return ParityCheck(ParityKind.EVAL_ACCURACY, platform=d["platform"] or "", task=task, metric=metric,
                           value=value, tolerance=flag("parity.mlperf_no_target", benchmark=benchmark),
                           verdict=Verdict.INCONCLUSIVE, source=where, model=d["model"] or "")
    parts, verdict = [], Verdict.PASS
    for name, reference, fraction in targets:
        value = values.get(name)
        limit = reference * fraction
        if value is None:
            parts.append(flag("parity.mlperf_missing", metric=name))
            verdict = Verdict.INCONCLUSIVE if verdict == Verdict.PASS else verdict
            continue
        ok = value >= limit
        parts.append(flag("parity.mlperf_at_least", metric=name, value=value, limit=limit, fraction=fraction,
                          reference=reference))
        if not ok:
            verdict = Verdict.FAIL
    for name, reference, fraction in ACCURACY_UPPER.get(benchmark, ()):
        value = values.get(name)
        if value is not None:
            parts.append(flag("parity.mlperf_at_most", metric=name, value=value, limit=reference * fraction,
                              fraction=fraction, reference=reference))
            if value > reference * fraction:
                verdict = Verdict.FAIL
    head, reference, fraction = targets[0]
    value = values.get(head)
    tolerance = rule(flag("parity.mlperf_target", benchmark=benchmark), *parts)
    d.flag("mlperf_results.accuracy_check", benchmark=benchmark, verdict=verdict.value)
    return ParityCheck(ParityKind.EVAL_ACCURACY, platform=d["platform"] or "", reference_runtime="",
                       reference_platform="", task=task, metric=head, value=value, reference_value=reference,
                       delta=value - reference if value is not None else None, tolerance=tolerance, verdict=verdict,
                       source=where, model=d["model"] or "")
