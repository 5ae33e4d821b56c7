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


#: held to ``mypy --strict``; every Qt-free package joins this list (issue: types are checked)
STRICT = [
    "deepdecide/domain",
    "deepdecide/importers",
    "deepdecide/storage",
    # analysis/: the modules whose code is settled
    "deepdecide/analysis/__init__.py",
    "deepdecide/analysis/applicability.py",
    "deepdecide/analysis/assessment.py",
    "deepdecide/analysis/capacity.py",
    "deepdecide/analysis/diff.py",
    "deepdecide/analysis/engine.py",
    "deepdecide/analysis/evidence.py",
    "deepdecide/analysis/revisit.py",
    "deepdecide/analysis/scoring.py",
    "deepdecide/analysis/sensitivity.py",
    # report/: the modules whose code is settled
    "deepdecide/report/__init__.py",
    "deepdecide/report/approval.py",
    "deepdecide/report/build.py",
    "deepdecide/report/canonical.py",
    "deepdecide/report/charts.py",
    "deepdecide/report/fonts.py",
    "deepdecide/report/integrity.py",
    "deepdecide/report/sections",
    "deepdecide/report/signing.py",
    "deepdecide/report/signoff_page.py",
    "deepdecide/report/spreadsheet.py",
    "deepdecide/report/styles.py",
    "deepdecide/report/template.py",
    "deepdecide/report/writer.py",
    # cli/: the modules whose code is settled; the rest join as their work lands
    "deepdecide/cli/__init__.py",
    "deepdecide/cli/check_cmd.py",
    "deepdecide/cli/common.py",
    "deepdecide/cli/diff_cmd.py",
    "deepdecide/cli/evidence_args.py",
    "deepdecide/cli/evidence_cmd.py",
    "deepdecide/cli/export_cmd.py",
    "deepdecide/cli/inspect_cmd.py",
    "deepdecide/cli/main.py",
    "deepdecide/cli/matrix_cmd.py",
    "deepdecide/cli/report_cmd.py",
    "deepdecide/cli/revisit_cmd.py",
    "deepdecide/cli/sign_cmd.py",
    "deepdecide/cli/signoffs_cmd.py",
    "deepdecide/cli/validate_cmd.py",
    "deepdecide/cli/verify_cmd.py",
]


def test_mypy_strict():
    """Each entry of STRICT passes ``mypy --strict``. Modules they import are read for their types but
    their own errors are not reported here (``--follow-imports=silent``): a package is held to the
    strict rules once it is listed, not through the packages that import it."""
    proc = subprocess.run([_tool("mypy"), "--strict", "--follow-imports=silent", "--no-incremental", *STRICT],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_gui():
    """gui/ passes mypy with the project's settings (check_untyped_defs: the bodies of unannotated
    functions are checked too)."""
    proc = subprocess.run([_tool("mypy"), "--follow-imports=silent", "--no-incremental", "deepdecide/gui"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
