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
