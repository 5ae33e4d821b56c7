"""Monte Carlo over the triangular (low, likely, high) ranges of the uncertain inputs.

Seeded with numpy's PCG64 generator, inputs drawn in a fixed order, so the same workspace,
draw count and seed give the same numbers. Each draw re-scores every option; the result is
P(rank 1) per option and P10 / P50 / P90 of $/M tokens and TCO.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from deepdecide.analysis import voi
from deepdecide.analysis.assessment import InformationValue, Measurement, MonteCarlo, OptionDraws, Percentiles
from deepdecide.analysis.model import ScenarioModel, UncertainInput
from deepdecide.analysis.scoring import winners
from deepdecide.domain.messages import Message, msg, msgn
from deepdecide.domain.progress import Cancellable, ProgressCallback, check_cancelled, report
from deepdecide.domain.workspace import CostView

_DECILES = np.array([10, 50, 90]) / 100


def _p10_p50_p90(x: np.ndarray) -> np.ndarray:
    """(3, ...) P10 / P50 / P90 along the first axis of ``x`` (finite, at least one row): exactly
    ``np.percentile(x, [10, 50, 90], axis=0)`` (its default, linear method; the same steps, the same
    partition), without the masked-array module that ``np.percentile`` loads on its first call."""
    n = x.shape[0]
    virtual = (n - 1) * _DECILES
    below = np.floor(virtual)
    above = below + 1
    last = virtual >= n - 1
    below[last] = -1
    above[last] = -1
    gamma = (virtual - below).reshape((3,) + (1,) * (x.ndim - 1))
    below_i, above_i = below.astype(np.intp), above.astype(np.intp)
    arr = x.copy()
    arr.partition(sorted({0, -1, *below_i.tolist(), *above_i.tolist()}), axis=0)
    low, high = arr[below_i], arr[above_i]
    diff = high - low
    out: np.ndarray = low + diff * gamma
    np.subtract(high, diff * (1 - gamma), out=out, where=gamma >= 0.5)
    return out


def _percentiles(x: np.ndarray) -> tuple[list[Percentiles], list[float]]:
    """P10 / P50 / P90 per column of (draws, O), over the draws where the value exists."""
    finite = np.isfinite(x)
    full = finite.all(axis=0)
    none = Percentiles(None, None, None)
    out: list[Percentiles] = [none] * x.shape[1]
    miss = (1.0 - finite.mean(axis=0)).tolist() if len(x) else [1.0] * x.shape[1]
    if full.any() and len(x):
        q = _p10_p50_p90(x[:, full])
        for n, j in enumerate(np.flatnonzero(full)):
            out[j] = Percentiles(float(q[0, n]), float(q[1, n]), float(q[2, n]))
    for j in np.flatnonzero(~full):
        ok = x[finite[:, j], j]
        if len(ok):
            p10, p50, p90 = _p10_p50_p90(ok)
            out[j] = Percentiles(float(p10), float(p50), float(p90))
    return out, miss


CHUNK_CELLS = 20_000  # draws x options per block: keeps the working arrays in cache


def triangular(rng: np.random.Generator, est: np.ndarray, size: int) -> np.ndarray:
    """(size, n) draws of triangular(low, likely, high) per row of est (n, 3), by the inverse CDF:
    ``low + sqrt(u * width * (likely - low))`` where ``u < (likely - low) / width``, else
    ``high - sqrt((1 - u) * width * (high - likely))``."""
    low, mode, high = est[:, 0], est[:, 1], est[:, 2]
    u = rng.random((size, len(est)))
    width = high - low
    cut = (mode - low) / width
    left = u < cut
    w_left, w_right = width * (mode - low), width * (high - mode)
    if _choice_by_weights_is_exact(low, high, w_left, w_right):
        return _triangular_weighted(u, left, low, high, w_left, w_right)
    # each draw's branch only, in place (the same operations on each value as computing both branches
    # and choosing, without the temporaries)
    s = np.subtract(1.0, u)
    s *= w_right
    np.multiply(u, w_left, out=s, where=left)
    np.sqrt(s, out=s)
    drawn: np.ndarray = np.subtract(high, s)
    np.add(low, s, out=drawn, where=left)
    return drawn


def _choice_by_weights_is_exact(low: np.ndarray, high: np.ndarray, w_left: np.ndarray, w_right: np.ndarray) -> bool:
    """Whether choosing each draw's branch as ``a * 1 + b * 0`` gives exactly the value ``a`` of that
    branch: every branch value of every draw finite and not -0.0 (x * 1 is x, a finite y * 0 is a
    zero, and x + 0 is x for every x but -0.0). That holds when the bounds and both branches' scales
    are finite and carry no minus sign (u and 1 - u are in [0, 1]): every value then is >= +0 or,
    for ``high - sqrt(...)`` alone, finite."""
    vectors = (low, high, w_left, w_right)
    return all(bool(np.isfinite(v).all()) and not bool(np.signbit(v).any()) for v in vectors)


def _triangular_weighted(u: np.ndarray, left: np.ndarray, low: np.ndarray, high: np.ndarray,
                         w_left: np.ndarray, w_right: np.ndarray) -> np.ndarray:
    """``triangular`` with both branches computed for every draw and each draw's own chosen by 0/1
    weights (``left`` and its negation as numbers): the same operations on each value, so the same
    bits (``_choice_by_weights_is_exact``), with no choice per value that depends on the data (a
    masked operation on random draws mispredicts half of its branches) and no array but ``u`` and
    one more of its size."""
    right = ~left
    s = np.multiply(u, w_left)
    s *= left
    r = np.subtract(1.0, u, out=u)  # u is not read again
    r *= w_right
    r *= right
    s += r
    np.sqrt(s, out=s)
    drawn: np.ndarray = np.add(low, s, out=u)
    drawn *= left
    np.subtract(high, s, out=s)
    s *= right
    drawn += s
    return drawn


def weight_ranges(model: ScenarioModel) -> np.ndarray | None:
    """(K, 3) low / weight / high of every scored criterion's raw weight, or None when no criterion
    states a ``weight_range`` around its weight."""
    rows = []
    any_range = False
    for c, w in zip(model.setup.criteria, model.setup.weights.tolist(), strict=True):
        r = c.weight_range
        if r is not None and 0 <= r.low <= w <= r.high and r.low < r.high and np.isfinite([r.low, r.high]).all():
            rows.append((r.low, w, r.high))
            any_range = True
        else:
            rows.append((w, w, w))
    return np.array(rows, dtype=float).reshape(-1, 3) if any_range else None


@dataclass(frozen=True, slots=True)
class Outlook:
    """A stated chance that ``column``'s option passes a required parity check (a judgement):
    drawn pass / fail per draw; a failed draw knocks the option out of that draw."""

    key: str  # parity:<option>:<kind>
    column: int
    probability: float
    name: Message


#: param of an uncertain input -> what answering it takes
_MEASUREMENT = {"cap": Measurement.PERFORMANCE, "port": Measurement.EFFORT, "ttp": Measurement.EFFORT,
                "eff": Measurement.EFFORT, "util": Measurement.DEMAND, "demand": Measurement.DEMAND,
                "growth": Measurement.DEMAND, "horizon": Measurement.DEMAND, "pool_in": Measurement.PERFORMANCE,
                "pool_out": Measurement.PERFORMANCE}


def run(model: ScenarioModel, ids: list[str], draws: int, seed: int, *, ranking_ok: bool = True,
        progress: ProgressCallback | None = None, cancel: Cancellable | None = None,
        draw_weights: bool = False, outlook: tuple[Outlook, ...] = (),
        recommended: int | None = None) -> MonteCarlo:
    """Draw every uncertain input ``draws`` times and re-score the options (in blocks of draws;
    ``progress`` gets the fraction done after each block, ``cancel`` is checked before each and
    raises ``domain.progress.Cancelled``). With ``draw_weights``, the criteria weights are drawn
    too, within their stated ranges. ``outlook``: parity outcomes drawn as well (from their own
    seeded stream, so the other draws do not move). With ``recommended`` (an option column), the
    value of learning each drawn input is estimated against it (analysis/voi.py)."""

    draws = max(int(draws), 1)
    rng = np.random.default_rng(seed)
    inputs = model.uncertain_inputs()
    est = np.array([(i.estimate.low, i.estimate.likely, i.estimate.high) for i in inputs]).reshape(-1, 3)
    w_est = weight_ranges(model) if draw_weights else None
    w_ranged = w_est[:, 2] > w_est[:, 0] if w_est is not None else None
    n_opt = len(ids)
    cpm_all = np.empty((draws, n_opt))
    eff_all = np.empty((draws, n_opt))
    tco_all = np.empty((draws, n_opt))
    counts = np.zeros(n_opt, dtype=np.int64)
    none = 0
    keep = recommended is not None and ranking_ok and 0 <= recommended < n_opt
    x_all = np.empty((draws, len(inputs) + len(outlook))) if keep else None
    win_all = np.empty(draws, dtype=np.intp) if keep else None
    # parity outcomes: their own stream (seed, 1), so a workspace without them draws as before
    rng_parity = np.random.default_rng([seed, 1]) if outlook else None
    # where each input goes: per parameter, the input indices and their option columns
    direct: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for param in sorted({i.param for i in inputs if i.param != "eff"}):
        # a platform's input sets every option on the platform to the same draw
        # (and every pool on it of a mixed option: its pools' money columns)
        pairs = [(n, c) for n, i in enumerate(inputs) if i.param == param for c in (*i.columns, *i.pool_columns)]
        direct[param] = (np.array([n for n, _ in pairs]), np.array([c for _, c in pairs]))
    efforts = sorted((i.columns[0], n) for n, i in enumerate(inputs) if i.param == "eff")
    eff_idx = np.array([n for _, n in efforts], dtype=int)
    eff_likely = est[eff_idx, 1] if len(eff_idx) else np.empty(0)
    eff_cols, eff_starts = np.unique(np.array([c for c, _ in efforts], dtype=int), return_index=True)
    block = max(256, CHUNK_CELLS // max(n_opt, 1))
    for start in range(0, draws, block):
        check_cancelled(cancel)
        size = min(block, draws - start)
        p = model.broadcast(size)
        touched: dict[str, np.ndarray] = {}
        passed = None
        if rng_parity is not None:
            u = rng_parity.random((size, len(outlook)))
            ok = u < np.array([o.probability for o in outlook])
            passed = np.ones((size, n_opt), dtype=bool)
            for c, o in enumerate(outlook):
                passed[:, o.column] &= ok[:, c]
            if x_all is not None:
                x_all[start:start + size, len(inputs):] = ok
        if inputs:
            x = triangular(rng, est, size)
            if x_all is not None:
                x_all[start:start + size, :len(inputs)] = x
            for param, (idx, cols) in direct.items():
                arr = touched[param] = p[param].copy()
                arr[:, cols] = x[:, idx]
            if len(eff_idx):
                arr = touched["eff"] = p["eff"].copy()
                arr[:, eff_cols] += np.add.reduceat(x[:, eff_idx] - eff_likely, eff_starts, axis=1)
        p.update(touched)
        weights = None
        if w_est is not None:
            weights = np.broadcast_to(w_est[:, 1], (size, len(w_est))).copy()
            weights[:, w_ranged] = triangular(rng, w_est[w_ranged], size)
        score, eligible, metrics = model.evaluate(p, weights, passed)
        cpm_all[start:start + size] = metrics["cost_per_m_tokens_usd"]
        eff_all[start:start + size] = metrics["effective_cost_per_m_tokens_usd"]
        tco_all[start:start + size] = metrics["tco_usd"]
        if ranking_ok:
            win = winners(score, eligible)
            if win_all is not None:
                win_all[start:start + size] = win
            counts += np.bincount(win[win >= 0], minlength=n_opt)
            none += int((win < 0).sum())
        report(progress, (start + size) / draws)
    view = (msg("montecarlo.view_cash", "cash cost view") if model.view == CostView.CASH
            else msg("montecarlo.view_all_in", "all-in cost view"))
    inputs_text = (msg("montecarlo.input", "{n} uncertain input", n=len(inputs)) if len(inputs) == 1
                   else msg("montecarlo.inputs", "{n} uncertain inputs", n=len(inputs)))
    draws_text = (msg("montecarlo.draw", "{n} draw", n=draws) if draws == 1
                  else msg("montecarlo.draws", "{n} draws", n=draws))
    notes = [msg("montecarlo.drawn", "{inputs} drawn from triangular(low, likely, high); {draws}, seed {seed}; "
                                     "{view}", inputs=inputs_text, draws=draws_text, seed=str(seed), view=view)]
    if w_est is not None:
        notes.append(msg("montecarlo.weights_drawn", "criteria weights drawn within their stated ranges ({n} of "
                                                     "{total})", n=int((w_est[:, 2] > w_est[:, 0]).sum()),
                         total=len(w_est)))
    drawn = tuple(i.key for i in inputs) + tuple(o.key for o in outlook)
    if outlook:
        notes.append(msgn("montecarlo.parity_drawn", "{n} stated chance of passing a parity check drawn (a "
                                                     "judgement): a failed draw keeps the option from being "
                                                     "recommended in that draw",
                          "{n} stated chances of passing a parity check drawn (a judgement): a failed draw keeps "
                          "the option from being recommended in that draw", "n", n=len(outlook)))
    information: tuple[InformationValue, ...] = ()
    if x_all is not None and win_all is not None and recommended is not None:
        information = _information(inputs, outlook, x_all, win_all, tco_all, recommended, ids, seed)
        notes.append(msg("montecarlo.voi", "value of information: the draws binned on each input ({bins} "
                                           "equal-count bins; pass / fail for a parity outlook); noise floor "
                                           "from {shuffles} shuffles", bins=voi.n_bins(draws),
                         shuffles=voi.SHUFFLES))
    if ranking_ok:
        p_best = counts / draws
        p_none = none / draws
    else:
        p_best = np.zeros(n_opt)
        p_none = 1.0
        notes.append(msg("montecarlo.no_ranking", "no ranking (see the criteria messages): P(rank 1) is 0 for "
                                                  "every option"))
    cpm, miss_c = _percentiles(cpm_all)
    eff, _ = _percentiles(eff_all)
    tco, miss_t = _percentiles(tco_all)
    options = [OptionDraws(oid, float(p_best[j]), cpm[j], tco[j], max(miss_c[j], miss_t[j]), eff[j])
               for j, oid in enumerate(ids)]
    return MonteCarlo(draws, seed, tuple(options), p_none, tuple(notes), cost_view=model.view, drawn=drawn,
                      information=information, information_against=ids[recommended] if information and
                      recommended is not None else None)


def _information(inputs: list[UncertainInput], outlook: tuple[Outlook, ...], x: np.ndarray, win: np.ndarray,
                 tco: np.ndarray, recommended: int, ids: list[str], seed: int) -> tuple[InformationValue, ...]:
    """Every drawn input's value of information, most valuable first (gain, then chance of a change,
    then TCO value; ties by the inputs' order)."""
    rng = np.random.default_rng([seed, 2])  # the shuffles of the noise floor
    bins = voi.n_bins(len(win))
    order = np.argsort(x, axis=0)  # every input's draws sorted at once
    noise: dict[tuple[int, ...], float] = {}
    out: list[InformationValue] = []
    for n, inp in enumerate(inputs):
        e = voi.estimate(x[:, n], win, tco, recommended, bins, rng, order[:, n], noise)
        kind = _MEASUREMENT.get(inp.param, Measurement.PRICE)
        out.append(InformationValue(
            inp.key, inp.label, inp.unit, kind, inp.option, inp.platform,
            e.p_change, e.value, e.gain, e.noise, tuple(ids[j] for j in e.switch_to),
            # a platform's price is named by its label ("NVIDIA B200: purchase price per GPU"), never by its id
            action=_action(kind, inp.option or "", inp.label, inp.param)))
    for c, o in enumerate(outlook):
        e = voi.estimate(x[:, len(inputs) + c], win, tco, recommended, bins, rng, order[:, len(inputs) + c],
                         noise)
        out.append(InformationValue(o.key, o.name, "", Measurement.PARITY, ids[o.column], None, e.p_change,
                                    e.value, e.gain, e.noise, tuple(ids[j] for j in e.switch_to), judgement=True,
                                    action=msg("voi.action_parity", "run the {kind} parity check of {option} "
                                                                    "against the reference runtime",
                                               kind=o.key.rsplit(":", 1)[1], option=ids[o.column])))
    ranked = sorted(range(len(out)), key=lambda i: (-out[i].gain, -out[i].p_change, -(out[i].value or 0.0), i))
    return tuple(out[i] for i in ranked)


def _action(kind: Measurement, who: str, label: Message, param: str = "") -> Message:
    """What answering an input takes, in a line."""
    if param == "pool_in":
        return msg("voi.action_pool_prefill", "benchmark {option} disaggregated on the workload: its prefill pool's "
                                              "input tok/s/GPU under the TTFT limit, with per-role GPU counts",
                   option=who)
    if param == "pool_out":
        return msg("voi.action_pool_decode", "benchmark {option} disaggregated on the workload: its decode pool's "
                                             "output tok/s/GPU under the TPOT limit, with per-role GPU counts",
                   option=who)
    if kind == Measurement.PERFORMANCE:
        return msg("voi.action_performance", "benchmark {option} on the workload under the SLO (capacity, "
                                             "output tok/s/GPU)", option=who)
    if kind == Measurement.EFFORT:
        return msg("voi.action_effort", "estimate {input} of {option} with the team that would build it",
                   input=label, option=who)
    if kind == Measurement.DEMAND:
        return msg("voi.action_demand", "forecast {input}", input=label)
    if who:
        return msg("voi.action_price", "get a firm quote: {input} ({option})", input=label, option=who)
    return msg("voi.action_price_global", "get a firm quote: {input}", input=label)
