"""Generated workspaces for the consistency tests, built in memory from the built-in sample.

Each draw varies what the views used to re-derive on their own: parity checks per option and
kind (pass, fail and inconclusive mixed, the platform written as the matrix id or as the GPU
name a file reports), checklist answers (provided, external, missing with and without an
owner, three-point efforts), criteria weights (zeros included), the required parity kinds, and
sometimes a criterion whose metric is mistyped (validation refuses it since schema 2, the analysis still must not dilute the
shares), and per option a small benchmark sweep that meets the SLO, misses it at every load, or
cannot be judged on it (no request counts: the error rate is unknown), with or without the option's
stated assumption — the knock-outs (fails the SLO, fails parity, cannot be judged, no evidence)
that make an option not recommendable. Options get short distinct names so the PDF's table rows
can be read back.

``expected_*`` are the seed's rules written out plainly, as an oracle independent of
``deepdecide.analysis``: a view and the analysis that agree on a wrong rule still fail.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from hypothesis import strategies as st

from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import (
    BenchmarkRun,
    EvidenceFile,
    ParityCheck,
    ParityKind,
    Provenance,
    ProvenanceKind,
    Verdict,
)
from deepdecide.domain.workspace import (
    Answer,
    Assumptions,
    ChecklistAnswer,
    CostView,
    Criterion,
    Direction,
    OwnedValue,
    PlatformFleet,
    Strategy,
    Workspace,
)
from deepdecide.storage.files import load_builtin_workspace

NAMES = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett")
KINDS = tuple(ParityKind)
UNKNOWN_METRIC = "cost_per_m_token_usd"  # a typo of cost_per_m_tokens_usd


@lru_cache(maxsize=1)
def sample() -> Workspace:
    ws = load_builtin_workspace()
    options = tuple(replace(o, name=NAMES[i]) for i, o in enumerate(ws.options))
    a = replace(ws.assumptions, monte_carlo_draws=200)
    return replace(ws, options=options, assumptions=a)


def _platform_text(ws: Workspace, platform: str, as_alias: bool) -> str:
    p = ws.matrix.platform(platform)
    if as_alias and p is not None and p.aliases:
        return p.aliases[0]
    return platform


_efforts = st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8)).map(
    lambda t: Estimate(*(x / 2 for x in sorted(t))))


def _efforts(rng: random.Random) -> Estimate:
    low, likely, high = sorted(rng.randint(0, 8) / 2 for _ in range(3))
    return Estimate(low, likely, high)


class Generated:
    """A generated workspace with a short repr (its seeds), so a failing example prints readably."""

    def __init__(self, ws: Workspace, label: str):
        self.ws = ws
        self.label = label

    def __repr__(self) -> str:
        return f"Generated({self.label})"


@st.composite
def workspaces(draw: st.DrawFn) -> Generated:
    """A few structured draws (weights, the mistyped criterion, required kinds) and two seeds for
    the many small choices (parity checks, checklist answers): fast enough for 1,000 examples."""
    ws = sample()
    seed_parity = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed_parity)
    checks: list[ParityCheck] = []
    verdicts = tuple(Verdict)
    for o in ws.options:
        for _ in range(rng.randint(0, 4)):
            kind = rng.choice(KINDS)
            platform = _platform_text(ws, o.platform, rng.random() < 0.5)
            checks.append(ParityCheck(kind, o.runtime, platform, "vllm", "nv-h100", task="gsm8k",
                                      metric="exact_match", value=0.9, reference_value=0.9, delta=0.0, n=500,
                                      tolerance="|delta| <= 0.02", verdict=rng.choice(verdicts),
                                      model=ws.workload.model or ws.model))
    seed_answers = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed_answers)
    answers: list[ChecklistAnswer] = []
    for o in ws.options:
        for item in ws.checklist:
            choice = rng.choice(("none", "provided", "external", "missing"))
            if choice == "none":
                continue
            owner = rng.choice(("", "platform team"))
            answers.append(ChecklistAnswer(o.id, item.id, Answer(choice), owner, _efforts(rng)))
    weights = draw(st.lists(st.integers(0, 5), min_size=len(ws.criteria), max_size=len(ws.criteria)))
    criteria = [replace(c, weight=float(w)) for c, w in zip(ws.criteria, weights, strict=True)]
    typo = draw(st.integers(0, 5))
    if typo:
        criteria.append(Criterion("typo", "Cost per token (typo)", UNKNOWN_METRIC,
                                  Direction.COST, float(typo)))
    mask = draw(st.integers(0, 2 ** len(KINDS) - 1))
    required = tuple(k for i, k in enumerate(KINDS) if mask >> i & 1)
    prov = Provenance("generated-parity.json", 1, "0" * 64, "test")
    seed_runs = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed_runs)
    runs: list[BenchmarkRun] = []
    options = []
    for o in ws.options:
        sweep = rng.choice(RUN_KINDS) if o.strategy != Strategy.DEV_ONLY else "none"
        runs.extend(_sweep(ws, o.runtime, o.platform, sweep))
        if rng.random() < 0.3:  # no stated assumption: the evidence alone decides
            o = replace(o, cost=replace(o.cost, assumed_output_tps_per_gpu=None))
        options.append(o)
    bench = Provenance("generated-runs.json", 1, "1" * 64, "test", kind=ProvenanceKind.THIRD_PARTY)
    files = (*ws.evidence.files, EvidenceFile(prov, (), tuple(checks)), EvidenceFile(bench, tuple(runs)))
    seed_money = draw(st.integers(0, 2**32 - 1))
    assumptions, fleet = _money(ws, random.Random(seed_money))
    out = replace(ws, evidence=replace(ws.evidence, files=files), answers=tuple(answers),
                  criteria=tuple(criteria), required_parity=required, options=tuple(options),
                  assumptions=assumptions, fleet=fleet)
    return Generated(out, f"parity seed {seed_parity}, answers seed {seed_answers}, weights {weights}, "
                          f"mistyped criterion weight {typo}, required {[k.value for k in required]}, "
                          f"runs seed {seed_runs}, money seed {seed_money}")


def _money(ws: Workspace, rng: random.Random) -> tuple[Assumptions, tuple[PlatformFleet, ...]]:
    """Headroom, spare units, the owned H100s, how owned GPUs count in the economic view, the driving cost
    view, the baseline and the currency (money is computed in the workspace's own currency)."""
    keeps = [o.id for o in ws.options if o.strategy == Strategy.KEEP]
    a = replace(ws.assumptions, headroom=rng.choice((0.0, 0.1, 0.2, 0.35)), spare_units=rng.randint(0, 2),
                owned_value=rng.choice(tuple(OwnedValue)), cost_view=rng.choice(tuple(CostView)),
                baseline_option=rng.choice(("", *keeps)), currency=rng.choice(("USD", "EUR")))
    fleet = tuple(replace(f, owned_gpus=rng.choice((0, 512, 1024, 2048))) if f.owned_gpus else f for f in ws.fleet)
    return a, fleet


#: the benchmark sweeps an option may get: none, one that meets the SLO at its lighter loads, one that
#: misses it at every load, one without request counts (its error rate cannot be judged)
RUN_KINDS = ("none", "meets", "fails", "unjudged")


def _sweep(ws: Workspace, runtime: str, platform: str, kind: str) -> list[BenchmarkRun]:
    if kind == "none":
        return []
    out = []
    for conc, tps, ttft in ((8, 900.0, 800.0), (32, 2400.0, 1500.0), (64, 3000.0, 2600.0)):
        counts = {} if kind == "unjudged" else {"num_requests": 500, "completed": 500, "failed": 0}
        out.append(BenchmarkRun(
            "generated", runtime=runtime, platform=platform, gpu_count=8, model=ws.workload.model,
            quantization="fp8", dataset=ws.workload.dataset, concurrency=conc, input_tokens=8192, output_tokens=1024,
            output_throughput_tps=tps, output_tps_per_gpu=tps / 8, ttft_ms_p99=ttft * (3 if kind == "fails" else 1),
            tpot_ms_p99=30.0, tpot_ms_p50=25.0, interactivity_tps_per_user=40.0, **counts))
    return out


# ---------------------------------------------------------------------------------------------
# the oracle


_IDS: dict[str, str] = {}


def _platform_id(ws: Workspace, name: str) -> str:
    """The matrix id a check's platform text names (the generated workspaces share one matrix)."""
    got = _IDS.get(name)
    if got is None:
        got = _IDS[name] = ws.matrix.platform_id(name)
    return got


def expected_outcome(ws: Workspace, runtime: str, platform: str, kind: ParityKind) -> str:
    verdicts = [p.verdict for p in ws.evidence.parity
                if p.kind == kind and p.runtime == runtime and _platform_id(ws, p.platform) == platform]
    if not verdicts:
        return "none"
    if Verdict.FAIL in verdicts:
        return "fail"
    if all(v == Verdict.PASS for v in verdicts):
        return "pass"
    return "inconclusive"


def expected_effort(ws: Workspace, option_id: str) -> tuple[float, float, float]:
    """(external, missing with an owner, checklist) likely person-weeks, of the items the option's
    topology needs (an item naming topologies counts only for those)."""
    external = owned = 0.0
    o = ws.option(option_id)
    assert o is not None
    kind = o.topology.kind if o.topology.disaggregated else "aggregated"
    needed = {i.id for i in ws.checklist if not i.topologies or kind in i.topologies}
    for a in ws.answers_for(option_id):
        if a.item not in needed:
            continue
        if a.answer == Answer.EXTERNAL:
            external += a.effort_person_weeks.likely
        elif a.answer == Answer.MISSING and a.provider.strip():
            owned += a.effort_person_weeks.likely
    return external, owned, external + owned


def expected_standing(ws: Workspace, option_id: str) -> str:
    """The option against the SLO and the parity gate, by the seed's rules: a failed required check
    (any failing check when none is required) excludes the runs of its cell; then the first runs
    that can speak to the SLO decide (one meets it: it meets; the lightest load misses it: it fails);
    runs that cannot be judged (no request counts) fall to the stated assumption, else it cannot be
    judged; no run at all: the assumption, else nothing shows it meets the SLO."""
    o = next(x for x in ws.options if x.id == option_id)
    if o.strategy == Strategy.HOSTED_API:  # judged by its provider's stated TTFT and TPOT p99
        return _hosted_standing(ws, o)
    runs = [r for r in ws.evidence.runs if r.tool == "generated" and r.runtime == o.runtime
            and r.platform == o.platform]
    failed = [p for p in ws.evidence.parity if p.runtime == o.runtime and _platform_id(ws, p.platform) == o.platform
              and p.verdict == Verdict.FAIL and (not ws.required_parity or p.kind in ws.required_parity)]
    # a disaggregated option whose pools both state an assumed capacity stands on that assumption
    pools = (o.topology.prefill, o.topology.decode) if o.topology.disaggregated else ()
    assumed = o.cost.assumed_output_tps_per_gpu is not None or (
        bool(pools) and all(p is not None and p.assumed_tps_per_gpu is not None for p in pools))
    # the sample's illustrative runs accepted as a proxy count for capacity after the generated runs; they
    # publish no latencies or request counts, so they cannot be judged against the SLO
    proxied = [r for f in ws.evidence.files if f.provenance.kind == ProvenanceKind.ILLUSTRATIVE
               for i, r in enumerate(f.runs) if f.proxy_for("run", i) is not None and r.runtime == o.runtime
               and _platform_id(ws, r.platform) == o.platform]
    if (runs or proxied) and failed:
        return "fails-parity"
    if runs and runs[0].completed is not None:
        lightest_fails = runs[0].ttft_ms_p99 is not None and runs[0].ttft_ms_p99 > ws.slo.get("ttft_p99_ms")
        return "fails-slo" if lightest_fails else "meets"
    if assumed:
        return "meets"
    return "cannot-judge" if runs or proxied else "no-evidence"


def _hosted_standing(ws: Workspace, o) -> str:
    h = o.hosted
    stated = {"ttft_p99_ms": h.stated_ttft_p99_ms if h else None, "tpot_p99_ms": h.stated_tpot_p99_ms if h else None}
    limits = {k: ws.slo.get(k) for k in stated}
    per_user = ws.slo.get("min_interactivity_tps_per_user")
    if any(limits[k] is not None and stated[k] is None for k in stated) or (per_user and stated["tpot_p99_ms"] is None):
        return "cannot-judge"
    missed = any(limits[k] is not None and stated[k] > limits[k] for k in stated)
    missed = missed or bool(per_user and 1000.0 / stated["tpot_p99_ms"] < per_user)
    return "fails-slo" if missed else "meets"


def expected_shares(ws: Workspace) -> dict[str, float | None]:
    from deepdecide.analysis import METRICS

    scored = {c.id: c.weight for c in ws.criteria if c.metric in METRICS and c.weight >= 0}
    total = sum(scored.values())
    return {c.id: (scored[c.id] / total if total > 0 else None) if c.id in scored else None for c in ws.criteria}


def expected_fleet(ws: Workspace, option_id: str, capacity: float) -> tuple[float, float, float]:
    """(GPUs, owned used, spare GPUs) of the first year: units = ceil(demand x (1 + headroom) /
    (serving GPUs per unit x capacity)), GPUs = (units + spare units) x the unit in whole nodes."""
    import math

    o = ws.option(option_id)
    assert o is not None
    t = o.topology
    node = max(t.gpus_per_node or 1, 1)
    serving = t.unit_gpus or ((t.prefill_gpus or 0) + (t.decode_gpus or 0)) or None
    if not serving or (t.measured_on and t.measured_on != o.platform):
        serving = node
    unit = math.ceil(serving / node) * node
    demand = ws.demand.output_tokens_per_s
    assert demand is not None
    units = math.ceil(demand * (1 + ws.assumptions.headroom) / (serving * capacity) - 1e-9)
    spares = t.spare_units if t.spare_units is not None else ws.assumptions.spare_units
    gpus = (units + spares) * unit
    entry = ws.fleet_of(o.platform)
    owned = entry.owned_gpus if entry is not None else 0
    return float(gpus), float(min(gpus, owned)), float(spares * unit)


def mixed_pools(ws: Workspace, option_id: str, capacity_source: str) -> bool:
    """Whether the option is priced per pool: disaggregated, a pool on another platform than the option's,
    and sized by its pools' stated assumptions. An option whose capacity is not "assumed" (its own measured
    or failing capacity stands) is never sized by the pools' assumption rule."""
    o = ws.option(option_id)
    assert o is not None
    t = o.topology
    if not t.disaggregated or t.prefill is None or t.decode is None or capacity_source != "assumed":
        return False
    if t.prefill.assumed_tps_per_gpu is None or t.decode.assumed_tps_per_gpu is None:
        return False
    return any((p.platform or o.platform) != o.platform for p in (t.prefill, t.decode))


def expected_pool_fleets(ws: Workspace, option_id: str) -> dict[str, tuple[float, float, float, str]]:
    """Per pool of a mixed option (docs/analysis.md, "Prefill and decode pools"): (GPUs, owned GPUs used,
    spare GPUs, platform). Measured ratio (both pools state workers): copies = ceil(D x (1 + headroom) /
    min(decode GPUs x c_d, prefill GPUs x c_p / r)), a pool's GPUs = (copies + spare units) x its GPUs of a
    copy; else each pool's workers = ceil(its demand x (1 + headroom) / (GPUs per worker x its capacity)),
    GPUs = (workers + spare units) x GPUs per worker. Each pool uses the owned GPUs of its own platform
    first; pools on one platform share them once, the prefill pool first, the rest to decode."""
    import math

    o = ws.option(option_id)
    assert o is not None
    t, d = o.topology, ws.demand
    assert t.prefill is not None and t.decode is not None and d.output_tokens_per_s is not None
    r = d.input_tokens / d.output_tokens
    need = d.output_tokens_per_s * (1 + ws.assumptions.headroom)
    spares = t.spare_units if t.spare_units is not None else ws.assumptions.spare_units
    pc, dc = t.prefill.assumed_tps_per_gpu.likely, t.decode.assumed_tps_per_gpu.likely
    out = {}
    if t.prefill.workers and t.decode.workers:
        copies = math.ceil(need / min(t.decode.gpus * dc, t.prefill.gpus * pc / r) - 1e-9)
        per = {"prefill": (copies, t.prefill.gpus), "decode": (copies, t.decode.gpus)}
    else:
        per = {"prefill": (math.ceil(need * r / (t.prefill.gpus_per_worker * pc) - 1e-9), t.prefill.gpus_per_worker),
               "decode": (math.ceil(need / (t.decode.gpus_per_worker * dc) - 1e-9), t.decode.gpus_per_worker)}
    left: dict[str, float] = {}  # owned GPUs of a platform not yet taken by an earlier pool
    for role, pool in (("prefill", t.prefill), ("decode", t.decode)):
        n, unit = per[role]
        gpus = (n + spares) * unit
        platform = pool.platform or o.platform
        entry = ws.fleet_of(platform)
        owned = left.get(platform, float(entry.owned_gpus or 0) if entry is not None else 0.0)
        left[platform] = owned - min(gpus, owned)
        out[role] = (float(gpus), float(min(gpus, owned)), float(spares * unit), platform)
    return out
