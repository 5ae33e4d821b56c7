"""A throw-away PKI for the approval tests: an organisation CA, approver certificates it issues (with
their e-mail, so that a sign-off row can name them), certificates that must be refused (expired,
not yet valid, not for signing), a revocation list, a self-signed forgery, and an RFC 3161
timestamp authority served over HTTP (pyHanko's test timestamper), written as PEM (CA, CRL) and
PKCS#12 (approvers) with ``cryptography``."""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
PASSWORD = b"test-only"
CA_NAME = "Example Org Approval CA"


def _name(cn: str, email: str = "") -> x509.Name:
    attrs = [x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Org"), x509.NameAttribute(NameOID.COMMON_NAME, cn)]
    if email:
        attrs.append(x509.NameAttribute(NameOID.EMAIL_ADDRESS, email))
    return x509.Name(attrs)


def _usage(*, sign: bool, ca: bool = False) -> x509.KeyUsage:
    return x509.KeyUsage(digital_signature=sign or ca, content_commitment=sign, key_encipherment=not sign and not ca,
                         data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                         encipher_only=False, decipher_only=False)


def email_of(cn: str) -> str:
    return cn.lower().replace(" ", ".") + "@example.org"


def fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex()


class Pki:
    def __init__(self, folder: Path):
        self.folder = folder
        self.ca_key = ec.generate_private_key(ec.SECP256R1())
        self.ca = (x509.CertificateBuilder().subject_name(_name(CA_NAME)).issuer_name(_name(CA_NAME))
                   .public_key(self.ca_key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(NOW).not_valid_after(NOW + dt.timedelta(days=3650))
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .add_extension(_usage(sign=False, ca=True), critical=True)
                   .sign(self.ca_key, hashes.SHA256()))
        self.ca_pem = folder / "ca.pem"
        self.ca_pem.write_bytes(self.ca.public_bytes(serialization.Encoding.PEM))
        self.password_file = folder / "password.txt"
        self.password_file.write_bytes(PASSWORD + b"\n")
        self.certs: dict[Path, x509.Certificate] = {}

    @property
    def ca_sha256(self) -> str:
        """The CA certificate's SHA-256 fingerprint, as a sign-off row names it."""
        return fingerprint(self.ca)

    def _issue(self, cn: str, key, *, email: str, not_before: dt.datetime, not_after: dt.datetime, sign: bool,
               eku=ExtendedKeyUsageOID.EMAIL_PROTECTION) -> x509.Certificate:
        b = (x509.CertificateBuilder().subject_name(_name(cn, email)).issuer_name(self.ca.subject)
             .public_key(key.public_key()).serial_number(x509.random_serial_number())
             .not_valid_before(not_before).not_valid_after(not_after)
             .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
             .add_extension(_usage(sign=sign), critical=True)
             .add_extension(x509.ExtendedKeyUsage([eku]), critical=eku == ExtendedKeyUsageOID.TIME_STAMPING))
        if email:
            b = b.add_extension(x509.SubjectAlternativeName([x509.RFC822Name(email)]), critical=False)
        return b.sign(self.ca_key, hashes.SHA256())

    def approver(self, cn: str, *, email: str | None = None, not_before: dt.datetime = NOW,
                 not_after: dt.datetime = NOW + dt.timedelta(days=3650), sign: bool = True, label: str = "") -> Path:
        """A PKCS#12 file with the key and the certificate the CA issued to ``cn`` (e-mail: theirs by
        default), the CA certificate as its chain."""
        key = ec.generate_private_key(ec.SECP256R1())
        cert = self._issue(cn, key, email=email_of(cn) if email is None else email, not_before=not_before,
                           not_after=not_after, sign=sign)
        return self._p12(label or cn, key, cert, [self.ca])

    def expired(self, cn: str) -> Path:
        return self.approver(cn, not_before=NOW - dt.timedelta(days=800), not_after=NOW - dt.timedelta(days=1),
                             label=cn + " expired")

    def not_yet_valid(self, cn: str) -> Path:
        start = dt.datetime.now(dt.UTC) + dt.timedelta(days=365)
        return self.approver(cn, not_before=start, not_after=start + dt.timedelta(days=365),
                             label=cn + " not yet valid")

    def not_for_signing(self, cn: str) -> Path:
        return self.approver(cn, sign=False, label=cn + " encipherment only")

    def self_signed(self, cn: str) -> Path:
        key = ec.generate_private_key(ec.SECP256R1())
        email = email_of(cn)
        cert = (x509.CertificateBuilder().subject_name(_name(cn, email)).issuer_name(_name(cn, email))
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(NOW).not_valid_after(NOW + dt.timedelta(days=3650))
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(_usage(sign=True), critical=True)
                .add_extension(x509.SubjectAlternativeName([x509.RFC822Name(email)]), critical=False)
                .sign(key, hashes.SHA256()))
        return self._p12(cn + " (self-signed)", key, cert, [])

    def crl(self, revoked: list[Path], name: str = "revoked.crl.pem") -> Path:
        """A revocation list of the CA listing the certificates of ``revoked`` (PKCS#12 files made here)."""
        b = (x509.CertificateRevocationListBuilder().issuer_name(self.ca.subject)
             .last_update(NOW + dt.timedelta(days=1)).next_update(NOW + dt.timedelta(days=3000)))
        for p in revoked:
            b = b.add_revoked_certificate(x509.RevokedCertificateBuilder().serial_number(self.certs[p].serial_number)
                                          .revocation_date(NOW + dt.timedelta(days=1)).build())
        path = self.folder / name
        path.write_bytes(b.sign(self.ca_key, hashes.SHA256()).public_bytes(serialization.Encoding.PEM))
        return path

    def _p12(self, label: str, key, cert, chain) -> Path:
        path = self.folder / (label.lower().replace(" ", "-").replace("(", "").replace(")", "") + ".p12")
        path.write_bytes(pkcs12.serialize_key_and_certificates(
            label.encode(), key, cert, chain or None, serialization.BestAvailableEncryption(PASSWORD)))
        self.certs[path] = cert
        return path

    @contextlib.contextmanager
    def timestamp_authority(self) -> Iterator[str]:
        """An RFC 3161 timestamp authority of the CA on a local HTTP port (pyHanko's test timestamper
        answering real requests); yields its URL."""
        from asn1crypto import keys, tsp
        from asn1crypto import x509 as asn1_x509
        from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper

        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)  # pyHanko's test TSA signs with RSA
        cert = self._issue("Example Org Timestamp Authority", key, email="", not_before=NOW,
                           not_after=NOW + dt.timedelta(days=3650), sign=True, eku=ExtendedKeyUsageOID.TIME_STAMPING)
        stamper = DummyTimeStamper(
            tsa_cert=asn1_x509.Certificate.load(cert.public_bytes(serialization.Encoding.DER)),
            tsa_key=keys.PrivateKeyInfo.load(key.private_bytes(serialization.Encoding.DER,
                                                               serialization.PrivateFormat.PKCS8,
                                                               serialization.NoEncryption())))

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                answer = stamper.request_tsa_response(tsp.TimeStampReq.load(body)).dump()
                self.send_response(200)
                self.send_header("Content-Type", "application/timestamp-reply")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):  # quiet
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/tsa"
        finally:
            server.shutdown()
            server.server_close()
