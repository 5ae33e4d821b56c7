"""Item delegates: a combo box for cells that offer choices (ChoicesRole)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from deepdecide.gui.models.records import ChoicesRole


class ChoiceDelegate(QStyledItemDelegate):
    """Edit a cell with a combo box when the model offers choices, else the default editor."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        choices = index.data(ChoicesRole)
        if not choices:
            return super().createEditor(parent, option, index)
        combo = QComboBox(parent)
        for value, label in choices:
            combo.addItem(label, value)
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            value = index.data(Qt.ItemDataRole.EditRole)
            i = editor.findData(value)
            editor.setCurrentIndex(max(i, 0))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)
