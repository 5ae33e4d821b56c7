"""RankingBars: the options' weighted scores as horizontal bars, best first (painted, no plot library).

Each bar has its option's colour (the charts' and the PDF's); where the full names do not fit, the
options' short labels are shown, and the full name is in the row's tooltip. The options that cannot
be ranked come after the ranked ones, under their own heading, hatched, each with its whole reason
written under its bar, wrapped to the width (never cut: the widget is as tall as its reasons need at
its width, and scrolls in its box)."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QRect, QRectF, QSize, Qt
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
        self._heading = ""
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)  # the reasons wrap: a narrower widget is a taller one
        self.setSizePolicy(policy)

    def set_rows(self, rows: list[tuple[str, float, bool, str]], short: list[str] | None = None,
                 swatches: list[Swatch] | None = None, heading: str = "") -> None:
        """Rows of (label, score 0..1, ranked, note), already in display order (ranked first);
        ``short`` labels for when the full ones do not fit, ``swatches`` (presentation.Swatch) the
        option colours, ``heading`` the title of the group of options that cannot be ranked."""
        self._rows = rows
        self._heading = heading
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

    def _line(self) -> int:
        return self.fontMetrics().height()

    #: where a reason starts, under its bar
    REASON_INDENT = 12

    def _reason_height(self, note: str, width: int) -> int:
        """The height of ``note`` written as plain text, wrapped at ``width`` (less the indent)."""
        if not note:
            return 0
        room = max(40, width - self.REASON_INDENT)
        return self.fontMetrics().boundingRect(QRect(0, 0, room, 100_000), int(Qt.TextFlag.TextWordWrap),
                                               plain(note)).height()

    def layout_rows(self, width: int | None = None) -> list[tuple[int, float]]:
        """(row, top) of every bar, and (-1, top) of the heading above the unranked group, at ``width``
        (the widget's own by default)."""
        w = self.width() if width is None else width
        out: list[tuple[int, float]] = []
        top = float(self.GAP)
        for i, (_label, _score, ranked, note) in enumerate(self._rows):
            if not ranked and (i == 0 or self._rows[i - 1][2]) and self._heading:
                out.append((-1, top))
                top += self._line() + self.GAP
            out.append((i, top))
            top += self.BAR_HEIGHT + self.GAP + (self._reason_height(note, w) if not ranked else 0)
        return out

    def _height(self, width: int | None = None) -> int:
        w = self.width() if width is None else width
        lay = self.layout_rows(w)
        if not lay:
            return self.BAR_HEIGHT + 2 * self.GAP
        i, top = lay[-1]
        extra = self._reason_height(self._rows[i][3], w) if i >= 0 and not self._rows[i][2] else 0
        return int(top + self.BAR_HEIGHT + extra + self.GAP)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height(width)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self._rows and self.height() != self._height():
            self.updateGeometry()  # the reasons wrap anew: the scroll area gives the height they need

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ToolTip and isinstance(e, QHelpEvent):
            y = e.pos().y()
            row = next((i for i, top in reversed(self.layout_rows()) if i >= 0 and y >= top), -1)
            if 0 <= row < len(self._rows):
                label, score, _ranked, note = self._rows[row]
                QToolTip.showText(e.globalPos(), f"<b>{label}</b>: {formatting.score(score)}" + (f"<br>{note}" if note else ""),
                                  self)
            else:
                QToolTip.hideText()
            return True
        return super().event(e)

    def sizeHint(self) -> QSize:
        # labels elide (whole on hover), reasons wrap: any width from 280 px, as tall as the width needs
        return QSize(280, self._height(max(self.width(), 280)))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, _event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        color = QColor(series_colors(pal)[0])
        muted = pal.color(QPalette.ColorRole.Mid)
        quiet = pal.color(QPalette.ColorRole.PlaceholderText)
        metrics = self.fontMetrics()
        labels = self.shown_labels()
        dark = is_dark(pal)
        label_w = min(int(self.width() * 0.6),
                      max((metrics.horizontalAdvance(t) for t in labels), default=0) + 12)
        value_w = metrics.horizontalAdvance("0.000") + 10
        bar_w = max(10, self.width() - label_w - value_w - 8)
        line = self._line()
        for i, top in self.layout_rows():
            if i < 0:  # the heading of the options that cannot be ranked
                bold = p.font()
                bold.setBold(True)
                p.setFont(bold)
                p.setPen(text)
                p.drawText(QRectF(0, top, self.width(), line), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                           p.fontMetrics().elidedText(self._heading, Qt.TextElideMode.ElideRight, self.width()))
                bold.setBold(False)
                p.setFont(bold)
                continue
            _full, score, ranked, note = self._rows[i]
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
            if not ranked and note:  # the whole reason, written and wrapped: not only in a tooltip
                p.setPen(quiet)
                left = self.REASON_INDENT
                p.drawText(QRectF(left, top + self.BAR_HEIGHT, self.width() - left,
                                  self._reason_height(note, self.width())),
                           int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap),
                           plain(note))
        p.end()

    def reasons(self) -> list[str]:
        """The reason written under each unranked bar (plain text), in order."""
        return [plain(note) for _l, _s, ranked, note in self._rows if not ranked and note]


def plain(html: str) -> str:
    """A tooltip's rich text as one plain line."""
    text = re.sub(r"<br\s*/?>", "; ", html)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").strip()
