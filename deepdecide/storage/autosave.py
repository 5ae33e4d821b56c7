"""Autosave and crash recovery: a copy of unsaved work in a folder, removed on a clean close.

Each running instance of the application writes its own copies (named by the instance) and holds a
lock on a file of its own in the folder for as long as it has copies there: the operating system
releases it when the instance ends, however it ends. A copy whose instance still holds its lock
belongs to a running instance: another instance never offers it, nor deletes it. A copy records the
SHA-256 of the workspace file its edits started from, so that saving a recovered copy over a file
written since by another process is refused like any other save of a stale file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deepdecide.domain.workspace import Workspace
from deepdecide.storage.files import WORKSPACE_SUFFIX, load_workspace, save_workspace
from deepdecide.storage.yamlio import atomic_write_bytes

#: the lock file a running instance holds in the folder: ``<instance>.running``
RUNNING_SUFFIX = ".running"


@dataclass(frozen=True)
class Recovery:
    """An autosaved copy found at start: the copy, the file it belonged to ("" if never saved), when,
    and the SHA-256 of that file when the edits began ("" when not known)."""

    copy: Path
    original: str
    saved_at: str
    base_sha256: str = ""
    instance: str = ""


class Autosaver:
    """Write the current workspace to ``folder`` (one copy per document) and find leftovers."""
    def __init__(self, folder: str | os.PathLike[str]):
        self.folder = Path(folder)
        self.instance = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._running: Any = None  # the lock of ``<instance>.running`` while this instance has copies

    def _stem(self, original: str) -> str:
        key = str(Path(original).resolve()) if original else "untitled"
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    def copy_path(self, original: str) -> Path:
        return self.folder / f"{self._stem(original)}.{self.instance}{WORKSPACE_SUFFIX}"

    def _running_path(self, instance: str) -> Path:
        return self.folder / f"{instance}{RUNNING_SUFFIX}"

    def _mark_running(self) -> None:
        if self._running is None:
            from filelock import FileLock

            lock = FileLock(str(self._running_path(self.instance)))
            lock.acquire(timeout=0)
            self._running = lock

    def _unmark_running(self) -> None:
        if self._running is not None:
            with contextlib.suppress(Exception):
                self._running.release()
            self._running = None
        self._running_path(self.instance).unlink(missing_ok=True)

    def is_running(self, instance: str) -> bool:
        """Whether ``instance`` (another instance of the application) still runs: it holds its lock."""
        if not instance:
            return False
        if instance == self.instance:
            return True
        path = self._running_path(instance)
        if not path.exists():
            return False
        from filelock import FileLock, Timeout

        probe = FileLock(str(path))
        try:
            probe.acquire(timeout=0)
        except Timeout:
            return True
        except OSError:
            return False
        probe.release()
        return False

    def save(self, ws: Workspace, original: str, base_sha256: str = "") -> Path:
        """Write the autosave copy (atomically) and its sidecar naming the original file, this instance
        and the SHA-256 of the original the edits started from."""

        self.folder.mkdir(parents=True, exist_ok=True)
        self._mark_running()
        target = self.copy_path(original)
        meta = {"original": original, "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "base_sha256": base_sha256, "instance": self.instance, "pid": os.getpid(),
                "host": socket.gethostname()}
        # the sidecar first: a copy is never left without the file it belongs to
        atomic_write_bytes(target.with_suffix(".json"), json.dumps(meta).encode("utf-8"))
        save_workspace(ws, target)
        return target

    def discard(self, original: str) -> None:
        target = self.copy_path(original)
        for p in (target, target.with_suffix(".json")):
            p.unlink(missing_ok=True)
        if self._running is not None and not any(self.folder.glob(f"*.{self.instance}{WORKSPACE_SUFFIX}")):
            self._unmark_running()

    def leftovers(self) -> list[Recovery]:
        """The copies to offer: this instance's and those of instances no longer running (never a copy
        of another running instance)."""
        if not self.folder.is_dir():
            return []
        found = []
        for copy in sorted(self.folder.glob(f"*{WORKSPACE_SUFFIX}")):
            meta_path = copy.with_suffix(".json")
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                meta = {}
            if not isinstance(meta, dict):
                meta = {}
            instance = str(meta.get("instance", ""))
            if instance != self.instance and self.is_running(instance):
                continue
            found.append(Recovery(copy, str(meta.get("original", "")), str(meta.get("saved_at", "")),
                                  str(meta.get("base_sha256", "")), instance))
        return found

    def load(self, recovery: Recovery) -> Workspace:
        return load_workspace(recovery.copy)

    def remove(self, recovery: Recovery) -> None:
        """Delete a recovered or declined copy; never one of another running instance."""
        if recovery.instance != self.instance and self.is_running(recovery.instance):
            return
        for p in (recovery.copy, recovery.copy.with_suffix(".json")):
            p.unlink(missing_ok=True)
        if recovery.instance and recovery.instance != self.instance \
                and not any(self.folder.glob(f"*.{recovery.instance}{WORKSPACE_SUFFIX}")):
            self._running_path(recovery.instance).unlink(missing_ok=True)
