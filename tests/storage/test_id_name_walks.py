"""The id and name rules find the same problems at the same key paths as a plain walk over every
field of every dataclass in a document: the walks that read only the fields whose types can hold an
id, a name or more records miss nothing, for the sample and for thousands of damaged copies."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from deepdecide.domain import validation
from deepdecide.domain.messages import Message
from deepdecide.storage import files


def _reference_ids(obj: Any, path: str, out: list[tuple[str, str]], skip: frozenset[str] = frozenset()) -> None:
    """Every id (key path, value) the rule looks at: each field of each dataclass, read by reflection."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name in skip:
                continue
            value = getattr(obj, f.name)
            at = f"{path}.{f.name}" if path else f.name
            if f.name == "id" and isinstance(value, str):
                if value or f.default is dataclasses.MISSING:
                    out.append((at, value))
            elif isinstance(value, tuple) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
                _reference_ids(value, at, out)
    elif isinstance(obj, tuple):
        for i, v in enumerate(obj):
            if dataclasses.is_dataclass(v) and not isinstance(v, type):
                _reference_ids(v, f"{path}[{i}]", out)


def _reference_names(obj: Any, path: str, out: list[str], skip: frozenset[str]) -> None:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name in skip:
                continue
            value = getattr(obj, f.name)
            at = f"{path}.{f.name}" if path else f.name
            if f.name in validation.NAME_FIELDS and isinstance(value, str):
                if len(value) > validation.MAX_NAME_CHARS:
                    out.append(at)
            elif isinstance(value, tuple) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
                _reference_names(value, at, out, frozenset({"evidence"}))
    elif isinstance(obj, tuple):
        for i, v in enumerate(obj):
            if dataclasses.is_dataclass(v) and not isinstance(v, type):
                _reference_names(v, f"{path}[{i}]", out, frozenset({"evidence"}))


def _expected(doc: Any, path: str, skip: frozenset[str]) -> tuple[list[tuple[str, str]], list[str]]:
    ids: list[tuple[str, str]] = []
    _reference_ids(doc, path, ids, skip)
    bad_ids = [(at, reason) for at, value in ids if (reason := validation.id_problem(value))]
    names: list[str] = []
    _reference_names(doc, path, names, skip | {"evidence"})
    return bad_ids, names


BAD_IDS = ["", "bad id", "é", "x" * 65, "a\u200bb", "-x", "ok-id"]


def _damage(obj: Any, rng: random.Random) -> Any:
    """``obj`` with some ids and names deep inside replaced by bad ones (quality flags' ids included)."""
    if isinstance(obj, tuple):
        if obj and rng.random() < 0.5:
            i = rng.randrange(len(obj))
            return (*obj[:i], _damage(obj[i], rng), *obj[i + 1:])
        return obj
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return obj
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name == "id" and isinstance(value, str) and rng.random() < 0.3:
            changes[f.name] = rng.choice(BAD_IDS)
        elif f.name in validation.NAME_FIELDS and isinstance(value, str) and rng.random() < 0.2:
            changes[f.name] = "n" * rng.choice([10, 501])
        elif (isinstance(value, tuple) or dataclasses.is_dataclass(value)) and rng.random() < 0.4:
            changes[f.name] = _damage(value, rng)
    if isinstance(obj, Message):
        return Message(changes.get("id", obj.id), obj.template, obj.params)
    return dataclasses.replace(obj, **changes)


@pytest.mark.parametrize("seed", range(3))
def test_the_walks_find_what_a_walk_over_every_field_finds(seed):
    rng = random.Random(seed)
    ws = files.load_builtin_workspace()
    found = 0
    for i in range(25):
        doc = _damage(ws, rng) if i else ws
        for skip in (frozenset(), frozenset({"matrix"}), frozenset({"matrix", "checklist", "criteria"})):
            for path in ("", "ws"):
                bad_ids, names = _expected(doc, path, skip)
                got_ids = [(p.path, p.reason) for p in validation.id_problems(doc, path, skip)]
                got_names = [p.path for p in validation.name_problems(doc, path, skip)]
                assert got_ids == bad_ids
                assert got_names == names
                found += bool(bad_ids) + bool(names)
    assert found > 20


def test_a_bad_id_of_a_quality_flag_is_found_at_its_key_path():
    ws = files.load_builtin_workspace()
    ev = ws.evidence
    run = ev.files[1].runs[0]
    bad = Message("no good", "x", ())
    run = dataclasses.replace(run, quality_flags=(*run.quality_flags, bad))
    f = dataclasses.replace(ev.files[1], runs=(run, *ev.files[1].runs[1:]))
    doc = dataclasses.replace(ws, evidence=dataclasses.replace(ev, files=(ev.files[0], f, *ev.files[2:])))
    problems = validation.id_problems(doc)
    assert [p.path for p in problems] == [f"evidence.files[1].runs[0].quality_flags[{len(run.quality_flags) - 1}].id"]


def test_a_flag_shared_by_many_runs_is_walked_once_and_a_bad_one_is_found_wherever_it_is():
    ws = files.load_builtin_workspace()
    ev = ws.evidence
    good, bad = Message("shared_flag", "x", ()), Message("no good", "x", ())
    runs = [dataclasses.replace(r, quality_flags=(good, bad)) for r in ev.files[1].runs[:2]]
    f = dataclasses.replace(ev.files[1], runs=(*runs, *ev.files[1].runs[2:]))
    doc = dataclasses.replace(ws, evidence=dataclasses.replace(ev, files=(ev.files[0], f, *ev.files[2:])))
    problems = validation.id_problems(doc)
    # the same object in two runs: its problem at both places (only a clean flag is passed over)
    assert [p.path for p in problems] == [f"evidence.files[1].runs[{i}].quality_flags[1].id" for i in range(2)]


def test_a_check_after_a_load_walks_only_the_files_new_since_and_finds_what_they_break(monkeypatch):
    """A workspace's check walks the ids of the evidence files it has not found clean before (a save
    after a load walks only what changed), with the same findings as a check that walks every file."""
    files._IDS_CLEAN.clear()
    ws = files.load_workspace(files.sample_workspace_path())  # read and checked
    ev = ws.evidence
    walked = []
    real = validation._walk_ids
    monkeypatch.setattr(validation, "_walk_ids",
                        lambda obj, *a, **k: (walked.append(obj) if obj.__class__.__name__ == "EvidenceFile" else None)
                        or real(obj, *a, **k))
    assert files.check_with_warnings(ws, files.SCHEMA_VERSION)[0] == []
    assert walked == []  # every file found clean by the load's check
    run = ev.files[1].runs[0]
    bad = dataclasses.replace(ev.files[1], runs=(dataclasses.replace(
        run, quality_flags=(*run.quality_flags, Message("no good", "x", ()))), *ev.files[1].runs[1:]))
    good = dataclasses.replace(ev.files[0], provenance=dataclasses.replace(ev.files[0].provenance, label="again"))
    doc = dataclasses.replace(ws, evidence=dataclasses.replace(ev, files=(good, bad, *ev.files[2:])))
    errors = [e.path for e in files.check_with_warnings(doc, files.SCHEMA_VERSION)[0]]
    assert walked == [good, bad]  # only the two files new since
    assert errors == [f"evidence.files[1].runs[0].quality_flags[{len(run.quality_flags)}].id"]
    walked.clear()
    assert [e.path for e in files.check_with_warnings(doc, files.SCHEMA_VERSION)[0]] == errors
    assert walked == [bad]  # a file with a problem is walked every time; a clean one once
    files._IDS_CLEAN.clear()  # nothing known clean: the same findings
    assert [e.path for e in files.check_with_warnings(doc, files.SCHEMA_VERSION)[0]] == errors
    assert [p.path for p in validation.id_problems(doc)] == errors
