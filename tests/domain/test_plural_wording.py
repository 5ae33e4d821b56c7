"""Counts agree with their number in both languages, through ngettext: "1 ejecución", "9 ejecuciones",
"1 encaja", "3 no encajan"; a status is written before its count so that no language has to make
it agree ("NO ENCAJA: 95 elementos")."""

from __future__ import annotations

import pytest

from deepdecide.domain import formatting, i18n
from deepdecide.domain.i18n import ngettext


@pytest.mark.parametrize(("n", "en", "es"), [
    (1, "1 run", "1 ejecución"), (9, "9 runs", "9 ejecuciones"),
    (1, "1 match", "1 encaja"), (3, "3 mismatch", "3 no encajan"),
    (1, "1 check not counted", "1 comprobación no contada"), (2, "2 checks not counted", "2 comprobaciones no contadas"),
    (9, "9 need context", "9 a falta de contexto"), (4, "4 files", "4 archivos"),
])
def test_counts_agree_with_their_number(n, en, es):
    forms = {"run": ("{n} run", "{n} runs"), "match": ("{n} match", "{n} match"),
             "mismatch": ("{n} mismatch", "{n} mismatch"), "check": ("{n} check not counted", "{n} checks not counted"),
             "need": ("{n} needs context", "{n} need context"), "files": ("{n} file", "{n} files")}
    key = next(k for k in ("mismatch", "run", "match", "check", "need", "files") if k in en)
    for lang, want in (("en", en), ("es", es)):
        with i18n.using(lang):
            assert ngettext(*forms[key], n).format(n=formatting.integer(n)) == want


def test_items_of_a_status_are_counted_after_it():
    with i18n.using("es"):
        items = formatting.count(95, "item")
        text = ngettext("{status}: {items} (counts for nothing)", "{status}: {items} (count for nothing)",
                        95).format(status="NO ENCAJA", items=items)
        assert text == "NO ENCAJA: 95 elementos (no cuentan para nada)"
        one = ngettext("{status}: {items} (counts for nothing)", "{status}: {items} (count for nothing)",
                       1).format(status="NO ENCAJA", items=formatting.count(1, "item"))
        assert one == "NO ENCAJA: 1 elemento (no cuenta para nada)"


def test_no_pseudo_plural_is_left_in_any_surface_in_either_language():
    """ "{n} warning(s)", "configuration(s)", "run(s)", "nodo(s)", "ejecución(es)": a count is written
    in its own number through ngettext (or a counted message, ``msgn``; a counted importer flag,
    ``flags.COUNTED``), in both languages, everywhere: the command line, the record, the desktop, the
    analysis's and the importers' messages. A unit in parentheses ("Duration (s)") is not a plural."""
    import importlib.util
    import re
    import sys
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("i18n_tool", root / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    catalog_tool = importlib.util.module_from_spec(spec)  # the project's own catalog tool
    sys.modules.setdefault("i18n_tool", catalog_tool)
    spec.loader.exec_module(catalog_tool)

    pseudo = re.compile(r"\w\((?:s|es|n|as|os)\)")
    leftovers = []
    for m in catalog_tool.template():
        ident = m.id if isinstance(m.id, str) else m.id[0]
        if pseudo.search(ident):
            leftovers.append((sorted({loc[0] for loc in m.locations}), ident))
    assert not leftovers
    po = root / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po"
    with po.open("rb") as f:
        spanish = [(m.id, m.string) for m in read_po(f) if m.id]
    left = [(i, s) for i, s in spanish for text in ([s] if isinstance(s, str) else s) if pseudo.search(text)]
    assert not left, left[:10]


def test_a_date_in_a_message_follows_the_language_and_json_keeps_iso():
    from deepdecide.domain.messages import Day, msg

    m = msg("price.expired", "quote expired on {date}", date=Day("2026-11-29"))
    with i18n.using("en"):
        assert m.render() == "quote expired on 2026-11-29"
    with i18n.using("es"):
        assert "29 de noviembre de 2026" in m.render()
        assert m.to_data()["params"] == {"date": "2026-11-29"}


def test_a_counted_message_takes_each_languages_plural_form():
    from deepdecide.domain.messages import msgn

    def made(n: int):
        return msgn("evidence.illustrative_no_rung",
                    "{n} illustrative run or check, reconstructed from published figures, counts for no rung",
                    "{n} illustrative runs or checks, reconstructed from published figures, count for no rung",
                    "n", n=n)

    with i18n.using("en"):
        assert made(1).render().startswith("1 illustrative run or check,") and "counts for" in made(1).render()
        assert made(3).render().startswith("3 illustrative runs or checks,")
    with i18n.using("es"):
        assert made(1).render().startswith("1 ejecución o comprobación ilustrativa,")
        assert made(3).render().startswith("3 ejecuciones o comprobaciones ilustrativas,")
        assert "(" not in made(3).render()
        data = made(3).to_data()
        assert data["params"] == {"n": 3} and data["plural"].startswith("{n} illustrative runs")
    with pytest.raises(ValueError):
        msgn("x", "{n} run", "{n} runs", "count", n=1)  # the count names no parameter
