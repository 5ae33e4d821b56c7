"""Fleet and cost formulas, checked against hand-computed values (decision_practice.md section (d))."""

from __future__ import annotations

import math

import pytest
from analysis_factory import E, with_option, workspace

from deepdecide.analysis import cost as C
from deepdecide.analysis import evaluate
from deepdecide.domain.workspace import Demand, Pool, Pricing, Topology, TopologyKind


def test_cost_per_million_reproduces_the_published_h100_example():
    # D6: $1.30/GPU-h at 1,000 tok/s/GPU -> 3.6 M tok/h -> $0.361 / M tokens
    assert round(C.cost_per_million(1.30, 1000.0), 3) == 0.361
    assert C.cost_per_million(1.30, 1000.0) == pytest.approx(1.30 / 3.6)


def test_cost_per_million_reproduces_the_published_b200_example():
    # D6: B200 at 3,000 tok/s/GPU -> 10.8 M tok/h -> $1.95 / 10.8 = $0.181 / M tokens
    assert round(C.cost_per_million(1.95, 3000.0), 3) == 0.181


def test_all_in_gpu_hour_by_pricing_kind():
    assert C.gpu_hour_all_in(Pricing.RENT, 2.34, 0, 0, 5.0, 1.0) == 2.34  # rental is all-in: power not added
    own = C.gpu_hour_all_in(Pricing.OWN, 0, 30_000, 3, 2.0, 0.10)
    assert own == pytest.approx(30_000 / (3 * 8760) + 0.2)
    # all-in charges an owned GPU its capex too (like for like); PUE and hosting add to the power
    assert C.gpu_hour_all_in(Pricing.EXISTING, 0, 30_000, 3, 1.73, 0.10) == pytest.approx(30_000 / 26_280 + 0.173)
    assert C.gpu_hour_all_in(Pricing.OWN, 0, 30_000, 3, 1.0, 0.10, pue=1.3, hosting=0.2) == pytest.approx(
        30_000 / 26_280 + 0.13 + 0.2)


def test_owned_gpus_come_first_then_the_shortfall():
    assert [float(x) for x in C.split_fleet(1056, 1024)] == [1024, 32, 0]
    assert [float(x) for x in C.split_fleet(904, 1024)] == [904, 0, 120]


def test_fleet_rounds_up_to_whole_units_and_not_past_an_exact_multiple():
    assert C.fleet_gpus(200_000, 2937.5, 8) == 72  # 68.09 GPUs -> 9 nodes of 8
    assert C.fleet_gpus(200_000, 5000, 68) == 68  # 40 GPUs -> one 68-GPU unit
    assert C.fleet_gpus(64_000, 1000, 8) == 64  # exactly 8 nodes: no ninth from float noise
    assert C.fleet_gpus(64_000.0001, 1000, 8) == 72


def test_a_padded_unit_is_sized_by_the_gpus_that_serve():
    # the hand check: 68 serving GPUs on a 72-GPU unit (9 nodes of 8), 600 tok/s/GPU
    # 300,000 / (68 x 600) = 7.35 -> 8 units = 576 GPUs (dividing by the padded 72 gave 7 = 504,
    # which serve only 7 x 68 x 600 = 285,600 tok/s)
    assert C.fleet_units(300_000, 600, 68) == 8
    assert C.fleet_gpus(300_000, 600, 72, serving=68) == 576
    assert C.fleet_gpus(300_000, 600, 72) == 504  # the old, too small fleet
    # headroom and spare units: 300,000 x 1.2 / 40,800 = 8.82 -> 9 units, + 1 spare = 10 x 72
    assert C.fleet_gpus(300_000, 600, 72, serving=68, headroom=0.2, spares=1) == 720
    assert C.fleet_gpus(200_000, 600, 72, serving=68) == 360  # 4.9 -> 5 units


def test_horizon_costs():
    assert C.horizon_cost(68, 2.34, 3) == pytest.approx(68 * 2.34 * 8760 * 3)
    # an owned GPU over 3 of its 5 amortization years: 3/5 of its capex
    assert C.horizon_cost(10, 30_000 / (5 * 8760), 3) == pytest.approx(180_000)
    assert C.horizon_cost(72, C.operating_hour(1.73, 1.0, 0.10, 0.0), 3) == pytest.approx(72 * 1.73 * 8760 * 3 * 0.10)


def test_keep_option_figures_by_hand():
    oa = evaluate(workspace(), sensitivity=False).option("keep-vllm-h100")
    # capacity 2937.5 tok/s/GPU (see test_analysis_capacity); existing fleet: 1.73 kW x $0.10 = $0.173/GPU-h
    assert oa.costs.gpu_hour_usd.value == pytest.approx(0.173)
    assert oa.costs.cost_per_m_tokens_usd.value == pytest.approx(0.173 / (2937.5 * 3600 / 1e6))
    assert oa.costs.effective_cost_per_m_tokens_usd.value == pytest.approx(0.173 / (2937.5 * 3600 / 1e6) / 0.7)
    assert oa.fleet.gpus.value == 72
    assert oa.costs.hardware_usd.value == 0  # sunk
    assert oa.costs.power_usd.value == pytest.approx(327_343.68)
    assert oa.costs.engineering_person_weeks.value == 4  # porting 2 + external KV cache 2
    assert oa.costs.engineering_usd.value == 20_000
    assert oa.costs.tco_usd.value == pytest.approx(347_343.68)
    assert oa.costs.time_to_production_weeks.value == 2


def test_buy_option_uses_its_reference_topology_on_its_own_platform():
    oa = evaluate(workspace(), sensitivity=False).option("buy-sm100-deepinfer")
    # the 68-GPU reference unit on 8-GPU nodes: 9 nodes = 72 GPUs, of which 68 serve
    assert oa.fleet.unit_gpus == 72 and "9 nodes = 72 GPUs" in str(oa.fleet.unit_reason)
    assert oa.fleet.serving_per_unit == 68 and oa.fleet.padding_gpus == 4
    assert "measured on nv-b200" in str(oa.fleet.unit_reason)
    assert oa.fleet.gpus.value == 72 and oa.fleet.nodes == 9
    assert oa.fleet.shortfall_gpus == 72 and oa.fleet.acquire == "rent" and oa.fleet.rented_gpus == 72
    # $/M counts the padding: 72 GPUs at $2.34 / (68 serving x 5,000 tok/s x 3600 / 10^6)
    assert oa.costs.cost_per_m_tokens_usd.value == pytest.approx(2.34 * 72 / (68 * 5000 * 0.0036))  # 0.1376
    # in service after its time to production: 20 weeks -> 5 months; rented for the other 31
    assert oa.fleet.service_month == 5
    assert oa.costs.hardware_usd.value == pytest.approx(72 * 2.34 * 730 * 31)  # 3,812,702.40
    # until then the current fleet serves: the baseline (the first keep option, keep-vllm-h100) runs
    # its 72 owned H100s at 1.73 kW x $0.10 = $0.173/GPU-h for 5 months
    assert oa.costs.power_usd.value == pytest.approx(5 * 72 * 0.173 * 730)  # 45,465.60
    # porting 4 + external HTTP 8 + external load balancing 4 + KV cache 12 (missing, owner named)
    assert oa.costs.engineering_person_weeks.value == 28
    assert oa.costs.tco_usd.value == pytest.approx(3_812_702.4 + 45_465.6 + 28 * 5000)


def test_reference_topology_is_never_applied_to_another_platform():
    ws = with_option(workspace(), "port-deepinfer-h100",
                     topology=Topology("SM100 reference", gpus_per_node=8, kind=TopologyKind.DISAGGREGATED,
                                       prefill=Pool(4, workers=1, measured_on="nv-b200"),
                                       decode=Pool(64, workers=1, measured_on="nv-b200"),
                                       unit_gpus=68, measured_on="nv-b200"))
    oa = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    assert oa.fleet.unit_gpus == 8
    assert "measured on nv-b200, not nv-h100" in str(oa.fleet.unit_reason)
    assert oa.fleet.gpus.value == 112  # 200,000 / 1,800 = 111.1 -> 14 nodes of 8


def test_requests_per_second_demand():
    ws = workspace(demand=Demand(requests_per_s=100, output_tokens=2000))
    oa = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    assert oa.fleet.gpus.value == 72  # 200,000 output tok/s as before


def test_missing_demand_leaves_fleet_and_tco_explicitly_unknown():
    a = evaluate(workspace(demand=Demand()), sensitivity=False)
    oa = a.option("keep-vllm-h100")
    assert oa.fleet.gpus.value is None and "no demand" in str(oa.fleet.gpus.missing_reason)
    assert oa.costs.tco_usd.value is None and oa.costs.tco_usd.missing_reason
    assert oa.costs.cost_per_m_tokens_usd.value is not None  # does not need the demand
    assert any("no demand" in str(m) for m in a.messages)


def test_negative_price_is_a_message_on_the_option_not_a_crash():
    ws = with_option(workspace(), "buy-sm100-deepinfer", cost={"gpu_hour_usd": E(-1, 2, 3)})
    oa = evaluate(ws).option("buy-sm100-deepinfer")
    assert any("gpu_hour_usd" in str(m) and "negative" in str(m) for m in oa.messages)
    assert oa.costs.cost_per_m_tokens_usd.value is None
    assert "gpu_hour_usd" in str(oa.costs.cost_per_m_tokens_usd.missing_reason)


def test_own_pricing_without_power_is_explicitly_missing():
    ws = with_option(workspace(), "keep-vllm-h100", cost={"pricing": Pricing.OWN, "capex_per_gpu_usd": E.exact(30_000),
                                                          "power_kw_per_gpu": None})
    oa = evaluate(ws).option("keep-vllm-h100")
    assert oa.costs.gpu_hour_usd.value is None
    assert "power_kw_per_gpu" in str(oa.costs.gpu_hour_usd.missing_reason)


def test_every_cost_figure_has_a_trail_with_sources():
    oa = evaluate(workspace(), sensitivity=False).option("keep-vllm-h100")
    for fig in (oa.costs.gpu_hour_usd, oa.costs.cost_per_m_tokens_usd, oa.costs.tco_usd, oa.fleet.gpus,
                oa.costs.engineering_usd, oa.costs.power_usd):
        assert fig.trail, fig.name
        assert all(str(t.name) for t in fig.trail)
        assert not (isinstance(fig.value, float) and math.isnan(fig.value))
    sources = " ".join(str(t.source) for t in oa.costs.cost_per_m_tokens_usd.trail)
    assert "D3" in sources
