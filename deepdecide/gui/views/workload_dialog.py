"""Edit the decision's workload: the model (and the other names the user declares to be the same
model), the precisions, the input and output tokens per request, the dataset or traffic class.

Every run and parity check is judged against it, so the dialog says what is wrong while the user
types (a range out of order, aliases without a model) and accepts only a valid workload; the
change is one undoable edit (``SetWorkload``)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain import formatting
from deepdecide.domain.i18n import _
from deepdecide.domain.workload import TokenRange, Workload, workload_from_form
from deepdecide.gui.i18n import fmt


def range_text(r: TokenRange | None) -> str:
    """A range as the dialog pre-fills it and reads it back: "6,144 – 10,240" ("6.144 – 10.240" in
    Spanish), the en dash never a grouping or decimal mark."""
    return "" if r is None else formatting.range_text(r.low, r.high)


class WorkloadDialog(QDialog):
    """One field per part of the workload; OK only while it is valid, the problems shown below."""

    def __init__(self, workload: Workload, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Workload of the decision"))
        self.setObjectName("workload_dialog")
        self.setMinimumWidth(560)  # the names and notes are long: fields wide enough to read them
        self.model = QLineEdit(workload.model)
        self.model.setPlaceholderText(_("e.g. DeepSeek-V4.1-Flash"))
        self.aliases = QLineEdit(", ".join(workload.aliases))
        self.aliases.setPlaceholderText(_("other names of the same model, comma-separated"))
        self.aliases.setToolTip(_("Only names you declare count as the same model: a hub id or a checkpoint "
                                        "path of this model. A smaller model of the same architecture is a proxy, "
                                        "not an alias."))
        self.precisions = QLineEdit(", ".join(workload.precisions))
        self.precisions.setPlaceholderText(_("e.g. fp4, fp8 (empty: any)"))
        self.input_tokens = QLineEdit(range_text(workload.input_tokens))
        self.input_tokens.setPlaceholderText(fmt(_("LOW – HIGH, e.g. %1 (empty: any)"),
                                                 formatting.range_text(6144, 10240)))
        self.output_tokens = QLineEdit(range_text(workload.output_tokens))
        self.output_tokens.setPlaceholderText(fmt(_("LOW – HIGH, e.g. %1 (empty: any)"),
                                                  formatting.range_text(768, 1280)))
        self.dataset = QLineEdit(workload.dataset)
        self.dataset.setPlaceholderText(_("dataset or traffic class, e.g. random, chat, RAG (empty: any)"))
        self.notes = QLineEdit(workload.notes)
        form = QFormLayout()
        form.addRow(_("Model"), self.model)
        form.addRow(_("Also known as"), self.aliases)
        form.addRow(_("Precisions"), self.precisions)
        form.addRow(_("Input tokens per request"), self.input_tokens)
        form.addRow(_("Output tokens per request"), self.output_tokens)
        form.addRow(_("Dataset / traffic class"), self.dataset)
        form.addRow(_("Notes"), self.notes)
        self.problems = QLabel()
        self.problems.setObjectName("workload_problems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020")
        intro = QLabel(_("Runs and parity checks of another model, precision, request shape or dataset are "
                               "shown but count for nothing, unless you accept them as a proxy."))
        intro.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)
        for edit in (self.model, self.aliases, self.precisions, self.input_tokens, self.output_tokens, self.dataset,
                     self.notes):
            edit.textChanged.connect(self._check)
        self._check()

    def parsed(self) -> tuple[Workload | None, list[str]]:
        return workload_from_form(model=self.model.text(), aliases=self.aliases.text(),
                                  precisions=self.precisions.text(), input_tokens=self.input_tokens.text(),
                                  output_tokens=self.output_tokens.text(), dataset=self.dataset.text(),
                                  notes=self.notes.text())

    def _check(self) -> None:
        _workload, problems = self.parsed()
        self.problems.setText("\n".join(problems))
        self.problems.setVisible(bool(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)

    def accept(self) -> None:
        if self.parsed()[0] is None:  # never accepted while invalid (Enter in a field)
            return
        super().accept()

    def workload(self) -> Workload | None:
        return self.parsed()[0]
