"""Capacity under the SLO: interpolation along a concurrency sweep, flags, assumptions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from analysis_factory import keep_sweep, run, with_option, workspace
from hypothesis import given, settings
from hypothesis import strategies as st

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import CapacityBasis
from deepdecide.analysis.capacity import capacity
from deepdecide.analysis.evidence import EvidenceIndex
from deepdecide.domain.evidence import Evidence, EvidenceFile, Provenance
from deepdecide.domain.workspace import SLO


def _ws_runs(runs, slo=None):
    ws = workspace()
    ws = replace(ws, evidence=Evidence(files=(EvidenceFile(Provenance("b.json", 1, "00" * 32, "t"), tuple(runs)),)))
    return replace(ws, slo=slo) if slo else ws


def _cap(ws, option="keep-vllm-h100"):
    return capacity(EvidenceIndex.build(ws), ws.option(option), ws.slo)


def test_interpolates_between_the_last_run_meeting_the_slo_and_the_first_missing_it():
    cap = _cap(workspace())
    # 64 -> 128: TPOT p99 45 -> 65 ms crosses 50 ms at 1/4 of the step (interactivity only at 0.91),
    # so 2750 + 0.25 x (3500 - 2750) = 2937.5 tok/s/GPU
    assert cap.basis == CapacityBasis.INTERPOLATED
    assert cap.value == pytest.approx(2937.5)
    assert any("TPOT p99" in str(t.name) for t in cap.figure.trail)
    assert [p.meets_slo for p in cap.points] == [True, True, True, False]


def test_error_rate_limit_is_interpolated_too():
    runs = list(keep_sweep()[:3]) + [run("vllm", "nv-h100", 128, 28000, 8, ttft99=900, tpot99=45,
                                         failed=30, completed=970)]
    cap = _cap(_ws_runs(runs))
    # error rate 0 -> 3 % crosses 1 % at 1/3: 2750 + 750 / 3 = 3000
    assert cap.value == pytest.approx(3000.0)


def test_slo_met_at_the_heaviest_load_is_a_flagged_lower_bound_not_extrapolated():
    cap = _cap(_ws_runs(keep_sweep()[:3]))
    assert cap.basis == CapacityBasis.LOWER_BOUND
    assert cap.value == 2750
    assert any("lower bound" in f and "not extrapolated" in f for f in map(str, cap.figure.flags))


def test_a_single_passing_run_is_a_lower_bound():
    cap = _cap(workspace(), "buy-sm100-deepinfer")
    assert cap.basis == CapacityBasis.LOWER_BOUND and cap.value == 5000
    assert any("single load point" in f for f in map(str, cap.figure.flags))


def test_missing_metric_is_conservative():
    # TTFT p99 not measured in the run: it cannot be shown to meet the SLO, nor to miss it ("not
    # measured" is not "fails"): the run cannot be judged, and nothing else gives a capacity
    runs = [replace(run("vllm", "nv-h100", 16, 8000, 8), ttft_ms_p99=None)]
    cap = _cap(_ws_runs(runs))
    assert cap.value is None and cap.basis == CapacityBasis.CANNOT_JUDGE
    assert cap.points[0].failures == () and not cap.points[0].meets_slo
    assert "TTFT p99 not measured" in cap.points[0].unjudged
    assert cap.unjudged == ("TTFT p99 not measured",)


def test_no_run_meets_the_slo_and_no_assumption():
    ws = replace(workspace(), slo=SLO(ttft_p99_ms=100))
    cap = _cap(ws)
    assert cap.value is None and cap.basis == CapacityBasis.FAILS_SLO
    assert "fails the SLO at the lightest measured load" in str(cap.figure.missing_reason)
    assert "none of the 4 applicable runs" in str(cap.figure.missing_reason)


def test_assumption_is_used_flagged_and_performs_not_reached():
    oa = evaluate(workspace(), sensitivity=False).option("port-deepinfer-h100")
    cap = oa.capacity
    assert cap.basis == CapacityBasis.ASSUMED and cap.value == 1800
    assert (cap.low, cap.high) == (1000, 2600)
    assert any("ASSUMPTION" in f for f in map(str, cap.figure.flags))
    assert not oa.evidence.performs.reached
    # the flag travels to the cost figures built on it
    assert any("ASSUMPTION" in f for f in map(str, oa.costs.cost_per_m_tokens_usd.flags))


def test_runs_on_another_platform_are_never_scaled():
    # DeepInfer's 5000 tok/s/GPU on SM100 must not become the H100 port's capacity
    ws = with_option(workspace(), "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": None})
    cap = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").capacity
    assert cap.value is None
    assert "nv-b200" in str(cap.figure.missing_reason) and "never scaled" in str(cap.figure.missing_reason)


def test_request_rate_sweep_without_concurrency():
    runs = [replace(r, concurrency=None, request_rate=float(i + 1)) for i, r in enumerate(keep_sweep())]
    assert _cap(_ws_runs(runs)).value == pytest.approx(2937.5)


def test_separate_sweeps_by_gpu_count():
    runs = [*keep_sweep(), run("vllm", "nv-h100", 64, 40000, 16, tpot99=40)]  # 2500/GPU on 16 GPUs
    assert _cap(_ws_runs(runs)).value == pytest.approx(2937.5)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(100, 5000), st.floats(5, 120)), min_size=2, max_size=6))
def test_capacity_never_exceeds_the_best_measured_throughput(points):
    # throughput and TPOT rising with concurrency (sorted), as in a real sweep
    tps = sorted(p[0] for p in points)
    tpot = sorted(p[1] for p in points)
    runs = [run("vllm", "nv-h100", 2 ** i, t * 8, 8, tpot99=d) for i, (t, d) in enumerate(zip(tps, tpot, strict=True))]
    cap = _cap(_ws_runs(runs, SLO(tpot_p99_ms=50, max_error_rate=0.01)))
    meeting = [t for t, d in zip(tps, tpot, strict=True) if d <= 50]
    if not meeting:
        assert cap.value is None
    else:
        assert max(meeting) - 1e-9 <= cap.value <= max(tps) + 1e-9


def test_other_platform_note_names_only_platforms_with_runs():
    # DeepInfer has parity checks and a build on H100 but no runs there: nothing to "not scale"
    cap = evaluate(workspace(), sensitivity=False).option("buy-sm100-deepinfer").capacity
    assert not any("nv-h100" in f for f in map(str, cap.figure.flags))
