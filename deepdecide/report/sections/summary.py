"""Executive summary: the recommendation, what it rests on, what would change it, and the ranking."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.assessment import Assessment, OptionAssessment
from deepdecide.domain import formatting
from deepdecide.domain.formatting import DASH, integer, percent, share
from deepdecide.domain.messages import join
from deepdecide.report.sections.base import (
    BODY_W,
    Context,
    fig,
    h1,
    h2,
    kv,
    name_of,
    num,
    support_label,
)
from deepdecide.report.sections.cost import driving, view_money
from deepdecide.report.styles import BAD, GOOD, WARN, bullets, esc, para, table


def levels(oa: OptionAssessment) -> str:
    ev = oa.evidence
    return ", ".join(f"{n} {'yes' if lv.reached else 'no'}" for n, lv in
                     (("builds", ev.builds), ("correct", ev.correct), ("performs", ev.performs)))


def flips(ctx: Context, a: Assessment) -> list[str]:
    """Plain sentences: the inputs and weights at which the top rank changes."""
    out: list[str] = []
    s = a.sensitivity
    if s is None:
        return out
    for f in s.inputs:
        label = f.label.split(": ", 1)[-1]
        who = name_of(ctx, f.option) if f.option else "all options"
        if f.flip_below is not None and f.below_in_range:
            out.append(f"{who}: {label} at or below {num(f.flip_below)} {f.unit} (likely {num(f.likely)}) makes "
                       f"{name_of(ctx, f.winner_below)} the winner.")
        if f.flip_above is not None and f.above_in_range:
            out.append(f"{who}: {label} at or above {num(f.flip_above)} {f.unit} (likely {num(f.likely)}) makes "
                       f"{name_of(ctx, f.winner_above)} the winner.")
    for w in s.weights:
        crit = next((c.name for c in a.criteria if c.id == w.criterion), w.criterion)
        if w.winner_below and w.low_share is not None and w.low > 0:
            out.append(f"weight of '{crit}' below {share(w.low_share)} (now {share(w.weight_share)}): "
                       f"{name_of(ctx, w.winner_below)} wins.")
        if w.winner_above and w.high_share is not None:
            out.append(f"weight of '{crit}' above {share(w.high_share)} (now {share(w.weight_share)}): "
                       f"{name_of(ctx, w.winner_above)} wins.")
    return out


def summary(ctx: Context) -> list[Flowable]:
    ws, d, a = ctx.ws, ctx.ws.decision, ctx.assessment
    out = h1("Executive summary", "summary")
    chosen = d.chosen_option or a.winner or ""
    if chosen:
        out.append(para(f"<b>Recommended option: {esc(name_of(ctx, chosen))}</b>"
                        + ("" if d.chosen_option else " (the analysis's top rank; no option chosen yet)"),
                        "callout", markup=True))
    if d.chosen_option and a.winner and a.winner != d.chosen_option:
        out.append(para(f"Note: the analysis ranks {name_of(ctx, a.winner)} first; the decision-makers chose "
                        f"{name_of(ctx, d.chosen_option)}. The reason below must justify the difference."))
    oa = a.option(chosen) if chosen else None
    if oa is not None:
        c = oa.costs
        horizon = ws.assumptions.horizon_years
        rows = [
            ["Official support (exact platform)", support_label(oa.classification)],
            ["Evidence levels", levels(oa)],
            ["Capacity at the SLO", f"{fig(oa.capacity.figure)} tok/s per GPU ({oa.capacity.label})"
             if oa.capacity.value is not None else f"– ({oa.capacity.figure.missing_reason})"],
            ["Fleet for the peak demand", f"{fig(oa.fleet.gpus)} GPUs" if oa.fleet.gpus.value is not None
             else f"– ({oa.fleet.gpus.missing_reason})"],
            # the driving cost view, at the precision its range supports ("≈" when it rests on
            # assumptions), as in the ranking table below
            ["Cost per million output tokens", f"{view_money(driving(c), True)} "
             f"({a.cost_view.value} view; "
             + f"{formatting.money(c.effective_cost_per_m_tokens_usd.value, approx=driving(c).assumed)} at "
             f"{percent(ws.assumptions.utilization)} "
             "utilization)"
             if c.cost_per_m_tokens_usd.value is not None else f"– ({c.cost_per_m_tokens_usd.missing_reason})"],
            [f"TCO over {horizon:g} years", f"{view_money(driving(c), False)} ({a.cost_view.value} view)"
             if c.tco_usd.value is not None else f"– ({c.tco_usd.missing_reason})"],
            ["Time to production", f"{fig(c.time_to_production_weeks)} weeks"],
            ["Rank", f"{oa.rank} of {len(a.ranking)}" if oa.rank else "not ranked: "
             + (join(oa.eligibility_reasons or oa.vetoes) or "not eligible")],
        ]
        out.append(kv(rows))
        risks = a.recommendation_risks if oa.option == a.winner else ()
        if risks:
            out.append(para(f"Risks of the recommended option ({len(risks)}):"))
            out += bullets([str(r.text) for r in risks])
    out += h2("Why", "summary-why")
    if d.rationale:
        out.append(para(d.rationale))
    if oa is not None and oa.score is not None:
        parts = sorted(oa.score.parts, key=lambda p: -p.contribution)[:3]
        if parts:
            out.append(para("Largest parts of its score: " + "; ".join(
                f"{p.criterion} {p.contribution:.3f} (weight {share(p.weight_share)} × value {p.value_score:.2f})"
                for p in parts) + "."))
    out += h2("What would change the decision", "summary-flip")
    found = flips(ctx, a)
    if found:
        out += bullets(found[:8])
    else:
        out.append(para("No single input within its stated range and no single weight change moves the top rank "
                        "(one at a time, the others at their likely values)."))
    if d.revisit_triggers:
        out.append(para("Revisit triggers recorded by the decision-makers: " + "; ".join(d.revisit_triggers) + "."))
    out += h2("Ranking", "ranking")
    out.append(_ranking_table(ctx))
    out += _fit_summary(ctx)
    if a.messages:
        out.append(para("Analysis notes: " + join(a.messages, " "), "small"))
    return out


def _fit_summary(ctx: Context) -> list[Flowable]:
    """Per option: how many runs match the workload, are proxies, mismatch or need context, and what the
    capacity rests on; then why the evidence that counts for nothing does not count."""
    a = ctx.assessment
    out = h2("Evidence against the workload", "summary-fit")
    if a.workload is not None:
        out.append(para(f"Runs and parity checks are judged against the {a.workload}. Only runs that "
                        "match (or that the decision-makers accepted as a proxy, discounted) count for capacity, "
                        "cost and the evidence rungs; a proxy never reaches performs."))
    rows = []
    for oa in a.options:
        f = oa.fit
        rows.append([oa.name, integer(f.matches), integer(f.proxies), integer(f.mismatches),
                     integer(f.needs_context), f"{integer(f.checks_matching)} / {integer(f.checks_other)}",
                     oa.capacity.label])
    out.append(table(["Option", "Match", "Proxy", "Mismatch", "Needs context", "Checks counted / not",
                      "Capacity rests on"], rows,
                     [46 * mm, 14 * mm, 14 * mm, 17 * mm, 19 * mm, 22 * mm, BODY_W - 132 * mm],
                     numeric=(1, 2, 3, 4, 5)))
    out.append(para("Match, Proxy, Mismatch, Needs context: benchmark runs about the option. Checks: parity checks "
                    "on its runtime and platform that count for its verdicts / that do not (another model, a proxy, "
                    "needing context, illustrative).", "small"))
    groups: dict[tuple[str, str], list[str]] = {}
    for x in a.evidence_fit:
        if x.counts_for and x.applicability.value == "matches":
            continue
        groups.setdefault((x.file, x.applicability.value), []).extend(str(m) for m in x.reasons)
    notes = [f"{file}: {status} — {'; '.join(dict.fromkeys(reasons))}" for (file, status), reasons in groups.items()]
    if notes:
        out.append(para("Evidence that does not count in full:", "small"))
        out += bullets(notes[:12])
        if len(notes) > 12:
            out.append(para(f"… and {len(notes) - 12} more files (see the Benchmark evidence section).", "small"))
    return out


def _ranking_table(ctx: Context) -> Flowable:
    a = ctx.assessment
    order = list(a.ranking) + [o.option for o in a.options if o.option not in a.ranking]
    rows = []
    extra = []
    for i, oid in enumerate(order, start=1):
        oa = a.option(oid)
        assert oa is not None  # every id in the order is one of the assessment's options
        rows.append([str(oa.rank) if oa.rank else DASH, oa.name, f"{oa.score.total:.3f}" if oa.score else DASH,
                     oa.classification.label, f"{oa.evidence.level} of 3",
                     view_money(driving(oa.costs), True), view_money(driving(oa.costs), False),
                     join(oa.vetoes or oa.eligibility_reasons) or "eligible"])
        extra.append(("TEXTCOLOR", (3, i), (3, i), GOOD if oa.classification.official else WARN))
        if not oa.eligible or oa.vetoes:
            extra.append(("TEXTCOLOR", (7, i), (7, i), BAD))
    return table(["Rank", "Option", "Score", "Support", "Evidence", "$/M out tok", "TCO", "Eligibility"], rows,
                 [10 * mm, 36 * mm, 13 * mm, 20 * mm, 16 * mm, 18 * mm, 18 * mm, 43 * mm], numeric=(0, 2, 5, 6),
                 extra=extra)


