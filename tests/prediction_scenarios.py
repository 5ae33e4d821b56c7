"""Workspaces for the predicted-vs-measured and parity-gate views: the built-in sample with a real
AIConfigurator Pareto file (read from ../shared/fixtures) and a generated vLLM ``benchmark_serving``
result of the same configuration (same model, 16 GPUs, 2,048 / 500 tokens, concurrency 64), and
with a failing parity check on a cell that has measured runs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from generated_files import vllm_serving, write_json

from deepdecide.domain.evidence import EvidenceFile, ParityCheck, ParityKind, Provenance, Verdict
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import load_builtin_workspace

AIC_PARETO = "benchmarks/aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_pareto.csv"
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "fixtures"
PLATFORM = "nv-rtxpro6000"  # the user-defined AIConfigurator system models RTX PRO 6000 nodes


def with_twin(tmp_path: Path, *, throughput=0.9, ttft=1.5, tpot=1 / 1.2):
    """(workspace, predicted row, twin file name): the measured twin's output throughput is
    ``throughput`` x the predicted one, its mean TTFT ``ttft`` x and mean TPOT ``tpot`` x."""
    source = SHARED / AIC_PARETO
    if not source.is_file():
        pytest.skip(f"needs {AIC_PARETO} from {SHARED.resolve()} (the shared fixtures), which is absent")
    pred = import_file(source, ImportContext(platform=PLATFORM))
    row = next(r for r in pred.evidence.runs if r.concurrency == 64)
    doc = vllm_serving(row.model, concurrency=64, input_len=2048, output_len=500,
                       out_tps=row.output_throughput_tps * throughput, extra={"backend": "sglang"})
    doc["mean_ttft_ms"] = row.ttft_ms_mean * ttft
    doc["mean_tpot_ms"] = row.tpot_ms_mean * tpot
    path = write_json(tmp_path / "16xrtxpro6000_sglang_dsv4flash_c64.json", doc)
    meas = import_file(path, ImportContext(runtime="sglang", gpu_count=16, platform=PLATFORM))
    ws = load_builtin_workspace()
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, pred.evidence, meas.evidence)))
    return ws, row, path.name


def with_failing_parity(tmp_path: Path):
    """The sample with own SGLang-on-H100 runs of the workload and a failing greedy-match check there."""
    ws = load_builtin_workspace()
    files = []
    for c, tps in ((16, 3200.0), (32, 5600.0)):
        doc = vllm_serving("deepseek-ai/DeepSeek-V4.1-Flash", concurrency=c, input_len=8192, output_len=1024,
                           out_tps=tps, ttft_p99=900.0, tpot_p99=30.0, tpot_p50=20.0, failed=0,
                           extra={"backend": "sglang"})
        path = write_json(tmp_path / f"8xH100_sglang_dsv4_c{c}.json", doc)
        files.append(import_file(path, ImportContext(runtime="sglang", platform="nv-h100", gpu_count=8,
                                                     quantization="fp8")).evidence)
    check = ParityCheck(ParityKind.GREEDY_MATCH, "sglang", "nv-h100", "vllm", "nv-h100", task="gsm8k",
                        metric="exact_match", value=0.71, reference_value=0.93, delta=-0.22, n=500,
                        tolerance="|delta| <= 0.02", verdict=Verdict.FAIL, model="DeepSeek-V4.1-Flash")
    files.append(EvidenceFile(Provenance("greedy_parity_sglang_h100.json", 10, "aa" * 32, "custom"), (), (check,)))
    return replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, *files)))
