"""verify: intact records pass; a change to text, drawing, metadata, attachment or appended bytes is caught
and explained; signatures are PAdES incremental updates that independent validators accept."""

from __future__ import annotations

import contextlib
import io
import subprocess

import pytest
from pdf_helpers import P12_PASSWORD, need
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from deepdecide.report import SignRequest, build, write_record
from deepdecide.report.canonical import INPUTS_NAME
from deepdecide.report.embedded import UnreadableRecord
from deepdecide.report.integrity import ALTERED, INTACT, NOT_A_RECORD, verify
from deepdecide.report.signing import SigningError, load_trust


def _flip_inside(data: bytes, marker: bytes, delta: int = 1) -> bytes:
    """Change one byte just after ``marker`` (outside compressed streams when the marker is plain text)."""
    i = data.index(marker) + len(marker)
    return data[:i] + bytes([(data[i] + delta) % 256]) + data[i + 1:]


def test_an_untouched_record_is_intact(record):
    result = verify(record)
    assert result.status == INTACT
    assert result.decision_id == "DR-0042"
    assert "identical byte for byte" in result.checks[0]


def test_a_changed_metadata_byte_is_caught(record):
    bad = _flip_inside(record, b"/Title (")
    result = verify(bad)
    assert result.status == ALTERED
    assert any("metadata" in r for r in result.reasons), result.reasons


def test_text_stamped_on_a_page_is_caught_and_located(record):
    overlay = io.BytesIO()
    c = canvas.Canvas(overlay)
    c.drawString(100, 400, "APPROVED BY THE BOARD")
    c.save()
    stamp = PdfReader(io.BytesIO(overlay.getvalue())).pages[0]
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(record)))
    writer.pages[1].merge_page(stamp)
    out = io.BytesIO()
    writer.write(out)
    result = verify(out.getvalue())
    assert result.status == ALTERED
    assert any("page 2" in r and "APPROVED" in r for r in result.reasons), result.reasons


def test_a_replaced_attachment_is_caught(record, small_ws):
    import dataclasses

    other = dataclasses.replace(small_ws, decision=dataclasses.replace(small_ws.decision, chosen_option=""))
    other_inputs = PdfReader(io.BytesIO(build(other))).attachments[INPUTS_NAME][0]
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(record)))
    names = writer.root_object["/Names"]["/EmbeddedFiles"]["/Names"]
    spec = names[names.index(INPUTS_NAME) + 1].get_object()
    spec["/EF"]["/F"].get_object().set_data(other_inputs)
    out = io.BytesIO()
    writer.write(out)
    result = verify(out.getvalue())
    assert result.status == ALTERED
    assert "the attachment was replaced or edited" in result.reasons[0], result.reasons
    assert len(result.reasons) == 2


def test_an_appended_update_that_is_not_a_signature_is_caught(record):
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    w = IncrementalPdfFileWriter(io.BytesIO(record))
    w.root["/PageMode"] = generic.NameObject("/UseOutlines")
    w.update_root()
    out = io.BytesIO()
    w.write(out)
    result = verify(out.getvalue())
    assert result.status == ALTERED
    assert any("appended after the record" in r for r in result.reasons), result.reasons


def test_not_a_pdf_is_unreadable():
    with pytest.raises(UnreadableRecord, match="not a PDF"):
        verify(b"hello, not a pdf")


def test_a_pdf_without_inputs_is_not_a_record():
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawString(100, 700, "some other document")
    c.save()
    result = verify(buf.getvalue())
    assert result.status == NOT_A_RECORD
    assert "not made by deepdecide" in result.reasons[0]


def test_a_record_whose_inputs_were_removed_is_altered(record):
    reader = PdfReader(io.BytesIO(record))
    writer = PdfWriter()
    for page in reader.pages:
        writer.add_page(page)
    writer.add_metadata({"/Producer": "deepdecide (reportlab)"})
    out = io.BytesIO()
    writer.write(out)
    result = verify(out.getvalue())
    assert result.status == ALTERED
    assert "missing" in result.reasons[0] and "removed" in result.reasons[0]


# ---------------------------------------------------------------------------------------------
# signatures


def test_signed_record_starts_with_the_exact_record_and_verifies(signed, record, certificate):
    data = signed.read_bytes()
    assert data.startswith(record) and len(data) > len(record)
    result = verify(data, trust=load_trust([str(certificate[1])]))
    assert result.status == INTACT, result.reasons
    assert result.signatures[0].trusted and result.signatures[0].revision == 1
    assert "Ana Ruiz" in result.signatures[0].signer
    untrusted = verify(data)
    assert untrusted.status == INTACT and not untrusted.signatures[0].trusted


def test_one_changed_byte_in_a_signed_record_is_caught(signed):
    bad = _flip_inside(signed.read_bytes(), b"/Title (")
    result = verify(bad)
    assert result.status == ALTERED
    assert any("digest mismatch" in r or "signed bytes were changed" in r for r in result.reasons), result.reasons


def test_pdfsig_accepts_the_signature_and_rejects_a_changed_byte(signed, tmp_path):
    tool = need("pdfsig")
    good = subprocess.run([tool, str(signed)], capture_output=True, text=True).stdout
    assert "Signature Validation: Signature is Valid." in good
    assert "Total document signed" in good
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(_flip_inside(signed.read_bytes(), b"/Title ("))
    out = subprocess.run([tool, str(bad)], capture_output=True, text=True).stdout
    assert "Signature is Valid." not in out
    assert "Digest Mismatch" in out


def test_pyhanko_cli_accepts_the_signature_and_rejects_a_changed_byte(signed, certificate, tmp_path):
    tool = need("pyhanko") if False else None  # the CLI is installed next to the interpreter
    import sys
    from pathlib import Path

    exe = Path(sys.executable).with_name("pyhanko")
    if not exe.exists():
        pytest.skip("pyhanko-cli is not installed")
    del tool
    cmd = [str(exe), "sign", "validate", "--trust", str(certificate[1]), "--trust-replace", "--executive-summary"]
    ok = subprocess.run([*cmd, str(signed)], capture_output=True, text=True)
    assert ok.returncode == 0 and "VALID" in ok.stdout, ok.stdout + ok.stderr
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(_flip_inside(signed.read_bytes(), b"/Title ("))
    rejected = subprocess.run([*cmd, str(bad)], capture_output=True, text=True)
    assert rejected.returncode != 0 and "INVALID" in rejected.stdout


def test_wrong_password_is_a_clear_error_and_writes_nothing(small_ws, certificate, tmp_path):
    target = tmp_path / "r.pdf"
    with pytest.raises(SigningError, match="wrong password"):
        write_record(small_ws, target, sign=SignRequest(str(certificate[0]), b"not it", "Ana Ruiz"))
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_keeps_the_existing_file(small_ws, certificate, tmp_path):
    target = tmp_path / "r.pdf"
    target.write_bytes(b"old record")
    with pytest.raises(SigningError):
        write_record(small_ws, target, sign=SignRequest(str(certificate[0]), b"nope", "Ana Ruiz"))
    assert target.read_bytes() == b"old record"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pdf"]


def test_missing_certificate_names_the_file(small_ws, tmp_path):
    with pytest.raises(SigningError, match="no-such.p12: no such certificate file"):
        write_record(small_ws, tmp_path / "r.pdf", sign=SignRequest(str(tmp_path / "no-such.p12"), b"x", "A"))


def test_signing_keeps_the_password_out_of_the_file(signed):
    assert P12_PASSWORD.encode() not in signed.read_bytes()


def test_a_changed_drawing_with_the_same_text_is_caught(record):
    from pypdf.generic import DecodedStreamObject, NameObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(record)))
    # the first page drawing the throughput chart of the small workspace (its first series' colour)
    number, page = next((i, p) for i, p in enumerate(writer.pages, start=1)
                        if b"0 .447059 .698039 RG" in p["/Contents"].get_object().get_data())
    data = page["/Contents"].get_object().get_data()
    recoloured = DecodedStreamObject()
    recoloured.set_data(data.replace(b"0 .447059 .698039 RG", b"1 0 0 RG", 1))
    page[NameObject("/Contents")] = writer._add_object(recoloured)
    out = io.BytesIO()
    writer.write(out)
    result = verify(out.getvalue())
    assert result.status == ALTERED
    assert any(f"page {number}: the drawing differs" in r for r in result.reasons), result.reasons


def test_a_record_from_other_software_is_unconfirmed_not_intact(record, monkeypatch, tmp_path):
    import json

    from deepdecide.cli.main import main
    from deepdecide.cli.verify_cmd import EXIT_UNCONFIRMED
    from deepdecide.report import integrity, params

    real = params.generator_info
    made_with = real()["reportlab"]
    for module in (params, integrity):  # the software this verify runs with, wherever it is read
        monkeypatch.setattr(module, "generator_info", lambda: {**real(), "reportlab": "99.0"})
    result = verify(record)
    assert result.status == "unconfirmed"
    assert f"reportlab {made_with}" in result.reasons[0] and "reportlab 99.0" in result.reasons[0]
    assert any("every page footer" in c for c in result.checks)
    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(record)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["verify", str(pdf), "--json"])
    found = json.loads(out.getvalue())
    assert code == EXIT_UNCONFIRMED == found["exit_code"]
    assert found["outcome"] == (f"unconfirmed: made by deepdecide {real()['deepdecide']} with reportlab {made_with}, "
                                "verify with that software")


def test_a_change_after_the_signature_is_caught(signed):
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    w = IncrementalPdfFileWriter(io.BytesIO(signed.read_bytes()))
    w.root["/PageMode"] = generic.NameObject("/UseOutlines")
    w.update_root()
    out = io.BytesIO()
    w.write(out)
    result = verify(out.getvalue())
    assert result.status == ALTERED
    assert any("after the last signature" in r for r in result.reasons), result.reasons


def test_signed_file_passes_qpdf_check(signed):
    tool = need("qpdf")
    proc = subprocess.run([tool, "--check", str(signed)], capture_output=True, text=True)
    assert proc.returncode == 0 and "WARNING" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr


def test_every_page_renders_with_pdftoppm(record, tmp_path):
    tool = need("pdftoppm")
    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(record)
    subprocess.run([tool, "-png", "-r", "30", str(pdf), str(tmp_path / "p")], check=True, capture_output=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    assert len(pngs) == len(PdfReader(io.BytesIO(record)).pages)
    sizes = {p.stat().st_size for p in pngs}
    assert min(sizes) > 2000  # not blank pages


def test_a_truncated_record_is_unreadable(record):
    with pytest.raises(UnreadableRecord, match="damaged or truncated"):
        verify(record[:-500])
