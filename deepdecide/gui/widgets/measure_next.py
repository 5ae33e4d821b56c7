"""The Overview's "What to measure next": the measurements worth the most (the Assessment's
value-of-information ranking) and a button that writes their benchmark plan
(docs/benchmark-plan.md)."""

from __future__ import annotations

import os
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.messages import names_of, naming
from deepdecide.gui.i18n import fmt, text
from deepdecide.storage.plan import write_plan

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import Assessment, MonteCarlo
    from deepdecide.domain.plan import BenchmarkPlan
    from deepdecide.domain.workspace import Workspace

SHOWN = 5


class MeasureNextPanel(QFrame):
    """The top items with their chance of changing the recommendation and their value; the button
    writes the plan of those a benchmark answers."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("measure_next")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # never squeezed below its wrapped text by the cards' scroll area below it
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.title = QLabel()
        self.title.setObjectName("measure_next_title")
        self.body = QLabel()
        self.body.setObjectName("measure_next_body")
        self.body.setWordWrap(True)
        self.body.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.status = QLabel()
        self.status.setObjectName("measure_next_status")
        self.status.setWordWrap(True)
        self.button = QPushButton(_("Write benchmark plan…"))
        self.button.setObjectName("write_plan")
        self.button.setToolTip(_("A runnable script per measurement (a concurrency sweep bracketing the SLO "
                                       "knee, or the parity suite against the reference runtime) and a manifest; "
                                       "importing the folder back fills each file's context from the manifest"))
        self.button.clicked.connect(self.write_plan)
        row = QHBoxLayout()
        row.addWidget(self.title, 1)
        row.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.body)
        layout.addWidget(self.status)
        self.status.hide()
        self._ws: Workspace | None = None
        self._assessment: Assessment | None = None
        self._path = ""

    def resizeEvent(self, event: Any) -> None:
        """The wrapped text's height for the width it has now (a grid cell does not ask a label's
        height for its width by itself)."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        for label in (self.body, self.status):
            need = label.heightForWidth(max(label.width(), 1)) if label.isVisibleTo(self) else 0
            if need > 0 and label.minimumHeight() != need:
                label.setMinimumHeight(need)

    def set_result(self, ws: Workspace, a: Assessment, mc: MonteCarlo | None, path: str = "") -> None:
        """Show the ranking of ``mc`` (None: the draws are running) for the workspace at ``path``."""
        self._ws, self._path = ws, path
        self._assessment = replace(a, monte_carlo=mc) if mc is not None else None
        self.title.setText("<b>" + _("What to measure next") + "</b>")
        if mc is None:
            self.body.setText(_("Monte Carlo running…"))
            self.button.setEnabled(False)
            return
        if mc.information_against is None:
            self.body.setText(_("No recommendation to measure against."))
            self.button.setEnabled(False)
            return
        top = mc.worth_measuring(SHOWN)
        if not top:
            self.body.setText(_("No drawn input changes the recommendation in the draws: measuring any one of "
                                      "them alone would not change the decision."))
            self.button.setEnabled(False)
            return
        currency = ws.assumptions.currency
        names = names_of(ws)
        options = names["option"]
        lines = []
        for n, i in enumerate(top, 1):
            with naming(names):  # options, platforms and runtimes by their names, as the record writes them
                what = text(i.action) if i.action is not None else text(i.label_message)
            if i.judgement:
                what += " " + _("(a judgement)")
            value = (fmt(_("worth up to %1 of expected TCO"), formatting.money(i.value, currency))
                     if i.value is not None and i.value > 0 else
                     fmt(_("the informed choice costs %1 more in expected TCO"),
                         formatting.money(-i.value, currency)) if i.value is not None and i.value < 0 else "")
            chance = fmt(_("%1 chance the recommendation changes (to %2)"),
                         formatting.percent(i.p_change, 1), ", ".join(options.get(o, o) for o in i.switch_to))
            lines.append(f"{n}. <b>{escape(what)}</b> — {escape(chance)}" + (f"; {escape(value)}" if value else ""))
        self.body.setText("<br>".join(lines))
        self._fit()
        self.button.setEnabled(bool(self.plan().items))

    def plan(self) -> BenchmarkPlan:
        from deepdecide.analysis.plan import build

        assert self._ws is not None and self._assessment is not None
        return build(self._ws, self._assessment, workspace_file=os.path.basename(self._path))

    def choose_folder(self, suggested: str) -> str:
        """The plan's folder (new or empty); "" when the user cancels. Tests replace it."""
        return QFileDialog.getExistingDirectory(self, _("Folder for the benchmark plan (new or empty)"),
                                                suggested)

    def write_plan(self) -> None:
        if self._ws is None or self._assessment is None:
            return
        base = os.path.dirname(self._path) if self._path else os.getcwd()
        folder = self.choose_folder(os.path.join(base, "benchmark-plan"))
        if not folder:
            return
        plan = self.plan()
        try:
            write_plan(plan, folder)
        except (DeepdecideError, OSError) as exc:  # shown, nothing written (write_plan is all or nothing)
            window: Any = self.window()
            interaction = getattr(window, "interaction", None)
            if interaction is not None:
                interaction.show_error(_("Write benchmark plan"), exc)
            self.status.setText(fmt(_("Not written: %1"), str(exc)))
            self.status.show()
            return
        self.status.setText(fmt(ngettext("Benchmark plan written to %1: {n} script; run it with BASE_URL set, "
                                        "then import the folder.", "Benchmark plan written to %1: {n} scripts; run each with BASE_URL set, "
                                        "then import the folder.", len(plan.items)).format(n=len(plan.items)), folder))
        self.status.show()
