"""EditCommand: a domain edit on the undo stack; drags of one control merge into one step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from deepdecide.domain.edits import Edit


class Editable(Protocol):
    """What a command needs of the document it edits (``gui.document.WorkspaceDocument``, which
    pushes the commands): apply an edit, get its inverse."""

    def apply_edit(self, edit: Edit) -> Edit: ...

_MERGE_IDS: dict[object, int] = {}


#: a step's label: a text, or a function that says it in the current language (so the history
#: reads in the new language after View > Language)
Label = str | Callable[[], str]


def _merge_id(key: object) -> int:
    """A stable small integer per merge key (QUndoCommand.id() must be an int)."""
    return _MERGE_IDS.setdefault(key, len(_MERGE_IDS) + 1)


class EditCommand(QUndoCommand):
    """Apply ``edit`` on redo and its inverse on undo.

    Commands with the same ``merge_key`` merge into one (the later edit with the first
    inverse), so a slider drag is one undo step. Only edits that replace one slot (a
    weight, the SLO, ...) may be given a merge key.
    """

    def __init__(self, document: Editable, edit: Edit, text: Label, merge_key: object = None):
        super().__init__(text() if callable(text) else text)
        self._label = text if callable(text) else None
        self._document = document
        self.edit = edit
        self.inverse: Edit | None = None
        self.merge_key = merge_key

    def redo(self) -> None:
        self.inverse = self._document.apply_edit(self.edit)

    def undo(self) -> None:
        if self.inverse is not None:
            self._document.apply_edit(self.inverse)

    def retranslate(self) -> None:
        """Say the label again in the current language (a plain text label stays as it was)."""
        if self._label is not None:
            self.setText(self._label())

    def id(self) -> int:
        return -1 if self.merge_key is None else _merge_id(self.merge_key)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key or self.merge_key is None:
            return False
        # keep our inverse (the state before the first step of the drag), take the latest edit
        self.edit = other.edit
        self.setText(other.text())
        self._label = other._label
        return True
