"""The formats teams produce now, on the real files in ../shared/fixtures/benchmarks: every file
imports (or is named as the non-result file it is), figures equal the file's own, units are
converted per field, each tool's TPOT / ITL / e2e-per-token kept apart, predictions typed
``predicted``, AIConfigurator systems mapped to platforms through the documented table."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest
import yaml

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.importers.aiconfigurator import AIC_SYSTEMS, aic_platform
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_bytes, import_file
from deepdecide.storage.files import load_builtin_matrix

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks"  # = conftest's SHARED_FIXTURES

#: every real file of the new folders -> the tool it imports as, or the start of its "not a result" line
EXPECTED = {
    "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_best_config_topn.csv": "aiconfigurator",
    "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_pareto.csv": "aiconfigurator",
    "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_best_config_topn.csv": "aiconfigurator",
    "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_pareto.csv": "aiconfigurator",
    "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_exp_config.yaml":
        "this is an AIConfigurator experiment configuration",
    "aiconfigurator/support_matrix_2025-11-24_first.csv": "this is an AIConfigurator support matrix",
    "aiconfigurator/support_matrix_index.json": "this is an AIConfigurator support-matrix index",
    "aiconfigurator/support_matrix_a100_sxm_aic0.11.csv": "this is an AIConfigurator support matrix",
    "aiconfigurator/aic_0.11_silicon_refs.csv": "aiconfigurator_silicon",
    "dynamo/h200_tp1p_tp1d_disagg_config_as_committed_2025-08-18.yaml":
        "this is a Dynamo DynamoGraphDeployment configuration",
    "vllm/vllm0.25.1_opt125m_seqs4_c2_summary.json": "vllm_serve",
    "vllm/vllm0.25.1_opt125m_seqs8_c2_run0.json": "vllm_serve",
    "vllm/vllm_bench_sweep_serve_run0_opt125m.json": "vllm_serve",
    "inference_perf/inference_perf_lifecycle_multimodal_llmd_fixture.yaml": "inference_perf",
    "inference_perf/kubecon25_config_as_run.yaml": "this is an inference-perf run configuration",
    "inference_perf/kubecon25_h100_vllm0.11_baseline_stage_6_lifecycle_metrics.json": "inference_perf",
    "inference_perf/kubecon25_h100_vllm0.11_baseline_summary_lifecycle_metrics.json": "inference_perf",
    "inference_perf/kubecon25_vllm_eagle3_manifests.yaml": "this is a Kubernetes manifest (Deployment",
    "inference_perf/v0.5.0_mockrun_per_request_lifecycle_metrics_fixture.json": "inference_perf",
    "inference_perf/v0.5.0_mockrun_summary_lifecycle_metrics_fixture.json": "inference_perf",
    "llmd/br_v0_1_example_docs.yaml": "llmd_report",
    "llmd/br_v0_2_example_docs.yaml": "llmd_report",
    "mlperf/v4.1_NeuralMagic_open_summary.csv": "mlperf_results",
    "mlperf/v4.1_NeuralMagic_open_summary.json": "mlperf_results",
    "guidellm/guidellm_0.8.0dev18_mockserver_v2schema_llmd_fixture.json": "guidellm",
    "simulators/blis_dtref_llama-3.1-8b-instruct.blis-aware.json": "blis",
    "simulators/blis_dtref_llama-3.1-8b-instruct.blis-blind.json": "blis",
    "simulators/blis_goldendataset.json": "blis",
    "simulators/vidur_qwen3-0.6b_a100_4req_request_metrics.csv": "vidur",
    "inferencex_api/powerx.csv": "inferencex_powerx",
    "inferencex_api/lookup.json": "inferencex_api",
    "inferencex_api/unavailable.json": "inferencex_api",  # an empty selection: no observations
    "inferencex_api/diagnostic.json": "this is an InferenceX export diagnostic",
    "inferencex_api/evidence.json": "this is a publisher's checksum manifest",
    "inferencex_tokpos/glm5_fp8_vllm_tp8_isl1024_osl128_conc4.json": "inferencex_tokpos",
    "inferencex_tokpos/glm5_fp8_vllm_tp8_isl16384_osl128_conc64.json": "inferencex_tokpos",
    "inferencex_tokpos/minimax_m25_vllm_dep8_isl1024_osl128_conc16.json": "inferencex_tokpos",
    "aisimulate/dsv41_gb200_fpm_holdout-v1_derived-error-metrics.json": "aisimulate",
    "aisimulate/agentx_dsv4pro_440246_b200_vllm_job-4228930-comparison.json": "aisimulate_reproduction",
    "aisimulate/agentx_dsv4pro_440845_b300_sglang_job-4209414-comparison.json": "aisimulate_reproduction",
    "mlperf/v6.1_Inventec_closed_summary.csv": "mlperf_results",
}
#: real files added to the shared fixtures whose reader is still to be written (named, so that a new
#: unlisted file still fails the listing test)
PENDING: set[str] = set()
NEW_FOLDERS = ("aiconfigurator", "dynamo", "inference_perf", "llmd", "simulators", "inferencex_api", "inferencex_tokpos",
               "aisimulate")


def shared(relative: str) -> Path:
    """A file of ../shared/fixtures/benchmarks; skips the test with the reason when it is absent."""
    path = SHARED / relative
    if not path.is_file():
        pytest.skip(f"needs benchmarks/{relative} from {SHARED.parent.resolve()} (the shared fixtures beside "
                    "the checkout), which is absent")
    return path


def run_of(relative: str, index: int = 0, context: ImportContext | None = None):
    return import_file(shared(relative), context).evidence.runs[index]


def close(a: float | None, b: float, rel: float = 1e-9) -> bool:
    return a is not None and math.isclose(a, b, rel_tol=rel, abs_tol=1e-12)


def test_every_file_of_the_new_folders_is_listed():
    if not SHARED.is_dir():
        pytest.skip("../shared/fixtures/benchmarks not present")
    on_disk = {str(p.relative_to(SHARED)) for folder in NEW_FOLDERS for p in (SHARED / folder).glob("*") if p.is_file()}
    assert on_disk <= set(EXPECTED) | PENDING, sorted(on_disk - set(EXPECTED) - PENDING)


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_file_imports_or_is_named_as_not_a_result(relative):
    path = shared(relative)
    expected = EXPECTED[relative]
    if expected.startswith("this is"):
        with pytest.raises(EvidenceImportError) as info:
            import_file(path)
        message = info.value.message
        assert message.startswith(f"{path.name}: {expected}") and message.endswith(", not a result file")
        assert "\n" not in message and "formats tried" not in message and "not recognised" not in message
    else:
        result = import_file(path)
        ev = result.evidence
        # runs, or a predictor error table, or an export whose selection is empty ("no observations")
        assert result.tool == expected and (ev.runs or ev.prediction_errors or any(
            n.id == "inferencex.no_observations" for n in result.notes))


# ---------------------------------------------------------------------------------------------
# AIConfigurator: predicted, ms, output tokens, system -> platform


def _csv_rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.parametrize("name", ["agg_pareto", "agg_best_config_topn"])
def test_aiconfigurator_agg_figures_equal_the_file(name):
    relative = f"aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_{name}.csv"
    result = import_file(shared(relative))
    rows = _csv_rows(shared(relative))
    assert result.evidence.provenance.kind == ProvenanceKind.PREDICTED
    assert len(result.evidence.runs) == len(rows)
    for row, run in zip(rows, result.evidence.runs, strict=True):
        assert run.tool == "aiconfigurator" and run.model == row["model"]
        assert close(run.ttft_ms_mean, float(row["ttft"])) and close(run.tpot_ms_mean, float(row["tpot"]))
        assert close(run.e2e_ms_mean, float(row["request_latency"]))
        assert close(run.output_throughput_tps, float(row["tokens/s"]))
        assert close(run.output_tps_per_gpu, float(row["tokens/s/gpu"]))
        assert close(run.interactivity_tps_per_user, float(row["tokens/s/user"]))
        assert close(run.concurrency, float(row["concurrency"])) and close(run.request_rate, float(row["request_rate"]))
        assert run.input_tokens == 2048 and run.output_tokens == 500 and run.gpu_count == int(row["num_total_gpus"])
        assert run.runtime == "sglang" and run.runtime_version == "0.5.10.post2"
        # a modelled value is not a percentile, and AIConfigurator models no ITL
        assert run.ttft_ms_p50 is None and run.tpot_ms_p99 is None and run.itl_ms_mean is None
    # the file's own check: request_latency = ttft + tpot x (osl - 1)
    first = result.evidence.runs[0]
    assert close(first.e2e_ms_mean, first.ttft_ms_mean + first.tpot_ms_mean * 499, rel=1e-4)


def test_aiconfigurator_disagg_splits_prefill_and_decode_gpus():
    relative = "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_pareto.csv"
    rows = _csv_rows(shared(relative))
    runs = import_file(shared(relative)).evidence.runs
    assert len(runs) == len(rows) == 7
    for row, run in zip(rows, runs, strict=True):
        prefill = int(row["(p)workers"]) * int(row["(p)tp"]) * int(row["(p)pp"]) * int(row["(p)dp"])
        decode = int(row["(d)workers"]) * int(row["(d)tp"]) * int(row["(d)pp"]) * int(row["(d)dp"])
        assert (run.prefill_gpus, run.decode_gpus) == (prefill, decode)
        assert run.gpu_count == int(row["num_total_gpus"]) == prefill + decode
        assert close(run.tpot_ms_mean, float(row["tpot"])) and run.label.startswith("disagg ")


def test_aiconfigurator_disagg_best_config_by_hand():
    """The disaggregated top-1 row: prefill 1 worker x tp8 pp1 dp1 = 8 GPUs, decode the same, 16 in all;
    23.92 tokens/s over 16 GPUs = 1.495 per GPU; 1000 / 271.368 ms = 3.685 tokens/s per user (the
    file's own, so its tpot is the plain one: no --inclusive-tpot); power_w 0 is no power model."""
    relative = "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_best_config_topn.csv"
    result = import_file(shared(relative))
    assert result.evidence.provenance.kind == ProvenanceKind.PREDICTED
    [run] = result.evidence.runs
    assert (run.prefill_gpus, run.decode_gpus, run.gpu_count) == (8, 8, 16)
    assert close(run.ttft_ms_mean, 6959.047) and close(run.tpot_ms_mean, 271.368) and close(run.e2e_ms_mean, 142371.679)
    assert close(run.output_throughput_tps, 23.92) and close(run.output_tps_per_gpu, 1.495)
    assert math.isclose(23.92 / 16, 1.495) and math.isclose(run.interactivity_tps_per_user, 1000 / 271.368, rel_tol=1e-3)
    assert close(run.concurrency, 7.0) and run.label.startswith("disagg ")
    assert run.power_w_per_gpu is None and run.energy_basis is None  # a modelled 0 W is no measurement
    # the file's own check: request_latency = ttft + tpot x (osl - 1)
    assert math.isclose(run.e2e_ms_mean, 6959.047 + 271.368 * 499, rel_tol=1e-4)


def test_aiconfigurator_unknown_custom_system_asks_for_the_platform():
    relative = "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_pareto.csv"
    result = import_file(shared(relative))
    run = result.evidence.runs[0]
    assert run.platform == "" and "platform" in run.missing_context and "platform" in result.missing_context
    assert any("rtx_pro_6000_scaleout_8x4" in f and "--platform" in f for f in map(str, run.quality_flags))
    given = import_file(shared(relative), ImportContext(platform="nv-rtxpro6000")).evidence.runs[0]
    assert given.platform == "nv-rtxpro6000" and "platform" not in given.missing_context


def test_aiconfigurator_known_system_maps_to_a_matrix_platform():
    matrix_ids = {p.id for p in load_builtin_matrix().platforms}
    assert set(AIC_SYSTEMS.values()) <= matrix_ids
    assert aic_platform("h100_sxm") == "nv-h100" and aic_platform("B200_SXM") == "nv-b200"
    assert aic_platform("gb200") == "nv-gb200" and aic_platform("rtx_pro_6000_scaleout_8x4") == ""
    header = ("model,isl,osl,prefix,concurrency,request_rate,bs,global_bs,ttft,tpot,request_latency,seq/s,seq/s/gpu,"
              "tokens/s,tokens/s/gpu,tokens/s/user,num_total_gpus,tp,pp,dp,moe_tp,moe_ep,parallel,gemm,kvcache,fmha,"
              "moe,comm,memory,backend,version,system,power_w")
    row = ("Qwen/Qwen3-32B,4000,1000,0,8,0.5,8,8,300.0,20.0,20280.0,0.5,0.0625,500.0,62.5,50.0,8,8,1,1,1,1,"
           "tp8pp1dp1etp1ep1,fp8,fp8,bfloat16,float16,half,40.0,trtllm,1.0.0,h200_sxm,0.0")
    run = import_bytes("pareto.csv", f"{header}\n{row}\n".encode()).evidence.runs[0]
    assert run.platform == "nv-h200" and run.runtime == "trtllm" and "platform" not in run.missing_context


def test_a_prediction_stays_predicted_whatever_the_user_says():
    relative = "aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_best_config_topn.csv"
    result = import_file(shared(relative), ImportContext(kind=ProvenanceKind.OWN))
    assert result.evidence.provenance.kind == ProvenanceKind.PREDICTED
    assert any("kind predicted kept, not own" in n for n in map(str, result.notes))


# ---------------------------------------------------------------------------------------------
# vLLM sweep, guidellm 0.8


def test_vllm_sweep_summary_is_the_list_of_its_runs():
    relative = "vllm/vllm0.25.1_opt125m_seqs4_c2_summary.json"
    doc = json.loads(shared(relative).read_text(encoding="utf-8"))
    runs = import_file(shared(relative)).evidence.runs
    assert len(runs) == len(doc) == 2
    for payload, run in zip(doc, runs, strict=True):
        assert run.model == payload["model_id"] and run.concurrency == payload["max_concurrency"]
        assert run.request_rate is None  # "inf": unlimited
        assert close(run.tpot_ms_p50, payload["median_tpot_ms"]) and close(run.itl_ms_p50, payload["median_itl_ms"])
        assert close(run.e2e_ms_p99, payload["p99_e2el_ms"]) and close(run.output_throughput_tps, payload["output_throughput"])
        assert f"run {payload['run_number']}" in run.label and "max_num_seqs=4" in run.label
        assert any("observed peak" in f for f in map(str, run.quality_flags))
    assert runs[0].tpot_ms_p50 != runs[0].itl_ms_p50  # TPOT and ITL kept apart


def test_vllm_sweep_run_file_names_its_override():
    payload = json.loads(shared("vllm/vllm0.25.1_opt125m_seqs8_c2_run0.json").read_text(encoding="utf-8"))
    run = run_of("vllm/vllm0.25.1_opt125m_seqs8_c2_run0.json")
    assert "max_num_seqs=8" in run.label and close(run.ttft_ms_mean, payload["mean_ttft_ms"])


def test_guidellm_08_rate_is_the_load_and_the_model_comes_from_the_spec():
    relative = "guidellm/guidellm_0.8.0dev18_mockserver_v2schema_llmd_fixture.json"
    doc = json.loads(shared(relative).read_text(encoding="utf-8"))
    runs = import_file(shared(relative)).evidence.runs
    assert len(runs) == len(doc["benchmarks"]) == 2
    for bench, run in zip(doc["benchmarks"], runs, strict=True):
        assert bench["config"]["strategy"]["max_concurrency"] == 10240
        assert run.concurrency is None and run.request_rate == bench["config"]["strategy"]["rate"]
        assert run.model == doc["config"]["spec"]["backend"]["model"] == "e2e-mock-model"
        assert any("10,240 is a cap" in f for f in map(str, run.quality_flags))
        m = bench["metrics"]
        # guidellm's ITL is vLLM's TPOT; its TPOT includes the TTFT (e2e per token)
        assert close(run.tpot_ms_mean, m["inter_token_latency_ms"]["successful"]["mean"])
        assert close(run.e2e_per_token_ms_mean, m["time_per_output_token_ms"]["successful"]["mean"])
        assert close(run.e2e_ms_p50, m["request_latency"]["successful"]["median"] * 1000)
        assert run.itl_ms_mean is None


# ---------------------------------------------------------------------------------------------
# inference-perf: seconds, TPOT / ITL / normalized apart


def test_inference_perf_stage_seconds_become_ms():
    relative = "inference_perf/kubecon25_h100_vllm0.11_baseline_stage_6_lifecycle_metrics.json"
    doc = json.loads(shared(relative).read_text(encoding="utf-8"))
    run = run_of(relative)
    lat = doc["successes"]["latency"]
    assert close(run.ttft_ms_p99, lat["time_to_first_token"]["p99"] * 1000)
    assert close(run.tpot_ms_p50, lat["time_per_output_token"]["median"] * 1000)
    assert close(run.itl_ms_p50, lat["inter_token_latency"]["median"] * 1000)
    assert close(run.e2e_per_token_ms_mean, lat["normalized_time_per_output_token"]["mean"] * 1000)
    assert close(run.e2e_ms_p90, lat["request_latency"]["p90"] * 1000)
    assert close(run.output_throughput_tps, doc["successes"]["throughput"]["output_tokens_per_sec"])
    assert run.request_rate == doc["load_summary"]["requested_rate"] and run.completed == 11002 and run.failed == 0


def test_inference_perf_summary_is_no_load_point():
    run = run_of("inference_perf/kubecon25_h100_vllm0.11_baseline_summary_lifecycle_metrics.json")
    assert run.request_rate is None and run.label == "summary of all stages"
    assert any("no single load" in f for f in map(str, run.quality_flags))


def test_inference_perf_per_request_list_reproduces_its_summary():
    summary = json.loads(shared("inference_perf/v0.5.0_mockrun_summary_lifecycle_metrics_fixture.json")
                         .read_text(encoding="utf-8"))
    run = run_of("inference_perf/v0.5.0_mockrun_per_request_lifecycle_metrics_fixture.json")
    lat = summary["successes"]["latency"]
    assert run.completed == summary["successes"]["count"] and run.failed == summary["failures"]["count"]
    for norm, key in (("ttft_ms", "time_to_first_token"), ("tpot_ms", "time_per_output_token"),
                      ("itl_ms", "inter_token_latency"), ("e2e_ms", "request_latency"),
                      ("e2e_per_token_ms", "normalized_time_per_output_token")):
        assert close(getattr(run, f"{norm}_mean"), lat[key]["mean"] * 1000, rel=1e-9), norm
        assert close(getattr(run, f"{norm}_p50"), lat[key]["median"] * 1000, rel=1e-9), norm


def test_inference_perf_yaml_dump_reads_like_the_json():
    relative = "inference_perf/inference_perf_lifecycle_multimodal_llmd_fixture.yaml"
    doc = yaml.safe_load(shared(relative).read_text(encoding="utf-8"))
    run = run_of(relative)
    assert close(run.ttft_ms_mean, doc["successes"]["latency"]["time_to_first_token"]["mean"] * 1000)
    assert close(run.duration_s, doc["benchmark_time_seconds"]) and run.request_rate == 1.0
    assert any("multimodal" in f for f in map(str, run.quality_flags))


# ---------------------------------------------------------------------------------------------
# llm-d reports: units per field


def test_llmd_v01_ms_and_heterogeneous_pd_accelerators():
    relative = "llmd/br_v0_1_example_docs.yaml"
    doc = yaml.safe_load(shared(relative).read_text(encoding="utf-8"))
    run = run_of(relative)
    lat = doc["metrics"]["latency"]
    # the example labels its latencies ms but holds seconds (a request takes 3.3 "ms", the first token
    # 0.8 "ms"): no served model answers that fast, so every latency is left empty, with the flag that
    # says why (never kept 1,000x too small, where it would pass any SLO)
    assert lat["time_to_first_token"]["units"] == "ms" and lat["time_to_first_token"]["mean"] < 1
    assert run.ttft_ms_mean is None and run.tpot_ms_p90 is None and run.itl_ms_p50 is None
    assert run.e2e_per_token_ms_mean is None and run.e2e_ms_p50 is None and run.interactivity_tps_per_user is None
    assert any("no served model answers in under 1 ms" in str(f) for f in run.quality_flags)
    assert (run.gpu_count, run.prefill_gpus, run.decode_gpus) == (17, 1, 16)
    assert run.platform == "H100" and run.runtime == "vllm" and run.runtime_version == "0.9.0.1"
    assert run.model == "deepseek-ai/DeepSeek-R1-0528" and run.request_rate == 1.34
    assert (run.num_requests, run.failed, run.completed) == (32, 1, 31)


def test_llmd_v02_seconds_become_ms_and_stack_gives_the_gpus():
    relative = "llmd/br_v0_2_example_docs.yaml"
    doc = yaml.safe_load(shared(relative).read_text(encoding="utf-8"))
    run = run_of(relative)
    lat = doc["results"]["request_performance"]["aggregate"]["latency"]
    assert lat["time_to_first_token"]["units"] == "s"
    assert close(run.ttft_ms_p99, lat["time_to_first_token"]["p99"] * 1000)
    assert close(run.tpot_ms_mean, lat["time_per_output_token"]["mean"] * 1000)
    assert close(run.itl_ms_mean, lat["inter_token_latency"]["mean"] * 1000)
    assert run.gpu_count == 16 and run.platform == "H100" and run.model == "Qwen/Qwen3-0.6B"  # 2 replicas x 8
    assert run.request_rate == 10 and run.concurrency is None  # .inf: unbounded
    assert run.runtime == "vllm" and run.runtime_version == "0.3.1" and math.isclose(run.duration_s, 49.97206788184121)


def test_llmd_block_without_units_is_refused_with_its_path():
    text = shared("llmd/br_v0_2_example_docs.yaml").read_text(encoding="utf-8")
    bad = text.replace("          units: s\n          mean: 0.0368578234128654\n          min: 0.027276142966002226",
                       "          mean: 0.0368578234128654\n          min: 0.027276142966002226", 1)
    assert bad != text
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("report.yaml", bad.encode())
    assert "time_to_first_token" in info.value.path and "units" in info.value.reason


# ---------------------------------------------------------------------------------------------
# MLPerf results summary


@pytest.mark.parametrize("ext", ["csv", "json"])
def test_mlperf_results_summary_units_and_gpus(ext):
    relative = f"mlperf/v4.1_NeuralMagic_open_summary.{ext}"
    runs = import_file(shared(relative)).evidence.runs
    assert len(runs) == 5
    dlrm, server = runs[0], runs[1]
    assert dlrm.model == "dlrm-v2-99" and close(dlrm.request_throughput_rps, 822.557) and dlrm.platform == ""
    assert server.model == "neuralmagic_Llama-2-7b-chat-hf-FP8" and close(server.request_throughput_rps, 1954.36)
    assert server.platform == "RTX 4090" and server.gpu_count == 2
    assert server.output_throughput_tps is None and server.tpot_ms_p50 is None  # a summary has no latency
    assert any("llama2-70b-99" in f for f in map(str, server.quality_flags))


def test_mlperf_csv_and_json_agree():
    a = import_file(shared("mlperf/v4.1_NeuralMagic_open_summary.csv")).evidence.runs
    b = import_file(shared("mlperf/v4.1_NeuralMagic_open_summary.json")).evidence.runs
    assert [(r.model, r.request_throughput_rps, r.platform, r.gpu_count) for r in a] == \
        [(r.model, r.request_throughput_rps, r.platform, r.gpu_count) for r in b]


# ---------------------------------------------------------------------------------------------
# simulators: predicted


def test_vidur_seconds_and_tpot_by_the_vllm_definition():
    relative = "simulators/vidur_qwen3-0.6b_a100_4req_request_metrics.csv"
    rows = _csv_rows(shared(relative))
    result = import_file(shared(relative))
    run = result.evidence.runs[0]
    assert result.evidence.provenance.kind == ProvenanceKind.PREDICTED
    e2e = [float(r["request_e2e_time"]) for r in rows]
    ttft = [float(r["prefill_e2e_time"]) for r in rows]
    out = [float(r["request_num_decode_tokens"]) for r in rows]
    assert run.completed == len(rows) == 4
    assert close(run.e2e_ms_mean, sum(e2e) / 4 * 1000) and close(run.ttft_ms_mean, sum(ttft) / 4 * 1000)
    assert close(run.tpot_ms_mean, sum((e - t) / (n - 1) for e, t, n in zip(e2e, ttft, out, strict=True)) / 4 * 1000)
    assert close(run.e2e_per_token_ms_mean, float(rows[0]["request_e2e_time_normalized"]) * 1000, rel=1e-9)
    assert run.itl_ms_mean is None and run.output_tokens == 64


def test_blis_metrics_and_golden_dataset():
    aware = json.loads(shared("simulators/blis_dtref_llama-3.1-8b-instruct.blis-aware.json").read_text(encoding="utf-8"))
    result = import_file(shared("simulators/blis_dtref_llama-3.1-8b-instruct.blis-aware.json"))
    run = result.evidence.runs[0]
    assert result.evidence.provenance.kind == ProvenanceKind.PREDICTED
    assert close(run.ttft_ms_mean, aware["ttft_mean_ms"]) and close(run.output_throughput_tps, aware["tokens_per_sec"])
    assert run.completed == 451 and close(run.output_tokens, 72234 / 451) and close(run.duration_s, 61.45887)
    golden = json.loads(shared("simulators/blis_goldendataset.json").read_text(encoding="utf-8"))
    runs = import_file(shared("simulators/blis_goldendataset.json")).evidence.runs
    assert len(runs) == len(golden["tests"])
    for test, run in zip(golden["tests"], runs, strict=True):
        m = test["metrics"]
        assert run.model == test["model"] and run.platform == "H100" and run.gpu_count == test["tp"]
        assert close(run.itl_ms_p99, m["itl_p99_ms"]) and close(run.e2e_ms_p90, m["e2e_p90_ms"])
        assert run.request_rate == test["rate"] and run.tpot_ms_mean is None  # BLIS ITL is not TPOT


def test_every_importer_has_a_signature_for_the_closest_formats_message():
    from deepdecide.importers import nearest, registry

    missing = [type(i).__name__ for i in registry.IMPORTERS if type(i).__name__ not in nearest.SIGNATURES]
    assert not missing


def test_a_csv_near_aiconfigurator_names_it_and_the_missing_columns():
    data = b"model,isl,osl,concurrency,ttft,tpot,tokens/s/gpu,num_total_gpus\nm,1,2,3,4,5,6,8\n"
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("almost_pareto.csv", data)
    reason = info.value.reason
    closest = reason.split("closest formats: ", 1)[1]
    assert closest.startswith("NVIDIA AIConfigurator") and "'tokens/s/user'" in closest
    assert "--map" in reason and len(info.value.message) < 1200


@pytest.mark.parametrize(("name", "data", "what"), [
    ("prefill_raw_data.json", b'{"prefill_isl": [128, 256], "prefill_ttft": [10.0, 20.0], "prefill_thpt_per_gpu": [1, 2]}',
     "Dynamo profiler interpolation data"),
    ("profiler_status.yaml", b"status: success\nphase: done\nmessage: ok\n", "a Dynamo profiler status file"),
    ("mine.deepdecide.yaml", b"kind: workspace\nschema_version: 1\nname: x\n", "a deepdecide workspace file"),
    ("index.json", b'{"files": ["h100_sxm.csv"]}', "an AIConfigurator support-matrix index"),
])
def test_generated_non_result_files_are_named(name, data, what):
    with pytest.raises(EvidenceImportError) as info:
        import_bytes(name, data)
    assert info.value.message == f"{name}: this is {what}" + info.value.reason.split(what, 1)[1]
    assert info.value.reason.endswith(", not a result file") and not info.value.tried


def test_vllm_sweep_swept_parallel_sizes_give_the_gpu_count():
    payload = json.loads(shared("vllm/vllm0.25.1_opt125m_seqs8_c2_run0.json").read_text(encoding="utf-8"))
    swept = dict(payload, tensor_parallel_size=4, pipeline_parallel_size=2, p90_ttft_ms=payload["p99_ttft_ms"])
    run = import_bytes("run=0.json", json.dumps(swept).encode()).evidence.runs[0]
    assert run.gpu_count == 8 and "tensor_parallel_size=4" in run.label and "p90_ttft_ms" not in run.label
    assert "gpu_count" not in run.missing_context
