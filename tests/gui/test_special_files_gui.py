"""The window and hostile paths: a workspace whose ``kind`` is a list, a FIFO to open or to save onto,
a FIFO given at start-up. Each shows a located error at once (never a traceback, never a hang) and
changes nothing; the special file stays what it was. Special files are made in the test's folder."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from special_files import mode_of, special

from deepdecide.domain.errors import LocatedError

SMALL = Path(__file__).resolve().parent.parent / "fixtures" / "gui" / "small.deepdecide.yaml"

pytestmark = pytest.mark.gui


def test_a_kind_that_is_a_list_is_a_located_error_on_open(make_window, interaction, tmp_path):
    window = make_window()
    before = window.document.workspace
    bad = tmp_path / "list-kind.deepdecide.yaml"
    bad.write_text(SMALL.read_text(encoding="utf-8").replace("kind: workspace", "kind: [workspace]", 1),
                   encoding="utf-8")
    assert not window.open_file(str(bad))
    _title, exc = interaction.errors[-1]
    assert isinstance(exc, LocatedError)
    assert exc.file == str(bad) and exc.line == _kind_line(bad) and exc.path == "kind" and "a list" in exc.reason
    assert window.document.workspace is before


def test_a_fifo_is_refused_on_open_and_on_save(make_window, interaction, tmp_path):
    window = make_window()
    before = window.document.workspace
    with special("fifo", tmp_path, "pipe.deepdecide.yaml") as fifo:
        assert not window.open_file(str(fifo))  # would wait for a writer for ever if opened
        _title, exc = interaction.errors[-1]
        assert isinstance(exc, LocatedError) and exc.file == str(fifo) and "named pipe (FIFO)" in exc.reason
        assert window.document.workspace is before
        interaction.save_path = str(fifo)
        assert not window.save_as()
        _title, exc = interaction.errors[-1]
        assert str(fifo) in str(exc) and "named pipe (FIFO)" in str(exc)
        assert stat.S_ISFIFO(mode_of(fifo))
        assert window.document.path == ""


def test_a_fifo_given_at_start_up_opens_the_sample_with_the_error(make_window, tmp_path):
    with special("fifo", tmp_path, "start.deepdecide.yaml") as fifo:
        window = make_window((str(fifo),))
        assert window.document.path == ""
        assert isinstance(window._startup_error, LocatedError) and "named pipe (FIFO)" in str(window._startup_error)


def _kind_line(path: Path) -> int:
    return path.read_text(encoding="utf-8").splitlines().index("kind: [workspace]") + 1
