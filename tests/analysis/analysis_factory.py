"""Small workspaces built in code for the analysis tests, with hand-computable numbers.

The shape follows the default decision: keep a working H100 stack (vLLM), port DeepInfer to
H100 (experimental), rent SM100 (B200) for DeepInfer with its 68-GPU reference topology, and
RTX workstations for development only. Hand-computed values are in the tests that use them.
"""

from __future__ import annotations

from dataclasses import replace

from deepdecide.domain.common import Estimate, Source
from deepdecide.domain.evidence import (
    BenchmarkRun,
    BuildAttestation,
    Evidence,
    EvidenceFile,
    ParityCheck,
    ParityKind,
    Provenance,
    Verdict,
)
from deepdecide.domain.matrix import (
    Platform,
    Runtime,
    RuntimeKind,
    SupportEntry,
    SupportMatrix,
    SupportStatus,
)
from deepdecide.domain.workspace import (
    SLO,
    Answer,
    Assumptions,
    ChecklistAnswer,
    ChecklistItem,
    CostInputs,
    Criterion,
    DecisionRecord,
    Demand,
    Direction,
    Option,
    Pool,
    Pricing,
    Strategy,
    Topology,
    TopologyKind,
    Workspace,
)

SRC = (Source("test source", "tests/analysis", "2026-11-29"),)
E = Estimate


def matrix() -> SupportMatrix:
    return SupportMatrix(
        runtimes=(Runtime("vllm", "vLLM", RuntimeKind.SERVING_RUNTIME),
                  Runtime("deepinfer", "DeepInfer", RuntimeKind.ENGINE),
                  Runtime("llamacpp", "llama.cpp", RuntimeKind.LOCAL_RUNTIME)),
        platforms=(Platform("nv-h100", "NVIDIA", "H100 SXM", "sm90", aliases=("H100",)),
                   Platform("nv-b200", "NVIDIA", "B200", "sm100", aliases=("B200",)),
                   Platform("nv-rtx5090", "NVIDIA", "GeForce RTX 5090", "sm120", aliases=("RTX 5090",))),
        entries=(SupportEntry("vllm", "nv-h100", SupportStatus.OFFICIAL, SRC),
                 SupportEntry("deepinfer", "nv-b200", SupportStatus.OFFICIAL, SRC),
                 SupportEntry("llamacpp", "nv-rtx5090", SupportStatus.OFFICIAL, SRC)),
    )


def run(runtime: str, platform: str, concurrency: float | None, output_tps: float, gpus: int, *,
        ttft99: float = 500.0, tpot99: float = 30.0, tpot50: float | None = None, failed: int = 0,
        completed: int = 1000, label: str = "", request_rate: float | None = None) -> BenchmarkRun:
    """A normalized run; interactivity comes from TPOT p50 (default 0.8 x TPOT p99)."""
    p50 = tpot50 if tpot50 is not None else tpot99 * 0.8
    return BenchmarkRun(
        tool="vllm-bench", runtime=runtime, platform=platform, gpu_count=gpus, model="DeepSeek-V4.1-Flash",
        dataset="random", concurrency=concurrency, request_rate=request_rate, input_tokens=8192,
        output_tokens=1024, num_requests=completed + failed, completed=completed, failed=failed,
        output_throughput_tps=output_tps, output_tps_per_gpu=output_tps / gpus,
        ttft_ms_p99=ttft99, tpot_ms_p99=tpot99, tpot_ms_p50=p50,
        interactivity_tps_per_user=1000.0 / p50, label=label)


def keep_sweep() -> tuple[BenchmarkRun, ...]:
    """vLLM on 8 H100: 1000 / 1750 / 2750 / 3500 output tok/s/GPU at concurrency 16..128; the
    128 point misses TPOT p99 (65 > 50 ms) and interactivity (1000 / 52 = 19.2 < 20)."""
    return (
        run("vllm", "nv-h100", 16, 8000, 8, ttft99=300, tpot99=20),
        run("vllm", "nv-h100", 32, 14000, 8, ttft99=500, tpot99=30),
        run("vllm", "nv-h100", 64, 22000, 8, ttft99=900, tpot99=45),
        run("vllm", "nv-h100", 128, 28000, 8, ttft99=1500, tpot99=65),
    )


def parity(runtime: str, platform: str, kind: ParityKind, verdict: Verdict) -> ParityCheck:
    return ParityCheck(kind, runtime, platform, "vllm", "nv-h100", task="gsm8k", metric="exact_match",
                       value=0.9, reference_value=0.9, delta=0.0, n=500, tolerance="|delta| <= 0.02",
                       verdict=verdict, model="DeepSeek-V4.1-Flash")


def evidence() -> Evidence:
    prov = Provenance("bench.json", 1234, "ab" * 32, "vllm-bench")
    runs = (*keep_sweep(),
            run("deepinfer", "nv-b200", 256, 340000, 68, ttft99=800, tpot99=25, label="SM100 reference"))
    checks = (
        parity("vllm", "nv-h100", ParityKind.LOGITS, Verdict.PASS),
        parity("vllm", "nv-h100", ParityKind.GREEDY_MATCH, Verdict.PASS),
        parity("deepinfer", "nv-b200", ParityKind.LOGITS, Verdict.PASS),
        parity("deepinfer", "nv-b200", ParityKind.GREEDY_MATCH, Verdict.PASS),
        parity("deepinfer", "nv-h100", ParityKind.LOGITS, Verdict.INCONCLUSIVE),
        parity("deepinfer", "nv-h100", ParityKind.GREEDY_MATCH, Verdict.FAIL),
    )
    builds = (BuildAttestation("deepinfer", "nv-h100", "2026-11-20", log_sha256="cd" * 32, by="ML Systems Lead"),)
    return Evidence(files=(EvidenceFile(prov, runs, checks),), builds=builds)


ALL_METRICS = {
    "cost_per_m_tokens_usd": Direction.COST,
    "tco_usd": Direction.COST,
    "time_to_production_weeks": Direction.COST,
    "engineering_person_weeks": Direction.COST,
    "evidence_level": Direction.BENEFIT,
    "official_support": Direction.BENEFIT,
    "service_completeness": Direction.BENEFIT,
    "capacity_tps_per_gpu": Direction.BENEFIT,
    "blockers": Direction.COST,
}


def criteria(**weights: float) -> tuple[Criterion, ...]:
    """Criteria over the given metrics (metric=weight); default: all nine, equal weights."""
    if not weights:
        weights = dict.fromkeys(ALL_METRICS, 1.0)
    return tuple(Criterion(m, m.replace("_", " "), m, ALL_METRICS.get(m, Direction.BENEFIT), w)
                 for m, w in weights.items())


def options() -> tuple[Option, ...]:
    h100 = Topology("8x H100 node", gpus_per_node=8, unit_gpus=8)
    return (
        Option("keep-vllm-h100", "Keep H100 with vLLM", Strategy.KEEP, "vllm", "nv-h100", h100,
               CostInputs(Pricing.EXISTING, power_kw_per_gpu=E.exact(1.73),
                          porting_effort_person_weeks=E(1, 2, 4), time_to_production_weeks=E(1, 2, 4))),
        Option("port-deepinfer-h100", "Port DeepInfer to H100", Strategy.PORT, "deepinfer", "nv-h100",
               Topology("8x H100 node", gpus_per_node=8),
               CostInputs(Pricing.EXISTING, power_kw_per_gpu=E.exact(1.73),
                          porting_effort_person_weeks=E(12, 26, 60), time_to_production_weeks=E(16, 30, 60),
                          assumed_output_tps_per_gpu=E(1000, 1800, 2600),
                          assumption_note="team guess, no H100 run yet")),
        Option("buy-sm100-deepinfer", "Rent B200 for DeepInfer", Strategy.BUY, "deepinfer", "nv-b200",
               Topology("4 prefill + 64 decode", gpus_per_node=8, kind=TopologyKind.DISAGGREGATED,
                        prefill=Pool(4, workers=1, measured_on="nv-b200"),
                        decode=Pool(64, workers=1, measured_on="nv-b200"), unit_gpus=68, measured_on="nv-b200"),
               CostInputs(Pricing.RENT, gpu_hour_usd=E(1.95, 2.34, 2.90),
                          porting_effort_person_weeks=E(2, 4, 8), time_to_production_weeks=E(12, 20, 36))),
        Option("rtx-dev-only", "RTX 5090 for development", Strategy.DEV_ONLY, "llamacpp", "nv-rtx5090",
               Topology("one workstation", gpus_per_node=1, unit_gpus=1),
               CostInputs(Pricing.OWN, capex_per_gpu_usd=E(2500, 3500, 5000), amortization_years=3,
                          power_kw_per_gpu=E(0.6, 0.8, 1.0), assumed_output_tps_per_gpu=E(20, 40, 60))),
    )


def checklist() -> tuple[ChecklistItem, ...]:
    return (ChecklistItem("kv-cache", "Persistent KV cache"),
            ChecklistItem("http", "HTTP transport"),
            ChecklistItem("lb", "Load balancing"))


def answers() -> tuple[ChecklistAnswer, ...]:
    out = [ChecklistAnswer("keep-vllm-h100", "kv-cache", Answer.EXTERNAL, "LMCache", E(1, 2, 4)),
           ChecklistAnswer("keep-vllm-h100", "http", Answer.PROVIDED, "vLLM"),
           ChecklistAnswer("keep-vllm-h100", "lb", Answer.PROVIDED, "gateway")]
    for oid in ("port-deepinfer-h100", "buy-sm100-deepinfer"):
        # missing, but someone is named to build it: its effort counts, the option stays eligible
        # (``with_blocker`` makes it an unowned blocker)
        out += [ChecklistAnswer(oid, "kv-cache", Answer.MISSING, "platform team", E(6, 12, 24)),
                ChecklistAnswer(oid, "http", Answer.EXTERNAL, "platform team", E(4, 8, 16)),
                ChecklistAnswer(oid, "lb", Answer.EXTERNAL, "gateway", E(2, 4, 8))]
    out += [ChecklistAnswer("rtx-dev-only", i, Answer.PROVIDED, "llama-server") for i in ("kv-cache", "http", "lb")]
    return tuple(out)


def workspace(**changes) -> Workspace:
    ws = Workspace(
        name="test decision", model="DeepSeek-V4.1-Flash",
        decision=DecisionRecord("DR-T", "test"),
        matrix=matrix(), options=options(), checklist=checklist(), answers=answers(),
        criteria=criteria(), required_parity=(ParityKind.LOGITS, ParityKind.GREEDY_MATCH),
        slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=50, min_interactivity_tps_per_user=20, max_error_rate=0.01),
        demand=Demand(output_tokens_per_s=200_000),
        assumptions=Assumptions(horizon_years=3, electricity_usd_per_kwh=E(0.08, 0.10, 0.14),
                                engineer_usd_per_week=E(4000, 5000, 6500), utilization=0.7,
                                monte_carlo_draws=2000, monte_carlo_seed=7),
        evidence=evidence(),
    )
    return replace(ws, **changes) if changes else ws


def with_option(ws: Workspace, option_id: str, **changes) -> Workspace:
    """The workspace with one option changed (fields of Option; ``cost`` may be a dict of CostInputs fields)."""
    opts = []
    for o in ws.options:
        if o.id == option_id:
            cost = changes.pop("cost", None)
            if isinstance(cost, dict):
                changes["cost"] = replace(o.cost, **cost)
            elif cost is not None:
                changes["cost"] = cost
            o = replace(o, **changes)
        opts.append(o)
    return replace(ws, options=tuple(opts))


def with_blocker(ws: Workspace, option_id: str, item: str = "kv-cache") -> Workspace:
    """The workspace with the option's ``item`` answered "missing" and nobody named to build it."""
    return replace(ws, answers=tuple(replace(a, provider="") if (a.option, a.item) == (option_id, item) else a
                                     for a in ws.answers))


def aggregated_sm100(ws: Workspace) -> Workspace:
    """The sample with its SM100 option as schema 8 sized it: one 68-GPU unit (9 nodes of 8) at an
    assumed 424 / 600 / 930 output tok/s per GPU, prefill and decode not sized apart. The money
    model's hand values that use the SM100 option rest on it; the pools' own hand values are in
    test_pools.py."""
    opts = []
    for o in ws.options:
        if o.id == "buy-sm100-deepinfer":
            topo = replace(o.topology, kind=TopologyKind.AGGREGATED, prefill=None, decode=None)
            o = replace(o, topology=topo, cost=replace(o.cost, assumed_output_tps_per_gpu=E(424, 600, 930)))
        opts.append(o)
    return replace(ws, options=tuple(opts))
