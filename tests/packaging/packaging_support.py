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


SOURCE_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".pytest_cache",
    ".ruff_cache", ".mypy_cache", ".hypothesis", ".import_linter_cache", "tmp",
)


def build_wheel(target: Path) -> Path:
    """Build deepdecide's wheel the way a user's pip does, from a clean copy of the source tree
    (setuptools reuses a build/ folder in the tree, which could hide a packaging mistake)."""
    import sys

    source = target / "source"
    shutil.copytree(ROOT, source, ignore=SOURCE_IGNORE)
    result = run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(target / "wheels")],
                 timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = (target / "wheels").glob("deepdecide-*.whl")
    return wheel


def stays_up(cmd: list[str], seconds: float, **kwargs) -> tuple[bool, str]:
    """Start a program (a GUI), return whether it is still running after ``seconds``, and its
    stderr; the program is terminated either way."""
    import subprocess
    import time

    with subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, **kwargs) as proc:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        alive = proc.poll() is None
        if alive:
            proc.terminate()
        try:
            _, stderr = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, stderr = proc.communicate()
    return alive, stderr


def private_home(tmp_path: Path) -> dict[str, str]:
    """Environment entries that keep a started application's settings, autosave and caches in
    ``tmp_path`` instead of the real user's folders."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_STATE_HOME": str(home / ".local/state")}
