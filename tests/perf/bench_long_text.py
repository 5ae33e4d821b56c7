"""Benchmark: the record lays out any text in time linear in its length (issue: bad input).

Run as a script: ``python tests/perf/bench_long_text.py``. One unbroken word of 200 KB, 400 KB and
2 MB in the decision's context (and a 2 MB paragraph of short words); before long words were broken
and long paragraphs laid out in pieces, 200 KB took 6 s, 400 KB 23 s and 2 MB 675 s. Targets: 2 MB
in <= 15 s, and the time per character of 2 MB at most 2 x that of 400 KB (linear, not quadratic).
"""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

from deepdecide.report import build
from deepdecide.storage.files import load_workspace

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "report" / "small.deepdecide.yaml"
TARGET_2MB_S = 15.0
TARGET_SLOPE = 2.0


def _time(ws, text: str) -> float:
    w = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, context=text))
    t = time.perf_counter()
    build(w)
    return time.perf_counter() - t


def main() -> int:
    ws = load_workspace(SMALL)
    base = _time(ws, "short")  # warm-up and the fixed cost of the record
    rows = []
    for label, text in (("word 200 KB", "x" * 200_000), ("word 400 KB", "x" * 400_000),
                        ("word 2 MB", "x" * 2_000_000), ("words 2 MB", "lorem ipsum " * 166_667)):
        rows.append((label, len(text), _time(ws, text)))
    print(f"fixed cost of the small record: {base:.2f} s")
    for label, n, t in rows:
        print(f"{label:<14} {t:7.2f} s   {(t - base) / n * 1e6:7.2f} s per M characters")
    per_small = (rows[1][2] - base) / rows[1][1]
    per_big = (rows[2][2] - base) / rows[2][1]
    slope = per_big / per_small if per_small > 0 else 1.0
    ok = rows[2][2] <= TARGET_2MB_S and slope <= TARGET_SLOPE
    print(f"2 MB word: {rows[2][2]:.2f} s (<= {TARGET_2MB_S:.0f} s); per-character 2 MB / 400 KB: {slope:.2f} "
          f"(<= {TARGET_SLOPE:.1f}) {'ok' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
