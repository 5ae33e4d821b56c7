"""Dates that agree: a record is dated the day it is exported (or the date the workspace pins, and then
says so), the date is a build parameter so that ``verify`` rebuilds the record on any later day, the
evidence cut-off follows the newest imported file, a record is ready for approval only when its dates
agree, and it prints every revisit condition with its threshold."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from deepdecide.cli.main import main
from deepdecide.domain import approval, dates
from deepdecide.domain.workspace import Workspace
from deepdecide.report.canonical import BUILD_NAME
from deepdecide.report.embedded import extract_attachments
from deepdecide.storage import files

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _pages(pdf: bytes) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages]


def _imported_on(ws: Workspace, day: str, name: str = "run-imported-today.json") -> Workspace:
    """``ws`` with one more evidence file, imported on ``day`` (a copy of its first file's records)."""
    first = ws.evidence.files[0]
    later = dataclasses.replace(first, provenance=dataclasses.replace(
        first.provenance, sha256="e" * 64, file_name=name, imported_at=f"{day}T09:30:00Z"))
    return dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=(*ws.evidence.files, later)))


def _ready(ws: Workspace) -> Workspace:
    """The small workspace as it stands before approval: ready, proposed, every row pending, each approver
    named (an e-mail and a pinned certificate)."""
    ws = approval.frozen(ws)
    rows = tuple(dataclasses.replace(s, email=f"{i}@example.org", pinned_certificate_sha256=f"{i:02x}" * 32)
                 for i, s in enumerate(ws.signoffs))
    return dataclasses.replace(ws, signoffs=rows)


@pytest.fixture(scope="module")
def sample_today(tmp_path_factory) -> tuple[Path, bytes]:
    """The built-in sample with a file imported on 2026-12-03, exported that day."""
    folder = tmp_path_factory.mktemp("dates")
    ws_path = folder / "ws.deepdecide.yaml"
    files.save_workspace(_imported_on(files.load_builtin_workspace(), "2026-12-03"), ws_path)
    record = folder / "record.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--today", "2026-12-03"])
    assert code == 0, err
    return ws_path, record.read_bytes()


def test_the_record_is_dated_its_export_day_and_the_cut_off_follows_the_newest_import(sample_today):
    _ws, pdf = sample_today
    cover = _pages(pdf)[0]
    assert "Date of this record 2026-12-03 (the day it was exported); decision last updated 2026-11-29" in cover
    assert ("Evidence cut-off 2026-12-03 (the newest imported file, run-imported-today.json, imported on "
            "2026-12-03)") in cover
    assert json.loads(extract_attachments(pdf)[BUILD_NAME])["date"] == "2026-12-03"
    assert PdfReader(io.BytesIO(pdf)).metadata["/CreationDate"].startswith("D:20261203")


def test_verify_confirms_the_record_on_a_later_day_without_the_clock(sample_today, tmp_path, monkeypatch):
    """The record's date is an input of the build: verify never reads the clock (here it would fail)."""
    _ws, pdf = sample_today
    path = tmp_path / "record.pdf"
    path.write_bytes(pdf)
    monkeypatch.setenv("DEEPDECIDE_TODAY", "2027-06-01")

    def no_clock() -> None:
        raise AssertionError("the clock was read while a record was rebuilt")

    monkeypatch.setattr(dates, "today", no_clock)
    code, out, err = _run(["verify", str(path)])
    assert code == 5 and "identical byte for byte" in out, out + err


def test_a_pinned_date_wins_and_the_record_says_so(tmp_path):
    ws = files.load_workspace(SMALL)
    pinned = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, record_date="2026-11-25"))
    ws_path = tmp_path / "pinned.deepdecide.yaml"
    files.save_workspace(pinned, ws_path)
    assert "record_date: '2026-11-25'" in ws_path.read_text(encoding="utf-8")
    records = []
    for day in ("2026-12-03", "2027-01-15"):
        out = tmp_path / f"pinned-{day}.pdf"
        code, _o, err = _run(["report", str(ws_path), "-o", str(out), "--today", day])
        assert code == 0, err
        records.append(out.read_bytes())
    assert records[0] == records[1]  # exported on two days: the same record
    assert "Date of this record 2026-11-25 (pinned in the decision)" in _pages(records[0])[0]
    assert json.loads(extract_attachments(records[0])[BUILD_NAME])["date"] == "2026-11-25"


def test_a_bad_pinned_date_is_a_located_error(tmp_path):
    text = SMALL.read_text(encoding="utf-8").replace('  date: "2026-11-20"\n', '  date: "2026-11-20"\n  record_date: "Nov 2026"\n')
    path = tmp_path / "bad.deepdecide.yaml"
    path.write_text(text.replace("schema_version: 1", "schema_version: 9"), encoding="utf-8")  # record_date came with 9
    code, _out, err = _run(["validate", str(path)])
    assert code == 1 and "decision.record_date" in err and "not a date" in err


def test_ready_for_approval_needs_dates_that_agree(tmp_path):
    ready = _ready(files.load_workspace(SMALL))
    assert approval.missing_for_approval(ready, "2026-12-03") == []
    ws_path = tmp_path / "ws.deepdecide.yaml"
    files.save_workspace(ready, ws_path)
    code, out, _err = _run(["validate", str(ws_path), "--today", "2026-12-03"])
    assert code == 0 and "ready for approval" in out and "not ready" not in out
    # pinned before the evidence cut-off and the decision's last update: the dates disagree
    early = dataclasses.replace(ready, decision=dataclasses.replace(ready.decision, record_date="2026-11-10"))
    files.save_workspace(early, ws_path)
    code, out, _err = _run(["validate", str(ws_path), "--today", "2026-12-03"])
    assert "not ready for approval" in out
    # the gaps in words, then the file's field a person edits (the command line only)
    assert ("the evidence cut-off 2026-11-15 (as stated in the decision) is after the record date "
            "2026-11-10 (pinned in the decision) (decision.evidence_cutoff)") in out
    assert ("the decision was last updated on 2026-11-20, after the record date 2026-11-10 (pinned in the "
            "decision) (decision.date)") in out
    record = tmp_path / "early.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval", "--today", "2026-12-03"])
    assert code == 1 and "dates that disagree" in err and not record.exists()
    # a file imported after the export day (a clock set wrong) moves the cut-off past the record date
    later = _imported_on(ready, "2026-12-05")
    files.save_workspace(later, ws_path)
    code, out, _err = _run(["validate", str(ws_path), "--today", "2026-12-03"])
    assert ("the evidence cut-off 2026-12-05 (the newest imported file, run-imported-today.json, imported on "
            "2026-12-05) is after the record date 2026-12-03 (the day it was exported)") in out
    assert _run(["validate", str(ws_path), "--today", "2026-12-05"])[1].count("ready for approval: export") == 1
    # the record says the same on its own date: the cover counts what is missing, the Sign-off page names it
    record = tmp_path / "late.pdf"
    assert _run(["report", str(ws_path), "-o", str(record), "--today", "2026-12-03"])[0] == 0
    pages = _pages(record.read_bytes())
    assert "not ready for approval" in pages[0]
    assert "dates that disagree: the evidence cut-off 2026-12-05" in " ".join(pages)


def test_the_record_prints_every_revisit_condition_with_its_threshold(sample_today):
    ws_path, pdf = sample_today
    ws = files.load_workspace(ws_path)
    text = " ".join(_pages(pdf))
    section = text[text.index("Revisit when Checked by deepdecide revisit"):]
    for c in ws.decision.revisit_conditions:
        assert " ".join(c.text.split()) in section, c.text
    for t in ws.decision.revisit_triggers:
        assert " ".join(t.split()) in section, t
    assert "the state on 2026-12-03, the date of this record" in section
    for threshold in ("the support matrix lists DeepInfer on NVIDIA H100 SXM as official",  # names, not ids
                      "peak demand above 200,000 output tok/s",
                      "the SLO differs from the one decided under: TTFT p99 ≤ 2,000 ms, TPOT p99 ≤ 50 ms",
                      "the evidence cut-off 2026-12-03 more than 6 months old: from 2027-06-04"):
        assert threshold in section, threshold
    assert "not fired" in section and "Judged by a person:" in section


def test_today_is_checked(tmp_path, monkeypatch):
    assert _run(["report", "-o", str(tmp_path / "r.pdf"), "--today", "3 Dec"])[0] == 2
    monkeypatch.setenv("DEEPDECIDE_TODAY", "tomorrow")
    code, _out, err = _run(["report", "-o", str(tmp_path / "r.pdf")])
    assert code == 2 and "DEEPDECIDE_TODAY" in err
