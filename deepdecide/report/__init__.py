"""PDF decision record: build (reportlab), embed the inputs, verify by rebuilding, sign (pyHanko PAdES).

No Qt here: the CLI and the GUI (in a background task) call the same functions. A cancelled build
raises ``deepdecide.domain.progress.Cancelled``.

The package itself is light: its exports are imported on first use, so that a light module of it
(``verdict``: verify's exit codes, which ``deepdecide --help`` shows) loads neither reportlab nor
pyHanko.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deepdecide.report.build import build
    from deepdecide.report.render import SECTIONS, TITLES, ReportError
    from deepdecide.report.writer import SignRequest, write_record

__all__ = ["SECTIONS", "TITLES", "ReportError", "SignRequest", "build", "write_record"]

#: each export and the module of this package that defines it
_EXPORTS = {"SECTIONS": "render", "TITLES": "render", "ReportError": "render", "build": "build",
            "SignRequest": "writer", "write_record": "writer"}


class _Package(ModuleType):
    """``deepdecide.report``: an export is imported when first asked for."""

    def __getattr__(self, name: str) -> Any:
        where = _EXPORTS.get(name)
        if where is None:  # a submodule not imported yet: the import system imports it
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{self.__name__}.{where}"), name)
        ModuleType.__setattr__(self, name, value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        # the import system binds each submodule it imports to the package; ``build`` stays the
        # function, as it always was (the module is sys.modules["deepdecide.report.build"])
        if name in _EXPORTS and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
