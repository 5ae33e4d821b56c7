"""Paths a user names: read only from regular files, write only onto regular files (or nothing).

The one place of the rule every command and the GUI follow for a path given by a user (a workspace,
a record, a certificate, a password file, an nvidia-smi capture, an output):

* reading (:func:`read_user_file`): the path, through any symbolic links, must be a regular file. A
  folder, named pipe (FIFO), socket or device is refused at once, before it is opened (opening a
  FIFO waits for a writer for ever; a device may never end); the file is then opened without
  blocking and checked again on the open descriptor (it may have been swapped meanwhile);
* writing (:func:`output_problem`, :func:`check_output`): an existing target, through any symbolic
  links, must be a regular file. A save renames a new file over its target, which would put a plain
  file where a device node, FIFO or socket was (``-o /dev/null`` run as root would replace the
  machine's /dev/null); a folder cannot be written at all.

Only the standard library: every layer uses it (importers and storage cannot import each other).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable

from deepdecide.domain.errors import OutputPathError, UnreadableFileError
from deepdecide.domain.i18n import _


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, as a phrase ("a named pipe (FIFO)")."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("not a regular file")


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as text for a message (``os.fsdecode``: a name that is not UTF-8 keeps its bytes as
    surrogate escapes, which the terminal output escapes)."""
    return os.fsdecode(path)


def not_regular_reason(mode: int) -> str:
    """Why a path of this mode is not read (a folder, a FIFO, a socket, a device)."""
    return _("is {what}, not a regular file: not read").format(what=kind_of(mode))


def regular_file_stat(path: str | os.PathLike[str]) -> os.stat_result:
    """The stat of ``path`` (symbolic links followed), which must be a regular file: raises
    :class:`UnreadableFileError` naming the file when it is missing, unreachable, a folder, a FIFO,
    a socket or a device. Nothing is opened."""
    name = shown_path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise UnreadableFileError(_("no such file"), file=name) from None
    except PermissionError:
        raise UnreadableFileError(_("permission denied: the file cannot be read"), file=name) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise UnreadableFileError(_("cannot be read: {reason}").format(
            reason=getattr(exc, "strerror", None) or exc), file=name) from None
    if not stat.S_ISREG(st.st_mode):
        raise UnreadableFileError(not_regular_reason(st.st_mode), file=name)
    return st


def open_regular(path: str | os.PathLike[str]) -> tuple[int, os.stat_result]:
    """A descriptor open for reading on the regular file at ``path`` and its ``fstat``: opened without
    blocking (should the path have become a FIFO since it was checked, opening it does not wait for
    a writer) and checked again on the descriptor. Raises :class:`UnreadableFileError`; the caller
    closes the descriptor."""
    name = shown_path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except PermissionError:
        raise UnreadableFileError(_("permission denied: the file cannot be read"), file=name) from None
    except (OSError, ValueError) as exc:
        raise UnreadableFileError(_("cannot be read: {reason}").format(
            reason=getattr(exc, "strerror", None) or exc), file=name) from None
    try:
        opened = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise UnreadableFileError(_("cannot be read: {reason}").format(reason=exc.strerror or exc),
                                  file=name) from None
    if not stat.S_ISREG(opened.st_mode):
        os.close(fd)
        raise UnreadableFileError(not_regular_reason(opened.st_mode), file=name)
    return fd, opened


def read_user_file(path: str | os.PathLike[str], *, max_bytes: int | None = None,
                   too_large: Callable[[int], str] | None = None) -> bytes:
    """The bytes of the regular file at ``path`` (symbolic links followed). Raises
    :class:`UnreadableFileError` naming the file: missing, a folder, a FIFO, socket or device
    (refused before it is opened), no permission, larger than ``max_bytes`` (when given; refused
    before it is read, with the reason ``too_large(size)`` when given)."""
    name = shown_path(path)
    _check_size(regular_file_stat(path).st_size, max_bytes, name, too_large)
    fd, opened = open_regular(path)
    try:
        _check_size(opened.st_size, max_bytes, name, too_large)
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = -1
            data = fh.read() if max_bytes is None else fh.read(max_bytes + 1)
    except OSError as exc:
        raise UnreadableFileError(_("cannot be read: {reason}").format(reason=exc.strerror or exc),
                                  file=name) from None
    finally:
        if fd != -1:
            os.close(fd)
    _check_size(len(data), max_bytes, name, too_large)
    return data


def _check_size(size: int, max_bytes: int | None, name: str, too_large: Callable[[int], str] | None) -> None:
    if max_bytes is not None and size > max_bytes:
        if too_large is not None:
            raise UnreadableFileError(too_large(size), file=name)
        raise UnreadableFileError(_("the file is {size:,} bytes, larger than any file of this kind ({limit:,})").format(
            size=size, limit=max_bytes), file=name)


def output_problem(path: str | os.PathLike[str]) -> str:
    """Why ``path`` may not be written to ("" when it may): it exists, through any symbolic links,
    and is not a regular file (a folder, a FIFO, a socket, a device). A missing file or a link to
    nothing may be written (the save creates the file)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return ""  # missing (or unreachable: the write itself reports that)
    if stat.S_ISREG(st.st_mode):
        return ""
    return _("is {what}, not a regular file: deepdecide writes only regular files (nothing written)").format(
        what=kind_of(st.st_mode))


def check_output(path: str | os.PathLike[str]) -> None:
    """Raise :class:`OutputPathError` naming ``path`` when it may not be written to (``output_problem``)."""
    problem = output_problem(path)
    if problem:
        raise OutputPathError(problem, file=shown_path(path))


class NotARegularFile(OSError):
    """A save refused because its target is not a regular file (raised by the atomic write: every
    caller that reports an ``OSError`` of a write reports this one, with its reason)."""


def refuse_non_regular_target(path: str | os.PathLike[str]) -> None:
    """Raise :class:`NotARegularFile` when ``path`` exists and is not a regular file (not following
    a final symbolic link: the atomic write resolves links first, and a rename replaces the link)."""
    try:
        st = os.lstat(path)
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(st.st_mode):
        raise NotARegularFile(errno.EINVAL, _("is {what}, not a regular file: deepdecide writes only regular files "
                                             "(nothing written)").format(what=kind_of(st.st_mode)), shown_path(path))
