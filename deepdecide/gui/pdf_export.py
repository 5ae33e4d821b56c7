"""Export the PDF decision record in the background (same code as ``deepdecide report``).

The user's choices travel as an ``ExportRequest``: the export dialog builds one from its fields,
``Interaction.ask_export`` returns it, and ``export_pdf`` turns it into ``report.write_record``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from deepdecide.gui.i18n import fmt
from deepdecide.gui.tasks import Task

if TYPE_CHECKING:
    from deepdecide.domain.progress import CancelToken, ProgressCallback
    from deepdecide.gui.controller_context import ControllerContext
    from deepdecide.report import SignRequest


@dataclass(frozen=True)
class ExportRequest:
    """What to write where, and whether to sign it. ``passphrase`` is never shown, logged or stored."""

    path: str
    sections: tuple[str, ...] = ()  # in record order; empty means every section
    sign: bool = False
    certificate: str = ""  # PKCS#12 (.p12/.pfx) file
    signer_name: str = ""
    passphrase: bytes | None = field(default=None, repr=False)
    reason: str = ""

    def sign_request(self) -> SignRequest | None:
        if not self.sign:
            return None
        from deepdecide.report import SignRequest

        return SignRequest(self.certificate, self.passphrase, self.signer_name, reason=self.reason)


def suggested_name(ctx: ControllerContext) -> str:
    d = ctx.document.workspace.decision
    stem = "".join(c if c.isalnum() or c in "-_." else "-" for c in (d.id or "decision-record"))
    return f"{stem}.pdf"


def default_request(ctx: ControllerContext) -> ExportRequest:
    """The dialog's starting values: the last folder, the last sections, the last certificate and signer."""
    from deepdecide.report import SECTIONS

    prefs = ctx.prefs
    folder = prefs.get("last_directory") or str(Path.home())
    omitted = set(prefs.get("export_omitted_sections"))
    return ExportRequest(
        path=str(Path(folder) / suggested_name(ctx)),
        sections=tuple(s for s in SECTIONS if s not in omitted or s == "cover"),
        certificate=prefs.get("signing_certificate"),
        signer_name=prefs.get("signer_name"),  # the certificate holder, not a role from the record
    )


def remember(ctx: ControllerContext, request: ExportRequest) -> None:
    """Keep the choices for next time (never the password)."""
    from deepdecide.report import SECTIONS

    prefs = ctx.prefs
    prefs.set("last_directory", str(Path(request.path).parent))
    chosen = set(request.sections or SECTIONS)
    prefs.set("export_omitted_sections", [s for s in SECTIONS if s not in chosen])
    if request.sign:
        prefs.set("signing_certificate", request.certificate)
        prefs.set("signer_name", request.signer_name)


def export_pdf(ctx: ControllerContext, request: ExportRequest | None = None) -> Task | None:
    """Ask what to export (the export dialog), then build, sign and write it in the background."""
    if request is None:
        request = ctx.interaction.ask_export(default_request(ctx), ctx.document.workspace.decision.id)
    if request is None or not request.path:
        return None
    remember(ctx, request)
    ws = ctx.document.workspace
    path = request.path
    sections = request.sections or None
    pending: list[ExportRequest] = [request]  # the only reference to the password; dropped once read
    del request

    def work(progress: ProgressCallback, token: CancelToken) -> str:
        from deepdecide.report import write_record

        write_record(ws, path, sections=sections, sign=pending.pop().sign_request(), progress=progress,
                     cancel=token)
        return path

    signed = pending[0].sign
    signer = pending[0].signer_name
    task = Task(work)
    name = Path(path).name
    writing = (fmt(QCoreApplication.translate("PdfExport", "Writing and signing %1…"), name) if signed
               else fmt(QCoreApplication.translate("PdfExport", "Writing %1…"), name))
    task.signals.progress_changed.connect(lambda v: ctx.set_busy(writing, v))
    if signed:
        done = fmt(QCoreApplication.translate("PdfExport", "Wrote the decision record %1, signed by %2"), path, signer)
    else:
        done = fmt(QCoreApplication.translate("PdfExport", "Wrote the decision record %1"), path)
    task.signals.finished.connect(lambda _p: ctx.set_busy(done, None))
    task.signals.cancelled.connect(lambda: ctx.set_busy(QCoreApplication.translate("PdfExport", "Export cancelled; nothing was written."), None))

    def failed(exc: BaseException) -> None:  # a cancelled export arrives as the cancelled signal
        ctx.set_busy(QCoreApplication.translate("PdfExport", "Export failed; nothing was written."), None)
        ctx.interaction.show_error(QCoreApplication.translate("PdfExport", "Cannot export the decision record"), exc)

    task.signals.failed.connect(failed)
    ctx.set_busy(writing, 0.0)
    ctx.tasks.start(task)
    return task
