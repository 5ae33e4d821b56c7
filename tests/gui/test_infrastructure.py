"""Settings, background tasks and error texts, without the main window."""

from __future__ import annotations

import threading

import pytest

from deepdecide.domain.errors import LocatedError, ValidationError, ValidationErrors
from deepdecide.gui.interaction import error_parts
from deepdecide.gui.settings import DEFAULTS, Preferences, open_settings
from deepdecide.gui.tasks import Task, TaskRunner


def test_preferences_types_defaults_and_unknown_keys(qapp, tmp_path):
    ini = tmp_path / "s.ini"
    prefs = Preferences(open_settings(ini))
    assert prefs.get("theme") == DEFAULTS["theme"]
    assert prefs.get("recent_files") == []
    prefs.set("autosave_seconds", 60)  # the default: not written
    prefs.set("theme", "dark")
    prefs.sync()
    text = ini.read_text()
    assert "theme=dark" in text and "autosave_seconds" not in text
    prefs.settings.setValue("autosave_seconds", "not a number")
    assert prefs.get("autosave_seconds") == 60
    with pytest.raises(KeyError):
        prefs.get("no_such_key")
    with pytest.raises(KeyError):
        prefs.set("no_such_key", 1)


def test_recent_files_are_unique_bounded_and_existing(qapp, tmp_path):
    prefs = Preferences(open_settings(tmp_path / "s.ini"))
    files = []
    for i in range(10):
        f = tmp_path / f"w{i}.deepdecide.yaml"
        f.write_text("x")
        files.append(f)
        prefs.add_recent(f)
    prefs.add_recent(files[3])
    recent = prefs.recent_files()
    assert recent[0] == str(files[3].resolve())
    assert len(recent) == DEFAULTS["max_recent"] and len(set(recent)) == len(recent)
    files[9].unlink()
    assert str(files[9].resolve()) not in prefs.recent_files()


def test_task_reports_progress_and_result(qtbot):
    seen = []
    task = Task(lambda progress, token: [progress(i / 4) for i in range(5)] and 42, min_interval_s=0)
    task.signals.progress_changed.connect(seen.append)
    runner = TaskRunner()
    with qtbot.waitSignal(task.signals.finished, timeout=5000) as blocker:
        runner.start(task)
    assert blocker.args == [42]
    assert seen[-1] == 1.0 and seen == sorted(seen)
    qtbot.waitUntil(lambda: runner.current is None, timeout=5000)


def test_task_failure_is_reported_not_raised(qtbot):
    def boom(progress, token):
        raise ValidationError("bad value", file="x.yaml", line=3, path="a.b")

    task = Task(boom)
    with qtbot.waitSignal(task.signals.failed, timeout=5000) as blocker:
        TaskRunner().start(task)
    assert isinstance(blocker.args[0], ValidationError)


def test_starting_a_task_cancels_the_running_one(qtbot):
    gate = threading.Event()

    def slow(progress, token):
        gate.wait(5)
        progress(0.5)  # raises Cancelled once the token is set
        return "late"

    runner = TaskRunner()
    first = Task(slow)
    second = Task(lambda progress, token: "second")
    with qtbot.waitSignal(first.signals.cancelled, timeout=5000):
        runner.start(first)
        with qtbot.waitSignal(second.signals.finished, timeout=5000):
            runner.start(second)
        assert first.token.cancelled
        gate.set()
    runner.wait(5000)


def test_work_that_raises_cancelled_ends_as_cancelled_not_failed(qtbot):
    """The importers, the Monte Carlo and the report raise the one ``Cancelled`` of domain.progress."""
    from deepdecide.domain.progress import Cancelled

    def work(progress, token):
        raise Cancelled("import cancelled")

    task = Task(work)
    failed = []
    task.signals.failed.connect(failed.append)
    with qtbot.waitSignal(task.signals.cancelled, timeout=5000):
        TaskRunner().start(task)
    assert failed == []


def test_error_texts_name_file_place_and_reason():
    exc = ValidationError("expected a number", file="/tmp/w.deepdecide.yaml", line=12, path="slo.ttft_p99_ms")
    summary, details = error_parts(exc)
    assert "w.deepdecide.yaml" in summary and "12" in summary and "slo.ttft_p99_ms" in summary
    assert "expected a number" in summary
    assert details == exc.message
    many = ValidationErrors([exc, ValidationError("unknown option 'x'", file="/tmp/w.deepdecide.yaml", line=40,
                                                  path="decision.chosen_option")])
    summary, details = error_parts(many)
    assert "2" in summary and "decision.chosen_option" in details and "slo.ttft_p99_ms" in details
    summary, _ = error_parts(FileNotFoundError(2, "No such file or directory", "/tmp/gone.yaml"))
    assert "gone.yaml" in summary and "No such file" in summary
    assert isinstance(exc, LocatedError)
