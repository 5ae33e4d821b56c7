"""The evidence store: a workspace's imported evidence in an SQLite file beside its YAML.

A *stored* workspace is two files: the decision (options, workload, prices, weights, checklist,
sign-offs, build attestations) in the human-readable YAML, and every imported evidence file in
``NAME.deepdecide.evidence-<digest>.sqlite`` beside it. The YAML names the store and the SHA-256 of
its bytes::

    evidence:
      store: NAME.deepdecide.evidence-0123456789abcdef.sqlite
      store_sha256: 0123456789abcdef...
      store_files: 412

One row per evidence file, keyed by the source file's SHA-256 (``provenance.sha256``), holding the
file's plain data (JSON, the same data the single-file YAML holds under ``evidence.files``) and its
position; a second table indexes each file by option attribution, runtime, platform, model and
workload fit. Reading puts the rows back under ``evidence.files`` before the document is migrated
and checked, so a stored workspace loads into the very same ``Workspace`` as its single-file form.

Writing is atomic and locked like the YAML (``storage.files.save_workspace``): under the workspace's
lock the store is written first under a new name (its digest is in the name, so the store a YAML
names is never replaced), then the YAML atomically; only then are the workspace's other store files
removed. A crash at any point leaves the old YAML with its old store, or the new YAML with its new
store. docs/evidence-store.md describes the form.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson

from deepdecide.domain import summaries as kept_summaries
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.i18n import _
from deepdecide.domain.userfiles import read_user_file
from deepdecide.storage.yamlio import (
    TEMP_SUFFIX,
    atomic_write_bytes,
    fsync_folder,
    save_target,
    stale_temp_files,
)

#: the store's own format (the ``meta`` table); a store of a later format is refused
STORE_FORMAT = 1
STORE_KEY = "store"
STORE_SHA_KEY = "store_sha256"
STORE_COUNT_KEY = "store_files"
#: a single-file workspace with more evidence files than this is offered conversion
CONVERT_HINT_FILES = 1000
#: the largest store read (a workspace's YAML may be at most 64 MB; its evidence, far more)
MAX_STORE_BYTES = 8 * 1024 ** 3
_STORE_LINE = re.compile(rb"^evidence:\n(?:  .*\n)*?  store: ([^\n/\\]+\.evidence-[0-9a-f]{16}\.sqlite)$", re.MULTILINE)
_NAME_RE = re.compile(r"[^/\\]+\.evidence-[0-9a-f]{16}\.sqlite\Z")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
    sha256 TEXT PRIMARY KEY,
    position INTEGER NOT NULL UNIQUE,
    file_name TEXT NOT NULL,
    tool TEXT NOT NULL,
    runs INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE attributes (
    sha256 TEXT NOT NULL REFERENCES files(sha256),
    name TEXT NOT NULL,
    value TEXT NOT NULL
);
CREATE INDEX attributes_by_value ON attributes (name, value);
CREATE INDEX attributes_by_file ON attributes (sha256);
"""
# Each file's judgement against the workload (``domain.summaries``), kept beside it under the key of
# what it was worked out in (``meta``'s ``summary_key``). The triggers drop a file's judgement whenever
# its row is written or removed, by whatever writes the store (a version that knows nothing of
# judgements included), so a judgement kept is always of the row beside it.
_SUMMARY_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS summaries (sha256 TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "CREATE TRIGGER IF NOT EXISTS summaries_on_insert AFTER INSERT ON files "
    "BEGIN DELETE FROM summaries WHERE sha256 = NEW.sha256; END",
    "CREATE TRIGGER IF NOT EXISTS summaries_on_update AFTER UPDATE OF sha256, data ON files "
    "BEGIN DELETE FROM summaries WHERE sha256 = OLD.sha256 OR sha256 = NEW.sha256; END",
    "CREATE TRIGGER IF NOT EXISTS summaries_on_delete AFTER DELETE ON files "
    "BEGIN DELETE FROM summaries WHERE sha256 = OLD.sha256; END",
)
SUMMARY_KEY = "summary_key"
#: the attributes each file is indexed by
ATTRIBUTES = ("option", "runtime", "platform", "model", "workload_fit")


def store_stem(yaml_path: str | os.PathLike[str]) -> str:
    """The prefix of the store files of the workspace at ``yaml_path`` (its name without ``.yaml``)."""
    name = save_target(yaml_path).name
    return name[: -len(".yaml")] if name.endswith(".yaml") else name


def store_name(yaml_path: str | os.PathLike[str], digest: str) -> str:
    return f"{store_stem(yaml_path)}.evidence-{digest[:16]}.sqlite"


def is_stored_data(data: Any) -> bool:
    """Whether a workspace document's plain data names an evidence store."""
    evidence = data.get("evidence") if isinstance(data, dict) else None
    return isinstance(evidence, dict) and STORE_KEY in evidence


def is_stored(yaml_path: str | os.PathLike[str]) -> bool:
    """Whether the workspace file at ``yaml_path`` names an evidence store (False when there is none,
    or it cannot be read: a save then writes the single-file form). Only a regular file is read: a
    FIFO or device is never opened (its save is refused later, naming it)."""

    try:
        target = save_target(yaml_path)
        if not stat.S_ISREG(os.stat(target).st_mode):
            return False
        with open(target, "rb") as fh:
            head = fh.read(1 << 20)
    except OSError:
        return False
    return _STORE_LINE.search(head) is not None


def stored_name(yaml_path: str | os.PathLike[str]) -> str:
    """The name of the store the workspace file at ``yaml_path`` names ("" for none)."""
    try:
        with open(save_target(yaml_path), "rb") as fh:
            head = fh.read(1 << 20)
    except OSError:
        return ""
    m = _STORE_LINE.search(head)
    return m.group(1).decode("utf-8", "replace") if m else ""


# ---------------------------------------------------------------------------------------------
# reading


def _error(reason: str, yaml_file: str) -> ValidationError:
    return ValidationError(reason, file=yaml_file, path=f"evidence.{STORE_KEY}")


def expand(body: dict[str, Any], yaml_file: str, rows: list[str] | None = None,
           source: list[tuple[Path, str]] | None = None,
           judgements: list[tuple[str, dict[str, str]]] | None = None) -> dict[str, Any]:
    """``body`` (a workspace's plain data) with the evidence files of the store it names put back under
    ``evidence.files``; a body naming no store is returned as it is (``source``, when given, receives
    the store's path and SHA-256). A store that is missing, altered
    (its SHA-256 is not the one the YAML states) or unreadable is a ValidationError naming the YAML,
    its ``evidence.store`` key and the reason. ``judgements``, when given, receives the files'
    judgements kept in the store (its key and SHA-256 -> text; ``read_files``)."""
    evidence = body.get("evidence")
    if not isinstance(evidence, dict) or STORE_KEY not in evidence:
        return body
    name, digest = evidence.get(STORE_KEY), evidence.get(STORE_SHA_KEY)
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise _error(_("{name!r} is not the name of an evidence store beside the workspace "
                       "(NAME.evidence-<16 hex digits>.sqlite)").format(name=name), yaml_file)
    if not isinstance(digest, str):
        raise _error(_("the workspace names an evidence store without its SHA-256 (evidence.store_sha256)"),
                     yaml_file)
    if "files" in evidence:
        raise _error(_("the workspace lists evidence files and names an evidence store: keep one of them"),
                     yaml_file)
    folder = save_target(yaml_file).parent if yaml_file else Path(".")
    path = folder / name
    try:
        if not os.path.lexists(path):
            raise FileNotFoundError(path)
        payload = read_user_file(path, max_bytes=MAX_STORE_BYTES)
    except FileNotFoundError:
        raise _error(_("the evidence store {path} is missing (it holds this workspace's evidence: restore it "
                       "beside the workspace file)").format(path=path), yaml_file) from None
    except ValidationError as exc:
        raise _error(exc.reason, yaml_file) from None
    except OSError as exc:
        raise _error(_("the evidence store {path} cannot be read: {reason}").format(
            path=path, reason=exc.strerror or exc), yaml_file) from None
    if hashlib.sha256(payload).hexdigest() != digest:
        raise _error(_("the evidence store {path} is not the one this workspace names (its SHA-256 differs "
                       "from evidence.store_sha256): it was changed or replaced").format(path=path), yaml_file)
    files = read_files(payload, str(path), yaml_file, rows, judgements)
    if source is not None:
        source.append((path, digest))
    rest = {k: v for k, v in evidence.items() if k not in (STORE_KEY, STORE_SHA_KEY, STORE_COUNT_KEY)}
    return {**body, "evidence": {**rest, "files": files}}


def _connect(payload: bytes) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.deserialize(payload)
    return conn


def _loads(text: str) -> Any:
    """One row's JSON: orjson's parser (some five times the standard library's, which matters at ten
    thousand rows), the standard one for what orjson refuses but the store may hold (an integer beyond
    64 bits)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def read_files(payload: bytes, store_file: str, yaml_file: str, texts: list[str] | None = None,
               judgements: list[tuple[str, dict[str, str]]] | None = None) -> list[Any]:
    """The plain data of every evidence file in a store's bytes, in the workspace's order (and, into
    ``texts`` when given, each row's JSON text; into ``judgements`` when given, the judgements kept
    with the files: their key and SHA-256 -> text, nothing when the store keeps none or they do not
    read, which only means they are worked out again)."""
    try:
        conn = _connect(payload)
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            fmt = int(meta.get("format", "0"))
            if fmt > STORE_FORMAT:
                raise _error(_("the evidence store {path} was written by a newer deepdecide (store format {fmt}; "
                               "this one reads up to {max})").format(path=store_file, fmt=fmt, max=STORE_FORMAT),
                             yaml_file)
            rows = conn.execute("SELECT data FROM files ORDER BY position").fetchall()
            if judgements is not None and meta.get(SUMMARY_KEY):
                with contextlib.suppress(sqlite3.Error):
                    judgements.append((meta[SUMMARY_KEY], dict(conn.execute("SELECT sha256, data FROM summaries"))))
        finally:
            conn.close()
        if texts is not None:
            texts[:] = [r[0] for r in rows]
        return [_loads(r[0]) for r in rows]
    except (sqlite3.DatabaseError, ValueError, TypeError) as exc:
        raise _error(_("the evidence store {path} is not a readable evidence store: {reason}").format(
            path=store_file, reason=exc), yaml_file) from None


def query(yaml_path: str | os.PathLike[str], **where: str) -> list[str]:
    """The SHA-256 of the evidence files of a stored workspace whose indexed attributes (``option``,
    ``runtime``, ``platform``, ``model``, ``workload_fit``) have the given values, in the workspace's
    order; reads the index only, not the files."""
    from deepdecide.storage.yamlio import (
        read_yaml_file,  # deferred: the YAML parser only when a store is read from its workspace file
    )

    located = read_yaml_file(yaml_path)
    evidence = located.data.get("evidence") if isinstance(located.data, dict) else None
    if not isinstance(evidence, dict) or STORE_KEY not in evidence:
        raise _error(_("this workspace keeps its evidence in the file itself (no evidence store)"),
                     os.fspath(yaml_path))
    path = save_target(yaml_path).parent / str(evidence[STORE_KEY])
    conn = _connect(read_user_file(path, max_bytes=MAX_STORE_BYTES))
    try:
        sql = "SELECT f.sha256 FROM files f"
        args: list[str] = []
        for i, (name, value) in enumerate(sorted(where.items())):
            if name not in ATTRIBUTES:
                raise ValueError(name)
            sql += f" JOIN attributes a{i} ON a{i}.sha256 = f.sha256 AND a{i}.name = ? AND a{i}.value = ?"
            args += [name, value]
        return [r[0] for r in conn.execute(sql + " ORDER BY f.position", args)]
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------------
# writing


# The JSON row of each evidence file object of the last workspace read from a store or written to one
# (files are immutable: the same object is the same row; the object is kept with its entry, so its id
# stays its own). A save encodes only the files not here: at ten thousand files, turning every file
# into plain data and JSON again was most of a save, for the one file that changed.
_ROWS: dict[int, tuple[Any, str]] = {}
# The store those rows are in (its path, what ``os.stat`` said of it, its SHA-256) and what its
# indexed attributes were worked out from (None: not known, as after a read): a save of the same
# workspace patches a copy of it (``patch``) instead of building every row again.
_SOURCE: list[tuple[str, tuple[int, int, int], str, Any]] = []
# The judgements kept in that store (``domain.summaries``): their key and SHA-256 -> text.
_JUDGEMENTS: list[tuple[str, dict[str, str]]] = []


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    return st.st_size, st.st_mtime_ns, st.st_ino


def remember(files: Sequence[Any], texts: Sequence[str], store: str | os.PathLike[str] | None = None,
             digest: str = "", context: Any = None, judgements: tuple[str, dict[str, str]] | None = None) -> None:
    """Keep ``texts[i]`` as the row of ``files[i]`` (each file an immutable object), in place of the
    rows kept before; ``store``: the store file holding exactly those rows (SHA-256 ``digest``), its
    attributes worked out in ``context`` (None: unknown), the files' ``judgements`` kept in it (their
    key and SHA-256 -> text)."""
    _ROWS.clear()
    _ROWS.update((id(f), (f, text)) for f, text in zip(files, texts, strict=True))
    _JUDGEMENTS[:] = [judgements] if judgements is not None else []
    _SOURCE.clear()
    if store is not None:
        with contextlib.suppress(OSError):
            _SOURCE.append((os.fspath(store), _signature(os.stat(store)), digest, context))


def known_row(f: Any) -> str | None:
    """The row kept for the file object ``f`` (None: not read or written here last)."""
    got = _ROWS.get(id(f))
    return got[1] if got is not None and got[0] is f else None


def kept_judgement(f: Any) -> tuple[str, str] | None:
    """The judgement kept in the store for the file object ``f`` read from it or written to it last
    (its key and text; None: none). Registered with ``domain.summaries``."""
    kept = _JUDGEMENTS[:]  # (one step: a read on another thread may replace them meanwhile)
    if not kept or known_row(f) is None:
        return None
    key, texts = kept[0]
    text = texts.get(f.provenance.sha256)
    return None if text is None else (key, text)


kept_summaries.provide_lookup(kept_judgement)


def row_text(data: Any) -> str:
    """The JSON text of one file's plain data, as a row holds it."""
    return json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":"))


def build(files: Sequence[Any], attributes: Sequence[Iterable[tuple[str, str]]],
          texts: Sequence[str] | None = None, judgements: tuple[str, Sequence[str]] | None = None) -> bytes:
    """The bytes of a store holding ``files`` (plain data of evidence files, in order) with the indexed
    ``attributes`` of each; ``texts``, when given, the rows' JSON (``row_text`` of each file, or a
    row kept for it); ``judgements``, when given, their key and each file's judgement (text). Two
    files of the same SHA-256 are refused (the store is keyed by it)."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(_SCHEMA)
        for statement in _SUMMARY_SCHEMA:
            conn.execute(statement)
        conn.execute("INSERT INTO meta VALUES ('format', ?)", (str(STORE_FORMAT),))
        seen: dict[str, int] = {}
        for i, (f, attrs) in enumerate(zip(files, attributes, strict=True)):
            prov = f.get("provenance", {}) if isinstance(f, dict) else {}
            if not isinstance(f, dict):  # a file object (its row given in ``texts``)
                prov = {"sha256": f.provenance.sha256, "file_name": f.provenance.file_name,
                        "tool": f.provenance.tool}
            sha = str(prov.get("sha256", ""))
            if sha in seen:
                raise ValidationError(_("evidence files {first} and {second} are the same file (SHA-256 {sha}): "
                                        "an evidence store holds each file once; remove one").format(
                                          first=seen[sha] + 1, second=i + 1, sha=sha[:12]),
                                      path=f"evidence.files[{i}].provenance.sha256")
            seen[sha] = i
            runs = len(f.get("runs", ()) or ()) if isinstance(f, dict) else len(f.runs)
            conn.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?)",
                         (sha, i, str(prov.get("file_name", "")), str(prov.get("tool", "")), runs,
                          texts[i] if texts is not None else row_text(f)))
            conn.executemany("INSERT INTO attributes VALUES (?, ?, ?)",
                             sorted({(sha, name, value) for name, value in attrs if value}))
        if judgements is not None:
            _write_judgements(conn, judgements[0], [(sha, text) for sha, text in zip(seen, judgements[1], strict=True)])
        conn.commit()
        return conn.serialize()
    finally:
        conn.close()


def _write_judgements(conn: sqlite3.Connection, key: str, rows: Sequence[tuple[str, str]]) -> None:
    """Keep ``rows`` (SHA-256, judgement) under ``key`` (the judgements of another key go first)."""
    old = conn.execute("SELECT value FROM meta WHERE key = ?", (SUMMARY_KEY,)).fetchone()
    if old is None or old[0] != key:
        conn.execute("DELETE FROM summaries")
        conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (SUMMARY_KEY, key))
    conn.executemany("INSERT OR REPLACE INTO summaries VALUES (?, ?)", [r for r in rows if r[1]])


def _file_sha(f: Any) -> str:
    return str(f.provenance.sha256)


def _pending(yaml_path: str | os.PathLike[str]) -> Path:
    """The name a store being written beside the workspace takes its temporary files after (stale
    ones, of a killed save, are removed by the next)."""
    target = save_target(yaml_path)
    return target.parent / f"{store_stem(target)}.evidence.sqlite"


def patch(yaml_path: str | os.PathLike[str], files: Sequence[Any], texts: Sequence[str],
          attributes: Callable[[Any], Iterable[tuple[str, str]]], context: Any,
          judgements: tuple[str, Sequence[str]] | None = None) -> tuple[Path | None, str] | None:
    """The store of ``files`` (each with its row ``texts[i]`` and its indexed ``attributes(file)``,
    worked out in ``context``) made from the store last read or written for the workspace at
    ``yaml_path`` (``remember``): a copy of it in a temporary file beside it, where only what changed
    is written — the rows of files removed deleted, of files added or changed written, positions
    moved, attributes changed (all of them worked out again only when ``context`` differs from the
    one they were written in), the ``judgements`` (key, one text per file) of files that have none
    under that key. Returns the temporary file (to ``place`` under the workspace's lock,
    or ``discard``) and its SHA-256; (None, digest) when nothing changed (the store stays as it is);
    None when there is no such store, it changed on disk, or it cannot be patched (build it whole)."""
    if not _SOURCE:
        return None
    src, signature, digest, old_context = _SOURCE[0]
    pending = _pending(yaml_path)
    old = Path(src)
    if old.parent != pending.parent or not old.name.startswith(store_stem(yaml_path) + ".evidence-") \
            or not _NAME_RE.match(old.name):
        return None  # another workspace's store (Save As): a store of its own, built whole
    try:
        if _signature(os.stat(old)) != signature:
            return None
    except OSError:
        return None
    shas = [_file_sha(f) for f in files]
    if len(set(shas)) != len(shas):
        return None  # the whole build names the duplicate
    known = [known_row(f) is not None for f in files]
    _remove_stale(pending)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{pending.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=pending.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        shutil.copyfile(old, tmp)
        changed = _apply(tmp, files, texts, shas, known, attributes, context == old_context and old_context is not None,
                         judgements)
        if not changed:
            discard(tmp)
            return None, digest
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
            fh.seek(0)
            new_digest = hashlib.file_digest(fh, "sha256").hexdigest()
        os.chmod(tmp, 0o644)
    except (OSError, sqlite3.Error, ValueError):
        discard(tmp)
        return None
    except BaseException:
        discard(tmp)
        raise
    return tmp, new_digest


def _apply(path: Path, files: Sequence[Any], texts: Sequence[str], shas: list[str], known: list[bool],
           attributes: Callable[[Any], Iterable[tuple[str, str]]], same_context: bool,
           judgements: tuple[str, Sequence[str]] | None = None) -> bool:
    """Write into the store file at ``path`` only what differs from ``files``; whether anything did."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")  # a private copy: a crash leaves a temporary file, no more
        conn.execute("PRAGMA synchronous=OFF")  # (fsync'd whole before it is placed)
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        if meta.get("format") != str(STORE_FORMAT):
            raise ValueError("store format")
        old = dict(conn.execute("SELECT sha256, position FROM files"))
        new = set(shas)
        removed = [sha for sha in old if sha not in new]
        # kept as it is: a row read or written for this very file object, in the old store
        written = [i for i, sha in enumerate(shas) if not (known[i] and sha in old)]
        moved = [i for i, sha in enumerate(shas) if known[i] and sha in old and old[sha] != i]
        if same_context:
            wanted = {i: sorted({(n, v) for n, v in attributes(files[i]) if v}) for i in written}
            attr_delete: list[tuple[str, str, str]] = []
            attr_insert = [(shas[i], n, v) for i, attrs in wanted.items() for n, v in attrs]
            attr_clear = [shas[i] for i in written if shas[i] in old]
        else:  # every file's attributes worked out again, only the differences written
            have = set(conn.execute("SELECT sha256, name, value FROM attributes"))
            want = {(sha, n, v) for f, sha in zip(files, shas, strict=True) for n, v in attributes(f) if v}
            attr_clear = []
            attr_delete = sorted(x for x in have - want if x[0] in new)
            attr_insert = sorted(want - have)
        judged: list[tuple[str, str]] = []
        if judgements is not None:  # the judgements of files that have none under this key
            key = judgements[0]
            has = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'summaries'").fetchone()
            rewritten = {shas[i] for i in written}
            have = {sha for (sha,) in conn.execute("SELECT sha256 FROM summaries")} - rewritten if has else set()
            if meta.get(SUMMARY_KEY) != key:
                have = set()
            judged = [(sha, text) for sha, text in zip(shas, judgements[1], strict=True) if text and sha not in have]
        if not (removed or written or moved or attr_delete or attr_insert or judged):
            return False
        conn.execute("BEGIN")
        for statement in _SUMMARY_SCHEMA:  # before any row is written (its triggers drop what it outdates)
            conn.execute(statement)
        conn.executemany("DELETE FROM attributes WHERE sha256 = ?", [(sha,) for sha in (*removed, *attr_clear)])
        conn.executemany("DELETE FROM files WHERE sha256 = ?", [(sha,) for sha in removed])
        conn.executemany("DELETE FROM attributes WHERE sha256 = ? AND name = ? AND value = ?", attr_delete)
        # out of the way first (positions are unique), then in place
        conn.executemany("UPDATE files SET position = ? WHERE sha256 = ?",
                         [(-1 - i, shas[i]) for i in (*moved, *(i for i in written if shas[i] in old))])
        conn.executemany("UPDATE files SET position = ? WHERE sha256 = ?", [(i, shas[i]) for i in moved])
        for i in written:
            f = files[i]
            conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?)",
                         (shas[i], i, str(f.provenance.file_name), str(f.provenance.tool), len(f.runs), texts[i]))
        conn.executemany("INSERT INTO attributes VALUES (?, ?, ?)", attr_insert)
        if judgements is not None:
            _write_judgements(conn, judgements[0], judged)
        conn.execute("COMMIT")
        return True
    finally:
        conn.close()


def place(yaml_path: str | os.PathLike[str], tmp: Path, digest: str) -> str:
    """Put a store ``patch`` made under its name beside the workspace at ``yaml_path`` (an identical
    store already there is kept); returns the name. Call under the workspace's lock."""
    name = store_name(yaml_path, digest)
    target = save_target(yaml_path).parent / name
    if target.exists():
        discard(tmp)
        return name
    os.replace(tmp, target)
    fsync_folder(target.parent)
    return name


def discard(tmp: Path | None) -> None:
    """Remove a temporary store that will not be placed."""
    if tmp is not None:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _remove_stale(pending: Path) -> None:
    for stale in stale_temp_files(pending):
        with contextlib.suppress(OSError):
            stale.unlink()


def write(yaml_path: str | os.PathLike[str], payload: bytes) -> tuple[str, str]:
    """Write a store's bytes beside the workspace at ``yaml_path`` (atomically; an identical store
    already there is kept); returns its name and SHA-256. Call under the workspace's lock."""
    digest = hashlib.sha256(payload).hexdigest()
    name = store_name(yaml_path, digest)
    target = save_target(yaml_path).parent / name
    _remove_stale(_pending(yaml_path))  # a patched copy a killed save left
    try:
        with open(target, "rb") as fh:
            if hashlib.file_digest(fh, "sha256").hexdigest() == digest:
                return name, digest
    except OSError:
        pass
    atomic_write_bytes(target, payload)
    return name, digest


def remove_others(yaml_path: str | os.PathLike[str], keep: str | None) -> None:
    """Remove the workspace's store files other than ``keep`` (after the YAML naming ``keep`` was
    written; ``keep`` None: every one, after a save in the single-file form)."""
    target = save_target(yaml_path)
    prefix = store_stem(target) + ".evidence-"
    with contextlib.suppress(OSError):
        for entry in os.scandir(target.parent):
            if entry.name.startswith(prefix) and _NAME_RE.match(entry.name) and entry.name != keep:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
