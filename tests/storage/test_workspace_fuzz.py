"""Property tests: whatever bytes a workspace file holds, loading raises only our own errors."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.domain.errors import ValidationError, ValidationErrors
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
