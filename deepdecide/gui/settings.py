"""User preferences and disposable UI state in QSettings, through one typed defaults table."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

#: every preference with its default; the type of a value is the type of its default
DEFAULTS: dict[str, Any] = {
    "recent_files": [],
    "last_directory": "",
    "theme": "system",  # system | light | dark
    "language": "system",  # system (the system locale's) | en | es
    "autosave_seconds": 60,
    "max_recent": 8,
    "export_omitted_sections": [],  # record sections left out of the last PDF export
    "signing_certificate": "",  # last .p12/.pfx used to sign a record (never its password)
    "signer_name": "",
}

#: disposable UI state (window geometry, splitters): kept apart from preferences
STATE_GROUP = "state"


def open_settings(path: str | os.PathLike[str] | None = None) -> QSettings:
    """Create the QSettings store: an ini file at ``path`` (tests) or the user's default place."""
    if path is not None:
        return QSettings(str(path), QSettings.Format.IniFormat)
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "deepdecide", "deepdecide")


class Preferences:
    """Typed access to the preferences; unknown keys raise KeyError, defaults are not written."""

    def __init__(self, settings: QSettings):
        self.settings = settings

    def get(self, key: str) -> Any:
        default = DEFAULTS[key]
        value = self.settings.value(key, default)
        if isinstance(default, list):
            if value is None or value == "":
                return []
            return [str(v) for v in (value if isinstance(value, list) else [value])]
        if isinstance(default, bool):
            return value in (True, "true", "1", 1)
        try:
            return type(default)(value)
        except (TypeError, ValueError):
            return default

    def set(self, key: str, value: Any) -> None:
        default = DEFAULTS[key]
        if value == default:
            self.settings.remove(key)
        else:
            self.settings.setValue(key, value)

    def add_recent(self, path: str | os.PathLike[str]) -> list[str]:
        """Put ``path`` first in the recent files (no duplicates, at most ``max_recent``)."""
        p = str(Path(path).resolve())
        recent = [p, *[r for r in self.get("recent_files") if r != p]][: self.get("max_recent")]
        self.set("recent_files", recent)
        return recent

    def recent_files(self) -> list[str]:
        return [r for r in self.get("recent_files") if Path(r).exists()]

    # UI state ----------------------------------------------------------------------------
    def save_state(self, key: str, value: QByteArray | str | int) -> None:
        self.settings.setValue(f"{STATE_GROUP}/{key}", value)

    def state(self, key: str) -> Any:
        return self.settings.value(f"{STATE_GROUP}/{key}")

    def sync(self) -> None:
        self.settings.sync()
