"""Risks and consequences: the risks the Assessment found, and the decision's own consequences."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.i18n import _
from deepdecide.report.sections.base import BODY_W, Context, h1, h2
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, table
from deepdecide.report.words import text


def risks(ctx: Context) -> list[Flowable]:
    d, a = ctx.ws.decision, ctx.assessment
    out = h1(title("risks"), "risks")
    rows = [[oa.name, text(r.text)] for oa in a.options for r in oa.risks]
    if rows:
        out.append(table([_("Option"), _("Risk found in the evidence")], rows, [45 * mm, BODY_W - 45 * mm]))
    if d.consequences_good or d.consequences_bad:
        out += h2(_("Consequences of the decision"), "consequences")
        out += bullets([_("Good: {consequence}").format(consequence=c) for c in d.consequences_good]
                       + [_("Bad: {consequence}").format(consequence=c) for c in d.consequences_bad])
    if d.revisit_triggers:
        out += h2(_("Revisit when"), "revisit")
        out += bullets(d.revisit_triggers)
    return out
