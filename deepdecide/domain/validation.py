"""The accepted ranges of every decision input and the limits of every file, in one place.

Storage's validator (``storage.files.check``) turns each problem found here into a located error
(``file:line: key.path: reason``); the analysis uses the same checks to decide which inputs it can
use (``estimate_problem``), and turns what it cannot use into messages on the option, never an
exception. docs/workspace-schema.md lists the ranges and limits for users.

Reasons are written in the current language (``domain.i18n``) from parameters: the key path, the
value and the range are filled into a translated sentence, never joined from fragments.

Every rule carries ``since``: the schema version that introduced it. A file written with an older
schema that breaks a newer rule still opens (the rule is a warning then); saving it writes the
current schema and marks each such value *carried over* while it is unchanged (a changed value must
meet the rule; see ``storage.files.check_with_warnings``).
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import functools
import math
import re
import types
import typing
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deepdecide.domain.common import Estimate
from deepdecide.domain.formatting import localized
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message
from deepdecide.domain.slo import Limit, limits

# ---------------------------------------------------------------------------------------------
# structural limits of a file (always errors: beyond them commands would crash or run out of memory)

MAX_FILE_BYTES = 64 * 1024 * 1024  # a workspace is text; anything larger is not one
MAX_NESTING_DEPTH = 64  # mappings and lists inside each other (a workspace needs about 8)
MAX_INTEGER = 2**53  # |integer| up to 9,007,199,254,740,992: exact in JSON and in a float
MAX_INTEGER_DIGITS = 20  # an integer written with more digits is refused before it is parsed
MAX_STRING_CHARS = 4_000_000  # one text value (a context, a note, a label)
MAX_DRAWS = 1_000_000  # Monte Carlo draws
MAX_SEED = 2**32 - 1  # Monte Carlo seed: 0 .. 4,294,967,295
MAX_GPUS = 1_000_000  # GPUs in one unit, node, prefill or decode group
MAX_NAME_CHARS = 500  # a name, title, role or model: shown in table cells, which cannot span pages
MIN_UTILIZATION = 0.01  # assumptions.utilization: the smallest sensible fraction (1 %)
NAME_FIELDS = frozenset({"name", "title", "role", "model"})

# the metrics a criterion may name (the analysis's scoring table; a test keeps the two equal)
METRIC_NAMES: tuple[str, ...] = (
    "cost_per_m_tokens_usd", "tco_usd", "time_to_production_weeks", "engineering_person_weeks",
    "evidence_level", "official_support", "service_completeness", "capacity_tps_per_gpu", "blockers",
)

# ---------------------------------------------------------------------------------------------
# identifiers

ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
MAX_ID_CHARS = 64
ID_RULE = N_("an id is 1-64 ASCII characters: letters, digits, '.', '_' and '-', starting with a letter or "
             "digit (names and titles may use any script)")


def id_problem(value: str) -> str | None:
    """Why ``value`` is not a valid id, or None. ASCII-only ids make confusables (a Cyrillic 'е' for a
    Latin 'e') and invisible characters (a zero-width space) impossible; NFKC forms are suggested."""
    if ID_PATTERN.match(value) and len(value) <= MAX_ID_CHARS:
        return None
    if not value:
        return _("an id must not be empty")
    if len(value) > MAX_ID_CHARS:
        return _("the id has {n} characters, more than {max}").format(n=len(value), max=MAX_ID_CHARS)
    normalized = unicodedata.normalize("NFKC", value)
    if normalized != value and ID_PATTERN.match(normalized) and len(normalized) <= MAX_ID_CHARS:
        return _("{value} is not in normal form (NFKC): write {normalized!r}").format(
            value=_printable(value), normalized=normalized)
    for pos, ch in enumerate(value):
        if ch.isascii() and (ch.isalnum() or (ch in "._-" and pos > 0)):
            continue
        name = unicodedata.name(ch, "")
        code = f"U+{ord(ch):04X}" + (f" {name}" if name else "")
        if unicodedata.category(ch) in ("Cf", "Cc", "Zs", "Zl", "Zp", "Mn", "Me") or ch.isspace():
            template = (N_("invisible or control character {code} at position {pos} of {value}; {rule}") if ch != " "
                        else N_("space {code} at position {pos} of {value}; {rule}"))
        elif not ch.isascii():
            template = N_("non-ASCII character (it may look like an ASCII one) {code} at position {pos} of {value}; "
                          "{rule}")
        else:
            template = N_("character {code} at position {pos} of {value}; {rule}")
        return _(template).format(code=code, pos=pos + 1, value=_printable(value), rule=_(ID_RULE))
    return _(ID_RULE)  # pragma: no cover - every failing value has a failing character


#: bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069): they reorder
#: how a text reads ("abc\u202efdp.exe" shows as "abcexe.pdf"), so a name that holds one can pass for another
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def bidi_reason(value: str) -> str:
    """Why a name holding a bidirectional control is refused, naming the first one and its place."""
    m = _BIDI.search(value)
    assert m is not None
    ch = m.group(0)
    return _("bidirectional control character U+{code:04X} {name} at position {pos} of {value}: it reorders how "
             "the text reads, so the name could pass for another; remove it").format(
        code=ord(ch), name=unicodedata.name(ch, ""), pos=m.start() + 1, value=_printable(value))


def _printable(value: str) -> str:
    """The value with every non-printable character escaped, for a message."""
    return repr(value.encode("ascii", "backslashreplace").decode("ascii"))


# ---------------------------------------------------------------------------------------------
# numeric ranges


@dataclass(frozen=True, slots=True)
class Range:
    """An accepted range: ``low``/``high`` None = unbounded; ``*_open`` = that end excluded."""

    low: float | None
    high: float | None
    low_open: bool = False
    high_open: bool = False
    unit: str = ""

    def contains(self, value: float) -> bool:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            return False
        if self.low is not None and (value < self.low or (self.low_open and value == self.low)):
            return False
        return not (self.high is not None and (value > self.high or (self.high_open and value == self.high)))

    @property
    def text(self) -> str:
        """The range in interval notation with its unit, "(0, 3,600,000] ms" (the unit and the
        number separators in the current language)."""
        lo = "-inf" if self.low is None else _bound(self.low)
        hi = "inf" if self.high is None else _bound(self.high)
        left = "(" if self.low_open or self.low is None else "["
        right = ")" if self.high_open or self.high is None else "]"
        # the list separator is "; " where the decimal mark is a comma ("[0; 1,5]")
        sep = "; " if localized("0.5") != "0.5" else ", "
        interval = f"{left}{lo}{sep}{hi}{right}"
        return _("{interval} {unit}").format(interval=interval, unit=_(self.unit)) if self.unit else interval


def _bound(x: float) -> str:
    return localized(f"{int(x):,}" if float(x).is_integer() and abs(x) < 1e15 else f"{x:g}")


def _positive(high: float, unit: str) -> Range:
    return Range(0, high, low_open=True, unit=unit)


def _nonneg(high: float, unit: str) -> Range:
    return Range(0, high, unit=unit)


@dataclass(frozen=True, slots=True)
class Rule:
    """The range of one kind of decision input; ``key`` names it in docs/workspace-schema.md.

    ``legacy`` is what schema 1 already enforced (or what any command needs so as not to overflow):
    a value outside it is an error in a file of any schema. A value inside ``legacy`` but outside
    ``range`` breaks a rule of schema 2: a warning in a schema-1 file, an error otherwise.
    ``legacy=None`` means schema 1 accepted any value."""

    key: str
    range: Range
    legacy: Range | None = None
    integer: bool = False
    introduced: int = 2  # the schema whose rule it is (when schema 1 did not have it)

    @property
    def since(self) -> int:
        return 1 if self.legacy == self.range else self.introduced


#: the unit a fraction's range is written with
_FRACTION = N_("(a fraction: 0.01 = 1 %)")


def slo_rule(entry: Limit) -> Rule:
    """The rule of one SLO limit: (0, maximum] in its unit ([0, maximum] where zero is allowed)."""
    unit = _FRACTION if entry.percent else entry.unit
    rng = _nonneg(entry.maximum, unit) if entry.zero_allowed else _positive(entry.maximum, unit)
    return Rule(f"slo.{entry.key}", rng)


_ANY_POSITIVE = Range(0, None, low_open=True)
_GPUS = Range(1, MAX_GPUS, unit=N_("GPUs"))
_FEW_GPUS = Range(None, MAX_GPUS, unit=N_("GPUs"))  # schema 1 accepted 0 or less (ignored); never more than this
_GPUS_WORKERS = Range(1, MAX_GPUS, unit=N_("workers"))

RULES: dict[str, Rule] = {r.key: r for r in (
    # option topology
    Rule("topology.gpus_per_node", Range(1, 1024, unit=N_("GPUs")), _GPUS, integer=True),
    # schema 10: the pools of a disaggregated option (schema 9's prefill_gpus / decode_gpus became their
    # gpus_per_worker, under the same ranges)
    Rule("topology.prefill.gpus_per_worker", _GPUS, _FEW_GPUS, integer=True),
    Rule("topology.decode.gpus_per_worker", _GPUS, _FEW_GPUS, integer=True),
    Rule("topology.prefill.workers", _GPUS_WORKERS, integer=True, introduced=10),
    Rule("topology.decode.workers", _GPUS_WORKERS, integer=True, introduced=10),
    Rule("topology.prefill.assumed_tps_per_gpu", _positive(10_000_000, N_("input tok/s per GPU")), introduced=10),
    Rule("topology.decode.assumed_tps_per_gpu", _positive(1_000_000, N_("output tok/s per GPU")), introduced=10),
    Rule("topology.unit_gpus", _GPUS, _FEW_GPUS, integer=True),
    # option cost (an estimate: low, likely and high each in the range)
    Rule("cost.gpu_hour_usd", _positive(10_000, N_("$/GPU-hour"))),
    Rule("cost.capex_per_gpu_usd", _positive(10_000_000, N_("$ per GPU"))),
    Rule("cost.amortization_years", _positive(30, N_("years"))),
    Rule("cost.power_kw_per_gpu", _positive(100, N_("kW per GPU"))),
    Rule("cost.porting_effort_person_weeks", _nonneg(10_000, N_("person-weeks"))),
    Rule("cost.time_to_production_weeks", _nonneg(1_040, N_("weeks"))),
    Rule("cost.assumed_output_tps_per_gpu", _positive(1_000_000, N_("output tok/s per GPU"))),
    Rule("answer.effort_person_weeks", _nonneg(10_000, N_("person-weeks"))),
    # criteria
    Rule("criterion.weight", _nonneg(1_000_000, ""), _nonneg(1_000_000, "")),
    Rule("criterion.knockout_threshold", Range(-1e15, 1e15)),
    # service level objective: one rule per limit of domain.slo (slo_rule)
    *(slo_rule(entry) for entry in limits()),
    # demand
    Rule("demand.output_tokens_per_s", _positive(1e12, N_("output tok/s"))),
    Rule("demand.requests_per_s", _positive(1e9, N_("requests/s"))),
    Rule("demand.input_tokens", _nonneg(1e8, N_("tokens per request"))),
    Rule("demand.output_tokens", _positive(1e8, N_("tokens per request"))),
    # assumptions
    Rule("assumptions.horizon_years", _positive(30, N_("years")), _ANY_POSITIVE),
    Rule("assumptions.electricity_usd_per_kwh", _positive(10, N_("$/kWh"))),
    Rule("assumptions.engineer_usd_per_week", _positive(1_000_000, N_("$ per person-week"))),
    # a fraction of the GPUs' time that serves demand: below 1 % a fleet a hundred times the demand's
    # size is no sensible plan (a denormal 5e-324 would make the fleet infinite); schema 1 took any (0, 1]
    Rule("assumptions.utilization", Range(MIN_UTILIZATION, 1), Range(0, 1, low_open=True)),
    Rule("assumptions.monte_carlo_draws", Range(1, MAX_DRAWS, unit=N_("draws")), Range(1, MAX_DRAWS, unit=N_("draws")),
         integer=True),
    Rule("assumptions.monte_carlo_seed", Range(0, MAX_SEED), Range(0, MAX_SEED), integer=True),
    # schema 6: the money over time
    Rule("assumptions.horizon_years_range", _positive(30, N_("years")), introduced=7),
    Rule("assumptions.headroom", _nonneg(10, N_("(a fraction: 0.2 = 20 %)")), introduced=7),
    Rule("assumptions.spare_units", _nonneg(1_000, N_("units")), integer=True, introduced=7),
    Rule("assumptions.fiscal_year_start_month", Range(1, 12, unit=N_("(a month: 1 = January)")), integer=True,
         introduced=7),
    Rule("topology.spare_units", _nonneg(1_000, N_("units")), integer=True, introduced=7),
    Rule("demand.output_tokens_per_s_range", _positive(1e12, N_("output tok/s")), introduced=7),
    Rule("demand.growth_per_year", _nonneg(100, N_("(a fraction per year: 0.3 = +30 %)")), introduced=7),
    Rule("fleet.owned_gpus", _nonneg(100_000_000, N_("GPUs")), integer=True, introduced=7),
    Rule("fleet.owned_gpus_range", _nonneg(100_000_000, N_("GPUs")), introduced=7),
    Rule("fleet.book_value_usd_per_gpu", _nonneg(10_000_000, N_("$ per GPU")), introduced=7),
    Rule("fleet.resale_usd_per_gpu", _nonneg(10_000_000, N_("$ per GPU")), introduced=7),
    Rule("fleet.replacement_usd_per_gpu", _positive(10_000_000, N_("$ per GPU")), introduced=7),
    Rule("fleet.purchase_usd_per_gpu", _positive(10_000_000, N_("$ per GPU"))),  # moved from cost.* by the schema-7 migration: the rule it had applies
    Rule("fleet.residual_usd_per_gpu", _nonneg(10_000_000, N_("$ per GPU")), introduced=7),
    Rule("fleet.amortization_years", _positive(30, N_("years"))),  # moved from cost.* by the schema-7 migration: the rule it had applies
    Rule("fleet.rental_usd_per_gpu_hour", _positive(10_000, N_("$/GPU-hour"))),  # moved from cost.* by the schema-7 migration: the rule it had applies
    Rule("fleet.power_kw_per_gpu", _positive(100, N_("kW per GPU"))),  # moved from cost.* by the schema-7 migration: the rule it had applies
    Rule("fleet.hosting_usd_per_gpu_hour", _nonneg(10_000, N_("$/GPU-hour")), introduced=7),
    Rule("fleet.lead_time_months", _nonneg(120, N_("months")), integer=True, introduced=7),
    Rule("fleet.ramp_months", _nonneg(120, N_("months")), integer=True, introduced=7),
    Rule("hosted.input_usd_per_m", _nonneg(10_000, N_("$ per million tokens")), introduced=7),
    Rule("hosted.output_usd_per_m", _nonneg(10_000, N_("$ per million tokens")), introduced=7),
    Rule("hosted.cached_input_usd_per_m", _nonneg(10_000, N_("$ per million tokens")), introduced=7),
    Rule("hosted.cached_input_share", _nonneg(1, N_("(a fraction: 0.3 = 30 %)")), introduced=7),
    Rule("hosted.committed_discount", Range(0, 1, high_open=True, unit=N_("(a fraction: 0.2 = 20 %)")), introduced=7),
    Rule("hosted.stated_ttft_p99_ms", _positive(3_600_000, N_("ms")), introduced=7),
    Rule("hosted.stated_tpot_p99_ms", _positive(3_600_000, N_("ms")), introduced=7),
)}


@dataclass(frozen=True, slots=True)
class Problem:
    """A value outside its accepted range. ``path`` is the key path from the document's top;
    ``since`` the schema version whose rule it breaks."""

    path: str
    reason: str
    since: int = 2


def number_problem(value: Any, rule: Rule, rng: Range | None = None) -> str | None:
    rng = rng or rule.range
    if rule.integer and (not isinstance(value, int) or isinstance(value, bool)):
        return _("must be a whole number in {range}, got {value}").format(range=rng.text, value=_show(value))
    if rng.contains(value):
        return None
    return _("must be in {range}, got {value}").format(range=rng.text, value=_show(value))


def estimate_problem(e: Estimate, rng: Range | None = None) -> str | None:
    """Why an estimate cannot be used, or None: every point a finite number, ``low >= 0``,
    ``low <= likely <= high``, and (with ``rng``) every point inside the range. The analysis and the
    storage validator both ask this; the reasons are the analysis's messages."""
    vals = (e.low, e.likely, e.high)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in vals):
        return _("not a number ({low} / {likely} / {high})").format(low=e.low, likely=e.likely, high=e.high)
    if e.low < 0:
        return _("must not be negative (low = {low})").format(low=localized(f"{e.low:g}"))
    if not e.is_ordered:
        return _("expected low <= likely <= high, got {low} / {likely} / {high}").format(
            low=localized(f"{e.low:g}"), likely=localized(f"{e.likely:g}"), high=localized(f"{e.high:g}"))
    if rng is not None:
        for template, v in ((N_("low must be in {range}, got {value}"), e.low),
                            (N_("high must be in {range}, got {value}"), e.high)):
            if not rng.contains(v):
                return _(template).format(range=rng.text, value=_show(v))
    return None


def _show(value: Any) -> str:
    if isinstance(value, float):
        return localized(f"{value:g}")
    if isinstance(value, int) and not isinstance(value, bool):
        return (localized(f"{value:,}") if abs(value) < 10**30
                else _("an integer of {n} digits").format(n=len(str(abs(value)))))
    return repr(value)


def _check(value: Any, key: str | Rule, path: str, out: list[Problem]) -> None:
    if value is None:
        return
    rule = key if isinstance(key, Rule) else RULES[key]
    if isinstance(value, Estimate):
        legacy = estimate_problem(value, rule.legacy)
        reason = legacy or estimate_problem(value, rule.range)
        if reason:
            out.append(Problem(path, reason, 1 if legacy else rule.introduced))
        return
    legacy = number_problem(value, rule, rule.legacy) if rule.legacy else None
    reason = number_problem(value, rule)  # names the whole accepted range
    if reason:
        out.append(Problem(path, reason, 1 if legacy else rule.introduced))


def workspace_problems(ws: Any) -> list[Problem]:
    """Every decision input of a workspace outside its range (``ws`` is a domain Workspace)."""
    out: list[Problem] = []
    for i, o in enumerate(ws.options):
        at = f"options[{i}]"
        t = o.topology
        for name in ("gpus_per_node", "unit_gpus"):
            _check(getattr(t, name), f"topology.{name}", f"{at}.topology.{name}", out)
        for role in ("prefill", "decode"):
            pool = getattr(t, role, None)
            for name in ("gpus_per_worker", "workers", "assumed_tps_per_gpu") if pool is not None else ():
                _check(getattr(pool, name), f"topology.{role}.{name}", f"{at}.topology.{role}.{name}", out)
        c = o.cost
        for name in ("gpu_hour_usd", "capex_per_gpu_usd", "amortization_years", "power_kw_per_gpu",
                     "porting_effort_person_weeks", "time_to_production_weeks", "assumed_output_tps_per_gpu"):
            _check(getattr(c, name), f"cost.{name}", f"{at}.cost.{name}", out)
    for i, a in enumerate(ws.answers):
        _check(a.effort_person_weeks, "answer.effort_person_weeks", f"answers[{i}].effort_person_weeks", out)
    out.extend(criteria_problems(ws.criteria, "criteria"))
    for entry, value in ws.slo.items():
        _check(value, slo_rule(entry), f"slo.{entry.key}", out)
    for name in ("output_tokens_per_s", "requests_per_s", "input_tokens", "output_tokens"):
        _check(getattr(ws.demand, name), f"demand.{name}", f"demand.{name}", out)
    a = ws.assumptions
    for name in ("horizon_years", "electricity_usd_per_kwh", "engineer_usd_per_week", "utilization",
                 "monte_carlo_draws", "monte_carlo_seed", "horizon_years_range", "headroom", "spare_units",
                 "fiscal_year_start_month"):
        _check(getattr(a, name), f"assumptions.{name}", f"assumptions.{name}", out)
    for name in ("output_tokens_per_s_range", "growth_per_year"):
        _check(getattr(ws.demand, name), f"demand.{name}", f"demand.{name}", out)
    for i, o in enumerate(ws.options):
        _check(o.topology.spare_units, "topology.spare_units", f"options[{i}].topology.spare_units", out)
        h = o.hosted
        if h is not None:
            for name in ("input_usd_per_m", "output_usd_per_m", "cached_input_usd_per_m", "cached_input_share",
                         "committed_discount", "stated_ttft_p99_ms", "stated_tpot_p99_ms"):
                _check(getattr(h, name), f"hosted.{name}", f"options[{i}].hosted.{name}", out)
    for i, f in enumerate(ws.fleet):
        for name in ("owned_gpus", "owned_gpus_range", "book_value_usd_per_gpu", "resale_usd_per_gpu",
                     "replacement_usd_per_gpu", "purchase_usd_per_gpu", "residual_usd_per_gpu", "amortization_years",
                     "rental_usd_per_gpu_hour", "power_kw_per_gpu", "hosting_usd_per_gpu_hour", "lead_time_months",
                     "ramp_months"):
            _check(getattr(f, name), f"fleet.{name}", f"fleet[{i}].{name}", out)
    out.extend(date_problems(ws))
    out.extend(file_name_problems(ws))
    for key in ("decision_makers", "consulted", "informed"):  # roles by name, as the sign-off rows name them
        for i, role in enumerate(getattr(ws.decision, key)):
            if isinstance(role, str) and _BIDI.search(role):
                out.append(Problem(f"decision.{key}[{i}]", bidi_reason(role)))
    return out


# ---------------------------------------------------------------------------------------------
# dates and file names

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")


def date_problem(value: str) -> str | None:
    """Why ``value`` is not a day of the calendar written YYYY-MM-DD (2026-02-30 is not), or None
    (the empty text too: the date is not stated)."""
    if not value:
        return None
    if _ISO_DATE.match(value):
        try:
            datetime.date.fromisoformat(value)
            return None
        except ValueError:
            return _("{value} is not a day of the calendar (write an existing date as YYYY-MM-DD)").format(
                value=_printable(value))
    return _("{value} is not a date: write it as YYYY-MM-DD (e.g. 2026-11-29)").format(value=_printable(value))


def date_problems(ws: Any) -> list[Problem]:
    """The dates a workspace states (the decision's date, evidence cut-off and pinned record date, each sign-off's date,
    each fleet's end of support) that are not days of the calendar."""
    found = [("decision.date", ws.decision.date), ("decision.evidence_cutoff", ws.decision.evidence_cutoff),
             ("decision.record_date", getattr(ws.decision, "record_date", ""))]
    found += [(f"signoffs[{i}].date", s.date) for i, s in enumerate(ws.signoffs)]
    found += [(f"fleet[{i}].end_of_support", f.end_of_support) for i, f in enumerate(ws.fleet)]
    out = []
    for path, value in found:
        reason = date_problem(value) if isinstance(value, str) else None
        if reason:
            out.append(Problem(path, reason))
    return out


def file_name_problem(value: str) -> str | None:
    """Why ``value`` is not the name of a file (no folder: "../../etc/passwd" is a path), or None. An
    import stores the base name of what it read; a name with a folder separator was written by hand
    (or by a hostile file), and would name another file wherever it is used as one."""
    if "/" in value or "\\" in value or value in (".", "..") or "\x00" in value:
        return _("{value} is not a file name: an evidence file is named without its folder (e.g. {base!r})").format(
            value=_printable(value), base=re.split(r"[\\/]", value)[-1] or "result.json")
    return None


def file_name_problems(ws: Any) -> list[Problem]:
    out = []
    for i, f in enumerate(ws.evidence.files):
        reason = file_name_problem(f.provenance.file_name)
        if reason:
            out.append(Problem(f"evidence.files[{i}].provenance.file_name", reason))
        for j, part in enumerate(f.environment.parts if f.environment is not None else ()):
            reason = file_name_problem(part.file_name)
            if reason:
                out.append(Problem(f"evidence.files[{i}].environment.parts[{j}].file_name", reason))
    return out


def criteria_problems(criteria: Any, path: str) -> list[Problem]:
    out: list[Problem] = []
    for i, c in enumerate(criteria):
        _check(c.weight, "criterion.weight", f"{path}[{i}].weight", out)
        _check(c.knockout_threshold, "criterion.knockout_threshold", f"{path}[{i}].knockout_threshold", out)
        if c.metric not in METRIC_NAMES:
            import difflib

            hint = difflib.get_close_matches(c.metric, METRIC_NAMES, n=1)
            reason = (_("unknown metric {metric!r} (did you mean {hint!r}?); expected one of: {names}") if hint
                      else _("unknown metric {metric!r}; expected one of: {names}"))
            out.append(Problem(f"{path}[{i}].metric", reason.format(metric=c.metric, hint=hint[0] if hint else "",
                                                                    names=", ".join(METRIC_NAMES))))
    return out


def id_problems(doc: Any, path: str = "", skip: frozenset[str] = frozenset()) -> list[Problem]:
    """Every ``id`` field of a document (options, checklist items, criteria, matrix entries, sources,
    the decision) that breaks the id rule. Empty ids of sources are allowed (the id is optional).
    The fields of ``doc`` named in ``skip`` are not walked."""
    out: list[Problem] = []
    _walk_ids(doc, path, out, skip, set())
    return out


def id_problems_each(items: Sequence[Any], path: str, walked: Callable[[Any], bool]) -> tuple[list[Problem], list[Any]]:
    """``id_problems`` of the items of a sequence at ``path`` (``path[i]`` each), leaving out those
    ``walked`` says were walked before and found clean (immutable objects: their ids cannot have
    changed); also returns the items walked now without a problem."""
    out: list[Problem] = []
    clean: list[Any] = []
    shared: set[int] = set()
    for i, item in enumerate(items):
        if walked(item):
            continue
        found = len(out)
        _walk_ids(item, (path, i), out, frozenset(), shared)
        if len(out) == found:
            clean.append(item)
    return out, clean


def name_problems(doc: Any, path: str = "", skip: frozenset[str] = frozenset()) -> list[Problem]:
    """Names, titles, roles and model names longer than MAX_NAME_CHARS (long text belongs in a
    description, notes or context, which the record lays out over pages). Evidence is not walked:
    its model names come from tool files and are shown in paragraphs. Nor are the fields of ``doc``
    named in ``skip``."""
    out: list[Problem] = []
    _walk_names(doc, path, out, skip | _NOT_NAMED)
    return out


# Walking a workspace for its ids and names visits every dataclass in it (a built-in matrix alone has
# thousands, a thousand result files as many runs and ten times as many quality flags). Each class's
# fields are sorted once, by their types: a field that can only hold plain values (numbers, texts,
# enums, tuples of them) is never read, except ``id`` and the name fields; the others are read and
# their values passed over by type, as before. A key path is a chain ``(parent, field name or index)``
# written out as text only for a problem found.
_LEAF = (str, int, float, bool, type(None))
_Path = Any  # a key path: its text, or (parent path, field name or index)


def path_text(at: _Path) -> str:
    """A key path kept as a ``(parent, field name or index)`` chain, written out (``signoffs[0].conditions``)."""
    keys = []
    while at.__class__ is tuple:
        at, key = at
        keys.append(key)
    text: str = at
    for key in reversed(keys):
        text = f"{text}[{key}]" if key.__class__ is int else (f"{text}.{key}" if text else key)
    return text


def _plain_type(tp: Any) -> bool:
    """Whether a value of type ``tp`` is never walked: a number, text, bool, None, enum, a union of
    them, or a tuple whose items are such values or tuples (the walks look into a tuple's dataclasses only)."""
    if tp in _LEAF:
        return True
    if isinstance(tp, type):
        return issubclass(tp, enum.Enum)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return all(_plain_type(a) for a in typing.get_args(tp))
    if origin is tuple:
        return all(a is Ellipsis or _plain_type(a) or typing.get_origin(a) is tuple for a in typing.get_args(tp))
    return False


@functools.cache
def _fields_of(cls: type) -> tuple[tuple[str, bool, bool], ...]:
    """(name, has a default value, may hold a dataclass or tuple) of each field of a dataclass that
    may hold an id, a name or something to walk; every field when its types cannot be read."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # a type the hints cannot name: every field, walked by its value
        hints = {}
    out = []
    for f in dataclasses.fields(cls):
        plain = f.name in hints and _plain_type(hints[f.name])
        if f.name == "id" or f.name in NAME_FIELDS or not plain:
            out.append((f.name, f.default is not dataclasses.MISSING, not plain))
    return tuple(out)


def _is_instance(value: Any) -> bool:
    return hasattr(value.__class__, "__dataclass_fields__") and not isinstance(value, type)


_NOT_NAMED = frozenset({"evidence"})


def _walk_names(obj: Any, path: _Path, out: list[Problem], skip: frozenset[str] = _NOT_NAMED) -> None:
    if _is_instance(obj):
        for name, _default, walk in _fields_of(obj.__class__):
            if name in skip:
                continue
            value = getattr(obj, name)
            if name in NAME_FIELDS and isinstance(value, str):
                if _BIDI.search(value):
                    out.append(Problem(path_text((path, name)), bidi_reason(value)))
                if len(value) > MAX_NAME_CHARS:
                    out.append(Problem(path_text((path, name)), _(
                        "a {name} of {n} characters is too long (at most {max}; longer text belongs in a "
                        "description or notes)").format(name=name, n=localized(f"{len(value):,}"), max=MAX_NAME_CHARS)))
            elif walk and value.__class__ not in _LEAF and (isinstance(value, tuple) or _is_instance(value)):
                _walk_names(value, (path, name), out)
    elif isinstance(obj, tuple):
        for i, v in enumerate(obj):
            if v.__class__ not in _LEAF and _is_instance(v):
                _walk_names(v, (path, i), out)


def _walk_ids(obj: Any, path: _Path, out: list[Problem], skip: frozenset[str] = frozenset(),
              clean: set[int] | None = None) -> None:
    """``clean``: the messages already walked without a problem in this walk (by identity: a message
    read from data is shared by every run that states it, ``flags.from_data``), not walked again."""
    if clean is not None and obj.__class__ is Message:
        if id(obj) in clean:
            return
        found = len(out)
        _walk_ids(obj, path, out, skip)
        if len(out) == found:
            clean.add(id(obj))
        return
    if _is_instance(obj):
        for name, has_default, walk in _fields_of(obj.__class__):
            if skip and name in skip:
                continue
            value = getattr(obj, name)
            if name == "id" and isinstance(value, str):
                if (value or not has_default) and not (ID_PATTERN.match(value) and len(value) <= MAX_ID_CHARS):
                    reason = id_problem(value)
                    if reason:
                        out.append(Problem(path_text((path, name)), reason))
            elif walk and value.__class__ not in _LEAF and (isinstance(value, tuple) or _is_instance(value)):
                _walk_ids(value, (path, name), out, frozenset(), clean)
    elif isinstance(obj, tuple):
        for i, v in enumerate(obj):
            if v.__class__ not in _LEAF and _is_instance(v):
                _walk_ids(v, (path, i), out, frozenset(), clean)
