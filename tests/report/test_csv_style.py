"""The CSV export opens in columns in the reader's spreadsheet: comma separated with decimal points
in English, semicolon separated with decimal commas in Spanish (or either by choice); numbers stay
bare numbers and text stays quoted, neutralised text in both styles."""

from __future__ import annotations

import csv
import io
import re

import pytest

from deepdecide.cli.main import main
from deepdecide.domain import i18n
from deepdecide.report import spreadsheet as sheet

TABLE = sheet.Table("T", ("option", "P(best) [fraction]", "delta [$]", "note"),
                    (("Mantener H100; servir", 0.8388, -5, "=1+2"), ("B", 1234.5, 0, 'dice "hola", 1,5')))


def _read(data: bytes, delimiter: str) -> list[list[str]]:
    text = data.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:], newline=""), delimiter=delimiter))


def _spanish_number(cell: str) -> float:
    """A bare field as a Spanish spreadsheet reads it: a decimal comma, no thousands mark."""
    assert "." not in cell and ";" not in cell, cell
    return float(cell.replace(",", "."))


def test_english_csv_is_comma_separated_with_decimal_points():
    with i18n.using("en"):
        raw = sheet.csv_bytes(TABLE).decode("utf-8")
    assert raw.splitlines()[1] == '"Mantener H100; servir",0.8388,-5,"\'=1+2"'
    rows = _read(raw.encode("utf-8"), ",")
    assert [len(r) for r in rows] == [4, 4, 4]
    assert rows[2] == ["B", "1234.5", "0", 'dice "hola", 1,5']


def test_spanish_csv_is_semicolon_separated_with_decimal_commas():
    with i18n.using("es"):
        data = sheet.csv_bytes(TABLE)
    raw = data.decode("utf-8")
    # numbers bare with a decimal comma, a negative number too (a number, never read as a formula);
    # text quoted, a ";" inside a name stays inside its quoted field; a formula-like text neutralised
    assert raw.splitlines()[1] == '"Mantener H100; servir";0,8388;-5;"\'=1+2"'
    rows = _read(data, ";")
    assert [len(r) for r in rows] == [4, 4, 4], "every row opens in four columns"
    assert [_spanish_number(c) for c in rows[1][1:3]] == [0.8388, -5]
    assert _spanish_number(rows[2][1]) == 1234.5
    assert rows[2][3] == 'dice "hola", 1,5'


def test_the_style_can_be_chosen_whatever_the_language():
    with i18n.using("es"):
        assert sheet.csv_bytes(TABLE, "comma") == sheet.csv_bytes(TABLE, "comma")
        assert sheet.csv_bytes(TABLE, "comma").decode("utf-8").splitlines()[2].startswith('"B",1234.5,0,')
    with i18n.using("en"):
        assert sheet.csv_bytes(TABLE, "semicolon").decode("utf-8").splitlines()[2].startswith('"B";1234,5;0;')
    with pytest.raises(ValueError, match="tab"):
        sheet.csv_bytes(TABLE, "tab")


def test_export_in_spanish_writes_semicolons_and_csv_style_overrides(tmp_path, capsys):
    es, en = tmp_path / "es.csv", tmp_path / "en.csv"
    assert main(["--lang", "es", "export", "--no-monte-carlo", "--comparison", str(es)]) == 0
    assert main(["--lang", "es", "export", "--no-monte-carlo", "--csv-style", "comma", "--comparison", str(en)]) == 0
    capsys.readouterr()
    es_rows = _read(es.read_bytes(), ";")
    en_rows = _read(en.read_bytes(), ",")
    assert len(es_rows) == len(en_rows) > 2
    assert all(len(r) == len(es_rows[0]) for r in es_rows), "every row of the Spanish CSV in the header's columns"
    assert len(es_rows[0]) == len(en_rows[0]) > 20
    # the same figures, a decimal comma for a decimal point
    score = es_rows[0].index(next(h for h in es_rows[0] if h.startswith("puntuación")))
    assert _spanish_number(es_rows[1][score]) == pytest.approx(float(en_rows[1][score]))


def test_the_spanish_workbook_stores_figures_as_numbers(tmp_path, capsys):
    """An XLSX written in Spanish holds numbers as numbers (the spreadsheet writes them with the reader's
    decimals), never a figure as text ("0,8388")."""
    openpyxl = pytest.importorskip("openpyxl")
    x = tmp_path / "es.xlsx"
    assert main(["--lang", "es", "export", "--no-monte-carlo", "--xlsx", str(x)]) == 0
    capsys.readouterr()
    wb = openpyxl.load_workbook(x, read_only=True)
    rows = list(wb[wb.sheetnames[0]].iter_rows(values_only=True))
    wb.close()
    score = rows[0].index(next(h for h in rows[0] if str(h).startswith("puntuación")))
    figures = [r[score] for r in rows[1:] if r[score] is not None]
    assert figures and all(isinstance(v, (int, float)) for v in figures), figures
    as_text = [v for r in rows[1:] for v in r if isinstance(v, str) and re.fullmatch(r"-?\d+(?:[.,]\d+)?", v)]
    assert not as_text, as_text[:5]
