"""A record whose contents are known from an earlier build takes one layout pass: the same bytes."""

from __future__ import annotations

import json

import pytest
from reportlab.platypus import doctemplate

from deepdecide.report import build
from deepdecide.storage.files import builtin_sample


@pytest.fixture
def passes(monkeypatch):
    seen: list[int] = []
    original = doctemplate.BaseDocTemplate.multiBuild

    def counting(self, *args, **kwargs):
        n = original(self, *args, **kwargs)
        seen.append(n)
        return n

    monkeypatch.setattr(doctemplate.BaseDocTemplate, "multiBuild", counting)
    return seen


def test_known_contents_give_the_two_pass_bytes_in_one_pass(tmp_path, monkeypatch, passes):
    ws = builtin_sample("en")
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    reference = build(ws)
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path))
    assert build(ws) == reference  # learns the contents
    (entry,) = (tmp_path / "record-contents").iterdir()
    assert build(ws) == reference
    assert passes == [2, 2, 1]
    # a damaged entry, or one with wrong pages, costs a pass, never a different record
    entry.write_bytes(b"{not json")
    assert build(ws) == reference
    rows = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps([[lv, text, page + 3, key] for lv, text, page, key in rows]), encoding="utf-8")
    assert build(ws) == reference
    assert passes[3:] == [2, 2]
    assert build(ws, sections=["cover", "options"]) != reference  # other sections: other contents
