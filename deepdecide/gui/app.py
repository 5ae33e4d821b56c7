"""Application entry point (placeholder main window until the desktop application lands)."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    from deepdecide.storage.files import load_builtin_workspace, load_workspace

    argv = list(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    ws = load_workspace(argv[0]) if argv else load_builtin_workspace()
    window = QMainWindow()
    window.setWindowTitle(f"deepdecide — {ws.decision.title}")
    window.setCentralWidget(QLabel(f"{ws.decision.title}\n{len(ws.options)} options"))
    window.resize(900, 600)
    window.show()
    return app.exec()
