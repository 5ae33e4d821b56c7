"""The export dialog: target file, sections, optional certificate signature; the record it writes.

The dialog is driven through the Interaction seam (``FakeInteraction.export_script`` fills in the
real dialog, then accepts it), so no modal ``exec`` blocks a test.
DEEPDECIDE_SCREENSHOT_DIR=docs/screenshots also saves the dialog's screenshot there."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from deepdecide.cli.main import main
from deepdecide.report import SECTIONS, TITLES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "report"))
from pdf_helpers import P12_PASSWORD, make_certificate

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    """A self-signed RSA-2048 certificate in a PKCS#12 file (and its PEM), made for this module."""
    return make_certificate(tmp_path_factory.mktemp("export-cert"), name="Ana Ruiz")


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(path.read_bytes())).pages)


def _built_sections(path: Path) -> list[str]:
    """The sections the record says it was built with (its embedded deepdecide-build.json)."""
    from pypdf import PdfReader

    attachments = PdfReader(io.BytesIO(path.read_bytes())).attachments
    return json.loads(attachments["deepdecide-build.json"][0])["sections"]


def _finish(qtbot, window, timeout: int = 90000):
    task = window.tasks.current
    assert task is not None, "the export did not start a background task"
    with qtbot.waitSignal(task.signals.finished, timeout=timeout):
        pass
    return task


def _not_uniform(image: QImage, min_colours: int = 8) -> bool:
    colours = set()
    for y in range(0, image.height(), max(1, image.height() // 40)):
        for x in range(0, image.width(), max(1, image.width() // 40)):
            colours.add(image.pixel(x, y))
    return len(colours) >= min_colours


def test_dialog_lists_every_section_checked_and_keeps_the_cover(make_window, interaction, tmp_path):
    window = make_window()
    window.prefs.set("last_directory", str(tmp_path))
    interaction.export_script = lambda dialog: False  # look, then cancel
    assert window.export_pdf() is None
    dialog = interaction.export_dialogs[-1]
    assert dialog.section_ids() == list(SECTIONS)
    assert [item.text() for item in dialog.section_items()][1:] == [TITLES[s] for s in SECTIONS[1:]]
    assert dialog.section_items()[0].text() == f"{TITLES['cover']} (always included)"
    assert all(item.checkState() == Qt.CheckState.Checked for item in dialog.section_items())
    assert dialog.path_edit.text() == str(tmp_path / f"{window.document.workspace.decision.id}.pdf")
    assert not dialog.sign_box.isChecked()
    assert dialog.password_edit.echoMode() == dialog.password_edit.EchoMode.Password
    assert dialog.ok_button.isEnabled() and dialog.problem() == ""

    # the cover is always in the record (build() adds it): it cannot be unchecked
    cover = dialog.section_items()[0]
    assert not cover.flags() & Qt.ItemFlag.ItemIsEnabled
    dialog.set_all_sections(False)
    assert dialog.chosen_sections() == ("cover",)
    assert cover.checkState() == Qt.CheckState.Checked
    # ... and at least one more section must stay checked
    assert not dialog.ok_button.isEnabled()
    assert "at least one section" in dialog.problem_label.text()
    assert dialog.request() is None
    dialog.set_section_checked("risks", True)
    assert dialog.ok_button.isEnabled()
    assert dialog.request().sections == ("cover", "risks")

    # signing needs a certificate file and a signer name
    dialog.sign_box.setChecked(True)
    dialog.signer_edit.setText("")
    assert "certificate file" in dialog.problem() and not dialog.ok_button.isEnabled()
    dialog.certificate_edit.setText(str(tmp_path / "me.p12"))
    assert "signer" in dialog.problem()
    dialog.signer_edit.setText("Ana Ruiz")
    assert dialog.ok_button.isEnabled()
    existing = tmp_path / "old.pdf"
    existing.write_bytes(b"%PDF-1.4 old")
    dialog.path_edit.setText(str(existing))
    assert dialog.ok_button.isEnabled() and "old.pdf exists and will be replaced" in dialog.problem_label.text()
    dialog.path_edit.setText(str(tmp_path / "named-without-suffix"))
    assert dialog.request().path == str(tmp_path / "named-without-suffix.pdf")
    assert "secret" not in repr(dialog.request())


def test_browse_buttons_ask_through_the_interaction(make_window, interaction, tmp_path):
    window = make_window()
    interaction.export_script = lambda dialog: False
    window.export_pdf()
    dialog = interaction.export_dialogs[-1]
    interaction.pdf_path = str(tmp_path / "chosen.pdf")
    dialog.browse_button.click()
    assert dialog.path_edit.text() == str(tmp_path / "chosen.pdf")
    interaction.certificate_path = str(tmp_path / "me.pfx")
    dialog.certificate_button.click()
    assert dialog.certificate_edit.text() == ""  # the signature fields are off until signing is checked
    dialog.sign_box.setChecked(True)
    dialog.certificate_button.click()
    assert dialog.certificate_edit.text() == str(tmp_path / "me.pfx")


def test_unchecked_sections_are_left_out_of_the_record(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    target = tmp_path / "short.pdf"
    keep = ("context", "options", "risks")

    def script(dialog):
        dialog.path_edit.setText(str(target))
        dialog.set_all_sections(False)
        for sid in keep:
            dialog.set_section_checked(sid, True)

    interaction.export_script = script
    window.show_page("decision")
    window.page("decision").export_button.click()  # the Decision page's button opens the dialog
    _finish(qtbot, window)
    assert not interaction.errors
    assert _built_sections(target) == ["cover", *keep]
    text = _pdf_text(target)
    for sid in keep:
        assert TITLES[sid] in text
    for sid in ("summary", "sensitivity", "checklist", "migration", "appendix"):
        assert TITLES[sid] not in text, f"{sid} was unchecked but is in the record"
    assert main(["verify", str(target)]) == 5  # intact, unsigned
    assert "short.pdf" in window.status_label.text()

    # the choice is remembered for the next export (and the folder)
    interaction.export_script = lambda dialog: False
    window.act_export.trigger()  # the File menu action opens the same dialog
    again = interaction.export_dialogs[-1]
    assert again.chosen_sections() == ("cover", *keep)
    assert Path(again.path_edit.text()).parent == tmp_path


def test_signed_export_verifies_intact_with_a_valid_signature(make_window, qtbot, interaction, tmp_path,
                                                             certificate, capsys):
    window = make_window()
    target = tmp_path / "signed.pdf"

    def script(dialog):
        dialog.path_edit.setText(str(target))
        dialog.set_all_sections(False)
        dialog.set_section_checked("signoff", True)
        dialog.sign_box.setChecked(True)
        dialog.certificate_edit.setText(str(certificate[0]))
        dialog.signer_edit.setText("Ana Ruiz")
        dialog.password_edit.setText(P12_PASSWORD)
        dialog.reason_edit.setText("Approved for production")

    interaction.export_script = script
    window.act_export.trigger()
    dialog = interaction.export_dialogs[-1]
    assert dialog.password_edit.text() == ""  # cleared once the request was taken
    _finish(qtbot, window)
    assert not interaction.errors
    assert "signed by Ana Ruiz" in window.status_label.text()
    capsys.readouterr()
    assert main(["verify", str(target), "--json"]) == 6  # intact, but the self-signed signer is not trusted
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "intact"
    (sig,) = result["signatures"]
    assert sig["intact"] and sig["valid"] and sig["covers_whole_file"]
    assert "Ana Ruiz" in sig["signer"]
    assert main(["verify", str(target), "--trust", str(certificate[1])]) == 0
    assert "intact and valid; trusted" in capsys.readouterr().out

    # certificate and signer are remembered; the password is not stored anywhere
    window.prefs.sync()
    assert window.prefs.get("signing_certificate") == str(certificate[0])
    assert window.prefs.get("signer_name") == "Ana Ruiz"
    settings = Path(window.prefs.settings.fileName()).read_text(encoding="utf-8")
    assert P12_PASSWORD not in settings
    interaction.export_script = lambda d: False
    window.export_pdf()
    again = interaction.export_dialogs[-1]
    assert again.certificate_edit.text() == str(certificate[0]) and again.password_edit.text() == ""


def test_wrong_password_shows_the_error_and_writes_nothing(make_window, qtbot, interaction, tmp_path, certificate):
    window = make_window()
    target = tmp_path / "never.pdf"

    def script(dialog):
        dialog.path_edit.setText(str(target))
        dialog.sign_box.setChecked(True)
        dialog.certificate_edit.setText(str(certificate[0]))
        dialog.signer_edit.setText("Ana Ruiz")
        dialog.password_edit.setText("not the password")

    interaction.export_script = script
    window.export_pdf()
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=60000)
    title, exc = interaction.errors[0]
    assert title == "Cannot export the decision record"
    assert "wrong password" in str(exc) and certificate[0].name in str(exc)
    assert "not the password" not in str(exc)
    assert not target.exists()
    assert not [p for p in tmp_path.iterdir() if "never" in p.name]  # nor a temporary file
    assert "nothing was written" in window.status_label.text()
    assert not window.progress.isVisible()


def test_unwritable_target_shows_the_error_and_writes_nothing(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    interaction.export_script = lambda dialog: dialog.path_edit.setText(str(blocker / "record.pdf"))
    window.export_pdf()
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=60000)
    assert "does not exist" in str(interaction.errors[0][1])
    assert blocker.read_text(encoding="utf-8") == "not a folder"

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):  # running as root: permissions do not bind, the case above did the check
            return
        interaction.export_script = lambda dialog: dialog.path_edit.setText(str(locked / "record.pdf"))
        window.export_pdf()
        qtbot.waitUntil(lambda: len(interaction.errors) == 2, timeout=60000)
        assert "not writable" in str(interaction.errors[1][1])
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


def test_invalid_workspace_shows_the_error_and_writes_nothing(make_window, qtbot, interaction, tmp_path):
    from dataclasses import replace

    window = make_window()
    ws = window.document.workspace
    window.set_workspace(replace(ws, decision=replace(ws.decision, chosen_option="no-such-option")))
    target = tmp_path / "invalid.pdf"
    interaction.export_script = lambda dialog: dialog.path_edit.setText(str(target))
    window.export_pdf()
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=60000)
    exc = interaction.errors[0][1]
    assert "decision.chosen_option: unknown option 'no-such-option'" in str(exc)
    assert not target.exists()
    assert "nothing was written" in window.status_label.text()


def test_screenshot_of_the_export_dialog(make_window, qtbot, interaction, tmp_path, certificate):
    window = make_window()
    window.prefs.set("last_directory", str(tmp_path))
    interaction.export_script = lambda dialog: False
    window.export_pdf()
    dialog = interaction.export_dialogs[-1]
    qtbot.addWidget(dialog)
    for sid in ("sensitivity", "appendix"):
        dialog.set_section_checked(sid, False)
    dialog.sign_box.setChecked(True)
    dialog.certificate_edit.setText(str(certificate[0]))
    dialog.signer_edit.setText("Ana Ruiz")
    dialog.password_edit.setText("typed")
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.sections.verticalScrollBar().isVisible()  # every section in view, no scrolling
    assert dialog.buttons.geometry().top() > dialog.sign_box.geometry().bottom()
    out = tmp_path / "export_dialog.png"
    assert dialog.grab().save(str(out))
    image = QImage(str(out))
    assert image.width() >= 450 and image.height() >= 500
    assert _not_uniform(image)
    target = os.environ.get("DEEPDECIDE_SCREENSHOT_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        dialog.grab().save(str(Path(target) / "export_dialog.png"))
    dialog.reject()
    assert dialog.password_edit.text() == ""


def test_the_real_interaction_runs_the_dialog_and_forgets_the_password(qtbot, tmp_path, certificate):
    """Interaction.ask_export (the modal path the application uses) returns the dialog's request."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from deepdecide.gui.export_request import ExportRequest
    from deepdecide.gui.interaction import Interaction
    from deepdecide.gui.views.export_dialog import ExportDialog

    seen: list[ExportDialog] = []

    def fill_and_accept():
        dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, ExportDialog) and w.isVisible()]
        if not dialogs:
            QTimer.singleShot(20, fill_and_accept)
            return
        dialog = dialogs[0]
        seen.append(dialog)
        dialog.set_section_checked("appendix", False)
        dialog.sign_box.setChecked(True)
        dialog.certificate_edit.setText(str(certificate[0]))
        dialog.signer_edit.setText("Ana Ruiz")
        dialog.password_edit.setText(P12_PASSWORD)
        dialog.ok_button.click()
        left.append(dialog.password_edit.text())

    left: list[str] = []
    QTimer.singleShot(0, fill_and_accept)
    request = Interaction(None).ask_export(ExportRequest(str(tmp_path / "r.pdf"), SECTIONS), "DR-0042")
    assert request is not None and seen
    assert request.sections == tuple(s for s in SECTIONS if s != "appendix")
    assert request.sign and request.signer_name == "Ana Ruiz" and request.certificate == str(certificate[0])
    assert request.passphrase == P12_PASSWORD.encode()
    assert P12_PASSWORD not in repr(request)
    assert left == [""]  # the password field was cleared on accepting
    assert request.sign_request().p12_path == str(certificate[0])
