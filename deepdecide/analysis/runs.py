"""What is read off one benchmark run alone, below the modules that judge runs: its short name and
its output tokens/s per GPU. Evidence (the index and the rungs), the per-file summaries and the
prediction pairs all use these, so they live below the three of them."""

from __future__ import annotations

from deepdecide.domain.evidence import BenchmarkRun


def run_label(run: BenchmarkRun) -> str:
    """A short name for a run: its own label, else tool, load and GPUs."""
    if run.label:
        return run.label
    parts = [run.tool or "run"]
    if run.concurrency is not None:
        parts.append(f"concurrency {run.concurrency:g}")
    elif run.request_rate is not None:
        parts.append(f"rate {run.request_rate:g}/s")
    if run.gpu_count:
        parts.append(f"{run.gpu_count} GPUs")
    return ", ".join(parts)


def output_tps_per_gpu(run: BenchmarkRun) -> float | None:
    """Output tokens/s per GPU over all the run's GPUs (prefill and decode alike)."""
    if run.output_throughput_tps is not None and run.gpu_count:
        return run.output_throughput_tps / run.gpu_count
    return run.output_tps_per_gpu
