"""``deepdecide revise RECORD.pdf -o WS``: start a new revision of a decision from its record."""

from __future__ import annotations

import argparse

from deepdecide.domain.i18n import N_, _

NAME = "revise"
HELP = N_("start a new revision of a decision from its PDF record: a workspace that names the record it revises")

EPILOG = N_("""The new workspace is the record's embedded inputs with the revision counted on, the record
named as its predecessor (decision.previous: id, revision, inputs SHA-256), the status proposed and
every sign-off row pending. Edit it, then write its record with
`deepdecide report WS -o NEW.pdf --since RECORD.pdf`: the record lists what changed since the
earlier revision in the appendix "Changes since revision N" and carries the earlier inputs.

exit codes: 0 written, 2 the target exists and is not a regular file (a folder, FIFO, socket or
device), 3 the record or the target could not be read or written.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("record", metavar="RECORD.pdf", help=_("the record to revise (a deepdecide PDF record)"))
    parser.add_argument("-o", "--output", required=True, metavar="WS.deepdecide.yaml",
                        help=_("where to write the new revision's workspace"))
    parser.add_argument("--force", action="store_true", help=_("overwrite an existing workspace file"))


def record_inputs(path: str) -> bytes:
    """The embedded inputs of a PDF record, as they are (their SHA-256 is the record's inputs hash)."""
    from deepdecide.domain.errors import UnreadableFileError
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.report.canonical import INPUTS_NAME
    from deepdecide.report.integrity import UnreadableRecord, extract_attachments

    data = read_user_file(path)  # a folder, FIFO, socket or device: refused before it is opened
    if not data.startswith(b"%PDF-"):
        raise UnreadableFileError(_("not a PDF record"), file=path)
    try:
        inputs = extract_attachments(data).get(INPUTS_NAME)
    except UnreadableRecord as exc:  # a damaged PDF: say which file
        raise UnreadableFileError(str(exc), file=path) from None
    if inputs is None:
        raise UnreadableFileError(_("a PDF without embedded inputs ({inputs}): not a deepdecide record").format(
            inputs=INPUTS_NAME), file=path)
    return inputs


def run(args: argparse.Namespace) -> int:
    import os
    import sys

    from deepdecide.cli.common import hold_workspace, output_refused, report_error, say
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE
    from deepdecide.domain import approval
    from deepdecide.domain.errors import DeepdecideError
    from deepdecide.importers.secrets import redact_workspace
    from deepdecide.report.canonical import INPUTS_NAME, sha256_hex, workspace_from_json
    from deepdecide.storage import files

    if output_refused(args.output):
        return EXIT_USAGE
    hold_workspace(args.output)  # one writer at a time: held until the command ends
    try:
        inputs = record_inputs(args.record)
        earlier = workspace_from_json(inputs, file=f"{args.record}#{INPUTS_NAME}")
        if os.path.exists(args.output) and not args.force:
            print(_("deepdecide revise: {output}: exists; give --force to overwrite it").format(output=args.output))
            return EXIT_INPUT
        new = approval.new_revision(earlier, sha256_hex(inputs))
        # a record built by an older version may carry a known-prefix token: the new revision does not
        new, found = redact_workspace(new)
        for finding in found:
            say(_("redacted: {finding}").format(finding=finding), file=sys.stderr)
        files.save_workspace(new, args.output)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    d = new.decision
    print(_("wrote {output}: revision {revision} of {id}, following revision {previous} (inputs SHA-256 {sha}); "
            "write its record with: deepdecide report {output} -o NEW.pdf --since {record}").format(
        output=args.output, revision=d.revision, id=d.id, previous=d.previous.revision if d.previous else "?",
        sha=sha256_hex(inputs), record=args.record))
    return EXIT_OK
