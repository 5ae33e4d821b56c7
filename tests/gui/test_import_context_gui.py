"""Importing several files in the desktop app asks each file's context in one table, row by row:
a folder of real vLLM results copied under the names of different GPUs and counts (dropped on the
window, or two files picked with Ctrl+I) is stored with each file's own platform, GPU count and
per-GPU throughput, and who made each file is asked, never assumed."""

from __future__ import annotations

import pytest
from import_folders import FILES, TAIL, vllm_gpu_folder, workspace_for_these_models
from PySide6.QtCore import QItemSelectionModel, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.gui.views.import_context_dialog import CONFIRMED
from deepdecide.importers import context_table as ct

L40S_1, H100_2, RNGD_4, H100_8, L40S_FILE = FILES


def _drop(window, path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    window.dropEvent(QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                                Qt.KeyboardModifier.NoModifier))


def _select(dialog, rows) -> None:
    model = dialog.table.selectionModel()
    model.clearSelection()
    for r in rows:
        model.select(dialog.table.model().index(r, 0),
                     QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)


def _pick(combo, value) -> None:
    combo.setCurrentIndex(combo.findData(value))


def _ok(dialog) -> bool:
    return dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_a_dropped_folder_stores_each_file_s_own_context(make_window, qtbot, interaction, shared_fixture, tmp_path):
    folder = vllm_gpu_folder(shared_fixture, tmp_path / "sweep")
    window = make_window((str(workspace_for_these_models(tmp_path / "w.deepdecide.yaml")),))
    window.show_page("evidence")
    doc = window.document
    n = len(doc.workspace.evidence.files)
    seen: dict[str, object] = {}

    def answer(dialog):
        assert [r.file_name for r in dialog.rows] == list(FILES)
        seen["start"] = (_ok(dialog), dialog.problem_text())
        assert dialog.table.item(4, 2).text() == "vLLM · L40S × 4 · Llama-3.2-3B-Instruct · 999 / 264–275 tokens"
        assert dialog.widget(4, "platform") is None  # the file states it: not asked
        # row 3 (4 x RNGD): a platform the matrix does not list, typed; its own runtime and maker
        dialog.widget(2, "platform").setEditText("RNGD")
        _pick(dialog.widget(2, "runtime"), "vllm")
        _pick(dialog.widget(2, "kind"), "own")
        # rows 1 and 4 (1 x L40S, 8 x H100) selected: runtime and maker for those two only
        _select(dialog, [0, 3])
        _pick(dialog.bulk_runtime, "vllm")
        _pick(dialog.bulk_platform, "nv-b200")  # not given to them: the bar's platform is left out below
        dialog.bulk_platform.setCurrentIndex(0)
        _pick(dialog.bulk_kind, "own")
        dialog.apply_to_selected()
        seen["after_bulk"] = [(r.values.get("runtime"), r.kind) for r in dialog.rows]
        dialog.confirm_selected()  # their names' platform and GPU count, checked and confirmed
        # row 2 (2 x H100): ticked as it stands, its runtime given, third-party
        dialog.table.item(1, CONFIRMED).setCheckState(Qt.CheckState.Checked)
        _pick(dialog.widget(1, "runtime"), "vllm")
        _pick(dialog.widget(1, "kind"), "third_party")
        seen["before_last"] = (_ok(dialog), dialog.problem_text())
        dialog.accept()  # refused: the last file's maker is not answered
        seen["accepted_early"] = dialog.result()
        _pick(dialog.widget(4, "kind"), "third_party")
        seen["end"] = (_ok(dialog), dialog.problem_text())
        dialog.resize(1280, 800)
        seen["fits"] = dialog.minimumSizeHint().width() <= 1280 and dialog.minimumSizeHint().height() <= 800
        dialog.grab().save(str(tmp_path / "import_context_dialog.png"))

    interaction.import_context_script = answer
    _drop(window, folder)
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or bool(interaction.errors)
                    or "nothing" in window.status_label.text(), timeout=30000)
    assert not interaction.errors, interaction.errors
    assert seen["start"][0] is False and "Who made it? Not answered for 5 files" in seen["start"][1]
    assert "Not confirmed: 4 files" in seen["start"][1]
    assert seen["after_bulk"] == [("vllm", ProvenanceKind.OWN), (None, None), ("vllm", ProvenanceKind.OWN),
                                  ("vllm", ProvenanceKind.OWN), (None, None)]
    assert seen["before_last"] == (False, f"Who made it? Not answered for 1 file: {L40S_FILE}.")
    assert seen["accepted_early"] == 0
    assert seen["end"] == (True, "") and seen["fits"]
    assert [len(q) for q in interaction.import_questions] == [5]  # one table, one row per file
    stored = {f.provenance.file_name: f for f in doc.workspace.evidence.files[n:]}
    assert set(stored) == set(FILES)
    expected = {L40S_1: ("nv-l40s", 1, ProvenanceKind.OWN), H100_2: ("nv-h100", 2, ProvenanceKind.THIRD_PARTY),
                RNGD_4: ("RNGD", 4, ProvenanceKind.OWN), H100_8: ("nv-h100", 8, ProvenanceKind.OWN)}
    for name, (platform, gpus, kind) in expected.items():
        f = stored[name]
        assert {(r.runtime, r.platform, r.gpu_count) for r in f.runs} == {("vllm", platform, gpus)}, name
        assert all(r.output_tps_per_gpu == pytest.approx(r.output_throughput_tps / gpus) for r in f.runs)
        assert f.provenance.kind is kind
        assert ct.fact_sources(f)["gpu_count"] == (str(gpus), ct.FactSource.NAME)
        assert ct.fact_sources(f)["runtime"] == ("vllm", ct.FactSource.USER)
    assert stored[H100_8].runs[0].output_tps_per_gpu == pytest.approx(191.2005994745598 / 8)  # not / 1
    assert stored[L40S_1].runs[0].output_tps_per_gpu == pytest.approx(191.2005994745598)
    assert {(r.platform, r.gpu_count) for r in stored[L40S_FILE].runs} == {("L40S", 4)}
    assert stored[L40S_FILE].provenance.kind is ProvenanceKind.THIRD_PARTY


def test_ctrl_i_with_two_files_asks_each_and_refuses_ok_until_who_made_them_is_answered(
        make_window, qtbot, interaction, shared_fixture, tmp_path):
    folder = vllm_gpu_folder(shared_fixture, tmp_path / "sweep")
    window = make_window((str(workspace_for_these_models(tmp_path / "w.deepdecide.yaml")),))
    doc = window.document
    before = doc.workspace
    interaction.evidence_paths = [str(folder / f"1xL40S-FP16{TAIL}"), str(folder / f"8xH100-FP16{TAIL}")]
    seen: dict[str, object] = {}

    def everything_but_who_made_them(dialog):
        assert [r.suggested for r in dialog.rows] == [{"platform": "nv-l40s", "gpu_count": 1},
                                                      {"platform": "nv-h100", "gpu_count": 8}]
        _select(dialog, [0, 1])
        _pick(dialog.bulk_runtime, "vllm")
        dialog.apply_to_selected()
        dialog.confirm_selected()
        seen["ok"] = _ok(dialog)
        seen["problems"] = dialog.problem_text()

    interaction.import_context_script = everything_but_who_made_them
    window.act_import.trigger()
    qtbot.waitUntil(lambda: "cancelled" in window.status_label.text(), timeout=30000)
    assert seen["ok"] is False and seen["problems"].startswith("Who made it? Not answered for 2 files")
    assert doc.workspace is before  # only Cancel was left: nothing imported

    def answered(dialog):
        _select(dialog, [0, 1])
        _pick(dialog.bulk_runtime, "vllm")
        _pick(dialog.bulk_kind, "own")
        dialog.apply_to_selected()
        dialog.confirm_selected()

    interaction.import_context_script = answered
    with qtbot.waitSignal(doc.changed, timeout=30000):
        window.act_import.trigger()
    one, eight = doc.workspace.evidence.files[-2:]
    assert (one.runs[0].platform, one.runs[0].gpu_count) == ("nv-l40s", 1)
    assert (eight.runs[0].platform, eight.runs[0].gpu_count) == ("nv-h100", 8)
    assert eight.runs[0].output_tps_per_gpu == pytest.approx(eight.runs[0].output_throughput_tps / 8)
