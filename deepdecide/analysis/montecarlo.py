"""Monte Carlo over the triangular (low, likely, high) ranges of the uncertain inputs.

Seeded with numpy's PCG64 generator, inputs drawn in a fixed order, so the same workspace,
draw count and seed give the same numbers. Each draw re-scores every option; the result is
P(rank 1) per option and P10 / P50 / P90 of $/M tokens and TCO.
"""

from __future__ import annotations

import numpy as np

from deepdecide.analysis.assessment import MonteCarlo, OptionDraws, Percentiles
from deepdecide.analysis.model import ScenarioModel


def _percentiles(x: np.ndarray) -> tuple[list[Percentiles], list[float]]:
    """P10 / P50 / P90 per column of (draws, O), over the draws where the value exists."""
    finite = np.isfinite(x)
    full = finite.all(axis=0)
    out: list[Percentiles | None] = [None] * x.shape[1]
    miss = (1.0 - finite.mean(axis=0)).tolist() if len(x) else [1.0] * x.shape[1]
    if full.any():
        q = np.percentile(x[:, full], [10, 50, 90], axis=0)
        for n, j in enumerate(np.flatnonzero(full)):
            out[j] = Percentiles(float(q[0, n]), float(q[1, n]), float(q[2, n]))
    for j in np.flatnonzero(~full):
        ok = x[finite[:, j], j]
        if len(ok):
            p10, p50, p90 = np.percentile(ok, [10, 50, 90])
            out[j] = Percentiles(float(p10), float(p50), float(p90))
        else:
            out[j] = Percentiles(None, None, None)
    return out, miss  # type: ignore[return-value]


def run(model: ScenarioModel, ids: list[str], draws: int, seed: int, *, ranking_ok: bool = True) -> MonteCarlo:
    """Draw every uncertain input ``draws`` times and re-score the options."""
    draws = max(int(draws), 1)
    rng = np.random.default_rng(seed)
    p = model.broadcast(draws)
    touched: dict[str, np.ndarray] = {}
    inputs = model.uncertain_inputs()
    if inputs:
        est = np.array([(i.estimate.low, i.estimate.likely, i.estimate.high) for i in inputs])
        x = rng.triangular(est[:, 0], est[:, 1], est[:, 2], size=(draws, len(inputs)))
    for n, inp in enumerate(inputs):
        arr = touched.get(inp.param)
        if arr is None:
            arr = touched[inp.param] = p[inp.param].copy()
        col = 0 if inp.column is None else inp.column
        if inp.param == "eff":
            arr[:, col] += x[:, n] - inp.estimate.likely
        else:
            arr[:, col] = x[:, n]
    p.update(touched)
    score, eligible, metrics = model.evaluate(p)
    notes = [f"{len(inputs)} uncertain input(s) drawn from triangular(low, likely, high); "
             f"{draws} draws, seed {seed}"]
    if ranking_ok:
        from deepdecide.analysis.scoring import winners

        win = winners(score, eligible)
        counts = np.bincount(win[win >= 0], minlength=len(ids))
        p_best = counts / draws
        p_none = float((win < 0).mean())
    else:
        p_best = np.zeros(len(ids))
        p_none = 1.0
        notes.append("no ranking (see the criteria messages): P(rank 1) is 0 for every option")
    cpm, miss_c = _percentiles(metrics["cost_per_m_tokens_usd"])
    tco, miss_t = _percentiles(metrics["tco_usd"])
    options = [OptionDraws(oid, float(p_best[j]), cpm[j], tco[j], max(miss_c[j], miss_t[j]))
               for j, oid in enumerate(ids)]
    return MonteCarlo(draws, seed, tuple(options), p_none, tuple(notes))
