"""PAdES signatures through pyHanko: sign a record as an incremental update, validate signatures offline.

The record's own bytes stay untouched: the signature is appended after them, so the signed file
starts with exactly the reproducible record and ``deepdecide verify`` can check both.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import _

if TYPE_CHECKING:
    from pyhanko.sign.signers import SimpleSigner

FIELD_NAME = "deepdecide-signoff"


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

    @property
    def ok(self) -> bool:
        return self.intact and self.valid and not self.error


def _quiet_pyhanko() -> None:
    """pyHanko logs expected outcomes (an untrusted self-signed signer) with tracebacks; the verdict
    is reported by deepdecide, so keep those logs out of the user's terminal unless logging is set up."""
    import logging

    for name in ("pyhanko", "pyhanko_certvalidator"):
        logger = logging.getLogger(name)
        if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
            logger.addHandler(logging.NullHandler())


#: a certificate or PKCS#12 file is a few kilobytes; anything this large is not one
MAX_CERTIFICATE_BYTES = 16 * 1024 * 1024


def _read_certificate_file(name: str) -> bytes:
    """The bytes of a certificate or PKCS#12 file given by a user: a folder, FIFO, socket or device
    is refused before it is opened (``domain.userfiles``); SigningError names the file."""
    from deepdecide.domain.errors import UnreadableFileError
    from deepdecide.domain.userfiles import read_user_file

    try:
        return read_user_file(name, max_bytes=MAX_CERTIFICATE_BYTES)
    except UnreadableFileError as exc:
        if not os.path.exists(name):
            raise SigningError(_("{name}: no such certificate file").format(name=name)) from None
        raise SigningError(f"{name}: {exc.reason}") from None


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


def validate_signatures(pdf: bytes, trust: list[Any] | None = None) -> list[SignatureCheck]:
    """Validate every signature in ``pdf`` offline; any exception makes that signature invalid."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext

    _quiet_pyhanko()
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    results = []
    for sig in reader.embedded_signatures:
        name = sig.field_name or "?"
        try:
            vc = ValidationContext(trust_roots=list(trust or []), allow_fetching=False)
            status = validate_pdf_signature(sig, vc)
        except Exception as exc:
            results.append(SignatureCheck(field_name=name, error=_("cannot be validated: {reason}").format(reason=exc)))
            continue
        try:
            signer = status.signing_cert.subject.human_friendly
        except Exception:
            signer = ""
        try:
            digest = status.signing_cert.sha256
            fingerprint = ":".join(f"{b:02X}" for b in digest)
            self_signed = status.signing_cert.self_signed in ("yes", "maybe")
        except Exception:
            fingerprint, self_signed = "", False
        br = list(sig.byte_range) if sig.byte_range is not None else []
        level = status.modification_level
        mod = level.name.lower().replace("_", " ") if level else ""
        whole = status.coverage == SignatureCoverageLevel.ENTIRE_FILE
        allowed = (ModificationLevel.NONE, ModificationLevel.LTA_UPDATES, ModificationLevel.FORM_FILLING)
        t = sig.self_reported_timestamp
        try:
            reason = str(sig.sig_object.get("/Reason", ""))
        except Exception:  # a damaged signature dictionary: no reason to read
            reason = ""
        results.append(SignatureCheck(
            reason=reason,
            field_name=name,
            signer=signer,
            signing_time=t.isoformat() if t else "",
            intact=bool(status.intact),
            valid=bool(status.valid),
            trusted=bool(status.trusted),
            covers_whole_file=whole,
            signed_up_to=int(br[2] + br[3]) if len(br) == 4 else 0,
            modification=mod,
            modification_ok=whole or level in allowed,
            revision=int(sig.signed_revision),
            fingerprint_sha256=fingerprint,
            self_signed=self_signed,
        ))
    return results
