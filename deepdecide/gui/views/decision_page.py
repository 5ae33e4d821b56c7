"""Decision: the MADR record, the chosen option, the sign-off table and the PDF export."""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any, cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain import approval, formatting
from deepdecide.domain.edits import SetDecisionField, SetSignOffs
from deepdecide.domain.i18n import N_, _, pgettext
from deepdecide.domain.workspace import RecordStatus, SignOff, Vote
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.assessed import ranked_order
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.summary import recommendation
from deepdecide.gui.views.page import Page, make_table
from deepdecide.gui.widgets.fields import CommitTextEdit


def vote_labels() -> list[tuple[str, str]]:
    return labels.choices("vote")


def status_labels() -> list[tuple[str, str]]:
    return labels.choices("record status")


# field -> kind: "line" (one line), "text" (paragraphs), "list" (one entry per line)
_FIELDS: list[tuple[str, str, str]] = [
    ("id", "line", "Record id"),
    ("title", "line", "Title"),
    ("date", "line", "Date (last updated)"),
    ("evidence_cutoff", "line", "Evidence cut-off"),
    ("decision_makers", "list", "Decision makers"),
    ("consulted", "list", "Consulted"),
    ("informed", "list", "Informed"),
    ("context", "text", "Context and problem"),
    ("drivers", "list", "Decision drivers"),
    ("rationale", "text", "Rationale"),
    ("consequences_good", "list", "Good consequences"),
    ("consequences_bad", "list", "Bad consequences"),
    ("confirmation", "text", "Confirmation"),
    ("revisit_triggers", "list", "Revisit when"),
    ("supersedes", "line", "Supersedes"),
    ("superseded_by", "line", "Superseded by"),
]

#: the fields that hold an ISO date
_DATES = ("date", "evidence_cutoff")


class DecisionPage(Page):
    """The decision record's fields; each change is one undoable edit."""
    #: the user asked for the PDF decision record
    export_requested = Signal()
    #: the user asked for the record exported for approval
    export_for_approval_requested = Signal()
    #: the user asked to sign a record as one approver
    sign_requested = Signal()

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.editors: dict[str, Any] = {}
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._build_record_box())
        self.recommendation = QLabel()
        self.recommendation.setWordWrap(True)
        self.recommendation.setTextFormat(Qt.TextFormat.RichText)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.recommendation)
        side_layout.addWidget(self._build_outcome_box())
        side_layout.addWidget(self._build_approval_box())
        side_layout.addWidget(self._build_changes_box())
        side_layout.addWidget(self._build_signoff_box(), 1)

        side_scroll = QScrollArea()  # at 1280×800 the approval lists and the sign-off table need more height
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        side_scroll.setWidget(side)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(scroll)
        split.addWidget(side_scroll)
        split.setStretchFactor(0, 1)  # half each: the sign-off table's five columns fit at 1280 px
        split.setStretchFactor(1, 1)
        outer = QVBoxLayout(self)
        outer.addWidget(QLabel(_("<h2>Decision</h2>")))
        outer.addWidget(split, 1)

    # construction --------------------------------------------------------------------------
    def field_labels(self) -> dict[str, str]:
        """Each decision field's name in the interface language (form labels, undo steps)."""
        return {
            "id": _("Record id"), "title": _("Title"), "date": _("Date (last updated)"),
            "evidence_cutoff": _("Evidence cut-off"), "decision_makers": _("Decision makers"),
            "consulted": _("Consulted"), "informed": _("Informed"),
            "context": _("Context and problem"), "drivers": _("Decision drivers"),
            "rationale": _("Rationale"), "consequences_good": _("Good consequences"),
            "consequences_bad": _("Bad consequences"), "confirmation": _("Confirmation"),
            "revisit_triggers": _("Revisit when"), "supersedes": _("Supersedes"),
            "superseded_by": _("Superseded by"),
            "status": _("Status"), "chosen_option": _("Chosen option"),
            "considered_options": _("Considered options"),
        }

    def _build_record_box(self) -> QGroupBox:
        """One editor per MADR field: a line, paragraphs, or a list (one entry per line)."""
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        labels = self.field_labels()
        for name, kind, _english in _FIELDS:
            if kind == "line":
                w: Any = QLineEdit()
                if name in _DATES:  # typed in the language's figures (29/11/2026) or ISO, stored as ISO
                    w.editingFinished.connect(lambda n=name, w=w: self._commit(n, formatting.day_from_figures(w.text())))
                    w.setPlaceholderText(pgettext("a date typed in a field, in the language's figures", "YYYY-MM-DD"))
                else:
                    w.editingFinished.connect(lambda n=name, w=w: self._commit(n, w.text()))
            else:
                w = CommitTextEdit(lines=6 if kind == "text" else 3)
                if kind == "list":
                    w.setPlaceholderText(_("one entry per line"))
                    w.committed.connect(lambda t, n=name: self._commit(
                        n, tuple(line.strip() for line in t.splitlines() if line.strip())))
                else:
                    w.committed.connect(lambda t, n=name: self._commit(n, t))
            w.setObjectName(f"decision_{name}")
            self.editors[name] = w
            form.addRow(labels[name], w)
        record_box = QGroupBox(_("Decision record (MADR)"))
        record_box.setLayout(form)
        return record_box

    def _build_outcome_box(self) -> QGroupBox:
        """Status, chosen option and the options considered."""
        self.status_combo = QComboBox()
        for value, label in status_labels():
            self.status_combo.addItem(label, value)
        self.status_combo.activated.connect(
            lambda _i: self._commit("status", RecordStatus(self.status_combo.currentData())))
        self.chosen_combo = QComboBox()
        # option names are long: the combo does not widen the panel to the longest; its list shows them whole
        self.chosen_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chosen_combo.setMinimumContentsLength(20)
        self.chosen_combo.activated.connect(lambda _i: self._commit("chosen_option", self.chosen_combo.currentData()))
        self.considered = QListWidget()
        self.considered.setMaximumHeight(150)
        self.considered.itemChanged.connect(self._considered_changed)
        choice_box = QGroupBox(_("Outcome"))
        choice_form = QFormLayout(choice_box)
        choice_form.addRow(_("Status"), self.status_combo)
        choice_form.addRow(_("Chosen option"), self.chosen_combo)
        choice_form.addRow(_("Considered options"), self.considered)
        return choice_box

    def _build_approval_box(self) -> QGroupBox:
        """What the record lacks for approval, who has signed, then "Export for approval"."""
        self.missing_label = QLabel()
        self.missing_label.setObjectName("approval_missing")
        self.missing_label.setWordWrap(True)
        self.signed_label = QLabel()
        self.signed_label.setObjectName("approval_signed")
        self.signed_label.setWordWrap(True)
        self.export_approval_button = QPushButton(_("Export for approval…"))
        self.export_approval_button.clicked.connect(self.export_for_approval_requested)
        self.sign_button = QPushButton(_("Sign a record…"))
        self.sign_button.clicked.connect(self.sign_requested)
        box = QGroupBox(_("Approval"))
        layout = QVBoxLayout(box)
        layout.addWidget(QLabel(_("<b>Missing for approval</b>")))
        layout.addWidget(self.missing_label)
        layout.addWidget(QLabel(_("<b>Signed</b>")))
        layout.addWidget(self.signed_label)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.sign_button)
        row.addWidget(self.export_approval_button)
        layout.addLayout(row)
        return box

    #: at most this many changes are listed per kind (inputs, outcome); the rest are counted
    MAX_CHANGES = 12

    def _build_changes_box(self) -> QGroupBox:
        """What changed, in the inputs and in the outcome, since the last saved file or exported record."""
        self.changes_label = QLabel()
        self.changes_label.setObjectName("decision_changes")
        self.changes_label.setWordWrap(True)
        self.changes_label.setTextFormat(Qt.TextFormat.RichText)
        self.changes_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.changes_box = QGroupBox(_("Changes since the last record"))
        layout = QVBoxLayout(self.changes_box)
        layout.addWidget(self.changes_label)
        return self.changes_box

    def _refresh_changes(self) -> None:
        doc = self.document
        diff = doc.changes_since_baseline()
        if diff is None:
            self.changes_box.setTitle(_("Changes since the last record"))
            self.changes_label.setText(_("Not saved or exported yet: nothing to compare with."))
            return
        self.changes_box.setTitle(fmt(_("Changes since %1"), doc.baseline_label))
        if diff.identical:
            self.changes_label.setText(fmt(_("None: the workspace is as in %1."), escape(doc.baseline_label)))
            return
        parts = []
        unchanged = pgettext("nothing changed in the inputs or the outcome", "unchanged")
        for title, changes in ((pgettext("what changed", "Inputs"), diff.inputs),
                               (pgettext("what changed", "Outcome"), diff.outcome)):
            if not changes:
                parts.append(f"<b>{escape(title)}</b>: {escape(unchanged)}")
                continue
            lines = [f"• {escape(self._change_key(c.key))}: {escape(c.before)} → {escape(c.after)}"
                     for c in changes[:self.MAX_CHANGES]]
            if len(changes) > self.MAX_CHANGES:
                lines.append(escape(fmt(_("… and %1 more"), len(changes) - self.MAX_CHANGES)))
            parts.append(f"<b>{escape(title)}</b> ({len(changes)})<br>" + "<br>".join(lines))
        self.changes_label.setText("<br>".join(parts))

    def _change_key(self, key: str) -> str:
        """A changed input of the decision by its field's name on this page; any other by its path."""
        head, _dot, field = key.partition(".")
        return self.field_labels().get(field, key) if head == "decision" else key

    def _refresh_approval(self) -> None:
        ws = self.document.workspace
        missing = approval.missing_for_approval(ws)
        blocked = approval.not_exportable(ws)
        if missing:
            self.missing_label.setText("\n".join(f"• {m}" for m in missing))
        else:
            self.missing_label.setText(_("Nothing: ready for approval."))
        self.signed_label.setText("\n".join(f"• {line}" for line in approval.signer_summary(ws))
                                  or _("Nobody may sign: name the decision makers."))
        self.export_approval_button.setEnabled(not blocked)
        self.export_approval_button.setToolTip("\n".join(str(m) for m in blocked))
        # accepted and rejected come from the signatures; other statuses follow the lifecycle
        model = cast(QStandardItemModel, self.status_combo.model())  # a QComboBox's own model
        current = ws.decision.status
        for i in range(self.status_combo.count()):
            target = RecordStatus(self.status_combo.itemData(i))
            problem = approval.hand_status_problem(current, target)
            item = model.item(i)
            if item is not None:
                item.setEnabled(problem is None)
                item.setToolTip(str(problem) if problem else "")

    def _build_signoff_box(self) -> QGroupBox:
        """The sign-off table (edited in place), its buttons and the PDF export button."""
        def signoff_edit(field: str):
            def make(rec: tuple[int, SignOff], value):
                i, s = rec
                if field == "verdict":
                    value = Vote(value)
                if getattr(s, field) == value:
                    return None
                new = list(self.document.workspace.signoffs)
                new[i] = replace(s, **{field: value})
                return SetSignOffs(tuple(new))
            return make

        self.signoffs = RecordTableModel([
            Column(self.later(N_("Name")), lambda r: r[1].name, edit=signoff_edit("name")),
            Column(self.later(N_("Role")), lambda r: r[1].role, edit=signoff_edit("role")),
            # the approver's identity: a signature counts only by the certificate these name (docs/approval.md)
            Column(self.later(N_("Certificate e-mail")), lambda r: r[1].email,
                   edit=signoff_edit("email")),
            Column(self.later(N_("Issuing CA SHA-256")), lambda r: r[1].issuer_ca_sha256,
                   edit=signoff_edit("issuer_ca_sha256")),
            # verdict, date and conditions come from the approver's signature (deepdecide signoffs)
            Column(_("Verdict"), lambda r: r[1].verdict.value, meaning=lambda r: r[1].verdict.value,
                   display=lambda v: dict(vote_labels()).get(v, v),
                   tooltip=lambda r: r[1].certificate or _("not signed")),
            Column(_("Date"), lambda r: r[1].date, display=lambda v: formatting.date(v) if v else ""),
            Column(_("Conditions"), lambda r: r[1].conditions, tooltip=lambda r: r[1].conditions),
        ], self.submit, self)
        self.signoff_view = make_table(self.signoffs)
        self.signoff_view.setMinimumHeight(150)
        add = QPushButton(_("Add sign-off"))
        add.clicked.connect(self.add_signoff)
        remove = QPushButton(_("Remove selected"))
        remove.clicked.connect(self.remove_signoff)
        self.export_button = QPushButton(_("Export PDF decision record…"))
        self.export_button.clicked.connect(self.export_requested)
        rows = QHBoxLayout()
        rows.addWidget(add)
        rows.addWidget(remove)
        rows.addStretch(1)
        export_row = QHBoxLayout()
        export_row.addStretch(1)
        export_row.addWidget(self.export_button)
        buttons = QVBoxLayout()  # two rows: the panel is half the window, the labels long in some languages
        buttons.addLayout(rows)
        buttons.addLayout(export_row)
        sign_box = QGroupBox(_("Sign-off"))
        sign_layout = QVBoxLayout(sign_box)
        sign_layout.addWidget(self.signoff_view)
        sign_layout.addLayout(buttons)
        return sign_box

    def title(self) -> str:
        return _("Decision")

    def _commit(self, name: str, value: Any) -> None:
        if name == "status":
            problem = approval.hand_status_problem(self.document.workspace.decision.status, value)
            if problem is not None:
                self.refresh()
                return
        if getattr(self.document.workspace.decision, name) != value:
            english = {n: e for n, _k, e in _FIELDS}.get(name)
            what = self.later(english) if english else name
            self.submit(SetDecisionField(name, value), (lambda: what().lower()) if callable(what) else what)

    def _considered_changed(self, _item: QListWidgetItem) -> None:
        checked = {self.considered.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.considered.count())
                   if self.considered.item(i).checkState() == Qt.CheckState.Checked}
        # stored in the workspace's order of options (the list shows the one order of every view)
        ids = tuple(o.id for o in self.document.workspace.options if o.id in checked)
        self._commit("considered_options", ids)

    def add_signoff(self) -> None:
        new = (*self.document.workspace.signoffs, SignOff(_("(name)"), _("(role)")))
        self.submit(SetSignOffs(new), self.later(N_("sign-offs")))

    def remove_signoff(self) -> None:
        rows = sorted({i.row() for i in self.signoff_view.selectionModel().selectedIndexes()})
        if rows:
            keep = tuple(s for i, s in enumerate(self.document.workspace.signoffs) if i not in rows)
            self.submit(SetSignOffs(keep), self.later(N_("sign-offs")))

    def set_recommendation(self, text: str) -> None:
        self.recommendation.setText(text)
        self.recommendation.setVisible(bool(text))

    def refresh(self) -> None:
        ws = self.document.workspace
        d = ws.decision
        for name, kind, _english in _FIELDS:
            w = self.editors[name]
            value = getattr(d, name)
            if kind == "line":
                shown = formatting.timestamp(value) if name in _DATES and value else value  # 29/11/2026 in Spanish
                if w.text() != shown:
                    w.setText(shown)
                    w.setCursorPosition(0)
                if name in _DATES:  # typed in figures, read in the interface language's long form
                    w.setToolTip(formatting.date(value) if value else "")
            elif kind == "list":
                w.set_text_keep_cursor("\n".join(value))
            else:
                w.set_text_keep_cursor(value)
        self.status_combo.setCurrentIndex(max(self.status_combo.findData(d.status.value), 0))
        self.chosen_combo.clear()
        self.chosen_combo.addItem(_("(not chosen yet)"), "")
        order = ranked_order(self.document.assessment())  # the one order of every view
        for oa in order:
            self.chosen_combo.addItem(oa.name, oa.option)
        self.chosen_combo.setCurrentIndex(max(self.chosen_combo.findData(d.chosen_option), 0))
        self.considered.blockSignals(True)
        self.considered.clear()
        for oa in order:
            item = QListWidgetItem(oa.name)
            item.setData(Qt.ItemDataRole.UserRole, oa.option)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if oa.option in d.considered_options
                               else Qt.CheckState.Unchecked)
            self.considered.addItem(item)
        self.considered.blockSignals(False)
        self.signoffs.set_rows(list(enumerate(ws.signoffs)))
        self.signoff_view.resizeColumnsToContents()
        self._refresh_approval()
        self._refresh_changes()
        mc = self.document._mc.current() if self.document._mc is not None else None
        self.set_recommendation(recommendation(ws, self.document.assessment(), mc))
