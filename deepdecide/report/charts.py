"""Vector charts for the record (reportlab.graphics): scatter/line plots and horizontal bars with
range whiskers. Drawn from primitives so axes, ticks and labels are exact and the output deterministic."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, PolyLine, Rect, String
from reportlab.lib import colors

from deepdecide.report import fonts
from deepdecide.report.styles import GREY, INK, RULE, SERIES

FONT_SIZE = 6.5


def _drawing(width: float, height: float) -> Drawing:
    d = Drawing(width, height)
    d.initialFontName = fonts.REGULAR  # the renderer's default is Helvetica, which is not embedded
    return d


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi] (1-2-5 steps)."""
    if not math.isfinite(lo) or not math.isfinite(hi):
        return [0.0, 1.0]
    if hi <= lo:
        hi = lo + (abs(lo) or 1.0)
    raw = (hi - lo) / max(count, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 10))
        v += step
    if ticks[-1] < hi:
        ticks.append(round(v, 10))
    return ticks


def fmt_tick(v: float) -> str:
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 1e6:
        return f"{v / 1e6:g}M"
    if a >= 1e4:
        return f"{v / 1e3:g}k"
    if a >= 100:
        return f"{v:,.0f}"
    return f"{v:g}"


@dataclass
class Series:
    label: str
    points: Sequence[tuple[float, float]]
    line: bool = True
    dashed: bool = False


@dataclass
class Marker:
    """A reference line across the plot (an SLO, a demand level), with its label."""

    value: float
    label: str
    axis: str = "x"  # "x": vertical line at x = value; "y": horizontal line


@dataclass
class _Frame:
    x0: float
    y0: float
    w: float
    h: float
    xt: list[float] = field(default_factory=list)
    yt: list[float] = field(default_factory=list)

    def sx(self, v: float) -> float:
        lo, hi = self.xt[0], self.xt[-1]
        return self.x0 + (v - lo) / (hi - lo) * self.w

    def sy(self, v: float) -> float:
        lo, hi = self.yt[0], self.yt[-1]
        return self.y0 + (v - lo) / (hi - lo) * self.h


def _text(x: float, y: float, text: str, size: float = FONT_SIZE, anchor: str = "start", color=GREY,
          bold: bool = False) -> String:
    return String(x, y, fonts.safe_text(text), fontName=fonts.BOLD if bold else fonts.REGULAR,
                  fontSize=size, fillColor=color, textAnchor=anchor)


def _axes(d: Drawing, f: _Frame, x_label: str, y_label: str, x_fmt=fmt_tick, y_fmt=fmt_tick) -> None:
    for t in f.yt:
        y = f.sy(t)
        d.add(Line(f.x0, y, f.x0 + f.w, y, strokeColor=RULE, strokeWidth=0.3))
        d.add(_text(f.x0 - 3, y - 2, y_fmt(t), anchor="end"))
    for t in f.xt:
        x = f.sx(t)
        d.add(Line(x, f.y0, x, f.y0 - 2.5, strokeColor=GREY, strokeWidth=0.5))
        d.add(_text(x, f.y0 - 10, x_fmt(t), anchor="middle"))
    d.add(Line(f.x0, f.y0, f.x0 + f.w, f.y0, strokeColor=GREY, strokeWidth=0.7))
    d.add(Line(f.x0, f.y0, f.x0, f.y0 + f.h, strokeColor=GREY, strokeWidth=0.7))
    d.add(_text(f.x0 + f.w / 2, f.y0 - 20, x_label, anchor="middle", color=INK))
    label = _text(0, 0, y_label, anchor="middle", color=INK)
    g = Group(label)
    g.transform = (0, 1, -1, 0, f.x0 - 30, f.y0 + f.h / 2)
    d.add(g)


def _legend(d: Drawing, labels: Sequence[tuple[str, colors.Color]], x: float, y: float, max_w: float) -> None:
    cx, cy = x, y
    for text, color in labels:
        w = 14 + len(text) * FONT_SIZE * 0.55
        if cx + w > x + max_w and cx > x:
            cx, cy = x, cy - 10
        d.add(Rect(cx, cy, 7, 5, fillColor=color, strokeColor=None))
        d.add(_text(cx + 10, cy, text, color=INK))
        cx += w + 6


def xy_chart(series: Sequence[Series], *, x_label: str, y_label: str, markers: Sequence[Marker] = (),
             width: float = 480, height: float = 210, title: str = "") -> Drawing:
    """Scatter / line chart; each series one colour, points marked, optional reference lines."""
    d = _drawing(width, height)
    xs = [p[0] for s in series for p in s.points] + [m.value for m in markers if m.axis == "x"]
    ys = [p[1] for s in series for p in s.points] + [m.value for m in markers if m.axis == "y"]
    if not xs or not ys:
        d.add(_text(width / 2, height / 2, "no data", anchor="middle"))
        return d
    legend_rows = 1 + sum(len(s.label) for s in series) // 70
    top_pad = 10 + legend_rows * 10 + (12 if title else 0)
    f = _Frame(42, 30, width - 52, height - 30 - top_pad)
    f.xt = nice_ticks(min(0.0, min(xs)), max(xs) * 1.05)
    f.yt = nice_ticks(min(0.0, min(ys)), max(ys) * 1.08)
    _axes(d, f, x_label, y_label)
    for m in markers:
        if m.axis == "x":
            x = f.sx(m.value)
            d.add(Line(x, f.y0, x, f.y0 + f.h, strokeColor=colors.HexColor("#b42318"), strokeWidth=0.8,
                       strokeDashArray=[3, 2]))
            d.add(_text(x + 2, f.y0 + f.h - 8, m.label, color=colors.HexColor("#b42318")))
        else:
            y = f.sy(m.value)
            d.add(Line(f.x0, y, f.x0 + f.w, y, strokeColor=colors.HexColor("#b42318"), strokeWidth=0.8,
                       strokeDashArray=[3, 2]))
            d.add(_text(f.x0 + f.w - 2, y + 2, m.label, anchor="end", color=colors.HexColor("#b42318")))
    for i, s in enumerate(series):
        color = SERIES[i % len(SERIES)]
        pts = sorted(s.points)
        if s.line and len(pts) > 1:
            flat = [c for p in pts for c in (f.sx(p[0]), f.sy(p[1]))]
            d.add(PolyLine(flat, strokeColor=color, strokeWidth=1.1, strokeDashArray=[3, 2] if s.dashed else None))
        for x, y in pts:
            d.add(Circle(f.sx(x), f.sy(y), 2.2, fillColor=color, strokeColor=colors.white, strokeWidth=0.4))
    _legend(d, [(s.label, SERIES[i % len(SERIES)]) for i, s in enumerate(series)], f.x0, height - 10 - (12 if title else 0),
            f.w)
    if title:
        d.add(_text(f.x0, height - 9, title, size=8, color=INK, bold=True))
    return d


def bar_chart(rows: Sequence[tuple[str, float, float | None, float | None]], *, x_label: str,
              width: float = 480, bar_h: float = 12, title: str = "", value_fmt=fmt_tick) -> Drawing:
    """Horizontal bars, one per row ``(label, value, low, high)``; ``low``/``high`` draw a range whisker."""
    label_w = 150
    height = 38 + len(rows) * (bar_h + 6) + (12 if title else 0)
    d = _drawing(width, height)
    if not rows:
        return d
    values = [v for _, v, lo, hi in rows for v in (v, lo, hi) if v is not None]
    f = _Frame(label_w, 30, width - label_w - 40, len(rows) * (bar_h + 6))
    f.xt = nice_ticks(min(0.0, min(values)), max(values) * 1.05)
    f.yt = [0, 1]
    for t in f.xt:
        x = f.sx(t)
        d.add(Line(x, f.y0, x, f.y0 + f.h, strokeColor=RULE, strokeWidth=0.3))
        d.add(_text(x, f.y0 - 10, fmt_tick(t), anchor="middle"))
    d.add(_text(f.x0 + f.w / 2, f.y0 - 20, x_label, anchor="middle", color=INK))
    for i, (label, value, lo, hi) in enumerate(rows):
        y = f.y0 + f.h - (i + 1) * (bar_h + 6) + 3
        color = SERIES[i % len(SERIES)]
        x0 = f.sx(0)
        d.add(Rect(x0, y, f.sx(value) - x0, bar_h, fillColor=color, strokeColor=None))
        if lo is not None and hi is not None:
            d.add(Line(f.sx(lo), y + bar_h / 2, f.sx(hi), y + bar_h / 2, strokeColor=INK, strokeWidth=0.8))
            for v in (lo, hi):
                d.add(Line(f.sx(v), y + 2, f.sx(v), y + bar_h - 2, strokeColor=INK, strokeWidth=0.8))
        d.add(_text(label_w - 4, y + bar_h / 2 - 2, label[:38], anchor="end", color=INK))
        d.add(_text(f.sx(max(value, hi or value)) + 3, y + bar_h / 2 - 2, value_fmt(value), color=INK))
    d.add(Line(f.sx(0), f.y0, f.sx(0), f.y0 + f.h, strokeColor=GREY, strokeWidth=0.7))
    if title:
        d.add(_text(0, height - 9, title, size=8, color=INK, bold=True))
    return d
