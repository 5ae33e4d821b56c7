"""``deepdecide report [WORKSPACE] -o FILE.pdf [--sign CERT.p12 --signer NAME]``: write the decision record."""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from deepdecide.cli.common import output_refused, say, today_arg
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.cli.revise_cmd import add_check_arguments, predecessor
from deepdecide.domain.errors import DeepdecideError, UnreadableFileError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.workspace import Workspace

NAME = "report"
HELP = N_("write the PDF decision record of a workspace (optionally signed, PAdES)")
PASSWORD_ENV = "DEEPDECIDE_P12_PASSWORD"

EPILOG = N_("""The same workspace exported on the same day always gives the same unsigned PDF. The
record is dated the day it is exported (--today YYYY-MM-DD, or the environment variable
DEEPDECIDE_TODAY, sets that day; tests use them), unless the workspace pins a date
(decision.record_date): the record says which, and stores the date with its build parameters, so
that `deepdecide verify` rebuilds it byte for byte on any later day. The workspace travels inside
the PDF and its SHA-256 is printed in every footer: check a record with `deepdecide verify FILE.pdf`.

Signing: --sign CERT.p12 --signer NAME appends a PAdES signature over exactly that record.
The certificate's password is read, in this order, from --password-file FILE, the environment
variable {env}, or an interactive prompt. --password TEXT exists for scripted tests
only: a password on the command line is visible to other users (ps, shell history).

Export for approval: --for-approval checks that the record is ready (chosen option, rationale,
good and bad consequences, confirmation criteria, decision makers), proposed and every sign-off
row pending, and writes the record with one empty signature field per approver role; each
approver then signs it in turn with `deepdecide sign`. It names what is missing otherwise.

Accepted means signed: a workspace whose sign-off rows were copied from a signed approval record
(`deepdecide signoffs SIGNED.pdf --into WS`) is exported with --signed-record SIGNED.pdf; the record
embeds it, prints its SHA-256 and each signer's certificate subject and fingerprint on the sign-off
page, and `deepdecide verify` checks it. Sign-offs no signed record backs (typed by hand, or
copied by an earlier version) are legacy, unverified: such a workspace is not exported as accepted
until it is approved again. An accepted workspace is exported only while its confirmation criteria
checked before acceptance (decision.acceptance_checks) hold.

Revisions: a workspace made with `deepdecide revise EARLIER.pdf -o WS` names the record it revises;
--since EARLIER.pdf gives that record, whose inputs must hash to the SHA-256 the workspace names.
EARLIER.pdf is checked first as `deepdecide verify` checks it (with --trust and --crl): an altered
record is refused, naming what is wrong; one made by another deepdecide version is unconfirmed,
accepted with a note. The record then carries an appendix "Changes since revision N" (inputs and
outcome) and prints what verify found of EARLIER.pdf and its SHA-256.

Sections (default: all): {sections}""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from deepdecide.report.render import SECTIONS

    parser.epilog = _(EPILOG).format(env=PASSWORD_ENV, sections=", ".join(SECTIONS))
    parser.add_argument("workspace", nargs="?", help=_("workspace file (*.deepdecide.yaml); default: the built-in sample"))
    parser.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=_("where to write the record"))
    parser.add_argument("--sections", metavar="LIST", help=_("comma-separated sections to include (cover is always in)"))
    parser.add_argument("--for-approval", action="store_true",
                        help=_("freeze the content for approval: refuse unless ready, proposed and every row pending"))
    parser.add_argument("--since", metavar="EARLIER.pdf",
                        help=_("the record this workspace revises (decision.previous): the record lists what changed "
                               "since it and carries its inputs"))

    add_check_arguments(parser)
    parser.add_argument("--today", metavar="YYYY-MM-DD",
                        help=_("the export day the record is dated (default: today, or DEEPDECIDE_TODAY); a date the "
                               "workspace pins (decision.record_date) wins"))
    parser.add_argument("--signed-record", metavar="SIGNED.pdf",
                        help=_("the signed approval record the sign-off rows were copied from: the record embeds "
                               "it (needed once the workspace holds copied verdicts)"))
    parser.add_argument("--sign", metavar="CERT.p12", help=_("sign with the key and certificate in this PKCS#12 file"))
    parser.add_argument("--signer", metavar="NAME", help=_("the signer's name, recorded in the signature"))
    parser.add_argument("--reason", default="", help=_("reason recorded in the signature (default: the decision)"))
    parser.add_argument("--location", default="", help=_("location recorded in the signature"))
    parser.add_argument("--password-file", metavar="FILE", help=_("read the certificate password from FILE (first line)"))
    parser.add_argument("--password", help=_("the certificate password (INSECURE: visible to other users; for tests)"))


#: a password file holds one line; anything this large is not one
MAX_PASSWORD_FILE_BYTES = 1 << 20


def _passphrase(args: argparse.Namespace) -> bytes | None:
    if args.password_file:
        from deepdecide.domain.userfiles import read_user_file

        # a FIFO (``--password-file <(pass show x)``) or device is refused at once, never waited on
        data = read_user_file(args.password_file, max_bytes=MAX_PASSWORD_FILE_BYTES)
        return data.split(b"\n", 1)[0].rstrip(b"\r")
    env = os.environ.get(PASSWORD_ENV)
    if env is not None:
        return env.encode("utf-8")
    password: str | None = args.password
    if password is not None:
        return password.encode("utf-8")
    if sys.stdin is not None and sys.stdin.isatty():
        return getpass.getpass(f"password for {args.sign}: ").encode("utf-8")
    return None  # an unprotected PKCS#12 file; a protected one fails with a clear message


def _read_pdf(path: str) -> bytes:
    """The bytes of a PDF given on the command line (UnreadableFileError names the file)."""
    from deepdecide.domain.userfiles import read_user_file

    data = read_user_file(path)  # a folder, FIFO, socket or device: refused before it is opened
    if not data.lstrip()[:5] == b"%PDF-":
        raise UnreadableFileError(_("not a PDF file (no %PDF- header)"), file=path)
    return data


def _told_left_out(ws: Workspace, path: str | None) -> None:
    """Say on stderr which known-prefix tokens the record leaves out (``write_record`` removes them)
    and that the workspace file still holds them."""
    from deepdecide.importers.secrets import redact_workspace

    found = redact_workspace(ws)[1]
    for finding in found:
        say(_("redacted: {finding}").format(finding=finding), file=sys.stderr)
    if found and path:
        say(_("note: the record leaves these out, but {file} still holds them: remove them there (a record "
              "for approval is compared with the workspace's content)").format(file=path), file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain.collector import paused  # deferred: only a record build pauses the collector

    with paused():  # reading the workspace and building the record: allocation-heavy, next to no garbage
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from deepdecide.report import ReportError, SignRequest, write_record
    from deepdecide.report.signing import SigningError
    from deepdecide.storage.files import builtin_sample, load_workspace

    if (args.signer or args.password or args.password_file) and not args.sign:
        print(_("deepdecide report: --signer and the password options need --sign CERT.p12"), file=sys.stderr)
        return EXIT_USAGE
    if args.sign and not args.signer:
        print(_("deepdecide report: --sign needs --signer NAME (who signs)"), file=sys.stderr)
        return EXIT_USAGE
    if args.for_approval and args.sign:
        print(_("deepdecide report: --for-approval writes an unsigned record; each approver then signs it with "
              "`deepdecide sign`"), file=sys.stderr)
        return EXIT_USAGE
    if output_refused(args.output):
        return EXIT_USAGE

    export_day = today_arg(args.today)
    if export_day is None:
        return EXIT_USAGE
    sections = [s.strip() for s in args.sections.split(",") if s.strip()] if args.sections else None
    try:
        # no workspace: the built-in sample in the record's language (its text written in it)
        ws = load_workspace(args.workspace) if args.workspace else builtin_sample()
        _told_left_out(ws, args.workspace)
        if args.for_approval:
            from deepdecide.domain import approval, dates

            gaps = approval.not_exportable(ws, dates.record_date(ws, export_day).date)
            if gaps:
                print("deepdecide report: " + _("{file}: not ready for approval:").format(
                    file=args.workspace or _("the built-in sample")), file=sys.stderr)
                for g in gaps:
                    print("  " + _("missing: {what}").format(what=g), file=sys.stderr)
                return EXIT_PROBLEM
            ws = approval.frozen(ws)
            if sections is not None and "signoff" not in sections:
                sections.append("signoff")
        sign = None
        if args.sign:
            sign = SignRequest(args.sign, _passphrase(args), args.signer,
                               reason=args.reason or f"Sign-off of decision record {ws.decision.id}",
                               location=args.location)
        previous = checked = None
        if args.since:
            from deepdecide.report.signing import load_crls, load_trust

            # the earlier record is checked as verify checks it: a revision is never built on an altered one
            checked = predecessor(args.since, trust=load_trust(args.trust), crls=load_crls(args.crl))
            previous = checked.inputs
        signed_record = None
        if args.signed_record:
            signed_record = _read_pdf(args.signed_record)
        data = write_record(ws, args.output, sections=sections, sign=sign, previous_inputs=previous,
                            approval_record=signed_record,
                            previous_record=checked.previous_record() if checked is not None else None,
                            export_day=export_day)
    except (ValidationError, ValidationErrors) as exc:
        if args.workspace:
            from deepdecide.storage.files import locate

            exc = locate(exc, args.workspace)
        print(f"deepdecide report: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except SigningError as exc:
        print(f"deepdecide report: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except ReportError as exc:
        print(f"deepdecide report: {exc}", file=sys.stderr)
        return EXIT_PROBLEM
    except DeepdecideError as exc:
        print(f"deepdecide report: {exc}", file=sys.stderr)
        return EXIT_PROBLEM
    from deepdecide.domain import formatting
    from deepdecide.report.canonical import INPUTS_NAME

    if checked is not None:
        print(_("checked {record} with deepdecide verify: {outcome} (SHA-256 of the file {sha}); the record prints "
                "it").format(record=args.since, outcome=checked.headline(), sha=checked.sha256))
    print((_("wrote {file} ({size}, signed by {signer}); inputs embedded as {inputs}") if sign else
           _("wrote {file} ({size}); inputs embedded as {inputs}")).format(
        file=args.output, size=formatting.count(len(data), "byte"), signer=args.signer, inputs=INPUTS_NAME))
    if args.for_approval:
        from deepdecide.domain import approval

        print(_("for approval; required approvers: {roles}; each signs with: {command}").format(
            roles=approval.roles_text(approval.required_approvers(ws)),
            command=f"deepdecide sign {args.output} --role ROLE --verdict approve|reject --sign CERT.p12"))
    return EXIT_OK
