"""Compare: weight sliders with live re-ranking, sensitivity, Monte Carlo; SLO, demand and prices."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSlider,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain import presentation as look
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import SetAssumptions, SetDemand, SetOptionCost, SetSLO, SetWeight
from deepdecide.domain.formatting import DASH, integer, money, number, p_best, percent, probability
from deepdecide.domain.formatting import share as share_text
from deepdecide.domain.formatting import weight as weight_text
from deepdecide.domain.i18n import N_, _, gettext
from deepdecide.domain.messages import input_words
from deepdecide.domain.slo import limit as slo_limit
from deepdecide.domain.slo import limits
from deepdecide.domain.workspace import CostView, Option
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.formatting import in_currency, money_unit, workspace_unit
from deepdecide.gui.i18n import fmt, texts
from deepdecide.gui.i18n import text as message_text
from deepdecide.gui.models.assessed import criteria_model, pools_model, ranked_order, ranking_model
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.views.page import Page, make_table
from deepdecide.gui.widgets.numbers import DecimalSpinBox
from deepdecide.gui.widgets.ranking_bars import RankingBars

if TYPE_CHECKING:
    from deepdecide.gui.montecarlo import MonteCarloService

#: slider steps per unit of weight
SLIDER_SCALE = 100


class WeightSlider(QWidget):
    """One criterion's weight: a slider (0..1 in steps of 0.01, further where a flip value lies beyond 1)
    and the weight's share of the total."""

    def __init__(self, page: ComparePage, criterion_id: str, name: str, tip: str):
        super().__init__()
        self.page = page
        self.criterion = criterion_id
        self.session = 0
        self.label = QLabel(name)
        self.label.setToolTip(tip)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName(f"weight_{criterion_id}")
        self.slider.setRange(0, SLIDER_SCALE)
        self.slider.setPageStep(5)
        self.slider.setToolTip(tip)
        self.slider.setMinimumWidth(110)
        self.label.setWordWrap(False)  # on its own row above the slider: never cut, never four lines
        self.value = QLabel()
        self.value.setMinimumWidth(80)
        self.value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.slider.sliderPressed.connect(self._new_session)
        self.slider.valueChanged.connect(self._changed)

    def _new_session(self) -> None:
        self.page.drag_session += 1
        self.session = self.page.drag_session

    def _changed(self, value: int) -> None:
        if self.page.updating:
            return
        weight = value / SLIDER_SCALE
        # one drag (press .. release) is one undo step; each keyboard step is its own
        key = ("weight", self.criterion, self.session) if self.slider.isSliderDown() else None
        name = self.label.text()
        self.page.document.edit(SetWeight(self.criterion, weight),
                                lambda: fmt(_("Weight of %1"), name), key)

    def set_maximum(self, maximum: float) -> None:
        """Let the slider reach ``maximum`` (a weight, e.g. the flip value the winner holds to)."""
        top = max(SLIDER_SCALE, math.ceil(maximum * SLIDER_SCALE))
        if top != self.slider.maximum():
            self.slider.setMaximum(top)
            self.slider.setPageStep(max(5, top // 20))

    def show_weight(self, weight: float, share: float | None) -> None:
        if weight * SLIDER_SCALE > self.slider.maximum():
            self.set_maximum(weight)
        self.slider.setValue(round(weight * SLIDER_SCALE))
        shown = weight_text(weight)  # "0.050 (5.0 %)": as the weight column and the CLI write it
        self.value.setText(f"{shown} ({share_text(share)})" if share is not None else shown)


def _spin(maximum: float, decimals: int, unit: str, special: str) -> DecimalSpinBox:
    box = DecimalSpinBox(decimals=decimals, unit=unit)  # "200,000 tok/s", "200.000 tok/s": the app's figures
    box.setRange(0, maximum)
    box.setSpecialValueText(special)
    box.setKeyboardTracking(False)
    box.setAccelerated(True)
    return box


#: the widest the flip table's input column grows (the values beside it stay in view at 1280 px)
FLIP_INPUT_WIDTH = 190


def input_label(flip: Any) -> str:
    """An uncertain input's name without its option's id ("porting effort", not
    "keep-vllm-h100: porting effort"): the option has its own column."""
    prefix = f"{flip.option}: " if flip.option else ""
    return flip.label[len(prefix):] if prefix and flip.label.startswith(prefix) else flip.label


class ComparePage(Page):
    """Weights, ranking, sensitivity and uncertainty, with the inputs that drive them."""

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.updating = False
        self.drag_session = 0
        self.sliders: dict[str, WeightSlider] = {}
        self._criteria_key: tuple[str, ...] = ()
        self._tips_currency = ""
        self._mc: MonteCarloService | None = None

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._build_inputs())
        split.addWidget(self._build_results())
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 5)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("<h2>Compare</h2>")))
        layout.addWidget(split, 1)

        self.sensitivity_timer = QTimer(self)
        self.sensitivity_timer.setSingleShot(True)
        self.sensitivity_timer.setInterval(250)
        self.sensitivity_timer.timeout.connect(self.refresh_sensitivity)

    # construction ------------------------------------------------------------------------
    def _build_inputs(self) -> QWidget:
        """The left column: weights, SLO and demand, scrolling."""
        self.weights_box = QGroupBox(_("Criteria weights"))
        self.weights_grid = QGridLayout(self.weights_box)
        self.weights_note = QLabel()
        self.weights_note.setWordWrap(True)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.addWidget(self.weights_box)
        ll.addWidget(self.weights_note)
        ll.addWidget(self._build_slo_box())
        ll.addWidget(self._build_demand_box())
        ll.addWidget(self._build_cost_view_box())
        ll.addStretch(1)
        left_scroll = QScrollArea()
        left_scroll.setWidgetResizable(True)
        left_scroll.setWidget(left)
        left_scroll.setMinimumWidth(400)
        left_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return left_scroll

    def _build_slo_box(self) -> QGroupBox:
        """One field per limit of ``domain.slo`` (its words from the gettext catalog); a fraction is
        shown as the record writes it, a percentage ("1.0 %")."""
        not_set = _("not set")
        self.slo_fields: dict[str, DecimalSpinBox] = {}
        slo_box = QGroupBox(_("Service-level objective"))
        slo_form = QFormLayout(slo_box)
        slo_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for entry in limits():
            box = _spin(entry.maximum * (100 if entry.percent else 1), entry.decimals,
                        "%" if entry.percent else gettext(entry.unit), not_set)
            box.setSingleStep(entry.step)
            box.setObjectName(f"slo_{entry.key}")
            box.setToolTip(gettext(entry.help))
            box.valueChanged.connect(lambda _v, k=entry.key: self._slo_changed(k))
            label = QLabel(f"{gettext(entry.label)} {entry.bound.sign}")  # "TTFT p99 ≤"
            label.setToolTip(gettext(entry.help))
            slo_form.addRow(label, box)
            self.slo_fields[entry.key] = box
        return slo_box

    def _build_demand_box(self) -> QGroupBox:
        not_set = _("not set")
        self.demand_fields = {
            "output_tokens_per_s": _spin(1e9, 0, "tok/s", not_set),
            "requests_per_s": _spin(1e7, 2, "req/s", not_set),
            "input_tokens": _spin(1e7, 0, "tok", not_set),
            "output_tokens": _spin(1e7, 0, "tok", not_set),
        }
        demand_box = QGroupBox(_("Peak demand"))
        demand_form = QFormLayout(demand_box)
        demand_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for key, label in (("output_tokens_per_s", _("Output tokens/s")),
                           ("requests_per_s", _("or requests/s")),
                           ("input_tokens", _("input tokens / request")),
                           ("output_tokens", _("output tokens / request"))):
            box = self.demand_fields[key]
            box.setObjectName(f"demand_{key}")
            box.valueChanged.connect(lambda _v, k=key: self._demand_changed(k))
            demand_form.addRow(label, box)
        return demand_box

    def _build_cost_view_box(self) -> QGroupBox:
        """Which cost view the cost criteria score: cash (owned GPUs' capex sunk) or all-in."""
        box = QGroupBox(_("Cost view that drives the ranking"))
        form = QFormLayout(box)
        self.cost_view_combo = QComboBox()
        self.cost_view_combo.setObjectName("cost_view")
        self.cost_view_combo.addItem(self._all_in_choice(), CostView.ALL_IN.value)
        self.cost_view_combo.addItem(_("cash: what we will spend (owned GPUs' capex sunk)"), CostView.CASH.value)
        # the choices are sentences: the combo does not widen the panel to the longest (in any
        # language); the open list shows them whole
        self.cost_view_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.cost_view_combo.setMinimumContentsLength(24)
        self.cost_view_combo.view().setTextElideMode(Qt.TextElideMode.ElideNone)
        self.cost_view_combo.currentIndexChanged.connect(self._cost_view_changed)
        self.cost_view_combo.setToolTip(self.cost_view_combo.currentText())
        form.addRow(self.cost_view_combo)
        return box

    def _currency(self) -> str:
        return self.document.workspace.assumptions.currency

    def _all_in_choice(self) -> str:
        return fmt(_("all-in: every GPU at its all-in %1/GPU-h"), money_unit(self._currency()))

    def _cost_view_changed(self, _index: int) -> None:
        self.cost_view_combo.setToolTip(self.cost_view_combo.currentText())  # whole, when the combo elides it
        if self.updating:
            return
        view = CostView(self.cost_view_combo.currentData())
        a = self.document.workspace.assumptions
        if a.cost_view != view:
            self.submit(SetAssumptions(replace(a, cost_view=view)), self.later(N_("cost view")))

    def _build_results(self) -> QWidget:
        """The right column: ranking and Monte Carlo above, the sensitivity and price tables below."""
        top = QWidget()
        tl = QHBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addWidget(self._build_ranking_box(), 1)
        tl.addWidget(self._build_monte_carlo_box(), 1)  # room for its axis title at 1280 px
        self.tabs = QTabWidget()
        self.tabs.addTab(make_table(self._build_intervals_model()), _("Weight intervals"))
        self.tabs.addTab(make_table(self._build_flips_model()), _("Flip values"))
        self.prices_view = make_table(self._build_prices_model())
        self.tabs.addTab(self.prices_view, _("Prices"))
        self.ranking = ranking_model(self)
        self.criteria = criteria_model(self)
        self.tabs.addTab(make_table(self.ranking), _("Ranking"))
        self.tabs.addTab(make_table(self.criteria), _("Criteria"))
        # each disaggregated option's prefill and decode pools, as the command line and the record list them
        self.pools = pools_model(self._currency, self._option_short, self)
        self.pools_view = make_table(self.pools)
        self.pools_view.setObjectName("pools_table")
        self.tabs.addTab(self.pools_view, _("Pools"))
        self.sens_note = QLabel()
        self.sens_note.setWordWrap(True)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(self.tabs, 1)
        bl.addWidget(self.sens_note)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(top)
        right.addWidget(bottom)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        right.setSizes([420, 280])
        return right

    def _build_ranking_box(self) -> QGroupBox:
        self.bars = RankingBars()
        self.bars.setMinimumWidth(280)
        self.winner_label = QLabel()
        self.winner_label.setWordWrap(True)
        self.winner_label.setTextFormat(Qt.TextFormat.RichText)
        rank_box = QGroupBox(_("Ranking (weighted score, live)"))
        rl = QVBoxLayout(rank_box)
        rl.addWidget(self.winner_label)
        # the bars with the unrankable options' reasons may need more height than the box has at
        # 1280×800: they scroll inside it rather than being cut off
        self.bars_scroll = QScrollArea()
        self.bars_scroll.setObjectName("ranking_bars_scroll")
        self.bars_scroll.setWidgetResizable(True)
        self.bars_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.bars_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.bars_scroll.setWidget(self.bars)
        rl.addWidget(self.bars_scroll, 1)
        return rank_box

    def _build_monte_carlo_box(self) -> QGroupBox:
        self.mc_box = QGroupBox(_("Monte Carlo"))
        self.mc_layout = QVBoxLayout(self.mc_box)
        self.mc_label = QLabel(_("Monte Carlo running…"))
        self.mc_label.setWordWrap(True)
        self.mc_label.setTextFormat(Qt.TextFormat.RichText)
        self.mc_layout.addWidget(self.mc_label)
        self.mc_layout.addStretch(0)
        self.mc_chart: Any = None
        return self.mc_box

    def _build_intervals_model(self) -> RecordTableModel:
        self.intervals = RecordTableModel([
            Column(_("Criterion"), lambda w: self._criterion_name(w.criterion)),
            Column(_("Weight"), lambda w: w.weight, display=weight_text, numeric=True),
            Column(_("Winner holds from"), lambda w: w.low, display=weight_text, numeric=True),
            Column(_("to"), lambda w: w.high, display=lambda v: "∞" if v is None else weight_text(v), numeric=True),
            Column(_("Below: winner"), lambda w: self._option_short(w.winner_below) or DASH,
                   tooltip=lambda w: self._option_name(w.winner_below)),
            Column(_("Above: winner"), lambda w: self._option_short(w.winner_above) or DASH,
                   tooltip=lambda w: self._option_name(w.winner_above)),
        ], None, self)
        return self.intervals

    def _build_flips_model(self) -> RecordTableModel:
        self.flips = RecordTableModel([
            Column(_("Option"), lambda f: self._option_short(f.option), tooltip=lambda f: self._option_name(f.option)),
            Column(_("Input"), lambda f: in_currency(input_label(f), self._currency()),
                   tooltip=lambda f: "<br>".join(in_currency(x, self._currency()) for x in (
                       input_label(f), message_text(f.note) if f.note is not None else "") if x)),
            # the flip values beside the likely value: in view at 1280 px; the range and unit after them
            Column(_("Likely"), lambda f: f.likely, numeric=True),
            Column(_("Flips below"), lambda f: f.flip_below, numeric=True,
                   meaning=lambda f: "fail" if f.below_in_range else None),
            Column(_("to"), lambda f: self._option_short(f.winner_below) or DASH,
                   tooltip=lambda f: self._option_name(f.winner_below)),
            Column(_("Flips above"), lambda f: f.flip_above, numeric=True,
                   meaning=lambda f: "fail" if f.above_in_range else None),
            Column(_("to"), lambda f: self._option_short(f.winner_above) or DASH,
                   tooltip=lambda f: self._option_name(f.winner_above)),
            Column(_("Low"), lambda f: f.low, numeric=True),
            Column(_("High"), lambda f: f.high, numeric=True),
            Column(_("Unit"), lambda f: labels.unit(in_currency(f.unit, self._currency()))),
        ], None, self)
        return self.flips

    def _build_prices_model(self) -> RecordTableModel:
        """Each option's price inputs, the likely values editable in place."""
        def price_edit(field: str):
            def make(o: Option, value: Any):
                v = float(value)
                if v < 0:
                    raise ValueError("negative price")
                old = stated(o, field)[0]
                est = Estimate(min(old.low, v), v, max(old.high, v)) if old is not None else Estimate.exact(v)
                if est == old:
                    return None
                changes: dict[str, Any] = {field: est}
                return SetOptionCost(o.id, replace(o.cost, **changes))
            return make

        # a price the option does not state is its platform's (fleet), shared by every option on it
        platform_field = {"gpu_hour_usd": "rental_usd_per_gpu_hour", "capex_per_gpu_usd": "purchase_usd_per_gpu",
                          "power_kw_per_gpu": "power_kw_per_gpu"}

        def stated(o: Option, field: str) -> tuple[Estimate | None, bool]:
            own = getattr(o.cost, field)
            entry = self.document.workspace.fleet_of(o.platform) if field in platform_field else None
            if own is None and entry is not None:
                return getattr(entry, platform_field[field]), True
            return own, False

        # which prices the option pays (the assessment's fleet): a price it does not pay is not shown
        # as its price and is not offered for editing
        needs = {"gpu_hour_usd": {"rent"}, "capex_per_gpu_usd": {"buy"}, "power_kw_per_gpu": {"own", "buy"}}

        def pays(o: Option) -> frozenset[str]:
            oa = self.document.assessment().option(o.id)
            return labels.fleet_pays(oa) if oa is not None else frozenset()

        def used(field: str):
            return lambda o: field not in needs or bool(needs[field] & pays(o))

        def likely(field: str):
            return lambda o: (e.likely if used(field)(o) and (e := stated(o, field)[0]) is not None else None)

        def est_tip(field: str, unit: str = ""):
            def tip(o: Option) -> str:
                if not used(field)(o):
                    return _("Not a price this option pays (see Pays): not offered for editing.")
                e, shared = stated(o, field)
                u = workspace_unit(unit, self._currency())
                if e is None:
                    return ""
                text = fmt(_("low %1 · likely %2 · high %3 (editing the likely value widens the range if "
                                   "needed)"), number(e.low, u), number(e.likely, u), number(e.high, u))
                if shared:
                    text += "<br>" + _("The platform's price (fleet), shared by every option on it: editing it "
                                             "here gives this option a price of its own.")
                return text
            return tip

        # the editable columns' titles are said when asked (they name the undo steps, which follow
        # a language switch), in the workspace's currency of that moment
        doc = self.document
        gpu_hour = self.later(N_("%1/GPU-hour"))
        capex = self.later(N_("Capex per GPU (%1)"))

        def sign() -> str:
            return money_unit(doc.workspace.assumptions.currency)

        self.prices = RecordTableModel([
            Column(_("Option"), lambda o: look.short_label(self.document.workspace, o.id),
                   tooltip=lambda o: o.name),
            Column(_("Pays"), lambda o: labels.fleet_uses(a) if (a := self.document.assessment().option(o.id))
                   else "", tooltip=lambda o: _("GPUs of the first year's fleet: owned ones it uses (own), "
                                                      "bought (buy) and rented (rent). Owned GPUs and platform "
                                                      "prices: the Fleet and prices page.")),
            Column(lambda: fmt(gpu_hour(), sign()), likely("gpu_hour_usd"), numeric=True, decimals=2,
                   edit=price_edit("gpu_hour_usd"), tooltip=est_tip("gpu_hour_usd", "$/GPU-h"),
                   editable=used("gpu_hour_usd")),
            Column(lambda: fmt(capex(), sign()), likely("capex_per_gpu_usd"), numeric=True, decimals=0,
                   edit=price_edit("capex_per_gpu_usd"), tooltip=est_tip("capex_per_gpu_usd", "$"),
                   editable=used("capex_per_gpu_usd")),
            Column(self.later(N_("kW per GPU")), likely("power_kw_per_gpu"),
                   numeric=True, decimals=2, edit=price_edit("power_kw_per_gpu"),
                   tooltip=est_tip("power_kw_per_gpu", "kW"), editable=used("power_kw_per_gpu")),
            Column(self.later(N_("Assumed tok/s/GPU")), likely("assumed_output_tps_per_gpu"),
                   numeric=True, decimals=0, edit=price_edit("assumed_output_tps_per_gpu"),
                   tooltip=lambda o: o.cost.assumption_note),
        ], self.submit, self)
        return self.prices

    def title(self) -> str:
        return _("Compare")

    def _criterion_name(self, cid: str) -> str:
        c = next((c for c in self.document.workspace.criteria if c.id == cid), None)
        return c.name if c else cid

    def _option_short(self, oid: str | None) -> str:
        """The option's short label ("H100 · vLLM"); blank for an input every option shares."""
        return look.short_label(self.document.workspace, oid) if oid else ""

    def _option_name(self, oid: str | None) -> str:
        if not oid:
            return DASH
        o = self.document.workspace.option(oid)
        return o.name if o else oid

    def showEvent(self, event: Any) -> None:
        if self._mc is None:
            self._mc = self.document.monte_carlo()
            self._mc.result_ready.connect(self._on_monte_carlo)
        super().showEvent(event)

    def _on_monte_carlo(self, _result: Any) -> None:
        if self.isVisible():
            self.refresh_monte_carlo()

    # inputs ------------------------------------------------------------------------------
    def _slo_changed(self, key: str) -> None:
        if self.updating:
            return
        shown = self.slo_fields[key].value()
        value = (round(shown / 100, 6) if slo_limit(key).percent else shown) or None
        slo = self.document.workspace.slo
        if slo.get(key) != value:
            self.submit(SetSLO(slo.replace(**{key: value})), self.later(N_("SLO")))

    def _demand_changed(self, key: str) -> None:
        if self.updating:
            return
        value = self.demand_fields[key].value() or None
        demand = self.document.workspace.demand
        if getattr(demand, key) != value:
            changes: dict[str, Any] = {key: value}  # a number field of Demand (its ranges are Estimates)
            self.submit(SetDemand(replace(demand, **changes)), self.later(N_("demand")))

    def _build_sliders(self) -> None:
        while self.weights_grid.count():
            item = self.weights_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
        self.sliders.clear()
        for row, c in enumerate(self.document.workspace.criteria):
            direction = _("more is better") if c.direction.value == "benefit" else _("less is better")
            tip = f"<b>{c.name}</b> ({direction}, {in_currency(c.unit, self._currency())})<br>{input_words(c.description)}"
            w = WeightSlider(self, c.id, c.name, tip)
            self.sliders[c.id] = w
            self.weights_grid.addWidget(w.label, 2 * row, 0, 1, 2)
            self.weights_grid.addWidget(w.slider, 2 * row + 1, 0)
            self.weights_grid.addWidget(w.value, 2 * row + 1, 1)
        self.weights_grid.setColumnStretch(0, 1)

    # refresh -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """The fast path (every edit, every slider step): weights, ranking bars, prices."""
        ws = self.document.workspace
        a = self.document.assessment()
        key = tuple(c.id for c in ws.criteria)
        self.updating = True
        try:
            # the sliders' tooltips name the criteria's units, money in the workspace's currency
            if key != self._criteria_key or self._tips_currency != ws.assumptions.currency:
                self._criteria_key = key
                self._tips_currency = ws.assumptions.currency
                self._build_sliders()
            shares = {ci.id: ci.weight_share for ci in a.criteria}
            for c in ws.criteria:
                self.sliders[c.id].show_weight(c.weight, shares.get(c.id))
            for k, box in self.slo_fields.items():
                box.setValue((ws.slo.get(k) or 0) * (100 if slo_limit(k).percent else 1))
            for k, box in self.demand_fields.items():
                box.setValue(getattr(ws.demand, k) or 0)
            self.cost_view_combo.setItemText(0, self._all_in_choice())  # in the workspace's currency
            self.cost_view_combo.setCurrentIndex(max(self.cost_view_combo.findData(ws.assumptions.cost_view.value), 0))
            self.cost_view_combo.setToolTip(self.cost_view_combo.currentText())
        finally:
            self.updating = False
        unused = [ci.name for ci in a.criteria if not ci.used]
        self.weights_note.setText(fmt(_("Weights are relative: each criterion counts by its share of the "
                                              "total. Drag a slider and the ranking follows. Not used: %1"),
                                      ", ".join(unused)) if unused else
                                  _("Weights are relative: each criterion counts by its share of the total. "
                                          "Drag a slider and the ranking follows."))
        order = ranked_order(a)
        short = look.short_labels(ws)
        self.bars.set_rows([(o.name, o.score.total if o.score else 0.0, o.rank is not None,
                             texts((*o.eligibility_reasons, *o.vetoes), "; ")) for o in order],
                           [short.get(o.option, o.name) for o in order],
                           [look.option_swatch(ws, o.option) for o in order],
                           _("Cannot be ranked, and why:"))
        self.ranking.set_rows(order)
        self.criteria.set_rows(list(a.criteria))
        self.pools.set_rows([(o, pool) for o in order if o.pools is not None
                             for pool in (o.pools.prefill, o.pools.decode)])
        self.pools.refresh_headers()  # the money header in the workspace's currency
        self.pools_view.resizeColumnsToContents()
        win = a.option(a.winner) if a.winner else None
        self.winner_label.setText(fmt(_("Ranked first: <b>%1</b>"), win.name) if win else
                                  fmt(_("No recommendation: %1"), texts((a.no_recommendation,)))
                                  if a.no_recommendation is not None else
                                  fmt(_("No option can be ranked: %1"), texts(a.messages, "; ")))
        named = {o.id: o for o in ws.options}
        self.prices.set_rows([named[o.option] for o in order if o.option in named])  # the one order
        self.prices.refresh_headers()  # money headers in the workspace's currency
        self.sensitivity_timer.start()

    def _fit_slider_ranges(self, sens: Any) -> None:
        """Each weight slider reaches past the values the weight-interval table compares it with
        (where the winner changes, plus a quarter), so every flip value can be dragged to."""
        ends: dict[str, float] = {}
        for w in (sens.weights if sens else ()):
            for v in (w.low, w.high):
                if v is not None and math.isfinite(v):
                    ends[w.criterion] = max(ends.get(w.criterion, 0.0), v)
        self.updating = True
        try:
            for cid, slider in self.sliders.items():
                weight = next((c.weight for c in self.document.workspace.criteria if c.id == cid), 0.0)
                need = max(1.0, weight, ends.get(cid, 0.0) * 1.25)
                slider.set_maximum(math.ceil(need * 4) / 4)
        finally:
            self.updating = False

    def resize_price_columns(self) -> None:
        self.prices_view.resizeColumnsToContents()

    def refresh_sensitivity(self) -> None:
        """The slow path (after edits settle): weight intervals and flip values."""
        if not self.isVisible():
            return
        full = self.document.full_assessment()
        sens = full.sensitivity
        self.intervals.set_rows(list(sens.weights) if sens else [])
        self._fit_slider_ranges(sens)
        # by option in the one order of every view (an input of a platform, shared by its options, last)
        place = {o.option: i for i, o in enumerate(ranked_order(full))}
        self.flips.set_rows(sorted(sens.inputs, key=lambda f: place.get(f.option or "", len(place)))
                            if sens else [])
        for i in range(self.tabs.count() - 1):
            cast(QTableView, self.tabs.widget(i)).resizeColumnsToContents()
        # an input's name can be a whole checklist answer: a readable width, the whole text on hover,
        # so the flip values beside it stay in view
        flips_view = cast(QTableView, self.tabs.widget(1))
        flips_view.setColumnWidth(1, min(flips_view.columnWidth(1), FLIP_INPUT_WIDTH))
        notes = [message_text(n) for n in sens.notes] if sens else [_("No winner, so no sensitivity.")]
        self.sens_note.setText("<small>" + " · ".join(notes) + "</small>")
        self.refresh_monte_carlo()

    def refresh_monte_carlo(self) -> None:
        mc = self._mc.current() if self._mc is not None else None
        if mc is None:
            self.mc_label.setText(_("Monte Carlo running…"))
            return
        if self.mc_chart is None:
            from deepdecide.gui.widgets.charts import DistributionChart

            self.mc_chart = DistributionChart()
            # the unit over the whole chart, not under its narrow plot area: it fits in any language
            self.mc_layout.addWidget(self.mc_chart, 1)
        ws = self.document.workspace
        currency = ws.assumptions.currency
        unit = money_unit(currency)
        self.mc_chart.set_title(fmt(_("%1/M output tokens"), unit))
        rows = []
        lines = []
        short = look.short_labels(ws)
        # the one order of every view: ranked by score, then those that cannot be ranked
        place = {o.option: i for i, o in enumerate(ranked_order(self.document.assessment()))}
        order = sorted(mc.options, key=lambda o: place.get(o.option, len(place)))
        for od in order:
            name = self._option_name(od.option)
            c = od.cost_per_m_tokens_usd
            rows.append((short.get(od.option, name), c.p10, c.p50, c.p90))
            who = self.document.assessment().option(od.option)
            lines.append(fmt(_("%1 (%2): P(best) %3, %5/M tokens P50 %4"), short.get(od.option, name), name,
                             p_best(od.p_best, who is not None and who.can_win), money(c.p50, currency), unit))
        drawn = self.mc_chart.set_options(rows, [look.option_swatch(ws, od.option) for od in order])
        self.mc_chart.setVisible(drawn > 0)
        winnable = [o for o in mc.options if (x := self.document.assessment().option(o.option)) is not None
                    and x.can_win]
        best = sorted(winnable, key=lambda o: -o.p_best)[0] if winnable else None
        # the draws, seed and cost view are said once: in the analysis's note when it has one
        text = (fmt(_("Whisker: P10–P90 of %1/M output tokens; dot: P50."), unit) if mc.notes else
                fmt(_("%1 draws (seed %2), %3 cost view. Whisker: P10–P90 of %4/M output tokens; dot: P50."),
                    integer(mc.draws), mc.seed, labels.cost_view(mc.cost_view), unit))
        if best is not None:
            text += " " + fmt(_("Most often best: <b>%1</b> (P(best) %2)."), self._option_name(best.option),
                              probability(best.p_best))
        self.mc_box.setToolTip("<br>".join(lines))
        if mc.p_no_winner:
            text += "<br>" + fmt(_("No winner in %1 of draws."), percent(mc.p_no_winner))
        if not drawn:
            text += " <i>" + _("No option has a cost range yet: import benchmarks or give assumed "
                                        "capacities and prices.") + "</i>"
        if mc.notes:
            text += "<br><small>" + texts(mc.notes, " · ") + "</small>"
        self.mc_label.setText(text)
