"""Service gaps: per option, where each production piece comes from, who owns it, and the effort."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import SetChecklistAnswer
from deepdecide.domain.formatting import number
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.workspace import Answer, ChecklistAnswer, ChecklistItem, Workspace
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.assessed import effort_model, ranked_order
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.views.page import Page, make_table

NOT_ANSWERED = ""


def answer_labels() -> list[tuple[str, str]]:
    return [(NOT_ANSWERED, _("not answered")), *labels.choices("checklist answer")]


def item_tooltip(item: ChecklistItem) -> str:
    lines = [f"<b>{item.title}</b>"]
    if item.description:
        lines.append(item.description)
    as_of = _("as of")
    for s in item.sources:
        lines.append(f"<i>{s.title}</i> — {s.url_or_path} ({as_of} {formatting.date(s.as_of)})")
    return "<br>".join(lines)


def _with_effort(est: Estimate, which: str, value: float) -> Estimate:
    """Set one point of a three-point estimate and keep low <= likely <= high by moving the others."""
    low, likely, high = est.low, est.likely, est.high
    if which == "low":
        low = value
        likely, high = max(likely, low), max(high, low)
    elif which == "likely":
        likely = value
        low, high = min(low, likely), max(high, likely)
    else:
        high = value
        low, likely = min(low, high), min(likely, high)
    return Estimate(low, likely, high)


Row = tuple[str, ChecklistItem, ChecklistAnswer | None]  # (option id, item, answer)


class GapsPage(Page):
    """The service checklist of one option, editable, with a summary across options."""

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.option_combo = QComboBox()
        self.option_combo.currentIndexChanged.connect(lambda _i: self.refresh())
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)

        def answer_edit(field: str):
            def make(rec: Row, value):
                option, item, ans = rec
                if field == "answer":
                    if value in (NOT_ANSWERED, None):
                        return None if ans is None else SetChecklistAnswer(option, item.id, None)
                    new = replace(ans, answer=Answer(value)) if ans else ChecklistAnswer(option, item.id, Answer(value))
                else:
                    base = ans or ChecklistAnswer(option, item.id, Answer.MISSING)
                    if field in ("low", "likely", "high"):
                        number = float(value)
                        if number < 0:
                            raise ValueError("negative effort")
                        new = replace(base, effort_person_weeks=_with_effort(base.effort_person_weeks, field, number))
                    else:
                        changes: dict[str, Any] = {field: str(value)}
                        new = replace(base, **changes)
                return None if new == ans else SetChecklistAnswer(option, item.id, new)
            return make

        def effort(which: str):
            return lambda r: getattr(r[2].effort_person_weeks, which) if r[2] else None

        tip = _("Person-weeks of engineering; low <= likely <= high is kept by moving the other points")
        self.model = RecordTableModel([
            Column(_("Item"), lambda r: r[1].title, tooltip=lambda r: item_tooltip(r[1])),
            Column(_("Category"), lambda r: labels.category(r[1].category)),
            Column(self.later(N_("Answer")), lambda r: r[2].answer.value if r[2] else NOT_ANSWERED,
                   meaning=lambda r: r[2].answer.value if r[2] else None, choices=answer_labels(),
                   edit=answer_edit("answer"),
                   header_tip=_("provided: the runtime has it; external: someone must build or integrate "
                                      "it (adds to the migration cost); missing: a blocker until an owner is named")),
            Column(self.later(N_("Owner")), lambda r: r[2].provider if r[2] else "",
                   edit=answer_edit("provider")),
            Column(self.later(N_("Effort low")), effort("low"), numeric=True, decimals=1,
                   edit=answer_edit("low"), header_tip=tip),
            Column(self.later(N_("likely")), effort("likely"), numeric=True, decimals=1,
                   edit=answer_edit("likely"), header_tip=tip),
            Column(self.later(N_("high")), effort("high"), numeric=True, decimals=1,
                   edit=answer_edit("high"), header_tip=tip),
            Column(self.later(N_("Notes")), lambda r: r[2].notes if r[2] else "",
                   tooltip=lambda r: r[2].notes if r[2] else "", edit=answer_edit("notes")),
        ], self.submit, self)
        self.view = make_table(self.model)

        # items x options overview
        self.overview = RecordTableModel([], None, self)
        self.overview_view = make_table(self.overview)
        self.overview_view.setSelectionBehavior(self.overview_view.SelectionBehavior.SelectItems)
        self.overview_view.clicked.connect(self._overview_clicked)
        self.overview_view.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.overview_view.horizontalHeader().setStretchLastSection(False)

        # engineering effort per option, as the analysis counts it
        self.efforts = effort_model(self)
        self.efforts_view = make_table(self.efforts, stretch_last=False)

        top = QHBoxLayout()
        top.addWidget(QLabel(_("Option:")))
        top.addWidget(self.option_combo, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("<h2>Service gaps</h2>")))
        layout.addLayout(top)
        layout.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.view)
        split.addWidget(self.overview_view)
        split.addWidget(self.efforts_view)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setStretchFactor(2, 1)
        layout.addWidget(split, 1)
        self._options_key: tuple[tuple[str, str], ...] = ()

    def title(self) -> str:
        return _("Service gaps")

    def current_option(self) -> str:
        return str(self.option_combo.currentData() or "")

    def _overview_clicked(self, index) -> None:
        if index.column() > 0:
            self.option_combo.setCurrentIndex(index.column() - 1)

    def refresh(self) -> None:
        ws = self.document.workspace
        order = ranked_order(self.document.assessment())  # the one order of every view
        key = tuple((o.option, o.name) for o in order)
        if key != self._options_key:
            current = self.current_option()
            self.option_combo.blockSignals(True)
            self.option_combo.clear()
            for o in order:
                self.option_combo.addItem(o.name, o.option)
            i = self.option_combo.findData(current)
            self.option_combo.setCurrentIndex(max(i, 0))
            self.option_combo.blockSignals(False)
            self._options_key = key
            self._build_overview(ws, [o.option for o in order])
        option = self.current_option()
        answers = {a.item: a for a in ws.answers_for(option)}
        self.model.set_rows([(option, item, answers.get(item.id)) for item in ws.checklist])
        self.overview.set_rows(list(ws.checklist))
        self.summary.setText(self._summary(ws, option))
        self.efforts.set_rows(order)
        # the options' full names in the first column, the figures beside them (not pushed to the far right)
        self.efforts_view.resizeColumnsToContents()
        self.view.resizeColumnsToContents()
        for col, cap in ((0, 340), (3, 260)):
            self.view.setColumnWidth(col, min(self.view.columnWidth(col), cap))
        self.overview_view.resizeColumnToContents(0)
        self.overview_view.setColumnWidth(0, min(self.overview_view.columnWidth(0), 260))
        for col in range(1, self.overview.columnCount()):
            # columns show the options' short labels on two lines; the full name is in the header's tooltip
            self.overview_view.resizeColumnToContents(col)
            text = str(self.overview.headerData(col, Qt.Orientation.Horizontal) or "")
            header = self.overview_view.horizontalHeader()
            header.setTextElideMode(Qt.TextElideMode.ElideNone)  # Qt elides a two-line label as one line
            metrics = header.fontMetrics()
            need = max((metrics.horizontalAdvance(line) for line in text.splitlines()), default=0) + 20
            self.overview_view.setColumnWidth(col, max(self.overview_view.columnWidth(col), need, 90))

    def _build_overview(self, ws: Workspace, order: list[str]) -> None:
        def answer_of(option_id: str):
            def get(item: ChecklistItem):
                a = next((a for a in self.document.workspace.answers
                          if a.option == option_id and a.item == item.id), None)
                return a.answer.value if a else None
            return get

        labels = dict(answer_labels())
        cols = [Column(_("Item"), lambda it: it.title, tooltip=item_tooltip)]
        short = look.short_labels(ws)

        def answer_text(v: Any, labels: dict[str, str] = labels) -> str:
            return labels.get(v or "", "")

        named = {o.id: o for o in ws.options}
        for o in (named[oid] for oid in order if oid in named):
            get = answer_of(o.id)
            # the short label on two lines ("H100" over "SGLang"): every option fits at 1280 px
            cols.append(Column(short[o.id].replace(look.SEP, "\n", 1), get, display=answer_text,
                               meaning=get, header_tip=o.name))
        self.overview.set_columns(cols)

    def _summary(self, ws: Workspace, option: str) -> str:
        oa = self.document.assessment().option(option)
        if oa is None:
            return ""
        cl, effort = oa.checklist, oa.effort
        missing = len(cl.missing_owned) + len(cl.blockers)
        counted = effort.checklist if effort is not None else None
        text = fmt(_("%1 provided, %2 external, %3 missing, %4 not answered. "
                           "External work, and missing items someone is named to build, add %5 / %6 / %7 "
                           "person-weeks (low / likely / high) to the migration cost."),
                   len(cl.provided), len(cl.external), missing, len(cl.unanswered),
                   number(counted.low if counted else None), number(counted.likely if counted else None),
                   number(counted.high if counted else None))
        if effort is not None and (effort.missing_owned.likely or effort.missing_owned.high):
            text += " " + fmt(_("(external %1, missing with an owner %2 likely)"),
                              number(effort.external.likely), number(effort.missing_owned.likely))
        if cl.blockers:
            text += "<br><b>" + fmt(_("Blockers until someone names who builds them: %1"),
                                    ", ".join(b.title for b in cl.blockers)) + "</b>"
        return text
