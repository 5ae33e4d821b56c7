"""verify tells intact from trusted: one exit code per outcome, the worst signature decides, and a
record re-signed with a self-signed certificate bearing an approver's name is never accepted."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
from pathlib import Path

import pytest
from pdf_helpers import P12_PASSWORD, SMALL, make_certificate
from reportlab.pdfgen import canvas

from deepdecide.cli.main import main
from deepdecide.cli.verify_cmd import (
    EXIT_ALTERED,
    EXIT_NOT_A_RECORD,
    EXIT_TRUSTED,
    EXIT_UNREADABLE,
    EXIT_UNSIGNED,
    EXIT_UNTRUSTED,
    OUTCOMES,
)


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue() + err.getvalue()


def _ca_and_signer(folder: Path, signer: str = "Ana Ruiz"):
    """An organisation's CA and a signing certificate it issued: (CA PEM, signer PKCS#12, signer fingerprint)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Example Corp Signing CA"),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Corp")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number())
          .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=365))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                       data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                       crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, signer),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Example Corp")])
    leaf = (x509.CertificateBuilder().subject_name(name).issuer_name(ca_name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.EMAIL_PROTECTION]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    ca_pem = folder / "ca.pem"
    ca_pem.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    p12 = folder / "ana.p12"
    p12.write_bytes(pkcs12.serialize_key_and_certificates(
        b"ana", key, leaf, [ca], serialization.BestAvailableEncryption(P12_PASSWORD.encode())))
    fingerprint = ":".join(f"{b:02X}" for b in leaf.fingerprint(hashes.SHA256()))
    return ca_pem, p12, fingerprint


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pki")
    ca_pem, p12, fingerprint = _ca_and_signer(folder)
    forged_p12, forged_pem = make_certificate(folder, name="Ana Ruiz")  # self-signed, same name
    return {"ca": ca_pem, "p12": p12, "fingerprint": fingerprint, "forged": forged_p12, "forged_pem": forged_pem}


@pytest.fixture(scope="module")
def records(tmp_path_factory, pki):
    folder = tmp_path_factory.mktemp("records")
    out = {}
    for label, p12 in (("genuine", pki["p12"]), ("forged", pki["forged"])):
        pdf = folder / f"{label}.pdf"
        code, text = _run(["report", str(SMALL), "-o", str(pdf), "--sign", str(p12), "--signer", "Ana Ruiz",
                           "--password", P12_PASSWORD])
        assert code == 0, text
        out[label] = pdf
    unsigned = folder / "unsigned.pdf"
    assert _run(["report", str(SMALL), "-o", str(unsigned)])[0] == 0
    out["unsigned"] = unsigned
    return out


def test_the_table_of_outcomes_is_in_the_help():
    code, text = _run(["verify", "--help"])
    assert code == 0
    for exit_code, headline, _meaning in OUTCOMES:
        assert f"  {exit_code}  {headline}:" in text
    assert len({c for c, _h, _m in OUTCOMES}) == len(OUTCOMES)


def test_a_signature_by_a_certificate_of_a_trusted_ca_exits_0(records, pki):
    code, text = _run(["verify", str(records["genuine"]), "--trust", str(pki["ca"])])
    assert code == EXIT_TRUSTED, text
    assert "intact, signed and trusted" in text and pki["fingerprint"] in text


def test_the_same_signature_without_the_ca_is_not_trusted(records, pki):
    code, text = _run(["verify", str(records["genuine"])])
    assert code == EXIT_UNTRUSTED, text
    assert "intact, but a signer is not trusted" in text
    assert "Ana Ruiz" in text and pki["fingerprint"] in text and "chains to no --trust" in text


def test_a_self_signed_forgery_with_an_approvers_name_is_not_accepted(records, pki):
    for extra in ([], ["--trust", str(pki["ca"])]):
        code, text = _run(["verify", str(records["forged"]), *extra])
        assert code == EXIT_UNTRUSTED, text
        assert "self-signed" in text and "SHA-256 fingerprint" in text and "Ana Ruiz" in text
    code, text = _run(["verify", str(records["forged"]), "--json"])
    result = json.loads(text)
    assert result["exit_code"] == EXIT_UNTRUSTED and result["signatures"][0]["self_signed"]
    # trusting that very certificate (obtained out of band) is the user's explicit choice
    code, text = _run(["verify", str(records["forged"]), "--trust", str(pki["forged_pem"])])
    assert code == EXIT_TRUSTED, text


def test_with_several_signatures_the_worst_decides(records, pki, tmp_path):
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers
    from pyhanko.sign.fields import SigSeedSubFilter

    second = signers.SimpleSigner.load_pkcs12(str(pki["forged"]), passphrase=P12_PASSWORD.encode())
    meta = signers.PdfSignatureMetadata(field_name="second-approver", subfilter=SigSeedSubFilter.PADES,
                                        md_algorithm="sha256")
    writer = IncrementalPdfFileWriter(io.BytesIO(records["genuine"].read_bytes()))
    out = io.BytesIO()
    signers.PdfSigner(meta, second).sign_pdf(writer, output=out)
    both = tmp_path / "both.pdf"
    both.write_bytes(out.getvalue())
    code, text = _run(["verify", str(both), "--trust", str(pki["ca"])])
    assert code == EXIT_UNTRUSTED, text
    assert text.count("SHA-256 fingerprint") == 2
    code, text = _run(["verify", str(both), "--trust", str(pki["ca"]), "--trust", str(pki["forged_pem"])])
    assert code == EXIT_TRUSTED, text


def test_unsigned_altered_and_not_a_record_have_their_own_codes(records, tmp_path):
    code, text = _run(["verify", str(records["unsigned"])])
    assert code == EXIT_UNSIGNED and "intact, unsigned" in text
    data = records["unsigned"].read_bytes()
    i = data.index(b"/Title (") + 8
    altered = tmp_path / "altered.pdf"
    altered.write_bytes(data[:i] + b"X" + data[i + 1:])
    code, text = _run(["verify", str(altered)])
    assert code == EXIT_ALTERED and "ALTERED" in text
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawString(100, 700, "an invoice")
    c.save()
    other = tmp_path / "invoice.pdf"
    other.write_bytes(buf.getvalue())
    code, text = _run(["verify", str(other)])
    assert code == EXIT_NOT_A_RECORD and "NOT A DEEPDECIDE RECORD" in text and "ALTERED" not in text


def test_an_unreadable_trust_file_is_a_clear_error(records, tmp_path):
    bad = tmp_path / "ca.pem"
    bad.write_text("not a certificate")
    code, text = _run(["verify", str(records["unsigned"]), "--trust", str(bad)])
    assert code == EXIT_UNREADABLE and str(bad) in text and "Traceback" not in text
    code, text = _run(["verify", str(records["unsigned"]), "--trust", str(tmp_path / "missing.pem")])
    assert code == EXIT_UNREADABLE and "no such certificate file" in text
