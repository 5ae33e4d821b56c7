"""``deepdecide gui [FILE]``: open the desktop application (the default without a command)."""

from __future__ import annotations

import importlib
import os
import sys

NAME = "gui"
HELP = "open the desktop application (default when no command is given)"


def add_arguments(parser) -> None:
    parser.add_argument("file", nargs="?", help="a workspace file (*.deepdecide.yaml); default: the built-in sample")


def display_available() -> bool:
    """Whether Qt can open a window here (X11, Wayland, or an explicit QT_QPA_PLATFORM)."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run(args) -> int:
    from deepdecide.cli.main import EXIT_NO_DISPLAY

    if not display_available():
        print(
            "deepdecide: no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), so the desktop\n"
            "application cannot open. The headless commands work without one:\n"
            "  deepdecide matrix            the support matrix with sources\n"
            "  deepdecide check --gpu NAME  check a machine against the matrix\n"
            "  deepdecide validate FILE     validate a workspace file\n"
            "See `deepdecide --help` for all commands. To run the app anyway, use a virtual display\n"
            "(xvfb-run deepdecide) or QT_QPA_PLATFORM=offscreen.",
            file=sys.stderr,
        )
        return EXIT_NO_DISPLAY
    # imported by name: the CLI layer never imports Qt itself
    app = importlib.import_module("deepdecide.gui.app")
    return int(app.main([args.file] if args.file else []))
