"""Entry script of the PyInstaller bundle: the ``deepdecide`` command, and the GUI with no arguments.

``deepdecide --version`` and every subcommand work as in a pip install; with no arguments the
desktop application opens. A YAML file as the only argument (how macOS Finder and a file
manager's "Open with" hand over a document) opens that file in the application. The windowed
``deepdecide-gui`` executable (Windows) always opens the application, on the file it is given.
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path, PureWindowsPath

# workspaces are *.deepdecide.yaml; "Open with" may hand over any YAML file (the app then says
# whether it is a workspace)
DOCUMENT_SUFFIXES = (".yaml", ".yml")


def bundle_argv(argv: list[str], executable: str = "deepdecide") -> list[str]:
    """The CLI arguments for the bundle's command line: ``deepdecide FILE.yaml`` (an existing file
    given alone) and ``deepdecide-gui FILE`` become ``gui FILE``."""
    if PureWindowsPath(executable).stem.lower() == "deepdecide-gui":  # reads / and \ paths
        return ["gui", *argv[:1]]
    if len(argv) == 1 and argv[0].lower().endswith(DOCUMENT_SUFFIXES) and Path(argv[0]).is_file():
        return ["gui", *argv]
    return argv


def run() -> int:
    # a frozen program re-executes itself for worker processes; this returns at once in the parent
    multiprocessing.freeze_support()
    from deepdecide.cli.main import main

    return main(bundle_argv(sys.argv[1:], sys.executable))


if __name__ == "__main__":
    sys.exit(run())
