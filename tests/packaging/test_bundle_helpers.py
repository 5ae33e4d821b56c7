"""The pieces of the PyInstaller build that run without building: the entry script and the
Windows/macOS icons rendered from the SVG. Which command lines open the application is
``deepdecide.launcher.route_argv`` (tests/test_launcher.py); the entry script hands it the
executable's name."""

from __future__ import annotations

import importlib.util
import struct
import sys

import pytest
from packaging_support import ICON_FILE, ROOT, run

PYINSTALLER_DIR = ROOT / "packaging" / "pyinstaller"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"_deepdecide_{name}", PYINSTALLER_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_launcher_runs_the_cli(tmp_path):
    result = run([sys.executable, str(PYINSTALLER_DIR / "launcher.py"), "--version"], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    from importlib.metadata import version

    assert result.stdout.strip() == f"deepdecide {version('deepdecide')}"


def test_entry_script_names_the_executable(monkeypatch):
    import deepdecide.launcher

    seen = []
    monkeypatch.setattr(deepdecide.launcher, "main", lambda argv, executable: seen.append((argv, executable)) or 7)
    monkeypatch.setattr(sys, "argv", ["deepdecide-gui", "plan.deepdecide.yaml"])
    monkeypatch.setattr(sys, "executable", "C:\\deepdecide\\deepdecide-gui.exe")
    assert load("launcher").run() == 7
    assert seen == [(["plan.deepdecide.yaml"], "C:\\deepdecide\\deepdecide-gui.exe")]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def icon_files(tmp_path_factory):
    """.ico and .icns rendered in a child process (Qt's application object must not be created here)."""
    out = tmp_path_factory.mktemp("icons")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import app_icons;"
        "app_icons.write_ico(sys.argv[2], sys.argv[3] + '/app.ico');"
        "app_icons.write_icns(sys.argv[2], sys.argv[3] + '/app.icns')"
    )
    result = run([sys.executable, "-c", code, str(PYINSTALLER_DIR), str(ICON_FILE), str(out)],
                 env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    return (out / "app.ico").read_bytes(), (out / "app.icns").read_bytes()


def test_windows_icon_holds_every_size_as_png(icon_files):
    ico = icon_files[0]
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        image = ico[offset: offset + length]
        assert png_size(image) == ((width or 256), (height or 256))
        assert (planes, bits) == (1, 32)
        sizes.append(width or 256)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_macos_icon_holds_png_elements_of_the_declared_sizes(icon_files):
    icns = icon_files[1]
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    found, position = {}, 8
    while position < len(icns):
        kind, length = icns[position: position + 4], struct.unpack(">I", icns[position + 4: position + 8])[0]
        found[kind] = png_size(icns[position + 8: position + length])
        position += length
    assert position == len(icns)
    assert found[b"ic10"] == (1024, 1024) and found[b"ic07"] == (128, 128) and found[b"icp4"] == (16, 16)


def test_rendered_icon_is_not_blank(icon_files):
    """The 256 px image has transparent corners and an opaque centre (the SVG really rendered)."""
    code = (
        "import sys\nfrom PySide6.QtGui import QImage\nimg = QImage(); img.loadFromData(sys.stdin.buffer.read())\n"
        "print(img.width(), img.pixelColor(2, 2).alpha(), img.pixelColor(128, 128).alpha(), "
        "len({img.pixel(x, 128) for x in range(0, 256, 4)}))"
    )
    ico = icon_files[0]
    count = struct.unpack("<H", ico[4:6])[0]
    length, offset = struct.unpack("<II", ico[6 + 16 * (count - 1) + 8: 6 + 16 * count])
    import subprocess

    result = subprocess.run([sys.executable, "-c", code], input=ico[offset: offset + length], capture_output=True,
                            check=False, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    width, corner_alpha, centre_alpha, colours = map(int, result.stdout.split())
    assert (width, corner_alpha, centre_alpha) == (256, 0, 255)
    assert colours >= 4
