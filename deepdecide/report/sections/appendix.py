"""Appendix: the evidence files with their hashes, and the metric definitions."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from deepdecide.domain import formatting
from deepdecide.domain.formatting import DASH, integer
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.vocabulary import file_tool
from deepdecide.report.evidence_files import EVIDENCE_CSV_NAME, summarised
from deepdecide.report.sections.base import BODY_W, Context, file_refs, h1, h2, num
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
from deepdecide.report.words import text, word

#: a record that summarises its evidence shows at most this many files' origins (the rest: the CSV)
ORIGINS_SHOWN = 20


def origins(files: Any) -> list[str]:
    """Where each file says it came from (an export's query and retrieval time) and its check against
    a publisher's checksum manifest."""
    out = []
    for i, f in enumerate(files, start=1):
        p = f.provenance
        parts = []
        if p.source_url:
            parts.append(_("retrieved {when} from {url}").format(when=formatting.timestamp(p.retrieved_at) if p.retrieved_at else "?", url=p.source_url))
        if p.checksum is not None:
            parts.append(text(p.checksum.note(p.file_name)))
        if parts:
            out.append(f"F{i} {p.file_name}: " + "; ".join(parts))
    return out


def appendix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = [PageBreak()] + h1(title("appendix"), "appendix")
    files = ws.evidence.files
    if not files:
        out.append(para(_("No evidence files were imported.")))
    else:
        # what files share (tool, kind, label: a sweep) once per group, then one line per file
        groups: dict[tuple[str, str], list[int]] = {}
        for i, f in enumerate(files, start=1):
            p = f.provenance
            groups.setdefault((file_tool(p.tool, p.tool_version), word(p.kind) + (f": {p.label}" if p.label else "")),
                              []).append(i)
        rows = []
        for (tool, kind), numbers in groups.items():
            # the date and the time apart, never broken inside the time
            dates = sorted((files[i - 1].provenance.imported_at or "").replace("T", " ", 1) for i in numbers
                           if files[i - 1].provenance.imported_at)
            imported = DASH if not dates else formatting.timestamp(dates[0]) if dates[0] == dates[-1] else \
                _("{low} to {high}").format(low=formatting.timestamp(dates[0]), high=formatting.timestamp(dates[-1]))
            rows.append([file_refs(numbers), tool, imported, kind])
        out.append(table([_("Files"), _("Tool and version"), _("Imported"), _("Kind: label")], rows,
                         [30 * mm, 36 * mm, 34 * mm, BODY_W - 100 * mm], notes=(3,)))  # a long label: a note
        out.append(Spacer(1, 3 * mm))
        if summarised(ws):  # the files' names and hashes in the attached CSV, not page after page
            out.append(para(_("{files}: their names, sizes and SHA-256 as imported are in the CSV attached to this "
                              "record ({csv}), which deepdecide verify rebuilds from the embedded inputs.").format(
                files=formatting.count(len(files), "file"), csv=EVIDENCE_CSV_NAME)))
            out += bullets(origins(files)[:ORIGINS_SHOWN])
        else:
            out += _file_table(files)
    out += h2(_("Metric definitions"), "definitions")
    out += bullets([
        _("TPOT (time per output token): (e2e − TTFT) / (output tokens − 1) per request, in ms; p50/p99 over "
          "requests."),
        _("ITL (inter-token latency): the gap between streamed chunks, in ms. It is not TPOT and is never "
          "relabelled."),
        _("Interactivity: 1000 / TPOT p50, in output tokens per second per user (no prefill)."),
        _("Output tok/s per GPU: output throughput of the run divided by the GPUs it used."),
        _("Cost per million output tokens: fleet cost per hour / (output tokens per hour / 10^6)."),
        _("Energy, where a file measured it: power per GPU in W, and J per output token and per input token (each "
          "divides the run's whole energy by that kind of token: they are not a split of it), metered on the GPUs "
          "only or on the whole node; output tokens per joule = 1 / J per output token."),
    ])
    out += h2(_("Files embedded in this PDF"), "embedded")
    out.append(para(_("{inputs}: the canonical workspace (its SHA-256 is in every footer). {build}: the sections, "
                      "the record's date, the software versions used to build the record and, for a revision, what "
                      "deepdecide verify found of the record it follows.").format(
                          inputs="deepdecide-inputs.json", build="deepdecide-build.json")
                    + (" " + _("{previous}: the canonical workspace of the revision this record follows (see the "
                               "changes appendix).").format(previous="deepdecide-previous-inputs.json")
                       if ctx.changes is not None else "")
                    + (" " + _("{csv}: the evidence files (reference, name, bytes, tool, kind, runs, parity checks, "
                               "SHA-256 as imported), one line each.").format(csv=EVIDENCE_CSV_NAME)
                       if summarised(ws) else "")))
    return out


def _file_table(files: Any) -> list[Flowable]:
    """One line per evidence file: reference, name, bytes, what it holds, SHA-256; then their origins."""
    out: list[Flowable] = []
    rows = []
    for i, f in enumerate(files, start=1):
        p = f.provenance
        holds = [ngettext("{n} run", "{n} runs", len(f.runs)).format(n=integer(len(f.runs))) if f.runs else "",
                 ngettext("{n} parity check", "{n} parity checks", len(f.parity)).format(n=integer(len(f.parity)))
                 if f.parity else "",
                 ngettext("{n} predictor error row", "{n} predictor error rows", len(f.prediction_errors)).format(
                     n=integer(len(f.prediction_errors))) if f.prediction_errors else ""]
        contents = ", ".join(x for x in holds if x) or DASH
        rows.append([f"F{i}", p.file_name, num(p.size_bytes), contents, p.sha256])
        # the other files an import joined into this one (an AISBench run's JSON beside its CSV)
        rows += [[f"F{i}", j.file_name, num(j.size_bytes), _("joined into F{i}").format(i=i), j.sha256]
                 for j in p.joined if j.file_name != p.file_name or j.sha256 != p.sha256]
    out.append(table(["Ref", _("File"), _("Bytes"), _("Holds"), _("SHA-256 of the file as imported")], rows,
                     [10 * mm, 38 * mm, 12 * mm, 18 * mm, BODY_W - 78 * mm], numeric=(2,), dense=True))
    out += bullets(origins(files))
    return out
