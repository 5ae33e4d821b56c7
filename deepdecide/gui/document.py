"""WorkspaceDocument: the current workspace, its file and its undo stack; emits ``changed``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from deepdecide.domain import edits
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.undo import EditCommand

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import Assessment
    from deepdecide.domain.edits import Edit
    from deepdecide.gui.montecarlo import MonteCarloService


class WorkspaceDocument(QObject):
    """The one stateful object of the GUI: every edit goes through ``edit`` and the undo stack."""

    #: the workspace changed (payload: the new Workspace)
    changed = Signal(object)
    #: another workspace was loaded or created (payload: the new Workspace)
    reset = Signal(object)
    #: the file path changed (payload: str, "" for an unsaved document)
    path_changed = Signal(str)

    def __init__(self, workspace: Workspace, path: str | os.PathLike[str] | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self._workspace = workspace
        self._path = str(path) if path else ""
        self.undo_stack = QUndoStack(self)
        self._assessment: Assessment | None = None
        self._assessment_for: Workspace | None = None
        self._mc: MonteCarloService | None = None
        self._full: Assessment | None = None
        self._full_for: Workspace | None = None

    # state -------------------------------------------------------------------------------
    @property
    def workspace(self) -> Workspace:
        return self._workspace

    @property
    def path(self) -> str:
        return self._path

    def set_path(self, path: str | os.PathLike[str] | None) -> None:
        self._path = str(path) if path else ""
        self.path_changed.emit(self._path)

    @property
    def display_name(self) -> str:
        return Path(self._path).name if self._path else ""

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def mark_saved(self, path: str | os.PathLike[str]) -> None:
        self.set_path(path)
        self.undo_stack.setClean()

    def replace(self, workspace: Workspace, path: str | os.PathLike[str] | None = None,
                *, modified: bool = False) -> None:
        """Load another workspace: the undo history starts afresh."""
        self.undo_stack.clear()
        self._workspace = workspace
        self.set_path(path)
        if modified:
            # a recovered autosave: unsaved until the user saves it
            self.undo_stack.resetClean()
        self.reset.emit(workspace)
        self.changed.emit(workspace)

    # edits -------------------------------------------------------------------------------
    def edit(self, edit: Edit, text: str, merge_key: object = None) -> None:
        """Apply ``edit`` as an undoable step labelled ``text``."""
        self.undo_stack.push(EditCommand(self, edit, text, merge_key))

    def apply_edit(self, edit: Edit) -> Edit:
        """Apply without recording (the undo commands call this); return the inverse."""
        new, inverse = edits.apply(self._workspace, edit)
        self._workspace = new
        self.changed.emit(new)
        return inverse

    # derived -----------------------------------------------------------------------------
    def assessment(self) -> Assessment:
        """The analysis of the current workspace without sensitivity (fast: every edit re-runs it)."""
        if self._assessment is None or self._assessment_for is not self._workspace:
            from deepdecide.analysis import evaluate

            self._assessment = evaluate(self._workspace, sensitivity=False)
            self._assessment_for = self._workspace
        return self._assessment

    def full_assessment(self) -> Assessment:
        """The analysis with sensitivity (weight intervals, input flips); computed on demand."""
        if self._full is None or self._full_for is not self._workspace:
            from deepdecide.analysis import evaluate

            self._full = evaluate(self._workspace, sensitivity=True)
            self._full_for = self._workspace
        return self._full

    def monte_carlo(self) -> MonteCarloService:
        """The background Monte Carlo service of this document (started on first use)."""
        if self._mc is None:
            from deepdecide.gui.montecarlo import MonteCarloService

            self._mc = MonteCarloService(self)
            self._mc.start()
        return self._mc
