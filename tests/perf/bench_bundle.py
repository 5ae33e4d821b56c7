"""Bundle benchmark (a script, not a test): ``python tests/perf/bench_bundle.py [--keep DIR]``.

Builds the PyInstaller one-folder bundle (packaging/pyinstaller/deepdecide.spec) with an empty
PyInstaller cache, then measures, median of 3 runs each, the bundled binary against the same
command run from the development environment in the same run (the baseline):

* ``deepdecide --version``;
* ``deepdecide report -o record.pdf`` of the built-in workspace (headless PDF export);
* the GUI from start to its first painted frame (offscreen, ``DEEPDECIDE_EXIT_AFTER_PAINT``).

Targets: build under 180 s on 2 cores; bundle under 400 MB; every bundled command within 2x of
the baseline plus 1 s (the bundle unpacks nothing at start, so it should be close). Prints a
table; exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "pyinstaller" / "deepdecide.spec"
BUILD_TARGET_S = 180
SIZE_TARGET_MB = 400


def timed(cmd: list[str], env: dict[str, str], cwd: Path, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stderr}")
    return statistics.median(times)


def folder_size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="deepdecide-bench-bundle-"))
    work.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    # the GUI's settings and autosave go to a throw-away home, not the user's
    env |= {"HOME": str(work / "home"), "XDG_CONFIG_HOME": str(work / "home" / ".config")}
    build_env = env | {"PYINSTALLER_CONFIG_DIR": str(work / "pyinstaller-cache")}  # a cold cache
    try:
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
             "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(SPEC)],
            env=build_env, cwd=work, capture_output=True, text=True, check=False)
        build_s = time.perf_counter() - start
        if result.returncode != 0:
            print(result.stderr[-5000:], file=sys.stderr)
            return 1
        bundle = work / "dist" / "deepdecide" / "deepdecide"
        size_mb = folder_size_mb(bundle.parent)
        source = [sys.executable, "-m", "deepdecide"]
        pdf = str(work / "record.pdf")
        gui_env = env | {"QT_QPA_PLATFORM": "offscreen", "DEEPDECIDE_EXIT_AFTER_PAINT": "1"}
        rows = []
        for label, argv, run_env in [
            ("--version", ["--version"], env),
            ("report -o record.pdf", ["report", "-o", pdf], env),
            ("GUI to first frame", [], gui_env),
        ]:
            base = timed([*source, *argv], run_env, work)
            bundled = timed([str(bundle), *argv], run_env, work)
            rows.append((label, base, bundled, bundled <= 2 * base + 1))
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)

    ok = build_s < BUILD_TARGET_S and size_mb < SIZE_TARGET_MB and all(r[3] for r in rows)
    print(f"cores: {os.cpu_count()}   python: {sys.version.split()[0]}")
    print(f"{'measure':<24}{'baseline (source)':>20}{'bundle':>12}  target")
    print(f"{'build (cold cache)':<24}{'':>20}{build_s:>10.1f} s  < {BUILD_TARGET_S} s "
          f"{'ok' if build_s < BUILD_TARGET_S else 'MISSED'}")
    print(f"{'bundle size':<24}{'':>20}{size_mb:>9.0f} MB  < {SIZE_TARGET_MB} MB "
          f"{'ok' if size_mb < SIZE_TARGET_MB else 'MISSED'}")
    for label, base, bundled, good in rows:
        print(f"{label:<24}{base:>18.2f} s{bundled:>10.2f} s  <= 2x + 1 s {'ok' if good else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
