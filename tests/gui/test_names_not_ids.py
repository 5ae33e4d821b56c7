"""What the screenshot review of every page found: the pages write the names the Assessment and the
workspace hold, never ids (the option cards' runtime and platform, what to measure next, the pools'
platforms, the Approval box, the changes since the last save), and list the options in the
Assessment's one order on every page (Parity, Service gaps, Compare's prices and flip values, the
Decision page's choices)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from deepdecide.domain.edits import SetDecisionField
from deepdecide.gui.models.assessed import ranked_order
from deepdecide.storage.files import save_workspace

pytestmark = pytest.mark.gui


def _ids(ws) -> list[str]:
    """The ids a reader must never see: the options' and the platforms' (all hyphenated)."""
    return [o.id for o in ws.options] + [p.id for p in ws.matrix.platforms if "-" in p.id]


def _no_id(text: str, ids: list[str]) -> None:
    found = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert not found, f"ids {found} in {text!r}"


def test_the_option_cards_and_what_to_measure_next_write_names(make_window, qtbot):
    window = make_window()
    ws, a = window.document.workspace, window.document.assessment()
    page = window.show_page("overview")
    ids = _ids(ws)
    subtitles = [c.subtitle.text() for c in page.cards]
    sglang = a.option("keep-sglang-h100")
    assert sglang.runtime_name == "SGLang" and sglang.platform_name == "H100 SXM"
    assert "keep the stack · SGLang · H100 SXM" in subtitles
    assert "buy hardware · SGLang / H100 + SGLang / B200" in subtitles  # a disaggregated option: its pools
    hosted = a.option("api-deepseek-flash")
    assert hosted.runtime_name == ws.option("api-deepseek-flash").hosted.provider and hosted.platform_name == ""
    assert any(s.startswith("hosted API · DeepSeek API") for s in subtitles)
    for card in page.cards:
        _no_id(card.subtitle.text() + " " + card.note.text(), ids)
    assert any("NVIDIA H100 SXM" in c.note.text() for c in page.cards)  # the pools' platforms, named
    qtbot.waitUntil(lambda: "chance the recommendation changes" in page.measure_next.body.text(), timeout=90000)
    body = page.measure_next.body.text()
    _no_id(body, ids)
    assert "benchmark Keep H100, serve with SGLang on the workload" in body


def test_the_approval_box_says_what_is_missing_in_words(make_window):
    window = make_window()
    page = window.show_page("decision")
    text = page.missing_label.text()
    assert "no chosen option" in text and "no rationale: why this option" in text
    assert "decision." not in text and "signoffs[" not in text


def test_changes_since_the_last_save_name_the_field_and_the_option(make_window, tmp_path, builtin_workspace):
    path = tmp_path / "mine.deepdecide.yaml"
    save_workspace(builtin_workspace, path)
    window = make_window((str(path),))
    doc = window.document
    doc.edit(SetDecisionField("chosen_option", "keep-sglang-h100"), "choose")
    page = window.show_page("decision")
    text = page.changes_label.text()
    assert "Chosen option: " in text and "→ Keep H100, serve with SGLang" in text
    _no_id(text, _ids(doc.workspace))


def test_every_page_lists_the_options_in_the_one_order(make_window, qtbot):
    window = make_window()
    doc = window.document
    order = [o.option for o in ranked_order(doc.assessment())]
    assert order != [o.id for o in doc.workspace.options]  # the sample's ranking is not its file order
    parity = window.show_page("parity")
    assert [o.option for o in parity.grid.rows()] == order
    assert [o.option for o in parity.questions.rows()] == order
    gaps = window.show_page("gaps")
    assert [gaps.option_combo.itemData(i) for i in range(gaps.option_combo.count())] == order
    assert [o.option for o in gaps.efforts.rows()] == order
    header = [gaps.overview.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
              for c in range(1, gaps.overview.columnCount())]
    names = {o.id: o.name for o in doc.workspace.options}
    assert header == [names[i] for i in order]
    compare = window.show_page("compare")
    assert [o.id for o in compare.prices.rows()] == order
    qtbot.waitUntil(lambda: compare.flips.rowCount() > 0, timeout=90000)
    flip_options = [f.option for f in compare.flips.rows() if f.option]
    assert flip_options == sorted(flip_options, key=order.index)
    decision = window.show_page("decision")
    combo = decision.chosen_combo
    assert [combo.itemData(i) for i in range(1, combo.count())] == order
    listed = [decision.considered.item(i).data(Qt.ItemDataRole.UserRole) for i in range(decision.considered.count())]
    assert listed == order
    # unticking one stores the others in the file's order, not the shown one
    first = decision.considered.item(0)
    first.setCheckState(Qt.CheckState.Unchecked)
    kept = doc.workspace.decision.considered_options
    assert list(kept) == [o.id for o in doc.workspace.options if o.id != order[0]]


def test_where_each_price_comes_from_names_its_source_by_title(make_window):
    window = make_window()
    page = window.show_page("fleet")
    model = page.sources
    col = next(c for c in range(model.columnCount())
               if model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "Source")
    shown = {model.index(r, col).data() for r in range(model.rowCount())}
    assert any(s.startswith("H100 cluster cost sheet") for s in shown)  # the source h100_node_quote
    assert "team estimate" in shown  # a quote's own words, as written
    assert not shown & {"h100_node_quote", "inferencex_d6"}
    row = next(r for r in range(model.rowCount()) if model.row_record(r).source == "h100_node_quote")
    assert model.index(row, col).data(Qt.ItemDataRole.EditRole) == "h100_node_quote"  # edited as stored


def test_the_import_table_names_what_each_file_says(make_window):
    from deepdecide.gui.views.import_context_dialog import RUNTIME, SAYS, ImportContextDialog
    from deepdecide.importers import context_table
    from deepdecide.importers.registry import import_file
    from deepdecide.storage.files import data_root

    window = make_window()
    m = window.document.workspace.matrix
    files = sorted((data_root() / "samples" / "evidence").glob("*.jsonl"))
    rows = [context_table.row_for(str(f), import_file(f), m) for f in files]
    choices = {"runtime": [(r.id, r.name) for r in m.runtimes],
               "platform": [(p.id, f"{p.vendor} {p.name}") for p in m.platforms]}
    dialog = ImportContextDialog(rows, choices, window)
    try:
        for i in range(len(rows)):
            assert dialog.table.item(i, RUNTIME).text() == "SGLang"  # the file's own runtime, by its name
            assert dialog.table.item(i, SAYS).text().startswith("SGLang · ")
            assert "sglang" not in dialog.table.item(i, SAYS).toolTip()
    finally:
        dialog.deleteLater()


def test_no_page_shows_an_id_or_a_key_path_anywhere(make_window, qtbot):
    """Every text a reader can see on every page (labels, cells and their tooltips, headers, charts):
    no option or platform id (a ranking row's tooltip, a fleet row's tooltip named them), and no input
    key path ("fleet[0].power_kw_per_gpu", "assumptions.horizon_years" in a criterion's help): a figure's
    trail cites its inputs in the workspace's words."""
    from gui_texts import texts_of

    from deepdecide.gui.views.main_window import PAGES

    window = make_window()
    ids = _ids(window.document.workspace)
    key_path = re.compile(r"fleet\[\d+\]|\bassumptions\.[a-z_]+|\boptions\.[a-z0-9-]+\.")
    for key, _module, _cls in PAGES:
        page = window.show_page(key)
        qtbot.wait(50)
        for where, text in texts_of(page):
            assert not key_path.search(text or ""), (key, where, text)
            try:
                _no_id(text or "", ids)
            except AssertionError as e:
                raise AssertionError(f"{key} {where}: {e}") from None
    slides = window.present(full_screen=False)
    for i in range(len(slides.slides)):  # and every presentation slide (a criterion's help cited a path)
        slides.go(i)
        qtbot.wait(20)
        for where, text in texts_of(slides):
            assert not key_path.search(text or ""), ("slide", i, where, text)
            _no_id(text or "", ids)
    slides.close()
    tip = window.document.assessment().option("keep-sglang-h100")
    from deepdecide.gui.formatting import figure_tip

    trail = figure_tip(tip.costs.operating_hour_usd)
    assert "NVIDIA H100 SXM fleet: power per GPU (nameplate, all-in)" in trail and "fleet[" not in trail
