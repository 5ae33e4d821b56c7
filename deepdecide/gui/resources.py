"""The one place that finds packaged resources (icons, styles)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def resource_root() -> Path:
    return Path(str(resources.files("deepdecide.resources")))


def resource_path(*parts: str) -> Path:
    """Path of a packaged resource, e.g. ``resource_path("icons", "deepdecide.svg")``."""
    return resource_root().joinpath(*parts)


def icon_theme_dir() -> Path:
    return resource_path("icons")


def register_icon_themes() -> None:
    """Make the packaged light/dark icon themes available to QIcon.fromTheme."""
    from PySide6.QtGui import QIcon

    paths = [str(icon_theme_dir()), *QIcon.themeSearchPaths()]
    QIcon.setThemeSearchPaths(list(dict.fromkeys(paths)))
    QIcon.setFallbackThemeName("light")


APP_ID = "io.github.deepdecide.DeepDecide"


def app_icon():
    """The application icon (the packaged SVG named after the app id), or an empty icon."""
    from PySide6.QtGui import QIcon

    path = resource_path("icons", f"{APP_ID}.svg")
    return QIcon(str(path)) if path.exists() else QIcon()
