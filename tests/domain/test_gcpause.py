"""The collector paused while a workspace is read or its evidence judged is left as it was found."""

from __future__ import annotations

import gc

import pytest

from deepdecide.domain import gcpause


@pytest.fixture(autouse=True)
def _restore():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_an_enabled_collector_is_paused_and_enabled_again_however_the_block_ends():
    gc.enable()
    with gcpause.paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), gcpause.paused():
        raise ValueError
    assert gc.isenabled()


def test_a_disabled_collector_stays_off():  # the desktop app collects on a timer of its own
    gc.disable()
    with gcpause.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_reading_a_workspace_leaves_the_collector_on(tmp_path):
    from deepdecide.storage.files import load_workspace, read_workspace, sample_workspace_path

    gc.enable()
    load_workspace(sample_workspace_path())
    read_workspace(sample_workspace_path())
    assert gc.isenabled()
