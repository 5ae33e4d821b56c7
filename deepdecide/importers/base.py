"""What every importer shares: the file's bytes read once, lazily parsed views of them, typed
access to parsed values that remembers the key path, and the importer interface.

An importer never raises anything but :class:`EvidenceImportError` for a bad file: every
accessor here turns a wrong type, a non-number or an out-of-range value into one, with the
key path (``benchmarks[0].metrics.request_latency``) or the line where it happened.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, AnyStr, ClassVar

import orjson

from deepdecide.domain.environment import EnvironmentCapture
from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import BenchmarkRun, ParityCheck, PredictionErrorRow, ProvenanceKind
from deepdecide.domain.flags import flag
from deepdecide.domain.formatting import localized
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import Message
from deepdecide.importers import bigjson

#: Largest evidence file accepted. Real benchmark files are at most a few hundred MB (a
#: ``--save-detailed`` vLLM run of 100k requests); parsing more than this would need several
#: GB of memory, so it is refused before a byte is read.
MAX_FILE_BYTES = 512 * 1024 * 1024

#: Largest integer accepted as a count (requests, tokens, GPUs): beyond it a float loses precision.
MAX_COUNT = 2**53

#: what an unlimited request rate (``inf``, ``-1``) is read as. The domain keeps it as ``math.inf``
#: ("max rate"; the workspace stores the string "inf") once the storage codec can write it; until
#: then it is None, which the domain also reads as unlimited.
UNLIMITED_RATE: float | None = None


@dataclass(frozen=True)
class ImportContext:
    """Facts the user supplies because a file may not hold them (DESIGN.md, data flow step 2).

    ``csv_mapping`` declares the columns of a generic CSV (normalized name -> column header);
    ``csv_units`` the unit of a latency column when it is not ms (``{"ttft_ms_mean": "s"}``);
    with ``csv_per_request`` each row is one request (map ``ttft_ms``, ``tpot_ms``, ``itl_ms``,
    ``e2e_ms``, ``e2e_per_token_ms``, ``input_tokens``, ``output_tokens``) and the rows are
    reduced to one run's statistics.
    """

    runtime: str = ""
    runtime_version: str = ""
    platform: str = ""
    gpu_count: int | None = None
    model: str = ""
    quantization: str = ""
    label: str = ""
    kind: ProvenanceKind | None = None  # who made the file; None = not said (own, unless the format says)
    # the facts above that the file *name* suggested and the user confirmed (recorded as such on each run)
    from_name: tuple[str, ...] = ()
    csv_mapping: tuple[tuple[str, str], ...] = ()
    csv_units: tuple[tuple[str, str], ...] = ()
    csv_per_request: bool = False  # generic CSV: one row per request, reduced to one run


@dataclass
class Parsed:
    """What an importer read from a file, before normalization and context are applied."""

    runs: list[BenchmarkRun] = field(default_factory=list)
    parity: list[ParityCheck] = field(default_factory=list)
    tool_version: str = ""
    notes: list[Message] = field(default_factory=list)
    model: str = ""  # the model the file's parity checks are about, when it says
    prediction_errors: list[PredictionErrorRow] = field(default_factory=list)  # a predictor's error table
    # what the file's own manifest says of its origin (kept in the provenance): the query it answers,
    # when it was retrieved, and its selection in words (rows returned, selected, excluded; coverage)
    source_url: str = ""
    retrieved_at: str = ""
    manifest: list[Message] = field(default_factory=list)
    # the file is a valid export whose selection is empty: it imports with no runs ("no observations")
    no_observations: bool = False
    environment: EnvironmentCapture | None = None  # an environment capture (importers.environment)


# ---------------------------------------------------------------------------------------------
# the file


def _lenient_constant(name: str) -> float:
    return {"Infinity": math.inf, "-Infinity": -math.inf, "NaN": math.nan}[name]


class _NotJson(Exception):
    def __init__(self, reason: str, line: int | None, *, duplicate: bool = False):
        self.reason = reason
        self.line = line
        self.duplicate = duplicate  # a duplicate key (not JSON Lines either: the records are objects)
        super().__init__(reason)


class Source:
    """One evidence file: its bytes (read once), and the views importers sniff and parse.

    Views are computed on first use and cached, so sniffing through every importer parses the
    file once. A view that cannot be built (the file is not JSON, say) is ``None``, and
    ``problems`` says why, so an unknown-format error can tell the user what was wrong.
    """

    def __init__(self, name: str, data: bytes, *, path: str = ""):
        self.name = name
        self.path = path or name
        self.raw = data  # the file's bytes as read (hashed, sized)
        self.data = data  # UTF-8 bytes of the content (a UTF-16/32 file is transcoded)
        self.encoding = "utf-8"
        self.bom = True  # a UTF-16/32 file had a byte-order mark (False: recognised by its zero bytes)
        self.problems: dict[str, tuple[str, int | None]] = {}
        self._cache: dict[str, Any] = {}
        self._duplicate_key = False  # the JSON view failed on a duplicate key
        #: values the file held that the run cannot keep (non-finite, overflowing, NaN cells):
        #: (line, key path, what it held); the registry turns them into quality flags
        self.dropped: list[list[Any]] = []  # [line, path, held, claimed by a run]
        for bom, encoding in _BOMS:
            if data.startswith(bom):
                self.encoding = encoding
                try:
                    self.data = data[len(bom):].decode(encoding).encode("utf-8", "surrogatepass")
                except UnicodeDecodeError as exc:
                    offset = exc.start + len(bom)
                    self.problems["encoding"] = (
                        _("starts with a {encoding} byte-order mark but is not valid {encoding} text (at byte offset "
                          "{offset}: {reason})").format(encoding=encoding.upper(), offset=offset, reason=exc.reason), None)
                break
        else:
            self._bomless(data)

    def _bomless(self, data: bytes) -> None:
        """UTF-16 or UTF-32 text without a byte-order mark, recognised by where the zero bytes of its
        first two characters fall (the rule of RFC 4627 for JSON; every result format starts with
        ASCII): "{" in UTF-16-BE is 00 7B. The whole file must then decode, to text without NUL;
        anything else is left to the binary-data check."""
        head = data[:4]
        if len(head) < 4 or b"\x00" not in head:
            return
        zero = "".join("0" if b == 0 else "x" for b in head)  # where the zero bytes of the first 4 bytes fall
        encoding = {"000x": "utf-32-be", "x000": "utf-32-le", "0x0x": "utf-16-be", "x0x0": "utf-16-le"}.get(zero)
        if encoding is None:
            return
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as exc:
            if _text_like(data[: exc.start].decode(encoding, "replace")):  # text, cut or damaged further on
                self.problems["encoding"] = (
                    _("looks like {encoding} text without a byte-order mark, but is not valid {encoding} (at byte "
                      "offset {offset}: {reason})").format(encoding=encoding.upper(), offset=exc.start,
                                                          reason=exc.reason), None)
            return  # else binary data that happens to start with zero bytes
        if "\x00" in text or not _text_like(text):
            return  # binary data after all
        self.encoding = encoding
        self.bom = False
        self.data = text.encode("utf-8", "surrogatepass")

    def drop(self, line: int | None, path: str, held: str | Message) -> None:
        """Remember a value the file held that is left empty on the run."""
        if len(self.dropped) < 1000:
            entry = [line, path, held, False]
            self.dropped.append(entry)
            _pending().append(entry)

    # ----- basic properties
    @property
    def first_byte(self) -> int | None:
        stripped = self.data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
        return stripped[0] if stripped else None

    def looks_binary(self) -> bool:
        if "encoding" in self.problems:
            return False
        head = self.data[:8192]
        return b"\x00" in head

    def error(self, reason: str, *, line: int | None = None, path: str = "",
              tried: tuple[str, ...] = ()) -> EvidenceImportError:
        return EvidenceImportError(reason, file=self.name, line=line, path=path, tried=tried)

    # ----- text
    @property
    def text(self) -> str | None:
        """The file as text (UTF-8, BOM removed, CRLF kept), or None when it is not UTF-8."""
        if "text" not in self._cache:
            if "encoding" in self.problems:
                self.problems["text"] = self.problems["encoding"]
                self._cache["text"] = None
                return None
            try:
                text = self.data.decode("utf-8")
            except UnicodeDecodeError as exc:
                line = self.data.count(b"\n", 0, exc.start) + 1
                self.problems["text"] = (_("not UTF-8 text (byte 0x{byte:02x} at offset {offset})").format(
                    byte=self.data[exc.start], offset=exc.start), line)
                text = None
            if text is not None and text.startswith("\ufeff"):
                text = text[1:]
            self._cache["text"] = text
        cached: str | None = self._cache["text"]
        return cached

    @property
    def lines(self) -> list[str]:
        if "lines" not in self._cache:
            # "\n" only: str.splitlines() also splits at U+2028, \x0c, \x1c ... which JSON strings
            # may hold, and the line numbers of errors would be wrong
            text = self.text
            self._cache["lines"] = [ln[:-1] if ln.endswith("\r") else ln for ln in text.split("\n")] \
                if text is not None else []
            if self._cache["lines"] and self._cache["lines"][-1] == "":
                self._cache["lines"].pop()
        lines: list[str] = self._cache["lines"]
        return lines

    # ----- JSON / JSONL
    @property
    def json(self) -> Any:
        """The whole file as one JSON value, or None (see ``problems['json']``)."""
        if "json" not in self._cache:
            self._cache["json"] = None
            if self.first_byte in (ord("{"), ord("[")):
                try:
                    self._cache["json"] = self._loads_document()
                except _NotJson as exc:
                    self.problems["json"] = (exc.reason, exc.line)
                    self._duplicate_key = exc.duplicate
            else:
                self.problems["json"] = (_("does not start with '{' or '['"), 1)
        return self._cache["json"]

    def _loads_document(self) -> Any:
        data = self.data[3:] if self.data.startswith(b"\xef\xbb\xbf") else self.data
        doc: Any = None
        cut: list[tuple[int, int]] = []
        if len(data) >= bigjson.MIN_BYTES:
            doc = bigjson.loads(data, cut)
        if doc is None:
            cut = []
            try:
                doc = orjson.loads(data)
            except orjson.JSONDecodeError:
                doc = None
        if doc is not None:
            # orjson keeps the last of duplicate keys silently. Every key is followed by one ':'
            # outside strings, so the file's colons equal the parsed keys plus the colons inside
            # strings exactly when no key was dropped (the ragged array bigjson cut out holds
            # only numbers); on a mismatch Python's parser finds the duplicate and its line
            if cut:
                (a, b), = cut
                colons = raw_colons(data, 0, a) + raw_colons(data, b)
            else:
                colons = raw_colons(data)
            if colons != colon_count(doc):
                text = self.text
                if text is not None:
                    _python_loads(text, 0)  # raises on the duplicate, with its line
            return doc
        # Python's parser accepts the bare Infinity / NaN SGLang writes, and big integers
        text = self.text
        if text is None:
            raise _NotJson(*self.problems["text"])
        return _python_loads(text, 0)

    @property
    def json_lines(self) -> list[tuple[int, Any]] | None:
        """Newline-separated JSON values as (line number, value), or None when that fails.

        A file holding a single JSON document also counts: it is one record on line 1. This is
        how vLLM ``--append-result`` files (objects separated by newlines, named ``.json``) and
        SGLang JSONL files are read.
        """
        if "json_lines" not in self._cache:
            self._cache["json_lines"] = None
            doc = self.json
            if doc is not None:
                self._cache["json_lines"] = [(1, doc)]
            elif (self.first_byte == ord("{") and self.text is not None
                  and not self._duplicate_key):
                records: list[tuple[int, Any]] = []
                try:
                    for number, line in enumerate(self.lines, start=1):
                        if not line.strip():
                            continue
                        value = _loads_line(line, number)
                        if not isinstance(value, dict):  # each record of JSON Lines is an object
                            raise _NotJson(_("expected one JSON object ({{...}}) per line, got {got}").format(
                                got=_json_kind(value)), number)
                        records.append((number, value))
                except _NotJson as exc:
                    self.problems["json_lines"] = (exc.reason, exc.line)
                else:
                    if len(records) > 1:
                        self._cache["json_lines"] = records
        json_lines: list[tuple[int, Any]] | None = self._cache["json_lines"]
        return json_lines

    # ----- CSV
    @property
    def looks_json(self) -> bool:
        return self.first_byte in (ord("{"), ord("["))

    @property
    def first_line(self) -> str:
        """The first line of a text file, lower-cased (cheap: decodes only the head)."""
        if self.looks_json:
            return ""
        head = self.data[:4096].lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0]
        return head.decode("utf-8", "replace").strip().lower()

    @property
    def csv_rows(self) -> list[tuple[int, list[str]]] | None:
        """All CSV rows as (line number, cells); empty rows kept as []. None if not CSV text."""
        if "csv" not in self._cache:
            self._cache["csv"] = None
            text = self.text if not self.looks_json else None
            if text is not None and "," in text[:4096]:
                try:
                    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
                    self._cache["csv"] = [(reader.line_num, row) for row in reader]
                except csv.Error as exc:
                    self.problems["csv"] = (_("not valid CSV: {reason}").format(reason=exc), None)
        rows: list[tuple[int, list[str]]] | None = self._cache["csv"]
        return rows


_LOCAL = threading.local()


def _pending() -> list[list[Any]]:
    """Values dropped on this thread since the last run was built (see ``take_dropped``)."""
    if not hasattr(_LOCAL, "pending"):
        _LOCAL.pending = []
    pending: list[list[Any]] = _LOCAL.pending
    return pending


def take_dropped() -> list[Message]:
    """The flags of the values dropped since the last call on this thread: a run being built
    claims what was dropped while its values were read."""
    pending = _pending()
    flags = []
    for entry in pending:
        entry[3] = True
        flags.append(dropped_flag(entry))
    pending.clear()
    return flags


def dropped_flag(entry: list[Any]) -> Message:
    line, path, held = entry[0], entry[1], entry[2]
    if line and path:
        return flag("import.dropped_line_path", line=line, path=path, held=held)
    if line:
        return flag("import.dropped_line", line=line, held=held)
    if path:
        return flag("import.dropped_path", path=path, held=held)
    return flag("import.dropped", held=held)


_BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
         (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def colon_count(doc: Any) -> int:
    """How many ``:`` a JSON text of this parsed value holds without duplicate keys: one per key
    of every object, plus those inside keys and strings (lists of numbers are skipped fast)."""
    n = 0
    stack = [doc]
    scalar = _SCALAR_TYPES
    while stack:
        x = stack.pop()
        t = type(x)
        if t is dict:
            n += len(x)
            for k, y in x.items():
                if ":" in k:
                    n += k.count(":")
                t = type(y)
                if t is dict or t is list:
                    stack.append(y)
                elif t is str:
                    n += y.count(":")
        elif t is list:
            types = set(map(type, x))
            if types <= scalar:
                if str in types:
                    n += ("".join(x) if types == {str} else "".join([y for y in x if type(y) is str])).count(":")
                continue
            for y in x:
                t = type(y)
                if t is dict or t is list:
                    stack.append(y)
                elif t is str:
                    n += y.count(":")
        elif t is str:
            n += x.count(":")
    return n


def raw_colons(data: bytes | str, start: int = 0, end: int | None = None) -> int:
    """The ``:`` in a JSON text, counting an escaped ``\\u003a`` as one."""
    end = len(data) if end is None else end
    if isinstance(data, bytes):
        return _colons(data, b":", b"\\u003", (b"\\u003a", b"\\u003A"), start, end)
    return _colons(data, ":", "\\u003", ("\\u003a", "\\u003A"), start, end)


def _colons(data: AnyStr, colon: AnyStr, esc: AnyStr, escapes: tuple[AnyStr, AnyStr], start: int, end: int) -> int:
    n = data.count(colon, start, end)
    if data.find(esc, start, end) != -1:
        n += sum(data.count(e, start, end) for e in escapes)
    return n


_SCALAR_TYPES = frozenset((int, float, str, bool, type(None)))


class _DuplicateKey(Exception):
    pass


def _pairs_no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


def _duplicate_line(text: str, key: str, first_line: int) -> int | None:
    """The line of the second ``"key":`` in the text (where the silent overwrite happens)."""
    needle = re.compile(re.escape(json.dumps(key)) + r"\s*:")
    hits = [m.start() for m in needle.finditer(text)]
    if len(hits) < 2:
        return None
    return first_line + text.count("\n", 0, hits[1])


def _python_loads(text: str, line: int) -> Any:
    """Python's parser (bare Infinity / NaN, big integers), refusing duplicate keys."""
    try:
        return json.loads(text, parse_constant=_lenient_constant, object_pairs_hook=_pairs_no_duplicates)
    except _DuplicateKey as exc:
        key = exc.args[0]
        raise _NotJson(_("duplicate key {key} in one object (which value is meant? a JSON reader would silently keep the last)").format(key=json.dumps(key)[:80]), _duplicate_line(text, key, line or 1),
                       duplicate=True) from None
    except json.JSONDecodeError as exc:
        raise _NotJson(_("not valid JSON: {reason} (column {column})").format(reason=exc.msg, column=exc.colno), (line or 1) + exc.lineno - 1) from None
    except (ValueError, RecursionError) as exc:  # int digit limit, nesting too deep
        raise _NotJson(_("not valid JSON: {reason}").format(reason=str(exc)[:200]), line or None) from None


def _text_like(text: str) -> bool:
    """Whether the start of a decoded text reads as text: at least 8 characters, none of them a
    control character but tab, CR and LF."""
    head = text[:512]
    return len(head) >= 8 and all(c.isprintable() or c in "\t\r\n" for c in head)


def _json_kind(value: Any) -> str:
    """A JSON value's kind, for a message: "a list", "a number", "a text", ..."""
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, bool) or value is None:
        return _("the literal {value}").format(value="null" if value is None else str(value).lower())
    if isinstance(value, (int, float)):
        return _("a number")
    return _("a text")


def _loads_line(line: str, number: int) -> Any:
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError:
        return _python_loads(line, number)
    if raw_colons(line) != colon_count(value):
        _python_loads(line, number)
    return value


# ---------------------------------------------------------------------------------------------
# typed access with key paths

_MISSING = object()


def join_path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_\-]*", key):
        return f"{path}.{key}" if path else key
    return f'{path}["{key}"]' if path else f'["{key}"]'


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("the boolean {value}").format(value=str(value).lower())
    if isinstance(value, dict):
        return _("an object")
    if isinstance(value, list):
        return _("a list")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_THOUSANDS = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class Node:
    """A parsed value plus where it is (file, line, key path); accessors raise located errors."""

    __slots__ = ("value", "path", "line", "src")

    def __init__(self, value: Any, src: Source, path: str = "", line: int | None = None):
        self.value = value
        self.src = src
        self.path = path
        self.line = line

    def fail(self, reason: str) -> EvidenceImportError:
        return self.src.error(reason, line=self.line, path=self.path)

    # structure
    @property
    def missing(self) -> bool:
        return self.value is _MISSING or self.value is None

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def __getitem__(self, key: str | int) -> Node:
        value = self.value
        if isinstance(key, int):
            item = value[key] if isinstance(value, list) and -len(value) <= key < len(value) else _MISSING
        else:
            item = value.get(key, _MISSING) if isinstance(value, dict) else _MISSING
        return Node(item, self.src, join_path(self.path, key), self.line)

    def get(self, *keys: str | int) -> Node:
        node = self
        for key in keys:
            node = node[key]
        return node

    def obj(self, *, required: bool = True) -> dict[str, Any]:
        if isinstance(self.value, dict):
            return self.value
        if self.missing and not required:
            return {}
        raise self.fail(_("expected an object, got {got}").format(got=_("nothing") if self.value is _MISSING else _describe(self.value)))

    def list(self, *, required: bool = True) -> list[Any]:
        if isinstance(self.value, list):
            return self.value
        if self.missing and not required:
            return []
        raise self.fail(_("expected a list, got {got}").format(got=_("nothing") if self.value is _MISSING else _describe(self.value)))

    def items(self) -> Iterator[tuple[str, Node]]:
        for key in self.obj(required=False):
            yield key, self[key]

    def elements(self) -> Iterator[Node]:
        for i in range(len(self.list(required=False))):
            yield self[i]

    # scalars
    def str(self, default: str = "") -> str:
        value = self.value
        if self.missing:
            return default
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{value:g}" if isinstance(value, float) else str(value)
        raise self.fail(_("expected text, got {got}").format(got=_describe(value)))

    def raw_number(self) -> float | None:
        """The value as a float (inf / nan allowed); None when absent. Accepts the strings tools
        write for numbers: ``"inf"``, ``"Infinity"``, ``"1,234.5"``."""
        value = self.value
        if self.missing:
            return None
        if isinstance(value, bool):
            raise self.fail(_("expected a number, got {got}").format(got=_describe(value)))
        if isinstance(value, (int, float)):
            try:
                return float(value)
            except OverflowError:  # an integer beyond a float's range
                self.src.drop(self.line, self.path, flag("import.held_digits", n=len(str(abs(value))))
                              if abs(value) < 10**4000 else flag("import.held_many_digits"))
                return math.nan
        if isinstance(value, str):
            text = value.strip()
            low = text.lower()
            if low in ("", "n/a", "na", "none", "null", "-"):
                return None
            if low in ("inf", "+inf", "infinity", "+infinity"):
                return math.inf
            if low in ("-inf", "-infinity"):
                return -math.inf
            if low == "nan":
                return math.nan
            if _THOUSANDS.match(text):
                text = text.replace(",", "")
            # float() also takes "1_000", "١٢" (other scripts' digits) and "infinity": only the
            # plain decimal spellings tools write are numbers
            if not _NUMBER.fullmatch(text):
                raise self.fail(_("expected a number, got {got}").format(got=_describe(value)))
            try:
                return float(text)
            except ValueError:
                raise self.fail(_("expected a number, got {got}").format(got=_describe(value))) from None
        raise self.fail(_("expected a number, got {got}").format(got=_describe(value)))

    def _drop_nonfinite(self) -> None:
        if not isinstance(self.value, int):  # a huge integer was remembered by raw_number
            held = repr(self.value) if isinstance(self.value, float) else _describe(self.value)
            self.src.drop(self.line, self.path, held)

    def num(self, scale: float = 1.0, *, allow_negative: bool = False) -> float | None:
        """A finite measurement times ``scale`` (unit conversion); absent gives None.

        A value the run cannot keep - NaN, an infinity, one that overflows when converted -
        also gives None, and is remembered (``Source.dropped``) so the run is flagged with
        what the file held and where, never dropped silently."""
        value = self.raw_number()
        if value is None:
            return None
        if not math.isfinite(value):
            self._drop_nonfinite()
            return None
        if value < 0 and not allow_negative:
            raise self.fail(_("expected a number >= 0, got {value}").format(value=localized(f"{value:g}")))
        result = value * scale
        if not math.isfinite(result):
            self.src.drop(self.line, self.path, flag("import.held_overflow", value=repr(value), scale=scale))
            return None
        return result

    def count(self) -> int | None:
        """A whole non-negative number (requests, tokens, GPUs)."""
        value = self.raw_number()
        if value is None:
            return None
        if math.isnan(value):
            self._drop_nonfinite()
            return None
        if math.isinf(value) or value < 0 or value > MAX_COUNT or value != int(value):
            raise self.fail(_("expected a whole number >= 0, got {got}").format(got=_describe(self.value)))
        return int(value)

    def unlimited(self) -> bool:
        """A request rate written as ``inf`` (any spelling) or -1: requests offered as fast as possible."""
        value = self.raw_number()
        return value is not None and (math.isinf(value) and value > 0 or value == -1)

    def rate(self) -> float | None:
        """A request rate: ``inf`` (any spelling) and -1 mean unlimited and give None."""
        value = self.raw_number()
        if value is None:
            return None
        if math.isnan(value):
            self._drop_nonfinite()
            return None
        if value == math.inf or value == -1:
            return UNLIMITED_RATE
        if value < 0:
            raise self.fail(_("expected a rate >= 0, got {value}").format(value=localized(f"{value:g}")))
        return value


def root(src: Source, value: Any, line: int | None = None, path: str = "") -> Node:
    return Node(value, src, path, line)


# ---------------------------------------------------------------------------------------------
# importer interface


class Importer:
    """One file format. Subclasses set the class attributes and implement ``sniff`` / ``parse``."""

    #: normalized tool name (benchmarks.md §13.1 ``source_tool``), e.g. "vllm_serve"
    tool: ClassVar[str] = ""
    #: what the user sees: "vLLM benchmark_serving / vllm bench serve (JSON)"
    description: ClassVar[str] = ""
    #: True when a file of this format holds reference values rather than measurements
    is_reference: ClassVar[bool] = False
    #: the provenance kind every file of this format has whatever the user says (estimators and
    #: simulators: ``predicted``); None when it depends on who made the file
    provenance_kind: ClassVar[ProvenanceKind | None] = None

    def sniff(self, src: Source) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:  # pragma: no cover - interface
        raise NotImplementedError


def json_records(src: Source) -> list[tuple[int | None, Any]]:
    """The records of a JSON or JSONL file; line numbers only for JSONL."""
    lines = src.json_lines
    if lines is None:
        return []
    if len(lines) == 1 and src.json is not None:
        return [(None, lines[0][1])]
    return [(n, v) for n, v in lines]


def first_record(src: Source) -> Any:
    lines = src.json_lines
    return lines[0][1] if lines else None
