"""``deepdecide revise RECORD.pdf -o WS``: start a new revision of a decision from its record."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from deepdecide.cli.common import hold_workspace, output_refused, report_error, say
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _

if TYPE_CHECKING:
    from deepdecide.report.revision import CheckedRecord

NAME = "revise"
HELP = N_("start a new revision of a decision from its PDF record: a workspace that names the record it revises")

EPILOG = N_("""The new workspace is the record's embedded inputs with the revision counted on, the record
named as its predecessor (decision.previous: id, revision, inputs SHA-256), the status proposed and
every sign-off row pending. Edit it, then write its record with
`deepdecide report WS -o NEW.pdf --since RECORD.pdf`: the record lists what changed since the
earlier revision in the appendix "Changes since revision N" and carries the earlier inputs.

The record is checked first with the same checks as `deepdecide verify` (rebuilt byte for byte,
signatures, nothing but signatures appended): an altered record is refused, naming what is wrong,
and nothing is written. A record made by another deepdecide version is unconfirmed here (only that
version rebuilds it): it is accepted with a note. --trust and --crl are passed to those checks.

exit codes: 0 written, 1 the record is ALTERED (nothing written), 2 the target exists and is not a
regular file (a folder, FIFO, socket or device), 3 the record or the target could not be read or
written.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("record", metavar="RECORD.pdf", help=_("the record to revise (a deepdecide PDF record)"))
    parser.add_argument("-o", "--output", required=True, metavar="WS.deepdecide.yaml",
                        help=_("where to write the new revision's workspace"))
    parser.add_argument("--force", action="store_true", help=_("overwrite an existing workspace file"))
    add_check_arguments(parser)


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    """--trust and --crl for the check of an earlier record (``revise``, ``report --since``)."""
    parser.add_argument("--trust", action="append", default=[], metavar="CA.pem",
                        help=_("a certificate (PEM/DER) to trust when the earlier record's signatures are checked "
                               "(as deepdecide verify --trust); repeatable"))
    parser.add_argument("--crl", action="append", default=[], metavar="FILE",
                        help=_("a certificate revocation list for that check (as deepdecide verify --crl); "
                               "repeatable"))




def predecessor(path: str, *, trust: list[Any] | None = None, crls: list[Any] | None = None) -> CheckedRecord:
    """The record a new revision is built on, checked as ``deepdecide verify`` checks it; an altered one
    is refused (AlteredRecordError naming the file and what is wrong), and one made by another version is
    unconfirmed: accepted, with a note on stderr."""
    from deepdecide.report.revision import altered, checked_record

    rec = checked_record(path, trust=trust, crls=crls)
    if rec.altered:
        raise altered(path, rec.reasons)
    if rec.unconfirmed:
        say(_("note: {file}: {outcome}: its bytes were not rebuilt here (only that version does), but every check "
              "that needs no rebuild held; the new revision records it as unconfirmed").format(
            file=path, outcome=rec.headline()), file=sys.stderr)
    return rec


def record_inputs(path: str) -> bytes:
    """The embedded inputs of a PDF record, as they are (their SHA-256 is the record's inputs hash), not
    checked otherwise (:func:`predecessor` checks the record)."""
    return _record_inputs(path)[0]


def _record_inputs(path: str) -> tuple[bytes, bytes]:
    """The embedded inputs of a PDF record and the file's bytes (``report.revision.read_record``)."""
    from deepdecide.report.revision import read_record

    return read_record(path)


def run(args: argparse.Namespace) -> int:
    from deepdecide.report.revision import AlteredRecordError, start_revision
    from deepdecide.report.signing import SigningError, load_crls, load_trust
    from deepdecide.storage import files

    if output_refused(args.output):
        return EXIT_USAGE
    hold_workspace(args.output)  # one writer at a time: held until the command ends
    try:
        if os.path.exists(args.output) and not args.force:
            print(_("deepdecide revise: {output}: exists; give --force to overwrite it").format(output=args.output))
            return EXIT_INPUT
        try:
            trust, crls = load_trust(args.trust), load_crls(args.crl)
        except SigningError as exc:
            say(f"deepdecide revise: {exc}", file=sys.stderr)
            return EXIT_INPUT
        rec = predecessor(args.record, trust=trust, crls=crls)
        revision = start_revision(args.record, inputs=rec.inputs)
        new = revision.workspace
        # a record built by an older version may carry a known-prefix token: the new revision does not
        for finding in revision.redactions:
            say(_("redacted: {finding}").format(finding=finding), file=sys.stderr)
        files.save_workspace(new, args.output)
    except AlteredRecordError as exc:
        say(f"deepdecide revise: {exc}", file=sys.stderr)
        return EXIT_PROBLEM
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    d = new.decision
    print(_("checked {record} with deepdecide verify: {outcome} (SHA-256 of the file {sha})").format(
        record=args.record, outcome=rec.headline(), sha=rec.sha256))
    print(_("wrote {output}: revision {revision} of {id}, following revision {previous} (inputs SHA-256 {sha}); "
            "write its record with: deepdecide report {output} -o NEW.pdf --since {record}").format(
        output=args.output, revision=d.revision, id=d.id, previous=d.previous.revision if d.previous else "?",
        sha=revision.predecessor_sha256, record=args.record))
    return EXIT_OK
