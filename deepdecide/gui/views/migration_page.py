"""Migration plan: the steps with status, owner and notes (editable, undoable)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from deepdecide.domain.edits import SetMigrationStep
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.workspace import MigrationStep, StepStatus
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.views.page import Page, make_table


def status_labels() -> list[tuple[str, str]]:
    return labels.choices("step status")


class MigrationPage(Page):
    """The migration plan's steps, each with status, owner and notes."""

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)

        def step_edit(field: str):
            def make(rec: tuple[int, MigrationStep], value):
                index, step = rec
                if field == "status":
                    value = StepStatus(value)
                if getattr(step, field) == value:
                    return None
                return SetMigrationStep(index, replace(step, **{field: value}))
            return make

        self.model = RecordTableModel([
            Column(_("Step"), lambda r: r[1].order, numeric=True),
            Column(_("Title"), lambda r: r[1].title, tooltip=lambda r: r[1].title),
            Column(self.later(N_("Status")), lambda r: r[1].status.value, meaning=lambda r: r[1].status.value,
                   choices=status_labels(), edit=step_edit("status")),
            Column(self.later(N_("Owner")), lambda r: r[1].owner, edit=step_edit("owner")),
            Column(self.later(N_("Notes")), lambda r: r[1].notes, tooltip=lambda r: r[1].notes, edit=step_edit("notes")),
        ], self.submit, self)
        self.view = make_table(self.model)
        self.view.setWordWrap(True)
        layout = QVBoxLayout(self)
        heading = QLabel(_("<h2>Migration plan</h2>"))
        layout.addWidget(heading)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)

    def title(self) -> str:
        return _("Migration plan")

    def refresh(self) -> None:
        plan = self.document.workspace.migration_plan
        self.model.set_rows(list(enumerate(plan)))
        counts = {s: sum(1 for st in plan if st.status == s) for s in StepStatus}
        self.summary.setText(fmt(_("%1 steps: %2 done, %3 in progress, %4 blocked, %5 to do. "
                                         "Double-click a status, owner or note to change it."),
                                 len(plan), counts[StepStatus.DONE], counts[StepStatus.IN_PROGRESS],
                                 counts[StepStatus.BLOCKED], counts[StepStatus.TODO]))
        self.view.resizeColumnsToContents()
        self.view.setColumnWidth(1, min(self.view.columnWidth(1), 420))
        self.view.resizeRowsToContents()
