"""Monte Carlo over the triangular (low, likely, high) ranges of the uncertain inputs.

Seeded with numpy's PCG64 generator, inputs drawn in a fixed order, so the same workspace,
draw count and seed give the same numbers. Each draw re-scores every option; the result is
P(rank 1) per option and P10 / P50 / P90 of $/M tokens and TCO.
"""

from __future__ import annotations

import numpy as np

from deepdecide.analysis.assessment import MonteCarlo, OptionDraws, Percentiles
from deepdecide.analysis.model import ScenarioModel


def _pct(x: np.ndarray) -> tuple[Percentiles, float]:
    ok = x[np.isfinite(x)]
    miss = 1.0 - len(ok) / len(x) if len(x) else 1.0
    if not len(ok):
        return Percentiles(None, None, None), miss
    p10, p50, p90 = np.percentile(ok, [10, 50, 90])
    return Percentiles(float(p10), float(p50), float(p90)), miss


def run(model: ScenarioModel, ids: list[str], draws: int, seed: int, *, ranking_ok: bool = True) -> MonteCarlo:
    """Draw every uncertain input ``draws`` times and re-score the options."""
    draws = max(int(draws), 1)
    rng = np.random.default_rng(seed)
    p = model.broadcast(draws)
    touched: dict[str, np.ndarray] = {}
    inputs = model.uncertain_inputs()
    for inp in inputs:
        e = inp.estimate
        x = rng.triangular(e.low, e.likely, e.high, size=draws)
        arr = touched.get(inp.param)
        if arr is None:
            arr = touched[inp.param] = p[inp.param].copy()
        col = 0 if inp.column is None else inp.column
        if inp.param == "eff":
            arr[:, col] += x - e.likely
        else:
            arr[:, col] = x
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
    cpm = metrics["cost_per_m_tokens_usd"]
    tco = metrics["tco_usd"]
    options = []
    for j, oid in enumerate(ids):
        c, miss_c = _pct(cpm[:, j])
        t, miss_t = _pct(tco[:, j])
        options.append(OptionDraws(oid, float(p_best[j]), c, t, max(miss_c, miss_t)))
    return MonteCarlo(draws, seed, tuple(options), p_none, tuple(notes))
