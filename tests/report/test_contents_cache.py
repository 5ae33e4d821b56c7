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


def test_kept_draws_give_the_same_record_and_a_damaged_entry_is_recomputed(tmp_path, monkeypatch):
    from deepdecide.analysis import engine

    ws = builtin_sample("en")
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    reference = build(ws)
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path))
    assert build(ws) == reference
    (entry,) = (tmp_path / "monte-carlo").iterdir()
    calls = []
    real = engine._monte_carlo  # the draws, whether drawn by evaluate or by monte_carlo
    monkeypatch.setattr(engine, "_monte_carlo", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert build(ws) == reference and calls == []  # the kept draws
    entry.write_bytes(b"\x00damaged")
    assert build(ws) == reference and calls == [1]  # drawn again, and kept again
    assert build(ws) == reference and calls == [1]


def test_a_first_build_evaluates_once(tmp_path, monkeypatch):
    """Without kept draws the workspace is evaluated once, draws included: the evidence is judged
    and the model prepared once, not again for the draws."""
    from deepdecide.analysis import engine

    ws = builtin_sample("en")
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    reference = build(ws)
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path))
    prepared = []
    real = engine._prepare
    monkeypatch.setattr(engine, "_prepare", lambda *a, **k: prepared.append(1) or real(*a, **k))
    assert build(ws) == reference and prepared == [1]
    assert build(ws) == reference and prepared == [1, 1]  # the kept draws: the assessment without them


def test_verify_rebuilds_from_the_record_alone(tmp_path, monkeypatch):
    from deepdecide.report.integrity import verify

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    pdf = build(builtin_sample("en"))
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path / "cache"))
    assert verify(pdf).intact
    assert not (tmp_path / "cache").exists()
