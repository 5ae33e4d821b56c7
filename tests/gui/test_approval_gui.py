"""The Decision page's approval: export for approval, then each approver signs from the application."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from deepdecide.domain import approval
from deepdecide.storage import files

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"


def _finish(qtbot, window, timeout: int = 90000):
    task = window.tasks.current
    assert task is not None, "no background task started"
    with qtbot.waitSignal(task.signals.finished, timeout=timeout):
        pass


def test_export_for_approval_and_two_signatures_from_the_application(make_window, interaction, qtbot, tmp_path):
    from deepdecide.cli.main import main
    from deepdecide.gui.pdf_export import SignRecordRequest
    from tests.approval.pki import Pki

    ws_path = tmp_path / "ready.deepdecide.yaml"
    files.save_workspace(approval.frozen(files.load_workspace(SMALL)), ws_path)
    window = make_window((str(ws_path),))
    page = window.show_page("decision")
    assert page.missing_label.text() == "Nothing: ready for approval."
    assert "Platform lead" in page.signed_label.text() and "required approver" in page.signed_label.text()
    assert page.export_approval_button.isEnabled()
    record = tmp_path / "for-approval.pdf"
    interaction.pdf_path = str(record)
    page.export_approval_button.click()
    _finish(qtbot, window)
    assert record.is_file()
    pki = Pki(tmp_path)
    for role, cn in (("Platform lead", "Ana Ruiz"), ("CTO", "Tom Berg")):
        interaction.sign_answer = SignRecordRequest(record=str(record), role=role, verdict="approve",
                                                    certificate=str(pki.approver(cn)), passphrase=b"test-only")
        page.sign_button.click()
        _finish(qtbot, window)
    assert interaction.sign_roles[0][:2] == ("Platform lead", "CTO")
    assert not interaction.errors
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 0 and "approved" in out.getvalue()
