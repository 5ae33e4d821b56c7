"""The ``deepdecide`` command: chooses between the headless CLI and the desktop application.

This module sits above both ``deepdecide.cli`` and ``deepdecide.gui`` (an import-linter contract
keeps the two independent of each other): the CLI knows nothing of Qt, the GUI nothing of
argparse, and only this module imports both.

- ``deepdecide`` with no arguments, ``deepdecide gui [FILE]`` and ``deepdecide FILE.yaml`` (an
  existing YAML file given alone, which is how a file manager's "Open with" and macOS Finder
  hand over a document) open the desktop application; without a display they exit with
  ``EXIT_NO_DISPLAY`` and say which headless commands work instead.
- ``deepdecide-gui [FILE...]`` (the gui-script, the Windows windowed executable) always opens the
  application, on the first file it is given.
- Everything else goes to the CLI (``deepdecide.cli.main``).
"""

from __future__ import annotations

import gc
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path, PureWindowsPath
from typing import Any

from deepdecide.cli.main import EXIT_NO_DISPLAY
from deepdecide.cli.main import main as cli_main
from deepdecide.domain.i18n import N_, _

# workspaces are *.deepdecide.yaml; "Open with" may hand over any YAML file (the app then says
# whether it is a workspace)
DOCUMENT_SUFFIXES = (".yaml", ".yml")
GUI_EXECUTABLE = "deepdecide-gui"

NO_DISPLAY_MESSAGE = N_(
    "deepdecide: no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), so the desktop\n"
    "application cannot open. The headless commands work without one:\n"
    "  deepdecide matrix            the support matrix with sources\n"
    "  deepdecide check --gpu NAME  check a machine against the matrix\n"
    "  deepdecide validate FILE     validate a workspace file\n"
    "See `deepdecide --help` for all commands. To run the app anyway, use a virtual display\n"
    "(xvfb-run deepdecide) or QT_QPA_PLATFORM=offscreen."
)


def display_available() -> bool:
    """Whether Qt can open a window here (X11, Wayland, or an explicit QT_QPA_PLATFORM)."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def route_argv(argv: Sequence[str], executable: str = "deepdecide") -> list[str]:
    """The command line as the CLI parser reads it: no arguments, ``FILE.yaml`` (an existing file
    given alone) and anything given to ``deepdecide-gui`` become ``gui [FILE]``."""
    argv = list(argv)
    if PureWindowsPath(executable).stem.lower() == GUI_EXECUTABLE:  # reads / and \ paths
        return ["gui", *argv[:1]]
    if not argv:
        return ["gui"]
    if len(argv) == 1 and argv[0].lower().endswith(DOCUMENT_SUFFIXES) and Path(argv[0]).is_file():
        return ["gui", *argv]
    return argv


def open_gui(files: Sequence[str] = ()) -> int:
    """Start the desktop application on ``files[0]`` (the built-in sample without one)."""
    if not display_available():
        print(_(NO_DISPLAY_MESSAGE), file=sys.stderr)
        return EXIT_NO_DISPLAY
    from deepdecide.gui.app import main as gui_app_main

    return int(gui_app_main(list(files[:1])))


class GuiCommand:
    """``deepdecide gui [FILE]``, registered with the CLI's parser (help, usage errors) by this module."""

    NAME = "gui"
    HELP = N_("open the desktop application (default when no command is given)")

    @staticmethod
    def add_arguments(parser: Any) -> None:
        parser.add_argument("file", nargs="?",
                            help=_("a workspace file (*.deepdecide.yaml); default: the built-in sample"))

    @staticmethod
    def run(args: Any) -> int:
        return open_gui([args.file] if args.file else [])


def main(argv: Sequence[str] | None = None, executable: str | None = None) -> int:
    """The ``deepdecide`` console entry point (and ``python -m deepdecide``)."""
    args = route_argv(sys.argv[1:] if argv is None else argv,
                      sys.argv[0] if executable is None else executable)
    return cli_main(args, commands=(GuiCommand,))


# Warnings of third-party code that say nothing to the user of a record, silenced for the process (the
# tests silence them in pyproject.toml's filterwarnings): cryptography 51 deprecated DSA and warns each
# time pyHanko's modules name its DSA key classes, at import and in key-type checks; deepdecide neither
# makes DSA keys nor issues DSA certificates. The category is cryptography's own, a UserWarning.
THIRD_PARTY_WARNINGS = ((r"DSA is deprecated", UserWarning),)


def quiet_third_party_warnings() -> None:
    """Ignore ``THIRD_PARTY_WARNINGS`` in this process (each matched by its message's start)."""
    for message, category in THIRD_PARTY_WARNINGS:
        warnings.filterwarnings("ignore", message=message, category=category)


def console_main(argv: Sequence[str] | None = None, executable: str | None = None) -> int:
    """``main`` for a process that ends when it returns (the ``deepdecide`` command, ``python -m
    deepdecide``, the bundle): the objects of the finished command are then frozen (``gc.freeze``),
    so that the interpreter's last collection at exit does not walk all of them (some 10 to 20 ms
    after an evaluate or a report) only for the process to end. Nothing is left unwritten: output
    streams are flushed at exit as always, and every file the commands write is closed when written.
    Tests call ``main``, which freezes nothing."""
    quiet_third_party_warnings()
    code = main(argv, executable)
    gc.freeze()
    return code


def gui_main(argv: Sequence[str] | None = None) -> int:
    """The ``deepdecide-gui`` gui-script: the application on the first file given, if any."""
    quiet_third_party_warnings()
    return open_gui(list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(console_main())
