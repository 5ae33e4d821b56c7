"""Overview page (waits for the analysis)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.views.page import Page


class OverviewPage(Page):
    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.label = QLabel()
        QVBoxLayout(self).addWidget(self.label)

    def title(self) -> str:
        return self.tr("Overview")

    def refresh(self) -> None:
        ws = self.document.workspace
        self.label.setText(f"{ws.decision.title}: {len(ws.options)} options")
