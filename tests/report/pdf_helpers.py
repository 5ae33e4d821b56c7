"""Helpers shared by the report and CLI tests: the small workspace path, a test certificate, tool lookup."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "report"
SMALL = FIXTURES / "small.deepdecide.yaml"
P12_PASSWORD = "correct horse battery staple"
#: the day the tests' records are exported (an input of the build: ``build(export_day=...)`` or
#: ``DEEPDECIDE_TODAY``): the small workspace's own date
EXPORT_DAY = "2026-11-20"


def make_certificate(folder: Path, name: str = "Ana Ruiz", password: str = P12_PASSWORD) -> tuple[Path, Path]:
    """A self-signed RSA-2048 signing certificate: (PKCS#12 file, PEM certificate)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import NameOID

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "deepdecide tests")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                     crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        .sign(key, hashes.SHA256())
    )
    p12 = folder / "signer.p12"
    p12.write_bytes(pkcs12.serialize_key_and_certificates(
        b"signer", key, cert, None, serialization.BestAvailableEncryption(password.encode())))
    pem = folder / "signer.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return p12, pem


def need(tool: str) -> str:
    path = shutil.which(tool)
    if not path:
        pytest.skip(f"{tool} is not installed (Debian: poppler-utils / qpdf)")
    return path
