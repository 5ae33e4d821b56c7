"""Parity: verdicts per check kind x option, with the rule and the numbers behind each."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from deepdecide.analysis.assessment import OptionAssessment, ParityOutcome
from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.records import Column, MeaningRole, RecordTableModel, cell_text
from deepdecide.gui.views.page import Page, make_table

NO_EVIDENCE = ParityOutcome.NONE.value


def verdict_label(verdict: str) -> str:
    return {Verdict.PASS.value: QCoreApplication.translate("ParityPage", "✔ pass"), Verdict.FAIL.value: QCoreApplication.translate("ParityPage", "✘ fail"),
            Verdict.INCONCLUSIVE.value: QCoreApplication.translate("ParityPage", "? inconclusive"), NO_EVIDENCE: QCoreApplication.translate("ParityPage", "— no evidence")}[verdict]


def kind_label(kind: ParityKind) -> str:
    return {ParityKind.KERNEL: QCoreApplication.translate("ParityPage", "Kernels"), ParityKind.LOGITS: QCoreApplication.translate("ParityPage", "Logits"),
            ParityKind.GREEDY_MATCH: QCoreApplication.translate("ParityPage", "Greedy match"), ParityKind.EVAL_ACCURACY: QCoreApplication.translate("ParityPage", "Eval accuracy"),
            ParityKind.STRUCTURED_OUTPUT: QCoreApplication.translate("ParityPage", "Structured output"),
            ParityKind.LONG_CONTEXT: QCoreApplication.translate("ParityPage", "Long context")}[kind]


def checks_for(ws: Workspace, oa: OptionAssessment, kind: ParityKind) -> list[ParityCheck]:
    """The parity checks of one kind the Assessment counts for the option (its exact runtime and
    platform; a GPU name the file reported counts for the matrix platform it names)."""
    kp = oa.parity_of(kind)
    if kp is None:
        return []
    checks = ws.evidence.parity
    return [checks[i] for i in kp.checks]


def outcome(oa: OptionAssessment, kind: ParityKind) -> str:
    """The Assessment's verdict of one kind on the option (pass, fail, inconclusive, none)."""
    kp = oa.parity_of(kind)
    return kp.outcome.value if kp is not None else NO_EVIDENCE


def check_line(c: ParityCheck) -> str:
    ref = f"{c.reference_runtime or '?'} on {c.reference_platform or '?'}"
    nums = fmt(QCoreApplication.translate("ParityPage", "%1 = %2 vs %3 (reference %4), Δ %5, n = %6, stderr %7"), c.metric or c.task,
               cell_text(c.value), cell_text(c.reference_value), ref, cell_text(c.delta),
               cell_text(c.n) or "?", cell_text(c.stderr) or "?")
    rule = QCoreApplication.translate("ParityPage", "rule")
    tolerance = c.tolerance or QCoreApplication.translate("ParityPage", "(not stated)")
    source = f" — {c.source}" if c.source else ""
    return f"<b>{verdict_label(c.verdict.value)}</b> {c.task}: {nums}<br>&nbsp;&nbsp;{rule}: {tolerance}{source}"


class ParityPage(Page):
    """Grid of verdicts (options x check kinds) and the checks behind the selected cell."""

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.grid = RecordTableModel([], None, self)
        self.grid_view = make_table(self.grid)
        self.grid_view.setSelectionBehavior(self.grid_view.SelectionBehavior.SelectItems)
        self.grid_view.clicked.connect(self._cell_clicked)
        self.detail = RecordTableModel([
            Column(self.tr("Verdict"), lambda c: c.verdict.value, display=verdict_label,
                   meaning=lambda c: c.verdict.value),
            Column(self.tr("Task"), lambda c: c.task),
            Column(self.tr("Metric"), lambda c: c.metric),
            Column(self.tr("Value"), lambda c: c.value, numeric=True),
            Column(self.tr("Reference"), lambda c: c.reference_value, numeric=True,
                   tooltip=lambda c: f"{c.reference_runtime} / {c.reference_platform}"),
            Column(self.tr("Δ"), lambda c: c.delta, numeric=True),
            Column(self.tr("n"), lambda c: c.n, numeric=True),
            Column(self.tr("stderr"), lambda c: c.stderr, numeric=True),
            Column(self.tr("Rule"), lambda c: c.tolerance, tooltip=lambda c: c.tolerance),
            Column(self.tr("Source"), lambda c: c.source, tooltip=lambda c: c.source),
        ], None, self)
        self.detail_view = make_table(self.detail)
        self.detail_title = QLabel(self.tr("Click a cell to see the checks behind it."))
        self.note = QLabel()
        self.note.setWordWrap(True)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(self.detail_title)
        bl.addWidget(self.detail_view)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.grid_view)
        split.addWidget(bottom)
        split.setSizes([260, 400])
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("<h2>Parity</h2>")))
        layout.addWidget(self.note)
        layout.addWidget(split, 1)
        self._options: tuple[OptionAssessment, ...] = ()
        self._key: Any = None

    def title(self) -> str:
        return self.tr("Parity")

    def refresh(self) -> None:
        ws = self.document.workspace
        a = self.document.assessment()
        self._options = a.options
        required = set(a.required_parity)
        key = (ws.options, tuple(a.required_parity))
        if key != self._key:
            self._key = key
            cols = [Column(self.tr("Option"), lambda o: o.name,
                           tooltip=lambda o: f"{o.name}<br>{o.runtime} / {o.platform}")]
            for k in ParityKind:
                def verdict(o: OptionAssessment, k: ParityKind = k) -> str:
                    return outcome(o, k)

                def tip(o: OptionAssessment, k: ParityKind = k) -> str:
                    checks = checks_for(self.document.workspace, o, k)
                    head = f"<b>{o.name}</b> — {kind_label(k)}"
                    if not checks:
                        return head + "<br>" + self.tr("No check of this kind on this exact runtime and platform.")
                    return head + "<br>" + "<br>".join(check_line(c) for c in checks)

                title = kind_label(k) + (" *" if k in required else "")
                cols.append(Column(title, verdict, display=verdict_label, meaning=verdict, tooltip=tip,
                                   header_tip=self.tr("* required before an option counts as correct")
                                   if k in required else ""))
            self.grid.set_columns(cols)
        self.grid.set_rows(list(a.options))
        if self.grid.rowCount():
            self.grid.dataChanged.emit(self.grid.index(0, 0),
                                       self.grid.index(self.grid.rowCount() - 1, self.grid.columnCount() - 1))
        self.grid_view.resizeColumnsToContents()
        n = len(ws.evidence.parity)
        self.note.setText(fmt(self.tr("%1 parity checks imported. A verdict needs the option's exact runtime and "
                                      "platform. Too few samples to decide is inconclusive, never a pass. "
                                      "Required kinds are marked *."), n))
        # show the checks behind the first cell that has any, so the numbers are one glance away
        first = next(((r, c) for r in range(self.grid.rowCount()) for c in range(1, self.grid.columnCount())
                      if self.grid.index(r, c).data(MeaningRole) != NO_EVIDENCE), None)
        if first is None:
            self._show_detail(None, None)
        else:
            self.grid_view.setCurrentIndex(self.grid.index(*first))
            self._cell_clicked(self.grid.index(*first))

    def _cell_clicked(self, index: Any) -> None:
        if index.column() == 0:
            return
        option = self._options[index.row()]
        kind = list(ParityKind)[index.column() - 1]
        self._show_detail(option, kind)

    def _show_detail(self, option: OptionAssessment | None, kind: ParityKind | None) -> None:
        if option is None or kind is None:
            self.detail.set_rows([])
            return
        checks = checks_for(self.document.workspace, option, kind)
        self.detail.set_rows(checks)
        self.detail_title.setText(fmt(self.tr("%1 — %2: %3 checks"), option.name, kind_label(kind), len(checks)))
        self.detail_view.resizeColumnsToContents()
