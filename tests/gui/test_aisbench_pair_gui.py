"""An AISBench run is two files (its CSV and JSON) imported as one evidence file: in the desktop
app's import table they are one row, named by both files and asked once, and a benchmark plan's
status counts and names both. Built from documentation/code (ais-bench-benchmark 3.1.20260630,
tests/aisbench_files.py), no public real file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from aisbench_files import AIS_RUN, ais_json, ais_pair

from deepdecide.cli.main import main
from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.plan import MANIFEST, PlannedFile, from_json
from deepdecide.domain.workspace import StepStatus
from deepdecide.gui.views.import_context_dialog import FILE
from deepdecide.storage.plan import write_plan

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "samples" / "deepseek-v4.1-flash.deepdecide.yaml"


def _pick(combo, value) -> None:
    combo.setCurrentIndex(combo.findData(value))


def test_the_csv_and_json_of_one_run_are_one_row_asked_once(make_window, qtbot, interaction, tmp_path):
    csv_path, json_path = ais_pair(tmp_path / "performances" / "dsv41", AIS_RUN, ais_json("stable"))
    window = make_window()
    doc = window.document
    n = len(doc.workspace.evidence.files)
    interaction.evidence_paths = [str(json_path), str(csv_path)]  # picked in either order
    seen: dict[str, object] = {}

    def answer(dialog):
        seen["rows"] = [(r.file_name, r.joined) for r in dialog.rows]
        seen["tip"] = dialog.table.item(0, FILE).toolTip()
        seen["problems"] = dialog.problem_text()
        _pick(dialog.widget(0, "runtime"), "vllm")
        _pick(dialog.widget(0, "platform"), "hw-ascend-950pr")
        dialog.widget(0, "gpu_count").setValue(8)
        dialog.widget(0, "model").setText("DeepSeek-V4.1-Flash")
        dialog.widget(0, "model").textEdited.emit("DeepSeek-V4.1-Flash")
        _pick(dialog.widget(0, "kind"), "own")
        dialog.resize(1200, 320)
        dialog.grab().save(str(tmp_path / "import_context_aisbench_pair.png"))

    interaction.import_context_script = answer
    with qtbot.waitSignal(doc.changed, timeout=30000):
        window.act_import.trigger()
    assert not interaction.errors, interaction.errors
    # one row for the two files, named by both (the CSV first), each path in its tip; asked once
    assert seen["rows"] == [("gsm8k.csv + gsm8k.json", (str(csv_path), str(json_path)))]
    assert str(csv_path) in str(seen["tip"]) and str(json_path) in str(seen["tip"])
    assert "(joined)" in str(seen["tip"])
    assert "gsm8k.csv + gsm8k.json" in str(seen["problems"])
    assert [len(q) for q in interaction.import_questions] == [1]
    [ev] = doc.workspace.evidence.files[n:]  # one evidence file, not two half runs
    assert [j.file_name for j in ev.provenance.joined] == ["gsm8k.csv", "gsm8k.json"]
    assert ev.provenance.kind is ProvenanceKind.OWN
    [run] = ev.runs
    assert (run.runtime, run.platform, run.gpu_count) == ("vllm", "hw-ascend-950pr", 8)
    # the answer reached both halves: the JSON's system throughput over the 8 GPUs given
    assert run.output_tps_per_gpu == pytest.approx(998.9 / 8) and run.ttft_ms_p99 == pytest.approx(398.0)
    assert "Imported gsm8k.csv + gsm8k.json: 1 run" in window.status_label.text()


def test_a_plan_folder_with_a_pair_counts_and_names_both_files(make_window, qtbot, interaction, tmp_path, capsys):
    out = tmp_path / "made"
    assert main(["plan", str(SAMPLE), "-o", str(out), "--top", "1"]) == 0
    capsys.readouterr()
    plan = from_json((out / MANIFEST).read_text(encoding="utf-8"))
    item = plan.items[0]
    perf = next(f for f in item.files if f.purpose == "performance")
    base = f"{item.id}/results/aisbench/gsm8k"
    pair = tuple(PlannedFile(f"{base}.{ext}", "ais-bench", "performance", perf.runtime, perf.platform,
                             perf.gpu_count, perf.model) for ext in ("csv", "json"))
    folder = tmp_path / "plan"
    write_plan(replace(plan, items=(replace(item, files=pair),)), folder)  # the run's two files only
    ais_pair(folder / item.id / "results" / "aisbench", AIS_RUN, ais_json("stable"))
    window = make_window()
    doc = window.document
    n = len(doc.workspace.evidence.files)
    seen = []

    def confirm(dialog):
        seen.append([(r.file_name, r.planned, dict(r.values), r.kind) for r in dialog.rows])
        dialog.table.selectRow(0)
        dialog.confirm_selected()

    interaction.import_context_script = confirm
    window.import_evidence([str(folder)])
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or bool(interaction.errors), timeout=30000)
    assert not interaction.errors, interaction.errors
    # one row, its context from the CSV's manifest entry
    assert seen == [[("gsm8k.csv + gsm8k.json", f"{base}.csv",
                      {"runtime": perf.runtime, "platform": perf.platform, "gpu_count": perf.gpu_count,
                       "model": perf.model}, ProvenanceKind.OWN)]]
    assert len(doc.workspace.evidence.files) == n + 1
    status = window.status_label.text()
    assert "Benchmark plan plan: 2 planned files, 2 imported, 0 missing" in status
    assert f"{base}.csv + {base}.json: one run in two files, imported as one" in status, status
    assert item.step is not None
    assert next(s for s in doc.workspace.migration_plan if s.order == item.step).status == StepStatus.DONE
