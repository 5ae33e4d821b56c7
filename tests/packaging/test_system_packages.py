"""The README's system-package list is what a bare Debian/Ubuntu machine needs for the window.

Qt's xcb platform plugin and the Qt libraries it loads name their shared libraries (ELF NEEDED);
every one that PySide6 does not ship itself must come from a package the README lists (or from
the base system every Debian has). ``.ci/run`` installs the same list.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: packages every Debian/Ubuntu system has (essential or required by apt itself)
BASE = {"libc6", "libstdc++6", "libgcc-s1", "zlib1g", "libzstd1"}
QT_LIBS = ("plugins/platforms/libqxcb.so", "lib/libQt6XcbQpa.so.6", "lib/libQt6Gui.so.6",
           "lib/libQt6Core.so.6", "lib/libQt6Widgets.so.6", "lib/libQt6DBus.so.6", "lib/libQt6OpenGL.so.6")


def _readme_packages() -> set[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"sudo apt-get install --no-install-recommends \\\n(.*?)\n```", text, re.S)
    assert m, "README.md lost its apt-get line for Qt's libraries"
    return set(m.group(1).replace("\\", " ").split())


def _ci_packages() -> set[str]:
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    m = re.search(r"apt-get install -y -q --no-install-recommends \\\n(.*?)>/dev/null", text, re.S)
    assert m, ".ci/run lost its apt-get install line"
    return set(m.group(1).replace("\\", " ").split())


def test_ci_installs_the_readme_list():
    assert _readme_packages() <= _ci_packages()


def _needed(path: Path) -> list[str]:
    out = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True, check=True).stdout
    return [line.split()[1] for line in out.splitlines() if line.strip().startswith("NEEDED")]


def test_readme_lists_every_library_qt_links():
    if not (shutil.which("objdump") and shutil.which("dpkg") and shutil.which("ldconfig")):
        pytest.skip("needs objdump, dpkg and ldconfig (a Debian/Ubuntu machine)")
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    if not (qt / QT_LIBS[0]).exists():
        pytest.skip("this PySide6 build has no xcb plugin (not Linux)")
    shipped = {p.name for p in (qt / "lib").iterdir()}
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    where = {}
    for line in cache.splitlines():
        m = re.match(r"\s*(\S+) \(([^)]*)\) => (\S+)", line)
        if m and "64" in m.group(2):  # the 64-bit entry, as the x86-64 / aarch64 Qt wheels load
            where.setdefault(m.group(1), m.group(3))
    listed = _readme_packages() | BASE
    missing = []
    for rel in QT_LIBS:
        for soname in _needed(qt / rel):
            if soname in shipped or soname.startswith(("ld-linux", "libm.so", "libc.so", "libdl.", "libpthread.",
                                                        "librt.")):
                continue
            path = where.get(soname)
            if path is None:
                missing.append(f"{soname} (needed by {rel}) is not installed here")
                continue
            owner = subprocess.run(["dpkg", "-S", str(Path(path).resolve())], capture_output=True, text=True)
            if owner.returncode != 0:
                owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
            pkg = owner.stdout.split(":")[0].strip()
            if pkg and pkg not in listed:
                missing.append(f"{soname} (needed by {rel}) comes from {pkg}, not in the README's list")
    assert not missing, "\n".join(sorted(set(missing)))
