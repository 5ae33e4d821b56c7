"""A single-file workspace of many evidence files is offered, in the status bar, to keep its evidence
in a store beside it (docs/evidence-store.md): nothing happens without the user's yes, the converted
workspace holds the same content, and Save As of a stored workspace writes a store beside the new file."""

from __future__ import annotations

import pytest

from deepdecide.storage import evidence_store
from deepdecide.storage.files import canonical_json, load_builtin_workspace, load_workspace, save_workspace

pytestmark = pytest.mark.gui


@pytest.fixture
def many(monkeypatch, tmp_path):
    """A single-file workspace with more evidence files than the (lowered) threshold."""
    ws = load_builtin_workspace()
    monkeypatch.setattr(evidence_store, "CONVERT_HINT_FILES", len(ws.evidence.files) - 1)
    path = tmp_path / "team.deepdecide.yaml"
    save_workspace(ws, path, stored=False)
    return path


def test_the_offer_converts_only_on_yes_and_loses_nothing(make_window, interaction, many):
    before = canonical_json(load_workspace(many))
    window = make_window()
    assert window.open_file(str(many))
    assert window.store_button.isVisibleTo(window) and window.store_button.text()
    n = len(window.document.workspace.evidence.files)
    assert str(n) in window.store_button.toolTip()

    interaction.convert_answer = False
    assert not window.convert_to_store()
    assert interaction.convert_questions == [(many.name, n, False)]
    assert not evidence_store.is_stored(many)  # no: nothing written
    assert not list(many.parent.glob("*.sqlite"))

    interaction.convert_answer = True
    assert window.convert_to_store()
    assert evidence_store.is_stored(many)
    store = evidence_store.stored_name(many)
    assert (many.parent / store).is_file() and store in window.status_label.text()
    assert canonical_json(load_workspace(many)) == before
    assert not window.store_button.isVisibleTo(window)  # converted: offered no more
    assert not window.document.is_modified() and not interaction.errors


def test_the_offer_shows_for_a_workspace_named_on_the_command_line(make_window, many):
    window = make_window((str(many),))
    assert window.store_button.isVisibleTo(window)


def test_a_small_or_stored_workspace_is_not_offered(make_window, monkeypatch, tmp_path):
    ws = load_builtin_workspace()
    small = tmp_path / "small.deepdecide.yaml"
    save_workspace(ws, small)
    window = make_window()
    assert window.open_file(str(small))
    assert not window.store_button.isVisibleTo(window)
    monkeypatch.setattr(evidence_store, "CONVERT_HINT_FILES", 0)
    stored = tmp_path / "stored.deepdecide.yaml"
    save_workspace(ws, stored, stored=True)
    assert window.open_file(str(stored))
    assert not window.store_button.isVisibleTo(window)


def test_save_as_of_a_stored_workspace_keeps_a_store_beside_the_new_file(make_window, interaction, tmp_path):
    ws = load_builtin_workspace()
    first = tmp_path / "a.deepdecide.yaml"
    save_workspace(ws, first, stored=True)
    window = make_window()
    assert window.open_file(str(first))
    copy = tmp_path / "copy" / "b.deepdecide.yaml"
    copy.parent.mkdir()
    interaction.save_path = str(copy)
    assert window.save_as()
    assert evidence_store.is_stored(copy) and (copy.parent / evidence_store.stored_name(copy)).is_file()
    assert (first.parent / evidence_store.stored_name(first)).is_file()  # the first keeps its own
    assert canonical_json(load_workspace(copy)) == canonical_json(load_workspace(first))
