"""RankingBars: the options' weighted scores as horizontal bars, best first (painted, no plot library).

Each bar has its option's colour (the charts' and the PDF's); where the full names do not fit, the
options' short labels are shown, and the full name is in the row's tooltip."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from deepdecide.domain import formatting
from deepdecide.domain.presentation import Swatch
from deepdecide.gui.theme import is_dark, series_colors


class RankingBars(QWidget):
    """Bars of (label, score, eligible); an ineligible option is drawn hatched, with its reason."""

    BAR_HEIGHT = 22
    GAP = 6

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[tuple[str, float, bool, str]] = []
        self._short: list[str] = []
        self._swatches: list[Swatch] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def set_rows(self, rows: list[tuple[str, float, bool, str]], short: list[str] | None = None,
                 swatches: list[Swatch] | None = None) -> None:
        """Rows of (label, score 0..1, ranked, note), already in display order; ``short`` labels
        for when the full ones do not fit, ``swatches`` (presentation.Swatch) the option colours."""
        self._rows = rows
        self._short = list(short or [])
        self._swatches = list(swatches or [])
        self.updateGeometry()
        self.update()

    def rows(self) -> list[tuple[str, float, bool, str]]:
        return list(self._rows)

    def shown_labels(self) -> list[str]:
        """The labels as painted at the current width."""
        full = [r[0] for r in self._rows]
        if len(self._short) != len(full):
            return full
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(t) for t in full), default=0) + 12
        return full if widest <= self.width() * 0.5 else self._short

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ToolTip and isinstance(e, QHelpEvent):
            row = int((e.pos().y() - self.GAP) // (self.BAR_HEIGHT + self.GAP))
            if 0 <= row < len(self._rows):
                label, score, _ranked, note = self._rows[row]
                QToolTip.showText(e.globalPos(), f"<b>{label}</b>: {formatting.score(score)}" + (f"<br>{note}" if note else ""),
                                  self)
            else:
                QToolTip.hideText()
            return True
        return super().event(e)

    def sizeHint(self) -> QSize:
        return QSize(320, max(1, len(self._rows)) * (self.BAR_HEIGHT + self.GAP) + self.GAP)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, _event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        color = QColor(series_colors(pal)[0])
        muted = pal.color(QPalette.ColorRole.Mid)
        metrics = self.fontMetrics()
        labels = self.shown_labels()
        dark = is_dark(pal)
        label_w = min(int(self.width() * 0.6),
                      max((metrics.horizontalAdvance(t) for t in labels), default=0) + 12)
        value_w = metrics.horizontalAdvance("0.000") + 10
        bar_w = max(10, self.width() - label_w - value_w - 8)
        top = self.GAP
        for i, (_full, score, ranked, _note) in enumerate(self._rows):
            label = labels[i]
            if i < len(self._swatches):
                color = QColor(self._swatches[i].on(dark))
            p.setPen(text)
            p.drawText(QRectF(0, top, label_w - 6, self.BAR_HEIGHT),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       metrics.elidedText(label, Qt.TextElideMode.ElideRight, label_w - 6))
            width = max(0.0, min(1.0, score)) * bar_w
            rect = QRectF(label_w, top + 2, width, self.BAR_HEIGHT - 4)
            if ranked:
                p.fillRect(rect, color)
            else:
                p.fillRect(rect, QColor(muted))
                p.fillRect(rect, Qt.BrushStyle.BDiagPattern)
            p.setPen(text)
            p.drawText(QRectF(label_w + width + 4, top, value_w, self.BAR_HEIGHT),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, formatting.score(score))
            top += self.BAR_HEIGHT + self.GAP
        p.end()
