"""Special files given where a command reads or writes a file: every command that reads a path refuses
a FIFO, socket, folder or device at once (never waits on a FIFO, never reads a device), and every
command that writes a path refuses to write onto one (a usage error, exit 2), through symbolic links
too, leaving it what it was. No traceback, the path and what it is named.

The special files are made in the test's temporary folder (``special_files``); no path or link here
ever names a device of the system.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from special_files import KINDS, NAMED, mode_of, special

from deepdecide.cli.main import main

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
TIMEOUT_S = 60  # a command refuses at once; this only ends a test that would otherwise wait for ever

#: commands that read the path S (WS: a valid workspace; ANY: some regular file; OUT: a new output)
READERS: dict[str, list[str]] = {
    "diff-a": ["diff", "S", "WS"],
    "diff-b": ["diff", "WS", "S"],
    "verify": ["verify", "S"],
    "verify-trust": ["verify", "ANY", "--trust", "S"],
    "sign-record": ["sign", "S", "--role", "x", "--verdict", "approve", "--sign", "ANY", "--password", "x"],
    "sign-certificate": ["sign", "ANY", "--role", "x", "--verdict", "approve", "--sign", "S", "--password", "x"],
    "sign-password-file": ["sign", "ANY", "--role", "x", "--verdict", "approve", "--sign", "ANY",
                           "--password-file", "S"],
    "revise": ["revise", "S", "-o", "OUT"],
    "report-since": ["report", "WS", "-o", "OUT", "--since", "S"],
    "report-sign": ["report", "WS", "-o", "OUT", "--sign", "S", "--signer", "A", "--password", "x"],
    "report-password-file": ["report", "WS", "-o", "OUT", "--sign", "ANY", "--signer", "A", "--password-file", "S"],
    "signoffs-record": ["signoffs", "S", "--into", "WS"],
    "signoffs-trust": ["signoffs", "ANY", "--into", "WS", "--trust", "S"],
    "import": ["import", "S", "--into", "WS"],
    "inspect": ["inspect", "S"],
    "inspect-reference": ["inspect", "ANY", "--reference", "S"],
    "validate": ["validate", "S"],
    "evaluate": ["evaluate", "S"],
    "export": ["export", "S", "--comparison", "OUT"],
    "check-nvidia-smi": ["check", "--nvidia-smi", "S"],
    "check-workspace": ["check", "--gpu", "H100", "--workspace", "S"],
    "matrix": ["matrix", "--workspace", "S"],
    "revisit": ["revisit", "S"],
    "revisit-matrix": ["revisit", "WS", "--matrix", "S"],
    "evidence-list": ["evidence", "list", "S"],
}

#: commands that write the path S
WRITERS: dict[str, list[str]] = {
    "report": ["report", "WS", "-o", "S"],
    "export-comparison": ["export", "WS", "--comparison", "S"],
    "export-evidence": ["export", "WS", "--evidence", "S"],
    "export-parity": ["export", "WS", "--parity", "S"],
    "export-xlsx": ["export", "WS", "--xlsx", "S"],
    "sign": ["sign", "ANY", "--role", "x", "--verdict", "approve", "--sign", "ANY", "--password", "x", "-o", "S"],
    "revise": ["revise", "ANY", "-o", "S", "--force"],
    "import-into": ["import", "--samples", "--into", "S"],
    "signoffs-into": ["signoffs", "ANY", "--into", "S"],
    "evidence-set": ["evidence", "set", "S", "1", "--gpus", "2"],
    "evidence-workload": ["evidence", "workload", "S", "--model", "m"],
}


def _run(argv: list[str]) -> tuple[int, str]:
    """``main(argv)`` in a thread that must end within TIMEOUT_S (a command waiting on a FIFO would not)."""
    out = io.StringIO()
    result: list[int] = []

    def target() -> None:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            result.append(main(argv))

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(TIMEOUT_S)
    assert not thread.is_alive(), f"{argv[0]} waited on a special file: {argv}"
    return result[0], out.getvalue()


def _argv(template: list[str], special_path: Path, tmp_path: Path) -> list[str]:
    ws = tmp_path / "ws.deepdecide.yaml"
    if not ws.exists():
        shutil.copyfile(MINIMAL, ws)
    other = tmp_path / "any.bin"
    if not other.exists():
        other.write_bytes(b"%PDF-1.7\nnot a record\n")
    names = {"S": str(special_path), "WS": str(ws), "ANY": str(other), "OUT": str(tmp_path / "out.file")}
    return [names.get(a, a) for a in template]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", READERS)
def test_a_command_reading_a_special_file_refuses_it_at_once(name, kind, tmp_path):
    if kind == "folder" and name == "import":
        pytest.skip("import takes a folder: it imports the result files below it")
    with special(kind, tmp_path) as path:
        before = mode_of(path)
        code, text = _run(_argv(READERS[name], path, tmp_path))
        assert code not in (0, 1), (name, code, text)
        assert "Traceback" not in text
        assert str(path) in text, text
        assert NAMED[kind] in text, text
        assert mode_of(path) == before
    assert not (tmp_path / "out.file").exists()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", WRITERS)
def test_a_command_never_writes_onto_a_special_file(name, kind, tmp_path):
    with special(kind, tmp_path) as path:
        before = mode_of(path)
        code, text = _run(_argv(WRITERS[name], path, tmp_path))
        assert code == 2, (name, code, text)  # a usage error
        assert "Traceback" not in text
        assert f"{path}: is a " in text and NAMED[kind] in text, text
        assert "deepdecide writes only regular files" in text
        assert path.is_symlink() == (kind == "link-to-fifo")
        assert mode_of(path) == before  # still the FIFO, socket, folder or device it was


def test_the_messages_are_spanish_under_spanish(tmp_path):
    with special("fifo", tmp_path) as path:
        code, text = _run(["--lang", "es", "report", str(MINIMAL), "-o", str(path)])
        assert code == 2 and "no un archivo regular: deepdecide solo escribe" in text and "FIFO" in text, text
        code, text = _run(["--lang", "es", "validate", str(path)])
        assert code == 3 and "no un archivo regular: no se lee" in text, text


def test_importing_a_folder_nested_a_thousand_deep(tmp_path):
    """The folder walk is iterative: no RecursionError on a folder nested 1,000 deep."""
    from deepdecide.storage.files import data_root

    levels = [tmp_path / "deep"]
    for _ in range(1000):
        levels.append(levels[-1] / "d")
    for level in levels:  # one by one: os.makedirs recurses once per level
        level.mkdir()
    src = sorted((data_root() / "samples" / "evidence").glob("*.jsonl"))[0]
    shutil.copy(src, levels[-1] / src.name)
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copyfile(MINIMAL, ws)
    try:
        code, text = _run(["import", str(levels[0]), "--into", str(ws), "--kind", "illustrative"])
        assert code == 0 and "Traceback" not in text and "1 evidence file added" in text, text
    finally:  # bottom-up: shutil.rmtree recurses once per level
        for level in reversed(levels):
            for entry in level.iterdir():
                if not entry.is_dir():
                    entry.unlink()
            level.rmdir()
