"""The kept output of ``validate`` and ``evaluate`` (cli.result_cache): the same answer, never a stale one."""

from __future__ import annotations

import os

import pytest

from deepdecide.cli import main as cli_main
from deepdecide.cli import result_cache
from deepdecide.cli.validate_cmd import KIND_NAMES
from deepdecide.storage import files
from deepdecide.storage.files import sample_workspace_path


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(folder))
    return folder / result_cache.FOLDER


def _entries(folder):
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def _run(capsys, argv):
    code = cli_main.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_second_identical_run_prints_the_same_from_the_kept_entry(cache, capsys, monkeypatch):
    ws = str(sample_workspace_path())
    first = _run(capsys, ["evaluate", ws, "--draws", "300"])
    assert first[0] == 0 and "winner:" in first[1] and first[2] == ""
    assert len(_entries(cache)) == 1

    def fail(*_a, **_k):
        raise AssertionError("evaluated again")

    monkeypatch.setattr("deepdecide.analysis.evaluate", fail)
    assert _run(capsys, ["evaluate", ws, "--draws", "300"]) == first
    # other arguments, another language: another entry, computed afresh
    monkeypatch.undo()
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(cache.parent))
    assert _run(capsys, ["evaluate", ws, "--draws", "301"])[1] != first[1]
    spanish = _run(capsys, ["evaluate", ws, "--draws", "300", "--lang", "es"])
    assert spanish[0] == 0 and spanish[1] != first[1] and "ganador" in spanish[1].lower()
    assert len(_entries(cache)) == 3


def test_a_changed_file_is_evaluated_again(cache, capsys, tmp_path):
    ws = tmp_path / "ws.deepdecide.yaml"
    text = sample_workspace_path().read_text(encoding="utf-8")
    ws.write_text(text, encoding="utf-8")
    code, out, _err = _run(capsys, ["validate", str(ws)])
    assert code == 0 and "valid workspace file" in out
    st = os.stat(ws)
    # the same size and modification time, other bytes: the entry is named by the bytes
    ws.write_text(text.replace("kind: workspace", "kind: worksp4ce", 1), encoding="utf-8")
    os.utime(ws, ns=(st.st_atime_ns, st.st_mtime_ns))
    code, out, err = _run(capsys, ["validate", str(ws)])
    assert code == 1 and "unknown or missing 'kind'" in err


def test_runs_that_print_errors_or_warnings_are_not_kept(cache, capsys, tmp_path):
    bad = tmp_path / "bad.deepdecide.yaml"
    bad.write_text("kind: workspace\nschema_version: 1\noptions: [\n", encoding="utf-8")
    assert _run(capsys, ["validate", str(bad)])[0] == 1
    assert _run(capsys, ["validate", str(tmp_path / "missing.yaml")])[0] == 3
    assert _entries(cache) == []


def test_a_damaged_entry_is_ignored_and_replaced(cache, capsys):
    ws = str(sample_workspace_path())
    first = _run(capsys, ["validate", ws])
    (entry,) = _entries(cache)
    (cache / entry).write_bytes(b"\x00not marshal")
    assert _run(capsys, ["validate", ws]) == first
    (cache / entry).write_bytes(b"")
    assert _run(capsys, ["validate", ws]) == first
    assert _entries(cache) == [entry]


def test_an_empty_cache_setting_keeps_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    assert _run(capsys, ["validate", str(sample_workspace_path())])[0] == 0
    assert not any(tmp_path.iterdir())


def test_validate_names_the_kinds_storage_reads():
    assert tuple(files.KINDS) == KIND_NAMES
