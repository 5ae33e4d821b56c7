"""A predictor's published error table (AISimulate's derived-error-metrics.json) as the error basis of
its predictions: it widens the Monte Carlo range of that predictor's predicted capacity for the same
model on the same platform, only where no local measured pair exists (never both), and every
predicted capacity states its error basis; reproduction records pair a reference with its
re-measurements."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from analysis_factory import run as factory_run
from analysis_factory import workspace

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import CapacitySource
from deepdecide.analysis.prediction import (
    THROUGHPUT,
    error_basis_lines,
    error_table_lines,
    reproduction_pairs,
)
from deepdecide.domain.evidence import (
    EvidenceFile,
    Provenance,
    ProvenanceKind,
    Verdict,
)
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks"
TABLE = SHARED / "aisimulate" / "dsv41_gb200_fpm_holdout-v1_derived-error-metrics.json"
RECORD = SHARED / "aisimulate" / "agentx_dsv4pro_440246_b200_vllm_job-4228930-comparison.json"
MODEL = "DeepSeek-V4.1"


def _table(platform: str = "nv-h100") -> EvidenceFile:
    if not TABLE.exists():
        pytest.skip(f"shared fixture missing: {TABLE}")
    return import_file(TABLE, ImportContext(platform=platform)).evidence


def _predicted(*runs, tool="aisimulate") -> EvidenceFile:
    prov = Provenance("prediction.csv", 100, "ab" * 32, tool, kind=ProvenanceKind.PREDICTED)
    return EvidenceFile(prov, tuple(replace(r, tool=tool, model=MODEL) for r in runs))


def _passing(ws):
    first = ws.evidence.files[0]
    checks = tuple(replace(c, verdict=Verdict.PASS) if c.runtime == "deepinfer" and c.platform == "nv-h100" else c
                   for c in first.parity)
    return replace(first, parity=checks)


def _as_model(ws):
    """The factory's decision about DeepSeek-V4.1 (the model AISimulate's table is about)."""
    first = ws.evidence.files[0]
    first = replace(first, runs=tuple(replace(r, model=MODEL) for r in first.runs),
                    parity=tuple(replace(c, model=MODEL) for c in first.parity))
    return replace(ws, model=MODEL, evidence=replace(ws.evidence, files=(first, *ws.evidence.files[1:])))


def _ws(*files):
    ws = _as_model(workspace())
    return replace(ws, evidence=replace(ws.evidence, files=(_passing(ws), *files)))


def _port_prediction():
    # 16,000 output tok/s on 8 GPUs = 2,000 tok/s/GPU, predicted
    return factory_run("deepinfer", "nv-h100", 32, 16000, 8, ttft99=400, tpot99=25)


def test_the_error_table_is_imported_as_fractions():
    ev = _table("GB200")
    rows = {(r.mode, r.phase): r for r in ev.prediction_errors}
    assert ev.runs == () and len(rows) == 6
    fpm = rows[("FPM", "all")]
    # 4.894231489669609 % -> 0.04894231489669609, over 38 points; GB200 given by the user
    assert fpm.mape == pytest.approx(0.04894231489669609) and fpm.wape == pytest.approx(0.0488827208170943)
    assert fpm.points == 38 and fpm.planned_points == 38 and fpm.model == MODEL and fpm.platform == "GB200"
    assert rows[("SOL", "decode")].mape == pytest.approx(0.9992271533447813)
    assert rows[("SOL", "all")].mean_signed_error == pytest.approx(-0.9911600944091964)
    assert rows[("FPM", "prefill")].points == 28 and rows[("FPM", "decode")].points == 10


def test_without_a_platform_the_table_needs_context():
    if not TABLE.exists():
        pytest.skip(f"shared fixture missing: {TABLE}")
    result = import_file(TABLE)
    assert result.missing_context == ("platform",) and ("platform", "GB200") in result.suggestions
    assert result.evidence.provenance.kind == ProvenanceKind.THIRD_PARTY


def test_the_published_error_widens_a_prediction_with_no_local_pair():
    """The prediction names its mode (FPM): spread = FPM MAPE 4.894 %; range
    2000 / 1.04894 = 1906.7 to 2000 / 0.95106 = 2102.9 tok/s/GPU."""
    pred = _predicted(replace(_port_prediction(), tool_version="AISimulate FPM"))
    a = evaluate(_ws(pred, _table()), sensitivity=False, monte_carlo=True, draws=500, seed=3)
    cap = a.option("port-deepinfer-h100").capacity
    assert cap.source == CapacitySource.PREDICTED and cap.value == pytest.approx(2000)
    spread = 0.04894231489669609
    assert (cap.low, cap.high) == pytest.approx((2000 / (1 + spread), 2000 / (1 - spread)))
    assert cap.low == pytest.approx(1906.68, abs=0.01) and cap.high == pytest.approx(2102.92, abs=0.01)
    basis = [str(f) for f in cap.figure.flags if "published for" in str(f)]
    assert len(basis) == 1 and "FPM MAPE 4.9 % over 38 points" in basis[0]
    draws = a.monte_carlo.for_option("port-deepinfer-h100").cost_per_m_tokens_usd
    assert draws.p90 > draws.p10
    (line,) = error_basis_lines(a)
    assert "predicted capacity; error basis: range widened by the error aisimulate published" in line


def test_a_prediction_that_names_no_mode_takes_the_widest():
    """FPM 4.9 % and SOL 99.1 %: no mode named, so SOL's; 2000 / 1.991 to 2000 / max(1 - 0.991, 0.05)."""
    a = evaluate(_ws(_predicted(_port_prediction()), _table()), sensitivity=False)
    cap = a.option("port-deepinfer-h100").capacity
    spread = 0.9911600944091964
    assert (cap.low, cap.high) == pytest.approx((2000 / (1 + spread), 2000 / 0.05))
    assert any("the widest of FPM, SOL" in str(f) for f in cap.figure.flags)


def test_no_table_for_another_platform_model_or_tool():
    for pred, table in ((_predicted(_port_prediction()), _table("nv-b200")),
                        (_predicted(_port_prediction(), tool="aiconfigurator"), _table()),
                        (EvidenceFile(_predicted(_port_prediction()).provenance,
                                      (replace(_port_prediction(), tool="aisimulate", model="Llama-3.1-8B"),)), _table())):
        cap = evaluate(_ws(pred, table), sensitivity=False).option("port-deepinfer-h100").capacity
        if cap.source != CapacitySource.PREDICTED:
            continue  # a mismatching model counts for nothing at all
        assert cap.low is None and cap.high is None
        assert any("is unknown here" in str(f) for f in cap.figure.flags)


def test_local_pairs_win_and_the_table_is_not_applied_twice():
    """A measured twin 25 % below the prediction: the local error (+25 %) gives 2000 / 1.25 = 1600 to
    2000, and the published table changes nothing."""
    ws = _as_model(workspace())
    measured = ws.evidence.files[0].runs[1]  # 1,750 tok/s/GPU measured on B200
    twin_pred = replace(measured, output_throughput_tps=17500, output_tps_per_gpu=None)  # +25 %
    pred = _predicted(twin_pred, _port_prediction())
    ws = replace(ws, evidence=replace(ws.evidence, files=(_passing(ws), pred, _table())))
    a = evaluate(ws, sensitivity=False)
    assert a.predictor_errors and a.predictor_errors[0].tool == "aisimulate"
    cap = a.option("port-deepinfer-h100").capacity
    assert (cap.low, cap.value, cap.high) == pytest.approx((1600, 2000, 2000))
    assert not any("published for" in str(f) for f in cap.figure.flags)
    assert any("widened by the errors aisimulate showed" in str(f) for f in cap.figure.flags)


def test_the_record_lists_the_tables():
    lines = error_table_lines((_table("GB200"),))
    assert len(lines) == 6
    assert lines[0] == ("aisimulate FPM, DeepSeek-V4.1 on GB200, forward pass time (all): MAPE 4.9 %, WAPE 4.9 %, "
                        "38 points (dsv41_gb200_fpm_holdout-v1_derived-error-metrics.json)")


def test_reproduction_record_pairs_the_reference_with_its_re_measurements():
    if not RECORD.exists():
        pytest.skip(f"shared fixture missing: {RECORD}")
    ev = import_file(RECORD).evidence
    ref, off, on = ev.runs
    assert ev.provenance.kind == ProvenanceKind.THIRD_PARTY
    assert (ref.reproduces, off.reproduces, on.reproduces) == (None, 0, 0)
    # reference: InferenceX row 440246, seconds -> ms; 8 GPUs (231253.22528 / 28906.65316), not 64 + 64
    assert ref.gpu_count == 8 and ref.ttft_ms_mean == pytest.approx(4718.03) and ref.tpot_ms_p50 == pytest.approx(20.88)
    assert ref.output_throughput_tps == 1792.52841 and ref.output_tps_per_gpu == 224.06605
    assert ref.power_w_per_gpu == 668.111 and ref.energy_j_per_output_token == 2.990734
    assert ref.kv_cache_tokens == 21965416 and ref.completed == 6608
    # the re-measurements: AIPerf, seconds -> ms, 8 GPUs = 237190.7178397327 / 29648.83972996659
    assert off.gpu_count == 8 and off.ttft_ms_mean == pytest.approx(4696.154886235781)
    assert off.itl_ms_p90 == pytest.approx(22.023247263465516) and off.tpot_ms_p50 is None  # ITL stays ITL
    assert off.concurrency == 64 and off.model == "deepseek-ai/DeepSeek-V4-Pro" and off.platform == ref.platform
    pairs = reproduction_pairs((ev,))
    assert len(pairs) == 2
    tput = pairs[0].error(THROUGHPUT)
    # (reference - re-measured) / re-measured = (224.06605 - 228.81946296879812) / 228.81946296879812 = -2.077 %
    assert tput.relative_error == pytest.approx((224.06605 - 228.81946296879812) / 228.81946296879812)
    assert tput.relative_error == pytest.approx(-0.020774, abs=1e-5)
    # the record's own figure: off vs reference +2.121 %, i.e. (228.819 - 224.066) / 224.066
    assert pytest.approx(0.021214338222136364) == (228.81946296879812 - 224.06605) / 224.06605
    assert pairs[0].errors[0].metric == "TTFT mean"


def test_on_off_record_without_a_reference():
    path = SHARED / "aisimulate" / "agentx_dsv4pro_440845_b300_sglang_job-4209414-comparison.json"
    if not path.exists():
        pytest.skip(f"shared fixture missing: {path}")
    result = import_file(path)
    off, on = result.evidence.runs
    assert (off.reproduces, on.reproduces) == (None, 0)
    assert off.output_tps_per_gpu == 116.14489635043282 and off.ttft_ms_p50 == 1398.7585339999998  # ms, per GPU
    assert off.concurrency == 32 and off.completed == 3423
    assert set(result.missing_context) == {"runtime", "platform", "gpu_count", "model"}
    assert dict(result.suggestions) == {"platform": "B300", "runtime": "sglang"}


def test_the_assessment_holds_the_reproduction_pairs_and_the_rows_format_them():
    """The reference (InferenceX row 440246) beside each re-measurement, in the typed Assessment; the
    Evidence page's and the record's rows only format them."""
    from deepdecide.analysis.prediction import reproduction_rows

    if not RECORD.exists():
        pytest.skip(f"shared fixture missing: {RECORD}")
    ws = _ws(import_file(RECORD).evidence)
    a = evaluate(ws, monte_carlo=False)
    assert len(a.reproduction_pairs) == 2
    assert a.reproduction_pairs == reproduction_pairs(ws.evidence.files)
    rows = reproduction_rows(ws, a)
    off, on = rows
    # tok/s/GPU: reference 224.06605, re-measured 237190.7178397327 / 8 / 129.57... per GPU as the file states:
    # (224.06605 - 228.81946) / 228.81946 = -2.1 %; TTFT mean (4718.03 - 4696.15) / 4696.15 = +0.5 %
    assert (off["tps_reference"], off["tps_remeasured"], off["tps_error"]) == ("224", "229", "-2.1 %")
    assert off["ttft_error"] == "+0.5 %" and off["tpot_error"] == "—"  # the re-measurement states ITL, not TPOT
    assert on["tps_error"] == "-1.8 %" and on["gpus"] == 8 and on["load"] == "concurrency 64"
    assert off["reference"].startswith("reference: row 440246") and off["remeasurement"].startswith("re-measurement off")
    assert evaluate(_ws(), monte_carlo=False).reproduction_pairs == ()
