"""When no format matches: the two or three closest formats, and why each one failed.

Each importer has a *signature* here: the shape of its files (JSON object, JSON list, CSV,
YAML, text) and the keys, columns or phrases its files always hold. A file is compared with
every signature by how many of those it holds (and whether its shape is the same); the best
three are named with what the file lacks ("lacks mean_ttft_ms, date"), instead of the whole
list of formats. ``tests`` check that every registered importer has a signature.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import Source
from deepdecide.importers.structured import yaml_doc


@dataclass(frozen=True)
class Signature:
    shape: str  # "json object", "json list", "csv", "yaml", "text"
    marks: tuple[str, ...]  # keys (json / yaml, at any of the first levels), columns (csv), phrases (text)


#: importer class name -> signature (the importer's description is used for the name)
SIGNATURES: dict[str, Signature] = {
    "EnvironmentManifest": Signature("yaml", ("kind", "runtime", "nvidia_smi", "versions", "lock_file", "image")),
    "MlperfSummary": Signature("text", ("MLPerf Results Summary", "SUT name", "Scenario")),
    "AiconfiguratorCsv": Signature("csv", ("tokens/s/gpu", "tokens/s/user", "num_total_gpus", "isl", "osl", "parallel")),
    "LmEvalTable": Signature("text", ("|Tasks", "|Version", "|Metric", "|Value")),
    "AiperfCsv": Signature("csv", ("Metric", "avg", "min", "max", "sum", "p1")),
    "GenaiPerfCsv": Signature("csv", ("Metric", "avg", "min", "max", "p99")),
    "GenaiPerfAnalyzeCsv": Signature("csv", ("Config Name", "Concurrency", "ISL", "OSL")),
    "ParityCsv": Signature("csv", ("kind", "task", "metric", "value", "reference_value")),
    "MlperfResultsSummary": Signature("csv", ("Organization", "Division", "SystemName", "Platform", "Model",
                                              "Scenario", "Result", "Units")),
    "VidurRequestMetrics": Signature("csv", ("Request Id", "request_e2e_time", "prefill_e2e_time",
                                             "request_num_prefill_tokens", "request_num_decode_tokens")),
    "LmEvalBaselineYaml": Signature("yaml", ("model_name", "tasks", "metrics", "value")),
    "VllmGsm8kBaselineYaml": Signature("yaml", ("accuracy_threshold", "num_questions", "model_name")),
    "LlmdReport": Signature("yaml", ("version", "scenario", "results", "request_performance", "latency")),
    "InferencePerfLifecycle": Signature("json object", ("load_summary", "successes", "failures", "latency",
                                                        "throughput")),
    "InferencePerfPerRequest": Signature("json list", ("start_time", "end_time", "info", "error",
                                                       "output_token_times")),
    "InferencePerfPrometheus": Signature("json object", ("load_summary", "successes", "failures", "queue_len",
                                                         "time_per_output_token", "kv_cache_usage_percentage")),
    "AiperfAggregate": Signature("json object", ("schema_version", "aiperf_version", "metadata", "metrics",
                                                 "aggregation_type", "ci_low", "ci_high")),
    "AiperfSweep": Signature("json object", ("aggregation_type", "per_combination_metrics", "parameters",
                                             "best_configurations", "pareto_optimal")),
    "AiperfAccuracyCsv": Signature("csv", ("task", "correct", "total", "unparsed", "accuracy")),
    "AiperfJson": Signature("json object", ("schema_version", "aiperf_version", "time_to_first_token",
                                            "request_latency", "request_throughput")),
    "GenaiPerfJson": Signature("json object", ("time_to_first_token", "request_latency", "request_throughput",
                                               "unit", "input_config")),
    "Guidellm": Signature("json object", ("benchmarks", "metadata", "guidellm_version", "metrics", "strategy")),
    "GenaiBench": Signature("json object", ("aggregated_metrics", "individual_request_metrics", "_time_unit", "stats",
                                            "run_duration", "num_concurrency")),
    "AisbenchCsv": Signature("csv", ("Performance Parameters", "Stage", "Average", "Median", "P99", "N")),
    "AisbenchJson": Signature("json object", ("Benchmark Duration", "Total Requests", "Request Throughput",
                                              "Output Token Throughput", "Max Concurrency")),
    "TrtllmBench": Signature("json object", ("engine", "world_info", "performance")),
    "LlmperfSummary": Signature("json object", ("results_ttft_s_mean", "results_end_to_end_latency_s_mean",
                                                "num_concurrent_requests")),
    "LlmperfIndividual": Signature("json list", ("ttft_s", "error_code", "end_to_end_latency_s")),
    "InferencemaxAgentx": Signature("json object", ("scenario_type", "num_requests_successful", "mean_qps")),
    "InferencemaxAgg": Signature("json object", ("hw", "tput_per_gpu", "conc", "model")),
    "SglangServe": Signature("json object", ("dataset_name", "mean_e2e_latency_ms", "mean_ttft_ms", "backend")),
    "SglangOneBatch": Signature("json object", ("prefill_latency", "median_decode_latency", "batch_size")),
    "SglangOneBatchServer": Signature("json object", ("run_name", "overall_throughput", "batch_size")),
    "SglangOffline": Signature("json object", ("successful_requests", "total_throughput")),
    "VllmServe": Signature("json object", ("date", "backend", "mean_ttft_ms", "mean_tpot_ms", "completed",
                                           "request_throughput")),
    "VllmThroughput": Signature("json object", ("elapsed_time", "num_requests", "tokens_per_second")),
    "VllmLatency": Signature("json object", ("avg_latency", "percentiles", "latencies")),
    "ParityJson": Signature("json object", ("format", "checks")),
    "LmEvalResults": Signature("json object", ("results", "versions", "configs")),
    "NiahSingle": Signature("json object", ("context_length", "depth_percent", "model_response", "score")),
    "NiahAggregate": Signature("json list", ("token_limit", "depth_percent", "score")),
    "BlisMetrics": Signature("json object", ("completed_requests", "vllm_estimated_duration_s", "ttft_mean_ms",
                                             "tokens_per_sec")),
    "BlisGoldenDataset": Signature("json object", ("tests", "metrics", "hardware", "completed_requests")),
    "AiconfiguratorSiliconRefs": Signature("csv", ("silicon_data_source", "silicon_ttft_ms", "silicon_tpot_ms",
                                                   "backend", "model_path", "system", "mode")),
    "AisimulateErrorMetrics": Signature("json object", ("schema", "metrics", "mape_percent", "wape_percent",
                                                       "predicted_points")),
    "AisimulateComparison": Signature("json object", ("cases", "off", "on", "reference", "comparison",
                                                     "on_vs_off_percent")),
    "InferencexPowerxCsv": Signature("csv", ("package_version", "query_url", "retrieved_at", "hardware", "framework",
                                             "avg_power_w", "joules_per_output_token", "num_prefill_gpu")),
    "InferencexApi": Signature("json object", ("query_url", "retrieved_at", "sample_rows", "metadata", "rows",
                                               "package_version")),
    "InferencexTokenPosition": Signature("json object", ("date", "model_id", "median_ttft", "median_tpot",
                                                         "p99_tpot", "duration")),
}

MAX_SHOWN = 3


def _keys(value: Any, depth: int = 0, out: set[str] | None = None) -> set[str]:
    """Key names of the first levels of a JSON / YAML value (a list: its first few elements)."""
    out = set() if out is None else out
    if depth > 3:
        return out
    if isinstance(value, dict):
        for k, v in list(value.items())[:200]:
            out.add(str(k))
            _keys(v, depth + 1, out)
    elif isinstance(value, list):
        for v in value[:3]:
            _keys(v, depth + 1, out)
    return out


def file_shape(src: Source) -> tuple[str, set[str], str]:
    """(shape, the marks it holds, the head of its text) of a file."""
    if src.looks_json:
        v = src.json
        if v is None and src.json_lines:
            v = src.json_lines[0][1]
        shape = "json list" if isinstance(v, list) else "json object"
        return shape, _keys(v), ""
    head = (src.text or "")[:65536]
    first = src.first_line
    if "," in first and src.csv_rows:
        return "csv", {c.strip() for c in src.csv_rows[0][1]}, head
    doc = yaml_doc(src)
    if isinstance(doc, (dict, list)):
        return "yaml", _keys(doc), head
    return "text", set(), head


def _holds(sig: Signature, shape: str, marks: set[str], head: str) -> list[bool]:
    if sig.shape == "text":
        return [m in head for m in sig.marks]
    return [m in marks for m in sig.marks]


def closest(src: Source, importers: tuple[Any, ...]) -> list[tuple[str, str]]:
    """Up to three (format description, why it failed) pairs, closest first."""
    shape, marks, head = file_shape(src)
    scored = []
    for i, importer in enumerate(importers):
        sig = SIGNATURES.get(type(importer).__name__)
        if sig is None:
            continue
        held = _holds(sig, shape, marks, head)
        same_shape = sig.shape == shape
        score = sum(held) / len(held) + (0.25 if same_shape else 0.0)
        if not any(held) and not same_shape:
            continue
        missing = [m for m, h in zip(sig.marks, held, strict=True) if not h]
        if not same_shape:
            why = _("its files are {expected}, this is {got}").format(expected=_shape_text(sig.shape),
                                                                     got=_shape_text(shape))
        elif missing:
            kind = sig.shape if sig.shape in ("csv", "text") else "keys"
            partly = len(missing) < len(sig.marks)
            names = ", ".join(repr(m) for m in missing[:4]) + (" ..." if len(missing) > 4 else "")
            has = ", ".join(repr(m) for m, h in zip(sig.marks, held, strict=True) if h)
            why = _(_LACKS[kind, partly]).format(names=names, has=has)
        else:
            why = _("has its keys, but not in the layout it expects")
        scored.append((-score, i, importer.description, why))
    scored.sort()
    return [(desc, why) for _, _, desc, why in scored[:MAX_SHOWN]]


#: why a format fails on a file of its shape: what the file lacks (and, partly, what it has)
_LACKS = {
    ("csv", False): N_("lacks the columns {names}"),
    ("csv", True): N_("has {has} but lacks the columns {names}"),
    ("text", False): N_("lacks the lines {names}"),
    ("text", True): N_("has {has} but lacks the lines {names}"),
    ("keys", False): N_("lacks the keys {names}"),
    ("keys", True): N_("has {has} but lacks the keys {names}"),
}


def _shape_text(shape: str) -> str:
    return _({"json object": N_("a JSON object"), "json list": N_("a JSON list"), "csv": N_("CSV"), "yaml": N_("YAML"),
              "text": N_("plain text")}[shape])


def describe(src: Source, importers: tuple[Any, ...]) -> str:
    """``closest formats: A (why); B (why)`` or "" when no format is near."""
    near = closest(src, importers)
    if not near:
        return ""
    return _("closest formats: {formats}").format(formats="; ".join(f"{_(desc)} ({why})" for desc, why in near))
