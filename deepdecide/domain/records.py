"""``@record``: a frozen dataclass whose ``__eq__``, ``__hash__`` and ``__repr__`` are small closures
over its fields instead of methods compiled from source for each class.

``dataclasses.dataclass`` writes the source text of every method it adds and compiles it, class by
class (Python 3.11 compiles each method on its own): for a frozen class that is six compilations,
some 0.4 ms, paid by every process that imports the class; the domain and the analysis define about
a hundred. ``record`` lets dataclasses write ``__init__`` (and the frozen ``__setattr__`` and
``__delattr__``) as always and adds the other three from the field lists, with exactly the meaning
of the generated ones (Python 3.11's ``dataclasses``):

- ``a == b``: ``b`` of the very same class and the tuples of their compared fields equal
  (``NotImplemented`` for any other class);
- ``hash(a)``: the hash of the tuple of the fields that take part in the hash (``hash=`` of the
  field, else ``compare=``), the same number as the generated method's;
- ``repr(a)``: ``Name(field=repr(value), ...)`` over the fields with ``repr=True``, "..." for an
  object met again while its own repr is being written.

A method the class body defines itself is kept, as ``dataclass`` keeps it; a ``__hash__`` is added
whenever ``dataclass(frozen=True)`` would add one. The class is a dataclass in every other respect
(``dataclasses.fields``, ``replace``, ``asdict``, ``is_dataclass``); type checkers read ``record`` as
``dataclass(frozen=True)`` (``typing.dataclass_transform``).
"""

from __future__ import annotations

import dataclasses
import operator
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
    equality, hash and repr of the module text."""
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
    out: Any = dataclasses.dataclass(cls, frozen=True, eq=False, repr=False, slots=slots)
    fields = dataclasses.fields(out)
    if not own_eq:
        _set(out, "__eq__", _eq([f.name for f in fields if f.compare]))
    if not own_hash:
        _set(out, "__hash__", _hash([f.name for f in fields if (f.compare if f.hash is None else f.hash)]))
    if not own_repr:
        _set(out, "__repr__", _repr([f.name for f in fields if f.repr]))
    result: type[_T] = out
    return result


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
