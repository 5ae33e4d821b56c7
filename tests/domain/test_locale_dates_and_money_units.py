"""Dates, months, timestamps, source as-of dates and money units follow the interface language:
English keeps ISO text and "$", Spanish writes dates in words (or dd/mm/aaaa in a timestamp), months
by name and the currency as its figures carry it ("US$/M tok" beside "0,9 US$")."""

from __future__ import annotations

from deepdecide.domain import formatting, i18n


def test_months_and_timestamps():
    with i18n.using("es"):
        assert formatting.date("2026-11") == "noviembre de 2026"
        assert formatting.month_label("2027-03") == "mar 2027"
        assert formatting.month_label("M4") == "M4"
        assert formatting.timestamp("2026-11-29T14:05:00Z") == "29/11/2026 14:05:00Z"
    assert formatting.date("2026-11") == "2026-11"
    assert formatting.month_label("2027-03") == "2027-03"
    assert formatting.timestamp("2026-11-29T14:05:00Z") == "2026-11-29 14:05:00Z"


def test_a_source_date_is_written_in_spanish_and_its_note_quoted():
    with i18n.using("es"):
        assert formatting.source_date("2026-04-03") == "3 de abril de 2026"
        assert formatting.source_date("2026-11") == "noviembre de 2026"
        assert formatting.source_date("undated (public docs, 2026)") == "sin fecha («public docs, 2026»)"
        assert formatting.source_date("2026 (latest measured sweep 2026-05-28)") == \
            "2026 («latest measured sweep 2026-05-28»)"
        assert formatting.source_date("SGLang v0.5.15 (~2026-07)") == "«SGLang v0.5.15 (~2026-07)»"
        assert formatting.quoted("SGLang docs: install") == "«SGLang docs: install»"
    assert formatting.source_date("undated (public docs, 2026)") == "undated (public docs, 2026)"
    assert formatting.quoted("SGLang docs: install") == "SGLang docs: install"


def test_money_headers_carry_the_symbol_of_the_figures():
    with i18n.using("es"):
        assert formatting.currency_unit("USD") == "US$"
        assert formatting.currency_unit("EUR") == "€"
        with formatting.using_currency("USD"):
            assert formatting.unit_text("$/M tok").startswith("US$/M")
            assert formatting.money(0.9, "USD").endswith("US$")
        assert formatting.unit_text("$/M tok").startswith("$/M")  # outside a workspace's block: "$" for its caller
    assert formatting.currency_unit("USD") == "$"
    with formatting.using_currency("USD"):
        assert formatting.unit_text("$/M tok") == "$/M tok"
