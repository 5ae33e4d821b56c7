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
from aisbench_files import AIS_RUN, AIS_STABLE, ais_csv, ais_json, ais_pair

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import BenchmarkRun, run_interval
from deepdecide.domain.messages import Message
from deepdecide.importers.registry import import_bytes
from deepdecide.importers.result import ImportResult


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


# ---------------------------------------------------------------------------------------------
# AIPerf multi-run aggregate and sweep: built from aiperf 0.13.0
# orchestrator/aggregation/confidence.py (ConfidenceAggregation._compute_confidence_stats: mean,
# std ddof=1, se = std / sqrt(n), t-interval at confidence_level) and the exporters
# exporters/aggregate/aggregate_confidence_json_exporter.py (schema_version "1.0") and
# aggregate_sweep_json_exporter.py with cli_runner/_sweep_aggregate.py; no public real file.

T_975_DF2 = 4.302652729911275  # Student t, 97.5 % quantile, 2 degrees of freedom (3 runs, 95 % level)


def confidence(values: list[float], unit: str) -> dict[str, object]:
    """ConfidenceMetric for one flattened key over 3 runs at 95 %, computed the way aiperf does."""
    n = len(values)
    mean = sum(values) / n
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    se = std / math.sqrt(n)
    return {"mean": mean, "std": std, "min": min(values), "max": max(values), "cv": std / mean, "se": se,
            "ci_low": mean - T_975_DF2 * se, "ci_high": mean + T_975_DF2 * se, "t_critical": T_975_DF2,
            "unit": unit}


#: per-run statistics of three runs (ms, tokens/s, requests/s, s)
RUNS = {
    "time_to_first_token_avg": ([120.0, 130.0, 125.0], "ms"),
    "time_to_first_token_p50": ([100.0, 104.0, 102.0], "ms"),
    "time_to_first_token_p99": ([350.0, 410.0, 380.0], "ms"),
    "inter_token_latency_avg": ([18.5, 19.5, 19.0], "ms"),
    "inter_token_latency_p50": ([17.0, 18.0, 19.0], "ms"),
    "inter_token_latency_p99": ([30.0, 34.0, 32.0], "ms"),
    "inter_chunk_latency_p99": ([44.0, 46.0, 45.0], "ms"),
    "request_latency_avg": ([2500.0, 2600.0, 2550.0], "ms"),
    "request_throughput_avg": ([8.0, 8.4, 8.2], "requests/sec"),
    "output_token_throughput_avg": ([1000.0, 1100.0, 1050.0], "tokens/sec"),
    "output_sequence_length_avg": ([128.0, 128.0, 128.0], "tokens"),
    "input_sequence_length_avg": ([1024.0, 1024.0, 1024.0], "tokens"),
    "benchmark_duration_avg": ([60.0, 61.0, 62.0], "sec"),
}


def aiperf_aggregate(*, single_run: bool = False) -> dict[str, object]:
    metrics = {key: confidence(values, unit) for key, (values, unit) in RUNS.items()}
    metadata: dict[str, object] = {"aggregation_type": "confidence", "num_profile_runs": 3,
                                   "num_successful_runs": 1 if single_run else 3, "failed_runs": [],
                                   "confidence_level": 0.95, "run_labels": ["run_0001", "run_0002", "run_0003"]}
    if single_run:
        metadata["single_run"] = True
        metrics = {k: {**v, "std": 0.0, "ci_low": v["mean"], "ci_high": v["mean"]} for k, v in metrics.items()}
        for v in metrics.values():
            del v["t_critical"]  # NaN, scrubbed to null and left out
    return {"schema_version": "1.0", "aiperf_version": "0.13.0", "metadata": metadata, "metrics": metrics}


def test_aiperf_aggregate_keeps_the_means_and_their_intervals():
    """Built from documentation/code (aiperf 0.13.0), no public real file."""
    result = imported("profile_export_aiperf_aggregate.json", aiperf_aggregate())
    assert result.tool == "aiperf" and "aggregate" in result.format
    run = result.evidence.runs[0]
    # means over the three runs, in ms; AIPerf's inter_token_latency is TPOT, inter_chunk_latency ITL
    assert close(run.ttft_ms_p99, 380.0) and close(run.ttft_ms_mean, 125.0)
    assert close(run.tpot_ms_p50, 18.0) and close(run.itl_ms_p99, 45.0) and run.itl_ms_p50 is None
    assert close(run.e2e_ms_mean, 2550.0) and close(run.duration_s, 61.0)
    assert close(run.output_throughput_tps, 1050.0) and close(run.request_throughput_rps, 8.2)
    assert close(run.interactivity_tps_per_user, 1000.0 / 18.0)
    # the intervals by hand: std 50 tok/s, se 50 / sqrt(3), margin t(0.975, 2) * se = 124.2069...
    margin = 4.302652729911275 * 50.0 / math.sqrt(3)
    assert close(run.output_throughput_tps_ci_low, 1050.0 - margin) and close(run.output_throughput_tps_ci_high, 1050.0 + margin)
    assert close(margin, 124.20689, rel=1e-6)
    assert close(run.ttft_ms_p99_ci_high, 380.0 + 4.302652729911275 * 30.0 / math.sqrt(3))
    assert close(run.tpot_ms_p50_ci_low, 18.0 - 4.302652729911275 * 1.0 / math.sqrt(3))
    assert run.ci_level == 0.95 and run.ci_runs == 3
    interval = run_interval(run, "output_throughput_tps")
    assert interval is not None and interval.level == 0.95 and interval.runs == 3
    low, high = interval.relative
    assert close(low, (1050.0 - margin) / 1050.0) and close(high, (1050.0 + margin) / 1050.0)
    assert {"aiperf.aggregate", "aiperf.mean_of_runs"} <= flag_ids(run)


def test_aiperf_aggregate_of_one_run_has_no_interval():
    run = imported("profile_export_aiperf_aggregate.json", aiperf_aggregate(single_run=True)).evidence.runs[0]
    assert close(run.output_throughput_tps, 1050.0)
    assert run.output_throughput_tps_ci_low is None and run.ci_level is None and run.ci_runs is None
    assert run_interval(run, "output_throughput_tps") is None
    assert "aiperf.single_run" in flag_ids(run)


def aiperf_sweep(*, trials: int) -> dict[str, object]:
    """Two concurrencies; with trials > 1 each cell holds flattened keys with intervals, with one
    trial the plain tags with avg and percentiles (cli_runner/_sweep_aggregate.py)."""
    cells = []
    for conc, factor in ((8, 1.0), (16, 1.5)):
        if trials > 1:
            metrics: dict[str, object] = {}
            for key, (values, unit) in RUNS.items():
                scaled = [v * factor for v in values]
                c = confidence(scaled, unit)
                del c["se"], c["t_critical"]  # _confidence_metric_to_stats keeps neither
                metrics[key] = c
        else:
            metrics = {
                "time_to_first_token": {"mean": 125.0 * factor, "avg": 125.0 * factor, "std": 0.0, "min": 90.0,
                                        "max": 500.0, "cv": 0.0, "ci_low": 125.0 * factor, "ci_high": 125.0 * factor,
                                        "unit": "ms", "p50": 102.0 * factor, "p90": 250.0, "p99": 380.0 * factor},
                "inter_token_latency": {"mean": 19.0 * factor, "avg": 19.0 * factor, "std": 0.0, "min": 10.0,
                                        "max": 40.0, "cv": 0.0, "ci_low": 19.0 * factor, "ci_high": 19.0 * factor,
                                        "unit": "ms", "p50": 18.0 * factor, "p90": 28.0 * factor, "p99": 32.0 * factor},
                "output_token_throughput": {"mean": 1050.0 * factor, "avg": 1050.0 * factor, "std": 0.0,
                                            "min": 1050.0 * factor, "max": 1050.0 * factor, "cv": 0.0,
                                            "ci_low": 1050.0 * factor, "ci_high": 1050.0 * factor, "unit": "tokens/sec"},
                "benchmark_duration": {"mean": 61.0, "avg": 61.0, "std": 0.0, "min": 61.0, "max": 61.0, "cv": 0.0,
                                       "ci_low": 61.0, "ci_high": 61.0, "unit": "sec"},
            }
        cells.append({"parameters": {"concurrency": conc}, "metrics": metrics})
    return {"aggregation_type": "sweep", "num_profile_runs": 2 * trials, "num_successful_runs": 2 * trials,
            "failed_runs": [],
            "metadata": {"sweep_parameters": [{"name": "concurrency", "values": [8, 16]}], "num_combinations": 2,
                         "aggregation_type": "sweep"},
            "per_combination_metrics": cells,
            "best_configurations": {"best_throughput": {"parameters": {"concurrency": 16}, "metric": 12.3,
                                                        "unit": "requests/sec"}},
            "pareto_optimal": [{"concurrency": 8}, {"concurrency": 16}]}


def test_aiperf_sweep_one_run_per_combination_with_intervals():
    """Built from documentation/code (aiperf 0.13.0), no public real file."""
    result = imported("profile_export_aiperf_sweep.json", aiperf_sweep(trials=3))
    a, b = result.evidence.runs
    assert (a.concurrency, b.concurrency) == (8.0, 16.0) and a.label == "concurrency=8"
    assert close(a.ttft_ms_p99, 380.0) and close(b.ttft_ms_p99, 570.0)
    assert close(b.output_throughput_tps, 1575.0)
    margin = 4.302652729911275 * 75.0 / math.sqrt(3)  # std scales with the values: 50 * 1.5
    assert close(b.output_throughput_tps_ci_low, 1575.0 - margin)
    assert a.ci_runs == 3 and a.ci_level is None  # the sweep file does not state the level
    assert "aiperf.sweep_ci" in flag_ids(a)


def test_aiperf_sweep_measured_once_keeps_no_zero_width_interval():
    a, b = imported("profile_export_aiperf_sweep.json", aiperf_sweep(trials=1)).evidence.runs
    assert close(a.ttft_ms_mean, 125.0) and close(a.ttft_ms_p50, 102.0) and close(a.tpot_ms_p99, 32.0)
    assert close(b.output_throughput_tps, 1575.0) and close(b.duration_s, 61.0)
    assert a.output_throughput_tps_ci_low is None and a.ci_runs is None
    assert "aiperf.sweep_single" in flag_ids(a)


# AIPerf accuracy_results.csv: built from aiperf 0.13.0 accuracy/accuracy_data_exporter.py
# (_write_csv: header task,correct,total,unparsed,accuracy; accuracy f"{current:.4f}"); no public
# real file.

def accuracy_csv(rows: list[tuple[str, int, int, int, str]]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf)  # the csv module's default line end, \r\n, as aiperf writes it
    writer.writerow(["task", "correct", "total", "unparsed", "accuracy"])
    writer.writerows(rows)
    return buf.getvalue().encode()


def test_aiperf_accuracy_results_are_parity_checks():
    """Built from documentation/code (aiperf 0.13.0), no public real file."""
    data = accuracy_csv([("abstract_algebra", 62, 100, 3, "0.6200"), ("college_physics", 70, 102, 0, "0.6863"),
                         ("OVERALL", 132, 202, 3, "0.6535")])
    result = imported("accuracy_results.csv", data)
    assert result.tool == "aiperf_accuracy" and not result.evidence.runs
    algebra, physics, overall = result.evidence.parity
    assert (algebra.task, algebra.metric, algebra.n) == ("abstract_algebra", "accuracy", 100)
    assert close(algebra.value, 0.62) and close(physics.value, 70 / 102) and close(overall.value, 132 / 202)
    assert close(algebra.stderr, math.sqrt(0.62 * 0.38 / 99))
    assert overall.task == "overall" and overall.reference_value is None and overall.verdict.value == "inconclusive"
    assert {"runtime", "platform", "model"} <= set(result.missing_context)


def test_aiperf_accuracy_that_is_not_correct_over_total_is_refused():
    with pytest.raises(EvidenceImportError) as err:
        imported("accuracy_results.csv", accuracy_csv([("gsm8k", 62, 100, 0, "0.7200")]))
    assert "accuracy_results.csv:2" in str(err.value) and "0.6200" in str(err.value)


# ---------------------------------------------------------------------------------------------
# guidellm goodput and SLO attainment: built from guidellm 0.8.1 schemas/benchmark/goodput.py
# (GoodputSLO: ttft_ms, tpot_ms, e2el_ms), benchmark/schemas/base.py (BenchmarkConfig.slo) and
# benchmark/schemas/metrics.py (slo_attainment, slo_determined_requests, request_goodput); no public
# real file (no earlier release writes these fields).

def _dist(mean: float, p50: float, p90: float, p99: float) -> dict[str, object]:
    return {"successful": {"mean": mean, "median": p50, "count": 240, "percentiles": {"p50": p50, "p90": p90, "p99": p99}}}


def guidellm_with_slo() -> dict[str, object]:
    bench = {
        "type_": "generative_benchmark",
        "config": {"strategy": {"type_": "constant", "rate": 4.0, "max_concurrency": 10240},
                   "slo": {"ttft_ms": 500.0, "tpot_ms": 50.0, "e2el_ms": None}, "backend": {"model": "org/model"}},
        "duration": 60.0,
        "metrics": {
            "request_totals": {"successful": 235, "errored": 5, "incomplete": 2, "total": 242},
            "requests_per_second": {"successful": {"mean": 3.9}},
            "output_tokens_per_second": {"successful": {"mean": 499.2}},
            "time_to_first_token_ms": _dist(210.0, 190.0, 380.0, 620.0),
            "inter_token_latency_ms": _dist(21.0, 20.0, 31.0, 48.0),  # vLLM's TPOT
            "time_per_output_token_ms": _dist(22.6, 21.5, 33.0, 51.0),  # includes the TTFT
            "request_latency": _dist(2.9, 2.8, 4.0, 6.1),  # seconds
            "slo_attainment": 0.9125,  # 219 of 240 determined requests (235 ok + 5 errored)
            "slo_determined_requests": 240,
            "request_goodput": {"successful": {"mean": 3.65}},  # 219 / 60 s
        },
    }
    return {"metadata": {"version": 2, "guidellm_version": "0.8.1"}, "benchmarks": [bench]}


def test_guidellm_goodput_keeps_the_files_own_objectives():
    """Built from documentation/code (guidellm 0.8.1), no public real file."""
    run = imported("benchmarks.json", guidellm_with_slo()).evidence.runs[0]
    assert close(run.slo_attainment, 219 / 240) and close(run.goodput_rps, 219 / 60)
    assert (run.goodput_ttft_ms, run.goodput_tpot_ms, run.goodput_e2e_ms) == (500.0, 50.0, None)
    # the objectives' TPOT is inter_token_latency_ms, the run's tpot_ms; time_per_output_token_ms includes TTFT
    assert close(run.tpot_ms_p99, 48.0) and close(run.e2e_per_token_ms_p99, 51.0) and close(run.e2e_ms_p99, 6100.0)
    assert close(run.request_rate, 4.0) and run.concurrency is None
    assert "guidellm.goodput" in flag_ids(run)
    text = next(str(m) for m in run.quality_flags if m.id == "guidellm.goodput")
    assert "TTFT <= 500 ms, TPOT <= 50 ms" in text and "91.25 % of 240" in text


def test_guidellm_without_slo_has_no_goodput():
    doc = guidellm_with_slo()
    bench = doc["benchmarks"][0]  # type: ignore[index]
    del bench["metrics"]["slo_attainment"], bench["metrics"]["request_goodput"], bench["config"]["slo"]
    run = imported("benchmarks.json", doc).evidence.runs[0]
    assert run.slo_attainment is None and run.goodput_rps is None and "guidellm.goodput" not in flag_ids(run)


# ---------------------------------------------------------------------------------------------
# genai-bench: built from genai-bench 0.0.5 metrics/aggregated_metrics_collector.py (save:
# aggregated_metrics + individual_request_metrics + _time_unit, converted by time_units.py
# TimeUnitConverter: only ttft, tpot, e2e_latency, output_latency) and metrics/metrics.py; 0.0.1
# wrote no _time_unit (seconds only); no public real file.

#: two requests in SECONDS as genai-bench measures them (RequestMetricsCollector.calculate_metrics)
REQUESTS_S = [
    {"ttft": 0.2, "e2e_latency": 2.2, "num_output_tokens": 101, "num_input_tokens": 1000},  # tpot 0.02 s
    {"ttft": 0.4, "e2e_latency": 2.9, "num_output_tokens": 101, "num_input_tokens": 1000},  # tpot 0.025 s
]


def genai_bench_file(unit: str | None, *, write_unit: bool = True) -> dict[str, object]:
    factor = 1000.0 if unit == "ms" else 1.0
    individual = []
    for r in REQUESTS_S:
        output_latency = r["e2e_latency"] - r["ttft"]
        tpot = output_latency / (r["num_output_tokens"] - 1)
        individual.append({
            "ttft": r["ttft"] * factor, "tpot": tpot * factor, "e2e_latency": r["e2e_latency"] * factor,
            "output_latency": output_latency * factor, "output_inference_speed": 1 / tpot,  # tokens/s: never converted
            "num_input_tokens": r["num_input_tokens"], "num_output_tokens": r["num_output_tokens"],
            "num_reasoning_tokens": 0, "total_tokens": r["num_input_tokens"] + r["num_output_tokens"],
            "input_throughput": r["num_input_tokens"] / r["ttft"], "output_throughput": 100 / output_latency,
            "audio_throughput": None, "error_code": None, "error_message": None})

    def stat(values: list[float]) -> dict[str, float]:  # np.percentile (linear) of two values
        lo, hi = sorted(values)
        return {"min": lo, "max": hi, "mean": (lo + hi) / 2, "stddev": (hi - lo) / 2, "sum": lo + hi,
                "p25": lo + 0.25 * (hi - lo), "p50": lo + 0.5 * (hi - lo), "p75": lo + 0.75 * (hi - lo),
                "p90": lo + 0.9 * (hi - lo), "p95": lo + 0.95 * (hi - lo), "p99": lo + 0.99 * (hi - lo)}

    stats = {key: stat([i[key] for i in individual]) for key in ("ttft", "tpot", "e2e_latency", "output_latency",
                                                                "output_inference_speed", "num_input_tokens",
                                                                "num_output_tokens", "total_tokens")}
    doc: dict[str, object] = {"aggregated_metrics": {
        "scenario": "D(1000,100)", "num_concurrency": 2, "batch_size": 1, "iteration_type": "num_concurrency",
        "run_duration": 3.0,  # seconds, never converted
        "mean_output_throughput_tokens_per_s": 202 / 3.0, "mean_input_throughput_tokens_per_s": 2000 / 3.0,
        "mean_total_tokens_throughput_tokens_per_s": 2202 / 3.0, "requests_per_second": 2 / 3.0,
        "error_codes_frequency": {}, "error_rate": 0.0, "num_error_requests": 0, "num_completed_requests": 2,
        "num_requests": 2, "stats": stats},
        "individual_request_metrics": individual}
    if write_unit:
        doc["_time_unit"] = unit
    return doc


@pytest.mark.parametrize("unit", ["s", "ms"])
def test_genai_bench_seconds_or_milliseconds_read_per_file(unit):
    """Built from documentation/code (genai-bench 0.0.5), no public real file. The same two
    requests written in seconds and in ms import to the same figures."""
    run = imported(f"D(1000,100)_chat_num_concurrency_2_time_3s_{unit}.json", genai_bench_file(unit)).evidence.runs[0]
    # TTFT 0.2 s and 0.4 s: mean 300 ms, p99 = 0.2 + 0.99 * 0.2 s = 398 ms
    assert close(run.ttft_ms_mean, 300.0) and close(run.ttft_ms_p99, 398.0)
    # TPOT (2.2 - 0.2) / 100 = 20 ms and (2.9 - 0.4) / 100 = 25 ms
    assert close(run.tpot_ms_p50, 22.5) and close(run.tpot_ms_mean, 22.5) and run.itl_ms_p50 is None
    assert close(run.e2e_ms_p50, 2550.0)
    assert close(run.duration_s, 3.0)  # run_duration stays seconds in an ms file
    assert close(run.output_throughput_tps, 202 / 3.0) and close(run.request_throughput_rps, 2 / 3.0)
    assert close(run.interactivity_tps_per_user, 1000.0 / 22.5)
    assert run.concurrency == 2.0 and run.completed == 2 and run.failed == 0
    assert "genai_bench.unit" in flag_ids(run)


def test_genai_bench_without_time_unit_reads_the_unit_from_its_requests():
    run = imported("run.json", genai_bench_file("s", write_unit=False)).evidence.runs[0]
    assert close(run.ttft_ms_mean, 300.0) and "genai_bench.unit_from_requests" in flag_ids(run)


def test_genai_bench_unit_that_contradicts_the_requests_is_refused():
    doc = genai_bench_file("ms")
    doc["_time_unit"] = "s"  # an ms file labelled seconds
    with pytest.raises(EvidenceImportError, match="_time_unit says 's'"):
        imported("run.json", doc)


def test_genai_bench_unit_that_cannot_be_told_is_refused():
    doc = genai_bench_file("ms", write_unit=False)
    doc["individual_request_metrics"] = []
    with pytest.raises(EvidenceImportError, match="seconds or milliseconds"):
        imported("run.json", doc)


# ---------------------------------------------------------------------------------------------
# AISBench: built from ais-bench-benchmark 3.1.20260630 benchmark/calculators/
# base_perf_metric_calculator.py (_export_to_csv: "Performance Parameters,Stage,<stats>,N";
# _add_units_to_metrics: seconds * 1000 written as "<value> ms", throughputs "<value> token/s";
# _add_units_to_common_metrics for the JSON) and stable_perf_metric_calculator.py (stage "stable");
# no public real file.

# (the files themselves: tests/aisbench_files.py)


def test_aisbench_csv_units_parsed_from_the_cells():
    """Built from documentation/code (ais-bench-benchmark 3.1.20260630), no public real file."""
    result = imported("gsm8k.csv", ais_csv(AIS_STABLE))
    assert result.tool == "aisbench"
    run = result.evidence.runs[0]
    assert close(run.ttft_ms_mean, 300.0) and close(run.ttft_ms_p99, 398.0) and close(run.ttft_ms_p50, 300.0)
    assert close(run.tpot_ms_p90, 24.5) and close(run.itl_ms_p99, 55.0) and close(run.e2e_ms_p50, 2550.0)
    assert close(run.input_tokens, 1000.0) and close(run.output_tokens, 101.0) and run.completed == 2
    # each request's tokens / latency is no server throughput
    assert run.output_throughput_tps is None
    assert run.label == "stable stage" and {"aisbench.stable", "aisbench.csv", "aisbench.per_request_speed"} <= flag_ids(run)


def test_aisbench_seconds_in_a_cell_are_converted():
    rows = [AIS_STABLE[0], "TTFT,stable,0.3 s,0.2 s,0.4 s,0.3 s,0.35 s,0.38 s,0.398 s,2"]
    run = imported("gsm8k.csv", ais_csv(rows)).evidence.runs[0]
    assert close(run.ttft_ms_mean, 300.0) and close(run.ttft_ms_p99, 398.0)


def test_aisbench_time_without_a_unit_is_refused():
    rows = [AIS_STABLE[0], "TTFT,stable,300.0,200.0,400.0,300.0,350.0,380.0,398.0,2"]
    with pytest.raises(EvidenceImportError, match="TTFT / Average.*time with its unit"):
        imported("gsm8k.csv", ais_csv(rows))


def test_aisbench_prefers_the_stable_stage_and_says_so():
    total = [row.replace(",stable,", ",total,").replace("300.0 ms,200.0 ms", "500.0 ms,200.0 ms") for row in AIS_STABLE]
    run = imported("gsm8k.csv", ais_csv([*total, *AIS_STABLE])).evidence.runs[0]
    assert close(run.ttft_ms_mean, 300.0) and run.label == "stable stage"
    assert {"aisbench.stable", "aisbench.other_stages"} <= flag_ids(run)


def test_aisbench_json_throughput_is_the_servers_and_per_gpu_needs_the_gpus():
    """Built from documentation/code (ais-bench-benchmark 3.1.20260630), no public real file."""
    from deepdecide.importers.base import ImportContext

    data = json.dumps(ais_json("total"), indent=4).encode()
    run = import_bytes("gsm8k.json", data, ImportContext(gpu_count=8)).evidence.runs[0]
    assert close(run.duration_s, 61.25) and close(run.output_throughput_tps, 998.9) and close(run.request_throughput_rps, 7.8041)
    assert close(run.output_tps_per_gpu, 998.9 / 8)  # the system's tokens/s over the 8 GPUs the user gave
    assert (run.num_requests, run.failed, run.completed, run.concurrency) == (480, 2, 478, 32.0)
    assert close(run.input_tokens, 489472 / 478) and close(run.output_tokens, 61184 / 478)
    assert run.label == "total stage" and {"aisbench.total", "aisbench.json", "aisbench.observed_concurrency"} <= flag_ids(run)


# The CSV and the JSON of one AISBench run, joined into one evidence file (importers.joins). N of a
# CSV row is the stage's successful requests (base_perf_metric_calculator._calc_metrics:
# success_count[stage], TPOT / ITL: the requests with decode latencies), the JSON's Success Requests
# the same count (_calc_common_metrics): equal for the two files of one run.


def test_aisbench_csv_and_json_of_one_run_are_joined_by_a_folder_import(tmp_path):
    """Built from documentation/code (ais-bench-benchmark 3.1.20260630), no public real file."""
    import hashlib

    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.folder import import_folder
    from deepdecide.importers.joins import JOINED_FORMAT

    csv_path, json_path = ais_pair(tmp_path / "performances" / "qwen", AIS_RUN, ais_json("stable"))
    found = import_folder(tmp_path, ImportContext(gpu_count=8))
    assert found.ok and found.joined == [(str(csv_path), str(json_path))]
    [(path, result)] = found.imported
    assert path == str(csv_path) and result.format == JOINED_FORMAT and result.tool == "aisbench"
    run = result.evidence.runs[0]
    # latencies from the CSV (ms in the cells), throughput and the load from the JSON
    assert close(run.ttft_ms_p99, 398.0) and close(run.tpot_ms_p50, 22.5) and close(run.e2e_ms_p90, 2830.0)
    assert close(run.output_throughput_tps, 998.9) and close(run.output_tps_per_gpu, 998.9 / 8)
    assert close(run.duration_s, 61.25) and run.concurrency == 32.0
    assert (run.num_requests, run.completed, run.failed) == (480, 478, 2)
    assert close(run.input_tokens, 1024.0) and close(run.output_tokens, 128.0)  # the CSV's, agreeing with the JSON
    assert run.label == "stable stage"
    assert {"aisbench.stable", "aisbench.joined"} <= flag_ids(run)
    assert not {"aisbench.csv", "aisbench.json", "normalize.disagrees"} & flag_ids(run)  # no half-run warning
    # the provenance names both files, each with its bytes' SHA-256 and what was taken from it
    p = result.evidence.provenance
    assert p.is_joined and p.file_name == "gsm8k.csv"
    assert [(j.file_name, j.sha256, j.part.id) for j in p.joined] == [
        ("gsm8k.csv", hashlib.sha256(csv_path.read_bytes()).hexdigest(), "join.aisbench_csv"),
        ("gsm8k.json", hashlib.sha256(json_path.read_bytes()).hexdigest(), "join.aisbench_json")]
    assert p.sha256 == p.joined[0].sha256


def test_a_joined_pair_takes_the_stage_both_files_hold(tmp_path):
    from deepdecide.importers.joins import join_aisbench

    total = [row.replace(",stable,", ",total,") for row in AIS_RUN]
    csv_path, json_path = ais_pair(tmp_path, [*total, *AIS_RUN], ais_json("total"))
    run = join_aisbench(str(csv_path), str(json_path)).evidence.runs[0]
    assert run.label == "total stage" and {"aisbench.total", "aisbench.other_stages"} <= flag_ids(run)
    assert next(m for m in run.quality_flags if m.id == "aisbench.other_stages").params == (("stages", "stable"),)


def test_files_of_two_runs_are_not_joined_and_the_folder_import_says_why(tmp_path):
    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.folder import import_folder

    other = [row.rsplit(",", 1)[0] + ",240" for row in AIS_RUN]  # 240 requests: another run than the JSON's 478
    csv_path, _json_path = ais_pair(tmp_path, other, ais_json("stable"))
    found = import_folder(tmp_path, ImportContext())
    assert not found.imported and len(found.failed) == 1
    err = found.failed[0]
    assert err.file == str(csv_path) and "240 successful requests" in str(err) and "478" in str(err)
    assert "not of one run" in str(err)
    # no stage in common
    tmp2 = tmp_path / "b"
    ais_pair(tmp2, AIS_RUN, ais_json("total"))
    found = import_folder(tmp2, ImportContext())
    assert not found.imported and "no stage in common" in str(found.failed[0])


def test_the_command_line_joins_the_pair_and_the_workspace_keeps_both_files(tmp_path, capsys):
    import shutil

    from deepdecide.cli.main import main
    from deepdecide.storage.files import load_workspace, sample_workspace_path

    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path(), ws)
    before = len(load_workspace(ws).evidence.files)
    csv_path, json_path = ais_pair(tmp_path, AIS_RUN, ais_json("stable"))
    assert main(["inspect", str(csv_path), str(json_path)]) == 0
    out = capsys.readouterr().out
    assert "(joined)" in out and "joined: gsm8k.json" in out
    assert main(["import", str(csv_path), str(json_path), "--into", str(ws), "--kind", "own",
                 "--runtime", "vllm-ascend", "--platform", "nv-h100", "--gpus", "8"]) == 0
    files = load_workspace(ws).evidence.files
    assert len(files) == before + 1  # one evidence file, not two half runs
    p = files[-1].provenance
    assert [j.file_name for j in p.joined] == ["gsm8k.csv", "gsm8k.json"] and p.joined[1].part.id == "join.aisbench_json"
    assert close(files[-1].runs[0].output_throughput_tps, 998.9) and close(files[-1].runs[0].ttft_ms_p99, 398.0)


def test_the_files_beside_these_results_are_named():
    """genai-bench's experiment_metadata.json (protocol.py ExperimentMetadata) and AIPerf's aggregate CSV
    twin (aggregate_confidence_csv_exporter.py) are not result files to import."""
    meta = {"cmd": "genai-bench benchmark ...", "benchmark_version": "0.0.5", "api_backend": "openai",
            "auth_config": {}, "api_model_name": "m", "model": "org/model", "task": "text-to-text",
            "num_concurrency": [1, 2], "server_engine": "SGLang", "server_gpu_type": "H100", "server_gpu_count": "8",
            "max_time_per_run_s": 60, "max_requests_per_run": 100, "experiment_folder_name": "x",
            "metrics_time_unit": "ms"}
    with pytest.raises(EvidenceImportError, match="genai-bench experiment_metadata.json.*SGLang on 8 x H100"):
        imported("experiment_metadata.json", meta)
    data = b"metric,mean,std,min,max,cv,se,ci_low,ci_high,t_critical,unit\r\nrequest_throughput_avg,8.20,0.20,8.00,8.40,0.0244,0.1155,7.70,8.70,4.3027,requests/sec\r\n"
    with pytest.raises(EvidenceImportError, match="import the JSON"):
        imported("profile_export_aiperf_aggregate.csv", data)


def test_the_records_appendix_lists_both_joined_files_with_their_hashes(tmp_path):
    import io
    from dataclasses import replace

    from pypdf import PdfReader

    from deepdecide.importers.joins import join_aisbench
    from deepdecide.report.build import build
    from deepdecide.storage.files import load_workspace, sample_workspace_path

    csv_path, json_path = ais_pair(tmp_path, AIS_RUN, ais_json("stable"))
    ev = join_aisbench(str(csv_path), str(json_path)).evidence
    ws = load_workspace(sample_workspace_path())
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, ev)))
    pdf = build(ws, sections=("appendix",))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    n = len(ws.evidence.files)
    assert f"joined into F{n}" in text and "gsm8k.json" in text and ev.provenance.joined[1].sha256[:16] in text
