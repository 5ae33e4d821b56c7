"""Interaction: every question the GUI asks the user, behind one seam that tests replace."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from deepdecide.domain.errors import DeepdecideError, LocatedError, ValidationErrors
from deepdecide.gui.i18n import fmt

if TYPE_CHECKING:
    from deepdecide.gui.pdf_export import ExportRequest


def error_parts(exc: BaseException) -> tuple[str, str]:
    """(summary, details) of an error: the file, the place in it and the reason, one per line."""
    if isinstance(exc, ValidationErrors):
        first = exc.errors[0] if exc.errors else None
        summary = fmt(QCoreApplication.translate("Interaction", "%1 problems in %2"), len(exc.errors), Path(first.file).name if first and first.file else "")
        return summary, "\n".join(e.message for e in exc.errors)
    if isinstance(exc, LocatedError):
        where = Path(exc.file).name if exc.file else QCoreApplication.translate("Interaction", "the input")
        if exc.line is not None:
            where += ", " + QCoreApplication.translate("Interaction", "line") + f" {exc.line}"
        if exc.path:
            where += f", {exc.path}"
        return fmt(QCoreApplication.translate("Interaction", "%1: %2"), where, exc.reason), exc.message
    if isinstance(exc, DeepdecideError):
        return str(exc), str(exc)
    if isinstance(exc, OSError):
        name = getattr(exc, "filename", "") or ""
        return fmt(QCoreApplication.translate("Interaction", "%1: %2"), name or QCoreApplication.translate("Interaction", "file"), exc.strerror or str(exc)), str(exc)
    return fmt(QCoreApplication.translate("Interaction", "Unexpected error: %1"), exc), repr(exc)


class Interaction:
    """Dialogs of the main window. Tests substitute an object with the same methods."""

    def __init__(self, parent: QWidget | None = None):
        self.parent = parent

    def show_error(self, title: str, exc: BaseException) -> None:
        summary, details = error_parts(exc)
        box = QMessageBox(QMessageBox.Icon.Critical, title, summary, QMessageBox.StandardButton.Ok, self.parent)
        box.setInformativeText(QCoreApplication.translate("Interaction", "Nothing was changed."))
        if details and details != summary:
            box.setDetailedText(details)
        box.exec()

    def ask_save_changes(self, name: str) -> str:
        """'save', 'discard' or 'cancel'."""
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        answer = QMessageBox.warning(self.parent, QCoreApplication.translate("Interaction", "Unsaved changes"),
                                     fmt(QCoreApplication.translate("Interaction", "Save the changes to %1 before closing it?"), name), buttons,
                                     QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_save_before_approval(self, name: str) -> bool:
        """Save before exporting for approval? True: save and export; False: nothing is exported."""
        answer = QMessageBox.question(
            self.parent, QCoreApplication.translate("Interaction", "Save before exporting for approval"),
            fmt(QCoreApplication.translate("Interaction", "The record for approval is checked against the saved "
                                                          "workspace file. Save %1 first?"), name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return answer == QMessageBox.StandardButton.Save

    def ask_new_workspace(self) -> Any:
        """The New workspace wizard: the new workspace, or None when cancelled."""
        from deepdecide.gui.views.new_workspace import NewWorkspaceWizard

        wizard = NewWorkspaceWizard(self.parent)
        return wizard.workspace() if wizard.exec() else None

    def ask_folder_path(self, directory: str) -> str:
        return QFileDialog.getExistingDirectory(self.parent, QCoreApplication.translate("Interaction", "Import a folder of results"),
                                                directory)

    def ask_recover(self, description: str) -> bool:
        answer = QMessageBox.question(
            self.parent, QCoreApplication.translate("Interaction", "Recover unsaved work?"),
            fmt(QCoreApplication.translate("Interaction", "deepdecide was not closed normally. An autosaved copy of %1 exists.\n\nRecover it?"), description),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def ask_open_path(self, directory: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self.parent, QCoreApplication.translate("Interaction", "Open workspace"), directory,
                                              QCoreApplication.translate("Interaction", "deepdecide workspace (*.deepdecide.yaml *.yaml *.yml)") + ";;" + QCoreApplication.translate("Interaction", "All files (*)"))
        return path

    def ask_save_path(self, directory: str, suggested: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self.parent, QCoreApplication.translate("Interaction", "Save workspace as"),
                                              str(Path(directory) / suggested), QCoreApplication.translate("Interaction", "deepdecide workspace (*.deepdecide.yaml *.yaml *.yml)"))
        if path and not path.endswith((".yaml", ".yml")):
            path += ".deepdecide.yaml"
        return path

    def ask_evidence_paths(self, directory: str) -> list[str]:
        paths, _ = QFileDialog.getOpenFileNames(self.parent, QCoreApplication.translate("Interaction", "Import evidence files"), directory,
                                                QCoreApplication.translate("Interaction", "Benchmark and parity results (*.json *.jsonl *.csv *.yaml *.yml *.txt);;"
                                                    "All files (*)"))
        return list(paths)

    def ask_pdf_path(self, directory: str, suggested: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self.parent, QCoreApplication.translate("Interaction", "Export decision record"),
                                              str(Path(directory) / suggested), QCoreApplication.translate("Interaction", "PDF (*.pdf)"))
        if path and not path.lower().endswith(".pdf"):
            path += ".pdf"
        return path

    def ask_table_path(self, title: str, directory: str, suggested: str, suffix: str) -> str:
        """Where to write a CSV (``suffix`` ".csv") or XLSX file."""
        filters = {".csv": QCoreApplication.translate("Interaction", "CSV (*.csv)"),
                   ".xlsx": QCoreApplication.translate("Interaction", "Excel workbook (*.xlsx)")}
        path, _ = QFileDialog.getSaveFileName(self.parent, title, str(Path(directory) / suggested), filters[suffix])
        if path and not path.lower().endswith(suffix):
            path += suffix
        return path

    def ask_certificate_path(self, directory: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self.parent, QCoreApplication.translate("Interaction", "Certificate to sign with"), directory,
                                              QCoreApplication.translate("Interaction", "PKCS#12 certificate (*.p12 *.pfx)") + ";;" + QCoreApplication.translate("Interaction", "All files (*)"))
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

        dialog = SignDialog(roles, self.parent)
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
