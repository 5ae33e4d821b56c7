"""No English word of ours in a Spanish record: the Spanish sample's and one with every third-party
fixture imported. The record's text (every page, pypdf's reading) is checked with the command-line
sweep's list of English words and its allowances (user text of the sample, paths, ids); third-party
words (source titles, as-of notes, locators, the support matrix's notes) may stay in their language
only where the record marks them as quotations, between «guillemets»."""

from __future__ import annotations

import io
import re
import shutil
import sys
from pathlib import Path

import pytest

from deepdecide.domain import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from test_spanish_sweep import ENGLISH, _english_numbers, _strip_allowed


def record_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def english_in(text: str) -> list[str]:
    """Each English word of ours left in ``text`` with its line, quotations (even across lines) set aside."""
    text = re.sub(r"«[^»]*»", " ", text)
    return [f"{m.group(0)!r} in {line.strip()[:140]!r}" for line in text.splitlines()
            for m in [ENGLISH.search(_strip_allowed(line))] if m]


def test_a_quotation_across_lines_is_set_aside():
    assert english_in("Fuentes: «measured on\nSGLang» y nada más") == []
    assert english_in("Fuentes: measured on SGLang") == ["'on' in 'Fuentes: measured on SGLang'"]


@pytest.fixture(scope="module")
def spanish_sample_record() -> bytes:
    from deepdecide.report import build
    from deepdecide.storage.files import builtin_sample

    with i18n.using("es"):
        return build(builtin_sample("es"))


def test_the_spanish_sample_record_has_no_english_word(spanish_sample_record):
    found = english_in(record_text(spanish_sample_record))
    assert not found, found


def all_fixtures_workspace(shared_fixtures: Path, folder: Path) -> Path:
    """The Spanish sample with every file of the shared fixtures imported (as third-party results on
    8 H100 where a file does not say what it ran on)."""
    from deepdecide.cli.main import main
    from deepdecide.storage.files import sample_workspace_path

    ws = folder / "todo.deepdecide.yaml"
    shutil.copy(sample_workspace_path("es"), ws)
    with i18n.using("es"):
        main(["--lang", "es", "import", str(shared_fixtures), "--into", str(ws), "--kind", "third-party",
              "--keep-going", "--from-names", "--runtime", "vllm", "--platform", "nv-h100", "--gpus", "8"])
    return ws


@pytest.fixture(scope="module")
def all_fixtures_record(shared_fixtures, tmp_path_factory) -> bytes:
    """That workspace's record, in Spanish."""
    from deepdecide.cli.main import main

    folder = tmp_path_factory.mktemp("all")
    ws = all_fixtures_workspace(shared_fixtures, folder)
    pdf = folder / "todo.pdf"
    with i18n.using("es"):
        assert main(["--lang", "es", "report", str(ws), "-o", str(pdf)]) == 0
    return pdf.read_bytes()


@pytest.mark.slow
def test_a_spanish_record_of_every_fixture_has_no_english_word(all_fixtures_record):
    found = english_in(record_text(all_fixtures_record))
    assert not found, found


#: a run's field by its id ("gpu_count given by the user", "platform indicado por el usuario"), not a
#: command-line option (--platform) nor part of a longer id
RUN_FIELD_ID = re.compile(r"(?<![\w-])(gpu_count|platform|runtime_version|quantization|output_tps_per_gpu|"
                          r"output_throughput_tps|total_throughput_tps)(?![\w-])")


@pytest.mark.slow
def test_the_data_quality_notes_name_fields_in_words(all_fixtures_record):
    """The record's data-quality notes (every fixture imported, in Spanish) name a run's fields in words
    ("número de GPU: lo indicó el usuario", "plataforma: el archivo dice ..."), never by their ids;
    quotations aside."""
    text = record_text(all_fixtures_record)
    notes = re.sub(r"«[^»]*»", " ", text[text.index("Notas sobre la calidad de los datos"):])
    found = [line.strip()[:140] for line in notes.splitlines() if RUN_FIELD_ID.search(line)]
    assert not found, found[:10]


#: an ISO date or month ("2026-11-29", "2027-03") standing alone, not part of a path, a version or a name
ISO_DATE = re.compile(r"(?<![\w~/.@-])\d{4}-\d{2}(?:-\d{2})?(?![\w/-])")


def iso_dates_in(text: str) -> list[str]:
    """Each ISO date left in ``text`` with its line, quotations set aside."""
    text = re.sub(r"«[^»]*»", " ", text)
    return [f"{m.group(0)} in {line.strip()[:120]!r}" for line in text.splitlines() for m in ISO_DATE.finditer(line)]


def test_the_spanish_sample_record_writes_its_dates_in_spanish(spanish_sample_record):
    assert [x.split()[0] for x in iso_dates_in("desde 2026-11 (36 meses); «2026-05-28»; v0.5.15 ~2026-07")] == [
        "2026-11"]
    found = iso_dates_in(record_text(spanish_sample_record))
    assert not found, found


def test_the_spanish_sample_record_writes_each_currency_symbol_once(spanish_sample_record):
    text = record_text(spanish_sample_record)
    assert "US$/persona-semana" in text or "US$/GPU-h" in text
    assert "USUS$" not in text and "US$$" not in text


#: a version after the product it is of ("CANN 9.2", "Python 3.12", "compute capability 7.5"): not a decimal
VERSION = re.compile(r"\b(?:CANN|Python|capability|CUDA|GCC|vLLM|SGLang|esquema)\s+\d+(?:\.\d+)+")


def test_the_spanish_sample_record_writes_its_numbers_in_spanish(spanish_sample_record):
    """Decimals, money and grouping follow the locale ("54,71 ms", "1.234,5 US$") on every page of the
    Spanish sample's record; versions and quotations aside."""
    found = _english_numbers(VERSION.sub(" ", record_text(spanish_sample_record)))
    assert not found, found


def _field_ids() -> re.Pattern[str]:
    """A run's or a parity check's field by its id ("ttft_ms_p50", "duration_s", "tpot_ms"), standing alone:
    not part of a longer id or a path, nor a command line's mapping (--unit ttft_ms=s)."""
    import dataclasses

    from deepdecide.domain.evidence import LATENCY_METRICS, BenchmarkRun, ParityCheck

    ids = {f.name for c in (BenchmarkRun, ParityCheck) for f in dataclasses.fields(c) if "_" in f.name}
    ids |= set(LATENCY_METRICS)
    return re.compile(r"(?<![\w\-/.:=])(" + "|".join(sorted(ids, key=len, reverse=True)) + r")(?![\w\-/=])")


def field_ids_in(text: str) -> list[str]:
    """Each field id left in ``text`` with its line, quotations (the file's own words) set aside."""
    pattern = _field_ids()
    text = re.sub(r"«[^»]*»", " ", text)
    return [f"{m.group(1)} in {line.strip()[:140]!r}" for line in text.splitlines() for m in [pattern.search(line)] if m]


def test_a_field_id_and_an_english_figure_are_caught():
    """The checks below catch what the Spanish record of every fixture said before its notes were fixed."""
    before = "• F34 (todas las ejecuciones): ttft_ms_p50 es 0.20354 ms, y ningún modelo servido responde"
    assert field_ids_in(before) and _english_numbers(before)
    assert field_ids_in("lote estático: ttft_ms_mean es el paso de prefill") != []
    after = ("• F34 (todas las ejecuciones): TTFT p50 es 0,20354 ms; importe las cifras con --unit ttft_ms=s; "
             "«ttft_ms_mean es last_ttft»; aiperf 0.11.0 (esquema 1.3)")
    assert field_ids_in(after) == [] and _english_numbers(VERSION.sub(" ", after)) == []


@pytest.mark.slow
def test_a_spanish_record_of_every_fixture_writes_figures_in_spanish_and_fields_in_words(all_fixtures_record):
    """With every fixture imported, the Spanish record's notes write a file's figures in the language's
    decimals ("TTFT p50 es 0,20354 ms", not "ttft_ms_p50 es 0.20354 ms") and name every field in words
    (ids stay in --json, the export's id columns and the YAML); versions and the files' own words, quoted,
    aside."""
    text = record_text(all_fixtures_record)
    found = _english_numbers(VERSION.sub(" ", text))
    assert not found, found[:10]
    ids = field_ids_in(text)
    assert not ids, ids[:10]
