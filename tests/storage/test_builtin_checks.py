"""A workspace that takes a built-in section as it is (``matrix: builtin``) is not walked again over
that section when the built-in file itself broke no rule: the findings are the same as with the
section written out in the workspace, and a built-in file with any finding is checked again."""

from __future__ import annotations

import re

import pytest

from deepdecide.domain import validation
from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.storage import files
from deepdecide.storage.yamlio import dump_yaml, parse_yaml


def _sample_text() -> str:
    return files.sample_workspace_path().read_text(encoding="utf-8")


def _inlined(text: str) -> str:
    """The sample's text with its built-in sections written out (the same data as the files')."""
    data = parse_yaml(text).data
    for key, (kind, field) in files._BUILTIN_SECTIONS.items():
        assert data[key] == files.BUILTIN
        data[key] = files.read_yaml_file(files.data_root() / files.KINDS[kind].builtin_file).data[field]
    return dump_yaml(data)


def _findings(text: str) -> tuple[list[tuple[str | None, str]], list[tuple[str | None, str]]]:
    warnings: list[ValidationError] = []
    try:
        files.load_workspace_text(text, "ws.deepdecide.yaml", warnings)
    except ValidationErrors as exc:
        errors = list(exc.errors)
    except ValidationError as exc:
        errors = [exc]
    else:
        errors = []
    return [(e.path, e.reason) for e in errors], [(w.path, w.reason) for w in warnings]


def _broken(text: str) -> str:
    """The sample with problems in every place the checks look across sections or at ids and names."""
    text = text.replace("runtime: vllm", "runtime: vllm-nightly", 1)
    text = text.replace("id: keep-sglang-h100", "id: keep sglang", 1)
    return re.sub(r"(?m)^name: .*$", "name: " + "N" * 600, text, count=1)


@pytest.mark.parametrize("read_before", [False, True])
def test_a_built_in_section_gives_the_same_findings_as_written_out(read_before):
    files._BUILTIN_CACHE.clear()
    if read_before:
        files.load_builtin_workspace()  # the built-in sections already read by this process
    text = _broken(_sample_text())
    builtin = _findings(text)
    assert builtin[0], "the broken sample must have errors"
    assert any(p == "options[0].runtime" for p, _ in builtin[0])
    assert any(p == "name" for p, _ in builtin[0])
    assert any(p and p.endswith(".id") for p, _ in builtin[0])
    assert builtin == _findings(_inlined(text))
    assert _findings(_sample_text()) == ([], []) == _findings(_inlined(_sample_text()))


def _count_matrix_checks(monkeypatch) -> list[str]:
    """The key paths of every support-matrix check from now on (the list fills as they run)."""
    calls: list[str] = []
    check = files._check_matrix

    def counting(m, path, errs):
        calls.append(path)
        check(m, path, errs)
    monkeypatch.setattr(files, "_check_matrix", counting)
    return calls


def test_the_clean_built_in_matrix_is_checked_once_per_file_not_per_workspace(monkeypatch):
    calls = _count_matrix_checks(monkeypatch)
    files._BUILTIN_CACHE.clear()
    files.load_workspace(files.sample_workspace_path())
    assert calls == ["matrix"]  # the built-in file's own check, not the workspace's
    calls.clear()
    files.load_workspace(files.sample_workspace_path())  # the section this process read already
    assert calls == []
    files.load_workspace_text(_inlined(_sample_text()))  # written out: checked as any other matrix
    assert calls == ["matrix"]


def test_a_built_in_file_with_a_finding_is_checked_again(monkeypatch):
    """A built-in file that opens only with a warning is not clean: its section is walked again in
    every workspace that uses it."""
    names = validation.name_problems

    def with_a_warning(doc, path="", skip=frozenset()):
        out = names(doc, path, skip)
        if isinstance(doc, files.MatrixFile):
            out.append(validation.Problem("matrix.platforms[0].name", "a rule of a later schema",
                                          since=files.SCHEMA_VERSION + 1))
        return out
    monkeypatch.setattr(validation, "name_problems", with_a_warning)
    calls = _count_matrix_checks(monkeypatch)
    files._BUILTIN_CACHE.clear()
    files.load_workspace(files.sample_workspace_path())
    assert calls == ["matrix", "matrix"]  # the file's check and the workspace's
    calls.clear()
    files.load_workspace(files.sample_workspace_path())  # the file read already: the workspace's check
    assert calls == ["matrix"]
    files._BUILTIN_CACHE.clear()


def test_data_root_is_the_folder_importlib_resources_names():
    from importlib import resources
    from pathlib import Path

    assert files.data_root() == Path(str(resources.files("deepdecide.data")))
    assert (files.data_root() / "support_matrix.yaml").is_file()
