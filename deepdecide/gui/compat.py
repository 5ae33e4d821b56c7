"""Work-arounds for defects of the Qt binding, each with the reason and the way to retire it.

PySide6 6.12 on Python 3.11: ``SignalInstance.emit()`` returns ``True`` without taking a
reference, so every emit from Python code (ours, and pyqtgraph's many) drops one reference to
``True``. After a few thousand emits the count reaches zero and CPython aborts with "Fatal
Python error: bool_dealloc: deallocating True or False". Since Python 3.12 ``True`` is
immortal and the missing reference is harmless. The guard keeps a ballast of references to
``True`` and tops it up from a timer (a C++ timer calling a Python slot does not leak), so
the count never gets near zero; it costs 8 bytes per leaked reference.
"""

from __future__ import annotations

import sys
from typing import Any

#: keep at least this many references to True; top up by ``_TOP_UP`` when below
_FLOOR = 200_000
_TOP_UP = 400_000
_ballast: list[bool] = []
_timer: Any = None


def needs_bool_guard() -> bool:
    return sys.version_info < (3, 12)


def top_up() -> int:
    """Add references to True when the count is low; return how many were added."""
    if not needs_bool_guard() or sys.getrefcount(True) >= _FLOOR:
        return 0
    _ballast.extend([True] * _TOP_UP)
    return _TOP_UP


def install_bool_guard(interval_ms: int = 500) -> None:
    """Top up now and from a timer on the Qt event loop (idempotent)."""
    global _timer
    if not needs_bool_guard():
        return
    top_up()
    if _timer is None:
        from PySide6.QtCore import QCoreApplication, QTimer

        app = QCoreApplication.instance()
        if app is None:
            return
        _timer = QTimer(app)
        _timer.setInterval(interval_ms)
        _timer.timeout.connect(top_up)
        _timer.start()
