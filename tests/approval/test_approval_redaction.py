"""A sign-off's conditions and the approvers' names go through the redaction pass: a password or a
``ghp_`` token typed into ``sign --conditions`` is never signed into the record, never printed by
``verify`` and never copied into the workspace by ``signoffs`` — also when an older build signed it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deepdecide.report import approver as report_approver
from deepdecide.storage import files

from .pki import Pki
from .test_approval import CTO, PLATFORM, _copy, _ready_workspace, _run, _sign

GHP = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
CONDITIONS = f"password: hunter2, re-run the SLO test with {GHP}"
SECRETS = ("hunter2", GHP)


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> Pki:
    return Pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory, pki) -> tuple[Path, Path]:
    """A workspace and its record exported for approval (as in test_approval)."""
    folder = tmp_path_factory.mktemp("export")
    ws_path = folder / "ws.deepdecide.yaml"
    files.save_workspace(_ready_workspace(pki), ws_path)
    record = folder / "record.pdf"
    code, _out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval"])
    assert code == 0, err
    return ws_path, record


def _no_secret(*texts: str | bytes) -> None:
    for text in texts:
        for secret in SECRETS:
            assert (secret.encode() if isinstance(text, bytes) else secret) not in text


def test_conditions_typed_with_a_password_and_a_token_are_redacted_before_signing(exported, pki: Pki, tmp_path):
    ws_path, record = _copy(exported, tmp_path)
    code, out, err = _sign(record, CTO, pki.approver("Tom Berg"), pki, "approve", "--conditions", CONDITIONS)
    assert code == 0, err
    assert "redacted: credential value in the conditions" in err and "redacted: GitHub token in the conditions" in err
    assert "conditions: password: [redacted], re-run the SLO test with [redacted]" in out
    _no_secret(out, err, record.read_bytes())
    code, out, err = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert "conditions: password: [redacted], re-run the SLO test with [redacted]" in out
    _no_secret(out, err, _run(["verify", str(record), "--trust", str(pki.ca_pem), "--json"])[1])
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0, err
    _no_secret(out, err, ws_path.read_text())
    rows = {s.role: s for s in files.load_workspace(ws_path).signoffs}
    assert rows[CTO].conditions == "password: [redacted], re-run the SLO test with [redacted]"


def test_a_record_signed_by_an_older_build_shows_and_copies_no_secret(exported, pki: Pki, tmp_path, monkeypatch):
    ws_path, record = _copy(exported, tmp_path)
    # the older build: the conditions signed as typed
    monkeypatch.setattr(report_approver, "redact", lambda text: text)
    monkeypatch.setattr("deepdecide.cli.sign_cmd.typed", lambda text, place, identity=False: text)
    assert _sign(record, CTO, pki.approver("Tom Berg"), pki, "approve", "--conditions", CONDITIONS)[0] == 0
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    monkeypatch.undo()
    assert b"hunter2" in record.read_bytes()  # the record itself carries them: they are signed
    code, out, err = _run(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 0, out + err
    assert "conditions: password: [redacted], re-run the SLO test with [redacted]" in out
    _no_secret(out, err)
    code, out, err = _run(["verify", str(record), "--trust", str(pki.ca_pem), "--json"])
    _no_secret(out, err)
    data = json.loads(out)
    assert [s["conditions"] for s in data["signoffs"] if s["role"] == CTO] == [
        "password: [redacted], re-run the SLO test with [redacted]"]
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0, err
    assert f"redacted: credential value in the conditions of {CTO}" in err
    assert f"redacted: GitHub token in the conditions of {CTO}" in err
    _no_secret(out, err, ws_path.read_text())


@pytest.mark.parametrize("name", ["aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x", "Ana Ruiz-Berg", "ana.ruiz@example.com"])
def test_an_approver_name_is_copied_as_typed(exported, pki: Pki, tmp_path, name):
    """Names are identities (matched against certificates): the entropy heuristic never applies."""
    import dataclasses

    ws_path, _record = _copy(exported, tmp_path)
    ws = files.load_workspace(ws_path)
    rows = tuple(dataclasses.replace(s, name=name) if s.role == CTO else s for s in ws.signoffs)
    files.save_workspace(dataclasses.replace(ws, signoffs=rows), ws_path)
    record = tmp_path / "named.pdf"
    code, out, err = _run(["report", str(ws_path), "-o", str(record), "--for-approval"])
    assert code == 0 and "redacted" not in err, err
    assert _sign(record, CTO, pki.approver("Tom Berg"), pki)[0] == 0
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    code, out, err = _run(["signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem)])
    assert code == 0 and "accepted" in out, err
    assert {s.role: s.name for s in files.load_workspace(ws_path).signoffs}[CTO] == name
