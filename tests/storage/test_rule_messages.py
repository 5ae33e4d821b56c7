"""A parity check's rule is a message of ``parity.`` parts (schema 5): it shows in the interface
language, a schema-4 file's English rule text is mapped back part by part, anything else stays as
written, no rule is null, and a saved workspace reads back the same."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from deepdecide.domain import flags, i18n
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.evidence import Evidence, EvidenceFile, ParityCheck, ParityKind, Provenance, Verdict
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.importers.parity_rules import Comparison, judge
from deepdecide.report.canonical import canonical_json, workspace_from_json
from deepdecide.storage import files

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
SHA = "a" * 64

#: rule texts as schema-4 importers wrote them (English), and one a user typed
OLD_RULES = [
    "eval_accuracy app-default-v1 (unpaired, higher is better): delta = -0.0008; SE_d = 0.0086 (candidate "
    "0.0061 [file], reference 0.0060 [file]); pass if delta >= -max(2*SE_d, 0.005) = -0.0171; fail if delta < "
    "-max(3*SE_d, 0.02) = -0.0257",
    "kernel app-default-v1: calc_diff <= 0.001 (DeepGEMM FP8 GEMM); value 0.0004",
    "no reference yet: import with --reference to judge (lower is better)",
    "|delta| <= 0.02 as agreed with the vendor; see ticket OPS-12",  # a user's own words
    "",
]


def _schema4(tmp_path: Path, rules: list[str]) -> Path:
    base = files.load_workspace(MINIMAL, [])
    checks = tuple(ParityCheck(kind=ParityKind.EVAL_ACCURACY, task=f"t{i}", metric="acc", value=0.9,
                               reference_value=0.9, verdict=Verdict.PASS, tolerance=r) for i, r in enumerate(rules))
    f = EvidenceFile(Provenance(file_name="p.csv", size_bytes=1, sha256=SHA, tool="parity_csv"), parity=checks)
    text = files.workspace_to_yaml(dataclasses.replace(base, evidence=Evidence(files=(f,))))
    # schema 4 wrote the rule as its text ("" for none)
    for r in rules:
        if r:
            text = text.replace(f"tolerance: {r}\n", f"tolerance: {r!r}\n")
    text = text.replace("tolerance: null", "tolerance: ''")
    path = tmp_path / "old.deepdecide.yaml"
    path.write_text(text.replace(f"schema_version: {SCHEMA_VERSION}\n", "schema_version: 4\n"), encoding="utf-8")
    return path


def test_a_schema_4_file_maps_rule_texts_to_messages_and_keeps_the_rest(tmp_path):
    warnings: list[ValidationError] = []
    ws = files.load_workspace(_schema4(tmp_path, OLD_RULES), warnings)
    assert warnings == []
    got = [c.tolerance for c in ws.evidence.parity]
    assert [flags.english(m) if m is not None else "" for m in got] == OLD_RULES  # the same English
    assert got[-1] is None and ws.evidence.parity[-1].rule is None
    assert got[1] is not None and got[1].args["first"].id == "parity.kernel_limit"  # type: ignore[union-attr]
    with i18n.using("es"):
        spanish = [str(m) for m in got[:4]]  # type: ignore[union-attr]
    assert "aprueba si delta" in spanish[0] and "valor 0,0004" in spanish[1] and "menor es mejor" in spanish[2]
    assert spanish[3] == OLD_RULES[3]  # user text as written


def test_saved_rules_are_ids_and_parameters_and_read_back_the_same(tmp_path):
    ws = files.load_workspace(_schema4(tmp_path, OLD_RULES))
    out = tmp_path / "new.deepdecide.yaml"
    files.save_workspace(ws, out)
    text = out.read_text(encoding="utf-8")
    assert "id: parity.kernel_limit" in text and "ticket OPS-12" in text
    again = files.load_workspace(out)
    assert [c.tolerance for c in again.evidence.parity] == [c.tolerance for c in ws.evidence.parity]


def test_judged_rules_render_in_spanish_and_english():
    _, rule, _ = judge(Comparison(ParityKind.EVAL_ACCURACY, "acc", 0.93, 0.95, n=1319, reference_published=True))
    assert "pass with warning" in flags.english(rule)
    with i18n.using("es"):
        assert "aprobado con aviso" in str(rule) and "pass with" not in str(rule)


def test_an_old_record_s_text_rules_stay_canonical():
    """A record built before schema 5 embeds its rules as text: they decode as literal text and
    re-encode to the same canonical JSON (so ``verify`` still rebuilds it)."""
    base = files.load_workspace(MINIMAL, [])
    ws = dataclasses.replace(base, evidence=Evidence(files=(EvidenceFile(
        Provenance(file_name="p.csv", size_bytes=1, sha256=SHA, tool="parity_csv"),
        parity=(ParityCheck(kind=ParityKind.KERNEL, value=1.0, tolerance="x"),)),)))
    data = canonical_json(ws).replace(b'"tolerance":"x"', b'"tolerance":""')
    assert b'"tolerance":""' in data
    again = workspace_from_json(data, check_values=False)
    assert canonical_json(again) == data and again.evidence.parity[0].rule is None
