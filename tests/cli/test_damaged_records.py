"""A damaged or truncated PDF given where a record is read: every command names the file with the
reason (never only "the PDF cannot be parsed"), exits 3, and writes nothing."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from pdf_helpers import P12_PASSWORD, make_certificate

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"


@pytest.fixture(scope="module")
def damaged(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("damaged")
    record = folder / "record.pdf"
    assert main(["report", str(MINIMAL), "-o", str(record)]) == 0
    cut = folder / "cut.pdf"
    cut.write_bytes(record.read_bytes()[:40_000])  # truncated in the middle of a stream
    return cut


@pytest.fixture(scope="module")
def p12(tmp_path_factory) -> Path:
    return make_certificate(tmp_path_factory.mktemp("cert"))[0]


@pytest.mark.parametrize("command", ["verify", "diff", "revise", "report-since", "sign", "signoffs"])
def test_a_damaged_record_is_named(command, damaged, p12, tmp_path, capsys):
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copyfile(MINIMAL, ws)
    out = tmp_path / "out"
    argv = {
        "verify": ["verify", str(damaged)],
        "diff": ["diff", str(damaged), str(ws)],
        "revise": ["revise", str(damaged), "-o", str(out)],
        "report-since": ["report", str(ws), "-o", str(out), "--since", str(damaged)],
        "sign": ["sign", str(damaged), "--role", "Approver", "--verdict", "approve", "--sign", str(p12),
                 "--password", P12_PASSWORD, "-o", str(out)],
        "signoffs": ["signoffs", str(damaged), "--into", str(ws)],
    }[command]
    before = ws.read_bytes()
    assert main(argv) == 3
    err = capsys.readouterr().err
    assert f"{damaged}: " in err and "cannot be parsed (damaged or truncated)" in err, err
    assert "Traceback" not in err
    assert not out.exists() and ws.read_bytes() == before
