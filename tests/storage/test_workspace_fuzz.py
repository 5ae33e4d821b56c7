"""Property tests: whatever bytes a workspace file holds, loading raises only our own errors."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.domain.errors import DeepdecideError, ValidationError, ValidationErrors
from deepdecide.domain.workspace import SCHEMA_VERSION, Workspace
from deepdecide.storage import files

MINIMAL = (Path(__file__).parent.parent / "fixtures" / "workspaces" / "minimal.deepdecide.yaml").read_text()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _load(text: str) -> None:
    try:
        files.load_workspace_text(text, "fuzz.deepdecide.yaml")
    except (ValidationError, ValidationErrors) as exc:
        message = str(exc)
        assert message.startswith("fuzz.deepdecide.yaml") or "\n" in message


@SETTINGS
@given(st.text(max_size=400))
def test_arbitrary_text(text):
    _load(text)


@SETTINGS
@given(st.integers(0, len(MINIMAL) - 1), st.integers(1, 40), st.text(max_size=20))
def test_mutated_real_workspace(pos, length, insert):
    _load(MINIMAL[:pos] + insert + MINIMAL[pos + length:])


@SETTINGS
@given(st.lists(st.integers(0, len(MINIMAL.splitlines()) - 1), min_size=1, max_size=5))
def test_dropped_lines(drop):
    lines = MINIMAL.splitlines()
    _load("\n".join(line for i, line in enumerate(lines) if i not in set(drop)))


# Every top-level key of a valid workspace (the two header keys, then each field of the Workspace),
# given a value of a random type: loading gives our own located error or a workspace, never a
# traceback. This test found ``kind: [workspace]`` (a TypeError: a list is no dict key).
_BASE = yaml.safe_load(MINIMAL)
_TOP_KEYS = ["kind", "schema_version", *(f.name for f in dataclasses.fields(Workspace) if f.name != "schema_version")]
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**60), 2**60),
                     st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                     st.sampled_from(["workspace", "builtin", "inf", "2026-02-30", "", "\u202e"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                       max_leaves=6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(_TOP_KEYS), _VALUES, min_size=1, max_size=3), st.integers(1, SCHEMA_VERSION))
def test_every_top_level_key_of_any_type(changes, schema_version):
    data = {**_BASE, "schema_version": schema_version, **changes}
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    try:
        files.load_workspace_text(text, "fuzz.deepdecide.yaml")
    except ValidationErrors as exc:
        assert all(e.file == "fuzz.deepdecide.yaml" and (e.path or e.line) for e in exc.errors), str(exc)
    except ValidationError as exc:
        assert exc.file == "fuzz.deepdecide.yaml", str(exc)
        assert exc.path or exc.line, str(exc)  # located: a key path or a line
    except DeepdecideError as exc:  # any other error of ours names the file
        assert "fuzz.deepdecide.yaml" in str(exc), str(exc)
