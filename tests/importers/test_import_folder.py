"""Folder import: every result file below a folder in one all-or-nothing step, with progress,
cancel and a summary (recognised / skipped with reason / failed)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.progress import Cancelled, CancelToken
from deepdecide.importers.folder import import_folder
from deepdecide.storage.files import data_root, load_workspace, sample_workspace_path

SAMPLES = data_root() / "samples" / "evidence"


def _sweep(folder: Path) -> list[Path]:
    """The shipped illustrative result files, in sub-folders, plus files that are no results."""
    out = []
    for i, src in enumerate(sorted(SAMPLES.glob("*.jsonl"))):
        sub = folder / f"run{i}" / "out"
        sub.mkdir(parents=True)
        out.append(Path(shutil.copy(src, sub / src.name)))
    (folder / "README.md").write_text("# my sweep\n\nnotes\n")
    (folder / "run0" / "empty.json").write_bytes(b"")
    (folder / "run0" / "launch.sh").write_text("#!/bin/sh\nvllm serve x\n")
    shutil.copy(sample_workspace_path(), folder / "copy.deepdecide.yaml")
    return out


def test_recognised_files_are_imported_and_the_rest_skipped_with_a_reason(tmp_path):
    results = _sweep(tmp_path)
    seen: list[float] = []
    got = import_folder(tmp_path, progress=seen.append)
    assert got.ok
    assert [p for p, _r in got.imported] == [str(p) for p in results]
    skipped = dict(got.skipped)
    assert set(skipped) == {str(tmp_path / "README.md"), str(tmp_path / "run0" / "empty.json"),
                            str(tmp_path / "run0" / "launch.sh"), str(tmp_path / "copy.deepdecide.yaml")}
    assert "empty" in skipped[str(tmp_path / "run0" / "empty.json")]
    assert "workspace" in skipped[str(tmp_path / "copy.deepdecide.yaml")]
    assert seen == sorted(seen) and seen[-1] == 1.0
    assert "3 result files recognised, 4 skipped, 0 failed" in got.summary()


def test_a_damaged_result_file_fails_the_step(tmp_path):
    _sweep(tmp_path)
    good = next(SAMPLES.glob("*.jsonl")).read_bytes()
    (tmp_path / "run1" / "truncated.jsonl").write_bytes(good + b'{"backend": "sglang", "completed": ')
    got = import_folder(tmp_path)
    assert not got.ok
    assert [e.file for e in got.failed] == [str(tmp_path / "run1" / "truncated.jsonl")]
    assert "not valid JSON" in got.failed[0].message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_special_files_and_symlinked_folders_are_skipped_unread(tmp_path):
    _sweep(tmp_path)
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    got = import_folder(tmp_path)  # would hang on the FIFO, or loop, if either were read
    skipped = dict(got.skipped)
    assert "not a regular file" in skipped[str(tmp_path / "pipe")]
    assert "not followed" in skipped[str(tmp_path / "loop")]
    assert got.ok and len(got.imported) == 3


def test_cancel_raises_cancelled(tmp_path):
    _sweep(tmp_path)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        import_folder(tmp_path, cancel=token)


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue() + err.getvalue()


def _minimal(tmp_path: Path) -> Path:
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml", ws)
    return ws


def test_cli_imports_a_folder(tmp_path):
    folder = tmp_path / "sweep"
    _sweep(folder)
    ws = _minimal(tmp_path)
    before = len(load_workspace(ws).evidence.files)
    code, text = _run(["import", str(folder), "--into", str(ws), "--kind", "own"])
    assert code == 0, text
    assert "skipped" in text and "README.md" in text
    assert "3 result files recognised, 4 skipped, 0 failed" in text
    assert len(load_workspace(ws).evidence.files) == before + 3


def test_cli_folder_with_a_damaged_result_changes_nothing(tmp_path):
    folder = tmp_path / "sweep"
    _sweep(folder)
    (folder / "bad.json").write_bytes(b'{"backend": "vllm", "completed": 3,')
    ws = _minimal(tmp_path)
    digest = hashlib.sha256(ws.read_bytes()).hexdigest()
    code, text = _run(["import", str(folder), "--into", str(ws), "--kind", "own"])
    assert code == 3, text
    assert str(folder / "bad.json") in text and "nothing saved" in text
    assert hashlib.sha256(ws.read_bytes()).hexdigest() == digest


def test_a_folder_nested_a_thousand_deep_is_walked(tmp_path):
    """The walk keeps a stack of open folders (no recursion): a result file 1,000 folders down is
    imported like any other, with the sorted order kept (no RecursionError)."""
    src = sorted(SAMPLES.glob("*.jsonl"))[0]
    root = tmp_path / "deep"
    levels = [root]
    for _ in range(1000):
        levels.append(levels[-1] / "d")
    for level in levels:  # one by one: os.makedirs recurses once per level too
        level.mkdir()
    shutil.copy(src, levels[-1] / src.name)
    shutil.copy(src, levels[500] / "a_first.jsonl")
    (levels[500] / "notes.txt").write_text("a note, no result\n")
    try:
        got = import_folder(root)
        assert not got.failed
        assert [Path(p).name for p, _ in got.imported] == ["a_first.jsonl", src.name]  # sorted, depth first
        assert len(Path(got.imported[1][0]).parts) > 1000
        assert [Path(p).name for p, _ in got.skipped] == ["notes.txt"]
    finally:  # remove it bottom-up (shutil.rmtree recurses once per level)
        for level in reversed(levels):
            for entry in level.iterdir():
                if not entry.is_dir():
                    entry.unlink()
            level.rmdir()
