"""What would flip the decision: weight stability intervals and input break-even values.

Weights: with the other criteria's raw weights fixed, every option's score is a ratio whose
denominator is common to all options, so ranking by score is ranking by the numerator
A_o + w x v_o, a straight line in the criterion's weight w. The winner stays the winner
between the nearest crossings of its line with the other eligible options' lines (exact).

Inputs: each uncertain input (low < high) is swept, the others held at their likely values,
over its range and beyond it (0 .. about twice the high value) on a grid, then each change of
winner nearest the likely value is refined on a finer grid inside its bracket. All
scenarios of a pass are evaluated in one vectorised batch.
"""

from __future__ import annotations

import numpy as np

from deepdecide.analysis.assessment import InputFlip, WeightInterval
from deepdecide.analysis.model import ScenarioModel, UncertainInput
from deepdecide.analysis.scoring import ScoringSetup, weighted_sum
from deepdecide.domain.i18n import N_
from deepdecide.domain.messages import Amount, Message, chain, msg

GRID_IN = 9  # points inside [low, high]
MAX_SCENARIOS = 4000  # per pass; larger problems get a coarser first grid
GRID_OUT = 4  # points on each side beyond the range
GRID_REFINE = 16  # points inside a bracket, per refinement pass
REFINE_PASSES = 3


def weight_intervals(setup: ScoringSetup, norm: np.ndarray, eligible: np.ndarray, winner: int,
                     ids: list[str]) -> tuple[WeightInterval, ...]:
    """For each scored criterion, the raw-weight interval keeping ``winner`` first (others fixed)."""
    out = []
    w = setup.weights
    elig = [j for j in range(len(ids)) if eligible[j]]
    for k, c in enumerate(setup.criteria):
        others = w.copy()
        others[k] = 0.0
        a = weighted_sum(norm, others)  # (O,)
        v = norm[:, k]
        lo, hi = 0.0, np.inf
        for j in elig:
            if j == winner:
                continue
            d_a = a[winner] - a[j]
            d_v = v[winner] - v[j]
            if d_v > 0:
                lo = max(lo, -d_a / d_v)
            elif d_v < 0:
                hi = min(hi, d_a / -d_v)
        rest = float(others.sum())

        def share(t: float, rest: float = rest) -> float:
            return t / (rest + t) if rest + t > 0 else 0.0

        def best_at(t: float, a: np.ndarray = a, v: np.ndarray = v) -> str | None:
            s = a + t * v
            cand = [j for j in elig]
            if not cand:
                return None
            top = max(cand, key=lambda j: (s[j], -j))
            return ids[top]

        below = best_at(lo * (1 - 1e-9) - 1e-12) if lo > 0 else None
        above = best_at(hi * (1 + 1e-9) + 1e-12) if np.isfinite(hi) else None
        out.append(WeightInterval(
            c.id, float(w[k]), float(setup.shares[k]), float(lo), float(hi) if np.isfinite(hi) else None,
            share(float(lo)), share(float(hi)) if np.isfinite(hi) else None,
            below if below != ids[winner] else None, above if above != ids[winner] else None))
    return tuple(out)


def _round(x: float) -> float:
    """A swept bound as the note states it: four significant digits."""
    return float(f"{float(x):.4g}")


def _sizes(n_inputs: int) -> tuple[int, int, int]:
    """Grid points (beyond the range on each side, likely-side inner, other inner) for one input;
    fewer per input when there are many inputs, to keep one pass under ~MAX_SCENARIOS."""
    if n_inputs * (2 * GRID_OUT + GRID_IN) <= MAX_SCENARIOS:
        return GRID_OUT, GRID_IN // 2 + 1, GRID_IN // 2
    return 3, 4, 3


def _grids(inputs: list[UncertainInput]) -> tuple[np.ndarray, int]:
    """(n, L) values per input, ascending: 0..low, low..likely, likely..high, high..about 2 x high;
    and the column of the likely value."""
    g_out, n1, n2 = _sizes(len(inputs))
    est = np.array([(i.estimate.low, i.estimate.likely, i.estimate.high) for i in inputs], dtype=float)
    low, likely, high = est[:, :1], est[:, 1:2], est[:, 2:3]
    top = np.maximum(2.0 * high, high + (high - low))
    # a utilization is a fraction of the hours: never swept past all of them
    capped = np.array([[i.param == "util"] for i in inputs], dtype=bool).reshape(-1, 1)
    top = np.where(capped, np.maximum(np.minimum(top, 1.0), high), top)
    below = low * np.linspace(0.0, 1.0, g_out, endpoint=False)[None, :]
    lower = low + (likely - low) * np.linspace(0.0, 1.0, n1)[None, :]
    upper = likely + (high - likely) * np.linspace(0.0, 1.0, n2 + 1)[None, 1:]
    above = high + (top - high) * np.linspace(0.0, 1.0, g_out + 1)[None, 1:]
    return np.concatenate([below, lower, upper, above], axis=1), g_out + n1 - 1


def _batch(model: ScenarioModel, inputs: list[UncertainInput], grid: np.ndarray) -> np.ndarray:
    """Winners (n, L): input i set to grid[i, l], everything else at its likely value."""
    return model.sweep_winners(inputs, grid)


def input_flips(model: ScenarioModel, winner: int, ids: list[str]) -> tuple[InputFlip, ...]:
    """Per uncertain input, the nearest values below and above its likely value where the
    top-ranked option changes, and who wins there."""
    inputs = model.uncertain_inputs(candidates_only=True)
    if not inputs:
        return ()
    grid, li = _grids(inputs)
    wins = _batch(model, inputs, grid)
    changed = wins != winner
    rows = np.arange(len(inputs))
    # brackets: (input, side) -> (near, far, new winner)
    brackets: dict[tuple[int, str], tuple[float, float, int]] = {}
    if li > 0:
        left = changed[:, :li]
        j = li - 1 - np.argmax(left[:, ::-1], axis=1)
        for i in rows[left.any(axis=1)]:
            brackets[(int(i), "below")] = (grid[i, j[i] + 1], grid[i, j[i]], int(wins[i, j[i]]))
    right = changed[:, li + 1:]
    if right.shape[1]:
        j = li + 1 + np.argmax(right, axis=1)
        for i in rows[right.any(axis=1)]:
            brackets[(int(i), "above")] = (grid[i, j[i] - 1], grid[i, j[i]], int(wins[i, j[i]]))
    t = np.linspace(0.0, 1.0, GRID_REFINE)
    for _ in range(REFINE_PASSES):
        if not brackets:
            break
        keys = list(brackets)
        near = np.array([brackets[k][0] for k in keys])
        far = np.array([brackets[k][1] for k in keys])
        fine = near[:, None] + (far - near)[:, None] * t[None, :]
        w = _batch(model, [inputs[k[0]] for k in keys], fine)
        ch = w != winner
        first = np.argmax(ch, axis=1)
        for r, k in enumerate(keys):
            f = int(first[r])
            if not ch[r, f] or f == 0:  # no change inside (ties at the far end): keep the bracket
                continue
            brackets[k] = (fine[r, f - 1], fine[r, f], int(w[r, f]))
    out = []
    for i, inp in enumerate(inputs):
        e = inp.estimate
        res: dict[str, tuple[float | None, str | None, bool]] = {}
        notes: list[Message] = []
        for side in ("below", "above"):
            b = brackets.get((i, side))
            if b is None:
                res[side] = (None, None, False)
                continue
            value = float((b[0] + b[1]) / 2.0)
            who = ids[b[2]] if b[2] >= 0 else None
            if b[2] < 0:
                template = (N_("below {value}: no option is eligible (knock-outs)") if side == "below"
                            else N_("above {value}: no option is eligible (knock-outs)"))
                notes.append(msg(f"sensitivity.no_eligible_{side}", template, value=Amount(value, inp.unit)))
            res[side] = (value, who, e.low <= value <= e.high)
        moved = tuple(ids[c] for c in inp.columns) if inp.platform is not None else ()
        if moved:  # one input of the platform, shared by its options
            notes.insert(0, msg("sensitivity.affects", "affects {n} options ({options})", n=len(moved),
                                options=moved))  # ids: named where the message is written
        if res["below"][0] is None and res["above"][0] is None:
            notes.append(msg("sensitivity.no_change", "the winner does not change between {low} and {high}",
                             low=Amount(_round(grid[i, 0]), inp.unit), high=Amount(_round(grid[i, -1]), inp.unit)))
        elif not (res["below"][2] or res["above"][2]):
            notes.append(msg("sensitivity.no_flip_in_range", "no flip in its range"))
        out.append(InputFlip(
            inp.key, inp.option, inp.label, inp.unit, e.low, e.likely, e.high,
            res["below"][0], res["below"][1], res["above"][0], res["above"][1],
            res["below"][2], res["above"][2], chain(notes), float(grid[i, 0]), float(grid[i, -1]),
            platform=inp.platform, options=moved))
    return tuple(out)
