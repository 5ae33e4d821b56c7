"""The 2026 formats with real files in ../shared/fixtures/benchmarks: InferenceX API exports (PowerX
CSV, lookup summary, export envelope, diagnostic, checksum manifest), the InferenceX token-position
results, AIConfigurator's silicon references and ``--inclusive-tpot`` tables, AISimulate's error
table and reproduction records, the MLPerf v6.1 results summary.

Every expected figure is worked out here by hand from the file's own cells (the arithmetic is
written out): seconds vs milliseconds, per GPU vs whole system, TPOT vs ITL, energy units, and
per-role GPU counts that contradict a row's own figures.
"""

from __future__ import annotations

import csv
import json
import math
import shutil
from pathlib import Path

import pytest

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import ChecksumOutcome, EnergyBasis, ProvenanceKind
from deepdecide.importers.base import ImportContext, Source
from deepdecide.importers.registry import import_bytes, import_file
from deepdecide.importers.vllm import VllmServe

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks"


def shared(relative: str) -> Path:
    path = SHARED / relative
    if not path.is_file():
        pytest.skip(f"needs benchmarks/{relative} from the shared fixtures beside the checkout, which is absent")
    return path


def close(a: float | None, b: float, rel: float = 1e-9) -> bool:
    return a is not None and math.isclose(a, b, rel_tol=rel, abs_tol=1e-12)


def flags(run) -> list[str]:
    return [str(f) for f in run.quality_flags]


def powerx_rows() -> dict[str, dict[str, str]]:
    with open(shared("inferencex_api/powerx.csv"), newline="", encoding="utf-8") as fh:
        return {r["id"]: r for r in csv.DictReader(fh)}


# ---------------------------------------------------------------------------------------------
# InferenceX PowerX CSV: power and energy only, per-role GPUs


def test_powerx_rows_are_third_party_power_and_energy_with_their_query():
    result = import_file(shared("inferencex_api/powerx.csv"))
    ev = result.evidence
    assert result.tool == "inferencex_powerx" and len(ev.runs) == 37 == len(powerx_rows())
    p = ev.provenance
    assert p.kind == ProvenanceKind.THIRD_PARTY
    assert p.source_url.endswith("model=DeepSeek-V4-Pro&date=2026-09-04&powerValid=strictV2")
    assert p.retrieved_at == "2026-09-05T01:02:34.362Z"
    assert any("DeepSeek-V4-Pro as of 2026-09-04" in str(m) for m in p.manifest)
    run = ev.runs[0]  # row 440994: vLLM, aggregated, TP8 EP8 with data-parallel attention, conc 64
    assert (run.platform, run.runtime, run.model, run.quantization) == ("B200", "vllm", "DeepSeek-V4-Pro", "fp4")
    assert (run.concurrency, run.input_tokens, run.output_tokens) == (64, 8192, 1024)
    # power per GPU and energy per token as the file states them, metered on the GPUs
    assert run.power_w_per_gpu == 645.911 and run.energy_basis == EnergyBasis.GPU
    assert run.energy_j_per_output_token == 4.016292 and run.energy_j_per_input_token == 0.501173
    assert close(run.output_tokens_per_joule, 1 / 4.016292)
    # no latency in a PowerX row
    assert run.ttft_ms_p50 is None and run.tpot_ms_p99 is None and run.itl_ms_mean is None


def test_powerx_aggregated_row_whose_role_counts_contradict_its_gpus():
    """Row 440994 states num_prefill_gpu 64 and num_decode_gpu 64 for an aggregated TP8 run: the
    same 8 GPUs serve both roles (InferenceX divides by tp x pp x pcp = 8; the lookup's copy of the
    row says avg_total_gpu_power_w / avg_power_w = 5167.287 / 645.911 = 8.0). 64 + 64 would make its
    throughput 16 times too large."""
    run = import_file(shared("inferencex_api/powerx.csv")).evidence.runs[0]
    assert run.gpu_count == 8 and run.prefill_gpus is None and run.decode_gpus is None
    assert any("num_prefill_gpu 64 / num_decode_gpu 64 contradict the run's 8 GPUs" in f for f in flags(run))
    # output tok/s per GPU = W per GPU / J per output token (the energy's own definition)
    per_gpu = 645.911 / 4.016292  # = 160.8227 tok/s/GPU
    assert close(run.output_tps_per_gpu, per_gpu) and close(run.output_throughput_tps, per_gpu * 8)
    assert close(run.total_throughput_tps, 645.911 * 8 / 0.445573)  # joules_per_total_token
    assert any("output tokens/s derived: avg_power_w x 8 GPUs / joules_per_output_token" in f
               for f in flags(run))


def test_powerx_aggregated_row_whose_role_counts_are_the_same_gpus():
    """Row 440982 (TP8 EP1, conc 1) states 8 / 8: the same 8 GPUs, never 8 + 8."""
    runs = {r.label.split()[1]: r for r in import_file(shared("inferencex_api/powerx.csv")).evidence.runs}
    run = runs["440982"]
    assert run.gpu_count == 8 and any("the same 8 GPUs" in f for f in flags(run))


def test_powerx_disaggregated_row_splits_roles_and_checks_them_by_power():
    """Row 440855 (dynamo-sglang, conc 64): prefill TP8 EP8 with DP attention x 1 worker = 8 GPUs,
    decode TP8 EP1 x 4 workers = 32 GPUs. avg_power_w is the average over all 40 GPUs:
    (528.967 x 8 + 560.423 x 32) / 40 = 554.1318 W, the file says 554.132."""
    runs = {r.label.split()[1]: r for r in import_file(shared("inferencex_api/powerx.csv")).evidence.runs}
    row = powerx_rows()["440855"]
    run = runs["440855"]
    assert (run.prefill_gpus, run.decode_gpus, run.gpu_count) == (8, 32, 40)
    assert run.runtime == "sglang" and any("served through NVIDIA Dynamo" in f for f in flags(run))
    weighted = (float(row["prefill_avg_power_w"]) * 8 + float(row["decode_avg_power_w"]) * 32) / 40
    assert math.isclose(weighted, 554.1318, rel_tol=1e-6) and close(run.power_w_per_gpu, 554.132)
    assert any("avg_power_w checked: per-role power weighted by 8 prefill and 32 decode GPUs" in f for f in flags(run))
    # per total GPU (the one denominator every option is compared on)
    assert close(run.output_tps_per_gpu, 554.132 / 5.384066) and close(run.output_throughput_tps, 554.132 * 40 / 5.384066)
    # dynamo-vllm row 440437: prefill TP1 EP8 with DP attention = 8 GPUs per worker (EP, not TP)
    assert (runs["440437"].prefill_gpus, runs["440437"].decode_gpus) == (8, 8)
    assert not any("the row states" in f for r in runs.values() for f in flags(r))  # every stated role count checks out


def test_powerx_derived_throughput_equals_the_api_row_it_came_from():
    """The lookup holds row 440994 with its own output_tput_per_gpu (160.82267313299127): the PowerX
    figure derived from power and energy agrees to 1e-6."""
    powerx = import_file(shared("inferencex_api/powerx.csv")).evidence.runs[0]
    api = import_file(shared("inferencex_api/lookup.json")).evidence.runs[0]
    assert api.output_tps_per_gpu == 160.82267313299127
    assert close(powerx.output_tps_per_gpu, api.output_tps_per_gpu, rel=1e-6)


# ---------------------------------------------------------------------------------------------
# the lookup summary: API rows, seconds, a sample of the selection


def test_lookup_rows_are_seconds_per_gpu_and_a_sample():
    result = import_file(shared("inferencex_api/lookup.json"))
    doc = json.loads(shared("inferencex_api/lookup.json").read_text(encoding="utf-8"))
    ev = result.evidence
    assert result.tool == "inferencex_api" and len(ev.runs) == 5 == doc["sample_limit"]
    assert any(str(m)
               == "913 rows returned, 442 match the scope, 471 excluded as outside it; the file holds a sample of 5" for m in ev.provenance.manifest)
    m = doc["sample_rows"][0]["metrics"]
    run = ev.runs[0]
    assert close(run.ttft_ms_mean, 1.0317282624597284 * 1000) and close(run.ttft_ms_mean, m["mean_ttft"] * 1000)
    assert close(run.tpot_ms_p50, 49.86652794438665) and close(run.tpot_ms_p99, 54.9188339644389)
    # ITL (gaps between chunks) is not TPOT: p99 ITL 473 ms against p99 TPOT 55 ms
    assert close(run.itl_ms_p99, 473.35140021052213) and run.itl_ms_p99 > 8 * run.tpot_ms_p99
    assert close(run.e2e_ms_p90, 52447.500177426264)
    assert run.kv_cache_tokens == 375856 and run.interactivity_tps_per_user == m["median_intvty"]
    # the row says 64 / 64 per role, its power says 8 GPUs: 5167.287 W total / 645.911 W per GPU
    assert run.gpu_count == 8 and math.isclose(5167.287 / 645.911, 8.0, rel_tol=1e-5)
    assert any("GPU count confirmed: avg_total_gpu_power_w / avg_power_w = 8" in f for f in flags(run))
    # per GPU as stated; the system figure is per GPU x 8
    assert run.output_tps_per_gpu == m["output_tput_per_gpu"]
    assert close(run.output_throughput_tps, m["output_tput_per_gpu"] * 8)
    assert close(run.total_throughput_tps, m["tput_per_gpu"] * 8)
    assert all(any("sample rows" in f for f in flags(r)) for r in ev.runs)


def test_empty_export_is_no_observations_not_an_error():
    result = import_file(shared("inferencex_api/unavailable.json"))
    ev = result.evidence
    assert ev.runs == () and ev.parity == () and ev.provenance.kind == ProvenanceKind.THIRD_PARTY
    assert any(n.id == "inferencex.no_observations" for n in result.notes)
    assert "96 rows returned, 0 selected; excluded: outside_requested_scope 96; not_strict_v2 0" in \
        [str(m) for m in ev.provenance.manifest]
    assert any(str(m).startswith("metric coverage") and "avg_power_w 0/0" in str(m) for m in ev.provenance.manifest)


@pytest.mark.parametrize(("name", "what"), [
    ("diagnostic.json", "an InferenceX export diagnostic"),
    ("evidence.json", "a publisher's checksum manifest (@semianalysisai/inferencex-skills 0.1.0"),
])
def test_diagnostic_and_manifest_are_named_not_imported(name, what):
    with pytest.raises(EvidenceImportError) as info:
        import_file(shared(f"inferencex_api/{name}"))
    assert info.value.message.startswith(f"{name}: this is {what}")
    assert info.value.message.endswith(", not a result file")


def test_an_export_envelope_with_powerx_rows_reads_them_like_the_csv():
    """powerx.json is not among the fixtures: the envelope of unavailable.json with the first CSV
    row as its one row (the JSON rows carry the CSV's columns; built from the tool's output shape)."""
    doc = json.loads(shared("inferencex_api/unavailable.json").read_text(encoding="utf-8"))
    row = dict(powerx_rows()["440855"])
    doc["rows"] = [row]
    doc["metadata"]["selected_rows"] = 1
    run = import_bytes("powerx.json", json.dumps(doc).encode()).evidence.runs[0]
    assert (run.prefill_gpus, run.decode_gpus, run.power_w_per_gpu) == (8, 32, 554.132)


# ---------------------------------------------------------------------------------------------
# published checksums


def _copy_folder(tmp_path: Path, *names: str) -> Path:
    for name in names:
        shutil.copyfile(shared(f"inferencex_api/{name}"), tmp_path / name)
    return tmp_path


def test_checksum_matches_the_publishers_manifest(tmp_path):
    folder = _copy_folder(tmp_path, "powerx.csv", "evidence.json")
    result = import_file(folder / "powerx.csv")
    c = result.evidence.provenance.checksum
    assert c is not None and c.outcome == ChecksumOutcome.MATCH and c.manifest == "evidence.json"
    assert c.expected_sha256 == result.evidence.provenance.sha256 == \
        "b942a323568b8bf95bc0e76edc3f8dad9e9fb22e14ed6cb6eaf6f7c9599ed3a3"
    assert c.publisher == "@semianalysisai/inferencex-skills 0.1.0"
    assert c.manifest_sha256 == "f12f6b1faf4d05c3ede2c609eb59271c874af46a25685b8bc23e66fe9be3f1e4"


def test_checksum_mismatch_is_recorded_and_said(tmp_path):
    folder = _copy_folder(tmp_path, "powerx.csv", "evidence.json")
    data = (folder / "powerx.csv").read_bytes().replace(b",645.911,", b",646.911,", 1)  # a copy, altered
    (folder / "powerx.csv").write_bytes(data)
    result = import_file(folder / "powerx.csv")
    assert result.evidence.provenance.checksum.outcome == ChecksumOutcome.MISMATCH
    assert result.evidence.runs[0].power_w_per_gpu == 646.911
    assert any("DOES NOT MATCH the publisher's manifest evidence.json" in str(n) for n in result.notes)


def test_a_file_the_manifest_does_not_list(tmp_path):
    folder = _copy_folder(tmp_path, "evidence.json")
    shutil.copyfile(shared("inferencex_api/powerx.csv"), folder / "renamed.csv")
    result = import_file(folder / "renamed.csv")
    assert result.evidence.provenance.checksum.outcome == ChecksumOutcome.NOT_LISTED


def test_no_manifest_no_check(tmp_path):
    shutil.copyfile(shared("inferencex_api/powerx.csv"), tmp_path / "powerx.csv")
    assert import_file(tmp_path / "powerx.csv").evidence.provenance.checksum is None
    assert import_bytes("powerx.csv", shared("inferencex_api/powerx.csv").read_bytes()).evidence.provenance.checksum is None


# ---------------------------------------------------------------------------------------------
# InferenceX token-position results: seconds without _ms


def test_token_position_seconds_are_read_as_seconds():
    relative = "inferencex_tokpos/glm5_fp8_vllm_tp8_isl1024_osl128_conc4.json"
    result = import_file(shared(relative))
    run = result.evidence.runs[0]
    assert result.tool == "inferencex_tokpos"
    # median_ttft 0.26499967742711306 s = 264.99967742711306 ms (never 0.265 ms)
    assert close(run.ttft_ms_p50, 264.99967742711306) and close(run.ttft_ms_p99, 584.8183088190854)
    assert close(run.tpot_ms_p50, 21.372462615488082) and close(run.tpot_ms_p99, 26.454948791720733)
    assert close(run.e2e_ms_p50, 3022.5854497402906) and run.itl_ms_p50 is None and run.ttft_ms_mean is None
    # the units hold together: e2e ~ TTFT + TPOT x (128 - 1) = 265.0 + 21.37 x 127 = 2979 ms (medians: ~1.4 %)
    assert math.isclose(run.ttft_ms_p50 + run.tpot_ms_p50 * 127, run.e2e_ms_p50, rel_tol=0.02)
    assert (run.input_tokens, run.output_tokens) == (40960 / 40, 5120 / 40)
    assert run.concurrency == 4 and run.request_rate is None and run.max_rate
    assert close(run.output_throughput_tps, 164.72765441223032) and (run.completed, run.failed) == (40, 0)
    assert close(run.interactivity_tps_per_user, 1000 / 21.372462615488082)
    assert "gpu_count" in run.missing_context and ("gpu_count", "8") in result.suggestions


def test_token_position_long_prompt_ttft_is_minutes():
    run = import_file(shared("inferencex_tokpos/glm5_fp8_vllm_tp8_isl16384_osl128_conc64.json")).evidence.runs[0]
    assert close(run.ttft_ms_p50, 109835.71560680866) and run.ttft_ms_p50 / 60_000 > 1.8  # 110 s


def test_the_vllm_reader_never_claims_the_seconds_files():
    for name in ("glm5_fp8_vllm_tp8_isl1024_osl128_conc4.json", "minimax_m25_vllm_dep8_isl1024_osl128_conc16.json"):
        path = shared(f"inferencex_tokpos/{name}")
        assert not VllmServe().sniff(Source(name, path.read_bytes()))
        assert import_file(path).tool == "inferencex_tokpos"
    # with vLLM's own _ms keys it is a vLLM file again
    doc = json.loads(shared("inferencex_tokpos/glm5_fp8_vllm_tp8_isl1024_osl128_conc4.json").read_text(encoding="utf-8"))
    doc = {("median_ttft_ms" if k == "median_ttft" else k): (v * 1000 if k == "median_ttft" else v) for k, v in doc.items()}
    doc["backend"] = "vllm"
    assert import_bytes("x.json", json.dumps(doc).encode()).tool == "vllm_serve"


def test_token_position_gpus_come_from_the_user():
    run = import_file(shared("inferencex_tokpos/minimax_m25_vllm_dep8_isl1024_osl128_conc16.json"),
                      ImportContext(runtime="vllm", platform="H200", gpu_count=8)).evidence.runs[0]
    assert run.gpu_count == 8 and close(run.output_tps_per_gpu, 514.508715972044 / 8)


# ---------------------------------------------------------------------------------------------
# AIConfigurator: silicon references (measured) and --inclusive-tpot (detected, converted)


def silicon_rows() -> list[dict[str, str]]:
    with open(shared("aiconfigurator/aic_0.11_silicon_refs.csv"), newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_silicon_refs_are_third_party_measurements_in_ms():
    result = import_file(shared("aiconfigurator/aic_0.11_silicon_refs.csv"))
    runs = result.evidence.runs
    rows = silicon_rows()
    assert result.tool == "aiconfigurator_silicon" and len(runs) == len(rows) == 35
    assert result.evidence.provenance.kind == ProvenanceKind.THIRD_PARTY  # measured, not predicted
    assert sum(r.prefill_gpus is not None for r in runs) == 12  # 23 agg + 12 disagg
    first = runs[0]  # H200, TensorRT-LLM 1.1.0rc2.post2, DeepSeek-R1, TP8 EP8, 1024 / 8192, concurrency 16
    assert (first.platform, first.runtime, first.runtime_version) == ("nv-h200", "trtllm", "1.1.0rc2.post2")
    assert first.model == "deepseek-ai/DeepSeek-R1" and (first.input_tokens, first.output_tokens) == (1024, 8192)
    assert first.gpu_count == 8 and first.concurrency == 16  # silicon_concurrency=16 inside silicon_data_source
    assert first.ttft_ms_mean == 616.87840638333 and first.tpot_ms_mean == 11.389262203572525  # ms stay ms
    assert first.ttft_ms_p50 is None and first.itl_ms_mean is None
    assert any("does not name the statistic" in f for f in flags(first))


def test_silicon_refs_disaggregated_per_role_gpus_and_load():
    """dsr1_b200_trtllm_fp4_disagg_1024x1024_c2192_cfg346: prefill 1 worker x TP1 x PP1 x attention-DP 4
    = 4 GPUs, decode 2 workers x TP1 x attention-DP 8 = 16 GPUs: 20 in all; the load 2192 =
    decode batch 137 x 2 workers x attention-DP 8."""
    runs = {r.label.split(" ", 1)[1]: r for r in import_file(shared("aiconfigurator/aic_0.11_silicon_refs.csv")).evidence.runs}
    run = runs["dsr1_b200_trtllm_fp4_disagg_1024x1024_c2192_cfg346"]
    assert (run.prefill_gpus, run.decode_gpus, run.gpu_count) == (4, 16, 20)
    assert run.concurrency == 2192 == 137 * 2 * 8
    assert not any("differs from the batch" in f for f in flags(run))
    # the Qwen3-32B H100 SGLang disagg point: 8 prefill workers x TP1 + 1 decode worker x TP8
    qwen = runs["qwen3_32b_qwen3_32b_h100_sxm_sglang_disagg_4000x1000_c_tpnone_epnone_3"]
    assert (qwen.prefill_gpus, qwen.decode_gpus) == (8, 8) and qwen.concurrency is None
    assert any("the load is not stated" in f for f in flags(qwen))


def test_inclusive_tpot_is_detected_and_converted():
    """AIConfigurator's --inclusive-tpot rewrites only the tpot column, as
    (ttft + tpot x (osl - 1)) / osl (aic report_and_save._apply_inclusive_tpot; applied here to the
    real agg pareto.csv the way the tool applies it): tokens/s/user still says 1000 / TPOT."""
    path = shared("aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_pareto.csv")
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        header, rows = reader.fieldnames, list(reader)
    for row in rows:
        ttft, tpot, osl = float(row["ttft"]), float(row["tpot"]), float(row["osl"])
        row["tpot"] = repr((ttft + tpot * (osl - 1)) / osl)
    import io

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    result = import_bytes("pareto.csv", out.getvalue().encode())
    original = import_file(path).evidence.runs
    first, row = result.evidence.runs[0], rows[0]
    # first row: ttft 1543.764, tpot 223.286, osl 500 -> inclusive (1543.764 + 223.286 x 499) / 500 = 225.9198
    assert math.isclose(float(row["tpot"]), (1543.764 + 223.286 * 499) / 500, rel_tol=1e-12)
    assert close(first.e2e_per_token_ms_mean, (1543.764 + 223.286 * 499) / 500)
    assert close(first.tpot_ms_mean, 1000 / 4.479)  # recovered from tokens/s/user, never the inclusive figure
    assert math.isclose(first.tpot_ms_mean, 223.286, rel_tol=1e-3)
    assert any("--inclusive-tpot" in f for f in flags(first))
    assert any(n.id == "aiconfigurator.inclusive_file" for n in result.notes)
    for inclusive, plain in zip(result.evidence.runs, original, strict=True):
        assert math.isclose(inclusive.tpot_ms_mean, plain.tpot_ms_mean, rel_tol=2e-3)
        assert plain.e2e_per_token_ms_mean is None and not any("--inclusive-tpot" in f for f in flags(plain))


def test_a_tpot_column_that_is_neither_is_not_stored_as_tpot():
    header = ("model,isl,osl,prefix,concurrency,request_rate,bs,global_bs,ttft,tpot,request_latency,seq/s,seq/s/gpu,"
              "tokens/s,tokens/s/gpu,tokens/s/user,num_total_gpus,tp,pp,dp,moe_tp,moe_ep,parallel,gemm,kvcache,fmha,"
              "moe,comm,memory,backend,version,system,power_w")
    row = ("Qwen/Qwen3-32B,4000,1000,0,8,0.5,8,8,300.0,33.0,20280.0,0.5,0.0625,500.0,62.5,50.0,8,8,1,1,1,1,"
           "tp8pp1dp1etp1ep1,fp8,fp8,bfloat16,float16,half,40.0,trtllm,1.0.0,h200_sxm,0.0")
    run = import_bytes("pareto.csv", f"{header}\n{row}\n".encode()).evidence.runs[0]
    assert run.tpot_ms_mean is None and run.e2e_per_token_ms_mean is None
    assert any("neither 1000 / tokens/s/user" in f for f in flags(run))


# ---------------------------------------------------------------------------------------------
# MLPerf v6.1 results summary: the accuracy column as a parity check at that load


def test_mlperf_v61_rows_and_their_accuracy_checks():
    result = import_file(shared("mlperf/v6.1_Inventec_closed_summary.csv"))
    runs, checks = result.evidence.runs, result.evidence.parity
    assert len(runs) == 12 == len(checks)
    run = runs[0]  # P5800G7, deepseek-r1 Offline, 70269.6 Tokens/s on 8 x B300 (total_accelerators 8)
    assert (run.platform, run.gpu_count, run.quantization) == ("B300", 8, "fp4")
    assert run.output_throughput_tps == 70269.6 and close(run.output_tps_per_gpu, 70269.6 / 8)
    assert run.power_w_per_gpu is None  # design_power_watts is "None", has_power False: no power
    check = checks[0]
    assert check.task == "MLPerf deepseek-r1 Offline" and check.metric == "exact_match"
    assert check.value == 81.22151321786691 and check.reference_value == 81.3582
    assert close(check.delta, 81.22151321786691 - 81.3582)
    assert check.verdict.value == "pass" and check.platform == "B300" and check.model == "deepseek-r1"
    assert "exact_match 81.2215 >= 80.5446 (0.99 x reference 81.3582)" in str(check.tolerance)
    assert "TOKENS_PER_SAMPLE 3,748.47 <= 4,274.85" in str(check.tolerance)
    # P9000G7 deepseek-r1 Server: 80.62898814949864 >= 0.99 x 81.3582 = 80.544618: passes by 0.084 points
    tight = next(c for c, r in zip(checks, runs, strict=True)
                 if "P9000G7" in r.label and c.task == "MLPerf deepseek-r1 Server")
    assert tight.verdict.value == "pass" and tight.value - 0.99 * 81.3582 == pytest.approx(0.08437015, abs=1e-7)
    llama = checks[4]  # ROUGE1 44.7871 >= 0.99 x 44.4312 = 43.986888, ROUGEL 29.1429 >= 28.330038, ...
    assert llama.metric == "ROUGE1" and llama.value == 44.7871 and "ROUGEL 29.1429 >= 28.33" in str(llama.tolerance)
    assert result.missing_context == ("runtime",)  # the framework column names several stacks


def test_mlperf_accuracy_below_the_target_fails():
    text = shared("mlperf/v6.1_Inventec_closed_summary.csv").read_text(encoding="utf-8")
    bad = text.replace('"exact_match: 83.856"', '"exact_match: 82.0"', 1)  # below 0.99 x 83.13 = 82.2987
    assert bad != text
    check = next(c for c in import_bytes("summary.csv", bad.encode()).evidence.parity if c.value == 82.0)
    assert check.verdict.value == "fail" and "exact_match 82 >= 82.2987" in str(check.tolerance)


def test_mlperf_power_row_is_node_power_of_its_performance_row():
    """A Watts row (MLPerf Power: the system's wall power) is no run: it is the measured power of the
    performance row of the same system, model and scenario (built from MLPerf's power rules; no real
    summary with power rows is among the fixtures). 7600 W / 8 GPUs = 950 W per GPU, whole node;
    7600 W / 70269.6 tok/s = 0.10815 J per output token."""
    text = shared("mlperf/v6.1_Inventec_closed_summary.csv").read_text(encoding="utf-8")
    first = text.splitlines()[1]
    power = first.replace('"70269.6"', '"7600"').replace('"Tokens/s"', '"Watts"').replace('"False"', '"True"')
    data = text.rstrip("\n") + "\n" + power + "\n"
    result = import_bytes("summary.csv", data.encode())
    assert len(result.evidence.runs) == 12
    run = result.evidence.runs[0]
    assert run.power_w_per_gpu == 950 and run.energy_basis == EnergyBasis.NODE
    assert close(run.energy_j_per_output_token, 7600 / 70269.6)


# ---------------------------------------------------------------------------------------------
# energy from trtllm-bench and AIPerf (their energy blocks are not in the fixtures: added to the real
# files with the keys and units of the tools' own sources, trtllm-bench reporting / aiperf energy metrics)


def test_trtllm_energy_block_per_gpu_and_per_token():
    """total_latency_ms 135775.587844 -> 135.775587844 s; 1,000,000 J / 135.775587844 s = 7365.05 W over
    world_size 8 = 920.63 W per GPU; J per output token = 7365.05 W / 3770.928 tok/s = 1.95311 J."""
    path = shared("trtllm_bench/trtllm_bench_1.1.0rc2_b200x8_gptoss120b_eagle3.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    total_w = 1_000_000 / 135.775587844
    doc["energy"] = {"total_energy_j": 1_000_000.0, "average_gpu_power": total_w / 8,
                     "output_tps_per_w": 3770.9282510215667 / total_w}
    run = import_bytes("report.json", json.dumps(doc).encode()).evidence.runs[0]
    assert close(run.power_w_per_gpu, total_w / 8) and math.isclose(run.power_w_per_gpu, 920.63, rel_tol=1e-5)
    assert close(run.energy_j_per_output_token, total_w / 3770.9282510215667)
    assert math.isclose(run.energy_j_per_output_token, 1.95311, rel_tol=1e-5)
    assert run.energy_basis == EnergyBasis.GPU and run.energy_j_per_input_token is None
    assert any("average_gpu_power" in f and "is per GPU" in f for f in flags(run))
    # the same block with the average as the total of all GPUs: said, the per-GPU figure unchanged
    doc["energy"]["average_gpu_power"] = total_w
    again = import_bytes("report.json", json.dumps(doc).encode()).evidence.runs[0]
    assert close(again.power_w_per_gpu, total_w / 8) and any("is the total of all GPUs" in f for f in flags(again))
    plain = import_file(path).evidence.runs[0]
    assert plain.power_w_per_gpu is None and plain.energy_basis is None  # the real file states no energy


def test_aiperf_energy_total_power_and_millijoules():
    """AIPerf's average_gpu_power is the total of the monitored GPUs (2 x H100 here: 1400 W -> 700 W per
    GPU) and its energy per output token is in mJ (350 mJ -> 0.35 J)."""
    doc = json.loads(shared("aiperf/aiperf_0.11_h100_qwen36_c8.json").read_text(encoding="utf-8"))
    doc["average_gpu_power"] = {"unit": "W", "avg": 1400.0}
    doc["energy_per_output_token"] = {"unit": "mJ/token", "avg": 350.0}
    doc["total_gpu_energy"] = {"unit": "J", "avg": 43260.0}
    doc["telemetry_data"]["endpoints"] = {"http://localhost:9400/metrics": {"gpus": {
        "gpu0": {"gpu_name": "NVIDIA H100 80GB HBM3"}, "gpu1": {"gpu_name": "NVIDIA H100 80GB HBM3"}}}}
    run = import_bytes("profile_export_aiperf.json", json.dumps(doc).encode()).evidence.runs[0]
    assert run.gpu_count == 2 and run.power_w_per_gpu == 700.0 and close(run.energy_j_per_output_token, 0.35)
    assert close(run.output_tokens_per_joule, 1 / 0.35) and run.energy_basis == EnergyBasis.GPU
    # the vendor-prefixed names of older releases, and no telemetry: per-token energy only, the power flagged
    doc = json.loads(shared("aiperf/aiperf_0.11_h100_qwen36_c8.json").read_text(encoding="utf-8"))
    doc["nvidia_average_gpu_power"] = {"unit": "W", "avg": 1400.0}
    doc["nvidia_energy_per_output_token"] = {"unit": "mJ/token", "avg": 350.0}
    run = import_bytes("profile_export_aiperf.json", json.dumps(doc).encode()).evidence.runs[0]
    assert run.power_w_per_gpu is None and close(run.energy_j_per_output_token, 0.35)
    assert any("needs their count" in f for f in flags(run))


def test_new_optional_fields_leave_an_old_workspace_byte_identical(tmp_path):
    """Energy, manifest, checksum and error-table fields are optional: a workspace that holds none of
    them loads and saves as before (no schema bump), one that holds them round-trips."""
    from dataclasses import replace as dc_replace

    from deepdecide.storage import files

    minimal = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
    ws = files.load_workspace(minimal)
    files.save_workspace(ws, tmp_path / "a.deepdecide.yaml")
    text = (tmp_path / "a.deepdecide.yaml").read_text(encoding="utf-8")
    for key in ("power_w_per_gpu", "energy_basis", "source_url", "checksum", "prediction_errors", "reproduces"):
        assert key not in text
    evidence = import_file(shared("inferencex_api/powerx.csv")).evidence
    table = import_file(shared("aisimulate/dsv41_gb200_fpm_holdout-v1_derived-error-metrics.json"),
                        ImportContext(platform="GB200")).evidence
    ws = dc_replace(ws, evidence=dc_replace(ws.evidence, files=(evidence, table)))
    files.save_workspace(ws, tmp_path / "b.deepdecide.yaml")
    back = files.load_workspace(tmp_path / "b.deepdecide.yaml")
    assert back.evidence.files == (evidence, table)
