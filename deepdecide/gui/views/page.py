"""Page: one screen of the main window; refreshes from the document only while visible."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

from deepdecide.domain.i18n import _, pgettext
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.records import RecordTableModel
from deepdecide.gui.undo import Label
from deepdecide.gui.widgets.delegates import ChoiceDelegate


class Page(QWidget):
    """Base of the pages. Subclasses implement ``refresh`` (read the document, update widgets)."""

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.document = document
        self._stale = True
        document.changed.connect(self._on_changed)

    def title(self) -> str:
        raise NotImplementedError

    def _on_changed(self, _ws: Any) -> None:
        if self.isVisible():
            self.refresh()
            self._stale = False
        else:
            self._stale = True

    def ensure_fresh(self) -> None:
        """Refresh now if the document changed while the page was hidden."""
        if self._stale:
            self.refresh()
            self._stale = False

    def showEvent(self, event: Any) -> None:
        self.ensure_fresh()
        super().showEvent(event)

    def refresh(self) -> None:
        raise NotImplementedError

    def submit(self, edit: Any, what: Label, merge_key: object = None) -> None:
        """Record ``edit`` on the undo stack, labelled with the translated ``what`` (a function
        from :meth:`later`: the label follows a language switch)."""
        if callable(what):
            label: Label = lambda: fmt(_("Edit %1"), what())  # noqa: E731
        else:
            label = fmt(_("Edit %1"), what)
        self.document.edit(edit, label, merge_key)

    def later(self, source: str, disambiguation: str | None = None) -> Callable[[], str]:
        """``source`` translated when asked, in the language of that moment (mark the literal with
        ``N_`` so the catalog lists it; ``disambiguation`` is its catalog context)."""
        if disambiguation:
            return lambda: pgettext(disambiguation, source)
        return lambda: _(source)


#: rows read to size a table's columns to their contents (the visible ones first): sizing asks the
#: model for every role of every cell it reads, some 40 µs a cell, so that a thousand runs of forty
#: columns sized from 200 rows took a third of a second; the rest of a column's cells show "…" where
#: wider, the whole text on hover
RESIZE_SAMPLE_ROWS = 50


def make_table(model: Any, *, sortable: bool = False, stretch_last: bool = True) -> QTableView:
    """A table view with the application's defaults (alternating rows, sized columns); an editable
    table edits its cells with the application's editors (choices, number fields)."""
    view = QTableView()
    view.setModel(model)
    if isinstance(model, RecordTableModel) and model.editable():
        view.setItemDelegate(ChoiceDelegate(view))
    view.setAlternatingRowColors(True)
    view.setSortingEnabled(sortable)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    # sizing columns to their contents reads at most this many rows (Qt's default is 1,000): a table
    # of a thousand result files stays quick to lay out, the widths come from a sample of it
    view.verticalHeader().setResizeContentsPrecision(RESIZE_SAMPLE_ROWS)
    view.horizontalHeader().setResizeContentsPrecision(RESIZE_SAMPLE_ROWS)
    view.horizontalHeader().setStretchLastSection(stretch_last)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    return view
