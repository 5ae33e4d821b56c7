"""pyqtgraph charts whose colours follow the application palette (light / dark)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

from deepdecide.gui.theme import series_colors

pg.setConfigOptions(antialias=True)

Point = tuple[float, float]


def pareto_front(points: Sequence[Point]) -> list[Point]:
    """The points no other point beats on both axes (both maximised), sorted by x."""
    front: list[Point] = []
    best_y = float("-inf")
    for x, y in sorted(points, key=lambda p: (-p[0], -p[1])):
        if y > best_y:
            front.append((x, y))
            best_y = y
    return sorted(front)


class ThemedPlot(pg.PlotWidget):
    """A PlotWidget that takes its background, axes and text colours from the QPalette."""

    def __init__(self, parent: QWidget | None = None, title: str = ""):
        self.legend = None
        super().__init__(parent)
        self._title = title
        self.legend = self.getPlotItem().addLegend(offset=(-10, 10), labelTextSize="8pt")
        self.showGrid(x=True, y=True, alpha=0.25)
        for name in ("left", "bottom"):
            # never rescale numbers behind a SI prefix in the label: units stay as written
            self.getPlotItem().getAxis(name).enableAutoSIPrefix(False)
        self.setMinimumHeight(220)
        self._slo_text = None
        self.getPlotItem().getViewBox().sigRangeChanged.connect(lambda *_a: self.place_slo_text())
        self.apply_palette()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "legend", None) is not None:
            self.apply_palette()
        super().changeEvent(event)

    def fg(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.WindowText)

    def apply_palette(self) -> None:
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
        self.legend.setLabelTextColor(fg)
        self.legend.setBrush(pg.mkBrush(QColor(bg.red(), bg.green(), bg.blue(), 200)))

    def set_axis_labels(self, left: str, bottom: str) -> None:
        item = self.getPlotItem()
        item.setLabel("left", left, color=self.fg().name())
        item.setLabel("bottom", bottom, color=self.fg().name())

    def colors(self) -> list[str]:
        return series_colors(self.palette())

    def reset(self) -> None:
        self.getPlotItem().clear()
        self.legend.clear()
        self._slo_text = None

    def slo_line(self, value: float, *, vertical: bool, label: str) -> pg.InfiniteLine:
        """A dashed red line at ``value`` with its label (a TextItem: InfLineLabel crashes PySide 6.12 at exit)."""
        color = QColor("#d62728")
        pen = pg.mkPen(color, width=2, style=Qt.PenStyle.DashLine)
        line = pg.InfiniteLine(pos=value, angle=90 if vertical else 0, pen=pen, movable=False)
        self.addItem(line)
        text = pg.TextItem(label, color=color, anchor=(-0.05, 0) if vertical else (0, 1.1))
        text.setPos(value, 0) if vertical else text.setPos(0, value)
        self.addItem(text, ignoreBounds=True)
        self._slo_text = (text, vertical, value)
        return line

    def place_slo_text(self) -> None:
        """Keep the SLO label at the top (vertical line) or left (horizontal line) of the view."""
        info = getattr(self, "_slo_text", None)
        if info is None:
            return
        text, vertical, value = info
        (x0, x1), (y0, y1) = self.getPlotItem().viewRange()
        if vertical:
            text.setPos(value, y1)
        else:
            text.setPos(x0, value)


class ThroughputChart(ThemedPlot):
    """Output tokens/s per GPU against tokens/s per user, per runtime x platform, with Pareto fronts."""

    def set_title(self, title: str) -> None:
        self._title = title
        self.getPlotItem().setTitle(title, color=self.fg().name(), size="10pt")

    def set_sweep(self, groups: dict[str, list[Point]]) -> int:
        """Fallback view: output tokens/s per GPU against concurrency (log scale), one line per group.

        Used when no run has TPOT (so no interactivity): throughput alone, never presented as
        meeting an SLO."""
        self.reset()
        self.getPlotItem().setLogMode(x=True, y=False)
        colors = self.colors()
        n = 0
        for i, (name, pts) in enumerate(sorted(groups.items())):
            pts = sorted(p for p in pts if p[0] > 0)
            if not pts:
                continue
            color = QColor(colors[i % len(colors)])
            xs, ys = zip(*pts, strict=True)
            self.plot(xs, ys, pen=pg.mkPen(color, width=2), symbol="o", symbolSize=8, symbolBrush=color,
                      symbolPen=pg.mkPen(color), name=name)
            n += len(pts)
        top = max((p[0] for pts in groups.values() for p in pts if p[0] > 0), default=1.0)
        # powers of two as the only ticks (the view's x is log10 of the concurrency in log mode)
        ticks = [(math.log10(2**k), f"{2**k:,}") for k in range(0, int(math.ceil(math.log2(max(top, 1)))) + 1)]
        self.getPlotItem().getAxis("bottom").setTicks([ticks, []])
        self.enableAutoRange()
        return n

    def set_groups(self, groups: dict[str, list[Point]], slo_x: float | None, slo_label: str,
                   front_label: str) -> int:
        """Draw the groups; return the number of points drawn."""
        self.reset()
        self.getPlotItem().setLogMode(x=False, y=False)
        self.getPlotItem().getAxis("bottom").setTicks(None)
        colors = self.colors()
        n = 0
        for i, (name, pts) in enumerate(sorted(groups.items())):
            if not pts:
                continue
            color = QColor(colors[i % len(colors)])
            xs, ys = zip(*pts, strict=True)
            self.plot(xs, ys, pen=None, symbol="o", symbolSize=8, symbolBrush=color, symbolPen=pg.mkPen(color),
                      name=name)
            front = pareto_front(pts)
            if len(front) > 1:
                fx, fy = zip(*front, strict=True)
                self.plot(fx, fy, pen=pg.mkPen(color, width=2), name=f"{name} — {front_label}")
            n += len(pts)
        if slo_x is not None:
            self.slo_line(slo_x, vertical=True, label=slo_label)
        if n == 0:
            self.setXRange(0, (slo_x or 30) * 3)
            self.setYRange(0, 1000)
        else:
            self.enableAutoRange()
        return n


class LatencyChart(ThemedPlot):
    """A latency metric (p50 solid, p99 dashed) against concurrency, per runtime x platform."""

    def set_groups(self, groups: dict[str, list[tuple[float, float | None, float | None]]],
                   slo_y: float | None, slo_label: str) -> int:
        self.reset()
        colors = self.colors()
        n = 0
        for i, (name, pts) in enumerate(sorted(groups.items())):
            color = QColor(colors[i % len(colors)])
            pts = sorted(p for p in pts if p[0] is not None)
            p50 = [(c, v) for c, v, _ in pts if v is not None]
            p99 = [(c, v) for c, _, v in pts if v is not None]
            if p50:
                x, y = zip(*p50, strict=True)
                self.plot(x, y, pen=pg.mkPen(color, width=2), symbol="o", symbolSize=6, symbolBrush=color,
                          name=f"{name} p50")
                n += len(p50)
            if p99:
                x, y = zip(*p99, strict=True)
                self.plot(x, y, pen=pg.mkPen(color, width=2, style=Qt.PenStyle.DashLine), symbol="t",
                          symbolSize=6, symbolBrush=color, name=f"{name} p99")
                n += len(p99)
        if slo_y is not None:
            self.slo_line(slo_y, vertical=False, label=slo_label)
        if n == 0:
            self.setXRange(0, 64)
            self.setYRange(0, (slo_y or 100) * 2)
        else:
            self.enableAutoRange()
        return n


class DistributionChart(ThemedPlot):
    """Monte Carlo: per option, the P10-P90 range of a figure (whisker) and its P50 (dot)."""

    def set_options(self, rows: list[tuple[str, float | None, float | None, float | None]]) -> int:
        """Rows of (label, p10, p50, p90) top to bottom; returns how many were drawn."""
        self.reset()
        color = QColor(self.colors()[1])
        n = len(rows)
        drawn = 0
        ticks = []
        for i, (label, p10, p50, p90) in enumerate(rows):
            y = n - 1 - i
            ticks.append((y, label))
            if p10 is not None and p90 is not None:
                self.plot([p10, p90], [y, y], pen=pg.mkPen(color, width=3))
                for x in (p10, p90):
                    self.plot([x, x], [y - 0.2, y + 0.2], pen=pg.mkPen(color, width=2))
                drawn += 1
            if p50 is not None:
                self.plot([p50], [y], pen=None, symbol="o", symbolSize=9, symbolBrush=color,
                          symbolPen=pg.mkPen(self.fg()))
        axis = self.getPlotItem().getAxis("left")
        axis.setTicks([ticks])
        self.setYRange(-0.6, max(n, 1) - 0.4, padding=0)
        self.enableAutoRange(axis="x")
        return drawn
