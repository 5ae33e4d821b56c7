"""The buy-tokens baseline: at what peak demand each self-hosted option costs less than a hosted API.

The money model is run over a grid of peak demands (1/50 to 4 times the stated one, 241 points evenly
on a log scale; the series keep every fifth), everything else at its likely value, in the cost view the criteria score; the TCO of
each option against the hosted API's is the crossover series. An option's break-even demand is
where it and the API change places nearest the stated demand, refined inside
its bracket (two passes of 16 points). An option may cost less only below a demand (a fleet of
new GPUs whose $/M at utilization exceeds the API's price), only above one (the fixed cost of a
large unit), or between two.
"""

from __future__ import annotations

import math

import numpy as np

from deepdecide.analysis import money as M
from deepdecide.analysis.assessment import BreakevenPoint, Crossover
from deepdecide.analysis.cost import MoneyRun
from deepdecide.domain.messages import Amount, Message, msg
from deepdecide.domain.workspace import CostView

GRID = 241  # about 2.2 % apart: finer than a unit's step in all but the largest fleets
SERIES_EVERY = 5  # the crossover series keeps every 5th point (49)
LOW, HIGH = 1 / 50, 4.0
REFINE = 16
PASSES = 2  # a 2.2 % bracket to 0.01 %: finer than the three significant digits the demand is stated with


def _tco(run: MoneyRun, demands: np.ndarray, view: CostView) -> np.ndarray:
    """(G, O) TCO at each demand (the other inputs broadcast, never copied)."""
    p = dict(run.params)
    p["demand"] = demands[:, None].astype(float)
    with np.errstate(all="ignore"):
        out = M.compute(p, run.layout)
    return out["tco_cash" if view == CostView.CASH else "tco_econ"]


def _round(x: float) -> float:
    """A demand as the messages state it: three significant digits (the grid's own precision)."""
    return float(f"{x:.3g}")


def _refine_all(run: MoneyRun, view: CostView, brackets: list[tuple[int, int, float, float, bool]]) -> list[float]:
    """For each bracket (option, API column, low demand, high demand, cheaper at the low end): the demand
    between its ends where the two change places, all brackets refined together (two passes of 16)."""
    if not brackets:
        return []
    lo = np.array([b[2] for b in brackets])
    hi = np.array([b[3] for b in brackets])
    t = np.linspace(0.0, 1.0, REFINE)
    rows = np.arange(len(brackets))
    cols = np.array([b[0] for b in brackets])
    api_cols = np.array([b[1] for b in brackets])
    at_lo = np.array([b[4] for b in brackets])
    for _ in range(PASSES):
        fine = lo[:, None] + (hi - lo)[:, None] * t[None, :]  # (B, R)
        tco = _tco(run, fine.ravel(), view).reshape(len(brackets), REFINE, -1)
        mine = tco[rows, :, cols]
        api = tco[rows, :, api_cols]
        cheaper = np.isfinite(mine) & np.isfinite(api) & (mine <= api)
        changed = cheaper != at_lo[:, None]
        first = np.argmax(changed, axis=1)
        ok = changed.any(axis=1) & (first > 0)
        lo = np.where(ok, fine[rows, np.maximum(first - 1, 0)], lo)
        hi = np.where(ok, fine[rows, first], hi)
    return [float(x) for x in (lo + hi) / 2.0]


def _served(run: MoneyRun, demands: np.ndarray) -> np.ndarray:
    """Million output tokens served over the horizon at the average load (peak x utilization), per demand."""
    hm = float(run.params["horizon"][0, 0]) * 12.0
    util = float(run.params["util"][0, 0])
    growth = float(run.params["growth"][0, 0])
    months = np.clip(np.round(hm) - 12.0 * np.arange(run.layout.years), 0.0, 12.0)
    factor = float((months * (1.0 + growth) ** np.arange(run.layout.years)).sum())
    out: np.ndarray = demands * util * M.SECONDS_PER_MONTH / 1e6 * factor
    return out


def api_option(run: MoneyRun) -> int | None:
    """The first hosted API option with a price (the baseline the others are set against)."""
    for j, oi in enumerate(run.inputs):
        if oi.is_api and math.isfinite(float(run.detail["api_price"][0, j])):
            return j
    return None


def crossover(run: MoneyRun, view: CostView) -> tuple[Crossover | None, dict[int, tuple[float | None, Message]]]:
    """The crossover series and, per self-hosted option, its break-even demand and what it means."""
    a = api_option(run)
    demand = float(run.params["demand"][0, 0])
    if a is None or not math.isfinite(demand) or demand <= 0:
        return None, {}
    ids = [oi.option.id for oi in run.inputs]
    grid = demand * np.geomspace(LOW, HIGH, GRID)
    tco = _tco(run, grid, view)
    api = tco[:, a]
    keep = slice(None, None, SERIES_EVERY)
    series = tuple((ids[j], tuple(float(x) if math.isfinite(x) else None for x in tco[keep, j]))
                   for j in range(len(ids)))
    served = _served(run, grid[keep])
    per_m = tuple((ids[j], tuple(float(x / t) if math.isfinite(x) and t > 0 else None
                                 for x, t in zip(tco[keep, j], served, strict=True))) for j in range(len(ids)))
    out: dict[int, tuple[float | None, Message]] = {}
    found: list[tuple[int, np.ndarray]] = []
    brackets: list[tuple[int, int, float, float, bool]] = []
    low, high = Amount(_round(float(grid[0])), "tok/s"), Amount(_round(float(grid[-1])), "tok/s")
    for j, oi in enumerate(run.inputs):
        if j == a or oi.is_api:
            continue
        col = tco[:, j]
        ok = np.isfinite(col) & np.isfinite(api)
        if not ok.any():
            continue
        cheaper = ok & (col <= api)
        if cheaper.all():
            out[j] = (None, msg("breakeven.always", "cheaper at every peak demand from {low} to {high}", low=low,
                                high=high))
            continue
        if not cheaper.any():
            out[j] = (None, msg("breakeven.never", "dearer at every peak demand from {low} to {high}", low=low,
                                high=high))
            continue
        found.append((j, cheaper))
        where = np.flatnonzero(cheaper)
        first, last = int(where[0]), int(where[-1])
        if first > 0:
            brackets.append((j, a, float(grid[first - 1]), float(grid[first]), False))
        if last < len(grid) - 1:
            brackets.append((j, a, float(grid[last]), float(grid[last + 1]), True))
    refined = iter(_refine_all(run, view, brackets))
    edges_at: list[tuple[int, float, bool]] = []  # (option, demand, cheaper above it)
    for j, cheaper in found:
        # the outer edges of where it is cheaper, refined inside their brackets; the dearer bands
        # inside (a fleet a whole unit larger) are named, not split into many intervals
        where = np.flatnonzero(cheaper)
        first, last = int(where[0]), int(where[-1])
        lo = None if first == 0 else _round(next(refined))
        hi = None if last == len(grid) - 1 else _round(next(refined))
        edges_at += [(j, x, above) for x, above in ((lo, True), (hi, False)) if x is not None]
        inside = cheaper[first:last + 1]
        starts = np.flatnonzero(~inside[1:] & inside[:-1]) + first  # last cheaper point before a dearer band
        bands = []
        for k in starts:
            end = k + 1
            while not cheaper[end]:
                end += 1
            a_, b_ = _round(float(grid[k + 1])), _round(float(grid[end - 1]))
            bands.append(msg("breakeven.around", "around {value}", value=Amount(a_, "tok/s")) if a_ == b_ else
                         msg("breakeven.between", "between {low} and {high}", low=Amount(a_, "tok/s"),
                             high=Amount(b_, "tok/s")))
        if lo is not None and hi is not None:
            where_msg = msg("breakeven.between", "between {low} and {high}", low=Amount(lo, "tok/s"),
                            high=Amount(hi, "tok/s"))
        elif lo is not None:
            where_msg = msg("breakeven.above_value", "above {value}", value=Amount(lo, "tok/s"))
        elif hi is not None:
            where_msg = msg("breakeven.below", "below {value}", value=Amount(hi, "tok/s"))
        else:  # cheaper at both ends, dearer only in bands between
            where_msg = msg("breakeven.from_to", "from {low} to {high}", low=low, high=high)
        edges = [x for x in (lo, hi) if x is not None]
        nearest = min(edges, key=lambda x: abs(math.log(x / demand))) if edges else None
        if not bands:
            out[j] = (nearest, msg("breakeven.where", "cheaper at a peak demand {where}", where=where_msg))
        elif len(bands) <= 3:
            out[j] = (nearest, msg("breakeven.where_except", "cheaper at a peak demand {where}, except {bands} (a "
                                                             "whole unit more)", where=where_msg, bands=tuple(bands)))
        else:
            out[j] = (nearest, msg("breakeven.where_bands", "cheaper at a peak demand {where}, except in {n} narrow "
                                                            "bands (a whole unit more)", where=where_msg,
                                   n=len(bands)))
    return Crossover(ids[a], view, tuple(float(x) for x in grid[keep]), series, demand, per_m,
                     _points(run, view, ids, edges_at)), out


def _points(run: MoneyRun, view: CostView, ids: list[str],
            edges: list[tuple[int, float, bool]]) -> tuple[BreakevenPoint, ...]:
    """The break-even points the charts mark: each edge's demand with the option's cost there (one run
    of the money model at all of them)."""
    if not edges:
        return ()
    demands = np.array([d for _j, d, _above in edges], dtype=float)
    tco = _tco(run, demands, view)
    served = _served(run, demands)
    out = []
    for k, (j, d, above) in enumerate(edges):
        t = float(tco[k, j])
        ok = math.isfinite(t)
        out.append(BreakevenPoint(ids[j], d, t if ok else None,
                                  t / float(served[k]) if ok and served[k] > 0 else None, above))
    return tuple(sorted(out, key=lambda p: (ids.index(p.option), p.demand)))
