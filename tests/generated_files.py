"""Evidence files the tests write themselves (shapes of real tools' output, numbers made up)."""

from __future__ import annotations

import json
from pathlib import Path


def vllm_serving(model: str = "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8", *, concurrency: int | None = 16,
                 rate: float | str = "inf", completed: int = 500, input_len: int = 1024, output_len: int = 170,
                 out_tps: float = 1516.0, ttft_p99: float = 180.0, tpot_p99: float = 9.5, tpot_p50: float = 8.0,
                 failed: int | None = None, extra: dict | None = None) -> dict:
    """One ``benchmark_serving.py --save-result`` JSON (vLLM 0.6-0.8 layout)."""
    duration = completed * output_len / out_tps
    doc = {
        "date": "20261130-101500", "backend": "vllm", "model_id": model, "tokenizer_id": model,
        "best_of": 1, "num_prompts": completed + (failed or 0), "request_rate": rate, "burstiness": 1.0,
        "max_concurrency": concurrency, "duration": duration, "completed": completed,
        "total_input_tokens": completed * input_len, "total_output_tokens": completed * output_len,
        "request_throughput": completed / duration, "request_goodput:": None,
        "output_throughput": out_tps, "total_token_throughput": out_tps * (input_len + output_len) / output_len,
        "mean_ttft_ms": ttft_p99 * 0.5, "median_ttft_ms": ttft_p99 * 0.45, "std_ttft_ms": 20.0, "p99_ttft_ms": ttft_p99,
        "mean_tpot_ms": tpot_p50 * 1.05, "median_tpot_ms": tpot_p50, "std_tpot_ms": 0.6, "p99_tpot_ms": tpot_p99,
        "mean_itl_ms": tpot_p50, "median_itl_ms": tpot_p50 * 0.95, "std_itl_ms": 2.0, "p99_itl_ms": tpot_p99 * 1.4,
        "mean_e2el_ms": 1500.0, "median_e2el_ms": 1450.0, "std_e2el_ms": 90.0, "p99_e2el_ms": 1900.0,
    }
    if failed is not None:
        doc["failed"] = failed
    doc.update(extra or {})
    return doc


def write_json(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def vllm_sweep_workspace(folder: Path, n: int):
    """The built-in sample with ``n`` generated vLLM ``benchmark_serving`` results of a concurrency sweep
    on H100 imported (files ``run-NNNN-cCCC.json`` written into ``folder``), and how many evidence
    files the sample held before them."""
    from dataclasses import replace

    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.registry import import_file
    from deepdecide.storage.files import load_builtin_workspace

    ws = load_builtin_workspace()
    added = []
    for i in range(n):
        conc = 2 ** (1 + i % 8)
        path = write_json(folder / f"run-{i:04d}-c{conc:03d}.json",
                          vllm_serving(concurrency=conc, out_tps=900.0 + 7 * i, tpot_p50=8.0 + conc * 0.1,
                                       tpot_p99=12.0 + conc * 0.2))
        added.append(import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=8)).evidence)
    return replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, *added))), len(ws.evidence.files)
