"""Checks on the code base itself: layering (import-linter) and lint (ruff) run with the tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    exe = Path(sys.executable).with_name(name)
    found = str(exe) if exe.exists() else shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: install the test extras (pip install -e '.[test]')")
    return found


def test_import_layers_hold():
    """Only gui/ imports Qt; domain is pure; layers point downwards; siblings import each other in no
    cycle (contracts in pyproject.toml)."""
    proc = subprocess.run([_tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_is_clean():
    proc = subprocess.run([_tool("ruff"), "check", "deepdecide", "tests"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_init_in_packaging_folder():
    """packaging/ must not shadow the PyPI library of the same name."""
    assert not (ROOT / "packaging" / "__init__.py").exists()


#: held to ``mypy --strict`` (every Qt-free package; issue: types are checked)
STRICT = [
    "deepdecide/domain",
    "deepdecide/importers",
    "deepdecide/storage",
    "deepdecide/analysis",
    "deepdecide/report",
    "deepdecide/cli",
]


#: mypy's incremental cache, one folder per test (their options differ): a second run re-checks only
#: what changed since the first
MYPY_CACHE = ".mypy_cache/tests-"


def test_mypy_strict():
    """Each package of STRICT passes ``mypy --strict``, every module of it."""
    proc = subprocess.run([_tool("mypy"), "--strict", "--follow-imports=silent", f"--cache-dir={MYPY_CACHE}strict",
                           *STRICT],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_gui():
    """gui/ passes mypy with the project's settings (check_untyped_defs: the bodies of unannotated
    functions are checked too)."""
    proc = subprocess.run([_tool("mypy"), "--follow-imports=silent", f"--cache-dir={MYPY_CACHE}gui", "deepdecide/gui"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
