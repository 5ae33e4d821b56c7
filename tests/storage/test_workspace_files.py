"""Workspace files: loading, located errors for every kind of bad input, atomic save, schema."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from deepdecide.domain.common import Estimate
from deepdecide.domain.errors import UnreadableFileError, ValidationError, ValidationErrors
from deepdecide.storage import files
from deepdecide.storage.yamlio import parse_yaml

FIXTURES = Path(__file__).parent.parent / "fixtures" / "workspaces"
MINIMAL = FIXTURES / "minimal.deepdecide.yaml"


@pytest.fixture
def minimal_text() -> str:
    return MINIMAL.read_text(encoding="utf-8")


def load_text(text: str):
    return files.load_workspace_text(text, "ws.deepdecide.yaml")


def error_of(text: str) -> ValidationError | ValidationErrors:
    with pytest.raises((ValidationError, ValidationErrors)) as info:
        load_text(text)
    return info.value


def test_minimal_workspace_loads():
    ws = files.load_workspace(MINIMAL)
    assert ws.name == "Minimal decision"
    assert [o.id for o in ws.options] == ["keep-vllm", "port-engine"]
    assert ws.options[1].cost.porting_effort_person_weeks == Estimate(8, 16, 40)
    assert ws.matrix.status("engine", "nv-h100").value == "undocumented"
    assert ws.decision.date == "2026-11-29"  # dates stay text, never datetime objects


def test_load_save_load_is_stable(tmp_path):
    ws = files.load_workspace(MINIMAL)
    out = tmp_path / "copy.deepdecide.yaml"
    files.save_workspace(ws, out)
    again = files.load_workspace(out)
    assert again == ws
    out2 = tmp_path / "copy2.deepdecide.yaml"
    files.save_workspace(again, out2)
    assert out.read_bytes() == out2.read_bytes()


def test_canonical_json_is_deterministic_and_complete():
    ws = files.load_workspace(MINIMAL)
    a = files.canonical_json(ws)
    assert a == files.canonical_json(files.load_workspace(MINIMAL))
    data = json.loads(a)
    # canonical form writes defaults too, so a hash covers every input
    assert data["assumptions"]["horizon_years"] == 3.0
    assert data["kind"] == "workspace"


@pytest.mark.parametrize(
    ("old", "new", "path", "reason", "marker"),
    [
        # wrong type
        ("name: Minimal decision", "name: [not, a, string]", "name", "expected a string", "name: [not"),
        # unknown status, with a suggestion
        ("    status: official\n    sources:\n    - {title: vLLM", "    status: oficial\n    sources:\n    - {title: vLLM",
         "matrix.entries[0].status", "did you mean 'official'", "status: oficial"),
        # unknown key, with a suggestion
        ("  name: Keep vLLM on H100", "  name: Keep vLLM on H100\n  strategyy: keep",
         "options[0].strategyy", "did you mean 'strategy'", "strategyy"),
        # a support cell without a source
        ("    sources:\n    - {title: vLLM GPU install docs, url_or_path: 'https://docs.vllm.ai/en/latest/getting_started/installation/gpu/', as_of: '2026-09-24'}\n",
         "    sources: []\n", "matrix.entries[0].sources", "at least one source", "sources: []"),
        # an unknown reference
        ("  runtime: engine\n  platform: nv-h100\n  cost:", "  runtime: engine\n  platform: nv-h999\n  cost:",
         "options[1].platform", "unknown platform 'nv-h999'", "platform: nv-h999"),
        # an estimate out of order
        ("{low: 8, likely: 16, high: 40}", "{low: 80, likely: 16, high: 40}",
         "options[1].cost.porting_effort_person_weeks", "low <= likely <= high", "{low: 80"),
        # a version range that is not one
        ("{component: cuda, spec: '>=13'}", "{component: cuda, spec: 'thirteen'}",
         "matrix.entries[1].requirements[0].spec", "not a version range", "spec: 'thirteen'"),
        # missing required key
        ("  id: DR-0099\n", "", "decision", "missing required key 'id'", "decision:"),
    ],
)
def test_bad_input_is_located(minimal_text, old, new, path, reason, marker):
    assert old in minimal_text, old
    text = minimal_text.replace(old, new, 1)
    err = error_of(text)
    errors = err.errors if isinstance(err, ValidationErrors) else [err]
    e = errors[0]
    assert e.file == "ws.deepdecide.yaml"
    assert e.path == path
    assert reason in e.reason
    assert e.line == text[: text.index(marker)].count("\n") + 1
    assert str(e).startswith(f"ws.deepdecide.yaml:{e.line}: {path}: ")


def test_broken_yaml_names_the_line(minimal_text):
    err = error_of(minimal_text.replace("model: Test-Model-7B", "model: [Test-Model-7B"))
    assert isinstance(err, ValidationError)
    assert "not valid YAML" in err.reason
    assert err.line is not None and err.line >= 5


def test_alias_bomb_is_refused_quickly():
    bomb = "\n".join(
        ["kind: workspace", "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        + [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]" for i in range(8)]
    )
    err = error_of(bomb)
    assert "anchors" in err.reason
    assert err.line == 2


def test_python_tag_is_refused(minimal_text):
    err = error_of(minimal_text.replace("name: Minimal decision", "name: !!python/object/apply:os.system ['true']"))
    assert "tag" in err.reason and "python" in err.reason
    assert err.line == 4


def test_duplicate_key_is_refused(minimal_text):
    err = error_of(minimal_text.replace("model: Test-Model-7B", "model: Test-Model-7B\nmodel: Other"))
    assert "duplicate key 'model'" in err.reason
    assert err.line == 6


def test_unknown_kind_and_newer_schema(minimal_text):
    assert "unknown or missing 'kind'" in error_of(minimal_text.replace("kind: workspace", "kind: spreadsheet")).reason
    err = error_of(minimal_text.replace("schema_version: 1", "schema_version: 99"))
    assert "newer deepdecide" in err.reason and err.line == 3


def test_several_semantic_errors_are_reported_together(minimal_text):
    text = minimal_text.replace("platform: nv-h100\n  cost:", "platform: nv-x\n  cost:").replace(
        "{option: port-engine, item: kv-cache", "{option: nope, item: kv-cache")
    err = error_of(text)
    assert isinstance(err, ValidationErrors)
    assert {e.path for e in err.errors} >= {"options[0].platform", "options[1].platform", "answers[2].option"}
    assert all(e.line for e in err.errors)


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00bad", b"kind: workspace\x00", b"- just\n- a list\n"])
def test_unreadable_or_garbage_files(tmp_path, content):
    p = tmp_path / "bad.deepdecide.yaml"
    p.write_bytes(content)
    with pytest.raises(ValidationError) as info:
        files.load_workspace(p)
    assert info.value.file == str(p)
    assert info.value.reason


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(UnreadableFileError, match="no such file"):
        files.load_workspace(tmp_path / "nope.yaml")
    with pytest.raises(UnreadableFileError, match="folder"):
        files.load_workspace(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_permission_denied(tmp_path):
    p = tmp_path / "locked.deepdecide.yaml"
    p.write_text("kind: workspace\n")
    p.chmod(0)
    with pytest.raises(UnreadableFileError, match="permission"):
        files.load_workspace(p)


def test_save_is_atomic_and_keeps_old_file_on_failure(tmp_path, monkeypatch):
    ws = files.load_workspace(MINIMAL)
    target = tmp_path / "ws.deepdecide.yaml"
    files.save_workspace(ws, target)
    before = target.read_bytes()

    def boom(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(ValidationError, match="No space left"):
        files.save_workspace(replace(ws, name="changed"), target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ws.deepdecide.yaml"]  # no temp file left


def test_save_refuses_an_invalid_workspace(tmp_path):
    ws = files.load_workspace(MINIMAL)
    bad = replace(ws, options=(replace(ws.options[0], platform="nowhere"), ws.options[1]))
    target = tmp_path / "out.deepdecide.yaml"
    with pytest.raises(ValidationError, match="unknown platform"):
        files.save_workspace(bad, target)
    assert not target.exists()


def test_save_keeps_file_mode(tmp_path):
    ws = files.load_workspace(MINIMAL)
    target = tmp_path / "ws.deepdecide.yaml"
    target.write_text("old")
    target.chmod(0o600)
    files.save_workspace(ws, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


# --- JSON Schema ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(files.KINDS))
def test_committed_schema_matches_the_domain(kind):
    """data/schema/*.json is generated from the domain types; regenerate with
    `deepdecide validate --schema KIND > data/schema/KIND.schema.json`."""
    assert files.schema_path(kind).read_text(encoding="utf-8") == files.schema_text(kind)


def _schema_accepts(data) -> bool:
    schema = json.loads(files.schema_path("workspace").read_text(encoding="utf-8"))
    try:
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError:
        return False
    return True


def test_schema_agrees_with_validator_on_good_files(minimal_text):
    assert _schema_accepts(parse_yaml(minimal_text).data)
    ws = load_text(minimal_text)
    assert _schema_accepts(files.workspace_to_data(ws))
    assert _schema_accepts(json.loads(files.canonical_json(ws)))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("name: Minimal decision", "name: [x]"),
        ("status: official", "status: oficial"),
        ("  name: Keep vLLM on H100", "  name: Keep vLLM on H100\n  strategyy: keep"),
        ("  id: DR-0099\n", ""),
        ("gpus_per_node", "gpus_per_node"),
        ("strategy: port", "strategy: 3"),
        ("{low: 8, likely: 16, high: 40}", "{low: 8, likely: sixteen, high: 40}"),
        ("kind: workspace", "kind: other"),
    ],
)
def test_schema_rejects_what_the_validator_rejects_structurally(minimal_text, old, new):
    text = minimal_text.replace(old, new, 1)
    if text == minimal_text:
        return
    with pytest.raises((ValidationError, ValidationErrors)):
        load_text(text)
    assert not _schema_accepts(parse_yaml(text).data)
