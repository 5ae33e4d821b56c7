"""File ▸ New workspace…: a wizard that starts a decision of one's own, as ``deepdecide init`` does
(the built-in matrix, checklist and criteria; the options placed in the matrix), plus what the
command leaves for later: the workload, the GPUs the team owns and the platforms' prices."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from deepdecide.domain.common import Estimate
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import RuntimeKind, SupportMatrix
from deepdecide.domain.workload import Workload, workload_from_form
from deepdecide.domain.workspace import PlatformFleet, Pricing, Strategy, Workspace
from deepdecide.gui import labels
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.matrix_model import status_label
from deepdecide.gui.widgets.numbers import DecimalSpinBox, IntegerSpinBox
from deepdecide.storage import starter


@dataclass
class PlatformInputs:
    """What the wizard asks of one platform: owned GPUs, its prices (0: not stated) and how an
    option on it gets the GPUs it needs beyond those owned."""

    owned: IntegerSpinBox
    purchase: DecimalSpinBox
    rental: DecimalSpinBox
    power: DecimalSpinBox
    shortfall: QComboBox


class WorkloadStep(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle(_("Workload"))
        self.setSubTitle(_("The model the decision serves and the requests it serves: runs of another model, "
                                 "precision or request shape count for nothing unless accepted as a proxy."))
        self.name = QLineEdit()
        self.name.setPlaceholderText(_("e.g. Chat assistant serving platform (empty: MODEL serving platform)"))
        self.model = QLineEdit()
        self.model.setObjectName("wizard_model")
        self.model.setPlaceholderText(_("e.g. DeepSeek-V4.1-Flash"))
        self.precisions = QLineEdit()
        self.precisions.setPlaceholderText(_("e.g. fp4, fp8 (empty: any)"))
        self.input_tokens = QLineEdit()
        self.input_tokens.setPlaceholderText(_("LOW-HIGH, e.g. 6144-10240 (empty: any)"))
        self.output_tokens = QLineEdit()
        self.output_tokens.setPlaceholderText(_("LOW-HIGH, e.g. 768-1280 (empty: any)"))
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020")
        form = QFormLayout(self)
        form.addRow(_("Model"), self.model)
        form.addRow(_("Workspace name"), self.name)
        form.addRow(_("Precisions"), self.precisions)
        form.addRow(_("Input tokens per request"), self.input_tokens)
        form.addRow(_("Output tokens per request"), self.output_tokens)
        form.addRow(self.problems)
        for edit in (self.model, self.precisions, self.input_tokens, self.output_tokens):
            edit.textChanged.connect(self._check)
        self._check()

    def parsed(self) -> tuple[Workload | None, list[str]]:
        workload, problems = workload_from_form(model=self.model.text(), precisions=self.precisions.text(),
                                                input_tokens=self.input_tokens.text(),
                                                output_tokens=self.output_tokens.text())
        if not self.model.text().strip():
            problems = [_("Name the model the decision serves."), *problems]
        return (workload if not problems else None), problems

    def _check(self) -> None:
        problems = self.parsed()[1]
        self.problems.setText("\n".join(problems))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.parsed()[0] is not None


class OptionsStep(QWizardPage):
    """The options to compare: a serving engine on a platform of the matrix, with its strategy."""

    def __init__(self, matrix: SupportMatrix) -> None:
        super().__init__()
        self.matrix = matrix
        self.setTitle(_("Options"))
        self.setSubTitle(_("Each option is a serving engine on a platform of the support matrix. Add the "
                                 "stack you run today as keep."))
        self.runtime = QComboBox()
        self.runtime.setObjectName("wizard_runtime")
        for r in matrix.runtimes:
            if r.kind is not RuntimeKind.KERNEL_LIBRARY:  # kernel libraries are build facts, not options
                self.runtime.addItem(r.name, r.id)
        self.platform = QComboBox()
        self.platform.setObjectName("wizard_platform")
        for p in matrix.platforms:
            self.platform.addItem(f"{p.vendor} {p.name}", p.id)
        self.strategy = QComboBox()
        self.strategy.setObjectName("wizard_strategy")
        self.strategy.addItem(_("from the matrix (buy if listed officially, else port)"), "")
        for s in (Strategy.KEEP, Strategy.PORT, Strategy.BUY, Strategy.DEV_ONLY):
            self.strategy.addItem(labels.strategy(s), s.value)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.add_button = QPushButton(_("Add option"))
        self.remove_button = QPushButton(_("Remove"))
        self.list = QListWidget()
        self.list.setObjectName("wizard_options")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.specs: list[starter.OptionSpec] = []
        grid = QGridLayout()
        grid.addWidget(QLabel(_("Serving engine")), 0, 0)
        grid.addWidget(self.runtime, 0, 1)
        grid.addWidget(QLabel(_("Platform")), 1, 0)
        grid.addWidget(self.platform, 1, 1)
        grid.addWidget(QLabel(_("Strategy")), 2, 0)
        grid.addWidget(self.strategy, 2, 1)
        grid.setColumnStretch(1, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.problem)
        self.runtime.currentIndexChanged.connect(self._show_status)
        self.platform.currentIndexChanged.connect(self._show_status)
        self.add_button.clicked.connect(self.add_current)
        self.remove_button.clicked.connect(self.remove_selected)
        self._show_status()

    def _show_status(self, *_args: object) -> None:
        runtime, platform = self.runtime.currentData(), self.platform.currentData()
        if runtime is None or platform is None:
            return
        status = self.matrix.status(runtime, platform)
        self.status.setText(fmt(_("The matrix lists %1 on %2 as: %3"), self.runtime.currentText(),
                                self.platform.currentText(), status_label(status)))

    def add_current(self) -> bool:
        strategy = self.strategy.currentData()
        spec = starter.OptionSpec(self.runtime.currentData(), self.platform.currentData(),
                                  Strategy(strategy) if strategy else None)
        try:
            starter.new_workspace("check", [*self.specs, spec])
        except ValueError as exc:
            self.problem.setText(str(exc))
            return False
        self.problem.clear()
        self.specs.append(spec)
        label = fmt(_("%1 on %2"), self.runtime.currentText(), self.platform.currentText())
        self.list.addItem(f"{label} — {self.strategy.currentText()}")
        self.completeChanged.emit()
        return True

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.specs):
            del self.specs[row]
            self.list.takeItem(row)
            self.completeChanged.emit()

    def isComplete(self) -> bool:
        return bool(self.specs)


class FleetStep(QWizardPage):
    """Per platform of the options: GPUs owned, prices and how the shortfall is got."""

    def __init__(self, options: OptionsStep) -> None:
        super().__init__()
        self.options = options
        self.setTitle(_("Owned fleet and prices"))
        self.setSubTitle(_("What the team owns of each platform and what a GPU costs there (0: not known yet; "
                                 "every price can be changed later on the Fleet and prices page)."))
        self.inputs: dict[str, PlatformInputs] = {}
        self.electricity = DecimalSpinBox(decimals=3)
        self.electricity.setRange(0, 10)
        self.electricity.setValue(0.10)
        self.electricity.setObjectName("wizard_electricity")
        self.form_host = QWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.form_host, 1)
        below = QFormLayout()
        below.addRow(_("Electricity ($/kWh)"), self.electricity)
        layout.addLayout(below)

    def initializePage(self) -> None:
        old = self.form_host.layout()
        if old is not None:
            QWidget().setLayout(old)  # drop the previous platforms' fields
        grid = QGridLayout(self.form_host)
        heads = (_("Platform"), _("Owned GPUs"), _("Purchase $/GPU"), _("Rent $/GPU-h"),
                 _("Power kW/GPU"), _("Beyond those owned"))
        for c, h in enumerate(heads):
            grid.addWidget(QLabel(f"<b>{h}</b>"), 0, c)
        kept = dict(self.inputs)
        self.inputs.clear()
        matrix = self.options.matrix
        platforms = list(dict.fromkeys(s.platform for s in self.options.specs))
        for row, pid in enumerate(platforms, start=1):
            p = matrix.platform(pid)
            name = f"{p.vendor} {p.name}" if p is not None else pid
            was = kept.get(pid)
            if was is None:
                owned = IntegerSpinBox()
                owned.setRange(0, 1_000_000)
                purchase = DecimalSpinBox(decimals=0)
                purchase.setRange(0, 10_000_000)
                rental = DecimalSpinBox(decimals=2)
                rental.setRange(0, 1000)
                power = DecimalSpinBox(decimals=2)
                power.setRange(0, 100)
                shortfall = QComboBox()
                shortfall.addItem(_("buy them"), Pricing.OWN.value)
                shortfall.addItem(_("rent them"), Pricing.RENT.value)
                for w, key in ((owned, "owned"), (purchase, "purchase"), (rental, "rental"), (power, "power"),
                               (shortfall, "shortfall")):
                    w.setObjectName(f"wizard_{key}_{pid}")
                was = PlatformInputs(owned, purchase, rental, power, shortfall)
            self.inputs[pid] = was
            grid.addWidget(QLabel(name), row, 0)
            fields: tuple[QWidget, ...] = (was.owned, was.purchase, was.rental, was.power, was.shortfall)
            for c, field in enumerate(fields, start=1):
                grid.addWidget(field, row, c)
        grid.setRowStretch(len(platforms) + 1, 1)


class NewWorkspaceWizard(QWizard):
    """Workload, options, owned fleet and prices: :meth:`workspace` is the new workspace."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("New workspace"))
        self.setObjectName("new_workspace_wizard")
        self.base = starter.builtin_start()
        self.workload_step = WorkloadStep()
        self.options_step = OptionsStep(self.base.matrix)
        self.fleet_step = FleetStep(self.options_step)
        for step in (self.workload_step, self.options_step, self.fleet_step):
            self.addPage(step)
        self.setMinimumSize(720, 480)

    def workspace(self) -> Workspace | None:
        """The new workspace (None while a step is not complete)."""
        workload, _problems = self.workload_step.parsed()
        if workload is None or not self.options_step.specs:
            return None
        ws = starter.new_workspace(workload.model, self.options_step.specs, name=self.workload_step.name.text())
        ws = dataclasses.replace(ws, workload=workload)
        fleet = []
        pricing: dict[str, Pricing] = {}
        for pid, inp in self.fleet_step.inputs.items():
            def est(box: DecimalSpinBox) -> Estimate | None:
                return Estimate.exact(box.value()) if box.value() > 0 else None

            fleet.append(PlatformFleet(pid, owned_gpus=inp.owned.value(), purchase_usd_per_gpu=est(inp.purchase),
                                       rental_usd_per_gpu_hour=est(inp.rental), power_kw_per_gpu=est(inp.power)))
            pricing[pid] = Pricing(inp.shortfall.currentData())
        options = tuple(dataclasses.replace(o, cost=dataclasses.replace(o.cost, pricing=pricing[o.platform]))
                        if o.platform in pricing else o for o in ws.options)
        kwh = self.fleet_step.electricity.value()
        assumptions = dataclasses.replace(ws.assumptions, electricity_usd_per_kwh=Estimate.exact(kwh)) if kwh > 0 \
            else ws.assumptions
        return dataclasses.replace(ws, fleet=tuple(fleet), options=options, assumptions=assumptions)
