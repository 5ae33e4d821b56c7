"""Scores: value functions, weights, knock-outs, eligibility, properties, bad input."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from analysis_factory import criteria, with_option, workspace
from hypothesis import given, settings
from hypothesis import strategies as st

from deepdecide.analysis import evaluate, to_data
from deepdecide.analysis.scoring import METRICS, compile_criteria, normalize, winners
from deepdecide.domain.workspace import Criterion, Direction


def test_every_metric_of_the_vocabulary_is_scored():
    a = evaluate(workspace(), sensitivity=False)
    assert {c.metric for c in a.criteria} == set(METRICS)
    assert all(c.used and not c.message for c in a.criteria)
    oa = a.option("keep-vllm-h100")
    raw = {p.metric: p.raw for p in oa.score.parts}
    assert raw == {
        "cost_per_m_tokens_usd": pytest.approx(0.173 / (2937.5 * 0.0036)),
        "tco_usd": pytest.approx(347_343.68),
        "time_to_production_weeks": 2,
        "engineering_person_weeks": 4,
        "evidence_level": 3,
        "official_support": 1,
        "service_completeness": pytest.approx(2 / 3),
        "capacity_tps_per_gpu": pytest.approx(2937.5),
        "blockers": 0,
    }


def test_weighted_sum_by_hand():
    # two criteria: $/M tokens (cost, weight 3) and capacity (benefit, weight 1), over the candidates
    # keep 0.016359 / 2937.5, port 0.026698 / 1800, buy 0.1376 / 5000 (its 72-GPU unit serves with 68:
    # $0.13 x 72 / 68) (rtx is dev-only: not in the range)
    ws = workspace(criteria=criteria(cost_per_m_tokens_usd=3, capacity_tps_per_gpu=1))
    a = evaluate(ws, sensitivity=False)
    cpm = {"keep-vllm-h100": 0.173 / 10.575, "port-deepinfer-h100": 0.173 / 6.48,
           "buy-sm100-deepinfer": 0.13 * 72 / 68}
    cap = {"keep-vllm-h100": 2937.5, "port-deepinfer-h100": 1800, "buy-sm100-deepinfer": 5000}
    lo_c, hi_c = min(cpm.values()), max(cpm.values())
    for oid in cpm:
        expect = 0.75 * (hi_c - cpm[oid]) / (hi_c - lo_c) + 0.25 * (cap[oid] - 1800) / (5000 - 1800)
        assert a.option(oid).score.total == pytest.approx(expect)
    assert a.ranking == ("keep-vllm-h100", "port-deepinfer-h100", "buy-sm100-deepinfer")
    assert a.option("keep-vllm-h100").rank == 1


def test_dev_only_is_shown_but_never_ranked():
    a = evaluate(workspace(), sensitivity=False)
    rtx = a.option("rtx-dev-only")
    assert not rtx.eligible and rtx.rank is None and rtx.score is not None
    assert "never production capacity" in str(rtx.eligibility_reasons[0])
    assert "rtx-dev-only" not in a.ranking


def test_knockout_vetoes_with_its_reason():
    crit = tuple(replace(c, knockout=True, knockout_threshold=1) if c.metric == "official_support" else c
                 for c in criteria())
    a = evaluate(workspace(criteria=crit), sensitivity=False)
    port = a.option("port-deepinfer-h100")
    assert port.rank is None and port.vetoes
    assert "official_support" in str(port.vetoes[0]) and "< threshold 1" in str(port.vetoes[0])
    assert "port-deepinfer-h100" not in a.ranking


def test_knockout_on_a_missing_value_vetoes():
    crit = tuple(replace(c, knockout=True, knockout_threshold=1000) if c.metric == "capacity_tps_per_gpu" else c
                 for c in criteria())
    ws = with_option(workspace(criteria=crit), "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": None})
    port = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    assert port.rank is None and "value missing" in str(port.vetoes[0])


def test_missing_value_is_scored_worst_and_says_so():
    ws = with_option(workspace(), "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": None})
    port = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    part = next(p for p in port.score.parts if p.metric == "capacity_tps_per_gpu")
    assert part.raw is None and part.value_score == 0.0
    assert "scored as the worst value" in str(part.note)
    assert all(math.isfinite(p.contribution) for p in port.score.parts)


def test_weights_summing_to_zero_give_a_message_and_no_ranking():
    ws = workspace(criteria=criteria(cost_per_m_tokens_usd=0, capacity_tps_per_gpu=0))
    a = evaluate(ws, monte_carlo=True)
    assert a.ranking == () and a.winner is None
    assert any("sum to 0" in str(m) for m in a.messages)
    assert all(o.score is None for o in a.options)
    assert a.monte_carlo is not None and all(d.p_best == 0 for d in a.monte_carlo.options)


def test_unknown_metric_is_a_message_on_that_criterion():
    crit = (*criteria(capacity_tps_per_gpu=1), Criterion("vibes", "Vibes", "vibes_score", Direction.BENEFIT, 5))
    a = evaluate(workspace(criteria=crit), sensitivity=False)
    info = next(c for c in a.criteria if c.id == "vibes")
    assert not info.used and "unknown metric 'vibes_score'" in str(info.message)
    assert any("vibes" in str(m) for m in a.messages)
    assert a.winner == "buy-sm100-deepinfer"  # ranked on capacity alone


def test_negative_weight_built_in_code_is_not_used():
    crit = (*criteria(capacity_tps_per_gpu=1), Criterion("neg", "Neg", "tco_usd", Direction.COST, -2))
    a = evaluate(workspace(criteria=crit), sensitivity=False)
    assert not next(c for c in a.criteria if c.id == "neg").used


def test_score_trail_names_every_criterion():
    oa = evaluate(workspace(), sensitivity=False).option("buy-sm100-deepinfer")
    assert [t.name for t in oa.score.trail] == [c.id for c in criteria()]
    assert sum(t.value for t in oa.score.trail) == pytest.approx(oa.score.total)
    for p in oa.score.parts:
        assert p.source is not None and p.source.trail or p.source.missing_reason or p.metric in (
            "blockers", "evidence_level", "official_support")


def test_assessment_serializes_without_nan():
    import json

    a = evaluate(workspace(), monte_carlo=True)
    text = json.dumps(to_data(a), allow_nan=False)
    assert "keep-vllm-h100" in text


# ---------------------------------------------------------------------------------------------
# properties over random decision matrices

matrices = st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.floats(0, 100, allow_nan=False), min_size=4, max_size=4), min_size=n, max_size=n),
    st.lists(st.floats(0.01, 10), min_size=4, max_size=4),
))
BENEFIT = np.array([True, False, True, False])
NOSCALE = np.full(4, np.nan)


def _rank(values, weights):
    v = np.array(values)[None]
    norm = normalize(v, BENEFIT, NOSCALE, NOSCALE)[0]
    scores = norm @ (np.array(weights) / sum(weights))
    return scores, list(np.argsort(-scores, kind="stable"))


@settings(max_examples=80, deadline=None)
@given(matrices, st.floats(0.01, 1000))
def test_scaling_all_weights_keeps_the_ranking(m, factor):
    values, weights = m
    s1, r1 = _rank(values, weights)
    s2, r2 = _rank(values, [w * factor for w in weights])
    assert np.allclose(s1, s2)
    assert r1 == r2 or np.allclose(s1[r1], s1[r2])


@settings(max_examples=80, deadline=None)
@given(matrices)
def test_a_dominating_option_ranks_first(m):
    values, weights = m
    values = [list(r) for r in values]
    # option 0 at least as good as every other on every criterion, strictly better on one
    for k in range(4):
        col = [r[k] for r in values]
        values[0][k] = (max(col) if BENEFIT[k] else min(col))
    values[0][0] = max(r[0] for r in values) + 1.0
    scores, _ = _rank(values, weights)
    w = winners(scores[None], np.ones((1, len(values)), dtype=bool))[0]
    assert w == 0


@settings(max_examples=80, deadline=None)
@given(matrices, st.integers(0, 5), st.floats(0, 50))
def test_improving_a_benefit_criterion_never_lowers_the_score(m, who, delta):
    values, weights = m
    who = who % len(values)
    before, _ = _rank(values, weights)
    better = [list(r) for r in values]
    better[who][0] += delta  # criterion 0 is a benefit
    after, _ = _rank(better, weights)
    assert after[who] >= before[who] - 1e-12


def test_improving_capacity_in_a_workspace_never_lowers_that_options_score():
    base = evaluate(workspace(), sensitivity=False).option("port-deepinfer-h100").score.total
    from analysis_factory import E

    ws = with_option(workspace(), "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": E(1000, 2500, 2600)})
    assert evaluate(ws, sensitivity=False).option("port-deepinfer-h100").score.total >= base


def test_compile_criteria_shares():
    setup = compile_criteria(criteria(tco_usd=1, blockers=3))
    assert setup.shares.tolist() == [0.25, 0.75]
    assert setup.weights_ok
