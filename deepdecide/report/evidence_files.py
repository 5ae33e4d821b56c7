"""A record of many evidence files: above ``SUMMARY_FILES`` files the record summarises the runs per
option, configuration and sweep, and attaches the files' SHA-256 list as a CSV (docs/record.md,
"Records of many evidence files"). ``deepdecide verify`` rebuilds the record, the CSV included, from
the embedded inputs alone, so it confirms the list byte for byte."""

from __future__ import annotations

from deepdecide.domain.workspace import Workspace
from deepdecide.report.spreadsheet import Table, csv_bytes

#: more evidence files than this: the record summarises them (records of at most this many list every run)
SUMMARY_FILES = 200
#: the name of the attached CSV of the evidence files (names, sizes, SHA-256)
EVIDENCE_CSV_NAME = "deepdecide-evidence-files.csv"


def summarised(ws: Workspace) -> bool:
    """Whether a record of ``ws`` summarises its evidence (more than ``SUMMARY_FILES`` files)."""
    return len(ws.evidence.files) > SUMMARY_FILES


def evidence_csv(ws: Workspace) -> bytes:
    """The evidence files as CSV, written as every table export is (``spreadsheet.csv_bytes``: a name that
    could start a formula is neutralised): reference, name, bytes, tool and version, kind, runs, parity
    checks, SHA-256 of the file as imported, in the workspace's order."""
    rows = tuple((f"F{i}", f.provenance.file_name, f.provenance.size_bytes, f.provenance.tool,
                  f.provenance.tool_version, f.provenance.kind.value, len(f.runs), len(f.parity), f.provenance.sha256)
                 for i, f in enumerate(ws.evidence.files, start=1))
    return csv_bytes(Table("evidence_files", ("ref", "file_name", "size_bytes", "tool", "tool_version", "kind", "runs",
                                              "parity_checks", "sha256"), rows), style="comma")  # one form in every language
