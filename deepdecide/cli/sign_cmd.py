"""``deepdecide sign RECORD.pdf --role ROLE --verdict approve|reject --sign CERT.p12``: one approver signs."""

from __future__ import annotations

import argparse
import sys

from deepdecide.cli.common import output_refused, typed
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.cli.report_cmd import _passphrase
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import Vote

NAME = "sign"
HELP = N_("sign a decision record as one approver (role, verdict, conditions): a PAdES incremental update")

EPILOG = N_("""Each approver signs the record exported for approval (`deepdecide report WS -o R.pdf
--for-approval`) in turn, in their own signature field on the sign-off page: the role (a decision
maker or a consulted of the record), the verdict, the conditions and the date are in the signed
content, and the field shows signer, role, verdict and date. One signature per role; the
informed never sign. A record that is not ready for approval (no chosen option, rationale,
consequences or confirmation criteria; not proposed; rows not pending) takes only a review
signature (--review), labelled so. The record's bytes stay unchanged: `deepdecide verify` still
rebuilds them, and lists every signature.

Approvers are identities: the record's sign-off row for your role names your certificate (its
e-mail or common name, and the SHA-256 fingerprint of your CA or of the certificate itself); a
certificate that is not the one named, or that already signed another role, is refused. A
substitute is a change to the workspace (a new revision), approved in its own right. A certificate
that has expired, is not yet valid, or is not for signing (no digitalSignature or nonRepudiation
key usage) is refused too.

--tsa URL asks that RFC 3161 timestamp authority (e.g. your organisation's intranet one) to
timestamp the signature, so that `deepdecide verify` judges your certificate at that attested time,
also after it has expired; without it the signing time is only claimed by your computer's clock.

The certificate's password is read from --password-file FILE, the environment variable
DEEPDECIDE_P12_PASSWORD, or an interactive prompt.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("record", metavar="RECORD.pdf", help=_("the record to sign"))
    parser.add_argument("--role", required=True, help=_("the role you sign as, exactly as the record lists it"))
    parser.add_argument("--verdict", required=True, choices=["approve", "reject"], help=_("your verdict"))
    parser.add_argument("--conditions", default="", metavar="TEXT", help=_("conditions of your verdict"))
    parser.add_argument("--sign", required=True, metavar="CERT.p12", help=_("your key and certificate (PKCS#12)"))
    parser.add_argument("--password-file", metavar="FILE", help=_("read the certificate password from FILE (first line)"))
    parser.add_argument("--password", help=argparse.SUPPRESS)  # tests only: visible to other users
    parser.add_argument("--review", action="store_true",
                        help=_("a review signature (not an approval); the only kind a record not ready takes"))
    parser.add_argument("--tsa", metavar="URL", default="",
                        help=_("an RFC 3161 timestamp authority (e.g. http://tsa.intranet.example/): the signature "
                               "carries its timestamp, and verify judges the certificate at that attested time"))
    parser.add_argument("-o", "--output", metavar="OUT.pdf", help=_("write the signed record here (default: in place)"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.report.approval import REVIEW, ApprovalError
    from deepdecide.report.approver import sign_as_approver
    from deepdecide.report.embedded import UnreadableRecord
    from deepdecide.report.signing import SigningError, load_pkcs12
    from deepdecide.storage.yamlio import atomic_write_bytes

    if output_refused(args.output):
        return EXIT_USAGE
    try:
        data = read_user_file(args.record)  # a folder, FIFO, socket or device: refused before it is opened
    except DeepdecideError as exc:
        print(f"deepdecide sign: {exc}", file=sys.stderr)
        return EXIT_INPUT
    # a credential typed into the conditions is never signed into the record (reported on stderr)
    args.conditions = typed(args.conditions, N_("the conditions"))
    try:
        signer = load_pkcs12(args.sign, _passphrase(args))
        signed, kind = sign_as_approver(data, signer, role=args.role, verdict=Vote(args.verdict),
                                        conditions=args.conditions, review=args.review, tsa_url=args.tsa,
                                        certificate_name=args.sign)
    except (SigningError, ValidationError, ValidationErrors, UnreadableRecord) as exc:
        print(_('deepdecide sign: {record}: {exc}').format(record=args.record, exc=exc), file=sys.stderr)
        return EXIT_INPUT
    except ApprovalError as exc:
        print(_('deepdecide sign: {record}: {exc}').format(record=args.record, exc=exc), file=sys.stderr)
        return EXIT_PROBLEM
    except DeepdecideError as exc:
        print(_('deepdecide sign: {record}: {exc}').format(record=args.record, exc=exc), file=sys.stderr)
        return EXIT_PROBLEM
    target = args.output or args.record
    try:
        atomic_write_bytes(target, signed)
    except OSError as exc:
        print(_('deepdecide sign: {target}: cannot be written: {value}').format(target=target, value=exc.strerror or exc), file=sys.stderr)
        return EXIT_INPUT
    if kind == REVIEW:
        line = (_("wrote {target}: review signature of {role!r}, verdict {verdict}, conditions: {conditions} ({n} bytes)")
                if args.conditions else _("wrote {target}: review signature of {role!r}, verdict {verdict} ({n} bytes)"))
    else:
        line = (_("wrote {target}: sign-off of {role!r}, verdict {verdict}, conditions: {conditions} ({n} bytes)")
                if args.conditions else _("wrote {target}: sign-off of {role!r}, verdict {verdict} ({n} bytes)"))
    print(line.format(target=target, role=args.role, verdict=word(args.verdict, "vote"), conditions=args.conditions,
                      n=formatting.localized(f"{len(signed):,}")))
    return EXIT_OK
