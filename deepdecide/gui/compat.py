"""Work-arounds for defects of the Qt binding, each with the reason and the way to retire it.

PySide6 6.12 on Python 3.11 loses references to two singletons:

- ``SignalInstance.emit()`` returns ``True`` without taking a reference, so every emit from
  Python code (ours, and pyqtgraph's many) drops one reference to ``True``;
- a Python ``QAbstractItemModel.data()`` override that returns ``None`` (the usual answer for
  a role it does not serve) drops one reference to ``None`` per call.

After some thousands of calls the count reaches zero and CPython aborts with "Fatal Python
error: bool_dealloc" (or "none_dealloc"). Since Python 3.12 both objects are immortal and the
missing references are harmless. The guard raises both reference counts once by 2**40
(CPython keeps the count in the first word of the object), so they never get near zero, not
even while the interpreter shuts down. It costs no memory; retire it with a fixed PySide6 or
Python >= 3.12.
"""

from __future__ import annotations

import sys

#: references added once; at one lost reference per call, 2**40 outlasts any session
_RESERVE = 2**40


def needs_bool_guard() -> bool:
    return sys.version_info < (3, 12) and sys.implementation.name == "cpython"


def _add_references(obj: object, n: int) -> None:
    """Add ``n`` references to an object that must never die (True, None)."""
    import ctypes

    ctypes.c_ssize_t.from_address(id(obj)).value += n


def top_up() -> int:
    """Add the reserve of references to True and None where it is not there yet; return how many."""
    if not needs_bool_guard():
        return 0
    added = 0
    for obj in (True, None):
        if sys.getrefcount(obj) < _RESERVE // 2:
            _add_references(obj, _RESERVE)
            added += _RESERVE
    return added


def install_bool_guard() -> None:
    """Add the reserve now (idempotent; cheap enough to call from every entry point and test)."""
    top_up()
