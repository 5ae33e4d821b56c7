"""Background tasks: Task(QRunnable) with a TaskSignals channel, progress and cancel.

Workers never touch widgets: results come back through queued signals only. Progress and
cancellation follow ``deepdecide.domain.progress``: each task has a ``CancelToken``, the worker gets
a progress callback that also checks it, and ``Cancelled`` (raised by the token, or by the
importers, the Monte Carlo or the report it calls) becomes the ``cancelled`` signal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from deepdecide.domain.progress import Cancelled, CancelToken, ProgressCallback


class TaskSignals(QObject):
    """Signals of one task (a QRunnable cannot carry signals itself)."""

    #: the task's result
    finished = Signal(object)
    #: the exception the task raised (an error the user must see)
    failed = Signal(object)
    #: the task stopped because it was cancelled
    cancelled = Signal()
    #: progress in [0, 1], throttled
    progress_changed = Signal(float)


class Task(QRunnable):
    """Run ``fn(progress, token)`` on the thread pool; report through ``signals``."""

    def __init__(self, fn: Callable[[ProgressCallback, CancelToken], Any], *, min_interval_s: float = 0.05):
        super().__init__()
        # the runner holds the only Python reference while the task runs; without
        # autoDelete off Qt would delete the C++ object under the signals' feet
        self.setAutoDelete(False)
        self.fn = fn
        self.token = CancelToken()
        self.signals = TaskSignals()
        self._min_interval = min_interval_s
        self._last = 0.0

    def _progress(self, value: float) -> None:
        self.token.check()
        now = time.monotonic()
        if value >= 1.0 or now - self._last >= self._min_interval:
            self._last = now
            self.signals.progress_changed.emit(max(0.0, min(1.0, float(value))))

    def cancel(self) -> None:
        self.token.cancel()

    def run(self) -> None:
        try:
            result = self.fn(self._progress, self.token)
            self.token.check()
        except Cancelled:  # from the token, or from the work it was handed to
            self.signals.cancelled.emit()
        except Exception as exc:  # reported to the user through the failed signal
            self.signals.failed.emit(exc)
        else:
            self.signals.finished.emit(result)


#: every started task until it reports back, then every finished task until a second later: the
#: last reference to a task (and so to its work's closure, which may hold a window or a document) is
#: always dropped on the GUI thread, never on the pool thread as it leaves ``run``. Dropped on the pool
#: thread, a closed window or document would be destroyed there, with its timers (a crash).
_RUNNING: set[Task] = set()
_FINISHED: list[tuple[float, Task]] = []
_RELEASE_AFTER_S = 1.0


def _release_finished() -> None:
    """Drop the tasks that finished a while ago (GUI thread only)."""
    now = time.monotonic()
    keep = [(t, task) for t, task in _FINISHED if now - t < _RELEASE_AFTER_S]
    _FINISHED[:] = keep
    if keep:
        QTimer.singleShot(int(_RELEASE_AFTER_S * 1000), _release_finished)


class TaskRunner(QObject):
    """One running task at a time per document: starting a new one cancels the old."""

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None):
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        self._tasks: set[Task] = set()
        self.current: Task | None = None

    def start(self, task: Task) -> Task:
        if self.current is not None:
            self.current.cancel()
        self.current = task
        self._tasks.add(task)
        _RUNNING.add(task)
        _release_finished()
        for sig in (task.signals.finished, task.signals.failed, task.signals.cancelled):
            sig.connect(lambda *_a, t=task: self._done(t))
        self._pool.start(task)
        return task

    def _done(self, task: Task) -> None:
        if task in _RUNNING:  # kept a while longer, then dropped on the GUI thread
            _FINISHED.append((time.monotonic(), task))
            _RUNNING.discard(task)
            QTimer.singleShot(int(_RELEASE_AFTER_S * 1000) + 50, _release_finished)
        self._tasks.discard(task)
        if self.current is task:
            self.current = None

    def cancel(self) -> None:
        if self.current is not None:
            self.current.cancel()

    def wait(self, msecs: int = 5000) -> bool:
        return self._pool.waitForDone(msecs)
