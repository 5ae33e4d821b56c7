"""Structured messages: a stable id, an English template and its parameters.

The analysis states its reasons, flags and warnings as :class:`Message` values instead of finished
sentences, so that every view renders them (and a translation layer can translate the template,
which is the message's catalog key) without rewriting a rule::

    m = msg("capacity.lower_bound", "lower bound: the SLO still holds at the heaviest load, {load}",
            load=64)
    str(m)              # 'lower bound: the SLO still holds at the heaviest load, 64'
    m.render(gettext)   # the template translated first, then filled in

``str(m)`` and ``m.render()`` speak the current language of :mod:`deepdecide.domain.i18n` (the
gettext catalog; English needs none); ``m.render(translate)`` uses the translator given (the GUI's).
``to_data()`` keeps the English text beside the template and raw parameters, so JSON output is
the same in every language (plus ``translation`` when the language is not English).

Templates use ``str.format`` named fields. A field without a format spec is written through
:mod:`deepdecide.domain.formatting` (numbers with their significant digits, None as a dash); a
field with a spec (``{share:.3f}``) is formatted as written. A parameter may itself be a Message,
rendered with the same translator, or a coded value (a member of an enumeration), written as its
word in :mod:`deepdecide.domain.vocabulary`.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from numbers import Real
from typing import Union

from deepdecide.domain import formatting, i18n, vocabulary


@dataclass(frozen=True, slots=True)
class Day:
    """A date parameter: rendered in the current language ("2026-11-29" in English, "29 de noviembre
    de 2026" in Spanish, :func:`formatting.date`); JSON (``to_data``) keeps the ISO text."""

    iso: str

    def __str__(self) -> str:
        return formatting.date(self.iso)


@dataclass(frozen=True, slots=True)
class Quoted:
    """Words of a third party (a source's title, its as-of note) as a parameter: rendered as written,
    marked as a quotation in another language than English (:func:`formatting.quoted`); a source's
    as-of (``as_of=True``) with its date in the language's words (:func:`formatting.source_date`).
    JSON (``to_data``) keeps the text."""

    text: str
    as_of: bool = False

    def __str__(self) -> str:
        return formatting.source_date(self.text) if self.as_of else formatting.quoted(self.text)


@dataclass(frozen=True, slots=True)
class Amount:
    """A figure with its analysis unit as a message parameter ("2 person-weeks", "$0.30/GPU-h"):
    written when the message is rendered, in the language and currency of that moment
    (:func:`deepdecide.domain.formatting.quantity`), so a message holds data, not formatted text."""

    value: float | int | None
    unit: str = ""
    # a figure resting on assumptions: written "≈" with the precision its low / high range supports,
    # as every table writes it (formatting.quantity)
    approx: bool = False
    low: float | None = None
    high: float | None = None
    # significant digits of an exact figure: 3, more where fewer would write two different figures
    # alike (a near miss of an SLO limit: "50.04 ms > 50 ms", never "50.0 ms > 50 ms")
    digits: int = 3

    def __str__(self) -> str:
        return formatting.quantity(self.value, self.unit, digits=self.digits, approx=self.approx, low=self.low,
                                   high=self.high)


#: what a parameter may hold
Param = Union[str, int, float, bool, None, "Message", Amount, Day, Quoted, tuple["Param", ...]]

Translate = Callable[[str], str]


#: what an id parameter of a message names, by the parameter's name: rendered as its name
#: ("NVIDIA H100", not "nv-h100") while :func:`naming` is in force; ``to_data`` keeps the id
_ID_PARAMS = {"platform": "platform", "platforms": "platform", "others": "platform", "measured_on": "platform",
              "runtime": "runtime", "runtimes": "runtime", "option": "option", "options": "option",
              "criterion": "criterion", "metric": "metric", "kind": "parity kind"}

#: kind ("platform", "runtime", "option", "criterion") -> id -> name, while a view of a workspace is written
_names: ContextVar[Mapping[str, Mapping[str, str]] | None] = ContextVar("deepdecide_message_names", default=None)


@contextmanager
def naming(names: Mapping[str, Mapping[str, str]] | None) -> Iterator[None]:
    """Render the ids a message holds (a platform, runtime, option or criterion parameter) as their
    names in this block: the command line's text output, the record and the desktop write names, never
    ids; JSON output (``to_data``) keeps the ids. ``names`` is :func:`names_of` a workspace."""
    token = _names.set(names)
    try:
        yield
    finally:
        _names.reset(token)


def name_ids(names: Mapping[str, Mapping[str, str]] | None) -> None:
    """Name ids from now on in the current context (None: stop): for a long-lived view of one workspace
    at a time, the desktop, which calls it whenever its workspace changes (a block of output uses
    :func:`naming`)."""
    _names.set(names)


def names_of(ws: object) -> dict[str, dict[str, str]]:
    """The names of a workspace's ids: its options, criteria, and the support matrix's platforms
    ("NVIDIA H100") and runtimes; a metric by its word in the vocabulary."""
    matrix = getattr(ws, "matrix", None)
    out: dict[str, dict[str, str]] = {
        "option": {o.id: o.name for o in getattr(ws, "options", ()) if o.name},
        "criterion": {c.id: c.name for c in getattr(ws, "criteria", ()) if c.name},
        "platform": {p.id: f"{p.vendor} {p.name}".strip() for p in getattr(matrix, "platforms", ()) if p.name},
        "runtime": {r.id: r.name for r in getattr(matrix, "runtimes", ()) if r.name},
    }
    # a hosted API's runtime and platform are not in the matrix: its provider, and the provider's servers
    # a fleet row by its place in the workspace ("fleet[0]" in an input's key path): its platform's name
    out["fleet"] = {str(i): out["platform"].get(f.platform, f.platform) for i, f in enumerate(getattr(ws, "fleet", ()))}
    for o in getattr(ws, "options", ()):
        hosted = getattr(o, "hosted", None)
        if hosted is None:
            continue
        if getattr(hosted, "provider", "") and o.runtime not in out["runtime"]:
            out["runtime"][o.runtime] = hosted.provider
        if o.platform and o.platform not in out["platform"]:
            out["platform"][o.platform] = i18n._("the provider's servers")
    return out


def name_of(kind: str, ident: str | None) -> str:
    """The name of an id of ``kind`` ("option", "platform", "runtime", "criterion") while
    :func:`naming` is in force (``names_of`` a workspace); the id itself outside it, or when the
    workspace has no such id. A command's text tables write names with it; ``--json`` keeps ids."""
    if ident is None:
        return ""
    names = _names.get()
    if names is None:
        return ident
    return names.get(kind, {}).get(ident, ident)


def current_names() -> Mapping[str, Mapping[str, str]] | None:
    """The names in force (:func:`naming`, :func:`name_ids`), None outside them."""
    return _names.get()


#: the inputs an input's key path ends in, in words (the record's cost trail and the desktop's tooltips
#: cite them): a fleet row's, an option's cost or hosted-API price, an assumption
_INPUT_WORDS: dict[str, str] = {
    "purchase_usd_per_gpu": i18n.N_("purchase price per GPU"),
    "capex_per_gpu_usd": i18n.N_("purchase price per GPU"),
    "rental_usd_per_gpu_hour": i18n.N_("rental price per GPU-hour"),
    "gpu_hour_usd": i18n.N_("rental price per GPU-hour"),
    "power_kw_per_gpu": i18n.N_("power per GPU (nameplate, all-in)"),
    "hosting_usd_per_gpu_hour": i18n.N_("hosting per GPU-hour"),
    "book_value_usd_per_gpu": i18n.N_("book value of an owned GPU"),
    "resale_usd_per_gpu": i18n.N_("resale value of an owned GPU"),
    "replacement_usd_per_gpu": i18n.N_("replacement price per GPU"),
    "residual_usd_per_gpu": i18n.N_("residual value of a bought GPU at the horizon's end"),
    "owned_gpus": i18n.N_("owned GPUs"),
    "amortization_years": i18n.N_("amortization"),
    "end_of_support": i18n.N_("end of support"),
    "lead_time_months": i18n.N_("lead time"),
    "assumed_output_tps_per_gpu": i18n.N_("assumed output tok/s per GPU"),
    "input_usd_per_m": i18n.N_("input tokens"),
    "output_usd_per_m": i18n.N_("output tokens"),
    "cached_input_usd_per_m": i18n.N_("cached input tokens"),
    "spare_units": i18n.N_("spare units"),
    "pue": "PUE",
    "electricity_usd_per_kwh": i18n.N_("electricity"),
    "engineer_usd_per_week": i18n.N_("engineer, loaded cost per person-week"),
    "horizon_years": i18n.N_("horizon"),
    "headroom": i18n.N_("headroom"),
    "utilization": i18n.N_("utilization"),
    "cost_view": i18n.N_("cost view"),
}

#: a run's fields in words, as a data-quality note names them ("GPU count given by the user", not
#: "gpu_count ..."); the stored flag keeps the field's id
_RUN_FIELD_WORDS: dict[str, str] = {
    "runtime": i18n.N_("runtime"),
    "runtime_version": i18n.N_("runtime version"),
    "platform": i18n.N_("platform"),
    "gpu_count": i18n.N_("GPU count"),
    "model": i18n.N_("model"),
    "quantization": i18n.N_("quantization"),
    "input_tokens": i18n.N_("input tokens"),
    "output_tokens": i18n.N_("output tokens"),
    "concurrency": i18n.N_("concurrency"),
    "request_rate": i18n.N_("request rate"),
    "duration_s": i18n.N_("duration"),
    "output_throughput_tps": i18n.N_("output tokens/s"),
    "total_throughput_tps": i18n.N_("total tokens/s"),
    "request_throughput_rps": i18n.N_("requests/s"),
    "output_tps_per_gpu": i18n.N_("output tokens/s per GPU"),
    "interactivity_tps_per_user": i18n.N_("tokens/s per user"),
    "num_requests": i18n.N_("requests"),
    "completed": i18n.N_("completed requests"),
    "failed": i18n.N_("failed requests"),
    "prefill_gpus": i18n.N_("prefill GPUs"),
    "decode_gpus": i18n.N_("decode GPUs"),
    "power_w_per_gpu": i18n.N_("power per GPU"),
    "energy_j_per_output_token": i18n.N_("energy per output token"),
    "energy_j_per_input_token": i18n.N_("energy per input token"),
    "kv_cache_tokens": i18n.N_("KV-cache pool"),
    "ci_level": i18n.N_("interval level"),
    "ci_runs": i18n.N_("runs in the interval"),
    "slo_attainment": i18n.N_("SLO attainment"),
    "goodput_rps": i18n.N_("goodput"),
    "goodput_ttft_ms": i18n.N_("goodput objective TTFT"),
    "goodput_tpot_ms": i18n.N_("goodput objective TPOT"),
    "goodput_e2e_ms": i18n.N_("goodput objective e2e"),
    "tensor_parallel": "TP",
    "expert_parallel": "EP",
    "pipeline_parallel": "PP",
    # a parity check's figures
    "value": i18n.N_("value"),
    "reference_value": i18n.N_("reference value"),
    "delta": i18n.N_("delta"),
    "stderr": i18n.N_("standard error"),
}

#: a latency field ("ttft_ms_p99", "e2e_per_token_ms_mean"; a metric alone, "tpot_ms") and a repeated
#: run's interval end ("ttft_ms_p50_ci_low"): named as every table names them ("TTFT p99", "TPOT")
_LATENCY_FIELD = re.compile(r"(ttft|tpot|itl|e2e|e2e_per_token)_ms(?:_(mean|p\d+))?")
_INTERVAL_FIELD = re.compile(r"(.+)_ci_(low|high)")
_LATENCY_WORDS = {"ttft": "TTFT", "tpot": "TPOT", "itl": "ITL", "e2e": i18n.N_("e2e"),
                  "e2e_per_token": i18n.N_("e2e per token")}
_INTERVAL_WORDS = {"low": i18n.N_("{field}, interval low"), "high": i18n.N_("{field}, interval high")}

#: the messages whose parameter names a run's field: message id -> that parameter
_RUN_FIELD_PARAMS: dict[str, str] = {
    "normalize.given": "name", "normalize.from_name": "name", "normalize.kept": "name",
    "edits.set_by_user": "name", "edits.set_by_user_was": "name",
    "normalize.derived": "key", "normalize.disagrees": "key", "normalize.disagrees_zero": "key",
    "safety.derived_not_finite": "name", "safety.too_small": "name", "safety.latency_unit": "name",
    "parity.field_not_finite": "name", "storage.non_finite_null": "key",
}

#: the messages whose parameter is a figure that earlier versions stored as its English text ("0.20354",
#: "5e-324"): message id -> those parameters, written as a figure in the language's decimals either way
_FIGURE_PARAMS: dict[str, frozenset[str]] = {
    "safety.latency_unit": frozenset({"value"}),
    "safety.too_small": frozenset({"value"}),
    "safety.derived_not_finite": frozenset({"value"}),
    "parity.field_not_finite": frozenset({"value"}),
}


#: the messages whose parameter holds a file's own keys, joined by " x " ("tensor_parallel_size x
#: pipeline_parallel_size"): message id -> those parameters, each key quoted as the file writes it
#: (:func:`formatting.quoted`: «tensor_parallel_size» x «pipeline_parallel_size» in another language than English)
_FILE_KEY_PARAMS: dict[str, frozenset[str]] = {
    "vllm.swept_gpus": frozenset({"keys"}),
}


def _file_keys(value: str) -> str:
    return " x ".join(formatting.quoted(k) for k in value.split(" x "))


#: the messages whose parameter is a code of the vocabulary: message id -> parameter -> the code's context
#: (an MLPerf accuracy check's verdict, "pass", written as the language's word)
_CODE_PARAMS: dict[str, dict[str, str]] = {
    "mlperf_results.accuracy_check": {"verdict": "parity verdict"},
}


def _field_text(name: str, translate: Translate | None) -> str | None:
    """A run's (or a parity check's) field in words through ``translate`` (None: English); None for a
    name that is no field of ours."""
    def say(text: str) -> str:
        return translate(text) if translate is not None else text

    what = _RUN_FIELD_WORDS.get(name)
    if what is not None:
        return say(what)
    latency = _LATENCY_FIELD.fullmatch(name)
    if latency is not None:
        metric, stat = latency.groups()
        words = say(_LATENCY_WORDS[metric])
        return words if stat is None else f"{words} {say('mean') if stat == 'mean' else stat}"
    interval = _INTERVAL_FIELD.fullmatch(name)
    if interval is not None:
        field = _field_text(interval.group(1), translate)
        if field is not None:
            return say(_INTERVAL_WORDS[interval.group(2)]).format(field=field)
    return None


def run_field_words(name: str) -> str:
    """A run's field in words in the current language ("gpu_count" -> "GPU count", "número de GPU";
    "ttft_ms_p99" -> "TTFT p99"); a field without words as it is."""
    return _field_text(name, i18n.translator()) or name


def _figure(value: object) -> object:
    """A figure a file held as the notes write it (up to six significant digits: "0.20354", "5e-324") in
    the language's decimals ("0,20354"); stored as text by an older version ("0.20354", "inf") the same;
    not finite, "∞" or "NaN"; any other text as it is."""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return value
    if not isinstance(value, Real) or isinstance(value, bool):
        return value
    number = float(value)
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return formatting.number(number)
    # six significant digits ("0.20354" of 0.203539535985328), or fewer where they read back the same
    # ("5e-324", not "4.94066e-324")
    text = min(f"{number:g}", repr(number).removesuffix(".0"), key=len)
    return formatting.localized(text)


#: an input's key path as the analysis cites it: ``fleet[0].power_kw_per_gpu``,
#: ``fleet.nv-h100.owned_gpus``, ``options.keep-vllm-h100.cost.capex_per_gpu_usd``,
#: ``options.api.hosted.output_usd_per_m``, ``assumptions.pue``
_KEY_PATH = re.compile(r"(?<![\w.\[-])(?:fleet\[(?P<row>\d+)\]|fleet\.(?P<platform>[A-Za-z0-9_-]+)|"
                       r"options\.(?P<option>[A-Za-z0-9_-]+)|(?P<assumptions>assumptions))"
                       r"\.(?P<path>[a-z_]+(?:\.[a-z_]+)*)")


def field_words(path: str) -> str:
    """An input's field path in words where it names a price or an assumption ("cost.capex_per_gpu_usd"
    -> "purchase price per GPU"), else the path as it is."""
    what = _INPUT_WORDS.get(path.rsplit(".", 1)[-1])
    return i18n._(what) if what else path


def input_words(text: str) -> str:
    """``text`` with every input key path it cites written in the workspace's words while
    :func:`naming` is in force ("fleet[0].power_kw_per_gpu" -> "NVIDIA H100 SXM fleet: power per GPU
    (nameplate, all-in)"); unchanged outside it (``--json`` and the inputs keep the paths)."""
    names = _names.get()
    if names is None or "." not in text:
        return text

    def words(m: re.Match[str]) -> str:
        path = m.group("path")
        field = path.rsplit(".", 1)[-1]
        what = _INPUT_WORDS.get(field)
        if m.group("row") is not None:
            platform = names.get("fleet", {}).get(m.group("row"))
            if platform is None:
                return m.group(0)
            owner = i18n._("{platform} fleet").format(platform=platform)
        elif m.group("platform") is not None:
            owner = i18n._("{platform} fleet").format(platform=names.get("platform", {}).get(
                m.group("platform"), m.group("platform")))
        elif m.group("option") is not None:
            owner = names.get("option", {}).get(m.group("option"), m.group("option"))
        else:
            owner = i18n._("assumptions")
        return i18n._("{owner}: {input}").format(owner=owner, input=i18n._(what) if what else path)

    return _KEY_PATH.sub(words, text)


def _named(key: str, value: object) -> object:
    names = _names.get()
    kind = _ID_PARAMS.get(key)
    if names is None or kind is None:
        return value
    if kind in ("metric", "parity kind") and isinstance(value, str):  # a code of the vocabulary (else as it is)
        return vocabulary.word(value, kind)
    table = names.get(kind, {})
    if isinstance(value, str):
        return table.get(value, value)
    if isinstance(value, tuple):
        return tuple(table.get(v, v) if isinstance(v, str) else v for v in value)
    return value


#: a date parameter stored as ISO text (a flag read back from a workspace holds no Day)
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


#: the whole part of a figure written by a format spec, of four digits or more and no exponent
_THOUSANDS = re.compile(r"(?<![\d.])\d{4,}(?=(?:\.\d*)?(?:%|\s|$))")


class _Formatter(string.Formatter):
    def __init__(self, translate: Translate | None, field: str | None = None,
                 figures: frozenset[str] = frozenset(), codes: Mapping[str, str] | None = None,
                 file_keys: frozenset[str] = frozenset()):
        super().__init__()
        self.translate = translate
        self.field = field  # the parameter that names a run's field (written in words)
        self.figures = figures  # the parameters that are figures, perhaps stored as text
        self.codes = codes or {}  # the parameters that are codes of the vocabulary, with their context
        self.file_keys = file_keys  # the parameters that hold a file's own keys (quoted)

    def get_value(self, key: int | str, args: Sequence[object], kwargs: Mapping[str, object]) -> object:
        value = super().get_value(key, args, kwargs)
        if key == self.field and isinstance(value, str):
            words = _field_text(value, self.translate)
            if words is not None:
                return words
        if key in self.figures:
            return _figure(value)
        if key in self.file_keys and isinstance(value, str):
            return _file_keys(value)
        if isinstance(key, str) and key in self.codes and isinstance(value, str):
            return vocabulary.word(value, self.codes[key])
        if key == "date" and isinstance(value, str) and _ISO_DAY.fullmatch(value):  # a stored ISO date: in words
            return Day(value)
        if key == "format" and isinstance(value, str):  # an importer's format description: a catalog key
            return self.translate(value) if self.translate is not None else value
        return _named(key, value) if isinstance(key, str) else value

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Message):
            return value.render(self.translate)
        if isinstance(value, (Amount, Day, Quoted)):
            return str(value)
        if isinstance(value, Enum):  # a coded value (a StrEnum member): its word in the vocabulary
            return vocabulary.word(value)
        if isinstance(value, tuple):
            return ", ".join(self.format_field(v, format_spec) for v in value)
        if format_spec and isinstance(value, str) and not format_spec.isdigit():
            return value  # a figure's spec on text (an older version's stored text that is no figure)
        if format_spec:
            text = format(value, format_spec)
            if not isinstance(value, Real) or isinstance(value, bool):
                return text
            # a number formatted as written, with the language's separators and its thousands grouped as
            # every figure of every language is (one rule: "2,000 ms" in English, "2.000 ms" in Spanish,
            # never "2000 ms"); an integer spec (a line number, "{n:d}") and an exponent as written
            if "," not in format_spec and format_spec[-1:] not in "bcdnoxX":
                text = _THOUSANDS.sub(lambda m: f"{int(m.group(0)):,}", text, count=1)
            return formatting.localized(text)
        if value is None:
            return formatting.DASH
        if isinstance(value, bool):
            return i18n._("yes") if value else i18n._("no")
        if isinstance(value, Real):
            return formatting.number(value if isinstance(value, int) else float(value))
        return str(value)


@dataclass(frozen=True, slots=True)
class Message:
    """One reason, flag or warning: ``id`` is stable (tests and translations key on it),
    ``template`` the English text with named fields, ``params`` the values, in order."""

    id: str
    template: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str = ""  # a counted message (:func:`msgn`): the plural template, ``template`` the singular
    count: str = ""  # the parameter that chooses between them

    @property
    def args(self) -> dict[str, Param]:
        return dict(self.params)

    def _english(self) -> str:
        """The English template: the singular or the plural by the count."""
        if not self.plural:
            return self.template
        return self.template if self._n() == 1 else self.plural

    def _n(self) -> int:
        n = self.args.get(self.count)
        return int(n) if isinstance(n, (int, float)) and not isinstance(n, bool) else 2

    def render(self, translate: Translate | None = None, *, field_ids: bool = False) -> str:
        """The text through ``translate`` (template -> translated template); without one, in the
        current language. A counted message takes its language's plural form of the count. A run's
        field is named in words (``field_ids``: by its id, as files of schema 3 and before wrote it)."""
        if translate is None:
            translate = i18n.translator()
        if self.plural and translate is i18n.translate:
            template = i18n.ngettext(self.template, self.plural, self._n())
        else:
            template = translate(self._english()) if translate is not None else self._english()
        field = None if field_ids else _RUN_FIELD_PARAMS.get(self.id)
        figures = _FIGURE_PARAMS.get(self.id, frozenset())
        codes = _CODE_PARAMS.get(self.id)
        keys = _FILE_KEY_PARAMS.get(self.id, frozenset())
        try:
            return _Formatter(translate, field, figures, codes, keys).vformat(template, (), self.args)
        except (KeyError, IndexError, ValueError):  # a translation that names a field wrongly
            return _Formatter(translate, field, figures, codes, keys).vformat(self._english(), (), self.args)

    def __str__(self) -> str:
        return self.render()

    def to_data(self) -> dict[str, object]:
        """For JSON output: the id, the rendered English text, the template and the raw parameters;
        in another language also its ``translation``."""
        lang = i18n.language()
        with i18n.using(i18n.DEFAULT):
            data: dict[str, object] = {"id": self.id, "text": self.render(), "template": self.template,
                                       "params": {k: _param_data(v) for k, v in self.params}}
        if self.plural:
            data["plural"] = self.plural
        if lang != i18n.DEFAULT:
            data["translation"] = self.render()
        return data


def _finite(x: float | None) -> float | None:
    return x if x is not None and math.isfinite(x) else None


def _param_data(v: Param) -> object:
    if isinstance(v, Message):
        return v.to_data()
    if isinstance(v, Amount):
        value = v.value if v.value is None or math.isfinite(v.value) else None
        if not v.approx:
            return {"value": value, "unit": v.unit} if v.digits == 3 else {"value": value, "unit": v.unit,
                                                                          "digits": v.digits}
        return {"value": value, "unit": v.unit, "approx": True, "low": _finite(v.low), "high": _finite(v.high)}
    if isinstance(v, Day):
        return v.iso
    if isinstance(v, Quoted):
        return v.text
    if isinstance(v, tuple):
        return [_param_data(x) for x in v]
    return v


@lru_cache(maxsize=2048)
def _fields(template: str) -> frozenset[str]:
    """The named fields of a template (parsed once per template)."""
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def msg(id: str, template: str, /, **params: Param) -> Message:
    """Build a message; the template must name exactly the given parameters."""
    if _fields(template) != set(params):
        names = _fields(template)
        raise ValueError(f"message {id!r}: template fields {sorted(names)} != parameters {sorted(params)}")
    return Message(id, template, tuple(params.items()))


def msgn(id: str, singular: str, plural: str, count: str, /, **params: Param) -> Message:
    """A counted message: ``singular`` or ``plural`` by the parameter ``count``, in each language's
    plural forms ("1 run meets the SLO", "3 runs meet the SLO"; "1 ejecución cumple", "3 ejecuciones
    cumplen"). Both templates name exactly the given parameters."""
    if _fields(singular) != set(params) or _fields(plural) != set(params) or count not in params:
        raise ValueError(f"message {id!r}: template fields {sorted(_fields(plural))} != parameters {sorted(params)}"
                         f" (or no count {count!r})")
    return Message(id, singular, tuple(params.items()), plural, count)


def plain(text: str) -> Message:
    """A message with no parameters whose text is given as is (user text, or a file's own words)."""
    return Message("text", "{text}", (("text", text),))


def render_all(messages: Iterable[Message | str], translate: Translate | None = None) -> list[str]:
    """Render a sequence of messages (plain strings pass through)."""
    return [m.render(translate) if isinstance(m, Message) else m for m in messages]


def join(messages: Iterable[Message | str], sep: str = "; ", translate: Translate | None = None) -> str:
    return sep.join(render_all(messages, translate))


def from_data(data: Mapping[str, object]) -> Message:
    """Rebuild a message written by :meth:`Message.to_data` (for tools that read ``--json``)."""
    params = data.get("params")
    if not isinstance(params, Mapping):
        params = {}
    return Message(str(data["id"]), str(data.get("template", data.get("text", ""))),
                   tuple((str(k), _from_param(v)) for k, v in params.items()))


def _from_param(v: object) -> Param:
    if isinstance(v, Mapping) and "id" in v:
        return from_data(v)
    if isinstance(v, Mapping) and set(v) in ({"value", "unit"}, {"value", "unit", "digits"},
                                             {"value", "unit", "approx", "low", "high"}):
        value, low, high, digits = v["value"], v.get("low"), v.get("high"), v.get("digits")
        return Amount(value if isinstance(value, (int, float)) else None, str(v["unit"]), bool(v.get("approx")),
                      low if isinstance(low, (int, float)) else None, high if isinstance(high, (int, float)) else None,
                      digits if isinstance(digits, int) and not isinstance(digits, bool) and 1 <= digits <= 15 else 3)
    if isinstance(v, list):
        return tuple(_from_param(x) for x in v)
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    return str(v)


def chain(messages: Iterable[Message]) -> Message | None:
    """Several messages as one, joined by "; " (None when there are none); each stays a message, so
    the whole renders through the same translator."""
    items = list(messages)
    if not items:
        return None
    out = items[-1]
    for m in reversed(items[:-1]):
        out = Message("chain", "{first}; {rest}", (("first", m), ("rest", out)))
    return out
