"""Executive summary: the recommendation, what it rests on, what would change it, and the ranking."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.assessment import Assessment, Costs, OptionAssessment
from deepdecide.domain import formatting
from deepdecide.domain.formatting import DASH, integer, percent, share
from deepdecide.domain.i18n import _, ngettext, pgettext
from deepdecide.domain.presentation import pools_text
from deepdecide.report.sections.base import (
    BODY_W,
    Context,
    fig,
    h1,
    h2,
    kv,
    name_of,
    num,
    platform_name,
    support_label,
)
from deepdecide.report.sections.cost import driving, view_money
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, GOOD, WARN, bullets, esc, para, table
from deepdecide.report.words import capacity_label, join_text, text, word, yes_no


def _assumed(costs: Costs) -> bool:
    view = driving(costs)
    return view is not None and view.assumed


def levels(oa: OptionAssessment) -> str:
    ev = oa.evidence
    return ", ".join(f"{word(rung, 'evidence rung')} {yes_no(lv.reached) if lv.reached or not lv.proxy else pgettext('evidence rung', 'proxy')}"
                     for rung, lv in (("builds", ev.builds), ("correct", ev.correct), ("performs", ev.performs)))


def flips(ctx: Context, a: Assessment) -> list[str]:
    """Plain sentences: the inputs and weights at which the top rank changes."""
    out: list[str] = []
    s = a.sensitivity
    if s is None:
        return out
    for f in s.inputs:
        label, unit = ctx.money_words(text(f.name)), formatting.unit_text(f.unit)
        who = (name_of(ctx, f.option) if f.option else
               _("{platform} (one input for {n} options)").format(platform=platform_name(ctx.ws, f.platform),
                                                                  n=len(f.options)) if f.platform else
               _("all options"))
        if f.flip_below is not None and f.below_in_range:
            out.append(_("{who}: {input} at or below {value} (likely {likely}) makes {winner} the winner.")
                       .format(who=who, input=text(label), value=num(f.flip_below, unit), likely=num(f.likely, unit),
                               winner=name_of(ctx, f.winner_below)))
        if f.flip_above is not None and f.above_in_range:
            out.append(_("{who}: {input} at or above {value} (likely {likely}) makes {winner} the winner.")
                       .format(who=who, input=text(label), value=num(f.flip_above, unit), likely=num(f.likely, unit),
                               winner=name_of(ctx, f.winner_above)))
    for w in s.weights:
        crit = next((c.name for c in a.criteria if c.id == w.criterion), w.criterion)
        if w.winner_below and w.low_share is not None and w.low > 0:
            out.append(_("weight of '{criterion}' below {share} (now {now}): {winner} wins.").format(
                criterion=crit, share=share(w.low_share), now=share(w.weight_share),
                winner=name_of(ctx, w.winner_below)))
        if w.winner_above and w.high_share is not None:
            out.append(_("weight of '{criterion}' above {share} (now {now}): {winner} wins.").format(
                criterion=crit, share=share(w.high_share), now=share(w.weight_share),
                winner=name_of(ctx, w.winner_above)))
    return out


def summary(ctx: Context) -> list[Flowable]:
    ws, d, a = ctx.ws, ctx.ws.decision, ctx.assessment
    out = h1(title("summary"), "summary")
    chosen = d.chosen_option or a.winner or ""
    if chosen:
        callout = (_("<b>Recommended option: {option}</b>") if d.chosen_option else
                   _("<b>Recommended option: {option}</b> (the analysis's top rank; no option chosen yet)"))
        out.append(para(callout.format(option=esc(name_of(ctx, chosen))), "callout", markup=True))
    if d.chosen_option and a.winner and a.winner != d.chosen_option:
        out.append(para(_("Note: the analysis ranks {winner} first; the decision-makers chose {chosen}. The reason "
                          "below must justify the difference.").format(winner=name_of(ctx, a.winner),
                                                                       chosen=name_of(ctx, d.chosen_option))))
    if not chosen and a.no_recommendation is not None:
        out.append(para(_("<b>No recommendation: {why}.</b>").format(why=esc(text(a.no_recommendation))),
                        "callout", markup=True))
        if a.remedies:
            out.append(para(_("What would make an option recommendable:")))
            out += bullets([text(r) for r in a.remedies[:10]])
    oa = a.option(chosen) if chosen else None
    if oa is not None:
        c = oa.costs
        horizon = ws.assumptions.horizon_years
        missing = _("– ({reason})")
        rows = [
            [_("Official support (exact platform)"), support_label(oa.classification)],
            [_("Evidence levels"), levels(oa)],
            [_("Capacity at the SLO"), _("{value} tok/s per GPU ({basis})").format(
                value=fig(oa.capacity.figure), basis=capacity_label(oa.capacity))
             if oa.capacity.value is not None else missing.format(reason=text(oa.capacity.figure.missing_reason))],
            [_("Fleet for the peak demand"), _("{gpus} GPUs: {owned} owned, {bought} bought, {rented} rented, of "
                                                 "which {spare} spare ({headroom} headroom)").format(
                gpus=fig(oa.fleet.gpus), owned=formatting.integer(oa.fleet.owned_used),
                bought=formatting.integer(oa.fleet.bought_gpus), rented=formatting.integer(oa.fleet.rented_gpus),
                spare=formatting.integer(oa.fleet.spare_gpus), headroom=percent(oa.fleet.headroom))
             if oa.fleet.gpus.value is not None else
             _("a hosted API: no fleet") if c.hosted is not None else
             missing.format(reason=text(oa.fleet.gpus.missing_reason))],
            [_("Cash by fiscal year"), "; ".join(_("{year}: {capex} capex, {opex} opex").format(
                year=y.fiscal_year, capex=formatting.money(y.capex, ctx.currency),
                opex=formatting.money(y.opex + y.engineering, ctx.currency)) for y in c.cash_flow.years)
             if c.cash_flow is not None else formatting.DASH],
            [_("Payback against {baseline}").format(baseline=name_of(ctx, a.money.baseline)),
             text(c.payback.text) if c.payback is not None and c.payback.text else formatting.DASH],
            # the driving cost view, at the precision its range supports ("≈" when it rests on
            # assumptions), as in the ranking table below
            [_("Cost per million output tokens"),
             _("{cost} ({view} view; {effective} at {utilization} utilization)").format(
                 cost=view_money(driving(c), True, ctx.currency), view=word(a.cost_view),
                 effective=formatting.money(c.effective_cost_per_m_tokens_usd.value, ctx.currency,
                                            approx=_assumed(c)),
                 utilization=percent(ws.assumptions.utilization))
             if c.cost_per_m_tokens_usd.value is not None
             else f"– ({text(c.cost_per_m_tokens_usd.missing_reason)})"],
            [_("TCO over {years} years").format(years=f"{horizon:g}"),
             _("{tco} ({view} view)").format(tco=view_money(driving(c), False, ctx.currency), view=word(a.cost_view))
             if c.tco_usd.value is not None else f"– ({text(c.tco_usd.missing_reason)})"],
            [_("Time to production"), _("{weeks} weeks").format(weeks=fig(c.time_to_production_weeks))],
            [_("Rank"), _("{rank} of {count}").format(rank=oa.rank, count=len(a.ranking)) if oa.rank else
             _("not ranked: {reasons}").format(reasons=join_text(oa.eligibility_reasons or oa.vetoes)
                                               or _("not eligible"))],
        ]
        out.append(kv(rows))
        risks = a.recommendation_risks if oa.option == a.recommended else ()
        if risks:
            out.append(para(_("Risks of the recommended option ({n}):").format(n=len(risks))))
            out += bullets([text(r.text) for r in risks])
    out += h2(_("Why"), "summary-why")
    if d.rationale:
        out.append(para(d.rationale))
    if a.why and a.recommended == chosen:
        other = next((w for w in a.why if w.other), None)
        if other is None:
            lead = _("What its score rests on:")
        elif a.ranking and other.other == a.ranking[0]:
            lead = _("Where it differs most from {option}, the analysis's top rank:").format(option=other.other_name)
        else:
            lead = _("Where it differs most from {option}, the next option in the ranking:").format(
                option=other.other_name)
        out.append(para(lead))
        out += bullets([text(w.text)[:1].upper() + text(w.text)[1:] + "." for w in a.why])
    out += h2(_("What would change the decision"), "summary-flip")
    found = flips(ctx, a)
    if found:
        out += bullets(found[:8])
    elif a.sensitivity is None and a.no_recommendation is not None:
        out.append(para(_("No option is recommendable, so no input or weight can move a top rank: what would make "
                          "an option recommendable is listed above.")))
    else:
        out.append(para(_("No single input within its stated range and no single weight change moves the top rank "
                          "(one at a time, the others at their likely values).")))
    if d.revisit_triggers or d.revisit_conditions:
        out.append(para(_("Revisit triggers recorded by the decision-makers: {triggers}.").format(
            triggers="; ".join([*(c.text for c in d.revisit_conditions), *d.revisit_triggers]))))
    out += h2(_("Ranking"), "ranking")
    out.append(_ranking_table(ctx))
    out += _fit_summary(ctx)
    if a.messages:
        out.append(para(_("Analysis notes: {notes}").format(notes=join_text(a.messages, " ")), "small"))
    return out


def _fit_summary(ctx: Context) -> list[Flowable]:
    """Per option: how many runs match the workload, are proxies, mismatch or need context, and what the
    capacity rests on; then why the evidence that counts for nothing does not count."""
    a = ctx.assessment
    out = h2(_("Evidence against the workload"), "summary-fit")
    if a.workload is not None:
        out.append(para(_("Runs and parity checks are judged against the {workload}. Only runs that match (or that "
                          "the decision-makers accepted as a proxy, discounted) count for capacity, cost and the "
                          "evidence rungs; a proxy never reaches performs.").format(workload=text(a.workload))))
    rows = []
    for oa in a.options:
        f = oa.fit
        rows.append([oa.name, integer(f.matches), integer(f.proxies), integer(f.mismatches),
                     integer(f.needs_context), f"{integer(f.checks_matching)} / {integer(f.checks_other)}",
                     capacity_label(oa.capacity)])
    out.append(table([_("Option"), _("Match"), _("Proxy"), _("Mismatch"), _("Needs context"),
                      _("Checks counted / not"), _("Capacity rests on")], rows,
                     [46 * mm, 14 * mm, 14 * mm, 17 * mm, 19 * mm, 22 * mm, BODY_W - 132 * mm],
                     numeric=(1, 2, 3, 4, 5)))
    out.append(para(_("Match, Proxy, Mismatch, Needs context: benchmark runs about the option. Checks: parity "
                      "checks on its runtime and platform that count for its verdicts / that do not (another model, "
                      "a proxy, needing context, illustrative)."), "small"))
    groups: dict[tuple[str, str], list[str]] = {}
    for x in a.evidence_fit:
        if x.counts_for and x.applicability.value == "matches":
            continue
        groups.setdefault((x.file, word(x.applicability)), []).extend(text(m) for m in x.reasons)
    notes = [_("{file}: {status} — {reasons}").format(file=file, status=status,
                                                      reasons="; ".join(dict.fromkeys(reasons)))
             for (file, status), reasons in groups.items()]
    if notes:
        out.append(para(_("Evidence that does not count in full:"), "small"))
        out += bullets(notes[:12])
        if len(notes) > 12:
            more = len(notes) - 12
            out.append(para(ngettext("… and {n} more file (see the Benchmark evidence section).",
                                     "… and {n} more files (see the Benchmark evidence section).", more)
                            .format(n=more), "small"))
    return out


def _ranking_table(ctx: Context) -> Flowable:
    a = ctx.assessment
    order = list(a.order or [o.option for o in a.options])  # the one order of every view
    rows = []
    extra = []
    for i, oid in enumerate(order, start=1):
        oa = a.option(oid)
        assert oa is not None  # every id in the order is one of the assessment's options
        draws = a.monte_carlo.for_option(oid) if a.monte_carlo is not None else None
        rows.append([str(oa.rank) if oa.rank else DASH, oa.name, formatting.score(oa.score.total) if oa.score else DASH,
                     word(oa.classification.label, "support status"), _("{level} of 3").format(level=oa.evidence.level),
                     view_money(driving(oa.costs), True, ctx.currency),
                     view_money(driving(oa.costs), False, ctx.currency),
                     formatting.probability(draws.p_best) if draws is not None and oa.rank is not None else DASH,
                     join_text(oa.vetoes or oa.eligibility_reasons) or _("eligible")])
        extra.append(("TEXTCOLOR", (3, i), (3, i), GOOD if oa.classification.official else WARN))
        if not oa.eligible or oa.vetoes:
            extra.append(("TEXTCOLOR", (8, i), (8, i), BAD))
    headers = [_("Rank"), _("Option"), _("Score"), _("Support"), _("Evidence"),
               _("{unit}/M out tok").format(unit=ctx.unit), _("TCO"), _("P(best)"), _("Eligibility")]
    widths = [10 * mm, 34 * mm, 13 * mm, 20 * mm, 15 * mm, 18 * mm, 18 * mm, 15 * mm, 31 * mm]
    numeric, notes = (0, 2, 5, 6, 7), 8
    pools = [oa.pools if (oa := a.option(oid)) is not None else None for oid in order]
    if any(p is not None for p in pools):
        # disaggregated options: their pools (prefill / decode GPUs per platform) beside the option
        for row, p in zip(rows, pools, strict=True):
            row.insert(2, pools_text(p))
        headers.insert(2, _("Pools (prefill / decode GPUs)"))
        widths = [9 * mm, 25 * mm, 22 * mm, 12 * mm, 16 * mm, 13 * mm, 16 * mm, 17 * mm, 16 * mm, 28 * mm]  # 174 mm
        extra = [(k, (c0 + 1, r0), (c1 + 1, r1), colour) for k, (c0, r0), (c1, r1), colour in extra]
        numeric, notes = (0, 3, 6, 7, 8), 9
    return table(headers, rows, widths, numeric=numeric, extra=extra, notes=(notes,))  # long reasons: numbered notes


