"""Simulator output (formats/benchmarks.md, "Added 2026-12" §8): **predicted**, no hardware ran it.

* Vidur ``request_metrics.csv``: one row per simulated request, times in **seconds**; reduced to
  one run. ``prefill_e2e_time`` is the TTFT; TPOT = (``request_e2e_time`` - ``prefill_e2e_time``)
  / (decode tokens - 1) per request (vLLM's definition; Vidur's own
  ``decode_time_execution_plus_preemption_normalized`` divides by all decode tokens and is not
  used); ``request_e2e_time_normalized`` = e2e / decode tokens is ``e2e_per_token_ms``. There is
  no ITL. Device, TP, replicas and the request rate are only in Vidur's ``config.json``.
* BLIS (inference-sim) ``MetricsOutput`` JSON: ``*_ms`` latencies (``ttft_*``, ``itl_*`` = per
  decode step, ``e2e_*``; mean / p90 / p95 / p99), ``tokens_per_sec`` = output tokens /
  ``vllm_estimated_duration_s``, ``responses_per_sec``, ``completed_requests``. Hardware, TP and
  rate are inputs, not in the output.
* BLIS ``goldendataset.json``: ``tests[]``, each with its inputs (``model``, ``hardware``, ``tp``,
  ``rate``, token lengths) and the expected ``metrics`` block: one run per test.
"""

from __future__ import annotations

import numpy as np

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft, canonical_hardware
from deepdecide.importers.stats import summarize
from deepdecide.importers.structured import csv_header, csv_table

VIDUR_COLUMNS = {"Request Id", "request_e2e_time", "prefill_e2e_time", "request_num_prefill_tokens",
                 "request_num_decode_tokens"}
BLIS_KEYS = {"completed_requests", "vllm_estimated_duration_s"}
BLIS_LATENCY = {"ttft": "ttft_ms", "itl": "itl_ms", "e2e": "e2e_ms"}
BLIS_STATS = (("mean", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))


class VidurRequestMetrics(Importer):
    tool = "vidur"
    description = N_("Vidur simulator request_metrics.csv (per simulated request; predicted)")
    provenance_kind = ProvenanceKind.PREDICTED

    def sniff(self, src: Source) -> bool:
        return csv_header(src) >= VIDUR_COLUMNS

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        t = csv_table(src)
        if t is None or not t.rows:
            raise src.error(_("a Vidur request_metrics.csv with no requests"))
        e2e, ttft, tpot, per_token, prompt, decode, restarts = ([] for _ in range(7))
        for line, row in t.rows:
            total, first = t.cell(line, row, "request_e2e_time").num(), t.cell(line, row, "prefill_e2e_time").num()
            n_in = t.cell(line, row, "request_num_prefill_tokens").num()
            n_out = t.cell(line, row, "request_num_decode_tokens").num()
            if total is None or first is None:
                raise t.cell(line, row, "request_e2e_time").fail(_("every request needs request_e2e_time and prefill_e2e_time"))
            if first > total:
                raise t.cell(line, row, "prefill_e2e_time").fail(_("prefill_e2e_time is longer than request_e2e_time"))
            e2e.append(total)
            ttft.append(first)
            if n_out:
                per_token.append(total / n_out)
                if n_out > 1:
                    tpot.append((total - first) / (n_out - 1))
            if n_in is not None:
                prompt.append(n_in)
            if n_out is not None:
                decode.append(n_out)
            restarts.append(t.cell(line, row, "request_num_restarts").count() or 0)
        d = RunDraft(self.tool, tool_version="Vidur (simulated)")
        for norm, values in (("e2e_ms", e2e), ("ttft_ms", ttft), ("tpot_ms", tpot), ("e2e_per_token_ms", per_token)):
            for stat, v in summarize(np.array(values, dtype=float), 1000.0).items():
                d.set(**{f"{norm}_{stat}": v})
        d.set(completed=len(e2e), num_requests=len(e2e), failed=0,
              input_tokens=float(np.mean(prompt)) if prompt else None,
              output_tokens=float(np.mean(decode)) if decode else None, label=f"{len(e2e)} simulated requests")
        d.flag("simulators.vidur")
        d.flag("simulators.vidur_config")
        if any(restarts):
            d.flag("simulators.restarts", n=sum(restarts))
        return Parsed(runs=[d.build()], tool_version=d["tool_version"],
                      notes=[flag("simulators.vidur_prediction")])


def _blis_metrics(d: RunDraft, m: Node) -> None:
    for key, norm in BLIS_LATENCY.items():
        for stat_key, stat in BLIS_STATS:
            d.set(**{f"{norm}_{stat}": m[f"{key}_{stat_key}_ms"].num()})
    completed = m["completed_requests"].count()
    injected = m["injected_requests"].count()
    d.set(completed=completed, duration_s=m["vllm_estimated_duration_s"].num(),
          request_throughput_rps=m["responses_per_sec"].num(), output_throughput_tps=m["tokens_per_sec"].num())
    if injected is not None:
        d.set(num_requests=injected)
        if completed is not None:
            d.set(failed=max(injected - completed, 0))
    total_in, total_out = m["total_input_tokens"].count(), m["total_output_tokens"].count()
    if completed:
        d.set(input_tokens=total_in / completed if total_in is not None else None,
              output_tokens=total_out / completed if total_out is not None else None)
        if total_out is not None and d["duration_s"]:
            d.own_or_derived("output_throughput_tps", d["output_throughput_tps"], total_out / d["duration_s"],
                             "total_output_tokens / vllm_estimated_duration_s")
    for extra in ("goodput_rps", "slo_attainment", "preemption_count"):
        if not m[extra].missing:
            d.flag("simulators.extra", name=extra, value=m[extra].str())
    d.flag("simulators.blis")


def _is_blis(v: object) -> bool:
    return isinstance(v, dict) and set(v) >= BLIS_KEYS and any(k.endswith("_ms") for k in v)


class BlisMetrics(Importer):
    tool = "blis"
    description = N_("BLIS (inference-sim) MetricsOutput JSON (predicted)")
    provenance_kind = ProvenanceKind.PREDICTED

    def sniff(self, src: Source) -> bool:
        return _is_blis(src.json)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        d = RunDraft(self.tool, tool_version="BLIS (inference-sim, simulated)")
        _blis_metrics(d, root(src, src.json))
        d.flag("simulators.blis_inputs")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"],
                      notes=[flag("simulators.blis_prediction")])


class BlisGoldenDataset(Importer):
    tool = "blis"
    description = N_("BLIS (inference-sim) goldendataset.json (inputs and expected metrics per test; predicted)")
    provenance_kind = ProvenanceKind.PREDICTED

    def sniff(self, src: Source) -> bool:
        v = src.json
        tests = v.get("tests") if isinstance(v, dict) else None
        return (isinstance(tests, list) and bool(tests)
                and all(isinstance(t, dict) and _is_blis(t.get("metrics")) for t in tests))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        out = Parsed(tool_version="BLIS (inference-sim) golden dataset",
                     notes=[flag("simulators.blis_prediction")])
        for i, test in enumerate(root(src, src.json)["tests"].elements()):
            d = RunDraft(self.tool, tool_version=out.tool_version)
            _blis_metrics(d, test["metrics"])
            hardware = test["hardware"].str()
            d.set(model=test["model"].str(), request_rate=test["rate"].rate(), gpu_count=test["tp"].count(),
                  platform=canonical_hardware(hardware) if hardware else "",
                  label=f"test {i}: {test['workload'].str()} {test['approach'].str()}, rate {test['rate'].str()}".strip())
            if hardware or not test["tp"].missing:
                d.flag("simulators.golden_inputs", hardware=hardware, tp=test["tp"].str())
            d.flag("simulators.golden_lengths", prompt=test["prompt_tokens"].str(), prefix=test["prefix_tokens"].str(), output=test["output_tokens"].str(), seqs=test["max-num-seqs"].str())
            out.runs.append(d.build())
        return out
