"""Every number, range and discount a field or an option accepts is read in the interface language
and what the app writes into a field reads back to the same value, in English and in Spanish; a
figure the language would not write is refused with the reason, never guessed (the review's
"6.144-10.240" in Spanish is 6144 to 10240 tokens, never 6.144 to 10.24)."""

from __future__ import annotations

import pytest
from babel.numbers import parse_decimal
from hypothesis import given
from hypothesis import strategies as st

from deepdecide.domain import formatting as f
from deepdecide.domain import i18n
from deepdecide.domain.workload import parse_discount, parse_token_range, workload_from_form

LANGS = st.sampled_from(["en", "es"])
TOKENS = st.integers(min_value=1, max_value=10_000_000)
FACTORS = st.decimals(min_value="0.001", max_value="1000", places=3).map(float)


@given(LANGS, TOKENS, TOKENS)
def test_a_token_range_reads_back_what_the_dialog_prefills(lang, a, b):
    low, high = min(a, b), max(a, b)
    with i18n.using(lang):
        text = f.range_text(low, high)
        assert f.read_range(text) == (low, high)
        r = parse_token_range(text)
        assert r is not None and (r.low, r.high) == (low, high)


@given(LANGS, FACTORS, FACTORS, FACTORS)
def test_a_discount_reads_back_what_the_dialog_prefills(lang, a, b, c):
    low, likely, high = sorted((a, b, c))
    with i18n.using(lang):
        text = f.estimate_text(low, likely, high)
        assert f.read_estimate(text) == pytest.approx((low, likely, high))
        d = parse_discount(text)
        assert (d.low, d.likely, d.high) == pytest.approx((low, likely, high))


@given(LANGS, st.integers(min_value=-10**9, max_value=10**9), st.integers(min_value=0, max_value=4))
def test_every_figure_a_field_writes_reads_back_and_babel_agrees(lang, cents, places):
    value = cents / 10 ** places
    with i18n.using(lang):
        for text, expected in ((f.fixed(value, places), value), (f.integer(round(value)), round(value))):
            read = f.read_figure(text)
            assert read == pytest.approx(expected, abs=1e-9)
            # CLDR's own strict parser (Babel) reads the same figure from the same text
            assert float(parse_decimal(text, locale=lang, strict=True)) == pytest.approx(read)


@pytest.mark.parametrize(("lang", "text", "ends"), [
    ("es", "6.144-10.240", (6144, 10240)), ("es", "768-1.280", (768, 1280)), ("es", "6.144 – 10.240", (6144, 10240)),
    ("es", "6144..10240", (6144, 10240)), ("es", "8.192", (8192, 8192)),
    ("en", "6,144-10,240", (6144, 10240)), ("en", "6144-10240", (6144, 10240)), ("en", "6,144 – 10,240", (6144, 10240)),
    ("en", "6144..10240", (6144, 10240)),
])
def test_the_reviews_ranges_are_read_right(lang, text, ends):
    with i18n.using(lang):
        assert f.read_range(text) == ends


@pytest.mark.parametrize(("lang", "text", "reason"), [
    ("es", "6,144-10,240", "número entero"),  # English grouping in Spanish: a decimal comma, not a count
    ("es", "6.5-10", "no es un número"),     # a decimal point Spanish does not write
    ("en", "6.144-10.240", "whole number"),  # Spanish grouping in English: a decimal, not a count
    ("en", "10240-6144", "0 < low <= high"),
    ("en", "1-2-3", "LOW"),
])
def test_an_ambiguous_range_is_refused_with_the_reason(lang, text, reason):
    with i18n.using(lang), pytest.raises(ValueError, match=reason):
        f.read_range(text)


@pytest.mark.parametrize(("lang", "text", "values"), [
    ("es", "0,5/0,7/0,9", (0.5, 0.7, 0.9)), ("es", "0,5; 0,7; 0,9", (0.5, 0.7, 0.9)), ("es", "0,8", (0.8,) * 3),
    ("en", "0.5/0.7/0.9", (0.5, 0.7, 0.9)), ("en", "0.5, 0.7, 0.9", (0.5, 0.7, 0.9)), ("en", "0.8", (0.8,) * 3),
])
def test_a_discount_is_read_in_the_interface_language(lang, text, values):
    with i18n.using(lang):
        assert f.read_estimate(text) == pytest.approx(values)


@pytest.mark.parametrize(("lang", "text"), [("es", "0.5/0.7/0.9"), ("en", "0,5/0,7/0,9"), ("en", "0.5/0.2/0.9"),
                                            ("es", "0,5/0,7"), ("en", "")])
def test_a_discount_the_language_does_not_write_is_refused(lang, text):
    with i18n.using(lang), pytest.raises(ValueError):
        f.read_estimate(text)


def test_the_workload_form_saves_the_spanish_ranges_it_prefills():
    with i18n.using("es"):
        w, problems = workload_from_form(model="m", input_tokens="6.144-10.240", output_tokens="768-1.280")
        assert problems == [] and w is not None
        assert (w.input_tokens.low, w.input_tokens.high) == (6144, 10240)
        assert (w.output_tokens.low, w.output_tokens.high) == (768, 1280)
        w, problems = workload_from_form(model="m", input_tokens="6,144-10,240")
        assert w is None and "número entero" in problems[0]
