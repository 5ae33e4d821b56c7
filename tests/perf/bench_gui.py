"""GUI benchmarks (run as a script, not a test): start-up and slider-to-re-ranked-view.

    python tests/perf/bench_gui.py [--runs 5] [--steps 200]

1. Start to first painted main window, against a bare PySide6 window with one pyqtgraph plot
   started the same way in the same run (target: <= 1.3 x the baseline, medians). deepdecide
   keeps the parsed workspace in its cache (``storage.cache``); the very first start
   (empty cache, YAML parsed and validated) is printed for information.
2. Weight slider change to re-ranked view (the ranking bars repainted), median over many
   steps (target: <= 16 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

BASELINE = r'''
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
import pyqtgraph as pg
app = QApplication(sys.argv[:1])
w = QMainWindow()
plot = pg.PlotWidget()
plot.plot([0, 1, 2, 3], [1, 3, 2, 4])
w.setCentralWidget(plot)
w.resize(1280, 820)
class F(QObject):
    done = False
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint and not self.done and o.isWidgetType() and o.window() is w:
            self.done = True
            print(f"FIRST_PAINT {time.time():.6f}", flush=True)
            QTimer.singleShot(0, app.quit)
        return False
f = F(w)
app.installEventFilter(f)
w.show()
app.exec()
'''

APP = "from deepdecide.gui.app import main; main([])"


def first_paint(code: str, env: dict[str, str]) -> float:
    """Seconds from process start to the first paint of its main window."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    for line in out.stdout.splitlines():
        if line.startswith("FIRST_PAINT "):
            return float(line.split()[1]) - start
    raise RuntimeError(f"no paint reported (exit {out.returncode}):\n{out.stdout}\n{out.stderr}")


def bench_first_start(runs: int) -> float:
    """Start with empty settings and cache folders (no parsed-workspace cache yet): the very first start."""
    times = []
    for _ in range(runs):
        tmp = tempfile.mkdtemp(prefix="deepdecide-bench-cold-")
        env = dict(os.environ, DEEPDECIDE_EXIT_AFTER_PAINT="1", DEEPDECIDE_SETTINGS=os.path.join(tmp, "s.ini"),
                   DEEPDECIDE_CACHE_DIR=os.path.join(tmp, "cache"))
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        times.append(first_paint(APP, env))
    return statistics.median(times)


def bench_startup(runs: int) -> tuple[float, float]:
    tmp = tempfile.mkdtemp(prefix="deepdecide-bench-")
    env = dict(os.environ, DEEPDECIDE_EXIT_AFTER_PAINT="1", DEEPDECIDE_SETTINGS=os.path.join(tmp, "settings.ini"),
               DEEPDECIDE_CACHE_DIR=os.path.join(tmp, "cache"))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # warm the file cache once for both, then alternate
    first_paint(BASELINE, env)
    first_paint(APP, env)
    base, ours = [], []
    for _ in range(runs):
        base.append(first_paint(BASELINE, env))
        ours.append(first_paint(APP, env))
    return statistics.median(base), statistics.median(ours)


def bench_slider(steps: int) -> tuple[float, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from deepdecide.gui.app import build_window, create_app

    app = create_app()
    tmp = tempfile.mkdtemp(prefix="deepdecide-bench-")
    window = build_window([], settings_path=os.path.join(tmp, "s.ini"), autosave_dir=os.path.join(tmp, "a"),
                          recover=False)
    window.resize(1280, 820)
    window.show()
    page = window.show_page("compare")
    for _ in range(20):
        app.processEvents()
    slider = page.sliders[window.document.workspace.criteria[0].id].slider
    times = []
    ranks_changed = 0
    previous = page.bars.rows()
    for i in range(steps):
        value = (i * 7) % 101
        t0 = time.perf_counter()
        slider.setValue(value)
        page.bars.repaint()  # synchronous paint of the re-ranked bars
        times.append((time.perf_counter() - t0) * 1000)
        rows = page.bars.rows()
        ranks_changed += rows != previous
        previous = rows
    window.document.undo_stack.setClean()
    window.close()
    return statistics.median(times), max(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()
    base, ours = bench_startup(args.runs)
    first = bench_first_start(max(1, args.runs // 2))
    ratio = ours / base
    median_ms, worst_ms = bench_slider(args.steps)
    ok_start = ratio <= 1.3
    ok_slider = median_ms <= 16
    print(f"{'measurement':<44} {'value':>12} {'target':>14}  ok")
    print(f"{'bare PySide6 + one pyqtgraph plot (median)':<44} {base:>10.3f} s {'baseline':>14}")
    print(f"{'deepdecide first painted window (median)':<44} {ours:>10.3f} s {'':>14}")
    print(f"{'  (first start ever, no cache yet; median)':<44} {first:>10.3f} s {'information':>14}")
    print(f"{'start-up ratio':<44} {ratio:>12.2f} {'<= 1.30':>14}  {'yes' if ok_start else 'NO'}")
    print(f"{'slider -> re-ranked view (median)':<44} {median_ms:>9.2f} ms {'<= 16 ms':>14}  "
          f"{'yes' if ok_slider else 'NO'}")
    print(f"{'slider -> re-ranked view (worst)':<44} {worst_ms:>9.2f} ms")
    return 0 if ok_start and ok_slider else 1


if __name__ == "__main__":
    sys.exit(main())
