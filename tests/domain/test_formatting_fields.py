"""Figures an editable field shows and reads back, and figures written with a fixed number of
decimals (weights, scores) so that a column of them lines up, in English and in Spanish."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deepdecide.domain import formatting as f
from deepdecide.domain import i18n


@pytest.mark.parametrize(("lang", "value", "places", "text"), [
    ("en", 2000, 0, "2,000"), ("en", 1234.5, 2, "1,234.50"), ("en", 0.05, 3, "0.050"), ("en", 999, 0, "999"),
    ("es", 2000, 0, "2.000"), ("es", 1234.5, 2, "1.234,50"), ("es", 0.05, 3, "0,050"), ("es", 1e6, 1, "1.000.000,0"),
])
def test_a_field_writes_its_figure_with_the_apps_separators(lang, value, places, text):
    with i18n.using(lang):
        assert f.fixed(value, places) == text
        # the same thousands rule as every other figure ("2.000 ms", not Qt's Spanish "2000 ms")
        if places == 0 and value >= 1000:
            assert f.number(value) == text


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("en", "2,000", 2000), ("en", "2000", 2000), ("en", "1,234.5", 1234.5), ("en", "0.05", 0.05), ("en", "-3", -3),
    ("en", "5.", 5), ("en", " 12,345,678 ", 12345678),
    ("es", "2.000", 2000), ("es", "2000", 2000), ("es", "1.234,5", 1234.5), ("es", "0,05", 0.05), ("es", ",5", 0.5),
    ("es", "1.000.000", 1e6), ("es", "-2,5", -2.5),
])
def test_a_field_reads_back_what_the_language_writes(lang, text, value):
    with i18n.using(lang):
        assert f.read_number(text) == pytest.approx(value)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "1,23"), ("en", "2,5"), ("en", "12,34,567"), ("en", "1.234,5"), ("en", ""), ("en", "-"), ("en", "1e3"),
    ("es", "2.5"), ("es", "1,234.5"), ("es", "12.34"), ("es", "abc"), ("es", "1,2,3"),
])
def test_a_field_refuses_what_the_language_does_not_write(lang, text):
    """A point in Spanish groups thousands: "2.5" is neither 2.5 nor 25."""
    with i18n.using(lang), pytest.raises(ValueError):
        f.read_number(text)


@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False), st.integers(0, 4), st.sampled_from(["en", "es"]))
def test_what_a_field_writes_it_reads_back(value, places, lang):
    with i18n.using(lang):
        assert f.read_number(f.fixed(value, places)) == pytest.approx(round(value, places), abs=10 ** -places)


@pytest.mark.parametrize(("lang", "values", "texts"), [
    ("en", (0.05, 0.2, 0.15, 1, 12.5), ("0.050", "0.200", "0.150", "1.000", "12.500")),
    ("es", (0.05, 0.2, 0.15, 1, 1234.5), ("0,050", "0,200", "0,150", "1,000", "1.234,500")),
])
def test_weights_have_one_precision(lang, values, texts):
    """A 5 % weight beside a 20 % one reads "0,050" beside "0,200", never "0,0500" beside "0,200"."""
    with i18n.using(lang):
        assert tuple(f.weight(v) for v in values) == texts
        assert f.weight(None) == f.DASH and f.weight(float("inf")) == f.INFINITY
        assert {len(t.split("." if lang == "en" else ",")[1]) for t in texts} == {f.WEIGHT_DECIMALS}


def test_scores_have_one_precision():
    with i18n.using("es"):
        assert [f.score(v) for v in (0.839, 0.05, 1.0, None)] == ["0,839", "0,050", "1,000", f.DASH]
    assert f.score(0.05) == "0.050"
