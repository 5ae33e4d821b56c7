"""A record of many evidence files summarises them and attaches their SHA-256 list as CSV
(docs/record.md, "Records of many evidence files"); verify rebuilds it, and its page count does not
grow with the number of files."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest

from deepdecide.report import evidence_files
from deepdecide.report.build import build
from deepdecide.report.canonical import INPUTS_NAME
from deepdecide.report.embedded import extract_attachments
from deepdecide.report.evidence_files import EVIDENCE_CSV_NAME
from deepdecide.report.integrity import INTACT, verify
from deepdecide.storage.files import load_workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "perf"))
from bench_scale import build_workspace, make_results


def _pages(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture(scope="module")
def workspaces(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("many")
    results = make_results(tmp / "results", 500)
    return {n: load_workspace(build_workspace(results[:n], tmp / f"ws{n}.deepdecide.yaml")) for n in (50, 500)}


@pytest.fixture(scope="module")
def records(workspaces):
    limit = evidence_files.SUMMARY_FILES
    evidence_files.SUMMARY_FILES = 20  # a small threshold: the real one (200) takes longer to build
    try:
        return {n: build(ws) for n, ws in workspaces.items()}, evidence_files.SUMMARY_FILES
    finally:
        evidence_files.SUMMARY_FILES = limit


def test_the_page_count_does_not_grow_with_the_files(records):
    pdfs, _limit = records
    assert _pages(pdfs[50]) == _pages(pdfs[500])


def test_the_csv_lists_every_file_and_verify_confirms_it(records, workspaces, monkeypatch):
    pdfs, limit = records
    monkeypatch.setattr(evidence_files, "SUMMARY_FILES", limit)
    for n, pdf in pdfs.items():
        found = extract_attachments(pdf)
        assert INPUTS_NAME in found
        rows = list(csv.DictReader(io.StringIO(found[EVIDENCE_CSV_NAME].decode("utf-8"))))
        files = workspaces[n].evidence.files
        assert [r["sha256"] for r in rows] == [f.provenance.sha256 for f in files]
        assert [r["file_name"] for r in rows] == [f.provenance.file_name for f in files]
        result = verify(pdf)
        assert result.status == INTACT, result.reasons


def test_a_record_at_or_below_the_limit_lists_its_runs_and_attaches_no_csv(workspaces):
    assert evidence_files.SUMMARY_FILES == 200
    pdf = build(workspaces[50])
    assert EVIDENCE_CSV_NAME not in extract_attachments(pdf)
