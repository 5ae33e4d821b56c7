"""From the desktop application too: start a revision from a record, export with the earlier record as
predecessor, copy sign-offs from a signed record, and Browse buttons in the Sign dialog. Each gives
what the command line gives (the same Qt-free functions)."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest

from deepdecide.domain.workspace import RecordStatus
from deepdecide.report.canonical import INPUTS_NAME, PREVIOUS_NAME, sha256_hex
from deepdecide.report.embedded import extract_attachments
from deepdecide.storage import files

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"


def _cli(*argv: str) -> tuple[int, str, str]:
    from deepdecide.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def _finish(qtbot, window, signal: str = "finished"):
    task = window.tasks.current
    assert task is not None, "no background task started"
    with qtbot.waitSignal(getattr(task.signals, signal), timeout=120000):
        pass


@pytest.fixture(scope="module")
def first_record(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("rev1")
    ws = folder / "first.deepdecide.yaml"
    shutil.copy(SMALL, ws)
    record = folder / "first.pdf"
    code, _out, err = _cli("report", str(ws), "-o", str(record))
    assert code == 0, err
    return record


def test_the_sign_dialog_browses_for_the_record_and_the_certificate(qtbot, interaction, tmp_path):
    from deepdecide.gui.views.sign_dialog import SignDialog

    dialog = SignDialog(("CTO",), None, interaction=interaction)
    qtbot.addWidget(dialog)
    interaction.record_path = str(tmp_path / "for-approval.pdf")
    interaction.certificate_path = str(tmp_path / "me.p12")
    dialog.record_button.click()
    dialog.certificate_button.click()
    assert dialog.record.text() == interaction.record_path
    assert dialog.certificate.text() == interaction.certificate_path
    assert interaction.asked[-1] == "record:Record to sign"
    request = dialog.request()
    assert (request.record, request.certificate) == (interaction.record_path, interaction.certificate_path)
    interaction.record_path = ""  # a cancelled chooser keeps the field
    dialog.record_button.click()
    assert dialog.record.text() == str(tmp_path / "for-approval.pdf")


def test_a_revision_started_and_exported_from_the_window_is_what_the_command_line_writes(
        make_window, interaction, qtbot, tmp_path, first_record):
    window = make_window()
    interaction.record_path = str(first_record)
    assert window.start_revision()
    ws = window.document.workspace
    assert window.document.path == "" and window.document.is_modified()
    inputs = extract_attachments(first_record.read_bytes())[INPUTS_NAME]
    assert ws.decision.previous is not None and ws.decision.previous.inputs_sha256 == sha256_hex(inputs)
    assert "following first.pdf" in window.status_label.text()
    # the command line's revision of the same record: the same workspace
    cli_ws = tmp_path / "cli.deepdecide.yaml"
    assert _cli("revise", str(first_record), "-o", str(cli_ws))[0] == 0
    assert files.load_workspace(cli_ws) == ws
    # exported with the earlier record as predecessor: the same bytes as report --since
    mine = tmp_path / "second.pdf"

    def fill(dialog):
        dialog.path_edit.setText(str(mine))
        interaction.record_path = str(first_record)
        dialog.since_button.click()
        assert dialog.since_edit.text() == str(first_record)

    interaction.export_script = fill
    window.export_pdf()
    _finish(qtbot, window)
    theirs = tmp_path / "second-cli.pdf"
    code, _out, err = _cli("report", str(cli_ws), "-o", str(theirs), "--since", str(first_record))
    assert code == 0, err
    assert extract_attachments(mine.read_bytes())[PREVIOUS_NAME] == inputs
    assert mine.read_bytes() == theirs.read_bytes()


def test_an_unreadable_record_changes_nothing(make_window, interaction, tmp_path):
    window = make_window()
    before = window.document.workspace
    bad = tmp_path / "not-a-record.pdf"
    bad.write_text("hello")
    assert not window.start_revision(str(bad))
    (title, exc), = interaction.errors
    assert title == "Cannot start a revision from the record" and "not a PDF record" in str(exc)
    assert window.document.workspace is before
    assert not window.import_signoffs(str(bad), trust=[])
    assert interaction.errors[-1][0] == "Cannot copy the sign-offs"
    assert window.document.workspace is before


def test_sign_offs_copied_in_the_window_are_those_deepdecide_signoffs_copies(make_window, interaction, tmp_path):
    from tests.approval.pki import Pki
    from tests.approval.test_approval import CTO, PLATFORM, _export, _sign

    (tmp_path / "pki").mkdir()
    pki = Pki(tmp_path / "pki")
    ws_path, record = _export(pki, tmp_path)
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    assert _sign(record, CTO, pki.approver("Tom Berg"), pki)[0] == 0
    window = make_window((str(ws_path),))
    # trusting nothing: nothing counts, the decision stays proposed
    assert window.import_signoffs(str(record), trust=[])
    assert window.document.workspace.decision.status == RecordStatus.PROPOSED
    assert "no valid, trusted approval yet" in interaction.infos[-1][1]
    interaction.record_path = str(record)
    interaction.trust_paths = [str(pki.ca_pem)]
    assert window.import_signoffs()
    assert interaction.asked[-2:] == ["record:The signed decision record", "trust"]
    ws = window.document.workspace
    assert ws.decision.status == RecordStatus.ACCEPTED and interaction.infos[-1][0] == "Sign-offs copied"
    assert window.document.undo_stack.undoText() == "sign-offs from record.pdf"
    window.document.undo_stack.undo()
    assert window.document.workspace.decision.status == RecordStatus.PROPOSED
    window.document.undo_stack.redo()
    assert window.save()
    again = tmp_path / "again"  # the same workspace, for the command line to copy into
    again.mkdir()
    ws2, _record = _export(pki, again)
    code, _out, err = _cli("signoffs", str(record), "--into", str(ws2), "--trust", str(pki.ca_pem))
    assert code == 0, err
    assert files.load_workspace(ws2).signoffs == files.load_workspace(ws_path).signoffs
    assert files.load_workspace(ws2).decision == files.load_workspace(ws_path).decision
