"""Predicted evidence: never a rung, capacity only where nothing measured applies, paired with
measured runs of the same configuration (the error per metric), widening the capacity range of
predictions from the same predictor; and parity-gated capacity."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from analysis_factory import parity, workspace
from analysis_factory import run as factory_run
from generated_files import vllm_serving, write_json

from deepdecide.analysis import evaluate, to_data
from deepdecide.analysis.assessment import CapacityBasis, CapacitySource
from deepdecide.analysis.prediction import THROUGHPUT
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import Evidence, EvidenceFile, ParityKind, Provenance, ProvenanceKind, Verdict
from deepdecide.domain.workload import ProxyAcceptance
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import load_builtin_workspace

AIC = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks" / "aiconfigurator"
AIC_PARETO = AIC / "dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_pareto.csv"


def _predicted(*runs, name="aic_pareto.csv", tool="aiconfigurator"):
    prov = Provenance(name, 100, "ef" * 32, tool, kind=ProvenanceKind.PREDICTED)
    return EvidenceFile(prov, tuple(replace(r, tool=tool) for r in runs))


def _with(ws, *files, checks=None):
    ev = ws.evidence
    first = ev.files[0]
    if checks is not None:
        first = replace(first, parity=checks)
    return replace(ws, evidence=replace(ev, files=(first, *ev.files[1:], *files)))


def _passing_checks(ws):
    """The factory's checks, with DeepInfer on H100 passing (so only the prediction is tested)."""
    return tuple(replace(c, verdict=Verdict.PASS) if c.runtime == "deepinfer" and c.platform == "nv-h100" else c
                 for c in ws.evidence.files[0].parity)


# -- 1. the predicted kind ---------------------------------------------------------------------

def test_a_predicted_run_with_a_platform_is_no_proof_of_builds_correct_or_performs():
    ws = workspace()
    ws = replace(ws, evidence=Evidence(files=(
        _predicted(factory_run("deepinfer", "nv-h100", 32, 16000, 8, ttft99=400, tpot99=25)),)))
    a = evaluate(ws, sensitivity=False)
    port = a.option("port-deepinfer-h100")
    assert not port.evidence.builds.reached
    assert not port.evidence.correct.reached
    assert not port.evidence.performs.reached
    assert port.evidence.level == 0
    # usable for capacity, labelled predicted wherever its numbers go
    cap = port.capacity
    assert cap.source == CapacitySource.PREDICTED and cap.value == pytest.approx(2000)
    assert "predicted" in cap.label
    for fig in (cap.figure, port.fleet.gpus, port.costs.cost_per_m_tokens_usd, port.costs.tco_usd):
        assert any(f.startswith("PREDICTED") for f in map(str, fig.flags)), fig.name
    assert all(p.source == "predicted" for p in cap.points)


def test_a_predicted_file_accepted_as_a_proxy_stays_a_prediction_after_the_proxies():
    ws = workspace()
    pred = _predicted(replace(factory_run("deepinfer", "nv-h100", 32, 16000, 8), model="Llama-3.1-8B"))
    pred = replace(pred, proxy=ProxyAcceptance("same architecture family", Estimate(0.5, 0.6, 0.7)))
    a = evaluate(replace(ws, evidence=Evidence(files=(pred,))), sensitivity=False)
    port = a.option("port-deepinfer-h100")
    assert port.capacity.source == CapacitySource.PREDICTED
    assert not port.evidence.builds.reached


def test_a_prediction_is_not_used_where_an_applicable_measurement_exists():
    ws = workspace()
    pred = _predicted(factory_run("vllm", "nv-h100", 32, 80000, 8, ttft99=100, tpot99=10))
    a = evaluate(_with(ws, pred), sensitivity=False)
    keep = a.option("keep-vllm-h100")
    assert keep.capacity.source == CapacitySource.OWN
    assert not any("PREDICTED" in f for f in map(str, keep.capacity.figure.flags))


# -- 2. predicted vs measured ------------------------------------------------------------------

def test_a_prediction_beside_the_measurement_of_the_same_configuration_gives_the_signed_error():
    ws = workspace()
    measured = ws.evidence.files[0].runs[1]  # vLLM, 8 H100, concurrency 32: 14,000 tok/s
    twin = replace(measured, output_throughput_tps=17500, output_tps_per_gpu=None, ttft_ms_mean=200.0,
                   tpot_ms_mean=20.0, input_tokens=8000, output_tokens=1000)
    measured = replace(measured, ttft_ms_mean=250.0, tpot_ms_mean=25.0)
    other_load = replace(twin, concurrency=64)
    ws = replace(ws, evidence=replace(ws.evidence, files=(
        replace(ws.evidence.files[0], runs=(*ws.evidence.files[0].runs[:1], measured, *ws.evidence.files[0].runs[2:])),
        _predicted(twin, other_load))))
    a = evaluate(ws, sensitivity=False)
    assert len(a.prediction_pairs) == 2  # concurrency 32 with 32; concurrency 64 with the measured 64 run
    p = next(p for p in a.prediction_pairs if p.load == "concurrency 32")
    assert (p.tool, p.runtime, p.platform, p.gpu_count) == ("aiconfigurator", "vllm", "nv-h100", 8)
    assert p.error(THROUGHPUT).relative_error == pytest.approx(0.25)  # (2187.5 - 1750) / 1750
    assert p.error("TTFT mean").relative_error == pytest.approx(-0.2)
    assert p.error("TPOT mean").relative_error == pytest.approx(-0.2)
    (err,) = a.predictor_errors
    assert err.tool == "aiconfigurator" and err.pairs == 2
    data = to_data(a)
    assert data["prediction_pairs"][0]["errors"]
    assert data["predictor_errors"][0]["throughput_high"] == pytest.approx(max(
        e.error(THROUGHPUT).relative_error for e in a.prediction_pairs))


def test_a_different_load_gpu_count_or_token_length_is_not_a_twin():
    ws = workspace()
    measured = ws.evidence.files[0].runs[1]
    for change in ({"concurrency": 48}, {"gpu_count": 16}, {"input_tokens": 2048}, {"model": "Llama-3.1-8B"},
                   {"runtime": "sglang"}):
        pred = _predicted(replace(measured, **change))
        a = evaluate(_with(ws, pred), sensitivity=False)
        assert not a.prediction_pairs, change


def test_the_observed_error_widens_the_range_of_a_capacity_resting_on_that_predictor():
    ws = workspace()
    measured = ws.evidence.files[0].runs[1]  # 1,750 tok/s/GPU measured
    twin = replace(measured, output_throughput_tps=17500, output_tps_per_gpu=None)  # +25 %
    port_pred = factory_run("deepinfer", "nv-h100", 32, 16000, 8, ttft99=400, tpot99=25)  # 2,000 predicted
    ws = _with(ws, _predicted(twin, port_pred), checks=_passing_checks(ws))
    a = evaluate(ws, sensitivity=False, monte_carlo=True, draws=500, seed=3)
    cap = a.option("port-deepinfer-h100").capacity
    assert cap.source == CapacitySource.PREDICTED
    assert (cap.low, cap.value, cap.high) == pytest.approx((1600, 2000, 2000))  # 2000 / 1.25
    assert any("widened" in f for f in map(str, cap.figure.flags))
    draws = a.monte_carlo.for_option("port-deepinfer-h100").cost_per_m_tokens_usd
    assert draws.p90 > draws.p10  # the range reaches the Monte Carlo

    # without a twin the range is not invented, and the flag says the error is unknown
    alone = evaluate(_with(workspace(), _predicted(port_pred), checks=_passing_checks(ws)), sensitivity=False)
    cap = alone.option("port-deepinfer-h100").capacity
    assert cap.low is None and cap.high is None
    assert any("error of aiconfigurator is unknown" in f for f in map(str, cap.figure.flags))


def _aic_run(result):
    return next(r for r in result.evidence.runs if r.concurrency == 64)


def test_a_real_aiconfigurator_row_and_a_generated_benchmark_serving_twin_are_paired(tmp_path):
    if not AIC_PARETO.exists():
        pytest.skip(f"shared fixture missing: {AIC_PARETO}")
    ctx = dict(platform="nv-rtxpro6000")
    pred = import_file(AIC_PARETO, ImportContext(**ctx))
    assert pred.evidence.provenance.kind == ProvenanceKind.PREDICTED
    row = _aic_run(pred)
    assert (row.model, row.gpu_count, row.input_tokens, row.output_tokens) == (
        "sgl-project/DeepSeek-V4-Flash-FP8", 16, 2048, 500)
    # the measurement of the same configuration: 10 % below the predicted throughput, TTFT 1.5 x
    doc = vllm_serving(row.model, concurrency=64, input_len=2048, output_len=500,
                       out_tps=row.output_throughput_tps * 0.9, ttft_p99=2 * row.ttft_ms_mean / 1.5 * 1.0,
                       extra={"backend": "sglang"})
    doc["mean_ttft_ms"] = row.ttft_ms_mean * 1.5
    doc["mean_tpot_ms"] = row.tpot_ms_mean / 1.2
    path = write_json(tmp_path / "16xrtxpro6000_sglang_dsv4flash_c64.json", doc)
    meas = import_file(path, ImportContext(runtime="sglang", gpu_count=16, **ctx))
    ws = load_builtin_workspace()
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, pred.evidence, meas.evidence)))
    a = evaluate(ws, sensitivity=False)
    pairs = [p for p in a.prediction_pairs if p.measured_file == path.name]
    assert len(pairs) == 1
    p = pairs[0]
    assert p.predicted_file == AIC_PARETO.name and p.load == "concurrency 64"
    assert p.error(THROUGHPUT).relative_error == pytest.approx(1 / 0.9 - 1)
    assert p.error("TTFT mean").relative_error == pytest.approx(1 / 1.5 - 1)
    assert p.error("TPOT mean").relative_error == pytest.approx(0.2)


# -- 3. parity-gated capacity ------------------------------------------------------------------

def test_runs_of_a_cell_whose_required_parity_check_failed_are_excluded_and_it_fails_parity():
    ws = workspace()
    checks = tuple(c for c in ws.evidence.files[0].parity if c.runtime != "vllm") + (
        parity("vllm", "nv-h100", ParityKind.LOGITS, Verdict.PASS),
        parity("vllm", "nv-h100", ParityKind.GREEDY_MATCH, Verdict.FAIL))
    a = evaluate(_with(ws, checks=checks), sensitivity=False)
    keep = a.option("keep-vllm-h100")
    cap = keep.capacity
    assert cap.basis == CapacityBasis.FAILS_PARITY and cap.value is None
    assert cap.label == "fails parity"
    assert "greedy_match FAILED" in str(cap.figure.missing_reason)
    assert cap.points and all("greedy_match FAILED" in p.excluded for p in cap.points)
    assert keep.costs.cost_per_m_tokens_usd.value is None and keep.fleet.gpus.value is None
    excluded = [f for f in a.fits_for("keep-vllm-h100") if f.item == "run"]
    assert excluded and all("greedy_match FAILED" in f.excluded for f in excluded)
    # the others are untouched
    assert a.option("buy-sm100-deepinfer").capacity.value is not None


def test_a_failing_parity_cell_never_falls_back_to_its_assumed_capacity():
    ws = workspace()  # DeepInfer on H100: greedy_match FAILS, capacity assumed 1,000 / 1,800 / 2,600
    pred = _predicted(factory_run("deepinfer", "nv-h100", 32, 16000, 8))
    a = evaluate(_with(ws, pred), sensitivity=False)
    cap = a.option("port-deepinfer-h100").capacity
    assert cap.basis == CapacityBasis.FAILS_PARITY and cap.value is None
    assert "assumed capacity is not used" in str(cap.figure.missing_reason)
    # without runs the cell keeps its stated assumption (nothing to exclude)
    assert evaluate(ws, sensitivity=False).option("port-deepinfer-h100").capacity.basis == CapacityBasis.ASSUMED


def test_a_failing_check_that_is_not_required_does_not_gate():
    ws = workspace(required_parity=(ParityKind.LOGITS,))
    checks = tuple(c for c in ws.evidence.files[0].parity if c.runtime != "vllm") + (
        parity("vllm", "nv-h100", ParityKind.LOGITS, Verdict.PASS),
        parity("vllm", "nv-h100", ParityKind.GREEDY_MATCH, Verdict.FAIL))
    a = evaluate(_with(ws, checks=checks), sensitivity=False)
    assert a.option("keep-vllm-h100").capacity.value is not None


def test_evaluate_prints_the_pairs_and_the_predictor_errors(tmp_path):
    from prediction_scenarios import with_twin

    from deepdecide.cli.evaluate_cmd import render

    ws, row, twin = with_twin(tmp_path)
    text = render(ws, evaluate(ws, sensitivity=False))
    assert "Predicted vs measured" in text
    assert f"({twin}): TTFT mean -33.3 %, TPOT mean +20.0 %, output tok/s/GPU +11.1 %" in text
    assert "aiconfigurator: 1 prediction beside a measurement" in text
