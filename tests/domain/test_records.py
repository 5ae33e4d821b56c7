"""``domain.records.record`` means what ``dataclass(frozen=True)`` means: the same equality, hash,
repr, immutability and dataclass functions, for classes with and without slots, with field options,
methods of their own, inheritance and recursion."""

from __future__ import annotations

import dataclasses
import math
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
