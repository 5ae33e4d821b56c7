"""Find text that does not fit: labels, buttons, header sections and chart axis titles narrower
than their text needs (size hint or font metrics).

A clipped text is accepted only when its widget shows the full text in a tooltip and what stays
visible (the text elided to the width) still differs from its neighbours' visible texts.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTabWidget,
    QWidget,
)

SLACK = 1  # px of rounding


@dataclass(frozen=True)
class Clip:
    where: str
    text: str
    width: int
    needed: int

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r} is {self.width} px wide, needs {self.needed} px"


def _plain(text: str, rich: bool) -> str:
    if not rich:
        return text
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def _path(w: QWidget) -> str:
    parts = []
    while w is not None and len(parts) < 4:
        parts.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return "/".join(reversed(parts))


def _tooltip_ok(tip: str, full: str, visible: str, neighbours: list[str]) -> bool:
    return bool(tip) and _plain(full, False).strip() in _plain(tip, "<" in tip).replace("\n", " ") \
        and visible not in neighbours


def _elided(fm: QFontMetrics, text: str, width: int) -> str:
    return fm.elidedText(text, Qt.TextElideMode.ElideRight, max(width, 0))


def _shown(w: QWidget) -> bool:
    return w.isVisible() and w.width() > 0 and w.height() > 0


def label_clips(root: QWidget) -> list[Clip]:
    out = []
    for lab in root.findChildren(QLabel):
        if not _shown(lab) or not lab.text() or lab.pixmap() is not None and not lab.pixmap().isNull():
            continue
        rich = lab.textFormat() == Qt.TextFormat.RichText or (
            lab.textFormat() == Qt.TextFormat.AutoText and ("<" in lab.text() and ">" in lab.text()))
        text = _plain(lab.text(), rich)
        m = lab.contentsMargins()
        avail_w = lab.width() - m.left() - m.right() - 2 * lab.margin() - 2 * lab.frameWidth()
        if lab.wordWrap():
            need_h = lab.heightForWidth(lab.width())
            if need_h > lab.height() + SLACK:
                out.append(Clip(_path(lab), text, lab.height(), need_h))
            continue
        hint = lab.sizeHint().width() - m.left() - m.right() - 2 * lab.margin() - 2 * lab.frameWidth()
        if hint > avail_w + SLACK:
            fm = lab.fontMetrics()
            neighbours = [_plain(s.text(), False) for s in lab.parentWidget().findChildren(QLabel) if s is not lab] \
                if lab.parentWidget() else []
            if not _tooltip_ok(lab.toolTip(), text, _elided(fm, text, avail_w), neighbours):
                out.append(Clip(_path(lab), text, avail_w, hint))
    return out


def button_clips(root: QWidget) -> list[Clip]:
    out = []
    for b in root.findChildren(QAbstractButton):
        if not _shown(b) or not b.text():
            continue
        text = b.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        fm = b.fontMetrics()
        need = fm.horizontalAdvance(text) + (b.iconSize().width() + 4 if not b.icon().isNull() else 0)
        if need > b.width() - 4 + SLACK and not _tooltip_ok(b.toolTip(), text, _elided(fm, text, b.width() - 8), []):
            out.append(Clip(_path(b), text, b.width(), need + 4))
    return out


def header_clips(root: QWidget) -> list[Clip]:
    out = []
    for view in root.findChildren(QAbstractItemView):
        if not _shown(view):
            continue
        headers = [h for h in view.findChildren(QHeaderView) if h.parentWidget() is view and _shown(h)]
        for h in headers:
            model = h.model()
            if model is None or h.orientation() != Qt.Orientation.Horizontal:
                continue
            fm = QFontMetrics(h.font())
            visible_texts = []
            entries = []
            for i in range(h.count()):
                if h.isSectionHidden(i) or h.sectionSize(i) <= 0:
                    continue
                text = str(model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or "")
                if not text:
                    continue
                lines = text.split("\n")
                need = max(fm.horizontalAdvance(line) for line in lines) + 8
                size = h.sectionSize(i)
                tip = str(model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) or "")
                vis = "\n".join(_elided(fm, line, size - 8) for line in lines)
                visible_texts.append(vis)
                entries.append((i, text, need, size, tip, vis))
            # the last section stretches to the view's edge: only what the viewport shows counts
            for i, text, need, size, tip, vis in entries:
                if need <= size + SLACK:
                    continue
                others = [v for v in visible_texts if v is not vis]
                if not _tooltip_ok(tip, text.replace("\n", " "), vis, others) and not _tooltip_ok(tip, text, vis, others):
                    out.append(Clip(f"{_path(view)} header {i}", text, size, need))
    return out


def axis_clips(root: QWidget) -> list[Clip]:
    out = []
    try:
        import pyqtgraph as pg
    except ImportError:  # pragma: no cover
        return out
    for plot in root.findChildren(pg.PlotWidget):
        if not _shown(plot):
            continue
        item = plot.getPlotItem()
        for name in ("left", "bottom", "right", "top"):
            axis = item.getAxis(name)
            if axis is None or not axis.isVisible() or not axis.label.isVisible():
                continue
            text = _plain(axis.label.toHtml(), True).strip()
            if not text:
                continue
            need = axis.label.boundingRect().width()
            length = axis.geometry().height() if name in ("left", "right") else axis.geometry().width()
            if need > length + SLACK:
                out.append(Clip(f"{_path(plot)} {name} axis title", text, int(length), int(need)))
    return out


def overflow_clips(root: QWidget) -> list[Clip]:
    """A scroll area holding content wider than its viewport: it cuts the content off at its right
    edge (no horizontal scroll bar) or makes the user scroll sideways to read a panel."""
    out = []
    areas = root.findChildren(QScrollArea) + ([root] if isinstance(root, QScrollArea) else [])
    for area in areas:
        inner = area.widget()
        if not _shown(area) or inner is None:
            continue
        need = max(inner.minimumSizeHint().width(), inner.minimumWidth())
        if need > area.viewport().width() + SLACK or area.horizontalScrollBar().isVisible():
            out.append(Clip(f"{_path(area)} content", inner.objectName() or type(inner).__name__,
                            area.viewport().width(), need))
    return out


def clips(root: QWidget) -> list[Clip]:
    return label_clips(root) + button_clips(root) + header_clips(root) + axis_clips(root) + overflow_clips(root)


def clips_on_every_tab(root: QWidget, settle) -> list[Clip]:
    """``clips`` with each tab of every tab widget shown in turn."""
    found = clips(root)
    for tabs in root.findChildren(QTabWidget):
        current = tabs.currentIndex()
        for i in range(tabs.count()):
            if i == current:
                continue
            tabs.setCurrentIndex(i)
            settle()
            found += clips(tabs.widget(i))
        tabs.setCurrentIndex(current)
        settle()
    seen, unique = set(), []
    for c in found:
        if (c.where, c.text) not in seen:
            seen.add((c.where, c.text))
            unique.append(c)
    return unique
