"""The one formatting module and structured messages."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from deepdecide.domain import formatting as f
from deepdecide.domain.messages import Message, from_data, join, msg, plain


@pytest.mark.parametrize(("value", "text"), [
    (0.0320164, "$0.0320"), (0.361, "$0.361"), (4_119_981.76, "$4.12M"), (33_230_000, "$33.2M"),
    (45_600, "$45.6k"), (9_870, "$9,870"), (1.729, "$1.73"), (0, "$0"), (-1_234_567, "-$1.23M"),
    (2.5e9, "$2.50B"), (None, f.DASH), (math.nan, f.DASH),
])
def test_money(value, text):
    assert f.money(value) == text


def test_money_approximate_keeps_the_precision_its_range_supports():
    assert f.money(33.23e6, approx=True, low=10e6, high=60e6) == "≈ $30M"
    assert f.money(33.23e6, approx=True, low=31e6, high=35e6) == "≈ $33M"
    assert f.money(1.729, approx=True) == "≈ $1.7"
    assert f.money(12.5, "EUR") == "€12.5"
    assert f.money(12.5, "CHF") == "12.5 CHF"


@pytest.mark.parametrize(("value", "text"), [
    (11_080.4, "11,080"), (1.0, "1"), (50.0, "50"), (9.996, "10.0"), (2.5, "2.50"), (0.000123, "0.000123"), (5, "5"),
    (1516.3, "1,516"), (215.54, "216"), (True, f.DASH), ("x", f.DASH),
])
def test_number_never_uses_an_exponent_for_real_figures(value, text):
    assert f.number(value) == text


def test_counts_rates_and_probabilities():
    assert f.count(1, "run") == "1 run"
    assert f.count(3, "run") == "3 runs"
    assert f.count(10_000, "draw") == "10,000 draws"
    assert f.count(2, "person-week") == "2 person-weeks"
    assert f.count(2, "analysis", "analyses") == "2 analyses"
    assert f.probability(1.0, 10_000) == "≥ 99.5 % (10,000 draws)"
    assert f.probability(0.8412) == "84 %"
    assert f.probability(0.0) == "≤ 0.5 %"
    assert f.share(0.2) == "20.0 %"
    assert f.percent(1.25) == "125 %"
    assert f.rate(math.inf) == "max rate"
    assert f.rate(4) == "4 req/s"
    assert f.tps(223.4, per="GPU") == "223 tok/s/GPU"
    assert f.ms(2000) == "2,000 ms"
    assert f.date(dt.date(2026, 12, 1)) == "2026-12-01"
    assert f.date(dt.datetime(2026, 12, 1, 10, 5)) == "2026-12-01"
    assert f.estimate(223, 150, 300, "tok/s/GPU") == "223 (150–300) tok/s/GPU"
    assert f.estimate(223, 223, 223, "tok/s/GPU") == "223 tok/s/GPU"


def test_message_renders_params_through_the_formatting_module():
    m = msg("capacity.lower_bound", "lower bound: SLO holds at {load} ({rate}); share {share:.3f}",
            load=64, rate=1516.33, share=0.2)
    assert str(m) == "lower bound: SLO holds at 64 (1,516); share 0.200"
    assert m.id == "capacity.lower_bound"
    assert m.args["load"] == 64


def test_message_translates_template_and_nested_messages():
    inner = msg("x.inner", "inner {n}", n=2)
    outer = msg("x.outer", "outer: {why}", why=inner)
    table = {"outer: {why}": "fuera: {why}", "inner {n}": "dentro {n}"}
    assert outer.render(lambda t: table.get(t, t)) == "fuera: dentro 2"
    # a broken translation falls back to the English template instead of raising
    assert outer.render(lambda t: "roto {nope}") == "outer: inner 2"


def test_message_round_trips_through_json_data():
    m = msg("a.b", "{what} is {n} ({items})", what=plain("SM100"), n=3.5, items=("a", "b"))
    data = m.to_data()
    assert data["text"] == "SM100 is 3.50 (a, b)"
    again = from_data(data)
    assert isinstance(again, Message) and str(again) == str(m)
    assert join([m, "plain"]) == "SM100 is 3.50 (a, b); plain"


def test_msg_checks_its_fields():
    with pytest.raises(ValueError, match="template fields"):
        msg("bad", "needs {a}", b=1)


@pytest.mark.parametrize(("value", "unit", "text"), [
    (45835.2, "$", "$45,835"), (2.1, "$/GPU-h", "$2.10/GPU-h"), (-5, "$", "-$5"), (0.08, "$/kWh", "$0.0800/kWh"),
    (3, "USD", "$3"), (216.0, "tok/s", "216 tok/s"), (None, "$", "—"),
])
def test_a_money_unit_goes_in_front_of_the_figure(value, unit, text):
    assert f.number(value, unit) == text


def test_an_estimate_in_money_carries_the_symbol_on_every_figure():
    assert f.estimate(38750, 31000, 46500, "$") == "$38,750 ($31,000–$46,500)"
    assert f.estimate(223, 180, 251, "tok/s/GPU") == "223 (180–251) tok/s/GPU"
