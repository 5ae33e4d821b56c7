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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deepdecide.domain.i18n import _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft, canonical_hardware, gpu_count_from_name
from deepdecide.importers.structured import CsvTable, csv_header, csv_table

COLUMNS = {"Organization", "Division", "SystemName", "Platform", "Model", "Scenario", "Result", "Units"}
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
    description = "MLPerf Inference results summary.csv / summary.json (one row per system, model, scenario)"

    def sniff(self, src: Source) -> bool:
        if src.looks_json:
            return _json_rows(src.json) is not None
        return csv_header(src) >= COLUMNS

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed()
        if src.looks_json:
            r = root(src, src.json)
            for key, _row in _json_rows(src.json) or []:
                node = r[int(key)] if isinstance(src.json, list) else r[key]

                def json_cell(c: str, n: Node = node) -> Node:
                    return n[c]
                out.runs.append(self._row(json_cell).build())
        else:
            t = csv_table(src)
            if t is None:
                raise src.error(_("an MLPerf results summary without a header row"))
            for line, row in t.rows:

                def csv_cell(c: str, line: int = line, row: list[str] = row, t: CsvTable = t) -> Node:
                    return t.cell(line, row, c)
                out.runs.append(self._row(csv_cell).build())
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

