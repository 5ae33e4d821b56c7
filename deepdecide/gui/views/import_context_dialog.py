"""The context of an import, one row per file (``importers.context_table`` holds the rules).

Each row shows the file (the files an import joins into one, an AISBench run's CSV and JSON, are
one row named by both), what the file itself says (runtime, platform, GPU count, model, request
lengths), what its name suggests, and the answer for the facts it lacks: runtime, platform, GPU
count, model, and who made it (own, third-party, illustrative, predicted). The name's suggestions
are filled in, in italics, but a row counts only once it is confirmed (its check box, or an edit
of the row). Who made a file is never assumed: OK stays disabled until every file that does not
say it has an answer. "Apply to the selected rows" gives the values of the bar below the table to
the rows the user selected, and only for the facts each of those files lacks; nothing is copied
from one file to another.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.i18n import _
from deepdecide.gui.i18n import fmt
from deepdecide.gui.widgets.numbers import IntegerSpinBox
from deepdecide.importers import context_table as ct

# table columns
CONFIRMED, FILE, SAYS, NAME, RUNTIME, PLATFORM, GPUS, MODEL, KIND = range(9)
# the answer columns of the facts
FACT_COLUMNS = {"runtime": RUNTIME, "platform": PLATFORM, "gpu_count": GPUS, "model": MODEL}


class ImportContextDialog(QDialog):
    """One row per file; OK only when every row is confirmed and every file's maker is known."""

    def __init__(self, rows: list[ct.ContextRow], choices: dict[str, list[tuple[str, str]]],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("import_context_dialog")
        self.setWindowTitle(_("Context of the imported files"))
        self.rows = rows
        self.choices = choices
        self._filling = False
        self.kinds = [(None, _("— not answered —")), (ProvenanceKind.OWN, _("own measurement")),
                      (ProvenanceKind.THIRD_PARTY, _("third-party result")),
                      (ProvenanceKind.ILLUSTRATIVE, _("illustrative")),
                      (ProvenanceKind.PREDICTED, _("predicted"))]
        intro = QLabel(_("Each file keeps what it says itself. For what it does not say, answer file by file: what it "
            "was measured on, and who made it. The file name's suggestions are filled in <i>in italics</i>: "
            "check each row and tick it, or edit it. A fact left “not known” makes the file's runs "
            "<i>needs context</i>: they count for nothing until it is given."))
        intro.setWordWrap(True)
        self.table = QTableWidget(len(rows), 9)
        self.table.setObjectName("import_context_table")
        self.table.setHorizontalHeaderLabels([
            "✓", _("File"), _("The file says"), _("The name suggests"),
            _("Runtime"), _("Platform"), _("GPUs"), _("Model"), _("Who made it")])
        header_item = self.table.horizontalHeaderItem(CONFIRMED)
        if header_item is not None:
            header_item.setToolTip(_("Confirmed: the row's answer is checked"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        for col, width in ((CONFIRMED, 30), (FILE, 190), (SAYS, 200), (NAME, 140), (RUNTIME, 130),
                           (PLATFORM, 150), (GPUS, 64), (MODEL, 140), (KIND, 150)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            self.table.setColumnWidth(col, width)
        header.setSectionResizeMode(FILE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(SAYS, QHeaderView.ResizeMode.Stretch)
        for i in range(len(rows)):
            self._build_row(i)
        self.table.itemChanged.connect(self._item_changed)

        # the bar: values for the selected rows only
        self.bulk_runtime = self._fact_combo("runtime")
        self.bulk_platform = self._fact_combo("platform")
        self.bulk_gpus = self._gpu_box()
        self.bulk_model = QLineEdit()
        self.bulk_model.setPlaceholderText(_("model"))
        self.bulk_kind = self._kind_combo()
        for combo in (self.bulk_runtime, self.bulk_platform):
            combo.setMinimumContentsLength(12)
        for w, name in ((self.bulk_runtime, "bulk_runtime"), (self.bulk_platform, "bulk_platform"),
                        (self.bulk_gpus, "bulk_gpus"), (self.bulk_model, "bulk_model"), (self.bulk_kind, "bulk_kind")):
            w.setObjectName(name)
        self.apply_button = QPushButton(_("Apply to the selected rows"))
        self.apply_button.setObjectName("apply_selected")
        self.apply_button.setToolTip(_("Gives these values to the selected rows only, and to each only "
                                             "for the facts its file does not state. Empty fields are not given."))
        self.apply_button.clicked.connect(self.apply_to_selected)
        self.confirm_button = QPushButton(_("Confirm the selected rows"))
        self.confirm_button.setObjectName("confirm_selected")
        self.confirm_button.clicked.connect(self.confirm_selected)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(_("Selected rows:")))
        for w in (self.bulk_runtime, self.bulk_platform, self.bulk_gpus, self.bulk_model, self.bulk_kind):
            bar.addWidget(w, 1 if w in (self.bulk_platform, self.bulk_model) else 0)
        bar.addWidget(self.apply_button)
        bar.addWidget(self.confirm_button)
        self.table.itemSelectionChanged.connect(self._selection_changed)

        self.problems = QLabel()
        self.problems.setObjectName("import_context_problems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addLayout(bar)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)
        self._selection_changed()
        self._check()
        # wide enough for the columns, no taller than a 1280x800 screen leaves
        self.resize(1200, min(640, 260 + 30 * len(rows)))

    # ------------------------------------------------------------------------------- widgets

    def _fact_combo(self, fact: str) -> QComboBox:
        w = QComboBox()
        w.setEditable(True)  # a platform or runtime the matrix does not list can be typed
        w.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        w.addItem(_("— not known —"), "")
        for value, label in self.choices.get(fact, []):
            w.addItem(label, value)
        w.setMinimumContentsLength(8)
        w.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        return w

    def _gpu_box(self) -> IntegerSpinBox:
        w = IntegerSpinBox()
        w.setRange(0, 100000)
        w.setSpecialValueText(_("— not known —"))
        return w

    def _kind_combo(self) -> QComboBox:
        w = QComboBox()
        for kind, label in self.kinds:
            w.addItem(label, kind.value if kind is not None else "")
        return w

    @staticmethod
    def kind_value(w: QComboBox) -> ProvenanceKind | None:
        """Who made it, as a "who made it" combo holds it (None: not answered)."""
        data = w.currentData()
        return ProvenanceKind(data) if data else None

    @staticmethod
    def combo_value(w: QComboBox) -> str:
        """The value a fact combo holds: the data of the item shown, else the text typed."""
        text = w.currentText().strip()
        at = w.findText(text, Qt.MatchFlag.MatchExactly)
        if at >= 0:
            return str(w.itemData(at) or "")
        return text

    def _set_combo(self, w: QComboBox, value: Any) -> None:
        at = w.findData(value if value is not None else "")
        if at < 0 and value:
            w.addItem(str(value), value)
            at = w.count() - 1
        w.setCurrentIndex(max(at, 0))

    def _item(self, text: str, tip: str = "") -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        if tip:
            item.setToolTip(tip)
        return item

    @staticmethod
    def _span(values: tuple[str, ...]) -> str:
        """"32", or "264–275" for several values (of the file's runs)."""
        if len(values) <= 1:
            return "".join(values)
        try:
            numbers = sorted(float(v.replace(",", "")) for v in values)
        except ValueError:
            return ", ".join(values)
        return f"{numbers[0]:,.0f}–{numbers[-1]:,.0f}"

    def says_text(self, row: ct.ContextRow) -> tuple[str, str]:
        """(one short line, tooltip with every value) of what the file says: "vllm · L40S × 4 ·
        Llama-3.2-3B-Instruct · 999 / 264–275 tokens"."""
        says = {f: tuple(self.named(f, v) for v in values) for f, values in row.says.items()}
        parts = []
        if says.get("runtime"):
            parts.append(", ".join(says["runtime"]))
        where = ", ".join(says.get("platform", ()))
        if says.get("gpu_count"):
            where = fmt(_("%1 × %2"), where or _("GPU"), self._span(says["gpu_count"]))
        if where:
            parts.append(where)
        if says.get("model"):
            parts.append(", ".join(m.rstrip("/").rsplit("/", 1)[-1] for m in says["model"]))
        if says.get("input_tokens") or says.get("output_tokens"):
            parts.append(fmt(_("%1 / %2 tokens"), self._span(says.get("input_tokens", ())) or "?",
                             self._span(says.get("output_tokens", ())) or "?"))
        names = {"runtime": _("Runtime"), "platform": _("Platform"), "gpu_count": _("GPUs"),
                 "model": _("Model"), "input_tokens": _("Input tokens"),
                 "output_tokens": _("Output tokens")}
        tip = [fmt(_("%1: %2"), names[f], ", ".join(says[f])) for f in ct.SAID if says.get(f)]
        if row.lacks:
            tip.append(fmt(_("Not stated: %1"), ", ".join(names[f] for f in row.lacks)))
        if row.other_model:
            tip.append(fmt(_("Runs of %1, not the workload's model: a mismatch, whatever context you give, "
                                   "unless you accept them as a proxy on the Evidence page"), row.other_model))
        return (" · ".join(parts) or _("nothing of the context")), "\n".join(tip)

    def named(self, fact: str, value: Any) -> str:
        """A runtime or platform id by the matrix's name for it (the choices offered); else as written."""
        return dict(self.choices.get(fact, [])).get(str(value), str(value))

    def hint_text(self, row: ct.ContextRow) -> str:
        """What the name suggests: "NVIDIA H100 SXM × 8"."""
        platform = row.suggested.get("platform")
        where = self.named("platform", platform) if platform else ""
        gpus = row.suggested.get("gpu_count")
        if gpus:
            where = fmt(_("%1 × %2"), where or _("GPU"), gpus)
        runtime = row.suggested.get("runtime")
        return " · ".join(p for p in (self.named("runtime", runtime) if runtime else "", where) if p) or "—"

    def _build_row(self, i: int) -> None:
        row = self.rows[i]
        self._filling = True
        try:
            check = QTableWidgetItem()
            if row.other_model:
                check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                check.setToolTip(fmt(_("Runs of %1, not the workload's model: a mismatch, so no context is "
                                       "needed"), row.other_model))
            elif row.lacks or row.planned:
                check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable)
                check.setToolTip(_("Tick when the row's answer is right"))
            else:
                check.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                check.setToolTip(_("The file states every fact: nothing to confirm"))
            self.table.setItem(i, CONFIRMED, check)
            # a joined import (an AISBench run's CSV and JSON) is one row: every file's path in its tip
            paths = "\n".join(row.joined or (row.path,))
            self.table.setItem(i, FILE, self._item(row.file_name, fmt(_("%1\n%2"), paths, _(row.format))))
            says, tip = self.says_text(row)
            self.table.setItem(i, SAYS, self._item(says, tip))
            self.table.setItem(i, NAME, self._item(self.hint_text(row), _("What the file name suggests, for the facts the file does not state")))
            for fact, col in FACT_COLUMNS.items():
                if fact not in row.lacks:
                    said = ", ".join(self.named(fact, v) for v in row.says.get(fact, ()))
                    item = self._item(said, _("Stated by the file: kept"))
                    item.setForeground(self.palette().placeholderText())
                    self.table.setItem(i, col, item)
                    continue
                w: Any
                if fact == "gpu_count":
                    w = self._gpu_box()
                    w.valueChanged.connect(lambda _v, i=i: self._edited(i, "gpu_count"))
                elif fact == "model":
                    w = QLineEdit()
                    w.setPlaceholderText(_("not known"))
                    w.textEdited.connect(lambda _t, i=i: self._edited(i, "model"))
                else:
                    w = self._fact_combo(fact)
                    w.currentTextChanged.connect(lambda _t, i=i, f=fact: self._edited(i, f))
                w.setObjectName(f"row{i}_{fact}")
                self.table.setCellWidget(i, col, w)
            if row.file_kind is not None:
                label = next(text for kind, text in self.kinds if kind is row.file_kind)
                self.table.setItem(i, KIND, self._item(fmt(_("%1 (the file says)"), label),
                                                       _("The file's format says who made it")))
            else:
                kind_box = self._kind_combo()
                kind_box.setObjectName(f"row{i}_kind")
                kind_box.currentIndexChanged.connect(lambda _v, i=i: self._kind_edited(i))
                self.table.setCellWidget(i, KIND, kind_box)
        finally:
            self._filling = False
        self._fill_row(i)

    def widget(self, i: int, fact: str) -> Any:
        """The answer widget of row ``i`` for ``fact`` (or "kind"); None where the file states it."""
        return self.table.cellWidget(i, KIND if fact == "kind" else FACT_COLUMNS[fact])

    def _fill_row(self, i: int) -> None:
        """Show row ``i``'s answer (after an edit elsewhere: bulk apply, confirm)."""
        row = self.rows[i]
        self._filling = True
        try:
            for fact in row.lacks:
                w = self.widget(i, fact)
                value = row.values.get(fact)
                if isinstance(w, IntegerSpinBox):
                    w.setValue(int(value or 0))
                elif isinstance(w, QLineEdit):
                    w.setText(str(value or ""))
                else:
                    self._set_combo(w, value)
                from_name = row.sources.get(fact) is ct.FactSource.NAME and not row.confirmed
                from_plan = row.sources.get(fact) is ct.FactSource.PLAN and not row.confirmed
                font = w.font()
                font.setItalic(from_name or from_plan)
                w.setFont(font)
                w.setToolTip(fmt(_("Suggested by the file name (%1): check it"), value) if from_name else
                             fmt(_("From the benchmark plan's manifest (%1, entry %2): check it"), value, row.planned)
                             if from_plan else "")
            kind_box = self.widget(i, "kind")
            if kind_box is not None:
                kind_box.setCurrentIndex(max(kind_box.findData(row.kind.value if row.kind else ""), 0))
            check = self.table.item(i, CONFIRMED)
            if check is None:
                return
            if row.other_model:
                check.setText("—")
            elif row.lacks or row.planned:
                check.setCheckState(Qt.CheckState.Checked if row.confirmed else Qt.CheckState.Unchecked)
            else:
                check.setText("✓")
        finally:
            self._filling = False

    # ------------------------------------------------------------------------------- answers

    def _read(self, i: int, fact: str) -> Any:
        w = self.widget(i, fact)
        if isinstance(w, IntegerSpinBox):
            return w.value() or None
        if isinstance(w, QLineEdit):
            return w.text()
        return self.combo_value(w)

    def _edited(self, i: int, fact: str) -> None:
        if self._filling:
            return
        self.rows[i].set(fact, self._read(i, fact))
        self._fill_row(i)
        self._check()

    def _kind_edited(self, i: int) -> None:
        if self._filling:
            return
        box = self.widget(i, "kind")
        self.rows[i].set_kind(self.kind_value(box))
        self._check()

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != CONFIRMED:
            return
        row = self.rows[item.row()]
        if row.lacks:
            row.confirmed = item.checkState() == Qt.CheckState.Checked
            self._fill_row(item.row())
            self._check()

    def selected_rows(self) -> list[int]:
        return sorted({index.row() for index in self.table.selectionModel().selectedRows()})

    def _selection_changed(self) -> None:
        any_selected = bool(self.selected_rows())
        self.apply_button.setEnabled(any_selected)
        self.confirm_button.setEnabled(any_selected)

    def apply_to_selected(self) -> int:
        """Give the bar's values to the selected rows (only the facts each file lacks)."""
        values = {"runtime": self.combo_value(self.bulk_runtime), "platform": self.combo_value(self.bulk_platform),
                  "gpu_count": self.bulk_gpus.value() or None, "model": self.bulk_model.text()}
        selected = self.selected_rows()
        changed = ct.apply_to(self.rows, selected, values, self.kind_value(self.bulk_kind))
        for i in selected:
            self._fill_row(i)
        self._check()
        return changed

    def confirm_selected(self) -> None:
        selected = self.selected_rows()
        ct.confirm(self.rows, selected)
        for i in selected:
            self._fill_row(i)
        self._check()

    def _names(self, indexes: tuple[int, ...]) -> str:
        """The file's name for one row; the row numbers (as the table numbers them) for several."""
        if len(indexes) == 1:
            return self.rows[indexes[0]].file_name
        numbers = ", ".join(str(i + 1) for i in indexes[:8])
        return fmt(_("rows %1"), numbers) + (fmt(_(" and %1 more"), len(indexes) - 8) if len(indexes) > 8 else "")

    def problem_text(self) -> str:
        block = ct.blocking(self.rows)
        lines = []
        if len(block.no_kind) == 1:
            lines.append(fmt(_("Who made it? Not answered for 1 file: %1."), self._names(block.no_kind)))
        elif block.no_kind:
            lines.append(fmt(_("Who made it? Not answered for %1 files: %2."), len(block.no_kind),
                             self._names(block.no_kind)))
        if len(block.unconfirmed) == 1:
            lines.append(fmt(_("Not confirmed: 1 file (%1): check its row and tick it, or edit it."),
                             self._names(block.unconfirmed)))
        elif block.unconfirmed:
            lines.append(fmt(_("Not confirmed: %1 files (%2): check each row and tick it, or edit it."),
                             len(block.unconfirmed), self._names(block.unconfirmed)))
        return "\n".join(lines)

    def _check(self) -> None:
        text = self.problem_text()
        self.problems.setText(text)
        self.problems.setVisible(bool(text))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not text)

    def accept(self) -> None:
        if ct.blocking(self.rows):  # never accepted while a row is open (Enter in a field)
            return
        super().accept()
