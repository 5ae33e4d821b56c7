"""Dataclass <-> plain data (dicts, lists, scalars), driven by the domain's type hints.

``from_data`` is the format's validator for structure: every error names the key path
and says what was expected; an unknown key gets a "did you mean". ``json_schema`` derives
the JSON Schema from the same type hints, so the two cannot drift apart. The SLO
(``domain.slo.SLO``) is the one value stored by a table rather than by its type hints: a flat
mapping with one key per limit of ``domain.slo.LIMITS``.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, get_args, get_origin

from deepdecide.domain import flags
from deepdecide.domain.common import OMIT_UNSET
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.evidence import UNLIMITED
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import Message
from deepdecide.domain.slo import SLO, limits


class UnstorableValueError(ValidationError):
    """A value the stored form cannot hold (a non-finite number, text that is not valid Unicode).
    Reaching the codec with one is a bug of the code that made the value: it is refused, naming the
    key path, so that no file is written that ``validate`` would refuse."""


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


def _default_of(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        names = [_type_name(a) for a in get_args(tp)]
        out = names[-1]
        for first in reversed(names[:-1]):
            out = _("{first} or {second}").format(first=first, second=out)
        return out
    if origin is tuple:
        return _("a list of {type}").format(type=_type_name(get_args(tp)[0]))
    if tp is type(None):
        return "null"
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _("one of {values}").format(values=", ".join(repr(m.value) for m in tp))
    if tp is Message:
        return _("a quality flag (a text, or a mapping with an id)")
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _("a mapping ({name})").format(name=tp.__name__)
    simple: dict[Any, str] = {str: _("a string"), int: _("an integer"), float: _("a number"), bool: _("true or false")}
    return simple.get(tp) or str(getattr(tp, "__name__", tp))


def _expected(tp: Any, data: Any) -> str:
    return _("expected {expected}, got {got}").format(expected=_type_name(tp), got=_describe(data))


def describe(value: Any) -> str:
    """A value of a document as a message names it: "null", "a list", "the boolean True", "'abc'"."""
    return _describe(value)


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("the boolean {value!r}").format(value=value)
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def from_data(tp: Any, data: Any, path: str = "") -> Any:
    """Build a value of type ``tp`` from plain data; raise ValidationError at the first problem.

    ValidationErrors raised here carry only the key path; the caller adds file and line.

    A decoder compiled once per type reads valid data without building key paths; at the first
    problem the data is read again by the path-tracking reader below, which raises the error."""
    try:
        return _decoder(tp)(data)
    except Exception:
        return _from_data(tp, data, path)


class _Bad(Exception):
    """The fast decoder met something it does not accept: read again with paths for the message."""


_BAD = _Bad()


@cache
def _decoder(tp: Any) -> Any:
    """A function data -> value for ``tp`` that accepts exactly what ``_from_data`` accepts (and
    returns the same value), raising ``_Bad`` otherwise."""
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = get_args(tp)
        optional = type(None) in args
        non_none = [a for a in args if a is not type(None)]
        inner = [_decoder(a) for a in non_none]
        if len(inner) == 1:
            one = inner[0]
            if optional:
                return _optional_leaf(non_none[0]) or (lambda data: None if data is None else one(data))
            return one

        def union(data: Any) -> Any:
            if data is None and optional:
                return None
            for dec in inner:
                try:
                    return dec(data)
                except _Bad:
                    continue
            raise _BAD
        return union
    if origin is tuple:
        item = _decoder(get_args(tp)[0])

        def seq(data: Any) -> Any:
            if not isinstance(data, list):
                raise _BAD
            return tuple(map(item, data))
        return seq
    if tp is Message:  # a quality flag: {id, params} or literal text (domain.flags)
        def message(data: Any) -> Any:
            try:
                return flags.from_data(data)
            except flags.FlagDataError:
                raise _BAD from None
        return message
    if tp is SLO:
        return _slo_decoder
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        # a member by its value (most values: a dictionary lookup); anything else as ``tp(data)`` reads it
        members = {m.value: m for m in tp}

        def enum(data: Any) -> Any:
            try:
                return members[data]
            except (KeyError, TypeError):
                pass
            try:
                return tp(data)
            except (ValueError, TypeError):
                raise _BAD from None
        return enum
    if tp is bool:
        return _boolean
    if tp is int:
        return _integer
    if tp is float:
        return _number
    if tp is str:
        return _text
    if tp is Any:
        return lambda data: data

    def never(data: Any) -> Any:
        raise _BAD
    return never


# The decoders of the plain types: the exact class a file's data holds is looked at first (most
# values), then the general tests of ``_from_data``.
_isfinite = math.isfinite


def _boolean(data: Any) -> Any:
    if data is True or data is False:
        return data
    raise _BAD


def _integer(data: Any) -> Any:
    if data.__class__ is int or (isinstance(data, int) and not isinstance(data, bool)):
        return data
    raise _BAD


def _number(data: Any) -> Any:
    if data.__class__ is float:
        if _isfinite(data):
            return data
        raise _BAD
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        value = float(data)
        if _isfinite(value):
            return value
    raise _BAD


def _text(data: Any) -> Any:
    if data.__class__ is str and data.isascii():
        return data
    if isinstance(data, str):
        if not data.isascii():
            try:
                data.encode("utf-8")
            except UnicodeEncodeError:
                raise _BAD from None  # a lone surrogate: the tracking reader says where
        return data
    # YAML turns unquoted dates and numbers into non-strings: accept them as their text
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return str(data)
    if hasattr(data, "isoformat"):
        return data.isoformat()
    raise _BAD


def _optional_text(data: Any) -> Any:
    if data.__class__ is str and data.isascii():
        return data
    return None if data is None else _text(data)


def _optional_number(data: Any) -> Any:
    if data.__class__ is float and _isfinite(data):
        return data
    return None if data is None else _number(data)


def _optional_integer(data: Any) -> Any:
    if data.__class__ is int:
        return data
    return None if data is None else _integer(data)


def _optional_leaf(tp: Any) -> Any:
    """The decoder of ``tp | None`` for a plain type in one function (a field of most records)."""
    return {str: _optional_text, float: _optional_number, int: _optional_integer}.get(tp)


def _unlimited(dec: Any, marker: Any) -> Any:
    """``dec`` for a field that writes infinity as ``marker`` (``"inf"``), refusing a float infinity."""
    inf, isinf = math.inf, math.isinf

    def decode(value: Any) -> Any:
        if value == marker:
            return inf
        if isinstance(value, float) and isinf(value):
            raise _BAD
        return dec(value)
    return decode


def _slo_decoder(data: Any) -> Any:
    """An SLO from its flat mapping, limit by limit of the table as it is now (``domain.slo``)."""
    if not isinstance(data, dict):
        raise _BAD
    keys = {entry.key for entry in limits()}
    values = {}
    for key, value in data.items():
        if key not in keys:
            raise _BAD
        values[key] = _optional_number(value)
    return SLO(values)


def _dataclass_decoder(cls: type) -> Any:
    hints = _hints(cls)
    fields = {f.name: f for f in _fields(cls) if f.init}
    # key -> (the field's own name, its decoder), made at the first value decoded (a dataclass may refer
    # to itself: its own decoder exists by then). A key that is no field is not in it (KeyError); a
    # required field left out makes the call refuse its arguments (TypeError, as for a missing argument).
    # The keyword passed is the field's own name object: the call matches it to the parameter by
    # identity (a key read from a file is an equal, other object, compared character by character with
    # each parameter name in turn).
    plan: dict[str, tuple[str, Any]] = {}

    def make_plan() -> None:
        for name, f in fields.items():
            marker = f.metadata.get(UNLIMITED)
            dec = _decoder(hints[name])
            plan[name] = (name, dec if marker is None else _unlimited(dec, marker))

    def decode(data: Any) -> Any:
        if not isinstance(data, dict):
            raise _BAD
        if not plan:
            make_plan()
        kwargs = {}
        try:
            for key, value in data.items():
                name, dec = plan[key]
                kwargs[name] = dec(value)
            return cls(**kwargs)
        except (KeyError, TypeError):
            raise _BAD from None
    return decode


def _from_data(tp: Any, data: Any, path: str = "") -> Any:
    """``from_data`` with the key path of every value (slow; used to report a problem)."""
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) == 1:
            return _from_data(non_none[0], data, path)
        errors = []
        for a in non_none:
            try:
                return _from_data(a, data, path)
            except ValidationError as exc:
                errors.append(exc)
        raise ValidationError(_expected(tp, data), path=path)
    if origin is tuple:
        (item_tp, *_rest) = get_args(tp)
        if not isinstance(data, list):
            raise ValidationError(_expected(tp, data), path=path)
        return tuple(_from_data(item_tp, item, _join(path, i)) for i, item in enumerate(data))
    if tp is Message:
        try:
            return flags.from_data(data)
        except flags.FlagDataError as exc:
            raise ValidationError(_("not a quality flag: {reason}").format(reason=exc), path=path) from None
    if tp is SLO:
        return _slo_from_data(data, path)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_from_data(tp, data, path)
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(data)
        except ValueError:
            allowed = [m.value for m in tp]
            import difflib

            hint = difflib.get_close_matches(str(data), allowed, n=1)
            reason = (_("unknown value {value}: expected {expected} (did you mean {hint!r}?)") if hint
                      else _("unknown value {value}: expected {expected}"))
            raise ValidationError(reason.format(value=_describe(data), expected=_type_name(tp),
                                                hint=hint[0] if hint else ""), path=path) from None
    if tp is bool:
        if isinstance(data, bool):
            return data
    elif tp is int:
        if isinstance(data, int) and not isinstance(data, bool):
            return data
    elif tp is float:
        if isinstance(data, (int, float)) and not isinstance(data, bool):
            value = float(data)
            if not math.isfinite(value):
                raise ValidationError(_("expected a finite number, got {got}").format(got=_describe(data)), path=path)
            return value
    elif tp is str:
        if isinstance(data, str):
            if not data.isascii():
                _check_text(data, path)
            return data
        # YAML turns unquoted dates and numbers into non-strings: accept them as their text
        if isinstance(data, (int, float)) and not isinstance(data, bool):
            return str(data)
        if hasattr(data, "isoformat"):
            return data.isoformat()
    elif tp is Any:
        return data
    raise ValidationError(_expected(tp, data), path=path)


def _check_text(text: str, path: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError(_("invalid text: a lone surrogate (U+{code:04X}) at position {pos}").format(
            code=ord(text[exc.start]), pos=exc.start + 1), path=path) from None


def _unknown_key(key: Any, known: list[str], path: str) -> ValidationError:
    import difflib

    hint = difflib.get_close_matches(str(key), known, n=1)
    reason = (_("unknown key {key!r}; did you mean {hint!r}?") if hint
              else _("unknown key {key!r}; expected one of: {keys}"))
    return ValidationError(reason.format(key=key, hint=hint[0] if hint else "", keys=", ".join(known)),
                           path=_join(path, str(key)))


def _slo_from_data(data: Any, path: str) -> SLO:
    if not isinstance(data, dict):
        raise ValidationError(_expected(SLO, data), path=path)
    known = [entry.key for entry in limits()]
    values = {}
    for key, value in data.items():
        if key not in known:
            raise _unknown_key(key, known, path)
        values[key] = _from_data(float | None, value, _join(path, key))
    return SLO(values)


def _dataclass_from_data(cls: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise ValidationError(_expected(cls, data), path=path)
    hints = _hints(cls)
    fields = {f.name: f for f in _fields(cls) if f.init}
    for key in data:
        if key not in fields:
            raise _unknown_key(key, list(fields), path)
    kwargs = {}
    for name, f in fields.items():
        if name in data:
            value = data[name]
            marker = f.metadata.get(UNLIMITED)
            if marker is not None and value == marker:
                kwargs[name] = math.inf
                continue
            if marker is not None and isinstance(value, float) and math.isinf(value):
                raise ValidationError(_("write an unlimited value as the string {marker!r}, not {value}").format(
                    marker=marker, value=value), path=_join(path, name))
            kwargs[name] = _from_data(hints[name], value, _join(path, name))
        elif _default_of(f) is dataclasses.MISSING:
            raise ValidationError(_("missing required key {name!r} ({type})").format(
                name=name, type=_type_name(hints[name])), path=path)
    return cls(**kwargs)


def to_data(obj: Any, *, omit_defaults: bool = True, path: str = "") -> Any:
    """Turn a domain value into plain data (the inverse of ``from_data``).

    With ``omit_defaults`` a field equal to its default is left out (readable files);
    without it every field is written (canonical form for hashing), and a number in a field of type
    ``float`` is written as a float even where the value is an int (``weight=1`` set by code): the
    canonical form is the one its own decoding writes again (``from_data`` reads such a field as a
    float), a fixed point after one encode. A non-finite number is never
    written: math.inf in a field that allows it (an unlimited request rate) becomes ``"inf"``; any
    other raises UnstorableValueError naming the key path, and so does text with a lone surrogate.

    Values are written without building key paths; at the first problem the value is written again
    by the path-tracking writer, which raises the error naming its key path.
    """
    if not path:
        try:
            return _to_fast(obj, omit_defaults)
        except Exception:
            pass
    return _to_data(obj, omit_defaults=omit_defaults, path=path)


#: how a field's type holds numbers that are floats (``_float_kind``)
_NOT_FLOAT, _FLOAT, _FLOATS = 0, 1, 2


def _float_kind(tp: Any) -> int:
    """``_FLOAT`` for ``float`` (or ``float | None``), ``_FLOATS`` for a tuple of them, else ``_NOT_FLOAT``."""
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        return _float_kind(args[0]) if len(args) == 1 else _NOT_FLOAT
    if origin is tuple:
        return _FLOATS if _float_kind(get_args(tp)[0]) == _FLOAT else _NOT_FLOAT
    return _FLOAT if tp is float else _NOT_FLOAT


@cache
def _plan(cls: type) -> tuple[tuple[str, Any, Any, int, bool], ...]:
    hints = _hints(cls)
    return tuple((f.name, _default_of(f), f.metadata.get(UNLIMITED), _float_kind(hints[f.name]),
                  bool(f.metadata.get(OMIT_UNSET))) for f in _fields(cls))


def _as_float(value: Any, kind: int) -> Any:
    """A number of a float field as the float that ``from_data`` reads it as (ints, exactly; a bool
    stays a bool, which the decoder refuses)."""
    try:
        if kind == _FLOAT:
            return float(value) if value.__class__ is int else value
        if (value.__class__ is tuple or value.__class__ is list) and any(v.__class__ is int for v in value):
            return [float(v) if v.__class__ is int else v for v in value]
    except OverflowError:  # an int no float holds: written as it is, and refused where it is read
        pass
    return value


_MISSING = dataclasses.MISSING


def _to_fast(obj: Any, omit: bool) -> Any:
    cls = obj.__class__
    if cls is str:
        if not obj.isascii():
            obj.encode("utf-8")  # a lone surrogate raises: the tracking writer names the key path
        return obj
    if cls is int or cls is bool or obj is None:
        return obj
    if cls is float:
        if not math.isfinite(obj):
            raise ValueError("non-finite")
        if obj.is_integer() and abs(obj) < 2**53:
            return int(obj) if omit else obj
        return obj
    if cls is tuple or cls is list:
        return [_to_fast(v, omit) for v in obj]
    if cls is Message:
        return _message_data(obj, "")
    if cls is SLO:
        return _slo_data(obj, omit, "")
    if hasattr(cls, "__dataclass_fields__") and not isinstance(obj, type):
        out: dict[str, Any] = {}
        for name, default, marker, floats, omit_unset in _plan(cls):
            value = getattr(obj, name)
            if (omit or omit_unset) and default is not _MISSING and value == default:
                continue
            if marker is not None and isinstance(value, float) and value == math.inf:
                out[name] = marker
                continue
            if floats and not omit:
                value = _as_float(value, floats)
            out[name] = _to_fast(value, omit)
        return out
    return _to_data(obj, omit_defaults=omit, path="")  # enums and anything else: as the tracking writer


def _message_data(m: Message, path: str) -> Any:
    """A quality flag as stored (``domain.flags.to_data``); refuses what no file may hold."""
    data = flags.to_data(m)

    def check(v: Any) -> None:
        if isinstance(v, float) and not math.isfinite(v):
            raise UnstorableValueError(f"the non-finite number {v} cannot be stored in a quality flag; this is a "
                                       "bug of the code that made it", path=path)
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise UnstorableValueError(f"text with an invalid character (U+{ord(v[exc.start]):04X}, a lone "
                                           "surrogate) cannot be stored", path=path) from None
        elif isinstance(v, dict):
            for x in v.values():
                check(x)
        elif isinstance(v, list):
            for x in v:
                check(x)
    check(data)
    return data


def _slo_data(slo: SLO, omit: bool, path: str) -> dict[str, Any]:
    """An SLO as its flat mapping, in the order of the table. A saved file (``omit``) leaves out each
    limit at its default; the canonical form holds every limit that is not optional (its default
    too) and an optional one only once it is set, so the inputs of a record made before that limit
    existed keep their bytes."""
    out: dict[str, Any] = {}
    for entry, value in slo.items():
        if value == entry.default and (omit or entry.optional):
            continue
        out[entry.key] = _to_data(value if omit else _as_float(value, _FLOAT), omit_defaults=omit,
                                  path=_join(path, entry.key))
    return out


def _to_data(obj: Any, *, omit_defaults: bool = True, path: str = "") -> Any:
    if isinstance(obj, Message):
        return _message_data(obj, path)
    if isinstance(obj, SLO):
        return _slo_data(obj, omit_defaults, path)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        hints = _hints(type(obj))
        for f in _fields(type(obj)):
            value = getattr(obj, f.name)
            if omit_defaults or f.metadata.get(OMIT_UNSET):
                default = _default_of(f)
                if default is not dataclasses.MISSING and value == default:
                    continue
            marker = f.metadata.get(UNLIMITED)
            if marker is not None and isinstance(value, float) and value == math.inf:
                out[f.name] = marker
                continue
            if not omit_defaults:
                value = _as_float(value, _float_kind(hints[f.name]))
            out[f.name] = _to_data(value, omit_defaults=omit_defaults, path=_join(path, f.name))
        return out
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, (tuple, list)):
        return [_to_data(v, omit_defaults=omit_defaults, path=_join(path, i)) for i, v in enumerate(obj)]
    if isinstance(obj, float):
        if not math.isfinite(obj):
            raise UnstorableValueError(f"the non-finite number {obj} cannot be stored (only an unlimited request "
                                       "rate may be infinite); this is a bug of the code that made it", path=path)
        if obj.is_integer() and abs(obj) < 2**53:
            return int(obj) if omit_defaults else obj
        return obj
    if isinstance(obj, str):
        try:
            obj.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise UnstorableValueError(f"text with an invalid character (U+{ord(obj[exc.start]):04X}, a lone "
                                       f"surrogate) at position {exc.start + 1} cannot be stored", path=path) from None
    return obj


# ---------------------------------------------------------------------------------------------
# JSON Schema


def _slo_schema() -> dict[str, Any]:
    """The SLO's flat mapping: a number or null per limit of the table, described by its help."""
    props = {entry.key: {"anyOf": [{"type": "number"}, {"type": "null"}], "description": " ".join(entry.help.split())}
             for entry in limits()}
    return {"type": "object", "properties": props, "additionalProperties": False,
            "description": " ".join((SLO.__doc__ or "").split("\n\n")[0].split())}


def json_schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = get_args(tp)
        return {"anyOf": [json_schema_of(a, defs) for a in args]}
    if origin is tuple:
        return {"type": "array", "items": json_schema_of(get_args(tp)[0], defs)}
    if tp is type(None):
        return {"type": "null"}
    if tp is Message:
        return {"anyOf": [{"type": "string", "description": "a flag's literal text"},
                          {"type": "object", "description": "a flag by id (domain/flags.py) and its parameters",
                           "properties": {"id": {"type": "string"}, "params": {"type": "object"},
                                          "template": {"type": "string"}},
                           "required": ["id"], "additionalProperties": False}]}
    if tp is SLO:
        defs["SLO"] = _slo_schema()
        return {"$ref": "#/$defs/SLO"}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder against recursion
            hints = _hints(tp)
            props = {}
            required = []
            for f in _fields(tp):
                if not f.init:
                    continue
                props[f.name] = json_schema_of(hints[f.name], defs)
                marker = f.metadata.get(UNLIMITED)
                if marker is not None:
                    props[f.name] = {"anyOf": [*props[f.name]["anyOf"], {"const": marker}]}
                if _default_of(f) is dataclasses.MISSING:
                    required.append(f.name)
            schema: dict[str, Any] = {
                "type": "object",
                "properties": props,
                "additionalProperties": False,
            }
            if tp.__doc__ and not tp.__doc__.startswith(f"{name}("):
                schema["description"] = " ".join(tp.__doc__.split())
            if required:
                schema["required"] = required
            defs[name] = schema
        return {"$ref": f"#/$defs/{name}"}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"enum": [m.value for m in tp]}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        # YAML reads unquoted dates and numbers as such; the loader accepts them as text
        return {"type": ["string", "number"]}
    return {}
