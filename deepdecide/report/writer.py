"""Write a record to disk, optionally signed: all or nothing (temporary file + rename)."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from deepdecide.domain.progress import Cancellable, ProgressCallback, check_cancelled, report, scaled
from deepdecide.domain.userfiles import output_problem
from deepdecide.domain.workspace import Workspace
from deepdecide.importers.secrets import redact_workspace
from deepdecide.report.build import build
from deepdecide.report.params import PreviousRecord
from deepdecide.report.render import ReportError
from deepdecide.report.signing import check_signing_certificate, load_pkcs12, sign_record
from deepdecide.storage.yamlio import atomic_write_bytes


@dataclass(frozen=True)
class SignRequest:
    """Sign the record with the key in a PKCS#12 file. ``passphrase`` is never logged or stored."""

    p12_path: str
    passphrase: bytes | None
    signer_name: str
    reason: str = ""
    location: str = ""


def _check_target(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise ReportError(f"{path}: is a folder; give a file name such as {path / 'record.pdf'}")
    problem = output_problem(path)  # a FIFO, socket or device: never replaced by the record
    if problem:
        raise ReportError(f"{path}: {problem}")
    if not folder.is_dir():
        raise ReportError(f"{path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise ReportError(f"{path}: the folder {folder} is not writable")
    if path.exists() and not os.access(path, os.W_OK):
        raise ReportError(f"{path}: the existing file is not writable")


def write_record(ws: Workspace, path: str | os.PathLike[str], *, sections: Iterable[str] | None = None,
                 sign: SignRequest | None = None, progress: ProgressCallback | None = None,
                 cancel: Cancellable | None = None, previous_inputs: bytes | None = None,
                 approval_record: bytes | None = None, previous_record: PreviousRecord | None = None,
                 export_day: dt.date | None = None) -> bytes:
    """Build (and sign) the record and write it to ``path`` atomically; return the bytes written.
    ``previous_inputs``: the earlier revision's embedded inputs, ``previous_record``: what verify found of
    that earlier record; ``approval_record``: the signed approval record the sign-offs were copied from;
    ``export_day``: the day the record is exported (default: today) (see ``build``).

    On any failure — invalid workspace, wrong certificate password, unwritable target,
    cancellation — nothing is left at ``path`` (an existing file stays as it was).
    """
    target = Path(path)
    _check_target(target)
    # no known-prefix token (hf_, ghp_, sk-, AKIA…) nor home directory reaches a record, whatever the workspace holds
    # (edited by hand, written by an older build); the CLI and the GUI say what was left out
    ws = redact_workspace(ws)[0]
    signer = load_pkcs12(sign.p12_path, sign.passphrase) if sign else None  # fail before the slow part
    if sign and signer is not None:
        check_signing_certificate(signer, sign.p12_path)  # expired, not yet valid, not for signing
    data = build(ws, sections=sections, progress=scaled(progress, 0.0, 0.9 if sign else 0.97), cancel=cancel,
                 previous_inputs=previous_inputs, approval_record=approval_record, previous_record=previous_record,
                 export_day=export_day)
    if sign and signer is not None:
        data = sign_record(data, signer, signer_name=sign.signer_name, reason=sign.reason, location=sign.location)
        report(progress, 0.97)
    check_cancelled(cancel)
    try:
        atomic_write_bytes(target, data)
    except OSError as exc:
        raise ReportError(f"{target}: cannot be written: {exc.strerror or exc}") from None
    report(progress, 1.0)
    return data
