"""Application shortcuts work from number fields (Ctrl+Z undoes the workspace's last edit once the
field committed it, Ctrl+E exports), File ▸ Import folder… imports a folder as a drop does, and
Export for approval saves first."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_folder_drop import _folder

pytestmark = pytest.mark.gui


def _focus(window, qtbot, field) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=3000)
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=3000)


def test_ctrl_z_in_a_number_field_undoes_the_committed_workspace_edit(make_window, qtbot):
    window = make_window()
    doc = window.document
    page = window.show_page("compare")
    field = page.demand_fields["output_tokens_per_s"]
    start = doc.workspace.demand.output_tokens_per_s
    _focus(window, qtbot, field)
    field.lineEdit().selectAll()
    QTest.keyClicks(field, "123456")
    QTest.keyClick(field, Qt.Key.Key_Return)  # the field commits: one workspace edit
    assert doc.workspace.demand.output_tokens_per_s == 123456
    steps = doc.undo_stack.index()
    QTest.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.undo_stack.index() == steps - 1  # the application's Undo, not the field's text undo
    assert doc.workspace.demand.output_tokens_per_s == start
    assert field.value() == (start or 0)
    redo = window.act_redo.shortcut()[0]
    QTest.keyClick(field, redo.key(), redo.keyboardModifiers())
    assert doc.workspace.demand.output_tokens_per_s == 123456  # and Redo redoes it


def test_ctrl_z_while_typing_undoes_the_typing_only(make_window, qtbot):
    window = make_window()
    doc = window.document
    page = window.show_page("fleet")
    field = page.kwh
    _focus(window, qtbot, field)
    steps = doc.undo_stack.index()
    field.lineEdit().selectAll()
    QTest.keyClicks(field, "0.2")
    QTest.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.undo_stack.index() == steps  # nothing committed: no workspace edit undone


def test_an_application_shortcut_from_a_number_field_commits_it_and_runs(make_window, qtbot, interaction):
    window = make_window()
    doc = window.document
    page = window.show_page("fleet")
    field = page.pue
    _focus(window, qtbot, field)
    field.lineEdit().selectAll()
    QTest.keyClicks(field, "1.3")
    QTest.keyClick(field, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert "export" in interaction.asked  # Ctrl+E reached Export PDF
    assert doc.workspace.assumptions.pue.likely == pytest.approx(1.3)  # what was typed was committed first
    QTest.keyClick(field, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page_key() == "overview"


def test_file_import_folder_imports_each_file_with_its_own_context(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    doc = window.document
    assert window.act_import_folder in window.menuBar().actions()[0].menu().actions()

    def confirm(dialog):
        dialog.table.selectAll()
        dialog.bulk_kind.setCurrentIndex(dialog.bulk_kind.findData("third_party"))
        dialog.apply_to_selected()
        dialog.confirm_selected()

    interaction.import_context_script = confirm
    interaction.folder_path = str(_folder(tmp_path))
    n = len(doc.workspace.evidence.files)
    window.act_import_folder.trigger()
    qtbot.waitUntil(lambda: len(doc.workspace.evidence.files) > n or bool(interaction.errors), timeout=30000)
    assert not interaction.errors
    assert "folder" in interaction.asked
    assert [len(rows) for rows in interaction.import_questions] == [3]
    assert [f.runs[0].platform for f in doc.workspace.evidence.files[n:]] == ["nv-b200", "nv-h100", "nv-h200"]


def test_export_for_approval_asks_to_save_first(make_window, interaction, tmp_path, qtbot):
    window = make_window()
    doc = window.document
    # the built-in sample has no file: asked; declining exports nothing
    interaction.save_before_approval = False
    interaction.pdf_path = str(tmp_path / "record.pdf")
    window.export_for_approval()
    assert interaction.asked.count("save_before_approval") == 1
    assert "table" not in "".join(interaction.asked) and not (tmp_path / "record.pdf").exists()
    # agreeing saves it (Save As) before anything else is asked
    interaction.save_before_approval = True
    interaction.save_path = str(tmp_path / "mine.deepdecide.yaml")
    window.export_for_approval()
    assert (tmp_path / "mine.deepdecide.yaml").is_file()
    assert doc.path.endswith("mine.deepdecide.yaml") and not doc.is_modified()
    # saved and unchanged: not asked again
    asked = interaction.asked.count("save_before_approval")
    window.export_for_approval()
    assert interaction.asked.count("save_before_approval") == asked
