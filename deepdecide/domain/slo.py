"""The limits of a service-level objective, as data: one :class:`Limit` per limit.

Each entry says what a workspace's ``slo:`` key means: the figure of a normalized run it bounds
(:class:`Reading`: metric and statistic, ``ttft_ms`` / ``p99``), its unit and direction, its words
(label, phrase, chart line and help, in the gettext catalog), the range a value must be in, and what
a run that lacks the figure counts as (:attr:`Limit.fallback` readings tried in turn, then
:attr:`Limit.unmeasured`). Everything that reads an SLO reads it through :func:`limits`: the
validation of the ranges, the evidence check and the capacity interpolation, ``describe_slo``, the
Compare page's fields and the what-if, the Evidence page's and the record's chart lines, the
record's SLO table, ``diff`` and ``revisit``. A new limit is one entry of :data:`LIMITS` and the
Spanish of its words in ``data/locale/es/LC_MESSAGES/deepdecide.po``.

:class:`SLO` holds a workspace's limits keyed by :attr:`Limit.key` and is stored as the flat
mapping ``slo: {ttft_p99_ms: 2000, ...}`` (``storage.codec`` reads and writes it through this
table; a limit at its default is left out of a saved file).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from deepdecide.domain.evidence import BenchmarkRun, StatMapping
from deepdecide.domain.i18n import N_
from deepdecide.domain.messages import Amount, Message, Param, msg


class Bound(StrEnum):
    UPPER = "upper"  # a run's figure must be at most the limit (a latency, an error rate)
    LOWER = "lower"  # at least the limit (interactivity)

    @property
    def sign(self) -> str:
        return "≤" if self is Bound.UPPER else "≥"


class Unmeasured(StrEnum):
    """What a run whose file lacks the figure (and every fallback) counts as for that limit."""

    FAILS = "fails"  # it does not meet the SLO: nothing shows that it would
    NOT_JUDGED = "not-judged"  # the limit is not applied to that run (it neither meets nor fails it)
    # the limit cannot be judged on that run: it neither meets nor fails it, and it shows no capacity
    # under the SLO (the capacity falls to the next source, labelled; a stated mapping can supply the figure)
    CANNOT_JUDGE = "cannot-judge"


@dataclass(frozen=True, slots=True)
class Reading:
    """Where a figure is read on a normalized run (``domain.evidence.BenchmarkRun``): the field
    ``<metric>_<statistic>`` (``ttft_ms`` / ``p99``: ``ttft_ms_p99``), or the attribute ``metric``
    of a figure without statistics (``error_rate``). With ``per``, the figure is ``per`` divided by
    the value read (interactivity in tok/s is 1000 / TPOT p50 in ms)."""

    metric: str
    statistic: str = ""
    per: float | None = None
    attribute: str = field(init=False, repr=False, compare=False)  # the run's field or property read

    def __post_init__(self) -> None:
        object.__setattr__(self, "attribute", f"{self.metric}_{self.statistic}" if self.statistic else self.metric)

    def read(self, run: BenchmarkRun) -> float | None:
        value: float | int | None = getattr(run, self.attribute)
        if value is None:
            return None
        if self.per is not None:
            return self.per / value if value else None
        return float(value)


def first_figure(readings: Iterable[Reading], run: BenchmarkRun) -> float | None:
    """The first figure of ``readings`` the run has; None when it has none of them."""
    for reading in readings:
        value = reading.read(run)
        if value is not None:
            return value
    return None


#: tokens/s per user: the run's own figure, else 1000 / TPOT p50 in ms (never from ITL)
INTERACTIVITY: tuple[Reading, ...] = (Reading("interactivity_tps_per_user"), Reading("tpot_ms", "p50", per=1000.0))


@dataclass(frozen=True, slots=True)
class Limit:
    """One limit of the SLO. Texts marked ``N_`` are catalog keys, shown in the reader's language."""

    key: str  # the key under ``slo:`` in a workspace file
    id: str  # ``slo.<id>``: the message id of ``phrase``
    reads: Reading  # the run's figure the limit bounds
    bound: Bound
    unit: str  # N_: the unit of the limit and the figure ("ms"); "fraction" is shown as a percentage
    label: str  # N_: the limit in a table or form ("Minimum interactivity")
    phrase: str  # N_: the limit in words, ``{limit}`` its value ("interactivity ≥ {limit:g} tok/s/user")
    line: str  # N_: the label of its line on a chart, ``{value}`` its value ("SLO p99 ≤ {value} ms")
    help: str  # N_: what the figure is and when a run meets the limit (tooltips, the JSON schema)
    name: str  # N_: the figure in the reasons a run fails ("TTFT p99"), a catalog key
    maximum: float  # the accepted range: (0, maximum], or [0, maximum] with ``zero_allowed``
    zero_allowed: bool = False
    default: float | None = None  # the limit of a workspace that does not state it
    fallback: tuple[Reading, ...] = ()  # read in turn where the run lacks ``reads``
    unmeasured: Unmeasured = Unmeasured.CANNOT_JUDGE  # a run without any of those figures
    unmeasured_reason: str = ""  # why such a run cannot be judged or fails ("": "<name> not measured")
    # False for the four limits of the first release: always in a record's inputs and its SLO table
    # ("not set" when unset). An optional limit is in them only once set, so the records made before
    # it existed keep their bytes.
    optional: bool = True
    decimals: int = 0  # a form's decimals, as shown (a fraction as a percentage)
    step: float = 1.0  # a form's step, as shown
    readings: tuple[Reading, ...] = field(init=False, repr=False, compare=False)  # reads, then the fallbacks

    def __post_init__(self) -> None:
        object.__setattr__(self, "readings", (self.reads, *self.fallback))

    @property
    def percent(self) -> bool:
        """The limit is a fraction, shown as a percentage (0.01 is "1.0 %")."""
        return self.unit == "fraction"

    def figure(self, run: BenchmarkRun) -> float | None:
        """The run's figure for this limit: ``reads``, else each fallback in turn; None if none."""
        return first_figure(self.readings, run)

    def reading(self, run: BenchmarkRun, mappings: Sequence[StatMapping] = ()) -> tuple[float | None, StatMapping | None]:
        """The run's figure, else the value of a stated mapping for the limit's field (and the
        mapping used); (None, None) where neither gives one."""
        value = self.figure(run)
        if value is not None or not mappings:
            return value, None
        for m in mappings:
            if m.target == self.reads.attribute and self.reads.per is None:
                mapped = m.value(run)
                if mapped is not None:
                    return mapped, m
        return None, None

    def met(self, figure: float, limit: float) -> bool:
        return figure <= limit if self.bound is Bound.UPPER else figure >= limit

    def reason_unmeasured(self) -> str:
        return self.unmeasured_reason or f"{self.name} not measured"

    def reason_missed(self, figure: float, limit: float, mapping: StatMapping | None = None) -> Message:
        """Why ``figure`` misses ``limit``, a message written in the reader's language with its figures
        in the language's decimals and grouping: "TTFT p99 900 ms > 100 ms", "TTFT p99 1,784 ms >
        1,500 ms" ("1.784 ms" in Spanish); a figure read through a mapping says so ("TPOT p99 ≈ 52 ms
        (tpot_ms_mean × 1.3) > 50 ms")."""
        op = ">" if self.bound is Bound.UPPER else "<"
        name = Message("slo.name", self.name)  # the limit's figure: a catalog key
        digits = _telling_digits(figure, limit)
        if mapping is None:
            return msg("slo.missed", "{name} {figure} {op} {limit}", name=name, figure=self._figure(figure, digits),
                       op=op, limit=self._figure(limit))
        return msg("slo.missed_mapped", "{name} ≈ {figure} ({source} × {factor:g}) {op} {limit}", name=name,
                   figure=self._figure(figure, digits), source=mapping.source, factor=mapping.factor, op=op,
                   limit=self._figure(limit))

    def _figure(self, value: float, digits: int = 3) -> Param:
        """A figure of this limit as a message parameter: a fraction as a percentage with two decimals
        ("1.00%"), else the figure with its unit, written as every figure is ("1,784 ms", "11.9 tok/s
        per user"; never in exponent notation), with ``digits`` significant digits."""
        if self.percent:
            return msg("slo.share", "{value:.2%}", value=value)
        return Amount(value, self.unit, digits=digits)


def _telling_digits(figure: float, limit: float) -> int:
    """The significant digits that write a missed ``figure`` apart from its ``limit``: 3, more where 3
    would write them alike (50.04 against 50 reads "50.04", 1,500.4 against 1,500 "1,500.4"); at
    most 9 (a difference below that is written alike, as the two figures then are for any reader)."""
    digits = 3
    while digits < 9 and float(f"{figure:.{digits}g}") == float(f"{limit:.{digits}g}"):
        digits += 1
    return digits


#: every limit an SLO may set, in the order forms, tables and texts list them
LIMITS: tuple[Limit, ...] = (
    Limit(
        key="ttft_p99_ms", id="ttft", reads=Reading("ttft_ms", "p99"), bound=Bound.UPPER, unit=N_("ms"),
        label=N_("TTFT p99"), phrase=N_("TTFT p99 ≤ {limit:g} ms"), line=N_("SLO p99 ≤ {value} ms"),
        help=N_("Time to first token, 99th percentile over a run's requests, in ms: how long the slowest "
                "1 % wait before the answer starts. A run meets the limit when its TTFT p99 is at most this."),
        name=N_("TTFT p99"), unmeasured_reason=N_("TTFT p99 not measured"), maximum=3_600_000, optional=False,
        step=50),
    Limit(
        key="tpot_p99_ms", id="tpot", reads=Reading("tpot_ms", "p99"), bound=Bound.UPPER, unit=N_("ms"),
        label=N_("TPOT p99"), phrase=N_("TPOT p99 ≤ {limit:g} ms"), line=N_("SLO p99 ≤ {value} ms"),
        help=N_("Time per output token after the first, 99th percentile, in ms: a request's decode time "
                "divided by its output tokens (not ITL). A run meets the limit when its TPOT p99 is at most this."),
        name=N_("TPOT p99"), unmeasured_reason=N_("TPOT p99 not measured"), maximum=3_600_000, optional=False,
        decimals=1, step=5),
    Limit(
        key="min_interactivity_tps_per_user", id="interactivity", reads=INTERACTIVITY[0],
        fallback=INTERACTIVITY[1:], bound=Bound.LOWER, unit=N_("tok/s per user"),
        label=N_("Minimum interactivity"), phrase=N_("interactivity ≥ {limit:g} tok/s/user"),
        line=N_("SLO ≥ {value} tok/s/user"),
        help=N_("Output tokens per second each user sees: the run's own figure, else 1000 / TPOT p50 (never "
                "from ITL). A run meets the limit when it is at least this."),
        name=N_("interactivity"), unmeasured_reason=N_("interactivity not measured (no TPOT p50)"),
        maximum=1_000_000, optional=False, decimals=1),
    Limit(
        key="max_error_rate", id="error_rate", reads=Reading("error_rate"), bound=Bound.UPPER, unit="fraction",
        label=N_("Maximum error rate"), phrase=N_("error rate ≤ {limit}"), line=N_("SLO ≤ {value}"),
        help=N_("Failed requests / all requests of a run, a fraction (0.01 = 1 %). A run whose file has no "
                "failed or completed counts cannot be judged on it (it shows no capacity under the SLO); clear "
                "the limit to not require it."),
        name=N_("error rate"), unmeasured_reason=N_("error rate cannot be computed (no failed / completed counts)"),
        maximum=1, zero_allowed=True, default=0.01, optional=False, decimals=1, step=0.1),
    Limit(
        key="e2e_p90_ms", id="e2e_p90", reads=Reading("e2e_ms", "p90"), bound=Bound.UPPER, unit=N_("ms"),
        label=N_("End-to-end latency p90"), phrase=N_("end-to-end latency p90 ≤ {limit:g} ms"),
        line=N_("SLO p90 ≤ {value} ms"),
        help=N_("End-to-end latency, 90th percentile, in ms: from sending a request to its last token. Only a "
                "p90 the file publishes counts (never its p99 or mean). A run meets the limit when it is at "
                "most this."),
        name=N_("end-to-end latency p90"), unmeasured_reason=N_("end-to-end latency p90 not measured"),
        maximum=3_600_000, step=100),
    Limit(
        key="itl_p99_ms", id="itl_p99", reads=Reading("itl_ms", "p99"), bound=Bound.UPPER, unit=N_("ms"),
        label=N_("ITL p99"), phrase=N_("ITL p99 ≤ {limit:g} ms"), line=N_("SLO p99 ≤ {value} ms"),
        help=N_("Inter-token latency, 99th percentile, in ms: the gaps between streamed chunks as the "
                "benchmark measured them. ITL is not TPOT: a run's TPOT never stands in for it. A run meets "
                "the limit when its ITL p99 is at most this."),
        name=N_("ITL p99"), unmeasured_reason=N_("ITL p99 not measured"), maximum=3_600_000, decimals=1, step=5),
)


def limits() -> tuple[Limit, ...]:
    """The limits of :data:`LIMITS` as they are now (read at each call: a test may add one)."""
    return LIMITS


def limit(key: str) -> Limit:
    """The limit stored under ``key``; KeyError for a key no limit has."""
    for entry in LIMITS:
        if entry.key == key:
            return entry
    raise KeyError(key)


@dataclass(frozen=True, slots=True, init=False, repr=False)
class SLO:
    """The service-level objective: a limit per entry of the table of limits (null: not set); a
    limit that is not stated has its default (the error rate: 1 %).

    ``SLO(ttft_p99_ms=2000, tpot_p99_ms=50)``. ``values`` holds only the limits away from their
    default, by key, so two SLOs with the same limits are equal however they were written."""

    values: tuple[tuple[str, float | None], ...]

    def __init__(self, values: Mapping[str, float | None] | Iterable[tuple[str, float | None]] = (),
                 **limits: float | None) -> None:
        kept = []
        for key, value in {**dict(values), **limits}.items():
            try:
                entry = limit(key)
            except KeyError:
                raise TypeError(f"SLO has no limit {key!r} (its limits: {', '.join(e.key for e in LIMITS)})") from None
            if value != entry.default:
                kept.append((key, value))
        object.__setattr__(self, "values", tuple(sorted(kept)))

    def get(self, key: str) -> float | None:
        """The limit stored under ``key`` (its default when the SLO does not set it)."""
        for k, value in self.values:
            if k == key:
                return value
        return limit(key).default

    def replace(self, **changes: float | None) -> SLO:
        """This SLO with the limits given changed (None: not set)."""
        return SLO({**dict(self.values), **changes})

    def items(self) -> tuple[tuple[Limit, float | None], ...]:
        """Every limit of the table with its value, in the table's order."""
        given = dict(self.values)
        return tuple((entry, given.get(entry.key, entry.default)) for entry in LIMITS)

    def active(self) -> tuple[tuple[Limit, float], ...]:
        """The limits set (a value, not None), in the table's order: the ones a run is judged on."""
        return tuple((entry, value) for entry, value in self.items() if value is not None)

    def __repr__(self) -> str:
        return "SLO(" + ", ".join(f"{k}={v!r}" for k, v in self.values) + ")"


@dataclass(frozen=True, slots=True)
class Judgement:
    """A run against the SLO: the limits it misses (``failures``, messages), the limits
    it cannot be judged on (``unjudged``: why, "TTFT p99 not measured"), and the mappings whose
    figures it was judged with. It *meets* the SLO when both are empty."""

    failures: tuple[Message, ...] = ()
    unjudged: tuple[str, ...] = ()
    mapped: tuple[StatMapping, ...] = ()

    @property
    def meets(self) -> bool:
        return not self.failures and not self.unjudged

    @property
    def judged(self) -> bool:
        """It meets the SLO or misses a limit (a known miss outweighs a limit it cannot be judged on)."""
        return bool(self.failures) or not self.unjudged


def assess(slo: SLO, run: BenchmarkRun, mappings: Sequence[StatMapping] = ()) -> Judgement:
    """``run`` against ``slo``, limit by limit; a figure the run lacks counts as its limit's
    :attr:`Limit.unmeasured` says, unless a stated mapping supplies it."""
    failures: list[Message] = []
    unjudged: list[str] = []
    used: list[StatMapping] = []
    for entry, value in slo.active():
        figure, mapping = entry.reading(run, mappings)
        if figure is None:
            if entry.unmeasured is Unmeasured.FAILS:
                failures.append(Message("slo.unmeasured", entry.reason_unmeasured()))
            elif entry.unmeasured is Unmeasured.CANNOT_JUDGE:
                unjudged.append(entry.reason_unmeasured())
            continue
        if mapping is not None:
            used.append(mapping)
        if not entry.met(figure, value):
            failures.append(entry.reason_missed(figure, value, mapping))
    return Judgement(tuple(failures), tuple(unjudged), tuple(used))


def judge(slo: SLO, run: BenchmarkRun, mappings: Sequence[StatMapping] = ()) -> tuple[Message, ...]:
    """Why ``run`` does not meet ``slo`` by its limits (empty: it misses none; see :func:`assess` for
    the limits it cannot be judged on)."""
    return assess(slo, run, mappings).failures


def unjudged_limits(slo: SLO, runs: Iterable[BenchmarkRun]) -> tuple[Limit, ...]:
    """The limits of ``slo`` that some of ``runs`` cannot be judged on (no figure and no fallback)."""
    runs = tuple(runs)
    return tuple(entry for entry, _value in slo.active()
                 if entry.unmeasured is Unmeasured.CANNOT_JUDGE and any(entry.figure(r) is None for r in runs))


def crossing(slo: SLO, a: BenchmarkRun, b: BenchmarkRun, mappings_a: Sequence[StatMapping] = (),
             mappings_b: Sequence[StatMapping] = ()) -> tuple[float, str]:
    """Fraction t in [0, 1] of the way from run ``a`` (meets the SLO) to run ``b`` (does not) where
    the first limit is reached, by linear interpolation of each limit's figure, and that limit's
    name (each run's figures with its file's stated mappings). A limit ``a`` or ``b`` lacks the
    figure for gives t = 0 where a run without it fails the limit, and is passed over where such a
    run is not judged (or cannot be judged) on it."""
    best_t, which = 1.0, ""
    for entry, value in slo.active():
        va, vb = entry.reading(a, mappings_a)[0], entry.reading(b, mappings_b)[0]
        if va is None or vb is None:
            if entry.unmeasured is not Unmeasured.FAILS:
                continue
            t = 0.0
        elif entry.met(vb, value):
            continue
        elif entry.bound is Bound.UPPER:
            t = (value - va) / (vb - va) if vb > va else 0.0
        else:
            t = (va - value) / (va - vb) if va > vb else 0.0
        t = min(max(t, 0.0), 1.0)
        if t < best_t or not which:
            best_t, which = t, entry.name
    return best_t, which
