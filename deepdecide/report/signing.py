"""PAdES signatures through pyHanko: sign a record as an incremental update, validate signatures offline.

The record's own bytes stay untouched: the signature is appended after them, so the signed file
starts with exactly the reproducible record and ``deepdecide verify`` can check both.
"""

from __future__ import annotations

import io
import logging
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from deepdecide.domain.approval import CertificateFacts
from deepdecide.domain.errors import DeepdecideError, UnreadableFileError
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.userfiles import read_user_file

if TYPE_CHECKING:

    from cryptography import x509
    from pyhanko.sign.signers import SimpleSigner

FIELD_NAME = "deepdecide-signoff"

# how a signer's certificate stands at the time it is judged (SignatureCheck.time_state): English codes
EXPIRED_SINCE = N_("expired since signing (time not attested)")  # valid at the claimed time, expired now
EXPIRED_WHEN_SIGNED = N_("expired when signed")
NOT_YET_VALID_WHEN_SIGNED = N_("not yet valid when signed")
NOT_FOR_SIGNING = N_("not a signing certificate (no digitalSignature or nonRepudiation key usage)")
# revocation (SignatureCheck.revocation)
NOT_CHECKED = N_("not checked (no --crl)")
NOT_REVOKED = N_("not revoked (CRL)")
REVOKED = N_("REVOKED")
OTHER_ISSUER = N_("not checked (no --crl of its issuer)")


def now() -> datetime:
    """The present, against which an unattested signing time is judged (a test moves it on)."""
    return datetime.now(UTC)


class SigningError(DeepdecideError):
    """The record cannot be signed (certificate unreadable, wrong password, ...)."""


@dataclass(frozen=True)
class SignatureCheck:
    """What validating one embedded signature found."""
    field_name: str
    signer: str = ""
    signing_time: str = ""
    intact: bool = False  # the signed bytes hash to the signed digest
    valid: bool = False  # the signature over that digest verifies with the signer's key
    trusted: bool = False  # the signer's certificate chains to a trust root given to the check
    covers_whole_file: bool = False  # nothing was appended after the signature
    signed_up_to: int = 0  # end of the signed byte range
    modification: str = ""  # pyHanko's judgement of later changes, if any
    modification_ok: bool = True  # later changes (if any) are only further signatures or form filling
    revision: int = -1  # the file revision (0 = the first) that holds this signature
    error: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    fingerprint_sha256: str = ""  # of the signer's certificate, "AB:CD:..." (compare it out of band)
    self_signed: bool = False  # the signer's certificate is its own issuer
    reason: str = ""  # the signature dictionary's /Reason (signed with it)
    emails: tuple[str, ...] = ()  # the certificate's subject e-mail(s)
    common_name: str = ""  # the certificate's subject CN
    chain_sha256: tuple[str, ...] = ()  # CA certificates that verifiably issued it, upwards (embedded or --trust)
    not_before: str = ""  # the certificate's validity, ISO
    not_after: str = ""
    attested_time: str = ""  # an RFC 3161 timestamp's time (its token intact and valid), ISO
    tsa: str = ""  # the subject of the timestamp authority
    tsa_trusted: bool = False  # the timestamp authority's certificate chains to a --trust certificate
    judged_at: str = ""  # the time the certificate was judged at: the attested time, else the claimed one
    time_state: str = ""  # "" (valid at that time) or one of EXPIRED_SINCE ... NOT_FOR_SIGNING
    revocation: str = NOT_CHECKED  # NOT_CHECKED, NOT_REVOKED, REVOKED or OTHER_ISSUER
    revoked_on: str = ""  # the revocation date a CRL gives, ISO

    @property
    def ok(self) -> bool:
        return self.intact and self.valid and not self.error

    @property
    def attested(self) -> bool:
        """The signing time is attested by a trusted timestamp authority (not only claimed by the signer)."""
        return bool(self.attested_time) and self.tsa_trusted

    @property
    def facts(self) -> CertificateFacts:
        return CertificateFacts(subject=self.signer, sha256=self.fingerprint_sha256, emails=self.emails,
                                common_name=self.common_name, chain_sha256=self.chain_sha256)


def _quiet_pyhanko() -> None:
    """pyHanko logs expected outcomes (an untrusted self-signed signer) with tracebacks; the verdict
    is reported by deepdecide, so keep those logs out of the user's terminal unless logging is set up."""

    for name in ("pyhanko", "pyhanko_certvalidator"):
        logger = logging.getLogger(name)
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())


#: a certificate or PKCS#12 file is a few kilobytes; anything this large is not one
MAX_CERTIFICATE_BYTES = 16 * 1024 * 1024


def _read_certificate_file(name: str) -> bytes:
    """The bytes of a certificate or PKCS#12 file given by a user: a folder, FIFO, socket or device
    is refused before it is opened (``domain.userfiles``); SigningError names the file."""
    try:
        return read_user_file(name, max_bytes=MAX_CERTIFICATE_BYTES)
    except UnreadableFileError as exc:
        if not os.path.exists(name):
            raise SigningError(_("{name}: no such certificate file").format(name=name)) from None
        raise SigningError(f"{name}: {exc.reason}") from None


# ---------------------------------------------------------------------------------------------
# certificates: what they say of their holder, when they are valid, whether they may sign


def _hex_colon(digest: bytes) -> str:
    return ":".join(f"{b:02X}" for b in digest)


def sha256_fingerprint(cert: x509.Certificate) -> str:
    """The certificate's SHA-256 fingerprint, "AB:CD:…" (as verify prints it)."""
    from cryptography.hazmat.primitives import hashes

    return _hex_colon(cert.fingerprint(hashes.SHA256()))


def to_cryptography(cert: Any) -> x509.Certificate:
    """A ``cryptography`` certificate from an asn1crypto one (pyHanko's) or DER bytes."""
    from cryptography import x509

    return x509.load_der_x509_certificate(cert if isinstance(cert, bytes) else cert.dump())


def chain_of(cert: x509.Certificate, candidates: list[x509.Certificate]) -> list[x509.Certificate]:
    """The CA certificates among ``candidates`` that issued ``cert``, upwards, each verified by its
    signature (a look-alike with the same name but another key is never on the chain)."""
    out: list[x509.Certificate] = []
    current = cert
    for _depth in range(8):
        if current.issuer == current.subject and current is not cert:
            break
        found = None
        for c in candidates:
            if c.subject != current.issuer or c in out or c == current:
                continue
            try:
                current.verify_directly_issued_by(c)
            except Exception:  # another key with the same name, or an unsupported key type: not its issuer
                continue
            found = c
            break
        if found is None:
            break
        out.append(found)
        current = found
    return out


def certificate_facts(cert: x509.Certificate, candidates: list[x509.Certificate]) -> CertificateFacts:
    """What ``cert`` shows of its holder (subject e-mail, common name, fingerprint, the CA chain found
    among ``candidates``), for matching against a sign-off row."""
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    emails = [str(a.value) for a in cert.subject.get_attributes_for_oid(NameOID.EMAIL_ADDRESS)]
    try:
        alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        emails.extend(alt.get_values_for_type(x509.RFC822Name))
    except x509.ExtensionNotFound:
        pass
    cns = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return CertificateFacts(subject=cert.subject.rfc4514_string(), sha256=sha256_fingerprint(cert),
                            emails=tuple(dict.fromkeys(emails)), common_name=str(cns[0].value) if cns else "",
                            chain_sha256=tuple(sha256_fingerprint(c) for c in chain_of(cert, candidates)))


def may_sign(cert: x509.Certificate) -> bool:
    """The certificate's key usage allows signing (digitalSignature or nonRepudiation); a certificate
    without the key usage extension may be used for anything (RFC 5280, 4.2.1.3)."""
    from cryptography import x509

    try:
        usage = cert.extensions.get_extension_for_class(x509.KeyUsage).value
    except x509.ExtensionNotFound:
        return True
    return bool(usage.digital_signature or usage.content_commitment)


def time_problem(cert: x509.Certificate, when: datetime) -> str:
    """Why ``cert`` cannot sign at ``when`` ("" when it can): expired, not yet valid, or not for signing."""
    if not may_sign(cert):
        return NOT_FOR_SIGNING
    if when < cert.not_valid_before_utc:
        return NOT_YET_VALID_WHEN_SIGNED
    if when > cert.not_valid_after_utc:
        return EXPIRED_WHEN_SIGNED
    return ""


def signer_certificates(signer: SimpleSigner) -> tuple[x509.Certificate, list[x509.Certificate]]:
    """The certificate a pyHanko signer signs with, and the other certificates it carries (its chain)."""
    cert = to_cryptography(signer.signing_cert)
    others = [to_cryptography(c) for c in (signer.cert_registry or ())]
    return cert, [c for c in others if c != cert]


def check_signing_certificate(signer: SimpleSigner, name: str, when: datetime | None = None) -> None:
    """Refuse a certificate that cannot sign now: expired, not yet valid, or without a signing key usage
    (SigningError naming the file and the dates)."""
    cert, _others = signer_certificates(signer)
    when = when or now()
    problem = time_problem(cert, when)
    if problem == NOT_FOR_SIGNING:
        raise SigningError(_("{name}: the certificate is not for signing: its key usage has neither "
                             "digitalSignature nor nonRepudiation").format(name=name))
    if problem == NOT_YET_VALID_WHEN_SIGNED:
        raise SigningError(_("{name}: the certificate is not valid yet: valid from {start}").format(
            name=name, start=cert.not_valid_before_utc.isoformat()))
    if problem == EXPIRED_WHEN_SIGNED:
        raise SigningError(_("{name}: the certificate expired on {end}: a signature made with it now proves "
                             "nothing").format(name=name, end=cert.not_valid_after_utc.isoformat()))


def load_crls(paths: list[str]) -> list[Any]:
    """Certificate revocation lists (PEM or DER) given with ``--crl``; SigningError names a bad file."""
    from cryptography import x509

    out = []
    for p in paths:
        try:
            data = _read_certificate_file(p)  # a FIFO or device is refused, never waited on
        except SigningError:
            if not os.path.exists(p):
                raise SigningError(_("{name}: no such CRL file").format(name=p)) from None
            raise
        try:
            crl = (x509.load_pem_x509_crl(data) if data.lstrip().startswith(b"-----") else x509.load_der_x509_crl(data))
        except ValueError as exc:
            raise SigningError(_("{name}: not a readable PEM/DER certificate revocation list: {reason}").format(
                name=p, reason=exc)) from None
        out.append(crl)
    return out


def _revocation(cert: x509.Certificate, chain: list[x509.Certificate], crls: list[Any]) -> tuple[str, str]:
    """(revocation state, revocation date) of ``cert`` from the CRLs its issuer signed."""
    if not crls:
        return NOT_CHECKED, ""
    issuer = chain[0] if chain else None
    for crl in crls:
        if crl.issuer != cert.issuer or issuer is None:
            continue
        try:
            if not crl.is_signature_valid(issuer.public_key()):
                continue
        except Exception:  # a key type the CRL cannot be checked with: not this issuer's list
            continue
        entry = crl.get_revoked_certificate_by_serial_number(cert.serial_number)
        if entry is not None:
            return REVOKED, entry.revocation_date_utc.isoformat()
        return NOT_REVOKED, ""
    return OTHER_ISSUER, ""


def load_pkcs12(path: str | os.PathLike[str], passphrase: bytes | None) -> SimpleSigner:
    """Read a PKCS#12 file and return a pyHanko signer; SigningError names the file and the reason."""
    from cryptography.hazmat.primitives.serialization import pkcs12
    from pyhanko.sign import signers

    name = os.fspath(path)
    data = _read_certificate_file(name)
    try:
        key, cert, _others = pkcs12.load_key_and_certificates(data, passphrase)
    except ValueError:
        raise SigningError(_("{name}: wrong password, or not a PKCS#12 (.p12/.pfx) file").format(name=name)) from None
    except Exception as exc:  # cryptography raises various types for unsupported content
        raise SigningError(_("{name}: cannot be read as PKCS#12: {reason}").format(name=name, reason=exc)) from None
    if key is None or cert is None:
        raise SigningError(_("{name}: holds no private key and certificate to sign with").format(name=name))
    try:
        signer: SimpleSigner = signers.SimpleSigner.load_pkcs12_data(data, other_certs=(), passphrase=passphrase)
        return signer
    except ValueError as exc:
        raise SigningError(f"{name}: {exc}") from None


def sign_record(record: bytes, signer: SimpleSigner, *, signer_name: str, reason: str = "", location: str = "") -> bytes:
    """Append a PAdES signature (SHA-256) to ``record`` and return the signed file's bytes."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers
    from pyhanko.sign.fields import SigSeedSubFilter

    meta = signers.PdfSignatureMetadata(
        field_name=FIELD_NAME,
        subfilter=SigSeedSubFilter.PADES,
        md_algorithm="sha256",
        name=signer_name or None,
        reason=reason or None,
        location=location or None,
    )
    _quiet_pyhanko()
    writer = IncrementalPdfFileWriter(io.BytesIO(record))
    out = io.BytesIO()
    try:
        signers.PdfSigner(meta, signer).sign_pdf(writer, output=out)
    except Exception as exc:  # pyHanko signals many problems (key type, field clash) with its own types
        raise SigningError(_("the record could not be signed: {reason}").format(reason=exc)) from None
    signed = out.getvalue()
    if not signed.startswith(record):
        raise SigningError(_("the signature did not leave the record's bytes unchanged"))
    return signed


def load_trust(paths: list[str]) -> list[Any]:
    """Certificates (PEM or DER) a signature may chain to: an organisation's CA, or a signer's own
    certificate obtained out of band. Every file must hold at least one certificate."""
    from pyhanko.keys import load_certs_from_pemder_data

    certs: list[Any] = []  # asn1crypto certificates (asn1crypto has no type information)
    for p in paths:
        data = _read_certificate_file(p)
        try:
            found = list(load_certs_from_pemder_data(data))
        except Exception as exc:  # asn1crypto raises ValueError, TypeError and its own errors on garbage
            raise SigningError(_("{name}: not a readable PEM/DER certificate: {reason}").format(name=p, reason=exc)) from None
        if not found:
            raise SigningError(_("{name}: holds no certificate").format(name=p))
        certs.extend(found)
    return certs


def _has_timestamp(sig: Any) -> bool:
    """Whether a signature carries an RFC 3161 signature timestamp (an unsigned attribute of its signer)."""
    attrs = sig.signer_info["unsigned_attrs"]
    return any(a["type"].native == "signature_time_stamp_token" for a in (attrs if attrs.native else ()))


def validate_signatures(pdf: bytes, trust: list[Any] | None = None, crls: list[Any] | None = None
                        ) -> list[SignatureCheck]:
    """Validate every signature in ``pdf`` offline; any exception makes that signature invalid.

    The signer's certificate is judged at the signing time: the time an RFC 3161 timestamp attests
    (its authority trusted with ``trust``), else the time the signer claims (``/M`` or the signed
    signingTime), and the check says which. ``crls`` (``load_crls``) are checked for the
    certificate's serial number; without them revocation is *not checked*."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.settings import KeyUsageConstraints
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext

    _quiet_pyhanko()
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    roots = list(trust or [])
    trusted_certs = [to_cryptography(t) for t in roots]
    # the key usages deepdecide signs with (sign refuses a certificate with neither)
    usage = KeyUsageConstraints(key_usage={"digital_signature", "non_repudiation"}, match_all_key_usages=False)
    results = []
    for sig in reader.embedded_signatures:
        name = sig.field_name or "?"
        try:
            cert = to_cryptography(sig.signer_cert)
            candidates = [to_cryptography(c) for c in sig.other_embedded_certs] + trusted_certs
            claimed = sig.self_reported_timestamp
            attested, tsa, tsa_trusted = None, "", False
            if _has_timestamp(sig):
                first = validate_pdf_signature(sig, ValidationContext(trust_roots=roots, allow_fetching=False),
                                               key_usage_settings=usage)
                tst = first.timestamp_validity
                if tst is not None:
                    try:
                        tsa = tst.signing_cert.subject.human_friendly
                    except Exception:  # an unreadable TSA certificate: named as unknown
                        tsa = ""
                    if tst.intact and tst.valid:
                        attested, tsa_trusted = tst.timestamp, bool(tst.trusted)
            when = attested if attested is not None and tsa_trusted else claimed
            vc = ValidationContext(trust_roots=roots, allow_fetching=False, moment=when)
            status = validate_pdf_signature(sig, vc, ts_validation_context=ValidationContext(
                trust_roots=roots, allow_fetching=False), key_usage_settings=usage)
        except Exception as exc:
            results.append(SignatureCheck(field_name=name, error=_("cannot be validated: {reason}").format(reason=exc)))
            continue
        facts = certificate_facts(cert, candidates)
        chain = chain_of(cert, candidates)
        state = time_problem(cert, when) if when is not None else ("" if may_sign(cert) else NOT_FOR_SIGNING)
        if not state and (attested is None or not tsa_trusted) and now() > cert.not_valid_after_utc:
            state = EXPIRED_SINCE
        revocation, revoked_on = _revocation(cert, chain, list(crls or []))
        self_signed = cert.issuer == cert.subject
        br = list(sig.byte_range) if sig.byte_range is not None else []
        level = status.modification_level
        mod = level.name.lower().replace("_", " ") if level else ""
        whole = status.coverage == SignatureCoverageLevel.ENTIRE_FILE
        allowed = (ModificationLevel.NONE, ModificationLevel.LTA_UPDATES, ModificationLevel.FORM_FILLING)
        try:
            reason = str(sig.sig_object.get("/Reason", ""))
        except Exception:  # a damaged signature dictionary: no reason to read
            reason = ""
        try:
            signer = status.signing_cert.subject.human_friendly
        except Exception:
            signer = ""
        results.append(SignatureCheck(
            reason=reason,
            field_name=name,
            signer=signer,
            signing_time=claimed.isoformat() if claimed else "",
            intact=bool(status.intact),
            valid=bool(status.valid),
            trusted=bool(status.trusted),
            covers_whole_file=whole,
            signed_up_to=int(br[2] + br[3]) if len(br) == 4 else 0,
            modification=mod,
            modification_ok=whole or level in allowed,
            revision=int(sig.signed_revision),
            fingerprint_sha256=facts.sha256,
            self_signed=self_signed,
            emails=facts.emails,
            common_name=facts.common_name,
            chain_sha256=facts.chain_sha256,
            not_before=cert.not_valid_before_utc.isoformat(),
            not_after=cert.not_valid_after_utc.isoformat(),
            attested_time=attested.isoformat() if attested is not None else "",
            tsa=tsa,
            tsa_trusted=tsa_trusted,
            judged_at=when.isoformat() if when is not None else "",
            time_state=state,
            revocation=revocation,
            revoked_on=revoked_on,
        ))
    return results
