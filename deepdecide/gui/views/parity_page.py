"""Parity: verdicts per check kind x option, with the rule and the numbers behind each."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from deepdecide.analysis.assessment import (
    ArticleQuestion,
    Assessment,
    EvidenceFit,
    OptionAssessment,
    ParityOutcome,
    QuestionAnswer,
)
from deepdecide.analysis.questions import QUESTION_TITLES
from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.assessed import ranked_order
from deepdecide.gui.models.records import Column, MeaningRole, RecordTableModel, cell_text
from deepdecide.gui.views.page import Page, make_table

NO_EVIDENCE = ParityOutcome.NONE.value


def verdict_label(verdict: str) -> str:
    return {Verdict.PASS.value: _("✔ pass"), Verdict.FAIL.value: _("✘ fail"),
            Verdict.INCONCLUSIVE.value: _("? inconclusive"), NO_EVIDENCE: _("— no evidence")}[verdict]


def kind_label(kind: ParityKind) -> str:
    return {ParityKind.KERNEL: _("Kernels"), ParityKind.LOGITS: _("Logits"),
            ParityKind.GREEDY_MATCH: _("Greedy match"), ParityKind.EVAL_ACCURACY: _("Eval accuracy"),
            ParityKind.STRUCTURED_OUTPUT: _("Structured output"),
            ParityKind.LONG_CONTEXT: _("Long context")}[kind]


def checks_for(ws: Workspace, oa: OptionAssessment, kind: ParityKind) -> list[ParityCheck]:
    """The parity checks of one kind the Assessment counts for the option (its exact runtime and
    platform; a GPU name the file reported counts for the matrix platform it names)."""
    kp = oa.parity_of(kind)
    if kp is None:
        return []
    checks = ws.evidence.parity
    return [checks[i] for i in kp.checks]


def shown_checks(ws: Workspace, a: Assessment, oa: OptionAssessment,
                 kind: ParityKind) -> list[tuple[ParityCheck, EvidenceFit | None]]:
    """The checks of one kind behind an option's cell: those the verdict counts, then those on its
    runtime and platform that count for no verdict (another model, a proxy, needing context),
    each with how it fits the workload."""
    where = [(fi, ci) for fi, f in enumerate(ws.evidence.files) for ci in range(len(f.parity))]
    fit_of = {(x.file_index, x.index): x for x in a.evidence_fit if x.item == "check"}
    kp = oa.parity_of(kind)
    counted = list(kp.checks) if kp is not None else []
    out: list[tuple[ParityCheck, EvidenceFit | None]] = []
    for i in counted:
        fi, ci = where[i]
        out.append((ws.evidence.files[fi].parity[ci], fit_of.get((fi, ci))))
    seen = {where[i] for i in counted}
    for x in a.evidence_fit:
        if x.item != "check" or "correct" in x.counts_for or (x.file_index, x.index) in seen:
            continue
        if oa.option not in x.options or x.runtime not in ("", oa.runtime) or x.platform not in ("", oa.platform):
            continue
        c = ws.evidence.files[x.file_index].parity[x.index]
        if c.kind == kind:
            out.append((c, x))
    return out


def fit_label(fit: EvidenceFit | None) -> str:
    if fit is None:
        return ""
    return {"matches": _("matches"),
            "proxy": _("proxy (builds only)"),
            "mismatch": _("mismatch — not counted"),
            "needs-context": _("needs context — not counted")}.get(
        fit.applicability.value, fit.applicability.value)


def outcome(oa: OptionAssessment, kind: ParityKind) -> str:
    """The Assessment's verdict of one kind on the option (pass, fail, inconclusive, none)."""
    kp = oa.parity_of(kind)
    return kp.outcome.value if kp is not None else NO_EVIDENCE


def state_label(q: QuestionAnswer) -> str:
    """How far the evidence answers one of the article's questions; "⚠" when something counts against the option."""
    text = {"answered": _("✔ answered"),
            "partly": _("◐ partly"),
            "not-answered": _("— not answered")}[q.state.value]
    return f"{text} ⚠" if q.concerns else text


def question_tip(o: OptionAssessment, q: QuestionAnswer) -> str:
    """The Assessment's answer to one question, with the evidence, what is missing and the concerns."""
    parts = [f"<b>{escape(o.name)}</b> — {escape(str(QUESTION_TITLES[q.question]))}", escape(str(q.answer))]
    for title, items in ((_("Evidence"), q.evidence),
                         (_("Still needed"), q.missing),
                         (_("Against the option"), q.concerns)):
        if items:
            parts.append(f"<i>{escape(title)}</i>: " + "<br>".join(escape(str(m)) for m in items))
    return "<br>".join(parts)


def question_column(question: ArticleQuestion, title: str, tip: str) -> Column:
    """A column of the four-questions table: the state of one question per option, coloured by it."""
    def answer(o: OptionAssessment) -> QuestionAnswer | None:
        return o.article.of(question) if o.article is not None else None

    def meaning(o: OptionAssessment) -> str | None:
        q = answer(o)
        return q.state.value if q is not None else None

    def tooltip(o: OptionAssessment) -> str:
        q = answer(o)
        return question_tip(o, q) if q is not None else ""

    return Column(title, answer, display=lambda q: state_label(q) if q is not None else "", meaning=meaning,
                  tooltip=tooltip, header_tip=tip)


def check_line(c: ParityCheck) -> str:
    ref = fmt(_("%1 on %2"), c.reference_runtime or "?", c.reference_platform or "?")
    nums = fmt(_("%1 = %2 vs %3 (reference %4), Δ %5, n = %6, stderr %7"), c.metric or c.task,
               cell_text(c.value), cell_text(c.reference_value), ref, cell_text(c.delta),
               cell_text(c.n) or "?", cell_text(c.stderr) or "?")
    rule = _("rule")
    tolerance = str(c.rule) if c.rule is not None else _("(not stated)")
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
            Column(_("Verdict"), lambda r: r[0].verdict.value, display=verdict_label,
                   meaning=lambda r: r[0].verdict.value if r[1] is None or "correct" in r[1].counts_for else None),
            Column(_("Fits"), lambda r: fit_label(r[1]),
                   tooltip=lambda r: "<br>".join(str(m) for m in r[1].reasons) if r[1] is not None else "",
                   header_tip=_("How the check fits the decision's workload (its model)")),
            Column(_("Model"), lambda r: r[0].model, tooltip=lambda r: r[0].model),
            Column(_("Task"), lambda r: r[0].task),
            Column(_("Metric"), lambda r: r[0].metric),
            Column(_("Value"), lambda r: r[0].value, numeric=True),
            Column(_("Reference"), lambda r: r[0].reference_value, numeric=True,
                   tooltip=lambda r: f"{r[0].reference_runtime} / {r[0].reference_platform}"),
            Column(_("Δ"), lambda r: r[0].delta, numeric=True),
            Column(_("n"), lambda r: r[0].n, numeric=True),
            Column(_("stderr"), lambda r: r[0].stderr, numeric=True),
            Column(_("Rule"), lambda r: str(r[0].rule or ""), tooltip=lambda r: str(r[0].rule or "")),
            Column(_("Source"), lambda r: r[0].source, tooltip=lambda r: r[0].source),
        ], None, self)
        # a check that counts for no verdict (another model, a proxy, needing context) is shown greyed
        self.detail.muted = lambda r: r[1] is not None and "correct" not in r[1].counts_for
        self.detail_view = make_table(self.detail)
        self.detail_title = QLabel(_("Click a cell to see the checks behind it."))
        self.note = QLabel()
        self.note.setWordWrap(True)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(self.detail_title)
        bl.addWidget(self.detail_view)
        # the source article's four questions before approving a migration, as the Assessment answered them
        self.questions = RecordTableModel([Column(_("Option"), lambda o: o.name)] + [
            question_column(q, title, tip) for q, title, tip in (
                (ArticleQuestion.SUPPORT, _("1. Support and pinned environment"),
                 _("Is the exact GPU on the runtime's official list, and can the pinned environment be "
                         "reproduced on a clean machine? (the matrix, and an environment capture)")),
                (ArticleQuestion.KERNELS, _("2. Kernels and correctness"),
                 _("Do the kernels give the same outputs, with structured output and long context correct? "
                         "(parity checks of every kind)")),
                (ArticleQuestion.DISTRIBUTED, _("3. Distributed performance"),
                 _("Do the planned GPU count and topology hold the SLO? (a run on the option's serving unit)")),
                (ArticleQuestion.SERVICE, _("4. Service completeness"),
                 _("Where do the KV cache, routing, authentication, HTTP transport and load balancing come "
                         "from? (the service-gap checklist)")))], None, self)
        self.questions_view = make_table(self.questions, stretch_last=False)  # every header its full width
        self.questions_note = QLabel(_("The DeepInfer compatibility note's checklist before approving a "
                                             "migration. Answered means the evidence decides the question, not that "
                                             "the answer favours the option: ⚠ marks what counts against it (hover "
                                             "a cell)."))
        self.questions_note.setWordWrap(True)
        questions_box = QWidget()
        ql = QVBoxLayout(questions_box)
        ql.addWidget(self.questions_note)
        ql.addWidget(self.questions_view)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.grid_view, _("Verdicts per kind"))
        self.tabs.addTab(questions_box, _("The article's four questions"))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tabs)
        split.addWidget(bottom)
        split.setSizes([300, 360])
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("<h2>Parity</h2>")))
        layout.addWidget(self.note)
        layout.addWidget(split, 1)
        self._options: tuple[OptionAssessment, ...] = ()
        self._key: Any = None

    def title(self) -> str:
        return _("Parity")

    def refresh(self) -> None:
        ws = self.document.workspace
        a = self.document.assessment()
        self._options = tuple(ranked_order(a))  # the one order of every view
        required = set(a.required_parity)
        key = (ws.options, tuple(a.required_parity))
        if key != self._key:
            self._key = key
            cols = [Column(_("Option"), lambda o: o.name,
                           tooltip=lambda o: f"{o.name}<br>{o.runtime_name or o.runtime} / "
                                             f"{o.platform_name or o.platform}")]
            for k in ParityKind:
                def verdict(o: OptionAssessment, k: ParityKind = k) -> str:
                    return outcome(o, k)

                def tip(o: OptionAssessment, k: ParityKind = k) -> str:
                    checks = checks_for(self.document.workspace, o, k)
                    head = f"<b>{o.name}</b> — {kind_label(k)}"
                    others = len(shown_checks(self.document.workspace, self.document.assessment(), o, k)) - len(checks)
                    more = ("<br><i>" + ngettext("{n} more check counts for no verdict (another model, a "
                                                "proxy, or needing context)", "{n} more checks count for no verdict "
                                                "(another model, a proxy, or needing context)", others
                                                ).format(n=others) + "</i>") if others else ""
                    if not checks:
                        return (head + "<br>" + _("No check of this kind on this exact runtime and platform.")
                                + more)
                    return head + "<br>" + "<br>".join(check_line(c) for c in checks) + more

                title = kind_label(k) + (" *" if k in required else "")
                cols.append(Column(title, verdict, display=verdict_label, meaning=verdict, tooltip=tip,
                                   header_tip=_("* required before an option counts as correct")
                                   if k in required else ""))
            self.grid.set_columns(cols)
        self.grid.set_rows(list(self._options))
        if self.grid.rowCount():
            self.grid.dataChanged.emit(self.grid.index(0, 0),
                                       self.grid.index(self.grid.rowCount() - 1, self.grid.columnCount() - 1))
        self.grid_view.resizeColumnsToContents()
        self.questions.set_rows(list(self._options))
        self.questions_view.resizeColumnsToContents()
        n = len(ws.evidence.parity)
        self.note.setText(fmt(_("%1 parity checks imported. A verdict needs the option's exact runtime and "
                                      "platform. Too few samples to decide is inconclusive, never a pass. "
                                      "Required kinds are marked *."), n))
        # show the checks behind the first cell that has any, so the numbers are one glance away
        first = next(((r, c) for r in range(self.grid.rowCount()) for c in range(1, self.grid.columnCount())
                      if self.grid.index(r, c).data(MeaningRole) != NO_EVIDENCE), None)
        if first is None:  # no verdict anywhere: the first cell with checks that do not count
            first = next(((r, c) for r in range(self.grid.rowCount()) for c in range(1, self.grid.columnCount())
                          if shown_checks(ws, a, self._options[r], list(ParityKind)[c - 1])), None)
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
        rows = shown_checks(self.document.workspace, self.document.assessment(), option, kind)
        counted = sum(1 for _c, x in rows if x is None or "correct" in x.counts_for)
        self.detail.set_rows(rows)
        if counted == len(rows):
            self.detail_title.setText(fmt(_("%1 — %2: %3 checks"), option.name, kind_label(kind), len(rows)))
        else:
            self.detail_title.setText(fmt(_("%1 — %2: %3 checks count; %4 more shown in grey count for no "
                                                  "verdict (another model, a proxy, or needing context)"),
                                          option.name, kind_label(kind), counted, len(rows) - counted))
        self.detail_view.resizeColumnsToContents()
