"""Overview: one card per option and the current recommendation in one sentence."""

from __future__ import annotations

import datetime as dt
from html import escape
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from deepdecide.analysis.assessment import EvidenceFit, FitCounts, OptionAssessment, OptionDraws
from deepdecide.domain import formatting
from deepdecide.domain.edits import SetWorkload
from deepdecide.domain.formatting import DASH, integer, localized, number, percent, probability
from deepdecide.domain.formatting import money as money_range
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.presentation import pool_where
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import PoolRole
from deepdecide.gui import labels
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.formatting import figure_tip, money_unit
from deepdecide.gui.i18n import fmt, text, texts
from deepdecide.gui.models.matrix_model import status_label
from deepdecide.gui.summary import level_names, recommendation
from deepdecide.gui.theme import status_color
from deepdecide.gui.views.page import Page
from deepdecide.gui.widgets.measure_next import MeasureNextPanel

CARD_COLUMNS = 3

if TYPE_CHECKING:
    from deepdecide.gui.montecarlo import MonteCarloService


def _chip(text: str, meaning: str, tip: str = "") -> QLabel:
    label = QLabel(text)
    label.setObjectName("chip")
    label.setProperty("meaning", meaning)
    label.setToolTip(tip)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    # a chip is a word or two: shown whole (the card's labels give way first)
    label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return label


def _style_chip(label: QLabel) -> None:
    color = status_color(label.property("meaning") or "")
    label.setStyleSheet(f"QLabel#chip {{ background: {color.name()}; border-radius: 4px; padding: 2px 6px; }}")


class OptionCard(QFrame):
    """One option at a glance; every number explains itself on hover."""
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("option_card")
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.rank = QLabel()
        self.rank.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        font = self.subtitle.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        font.setItalic(True)
        self.subtitle.setFont(font)
        self.badge = _chip("", "")
        self.levels = {name: _chip(label, "") for name, label in level_names().items()}
        self.values: dict[str, QLabel] = {}
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.rank)
        sub = QHBoxLayout()
        sub.addWidget(self.subtitle, 1)
        sub.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
        chips = QHBoxLayout()
        for chip in self.levels.values():
            chips.addWidget(chip)
        chips.addStretch(1)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setColumnStretch(0, 1)  # the names take the room the figures leave; they wrap only past it
        rows = [("gpus", _("GPUs needed (owned + new)")),
                ("pools", _("Prefill + decode GPUs")),  # a disaggregated option's pools (hidden otherwise)
                ("cpm_cash", ""), ("cpm_all-in", ""),  # in the workspace's currency: see _set_cost_views
                ("tco_cash", _("TCO over the horizon, cash")),
                ("tco_all-in", _("TCO over the horizon, all-in")),
                ("buy", _("Purchases (cash, on delivery)")), ("payback", _("Payback against the baseline")),
                ("score", _("Score")),
                ("pbest", _("P(best)")), ("runs", _("Runs vs the workload"))]
        self.names: dict[str, QLabel] = {}
        for i, (key, label) in enumerate(rows):
            name = QLabel(label)
            name.setWordWrap(True)  # a long name takes two lines rather than push the figure out
            self.names[key] = name
            value = QLabel(DASH)
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            value.setTextFormat(Qt.TextFormat.PlainText)
            if key in ("buy", "payback", "runs"):  # words, not a figure: they wrap rather than squeeze the names
                value.setWordWrap(True)
            else:
                value.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)  # a figure is never squeezed
            grid.addWidget(name, i, 0)
            grid.addWidget(value, i, 1)
            self.values[key] = value
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(sub)
        layout.addLayout(chips)
        layout.addLayout(grid)
        layout.addWidget(self.note)
        layout.addStretch(1)
        self.setMinimumWidth(300)

    def fit_text(self, fit: FitCounts) -> str:
        """"1 match · 1 proxy · 3 mismatch · 1 needs context" (zeros left out; "none" when no run)."""
        # each count agrees with its number in every language ("1 encaja", "3 no encajan")
        parts = [ngettext("{n} match", "{n} match", n).format(n=integer(n)) if k == 0 else
                 ngettext("{n} proxy", "{n} proxies", n).format(n=integer(n)) if k == 1 else
                 ngettext("{n} mismatch", "{n} mismatch", n).format(n=integer(n)) if k == 2 else
                 ngettext("{n} needs context", "{n} need context", n).format(n=integer(n))
                 for k, n in enumerate((fit.matches, fit.proxies, fit.mismatches, fit.needs_context)) if n]
        text = " · ".join(parts) or _("no run")
        if fit.checks_other:  # parity checks of another model, proxies or needing context: no verdict from them
            text += " · " + ngettext("{n} check not counted", "{n} checks not counted",
                                     fit.checks_other).format(n=integer(fit.checks_other))
        return text

    def set_option(self, oa: OptionAssessment, draws: OptionDraws | None, currency: str,
                   fits: tuple[EvidenceFit, ...] = (), criterion_names: dict[str, str] | None = None) -> None:
        self.option_id = oa.option
        self.title.setText(f"<b>{oa.name}</b>")
        # the runtime and platform by the names the Assessment holds, never their ids
        where = [n for n in (oa.runtime_name or oa.runtime, oa.platform_name) if n]
        if oa.pools is not None:  # a disaggregated option: each pool where it runs ("SGLang / H100 + SGLang / B200")
            where = [" + ".join(dict.fromkeys(pool_where(p) for p in (oa.pools.prefill, oa.pools.decode)))]
        self.subtitle.setText(" · ".join((labels.strategy(oa.strategy), *where)))
        if oa.rank is not None:
            self.rank.setText(fmt(_("<b>#%1</b>"), oa.rank))
            self.rank.setToolTip(_("Rank by weighted score"))
        else:
            self.rank.setText(_("not recommendable") if not oa.slo_standing.recommendable
                              else _("not ranked"))
            self.rank.setToolTip(texts((*oa.eligibility_reasons, *oa.vetoes)))
        official = oa.classification.official
        self.badge.setText(labels.support(oa.classification))
        self.badge.setProperty("meaning", "official" if official else "experimental")
        self.badge.setToolTip("<br>".join((f"<b>{status_label(oa.classification.status)}</b>",
                                           *(text(r) for r in oa.classification.reasons),
                                           *(text(s) for s in oa.classification.sources))))
        for name, chip in self.levels.items():
            level = getattr(oa.evidence, name)
            chip.setProperty("meaning", "pass" if level.reached else "undocumented")
            mark = "✔" if level.reached else "≈" if level.proxy else "✘"
            chip.setText(f"{mark} {level_names()[name]}" + ("" if level.reached or not level.proxy
                                                             else " " + _("(proxy)")))
            chip.setToolTip("<br>".join((f"<b>{level_names()[name]}</b>: "
                                         + (_("reached") if level.reached else
                                            _("shown by a proxy only, not the rung itself") if level.proxy
                                            else _("not reached")),
                                         *(text(r) for r in level.reasons))))
        for chip in (self.badge, *self.levels.values()):
            _style_chip(chip)
        self._set_cost_views(oa, currency)
        self._set_pools(oa, currency)
        if oa.score is not None:
            names = criterion_names or {}
            parts = "<br>".join(f"{names.get(p.criterion, p.criterion)}: "
                                + localized(f"{p.contribution:.3f} ({p.weight_share:.2f} × {p.value_score:.2f})")
                                + (f" — {text(p.note)}" if p.note is not None else "") for p in oa.score.parts)
            score = _("Score")
            self._set("score", formatting.score(oa.score.total), f"<b>{score}</b><br>{parts}")
        else:
            self._set("score", DASH, texts((*oa.eligibility_reasons, *oa.vetoes)))
        if not oa.can_win:  # not recommendable: it cannot rank first in any draw
            self._set("pbest", DASH, texts((*oa.eligibility_reasons, *oa.vetoes)))
        elif draws is not None:
            self._set("pbest", probability(draws.p_best), _("Share of Monte Carlo draws in which this option "
                                                                  "ranks first"))
        else:
            self._set("pbest", "…", _("Monte Carlo running"))
        heading = _("Runs and checks about this option, against the workload")
        tip_lines = [f"<b>{heading}</b>"]
        uses = {**level_names(), "capacity": word("capacity", "evidence rung")}
        for f in fits[:12]:
            reasons = "; ".join(text(m) for m in f.reasons)
            counts = ", ".join(uses.get(c, c) for c in f.counts_for) if f.counts_for else _("nothing")
            line = fmt(_("%1 (%2 %3): %4 (counts for %5)"), f.file, word(f.item, "evidence item"), f.index + 1,
                       word(f.applicability), counts)
            tip_lines.append(line + (f" — {reasons}" if reasons else ""))
        if len(fits) > 12:
            tip_lines.append(fmt(_("… and %1 more"), len(fits) - 12))
        self._set("runs", self.fit_text(oa.fit), "<br>".join(tip_lines))
        notes = [text(m) for m in (*oa.vetoes, *oa.messages) if m.id != "option.no_capacity"
                 or oa.slo_standing.reason is None]
        notes[:0] = [text(m) for m in oa.capacity.caveats]  # what the capacity rests on, from the Assessment
        if oa.runs_counting_for_nothing:  # the Assessment decides (the rule the Evidence page filters by); the card says it
            notes.insert(0, fmt(ngettext("{n} run does not count: %1", "{n} runs do not count: %1",
                                         oa.runs_counting_for_nothing).format(n=oa.runs_counting_for_nothing),
                                self.fit_text(oa.not_counting)))
        if oa.checklist.blockers:
            notes.append(fmt(ngettext("{n} blocker: %1", "{n} blockers: %1",
                                      len(oa.checklist.blockers)).format(n=len(oa.checklist.blockers)),
                             ", ".join(b.title for b in oa.checklist.blockers)))
        if oa.slo_standing.reason is not None:  # a knock-out: said first, on the card itself
            notes.insert(0, fmt(_("Not recommendable: %1"), text(oa.slo_standing.reason)))
        self.note.setText("<br>".join(f"<small>⚠ {n}</small>" for n in notes[:3]))
        self.note.setVisible(bool(notes))

    def _set_cost_views(self, oa: Any, currency: str) -> None:
        """The fleet (owned + new) and both cost views; the view that drives the ranking is bold."""
        f = oa.fleet
        gpus = number(f.gpus.value)
        if f.gpus.value is not None and f.owned_gpus is not None:
            gpus += f" ({number(f.owned_used)} + {number(f.shortfall_gpus)})"
        extra = [text(f.unit_reason)]
        if f.freed_gpus:
            extra.append(fmt(_("%1 owned GPUs freed"), number(f.freed_gpus)))
        if f.gpus.value is not None:
            extra.append(fmt(_("%1 spare, %2 padding to whole nodes, %3 headroom"), number(f.spare_gpus),
                             number(f.padding_gpus), percent(f.headroom)))
        extra += [str(w) for w in f.warnings]
        self._set("gpus", gpus, figure_tip(f.gpus, currency) + "".join(f"<br>{x}" for x in extra))
        cf, pb = oa.costs.cash_flow, oa.costs.payback
        buys = cf.purchases if cf is not None else ()
        if buys:
            first = buys[0]
            total = sum(p.amount for p in buys)
            years = "".join(f"<br>{y.fiscal_year}: " + fmt(_("%1 capex, %2 opex"),
                                                             money_range(y.capex, currency),
                                                             money_range(y.opex + y.engineering, currency))
                            for y in cf.years) if cf is not None else ""
            self._set("buy", fmt(_("%1 from %2"), money_range(total, currency), formatting.month_label(first.label)),
                      "<br>".join(f"{formatting.month_label(p.label)}: {integer(p.gpus)} × {money_range(p.unit_price, currency)} = "
                                  f"{money_range(p.amount, currency)}" for p in buys) + years)
        else:
            self._set("buy", DASH, _("Nothing to buy") if cf is not None else "")
        self._set("payback", text(pb.text) if pb is not None and pb.text is not None else DASH,
                  text(oa.costs.break_even) if oa.costs.break_even is not None else "")
        unit = money_unit(currency)
        self.names["cpm_cash"].setText(fmt(_("%1 / M output tokens, cash"), unit))
        self.names["cpm_all-in"].setText(fmt(_("%1 / M output tokens, all-in"), unit))
        c = oa.costs
        # the range of a cost rests on the capacity's: what that range rests on, from the Assessment
        note = oa.capacity.range_note
        range_tip = "<br>" + fmt(_("Capacity range: %1"), text(note)) if note is not None else ""
        for view in (c.cash, c.all_in):
            if view is None:
                continue
            key = view.view.value
            drives = view.view == c.view
            for kind, fig, low, high in (("cpm", view.cost_per_m_tokens_usd, view.low, view.high),
                                         ("tco", view.tco_usd, view.tco_low, view.tco_high)):
                amount = money_range(fig.value, currency, approx=view.assumed, low=low, high=high)
                tip = (figure_tip(fig, currency) + range_tip
                       + ("<br><b>" + _("this view drives the ranking") + "</b>" if drives else ""))
                self._set(f"{kind}_{key}", amount, tip)
                name = self.names[f"{kind}_{key}"]
                font = name.font()
                font.setBold(drives)
                name.setFont(font)

    def _set_pools(self, oa: OptionAssessment, currency: str) -> None:
        """A disaggregated option's pools: GPUs of each, and on hover each pool's platform, support,
        capacity with its basis, workers and $/M of its direction (the Assessment's figures)."""
        p = oa.pools
        self.names["pools"].setVisible(p is not None)
        self.values["pools"].setVisible(p is not None)
        if p is None:
            return
        lines = []
        for pool in (p.prefill, p.decode):
            cpm = pool.cost_per_m_tokens_usd
            with formatting.using_currency(currency):
                per_m = (formatting.quantity(cpm.value, cpm.unit) if cpm is not None and cpm.value is not None
                         else DASH)
            lines.append(fmt(_("<b>%1</b> on %2 (%3, %4): %5 %6 (%7); %8 workers of %9 GPUs; %10"),
                             word(PoolRole(pool.role)), pool_where(pool), status_label(pool.classification.status),
                             pool.limit, number(pool.capacity.value), formatting.unit_text(pool.capacity.unit),
                             pool.basis.value, number(pool.workers), integer(pool.gpus_per_worker), per_m))
        blended = p.cost_per_m_blended_usd
        if blended is not None and blended.value is not None:
            lines.append(fmt(_("Blended: %1 per million tokens of both directions"),
                             money_range(blended.value, currency)))
        lines.extend(text(m) for m in p.messages)
        self._set("pools", f"{number(p.prefill.gpus)} + {number(p.decode.gpus)}", "<br>".join(lines))

    def _set(self, key: str, text: str, tip: str) -> None:
        self.values[key].setText(text)
        self.values[key].setToolTip(tip)
        self.values[key].parentWidget()  # keep for layout

    def restyle(self) -> None:
        for chip in (self.badge, *self.levels.values()):
            _style_chip(chip)


class OverviewPage(Page):
    """All options side by side, best first, with the recommendation on top."""
    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.recommendation = QLabel()
        self.recommendation.setObjectName("recommendation")
        self.recommendation.setWordWrap(True)
        self.recommendation.setTextFormat(Qt.TextFormat.RichText)
        self.recommendation.setFrameShape(QFrame.Shape.StyledPanel)
        self.recommendation.setMargin(8)
        self.workload = QLabel()
        self.workload.setWordWrap(True)
        self.workload.setObjectName("workload")
        self.workload_button = QPushButton(_("Edit workload…"))
        self.workload_button.setObjectName("edit_workload")
        self.workload_button.setToolTip(_("The model (and its other names), precisions, tokens per request and "
                                                "dataset every run and parity check is judged against"))
        self.workload_button.clicked.connect(self.edit_workload)
        workload_row = QHBoxLayout()
        workload_row.addWidget(self.workload, 1)
        workload_row.addWidget(self.workload_button, 0, Qt.AlignmentFlag.AlignTop)
        self.messages = QLabel()
        self.messages.setWordWrap(True)
        self.cards_host = QWidget()
        self.grid = QGridLayout(self.cards_host)
        self.grid.setSpacing(10)
        self.cards: list[OptionCard] = []
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # what to measure next, and the button writing its plan: the grid's first row, above the cards
        self.measure_next = MeasureNextPanel()
        self.grid.addWidget(self.measure_next, 0, 0, 1, CARD_COLUMNS)
        scroll.setWidget(self.cards_host)
        # the record's own revisit triggers that have fired, with the evidence (hidden while none has)
        self.revisit_banner = QFrame()
        self.revisit_banner.setObjectName("revisit_banner")
        self.revisit_text = QLabel()
        self.revisit_text.setObjectName("revisit_banner_text")
        self.revisit_text.setWordWrap(True)
        self.revisit_text.setTextFormat(Qt.TextFormat.RichText)
        banner_layout = QHBoxLayout(self.revisit_banner)
        banner_layout.addWidget(self.revisit_text, 1)
        self.revisit_banner.setStyleSheet("QFrame#revisit_banner { background: #B54708; border-radius: 6px; }"
                                          "QFrame#revisit_banner QLabel { color: white; }")
        self.revisit_banner.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.revisit_banner)
        layout.addWidget(self.heading)
        layout.addLayout(workload_row)
        layout.addWidget(self.recommendation)
        layout.addWidget(self.messages)
        layout.addWidget(scroll, 1)
        self._mc: MonteCarloService | None = None

    def title(self) -> str:
        return _("Overview")

    def edit_workload(self) -> None:
        """Ask for the workload (the dialog validates it) and apply it as one undoable edit."""


        window = cast(Any, self.window())
        current = self.document.workspace.workload
        new = window.interaction.ask_workload(current)
        if new is not None and new != current:
            self.document.edit(SetWorkload(new), self.later(N_("Workload")))

    def showEvent(self, event: Any) -> None:
        if self._mc is None:
            self._mc = self.document.monte_carlo()
            self._mc.result_ready.connect(self._on_monte_carlo)
        super().showEvent(event)

    def _on_monte_carlo(self, _result: Any) -> None:
        if self.isVisible():
            self.refresh()

    def changeEvent(self, event: Any) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            for card in self.cards:
                card.restyle()
        super().changeEvent(event)

    def today(self) -> str:
        """The day the triggers are checked on (ISO); tests pin it."""

        return dt.date.today().isoformat()

    def _refresh_revisit(self) -> None:
        fired = self.document.revisit(self.today()).fired
        if not fired:
            self.revisit_banner.hide()
            return
        lines = [f"• <b>{escape(t.text)}</b> — {escape(text(t.reason))}" for t in fired]
        self.revisit_text.setText(ngettext("Revisit this decision: {n} of its own triggers fired", "Revisit this decision: {n} of its own triggers fired", len(fired)).format(n=len(fired))
                                  + "<br>" + "<br>".join(lines))
        self.revisit_banner.show()

    def refresh(self) -> None:
        self._refresh_revisit()

        ws = self.document.workspace
        a = self.document.assessment()
        mc = self._mc.current() if self._mc is not None else None
        heading = fmt(_("<h2>%1</h2>%2 options for %3 · %4 evidence files"),
                      ws.decision.title, len(ws.options), ws.model, len(ws.evidence.files))
        d = a.demand  # the peak demand in both directions, as the record and evaluate state it
        if d is not None and d.output_tps.value is not None and d.input_tps.value is not None:
            heading += " · " + fmt(_("peak demand %1 output + %2 input tok/s"), integer(d.output_tps.value),
                                   integer(d.input_tps.value))
        self.heading.setText(heading)
        self.recommendation.setText(recommendation(ws, a, mc))
        self.measure_next.set_result(ws, a, mc, self.document.path)
        self.workload.setText(fmt(_("Evidence is judged against the %1. Runs and checks of another model, "
                                          "precision, request shape or dataset are shown but count for nothing."),
                                  str(a.workload))
                              if a.workload is not None else "")
        self.workload.setToolTip(_("Runs and parity checks that match the workload count; a proxy the user "
                                         "accepted counts, discounted, for capacity; a mismatch or a run that "
                                         "needs context counts for nothing"))
        self.messages.setText(texts(a.messages))
        self.messages.setVisible(bool(a.messages))
        order = [o for oid in (a.order or [x.option for x in a.options]) if (o := a.option(oid)) is not None]
        while len(self.cards) < len(order):
            self.cards.append(OptionCard())
        while len(self.cards) > len(order):
            card = self.cards.pop()
            card.setParent(None)
            card.deleteLater()
        columns = CARD_COLUMNS
        for i, (card, oa) in enumerate(zip(self.cards, order, strict=True)):
            card.set_option(oa, mc.for_option(oa.option) if mc else None, ws.assumptions.currency,
                            a.fits_for(oa.option), {c.id: c.name for c in a.criteria})
            self.grid.addWidget(card, i // columns + 1, i % columns)  # row 0: what to measure next
        self.grid.setRowStretch(len(order) // columns + 2, 1)
