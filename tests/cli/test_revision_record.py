"""Revisions: a new revision names the record it revises (id, revision, inputs hash); its record lists
what changed since that revision in an appendix, carries the earlier inputs, and still verifies."""

from __future__ import annotations

import contextlib
import dataclasses
import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from deepdecide.cli.main import main
from deepdecide.domain import approval
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.workspace import PreviousRevision, RecordStatus, SignOff, Vote
from deepdecide.report.canonical import INPUTS_NAME, PREVIOUS_NAME, sha256_hex
from deepdecide.report.integrity import extract_attachments
from deepdecide.storage import files


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def first(tmp_path_factory) -> Path:
    record = tmp_path_factory.mktemp("rev") / "rev1.pdf"
    code, _out, err = _run(["report", "-o", str(record)])
    assert code == 0, err
    return record


def test_a_new_revision_names_its_predecessor_and_is_proposed_again():
    ws = files.load_builtin_workspace()
    signed = dataclasses.replace(ws, signoffs=(SignOff("Ana", "VP Engineering", Vote.APPROVE, "2026-11-30",
                                                       record_inputs_sha256="a" * 64),))
    new = approval.new_revision(signed, "b" * 64)
    assert new.decision.revision == 2 and new.decision.status == RecordStatus.PROPOSED
    assert new.decision.previous == PreviousRevision(ws.decision.id, 1, "b" * 64)
    assert new.signoffs == (SignOff("Ana", "VP Engineering"),)


def test_a_revision_that_names_its_predecessor_badly_is_a_located_error(tmp_path):
    ws = files.load_builtin_workspace()
    bad = dataclasses.replace(ws, decision=dataclasses.replace(
        ws.decision, revision=2, previous=PreviousRevision("DR-0001", 2, "not-a-hash")))
    path = tmp_path / "bad.deepdecide.yaml"
    path.write_text(files.workspace_to_yaml(bad), encoding="utf-8")
    with pytest.raises(Exception) as info:
        files.load_workspace(path)
    errors = getattr(info.value, "errors", [info.value])
    paths = {e.path for e in errors if isinstance(e, ValidationError)}
    assert {"decision.previous.revision", "decision.previous.inputs_sha256"} <= paths


def test_revise_then_report_since_lists_the_changes_and_verifies(first, tmp_path):
    ws_path = tmp_path / "rev2.deepdecide.yaml"
    code, out, err = _run(["revise", str(first), "-o", str(ws_path)])
    assert code == 0, err
    earlier_inputs = extract_attachments(first.read_bytes())[INPUTS_NAME]
    ws = files.load_workspace(ws_path)
    assert ws.decision.previous == PreviousRevision("DR-0001", 1, sha256_hex(earlier_inputs))
    more = dataclasses.replace(ws, demand=dataclasses.replace(ws.demand, output_tokens_per_s=250_000))
    files.save_workspace(more, ws_path)
    record = tmp_path / "rev2.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(record), "--since", str(first)])
    assert code == 0, err
    data = record.read_bytes()
    assert extract_attachments(data)[PREVIOUS_NAME] == earlier_inputs
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]
    assert "Revision 2, following revision 1 of DR-0001" in " ".join(pages[0].split())
    start = next(i for i, p in enumerate(pages) if "Appendix: changes since revision 1" in " ".join(p.split()))
    last = " ".join(" ".join(pages[start:]).split())  # the appendix, however many pages it takes
    assert "demand demand.output_tokens_per_s 200,000 250,000" in last
    assert "Keep H100, serve with SGLang: GPUs 1,088 GPUs 1,360 GPUs" in last  # 20 % headroom, a spare node
    assert "decision.revision" not in last
    code, out, _ = _run(["verify", str(record)])
    assert code == 5 and "intact, unsigned" in out and "identical byte for byte" in out  # 5: intact, unsigned


def test_report_since_a_record_that_is_not_the_predecessor_is_refused(first, tmp_path):
    ws = files.load_builtin_workspace()
    other = dataclasses.replace(ws, decision=dataclasses.replace(
        ws.decision, revision=2, previous=PreviousRevision("DR-0001", 1, "c" * 64)))
    ws_path = tmp_path / "other.deepdecide.yaml"
    files.save_workspace(other, ws_path)
    record = tmp_path / "other.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--since", str(first)])
    assert code != 0 and "not the record this one revises" in err and "decision.previous.inputs_sha256" in err
    assert not record.exists()


def test_a_revision_built_without_its_predecessor_says_so(tmp_path):
    ws = files.load_builtin_workspace()
    named = dataclasses.replace(ws, decision=dataclasses.replace(
        ws.decision, revision=2, previous=PreviousRevision("DR-0001", 1, "c" * 64)))
    from deepdecide.report import build

    pages = [p.extract_text() for p in PdfReader(io.BytesIO(build(named))).pages]
    start = next(i for i, p in enumerate(pages) if "Appendix: changes since revision 1" in " ".join(p.split()))
    last = " ".join(" ".join(pages[start:]).split())  # the appendix, however many pages it takes
    assert "--since EARLIER.pdf" in last
