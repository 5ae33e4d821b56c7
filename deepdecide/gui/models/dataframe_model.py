"""DataFrameModel: a read-only Qt table over a pandas DataFrame (numbers stay numbers).

It sorts and filters itself (no QSortFilterProxyModel over ten thousand runs: a proxy asks for every
cell's sort value through Qt, a sort here is one stable argsort of a column) and hands rows to the
view on demand (``canFetchMore`` / ``fetchMore``, :data:`FETCH_ROWS` at a time): a view lays out only
the rows it has been given, so opening a table of ten thousand runs costs what a few hundred cost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QApplication

from deepdecide.gui.models.records import SortRole, cell_text

_Index = QModelIndex | QPersistentModelIndex

#: rows handed to the view at a time (the first batch at once, the next ones as it scrolls)
FETCH_ROWS = 500


class DataFrameModel(QAbstractTableModel):
    """Show a DataFrame; ``headers`` maps column names to display titles, ``tooltips`` to header tips."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._df = pd.DataFrame()
        self._numeric: list[bool] = []
        self._rows = 0
        self._names: list[str] = []
        self._values: list[list[Any] | None] = []
        self._row_flags: dict[tuple[str, Any], list[bool]] = {}
        #: frame row of each shown row, in the shown order (the filter and the sort applied)
        self._order: np.ndarray = np.zeros(0, dtype=np.int64)
        self._loaded = 0  # rows handed to the view so far (at most len(self._order))
        self._sort_column = -1  # -1: the frame's own order
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._filter = ""
        self._texts: list[str] | None = None  # per frame row: its shown cells, lower case (the filter's)
        self.headers: dict[str, str] = {}
        self.header_tips: dict[str, str] = {}
        #: how a column's coded values are shown (in the interface language); sorting keeps the codes
        self.value_labels: dict[str, Callable[[Any], str]] = {}
        # rows whose ``muted_column`` value satisfies ``muted`` are shown greyed (e.g. runs that count for nothing)
        self.muted_column = ""
        self.muted: Callable[[Any], bool] | None = None
        #: or, per frame row, whether it is greyed (given with the frame: ``set_frame(df, muted_rows)``)
        self.muted_rows: list[bool] | None = None
        # rows with a value in ``struck_column`` are drawn struck through (e.g. runs excluded by a failing check)
        self.struck_column = ""

    def frame(self) -> pd.DataFrame:
        return self._df

    def set_frame(self, df: pd.DataFrame, muted_rows: list[bool] | None = None) -> None:
        """Replace the whole frame (a reset: the shape may change); ``muted_rows``: per row of ``df``,
        whether it is greyed (else ``muted_column`` and ``muted`` decide)."""
        self.beginResetModel()
        self.muted_rows = muted_rows if muted_rows is not None and len(muted_rows) == len(df) else None
        self._df = df.reset_index(drop=True)
        self._numeric = [pd.api.types.is_numeric_dtype(t) and not pd.api.types.is_bool_dtype(t)
                         for t in self._df.dtypes]
        # a view asks for every role of every cell it lays out (a thousand runs: tens of thousands of
        # calls): the shape, the column names and each column's plain values are kept as Python lists,
        # a column read from the frame the first time a cell of it is asked for
        self._rows = len(self._df)
        self._names = [str(c) for c in self._df.columns]
        self._values = [None] * len(self._names)
        self._row_flags = {}
        self._texts = None
        self._order = self._arranged()
        self._loaded = min(len(self._order), FETCH_ROWS)
        self.endResetModel()

    # sorting, filtering and fetching on demand ---------------------------------------------------
    def shown_rows(self) -> int:
        """Rows that pass the filter, whether or not the view has fetched them yet."""
        return len(self._order)

    def source_row(self, row: int) -> int:
        """The frame row shown at ``row``."""
        return int(self._order[row])

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._loaded < len(self._order)

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid() or self._loaded >= len(self._order):
            return
        more = min(FETCH_ROWS, len(self._order) - self._loaded)
        self.beginInsertRows(QModelIndex(), self._loaded, self._loaded + more - 1)
        self._loaded += more
        self.endInsertRows()

    def fetch_all(self) -> None:
        """Hand every shown row to the view (an export or a test reading the whole table)."""
        while self.canFetchMore():
            self.fetchMore()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the shown rows by ``column`` (-1: the frame's order); empty cells first ascending,
        numbers as numbers, text as text; ties keep the frame's order. The rows fetched stay fetched."""
        self._sort_column, self._sort_order = column, order
        self._rearrange()

    def set_filter_text(self, text: str) -> None:
        """Show only the rows with ``text`` in any cell as shown (case-insensitive); "" shows all."""
        if text == self._filter:
            return
        self._filter = text
        self._rearrange()

    def filter_text(self) -> str:
        return self._filter

    def _rearrange(self) -> None:
        self.beginResetModel()
        loaded = self._loaded
        self._order = self._arranged()
        self._loaded = min(len(self._order), max(loaded, FETCH_ROWS))
        self.endResetModel()

    def _arranged(self) -> np.ndarray:
        """The frame rows to show, filtered and sorted."""
        rows = np.arange(self._rows, dtype=np.int64)
        if self._filter and self._rows:
            needle = self._filter.lower()
            rows = np.fromiter((i for i, t in enumerate(self._row_texts()) if needle in t), dtype=np.int64)
        column = self._sort_column
        if 0 <= column < len(self._names) and len(rows) > 1:
            values = self._column(column)
            if self._numeric[column]:
                keys = np.array([float("-inf") if values[i] is None else float(values[i]) for i in rows])
            else:
                keys = np.array(["" if values[i] is None else str(values[i]) for i in rows], dtype=object)
            if self._sort_order == Qt.SortOrder.DescendingOrder:  # stable: ties keep the frame's order
                rows = rows[::-1][np.argsort(keys[::-1], kind="stable")][::-1]
            else:
                rows = rows[np.argsort(keys, kind="stable")]
        return rows

    def _row_texts(self) -> list[str]:
        """Each frame row's shown cells joined, lower case: worked out at the first filter of a frame."""
        if self._texts is None:
            columns = []
            for c, name in enumerate(self._names):
                label = self.value_labels.get(name)
                columns.append([(label(v) if label is not None and v is not None else cell_text(v)).lower()
                                for v in self._column(c)])
            self._texts = ["\x1f".join(cells) for cells in zip(*columns, strict=True)] if columns \
                else [""] * self._rows
        return self._texts

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._loaded

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._names)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._names):
            name = self._names[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return self.headers.get(name, name)
            if role == Qt.ItemDataRole.ToolTipRole:
                # a titled column without a tip has none (its key is not interface text in any language)
                return self.header_tips.get(name, None if name in self.headers else name)
            if role == Qt.ItemDataRole.UserRole:  # the column's name, whatever its title's language
                return name
        elif orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < self._loaded:
            return str(int(self._order[section]) + 1)  # the run's place in the frame, whatever the sort
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def _column(self, column: int) -> list[Any]:
        """The plain values of a column: numbers as Python numbers, None where empty, a tuple joined."""
        values = self._values[column]
        if values is None:
            values = self._values[column] = [_plain(v) for v in self._df.iloc[:, column].tolist()]
        return values

    def _value(self, index: _Index) -> Any:
        return self._column(index.column())[int(self._order[index.row()])]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < self._loaded and 0 <= column < len(self._names)):
            return None
        row = int(self._order[row])  # the frame's row from here on
        if role == Qt.ItemDataRole.DisplayRole:
            label = self.value_labels.get(self._names[column])
            value = self._column(column)[row]
            return label(value) if label is not None and value is not None else cell_text(value)
        if role == Qt.ItemDataRole.EditRole:
            value = self._column(column)[row]
            return "" if value is None else value
        if role == SortRole:
            value = self._column(column)[row]
            if self._numeric[column]:
                return float("-inf") if value is None else float(value)
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole cell, for one narrower than its text
            value = self._column(column)[row]
            if value is None:
                return None
            label = self.value_labels.get(self._names[column])
            return label(value) if label is not None else cell_text(value)
        if role == Qt.ItemDataRole.TextAlignmentRole and self._numeric[column]:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and self._is_struck(row):
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and self._is_muted(row):
            return QApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    def _flags(self, column_name: str, test: Callable[[Any], bool]) -> list[bool] | None:
        """``test`` of the raw cell of ``column_name`` in every row, worked out once per frame and test."""
        if not column_name or column_name not in self._df.columns:
            return None
        key = (column_name, test)
        flags = self._row_flags.get(key)
        if flags is None:
            flags = self._row_flags[key] = [bool(test(v)) for v in self._df[column_name].tolist()]
        return flags

    def is_struck(self, row: int) -> bool:
        """The shown row ``row`` is drawn struck through."""
        return 0 <= row < len(self._order) and self._is_struck(int(self._order[row]))

    def is_muted(self, row: int) -> bool:
        """The shown row ``row`` is greyed."""
        return 0 <= row < len(self._order) and self._is_muted(int(self._order[row]))

    def _is_struck(self, row: int) -> bool:  # a frame row
        flags = self._flags(self.struck_column, _has_value)
        return flags is not None and 0 <= row < len(flags) and flags[row]

    def _is_muted(self, row: int) -> bool:  # a frame row
        if self.muted_rows is not None:
            return 0 <= row < len(self.muted_rows) and self.muted_rows[row]
        if self.muted is None:
            return False
        flags = self._flags(self.muted_column, self.muted)
        return flags is not None and 0 <= row < len(flags) and flags[row]


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or (isinstance(value, float) and value != value) or value is pd.NA:
        return None
    if isinstance(value, tuple):
        return "; ".join(str(v) for v in value)
    return value


def _has_value(value: Any) -> bool:
    """A struck-through row's cell: any value (NaN where empty)."""
    return value is not None and value == value and str(value) != ""
