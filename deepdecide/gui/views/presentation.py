"""Presentation mode: the decision as a guided sequence of full-screen slides, in large type.

The question, the options, the evidence per option, capacity and cost, what would flip it, the
recommendation, the sign-off status. Keys: → ↓ PageDown Space next; ← ↑ PageUp previous; Home /
End first / last; W shows or hides the what-if panel; B back to the baseline; Esc leaves.

The what-if (weights and SLO) re-runs the analysis on a *copy* of the workspace: the document,
its file and its undo stack are never touched. While the what-if differs from the saved
decision a banner says so, and B (or the banner's button) returns to it. Every figure comes from
the Assessment (``analysis.evaluate``) and is written by ``domain.formatting``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QFont, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import Assessment, OptionAssessment
from deepdecide.analysis.evidence import describe_slo
from deepdecide.domain import formatting as fmtn
from deepdecide.domain import presentation as look
from deepdecide.domain.i18n import _, gettext, ngettext
from deepdecide.domain.messages import Message, input_words, names_of, naming
from deepdecide.domain.slo import limit as slo_limit
from deepdecide.domain.slo import limits
from deepdecide.domain.workspace import Workspace
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.formatting import in_currency, money_unit, workspace_unit
from deepdecide.gui.i18n import fmt
from deepdecide.gui.i18n import text as message_text
from deepdecide.gui.widgets.numbers import DecimalSpinBox

SHOWN_MEASUREMENTS = 5  # rows of the "What to measure next" slide

NEXT_KEYS = (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_PageDown, Qt.Key.Key_Space)
PREVIOUS_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_PageUp, Qt.Key.Key_Backspace)


def _label(text: str | Message = "", *, scale: float = 1.0, bold: bool = False, wrap: bool = True,
           rich: bool = False, name: str = "") -> QLabel:
    label = QLabel(message_text(text) if isinstance(text, Message) else str(text))
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setProperty("scale", scale)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    if name:
        label.setObjectName(name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


def _named(ws: Workspace, reason: str | Message) -> str | Message:
    """A reason that names a runtime or platform by its id ("sglang on nv-h100") with their names
    instead ("SGLang on H100"), as the rest of the slide does."""
    if not isinstance(reason, Message):
        return reason
    names = {"runtime": lambda v: look.runtime_short(ws.matrix, v),
             "platform": lambda v: look.platform_short(ws.matrix, v)}
    params = tuple((k, names[k](v) if k in names and isinstance(v, str) else v) for k, v in reason.params)
    return dataclasses.replace(reason, params=params)


def _yes(reached: bool, proxy: bool = False) -> str:
    """✓ reached, ≈ shown by an accepted proxy only (never the rung itself), ✗ not reached."""
    return "✓" if reached else "≈" if proxy else "✗"


class Slide(QWidget):
    """One slide: a large title and a body the builder fills."""
    def __init__(self, key: str, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.key = key
        self.title = _label(title, scale=1.9, bold=True, name="slide_title")
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.setSpacing(14)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(scroll, 1)

    def clear(self) -> None:
        while self.body_layout.count():
            item = self.body_layout.takeAt(0)
            if item is None:
                break
            w = item.widget()
            if w is not None:
                w.hide()  # gone at once, not only when the event loop deletes it
                w.setParent(None)
                w.deleteLater()
            elif (inner := item.layout()) is not None:
                _drop_layout(inner)

    def add(self, widget: QWidget) -> QWidget:
        self.body_layout.addWidget(widget)
        return widget

    def grid(self, headers: list[str], rows: Sequence[Sequence[str | Message]], tips: list[str] | None = None,
             numeric: tuple[int, ...] = (), centred: tuple[int, ...] = ()) -> QGridLayout:
        """A table of labels (header row bold); the first column's tooltip is ``tips``; the
        ``numeric`` columns align right, the ``centred`` ones (✓ / ✗) centre."""
        box = QWidget()
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(8)
        for c, h in enumerate(headers):
            head = _label(h, bold=True, wrap=True)  # a long title takes two lines, the table stays on the slide
            if c in numeric:
                head.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            elif c in centred:
                head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(head, 0, c)
        for r, row in enumerate(rows, start=1):
            for c, cell in enumerate(row):
                lab = _label(cell, wrap=c == len(row) - 1)
                if c == 0 and tips:
                    lab.setToolTip(tips[r - 1])
                if c in numeric:
                    lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                elif c in centred:
                    lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
                grid.addWidget(lab, r, c)
        grid.setColumnStretch(len(headers) - 1, 1)
        self.add(box)
        return grid


def _drop_layout(layout: Any) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            _drop_layout(item.layout())


class WhatIfPanel(QFrame):
    """Weights and SLO of the what-if; ``changed`` on every edit."""
    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("whatif_panel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.weights: dict[str, DecimalSpinBox] = {}
        self.slo: dict[str, DecimalSpinBox] = {}
        self._layout = QVBoxLayout(self)
        self._filling = False

    def fill(self, ws: Workspace) -> None:
        """Show ``ws``'s weights and SLO (no ``changed`` while filling)."""
        self._filling = True
        try:
            if not self.weights:
                self._build(ws)
            for c in ws.criteria:
                if c.id in self.weights:
                    self.weights[c.id].setValue(c.weight)
            for key, box in self.slo.items():
                value = ws.slo.get(key)
                box.setValue(0.0 if value is None else float(value) * (100 if slo_limit(key).percent else 1))
        finally:
            self._filling = False

    def _build(self, ws: Workspace) -> None:
        weights = QFormLayout()
        used = list(ws.criteria)
        top = max([c.weight for c in used] + [1.0])
        per_column = (len(used) + 2) // 3
        columns = [QFormLayout(), QFormLayout(), QFormLayout()]
        for i, c in enumerate(used):
            box = DecimalSpinBox(decimals=fmtn.WEIGHT_DECIMALS)  # "0.050": as the slides write weights
            box.setSingleStep(0.05)
            box.setRange(0.0, max(10.0, 4 * top))
            box.setObjectName(f"whatif_weight_{c.id}")
            box.valueChanged.connect(self._edited)
            name = _label(c.name, wrap=False, scale=0.75)
            name.setToolTip(input_words(c.description) or c.name)
            box.setProperty("scale", 0.75)
            columns[min(i // per_column, 2)].addRow(name, box)
            self.weights[c.id] = box
        # one field per limit of domain.slo (a fraction as a percentage), in a row of three columns
        # below the weights
        entries = limits()
        slo_rows = max(1, -(-len(entries) // 3))
        slo_columns = [QFormLayout() for _ignored in range(-(-len(entries) // slo_rows))]
        for i, entry in enumerate(entries):
            # "2,000 ms", "2.000 ms": the app's figures
            box = DecimalSpinBox(decimals=entry.decimals, unit="%" if entry.percent else gettext(entry.unit))
            box.setRange(0.0, entry.maximum * (100 if entry.percent else 1))
            box.setSingleStep(entry.step)
            box.setSpecialValueText(_("no limit"))
            box.setObjectName(f"whatif_{entry.key}")
            box.setProperty("scale", 0.75)
            box.setToolTip(gettext(entry.help))
            box.valueChanged.connect(self._edited)
            slo_columns[i // slo_rows].addRow(_label(f"{gettext(entry.label)} {entry.bound.sign}", wrap=False,
                                                     scale=0.75), box)
            self.slo[entry.key] = box
        head = _label(_("What-if on weights and SLO (the saved decision is not changed)"), bold=True,
                      wrap=False, scale=0.75)
        self._layout.addWidget(head)
        for cols in (columns, slo_columns):
            row = QHBoxLayout()
            for col in cols:
                row.addLayout(col)
            row.addStretch(1)
            self._layout.addLayout(row)
        del weights

    def _edited(self, _value: float) -> None:
        if not self._filling:
            self.changed.emit()

    def apply_to(self, ws: Workspace) -> Workspace:
        """``ws`` with the panel's weights and SLO."""
        criteria = tuple(dataclasses.replace(c, weight=self.weights[c.id].value()) if c.id in self.weights else c
                         for c in ws.criteria)
        changes = {key: (round(box.value() / 100, 6) if slo_limit(key).percent else box.value()) or None
                   for key, box in self.slo.items()}
        return dataclasses.replace(ws, criteria=criteria, slo=ws.slo.replace(**changes))


class PresentationWindow(QWidget):
    """Full screen slides of one document's decision, with a what-if that never edits it."""
    #: the slide shown changed (payload: its index)
    slide_changed = Signal(int)

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("presentation")
        self.setWindowTitle(_("Presentation — deepdecide"))
        self.document = document
        self.baseline: Workspace = document.workspace
        self.current: Workspace = self.baseline
        self._assessments: dict[int, tuple[Workspace, Assessment]] = {}
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.banner = QFrame()
        self.banner.setObjectName("whatif_banner")
        self.banner_text = _label("", bold=True, name="whatif_banner_text")
        self.banner_button = QPushButton(_("Back to the saved decision (B)"))
        self.banner_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.banner_button.clicked.connect(self.reset_to_baseline)
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.addWidget(self.banner_text, 1)
        banner_layout.addWidget(self.banner_button)
        self.banner.setStyleSheet("QFrame#whatif_banner { background: #B54708; border-radius: 6px; }"
                                  "QFrame#whatif_banner QLabel { color: white; }")
        self.banner.hide()

        self.stack = QStackedWidget()
        self.slides: list[Slide] = []
        self._builders: list[Callable[[Slide, Workspace, Assessment], None]] = []
        for key, title, builder in (
            ("question", _("The question"), self._question),
            ("options", _("The options"), self._options),
            ("evidence", _("The evidence per option"), self._evidence),
            ("capacity", _("Capacity and cost"), self._capacity),
            ("flips", _("What would flip it"), self._flips),
            ("measure", _("What to measure next"), self._measure),
            ("recommendation", _("The recommendation"), self._recommendation),
            ("signoff", _("Sign-off status"), self._signoff),
        ):
            slide = Slide(key, title)
            self.slides.append(slide)
            self._builders.append(builder)
            self.stack.addWidget(slide)

        self.whatif = WhatIfPanel()
        self.whatif.fill(self.baseline)
        self.whatif.changed.connect(self._whatif_changed)
        self.whatif.hide()
        self.footer = _label("", wrap=False, name="presentation_footer")
        self.footer.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.footer.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.position = _label("", wrap=False, name="presentation_position")
        bottom = QHBoxLayout()
        bottom.addWidget(self.position)
        bottom.addWidget(self.footer, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(48, 28, 48, 20)
        layout.setSpacing(14)
        layout.addWidget(self.banner)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.whatif)
        layout.addLayout(bottom)
        self._rebuild()
        self.go(0)

    # navigation ----------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.stack.currentIndex()

    def current_key(self) -> str:
        return self.slides[self.index].key

    def go(self, index: int) -> None:
        index = max(0, min(index, len(self.slides) - 1))
        self.stack.setCurrentIndex(index)
        self.position.setText(f"{index + 1} / {len(self.slides)}  ·  {self.slides[index].title.text()}")
        self.footer.setText(_("→ / Space next   ← previous   W what-if   B baseline   Esc leaves"))
        self.footer.setToolTip(self.footer.text())
        self.slide_changed.emit(index)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self.close()
        elif key in NEXT_KEYS:
            self.go(self.index + 1)
        elif key in PREVIOUS_KEYS:
            self.go(self.index - 1)
        elif key == Qt.Key.Key_Home:
            self.go(0)
        elif key == Qt.Key.Key_End:
            self.go(len(self.slides) - 1)
        elif key == Qt.Key.Key_B:
            self.reset_to_baseline()
        elif key == Qt.Key.Key_W:
            self.toggle_whatif()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def toggle_whatif(self) -> None:
        self.whatif.setVisible(not self.whatif.isVisible())
        if not self.whatif.isVisible():
            self.setFocus()

    # what-if -------------------------------------------------------------------------------
    def differs(self) -> bool:
        return self.current is not self.baseline

    def set_whatif(self, ws: Workspace) -> None:
        """Show the slides for ``ws`` (a changed copy of the baseline); the document stays as it is."""
        same = (ws.criteria == self.baseline.criteria and ws.slo == self.baseline.slo)
        self.current = self.baseline if same else ws
        self._rebuild()

    def _whatif_changed(self) -> None:
        self.set_whatif(self.whatif.apply_to(self.baseline))

    def reset_to_baseline(self) -> None:
        self.whatif.fill(self.baseline)
        self.set_whatif(self.baseline)
        if not self.whatif.isVisible():
            self.setFocus()

    def assessment(self, ws: Workspace | None = None) -> Assessment:
        ws = ws or self.current
        key = id(ws)
        if key not in self._assessments or self._assessments[key][0] is not ws:
            self._assessments = {k: v for k, v in self._assessments.items() if v[0] in (self.baseline, ws)}
            self._assessments[key] = (ws, evaluate(ws, sensitivity=True))
        return self._assessments[key][1]

    def _rebuild(self) -> None:
        ws = self.current
        a = self.assessment(ws)
        for slide, build in zip(self.slides, self._builders, strict=True):
            slide.clear()
            build(slide, ws, a)
            slide.body_layout.addStretch(1)
        self._update_banner(a)
        self._apply_type()

    def _update_banner(self, a: Assessment) -> None:
        if not self.differs():
            self.banner.hide()
            return
        base = self.assessment(self.baseline)
        short = look.short_labels(self.baseline)
        changed = []
        if self.current.criteria != self.baseline.criteria:
            changed.append(_("weights"))
        if self.current.slo != self.baseline.slo:
            changed.append(_("SLO"))
        text = fmt(_("what-if: differs from the saved decision (%1 changed)"), ", ".join(changed))
        if a.winner != base.winner:
            text += " — " + fmt(_("the top rank moves from %1 to %2"),
                                short.get(base.winner or "", _("none")), short.get(a.winner or "", _("none")))
        else:
            text += " — " + fmt(_("%1 still ranks first"), short.get(a.winner or "", _("none")))
        self.banner_text.setText(text)
        self.banner.show()

    # type ---------------------------------------------------------------------------------
    def base_point_size(self) -> float:
        """Large type: about a fiftieth of the screen height (20.8 pt at 1080), and no larger than a
        1920 × 1080 slide's type in proportion to the width, so a 16:10 screen (1280 × 800) keeps
        every column of the widest slide in view."""
        h = max(self.height(), 600)
        w = max(self.width(), 800)
        return max(12.0, min(h / 52.0, w / (1920 / (1080 / 52.0))))

    def _apply_type(self) -> None:
        base = self.base_point_size()
        font = QFont(self.font())
        font.setPointSizeF(base)
        for w in self.findChildren(QWidget):
            scale = w.property("scale")
            f = QFont(w.font())
            f.setPointSizeF(base * (float(scale) if scale else 1.0))
            w.setFont(f)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._apply_type()

    def closeEvent(self, event: QCloseEvent) -> None:
        parent = self.parentWidget()
        super().closeEvent(event)
        if parent is not None:
            parent.activateWindow()

    # slides ---------------------------------------------------------------------------------
    def _order(self, a: Assessment) -> list[OptionAssessment]:
        ids = a.order or tuple(o.option for o in a.options)  # the one order of every view
        return [oa for i in ids if (oa := a.option(i)) is not None]  # every id is one of a.options

    def _question(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        d = ws.decision
        s.add(_label(d.title or ws.name, scale=1.4, bold=True))
        s.add(_label(fmt(_("Model: %1"), ws.model)))
        if d.context:  # the first paragraph; the record holds the rest
            s.add(_label(d.context.strip().split("\n\n")[0]))
        dem = ws.demand
        if dem.output_tokens_per_s is not None:
            demand = fmtn.tps(dem.output_tokens_per_s)
        elif dem.requests_per_s is not None:
            demand = fmtn.rate(dem.requests_per_s)
        else:
            demand = fmtn.DASH
        s.add(_label(fmt(_("Peak demand: %1 · SLO: %2 · horizon %3"), demand, describe_slo(ws.slo),
                         labels.years(round(ws.assumptions.horizon_years)))))
        for drv in d.drivers:
            s.add(_label("•  " + drv))

    def _options(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        short = look.short_labels(ws)
        rows, tips = [], []
        for o in ws.options:
            oa = a.option(o.id)
            rows.append([short[o.id], labels.strategy(o.strategy),
                         labels.support(oa.classification) if oa else fmtn.DASH, o.name])
            tips.append(o.name)
        s.grid([_("Option"), _("Strategy"), _("Support"), _("Full name")], rows, tips)

    def _evidence(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        short = look.short_labels(ws)
        rows, tips = [], []
        for oa in self._order(a):
            ev = oa.evidence
            missing = _named(ws, next((lv.reasons[0] for lv in (ev.builds, ev.correct, ev.performs)
                                       if not lv.reached and lv.reasons), ""))
            rows.append([short.get(oa.option, oa.option), _yes(ev.builds.reached, ev.builds.proxy),
                         _yes(ev.correct.reached, ev.correct.proxy), _yes(ev.performs.reached, ev.performs.proxy),
                         self._fit_text(oa),
                         missing or _("all three claims shown")])
            tips.append(oa.name)
        s.grid([_("Option"), _("Builds"), _("Correct"), _("Performs"), _("Runs"),
                _("First gap")], rows, tips, centred=(1, 2, 3))
        if any(oa.evidence.names_proxy for oa in a.options):
            s.add(_label(_("≈: shown by an accepted proxy only, never the rung itself")))

    def _fit_text(self, oa: OptionAssessment) -> str:
        """"3 match · 1 proxy · 2 mismatch": how the runs about the option fit the workload."""
        fit = getattr(oa, "fit", None)
        if fit is None:
            runs = len(oa.capacity.points)
            return ngettext("{n} run", "{n} runs", runs).format(n=fmtn.integer(runs))
        parts = [(fit.matches, _("match")), (fit.proxies, _("proxy")),
                 (fit.mismatches, _("mismatch")), (fit.needs_context, _("need context"))]
        shown = [f"{fmtn.integer(n)} {word}" for n, word in parts if n]
        return " · ".join(shown) if shown else _("no runs")

    def _capacity(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        short = look.short_labels(ws)
        rows, tips = [], []
        view = ""
        cur = ws.assumptions.currency
        for oa in self._order(a):
            c = oa.costs
            view = view or labels.cost_view(getattr(c, "view", None) or "all-in")
            cap = oa.capacity
            basis = (labels.capacity_basis(cap.basis) if cap.value is not None or cap.basis.value != "none"
                     else _("none (no run, no assumption)"))
            # the driving cost view, at the precision its range supports, as on the Overview and in the record
            dv = c.all_in if c.view.value == "all-in" else c.cash
            per_m = (fmtn.money(dv.cost_per_m_tokens_usd.value, cur, approx=dv.assumed, low=dv.low, high=dv.high)
                     if dv is not None else fmtn.money(c.cost_per_m_tokens_usd.value, cur))
            tco = (fmtn.money(dv.tco_usd.value, cur, approx=dv.assumed, low=dv.tco_low, high=dv.tco_high)
                   if dv is not None else fmtn.money(c.tco_usd.value, cur))
            rows.append([short.get(oa.option, oa.option), fmtn.tps(cap.value, per="GPU"),
                         fmtn.integer(oa.fleet.gpus.value), per_m, tco,
                         labels.weeks(c.time_to_production_weeks.value), basis])
            tips.append(oa.name)
        headers = [_("Option"), _("Capacity"), _("GPUs"), fmt(_("%1/M tokens"), money_unit(cur)), _("TCO"),
                   _("To production"), _("Capacity basis")]
        numeric = (1, 2, 3, 4, 5)
        order = self._order(a)
        # disaggregated options: their pools in a line under the table (the table keeps every column in view)
        pools = [fmt(_("%1: %2"), short.get(oa.option, oa.option), look.pools_text(oa.pools))
                 for oa in order if oa.pools is not None]
        # the horizon is said here, not in the TCO header: the table keeps every column in view
        s.add(_label(fmt(_("Cost view: %1 · TCO over %3 · capacity under the SLO (%2)"), view,
                         describe_slo(ws.slo), labels.years(round(ws.assumptions.horizon_years)))))
        s.grid(headers, rows, tips, numeric=numeric)
        if pools:
            s.add(_label(fmt(_("Pools (prefill / decode GPUs): %1"), "; ".join(pools))))
        # what each capacity's range (the Monte Carlo draws, so the cost ranges) rests on, from the Assessment
        ranges = [(short.get(oa.option, oa.option), oa.capacity.range_note) for oa in order
                  if oa.capacity.range_note is not None]
        if ranges:
            s.add(_label(_("What each capacity's range (the Monte Carlo draws) rests on:"), name="capacity_ranges"))
            for name, note in ranges:
                s.add(_label("•  " + fmt(_("%1: %2"), name, message_text(note)), scale=0.85))

    def _flips(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        sens = a.sensitivity
        short = look.short_labels(ws)
        cur = ws.assumptions.currency
        if sens is None or sens.winner is None:
            s.add(_label(_("No option ranks first, so nothing can flip.")))
            return
        names = {c.id: c.name for c in a.criteria}
        s.add(_label(fmt(_("%1 ranks first. It stays first while each weight stays in its range "
                                 "(the others unchanged):"), short.get(sens.winner, sens.winner))))
        rows = []
        for w in sens.weights:
            hi = _("no limit") if w.high is None else fmtn.weight(w.high)
            beyond = [fmt(_("below → %1"), short.get(w.winner_below, w.winner_below)) if w.winner_below else "",
                      fmt(_("above → %1"), short.get(w.winner_above, w.winner_above)) if w.winner_above else ""]
            rows.append([names.get(w.criterion, w.criterion), fmtn.weight(w.weight),
                         f"{fmtn.weight(w.low)} – {hi}", "; ".join(b for b in beyond if b) or _("never flips")])
        s.grid([_("Criterion"), _("Weight"), _("Holds for"), _("Beyond")], rows, numeric=(1, 2))
        flips = [f for f in sens.inputs if (f.flip_below is not None and f.below_in_range)
                 or (f.flip_above is not None and f.above_in_range)]
        if flips:
            s.add(_label(_("Uncertain inputs that flip it inside their range:"), bold=True))
            for f in flips:
                parts = []
                if f.flip_below is not None and f.below_in_range:
                    parts.append(fmt(_("below %1 → %2"), fmtn.number(f.flip_below, labels.unit(workspace_unit(f.unit, cur))),
                                     short.get(f.winner_below or "", _("none eligible"))))
                if f.flip_above is not None and f.above_in_range:
                    parts.append(fmt(_("above %1 → %2"), fmtn.number(f.flip_above, labels.unit(workspace_unit(f.unit, cur))),
                                     short.get(f.winner_above or "", _("none eligible"))))
                name = f.label
                if f.option and name.startswith(f"{f.option}: "):  # the option's short label, not its id
                    name = f"{short.get(f.option, f.option)}: {name[len(f.option) + 2:]}"
                s.add(_label(f"•  {in_currency(name, cur)}: {'; '.join(parts)}"))
        else:
            s.add(_label(_("No uncertain input flips it inside its low–high range.")))

    def _measure(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        """The measurements worth the most (the saved decision's Monte Carlo: a what-if is not drawn)."""
        if ws is not self.baseline:
            s.add(_label(_("Shown for the saved decision: a what-if is not drawn.")))
            return
        service = self.document.monte_carlo()
        mc = service.current()
        if mc is None:
            s.add(_label(_("Monte Carlo running…")))
            service.result_ready.connect(self._measure_ready)
            return
        top = mc.worth_measuring(SHOWN_MEASUREMENTS)
        if mc.information_against is None or not top:
            s.add(_label(_("No drawn input changes the recommendation in the draws: measuring any one of "
                                 "them alone would not change the decision.")))
            return
        short = look.short_labels(ws)
        s.add(_label(fmt(_("What answering each open question is worth, against %1:"),
                         short.get(mc.information_against, mc.information_against))))
        rows = []
        names = names_of(ws)
        for i in top:
            with naming(names):  # the option by its name, as the record writes it, never its id
                what = message_text(i.action) if i.action is not None else message_text(i.label_message)
            if i.judgement:
                what += " " + _("(a judgement)")
            rows.append([fmtn.percent(i.p_change, 1), ", ".join(short.get(o, o) for o in i.switch_to),
                         fmtn.money(i.value, ws.assumptions.currency) if i.value is not None else fmtn.DASH, what])
        # the long text last: the one column that wraps
        s.grid([_("Chance the recommendation changes"), _("Would recommend"), _("Expected TCO saved"),
                _("What to do")], rows, numeric=(0, 2))

    def _measure_ready(self, _result: Any) -> None:
        self.document.monte_carlo().result_ready.disconnect(self._measure_ready)
        if self.current is self.baseline:
            self._rebuild()

    def _recommendation(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        short = look.short_labels(ws)
        if a.winner is None and a.no_recommendation is not None:
            s.add(_label(fmt(_("No recommendation: %1."), message_text(a.no_recommendation)), scale=1.4,
                         bold=True))
            if a.remedies:
                s.add(_label(_("What would make an option recommendable:")))
            for m in a.remedies[:6]:
                s.add(_label("•  " + message_text(m)))
            return
        if a.winner is None:
            s.add(_label(_("No recommendation yet."), scale=1.4, bold=True))
            for m in a.messages:
                s.add(_label("•  " + message_text(m)))
            return
        win = a.option(a.winner)
        assert win is not None  # the winner is one of the assessment's options
        s.add(_label(fmt(_("Recommended: %1"), win.name), scale=1.4, bold=True))
        ranked = [o for o in self._order(a) if o.rank is not None]
        runner = ranked[1] if len(ranked) > 1 else None
        score = fmtn.score(win.score.total if win.score else None)
        line = fmt(_("Ranked first of %1 with %2 points"), len(ranked), score)
        if runner is not None and runner.score is not None:
            line += fmt(_("; next: %1 with %2"), short.get(runner.option, runner.option),
                        fmtn.score(runner.score.total))
        s.add(_label(line))
        s.add(_label("•  " + (_("officially supported on its platform") if win.classification.official
                              else _("experimental: not on the runtime's official list"))))
        s.add(_label("•  " + fmt(_("evidence level %1 of 3"), win.evidence.level)))
        if win.capacity.basis.value == "assumed":
            s.add(_label("•  " + _("its capacity is an assumption, not a measurement that meets the SLO")))
        for b in win.checklist.blockers:
            s.add(_label("•  " + fmt(_("blocker: %1"), b.title)))
        d = ws.decision
        if d.chosen_option:
            chosen = short.get(d.chosen_option, d.chosen_option)
            agrees = _("agrees") if d.chosen_option == a.winner else _("differs")
            s.add(_label(fmt(_("The record's chosen option: %1 (%2 with the ranking)"), chosen, agrees)))
        if d.rationale:
            s.add(_label(d.rationale.strip()))

    def _signoff(self, s: Slide, ws: Workspace, a: Assessment) -> None:
        d = ws.decision
        s.add(_label(fmt(_("Record %1 · status %2 · updated %3"), d.id, labels.record_status(d.status), fmtn.date(d.date)),
                     scale=1.2, bold=True))
        if not ws.signoffs:
            s.add(_label(_("Nobody is asked to sign off yet.")))
            return
        rows = [[so.name, so.role, labels.vote(so.verdict), fmtn.date(so.date), so.conditions or fmtn.DASH]
                for so in ws.signoffs]
        s.grid([_("Name"), _("Role"), _("Verdict"), _("Date"), _("Conditions")], rows)
        pending = sum(1 for so in ws.signoffs if so.verdict.value == "pending")
        approved = sum(1 for so in ws.signoffs if so.verdict.value == "approve")
        s.add(_label(fmt(_("%1 of %2 approved, %3 pending"), approved, len(ws.signoffs), pending)))

