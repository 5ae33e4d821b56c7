"""guidellm ``benchmarks.json`` in all three layouts (formats/benchmarks.md §7); one run per
benchmark of the sweep.

* v0.1.x: ``benchmarks[].benchmarks[]`` with per-request ``results`` (times in seconds);
* v0.2 / v0.3: ``benchmarks[]`` of ``generative_benchmark`` with ``args.strategy``;
* v0.4+: ``metadata.guidellm_version``, ``benchmarks[].config.strategy``, ``metrics.request_totals``;
  0.8's v2 schema (``metadata.version`` 2) replaces ``args`` by ``config.spec`` (the model is in
  ``config.spec.backend.model``).

A constant / poisson / async strategy's load is its rate: its ``max_concurrency`` (10240 in 0.8)
caps the requests in flight and is not stored as the run's concurrency.

guidellm's ``inter_token_latency_ms`` is vLLM's TPOT (stored as ``tpot_ms``); its
``time_per_output_token_ms`` is e2e / output tokens, TTFT included (``e2e_per_token_ms``);
``request_latency`` is in seconds. The rates are time-series distributions: ``successful.mean``.

Goodput (guidellm 0.8.1 ``--slo``; ``benchmark/schemas/metrics.py`` ``_compile_goodput``, read from
the 0.8.1 wheel, no public real file): ``metrics.slo_attainment`` is the fraction of requests
meeting every objective in ``config.slo`` (``ttft_ms``, ``tpot_ms`` compared with
``inter_token_latency_ms``, i.e. TPOT, and ``e2el_ms``; all ms), over ``slo_determined_requests``
(errored requests count as not meeting them, cancelled ones are left out);
``metrics.request_goodput`` is the rate of the conforming requests (``successful.mean``, req/s).
They are the file's own objectives, kept as ``goodput_*``, not the workspace's SLO.
"""

from __future__ import annotations

import numpy as np

from deepdecide.domain.evidence import BenchmarkRun
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft
from deepdecide.importers.secrets import strip_secrets
from deepdecide.importers.stats import summarize

DISTRIBUTIONS = {
    "time_to_first_token_ms": ("ttft_ms", 1.0),
    "inter_token_latency_ms": ("tpot_ms", 1.0),
    "time_per_output_token_ms": ("e2e_per_token_ms", 1.0),
    "request_latency": ("e2e_ms", 1000.0),
}


def layout(v: object) -> str:
    if not isinstance(v, dict) or not isinstance(v.get("benchmarks"), list):
        return ""
    meta = v.get("metadata")
    if isinstance(meta, dict) and "guidellm_version" in meta:
        return "v0.4+"
    benches = v["benchmarks"]
    if benches and isinstance(benches[0], dict):
        if benches[0].get("type_") == "generative_benchmark":
            return "v0.2/v0.3"
        inner = benches[0].get("benchmarks")
        if isinstance(inner, list) and inner and isinstance(inner[0], dict) and "mode" in inner[0]:
            return "v0.1"
    return ""


def _distribution(d: RunDraft, metrics: Node) -> None:
    for key, (norm, scale) in DISTRIBUTIONS.items():
        s = metrics[key]["successful"]
        if s.missing:
            continue
        pct = s["percentiles"]
        median = s["median"].num(scale)
        d.set(**{f"{norm}_mean": s["mean"].num(scale),
                 f"{norm}_p50": median if median is not None else pct["p50"].num(scale),
                 f"{norm}_p90": pct["p90"].num(scale), f"{norm}_p99": pct["p99"].num(scale)})
    d.set(request_throughput_rps=metrics["requests_per_second"]["successful"]["mean"].num(),
          output_throughput_tps=metrics["output_tokens_per_second"]["successful"]["mean"].num(),
          total_throughput_tps=metrics["tokens_per_second"]["successful"]["mean"].num(),
          input_tokens=metrics["prompt_token_count"]["successful"]["mean"].num(),
          output_tokens=metrics["output_token_count"]["successful"]["mean"].num())
    conc = metrics["request_concurrency"]["successful"]["mean"].num()
    if conc is not None:
        d.flag("guidellm.concurrency", conc=conc)
    d.flag("guidellm.tpot")


def _goodput(d: RunDraft, bench: Node) -> None:
    metrics = bench["metrics"]
    attainment = metrics["slo_attainment"]
    value = attainment.num()
    if value is None:
        return
    if value > 1:
        raise attainment.fail(_("slo_attainment {value:g} is above 1 (a fraction of requests)").format(value=value))
    slo = bench["config"]["slo"]
    d.set(slo_attainment=value, goodput_rps=metrics["request_goodput"]["successful"]["mean"].num(),
          goodput_ttft_ms=slo["ttft_ms"].num(), goodput_tpot_ms=slo["tpot_ms"].num(), goodput_e2e_ms=slo["e2el_ms"].num())
    objectives = ", ".join(f"{name} <= {v:g} ms" for name, v in (("TTFT", d["goodput_ttft_ms"]),
                           ("TPOT", d["goodput_tpot_ms"]), ("e2e", d["goodput_e2e_ms"])) if v is not None)
    d.flag("guidellm.goodput", share=value * 100, n=metrics["slo_determined_requests"].count() or 0,
           objectives=objectives or "?")


def _strategy(d: RunDraft, s: Node) -> None:
    kind = s["type_"].str() or s["type"].str()
    d.set(label=kind)
    if kind == "synchronous":
        d.set(concurrency=1.0)
    elif kind == "concurrent":
        d.set(concurrency=s["streams"].num())
    elif kind in ("constant", "poisson", "async"):
        # the load is the rate; max_concurrency only caps the requests in flight (0.8 writes 10240)
        rate = s["rate"].rate()
        d.set(request_rate=rate)
        cap = s["max_concurrency"].num()
        if cap is not None:
            d.flag("guidellm.cap", cap=cap)
        d.set(label=f"{kind} {rate:g} req/s" if rate is not None else kind)
    elif kind == "throughput":
        d.set(concurrency=s["max_concurrency"].num())
    if kind == "concurrent" and d["concurrency"] is not None:
        d.set(label=f"concurrent {d['concurrency']:g}")


def _totals(d: RunDraft, t: Node) -> None:
    if t.missing:
        return
    ok, errored, incomplete, total = (t[k].count() for k in ("successful", "errored", "incomplete", "total"))
    d.set(completed=ok, num_requests=total)
    if errored is not None or incomplete is not None:
        d.set(failed=(errored or 0) + (incomplete or 0))


class Guidellm(Importer):
    tool = "guidellm"
    description = N_("guidellm benchmarks.json (v0.1, v0.2/0.3, v0.4+, 0.8 v2 schema)")

    def sniff(self, src: Source) -> bool:
        return bool(layout(src.json))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        value = strip_secrets(src.json)
        kind = layout(value)
        r = root(src, value)
        version = r["metadata"]["guidellm_version"].str()
        tool_version = f"guidellm {version}" if version else f"guidellm {kind}"
        out = Parsed(tool_version=tool_version)
        if kind == "v0.1":
            for i, group in enumerate(r["benchmarks"].elements()):
                for j, bench in enumerate(group["benchmarks"].elements()):
                    out.runs.append(self._v01(bench, tool_version, f"{i}.{j}"))
            return out
        top_model = r["args"]["model"].str() if isinstance(r["args"]["model"].value, str) else ""
        if not top_model and isinstance(r["config"]["model"].value, str):
            top_model = r["config"]["model"].str()
        spec_model = r["config"]["spec"]["backend"]["model"]  # v2 schema (0.8): config.spec.backend.model
        if not top_model and isinstance(spec_model.value, str):
            top_model = spec_model.str()
        for bench in r["benchmarks"].elements():
            d = RunDraft(self.tool, tool_version=tool_version)
            strategy = bench["config"]["strategy"] if kind == "v0.4+" else bench["args"]["strategy"]
            _strategy(d, strategy)
            totals = bench["metrics"]["request_totals"] if kind == "v0.4+" else bench["request_totals"]
            _totals(d, totals)
            bench_model = bench["config"]["backend"]["model"]
            d.set(duration_s=bench["duration"].num(),
                  model=bench["worker"]["backend_model"].str() or
                  (bench_model.str() if isinstance(bench_model.value, str) else "") or top_model)
            if d["duration_s"] is None and bench.has("start_time") and bench.has("end_time"):
                start, end = bench["start_time"].num(), bench["end_time"].num()
                if start is not None and end is not None and end >= start:
                    d.own_or_derived("duration_s", None, end - start, "end_time - start_time")
            _distribution(d, bench["metrics"])
            _goodput(d, bench)
            out.runs.append(d.build())
        return out

    def _v01(self, bench: Node, tool_version: str, where: str) -> BenchmarkRun:
        d = RunDraft(self.tool, tool_version=tool_version)
        mode = bench["mode"].str()
        rate = bench["rate"].rate()
        d.set(label=f"{mode} {rate:g} req/s" if rate is not None else mode)
        if mode == "synchronous":
            d.set(concurrency=1.0)
        elif mode in ("constant", "poisson"):
            d.set(request_rate=rate)
        results = list(bench["results"].elements())
        errors = bench["errors"].list(required=False)
        d.set(completed=len(results), failed=len(errors), num_requests=len(results) + len(errors))
        if results:
            cols = {k: np.array([n[k].num() if n[k].num() is not None else np.nan for n in results], dtype=float)
                    for k in ("start_time", "end_time", "first_token_time", "output_token_count", "prompt_token_count")}
            for key in ("start_time", "end_time", "first_token_time"):
                if np.isnan(cols[key]).any():
                    raise bench["results"].fail(_("every result needs {key}").format(key=key))
            e2e = cols["end_time"] - cols["start_time"]
            ttft = cols["first_token_time"] - cols["start_time"]
            if (e2e < 0).any() or (ttft < 0).any():
                raise bench["results"].fail(_("end_time / first_token_time before start_time"))
            out_tokens = cols["output_token_count"]
            for norm, values in (("e2e_ms", e2e), ("ttft_ms", ttft)):
                for stat, v in summarize(values * 1000.0).items():
                    d.set(**{f"{norm}_{stat}": v})
            ok = out_tokens > 1
            if ok.any():
                for stat, v in summarize((e2e[ok] - ttft[ok]) / (out_tokens[ok] - 1) * 1000.0).items():
                    d.set(**{f"tpot_ms_{stat}": v})
            if not np.isnan(cols["prompt_token_count"]).all():
                d.set(input_tokens=float(np.nanmean(cols["prompt_token_count"])))
            if not np.isnan(out_tokens).all():
                d.set(output_tokens=float(np.nanmean(out_tokens)))
            duration = float(cols["end_time"].max() - cols["start_time"].min())
            if duration > 0:
                d.own_or_derived("duration_s", None, duration, flag("how.last_end_first_start"))
                d.own_or_derived("request_throughput_rps", None, len(results) / duration, "completed / duration")
                if not np.isnan(out_tokens).any():
                    d.own_or_derived("output_throughput_tps", None, float(out_tokens.sum()) / duration,
                                     flag("how.output_tokens_duration"))
            d.flag("guidellm.v01")
        return d.build()
