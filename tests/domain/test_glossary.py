"""One term per concept: data/locale/glossary.csv gives each domain concept its Spanish term, and no
surface (every Spanish string of the widgets, the command line and the record: the .po) uses another
word for it. A planted variant proves the check fails."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po"
#: the concepts the glossary must hold at least (the issue that made it lists them)
SEEDED = {"throughput": "rendimiento", "runtime": "runtime", "proxy": "proxy", "fits the workload": "encaja",
          "all-in": "coste completo", "peak": "pico", "draws": "extracción", "P(best)": "P(mejor)",
          "verdict": "veredicto", "builds (evidence rung)": "compila", "correct (evidence rung)": "correcto",
          "performs (evidence rung)": "rinde"}


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def terms(tool):
    return tool.read_glossary()


def test_the_glossary_holds_the_seeded_concepts_each_with_one_term(terms):
    by_concept = {t.concept: t for t in terms}
    for concept, spanish in SEEDED.items():
        assert concept in by_concept, f"{concept} is not in the glossary"
        assert by_concept[concept].spanish[0] == spanish
    for t in terms:
        assert t.english and t.spanish and t.notes, t.concept
        assert not set(f.lower() for f in t.forbidden) & set(s.lower() for s in t.spanish), t.concept


def test_every_spanish_string_uses_the_glossary_terms(tool, terms):
    """Fails on a translation that names a glossary concept with another word (fix the .po, or the
    glossary's ``other_senses`` where the English word means something else)."""
    found = tool.glossary_problems(tool._read(CATALOG), terms, CATALOG.name)
    assert not found, "\n".join(found)


def _one(english: str, spanish: str, context: str | None = None) -> Catalog:
    cat = Catalog(locale="es")
    cat.add(english, spanish, context=context)
    return cat


@pytest.mark.parametrize(("english", "spanish", "concept"), [
    ("Throughput per GPU", "Throughput por GPU", "throughput"),  # the loanword the article does not use
    ("Throughput per GPU", "Caudal por GPU", "throughput"),
    ("only this runtime (repeatable)", "solo este motor (repetible)", "runtime"),
    ("proxy accepted: {reason}", "sustituta aceptada: {reason}", "proxy"),
    ("Fits the workload", "Se ajusta a la carga", "fits the workload"),
    ("mismatch", "no coincide", "matches the workload"),
    ("TCO over the horizon, all-in", "TCO del horizonte, todo incl.", "all-in"),
    ("Peak demand", "Demanda punta", "peak"),
    ("best in %1 of %2 Monte Carlo draws", "la mejor en %1 de %2 muestras de Monte Carlo", "draws"),
    ("P(first)", "P(primera)", "P(best)"),
    ("Parity verdicts", "Dictámenes de paridad", "verdict"),
    ("counts for builds only", "cuenta solo para «construye»", "builds (evidence rung)"),
    ("performs is not reached", "no se alcanza el rendimiento", "performs (evidence rung)"),
])
def test_a_planted_variant_fails(tool, terms, english, spanish, concept):
    found = tool.glossary_problems(_one(english, spanish), terms, "planted.po")
    assert found and any(f"glossary: {concept!r}" in f for f in found), found


def test_the_terms_themselves_pass_and_other_senses_are_left_alone(tool, terms):
    for english, spanish in (("Throughput per GPU", "Rendimiento por GPU"),
                             ("only this runtime (repeatable)", "solo este runtime (repetible)"),
                             ("{n} proxy runs", "{n} ejecuciones proxy"),
                             ("Peak demand", "Demanda pico"),
                             # a digest that matches, a greedy match, correct answers: not the concepts
                             ("the record matches its embedded inputs", "el registro coincide con sus entradas"),
                             ("greedy_match {ruleset}: match rate {value}", "greedy_match {ruleset}: tasa de coincidencia {value}"),
                             ("correct {correct} is more than total {total}", "correctas {correct} es más que el total {total}"),
                             ("output_throughput_tps / gpu_count", "output_throughput_tps / gpu_count"),
                             ("their digest no longer matches", "su resumen ya no coincide"),
                             # "motor" is the engine: allowed where the English says engine too
                             ("the engine, {runtime}, is the runtime", "el motor, {runtime}, es el runtime")):
        assert tool.glossary_problems(_one(english, spanish), terms, "x.po") == [], english


def test_a_word_that_is_the_concept_only_in_its_context():
    """"matches" is the applicability only in the vocabulary's context (elsewhere a digest matches)."""
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool
    spec.loader.exec_module(tool)
    terms = tool.read_glossary()
    assert tool.glossary_problems(_one("matches", "coincide", "applicability"), terms, "x.po")
    assert not tool.glossary_problems(_one("matches", "encaja", "applicability"), terms, "x.po")
    assert not tool.glossary_problems(_one("matches", "coincide"), terms, "x.po")


def test_the_catalog_check_reports_a_glossary_variant(tool, tmp_path, monkeypatch):
    """``tools/i18n.py check`` (and so tests/domain/test_catalog.py) fails on a planted variant too."""
    import shutil

    dst = tmp_path / "es" / "LC_MESSAGES"
    shutil.copytree(CATALOG.parent, dst)
    po = dst / "deepdecide.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "Rendimiento"' in text
    po.write_text(text.replace('msgstr "Rendimiento"', 'msgstr "Throughput"', 1), encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    found = "\n".join(tool.problems())
    assert "glossary: 'throughput' is 'rendimiento'" in found
