"""The answer of a read-only command kept for the next run on the same inputs.

``deepdecide validate`` and ``deepdecide evaluate`` print a pure function of their arguments, the
bytes of the files they read, the built-in data, the language and deepdecide's own code (the Monte
Carlo draws are seeded). Their printed output and exit code are kept on disk
(``storage.diskcache``, subfolder ``results``) under a SHA-256 of all of that: the file's bytes
(not its date), the arguments, the language and the output's encoding, the environment variables
the commands read, the size and modification time of every module and data file of deepdecide
(the GUI aside) and the installed distributions' names and versions. Any change to any of them
names another entry, so an entry is only ever the output the command would print again.

Only a clean run is kept: exit code 0 or 1 and nothing written to standard error (warnings, errors
and anything unusual are printed afresh each time). ``DEEPDECIDE_CACHE_DIR=`` (empty) turns it off.
"""

from __future__ import annotations

import marshal
import os
import stat
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from deepdecide.domain import i18n
from deepdecide.storage import diskcache

FOLDER = "results"
FORMAT = 1
#: files larger than this are read by the command itself, never hashed twice
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: environment variables whose value may change what a command prints
ENV_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "TZ", "NO_COLOR", "PYTHONIOENCODING")


class _Tee:
    """A text stream that keeps a copy of what is written to it."""

    def __init__(self, stream: TextIO):
        self._stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Watch:
    """A text stream that notes whether anything was written to it."""

    def __init__(self, stream: TextIO):
        self._stream = stream
        self.written = False

    def write(self, text: str) -> int:
        if text:
            self.written = True
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def key(command: str, args: Any, inputs: Sequence[str]) -> str | None:
    """The entry name of this run, or None when it must not be cached (an input that is not a
    regular readable file, or a very large one: the command reports or reads it itself)."""
    h = diskcache.sha256()

    def part(text: str) -> None:
        data = text.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)

    part(f"deepdecide-result {FORMAT}")
    part(command)
    part(repr(sorted((k, repr(v)) for k, v in vars(args).items() if not k.startswith("_"))))
    part(i18n.language())
    out = sys.stdout
    part(f"{getattr(out, 'encoding', None)}|{getattr(out, 'errors', None)}|{_isatty(out)}")
    for var in ENV_VARS:
        part(f"{var}={os.environ.get(var)}")
    for path in inputs:
        try:
            st = os.stat(path)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_INPUT_BYTES:
                return None
            with open(path, "rb") as fh:
                data = fh.read(MAX_INPUT_BYTES + 1)
        except (OSError, ValueError):
            return None
        part(path)
        h.update(diskcache.sha256(data).digest())
    part(diskcache.code_digest())
    return h.hexdigest()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _load(name: str) -> tuple[int, str] | None:
    raw = diskcache.read(FOLDER, name)
    if raw is None:
        return None
    try:
        entry = marshal.loads(raw)
    except (EOFError, ValueError, TypeError):
        return None
    if (isinstance(entry, tuple) and len(entry) == 3 and entry[0] == FORMAT and isinstance(entry[1], int)
            and isinstance(entry[2], str)):
        return entry[1], entry[2]
    return None


def run_cached(command: str, args: Any, inputs: Sequence[str] | None, run: Callable[[Any], int]) -> int:
    """``run(args)``, or its kept output when this very run was made before (see the module text)."""
    if inputs is None or diskcache.cache_root() is None:
        return int(run(args))
    name = key(command, args, inputs)
    if name is None:
        return int(run(args))
    name = f"{command}-{name[:40]}.marshal"
    hit = _load(name)
    if hit is not None:
        code, text = hit
        sys.stdout.write(text)
        return code
    out, err = _Tee(sys.stdout), _Watch(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        code = int(run(args))
    finally:
        if sys.stdout is out:
            sys.stdout = out._stream
        if sys.stderr is err:
            sys.stderr = err._stream
    if code in (0, 1) and not err.written:
        diskcache.write(FOLDER, name, marshal.dumps((FORMAT, code, "".join(out.parts))))
    return code
