"""Page 1: the question, the recommendation, the status and who must still sign, the people, the
contents with page numbers, and the inputs' SHA-256."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from deepdecide.domain import approval, dates, formatting
from deepdecide.domain.formatting import DASH, integer
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.workspace import RecordStatus
from deepdecide.report import fonts
from deepdecide.report.headlines import headline_text
from deepdecide.report.sections.base import BODY_W, Context, option_label, table_without_header
from deepdecide.report.styles import INK, escape, para
from deepdecide.report.words import text as text_of
from deepdecide.report.words import word


def _question(ctx: Context) -> str:
    """The question the record answers: the workspace's own first sentence, else the title."""
    ws = ctx.ws
    text = " ".join(ws.description.split())
    first = text.split(". ", 1)[0].rstrip(".") + "." if text else ws.decision.title
    n = len(ws.options)
    return _("{question} ({options} compared)").format(
        question=first, options=ngettext("{n} option", "{n} options", n).format(n=integer(n)))


def _recommendation(ctx: Context) -> str:
    d, a = ctx.ws.decision, ctx.assessment
    if d.chosen_option:
        text = _("{option} (chosen by the decision-makers)").format(option=option_label(ctx.ws, d.chosen_option))
        if a.winner and a.winner != d.chosen_option:
            text += _("; the analysis ranks {option} first").format(option=option_label(ctx.ws, a.winner))
    elif a.winner:
        text = _("{option}: the analysis's top rank (no option chosen yet)").format(
            option=option_label(ctx.ws, a.winner))
    elif a.no_recommendation is not None:
        return _("none: {why} (see the executive summary for what would make an option recommendable)").format(
            why=text_of(a.no_recommendation))
    else:
        return _("none: no option can be ranked (see the executive summary)")
    if d.chosen_option and a.option(d.chosen_option) is not None:
        chosen = a.option(d.chosen_option)
        if chosen is not None and not chosen.slo_standing.recommendable and chosen.slo_standing.reason is not None:
            text += ". " + _("Not recommendable on the evidence at hand: {reason}").format(
                reason=text_of(chosen.slo_standing.reason))
    if a.why:
        text += ". " + str(a.why[0].text)[:1].upper() + str(a.why[0].text)[1:] + "."
    return text


def _status(ctx: Context) -> tuple[str, str]:
    ws, d = ctx.ws, ctx.ws.decision
    status = word(d.status)
    if d.supersedes:
        status = _("{status} (supersedes {id})").format(status=status, id=d.supersedes)
    if d.superseded_by:
        status = _("{status} (superseded by {id})").format(status=status, id=d.superseded_by)
    gaps = approval.missing_for_approval(ws, ctx.record_date or None)
    if d.status == RecordStatus.PROPOSED:
        # the cover names how much is missing; the Sign-off page lists each gap
        status = (ngettext("{status}: not ready for approval: {n} item missing (listed on the Sign-off page)",
                           "{status}: not ready for approval: {n} items missing (listed on the Sign-off page)",
                           len(gaps)).format(status=status, n=len(gaps)) if gaps
            else _("{status} for approval: the status when exported; the signatures decide").format(status=status)
            if not approval.not_exportable(ws, ctx.record_date or None)
            else _("{status}: ready for approval").format(status=status))
    todo = approval.still_to_sign(ws)
    if ctx.approval_record_sha256:
        signing = _("given by the signatures of the signed approval record embedded in this PDF (SHA-256 {sha}…, "
                    "see Sign-off); deepdecide verify checks them").format(sha=ctx.approval_record_sha256[:16])
    elif d.status in approval.APPROVED_STATUSES or d.status == RecordStatus.REJECTED:
        signing = _("legacy, unverified: no signed approval record backs the recorded verdicts")
    elif not approval.not_exportable(ws, ctx.record_date or None):
        # a record for approval: this page is what was exported; the approval is the signatures
        signing = _("by the signatures on the Sign-off page: {approvers} (required approvers). This page shows the "
                    "record as exported for approval; each signature field shows the approval state the "
                    "signatures gave when it was signed, and deepdecide verify FILE.pdf gives the current "
                    "state").format(approvers=", ".join(
                        s.role + (f" ({s.name})" if s.name and not s.name.startswith("(") else "") for s in todo))
    elif todo:
        signing = _("{approvers} (required approvers)").format(approvers=", ".join(
            s.role + (f" ({s.name})" if s.name and not s.name.startswith("(") else "") for s in todo))
    else:
        signing = DASH
    return status, signing


def _revision(ctx: Context) -> str:
    """This revision, the one it follows, and what deepdecide verify found of that record when this one
    was built."""
    d = ctx.ws.decision
    if d.previous is None:
        return str(d.revision)
    text = _("{revision}, following revision {previous} of {id} (changes in the appendix)").format(
        revision=d.revision, previous=d.previous.revision, id=d.previous.id)
    if ctx.previous_record is not None:
        text += " " + _("That record, checked with deepdecide verify when this one was built: {outcome}.").format(
            outcome=headline_text(ctx.previous_record.outcome))
    return text


def _dates(ctx: Context) -> list[list[str]]:
    """The record's date (the export day, or pinned by the workspace), the decision's last update and the
    evidence cut-off (the later of the stated one and the newest imported file), each with its basis."""
    ws, d = ctx.ws, ctx.ws.decision
    rows = []
    if ctx.record_date:
        date = _("{date} ({basis})").format(date=formatting.date(ctx.record_date),
                                            basis=text_of(dates.record_date(ws, ctx.record_date).basis))
        if d.date and d.date != ctx.record_date:
            date += "; " + _("decision last updated {date}").format(date=formatting.date(d.date))
        rows.append([_("Date of this record"), date])
    elif d.date:
        rows.append([_("Decision last updated"), formatting.date(d.date)])
    cut = dates.evidence_cutoff(ws)
    rows.append([_("Evidence cut-off"), _("{date} ({basis})").format(date=formatting.date(cut.date), basis=text_of(cut.basis))
                 if cut.date else _("not stated")])
    return rows


def contents() -> Flowable:
    """The contents with the page of every section (filled in by the record's second pass)."""
    toc = TableOfContents(dotsMinLevel=0, tableStyle=TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    toc.levelStyles = [ParagraphStyle("toc0", fontName=fonts.REGULAR, fontSize=9, leading=11.5, leftIndent=0,
                                      firstLineIndent=0, textColor=INK)]
    return toc


def cover(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out: list[Flowable] = [Spacer(1, 6 * mm), para(_("DECISION RECORD {id}").format(id=d.id), "small"),
                           para(d.title, "title"),
                           para(f"{ws.model} · {ws.name}", "subtitle")]
    status, signing = _status(ctx)
    rows = [
        [_("Question"), _question(ctx)],
        [_("Recommendation"), _recommendation(ctx)],
        [_("Status"), status],
        [_("Approval") if ctx.approval_record_sha256 or not approval.not_exportable(ws, ctx.record_date or None) else _("Still to sign"),
         signing],
        *([[_("Revision"), _revision(ctx)]] if d.revision > 1 or d.previous else []),
        *_dates(ctx),
        [_("Decision-makers"), ", ".join(d.decision_makers) or _("not named")],
        [_("Consulted"), ", ".join(d.consulted) or DASH],
        [_("Informed"), ", ".join(d.informed) or DASH],
        [_("Inputs SHA-256"), ctx.inputs_sha256],
    ]
    out.append(table_without_header(rows, [45 * mm, BODY_W - 45 * mm]))
    out.append(para(_("Contents"), "h2"))
    out.append(contents())
    out.append(Spacer(1, 3 * mm))
    out.append(para(_(
        "<b>How to check this record.</b> The workspace this record was built from travels inside the PDF as the "
        "attachment <i>{inputs}</i>; its SHA-256 is printed above and in every page footer. "
        "<font name='DDVera'>{command}</font> rebuilds the record from that attachment and compares "
        "the bytes, so a change to any text, table, chart or attachment is detected; each approver's digital "
        "signature is an incremental update over exactly this record and is validated too.").format(
            inputs="deepdecide-inputs.json", command=_("deepdecide verify FILE.pdf"))
        # who built it, in the same box: a line of its own below the box pushed a Spanish cover onto a
        # second page that held nothing else
        + "<br/><font size='7'>" + escape(_("Built by {generator}. Its date is a build parameter stored in it, "
                                             "never read from the clock, so the same workspace and parameters "
                                             "always give the same file.").format(generator=ctx.generator))
        + "</font>",
        "callout", markup=True))
    out.append(PageBreak())
    return out
