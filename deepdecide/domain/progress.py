"""One progress and cancellation contract for long work: imports, Monte Carlo, the PDF record.

Long functions take ``progress`` and ``cancel`` keyword arguments, both optional:

- ``progress(fraction)`` (a :class:`ProgressCallback`) is called with values in [0, 1] that never
  decrease; 1.0 last, when the work is done.
- ``cancel`` is a :class:`CancelToken` (or anything with the same ``cancelled`` and ``check()``).
  The work calls ``check()`` between steps; once the token is cancelled that raises
  :class:`Cancelled` and nothing is stored or written.

``Cancelled`` is the one exception for every kind of cancelled work, so callers catch it by
class, never by name. The GUI's task runner hands each task a ``CancelToken`` and turns
``Cancelled`` into its ``cancelled`` signal.
"""

from __future__ import annotations

import threading
from typing import Protocol, runtime_checkable

from deepdecide.domain.errors import DeepdecideError


class Cancelled(DeepdecideError):  # noqa: N818 - the name says what happened
    """The work was cancelled through its cancel token; nothing was stored or written."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)


class ProgressCallback(Protocol):
    """Told the fraction of the work done, in [0, 1]."""

    def __call__(self, fraction: float, /) -> None: ...


@runtime_checkable
class Cancellable(Protocol):
    """What long work needs of a cancel token."""

    @property
    def cancelled(self) -> bool: ...

    def check(self) -> None: ...


class CancelToken:
    """A flag one thread sets (``cancel()``) and the worker checks (``cancelled``, ``check()``)."""

    def __init__(self, message: str = "cancelled") -> None:
        self._event = threading.Event()
        self._message = message

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` once the token is cancelled."""
        if self._event.is_set():
            raise Cancelled(self._message)

    def __repr__(self) -> str:
        return f"CancelToken(cancelled={self.cancelled})"


def check_cancelled(cancel: Cancellable | None) -> None:
    """``cancel.check()``, for work whose caller may give no token."""
    if cancel is not None:
        cancel.check()


def report(progress: ProgressCallback | None, fraction: float) -> None:
    """``progress(fraction)``, for work whose caller may give no callback."""
    if progress is not None:
        progress(fraction)


def scaled(progress: ProgressCallback | None, start: float, stop: float) -> ProgressCallback:
    """A callback for one part of the work: its [0, 1] becomes [start, stop] of ``progress``."""
    if progress is None:
        return _ignore
    width = stop - start

    def part(fraction: float, /) -> None:
        progress(start + width * fraction)

    return part


def _ignore(fraction: float, /) -> None:
    """The progress callback of a caller that gave none."""
