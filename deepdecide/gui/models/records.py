"""RecordTableModel: a table over a tuple of domain records, one Column spec per column.

Numbers stay numbers for EditRole and SortRole and are formatted only for DisplayRole;
an edit never mutates a record: the column turns the new value into a domain edit that
goes through the document's undo stack, named after the column's title. An editable column's
title is a function that says it in the current language (``Page.later``), so the step's name
follows a language switch like the rest of the undo history.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from deepdecide.domain import formatting
from deepdecide.domain.i18n import _
from deepdecide.gui.theme import status_color

SortRole = Qt.ItemDataRole.UserRole
#: list of (value, label) pairs an editor offers for a cell
ChoicesRole = Qt.ItemDataRole.UserRole + 1
#: the meaning (status / verdict / answer) that colours a cell
MeaningRole = Qt.ItemDataRole.UserRole + 2
#: the decimals a number cell's editor offers (editable numeric columns only, else None)
DecimalsRole = Qt.ItemDataRole.UserRole + 3

_Index = QModelIndex | QPersistentModelIndex


@dataclass
class Column:
    """How one column reads, shows, colours and (optionally) edits a record. A ``title`` that
    depends on the workspace (a money header in its currency) is a function, read each time the
    header is shown (:meth:`RecordTableModel.refresh_headers` after the workspace changed)."""

    title: str | Callable[[], str]  # a function for an editable column: it names the undo step
    value: Callable[[Any], Any]
    display: Callable[[Any], str] | None = None
    tooltip: Callable[[Any], str] | None = None
    meaning: Callable[[Any], str | None] | None = None
    edit: Callable[[Any, Any], Any] | None = None  # (record, new value) -> domain edit, or None
    choices: Sequence[tuple[Any, str]] | None = None
    numeric: bool = False
    header_tip: str = ""
    decimals: int = 2  # an editable numeric column: the places its editor offers (more if a value has them)
    #: an editable column whose cells are editable only for some records (e.g. a price the option uses)
    editable: Callable[[Any], bool] | None = None

    @property
    def heading(self) -> str:
        return self.title() if callable(self.title) else self.title


def places_of(value: float, most: int = 6) -> int:
    """The decimals ``value`` needs to be written exactly (at most ``most``): 2.5 -> 1, 3.0 -> 0."""
    for places in range(most):
        if abs(round(value, places) - value) <= 1e-9 * max(1.0, abs(value)):
            return places
    return most


def cell_text(value: Any) -> str:
    """What a table cell shows: blank when there is no value, text as it is, numbers through
    :func:`deepdecide.domain.formatting.number` (as the CLI and the PDF write them)."""
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str) or not isinstance(value, (int, float)):
        return str(value)
    return formatting.number(value)


class RecordTableModel(QAbstractTableModel):
    """A read-mostly table over domain records; ``submit_edit`` receives the edits of editable cells
    with their column's title (a function for an editable column: the undo step's name)."""

    def __init__(self, columns: Sequence[Column], submit_edit: Callable[[Any, Any], None] | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self._columns = list(columns)
        self._rows: list[Any] = []
        self._submit = submit_edit
        #: records for which this is true are shown greyed (e.g. checks that count for nothing)
        self.muted: Callable[[Any], bool] | None = None

    # contents ----------------------------------------------------------------------------
    def editable(self) -> bool:
        """Whether any cell can be edited (its view uses the application's cell editors)."""
        return self._submit is not None and any(c.edit is not None for c in self._columns)

    def rows(self) -> list[Any]:
        return list(self._rows)

    def row_record(self, row: int) -> Any:
        return self._rows[row]

    def set_rows(self, rows: Sequence[Any]) -> None:
        """Replace the records: same count -> dataChanged (keeps selection and editors), else a reset."""
        rows = list(rows)
        if len(rows) == len(self._rows) and rows:
            changed = [i for i, (a, b) in enumerate(zip(self._rows, rows, strict=True)) if a != b]
            self._rows = rows
            if changed:
                self.dataChanged.emit(self.index(min(changed), 0),
                                      self.index(max(changed), len(self._columns) - 1))
        elif len(rows) != len(self._rows) or rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()

    def set_columns(self, columns: Sequence[Column]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self.endResetModel()

    def refresh_headers(self) -> None:
        """Re-read the titles that are functions (a money header after a currency change)."""
        if self._columns and any(callable(c.title) for c in self._columns):
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._columns) - 1)

    def column_spec(self, column: int) -> Column:
        return self._columns[column]

    # Qt API ------------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            col = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return col.heading
            if role == Qt.ItemDataRole.ToolTipRole:  # the full title, for a header narrower than it
                return col.header_tip or col.heading
        elif orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(self._rows):
            return str(section + 1)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        col = self._columns[index.column()]
        if col.edit is not None and self._submit is not None and (
                col.editable is None or col.editable(self._rows[index.row()])):
            f |= Qt.ItemFlag.ItemIsEditable
        return f

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)) \
                or not (0 <= index.column() < len(self._columns)):
            return None
        rec = self._rows[index.row()]
        col = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(col, rec)
        if role == Qt.ItemDataRole.EditRole:
            value = col.value(rec)
            return "" if value is None else (str(value) if isinstance(value, str) else value)
        if role == SortRole:
            return self._sort_value(col, rec)
        if role == Qt.ItemDataRole.ToolTipRole:
            return col.tooltip(rec) if col.tooltip else None
        if role == MeaningRole:
            return col.meaning(rec) if col.meaning else None
        if role == Qt.ItemDataRole.BackgroundRole and col.meaning:
            meaning = col.meaning(rec)
            return status_color(meaning) if meaning else None
        if role == ChoicesRole:
            return list(col.choices) if col.choices else None
        if role == DecimalsRole:
            if not (col.numeric and col.edit is not None):
                return None
            value = col.value(rec)
            own = places_of(float(value)) if isinstance(value, float) else 0
            return max(col.decimals, own)
        if role == Qt.ItemDataRole.TextAlignmentRole and col.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and self.muted is not None and self.muted(rec):

            return QApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    def _display(self, col: Column, rec: Any) -> str:
        value = col.value(rec)
        if col.display is not None:
            return col.display(value)
        if col.choices:
            return next((label for v, label in col.choices if v == value), "" if value is None else str(value))
        return cell_text(value)

    def _sort_value(self, col: Column, rec: Any) -> Any:
        value = col.value(rec)
        if value is None:
            return float("-inf") if col.numeric else ""
        if col.numeric:
            return float(value)
        return str(value)

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole or self._submit is None:
            return False
        col = self._columns[index.column()]
        if col.edit is None:
            return False
        rec = self._rows[index.row()]
        if col.editable is not None and not col.editable(rec):
            return False
        try:
            edit = col.edit(rec, value)
        except (TypeError, ValueError):
            return False
        if edit is None:
            return False
        self._submit(edit, col.title)  # the title's function: the step's name follows a language switch
        return True
