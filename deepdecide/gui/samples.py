"""The built-in sample in the interface language: its text fields (context, drivers, notes) written
in that language, English when there is no such sample. User text is never translated: a document
keeps its text when the interface language changes."""

from __future__ import annotations

from pathlib import Path

from deepdecide.domain.workspace import Workspace
from deepdecide.storage import files


def sample_workspace_path(language: str = "en") -> Path:
    """The built-in sample's file for ``language``, or the English one when there is none."""
    return files.sample_workspace_path(language)


def load_builtin_workspace(language: str = "en") -> Workspace:
    """The built-in sample for ``language`` (English when it has no translated sample)."""
    return files.builtin_sample(language)
