"""Figures in editable fields follow the application's rules in both languages: every spin box of
the app (forms, the what-if panel, the table cells' editors) writes its value as the formatting
module writes figures ("2.000 ms" in Spanish, where Qt alone writes "2000 ms") and reads back what
it shows ("2.000" in Spanish, "2,000" in English is 2000); weights and scores keep one precision
in a column; the undo names of cell edits follow a language switch."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox

from deepdecide.domain import formatting
from deepdecide.domain.edits import SetChecklistAnswer
from deepdecide.domain.slo import limit as slo_limit
from deepdecide.gui.models.records import RecordTableModel
from deepdecide.gui.views.context_dialog import ContextDialog
from deepdecide.gui.widgets.numbers import DecimalSpinBox, IntegerSpinBox

ROOT = Path(__file__).resolve().parents[2]
NB = "\u00a0"
PAGE_KEYS = ("overview", "matrix", "evidence", "parity", "gaps", "compare", "decision", "migration")


def _type(box: QAbstractSpinBox, text: str) -> None:
    box.setFocus()
    box.lineEdit().selectAll()
    QTest.keyClicks(box, text)
    QTest.keyClick(box, Qt.Key.Key_Return)


def _column(model: RecordTableModel, title: str) -> int:
    heads = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    return heads.index(title)


def test_the_app_makes_spin_boxes_only_of_its_own_kind():
    """One way for every number field: a plain Qt spin box would write Qt's figures, not the app's."""
    found = []
    for path in sorted((ROOT / "deepdecide" / "gui").rglob("*.py")):
        if path.name == "numbers.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bQ(Double)?SpinBox\(", line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, found


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_spin_box_shown_is_the_apps_and_writes_as_the_formatting_module(make_window, qtbot, language):
    window = make_window(language=language)
    boxes: list[QAbstractSpinBox] = []
    for key in PAGE_KEYS:
        boxes += window.show_page(key).findChildren(QAbstractSpinBox)
    presentation = window.present(full_screen=False)
    qtbot.addWidget(presentation)
    boxes += presentation.whatif.findChildren(QAbstractSpinBox)
    dialog = ContextDialog("run.json", ["gpu_count"], {}, window, current={"gpu_count": 16384})
    qtbot.addWidget(dialog)
    boxes += dialog.findChildren(QAbstractSpinBox)
    assert len(boxes) >= 12
    strangers = [b.objectName() or type(b).__name__ for b in boxes if not isinstance(b, (IntegerSpinBox, DecimalSpinBox))]
    assert not strangers
    for box in boxes:
        if box.text() == box.specialValueText():
            continue
        places = box.decimals() if isinstance(box, DecimalSpinBox) else 0
        assert box.cleanText() == formatting.fixed(box.value(), places), box.objectName()
    assert dialog.fields["gpu_count"].text() == ("16,384" if language == "en" else "16.384")


def test_spanish_fields_write_and_read_figures_as_the_app_does(make_window):
    window = make_window(language="es")
    doc = window.document
    page = window.show_page("compare")
    ttft = page.slo_fields["ttft_p99_ms"]
    assert doc.workspace.slo.get("ttft_p99_ms") == 2000
    assert ttft.text() == f"2.000{NB}ms" == formatting.ms(2000)  # not Qt's Spanish "2000 ms"
    # the range validation accepts, the decimals and step of the limit's entry in domain/slo.py
    limit = slo_limit("ttft_p99_ms")
    assert (ttft.minimum(), ttft.maximum(), ttft.decimals(), ttft.singleStep()) == (0, limit.maximum, 0, limit.step)
    _type(ttft, "3.000")
    assert doc.workspace.slo.get("ttft_p99_ms") == 3000 and ttft.text() == f"3.000{NB}ms"
    _type(ttft, "2.5")  # a point groups thousands in Spanish: not a figure, the field keeps its value
    assert doc.workspace.slo.get("ttft_p99_ms") == 3000
    tpot = page.slo_fields["tpot_p99_ms"]
    _type(tpot, "42,5")
    assert doc.workspace.slo.get("tpot_p99_ms") == 42.5 and tpot.text() == f"42,5{NB}ms"
    rate = page.demand_fields["requests_per_s"]
    assert rate.suffix() == f"{NB}pet/s"  # the unit as the formatting module writes it (formatting.rate)
    _type(rate, "1.250,75")
    assert doc.workspace.demand.requests_per_s == 1250.75
    assert rate.text() == f"1.250,75{NB}pet/s"


def test_english_fields_read_grouped_figures(make_window):
    window = make_window()
    doc = window.document
    page = window.show_page("compare")
    ttft = page.slo_fields["ttft_p99_ms"]
    assert ttft.text() == "2,000 ms" == formatting.ms(2000)
    _type(ttft, "2,500")
    assert doc.workspace.slo.get("ttft_p99_ms") == 2500
    demand = page.demand_fields["output_tokens_per_s"]
    _type(demand, "1,200,000")
    assert doc.workspace.demand.output_tokens_per_s == 1_200_000 and demand.text() == "1,200,000 tok/s"
    _type(ttft, "0")  # the minimum is the special value: not set
    assert doc.workspace.slo.get("ttft_p99_ms") is None and ttft.text() == ttft.specialValueText()


def test_the_machine_panels_gpu_count_reads_a_grouped_figure(make_window):
    window = make_window(language="es")
    panel = window.show_page("matrix").check_panel
    _type(panel.count, "1.024")
    assert panel.count.value() == 1024 and panel.count.text() == "1.024"
    assert (panel.count.minimum(), panel.count.maximum()) == (0, 100000)


def test_a_number_cell_is_edited_in_a_field_that_writes_as_the_cell(make_window, qtbot):
    """The price table's cells are edited in the app's field: "3.500" in Spanish, as the cell shows
    it; typing "4.250" there sets 4250 (Qt's default editor wrote "3500,00")."""
    window = make_window(language="es")
    doc = window.document
    page = window.show_page("compare")
    page.tabs.setCurrentWidget(page.prices_view)
    prices, view = page.prices, page.prices_view
    col = _column(prices, "Capex por GPU (US$)")
    # the B200 purchase price is its platform's (fleet): shown in the row of the option that buys
    # B200s, and editing it gives that option a price of its own
    row = next(r for r in range(prices.rowCount()) if prices.row_record(r).id == "buy-sm100-deepinfer")
    index = prices.index(row, col)
    option_id = prices.row_record(row).id
    likely = doc.workspace.fleet_of("nv-b200").purchase_usd_per_gpu.likely
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert isinstance(editor, DecimalSpinBox)
    assert editor.text() == formatting.fixed(likely, 0) == prices.data(index)  # "55.000" beside "55.000"
    editor.lineEdit().selectAll()
    QTest.keyClicks(editor, "4.250")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.indexWidget(index) is None, timeout=2000)
    assert doc.workspace.option(option_id).cost.capex_per_gpu_usd.likely == 4250


def test_an_empty_number_cell_left_empty_makes_no_edit(make_window, qtbot):
    window = make_window()
    doc = window.document
    page = window.show_page("gaps")
    model, view = page.model, page.view
    col = _column(model, "Effort low")
    row = 0
    option, item, _answer = model.row_record(row)
    doc.edit(SetChecklistAnswer(option, item.id, None), "not answered")  # its effort cells are empty
    page.refresh()
    index = model.index(row, col)
    assert model.data(index) == ""
    count = doc.undo_stack.count()
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert isinstance(editor, DecimalSpinBox) and editor.cleanText() == ""
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.indexWidget(index) is None, timeout=2000)
    assert doc.undo_stack.count() == count
    view.edit(index)
    editor = view.indexWidget(index)
    QTest.keyClicks(editor, "1.5")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.indexWidget(index) is None, timeout=2000)
    assert model.row_record(row)[2].effort_person_weeks.low == 1.5


def test_weights_and_their_intervals_have_one_precision(make_window, qtbot):
    """A 5 % weight reads "0,050" beside "0,200" (not "0,0500") in the criteria and interval
    tables, beside the slider and on the what-if panel, as the CLI writes them."""
    window = make_window(language="es")
    page = window.show_page("compare")
    weights = {c.id: c.weight for c in window.document.workspace.criteria}
    assert {0.05, 0.2} <= set(weights.values())
    col = _column(page.criteria, "Peso")
    shown = [page.criteria.data(page.criteria.index(r, col)) for r in range(page.criteria.rowCount())]
    assert "0,050" in shown and "0,200" in shown
    assert all(re.fullmatch(r"\d+,\d{3}", t) for t in shown), shown
    page.refresh_sensitivity()
    intervals = page.intervals
    assert intervals.rowCount() > 0
    for c in range(3):  # weight, winner holds from, to
        for r in range(intervals.rowCount()):
            text = intervals.data(intervals.index(r, c + 1))
            assert text == "∞" or re.fullmatch(r"\d+,\d{3}", text), text
    small = next(cid for cid, w in weights.items() if w == 0.05)
    assert page.sliders[small].value.text().startswith("0,050 (")
    presentation = window.present(full_screen=False)
    qtbot.addWidget(presentation)
    assert presentation.whatif.weights[small].text() == "0,050"
    ranking = page.ranking
    score = ranking.data(ranking.index(0, _column(ranking, "Puntuación")))
    assert re.fullmatch(r"\d,\d{3}", score), score


def test_cell_edits_are_named_again_after_a_language_switch(make_window):
    """Edits made in table cells (checklist, migration plan, sign-offs, prices) are named in the
    new language after View ▸ Language, as the rest of the undo history."""
    window = make_window()
    doc = window.document
    gaps = window.show_page("gaps")
    assert gaps.model.setData(gaps.model.index(0, _column(gaps.model, "Owner")), "platform team")
    migration = window.show_page("migration")
    assert migration.model.setData(migration.model.index(0, _column(migration.model, "Owner")), "Ana")
    decision = window.show_page("decision")
    assert decision.signoffs.setData(decision.signoffs.index(0, _column(decision.signoffs, "Name")), "Luis")
    compare = window.show_page("compare")
    assert compare.prices.setData(compare.prices.index(0, _column(compare.prices, "kW per GPU")), 1.25)
    # the first option buys its shortfall: its purchase price is the one offered, not a rental rate
    assert compare.prices.setData(compare.prices.index(0, _column(compare.prices, "Capex per GPU ($)")), 35000)
    stack = doc.undo_stack
    english = [stack.text(i) for i in range(stack.count())][-5:]
    assert english == ["Edit Owner", "Edit Owner", "Edit Name", "Edit kW per GPU", "Edit Capex per GPU ($)"]

    window.language_actions["es"].trigger()
    spanish = [stack.text(i) for i in range(stack.count())][-5:]
    assert spanish == ["Editar Responsable", "Editar Responsable", "Editar Nombre", "Editar kW por GPU",
                       "Editar Capex por GPU (US$)"]
    assert window.act_undo.text().endswith("Editar Capex por GPU (US$)")
    stack.undo()
    assert stack.redoText() == "Editar Capex por GPU (US$)"
    window.language_actions["en"].trigger()
    assert stack.redoText() == "Edit Capex per GPU ($)"
    assert [stack.text(i) for i in range(stack.count())][-5:-1] == english[:-1]


def test_every_editable_column_names_its_undo_step_in_the_language_of_the_moment(make_window):
    """Structural guard: an editable column's title is a function (Page.later), never a text fixed
    in the language of the moment it was made."""
    window = make_window()
    fixed = []
    for key in PAGE_KEYS:
        for model in window.show_page(key).findChildren(RecordTableModel):
            if not model.editable():
                continue
            for c in range(model.columnCount()):
                spec = model.column_spec(c)
                if spec.edit is not None and not callable(spec.title):
                    fixed.append(f"{key}: {spec.title}")
    assert not fixed, fixed


@pytest.mark.parametrize(("language", "typed"), [("en", "2.5"), ("es", "2,5")])
def test_the_error_rate_field_shows_a_percentage_as_the_record_does(make_window, language, typed):
    """The SLO's error rate is a fraction; its field shows it as the record writes it ("1.0 %",
    "1,0 %"), not as "0.010"."""
    window = make_window(language=language)
    doc = window.document
    box = window.show_page("compare").slo_fields["max_error_rate"]
    assert doc.workspace.slo.get("max_error_rate") == 0.01
    assert box.text() == formatting.percent(0.01, 1)
    assert (box.minimum(), box.maximum()) == (0, 100)  # 0 to 1 as a fraction
    _type(box, typed)
    assert doc.workspace.slo.get("max_error_rate") == 0.025
    assert box.text() == formatting.percent(0.025, 1)
    doc.undo_stack.undo()
    assert doc.workspace.slo.get("max_error_rate") == 0.01 and box.text() == formatting.percent(0.01, 1)


def test_the_keypads_decimal_key_types_the_languages_decimal_symbol(qtbot):
    from deepdecide.domain import i18n

    with i18n.using("es"):
        box = DecimalSpinBox(decimals=2)
        qtbot.addWidget(box)
        box.setRange(0, 100)
        box.lineEdit().selectAll()
        QTest.keyClicks(box, "7")
        QTest.keyClick(box, Qt.Key.Key_Period, Qt.KeyboardModifier.KeypadModifier)
        QTest.keyClicks(box, "25")
        box.interpretText()
        assert box.value() == 7.25 and box.text() == "7,25"
