"""packaging/linux/install-desktop-integration.sh installs into a prefix, and removes again."""

from __future__ import annotations

import configparser
import os
import shutil
from pathlib import Path

import pytest
from packaging_support import (
    DESKTOP_FILE,
    ICON_FILE,
    INSTALL_SCRIPT,
    METAINFO_FILE,
    MIME_FILE,
    MIME_TYPE,
    require_tool,
    run,
)

from deepdecide import APP_ID

INSTALLED = {
    f"applications/{APP_ID}.desktop": DESKTOP_FILE,
    f"metainfo/{APP_ID}.metainfo.xml": METAINFO_FILE,
    f"mime/packages/{APP_ID}.xml": MIME_FILE,
    f"icons/hicolor/scalable/apps/{APP_ID}.svg": ICON_FILE,
}


def install(*args: str, script: Path = INSTALL_SCRIPT, home: Path | None = None):
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"}
    if home is not None:
        env["HOME"] = str(home)
    return run(["sh", str(script), *args], env=env)


def exec_line(desktop: Path) -> str:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(desktop, encoding="utf-8")
    return parser["Desktop Entry"]["Exec"]


def test_installs_into_prefix_and_updates_the_caches(tmp_path):
    result = install("--prefix", str(tmp_path))
    assert result.returncode == 0, result.stderr
    share = tmp_path / "share"
    for relative, source in INSTALLED.items():
        assert (share / relative).read_bytes() == source.read_bytes(), relative
    if shutil.which("update-mime-database"):
        globs = (share / "mime" / "globs2").read_text(encoding="utf-8")
        assert f"{MIME_TYPE}:*.deepdecide.yaml" in globs
    if shutil.which("update-desktop-database"):
        cache = (share / "applications" / "mimeinfo.cache").read_text(encoding="utf-8")
        assert f"{MIME_TYPE}={APP_ID}.desktop;" in cache.splitlines()


def test_installed_tree_validates_as_a_whole(tmp_path):
    """appstreamcli checks the installed metainfo together with the desktop file it launches."""
    tool = require_tool("appstreamcli")
    assert install("--prefix", str(tmp_path)).returncode == 0
    result = run([tool, "validate-tree", "--no-net", str(tmp_path)])
    assert result.returncode == 0, result.stdout + result.stderr
    assert not [line for line in result.stdout.splitlines() if line.strip()[:2] in {"E:", "W:", "I:"}], result.stdout
    # and it does notice a missing desktop file
    (tmp_path / "share" / "applications" / f"{APP_ID}.desktop").unlink()
    result = run([tool, "validate-tree", "--no-net", str(tmp_path)])
    assert result.returncode != 0 and "desktop-file-not-found" in result.stdout


def test_default_target_is_the_users_data_home(tmp_path):
    result = install(home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / ".local" / "share" / "applications" / f"{APP_ID}.desktop").is_file()


def test_exec_points_at_a_bundle_binary_quoted_for_the_desktop_spec(tmp_path):
    binary = "/opt/deep decide/$HOME\\bin/deepdecide"
    result = install("--prefix", str(tmp_path), "--exec", binary)
    assert result.returncode == 0, result.stderr
    desktop = tmp_path / "share" / "applications" / f"{APP_ID}.desktop"
    # string escapes over quoting escapes: a literal $ is \\$ in the file, a backslash \\\\
    assert exec_line(desktop) == r'"/opt/deep decide/\\$HOME\\\\bin/deepdecide" gui %f'
    assert "TryExec" not in desktop.read_text(encoding="utf-8")
    validate = require_tool("desktop-file-validate")
    checked = run([validate, str(desktop)])
    assert checked.returncode == 0 and checked.stdout.strip() == "", checked.stdout


def test_relative_exec_becomes_absolute(tmp_path):
    binary = tmp_path / "bundle" / "deepdecide"
    binary.parent.mkdir()
    binary.write_text("#!/bin/sh\n", encoding="utf-8")
    binary.chmod(0o755)
    result = run(["sh", str(INSTALL_SCRIPT), "--prefix", str(tmp_path / "p"), "--exec", "bundle/deepdecide"],
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert exec_line(tmp_path / "p" / "share" / "applications" / f"{APP_ID}.desktop") == f'"{binary}" gui %f'
    missing = run(["sh", str(INSTALL_SCRIPT), "--prefix", str(tmp_path / "q"), "--exec", "nowhere/deepdecide"],
                  cwd=tmp_path)
    assert missing.returncode == 2 and "not an executable: nowhere/deepdecide" in missing.stderr
    assert not (tmp_path / "q").exists()


def test_uninstall_removes_the_files(tmp_path):
    assert install("--prefix", str(tmp_path)).returncode == 0
    result = install("--prefix", str(tmp_path), "--uninstall")
    assert result.returncode == 0, result.stderr
    for relative in INSTALLED:
        assert not (tmp_path / "share" / relative).exists(), relative
    if shutil.which("update-desktop-database"):
        cache = (tmp_path / "share" / "applications" / "mimeinfo.cache").read_text(encoding="utf-8")
        assert APP_ID not in cache


@pytest.mark.parametrize("args", [["--bogus"], ["--prefix"]])
def test_bad_arguments_are_usage_errors(tmp_path, args):
    result = install(*args, home=tmp_path)
    assert result.returncode == 2
    assert "usage" in result.stderr.lower() or "install-desktop-integration.sh" in result.stderr
    assert not (tmp_path / ".local").exists()
