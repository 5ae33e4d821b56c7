"""A start-up cache of parsed workspaces: canonical JSON keyed by the hash of everything read.

Parsing and validating YAML with line tracking takes most of a second for the built-in
workspace; decoding the same workspace from its canonical JSON takes a few milliseconds. The
key covers the file's bytes, the built-in data files it may refer to, the schema version and
the code that reads them, so a changed input or a new deepdecide never uses a stale entry.
A bad or missing entry falls back to the normal (validating) load.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.userfiles import read_user_file
from deepdecide.domain.workspace import SCHEMA_VERSION, Workspace
from deepdecide.storage import codec
from deepdecide.storage.files import BUILTIN, KINDS, data_root, load_workspace, workspace_to_data
from deepdecide.storage.yamlio import atomic_write_bytes


def _code_stamp() -> bytes:
    from deepdecide import __version__
    from deepdecide.domain import workspace as domain_ws
    from deepdecide.storage import files as storage_files

    parts = [__version__, str(SCHEMA_VERSION)]
    for module in (codec, storage_files, domain_ws):
        if module.__file__ is None:
            parts.append("?")
            continue
        try:
            parts.append(str(os.stat(module.__file__).st_mtime_ns))
        except (OSError, TypeError):
            parts.append("?")
    return "|".join(parts).encode()


def cache_key(path: str | os.PathLike[str]) -> str:
    """SHA-256 over the file, the built-in files it names, and the reading code's stamp."""
    data = read_user_file(path)  # a folder, FIFO, socket or device: refused before it is opened
    h = hashlib.sha256(_code_stamp())
    h.update(data)
    if BUILTIN.encode() in data:
        for kind in KINDS.values():
            if kind.builtin_file:
                h.update((data_root() / kind.builtin_file).read_bytes())
    return h.hexdigest()


def load_workspace_cached(path: str | os.PathLike[str], cache_dir: str | os.PathLike[str] | None, *,
                          defer: Callable[[Callable[[], None]], None] | None = None) -> Workspace:
    """Load like ``load_workspace`` (same errors for a bad file), from the cache when it is valid.

    A new cache entry is written at once, or handed to ``defer`` (the desktop app writes it after its
    first paint: with a thousand result files the write costs as much as a third of the load)."""
    if cache_dir is None:
        return load_workspace(path)
    import orjson

    try:
        key = cache_key(path)
    except (OSError, DeepdecideError):
        return load_workspace(path)  # reports the unreadable file the usual way
    entry = Path(cache_dir) / f"{key}.json"
    try:
        body = orjson.loads(entry.read_bytes())
        body.pop("kind", None)
        workspace: Workspace = codec.from_data(KINDS["workspace"].root, body)
        return workspace
    except Exception:
        pass
    ws = load_workspace(path)

    def write() -> None:
        try:
            Path(cache_dir).mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(entry, orjson.dumps(workspace_to_data(ws, canonical=True)))
        except OSError:
            pass  # a cache that cannot be written only costs time

    if defer is None:
        write()
    else:
        defer(write)
    return ws
