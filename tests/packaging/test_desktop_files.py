"""The Linux desktop integration files: validated by the freedesktop tools, consistent with each
other and with the package (one app id, one MIME type, the version from the package metadata)."""

from __future__ import annotations

import configparser
import re
import tomllib
from importlib.metadata import version

import pytest
import yaml
from defusedxml import ElementTree
from packaging_support import (
    DESKTOP_FILE,
    FLATPAK_FILE,
    ICON_FILE,
    INNO_FILE,
    INSTALL_SCRIPT,
    METAINFO_FILE,
    MIME_FILE,
    MIME_TYPE,
    ROOT,
    SPEC_FILE,
    require_tool,
    run,
)

from deepdecide import APP_ID

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
REPOSITORY = "https://github.com/deepdecide/deepdecide"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(DESKTOP_FILE, encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo():
    return ElementTree.parse(METAINFO_FILE).getroot()


def test_app_id_is_reverse_dns():
    assert re.fullmatch(r"[a-z][a-z0-9]*(\.[A-Za-z_][A-Za-z0-9_]*){2,}", APP_ID), APP_ID


def test_desktop_file_validates_clean():
    tool = require_tool("desktop-file-validate")
    result = run([tool, str(DESKTOP_FILE)])
    # the tool exits 0 on some errors (e.g. Icon=name.png): an empty report is the only clean one
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "" and result.stderr.strip() == "", result.stdout + result.stderr


def test_metainfo_validates_clean():
    tool = require_tool("appstreamcli")
    result = run([tool, "validate", "--no-net", str(METAINFO_FILE)])
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Validation was successful" in output, output
    problems = [line for line in output.splitlines() if re.match(r"\s*[EWI]:", line)]
    assert problems == [], output


def test_metainfo_has_captioned_screenshots_on_the_repository():
    screenshots = metainfo().findall("screenshots/screenshot")
    assert len(screenshots) >= 2
    assert [s.get("type") for s in screenshots].count("default") == 1
    images = []
    for shot in screenshots:
        caption = shot.findtext("caption", "").strip()
        assert caption and not caption.endswith("."), caption
        image = shot.findtext("image", "").strip()
        assert image.startswith(REPOSITORY.replace("github.com", "raw.githubusercontent.com") + "/")
        images.append(image.rsplit("/", 3)[-3:])
    assert ["docs", "screenshots", "overview.png"] in images
    assert ["docs", "screenshots", "compare.png"] in images


def test_metainfo_screenshots_exist_in_the_repository():
    """The screenshot URLs name files of this repository (docs/screenshots/, made by the GUI tests):
    real PNG images at least as large as AppStream asks (620 x 350)."""
    import struct

    prefix = REPOSITORY.replace("github.com", "raw.githubusercontent.com") + "/main/"
    for image in metainfo().findall("screenshots/screenshot/image"):
        assert image.text.startswith(prefix), image.text
        path = ROOT / image.text.removeprefix(prefix)
        if not path.is_file():
            pytest.fail(f"{path.relative_to(ROOT)} is missing: the GUI's screenshot test writes it")
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", path
        width, height = struct.unpack(">II", data[16:24])
        assert width >= 620 and height >= 350, (path, width, height)


def test_metainfo_urls_are_the_projects():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    root = metainfo()
    assert root.findtext("url[@type='homepage']") == urls["Homepage"] == REPOSITORY
    assert root.findtext("url[@type='bugtracker']") == urls["Issues"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert root.findtext("project_license") == project["license"]
    assert root.findtext("metadata_license") == "CC0-1.0"


def test_metainfo_newest_release_is_the_package_version():
    releases = metainfo().findall("releases/release")
    assert releases, "metainfo lists no release"
    assert releases[0].get("version") == version("deepdecide")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date", ""))
    for release in releases:
        assert release.find("description/p") is not None, release.get("version")


def test_one_app_id_everywhere():
    entry = desktop_entry()
    root = metainfo()
    assert DESKTOP_FILE.name == f"{APP_ID}.desktop"
    assert METAINFO_FILE.name == f"{APP_ID}.metainfo.xml"
    assert MIME_FILE.name == f"{APP_ID}.mime.xml"
    assert ICON_FILE.name == f"{APP_ID}.svg" and ICON_FILE.is_file()
    assert entry["Icon"] == APP_ID
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable[@type='desktop-id']") == DESKTOP_FILE.name
    mime_icon = ElementTree.parse(MIME_FILE).getroot().find(f"{MIME_NS}mime-type/{MIME_NS}icon")
    assert mime_icon.get("name") == APP_ID
    manifest = yaml.safe_load(FLATPAK_FILE.read_text(encoding="utf-8"))
    assert FLATPAK_FILE.name == f"{APP_ID}.yml" and manifest["app-id"] == APP_ID
    assert re.search(rf'^#define AppId "{re.escape(APP_ID)}"$', INNO_FILE.read_text(encoding="utf-8"), re.M)
    assert f"APP_ID={APP_ID}\n" in INSTALL_SCRIPT.read_text(encoding="utf-8")
    # the GUI sets it as the desktop file name (Wayland app id) and uses the same icon file
    from deepdecide.gui import app, resources

    assert app.APP_ID == resources.APP_ID == APP_ID
    assert resources.resource_path("icons", f"{APP_ID}.svg").read_bytes() == ICON_FILE.read_bytes()
    # the spec takes the id (and the version) from the package instead of repeating them
    spec = SPEC_FILE.read_text(encoding="utf-8")
    assert "from deepdecide import APP_ID" in spec and APP_ID not in spec
    # no other reverse-DNS id for the app anywhere in the packaging files
    for path in [*(ROOT / "packaging").rglob("*"), ICON_FILE]:
        if path.is_file() and path.suffix != ".pyc":
            ids = set(re.findall(r"io\.github\.deepdecide\.[A-Za-z]+", path.read_text(encoding="utf-8")))
            assert ids <= {APP_ID}, (path, ids)


def test_desktop_entry_runs_the_gui_script_and_opens_workspaces():
    entry = desktop_entry()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["gui-scripts"]
    command, field_code = entry["Exec"].split()
    assert command in scripts and scripts[command] == "deepdecide.launcher:gui_main"
    assert field_code in {"%f", "%F"}
    assert entry["TryExec"] == command
    assert entry["MimeType"] == f"{MIME_TYPE};"
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert "Office" in entry["Categories"].split(";")
    # the desktop-entry specification's version, never the application's
    assert entry["Version"] != version("deepdecide")


def test_mime_type_matches_workspace_files(tmp_path):
    """shared-mime-info compiles the definition, and maps *.deepdecide.yaml (not every .yaml) to it."""
    tool = require_tool("update-mime-database")
    from deepdecide.storage.files import WORKSPACE_SUFFIX

    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    (packages / f"{APP_ID}.xml").write_bytes(MIME_FILE.read_bytes())
    result = run([tool, str(tmp_path / "mime")])
    assert result.returncode == 0, result.stderr
    globs = (tmp_path / "mime" / "globs2").read_text(encoding="utf-8").splitlines()
    assert [line.split(":", 1)[1] for line in globs if not line.startswith("#")] == [f"{MIME_TYPE}:*{WORKSPACE_SUFFIX}"]
    assert f"{MIME_TYPE} application/x-yaml" in (tmp_path / "mime" / "subclasses").read_text(encoding="utf-8")
    assert (tmp_path / "mime" / "application" / "x-deepdecide-workspace.xml").is_file()
    provided = [m.text for m in metainfo().findall("provides/mediatype")]
    assert provided == [MIME_TYPE]


def test_icon_is_a_square_scalable_svg():
    root = ElementTree.parse(ICON_FILE).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, width, height = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == (0, 0) and width == height >= 48
    # no raster images or external references inside: it scales and ships as one file
    text = ICON_FILE.read_text(encoding="utf-8")
    assert "<image" not in text and "xlink:href" not in text


def test_flatpak_manifest_is_narrow_and_installs_the_integration_files():
    manifest = yaml.safe_load(FLATPAK_FILE.read_text(encoding="utf-8"))
    assert manifest["command"] == desktop_entry()["Exec"].split()[0]
    assert manifest["runtime"] == "org.kde.Platform" and manifest["sdk"] == "org.kde.Sdk"
    assert manifest["base"] == "io.qt.PySide.BaseApp"
    assert manifest["runtime-version"] == manifest["base-version"]
    args = manifest["finish-args"]
    assert {"--socket=wayland", "--socket=fallback-x11", "--share=ipc"} <= set(args)
    assert not any(a.startswith(("--filesystem=host", "--filesystem=home", "--share=network")) for a in args)
    app = next(m for m in manifest["modules"] if isinstance(m, dict) and m["name"] == "deepdecide")
    commands = " ".join(app["build-commands"])
    for source, target in [
        (DESKTOP_FILE, f"/app/share/applications/{APP_ID}.desktop"),
        (METAINFO_FILE, f"/app/share/metainfo/{APP_ID}.metainfo.xml"),
        (MIME_FILE, f"/app/share/mime/packages/{APP_ID}.xml"),
        (ICON_FILE, f"/app/share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
    ]:
        assert f"{source.relative_to(ROOT).as_posix()} {target}" in commands


def test_inno_setup_script_takes_the_version_from_outside():
    text = INNO_FILE.read_text(encoding="utf-8")
    assert "#ifndef AppVersion" in text and "#error" in text
    assert "AppVersion={#AppVersion}" in text
    assert version("deepdecide") not in text
    assert not re.search(r"^#define AppVersion", text, re.M)


@pytest.mark.parametrize("path", [DESKTOP_FILE, METAINFO_FILE, MIME_FILE, INSTALL_SCRIPT, FLATPAK_FILE])
def test_version_is_not_repeated_outside_the_metainfo_release(path):
    text = path.read_text(encoding="utf-8")
    if path == METAINFO_FILE:
        text = re.sub(r'<release version="[^"]*"', "", text)
    assert version("deepdecide") not in text
