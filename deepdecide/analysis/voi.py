"""The value of information of each uncertain input, from the Monte Carlo draws.

The estimator (docs/analysis.md, "What to measure next") bins the draws on one input at a time:
continuous inputs into ``bins`` equal-count bins of their drawn values, inputs with few distinct
values (a drawn parity outcome: pass / fail) into one bin per value. Within a bin the input is
(nearly) known; the choice a decision-maker would make knowing it is the option ranked first in
most of the bin's draws (ties keep the current recommendation). Against the current
recommendation ``a0`` (the deterministic top rank):

* ``p_change`` = sum over bins of (bin's share of the draws) x [the bin's choice is not ``a0``];
* ``gain`` = sum over bins of (draws where the bin's choice ranks first - draws where ``a0`` does) / N,
  the expected value of partial perfect information (EVPPI) for the utility "hold the draw's
  top-ranked option" (0..1; never below 0);
* ``value`` = sum over bins of (bin's share) x (mean TCO of ``a0`` - mean TCO of the bin's choice) in
  the bin, in the driving cost view: the expected TCO the informed choice saves. When the criteria
  are the TCO alone this is the EVPPI on that criterion.

A binning estimator is biased upwards by its finite bins (a bin's majority can differ from the
whole's by chance): ``noise`` is the same ``p_change`` computed with the input's draws shuffled
across the bins (an input that cannot matter), the mean over a few seeded shuffles. An input whose
``p_change`` is not above it is not told from 0. Everything is seeded: the same draws and seed give
the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MAX_BINS = 50  # equal-count bins per input at most
MIN_PER_BIN = 200  # draws per bin at least (fewer bins for fewer draws)
DISCRETE = 8  # an input with at most this many distinct drawn values is binned by value
SHUFFLES = 4  # shuffled-input controls per input (the noise floor)


@dataclass(frozen=True, slots=True)
class Estimate:
    """One input's value of information (see the module's docstring)."""

    p_change: float
    gain: float
    value: float | None
    noise: float
    switch_to: tuple[int, ...]  # option columns the informed choice moves to, most draws first


def bins_of(x: np.ndarray, bins: int, order: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """(N,) bin index per draw and the number of bins: one per distinct value when there are at most
    ``DISCRETE`` of them, else ``bins`` equal-count bins of the sorted draws.
    ``order``: ``np.argsort(x, kind="stable")`` when the caller has it."""
    n = len(x)
    if order is None:
        order = np.argsort(x)
    ranked = x[order]
    step = np.empty(n, dtype=np.intp)
    if n:
        step[0] = 0
        np.cumsum(ranked[1:] != ranked[:-1], out=step[1:])
    b = np.empty(n, dtype=np.intp)
    if n and step[-1] + 1 <= DISCRETE:
        b[order] = step
        return b, int(step[-1]) + 1
    b[order] = (np.arange(n) * bins) // n
    return b, bins


def n_bins(draws: int) -> int:
    return int(max(2, min(MAX_BINS, draws // MIN_PER_BIN)))


def _choices(counts: np.ndarray, a0: int) -> np.ndarray:
    """Per bin, the option ranked first in most of its draws; ``a0`` where it ties for the most."""
    best = counts.argmax(axis=1)
    keep = counts[:, a0] >= counts.max(axis=1)
    return np.where(keep, a0, best)


def _counts(b: np.ndarray, n_bins_: int, win: np.ndarray, n_opt: int) -> np.ndarray:
    """(bins, O) draws of each bin in which each option ranks first (no winner: not counted)."""
    ok = win >= 0
    flat = np.bincount(b[ok] * n_opt + win[ok], minlength=n_bins_ * n_opt)
    out: np.ndarray = flat.reshape(n_bins_, n_opt)
    return out


def estimate(x: np.ndarray, win: np.ndarray, tco: np.ndarray, a0: int, bins: int, rng: np.random.Generator,
             order: np.ndarray | None = None, noise_cache: dict[tuple[int, ...], float] | None = None
             ) -> Estimate:
    """The value of learning the input drawn as ``x`` (N,), given the draws' winners ``win`` (N,;
    -1: none) and TCO ``tco`` (N, O; NaN: missing), against the recommendation ``a0``. ``order``:
    ``np.argsort(x)`` when the caller has it; ``noise_cache``: the noise floors already computed for
    the same draws and recommendation, by the bins' sizes."""
    n, n_opt = tco.shape
    b, nb = bins_of(x, bins, order)
    counts = _counts(b, nb, win, n_opt)
    size = np.bincount(b, minlength=nb).astype(float)
    choice = _choices(counts, a0)
    changed = choice != a0
    p_change = float(size[changed].sum() / n)
    gain = float((counts[np.arange(nb), choice] - counts[:, a0]).sum() / n)
    value: float | None = None
    if changed.any():
        finite = np.isfinite(tco)
        t = np.where(finite, tco, 0.0)
        sums = np.stack([np.bincount(b, weights=t[:, j], minlength=nb) for j in range(n_opt)], axis=1)
        cnt = np.stack([np.bincount(b, weights=finite[:, j].astype(float), minlength=nb) for j in range(n_opt)],
                       axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = sums / cnt
        rows = np.flatnonzero(changed)
        diff = mean[rows, a0] - mean[rows, choice[rows]]
        value = float((size[rows] * diff).sum() / n) if np.isfinite(diff).all() else None
    else:
        value = 0.0
    # the shuffled control depends on the bins' sizes alone (the draws are exchangeable): inputs
    # binned alike (every continuous one) share it
    key = tuple(size.astype(np.int64).tolist())
    noise = noise_cache.get(key) if noise_cache is not None else None
    if noise is None:
        shuffled = []
        for _ in range(SHUFFLES if nb > 1 else 0):
            bs = rng.permutation(b)
            c = _counts(bs, nb, win, n_opt)
            ch = _choices(c, a0) != a0
            shuffled.append(float(size[ch].sum() / n))
        noise = float(np.mean(shuffled)) if shuffled else 0.0
        if noise_cache is not None:
            noise_cache[key] = noise
    moved = choice[changed]
    weights = np.bincount(moved, weights=size[changed], minlength=n_opt) if len(moved) else np.zeros(n_opt)
    switch = tuple(int(j) for j in np.argsort(-weights, kind="stable") if weights[j] > 0)
    return Estimate(p_change, gain, value, noise, switch)
