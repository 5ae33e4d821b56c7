"""``@record``: a frozen dataclass whose methods are made without compiling one function per
method from source, as ``dataclasses.dataclass`` does class by class.

``dataclasses.dataclass(frozen=True)`` writes the source text of every method it adds and compiles
it (Python 3.11 compiles each method on its own, wrapped in a function that binds its names): for a
frozen class that is six compilations, some 0.4 ms, paid by every process that imports the class;
the domain and the analysis define about a hundred. ``record`` lets dataclasses find the fields
(``dataclass(init=False, eq=False, repr=False)``: no method compiled) and adds the methods itself,
with exactly the meaning of the generated ones (Python 3.11's ``dataclasses``):

- ``__init__``: one plain function compiled from the field list (the fastest way to set the fields,
  as the generated one: ``object.__setattr__`` per field), with the same parameters, defaults
  (a default factory shows as ``<factory>``), annotations and ``__post_init__`` call;
- assigning or deleting an attribute raises ``dataclasses.FrozenInstanceError`` (a closure over the
  field names, the test of the generated ``__setattr__`` and ``__delattr__``);
- ``a == b``: ``b`` of the very same class and the tuples of their compared fields equal
  (``NotImplemented`` for any other class);
- ``hash(a)``: the hash of the tuple of the fields that take part in the hash (``hash=`` of the
  field, else ``compare=``), the same number as the generated method's;
- ``repr(a)``: ``Name(field=repr(value), ...)`` over the fields with ``repr=True``, "..." for an
  object met again while its own repr is being written;
- with ``slots=True``, the ``__getstate__`` and ``__setstate__`` of a frozen dataclass with slots
  (pickles written by either read in the other).

A method the class body defines itself is kept, as ``dataclass`` keeps it (a body's own
``__setattr__`` or ``__delattr__`` is refused, as ``dataclass(frozen=True)`` refuses it); a
``__hash__`` is added whenever ``dataclass(frozen=True)`` would add one, and a class without a
docstring gets the one dataclasses write (its name and signature, made when first read). The class
is a dataclass in every other respect (``dataclasses.fields``, ``replace``, ``asdict``,
``is_dataclass``, ``__match_args__``); its ``__dataclass_params__`` says what ``dataclasses`` itself
made (``init`` and ``frozen`` false), so a record may inherit from a record but not from a
``dataclass(frozen=True)``, nor the other way round. A class with keyword-only fields or
``InitVar`` / ``ClassVar`` pseudo-fields is made by ``dataclass(frozen=True)`` itself (none of
deepdecide's records has one). Type checkers read ``record`` as ``dataclass(frozen=True)``
(``typing.dataclass_transform``).

``field_types(cls)`` is ``typing.get_type_hints(cls)`` for the codec and the validation walks, each
distinct annotation text evaluated once per module.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import operator
import sys
import types
import typing
from _thread import get_ident
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, slots: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[_T] | None = None, /, *, slots: bool = False) -> Any:
    """``@dataclass(frozen=True)`` (``slots=True``: ``@dataclass(frozen=True, slots=True)``) with the
    methods of the module text."""
    def wrap(c: type[_T]) -> type[_T]:
        return _record(c, slots)
    return wrap if cls is None else wrap(cls)


def _record(cls: type[_T], slots: bool) -> type[_T]:
    body = cls.__dict__
    own_eq = "__eq__" in body
    own_repr = "__repr__" in body
    class_hash = body.get("__hash__", dataclasses.MISSING)
    # as dataclasses decides: a class body with __eq__ and no __hash__ has __hash__ None, not its own
    own_hash = not (class_hash is dataclasses.MISSING or (class_hash is None and own_eq))
    if not _plain(cls):
        out: Any = dataclasses.dataclass(cls, frozen=True, eq=False, repr=False, slots=slots)
    else:
        for name in ("__setattr__", "__delattr__"):
            if name in body:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        own_doc = bool(body.get("__doc__"))
        own_init = "__init__" in body
        if not own_doc:  # dataclasses would write it from a signature without __init__: set below
            cls.__doc__ = cls.__name__
        out = dataclasses.dataclass(cls, init=False, eq=False, repr=False, slots=slots)
        fields = dataclasses.fields(out)
        if not own_init:
            _set(out, "__init__", _init(out, fields, slots))
        names = frozenset(f.name for f in fields)
        _set(out, "__setattr__", _frozen_setattr(out, names))
        _set(out, "__delattr__", _frozen_delattr(out, names))
        if slots:
            if "__getstate__" not in body:
                out.__getstate__ = _getstate
            if "__setstate__" not in body:
                out.__setstate__ = _setstate
        if not own_doc:
            out.__doc__ = _SIGNATURE_DOC
    fields = dataclasses.fields(out)
    if not own_eq:
        _set(out, "__eq__", _eq([f.name for f in fields if f.compare]))
    if not own_hash:
        _set(out, "__hash__", _hash([f.name for f in fields if (f.compare if f.hash is None else f.hash)]))
    if not own_repr:
        _set(out, "__repr__", _repr([f.name for f in fields if f.repr]))
    result: type[_T] = out
    return result


def _plain(cls: type) -> bool:
    """Whether ``record`` writes the methods of ``cls`` itself: no keyword-only field, no
    ``InitVar`` or ``ClassVar`` pseudo-field (an annotation naming one, read as text: a class that
    only seems to have one is made by dataclasses too, which costs only time) and no base made by
    ``dataclass(frozen=True)`` (else ``dataclass(frozen=True)`` makes them)."""
    for base in cls.__mro__[1:]:
        params = base.__dict__.get("__dataclass_params__")
        if params is not None and params.frozen:
            return False
    for name, tp in cls.__dict__.get("__annotations__", {}).items():
        text = tp if isinstance(tp, str) else repr(tp)
        if "KW_ONLY" in text or "InitVar" in text or "ClassVar" in text:
            return False
        value = cls.__dict__.get(name)
        if isinstance(value, dataclasses.Field) and value.kw_only is True:
            return False
    return True


class _SignatureDoc:
    """The ``__doc__`` of a record whose class body has no docstring: the text dataclasses write
    (the class name and the signature of ``__init__``), made when it is read (``Record.__doc__``,
    ``help``), not at every import. ``type.__doc__`` calls the ``__get__`` of the object the class
    holds as its ``__doc__``."""

    def __get__(self, obj: Any, owner: type | None = None) -> str:
        cls = owner if owner is not None else type(obj)
        try:
            text_sig = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            text_sig = ""
        return cls.__name__ + text_sig


_SIGNATURE_DOC = _SignatureDoc()


class _Factory:
    """The default of a parameter whose field has a default factory (shown as dataclasses show it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...], slots: bool) -> Callable[..., None]:
    """The ``__init__`` ``dataclass(frozen=True)`` would write for ``fields``: one function compiled
    from its text (no enclosing function: the defaults go into ``__defaults__``, the factories and
    ``object.__setattr__`` into the function's own globals)."""
    missing = dataclasses.MISSING
    this = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    env: dict[str, Any] = {"__name__": cls.__module__, "__record_set": object.__setattr__,
                           "__record_factory": _FACTORY}
    params: list[str] = []
    defaults: list[Any] = []
    lines: list[str] = []
    for f in fields:
        factory = f"__record_factory_{f.name}"
        if f.init:
            if f.default is not missing:
                defaults.append(f.default)
            elif f.default_factory is not missing:
                defaults.append(_FACTORY)
            elif defaults:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            params.append(f.name)
            value = f.name
            if f.default_factory is not missing:
                env[factory] = f.default_factory
                value = f"{factory}() if {f.name} is __record_factory else {f.name}"
        elif f.default_factory is not missing:
            env[factory] = f.default_factory
            value = f"{factory}()"
        elif slots and f.default is not missing:
            env[factory] = f.default
            value = factory
        else:
            continue  # read from the class attribute holding the default (or never set)
        lines.append(f"__record_set({this}, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        lines.append(f"{this}.__post_init__()")
    text = f"def __init__({', '.join([this, *params])}):\n" + "".join(f" {line}\n" for line in lines or ["pass"])
    exec(text, env)  # the text is made above from the field names only
    fn: Callable[..., None] = env["__init__"]
    fn.__defaults__ = tuple(defaults) or None
    fn.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return fn


def _frozen_setattr(cls: Any, names: frozenset[str]) -> Callable[[Any, str, Any], None]:
    frozen_error = dataclasses.FrozenInstanceError

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise frozen_error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)
    return __setattr__


def _frozen_delattr(cls: Any, names: frozenset[str]) -> Callable[[Any, str], None]:
    frozen_error = dataclasses.FrozenInstanceError

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise frozen_error(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __delattr__


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):  # as dataclasses read it
        object.__setattr__(self, f.name, value)


def _set(cls: type, name: str, fn: Callable[..., Any]) -> None:
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, fn)


def _tuple_of(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """``obj -> (obj.a, obj.b, ...)``, a tuple also for one field or none (as the generated code)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    many: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names)
    return many


def _eq(names: list[str]) -> Callable[[Any, Any], Any]:
    key = _tuple_of(names)

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash(names: list[str]) -> Callable[[Any], int]:
    key = _tuple_of(names)

    def __hash__(self: Any) -> int:
        return hash(key(self))
    return __hash__


def _repr(names: list[str]) -> Callable[[Any], str]:
    parts = [(f"{n}=", operator.attrgetter(n)) for n in names]
    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            name: str = self.__class__.__qualname__
            return name + "(" + ", ".join([label + repr(get(self)) for label, get in parts]) + ")"
        finally:
            running.discard(key)
    return __repr__


# ---------------------------------------------------------------------------------------------
# the types of the fields


def field_types(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints(cls)`` (the same dictionary) for a class whose annotations are texts
    (``from __future__ import annotations``), read once per class and each distinct text of a module
    evaluated once per process: a workspace's types name the same few dozen types hundreds of times,
    and ``get_type_hints`` compiles and evaluates every one of them anew for every class.

    A text is evaluated in its class's module, as ``get_type_hints`` evaluates it (the module's names
    first, then the class's own, then the builtins); a class whose annotations are not all texts of
    plain types (classes, ``X | Y``, ``tuple[X, ...]`` and the like of them, ``typing.Any``), or
    that names one of its own attributes, is read by ``typing.get_type_hints`` itself."""
    return dict(_field_types(cls))


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    hints: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        annotations = base.__dict__.get("__annotations__", {})
        if not isinstance(annotations, dict):
            continue
        module = sys.modules.get(base.__module__)
        namespace: dict[str, Any] = getattr(module, "__dict__", {})
        for name, text in annotations.items():
            tp = _evaluated(text, namespace, base) if isinstance(text, str) else _NOT_PLAIN
            if tp is _NOT_PLAIN:
                return typing.get_type_hints(cls)
            hints[name] = tp
    return hints


_NOT_PLAIN = object()
#: (module name, annotation text) -> (the module's namespace, the type the text names there)
_EVALUATED: dict[tuple[str, str], tuple[dict[str, Any], Any]] = {}
_CODE: dict[str, types.CodeType] = {}


def _evaluated(text: str, namespace: dict[str, Any], owner: type) -> Any:
    key = namespace.get("__name__", ""), text
    hit = _EVALUATED.get(key)
    if hit is not None and hit[0] is namespace:
        return hit[1]
    try:
        code = _CODE.get(text)
        if code is None:  # the same text in several modules: compiled once, evaluated in each
            code = _CODE[text] = compile(text, "<string>", "eval")
        # get_type_hints looks a name up in the module, then in the class: a name only the class
        # holds means another type for another class
        if any(n in owner.__dict__ and n not in namespace for n in code.co_names):
            return _NOT_PLAIN
        tp = eval(code, namespace)  # an annotation of the code itself, evaluated as typing evaluates it
    except Exception:  # as typing.get_type_hints would raise it
        return _NOT_PLAIN
    if tp is None:
        tp = type(None)
    if not _plain_type(tp):
        return _NOT_PLAIN
    _EVALUATED[key] = namespace, tp
    return tp


def _plain_type(tp: Any) -> bool:
    """A type ``get_type_hints`` returns as it is: a class, ``typing.Any``, or a union or built-in
    generic (``tuple[X, ...]``, ``dict[K, V]``) of such (no text, no ``typing`` alias to look into)."""
    if tp is Any or tp is Ellipsis:
        return True
    if isinstance(tp, (types.UnionType, types.GenericAlias)):
        return all(_plain_type(a) for a in tp.__args__)
    return isinstance(tp, type)
