"""Provenance kind (own, third_party, illustrative, predicted): typed, stored in the workspace,
in the JSON schema, read from files written before it existed; the analysis and the record test
the kind, never the words of a label."""

from __future__ import annotations

import dataclasses

import jsonschema

from deepdecide.analysis import evaluate
from deepdecide.domain.evidence import BenchmarkRun, Evidence, EvidenceFile, Provenance, ProvenanceKind
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_bytes
from deepdecide.importers.samples import import_samples, sample_evidence
from deepdecide.storage import files
from deepdecide.storage.files import load_workspace_text, sample_workspace_path, workspace_to_yaml

SERVE = (b'{"date": "20250101-000000", "backend": "vllm", "model_id": "m", "mean_ttft_ms": 10.0, '
         b'"median_tpot_ms": 5.0, "completed": 10, "num_prompts": 10, "duration": 2.0, "output_throughput": 100.0}')


def test_import_sets_the_kind_from_the_context_and_own_by_default():
    assert import_bytes("a.json", SERVE).evidence.provenance.kind == ProvenanceKind.OWN
    for kind in ProvenanceKind:
        assert import_bytes("a.json", SERVE, ImportContext(kind=kind)).evidence.provenance.kind == kind
    labelled = import_bytes("a.json", SERVE, ImportContext(label="illustrative numbers")).evidence.provenance
    assert labelled.kind == ProvenanceKind.OWN  # a label's words never make a kind


def test_samples_are_illustrative():
    assert all(ctx.kind == ProvenanceKind.ILLUSTRATIVE for _, ctx in sample_evidence())
    assert {r.evidence.provenance.kind for r in import_samples()} == {ProvenanceKind.ILLUSTRATIVE}


def test_kind_round_trips_through_the_workspace_file():
    ws = files.load_builtin_workspace()
    f = ws.evidence.files[0]
    changed = dataclasses.replace(f, provenance=dataclasses.replace(f.provenance, kind=ProvenanceKind.PREDICTED))
    ws = dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=(changed, *ws.evidence.files[1:])))
    text = workspace_to_yaml(ws)
    assert "kind: predicted" in text
    again = load_workspace_text(text)
    assert again.evidence.files[0].provenance.kind == ProvenanceKind.PREDICTED


def test_a_file_without_the_field_still_loads():
    text = sample_workspace_path().read_text(encoding="utf-8")
    # a file of schema 1, written before the field existed (the schema 1 -> 2 migration reads the label)
    old = text.replace("      kind: illustrative\n", "").replace(f"\nschema_version: {SCHEMA_VERSION}\n", "\nschema_version: 1\n")
    assert old != text and "kind: illustrative" not in old
    ws = load_workspace_text(old)
    # written by `import --samples` before the field existed: the label said it
    assert {f.provenance.kind for f in ws.evidence.files} == {ProvenanceKind.ILLUSTRATIVE}
    own = old.replace("label: 'illustrative, reconstructed", "label: 'reconstructed")
    assert {f.provenance.kind for f in load_workspace_text(own).evidence.files} == {ProvenanceKind.OWN}


def test_schema_knows_the_kind():
    schema = files.json_schema("workspace")
    prop = schema["$defs"]["Provenance"]["properties"]["kind"]
    assert prop == {"enum": ["own", "third_party", "illustrative", "predicted"]}
    doc = {"file_name": "a", "size_bytes": 1, "sha256": "x", "tool": "t", "kind": "guessed"}
    validator = jsonschema.Draft202012Validator({**schema["$defs"]["Provenance"], "$defs": schema["$defs"]})
    assert not validator.is_valid(doc) and validator.is_valid({**doc, "kind": "third_party"})


def _with_sample_runs_as(kind: ProvenanceKind, label: str):
    ws = files.load_builtin_workspace()
    fs = tuple(dataclasses.replace(f, provenance=dataclasses.replace(f.provenance, kind=kind, label=label))
               for f in ws.evidence.files)
    return dataclasses.replace(ws, evidence=Evidence(files=fs, builds=ws.evidence.builds))


def _builds_text(ws) -> str:
    a = evaluate(ws)
    opts = a.options.values() if isinstance(a.options, dict) else a.options
    return " ".join(" ".join(map(str, oa.evidence.builds.reasons)) for oa in opts)


def test_analysis_reads_the_kind_not_the_label():
    said_own = _builds_text(_with_sample_runs_as(ProvenanceKind.OWN, "illustrative, reconstructed (old words)"))
    assert "illustrative" not in said_own.replace("illustrative, reconstructed (old words)", "")
    typed = _builds_text(_with_sample_runs_as(ProvenanceKind.ILLUSTRATIVE, "from a cookbook"))
    # illustrative files count for no rung (not even builds), and the reason says so
    assert "illustrative runs or checks" in typed and "count for no rung" in typed


def test_record_names_the_kind():
    from pathlib import Path

    from deepdecide.report import sections

    text = Path(sections.__file__).read_text(encoding="utf-8")
    assert '"own measurement"' not in text  # the record words come from the kind
    assert ProvenanceKind.PREDICTED.text.startswith("predicted")
    run = BenchmarkRun(tool="t")
    f = EvidenceFile(Provenance("a", 1, "x", "t", kind=ProvenanceKind.THIRD_PARTY), (run,))
    assert f.provenance.kind.text == "third-party result" and not ProvenanceKind.PREDICTED.measured
