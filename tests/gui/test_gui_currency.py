"""A workspace in euros shows no dollar sign anywhere: every page and tab, every table's headers,
cells and tooltips, the charts, the presentation slides and the dialogs write money in the
workspace's currency (``assumptions.currency``), and follow a change of it live."""

from __future__ import annotations

import dataclasses

import pytest
from gui_texts import dialog_texts, texts_of
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget

pytestmark = pytest.mark.gui


def _euro_workspace(tmp_path):
    from deepdecide.storage import files

    ws = files.load_builtin_workspace()
    ws = dataclasses.replace(ws, assumptions=dataclasses.replace(ws.assumptions, currency="EUR"))
    path = tmp_path / "euro.deepdecide.yaml"
    files.save_workspace(ws, path)
    return ws, path


def _data_dollars(ws) -> set[str]:
    """The workspace's own text that writes a dollar sign (a note quoting a price): shown as written."""
    from test_pseudo_locale import _data_strings

    return {s for s in _data_strings(ws, set()) if "$" in s and len(s) > 12}


def _every_text(window, qtbot) -> list[tuple[str, str]]:
    from deepdecide.gui.views.main_window import PAGES

    seen = [(f"menu {a.text()}", a.text()) for a in window.menuBar().actions()]
    for key, _m, _c in PAGES:
        page = window.show_page(key)
        qtbot.wait(400)  # the sensitivity and the Monte Carlo have run
        qtbot.waitUntil(lambda p=page: getattr(p, "_mc", None) is None or p._mc.current() is not None, timeout=20000)
        page.ensure_fresh()
        tabs = page.findChildren(QTabWidget)
        for t in tabs:
            for i in range(t.count()):
                t.setCurrentIndex(i)
                qtbot.wait(10)
        seen += [(f"{key}: {w}", s) for w, s in texts_of(page)]
    presentation = window.present(full_screen=False)
    qtbot.addWidget(presentation)
    presentation.resize(1280, 800)
    for i in range(len(presentation.slides)):
        presentation.go(i)
        qtbot.wait(10)
        seen += [(f"slide {presentation.current_key()}: {w}", s) for w, s in texts_of(presentation)]
    presentation.close()
    seen += dialog_texts(window, qtbot)
    return seen


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_euro_workspace_shows_no_dollar_anywhere(make_window, qtbot, tmp_path, language):
    ws, path = _euro_workspace(tmp_path)
    window = make_window((str(path),), language=language)
    window.resize(1280, 800)
    assert window.document.workspace.assumptions.currency == "EUR"
    seen = _every_text(window, qtbot)
    data = _data_dollars(ws)

    def without_data(text: str) -> str:  # a note of the workspace quoting a price is shown as written
        for d in sorted(data, key=len, reverse=True):
            text = text.replace(d, "")
        return text
    dollars = [f"{where}: {text!r}" for where, text in seen if "$" in text and "$" in without_data(text)]
    assert not dollars, "a dollar sign in a euro workspace:\n" + "\n".join(dollars)
    euros = [text for _w, text in seen if "€" in text]
    assert len(euros) > 20  # the money is there, in euros


def test_money_headers_follow_a_currency_change_live(make_window, qtbot):
    from deepdecide.domain.edits import SetAssumptions

    window = make_window()
    compare = window.show_page("compare")
    qtbot.wait(100)
    header = compare.prices.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    assert header.startswith("$")
    overview = window.show_page("overview")
    qtbot.wait(100)
    assert overview.cards[0].names["cpm_cash"].text().startswith("$")

    a = window.document.workspace.assumptions
    window.document.edit(SetAssumptions(dataclasses.replace(a, currency="EUR")), "currency")
    qtbot.wait(100)
    assert overview.cards[0].names["cpm_cash"].text().startswith("€")
    assert "€" in overview.cards[0].values["cpm_cash"].text()
    compare = window.show_page("compare")
    qtbot.wait(100)
    assert compare.prices.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "€/GPU-hour"
    assert "€" in compare.cost_view_combo.itemText(0) and "$" not in compare.cost_view_combo.itemText(0)
    window.document.undo_stack.undo()
    qtbot.wait(100)
    assert compare.prices.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "$/GPU-hour"
