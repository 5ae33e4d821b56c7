"""Sections drawn from the assessment (``analysis.evaluate``): executive summary, cost and TCO,
sensitivity and Monte Carlo. Every number is printed with its unit, and with the reason when it
cannot be computed (the assessment never invents one)."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from deepdecide.domain import formatting as fmt
from deepdecide.domain import presentation as look
from deepdecide.report import charts
from deepdecide.report.sections import BODY_W, Context, est, h1, h2, num, option_label
from deepdecide.report.styles import BAD, GOOD, WARN, bullets, para, table


def _money(v: float | None, unit: str = "$") -> str:
    if v is None:
        return "–"
    if abs(v) >= 1e6:
        return f"{unit}{v / 1e6:,.2f}M"
    if abs(v) >= 1e4:
        return f"{unit}{v / 1e3:,.0f}k"
    return f"{unit}{v:,.2f}"


def _per_m(v: float | None) -> str:
    return "–" if v is None else f"${v:,.3f}"


def _plain(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return str(v)
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:,.4g}"


def _fig(f: Any, digits: int = 2) -> str:
    if f is None or f.value is None:
        return "–"
    return num(f.value, digits)


def _name(ctx: Context, oid: str | None) -> str:
    return option_label(ctx.ws, oid) if oid else "no option"


def _levels(oa: Any) -> str:
    ev = oa.evidence
    return ", ".join(f"{n} {'yes' if lv.reached else 'no'}" for n, lv in
                     (("builds", ev.builds), ("correct", ev.correct), ("performs", ev.performs)))


def _flips(ctx: Context, a: Any) -> list[str]:
    """Plain sentences: the inputs and weights at which the top rank changes."""
    out: list[str] = []
    s = a.sensitivity
    if s is None:
        return out
    for f in s.inputs:
        label = f.label.split(": ", 1)[-1]
        who = _name(ctx, f.option) if f.option else "all options"
        if f.flip_below is not None and f.below_in_range:
            out.append(f"{who}: {label} at or below {f.flip_below:,.4g} {f.unit} (likely {f.likely:,.4g}) makes "
                       f"{_name(ctx, f.winner_below)} the winner.")
        if f.flip_above is not None and f.above_in_range:
            out.append(f"{who}: {label} at or above {f.flip_above:,.4g} {f.unit} (likely {f.likely:,.4g}) makes "
                       f"{_name(ctx, f.winner_above)} the winner.")
    for w in s.weights:
        crit = next((c.name for c in a.criteria if c.id == w.criterion), w.criterion)
        if w.winner_below and w.low_share is not None and w.low > 0:
            out.append(f"weight of '{crit}' below {w.low_share * 100:.0f} % (now {w.weight_share * 100:.0f} %): "
                       f"{_name(ctx, w.winner_below)} wins.")
        if w.winner_above and w.high_share is not None:
            out.append(f"weight of '{crit}' above {w.high_share * 100:.0f} % (now {w.weight_share * 100:.0f} %): "
                       f"{_name(ctx, w.winner_above)} wins.")
    return out


def summary(ctx: Context) -> list[Flowable]:
    ws, d, a = ctx.ws, ctx.ws.decision, ctx.assessment
    out = h1("Executive summary", "summary")
    chosen = d.chosen_option or (a.winner if a is not None else "")
    if chosen:
        out.append(para(f"<b>Recommended option: {_esc(_name(ctx, chosen))}</b>"
                        + ("" if d.chosen_option else " (the analysis's top rank; no option chosen yet)"),
                        "callout", markup=True))
    if a is None:
        if d.rationale:
            out.append(para(d.rationale))
        out.append(para("The analysis is not available in this build: no figures are shown."))
        return out
    if d.chosen_option and a.winner and a.winner != d.chosen_option:
        out.append(para(f"Note: the analysis ranks {_name(ctx, a.winner)} first; the decision-makers chose "
                        f"{_name(ctx, d.chosen_option)}. The reason below must justify the difference."))
    oa = a.option(chosen) if chosen else None
    if oa is not None:
        c = oa.costs
        horizon = ws.assumptions.horizon_years
        rows = [
            ["Official support (exact platform)", oa.classification.label
             + ("" if oa.classification.label == oa.classification.status.value
                else f" (matrix: {oa.classification.status.value})")],
            ["Evidence levels", _levels(oa)],
            ["Capacity at the SLO", f"{_fig(oa.capacity.figure, 0)} tok/s per GPU ({oa.capacity.label})"
             if oa.capacity.value is not None else f"– ({oa.capacity.figure.missing_reason})"],
            ["Fleet for the peak demand", f"{_fig(oa.fleet.gpus, 0)} GPUs" if oa.fleet.gpus.value is not None
             else f"– ({oa.fleet.gpus.missing_reason})"],
            ["Cost per million output tokens", f"{_per_m(c.cost_per_m_tokens_usd.value)} "
             f"({_per_m(c.effective_cost_per_m_tokens_usd.value)} at {ws.assumptions.utilization * 100:g} % utilization)"
             if c.cost_per_m_tokens_usd.value is not None else f"– ({c.cost_per_m_tokens_usd.missing_reason})"],
            [f"TCO over {horizon:g} years", _money(c.tco_usd.value) if c.tco_usd.value is not None
             else f"– ({c.tco_usd.missing_reason})"],
            ["Time to production", f"{_fig(c.time_to_production_weeks, 0)} weeks"],
            ["Rank", f"{oa.rank} of {len(a.ranking)}" if oa.rank else "not ranked: "
             + "; ".join(oa.eligibility_reasons or oa.vetoes or ("not eligible",))],
        ]
        out.append(_kv(rows))
    out += h2("Why", "summary-why")
    if d.rationale:
        out.append(para(d.rationale))
    if oa is not None and oa.score is not None:
        parts = sorted(oa.score.parts, key=lambda p: -p.contribution)[:3]
        if parts:
            out.append(para("Largest parts of its score: " + "; ".join(
                f"{p.criterion} {p.contribution:.3f} (weight {p.weight_share * 100:.0f} % × value {p.value_score:.2f})"
                for p in parts) + "."))
    out += h2("What would change the decision", "summary-flip")
    flips = _flips(ctx, a)
    if flips:
        out += bullets(flips[:8])
    else:
        out.append(para("No single input within its stated range and no single weight change moves the top rank "
                        "(one at a time, the others at their likely values)."))
    if d.revisit_triggers:
        out.append(para("Revisit triggers recorded by the decision-makers: " + "; ".join(d.revisit_triggers) + "."))
    out += h2("Ranking", "ranking")
    out.append(_ranking_table(ctx))
    out += _fit_summary(ctx)
    if a.messages:
        out.append(para("Analysis notes: " + " ".join(a.messages), "small"))
    return out


def _fit_summary(ctx: Context) -> list[Flowable]:
    """Per option: how many runs match the workload, are proxies, mismatch or need context, and what the
    capacity rests on; then why the evidence that counts for nothing does not count."""
    from deepdecide.domain import formatting
    from deepdecide.domain.messages import render_all

    a = ctx.assessment
    out = h2("Evidence against the workload", "summary-fit")
    if a.workload is not None:
        out.append(para(f"Runs and parity checks are judged against the {a.workload}. Only runs that match "
                        "(or that the decision-makers accepted as a proxy, discounted) count for capacity, cost "
                        "and the evidence rungs; a proxy never reaches performs."))
    rows = []
    for oa in a.options:
        f = oa.fit
        rows.append([oa.name, formatting.integer(f.matches), formatting.integer(f.proxies),
                     formatting.integer(f.mismatches), formatting.integer(f.needs_context), oa.capacity.label])
    out.append(table(["Option", "Match", "Proxy", "Mismatch", "Needs context", "Capacity rests on"], rows,
                     [50 * mm, 16 * mm, 16 * mm, 18 * mm, 22 * mm, BODY_W - 122 * mm], numeric=(1, 2, 3, 4)))
    groups: dict[tuple[str, str], list[str]] = {}
    for x in a.evidence_fit:
        if x.counts_for and x.applicability.value == "matches":
            continue
        key = (x.file, x.applicability.value)
        groups.setdefault(key, []).extend(render_all(x.reasons))
    notes = [f"{file}: {status} — {'; '.join(dict.fromkeys(reasons))}" for (file, status), reasons in groups.items()]
    if notes:
        out.append(para("Evidence that does not count in full:", "small"))
        out += bullets(notes[:12])
        if len(notes) > 12:
            out.append(para(f"… and {len(notes) - 12} more files (see the Benchmark evidence section).", "small"))
    return out


def _esc(text: str) -> str:
    from deepdecide.report.styles import esc

    return esc(text)


def _kv(rows: list[list[str]]) -> Flowable:
    from deepdecide.report.sections import table_without_header

    return table_without_header(rows, [55 * mm, BODY_W - 55 * mm])


def _ranking_table(ctx: Context) -> Flowable:
    a = ctx.assessment
    order = list(a.ranking) + [o.option for o in a.options if o.option not in a.ranking]
    rows = []
    extra = []
    for i, oid in enumerate(order, start=1):
        oa = a.option(oid)
        rows.append([str(oa.rank) if oa.rank else "–", oa.name, f"{oa.score.total:.3f}" if oa.score else "–",
                     oa.classification.label, f"{oa.evidence.level} of 3",
                     _per_m(oa.costs.cost_per_m_tokens_usd.value), _money(oa.costs.tco_usd.value),
                     "; ".join(oa.vetoes or oa.eligibility_reasons) or "eligible"])
        extra.append(("TEXTCOLOR", (3, i), (3, i), GOOD if oa.classification.official else WARN))
        if not oa.eligible or oa.vetoes:
            extra.append(("TEXTCOLOR", (7, i), (7, i), BAD))
    return table(["Rank", "Option", "Score", "Support", "Evidence", "$/M out tok", "TCO", "Eligibility"], rows,
                 [10 * mm, 36 * mm, 13 * mm, 20 * mm, 16 * mm, 18 * mm, 18 * mm, 43 * mm], numeric=(0, 2, 5, 6),
                 extra=extra)


def cost(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out = h1("Cost and TCO", "cost")
    if a is not None:
        out.append(para("All-in $/GPU-h: rent = the rental price; own = capex / (amortization × 8,760 h) + kW × $/kWh; "
                        "existing = kW × $/kWh (capex sunk). $/M output tokens = $/GPU-h / (tok/s/GPU × 3,600 / 10^6) "
                        "at the SLO capacity. Fleet = demand / capacity, rounded up to the deployable unit. "
                        f"TCO over {ws.assumptions.horizon_years:g} years = hardware + power + engineering."))
        rows = []
        for oa in a.options:
            c = oa.costs
            rows.append([oa.name, _fig(c.gpu_hour_usd, 2), f"{_fig(oa.capacity.figure, 0)} ({oa.capacity.label})",
                         _fig(oa.fleet.gpus, 0), _per_m(c.cost_per_m_tokens_usd.value),
                         _money(c.hardware_usd.value), _money(c.power_usd.value),
                         f"{_fig(c.engineering_person_weeks, 0)} pw / {_money(c.engineering_usd.value)}",
                         _money(c.tco_usd.value)])
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
        short = look.short_labels(ws)
        bars = []
        for oa in a.options:
            v = oa.costs.tco_usd.value
            if v is None:
                continue
            d = mc.for_option(oa.option) if mc else None
            lo = d.tco_usd.p10 if d else None
            hi = d.tco_usd.p90 if d else None
            bars.append((oa.option, v, lo, hi))
        if bars:
            out.append(Spacer(1, 3 * mm))
            out.append(charts.figure(
                charts.bar_chart([(short[o], v, lo, hi) for o, v, lo, hi in bars],
                                 x_label=f"TCO over {ws.assumptions.horizon_years:g} years, {ws.assumptions.currency}",
                                 width=BODY_W, title="TCO per option (bar: likely inputs; whisker: Monte Carlo P10–P90)",
                                 value_fmt=lambda v: _money(v), tick_fmt=lambda v: fmt.money(v, digits=2),
                                 colors_=[look.option_color(ws, o) for o, *_ in bars],
                                 filled=[a.option(o).capacity.basis.value != "assumed" for o, *_ in bars]),
                f"Total cost of ownership over {ws.assumptions.horizon_years:g} years (hardware, power and "
                f"engineering), in {ws.assumptions.currency}; the whisker spans the Monte Carlo P10–P90.",
                "Hollow bars rest on an assumed capacity (no run meets the SLO on that platform yet); every TCO "
                "also rests on assumed prices and effort estimates (see Assumptions)."
                if any(a.option(o).capacity.basis.value == "assumed" for o, *_ in bars) else
                "Rests on assumed prices and effort estimates (see Assumptions)."))
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
        out += _trails(ctx)
    out += _assumptions(ctx)
    return out


def _trails(ctx: Context) -> list[Flowable]:
    """Where each option's $/M and TCO come from: every input with its value, unit and source."""
    out = h2("Inputs behind each cost", "cost-trails")
    rows = []
    for oa in ctx.assessment.options:
        seen = set()
        for fig in (oa.costs.cost_per_m_tokens_usd, oa.costs.tco_usd):
            for t in fig.trail:
                key = (t.name, str(t.value))
                if key in seen:
                    continue
                seen.add(key)
                value = _plain(t.value)
                rows.append([oa.name, t.name, f"{value} {t.unit}".strip(), t.source or "–"])
    if rows:
        out.append(table(["Option", "Input", "Value", "Source"], rows, [34 * mm, 50 * mm, 34 * mm, 56 * mm]))
    else:
        out.append(para("No cost could be computed, so no inputs were used."))
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
    notes = []
    for o in ws.options:
        c = o.cost
        ref = f"N{len(notes) + 1}" if c.assumption_note else "–"
        if c.assumption_note:
            notes.append(f"{ref} ({o.name}): {c.assumption_note}")
        rows.append([o.name, c.pricing.value, est(c.gpu_hour_usd, 2), est(c.capex_per_gpu_usd, 0),
                     num(c.amortization_years, 1), est(c.power_kw_per_gpu, 2), est(c.porting_effort_person_weeks, 0),
                     est(c.time_to_production_weeks, 0), est(c.assumed_output_tps_per_gpu, 0), ref])
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


def sensitivity(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    out = h1("Sensitivity and Monte Carlo", "sensitivity")
    if a is None:
        out.append(para("The analysis is not available in this build."))
        return out
    s = a.sensitivity
    if s is None:
        out.append(para("No option can be ranked, so there is no winner whose stability could be tested."))
    else:
        out.append(para(f"Winner under the likely inputs: {_name(ctx, s.winner)}. " + " ".join(s.notes)))
        if s.weights:
            out += h2("Weights that keep the winner", "sens-weights")
            rows = []
            for w in s.weights:
                crit = next((c.name for c in a.criteria if c.id == w.criterion), w.criterion)
                hi = f"{w.high_share * 100:.0f} %" if w.high_share is not None else "no limit"
                rows.append([crit, f"{w.weight_share * 100:.0f} %", f"{w.low_share * 100:.0f} % – {hi}",
                             _name(ctx, w.winner_below) if w.winner_below else "–",
                             _name(ctx, w.winner_above) if w.winner_above else "–"])
            out.append(table(["Criterion", "Weight now", "Winner unchanged for", "Winner below", "Winner above"],
                             rows, [50 * mm, 20 * mm, 34 * mm, 35 * mm, 35 * mm]))
        if s.inputs:
            out += h2("Inputs: where the winner changes", "sens-inputs")
            rows = []
            extra = []
            for i, f in enumerate(s.inputs, start=1):
                flips = []
                if f.flip_below is not None:
                    flips.append(f"≤ {f.flip_below:,.4g} → {_name(ctx, f.winner_below)}"
                                 + ("" if f.below_in_range else " (outside range)"))
                if f.flip_above is not None:
                    flips.append(f"≥ {f.flip_above:,.4g} → {_name(ctx, f.winner_above)}"
                                 + ("" if f.above_in_range else " (outside range)"))
                rows.append([f.label.replace(f"{f.option}: ", f"{_name(ctx, f.option)}: ") if f.option else f.label,
                             f"{f.likely:,.4g} ({f.low:,.4g}–{f.high:,.4g}) {f.unit}",
                             "; ".join(flips) or (f.note or "no change")])
                if f.below_in_range or f.above_in_range:
                    extra.append(("TEXTCOLOR", (2, i), (2, i), BAD))
            out.append(table(["Input", "Likely (range)", "Winner changes at"], rows,
                             [62 * mm, 42 * mm, BODY_W - 104 * mm], extra=extra))
    mc = a.monte_carlo
    if mc is not None:
        out += h2("Monte Carlo", "monte-carlo")
        out.append(para(f"{mc.draws:,} draws (seed {mc.seed}) of every uncertain input from its triangular "
                        f"(low, likely, high) distribution. In {mc.p_no_winner * 100:.1f} % of draws no option "
                        "could be ranked. " + " ".join(mc.notes)))
        short = look.short_labels(ctx.ws)
        bars = [(short.get(d.option, _name(ctx, d.option)), d.p_best * 100, None, None) for d in mc.options]
        if bars:
            out.append(charts.figure(charts.bar_chart(
                bars, x_label="share of draws in which the option ranks first (%)", width=BODY_W,
                title="Probability of ranking first", value_fmt=lambda v: fmt.probability(v / 100),
                tick_fmt=lambda v: fmt.percent(v / 100), x_max=100,
                colors_=[look.option_color(ctx.ws, d.option) for d in mc.options]),
                f"Share of {fmt.count(mc.draws, 'draw')} (seed {mc.seed}) in which each option ranks first.",
                "Draws sample assumed ranges (triangular low, likely, high), not measured distributions."))
        rows = []
        for d in mc.options:
            c, t = d.cost_per_m_tokens_usd, d.tco_usd
            rows.append([_name(ctx, d.option), f"{d.p_best * 100:.1f} %",
                         " / ".join(_per_m(x) for x in (c.p10, c.p50, c.p90)),
                         " / ".join(_money(x) for x in (t.p10, t.p50, t.p90)),
                         f"{d.missing_fraction * 100:.0f} %"])
        out.append(table(["Option", "P(first)", "$/M out tok P10 / P50 / P90", "TCO P10 / P50 / P90",
                          "Draws without a cost"], rows, [40 * mm, 18 * mm, 42 * mm, 46 * mm, 28 * mm],
                         numeric=(1, 4)))
    return out
