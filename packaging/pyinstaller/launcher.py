"""Entry script of the PyInstaller bundle: ``deepdecide.launcher`` as in a pip install.

``deepdecide --version`` and every subcommand work as in a pip install; with no arguments the
desktop application opens. A YAML file as the only argument (how macOS Finder and a file
manager's "Open with" hand over a document) opens that file in the application. The windowed
``deepdecide-gui`` executable (Windows) always opens the application, on the file it is given.
The choice is ``deepdecide.launcher.route_argv``, told the executable's name.
"""

from __future__ import annotations

import multiprocessing
import sys


def run() -> int:
    # a frozen program re-executes itself for worker processes; this returns at once in the parent
    multiprocessing.freeze_support()
    from deepdecide.launcher import console_main

    return console_main(sys.argv[1:], sys.executable)


if __name__ == "__main__":
    sys.exit(run())
