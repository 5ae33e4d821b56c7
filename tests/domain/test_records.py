"""``domain.records.record`` means what ``dataclass(frozen=True)`` means: the same equality, hash,
repr, immutability and dataclass functions, for classes with and without slots, with field options,
methods of their own, inheritance and recursion."""

from __future__ import annotations

import dataclasses
import math
import typing
from dataclasses import dataclass, field

import pytest

from deepdecide.domain.records import record


def _pair(slots: bool = False):
    """The same class body made by ``record`` and by ``dataclass(frozen=True)``."""
    def body(deco):
        @deco
        class Point:
            """A point."""

            x: float
            y: float = 0.0
            label: str = field(default="", compare=False)
            secret: str = field(default="s", repr=False)
            tag: str = field(default="t", hash=False)
            extra: tuple[int, ...] = ()
        return Point
    ours = body(record(slots=True) if slots else record)
    theirs = body(dataclass(frozen=True, slots=True) if slots else dataclass(frozen=True))
    return ours, theirs


VALUES = [
    dict(x=1.0), dict(x=1.0, y=2.0), dict(x=1.0, label="other"), dict(x=1.0, tag="u"), dict(x=math.nan),
    dict(x=1.0, extra=(1, 2)), dict(x=-0.0), dict(x=0.0), dict(x=1, y=True),
]


@pytest.mark.parametrize("slots", [False, True])
def test_equality_hash_and_repr_are_the_dataclass_ones(slots):
    ours, theirs = _pair(slots)
    nan = math.nan
    for a in [*VALUES, dict(x=nan)]:
        oa, ta = ours(**a), theirs(**a)
        assert repr(oa) == repr(ta)
        assert hash(oa) == hash(ta)
        for b in VALUES:
            ob, tb = ours(**b), theirs(**b)
            assert (oa == ob) == (ta == tb), (a, b)
            assert (oa != ob) == (ta != tb), (a, b)
    same = nan  # one NaN object in both: equal through the tuples' identity check, as dataclasses do
    assert (ours(x=same) == ours(x=same)) == (theirs(x=same) == theirs(x=same)) is True
    assert ours(x=1.0) != theirs(x=1.0)  # another class: NotImplemented both ways
    assert ours(x=1.0).__eq__(3) is NotImplemented
    assert ours.__eq__.__qualname__ == "Point.__eq__" or ours.__eq__.__qualname__.endswith("Point.__eq__")


@pytest.mark.parametrize("slots", [False, True])
def test_frozen_and_a_dataclass_in_every_other_respect(slots):
    ours, theirs = _pair(slots)
    p = ours(x=1.0, y=2.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3.0  # type: ignore[misc]
    assert dataclasses.is_dataclass(p)
    assert [f.name for f in dataclasses.fields(ours)] == [f.name for f in dataclasses.fields(theirs)]
    assert dataclasses.replace(p, y=5.0) == ours(x=1.0, y=5.0)
    assert dataclasses.asdict(p) == dataclasses.asdict(theirs(x=1.0, y=2.0))
    import copy

    assert copy.deepcopy(p) == p and copy.copy(p) is not None
    assert ours.__doc__ == theirs.__doc__ == "A point."
    assert ours.__match_args__ == theirs.__match_args__
    assert hasattr(ours, "__slots__") == slots == hasattr(theirs, "__slots__")
    assert {ours(x=1.0), ours(x=1.0, label="x")} == {ours(x=1.0)}


def test_methods_of_the_class_body_are_kept():
    for deco in (record, dataclass(frozen=True)):
        @deco
        class Own:
            a: int

            def __eq__(self, other):
                return True

        @deco
        class OwnHash:
            a: int

            def __hash__(self):
                return 7

            def __repr__(self):
                return "mine"

        assert Own(1) == Own(2)
        assert hash(Own(1)) == hash((1,))  # a body with __eq__ and no __hash__: dataclasses add one
        assert hash(OwnHash(1)) == 7 and repr(OwnHash(1)) == "mine" and OwnHash(1) == OwnHash(1)


def test_inheritance_and_recursion():
    for deco in (record, dataclass(frozen=True)):
        @deco
        class Base:
            a: int

        @deco
        class Child(Base):
            b: tuple = ()

        assert repr(Child(1, (2,))) == "test_inheritance_and_recursion.<locals>.Child(a=1, b=(2,))"
        assert Child(1) != Base(1) and Base(1) == Base(1)
        loop: list = []
        c = Child(1, (loop,))  # type: ignore[arg-type]
        loop.append(c)
        assert repr(c) == "test_inheritance_and_recursion.<locals>.Child(a=1, b=([...],))"

        @deco
        class Node:
            items: list

        n = Node([])
        n.items.append(n)
        assert repr(n) == "test_inheritance_and_recursion.<locals>.Node(items=[...])"


def test_no_fields():
    for deco in (record, dataclass(frozen=True)):
        @deco
        class Empty:
            pass

        assert Empty() == Empty() and hash(Empty()) == hash(()) and repr(Empty()).endswith("Empty()")


def test_domain_records_round_trip_through_pickle_and_compare():
    import pickle

    from deepdecide.analysis import evaluate
    from deepdecide.storage.files import load_builtin_workspace

    ws = load_builtin_workspace()
    again = pickle.loads(pickle.dumps(ws))
    assert again == ws and hash(again.options[0].topology) == hash(ws.options[0].topology)
    assert repr(again.options[0].cost) == repr(ws.options[0].cost)
    a = evaluate(ws)
    assert pickle.loads(pickle.dumps(a)) == a


# ---------------------------------------------------------------------------------------------
# the methods record writes itself: __init__, __setattr__, __delattr__, the doc, pickling


def _twins(body):
    return body(record), body(dataclass(frozen=True))


def test_init_signature_doc_and_defaults_are_the_dataclass_ones():
    import inspect

    def body(deco):
        @deco
        class Shape:
            name: str
            sides: int = 3
            tags: tuple[str, ...] = field(default_factory=tuple)
            notes: list[str] = field(default_factory=list, repr=False)
            cached: int = field(default=0, init=False)
            made: list[int] = field(default_factory=lambda: [1], init=False)
        return Shape

    ours, theirs = _twins(body)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert ours.__doc__ == theirs.__doc__ and ours.__doc__.startswith("Shape(name: 'str', sides: 'int' = 3")
    assert "<factory>" in ours.__doc__
    assert ours.__init__.__annotations__ == theirs.__init__.__annotations__
    assert ours.__init__.__qualname__.endswith("Shape.__init__")
    for args, kwargs in [(("a",), {}), (("a", 4), {"tags": ("x",)}), ((), {"name": "b", "notes": ["n"]})]:
        o, t = ours(*args, **kwargs), theirs(*args, **kwargs)
        assert repr(o) == repr(t) and dataclasses.astuple(o) == dataclasses.astuple(t)
        assert o.cached == t.cached == 0 and o.made == t.made == [1]
    assert ours("a").notes is not ours("a").notes  # a new list from the factory each time
    for bad_args, bad_kwargs in [((), {}), (("a",), {"cached": 1}), (("a",), {"nope": 1}), (("a", 1, (), [], 5), {})]:
        with pytest.raises(TypeError) as mine:
            ours(*bad_args, **bad_kwargs)
        with pytest.raises(TypeError) as dc:
            theirs(*bad_args, **bad_kwargs)
        assert str(mine.value).split("__init__() ")[-1] == str(dc.value).split("__init__() ")[-1]


def test_a_default_before_a_required_field_is_refused_as_by_dataclasses():
    for deco in (record, dataclass(frozen=True)):
        with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
            @deco
            class Bad:
                a: int = 1
                b: int


@pytest.mark.parametrize("slots", [False, True])
def test_assignment_and_deletion_are_refused_and_pickles_read_both_ways(slots):
    import copy
    import pickle

    ours, theirs = _pair(slots)
    p = ours(x=1.0)
    for act in (lambda: setattr(p, "x", 2.0), lambda: setattr(p, "other", 1), lambda: delattr(p, "y"),
                lambda: delattr(p, "other")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            act()
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
        theirs(x=1.0).x = 2.0  # type: ignore[misc]
    if slots:  # the state of a frozen dataclass with slots: a list of the field values
        state = theirs(x=1.0, y=2.0).__getstate__()
        assert ours(x=1.0, y=2.0).__getstate__() == state
        again = ours.__new__(ours)
        again.__setstate__(state)
        assert again == ours(x=1.0, y=2.0)
    cls = _Slotted if slots else _Plain
    p = cls(1.0, (2, 3))
    assert pickle.loads(pickle.dumps(p)) == p and copy.copy(p) == p and copy.deepcopy(p) == p


@record
class _Plain:
    x: float
    extra: tuple[int, ...] = ()


@record(slots=True)
class _Slotted:
    x: float
    extra: tuple[int, ...] = ()


def test_own_setattr_is_refused_own_init_and_post_init_are_kept():
    for deco in (record, dataclass(frozen=True)):
        with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
            @deco
            class Mutable:
                a: int

                def __setattr__(self, name, value):
                    pass

        @deco
        class Checked:
            a: int

            def __post_init__(self):
                if self.a < 0:
                    raise ValueError("negative")

        with pytest.raises(ValueError):
            Checked(-1)
        assert Checked(2).a == 2

        @deco
        class Own:
            a: int

            def __init__(self, text: str):
                object.__setattr__(self, "a", int(text))

        assert Own("4").a == 4


def test_a_field_named_self_and_classes_dataclasses_make_themselves():
    for deco in (record, dataclass(frozen=True)):
        @deco
        class Odd:
            self: int
            other: int = 0

        assert Odd(1, other=2).self == 1 and Odd(self=3).self == 3

        @deco
        class WithClassVar:
            a: int
            kind: typing.ClassVar[str] = "k"

        assert [f.name for f in dataclasses.fields(WithClassVar)] == ["a"] and WithClassVar(1).kind == "k"

        @deco
        class KeywordOnly:
            a: int
            b: int = field(default=0, kw_only=True)

        assert KeywordOnly(1, b=2).b == 2
        with pytest.raises(TypeError):
            KeywordOnly(1, 2)  # type: ignore[misc]


def test_field_types_are_get_type_hints_for_every_dataclass_of_the_package():
    """``records.field_types`` gives what ``typing.get_type_hints`` gives, for every dataclass of
    every Qt-free module (the codec and the validation walks read the types through it)."""
    import importlib
    import pkgutil

    import deepdecide
    from deepdecide.domain.records import field_types

    checked = 0
    for info in pkgutil.walk_packages(deepdecide.__path__, "deepdecide."):
        if info.name.startswith(("deepdecide.gui", "deepdecide.launcher")) or info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in list(vars(module).values()):
            if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__:
                try:
                    expected = typing.get_type_hints(value)
                except NameError:  # a type named only for the type checker: both refuse it
                    with pytest.raises(NameError):
                        field_types(value)
                    continue
                assert field_types(value) == expected, value
                checked += 1
    assert checked > 100


def test_field_types_of_unusual_annotations_are_typing_s():
    from deepdecide.domain.records import field_types

    @record
    class Unusual:
        a: typing.Optional[int] = None  # noqa: UP045 - a typing alias: read by get_type_hints itself
        b: "list[Estimate]" = field(default_factory=list)  # noqa: UP037 - a text inside the text
        c: None = None

    from deepdecide.domain.common import Estimate

    globals()["Estimate"] = Estimate
    try:
        assert field_types(Unusual) == typing.get_type_hints(Unusual)
    finally:
        del globals()["Estimate"]


def test_field_types_of_the_domain_need_no_get_type_hints(monkeypatch):
    import deepdecide.domain.records as records
    from deepdecide.domain.workspace import Workspace
    from deepdecide.storage.files import MatrixFile

    expected = {cls: typing.get_type_hints(cls) for cls in (Workspace, MatrixFile)}

    def refused(*args, **kwargs):
        raise AssertionError("typing.get_type_hints called")

    records._field_types.cache_clear()
    monkeypatch.setattr(typing, "get_type_hints", refused)
    try:
        for cls, hints in expected.items():
            assert records.field_types(cls) == hints
    finally:
        records._field_types.cache_clear()


@pytest.mark.parametrize("slots", [False, True])
def test_the_doc_of_a_record_without_one_is_the_dataclass_doc(slots):
    def body(deco):
        @deco
        class Bare:
            a: int
            b: tuple[str, ...] = field(default_factory=tuple)
        return Bare

    ours = body(record(slots=True) if slots else record)
    theirs = body(dataclass(frozen=True, slots=True) if slots else dataclass(frozen=True))
    assert ours.__doc__ == theirs.__doc__ == "Bare(a: 'int', b: 'tuple[str, ...]' = <factory>)"
    assert ours(1).__doc__ == ours.__doc__
    import pydoc

    assert ours.__doc__ in pydoc.render_doc(ours)
