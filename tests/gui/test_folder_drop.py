"""Dropping a folder on the window imports every result file below it as one undo step, lists what
it skipped, and a damaged result file below it changes nothing."""

from __future__ import annotations

import shutil

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.storage.files import data_root

SAMPLES = data_root() / "samples" / "evidence"


def _drop(window, path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    window.dropEvent(QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                                Qt.KeyboardModifier.NoModifier))


def _folder(tmp_path):
    folder = tmp_path / "sweep"
    for src in sorted(SAMPLES.glob("*.jsonl")):
        sub = folder / "runs"
        sub.mkdir(parents=True, exist_ok=True)
        # a copy with one byte more than the sample's (a new SHA-256: not already in the workspace)
        (sub / src.name).write_bytes(src.read_bytes() + b"\n")
    (folder / "README.md").write_text("notes\n")
    return folder


def test_dropping_a_folder_imports_its_result_files_in_one_step(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    window.show_page("evidence")
    def confirm_each_file_s_own_name(dialog):  # every row keeps its own file name's platform
        dialog.table.selectAll()
        dialog.bulk_kind.setCurrentIndex(dialog.bulk_kind.findData("illustrative"))
        dialog.apply_to_selected()
        dialog.confirm_selected()

    interaction.import_context_script = confirm_each_file_s_own_name
    doc = window.document
    n = len(doc.workspace.evidence.files)
    steps = doc.undo_stack.count()
    _drop(window, _folder(tmp_path))
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or interaction.errors
                    or "nothing" in window.status_label.text(), timeout=30000)
    assert not interaction.errors, interaction.errors
    assert "nothing" not in window.status_label.text(), window.status_label.text()
    assert len(doc.workspace.evidence.files) == n + 3
    # one table for the folder, one row per file; each file its own answer, never another file's
    assert [len(rows) for rows in interaction.import_questions] == [3]
    added = doc.workspace.evidence.files[n:]
    assert [f.runs[0].platform for f in added] == ["nv-b200", "nv-h100", "nv-h200"]
    assert {f.provenance.kind for f in added} == {ProvenanceKind.ILLUSTRATIVE}
    assert doc.undo_stack.count() == steps + 1
    qtbot.waitUntil(lambda: "Skipped 1 file" in window.status_label.text(), timeout=5000)
    assert "README.md" in window.status_label.text()


def test_a_damaged_result_below_a_dropped_folder_changes_nothing(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    window.show_page("evidence")
    folder = _folder(tmp_path)
    good = next(SAMPLES.glob("*.jsonl")).read_bytes()
    (folder / "runs" / "cut.jsonl").write_bytes(good + b'{"backend": "sglang", ')
    before = window.document.workspace
    _drop(window, folder)
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=30000)
    assert "cut.jsonl" in interaction.errors[-1][1].message
    assert window.document.workspace is before
    shutil.rmtree(folder)
