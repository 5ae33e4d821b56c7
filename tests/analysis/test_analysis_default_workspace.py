"""The built-in default decision, evaluated end to end."""

from __future__ import annotations

import json
import math

import pytest

from deepdecide.analysis import evaluate, to_data
from deepdecide.storage.files import load_builtin_workspace


@pytest.fixture(scope="module")
def assessment():
    return evaluate(load_builtin_workspace(), monte_carlo=True, draws=2000)


def test_default_workspace_classifies_the_port_as_experimental_with_its_reasons(assessment):
    port = assessment.option("port-deepinfer-h100")
    assert port.classification.label == "experimental"
    assert not port.classification.official
    text = " ".join(map(str, port.classification.reasons))
    assert "deepinfer on nv-h100" in text
    assert "not on the official list" in text
    assert "whatever the evidence says" in text
    assert "nv-b200" in text  # where DeepInfer is official instead


def test_default_workspace_official_routes(assessment):
    for oid in ("buy-sm100-deepinfer", "ascend950-deepinfer", "keep-vllm-h100"):
        assert assessment.option(oid).classification.official, oid


def test_default_workspace_rtx_is_shown_but_not_eligible(assessment):
    rtx = assessment.option("rtx-dev-only")
    assert not rtx.eligible and rtx.rank is None
    assert "rtx-dev-only" not in assessment.ranking


def test_default_workspace_port_has_the_unowned_kv_cache_blocker(assessment):
    port = assessment.option("port-deepinfer-h100")
    assert [b.item for b in port.checklist.blockers] == ["kv-cache-persistent"]
    assert port.checklist.external  # external pieces cost engineering
    assert port.costs.engineering_person_weeks.value > 26  # porting plus the external items


def test_default_workspace_reference_topology_stays_on_sm100(assessment):
    # the 68-GPU reference unit on 8-GPU HGX B200 nodes: 9 nodes = 72 GPUs
    sm100 = assessment.option("buy-sm100-deepinfer")
    assert sm100.fleet.unit_gpus == 72
    assert sm100.fleet.gpus.value % 8 == 0 and sm100.fleet.nodes == sm100.fleet.gpus.value / 8
    assert sm100.fleet.nodes == int(sm100.fleet.nodes)
    assert assessment.option("port-deepinfer-h100").fleet.unit_gpus == 8
    # a unit that needs one 68-GPU scale-up domain on 8-GPU nodes is a warning on the option
    assert [w.id for w in sm100.fleet.warnings] == ["fleet.scale_up_exceeds_node"]
    assert "68 GPUs in one scale-up domain" in str(sm100.fleet.warnings[0])


def test_default_workspace_buy_means_buy(assessment):
    ws = load_builtin_workspace()
    for oid in ("buy-sm100-deepinfer", "ascend950-deepinfer"):
        o = ws.option(oid)
        assert o.name.startswith("Buy") and o.cost.pricing == "own"
        oa = assessment.option(oid)
        assert oa.fleet.acquire == "buy" and oa.fleet.owned_gpus == 0
        assert oa.costs.power_usd.value > 0  # power and hosting are paid for bought GPUs
        names = [str(t.name) for t in oa.costs.all_in.gpu_hour_usd.trail]
        assert "purchase price per GPU" in names and "amortization" in names


def test_default_workspace_blocked_options_are_not_recommended(assessment):
    for oid in ("port-deepinfer-h100", "buy-sm100-deepinfer", "ascend950-deepinfer"):
        oa = assessment.option(oid)
        assert not oa.eligible and oa.rank is None and oid not in assessment.ranking
        assert any("Persistent KV cache" in r and "no owner" in r for r in map(str, oa.eligibility_reasons))
    assert assessment.winner == "keep-sglang-h100"


def test_default_workspace_states_the_owned_h100_fleet(assessment):
    ws = load_builtin_workspace()
    h100 = ws.fleet_of("nv-h100")
    assert h100 is not None and h100.owned_gpus == 1024 and "ASSUMPTION" in h100.note
    assert h100.purchase_usd_per_gpu is not None and h100.rental_usd_per_gpu_hour is not None
    assert h100.sources
    trt = assessment.option("keep-trtllm-h100").fleet
    assert (trt.gpus.value, trt.owned_used, trt.shortfall_gpus, trt.freed_gpus) == (1056, 1024, 32, 0)
    sgl = assessment.option("keep-sglang-h100").fleet
    assert (sgl.owned_used, sgl.shortfall_gpus, sgl.freed_gpus) == (904, 0, 120)


def test_default_workspace_missing_numbers_are_explicit(assessment):
    for oa in assessment.options:
        for fig in (oa.capacity.figure, oa.costs.cost_per_m_tokens_usd, oa.costs.tco_usd, oa.fleet.gpus):
            assert fig.value is None or math.isfinite(fig.value)
            if fig.value is None:
                assert fig.missing_reason
    json.dumps(to_data(assessment), allow_nan=False)


def test_default_workspace_has_a_ranking_and_sensitivity(assessment):
    assert assessment.winner is not None
    assert assessment.sensitivity is not None and assessment.sensitivity.weights
    assert sum(o.p_best for o in assessment.monte_carlo.options) == pytest.approx(1.0)


def test_default_workspace_numbers_are_labelled_assumptions_computed_by_hand(assessment):
    """The sample's capacities are labelled assumptions (its illustrative runs publish no latency),
    and its cost follows the published formula: existing fleet = power only."""
    sglang = assessment.option("keep-sglang-h100")
    assert sglang.capacity.basis == "assumed"
    assert (sglang.capacity.low, sglang.capacity.value, sglang.capacity.high) == (180.0, 223.0, 251.0)
    assert not sglang.evidence.performs.reached
    # illustrative files (reconstructed from published figures) count for no rung, not even builds
    assert not sglang.evidence.builds.reached
    builds = " ".join(map(str, sglang.evidence.builds.reasons))
    assert "3 illustrative run(s)" in builds and "count for no rung" in builds
    # operating: 1.73 kW x PUE 1.0 x $0.10/kWh + $0.10 hosting = $0.273/GPU-h;
    # all-in: $38,750 / (4 x 8760 h) + 0.273 = $1.37888/GPU-h
    op = 1.73 * 0.10 + 0.10
    allin = 38_750 / (4 * 8760) + op
    assert assessment.cost_view == "all-in"
    assert sglang.costs.view == "all-in"
    # cash: every GPU owned (capex sunk): 0.273 / (223 x 3600 / 1e6) = $0.3401 per M output tokens
    assert sglang.costs.cash.cost_per_m_tokens_usd.value == pytest.approx(op / (223 * 3600 / 1e6))
    assert sglang.costs.all_in.cost_per_m_tokens_usd.value == pytest.approx(allin / (223 * 3600 / 1e6))
    assert sglang.costs.cost_per_m_tokens_usd.value == sglang.costs.all_in.cost_per_m_tokens_usd.value
    # 200,000 tok/s / 223 = 896.9 GPUs, rounded up to whole 8-GPU nodes = 904
    assert sglang.fleet.gpus.value == 904
    # TensorRT-LLM: 1,056 GPUs = 1,024 owned + 32 bought
    trt = assessment.option("keep-trtllm-h100")
    assert trt.costs.cash.gpu_hour_usd.value == pytest.approx((1024 * op + 32 * allin) / 1056)
    # SM100: 200,000 / 600 = 333.3 GPUs, rounded up to the 72-GPU unit (9 nodes) = 360, bought:
    # $55,000 / (4 x 8760) + 2.17 kW x $0.10 + $0.10 = $1.88663/GPU-h in both views
    sm100 = assessment.option("buy-sm100-deepinfer")
    assert sm100.fleet.gpus.value == 360
    b200 = 55_000 / (4 * 8760) + 2.17 * 0.10 + 0.10
    for view in (sm100.costs.cash, sm100.costs.all_in):
        assert view.cost_per_m_tokens_usd.value == pytest.approx(b200 / (600 * 3600 / 1e6))
    assert sm100.costs.all_in.tco_usd.value == pytest.approx(360 * b200 * 8760 * 3 + sm100.costs.engineering_usd.value)
