"""``deepdecide verify FILE.pdf``: is a decision record intact or altered, and why."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import TYPE_CHECKING, TextIO

from deepdecide.domain.errors import UnreadableFileError
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.vocabulary import word
from deepdecide.report.verdict import (  # noqa: F401  (re-exported: verify's exit codes and outcome table)
    EXIT_ALTERED,
    EXIT_EXPIRED_SINCE,
    EXIT_NOT_A_RECORD,
    EXIT_NOT_APPROVED,
    EXIT_NOT_NAMED,
    EXIT_NOT_VALID_WHEN_SIGNED,
    EXIT_REVOKED,
    EXIT_TRUSTED,
    EXIT_UNCONFIRMED,
    EXIT_UNREADABLE,
    EXIT_UNSIGNED,
    EXIT_UNTRUSTED,
    OUTCOMES,
    check,
    outcome,
    signatures_of,
)

if TYPE_CHECKING:
    from deepdecide.report.approval import SignoffSignature
    from deepdecide.report.integrity import Verification
    from deepdecide.report.signing import SignatureCheck

NAME = "verify"
HELP = N_("check a PDF decision record: rebuild it from its embedded inputs and validate its signature")

EPILOG_HEAD = N_("""Offline. The record is rebuilt from the workspace embedded in it and compared byte for byte,
so a change to any text, table, chart or attachment is found; bytes after the record must be valid
signatures over exactly it. A signature is trusted only when its certificate chains to a certificate
given with --trust (an organisation's CA, or the signer's own certificate obtained out of band): a
self-signed certificate can carry any name, so it proves nothing on its own. Only the deepdecide
version that made a record rebuilds it (its build parameters name the version): a record of another
version is reported unconfirmed, with the checks that need no rebuild.

Approvers are identities: each sign-off row names the person's certificate (e-mail or common name,
and the issuing CA's or the certificate's own SHA-256 fingerprint); a signature in that role by any
other certificate, or by a certificate that already signed another role, is NOT THE NAMED APPROVER
and never counts. A certificate is judged at the signing time: the time an RFC 3161 timestamp attests
(sign --tsa URL), else the time the signer claims, which verify says is not attested. Revocation is
checked only against --crl FILE.

exit codes (the worst outcome decides):""")


def epilog() -> str:
    """verify's help epilog, in the current language."""
    return _(EPILOG_HEAD) + "\n" + "\n".join(
        textwrap.fill(f"{_(head)}: {_(meaning)}", 96, break_on_hyphens=False, initial_indent=f"  {code:>2}  ",
                      subsequent_indent="      ") for code, head, meaning in OUTCOMES) + "\n   2  " + _("usage error")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = epilog()
    parser.add_argument("file", metavar="FILE.pdf", help=_("the record to check"))
    parser.add_argument("--trust", action="append", default=[], metavar="CA.pem",
                        help=_("a certificate (PEM/DER) to trust as root or signer, e.g. your organisation's CA; "
                             "repeatable"))
    parser.add_argument("--crl", action="append", default=[], metavar="FILE",
                        help=_("a certificate revocation list (PEM/DER) of a signer's CA: a revoked certificate "
                               "fails; without it revocation is not checked; repeatable"))
    parser.add_argument("--require-trusted", action="store_true", help=argparse.SUPPRESS)  # now always so
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def _headline(headline: str, result: Verification) -> str:
    """An outcome's headline (English in --json) in the current language."""
    from deepdecide.report.headlines import headline_text

    return headline_text(headline)


def certificate_line(s: SignatureCheck) -> str:
    """One signature's certificate: subject, fingerprint, trust, the time it was judged at and how that
    time is known, its validity, and revocation."""
    from deepdecide.report.signing import EXPIRED_SINCE, NOT_CHECKED

    if s.time_state == EXPIRED_SINCE:
        state = _("expired since signing (time not attested): valid until {end}, at the claimed signing time "
                  "{time}").format(end=s.not_after[:10], time=s.signing_time or "?")
        state += "; " + (_("chains to a --trust certificate") if s.trusted else _("chains to no --trust certificate"))
    elif s.time_state:
        state = _("NOT VALID WHEN SIGNED: {why} (valid {start} to {end}, judged at {time})").format(
            why=_(s.time_state), start=s.not_before[:10], end=s.not_after[:10], time=s.judged_at or "?")
    else:
        state = (_("trusted") if s.trusted else
                 _("NOT TRUSTED: self-signed, anyone can make one with this name") if s.self_signed else
                 _("NOT TRUSTED: chains to no --trust certificate"))
    if s.attested:
        when = _("judged at the time attested by the timestamp authority {tsa}: {time}").format(
            tsa=s.tsa or _("unknown"), time=s.attested_time)
    elif s.attested_time:
        when = _("signing time {time} claimed; the timestamp of {tsa} is not trusted (pass its CA with "
                 "--trust)").format(time=s.signing_time or "?", tsa=s.tsa or _("an unknown authority"))
    else:
        when = _("signing time {time} claimed, not attested (no timestamp)").format(time=s.signing_time or "?")
    revocation = (_("revocation: {state}").format(state=_(s.revocation)) if s.revocation != "REVOKED" else
                  _("revocation: REVOKED on {date}").format(date=s.revoked_on or "?"))
    if s.revocation == NOT_CHECKED:
        revocation = _("revocation: not checked (no --crl)")
    return _("certificate of signature {field}: {signer}; SHA-256 fingerprint {fingerprint}; {state}; {when}; "
             "{revocation}").format(field=s.field_name, signer=s.signer or _("unknown subject"),
                                    fingerprint=s.fingerprint_sha256 or "?", state=state, when=when,
                                    revocation=revocation)


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
    line = _("signature {field}: {signer}; role {role}; verdict {verdict}{extra}; date {date}; {valid}; {trusted}; "
             "{after}").format(field=c.field_name, signer=c.signer or _("unknown subject"), role=role,
                               verdict=verdict, extra=extra, date=sig.date or "?", valid=valid, trusted=trusted,
                               after=after)
    if sig.not_named is not None:
        line += "; " + _("NOT THE NAMED APPROVER: {why}").format(why=sig.not_named)
    return line


def _sig_json(s: SignatureCheck) -> dict[str, object]:
    from deepdecide.importers.secrets import redact

    # the /Reason holds the conditions as signed: through the redaction pass, as they are shown
    return s.__dict__ | {"notes": list(s.notes), "reason": redact(s.reason), "attested": s.attested,
                         "emails": list(s.emails), "chain_sha256": list(s.chain_sha256)}


def _signoff_json(x: SignoffSignature) -> dict[str, object]:
    return {"field": x.check.field_name, "subject": x.check.signer, "role": x.role,
            "verdict": x.verdict, "kind": x.kind, "conditions": x.conditions, "date": x.date,
            "valid": x.check.ok, "trusted": x.check.trusted,
            "named_approver": x.not_named is None,
            "not_named": x.not_named.to_data()["text"] if x.not_named is not None else None,
            "counts": x.counts,
            "only_signatures_after": x.check.covers_whole_file or x.check.modification_ok}


def emit(text: str, file: TextIO | None = None) -> None:
    """Print a line of verify's output without a known-prefix token (``ghp_``, ``hf_``, ``sk-`` ...):
    a record signed or built by an older version may carry one in a signature's conditions."""
    from deepdecide.importers.secrets import scan_known

    print(scan_known(text)[0], file=file)


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.report.embedded import UnreadableRecord
    from deepdecide.report.params import generator_info
    from deepdecide.report.signing import SigningError, load_crls, load_trust

    try:
        data = read_user_file(args.file)  # a folder, FIFO, socket or device: refused before it is opened
    except UnreadableFileError as exc:
        emit(f"deepdecide verify: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        trust = load_trust(args.trust)
        crls = load_crls(args.crl)
        result, code, headline = check(data, trust=trust, crls=crls)
    except SigningError as exc:
        emit(f"deepdecide verify: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except UnreadableRecord as exc:
        emit(f"deepdecide verify: {args.file}: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    appr = result.approval
    emb = result.embedded
    if args.json:
        emit(json.dumps({
            "file": args.file, "status": result.status, "outcome": headline, "exit_code": code,
            "made_by": result.made_by or None, "verified_with": generator_info(),
            "decision_id": result.decision_id,
            "inputs_sha256": result.inputs_sha256, "language": result.language or None,
            "reasons": result.reasons, "checks": result.checks,
            # the /Reason holds the conditions as signed: through the redaction pass, as they are shown
            "signatures": [_sig_json(s) for s in result.signatures],
            "embedded_approval_record": ({
                "sha256": emb.sha256, "status": emb.status, "problems": emb.problems, "not_named": emb.not_named,
                "signatures": [_sig_json(s) for s in emb.signatures],
                "approval": emb.state.state if emb.state is not None else None,
                "signoffs": [_signoff_json(x) for x in (emb.state.signatures if emb.state is not None else [])],
            } if emb is not None else None),
            "signoffs": [_signoff_json(x) for x in (appr.signatures if appr else [])],
            "approval": ({"state": appr.state, "required": list(appr.required),
                          "outstanding": list(appr.outstanding), "rejected_by": list(appr.rejected_by),
                          "not_named": list(appr.not_named),
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
        emit("  " + certificate_line(s))
    if emb is not None:
        emit("  " + _("embedded signed approval record: SHA-256 {sha}; {status}").format(
            sha=emb.sha256, status=_(emb.status) if emb.status else "?"))
        for s in emb.signatures:
            emit("    " + certificate_line(s))
        if emb.state is not None:
            for sig in emb.state.signatures:
                emit("    " + _signature_line(sig, sig.check.covers_whole_file or sig.check.modification_ok))
            emit("    " + _("approval by its signatures: {state}").format(state=_(emb.state.state)))
            for n in emb.state.notes:
                emit("    " + _("note: {line}").format(line=n))
        for line in emb.not_named:
            emit("    " + line)
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
