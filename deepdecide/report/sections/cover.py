"""The cover: decision id, status, people, chosen option and the inputs' SHA-256."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from deepdecide.domain.formatting import DASH
from deepdecide.report.sections.base import BODY_W, Context, option_label, table_without_header
from deepdecide.report.sections.titles import TITLES
from deepdecide.report.styles import bullets, para


def cover(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out: list[Flowable] = [Spacer(1, 18 * mm), para("DECISION RECORD", "small"),
                           para(f"{d.id}: {d.title}", "title"),
                           para(f"{ws.model} · {ws.name}", "subtitle")]
    rows = [
        ["Decision id", d.id],
        ["Status", d.status.value + (f" (supersedes {d.supersedes})" if d.supersedes else "")
         + (f" (superseded by {d.superseded_by})" if d.superseded_by else "")],
        ["Date (last updated)", d.date or "undated"],
        ["Evidence cut-off", d.evidence_cutoff or "not stated"],
        ["Decision-makers", ", ".join(d.decision_makers) or "not named"],
        ["Consulted", ", ".join(d.consulted) or DASH],
        ["Informed", ", ".join(d.informed) or DASH],
        ["Chosen option", option_label(ws, d.chosen_option) if d.chosen_option else "not yet chosen"],
        ["Inputs SHA-256", ctx.inputs_sha256],
    ]
    out.append(table_without_header(rows, [45 * mm, BODY_W - 45 * mm]))
    out.append(Spacer(1, 8 * mm))
    out.append(para(
        "<b>How to check this record.</b> The workspace this record was built from travels inside the PDF as the "
        "attachment <i>deepdecide-inputs.json</i>; its SHA-256 is printed above and in every page footer. "
        "<font name='DDVera'>deepdecide verify FILE.pdf</font> rebuilds the record from that attachment and compares "
        "the bytes, so a change to any text, table, chart or attachment is detected; a digital signature, if present, "
        "is an incremental update over exactly this record and is validated too.", "callout", markup=True))
    out.append(para("Contents", "h2"))
    out.extend(bullets([TITLES[s] for s in ctx.sections if s != "cover"]))
    out.append(Spacer(1, 6 * mm))
    out.append(para(f"Built by {ctx.generator}. Dates in this record come from the workspace, not from the "
                    "time of printing, so the same workspace always gives the same file.", "small"))
    out.append(PageBreak())
    return out
