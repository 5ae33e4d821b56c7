"""The wheel holds the package data and entry points, and a non-editable install into a fresh
virtual environment runs: the built-in workspace opens from the installed package."""

from __future__ import annotations

import configparser
import fnmatch
import os
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging_support import ROOT, build_wheel, private_home, run, stays_up

from deepdecide import APP_ID

# files in data/ and resources/ deliberately not shipped: notes
NOT_SHIPPED = ("README.md",)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def wheel_names(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


@pytest.mark.parametrize("folder", ["data", "resources"])
def test_wheel_ships_every_data_and_resource_file(wheel_names, folder):
    source = ROOT / folder
    expected = {
        f"deepdecide/{folder}/{path.relative_to(source).as_posix()}"
        for path in source.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        and not any(fnmatch.fnmatch(path.name, pattern) for pattern in NOT_SHIPPED)
    }
    assert f"deepdecide/{folder}/__init__.py" in expected
    assert expected - wheel_names == set()


def test_wheel_ships_every_module(wheel_names):
    """Each subpackage must be listed in pyproject's [tool.setuptools] packages: a missing one
    installs without error and fails only when the code imports it."""
    source = ROOT / "deepdecide"
    expected = {
        f"deepdecide/{path.relative_to(source).as_posix()}"
        for path in source.rglob("*.py") if "__pycache__" not in path.parts
    }
    assert expected - wheel_names == set()


def test_wheel_has_the_app_icon_and_the_sample_workspace(wheel_names):
    from deepdecide.storage.files import data_root, sample_workspace_path

    assert f"deepdecide/resources/icons/{APP_ID}.svg" in wheel_names
    sample = sample_workspace_path().relative_to(data_root()).as_posix()
    assert f"deepdecide/data/{sample}" in wheel_names


def test_wheel_holds_only_the_package(wheel_names):
    top = {name.split("/")[0] for name in wheel_names}
    assert top == {"deepdecide", f"deepdecide-{version('deepdecide')}.dist-info"}
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in wheel_names)


def test_wheel_entry_points(wheel):
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read(f"deepdecide-{version('deepdecide')}.dist-info/entry_points.txt").decode()
    parser = configparser.ConfigParser()
    parser.read_string(text)
    assert parser["console_scripts"]["deepdecide"] == "deepdecide.launcher:console_main"
    assert parser["gui_scripts"]["deepdecide-gui"] == "deepdecide.launcher:gui_main"


@pytest.fixture(scope="session")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment (no system site-packages) with the wheel and its dependencies,
    installed by pip from the configured indexes (offline: the local wheel cache)."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    result = run([sys.executable, "-m", "venv", str(venv)])
    assert result.returncode == 0, result.stderr
    result = run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)], timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return venv


def venv_env(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


@pytest.mark.slow
def test_installed_package_runs_from_its_own_files(installed, tmp_path):
    python = str(installed / "bin" / "python")
    probe = run([python, "-c", "import deepdecide, deepdecide.data, deepdecide.resources, sys;"
                 "print(deepdecide.__file__); print(deepdecide.data.__file__); print(deepdecide.resources.__file__);"
                 "print(sys.flags.no_site, sys.prefix != sys.base_prefix)"],
                cwd=tmp_path, env=venv_env(installed))
    assert probe.returncode == 0, probe.stderr
    *files, flags = probe.stdout.splitlines()
    site_packages = next((installed / "lib").glob("python3*/site-packages"))
    for file in files:
        assert Path(file).is_relative_to(site_packages), file  # not the checkout
    assert flags == "0 True"
    cfg = (installed / "pyvenv.cfg").read_text(encoding="utf-8")
    assert "include-system-site-packages = false" in cfg


@pytest.mark.slow
def test_installed_commands_open_the_builtin_workspace(installed, tmp_path):
    env = venv_env(installed)
    deepdecide = str(installed / "bin" / "deepdecide")
    result = run([deepdecide, "--version"], cwd=tmp_path, env=env)
    assert result.returncode == 0 and result.stdout.strip() == f"deepdecide {version('deepdecide')}"
    where = run([str(installed / "bin" / "python"), "-c",
                 "from deepdecide.storage.files import sample_workspace_path as p; print(p())"], cwd=tmp_path, env=env)
    sample = Path(where.stdout.strip())
    assert sample.is_file() and sample.is_relative_to(installed), where.stdout + where.stderr
    result = run([deepdecide, "validate", str(sample)], cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    result = run([deepdecide, "matrix"], cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip()
    result = run([deepdecide, "report", str(sample), "-o", str(tmp_path / "record.pdf")], cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "record.pdf").read_bytes()[:5] == b"%PDF-"


@pytest.mark.slow
def test_installed_gui_script_starts(installed, tmp_path):
    env = venv_env(installed) | private_home(tmp_path) | {"QT_QPA_PLATFORM": "offscreen"}
    alive, stderr = stays_up([str(installed / "bin" / "deepdecide-gui")], 5, cwd=tmp_path, env=env)
    assert alive, stderr
    assert "Traceback" not in stderr, stderr
