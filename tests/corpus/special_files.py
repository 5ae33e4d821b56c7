"""Special files for the hostile-input tests, always made in a temporary folder of the test: a named
pipe (FIFO), a bound UNIX socket, a folder, a character device (only where the test may create one:
``os.mknod`` succeeds, as root in a container; else the case is skipped), and a symbolic link to a
FIFO. Nothing here ever points a path or a link at a device of the system (/dev/null and the like).
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

KINDS = ("fifo", "socket", "folder", "device", "link-to-fifo")

#: the words each kind is named by in the message (the kind as ``domain.userfiles.kind_of`` says it)
NAMED = {"fifo": "named pipe (FIFO)", "socket": "socket", "folder": "folder", "device": "device",
         "link-to-fifo": "named pipe (FIFO)"}


@contextlib.contextmanager
def special(kind: str, folder: Path, name: str = "special") -> Iterator[Path]:
    """Make a special file of ``kind`` in ``folder`` (the socket stays bound while in use)."""
    path = folder / name
    sock = None
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        try:  # a null device (major 1, minor 3 on Linux) of the test's own, in its temporary folder
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        except (PermissionError, OSError, AttributeError) as exc:
            pytest.skip(f"this test may not create a device node here ({exc})")
    elif kind == "link-to-fifo":
        target = folder / f"{name}.target-fifo"
        os.mkfifo(target)
        path.symlink_to(target.name)
    else:
        raise ValueError(kind)
    try:
        yield path
    finally:
        if sock is not None:
            sock.close()


def mode_of(path: Path) -> int:
    """The file type of ``path`` (through links), to check it is still what it was."""
    return stat.S_IFMT(os.stat(path).st_mode)
