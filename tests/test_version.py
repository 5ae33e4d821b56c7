"""The version is written once (deepdecide/__init__.py); the installed metadata reads it from there."""

from __future__ import annotations

import sys
from importlib.metadata import version

import deepdecide


def test_the_installed_metadata_has_the_packages_version():
    assert version("deepdecide") == deepdecide.__version__


def test_importing_deepdecide_reads_no_metadata():
    import subprocess

    out = subprocess.run([sys.executable, "-c", "import sys, deepdecide; print('importlib.metadata' in sys.modules)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
