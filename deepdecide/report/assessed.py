"""Sections drawn from the assessment (``analysis.evaluate``): executive summary, cost and TCO,
sensitivity and Monte Carlo. Without an assessment they print the inputs they would use."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.report.sections import BODY_W, Context, est, h1, h2, num, option_label
from deepdecide.report.styles import para, table


def summary(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out = h1("Executive summary", "summary")
    if d.chosen_option:
        out.append(para(f"<b>Chosen option:</b> {option_label(ws, d.chosen_option)}", markup=True))
    if d.rationale:
        out.append(para(d.rationale))
    return out


def cost(ctx: Context) -> list[Flowable]:
    out = h1("Cost and TCO", "cost")
    out += _assumptions(ctx)
    return out


def _assumptions(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    a = ws.assumptions
    out = h2("Assumptions", "assumptions")
    rows = [
        ["Horizon", num(a.horizon_years, 1, "years")],
        ["Utilization (sustained useful fraction of fleet hours)", f"{a.utilization * 100:g} %"],
        ["Electricity", est(a.electricity_usd_per_kwh, 3, f"{a.currency}/kWh")],
        ["Engineer cost (loaded)", est(a.engineer_usd_per_week, 0, f"{a.currency}/person-week")],
        ["Monte Carlo", f"{a.monte_carlo_draws:,} draws, seed {a.monte_carlo_seed}, triangular(low, likely, high)"],
    ]
    out.append(table(["Assumption", "Value (likely, range)"], rows, [70 * mm, BODY_W - 70 * mm]))
    rows = []
    for o in ws.options:
        c = o.cost
        rows.append([o.name, c.pricing.value, est(c.gpu_hour_usd, 2), est(c.capex_per_gpu_usd, 0),
                     num(c.amortization_years, 1), est(c.power_kw_per_gpu, 2), est(c.porting_effort_person_weeks, 0),
                     est(c.time_to_production_weeks, 0), est(c.assumed_output_tps_per_gpu, 0),
                     c.assumption_note or "–"])
    out.append(table(["Option", "Pricing", "$/GPU-h", "Capex $/GPU", "Amort. yrs", "kW/GPU", "Porting pw",
                      "Weeks to prod.", "Assumed tok/s/GPU", "Note"], rows,
                     [26 * mm, 13 * mm, 18 * mm, 18 * mm, 12 * mm, 17 * mm, 16 * mm, 16 * mm, 16 * mm, 22 * mm]))
    sources = [f"{o.name}: {s.title} ({s.url_or_path}), as of {s.as_of}" for o in ws.options for s in o.cost.sources]
    if sources:
        out.append(para("Sources: " + "; ".join(sources), "small"))
    return out


def sensitivity(ctx: Context) -> list[Flowable]:
    out = h1("Sensitivity and Monte Carlo", "sensitivity")
    if ctx.assessment is None:
        out.append(para("The analysis is not available in this build."))
    return out


def _unused(_: Any) -> None:
    return None
