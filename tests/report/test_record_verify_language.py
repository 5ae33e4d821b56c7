"""A record remembers the language it was written in, and verify rebuilds it in that language."""

from __future__ import annotations

import json

import pytest
from pdf_helpers import SMALL

from deepdecide.cli.main import main
from deepdecide.domain import i18n
from deepdecide.report.build import build
from deepdecide.report.canonical import BUILD_NAME, INPUTS_NAME
from deepdecide.report.embedded import extract_attachments
from deepdecide.report.integrity import INTACT, verify
from deepdecide.storage.files import load_workspace


@pytest.fixture(scope="module")
def records():
    ws = load_workspace(SMALL)
    english = build(ws)
    with i18n.using("es"):
        spanish = build(ws)
    return {"en": english, "es": spanish}


def test_the_language_is_a_build_parameter_and_the_inputs_are_the_same(records):
    en, es = (extract_attachments(records[k]) for k in ("en", "es"))
    assert "language" not in json.loads(en[BUILD_NAME])  # an English record's parameters are as before
    assert json.loads(es[BUILD_NAME])["language"] == "es"
    assert en[INPUTS_NAME] == es[INPUTS_NAME]  # the embedded inputs are locale-independent
    assert records["en"] != records["es"]


def test_a_spanish_record_verifies_byte_for_byte_from_an_english_session(records):
    assert i18n.language() == "en"
    found = verify(records["es"])
    assert found.status == INTACT, found.reasons
    assert found.language == "es"
    assert i18n.language() == "en"  # the rebuild switched only its own block
    assert verify(records["en"]).language == "en"


def test_report_lang_es_then_verify_via_the_cli(tmp_path, capsys):
    out = tmp_path / "registro.pdf"
    assert main(["report", str(SMALL), "--lang", "es", "-o", str(out)]) == 0
    assert "escrito" in capsys.readouterr().out
    assert main(["verify", str(out)]) == 5  # intact, unsigned
    text = capsys.readouterr().out
    assert "intact, unsigned" in text and "[record in es]" in text
    assert main(["--lang", "es", "verify", str(out)]) == 5
    text = capsys.readouterr().out
    assert "íntegro, sin firmar" in text and "idéntico byte a byte" in text


def test_the_record_language_is_read_from_the_build_parameters():
    from deepdecide.report.params import params_language

    assert params_language(b"{}") == "en"  # records made before records had a language
    assert params_language(b'{"language": "es"}') == "es"
    assert params_language(b'{"language": "xx"}') == "en"  # rebuilt in English: the bytes then differ
    assert params_language(b"not json") == "en"
