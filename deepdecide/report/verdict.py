"""What ``deepdecide verify`` finds of a record: its outcome (exit code and headline) from the checks
of ``report.integrity`` and the approval state of its sign-offs. One function for every command and
window that judges a record (``verify``, ``revise``, ``report --since``, ``diff``, the desktop app's
revisions and exports)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deepdecide.domain.i18n import N_

if TYPE_CHECKING:
    from deepdecide.report.approval import ApprovalState
    from deepdecide.report.integrity import Verification
    from deepdecide.report.signing import SignatureCheck

EXIT_TRUSTED = 0
EXIT_ALTERED = 1
EXIT_UNREADABLE = 3
EXIT_UNSIGNED = 5
EXIT_UNTRUSTED = 6
EXIT_NOT_A_RECORD = 7
EXIT_NOT_APPROVED = 8
EXIT_UNCONFIRMED = 9
EXIT_NOT_NAMED = 10
EXIT_REVOKED = 11
EXIT_NOT_VALID_WHEN_SIGNED = 12
EXIT_EXPIRED_SINCE = 13

# (exit code, headline, meaning): the one table of verify's outcomes (also in docs/verify.md)
OUTCOMES: tuple[tuple[int, str, str], ...] = (
    (EXIT_TRUSTED, N_("intact, signed and trusted"),
     N_("rebuilt byte for byte from its embedded inputs; every signature valid, over exactly the record, "
     "by a certificate that chains to a --trust certificate and was valid at the signing time; a record "
     "with sign-off signatures is also approved: every required approver signed approve, each with the "
     "certificate their sign-off row names (the output says \"approved\"); an accepted record is "
     "\"accepted by the signatures of its embedded approval record\": that record checks out the same way")),
    (EXIT_NOT_APPROVED, N_("intact and trusted, but not approved"),
     N_("every signature valid and trusted, but the sign-offs do not approve the record: a required approver "
     "has not signed, signed only for review, or rejected; or the record says accepted (or rejected) "
     "without a signed approval record to show it (legacy, unverified sign-offs)")),
    (EXIT_UNSIGNED, N_("intact, unsigned"), N_("the record matches its embedded inputs; nobody attested it")),
    (EXIT_UNTRUSTED, N_("intact, but a signer is not trusted"),
     N_("signatures valid, but a signer's certificate is self-signed or chains to no --trust certificate "
     "at the signing time (each certificate's subject and SHA-256 fingerprint are printed); with several "
     "signatures the worst decides")),
    (EXIT_EXPIRED_SINCE, N_("intact, but a certificate expired since signing (time not attested)"),
     N_("the certificate was valid at the time the signer claims, but has expired since, and no timestamp "
     "authority attests that time (sign --tsa URL): anyone holding the expired key could claim it")),
    (EXIT_NOT_VALID_WHEN_SIGNED, N_("a certificate was not valid when it signed"),
     N_("at the signing time (the time a timestamp attests, else the one the signer claims) the certificate "
     "had expired or was not yet valid, or it is not a signing certificate (no digitalSignature or "
     "nonRepudiation key usage)")),
    (EXIT_REVOKED, N_("a certificate is REVOKED"),
     N_("a --crl FILE of the certificate's issuer lists it as revoked; without --crl revocation is reported "
     "as not checked")),
    (EXIT_NOT_NAMED, N_("NOT THE NAMED APPROVER"),
     N_("a sign-off signature's certificate is not the one the role's sign-off row names (its e-mail or "
     "common name, and its issuing CA or pinned certificate), or one certificate signed two roles; such a "
     "signature never counts as approval, in the record or in the signed approval record an accepted "
     "record embeds")),
    (EXIT_UNCONFIRMED, N_("unconfirmed: made by deepdecide X, verify with that version"),
     N_("made by another deepdecide version X (or with another reportlab or zlib, or by an earlier build of this "
     "version: inputs of an earlier workspace schema), the only software that rebuilds it byte for byte; what needs no rebuild holds: every page footer shows the embedded inputs' "
     "SHA-256, every compressed stream decodes, the inputs are canonical (a valid workspace where this version "
     "reads them), and nothing but valid signatures was appended (each signature is listed)")),
    (EXIT_ALTERED, N_("ALTERED"), N_("the file is not the record its inputs give, or a signature does not verify; "
     "of a record made by another version: a check that needs no rebuild fails; of an accepted record: the "
     "signed approval record it embeds is altered, signs other inputs, or does not hold the sign-offs it "
     "prints")),
    (EXIT_NOT_A_RECORD, N_("NOT A DEEPDECIDE RECORD"), N_("a PDF without deepdecide's embedded inputs")),
    (EXIT_UNREADABLE, N_("(error message)"), N_("the file cannot be read, is not a PDF, or a --trust or --crl "
                                                "file is unreadable")),
)


def signatures_of(result: Verification) -> list[SignatureCheck]:
    """Every signature judged: the record's own, and those of the signed approval record it embeds."""
    return [*result.signatures, *(result.embedded.signatures if result.embedded is not None else [])]


def outcome(result: Verification) -> tuple[int, str]:
    """The exit code and headline of a verification (see OUTCOMES; the worst outcome decides)."""
    from deepdecide.report.approval import APPROVED, REJECTED
    from deepdecide.report.integrity import INTACT, NOT_A_RECORD, UNCONFIRMED
    from deepdecide.report.signing import EXPIRED_SINCE, REVOKED

    if result.status == NOT_A_RECORD:
        return EXIT_NOT_A_RECORD, "NOT A DEEPDECIDE RECORD"
    if result.status == UNCONFIRMED:
        made, other = _other_software(result)
        if not other:
            return EXIT_UNCONFIRMED, f"unconfirmed: made by deepdecide {made}, verify with that version"
        return EXIT_UNCONFIRMED, f"unconfirmed: made by deepdecide {made} with {other}, verify with that software"
    if result.status != INTACT:
        return EXIT_ALTERED, result.status.upper()
    state = getattr(result, "approval", None)
    embedded = result.embedded
    sigs = signatures_of(result)
    if (state is not None and state.not_named) or (embedded is not None and (
            embedded.not_named or (embedded.state is not None and embedded.state.not_named))):
        return EXIT_NOT_NAMED, "NOT THE NAMED APPROVER"
    if any(s.revocation == REVOKED for s in sigs):
        return EXIT_REVOKED, "a certificate is REVOKED"
    if any(s.time_state and s.time_state != EXPIRED_SINCE for s in sigs):
        return EXIT_NOT_VALID_WHEN_SIGNED, "a certificate was not valid when it signed"
    if not sigs:
        if result.legacy:
            return EXIT_NOT_APPROVED, "intact, but not approved (legacy, unverified sign-offs)"
        return EXIT_UNSIGNED, "intact, unsigned"
    if not all(s.trusted for s in sigs):
        return EXIT_UNTRUSTED, "intact, but a signer is not trusted"
    if any(s.time_state == EXPIRED_SINCE for s in sigs):
        return EXIT_EXPIRED_SINCE, "intact, but a certificate expired since signing (time not attested)"
    if embedded is not None and embedded.state is not None:
        if embedded.state.state != embedded.expected:
            return EXIT_NOT_APPROVED, f"intact and trusted, but not approved ({embedded.state.state})"
        if embedded.expected == REJECTED:
            return EXIT_TRUSTED, "intact; rejected by the signatures of its embedded approval record"
        return EXIT_TRUSTED, "intact; accepted by the signatures of its embedded approval record"
    if state is not None and any(s.role for s in state.signatures):
        if state.state != APPROVED:
            return EXIT_NOT_APPROVED, f"intact and trusted, but not approved ({state.state})"  # English: JSON
        return EXIT_TRUSTED, "intact, signed and trusted; approved"
    return EXIT_TRUSTED, "intact, signed and trusted"


def check(data: bytes, *, trust: list[Any] | None = None, crls: list[Any] | None = None
          ) -> tuple[Verification, int, str]:
    """``deepdecide verify`` of a record's bytes: the verification (the approval state of an intact
    record included), its exit code and its headline (English, as ``--json`` gives it). The one
    check every command runs on a record it builds on (``revise``, ``report --since``, ``diff``).
    Raises ``UnreadableRecord`` for a file that is not a readable PDF."""
    from deepdecide.report.integrity import verify

    result = verify(data, trust=trust, crls=crls)
    result.approval = _approval(result, data)
    code, headline = outcome(result)
    return result, code, headline


def _other_software(result: Verification) -> tuple[str, str]:
    """The deepdecide version that made an unconfirmed record, and, when that is this version, the other
    software it was made with ("reportlab 4.1.0"; empty when the version differs)."""
    from deepdecide.report.params import generator_info

    made, here = result.made_by, generator_info()
    version = made.get("deepdecide", "?")
    if version != here["deepdecide"]:
        return version, ""
    other = ", ".join(f"{k} {v}" for k, v in sorted(made.items()) if k != "deepdecide" and here.get(k) != v)
    if not other and result.earlier_schema is not None:  # an earlier build of this version
        other = f"workspace schema {result.earlier_schema}"
    return version, other


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
