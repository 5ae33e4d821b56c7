"""Monte Carlo in the background: re-run after edits settle; the newest result wins.

An edit cancels the run in progress at once (its result would be for a workspace that is gone);
the run stops at its next block of draws, and a new one starts when the edits settle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal, SignalInstance

from deepdecide.gui.tasks import Task, TaskRunner

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import MonteCarlo
    from deepdecide.domain.progress import CancelToken
    from deepdecide.domain.workspace import Workspace


class Owner(Protocol):
    """What the service reads of the document that owns it (``gui.document.WorkspaceDocument``, which
    starts it): the current workspace and the signal it emits after each edit."""

    @property
    def workspace(self) -> Workspace: ...

    @property
    def changed(self) -> SignalInstance: ...


def _run(ws: Workspace, token: CancelToken) -> tuple[Workspace, MonteCarlo]:
    from deepdecide.analysis import monte_carlo

    token.check()
    result = monte_carlo(ws, cancel=token)
    return ws, result


class MonteCarloService(QObject):
    """Own the Monte Carlo result of a document; recompute 300 ms after the last edit."""

    #: a new result for the current workspace (payload: MonteCarlo)
    result_ready = Signal(object)
    #: a run failed (payload: the exception)
    failed = Signal(object)

    def __init__(self, document: Owner, parent: QObject | None = None, delay_ms: int = 300):
        super().__init__(parent)
        self.document = document
        self.result: MonteCarlo | None = None
        self._result_for: Workspace | None = None
        self.runner = TaskRunner(self)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.start)
        document.changed.connect(self._changed)

    def _changed(self, _ws: Workspace) -> None:
        self.runner.cancel()  # superseded: its result would be dropped
        self.timer.start()

    def current(self) -> MonteCarlo | None:
        """The result for the current workspace, or None while it is being computed."""
        return self.result if self._result_for is self.document.workspace else None

    def start(self) -> Task:
        ws = self.document.workspace
        task = Task(lambda _progress, token: _run(ws, token))
        task.signals.finished.connect(self._finished)
        task.signals.failed.connect(self.failed)
        return self.runner.start(task)

    def _finished(self, payload: tuple[Workspace, MonteCarlo]) -> None:
        ws, result = payload
        if ws is not self.document.workspace:
            return  # an edit came in meanwhile; its own run follows
        self.result, self._result_for = result, ws
        self.result_ready.emit(result)
