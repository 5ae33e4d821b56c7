"""A record build computes everything afresh: it evaluates the workspace once, draws included, and
reads and keeps nothing in the cache folder (storage.cache keeps only the app's parsed workspaces)."""

from __future__ import annotations

from deepdecide.report import build
from deepdecide.storage.files import builtin_sample


def test_a_build_evaluates_once_and_keeps_nothing(tmp_path, monkeypatch):
    """The evidence is judged and the model prepared once per build, not again for the draws; two
    builds of the same inputs give the same bytes, with the cache folder left untouched."""
    from deepdecide.analysis import engine

    ws = builtin_sample("en")
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path / "cache"))
    prepared: list[int] = []
    real = engine._prepare
    monkeypatch.setattr(engine, "_prepare", lambda *a, **k: prepared.append(1) or real(*a, **k))
    first = build(ws)
    assert prepared == [1]
    assert build(ws) == first and prepared == [1, 1]
    assert not (tmp_path / "cache").exists()


def test_verify_rebuilds_from_the_record_alone(tmp_path, monkeypatch):
    from deepdecide.report.integrity import verify

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path / "cache"))
    pdf = build(builtin_sample("en"))
    assert verify(pdf).intact
    assert not (tmp_path / "cache").exists()
