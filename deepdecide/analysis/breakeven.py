"""The buy-tokens baseline: at what peak demand each self-hosted option costs less than a hosted API.

The money model is run over a grid of peak demands (1/50 to 4 times the stated one, 241 points evenly
on a log scale; the series keep every fifth), everything else at its likely value, in the cost view the criteria score; the TCO of
each option against the hosted API's is the crossover series. An option's break-even demand is
where it and the API change places nearest the stated demand, refined inside
its bracket (three passes of 16 points). An option may cost less only below a demand (a fleet of
new GPUs whose $/M at utilization exceeds the API's price), only above one (the fixed cost of a
large unit), or between two.
"""

from __future__ import annotations

import math

import numpy as np

from deepdecide.analysis import money as M
from deepdecide.analysis.assessment import Crossover
from deepdecide.analysis.cost import MoneyRun
from deepdecide.domain.messages import Amount, Message, msg
from deepdecide.domain.workspace import CostView

GRID = 241  # about 2.2 % apart: finer than a unit's step in all but the largest fleets
SERIES_EVERY = 5  # the crossover series keeps every 5th point (49)
LOW, HIGH = 1 / 50, 4.0
REFINE = 16
PASSES = 3


def _tco(run: MoneyRun, demands: np.ndarray, view: CostView) -> np.ndarray:
    """(G, O) TCO at each demand."""
    p = {k: np.broadcast_to(v, (len(demands), v.shape[1])).copy() for k, v in run.params.items()}
    p["demand"] = demands[:, None].astype(float)
    with np.errstate(all="ignore"):
        out = M.compute(p, run.layout)
    return out["tco_cash" if view == CostView.CASH else "tco_econ"]


def _round(x: float) -> float:
    """A demand as the messages state it: three significant digits (the grid's own precision)."""
    return float(f"{x:.3g}")


def _refine(run: MoneyRun, view: CostView, j: int, a: int, lo: float, hi: float, cheaper_at_lo: bool) -> float:
    """The demand between ``lo`` and ``hi`` where option ``j`` and the API ``a`` change places."""
    for _ in range(PASSES):
        fine = np.linspace(lo, hi, REFINE)
        t = _tco(run, fine, view)
        c = np.isfinite(t[:, j]) & np.isfinite(t[:, a]) & (t[:, j] <= t[:, a])
        changed = np.flatnonzero(c != cheaper_at_lo)
        if len(changed) == 0 or changed[0] == 0:
            break
        k = int(changed[0])
        lo, hi = float(fine[k - 1]), float(fine[k])
    return (lo + hi) / 2.0


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
    for j, oi in enumerate(run.inputs):
        if j == a or oi.is_api:
            continue
        col = tco[:, j]
        ok = np.isfinite(col) & np.isfinite(api)
        if not ok.any():
            continue
        cheaper = ok & (col <= api)
        low, high = Amount(_round(float(grid[0])), "tok/s"), Amount(_round(float(grid[-1])), "tok/s")
        if cheaper.all():
            out[j] = (None, msg("breakeven.always", "cheaper at every peak demand from {low} to {high}", low=low,
                                high=high))
            continue
        if not cheaper.any():
            out[j] = (None, msg("breakeven.never", "dearer at every peak demand from {low} to {high}", low=low,
                                high=high))
            continue
        # the outer edges of where it is cheaper, refined inside their brackets; the dearer bands
        # inside (a fleet a whole unit larger) are named, not split into many intervals
        where = np.flatnonzero(cheaper)
        first, last = int(where[0]), int(where[-1])
        lo = None if first == 0 else _round(_refine(run, view, j, a, float(grid[first - 1]), float(grid[first]), False))
        hi = None if last == len(grid) - 1 else _round(_refine(run, view, j, a, float(grid[last]), float(grid[last + 1]),
                                                                True))
        inside = cheaper[first:last + 1]
        starts = np.flatnonzero(~inside[1:] & inside[:-1]) + first  # last cheaper point before a dearer band
        bands = []
        for k in starts:
            end = k + 1
            while not cheaper[end]:
                end += 1
            bands.append(msg("breakeven.between", "between {low} and {high}",
                             low=Amount(_round(float(grid[k + 1])), "tok/s"),
                             high=Amount(_round(float(grid[end - 1])), "tok/s")))
        if lo is not None and hi is not None:
            where_msg = msg("breakeven.between", "between {low} and {high}", low=Amount(lo, "tok/s"),
                            high=Amount(hi, "tok/s"))
        elif lo is not None:
            where_msg = msg("breakeven.above_value", "above {value}", value=Amount(lo, "tok/s"))
        else:
            where_msg = msg("breakeven.below", "below {value}", value=Amount(hi, "tok/s"))
        edges = [x for x in (lo, hi) if x is not None]
        nearest = min(edges, key=lambda x: abs(math.log(x / demand)))
        if not bands:
            out[j] = (nearest, msg("breakeven.where", "cheaper at a peak demand {where}", where=where_msg))
        elif len(bands) <= 3:
            out[j] = (nearest, msg("breakeven.where_except", "cheaper at a peak demand {where}, except {bands} (a "
                                                             "whole unit more)", where=where_msg, bands=tuple(bands)))
        else:
            out[j] = (nearest, msg("breakeven.where_bands", "cheaper at a peak demand {where}, except in {n} narrow "
                                                            "bands (a whole unit more)", where=where_msg,
                                   n=len(bands)))
    return Crossover(ids[a], view, tuple(float(x) for x in grid[keep]), series, demand, per_m), out
