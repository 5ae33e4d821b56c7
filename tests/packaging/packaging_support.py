"""Shared paths and helpers of the packaging tests (desktop files, wheel, bundle)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from deepdecide import APP_ID

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
DESKTOP_FILE = LINUX / f"{APP_ID}.desktop"
METAINFO_FILE = LINUX / f"{APP_ID}.metainfo.xml"
MIME_FILE = LINUX / f"{APP_ID}.mime.xml"
ICON_FILE = ROOT / "resources" / "icons" / f"{APP_ID}.svg"
INSTALL_SCRIPT = LINUX / "install-desktop-integration.sh"
FLATPAK_FILE = ROOT / "packaging" / "flatpak" / f"{APP_ID}.yml"
INNO_FILE = ROOT / "packaging" / "windows" / "deepdecide.iss"
SPEC_FILE = ROOT / "packaging" / "pyinstaller" / "deepdecide.spec"
MIME_TYPE = "application/x-deepdecide-workspace"


def require_tool(name: str) -> str:
    """The path of a command-line tool, or skip the test naming the Debian package that has it."""
    path = shutil.which(name)
    if path is None:
        packages = {
            "desktop-file-validate": "desktop-file-utils",
            "update-desktop-database": "desktop-file-utils",
            "appstreamcli": "appstream",
            "update-mime-database": "shared-mime-info",
        }
        pytest.skip(f"{name} is not installed (Debian package {packages.get(name, name)})")
    return path


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    """Run a command, capturing text output; never raises on a non-zero exit."""
    kwargs.setdefault("timeout", 120)
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)
