"""The spec's options for each platform, checked here by running the spec with PyInstaller's
build steps recorded instead of executed (the Windows and macOS builds need those systems)."""

from __future__ import annotations

import importlib.util
import plistlib
import sys
import types
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging_support import INNO_FILE, ROOT, SPEC_FILE

from deepdecide import APP_ID

pytestmark = pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                                reason="PyInstaller is not installed (pip install -e '.[bundle]')")


class Step:
    """A recorded PyInstaller build step (Analysis, PYZ, EXE, COLLECT, BUNDLE)."""

    def __init__(self, kind: str, *args, **kwargs):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        self.pure = self.scripts = self.binaries = self.datas = []


def run_spec(platform: str, tmp_path: Path, monkeypatch) -> list[Step]:
    steps: list[Step] = []

    def recorder(kind):
        def make(*args, **kwargs):
            steps.append(Step(kind, *args, **kwargs))
            return steps[-1]
        return make

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda package, **kw: [(f"<{package}>", package.replace(".", "/"))]
    hooks.collect_submodules = lambda package: [package, f"{package}.cli.main"]
    icons = types.ModuleType("app_icons")
    icons.write_ico = lambda svg, target: Path(target)
    icons.write_icns = lambda svg, target: Path(target)
    versioninfo = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    for name in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                 "VarFileInfo", "VarStruct"):
        setattr(versioninfo, name, recorder(name))
    win32 = types.ModuleType("PyInstaller.utils.win32")
    win32.versioninfo = versioninfo
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32", win32)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", versioninfo)
    monkeypatch.setitem(sys.modules, "app_icons", icons)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    namespace = {name: recorder(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace |= {"SPECPATH": str(SPEC_FILE.parent), "DISTPATH": str(tmp_path / "dist"),
                  "workpath": str(tmp_path / "build")}
    exec(compile(SPEC_FILE.read_bytes(), str(SPEC_FILE), "exec"), namespace)
    return steps


def only(steps: list[Step], kind: str) -> list[Step]:
    return [s for s in steps if s.kind == kind]


def test_analysis_collects_package_data_and_keeps_opengl(tmp_path, monkeypatch):
    (analysis,) = only(run_spec("linux", tmp_path, monkeypatch), "Analysis")
    assert analysis.args[0] == [str(ROOT / "packaging" / "pyinstaller" / "launcher.py")]
    collected = {source for source, _ in analysis.kwargs["datas"]}
    assert {"<deepdecide.data>", "<deepdecide.resources>", "<reportlab>"} <= collected
    excludes = analysis.kwargs["excludes"]
    assert "PySide6.QtQml" in excludes and "tkinter" in excludes
    assert not any("OpenGL" in e and e.startswith("PySide6") for e in excludes)


def test_linux_one_executable_and_the_desktop_files_beside_it(tmp_path, monkeypatch):
    steps = run_spec("linux", tmp_path, monkeypatch)
    (exe,) = only(steps, "EXE")
    assert exe.kwargs["name"] == "deepdecide" and exe.kwargs["strip"] is False
    assert only(steps, "BUNDLE") == []
    linux = tmp_path / "dist" / "deepdecide" / "linux"
    assert {p.name for p in linux.iterdir()} >= {
        "install-desktop-integration.sh", f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml", f"{APP_ID}.svg"}


def test_windows_console_command_windowed_gui_icon_and_version(tmp_path, monkeypatch):
    steps = run_spec("win32", tmp_path, monkeypatch)
    exes = {s.kwargs["name"]: s.kwargs for s in only(steps, "EXE")}
    assert exes["deepdecide"]["console"] is True
    assert exes["deepdecide-gui"]["console"] is False
    for options in exes.values():
        assert options["icon"].endswith(f"{APP_ID}.ico") and options["strip"] is False
    strings = {s.args[0]: s.args[1] for s in only(steps, "StringStruct")}
    assert strings["FileVersion"] == strings["ProductVersion"] == version("deepdecide")
    (fixed,) = only(steps, "FixedFileInfo")
    numbers = tuple(int(n) for n in version("deepdecide").split(".")[:3])
    assert fixed.kwargs["filevers"][:3] == numbers and len(fixed.kwargs["filevers"]) == 4
    (collect,) = only(steps, "COLLECT")
    assert collect.kwargs["name"] == "deepdecide"
    assert not (tmp_path / "dist" / "deepdecide" / "linux").exists()
    # the Inno Setup script packs exactly this output: dist\deepdecide\ and the icon beside it
    assert exes["deepdecide"]["icon"] == str(tmp_path / "dist" / f"{APP_ID}.ico")
    iss = INNO_FILE.read_text(encoding="utf-8")
    assert '#define BundleDir "..\\..\\dist\\deepdecide"' in iss
    assert "SetupIconFile=..\\..\\dist\\{#AppId}.ico" in iss
    assert 'Filename: "{app}\\deepdecide-gui.exe"' in iss


def test_macos_app_bundle_info_plist(tmp_path, monkeypatch):
    steps = run_spec("darwin", tmp_path, monkeypatch)
    (bundle,) = only(steps, "BUNDLE")
    (exe,) = only(steps, "EXE")
    assert exe.kwargs["argv_emulation"] is True and exe.kwargs["console"] is False
    options = bundle.kwargs
    assert options["name"] == "deepdecide.app" and options["icon"].endswith(f"{APP_ID}.icns")
    assert options["bundle_identifier"] == APP_ID and options["version"] == version("deepdecide")
    plist = options["info_plist"]
    plistlib.dumps(plist)  # serialisable as an Info.plist
    assert plist["CFBundleIdentifier"] == APP_ID
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == version("deepdecide")
    (workspace_type,) = plist["UTExportedTypeDeclarations"]
    assert workspace_type["UTTypeTagSpecification"]["public.filename-extension"] == ["deepdecide.yaml"]
    assert workspace_type["UTTypeTagSpecification"]["public.mime-type"] == ["application/x-deepdecide-workspace"]
    owner = next(d for d in plist["CFBundleDocumentTypes"] if d["LSHandlerRank"] == "Owner")
    assert owner["LSItemContentTypes"] == [workspace_type["UTTypeIdentifier"]]
    assert all(d["LSHandlerRank"] in {"Owner", "Alternate"} for d in plist["CFBundleDocumentTypes"])
