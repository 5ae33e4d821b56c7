"""Honest capacity ranges (issue 29, part 6): an interpolated capacity's draws never reach the
throughput of the first load that misses the SLO; a prediction with measured pairs of its own
runtime, platform, model and workload is corrected by them (their spread its range), labelled; a
confidence interval the file states is the range. Every range says what it rests on
(``Capacity.range_basis`` / ``range_note``), in the Assessment, ``evaluate`` and the record.

Hand values: the factory workspace (tests/analysis/analysis_factory.py) and InferenceMAX's
official gpt-oss-120b 8K/1K dashboard array (``../shared/fixtures``).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from analysis_factory import parity, with_option, workspace
from analysis_factory import run as factory_run

from deepdecide.analysis import evaluate, to_data
from deepdecide.analysis.assessment import CapacityBasis, CapacitySource, RangeBasis
from deepdecide.analysis.cost import capacity_estimate
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import Evidence, EvidenceFile, ParityKind, Provenance, ProvenanceKind, Verdict
from deepdecide.domain.slo import SLO

registry = pytest.importorskip("deepdecide.importers.registry")
base = pytest.importorskip("deepdecide.importers.base")


def _flip(a, key):
    return next(f for f in a.sensitivity.inputs if f.key == key)


# -- interpolated: below the first load that misses the SLO ------------------------------------


def test_an_interpolated_range_is_centred_on_the_value_and_stays_below_the_failing_load():
    # vLLM on 8 H100: 2,750 tok/s/GPU at concurrency 64 meets the SLO (TPOT p99 45 <= 50 ms,
    # interactivity 1000 / 36 = 27.8), 3,500 at 128 does not (TPOT p99 65, interactivity 1000 / 52 =
    # 19.2 < 20). TPOT p99 reaches 50 at (50 - 45) / (65 - 45) = 0.25, interactivity 20 at
    # (27.78 - 20) / (27.78 - 19.23) = 0.91: the first is TPOT, so 2,750 + 0.25 x 750 = 2,937.5.
    a = evaluate(workspace(), monte_carlo=True, draws=400)
    cap = a.option("keep-vllm-h100").capacity
    assert cap.basis == CapacityBasis.INTERPOLATED and cap.value == pytest.approx(2937.5)
    # from the passing load up to as far above the value (2 x 2,937.5 - 2,750 = 3,125), never 3,500
    assert (cap.low, cap.high, cap.ceiling) == pytest.approx((2750, 3125, 3500))
    assert cap.range_basis == RangeBasis.INTERPOLATION
    note = str(cap.range_note)
    assert "2,750" in note and "3,125" in note and "3,500" in note and "first load that misses the SLO" in note
    assert cap.range_note in cap.figure.flags  # shown wherever the capacity's flags are
    est, _assumed, _why = capacity_estimate(cap, workspace().options[0])
    assert (est.low, est.likely, est.high) == pytest.approx((2750, 2937.5, 3125))
    data = to_data(a)["options"][0]["capacity"]
    assert data["range_basis"] == "interpolation" and data["ceiling"] == pytest.approx(3500)
    assert data["range_note"]["id"] == "capacity.range_interpolated"


def test_an_interpolated_value_nearer_the_failing_load_is_capped_at_it():
    # the 128 point misses only TPOT p99, by a little: 52 ms; the limit is reached at
    # (50 - 45) / (52 - 45) = 5/7 of the step: 2,750 + 5/7 x 750 = 3,285.71; 2 x 3,285.71 - 2,750 =
    # 3,821.4 is above the failing load's 3,500, so the draws stop at 3,500 (they never reach it)
    ws = workspace()
    runs = list(ws.evidence.files[0].runs)
    runs[3] = factory_run("vllm", "nv-h100", 128, 28000, 8, ttft99=1500, tpot99=52, tpot50=40)
    ws = replace(ws, evidence=replace(ws.evidence, files=(replace(ws.evidence.files[0], runs=tuple(runs)),)))
    cap = evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity
    assert cap.basis == CapacityBasis.INTERPOLATED
    assert cap.value == pytest.approx(2750 + 5 / 7 * 750)
    assert (cap.low, cap.high, cap.ceiling) == pytest.approx((2750, 3500, 3500))
    assert cap.range_note.id == "capacity.range_interpolated_ceiling"


GPTOSS = "benchmarks/inferencemax/agg_gptoss_8k1k.json"


def test_on_the_real_gptoss_array_the_interpolated_range_never_reaches_the_failing_load(shared_fixture):
    """TRT-LLM on H200, TP1, gpt-oss-120b 8K/1K: concurrency 32 meets TPOT p99 <= 30 ms (25.67 ms),
    64 misses it (34.62 ms); the value is interpolated on TPOT p99 between their output tok/s/GPU."""
    from deepdecide.domain.workload import TokenRange, Workload
    from deepdecide.domain.workspace import CostInputs, Option, Pricing, Strategy
    from deepdecide.storage import files

    path = shared_fixture(GPTOSS)
    ev = registry.import_file(path, base.ImportContext()).evidence
    ev = replace(ev, provenance=replace(ev.provenance, kind=ProvenanceKind.THIRD_PARTY))
    ws = files.load_builtin_workspace()
    opt = Option("trt-h200", "TRT-LLM on H200", Strategy.BUY, "trtllm", "nv-h200",
                 cost=CostInputs(Pricing.RENT, gpu_hour_usd=Estimate(2.0, 2.5, 3.0)))
    wl = Workload("openai/gpt-oss-120b", input_tokens=TokenRange(6144, 10240), output_tokens=TokenRange(768, 1280))
    ws = replace(ws, model=wl.model, workload=wl, slo=SLO(ttft_p99_ms=60_000, tpot_p99_ms=30, max_error_rate=None),
                 options=(opt,), evidence=Evidence(files=(ev,)), answers=(),
                 decision=replace(ws.decision, chosen_option="", considered_options=("trt-h200",)))
    cap = evaluate(ws, sensitivity=False).options[0].capacity
    rows = {r["conc"]: r for r in json.loads(path.read_text(encoding="utf-8"))
            if r["hw"] == "h200" and r["framework"].startswith("trt") and r["tp"] == 1}
    meets, misses = rows[32]["output_tput_per_gpu"], rows[64]["output_tput_per_gpu"]
    t = (30 - rows[32]["p99_tpot"] * 1000) / (rows[64]["p99_tpot"] * 1000 - rows[32]["p99_tpot"] * 1000)
    value = meets + t * (misses - meets)
    assert cap.basis == CapacityBasis.INTERPOLATED and cap.value == pytest.approx(value)
    assert (cap.low, cap.high, cap.ceiling) == pytest.approx((meets, min(2 * value - meets, misses), misses))
    assert cap.high < cap.ceiling and cap.range_basis == RangeBasis.INTERPOLATION


# -- a prediction corrected by its measured pairs ----------------------------------------------


def _predicted(*runs, name="aic.csv"):
    prov = Provenance(name, 100, "ef" * 32, "aiconfigurator", kind=ProvenanceKind.PREDICTED)
    return EvidenceFile(prov, tuple(replace(r, tool="aiconfigurator") for r in runs))


def _not_judged(r):
    """A measured run without the p99 figures the SLO needs: it cannot be judged (the capacity falls
    to the prediction), yet it pairs with the predicted run of the same configuration."""
    return replace(r, ttft_ms_p99=None, tpot_ms_p99=None)


def _port_workspace(*measured):
    ws = workspace()
    checks = tuple(replace(c, verdict=Verdict.PASS) if c.runtime == "deepinfer" and c.platform == "nv-h100" else c
                   for c in ws.evidence.files[0].parity)
    first = replace(ws.evidence.files[0], parity=checks)
    # predicted: DeepInfer on 8 H100 at 2,000 (concurrency 32) and 3,000 (64) tok/s/GPU, both meet the SLO
    pred = _predicted(factory_run("deepinfer", "nv-h100", 32, 16000, 8, ttft99=400, tpot99=25),
                      factory_run("deepinfer", "nv-h100", 64, 24000, 8, ttft99=600, tpot99=30))
    meas = EvidenceFile(Provenance("measured.json", 10, "12" * 32, "vllm-bench", kind=ProvenanceKind.THIRD_PARTY),
                        tuple(_not_judged(r) for r in measured))
    return replace(ws, evidence=replace(ws.evidence, files=(first, *ws.evidence.files[1:], pred, meas)))


def test_a_prediction_with_measured_pairs_is_corrected_by_them_and_its_range_is_their_spread():
    # measured 1,750 at concurrency 32 (predicted 2,000: error +14.29 %, measured / predicted 0.875)
    # and 2,700 at 64 (predicted 3,000: error +11.1 %, 0.9); the prediction's capacity is the lower
    # bound 3,000 (the heaviest predicted load meets the SLO): 3,000 x (0.875 + 0.9) / 2 = 2,662.5,
    # its range 3,000 x 0.875 = 2,625 to 3,000 x 0.9 = 2,700
    ws = _port_workspace(factory_run("deepinfer", "nv-h100", 32, 14000, 8),
                         factory_run("deepinfer", "nv-h100", 64, 21600, 8))
    a = evaluate(ws, monte_carlo=True, draws=300)
    cap = a.option("port-deepinfer-h100").capacity
    assert cap.source == CapacitySource.PREDICTED and cap.basis == CapacityBasis.LOWER_BOUND
    assert cap.corrected_by == 2 and cap.predicted_value == pytest.approx(3000)
    assert (cap.low, cap.value, cap.high) == pytest.approx((2625, 2662.5, 2700))
    assert cap.range_basis == RangeBasis.MEASURED_PAIRS and cap.error_basis == cap.range_note
    assert "predicted, corrected by 2 measured pairs" in str(cap.range_note)
    assert "corrected by 2 measured pairs" in str(cap.note) and "corrected by 2 measured pairs" in cap.label
    # the fleet and the cost use the corrected capacity; the draws its range
    flip = _flip(a, "port-deepinfer-h100.capacity")
    assert (flip.low, flip.likely, flip.high) == pytest.approx((2625, 2662.5, 2700))
    names = [str(t.name) for t in cap.figure.trail]
    assert "predicted output tok/s per GPU (before the correction)" in names
    # the record's error-basis list names the correction
    from deepdecide.analysis.prediction import error_basis_lines

    assert any("corrected by 2 measured pairs" in line for line in error_basis_lines(a))


def test_one_measured_pair_corrects_the_prediction_without_inventing_a_spread():
    ws = _port_workspace(factory_run("deepinfer", "nv-h100", 32, 14000, 8))  # 0.875 of the prediction
    cap = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").capacity
    assert cap.corrected_by == 1 and cap.value == pytest.approx(3000 * 0.875)
    assert cap.low is None and cap.high is None
    assert cap.range_note.id == "capacity.predicted_corrected_one"


def test_pairs_of_another_runtime_only_widen_the_range_and_never_correct_the_value():
    # the pair is vLLM's on H100, the prediction DeepInfer's: the value stays 3,000, the range widens
    ws = _port_workspace()
    vllm_twin = replace(ws.evidence.files[0].runs[1], output_throughput_tps=17500, output_tps_per_gpu=None)
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, _predicted(vllm_twin, name="b.csv"))))
    cap = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").capacity
    assert cap.corrected_by == 0 and cap.value == pytest.approx(3000)
    assert cap.range_basis == RangeBasis.PREDICTOR_ERRORS and (cap.low, cap.high) == pytest.approx((2400, 3000))


# -- a confidence interval stated by the file --------------------------------------------------


def test_a_confidence_interval_the_file_states_is_the_capacitys_range():
    # SM100: one run, 340,000 tok/s over 68 GPUs = 5,000 per GPU (a lower bound); the file states a
    # 95 % interval of 323,000 to 357,000 over 3 runs: 0.95 and 1.05 of the mean, so 4,750 to 5,250
    ws = workspace()
    f = ws.evidence.files[0]
    runs = tuple(replace(r, output_throughput_tps_ci_low=323_000.0, output_throughput_tps_ci_high=357_000.0,
                         ci_level=0.95, ci_runs=3) if r.runtime == "deepinfer" else r for r in f.runs)
    ws = replace(ws, evidence=replace(ws.evidence, files=(replace(f, runs=runs),)))
    a = evaluate(ws, monte_carlo=True, draws=300)
    cap = a.option("buy-sm100-deepinfer").capacity
    assert cap.basis == CapacityBasis.LOWER_BOUND and cap.value == pytest.approx(5000)
    assert (cap.low, cap.high) == pytest.approx((4750, 5250))
    assert cap.range_basis == RangeBasis.CONFIDENCE_INTERVAL
    assert "confidence interval stated by the file" in str(cap.range_note) and "95 %" in str(cap.range_note)
    flip = _flip(a, "buy-sm100-deepinfer.capacity")
    assert (flip.low, flip.likely, flip.high) == pytest.approx((4750, 5000, 5250))


def test_without_an_interval_a_lower_bound_keeps_its_own_rule_and_a_stated_error_still_applies():
    cap = evaluate(workspace(), sensitivity=False).option("buy-sm100-deepinfer").capacity
    assert cap.range_basis == RangeBasis.LOWER_BOUND and cap.low is None
    assert cap.range_note.id == "capacity.lower_bound_closed"
    ws = with_option(workspace(), "buy-sm100-deepinfer", cost={"capacity_error": 0.10})
    flip = _flip(evaluate(ws), "buy-sm100-deepinfer.capacity")
    assert (flip.low, flip.likely, flip.high) == pytest.approx((4500, 5000, 5500))


def test_an_assumed_capacity_states_its_range():
    ws = workspace()
    checks = tuple(c for c in ws.evidence.files[0].parity if c.runtime != "deepinfer" or c.platform != "nv-h100")
    ws = replace(ws, evidence=replace(ws.evidence, files=(replace(ws.evidence.files[0], parity=(
        *checks, parity("deepinfer", "nv-h100", ParityKind.LOGITS, Verdict.PASS))),)))
    cap = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").capacity
    assert cap.basis == CapacityBasis.ASSUMED and cap.range_basis == RangeBasis.ASSUMPTION
    assert "1,000" in str(cap.range_note) and "2,600" in str(cap.range_note)


# -- the range note wherever the range is shown ------------------------------------------------


def test_evaluate_and_the_record_say_what_each_range_rests_on():
    import io

    from pypdf import PdfReader

    from deepdecide.cli.evaluate_cmd import render
    from deepdecide.report.build import build

    ws = _port_workspace(factory_run("deepinfer", "nv-h100", 32, 14000, 8),
                         factory_run("deepinfer", "nv-h100", 64, 21600, 8))
    a = evaluate(ws, monte_carlo=True, draws=300)
    out = " ".join(render(ws, a).split())
    assert "capacity: interpolated: the draws go from 2,750, the load that meets the SLO, to 3,125" in out
    assert "2,662 output tok/s/GPU (lower bound, predicted, corrected by 2 measured pairs)" in out
    assert "predicted, corrected by 2 measured pairs: 3,000 x 0.887 (measured / predicted, mean) = 2,662" in out
    # an assumption's range is said on its own line (its flags say it is an assumption, not its range)
    assert "capacity range: assumption: the draws go from 20 to 60" in out  # the RTX's stated 20 / 40 / 60
    # the flip values of a capacity carry its note (Compare, evaluate and the record show them)
    assert str(_flip(a, "keep-vllm-h100.capacity").note).startswith("interpolated: the draws go from 2,750")
    pdf = build(ws, sections=("cost",))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "What each capacity's range (the whisker, and the Monte Carlo draws) rests on:" in text
    assert "predicted, corrected by 2 measured pairs" in text and "never reach 3,500" in text


# -- the capacity's name as an uncertain input: the basis it rests on ---------------------------


def test_the_sensitivity_names_the_basis_each_capacity_rests_on():
    """Never "measured" for an interpolated, predicted or assumed capacity: the label is the
    Assessment's basis and source (corrected predictions say by how many pairs)."""
    ws = _port_workspace(factory_run("deepinfer", "nv-h100", 32, 14000, 8),
                         factory_run("deepinfer", "nv-h100", 64, 21600, 8))
    a = evaluate(ws)
    labels = {f.key: str(f.label) for f in a.sensitivity.inputs if f.key.endswith(".capacity")}
    assert labels["port-deepinfer-h100.capacity"] == (
        "port-deepinfer-h100: output tok/s/GPU (lower bound, predicted, corrected by 2 measured pairs)")
    assert labels["keep-vllm-h100.capacity"] == "keep-vllm-h100: output tok/s/GPU (interpolated, own measurement)"
    assert not any("measured output" in v for v in labels.values())
    # an assumption stays "assumed"
    b = evaluate(workspace())
    assumed = next(f for f in b.sensitivity.inputs if f.key == "port-deepinfer-h100.capacity")
    assert b.option("port-deepinfer-h100").capacity.basis == CapacityBasis.ASSUMED
    assert str(assumed.label) == "port-deepinfer-h100: assumed output tok/s/GPU"


def test_a_measured_capacity_is_still_named_measured():
    from deepdecide.analysis.assessment import Capacity, Figure
    from deepdecide.analysis.capacity import input_label

    fig = Figure("capacity", 100.0, "tok/s/GPU")
    measured = Capacity(fig, CapacityBasis.MEASURED, source=CapacitySource.THIRD_PARTY)
    assert str(input_label(measured)) == "measured output tok/s/GPU"
    proxy = Capacity(fig, CapacityBasis.MEASURED, source=CapacitySource.PROXY)
    assert str(input_label(proxy)) == "output tok/s/GPU (measured, proxy)"
