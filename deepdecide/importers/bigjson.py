"""A fast path for very large JSON results whose bulk is one ragged number array (vLLM /
SGLang ``--save-detailed`` / ``--output-details`` files: ``itls`` is a list of one list of
inter-chunk gaps per request, often 90 % of the file).

Building millions of Python floats only to turn them into a numpy array doubles the cost of
the import and needs many times the file's size in memory. Instead the ``itls`` value is cut
out of the bytes; the rest of the document (the skeleton) is parsed with orjson, and the
numbers are parsed in chunks by pandas' C tokenizer straight into float64 arrays.

The fast path is an optimisation only: it checks everything it relies on (the key is a
top-level key, the slice holds nothing but numbers, commas, brackets and whitespace, exactly
two levels of nesting, no empty or extra element, every number parsed) and returns None at the
first doubt, so the caller parses the file the ordinary way and reports any error with its place. (It is
lenient in one way only: number spellings JSON forbids but that are unambiguous, such as
``.5`` or ``+1``, are read as numbers.)
"""

from __future__ import annotations

import ctypes
import io
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import orjson

MIN_BYTES = 8 << 20  # below this the ordinary parse is fast enough
CHUNK = 2 << 20
RAGGED_KEYS = ("itls",)
_SENTINEL = "__deepdecide_ragged_cut__"
_WHITESPACE = b" \t\r\n"
_TO_NEWLINE = bytes.maketrans(b"[, \t\r", b"\n\n\n\n\n")
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


def _parse_chunk(chunk: bytes) -> tuple[np.ndarray, np.ndarray] | None:
    """Whole inner lists (``[1.5, 2], [], [3]``) -> (values, length of each list), or None."""
    import pandas as pd

    chunk = chunk.lstrip(_WHITESPACE)
    if not chunk.strip():
        return np.empty(0), np.empty(0, dtype=np.int64)
    view = np.frombuffer(chunk, dtype=np.uint8)  # vectorised counting (bytes.count is 5x slower)
    opens = int(np.count_nonzero(view == ord("[")))
    commas = int(np.count_nonzero(view == ord(",")))
    if chunk[:1] != b"[" or chunk.rstrip()[-1:] != b"]" or int(np.count_nonzero(view == ord("]"))) != opens:
        return None
    del view
    # one number per line, and a "nan" line where each list ends (intermediates freed at once)
    text = chunk.translate(_TO_NEWLINE)
    text = text.replace(b"]", b"\nnan\n")
    try:
        frame = pd.read_csv(io.BytesIO(text), header=None, names=["v"], dtype=np.float64, engine="c",
                            skip_blank_lines=True, keep_default_na=False, na_values=["nan"])
    except (ValueError, pd.errors.ParserError, pd.errors.EmptyDataError):
        return None
    column = frame["v"].to_numpy()
    marks = np.isnan(column)
    ends = np.flatnonzero(marks)
    if ends.size != opens:
        return None
    lengths = np.diff(np.concatenate(([-1], ends))) - 1
    numbers = column.size - ends.size
    non_empty = int(np.count_nonzero(lengths))
    # every comma separates two numbers of one list or two lists: none missing, none extra
    # (this also rejects nested lists, and numbers run together by whitespace)
    if commas != numbers - non_empty + opens - 1:
        return None
    return column[~marks], lengths


def _separated(chunk: bytes, index: int) -> bytes:
    """A chunk after the first begins with the comma separating it from the previous list."""
    if index == 0:
        return chunk
    head = chunk.lstrip(_WHITESPACE)
    if not head:
        return b""  # the whitespace before the outer list's closing bracket
    return head[1:] if head[:1] == b"," else b"\x00"  # "\x00": not a list, so the chunk is refused


def _parse_ragged(data: bytes, start: int, end: int) -> RaggedArray | None:
    inner_start, inner_end = start + 1, end - 1  # without the outer brackets
    if data[start] != ord("[") or data[inner_end] != ord("]"):
        return None
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
    # pandas' tokenizer releases the GIL: chunks are parsed on two cores (more adds memory, not speed)
    with ThreadPoolExecutor(max_workers=max(1, min(len(bounds), os.cpu_count() or 1, 2))) as pool:
        parts = list(pool.map(lambda i: _parse_chunk(_separated(data[bounds[i][0]:bounds[i][1]], i)),
                              range(len(bounds))))
    if any(p is None for p in parts):
        return None
    sizes = np.concatenate([p[1] for p in parts if p is not None]) if parts else np.empty(0, dtype=np.int64)
    # copy the parts into one array, freeing each as it goes (half the peak of np.concatenate)
    flat = np.empty(sum(p[0].size for p in parts if p is not None))
    at = 0
    parts.reverse()
    while parts:
        part = parts.pop()
        assert part is not None
        flat[at: at + part[0].size] = part[0]
        at += part[0].size
        del part
    if flat.size != int(sizes.sum()) or not np.isfinite(flat).all():
        return None
    return RaggedArray(flat, sizes.astype(np.int64))


_heap_tuned = False


def prepare(size: int) -> None:
    """Call before starting any thread for a file of ``size`` bytes (see _return_freed_memory)."""
    if size >= MIN_BYTES:
        _return_freed_memory()


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


def loads(data: bytes) -> dict | None:
    """Parse a large JSON object with its ragged number arrays as RaggedArray; None = use the slow path."""
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
    return doc
