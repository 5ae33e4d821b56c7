"""kubernetes-sigs/inference-perf reports (formats/benchmarks.md, "Added 2026-12" §4b).

* ``stage_<n>_lifecycle_metrics.json`` (one load stage) and ``summary_lifecycle_metrics.json``
  (all stages pooled), JSON or dumped as YAML (llm-d's converter input): one run each;
* ``per_request_lifecycle_metrics.json``: the list of requests, reduced to one run;
* ``summary_prometheus_metrics.json`` / ``stage_<n>_prometheus_metrics.json``: the model server's
  own Prometheus metrics over the run (or a stage), server-side (no client or network time).

All times are in **seconds**. Definitions (inference-perf reportgen): ``time_per_output_token``
excludes the first token ((last token - first token) / (output tokens - 1): vLLM's TPOT, stored
as ``tpot_ms``); ``inter_token_latency`` pools every gap between streamed chunks (``itl_ms``);
``normalized_time_per_output_token`` = request latency / output tokens, first token included
(``e2e_per_token_ms``). The load is the stage's ``requested_rate`` (req/s); no concurrency, GPU
count, model or hardware is recorded (they are in the run's configuration and manifests).

The Prometheus summary (``reportgen/base.py`` ``summarize_prometheus_metrics``, read from the
inference-perf 0.2.0 - 0.7.0 wheels; no public real file is known) has the lifecycle report's
envelope with empty ``load_summary`` and ``failures``. Its latencies are seconds: means are
``rate(_sum) / rate(_count)`` and percentiles ``histogram_quantile`` over the histogram buckets
(interpolated, as coarse as the buckets). Since 0.5 it has an ``inter_token_latency`` block and,
for vLLM, ``time_per_output_token`` is ``vllm:request_time_per_output_token_seconds`` (per
request, first token excluded: TPOT); before 0.5 it was ``vllm:time_per_output_token_seconds``
(one observation per decode step: an inter-token latency) and other servers' per-request
figures, so a file without the ``inter_token_latency`` block gets no TPOT. ``prompt_len.mean`` /
``output_len.mean`` of a counter (vLLM, SGLang) are token *rates* averaged over the window, not
lengths: the lengths come from ``request_prompt_tokens`` / ``request_generation_tokens``; the
rates from ``output_len.rate`` and ``prompt_len.rate``. A metric the server does not export is
written as zeros (0.7) or null: an all-zero block is left empty.
"""

from __future__ import annotations

import math

import numpy as np

from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft
from deepdecide.importers.stats import summarize
from deepdecide.importers.structured import structured

LATENCY = {
    "time_to_first_token": "ttft_ms",
    "time_per_output_token": "tpot_ms",
    "inter_token_latency": "itl_ms",
    "request_latency": "e2e_ms",
    "normalized_time_per_output_token": "e2e_per_token_ms",
}
STATS = (("mean", "mean"), ("median", "p50"), ("p90", "p90"), ("p99", "p99"))
MODALITIES = ("image", "video", "audio")


def _is_prometheus(v: object) -> bool:
    if not (isinstance(v, dict) and v.get("load_summary") == {} and v.get("failures") == {}):
        return False
    ok = v.get("successes")
    return (isinstance(ok, dict) and "latency" not in ok and isinstance(ok.get("request_latency"), dict)
            and isinstance(ok.get("time_per_output_token"), dict)
            and any(k in ok for k in ("queue_len", "kv_cache_usage_percentage", "num_preemptions_total")))


def _is_lifecycle(v: object) -> bool:
    return (isinstance(v, dict) and isinstance(v.get("successes"), dict) and isinstance(v.get("load_summary"), dict)
            and "failures" in v and isinstance(v["successes"].get("latency"), dict))


def _is_per_request(v: object) -> bool:
    return (isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)
            and all("start_time" in x and "end_time" in x and "info" in x and "error" in x for x in v))


class InferencePerfLifecycle(Importer):
    tool = "inference_perf"
    description = N_("inference-perf stage_N / summary_lifecycle_metrics (JSON or YAML dump)")

    def sniff(self, src: Source) -> bool:
        return _is_lifecycle(structured(src))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, structured(src))
        d = RunDraft(self.tool, tool_version="inference-perf lifecycle report")
        ok = r["successes"]
        for key, norm in LATENCY.items():
            block = ok["latency"][key]
            for stat_key, stat in STATS:
                d.set(**{f"{norm}_{stat}": block[stat_key].num(1000.0)})
        tp = ok["throughput"]
        d.set(output_throughput_tps=tp["output_tokens_per_sec"].num(), total_throughput_tps=tp["total_tokens_per_sec"].num(),
              request_throughput_rps=tp["requests_per_sec"].num(), input_tokens=ok["prompt_len"]["mean"].num(),
              output_tokens=ok["output_len"]["mean"].num())
        completed, failed = ok["count"].count(), r["failures"]["count"].count()
        d.set(completed=completed, failed=failed)
        if completed is not None and failed is not None:
            d.set(num_requests=completed + failed)
        d.set(duration_s=r["benchmark_time_seconds"].num())
        load = r["load_summary"]
        rate = load["requested_rate"].rate()
        if rate is not None:
            d.set(request_rate=rate, label=f"stage at {rate:g} req/s requested")
            achieved = load["achieved_rate"].num()
            if achieved is not None:
                d.flag("inference_perf.achieved", achieved=achieved, rate=rate)
        else:
            d.set(label="summary of all stages")
            d.flag("inference_perf.all_stages")
        shown = [m for m in MODALITIES if isinstance(ok[m].value, dict)]
        if shown:
            d.flag("inference_perf.multimodal", blocks=", ".join(shown))
        d.flag("inference_perf.units")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


class InferencePerfPerRequest(Importer):
    tool = "inference_perf"
    description = N_("inference-perf per_request_lifecycle_metrics.json (per-request list)")

    def sniff(self, src: Source) -> bool:
        return _is_per_request(src.json)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, src.json)
        d = RunDraft(self.tool, tool_version="inference-perf per-request lifecycle metrics")
        gaps: list[float] = []
        e2e, ttft, tpot, per_token, prompt, out_tokens, starts, ends = ([] for _ in range(8))
        failed = 0
        for req in r.elements():
            start, end = req["start_time"].num(allow_negative=True), req["end_time"].num(allow_negative=True)
            if start is None or end is None:
                raise req.fail(_("every request needs start_time and end_time"))
            if end < start:
                raise req["end_time"].fail(_("end_time before start_time"))
            starts.append(start)
            ends.append(end)
            if not req["error"].missing:
                failed += 1
                continue
            info = req["info"]
            stamps = [t.num(allow_negative=True) for t in info["response_metrics"]["output_token_times"].elements()]
            times = [t for t in stamps if t is not None]
            n = info["response_metrics"]["output_tokens"].count()
            n = n if n is not None else len(times)
            e2e.append(end - start)
            if n:
                per_token.append((end - start) / n)
            if times:
                ttft.append(times[0] - start)
                gaps.extend(b - a for a, b in zip(times, times[1:], strict=False))
                if len(times) > 1:
                    tpot.append((times[-1] - times[0]) / (len(times) - 1))
            tokens_in = info["request_metrics"]["text"]["input_tokens"].num()
            if tokens_in is None:
                tokens_in = info["input_tokens"].num()
            if tokens_in is not None:
                prompt.append(tokens_in)
            out_tokens.append(n)
        for norm, values in (("e2e_ms", e2e), ("ttft_ms", ttft), ("tpot_ms", tpot), ("itl_ms", gaps),
                             ("e2e_per_token_ms", per_token)):
            for stat, v in summarize(np.array(values, dtype=float), 1000.0).items():
                d.set(**{f"{norm}_{stat}": v})
        completed = len(e2e)
        d.set(completed=completed, failed=failed, num_requests=completed + failed,
              input_tokens=float(np.mean(prompt)) if prompt else None,
              output_tokens=float(np.mean(out_tokens)) if out_tokens else None)
        duration = max(ends) - min(starts) if starts else 0.0
        if duration > 0:
            d.own_or_derived("duration_s", None, duration, "last end_time - first start_time")
            d.own_or_derived("request_throughput_rps", None, completed / duration, "completed / duration")
            d.own_or_derived("output_throughput_tps", None, sum(out_tokens) / duration, flag("how.output_tokens_duration"))
        d.set(label=f"{completed + failed} requests")
        d.flag("inference_perf.per_request")
        d.flag("inference_perf.pooled")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


PROMETHEUS_LATENCY = {
    "time_to_first_token": "ttft_ms",
    "time_per_output_token": "tpot_ms",
    "inter_token_latency": "itl_ms",
    "request_latency": "e2e_ms",
}


def _block(node: Node, scale: float = 1.0) -> dict[str, float] | None:
    """A mean/median/p90/p99 block scaled; None when the server exported nothing for it (an absent
    or null block, or one of zeros: inference-perf writes 0.0 for a metric the server lacks)."""
    if not isinstance(node.value, dict):
        return None
    values = {stat: node[key].num(scale) for key, stat in STATS}
    known = {k: v for k, v in values.items() if v is not None}
    if not known or all(v == 0 for v in known.values()):
        return None
    return known


class InferencePerfPrometheus(Importer):
    tool = "inference_perf"
    description = N_("inference-perf summary / stage_N_prometheus_metrics.json (server-side Prometheus summary)")

    def sniff(self, src: Source) -> bool:
        return _is_prometheus(structured(src))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, structured(src))
        ok = r["successes"]
        since_05 = isinstance(ok["inter_token_latency"].value, dict)
        version = ("inference-perf Prometheus summary (0.5+ layout)" if since_05
                   else "inference-perf Prometheus summary (before 0.5)")
        d = RunDraft(self.tool, tool_version=version, label="server-side Prometheus summary")
        absent: list[str] = []
        for key, norm in PROMETHEUS_LATENCY.items():
            if key == "time_per_output_token" and not since_05:
                if _block(ok[key], 1000.0) is not None:
                    d.flag("inference_perf.prom_tpot_before_05")
                continue
            block = _block(ok[key], 1000.0)
            if block is None:
                if key != "inter_token_latency" or since_05:
                    absent.append(key)
                continue
            d.set(**{f"{norm}_{stat}": v for stat, v in block.items()})
        if absent:
            d.flag("inference_perf.prom_absent", metrics=", ".join(absent))
        rps = ok["rate"].num()
        out_rate = ok["output_len"]["rate"].num()
        in_rate = ok["prompt_len"]["rate"].num()
        d.set(request_throughput_rps=rps or None, output_throughput_tps=out_rate or None)
        if out_rate and in_rate is not None:
            d.own_or_derived("total_throughput_tps", None, in_rate + out_rate,
                             "prompt_len.rate + output_len.rate")
        for key, norm in (("request_prompt_tokens", "input_tokens"), ("request_generation_tokens", "output_tokens")):
            block = _block(ok[key])
            if block is not None and "mean" in block:
                d.set(**{norm: block["mean"]})
        if d["input_tokens"] is None and ok["prompt_len"].has("mean"):
            d.flag("inference_perf.prom_len_is_rate")
        count = ok["count"].num()
        if count:
            d.flag("inference_perf.prom_count", count=count)
        for key, flag_id in (("kv_cache_usage_percentage", "inference_perf.prom_kv"),
                             ("prefix_cache_hit_percent", "inference_perf.prom_prefix")):
            mean = ok[key]["mean"].num() if isinstance(ok[key].value, dict) else None
            if mean is not None and mean > 0 and math.isfinite(mean):
                d.flag(flag_id, value=mean)
        d.flag("inference_perf.prom_server_side")
        return Parsed(runs=[d.build()], tool_version=version)
