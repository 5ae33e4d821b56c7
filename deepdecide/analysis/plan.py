"""The benchmark plan for the measurements worth the most (docs/benchmark-plan.md).

From the Assessment's value-of-information ranking (``MonteCarlo.worth_measuring``), each
performance item becomes a concurrency sweep of the option's runtime on the workload (the
client each runtime ships: ``vllm bench serve``, SGLang's ``bench_serving``; an OpenAI-compatible
server is driven by ``vllm bench serve --backend openai``), bracketing the concurrency at which
the current capacity estimate meets the SLO's per-user rate; each parity item becomes an
lm-evaluation-harness run on the option and on the reference runtime. Every script first
captures the environment (``nvidia-smi -q -x``). Items that are not a benchmark (a quote, an
estimate, a forecast) are listed, not scripted.
"""

from __future__ import annotations

import math
import re

from deepdecide.analysis.assessment import Assessment, InformationValue, Measurement
from deepdecide.domain.plan import CAPTURE, BenchmarkPlan, PlannedFile, PlannedItem, capture_manifest
from deepdecide.domain.workspace import MigrationStep, Option, Strategy, Workspace

#: words of a migration step's title that say which kind of measurement it is for
_STEP_WORDS = {
    Measurement.PERFORMANCE: ("measure", "latency", "benchmark", "throughput"),
    Measurement.PARITY: ("numerical", "parity", "reference runtime", "correctness"),
}
SWEEP_BELOW = 4  # the sweep spans the knee / SWEEP_BELOW .. knee x SWEEP_ABOVE, in powers of two
SWEEP_ABOVE = 4
PROMPTS_PER_CONCURRENCY = 10  # requests per sweep point: 10 x the concurrency, at least MIN_PROMPTS
MIN_PROMPTS = 200
PARITY_TASKS = "gsm8k"  # lm-eval task of a numerical comparison (the vLLM / SGLang accuracy baselines use it)
PARITY_FEWSHOT = "5"
SEED_LIMIT = 2**31 - 1


def step_for(plan: tuple[MigrationStep, ...], measurement: Measurement) -> MigrationStep | None:
    """The migration plan's step a measurement serves: the first whose title names it."""
    words = _STEP_WORDS.get(measurement, ())
    for s in sorted(plan, key=lambda s: s.order):
        title = s.title.lower()
        if any(w in title for w in words):
            return s
    return None


def knee_concurrency(capacity_per_gpu: float, gpus: int, tpot_ms: float | None, interactivity: float | None) -> float:
    """The concurrency at which one serving unit delivers its capacity at the SLO's per-user rate:
    capacity x GPUs / (output tok/s per user), the rate being 1000 / TPOT limit or the stated
    interactivity (the stricter); 20 tok/s per user when the SLO states neither."""
    rates = [1000.0 / tpot_ms] if tpot_ms else []
    if interactivity:
        rates.append(float(interactivity))
    per_user = max(rates) if rates else 20.0
    return max(capacity_per_gpu * gpus / per_user, 1.0)


def sweep(knee: float) -> tuple[int, ...]:
    """Powers of two from knee / 4 to knee x 4 (at least 1)."""
    low = max(int(math.floor(math.log2(max(knee / SWEEP_BELOW, 1.0)))), 0)
    high = max(int(math.ceil(math.log2(knee * SWEEP_ABOVE))), low + 1)
    return tuple(2**k for k in range(low, high + 1))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "item"


def _model_id(ws: Workspace) -> str:
    """The id the serving runtime knows the model by: the first alias (a hub id), else its name."""
    return ws.workload.aliases[0] if ws.workload.aliases else (ws.workload.model or ws.model)


def _gpus(o: Option) -> int:
    t = o.topology
    return int(t.unit_gpus or t.gpus_per_node or 1)


def _tokens(ws: Workspace) -> tuple[int, int]:
    """The workload's input / output tokens per request: the demand's, else the middle of the
    workload's ranges, else 1,024 / 1,024."""
    d, w = ws.demand, ws.workload
    isl = d.input_tokens or ((w.input_tokens.low + w.input_tokens.high) / 2 if w.input_tokens else 1024)
    osl = d.output_tokens or ((w.output_tokens.low + w.output_tokens.high) / 2 if w.output_tokens else 1024)
    return int(round(isl)), int(round(osl))


#: the version report each runtime prints (docs/evidence-import.md, "Environment captures")
_VERSIONS = {"vllm": ("vllm", "collect-env"), "sglang": ("python3", "-m", "sglang.check_env")}


def _environment(item_dir: str, o: Option, model: str, gpus: int) -> tuple[list[tuple[str, ...]], list[PlannedFile]]:
    """The environment capture (an ``environment-capture`` manifest and its parts, written by the script):
    the GPUs and driver as ``nvidia-smi -q -x`` reports them, the runtime's version report and the
    installed packages (``pip freeze``, a lock file of pinned versions). ``>`` before the last
    argument sends the command's output to that file."""
    env = f"{item_dir}/environment"
    versions = _VERSIONS.get(o.runtime, ("python3", "-m", "torch.utils.collect_env"))
    capture = PlannedFile(f"{env}/{CAPTURE}", "environment-capture", "environment", o.runtime, o.platform, gpus,
                          model)
    return ([("nvidia-smi", "-q", "-x", "-f", f"{env}/nvidia-smi.xml"),
             (*versions, ">", f"{env}/versions.txt"),
             ("python3", "-m", "pip", "freeze", ">", f"{env}/requirements.txt"),
             # the capture's manifest last: written once its parts are there
             ("printf", "%s\\n", *capture_manifest(capture).splitlines(), ">", capture.path)],
            [capture])


def _performance(ws: Workspace, a: Assessment, item: InformationValue, o: Option, item_dir: str, seed: int
                 ) -> tuple[list[tuple[str, ...]], list[PlannedFile]]:
    model = _model_id(ws)
    gpus = _gpus(o)
    isl, osl = _tokens(ws)
    oa = a.option(o.id)
    likely = next((f.likely for f in (a.sensitivity.inputs if a.sensitivity else ()) if f.key == item.key), None)
    cap = likely if likely is not None else (oa.capacity.value if oa is not None else None)
    knee = knee_concurrency(cap or 100.0, gpus, ws.slo.get("tpot_p99_ms"), ws.slo.get("min_interactivity_tps_per_user"))
    commands, files = _environment(item_dir, o, ws.workload.model or ws.model, gpus)
    for c in sweep(knee):
        prompts = str(max(PROMPTS_PER_CONCURRENCY * c, MIN_PROMPTS))
        name = f"{item_dir}/results/{_slug(o.runtime)}-{_slug(o.platform)}-c{c}"
        if o.runtime == "sglang":
            path = f"{name}.jsonl"
            commands.append(("python3", "-m", "sglang.bench_serving", "--backend", "sglang", "--base-url",
                             "${BASE_URL}", "--model", model, "--dataset-name", "random", "--random-input-len",
                             str(isl), "--random-output-len", str(osl), "--random-range-ratio", "1",
                             "--num-prompts", prompts, "--max-concurrency", str(c), "--request-rate", "inf",
                             "--seed", str(seed), "--output-file", path))
            tool = "sglang-bench-serving"
        else:
            path = f"{name}.json"
            backend = "vllm" if o.runtime == "vllm" else "openai"
            directory, file_name = path.rsplit("/", 1)
            commands.append(("vllm", "bench", "serve", "--backend", backend, "--base-url", "${BASE_URL}",
                             "--model", model, "--dataset-name", "random", "--random-input-len", str(isl),
                             "--random-output-len", str(osl), "--random-range-ratio", "0", "--ignore-eos",
                             "--num-prompts", prompts, "--max-concurrency", str(c), "--request-rate", "inf",
                             "--percentile-metrics", "ttft,tpot,itl,e2el", "--metric-percentiles", "50,90,99",
                             "--seed", str(seed), "--label", f"{o.runtime} {o.platform} {gpus} GPUs",
                             "--save-result", "--result-dir", directory, "--result-filename", file_name))
            tool = "vllm-bench-serve"
        files.append(PlannedFile(path, tool, "performance", o.runtime, o.platform, gpus,
                                 ws.workload.model or ws.model, concurrency=c, input_tokens=isl, output_tokens=osl))
    return commands, files


def _reference(ws: Workspace, o: Option) -> Option | None:
    """The runtime parity is compared against: the baseline keep option (the current production
    stack), else the first keep option other than ``o``."""
    keep = [x for x in ws.options if x.strategy == Strategy.KEEP and x.id != o.id]
    named = ws.option(ws.assumptions.baseline_option) if ws.assumptions.baseline_option else None
    return named if named is not None and named.id != o.id else (keep[0] if keep else None)


def _parity(ws: Workspace, o: Option, item_dir: str, seed: int) -> tuple[list[tuple[str, ...]], list[PlannedFile]]:
    model = _model_id(ws)
    commands, files = _environment(item_dir, o, ws.workload.model or ws.model, _gpus(o))
    targets = [(o, "${BASE_URL}", False)]
    ref = _reference(ws, o)
    if ref is not None:
        targets.append((ref, "${REFERENCE_URL}", True))
    for target, url, is_ref in targets:
        out = f"{item_dir}/parity/{_slug(target.runtime)}-{_slug(target.platform)}"
        commands.append(("lm-eval", "run", "--model", "local-completions", "--model_args",
                         f"model={model},base_url={url}/v1/completions,num_concurrent=8,max_retries=3",
                         "--tasks", PARITY_TASKS, "--num_fewshot", PARITY_FEWSHOT, "--batch_size", "1",
                         "--seed", str(seed), "--output_path", out, "--log_samples"))
        files.append(PlannedFile(f"{out}/", "lm-eval", "parity", target.runtime, target.platform, _gpus(target),
                                 ws.workload.model or ws.model, reference=is_ref))
    return commands, files


def build(ws: Workspace, a: Assessment, top: int = 3, *, workspace_file: str = "") -> BenchmarkPlan:
    """The plan for the ``top`` measurements worth the most (the Assessment's ranking)."""
    mc = a.monte_carlo
    chosen = mc.worth_measuring(top) if mc is not None else ()
    seed = int(mc.seed % SEED_LIMIT) if mc is not None else 0
    items: list[PlannedItem] = []
    skipped: list[str] = []
    for item in chosen:
        o = ws.option(item.option) if item.option else None
        action = str(item.action) if item.action is not None else item.key
        # a pool's capacity takes a disaggregated benchmark with per-role GPU counts: not scripted here
        pool = item.key.endswith((".prefill.capacity", ".decode.capacity"))
        if o is None or pool or item.measurement not in (Measurement.PERFORMANCE, Measurement.PARITY):
            skipped.append(action)
            continue
        item_dir = f"{len(items) + 1:02d}-{_slug(item.key)}"
        if item.measurement == Measurement.PERFORMANCE:
            commands, files = _performance(ws, a, item, o, item_dir, seed)
            env: tuple[str, ...] = ("BASE_URL",)
        else:
            commands, files = _parity(ws, o, item_dir, seed)
            env = ("BASE_URL", "REFERENCE_URL")
        step = step_for(ws.migration_plan, item.measurement)
        items.append(PlannedItem(
            item_dir, item.key, o.id, item.measurement.value, action, item.p_change, item.value,
            ws.assumptions.currency, step.order if step else None, step.title if step else "",
            f"{item_dir}/run.sh", tuple(commands), tuple(files), env))
    return BenchmarkPlan(workspace_file, ws.decision.id, ws.workload.model or ws.model,
                         mc.information_against or "" if mc is not None else "", seed, tuple(items), tuple(skipped))
