"""Approval: who signs follows who decides, a workspace is accepted only through its approvers'
signatures on one record, and verify lists each signature with its role and verdict."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain import approval
from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.domain.workspace import SCHEMA_VERSION, RecordStatus, SignOff, Vote
from deepdecide.storage import files

from .pki import Pki, email_of, fingerprint

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"
PLATFORM, CTO, SRE = "Platform lead", "CTO", "SRE on-call"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


NAMES = {PLATFORM: "Ana Ruiz", CTO: "Tom Berg", SRE: "Lee Park", "Finance": "Fay Gold"}


def _ready_workspace(pki: Pki | None = None):
    """The report fixture as it stands before approval: ready, proposed, every row pending, each
    approver named by their certificate's e-mail and the organisation CA (``pki``)."""
    ws = approval.frozen(files.load_workspace(SMALL))
    if pki is None:
        return ws
    rows = tuple(dataclasses.replace(s, name=NAMES[s.role], email=email_of(NAMES[s.role]),
                                     issuer_ca_sha256=pki.ca_sha256) for s in ws.signoffs)
    return dataclasses.replace(ws, signoffs=rows)


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> Pki:
    return Pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory, pki) -> tuple[Path, Path]:
    """A workspace and its record exported for approval (built once: signing copies it)."""
    folder = tmp_path_factory.mktemp("export")
    ws_path = folder / "ws.deepdecide.yaml"
    files.save_workspace(_ready_workspace(pki), ws_path)
    record = folder / "record.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval"])
    assert code == 0, err
    assert "required approvers: Platform lead, CTO" in out
    return ws_path, record


def _export(pki: Pki, folder: Path, ws=None) -> tuple[Path, Path]:
    ws_path = folder / "ws.deepdecide.yaml"
    files.save_workspace(ws or _ready_workspace(pki), ws_path)
    record = folder / "record.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval"])
    assert code == 0, err
    return ws_path, record


def _copy(exported, tmp_path: Path) -> tuple[Path, Path]:
    ws, record = exported
    shutil.copy(ws, tmp_path / ws.name)
    shutil.copy(record, tmp_path / record.name)
    return tmp_path / ws.name, tmp_path / record.name


def _sign(record: Path, role: str, p12: Path, pki: Pki, verdict: str = "approve", *extra: str) -> tuple[int, str, str]:
    return _run(["sign", str(record), "--role", role, "--verdict", verdict, "--sign", str(p12),
                 "--password-file", str(pki.password_file), *extra])


# ---------------------------------------------------------------------------------------------
# who signs follows who decides


def test_informed_unlisted_and_second_rows_are_located_errors(tmp_path):
    ws = _ready_workspace()
    rows = (*ws.signoffs, SignOff("Pat", "Product"), SignOff("Kim", "Legal"), SignOff("Ana Ruiz", PLATFORM))
    path = tmp_path / "bad.deepdecide.yaml"
    path.write_text(files.workspace_to_yaml(dataclasses.replace(ws, signoffs=rows)), encoding="utf-8")
    with pytest.raises(ValidationErrors) as info:
        files.load_workspace(path)
    found = {e.path: e for e in info.value.errors}
    n = len(ws.signoffs)
    assert "informed never sign" in found[f"signoffs[{n}].role"].reason
    assert "neither a decision maker nor consulted" in found[f"signoffs[{n + 1}].role"].reason
    assert "one signature per approver" in found[f"signoffs[{n + 2}].role"].reason
    assert all(e.line for e in info.value.errors)


def test_the_sample_signs_as_page_one_says():
    ws = files.load_builtin_workspace()
    assert [s.role for s in approval.signers(ws) if s.required] == list(ws.decision.decision_makers)
    assert {s.role for s in ws.signoffs} == set(ws.decision.decision_makers) | set(ws.decision.consulted)
    assert "Finance Business Partner" not in {s.role for s in ws.signoffs}


# ---------------------------------------------------------------------------------------------
# readiness and the lifecycle


def test_the_sample_is_not_ready_and_export_names_what_is_missing(tmp_path):
    ws = files.load_builtin_workspace()
    missing = [m.id for m in approval.missing_for_approval(ws)]
    assert missing == ["approval.missing.chosen", "approval.missing.rationale", "approval.missing.good",
                       "approval.missing.bad", "approval.missing.identity"]  # its approvers are "(to be named)"
    code, out, err = _run(["report", "-o", str(tmp_path / "r.pdf"), "--for-approval"])
    assert code == 1 and "no chosen option" in err and "no rationale" in err
    assert not (tmp_path / "r.pdf").exists()
    code, out, err = _run(["validate", str(files.sample_workspace_path())])
    assert code == 0 and "not ready for approval" in out and "no chosen option" in out


def test_accepted_by_hand_is_a_located_error_and_a_warning_in_a_schema_1_file(tmp_path):
    ws = _ready_workspace()
    accepted = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, status=RecordStatus.ACCEPTED))
    path = tmp_path / "accepted.deepdecide.yaml"
    path.write_text(files.workspace_to_yaml(accepted), encoding="utf-8")
    with pytest.raises(ValidationError) as info:
        files.load_workspace(path)
    assert info.value.path == "decision.status" and info.value.line
    assert "missing: Platform lead, CTO" in info.value.reason and "never typed by hand" in info.value.reason
    code, _out, err = _run(["validate", str(path)])
    assert code != 0 and "decision.status" in err
    old = tmp_path / "old.deepdecide.yaml"
    old.write_text(path.read_text(encoding="utf-8").replace(f"schema_version: {SCHEMA_VERSION}", "schema_version: 1"),
                   encoding="utf-8")
    warnings: list[ValidationError] = []
    assert files.load_workspace(old, warnings).decision.status == RecordStatus.ACCEPTED
    assert [w.path for w in warnings] == ["decision.status"]
    with pytest.raises(ValidationError):
        files.save_workspace(files.load_workspace(old), tmp_path / "saved.deepdecide.yaml")


def test_status_transitions():
    P, A, R, D, S = (RecordStatus.PROPOSED, RecordStatus.ACCEPTED, RecordStatus.REJECTED, RecordStatus.DEPRECATED,
                     RecordStatus.SUPERSEDED)
    assert approval.transition_problem(P, A) is None and approval.transition_problem(P, R) is None
    assert approval.transition_problem(A, D) is None and approval.transition_problem(A, S) is None
    assert approval.transition_problem(P, D) is not None and approval.transition_problem(R, A) is not None
    assert approval.hand_status_problem(P, A).id == "approval.by_hand"
    assert approval.hand_status_problem(A, S) is None


# ---------------------------------------------------------------------------------------------
# signing in turn


def test_two_approvers_sign_one_record_in_turn_and_the_workspace_becomes_accepted(exported, pki, tmp_path):
    ws_path, record = _copy(exported, tmp_path)
    unsigned = record.read_bytes()
    ana, tom = pki.approver("Ana Ruiz"), pki.approver("Tom Berg")
    code, out, err = _sign(record, PLATFORM, ana, pki)
    assert code == 0 and "sign-off of 'Platform lead', verdict approve" in out, err
    # halfway: verify says so (non-zero), and copying the verdicts leaves the workspace proposed
    code, out, _ = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 8 and "not approved (awaiting approval)" in out and "approval yet from: CTO" in out
    code, out, err = _sign(record, CTO, tom, pki, "approve", "--conditions", "Re-run the SLO test quarterly")
    assert code == 0, err
    signed = record.read_bytes()
    assert signed.startswith(unsigned)  # incremental updates: the record's bytes are untouched
    code, out, err = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 0, out + err
    assert "intact, signed and trusted; approved" in out
    assert f"the first {len(unsigned):,} bytes are exactly the record rebuilt from its embedded inputs" in out
    lines = [x for x in out.splitlines() if x.strip().startswith("signature signoff-")]
    assert len(lines) == 2
    assert "Ana Ruiz" in lines[0] and "role Platform lead (approval); verdict approve" in lines[0]
    assert "Tom Berg" in lines[1] and "conditions: Re-run the SLO test quarterly" in lines[1]
    assert all("valid; trusted; nothing but later signatures added after it" in x for x in lines)
    data = json.loads(_run(["verify", str(record), "--trust", str(pki.ca_pem), "--json"])[1])
    assert data["approval"]["state"] == "approved"
    assert [(s["role"], s["verdict"], s["trusted"]) for s in data["signoffs"]] == [
        (PLATFORM, "approve", True), (CTO, "approve", True)]
    # without the organisation's CA nobody is trusted
    assert _run(["verify", str(record)])[0] == 6
    # one signature per approver
    code, _out, err = _sign(record, CTO, tom, pki)
    assert code == 1 and "already signed" in err
    # the verdicts go back into the workspace, which becomes accepted and stays valid
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0 and "accepted (approved)" in out, err
    ws = files.load_workspace(ws_path)
    assert ws.decision.status == RecordStatus.ACCEPTED
    rows = {s.role: s for s in ws.signoffs}
    assert rows[CTO].conditions == "Re-run the SLO test quarterly" and "Tom Berg" in rows[CTO].certificate
    assert rows[PLATFORM].record_inputs_sha256 == json.loads(
        _run(["verify", str(record), "--json"])[1])["inputs_sha256"]
    assert _run(["validate", str(ws_path)])[0] == 0
    # an accepted workspace edited afterwards no longer matches what was approved
    edited = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, rationale="Something else."))
    problems = [e.path for e in files.check(edited)]
    assert "signoffs[0].record_inputs_sha256" in problems
    # the accepted record may become superseded, naming its successor
    sup = dataclasses.replace(ws.decision, status=RecordStatus.SUPERSEDED, superseded_by="DR-0043")
    assert files.check(dataclasses.replace(ws, decision=sup)) == []


@pytest.mark.skipif(shutil.which("pdfsig") is None, reason="pdfsig (poppler-utils) is not installed")
def test_pdfsig_validates_both_approvers_signatures(exported, pki, tmp_path):
    _ws, record = _copy(exported, tmp_path)
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    assert _sign(record, CTO, pki.approver("Tom Berg"), pki, "reject", "--conditions", "SM100 trial first")[0] == 0
    out = subprocess.run(["pdfsig", str(record)], capture_output=True, text=True, check=False).stdout
    blocks = out.split("Signature #")[1:]
    signed = [b for b in blocks if "Signer Certificate Common Name" in b]
    assert len(signed) == 2
    assert all("Signature Validation: Signature is Valid." in b for b in signed)
    assert "signoff-platform-lead" in signed[0] and "Ana Ruiz" in signed[0]
    assert "signoff-cto" in signed[1] and "Tom Berg" in signed[1]
    assert "Total document signed" in signed[1]


def test_a_reject_makes_the_workspace_rejected(exported, pki, tmp_path):
    ws_path, record = _copy(exported, tmp_path)
    assert _sign(record, CTO, pki.approver("Tom Berg"), pki, "reject", "--conditions", "SM100 trial first")[0] == 0
    code, out, _ = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 8 and "rejected by: CTO" in out
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0, err
    ws = files.load_workspace(ws_path)
    assert ws.decision.status == RecordStatus.REJECTED
    assert {s.role: s.verdict for s in ws.signoffs}[CTO] == Vote.REJECT


def test_a_self_signed_look_alike_is_refused_and_a_pinned_one_is_untrusted_and_not_copied(exported, pki, tmp_path):
    forged = pki.self_signed("Tom Berg")  # same name and e-mail, but not issued under the organisation's CA
    ws = _ready_workspace(pki)
    rows = tuple(dataclasses.replace(s, issuer_ca_sha256="", pinned_certificate_sha256=fingerprint(pki.certs[forged]))
                 if s.role == CTO else s for s in ws.signoffs)
    ws_path = tmp_path / "ws.deepdecide.yaml"
    files.save_workspace(dataclasses.replace(ws, signoffs=rows), ws_path)
    record = tmp_path / "record.pdf"
    assert _run(["report", str(ws_path), "-o", str(record), "--for-approval"])[0] == 0
    # the CA-named row refuses the look-alike in another record
    other = tmp_path / "other"
    other.mkdir()
    _ws2, record2 = _copy(exported, other)
    code, _out, err = _sign(record2, CTO, forged, pki)
    assert code == 1 and "is not the approver the record names for 'CTO'" in err and "not issued under the CA" in err
    before = ws_path.read_bytes()
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    assert _sign(record, CTO, forged, pki)[0] == 0  # the row pins this very certificate: it is the named one
    code, out, _ = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 6 and "a signer is not trusted" in out
    assert "role CTO (approval); verdict approve" in out and "NOT TRUSTED" in out
    assert "CTO: signed, but it does not count as approval (not trusted)" in out
    code, out, _ = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0 and "proposed (awaiting approval)" in out
    assert files.load_workspace(ws_path).decision.status == RecordStatus.PROPOSED
    assert ws_path.read_bytes() != before  # Platform lead's trusted verdict was copied; CTO's was not
    rows = {s.role: s for s in files.load_workspace(ws_path).signoffs}
    assert rows[PLATFORM].verdict == Vote.APPROVE and rows[CTO].verdict == Vote.PENDING


def test_the_informed_and_strangers_cannot_sign(exported, pki, tmp_path):
    _ws, record = _copy(exported, tmp_path)
    before = record.read_bytes()
    code, _out, err = _sign(record, "Product", pki.approver("Pat"), pki)
    assert code == 1 and "the informed never sign" in err
    code, _out, err = _sign(record, "Legal", pki.approver("Kim"), pki)
    assert code == 1 and "neither a decision maker nor consulted" in err
    assert record.read_bytes() == before


def test_a_record_not_ready_takes_only_a_review_signature(pki, tmp_path):
    record = tmp_path / "sample.pdf"
    assert _run(["report", "-o", str(record), "--sections", "cover,signoff"])[0] == 0
    role = "Head of Inference Platform"
    code, _out, err = _sign(record, role, pki.approver("Hedda"), pki)
    assert code == 1 and "review signature (--review)" in err and "no chosen option" in err
    code, out, err = _sign(record, role, pki.approver("Hedda"), pki, "approve", "--review")
    assert code == 0 and "review signature" in out, err
    code, out, _ = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 8 and f"role {role} (review)" in out


def test_signoffs_refuse_a_workspace_whose_content_differs(exported, pki, tmp_path):
    ws_path, record = _copy(exported, tmp_path)
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    ws = files.load_workspace(ws_path)
    files.save_workspace(dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, rationale="Changed.")),
                         ws_path)
    before = ws_path.read_bytes()
    code, _out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 1 and "not this workspace's content" in err
    assert ws_path.read_bytes() == before


def test_rejected_by_hand_is_a_located_error_too(tmp_path):
    ws = _ready_workspace()
    rejected = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, status=RecordStatus.REJECTED))
    path = tmp_path / "rejected.deepdecide.yaml"
    path.write_text(files.workspace_to_yaml(rejected), encoding="utf-8")
    with pytest.raises(ValidationError) as info:
        files.load_workspace(path)
    assert info.value.path == "decision.status" and info.value.line
    assert "signed reject of a required approver" in info.value.reason and "never typed by hand" in info.value.reason
    code, _out, err = _run(["validate", str(path)])
    assert code != 0 and "decision.status" in err
    assert approval.hand_status_problem(RecordStatus.PROPOSED, RecordStatus.REJECTED).id == "approval.by_hand"
