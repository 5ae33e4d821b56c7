"""One writer at a time: an advisory lock beside a workspace file and the check that its content did
not change since it was read.

The lock is a file beside the workspace (``NAME.deepdecide.yaml.lock``, beside the real file when the
workspace is reached through a symlink) written by filelock's ``SoftFileLease``: it holds the holder's
process id, host and process start time, and exists only while a writer holds it. A lock left behind
is taken over, with a note: at once when its process is gone on this host (the start time tells a
reused process id apart), and after ``LEASE_SECONDS`` without renewal when it was taken on another
host (the holder renews it every third of that while it holds it, however long its write takes).

Who takes it: every command that writes a workspace, from before it reads the file until it has
written it (``hold``), so two of them run one after the other and neither loses the other's change;
the desktop application only for the moment of a save or an autosave (``locked``), never while a
file is merely open, so a command can write a file the application shows.

The content check: ``storage.files.save_workspace`` compares the SHA-256 of the file on disk, under
the lock, with the one the writer read (``expected_sha256``, or what ``hold`` found); a file changed
since is never overwritten (``ChangedOnDisk``). A writer that ignores the lock (an editor, a copy) is
caught by the check.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import socket
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deepdecide.domain.errors import WriteConflict
from deepdecide.domain.i18n import _
from deepdecide.domain.userfiles import refuse_non_regular_target
from deepdecide.storage.yamlio import save_target

#: seconds a lock taken on another host may go unrenewed before it is taken over (its holder renews it
#: every third of this); every deepdecide writing a file must agree on it
LEASE_SECONDS = 60.0
#: how long a command waits for another writer before it gives up (more than LEASE_SECONDS, so that a
#: lock left by a crash on another host is taken over within one wait)
COMMAND_WAIT_SECONDS = 90.0
#: how long the desktop application waits at a save (it holds the window meanwhile)
APP_WAIT_SECONDS = 3.0
LOCK_SUFFIX = ".lock"

#: the errors creating the lock file meets where the workspace itself cannot be written either (a
#: missing or read-only folder): the write then fails with its own message
_UNWRITABLE = {errno.ENOENT, errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOTDIR}

Note = Callable[[str], None]


class Locked(WriteConflict):
    """Another process holds the workspace's lock (``holder`` says which, when its lock file says)."""
    def __init__(self, file: str, holder: Holder | None, waited: float):
        self.holder = holder
        who = holder.describe() if holder else _("another process")
        super().__init__(file, _("being written by {who} (waited {seconds:.0f} s); nothing was written: "
                                 "try again when it has finished").format(who=who, seconds=waited))


class LockUnavailable(WriteConflict):
    """The lock file cannot be made (something else at its path, a file system refusing it)."""


class ChangedOnDisk(WriteConflict):
    """The file on disk is not the one the writer read: another process wrote it since."""
    def __init__(self, file: str, *, gone: bool = False, appeared: bool = False):
        reason = (_("deleted since it was read") if gone else
                  _("created by another process since this one started") if appeared else
                  _("changed on disk since it was read (another process wrote it)"))
        super().__init__(file, reason + _("; nothing was written: read it again and redo the change"))


@dataclass(frozen=True)
class Holder:
    """What a lock file says of the process holding it."""
    pid: int
    host: str

    def describe(self) -> str:
        return _("process {pid} on host {host}").format(pid=self.pid, host=self.host)


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of the workspace at ``path``: beside the real file (through symlinks)."""
    target = save_target(path)
    return target.with_name(target.name + LOCK_SUFFIX)


def content_sha256(path: str | os.PathLike[str]) -> str | None:
    """The SHA-256 of the file at ``path`` as it is now, None when there is none. Anything but a regular
    file raises ``NotARegularFile`` (an ``OSError``) before it is opened (a FIFO would block)."""
    target = save_target(path)
    refuse_non_regular_target(target)
    try:
        with open(target, "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()
    except FileNotFoundError:
        return None


def read_holder(lock: str | os.PathLike[str]) -> Holder | None:
    """The holder a lock file names (filelock's marker: ``key=value`` lines), None when it names none."""
    try:
        with open(lock, "rb") as fh:
            text = fh.read(4096).decode("utf-8", "replace")
    except OSError:
        return None
    fields = dict(line.partition("=")[::2] for line in text.splitlines() if "=" in line)
    try:
        pid = int(fields.get("pid", ""))
    except ValueError:
        return None
    host = fields.get("host", "").split("?pidns-")[0] or "?"
    return Holder(pid, host)


def _alive_here(holder: Holder) -> bool | None:
    """Whether the holder's process runs (None: it was on another host, or it cannot be told)."""
    if holder.host != socket.gethostname():
        return None
    if sys.platform == "win32":  # pragma: no cover - filelock tells on Windows; the note does not
        return None
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# ---------------------------------------------------------------------------------------------
# the lock


class _Held:
    """One lock of this process: the filelock object (re-entrant) and how many holds it has."""
    def __init__(self, path: Path):
        from filelock import SoftFileLease

        self.path = path
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.lock: Any = SoftFileLease(str(path), lease_duration=LEASE_SECONDS)
        self.count = 0


_HELD: dict[str, _Held] = {}


def _acquire(path: str | os.PathLike[str], wait: float, note: Note | None) -> _Held | None:
    """Take the lock of ``path`` (again, when this process holds it already); None when the folder
    cannot take a file at all (the write then fails with its own message)."""
    from filelock import Timeout

    lock = lock_path(path)
    if not lock.parent.is_dir():  # filelock would make the folder: the write says it is missing instead
        return None
    key = os.path.abspath(lock)
    held = _HELD.get(key)
    if held is None:
        held = _HELD[key] = _Held(lock)
    if held.count:
        held.count += 1
        return held
    before = read_holder(lock) if os.path.lexists(lock) else None
    if before is not None and note is not None and _alive_here(before) is not False:
        note(_("{file}: waiting for {who}, which is writing it").format(file=os.fspath(path), who=before.describe()))
    stale: list[Holder] = []  # the last holder seen whose process was gone (checked at each poll)
    unrenewed: list[Holder] = []  # the last holder seen of another host whose lock was not renewed in time

    def look() -> bool:
        holder = read_holder(lock)
        alive = _alive_here(holder) if holder is not None else None
        # gone, and still named by the lock file after the check (a holder releases before it exits)
        stale[:] = [holder] if holder is not None and alive is False and read_holder(lock) == holder else []
        try:
            age = time.time() - os.stat(lock).st_mtime
        except OSError:
            age = 0.0
        # a holder renews its lock every third of the lease: half a lease without renewal is a lapsed one
        unrenewed[:] = [holder] if holder is not None and alive is None and age >= LEASE_SECONDS / 2 else []
        return False  # never cancels the wait

    start = time.monotonic()
    look()
    try:
        held.lock.acquire(timeout=wait, poll_interval=0.05, cancel_check=look)
    except Timeout:
        raise Locked(os.fspath(path), read_holder(lock) or before, time.monotonic() - start) from None
    except OSError as exc:
        del _HELD[key]
        if exc.errno in _UNWRITABLE:
            return None
        raise LockUnavailable(os.fspath(path), _("cannot take the lock {lock}: {reason}").format(
            lock=lock.name, reason=exc.strerror or exc)) from None
    except Exception as exc:  # filelock's own refusals (a lock of other settings, a broken marker)
        del _HELD[key]
        raise LockUnavailable(os.fspath(path), _("cannot take the lock {lock}: {reason}").format(
            lock=lock.name, reason=exc)) from None
    held.count = 1
    if note is not None and stale:
        note(_("{file}: took over the lock left by {who}: that process is gone").format(
            file=os.fspath(path), who=stale[0].describe()))
    elif note is not None and unrenewed:
        note(_("{file}: took over the lock of {who}: not renewed for {seconds:.0f} s").format(
            file=os.fspath(path), who=unrenewed[0].describe(), seconds=LEASE_SECONDS))
    return held


def _release(held: _Held | None) -> None:
    if held is None:
        return
    held.count -= 1
    if held.count <= 0:
        held.count = 0
        with contextlib.suppress(Exception):
            held.lock.release()
        _HELD.pop(os.path.abspath(held.path), None)


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], *, wait: float | None = None, note: Note | None = None) -> Iterator[None]:
    """Hold the lock of the workspace at ``path`` for the ``with`` block (re-entrant in a process);
    ``Locked`` when another process holds it for longer than ``wait`` seconds (``APP_WAIT_SECONDS``)."""
    held = _acquire(path, APP_WAIT_SECONDS if wait is None else wait, note)
    try:
        yield
    finally:
        _release(held)


def is_locked_here(path: str | os.PathLike[str]) -> bool:
    """Whether this process holds the lock of ``path``."""
    held = _HELD.get(os.path.abspath(lock_path(path)))
    return held is not None and held.count > 0


# ---------------------------------------------------------------------------------------------
# a command's hold: from before it reads a workspace until it has written it


@dataclass
class _Hold:
    held: _Held | None
    sha256: str | None  # the content when the hold began (None: no file)


_HOLDS: dict[str, _Hold] = {}


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.abspath(save_target(path))


def hold(path: str | os.PathLike[str], *, wait: float | None = None, note: Note | None = None) -> None:
    """Take the lock of ``path`` until ``release_holds`` (a command calls this before it reads the
    workspace it will write) and remember the file's content: ``save_workspace`` to ``path`` then
    writes only over that same content."""
    key = _key(path)
    if key in _HOLDS:
        return
    held = _acquire(path, COMMAND_WAIT_SECONDS if wait is None else wait, note)
    try:
        _HOLDS[key] = _Hold(held, content_sha256(path))
    except BaseException:
        _release(held)
        raise


def held_sha256(path: str | os.PathLike[str]) -> tuple[bool, str | None]:
    """(whether a hold covers ``path``, the content it expects there)."""
    h = _HOLDS.get(_key(path))
    return (h is not None, h.sha256 if h is not None else None)


def written(path: str | os.PathLike[str], sha256: str) -> None:
    """``path`` now holds content of ``sha256``, written by this process under its hold."""
    h = _HOLDS.get(_key(path))
    if h is not None:
        h.sha256 = sha256


def release_holds() -> None:
    """Release every hold of this process (the end of a command)."""
    while _HOLDS:
        _release(_HOLDS.popitem()[1].held)
