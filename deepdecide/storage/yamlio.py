"""Safe YAML reading with the line of every key path, and atomic writing.

Only plain YAML is accepted: mappings, sequences and the standard scalar types. Anchors
and aliases are refused (they are how "billion laughs" files blow up), so are explicit
tags such as ``!!python/object``, and so are duplicate keys. Timestamps stay text.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import yaml

from deepdecide.domain.collector import paused
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.i18n import _
from deepdecide.domain.userfiles import read_user_file, refuse_non_regular_target
from deepdecide.domain.validation import (
    MAX_FILE_BYTES,
    MAX_INTEGER,
    MAX_INTEGER_DIGITS,
    MAX_NESTING_DEPTH,
    MAX_STRING_CHARS,
)

TEMP_SUFFIX = ".deepdecide-save"  # temporary files of a save: ".<name>.<pid>.<random>.deepdecide-save"

_STANDARD_TAGS = {
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases while composing, and nesting deeper than
    MAX_NESTING_DEPTH (PyYAML composes recursively: a deep file would raise RecursionError)."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:  # PyYAML hook
        if self.check_event(yaml.MappingStartEvent, yaml.SequenceStartEvent):
            if self._depth >= MAX_NESTING_DEPTH:
                event = self.peek_event()
                raise ValidationError(
                    _('the YAML is nested more than {max_nesting_depth} levels deep (mappings and lists inside each other); a deepdecide file needs far fewer').format(max_nesting_depth=MAX_NESTING_DEPTH), line=event.start_mark.line + 1)
            self._depth += 1
            try:
                return self._compose_checked(parent, index)
            finally:
                self._depth -= 1
        return self._compose_checked(parent, index)

    def _compose_checked(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise ValidationError(
                _('YAML aliases (*{anchor}) are not allowed in deepdecide files').format(anchor=event.anchor),
                line=event.start_mark.line + 1,
            )
        event = self.peek_event()
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise ValidationError(
                _('YAML anchors (&{anchor}) are not allowed in deepdecide files').format(anchor=anchor),
                line=event.start_mark.line + 1,
            )
        return super().compose_node(parent, index)


class LocatedData:
    """Plain data read from YAML plus the line of each key path (``options[2].cost``).

    The lines may be worked out only when first asked for (``locate``): a valid file needs none, and
    tracking the key path of every value costs more than reading the values."""

    #: paths looked up one by one (``find``) before every line is worked out at once (``locate``)
    FIND_LIMIT = 16

    def __init__(self, data: Any, lines: dict[str, int] | None, file: str,
                 locate: Callable[[], dict[str, int]] | None = None,
                 find: Callable[[str], int | None] | None = None):
        self.data = data
        self._lines = lines
        self._locate = locate
        self._find = find  # the line of one path (or of its nearest ancestor), without the others
        self._found: dict[str, int | None] = {}
        self.file = file
        self.sha256 = ""  # of the bytes read, when read from a file (``read_yaml_file``)

    @property
    def lines(self) -> dict[str, int]:
        if self._lines is None:
            self._lines = self._locate() if self._locate is not None else {}
            self._locate = None
        return self._lines

    def line_of(self, path: str) -> int | None:
        """The line of ``path`` or of its nearest ancestor that has one."""
        if self._lines is None and self._find is not None:
            if path not in self._found:
                if len(self._found) >= self.FIND_LIMIT:  # many lookups: work every line out once
                    self._find = None
                    return self.line_of(path)
                self._found[path] = self._find(path)
            return self._found[path]
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_DIRECT = frozenset({"tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", _INT, "tag:yaml.org,2002:float"})
_ScalarNode, _MappingNode, _SequenceNode = yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode


def _scalar(node: yaml.ScalarNode, path: str, ctor: yaml.SafeLoader) -> Any:
    tag = node.tag
    if tag == _STR:  # most values: no constructor call (SafeConstructor returns node.value too)
        value = node.value
        if len(value) > 1000 or not value.isascii():
            _check_text(value, node, path)
        return value
    if tag not in _STANDARD_TAGS:
        raise ValidationError(_('the YAML tag {tag!r} is not allowed (only plain YAML)').format(tag=tag),
                              line=node.start_mark.line + 1, path=path)
    if tag == _TIMESTAMP:
        return node.value  # keep dates as written: "2026-11-29"
    if tag == _INT:
        digits = sum(c.isdigit() for c in node.value)
        if digits > MAX_INTEGER_DIGITS:
            raise ValidationError(_('an integer of {digits} digits is not allowed (at most {max_integer:,})').format(digits=digits, max_integer=MAX_INTEGER),
                                  line=node.start_mark.line + 1, path=path)
    # null, bool, int, float: their constructors return the value; anything else (a !!map tag on a
    # scalar, say) goes through construct_object, which refuses it as it always has
    try:
        value = ctor.yaml_constructors[tag](ctor, node) if tag in _DIRECT else ctor.construct_object(node)
    except (ValueError, TypeError, OverflowError):  # an explicit tag on a value it does not fit: !!int abc
        raise ValidationError(_('{value!r} is not a valid {value2}').format(value=node.value, value2=tag.rsplit(':', 1)[-1]),
                              line=node.start_mark.line + 1, path=path) from None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INTEGER:
        raise ValidationError(_('the integer {value:,} is too large (at most {max_integer:,})').format(value=value, max_integer=MAX_INTEGER),
                              line=node.start_mark.line + 1, path=path)
    return value


def _construct(node: yaml.Node, path: str, lines: dict[str, int], ctor: yaml.SafeLoader) -> Any:
    if path not in lines:
        lines[path] = node.start_mark.line + 1
    cls = node.__class__
    if cls is _ScalarNode:
        return _scalar(cast(yaml.ScalarNode, node), path, ctor)
    if node.tag not in _STANDARD_TAGS:
        raise ValidationError(
            _('the YAML tag {tag!r} is not allowed (only plain YAML)').format(tag=node.tag),
            line=node.start_mark.line + 1,
            path=path,
        )
    if cls is _MappingNode:
        out: dict[Any, Any] = {}
        prefix = f"{path}." if path else ""
        for key_node, value_node in node.value:
            if key_node.__class__ is not _ScalarNode or key_node.tag not in _STANDARD_TAGS:
                raise ValidationError(_('mapping keys must be plain scalars'), line=key_node.start_mark.line + 1, path=path)
            key = _scalar(key_node, path, ctor)
            if key in out:
                raise ValidationError(
                    _('duplicate key {key!r}').format(key=key), line=key_node.start_mark.line + 1, path=_join(path, str(key))
                )
            child = prefix + (key if key.__class__ is str else str(key))
            lines[child] = key_node.start_mark.line + 1
            if value_node.__class__ is _ScalarNode:
                out[key] = _scalar(value_node, child, ctor)
            else:
                out[key] = _construct(value_node, child, lines, ctor)
        return out
    if cls is _SequenceNode:
        return [_construct(v, f"{path}[{i}]", lines, ctor) for i, v in enumerate(node.value)]
    raise ValidationError(_('unexpected YAML node {name}').format(name=cls.__name__), line=node.start_mark.line + 1, path=path)


def _check_text(text: str, node: yaml.Node, path: str) -> None:
    if len(text) > MAX_STRING_CHARS:
        raise ValidationError(_('a text of {n:,} characters is too long (at most {max_string_chars:,})').format(n=len(text), max_string_chars=MAX_STRING_CHARS),
                              line=node.start_mark.line + 1, path=path)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValidationError(_('invalid text: a lone surrogate (U+{value:04X}, written as an escape) at character {value2}').format(value=ord(text[exc.start]), value2=exc.start + 1), line=node.start_mark.line + 1,
                                  path=path) from None


#: PyYAML's C (libyaml) loader when the installed PyYAML has it; None otherwise
_CLoader: Any = None
if hasattr(yaml, "CSafeLoader"):
    class _CLoader(yaml.CSafeLoader):  # type: ignore[no-redef]
        """libyaml's composer with the safe resolver's answer for each (text, style) remembered: a
        workspace repeats the same keys and values thousands of times, and the resolver runs a
        regular expression per scalar. The tag depends on nothing else (no path resolvers)."""

        def __init__(self, stream: Any) -> None:
            super().__init__(stream)
            self._tags: dict[tuple[str, Any], str] = {}

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            base: Callable[[Any, Any, Any], Any] = super().resolve  # unannotated in types-PyYAML
            if kind is yaml.ScalarNode:
                key = (value, implicit)
                tag = self._tags.get(key)
                if tag is None:
                    tag = self._tags[key] = base(kind, value, implicit)
                return tag
            return base(kind, value, implicit)

# an anchor (&a), alias (*a) or tag (!t) indicator can only start a node (and so can "?", a complex
# key): after whitespace, a flow indicator or at the start of the text. A text where none of these
# occurs cannot hold one; a text where one does (perhaps only inside a quoted string) is read by the
# checking Python loader (libyaml and PyYAML also resolve some tags differently: "!" alone).
_BEFORE_INDICATOR = frozenset("[]{},")


def _maybe_anchor(text: str, indicators: str = "&*!?") -> bool:
    """Whether an indicator may start a node: one of ``indicators`` at the start of the text or after
    whitespace or a flow indicator (looked for at each indicator found, not at every character)."""
    for ch in indicators:  # str.find per indicator: a scan of the text at memory speed, not a pattern's
        i = text.find(ch)
        while i >= 0:
            if i == 0 or text[i - 1].isspace() or text[i - 1] in _BEFORE_INDICATOR:
                return True
            i = text.find(ch, i + 1)
    return False


_FLOW_QUESTION = re.compile(r"^[^#\n]*[\[{][^\n]*\?", re.MULTILINE)


def _maybe_flow_question(text: str) -> bool:
    """Whether a "?" may stand inside a flow collection ("{r?le: x}"): PyYAML ends a plain scalar
    there and refuses the text, libyaml reads on. Looks for a "?" after a bracket on one line (the
    flow collections deepdecide writes, and a hand-edit of one line)."""
    return "?" in text and _FLOW_QUESTION.search(text) is not None


#: the characters below U+0080 that PyYAML's reader accepts (``Reader.NON_PRINTABLE`` refuses the others)
_ASCII_PRINTABLE = bytes([0x09, 0x0A, 0x0D, *range(0x20, 0x7F)])


def _printable(text: str) -> bool:
    """Whether PyYAML's reader accepts every character of ``text`` (no ``Reader.NON_PRINTABLE``); for an
    ASCII text by deleting the accepted bytes (what is left is refused), much faster than the pattern."""
    if text.isascii():
        return not text.encode("ascii").translate(None, _ASCII_PRINTABLE)
    return yaml.reader.Reader.NON_PRINTABLE.search(text) is None


def _parse_fast(text: str, file: str) -> LocatedData | None:
    """Parse with libyaml, building the data straight from its events with every check of
    ``_construct`` (tags, anchors, aliases, duplicate keys, integer size, text length) and the nesting
    depth, but no key paths: the line of each key path is worked out only when asked for (an error or
    a warning to locate), by ``_scan`` (one path) or ``_locate_fast`` (every path). Returns None when
    the text may hold what only the Python loader refuses with a located message (an anchor, alias,
    non-printable character, or a tab, which libyaml accepts in places PyYAML does not), or on any
    problem at all: ``parse_yaml`` then locates a broken rule with ``_scan``, or parses with the
    Python loader, which reports it exactly as it always has. The C parser itself stops at 1,000
    levels of nesting, so it cannot recurse away."""
    if _CLoader is None or _precheck_refuses(text):
        return None
    read = _read_fast(text, file)
    return read if isinstance(read, LocatedData) else None


def _read_fast(text: str, file: str) -> LocatedData | BaseException | None:
    """``_parse_fast``'s work: the data, or why the event reader stopped (a broken rule, a refused
    construct, a YAML syntax error), or None (anything else, or not tried)."""
    loader = _CLoader(text)
    try:
        data = _data_from_events(loader)
    except (ValidationError, _Refused, yaml.YAMLError) as exc:
        return exc
    except Exception:  # anything else: the Python loader reports it
        return None
    finally:
        loader.dispose()
    return LocatedData(data, None, file, locate=lambda: _locate_fast(text, file),
                       find=lambda path: _scan(text, file, path))


def _precheck_refuses(text: str) -> bool:
    """Whether a text may hold what only the Python loader refuses with a located message (see
    ``_parse_fast``): it is read by the Python loader. A long text ("R & D" somewhere in 50 MB) is
    not sent there for what only may be an anchor or alias: libyaml reports both as events, which the
    event reader refuses (and then the Python loader reports them)."""
    indicators = "!?" if len(text) >= _BIG_TEXT else "&*!?"
    return _maybe_anchor(text, indicators) or _maybe_flow_question(text) or "\t" in text or not _printable(text)


#: a text this long whose YAML syntax libyaml refuses is reported in libyaml's words (the Python
#: loader would take a second per megabyte to find the same error)
_BIG_TEXT = 1 << 20


def _syntax_error(exc: yaml.YAMLError, file: str) -> ValidationError:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        reason = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        return ValidationError(_('not valid YAML: {reason}').format(reason=reason), file=file,
                               line=mark.line + 1 if mark else None)
    return ValidationError(_('not valid YAML: {exc}').format(exc=exc), file=file)


def _scan(text: str, file: str, want: str | None = None) -> int | None:
    """Read the events of a text the fast reader read (or refused) keeping the key path of each node,
    with the checks ``_construct`` and the Python loader make: a broken rule of a value, a duplicate
    key or nesting deeper than MAX_NESTING_DEPTH raises the same located ValidationError (file,
    line, key path). With ``want``, returns the line ``LocatedData.line_of(want)`` gives (of the
    path, or of its nearest ancestor), reading no further than needed. Iterative: a stack of open
    collections. What it cannot read (an alias, a tag, a syntax error) it leaves to the Python loader:
    without ``want`` it then returns None, having found nothing."""
    assert _CLoader is not None
    wanted: set[str] = set()
    if want is not None:
        at = want
        while True:
            wanted.add(at)
            if not at:
                break
            cut = max(at.rfind("."), at.rfind("["))
            at = at[:cut] if cut > 0 else ""
    found: dict[str, int] = {}
    deepest = ""  # the longest wanted path seen
    loader = _CLoader(text)
    plain: dict[str, Any] = {}
    try:
        get = loader.get_event
        if get().__class__ is not yaml.StreamStartEvent or get().__class__ is not yaml.DocumentStartEvent:
            raise _Refused
        # each open collection: [is a mapping, its path, next index or the pending key's path, keys seen]
        stack: list[list[Any]] = []
        while True:
            event = get()
            cls = event.__class__
            if cls is _MappingEndEvent or cls is _SequenceEndEvent:
                frame = stack.pop()
                if want is not None and frame[1] in wanted:
                    break  # everything below a wanted path is seen: no deeper one follows
                if not stack:
                    break
                continue
            if cls is not _ScalarEvent and cls is not _MappingStartEvent and cls is not _SequenceStartEvent:
                raise _Refused  # an alias, a second document, anything else
            if event.tag is not None or event.anchor is not None:
                raise _Refused
            line: int = event.start_mark.line + 1
            if not stack:
                path = ""
            else:
                top = stack[-1]
                if top[0]:  # a mapping: a key, or the value of the pending key
                    if top[2] is None:
                        if cls is not _ScalarEvent:
                            raise _Refused  # a collection as a key
                        key = _event_value(event, top[1], plain, loader)
                        if key in top[3]:
                            raise ValidationError(_('duplicate key {key!r}').format(key=key), file=file, line=line,
                                                  path=_join(top[1], str(key)))
                        top[3].add(key)
                        child = (f"{top[1]}." if top[1] else "") + (key if key.__class__ is str else str(key))
                        top[2] = child
                        if want is not None and child in wanted and child not in found:
                            found[child] = line
                            deepest = max(deepest, child, key=len)
                            if child == want:
                                return line
                        continue
                    path, top[2] = top[2], None
                else:
                    path = f"{top[1]}[{top[2]}]"
                    top[2] += 1
                    if want is not None and path in wanted and path not in found:
                        found[path] = line
                        deepest = max(deepest, path, key=len)
                        if path == want:
                            return line
            if not stack and want is not None and "" in wanted:
                found[""] = line
                if want == "":
                    return line
            if cls is _ScalarEvent:
                _event_value(event, path, plain, loader)
                if not stack:
                    break
                continue
            if len(stack) >= MAX_NESTING_DEPTH:
                raise ValidationError(
                    _('the YAML is nested more than {max_nesting_depth} levels deep (mappings and lists inside each other); a deepdecide file needs far fewer').format(max_nesting_depth=MAX_NESTING_DEPTH),
                    file=file, line=line)
            stack.append([cls is _MappingStartEvent, path, None if cls is _MappingStartEvent else 0, set()])
    except ValidationError as exc:
        exc.file = file
        raise
    except (yaml.YAMLError, _Refused):
        if want is None:
            return None
    finally:
        loader.dispose()
    return found[deepest] if deepest in found else found.get("")


def _event_value(event: Any, path: str, plain: dict[str, Any], loader: Any) -> Any:
    """A scalar event's value with the checks of ``_scalar`` (a text too long, a lone surrogate, an
    integer too large), an error naming ``path``."""
    try:
        if event.implicit[0]:
            item = plain.get(event.value, _NO_KEY)
            if item is _NO_KEY:
                item = plain[event.value] = _plain_value(event.value, event, loader)
            return item
        value = event.value
        if len(value) > 1000 or not value.isascii():
            _check_text(value, event, path)
        return value
    except ValidationError as exc:
        exc.path = exc.path or path
        raise


def _locate_fast(text: str, file: str) -> dict[str, int]:
    """The line of every key path of a text ``_parse_fast`` read: libyaml's nodes with their marks,
    constructed by ``_construct`` (the same data, which it checks again)."""
    assert _CLoader is not None
    loader = _CLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[str, int] = {}
        if node is not None:  # nested no deeper than MAX_NESTING_DEPTH: _parse_fast read it
            _construct(node, "", lines, loader)
            return lines
    except Exception:  # cannot happen for a text _parse_fast read; then the Python loader's lines
        pass
    finally:
        loader.dispose()
    try:
        return _parse_checked(text, file).lines
    except ValidationError:
        return {}


class _Refused(Exception):
    """The event reader met what it leaves to the located readers."""


_NO_KEY: Any = object()
_ScalarEvent, _MappingStartEvent, _SequenceStartEvent = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
_MappingEndEvent, _SequenceEndEvent = yaml.MappingEndEvent, yaml.SequenceEndEvent

# The first characters for which the safe resolver tries a pattern (a plain scalar starting with any
# other character is a string; SafeLoader has no wildcard or path resolvers), and the plain numbers
# read without the resolver and the constructors: a decimal fraction without "_" (YAML 1.1 wants a
# sign in the exponent: "1e3" is a string) and a decimal integer of at most 15 digits (within
# MAX_INTEGER). For these the resolver's first pattern (float, then int) is the one that matches, and
# the constructors compute ``float(text)`` and ``int(text)`` (a sign times the unsigned value: the
# same number, -0.0 included).
_RESOLVED_FIRST = frozenset(k for k in yaml.SafeLoader.yaml_implicit_resolvers if k)
_PLAIN_FLOAT = re.compile(r"-?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?\Z").match
_PLAIN_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,14})\Z").match


def _plain_value(value: str, event: Any, loader: Any) -> Any:
    """The value of a plain scalar's text: what ``_scalar`` makes of the node the resolver tags."""
    if _PLAIN_FLOAT(value) is not None:  # most texts not met before: the measured numbers
        return float(value)
    if value[:1] not in _RESOLVED_FIRST and value:  # a string (the empty text is null)
        if len(value) > 1000 or not value.isascii():
            _check_text(value, event, "")
        return value
    if _PLAIN_INT(value) is not None:
        return int(value)
    return _scalar(yaml.ScalarNode(loader.resolve(yaml.ScalarNode, value, (True, False)), value), "", loader)


def _data_from_events(loader: Any) -> Any:
    """The plain data of a single-document stream, built from libyaml's events without nodes: the
    same values ``_construct`` makes of the composed nodes (each plain scalar text resolved and
    constructed once), refusing (``_Refused``) a tag, anchor, alias, duplicate key, collection as a key,
    nesting deeper than MAX_NESTING_DEPTH, a second document, or any value ``_scalar`` refuses.

    Each collection is read by one call of ``_collection`` (recursion no deeper than the nesting
    limit), its items by a loop over the events that knows where it is: no stack of open collections
    and keys."""
    get = loader.get_event
    if get().__class__ is not yaml.StreamStartEvent or get().__class__ is not yaml.DocumentStartEvent:
        raise _Refused
    plain: dict[str, Any] = {}  # plain scalar text -> its value
    event = get()
    cls = event.__class__
    if cls is _ScalarEvent:
        root = _scalar_event(event, plain, loader)
    elif cls is _MappingStartEvent or cls is _SequenceStartEvent:
        if event.tag is not None or event.anchor is not None:
            raise _Refused
        root = _collection(cls is _MappingStartEvent, get, plain, loader, 1)
    else:  # an alias, or anything else
        raise _Refused
    if get().__class__ is not yaml.DocumentEndEvent or get().__class__ is not yaml.StreamEndEvent:
        raise _Refused
    return root


def _scalar_event(event: Any, plain: dict[str, Any], loader: Any) -> Any:
    if event.tag is not None or event.anchor is not None:
        raise _Refused
    value = event.value
    if event.implicit[0]:
        item = plain.get(value, _NO_KEY)
        if item is _NO_KEY:
            item = plain[value] = _plain_value(value, event, loader)
        return item
    if len(value) > 1000 or not value.isascii():
        _check_text(value, event, "")
    return value


def _collection(mapping: bool, get: Any, plain: dict[str, Any], loader: Any, depth: int) -> Any:
    """The items of the collection whose start event was just read, up to its end event; ``depth``:
    the collections open, this one included."""
    out: Any = {} if mapping else []
    key: Any = _NO_KEY
    end = _MappingEndEvent if mapping else _SequenceEndEvent
    while True:
        event = get()
        cls = event.__class__
        if cls is _ScalarEvent:  # _scalar_event written inline (most events are scalars): keep the two alike
            if event.tag is not None or event.anchor is not None:
                raise _Refused
            value = event.value
            if event.implicit[0]:
                item = plain.get(value, _NO_KEY)
                if item is _NO_KEY:
                    item = plain[value] = _plain_value(value, event, loader)
            else:
                item = value
                if len(value) > 1000 or not value.isascii():
                    _check_text(value, event, "")
        elif cls is _MappingStartEvent or cls is _SequenceStartEvent:
            if event.tag is not None or event.anchor is not None or depth >= MAX_NESTING_DEPTH or key is _NO_KEY \
                    and mapping:  # a collection as a key
                raise _Refused
            item = _collection(cls is _MappingStartEvent, get, plain, loader, depth + 1)
        elif cls is end:
            if key is not _NO_KEY:
                raise _Refused
            return out
        else:  # an alias, or anything else
            raise _Refused
        if not mapping:
            out.append(item)
        elif key is _NO_KEY:
            if item in out:  # a duplicate key
                raise _Refused
            key = item
        else:
            out[key] = item
            key = _NO_KEY


def parse_yaml(text: str, file: str = "") -> LocatedData:
    """Parse YAML text into plain data with line numbers; raise ValidationError on any problem.

    The C parser reads every text it can (about ten times faster); a rule a text breaks there (a
    text too long, a duplicate key, nesting too deep) is located by reading its events again
    (``_scan``), with the Python loader's message; anything else it cannot read, or that might break
    a rule only the Python loader checks, is read by the Python loader, whose message (file, line,
    key path) is the one reported. A syntax error in a text above ``_BIG_TEXT`` is reported in
    libyaml's words (the Python loader takes about a second per megabyte to find it)."""
    if _CLoader is None or _precheck_refuses(text):
        return _parse_checked(text, file)
    read = _read_fast(text, file)
    if isinstance(read, LocatedData):
        return read
    if isinstance(read, (ValidationError, _Refused)):
        # a rule broken (a text too long, a duplicate key, too deep): the event scan finds it with its key
        # path, as the Python loader would, without reading the text character by character in Python
        # (tens of seconds for tens of megabytes); what the scan leaves, the Python loader reports
        _scan(text, file)
    elif isinstance(read, yaml.YAMLError) and len(text) >= _BIG_TEXT:
        raise _syntax_error(read, file)  # libyaml's own words for the syntax error, at once
    return _parse_checked(text, file)


def _parse_checked(text: str, file: str = "") -> LocatedData:
    """The Python loader: refuses anchors, aliases and deep nesting while composing."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        raise ValidationError(_('not valid YAML: {reason} (character {character!r})').format(reason=exc.reason, character=exc.character), file=file, line=line) from None
    try:
        try:
            node = loader.get_single_node()
        except ValidationError as exc:  # an anchor or alias refused while composing: name the file
            exc.file = file
            raise
        except yaml.reader.ReaderError as exc:
            line = text[: exc.position].count("\n") + 1
            raise ValidationError(_('not valid YAML: {reason} (character {character!r})').format(reason=exc.reason, character=exc.character), file=file, line=line) from None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            mark_line = mark.line + 1 if mark else None
            reason = " ".join(str(p) for p in (exc.context, exc.problem) if p)
            raise ValidationError(_('not valid YAML: {reason}').format(reason=reason), file=file, line=mark_line) from None
        except yaml.YAMLError as exc:
            raise ValidationError(_('not valid YAML: {exc}').format(exc=exc), file=file) from None
        except RecursionError:
            raise ValidationError(_('the YAML is nested too deeply'), file=file) from None
        if node is None:
            raise ValidationError(_('the file is empty'), file=file)
        lines: dict[str, int] = {}
        try:
            data = _construct(node, "", lines, loader)
        except ValidationError as exc:
            exc.file = file
            raise
        except yaml.YAMLError as exc:
            raise ValidationError(_('not valid YAML: {exc}').format(exc=exc), file=file) from None
        except RecursionError:
            raise ValidationError(_('the YAML is nested too deeply'), file=file) from None
    finally:
        loader.dispose()
    return LocatedData(data, lines, file)


def read_yaml_file(path: str | os.PathLike[str]) -> LocatedData:
    """Read and parse a YAML file; every failure is a ValidationError naming the file. A folder,
    FIFO, socket or device is refused before it is opened (``domain.userfiles``)."""
    name = os.fsdecode(path)
    raw = read_user_file(path, max_bytes=MAX_FILE_BYTES, too_large=lambda size: _(
        'the file is {size:,} bytes, larger than any workspace ({max_file_bytes:,})').format(
        size=size, max_file_bytes=MAX_FILE_BYTES))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ValidationError(_('not UTF-8 text (byte {start})').format(start=exc.start), file=name, line=line) from None
    if "\x00" in text:
        raise ValidationError(_('contains NUL bytes: not a text file'), file=name, line=text[: text.index("\x00")].count("\n") + 1)
    located = parse_yaml(text, name)
    located.sha256 = hashlib.sha256(raw).hexdigest()
    return located


class _Dumper(yaml.SafeDumper):
    pass


def _str_presenter(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_presenter)

_CDumper: Any = None
if hasattr(yaml, "CSafeDumper"):
    class _CDumper(yaml.CSafeDumper):  # type: ignore[no-redef]  # libyaml's emitter, same representers
        pass

    _CDumper.add_representer(str, _str_presenter)


_DUMP_OPTIONS: dict[str, Any] = {"sort_keys": False, "allow_unicode": True, "width": 100, "default_flow_style": False}


def dump_yaml(data: Any) -> str:
    """The YAML text of plain ``data``: the same text as ``dump_yaml_library`` (the reference), built
    faster (``_FastDumper``: nodes made directly from the plain values, the collector paused while
    the tree of nodes is built and written); data holding any other type of value goes the library's
    way, which refuses it as always."""
    if _CDumper is None:
        return dump_yaml_library(data)
    with paused():  # a node per value: the collector would walk the growing tree again and again
        try:
            root = _nodes(data)
        except _NotPlain:
            return dump_yaml_library(data)
        stream = io.StringIO()
        dumper = _FastDumper(stream, default_style=None, canonical=None, indent=None, line_break=None,
                             encoding=None, version=None, tags=None, explicit_start=None, explicit_end=None,
                             **_DUMP_OPTIONS)
        try:
            dumper.open()
            dumper.serialize(root)
            dumper.close()
        finally:
            dumper.dispose()
        return stream.getvalue()


def dump_yaml_library(data: Any) -> str:
    """The YAML text of ``data`` as PyYAML's representer makes it (libyaml's emitter where present):
    the reference ``dump_yaml`` must match byte for byte (tests/storage/test_yaml_dump.py)."""
    return str(yaml.dump(data, Dumper=_CDumper or _Dumper, **_DUMP_OPTIONS))


class _NotPlain(Exception):
    """A value ``_nodes`` does not build (not exactly a str, int, float, bool, None, dict or list)."""


_STR_TAG = "tag:yaml.org,2002:str"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_INF = yaml.SafeDumper.inf_value


def _nodes(data: Any) -> yaml.Node:
    """The node tree SafeRepresenter (with ``_str_presenter``, ``default_flow_style=False``, keys in
    their order) builds for ``data``, made directly: one function, no dispatch per value. A dict or
    list met twice is the same node, as the representer's (the emitter gives it an anchor)."""
    scalar, mapping, sequence = yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode
    seen: dict[int, yaml.Node] = {}

    def node(value: Any) -> yaml.Node:
        kind = type(value)
        if kind is str:
            return scalar(_STR_TAG, value, style="|" if "\n" in value else None)
        if kind is float:
            if value != value or (value == 0.0 and value == 1.0):
                text = ".nan"
            elif value == _INF:
                text = ".inf"
            elif value == -_INF:
                text = "-.inf"
            else:
                text = repr(value).lower()
                if "." not in text and "e" in text:
                    text = text.replace("e", ".0e", 1)
            return scalar(_FLOAT_TAG, text)
        if kind is dict or kind is list:
            known = seen.get(id(value))
            if known is not None:
                return known
            items: list[Any] = []
            if kind is dict:
                made: yaml.Node = mapping("tag:yaml.org,2002:map", items, flow_style=False)
                seen[id(value)] = made
                for k, v in value.items():
                    items.append((node(k), node(v)))
            else:
                made = sequence("tag:yaml.org,2002:seq", items, flow_style=False)
                seen[id(value)] = made
                for v in value:
                    items.append(node(v))
            return made
        if kind is bool:
            return scalar("tag:yaml.org,2002:bool", "true" if value else "false")
        if kind is int:
            return scalar("tag:yaml.org,2002:int", str(value))
        if value is None:
            return scalar("tag:yaml.org,2002:null", "null")
        raise _NotPlain

    return node(data)


if _CDumper is not None:
    class _FastDumper(_CDumper):  # type: ignore[misc,unused-ignore]
        """libyaml's emitter asks the resolver twice per scalar whether its text reads back as its tag.
        Without path resolvers (none are added) the answer to the first question depends only on the
        text, so it is kept per dump, and the second (no implicit resolvers asked) is always the default
        scalar tag."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._resolved: dict[str, str] = {}

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            if kind is yaml.ScalarNode and not self.yaml_path_resolvers:
                if not implicit[0]:
                    return self.DEFAULT_SCALAR_TAG
                got = self._resolved.get(value)
                if got is None:
                    got = self._resolved[value] = super().resolve(kind, value, implicit)
                return got
            return super().resolve(kind, value, implicit)


STALE_AFTER_S = 3600  # a temporary file of a save older than this, or whose process is gone, is stale
_TEMP_RE = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + r"\Z")


def save_target(path: str | os.PathLike[str]) -> Path:
    """The file a save to ``path`` must replace: through any symlinks, the file they point to (so the link
    stays a link and the real file is updated, as editors do)."""
    target = Path(path)
    if target.is_symlink():
        return Path(os.path.realpath(target))
    return target


def stale_temp_files(target: str | os.PathLike[str], *, now: float | None = None) -> list[Path]:
    """Temporary files left beside ``target`` by earlier saves that were killed: named
    ``.<target name>.<pid>.<random>.deepdecide-save``, and either older than STALE_AFTER_S or written by a
    process that no longer runs. Nothing else is ever matched."""
    t = Path(target)
    folder = t.parent if str(t.parent) else Path(".")
    now = time.time() if now is None else now
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        m = _TEMP_RE.match(entry.name)
        if not m or m.group("name") != t.name:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if age > STALE_AFTER_S or not _process_alive(int(m.group("pid"))):
            found.append(Path(entry.path))
    return found


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # exists (another user's), or cannot tell: keep the file
    return True


def atomic_write_bytes(path: str | os.PathLike[str], payload: bytes) -> None:
    """Write ``payload`` to ``path`` so that the file is either the old one or the new one:
    temporary file in the same folder, fsync, rename, fsync of the folder. A symlink is followed (the
    file it points to is replaced, the link kept); stale temporary files of earlier killed saves of the
    same file are removed. Only a regular file or nothing is ever replaced: a target (through its
    links) that is a folder, FIFO, socket or device raises ``NotARegularFile`` (an ``OSError``)
    before anything is written."""
    target = save_target(path)
    refuse_non_regular_target(target)  # never rename over a device, FIFO, socket or folder
    folder = target.parent if str(target.parent) else Path(".")
    for stale in stale_temp_files(target):
        with contextlib.suppress(OSError):
            stale.unlink()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.chmod(tmp, os.stat(target).st_mode & 0o777)
        except FileNotFoundError:
            os.chmod(tmp, 0o644)
        refuse_non_regular_target(target)  # again, just before the rename: it may have been swapped
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (fsync of the folder); where the platform cannot open a
    folder for that (Windows), nothing."""
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
