"""vLLM benchmark output (formats/benchmarks.md §1, §2).

* ``benchmark_serving.py`` / ``vllm bench serve`` ``--save-result`` JSON, every generation of
  keys (``request_inthroughput``, ``"request_goodput:"``, ``endpoint_type``/``failed``), the
  ``--append-result`` files (objects separated by newlines, often named ``.json``), the
  ``--save-detailed`` per-request arrays (seconds), ``vllm bench sweep serve`` ``run=N.json``,
  ``"request_rate": "inf"``, and the clones that write the same format (InferenceMAX fork,
  TensorRT-LLM's ``benchmark_serving``);
* ``benchmark_throughput.py`` / ``vllm bench throughput`` ``--output-json``;
* ``benchmark_latency.py`` / ``vllm bench latency`` ``--output-json`` (seconds).
"""

from __future__ import annotations

import re
from typing import Any

from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, json_records, root
from deepdecide.importers.inferencemax import FRAMEWORKS, names_from_file
from deepdecide.importers.normalize import (
    RunDraft,
    canonical_hardware,
    gpu_count_from_name,
    per_second,
    runtime_from_backend,
)
from deepdecide.importers.secrets import strip_secrets
from deepdecide.importers.stats import numeric_array, reduce_serving_arrays, summarize

# vLLM metric key -> normalized prefix
VLLM_METRICS = {"ttft": "ttft_ms", "tpot": "tpot_ms", "itl": "itl_ms", "e2el": "e2e_ms"}
STAT_KEYS = (("mean", "mean"), ("median", "p50"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))

_KNOWN_KEYS = {
    "date", "endpoint_type", "backend", "label", "model_id", "tokenizer_id", "best_of", "num_prompts",
    "request_rate", "burstiness", "max_concurrency", "ramp_up_strategy", "ramp_up_start_rps",
    "ramp_up_end_rps", "duration", "completed", "failed", "total_input_tokens", "total_output_tokens",
    "request_throughput", "request_inthroughput", "request_goodput", "request_goodput:", "output_throughput",
    "total_token_throughput", "input_throughput", "max_output_tokens_per_s", "max_concurrent_requests", "rtfx",
    "input_lens", "output_lens", "ttfts", "itls", "latencies", "start_times", "generated_texts", "errors",
    "run_number", "benchmark_start_time_unix", "benchmark_end_time_unix",
}


def fill_latency_stats(d: RunDraft, r: Node, metric_names: dict[str, str], arrays: dict[str, Any] | None) -> None:
    """Copy ``{mean,median,pNN}_{m}_ms`` keys; reconcile them with the per-request arrays."""
    for key, norm in metric_names.items():
        recomputed = (arrays or {}).get(norm, {})
        for prefix, stat in STAT_KEYS:
            node = r[f"{prefix}_{key}_ms"]
            if node.missing and stat == "p50" and d[f"{norm}_p50"] is not None:
                continue  # "median" already gave p50
            d.own_or_derived(f"{norm}_{stat}", node.num(), recomputed.get(stat),
                             flag("how.per_request_arrays"))


def serving_era(r: Node) -> str:
    if r.has("benchmark_start_time_unix"):
        return "InferenceMAX benchmark_serving fork"
    if r.has("endpoint_type") or r.has("failed") or r.has("label"):
        return "vllm bench serve (2025+)"
    if r.has("request_goodput:"):
        return "benchmark_serving.py (late 2024 to mid 2025)"
    if r.has("request_inthroughput"):
        return "benchmark_serving.py (early 2024)"
    if r.has("best_of"):
        return "benchmark_serving.py (before 2025)"
    return "benchmark_serving.py"


def _is_serving(obj: object) -> bool:
    if not isinstance(obj, dict):
        return False
    if any(k in obj for k in ("server_info", "tag", "dataset_name", "sharegpt_output_len")):
        return False
    if "hw" in obj and "tput_per_gpu" in obj:
        return False
    has_metric = any(k in obj for k in ("mean_ttft_ms", "mean_tpot_ms", "median_ttft_ms", "mean_e2el_ms"))
    return has_metric and ("date" in obj or "backend" in obj)


def _runtime_from_backend(d: RunDraft, r: Node) -> None:
    """The client's ``backend`` names the server's API; where that is one engine's, it is the runtime."""
    backend = r["backend"].str() if isinstance(r["backend"].value, str) else ""
    runtime = runtime_from_backend(backend) if backend else ""
    if runtime and not d["runtime"]:
        d.set(runtime=runtime)
        d.flag("vllm.runtime", runtime=runtime, backend=backend)


_STAT_KEY = re.compile(r"^(mean|median|std|p\d+(\.\d+)?)_")
#: swept engine arguments whose product is the run's GPU count (vLLM's plot_pareto does the same)
_PARALLEL_KEYS = ("tensor_parallel_size", "pipeline_parallel_size", "data_parallel_size")


def _sweep_summary(src: Source) -> bool:
    """A ``vllm bench sweep serve`` ``summary.json``: a JSON list of serving results."""
    v = src.json
    return isinstance(v, list) and bool(v) and all(_is_serving(x) for x in v)


def _sweep_overrides(r: Node) -> dict[str, str]:
    """The swept server / bench overrides ``vllm bench sweep serve`` adds to each run (every
    top-level key that is not ``vllm bench serve``'s own, e.g. ``max_num_seqs``)."""
    out = {}
    for key, value in r.obj().items():
        if key in _KNOWN_KEYS or _STAT_KEY.match(key) or isinstance(value, (dict, list)):
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = r[key].str()
    return out


def _inferencemax_names(d: RunDraft, file_name: str) -> None:
    """The InferenceMAX fork's raw files encode the run in their name
    (``dsr1_1k1k_fp4_sglang_tp4_ep1_dpa_false_conc4_b200.json``)."""
    names = names_from_file(file_name)
    if "hw" in names and not d["platform"]:
        d.set(platform=canonical_hardware(str(names["hw"])))
    if "framework" in names and not d["runtime"]:
        d.set(runtime=FRAMEWORKS.get(str(names["framework"]), str(names["framework"])))
    if "precision" in names:
        d.set(quantization=str(names["precision"]))
    if "tp" in names and d["gpu_count"] is None:
        d.set(gpu_count=int(names["tp"]))
    if "tp" in names:
        d.set(tensor_parallel=int(names["tp"]))
    if "ep" in names:
        d.set(expert_parallel=int(names["ep"]))
    if names:
        d.flag("vllm.inferencemax_name", values=", ".join(f"{k} {v}" for k, v in names.items()))


class VllmServe(Importer):
    tool = "vllm_serve"
    description = N_("vLLM benchmark_serving.py / vllm bench serve results (JSON, --append-result JSONL, --save-detailed, "
                   "vllm bench sweep serve run=N.json and summary.json)")

    def sniff(self, src: Source) -> bool:
        records = json_records(src)
        if _sweep_summary(src):
            return True
        return bool(records) and all(_is_serving(v) for _, v in records)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed()
        eras = []
        records: list[tuple[int | None, Any, str]]
        if _sweep_summary(src):
            # vllm bench sweep serve summary.json: the JSON list of its run=N.json payloads
            records = [(None, value, f"[{i}]") for i, value in enumerate(src.json)]
            out.notes.append(flag("vllm.sweep", n=len(records)))
        else:
            records = [(line, value, "") for line, value in json_records(src)]
        for line, value, path in records:
            r = root(src, strip_secrets(value), line, path)
            eras.append(serving_era(r))
            d = self._run(r)
            if r.has("benchmark_start_time_unix"):
                _inferencemax_names(d, src.name)
            _runtime_from_backend(d, r)
            out.runs.append(d.build())
        out.tool_version = "; ".join(dict.fromkeys(eras))
        return out

    def _run(self, r: Node) -> RunDraft:
        d = RunDraft(self.tool, tool_version=serving_era(r))
        d.set(model=r["model_id"].str(), dataset=r["dataset_name"].str())
        metadata = {k: r[k].str() for k, v in r.obj().items()
                    if k not in _KNOWN_KEYS and isinstance(v, str) and not k.startswith(("mean_", "median_", "std_", "p"))}
        gpu_text = metadata.get("gpu", "")
        if gpu_text:
            d.set(platform=canonical_hardware(gpu_text), gpu_count=gpu_count_from_name(gpu_text))
            d.flag("vllm.metadata_gpu", gpu=gpu_text)
        for key in ("num_gpus", "tp"):
            if d["gpu_count"] is None and key in metadata:
                d.set(gpu_count=root(r.src, metadata[key], r.line, key).count())
                d.flag("vllm.metadata_count", key=key)
        d.set(runtime_version=metadata.get("version", ""), model=metadata.get("model", ""))
        d.set(concurrency=r["max_concurrency"].num(), request_rate=r["request_rate"].rate())
        if r.has("request_rate") and r["request_rate"].unlimited():
            d.set(max_rate=True)
        label_parts = [r["label"].str(), f"run {r['run_number'].str()}" if r.has("run_number") else ""]
        if r.has("run_number"):
            overrides = _sweep_overrides(r)
            label_parts += [f"{k}={v}" for k, v in overrides.items()]
            if overrides:
                d.flag("vllm.overrides", overrides=", ".join(f"{k}={v}" for k, v in overrides.items()))
            d.set(tensor_parallel=r["tensor_parallel_size"].count() if "tensor_parallel_size" in overrides else None,
                  pipeline_parallel=r["pipeline_parallel_size"].count() if "pipeline_parallel_size" in overrides
                  else None)
            sizes = [r[k].count() for k in _PARALLEL_KEYS if k in overrides]
            if sizes and d["gpu_count"] is None and all(sizes):
                gpus = 1
                for size in sizes:
                    gpus *= size or 1
                d.set(gpu_count=gpus)
                d.flag("vllm.swept_gpus", gpus=gpus, keys=" x ".join(k for k in _PARALLEL_KEYS if k in overrides))
        peak = r["max_concurrent_requests"].num()
        if peak is not None and d["concurrency"] is not None and peak != d["concurrency"]:
            d.flag("vllm.peak", peak=peak, load=d["concurrency"])
        label_parts += [f"{k}={v}" for k, v in metadata.items() if k in ("deployment", "name", "config", "scenario")]
        rate = r["request_rate"].raw_number()
        label_parts.append(f"rate {'inf' if rate is not None and rate == float('inf') else r['request_rate'].str()}"
                           if r.has("request_rate") else "")
        d.set(label=", ".join(p for p in label_parts if p))

        num_prompts = r["num_prompts"].count()
        completed = r["completed"].count()
        failed = r["failed"].count()
        d.set(num_requests=num_prompts, completed=completed)
        if failed is None and num_prompts is not None and completed is not None:
            failed = max(num_prompts - completed, 0)
            d.flag("vllm.failed_derived")
        d.set(failed=failed)
        duration = r["duration"].num()
        d.set(duration_s=duration)
        total_in = r["total_input_tokens"].count()
        total_out = r["total_output_tokens"].count()
        if completed:
            d.set(input_tokens=total_in / completed if total_in is not None else None,
                  output_tokens=total_out / completed if total_out is not None else None)
        per_s = per_second(duration)
        rps = r["request_throughput"].num()
        if rps is None:
            rps = r["request_inthroughput"].num()
        d.own_or_derived("request_throughput_rps", rps, per_s(completed), "completed / duration")
        d.own_or_derived("output_throughput_tps", r["output_throughput"].num(), per_s(total_out),
                         "total_output_tokens / duration")
        total_tps = r["total_token_throughput"].num()
        if total_tps is None and r.has("input_throughput") and r.has("output_throughput"):
            total_tps = (r["input_throughput"].num() or 0) + (r["output_throughput"].num() or 0)
        total_tokens = total_in + total_out if total_in is not None and total_out is not None else None
        d.own_or_derived("total_throughput_tps", total_tps, per_s(total_tokens),
                         "(total_input_tokens + total_output_tokens) / duration")
        arrays = reduce_serving_arrays(r)
        fill_latency_stats(d, r, VLLM_METRICS, arrays)
        if arrays:
            d.flag("vllm.per_request")
        return d


class VllmThroughput(Importer):
    tool = "vllm_throughput"
    description = N_("vLLM benchmark_throughput.py / vllm bench throughput --output-json")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and all(k in v for k in ("elapsed_time", "requests_per_second", "tokens_per_second"))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        d = RunDraft(self.tool, tool_version="benchmark_throughput (offline LLM engine)")
        duration = r["elapsed_time"].num()
        n = r["num_requests"].count()
        d.set(duration_s=duration, num_requests=n, completed=n, failed=0 if n is not None else None,
              model=r["model"].str())
        d.own_or_derived("request_throughput_rps", r["requests_per_second"].num(),
                         n / duration if n is not None and duration else None, "num_requests / elapsed_time")
        total_tokens = r["total_num_tokens"].count()
        d.own_or_derived("total_throughput_tps", r["tokens_per_second"].num(),
                         total_tokens / duration if total_tokens is not None and duration else None,
                         "total_num_tokens / elapsed_time")
        d.flag("vllm.tokens_per_second")
        out_tps = r["output_tokens_per_second"].num()
        total_out = r["total_output_tokens"].count()
        d.own_or_derived("output_throughput_tps", out_tps,
                         total_out / duration if total_out is not None and duration else None,
                         "total_output_tokens / elapsed_time")
        if total_out is not None and n:
            d.set(output_tokens=total_out / n)
        d.flag("vllm.offline")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


class VllmLatency(Importer):
    tool = "vllm_latency"
    description = N_("vLLM benchmark_latency.py / vllm bench latency --output-json")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, dict) and "avg_latency" in v and isinstance(v.get("percentiles"), dict)
                and all(str(k).replace(".", "", 1).isdigit() for k in v["percentiles"]))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        d = RunDraft(self.tool, tool_version="benchmark_latency (one batch per iteration)")
        pct = r["percentiles"]
        d.set(e2e_ms_mean=r["avg_latency"].num(1000.0))
        for key, stat in (("50", "p50"), ("90", "p90"), ("99", "p99")):
            d.set(**{f"e2e_ms_{stat}": pct[key].num(1000.0)})
        latencies = r["latencies"]
        if not latencies.missing:

            s = summarize(numeric_array(latencies) * 1000.0)
            for stat, value in s.items():
                d.own_or_derived(f"e2e_ms_{stat}", d[f"e2e_ms_{stat}"], value, flag("how.latencies_list"))
            d.flag("vllm.iterations", n=len(latencies.list()))
        d.flag("vllm.batch_latency")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])
