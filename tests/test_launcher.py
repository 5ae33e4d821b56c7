"""The launcher above the CLI and the GUI: which command lines open the application, the message
without a display, and that the headless commands never load Qt."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deepdecide import launcher

MINIMAL = Path(__file__).resolve().parent / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"


@pytest.fixture
def opened(monkeypatch) -> list[list[str]]:
    """Record the files the GUI would be opened on, instead of opening it."""
    calls: list[list[str]] = []

    def fake_gui_main(argv):
        calls.append(list(argv))
        return 0

    import deepdecide.gui.app

    monkeypatch.setattr(deepdecide.gui.app, "main", fake_gui_main)
    monkeypatch.setattr(launcher, "display_available", lambda: True)
    return calls


def test_commands_pass_through():
    assert launcher.route_argv(["--version"]) == ["--version"]
    assert launcher.route_argv(["validate", "x.deepdecide.yaml"]) == ["validate", "x.deepdecide.yaml"]
    assert launcher.route_argv(["matrix"]) == ["matrix"]


def test_no_arguments_and_a_yaml_file_alone_open_the_application(tmp_path):
    assert launcher.route_argv([]) == ["gui"]
    workspace = tmp_path / "plan.deepdecide.yaml"
    workspace.write_text("kind: workspace\n", encoding="utf-8")
    assert launcher.route_argv([str(workspace)]) == ["gui", str(workspace)]
    # not there: left to the CLI, which reports it
    missing = str(tmp_path / "missing.deepdecide.yaml")
    assert launcher.route_argv([missing]) == [missing]
    # "Open with" on any YAML file (macOS lists the app for YAML documents)
    other = tmp_path / "notes.YML"
    other.write_text("a: 1\n", encoding="utf-8")
    assert launcher.route_argv([str(other)]) == ["gui", str(other)]
    text = tmp_path / "notes.txt"
    text.write_text("a\n", encoding="utf-8")
    assert launcher.route_argv([str(text)]) == [str(text)]


def test_windowed_executable_always_opens_the_application():
    assert launcher.route_argv([], "C:\\deepdecide\\deepdecide-gui.exe") == ["gui"]
    assert launcher.route_argv(["a.yaml"], "/opt/deepdecide/deepdecide-gui") == ["gui", "a.yaml"]
    assert launcher.route_argv(["a.yaml", "b.yaml"], "deepdecide-gui") == ["gui", "a.yaml"]


def test_gui_command_and_a_file_alone_reach_the_application(opened):
    assert launcher.main([], "deepdecide") == 0
    assert launcher.main(["gui", str(MINIMAL)], "deepdecide") == 0
    assert launcher.main([str(MINIMAL)], "deepdecide") == 0
    assert launcher.gui_main([str(MINIMAL), "second.yaml"]) == 0
    assert opened == [[], [str(MINIMAL)], [str(MINIMAL)], [str(MINIMAL)]]


def test_gui_usage_errors_are_the_clis(opened, capsys):
    assert launcher.main(["gui", "a.yaml", "b.yaml"], "deepdecide") == 2
    assert "unrecognized arguments" in capsys.readouterr().err
    assert opened == []


def test_help_lists_the_gui_command_first(capsys):
    assert launcher.main(["--help"], "deepdecide") == 0
    out = capsys.readouterr().out
    commands = out.split("positional arguments:")[1]
    assert commands.index("gui ") < commands.index("matrix ")
    assert launcher.GuiCommand.HELP in " ".join(out.split())
    assert "exit codes" in out


def test_without_a_display_it_says_so(monkeypatch, capsys):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert launcher.main([], "deepdecide") == 4
    err = capsys.readouterr().err
    assert "no display" in err and "deepdecide matrix" in err
    assert launcher.gui_main([]) == 4
    assert "no display" in capsys.readouterr().err


def test_headless_commands_never_import_qt():
    code = (
        "import sys; from deepdecide.launcher import main;"
        "code = main(['validate', sys.argv[1]], 'deepdecide');"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6')"
        " or m.startswith('deepdecide.gui')];"
        "print(bad); sys.exit(1 if bad or code else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(MINIMAL)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_python_dash_m_runs_the_launcher(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "deepdecide", "--version"], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("deepdecide "), proc.stderr


def test_the_command_entry_freezes_its_objects_for_the_exit_and_main_does_not(tmp_path):
    """``console_main`` (the console script, ``python -m``, the bundle) leaves the finished command's
    objects to the end of the process instead of the exit's last collection; its output is whole.
    ``main``, which tests and embedders call, freezes nothing."""
    code = (
        "import gc, sys; from deepdecide import launcher;"
        "a = launcher.main(['validate', sys.argv[1]], 'deepdecide'); before = gc.get_freeze_count();"
        "b = launcher.console_main(['validate', sys.argv[1]], 'deepdecide');"
        "print('frozen', before, gc.get_freeze_count() > 0, a, b)"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(MINIMAL)], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "DEEPDECIDE_CACHE_DIR": ""})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("valid workspace file") == 2
    assert proc.stdout.strip().endswith("frozen 0 True 0 0")


def test_a_signing_command_prints_no_third_party_warning(tmp_path):
    """``verify`` loads pyHanko, whose modules name cryptography's deprecated DSA classes: the process's
    stderr carries deepdecide's words only (the interpreter's default filters would show the warning)."""
    record = Path(__file__).resolve().parent / "fixtures" / "history" / "schema-9" / "0498128.record.pdf"
    proc = subprocess.run([sys.executable, "-m", "deepdecide", "verify", str(record)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path, env={**os.environ, "DEEPDECIDE_CACHE_DIR": ""})
    assert "Warning" not in proc.stderr and "deprecated" not in proc.stderr, proc.stderr
    assert "DSA" not in proc.stdout + proc.stderr
