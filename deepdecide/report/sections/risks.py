"""Risks and consequences: the risks the Assessment found, and the decision's own consequences."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.report.sections.base import BODY_W, Context, h1, h2
from deepdecide.report.styles import bullets, table


def risks(ctx: Context) -> list[Flowable]:
    d, a = ctx.ws.decision, ctx.assessment
    out = h1("Risks and consequences", "risks")
    rows = [[oa.name, str(r.text)] for oa in a.options for r in oa.risks]
    if rows:
        out.append(table(["Option", "Risk found in the evidence"], rows, [45 * mm, BODY_W - 45 * mm]))
    if d.consequences_good or d.consequences_bad:
        out += h2("Consequences of the decision", "consequences")
        out += bullets([f"Good: {c}" for c in d.consequences_good] + [f"Bad: {c}" for c in d.consequences_bad])
    if d.revisit_triggers:
        out += h2("Revisit when", "revisit")
        out += bullets(d.revisit_triggers)
    return out
