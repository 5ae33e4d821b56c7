"""What waits for the window's first paint, and what a page's first visit does not import.

The start-up checks run in a fresh interpreter (this one has imported everything already)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STARTUP = r'''
import gc, json, os, sys
from deepdecide.gui import app as A
from PySide6.QtCore import QEvent, QObject, QTimer

app = A.create_app()
app._deepdecide_exec = True
window = A.build_window([], settings_path=sys.argv[1], autosave_dir=sys.argv[2], recover=False)
A.prefetch_pages(window)
A._after_first_paint(window, app)
seen = {}

class Probe(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "paint" not in seen and obj.isWidgetType() \
                and obj.window() is window:
            mc = window.document._mc
            seen["paint"] = {"pyqtgraph": "pyqtgraph" in sys.modules, "pandas": "pandas" in sys.modules,
                             "gc": gc.isenabled(), "collector": app._deepdecide_gc is not None,
                             "mc_started": mc is not None and mc.runner.current is not None}
        return False

probe = Probe()
app.installEventFilter(probe)

def done():
    if window._deferred:  # the deferred work goes on, one piece per turn of the event loop
        QTimer.singleShot(20, done)
        return
    mc = window.document._mc
    seen["after"] = {"pyqtgraph": "pyqtgraph" in sys.modules, "pandas": "pandas" in sys.modules,
                     "gc": gc.isenabled(), "collector": app._deepdecide_gc is not None,
                     "mc_started": mc is not None and (mc.runner.current is not None or mc.result is not None),
                     "pages": all(m in sys.modules for _k, m, _c in __import__(
                         "deepdecide.gui.views.main_window", fromlist=["PAGES"]).PAGES)}
    print("SEEN " + json.dumps(seen), flush=True)
    window.document.stop_background()
    app.quit()

QTimer.singleShot(50, done)
window.show()
app.exec()
'''

EVIDENCE = r'''
import sys
from deepdecide.gui import app as A

app = A.create_app()
window = A.build_window([], settings_path=sys.argv[1], autosave_dir=sys.argv[2], recover=False)
window.show()
page = window.show_page("evidence")
for i in range(page.tabs.count()):
    page.tabs.setCurrentIndex(i)
    app.processEvents()
print("REPORT", sorted(m for m in sys.modules if m == "reportlab" or m.startswith("deepdecide.report")), flush=True)
window.document.stop_background()
'''


def _run(code: str, tmp_path: Path) -> str:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s.ini"), str(tmp_path / "autosave")],
                         capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_first_paint_comes_before_the_deferred_work(tmp_path):
    """The first page paints without pyqtgraph, pandas or a running Monte Carlo, with automatic garbage
    collection already off; then the collection timer starts, the Monte Carlo runs and the other pages'
    modules are imported."""
    out = _run(STARTUP, tmp_path)
    seen = json.loads(next(line for line in out.splitlines() if line.startswith("SEEN "))[5:])
    assert seen["paint"] == {"pyqtgraph": False, "pandas": False, "gc": False, "collector": False,
                             "mc_started": False}
    assert seen["after"] == {"pyqtgraph": True, "pandas": True, "gc": False, "collector": True,
                             "mc_started": True, "pages": True}


def test_the_evidence_page_does_not_import_the_record(tmp_path):
    """Browsing the Evidence page (every tab, the predictions beside measurements too) never imports
    the PDF record's modules or reportlab: only writing a record does."""
    out = _run(EVIDENCE, tmp_path)
    assert "REPORT []" in out, out


def test_a_held_monte_carlo_starts_when_released(qtbot, builtin_workspace):
    from deepdecide.gui.document import WorkspaceDocument

    doc = WorkspaceDocument(builtin_workspace)
    doc.hold_background()
    service = doc.monte_carlo()
    assert service.runner.current is None and service.current() is None
    doc.release_background()
    task = service.runner.current
    assert task is not None
    with qtbot.waitSignal(service.result_ready, timeout=30000):
        pass
    assert service.current() is not None
    doc.release_background()  # once only: no second run
    assert service.runner.current in (None, task)
    doc.stop_background()


def test_the_matrix_model_finds_the_entry_of_every_cell(qapp, builtin_workspace):
    """The model's cells by runtime and platform: the entry SupportMatrix.entry finds for each."""
    from deepdecide.gui.models.matrix_model import MatrixModel

    matrix = builtin_workspace.matrix
    model = MatrixModel()
    model.set_matrix(matrix)
    for row, p in enumerate(matrix.platforms):
        for col, r in enumerate(matrix.runtimes):
            assert model.cell(row, col)[3] is matrix.entry(r.id, p.id)


def test_a_reopened_workspace_comes_from_the_cache_the_first_open_wrote(make_window, monkeypatch, tmp_path):
    """The first open parses the file and keeps it (after the first paint) in the cache folder
    (``storage.cache``); the next open of the same bytes decodes the kept copy without parsing."""
    from deepdecide.storage import cache

    path = tmp_path / "w.deepdecide.yaml"
    path.write_bytes((ROOT / "tests" / "fixtures" / "gui" / "small.deepdecide.yaml").read_bytes())
    first = make_window([str(path)], show=False)
    (entry,) = (tmp_path / "cache" / cache.WORKSPACES).iterdir()
    assert entry.name == cache.workspace_key(path) + ".json"
    monkeypatch.setattr(cache, "load_workspace", lambda *a, **k: pytest.fail("parsed again"))
    again = make_window([str(path)], show=False)
    assert again.document.workspace == first.document.workspace
    assert again.document.path == first.document.path == str(path)
