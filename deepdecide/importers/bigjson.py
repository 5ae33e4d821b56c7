"""A fast path for very large JSON results whose bulk is one ragged number array (vLLM /
SGLang ``--save-detailed`` / ``--output-details`` files: ``itls`` is a list of one list of
inter-chunk gaps per request, often 90 % of the file).

Building millions of Python floats only to turn them into a numpy array doubles the cost of
the import and needs many times the file's size in memory. Instead the ``itls`` value is cut
out of the bytes; the rest of the document (the skeleton) is parsed with orjson, and the
number lists are parsed in chunks by simdjson (pysimdjson), whose numbers go straight into a
float64 array (``as_buffer``): a strict JSON parser with correctly rounded numbers, about four
times as fast as a text tokenizer and without a Python object per number.

The fast path is an optimisation only: it checks everything it relies on (the key is a
top-level key, its value is JSON, a list of lists that hold nothing but numbers: exactly two
levels of nesting) and returns None at the first doubt, so the caller parses the file the
ordinary way and reports any error with its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import orjson

MIN_BYTES = 8 << 20  # below this the ordinary parse is fast enough
CHUNK = 2 << 20  # bytes of number lists parsed at once: the parser's buffers stay this small
RAGGED_KEYS = ("itls",)
_SENTINEL = "__deepdecide_ragged_cut__"
_WHITESPACE = b" \t\r\n"
_OPEN, _CLOSE, _COMMA = ord("["), ord("]"), ord(",")


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
            if start < len(data) and data[start] == _OPEN:
                quote = data.find(b'"', start)
                end = data.rfind(b"]", start, quote if quote != -1 else len(data)) + 1
                return (start, end) if end > start else None
        pos = data.find(needle, pos + 1)
    return None


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


def _parse_ragged(data: bytes, start: int, end: int) -> RaggedArray | None:
    """The number lists of ``data[start:end]`` (``[[1.5, 2], [], [3]]``); None = not this shape.

    Each chunk of whole inner lists is parsed as the JSON array ``[`` chunk ``]`` (one reused
    buffer, one reused parser): simdjson checks the syntax and ``as_buffer`` that every value
    below is a number; each element must be a list, and the chunk's ``[`` one more than its
    lists (nothing nested deeper: ``as_buffer`` would flatten it)."""
    try:
        import simdjson
    except ImportError:  # the ordinary parse reads the file
        return None
    if data[start] != _OPEN or data[end - 1] != _CLOSE:
        return None
    bounds = _chunk_bounds(data, start, end)
    if bounds is None:
        return None
    parser = simdjson.Parser()
    view = memoryview(data)
    buffer = bytearray(max((b - a for a, b in bounds), default=0) + 2)
    window = memoryview(buffer)
    flat = np.empty(0)
    used = 0
    lengths: list[int] = []
    array_type = simdjson.Array
    for a, b in bounds:
        n = b - a
        window[0] = _OPEN
        window[1:n + 1] = view[a:b]
        window[n + 1] = _CLOSE
        try:
            doc = parser.parse(window[:n + 2])
            if type(doc) is not array_type:
                return None
            numbers = np.frombuffer(doc.as_buffer(of_type="d"), dtype=np.float64)
            counts = [len(x) if type(x) is array_type else -1 for x in doc]
        except (ValueError, TypeError, RuntimeError):  # not JSON, not numbers, a number out of range
            return None
        finally:
            doc = None  # the parser is reused: no proxy of this chunk may outlive it
        if -1 in counts or sum(counts) != numbers.size:
            return None
        if np.count_nonzero(np.frombuffer(data, dtype=np.uint8, count=n, offset=a) == _OPEN) != len(counts):
            return None  # a list inside a list
        if used + numbers.size > flat.size:
            # one array for all the numbers, sized from the bytes per number seen so far (each
            # chunk's copy is freed at once and its memory reused: no pages to fault in per chunk)
            density = (used + numbers.size) / max(b - start, 1)
            grown = np.empty(max(int(density * (end - start) * 1.05) + 1024, 2 * flat.size, used + numbers.size))
            grown[:used] = flat[:used]
            flat = grown
        flat[used:used + numbers.size] = numbers
        used += numbers.size
        del numbers
        lengths += counts
    flat = flat[:used]
    return RaggedArray(flat, np.array(lengths, dtype=np.int64))


def loads(data: bytes, cut: list[tuple[int, int]] | None = None) -> dict[str, Any] | None:
    """Parse a large JSON object with its ragged number arrays as RaggedArray; None = use the slow path.
    ``cut`` receives the (start, end) of the bytes read as the ragged array."""
    if len(data) < MIN_BYTES or data[:1] != b"{":
        return None
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
