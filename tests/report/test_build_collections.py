"""A record is built without the collector's automatic passes (each walks every object of the process
and finds next to no garbage while the build's objects are in use) and collects what it made once at
its end; the collector is left as it was found, and the bytes are the same."""

from __future__ import annotations

import gc
import threading

import pytest

from deepdecide.report import build


@pytest.fixture()
def collections():
    seen: list[tuple[str, int]] = []
    here = threading.get_ident()

    def callback(phase: str, info: dict) -> None:
        # the collections of this thread (another thread of the test process may collect on its own)
        if phase == "start" and threading.get_ident() == here:
            seen.append((phase, info["generation"]))

    gc.callbacks.append(callback)
    try:
        yield seen
    finally:
        gc.callbacks.remove(callback)


def test_no_automatic_collection_while_building_and_one_young_one_at_the_end(small_ws, collections, monkeypatch):
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    reference = build(small_ws)
    was = gc.isenabled()
    gc.enable()
    try:
        gc.collect()  # nothing pending from earlier tests (the GUI tests turn automatic collection off)
        collections.clear()
        assert build(small_ws) == reference
        assert collections == [("start", 0)]
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()


def test_the_collector_is_left_off_where_it_was_off(small_ws, collections, monkeypatch):
    """The app turns automatic collection off and collects on a timer: a build changes nothing there."""
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    was = gc.isenabled()
    gc.disable()
    try:
        collections.clear()
        build(small_ws)
        assert collections == [] and not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_a_failed_build_turns_the_collector_back_on(small_ws, monkeypatch):
    import dataclasses

    from deepdecide.domain.errors import DeepdecideError

    bad = dataclasses.replace(small_ws, criteria=(dataclasses.replace(small_ws.criteria[0], weight=-1.0),
                                                  *small_ws.criteria[1:]))
    was = gc.isenabled()
    gc.enable()
    try:
        with pytest.raises(DeepdecideError):
            build(bad)
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()
