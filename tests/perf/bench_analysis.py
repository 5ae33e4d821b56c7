"""Analysis benchmark (a script, not a test): ``python tests/perf/bench_analysis.py``.

Measures, in the same run, the median CPU time (``time.process_time``: other processes on a
busy machine inflate wall time, not this) and the median wall time of:

* ``evaluate`` on the default workspace (deterministic part with sensitivity; the GUI runs it on
  every edit), target <= 5 ms;
* ``evaluate`` on a synthetic decision of 50 options x 20 criteria x 2,000 benchmark runs,
  target <= 50 ms;
* Monte Carlo with 10,000 draws on both, target <= 250 ms;

and a machine baseline measured in the same run (a fixed numpy + Python workload), so numbers
from different machines can be compared through the ratio. Prints a table; exits 1 when a
target is missed.
"""

from __future__ import annotations

import statistics
import sys
import time

import numpy as np

from deepdecide.analysis import evaluate, monte_carlo
from deepdecide.domain.common import Estimate, Source
from deepdecide.domain.evidence import (
    BenchmarkRun,
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
    ChecklistAnswer,
    ChecklistItem,
    CostInputs,
    Criterion,
    DecisionRecord,
    Demand,
    Direction,
    Option,
    Pricing,
    Strategy,
    Topology,
    Workspace,
)
from deepdecide.storage.files import load_builtin_workspace

METRICS = [
    ("cost_per_m_tokens_usd", Direction.COST), ("tco_usd", Direction.COST),
    ("time_to_production_weeks", Direction.COST), ("engineering_person_weeks", Direction.COST),
    ("evidence_level", Direction.BENEFIT), ("official_support", Direction.BENEFIT),
    ("service_completeness", Direction.BENEFIT), ("capacity_tps_per_gpu", Direction.BENEFIT),
    ("blockers", Direction.COST),
]


def synthetic(n_options: int = 50, n_criteria: int = 20, n_runs: int = 2000, seed: int = 1) -> Workspace:
    """A decision of the given size: every option has its own runtime x platform and a sweep."""
    rng = np.random.default_rng(seed)
    src = (Source("synthetic", "bench", "2026"),)
    runtimes = tuple(Runtime(f"rt{i}", f"Runtime {i}", RuntimeKind.SERVING_RUNTIME) for i in range(10))
    platforms = tuple(Platform(f"pf{i}", "V", f"Platform {i}", f"arch{i}") for i in range(5))
    entries = tuple(SupportEntry(r.id, p.id, SupportStatus.OFFICIAL if (i + j) % 3 else SupportStatus.UNDOCUMENTED,
                                 src) for i, r in enumerate(runtimes) for j, p in enumerate(platforms)
                    if (i + j) % 3 != 1)
    items = tuple(ChecklistItem(f"item{k}", f"Item {k}") for k in range(10))
    options, answers, runs, checks = [], [], [], []
    per_option = n_runs // n_options
    pricing = [Pricing.RENT, Pricing.OWN, Pricing.EXISTING]
    for i in range(n_options):
        rt, pf = runtimes[i % 10].id, platforms[(i // 10) % 5].id
        p = pricing[i % 3]
        lo = float(rng.uniform(1, 3))
        options.append(Option(
            f"opt{i}", f"Option {i}", Strategy.DEV_ONLY if i % 17 == 16 else Strategy.BUY, rt, pf,
            Topology(gpus_per_node=8, unit_gpus=8 * (1 + i % 3)),
            CostInputs(p, gpu_hour_usd=Estimate(lo, lo * 1.2, lo * 1.6),
                       capex_per_gpu_usd=Estimate(20000, 30000, 45000), power_kw_per_gpu=Estimate(1.2, 1.7, 2.2),
                       porting_effort_person_weeks=Estimate(1, 4 + i % 7, 20),
                       time_to_production_weeks=Estimate(2, 8 + i % 5, 30),
                       assumed_output_tps_per_gpu=Estimate(500, 1500, 2500) if i % 4 == 0 else None)))
        for k, item in enumerate(items):
            ans = [Answer.PROVIDED, Answer.EXTERNAL, Answer.MISSING][(i + k) % 3]
            answers.append(ChecklistAnswer(f"opt{i}", item.id, ans, "team" if k % 2 else "",
                                           Estimate(1, 2 + k % 3, 6)))
        base = float(rng.uniform(500, 3000))
        for c in range(per_option):
            conc = 2.0 ** (c % 10) * (1 + c // 10)
            gpus = 8
            tps = base * (1 - np.exp(-conc / 64)) * gpus
            runs.append(BenchmarkRun(
                tool="bench", runtime=rt, platform=pf, gpu_count=gpus, dataset=f"d{c // 10}",
                concurrency=conc, num_requests=1000, completed=1000 - (c % 7 == 6), failed=int(c % 7 == 6),
                output_throughput_tps=tps, output_tps_per_gpu=tps / gpus, ttft_ms_p99=200 + conc * 8,
                tpot_ms_p99=10 + conc * 0.4, tpot_ms_p50=8 + conc * 0.3,
                interactivity_tps_per_user=1000 / (8 + conc * 0.3)))
        for kind in (ParityKind.LOGITS, ParityKind.GREEDY_MATCH):
            checks.append(ParityCheck(kind, rt, pf, verdict=Verdict.PASS if i % 5 else Verdict.FAIL, n=500))
    criteria = tuple(Criterion(f"c{k}", f"Criterion {k}", METRICS[k % 9][0], METRICS[k % 9][1],
                               float(rng.uniform(0.5, 3))) for k in range(n_criteria))
    ev = Evidence(files=(EvidenceFile(Provenance("bench.json", 1, "00" * 32, "bench"), tuple(runs), tuple(checks)),))
    return Workspace(
        name="synthetic", model="m", decision=DecisionRecord("DR-B", "bench"),
        matrix=SupportMatrix(runtimes, platforms, entries), options=tuple(options), checklist=items,
        answers=tuple(answers), criteria=criteria, required_parity=(ParityKind.LOGITS, ParityKind.GREEDY_MATCH),
        slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=50, min_interactivity_tps_per_user=20, max_error_rate=0.01),
        demand=Demand(output_tokens_per_s=200_000), evidence=ev)


def median_ms(fn, repeat: int) -> tuple[float, float]:
    """Median (CPU ms, wall ms) over ``repeat`` calls after one warm-up call."""
    fn()
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


def baseline() -> None:
    """A fixed machine workload: 100 numpy passes over 100k floats plus a 20k-step Python loop."""
    a = np.linspace(0, 1, 100_000)
    for _ in range(100):
        a = np.sqrt(a * a + 1.0) - 1.0
    s = 0
    for i in range(20_000):
        s += i % 7


def main() -> int:
    default = load_builtin_workspace()
    big = synthetic()
    n_runs = len(big.evidence.runs)
    base = median_ms(baseline, 20)
    rows = [
        ("machine baseline (fixed workload)", base, None),
        ("evaluate default, no sensitivity", median_ms(lambda: evaluate(default, sensitivity=False), 200), None),
        ("evaluate default (with sensitivity)", median_ms(lambda: evaluate(default), 200), 5.0),
        (f"evaluate {len(big.options)} opt x {len(big.criteria)} crit x {n_runs} runs, no sensitivity",
         median_ms(lambda: evaluate(big, sensitivity=False), 20), None),
        (f"evaluate {len(big.options)} opt x {len(big.criteria)} crit x {n_runs} runs (with sensitivity)",
         median_ms(lambda: evaluate(big), 20), 50.0),
        ("Monte Carlo default, 10,000 draws", median_ms(lambda: monte_carlo(default, 10_000, 1), 10), 250.0),
        (f"Monte Carlo {len(big.options)} options, 10,000 draws", median_ms(lambda: monte_carlo(big, 10_000, 1), 5),
         250.0),
    ]
    width = max(len(r[0]) for r in rows)
    base_cpu = base[0]
    print(f"{'measurement'.ljust(width)}  {'CPU ms':>8}  {'wall ms':>8}  {'x baseline':>10}  {'target ms':>9}  result")
    print(f"{'-' * width}  {'-' * 8}  {'-' * 8}  {'-' * 10}  {'-' * 9}  ------")
    failed = False
    for name, (cpu, wall), target in rows:
        ok = target is None or cpu <= target
        failed |= not ok
        tgt = f"{target:9.0f}" if target else " " * 9
        verdict = "" if target is None else ("ok" if ok else "MISSED")
        print(f"{name.ljust(width)}  {cpu:8.2f}  {wall:8.2f}  {cpu / base_cpu:10.2f}  {tgt}  {verdict}")
    print("targets apply to CPU time; the baseline is a fixed numpy + Python workload run in the same process")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
