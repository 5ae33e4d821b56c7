"""Page 1: the question, the recommendation, the status and who must still sign, the people, the
contents with page numbers, and the inputs' SHA-256."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from deepdecide.domain import approval
from deepdecide.domain.formatting import DASH, count
from deepdecide.domain.workspace import RecordStatus
from deepdecide.report import fonts
from deepdecide.report.sections.base import BODY_W, Context, option_label, table_without_header
from deepdecide.report.styles import INK, para


def _question(ctx: Context) -> str:
    """The question the record answers: the workspace's own first sentence, else the title."""
    ws = ctx.ws
    text = " ".join(ws.description.split())
    first = text.split(". ", 1)[0].rstrip(".") + "." if text else ws.decision.title
    return f"{first} ({count(len(ws.options), 'option')} compared)"


def _recommendation(ctx: Context) -> str:
    d, a = ctx.ws.decision, ctx.assessment
    if d.chosen_option:
        text = f"{option_label(ctx.ws, d.chosen_option)} (chosen by the decision-makers)"
        if a.winner and a.winner != d.chosen_option:
            text += f"; the analysis ranks {option_label(ctx.ws, a.winner)} first"
    elif a.winner:
        text = f"{option_label(ctx.ws, a.winner)}: the analysis's top rank (no option chosen yet)"
    else:
        return "none: no option can be ranked (see the executive summary)"
    if a.why:
        text += ". " + str(a.why[0].text)[:1].upper() + str(a.why[0].text)[1:] + "."
    return text


def _status(ctx: Context) -> tuple[str, str]:
    ws, d = ctx.ws, ctx.ws.decision
    status = d.status.value + (f" (supersedes {d.supersedes})" if d.supersedes else "") \
        + (f" (superseded by {d.superseded_by})" if d.superseded_by else "")
    gaps = approval.missing_for_approval(ws)
    if d.status == RecordStatus.PROPOSED:
        status += (": not ready for approval. Missing: " + "; ".join(str(g) for g in gaps)) if gaps \
            else ": ready for approval"
    todo = approval.still_to_sign(ws)
    if d.status in approval.APPROVED_STATUSES or d.status == RecordStatus.REJECTED:
        signing = "nobody: the verdicts are recorded (see Sign-off)"
    elif todo:
        signing = ", ".join(s.role + (f" ({s.name})" if s.name and not s.name.startswith("(") else "") for s in todo) + " (required approvers)"
    else:
        signing = DASH
    return status, signing


def contents() -> Flowable:
    """The contents with the page of every section (filled in by the record's second pass)."""
    toc = TableOfContents(dotsMinLevel=0, tableStyle=TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    toc.levelStyles = [ParagraphStyle("toc0", fontName=fonts.REGULAR, fontSize=9, leading=11.5, leftIndent=0,
                                      firstLineIndent=0, textColor=INK)]
    return toc


def cover(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out: list[Flowable] = [Spacer(1, 6 * mm), para(f"DECISION RECORD {d.id}", "small"),
                           para(d.title, "title"),
                           para(f"{ws.model} · {ws.name}", "subtitle")]
    status, signing = _status(ctx)
    rows = [
        ["Question", _question(ctx)],
        ["Recommendation", _recommendation(ctx)],
        ["Status", status],
        ["Still to sign", signing],
        *([["Revision", f"{d.revision}" + (f", following revision {d.previous.revision} of {d.previous.id} (changes "
                                          "in the appendix)" if d.previous else "")]]
          if d.revision > 1 or d.previous else []),
        ["Date (last updated)", d.date or "undated"],
        ["Evidence cut-off", d.evidence_cutoff or "not stated"],
        ["Decision-makers", ", ".join(d.decision_makers) or "not named"],
        ["Consulted", ", ".join(d.consulted) or DASH],
        ["Informed", ", ".join(d.informed) or DASH],
        ["Inputs SHA-256", ctx.inputs_sha256],
    ]
    out.append(table_without_header(rows, [38 * mm, BODY_W - 38 * mm]))
    out.append(para("Contents", "h2"))
    out.append(contents())
    out.append(Spacer(1, 3 * mm))
    out.append(para(
        "<b>How to check this record.</b> The workspace this record was built from travels inside the PDF as the "
        "attachment <i>deepdecide-inputs.json</i>; its SHA-256 is printed above and in every page footer. "
        "<font name='DDVera'>deepdecide verify FILE.pdf</font> rebuilds the record from that attachment and compares "
        "the bytes, so a change to any text, table, chart or attachment is detected; each approver's digital "
        "signature is an incremental update over exactly this record and is validated too.", "callout", markup=True))
    out.append(para(f"Built by {ctx.generator}. Dates in this record come from the workspace, not from the "
                    "time of printing, so the same workspace always gives the same file.", "small"))
    out.append(PageBreak())
    return out
