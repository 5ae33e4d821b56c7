"""The record-compatibility rule, against the records deepdecide 0.1.0 made (tests/fixtures/records):
``verify`` rebuilds only a record of its own version; a record made by another version is
*unconfirmed* (exit 9, naming the version that made it), never altered for that alone, while every
check that needs no rebuild still runs (footers, streams, inputs, signatures) and a failure of one is
ALTERED. ``diff``, ``revise`` and ``report --since`` read an older record's embedded inputs."""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from deepdecide import __version__
from deepdecide.cli.main import main
from deepdecide.cli.verify_cmd import EXIT_ALTERED, EXIT_UNCONFIRMED, EXIT_UNSIGNED
from deepdecide.domain.errors import ValidationError
from deepdecide.report.canonical import INPUTS_NAME, PREVIOUS_NAME, sha256_hex
from deepdecide.report.embedded import extract_attachments
from deepdecide.report.integrity import ALTERED, INTACT, UNCONFIRMED, verify
from deepdecide.storage import files

KEPT = Path(__file__).resolve().parents[1] / "fixtures" / "records"
CA = KEPT / "signer-ca-0.1.0.pem"
UNSIGNED = ("sample-0.1.0-format1.en.pdf", "sample-0.1.0-format2.en.pdf", "sample-0.1.0-format3.en.pdf",
            "sample-0.1.0-format3.es.pdf")
SIGNED = "sample-0.1.0-format3.en.signed-review.pdf"
HEADLINE = "unconfirmed: made by deepdecide 0.1.0, verify with that version"
integrity = importlib.import_module("deepdecide.report.integrity")


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue() + err.getvalue()


def _kept(name: str) -> bytes:
    return (KEPT / name).read_bytes()


def test_the_kept_records_are_here_and_this_is_a_later_version():
    assert sorted(p.name for p in KEPT.glob("*.pdf")) == sorted((*UNSIGNED, SIGNED))
    assert __version__ != "0.1.0"


@pytest.mark.parametrize("name", [*UNSIGNED, SIGNED])
def test_a_kept_record_is_unconfirmed_naming_the_version_that_made_it(name):
    code, text = _run(["verify", str(KEPT / name), "--trust", str(CA), "--json"])
    result = json.loads(text)
    assert code == EXIT_UNCONFIRMED == result["exit_code"] == 9, text
    assert result["status"] == UNCONFIRMED and result["outcome"] == HEADLINE
    assert result["made_by"]["deepdecide"] == "0.1.0" and result["verified_with"]["deepdecide"] == __version__
    assert result["decision_id"] == "DR-0001"
    assert result["inputs_sha256"] == sha256_hex(extract_attachments(_kept(name))[INPUTS_NAME])
    assert result["language"] == ("es" if ".es." in name else "en")
    for check in ("every page footer shows the SHA-256 of the embedded inputs",
                  "every compressed stream (pages, fonts, embedded files) decodes with its checksum",
                  "the embedded inputs are canonical JSON",
                  f"the embedded inputs are a valid workspace for deepdecide {__version__}"):
        assert check in result["checks"], result["checks"]
    assert "made by deepdecide 0.1.0" in result["reasons"][0] and "Verify it with that version" in result["reasons"][0]


def test_the_text_of_verify_names_the_version_and_says_what_was_checked():
    code, text = _run(["verify", str(KEPT / "sample-0.1.0-format3.en.pdf")])
    assert code == EXIT_UNCONFIRMED, text
    assert text.startswith(f"{KEPT / 'sample-0.1.0-format3.en.pdf'}: {HEADLINE} (decision DR-0001")
    assert "ok: every page footer shows the SHA-256 of the embedded inputs" in text
    assert "note: made by deepdecide 0.1.0" in text and "ALTERED" not in text and "why:" not in text


def test_the_text_of_verify_in_spanish():
    code, text = _run(["--lang", "es", "verify", str(KEPT / "sample-0.1.0-format3.es.pdf")])
    assert code == EXIT_UNCONFIRMED, text
    assert "sin confirmar: hecho por deepdecide 0.1.0, verifíquelo con esa versión" in text, text


def test_the_signed_kept_record_lists_its_valid_signature_trusted_with_its_ca():
    code, text = _run(["verify", str(KEPT / SIGNED), "--trust", str(CA), "--json"])
    result = json.loads(text)
    assert code == EXIT_UNCONFIRMED, text
    [sig] = result["signatures"]
    assert sig["intact"] and sig["valid"] and sig["trusted"] and sig["covers_whole_file"]
    assert "Ana Reviewer" in sig["signer"]
    [signoff] = result["signoffs"]
    assert (signoff["role"], signoff["verdict"], signoff["kind"]) == ("ML Systems Lead", "approve", "review")
    assert signoff["valid"] and signoff["trusted"]
    assert any("intact and valid; trusted" in c for c in result["checks"])
    assert "the signature is an incremental update over exactly the record; nothing follows it" in result["checks"]
    # without the CA the same signature is valid but not trusted; the record is still unconfirmed
    code, text = _run(["verify", str(KEPT / SIGNED)])
    assert code == EXIT_UNCONFIRMED, text
    assert "NOT TRUSTED: chains to no --trust certificate" in text


def _page_stream_offset(pdf: bytes, page: int) -> int:
    """The offset of the first byte of a page's (compressed) content stream."""
    number = PdfReader(io.BytesIO(pdf)).pages[page - 1].raw_get("/Contents").idnum
    start = re.search(rb"(?:^|[\r\n])%d 0 obj" % number, pdf)
    assert start is not None
    return pdf.index(b"stream", start.end()) + len(b"stream\n")


def _flip(pdf: bytes, offset: int) -> bytes:
    return pdf[:offset] + bytes([pdf[offset] ^ 0x01]) + pdf[offset + 1:]


@pytest.mark.parametrize("name", ["sample-0.1.0-format1.en.pdf", "sample-0.1.0-format3.en.pdf",
                                  "sample-0.1.0-format3.es.pdf"])
def test_one_flipped_byte_in_a_page_stream_of_a_kept_record_is_altered(name, tmp_path):
    data = _kept(name)
    for page, into in ((3, 40), (9, 2000)):
        bad = _flip(data, _page_stream_offset(data, page) + into)
        result = verify(bad)
        assert result.status == ALTERED, result.reasons
        assert any(f"the drawing of page {page}" in r and "does not decode" in r for r in result.reasons), \
            result.reasons
    path = tmp_path / "bad.pdf"
    path.write_bytes(bad)
    code, text = _run(["verify", str(path)])
    assert code == EXIT_ALTERED and ": ALTERED" in text and "why: made by deepdecide 0.1.0" in text, text


def test_one_flipped_byte_in_the_signed_kept_record_breaks_its_signature():
    data = _kept(SIGNED)
    bad = _flip(data, _page_stream_offset(data, 5) + 100)
    result = verify(bad, trust=[])
    assert result.status == ALTERED
    assert any("the signed bytes were changed (digest mismatch)" in r for r in result.reasons), result.reasons


def _with_inputs(pdf: bytes, inputs: bytes) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    names = writer.root_object["/Names"]["/EmbeddedFiles"]["/Names"]
    spec = names[names.index(INPUTS_NAME) + 1].get_object()
    spec["/EF"]["/F"].get_object().set_data(inputs)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_kept_record_with_a_swapped_attachment_is_altered(tmp_path):
    spanish = extract_attachments(_kept("sample-0.1.0-format3.es.pdf"))[INPUTS_NAME]
    bad = _with_inputs(_kept("sample-0.1.0-format3.en.pdf"), spanish)
    result = verify(bad)
    assert result.status == ALTERED
    assert result.inputs_sha256 == sha256_hex(spanish)
    assert "do not show the SHA-256 of the embedded inputs" in result.reasons[0], result.reasons
    path = tmp_path / "swapped.pdf"
    path.write_bytes(bad)
    assert _run(["verify", str(path)])[0] == EXIT_ALTERED


def test_kept_inputs_edited_out_of_canonical_form_are_altered():
    data = _kept("sample-0.1.0-format2.en.pdf")
    inputs = extract_attachments(data)[INPUTS_NAME]
    edited = json.dumps(json.loads(inputs), indent=1).encode()
    result = verify(_with_inputs(data, edited))
    assert result.status == ALTERED
    assert "the embedded inputs are not in canonical form: they were edited after the build" in result.reasons


def test_inputs_this_version_cannot_read_leave_a_kept_record_unconfirmed_saying_what_was_not_checked(monkeypatch):
    def refuses(data, file=INPUTS_NAME, **_kw):
        raise ValidationError("unknown field 'tomorrow'", file=file, path="tomorrow")

    monkeypatch.setattr(integrity, "workspace_from_json", refuses)
    result = verify(_kept("sample-0.1.0-format3.en.pdf"))
    assert result.status == UNCONFIRMED
    assert result.decision_id == "DR-0001"  # read from the JSON itself
    assert any(f"not a valid workspace for deepdecide {__version__}" in r and "unknown field 'tomorrow'" in r
               and "not checked here" in r for r in result.reasons), result.reasons


def test_inputs_this_version_writes_otherwise_leave_a_kept_record_unconfirmed(monkeypatch):
    monkeypatch.setattr(integrity, "canonical_json", lambda ws: b"{}")
    result = verify(_kept("sample-0.1.0-format3.en.pdf"))
    assert result.status == UNCONFIRMED
    assert any("writes these inputs otherwise" in r for r in result.reasons), result.reasons


def test_a_record_made_now_verifies_intact_byte_for_byte(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    pdf = tmp_path / "now.pdf"
    code, text = _run(["report", "-o", str(pdf)])
    assert code == 0, text
    code, text = _run(["verify", str(pdf), "--json"])
    result = json.loads(text)
    assert code == EXIT_UNSIGNED and result["status"] == INTACT, text
    assert result["made_by"]["deepdecide"] == __version__
    assert any("identical byte for byte" in c for c in result["checks"])


def test_diff_reads_kept_records():
    code, text = _run(["diff", str(KEPT / "sample-0.1.0-format1.en.pdf"), str(KEPT / SIGNED)])
    assert code == 0, text
    assert "same inputs, same outcome" in text
    assert text.count("unconfirmed: made by deepdecide 0.1.0") == 2 and "ALTERED" not in text


def test_revise_and_report_since_a_kept_record(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    kept = KEPT / "sample-0.1.0-format3.en.pdf"
    earlier = extract_attachments(kept.read_bytes())[INPUTS_NAME]
    ws_path = tmp_path / "rev2.deepdecide.yaml"
    code, text = _run(["revise", str(kept), "-o", str(ws_path)])
    assert code == 0, text
    # another version's record is unconfirmed here, never altered: accepted, with a note
    assert "unconfirmed: made by deepdecide 0.1.0, verify with that version" in text
    assert "the new revision records it as unconfirmed" in text and "ALTERED" not in text
    ws = files.load_workspace(ws_path)
    assert ws.decision.revision == 2 and ws.decision.previous.inputs_sha256 == sha256_hex(earlier)
    files.save_workspace(dataclasses.replace(ws, demand=dataclasses.replace(ws.demand, output_tokens_per_s=250_000)),
                         ws_path)
    record = tmp_path / "rev2.pdf"
    code, text = _run(["report", str(ws_path), "-o", str(record), "--since", str(kept)])
    assert code == 0, text
    assert "note: " in text and "unconfirmed: made by deepdecide 0.1.0" in text
    data = record.read_bytes()
    assert extract_attachments(data)[PREVIOUS_NAME] == earlier
    assert verify(data).status == INTACT
    pages = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)
    assert "Appendix: changes since revision 1" in pages
    assert (f"the PDF file with SHA-256 {sha256_hex(kept.read_bytes())}): unconfirmed: made by deepdecide 0.1.0, "
            "verify with that version (exit code 9)") in pages
    assert "demand demand.output_tokens_per_s 200,000 250,000" in pages
    code, text = _run(["diff", str(kept), str(record)])
    assert code == 1 and "output_tokens_per_s" in text, text
