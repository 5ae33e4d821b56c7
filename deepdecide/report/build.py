"""Build the PDF decision record: check what the workspace's sign-offs rest on, then draw it
(``report.render``).

``build(ws)`` returns the bytes of the unsigned record. The same workspace gives the same bytes
(the record's date an input of the build, invariant reportlab output, fixed object order), the canonical inputs are
embedded, and their SHA-256 is in every page footer, so ``deepdecide verify`` can rebuild the
record from the PDF alone and compare bytes. A workspace whose sign-offs hold verdicts is built only
with the signed approval record they were copied from, verified (``report.integrity``): this module
sits above the integrity check, which rebuilds records with ``report.render``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from deepdecide.domain import approval, dates, i18n
from deepdecide.domain.i18n import _
from deepdecide.domain.progress import Cancellable, ProgressCallback, scaled
from deepdecide.domain.workspace import RecordStatus, Workspace
from deepdecide.report.approval import refuse_failed_acceptance_checks
from deepdecide.report.canonical import canonical_inputs
from deepdecide.report.integrity import check_approval_record
from deepdecide.report.params import PreviousRecord, build_params
from deepdecide.report.render import ReportError, check_previous, normalise_sections, render
from deepdecide.report.words import word


def build(ws: Workspace, *, sections: Iterable[str] | None = None, progress: ProgressCallback | None = None,
          cancel: Cancellable | None = None, previous_inputs: bytes | None = None,
          approval_record: bytes | None = None, previous_record: PreviousRecord | None = None,
          export_day: dt.date | None = None) -> bytes:
    """Build the unsigned decision record, in the current language (``domain.i18n``), and return its bytes.

    The record is dated ``export_day`` (default: today, ``domain.dates.today``) unless the workspace
    pins a date (``decision.record_date``); the date is stored in the build parameters.
    ``previous_inputs`` are the embedded inputs of the earlier revision the workspace names
    (``decision.previous``): the record then lists what changed since it and carries them too;
    ``previous_record``, what ``deepdecide verify`` found of that earlier record (printed with it).
    ``approval_record`` is the signed approval record the workspace's sign-off rows were copied
    from (``signed_record_sha256``): a workspace whose rows hold verdicts is exported only with it,
    and the record embeds it (see ``check_approval``).
    Raises ValidationError(s) for a workspace that fails validation, ReportError for bad
    arguments (earlier inputs whose hash is not the one the workspace names, sign-offs no signed
    record backs), ``domain.progress.Cancelled`` when ``cancel`` is cancelled while building.
    """
    chosen = normalise_sections(sections)
    report = scaled(progress, 0.0, 1.0)
    report(0.0)
    normal, inputs = canonical_inputs(ws)
    if previous_inputs is not None:
        check_previous(normal, previous_inputs)
    check_approval(normal, approval_record)
    date = dates.record_date(normal, export_day or dates.today()).date
    params = build_params(chosen, i18n.language(), date=date,
                          previous_record=previous_record if previous_inputs is not None else None)
    return render(normal, inputs, params, chosen, progress=report, cancel=cancel, previous_inputs=previous_inputs,
                  approval_record=approval_record)


def check_approval(ws: Workspace, approval_record: bytes | None) -> None:
    """Accepted means signed: a workspace whose status only signatures give (accepted, rejected,
    deprecated, superseded) is exported only when every sign-off row holding a verdict is backed by
    the signed approval record given, which must be intact, signed by the approvers the rows name,
    over this workspace's content, with exactly the rows' verdicts; and an accepted one only when
    its confirmation criteria checked before acceptance hold. Rows no signed record backs (typed
    by hand, or copied by an earlier version) are *legacy, unverified*: such a workspace is not
    exported as accepted until it is approved again. ReportError says which row and why."""
    legacy = approval.unverified_rows(ws)
    if legacy and approval.rests_on_signatures(ws):
        raise ReportError(_("the workspace is {status}, but its sign-offs are legacy, unverified ({rows}): no signed "
                            "approval record backs them (typed by hand, or copied by an earlier version), so it "
                            "cannot be exported as {status} until it is approved again: export it for approval "
                            "(a new revision), have each approver sign, then copy the verdicts with deepdecide "
                            "signoffs").format(status=word(ws.decision.status),
                                               rows=", ".join(f"signoffs[{i}] {s.role}" for i, s in legacy)))
    backed = approval.backing_records(ws)
    if approval_record is None:
        if backed:
            raise ReportError(_("the sign-off rows were copied from the signed approval record with SHA-256 {sha}… "
                                "(signoffs[i].signed_record_sha256): give that PDF (--signed-record SIGNED.pdf) so "
                                "that this record embeds it").format(sha=backed[0][:16]))
        if approval.rests_on_signatures(ws):
            raise ReportError(_("the workspace is {status}, but no sign-off row is backed by a signed approval "
                                "record").format(status=word(ws.decision.status)))
        return
    if not backed:
        raise ReportError(_("a signed approval record was given, but no sign-off row of the workspace was copied "
                            "from one (deepdecide signoffs SIGNED.pdf --into WS)"))
    embedded = check_approval_record(ws, approval_record)
    if embedded.problems or embedded.not_named:
        raise ReportError(_("the signed approval record does not back the sign-offs: {problems}").format(
            problems="; ".join(embedded.problems + embedded.not_named)))
    if ws.decision.status == RecordStatus.ACCEPTED:
        refuse_failed_acceptance_checks(ws)
