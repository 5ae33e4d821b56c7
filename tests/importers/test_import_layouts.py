"""Layouts with no real file among the fixtures, built from formats/benchmarks.md (synthetic,
small): GenAI-Perf JSON and CSV, AIPerf 0.8 CSV with empty cells, guidellm v0.1 and v0.4+,
llmperf individual responses, SGLang 0.4 and bench_offline_throughput, early-2024 vLLM keys."""

from __future__ import annotations

import json

import pytest

from deepdecide.importers.registry import import_bytes


def one(name: str, data) -> object:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    result = import_bytes(name, raw)
    return result


def test_genai_perf_json():
    doc = {"request_throughput": {"unit": "requests/sec", "avg": 10.5},
           "request_latency": {"unit": "ms", "avg": 3000.0, "p50": 2900.0, "p90": 3300.0, "p99": 3400.0},
           "time_to_first_token": {"unit": "ms", "avg": 180.0, "p50": 175.0, "p99": 230.0},
           "inter_token_latency": {"unit": "ms", "avg": 30.5, "p50": 30.0, "p99": 31.2},
           "output_token_throughput": {"unit": "per sec", "avg": 1130.0},
           "request_count": {"unit": "count", "avg": 100},
           "num_output_token": {"unit": "tokens", "avg": 125.0},
           "input_config": {"model": ["gpt2"], "concurrency": 32}}
    result = one("profile_export_genai_perf.json", doc)
    r = result.evidence.runs[0]
    assert result.tool == "genai_perf" and r.tpot_ms_p50 == 30.0 and r.itl_ms_p50 is None
    assert r.output_tokens == 125.0 and r.concurrency == 32 and r.model == "gpt2" and r.completed == 100


def test_genai_perf_csv_with_thousands_separators():
    csv = ("Metric,avg,min,max,p99,p95,p90,p75,p50,p25\r\n"
           "Time To First Token (ms),184.43,100.00,300.00,290.00,250.00,230.00,200.00,180.00,150.00\r\n"
           'Request Latency (ms),"3,000.05",100.00,"3,500.00","3,400.00",3300.00,3200.00,3100.00,"2,950.50",2900.00\r\n'
           "Inter Token Latency (ms),30.90,29.00,33.00,32.50,32.00,31.50,31.00,30.80,30.20\r\n"
           "\r\n"
           "Metric,Value\r\n"
           "Output Token Throughput (per sec),1134.92\r\n"
           "Request Throughput (per sec),10.12\r\n"
           "Request Count (count),175\r\n")
    result = one("profile_export_genai_perf.csv", csv.encode())
    r = result.evidence.runs[0]
    assert result.tool == "genai_perf"
    assert r.e2e_ms_mean == 3000.05 and r.e2e_ms_p50 == 2950.5 and r.tpot_ms_p99 == 32.5
    assert r.request_throughput_rps == 10.12 and r.completed == 175


def test_aiperf_csv_empty_cells_and_telemetry():
    csv = ("Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\r\n"
           "Time to First Token (ms),84.82,29.60,157.69,,,,,,84.91,,104.09,,157.43,\r\n"
           "Effective Concurrency,,,,,,,,,,,,,,\r\n"
           "\r\nMetric,Value\r\nBenchmark Duration (sec),28.91\r\nRequest Count,96.00\r\n\r\n\r\n"
           "Endpoint,GPU_Index,GPU_Name,GPU_UUID,Metric,avg\r\n"
           "localhost,0,NVIDIA H100 80GB HBM3,GPU-1,Power (W),300\r\n"
           "localhost,1,NVIDIA H100 80GB HBM3,GPU-2,Power (W),300\r\n")
    r = one("profile_export_aiperf.csv", csv.encode()).evidence.runs[0]
    assert r.ttft_ms_p50 == 84.91 and r.ttft_ms_mean == 84.82 and r.ttft_ms_p99 == 157.43
    assert r.duration_s == 28.91 and r.completed == 96
    assert r.platform == "H100" and r.gpu_count == 2 and "platform" not in r.missing_context


def bench_v2(strategy: dict, totals: dict) -> dict:
    dist = {"successful": {"mean": 10.0, "median": 9.0, "percentiles": {"p50": 9.0, "p90": 12.0, "p99": 15.0}}}
    return {"type_": "generative_benchmark", "duration": 30.0, "metrics": {
        "requests_per_second": dist, "output_tokens_per_second": dist, "tokens_per_second": dist,
        "request_latency": dist, "time_to_first_token_ms": dist, "inter_token_latency_ms": dist,
        "time_per_output_token_ms": dist, "prompt_token_count": dist, "output_token_count": dist,
        "request_totals": totals}, "config": {"strategy": strategy}}


def test_guidellm_v04_sweep():
    doc = {"metadata": {"version": 1, "guidellm_version": "0.5.0"}, "args": {"model": "m"},
           "benchmarks": [bench_v2({"type_": "concurrent", "streams": 16}, {"successful": 90, "errored": 2,
                                                                              "incomplete": 1, "total": 93}),
                          bench_v2({"type_": "constant", "rate": 5.0}, {"successful": 150, "errored": 0,
                                                                          "incomplete": 0, "total": 150})]}
    result = one("benchmarks.json", doc)
    a, b = result.evidence.runs
    assert result.evidence.provenance.tool_version == "guidellm 0.5.0"
    assert a.concurrency == 16 and a.failed == 3 and a.e2e_ms_p50 == 9000.0 and a.tpot_ms_p50 == 9.0
    assert b.request_rate == 5.0 and b.model == "m"


def test_guidellm_v01_per_request_results():
    results = [{"start_time": 0.0, "first_token_time": 0.1, "end_time": 1.1, "output_token_count": 101,
                "prompt_token_count": 50} for _ in range(4)]
    doc = {"benchmarks": [{"benchmarks": [{"mode": "synchronous", "rate": None, "results": results, "errors": []}],
                           "args": {}}]}
    r = one("report.json", doc).evidence.runs[0]
    assert r.ttft_ms_p50 == pytest.approx(100.0) and r.tpot_ms_p50 == pytest.approx(10.0)
    assert r.e2e_ms_mean == pytest.approx(1100.0) and r.completed == 4 and r.concurrency == 1


def test_llmperf_individual_responses():
    items = [{"error_code": None, "error_msg": "", "ttft_s": 0.2, "end_to_end_latency_s": 1.0,
              "inter_token_latency_s": 0.01, "number_input_tokens": 500, "number_output_tokens": 100},
             {"error_code": 500, "error_msg": "boom", "ttft_s": 0, "end_to_end_latency_s": 0,
              "inter_token_latency_s": 0, "number_input_tokens": 500, "number_output_tokens": 0}]
    result = one("x_individual_responses.json", items)
    r = result.evidence.runs[0]
    assert result.tool == "llmperf" and r.completed == 1 and r.failed == 1
    assert r.ttft_ms_p50 == pytest.approx(200.0) and r.e2e_per_token_ms_mean == pytest.approx(10.0)


def test_sglang_04_medians_and_offline():
    line = {"backend": "sglang", "dataset_name": "random", "request_rate": float("inf"), "max_concurrency": None,
            "total_input_tokens": 1000, "total_output_tokens": 500, "mean_e2e_latency_ms": 900.0,
            "median_e2e_latency_ms": 850.0, "median_ttft_ms": 50.0, "median_itl_ms": 7.0,
            "output_throughput": 250.0, "duration": 2.0, "completed": 10}
    r = one("sglang_1201_10_random.jsonl", (json.dumps(line) + "\n").encode()).evidence.runs[0]
    assert r.tool == "sglang_serve" and r.ttft_ms_p50 == 50.0 and r.request_throughput_rps == 5.0
    assert any("requests/s derived" in f for f in map(str, r.quality_flags))
    off = {"backend": "engine", "successful_requests": 100, "total_latency": 10.0, "total_input_tokens": 1000,
           "total_output_tokens": 2000, "request_throughput": 10.0, "input_throughput": 100.0,
           "output_throughput": 200.0, "total_throughput": 300.0}
    r = one("offline.jsonl", (json.dumps(off) + "\n" + json.dumps(off) + "\n").encode()).evidence.runs[1]
    assert r.tool == "sglang_offline" and r.output_throughput_tps == 200.0 and r.output_tokens == 20.0


def test_vllm_early_2024_keys_and_disagreement_flag():
    doc = {"backend": "vllm", "model_id": "m", "num_prompts": 10, "duration": 10.0, "completed": 10,
           "total_input_tokens": 100, "total_output_tokens": 1000, "request_inthroughput": 1.0,
           "output_throughput": 120.0, "input_throughput": 10.0, "mean_ttft_ms": 20.0, "median_ttft_ms": 19.0,
           "p99_ttft_ms": 30.0, "mean_tpot_ms": 5.0, "median_tpot_ms": 5.0, "p99_tpot_ms": 6.0, "best_of": 1}
    result = one("old.json", doc)
    r = result.evidence.runs[0]
    assert r.request_throughput_rps == 1.0 and r.total_throughput_tps == 130.0
    assert "early 2024" in r.tool_version
    assert r.output_throughput_tps == 120.0  # the file's own figure is kept ...
    assert any(f.startswith("output tokens/s: file says 120") for f in map(str, r.quality_flags))  # ... and flagged
    assert r.interactivity_tps_per_user == 200.0


def test_inferencemax_raw_run_reads_its_name():
    doc = {"date": "20251001-000000", "backend": "vllm", "model_id": "nvidia/DeepSeek-R1-0528-FP4-V2",
           "num_prompts": 40, "max_concurrency": 4, "completed": 40, "duration": 100.0, "mean_ttft_ms": 900.0,
           "median_tpot_ms": 11.0, "benchmark_start_time_unix": 1.0, "benchmark_end_time_unix": 101.0}
    result = one("dsr1_1k1k_fp4_sglang_tp4_ep1_dpa_false_conc4_b200.json", doc)
    r = result.evidence.runs[0]
    assert result.tool == "vllm_serve" and "InferenceMAX" in r.tool_version
    assert r.platform == "B200" and r.runtime == "sglang" and r.gpu_count == 4 and r.quantization == "fp4"


def test_per_request_csv_reduced_to_one_run(tmp_path, capsys):
    from deepdecide.cli.main import main

    path = tmp_path / "records.csv"
    path.write_bytes(b"id,Latency (s),TTFT (ms)\r\n" + b"".join(
        f"{i},{1 + i / 100:.2f},{10 + i}\r\n".encode() for i in range(101)))
    assert main(["inspect", str(path), "--json", "--per-request", "--map", "e2e_ms=Latency (s)",
                 "--unit", "e2e_ms=s", "--map", "ttft_ms=TTFT (ms)"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["tool"] == "generic_csv" and row["completed"] == 101
    assert row["e2e_ms_p50"] == pytest.approx(1500.0) and row["ttft_ms_p90"] == pytest.approx(100.0)


def test_lm_eval_na_stderr_ruler_sentinel_and_dict_model_args():
    doc = {"results": {"ruler": {"4096,none": 0.93, "4096_stderr,none": "N/A", "131072,none": -1,
                                 "131072_stderr,none": "N/A", "alias": "ruler"},
                       "gsm8k": {"exact_match,strict-match": 0.95, "exact_match_stderr,strict-match": "N/A",
                                 "alias": "gsm8k"}},
           "config": {"model": "sglang", "model_args": {"pretrained": "deepseek-ai/DeepSeek-V4-Flash", "tp_size": 8}},
           "n-samples": {"gsm8k": {"original": 1319, "effective": 1319}},
           "lm_eval_version": "0.4.11"}
    result = one("results_2026-01-01T00-00-00.json", doc)
    checks = {(c.task, c.metric): c for c in result.evidence.parity}
    assert ("ruler@131072", "131072,none") not in checks  # -1: that length was not run
    ruler = checks[("ruler@4096", "4096,none")]
    assert ruler.kind == "long_context" and ruler.stderr is None and ruler.value == 0.93
    gsm = checks[("gsm8k", "exact_match,strict-match")]
    assert gsm.stderr is None and gsm.n == 1319 and gsm.runtime == "sglang"
    assert result.model == "deepseek-ai/DeepSeek-V4-Flash"
