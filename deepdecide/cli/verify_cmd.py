"""``deepdecide verify FILE.pdf``: is a decision record intact or altered, and why."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import TYPE_CHECKING, TextIO

from deepdecide.domain.i18n import N_, _
from deepdecide.domain.vocabulary import word

if TYPE_CHECKING:
    from deepdecide.report.approval import ApprovalState, SignoffSignature
    from deepdecide.report.integrity import Verification

NAME = "verify"
HELP = N_("check a PDF decision record: rebuild it from its embedded inputs and validate its signature")

EXIT_TRUSTED = 0
EXIT_ALTERED = 1
EXIT_UNREADABLE = 3
EXIT_UNSIGNED = 5
EXIT_UNTRUSTED = 6
EXIT_NOT_A_RECORD = 7
EXIT_NOT_APPROVED = 8
EXIT_UNCONFIRMED = 9

# (exit code, headline, meaning): the one table of verify's outcomes (also in docs/verify.md)
OUTCOMES: tuple[tuple[int, str, str], ...] = (
    (EXIT_TRUSTED, N_("intact, signed and trusted"),
     N_("rebuilt byte for byte from its embedded inputs; every signature valid, over exactly the record, "
     "by a certificate that chains to a --trust certificate; a record with sign-off signatures is also "
     "approved: every required approver signed approve (the output says \"approved\")")),
    (EXIT_NOT_APPROVED, N_("intact and trusted, but not approved"),
     N_("every signature valid and trusted, but the sign-offs do not approve the record: a required approver "
     "has not signed, signed only for review, or rejected")),
    (EXIT_UNSIGNED, N_("intact, unsigned"), N_("the record matches its embedded inputs; nobody attested it")),
    (EXIT_UNTRUSTED, N_("intact, but a signer is not trusted"),
     N_("signatures valid, but a signer's certificate is self-signed or chains to no --trust certificate "
     "(each certificate's subject and SHA-256 fingerprint are printed); with several signatures the worst decides")),
    (EXIT_UNCONFIRMED, N_("unconfirmed: made by deepdecide X, verify with that version"),
     N_("made by another deepdecide version X (or with another reportlab or zlib), the only software that "
     "rebuilds it byte for byte; what needs no rebuild holds: every page footer shows the embedded inputs' "
     "SHA-256, every compressed stream decodes, the inputs are canonical (a valid workspace where this version "
     "reads them), and nothing but valid signatures was appended (each signature is listed)")),
    (EXIT_ALTERED, N_("ALTERED"), N_("the file is not the record its inputs give, or a signature does not verify; "
     "of a record made by another version: a check that needs no rebuild fails")),
    (EXIT_NOT_A_RECORD, N_("NOT A DEEPDECIDE RECORD"), N_("a PDF without deepdecide's embedded inputs")),
    (EXIT_UNREADABLE, N_("(error message)"), N_("the file cannot be read, is not a PDF, or a --trust file is "
                                                "unreadable")),
)

EPILOG_HEAD = N_("""Offline. The record is rebuilt from the workspace embedded in it and compared byte for byte,
so a change to any text, table, chart or attachment is found; bytes after the record must be valid
signatures over exactly it. A signature is trusted only when its certificate chains to a certificate
given with --trust (an organisation's CA, or the signer's own certificate obtained out of band): a
self-signed certificate can carry any name, so it proves nothing on its own. Only the deepdecide
version that made a record rebuilds it (its build parameters name the version): a record of another
version is reported unconfirmed, with the checks that need no rebuild.

exit codes (the worst outcome decides):""")


def epilog() -> str:
    """verify's help epilog, in the current language."""
    return _(EPILOG_HEAD) + "\n" + "\n".join(
        textwrap.fill(f"{_(head)}: {_(meaning)}", 96, break_on_hyphens=False, initial_indent=f"  {code}  ",
                      subsequent_indent="     ") for code, head, meaning in OUTCOMES) + "\n  2  " + _("usage error")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = epilog()
    parser.add_argument("file", metavar="FILE.pdf", help=_("the record to check"))
    parser.add_argument("--trust", action="append", default=[], metavar="CA.pem",
                        help=_("a certificate (PEM/DER) to trust as root or signer, e.g. your organisation's CA; "
                             "repeatable"))
    parser.add_argument("--require-trusted", action="store_true", help=argparse.SUPPRESS)  # now always so
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def outcome(result: Verification) -> tuple[int, str]:
    """The exit code and headline of a verification (see OUTCOMES)."""
    from deepdecide.report.integrity import INTACT, NOT_A_RECORD, UNCONFIRMED

    if result.status == NOT_A_RECORD:
        return EXIT_NOT_A_RECORD, "NOT A DEEPDECIDE RECORD"
    if result.status == UNCONFIRMED:
        made, other = _other_software(result)
        if not other:
            return EXIT_UNCONFIRMED, f"unconfirmed: made by deepdecide {made}, verify with that version"
        return EXIT_UNCONFIRMED, f"unconfirmed: made by deepdecide {made} with {other}, verify with that software"
    if result.status != INTACT:
        return EXIT_ALTERED, result.status.upper()
    if not result.signatures:
        return EXIT_UNSIGNED, "intact, unsigned"
    if not all(s.trusted for s in result.signatures):
        return EXIT_UNTRUSTED, "intact, but a signer is not trusted"
    state = getattr(result, "approval", None)
    if state is not None and any(s.role for s in state.signatures):
        from deepdecide.report.approval import APPROVED

        if state.state != APPROVED:
            return EXIT_NOT_APPROVED, f"intact and trusted, but not approved ({state.state})"  # English: JSON
        return EXIT_TRUSTED, "intact, signed and trusted; approved"
    return EXIT_TRUSTED, "intact, signed and trusted"


def _other_software(result: Verification) -> tuple[str, str]:
    """The deepdecide version that made an unconfirmed record, and, when that is this version, the other
    software it was made with ("reportlab 4.1.0"; empty when the version differs)."""
    from deepdecide.report.build import generator_info

    made, here = result.made_by, generator_info()
    version = made.get("deepdecide", "?")
    if version != here["deepdecide"]:
        return version, ""
    return version, ", ".join(f"{k} {v}" for k, v in sorted(made.items()) if k != "deepdecide" and here.get(k) != v)


def _approval(result: Verification, data: bytes) -> ApprovalState | None:
    """The approval state of an intact record, or of an unconfirmed one whose inputs this version reads
    (None when it cannot be read as one)."""
    from deepdecide.report.approval import state_of_record
    from deepdecide.report.integrity import INTACT, UNCONFIRMED

    if result.status not in (INTACT, UNCONFIRMED):
        return None
    try:
        return state_of_record(data, result.signatures)
    except Exception:  # the record is intact, so this is not expected; verify's verdict stands without it
        return None


def _headline(headline: str, result: Verification) -> str:
    """An outcome's headline (English in --json) in the current language."""
    if headline.startswith("unconfirmed: "):
        made, other = _other_software(result)
        if not other:
            return _("unconfirmed: made by deepdecide {version}, verify with that version").format(version=made)
        return _("unconfirmed: made by deepdecide {version} with {software}, verify with that software").format(
            version=made, software=other)
    if headline.startswith("intact and trusted, but not approved ("):
        state = headline[len("intact and trusted, but not approved ("):-1]
        return _("intact and trusted, but not approved ({state})").format(state=_(state))
    return {"intact, signed and trusted; approved": _("intact, signed and trusted; approved")}.get(
        headline, _(headline))


def _signature_line(sig: SignoffSignature, later_ok: bool) -> str:
    role = _("{role} ({kind})").format(role=sig.role, kind=_(sig.kind or "sign-off")) if sig.role else \
        _("no role (not a sign-off)")
    c = sig.check
    valid = _("valid") if c.ok else _("NOT VALID")
    trusted = _("trusted") if c.trusted else _("NOT TRUSTED")
    after = (_("nothing but later signatures added after it") if later_ok
             else _("CHANGED after it: {what}").format(what=c.modification or _("not only signatures were added")))
    verdict = word(sig.verdict, "vote") if sig.verdict else "–"
    extra = _("; conditions: {conditions}").format(conditions=sig.conditions) if sig.conditions else ""
    return _("signature {field}: {signer}; role {role}; verdict {verdict}{extra}; date {date}; {valid}; {trusted}; "
             "{after}").format(field=c.field_name, signer=c.signer or _("unknown subject"), role=role,
                               verdict=verdict, extra=extra, date=sig.date or "?", valid=valid, trusted=trusted,
                               after=after)


def emit(text: str, file: TextIO | None = None) -> None:
    """Print a line of verify's output without a known-prefix token (``ghp_``, ``hf_``, ``sk-`` ...):
    a record signed or built by an older version may carry one in a signature's conditions."""
    from deepdecide.importers.secrets import scan_known

    print(scan_known(text)[0], file=file)


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain.errors import UnreadableFileError
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.importers.secrets import redact
    from deepdecide.report.build import generator_info
    from deepdecide.report.integrity import UnreadableRecord, verify
    from deepdecide.report.signing import SigningError, load_trust

    try:
        data = read_user_file(args.file)  # a folder, FIFO, socket or device: refused before it is opened
    except UnreadableFileError as exc:
        emit(f"deepdecide verify: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        trust = load_trust(args.trust)
        result = verify(data, trust=trust)
    except SigningError as exc:
        emit(f"deepdecide verify: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except UnreadableRecord as exc:
        emit(f"deepdecide verify: {args.file}: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    result.approval = _approval(result, data)
    code, headline = outcome(result)
    appr = result.approval
    if args.json:
        emit(json.dumps({
            "file": args.file, "status": result.status, "outcome": headline, "exit_code": code,
            "made_by": result.made_by or None, "verified_with": generator_info(),
            "decision_id": result.decision_id,
            "inputs_sha256": result.inputs_sha256, "language": result.language or None,
            "reasons": result.reasons, "checks": result.checks,
            # the /Reason holds the conditions as signed: through the redaction pass, as they are shown
            "signatures": [s.__dict__ | {"notes": list(s.notes), "reason": redact(s.reason)} for s in result.signatures],
            "signoffs": [{"field": x.check.field_name, "subject": x.check.signer, "role": x.role,
                          "verdict": x.verdict, "kind": x.kind, "conditions": x.conditions, "date": x.date,
                          "valid": x.check.ok, "trusted": x.check.trusted,
                          "only_signatures_after": x.check.covers_whole_file or x.check.modification_ok}
                         for x in (appr.signatures if appr else [])],
            "approval": ({"state": appr.state, "required": list(appr.required),
                          "outstanding": list(appr.outstanding), "rejected_by": list(appr.rejected_by),
                          "notes": [n.to_data()["text"] for n in appr.notes]} if appr else None),
        }, indent=2))
        return code
    head = f"{args.file}: {_headline(headline, result)}"
    if result.decision_id:
        head += " " + _("(decision {id}, inputs SHA-256 {sha})").format(id=result.decision_id,
                                                                     sha=result.inputs_sha256)
    if result.language and result.language != "en":
        head += " " + _("[record in {language}]").format(language=result.language)
    emit(head)
    for line in result.checks:
        emit("  " + _("ok: {line}").format(line=line))
    for line in result.reasons:
        emit("  " + (_("why: {line}") if code in (EXIT_ALTERED, EXIT_NOT_A_RECORD) else _("note: {line}")).format(
            line=line))
    for s in result.signatures:
        state = (_("trusted") if s.trusted else
                 _("NOT TRUSTED: self-signed, anyone can make one with this name") if s.self_signed else
                 _("NOT TRUSTED: chains to no --trust certificate"))
        emit("  " + _("certificate of signature {field}: {signer}; SHA-256 fingerprint {fingerprint}; {state}").format(
            field=s.field_name, signer=s.signer or _("unknown subject"), fingerprint=s.fingerprint_sha256 or "?",
            state=state))
    if appr is not None:
        for sig in appr.signatures:
            emit("  " + _signature_line(sig, sig.check.covers_whole_file or sig.check.modification_ok))
        if any(x.role for x in appr.signatures) or appr.state != "not exported for approval":
            line = "  " + _("approval: {state}").format(state=_(appr.state))
            if appr.outstanding and appr.state != "approved":
                line += _("; no valid, trusted approval yet from: {roles}").format(roles=", ".join(appr.outstanding))
            if appr.rejected_by:
                line += _("; rejected by: {roles}").format(roles=", ".join(appr.rejected_by))
            emit(line)
        for n in appr.notes:
            emit("  " + _("note: {line}").format(line=n))
    if code == EXIT_UNSIGNED:
        emit(_("  note: unsigned; a consistent record rebuilt from edited inputs would show another inputs hash,"
              " so compare the hash with the one the signers approved"))
    if code == EXIT_UNTRUSTED:
        emit(_("  note: compare each fingerprint with the signer's, then pass their CA (or certificate) "
              "with --trust CA.pem"))
    if code == EXIT_UNCONFIRMED:
        emit(_("  note: install that deepdecide version (same reportlab and zlib) and run its verify to rebuild "
              "the record byte for byte"))
    return code
