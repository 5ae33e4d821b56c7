"""Sensitivity and Monte Carlo: weights that keep the winner, inputs where it changes, P(first)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain import presentation as look
from deepdecide.domain.formatting import (
    DASH,
    estimate,
    integer,
    p_best,
    percent,
    probability,
    share,
    unit_text,
)
from deepdecide.domain.i18n import _, ngettext
from deepdecide.report import charts
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, money, name_of, num, platform_name
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, para, table
from deepdecide.report.words import text, word


def sensitivity(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    out = h1(title("sensitivity"), "sensitivity")
    s = a.sensitivity
    if s is None and a.no_recommendation is not None:
        out.append(para(_("No recommendation ({why}), so there is no winner whose stability could be tested.").format(
            why=text(a.no_recommendation))))
    elif s is None:
        out.append(para(_("No option can be ranked, so there is no winner whose stability could be tested.")))
    else:
        out.append(para(_("Winner under the likely inputs: {winner}.").format(winner=name_of(ctx, s.winner))
                        + (f" ({'; '.join(text(n) for n in s.notes)})" if s.notes else "")))
        if s.weights:
            out += h2(_("Weights that keep the winner"), "sens-weights")
            rows = []
            for w in s.weights:
                crit = next((c.name for c in a.criteria if c.id == w.criterion), w.criterion)
                hi = share(w.high_share) if w.high_share is not None else _("no limit")
                rows.append([crit, share(w.weight_share), f"{share(w.low_share)} – {hi}",
                             name_of(ctx, w.winner_below) if w.winner_below else DASH,
                             name_of(ctx, w.winner_above) if w.winner_above else DASH])
            out.append(table([_("Criterion"), _("Weight now"), _("Winner unchanged for"), _("Winner below"),
                              _("Winner above")],
                             rows, [50 * mm, 20 * mm, 34 * mm, 35 * mm, 35 * mm]))
        if s.inputs:
            out += h2(_("Inputs: where the winner changes"), "sens-inputs")
            rows = []
            extra = []
            for i, f in enumerate(s.inputs, start=1):
                flips = []
                unit = unit_text(f.unit)
                if f.flip_below is not None:
                    flip = f"≤ {num(f.flip_below, unit)} → {name_of(ctx, f.winner_below)}"
                    flips.append(flip if f.below_in_range else _("{flip} (outside range)").format(flip=flip))
                if f.flip_above is not None:
                    flip = f"≥ {num(f.flip_above, unit)} → {name_of(ctx, f.winner_above)}"
                    flips.append(flip if f.above_in_range else _("{flip} (outside range)").format(flip=flip))
                label = (_("{option}: {input}").format(option=name_of(ctx, f.option), input=text(f.name))
                         if f.option else
                         _("{platform}: {input}").format(platform=platform_name(ctx.ws, f.platform), input=text(f.name))
                         if f.platform else text(f.name))
                shared = (_("one input for {n} options: ").format(n=len(f.options)) if f.platform and flips else "")
                rows.append([ctx.money_words(label), estimate(f.likely, f.low, f.high, unit),
                             shared + "; ".join(flips) or (text(f.note) if f.note is not None else _("no change"))])
                if f.below_in_range or f.above_in_range:
                    extra.append(("TEXTCOLOR", (2, i), (2, i), BAD))
            out.append(table([_("Input"), _("Likely (range)"), _("Winner changes at")], rows,
                             [62 * mm, 42 * mm, BODY_W - 104 * mm], extra=extra))
    mc = a.monte_carlo
    if mc is not None:
        out += h2(_("Monte Carlo"), "monte-carlo")
        out.append(para(ngettext("{n} draw (seed {seed}) of every uncertain input from its triangular (low, likely, "
                                 "high) distribution. In {share} of draws no option could be ranked.",
                                 "{n} draws (seed {seed}) of every uncertain input from its triangular (low, likely, "
                                 "high) distribution. In {share} of draws no option could be ranked.", mc.draws)
                        .format(n=integer(mc.draws), seed=mc.seed, share=percent(mc.p_no_winner, 1))
                        + (f" ({'; '.join(text(n) for n in mc.notes)})" if mc.notes else "")))
        short = look.short_labels(ctx.ws)
        # only the options that can win: the others have no P(first) to draw ("—" in the table)
        winnable = [d for d in mc.options if (o := a.option(d.option)) is not None and o.can_win]
        bars = [(short.get(d.option, name_of(ctx, d.option)), d.p_best * 100, None, None) for d in winnable]
        if bars:
            out.append(charts.figure(charts.bar_chart(
                bars, x_label=_("share of draws in which the option ranks first (%)"), width=BODY_W,
                title=_("Probability of ranking first"), value_fmt=lambda v: probability(v / 100),
                tick_fmt=lambda v: percent(v / 100), x_max=100,
                colors_=[look.option_color(ctx.ws, d.option) for d in winnable]),
                ngettext("Share of {n} draw (seed {seed}) in which each option ranks first.",
                         "Share of {n} draws (seed {seed}) in which each option ranks first.", mc.draws)
                .format(n=integer(mc.draws), seed=mc.seed),
                _("Draws sample assumed ranges (triangular low, likely, high), not measured distributions.")))
        rows = []
        for d in mc.options:
            c, t = d.cost_per_m_tokens_usd, d.tco_usd
            who = a.option(d.option)
            rows.append([name_of(ctx, d.option), p_best(d.p_best, who is not None and who.can_win),
                         " / ".join(money(x, ctx.currency) for x in (c.p10, c.p50, c.p90)),
                         " / ".join(money(x, ctx.currency) for x in (t.p10, t.p50, t.p90)),
                         percent(d.missing_fraction)])
        out.append(table([_("Option"), _("P(first)"), _("{unit}/M out tok P10 / P50 / P90").format(unit=ctx.unit),
                          _("TCO P10 / P50 / P90"), _("Draws without a cost")], rows, [40 * mm, 18 * mm, 42 * mm, 46 * mm, 28 * mm],
                         numeric=(1, 4)))
        out += _open_questions(ctx)
    return out


def _open_questions(ctx: Context) -> list[Flowable]:
    """What answering each open question is worth: the Assessment's value-of-information ranking."""
    mc = ctx.assessment.monte_carlo
    if mc is None or mc.information_against is None:
        return []
    out = h2(_("Open questions and what answering them is worth"), "open-questions")
    out.append(para(_("Each drawn input in turn is taken as known: the draws are binned on it and, in each bin, "
                      "the option ranked first most often is the informed choice. Against the recommendation "
                      "({option}): the chance that the answer changes it, and the expected TCO the informed choice "
                      "saves ({view} view). Below its noise floor (the same estimate for a shuffled input) a "
                      "chance is not told from zero. Estimates, from the assumed ranges: see the analysis notes.")
                    .format(option=name_of(ctx, mc.information_against), view=word(mc.cost_view))))
    top = mc.worth_measuring()
    if not top:
        out.append(para(_("No drawn input changes the recommendation in the draws: measuring any one of them alone "
                          "would not change the decision.")))
        return out
    rows = []
    for i in top:
        label = ctx.money_words(text(i.label_message))
        what = text(i.action) if i.action is not None else label
        if i.judgement:
            what += " " + _("(a judgement)")
        value = DASH if i.value is None else money(i.value, ctx.currency)
        rows.append([what, label, percent(i.p_change, 1), ", ".join(name_of(ctx, o) for o in i.switch_to) or DASH,
                     value, percent(i.noise, 1)])
    out.append(table([_("What to do"), _("Input"), _("Chance the recommendation changes"), _("Would recommend"),
                      _("Expected TCO saved"), _("Noise floor")], rows,
                     [50 * mm, 40 * mm, 22 * mm, 30 * mm, 24 * mm, 18 * mm], numeric=(2, 4, 5)))
    return out
