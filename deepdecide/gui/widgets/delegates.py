"""Item delegates: a combo box for cells that offer choices (ChoicesRole), the application's number
fields for number cells (DecimalsRole), Qt's default editor for text."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from deepdecide.gui.models.records import ChoicesRole, DecimalsRole
from deepdecide.gui.widgets.numbers import DecimalSpinBox

#: the largest figure a cell's number field takes (the editable figures are prices, power and
#: efforts: never negative)
CELL_MAXIMUM = 1e15


class ChoiceDelegate(QStyledItemDelegate):
    """Edit a cell with a combo box when the model offers choices; a number cell with a
    :class:`~deepdecide.gui.widgets.numbers.DecimalSpinBox` (figures written and read as the rest of
    the app writes them: "25.000" in Spanish), else the default editor. :func:`make_table` gives every
    editable table one."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        choices = index.data(ChoicesRole)
        decimals = index.data(DecimalsRole)
        if choices:
            combo = QComboBox(parent)
            for value, label in choices:
                combo.addItem(label, value)
            return combo
        if decimals is not None:
            box = DecimalSpinBox(parent, decimals=int(decimals))
            box.setRange(0.0, CELL_MAXIMUM)
            box.setFrame(False)
            box.setAutoFillBackground(True)  # the cell's own text does not show beside its arrows
            box.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return box
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            value = index.data(Qt.ItemDataRole.EditRole)
            i = editor.findData(value)
            editor.setCurrentIndex(max(i, 0))
        elif isinstance(editor, DecimalSpinBox):
            value = index.data(Qt.ItemDataRole.EditRole)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                editor.setValue(float(value))
            else:  # an empty cell opens an empty field
                editor.set_blank()
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
        elif isinstance(editor, DecimalSpinBox):
            editor.interpretText()
            if editor.is_blank():  # left empty: the cell stays as it is
                return
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


__all__ = ["ChoiceDelegate"]
