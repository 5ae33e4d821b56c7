"""One writer at a time: the lock beside a workspace (holder, stale takeover) and the content check
before a write (a file changed since it was read is never overwritten)."""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deepdecide.domain.errors import ValidationError, WriteConflict
from deepdecide.domain.workspace import DecisionRecord, Workspace
from deepdecide.storage import files, lock


def _ws(name: str = "t") -> Workspace:
    return Workspace(name=name, model="m", decision=DecisionRecord(id="d", title="t"))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "w.deepdecide.yaml"
    files.save_workspace(_ws(), p)
    return p


def _holder(path: Path, seconds: float = 30) -> subprocess.Popen[str]:
    """Another process holding the lock of ``path`` until killed (it says "held" once it does)."""
    code = ("import sys, time\nfrom deepdecide.storage import lock\nlock.hold(sys.argv[1])\n"
            "print('held', flush=True)\ntime.sleep(float(sys.argv[2]))\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(path), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.kill()
    proc.wait()
    assert proc.stdout is not None
    proc.stdout.close()


def test_the_lock_file_sits_beside_the_workspace_names_its_holder_and_goes_away(path):
    lock_file = path.with_name(path.name + ".lock")
    assert lock.lock_path(path) == lock_file
    with lock.locked(path):
        holder = lock.read_holder(lock_file)
        assert holder == lock.Holder(os.getpid(), socket.gethostname())
        assert "pid=" in lock_file.read_text() and "host=" in lock_file.read_text() and "start=" in lock_file.read_text()
        with lock.locked(path):  # re-entrant within a process
            assert lock.is_locked_here(path)
        assert lock_file.exists()
    assert not lock_file.exists() and not lock.is_locked_here(path)


def test_through_a_symlink_the_lock_is_beside_the_real_file(tmp_path, path):
    link = tmp_path / "elsewhere" / "link.deepdecide.yaml"
    link.parent.mkdir()
    link.symlink_to(path)
    assert lock.lock_path(link) == path.with_name(path.name + ".lock")


def test_a_file_changed_since_it_was_read_is_never_overwritten(path):
    ws, sha = files.read_workspace(path)
    assert sha == lock.content_sha256(path)
    files.save_workspace(dataclasses.replace(ws, name="another process"), path)  # e.g. `deepdecide signoffs`
    theirs = path.read_bytes()
    with pytest.raises(lock.ChangedOnDisk, match="changed on disk since it was read") as info:
        files.save_workspace(dataclasses.replace(ws, name="mine"), path, expected_sha256=sha)
    assert isinstance(info.value, WriteConflict) and info.value.file == str(path)
    assert path.read_bytes() == theirs  # nothing written
    # what the save returns is what a later one expects
    ws2, sha2 = files.read_workspace(path)
    new = files.save_workspace(dataclasses.replace(ws2, name="mine"), path, expected_sha256=sha2)
    assert new == lock.content_sha256(path) and files.load_workspace(path).name == "mine"


def test_a_new_file_must_still_be_new_and_a_deleted_one_is_not_brought_back(tmp_path, path):
    ws, sha = files.read_workspace(path)
    with pytest.raises(lock.ChangedOnDisk, match="created by another process"):
        files.save_workspace(ws, path, expected_sha256=None)
    path.unlink()
    with pytest.raises(lock.ChangedOnDisk, match="deleted since it was read"):
        files.save_workspace(ws, path, expected_sha256=sha)
    assert not path.exists()
    files.save_workspace(ws, tmp_path / "new.deepdecide.yaml", expected_sha256=None)


def test_a_command_hold_checks_the_content_it_found(path):
    try:
        lock.hold(path)
        ws = files.load_workspace(path)
        path.write_text(path.read_text() + "# an editor that ignores the lock\n")
        with pytest.raises(lock.ChangedOnDisk):
            files.save_workspace(ws, path)
        assert path.read_text().endswith("ignores the lock\n")
    finally:
        lock.release_holds()
    assert not lock.is_locked_here(path)


def test_another_live_holder_makes_a_writer_wait_then_give_up_naming_it(path):
    proc = _holder(path)
    try:
        before = path.read_bytes()
        t = time.monotonic()
        with pytest.raises(lock.Locked) as info:
            files.save_workspace(_ws("mine"), path, wait=0.5)
        assert time.monotonic() - t >= 0.5
        assert info.value.holder == lock.Holder(proc.pid, socket.gethostname())
        assert f"process {proc.pid} on host" in str(info.value) and "nothing was written" in str(info.value)
        assert path.read_bytes() == before
    finally:
        _stop(proc)


def test_the_lock_of_a_process_gone_on_this_host_is_taken_over_with_a_note(path):
    proc = _holder(path)
    _stop(proc)
    assert lock.lock_path(path).exists()  # left behind by the killed process
    notes: list[str] = []
    t = time.monotonic()
    with lock.locked(path, wait=5, note=notes.append):
        assert lock.read_holder(lock.lock_path(path)).pid == os.getpid()
    assert time.monotonic() - t < 3
    assert notes == [f"{path}: took over the lock left by process {proc.pid} on host {socket.gethostname()}: "
                     "that process is gone"]


def test_a_lock_of_another_host_is_taken_over_after_the_lease(monkeypatch, path):
    monkeypatch.setattr(lock, "LEASE_SECONDS", 1.0)
    lock.lock_path(path).write_text("filelock/2\npid=4242\nhost=build-07.example\nmode=lease\ntoken=ab\n"
                                    "duration=1.0\n")
    with pytest.raises(lock.Locked, match="process 4242 on host build-07.example"), lock.locked(path, wait=0.3):
        pass  # pragma: no cover
    notes: list[str] = []
    with lock.locked(path, wait=5, note=notes.append):
        assert lock.read_holder(lock.lock_path(path)).pid == os.getpid()
    assert notes[0] == f"{path}: waiting for process 4242 on host build-07.example, which is writing it"
    assert notes[-1] == f"{path}: took over the lock of process 4242 on host build-07.example: not renewed for 1 s"


def test_a_folder_that_takes_no_file_fails_at_the_write_with_its_own_message(tmp_path):
    with pytest.raises(ValidationError, match="cannot be written"):
        files.save_workspace(_ws(), tmp_path / "no-such-folder" / "w.deepdecide.yaml")


def test_something_else_at_the_lock_path_is_a_clear_conflict(path):
    lock.lock_path(path).mkdir()
    with pytest.raises(lock.LockUnavailable, match="cannot take the lock w.deepdecide.yaml.lock"):
        files.save_workspace(_ws(), path, wait=0.2)
