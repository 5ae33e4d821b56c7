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


def dialog_texts(window, qtbot) -> list[tuple[str, str]]:
    """The texts of every dialog of the window (export, sign, context, workload, item proxy), each shown once."""
    from deepdecide.gui.pdf_export import default_request
    from deepdecide.gui.views.context_dialog import ContextDialog
    from deepdecide.gui.views.export_dialog import ExportDialog
    from deepdecide.gui.views.item_proxy_dialog import ItemProxyDialog
    from deepdecide.gui.views.sign_dialog import SignDialog
    from deepdecide.gui.views.workload_dialog import WorkloadDialog

    ws = window.document.workspace
    fits = [x for x in window.document.assessment().evidence_fit if x.file_index == 0]
    dialogs = [ExportDialog(default_request(window.controller_context()), None, window, decision_id="DR-0001"),
               SignDialog(("Head of Inference Platform",), window),
               ContextDialog("run.json", ["runtime", "platform", "gpu_count"], {"runtime": [("vllm", "vLLM")]},
                             window, {"runtime": "vllm"}, None),
               WorkloadDialog(ws.workload, window), ItemProxyDialog(ws.evidence.files[0], fits, window)]
    seen = []
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        seen += [(f"{type(dialog).__name__}: {w}", s) for w, s in texts_of(dialog)]
        dialog.close()
    return seen
