"""What would flip the decision: weight intervals, input break-evens, Monte Carlo."""

from __future__ import annotations

import math

import numpy as np
import pytest
from analysis_factory import E, criteria, with_option, workspace

from deepdecide.analysis import evaluate, monte_carlo
from deepdecide.analysis.assessment import CapacityBasis
from deepdecide.analysis.engine import _prepare, _score

# normalized values with criteria(cost_per_m_tokens_usd=1, capacity_tps_per_gpu=1), candidates only:
# $/M:      keep 1, port (0.13 - 0.026698) / (0.13 - 0.016359) = 0.90902, buy 0
# capacity: keep (2937.5 - 1800) / 3200 = 0.35547, port 0, buy 1
CPM_PORT = (0.13 - 0.173 / 6.48) / (0.13 - 0.173 / 10.575)
CAP_KEEP = (2937.5 - 1800) / 3200


def _two_criteria():
    return workspace(criteria=criteria(cost_per_m_tokens_usd=1, capacity_tps_per_gpu=1))


def test_weight_interval_by_hand():
    s = evaluate(_two_criteria()).sensitivity
    assert s.winner == "keep-vllm-h100"
    cap = next(w for w in s.weights if w.criterion == "capacity_tps_per_gpu")
    # keep's line 1 + t x 0.35547 meets buy's 0 + t x 1 at t = 1 / (1 - 0.35547)
    assert cap.low == 0 and cap.winner_below is None
    assert cap.high == pytest.approx(1 / (1 - CAP_KEEP))
    assert cap.high_share == pytest.approx(cap.high / (1 + cap.high))
    assert cap.winner_above == "buy-sm100-deepinfer"
    cpm = next(w for w in s.weights if w.criterion == "cost_per_m_tokens_usd")
    # keep's CAP_KEEP + t meets buy's 1 at t = 1 - CAP_KEEP
    assert cpm.low == pytest.approx(1 - CAP_KEEP)
    assert cpm.high is None and cpm.winner_above is None
    assert cpm.winner_below == "buy-sm100-deepinfer"


def test_weight_interval_matches_a_re_evaluation_beyond_it():
    from dataclasses import replace

    ws = _two_criteria()
    cap = next(w for w in evaluate(ws).sensitivity.weights if w.criterion == "capacity_tps_per_gpu")
    for t, winner in ((cap.high * 0.99, "keep-vllm-h100"), (cap.high * 1.01, "buy-sm100-deepinfer")):
        crit = tuple(replace(c, weight=t) if c.metric == "capacity_tps_per_gpu" else c for c in ws.criteria)
        assert evaluate(replace(ws, criteria=crit), sensitivity=False).winner == winner


def test_price_break_even_outside_the_range():
    # on $/M tokens alone, SM100 wins once its $/GPU-h / 17 (5,000 tok/s on 68 of every 72 GPUs:
    # 18 x 68 / 72) undercuts keep's 0.173 / 10.575
    a = evaluate(workspace(criteria=criteria(cost_per_m_tokens_usd=1)))
    flip = next(f for f in a.sensitivity.inputs if f.key == "buy-sm100-deepinfer.gpu_hour_usd")
    assert flip.flip_below == pytest.approx(0.173 / 10.575 * 17, rel=2e-3)
    assert flip.winner_below == "buy-sm100-deepinfer"
    assert not flip.below_in_range
    assert flip.flip_above is None


def test_assumed_capacity_break_even():
    a = evaluate(workspace(criteria=criteria(cost_per_m_tokens_usd=1)))
    flip = next(f for f in a.sensitivity.inputs if f.key == "port-deepinfer-h100.capacity")
    # same power as keep: the port is cheaper per token once it beats keep's 2937.5 tok/s/GPU
    assert flip.flip_above == pytest.approx(2937.5, rel=2e-3)
    assert flip.winner_above == "port-deepinfer-h100"
    assert (flip.low, flip.likely, flip.high) == (1000, 1800, 2600)


def test_flip_inside_the_range_is_marked_so():
    ws = with_option(workspace(criteria=criteria(cost_per_m_tokens_usd=1)), "port-deepinfer-h100",
                     cost={"assumed_output_tps_per_gpu": E(1000, 2500, 3500)})
    flip = next(f for f in evaluate(ws).sensitivity.inputs if f.key == "port-deepinfer-h100.capacity")
    assert flip.above_in_range and flip.flip_above == pytest.approx(2937.5, rel=2e-3)


def test_dev_only_inputs_are_not_flip_candidates():
    keys = [f.key for f in evaluate(workspace()).sensitivity.inputs]
    assert not any(k.startswith("rtx-dev-only") for k in keys)
    assert "buy-sm100-deepinfer.gpu_hour_usd" in keys


def test_vectorised_model_reproduces_the_deterministic_figures():
    for ws in (workspace(), _two_criteria()):
        prep = _prepare(ws)
        options, ranking, _norm, _elig = _score(prep)
        model = prep.model
        score, eligible, metrics = model.evaluate(model.broadcast(1))
        for j, oa in enumerate(options):
            det = {
                "cost_per_m_tokens_usd": oa.costs.cost_per_m_tokens_usd.value,
                "tco_usd": oa.costs.tco_usd.value,
                "time_to_production_weeks": oa.costs.time_to_production_weeks.value,
                "engineering_person_weeks": oa.costs.engineering_person_weeks.value,
                "capacity_tps_per_gpu": oa.capacity.value,
            }
            for name, value in det.items():
                got = metrics[name][0, j]
                if value is None:
                    assert math.isnan(got), (oa.option, name)
                else:
                    assert got == pytest.approx(value), (oa.option, name)
            assert score[0, j] == pytest.approx(oa.score.total)
        assert model.winners(model.broadcast(1))[0] == [o.option for o in options].index(ranking[0])


def test_monte_carlo_is_seeded_and_reproducible():
    ws = workspace()
    a = monte_carlo(ws, draws=3000, seed=11)
    b = monte_carlo(ws, draws=3000, seed=11)
    c = monte_carlo(ws, draws=3000, seed=12)
    assert a == b
    assert a != c
    assert a.draws == 3000 and a.seed == 11
    assert sum(o.p_best for o in a.options) + a.p_no_winner == pytest.approx(1.0)
    assert a.for_option("rtx-dev-only").p_best == 0


def test_monte_carlo_percentiles():
    mc = monte_carlo(workspace(), draws=4000, seed=3)
    buy = mc.for_option("buy-sm100-deepinfer")
    c = buy.cost_per_m_tokens_usd
    assert c.p10 <= c.p50 <= c.p90
    # rental $/GPU-h ~ triangular(1.95, 2.34, 2.90) at 5000 tok/s on 68 of every 72 GPUs (18 x 68 / 72
    # = 17 M tokens per GPU-hour): $/M between 1.95/17 and 2.90/17
    assert 1.95 / 17 < c.p10 < c.p90 < 2.90 / 17
    assert c.p50 == pytest.approx(np.median(np.random.default_rng(0).triangular(1.95, 2.34, 2.9, 200_000)) / 17,
                                  rel=0.02)
    assert buy.tco_usd.p10 <= buy.tco_usd.p50 <= buy.tco_usd.p90
    assert buy.missing_fraction == 0


def test_monte_carlo_uses_the_workspace_defaults():
    ws = workspace()
    a = evaluate(ws, monte_carlo=True)
    assert a.monte_carlo.draws == ws.assumptions.monte_carlo_draws
    assert a.monte_carlo.seed == ws.assumptions.monte_carlo_seed


def test_monte_carlo_with_missing_costs_reports_none_not_nan():
    ws = with_option(workspace(), "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": None})
    port = monte_carlo(ws, draws=500, seed=1).for_option("port-deepinfer-h100")
    assert port.cost_per_m_tokens_usd.p50 is None and port.missing_fraction == 1.0


@pytest.mark.parametrize("weights", [
    {},  # all nine metrics, equal weights
    {"cost_per_m_tokens_usd": 1},
    {"tco_usd": 2, "capacity_tps_per_gpu": 1, "engineering_person_weeks": 1, "blockers": 1},
])
def test_fast_single_column_sweep_equals_the_general_path(weights):
    from analysis_factory import criteria

    from deepdecide.analysis.sensitivity import _grids

    ws = workspace(criteria=criteria(**weights)) if weights else workspace()
    model = _prepare(ws).model
    inputs = [i for i in model.uncertain_inputs(candidates_only=True) if i.column is not None]
    grid, _ = _grids(inputs)
    rng = np.random.default_rng(4)
    grid = np.concatenate([grid, grid * rng.uniform(0.2, 3.0, grid.shape)], axis=1)
    fast = model._sweep_fast(inputs, grid)
    general = model._sweep_general(inputs, grid)
    assert (fast == general).all()


def test_triangular_sampler_matches_the_distribution():
    from deepdecide.analysis.montecarlo import triangular

    rng = np.random.default_rng(0)
    x = triangular(rng, np.array([[1.0, 2.0, 4.0], [0.0, 0.0, 1.0]]), 200_000)
    assert x[:, 0].min() >= 1.0 and x[:, 0].max() <= 4.0
    assert x[:, 0].mean() == pytest.approx((1 + 2 + 4) / 3, rel=5e-3)  # triangular mean
    assert np.mean(x[:, 0] < 2.0) == pytest.approx(1 / 3, abs=5e-3)  # F(mode) = (c - a) / (b - a)
    assert x[:, 1].mean() == pytest.approx(1 / 3, rel=1e-2)


def test_monte_carlo_reports_progress_and_can_be_cancelled():
    from deepdecide.domain.progress import Cancelled, CancelToken

    seen: list[float] = []
    monte_carlo(workspace(), draws=5000, seed=1, progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0
    stop = CancelToken()
    stop.cancel()
    with pytest.raises(Cancelled):
        monte_carlo(workspace(), draws=5000, seed=1, cancel=stop)
    # cancelled between blocks of draws: the run stops early
    token = CancelToken()
    blocks: list[float] = []

    def cancel_after_first_block(fraction: float) -> None:
        blocks.append(fraction)
        token.cancel()

    with pytest.raises(Cancelled):
        monte_carlo(workspace(), draws=50_000, seed=1, progress=cancel_after_first_block, cancel=token)
    assert len(blocks) == 1 and blocks[0] < 1.0
    # evaluate passes the token to its Monte Carlo
    with pytest.raises(Cancelled):
        evaluate(workspace(), monte_carlo=True, cancel=stop)


def test_reported_flip_agrees_with_a_full_re_evaluation():
    ws = workspace(criteria=criteria(cost_per_m_tokens_usd=2, tco_usd=1, capacity_tps_per_gpu=1))
    a = evaluate(ws)
    flips = [f for f in a.sensitivity.inputs if f.option and (f.flip_below or f.flip_above)]
    assert flips
    for f in flips:
        field = f.key.split(".", 1)[1]
        if field.startswith("effort") or (field == "capacity"
                                          and a.option(f.option).capacity.basis != CapacityBasis.ASSUMED):
            continue  # a capacity from runs moves with its runs, not with an assumption
        for value, expect in ((f.flip_below, f.winner_below), (f.flip_above, f.winner_above)):
            if value is None:
                continue
            step = 0.01 * (f.high - f.low)
            beyond = value - step if value < f.likely else value + step
            before = value + step if value < f.likely else value - step
            cost_field = "assumed_output_tps_per_gpu" if field == "capacity" else field
            for v, winner in ((beyond, expect), (before, a.winner)):
                changed = with_option(ws, f.option, cost={cost_field: E.exact(max(v, 0.0))})
                assert evaluate(changed, sensitivity=False).winner == winner, (f.key, v)
