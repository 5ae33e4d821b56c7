"""A benchmark plan's folder imported in the desktop app: every file's context comes from its own
manifest entry, shown in the import table for confirmation file by file (never one answer on
several files), and the status says how many planned files were imported and which are missing.
The results are the real third-party files, renamed into the plan's layout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.plan import MANIFEST, from_json
from deepdecide.domain.workspace import StepStatus

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "samples" / "deepseek-v4.1-flash.deepdecide.yaml"
SGLANG = ("benchmarks/sglang/sglang_0.5.5_bench_serving_gh200_qwen3b_c8.jsonl",
          "benchmarks/sglang/sglang_bench_serving_2025-03_sharegpt.jsonl")


def test_a_plan_folder_asks_each_file_s_context_from_its_manifest_entry(make_window, qtbot, interaction, tmp_path,
                                                                        shared_fixture, capsys):
    out = tmp_path / "plan"
    assert main(["plan", str(SAMPLE), "-o", str(out), "--top", "1"]) == 0
    capsys.readouterr()
    plan = from_json((out / MANIFEST).read_text(encoding="utf-8"))
    planned = [f for item in plan.items for f in item.files]
    results = [f for f in plan.items[0].files if f.purpose == "performance"][:2]
    for f, fixture in zip(results, SGLANG, strict=True):
        (out / f.path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shared_fixture(fixture), out / f.path)

    window = make_window()
    step = plan.items[0].step
    assert step is not None
    before = next(s for s in window.document.workspace.migration_plan if s.order == step)
    assert before.status == StepStatus.TODO
    seen = []

    def check_then_confirm_each(dialog):
        ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        seen.append([(r.planned, dict(r.values), r.kind, r.confirmed) for r in dialog.rows])
        assert not ok.isEnabled()  # nothing goes in before each planned file is confirmed
        for i in range(len(dialog.rows)):  # one row at a time
            dialog.table.clearSelection()
            dialog.table.selectRow(i)
            dialog.confirm_selected()
        assert ok.isEnabled()

    interaction.import_context_script = check_then_confirm_each
    doc = window.document
    n = len(doc.workspace.evidence.files)
    undo = doc.undo_stack.count()
    window.import_evidence([str(out)])
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or bool(interaction.errors), timeout=30000)
    assert not interaction.errors, interaction.errors
    # one table, one row per result file, each filled from its own entry and not yet confirmed
    assert len(seen) == 1
    by_entry = {p: (values, kind, confirmed) for p, values, kind, confirmed in seen[0]}
    assert set(by_entry) == {f.path for f in results}
    for f in results:
        values, kind, confirmed = by_entry[f.path]
        assert kind == ProvenanceKind.OWN and not confirmed
        assert all(v == getattr(f, k) for k, v in values.items())
    # the March 2025 file states no context: all of it from the manifest
    assert by_entry[results[1].path][0] == {"runtime": "sglang", "platform": "nv-h100", "gpu_count": 8,
                                            "model": results[1].model}
    added = doc.workspace.evidence.files[n:]
    assert len(added) == 2 and {f.provenance.kind for f in added} == {ProvenanceKind.OWN}
    march = next(f for f in added if f.provenance.file_name == Path(results[1].path).name)
    assert {(r.runtime, r.platform, r.gpu_count) for r in march.runs} == {("sglang", "nv-h100", 8)}
    # planned against imported against missing
    status = window.status_label.text()
    assert f"Benchmark plan plan: {len(planned)} planned files, 2 imported, {len(planned) - 2} missing" in status
    # the migration step the plan serves moves on, in the same undo step as the files
    assert next(s for s in doc.workspace.migration_plan if s.order == step).status == StepStatus.IN_PROGRESS
    assert f"Migration step {step} ({before.title}): now in progress." in status
    assert doc.undo_stack.count() == undo + 1
    doc.undo_stack.undo()
    assert len(doc.workspace.evidence.files) == n
    assert next(s for s in doc.workspace.migration_plan if s.order == step).status == StepStatus.TODO


def test_a_planned_file_that_fails_names_its_file_and_step_and_changes_nothing(make_window, qtbot, interaction,
                                                                                tmp_path, shared_fixture, capsys):
    """An import is all or nothing (the desktop app has no keep-going): a planned file that cannot be
    imported refuses the whole folder, the error naming the file, the reason, the plan's item and the
    migration step it serves; no file goes in and the step keeps its status."""
    out = tmp_path / "plan"
    assert main(["plan", str(SAMPLE), "-o", str(out), "--top", "1"]) == 0
    capsys.readouterr()
    plan = from_json((out / MANIFEST).read_text(encoding="utf-8"))
    item = plan.items[0]
    good, bad = [f for f in item.files if f.purpose == "performance"][:2]
    (out / good.path).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shared_fixture(SGLANG[0]), out / good.path)
    cut = shared_fixture(SGLANG[1]).read_bytes()[:300]  # a real file cut short: recognised, not importable
    (out / bad.path).write_bytes(cut)

    window = make_window()
    doc = window.document
    before = doc.workspace
    interaction.import_context_script = lambda dialog: pytest.fail("nothing is asked of a refused import")
    window.import_evidence([str(out)])
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=30000)
    (title, exc), = interaction.errors
    text = str(exc)
    assert title == "Cannot import the evidence"
    assert bad.path.split("/")[-1] in text and "not valid JSON" in text
    assert (f"planned for item {item.id} of the benchmark plan (migration step {item.step}: {item.step_title}); "
            "nothing was imported and the step's status is unchanged") in text
    assert doc.workspace == before
    assert window.status_label.text() == "Import failed; nothing was changed."


def test_a_planned_parity_run_is_judged_against_its_reference_run_in_the_app(make_window, qtbot, interaction,
                                                                              tmp_path, shared_fixture):
    """As `deepdecide import` does: the parity item's run on the option comes in judged against the same
    item's run on the reference runtime (the same real lm-eval file on both sides agrees with itself)."""
    from dataclasses import replace

    from deepdecide.analysis import evaluate
    from deepdecide.analysis.assessment import InformationValue, Measurement
    from deepdecide.analysis.plan import build
    from deepdecide.domain.messages import plain
    from deepdecide.storage.files import load_workspace
    from deepdecide.storage.plan import write_plan

    ws = load_workspace(SAMPLE)
    a = evaluate(ws, monte_carlo=True, draws=500)
    key = "parity:port-deepinfer-h100:eval_accuracy"
    info = (InformationValue(key, plain(key), "", Measurement.PARITY, "port-deepinfer-h100", None, 0.3, 1000.0,
                             0.1, 0.0, ("keep-sglang-h100",), judgement=True, action=plain("run the parity suite")),)
    plan = build(ws, replace(a, monte_carlo=replace(a.monte_carlo, information=info)))
    folder = tmp_path / "plan"
    write_plan(plan, folder)
    real = shared_fixture("parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json")
    for f in (f for f in plan.items[0].files if f.purpose == "parity"):
        (folder / f.path / "model").mkdir(parents=True)
        shutil.copyfile(real, folder / f.path / "model" / "results_2026-12-01T10-00-00.json")

    def confirm_all(dialog):
        dialog.table.selectAll()
        dialog.confirm_selected()

    interaction.import_context_script = confirm_all
    window = make_window()
    doc = window.document
    n = len(doc.workspace.evidence.files)
    window.import_evidence([str(folder)])
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or bool(interaction.errors), timeout=30000)
    assert not interaction.errors, interaction.errors
    added = doc.workspace.evidence.files[n:]
    judged = [c for f in added for c in f.parity if "delta = +0.0000" in str(c.tolerance)]
    assert judged and all("underpowered" in str(c.tolerance) for c in judged)


def test_a_planned_file_that_is_no_result_file_is_named_failed_in_the_status(make_window, qtbot, interaction,
                                                                             tmp_path, shared_fixture, capsys):
    """A file at its planned path that is no result file deepdecide knows is skipped as in any folder,
    and the plan's note counts it failed, by name, not missing."""
    out = tmp_path / "plan"
    assert main(["plan", str(SAMPLE), "-o", str(out), "--top", "1"]) == 0
    capsys.readouterr()
    plan = from_json((out / MANIFEST).read_text(encoding="utf-8"))
    planned = plan.files()
    good, bad = [f for f in plan.items[0].files if f.purpose == "performance"][:2]
    (out / good.path).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shared_fixture(SGLANG[1]), out / good.path)
    (out / bad.path).write_text("upstream connect error\n", encoding="utf-8")

    def confirm_all(dialog):
        dialog.table.selectAll()
        dialog.confirm_selected()

    interaction.import_context_script = confirm_all
    window = make_window()
    doc = window.document
    n = len(doc.workspace.evidence.files)
    window.import_evidence([str(out)])
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or bool(interaction.errors), timeout=30000)
    assert not interaction.errors, interaction.errors
    status = window.status_label.text()
    assert (f"Benchmark plan plan: {len(planned)} planned files, 1 imported, {len(planned) - 2} missing" in status)
    assert f"1 failed, not a result file ({bad.path})" in status
