"""NVIDIA GenAI-Perf and its successor AIPerf (formats/benchmarks.md §4, §5).

* ``profile_export_genai_perf.json`` / ``.csv`` (GenAI-Perf; CRLF CSV with thousands separators
  and descending percentile columns), ``analyze_export_genai_perf.csv`` (one row per config);
* ``profile_export_aiperf.json`` (schema 1.1 - 1.4) / ``.csv`` (CRLF, empty cells).

Both tools' ``inter_token_latency`` is vLLM's TPOT, stored as ``tpot_ms``; AIPerf's
``inter_chunk_latency`` is vLLM's ITL, stored as ``itl_ms``. GenAI-Perf has no ITL.
"""

from __future__ import annotations

import math
import re
from typing import Any

from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.energy import aiperf_energy
from deepdecide.importers.normalize import RunDraft, canonical_hardware, per_second
from deepdecide.importers.secrets import strip_secrets

# normalized latency prefix <- metric tag (JSON)
JSON_LATENCY = {
    "time_to_first_token": "ttft_ms",
    "inter_token_latency": "tpot_ms",
    "inter_chunk_latency": "itl_ms",
    "request_latency": "e2e_ms",
}
STATS = (("avg", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))
_TIME_SCALE = {"ms": 1.0, "msec": 1.0, "milliseconds": 1.0, "s": 1000.0, "sec": 1000.0, "seconds": 1000.0,
               "us": 1e-3, "µs": 1e-3, "ns": 1e-6}


def _time_scale(node: Node, default: str = "ms") -> float:
    unit = node["unit"].str(default).strip().lower()
    if unit not in _TIME_SCALE:
        raise node["unit"].fail(_("unknown time unit {unit!r}").format(unit=unit))
    return _TIME_SCALE[unit]


def _fill_json(d: RunDraft, r: Node) -> None:
    for tag, norm in JSON_LATENCY.items():
        node = r[tag]
        if node.missing:
            continue
        scale = _time_scale(node)
        for key, stat in STATS:
            d.set(**{f"{norm}_{stat}": node[key].num(scale)})
    completed = r["request_count"]["avg"].count()
    failed = r["error_request_count"]["avg"].count()
    duration = r["benchmark_duration"]["avg"].num(_time_scale(r["benchmark_duration"], "sec") / 1000.0) \
        if r.has("benchmark_duration") else None
    d.set(completed=completed, failed=failed, duration_s=duration)
    if completed is not None and failed is not None:
        d.set(num_requests=completed + failed)
    isl = r["input_sequence_length"] if r.has("input_sequence_length") else r["num_input_token"]
    osl = r["output_sequence_length"] if r.has("output_sequence_length") else r["num_output_token"]
    d.set(input_tokens=isl["avg"].num(), output_tokens=osl["avg"].num())
    per_s = per_second(duration)
    d.own_or_derived("request_throughput_rps", r["request_throughput"]["avg"].num(), per_s(completed),
                     "request_count / benchmark_duration")
    total_out = r["total_output_tokens"]["avg"].num() if r.has("total_output_tokens") else r["total_osl"]["avg"].num()
    d.own_or_derived("output_throughput_tps", r["output_token_throughput"]["avg"].num(), per_s(total_out),
                     flag("how.total_output_tokens"))
    total_in = r["total_isl"]["avg"].num()
    d.own_or_derived("total_throughput_tps", r["total_token_throughput"]["avg"].num(),
                     per_s(total_in + total_out if total_in is not None and total_out is not None else None),
                     flag("how.total_isl_osl"))
    if r.has("output_token_throughput_per_user"):
        d.flag("genai_perf.per_user")


def _errors(d: RunDraft, r: Node) -> None:
    """The failed count from ``error_summary`` when ``error_request_count`` is absent (AIPerf writes
    no error count when nothing failed: an empty summary is 0 failed, so the error rate is 0, not
    unknown); a run with errors and no request records completed 0 requests."""
    summary = r["error_summary"]
    if d["failed"] is None and isinstance(summary.value, list):
        failed = 0
        for entry in summary.elements():
            failed += entry["count"].count() or 0
        d.set(failed=failed)
        d.flag("genai_perf.failed_sum" if failed else "genai_perf.failed_none")
    if d["completed"] is None and d["failed"] is not None and not r.has("request_latency") \
            and not r.has("time_to_first_token"):
        d["completed"] = 0
        d.flag("genai_perf.no_records")
    if d["completed"] is not None and d["failed"] is not None and d["num_requests"] is None:
        d.set(num_requests=d["completed"] + d["failed"])


def _models(cfg: Node) -> str:
    models = cfg["models"]
    if isinstance(models.value, dict):
        items = models["items"].list(required=False)
        if items and isinstance(items[0], dict):
            return models["items"][0]["name"].str()
    if isinstance(models.value, list) and models.value:
        return models[0].str() if not isinstance(models.value[0], dict) else models[0]["name"].str()
    if isinstance(cfg["model_names"].value, list) and cfg["model_names"].value:
        return cfg["model_names"][0].str()
    model = cfg["model"]
    if isinstance(model.value, list) and model.value and isinstance(model.value[0], str):
        return model[0].str()
    return model.str() if isinstance(model.value, str) else ""


def _gpu_names(node: Any, found: list[str]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            if k.lower() in ("gpu_name", "name") and isinstance(v, str) and re.search(r"(?i)nvidia|amd|instinct|[hb]\d00", v):
                found.append(v)
            else:
                _gpu_names(v, found)
    elif isinstance(node, list):
        for v in node[:256]:
            _gpu_names(v, found)


def _telemetry(d: RunDraft, node: Node) -> None:
    names: list[str] = []
    _gpu_names(node.value, names)
    if names:
        d.set(platform=canonical_hardware(names[0]), gpu_count=len(names))
        d.flag("genai_perf.telemetry", name=names[0], n=len(names))


class AiperfJson(Importer):
    tool = "aiperf"
    description = N_("AIPerf profile_export_aiperf.json")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and ("aiperf_version" in v or "schema_version" in v) and (
            isinstance(v.get("time_to_first_token", v.get("request_latency")), dict)
            # a run in which every request failed has no latency records, only its errors
            or (isinstance(v.get("error_request_count"), dict) and "error_summary" in v))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        version = f"aiperf {r['aiperf_version'].str('?')} (schema {r['schema_version'].str('?')})"
        d = RunDraft(self.tool, tool_version=version)
        _fill_json(d, r)
        _errors(d, r)
        cfg = r["input_config"]
        d.set(model=_models(cfg))
        for phase in cfg["phases"].elements():
            if phase["name"].str() == "profiling" or phase["exclude_from_results"].value is not True:
                d.set(concurrency=phase["concurrency"].num(), request_rate=phase["request_rate"].rate())
                if phase["name"].str() == "profiling":
                    break
        if d["concurrency"] is None:
            d.set(concurrency=cfg["loadgen"]["concurrency"].num() if cfg["loadgen"].has("concurrency") else None)
        datasets = cfg["datasets"].list(required=False)
        if datasets and isinstance(datasets[0], dict):
            d.set(dataset=cfg["datasets"][0]["dataset"].str() or cfg["datasets"][0]["name"].str())
        _telemetry(d, r["telemetry_data"]["endpoints"])
        aiperf_energy(d, r, d["gpu_count"])
        if r["was_cancelled"].value is True:
            d.flag("genai_perf.cancelled")
        return Parsed(runs=[d.build()], tool_version=version)


class GenaiPerfJson(Importer):
    tool = "genai_perf"
    description = N_("GenAI-Perf profile_export_genai_perf.json")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, dict) and "aiperf_version" not in v and "schema_version" not in v
                and isinstance(v.get("request_throughput"), dict) and "unit" in v["request_throughput"]
                and isinstance(v.get("time_to_first_token", v.get("request_latency")), dict))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        d = RunDraft(self.tool, tool_version="genai-perf")
        _fill_json(d, r)
        cfg = r["input_config"]
        d.set(model=_models(cfg))
        for key in ("concurrency",):
            node = cfg[key] if cfg.has(key) else cfg["perf_analyzer"]["stimulus"][key]
            if isinstance(node.value, (int, float)):
                d.set(concurrency=node.num())
        if isinstance(cfg["request_rate"].value, (int, float, str)):
            d.set(request_rate=cfg["request_rate"].rate())
        _telemetry(d, r["telemetry_stats"])
        return Parsed(runs=[d.build()], tool_version="genai-perf")


# ---------------------------------------------------------------------------------------------
# CSV

_UNIT = re.compile(r"\s*\(([^()]*)\)\s*$")
CSV_LATENCY = {
    "time to first token": "ttft_ms",
    "inter token latency": "tpot_ms",
    "inter chunk latency": "itl_ms",
    "request latency": "e2e_ms",
}


def sections(src: Source) -> list[tuple[int, list[str], list[tuple[int, list[str]]]]]:
    """CSV split at empty rows: (header line, header, [(line, row), ...])."""
    out: list[tuple[int, list[str], list[tuple[int, list[str]]]]] = []
    current: tuple[int, list[str], list[tuple[int, list[str]]]] | None = None
    for line, row in src.csv_rows or []:
        if not any(cell.strip() for cell in row):
            current = None
            continue
        if current is None:
            current = (line, [c.strip() for c in row], [])
            out.append(current)
        else:
            current[2].append((line, row))
    return out


def split_name(cell: str) -> tuple[str, str]:
    """``"Time To First Token (ms)"`` -> ("time to first token", "ms"); nested parentheses kept."""
    m = _UNIT.search(cell)
    unit = m.group(1).strip().lower() if m else ""
    name = cell[: m.start()] if m else cell
    return re.sub(r"\s+", " ", name.strip().lower()), unit


def _cell(src: Source, line: int, row: list[str], index: int, column: str) -> Node:
    value = row[index] if index < len(row) else ""
    return Node(value, src, f"column {column!r}", line)


def _once(src: Source, seen: dict[str, tuple[int, tuple[str, ...]]], name: str, line: int, row: list[str]) -> None:
    """Refuse a metric a section names twice with other figures: which of the two rows is meant cannot
    be known (the last one would win silently). A row repeated exactly is the registry's to report
    ("repeats line")."""
    cells = tuple(c.strip() for c in row)
    first, first_cells = seen.setdefault(name, (line, cells))
    if first != line and first_cells != cells:
        raise src.error(_("this metric appears twice (lines {first} and {line}): which row is meant?").format(
            first=first, line=line), line=line, path=row[0].strip())


def _fill_csv(d: RunDraft, src: Source, secs: list[tuple[int, list[str], list[tuple[int, list[str]]]]]) -> None:
    for _header_line, header, rows in secs:
        first = header[0].lower() if header else ""
        seen: dict[str, tuple[int, tuple[str, ...]]] = {}  # metric name -> its line and cells, in this section
        if first == "metric" and len(header) > 2 and header[1].lower() == "avg":
            cols = {h.lower(): i for i, h in enumerate(header)}
            for line, row in rows:
                name, unit = split_name(row[0])
                _once(src, seen, name, line, row)
                norm = CSV_LATENCY.get(name)
                if norm:
                    scale = _TIME_SCALE.get(unit or "ms")
                    if scale is None:
                        raise src.error(_("unknown time unit {unit!r}").format(unit=unit), line=line, path=row[0])
                    for key, stat in STATS:
                        if key in cols:
                            d.set(**{f"{norm}_{stat}": _cell(src, line, row, cols[key], key).num(scale)})
                elif name in ("input sequence length", "num input token"):
                    d.set(input_tokens=_cell(src, line, row, cols["avg"], "avg").num())
                elif name in ("output sequence length", "num output token"):
                    d.set(output_tokens=_cell(src, line, row, cols["avg"], "avg").num())
                elif name.startswith("output token throughput per user"):
                    d.flag("genai_perf.per_user_rates")
        elif first == "metric" and len(header) >= 2 and header[1].lower() == "value":
            for line, row in rows:
                name, unit = split_name(row[0])
                _once(src, seen, name, line, row)
                node = _cell(src, line, row, 1, "Value")
                if name == "request throughput":
                    d.set(request_throughput_rps=node.num())
                elif name == "output token throughput":
                    d.set(output_throughput_tps=node.num())
                elif name == "total token throughput":
                    d.set(total_throughput_tps=node.num())
                elif name == "benchmark duration":
                    d.set(duration_s=node.num(_TIME_SCALE.get(unit or "sec", 1000.0) / 1000.0))
                elif name == "request count":
                    d.set(completed=node.count())
                elif name in ("error request count", "error count"):
                    d.set(failed=node.count())
        elif first == "endpoint" and "gpu_name" in [h.lower() for h in header]:
            cols = {h.lower(): i for i, h in enumerate(header)}
            gpus = {(row[cols["endpoint"]] if len(row) > cols["endpoint"] else "",
                     row[cols["gpu_index"]] if "gpu_index" in cols and len(row) > cols["gpu_index"] else "")
                    for _, row in rows}
            names = [row[cols["gpu_name"]] for _, row in rows if len(row) > cols["gpu_name"] and row[cols["gpu_name"]]]
            if names:
                d.set(platform=canonical_hardware(names[0]), gpu_count=len(gpus))
                d.flag("genai_perf.telemetry", name=names[0], n=len(gpus))
    if d["completed"] is not None and d["failed"] is not None:
        d.set(num_requests=d["completed"] + d["failed"])


def _first_line(src: Source) -> str:
    return src.first_line.replace('"', "").replace(" ", "") if "," in src.first_line else ""


class AiperfCsv(Importer):
    tool = "aiperf"
    description = N_("AIPerf profile_export_aiperf.csv")

    def sniff(self, src: Source) -> bool:
        return _first_line(src).startswith("metric,avg,min,max,sum,")

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        d = RunDraft(self.tool, tool_version="aiperf (CSV export; version not in the file)")
        _fill_csv(d, src, sections(src))
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


class GenaiPerfCsv(Importer):
    tool = "genai_perf"
    description = N_("GenAI-Perf profile_export_genai_perf.csv")

    def sniff(self, src: Source) -> bool:
        line = _first_line(src)
        return line.startswith("metric,avg,min,max,p99") or line.startswith("metric,avg,min,max,p95")

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        d = RunDraft(self.tool, tool_version="genai-perf (CSV export; version not in the file)")
        _fill_csv(d, src, sections(src))
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


class GenaiPerfAnalyzeCsv(Importer):
    tool = "genai_perf_analyze"
    description = N_("GenAI-Perf analyze_export_genai_perf.csv (one row per configuration)")

    def sniff(self, src: Source) -> bool:
        return _first_line(src).startswith("configname,concurrency,isl")

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        secs = sections(src)
        header_line, header, rows = secs[0]
        cols = {split_name(h): i for i, h in enumerate(header)}
        gpu_rows: dict[str, set[str]] = {}
        memory: dict[str, str] = {}
        for _hl, h2, rows2 in secs[1:]:
            if h2 and h2[0].lower() == "config name" and len(h2) > 1 and h2[1].lower() == "gpu":
                mem_col = next((i for i, h in enumerate(h2) if "total memory" in h.lower()), None)
                for _line, row in rows2:
                    gpu_rows.setdefault(row[0], set()).add(row[1] if len(row) > 1 else "")
                    if mem_col is not None and len(row) > mem_col:
                        memory[row[0]] = row[mem_col]
        out = Parsed(tool_version="genai-perf analyze")

        def col(*names: tuple[str, str]) -> int | None:
            return next((cols[n] for n in names if n in cols), None)

        mapping = {
            "ttft_ms_p99": col(("p99 time to first token", "ms")),
            "tpot_ms_p99": col(("p99 inter token latency", "ms")),
            "e2e_ms_p99": col(("p99 request latency", "ms")),
            "output_throughput_tps": col(("avg. output token throughput", "tokens/sec")),
            "request_throughput_rps": col(("request throughput", "requests/sec")),
        }
        for line, row in rows:
            d = RunDraft(self.tool, tool_version="genai-perf analyze")
            name = row[0] if row else ""
            d.set(label=name)
            for norm, i in mapping.items():
                if i is not None:
                    d.set(**{norm: _cell(src, line, row, i, header[i]).num()})
            for norm, key in (("concurrency", ("concurrency", "")), ("input_tokens", ("isl", ""))):
                if key in cols:
                    d.set(**{norm: _cell(src, line, row, cols[key], header[cols[key]]).num()})
            if ("num prompts", "") in cols:
                d.set(num_requests=_cell(src, line, row, cols[("num prompts", "")], "Num Prompts").count())
            if name in gpu_rows:
                d.set(gpu_count=len(gpu_rows[name]))
                d.flag("genai_perf.telemetry_table", n=len(gpu_rows[name]), memory=_figure(memory.get(name, "?")))
            d.flag("genai_perf.analyze_p99")
            out.runs.append(d.build())
        return out


def _figure(text: str) -> float | str:
    """A figure the file writes as text ("25.77"), as a number so that a message writes it the language's
    way ("25,77" in Spanish); anything else as written."""
    try:
        value = float(text)
    except ValueError:
        return text
    return value if math.isfinite(value) else text
