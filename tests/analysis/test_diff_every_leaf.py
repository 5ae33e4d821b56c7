"""``diff`` and the record's changes appendix name every input that changed: each leaf of a generated
workspace is changed in turn, and the comparison must name it by its path with its value before and
after, in words a person reads (never a Python repr).

The leaves are found here by a walk of our own over ``dataclasses.fields`` (the oracle), independent
of the one in ``analysis.diff``: a field added to a workspace type is a leaf here at once, and the
test fails until the comparison names it.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Iterator
from pathlib import Path as FilePath
from typing import Any

from hypothesis import HealthCheck, given, settings

from deepdecide.analysis.diff import input_changes
from deepdecide.domain.common import Estimate
from deepdecide.domain.messages import Message
from deepdecide.domain.slo import SLO, limits
from deepdecide.domain.workspace import Workspace
from deepdecide.report.sections.changes import _rows

sys.path.insert(0, str(FilePath(__file__).resolve().parents[1] / "consistency"))
from generated import Generated, sample, workspaces

#: values written as one leaf (their parts are not fields a person edits apart)
ONE_VALUE = (Estimate, Message)
#: what the comparison leaves out on purpose: the version of the file format, not an input
NOT_INPUTS = {"schema_version"}
#: what the changes appendix says in its first paragraph rather than as rows
BOOKKEEPING = ("decision.revision", "decision.previous")
PYTHON = ("Estimate(", "Message(", "Source(", " object at 0x", "<class ", "('", "{'", "=None")

Path = tuple[str | int, ...]


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every leaf of ``value`` with its path (field names and list indices)."""
    if isinstance(value, SLO):  # the SLO holds its limits by key
        for entry in limits():
            yield (*path, entry.key), value.get(entry.key)
        return
    if isinstance(value, ONE_VALUE) or not (dataclasses.is_dataclass(value) or isinstance(value, tuple)):
        yield path, value
        return
    if isinstance(value, tuple):
        for i, x in enumerate(value):
            yield from leaves(x, (*path, i))
        return
    for f in dataclasses.fields(value):
        if not path and f.name in NOT_INPUTS:
            continue
        yield from leaves(getattr(value, f.name), (*path, f.name))


def _strip_optional(hint: Any) -> Any:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        return rest[0] if rest else hint
    return hint


def _value_for(hint: Any) -> Any:
    """A value of the type ``hint`` names (for a field that holds None, or a record to construct)."""
    hint = _strip_optional(hint)
    if hint is bool:
        return True
    if hint is int:
        return 7
    if hint is float:
        return 1.5
    if hint is str:
        return "x"
    if hint is Estimate:
        return Estimate(1.0, 2.0, 3.0)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        return hint(**{f.name: _value_for(hints[f.name]) for f in dataclasses.fields(hint)
                       if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING})
    if typing.get_origin(hint) is tuple:
        return ()
    return None


def changed(value: Any, hint: Any) -> Any:
    """Another value of the same kind."""
    if value is None:
        return _value_for(hint)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value * 2 + 1.5
    if isinstance(value, str):
        return value + "~" if value else "x"
    if isinstance(value, enum.Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if isinstance(value, Estimate):
        return Estimate(value.low, value.likely + 1, value.high + 1)
    if isinstance(value, Message):
        return Message(value.id, value.template + " ~", value.params)
    raise AssertionError(f"no other value for {value!r}")


def _hint_at(root: Any, path: Path) -> Any:
    owner: Any = root
    hint: Any = None
    for step in path:
        if isinstance(owner, SLO):
            return float | None
        if isinstance(step, int):
            hint = typing.get_args(_strip_optional(hint))[0] if hint is not None else None
            owner = owner[step]
        else:
            hint = _hints(type(owner))[step]
            owner = getattr(owner, step)
    return hint


def replaced(value: Any, path: Path, new: Any) -> Any:
    """``value`` with the leaf at ``path`` set to ``new``."""
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(value, SLO):
        return value.replace(**{str(step): new})
    if isinstance(step, int):
        items = list(value)
        items[step] = replaced(items[step], rest, new)
        return tuple(items)
    return dataclasses.replace(value, **{step: replaced(getattr(value, step), rest, new)})


def _named(path: Path, before: Any, after: Any, changes: tuple[Any, ...]) -> bool:
    """Whether a change names the leaf at ``path``: by its field (the last name of its key), or, for
    what identifies a member of a list (an option's id, a fleet's platform), as that member removed
    and the changed one added."""
    field = next(str(step) for step in reversed(path) if isinstance(step, str))
    for c in changes:
        parts = [p.split("[", 1)[0] for p in c.key.split(".")]
        # the leaf's own field; or, where a record was set on one side only, each of its fields below it
        if c.before != c.after and (parts[-1] == field or (before is None and field in parts[:-1])):
            return True
    added = [c for c in changes if c.before == "(absent)"]
    removed = [c for c in changes if c.after == "removed"]
    return bool(added and removed)


def _check_every_leaf(ws: Workspace) -> int:
    count = 0
    unnamed: list[str] = []
    for path, value in list(leaves(ws)):
        hint = _hint_at(ws, path)
        new = changed(value, hint)
        if new is None or new == value:
            continue  # a None whose type has no plain value (a list): nothing to set
        other = replaced(ws, path, new)
        changes = input_changes(ws, other)
        count += 1
        where = ".".join(map(str, path))
        if not _named(path, value, new, changes):
            unnamed.append(f"{where}: {value!r} -> {new!r}: {changes}")
            continue
        for c in changes:
            for text in (c.key, c.before, c.after):
                assert not any(p in text for p in PYTHON), (where, c)
        # the record's appendix lists the same changes (the revision bookkeeping is said above them)
        rows = _rows(types.SimpleNamespace(ws=other), changes)  # type: ignore[arg-type]
        if not all(c.key.startswith(BOOKKEEPING) for c in changes):
            assert rows, where
            assert {r[1] for r in rows} == {c.key for c in changes if not c.key.startswith(BOOKKEEPING)}, where
    assert not unnamed, "\n".join(unnamed[:20])
    return count


def test_every_leaf_of_the_sample_is_named():
    assert _check_every_leaf(sample()) > 5000


@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(workspaces())
def test_every_leaf_of_a_generated_workspace_is_named(generated: Generated):
    assert _check_every_leaf(generated.ws) > 5000


def test_a_purchase_price_and_owned_gpus_are_named_with_their_values():
    ws = sample()
    fleet = tuple(dataclasses.replace(f, purchase_usd_per_gpu=Estimate(45_000, 47_000, 65_000))
                  if f.platform == "nv-b200" else dataclasses.replace(f, owned_gpus=900)
                  if f.platform == "nv-h100" else f for f in ws.fleet)
    changes = {c.key: (c.area, c.before, c.after) for c in input_changes(ws, dataclasses.replace(ws, fleet=fleet))}
    assert changes == {
        "fleet nv-b200.purchase_usd_per_gpu": ("fleet", "55,000 (45,000–65,000)", "47,000 (45,000–65,000)"),
        "fleet nv-h100.owned_gpus": ("fleet", "1,024", "900"),
    }


def test_messages_compare_canonically():
    """A record's embedded inputs store a message's parameters sorted: the same flags, not a change."""
    ws = sample()
    f = ws.evidence.files[0]
    flagged = tuple(dataclasses.replace(r, quality_flags=tuple(
        Message(m.id, m.template, tuple(reversed(m.params))) for m in r.quality_flags)) for r in f.runs)
    assert any(len(m.params) > 1 for r in f.runs for m in r.quality_flags)
    other = dataclasses.replace(ws, evidence=dataclasses.replace(
        ws.evidence, files=(dataclasses.replace(f, runs=flagged), *ws.evidence.files[1:])))
    assert input_changes(ws, other) == ()


def test_a_change_deep_in_a_long_text_is_shown_where_it_is():
    ws = sample()
    note = ws.fleet[0].note
    edited = note[:300] + "CHANGED" + note[307:]
    other = dataclasses.replace(ws, fleet=(dataclasses.replace(ws.fleet[0], note=edited), *ws.fleet[1:]))
    [c] = input_changes(ws, other)
    assert c.key == "fleet nv-h100.note" and "CHANGED" in c.after and "CHANGED" not in c.before
    assert c.before.startswith("…") and len(c.after) < 200
