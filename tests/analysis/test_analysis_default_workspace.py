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
        assert "price of a new GPU" in names
        assert oa.costs.cash_flow.purchases and oa.costs.cash_flow.purchases[0].kind == "buy"


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
    # with 20 % headroom and one spare node every H100 option needs more than the 1,024 owned:
    # TensorRT-LLM 240,000 / (8 x 190) = 157.9 -> 158 units + 1 spare = 1,272 GPUs
    trt = assessment.option("keep-trtllm-h100").fleet
    assert (trt.gpus.value, trt.owned_used, trt.shortfall_gpus, trt.freed_gpus) == (1272, 1024, 248, 0)
    sgl = assessment.option("keep-sglang-h100").fleet
    assert (sgl.owned_used, sgl.shortfall_gpus, sgl.freed_gpus, sgl.spare_gpus) == (1024, 64, 0, 8)


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
    """The sample's capacities are labelled assumptions (its illustrative runs publish no latency);
    its money follows docs/analysis.md ("Money over time"), worked by hand there with the sample's
    20 % headroom and one spare unit."""
    sglang = assessment.option("keep-sglang-h100")
    assert sglang.capacity.basis == "assumed"
    assert (sglang.capacity.low, sglang.capacity.value, sglang.capacity.high) == (180.0, 223.0, 251.0)
    assert not sglang.evidence.performs.reached
    # illustrative files (reconstructed from published figures) count for no rung, not even builds
    assert not sglang.evidence.builds.reached
    builds = " ".join(map(str, sglang.evidence.builds.reasons))
    assert "3 illustrative runs or checks" in builds and "count for no rung" in builds
    op = 1.73 * 0.10 + 0.10  # $0.273/GPU-h: 1.73 kW x PUE 1.0 x $0.10/kWh + $0.10 hosting
    assert sglang.costs.operating_hour_usd.value == pytest.approx(op)
    assert assessment.cost_view == "all-in" and sglang.costs.view == "all-in"
    # fleet: 200,000 x 1.2 / (8 x 223) = 134.5 -> 135 units + 1 spare = 136 x 8 = 1,088 GPUs
    f = sglang.fleet
    assert (f.units, f.spare_units, f.gpus.value, f.owned_used, f.bought_gpus) == (135, 1, 1088, 1024, 64)
    # cash: the 64 new H100s are paid on delivery (lead time 2 months: 2027-01), in service after the
    # ramp (2027-02, month 3); until then the 1,024 owned H100s run at $0.273 x 730 h a month
    cf = sglang.costs.cash_flow
    assert [(p.label, p.gpus, p.amount) for p in cf.purchases] == [("2027-01", 64, 64 * 38_750)]
    assert cf.service_month == 3 and f.service_month == 3
    bridge = 3 * 1024 * op * 730
    running = 33 * 1088 * op * 730
    cash = sglang.costs.cash
    assert cash.hardware_usd.value == pytest.approx(2_480_000)
    assert cash.power_usd.value == pytest.approx(bridge + running)  # 612,218.88 + 7,155,308.16
    assert cash.tco_usd.value == pytest.approx(2_480_000 + bridge + running + 10_000)  # 10,257,527.04
    assert cf.total == pytest.approx(cash.tco_usd.value)
    # economic: an owned H100 at its $12,000 book value over its remaining support (2026-11 to
    # 2030-06: 43 months) = $279.07 a month, a bought one at $38,750 over 48 months
    book = 12_000 / 43
    allin = sglang.costs.all_in
    assert allin.hardware_usd.value == pytest.approx(1024 * book * 33 + 64 * 38_750 * 33 / 48 + 1024 * book * 3)
    assert allin.tco_usd.value == pytest.approx(allin.hardware_usd.value + bridge + running + 10_000)
    # $/M (economic): (1,024 x (279.07 / 730 + 0.273) + 64 x (38,750 / 35,040 + 0.273)) / (1,080 serving x
    # 223 x 3600 / 10^6) = $0.876 (the spare node makes no tokens)
    hour = 1024 * (book / 730 + op) + 64 * (38_750 / (4 * 8760) + op)
    assert allin.cost_per_m_tokens_usd.value == pytest.approx(hour / (1080 * 223 * 3600 / 1e6))
    assert sglang.costs.cost_per_m_tokens_usd.value == allin.cost_per_m_tokens_usd.value
    # SM100, sized per pool at its measured 4 + 64 ratio (docs/analysis.md, "Prefill and decode pools"):
    # one configuration makes min(64 x 637.5, 4 x 20,000 / 8) = 10,000 output tok/s (the prefill pool
    # limits); 240,000 / 10,000 = 24 configurations + 1 spare = 25 x 72 = 1,800 GPUs, bought in 2027-03
    sm100 = assessment.option("buy-sm100-deepinfer")
    assert (sm100.fleet.units, sm100.fleet.gpus.value, sm100.fleet.padding_gpus) == (24, 1800, 96)
    assert [(p.label, p.amount) for p in sm100.costs.cash_flow.purchases] == [("2027-03", 1800 * 55_000)]
    assert sm100.costs.payback.month is None and "never" in str(sm100.costs.payback.text)


def test_hand_values_with_headroom_and_spares_at_zero():
    """The issue's hand values: with no headroom and no spare units the B200 purchase is 360 x $55,000 =
    $19.8M of cash in its delivery month, and at 300,000 tok/s the padded unit needs 8 units = 576 GPUs."""
    from dataclasses import replace

    from analysis_factory import aggregated_sm100

    ws = aggregated_sm100(load_builtin_workspace())  # that SM100: one 68-GPU unit at 600 tok/s/GPU
    ws = replace(ws, assumptions=replace(ws.assumptions, headroom=0.0, spare_units=0))
    sm100 = evaluate(ws, sensitivity=False).option("buy-sm100-deepinfer")
    assert sm100.fleet.gpus.value == 360 and sm100.fleet.units == 5
    cf = sm100.costs.cash_flow
    assert [(p.label, p.gpus, p.amount) for p in cf.purchases] == [("2027-03", 360, 19_800_000)]
    march = next(m for m in cf.months if m.label == "2027-03")
    assert march.capex == pytest.approx(19_800_000) and march.fiscal_year == "FY2027"
    big = replace(ws, demand=replace(ws.demand, output_tokens_per_s=300_000))
    f = evaluate(big, sensitivity=False).option("buy-sm100-deepinfer").fleet
    assert (f.units, f.gpus.value) == (8, 576)  # 7 padded units (504 GPUs) would serve only 285,600 tok/s
