"""WorkspaceDocument: the current workspace, its file and its undo stack; emits ``changed``."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from deepdecide.domain import edits
from deepdecide.domain import i18n as domain_i18n
from deepdecide.domain.messages import name_ids, names_of
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.montecarlo import MonteCarloService
from deepdecide.gui.undo import EditCommand, Label
from deepdecide.importers.secrets import redact_edit, told

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import Assessment, MonteCarlo
    from deepdecide.analysis.diff import WorkspaceDiff
    from deepdecide.analysis.revisit import RevisitReport
    from deepdecide.domain.edits import Edit


class WorkspaceDocument(QObject):
    """The one stateful object of the GUI: every edit goes through ``edit`` and the undo stack."""

    #: the workspace changed (payload: the new Workspace)
    changed = Signal(object)
    #: another workspace was loaded or created (payload: the new Workspace)
    reset = Signal(object)
    #: the file path changed (payload: str, "" for an unsaved document)
    path_changed = Signal(str)
    #: an edit's typed text lost a secret before it was stored (payload: what, by kind and place)
    redacted = Signal(str)

    def __init__(self, workspace: Workspace, path: str | os.PathLike[str] | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self._workspace = workspace
        # the messages the pages show name the workspace's platforms, runtimes and options, never ids
        name_ids(names_of(workspace))
        self._path = str(path) if path else ""
        #: the SHA-256 of the file when it was read or last saved: a save writes only over that same
        #: content (``storage.files.save_workspace``); "" when not known (no check)
        self.disk_sha256 = ""
        self.undo_stack = QUndoStack(self)
        self._assessment: Assessment | None = None
        self._assessment_for: Workspace | None = None
        self._mc: MonteCarloService | None = None
        self._held = False  # hold_background: the Monte Carlo waits for release_background
        self._full: Assessment | None = None
        self._full_for: Workspace | None = None
        # the last saved file or exported record: what the Decision page's changes are against
        self._baseline: Workspace | None = workspace if path else None
        self._baseline_label = Path(str(path)).name if path else ""
        self._baseline_assessment: Assessment | None = None
        # the diff's and the revisit report's texts are in the language they were made in, so each is
        # kept with that language and made again after View > Language
        self._diff: tuple[Workspace, Workspace, str, WorkspaceDiff] | None = None
        self._revisit: tuple[Workspace, str, str, RevisitReport] | None = None

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
        self.set_baseline(self._workspace, Path(str(path)).name)

    # the last saved or exported revision ----------------------------------------------------
    @property
    def baseline(self) -> Workspace | None:
        """The workspace as last saved, opened from its file, or exported as a record (None: neither yet)."""
        return self._baseline

    @property
    def baseline_label(self) -> str:
        """Which file the baseline is: the workspace file's or the record's name."""
        return self._baseline_label

    def set_baseline(self, workspace: Workspace | None, label: str) -> None:
        if workspace is not self._baseline:
            self._baseline_assessment = None
        self._baseline = workspace
        self._baseline_label = label if workspace is not None else ""
        self.changed.emit(self._workspace)

    def record_exported(self, workspace: Workspace, path: str) -> None:
        """A record of ``workspace`` was written to ``path``: later changes are shown against it."""
        self.set_baseline(workspace, Path(path).name)

    def changes_since_baseline(self) -> WorkspaceDiff | None:
        """What changed, in the inputs and in the outcome, since the baseline (None: no baseline)."""
        base, ws = self._baseline, self._workspace
        if base is None:
            return None
        lang = domain_i18n.language()
        if self._diff is not None and self._diff[0] is base and self._diff[1] is ws and self._diff[2] == lang:
            return self._diff[3]
        from deepdecide.analysis.diff import WorkspaceDiff, input_changes, outcome_changes

        inputs = input_changes(base, ws)
        outcome: tuple = ()
        if inputs:
            if self._baseline_assessment is None:
                from deepdecide.analysis import evaluate

                self._baseline_assessment = evaluate(base, sensitivity=False)
            outcome = outcome_changes(self._baseline_assessment, self.assessment())
        result = WorkspaceDiff(inputs, outcome)
        self._diff = (base, ws, lang, result)
        return result

    def revisit(self, today: str) -> RevisitReport:
        """The record's own revisit triggers checked on ``today`` (ISO date) against the workspace."""
        ws, lang = self._workspace, domain_i18n.language()
        if self._revisit is not None and self._revisit[0] is ws and self._revisit[1:3] == (today, lang):
            return self._revisit[3]
        from deepdecide.analysis.revisit import check_revisit

        report = check_revisit(ws, dt.date.fromisoformat(today))
        self._revisit = (ws, today, lang, report)
        return report

    def replace(self, workspace: Workspace, path: str | os.PathLike[str] | None = None,
                *, modified: bool = False, disk_sha256: str = "") -> None:
        """Load another workspace: the undo history starts afresh. ``disk_sha256``: the SHA-256 of the
        file as read (see ``disk_sha256``)."""
        self.undo_stack.clear()
        self._workspace = workspace
        name_ids(names_of(workspace))
        self.disk_sha256 = disk_sha256
        self.set_path(path)
        self._baseline = workspace if path and not modified else None
        self._baseline_label = Path(str(path)).name if self._baseline is not None else ""
        self._baseline_assessment = None
        if modified:
            # a recovered autosave: unsaved until the user saves it
            self.undo_stack.resetClean()
        self.reset.emit(workspace)
        self.changed.emit(workspace)

    # edits -------------------------------------------------------------------------------
    def edit(self, edit: Edit, text: Label, merge_key: object = None) -> None:
        """Apply ``edit`` as an undoable step labelled ``text`` (a function of no arguments: a label
        said again in the new language after a language switch). What a person typed into it goes
        through the redaction pass of imported text first (``secrets.redact_edit``: sign-off names and
        conditions, the decision's text, notes, reasons); what it removed is announced by ``redacted``."""
        edit, found = redact_edit(edit)
        self.undo_stack.push(EditCommand(self, edit, text, merge_key))
        if found:
            self.redacted.emit(told(found))

    def retranslate_history(self) -> None:
        """Label the undo history's steps in the current language (after View > Language)."""
        for i in range(self.undo_stack.count()):
            command = self.undo_stack.command(i)
            if isinstance(command, EditCommand):
                command.retranslate()

    def apply_edit(self, edit: Edit) -> Edit:
        """Apply without recording (the undo commands call this); return the inverse."""
        new, inverse = edits.apply(self._workspace, edit)
        self._workspace = new
        name_ids(names_of(new))
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

    def current_monte_carlo(self) -> MonteCarlo | None:
        """The background Monte Carlo result for the current workspace, or None (not started or running)."""
        return self._mc.current() if self._mc is not None else None

    def monte_carlo(self) -> MonteCarloService:
        """The background Monte Carlo service of this document (started on first use)."""
        if self._mc is None:
            self._mc = MonteCarloService(self, parent=self)
            if not self._held:
                self._mc.start()
        return self._mc

    def hold_background(self) -> None:
        """Let the background Monte Carlo wait (until ``release_background``): at start-up it would
        compete with the window's first paint."""
        self._held = True

    def release_background(self) -> None:
        """Start the background Monte Carlo held by ``hold_background`` (if a page asked for it)."""
        if self._held:
            self._held = False
            if self._mc is not None and self._mc.runner.current is None and self._mc.current() is None:
                self._mc.start()

    def stop_background(self, msecs: int = 3000) -> None:
        """Cancel the background Monte Carlo and wait for its worker (before the window goes away, so
        no worker outlives the objects it reports to)."""
        if self._mc is not None:
            self._mc.runner.cancel()
            self._mc.runner.wait(msecs)
