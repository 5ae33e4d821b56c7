"""A fast path for very large JSON results whose bulk is one ragged number array (vLLM /
SGLang ``--save-detailed`` / ``--output-details`` files: ``itls`` is a list of one list of
inter-chunk gaps per request, often 90 % of the file).

Building millions of Python floats only to turn them into a numpy array doubles the cost of
the import and needs many times the file's size in memory. Instead the ``itls`` value is cut
out of the bytes; the rest of the document (the skeleton) is parsed with orjson, and the
numbers are parsed in chunks by pandas' C tokenizer straight into float64 arrays.

The fast path is an optimisation only: it checks everything it relies on (the key is a
top-level key, the slice holds nothing but numbers, commas, brackets and whitespace, exactly
two levels of nesting, every number parsed, and every list's numbers and commas accounted for:
no empty or extra element, no number outside a list or split by whitespace) and returns None at the
first doubt, so the caller parses the file the ordinary way and reports any error with its place. (It is
lenient in one way only: number spellings JSON forbids but that are unambiguous, such as
``.5`` or ``+1``, are read as numbers.)
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import mmap
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import orjson

MIN_BYTES = 8 << 20  # below this the ordinary parse is fast enough
CHUNK = 2 << 20
RAGGED_KEYS = ("itls",)
_SENTINEL = "__deepdecide_ragged_cut__"
_WHITESPACE = b" \t\r\n"
@dataclass(frozen=True, slots=True)
class RaggedArray:
    """A list of number lists as one flat float64 array plus the length of each list."""

    values: np.ndarray
    lengths: np.ndarray

    def __len__(self) -> int:
        return int(self.lengths.size)


def _find_value(data: bytes, key: str) -> tuple[int, int] | None:
    """(start, end) of the array value of a ``"key":`` in the bytes, or None."""
    needle = b'"' + key.encode() + b'"'
    pos = data.find(needle)
    while pos != -1:
        back = pos
        while back > 0 and data[back - 1] == 0x5C:  # backslashes: an escaped quote is inside a string
            back -= 1
        after = pos + len(needle)
        while after < len(data) and data[after] in _WHITESPACE:
            after += 1
        if (pos - back) % 2 == 0 and after < len(data) and data[after] == ord(":"):
            start = after + 1
            while start < len(data) and data[start] in _WHITESPACE:
                start += 1
            if start < len(data) and data[start] == ord("["):
                quote = data.find(b'"', start)
                end = data.rfind(b"]", start, quote if quote != -1 else len(data)) + 1
                return (start, end) if end > start else None
        pos = data.find(needle, pos + 1)
    return None


# one field per line: "," ends a line; "[" and "]" become lines of their own below ("inf" and
# "nan": both parse as non-finite floats, which no accepted number is), so that every list's
# bounds are marked and told apart. Whitespace inside a line stays (a number split by any
# whitespace, newlines included, then fails to parse).
_TO_LINES = bytes.maketrans(b",\n\r\t", b"\n   ")
# when every space is the space of a ", ": it becomes a blank line (skipped). A translation
# without deletions is a third the cost of one dropping the spaces, and lines with no leading
# space parse 25 % faster than lines with one
_TO_LINES_SPACED = bytes.maketrans(b", \n\r\t", b"\n\n   ")
_OPEN, _CLOSE, _COMMA, _SPACE = ord("["), ord("]"), ord(","), ord(" ")


@dataclass(frozen=True, slots=True)
class _Plan:
    """What the bytes of a chunk say: its lists, their commas, how many numbers it must hold."""

    lists: int
    commas: int
    numbers: int
    spaces_after_commas_only: bool  # every space is the space of a ", " (ending lines there splits nothing)


def _plan_chunk(data: bytes, a: int, b: int) -> _Plan | None:
    """Count the brackets and commas of ``data[a:b]`` (whole inner lists ``[1.5, 2], [], [3]``) and
    predict how many numbers it holds; None = not this shape.

    Counts only (a few vectorised passes): the parse checks the order of the brackets (lists
    alternate, none nested, nothing outside them) and that every comma is accounted for. A list
    is predicted empty only as ``[]``: one holding only whitespace is then refused by the parse
    (the ordinary parse reads it).
    """
    view = np.frombuffer(data, dtype=np.uint8, count=b - a, offset=a)  # no copy; numpy releases the GIL
    is_open = view == _OPEN
    lists = int(np.count_nonzero(is_open))
    # the byte before too: a chunk after the first begins with the space of its separator ", "
    is_comma = np.frombuffer(data, dtype=np.uint8, count=b - a + 1, offset=a - 1) == _COMMA
    commas = int(np.count_nonzero(is_comma[1:]))
    if lists == 0:
        return _Plan(0, commas, 0, False) if commas == 0 and not np.count_nonzero(view == _CLOSE) else None
    is_close = view == _CLOSE
    if int(np.count_nonzero(is_close)) != lists:
        return None
    empty = int(np.count_nonzero(is_open[:-1] & is_close[1:]))
    # a comma right after each list but the last ("], [", "],["); else look closer ("],\n  [")
    if int(np.count_nonzero(is_close[:-1] & is_comma[2:])) != lists - 1:
        closes = np.flatnonzero(is_close)
        opens = np.flatnonzero(is_open)
        if not (closes[:-1] < opens[1:]).all():
            return None  # nested or unbalanced
        unusual = np.flatnonzero(view[closes[:-1] + 1] != _COMMA)
        if any(data.count(b",", a + int(closes[i]) + 1, a + int(opens[i + 1])) == 0 for i in unusual.tolist()):
            return None  # two lists with no comma between them
    del is_open, is_close
    is_space = view == _SPACE
    spaces = int(np.count_nonzero(is_space))
    after_commas = spaces == 0 or spaces == int(np.count_nonzero(is_comma[:-1] & is_space))
    # k numbers in a list take k - 1 commas, and one separates two lists
    numbers = commas - (lists - 1) + (lists - empty)
    return _Plan(lists, commas, numbers, after_commas) if numbers >= 0 else None


def _parse_chunk(data: bytes, a: int, b: int, plan: _Plan, out: np.ndarray) -> np.ndarray | None:
    """Parse the numbers of ``data[a:b]`` into ``out`` (sized by the plan) and return the length
    of each list; None = not as planned."""
    import pandas as pd

    if plan.lists == 0:
        return np.empty(0, dtype=np.int64) if not data[a:b].strip() else None
    # the spaces of ", " (Python's json) become blank lines when there are no others (newlines
    # and tabs become spaces that stay: a space never ends a line, so it never splits a number)
    text = data[a:b].translate(_TO_LINES_SPACED if plan.spaces_after_commas_only else _TO_LINES)
    text = text.replace(b"[", b"\ninf\n").replace(b"]", b"\nnan\n")
    try:
        frame = pd.read_csv(io.BytesIO(text), header=None, names=["v"], dtype=np.float64, engine="c",
                            skip_blank_lines=True, keep_default_na=False, na_values=["nan"])
    except (ValueError, pd.errors.ParserError, pd.errors.EmptyDataError):
        return None
    del text
    column = frame["v"].to_numpy()
    del frame
    marks = ~np.isfinite(column)
    bounds = np.flatnonzero(marks)  # rows of "[" (inf) and "]" (nan), and of any non-finite number
    # as many marks as brackets: no number read as non-finite ("1e999", "Infinity", "nan")
    if bounds.size != 2 * plan.lists or column.size - bounds.size != out.size:
        return None  # a non-finite number, or not the numbers the bytes said
    opened, closed = bounds[0::2], bounds[1::2]
    if opened[0] != 0 or closed[-1] != column.size - 1 or (opened[1:] != closed[:-1] + 1).any():
        return None  # a number outside a list
    if not (np.isposinf(column[opened]).all() and np.isnan(column[closed]).all()):
        return None  # "]" before "[", or a list inside a list
    lengths = closed - opened - 1
    # a line holds one number or none (whitespace never splits one), so a list of k numbers has at
    # least k - 1 commas and two lists at least one between them: equal totals mean none is extra
    # (no "[1,,2]", "[1,]", "[,]", "],,[", and no "][")
    if plan.commas != int(np.maximum(lengths - 1, 0).sum()) + plan.lists - 1:
        return None
    out[...] = column[~marks]  # (np.compress(..., out=out) is ten times slower)
    return lengths


def _chunk_bounds(data: bytes, start: int, end: int) -> list[tuple[int, int]] | None:
    """Cut the outer list's inside into chunks of whole inner lists, without the commas between
    chunks; None when a chunk does not begin with a comma after the previous list."""
    inner_start, inner_end = start + 1, end - 1  # without the outer brackets
    bounds: list[tuple[int, int]] = []
    a = inner_start
    while a < inner_end:
        b = min(a + CHUNK, inner_end)
        if b < inner_end:  # cut right after the end of an inner list
            cut = data.rfind(b"]", a, b)
            b = cut + 1 if cut != -1 else data.find(b"]", b, inner_end) + 1
            if b <= a:
                b = inner_end
        bounds.append((a, b))
        a = b
        while a < inner_end and data[a] in _WHITESPACE:
            a += 1
        if a < inner_end:
            if data[a] != _COMMA:
                return None
            a += 1
    return bounds


_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    """The chunk parsers' threads, started once: starting them for every file costs 3-8 ms while
    the hash thread runs. Tasks run in the order given, so a chunk waiting for the one before it
    never waits for one not yet started (imports on several threads may share the pool)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=max(1, min(os.cpu_count() or 1, 2)),
                                       thread_name_prefix="deepdecide-bigjson")
        return _POOL


def _parse_ragged(data: bytes, start: int, end: int) -> RaggedArray | None:
    if data[start] != ord("[") or data[end - 1] != ord("]"):
        return None
    bounds = _chunk_bounds(data, start, end)
    if bounds is None:
        return None
    # numpy and pandas' tokenizer release the GIL: chunks are planned, then parsed, on two cores
    # (more threads add memory, not speed). The plans say how many numbers each chunk holds, so
    # each chunk writes its numbers straight into one array of exactly that size, after the
    # numbers of the chunks before it.
    pool = _pool()
    plans = list(pool.map(lambda ab: _plan_chunk(data, *ab), bounds))
    if any(plan is None for plan in plans):
        return None
    offsets = [0]
    for plan in plans:
        offsets.append(offsets[-1] + plan.numbers)  # type: ignore[union-attr]
    flat = _filled_pages(offsets[-1])
    if flat is None:
        return None

    def work(i: int) -> np.ndarray | None:
        return _parse_chunk(data, *bounds[i], plans[i], flat[offsets[i]:offsets[i + 1]])  # type: ignore[arg-type]

    parts = list(pool.map(work, range(len(bounds))))
    if any(p is None for p in parts):
        return None
    done = [p for p in parts if p is not None]
    lengths = np.concatenate(done) if done else np.empty(0, dtype=np.int64)
    return RaggedArray(flat, lengths.astype(np.int64, copy=False))


def _filled_pages(count: int) -> np.ndarray | None:
    """An array of ``count`` float64 in an anonymous mapping whose pages the system fills at once
    (Linux ``MAP_POPULATE``: one call instead of a page fault for every 4 KiB the parse then
    writes: about 10 ms of the 220 ms a 54 MB file took, in a virtual machine); None if refused. Allocation
    tracers do not see it: it is not the Python heap's."""
    if count == 0:
        return np.empty(0)
    flags = getattr(mmap, "MAP_PRIVATE", 0) | getattr(mmap, "MAP_ANONYMOUS", 0) | getattr(mmap, "MAP_POPULATE", 0)
    try:
        pages = mmap.mmap(-1, count * 8, flags=flags) if flags else mmap.mmap(-1, count * 8)
    except (OSError, ValueError, OverflowError, MemoryError):  # refused: leave it to the ordinary parse
        return None
    return np.frombuffer(pages, dtype=np.float64)


_heap_tuned = False


_warmed = False


def prepare(size: int) -> None:
    """Call before reading a file of ``size`` bytes, before starting any thread (see
    _return_freed_memory). For a file the fast path may take, pandas (whose first import costs
    0.15 s) starts loading on a thread of its own meanwhile: reading and hashing the file release
    the GIL, so in a fresh process the import overlaps them instead of following them."""
    global _warmed
    if size < MIN_BYTES:
        return
    _return_freed_memory()
    if not _warmed and "pandas" not in sys.modules:
        _warmed = True
        threading.Thread(target=_import_parser, name="deepdecide-bigjson-import", daemon=True).start()


def _import_parser() -> None:
    with contextlib.suppress(ImportError):  # reported where it is used
        import pandas  # noqa: F401


def _return_freed_memory() -> None:
    """Let worker threads allocate from glibc's main arena (Linux only; once per process).

    glibc gives each new thread its own malloc arena; the parser's multi-MB temporaries then
    leave freed-but-resident holes in two heaps instead of one, and the import's peak resident
    memory grows by half (measured on a 54 MB file: 189 MB -> 134 MB with one arena, CPU time
    unchanged). Python threads run under the GIL, so the per-thread arenas buy next to nothing
    in a Python process; ``M_ARENA_MAX = 1`` costs nothing measurable.
    """
    global _heap_tuned
    if _heap_tuned or not sys.platform.startswith("linux"):
        return
    _heap_tuned = True
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt)
        return
    m_arena_max = -8
    mallopt(ctypes.c_int(m_arena_max), ctypes.c_int(1))


def loads(data: bytes, cut: list[tuple[int, int]] | None = None) -> dict[str, Any] | None:
    """Parse a large JSON object with its ragged number arrays as RaggedArray; None = use the slow path.
    ``cut`` receives the (start, end) of the bytes read as the ragged array."""
    if len(data) < MIN_BYTES or data[:1] != b"{":
        return None
    _return_freed_memory()
    cuts: list[tuple[str, int, int]] = []
    for key in RAGGED_KEYS:
        span = _find_value(data, key)
        if span is not None and span[1] - span[0] > len(data) // 4:
            cuts.append((key, *span))
    if len(cuts) != 1:
        return None
    key, start, end = cuts[0]
    skeleton = data[:start] + b'"' + _SENTINEL.encode() + b'"' + data[end:]
    try:
        doc = orjson.loads(skeleton)
    except orjson.JSONDecodeError:
        return None
    del skeleton
    if not isinstance(doc, dict) or doc.get(key) != _SENTINEL:
        return None
    ragged = _parse_ragged(data, start, end)
    if ragged is None:
        return None
    doc[key] = ragged
    if cut is not None:
        cut.append((start, end))
    return doc
