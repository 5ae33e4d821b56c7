"""Risks and consequences: the risks the Assessment found, and the decision's own consequences."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.revisit import check_revisit, threshold
from deepdecide.domain import formatting
from deepdecide.domain.dates import parse_day
from deepdecide.domain.i18n import _
from deepdecide.report.sections.base import BODY_W, Context, h1, h2
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
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
    out += _revisit(ctx)
    return out


def _revisit(ctx: Context) -> list[Flowable]:
    """Every revisit trigger: the checkable conditions with their thresholds and whether they had fired on
    the record's date (``deepdecide revisit`` checks them on any later day), then the free-text ones."""
    d = ctx.ws.decision
    if not d.revisit_triggers and not d.revisit_conditions:
        return []
    out = h2(_("Revisit when"), "revisit")
    day = parse_day(ctx.record_date)
    checked = check_revisit(ctx.ws, day).triggers if day is not None else ()
    marks = {True: _("fired"), False: _("not fired"), None: _("to be judged")}
    if d.revisit_conditions:
        out.append(para(_("Checked by deepdecide revisit (on any day; --matrix NEWER.yaml for the support cells):")
                        if day is None else
                        _("Checked by deepdecide revisit (on any day; --matrix NEWER.yaml for the support cells); the "
                          "last column is the state on {date}, the date of this record:").format(
                              date=formatting.date(ctx.record_date))))
        rows = []
        for i, c in enumerate(d.revisit_conditions):
            row = [c.text, text(threshold(c, ctx.ws))]
            if checked:
                row.append(marks[checked[i].fired])
            rows.append(row)
        header = [_("Trigger"), _("Fires when")] + ([_("On {date}").format(date=formatting.date(ctx.record_date))] if checked else [])
        widths = [70 * mm, BODY_W - 95 * mm, 25 * mm] if checked else [70 * mm, BODY_W - 70 * mm]
        out.append(table(header, rows, widths))
    if d.revisit_triggers:
        out.append(para(_("Judged by a person:")))
        out += bullets(d.revisit_triggers)
    return out
