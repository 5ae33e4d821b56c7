"""An honest cost basis: the owned fleet, cash and all-in views, blockers that block, drawn
uncertainty. Hand-computed values from decision_practice.md section (d)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from analysis_factory import E, criteria, with_blocker, with_option, workspace

from deepdecide.analysis import evaluate, monte_carlo
from deepdecide.domain import formatting
from deepdecide.domain.workspace import CostView, PlatformFleet, Pricing
from deepdecide.storage.files import load_builtin_workspace

H = 8760 * 3  # hours in the 3-year horizon


def _view(ws, view: CostView):
    return replace(ws, assumptions=replace(ws.assumptions, cost_view=view))


def test_published_h100_example_in_both_views():
    # D6: $1.30/GPU-h at 1,000 tok/s/GPU -> 3.6 M tok/h -> $0.361 / M tokens. A rented GPU is the
    # same in both views: nothing is owned, so nothing is sunk.
    ws = with_option(workspace(), "port-deepinfer-h100",
                     cost={"pricing": Pricing.RENT, "gpu_hour_usd": E.exact(1.30),
                           "assumed_output_tps_per_gpu": E.exact(1000.0)})
    oa = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    for v in (oa.costs.cash, oa.costs.all_in):
        assert round(v.cost_per_m_tokens_usd.value, 3) == 0.361
        assert v.cost_per_m_tokens_usd.value == pytest.approx(1.30 / 3.6)
    # 200,000 tok/s / 1,000 = 200 GPUs = 25 nodes, all rented at $1.30 from the month the option is in
    # service (time to production 30 weeks -> 7 months) to the horizon's end: 29 months of 730 hours
    assert oa.fleet.gpus.value == 200 and oa.fleet.shortfall_gpus == 200 and oa.fleet.acquire == "rent"
    assert oa.fleet.service_month == 7
    assert oa.costs.all_in.hardware_usd.value == pytest.approx(200 * 1.30 * 730 * 29)
    assert oa.costs.cash.hardware_usd.value == pytest.approx(200 * 1.30 * 730 * 29)


def test_owned_fleet_first_then_the_shortfall_is_bought_cash_and_all_in_by_hand():
    # vLLM on H100: 2,937.5 tok/s/GPU -> 72 GPUs; the team owns 64; 8 are bought at $30,000
    # (3 years), 1.73 kW x PUE 1.25 x $0.10/kWh + $0.05 hosting per GPU-hour
    ws = with_option(workspace(), "keep-vllm-h100", cost={"pricing": Pricing.OWN, "power_kw_per_gpu": None,
                                                          "amortization_years": 3})
    ws = replace(ws, fleet=(PlatformFleet("nv-h100", owned_gpus=64, purchase_usd_per_gpu=E.exact(30_000),
                                          power_kw_per_gpu=E.exact(1.73),
                                          hosting_usd_per_gpu_hour=E.exact(0.05)),),
                 assumptions=replace(workspace().assumptions, pue=E.exact(1.25)))
    oa = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    op = 1.73 * 1.25 * 0.10 + 0.05  # 0.26625
    full = 30_000 / (3 * 8760) + op  # 1.40781
    f = oa.fleet
    assert (f.gpus.value, f.owned_gpus, f.owned_used, f.shortfall_gpus, f.freed_gpus) == (72, 64, 64, 8, 0)
    assert f.acquire == "buy" and f.nodes == 9
    cash, allin = oa.costs.cash, oa.costs.all_in
    # in service from month 1 (2 weeks to production); the 8 new GPUs are paid in month 0 (no lead time)
    assert f.service_month == 1 and f.bought_gpus == 8
    months = 35  # of the 36-month horizon
    fleet_cash = 8 * 30_000 + 72 * op * 730 * months
    assert cash.gpu_hour_usd.value == pytest.approx(fleet_cash / (72 * 730 * months))
    t = 2937.5 * 3600 / 1e6
    assert cash.cost_per_m_tokens_usd.value == pytest.approx(fleet_cash / (72 * t * 730 * months))
    # economic: an owned GPU with no book value stated stands at its new price over 3 years, like a bought one
    assert allin.gpu_hour_usd.value == pytest.approx(full)
    assert allin.cost_per_m_tokens_usd.value == pytest.approx(full / t)
    eng = 4 * 5000  # porting 2 + external KV cache 2 person-weeks
    # cash: month 0 the current fleet (this option is the baseline: its 64 owned GPUs) runs; from month 1
    # its 72 GPUs; the 8 bought GPUs are paid once
    assert cash.power_usd.value == pytest.approx(64 * op * 730 + 72 * op * 730 * months)
    assert cash.hardware_usd.value == pytest.approx(8 * 30_000)
    assert cash.tco_usd.value == pytest.approx(64 * op * 730 + fleet_cash + eng)
    # all-in (economic): every GPU at its amortized price, 35 of 36 months from service, and the current
    # fleet's 64 GPUs at theirs in month 0
    month = 30_000 / 36
    assert allin.hardware_usd.value == pytest.approx(72 * month * months + 64 * month)
    assert allin.tco_usd.value == pytest.approx(72 * month * months + 64 * month + cash.power_usd.value + eng)
    flows = oa.costs.cash_flow
    assert sum(m.total for m in flows.months) == pytest.approx(cash.tco_usd.value)
    assert sum(m.economic for m in flows.months) == pytest.approx(allin.tco_usd.value)
    # the workspace's view (cash, the schema-1 default) drives the scored figures
    assert oa.costs.view == CostView.CASH
    assert oa.costs.tco_usd.value == cash.tco_usd.value


def test_surplus_owned_gpus_are_freed_capacity():
    ws = replace(workspace(), fleet=(PlatformFleet("nv-h100", owned_gpus=100, purchase_usd_per_gpu=E.exact(30_000)),))
    ws = with_option(ws, "keep-vllm-h100", cost={"pricing": Pricing.OWN})
    f = evaluate(ws, sensitivity=False).option("keep-vllm-h100").fleet
    assert (f.owned_used, f.shortfall_gpus, f.freed_gpus, f.acquire) == (72, 0, 28, "")


def test_the_chosen_view_drives_the_ranking():
    # owned H100s are cheap in cash (capex sunk) and dear all-in; the B200 rental is the same in both
    fleet = (PlatformFleet("nv-h100", owned_gpus=1000, purchase_usd_per_gpu=E.exact(200_000)),)
    ws = with_option(replace(workspace(criteria=criteria(cost_per_m_tokens_usd=1)), fleet=fleet),
                     "keep-vllm-h100", cost={"pricing": Pricing.OWN})
    ws = with_option(ws, "port-deepinfer-h100", cost={"pricing": Pricing.OWN})
    cash = evaluate(_view(ws, CostView.CASH), monte_carlo=True, draws=500)
    allin = evaluate(_view(ws, CostView.ALL_IN), monte_carlo=True, draws=500)
    assert cash.winner == "keep-vllm-h100" and cash.cost_view == CostView.CASH
    assert allin.winner == "buy-sm100-deepinfer" and allin.cost_view == CostView.ALL_IN
    # P(best) is computed in the driving view
    assert allin.monte_carlo.cost_view == CostView.ALL_IN
    assert allin.monte_carlo.for_option("buy-sm100-deepinfer").p_best > 0.5
    assert cash.monte_carlo.for_option("keep-vllm-h100").p_best > 0.5


def test_an_unowned_missing_piece_blocks_until_someone_is_named_with_an_effort_range():
    ws = with_blocker(workspace(criteria=criteria(capacity_tps_per_gpu=1)), "buy-sm100-deepinfer")
    a = evaluate(ws, monte_carlo=True, draws=300)
    sm = a.option("buy-sm100-deepinfer")
    assert not sm.eligible and sm.rank is None and "buy-sm100-deepinfer" not in a.ranking
    assert "Persistent KV cache (missing, no owner)" in str(sm.eligibility_reasons[0])
    assert a.winner == "keep-vllm-h100"  # the best eligible one, though SM100 measures more
    assert a.monte_carlo.for_option("buy-sm100-deepinfer").p_best == 0
    # named, without an effort range: still not recommendable
    named = replace(ws, answers=tuple(replace(x, provider="platform team", effort_person_weeks=E(0, 0, 0))
                                      if (x.option, x.item) == ("buy-sm100-deepinfer", "kv-cache") else x
                                      for x in ws.answers))
    sm = evaluate(named, sensitivity=False).option("buy-sm100-deepinfer")
    assert not sm.eligible and "has an effort range" in str(sm.eligibility_reasons[0])
    # named with an effort range: eligible, and its 12 person-weeks count in effort and TCO
    owned = evaluate(workspace(criteria=criteria(capacity_tps_per_gpu=1)), sensitivity=False)
    sm = owned.option("buy-sm100-deepinfer")
    blocked = evaluate(ws, sensitivity=False).option("buy-sm100-deepinfer")
    assert sm.eligible and owned.winner == "buy-sm100-deepinfer"
    assert sm.costs.engineering_person_weeks.value == blocked.costs.engineering_person_weeks.value + 12
    assert sm.costs.tco_usd.value == pytest.approx(blocked.costs.tco_usd.value + 12 * 5000)


def test_recommended_option_lists_its_risks():
    a = evaluate(load_builtin_workspace(), sensitivity=False)
    kinds = {r.kind for r in a.recommendation_risks}
    assert a.winner == "keep-sglang-h100"
    assert {"assumed-capacity", "missing-parity", "proxy-evidence", "requirement"} <= kinds
    assert all(r.option == a.winner for r in a.recommendation_risks)
    req = next(r for r in a.recommendation_risks if r.kind == "requirement")
    assert "cuda" in req.text


def test_a_measured_capacity_carries_a_range_into_monte_carlo():
    # vLLM's capacity is interpolated to 2,937.5 between 2,750 (meets the SLO) and 3,500 (does not):
    # the draws go from 2,750 to as far above it, 2 x 2,937.5 - 2,750 = 3,125, below the 3,500 ceiling
    a = evaluate(workspace(), monte_carlo=True, draws=300)
    assert a.option("keep-vllm-h100").capacity.basis == "interpolated"
    assert "keep-vllm-h100.capacity" in a.monte_carlo.drawn
    flip = next(f for f in a.sensitivity.inputs if f.key == "keep-vllm-h100.capacity")
    assert (flip.low, flip.likely, flip.high) == (2750, 2937.5, 3125)
    assert "(interpolated, own measurement)" in str(flip.label)
    # a single measured point (a lower bound) with a stated measurement error of 10 %
    ws = with_option(workspace(), "buy-sm100-deepinfer", cost={"capacity_error": 0.10})
    a = evaluate(ws, monte_carlo=True, draws=300)
    assert a.option("buy-sm100-deepinfer").capacity.basis == "lower-bound"  # one passing point
    assert "buy-sm100-deepinfer.capacity" in a.monte_carlo.drawn
    flip = next(f for f in a.sensitivity.inputs if f.key == "buy-sm100-deepinfer.capacity")
    assert (flip.low, flip.likely, flip.high) == pytest.approx((4500, 5000, 5500))


def test_p_best_moves_when_a_capacity_range_widens():
    ws = workspace(criteria=criteria(capacity_tps_per_gpu=1))
    narrow = monte_carlo(with_option(ws, "buy-sm100-deepinfer", cost={"capacity_error": 0.05}), draws=2000, seed=3)
    wide = monte_carlo(with_option(ws, "buy-sm100-deepinfer", cost={"capacity_error": 0.6}), draws=2000, seed=3)
    assert narrow.for_option("buy-sm100-deepinfer").p_best == 1.0
    assert formatting.probability(narrow.for_option("buy-sm100-deepinfer").p_best, narrow.draws) == \
        "≥ 99.5 % (2,000 draws)"
    assert 0.5 < wide.for_option("buy-sm100-deepinfer").p_best < 0.99
    assert wide.for_option("keep-vllm-h100").p_best > 0


def test_p_best_of_the_sample_moves_when_the_winners_assumed_range_widens():
    ws = load_builtin_workspace()
    base = monte_carlo(ws, draws=2000, seed=11)
    wider = with_option(ws, "keep-sglang-h100", cost={"assumed_output_tps_per_gpu": E(100, 223, 260)})
    moved = monte_carlo(wider, draws=2000, seed=11)
    assert moved.for_option("keep-sglang-h100").p_best < base.for_option("keep-sglang-h100").p_best - 0.05


def test_utilization_is_drawn_into_the_effective_cost():
    ws = workspace()
    ws = replace(ws, assumptions=replace(ws.assumptions, utilization_range=E(0.5, 0.7, 0.9)))
    mc = monte_carlo(ws, draws=2000, seed=5)
    assert "assumptions.utilization" in mc.drawn
    d = mc.for_option("keep-vllm-h100")
    full, eff = d.cost_per_m_tokens_usd, d.effective_cost_per_m_tokens_usd
    assert eff.p10 < full.p50 / 0.7 < eff.p90  # the drawn utilization spreads the effective $/M
    fixed = monte_carlo(workspace(), draws=2000, seed=5).for_option("keep-vllm-h100")
    assert "assumptions.utilization" not in monte_carlo(workspace(), draws=10, seed=5).drawn
    assert fixed.effective_cost_per_m_tokens_usd.p50 == pytest.approx(fixed.cost_per_m_tokens_usd.p50 / 0.7)


def test_weights_are_drawn_within_their_stated_ranges_when_asked():
    crit = tuple(replace(c, weight_range=E(0.0, c.weight, 6.0)) if c.metric == "capacity_tps_per_gpu" else c
                 for c in criteria(cost_per_m_tokens_usd=3, capacity_tps_per_gpu=1))
    ws = workspace(criteria=crit)
    fixed = monte_carlo(ws, draws=2000, seed=9)
    drawn = monte_carlo(replace(ws, assumptions=replace(ws.assumptions, draw_weights=True)), draws=2000, seed=9)
    assert fixed.for_option("keep-vllm-h100").p_best == 1.0
    assert drawn.for_option("buy-sm100-deepinfer").p_best > 0.05  # capacity weighs more in some draws
    assert any("weights drawn" in str(n) for n in drawn.notes)
    assert sum(d.p_best for d in drawn.options) + drawn.p_no_winner == pytest.approx(1.0)


def test_assumed_figures_are_printed_with_the_precision_their_range_supports():
    a = evaluate(load_builtin_workspace(), sensitivity=False)
    asc = a.option("ascend950-deepinfer").costs.all_in
    assert asc.assumed and asc.low < asc.cost_per_m_tokens_usd.value < asc.high
    text = formatting.money(asc.tco_usd.value, approx=True, low=asc.tco_low, high=asc.tco_high)
    assert text.startswith("≈ $") and "." not in text.split("$")[1].rstrip("MkB")  # "≈ $23M", not "$22.58M"


def test_owned_gpus_running_out_of_support_before_the_horizon_ends_is_a_warning():
    ws = replace(workspace(), fleet=(PlatformFleet("nv-h100", owned_gpus=64, end_of_support="2027-06-30",
                                                   book_value_usd_per_gpu=E.exact(9000)),))
    ws = replace(ws, decision=replace(ws.decision, date="2026-11-29"))
    f = evaluate(ws, sensitivity=False).option("keep-vllm-h100").fleet
    assert [w.id for w in f.warnings] == ["fleet.support_ends"]
    assert "2027-06-30" in str(f.warnings[0]) and f.book_value_usd_per_gpu == 9000
    later = replace(ws, fleet=(replace(ws.fleet[0], end_of_support="2031-01-01"),))
    assert evaluate(later, sensitivity=False).option("keep-vllm-h100").fleet.warnings == ()
