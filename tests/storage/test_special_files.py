"""Reading and writing a path a user gave (``domain.userfiles``, ``storage.yamlio``): only regular files
are read (a FIFO, socket, folder or device is refused before it is opened), and the atomic save only
ever replaces a regular file or nothing (never a device node, FIFO, socket or folder, through a
symbolic link neither). The special files are made in the test's temporary folder."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from special_files import KINDS, NAMED, mode_of, special

from deepdecide.domain.errors import OutputPathError, UnreadableFileError, ValidationError
from deepdecide.domain.userfiles import NotARegularFile, check_output, output_problem, read_user_file
from deepdecide.storage import files
from deepdecide.storage.yamlio import atomic_write_bytes, read_yaml_file

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"


def _in_time(fn, *args):
    """Call ``fn(*args)`` in a thread that must end within 30 s; return what it raised (or None)."""
    raised: list[BaseException | None] = []

    def target():
        try:
            fn(*args)
            raised.append(None)
        except BaseException as exc:  # the test looks at it
            raised.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), f"{fn.__name__} waited on a special file"
    return raised[0]


@pytest.mark.parametrize("kind", KINDS)
def test_reading_a_special_file_is_refused_before_it_is_opened(kind, tmp_path):
    with special(kind, tmp_path) as path:
        for reader in (read_user_file, read_yaml_file):
            exc = _in_time(reader, path)
            assert isinstance(exc, UnreadableFileError), exc
            assert exc.file == str(path) and NAMED[kind] in exc.reason and "not a regular file" in exc.reason


def test_a_regular_file_is_read_and_a_missing_one_named(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc")
    assert read_user_file(path) == b"abc"
    link = tmp_path / "link"
    link.symlink_to(path.name)
    assert read_user_file(link) == b"abc"  # a link to a regular file is that file
    with pytest.raises(UnreadableFileError, match="no such file"):
        read_user_file(tmp_path / "nope")
    with pytest.raises(UnreadableFileError, match="larger than any file of this kind"):
        read_user_file(path, max_bytes=2)


@pytest.mark.parametrize("kind", KINDS)
def test_the_atomic_save_never_replaces_a_special_file(kind, tmp_path):
    with special(kind, tmp_path) as path:
        before = mode_of(path)
        assert output_problem(path)
        with pytest.raises(OutputPathError) as info:
            check_output(path)
        assert info.value.file == str(path) and NAMED[kind] in info.value.reason
        exc = _in_time(atomic_write_bytes, path, b"payload")
        assert isinstance(exc, NotARegularFile) and isinstance(exc, OSError), exc
        assert NAMED[kind] in exc.strerror and "nothing written" in exc.strerror
        assert mode_of(path) == before
        leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".deepdecide-save")]
        assert leftovers == []  # no temporary file left beside it


def test_saving_a_workspace_onto_a_fifo_is_a_located_error(tmp_path):
    ws = files.load_workspace(MINIMAL)
    with special("fifo", tmp_path, "w.deepdecide.yaml") as path:
        before = mode_of(path)
        with pytest.raises(ValidationError) as info:
            files.save_workspace(ws, path)
        assert info.value.file == str(path) and "named pipe (FIFO)" in info.value.reason
        assert mode_of(path) == before


def test_regular_files_and_new_files_are_still_written(tmp_path):
    target = tmp_path / "out.bin"
    assert output_problem(target) == ""
    atomic_write_bytes(target, b"one")
    assert output_problem(target) == ""
    atomic_write_bytes(target, b"two")
    assert target.read_bytes() == b"two"
    link = tmp_path / "link.bin"
    link.symlink_to(target.name)
    atomic_write_bytes(link, b"three")  # through a link to a regular file: that file, the link kept
    assert link.is_symlink() and target.read_bytes() == b"three"
    dangling = tmp_path / "dangling"
    dangling.symlink_to("not-yet")
    assert output_problem(dangling) == ""
