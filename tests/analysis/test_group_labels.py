"""A run that does not say its runtime or platform is grouped by its file and named by what it lacks
("needs context (file)"), never "on —"; one of a known other model is named a mismatch; the record's
evidence page and the GUI read the same label (the Assessment's attribution)."""

from __future__ import annotations

from dataclasses import replace

from deepdecide.analysis import evaluate
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, Provenance, ProvenanceKind
from deepdecide.storage.files import load_builtin_workspace


def _file(name: str, **run) -> EvidenceFile:
    return EvidenceFile(Provenance(name, 10, "cd" * 32, "vllm-bench", kind=ProvenanceKind.OWN),
                        runs=(BenchmarkRun("vllm-bench", gpu_count=1, output_throughput_tps=1000.0,
                                           interactivity_tps_per_user=30.0, output_tps_per_gpu=1000.0, **run),))


def test_runs_without_runtime_or_platform_are_named_by_their_file():
    ws = load_builtin_workspace()
    model = ws.workload.model
    files = (_file("1xL40S-run.json", platform="nv-l40s", model=model),  # no runtime
             _file("no-platform.json", runtime="vllm", model=model),  # no platform
             _file("other-model.json", model="Llama-3.2-3B-Instruct"))  # a known other model, no context
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, *files)))
    a = evaluate(ws, sensitivity=False)
    groups = [str(att.group) for att in a.runs[-3:]]
    assert groups == ["needs context (1xL40S-run.json)", "needs context (no-platform.json)",
                      "mismatch (other-model.json)"]
    assert not any(g.startswith("on ") or " on —" in g or g.endswith(" on ") for g in
                   (str(att.group) for att in a.runs))
    fits = {x.file: x.applicability.value for x in a.evidence_fit if x.item == "run"}
    assert fits["other-model.json"] == "mismatch" and fits["1xL40S-run.json"] == "needs-context"
