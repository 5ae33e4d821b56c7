"""Build the PyInstaller one-folder bundle and run it headless: the command, the built-in data, the
GUI start and the Linux desktop integration shipped inside. Marker ``bundle`` (about a minute or two
on 2 cores; CI runs it)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging_support import SPEC_FILE, private_home, run, stays_up

from deepdecide import APP_ID

pytestmark = pytest.mark.bundle

BUILD_BUDGET_S = 300  # target: under ~3 minutes on 2 cores; fail only well past it


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed (pip install -e '.[bundle]')")
    work = tmp_path_factory.mktemp("bundle")
    start = time.monotonic()
    result = run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                  "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(SPEC_FILE)],
                 timeout=900, cwd=work)
    elapsed = time.monotonic() - start
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-5000:]
    folder = work / "dist" / "deepdecide"
    (work / "build-time.json").write_text(json.dumps({"seconds": round(elapsed, 1)}), encoding="utf-8")
    print(f"\nbundle built in {elapsed:.0f} s")
    return folder


def headless_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "DISPLAY",
                                                            "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}}
    return env | private_home(tmp_path)


def bundled(bundle: Path, *args: str, **kwargs):
    kwargs.setdefault("env", headless_env(kwargs["cwd"]))
    return run([str(bundle / "deepdecide"), *args], **kwargs)


def test_build_time_is_within_budget(bundle):
    seconds = json.loads((bundle.parent.parent / "build-time.json").read_text())["seconds"]
    assert seconds < BUILD_BUDGET_S


def test_bundled_version_is_the_package_metadata_version(bundle, tmp_path):
    start = time.monotonic()
    result = bundled(bundle, "--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"deepdecide {version('deepdecide')}"
    assert time.monotonic() - start < 5


def test_bundle_validates_its_builtin_sample(bundle, tmp_path):
    samples = list((bundle / "_internal" / "deepdecide" / "data" / "samples").glob("*.deepdecide.yaml"))
    assert samples, "the sample workspace was not collected into the bundle"
    for sample in samples:
        result = bundled(bundle, "validate", str(sample), cwd=tmp_path)
        assert result.returncode == 0, result.stdout + result.stderr


def test_bundle_prints_the_support_matrix(bundle, tmp_path):
    result = bundled(bundle, "matrix", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() and "Traceback" not in result.stderr


def test_bundle_exports_and_verifies_a_report_of_the_builtin_workspace(bundle, tmp_path):
    from pypdf import PdfReader

    pdf = tmp_path / "record.pdf"
    start = time.monotonic()
    result = bundled(bundle, "report", "-o", str(pdf), cwd=tmp_path)
    elapsed = time.monotonic() - start
    assert result.returncode == 0, result.stdout + result.stderr
    assert pdf.read_bytes()[:5] == b"%PDF-"
    reader = PdfReader(pdf)
    assert len(reader.pages) >= 2
    assert "deepdecide-inputs.json" in reader.attachments
    assert elapsed < 30
    result = bundled(bundle, "verify", str(pdf), cwd=tmp_path)
    assert result.returncode == 5, result.stdout + result.stderr  # intact, unsigned


def test_bundled_gui_starts_offscreen(bundle, tmp_path):
    env = headless_env(tmp_path) | {"QT_QPA_PLATFORM": "offscreen"}
    alive, stderr = stays_up([str(bundle / "deepdecide")], 6, cwd=tmp_path, env=env)
    assert alive, stderr
    assert "Traceback" not in stderr, stderr


def test_bundled_gui_paints_its_first_frame_quickly(bundle, tmp_path):
    """The start-up benchmark hook of deepdecide.gui.app: quit once the first frame is painted."""
    env = headless_env(tmp_path) | {"QT_QPA_PLATFORM": "offscreen", "DEEPDECIDE_EXIT_AFTER_PAINT": "1"}
    start = time.monotonic()
    result = bundled(bundle, cwd=tmp_path, env=env)
    elapsed = time.monotonic() - start
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    print(f"\nbundled GUI start to first frame: {elapsed:.2f} s")
    assert elapsed < 15


def test_bundled_gui_opens_a_workspace_given_alone(bundle, tmp_path):
    """How a file manager or macOS Finder hands over a document: the file as the only argument."""
    sample = next((bundle / "_internal" / "deepdecide" / "data" / "samples").glob("*.deepdecide.yaml"))
    copy = tmp_path / "mine.deepdecide.yaml"
    copy.write_bytes(sample.read_bytes())
    env = headless_env(tmp_path) | {"QT_QPA_PLATFORM": "offscreen"}
    alive, stderr = stays_up([str(bundle / "deepdecide"), str(copy)], 6, cwd=tmp_path, env=env)
    assert alive, stderr
    assert "Traceback" not in stderr, stderr


def test_bundle_without_display_explains_instead_of_crashing(bundle, tmp_path):
    result = bundled(bundle, cwd=tmp_path)
    assert result.returncode == 4
    assert "no display" in result.stderr and "Traceback" not in result.stderr


def test_unused_qt_modules_are_left_out(bundle):
    internal = bundle / "_internal"
    names = {p.name for p in internal.rglob("*")}
    for unused in ("QtQml", "QtQuick", "QtQuickWidgets", "QtSql", "QtTest", "QtUiTools", "QtDesigner"):
        # the Python extension module and the Qt library behind it
        assert not {f"{unused}.abi3.so", f"libQt6{unused[2:]}.so.6"} & names, unused
    if "pyqtgraph" in names:  # pyqtgraph's PlotCurveItem imports these two at start
        assert {"QtOpenGL.abi3.so", "QtOpenGLWidgets.abi3.so", "libQt6OpenGLWidgets.so.6"} <= names
    assert (internal / "deepdecide" / "resources" / "icons" / f"{APP_ID}.svg").is_file()


def test_bundle_installs_its_desktop_integration(bundle, tmp_path):
    script = bundle / "linux" / "install-desktop-integration.sh"
    result = run(["sh", str(script), "--prefix", str(tmp_path)])
    assert result.returncode == 0, result.stderr
    desktop = (tmp_path / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f'Exec="{bundle / "deepdecide"}" gui %f' in desktop.splitlines()
    assert (tmp_path / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
