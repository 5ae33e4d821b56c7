"""The Assessment: everything ``evaluate`` derives from a workspace, as frozen values.

Every number is a :class:`Figure` that carries its unit and the trail of inputs it came
from (name, value, unit, source), so the GUI and the report can say *why*. A number that
cannot be computed is ``None`` with ``missing_reason`` saying why, never NaN.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from deepdecide.domain.evidence import ParityKind
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import Message
from deepdecide.domain.workspace import Answer, CostView, Direction, Pricing, Strategy

#: a name or source the analysis writes: a Message (rendered in the reader's language by the
#: views, ``str(label)``), or plain text that is the user's or a file's own (a checklist title, a
#: workspace field path such as ``assumptions.pue``, a cited source)
Label = str | Message


@dataclass(frozen=True, slots=True)
class TrailItem:
    """One input of a computed number: what it is, its value and unit, and where it came from.
    ``name`` and ``source`` are Messages where the analysis words them (``str()`` renders them in
    the current language; JSON keeps the English text); ``unit`` is an analysis unit written in
    English with "$" for the workspace's money (``formatting.unit_text`` shows it)."""

    name: Label
    value: float | str | Message | None
    unit: str = ""
    source: Label = ""


@dataclass(frozen=True, slots=True)
class Figure:
    """A computed number with its unit and trail; ``value`` is None when it cannot be computed."""

    name: Label
    value: float | None
    unit: str = ""
    trail: tuple[TrailItem, ...] = ()
    missing_reason: Message | None = None  # why ``value`` is None
    flags: tuple[Message, ...] = ()  # e.g. "assumption", "lower bound"

    @property
    def known(self) -> bool:
        return self.value is not None


def missing(name: Label, unit: str, reason: Message | None, trail: tuple[TrailItem, ...] = ()) -> Figure:
    """A figure that cannot be computed, with the reason."""
    return Figure(name, None, unit, trail, missing_reason=reason)


def english(label: Label | None) -> str:
    """A label's English text (JSON and other locale-independent output)."""
    if isinstance(label, Message):
        return label.to_data()["text"]  # type: ignore[return-value]
    return "" if label is None else str(label)


@dataclass(frozen=True, slots=True)
class Level:
    """One evidence claim (builds, correct or performs): reached or not, and why."""

    reached: bool
    reasons: tuple[Message, ...] = ()
    # not reached, but an accepted proxy shows it: views label it "proxy", never as the rung itself
    # (it counts for no eligibility, no evidence level and no evidence score)
    proxy: bool = False


@dataclass(frozen=True, slots=True)
class EvidenceLevels:
    """The seed's three separate claims; ``level`` counts the rungs reached in order (0..3)."""

    builds: Level
    correct: Level
    performs: Level

    @property
    def level(self) -> int:
        n = 0
        for lv in (self.builds, self.correct, self.performs):
            if not lv.reached:
                break
            n += 1
        return n

    @property
    def names_reached(self) -> tuple[str, ...]:
        return tuple(n for n, lv in (("builds", self.builds), ("correct", self.correct),
                                     ("performs", self.performs)) if lv.reached)

    @property
    def names_proxy(self) -> tuple[str, ...]:
        """The rungs an accepted proxy shows but that are not reached (labelled "proxy")."""
        return tuple(n for n, lv in (("builds", self.builds), ("correct", self.correct),
                                     ("performs", self.performs)) if lv.proxy and not lv.reached)


@dataclass(frozen=True, slots=True)
class Classification:
    """Official support for the option's exact platform, from the matrix; otherwise experimental."""

    status: SupportStatus
    official: bool
    reasons: tuple[Message, ...] = ()
    sources: tuple[Message, ...] = ()  # "title (as of)" of each of the cell's sources (English text in JSON)

    @property
    def label(self) -> str:
        return "official" if self.official else "experimental"


@dataclass(frozen=True, slots=True)
class Blocker:
    """A checklist item answered "missing" with nobody named to build it."""

    item: str
    title: str
    reason: Message


@dataclass(frozen=True, slots=True)
class EffortRange:
    """A sum of three-point efforts in person-weeks (low, likely, high)."""

    low: float = 0.0
    likely: float = 0.0
    high: float = 0.0

    def __add__(self, other: EffortRange) -> EffortRange:
        return EffortRange(self.low + other.low, self.likely + other.likely, self.high + other.high)


ZERO_EFFORT = EffortRange()


@dataclass(frozen=True, slots=True)
class ChecklistLine:
    """One checklist item for one option: the answer, who owns it, and the effort that counts."""

    item: str
    title: str
    answer: Answer | None  # None: not answered
    owner: str = ""
    stated_effort: EffortRange | None = None  # the answer's estimate, as stated (None: unanswered)
    counted: bool = False  # its effort counts as engineering (external, or missing with an owner)
    blocker: bool = False  # missing and nobody named to build it
    notes: str = ""
    needed: bool = True  # False: the option's topology does not need the item (schema 10); not counted


@dataclass(frozen=True, slots=True)
class Effort:
    """An option's engineering effort, split by where it comes from (person-weeks).

    ``checklist`` = ``external`` + ``missing_owned``; ``total`` = ``porting`` + ``checklist``
    (None when the porting estimate is not usable). Blockers' efforts are not counted."""

    porting: EffortRange | None
    external: EffortRange
    missing_owned: EffortRange
    checklist: EffortRange
    total: EffortRange | None
    not_counted: EffortRange = ZERO_EFFORT  # stated efforts of blockers (no owner yet)


@dataclass(frozen=True, slots=True)
class ChecklistSummary:
    """The option's service checklist: what is provided, what costs engineering, what blocks."""

    provided: tuple[str, ...] = ()
    external: tuple[str, ...] = ()
    missing_owned: tuple[str, ...] = ()  # "missing" but someone is named to build it
    blockers: tuple[Blocker, ...] = ()
    unanswered: tuple[str, ...] = ()
    completeness: Figure = Figure("service completeness", None, "fraction")
    effort_person_weeks: Figure = Figure("checklist effort", 0.0, "person-weeks")
    lines: tuple[ChecklistLine, ...] = ()  # one per checklist item the option needs, in checklist order
    not_needed: tuple[str, ...] = ()  # titles of the items its topology does not need (schema 10)


class ParityOutcome(StrEnum):
    """The verdict of one parity kind on one option's exact runtime and platform.

    ``pass`` only when every check of the kind passes; any failure is ``fail``; otherwise (some
    inconclusive) ``inconclusive``; ``none`` when no check of the kind was run there. A required
    kind counts towards *correct* only when it is ``pass``."""

    PASS = "pass"
    FAIL = "fail"
    INCONCLUSIVE = "inconclusive"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class KindParity:
    """One parity kind on one option: its outcome and the checks behind it."""

    kind: ParityKind
    required: bool
    outcome: ParityOutcome
    checks: tuple[int, ...] = ()  # indices into Workspace.evidence.parity
    passed: int = 0
    failed: int = 0
    inconclusive: int = 0


@dataclass(frozen=True, slots=True)
class Attribution:
    """Which options one piece of evidence (a run or a parity check) counts for."""

    index: int  # into Workspace.evidence.runs (or .parity)
    runtime: str
    platform: str  # the matrix platform id the file's platform names (the text itself if none)
    options: tuple[str, ...] = ()  # option ids on exactly this runtime and platform
    group: str | Message = ""  # display name: the options' names, else "runtime on platform" (a Message)


@dataclass(frozen=True, slots=True)
class Risk:
    """A risk found in the evidence for one option."""

    option: str
    kind: str  # experimental | blocker | no-benchmark | topology
    text: Message


class Applicability(StrEnum):
    """How a run or parity check fits the decision's workload."""

    MATCHES = "matches"  # the decision's model, precision and token lengths (as far as the file says)
    PROXY = "proxy"  # does not match, but the user accepted it as a proxy (reason, discount)
    MISMATCH = "mismatch"  # another model, precision or request shape: shown, counts for nothing
    NEEDS_CONTEXT = "needs-context"  # runtime, platform, GPU count or model unknown: counts for nothing yet


@dataclass(frozen=True, slots=True)
class EvidenceFit:
    """One run or parity check judged against the workload: what it is, whether it applies, why,
    and what it may count for (``capacity``, ``builds``, ``correct``, ``performs``)."""

    file: str  # the evidence file's name
    file_index: int  # position of the file in the workspace's evidence
    index: int  # position of the run (or check) in its file
    item: str  # "run" or "check"
    label: str
    runtime: str
    platform: str  # the matrix platform id it resolves to ("" when unknown)
    kind: str  # provenance kind: own, third_party, illustrative, predicted
    applicability: Applicability
    reasons: tuple[Message, ...] = ()
    options: tuple[str, ...] = ()  # the options it is evidence about (or could be, once given context)
    counts_for: tuple[str, ...] = ()
    discount: tuple[float, float, float] | None = None  # proxy: low / likely / high throughput factor
    excluded: str = ""  # counts for no capacity or cost: a required parity check of its cell failed


def run_counts_for_nothing(fit: EvidenceFit, capacity_source: CapacitySource | None) -> bool:
    """The one rule of a run that counts for nothing for an option whose capacity rests on
    ``capacity_source`` (None: a run about no option): a mismatch, a run needing context, one that counts
    for no rung and no capacity (an illustrative run not accepted as a proxy), one a failed parity
    check excludes, and an accepted proxy that gave the option no capacity (its capacity rests on
    something else: a measurement, a prediction, an assumption or nothing, as the sample's
    illustrative proxies that cannot be judged against the SLO). A run about no option counts for
    nothing when it counts for no rung and no capacity."""
    if fit.applicability in (Applicability.MISMATCH, Applicability.NEEDS_CONTEXT) or not fit.counts_for or fit.excluded:
        return True
    if fit.applicability == Applicability.PROXY and capacity_source is not None:
        return capacity_source != CapacitySource.PROXY
    return False


@dataclass(frozen=True, slots=True)
class FitCounts:
    """Per option: how many runs (and checks) match, are proxies, mismatch or need context."""

    matches: int = 0
    proxies: int = 0
    mismatches: int = 0
    needs_context: int = 0
    checks_matching: int = 0
    checks_other: int = 0  # parity checks that do not count (mismatch, needs context, illustrative)
    not_counted: int = 0  # matching runs that count for nothing (illustrative files)

    @property
    def runs(self) -> int:
        return self.matches + self.proxies + self.mismatches + self.needs_context


@dataclass(frozen=True, slots=True)
class CapacityPoint:
    """One run on the option's runtime and platform, as the capacity search saw it."""

    label: str
    concurrency: float | None
    request_rate: float | None
    tps_per_gpu: float | None
    meets_slo: bool
    failures: tuple[Message, ...] = ()  # the limits it misses, messages (JSON: their English text)
    max_rate: bool = False  # offered as fast as possible (request rate "inf")
    source: str = ""  # own, third_party, proxy or predicted
    excluded: str = ""  # why the run counts for nothing here (its runtime x platform fails a parity check)
    unjudged: tuple[str, ...] = ()  # limits it cannot be judged on ("TTFT p99 not measured"): neither meets nor fails
    configuration: str = ""  # the server configuration the file states ("TP8 EP8 DP-attention"), "" if none


class CapacityBasis(StrEnum):
    MEASURED = "measured"  # the best run that meets the SLO
    INTERPOLATED = "interpolated"  # between a run that meets the SLO and the next that does not
    LOWER_BOUND = "lower-bound"  # one passing point, or the SLO still holds at the heaviest load (not extrapolated)
    ASSUMED = "assumed"  # CostInputs.assumed_output_tps_per_gpu: no applicable run at all (or an override)
    FAILS_SLO = "fails-slo"  # applicable runs exist and none meets the SLO: no capacity
    FAILS_PARITY = "fails-parity"  # every run is excluded: a required parity check of the cell failed
    # applicable runs exist, none can be judged against some limit (no figure, no stated mapping) and no
    # later source (proxy, prediction, assumption) gives a capacity: not recommendable
    CANNOT_JUDGE = "cannot-judge"
    NONE = "none"


class RangeBasis(StrEnum):
    """What a capacity's Monte Carlo range (``Capacity.low`` / ``high``) rests on."""

    EXACT = "exact"  # no range: drawn at its value (a measured figure the file states no interval for)
    ASSUMPTION = "assumption"  # the option's stated low / likely / high
    PROXY_DISCOUNT = "proxy-discount"  # the accepted proxy's discount range
    INTERPOLATION = "interpolation"  # around the interpolated value, below the first load that misses the SLO
    LOWER_BOUND = "lower-bound"  # opened upward only as far as the evidence allows (or not at all)
    CONFIDENCE_INTERVAL = "confidence-interval"  # the interval the file states for the throughput (AIPerf)
    MEASURED_PAIRS = "measured-pairs"  # a prediction corrected by its measured pairs, their errors' spread
    PREDICTOR_ERRORS = "predictor-errors"  # a prediction widened by its predictor's errors elsewhere
    PUBLISHED_ERROR = "published-error"  # a prediction widened by its predictor's published error table
    UNKNOWN_ERROR = "unknown-error"  # a prediction whose error nothing here states: no range
    POOLS = "pools"  # a disaggregated option's: its pools' capacities, each drawn on its own


class CapacitySource(StrEnum):
    """What the capacity rests on, in the order the analysis takes them."""

    OWN = "own"  # applicable own measurements
    THIRD_PARTY = "third_party"  # applicable measurements someone else published or shared
    PROXY = "proxy"  # runs the user accepted as a proxy, scaled by the stated discount
    PREDICTED = "predicted"  # an estimator or simulator
    ASSUMED = "assumed"  # the option's stated assumption
    NONE = "none"


@dataclass(frozen=True, slots=True)
class ConfigurationCapacity:
    """The capacity of one deployment of an option (the runs of one sweep identity: GPUs, server
    configuration, precision, ...): the option takes the best one that meets the SLO."""

    configuration: str  # "TP8 EP8 DP-attention" ("" where the file states none)
    gpus: int | None  # GPUs of one replica (its runs' GPU count)
    value: float | None  # None: no run of it meets the SLO (or none can be judged)
    basis: CapacityBasis
    runs: int
    precision: str = ""  # the runs' quantization as the file states it


@dataclass(frozen=True, slots=True)
class Capacity:
    """The highest output tokens/s per GPU that meets the SLO, and how it was found."""

    figure: Figure
    basis: CapacityBasis
    points: tuple[CapacityPoint, ...] = ()
    # three-point range for the draws: an assumption's or a proxy's, a prediction widened by its
    # observed errors, or a lower bound opened upward as far as the evidence allows (None: exact)
    low: float | None = None
    high: float | None = None
    source: CapacitySource = CapacitySource.NONE
    note: Message | None = None  # what the value rests on, in one line ("lower bound, own measurement")
    # what a reader must know before trusting the value, most important first (a proxy or a
    # prediction, then a basis other than measured): the Overview's warnings
    caveats: tuple[Message, ...] = ()
    configuration: str = ""  # the server configuration the value comes from ("TP8 EP8 DP-attention")
    configurations: tuple[ConfigurationCapacity, ...] = ()  # each configuration of the deciding source
    # the limits the runs of a source could not be judged on ("error rate cannot be computed (…)"):
    # the reason a capacity fell to a later source, or is missing (CANNOT_JUDGE)
    unjudged: tuple[str, ...] = ()
    # the range for the draws: what it rests on, and the sentence that says so wherever it is shown
    range_basis: RangeBasis = RangeBasis.EXACT
    range_note: Message | None = None
    # an interpolated capacity: the throughput of the first load that misses the SLO (scaled as the
    # value is); the draws never reach it
    ceiling: float | None = None
    # a prediction: the sentence naming what its error rests on (pairs, a published table, unknown);
    # corrected by this many measured pairs of the same runtime, platform, model and workload, from
    # the predicted value ``predicted_value``
    error_basis: Message | None = None
    corrected_by: int = 0
    predicted_value: float | None = None

    @property
    def value(self) -> float | None:
        return self.figure.value

    @property
    def label(self) -> str:
        """Basis and source in a few words: "interpolated, proxy", "assumed", "fails the SLO"."""
        basis = {CapacityBasis.LOWER_BOUND: "lower bound", CapacityBasis.FAILS_SLO: "fails the SLO",
                 CapacityBasis.FAILS_PARITY: "fails parity", CapacityBasis.CANNOT_JUDGE: "cannot be judged",
                 CapacityBasis.NONE: "none"}.get(self.basis, self.basis.value)
        if self.source in (CapacitySource.OWN, CapacitySource.ASSUMED, CapacitySource.NONE):
            return basis if self.source != CapacitySource.OWN else f"{basis}, own measurement"
        if self.corrected_by:
            pairs = "pair" if self.corrected_by == 1 else "pairs"
            return f"{basis}, predicted, corrected by {self.corrected_by} measured {pairs}"
        return f"{basis}, {self.source.value.replace('_', '-')}"


@dataclass(frozen=True, slots=True)
class MetricError:
    """One metric of a prediction against its measured twin: error = (predicted - measured) / measured."""

    metric: str  # "TTFT", "TPOT" or "output tok/s/GPU"
    unit: str
    predicted: float
    measured: float
    relative_error: float  # signed: positive = the predictor over-states the value


@dataclass(frozen=True, slots=True)
class PredictionPair:
    """A predicted run and a measured run of the same configuration, with the error per metric."""

    tool: str  # the predictor (e.g. "aiconfigurator")
    runtime: str
    platform: str  # matrix platform id
    model: str
    gpu_count: int | None
    input_tokens: float | None
    output_tokens: float | None
    load: str  # "concurrency 64" or "rate 2/s"
    predicted: str  # the predicted run's label
    predicted_file: str
    measured: str  # the measured run's label
    measured_file: str
    errors: tuple[MetricError, ...] = ()

    def error(self, metric: str) -> MetricError | None:
        return next((e for e in self.errors if e.metric == metric), None)


@dataclass(frozen=True, slots=True)
class PredictorError:
    """The errors observed for one predictor over its pairs (throughput drives capacity ranges)."""

    tool: str
    pairs: int
    throughput_low: float | None = None  # most negative signed error of output tok/s/GPU
    throughput_high: float | None = None  # most positive
    note: Message | None = None


@dataclass(frozen=True, slots=True)
class FleetYear:
    """The fleet of one year of the horizon (the demand grows by ``demand.growth_per_year``)."""

    year: int  # 0 = the first year from the decision's month
    demand_tps: float
    units: float  # serving units
    gpus: float  # (units + spare units) x GPUs per unit
    owned_used: float
    bought: float  # GPUs bought for this year (pricing own)
    rented: float  # GPUs rented in this year (pricing rent)


@dataclass(frozen=True, slots=True)
class Fleet:
    """GPUs needed for the demand at the SLO capacity with headroom: serving units of the deployable
    unit (whole nodes) plus spare units; the owned GPUs of the platform come first, the shortfall is
    bought or rented, and owned GPUs the option does not need are freed capacity. The figures are of
    the first year; ``years`` holds each year of the horizon."""

    gpus: Figure
    unit_gpus: int
    unit_reason: Message
    raw_gpus: float | None = None
    node_gpus: int = 1
    nodes: float | None = None  # gpus / node_gpus (a whole number)
    owned_gpus: float | None = None  # owned on the platform (None: every GPU counts as owned, schema 1)
    owned_used: float | None = None
    shortfall_gpus: float | None = None  # to buy (pricing own) or rent (pricing rent)
    freed_gpus: float | None = None  # owned GPUs the option leaves free
    acquire: str = ""  # "buy" | "rent" | "" (nothing to acquire)
    book_value_usd_per_gpu: float | None = None
    end_of_support: str = ""
    warnings: tuple[Message, ...] = ()  # e.g. a reference unit larger than the platform's node
    serving_per_unit: int = 0  # GPUs of a unit that serve (the rest of the unit is padding to whole nodes)
    units: float | None = None  # serving units (without the spares)
    spare_units: int = 0
    spare_gpus: float | None = None
    padding_gpus: float | None = None  # GPUs of the serving units that only fill whole nodes
    headroom: float = 0.0  # capacity above the peak the fleet is sized for (0.2 = 20 %)
    bought_gpus: float | None = None  # of the shortfall: bought (pricing own)
    rented_gpus: float | None = None  # of the shortfall: rented (pricing rent)
    years: tuple[FleetYear, ...] = ()
    service_month: float | None = None  # month the option's fleet is in service (0: the decision's month)


@dataclass(frozen=True, slots=True)
class CostViewFigures:
    """One cost view of an option: *cash* (owned GPUs' capex excluded) or *all-in* (every GPU at
    its all-in $/GPU-h). ``gpu_hour_usd`` is the fleet's average $/GPU-h in this view."""

    view: CostView
    gpu_hour_usd: Figure
    cost_per_m_tokens_usd: Figure
    effective_cost_per_m_tokens_usd: Figure
    hardware_usd: Figure  # capex share or rent over the horizon
    power_usd: Figure  # power and hosting over the horizon
    tco_usd: Figure
    assumed: bool = False  # rests on an assumption or placeholder (capacity, price)
    low: float | None = None  # $/M range the inputs' low / high values support
    high: float | None = None
    tco_low: float | None = None
    tco_high: float | None = None
    api_usd: Figure | None = None  # a hosted API's bills over the horizon (0 for a fleet)


@dataclass(frozen=True, slots=True)
class StatedCheck:
    """One SLO limit against what a hosted API's provider states (not a measurement)."""

    metric: str  # "TTFT p99", "TPOT p99"
    unit: str
    stated: float | None
    limit: float
    met: bool | None  # None: the provider states nothing for it


@dataclass(frozen=True, slots=True)
class HostedCost:
    """A hosted API option: its price per million output tokens at the workload's token mix, and what
    its provider states against the SLO (labelled as stated)."""

    provider: str
    price_per_m_output: float | None  # $ per million output tokens, input tokens included
    input_usd_per_m: float
    output_usd_per_m: float
    cached_input_usd_per_m: float | None
    cached_input_share: float
    committed_discount: float
    input_per_output: float  # input tokens per output token (the workload's mix)
    checks: tuple[StatedCheck, ...] = ()
    meets_slo: bool | None = None  # as stated by the provider; None: not judged (no statement)
    note: Message | None = None
    placeholder: bool = False  # a stand-in price, not a quote


@dataclass(frozen=True, slots=True)
class CashMonth:
    """One month of an option's money: cash split capex / opex, engineering, and the economic cost."""

    month: int  # 0 = the decision's month
    label: str  # "2027-03" (or "M5" when the decision has no date)
    fiscal_year: str  # "FY2027"
    capex: float  # purchases and replacements paid, less the residual value returned
    opex: float  # power and hosting, rent, hosted API, the current fleet until in service
    engineering: float
    total: float  # cash: capex + opex + engineering
    cumulative: float
    economic: float | None  # the economic (all-in) cost of the month (None: an owned GPU has no value to stand at)


@dataclass(frozen=True, slots=True)
class CashYear:
    """One fiscal year of an option's money: the budget request of that year."""

    fiscal_year: str
    months: int  # months of the horizon inside it
    capex: float
    opex: float
    engineering: float
    total: float
    economic: float | None


@dataclass(frozen=True, slots=True)
class Purchase:
    """A payment for hardware: GPUs bought (or replaced) in a month at a unit price."""

    month: int
    label: str
    gpus: float
    unit_price: float
    amount: float
    kind: str  # "buy" | "replace"
    flag: Message | None = None


@dataclass(frozen=True, slots=True)
class CashFlow:
    """An option's money month by month over the horizon (the cash view), with the fiscal years."""

    months: tuple[CashMonth, ...] = ()
    years: tuple[CashYear, ...] = ()
    purchases: tuple[Purchase, ...] = ()
    service_month: int | None = None
    residual: float = 0.0  # returned in the last month
    total: float = 0.0  # = the cash TCO
    economic_total: float | None = 0.0  # = the economic TCO
    notes: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class Payback:
    """When an option's cumulative cash falls to the baseline's and stays there within the horizon."""

    baseline: str | None
    month: int | None  # None: never within the horizon (or it is the baseline)
    label: str  # the month as written ("2028-04"), "" when none
    saving: float | None  # the baseline's cumulative cash less the option's at the horizon's end
    text: Message | None = None


@dataclass(frozen=True, slots=True)
class Costs:
    """Per-option money and time; engineering is in $ and person-weeks. The top-level money
    figures are those of the cost view that drives the ranking (``view``); ``cash`` and
    ``all_in`` hold both views."""

    gpu_hour_usd: Figure  # $/GPU-h used for $/M tokens (driving view)
    cost_per_m_tokens_usd: Figure
    effective_cost_per_m_tokens_usd: Figure  # at the sustained utilization
    hardware_usd: Figure  # over the horizon
    power_usd: Figure
    engineering_person_weeks: Figure
    engineering_usd: Figure
    time_to_production_weeks: Figure
    tco_usd: Figure
    view: CostView = CostView.CASH
    cash: CostViewFigures | None = None
    all_in: CostViewFigures | None = None
    pricing: Pricing = Pricing.RENT
    operating_hour_usd: Figure | None = None  # running one GPU: kW (nameplate) x PUE x $/kWh + hosting
    hosted: HostedCost | None = None  # a hosted API option's price and stated latency
    cash_flow: CashFlow | None = None
    payback: Payback | None = None
    break_even_tps: float | None = None  # demand above which it costs less than the hosted API
    break_even: Message | None = None


@dataclass(frozen=True, slots=True)
class CriterionScore:
    """One criterion's part in an option's score."""

    criterion: str
    metric: str
    raw: float | None
    unit: str
    value_score: float  # 0..1 after the value function
    weight_share: float  # normalized weight
    contribution: float
    note: Message | None = None  # how the value function treated it (e.g. missing: scored as worst)
    source: Figure | None = None


@dataclass(frozen=True, slots=True)
class Score:
    """An option's weighted score with the trail of every criterion that made it."""

    total: float
    parts: tuple[CriterionScore, ...] = ()

    @property
    def trail(self) -> tuple[TrailItem, ...]:
        return tuple(
            TrailItem(p.criterion, p.contribution, "points",
                      f"{p.weight_share:.3f} x value {p.value_score:.3f} (raw {_fmt(p.raw)} {p.unit})")
            for p in self.parts
        )


class SloStatus(StrEnum):
    """An option against the SLO, as far as the evidence at hand shows it (``analysis.standing``)."""

    MEETS = "meets"  # a capacity under the SLO: measured, a proxy's, a prediction's or a stated assumption
    FAILS_SLO = "fails-slo"  # the deciding runs miss the SLO at the lightest measured load
    FAILS_PARITY = "fails-parity"  # a required parity check failed: every run is excluded
    CANNOT_JUDGE = "cannot-judge"  # the runs lack a figure a limit needs, and nothing else gives a capacity
    NO_EVIDENCE = "no-evidence"  # no applicable run and no stated assumption: nothing to judge it by


@dataclass(frozen=True, slots=True)
class SloStanding:
    """Whether an option can be recommended on the SLO and the parity gate: ``status``, the reason a
    reader sees wherever the option is listed (None while it meets the SLO) and what would make it
    recommendable (``remedies``)."""

    status: SloStatus
    reason: Message | None = None
    remedies: tuple[Message, ...] = ()

    @property
    def recommendable(self) -> bool:
        return self.status == SloStatus.MEETS


MEETS_SLO = SloStanding(SloStatus.MEETS)


@dataclass(frozen=True, slots=True)
class DemandSplit:
    """The peak demand in both directions (schema 10): output tokens/s as stated (or requests/s x
    output tokens), input tokens/s from the token mix (input tokens per output token)."""

    output_tps: Figure
    input_tps: Figure
    tokens_in_per_out: float = 0.0


class PoolBasis(StrEnum):
    """What a pool's capacity rests on (labelled wherever it is shown)."""

    MEASURED = "measured"  # an applicable disaggregated run of the pool's runtime and platform meets the SLO
    PROXY = "proxy"  # a run the user accepted as a proxy (its discount applied)
    PREDICTED = "predicted"  # an estimator's or simulator's row (AIConfigurator, ...)
    ASSUMED = "assumed"  # the pool's stated assumption
    NONE = "none"  # no capacity


@dataclass(frozen=True, slots=True)
class PoolAssessment:
    """One pool of a disaggregated option: its classification, capacity under its latency limit,
    workers, GPUs and nodes, and its cost (priced on its own platform)."""

    role: str  # "prefill" | "decode"
    platform: str
    runtime: str
    classification: Classification
    gpus_per_worker: int
    capacity: Figure  # input tok/s per GPU under the TTFT limit (prefill), output tok/s per GPU under TPOT (decode)
    basis: PoolBasis
    limit: str  # the latency limit that sets the pool: "TTFT" (prefill) or "TPOT" (decode)
    low: float | None = None  # the capacity's range (assumption or proxy discount)
    high: float | None = None
    workers: float | None = None  # serving workers (spares not included)
    spare_workers: float | None = None
    gpus: float | None = None  # serving and spare GPUs
    node_gpus: int = 8
    nodes: float | None = None  # whole nodes the pool's GPUs take
    owned_used: float | None = None  # owned GPUs of its platform the pool uses
    new_gpus: float | None = None  # bought or rented
    acquire: str = ""  # "buy" | "rent" | ""
    tco_cash_usd: float | None = None  # the pool's hardware and running cost over the horizon (no engineering)
    tco_all_in_usd: float | None = None
    cost_per_m_tokens_usd: Figure | None = None  # $/M input (prefill) or $/M output (decode), in the cost view
    note: Message | str = ""  # what the capacity rests on, in one line
    platform_name: str = ""  # the platform's short name from the matrix ("H100"), as tables show it
    runtime_name: str = ""  # the runtime's name from the matrix ("SGLang")
    range_note: Message | None = None  # what the capacity's range for the draws rests on (None: exact)


@dataclass(frozen=True, slots=True)
class OptionPools:
    """A disaggregated option sized per pool (schema 10): the ratio of prefill to decode workers is
    the measured configuration's (never rescaled) or chosen to meet both limits."""

    kind: str  # TopologyKind value
    kv_transfer: str  # KvTransfer value
    ratio: str  # "measured" | "sized": the measured configuration's ratio, or each pool sized on its own
    prefill: PoolAssessment
    decode: PoolAssessment
    unit_output_tps: float | None = None  # output tok/s of one measured configuration (measured ratio)
    units: float | None = None  # measured configurations deployed (measured ratio)
    limiting: str = ""  # the pool that limits a measured configuration ("prefill" | "decode")
    idle_share: float | None = None  # of the other pool's capacity left unused at the measured ratio
    capacity_per_gpu: Figure | None = None  # output tok/s per serving GPU of both pools: what the option is sized by
    cost_per_m_input_usd: Figure | None = None
    cost_per_m_output_usd: Figure | None = None
    cost_per_m_blended_usd: Figure | None = None  # both pools over input + output tokens
    experimental_pools: tuple[str, ...] = ()  # roles whose pool is not officially supported
    messages: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionAssessment:
    option: str
    name: str
    strategy: Strategy
    runtime: str
    platform: str
    classification: Classification
    evidence: EvidenceLevels
    checklist: ChecklistSummary
    capacity: Capacity
    fleet: Fleet
    costs: Costs
    eligible: bool = True
    eligibility_reasons: tuple[Message, ...] = ()
    vetoes: tuple[Message, ...] = ()
    score: Score | None = None
    rank: int | None = None
    messages: tuple[Message, ...] = ()  # problems with this option's inputs
    parity: tuple[KindParity, ...] = ()  # one per ParityKind, in enum order
    runs: tuple[int, ...] = ()  # indices into Workspace.evidence.runs that count for this option
    parity_checks: tuple[int, ...] = ()  # indices into Workspace.evidence.parity that count for it
    effort: Effort | None = None
    risks: tuple[Risk, ...] = ()

    fit: FitCounts = FitCounts()  # how the evidence about this option fits the workload
    #: the runs about this option that count for nothing for it (``run_counts_for_nothing``), by how
    #: they fit the workload (``matches``: matching runs of an illustrative file, or excluded by parity)
    not_counting: FitCounts = FitCounts()
    # the source article's four questions before approving a migration (analysis/questions.py)
    article: ArticleChecklist | None = None
    # the runtime and platform by their names in the support matrix ("SGLang", "H100 SXM"); a hosted API's
    # runtime by its provider: what every view writes instead of the ids
    runtime_name: str = ""
    platform_name: str = ""
    # against the SLO and the parity gate: an option that does not meet it is not recommendable (its
    # reason is one of ``eligibility_reasons``), on every surface
    slo_standing: SloStanding = MEETS_SLO
    # a disaggregated option's pools (schema 10; None: aggregated)
    pools: OptionPools | None = None

    def parity_of(self, kind: ParityKind) -> KindParity | None:
        return next((k for k in self.parity if k.kind == kind), None)

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def can_win(self) -> bool:
        """It can rank first: eligible and not vetoed (otherwise P(best) is "—", not a percentage)."""
        return self.eligible and not self.vetoes

    @property
    def not_recommendable(self) -> tuple[Message, ...]:
        """Why it cannot be recommended (knock-outs, blockers, dev-only, vetoes); empty when it can."""
        return (*self.eligibility_reasons, *self.vetoes)

    @property
    def runs_counting_for_nothing(self) -> int:
        """How many runs about this option count for nothing for it, by the one rule
        ``run_counts_for_nothing`` (the Overview card's count; the Evidence page's "that count" filter
        reads the same rule, ``Assessment.run_counts_for_nothing``)."""
        return self.not_counting.runs

    def counts_for_nothing(self, fit: EvidenceFit) -> bool:
        """Whether the run ``fit`` is about this option and counts for nothing for it."""
        return fit.item == "run" and self.option in fit.options and run_counts_for_nothing(fit, self.capacity.source)


@dataclass(frozen=True, slots=True)
class CriterionInfo:
    id: str
    name: str
    metric: str
    direction: Direction
    weight: float
    weight_share: float | None
    used: bool
    value_function: str | Message  # JSON: its English text
    knockout: bool = False
    knockout_threshold: float | None = None
    message: Message | None = None  # why it is not scored, or how it is scored unusually


@dataclass(frozen=True, slots=True)
class WeightInterval:
    """For one criterion: the weights in which the winner stays the winner, and who wins beyond."""

    criterion: str
    weight: float
    weight_share: float
    low: float  # raw weight, the others unchanged
    high: float | None  # None: no upper limit
    low_share: float
    high_share: float | None
    winner_below: str | None
    winner_above: str | None


@dataclass(frozen=True, slots=True)
class InputFlip:
    """For one uncertain input: the values at which the top rank changes, nearest its likely value.
    ``name`` is the input without its option ("porting effort"); ``label`` the whole label in the
    current language ("keep-vllm-h100: porting effort"); ``unit`` an analysis unit
    (``formatting.unit_text``); ``swept_low`` .. ``swept_high`` the values tried."""

    key: str
    option: str | None
    name: Message
    unit: str
    low: float
    likely: float
    high: float
    flip_below: float | None
    winner_below: str | None
    flip_above: float | None
    winner_above: str | None
    below_in_range: bool = False
    above_in_range: bool = False
    note: Message | None = None
    swept_low: float | None = None
    swept_high: float | None = None
    platform: str | None = None  # a platform's input (one for every option on it)
    options: tuple[str, ...] = ()  # the options the input moves

    @property
    def label_message(self) -> Message:
        if self.platform is not None:
            return Message("sensitivity.platform_input", "{platform}: {input}",
                           (("platform", self.platform), ("input", self.name)))
        if self.option is None:
            return self.name
        return Message("sensitivity.input", "{option}: {input}", (("option", self.option), ("input", self.name)))

    @property
    def label(self) -> str:
        """The input's label in the current language, its option's id first."""
        return self.label_message.render()


@dataclass(frozen=True, slots=True)
class Sensitivity:
    winner: str | None
    weights: tuple[WeightInterval, ...] = ()
    inputs: tuple[InputFlip, ...] = ()
    notes: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class Percentiles:
    p10: float | None
    p50: float | None
    p90: float | None


@dataclass(frozen=True, slots=True)
class OptionDraws:
    option: str
    p_best: float
    cost_per_m_tokens_usd: Percentiles
    tco_usd: Percentiles
    missing_fraction: float = 0.0  # draws in which the option's cost could not be computed
    effective_cost_per_m_tokens_usd: Percentiles | None = None  # at the drawn utilization


class Measurement(StrEnum):
    """What answering an open question takes (analysis/voi.py)."""

    PERFORMANCE = "performance"  # a benchmark of capacity under the SLO (the migration plan's measuring step)
    PARITY = "parity"  # a numerical comparison against the reference runtime
    PRICE = "price"  # a quote (a price, a power figure, an amount owned)
    EFFORT = "effort"  # an engineering estimate (porting, a checklist piece, time to production)
    DEMAND = "demand"  # the traffic and the horizon (a forecast)


@dataclass(frozen=True, slots=True)
class InformationValue:
    """What learning one uncertain input exactly is worth to the decision, estimated from the Monte
    Carlo draws by binning them on the input (analysis/voi.py, docs/analysis.md). ``p_change``: the
    chance that the answer changes the recommended option; ``value`` (currency, the driving cost
    view's TCO over the horizon): the expected TCO the better-informed choice saves against the
    current one (negative: the informed choice costs more, chosen for the other criteria);
    ``gain``: the expected gain in the chance of holding the draw's top-ranked option (the EVPPI of
    the ranking itself, 0..1); ``noise``: the same estimator's ``p_change`` for an input that
    cannot matter (the draws' bins shuffled), below which ``p_change`` is not told from 0."""

    key: str  # the input's key (Sensitivity inputs, MonteCarlo.drawn) or ``parity:<option>:<kind>``
    name: Message  # what the input is, without its option
    unit: str
    measurement: Measurement
    option: str | None  # the option it belongs to (None: a platform's or a workspace-wide input)
    platform: str | None
    p_change: float
    value: float | None
    gain: float
    noise: float
    switch_to: tuple[str, ...] = ()  # the options an answer would recommend instead, most likely first
    judgement: bool = False  # a stated judgement (a parity outlook), not a measured or quoted input
    action: Message | None = None  # what answering it takes ("benchmark keep-sglang-h100 under the SLO")

    @property
    def label_message(self) -> Message:
        if self.platform is not None:
            return Message("sensitivity.platform_input", "{platform}: {input}",
                           (("platform", self.platform), ("input", self.name)))
        if self.option is None:
            return self.name
        return Message("sensitivity.input", "{option}: {input}", (("option", self.option), ("input", self.name)))

    @property
    def above_noise(self) -> bool:
        return self.p_change > self.noise


@dataclass(frozen=True, slots=True)
class MonteCarlo:
    draws: int
    seed: int
    options: tuple[OptionDraws, ...] = ()
    p_no_winner: float = 0.0
    notes: tuple[Message, ...] = ()
    cost_view: CostView = CostView.CASH  # the view P(best) and the percentiles are computed in
    drawn: tuple[str, ...] = ()  # keys of the inputs drawn (see Sensitivity inputs)
    # the value of learning each drawn input, most valuable first (analysis/voi.py)
    information: tuple[InformationValue, ...] = ()
    information_against: str | None = None  # the recommendation the values are measured against

    def worth_measuring(self, n: int = 5) -> tuple[InformationValue, ...]:
        """The ``n`` most valuable inputs whose answer can change the recommendation: a chance of a
        change above the estimator's noise floor (the views list these)."""
        return tuple(i for i in self.information if i.p_change > 0 and i.above_noise)[:n]

    def for_option(self, option_id: str) -> OptionDraws | None:
        return next((o for o in self.options if o.option == option_id), None)


@dataclass(frozen=True, slots=True)
class WhyPart:
    """One reason the recommended option ranks where it does, in the criterion's own terms: its value
    against the best other ranked option's (``other``), and the score it gains (or loses) there."""

    criterion: str  # id
    name: str  # the criterion's name, for the reader
    direction: Direction
    unit: str
    value: float | None
    other: str | None  # the option compared with (None: no other ranked option)
    other_name: str
    other_value: float | None
    gain: float  # weighted score points the recommended option gains over ``other`` on this criterion
    best: bool  # no other ranked option does better on this criterion
    text: Message


@dataclass(frozen=True, slots=True)
class ProsCons:
    """MADR's good / neutral / bad for one option: derived from the assessment, plus the
    decision-makers' own consequences for the chosen option (``stated``)."""

    option: str
    name: str
    good: tuple[Message, ...] = ()
    neutral: tuple[Message, ...] = ()
    bad: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class Citation:
    """A source the record cites, as a reader finds it: title, publisher, date, locator; ``number``
    is its place in the record's list of sources ([1], [2], ...)."""

    number: int
    id: str
    title: str
    publisher: str
    date: str
    locator: str
    kind: str
    public: bool = True  # False: a document supplied with the decision, not a public page
    cited_for: tuple[str, ...] = ()  # ids of the options it is cited for (support cell or cost input)


@dataclass(frozen=True, slots=True)
class UnitPrice:
    """One unit price of the price list: its value, where it comes from and how long it holds."""

    key: str  # its sensitivity key ("fleet.nv-b200.purchase_usd_per_gpu", "assumptions.electricity_usd_per_kwh")
    what: Message  # "purchase price per GPU"
    subject: str  # the platform, option or "assumptions"
    low: float
    likely: float
    high: float
    unit: str  # an analysis unit ("$", "$/GPU-h", "kW", "$/M tokens")
    source: str = ""  # the quote's source or the entry's sources
    as_of: str = ""
    valid_until: str = ""
    expired: bool = False  # valid_until is before the record's date
    placeholder: bool = False
    options: tuple[str, ...] = ()  # the options it prices
    note: Message | None = None


@dataclass(frozen=True, slots=True)
class BreakevenPoint:
    """Where one self-hosted option and the hosted API change places on the crossover chart."""

    option: str
    demand: float  # peak demand, output tok/s (three significant digits, as the messages state it)
    tco: float | None  # the option's total cost over the horizon at that demand (= the API's there)
    per_m_tokens: float | None  # the same per million output tokens served (the chart's scale)
    cheaper_above: bool  # the option costs less than the API just above this demand (else just below)


@dataclass(frozen=True, slots=True)
class Crossover:
    """Total cost over the horizon against the peak demand: each option and the hosted API, in the
    cost view the criteria score (the break-even chart)."""

    api_option: str
    view: CostView
    demand: tuple[float, ...]  # output tok/s
    series: tuple[tuple[str, tuple[float | None, ...]], ...]  # (option, TCO per demand)
    stated_demand: float | None = None  # the workspace's peak demand (output tok/s)
    # the same totals per million output tokens served over the horizon at the average load (peak x
    # utilization): the chart's scale, on which the hosted API's price is a flat line
    per_m_tokens: tuple[tuple[str, tuple[float | None, ...]], ...] = ()
    # every demand where a self-hosted option and the API change places (the outer edges of where
    # the option is cheaper), by option in option order, then by demand: what the charts mark
    breakeven_points: tuple[BreakevenPoint, ...] = ()


@dataclass(frozen=True, slots=True)
class Money:
    """What the money model says workspace-wide: the months it counts, the fiscal years and the baseline."""

    start: str = ""  # the decision's month ("2026-11"), "" when the decision has no date
    horizon_months: int = 0
    fiscal_year_start_month: int = 1
    baseline: str | None = None  # the keep option payback is measured against
    baseline_named: bool = False  # the workspace names it (else the first keep option stands in)
    record_date: str = ""
    headroom: float = 0.0
    spare_units: int = 0
    notes: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class Assessment:
    options: tuple[OptionAssessment, ...]
    criteria: tuple[CriterionInfo, ...]
    ranking: tuple[str, ...]
    winner: str | None
    messages: tuple[Message, ...] = ()
    sensitivity: Sensitivity | None = None
    monte_carlo: MonteCarlo | None = None
    runs: tuple[Attribution, ...] = ()  # one per Workspace.evidence.runs, in order
    parity_checks: tuple[Attribution, ...] = ()  # one per Workspace.evidence.parity, in order
    slo: Message | None = None  # the SLO in words
    required_parity: tuple[ParityKind, ...] = ()
    cost_view: CostView = CostView.CASH  # the cost view the cost criteria score (drives the ranking)
    # risks of the recommended option (analysis.risks.RecommendationRisk): assumed capacity, missing
    # parity, proxy evidence, blockers, driver / CUDA requirements still to meet
    recommendation_risks: tuple[Any, ...] = ()
    evidence_fit: tuple[EvidenceFit, ...] = ()  # every run and parity check against the workload
    workload: Message | None = None  # the workload the evidence was judged against, in one line
    prediction_pairs: tuple[PredictionPair, ...] = ()  # predicted runs beside measured runs of the same configuration
    # a reproduction record's reference point beside each re-measurement of it (errors: reference vs re-measured)
    reproduction_pairs: tuple[PredictionPair, ...] = ()
    predictor_errors: tuple[PredictorError, ...] = ()  # per predictor: the errors its pairs show
    recommended: str | None = None  # the chosen option, else the winner: what ``why`` explains
    # every option in the one order all views list them: the ranked ones by score, then the rest
    # grouped by why they cannot be recommended (SLO and parity knock-outs, blockers, vetoes,
    # dev-only), each group by score
    order: tuple[str, ...] = ()
    # when options exist but none can be recommended: why ("no option meets the SLO with the
    # evidence at hand"), and what would make one recommendable
    no_recommendation: Message | None = None
    remedies: tuple[Message, ...] = ()
    why: tuple[WhyPart, ...] = ()  # the recommended option's largest differences, by criterion
    pros_cons: tuple[ProsCons, ...] = ()  # one per option, in option order
    citations: tuple[Citation, ...] = ()  # the sources of the options' support cells and cost inputs
    prices: tuple[UnitPrice, ...] = ()  # every unit price the figures use, with source and validity
    money: Money = Money()
    crossover: Crossover | None = None  # TCO against demand, beside the hosted API (if one is an option)
    demand: DemandSplit | None = None  # the peak demand in both directions (input and output tok/s)

    def citation(self, source_id: str) -> Citation | None:
        return next((c for c in self.citations if c.id == source_id), None)

    def pros_cons_of(self, option_id: str) -> ProsCons | None:
        return next((p for p in self.pros_cons if p.option == option_id), None)

    def fits_for(self, option_id: str) -> tuple[EvidenceFit, ...]:
        return tuple(f for f in self.evidence_fit if option_id in f.options)

    def run_counts_for_nothing(self, fit: EvidenceFit) -> bool:
        """Whether the run ``fit`` counts for nothing: for every option it is about (each by
        ``OptionAssessment.counts_for_nothing``, the rule the Overview card counts by), or, about no
        option, by ``run_counts_for_nothing`` alone. The Evidence page's "that count" filter reads this."""
        about = [oa for oa in self.options if oa.option in fit.options]
        if about:
            return all(oa.counts_for_nothing(fit) for oa in about)
        return run_counts_for_nothing(fit, None)

    def option(self, option_id: str) -> OptionAssessment | None:
        return next((o for o in self.options if o.option == option_id), None)

    def criterion(self, criterion_id: str) -> CriterionInfo | None:
        return next((c for c in self.criteria if c.id == criterion_id), None)

    @property
    def risks(self) -> tuple[Risk, ...]:
        return tuple(r for o in self.options for r in o.risks)


# ---------------------------------------------------------------------------------------------
# the source article's checklist before approving a migration (analysis/questions.py derives it)


class ArticleQuestion(StrEnum):
    """The four questions of the DeepInfer compatibility note's checklist, in its order."""

    SUPPORT = "support"  # 1. official architecture and build support, and a reproducible pinned environment
    KERNELS = "kernels"  # 2. kernel coverage and correctness
    DISTRIBUTED = "distributed"  # 3. distributed performance: GPU count and topology at the targets
    SERVICE = "service"  # 4. service completeness: where each production piece comes from


class QuestionState(StrEnum):
    """How far the evidence answers a question (not whether the answer favours the option: a
    requirement the capture does not meet answers question 1, with a concern)."""

    ANSWERED = "answered"
    PARTLY = "partly"
    NOT_ANSWERED = "not-answered"


@dataclass(frozen=True, slots=True)
class RequirementFit:
    """One pinned requirement of the matrix cell against an environment capture."""

    component: str  # os, cuda, cann, driver, gcc, python
    spec: str  # the matrix's range ("==13.*", ">=13", "linux")
    text: str  # the source's own words
    captured: str  # the capture's value ("" when it does not hold one)
    state: str  # met | unmet | unknown (domain.machine.ReqState)
    reason: Message | None = None  # why unknown, or what the driver allows where the toolkit is missing


@dataclass(frozen=True, slots=True)
class EnvironmentFit:
    """One environment capture of the option's runtime, judged for the option."""

    file: str  # the evidence file (the capture's manifest)
    file_index: int
    gpu_name: str
    gpu_count: int | None
    platform: str  # the matrix platform the GPU name names exactly ("" when none)
    counts: bool  # the option's runtime on its exact platform, and not illustrative
    pinned: bool
    pin: Message  # what pins it, in words
    requirements: tuple[RequirementFit, ...] = ()
    reasons: tuple[Message, ...] = ()  # why it does not count, or what it lacks


@dataclass(frozen=True, slots=True)
class QuestionAnswer:
    """One question for one option: how far the evidence answers it, the answer in one line, the
    evidence that answers it, what is still missing, and the findings against the option."""

    question: ArticleQuestion
    state: QuestionState
    answer: Message
    evidence: tuple[Message, ...] = ()  # files, checks, runs, matrix cells and answers it rests on
    missing: tuple[Message, ...] = ()  # what would answer the rest
    concerns: tuple[Message, ...] = ()  # findings against the option (not listed, unmet, failed, missed)
    files: tuple[str, ...] = ()  # the evidence files it rests on, by name


@dataclass(frozen=True, slots=True)
class ArticleChecklist:
    """The four answers for one option, in the article's order; ``environments`` are the captures of
    the option's runtime judged for it (question 1)."""

    answers: tuple[QuestionAnswer, ...]
    environments: tuple[EnvironmentFit, ...] = ()

    def of(self, question: ArticleQuestion) -> QuestionAnswer:
        return next(a for a in self.answers if a.question == question)


def _fmt(value: float | None) -> str:
    if value is None:
        return "n/a"
    return f"{value:.6g}"


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def to_data(obj: Any) -> Any:
    """Plain JSON-ready data of an assessment (enums as their values; no NaN ever; a message as
    its id, rendered English text, template and parameters)."""
    if obj is None or isinstance(obj, (str, bool, int)) and not isinstance(obj, Enum):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, (tuple, list)):
        return [to_data(v) for v in obj]
    if isinstance(obj, Message):
        return obj.to_data()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out = {name: to_data(getattr(obj, name)) for name in _field_names(type(obj))}
        if isinstance(obj, (TrailItem, Figure)):  # names stay plain English text in JSON (stable keys)
            for key in ("name", "source", "value"):
                value = getattr(obj, key, None)
                if isinstance(value, Message):
                    out[key] = english(value)
                    out[f"{key}_message"] = value.to_data()
        if isinstance(obj, CriterionInfo) and isinstance(obj.value_function, Message):
            out["value_function"] = english(obj.value_function)
        if isinstance(obj, Attribution) and isinstance(obj.group, Message):
            out["group"] = english(obj.group)
        if isinstance(obj, InputFlip):
            out["label"] = english(obj.label_message)
        if isinstance(obj, EvidenceLevels):
            out["level"] = obj.level
        if isinstance(obj, Classification):
            out["label"] = obj.label
            out["sources"] = [english(s) for s in obj.sources]  # as before: "title (as of)" text
        if isinstance(obj, CapacityPoint):  # the reasons as English text, as before; each message beside
            out["failures"] = [english(f) for f in obj.failures]
            out["failure_messages"] = [f.to_data() for f in obj.failures]
        if isinstance(obj, CapacityPoint) and obj.max_rate and obj.request_rate is None:
            out["request_rate"] = "inf"  # unlimited: the string, never null or a non-finite float
        if isinstance(obj, Capacity):
            out["label"] = obj.label
        return out
    return obj
