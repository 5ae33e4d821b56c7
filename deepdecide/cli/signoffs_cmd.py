"""``deepdecide signoffs RECORD.pdf --into WS``: copy the signed verdicts back into the workspace."""

from __future__ import annotations

import argparse
import sys

from deepdecide.cli.common import hold_workspace, output_refused, say
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain.errors import DeepdecideError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _

NAME = "signoffs"
HELP = N_("copy the approvers' signed verdicts from a record into its workspace (which becomes accepted or rejected)")

EPILOG = N_("""Only when the record's embedded inputs are the workspace's content (sign-offs and status
aside): each valid, trusted approval signature's verdict, date, conditions, certificate, the
record's inputs hash and the SHA-256 of the signed record go into that role's sign-off row. The
workspace becomes accepted when every required approver (decision maker) approved, rejected when
one rejected, and stays proposed otherwise. Pass the organisation's CA with --trust, as for
verify: an untrusted signature is not copied. A signature whose certificate is not the one the
role's row names (or that signed two roles) refuses the whole copy. Becoming accepted also needs
the confirmation criteria checked before acceptance (decision.acceptance_checks) to hold. Nothing
is written when anything fails. Export the accepted record with
`deepdecide report WS -o ACCEPTED.pdf --signed-record RECORD.pdf`: it embeds this signed record.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("record", metavar="RECORD.pdf", help=_("the signed record"))
    parser.add_argument("--into", required=True, metavar="WS", help=_("the workspace the record was exported from"))
    parser.add_argument("--trust", action="append", default=[], metavar="CA.pem",
                        help=_("a certificate (PEM/DER) to trust as root or signer; repeatable"))
    parser.add_argument("--crl", action="append", default=[], metavar="FILE",
                        help=_("a certificate revocation list (PEM/DER): a revoked signer is not copied; repeatable"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.report.approval import ApprovalError
    from deepdecide.report.approver import signoffs_from_record
    from deepdecide.report.embedded import UnreadableRecord
    from deepdecide.report.signing import SigningError
    from deepdecide.storage.files import load_workspace, locate, save_workspace

    if output_refused(args.into):
        return EXIT_USAGE
    try:
        data = read_user_file(args.record)  # a folder, FIFO, socket or device: refused before it is opened
    except DeepdecideError as exc:
        print(f"deepdecide signoffs: {exc}", file=sys.stderr)
        return EXIT_INPUT
    hold_workspace(args.into)  # one writer at a time: held until the command ends
    try:
        ws = load_workspace(args.into)
        try:  # the record verified (intact, trusted signatures only), then its verdicts copied
            new, state = signoffs_from_record(ws, data, trust=args.trust, crls=args.crl)
        except (ValidationError, ValidationErrors) as exc:  # a confirmation criterion fails: say where
            raise locate(exc, args.into) from None
        save_workspace(new, args.into)
        copied = {s.role for s in new.signoffs if s.record_inputs_sha256}
        for sig in state.signatures:  # conditions copied through the redaction pass: say what it removed
            if sig.role in copied:
                for finding in sig.redactions():
                    say(_("redacted: {finding}").format(finding=finding), file=sys.stderr)
    except UnreadableRecord as exc:  # a damaged PDF: say which file
        print(_('deepdecide signoffs: {record}: {exc}').format(record=args.record, exc=exc), file=sys.stderr)
        return EXIT_INPUT
    except (ValidationError, ValidationErrors, SigningError) as exc:
        print(_('deepdecide signoffs: {exc}').format(exc=exc), file=sys.stderr)
        return EXIT_INPUT
    except (ApprovalError, DeepdecideError) as exc:
        print(_('deepdecide signoffs: {record}: {exc}').format(record=args.record, exc=exc), file=sys.stderr)
        return EXIT_PROBLEM
    from deepdecide.report.words import word

    print(_("{file}: {status} ({state})").format(file=args.into, status=word(new.decision.status), state=_(state.state)))
    for s in new.signoffs:
        if s.record_inputs_sha256:
            print("  " + _("{role}: {verdict} on {date} by {certificate}").format(
                role=s.role, verdict=word(s.verdict), date=s.date or "?", certificate=s.certificate or "?")
                  + (_('; conditions: {conditions}').format(conditions=s.conditions) if s.conditions else ""))
    for r in state.outstanding:
        print(_('  {r}: no valid, trusted approval yet').format(r=r))
    for n in state.notes:
        print(_('  note: {n}').format(n=n))
    return EXIT_OK
