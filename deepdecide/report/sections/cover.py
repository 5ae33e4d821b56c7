"""The cover: decision id, status, people, chosen option and the inputs' SHA-256."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from deepdecide.domain.formatting import DASH
from deepdecide.domain.i18n import _
from deepdecide.report.sections.base import BODY_W, Context, option_label, table_without_header
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para
from deepdecide.report.words import word


def cover(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out: list[Flowable] = [Spacer(1, 18 * mm), para(_("DECISION RECORD"), "small"),
                           para(f"{d.id}: {d.title}", "title"),
                           para(f"{ws.model} · {ws.name}", "subtitle")]
    status = word(d.status)
    if d.supersedes:
        status = _("{status} (supersedes {id})").format(status=status, id=d.supersedes)
    if d.superseded_by:
        status = _("{status} (superseded by {id})").format(status=status, id=d.superseded_by)
    rows = [
        [_("Decision id"), d.id],
        [_("Status"), status],
        [_("Date (last updated)"), d.date or _("undated")],
        [_("Evidence cut-off"), d.evidence_cutoff or _("not stated")],
        [_("Decision-makers"), ", ".join(d.decision_makers) or _("not named")],
        [_("Consulted"), ", ".join(d.consulted) or DASH],
        [_("Informed"), ", ".join(d.informed) or DASH],
        [_("Chosen option"), option_label(ws, d.chosen_option) if d.chosen_option else _("not yet chosen")],
        [_("Inputs SHA-256"), ctx.inputs_sha256],
    ]
    out.append(table_without_header(rows, [45 * mm, BODY_W - 45 * mm]))
    out.append(Spacer(1, 8 * mm))
    out.append(para(_(
        "<b>How to check this record.</b> The workspace this record was built from travels inside the PDF as the "
        "attachment <i>{inputs}</i>; its SHA-256 is printed above and in every page footer. "
        "<font name='DDVera'>{command}</font> rebuilds the record from that attachment and compares "
        "the bytes, so a change to any text, table, chart or attachment is detected; a digital signature, if present, "
        "is an incremental update over exactly this record and is validated too.").format(
            inputs="deepdecide-inputs.json", command=_("deepdecide verify FILE.pdf")), "callout", markup=True))
    out.append(para(_("Contents"), "h2"))
    out.extend(bullets([title(s) for s in ctx.sections if s != "cover"]))
    out.append(Spacer(1, 6 * mm))
    out.append(para(_("Built by {generator}. Dates in this record come from the workspace, not from the "
                      "time of printing, so the same workspace always gives the same file.").format(
                          generator=ctx.generator), "small"))
    out.append(PageBreak())
    return out
