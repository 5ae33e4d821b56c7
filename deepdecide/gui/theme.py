"""Light and dark themes: Fusion, a palette that follows the system, and the status colours.

Colours with a meaning (support status, verdicts, answers) come from one table per theme so
every page and chart uses the same ones, and they stay readable on both backgrounds.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from deepdecide.domain.presentation import OPTION_SWATCHES

#: meaning -> (light colour, dark colour); backgrounds of badges and matrix cells
_STATUS = {
    "official": ("#b7e4c7", "#1f6f43"),
    "experimental": ("#ffe08a", "#8a6d00"),
    "community": ("#c9d7f8", "#2f4f8f"),
    "unsupported": ("#f4b6b6", "#8f2d2d"),
    "undocumented": ("#e2e2e2", "#4a4a4a"),
    "pass": ("#b7e4c7", "#1f6f43"),
    "fail": ("#f4b6b6", "#8f2d2d"),
    "inconclusive": ("#ffe08a", "#8a6d00"),
    "provided": ("#b7e4c7", "#1f6f43"),
    "external": ("#ffe08a", "#8a6d00"),
    "missing": ("#f4b6b6", "#8f2d2d"),
    "todo": ("#e2e2e2", "#4a4a4a"),
    "in-progress": ("#c9d7f8", "#2f4f8f"),
    "done": ("#b7e4c7", "#1f6f43"),
    "blocked": ("#f4b6b6", "#8f2d2d"),
    "approve": ("#b7e4c7", "#1f6f43"),
    "reject": ("#f4b6b6", "#8f2d2d"),
    "abstain": ("#e2e2e2", "#4a4a4a"),
    "pending": ("#ffe08a", "#8a6d00"),
    "answered": ("#b7e4c7", "#1f6f43"),  # the article's questions (analysis.assessment.QuestionState)
    "partly": ("#ffe08a", "#8a6d00"),
    "not-answered": ("#f4b6b6", "#8f2d2d"),
}

#: series colours for charts: one per option, the same hues as the PDF's (deepdecide.domain.presentation);
#: the dark theme uses a lighter tint of the same hue, never a different colour
SERIES_LIGHT = [s.light for s in OPTION_SWATCHES]
SERIES_DARK = [s.dark for s in OPTION_SWATCHES]


def is_dark(palette: QPalette | None = None) -> bool:
    pal = palette or QGuiApplication.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def status_color(meaning: str, palette: QPalette | None = None) -> QColor:
    """Background colour for a status / verdict / answer (grey for an unknown meaning)."""
    light, dark = _STATUS.get(str(meaning), ("#e2e2e2", "#4a4a4a"))
    return QColor(dark if is_dark(palette) else light)


def series_colors(palette: QPalette | None = None) -> list[str]:
    return SERIES_DARK if is_dark(palette) else SERIES_LIGHT


def _dark_palette() -> QPalette:
    p = QPalette()
    c = QColor
    roles = QPalette.ColorRole
    p.setColor(roles.Window, c(45, 45, 48))
    p.setColor(roles.WindowText, c(230, 230, 230))
    p.setColor(roles.Base, c(30, 30, 32))
    p.setColor(roles.AlternateBase, c(40, 40, 44))
    p.setColor(roles.ToolTipBase, c(60, 60, 64))
    p.setColor(roles.ToolTipText, c(235, 235, 235))
    p.setColor(roles.PlaceholderText, c(150, 150, 150))
    p.setColor(roles.Text, c(230, 230, 230))
    p.setColor(roles.Button, c(55, 55, 60))
    p.setColor(roles.ButtonText, c(230, 230, 230))
    p.setColor(roles.BrightText, c(255, 80, 80))
    p.setColor(roles.Link, c(100, 170, 255))
    p.setColor(roles.Highlight, c(45, 110, 190))
    p.setColor(roles.HighlightedText, c(255, 255, 255))
    p.setColor(roles.Mid, c(70, 70, 75))
    p.setColor(roles.Dark, c(25, 25, 28))
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, c(120, 120, 120))
    return p


def system_prefers_dark() -> bool:
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "colorScheme"):
        return hints.colorScheme() == Qt.ColorScheme.Dark
    return False


class ThemeManager(QObject):
    """Apply Fusion with a light or dark palette; follow the system unless the user chose one."""
    #: emitted after the palette changed (payload: True when dark)
    theme_changed = Signal(bool)

    def __init__(self, app: QApplication, choice: str = "system"):
        super().__init__(app)
        self._app = app
        self._choice = choice
        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")
        self._light = app.style().standardPalette()
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._on_scheme_changed)
        self.apply()

    @property
    def choice(self) -> str:
        return self._choice

    def set_choice(self, choice: str) -> None:
        self._choice = choice
        self.apply()

    def dark(self) -> bool:
        if self._choice == "dark":
            return True
        if self._choice == "light":
            return False
        return system_prefers_dark()

    def apply(self) -> None:
        dark = self.dark()
        self._app.setPalette(_dark_palette() if dark else self._light)
        # the packaged icon themes (resources/icons/{light,dark}) match the palette
        QIcon.setThemeName("dark" if dark else "light")
        self.theme_changed.emit(dark)

    def _on_scheme_changed(self, *_args) -> None:
        if self._choice == "system":
            self.apply()
