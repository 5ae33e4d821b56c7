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
    """Only gui/ imports Qt; domain is pure; layers point downwards (contracts in pyproject.toml)."""
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

#: modules of STRICT not held to it yet, because their code is being reworked; they join by leaving this list
STRICT_PENDING = [
    "deepdecide/analysis/cost.py",
    "deepdecide/analysis/engine.py",  # with cost.py: some eligibility reasons and problems are str, not Message
    "deepdecide/analysis/model.py",
    "deepdecide/analysis/montecarlo.py",
    "deepdecide/analysis/risks.py",  # a capacity flag (str) among the proxy reasons (Message)
    "deepdecide/cli/evaluate_cmd.py",
    "deepdecide/cli/import_cmd.py",
]


def test_mypy_strict():
    """Each package of STRICT passes ``mypy --strict``. Modules they import are read for their types but
    their own errors are reported only where they are checked (``--follow-imports=silent``), so a
    module listed in STRICT_PENDING does not fail the packages that import it."""
    exclude = [arg for path in STRICT_PENDING for arg in ("--exclude", f"^{path}$")]
    proc = subprocess.run([_tool("mypy"), "--strict", "--follow-imports=silent", "--no-incremental", *exclude,
                           *STRICT], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_gui():
    """gui/ passes mypy with the project's settings (check_untyped_defs: the bodies of unannotated
    functions are checked too)."""
    proc = subprocess.run([_tool("mypy"), "--follow-imports=silent", "--no-incremental", "deepdecide/gui"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
