"""Fleet and prices: every platform's owned GPUs and prices, which price each option uses, where each
price comes from, and the money inputs (electricity, PUE, headroom, spares, fiscal year, demand
growth, hosted-API prices). Every change is one undoable edit; the figures follow at once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from deepdecide.analysis.assessment import Assessment, UnitPrice
from deepdecide.analysis.prices import FLEET_PRICES
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import Edit, SetAssumptions, SetDemand, SetFleetEntry, SetHostedApi
from deepdecide.domain.formatting import DASH, integer, money, number
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import name_of
from deepdecide.domain.workspace import HostedApi, OwnedValue, PlatformFleet, Quote, Strategy, Workspace
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.formatting import money_unit, workspace_unit
from deepdecide.gui.i18n import current_language, fmt, locale_for
from deepdecide.gui.i18n import text as message_text
from deepdecide.gui.labels import cost_view, fleet_pays, fleet_uses
from deepdecide.gui.models.assessed import ranked_order
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.views.page import Page, make_table
from deepdecide.gui.widgets.charts import Callout, CrossoverChart, SeriesLook
from deepdecide.gui.widgets.numbers import DecimalSpinBox, IntegerSpinBox

#: a fleet field of a platform: (field, the quote's price name)
QUOTE_OF_FIELD = {f: price for f, price, _what, _unit in FLEET_PRICES}


@dataclass(frozen=True)
class PlatformRow:
    """One platform of the workspace: its fleet entry (None: none yet) and the options on it."""

    platform: str
    name: str
    entry: PlatformFleet | None
    options: tuple[str, ...]


def _widened(old: Estimate | None, v: float) -> Estimate:
    """``old`` with ``v`` as its likely value, its range widened to hold it."""
    return Estimate(min(old.low, v), v, max(old.high, v)) if old is not None else Estimate.exact(v)


def _day(iso: str | None) -> str:
    """A date cell as the language writes it in figures ("29/11/2026"; ISO in English); edited as ISO."""
    return formatting.timestamp(iso) if iso else ""


def _iso(value: Any) -> str:
    text = str(value or "").strip()
    if text:
        dt.date.fromisoformat(text)  # a ValueError: the cell is not changed
    return text


def with_quote(quotes: tuple[Quote, ...], price: str, **changes: Any) -> tuple[Quote, ...]:
    """The quotes with ``price``'s quote changed (added when there was none)."""
    out = list(quotes)
    at = next((i for i, q in enumerate(out) if q.price == price), None)
    if at is None:
        out.append(Quote(price, **changes))
    else:
        out[at] = replace(out[at], **changes)
    return tuple(out)


def quote_edit(ws: Workspace, key: str, **changes: Any) -> Edit | None:
    """The edit that sets ``changes`` (source, as_of, valid_until) on the quote backing the price
    list's ``key``; None for a price that has no quote to hold them (an option's own price)."""
    parts = key.split(".")
    if parts[0] == "fleet" and len(parts) == 3 and parts[2] in QUOTE_OF_FIELD:
        entry = ws.fleet_of(parts[1])
        if entry is None:
            return None
        return SetFleetEntry(parts[1], replace(entry, quotes=with_quote(entry.quotes, QUOTE_OF_FIELD[parts[2]],
                                                                        **changes)))
    if parts[0] == "assumptions":
        price = {"electricity_usd_per_kwh": "electricity", "engineer_usd_per_week": "engineer"}.get(parts[-1])
        if price is None:
            return None
        a = ws.assumptions
        return SetAssumptions(replace(a, quotes=with_quote(a.quotes, price, **changes)))
    if len(parts) == 3 and parts[1] == "hosted":
        o = ws.option(parts[0])
        price = {"input_usd_per_m": "input", "output_usd_per_m": "output",
                 "cached_input_usd_per_m": "cached_input"}.get(parts[2])
        if o is None or o.hosted is None or price is None:
            return None
        return SetHostedApi(o.id, replace(o.hosted, quotes=with_quote(o.hosted.quotes, price, **changes)))
    return None


class FleetPage(Page):
    """Owned GPUs and prices per platform, the price each option uses, sources and money inputs."""

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.updating = False
        self.intro = QLabel(_("What the team owns of each platform and what a GPU costs there: one input for every option on "
            "the platform. An option uses the owned GPUs first, then buys or rents the shortfall. Double-click "
            "a value to change it; Ctrl+Z undoes."))
        self.intro.setWordWrap(True)

        self.platforms = self._build_platform_model()
        self.platforms_view = make_table(self.platforms)
        self.platforms_view.setObjectName("fleet_platforms")
        platforms_box = QGroupBox(_("Owned GPUs and prices by platform"))
        QVBoxLayout(platforms_box).addWidget(self.platforms_view)

        self.uses_model = self._build_uses_model()
        self.uses_view = make_table(self.uses_model)
        self.uses_view.setObjectName("fleet_uses")
        uses_box = QGroupBox(_("Which prices each option pays (first year's fleet)"))
        QVBoxLayout(uses_box).addWidget(self.uses_view)

        self.sources = self._build_sources_model()
        self.sources_view = make_table(self.sources)
        self.sources_view.setObjectName("fleet_sources")
        sources_box = QGroupBox(_("Where each price comes from"))
        QVBoxLayout(sources_box).addWidget(self.sources_view)

        self.apis = self._build_api_model()
        self.api_view = make_table(self.apis)
        self.api_view.setObjectName("fleet_apis")
        self.api_box = QGroupBox(_("Hosted-API prices"))
        QVBoxLayout(self.api_box).addWidget(self.api_view)

        self.crossover_box = self._build_crossover_box()

        # the platforms' table is the widest: the whole width, so its columns are in view at 1280 px
        grid = QGridLayout()
        grid.addWidget(platforms_box, 0, 0, 1, 2)
        grid.addWidget(self._build_money_box(), 1, 0)
        grid.addWidget(self.api_box, 2, 0)
        grid.addWidget(uses_box, 1, 1, 2, 1)
        grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("<h2>Fleet and prices</h2>")))
        layout.addWidget(self.intro)
        layout.addLayout(grid, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(sources_box, 3)
        bottom.addWidget(self.crossover_box, 2)
        layout.addLayout(bottom, 2)
        for view in (self.platforms_view, self.uses_view, self.sources_view, self.api_view):
            view.setMinimumHeight(110)

    def title(self) -> str:
        return _("Fleet and prices")

    # construction ------------------------------------------------------------------------
    def _sign(self) -> str:
        return money_unit(self.document.workspace.assumptions.currency)

    def _money_text(self, unit: str) -> Callable[[Any], str]:
        """A cell under a header that names the unit: "$38,750", "$1.30", "1.73"."""
        if unit.startswith("$"):
            return lambda v: "" if v is None else number(v)
        return lambda v: "" if v is None else number(v)

    def _titled(self, said: Callable[[], str]) -> Callable[[], str]:
        """A money column's title in the workspace's currency, said when asked (it names the undo step)."""
        return lambda: fmt(said(), self._sign())

    def _build_platform_model(self) -> RecordTableModel:
        def est(field: str) -> Callable[[PlatformRow], float | None]:
            return lambda r: (e.likely if r.entry is not None and (e := getattr(r.entry, field)) is not None
                              else None)

        def edit_est(field: str) -> Callable[[PlatformRow, Any], Edit | None]:
            def make(r: PlatformRow, value: Any) -> Edit | None:
                v = float(value)
                if v < 0:
                    raise ValueError("negative")
                entry = r.entry or PlatformFleet(r.platform)
                old = getattr(entry, field)
                new = _widened(old, v)
                changes: dict[str, Any] = {field: new}
                return None if new == old else SetFleetEntry(r.platform, replace(entry, **changes))
            return make

        def edit_int(field: str) -> Callable[[PlatformRow, Any], Edit | None]:
            def make(r: PlatformRow, value: Any) -> Edit | None:
                v = round(float(value))
                if v < 0:
                    raise ValueError("negative")
                entry = r.entry or PlatformFleet(r.platform)
                if getattr(entry, field) == v:
                    return None
                changes: dict[str, Any] = {field: v}
                if field == "owned_gpus" and entry.owned_gpus_range is not None:
                    changes["owned_gpus_range"] = _widened(entry.owned_gpus_range, v)
                return SetFleetEntry(r.platform, replace(entry, **changes))
            return make

        def tip(field: str, unit: str) -> Callable[[PlatformRow], str]:
            def say(r: PlatformRow) -> str:
                e = getattr(r.entry, field) if r.entry is not None else None
                if e is None:
                    return _("Not stated: type a value to state it for every option on the platform.")
                u = workspace_unit(unit, self.document.workspace.assumptions.currency)
                text = fmt(_("low %1 · likely %2 · high %3 (editing the likely value widens the range if "
                                   "needed)"), number(e.low, u), number(e.likely, u), number(e.high, u))
                q = next((q for q in r.entry.quotes if q.price == QUOTE_OF_FIELD.get(field)), None) \
                    if r.entry is not None else None
                if q is not None and (q.source or q.as_of):
                    text += "<br>" + fmt(_("Source: %1, as of %2"), q.source or DASH, formatting.date(q.as_of) if q.as_of else DASH)
                payers = self.payers(r, field)
                if payers is not None:
                    text += "<br>" + (fmt(_("Paid now by: %1"), ", ".join(payers)) if payers else
                                      _("No option on the platform pays it now (see which prices each "
                                              "option pays)."))
                return text
            return say

        cols = [
            Column(_("Platform"), lambda r: r.name, tooltip=lambda r: fmt(
                _("%1 — options on it: %2"), name_of("platform", r.platform),
                ", ".join(look.short_label(self.document.workspace, o) for o in r.options) or DASH)),
            Column(self.later(N_("Owned GPUs")),
                   lambda r: r.entry.owned_gpus if r.entry is not None else 0, numeric=True, decimals=0,
                   edit=edit_int("owned_gpus"), display=lambda v: integer(v)),
        ]
        for field, title, unit, decimals in (
                ("book_value_usd_per_gpu", N_("Book value %1/GPU"), "$", 0),
                ("purchase_usd_per_gpu", N_("Purchase %1/GPU"), "$", 0),
                ("rental_usd_per_gpu_hour", N_("Rent %1/GPU-h"), "$/GPU-h", 2),
                ("power_kw_per_gpu", N_("Power kW/GPU"), "kW", 2),
                ("hosting_usd_per_gpu_hour", N_("Hosting %1/GPU-h"), "$/GPU-h", 2),
                ("residual_usd_per_gpu", N_("Residual %1/GPU"), "$", 0)):
            said = self.later(title)
            cols.append(Column(self._titled(said), est(field), numeric=True, decimals=decimals,
                               edit=edit_est(field), tooltip=tip(field, unit),
                               display=self._money_text(unit)))
        cols += [
            Column(self.later(N_("Lead time (months)")),
                   lambda r: r.entry.lead_time_months if r.entry is not None else 0, numeric=True, decimals=0,
                   edit=edit_int("lead_time_months"), display=lambda v: integer(v)),
        ]
        return RecordTableModel(cols, self.submit, self)

    #: which prices of a platform a fleet pays when it owns, buys or rents GPUs (labels.fleet_pays)
    PAID_WHEN = {"book_value_usd_per_gpu": {"own"}, "purchase_usd_per_gpu": {"buy"},
                 "rental_usd_per_gpu_hour": {"rent"}, "power_kw_per_gpu": {"own", "buy"},
                 "hosting_usd_per_gpu_hour": {"own", "buy"}, "residual_usd_per_gpu": {"buy"}}

    def payers(self, r: PlatformRow, field: str) -> list[str] | None:
        """The options on the platform whose fleet pays ``field`` as the assessment sized it (None:
        not a price an option's fleet pays)."""
        need = self.PAID_WHEN.get(field)
        if need is None:
            return None
        a = self.document.assessment()
        ws = self.document.workspace
        return [look.short_label(ws, o) for o in r.options
                if (oa := a.option(o)) is not None and need & fleet_pays(oa)]

    def _build_uses_model(self) -> RecordTableModel:
        ws = lambda: self.document.workspace  # noqa: E731

        def n(v: float | None) -> str:
            return integer(v) if v else DASH

        return RecordTableModel([
            Column(_("Option"), lambda o: look.short_label(ws(), o.option), tooltip=lambda o: o.name),
            Column(_("Pays"), fleet_uses),
            Column(_("GPUs"), lambda o: o.fleet.gpus.value, display=n, numeric=True,
                   tooltip=lambda o: message_text(o.fleet.unit_reason)),
            Column(lambda: fmt(_("TCO (%1)"), self._sign()), lambda o: o.costs.tco_usd.value,
                   display=lambda v: money(v, self.document.workspace.assumptions.currency), numeric=True,
                   tooltip=lambda o: message_text(o.costs.tco_usd.name) if o.costs.tco_usd.name else ""),
            Column(lambda: fmt(_("%1/M tokens"), self._sign()), lambda o: o.costs.cost_per_m_tokens_usd.value,
                   display=lambda v: money(v, self.document.workspace.assumptions.currency), numeric=True),
        ], None, self)

    def _build_sources_model(self) -> RecordTableModel:
        ws = lambda: self.document.workspace  # noqa: E731

        def subject(p: UnitPrice) -> str:
            if p.subject == "assumptions":
                return _("every option")
            if ws().option(p.subject) is not None:
                return look.short_label(ws(), p.subject)
            return look.platform_short(ws().matrix, p.subject)

        def quoted(p: UnitPrice) -> bool:
            return quote_edit(ws(), p.key) is not None

        def set_text(field: str, check: Callable[[Any], str]) -> Callable[[UnitPrice, Any], Edit | None]:
            def make(p: UnitPrice, value: Any) -> Edit | None:
                return quote_edit(ws(), p.key, **{field: check(value)})
            return make

        def note(p: UnitPrice) -> str:
            return message_text(p.note) if p.note is not None else ""

        def source_text(source: str) -> str:
            """The sources by the titles the Assessment cites them by; a quote's own words as written."""
            a = self.document.assessment()
            parts = [part.strip() for part in str(source or "").split(";")]
            return "; ".join(c.title if (c := a.citation(part)) is not None and c.title else part
                             for part in parts if part)

        return RecordTableModel([
            Column(_("Price"), lambda p: message_text(p.what)),
            Column(_("Of"), subject),
            Column(_("Likely"), lambda p: number(p.likely, workspace_unit(p.unit, ws().assumptions.currency)),
                   tooltip=lambda p: fmt(_("low %1 · high %2"), number(p.low), number(p.high))),
            Column(self.later(N_("Source")), lambda p: p.source, display=source_text, tooltip=lambda p: p.source,
                   edit=set_text("source", lambda v: str(v or "").strip()), editable=quoted),
            Column(self.later(N_("As of")), lambda p: p.as_of, display=_day,
                   edit=set_text("as_of", _iso), editable=quoted),
            Column(self.later(N_("Valid until")), lambda p: p.valid_until, display=_day,
                   edit=set_text("valid_until", _iso), editable=quoted, meaning=lambda p: "fails" if p.expired else None),
            Column(_("Note"), note),
            Column(_("Used by"), lambda p: ", ".join(look.short_label(ws(), o) for o in p.options)),
        ], self.submit, self)

    def _build_api_model(self) -> RecordTableModel:
        ws = lambda: self.document.workspace  # noqa: E731

        def edit(field: str, optional: bool = False) -> Callable[[Any, Any], Edit | None]:
            def make(o: Any, value: Any) -> Edit | None:
                v = float(value)
                if v < 0:
                    raise ValueError("negative")
                h: HostedApi = o.hosted
                old = getattr(h, field)
                new = _widened(old, v)
                changes: dict[str, Any] = {field: new}
                return None if new == old else SetHostedApi(o.id, replace(h, **changes))
            return make

        def likely(field: str) -> Callable[[Any], float | None]:
            return lambda o: e.likely if (e := getattr(o.hosted, field)) is not None else None

        sign = self._sign
        inp = self.later(N_("Input %1/M"))
        out = self.later(N_("Output %1/M"))
        cached = self.later(N_("Cached input %1/M"))
        unit = "$/M tokens"
        return RecordTableModel([
            Column(_("Option"), lambda o: look.short_label(ws(), o.id), tooltip=lambda o: o.name),
            Column(_("Provider"), lambda o: o.hosted.provider),
            Column(lambda: fmt(inp(), sign()), likely("input_usd_per_m"), numeric=True, decimals=2,
                   edit=edit("input_usd_per_m"), display=self._money_text(unit)),
            Column(lambda: fmt(out(), sign()), likely("output_usd_per_m"), numeric=True, decimals=2,
                   edit=edit("output_usd_per_m"), display=self._money_text(unit)),
            Column(lambda: fmt(cached(), sign()), likely("cached_input_usd_per_m"), numeric=True, decimals=2,
                   edit=edit("cached_input_usd_per_m"), display=self._money_text(unit)),
        ], self.submit, self)

    def _build_money_box(self) -> QGroupBox:
        box = QGroupBox(_("Money inputs"))
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)

        def spin(decimals: int, maximum: float, unit: str, name: str) -> DecimalSpinBox:
            b = DecimalSpinBox(decimals=decimals, unit=unit)
            b.setRange(0, maximum)
            b.setKeyboardTracking(False)
            b.setObjectName(name)
            return b

        self.kwh = spin(3, 10, "", "money_kwh")
        self.kwh.setSingleStep(0.01)
        self.pue = spin(2, 5, "", "money_pue")
        self.pue.setSingleStep(0.05)
        self.pue.setMinimum(1.0)
        self.headroom = spin(0, 500, "%", "money_headroom")
        self.spares = IntegerSpinBox()
        self.spares.setRange(0, 1000)
        self.spares.setKeyboardTracking(False)
        self.spares.setObjectName("money_spares")
        self.growth = spin(0, 1000, "%", "money_growth")
        self.fiscal = QComboBox()
        self.fiscal.setObjectName("money_fiscal")
        self.owned_value = QComboBox()
        self.owned_value.setObjectName("money_owned_value")
        for value, label in ((OwnedValue.BOOK, _("book value")), (OwnedValue.RESALE, _("resale value")),
                             (OwnedValue.PURCHASE, _("purchase price, amortized"))):
            self.owned_value.addItem(label, value.value)
        self.kwh_label = QLabel()
        form.addRow(self.kwh_label, self.kwh)
        form.addRow(_("PUE (facility overhead)"), self.pue)
        form.addRow(_("Headroom above peak"), self.headroom)
        form.addRow(_("Spare units per option"), self.spares)
        form.addRow(_("Demand growth per year"), self.growth)
        form.addRow(_("Fiscal year starts in"), self.fiscal)
        form.addRow(_("Owned GPUs valued at (all-in view)"), self.owned_value)
        self.kwh.valueChanged.connect(lambda _v: self._assumption("electricity_usd_per_kwh", self.kwh.value()))
        self.pue.valueChanged.connect(lambda _v: self._assumption("pue", self.pue.value()))
        self.headroom.valueChanged.connect(lambda _v: self._plain("headroom", round(self.headroom.value() / 100, 6)))
        self.spares.valueChanged.connect(lambda _v: self._plain("spare_units", self.spares.value()))
        self.fiscal.currentIndexChanged.connect(lambda i: self._plain("fiscal_year_start_month", i + 1))
        self.owned_value.currentIndexChanged.connect(
            lambda _i: self._plain("owned_value", OwnedValue(self.owned_value.currentData())))
        self.growth.valueChanged.connect(self._growth_changed)
        for field in (self.kwh, self.pue, self.headroom, self.spares, self.growth, self.fiscal, self.owned_value):
            field.setMaximumWidth(150)
        box.setMaximumWidth(360)
        self.api_box.setMaximumWidth(360)
        return box

    # edits -------------------------------------------------------------------------------
    def _build_crossover_box(self) -> QGroupBox:
        box = QGroupBox(_("Break-even against the hosted API"))
        box.setObjectName("fleet_crossover")
        self.crossover_chart = CrossoverChart()
        self.crossover_chart.setObjectName("fleet_crossover_chart")
        self.crossover_chart.setMinimumHeight(220)
        self.crossover_points = QLabel()
        self.crossover_points.setObjectName("fleet_crossover_points")
        self.crossover_points.setWordWrap(True)
        column = QVBoxLayout(box)
        column.addWidget(self.crossover_chart, 1)
        column.addWidget(self.crossover_points)
        return box

    def _show_crossover(self, a: Assessment) -> None:
        """Cost per million tokens served against the peak demand, each option beside the hosted API
        (dashed), the break-even points the Assessment found numbered on the lines and listed below."""
        ws = self.document.workspace
        cx = a.crossover
        self.crossover_box.setVisible(cx is not None)
        if cx is None:
            self.crossover_chart.set_lines([], [], None, "")
            self.crossover_points.setText("")
            return
        names = {o.id: o.name for o in ws.options}
        short = look.short_labels(ws)

        def series_look(oid: str) -> SeriesLook:
            return SeriesLook(short.get(oid, oid), look.option_swatch(ws, oid))

        api = dict(cx.per_m_tokens).get(cx.api_option, ())
        api_top = max((v for v in api if v is not None), default=None)
        cap = 4.0 * api_top if api_top else None  # small fleets start far above: cut at 4 x the API's price
        lines = []
        for oid, values in cx.per_m_tokens:
            pts = [(d, v) for d, v in zip(cx.demand, values, strict=True)
                   if v is not None and (cap is None or v <= cap)]
            lines.append((series_look(oid), pts, oid == cx.api_option))
        # numbered in the Assessment's order, as the record numbers them; a point without a cost per
        # million tokens is listed but not drawn
        callouts = [Callout(series_look(p.option), p.demand, p.per_m_tokens, str(k + 1))
                    for k, p in enumerate(cx.breakeven_points) if p.per_m_tokens is not None]
        self.crossover_chart.set_lines(lines, callouts, cx.stated_demand, _("stated demand"))
        self.crossover_chart.set_axis_labels(fmt(_("%1/M output tokens served"), self._sign()),
                                             _("peak demand, output tok/s (log scale)"))
        listed = [fmt(_("%1 %2: cheaper above %3") if p.cheaper_above else _("%1 %2: cheaper below %3"),
                      str(k + 1), names.get(p.option, p.option), number(p.demand, "tok/s"))
                  for k, p in enumerate(cx.breakeven_points)]
        intro = fmt(_("Total cost over the horizon per million tokens served at the average load, in the %1 view "
                      "(dashed: %2). Break-even demands:"), cost_view(cx.view),
                    names.get(cx.api_option, cx.api_option))
        self.crossover_points.setText("\n".join([intro, *listed]) if listed else
                                      intro + " " + _("none in the range drawn"))

    def _assumption(self, field: str, value: float) -> None:
        if self.updating:
            return
        a = self.document.workspace.assumptions
        new = _widened(getattr(a, field), value)
        changes: dict[str, Any] = {field: new}
        if new != getattr(a, field):
            self.submit(SetAssumptions(replace(a, **changes)), self.later(N_("money inputs")))

    def _plain(self, field: str, value: Any) -> None:
        if self.updating:
            return
        a = self.document.workspace.assumptions
        if getattr(a, field) != value:
            self.submit(SetAssumptions(replace(a, **{field: value})), self.later(N_("money inputs")))

    def _growth_changed(self, _v: float) -> None:
        if self.updating:
            return
        d = self.document.workspace.demand
        v = round(self.growth.value() / 100, 6)
        old = d.growth_per_year
        new = None if v == 0 and old is None else _widened(old, v)
        if new != old:
            self.submit(SetDemand(replace(d, growth_per_year=new)), self.later(N_("demand growth")))

    # refresh -----------------------------------------------------------------------------
    def platform_rows(self) -> list[PlatformRow]:
        ws = self.document.workspace
        order: list[str] = []
        for o in ws.options:
            if o.strategy != Strategy.HOSTED_API and o.platform and o.platform not in order:
                order.append(o.platform)
        order += [f.platform for f in ws.fleet if f.platform not in order]
        return [PlatformRow(p, look.platform_short(ws.matrix, p), ws.fleet_of(p),
                            tuple(o.id for o in ws.options if o.platform == p and o.strategy != Strategy.HOSTED_API))
                for p in order]

    def refresh(self) -> None:
        ws = self.document.workspace
        a = self.document.assessment()
        self.platforms.set_rows(self.platform_rows())
        self.platforms.refresh_headers()
        self.uses_model.set_rows([o for o in ranked_order(a) if o.strategy != Strategy.HOSTED_API])
        self.uses_model.refresh_headers()
        self.sources.set_rows(list(a.prices))
        hosted = [o for o in ws.options if o.hosted is not None]
        self.apis.set_rows(hosted)
        self.apis.refresh_headers()
        self.api_box.setVisible(bool(hosted))
        self._show_crossover(a)
        self.updating = True
        try:
            loc = locale_for(current_language())
            if self.fiscal.count() != 12 or self.fiscal.itemText(0) != loc.standaloneMonthName(1):
                self.fiscal.clear()
                self.fiscal.addItems([loc.standaloneMonthName(m) for m in range(1, 13)])
            s = ws.assumptions
            self.kwh_label.setText(fmt(_("Electricity (%1/kWh)"), self._sign()))
            self.kwh.setValue(s.electricity_usd_per_kwh.likely)
            self.pue.setValue(s.pue.likely)
            self.headroom.setValue(s.headroom * 100)
            self.spares.setValue(int(s.spare_units))
            self.fiscal.setCurrentIndex(min(max(int(s.fiscal_year_start_month), 1), 12) - 1)
            self.owned_value.setCurrentIndex(max(self.owned_value.findData(OwnedValue(s.owned_value).value), 0))
            g = ws.demand.growth_per_year
            self.growth.setValue(g.likely * 100 if g is not None else 0)
        finally:
            self.updating = False
        for view in (self.platforms_view, self.uses_view, self.sources_view, self.api_view):
            view.resizeColumnsToContents()
        for view, widest in ((self.sources_view, 240), (self.uses_view, 220), (self.api_view, 110)):
            for c in range(view.model().columnCount()):
                view.setColumnWidth(c, min(view.columnWidth(c), widest))

