"""The C parser and the checking Python loader must agree on every text: where the fast path
(libyaml) accepts a text, the Python loader accepts it with the same data and the same line of every
key path; where the Python loader refuses a text, the fast path does not accept it (so the located
message reported is always the Python loader's)."""

from __future__ import annotations

from deepdecide.domain.errors import ValidationError
from deepdecide.storage import yamlio


def assert_same(text: str, file: str = "") -> str:
    """Compare both loaders on ``text``; return "fast", "fallback" or "refused"."""
    fast = yamlio._parse_fast(text, file)
    try:
        checked = yamlio._parse_checked(text, file)
    except ValidationError as exc:
        assert fast is None, f"the C parser accepted a text the Python loader refuses: {exc}"
        return "refused"
    if fast is None:
        return "fallback"
    assert repr(fast.data) == repr(checked.data)  # same types too (1 vs 1.0 vs True), and a NaN where one was
    if "nan" not in repr(checked.data):  # a NaN equals nothing, itself included
        assert fast.data == checked.data
    assert fast.lines == checked.lines
    return "fast"
