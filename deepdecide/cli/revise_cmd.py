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
    """The embedded inputs of a PDF record (``report.revision.record_inputs``; ``report --since`` reads them)."""
    from deepdecide.report.revision import record_inputs as embedded

    return embedded(path)


def run(args: argparse.Namespace) -> int:
    import os
    import sys

    from deepdecide.cli.common import hold_workspace, output_refused, report_error, say
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE
    from deepdecide.domain.errors import DeepdecideError
    from deepdecide.report.revision import start_revision
    from deepdecide.storage import files

    if output_refused(args.output):
        return EXIT_USAGE
    hold_workspace(args.output)  # one writer at a time: held until the command ends
    try:
        revision = start_revision(args.record)
        if os.path.exists(args.output) and not args.force:
            print(_("deepdecide revise: {output}: exists; give --force to overwrite it").format(output=args.output))
            return EXIT_INPUT
        new = revision.workspace
        # a record built by an older version may carry a known-prefix token: the new revision does not
        for finding in revision.redactions:
            say(_("redacted: {finding}").format(finding=finding), file=sys.stderr)
        files.save_workspace(new, args.output)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    d = new.decision
    print(_("wrote {output}: revision {revision} of {id}, following revision {previous} (inputs SHA-256 {sha}); "
            "write its record with: deepdecide report {output} -o NEW.pdf --since {record}").format(
        output=args.output, revision=d.revision, id=d.id, previous=d.previous.revision if d.previous else "?",
        sha=revision.predecessor_sha256, record=args.record))
    return EXIT_OK
