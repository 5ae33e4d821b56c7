"""pyqtgraph charts in the visual language of :mod:`deepdecide.domain.presentation` (the PDF's too).

One colour per option (light or dark variant by the palette), p50 solid / p99 dashed, measured
runs filled and illustrative / proxy / predicted ones hollow. The legend sits under the plot,
never on the data; the view range is set from the data *and* the SLO line with padding, so the
line and its label stay inside; log axes are labelled in real units (1, 4, 16 … 4,096); a
palette change (light <-> dark) redraws axes, legend and series.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.i18n import _
from deepdecide.domain.presentation import pareto_front, sampled, sweep_line
from deepdecide.gui.theme import is_dark

pg.setConfigOptions(antialias=True)

Point = tuple[float, float]

__all__ = ["CrossoverChart", "DistributionChart", "LatencyChart", "SeriesLook", "ThemedPlot", "ThroughputChart",
           "pareto_front"]


class LocaleAxis(pg.AxisItem):
    """An axis whose tick numbers are written in the interface language ("0,5", "1.024")."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [formatting.localized(t) for t in super().tickStrings(values, scale, spacing)]


@dataclass(frozen=True)
class SeriesLook:
    """How one group is drawn: its legend text (the full name), colour and kind."""

    label: str
    swatch: look.Swatch
    filled: bool = True


def padded(lo: float, hi: float, pad: float = 0.08, *, from_zero: bool = True) -> tuple[float, float]:
    """A linear view range covering [lo, hi] with room on both sides; starts at 0 for positive data,
    so one point (or points close together) never zooms into a sliver such as 1515.9–1516.7."""
    if from_zero and lo >= 0:
        lo = 0.0
    if hi <= lo:
        hi = lo + (abs(lo) or 1.0)
    span = hi - lo
    return (lo - span * pad * (0 if from_zero and lo == 0 else 1), hi + span * pad)


def log_range(lo: float, hi: float, base: int = 2) -> tuple[list[float], tuple[float, float]]:
    """Ticks in real units and the view range (log10, as pyqtgraph's log mode uses) for [lo, hi]."""
    ticks = look.log_ticks(lo, hi, base=base)
    a, b = math.log10(min(ticks[0], lo)), math.log10(max(ticks[-1], hi))
    pad = (b - a) * 0.04 or 0.1
    return ticks, (a - pad, b + pad)


#: the most columns a chart's legend has (fewer when the chart is too narrow for them), and the room
#: kept free at each side of it, in pixels
LEGEND_COLUMNS = 2
LEGEND_MARGIN = 8


class _FittingLegend(pg.LegendItem):
    """A legend that asks its plot to fit its columns to the width after every entry it gets."""

    def __init__(self, fit: Callable[[], None], **kwargs: Any):
        super().__init__(**kwargs)
        self._fit = fit

    def addItem(self, item: Any, name: str) -> None:
        super().addItem(item, name)
        self._fit()


class ThemedPlot(pg.PlotWidget):
    """A PlotWidget that takes its background, axes and text colours from the QPalette and keeps
    its legend under the plot. Drawing methods record themselves, so a palette change redraws."""

    def __init__(self, parent: QWidget | None = None, title: str = ""):
        self.legend: pg.LegendItem = None  # made below, once the plot item exists
        self._redraw: Callable[[], Any] | None = None
        self._restyling = False
        super().__init__(parent, axisItems={"left": LocaleAxis("left"), "bottom": LocaleAxis("bottom")})
        self._title = title
        item = self.getPlotItem()
        self.legend = _FittingLegend(self.fit_legend, labelTextSize="8pt", colCount=LEGEND_COLUMNS, offset=None)
        item.layout.addItem(self.legend, 4, 1)
        item.legend = self.legend  # plot(name=...) adds its entry here
        self.showGrid(x=True, y=True, alpha=0.25)
        for name in ("left", "bottom"):
            # never rescale numbers behind a SI prefix in the label: units stay as written
            item.getAxis(name).enableAutoSIPrefix(False)
        self.setMinimumHeight(180)
        self._slo_text: tuple[Any, bool, float] | None = None
        self._note: Any = None
        self._axis_labels = ("", "")
        item.getViewBox().sigRangeChanged.connect(lambda *_a: self.place_slo_text())
        self.apply_palette()

    # legend ------------------------------------------------------------------------------
    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit_legend()

    def fit_legend(self) -> None:
        """As many legend columns (up to ``LEGEND_COLUMNS``) as the plot's width holds, one at least:
        long entries (a sweep of many groups) go one under the other instead of making the plot
        wider than its place, where the view clipped its right side."""
        legend = getattr(self, "legend", None)
        if legend is None or not legend.items:
            return
        # the text's own width (a label's layout box grows with its column)
        widest = max(sample.boundingRect().width() + label.item.boundingRect().width() for sample, label in legend.items)
        spacing = legend.layout.horizontalSpacing() if legend.layout.horizontalSpacing() >= 0 else 6.0
        room = self.viewport().width() - self.getPlotItem().getAxis("left").width() - 2 * LEGEND_MARGIN
        columns = max(1, min(LEGEND_COLUMNS, int((room + spacing) // (widest + 2 * spacing)) if widest > 0 else 1))
        if columns != legend.columnCount:
            legend.setColumnCount(columns)

    # theme -------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "legend", None) is not None:
            self.apply_palette()
        super().changeEvent(event)

    def fg(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.WindowText)

    def dark(self) -> bool:
        return is_dark(self.palette())

    def apply_palette(self) -> None:
        """Restyle background, axes, title and legend, and redraw the series in this theme's colours."""
        pal = self.palette()
        bg = pal.color(QPalette.ColorRole.Base)
        fg = self.fg()
        self.setBackground(bg)
        item = self.getPlotItem()
        for name in ("left", "bottom"):
            axis = item.getAxis(name)
            axis.setPen(pg.mkPen(fg))
            axis.setTextPen(pg.mkPen(fg))
        if self._title:
            item.setTitle(self._title, color=fg.name(), size="10pt")
        if any(self._axis_labels):
            self.set_axis_labels(*self._axis_labels)
        self.legend.setLabelTextColor(fg)
        for _sample, label in self.legend.items:  # setLabelTextColor alone does not re-render them
            label.setText(label.text, color=fg)
        self.legend.setBrush(pg.mkBrush(QColor(bg.red(), bg.green(), bg.blue(), 0)))
        self.legend.setPen(pg.mkPen(None))
        if self._redraw is not None and not self._restyling:
            self._restyling = True
            try:
                self._redraw()
            finally:
                self._restyling = False

    def set_axis_labels(self, left: str, bottom: str) -> None:
        self._axis_labels = (left, bottom)
        item = self.getPlotItem()
        item.setLabel("left", left, color=self.fg().name())
        item.setLabel("bottom", bottom, color=self.fg().name())

    def set_title(self, title: str) -> None:
        self._title = title
        self.getPlotItem().setTitle(title, color=self.fg().name(), size="10pt")

    def reference(self) -> QColor:
        return QColor(look.REFERENCE.on(self.dark()))

    def color(self, series: SeriesLook) -> QColor:
        return QColor(series.swatch.on(self.dark()))

    def reset(self) -> None:
        self.getPlotItem().clear()
        self.legend.clear()
        self._slo_text = None
        self._note = None

    def legend_texts(self) -> list[str]:
        return [label.text for _sample, label in self.legend.items]

    def note(self, text: str) -> None:
        """A message in the middle of an empty plot."""
        item = pg.TextItem(text, color=self.fg(), anchor=(0.5, 0.5))
        (x0, x1), (y0, y1) = self.getPlotItem().viewRange()
        item.setPos((x0 + x1) / 2, y0 + (y1 - y0) * 0.8)
        self.addItem(item, ignoreBounds=True)
        self._note = item

    def symbol_style(self, series: SeriesLook) -> dict[str, Any]:
        """Marker pen and brush: filled for measured runs, hollow (the background inside) otherwise."""
        color = self.color(series)
        brush = color if series.filled else self.palette().color(QPalette.ColorRole.Base)
        return {"symbolBrush": pg.mkBrush(brush), "symbolPen": pg.mkPen(color, width=1.5)}

    # reference lines ----------------------------------------------------------------------
    def slo_line(self, value: float, *, vertical: bool, label: str) -> pg.InfiniteLine:
        """A dashed line at ``value`` with its label (a TextItem: InfLineLabel crashes PySide 6.12 at exit)."""
        color = self.reference()
        pen = pg.mkPen(color, width=2, style=Qt.PenStyle.DashLine)
        line = pg.InfiniteLine(pos=value, angle=90 if vertical else 0, pen=pen, movable=False)
        self.addItem(line)
        text = pg.TextItem(label, color=color, anchor=(0, 0) if vertical else (0, 1))
        self.addItem(text, ignoreBounds=True)
        self._slo_text = (text, vertical, value)
        self.place_slo_text()
        return line

    def place_slo_text(self) -> None:
        """Keep the SLO label inside the view: at the top beside a vertical line (left of it when the
        line is in the right half), just above a horizontal line at the left."""
        info = getattr(self, "_slo_text", None)
        if info is None:
            return
        text, vertical, value = info
        item = self.getPlotItem()
        (x0, x1), (y0, y1) = item.viewRange()
        if vertical:
            v = math.log10(value) if item.getAxis("bottom").logMode and value > 0 else value
            right_half = v > (x0 + x1) / 2
            text.setAnchor((1.02, 0) if right_half else (-0.02, 0))
            text.setPos(v, y1)
        else:
            text.setAnchor((-0.02, 1))
            text.setPos(x0, value)

    # ranges ---------------------------------------------------------------------------------
    def fit(self, xs: Sequence[float], ys: Sequence[float], *, slo_x: float | None = None,
            slo_y: float | None = None, log_x: bool = False) -> None:
        """Set the view from the data and the SLO line, with padding (the line's label fits above it)."""
        xs = [x for x in xs if x is not None and (x > 0 or not log_x)]
        ys = [y for y in ys if y is not None]
        if slo_x is not None and (slo_x > 0 or not log_x):
            xs = [*xs, slo_x]
        if slo_y is not None:
            ys = [*ys, slo_y]
        if not xs or not ys:
            return
        item = self.getPlotItem()
        if log_x:
            ticks, (a, b) = log_range(min(xs), max(xs))
            item.getAxis("bottom").setTicks([[(math.log10(t), formatting.integer(t) if t >= 1 else
                                               formatting.number(t)) for t in ticks], []])
            self.setXRange(a, b, padding=0)
        else:
            item.getAxis("bottom").setTicks(None)
            self.setXRange(*padded(min(xs), max(xs)), padding=0)
        lo, hi = padded(min(ys), max(ys), pad=0.15 if slo_y is not None or slo_x is not None else 0.08)
        self.setYRange(lo, hi, padding=0)
        self.place_slo_text()


class ThroughputChart(ThemedPlot):
    """Output tokens/s per GPU against tokens/s per user (with Pareto fronts), or against concurrency."""

    def set_sweep(self, groups: dict[str, list[Point]], looks: dict[str, SeriesLook] | None = None) -> int:
        """Output tokens/s per GPU against concurrency (log scale, real units), one line per group.

        Throughput alone: never presented as meeting an SLO."""
        self._redraw = lambda: self.set_sweep(groups, looks)
        self.reset()
        self.getPlotItem().setLogMode(x=True, y=False)
        n = 0
        xs: list[float] = []
        ys: list[float] = []
        for name, pts in sorted(groups.items()):
            pts = sorted(p for p in pts if p[0] > 0)
            if not pts:
                continue
            s = _look(looks, name)
            lx, ly = sweep_line(pts)
            if len(lx) == len(pts):  # one run per level: the line through the runs
                self.plot(lx, ly, pen=pg.mkPen(self.color(s), width=2), symbol="o", symbolSize=8, name=s.label,
                          **self.symbol_style(s))
            else:  # several runs per level: the runs as points, the line through each level's median
                self.plot(lx, ly, pen=pg.mkPen(self.color(s), width=2), name=s.label)
                x, y = zip(*sampled(pts), strict=True)
                self.plot(x, y, pen=None, symbol="o", symbolSize=6, **self.symbol_style(s))
            x, y = zip(*pts, strict=True)
            xs += x
            ys += y
            n += len(pts)
        if n:
            self.fit(xs, ys, log_x=True)
        else:
            self.note(_("No run with a concurrency and a throughput per GPU yet"))
        return n

    def set_groups(self, groups: dict[str, list[Point]], slo_x: float | None, slo_label: str,
                   front_label: str, looks: dict[str, SeriesLook] | None = None) -> int:
        """Draw the groups; return the number of points drawn."""
        self._redraw = lambda: self.set_groups(groups, slo_x, slo_label, front_label, looks)
        self.reset()
        self.getPlotItem().setLogMode(x=False, y=False)
        self.getPlotItem().getAxis("bottom").setTicks(None)
        n = 0
        xs: list[float] = []
        ys: list[float] = []
        for name, pts in sorted(groups.items()):
            if not pts:
                continue
            s = _look(looks, name)
            color = self.color(s)
            x, y = zip(*sampled(pts), strict=True)
            self.plot(x, y, pen=None, symbol="o", symbolSize=8 if len(pts) <= 200 else 6, name=s.label,
                      **self.symbol_style(s))
            x, y = zip(*pts, strict=True)
            front = pareto_front(pts)
            if len(front) > 1:
                fx, fy = zip(*front, strict=True)
                self.plot(fx, fy, pen=pg.mkPen(color, width=2), name=f"{s.label} — {front_label}")
            xs += x
            ys += y
            n += len(pts)
        if slo_x is not None:
            self.slo_line(slo_x, vertical=True, label=slo_label)
        if n == 0:
            self.setXRange(0, (slo_x or 30) * 3)
            self.setYRange(0, 1000)
            self.note(_("No run with TPOT p50 yet (interactivity is 1000 / TPOT p50)"))
        else:
            self.fit(xs, ys, slo_x=slo_x)
        return n


class LatencyChart(ThemedPlot):
    """A latency metric (p50 solid, p99 dashed) against concurrency (log scale), per group."""

    def set_groups(self, groups: dict[str, list[tuple[float, float | None, float | None]]],
                   slo_y: float | None, slo_label: str, looks: dict[str, SeriesLook] | None = None) -> int:
        self._redraw = lambda: self.set_groups(groups, slo_y, slo_label, looks)
        self.reset()
        self.getPlotItem().setLogMode(x=True, y=False)
        n = 0
        xs: list[float] = []
        ys: list[float] = []
        for name, pts in sorted(groups.items()):
            s = _look(looks, name)
            color = self.color(s)
            pts = sorted(p for p in pts if p[0] is not None and p[0] > 0)
            for kind, values, symbol in (("p50", [(c, v) for c, v, _ignored in pts if v is not None], "o"),
                                         ("p99", [(c, v) for c, _ignored, v in pts if v is not None], "t")):
                if not values:
                    continue
                style = Qt.PenStyle.DashLine if look.line_style(kind) == "dashed" else Qt.PenStyle.SolidLine
                lx, ly = sweep_line(values)
                if len(lx) == len(values):
                    self.plot(lx, ly, pen=pg.mkPen(color, width=2, style=style), symbol=symbol, symbolSize=7,
                              name=f"{s.label} {kind}", **self.symbol_style(s))
                else:  # several runs per level: the line through the medians, the runs as points
                    self.plot(lx, ly, pen=pg.mkPen(color, width=2, style=style), name=f"{s.label} {kind}")
                    x, y = zip(*sampled(values), strict=True)
                    self.plot(x, y, pen=None, symbol=symbol, symbolSize=5, **self.symbol_style(s))
                x, y = zip(*values, strict=True)
                xs += x
                ys += y
                n += len(values)
        if slo_y is not None:
            self.slo_line(slo_y, vertical=False, label=slo_label)
        if n == 0:
            self.fit([1, 64], [0, (slo_y or 100) * 1.5], slo_y=slo_y, log_x=True)
            self.note(_("No run driven by concurrency with this latency yet"))
        else:
            self.fit(xs, ys, slo_y=slo_y, log_x=True)
        return n


class DistributionChart(ThemedPlot):
    """Monte Carlo: per option, the P10-P90 range of a figure (whisker) and its P50 (dot)."""

    def set_options(self, rows: list[tuple[str, float | None, float | None, float | None]],
                    swatches: Sequence[look.Swatch] | None = None) -> int:
        """Rows of (label, p10, p50, p90) top to bottom, each in its option's colour; returns how many were drawn."""
        self._redraw = lambda: self.set_options(rows, swatches)
        self.reset()
        n = len(rows)
        drawn = 0
        ticks = []
        xs: list[float] = []
        for i, (label, p10, p50, p90) in enumerate(rows):
            y = n - 1 - i
            ticks.append((y, label))
            swatch = swatches[i] if swatches else look.OPTION_SWATCHES[0]
            color = QColor(swatch.on(self.dark()))
            if p10 is not None and p90 is not None:
                self.plot([p10, p90], [y, y], pen=pg.mkPen(color, width=3))
                for x in (p10, p90):
                    self.plot([x, x], [y - 0.2, y + 0.2], pen=pg.mkPen(color, width=2))
                xs += [p10, p90]
                drawn += 1
            if p50 is not None:
                self.plot([p50], [y], pen=None, symbol="o", symbolSize=9, symbolBrush=color,
                          symbolPen=pg.mkPen(self.fg()))
                xs.append(p50)
        axis = self.getPlotItem().getAxis("left")
        axis.setTicks([ticks])
        self.setYRange(-0.6, max(n, 1) - 0.4, padding=0)
        if xs:
            self.setXRange(*padded(min(xs), max(xs)), padding=0)
        return drawn


@dataclass(frozen=True)
class Callout:
    """A point the chart marks and labels (a break-even point): a diamond in its series' colour."""

    look: SeriesLook
    x: float
    y: float
    label: str


class CrossoverChart(ThemedPlot):
    """Cost against peak demand (log scale), one line per option, the baseline dashed, its crossings
    marked with labelled diamonds and the stated demand as a vertical line."""

    def set_lines(self, lines: list[tuple[SeriesLook, list[Point], bool]], callouts: list[Callout],
                  stated: float | None, stated_label: str) -> int:
        """``lines``: (look, points, dashed); returns how many lines were drawn."""
        self._redraw = lambda: self.set_lines(lines, callouts, stated, stated_label)
        self.reset()
        self.callout_items: list[Any] = []
        item = self.getPlotItem()
        item.setLogMode(x=True, y=False)
        xs: list[float] = []
        ys: list[float] = []
        n = 0
        for s, pts, dashed in lines:
            pts = sorted(p for p in pts if p[0] > 0)
            if len(pts) < 2:
                continue
            x, y = zip(*pts, strict=True)
            style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
            self.plot(x, y, pen=pg.mkPen(self.color(s), width=3 if dashed else 2, style=style), name=s.label)
            xs += x
            ys += y
            n += 1
        shown = [c for c in callouts if c.x > 0]
        for k, c in enumerate(shown):
            color = self.color(c.look)
            self.plot([c.x], [c.y], pen=None, symbol="d", symbolSize=11,
                      symbolBrush=pg.mkBrush(self.palette().color(QPalette.ColorRole.Base)),
                      symbolPen=pg.mkPen(color, width=2))
            # labels alternate above and below the point: neighbours at the same cost stay apart
            text = pg.TextItem(c.label, color=color, anchor=(0.5, 1.15) if k % 2 == 0 else (0.5, -0.15))
            text.setPos(math.log10(c.x), c.y)
            self.addItem(text, ignoreBounds=True)
            self.callout_items.append(text)
            xs.append(c.x)
            ys.append(c.y)
        if not n:
            self.note(_("No cost to plot against the demand"))
            return 0
        if stated is not None and stated > 0:
            color = self.reference()
            self.addItem(pg.InfiniteLine(pos=math.log10(stated), angle=90, movable=False,
                                         pen=pg.mkPen(color, width=2, style=Qt.PenStyle.DashLine)))
            label = pg.TextItem(stated_label, color=color, anchor=(-0.02, 0))
            self.addItem(label, ignoreBounds=True)
            xs.append(stated)
        else:
            label = None
        self.fit(xs, ys, log_x=True)
        if label is not None:  # at the top, on the side of the line with more room
            (x0, x1), (_y0, y1) = self.getPlotItem().viewRange()
            v = math.log10(stated or 1)
            label.setAnchor((1.02, 0) if v > (x0 + x1) / 2 else (-0.02, 0))
            label.setPos(v, y1)
        return n


def _look(looks: dict[str, SeriesLook] | None, name: str) -> SeriesLook:
    if looks and name in looks:
        return looks[name]
    return SeriesLook(name, look.other_swatch(name))
