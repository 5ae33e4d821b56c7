"""Cost and TCO: every option's figures with the inputs behind them, charts and the assumptions."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.formatting import DASH, percent
from deepdecide.report import charts
from deepdecide.report.sections.base import BODY_W, Context, est, fig, h1, h2, money, num, plain
from deepdecide.report.styles import bullets, para, table


def cost(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out = h1("Cost and TCO", "cost")
    out.append(para("All-in $/GPU-h: rent = the rental price; own = capex / (amortization × 8,760 h) + kW × $/kWh; "
                    "existing = kW × $/kWh (capex sunk). $/M output tokens = $/GPU-h / (tok/s/GPU × 3,600 / 10^6) "
                    "at the SLO capacity. Fleet = demand / capacity, rounded up to the deployable unit. "
                    f"TCO over {ws.assumptions.horizon_years:g} years = hardware + power + engineering."))
    rows = []
    for oa in a.options:
        c = oa.costs
        rows.append([oa.name, fig(c.gpu_hour_usd), f"{fig(oa.capacity.figure)} ({oa.capacity.label})",
                     fig(oa.fleet.gpus), money(c.cost_per_m_tokens_usd.value),
                     money(c.hardware_usd.value), money(c.power_usd.value),
                     f"{fig(c.engineering_person_weeks)} pw / {money(c.engineering_usd.value)}",
                     money(c.tco_usd.value)])
    out.append(table(["Option", "$/GPU-h", "tok/s/GPU at SLO", "GPUs", "$/M out tok", "Hardware", "Power",
                      "Engineering", "TCO"], rows,
                     [32 * mm, 14 * mm, 26 * mm, 12 * mm, 17 * mm, 17 * mm, 15 * mm, 24 * mm, 17 * mm],
                     numeric=(1, 3, 4, 5, 6, 8)))
    gaps = [f"{oa.name}: {oa.costs.tco_usd.missing_reason or oa.costs.cost_per_m_tokens_usd.missing_reason}"
            for oa in a.options if oa.costs.tco_usd.value is None]
    if gaps:
        out.append(para("Not computed:", "small"))
        out += bullets(gaps)
    mc = a.monte_carlo
    bars = []
    for oa in a.options:
        v = oa.costs.tco_usd.value
        if v is None:
            continue
        d = mc.for_option(oa.option) if mc else None
        lo = d.tco_usd.p10 if d else None
        hi = d.tco_usd.p90 if d else None
        bars.append((oa.option, v, lo, hi))
    short = look.short_labels(ws)
    if bars:
        assumed_bar = [oa.capacity.basis.value == "assumed" for oa in a.options if oa.costs.tco_usd.value is not None]
        out.append(Spacer(1, 3 * mm))
        out.append(charts.figure(
            charts.bar_chart([(short[o], v, lo, hi) for o, v, lo, hi in bars],
                             x_label=f"TCO over {ws.assumptions.horizon_years:g} years, {ws.assumptions.currency}",
                             width=BODY_W, title="TCO per option (bar: likely inputs; whisker: Monte Carlo P10–P90)",
                             value_fmt=lambda v: money(v), tick_fmt=lambda v: formatting.money(v, digits=2),
                             colors_=[look.option_color(ws, o) for o, *_ in bars],
                             filled=[not x for x in assumed_bar]),
            f"Total cost of ownership over {ws.assumptions.horizon_years:g} years (hardware, power and "
            f"engineering), in {ws.assumptions.currency}; the whisker spans the Monte Carlo P10–P90.",
            "Hollow bars rest on an assumed capacity (no run meets the SLO on that platform yet); every TCO "
            "also rests on assumed prices and effort estimates (see Assumptions)."
            if any(assumed_bar) else "Rests on assumed prices and effort estimates (see Assumptions)."))
    cap = [oa for oa in a.options if oa.capacity.value is not None]
    if cap:
        assumed = [oa.capacity.basis.value == "assumed" for oa in cap]
        out.append(charts.figure(charts.bar_chart(
            [(short[oa.option], oa.capacity.value, oa.capacity.low, oa.capacity.high) for oa in cap],
            x_label="output tok/s per GPU at the SLO", width=BODY_W,
            title="Capacity at the SLO (measured, interpolated, lower bound or assumed; whisker: assumed range)",
            colors_=[look.option_color(ws, oa.option) for oa in cap], filled=[not x for x in assumed]),
            "Output tokens per second one GPU sustains while meeting the SLO.",
            "Hollow bars are assumed capacities (no run meets the SLO on that platform yet), not measurements."
            if any(assumed) else ""))
    out += trails(ctx)
    out += assumptions(ctx)
    return out


def trails(ctx: Context) -> list[Flowable]:
    """Where each option's $/M and TCO come from: every input with its value, unit and source."""
    out = h2("Inputs behind each cost", "cost-trails")
    rows = []
    for oa in ctx.assessment.options:
        seen = set()
        for figure in (oa.costs.cost_per_m_tokens_usd, oa.costs.tco_usd):
            for t in figure.trail:
                key = (t.name, str(t.value))
                if key in seen:
                    continue
                seen.add(key)
                value = plain(t.value)
                rows.append([oa.name, t.name, f"{value} {t.unit}".strip(), t.source or DASH])
    if rows:
        out.append(table(["Option", "Input", "Value", "Source"], rows, [34 * mm, 50 * mm, 34 * mm, 56 * mm]))
    else:
        out.append(para("No cost could be computed, so no inputs were used."))
    return out


def assumptions(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    a = ws.assumptions
    out = h2("Assumptions", "assumptions")
    rows = [
        ["Horizon", num(a.horizon_years, "years")],
        ["Utilization (sustained useful fraction of fleet hours)", percent(a.utilization)],
        ["Electricity", est(a.electricity_usd_per_kwh, f"{a.currency}/kWh")],
        ["Engineer cost (loaded)", est(a.engineer_usd_per_week, f"{a.currency}/person-week")],
        ["Monte Carlo", f"{a.monte_carlo_draws:,} draws, seed {a.monte_carlo_seed}, triangular(low, likely, high)"],
    ]
    out.append(table(["Assumption", "Value (likely, range)"], rows, [70 * mm, BODY_W - 70 * mm]))
    rows = []
    notes = []
    for o in ws.options:
        c = o.cost
        ref = f"N{len(notes) + 1}" if c.assumption_note else DASH
        if c.assumption_note:
            notes.append(f"{ref} ({o.name}): {c.assumption_note}")
        rows.append([o.name, c.pricing.value, est(c.gpu_hour_usd), est(c.capex_per_gpu_usd),
                     num(c.amortization_years), est(c.power_kw_per_gpu), est(c.porting_effort_person_weeks),
                     est(c.time_to_production_weeks), est(c.assumed_output_tps_per_gpu), ref])
    out.append(Spacer(1, 2 * mm))
    out.append(table(["Option", "Pricing", "$/GPU-h", "Capex $/GPU", "Amort. yrs", "kW/GPU", "Porting pw",
                      "Weeks to prod.", "Assumed tok/s/GPU", "Note"], rows,
                     [32 * mm, 13 * mm, 19 * mm, 19 * mm, 12 * mm, 18 * mm, 17 * mm, 17 * mm, 17 * mm, 10 * mm]))
    out.append(para("Values are likely (low–high); the ranges feed the sensitivity analysis and the Monte Carlo draws.",
                    "small"))
    out += [para(n, "small") for n in notes]
    sources = [f"{o.name}: {s.title} ({s.url_or_path}), as of {s.as_of}" for o in ws.options for s in o.cost.sources]
    if sources:
        out.append(para("Sources: " + "; ".join(sources), "small"))
    return out
