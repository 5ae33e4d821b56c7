"""Export the PDF decision record in the background (same code as ``deepdecide report``).

The user's choices travel as an ``ExportRequest``: the export dialog builds one from its fields,
``Interaction.ask_export`` returns it, and ``export_pdf`` turns it into ``report.write_record``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from deepdecide.domain import approval
from deepdecide.domain.i18n import _
from deepdecide.domain.userfiles import read_user_file
from deepdecide.domain.workspace import Vote
from deepdecide.gui.export_request import ExportRequest
from deepdecide.gui.i18n import fmt
from deepdecide.gui.tasks import Task
from deepdecide.importers.secrets import Finding, redact_workspace, scan, told
from deepdecide.report.revision import altered, checked_record
from deepdecide.report.signing import load_pkcs12

if TYPE_CHECKING:
    from deepdecide.domain.progress import CancelToken, ProgressCallback
    from deepdecide.gui.controller_context import ControllerContext


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
    left_out = told(redact_workspace(ws)[1])  # write_record leaves known-prefix tokens out: say which
    path = request.path
    sections = request.sections or None
    since = request.since
    pending: list[ExportRequest] = [request]  # the only reference to the password; dropped once read
    del request

    def work(progress: ProgressCallback, token: CancelToken) -> str:
        from deepdecide.report import write_record

        # the predecessor, read and checked as report --since checks it: never built on an altered record
        checked = checked_record(since) if since else None
        if checked is not None and checked.altered:
            raise altered(since, checked.reasons)
        write_record(ws, path, sections=sections, sign=pending.pop().sign_request(), progress=progress,
                     cancel=token, previous_inputs=checked.inputs if checked else None,
                     previous_record=checked.previous_record() if checked else None)
        return path

    signed = pending[0].sign
    signer = pending[0].signer_name
    task = Task(work)
    name = Path(path).name
    writing = (fmt(_("Writing and signing %1…"), name) if signed
               else fmt(_("Writing %1…"), name))
    task.signals.progress_changed.connect(lambda v: ctx.set_busy(writing, v))
    if signed:
        done = fmt(_("Wrote the decision record %1, signed by %2"), path, signer)
    else:
        done = fmt(_("Wrote the decision record %1"), path)
    task.signals.finished.connect(lambda _p: ctx.set_busy(done + (f"; {left_out}" if left_out else ""), None))
    task.signals.finished.connect(lambda _p: ctx.document.record_exported(ws, path))
    task.signals.cancelled.connect(lambda: ctx.set_busy(_("Export cancelled; nothing was written."), None))

    def failed(exc: BaseException) -> None:  # a cancelled export arrives as the cancelled signal
        ctx.set_busy(_("Export failed; nothing was written."), None)
        ctx.interaction.show_error(_("Cannot export the decision record"), exc)

    task.signals.failed.connect(failed)
    ctx.set_busy(writing, 0.0)
    ctx.tasks.start(task)
    return task


@dataclass(frozen=True)
class SignRecordRequest:
    """One approver's signature on a record file: role, verdict, conditions, certificate."""

    record: str
    role: str
    verdict: str  # approve | reject
    certificate: str
    conditions: str = ""
    review: bool = False
    passphrase: bytes | None = field(default=None, repr=False)


def export_for_approval(ctx: ControllerContext) -> Task | None:
    """Write the record exported for approval (ready, proposed, every row pending), in the background."""
    ws = ctx.document.workspace
    gaps = approval.not_exportable(ws)
    if gaps:
        ctx.interaction.info(_("Not ready for approval"),
                             _("Missing:") + "\n" + "\n".join(f"• {g}" for g in gaps))
        return None
    folder = ctx.prefs.get("last_directory") or str(Path.home())
    stem = suggested_name(ctx).removesuffix(".pdf")
    path = ctx.interaction.ask_pdf_path(folder, f"{stem}-for-approval.pdf")
    if not path:
        return None
    frozen = approval.frozen(ws)

    def work(progress: ProgressCallback, token: CancelToken) -> str:
        from deepdecide.report import write_record

        write_record(frozen, path, progress=progress, cancel=token)
        return path

    task = Task(work)
    writing = fmt(_("Writing %1 for approval…"), Path(path).name)
    task.signals.progress_changed.connect(lambda v: ctx.set_busy(writing, v))
    done = fmt(_("Wrote %1 for approval; each approver signs it in turn"), path)
    task.signals.finished.connect(lambda _p: ctx.set_busy(done, None))
    task.signals.finished.connect(lambda _p: ctx.document.record_exported(frozen, path))
    task.signals.cancelled.connect(lambda: ctx.set_busy(_("Export cancelled; nothing was written."), None))

    def failed(exc: BaseException) -> None:
        ctx.set_busy(_("Export failed; nothing was written."), None)
        ctx.interaction.show_error(_("Cannot export the decision record"), exc)

    task.signals.failed.connect(failed)
    ctx.set_busy(writing, 0.0)
    ctx.tasks.start(task)
    return task


def sign_record(ctx: ControllerContext, request: SignRecordRequest | None = None) -> Task | None:
    """Sign a record file as one approver (the same code as ``deepdecide sign``), in the background."""
    if request is None:
        request = ctx.interaction.ask_sign(approval.may_sign(ctx.document.workspace))
    if request is None or not request.record:
        return None
    # a credential typed into the conditions is never signed into the record; the status bar says so
    conditions, kinds = scan(request.conditions)
    redacted = told(Finding(k, "the conditions") for k in kinds)
    request = replace(request, conditions=conditions)
    pending: list[SignRecordRequest] = [request]
    target, role = request.record, request.role
    del request

    def work(progress: ProgressCallback, token: CancelToken) -> str:
        from deepdecide.report.approver import sign_as_approver
        from deepdecide.storage.yamlio import atomic_write_bytes

        req = pending.pop()
        signer = load_pkcs12(req.certificate, req.passphrase)
        data = read_user_file(req.record)  # a FIFO or device is refused, never waited on
        # the identity rule applies as in the CLI: a certificate that is not the named approver's is refused
        signed, kind = sign_as_approver(data, signer, role=req.role, verdict=Vote(req.verdict),
                                        conditions=req.conditions, review=req.review,
                                        certificate_name=Path(req.certificate).name)
        atomic_write_bytes(req.record, signed)
        return kind

    task = Task(work)
    busy = fmt(_("Signing %1 as %2…"), Path(target).name, role)
    task.signals.progress_changed.connect(lambda v: ctx.set_busy(busy, v))
    task.signals.finished.connect(lambda kind: ctx.set_busy(
        fmt(_("Signed %1 as %2 (%3)"), target, role, str(kind))
        + (f"; {redacted}" if redacted else ""), None))

    def failed(exc: BaseException) -> None:
        ctx.set_busy(_("Not signed; the record is unchanged."), None)
        ctx.interaction.show_error(_("Cannot sign the decision record"), exc)

    task.signals.failed.connect(failed)
    ctx.set_busy(busy, 0.0)
    ctx.tasks.start(task)
    return task
