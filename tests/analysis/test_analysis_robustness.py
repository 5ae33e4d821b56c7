"""Bad or odd input: a clear message where it belongs, never a crash, never a NaN."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from analysis_factory import E, criteria, workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.analysis import evaluate, to_data
from deepdecide.domain.common import Estimate
from deepdecide.domain.workspace import SLO, Assumptions, Demand, Strategy


def _no_nan(a) -> None:
    json.dumps(to_data(a), allow_nan=False)  # raises on NaN or infinity anywhere


CASES = {
    "no options": dict(options=(), answers=()),
    "no criteria": dict(criteria=()),
    "no checklist": dict(checklist=(), answers=()),
    "no SLO at all": dict(slo=SLO(max_error_rate=None)),
    "horizon and utilization out of range": dict(assumptions=Assumptions(horizon_years=0, utilization=0)),
    "unordered electricity estimate": dict(assumptions=Assumptions(electricity_usd_per_kwh=Estimate(0.2, 0.1, 0.05))),
    "zero demand": dict(demand=Demand(output_tokens_per_s=0)),
    "NaN weights": dict(criteria=tuple(replace(c, weight=float("nan")) for c in criteria())),
}


@pytest.mark.parametrize("name", list(CASES))
def test_odd_workspaces_evaluate_with_messages(name):
    a = evaluate(workspace(**CASES[name]), monte_carlo=True, draws=200)
    _no_nan(a)
    if name not in ("no checklist", "no SLO at all"):
        assert a.messages, name


def test_everything_dev_only_has_no_winner_and_says_why():
    ws = workspace()
    ws = replace(ws, options=tuple(replace(o, strategy=Strategy.DEV_ONLY) for o in ws.options))
    a = evaluate(ws, monte_carlo=True, draws=200)
    assert a.winner is None and a.sensitivity is None
    assert "dev-only" in str(a.no_recommendation)
    assert a.monte_carlo.p_no_winner == 1.0


def test_knockout_on_a_changing_metric_is_applied_in_every_scenario():
    crit = tuple(replace(c, knockout=True, knockout_threshold=500_000) if c.metric == "tco_usd" else c
                 for c in criteria())
    a = evaluate(workspace(criteria=crit), monte_carlo=True, draws=500)
    assert a.ranking == ("keep-vllm-h100",)  # the others' TCO is above $500k
    assert a.monte_carlo.for_option("buy-sm100-deepinfer").p_best == 0
    _no_nan(a)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    weights=st.lists(st.floats(0, 10), min_size=9, max_size=9),
    rate=st.tuples(st.floats(0, 10), st.floats(0, 10), st.floats(0, 10)).map(sorted),
    ttft=st.one_of(st.none(), st.floats(1, 5000)),
    tpot=st.one_of(st.none(), st.floats(1, 100)),
    demand=st.one_of(st.none(), st.floats(0, 1e7)),
)
def test_random_inputs_never_crash_or_give_nan(weights, rate, ttft, tpot, demand):
    ws = workspace(
        criteria=criteria(**dict(zip([c.metric for c in criteria()], weights, strict=True))),
        slo=SLO(ttft_p99_ms=ttft, tpot_p99_ms=tpot, max_error_rate=0.01),
        demand=Demand(output_tokens_per_s=demand),
    )
    opts = tuple(replace(o, cost=replace(o.cost, gpu_hour_usd=E(*rate))) if o.id == "buy-sm100-deepinfer" else o
                 for o in ws.options)
    a = evaluate(replace(ws, options=opts), monte_carlo=True, draws=100)
    _no_nan(a)
    for oa in a.options:
        if oa.score is not None:
            assert math.isfinite(oa.score.total)
    assert (a.winner is None) == (not a.ranking)
