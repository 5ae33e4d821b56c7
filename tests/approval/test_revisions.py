"""Revisions check their predecessor, and an accepted decision's evidence keeps ageing.

A decision is exported for approval, signed by both approvers of the organisation's CA and accepted
(as in test_approval). Then: ``revise`` and ``report --since`` run ``deepdecide verify`` on that
signed record and print what it found; a copy whose embedded inputs were swapped by an incremental
update (the chosen option changed), one with a flipped byte and one with appended bytes are refused,
naming what is wrong, and nothing is written; ``diff`` names such a copy ALTERED before comparing;
``revisit`` still reports the evidence age of the accepted decision a year later.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from deepdecide.cli.main import main
from deepdecide.domain import approval
from deepdecide.domain.revisit import ConditionKind, RevisitCondition
from deepdecide.domain.workspace import RecordStatus
from deepdecide.report.canonical import BUILD_NAME, INPUTS_NAME, sha256_hex, workspace_from_json
from deepdecide.report.embedded import extract_attachments
from deepdecide.storage import files

from .pki import Pki, email_of

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"
PLATFORM, CTO = "Platform lead", "CTO"
NAMES = {PLATFORM: "Ana Ruiz", CTO: "Tom Berg", "SRE on-call": "Lee Park", "Finance": "Fay Gold"}
EXPORTED = "2026-12-03"  # the day the record is exported for approval


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _pages(pdf: bytes) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> Pki:
    return Pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def accepted(tmp_path_factory, pki) -> tuple[Path, Path]:
    """The accepted workspace and its record signed by both required approvers."""
    folder = tmp_path_factory.mktemp("accepted")
    ws = approval.frozen(files.load_workspace(SMALL))
    rows = tuple(dataclasses.replace(s, name=NAMES[s.role], email=email_of(NAMES[s.role]),
                                     issuer_ca_sha256=pki.ca_sha256) for s in ws.signoffs)
    age = RevisitCondition("The evidence is more than six months old", ConditionKind.EVIDENCE_AGE, months=6)
    ws = dataclasses.replace(ws, signoffs=rows, decision=dataclasses.replace(
        ws.decision, revisit_conditions=(*ws.decision.revisit_conditions, age)))
    ws_path, record = folder / "ws.deepdecide.yaml", folder / "record.pdf"
    files.save_workspace(ws, ws_path)
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval", "--today", EXPORTED])
    assert code == 0, err
    for role, who in ((PLATFORM, "Ana Ruiz"), (CTO, "Tom Berg")):
        code, _out, err = _run(["sign", str(record), "--role", role, "--verdict", "approve", "--sign",
                                str(pki.approver(who)), "--password-file", str(pki.password_file)])
        assert code == 0, err
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0 and "accepted" in out, err
    assert files.load_workspace(ws_path).decision.status == RecordStatus.ACCEPTED
    return ws_path, record


def test_evidence_age_still_triggers_a_revisit_once_accepted(accepted):
    ws_path, _record = accepted
    code, out, err = _run(["revisit", str(ws_path), "--today", "2027-12-03"])
    assert code == 1, out + err
    fired = out.split("The evidence is more than six months old", 1)[1].splitlines()
    assert "FIRED" in out.split("The evidence is more than six months old", 1)[0].splitlines()[-1]
    assert "the evidence cut-off 2026-11-15 is 12.6 months old on 2027-12-03" in fired[1]
    assert "the record is accepted: the evidence it rests on keeps ageing" in fired[1]
    assert "no longer triggers" not in out
    assert _run(["revisit", str(ws_path), "--today", "2027-05-01"])[0] == 0  # not six months yet


def test_a_revision_of_the_signed_record_prints_what_verify_found(accepted, pki, tmp_path, monkeypatch):
    _ws, record = accepted
    signed = record.read_bytes()
    ws_path = tmp_path / "rev2.deepdecide.yaml"
    code, out, err = _run(["revise", str(record), "-o", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0, err
    assert f"intact, signed and trusted; approved (SHA-256 of the file {sha256_hex(signed)})" in out
    ws = files.load_workspace(ws_path)
    files.save_workspace(dataclasses.replace(ws, demand=dataclasses.replace(ws.demand, output_tokens_per_s=9_000)),
                         ws_path)
    new = tmp_path / "rev2.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(new), "--since", str(record), "--trust",
                           str(pki.ca_pem), "--today", "2026-12-10"])
    assert code == 0, err
    assert "intact, signed and trusted; approved" in out
    data = new.read_bytes()
    params = json.loads(extract_attachments(data)[BUILD_NAME])
    assert params["date"] == "2026-12-10"
    assert params["previous_record"] == {"sha256": sha256_hex(signed), "exit_code": 0,
                                         "outcome": "intact, signed and trusted; approved"}
    text = _pages(data)
    assert ("That record, checked with deepdecide verify when this one was built: intact, signed and trusted; "
            "approved.") in text
    assert f"the PDF file with SHA-256 {sha256_hex(signed)}): intact, signed and trusted; approved (exit code 0)" in text
    # without the organisation's CA the same record is untrusted: accepted, and said so
    other = tmp_path / "rev2-untrusted.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(other), "--since", str(record)])
    assert code == 0 and "intact, but a signer is not trusted" in out, err
    # the revision verifies on its own on a later day: its date and the check it printed are build parameters
    monkeypatch.setenv("DEEPDECIDE_TODAY", "2027-06-01")
    code, out, _err = _run(["verify", str(new)])
    assert code == 5 and "identical byte for byte" in out, out


def _swapped_inputs(signed: bytes) -> bytes:
    """The signed record with its embedded inputs replaced by an incremental update: the same decision
    with another chosen option."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    from deepdecide.storage.files import canonical_json

    ws = workspace_from_json(extract_attachments(signed)[INPUTS_NAME])
    other = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, chosen_option="buy-sm100-deepinfer"))
    writer = IncrementalPdfFileWriter(io.BytesIO(signed))
    names = writer.root["/Names"]["/EmbeddedFiles"]["/Names"]
    for k in range(0, len(names), 2):
        if names[k] == INPUTS_NAME:
            spec_ref = names.raw_get(k + 1)
            spec = spec_ref.get_object()
            stream = generic.StreamObject({generic.NameObject("/Type"): generic.NameObject("/EmbeddedFile")},
                                          stream_data=canonical_json(other))
            ref = writer.add_object(stream)
            spec["/EF"][generic.NameObject("/F")] = ref
            spec["/EF"][generic.NameObject("/UF")] = ref
            writer.mark_update(spec_ref)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _tampered(signed: bytes, how: str) -> bytes:
    if how == "swapped inputs":
        return _swapped_inputs(signed)
    if how == "flipped byte":
        i = signed.index(b"/Title (") + 8
        return signed[:i] + bytes([signed[i] ^ 0x20]) + signed[i + 1:]
    return signed + b"\n% appended after the last signature\n"


@pytest.mark.parametrize("how", ["swapped inputs", "flipped byte", "appended bytes"])
def test_revise_and_report_since_refuse_an_altered_predecessor(accepted, pki, how, tmp_path):
    _ws, record = accepted
    altered = tmp_path / "altered.pdf"
    altered.write_bytes(_tampered(record.read_bytes(), how))
    inputs = extract_attachments(altered.read_bytes())[INPUTS_NAME]
    if how == "swapped inputs":
        assert workspace_from_json(inputs).decision.chosen_option == "buy-sm100-deepinfer"
    code, out, err = _run(["verify", str(altered), "--trust", str(pki.ca_pem)])
    assert code == 1 and "ALTERED" in out
    reason = next(x for x in out.splitlines() if "why:" in x).split("why: ", 1)[1]
    # revise: refused, naming the problem; nothing written
    target = tmp_path / "rev2.deepdecide.yaml"
    code, out, err = _run(["revise", str(altered), "-o", str(target), "--trust", str(pki.ca_pem)])
    assert code == 1, out + err
    assert f"{altered}: deepdecide verify finds it ALTERED: " in err and reason in err
    assert not target.exists()
    # report --since: a workspace naming exactly these inputs is refused all the same
    ws = approval.new_revision(workspace_from_json(inputs), sha256_hex(inputs))
    files.save_workspace(ws, target)
    new = tmp_path / "rev2.pdf"
    code, out, err = _run(["report", str(target), "-o", str(new), "--since", str(altered), "--trust",
                           str(pki.ca_pem)])
    assert code == 1, out + err
    assert "deepdecide verify finds it ALTERED" in err and reason in err
    assert not new.exists()
    # diff names the altered record before any comparison
    code, out, err = _run(["diff", str(record), str(altered)])
    assert code == 1 and out.startswith(f"{altered}: ALTERED (deepdecide verify): "), out + err
    data = json.loads(_run(["diff", str(record), str(altered), "--json"])[1])
    assert not data["identical"] and [r["altered"] for r in data["records"]] == [False, True]
