"""deepdecide's one cache: results kept on disk between runs, each named by one key recipe (``key``).

Where: ``$DEEPDECIDE_CACHE_DIR`` when it is set (empty: no cache at all, nothing read or written),
else the per-user cache folder of the platform (``platformdirs.user_cache_dir("deepdecide")``:
``$XDG_CACHE_HOME/deepdecide`` or ``~/.cache/deepdecide`` on Linux, ``~/Library/Caches/deepdecide``
on macOS, ``%LOCALAPPDATA%\\deepdecide\\Cache`` on Windows).

An entry is only ever a copy of what the code would compute again from the same inputs: its name is
a SHA-256 of the inputs and of the code that computes it (``code_stamp``), so a changed input, a new
deepdecide, an edited module or data file or another installed library names another entry. It is
written atomically (a temporary file renamed over it); one that cannot be read, is damaged or has the
wrong shape is ignored (the caller computes afresh); one that cannot be written only costs the time.
Each folder keeps its ``MAX_ENTRIES`` newest entries.

What is kept: the desktop app's parsed workspaces (``workspaces/``, ``load_workspace_cached``), as
canonical JSON decoded without the YAML parse and the checks, written after the first paint. What
it saves, measured on the shared 2-core development machine (medians of 9 to 11, runs with and
without the entry taking turns; the 1,000-file workspace is the one ``tests/perf/bench_scale.py``
makes, the sample plus 1,000 vLLM result files, 2 MB of YAML): opening the workspace in process,
sample 28 -> 5 ms CPU, 1,000 files 245 -> 72 ms; the first painted window, whole process, first
open vs reopen (two sessions, the machine under other load), sample 1.30 -> 1.21 s CPU (wall 1.44
-> 1.42 s, 1.29 -> 1.18 s), 1,000 files 1.58 -> 1.34 s and 1.55 -> 1.30 s CPU (wall 1.73 -> 1.40 s,
2.13 -> 1.62 s). Nothing a user notices on the sample; a quarter to a half second, about a fifth of
the wait, on reopening a large workspace. An entry is 0.3 MB (sample) to 2.2 MB (1,000 files); writing it costs 6 to 61 ms, after
the first paint.

Not kept, measured as saving nothing a user notices: a record's Monte Carlo draws and the pages
of its contents (a rebuild of the same inputs, ``deepdecide report`` whole process, sample 0.69 ->
0.62 s CPU, 1,000 files 1.33 -> 1.28 s; the contents alone 7 ms on the sample and nothing
measurable at 1,000 files, the first layout pass only measuring; the draws 41 ms at the sample's
10,000, 2.9 s only at the largest count a workspace may ask for, 1,000,000); the parsed built-in
data (its parse and check: 20 ms CPU of each start that reads the sample); the printed answer of
``validate`` and ``evaluate``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import orjson
import platformdirs

import deepdecide
from deepdecide.domain.errors import UnreadableFileError, ValidationError
from deepdecide.domain.userfiles import read_user_file
from deepdecide.domain.workspace import Workspace
from deepdecide.storage import codec
from deepdecide.storage.files import BUILTIN, KINDS, data_root, load_workspace, workspace_to_data

CACHE_ENV = "DEEPDECIDE_CACHE_DIR"
#: entries kept per folder; the oldest go when a write finds more
MAX_ENTRIES = 16

WORKSPACES = "workspaces"


def root() -> Path | None:
    """The cache folder, or None when the environment turns caching off (``DEEPDECIDE_CACHE_DIR=``)."""
    env = os.environ.get(CACHE_ENV)
    if env is not None:
        return Path(env) if env else None
    return Path(platformdirs.user_cache_dir("deepdecide", appauthor=False))


def key(kind: str, *parts: bytes) -> str:
    """The name of an entry: the SHA-256 (hex) of ``kind``, ``parts`` and ``code_stamp()``, each part
    prefixed with its length (so no two different lists of parts run together into the same bytes).
    A result that holds translated text must pass the language among its parts (a parsed workspace
    holds none: the same file gives the same workspace in every language)."""
    h = hashlib.sha256()
    for part in (kind.encode(), *parts, code_stamp()):
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()


def read(folder: str, name: str) -> bytes | None:
    """The bytes of entry ``name`` in ``folder`` (a subfolder of the cache), or None."""
    top = root()
    if top is None:
        return None
    try:
        return (top / folder / name).read_bytes()
    except (OSError, ValueError):
        return None


def write(folder: str, name: str, payload: bytes) -> None:
    """Keep ``payload`` as entry ``name`` of ``folder`` (atomically; failures are ignored)."""
    top = root()
    if top is None:
        return
    target = top / folder / name
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        os.replace(tmp, target)
        tmp = None
        _prune(target.parent)
    except (OSError, ValueError):
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _prune(folder: Path) -> None:
    entries = [e for e in os.scandir(folder) if not e.name.startswith(".")]
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for e in entries[: len(entries) - MAX_ENTRIES]:
        with contextlib.suppress(OSError):
            os.unlink(e.path)


def code_stamp() -> bytes:
    """What a kept result depends on besides its inputs: the version of deepdecide and of Python,
    the name, size and modification time of every module and data file of the package (the GUI
    aside: nothing kept here is computed by it) and the installed distributions. Taken once per
    process: the code a process runs is the code it loaded."""
    if not _STAMP:
        _STAMP.append("\0".join(_code_stamp()).encode("utf-8", "surrogatepass"))
    return _STAMP[0]


_STAMP: list[bytes] = []


def _code_stamp() -> list[str]:
    out = [deepdecide.__version__, sys.version]
    package = os.path.dirname(os.path.abspath(deepdecide.__file__ or "."))
    data = os.path.abspath(data_root())
    tops = [package] if data.startswith(package + os.sep) else [package, data]  # data: in the package once installed
    for top in tops:
        for folder, subfolders, names in os.walk(top):
            subfolders[:] = sorted(d for d in subfolders if d not in ("__pycache__", "gui"))
            for name in sorted(names):
                if name.endswith((".py", ".yaml", ".yml", ".mo", ".json", ".ttf")):
                    path = os.path.join(folder, name)
                    try:
                        st = os.stat(path)
                    except OSError:
                        out.append(f"{path}:?")
                        continue
                    out.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    for entry in filter(None, sys.path):  # a new numpy, reportlab or PyYAML changes the list
        with contextlib.suppress(OSError):
            out.extend(sorted(n for n in os.listdir(entry) if n.endswith((".dist-info", ".egg-info"))))
    return out


# ---------------------------------------------------------------------------------------------
# the desktop app's parsed workspaces


def workspace_key(path: str | os.PathLike[str]) -> str:
    """The entry name of a workspace file: its bytes and, when it names built-in data, those files'."""
    data = read_user_file(path)  # a FIFO, socket or device is refused, never waited on
    parts = [data]
    if BUILTIN.encode() in data:
        parts.extend((data_root() / kind.builtin_file).read_bytes() for kind in KINDS.values() if kind.builtin_file)
    return key("workspace", *parts)


def load_workspace_cached(path: str | os.PathLike[str], *,
                          defer: Callable[[Callable[[], None]], None] | None = None,
                          warnings: list[ValidationError] | None = None) -> Workspace:
    """Load like ``storage.files.load_workspace`` (the same errors for a bad file; errors are never
    kept), from the cache when an earlier run kept this very file.

    A new entry is written at once, or handed to ``defer`` (the desktop app writes it after its first
    paint: with a thousand result files the write costs as much as a third of the load).
    A file that opens with warnings (``load_workspace``'s) is never kept: every open reports them."""
    if root() is None:
        return load_workspace(path, warnings)
    try:
        name = workspace_key(path) + ".json"
    except (OSError, UnreadableFileError):
        return load_workspace(path, warnings)  # reports the unreadable file the usual way
    raw = read(WORKSPACES, name)
    if raw is not None:
        try:
            body = orjson.loads(raw)
            body.pop("kind", None)
            kept: Workspace = codec.from_data(KINDS["workspace"].root, body)
            return kept
        except Exception:  # a damaged entry, or one of another shape: read the file
            pass
    found: list[ValidationError] = []
    ws = load_workspace(path, found)
    if warnings is not None:
        warnings.extend(found)
    if found:
        return ws

    def keep() -> None:
        write(WORKSPACES, name, orjson.dumps(workspace_to_data(ws, canonical=True)))

    if defer is None:
        keep()
    else:
        defer(keep)
    return ws
