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
from deepdecide.report.embedded import extract_attachments
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


def test_a_purchase_price_and_owned_gpus_are_named_by_diff_and_the_appendix(first, tmp_path):
    """The B200 price 55,000 -> 47,000 and the owned H100s 1,024 -> 900: named with their values in the
    revision's appendix (by the platforms' names) and by ``diff`` (by their paths), with what they move in
    the outcome."""
    from deepdecide.domain.common import Estimate

    ws_path = tmp_path / "rev2.deepdecide.yaml"
    assert _run(["revise", str(first), "-o", str(ws_path)])[0] == 0
    ws = files.load_workspace(ws_path)
    fleet = tuple(dataclasses.replace(f, purchase_usd_per_gpu=Estimate(45_000, 47_000, 65_000))
                  if f.platform == "nv-b200" else dataclasses.replace(f, owned_gpus=900)
                  if f.platform == "nv-h100" else f for f in ws.fleet)
    files.save_workspace(dataclasses.replace(ws, fleet=fleet), ws_path)
    record = tmp_path / "rev2.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(record), "--since", str(first)])
    assert code == 0, err
    assert "checked " in out and "intact, unsigned" in out
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(record.read_bytes())).pages]
    start = next(i for i, p in enumerate(pages) if "Appendix: changes since revision 1" in " ".join(p.split()))
    appendix = " ".join(" ".join(pages[start:]).split())
    # the record names the fleet rows by their platforms and the inputs in words, never by ids or field paths
    assert "fleet fleet NVIDIA B200: purchase price per GPU 55,000 (45,000–65,000) 47,000 (45,000–65,000)" in appendix
    assert "fleet fleet NVIDIA H100 SXM: owned GPUs 1,024 900" in appendix
    heading = max(i for i, p in enumerate(pages) if "Appendix: changes since revision 1" in " ".join(p.split()))
    own = " ".join(" ".join(pages[heading:]).split())  # the appendix itself, not the contents that name it
    assert "fleet fleet NVIDIA H100 SXM: owned GPUs 1,024 900" in own
    assert "nv-b200" not in own and "nv-h100" not in own and "purchase_usd_per_gpu" not in own
    assert "Buy SM100 (B200) and run DeepInfer: TCO (cash) $113M $98.6M" in appendix
    assert "Keep H100, serve with SGLang: GPUs to buy or rent 64 188" in appendix
    assert "Nothing." not in appendix
    assert "deepdecide verify checked that earlier record" in appendix and "intact, unsigned (exit code 5)" in appendix
    code, out, _err = _run(["diff", str(first), str(record)])
    assert code == 1
    assert "fleet nv-b200.purchase_usd_per_gpu: 55,000 (45,000–65,000) -> 47,000 (45,000–65,000)" in out
    assert "fleet nv-h100.owned_gpus: 1,024 -> 900" in out
    assert "Buy SM100 (B200) and run DeepInfer: TCO (cash): $113M -> $98.6M" in out  # the option by its name


def test_a_record_and_the_workspace_it_was_built_from_are_the_same(first, tmp_path):
    """The record stores a message's parameters sorted; its workspace file holds them as written: the
    same inputs (the sample's runs carry flags of several parameters)."""
    ws = files.load_builtin_workspace()
    assert any(len(m.params) > 1 for r in ws.evidence.runs for m in r.quality_flags)
    same = tmp_path / "same.deepdecide.yaml"
    files.save_workspace(ws, same)
    code, out, err = _run(["diff", str(first), str(same)])
    assert code == 0 and "same inputs, same outcome" in out, out + err
