"""The codec's fast decoder (a function per type, no key paths) accepts exactly what the path-tracking
reader accepts and builds the same value: for the built-in data, the canonical form, and for
thousands of damaged copies of a workspace (a wrong type, an unknown or missing key, an infinity)."""

from __future__ import annotations

import copy
import datetime
import math
import random
from pathlib import Path
from typing import Any

import pytest

from deepdecide.domain.errors import ValidationError
from deepdecide.domain.workspace import Workspace
from deepdecide.storage import codec, files
from deepdecide.storage.yamlio import parse_yaml


def _body(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "kind"}


def _outcome(data: Any) -> tuple[str, str]:
    """("ok", repr of the value) or ("refused", "") from each reader."""
    try:
        fast = ("ok", repr(codec._decoder(Workspace)(data)))
    except codec._Bad:
        fast = ("refused", "")
    try:
        tracked = ("ok", repr(codec._from_data(Workspace, data)))
    except ValidationError:
        tracked = ("refused", "")
    return fast, tracked


def _sample_data() -> dict[str, Any]:
    ws = files.load_builtin_workspace()
    return _body(parse_yaml(files.workspace_to_yaml(ws), "sample.yaml").data)


def test_both_readers_build_the_same_workspace_from_the_sample_and_its_canonical_form():
    ws = files.load_builtin_workspace()
    for data in (_sample_data(), _body(files.workspace_to_data(ws, canonical=True))):
        fast, tracked = _outcome(data)
        assert fast == tracked and fast[0] == "ok"
        assert codec.from_data(Workspace, data) == ws


def _places(obj: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The key path (as a tuple of keys and indexes) of every value inside ``obj``."""
    out = [at]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(_places(v, (*at, k)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.extend(_places(v, (*at, i)))
    return out


def _get(obj: Any, at: tuple[Any, ...]) -> Any:
    for k in at:
        obj = obj[k]
    return obj


VALUES = [None, True, False, 0, 1, -3, 2**60, 1.5, -0.0, math.inf, -math.inf, "x", "", "inf", "2026-01-01", [], {},
          [1], {"id": "x"}, datetime.date(2026, 1, 1), "\ud800", 1e308]


MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"


def _small_data() -> dict[str, Any]:
    """The minimal workspace with the sample's evidence (runs, parity checks, quality flags, proxies)."""
    data = _body(parse_yaml(MINIMAL.read_text("utf-8"), "minimal.yaml").data)
    data["evidence"] = _sample_data()["evidence"]
    return data


@pytest.mark.parametrize("seed", range(4))
def test_both_readers_agree_on_damaged_workspaces(seed):
    rng = random.Random(seed)
    base = _small_data()
    places = [p for p in _places(base) if p]
    accepted = refused = 0
    for _ in range(600):
        data = copy.deepcopy(base)
        at = rng.choice(places)
        parent = _get(data, at[:-1])
        roll = rng.random()
        if roll < 0.7:
            parent[at[-1]] = rng.choice(VALUES)
        elif roll < 0.85 and isinstance(parent, dict):
            del parent[at[-1]]  # a required key, sometimes
        elif isinstance(parent, dict):
            parent[f"{at[-1]}x"] = parent.pop(at[-1])  # an unknown key
        else:
            parent.append(copy.deepcopy(parent[at[-1]]))
        fast, tracked = _outcome(data)
        assert fast == tracked, at
        accepted += fast[0] == "ok"
        refused += fast[0] == "refused"
    assert accepted > 50 and refused > 50  # both kinds of damage met


def test_a_field_is_filled_from_a_key_read_from_a_file():
    """The keyword a record is built with is the field's own name, whatever string object the file
    gave (equal, not the same): the values land in their fields."""
    data = _sample_data()
    renamed = {"".join(list(k)): v for k, v in data.items()}  # equal keys, other objects
    assert all(a is not b for a, b in zip(renamed, data, strict=True) if len(a) > 1)
    assert codec.from_data(Workspace, renamed) == codec.from_data(Workspace, data)


class _Text(str):
    pass


LEAF_VALUES = [*VALUES, math.nan, 7.0, -(2**53), _Text("a"), _Text("\ud800"), "é", "é\ud800", 10**400]


@pytest.mark.parametrize("tp", [str, int, float, bool, str | None, int | None, float | None, bool | None,
                                tuple[str, ...], tuple[float, ...], int | str, float | str | None],
                         ids=str)
def test_both_readers_agree_on_every_plain_type(tp):
    for value in [*LEAF_VALUES, *([v] for v in LEAF_VALUES)]:
        try:
            fast = ("ok", repr(codec._decoder(tp)(value)))
        except codec._Bad:
            fast = ("refused", "")
        except OverflowError:
            fast = ("overflow", "")
        try:
            tracked = ("ok", repr(codec._from_data(tp, value)))
        except ValidationError:
            tracked = ("refused", "")
        except OverflowError:
            tracked = ("overflow", "")
        assert fast == tracked, (tp, value)
