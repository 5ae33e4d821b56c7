"""The desktop application and another process writing the file it shows: it notices, offers to
reload (saying when that loses unsaved changes) and never overwrites what the other wrote; it holds
the workspace's lock only for the moment of a save, so a command can write a file it has open."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deepdecide.domain.edits import SetDecisionField
from deepdecide.domain.workspace import RecordStatus
from deepdecide.storage import files, lock

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "gui" / "small.deepdecide.yaml"
ENV = {**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": "en"}


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """A command in another process (as a user's terminal runs it while the application is open)."""
    return subprocess.run([sys.executable, "-m", "deepdecide", *argv], capture_output=True, text=True, env=ENV,
                          timeout=300)


@pytest.fixture
def opened(make_window, tmp_path):
    path = tmp_path / "w.deepdecide.yaml"
    shutil.copy(SMALL, path)
    window = make_window((str(path),))
    assert window.document.disk_sha256 == lock.content_sha256(path)
    assert str(path) in window.watcher.files()
    return window, path


def test_signoffs_written_while_the_file_is_open_are_never_dropped_by_a_save(make_window, interaction, qtbot, tmp_path):
    from tests.approval.pki import Pki
    from tests.approval.test_approval import CTO, PLATFORM, _export, _sign

    (tmp_path / "pki").mkdir()
    pki = Pki(tmp_path / "pki")
    ws_path, record = _export(pki, tmp_path)
    window = make_window((str(ws_path),))
    assert not lock.lock_path(ws_path).exists()  # an open file is not locked
    window.document.edit(SetDecisionField("confirmation", "a two-week canary"), "confirmation")  # unsaved
    assert _sign(record, PLATFORM, pki.approver("Ana Ruiz"), pki)[0] == 0
    assert _sign(record, CTO, pki.approver("Tom Berg"), pki)[0] == 0
    interaction.reload_answer = "cancel"
    done = _cli("signoffs", str(record), "--into", str(ws_path), "--trust", str(pki.ca_pem))
    assert done.returncode == 0 and "accepted" in done.stdout, done.stderr
    signed = ws_path.read_bytes()
    qtbot.waitUntil(lambda: bool(interaction.reload_questions), timeout=10000)
    assert interaction.reload_questions == [("ws.deepdecide.yaml", True, False, False)]  # unsaved edits: said
    # Ctrl+S: refused, the question asked again, the sign-offs kept on disk
    assert window.save() is False
    assert interaction.reload_questions[-1] == ("ws.deepdecide.yaml", True, False, True)
    assert ws_path.read_bytes() == signed
    assert files.load_workspace(ws_path).decision.status == RecordStatus.ACCEPTED
    assert window.autosave_now()  # autosave writes its own copy, never the file
    assert ws_path.read_bytes() == signed
    # reload: the window shows the approvals; saving again keeps them
    interaction.reload_answer = "reload"
    assert window.save() is False  # it reloaded instead of writing
    assert window.document.workspace.decision.status == RecordStatus.ACCEPTED
    assert not window.document.is_modified()
    assert window.save() is True
    assert files.load_workspace(ws_path).decision.status == RecordStatus.ACCEPTED
    assert sum(1 for s in files.load_workspace(ws_path).signoffs if s.record_inputs_sha256) == 2


def test_an_unmodified_window_offers_to_reload_each_write_even_after_a_rename(opened, interaction, qtbot):
    window, path = opened
    assert _cli("evidence", "workload", str(path), "--dataset", "sharegpt").returncode == 0
    qtbot.waitUntil(lambda: window.document.workspace.workload.dataset == "sharegpt", timeout=10000)
    assert interaction.reload_questions == [("w.deepdecide.yaml", False, False, False)]
    # the command replaced the file by a rename: the new file is watched too
    assert str(path) in window.watcher.files()
    assert _cli("evidence", "workload", str(path), "--dataset", "lmsys").returncode == 0
    qtbot.waitUntil(lambda: window.document.workspace.workload.dataset == "lmsys", timeout=10000)
    assert len(interaction.reload_questions) == 2
    # its own save is not "another program"
    window.document.edit(SetDecisionField("title", "Mine"), "title")
    assert window.save()
    qtbot.wait(600)
    assert len(interaction.reload_questions) == 2


def test_declining_keeps_the_window_and_asks_no_more_for_that_change(opened, interaction, qtbot):
    window, path = opened
    interaction.reload_answer = "cancel"
    assert _cli("evidence", "workload", str(path), "--dataset", "sharegpt").returncode == 0
    qtbot.waitUntil(lambda: bool(interaction.reload_questions), timeout=10000)
    assert window.document.workspace.workload.dataset != "sharegpt"
    assert window.check_disk() == "same"  # that change was answered
    assert "changed on disk by another program" in window.status_label.text()
    interaction.reload_answer = "save_as"  # keep mine under another name
    interaction.save_path = str(path.with_name("mine.deepdecide.yaml"))
    assert window.save() is False
    assert files.load_workspace(path).workload.dataset == "sharegpt"
    assert window.document.path == interaction.save_path and Path(interaction.save_path).is_file()


def test_a_deleted_file_is_never_brought_back_by_a_plain_save(opened, interaction, qtbot):
    window, path = opened
    interaction.reload_answer = "cancel"
    path.unlink()
    window.document.edit(SetDecisionField("title", "Mine"), "title")
    assert window.save() is False
    assert interaction.reload_questions[-1] == ("w.deepdecide.yaml", True, True, True)
    assert not path.exists()


def test_a_save_waits_for_another_writer_and_then_says_who(opened, interaction, monkeypatch):
    window, path = opened
    monkeypatch.setattr(lock, "APP_WAIT_SECONDS", 0.3)
    code = ("import sys, time\nfrom deepdecide.storage import lock\nlock.hold(sys.argv[1])\n"
            "print('held', flush=True)\ntime.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        before = path.read_bytes()
        window.document.edit(SetDecisionField("title", "Mine"), "title")
        assert window.save() is False
        (title, exc), = interaction.errors
        assert title == "Cannot save the workspace" and isinstance(exc, lock.Locked)
        assert f"being written by process {proc.pid} on host" in str(exc)
        assert path.read_bytes() == before and window.document.is_modified()
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
    assert window.save() is True


def test_a_recovered_autosave_never_overwrites_a_file_written_since(make_window, interaction, qtbot, tmp_path):
    path = tmp_path / "w.deepdecide.yaml"
    shutil.copy(SMALL, path)
    first = make_window((str(path),))
    first.document.edit(SetDecisionField("title", "Unsaved"), "title")
    assert first.autosave_now()
    first.autosaver._unmark_running()  # the instance "crashed": its lock is gone, its copy stays
    first.autosaver = None
    assert _cli("evidence", "workload", str(path), "--dataset", "sharegpt").returncode == 0
    second = make_window(recover=True)
    interaction.recover_answer = True
    assert second.offer_recovery()
    assert second.document.path == str(path) and second.document.workspace.decision.title == "Unsaved"
    interaction.reload_answer = "cancel"
    assert second.save() is False  # the copy's edits began before the other write
    assert files.load_workspace(path).workload.dataset == "sharegpt"
    assert interaction.reload_questions[-1] == ("w.deepdecide.yaml", True, False, True)
