"""The PDF record of the Llama-on-H100 scenario: same recommendation, and the summary says why."""

from __future__ import annotations

import io
from dataclasses import replace

from generated_files import vllm_serving, write_json
from pypdf import PdfReader

from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.report.build import build
from deepdecide.storage.files import load_builtin_workspace


def _text(ws) -> str:
    pdf = build(ws, sections=("summary", "evidence"))
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_record_of_the_llama_import_keeps_the_recommendation_and_says_why(tmp_path):
    ws = load_builtin_workspace()
    path = write_json(tmp_path / "1xH100_vllm_llama31-8b-fp8.json", vllm_serving())
    ev = import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=1)).evidence
    text = _text(replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, ev))))
    flat = " ".join(text.split())
    assert "Recommended option: Keep H100, serve with SGLang" in flat
    assert "Evidence against the workload" in flat
    assert "measured on neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8, not DeepSeek-V4.1-Flash" in flat
    assert "1,024 / 170 tokens vs 6,144–10,240 / 768–1,280" in flat
    assert "own measurement" not in flat.split("Evidence against the workload")[0]  # no silent "own measurement"
    assert "mismatch, not counted" in flat


def test_record_parity_table_says_which_checks_fit_and_greys_the_others(shared_fixture):
    ws = load_builtin_workspace()
    ev = import_file(shared_fixture("parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json")).evidence
    pdf = build(replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, ev))),
                sections=("summary", "parity"))
    flat = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "Checks counted / not" in flat and "0 / 6" in flat  # the summary, per option (vLLM on H100)
    assert "Fits" in flat and "mismatch, not counted" in flat
    assert ("Check 1 (eval accuracy, nl2foam_gen_original), mismatch, not counted: measured on "
            "/scratch/hieu/nl2foam_sft_0/outputs/nl2foam_sft_0__8__1765350318, not DeepSeek-V4.1-Flash") in flat
    # accepted as a proxy (that one check): labelled so, still no verdict from it
    from deepdecide.domain.edits import with_item_proxy
    from deepdecide.domain.workload import ProxyAcceptance

    ev2 = with_item_proxy(ev, "check", 0, ProxyAcceptance("our fine-tune on the same stack"))
    pdf = build(replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, ev2))), sections=("parity",))
    flat = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "Check 1 (eval accuracy, nl2foam_gen_original), proxy: proxy accepted: our fine-tune on the same stack" in flat


def test_the_record_names_a_files_tool_once(tmp_path, shared_fixture):
    """The appendix's "Tool and version" and the runs' legend: "aiperf 0.11.0 (schema 1.3)", never
    "aiperf aiperf 0.11.0" (the file's version text names its tool)."""
    from pdf_helpers import SMALL

    from deepdecide.cli.main import main
    from deepdecide.storage.files import load_workspace

    ws = tmp_path / "ws.deepdecide.yaml"
    ws.write_bytes(SMALL.read_bytes())
    path = shared_fixture("benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json")
    assert main(["import", "--into", str(ws), str(path), "--platform", "nv-h100", "--gpus", "8",
                 "--runtime", "vllm", "--kind", "third-party"]) == 0
    text = " ".join(_text(load_workspace(ws)).split())
    assert "aiperf 0.11.0 (schema 1.3)" in text and "aiperf aiperf" not in text
