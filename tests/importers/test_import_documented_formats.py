"""Formats with no public real file, built from documentation and code: every test file here is
written by the test itself from the tool's own code in its released package (the version and the
function are named at each builder), never a third-party file. Figures are hand-computed in the
tests: seconds vs milliseconds, per-GPU vs system, TPOT vs ITL.

Packages read (``pip download --no-deps``): inference-perf 0.7.0 (and 0.2.0 - 0.6.0 for the older
Prometheus layout), aiperf 0.13.0, guidellm 0.8.1, genai-bench 0.0.5 (and 0.0.1 - 0.0.4),
ais-bench-benchmark 3.1.20260630.
"""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import BenchmarkRun, run_interval
from deepdecide.domain.messages import Message
from deepdecide.importers.registry import ImportResult, import_bytes


def close(a: float | None, b: float, rel: float = 1e-9) -> bool:
    return a is not None and math.isclose(a, b, rel_tol=rel, abs_tol=1e-12)


def flag_ids(run: BenchmarkRun) -> set[str]:
    return {m.id for m in run.quality_flags if isinstance(m, Message)}


def imported(name: str, doc: object) -> ImportResult:
    data = doc if isinstance(doc, bytes) else json.dumps(doc, indent=2).encode()
    return import_bytes(name, data)


# ---------------------------------------------------------------------------------------------
# inference-perf Prometheus summary: built from inference-perf 0.7.0 reportgen/base.py
# summarize_prometheus_metrics (ModelServerMetrics -> ResponsesSummary.model_dump(), written by
# client/filestorage/local.py with json.dumps(indent=2)); no public real file.


def _hist(mean: float, median: float, p90: float, p99: float) -> dict[str, float]:
    return {"mean": mean, "median": median, "p90": p90, "p99": p99}  # GaugeResult.as_summary()


ZERO = _hist(0.0, 0.0, 0.0, 0.0)  # a metric the server does not export (ModelServerMetrics default)


def prometheus_summary(*, ttft: dict[str, float] | None = None, since_05: bool = True) -> dict[str, object]:
    """vLLM-like server figures in seconds, as summarize_prometheus_metrics writes them."""
    successes: dict[str, object] = {
        "count": 480.4,  # increase() of vllm:request_success: extrapolated, not whole
        "rate": 4.0,
        "prompt_len": {"mean": 4080.0, "rate": 4096.0},  # counter: mean is avg_over_time(rate()), tokens/s
        "output_len": {"mean": 510.0, "rate": 512.0},
        "queue_len": {"mean": 0.3},
        "request_latency": _hist(2.5, 2.25, 3.9, 4.8),
        "time_to_first_token": ttft if ttft is not None else _hist(0.12, 0.095, 0.21, 0.38),
        "time_per_output_token": _hist(0.0185, 0.0175, 0.024, 0.031),
        "kv_cache_usage_percentage": _hist(0.41, 0.40, 0.60, 0.70),
        "num_requests_swapped": {"mean": 0.0},
        "num_preemptions_total": {"mean": 0.0},
        "prefix_cache_hit_percent": {"mean": 12.5},
    }
    if since_05:
        successes.update({
            "inter_token_latency": _hist(0.018, 0.015, 0.027, 0.045),
            "num_requests_running": {"mean": 7.6},
            "request_queue_time": ZERO,
            "request_prompt_tokens": _hist(1024.0, 1000.0, 1500.0, 1900.0),
            "request_generation_tokens": _hist(128.0, 128.0, 128.0, 128.0),
            "request_success_count": 480.4,
            "corrupted_requests": 0.0,
        })
    doc: dict[str, object] = {"load_summary": {}, "failures": {}, "successes": successes}
    if since_05:
        doc = {"benchmark_time_seconds": 0.0, **doc}
    return doc


def test_prometheus_summary_was_refused_and_now_imports_seconds_as_ms():
    """Built from documentation/code (inference-perf 0.7.0), no public real file."""
    result = imported("summary_prometheus_metrics.json", prometheus_summary())
    assert result.tool == "inference_perf" and "Prometheus" in result.format
    run = result.evidence.runs[0]
    # seconds -> ms, each statistic where the file put it
    assert close(run.ttft_ms_p99, 380.0) and close(run.ttft_ms_p50, 95.0) and close(run.ttft_ms_mean, 120.0)
    assert close(run.e2e_ms_mean, 2500.0) and close(run.e2e_ms_p90, 3900.0)
    # TPOT (per request, first token excluded) and ITL (every gap) stay apart
    assert close(run.tpot_ms_p50, 17.5) and close(run.tpot_ms_p99, 31.0)
    assert close(run.itl_ms_p50, 15.0) and close(run.itl_ms_p99, 45.0)
    # throughputs are the server's rates; the lengths come from the per-request histograms, not from
    # prompt_len.mean (4080: a token rate)
    assert close(run.request_throughput_rps, 4.0) and close(run.output_throughput_tps, 512.0)
    assert close(run.total_throughput_tps, 4096.0 + 512.0)
    assert close(run.input_tokens, 1024.0) and close(run.output_tokens, 128.0)
    assert close(run.interactivity_tps_per_user, 1000.0 / 17.5)
    assert run.completed is None  # 480.4 is an extrapolated increase(), not a count
    assert {"inference_perf.prom_server_side", "inference_perf.prom_count"} <= flag_ids(run)
    # no GPU count, model or platform in the file: per GPU only once the user gives the GPUs
    assert run.output_tps_per_gpu is None and set(run.missing_context) == {"runtime", "platform", "gpu_count", "model"}


def test_prometheus_summary_metric_the_server_lacks_is_left_empty():
    """TGI exports no TTFT histogram: inference-perf writes zeros, which are not a measurement."""
    run = imported("stage_0_prometheus_metrics.json", prometheus_summary(ttft=ZERO)).evidence.runs[0]
    assert run.ttft_ms_p99 is None and run.ttft_ms_mean is None
    assert "inference_perf.prom_absent" in flag_ids(run)
    assert close(run.tpot_ms_p99, 31.0)


def test_prometheus_summary_before_05_gets_no_tpot():
    """inference-perf 0.2.0 - 0.4.0: no inter_token_latency block, and time_per_output_token was
    vllm:time_per_output_token_seconds (per decode step, an ITL): neither TPOT nor ITL is claimed."""
    run = imported("summary_prometheus_metrics.json", prometheus_summary(since_05=False)).evidence.runs[0]
    assert run.tpot_ms_p50 is None and run.itl_ms_p50 is None and run.interactivity_tps_per_user is None
    assert "inference_perf.prom_tpot_before_05" in flag_ids(run)
    assert "inference_perf.prom_len_is_rate" in flag_ids(run)
    assert run.input_tokens is None  # prompt_len.mean is a rate
    assert close(run.ttft_ms_p99, 380.0)
