"""SGLang benchmark output (formats/benchmarks.md §3): every file is JSONL, one run per line.

* ``sglang.bench_serving`` (bare ``Infinity`` / ``NaN``, ``server_info`` with the full server
  arguments, whose ``api_key`` is stripped on import); 0.4 (Dec 2024), March 2025 and 0.5.x shapes;
* ``sglang.bench_one_batch`` (static batch, seconds);
* ``sglang.bench_one_batch_server`` old and new shapes (seconds);
* ``sglang.bench_offline_throughput``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, json_records, root
from deepdecide.importers.normalize import RunDraft, per_second
from deepdecide.importers.secrets import strip_secrets
from deepdecide.importers.stats import reduce_serving_arrays
from deepdecide.importers.vllm import fill_latency_stats

SGLANG_METRICS = {"ttft": "ttft_ms", "tpot": "tpot_ms", "itl": "itl_ms", "e2e_latency": "e2e_ms"}


def _all(src: Source, test: Callable[[dict[str, Any]], bool]) -> bool:
    records = json_records(src)
    return bool(records) and all(isinstance(v, dict) and test(v) for _, v in records)


def _server_facts(d: RunDraft, r: Node) -> None:
    """Runtime facts from ``server_info`` (SGLang 2025+): version, model, quantization, GPU count."""
    info = r["server_info"]
    if info.missing:
        return
    info.obj()
    d.set(runtime="sglang", runtime_version=info["version"].str(),
          model=info["served_model_name"].str() or info["model_path"].str(),
          quantization=info["quantization"].str())
    tp, dp, pp = (info[k].count() for k in ("tp_size", "dp_size", "pp_size"))
    nnodes = info["nnodes"].count()
    if tp:
        # with DP attention the DP ranks live inside the TP group (benchmarks.md §13.3, inference)
        dp_attention = info["enable_dp_attention"].value is True
        gpus = tp * (pp or 1) * (1 if dp_attention else (dp or 1))
        d.set(gpu_count=gpus, tensor_parallel=tp, pipeline_parallel=pp, dp_attention=dp_attention,
              expert_parallel=info["ep_size"].count(),
              speculative_decoding=info["speculative_algorithm"].str().lower())
        nodes = {"nodes": nnodes} if nnodes else {}
        if dp_attention:
            d.flag("sglang.gpus_dp_attention_nodes" if nnodes else "sglang.gpus_dp_attention", tp=tp, pp=pp or 1,
                   **nodes)
        else:
            d.flag("sglang.gpus_nodes" if nnodes else "sglang.gpus", tp=tp, pp=pp or 1, dp=dp or 1, **nodes)
    d.flag("sglang.runtime_server_info")


class SglangServe(Importer):
    tool = "sglang_serve"
    description = N_("SGLang bench_serving results (JSONL)")

    def sniff(self, src: Source) -> bool:
        return _all(src, lambda v: "dataset_name" in v and (
            "mean_e2e_latency_ms" in v or "median_e2e_latency_ms" in v
            or ("random_input_len" in v and "total_throughput" in v)))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed()
        versions = []
        for line, value in json_records(src):
            r = root(src, strip_secrets(value), line)
            d = RunDraft(self.tool)
            era = ("0.5.x (tag, server_info)" if r.has("server_info") else
                   "2025 (mean/std/p99)" if r.has("mean_ttft_ms") else "0.4 (medians only)")
            d.set(tool_version=f"sglang.bench_serving {era}")
            _server_facts(d, r)
            versions.append(d["runtime_version"] or era)
            d.set(dataset=r["dataset_name"].str(), label=r["tag"].str(),
                  concurrency=r["max_concurrency"].num(), request_rate=_rate(r))
            if r.has("request_rate") and r["request_rate"].unlimited():
                d.set(max_rate=True)
            completed = r["completed"].count()
            duration = r["duration"].num()
            d.set(completed=completed, duration_s=duration)
            if r.has("errors") and isinstance(r["errors"].value, list):
                errors = r["errors"].list()
                d.set(failed=sum(1 for e in errors if e), num_requests=len(errors))
                d.flag("sglang.failed_errors")
            else:
                d.flag("sglang.failed_unknown")
            total_in, total_out = r["total_input_tokens"].count(), r["total_output_tokens"].count()
            if completed:
                d.set(input_tokens=total_in / completed if total_in is not None else None,
                      output_tokens=total_out / completed if total_out is not None else None)
            elif completed == 0:
                d.flag("sglang.none_completed")
            if d["input_tokens"] is None and r["dataset_name"].str().startswith("random"):
                d.set(input_tokens=r["random_input_len"].num(), output_tokens=r["random_output_len"].num())
                if d["input_tokens"] is not None:
                    d.flag("sglang.requested_lengths")
            per_s = per_second(duration)
            d.own_or_derived("request_throughput_rps", r["request_throughput"].num(), per_s(completed),
                             "completed / duration")
            d.own_or_derived("output_throughput_tps", r["output_throughput"].num(), per_s(total_out),
                             "total_output_tokens / duration")
            tokens = total_in + total_out if total_in is not None and total_out is not None else None
            d.own_or_derived("total_throughput_tps", r["total_throughput"].num(), per_s(tokens),
                             "(total_input_tokens + total_output_tokens) / duration")
            arrays = reduce_serving_arrays(r)
            fill_latency_stats(d, r, SGLANG_METRICS, arrays)
            if r.has("concurrency"):
                d.flag("sglang.concurrency", conc=r["concurrency"].num())
            if r.has("accept_length") and r["accept_length"].num() is not None:
                d.flag("sglang.accept_length", length=r["accept_length"].num())
            out.runs.append(d.build())
        out.tool_version = "; ".join(dict.fromkeys(versions))
        return out


def _rate(r: Node) -> float | None:
    node = r["request_rate"]
    if isinstance(node.value, str) and node.value.strip().lower() == "trace":
        return None
    return node.rate()


class SglangOneBatch(Importer):
    tool = "sglang_one_batch"
    description = N_("SGLang bench_one_batch results (JSONL, static batch without a server)")

    def sniff(self, src: Source) -> bool:
        return _all(src, lambda v: "prefill_latency" in v and "median_decode_latency" in v)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed(tool_version="sglang.bench_one_batch")
        for line, value in json_records(src):
            r = root(src, value, line)
            d = RunDraft(self.tool, tool_version="sglang.bench_one_batch", runtime="sglang")
            batch = r["batch_size"].count()
            in_len, out_len = r["input_len"].count(), r["output_len"].count()
            total_s = r["total_latency"].num()
            d.set(label=r["run_name"].str(), concurrency=batch, num_requests=batch, completed=batch,
                  input_tokens=in_len, output_tokens=out_len, duration_s=total_s)
            # the first token comes out of the prefill step; each further token is one decode step
            d.set(ttft_ms_mean=r["prefill_latency"].num(1000.0), tpot_ms_p50=r["median_decode_latency"].num(1000.0),
                  e2e_ms_mean=r["total_latency"].num(1000.0))
            d.own_or_derived("output_throughput_tps", None,
                             batch * out_len / total_s if batch and out_len is not None and total_s else None,
                             "batch_size x output_len / total_latency")
            d.own_or_derived("total_throughput_tps", r["overall_throughput"].num(),
                             batch * (in_len + out_len) / total_s if batch and in_len is not None and out_len is not None and total_s else None,
                             "batch_size x (input_len + output_len) / total_latency")
            d.flag("sglang.static_batch")
            d.flag("sglang.one_batch")
            out.runs.append(d.build())
        return out


class SglangOneBatchServer(Importer):
    tool = "sglang_one_batch_server"
    description = N_("SGLang bench_one_batch_server results (JSONL, one batch against a server)")

    def sniff(self, src: Source) -> bool:
        return _all(src, lambda v: all(k in v for k in ("run_name", "batch_size", "latency", "overall_throughput"))
                    and "prefill_latency" not in v)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        recs = json_records(src)
        newer = any(isinstance(v, dict) and "last_ttft" in v for _, v in recs)
        era = "sglang.bench_one_batch_server (" + ("newer: input_throughput, last_ttft" if newer else "older") + ")"
        out = Parsed(tool_version=era)
        for line, value in recs:
            r = root(src, value, line)
            d = RunDraft(self.tool, tool_version=era)
            batch = r["batch_size"].count()
            in_len, out_len = r["input_len"].count(), r["output_len"].count()
            latency = r["latency"].num()
            d.set(label=r["run_name"].str(), concurrency=batch, num_requests=batch, input_tokens=in_len,
                  output_tokens=out_len, duration_s=latency, e2e_ms_mean=r["latency"].num(1000.0),
                  ttft_ms_mean=r["last_ttft"].num(1000.0))
            own_out = r["output_throughput"].num()
            derived_out = batch * out_len / latency if batch and out_len is not None and latency else None
            # the tool's output_throughput is batch x output_len / (latency - last TTFT): a
            # decode-phase rate, not the run's output rate, so it is not stored under that name
            d.own_or_derived("output_throughput_tps", None, derived_out, "batch_size x output_len / latency")
            if own_out is not None:
                d.flag("sglang.decode_rate", own=own_out)
            d.own_or_derived("total_throughput_tps", r["overall_throughput"].num(),
                             batch * (in_len + out_len) / latency if batch and in_len is not None and out_len is not None and latency else None,
                             "batch_size x (input_len + output_len) / latency")
            if r.has("last_ttft"):
                d.flag("sglang.last_ttft")
            out.runs.append(d.build())
        return out


class SglangOffline(Importer):
    tool = "sglang_offline"
    description = N_("SGLang bench_offline_throughput results (JSONL)")

    def sniff(self, src: Source) -> bool:
        return _all(src, lambda v: all(k in v for k in ("successful_requests", "total_latency", "total_throughput")))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed(tool_version="sglang.bench_offline_throughput")
        for line, value in json_records(src):
            r = root(src, strip_secrets(value), line)
            d = RunDraft(self.tool, tool_version="sglang.bench_offline_throughput")
            completed = r["successful_requests"].count()
            duration = r["total_latency"].num()
            total_in, total_out = r["total_input_tokens"].count(), r["total_output_tokens"].count()
            d.set(completed=completed, duration_s=duration, label=r["backend"].str())
            if completed:
                d.set(input_tokens=total_in / completed if total_in is not None else None,
                      output_tokens=total_out / completed if total_out is not None else None)
            per_s = per_second(duration)
            d.own_or_derived("request_throughput_rps", r["request_throughput"].num(), per_s(completed),
                             "successful_requests / total_latency")
            d.own_or_derived("output_throughput_tps", r["output_throughput"].num(), per_s(total_out),
                             "total_output_tokens / total_latency")
            d.own_or_derived("total_throughput_tps", r["total_throughput"].num(),
                             per_s(total_in + total_out if total_in is not None and total_out is not None else None),
                             flag("how.all_tokens"))
            out.runs.append(d.build())
        return out
