"""The recommendation in one sentence, from the assessment (shared by Overview and Decision)."""

from __future__ import annotations

from deepdecide.analysis.assessment import Assessment, MonteCarlo
from deepdecide.domain.formatting import integer, localized, probability
from deepdecide.domain.i18n import _
from deepdecide.domain.vocabulary import RUNGS, word
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.i18n import fmt, texts


def level_names() -> dict[str, str]:
    """The evidence rungs' words ("builds", "correct", "performs")."""
    return {rung: word(rung, "evidence rung") for rung in RUNGS}


def recommendation(ws: Workspace, assessment: Assessment, mc: MonteCarlo | None = None) -> str:
    """One sentence (rich text) naming the recommended option and what it rests on."""
    if assessment.winner is None and assessment.no_recommendation is not None:
        text = fmt(_("<b>No recommendation: %1.</b>"),
                   texts((assessment.no_recommendation,)))
        if assessment.remedies:
            text += " " + fmt(_("What would make an option recommendable: %1."),
                              texts(assessment.remedies[:4], "; "))
        return text
    if assessment.winner is None:
        why = texts(assessment.messages, "; ") or _("no option has a score yet")
        return fmt(_("No recommendation yet: %1."), why)
    win = assessment.option(assessment.winner)
    assert win is not None  # the winner is one of the options
    ranked = [o for o in assessment.options if o.rank is not None]
    runner = next((o for o in ranked if o.rank == 2), None)
    reached = [level_names()[n] for n in win.evidence.names_reached]
    evidence = (fmt(_("evidence level %1 of 3 (claims shown: %2)"),
                    win.evidence.level, ", ".join(reached)) if reached
                else _("no evidence level reached yet (no build, parity or benchmark on its platform)"))
    support = _("officially supported on its platform") if win.classification.official \
        else _("experimental (not on the runtime's official list)")
    text = fmt(_("Recommendation: <b>%1</b> — ranked first of %2 with %3 points"),
               win.name, len(ranked), localized(f"{win.score.total:.3f}") if win.score else "?")
    if runner is not None and runner.score is not None:
        text += fmt(_(" (next: %1, %2)"), runner.name, localized(f"{runner.score.total:.3f}"))
    text += "; " + support + "; " + evidence
    if win.capacity.basis.value == "assumed":
        text += "; " + _("its capacity is an assumption, not a measurement "
                                                  "that meets the SLO")
    elif win.capacity.source.value == "predicted":
        text += "; " + _("its capacity is PREDICTED by an estimator or "
                                                  "simulator, not a measurement")
    if mc is not None:
        od = mc.for_option(win.option)
        if od is not None:
            text += "; " + fmt(_("best in %1 of %2 Monte Carlo draws"), probability(od.p_best), integer(mc.draws))
    return text + "."
