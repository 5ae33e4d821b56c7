"""Each option's money month by month and by fiscal year, and its payback against the baseline.

Read from the money model's one scenario of likely values (:func:`deepdecide.analysis.cost.run_money`):
the months sum to the TCO of each view, so the budget, the cash flow and the TCO never disagree.
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np

from deepdecide.analysis import money as M
from deepdecide.analysis.assessment import CashFlow, CashMonth, CashYear, Payback, Purchase
from deepdecide.analysis.cost import MoneyRun, decision_month
from deepdecide.domain.messages import Day, Message, msg


def _labels(run: MoneyRun) -> tuple[list[str], list[str]]:
    """The month labels and fiscal years of the horizon, worked out once per run."""
    cached = run.cache.get("labels")
    if cached is None:
        hm = int(run.detail["horizon_months"][0, 0])
        cached = run.cache["labels"] = ([month_label(run, m) for m in range(hm)],
                                        [fiscal_year(run, m) for m in range(hm)])
    return cast(tuple[list[str], list[str]], cached)


def month_label(run: MoneyRun, m: int) -> str:
    """"2027-03" for month ``m`` counted from the decision's month; "M4" (1-based) with no date."""
    start = decision_month(run.ws)
    if start is None:
        return f"M{m + 1}"
    y, mo = divmod(start.month - 1 + m, 12)
    return f"{start.year + y:04d}-{mo + 1:02d}"


def fiscal_year(run: MoneyRun, m: int) -> str:
    """The fiscal year month ``m`` falls in, named by the calendar year it ends in ("FY2027"); with
    no date, the year of the horizon ("Y1")."""
    start = decision_month(run.ws)
    if start is None:
        return f"Y{m // 12 + 1}"
    first = min(max(int(run.ws.assumptions.fiscal_year_start_month or 1), 1), 12)
    y, mo = divmod(start.month - 1 + m, 12)
    year, month = start.year + y, mo + 1
    return f"FY{year + 1 if first > 1 and month >= first else year}"


def cash_flow(run: MoneyRun, j: int) -> CashFlow | None:
    d = run.detail
    hm = float(d["horizon_months"][0, 0])
    if not math.isfinite(hm) or hm <= 0:
        return None
    tco_c, tco_e = float(d["tco_cash"][0, j]), float(d["tco_econ"][0, j])
    if not math.isfinite(tco_c):
        return None
    econ_known = math.isfinite(tco_e)  # an owned GPU with no value to stand at: no economic column
    rows = M.months(d, j)
    labels, fiscal = _labels(run)
    months: list[CashMonth] = []
    cum = 0.0
    for r in rows:
        total = r.capex + r.opex + r.engineering
        cum += total
        months.append(CashMonth(r.month, labels[r.month], fiscal[r.month], r.capex, r.opex, r.engineering, total,
                                cum, r.economic if econ_known else None))
    fy = fiscal_years(months, econ_known)
    oi = run.inputs[j]
    purchases: list[Purchase] = []
    capex = float(d["capex_used"][0, j])
    for y in range(d["y_batch"].shape[-1]):
        n = float(d["y_batch"][0, j, y])
        pay = int(d["y_pay"][0, j, y])
        if n > 0 and pay < hm:
            purchases.append(Purchase(pay, month_label(run, pay), n, capex, n * capex, "buy"))
    if bool(d["due"][0, j]) and float(d["n_repl"][0, j]) > 0:
        e = int(d["support"][0, j])
        n = float(d["n_repl"][0, j])
        price = float(d["repl_price"][0, j])
        purchases.append(Purchase(e, month_label(run, e), n, price, n * price, "replace",
                                  msg("cash.replacement", "owned GPUs out of support on {date}: replaced at {source}",
                                      date=Day(str(oi.end_of_support)), source=oi.sources.get("repl") or
                                      msg("cash.replacement_purchase", "the purchase price (no replacement price "
                                                                       "stated)"))))
    purchases.sort(key=lambda p: (p.month, p.kind))
    notes: list[Message] = []
    bridge = float(d["bridge_months"][0, j])
    if bridge > 0:
        notes.append(msg("cash.bridge", "months {first}–{last}: the current fleet keeps serving until the option is "
                                        "in service", first=Day(month_label(run, 0)), last=Day(month_label(run, int(bridge) - 1))))
    service = float(d["service"][0, j])
    return CashFlow(tuple(months), fy, tuple(purchases), int(service) if math.isfinite(service) else None,
                    float(d["resid_cash"][0, j]), tco_c, tco_e if econ_known else None, tuple(notes))


def payback(run: MoneyRun, flows: list[CashFlow | None], ids: list[str], j: int,
            baseline: str | None) -> Payback | None:
    """The first month from which the option's cumulative cash stays at or below the baseline's (None:
    the option has no cash flow)."""
    if baseline is None:
        return Payback(None, None, "", None, msg("payback.no_baseline", "no keep option to measure payback against"))
    if ids[j] == baseline:
        return Payback(baseline, None, "", 0.0, msg("payback.is_baseline", "the baseline"))
    b = ids.index(baseline)
    mine, base = flows[j], flows[b]
    if mine is None:
        return None
    if base is None or not mine.months or len(mine.months) != len(base.months):
        return Payback(baseline, None, "", None, msg("payback.unknown", "not known: a cash flow is missing"))
    diff = np.array([x.cumulative for x in base.months]) - np.array([x.cumulative for x in mine.months])
    saving = float(diff[-1])
    ahead = diff >= -1e-6 * max(1.0, float(np.abs(diff).max()))
    if not ahead[-1]:
        return Payback(baseline, None, "", saving, msg("payback.never", "never within the horizon"))
    behind = np.flatnonzero(~ahead)
    first = int(behind[-1]) + 1 if len(behind) else 0
    label = mine.months[first].label
    if first == 0:
        return Payback(baseline, 0, label, saving, msg("payback.from_start", "from the first month"))
    return Payback(baseline, first, label, saving, msg("payback.month", "{month} (month {n})", month=Day(label),
                                                       n=first + 1))


def fiscal_years(months: list[CashMonth], econ_known: bool) -> tuple[CashYear, ...]:
    """The months summed per fiscal year, in order (the economic view only where every month states it)."""
    years: dict[str, list[CashMonth]] = {}
    for cm in months:
        years.setdefault(cm.fiscal_year, []).append(cm)
    return tuple(CashYear(name, len(ms), sum(x.capex for x in ms), sum(x.opex for x in ms),
                          sum(x.engineering for x in ms), sum(x.total for x in ms),
                          sum(x.economic or 0.0 for x in ms) if econ_known else None)
                 for name, ms in years.items())
