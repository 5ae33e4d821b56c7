"""Every real fixture file: recognised as the right tool, figures equal to the file's own,
units converted (s -> ms, ns -> ms), metric definitions kept apart."""

from __future__ import annotations

import json
import math

import pytest

from deepdecide.domain.evidence import ParityKind, Verdict
from deepdecide.importers.registry import import_file, sniff

# the real files under ../shared/fixtures (read through the shared_fixture fixture), by tool
EXPECTED_TOOL = {
    "benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.csv": "aiperf",
    "benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json": "aiperf",
    "benchmarks/genai_perf/analyze_export_genai_perf_gpt2_sweep.csv": "genai_perf_analyze",
    "benchmarks/guidellm/guidellm_v0.2x_benchmarks_stripped_fixture.json": "guidellm",
    "benchmarks/inferencemax/agentx_kimik25_b200_tp4_conc16.json": "inferencemax_agentx",
    "benchmarks/inferencemax/agg_bmk_agentic_qwen35_mi300x_conc128.json": "inferencemax_agentx",
    "benchmarks/inferencemax/agg_dsr1_fp4_b200_sglang_tp4_conc4.json": "inferencemax_agg",
    "benchmarks/inferencemax/agg_dsr1_fp4_b200_trt_tp8_ep8_dpa_conc256.json": "inferencemax_agg",
    "benchmarks/llmperf/llmperf_summary_anyscale_llama2-70b_c5.json": "llmperf",
    "benchmarks/llmperf/llmperf_summary_groq_llama2-70b_c5.json": "llmperf",
    "benchmarks/mlperf/v4.1_8xMI300X_llama2-70b-99_Server_summary.txt": "mlperf",
    "benchmarks/mlperf/v4.1_B200-SXM-180GBx1_TRT_llama2-70b-99.9_Server_summary.txt": "mlperf",
    "benchmarks/mlperf/v4.1_DGX-H100x8_TRT_llama2-70b-99.9_Offline_summary.txt": "mlperf",
    "benchmarks/mlperf/v4.1_DGX-H100x8_TRT_llama2-70b-99.9_Server_summary.txt": "mlperf",
    "benchmarks/sglang/sglang_0.5.5_bench_serving_gh200_qwen3b_c8.jsonl": "sglang_serve",
    "benchmarks/sglang/sglang_bench_one_batch_result.jsonl": "sglang_one_batch",
    "benchmarks/sglang/sglang_bench_one_batch_server_new.jsonl": "sglang_one_batch_server",
    "benchmarks/sglang/sglang_bench_one_batch_server_old.jsonl": "sglang_one_batch_server",
    "benchmarks/sglang/sglang_bench_serving_2025-03_sharegpt.jsonl": "sglang_serve",
    "benchmarks/trtllm_bench/trtllm_bench_1.1.0rc2_b200x8_gptoss120b_eagle3.json": "trtllm_bench",
    "benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json": "vllm_serve",
    "benchmarks/vllm/vllm_benchmark_latency_llama8b_tp1.json": "vllm_latency",
    "benchmarks/vllm/vllm_benchmark_throughput_llama8b_tp1.json": "vllm_throughput",
    "benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl": "vllm_serve",
    "benchmarks/vllm/vllm_serving_llama8b_tp1_qps1_partial.json": "vllm_serve",
    "parity/lm_eval/v0-testdata_arc_challenge-v0-res.json": "lm_eval",
    "parity/lm_eval/v0.3_nousfork_truthfulqa_hf-causal_Nereus-7B.json": "lm_eval",
    "parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json": "lm_eval",
    "parity/lm_eval/v0.4.2_mmlu_groups_hf_Llama-3-8B-Instruct_A100.json": "lm_eval",
    "parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json": "lm_eval",
    "parity/niah/gkamradt_claude-2.1_token_len_1000_depth_0_results.json": "niah",
    "parity/niah/gkamradt_claude-2.1_token_len_164882_depth_284_results.json": "niah",
    "parity/niah/gkamradt_gpt-4-128k_OpenAI_OriginalResults.json": "niah",
    "parity/sglang/lm_eval_configs_Llama-3.3-70B-Instruct.yaml": "lm_eval_baseline",
    "parity/sglang/lm_eval_configs_NVIDIA-Nemotron-3-Nano-30B-A3B-FP8.yaml": "lm_eval_baseline",
    "parity/sglang/lm_eval_configs_Qwen3.5-397B-A17B-MXFP4-AttnFP8.yaml": "lm_eval_baseline",
    "parity/vllm/buildkite_lm-eval_Command-R7B-FP8-ruler-128k.yaml": "lm_eval_baseline",
    "parity/vllm/buildkite_lm-eval_DeepSeek-R1.yaml": "lm_eval_baseline",
    "parity/vllm/buildkite_lm-eval_DeepSeek-V3.yaml": "lm_eval_baseline",
    "parity/vllm/buildkite_lm-eval_DeepSeek-V4-Flash-MXFP4.yaml": "lm_eval_baseline",
    "parity/vllm/evals_gsm8k_DeepSeek-V3.2-TP.yaml": "vllm_gsm8k_baseline",
    "parity/vllm/vllm-ascend_accuracy_report_DeepSeek-V2-Lite.md": "lm_eval_table",
}


def test_every_listed_fixture_is_in_the_shared_folder(shared_fixtures):
    # ../shared/fixtures holds more tools' files than these importers read; every one listed here is there
    on_disk = {p.relative_to(shared_fixtures).as_posix() for top in ("benchmarks", "parity")
               for p in (shared_fixtures / top).rglob("*") if p.is_file()}
    assert set(EXPECTED_TOOL) <= on_disk, sorted(set(EXPECTED_TOOL) - on_disk)


@pytest.mark.parametrize("relative", sorted(EXPECTED_TOOL))
def test_fixture_recognised_by_content(relative, tmp_path, shared_fixture):
    path = shared_fixture(relative)
    result = import_file(path)
    assert result.tool == EXPECTED_TOOL[relative]
    prov = result.evidence.provenance
    assert prov.size_bytes == path.stat().st_size and len(prov.sha256) == 64 and prov.imported_at.endswith("Z")
    assert result.evidence.runs or result.evidence.parity
    # recognition is by content: the same bytes under a meaningless name give the same tool
    # (InferenceMAX and MLPerf read *context* from the name, never the format)
    renamed = tmp_path / "evidence.dat"
    renamed.write_bytes(path.read_bytes())
    assert sniff(renamed).tool == EXPECTED_TOOL[relative]


@pytest.fixture
def load(shared_fixture):
    """The JSON of a real file."""
    return lambda relative: json.loads(shared_fixture(relative).read_text())


@pytest.fixture
def run_of(shared_fixture):
    """Run ``index`` of a real file, imported."""
    return lambda relative, index=0: import_file(shared_fixture(relative)).evidence.runs[index]


def test_vllm_sweep_file_figures_equal_the_file(load, run_of):
    raw = load("benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json")
    r = run_of("benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json")
    assert r.tool == "vllm_serve" and r.model == "facebook/opt-125m"
    assert r.request_rate is None  # "inf"
    assert r.concurrency == 2 and r.num_requests == 8 and r.completed == 8 and r.failed == 0
    assert r.output_throughput_tps == raw["output_throughput"]
    assert r.total_throughput_tps == raw["total_token_throughput"]
    assert r.ttft_ms_p50 == raw["median_ttft_ms"] and r.ttft_ms_p99 == raw["p99_ttft_ms"]
    assert r.tpot_ms_mean == raw["mean_tpot_ms"] and r.itl_ms_mean == raw["mean_itl_ms"]
    assert r.e2e_ms_p99 == raw["p99_e2el_ms"]
    assert r.interactivity_tps_per_user == pytest.approx(1000 / raw["median_tpot_ms"])
    assert r.input_tokens == 32 and r.output_tokens == 16
    assert "gpu_count" in r.missing_context and "runtime" in r.missing_context
    assert r.tool_version == "vllm bench serve (2025+)"


def test_vllm_append_result_file_gives_one_run_per_object_with_metadata(shared_fixture):
    path = shared_fixture("benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl")
    result = import_file(path)
    raws = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    assert len(result.evidence.runs) == len(raws) == 9
    for r, raw in zip(result.evidence.runs, raws, strict=True):
        assert r.platform == "L40S" and r.gpu_count == 4  # --metadata gpu=4xNVIDIA_L40S
        assert r.request_throughput_rps == raw["request_throughput"]
        assert r.tpot_ms_p99 == raw["p99_tpot_ms"]
        assert r.output_tps_per_gpu == pytest.approx(raw["output_throughput"] / 4)
    assert [r.request_rate for r in result.evidence.runs[:3]] == [10.0, 30.0, None]
    assert "late 2024" in result.evidence.provenance.tool_version  # "request_goodput:" typo key


def test_vllm_partial_file_has_latency_only(run_of):
    r = run_of("benchmarks/vllm/vllm_serving_llama8b_tp1_qps1_partial.json")
    assert r.request_rate == 1.0 and r.output_throughput_tps is None and r.duration_s is None
    assert r.ttft_ms_mean == pytest.approx(111.23647520318627)
    assert r.failed is None  # completed unknown, so failed cannot be derived


def test_vllm_offline_throughput_is_total_not_output(run_of):
    r = run_of("benchmarks/vllm/vllm_benchmark_throughput_llama8b_tp1.json")
    assert r.total_throughput_tps == pytest.approx(1198.996134490826)
    assert r.output_throughput_tps is None
    assert r.request_throughput_rps == pytest.approx(2.781764499305893)


def test_vllm_latency_seconds_become_ms(run_of):
    r = run_of("benchmarks/vllm/vllm_benchmark_latency_llama8b_tp1.json")
    assert r.e2e_ms_mean == pytest.approx(7109.1228867570555)
    assert r.e2e_ms_p50 == pytest.approx(7112.779660150409)
    assert r.e2e_ms_p99 == pytest.approx(7868.931790143251)


def test_sglang_bench_serving_new_strips_api_key_and_reads_server_info(shared_fixture, run_of):
    rel = "benchmarks/sglang/sglang_0.5.5_bench_serving_gh200_qwen3b_c8.jsonl"
    raw = json.loads(shared_fixture(rel).read_text().replace("Infinity", "null"))
    r = run_of(rel)
    assert r.runtime == "sglang" and r.runtime_version == "0.5.5.post3" and r.gpu_count == 1
    assert r.model == "Qwen/Qwen2.5-3B-Instruct" and r.label == "agg_n50_in128_out64_c8"
    assert r.request_rate is None and r.concurrency == 8
    assert r.total_throughput_tps == raw["total_throughput"]
    assert r.e2e_ms_p50 == raw["median_e2e_latency_ms"] and r.itl_ms_p99 == raw["p99_itl_ms"]
    assert r.failed is None  # SGLang does not record failures


def test_sglang_march_2025_file_with_bare_infinity(run_of):
    r = run_of("benchmarks/sglang/sglang_bench_serving_2025-03_sharegpt.jsonl")
    assert r.request_rate is None and r.dataset == "sharegpt"
    assert r.tpot_ms_p50 == pytest.approx(13.224892322199644)
    assert r.itl_ms_p50 == pytest.approx(7.110232500053826)  # ITL kept apart from TPOT
    assert r.total_throughput_tps is None or r.total_throughput_tps > 0


def test_sglang_one_batch_seconds_to_ms(run_of):
    r = run_of("benchmarks/sglang/sglang_bench_one_batch_result.jsonl")
    assert r.ttft_ms_mean == pytest.approx(14.05533216893673)
    assert r.tpot_ms_p50 == pytest.approx(8.928528055548668)
    assert r.total_throughput_tps == pytest.approx(991.0135159710844)
    assert r.concurrency == 1 and r.label == "cuda_graph"


def test_sglang_one_batch_server_decode_rate_is_not_relabelled(shared_fixture, run_of):
    for rel in ("benchmarks/sglang/sglang_bench_one_batch_server_old.jsonl",
                "benchmarks/sglang/sglang_bench_one_batch_server_new.jsonl"):
        first = json.loads(shared_fixture(rel).read_text().splitlines()[0])
        r = run_of(rel)
        expected = first["batch_size"] * first["output_len"] / first["latency"]
        assert r.output_throughput_tps == pytest.approx(expected)
        assert r.total_throughput_tps == first["overall_throughput"]
        assert any("decode-phase rate" in f for f in map(str, r.quality_flags))
    r = run_of("benchmarks/sglang/sglang_bench_one_batch_server_new.jsonl")
    assert r.ttft_ms_mean == pytest.approx(101591.6)


def test_aiperf_json_and_csv_agree(load, run_of):
    j = run_of("benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json")
    c = run_of("benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.csv")
    raw = load("benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json")
    assert j.tpot_ms_p50 == raw["inter_token_latency"]["p50"]  # AIPerf ITL is vLLM TPOT
    assert j.itl_ms_p99 == raw["inter_chunk_latency"]["p99"]  # chunk gaps are ITL
    assert j.duration_s == pytest.approx(28.907751985)  # "sec" stays seconds
    assert j.model == "qwen3.6-nvfp4" and j.concurrency == 8 and j.completed == 96
    assert j.tool_version == "aiperf 0.11.0 (schema 1.3)"
    for name in ("ttft_ms_mean", "tpot_ms_p50", "itl_ms_p90", "e2e_ms_p99", "output_throughput_tps",
                 "request_throughput_rps", "duration_s"):
        assert getattr(c, name) == pytest.approx(getattr(j, name), abs=0.006), name  # CSV has 2 decimals
    assert c.completed == 96


def test_genai_perf_analyze_rows(shared_fixture):
    runs = import_file(shared_fixture("benchmarks/genai_perf/analyze_export_genai_perf_gpt2_sweep.csv")).evidence.runs
    assert [r.label for r in runs] == [f"gpt2_run_config_{i}" for i in (3, 0, 4, 1, 2)]
    assert runs[0].ttft_ms_p99 == 184.43 and runs[0].tpot_ms_p99 == 30.90 and runs[0].num_requests == 175
    assert runs[0].output_throughput_tps == 1134.92 and runs[0].gpu_count == 1 and runs[0].concurrency == 32


def test_llmperf_seconds_and_e2e_per_token(load, run_of):
    raw = load("benchmarks/llmperf/llmperf_summary_groq_llama2-70b_c5.json")
    r = run_of("benchmarks/llmperf/llmperf_summary_groq_llama2-70b_c5.json")
    assert r.ttft_ms_p50 == pytest.approx(raw["results_ttft_s_quantiles_p50"] * 1000)
    assert r.e2e_per_token_ms_mean == pytest.approx(raw["results_inter_token_latency_s_mean"] * 1000)
    assert r.tpot_ms_p50 is None and r.itl_ms_p50 is None  # never relabelled
    assert r.request_throughput_rps == pytest.approx(raw["results_num_completed_requests_per_min"] / 60)
    assert r.output_throughput_tps == raw["results_mean_output_throughput_token_per_s"]


def test_guidellm_v02(run_of):
    r = run_of("benchmarks/guidellm/guidellm_v0.2x_benchmarks_stripped_fixture.json")
    assert r.concurrency == 1 and r.label == "synchronous"
    assert r.completed == 46 and r.failed == 1 and r.num_requests == 47
    assert r.e2e_ms_mean == pytest.approx(644.4743664368339)  # request_latency in s
    assert r.tpot_ms_mean == pytest.approx(4.941609043733832)  # inter_token_latency_ms
    assert r.e2e_per_token_ms_mean == pytest.approx(4.90300272307966)  # time_per_output_token_ms
    assert r.output_throughput_tps == pytest.approx(198.13346751788123)


def test_trtllm_bench(run_of):
    r = run_of("benchmarks/trtllm_bench/trtllm_bench_1.1.0rc2_b200x8_gptoss120b_eagle3.json")
    assert r.runtime == "trtllm" and r.runtime_version == "1.1.0rc2" and r.gpu_count == 8
    assert r.output_tps_per_gpu == pytest.approx(471.36603137769583)
    assert r.duration_s == pytest.approx(135.775587844)
    assert r.e2e_ms_p90 == pytest.approx(122305.82136799999)
    assert r.ttft_ms_p50 is None  # not run with --streaming
    assert any("issue_rate ignored" in f for f in map(str, r.quality_flags))


def test_inferencemax_agg_seconds_and_per_gpu(run_of):
    r = run_of("benchmarks/inferencemax/agg_dsr1_fp4_b200_trt_tp8_ep8_dpa_conc256.json")
    assert r.platform == "B200" and r.runtime == "trtllm" and r.gpu_count == 8 and r.quantization == "fp4"
    assert r.ttft_ms_p50 == pytest.approx(225.47839701292105)
    assert r.tpot_ms_p99 == pytest.approx(43.01157689839866)
    assert r.output_tps_per_gpu == pytest.approx(792.9982942046087)
    assert r.output_throughput_tps == pytest.approx(792.9982942046087 * 8)
    assert r.interactivity_tps_per_user == pytest.approx(25.925893750749555)  # the file's own median_intvty
    assert r.concurrency == 256


def test_inferencemax_agentx_names_from_file_name(shared_fixture, run_of):
    r = run_of("benchmarks/inferencemax/agentx_kimik25_b200_tp4_conc16.json")
    assert r.platform == "B200"  # "hw" is empty in the file: read from the file name
    assert any("read from the file name" in f for f in map(str, r.quality_flags))
    assert r.gpu_count == 4 and r.ttft_ms_mean == pytest.approx(60196.48213668932)
    runs = import_file(shared_fixture("benchmarks/inferencemax/agg_bmk_agentic_qwen35_mi300x_conc128.json")).evidence.runs
    assert [r.platform for r in runs] == ["MI300X", "MI300X"] and runs[1].label.endswith("offloading hicache")


def test_mlperf_nanoseconds_and_system_from_path(run_of):
    r = run_of("benchmarks/mlperf/v4.1_DGX-H100x8_TRT_llama2-70b-99.9_Server_summary.txt")
    assert r.platform == "H100" and r.gpu_count == 8 and r.model == "llama2-70b-99.9"
    assert r.ttft_ms_p99 == pytest.approx(461.278089)
    assert r.tpot_ms_p50 == pytest.approx(156.419276)
    assert r.e2e_ms_mean == pytest.approx(44954.547225)
    assert r.output_throughput_tps == 21605.79 and r.request_throughput_rps == 74.42
    off = run_of("benchmarks/mlperf/v4.1_DGX-H100x8_TRT_llama2-70b-99.9_Offline_summary.txt")
    assert off.output_throughput_tps == 24524.9 and off.ttft_ms_mean is None
    amd = run_of("benchmarks/mlperf/v4.1_8xMI300X_llama2-70b-99_Server_summary.txt")
    assert amd.platform == "MI300X" and amd.gpu_count == 8 and amd.model == "llama2-70b-99"
    b200 = run_of("benchmarks/mlperf/v4.1_B200-SXM-180GBx1_TRT_llama2-70b-99.9_Server_summary.txt")
    assert b200.platform == "B200" and b200.gpu_count == 1


def test_lm_eval_generations(shared_fixture):
    v0 = import_file(shared_fixture("parity/lm_eval/v0-testdata_arc_challenge-v0-res.json")).evidence.parity
    assert {(c.task, c.metric) for c in v0} == {("arc_challenge", "acc"), ("arc_challenge", "acc_norm")}
    acc = next(c for c in v0 if c.metric == "acc")
    assert acc.value == pytest.approx(0.24488054607508533) and acc.stderr == pytest.approx(0.012566273985131354)
    v03 = import_file(shared_fixture("parity/lm_eval/v0.3_nousfork_truthfulqa_hf-causal_Nereus-7B.json")).evidence.parity
    assert {c.metric for c in v03} == {"mc1", "mc2"} and all(c.runtime == "hf" for c in v03)
    gsm = import_file(shared_fixture("parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json")).evidence.parity
    strict = next(c for c in gsm if c.metric == "exact_match,strict-match")
    assert strict.value == pytest.approx(0.7558756633813495) and strict.stderr == pytest.approx(0.011832404674077592)
    assert strict.platform == "A100" and strict.kind == ParityKind.EVAL_ACCURACY
    assert all(c.verdict == Verdict.INCONCLUSIVE for c in gsm)  # no reference yet
    mmlu = import_file(shared_fixture("parity/lm_eval/v0.4.2_mmlu_groups_hf_Llama-3-8B-Instruct_A100.json")).evidence.parity
    assert "mmlu" in {c.task for c in mmlu} and "mmlu_stem" in {c.task for c in mmlu}
    new = import_file(shared_fixture("parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json"))
    assert all(c.runtime == "vllm" and c.platform == "H100" for c in new.evidence.parity)
    assert new.evidence.provenance.tool_version == "lm-eval 0.4.9.2"


def test_baselines_are_reference_values(shared_fixture):
    checks = import_file(shared_fixture("parity/vllm/buildkite_lm-eval_DeepSeek-V4-Flash-MXFP4.yaml")).evidence.parity
    assert {(c.task, c.metric, c.reference_value) for c in checks} == {
        ("gsm8k", "exact_match,strict-match", 0.95), ("gsm8k", "exact_match,flexible-extract", 0.95)}
    assert all(c.value is None and c.reference_runtime == "vllm-ci" and c.reference_platform == "gfx950" for c in checks)
    ruler = import_file(shared_fixture("parity/vllm/buildkite_lm-eval_Command-R7B-FP8-ruler-128k.yaml")).evidence.parity
    assert ruler[0].kind == ParityKind.LONG_CONTEXT and ruler[0].task == "niah_single_2@131072"
    sgl = import_file(shared_fixture("parity/sglang/lm_eval_configs_NVIDIA-Nemotron-3-Nano-30B-A3B-FP8.yaml")).evidence.parity
    assert {c.reference_runtime for c in sgl} == {"sglang-ci"}
    gate = import_file(shared_fixture("parity/vllm/evals_gsm8k_DeepSeek-V3.2-TP.yaml")).evidence.parity[0]
    assert gate.reference_value == 0.95 and gate.n == 1319


def test_ascend_markdown_report_and_niah(shared_fixture, load):
    checks = import_file(shared_fixture("parity/vllm/vllm-ascend_accuracy_report_DeepSeek-V2-Lite.md")).evidence.parity
    assert [(c.metric, c.value, c.stderr) for c in checks] == [
        ("exact_match,strict-match", 0.3813, 0.0134), ("exact_match,flexible-extract", 0.3836, 0.0134)]
    assert checks[0].runtime == "vllm-ascend" and checks[0].platform == "Ascend 910B"
    single = import_file(shared_fixture("parity/niah/gkamradt_claude-2.1_token_len_1000_depth_0_results.json")).evidence.parity
    assert single[0].task == "niah@1000" and single[0].n == 1
    agg = import_file(shared_fixture("parity/niah/gkamradt_gpt-4-128k_OpenAI_OriginalResults.json")).evidence.parity
    raw = load("parity/niah/gkamradt_gpt-4-128k_OpenAI_OriginalResults.json")
    assert sum(c.n for c in agg) == len(raw)
    assert all(0 <= c.value <= 1 and not math.isnan(c.value) for c in agg)
