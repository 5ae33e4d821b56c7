"""Two commands writing one workspace: both land, or the second fails clearly (exit code 5); never
a lost update. Every command that writes a workspace takes its lock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import EXIT_CONFLICT, main
from deepdecide.storage import files, lock

VLLM = "benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    path = tmp_path / "w.deepdecide.yaml"
    assert main(["init", str(path), "--model", "m", "--option", "vllm:nv-h100"]) == 0
    return path


def _variants(source: Path, folder: Path, n: int) -> list[Path]:
    """``n`` different files of one real result (trailing blanks: other bytes, the same runs)."""
    text = source.read_bytes()
    out = []
    for i in range(n):
        p = folder / f"run{i:02d}.json"
        p.write_bytes(text + b" " * (i + 1) + b"\n")
        out.append(p)
    return out


def _import(file: Path, into: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "deepdecide", "import", str(file), "--into", str(into), "--kind", "own"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": "en"})


def _concurrent_imports(shared_fixture, tmp_path: Path, workspace: Path, pairs: int) -> None:
    files_ = _variants(shared_fixture(VLLM), tmp_path, 2 * pairs)
    for k in range(pairs):
        procs = [_import(files_[2 * k], workspace), _import(files_[2 * k + 1], workspace)]
        results = [(p.wait(timeout=300), *p.communicate()) for p in procs]
        for code, _out, err in results:  # both land, or the second fails clearly
            assert code == 0 or (code == EXIT_CONFLICT and "nothing was written" in err), err
        landed = {f.provenance.file_name for f in files.load_workspace(workspace).evidence.files}
        for f, (code, _out, err) in zip(files_[2 * k: 2 * k + 2], results, strict=True):
            assert (f.name in landed) == (code == 0), (f.name, code, err)  # exit 0 means it is there
    assert not lock.lock_path(workspace).exists()


def test_two_concurrent_imports_lose_nothing(shared_fixture, tmp_path, workspace):
    _concurrent_imports(shared_fixture, tmp_path, workspace, pairs=3)


@pytest.mark.slow
def test_twenty_pairs_of_concurrent_imports_lose_nothing(shared_fixture, tmp_path, workspace):
    _concurrent_imports(shared_fixture, tmp_path, workspace, pairs=20)


def _hold_elsewhere(path: Path) -> subprocess.Popen[str]:
    code = ("import sys, time\nfrom deepdecide.storage import lock\nlock.hold(sys.argv[1])\n"
            "print('held', flush=True)\ntime.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.kill()
    proc.wait()
    assert proc.stdout is not None
    proc.stdout.close()


@pytest.mark.parametrize("command", [
    ["import", "{file}", "--into", "{ws}", "--kind", "own"],
    ["evidence", "workload", "{ws}", "--dataset", "sharegpt"],
    ["signoffs", "{file}", "--into", "{ws}"],
    ["revise", "{file}", "-o", "{ws}", "--force"],
    ["init", "{new}", "--model", "m"],
])
def test_every_command_that_writes_a_workspace_takes_its_lock(monkeypatch, capsys, tmp_path, workspace, command):
    monkeypatch.setattr(lock, "COMMAND_WAIT_SECONDS", 0.3)
    other = tmp_path / "x.json"
    other.write_text("{}")
    new = tmp_path / "new.deepdecide.yaml"
    target = new if "{new}" in command else workspace
    proc = _hold_elsewhere(target)
    try:
        before = workspace.read_bytes()
        argv = [a.format(file=other, ws=workspace, new=new) for a in command]
        assert main(argv) == EXIT_CONFLICT
        err = capsys.readouterr().err
        assert f"deepdecide {command[0]}: {target}: being written by process {proc.pid} on host" in err
        assert "nothing was written" in err
        assert workspace.read_bytes() == before and not new.exists()
    finally:
        _stop(proc)


def test_a_workspace_changed_while_a_command_ran_is_not_overwritten(monkeypatch, capsys, workspace):
    real = files.load_workspace

    def read_then_changed_by_an_editor(path, *args, **kwargs):  # an editor ignores the lock
        ws = real(path, *args, **kwargs)
        Path(path).write_text(Path(path).read_text() + "# saved by an editor\n")
        return ws

    monkeypatch.setattr(files, "load_workspace", read_then_changed_by_an_editor)
    assert main(["evidence", "workload", str(workspace), "--dataset", "sharegpt"]) == EXIT_CONFLICT
    err = capsys.readouterr().err
    assert f"deepdecide evidence: {workspace}: changed on disk since it was read" in err
    assert workspace.read_text().endswith("# saved by an editor\n")
    assert files.load_workspace(workspace).workload.dataset != "sharegpt"


def test_a_lock_left_by_a_crashed_command_is_taken_over_with_a_note(capsys, workspace):
    proc = _hold_elsewhere(workspace)
    _stop(proc)
    assert main(["evidence", "workload", str(workspace), "--dataset", "sharegpt"]) == 0
    err = capsys.readouterr().err
    assert f"note: {workspace}: took over the lock left by process {proc.pid} on host" in err
    assert files.load_workspace(workspace).workload.dataset == "sharegpt"
    assert not lock.lock_path(workspace).exists()


def test_the_exit_code_is_documented():
    from deepdecide.cli.main import EPILOG

    assert "5  another process is writing the workspace" in EPILOG


def test_the_concurrent_use_doc_states_the_lock_s_numbers():
    text = (Path(__file__).resolve().parents[2] / "docs" / "concurrent-use.md").read_text(encoding="utf-8")
    assert f"up to {lock.COMMAND_WAIT_SECONDS:.0f} seconds, then gives up with exit code\n  5" in text
    assert f"waits up to {lock.APP_WAIT_SECONDS:.0f} seconds" in text
    assert f"after {lock.LEASE_SECONDS:.0f} seconds without renewal" in text
    assert f"renews its lock\n  every {lock.LEASE_SECONDS / 3:.0f} seconds" in text
    assert f"| {EXIT_CONFLICT} | another process is writing the workspace" in text
