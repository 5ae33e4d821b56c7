"""A folder of real vLLM result files copied under the names a sweep gives its results
(``{N}x{GPU}-{precision}__{backend}-{rate}qps-itkns-{in}-otkns-{out}-concurrency{c}-{model}.json``),
one per GPU kind and count: the files themselves do not say what they ran on, their names do.
The vLLM files come from ``../shared/fixtures/benchmarks/vllm`` (opt-125m, 32 tokens in, 16 out,
concurrency 2); one holds 4x NVIDIA L40S in its own metadata and keeps its name."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

VLLM = "benchmarks/vllm"
RUN0 = f"{VLLM}/vllm0.25.1_opt125m_seqs8_c2_run0.json"  # 1 run, 191.2 output tok/s
SWEEP = f"{VLLM}/vllm_bench_sweep_serve_run0_opt125m.json"  # 1 run, 93.75 output tok/s
SUMMARY = f"{VLLM}/vllm0.25.1_opt125m_seqs4_c2_summary.json"  # 2 runs, 93.75 and 199.4 output tok/s
L40S = f"{VLLM}/vllm_serving_l40s_append_multi.jsonl"  # 9 runs; the file states 4xNVIDIA_L40S

TAIL = "__openai-infqps-itkns-32-otkns-16-concurrency2-opt-125m.json"
#: file name -> (fixture, platform the name suggests as a matrix id or None, GPU count the name suggests)
FILES = {
    f"1xL40S-FP16{TAIL}": (RUN0, "nv-l40s", 1),
    f"2xH100-FP16{TAIL}": (SUMMARY, "nv-h100", 2),
    f"4xRNGD-FP16{TAIL}": (SWEEP, None, 4),
    f"8xH100-FP16{TAIL}": (RUN0, "nv-h100", 8),
    "vllm_serving_l40s_append_multi.jsonl": (L40S, None, None),
}


def vllm_gpu_folder(shared_fixture: Callable[[str], Path], folder: Path) -> Path:
    """Write :data:`FILES` into ``folder`` (created). The 8xH100 copy of the 1xL40S file gets one
    newline more at its end, so the two are different files (another SHA-256), as two real runs are."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, (fixture, _platform, _gpus) in FILES.items():
        shutil.copyfile(shared_fixture(fixture), folder / name)
    eight = folder / f"8xH100-FP16{TAIL}"
    eight.write_bytes(eight.read_bytes() + b"\n")
    return folder


#: the models of :data:`FILES`' runs (the sample workload's model is another: DeepSeek-V4.1-Flash)
MODELS = ("facebook/opt-125m", "meta-llama/Llama-3.2-3B-Instruct")


def workspace_for_these_models(path: Path) -> Path:
    """The built-in sample with :data:`MODELS` declared as aliases of its workload's model, written to
    ``path``: the folder's files then need their context (a file of a known other model is a mismatch,
    whose context is never asked)."""
    from dataclasses import replace

    from deepdecide.storage.files import load_builtin_workspace, save_workspace

    ws = load_builtin_workspace()
    ws = replace(ws, workload=replace(ws.workload, aliases=(*ws.workload.aliases, *MODELS)))
    save_workspace(ws, path, expected_sha256=None)
    return path
