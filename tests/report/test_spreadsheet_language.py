"""The export's comparison speaks the interface language (headers, statuses, strategies), while
the option ids, runtime and platform ids, numbers and the "basis" words stay the same in every
language; the evidence and parity tables keep their machine names (those of inspect --json)."""

from __future__ import annotations

from deepdecide.analysis import evaluate
from deepdecide.domain import i18n
from deepdecide.report import spreadsheet as sheet
from deepdecide.storage.files import load_builtin_workspace


def _tables(lang: str):
    ws = load_builtin_workspace()
    with i18n.using(lang):
        a = evaluate(ws, monte_carlo=False)
        return sheet.comparison_table(ws, a), sheet.evidence_table(ws, a)


def test_spanish_comparison_headers_and_words_are_spanish_and_the_data_is_the_same():
    en, en_ev = _tables("en")
    es, es_ev = _tables("es")
    assert en.name == "Comparison" and es.name == "Comparación"
    assert len(en.headers) == len(es.headers) and len(en.rows) == len(es.rows)
    assert es.headers[:3] == ("puesto", "opción", "etiqueta corta")
    english_words = {"rank", "option", "short label", "strategy", "classification", "status", "cost view",
                     "capacity basis", "capacity source"}
    assert not english_words & set(es.headers)
    assert not any(h.startswith(("score:", "evidence:")) or h.endswith(" basis") for h in es.headers)
    for column in ("opción", "runtime", "plataforma"):  # ids: the same in every language
        assert es.column(column) == en.column({"opción": "option", "runtime": "runtime",
                                               "plataforma": "platform"}[column])
    status = dict(zip(en.column("status"), es.column("estado"), strict=True))
    assert status.get("ranked") == "clasificada"
    # the basis words are machine-readable: the same in both languages
    en_basis = [h for h in en.headers if h.endswith(" basis") and h != "capacity basis"]
    es_basis = [h for h in es.headers if h.endswith(": base")]
    assert len(en_basis) == len(es_basis) > 0
    for e, s in zip(en_basis, es_basis, strict=True):
        assert en.column(e) == es.column(s)
    assert es_ev.headers == en_ev.headers  # the inspect --json names


def test_english_comparison_has_no_spanish():
    en, _ = _tables("en")
    assert not any(w in " ".join(en.headers) for w in ("puesto", "opción", "clasificación", "base", "puntos"))
