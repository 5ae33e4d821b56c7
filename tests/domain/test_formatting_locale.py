"""Figures per language: Spanish separators, percent, dates, money with the currency placed per
CLDR; English as it always was, without loading Babel."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest

from deepdecide.domain import formatting as f
from deepdecide.domain import i18n

NB = "\u00a0"


@pytest.fixture
def spanish():
    with i18n.using("es"):
        yield


@pytest.mark.parametrize(("value", "currency", "text"), [
    (0.0320164, "EUR", "0,0320 €"), (4_119_981.76, "EUR", "4,12 M €"), (45_600, "EUR", "45,6 mil €"),
    (9_870, "EUR", "9.870 €"), (1.729, "USD", "1,73 US$"), (-1_234_567, "USD", "-1,23 M US$"),
    (2.5e9, "EUR", "2.500 M €"),  # a thousand million is "mil millones", never a "billón"
    (2.5e10, "EUR", "25,0 mil M €"), (3e12, "EUR", "3,00 B €"), (12.5, "CHF", "12,5 CHF"), (None, "EUR", f.DASH),
])
def test_spanish_money_puts_the_symbol_after_with_cldr_scale_words(spanish, value, currency, text):
    assert f.money(value, currency) == text.replace(" ", NB)


def test_spanish_approximate_money_keeps_the_precision_rule(spanish):
    assert f.money(33.23e6, "EUR", approx=True, low=10e6, high=60e6) == f"≈ 30{NB}M{NB}€"
    assert f.money(1.729, "USD", approx=True) == f"≈ 1,7{NB}US$"


def test_spanish_numbers_percentages_and_dates(spanish):
    assert f.number(1234.5) == "1.234"  # three significant digits, whole at and above 1000
    assert f.number(1234.5, digits=5) == "1.234,5"
    assert f.number(0.0320164) == "0,0320"
    assert f.number(11_080, "ms") == f"11.080{NB}ms"
    assert f.integer(10_000) == "10.000"
    assert f.percent(0.125, 1) == f"12,5{NB}%"
    assert f.share(0.2) == f"20,0{NB}%"
    assert f.probability(1.0, 10_000) == f"≥ 99,5{NB}% (10.000 extracciones)"
    assert f.count(1, "draw") == "1 extracción"
    assert f.date(dt.date(2026, 12, 1)) == "1 de diciembre de 2026"
    assert f.date("2026-12-01") == "1 de diciembre de 2026"
    assert f.date("not a date") == "not a date"
    assert f.rate(float("inf")) == "tasa máxima"
    assert f.estimate(223, 150, 300, "tok/s/GPU") == f"223 (150–300){NB}tok/s/GPU"
    assert f.currency_symbol("USD") == "US$"


def test_english_is_unchanged():
    assert f.money(4_119_981.76) == "$4.12M"
    assert f.money(12.5, "EUR") == "€12.5"
    assert f.number(1234.5, digits=5) == "1,234.5"
    assert f.percent(0.125, 1) == "12.5 %"
    assert f.date(dt.date(2026, 12, 1)) == "2026-12-01"
    assert f.currency_symbol("EUR") == "€"


def test_the_english_path_never_imports_babel():
    code = ("import sys; from deepdecide.domain import formatting as f; from deepdecide.domain.messages import msg;"
            "f.money(1e6); f.date('2026-12-01'); f.percent(0.5); str(msg('a', '{n} x', n=2.5));"
            "from deepdecide.cli.main import main; main(['--version']) if False else None;"
            "assert 'babel' not in sys.modules, 'babel imported'")
    subprocess.run([sys.executable, "-c", code], check=True, env={"LANG": "C.UTF-8", "PATH": ""})


def test_money_without_a_currency_is_in_the_blocks_currency():
    assert f.money(12.5) == "$12.5"
    with f.using_currency("eur"):
        assert f.money(12.5) == "€12.5"
        assert f.money(12.5, "USD") == "$12.5"  # an explicit currency wins
        with i18n.using("es"):
            assert f.money(4.12e6) == f"4,12{NB}M{NB}€"
            assert f.currency_symbol() == "€"
    assert f.default_currency() == "USD"


def test_a_message_field_with_a_format_spec_takes_the_languages_separators():
    from deepdecide.domain.messages import msg

    m = msg("x.rate", "error rate <= {limit:.2%}, {n:,} runs", limit=0.01, n=12345)
    assert str(m) == "error rate <= 1.00%, 12,345 runs"
    with i18n.using("es"):
        assert m.render(lambda t: t) == "error rate <= 1,00%, 12.345 runs"


def test_a_message_groups_a_spec_written_figures_thousands_as_every_figure():
    """One grouping rule in every language: an SLO limit a message writes with a format spec reads
    "2,000 ms" in English and "2.000 ms" in Spanish, as the tables and fields write it, never "2000 ms";
    an exponent and a line number as they were."""
    from deepdecide.domain.messages import msg
    from deepdecide.domain.slo import LIMITS

    phrase = next(x for x in LIMITS if x.key == "ttft_p99_ms").phrase
    m = msg("x.limit", phrase, limit=2000.0)
    with i18n.using(i18n.DEFAULT):
        assert str(m) == "TTFT p99 ≤ 2,000 ms" and f.ms(2000) == "2,000 ms"
        assert str(msg("x.big", "{x:g} {y:.4f} {n:d}", x=1e12, y=1234.56789, n=12345)) == "1e+12 1,234.5679 12345"
    with i18n.using("es"):
        assert str(m) == "TTFT p99 ≤ 2.000 ms" and f.ms(2000) == f"2.000{NB}ms"
        assert str(msg("x.big", "{x:g} {y:.4f} {n:d}", x=1e12, y=1234.56789, n=12345)) == "1e+12 1.234,5679 12345"
