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
    assert assessment.option("buy-sm100-deepinfer").fleet.unit_gpus == 68
    assert assessment.option("port-deepinfer-h100").fleet.unit_gpus == 8


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
    # 1.73 kW x $0.10/kWh = $0.173/GPU-h; / (223 tok/s x 3600 / 1e6) = $0.2155 per M output tokens
    assert sglang.costs.cost_per_m_tokens_usd.value == pytest.approx(0.173 / (223 * 3600 / 1e6))
    # 200,000 tok/s / 223 = 896.9 GPUs, rounded up to whole 8-GPU nodes = 904
    assert sglang.fleet.gpus.value == 904
    # SM100: 200,000 / 600 = 333.3 GPUs, rounded up to the 68-GPU reference unit = 340; $2.34/GPU-h
    sm100 = assessment.option("buy-sm100-deepinfer")
    assert sm100.fleet.gpus.value == 340
    assert sm100.costs.cost_per_m_tokens_usd.value == pytest.approx(2.34 / (600 * 3600 / 1e6))
