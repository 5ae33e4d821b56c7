"""Every model passes Qt's model tester (Python implementation) and behaves without a view."""

from __future__ import annotations

import pandas as pd
import pytest
from PySide6.QtCore import QModelIndex, Qt

from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.workspace import Answer
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.models.dataframe_model import DataFrameModel
from deepdecide.gui.models.matrix_model import MatrixFilter, MatrixModel
from deepdecide.gui.models.records import ChoicesRole, Column, MeaningRole, RecordTableModel, SortRole


@pytest.fixture
def document(qapp, builtin_workspace):
    return WorkspaceDocument(builtin_workspace)


@pytest.fixture
def keep(qapp):
    """Holds pages until the model tester has disconnected from their models.

    A page registered with qtbot is deleted before the fixtures tear down, and with it the models
    it parents, so the model tester's clean-up would find its signal source gone. Requested before
    ``qtmodeltester``, this fixture tears down after it.
    """
    held: list = []
    yield held.append
    for widget in held:
        widget.close()
        widget.deleteLater()
    qapp.processEvents()


def test_matrix_model(qtmodeltester, builtin_workspace):
    model = MatrixModel()
    model.set_matrix(builtin_workspace.matrix)
    qtmodeltester.check(model, force_py=True)
    m = builtin_workspace.matrix
    e = m.entries[0]
    row = [p.id for p in m.platforms].index(e.platform)
    col = [r.id for r in m.runtimes].index(e.runtime)
    index = model.index(row, col)
    assert model.data(index, MeaningRole) == e.status.value
    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
    assert e.sources[0].as_of in tip and e.sources[0].url_or_path in tip
    for r in e.requirements:
        assert r.spec in tip


def test_matrix_filter(qtmodeltester, builtin_workspace):
    model = MatrixModel()
    model.set_matrix(builtin_workspace.matrix)
    proxy = MatrixFilter()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy, force_py=True)
    vendor = builtin_workspace.matrix.platforms[-1].vendor
    proxy.set_filters(vendor=vendor)
    expected = sum(1 for p in builtin_workspace.matrix.platforms if p.vendor == vendor)
    assert proxy.rowCount() == expected
    proxy.set_filters(vendor="", statuses={SupportStatus.UNSUPPORTED.value})
    for row in range(proxy.rowCount()):
        statuses = {proxy.index(row, c).data(MeaningRole) for c in range(proxy.columnCount())}
        assert SupportStatus.UNSUPPORTED.value in statuses
    proxy.set_filters(statuses=set(), text="")
    assert proxy.rowCount() == 0
    qtmodeltester.check(proxy, force_py=True)


def test_record_model_edits_go_through_the_undo_stack(keep, qtmodeltester, document):
    from deepdecide.gui.views.gaps_page import GapsPage

    page = GapsPage(document)
    keep(page)
    page.refresh()
    model = page.model
    qtmodeltester.check(model, force_py=True)
    qtmodeltester.check(page.overview, force_py=True)
    option = page.current_option()
    before = document.workspace
    answer_col = next(i for i in range(model.columnCount())
                      if model.headerData(i, Qt.Orientation.Horizontal) == "Answer")
    index = model.index(0, answer_col)
    assert model.data(index, ChoicesRole)
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    target = Answer.MISSING if model.data(index, Qt.ItemDataRole.EditRole) == "external" else Answer.EXTERNAL
    assert not model.setData(index, model.data(index, Qt.ItemDataRole.EditRole))  # no change, no edit
    assert model.setData(index, target.value)
    item = document.workspace.checklist[0].id
    new = next(a for a in document.workspace.answers if a.option == option and a.item == item)
    assert new.answer == target
    page.ensure_fresh()  # a hidden page refreshes when it is shown
    assert model.data(index, Qt.ItemDataRole.EditRole) == target.value
    document.undo_stack.undo()
    assert document.workspace == before
    # a read-only column refuses edits
    assert not model.setData(model.index(0, 0), "renamed")
    assert document.workspace == before


def test_effort_edit_keeps_estimate_ordered(qtbot, document):
    from deepdecide.gui.views.gaps_page import GapsPage

    page = GapsPage(document)
    qtbot.addWidget(page)
    page.refresh()
    model = page.model
    cols = {model.headerData(i, Qt.Orientation.Horizontal): i for i in range(model.columnCount())}
    assert model.setData(model.index(1, cols["Effort low"]), 50)
    page.ensure_fresh()
    rec = model.row_record(1)
    est = rec[2].effort_person_weeks
    assert est.low == 50 and est.likely >= 50 and est.high >= est.likely
    assert not model.setData(model.index(1, cols["likely"]), "many")
    assert not model.setData(model.index(1, cols["likely"]), -3)


@pytest.mark.parametrize("module, cls, attr", [
    ("deepdecide.gui.views.migration_page", "MigrationPage", "model"),
    ("deepdecide.gui.views.decision_page", "DecisionPage", "signoffs"),
    ("deepdecide.gui.views.parity_page", "ParityPage", "grid"),
    ("deepdecide.gui.views.parity_page", "ParityPage", "detail"),
    ("deepdecide.gui.views.evidence_page", "EvidencePage", "files"),
    ("deepdecide.gui.views.evidence_page", "EvidencePage", "table"),
    ("deepdecide.gui.views.evidence_page", "EvidencePage", "proxy"),
    ("deepdecide.gui.views.compare_page", "ComparePage", "prices"),
    ("deepdecide.gui.views.gaps_page", "GapsPage", "overview"),
])
def test_page_models(keep, qtmodeltester, document, module, cls, attr):
    import importlib

    page = getattr(importlib.import_module(module), cls)(document)
    keep(page)
    page.refresh()
    qtmodeltester.check(getattr(page, attr), force_py=True)


def test_compare_sensitivity_models(keep, qtmodeltester, document):
    from deepdecide.gui.views.compare_page import ComparePage

    page = ComparePage(document)
    keep(page)
    page.refresh()
    page.show()
    page.refresh_sensitivity()
    assert page.intervals.rowCount() == len(document.workspace.criteria)
    qtmodeltester.check(page.intervals, force_py=True)
    qtmodeltester.check(page.flips, force_py=True)
    page.hide()


def test_machine_check_results_model(keep, qtmodeltester, document):
    from deepdecide.gui.views.matrix_page import MatrixPage

    page = MatrixPage(document)
    keep(page)
    page.refresh()
    page.check_panel.gpu.setText("NVIDIA B200")
    page.check_panel.versions["cuda"].setText("13.0")
    page.check_panel.run_check()
    assert page.check_panel.results.rowCount() == len(document.workspace.matrix.runtimes)
    qtmodeltester.check(page.check_panel.results, force_py=True)


def test_dataframe_model(qtmodeltester, qapp):
    model = DataFrameModel()
    df = pd.DataFrame({"runtime": ["vllm", "sglang", None], "tpot_ms_p50": [12.5, None, 8.0],
                       "gpu_count": [8, 8, 16]})
    model.set_frame(df)
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 3 and model.columnCount() == 3
    assert model.data(model.index(0, 1), SortRole) == 12.5
    assert model.data(model.index(1, 1), Qt.ItemDataRole.DisplayRole) == ""
    assert model.data(model.index(0, 1), Qt.ItemDataRole.TextAlignmentRole) is not None
    assert model.data(model.index(0, 0), Qt.ItemDataRole.TextAlignmentRole) is None
    assert model.rowCount(model.index(0, 0)) == 0
    model.set_frame(df.iloc[:1])
    assert model.rowCount() == 1


def test_record_model_same_shape_update_keeps_rows(qapp):
    model = RecordTableModel([Column("x", lambda r: r, numeric=True)])
    model.set_rows([1, 2, 3])
    resets = []
    changes = []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda a, b, roles=(): changes.append((a.row(), b.row())))
    model.set_rows([1, 5, 3])
    assert not resets and changes == [(1, 1)]
    model.set_rows([1])
    assert resets == [1]
    assert model.rowCount(QModelIndex()) == 1


def test_dataframe_model_rows_flags_and_plain_values(qapp):
    model = DataFrameModel()
    model.muted_column = "fit"
    model.muted = lambda v: v == "mismatch"
    model.struck_column = "excluded"
    df = pd.DataFrame({"fit": ["matches", "mismatch", None], "excluded": [None, "fails parity", None],
                       "flags": [("a", "b"), (), None], "n": [1, 2, 3]})
    model.set_frame(df)
    assert [model.is_muted(r) for r in range(3)] == [False, True, False]
    assert [model.is_struck(r) for r in range(3)] == [False, True, False]
    assert model.data(model.index(0, 2), Qt.ItemDataRole.EditRole) == "a; b"
    assert type(model.data(model.index(0, 3), Qt.ItemDataRole.EditRole)) is int
    assert model.data(model.index(1, 0), Qt.ItemDataRole.ForegroundRole) is not None
    assert model.data(model.index(1, 1), Qt.ItemDataRole.FontRole).strikeOut()
    model.muted = lambda v: v == "matches"  # a new rule is applied, not the rows worked out for the old one
    assert [model.is_muted(r) for r in range(3)] == [True, False, False]
    model.set_frame(df.iloc[2:])
    assert not model.is_muted(0) and not model.is_struck(0) and model.rowCount() == 1


def test_the_widgets_words_for_coded_values_are_the_vocabulary_table():
    """gui/labels.py and the pages' choices read deepdecide.domain.vocabulary, as the record and
    the command line do: one word per coded value."""
    from deepdecide.analysis.assessment import CapacityBasis
    from deepdecide.domain import i18n, vocabulary
    from deepdecide.domain.matrix import RuntimeKind, SupportStatus
    from deepdecide.domain.workspace import CostView, Pricing, RecordStatus, StepStatus, Strategy, Vote
    from deepdecide.gui import labels
    from deepdecide.gui.models.matrix_model import status_label
    from deepdecide.gui.views import decision_page, gaps_page, migration_page
    from deepdecide.report import words

    for lang in ("en", "es"):
        with i18n.using(lang):
            pairs = [(labels.strategy(Strategy.KEEP), Strategy.KEEP), (labels.pricing("own"), Pricing.OWN),
                     (labels.cost_view(CostView.ALL_IN), CostView.ALL_IN),
                     (labels.capacity_basis("fails-slo"), CapacityBasis.FAILS_SLO),
                     (labels.runtime_kind(RuntimeKind.ENGINE), RuntimeKind.ENGINE),
                     (labels.vote("abstain"), Vote.ABSTAIN), (labels.record_status(RecordStatus.ACCEPTED), RecordStatus.ACCEPTED),
                     (status_label(SupportStatus.COMMUNITY), SupportStatus.COMMUNITY)]
            for shown, value in pairs:
                assert shown == vocabulary.word(value) == words.word(value)
            assert dict(decision_page.vote_labels()) == vocabulary.words("vote")
            assert dict(decision_page.status_labels()) == vocabulary.words("record status")
            assert dict(migration_page.status_labels())[StepStatus.IN_PROGRESS.value] == vocabulary.word(StepStatus.IN_PROGRESS)
            assert dict(gaps_page.answer_labels())["provided"] == vocabulary.word("provided", "checklist answer")


def test_dataframe_model_sorts_filters_and_fetches_on_demand(qtmodeltester):
    """Ten thousand runs: the view gets the first batch, the rest as it asks; sorting and the text
    filter work on every row, fetched or not, and a shown row maps to its frame row."""
    from deepdecide.gui.models.dataframe_model import FETCH_ROWS

    n = 10_000
    df = pd.DataFrame({"file": [f"run-{i:05d}.json" for i in range(n)],
                       "tpot_ms_p50": [None if i % 7 == 0 else float((i * 37) % 1000) for i in range(n)],
                       "fit": ["mismatch" if i % 3 == 0 else "matches" for i in range(n)]})
    model = DataFrameModel()
    model.muted_column = "fit"
    model.muted = lambda v: v == "mismatch"
    model.value_labels = {"fit": lambda v: {"matches": "coincide", "mismatch": "no coincide"}[v]}
    model.set_frame(df)
    assert model.rowCount() == FETCH_ROWS < n and model.shown_rows() == n
    assert model.canFetchMore()
    model.fetchMore()
    assert model.rowCount() == 2 * FETCH_ROWS
    model.fetch_all()
    assert model.rowCount() == n and not model.canFetchMore()
    # numbers sort as numbers over all rows, empty cells first; descending the other way round
    model.sort(1, Qt.SortOrder.AscendingOrder)
    values = [model.data(model.index(r, 1), SortRole) for r in range(model.rowCount())]
    assert values == sorted(values) and values[0] == float("-inf") and model.rowCount() == n
    model.sort(1, Qt.SortOrder.DescendingOrder)
    top = model.data(model.index(0, 1), Qt.ItemDataRole.EditRole)
    assert top == df["tpot_ms_p50"].max()
    # ties keep the frame's order; the greyed rows follow their runs through the sort
    tied = [model.source_row(r) for r in range(model.rowCount()) if model.data(model.index(r, 1), SortRole) == top]
    assert tied == sorted(tied) and len(tied) > 1
    assert all(model.is_muted(r) == (model.source_row(r) % 3 == 0) for r in range(50))
    # the filter reads the cells as shown (a value label, a number as written), case-insensitive
    model.set_filter_text("RUN-0004")
    assert model.shown_rows() == 10 and model.rowCount() == 10
    assert all("run-0004" in model.data(model.index(r, 0)) for r in range(10))
    model.set_filter_text("no coincide")
    assert model.shown_rows() == len(range(0, n, 3))
    model.set_filter_text("nothing has this")
    assert model.rowCount() == 0 and not model.canFetchMore()
    model.set_filter_text("")
    assert model.shown_rows() == n
    model.sort(-1)  # the frame's own order again
    assert [model.source_row(r) for r in range(5)] == [0, 1, 2, 3, 4]
    assert model.headerData(3, Qt.Orientation.Vertical) == "4"
    small = DataFrameModel()
    small.set_frame(df.iloc[:1200])
    qtmodeltester.check(small, force_py=True)


def test_evidence_table_opens_on_a_batch_of_ten_thousand_runs(qapp):
    """The view over the model asks for more rows as it scrolls (canFetchMore / fetchMore)."""
    from PySide6.QtWidgets import QTableView

    from deepdecide.gui.models.dataframe_model import FETCH_ROWS

    model = DataFrameModel()
    model.set_frame(pd.DataFrame({"n": range(10_000)}))
    view = QTableView()
    view.setModel(model)
    view.setSortingEnabled(True)
    view.resize(400, 300)
    view.show()
    qapp.processEvents()
    assert model.rowCount() == FETCH_ROWS
    view.scrollToBottom()
    qapp.processEvents()
    assert model.rowCount() > FETCH_ROWS
    view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert model.data(model.index(0, 0), Qt.ItemDataRole.EditRole) == 9_999
