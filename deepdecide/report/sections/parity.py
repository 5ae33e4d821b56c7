"""Parity verdicts: every imported check, and each required kind per option as the Assessment decided it."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.assessment import ParityOutcome
from deepdecide.domain.evidence import Verdict
from deepdecide.domain.i18n import _, ngettext
from deepdecide.report.predictions import fit_text
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, num, platform_name, runtime_name
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, GOOD, GREY, WARN, para, table
from deepdecide.report.words import join_text, word, yes_no

OUTCOME_COLOURS = {ParityOutcome.PASS: GOOD, ParityOutcome.FAIL: BAD, ParityOutcome.INCONCLUSIVE: WARN}


def parity(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out = h1(title("parity"), "parity")
    checks = ws.evidence.parity
    out.append(para(_("Each check compares a runtime's output with a reference runtime under a stated rule. A check "
                      "with too few samples to decide is inconclusive, never a pass.")))
    if not checks:
        out.append(para(_("No parity checks have been imported: correctness is not evidenced for any option.")))
    else:

        fit_of = {(x.file_index, x.index): x for x in a.evidence_fit if x.item == "check"}
        fits = [fit_of.get((fi, ci)) for fi, f in enumerate(ws.evidence.files) for ci in range(len(f.parity))]
        rows = []
        extra = []
        notes = []
        on = _("{runtime} on {platform}")
        for i, (p, x) in enumerate(zip(checks, fits, strict=True), start=1):
            rows.append([word(p.kind), on.format(runtime=runtime_name(ws, p.runtime),
                                                 platform=platform_name(ws, p.platform)),
                         on.format(runtime=runtime_name(ws, p.reference_runtime),
                                   platform=platform_name(ws, p.reference_platform)),
                         f"{p.task} / {p.metric}".strip(" /"), num(p.value), num(p.reference_value),
                         num(p.delta), num(p.n), num(p.stderr), str(p.rule) if p.rule is not None else _("no rule stated"),
                         fit_text(x), word(p.verdict)])
            if x is not None and not x.counts_for:  # shown, greyed: it counts for no verdict
                extra.append(("TEXTCOLOR", (0, i), (-1, i), GREY))
            else:
                color = {Verdict.PASS: GOOD, Verdict.FAIL: BAD}.get(p.verdict, WARN)
                extra.append(("TEXTCOLOR", (11, i), (11, i), color))
            if x is not None and x.applicability.value != "matches" and x.reasons:
                notes.append(_("Check {n} ({kind}, {what}), {fit}: {reasons}").format(
                    n=i, kind=word(p.kind), what=p.task or p.metric, fit=fit_text(x), reasons=join_text(x.reasons)))
        out.append(table([_("Kind"), _("Runtime"), _("Reference"), _("Task / metric"), _("Value"), _("Ref."),
                          _("Delta"), _("n"), _("SE"), _("Rule"), _("Fits"), _("Verdict")], rows,
                         [17 * mm, 19 * mm, 19 * mm, 19 * mm, 11 * mm, 11 * mm, 11 * mm, 9 * mm, 10 * mm, 20 * mm,
                          14 * mm, 14 * mm], numeric=(4, 5, 6, 7, 8), extra=extra))
        out.append(para(_("Fits: how the check fits the decision's workload (model). A proxy counts for builds only; "
                          "a mismatch or a check that needs context is shown in grey and counts for no verdict."),
                        "small"))
        out.extend(para(n, "small") for n in notes[:40])
        if len(notes) > 40:
            more = len(notes) - 40
            out.append(para(ngettext("… and {n} more check that does not match the workload.",
                                     "… and {n} more checks that do not match the workload.", more).format(n=more),
                            "small"))
    if a.required_parity:
        out += h2(_("Required checks per option"), "parity-required")
        rows = []
        extra = []
        for i, oa in enumerate(a.options, start=1):
            cells = [oa.name]
            for j, kind in enumerate(a.required_parity, start=1):
                kp = oa.parity_of(kind)
                outcome = kp.outcome if kp is not None else ParityOutcome.NONE
                cells.append(word(outcome))
                if outcome in OUTCOME_COLOURS:
                    extra.append(("TEXTCOLOR", (j, i), (j, i), OUTCOME_COLOURS[outcome]))
            cells.append(yes_no(oa.evidence.correct.reached))
            rows.append(cells)
        kinds = [word(k) for k in a.required_parity]
        # six required kinds leave each column room for "inconclusive" (about 18.6 mm with its padding)
        w = (BODY_W - 40 * mm - 18 * mm) / max(len(kinds), 1)
        out.append(table([_("Option"), *kinds, _("Correct")], rows, [40 * mm] + [w] * len(kinds) + [18 * mm],
                         extra=extra))
        out.append(para(_("A kind passes only when every check of it on the option's exact runtime and platform "
                          "passes; any failure fails it; one inconclusive check leaves it inconclusive; \"none\": no "
                          "check of the kind ran there. An option is its own reference when it is the reference "
                          "runtime on the same platform (\"none\" then means no check was needed or none was run)."),
                        "small"))
    return out
