"""Appendix: the evidence files with their hashes, and the metric definitions."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from deepdecide.domain.formatting import DASH, integer
from deepdecide.domain.i18n import _, ngettext
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, num
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
from deepdecide.report.words import word


def appendix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = [PageBreak()] + h1(title("appendix"), "appendix")
    files = ws.evidence.files
    if not files:
        out.append(para(_("No evidence files were imported.")))
    else:
        rows = []
        for f in files:
            p = f.provenance
            holds = [ngettext("{n} run", "{n} runs", len(f.runs)).format(n=integer(len(f.runs))) if f.runs else "",
                     ngettext("{n} parity check", "{n} parity checks", len(f.parity)).format(n=integer(len(f.parity)))
                     if f.parity else ""]
            contents = ", ".join(x for x in holds if x) or DASH
            rows.append([p.file_name, num(p.size_bytes), f"{p.tool} {p.tool_version}".strip(), p.imported_at or DASH,
                         contents, word(p.kind) + (f": {p.label}" if p.label else "")])
        out.append(table([_("File"), _("Bytes"), _("Tool and version"), _("Imported"), _("Holds"), _("Kind: label")],
                         rows,
                         [48 * mm, 16 * mm, 30 * mm, 28 * mm, 20 * mm, 32 * mm], numeric=(1,)))
        out.append(Spacer(1, 3 * mm))
        out.append(table([_("File"), _("SHA-256 of the file as imported")],
                         [[f.provenance.file_name, f.provenance.sha256] for f in files],
                         [50 * mm, BODY_W - 50 * mm]))
    out += h2(_("Metric definitions"), "definitions")
    out += bullets([
        _("TPOT (time per output token): (e2e − TTFT) / (output tokens − 1) per request, in ms; p50/p99 over "
          "requests."),
        _("ITL (inter-token latency): the gap between streamed chunks, in ms. It is not TPOT and is never "
          "relabelled."),
        _("Interactivity: 1000 / TPOT p50, in output tokens per second per user (no prefill)."),
        _("Output tok/s per GPU: output throughput of the run divided by the GPUs it used."),
        _("Cost per million output tokens: fleet cost per hour / (output tokens per hour / 10^6)."),
    ])
    out += h2(_("Files embedded in this PDF"), "embedded")
    out.append(para(_("{inputs}: the canonical workspace (its SHA-256 is in every footer). {build}: the sections "
                      "and the software versions used to build the record.").format(
                          inputs="deepdecide-inputs.json", build="deepdecide-build.json")))
    return out
