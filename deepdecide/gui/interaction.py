"""Interaction: every question the GUI asks the user, behind one seam that tests replace."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from deepdecide.domain.errors import DeepdecideError, LocatedError, ValidationErrors, WriteConflict
from deepdecide.domain.i18n import _, ngettext, pgettext
from deepdecide.gui.i18n import fmt

if TYPE_CHECKING:
    from deepdecide.gui.export_request import ExportRequest


def error_parts(exc: BaseException) -> tuple[str, str]:
    """(summary, details) of an error: the file, the place in it and the reason, one per line."""
    if isinstance(exc, ValidationErrors):
        first = exc.errors[0] if exc.errors else None
        summary = fmt(_("%1 problems in %2"), len(exc.errors), Path(first.file).name if first and first.file else "")
        return summary, "\n".join(e.message for e in exc.errors)
    if isinstance(exc, LocatedError):
        where = Path(exc.file).name if exc.file else _("the input")
        if exc.line is not None:
            where += ", " + _("line") + f" {exc.line}"
        if exc.path:
            where += f", {exc.path}"
        return fmt(_("%1: %2"), where, exc.reason), exc.message
    if isinstance(exc, (DeepdecideError, WriteConflict)):
        return str(exc), str(exc)
    if isinstance(exc, OSError):
        name = getattr(exc, "filename", "") or ""
        return fmt(_("%1: %2"), name or pgettext("unnamed file", "file"), exc.strerror or str(exc)), str(exc)
    return fmt(_("Unexpected error: %1"), exc), repr(exc)


class Interaction:
    """Dialogs of the main window. Tests substitute an object with the same methods."""

    def __init__(self, parent: QWidget | None = None):
        self.parent = parent

    def show_error(self, title: str, exc: BaseException) -> None:
        summary, details = error_parts(exc)
        box = QMessageBox(QMessageBox.Icon.Critical, title, summary, QMessageBox.StandardButton.Ok, self.parent)
        box.setInformativeText(_("Nothing was changed."))
        if details and details != summary:
            box.setDetailedText(details)
        box.exec()

    def ask_save_changes(self, name: str) -> str:
        """'save', 'discard' or 'cancel'."""
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        answer = QMessageBox.warning(self.parent, _("Unsaved changes"),
                                     fmt(_("Save the changes to %1 before closing it?"), name), buttons,
                                     QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_convert_to_store(self, name: str, n: int, modified: bool) -> bool:
        """Keep the workspace's ``n`` evidence files in an evidence store beside it (a save)? True: yes."""
        text = ngettext("Keep the {n} evidence file of %1 in an evidence store beside it?",
                        "Keep the {n} evidence files of %1 in an evidence store beside it?", n).format(n=n)
        box = QMessageBox(QMessageBox.Icon.Question, _("Keep evidence in a store"), fmt(text, name),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel, self.parent)
        more = _("The workspace is saved as two files: the decision in its YAML file, the evidence in a "
                 "store beside it. Nothing is lost, and `deepdecide convert --single` puts it back into one "
                 "file. Keep the two files together (copy, commit and back up both).")
        if modified:
            more += "\n\n" + _("Your unsaved changes are saved with it.")
        box.setInformativeText(more)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return box.exec() == QMessageBox.StandardButton.Save

    def ask_save_before_approval(self, name: str) -> bool:
        """Save before exporting for approval? True: save and export; False: nothing is exported."""
        answer = QMessageBox.question(
            self.parent, _("Save before exporting for approval"),
            fmt(_("The record for approval is checked against the saved "
                                                          "workspace file. Save %1 first?"), name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return answer == QMessageBox.StandardButton.Save

    def ask_new_workspace(self) -> Any:
        """The New workspace wizard: the new workspace, or None when cancelled."""
        from deepdecide.gui.views.new_workspace import NewWorkspaceWizard

        wizard = NewWorkspaceWizard(self.parent)
        return wizard.workspace() if wizard.exec() else None

    def ask_folder_path(self, directory: str) -> str:
        return QFileDialog.getExistingDirectory(self.parent, _("Import a folder of results"),
                                                directory)

    def ask_recover(self, description: str) -> bool:
        answer = QMessageBox.question(
            self.parent, _("Recover unsaved work?"),
            fmt(_("deepdecide was not closed normally. An autosaved copy of %1 exists.\n\nRecover it?"), description),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def ask_reload(self, name: str, modified: bool, *, gone: bool = False, saving: bool = False) -> str:
        """The workspace's file was written (or deleted) by another program: 'reload', 'save_as' or
        'cancel'. With unsaved changes the user is told that reloading loses them."""
        if gone:
            text = fmt(_("%1 was deleted or moved on disk by another program."), name)
        else:
            text = fmt(_("%1 was changed on disk by another program (for example, "
                                                  "sign-offs copied into it by deepdecide signoffs, or an import)."), name)
        if saving:
            text += "\n\n" + _("Saving would overwrite that change, so nothing was saved.")
        box = QMessageBox(QMessageBox.Icon.Warning, _("File changed on disk"), text,
                          QMessageBox.StandardButton.NoButton, self.parent)
        box.setObjectName("reload_prompt")
        answers: dict[object, str] = {}
        if not gone:
            if modified:
                box.setInformativeText(_("You have unsaved changes. Reloading loses them; to keep them, save them "
                                   "under another name and compare."))
                reload = box.addButton(_("Reload and lose my changes"),
                                       QMessageBox.ButtonRole.DestructiveRole)
            else:
                box.setInformativeText(_("You have no unsaved changes. Reload it to see what was written?"))
                reload = box.addButton(_("Reload"), QMessageBox.ButtonRole.AcceptRole)
            answers[reload] = "reload"
        if modified or gone:
            keep = box.addButton(_("Keep mine and save as…"),
                                 QMessageBox.ButtonRole.ActionRole)
            answers[keep] = "save_as"
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.exec()
        return answers.get(box.clickedButton(), "cancel")

    def ask_open_path(self, directory: str) -> str:
        path, _ignored = QFileDialog.getOpenFileName(self.parent, _("Open workspace"), directory,
                                              _("deepdecide workspace (*.deepdecide.yaml *.yaml *.yml)") + ";;" + _("All files (*)"))
        return path

    def ask_save_path(self, directory: str, suggested: str) -> str:
        path, _ignored = QFileDialog.getSaveFileName(self.parent, _("Save workspace as"),
                                              str(Path(directory) / suggested), _("deepdecide workspace (*.deepdecide.yaml *.yaml *.yml)"))
        if path and not path.endswith((".yaml", ".yml")):
            path += ".deepdecide.yaml"
        return path

    def ask_evidence_paths(self, directory: str) -> list[str]:
        paths, _ignored = QFileDialog.getOpenFileNames(self.parent, _("Import evidence files"), directory,
                                                _("Benchmark and parity results (*.json *.jsonl *.csv *.yaml *.yml *.txt);;"
                                                    "All files (*)"))
        return list(paths)

    def ask_pdf_path(self, directory: str, suggested: str) -> str:
        path, _ignored = QFileDialog.getSaveFileName(self.parent, _("Export decision record"),
                                              str(Path(directory) / suggested), _("PDF (*.pdf)"))
        if path and not path.lower().endswith(".pdf"):
            path += ".pdf"
        return path

    def ask_table_path(self, title: str, directory: str, suggested: str, suffix: str) -> str:
        """Where to write a CSV (``suffix`` ".csv") or XLSX file."""
        filters = {".csv": _("CSV (*.csv)"),
                   ".xlsx": _("Excel workbook (*.xlsx)")}
        path, _ignored = QFileDialog.getSaveFileName(self.parent, title, str(Path(directory) / suggested), filters[suffix])
        if path and not path.lower().endswith(suffix):
            path += suffix
        return path

    def ask_record_path(self, directory: str, title: str = "") -> str:
        """An existing PDF decision record (to sign, to revise, to compare with, to copy sign-offs from)."""
        path, _ignored = QFileDialog.getOpenFileName(self.parent, title or _("Decision record"),
                                              directory, _("PDF (*.pdf)") + ";;"
                                              + _("All files (*)"))
        return path

    def ask_trust_paths(self, directory: str) -> list[str]:
        """The certificates to trust (the organisation's CA, PEM or DER); none chosen: nothing is trusted."""
        paths, _ignored = QFileDialog.getOpenFileNames(
            self.parent, _("Certificates to trust (the organisation's CA)"), directory,
            _("Certificates (*.pem *.crt *.cer *.der)") + ";;"
            + _("All files (*)"))
        return list(paths)

    def ask_certificate_path(self, directory: str) -> str:
        path, _ignored = QFileDialog.getOpenFileName(self.parent, _("Certificate to sign with"), directory,
                                              _("PKCS#12 certificate (*.p12 *.pfx)") + ";;" + _("All files (*)"))
        return path

    def ask_export(self, defaults: ExportRequest, decision_id: str) -> ExportRequest | None:
        """The export dialog: target, sections, signature; None when the user cancels."""
        from deepdecide.gui.views.export_dialog import ExportDialog

        dialog = ExportDialog(defaults, self, self.parent, decision_id=decision_id)
        try:
            return dialog.accepted_request if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def ask_sign(self, roles: tuple[str, ...]) -> Any:
        """The sign dialog: record, role, verdict, conditions, certificate; None when cancelled."""
        from deepdecide.gui.views.sign_dialog import SignDialog

        dialog = SignDialog(roles, self.parent, interaction=self)
        try:
            return dialog.request() if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def ask_context(self, file_name: str, missing: list[str], choices: dict[str, list[tuple[str, str]]],
                    suggestions: dict[str, str] | None = None,
                    current: dict[str, Any] | None = None) -> dict[str, Any] | None:
        from deepdecide.gui.views.context_dialog import ContextDialog

        dialog = ContextDialog(file_name, missing, choices, self.parent, suggestions, current)
        return dialog.values() if dialog.exec() else None

    def ask_import_context(self, rows: list[Any], choices: dict[str, list[tuple[str, str]]]) -> list[Any] | None:
        """The context of an import, one row per file (``importers.context_table.ContextRow``): the
        answered rows, or None when the user cancels."""
        from deepdecide.gui.views.import_context_dialog import ImportContextDialog

        dialog = ImportContextDialog(rows, choices, self.parent)
        try:
            return dialog.rows if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def ask_workload(self, workload: Any) -> Any:
        """The workload editor: the new Workload, or None when the user cancels."""
        from deepdecide.gui.views.workload_dialog import WorkloadDialog

        dialog = WorkloadDialog(workload, self.parent)
        try:
            return dialog.workload() if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def ask_item_proxy(self, file: Any, fits: list[Any]) -> Any:
        """Accept one run or check of ``file`` as a proxy (or withdraw its acceptance): ``(item, index,
        ProxyAcceptance | None)``, or None when the user cancels."""
        from deepdecide.gui.views.item_proxy_dialog import ItemProxyDialog

        dialog = ItemProxyDialog(file, fits, self.parent)
        try:
            return dialog.answer() if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def info(self, title: str, text: str) -> None:
        QMessageBox.information(self.parent, title, text)
