"""Service-gap checklist: each item per option, owners, and the effort the Assessment counts."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain import presentation as look
from deepdecide.domain.formatting import DASH
from deepdecide.domain.i18n import _
from deepdecide.domain.workspace import Answer
from deepdecide.report.sections.base import BODY_W, Context, effort, h1, h2
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, WARN, para, table
from deepdecide.report.words import word


def checklist(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out = h1(title("checklist"), "checklist")
    out.append(para(_("Where each production piece comes from, per option. \"External\" adds its engineering "
                      "effort to the option's migration cost, and so does \"missing\" once someone is named to build "
                      "it; \"missing\" with nobody named is a blocker, and its effort is not counted until then.")))
    if not ws.checklist:
        out.append(para(_("The workspace has no checklist items.")))
        return out
    rows = []
    extra = []
    for r, item in enumerate(ws.checklist, start=1):
        row = [item.title]
        for c, oa in enumerate(a.options, start=1):
            line = oa.checklist.lines[r - 1]
            row.append(word(line.answer) if line.answer else _("unanswered") if line.needed else _("not needed"))
            if not line.needed:
                continue
            if line.answer is None or line.answer == Answer.MISSING:
                extra.append(("TEXTCOLOR", (c, r), (c, r), BAD))
            elif line.answer == Answer.EXTERNAL:
                extra.append(("TEXTCOLOR", (c, r), (c, r), WARN))
        rows.append(row)
    w = (BODY_W - 50 * mm) / max(len(a.options), 1)
    short = look.short_labels(ws)
    out.append(table([_("Item"), *[short[oa.option] for oa in a.options]], rows, [50 * mm] + [w] * len(a.options),
                     extra=extra))
    out += h2(_("Owners and effort"), "checklist-owners")
    rows = []
    extra = []
    i = 0
    for oa in a.options:
        for line in oa.checklist.lines:
            if line.answer is None or line.answer == Answer.PROVIDED:
                continue
            i += 1
            owner = line.owner or (_("nobody named: blocker") if line.blocker else _("not named"))
            stated = effort(line.stated_effort) if line.counted else (
                _("not counted ({effort})").format(effort=effort(line.stated_effort)) if line.blocker else DASH)
            rows.append([oa.name, line.title, word(line.answer), owner, stated, line.notes or DASH])
            if line.blocker:
                extra.append(("TEXTCOLOR", (2, i), (3, i), BAD))
        e = oa.effort
        if e is not None and e.checklist.likely:
            i += 1
            parts = [_("external {effort}").format(effort=effort(e.external))]
            if e.missing_owned.likely or e.missing_owned.high:
                parts.append(_("missing with an owner {effort}").format(effort=effort(e.missing_owned)))
            rows.append([oa.name, _("Checklist effort counted"), "", "; ".join(parts), effort(e.checklist),
                         _("person-weeks")])
            extra.append(("FONTNAME", (0, i), (-1, i), "DDVera-Bold"))
    if rows:
        out.append(table([_("Option"), _("Item"), _("Answer"), _("Provider / owner"), _("Effort pw (range)"),
                          _("Notes")], rows,
                         [34 * mm, 40 * mm, 16 * mm, 30 * mm, 24 * mm, 30 * mm], extra=extra, notes=(5,)))
    else:
        out.append(para(_("Every item is provided by every option's runtime.")))
    rows = []
    for oa in a.options:
        e = oa.effort
        if e is None:
            continue
        rows.append([oa.name, effort(e.porting), effort(e.external), effort(e.missing_owned),
                     effort(e.checklist), effort(e.total), str(len(oa.checklist.blockers))])
    if rows:
        out += h2(_("Engineering effort per option"), "checklist-effort")
        out.append(table([_("Option"), _("Porting"), _("External"), _("Missing, owned"), _("Checklist"),
                          _("Total pw"), _("Blockers")],
                         rows, [44 * mm, 22 * mm, 22 * mm, 24 * mm, 22 * mm, 24 * mm, 16 * mm],
                         numeric=(1, 2, 3, 4, 5, 6)))
        out.append(para(_("Person-weeks, likely (low–high). Total = porting + checklist; it is the engineering "
                          "effort behind the cost and the score."), "small"))
    return out
