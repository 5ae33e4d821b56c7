"""One place for how figures are written: money, tokens/s, ms, counts, percentages, dates.

The GUI, the command line and the PDF record all format through these functions, so the same
figure reads the same everywhere ("$0.0320" on a card, in ``evaluate`` and in the record).
Qt-free and IO-free. Rules:

- an unknown value (None, NaN) is ``DASH``; infinity is "∞" (an unlimited request rate is
  written by :func:`rate` as "max rate");
- figures keep ``digits`` significant digits (3 by default) and never switch to scientific
  notation; at or above ``10**digits`` they are whole numbers with thousands separators
  ("11,080", not "1.108e+04"); a whole value is written whole ("50 ms", not "50.0 ms");
- money uses k / M / B suffixes from ten thousand up ("$4.12M", "$45.6k", "$9,870", "$0.216");
  an *approximate* figure (one that rests on assumptions or placeholders) is written with the
  precision its range supports, prefixed "≈" ("≈ $33M", not "$33.23M");
- a probability that no draw contradicted is not "100 %": it is "≥ 99.5 %" (with the number of
  draws when given).

Figures follow the interface language (:mod:`deepdecide.domain.i18n`). English is written as
above, without loading any locale data. Other languages take their symbols from CLDR through
Babel (imported only then): Spanish writes "1.234,5", "12,5 %", "1 de diciembre de 2026", and money
with the currency symbol after the figure and CLDR's short scale words ("4,12 M US$", "45,6 mil €",
"0,0320 €"; a thousand million is "2.500 M", not a billion). The significant-digit rule is the
same in every language; the space before a unit, symbol or scale word is a no-break space there.
Figures embedded in a record's inputs are never formatted: they stay locale-independent.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from numbers import Real
from typing import NamedTuple

from deepdecide.domain import i18n

DASH = "—"
INFINITY = "∞"
NBSP = "\u00a0"

_SUFFIXES = ((1e12, 1e12, "T"), (1e9, 1e9, "B"), (1e6, 1e6, "M"), (1e4, 1e3, "k"))  # from, divisor, suffix
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


#: the currency of money written without one: the workspace's (``assumptions.currency``) while a
#: view of it is written (:func:`using_currency`), else US dollars
_currency: ContextVar[str] = ContextVar("deepdecide_currency", default="USD")
#: whether a block named its currency (:func:`using_currency`): only then does :func:`unit_text` write
#: the language's symbol ("US$/M tokens" in Spanish); outside one it keeps "$" for its caller to replace
_named: ContextVar[bool] = ContextVar("deepdecide_currency_named", default=False)


def default_currency() -> str:
    return _currency.get()


@contextmanager
def using_currency(currency: str | None) -> Iterator[str]:
    """Write money in ``currency`` (an ISO 4217 code; None keeps the current one) in this block:
    the record and the CLI write a workspace's figures in its stated currency. No conversion."""
    code = (currency or _currency.get()).upper()
    token, named = _currency.set(code), _named.set(True)
    try:
        yield code
    finally:
        _named.reset(named)
        _currency.reset(token)


class _Style(NamedTuple):
    """How a language writes figures (English: ``None``, the rules above)."""

    decimal: str
    group: str
    suffixes: tuple[tuple[float, float, str], ...]  # from, divisor, scale word (CLDR short decimal)
    symbol_after: bool


@cache
def _style(lang: str) -> _Style | None:
    if lang == i18n.DEFAULT:
        return None
    from babel import Locale, numbers

    loc = Locale.parse(lang)
    short = loc.compact_decimal_formats.get("short", {}).get("other", {})
    suffixes = []
    for power in range(14, 3, -1):  # from ten thousand up, as in English
        found = short.get(str(10 ** power))
        pattern = str(getattr(found, "pattern", found or ""))
        zeros = pattern.count("0")
        word = pattern.replace("0", "").replace("\u00a0", " ").strip().replace(" ", NBSP)
        if zeros and word:  # CLDR: "00 mil" at 10**4 is thousands, "0000 M" at 10**9 millions
            suffixes.append((float(10 ** power), float(10 ** (power - zeros + 1)), word))
    pattern = loc.currency_formats["standard"].pattern
    return _Style(numbers.get_decimal_symbol(lang), numbers.get_group_symbol(lang), tuple(suffixes),
                  pattern.strip().endswith("¤"))


def _local(text: str) -> str:
    """An English-written figure ("1,234.5") in the current language's separators."""
    style = _style(i18n.language())
    if style is None:
        return text
    return text.translate({ord(","): style.group, ord("."): style.decimal})


def localized(text: str) -> str:
    """A figure written by Python's format ("1,234.5", "1.00%") with the current language's separators."""
    return _local(text)


def fixed(value: float, places: int) -> str:
    """``value`` with exactly ``places`` decimals and thousands separators, as an editable field
    shows it: ``fixed(2000, 0)`` is "2,000" ("2.000" in Spanish), ``fixed(0.05, 2)`` "0.05" ("0,05")."""
    return _local(f"{value:,.{max(places, 0)}f}")


def separators() -> tuple[str, str]:
    """The current language's decimal symbol and thousands separator: (".", ","), ("," , ".") in Spanish."""
    style = _style(i18n.language())
    return (".", ",") if style is None else (style.decimal, style.group)


def _grouped(digits: str, group: str) -> bool:
    """Whether an integer part is plain digits or digits grouped by threes with ``group``."""
    if group not in digits:
        return digits.isdigit()
    head, *rest = digits.split(group)
    return 1 <= len(head) <= 3 and head.isdigit() and all(len(p) == 3 and p.isdigit() for p in rest)


def read_number(text: str) -> float:
    """A figure as the current language writes it (:func:`fixed`, :func:`number`) read back: "2,000",
    "2000" and "1,234.5" in English, "2.000" and "1.234,5" in Spanish; a leading sign and
    surrounding spaces are allowed. Raises ValueError for anything else ("2.5" in Spanish, where
    the point groups thousands; "1,23" in English)."""
    decimal, group = separators()
    body = text.strip().replace(NBSP, "")
    sign = ""
    if body and body[0] in "+-−":
        sign, body = ("-" if body[0] in "-−" else ""), body[1:].strip()
    whole, _, fraction = body.partition(decimal)
    if not whole and not fraction:
        raise ValueError(f"not a number: {text!r}")
    if (whole and not _grouped(whole, group)) or (fraction and not fraction.isdigit()) or decimal in fraction:
        raise ValueError(f"not a number as {decimal!r} / {group!r} write it: {text!r}")
    return float(f"{sign}{whole.replace(group, '') or '0'}.{fraction or '0'}")


#: what a range is written with ("6.144 – 10.240"): never a decimal or grouping mark in any language
RANGE_DASH = "\u2013"
#: the separators a typed range may use: the en dash, "..", a hyphen, "—" (never "," or ".")
_RANGE_SPLIT = re.compile(r"\s*(?:\.\.|\u2013|\u2014|(?<=\d)\s*-)\s*")


def read_figure(text: str) -> float:
    """:func:`read_number` with the reason in the interface language: a figure the current language
    would not write (a decimal point in Spanish, "6,144" read as a decimal in English…) is refused,
    never guessed."""
    try:
        return read_number(text)
    except ValueError:
        decimal, group = separators()
        raise ValueError(i18n._("“{text}” is not a number as this language writes it "
                                "(decimal mark “{decimal}”, thousands “{group}”, e.g. {example})")
                         .format(text=text.strip(), decimal=decimal, group=group, example=fixed(1234.5, 1))) from None


def range_text(low: float, high: float) -> str:
    """A range of whole counts as an editable field shows it and :func:`read_range` reads it back:
    "6,144 – 10,240" ("6.144 – 10.240" in Spanish); one figure when both ends are equal."""
    a, b = integer(low), integer(high)
    return a if a == b else f"{a} {RANGE_DASH} {b}"


def read_range(text: str, *, whole: bool = True) -> tuple[float, float] | None:
    """A range typed as LOW–HIGH (or LOW..HIGH, LOW-HIGH, or one figure) in the interface language:
    "6.144-10.240" in Spanish is 6144 to 10240, never 6.144 to 10.24. None for an empty text.
    Raises ValueError naming the reason: not a figure of this language, more than two ends, a
    fraction where ``whole`` counts are expected ("6,144" in Spanish is six and a bit, not 6144),
    or not 0 < low <= high."""
    body = text.strip()
    if not body:
        return None
    parts = _RANGE_SPLIT.split(body)
    if len(parts) > 2 or not all(p.strip() for p in parts):
        raise ValueError(i18n._("“{text}” is not LOW {dash} HIGH (e.g. {example})")
                         .format(text=body, dash=RANGE_DASH, example=range_text(6144, 10240)))
    values = [read_figure(p) for p in parts]
    lo, hi = values[0], values[-1]
    if whole and any(v != round(v) for v in values):
        raise ValueError(i18n._("“{text}”: a count of tokens is a whole number (thousands are written {example})")
                         .format(text=body, example=integer(6144)))
    if not (math.isfinite(lo) and math.isfinite(hi) and 0 < lo <= hi):
        raise ValueError(i18n._("“{text}”: needs 0 < low <= high").format(text=body))
    return lo, hi


def estimate_text(low: float, likely: float, high: float) -> str:
    """A LOW/LIKELY/HIGH estimate as a field shows it and :func:`read_estimate` reads it back:
    "0.5/0.7/0.9" ("0,5/0,7/0,9" in Spanish); one figure when the three are equal."""
    def one(v: float) -> str:
        text = f"{v:,.6f}".rstrip("0").rstrip(".")
        return _local(text)
    return one(low) if low == likely == high else "/".join(one(v) for v in (low, likely, high))


def read_estimate(text: str) -> tuple[float, float, float]:
    """LOW/LIKELY/HIGH (or one figure for all three) typed in the interface language: "0,5/0,7/0,9"
    in Spanish, "0.5/0.7/0.9" in English; the parts are separated by "/" or ";" (a comma too in a
    language whose decimal mark is not one). Raises ValueError with the reason unless three (or one)
    figures of this language with 0 < low <= likely <= high."""
    body = text.strip()
    decimal, group = separators()
    if "/" in body or ";" in body:
        parts = re.split(r"[/;]", body)
    elif decimal != "," and (group != "," or re.search(r",\s", body)):  # "0.5, 0.7, 0.9" in English
        parts = body.split(",")
    else:
        parts = [body]
    if not body or not all(p.strip() for p in parts) or len(parts) not in (1, 3):
        raise ValueError(i18n._("“{text}” is not LOW/LIKELY/HIGH numbers (e.g. {example})")
                         .format(text=body, example=estimate_text(0.5, 0.7, 0.9)))
    values = [read_figure(p) for p in parts]
    if len(values) == 1:
        values = values * 3
    if not all(math.isfinite(v) for v in values) or not 0 < values[0] <= values[1] <= values[2]:
        raise ValueError(i18n._("“{text}”: needs 0 < low <= likely <= high").format(text=body))
    return values[0], values[1], values[2]


def _with_unit(text: str, unit: str) -> str:
    if not unit:
        return text
    return f"{text}{' ' if _style(i18n.language()) is None else NBSP}{unit}"


def _finite(value: object) -> float | None:
    """The value as a float, or None for None / NaN / non-numbers (booleans are not numbers)."""
    if value is None or isinstance(value, bool) or not isinstance(value, Real):
        return None
    v = float(value)
    return None if math.isnan(v) else v


def significant(value: float, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits, thousands separators, no exponent.

    >>> significant(0.0320164), significant(215.5), significant(11080.4), significant(1.0)
    ('0.0320', '216', '11,080', '1.00')
    """
    if value == 0:
        return "0"
    if math.isinf(value):
        return ("-" if value < 0 else "") + INFINITY
    if abs(value) >= 1e15:  # far beyond any real figure: say so compactly
        return _local(f"{value:.{digits}g}")
    magnitude = math.floor(math.log10(abs(value)))
    places = digits - 1 - magnitude  # negative: round to tens, hundreds, ...
    rounded = round(value, places)
    # rounding may carry into the next power of ten (9.996 -> 10.0): one decimal fewer
    if rounded != 0 and math.floor(math.log10(abs(rounded))) > magnitude:
        places -= 1
        rounded = round(value, places)
    decimals = max(places, 0)
    return _local(f"{rounded:,.{decimals}f}")


def _currency_unit(unit: str) -> tuple[str, str] | None:
    """A unit that is money, split into its symbol and the rest: "$/GPU-h" -> ("$", "/GPU-h"),
    "USD" -> ("$", ""); None for any other unit."""
    for code, symbol in _SYMBOLS.items():
        for head in (symbol, code):
            if unit == head or unit.startswith(head + "/"):
                return symbol, unit[len(head):]
    return None


def _code_of(symbol: str) -> str:
    return next((code for code, sym in _SYMBOLS.items() if sym == symbol), symbol)


def with_unit(text: str, unit: str) -> str:
    """A written figure and its unit in reading order: "216 tok/s", but money first: "$45,835",
    "$2.10/GPU-h" (never "45,835 $"); a leading minus stays in front of the symbol ("-$5")."""
    if not unit or text == DASH:
        return text
    money_unit = _currency_unit(unit)
    if _style(i18n.language()) is not None:  # other languages: the unit after the figure, as CLDR writes it
        return _with_unit(text, unit if money_unit is None else currency_symbol(_code_of(money_unit[0])) + money_unit[1])
    if money_unit is None:
        return f"{text} {unit}"
    symbol, rest = money_unit
    sign = "-" if text.startswith("-") else ""
    return f"{sign}{symbol}{text.removeprefix('-')}{rest}"


def number(value: float | int | None, unit: str = "", *, digits: int = 3) -> str:
    """A measured or derived figure: "216 tok/s", "0.0320", "11,080 ms"; ``DASH`` if unknown.
    A money unit goes in front: ``number(45835, "$")`` is "$45,835", with "$/GPU-h" "$2.10/GPU-h"."""
    v = _finite(value)
    if v is None:
        return DASH
    if isinstance(value, int) and not isinstance(value, bool):
        text = _local(f"{value:,}")
    elif (10 ** digits <= abs(v) < 1e15) or (v.is_integer() and abs(v) < 1e15):  # 50.0 ms reads "50 ms"
        text = _local(f"{v:,.0f}")
    else:
        text = significant(v, digits)
    return with_unit(text, unit.strip())


def integer(value: int | float | None) -> str:
    """A whole count with thousands separators: "10,000"."""
    v = _finite(value)
    if v is None:
        return DASH
    if math.isinf(v):
        return INFINITY
    return _local(f"{round(v):,}")


def count(n: int, singular: str, plural: str | None = None) -> str:
    """"1 run", "2 runs", "10,000 draws" (``plural`` defaults to singular + "s"); the words are
    catalog keys (``tools/i18n.py`` extracts them), translated for the current language."""
    word = i18n.ngettext(singular, plural if plural is not None else singular + "s", n)
    return f"{integer(n)} {word}"


def _approx_digits(value: float, low: float | None, high: float | None) -> int:
    """Significant digits a range supports: a spread of a tenth of the value keeps two, wider one."""
    if low is None or high is None or value == 0:
        return 2
    spread = abs(high - low) / abs(value)
    return 1 if spread >= 1 else 2


def money(value: float | int | None, currency: str | None = None, *, digits: int = 3, approx: bool = False,
          low: float | None = None, high: float | None = None) -> str:
    """"$4.12M", "$45.6k", "$9,870", "$0.216", "$0.0320"; ``approx`` (a figure resting on
    assumptions) gives "≈ $33M" with the precision its ``low``/``high`` range supports.
    ``currency`` defaults to the block's (:func:`using_currency`), US dollars outside one."""
    v = _finite(value)
    if v is None:
        return DASH
    if currency is None:
        currency = _currency.get()
    style = _style(i18n.language())
    sign = "-" if v < 0 else ""
    a = abs(v)
    if approx:
        digits = min(digits, _approx_digits(v, low, high))
    body = ""
    for limit, divisor, suffix in (_SUFFIXES if style is None else style.suffixes):
        if a >= limit:
            body = significant(a / divisor, digits) + (suffix if style is None else NBSP + suffix)
            break
    else:
        body = _local(f"{a:,.0f}") if a >= 10 ** digits and not approx else significant(a, digits)
    if style is None:
        symbol = _SYMBOLS.get(currency)
        text = f"{sign}{symbol}{body}" if symbol else f"{sign}{body} {currency}"
    else:
        symbol = currency_symbol(currency)
        text = f"{sign}{body}{NBSP}{symbol}" if style.symbol_after else f"{sign}{symbol}{NBSP}{body}"
    return f"≈ {text}" if approx else text


def currency_unit(currency: str = "USD") -> str:
    """The currency as a unit in headers and rates: "$" (USD), "€", "£", else its code ("CHF"); in another
    language the symbol its figures carry ("US$/GPU-h" beside "0,273 US$" in Spanish)."""
    if _style(i18n.language()) is None:
        return _SYMBOLS.get(currency, currency)
    return currency_symbol(currency)


def money_rate(value: float | int | None, currency: str, per: str, *, digits: int = 3) -> str:
    """A price per unit, "$1.30/GPU-h" or "1.30 CHF/GPU-h"."""
    text = money(value, currency, digits=digits)
    return text if text == DASH else f"{text}/{per}"
#: the unit words the analysis writes (English catalog keys), shown in the interface language by
#: :func:`unit_text`; any other unit ("tok/s/GPU", "kW", "ms") is written as it stands
UNIT_WORDS: dict[str, str] = {
    "person-weeks": i18n.N_("person-weeks"),
    "person-week": i18n.N_("person-week"),
    "weeks": i18n.N_("weeks"),
    "years": i18n.N_("years"),
    "GPUs": i18n.N_("GPUs"),
    "tokens": i18n.N_("tokens"),
    "output tok/s": i18n.N_("output tok/s"),
    "output tok/s/GPU": i18n.N_("output tok/s/GPU"),
    "tok/s/GPU": i18n.N_("tok/s/GPU"),
    "tok/s": i18n.N_("tok/s"),
    "tok/s per user": i18n.N_("tok/s per user"),
    "req/s": i18n.N_("req/s"),
    "$/M tokens": i18n.N_("$/M tokens"),
    "input tok/s": i18n.N_("input tok/s"),
    "input tok/s/GPU": i18n.N_("input tok/s/GPU"),
    "$/M input tok": i18n.N_("$/M input tok"),
    "$/M output tok": i18n.N_("$/M output tok"),
    "$/M tok": i18n.N_("$/M tok"),
    "$/person-week": i18n.N_("$/person-week"),
    "fraction": i18n.N_("fraction"),
}


def unit_text(unit: str) -> str:
    """An analysis unit as a reader reads it in the interface language: its words translated
    ("person-weeks" -> "personas-semana") and the analysis's money sign "$" in the block's currency
    (:func:`using_currency`: "$/GPU-h" -> "€/GPU-h" for a workspace in euros). The analysis writes
    every unit in English with "$" for the workspace's money, so its data stays locale-independent."""
    if not unit:
        return unit
    word = UNIT_WORDS.get(unit)
    text = i18n.gettext(word) if word is not None else unit
    if text.startswith("$") or text.startswith("-$"):
        code = _currency.get()
        sign = currency_unit(code) if _named.get() else _SYMBOLS.get(code, code)
        if sign != "$":
            text = text.replace("$", sign, 1)
    return text


def quantity(value: float | int | None, unit: str = "", *, digits: int = 3, approx: bool = False,
             low: float | None = None, high: float | None = None) -> str:
    """A figure in an analysis unit (:func:`unit_text`): "2 person-weeks", "$0.30/GPU-h"; money
    alone ("$") as :func:`money` writes it ("$32.8M"), a "fraction" as a percentage. ``approx`` (a
    figure resting on assumptions) gives "≈ $1.7/M tokens" with the precision its ``low``/``high``
    range supports: the one rounding rule of every table, card, slide and sentence."""
    if unit == "$":
        return money(value, digits=digits, approx=approx, low=low, high=high)
    if unit == "fraction":
        return percent(value)
    v = _finite(value)
    if approx and v is not None:
        text = with_unit(significant(v, min(digits, _approx_digits(v, low, high))), unit_text(unit).strip())
        return f"≈ {text}"
    return number(value, unit_text(unit), digits=digits)


def currency_symbol(currency: str | None = None) -> str:
    """The symbol of ``currency`` in the current language ("$", "US$", "€"; the code when none)."""
    if currency is None:
        currency = _currency.get()
    if _style(i18n.language()) is None:
        return _SYMBOLS.get(currency, currency)
    from babel import numbers

    return str(numbers.get_currency_symbol(currency, i18n.language()))


def percent(fraction: float | None, digits: int = 0) -> str:
    """A fraction as a percentage: 0.84 -> "84 %"."""
    v = _finite(fraction)
    if v is None:
        return DASH
    return _with_unit(_local(f"{100 * v:,.{digits}f}"), "%")


#: the decimals of a criterion weight, wherever one is written (a table column, a slide, the CLI,
#: the what-if field): a column of weights lines up ("0.050" beside "0.200", never "0.0500")
WEIGHT_DECIMALS = 3


def weight(value: float | None) -> str:
    """A criterion weight (or a bound of its interval), always with :data:`WEIGHT_DECIMALS`
    decimals: 0.05 -> "0.050", 0.2 -> "0.200", 12 -> "12.000"; "0,050" in Spanish."""
    v = _finite(value)
    if v is None:
        return DASH
    if math.isinf(v):
        return ("-" if v < 0 else "") + INFINITY
    return fixed(v, WEIGHT_DECIMALS)


#: the decimals of a weighted score (0 to 1), wherever one is written
SCORE_DECIMALS = 3


def score(value: float | None) -> str:
    """An option's weighted score, always with :data:`SCORE_DECIMALS` decimals: "0.839", "1.000",
    "0.050" ("0,839" in Spanish)."""
    v = _finite(value)
    return DASH if v is None else fixed(v, SCORE_DECIMALS)


def share(fraction: float | None) -> str:
    """A weight share, one decimal: 0.2 -> "20.0 %"."""
    return percent(fraction, 1)


def probability(p: float | None, draws: int | None = None) -> str:
    """P(best) and the like: "84 %"; "≥ 99.5 %" / "≤ 0.5 %" at the ends, where no draw (or
    almost none) disagreed — a finite number of draws never shows certainty."""
    v = _finite(p)
    if v is None:
        return DASH
    if v >= 0.995:
        text = "≥ " + percent(0.995, 1)
    elif v <= 0.005:
        text = "≤ " + percent(0.005, 1)
    else:
        text = percent(v)
    if draws is not None:
        text += f" ({count(draws, 'draw')})"
    return text


def p_best(p: float | None, can_win: bool, draws: int | None = None) -> str:
    """P(best) of an option: :func:`probability`, or "—" for an option that cannot win (not
    recommendable: a knock-out, a blocker, a veto, dev-only), whatever its draws."""
    return probability(p, draws) if can_win and p is not None else DASH


def tps(value: float | None, *, per: str = "") -> str:
    """Tokens per second: "1,516 tok/s", with ``per`` "GPU" -> "223 tok/s/GPU"."""
    unit = i18n._("tok/s") + (f"/{per}" if per else "")
    return number(value, unit)


def ms(value: float | None) -> str:
    """A latency in milliseconds: "2,000 ms", "45.3 ms"."""
    return number(value, "ms")


def rate(value: float | None) -> str:
    """A request rate: "4.00 req/s"; an unlimited rate is "max rate"."""
    v = _finite(value)
    if v is not None and math.isinf(v):
        return i18n._("max rate")
    return number(value, i18n._("req/s"))


def date(value: _dt.date | _dt.datetime | str | None) -> str:
    """A date: ISO in English, "2026-12-01"; the language's long form otherwise ("1 de diciembre de
    2026"). A datetime keeps only its date; a string that is an ISO date is read as one, an ISO month
    ("2027-03") as a month (:func:`month`: "marzo de 2027"), any other is passed through."""
    if value is None or value == "":
        return DASH
    if isinstance(value, str):
        try:
            day = _dt.date.fromisoformat(value)
        except ValueError:
            return _day_or_month(value) if len(value) == 7 else value
    else:
        day = value.date() if isinstance(value, _dt.datetime) else value
    if _style(i18n.language()) is None:
        return day.isoformat()
    from babel import dates

    return str(dates.format_date(day, "long", locale=i18n.language()))


def month(year: int, month_number: int) -> str:
    """A month: ISO in English, "2026-11"; the language's own words otherwise ("noviembre de 2026")."""
    if _style(i18n.language()) is None:
        return f"{year:04d}-{month_number:02d}"
    from babel import dates

    return str(dates.format_skeleton("yMMMM", _dt.date(year, month_number, 1), locale=i18n.language()))


def timestamp(value: str | None) -> str:
    """An ISO timestamp as a table writes it: "2026-11-29 14:05:00Z" in English; the date as the
    language writes it in figures ("29/11/2026 14:05:00Z" in Spanish), the time as it stands."""
    if not value:
        return DASH
    text = value.replace("T", " ", 1)
    if _style(i18n.language()) is None:
        return text
    try:
        day = _dt.date.fromisoformat(text[:10])
    except ValueError:
        return text
    return f"{day.day:02d}/{day.month:02d}/{day.year:04d}{text[10:]}"


_FIGURES_DAY = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


def day_from_figures(text: str) -> str:
    """A day typed as :func:`timestamp` writes it in another language than English ("29/11/2026") as
    its ISO text ("2026-11-29"); ISO text, or anything else, as typed (stripped): the field's own
    check judges it."""
    text = text.strip()
    found = _FIGURES_DAY.fullmatch(text)
    if found is None:
        return text
    try:
        return _dt.date(int(found.group(3)), int(found.group(2)), int(found.group(1))).isoformat()
    except ValueError:
        return text


def month_label(label: str) -> str:
    """A month of a horizon as a table cell writes it: ISO in English ("2027-03"); the language's short
    month otherwise ("mar 2027"); "M4" (a horizon without a start date) as it is."""
    found = _MONTH_RE.fullmatch(label or "")
    if found is None or _style(i18n.language()) is None or not 1 <= int(found.group(2)) <= 12:
        return label
    from babel import dates

    return str(dates.format_skeleton("yMMM", _dt.date(int(found.group(1)), int(found.group(2)), 1),
                                     locale=i18n.language()))


def quoted(text: str) -> str:
    """Third-party words quoted as their source wrote them: as they are in English, between
    «guillemets» in another language, so that a reader sees they were not translated."""
    if not text or _style(i18n.language()) is None:
        return text
    return f"«{text}»"


_MONTH_RE = re.compile(r"(\d{4})-(\d{2})")
_NOTE_DATE = re.compile(r"^(?P<date>\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:\s*\((?P<note>.*)\))?$")


def _day_or_month(text: str) -> str:
    if len(text) == 10:
        return date(text)
    if len(text) == 7:
        m = _MONTH_RE.fullmatch(text)
        if m and 1 <= int(m.group(2)) <= 12:
            return month(int(m.group(1)), int(m.group(2)))
    return text


def source_date(as_of: str | None) -> str:
    """A source's as-of date as the language writes dates: "2026-04-03" -> "3 de abril de 2026",
    "2026-11" -> "noviembre de 2026"; the source's own note beside it, or an as-of that is not a date
    ("measured on SGLang v0.5.15"), is quoted as written (:func:`quoted`); English is unchanged."""
    if as_of is None or not str(as_of).strip():
        return DASH
    text = str(as_of).strip()
    if _style(i18n.language()) is None:
        return text
    found = _NOTE_DATE.match(text)
    if found:
        day = _day_or_month(found.group("date"))
        return day if found.group("note") is None else f"{day} ({quoted(found.group('note'))})"
    undated = re.match(r"^undated(?:\s*\((?P<note>.*)\))?$", text)
    if undated:
        word = i18n._("undated")
        return word if undated.group("note") is None else f"{word} ({quoted(undated.group('note'))})"
    return quoted(text)


def estimate(likely: float | None, low: float | None = None, high: float | None = None, unit: str = "",
             *, digits: int = 3) -> str:
    """A three-point estimate: "223 (150–300) tok/s/GPU"; a point value alone when low == high."""
    if likely is None:
        return DASH
    if low is None or high is None or low == high == likely:
        return number(likely, unit, digits=digits)
    if _currency_unit(unit) is not None:  # "$38,750 ($31,000–$46,500)": the symbol on every figure
        return f"{number(likely, unit, digits=digits)} ({number(low, unit, digits=digits)}–" \
               f"{number(high, unit, digits=digits)})"
    return _with_unit(f"{number(likely, digits=digits)} ({number(low, digits=digits)}–"
                      f"{number(high, digits=digits)})", unit.strip())
