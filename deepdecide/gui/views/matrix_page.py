"""Support matrix: runtimes x platforms coloured by status, filters, and a "check a machine" panel."""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import _, pgettext
from deepdecide.domain.machine import MachineCheck, MachineProfile, RuntimeCheck, check_machine
from deepdecide.domain.matrix import SupportMatrix, SupportStatus
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.matrix_model import MatrixFilter, MatrixModel, status_label
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.theme import status_color
from deepdecide.gui.views.page import Page, make_table
from deepdecide.gui.widgets.numbers import IntegerSpinBox
from deepdecide.importers.nvidia_smi import read_nvidia_smi_file

_VERSION_FIELDS = ("os", "cuda", "driver", "cann", "rocm", "gcc", "python")


class MachineCheckPanel(QGroupBox):
    """Enter a machine (or read an nvidia-smi -q -x capture) and check it against the matrix.

    The logic is the same as ``deepdecide check`` (deepdecide.domain.machine).
    """

    #: an error the user must see (payload: the DeepdecideError)
    error = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(_("Check a machine"), parent)
        self._matrix = SupportMatrix()
        self.gpu = QLineEdit()
        self.gpu.setPlaceholderText(_("GPU name, e.g. NVIDIA H100 80GB HBM3"))
        self.count = IntegerSpinBox()
        self.count.setRange(0, 100000)
        self.count.setSpecialValueText(_("not given"))
        self.versions: dict[str, QLineEdit] = {}
        form = QFormLayout()
        form.addRow(_("GPU"), self.gpu)
        form.addRow(pgettext("form label", "GPU count"), self.count)
        labels = {"os": _("OS"), "cuda": _("CUDA"), "driver": _("Driver"), "cann": _("CANN"),
                  "rocm": _("ROCm"), "gcc": _("GCC"), "python": _("Python")}
        for name in _VERSION_FIELDS:
            edit = QLineEdit()
            edit.setPlaceholderText(_("not given"))
            self.versions[name] = edit
            form.addRow(labels[name], edit)
        self.read_button = QPushButton(_("Read nvidia-smi -q -x file…"))
        self.read_button.clicked.connect(self._choose_file)
        self.check_button = QPushButton(_("Check"))
        self.check_button.setDefault(True)
        self.check_button.clicked.connect(self.run_check)
        self.gpu.returnPressed.connect(self.run_check)
        buttons = QVBoxLayout()  # the panel is narrow: the buttons one above the other
        buttons.addWidget(self.read_button)
        buttons.addWidget(self.check_button)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.results = RecordTableModel([
            Column(_("Runtime"), lambda r: r.runtime.name),
            Column(_("Status"), lambda r: status_label(r.status), meaning=lambda r: r.status.value,
                   tooltip=lambda r: r.reason),
            Column(_("Stack"), lambda r: self._stack_text(r), tooltip=lambda r: self._stack_tip(r)),
        ], None, self)
        self.results_view = make_table(self.results)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.verdict)
        layout.addWidget(self.results_view, 1)
        self.last_check: MachineCheck | None = None

    def set_matrix(self, matrix: SupportMatrix) -> None:
        self._matrix = matrix

    def _stack_text(self, rc: RuntimeCheck) -> str:
        if not rc.requirements:
            return ""
        unmet = rc.unmet
        unknown = [r for r in rc.requirements if r.state.value == "unknown"]
        if unmet:
            return fmt(_("%1 unmet"), ", ".join(r.requirement.component.value for r in unmet))
        if unknown:
            return fmt(_("%1 not given"), ", ".join(r.requirement.component.value for r in unknown))
        return _("all met")

    def _stack_tip(self, rc: RuntimeCheck) -> str:
        return "<br>".join(f"{r.state.value}: {r.reason}" for r in rc.requirements) or rc.reason

    def profile(self) -> MachineProfile:
        versions: dict[str, Any] = {k: w.text().strip() for k, w in self.versions.items()}
        return MachineProfile(gpu_name=self.gpu.text().strip(), gpu_count=self.count.value() or None,
                              source=_("entered by hand"), **versions)

    def load_profile(self, profile: MachineProfile) -> None:
        self.gpu.setText(profile.gpu_name)
        self.count.setValue(profile.gpu_count or 0)
        for name, w in self.versions.items():
            w.setText(getattr(profile, name, "") or "")

    def _choose_file(self) -> None:
        path, _ignored = QFileDialog.getOpenFileName(self, _("Read an nvidia-smi -q -x capture"), "",
                                              _("XML files (*.xml);;All files (*)"))
        if path:
            self.read_file(path)

    def read_file(self, path: str) -> bool:
        """Fill the form from an nvidia-smi -q -x capture and check; False (and ``error``) if unreadable."""
        try:
            profile = read_nvidia_smi_file(path)
        except DeepdecideError as exc:
            self.error.emit(exc)
            return False
        self.load_profile(profile)
        self.run_check(notes=profile.notes)
        return True

    def run_check(self, *_args: Any, notes: tuple[str, ...] = ()) -> None:
        profile = self.profile()
        if not profile.gpu_name:
            self.verdict.setText(_("Enter a GPU name or read an nvidia-smi capture."))
            self.results.set_rows([])
            return
        result = check_machine(self._matrix, profile)
        self.last_check = result
        self.results.set_rows(list(result.runtimes))
        if result.platform is None:
            text = fmt(_("<b>%1</b> is not a platform in the matrix: every runtime is <b>experimental</b> "
                               "on it."), profile.gpu_name)
            if result.closest:
                text += " " + fmt(_("Closest: %1, other GPUs whose support does not carry over; if the "
                                          "machine has one of them, name it exactly."),
                                  ", ".join(f"{p.vendor} {p.name}" for p in result.closest))
        else:
            listed = [r.runtime.name for r in result.runtimes if r.verdict.value == "listed"]
            ready = [r.runtime.name for r in result.runtimes if r.ready]
            text = fmt(_("Recognised as <b>%1</b> (%2). Officially listed: %3. Ready with the given stack: %4."),
                       result.platform.name, result.platform.architecture,
                       ", ".join(listed) or pgettext("no runtime", "none"), ", ".join(ready) or pgettext("no runtime", "none"))
        if notes:
            text += "<br><i>" + "<br>".join(notes) + "</i>"
        self.verdict.setText(text)
        self.results_view.resizeColumnsToContents()


class MatrixPage(Page):
    """The support matrix with filters, tooltips (stack, source, as-of) and the machine check."""
    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.model = MatrixModel(self)
        self.proxy = MatrixFilter(self)
        self.proxy.setSourceModel(self.model)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.setMouseTracking(True)
        self.view.clicked.connect(self._cell_clicked)

        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText(_("Filter platforms…"))
        self.text_filter.setClearButtonEnabled(True)
        self.text_filter.textChanged.connect(lambda t: self.proxy.set_filters(text=t))
        self.vendor_filter = QComboBox()
        self.vendor_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_filters(vendor=self.vendor_filter.currentData() or ""))
        self.kind_filter = QComboBox()
        self.kind_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_filters(kind=self.kind_filter.currentData() or ""))
        self.status_boxes: dict[str, QCheckBox] = {}
        filters = QHBoxLayout()
        filters.addWidget(self.text_filter, 2)
        filters.addWidget(self.vendor_filter, 1)
        filters.addWidget(self.kind_filter, 1)
        statuses = QHBoxLayout()
        statuses.addWidget(QLabel(_("Show:")))
        for s in SupportStatus:
            box = QCheckBox(status_label(s))
            box.setChecked(True)
            box.toggled.connect(self._statuses_changed)
            self.status_boxes[s.value] = box
            statuses.addWidget(box)
        self._style_legend()
        statuses.addStretch(1)
        self.detail = QLabel(_("Click a cell for its required stack and sources."))
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.as_of = QLabel()
        self.as_of.setWordWrap(True)  # a sentence: it wraps rather than widen the page

        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(QLabel(_("<h2>Support matrix</h2>")))
        ll.addWidget(self.as_of)
        ll.addLayout(filters)
        ll.addLayout(statuses)
        ll.addWidget(self.view, 5)
        ll.addWidget(self.detail, 1)
        self.check_panel = MachineCheckPanel()
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.check_panel)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        self.check_panel.setMaximumWidth(330)
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self.splitter = split

    def title(self) -> str:
        return _("Support matrix")

    def _style_legend(self) -> None:
        for status, box in self.status_boxes.items():
            color = status_color(status).name()
            box.setStyleSheet(f"QCheckBox {{ background: {color}; border-radius: 3px; padding: 2px 6px; }}")

    def changeEvent(self, event: Any) -> None:
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "status_boxes", None):
            self._style_legend()
        super().changeEvent(event)

    def _statuses_changed(self, _checked: bool) -> None:
        self.proxy.set_filters(statuses={k for k, b in self.status_boxes.items() if b.isChecked()})

    def _cell_clicked(self, index: Any) -> None:
        src = self.proxy.mapToSource(index)
        self.detail.setText(self.model.data(src, Qt.ItemDataRole.ToolTipRole))

    def refresh(self) -> None:
        ws = self.document.workspace
        m = ws.matrix
        # the runtimes this decision's options use come first, so they are visible without scrolling
        used = list(dict.fromkeys(o.runtime for o in ws.options))
        order = {rid: i for i, rid in enumerate(used)}
        shown = sorted(m.runtimes, key=lambda r: (order.get(r.id, len(order)), m.runtimes.index(r)))
        self.model.set_matrix(dataclasses.replace(m, runtimes=tuple(shown)))
        self.check_panel.set_matrix(m)
        self.as_of.setText(fmt(_("Matrix as of %1 — %2 runtimes × %3 platforms. Hover or click a cell for "
                                       "the required stack, its sources and their dates."),
                               formatting.date(m.as_of) if m.as_of else _("(undated)"), len(m.runtimes), len(m.platforms)))
        for combo, values, all_label, name in (
            (self.vendor_filter, sorted({p.vendor for p in m.platforms}), _("All vendors"), str),
            (self.kind_filter, sorted({r.kind.value for r in m.runtimes}), _("All runtime kinds"),
             labels.runtime_kind),
        ):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(all_label, "")
            for v in values:
                combo.addItem(name(v), v)
            combo.setCurrentIndex(max(combo.findData(current), 0))
            combo.blockSignals(False)
