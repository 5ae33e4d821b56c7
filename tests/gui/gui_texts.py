"""Every text a user can read in a widget tree: labels, buttons, titles, combo items, fields, tab
names, table headers and cells, tooltips, chart titles and axes (GUI tests walk pages, slides and
dialogs with it)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabWidget,
    QWidget,
)


def _model_texts(view: QAbstractItemView) -> list[tuple[str, str]]:
    model = view.model()
    if model is None:
        return []
    found = []
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(QModelIndex())
    for c in range(columns):
        for role in roles:
            h = model.headerData(c, Qt.Orientation.Horizontal, role)
            if h:
                found.append((f"header {c}", str(h)))
    for r in range(min(model.rowCount(QModelIndex()), 200)):
        for c in range(columns):
            for role in roles:
                v = model.data(model.index(r, c), role)
                if isinstance(v, str) and v:
                    found.append((f"cell {r},{c}", v))
    return found


def _chart_texts(root: QWidget) -> list[tuple[str, str]]:
    from deepdecide.gui.widgets.charts import ThemedPlot

    found = []
    for chart in root.findChildren(ThemedPlot):
        item = chart.getPlotItem()
        found.append(("chart title", item.titleLabel.text or ""))
        for name in ("left", "bottom"):
            axis = item.getAxis(name)
            found.append((f"chart axis {name}", axis.labelText or ""))
    return found


def texts_of(root: QWidget) -> list[tuple[str, str]]:
    """Every text a user can read in ``root``: labels, buttons, titles, combo items, fields, tab
    names, table headers and cells, tooltips, chart titles and axes."""
    found: list[tuple[str, str]] = []
    for w in [root, *root.findChildren(QWidget)]:
        where = f"{type(w).__name__} {w.objectName()}"
        if w.toolTip():
            found.append((f"{where} tooltip", w.toolTip()))
        if isinstance(w, (QLabel, QAbstractButton)):
            found.append((where, w.text()))
        elif isinstance(w, QGroupBox):
            found.append((where, w.title()))
        elif isinstance(w, QComboBox):
            found += [(f"{where} item {i}", w.itemText(i)) for i in range(w.count())]
        elif isinstance(w, QLineEdit):
            found += [(where, w.text()), (f"{where} placeholder", w.placeholderText())]
        elif isinstance(w, QAbstractSpinBox):
            found.append((where, w.text()))
            suffix = getattr(w, "suffix", None)
            if suffix is not None:
                found.append((f"{where} suffix", suffix()))
        elif isinstance(w, QTabWidget):
            found += [(f"{where} tab {i}", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, QAbstractItemView):
            found += [(f"{where} {k}", v) for k, v in _model_texts(w)]
    return found + _chart_texts(root)
