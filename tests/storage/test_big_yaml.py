"""Workspaces of tens of megabytes are read, or refused, at the C parser's speed: a broken rule is
located from libyaml's events with the Python loader's message, a syntax error in a long text is
reported in libyaml's words at its line, and "R & D" in a long text does not send it to the Python
loader (libyaml's events say whether an anchor or alias is there)."""

from __future__ import annotations

import pytest

from deepdecide.domain.errors import ValidationError
from deepdecide.storage import yamlio

needs_c = pytest.mark.skipif(yamlio._CLoader is None, reason="this PyYAML has no libyaml (C) loader")

BODY = "description: |\n" + "  a line of notes about the decision, R & D, P&L and *stars*\n" * 18_000  # 1.1 MB


def _error(fn, text: str) -> tuple:
    with pytest.raises(ValidationError) as info:
        fn(text, "big.yaml")
    e = info.value
    return e.file, e.line, e.path, e.reason


@needs_c
def test_a_long_text_with_ampersands_takes_the_fast_path():
    text = "kind: workspace\n" + BODY + "name: x\n"
    assert len(text) > yamlio._BIG_TEXT
    fast = yamlio._parse_fast(text, "big.yaml")
    assert fast is not None and fast.data["name"] == "x"
    assert fast.line_of("name") == text.count("\n")


@needs_c
@pytest.mark.parametrize("tail", ["name: x\nname: y\n", "deep: " + "[" * 70 + "]" * 70 + "\n",
                                  "seed: " + "9" * 30 + "\n", "name: " + "n" * 4_000_001 + "\n"])
def test_a_broken_rule_at_the_end_of_a_long_text_is_located_as_the_python_loader_does(tail):
    text = "kind: workspace\n" + BODY + tail
    assert _error(yamlio.parse_yaml, text) == _error(yamlio._parse_checked, text)


@needs_c
def test_a_syntax_error_in_a_long_text_is_reported_at_its_line():
    text = "kind: workspace\n" + BODY + "oops: [unclosed\nname: x\n"
    file, line, _path, reason = _error(yamlio.parse_yaml, text)
    assert file == "big.yaml" and reason.startswith("not valid YAML: ")
    assert _error(yamlio._parse_checked, text)[1] - 1 <= line <= text.count("\n")


@needs_c
def test_a_lone_surrogate_escape_in_a_long_text_is_refused_at_its_line():
    """libyaml calls an escaped lone surrogate a syntax error (the Python loader reads it and refuses
    the text it makes): in a long text that is the message, at the same line."""
    text = "kind: workspace\n" + BODY + 'name: "bad \\ud800"\n'
    file, line, _path, reason = _error(yamlio.parse_yaml, text)
    assert (file, line) == _error(yamlio._parse_checked, text)[:2]
    assert "Unicode" in reason
