"""TensorRT-LLM ``trtllm-bench ... --report_json`` (formats/benchmarks.md §8).

``world_info.issue_rate`` is a unit bug (3.47e13 req/s in a real file) and is ignored. The
console's "ITL" percentiles are ``tpot_percentiles`` (vLLM's TPOT) and are stored as TPOT.
``performance.output_throughput_per_user_tok_s`` includes the context phase, so it is not
used as interactivity.
"""

from __future__ import annotations

from deepdecide.domain.i18n import N_
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.energy import trtllm_energy
from deepdecide.importers.normalize import RunDraft, canonical_hardware
from deepdecide.importers.secrets import strip_secrets

PCT = (("average", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))


def _percentiles(d: RunDraft, node: Node, norm: str) -> None:
    for key, stat in PCT:
        d.set(**{f"{norm}_{stat}": node[key].num()})


class TrtllmBench(Importer):
    tool = "trtllm_bench"
    description = N_("TensorRT-LLM trtllm-bench --report_json")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and all(k in v for k in ("engine", "world_info", "performance"))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        engine, world, perf, req = r["engine"], r["world_info"], r["performance"], r["request_info"]
        version = engine["version"].str()
        d = RunDraft(self.tool, tool_version=f"trtllm-bench {version}".strip())
        d.set(runtime="trtllm", runtime_version=version, model=engine["model"].str(),
              quantization=engine["quantization"].str())
        d.flag("trtllm.runtime", backend=engine["backend"].str("?"))
        gpus = world["world_size"].count()
        d.set(gpu_count=gpus)
        if r.has("machine") and r["machine"]["name"].str():
            d.set(platform=canonical_hardware(r["machine"]["name"].str()))
        n = req["num_requests"].count()
        d.set(num_requests=n, completed=n, input_tokens=req["avg_input_length"].num(),
              output_tokens=req["avg_output_length"].num())
        concurrency = req["avg_num_concurrent_requests"].num()
        if concurrency is not None:
            d.flag("trtllm.concurrency", conc=concurrency)
        duration = perf["total_latency_ms"].num(1e-3)
        d.set(duration_s=duration)
        d.own_or_derived("request_throughput_rps", perf["request_throughput_req_s"].num(),
                         n / duration if n is not None and duration else None, "num_requests / total_latency")
        d.set(output_throughput_tps=perf["system_output_throughput_tok_s"].num(),
              total_throughput_tps=perf["system_total_throughput_tok_s"].num(),
              output_tps_per_gpu=perf["output_throughput_per_gpu_tok_s"].num())
        _percentiles(d, perf["request_latency_percentiles_ms"], "e2e_ms")
        if d["e2e_ms_mean"] is None:
            d.set(e2e_ms_mean=perf["avg_request_latency_ms"].num())
        streaming = r["streaming_metrics"]
        if not streaming.missing:
            _percentiles(d, streaming["ttft_percentiles"], "ttft_ms")
            _percentiles(d, streaming["tpot_percentiles"], "tpot_ms")
            d.set(ttft_ms_mean=d["ttft_ms_mean"] or streaming["avg_ttft_ms"].num(),
                  tpot_ms_mean=d["tpot_ms_mean"] or streaming["avg_tpot_ms"].num())
        else:
            d.flag("trtllm.no_streaming")
        if world.has("issue_rate"):
            d.flag("trtllm.issue_rate")
        if perf.has("output_throughput_per_user_tok_s"):
            d.flag("trtllm.per_user")
        acc = r["decoding_stats"]["acceptance_length_percentiles"]["average"].num()
        if acc is not None:
            d.flag("trtllm.speculative", mode=r["decoding_stats"]["mode"].str(), acc=acc)
        trtllm_energy(d, r["energy"], gpus, duration, d["output_throughput_tps"])
        tp, ep, pp = world["tp_size"].count(), world["ep_size"].count(), world["pp_size"].count()
        d.set(label=f"tp{tp} ep{ep} pp{pp}" if tp else "")
        mode = r["decoding_stats"]["mode"].str() if acc is not None else ""
        d.set(tensor_parallel=tp, expert_parallel=ep, pipeline_parallel=pp, speculative_decoding=mode)
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])
