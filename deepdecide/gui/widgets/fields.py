"""Form fields that commit on finish (not per keystroke), so one edit is one undo step."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QPlainTextEdit, QWidget


class CommitTextEdit(QPlainTextEdit):
    """A plain-text editor that emits ``committed`` with its text when it loses focus."""

    #: the user finished editing (payload: the text)
    committed = Signal(str)

    def __init__(self, parent: QWidget | None = None, lines: int = 3):
        super().__init__(parent)
        self.setTabChangesFocus(True)
        metrics = self.fontMetrics()
        self.setFixedHeight(metrics.lineSpacing() * lines + 12)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.committed.emit(self.toPlainText())
        super().focusOutEvent(event)

    def set_text_keep_cursor(self, text: str) -> None:
        """Show ``text`` unless it is already there (keeps the cursor while typing)."""
        if self.toPlainText() != text:
            self.setPlainText(text)
