"""Autosave and crash recovery: a copy of unsaved work in a folder, removed on a clean close."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from deepdecide.domain.workspace import Workspace
from deepdecide.storage.files import WORKSPACE_SUFFIX, load_workspace, save_workspace


@dataclass(frozen=True)
class Recovery:
    """An autosaved copy found at start: the copy, the file it belonged to ("" if never saved)."""

    copy: Path
    original: str
    saved_at: str


class Autosaver:
    """Write the current workspace to ``folder`` (one copy per document) and find leftovers."""

    def __init__(self, folder: str | os.PathLike[str]):
        self.folder = Path(folder)

    def _stem(self, original: str) -> str:
        key = str(Path(original).resolve()) if original else "untitled"
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    def copy_path(self, original: str) -> Path:
        return self.folder / f"{self._stem(original)}{WORKSPACE_SUFFIX}"

    def save(self, ws: Workspace, original: str) -> Path:
        """Write the autosave copy (atomically) and its sidecar naming the original file."""
        from datetime import UTC, datetime

        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.copy_path(original)
        save_workspace(ws, target)
        meta = {"original": original, "saved_at": datetime.now(UTC).isoformat(timespec="seconds")}
        target.with_suffix(".json").write_text(json.dumps(meta), encoding="utf-8")
        return target

    def discard(self, original: str) -> None:
        target = self.copy_path(original)
        for p in (target, target.with_suffix(".json")):
            p.unlink(missing_ok=True)

    def leftovers(self) -> list[Recovery]:
        if not self.folder.is_dir():
            return []
        found = []
        for copy in sorted(self.folder.glob(f"*{WORKSPACE_SUFFIX}")):
            meta_path = copy.with_suffix(".json")
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                meta = {}
            found.append(Recovery(copy, str(meta.get("original", "")), str(meta.get("saved_at", ""))))
        return found

    def load(self, recovery: Recovery) -> Workspace:
        return load_workspace(recovery.copy)

    def remove(self, recovery: Recovery) -> None:
        for p in (recovery.copy, recovery.copy.with_suffix(".json")):
            p.unlink(missing_ok=True)
