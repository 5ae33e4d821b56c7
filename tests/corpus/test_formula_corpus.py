"""The corpus's spreadsheet-formula cases (``make_evidence_cases.FORMULAS``: in a label, a model name,
a file name) imported into one workspace and exported: the XLSX holds no formula cell and every
payload is a text cell; in the CSV every such text starts with the neutralising quote."""

from __future__ import annotations

import csv
import io
import shutil
import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_evidence_cases as corpus

openpyxl = pytest.importorskip("openpyxl")

WORKSPACE = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
CONTEXT = ["--runtime", "vllm", "--platform", "h100-sxm", "--gpus", "1", "--kind", "own"]
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def test_formula_cases_are_exported_as_text(tmp_path, capsys):
    cases = [c for c in corpus.cases() if c.name.startswith(("formula_", "=", "@", "-2+3"))]
    assert len(cases) == 2 * len(corpus.FORMULAS) + 3
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copyfile(WORKSPACE, ws)
    folder = tmp_path / "cases"
    folder.mkdir()
    for case in cases:
        assert main(["import", str(corpus.write(case, folder)), "--into", str(ws), *CONTEXT]) == 0, case.name
    xlsx, evidence = tmp_path / "o.xlsx", tmp_path / "e.csv"
    code = main(["export", str(ws), "--xlsx", str(xlsx), "--evidence", str(evidence), "--no-monte-carlo"])
    err = capsys.readouterr().err
    assert code == 0 and "Traceback" not in err, err
    wb = openpyxl.load_workbook(xlsx)
    cells = [c for s in wb for row in s.iter_rows() for c in row]
    assert not any(c.data_type == "f" for c in cells)
    texts = {c.value for c in cells if c.data_type == "s"}
    for payload in corpus.FORMULAS:
        assert payload in texts, payload
    assert {'=HYPERLINK("x")+1.json', "@SUM(1+1).json", "-2+3+cmd.json"} <= texts
    rows = list(csv.reader(io.StringIO(evidence.read_bytes().decode("utf-8-sig"))))
    for row in rows:
        for cell in row:
            assert not cell.startswith(TRIGGERS), cell  # a spreadsheet would run it
    flat = {cell for row in rows for cell in row}
    for payload in corpus.FORMULAS:
        assert "'" + payload in flat, payload
