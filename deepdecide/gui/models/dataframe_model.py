"""DataFrameModel: a read-only Qt table over a pandas DataFrame (numbers stay numbers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from deepdecide.gui.models.records import SortRole, cell_text

_Index = QModelIndex | QPersistentModelIndex


class DataFrameModel(QAbstractTableModel):
    """Show a DataFrame; ``headers`` maps column names to display titles, ``tooltips`` to header tips."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._df = pd.DataFrame()
        self._numeric: list[bool] = []
        self.headers: dict[str, str] = {}
        self.header_tips: dict[str, str] = {}
        #: how a column's coded values are shown (in the interface language); sorting keeps the codes
        self.value_labels: dict[str, Callable[[Any], str]] = {}
        # rows whose ``muted_column`` value satisfies ``muted`` are shown greyed (e.g. runs that count for nothing)
        self.muted_column = ""
        self.muted: Callable[[Any], bool] | None = None
        # rows with a value in ``struck_column`` are drawn struck through (e.g. runs excluded by a failing check)
        self.struck_column = ""

    def frame(self) -> pd.DataFrame:
        return self._df

    def set_frame(self, df: pd.DataFrame) -> None:
        """Replace the whole frame (a reset: the shape may change)."""
        self.beginResetModel()
        self._df = df.reset_index(drop=True)
        self._numeric = [pd.api.types.is_numeric_dtype(t) and not pd.api.types.is_bool_dtype(t)
                         for t in self._df.dtypes]
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._df)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._df.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._df.columns):
            name = str(self._df.columns[section])
            if role == Qt.ItemDataRole.DisplayRole:
                return self.headers.get(name, name)
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.header_tips.get(name, name)
            if role == Qt.ItemDataRole.UserRole:  # the column's name, whatever its title's language
                return name
        elif orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(self._df):
            return str(section + 1)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def _value(self, index: _Index) -> Any:
        value = self._df.iat[index.row(), index.column()]
        if isinstance(value, np.generic):
            value = value.item()
        if value is None or (isinstance(value, float) and value != value) or value is pd.NA:
            return None
        if isinstance(value, tuple):
            return "; ".join(str(v) for v in value)
        return value

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._df)) \
                or not (0 <= index.column() < len(self._df.columns)):
            return None
        numeric = self._numeric[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            label = self.value_labels.get(str(self._df.columns[index.column()]))
            value = self._value(index)
            return label(value) if label is not None and value is not None else cell_text(value)
        if role == Qt.ItemDataRole.EditRole:
            value = self._value(index)
            return "" if value is None else value
        if role == SortRole:
            value = self._value(index)
            if numeric:
                return float("-inf") if value is None else float(value)
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole cell, for one narrower than its text
            value = self._value(index)
            if value is None:
                return None
            label = self.value_labels.get(str(self._df.columns[index.column()]))
            return label(value) if label is not None else cell_text(value)
        if role == Qt.ItemDataRole.TextAlignmentRole and numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and self.is_struck(index.row()):
            from PySide6.QtGui import QFont

            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and self.is_muted(index.row()):
            from PySide6.QtGui import QPalette
            from PySide6.QtWidgets import QApplication

            return QApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    def is_struck(self, row: int) -> bool:
        if not self.struck_column or self.struck_column not in self._df.columns or not 0 <= row < len(self._df):
            return False
        value: Any = self._df[self.struck_column].iat[row]  # a cell of any dtype (NaN where empty)
        return value is not None and value == value and str(value) != ""

    def is_muted(self, row: int) -> bool:
        if (self.muted is None or not self.muted_column or self.muted_column not in self._df.columns
                or not 0 <= row < len(self._df)):
            return False
        return bool(self.muted(self._df[self.muted_column].iat[row]))
