"""RankingBars: the options' weighted scores as horizontal bars, best first (painted, no plot library)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from deepdecide.gui.theme import series_colors


class RankingBars(QWidget):
    """Bars of (label, score, eligible); an ineligible option is drawn hatched, with its reason."""

    BAR_HEIGHT = 22
    GAP = 6

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[tuple[str, float, bool, str]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def set_rows(self, rows: list[tuple[str, float, bool, str]]) -> None:
        """Rows of (label, score 0..1, ranked, note), already in display order."""
        self._rows = rows
        self.updateGeometry()
        self.update()

    def rows(self) -> list[tuple[str, float, bool, str]]:
        return list(self._rows)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(320, max(1, len(self._rows)) * (self.BAR_HEIGHT + self.GAP) + self.GAP)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def paintEvent(self, _event: object) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        color = QColor(series_colors(pal)[0])
        muted = pal.color(QPalette.ColorRole.Mid)
        metrics = self.fontMetrics()
        label_w = min(int(self.width() * 0.6),
                      max((metrics.horizontalAdvance(r[0]) for r in self._rows), default=0) + 12)
        value_w = metrics.horizontalAdvance("0.000") + 10
        bar_w = max(10, self.width() - label_w - value_w - 8)
        top = self.GAP
        for label, score, ranked, _note in self._rows:
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
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"{score:.3f}")
            top += self.BAR_HEIGHT + self.GAP
        p.end()
