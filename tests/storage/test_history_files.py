"""Every file any build wrote still opens: the workspaces and records kept in tests/fixtures/history.

One folder per workspace schema (``schema-N``); in it, per commit of the history where the schema or
the record's build format changed, the files that commit's own code wrote (tools/history_fixtures.py,
tests/fixtures/history/README.md). A new schema version is a new folder: these tests find it.

- every kept workspace opens (warnings allowed, never an error), evaluates, reports and saves, and
  what it held is all in the saved file (a structural dump before and after; what a migration mapped
  is named by a warning); its sign-off verdicts from before the identity binding are *legacy,
  unverified*;
- every kept record gets the outcome of the record-compatibility rule: *unconfirmed* when another build
  made it, *intact* only when this build did, never ALTERED; ``revise`` and ``diff`` read it.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from deepdecide.cli.main import main
from deepdecide.domain import flags
from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.report.canonical import INPUTS_NAME, sha256_hex
from deepdecide.report.embedded import extract_attachments
from deepdecide.report.integrity import ALTERED, INTACT, UNCONFIRMED
from deepdecide.report.params import generator_info
from deepdecide.report.verdict import EXIT_UNCONFIRMED, check
from deepdecide.storage import files

HISTORY = Path(__file__).resolve().parents[1] / "fixtures" / "history"
WORKSPACES = sorted(HISTORY.glob(f"schema-*/*{files.WORKSPACE_SUFFIX}"))
RECORDS = sorted(HISTORY.glob("schema-*/*.record.pdf"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def _schema_of_folder(path: Path) -> int:
    return int(path.parent.name.removeprefix("schema-"))


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _plain(path: Path) -> Any:
    """A YAML file's plain data (libyaml's loader: these files are large)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def test_every_schema_has_its_kept_files_and_the_readme_names_them():
    assert {p.parent.name for p in WORKSPACES} == {f"schema-{v}" for v in range(1, SCHEMA_VERSION + 1)}
    assert {p.parent.name for p in RECORDS} == {f"schema-{v}" for v in range(1, SCHEMA_VERSION + 1)}
    readme = (HISTORY / "README.md").read_text(encoding="utf-8")
    for path in [*WORKSPACES, *RECORDS]:
        assert f"`{path.name.split('.')[0]}`" in readme, path
    # what each file states: a workspace its folder's schema (schema-1 builds and the first schema-2 build
    # wrote none: read as the first), a record's inputs likewise
    for path in WORKSPACES:
        stated = _plain(path).get("schema_version")
        assert stated in (None, _schema_of_folder(path)), path
    for path in RECORDS:
        inputs = json.loads(extract_attachments(path.read_bytes())[INPUTS_NAME])
        assert inputs["schema_version"] == _schema_of_folder(path), path


def test_a_workspace_without_schema_version_is_schema_1_and_runs_every_migration(tmp_path):
    # the schema-1 sample of the last build of schema 1, which wrote no schema_version: read as 1, its
    # "(approver)" roles are mapped (1 -> 2) and its informed Finance row is listed as consulted
    kept = HISTORY / "schema-1" / "2d1d1a0.sample.deepdecide.yaml"
    assert "schema_version" not in _plain(kept)
    warnings: list[ValidationError] = []
    ws = files.load_workspace(kept, warnings)
    assert ws.schema_version == SCHEMA_VERSION
    assert [s.role for s in ws.signoffs] == ["Head of Inference Platform", "VP Engineering", "SRE Lead",
                                             "Finance Business Partner (consulted)"]
    assert "Finance Business Partner (consulted)" in ws.decision.consulted
    assert [w.path for w in warnings] == [f"signoffs[{i}].role" for i in range(4)]
    assert all(w.line for w in warnings)
    # the same text stating schema 9 (the last whose topology names prefill_gpus: it still reads that way)
    # is held to every rule of schema 9: an error there
    current = tmp_path / "current.deepdecide.yaml"
    current.write_text(kept.read_text(encoding="utf-8").replace(
        "kind: workspace\n", "kind: workspace\nschema_version: 9\n", 1), encoding="utf-8")
    with pytest.raises(ValidationErrors) as info:
        files.load_workspace(current)
    assert [e.path for e in info.value.errors] == [f"signoffs[{i}].role" for i in range(4)]


# ---------------------------------------------------------------------------------------------
# what a file held, before and after


def _leaves(obj: Any) -> Iterator[str]:
    """Every scalar of plain data, as text (numbers as floats: 1 and 1.0 are one value); a stored message
    (``{id, params}``) also as the English text it renders."""
    if isinstance(obj, dict):
        if "id" in obj and set(obj) <= {"id", "params"}:
            with contextlib.suppress(Exception):
                yield str(flags.from_data(obj))
        for value in obj.values():  # values only: a migration may move a value to another key
            yield from _leaves(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _leaves(value)
    elif isinstance(obj, bool) or obj is None:
        yield repr(obj)
    elif isinstance(obj, (int, float)):
        yield repr(float(obj)) if math.isfinite(obj) else repr(obj)
    else:
        yield str(obj)


def _at(data: Any, path: str) -> Any:
    """The value at a key path (``signoffs[3].role``) of plain data, None when it is not there."""
    for part in path.replace("[", ".[").split("."):
        if not part:
            continue
        if part.startswith("["):
            index = int(part[1:-1])
            data = data[index] if isinstance(data, list) and index < len(data) else None
        else:
            data = data.get(part) if isinstance(data, dict) else None
    return data


@pytest.mark.parametrize("path", WORKSPACES, ids=_id)
def test_a_kept_workspace_opens_evaluates_and_saves_with_nothing_lost(path, tmp_path):
    warnings: list[ValidationError] = []
    notes: list[ValidationError] = []
    ws = files.load_workspace(path, warnings, notes)  # raises on an error: none is allowed
    assert ws.schema_version == SCHEMA_VERSION
    assert all(w.file == str(path) for w in warnings)
    # sign-off verdicts from before the identity binding: legacy, unverified (a note, never a warning)
    before = _plain(path)
    if _schema_of_folder(path) < 6:
        voted = [i for i, row in enumerate(before.get("signoffs") or []) if row.get("verdict", "pending") != "pending"]
        assert [n.path for n in notes] == [f"signoffs[{i}].verdict" for i in voted]
        assert all("legacy, unverified" in n.reason for n in notes)
    code, out, err = _run(["evaluate", str(path), "--json", "--no-monte-carlo"])
    assessment = json.loads(out)
    assert code == (0 if assessment["winner"] else 1) and "Traceback" not in err, err  # 1: no recommendation
    assert "break rules of the current workspace schema" not in err  # nothing it held blocks saving
    # saved without a change: written, in the current schema, and read back as the same decision
    saved = tmp_path / path.name
    files.save_workspace(ws, saved)
    after = _plain(saved)
    assert after["schema_version"] == SCHEMA_VERSION
    again: list[ValidationError] = []
    assert files.load_workspace(saved, again) == ws and not again
    # nothing lost: every value the file held is in the saved file, but those a migration mapped,
    # each named by a warning
    mapped = {leaf for w in warnings for leaf in _leaves(_at(before, w.path))}
    lost = set(_leaves(before)) - set(_leaves(after)) - mapped - {repr(float(before.get("schema_version") or 1))}
    # an old flag text of a flag now counted ("(1 node(s))") is that flag, written as it reads now ("(1 node)")
    lost = {leaf for leaf in lost if flags.english(flags.from_english(leaf)) not in set(_leaves(after))}
    assert not lost, sorted(lost)[:20]


@pytest.mark.parametrize("path", [p for p in WORKSPACES if ".sample." in p.name], ids=_id)
def test_a_kept_workspace_reports(path, tmp_path):
    record = tmp_path / "record.pdf"
    code, out, err = _run(["report", str(path), "-o", str(record), "--today", "2026-12-03"])
    assert code == 0 and record.exists(), out + err
    result, code, headline = check(record.read_bytes())
    assert result.status == INTACT and code != EXIT_UNCONFIRMED, headline


# ---------------------------------------------------------------------------------------------
# the records


def _made_here(data: bytes) -> bool:
    attachments = extract_attachments(data)
    made = json.loads(attachments["deepdecide-build.json"]).get("generator")
    return made == generator_info() and json.loads(attachments[INPUTS_NAME])["schema_version"] == SCHEMA_VERSION


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_a_kept_record_gets_the_outcome_of_the_compatibility_rule(path):
    data = path.read_bytes()
    result, code, headline = check(data)
    assert result.status != ALTERED and "ALTERED" not in headline, (headline, result.reasons)
    if _made_here(data):
        assert result.status == INTACT, result.reasons
        return
    assert result.status == UNCONFIRMED and code == EXIT_UNCONFIRMED, (headline, result.reasons)
    made = result.made_by["deepdecide"]
    assert headline.startswith(f"unconfirmed: made by deepdecide {made}")
    if made == generator_info()["deepdecide"]:  # an earlier build of this version: named by its schema
        assert f"with workspace schema {_schema_of_folder(path)}, verify with that software" in headline
    assert result.inputs_sha256 == sha256_hex(extract_attachments(data)[INPUTS_NAME])
    assert f"the embedded inputs are a valid workspace for deepdecide {generator_info()['deepdecide']}" in result.checks


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_revise_and_diff_read_a_kept_record(path, tmp_path):
    ws_path = tmp_path / "next.deepdecide.yaml"
    code, out, err = _run(["revise", str(path), "-o", str(ws_path)])
    assert code == 0 and "ALTERED" not in out + err, out + err
    ws = files.load_workspace(ws_path)
    inputs = extract_attachments(path.read_bytes())[INPUTS_NAME]
    assert ws.decision.revision == 2 and ws.decision.previous.inputs_sha256 == sha256_hex(inputs)
    code, out, err = _run(["diff", str(path), str(ws_path)])
    assert code in (0, 1) and "ALTERED" not in out + err and "Traceback" not in err, out + err
