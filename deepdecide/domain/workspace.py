"""The workspace: one decision with everything it rests on. The single source of truth."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from deepdecide.domain.common import Estimate, Source, added_field, tuple_field
from deepdecide.domain.evidence import Evidence, ParityKind
from deepdecide.domain.matrix import SupportMatrix
from deepdecide.domain.revisit import RevisitCondition
from deepdecide.domain.slo import SLO
from deepdecide.domain.workload import Workload

SCHEMA_VERSION = 10  # docs/workspace-schema.md: what each version changed, and the migration policy


class Strategy(StrEnum):
    KEEP = "keep"  # keep the working stack
    PORT = "port"  # port a runtime to hardware it does not officially support
    BUY = "buy"  # buy hardware the runtime officially supports
    DEV_ONLY = "dev-only"  # development / evaluation only, never production capacity
    HOSTED_API = "hosted-api"  # buy tokens from a provider's API: no fleet (``Option.hosted``)


class Pricing(StrEnum):
    """How the option gets the GPUs its fleet needs beyond those the team owns on the platform."""

    RENT = "rent"  # the shortfall is rented at $/GPU-hour (power and hosting inside the price)
    OWN = "own"  # the shortfall is bought: capex amortized, plus power and hosting
    EXISTING = "existing"  # (schema 1) every GPU of the fleet is already owned: no shortfall


class CostView(StrEnum):
    """Which cost figures the cost criteria score (both are always computed and shown)."""

    CASH = "cash"  # the money that leaves, month by month: purchases when paid, GPUs already owned at their running cost
    ALL_IN = "all-in"  # economic: owned GPUs at their book (or resale) value, bought ones amortized, rent


class OwnedValue(StrEnum):
    """What an owned GPU costs in the economic (all-in) view: the value the team gives up by using it."""

    BOOK = "book"  # its remaining book value (``book_value_usd_per_gpu``), over its remaining support
    RESALE = "resale"  # what it would sell for (``resale_usd_per_gpu``): the opportunity cost
    PURCHASE = "purchase"  # the new purchase price, amortized (the InferenceMAX basis; schema 5's all-in view)


@dataclass(frozen=True, slots=True)
class Quote:
    """Where one unit price comes from and how long it holds: the price list of the record shows it,
    and flags a quote whose ``valid_until`` is before the record's date.

    ``price`` names the price it backs: of a fleet entry ``purchase``, ``rental``, ``power``,
    ``hosting``, ``book_value``, ``resale``, ``replacement``, ``residual``; of a hosted API
    ``input``, ``output``, ``cached_input``; of the assumptions ``electricity``, ``engineer``."""

    price: str
    source: str = ""  # a source id of the same entry, or a short citation
    as_of: str = ""  # date of the quote or figure (ISO)
    valid_until: str = ""  # ISO date the quote holds until ("" : not stated)
    placeholder: bool = False  # a stand-in until a quote is at hand: labelled wherever it is shown
    note: str = ""


class TopologyKind(StrEnum):
    """How an option serves prefill and decode (schema 10)."""

    AGGREGATED = "aggregated"  # the same GPUs serve prefill and decode
    DISAGGREGATED = "disaggregated"  # a prefill pool and a decode pool, each sized on its own


class KvTransfer(StrEnum):
    """How a disaggregated option moves the KV cache from its prefill pool to its decode pool."""

    UNSTATED = "unstated"
    SCALE_UP = "scale-up-domain"  # inside one scale-up domain (NVLink-class fabric)
    RDMA = "rdma"  # between nodes over the scale-out network (RDMA)


class PoolRole(StrEnum):
    PREFILL = "prefill"
    DECODE = "decode"


@dataclass(frozen=True, slots=True)
class Pool:
    """One pool of a disaggregated option (schema 10): the workers that serve one role.

    The pool may run on another platform or runtime than the option's (``""``: the option's).
    ``workers`` states a measured configuration's worker count: when both pools state it, the
    option is deployed in whole copies of that configuration (its measured ratio, never rescaled);
    otherwise each pool is sized on its own against its latency limit. ``assumed_tps_per_gpu`` is the
    pool's capacity where no run gives it: input tok/s per GPU under the TTFT limit (prefill),
    output tok/s per GPU under the TPOT limit (decode)."""

    gpus_per_worker: int = 1
    platform: str = ""
    runtime: str = ""
    workers: int | None = None
    gpus_per_node: int | None = None  # None: the topology's
    pricing: Pricing | None = None  # None: the option's
    measured_on: str = ""  # platform the configuration was measured on (a reference topology)
    assumed_tps_per_gpu: Estimate | None = None
    assumption_note: str = ""

    @property
    def gpus(self) -> int:
        """GPUs of the pool in one measured configuration (one worker where no count is stated)."""
        return int(self.gpus_per_worker or 1) * int(self.workers or 1)


@dataclass(frozen=True, slots=True)
class Topology:
    """How the option deploys one serving unit. ``gpus_per_node`` rounds fleet sizes up.

    Schema 9: ``kind`` and, for a disaggregated option, its ``prefill`` and ``decode`` pools and the
    KV-cache transfer path (schema 8's ``prefill_gpus`` / ``decode_gpus`` became the pools)."""

    description: str = ""
    gpus_per_node: int = 8
    kind: TopologyKind = TopologyKind.AGGREGATED
    prefill: Pool | None = None
    decode: Pool | None = None
    kv_transfer: KvTransfer = KvTransfer.UNSTATED
    unit_gpus: int | None = None  # smallest deployable unit (e.g. 68 for 4 prefill + 64 decode): GPUs that serve
    measured_on: str = ""  # platform id the topology was measured on, if it is a reference topology
    # GPUs the unit needs inside one scale-up domain (e.g. 68 on one NVLink domain); larger than
    # gpus_per_node means the platform's node cannot hold it: a warning on the option
    scale_up_domain_gpus: int | None = None
    # spare units kept for failure recovery (None: ``assumptions.spare_units``)
    spare_units: int | None = None

    @property
    def disaggregated(self) -> bool:
        return self.kind == TopologyKind.DISAGGREGATED and self.prefill is not None and self.decode is not None

    @property
    def prefill_gpus(self) -> int | None:
        """GPUs of the prefill pool in one measured configuration (schema 8's field, now derived)."""
        return self.prefill.gpus if self.disaggregated and self.prefill is not None else None

    @property
    def decode_gpus(self) -> int | None:
        return self.decode.gpus if self.disaggregated and self.decode is not None else None

    def pool(self, role: PoolRole) -> Pool | None:
        return self.prefill if role == PoolRole.PREFILL else self.decode


@dataclass(frozen=True, slots=True)
class CostInputs:
    """An option's own cost inputs. Prices, power, hosting and amortization belong to the platform
    (``Workspace.fleet``): one input shared by every option on it. An option states its own only
    where it differs (another quote for this option alone); that one is then its own input."""

    pricing: Pricing = Pricing.RENT
    gpu_hour_usd: Estimate | None = None  # rental $/GPU-h (RENT); None: the platform's
    capex_per_gpu_usd: Estimate | None = None  # all-in purchase per GPU (OWN); None: the platform's
    amortization_years: float | None = None  # None: the platform's, else 3 years
    power_kw_per_gpu: Estimate | None = None  # kW per GPU at the wall (x PUE); None: the platform's
    hosting_usd_per_gpu_hour: Estimate | None = None  # space, network, support per GPU-hour; None: the platform's
    porting_effort_person_weeks: Estimate = Estimate(0, 0, 0)
    time_to_production_weeks: Estimate = Estimate(0, 0, 0)
    assumed_output_tps_per_gpu: Estimate | None = None  # used only where no run meets the SLO; flagged
    assumption_note: str = ""
    # why the assumed capacity may stand although measured runs of the option miss the SLO (empty:
    # it may not; a failing measurement is never replaced by an assumption silently)
    assumption_override: str = ""
    # stated relative error of a measured capacity (0.05 = +/- 5 %), drawn by Monte Carlo
    capacity_error: float | None = None
    sources: tuple[Source, ...] = tuple_field()


@dataclass(frozen=True, slots=True)
class PlatformFleet:
    """What the team owns of one platform, and the platform's stated prices: one input each, shared
    by every option on the platform (sensitivity and Monte Carlo draw it once).

    An option's fleet is the owned GPUs first, then the shortfall, bought (pricing ``own``) or
    rented (``rent``) at these prices unless the option states its own."""

    platform: str
    owned_gpus: int = 0
    owned_gpus_range: Estimate | None = None  # low / likely / high of the owned GPUs (Monte Carlo)
    book_value_usd_per_gpu: Estimate | None = None  # remaining book value of an owned GPU
    resale_usd_per_gpu: Estimate | None = None  # what an owned GPU would sell for today
    end_of_support: str = ""  # ISO date the owned GPUs run out of support
    replacement_usd_per_gpu: Estimate | None = None  # replacing an owned GPU at its end of support (None: purchase)
    purchase_usd_per_gpu: Estimate | None = None  # all-in purchase price per GPU (server share)
    residual_usd_per_gpu: Estimate | None = None  # value of a bought GPU at the horizon's end (None: none)
    amortization_years: Estimate | None = None  # of a bought GPU (None: the option's, else 3 years)
    rental_usd_per_gpu_hour: Estimate | None = None
    power_kw_per_gpu: Estimate | None = None  # nameplate all-in kW per GPU (x PUE)
    hosting_usd_per_gpu_hour: Estimate | None = None
    lead_time_months: int = 0  # order to delivery: a purchase is paid in its delivery month
    ramp_months: int = 0  # delivery to service (install, burn-in, validation)
    note: str = ""
    sources: tuple[Source, ...] = tuple_field()
    quotes: tuple[Quote, ...] = tuple_field()  # source, date and validity of each price


@dataclass(frozen=True, slots=True)
class HostedApi:
    """A provider's per-token API: the buy-tokens option (strategy ``hosted-api``). No fleet: its
    cost is the workload's tokens at these prices. ``stated_*`` latencies are the provider's own
    statement (not a measurement), what the option is judged against the SLO by."""

    provider: str = ""
    input_usd_per_m: Estimate = Estimate(0, 0, 0)  # $ per million input tokens (not cached)
    output_usd_per_m: Estimate = Estimate(0, 0, 0)  # $ per million output tokens
    cached_input_usd_per_m: Estimate | None = None  # $ per million input tokens read from its cache
    cached_input_share: float = 0.0  # share of the input tokens billed at the cached price
    committed_discount: float = 0.0  # fraction off the list prices for a committed spend (0.2 = 20 %)
    committed_spend_usd_per_year: float | None = None  # the spend the discount commits to
    stated_ttft_p99_ms: float | None = None
    stated_tpot_p99_ms: float | None = None
    stated_latency_source: str = ""
    note: str = ""
    sources: tuple[Source, ...] = tuple_field()
    quotes: tuple[Quote, ...] = tuple_field()


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    name: str
    strategy: Strategy
    runtime: str
    platform: str
    topology: Topology = Topology()
    cost: CostInputs = CostInputs()
    notes: str = ""
    short_label: str = ""  # shown where space is tight ("H100 · SGLang"); empty: derived (domain.presentation)
    hosted: HostedApi | None = None  # the provider's prices (strategy hosted-api only)


class Answer(StrEnum):
    PROVIDED = "provided"  # the runtime provides it
    EXTERNAL = "external"  # someone must build or integrate it: costs engineering
    MISSING = "missing"  # nobody provides it yet: a blocker until an owner is named


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    id: str
    title: str
    description: str = ""
    category: str = "service"
    sources: tuple[Source, ...] = tuple_field()
    # the topologies that need the item (schema 10; empty: every option): prefill/decode orchestration
    # and KV-cache transfer are service pieces of disaggregated options only
    topologies: tuple[TopologyKind, ...] = tuple_field()

    def applies_to(self, kind: TopologyKind) -> bool:
        return not self.topologies or kind in self.topologies


@dataclass(frozen=True, slots=True)
class ChecklistAnswer:
    option: str
    item: str
    answer: Answer
    provider: str = ""  # who provides or builds it
    effort_person_weeks: Estimate = Estimate(0, 0, 0)
    notes: str = ""


class Direction(StrEnum):
    BENEFIT = "benefit"  # more is better
    COST = "cost"  # less is better


@dataclass(frozen=True, slots=True)
class Criterion:
    """A scoring criterion. ``metric`` names the assessment figure it reads (see analysis)."""

    id: str
    name: str
    metric: str
    direction: Direction
    weight: float
    unit: str = ""
    description: str = ""
    knockout: bool = False  # veto switched on: an option failing ``knockout_threshold`` is out
    knockout_threshold: float | None = None
    weight_range: Estimate | None = None  # low / high the weight may take (Monte Carlo, if drawn)


@dataclass(frozen=True, slots=True)
class Demand:
    """Peak load to serve: output tokens/s directly, or requests/s with token lengths; optionally
    its range (drawn by Monte Carlo) and its growth per year (the fleet is sized year by year)."""

    output_tokens_per_s: float | None = None
    requests_per_s: float | None = None
    input_tokens: float | None = None
    output_tokens: float | None = None
    output_tokens_per_s_range: Estimate | None = None  # low / likely / high of the peak output tok/s
    growth_per_year: Estimate | None = None  # fraction per year (0.3 = +30 % a year)


@dataclass(frozen=True, slots=True)
class Assumptions:
    horizon_years: float = 3.0
    horizon_years_range: Estimate | None = None  # low / likely / high of the horizon (Monte Carlo)
    electricity_usd_per_kwh: Estimate = Estimate(0.08, 0.10, 0.14)
    engineer_usd_per_week: Estimate = Estimate(4000, 5000, 6500)  # loaded cost of one person-week
    utilization: float = 0.7  # sustained fraction of the fleet's hours doing useful work
    utilization_range: Estimate | None = None  # low / likely / high of utilization, drawn by Monte Carlo
    pue: Estimate = Estimate(1.0, 1.0, 1.0)  # facility overhead on power (1.0: kW figures are all-in)
    cost_view: CostView = CostView.CASH  # which cost figures the cost criteria score (schema 1: cash)
    owned_value: OwnedValue = OwnedValue.BOOK  # owned GPUs in the economic (all-in) view
    headroom: float = 0.0  # capacity above the peak demand the fleet is sized for (0.2 = 20 %)
    spare_units: int = 0  # spare deployable units per option, for failure recovery
    fiscal_year_start_month: int = 1  # 1..12: the month the fiscal year starts (budget by fiscal year)
    baseline_option: str = ""  # the keep option payback is measured against ("": the first keep option)
    draw_weights: bool = False  # Monte Carlo also draws criteria weights within their weight_range
    currency: str = "USD"
    monte_carlo_draws: int = 10000
    monte_carlo_seed: int = 20261129
    quotes: tuple[Quote, ...] = tuple_field()  # source, date and validity of electricity and engineer rate


class AcceptanceCheck(StrEnum):
    """A confirmation criterion the record checks before it may be accepted (``decision.acceptance_checks``)."""

    PARITY = "parity"  # the chosen option passes every required parity check (its evidence reaches *correct*)


class RecordStatus(StrEnum):
    PROPOSED = "proposed"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    DEPRECATED = "deprecated"
    SUPERSEDED = "superseded"


@dataclass(frozen=True, slots=True)
class PreviousRevision:
    """The record this one is a new revision of: its id, its revision number and the SHA-256 of its
    embedded inputs (what ``deepdecide verify`` prints), so the earlier record can be found and checked."""

    id: str
    revision: int
    inputs_sha256: str


@dataclass(frozen=True, slots=True)
class DecisionRecord:
    """MADR sections of the decision record."""

    id: str
    title: str
    status: RecordStatus = RecordStatus.PROPOSED
    date: str = ""  # last updated, ISO date
    evidence_cutoff: str = ""
    decision_makers: tuple[str, ...] = tuple_field()
    consulted: tuple[str, ...] = tuple_field()
    informed: tuple[str, ...] = tuple_field()
    context: str = ""
    drivers: tuple[str, ...] = tuple_field()
    considered_options: tuple[str, ...] = tuple_field()  # option ids
    chosen_option: str = ""
    rationale: str = ""
    consequences_good: tuple[str, ...] = tuple_field()
    consequences_bad: tuple[str, ...] = tuple_field()
    confirmation: str = ""
    # criteria of ``confirmation`` checked before the record is accepted: ``signoffs`` and ``report`` of
    # an accepted workspace refuse, naming the criterion, while one of them fails (domain/approval.py)
    acceptance_checks: tuple[AcceptanceCheck, ...] = tuple_field()
    revisit_triggers: tuple[str, ...] = tuple_field()  # free text, judged by a person
    revisit_conditions: tuple[RevisitCondition, ...] = tuple_field()  # checked by ``deepdecide revisit``
    supersedes: str = ""
    superseded_by: str = ""
    revision: int = 1  # 1 for a first record; a new revision of a record counts on from its predecessor
    previous: PreviousRevision | None = None  # the earlier revision this one was built from
    # the date every record of this workspace bears (ISO; schema 9); empty: a record bears the day it is
    # exported (domain/dates.py)
    record_date: str = added_field("")


class Vote(StrEnum):
    APPROVE = "approve"
    REJECT = "reject"
    ABSTAIN = "abstain"
    PENDING = "pending"


@dataclass(frozen=True, slots=True)
class SignOff:
    """One row of the sign-off table. ``role`` is one of the decision's decision makers (a required
    approver) or consulted (may sign). The row names the person and how their certificate is
    recognised: the certificate's subject e-mail and/or common name, and the SHA-256 fingerprint of
    the CA certificate that issued it or of the one certificate itself (pinned); a signature by any
    other certificate is *not the named approver* (see domain/approval.py). The verdict, date and
    conditions come from that approver's signature on the record (``deepdecide signoffs RECORD.pdf
    --into WS``), which also fills in the certificate, the inputs hash of the record signed and the
    SHA-256 of the signed record itself."""

    name: str
    role: str
    verdict: Vote = Vote.PENDING
    date: str = ""
    conditions: str = ""
    certificate: str = ""  # subject of the certificate that signed the verdict
    fingerprint_sha256: str = ""  # of that certificate
    record_inputs_sha256: str = ""  # inputs SHA-256 of the record the verdict was signed on
    # the approver's identity (schema 6; after the fields above, which code may still pass by position)
    email: str = ""  # the approver's certificate subject e-mail (subject emailAddress or an rfc822 alternative name)
    common_name: str = ""  # the approver's certificate subject common name (CN)
    issuer_ca_sha256: str = ""  # SHA-256 fingerprint of a CA certificate on the approver's certificate chain
    pinned_certificate_sha256: str = ""  # or: the SHA-256 fingerprint of the approver's one certificate
    signed_record_sha256: str = ""  # SHA-256 of the signed approval record (the PDF with its signatures)


class StepStatus(StrEnum):
    TODO = "todo"
    IN_PROGRESS = "in-progress"
    DONE = "done"
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class MigrationStep:
    order: int
    title: str
    status: StepStatus = StepStatus.TODO
    owner: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class ParityOutlook:
    """A judgement, not evidence: the stated probability that ``option`` passes the required parity
    check ``kind`` once it is run. Monte Carlo draws the outcome with the other inputs (a failed
    draw keeps the option from being recommended in that draw), so the value of running the
    parity suite can be weighed against the other measurements (docs/analysis.md)."""

    option: str
    kind: ParityKind
    probability: float  # in [0, 1]
    note: str = ""  # whose judgement, on what basis


@dataclass(frozen=True, slots=True)
class CarriedOver:
    """A value an older workspace held that breaks a rule its schema did not have, kept as it was
    (docs/workspace-schema.md, "Carried over"). While the value at ``path`` is unchanged (its
    canonical JSON hashes to ``sha256``) the rule is a warning, in every later save and open; a
    changed value must meet the rule. ``schema`` is the version of the workspace it came from: only a
    rule introduced after it is carried (a limit that protects the commands never is)."""

    path: str  # the key path where it was when it was carried over
    sha256: str  # of the value's canonical JSON (storage.files.value_sha256)
    schema: int  # the schema version of the workspace it came from


# no slots: storage.files keeps the workspaces it found valid in a WeakValueDictionary
@dataclass(frozen=True)
class Workspace:
    name: str
    model: str
    decision: DecisionRecord
    workload: Workload = Workload()
    matrix: SupportMatrix = SupportMatrix()
    options: tuple[Option, ...] = tuple_field()
    checklist: tuple[ChecklistItem, ...] = tuple_field()
    answers: tuple[ChecklistAnswer, ...] = tuple_field()
    criteria: tuple[Criterion, ...] = tuple_field()
    required_parity: tuple[ParityKind, ...] = tuple_field()
    slo: SLO = SLO()
    demand: Demand = Demand()
    assumptions: Assumptions = Assumptions()
    signoffs: tuple[SignOff, ...] = tuple_field()
    migration_plan: tuple[MigrationStep, ...] = tuple_field()
    fleet: tuple[PlatformFleet, ...] = tuple_field()  # owned GPUs and prices, per platform
    evidence: Evidence = field(default_factory=Evidence)
    description: str = ""
    schema_version: int = SCHEMA_VERSION
    # stated chances of passing the required parity checks (a judgement; schema 8, optional)
    parity_outlook: tuple[ParityOutlook, ...] = tuple_field()
    # values of an older workspace kept unchanged though a later rule refuses them (schema 10, optional)
    carried_over: tuple[CarriedOver, ...] = tuple_field()

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def fleet_of(self, platform_id: str) -> PlatformFleet | None:
        return next((f for f in self.fleet if f.platform == platform_id), None)

    def answers_for(self, option_id: str) -> tuple[ChecklistAnswer, ...]:
        return tuple(a for a in self.answers if a.option == option_id)
