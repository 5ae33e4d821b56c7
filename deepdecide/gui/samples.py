"""The built-in sample in the interface language (its text fields translated; English otherwise)."""

from __future__ import annotations

from pathlib import Path

from deepdecide.domain.workspace import Workspace
from deepdecide.storage import files


def sample_workspace_path(language: str = "en") -> Path:
    """The built-in sample's file for ``language``, or the English one when there is none."""
    return files.sample_workspace_path()


def load_builtin_workspace(language: str = "en") -> Workspace:
    """The built-in sample for ``language`` (English when it has no translated sample)."""
    return files.load_builtin_workspace()
