"""What a person types into the application goes through the redaction pass of imported text before
it is stored, and the status bar says what was removed: a sign-off name (an identity: no entropy
heuristic), the decision's text, the conditions typed into the Sign dialog."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

GHP = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
RANDOM_NAME = "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"


def test_a_token_typed_into_the_sign_off_table_is_not_stored_and_the_status_bar_says_so(make_window):
    window = make_window()
    doc = window.document
    decision = window.show_page("decision")
    decision.add_signoff()
    sign = decision.signoffs
    headers = [sign.headerData(i, Qt.Orientation.Horizontal) for i in range(sign.columnCount())]
    assert sign.setData(sign.index(0, headers.index("Name")), f"Ana Ruiz {GHP}")
    assert doc.workspace.signoffs[0].name == "Ana Ruiz [redacted]"
    assert "redacted: GitHub token in signoffs[0].name" in window.status_label.text()
    assert GHP not in window.status_label.text()
    # a name is an identity: nothing that merely looks random is taken from it
    assert sign.setData(sign.index(0, headers.index("Name")), RANDOM_NAME)
    assert doc.workspace.signoffs[0].name == RANDOM_NAME
    doc.undo_stack.undo()
    assert doc.workspace.signoffs[0].name == "Ana Ruiz [redacted]"  # the undo stack never held the token


def test_a_password_typed_into_the_rationale_is_not_stored(make_window):
    window = make_window()
    doc = window.document
    page = window.show_page("decision")
    page._commit("rationale", "Cheapest; the staging password: hunter2 is in the vault")
    assert doc.workspace.decision.rationale == "Cheapest; the staging password: [redacted] is in the vault"
    assert "redacted: credential value in decision.rationale" in window.status_label.text()


def test_conditions_typed_into_the_sign_dialog_are_redacted_before_signing(make_window, interaction, qtbot, tmp_path):
    import dataclasses
    from pathlib import Path

    from deepdecide.domain import approval
    from deepdecide.gui.pdf_export import SignRecordRequest
    from deepdecide.storage import files
    from tests.approval.pki import Pki, email_of

    pki = Pki(tmp_path)
    small = Path(__file__).resolve().parents[1] / "fixtures" / "report" / "small.deepdecide.yaml"
    ws = approval.frozen(files.load_workspace(small))
    names = {"Platform lead": "Ana Ruiz", "CTO": "Tom Berg", "SRE on-call": "Lee Park", "Finance": "Fay Gold"}
    rows = tuple(dataclasses.replace(s, name=names[s.role], email=email_of(names[s.role]), issuer_ca_sha256=pki.ca_sha256)
                 for s in ws.signoffs)
    ws_path = tmp_path / "ready.deepdecide.yaml"
    files.save_workspace(dataclasses.replace(ws, signoffs=rows), ws_path)
    window = make_window((str(ws_path),))
    page = window.show_page("decision")
    record = tmp_path / "for-approval.pdf"
    interaction.pdf_path = str(record)
    page.export_approval_button.click()
    with qtbot.waitSignal(window.tasks.current.signals.finished, timeout=90000):
        pass
    interaction.sign_answer = SignRecordRequest(record=str(record), role="CTO", verdict="approve",
                                                certificate=str(pki.approver("Tom Berg")), passphrase=b"test-only",
                                                conditions=f"password: hunter2, only with {GHP}")
    page.sign_button.click()
    with qtbot.waitSignal(window.tasks.current.signals.finished, timeout=90000):
        pass
    assert not interaction.errors
    data = record.read_bytes()
    assert b"hunter2" not in data and GHP.encode() not in data
    import contextlib
    import io

    from deepdecide.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert "conditions: password: [redacted], only with [redacted]" in out.getvalue()
    status = window.status_label.text()
    assert "redacted: credential value in the conditions" in status and "redacted: GitHub token in the conditions" in status
