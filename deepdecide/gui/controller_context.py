"""What a controller (the PDF export, the evidence import) may use of the main window, and no more.

A controller reads and edits the document, asks the user through the interaction object, runs its
work on the task runner and reports in the status bar; dialogs it opens belong to ``parent``.
The main window builds one with ``MainWindow.controller_context()``; tests can build their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from deepdecide.gui.document import WorkspaceDocument
    from deepdecide.gui.interaction import Interaction
    from deepdecide.gui.settings import Preferences
    from deepdecide.gui.tasks import TaskRunner


@dataclass(frozen=True)
class ControllerContext:
    """The document, the questions, the background runner, the status line and a dialog parent."""

    document: WorkspaceDocument
    interaction: Interaction
    tasks: TaskRunner
    prefs: Preferences
    #: show ``text`` in the status bar with progress ``value`` in [0, 1] (None hides the progress bar)
    set_busy: Callable[[str, float | None], None]
    parent: QWidget | None = None
