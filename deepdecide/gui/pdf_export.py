"""Export the PDF decision record in the background (same code as ``deepdecide report``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from deepdecide.gui.i18n import fmt
from deepdecide.gui.tasks import Task

if TYPE_CHECKING:
    from deepdecide.gui.views.main_window import MainWindow


def suggested_name(window: MainWindow) -> str:
    d = window.document.workspace.decision
    stem = "".join(c if c.isalnum() or c in "-_." else "-" for c in (d.id or "decision-record"))
    return f"{stem}.pdf"


def export_pdf(window: MainWindow, path: str | None = None) -> Task | None:
    """Ask where to write the record, then build and write it in the background."""
    if path is None:
        path = window.interaction.ask_pdf_path(window.prefs.get("last_directory"), suggested_name(window))
    if not path:
        return None
    ws = window.document.workspace

    def work(progress: Any, token: Any) -> str:
        from deepdecide.report import write_record

        write_record(ws, path, progress=progress, cancel=token)
        return path

    task = Task(work)
    name = Path(path).name
    task.signals.progress_changed.connect(lambda v: window.set_busy(fmt(QCoreApplication.translate("PdfExport", "Writing %1…"), name), v))
    task.signals.finished.connect(lambda p: window.set_busy(fmt(QCoreApplication.translate("PdfExport", "Wrote the decision record %1"), p), None))
    task.signals.cancelled.connect(lambda: window.set_busy(QCoreApplication.translate("PdfExport", "Export cancelled; nothing was written."), None))

    def failed(exc: BaseException) -> None:
        if type(exc).__name__ == "Cancelled":
            window.set_busy(QCoreApplication.translate("PdfExport", "Export cancelled; nothing was written."), None)
            return
        window.set_busy(QCoreApplication.translate("PdfExport", "Export failed; nothing was written."), None)
        window.interaction.show_error(QCoreApplication.translate("PdfExport", "Cannot export the decision record"), exc)

    task.signals.failed.connect(failed)
    window.set_busy(fmt(QCoreApplication.translate("PdfExport", "Writing %1…"), name), 0.0)
    window.tasks.start(task)
    return task
