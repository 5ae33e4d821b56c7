"""Small results kept on disk between processes, named by a hash of everything they depend on.

The folder is ``$DEEPDECIDE_CACHE_DIR`` (empty: no cache), else ``$XDG_CACHE_HOME/deepdecide``,
else ``~/.cache/deepdecide`` (the same folder as the parsed built-in data,
``storage.files.builtin_cache_dir``). An entry is only ever a copy of what the code would compute
again from the same inputs: it is written atomically (a temporary file renamed over it), one that
cannot be read, is damaged or has the wrong shape is ignored (the caller computes afresh), and one
that cannot be written only costs the time. This module imports nothing heavy: a command that finds
its answer here starts no faster than the lookup itself.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

CACHE_ENV = "DEEPDECIDE_CACHE_DIR"
#: entries kept per folder; the oldest go when a write finds more
MAX_ENTRIES = 256


class Digest(Protocol):
    """What the entry names use of a hash object."""

    def update(self, data: bytes, /) -> None: ...

    def digest(self) -> bytes: ...

    def hexdigest(self) -> str: ...


def sha256(data: bytes = b"") -> Digest:
    """A SHA-256 hash object (``hashlib.sha256(data)``, the same digests) for naming entries.

    Taken, as the standard library's ``random`` takes its SHA-512, from CPython's own lean module
    first (``_sha256``, ``_sha2`` from Python 3.12): ``import hashlib`` loads and initialises OpenSSL,
    some 2 ms of every start that names an entry; ``hashlib`` itself where neither exists."""
    made: Digest = _sha256_type()(data)
    return made


def _sha256_type() -> Any:
    if not _SHA256:
        try:
            from _sha256 import sha256 as lean  # type: ignore[import-not-found]  # CPython 3.11
        except ImportError:
            try:
                from _sha2 import sha256 as lean  # type: ignore[import-not-found]  # CPython 3.12 and later
            except ImportError:
                from hashlib import sha256 as lean
        _SHA256.append(lean)
    return _SHA256[0]


_SHA256: list[Any] = []


def cache_root() -> Path | None:
    """Where cached results are kept, or None when the environment turns caching off."""
    env = os.environ.get(CACHE_ENV)
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deepdecide"


def read(folder: str, name: str) -> bytes | None:
    """The bytes of entry ``name`` in ``folder`` (a subfolder of the cache), or None."""
    root = cache_root()
    if root is None:
        return None
    try:
        return (root / folder / name).read_bytes()
    except (OSError, ValueError):
        return None


def write(folder: str, name: str, payload: bytes) -> None:
    """Keep ``payload`` as entry ``name`` of ``folder`` (atomically; failures are ignored)."""
    root = cache_root()
    if root is None:
        return
    target = root / folder / name
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


def tree_stamp(folders: Iterable[str | os.PathLike[str]], suffixes: tuple[str, ...],
               skip: tuple[str, ...] = ("__pycache__",)) -> list[str]:
    """Name, size and modification time of every file ending in ``suffixes`` below ``folders``
    (sorted): any edit, addition or removal changes the list."""
    out: list[str] = []

    def walk(folder: str) -> None:  # os.walk's order (a folder's files, then its folders, by name)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        below = []
        for e in entries:
            try:
                is_dir = e.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                if e.name not in skip and not e.is_symlink():  # os.walk follows no link either
                    below.append(e.path)
            elif e.name.endswith(suffixes):
                try:
                    st = e.stat()
                except OSError:
                    out.append(f"{e.path}:?")
                    continue
                out.append(f"{e.path}:{st.st_size}:{st.st_mtime_ns}")
        for sub in below:
            walk(sub)

    for top in folders:
        walk(os.fspath(top))
    return out


def code_stamp() -> list[str]:
    """What a cached result of deepdecide's Qt-free code depends on besides its inputs: the version,
    every module and data file of the package (the GUI aside: size and modification time) and the
    installed distributions; taken once per process (the code a process runs is the code it loaded)."""
    if not _STAMP:
        _STAMP.extend(_code_stamp())
    return list(_STAMP)


_STAMP: list[str] = []


def code_digest() -> str:
    """The SHA-256 (hex) of ``code_stamp()``, for a name that depends on the code: computed once per
    process (per stamp), where hashing the stamp's parts for each name costs a little every time."""
    stamp = tuple(code_stamp())
    digest = _DIGESTS.get(stamp)
    if digest is None:
        digest = _DIGESTS[stamp] = sha256("\0".join(stamp).encode("utf-8", "surrogatepass")).hexdigest()
    return digest


_DIGESTS: dict[tuple[str, ...], str] = {}


def _code_stamp() -> list[str]:
    import importlib.util

    import deepdecide

    package = os.path.dirname(os.path.abspath(deepdecide.__file__ or "."))
    folders = [package]
    spec = importlib.util.find_spec("deepdecide.data")
    if spec is not None and spec.submodule_search_locations:
        folders.extend(str(p) for p in spec.submodule_search_locations if os.path.abspath(str(p)) != package)
    return [deepdecide.__version__,
            *tree_stamp(folders, (".py", ".yaml", ".yml", ".mo", ".json", ".ttf"), skip=("__pycache__", "gui")),
            *installed_distributions()]


def installed_distributions() -> list[str]:
    """The names (with versions) of the distributions installed where Python finds its libraries:
    a new numpy, reportlab or Babel changes the list."""
    out: list[str] = [sys.version]
    for entry in sys.path:
        if not entry or not os.path.isdir(entry):
            continue
        try:
            names = os.listdir(entry)
        except OSError:
            continue
        out.extend(sorted(n for n in names if n.endswith((".dist-info", ".egg-info"))))
    return out
