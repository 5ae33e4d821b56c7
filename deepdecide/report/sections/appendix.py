"""Appendix: the evidence files with their hashes, and the metric definitions."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from deepdecide.domain.formatting import DASH
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, num
from deepdecide.report.styles import bullets, para, table


def appendix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = [PageBreak()] + h1("Appendix: evidence files", "appendix")
    files = ws.evidence.files
    if not files:
        out.append(para("No evidence files were imported."))
    else:
        rows = []
        for f in files:
            p = f.provenance
            contents = ", ".join(x for x in (f"{len(f.runs)} runs" if f.runs else "",
                                             f"{len(f.parity)} parity checks" if f.parity else "") if x) or DASH
            # the date and the time on their own lines, never broken inside the time
            imported = (p.imported_at or DASH).replace("T", " ", 1)
            rows.append([p.file_name, num(p.size_bytes), f"{p.tool} {p.tool_version}".strip(), imported,
                         contents, p.kind.text + (f": {p.label}" if p.label else "")])
        # a long label (a file's whole provenance note) becomes a numbered note under the table
        out.append(table(["File", "Bytes", "Tool and version", "Imported", "Holds", "Kind: label"], rows,
                         [48 * mm, 14 * mm, 28 * mm, 22 * mm, 16 * mm, 46 * mm], numeric=(1,), notes=(5,)))
        out.append(Spacer(1, 3 * mm))
        out.append(table(["File", "SHA-256 of the file as imported"],
                         [[f.provenance.file_name, f.provenance.sha256] for f in files],
                         [50 * mm, BODY_W - 50 * mm]))
    out += h2("Metric definitions", "definitions")
    out += bullets([
        "TPOT (time per output token): (e2e − TTFT) / (output tokens − 1) per request, in ms; p50/p99 over requests.",
        "ITL (inter-token latency): the gap between streamed chunks, in ms. It is not TPOT and is never relabelled.",
        "Interactivity: 1000 / TPOT p50, in output tokens per second per user (no prefill).",
        "Output tok/s per GPU: output throughput of the run divided by the GPUs it used.",
        "Cost per million output tokens: fleet cost per hour / (output tokens per hour / 10^6).",
    ])
    out += h2("Files embedded in this PDF", "embedded")
    out.append(para("deepdecide-inputs.json: the canonical workspace (its SHA-256 is in every footer). "
                    "deepdecide-build.json: the sections and the software versions used to build the record."
                    + (" deepdecide-previous-inputs.json: the canonical workspace of the revision this record follows "
                       "(see the changes appendix)." if ctx.changes is not None else "")))
    return out
