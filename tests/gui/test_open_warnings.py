"""The desktop application opens a workspace of an older schema that breaks a newer rule, says so,
and saves it with the value carried over, unchanged (the migration policy, docs/workspace-schema.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

SMALL = Path(__file__).resolve().parent.parent / "fixtures" / "gui" / "small.deepdecide.yaml"

pytestmark = pytest.mark.gui


def test_an_older_file_opens_with_its_warnings_and_saves_its_value_carried_over(make_window, interaction, tmp_path):
    text = SMALL.read_text(encoding="utf-8")
    assert "schema_version: 1\n" in text
    old = tmp_path / "old.deepdecide.yaml"
    old.write_text(text + "slo:\n  max_error_rate: 5\n", encoding="utf-8")
    window = make_window()
    assert window.open_file(str(old))
    status = window.status_label.text()
    assert "1 warning" in status and "slo.max_error_rate" in status
    assert not interaction.errors
    target = tmp_path / "saved.deepdecide.yaml"
    interaction.save_path = str(target)
    assert window.save_as()  # the user changed nothing: saving is never refused for it
    assert not interaction.errors
    saved = target.read_text(encoding="utf-8")
    assert "max_error_rate: 5" in saved and "carried_over:" in saved and "path: slo.max_error_rate" in saved
    window.close()
    again = make_window()
    assert again.open_file(str(target))
    assert "1 warning" in again.status_label.text() and "carried over" in again.status_label.toolTip()


def test_the_same_file_named_on_the_command_line_says_its_warnings_too(make_window, tmp_path):
    old = tmp_path / "old.deepdecide.yaml"
    old.write_text(SMALL.read_text(encoding="utf-8") + "slo:\n  max_error_rate: 5\n", encoding="utf-8")
    for _ in range(2):  # the second start would read a kept parsed copy: a file with warnings is never kept
        window = make_window((str(old),))
        status = window.status_label.text()
        assert "1 warning" in status and "slo.max_error_rate" in status
        assert "slo.max_error_rate" in window.status_label.toolTip()
        window.close()
