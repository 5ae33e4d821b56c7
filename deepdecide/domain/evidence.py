"""Evidence records: normalized benchmark runs, parity checks, build attestations, with provenance.

The field names of :class:`BenchmarkRun` and :class:`ParityCheck` are the contract of
``deepdecide inspect --json`` (see DESIGN.md, "Normalized evidence"): never rename one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from enum import StrEnum

from deepdecide.domain.common import Estimate, added_field, tuple_field
from deepdecide.domain.environment import EnvironmentCapture
from deepdecide.domain.flags import flag
from deepdecide.domain.messages import Message, msg, plain
from deepdecide.domain.workload import ProxyAcceptance


class ProvenanceKind(StrEnum):
    """Who made an evidence file, and so what it can prove (a typed field, never read from a label).

    * ``own``: measured by us (the user imported a file of their own);
    * ``third_party``: a published or shared result someone else measured;
    * ``illustrative``: reconstructed from published figures (the built-in sample's files);
    * ``predicted``: the output of an estimator or simulator (AIConfigurator, vidur, BLIS): no
      hardware ran it.
    """

    OWN = "own"
    THIRD_PARTY = "third_party"
    ILLUSTRATIVE = "illustrative"
    PREDICTED = "predicted"

    @property
    def text(self) -> str:
        """How views name the kind ("own measurement", "predicted (estimator or simulator)")."""
        return _KIND_TEXT[self]

    @property
    def message(self) -> Message:
        """:attr:`text` as a message (rendered in the current language)."""
        return _KIND_MESSAGE[self]

    @property
    def measured(self) -> bool:
        """True for a measurement on hardware (own or third-party), False for reconstructed or predicted."""
        return self in (ProvenanceKind.OWN, ProvenanceKind.THIRD_PARTY)


_KIND_TEXT = {
    ProvenanceKind.OWN: "own measurement",
    ProvenanceKind.THIRD_PARTY: "third-party result",
    ProvenanceKind.ILLUSTRATIVE: "illustrative, reconstructed from published figures",
    ProvenanceKind.PREDICTED: "predicted (estimator or simulator, not a measurement)",
}
_KIND_MESSAGE = {
    ProvenanceKind.OWN: msg("provenance.own", "own measurement"),
    ProvenanceKind.THIRD_PARTY: msg("provenance.third_party", "third-party result"),
    ProvenanceKind.ILLUSTRATIVE: msg("provenance.illustrative", "illustrative, reconstructed from published figures"),
    ProvenanceKind.PREDICTED: msg("provenance.predicted", "predicted (estimator or simulator, not a measurement)"),
}


class ChecksumOutcome(StrEnum):
    """What a publisher's checksum manifest says of an imported file's bytes."""

    MATCH = "match"  # the file's SHA-256 is the one the manifest lists for its name
    MISMATCH = "mismatch"  # the manifest lists another SHA-256: these are not the bytes it published
    NOT_LISTED = "not_listed"  # the manifest beside it does not list the file's name


@dataclass(frozen=True, slots=True)
class ChecksumCheck:
    """The file checked against a publisher's manifest of checksums found beside it (InferenceX's
    ``evidence.json``): which manifest (name, SHA-256, publisher), what it lists and the outcome."""

    manifest: str  # the manifest's file name, e.g. "evidence.json"
    manifest_sha256: str
    outcome: ChecksumOutcome
    expected_sha256: str = ""  # the SHA-256 the manifest lists for the file ("" when not listed)
    publisher: str = ""  # who issued the manifest, as it says (package and version)

    def note(self, file_name: str) -> Message:
        """The outcome in words ("SHA-256 matches the publisher's manifest evidence.json (...)")."""
        who = self.publisher or self.manifest
        if self.outcome == ChecksumOutcome.MATCH:
            return flag("checksum.match", manifest=self.manifest, publisher=who)
        if self.outcome == ChecksumOutcome.MISMATCH:
            return flag("checksum.mismatch", manifest=self.manifest, publisher=who, expected=self.expected_sha256)
        return flag("checksum.not_listed", manifest=self.manifest, name=file_name)


@dataclass(frozen=True, slots=True)
class JoinedFile:
    """One of the files an import joined into one evidence file (AISBench writes one run as a CSV
    and a JSON): its name, size and SHA-256 as read, and what was taken from it."""

    file_name: str
    size_bytes: int
    sha256: str
    part: Message  # what the evidence took from this file ("latency statistics and token lengths")


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where an evidence file came from. ``kind`` says who made it (own, third_party, illustrative,
    predicted); ``label`` is free text describing it (e.g. its published source).

    ``source_url``, ``retrieved_at`` and ``manifest`` are what the file's own manifest says of its
    origin (an API export: the query, when it ran, how many rows it returned, selected and excluded,
    which metrics the selection covers); ``checksum`` is the file checked against a publisher's
    manifest of checksums (None: no manifest beside it). ``joined`` lists every file of an import
that joined several into one (the named file first; empty for a one-file import): the runs hold
figures of each, as ``JoinedFile.part`` says."""

    file_name: str
    size_bytes: int
    sha256: str
    tool: str
    tool_version: str = ""
    imported_at: str = ""  # ISO 8601, UTC
    label: str = ""
    kind: ProvenanceKind = ProvenanceKind.OWN
    source_url: str = ""
    retrieved_at: str = ""  # ISO 8601, as the file states it
    manifest: tuple[Message, ...] = tuple_field()
    checksum: ChecksumCheck | None = None
    joined: tuple[JoinedFile, ...] = added_field(())  # records made before it keep their bytes

    @property
    def is_joined(self) -> bool:
        """True when the evidence was joined from several files (``joined``)."""
        return len(self.joined) > 1


UNLIMITED = "deepdecide.unlimited"  # field metadata key: math.inf is allowed and stored as this text

class EnergyBasis(StrEnum):
    """What a power or energy figure metered: the GPUs alone (NVML / DCGM board power) or the whole
    node (a wall-power meter: CPUs, memory, network, fans and power-supply losses included)."""

    GPU = "gpu"
    NODE = "node"

    @property
    def message(self) -> Message:
        return _BASIS_MESSAGE[self]


_BASIS_MESSAGE = {
    EnergyBasis.GPU: msg("energy_basis.gpu", "GPU only"),
    EnergyBasis.NODE: msg("energy_basis.node", "whole node"),
}

LATENCY_METRICS = ("ttft_ms", "tpot_ms", "itl_ms", "e2e_ms", "e2e_per_token_ms")
STATISTICS = ("mean", "p50", "p90", "p99")


@dataclass(frozen=True, slots=True)
class BenchmarkRun:
    """One benchmark run, normalized: times in ms (duration in s), throughputs in tokens/s.

    TPOT, ITL and e2e-per-token are different quantities and stay in different fields.
    """

    tool: str
    tool_version: str = ""
    runtime: str = ""
    runtime_version: str = ""
    platform: str = ""
    gpu_count: int | None = None
    model: str = ""
    quantization: str = ""
    dataset: str = ""
    concurrency: float | None = None
    # requests/s offered; None = not stated, or unlimited (see max_rate). A stored "inf" is read as
    # math.inf (the only non-finite value a workspace may hold); never written as a YAML .inf
    request_rate: float | None = field(default=None, metadata={UNLIMITED: "inf"})
    input_tokens: float | None = None  # mean input length per request
    output_tokens: float | None = None  # mean output length per request
    num_requests: int | None = None
    completed: int | None = None
    failed: int | None = None
    duration_s: float | None = None
    request_throughput_rps: float | None = None
    output_throughput_tps: float | None = None
    total_throughput_tps: float | None = None
    ttft_ms_mean: float | None = None
    ttft_ms_p50: float | None = None
    ttft_ms_p90: float | None = None
    ttft_ms_p99: float | None = None
    tpot_ms_mean: float | None = None
    tpot_ms_p50: float | None = None
    tpot_ms_p90: float | None = None
    tpot_ms_p99: float | None = None
    itl_ms_mean: float | None = None
    itl_ms_p50: float | None = None
    itl_ms_p90: float | None = None
    itl_ms_p99: float | None = None
    e2e_ms_mean: float | None = None
    e2e_ms_p50: float | None = None
    e2e_ms_p90: float | None = None
    e2e_ms_p99: float | None = None
    e2e_per_token_ms_mean: float | None = None
    e2e_per_token_ms_p50: float | None = None
    e2e_per_token_ms_p90: float | None = None
    e2e_per_token_ms_p99: float | None = None
    output_tps_per_gpu: float | None = None  # derived: output_throughput_tps / gpu_count
    interactivity_tps_per_user: float | None = None  # derived: 1000 / tpot_ms_p50
    prefill_gpus: int | None = None  # disaggregated runs: GPUs serving prefill
    decode_gpus: int | None = None  # disaggregated runs: GPUs serving decode
    # energy as the file states it (never estimated): the run's average power per GPU (W), and its
    # whole energy divided by the output tokens, and by the input tokens (J; the two are not a split
    # of the energy: each charges all of it to one kind of token); energy_basis says what was metered
    power_w_per_gpu: float | None = None
    energy_j_per_output_token: float | None = None
    energy_j_per_input_token: float | None = None
    energy_basis: EnergyBasis | None = None
    kv_cache_tokens: int | None = None  # the KV-cache pool, in tokens, the server reported for the run
    # a reproduction record: the index, in the same file, of the run this one re-measures
    reproduces: int | None = None
    # what the import did to the file's figures, as messages (domain/flags.py): stored by id and
    # parameters, shown in the current language
    quality_flags: tuple[Message, ...] = tuple_field()
    missing_context: tuple[str, ...] = tuple_field()  # fields the file did not hold and the user did not give
    label: str = ""  # the run's name inside its file (e.g. a sweep point)
    max_rate: bool = False  # the file offered requests as fast as possible (request rate "inf")
    # --- repeated runs: confidence intervals (AIPerf --num-profile-runs, its aggregate and sweep
    # exports). Where a figure above is the mean over repeated runs of one configuration, the file's
    # own interval for it is kept here (never recomputed): [low, high] at ci_level (0.95 = 95 %)
    # over ci_runs successful runs; None where the file states no interval (a single run).
    # ``run_interval(run, "output_throughput_tps")`` reads them (see CI_FIELDS).
    ci_level: float | None = None
    ci_runs: int | None = None
    output_throughput_tps_ci_low: float | None = None
    output_throughput_tps_ci_high: float | None = None
    request_throughput_rps_ci_low: float | None = None
    request_throughput_rps_ci_high: float | None = None
    ttft_ms_p50_ci_low: float | None = None
    ttft_ms_p50_ci_high: float | None = None
    ttft_ms_p99_ci_low: float | None = None
    ttft_ms_p99_ci_high: float | None = None
    tpot_ms_p50_ci_low: float | None = None
    tpot_ms_p50_ci_high: float | None = None
    tpot_ms_p99_ci_low: float | None = None
    tpot_ms_p99_ci_high: float | None = None
    # --- goodput as the file measured it against its own latency objectives (guidellm --slo,
    # inference-perf goodput): the share of requests meeting every objective and their rate; the
    # objectives are the file's (ms; tpot first token excluded), not the workspace's SLO
    slo_attainment: float | None = None  # fraction in [0, 1]
    goodput_rps: float | None = None  # requests/s that met every objective
    goodput_ttft_ms: float | None = None
    goodput_tpot_ms: float | None = None
    goodput_e2e_ms: float | None = None
    # --- server configuration, where the file states it: part of a sweep's identity (runs of
    # different configurations are never one sweep), with the per-role GPU counts above
    tensor_parallel: int | None = None  # TP size (per replica; per role in a disaggregated run: decode)
    expert_parallel: int | None = None  # EP size (1: experts not spread)
    pipeline_parallel: int | None = None  # PP size
    dp_attention: bool | None = None  # data-parallel attention (SGLang / TRT-LLM "DP-attention")
    speculative_decoding: str = ""  # "mtp", "eagle3", ... ("none" when the file says it is off)
    disaggregated: bool | None = None  # prefill and decode on separate GPUs

    @property
    def configuration(self) -> tuple[object, ...]:
        """The server configuration the file states (TP, EP, PP, DP-attention, speculative
        decoding, disaggregation and the GPUs per role): runs with different ones are different
        deployments, never one sweep."""
        spec = self.speculative_decoding.strip().lower()
        return (self.tensor_parallel, self.expert_parallel if self.expert_parallel != 1 else None,
                self.pipeline_parallel if self.pipeline_parallel != 1 else None, bool(self.dp_attention),
                "" if spec in ("none", "off", "false") else spec, bool(self.disaggregated),
                self.prefill_gpus, self.decode_gpus)

    @property
    def error_rate(self) -> float | None:
        total = self.num_requests if self.num_requests else None
        if total is None and self.completed is not None and self.failed is not None:
            total = self.completed + self.failed
        if not total or self.failed is None:
            return None
        return self.failed / total

    @property
    def output_tokens_per_joule(self) -> float | None:
        """Output tokens per joule (1 / energy_j_per_output_token); None when the file states no energy."""
        e = self.energy_j_per_output_token
        return 1.0 / e if e else None


BENCHMARK_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(BenchmarkRun))


def lengths_from_file_name(file_name: str) -> tuple[int, int] | None:
    """The request lengths InferenceMAX's documented file names encode (``agg_dsr1_1k8k.json``:
    1,024 in / 8,192 out; ``1k`` is 1,024 tokens), the format's only place for them; None when the
    name holds none."""
    stem = re.sub(r"\.json$", "", file_name.lower())
    for token in re.split(r"[_/\s]+", stem):
        m = re.fullmatch(r"(\d+)k(\d+)k", token)
        if m:
            return int(m.group(1)) * 1024, int(m.group(2)) * 1024
    return None

#: the figures a file may give a multi-run confidence interval for (``<name>_ci_low`` / ``_ci_high``)
CI_FIELDS: tuple[str, ...] = ("output_throughput_tps", "request_throughput_rps", "ttft_ms_p50", "ttft_ms_p99",
                              "tpot_ms_p50", "tpot_ms_p99")


@dataclass(frozen=True, slots=True)
class RunInterval:
    """A run's figure with the confidence interval its file states for it (over repeated runs)."""

    name: str  # the BenchmarkRun field, e.g. "output_throughput_tps"
    value: float  # the run's figure (the mean over the repeated runs)
    low: float
    high: float
    level: float | None  # e.g. 0.95; None: the file does not state it
    runs: int | None  # successful runs the interval is over; None: not stated

    @property
    def relative(self) -> tuple[float, float]:
        """(low / value, high / value): the factors that scale a figure derived from this one (a
        capacity read at this run's load) to the ends of the interval; (1, 1) for a zero value."""
        if not self.value:
            return (1.0, 1.0)
        return (self.low / self.value, self.high / self.value)


def run_interval(run: BenchmarkRun, name: str) -> RunInterval | None:
    """The interval of ``run.<name>`` when its file stated one, else None (Qt-free; for the
    Monte Carlo's capacity range)."""
    if name not in CI_FIELDS:
        raise KeyError(name)
    value = getattr(run, name)
    low, high = getattr(run, f"{name}_ci_low"), getattr(run, f"{name}_ci_high")
    if value is None or low is None or high is None:
        return None
    return RunInterval(name, value, low, high, run.ci_level, run.ci_runs)


class ParityKind(StrEnum):
    KERNEL = "kernel"
    LOGITS = "logits"
    GREEDY_MATCH = "greedy_match"
    EVAL_ACCURACY = "eval_accuracy"
    STRUCTURED_OUTPUT = "structured_output"
    LONG_CONTEXT = "long_context"


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    INCONCLUSIVE = "inconclusive"


@dataclass(frozen=True, slots=True)
class ParityCheck:
    """One comparison of a runtime's output against a reference; ``tolerance`` states the rule
    with its numbers (e.g. "|delta| <= max(0.02, 2*stderr), n >= 200") as a message (``parity.``
    ids of ``domain/flags.py``; literal text for a rule that is not one of ours); None: no rule
    stated. A text given for it is kept as literal text."""

    kind: ParityKind
    runtime: str = ""
    platform: str = ""
    reference_runtime: str = ""
    reference_platform: str = ""
    task: str = ""
    metric: str = ""
    value: float | None = None
    reference_value: float | None = None
    delta: float | None = None
    n: int | None = None
    stderr: float | None = None
    tolerance: Message | None = None
    verdict: Verdict = Verdict.INCONCLUSIVE
    source: str = ""
    model: str = ""  # the model evaluated, as the file states it (or the user gave); "" = not stated

    def __post_init__(self) -> None:
        if isinstance(self.tolerance, str):  # a text: as written
            object.__setattr__(self, "tolerance", plain(self.tolerance) if self.tolerance else None)

    @property
    def rule(self) -> Message | None:
        """The rule, None when none is stated (an empty text of an older file included)."""
        t = self.tolerance
        if t is None or (t.id == "text" and not t.args.get("text")):
            return None
        return t


PARITY_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(ParityCheck))


@dataclass(frozen=True, slots=True)
class PredictionErrorRow:
    """One line of a predictor's published error table (AISimulate's ``derived-error-metrics.json``):
    how far ``tool`` in ``mode`` was from measurements of ``model`` on ``platform``.

    ``metric`` is what was predicted, in the publisher's words (e.g. "forward-pass time"), ``phase``
    the part of the work (all, prefill, decode). ``mape`` and ``wape`` are fractions (0.049 = 4.9 %):
    the mean absolute percentage error and the weighted one (total absolute error / total measured);
    ``points`` the predicted points they rest on (``planned_points`` were planned)."""

    tool: str
    mode: str
    model: str = ""
    platform: str = ""
    metric: str = ""
    phase: str = "all"
    mape: float | None = None
    wape: float | None = None
    mean_signed_error: float | None = None  # fraction, signed: (predicted - measured) / measured, mean
    p90_abs_error: float | None = None  # fraction: the 90th percentile of the absolute errors
    points: int | None = None
    planned_points: int | None = None


@dataclass(frozen=True, slots=True)
class BuildAttestation:
    """A recorded claim that a runtime builds for a platform: the log's hash, who and when."""

    runtime: str
    platform: str
    date: str
    log_sha256: str = ""
    by: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class ItemProxy:
    """The user accepts one run (or one parity check) of a file as a proxy for the workload:
    ``index`` is its position in the file's ``runs`` (or ``parity``), counted from 0 as key paths
    count; ``reason`` and ``discount`` as in :class:`ProxyAcceptance`."""

    index: int
    reason: str
    discount: Estimate = Estimate(0.5, 0.7, 0.9)

    @property
    def acceptance(self) -> ProxyAcceptance:
        return ProxyAcceptance(self.reason, self.discount)


@dataclass(frozen=True, slots=True)
class StatMapping:
    """The user's stated reading of a figure the file does not hold from one it does, for the SLO
    check of that file's runs: ``target`` ≈ ``source`` × ``factor`` (``tpot_ms_p99`` ≈
    ``tpot_ms_mean`` × 1.3), with the reason. Both are latency fields of a run
    (``<metric>_<statistic>``, :data:`LATENCY_METRICS` × :data:`STATISTICS`); it is used only where
    the run lacks ``target``, and every figure that rests on it says so."""

    target: str
    source: str
    factor: float
    reason: str

    def value(self, run: BenchmarkRun) -> float | None:
        """``source`` × ``factor`` on ``run``; None where the run lacks ``source``."""
        got = getattr(run, self.source, None)
        return None if got is None else float(got) * self.factor


#: the run fields a mapping may read or stand for
MAPPABLE_FIELDS: tuple[str, ...] = tuple(f"{m}_{s}" for m in LATENCY_METRICS for s in STATISTICS)


@dataclass(frozen=True, slots=True)
class EvidenceFile:
    """Everything imported from one file; an import adds one of these or nothing.

    ``proxy`` accepts every run and check of the file as a proxy for the workload; ``run_proxies``
    and ``check_proxies`` accept single runs or checks (one of those takes precedence over the
    file's acceptance for its item). ``environment`` is set for an environment capture (a file
    with no runs or checks: the stack a machine ran, see ``domain.environment``)."""

    provenance: Provenance
    runs: tuple[BenchmarkRun, ...] = tuple_field()
    parity: tuple[ParityCheck, ...] = tuple_field()
    proxy: ProxyAcceptance | None = None  # the user accepts these runs as a proxy for the workload
    run_proxies: tuple[ItemProxy, ...] = tuple_field()
    check_proxies: tuple[ItemProxy, ...] = tuple_field()
    prediction_errors: tuple[PredictionErrorRow, ...] = tuple_field()  # a predictor's published error table
    environment: EnvironmentCapture | None = added_field()  # records made before it keep their bytes
    mappings: tuple[StatMapping, ...] = tuple_field()  # figures the user reads from others (SLO check only)

    def mapping_for(self, target: str) -> StatMapping | None:
        """The stated mapping for the run field ``target``, if any."""
        return next((m for m in self.mappings if m.target == target), None)

    def proxy_for(self, item: str, index: int) -> ProxyAcceptance | None:
        """The proxy acceptance of run (``item="run"``) or check (``"check"``) ``index``: its own,
        else the file's, else None."""
        for p in self.run_proxies if item == "run" else self.check_proxies:
            if p.index == index:
                return p.acceptance
        return self.proxy

    def own_proxy(self, item: str, index: int) -> ItemProxy | None:
        """The acceptance given for that one run or check (not the file's)."""
        return next((p for p in (self.run_proxies if item == "run" else self.check_proxies) if p.index == index),
                    None)


@dataclass(frozen=True, slots=True)
class Evidence:
    files: tuple[EvidenceFile, ...] = tuple_field()
    builds: tuple[BuildAttestation, ...] = tuple_field()

    @property
    def runs(self) -> tuple[BenchmarkRun, ...]:
        return tuple(r for f in self.files for r in f.runs)

    @property
    def parity(self) -> tuple[ParityCheck, ...]:
        return tuple(p for f in self.files for p in f.parity)

    @property
    def prediction_errors(self) -> tuple[PredictionErrorRow, ...]:
        return tuple(e for f in self.files for e in f.prediction_errors)
