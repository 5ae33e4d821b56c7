"""The record of a workspace with a sweep of many result files stays compact: the same data-quality
note of many files is one line naming them, the sweep's files share one legend line, and the
appendix lists each file on one line with its hash."""

from __future__ import annotations

import io
import re

from generated_files import vllm_sweep_workspace
from pypdf import PdfReader

from deepdecide.report.build import build
from deepdecide.report.sections.base import file_refs

N_FILES = 120


def test_file_refs_joins_consecutive_numbers():
    assert file_refs([1, 2, 3, 5, 7, 8, 10, 11, 12, 13]) == "F1–F3, F5, F7, F8, F10–F13"
    assert file_refs([4]) == "F4"
    assert file_refs([3, 1, 2, 2]) == "F1–F3"
    assert file_refs([]) == ""


def test_a_sweep_of_many_files_gives_a_compact_record(tmp_path):
    ws, before = vllm_sweep_workspace(tmp_path, N_FILES)
    pdf = build(ws, sections=("evidence", "appendix"))
    pages = PdfReader(io.BytesIO(pdf)).pages
    text = " ".join(" ".join(p.extract_text() for p in pages).split())
    first, last = before + 1, before + N_FILES
    sweep = f"F{first}–F{last}"
    # the same note of every file of the sweep: one line naming the range, not a line per file
    notes = text.split("Data-quality notes", 1)[1]
    assert f"{sweep} (all runs): GPU count given by the user" in notes
    assert notes.count("GPU count given by the user") == 1
    # the legend: one line for the sweep's files
    assert f"{sweep}: {N_FILES} files" in text
    # the appendix: every file once, on its own line with its hash
    appendix = text.split("Appendix: evidence files", 1)[1]
    for f, i in ((ws.evidence.files[first - 1], first), (ws.evidence.files[last - 1], last)):
        assert re.search(rf"F{i} {re.escape(f.provenance.file_name)} [\d,]+ 1 run {f.provenance.sha256}", appendix)
    # about a page per hundred runs (the runs table) and per two hundred files (the appendix); one
    # page per few files before
    assert len(pages) <= 12, len(pages)
