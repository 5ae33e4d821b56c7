"""The built-in sample in the interface language: its text fields (context, drivers, notes) written
in that language, English when there is no such sample. User text is never translated: a document
keeps its text when the interface language changes."""

from __future__ import annotations

from pathlib import Path

from deepdecide.domain.workspace import Workspace
from deepdecide.storage import files


def _has_translated_samples() -> bool:
    return hasattr(files, "builtin_sample")


def sample_workspace_path(language: str = "en") -> Path:
    """The built-in sample's file for ``language``, or the English one when there is none."""
    if _has_translated_samples():
        return files.sample_workspace_path(language)  # type: ignore[call-arg, unused-ignore]
    return files.sample_workspace_path()


def load_builtin_workspace(language: str = "en") -> Workspace:
    """The built-in sample for ``language`` (English when it has no translated sample)."""
    if _has_translated_samples():
        sample: Workspace = files.builtin_sample(language)  # type: ignore[attr-defined, unused-ignore]
        return sample
    return files.load_builtin_workspace()
