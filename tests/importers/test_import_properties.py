"""Property-based: arbitrary bytes and mutated real files (one per importer family) never
raise anything but EvidenceImportError (or import cleanly)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_bytes

SAMPLES = {
    "vllm_serve": "benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json",
    "vllm_append": "benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl",
    "vllm_latency": "benchmarks/vllm/vllm_benchmark_latency_llama8b_tp1.json",
    "vllm_throughput": "benchmarks/vllm/vllm_benchmark_throughput_llama8b_tp1.json",
    "sglang_serve": "benchmarks/sglang/sglang_bench_serving_2025-03_sharegpt.jsonl",
    "sglang_one_batch": "benchmarks/sglang/sglang_bench_one_batch_result.jsonl",
    "sglang_one_batch_server": "benchmarks/sglang/sglang_bench_one_batch_server_new.jsonl",
    "aiperf_json": "benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json",
    "aiperf_csv": "benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.csv",
    "genai_perf_analyze": "benchmarks/genai_perf/analyze_export_genai_perf_gpt2_sweep.csv",
    "llmperf": "benchmarks/llmperf/llmperf_summary_groq_llama2-70b_c5.json",
    "guidellm": "benchmarks/guidellm/guidellm_v0.2x_benchmarks_stripped_fixture.json",
    "trtllm": "benchmarks/trtllm_bench/trtllm_bench_1.1.0rc2_b200x8_gptoss120b_eagle3.json",
    "inferencemax_agg": "benchmarks/inferencemax/agg_dsr1_fp4_b200_sglang_tp4_conc4.json",
    "inferencemax_agentx": "benchmarks/inferencemax/agg_bmk_agentic_qwen35_mi300x_conc128.json",
    "mlperf": "benchmarks/mlperf/v4.1_DGX-H100x8_TRT_llama2-70b-99.9_Server_summary.txt",
    "lm_eval": "parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json",
    "lm_eval_v0": "parity/lm_eval/v0.3_nousfork_truthfulqa_hf-causal_Nereus-7B.json",
    "baseline": "parity/vllm/buildkite_lm-eval_DeepSeek-V3.yaml",
    "gsm8k_gate": "parity/vllm/evals_gsm8k_DeepSeek-V3.2-TP.yaml",
    "ascend_md": "parity/vllm/vllm-ascend_accuracy_report_DeepSeek-V2-Lite.md",
    "niah": "parity/niah/gkamradt_claude-2.1_token_len_1000_depth_0_results.json",
    "niah_agg": "parity/niah/gkamradt_gpt-4-128k_OpenAI_OriginalResults.json",
}
PARITY_CSV = (b"kind,task,metric,value,reference_value,n,reference_n\r\n"
              b"eval_accuracy,gsm8k,exact_match,0.95,0.951,1319,1319\r\n"
              b"kernel,deepgemm.fp8_gemm,calc_diff,0.0004,,,\r\n")

PROFILE = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def attempt(name: str, data: bytes, context: ImportContext | None = None) -> None:
    try:
        import_bytes(name, data, context)
    except EvidenceImportError as exc:
        assert exc.file == name and exc.reason
        assert exc.message.startswith(name)


@PROFILE
@given(st.binary(max_size=2048))
def test_arbitrary_bytes(data):
    attempt("random.bin", data)


@PROFILE
@given(st.text(max_size=500).map(lambda t: t.encode("utf-8")))
def test_arbitrary_text(data):
    attempt("random.txt", data)


@st.composite
def mutated(draw, original: bytes):
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[i] = draw(st.integers(0, 255))
        elif op == "cut":
            del data[i:]
        elif op == "insert":
            data[i:i] = draw(st.sampled_from([b"-1", b"1e999", b'"x"', b"null", b"[", b"}", b",", b"NaN",
                                              b"\xff", b"\x00", b'"inf"', b"99999999999999999999999"]))
        else:
            del data[i: i + draw(st.integers(1, 40))]
    return bytes(data)


@pytest.mark.parametrize("family", sorted(SAMPLES))
def test_mutated_real_files(family, shared_fixture):
    original = shared_fixture(SAMPLES[family]).read_bytes()
    name = Path(SAMPLES[family]).name

    @PROFILE
    @given(mutated(original))
    def check(data):
        attempt(name, data)

    check()


def test_mutated_parity_csv_and_generic_csv():
    ctx = ImportContext(csv_mapping=(("ttft_ms_p50", "value"), ("label", "task")))

    @PROFILE
    @given(mutated(PARITY_CSV))
    def check(data):
        attempt("parity.csv", data)
        attempt("mine.csv", data, ctx)

    check()
