"""Vector charts for the record (reportlab.graphics): scatter/line plots and horizontal bars with
range whiskers. Drawn from primitives so axes, ticks and labels are exact and the output deterministic.

Colours and series kinds come from :mod:`deepdecide.domain.presentation` (the same as the GUI's):
one colour per option, p50 solid / p99 dashed, measured runs filled and illustrative / proxy /
predicted ones hollow. Ticks are written by :mod:`deepdecide.domain.formatting`; a log axis is
labelled in real units (1, 4, 16 … 4,096). :func:`figure` adds the caption and the note saying
when the data is illustrative or assumed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether

from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.i18n import _
from deepdecide.report import fonts
from deepdecide.report.styles import GREY, INK, RULE, SERIES, WARN, Paragraph, esc, styles

FONT_SIZE = 6.5
REFERENCE = colors.HexColor(look.REFERENCE.light)

P = TypeVar("P")  # what a legend entry stands for


#: the radius of a chart point (points)
POINT_R = 2.2


def _drawing(width: float, height: float) -> Drawing:
    """A chart's drawing, in the record's font."""
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
    """A tick value with as few digits as it needs ("0", "250", "1,250", "0.5", "2.5")."""
    if v == 0:
        return "0"
    if float(v).is_integer():
        return formatting.integer(v)
    for digits in range(1, 6):
        text = formatting.number(v, digits=digits)
        if math.isclose(float(text.replace(",", "")), v, rel_tol=1e-9):
            return text
    return formatting.number(v)


def _color(hex_or_color: str | colors.Color | None, i: int) -> colors.Color:
    if hex_or_color is None:
        return SERIES[i % len(SERIES)]
    return colors.HexColor(hex_or_color) if isinstance(hex_or_color, str) else hex_or_color


@dataclass
class Series:
    label: str
    points: Sequence[tuple[float, float]]
    line: bool = True
    dashed: bool = False  # the p99 of a latency pair
    color: str | None = None  # hex; by default the position's colour
    filled: bool = True  # False: illustrative, proxy or predicted data, drawn hollow
    front: bool = False  # the line joins only the Pareto front (as on screen), not every point


@dataclass
class Marker:
    """A reference line across the plot (an SLO, a demand level), with its label."""
    value: float
    label: str
    axis: str = "x"  # "x": vertical line at x = value; "y": horizontal line


@dataclass
class Callout:
    """A point the chart marks and labels (a break-even point): a diamond in its colour with a short label."""
    x: float
    y: float
    label: str
    color: str | None = None  # hex


@dataclass
class _Frame:
    x0: float
    y0: float
    w: float
    h: float
    xt: list[float] = field(default_factory=list)
    yt: list[float] = field(default_factory=list)
    x_log: bool = False

    def sx(self, v: float) -> float:
        lo, hi = self.xt[0], self.xt[-1]
        if self.x_log:
            v, lo, hi = (math.log(max(t, 1e-12)) for t in (v, lo, hi))
        return self.x0 + (v - lo) / (hi - lo) * self.w

    def sy(self, v: float) -> float:
        lo, hi = self.yt[0], self.yt[-1]
        return self.y0 + (v - lo) / (hi - lo) * self.h


def _text(x: float, y: float, text: str, size: float = FONT_SIZE, anchor: str = "start", color: Any = GREY,
          bold: bool = False) -> String:
    return String(x, y, fonts.safe_text(text), fontName=fonts.BOLD if bold else fonts.REGULAR,
                  fontSize=size, fillColor=color, textAnchor=anchor)


def _width(text: str, size: float = FONT_SIZE) -> float:
    width: float = stringWidth(fonts.safe_text(text), fonts.REGULAR, size)
    return width


def _axes(d: Drawing, f: _Frame, x_label: str, y_label: str, x_fmt: Callable[[float], str] = fmt_tick,
          y_fmt: Callable[[float], str] = fmt_tick) -> None:
    for t in f.yt:
        y = f.sy(t)
        d.add(Line(f.x0, y, f.x0 + f.w, y, strokeColor=RULE, strokeWidth=0.3))
        d.add(_text(f.x0 - 3, y - 2, y_fmt(t), anchor="end"))
    for t in f.xt:
        x = f.sx(t)
        d.add(Line(x, f.y0, x, f.y0 - 2.5, strokeColor=GREY, strokeWidth=0.5))
        label = x_fmt(t)
        if x + _width(label) / 2 > d.width:  # the last tick's label ends at the figure's edge, never beyond
            d.add(_text(d.width, f.y0 - 10, label, anchor="end"))
        else:
            d.add(_text(x, f.y0 - 10, label, anchor="middle"))
    d.add(Line(f.x0, f.y0, f.x0 + f.w, f.y0, strokeColor=GREY, strokeWidth=0.7))
    d.add(Line(f.x0, f.y0, f.x0, f.y0 + f.h, strokeColor=GREY, strokeWidth=0.7))
    d.add(_text(f.x0 + f.w / 2, f.y0 - 20, x_label, anchor="middle", color=INK))
    label = _text(0, 0, y_label, anchor="middle", color=INK)
    g = Group(label)
    g.transform = (0, 1, -1, 0, f.x0 - 34, f.y0 + f.h / 2)
    d.add(g)


TITLE_SIZE = 8.0
TITLE_MIN_SIZE = 6.5
TITLE_LEADING = 9.5


def _title_lines(title: str, width: float) -> tuple[list[str], float]:
    """A chart title fitted to ``width``: at a smaller size if need be, then over as many lines as it
    takes (a long title in a long language is wrapped, never cut)."""
    if not title:
        return [], TITLE_SIZE
    size = TITLE_SIZE
    while size > TITLE_MIN_SIZE and _bold_width(title, size) > width:
        size -= 0.25
    lines: list[str] = []
    for word in title.split():
        if lines and _bold_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines, size


def _bold_width(text: str, size: float) -> float:
    width: float = stringWidth(fonts.safe_text(text), fonts.BOLD, size)
    return width


def _title_height(lines: Sequence[str]) -> float:
    """The room the title takes above the legend (12 points for one line, as before)."""
    return 0.0 if not lines else 12 + TITLE_LEADING * (len(lines) - 1)


def _draw_title(d: Drawing, x: float, lines: Sequence[str], size: float) -> None:
    for i, line in enumerate(lines):
        d.add(_text(x, d.height - 9 - i * TITLE_LEADING, line, size=size, color=INK, bold=True))


def _swatch(d: Drawing, x: float, y: float, color: colors.Color, *, line: bool, dashed: bool, filled: bool) -> None:
    if line:
        d.add(Line(x, y + 2.5, x + 10, y + 2.5, strokeColor=color, strokeWidth=1.1,
                   strokeDashArray=[3, 2] if dashed else None))
    d.add(Circle(x + 5, y + 2.5, 2.2, fillColor=color if filled else colors.white, strokeColor=color,
                 strokeWidth=0.4 if filled else 0.9))


def _legend_rows(entries: Sequence[tuple[str, P]], max_w: float) -> list[list[tuple[str, P, float]]]:
    rows: list[list[tuple[str, P, float]]] = [[]]
    used = 0.0
    for text, payload in entries:
        w = 14 + _width(text) + 8
        if rows[-1] and used + w > max_w:
            rows.append([])
            used = 0.0
        rows[-1].append((text, payload, w))
        used += w
    return rows


def xy_chart(series: Sequence[Series], *, x_label: str, y_label: str, markers: Sequence[Marker] = (),
             width: float = 480, height: float = 210, title: str = "", x_log: int | None = None,
             y_fmt: Callable[[float], str] = fmt_tick, callouts: Sequence[Callout] = ()) -> Drawing:
    """Scatter / line chart; each series one colour, points marked, optional reference lines.

    ``x_log`` (a base, e.g. 2) draws the x axis on a log scale with ticks in real units. The
    legend sits above the plot (never on the data); the ranges include every reference line and
    leave room for its label."""
    xs = [p[0] for s in series for p in s.points] + [m.value for m in markers if m.axis == "x"] + [c.x for c in callouts]
    ys = [p[1] for s in series for p in s.points] + [m.value for m in markers if m.axis == "y"] + [c.y for c in callouts]
    if x_log:
        xs = [x for x in xs if x > 0]
    legend_w = width - 52
    entries = [(s.label, (s, i)) for i, s in enumerate(series)]
    rows = _legend_rows(entries, legend_w)
    title_lines, title_size = _title_lines(title, width - 46)
    top_pad = 8 + len(rows) * 10 + _title_height(title_lines)
    d = _drawing(width, height)
    if not xs or not ys:
        d.add(_text(width / 2, height / 2, _("no data"), anchor="middle"))
        return d
    f = _Frame(46, 30, width - 56, height - 30 - top_pad, x_log=bool(x_log))
    if x_log:
        f.xt = look.log_ticks(min(xs), max(xs), base=x_log)
    else:
        f.xt = nice_ticks(min(0.0, min(xs)), max(xs) * 1.05)
    y_top = max(ys) * 1.08
    if any(m.axis == "y" and m.value >= max(ys) * 0.97 for m in markers):
        y_top = max(ys) * 1.15  # room for the label above the line
    f.yt = nice_ticks(min(0.0, min(ys)), y_top)
    _axes(d, f, x_label, y_label, y_fmt=y_fmt)
    for m in markers:
        if m.axis == "x":
            x = f.sx(m.value)
            d.add(Line(x, f.y0, x, f.y0 + f.h, strokeColor=REFERENCE, strokeWidth=0.8, strokeDashArray=[3, 2]))
            right = x + 2 + _width(m.label) <= f.x0 + f.w
            d.add(_text(x + 2 if right else x - 2, f.y0 + f.h - 8, m.label, color=REFERENCE,
                        anchor="start" if right else "end"))
        else:
            y = f.sy(m.value)
            d.add(Line(f.x0, y, f.x0 + f.w, y, strokeColor=REFERENCE, strokeWidth=0.8, strokeDashArray=[3, 2]))
            d.add(_text(f.x0 + f.w - 2, min(y + 2, f.y0 + f.h - 8), m.label, anchor="end", color=REFERENCE))
    for i, s in enumerate(series):
        color = _color(s.color, i)
        pts = sorted(p for p in s.points if not x_log or p[0] > 0)
        # the front of a scatter; a sweep's line through each level's median (runs repeated at a level)
        along = look.pareto_front(pts) if s.front else list(zip(*look.sweep_line(pts), strict=True))
        if s.line and len(along) > 1:
            flat = [c for p in along for c in (f.sx(p[0]), f.sy(p[1]))]
            d.add(PolyLine(flat, strokeColor=color, strokeWidth=1.1, strokeDashArray=[3, 2] if s.dashed else None))
        fill, stroke, width_ = (color, colors.white, 0.4) if s.filled else (colors.white, color, 0.9)
        for x, y in pts:
            d.add(Circle(f.sx(x), f.sy(y), POINT_R, fillColor=fill, strokeColor=stroke, strokeWidth=width_))
    for k, c in enumerate(callouts):
        if x_log and c.x <= 0:
            continue
        cx, cy, r = f.sx(c.x), f.sy(c.y), 3.2
        color = _color(c.color, k)
        d.add(Polygon([cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy], fillColor=colors.white, strokeColor=color,
                      strokeWidth=1.1))
        # labels alternate above and below the point: neighbours at the same cost stay apart
        d.add(_text(cx, cy + r + 1.5 if k % 2 == 0 else cy - r - FONT_SIZE, c.label, color=color, anchor="middle",
                    bold=True))
    y = height - 10 - _title_height(title_lines)
    for row in rows:
        x = f.x0
        for text, (s, i), w in row:
            _swatch(d, x, y, _color(s.color, i), line=s.line, dashed=s.dashed, filled=s.filled)
            d.add(_text(x + 13, y, text, color=INK))
            x += w
        y -= 10
    _draw_title(d, f.x0, title_lines, title_size)
    return d


def bar_chart(rows: Sequence[tuple[str, float, float | None, float | None]], *, x_label: str,
              width: float = 480, bar_h: float = 12, title: str = "", value_fmt: Callable[[float], str] = fmt_tick,
              colors_: Sequence[str | None] | None = None, filled: Sequence[bool] | None = None,
              x_max: float | None = None, tick_fmt: Callable[[float], str] | None = None) -> Drawing:
    """Horizontal bars, one per row ``(label, value, low, high)``; ``low``/``high`` draw a range whisker.

    ``colors_`` gives each row its option's colour; ``filled`` False draws a row hollow (an assumed
    figure); ``x_max`` caps the axis (a share stops at 100 %)."""
    label_w = max([_width(r[0]) for r in rows] + [40]) + 10
    label_w = min(label_w, width * 0.4)
    title_lines, title_size = _title_lines(title, width)
    height = 38 + len(rows) * (bar_h + 6) + _title_height(title_lines)
    d = _drawing(width, height)
    if not rows:
        return d
    values = [x for _, v, lo, hi in rows for x in (v, lo, hi) if x is not None]
    value_w = max(_width(value_fmt(r[1])) for r in rows) + 8
    f = _Frame(label_w, 30, width - label_w - value_w, len(rows) * (bar_h + 6))
    top = max(values) * 1.05
    if x_max is not None:
        top = min(top, x_max) if max(values) <= x_max else top
    f.xt = nice_ticks(min(0.0, min(values)), top)
    if x_max is not None and f.xt[-1] > x_max >= max(values):
        f.xt = [t for t in f.xt if t < x_max] + [x_max]
    f.yt = [0, 1]
    tick = tick_fmt or fmt_tick
    for t in f.xt:
        x = f.sx(t)
        d.add(Line(x, f.y0, x, f.y0 + f.h, strokeColor=RULE, strokeWidth=0.3))
        d.add(_text(x, f.y0 - 10, tick(t), anchor="middle"))
    d.add(_text(f.x0 + f.w / 2, f.y0 - 20, x_label, anchor="middle", color=INK))
    for i, (label, value, lo, hi) in enumerate(rows):
        y = f.y0 + f.h - (i + 1) * (bar_h + 6) + 3
        color = _color(colors_[i] if colors_ else None, i)
        solid = filled[i] if filled else True
        x0 = f.sx(0)
        d.add(Rect(x0, y, f.sx(value) - x0, bar_h, fillColor=color if solid else colors.white,
                   strokeColor=None if solid else color, strokeWidth=1.0))
        if lo is not None and hi is not None:
            d.add(Line(f.sx(lo), y + bar_h / 2, f.sx(hi), y + bar_h / 2, strokeColor=INK, strokeWidth=0.8))
            for v in (lo, hi):
                d.add(Line(f.sx(v), y + 2, f.sx(v), y + bar_h - 2, strokeColor=INK, strokeWidth=0.8))
        d.add(_text(label_w - 4, y + bar_h / 2 - 2, label, anchor="end", color=INK))
        d.add(_text(f.sx(max(value, hi or value)) + 3, y + bar_h / 2 - 2, value_fmt(value), color=INK))
    d.add(Line(f.sx(0), f.y0, f.sx(0), f.y0 + f.h, strokeColor=GREY, strokeWidth=0.7))
    _draw_title(d, 0, title_lines, title_size)
    return d


def figure(drawing: Drawing, caption: str, note: str = "") -> Flowable:
    """A chart kept together with its caption (what it shows, in which units) and, where the data
    is illustrative or assumed, a note saying so."""

    parts: list[Flowable] = [drawing, Paragraph(esc(caption), styles()["caption"])]
    if note:
        parts.append(Paragraph(f'<font color="{WARN.hexval().replace("0x", "#")}">{esc(note)}</font>',
                               styles()["caption"]))
    return KeepTogether(parts)


def illustrative_note(series: Sequence[Series], *, assumed: bool = False) -> str:
    """The note a figure needs: hollow series are illustrative / proxy / predicted data."""
    notes = []
    if any(not s.filled for s in series):
        notes.append(_("Hollow points are illustrative, proxy or predicted data (reconstructed from published "
                       "figures or estimated), not measurements of this deployment."))
    if assumed:
        notes.append(_("Hollow bars are assumed figures, not measured ones."))
    return " ".join(notes)
