"""A throw-away PKI for the approval tests: an organisation CA, approver certificates it issues, and a
self-signed forgery, written as PEM (CA) and PKCS#12 (approvers) with ``cryptography``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
PASSWORD = b"test-only"


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Org"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _cert(subject: str, key, issuer: str, issuer_key, *, ca: bool) -> x509.Certificate:
    b = (x509.CertificateBuilder().subject_name(_name(subject)).issuer_name(_name(issuer))
         .public_key(key.public_key()).serial_number(x509.random_serial_number())
         .not_valid_before(NOW).not_valid_after(NOW + dt.timedelta(days=3650))
         .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ca:
        b = b.add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                          data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                          crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
    else:
        b = b.add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                                          data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                          crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        b = b.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.EMAIL_PROTECTION]), critical=False)
    return b.sign(issuer_key, hashes.SHA256())


class Pki:
    def __init__(self, folder: Path):
        self.folder = folder
        self.ca_key = ec.generate_private_key(ec.SECP256R1())
        self.ca = _cert("Example Org Approval CA", self.ca_key, "Example Org Approval CA", self.ca_key, ca=True)
        self.ca_pem = folder / "ca.pem"
        self.ca_pem.write_bytes(self.ca.public_bytes(serialization.Encoding.PEM))
        self.password_file = folder / "password.txt"
        self.password_file.write_bytes(PASSWORD + b"\n")

    def approver(self, cn: str) -> Path:
        key = ec.generate_private_key(ec.SECP256R1())
        cert = _cert(cn, key, "Example Org Approval CA", self.ca_key, ca=False)
        return self._p12(cn, key, cert, [self.ca])

    def self_signed(self, cn: str) -> Path:
        key = ec.generate_private_key(ec.SECP256R1())
        return self._p12(cn + " (self-signed)", key, _cert(cn, key, cn, key, ca=False), [])

    def _p12(self, label: str, key, cert, chain) -> Path:
        path = self.folder / (label.lower().replace(" ", "-").replace("(", "").replace(")", "") + ".p12")
        path.write_bytes(pkcs12.serialize_key_and_certificates(
            label.encode(), key, cert, chain or None, serialization.BestAvailableEncryption(PASSWORD)))
        return path
