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
from deepdecide.analysis.scoring import ScoringSetup

GRID_IN = 17  # points inside [low, high]
GRID_OUT = 8  # points on each side beyond the range
GRID_REFINE = 24  # points inside a bracket, per refinement pass
REFINE_PASSES = 2


def weight_intervals(setup: ScoringSetup, norm: np.ndarray, eligible: np.ndarray, winner: int,
                     ids: list[str]) -> tuple[WeightInterval, ...]:
    """For each scored criterion, the raw-weight interval keeping ``winner`` first (others fixed)."""
    out = []
    w = setup.weights
    elig = [j for j in range(len(ids)) if eligible[j]]
    for k, c in enumerate(setup.criteria):
        others = w.copy()
        others[k] = 0.0
        a = norm @ others  # (O,)
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

        def share(t: float, rest=rest) -> float:
            return t / (rest + t) if rest + t > 0 else 0.0

        def best_at(t: float, a=a, v=v) -> str | None:
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


def _grid(inp: UncertainInput) -> np.ndarray:
    e = inp.estimate
    top = max(2.0 * e.high, e.high + (e.high - e.low))
    inner = np.linspace(e.low, e.high, GRID_IN)
    below = np.linspace(0.0, e.low, GRID_OUT, endpoint=False) if e.low > 0 else np.empty(0)
    above = np.linspace(e.high, top, GRID_OUT + 1)[1:]
    return np.unique(np.concatenate([below, inner, above, [e.likely]]))


def _batch(model: ScenarioModel, items: list[tuple[UncertainInput, np.ndarray]]) -> list[np.ndarray]:
    """Winners for every (input, values) pair, evaluated in one batch."""
    sizes = [len(v) for _, v in items]
    total = sum(sizes)
    p = model.broadcast(total)
    touched: dict[str, np.ndarray] = {}
    start = 0
    for (inp, values), n in zip(items, sizes, strict=True):
        arr = touched.get(inp.param)
        if arr is None:
            arr = touched[inp.param] = p[inp.param].copy()
        col = 0 if inp.column is None else inp.column
        sl = slice(start, start + n)
        if inp.param == "eff":
            arr[sl, col] = model.base["eff"][col] + (values - inp.estimate.likely)
        else:
            arr[sl, col] = values
        start += n
    p.update(touched)
    win = model.winners(p)
    out = []
    start = 0
    for n in sizes:
        out.append(win[start:start + n])
        start += n
    return out


def input_flips(model: ScenarioModel, winner: int, ids: list[str]) -> tuple[InputFlip, ...]:
    """Per uncertain input, the nearest values below and above its likely value where the
    top-ranked option changes, and who wins there."""
    inputs = model.uncertain_inputs()
    if not inputs:
        return ()
    grids = [_grid(inp) for inp in inputs]
    wins = _batch(model, list(zip(inputs, grids, strict=True)))
    # brackets[i][side] = (v_near, v_far) around the change nearest the likely value
    brackets: list[dict[str, tuple[float, float]]] = []
    for inp, g, w in zip(inputs, grids, wins, strict=True):
        i0 = int(np.searchsorted(g, inp.estimate.likely))
        found: dict[str, tuple[float, float]] = {}
        for j in range(i0 - 1, -1, -1):
            if w[j] != winner:
                found["below"] = (g[j + 1], g[j])
                break
        for j in range(i0 + 1, len(g)):
            if w[j] != winner:
                found["above"] = (g[j - 1], g[j])
                break
        brackets.append(found)
    for _ in range(REFINE_PASSES):
        items, where = [], []
        for i, found in enumerate(brackets):
            for side, (near, far) in found.items():
                items.append((inputs[i], np.linspace(near, far, GRID_REFINE)))
                where.append((i, side))
        if not items:
            break
        res = _batch(model, items)
        for (i, side), (_, vals), w in zip(where, items, res, strict=True):
            j = int(np.argmax(w != winner))  # first point from the near end that changes the winner
            if w[j] == winner:  # the change sits at the far end (equal scores): keep the bracket
                continue
            brackets[i][side] = (float(vals[j - 1]), float(vals[j])) if j > 0 else (float(vals[0]), float(vals[0]))
    # who wins just past each flip
    items, where = [], []
    for i, found in enumerate(brackets):
        for side, (_near, far) in found.items():
            items.append((inputs[i], np.array([far])))
            where.append((i, side))
    after = _batch(model, items) if items else []
    new_winner: dict[tuple[int, str], int] = {k: int(w[0]) for k, w in zip(where, after, strict=True)}
    out = []
    for i, inp in enumerate(inputs):
        e = inp.estimate
        res: dict[str, tuple[float | None, str | None, bool]] = {}
        notes = []
        for side in ("below", "above"):
            if side not in brackets[i]:
                res[side] = (None, None, False)
                continue
            near, far = brackets[i][side]
            value = (near + far) / 2.0
            nw = new_winner[(i, side)]
            who = ids[nw] if nw >= 0 else None
            if nw < 0:
                notes.append(f"{side} {value:.4g} {inp.unit}: no option is eligible (knock-outs)")
            inside = e.low <= value <= e.high
            res[side] = (value, who, inside)
        if res["below"][0] is None and res["above"][0] is None:
            notes.append(f"the winner does not change between 0 and {_grid(inp)[-1]:.4g} {inp.unit}")
        out.append(InputFlip(
            inp.key, inp.option, inp.label, inp.unit, e.low, e.likely, e.high,
            res["below"][0], res["below"][1], res["above"][0], res["above"][1],
            res["below"][2], res["above"][2], "; ".join(notes)))
    return tuple(out)
