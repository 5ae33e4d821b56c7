"""Revisions of a decision from its PDF record: the record's embedded inputs, and the workspace of a
new revision that names the record it revises. One code for ``deepdecide revise``, ``deepdecide report
--since`` and the desktop application."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deepdecide.domain import approval
from deepdecide.domain.errors import DeepdecideError, UnreadableFileError
from deepdecide.domain.i18n import _
from deepdecide.domain.userfiles import read_user_file
from deepdecide.domain.workspace import Workspace
from deepdecide.importers.secrets import redact_workspace
from deepdecide.report.embedded import UnreadableRecord, extract_attachments
from deepdecide.report.headlines import headline_text
from deepdecide.report.verdict import EXIT_ALTERED, EXIT_UNCONFIRMED, check

if TYPE_CHECKING:
    from deepdecide.report.params import PreviousRecord


def record_inputs(path: str | os.PathLike[str]) -> bytes:
    """The embedded inputs of a PDF record, as they are (their SHA-256 is the record's inputs hash)."""
    return read_record(path)[0]


def read_record(path: str | os.PathLike[str]) -> tuple[bytes, bytes]:
    """The embedded inputs of a PDF record and the file's bytes; UnreadableFileError names the file when it
    is not a PDF, cannot be parsed, or carries no embedded inputs."""
    from deepdecide.report.canonical import INPUTS_NAME

    name = os.fspath(path)
    data = read_user_file(path)  # a folder, FIFO, socket or device: refused before it is opened
    if not data.startswith(b"%PDF-"):
        raise UnreadableFileError(_("not a PDF record"), file=name)
    try:
        inputs = extract_attachments(data).get(INPUTS_NAME)
    except UnreadableRecord as exc:  # a damaged PDF: say which file
        raise UnreadableFileError(str(exc), file=name) from None
    if inputs is None:
        raise UnreadableFileError(_("a PDF without embedded inputs ({inputs}): not a deepdecide record").format(
            inputs=INPUTS_NAME), file=name)
    return inputs, data


@dataclass(frozen=True)
class CheckedRecord:
    """A record read and checked as ``deepdecide verify`` checks it: its embedded inputs, the SHA-256 of
    the file, and verify's outcome (exit code, English headline, reasons)."""

    path: str
    inputs: bytes
    sha256: str
    exit_code: int
    outcome: str
    reasons: tuple[str, ...]

    @property
    def altered(self) -> bool:
        return self.exit_code == EXIT_ALTERED

    @property
    def unconfirmed(self) -> bool:
        return self.exit_code == EXIT_UNCONFIRMED

    def headline(self) -> str:
        """Verify's headline in the current language."""
        return headline_text(self.outcome)

    def previous_record(self) -> PreviousRecord:
        from deepdecide.report.params import PreviousRecord

        return PreviousRecord(self.sha256, self.exit_code, self.outcome)


def checked_record(path: str, *, trust: list[Any] | None = None, crls: list[Any] | None = None) -> CheckedRecord:
    """Read a PDF record and check it as ``deepdecide verify`` does (``report.verdict.check``: rebuilt byte
    for byte, signatures, appended data). UnreadableFileError names the file when it is not a PDF, cannot
    be parsed, or carries no embedded inputs."""
    from deepdecide.report.canonical import sha256_hex

    inputs, data = read_record(path)
    try:
        result, code, headline = check(data, trust=trust, crls=crls)
    except UnreadableRecord as exc:  # a damaged PDF: say which file
        raise UnreadableFileError(str(exc), file=path) from None
    return CheckedRecord(path, inputs, sha256_hex(data), code, headline, tuple(result.reasons))


@dataclass(frozen=True)
class NewRevision:
    """A new revision's workspace, the SHA-256 of the inputs of the record it revises, and what the
    redaction pass removed from it (a record built by an older version may carry a token)."""

    workspace: Workspace
    predecessor_sha256: str
    redactions: tuple[object, ...] = ()


class AlteredRecordError(DeepdecideError):
    """A record a new revision would be built on fails verify (ALTERED): nothing is built or written."""


def start_revision(record: str | os.PathLike[str], inputs: bytes | None = None) -> NewRevision:
    """The next revision of the decision recorded in the PDF ``record``: its embedded inputs with the
    revision counted on, the record named as the predecessor, the status proposed and every sign-off
    pending (``domain.approval.new_revision``), through the redaction pass. ``inputs``: the record's
    embedded inputs when the caller has already read and checked it (``deepdecide revise`` runs verify's
    own check first); otherwise the record is read here and refused when verify finds it ALTERED."""
    from deepdecide.report.canonical import INPUTS_NAME, sha256_hex, workspace_from_json

    if inputs is None:
        checked = checked_record(os.fspath(record))
        if checked.altered:
            raise altered(os.fspath(record), checked.reasons)
        inputs = checked.inputs
    earlier = workspace_from_json(inputs, file=f"{os.fspath(record)}#{INPUTS_NAME}")
    new, found = redact_workspace(approval.new_revision(earlier, sha256_hex(inputs)))
    return NewRevision(new, sha256_hex(inputs), tuple(found))


def altered(file: str, reasons: list[str] | tuple[str, ...]) -> AlteredRecordError:
    """The refusal of a record verify finds ALTERED, naming the file and what is wrong."""
    return AlteredRecordError(_("{file}: deepdecide verify finds it ALTERED: {reasons}. A new revision is never "
                                "built on an altered record: use the record as it was issued (its SHA-256 is the "
                                "one its signers and readers know)").format(
        file=file, reasons="; ".join(reasons[:4]) or _("the file is not the record its inputs give")))
