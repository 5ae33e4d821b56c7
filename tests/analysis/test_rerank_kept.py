"""A weight slider re-scores the last evaluated workspace's prepared inputs (``engine._prepared``):
when a workspace differs from the last one only in its criteria's weights, the money, capacity and
evidence are not worked out again. The Assessment it gives equals a full evaluation's, field by
field (NaN equal to NaN), with or without sensitivity and Monte Carlo; any other change (an SLO
field, a price, the evidence, a criterion's other fields, the language, an option kind's judge)
evaluates afresh."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest
from analysis_factory import criteria, evidence, with_blocker, with_option, workspace

from deepdecide.analysis import engine, evaluate, standing
from deepdecide.analysis.assessment import MEETS_SLO, Assessment
from deepdecide.domain import i18n
from deepdecide.domain.common import Estimate
from deepdecide.domain.workspace import Direction, Strategy, Workspace
from deepdecide.storage.files import load_workspace, sample_workspace_path


def _forget() -> None:
    engine.forget()


@pytest.fixture(autouse=True)
def _nothing_kept():
    _forget()
    yield
    _forget()


@pytest.fixture
def prepared(monkeypatch) -> list[Workspace]:
    """The workspaces ``_prepare`` was called with (a full evaluation), in order."""
    calls: list[Workspace] = []
    real = engine._prepare

    def counting(ws, views=True):
        calls.append(ws)
        return real(ws, views)
    monkeypatch.setattr(engine, "_prepare", counting)
    return calls


def _difference(a: object, b: object, path: str = "assessment") -> str | None:
    """Where two values differ (None: they are equal), NaN equal to NaN, types compared exactly."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, float):
        same = (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
        return None if same else f"{path}: {a!r} != {b!r}"
    if isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray)
        same = a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
        return None if same else f"{path}: arrays differ"
    if isinstance(a, (tuple, list)):
        assert isinstance(b, (tuple, list))
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        return next((d for i, (x, y) in enumerate(zip(a, b, strict=True))
                     if (d := _difference(x, y, f"{path}[{i}]")) is not None), None)
    if isinstance(a, dict):
        assert isinstance(b, dict)
        if list(a) != list(b):
            return f"{path}: keys {list(a)} != {list(b)}"
        return next((d for k in a if (d := _difference(a[k], b[k], f"{path}[{k!r}]")) is not None), None)
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return next((d for f in dataclasses.fields(a)
                     if (d := _difference(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")) is not None),
                    None)
    return None if a == b else f"{path}: {a!r} != {b!r}"


def _full(ws: Workspace, **kw) -> Assessment:
    """A full evaluation: nothing kept from a previous one."""
    _forget()
    try:
        return evaluate(ws, **kw)
    finally:
        _forget()


def _reweight(ws: Workspace, **weights: float) -> Workspace:
    """``ws`` with the named criteria's weights changed (each criterion otherwise the same object)."""
    assert set(weights) <= {c.id for c in ws.criteria}, weights
    return replace(ws, criteria=tuple(replace(c, weight=weights[c.id]) if c.id in weights else c
                                      for c in ws.criteria))


def _scaled(ws: Workspace, factor: float) -> Workspace:
    return replace(ws, criteria=tuple(replace(c, weight=c.weight * factor) for c in ws.criteria))


def _sample() -> Workspace:
    return load_workspace(sample_workspace_path())


def _with_knockouts() -> Workspace:
    """Several options and evidence, a knock-out that vetoes one option and a blocked option."""
    ws = with_blocker(workspace(), "port-deepinfer-h100")
    crit = tuple(replace(c, knockout=True, knockout_threshold=4.0) if c.metric == "time_to_production_weeks" else c
                 for c in criteria())
    return replace(ws, criteria=crit)


WORKSPACES: dict[str, Callable[[], Workspace]] = {
    "sample": _sample,
    "several options": workspace,
    "knock-outs": _with_knockouts,
    "three criteria": lambda: workspace(criteria=criteria(cost_per_m_tokens_usd=2.0, evidence_level=1.0,
                                                          capacity_tps_per_gpu=0.5)),
}


def _changes(ws: Workspace) -> list[tuple[str, Workspace]]:
    """Weight changes of ``ws``: a slider step, one weight to 0, every weight to 0 (no ranking, no
    score), weights the criteria refuse (NaN, negative, infinite: the criterion not scored), an
    integer weight, a huge one, every weight scaled, and back to the original weights."""
    first, last = ws.criteria[0], ws.criteria[-1]
    return [
        ("slider step", _reweight(ws, **{first.id: first.weight * 0.9 + 0.05})),
        ("one to 0", _reweight(ws, **{first.id: 0.0})),
        ("last to 0", _reweight(ws, **{last.id: 0.0})),
        ("all to 0", _scaled(ws, 0.0)),
        ("NaN", _reweight(ws, **{first.id: math.nan})),
        ("negative", _reweight(ws, **{last.id: -1.0})),
        ("infinite", _reweight(ws, **{first.id: math.inf})),
        ("integer", _reweight(ws, **{first.id: 3})),
        ("huge", _reweight(ws, **{last.id: 1e12})),
        ("scaled", _scaled(ws, 2.5)),
        ("back", ws),
    ]


def _check(fast: Assessment, full: Assessment, label: str) -> None:
    diff = _difference(fast, full)
    assert diff is None, f"{label}: {diff}"


@pytest.mark.parametrize("name", list(WORKSPACES))
def test_a_weight_change_re_scores_as_a_full_evaluation(name, prepared):
    ws = WORKSPACES[name]()
    for label, changed in _changes(ws):
        evaluate(ws, sensitivity=False)
        prepared.clear()
        fast = evaluate(changed, sensitivity=False)
        assert prepared == [], f"{label}: a weight-only change evaluated afresh"
        _check(fast, _full(changed, sensitivity=False), label)


@pytest.mark.parametrize("name", list(WORKSPACES))
def test_weight_changes_in_a_row_re_score_as_full_evaluations(name, prepared):
    """Each step re-scored from the one before (itself re-scored), with sensitivity."""
    ws = WORKSPACES[name]()
    steps = _changes(ws)
    expected = [_full(changed) for _, changed in steps]
    evaluate(ws)
    prepared.clear()
    got = [evaluate(changed) for _, changed in steps]
    assert prepared == []
    for (label, _), fast, full in zip(steps, got, expected, strict=True):
        _check(fast, full, label)


def test_sensitivity_follows_the_weights(prepared):
    """The weight intervals and input flips rest on the weights: re-scored, they are the new weights'."""
    ws = workspace()
    changed = _reweight(ws, cost_per_m_tokens_usd=5.0, evidence_level=0.0)
    before = evaluate(ws)
    fast = evaluate(changed)
    assert len(prepared) == 1
    full = _full(changed)
    assert fast.sensitivity is not None and before.sensitivity is not None
    assert fast.sensitivity != before.sensitivity
    _check(fast, full, "sensitivity")


def test_monte_carlo_follows_the_weights(prepared):
    ws = workspace()
    changed = _reweight(ws, cost_per_m_tokens_usd=5.0, capacity_tps_per_gpu=0.0)
    evaluate(ws, monte_carlo=True, draws=300, seed=3)
    fast = evaluate(changed, monte_carlo=True, draws=300, seed=3)
    assert len(prepared) == 1
    _check(fast, _full(changed, monte_carlo=True, draws=300, seed=3), "monte carlo")


def _price(ws: Workspace) -> Workspace:
    return with_option(ws, "buy-sm100-deepinfer", cost={"gpu_hour_usd": Estimate(2.0, 2.5, 3.0)})


def _fewer_runs(ws: Workspace) -> Workspace:
    f = ws.evidence.files[0]
    return replace(ws, evidence=replace(ws.evidence, files=(replace(f, runs=f.runs[:-1]),)))


def _criterion(ws: Workspace, **changes) -> Workspace:
    first = ws.criteria[0]
    return replace(ws, criteria=(replace(first, **changes), *ws.criteria[1:]))


OTHER_CHANGES: dict[str, Callable[[Workspace], Workspace]] = {
    "SLO field": lambda ws: replace(ws, slo=replace(ws.slo, ttft_p99_ms=900)),
    "SLO field and a weight": lambda ws: replace(_reweight(ws, tco_usd=4.0), slo=replace(ws.slo, tpot_p99_ms=30)),
    "price": _price,
    "price and a weight": lambda ws: _reweight(_price(ws), tco_usd=0.0),
    "evidence": _fewer_runs,
    "evidence rebuilt equal": lambda ws: replace(ws, evidence=evidence()),
    "options rebuilt equal": lambda ws: replace(ws, options=tuple(list(ws.options))),
    "utilization": lambda ws: replace(ws, assumptions=replace(ws.assumptions, utilization=0.5)),
    "demand": lambda ws: replace(ws, demand=replace(ws.demand, output_tokens_per_s=50_000)),
    "criterion knock-out": lambda ws: _criterion(ws, knockout=True, knockout_threshold=1.0),
    "criterion direction": lambda ws: _criterion(ws, direction=Direction.BENEFIT
                                                 if ws.criteria[0].direction == Direction.COST else Direction.COST),
    "criterion metric": lambda ws: _criterion(ws, metric="blockers"),
    "criterion name": lambda ws: _criterion(ws, name="renamed"),
    "criterion weight range": lambda ws: _criterion(ws, weight_range=Estimate(0.5, 1.0, 2.0)),
    "criteria reordered": lambda ws: replace(ws, criteria=ws.criteria[::-1]),
    "criterion removed": lambda ws: replace(ws, criteria=ws.criteria[1:]),
    "criterion added": lambda ws: replace(ws, criteria=(*ws.criteria, *criteria(blockers=2.0))),
    "chosen option": lambda ws: replace(ws, decision=replace(ws.decision, chosen_option="keep-vllm-h100")),
}


@pytest.mark.parametrize("change", list(OTHER_CHANGES))
def test_any_other_change_evaluates_afresh(change, prepared):
    ws = workspace()
    changed = OTHER_CHANGES[change](ws)
    evaluate(ws)
    prepared.clear()
    got = evaluate(changed)
    assert prepared == [changed], f"{change}: re-scored the last workspace's inputs"
    _check(got, _full(changed), change)


def test_another_language_evaluates_afresh(prepared):
    """Some notes of the prepared inputs are worded in the language they were built in."""
    ws = _sample()
    changed = _reweight(ws, **{ws.criteria[0].id: 0.25})
    evaluate(ws, sensitivity=False)
    prepared.clear()
    with i18n.using("es"):
        got = evaluate(changed, sensitivity=False)
        assert prepared == [changed]
        _check(got, _full(changed, sensitivity=False), "es")


def test_another_judge_of_an_option_kind_evaluates_afresh(prepared, monkeypatch):
    """An option kind's judge against the SLO (``standing.register``) is part of what was prepared."""
    ws = workspace()
    changed = _reweight(ws, tco_usd=2.0)
    evaluate(ws, sensitivity=False)
    monkeypatch.setattr(standing, "_JUDGES", dict(standing._JUDGES))
    standing.register(Strategy.PORT.value, lambda ws, option, cap: MEETS_SLO)
    prepared.clear()
    got = evaluate(changed, sensitivity=False)
    assert prepared == [changed] and got.option("port-deepinfer-h100").slo_standing == MEETS_SLO
    _check(got, _full(changed, sensitivity=False), "judge")


def test_the_evidence_index_forgotten_evaluates_afresh(prepared):
    """What the kept evidence index is dropped with (the next evaluation judges the evidence afresh)
    drops the prepared inputs too."""
    ws = workspace()
    evaluate(ws)
    engine._LAST_INDEX.clear()
    prepared.clear()
    evaluate(_reweight(ws, tco_usd=2.0))
    assert len(prepared) == 1


def test_not_kept_evaluates_afresh(prepared):
    """``keep=False`` (a record build) neither re-scores the kept inputs nor replaces them."""
    ws = workspace()
    changed = _reweight(ws, tco_usd=2.0)
    evaluate(ws)
    kept = engine._LAST_PREPARED[0]
    prepared.clear()
    got = evaluate(changed, keep=False)
    assert prepared == [changed] and len(engine._LAST_PREPARED) == 1 and engine._LAST_PREPARED[0] is kept
    _check(got, _full(changed), "not kept")


def test_a_record_build_evaluates_afresh(prepared):
    from deepdecide.report.render import evaluate as record_evaluate

    ws = workspace()
    evaluate(ws, sensitivity=False)
    prepared.clear()
    record_evaluate(_reweight(ws, tco_usd=2.0))
    assert len(prepared) == 1


def test_one_workspace_kept():
    ws = workspace()
    evaluate(ws)
    evaluate(_reweight(ws, tco_usd=2.0))
    evaluate(_sample())
    assert len(engine._LAST_PREPARED) == 1
