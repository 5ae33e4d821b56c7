"""Approval an auditor can rely on: each signature bound to the approver its sign-off row names, one
certificate one role, "accepted" only from signatures (the accepted record embeds the signed one),
certificates judged at the signing time (attested by a timestamp authority, or only claimed),
revocation from a CRL, readable visible signatures, and changes located inside signed records.

Every case runs with its own organisation CA and approvers (``pki.Pki``)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from deepdecide.domain import approval
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.workspace import SCHEMA_VERSION, AcceptanceCheck, RecordStatus, Vote
from deepdecide.report import approver as report_approver
from deepdecide.report import signing
from deepdecide.report.canonical import APPROVAL_NAME
from deepdecide.report.embedded import extract_attachments
from deepdecide.storage import files

from .pki import Pki, email_of
from .test_approval import CTO, PLATFORM, SRE, _copy, _ready_workspace, _run, _sign

LONG = ("Re-run the SLO acceptance test every quarter through 2030, the 120 ms TTFT target included, and keep "
        "the H100 fleet warm until SM100 parity passes on the production prompt mix")


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> Pki:
    return Pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def people(pki) -> dict[str, Path]:
    """Each approver's PKCS#12 file, made once: a certificate is one person's, whatever role it signs."""
    return {name: pki.approver(name) for name in ("Ana Ruiz", "Tom Berg", "Lee Park")}


@pytest.fixture(scope="module")
def exported(tmp_path_factory, pki) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("export")
    ws_path = folder / "ws.deepdecide.yaml"
    files.save_workspace(_ready_workspace(pki), ws_path)
    record = folder / "record.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval"])
    assert code == 0, err
    return ws_path, record


@pytest.fixture(scope="module")
def accepted(tmp_path_factory, exported, pki, people) -> tuple[Path, Path, Path]:
    """The workspace made accepted by both approvers' signatures, the signed record, and the accepted
    record exported from the workspace (embedding the signed one)."""
    folder = tmp_path_factory.mktemp("accepted")
    ws_path, record = _copy(exported, folder)
    assert _sign(record, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    assert _sign(record, CTO, people["Tom Berg"], pki, "approve", "--conditions", LONG)[0] == 0
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0 and "accepted (approved)" in out, err
    final = folder / "accepted.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(final), "--signed-record", str(record)])
    assert code == 0, err
    return ws_path, record, final


def _verify(path: Path, *extra: str) -> tuple[int, str, dict]:
    code, out, err = _run(["verify", str(path), *extra])
    data = json.loads(_run(["verify", str(path), *extra, "--json"])[1])
    assert data["exit_code"] == code
    return code, out + err, data


@pytest.fixture
def anyone_signs(monkeypatch):
    """Sign as another tool (or a patched build) would: without the identity and one-role checks."""
    def unchecked() -> None:
        monkeypatch.setattr(approval, "identity_mismatch", lambda row, cert: None)
        monkeypatch.setattr(report_approver, "already_signed_as", lambda checks, sha: "")
    return unchecked


# ---------------------------------------------------------------------------------------------
# approvers are identities


def test_another_person_of_the_same_ca_is_refused_by_sign_and_never_counted(exported, pki, people, tmp_path,
                                                                             anyone_signs, monkeypatch):
    ws_path, record = _copy(exported, tmp_path)
    before, ws_before = record.read_bytes(), ws_path.read_bytes()
    code, _out, err = _sign(record, CTO, people["Lee Park"], pki)
    assert code == 1 and "is not the approver the record names for 'CTO' (Tom Berg, e-mail tom.berg@example.org" in err
    assert "the certificate's e-mail (lee.park@example.org) is not tom.berg@example.org" in err
    assert "A substitute is a change to the workspace" in err
    assert record.read_bytes() == before
    # signed anyway (another tool): verify marks it and never counts it; signoffs refuses
    assert _sign(record, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    anyone_signs()
    assert _sign(record, CTO, people["Lee Park"], pki)[0] == 0
    monkeypatch.undo()
    code, out, data = _verify(record, "--trust", str(pki.ca_pem))
    assert code == 10 and "NOT THE NAMED APPROVER" in out.splitlines()[0]
    assert "CTO: NOT THE NAMED APPROVER: the certificate's e-mail (lee.park@example.org)" in out
    assert "no valid, trusted approval yet from: CTO" in out
    rows = {s["role"]: s for s in data["signoffs"]}
    assert rows[CTO]["named_approver"] is False and rows[CTO]["counts"] is False and rows[CTO]["trusted"] is True
    assert rows[PLATFORM]["counts"] is True and data["approval"]["not_named"] == [CTO]
    code, _out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 1 and "not the named approver: CTO" in err and "Nothing was copied" in err
    assert ws_path.read_bytes() == ws_before


def test_one_certificate_never_fills_two_roles(pki, people, tmp_path, anyone_signs, monkeypatch):
    ws = _ready_workspace(pki)
    # the same identity in two rows is a located error
    twice = tuple(dataclasses.replace(s, email=email_of("Ana Ruiz")) if s.role == CTO else s for s in ws.signoffs)
    problems = {e.path: e.reason for e in files.check(dataclasses.replace(ws, signoffs=twice))}
    assert "one certificate never fills two roles" in problems["signoffs[1].email"]
    # two rows that one certificate matches (e-mail; e-mail and common name): the second signature is refused
    both = tuple(dataclasses.replace(s, email=email_of("Ana Ruiz"), common_name="Ana Ruiz") if s.role == CTO else s
                 for s in ws.signoffs)
    ws_path = tmp_path / "ws.deepdecide.yaml"
    files.save_workspace(dataclasses.replace(ws, signoffs=both), ws_path)
    record = tmp_path / "record.pdf"
    assert _run(["report", str(ws_path), "-o", str(record), "--for-approval"])[0] == 0
    assert _sign(record, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    code, _out, err = _sign(record, CTO, people["Ana Ruiz"], pki)
    assert code == 1 and "this certificate already signed this record as 'Platform lead'" in err
    anyone_signs()
    assert _sign(record, CTO, people["Ana Ruiz"], pki)[0] == 0
    monkeypatch.undo()
    code, out, data = _verify(record, "--trust", str(pki.ca_pem))
    assert code == 10 and "this certificate already signed as Platform lead: one certificate never fills two roles" in out
    assert data["approval"]["state"] == "awaiting approval"
    code, _out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 1 and "one certificate never fills two roles" in err


def test_a_record_for_approval_names_the_identities_and_a_sample_approver_to_be_named_cannot_approve():
    ws = files.load_builtin_workspace()
    gaps = {m.id: str(m) for m in approval.missing_for_approval(ws)}
    assert "Head of Inference Platform" in gaps["approval.missing.identity"]
    assert all(not approval.has_identity(s) for s in ws.signoffs)


# ---------------------------------------------------------------------------------------------
# accepted means signed


def test_hand_typed_approvals_are_legacy_unverified_and_not_exported_as_accepted(exported, pki, tmp_path):
    ws_path, _record = _copy(exported, tmp_path)
    ws = files.load_workspace(ws_path)
    content = files.approval_content_sha256(ws)
    rows = tuple(dataclasses.replace(s, verdict=Vote.APPROVE, date="2026-11-20", certificate="CN=" + s.name,
                                     fingerprint_sha256="AB:" * 31 + "AB", record_inputs_sha256=content)
                 if s.role in (PLATFORM, CTO) else s for s in ws.signoffs)
    typed = dataclasses.replace(ws, signoffs=rows, decision=dataclasses.replace(ws.decision,
                                                                                 status=RecordStatus.ACCEPTED))
    files.save_workspace(typed, ws_path)  # it saves: nothing is lost, nothing is claimed
    code, out, err = _run(["validate", str(ws_path)])
    assert code == 0, err
    notes = [x for x in out.splitlines() if "legacy, unverified" in x]
    assert len(notes) == 2 and re.search(rf"{re.escape(str(ws_path))}:\d+: signoffs\[0\]\.verdict: legacy", notes[0])
    assert _run(["evaluate", str(ws_path)])[0] == 0
    target = tmp_path / "accepted.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(target)])
    assert code == 1 and "legacy, unverified (signoffs[0] Platform lead, signoffs[1] CTO)" in err
    assert "cannot be exported as accepted until it is approved again" in err and not target.exists()


def test_a_schema_5_workspace_opens_with_its_verdicts_legacy_and_loses_nothing(exported, tmp_path):
    ws_path, _record = _copy(exported, tmp_path)
    text = ws_path.read_text(encoding="utf-8").replace(f"schema_version: {SCHEMA_VERSION}\n",
                                                       f"schema_version: {SCHEMA_VERSION - 1}\n")
    for role in (PLATFORM, SRE):  # rows as an earlier version wrote them: verdicts, no signed record
        text = text.replace(f"role: {role}\n", f"role: {role}\n  verdict: approve\n  date: '2026-11-20'\n", 1)
    old = tmp_path / "old.deepdecide.yaml"
    old.write_text(text, encoding="utf-8")
    warnings: list[ValidationError] = []
    notes: list[ValidationError] = []
    ws = files.load_workspace(old, warnings, notes)
    assert warnings == [] and [n.path for n in notes] == ["signoffs[0].verdict", "signoffs[2].verdict"]
    assert all(n.line for n in notes)
    saved = tmp_path / "saved.deepdecide.yaml"
    files.save_workspace(ws, saved)
    again = files.load_workspace(saved)
    assert again.signoffs == ws.signoffs and again.signoffs[0].verdict == Vote.APPROVE
    assert f"schema_version: {SCHEMA_VERSION}\n" in saved.read_text(encoding="utf-8")


def test_the_accepted_record_embeds_the_signed_record_and_verifies_on_its_own(accepted, pki, tmp_path):
    ws_path, signed, final = accepted
    sha = hashlib.sha256(signed.read_bytes()).hexdigest()
    ws = files.load_workspace(ws_path)
    assert {s.signed_record_sha256 for s in ws.signoffs if s.verdict != Vote.PENDING} == {sha}
    assert extract_attachments(final.read_bytes())[APPROVAL_NAME] == signed.read_bytes()
    code, out, data = _verify(final, "--trust", str(pki.ca_pem))
    assert code == 0, out
    assert "intact; accepted by the signatures of its embedded approval record" in out.splitlines()[0]
    assert f"embedded signed approval record: SHA-256 {sha}; intact" in out
    assert data["embedded_approval_record"]["approval"] == "approved"
    assert _verify(final)[0] == 6  # without the organisation's CA its signers are not trusted
    # the sign-off page prints the signed record's hash, each signer's subject and fingerprint, the condition
    page = _page_text(final, "Accepted means signed")
    flat = re.sub(r"\s+", "", page)
    assert sha in flat
    for s in ws.signoffs:
        if s.verdict == Vote.APPROVE:
            assert s.fingerprint_sha256.replace(":", "") in flat.replace(":", "")
            assert "ana.ruiz@example.org" in page and "tom.berg@example.org" in page
    assert re.sub(r"\s+", "", LONG) in flat  # the condition in full, referenced from its cell
    # a report without the signed record is refused, naming it
    code, _out, err = _run(["report", str(ws_path), "-o", str(tmp_path / "x.pdf")])
    assert code == 1 and "give that PDF (--signed-record SIGNED.pdf)" in err


def test_an_accepted_record_fails_when_its_signed_record_is_altered(accepted, pki, tmp_path):
    from deepdecide.report.canonical import BUILD_NAME, INPUTS_NAME, workspace_from_json
    from deepdecide.report.params import params_language
    from deepdecide.report.render import render

    _ws, signed, final = accepted
    att = extract_attachments(final.read_bytes())
    ws = workspace_from_json(att[INPUTS_NAME])
    sections = tuple(json.loads(att[BUILD_NAME])["sections"])
    assert params_language(att[BUILD_NAME]) == "en"
    # a consistent record built around a signed record with bytes appended after its signatures
    altered = signed.read_bytes() + b"\n% appended\n"
    forged = tmp_path / "forged.pdf"
    forged.write_bytes(render(ws, att[INPUTS_NAME], att[BUILD_NAME], sections, approval_record=altered))
    code, out, _data = _verify(forged, "--trust", str(pki.ca_pem))
    assert code == 1 and "ALTERED" in out.splitlines()[0]
    assert "the embedded signed approval record (deepdecide-approval-record.pdf) does not back the sign-offs" in out
    # and around the record as exported, unsigned: the rows claim signatures it does not hold
    unsigned = signed.read_bytes()[:_first_revision(signed.read_bytes())]
    forged.write_bytes(render(ws, att[INPUTS_NAME], att[BUILD_NAME], sections, approval_record=unsigned))
    code, out, _data = _verify(forged, "--trust", str(pki.ca_pem))
    assert code == 1 and "has no approval signature of Platform lead" in out


def test_an_accepted_record_fails_when_a_signer_is_not_the_named_person(exported, pki, people, tmp_path,
                                                                          anyone_signs, monkeypatch):
    ws_path, record = _copy(exported, tmp_path)
    anyone_signs()  # a patched build signs, copies and exports what the real one refuses
    assert _sign(record, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    assert _sign(record, CTO, people["Lee Park"], pki)[0] == 0
    assert _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])[0] == 0
    final = tmp_path / "accepted.pdf"
    assert _run(["report", str(ws_path), "-o", str(final), "--signed-record", str(record)])[0] == 0
    monkeypatch.undo()
    code, out, _data = _verify(final, "--trust", str(pki.ca_pem))
    assert code == 10 and "NOT THE NAMED APPROVER" in out.splitlines()[0]
    assert "signoffs[1] (CTO): the signature is NOT THE NAMED APPROVER" in out
    code, _out, err = _run(["report", str(ws_path), "-o", str(tmp_path / "again.pdf"), "--signed-record", str(record)])
    assert code == 1 and "NOT THE NAMED APPROVER" in err


def test_a_failing_acceptance_check_is_a_located_refusal(pki, people, tmp_path):
    ws = _ready_workspace(pki)
    gated = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision,
                                                                 acceptance_checks=(AcceptanceCheck.PARITY,)))
    ws_path = tmp_path / "ws.deepdecide.yaml"
    files.save_workspace(gated, ws_path)
    record = tmp_path / "record.pdf"
    assert _run(["report", str(ws_path), "-o", str(record), "--for-approval"])[0] == 0
    assert "parity must pass before acceptance: not met" in _page_text(record, "Checked before acceptance")
    assert _sign(record, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    assert _sign(record, CTO, people["Tom Berg"], pki)[0] == 0
    before = ws_path.read_bytes()
    code, _out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 3
    assert re.search(rf"{re.escape(str(ws_path))}:\d+: decision\.acceptance_checks\[0\]: parity must pass before "
                     r"acceptance, but the chosen option keep-h100-vllm does not pass every required parity check", err)
    assert ws_path.read_bytes() == before


def test_the_signed_record_says_where_the_current_state_is(exported):
    _ws, record = exported
    first = _page_text(record, "DECISION RECORD")
    assert "Still to sign" not in first
    assert "proposed for approval: the status when exported; the signatures decide" in " ".join(first.split())
    assert "deepdecide verify FILE.pdf gives the current state" in " ".join(first.split())


# ---------------------------------------------------------------------------------------------
# visible signatures readable


def test_the_visible_signature_is_7_pt_and_refers_to_the_full_condition(exported, pki, people, tmp_path):
    _ws, record = _copy(exported, tmp_path)
    assert _sign(record, CTO, people["Tom Berg"], pki, "approve", "--conditions", LONG)[0] == 0
    streams = _appearance_streams(record.read_bytes(), "signoff-cto")
    sizes = [float(x) for x in re.findall(rb"/\w+ ([\d.]+) Tf", b"\n".join(streams))]
    assert sizes and min(sizes) >= 7
    scales = [(float(a), float(d)) for a, d in re.findall(rb"([\d.]+) 0 0 ([\d.]+) [-\d.]+ [-\d.]+ cm",
                                                          b"\n".join(streams))]
    assert all(a >= 1 and d >= 1 for a, d in scales)  # never shrunk to fit
    text = b"\n".join(streams).decode("latin-1")
    shown = re.sub(r"\\(\d{3})", lambda m: chr(int(m.group(1), 8)), " ".join(re.findall(r"\((.*?)\) Tj", text)))
    assert "APPROVE" in shown and "CTO" in shown and "Signed by: Tom Berg" in shown
    assert "Conditions: Re-run the SLO" in shown and "(in full: deepdecide verify)" in shown
    assert "Signatures give: 1 of 2 approvals" in shown
    code, out, _ = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert f"conditions: {LONG}" in out  # in full
    if shutil.which("pdftoppm"):  # a PNG to look at
        png = Path("/tmp") / "deepdecide-approval-stamp"
        subprocess.run(["pdftoppm", "-r", "110", "-png", "-f", "10", "-l", "10", str(record), str(png)], check=False)


# ---------------------------------------------------------------------------------------------
# verify locates changes in signed records


def test_a_flipped_byte_inside_a_signed_record_is_located_not_blamed_on_the_signature(exported, pki, people,
                                                                                      tmp_path):
    _ws, record = _copy(exported, tmp_path)
    assert _sign(record, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    data = bytearray(record.read_bytes())
    offset = data.index(b"stream", 15000) + 50  # inside a stream of the record, before the signature's update
    data[offset] ^= 0x01
    record.write_bytes(bytes(data))
    code, out, _ = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 1
    assert re.search(rf"byte {offset:,} differs from the record, in .* \(object \d+\)", out)
    assert f"byte {offset:,} lies inside the bytes signed by signoff-platform-lead" in out
    assert "ModDate" not in out and "Producer" not in out and "pyHanko" not in out


# ---------------------------------------------------------------------------------------------
# certificates judged honestly in time


@pytest.mark.parametrize("kind, words", [
    ("expired", "the certificate expired on 2025-12-31"),
    ("not_yet_valid", "the certificate is not valid yet: valid from"),
    ("not_for_signing", "its key usage has neither digitalSignature nor nonRepudiation"),
])
def test_sign_refuses_a_certificate_that_cannot_sign_now(exported, pki, tmp_path, kind, words):
    _ws, record = _copy(exported, tmp_path)
    before = record.read_bytes()
    code, _out, err = _sign(record, CTO, getattr(pki, kind)("Tom Berg"), pki)
    assert code == 3 and words in err, err
    assert record.read_bytes() == before


def test_a_timestamped_signature_is_judged_at_the_attested_time(exported, pki, people, tmp_path, monkeypatch):
    _ws, record = _copy(exported, tmp_path)
    with pki.timestamp_authority() as tsa:
        for role, who in ((PLATFORM, "Ana Ruiz"), (CTO, "Tom Berg")):
            code, _out, err = _sign(record, role, people[who], pki, "approve", "--tsa", tsa)
            assert code == 0, err
    (tmp_path / "untimed").mkdir()
    _ws2, untimed = _copy(exported, tmp_path / "untimed")
    assert _sign(untimed, PLATFORM, people["Ana Ruiz"], pki)[0] == 0
    assert _sign(untimed, CTO, people["Tom Berg"], pki)[0] == 0
    # both approvers' certificates (valid to 2035-12-30) have expired by 2040
    monkeypatch.setattr(signing, "now", lambda: dt.datetime(2040, 1, 1, tzinfo=dt.UTC))
    code, out, data = _verify(record, "--trust", str(pki.ca_pem))
    assert code == 0 and "approved" in out.splitlines()[0], out
    assert out.count("judged at the time attested by the timestamp authority") == 2
    assert all(s["attested"] and s["time_state"] == "" for s in data["signatures"])
    code, out, data = _verify(untimed, "--trust", str(pki.ca_pem))
    assert code == 13 and "expired since signing (time not attested)" in out.splitlines()[0]
    assert "expired since signing (time not attested): valid until 2035-12-30" in out
    assert "claimed, not attested (no timestamp)" in out
    assert "chains to no --trust certificate" not in out


def test_revocation_is_not_checked_without_a_crl_and_fails_with_one(exported, pki, tmp_path):
    ws_path, record = _copy(exported, tmp_path)
    tom = pki.approver("Tom Berg", label="Tom Berg revoked")
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz", label="Ana for crl"), pki)[0] == 0
    assert _sign(record, CTO, tom, pki)[0] == 0
    code, out, _ = _verify(record, "--trust", str(pki.ca_pem))
    assert code == 0 and out.count("revocation: not checked (no --crl)") == 2
    crl = pki.crl([tom])
    code, out, data = _verify(record, "--trust", str(pki.ca_pem), "--crl", str(crl))
    assert code == 11 and "a certificate is REVOKED" in out.splitlines()[0]
    assert "revocation: REVOKED on 2026-01-02" in out and "revocation: not revoked (CRL)" in out
    assert "CTO: signed, but it does not count as approval (the certificate is revoked)" in out
    before = ws_path.read_bytes()
    code, out, _err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem),
                            "--crl", str(crl)])
    assert code == 0 and "proposed (awaiting approval)" in out  # the revoked approval is not copied
    assert {s.role: s.verdict for s in files.load_workspace(ws_path).signoffs}[CTO] == Vote.PENDING
    assert ws_path.read_bytes() != before
    code, _out, err = _run(["verify", str(record), "--crl", str(tmp_path / "missing.crl")])
    assert code == 3 and "no such CRL file" in err


# ---------------------------------------------------------------------------------------------
# helpers


def _first_revision(pdf: bytes) -> int:
    """The length of a file's first revision (the record as exported): up to its first %%EOF."""
    end = pdf.index(b"%%EOF") + len(b"%%EOF")
    return end + (1 if pdf[end:end + 1] == b"\n" else 0)


def _page_text(pdf: Path, marker: str) -> str:
    """The text of the page that reads ``marker`` and of the pages after it."""
    from pypdf import PdfReader

    texts = [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages]
    for i, text in enumerate(texts):
        if marker in text:
            return "\n".join(texts[i:])
    raise AssertionError(f"no page of {pdf} reads {marker!r}")


def _appearance_streams(pdf: bytes, field: str) -> list[bytes]:
    """The content streams of a signature field's visible appearance, nested form XObjects included."""
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject

    out: list[bytes] = []

    def walk(obj) -> None:
        obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
        out.append(obj.get_data())
        for x in ((obj.get("/Resources") or {}).get("/XObject") or {}).values():
            walk(x)

    for page in PdfReader(io.BytesIO(pdf)).pages:
        for a in page.get("/Annots") or []:
            a = a.get_object()
            if a.get("/T") == field and a.get("/AP"):
                walk(a["/AP"]["/N"])
    assert out, f"no appearance for {field}"
    return out



def test_the_docs_and_the_help_state_the_exit_codes_and_the_identity_rule():
    from deepdecide.cli.verify_cmd import OUTCOMES

    root = Path(__file__).resolve().parents[2] / "docs"
    code, help_text, _err = _run(["verify", "--help"])
    assert code == 0 and "Approvers are identities" in help_text and "--crl FILE" in help_text
    for page in ("verify.md", "approval.md"):
        text = (root / page).read_text(encoding="utf-8")
        for exit_code, headline, _meaning in OUTCOMES:
            assert f"| {exit_code} | {headline}" in text, (page, exit_code)
        assert "NOT THE NAMED APPROVER" in text and "not attested" in text
    assert "## Approvers are identities" in (root / "approval.md").read_text(encoding="utf-8")
    code, sign_help, _err = _run(["sign", "--help"])
    assert "--tsa URL" in sign_help and "Approvers are identities" in sign_help
    code, report_help, _err = _run(["report", "--help"])
    assert "--signed-record SIGNED.pdf" in report_help


def test_the_fields_acceptance_writes_are_exactly_those_frozen_sets_back():
    import dataclasses as dc

    from deepdecide.domain.workspace import DecisionRecord, SignOff

    row = SignOff("Ana", "CTO", Vote.APPROVE, "d", "c", "cert", "fp", "r", "e@x", "Ana", "ca", "pin", "s")
    assert {f.name for f in dc.fields(SignOff) if getattr(approval.pending(row), f.name) != getattr(row, f.name)} \
        == set(approval.SIGNED_FIELDS)
    decision = files.load_workspace(Path(__file__).resolve().parents[1] / "fixtures" / "report" /
                                    "small.deepdecide.yaml").decision
    moved = dc.replace(decision, status=RecordStatus.SUPERSEDED, superseded_by="DR-9")
    ws = files.load_workspace(Path(__file__).resolve().parents[1] / "fixtures" / "report" / "small.deepdecide.yaml")
    frozen = approval.frozen(dc.replace(ws, decision=moved)).decision
    assert {f.name for f in dc.fields(DecisionRecord) if getattr(frozen, f.name) != getattr(moved, f.name)} \
        == set(approval.STATUS_FIELDS)
