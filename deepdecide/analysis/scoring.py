"""Criteria, value functions, weighted sum, knock-outs and ranking (vectorised over scenarios).

Value functions map a criterion's raw values to 0..1 (1 = best):

- bounded metrics (evidence level 0..3, official support 0/1, service completeness 0..1) use
  their fixed scale, so an option's value does not depend on the other options;
- the others are linear over the options' range (min..max), reversed for cost criteria; when
  every option has the same value each gets 1.

A missing value (None, NaN inside) is scored as the worst value, 0, and says so. A knock-out
criterion (``knockout`` switched on with a ``knockout_threshold``) vetoes an option whose value
is worse than the threshold, or missing, before any weighting. The range of a range-based
criterion spans the candidates only (eligible, not vetoed). Ranking is by the weighted sum with weights normalised
to shares of their total; options that are not eligible (dev-only) or vetoed are not ranked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from deepdecide.analysis.assessment import CriterionInfo
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import Criterion, Direction


@dataclass(frozen=True, slots=True)
class MetricSpec:
    name: str
    natural: Direction
    unit: str
    scale: tuple[float, float] | None  # fixed value-function scale, else the options' range
    dynamic: bool  # depends on uncertain inputs (recomputed per scenario)
    description: str


METRICS: dict[str, MetricSpec] = {m.name: m for m in (
    MetricSpec("cost_per_m_tokens_usd", Direction.COST, "$/M output tokens", None, True,
               "all-in $/GPU-h / (output tok/s/GPU under the SLO x 3600 / 10^6)"),
    MetricSpec("tco_usd", Direction.COST, "$", None, True,
               "hardware + power + engineering over assumptions.horizon_years"),
    MetricSpec("time_to_production_weeks", Direction.COST, "weeks", None, True,
               "the option's time to production (likely)"),
    MetricSpec("engineering_person_weeks", Direction.COST, "person-weeks", None, True,
               "porting effort + checklist efforts (external, and missing items)"),
    MetricSpec("evidence_level", Direction.BENEFIT, "levels", (0.0, 3.0), False,
               "evidence rungs reached in order: builds, correct, performs (0..3)"),
    MetricSpec("official_support", Direction.BENEFIT, "0/1", (0.0, 1.0), False,
               "1 when the matrix lists the exact platform as official, else 0"),
    MetricSpec("service_completeness", Direction.BENEFIT, "fraction", (0.0, 1.0), False,
               "fraction of checklist items answered 'provided'"),
    MetricSpec("capacity_tps_per_gpu", Direction.BENEFIT, "output tok/s/GPU", None, True,
               "highest output tok/s per GPU that meets the SLO"),
    MetricSpec("blockers", Direction.COST, "items", None, False,
               "checklist items 'missing' with nobody named to build them"),
)}


@dataclass
class ScoringSetup:
    """The usable criteria compiled to arrays (K = number of usable criteria)."""

    criteria: list[Criterion]
    specs: list[MetricSpec]
    infos: tuple[CriterionInfo, ...]
    messages: list[Message]
    benefit: np.ndarray  # (K,) bool
    lo: np.ndarray  # (K,) fixed scale low, NaN = options' range
    hi: np.ndarray
    weights: np.ndarray  # (K,) raw
    shares: np.ndarray  # (K,) weights / total (zeros when the total is 0)
    knockout: np.ndarray  # (K,) bool
    threshold: np.ndarray  # (K,)
    weights_ok: bool

    @property
    def metrics(self) -> list[str]:
        return [c.metric for c in self.criteria]


def value_function_text(spec: MetricSpec, direction: Direction) -> Message:
    benefit = direction == Direction.BENEFIT
    if spec.scale:
        return (msg("value_function.scale_more", "linear on the fixed scale {low}..{high} (more is better)",
                    low=spec.scale[0], high=spec.scale[1]) if benefit else
                msg("value_function.scale_less", "linear on the fixed scale {low}..{high} (less is better)",
                    low=spec.scale[0], high=spec.scale[1]))
    return (msg("value_function.range_more", "linear over the options' range (more is better)") if benefit
            else msg("value_function.range_less", "linear over the options' range (less is better)"))


def compile_criteria(criteria: tuple[Criterion, ...]) -> ScoringSetup:
    used: list[Criterion] = []
    specs: list[MetricSpec] = []
    notes: dict[str, Message] = {}
    messages: list[Message] = []

    def note(c: Criterion, m: Message) -> None:
        notes[c.id] = m
        messages.append(msg("criterion.note", "criterion '{criterion}': {note}", criterion=c.id, note=m))

    for c in criteria:
        spec = METRICS.get(c.metric)
        if spec is None:
            note(c, msg("criterion.unknown_metric", "unknown metric '{metric}': criterion not scored (known: {known})",
                        metric=c.metric, known=tuple(METRICS)))
            continue
        if not isinstance(c.weight, (int, float)) or not math.isfinite(c.weight) or c.weight < 0:
            note(c, msg("criterion.bad_weight", "weight must be a number >= 0, got {weight}: criterion not scored",
                        weight=repr(c.weight)))
            continue
        if c.knockout and c.knockout_threshold is None:
            note(c, msg("criterion.knockout_no_threshold", "knock-out switched on without a threshold: no veto applied"))
        elif c.direction != spec.natural:
            notes[c.id] = msg("criterion.direction", "scored as {direction} although {metric} is naturally a {natural}",
                              direction=c.direction.value, metric=c.metric, natural=spec.natural.value)
        used.append(c)
        specs.append(spec)
    weights = np.array([float(c.weight) for c in used], dtype=float)
    total = float(weights.sum()) if len(used) else 0.0
    weights_ok = total > 0
    if not used:
        messages.append(msg("criteria.none_usable", "no usable criteria: options cannot be scored or ranked"))
    elif not weights_ok:
        messages.append(msg("criteria.zero_weights", "the criteria weights sum to 0: options cannot be ranked "
                            "(give some criterion a weight)"))
    shares = weights / total if weights_ok else np.zeros_like(weights)
    share_of = {c.id: float(s) for c, s in zip(used, shares, strict=True)}
    infos = []
    for c in criteria:
        spec = METRICS.get(c.metric)
        infos.append(CriterionInfo(
            c.id, c.name, c.metric, c.direction, float(c.weight) if isinstance(c.weight, (int, float)) else 0.0,
            share_of.get(c.id) if weights_ok else None, c.id in share_of,
            value_function_text(spec, c.direction) if spec else "", c.knockout, c.knockout_threshold,
            notes.get(c.id)))
    return ScoringSetup(
        used, specs, tuple(infos), messages,
        benefit=np.array([c.direction == Direction.BENEFIT for c in used], dtype=bool),
        lo=np.array([s.scale[0] if s.scale else np.nan for s in specs], dtype=float),
        hi=np.array([s.scale[1] if s.scale else np.nan for s in specs], dtype=float),
        weights=weights, shares=shares,
        knockout=np.array([bool(c.knockout and c.knockout_threshold is not None) for c in used], dtype=bool),
        threshold=np.array([c.knockout_threshold if c.knockout_threshold is not None else np.nan for c in used],
                           dtype=float),
        weights_ok=weights_ok,
    )


def normalize(values: np.ndarray, benefit: np.ndarray, lo: np.ndarray, hi: np.ndarray,
              candidates: np.ndarray | None = None) -> np.ndarray:
    """Value scores in 0..1 of raw values shaped (..., O, K); NaN (missing) scores 0.

    The range of a range-based criterion is taken over the ``candidates`` (..., O) only (the
    options that can be ranked), so an option that cannot win never moves the others' scores;
    the other options are scored on the same scale, clipped to 0..1.
    """
    present = ~np.isnan(values)
    in_range = present if candidates is None else present & candidates[..., None]
    mn = np.where(in_range, values, np.inf).min(axis=-2, keepdims=True, initial=np.inf)
    mx = np.where(in_range, values, -np.inf).max(axis=-2, keepdims=True, initial=-np.inf)
    fixed = ~np.isnan(lo)
    mn = np.where(fixed, lo, mn)
    mx = np.where(fixed, hi, mx)
    span = mx - mn
    with np.errstate(all="ignore"):
        up = (values - mn) / span
    score = np.where(benefit, up, 1.0 - up)
    score = np.where(np.isfinite(span) & (span > 0), score, 1.0)
    score = np.clip(score, 0.0, 1.0)
    return np.where(present, score, 0.0)


def normalize_range(signed: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """``normalize`` for range-based criteria only, on values already multiplied by +1 (benefit)
    or -1 (cost): the same result with fewer array passes (the sensitivity and Monte Carlo hot
    path). ``candidates`` is (O,) when it is the same in every scenario, else (..., O)."""
    missing_ = np.isnan(signed)
    if candidates.ndim == 1:
        sub = signed[..., candidates, :]
        if sub.shape[-2]:
            mn = np.fmin.reduce(sub, axis=-2, keepdims=True)  # fmin skips NaN (missing) quietly
            mx = np.fmax.reduce(sub, axis=-2, keepdims=True)
        else:
            mn = mx = np.full((*signed.shape[:-2], 1, signed.shape[-1]), np.nan)
    else:
        inside = candidates[..., None] & ~missing_
        mn = np.where(inside, signed, np.inf).min(axis=-2, keepdims=True, initial=np.inf)
        mx = np.where(inside, signed, -np.inf).max(axis=-2, keepdims=True, initial=-np.inf)
    span = mx - mn
    ok = np.isfinite(span) & (span > 0)
    with np.errstate(all="ignore"):
        score = (signed - mn) / np.where(ok, span, 1.0)
    np.clip(score, 0.0, 1.0, out=score)
    if not ok.all():
        score = np.where(ok, score, 1.0)
    score[missing_] = 0.0
    return score


def weighted_sum(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """sum_k values[..., k] x weights[k], without BLAS: the criteria are few, and a threaded BLAS
    call on a small matrix can cost a thousand times more on a busy machine than this loop."""
    out = np.zeros(values.shape[:-1])
    for k, w in enumerate(weights.tolist()):
        if w:
            out += values[..., k] * w
    return out


def vetoes(values: np.ndarray, benefit: np.ndarray, knockout: np.ndarray, threshold: np.ndarray) -> np.ndarray:
    """(..., O, K) bool: knock-out criterion k vetoes option o (worse than the threshold, or missing)."""
    with np.errstate(all="ignore"):
        worse = np.where(benefit, values < threshold, values > threshold)
    vetoed: np.ndarray = knockout & (worse | np.isnan(values))
    return vetoed


def winners(scores: np.ndarray, eligible: np.ndarray) -> np.ndarray:
    """Index of the best eligible option per scenario (first on ties), -1 when none is eligible."""
    if scores.shape[-1] == 0:
        return np.full(scores.shape[:-1], -1, dtype=int)
    masked = np.where(eligible, scores, -np.inf)
    best = masked.argmax(axis=-1)
    return np.where(eligible.any(axis=-1), best, -1)
