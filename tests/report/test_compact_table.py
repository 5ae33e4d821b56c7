"""Build format 3 draws the record's plain tables compactly and its chart points from forms, with the
look of format 2: the same row heights (exactly), the same page breaks, the same pixels on every page
(but the sign-off, which format 3 keeps on one page with its heading); records of format 2 still
rebuild byte for byte."""

from __future__ import annotations

import glob
import importlib
import io
import json
import subprocess
from pathlib import Path

import pytest
from generated_files import vllm_sweep_workspace
from pdf_helpers import SMALL, need
from reportlab.platypus import Table

from deepdecide.report import predictions
from deepdecide.report.compact_table import CompactTable, _n
from deepdecide.report.sections.base import _first_part
from deepdecide.report.styles import record_format, table
from deepdecide.storage.files import load_builtin_workspace, load_workspace

MM = 72 / 25.4
WIDTHS = [30 * MM, 9 * MM, 24 * MM, 15 * MM, 15 * MM]
HEADER = ["Option", "File", "Fits the workload", "Conc.", "Out tok/s"]
build_module = importlib.import_module("deepdecide.report.build")


def _rows(n: int) -> list[list[object]]:
    rows: list[list[object]] = []
    for i in range(n):
        fit = "matches" if i % 3 else "does not match the workload's token lengths, not counted"
        row: list[object] = [f"Option {i % 4}" if i % 5 else "Keep H100, serve with SGLang on the old fleet",
                             f"F{i}", fit, f"{i * 1.5:g}", "—" if i % 4 else f"{i * 1013.25:,.1f}"]
        rows.append(predictions.struck([str(v) for v in row], (3, 4)) if i % 7 == 6 else row)
    return rows


def _both(n: int, dense: bool) -> tuple[Table, CompactTable]:
    with record_format(2):
        old = table(HEADER, _rows(n), WIDTHS, numeric=(3, 4), dense=dense)
    with record_format(3):
        new = table(HEADER, _rows(n), WIDTHS, numeric=(3, 4), dense=dense)
    assert isinstance(old, Table) and isinstance(new, CompactTable)
    return old, new


@pytest.mark.parametrize("dense", [False, True])
def test_the_rows_are_exactly_as_high_as_reportlab_measures_them(dense: bool) -> None:
    old, new = _both(120, dense)
    old.wrap(sum(WIDTHS), 1e9)
    assert new.row_heights() == list(old._rowHeights)
    assert new.wrap(sum(WIDTHS), 1e9) == (old._width, old._height)
    assert new.first_part() == _first_part(old, sum(WIDTHS))


@pytest.mark.parametrize("dense", [False, True])
def test_a_long_table_breaks_where_reportlab_breaks_it(dense: bool) -> None:
    for room in (40.0, 97.3, 300.0, 641.9):
        old, new = _both(150, dense)
        pieces_old: list[int] = []
        pieces_new: list[int] = []
        for t, out in ((old, pieces_old), (new, pieces_new)):
            while True:
                w, h = t.wrap(sum(WIDTHS), room)
                if h <= room:
                    out.append(-1)  # the rest fits
                    break
                parts = t.split(sum(WIDTHS), room)
                if not parts:
                    out.append(0)
                    break
                first, t = parts
                rows = len(first._cellvalues) if isinstance(first, Table) else len(first.body) + 1
                out.append(rows)
        assert pieces_new == pieces_old, room


def test_text_a_caller_colours_is_drawn_in_its_colour_other_styling_stays_reportlabs() -> None:
    from reportlab.lib import colors

    with record_format(3):
        coloured = table(HEADER, _rows(5), WIDTHS, extra=[("TEXTCOLOR", (0, 1), (0, 1), "red"),
                                                          ("TEXTCOLOR", (1, 2), (-1, 2), colors.blue),
                                                          ("TEXTCOLOR", (1, 2), (1, 2), colors.green)])
        bold = table(HEADER, _rows(5), WIDTHS, extra=[("FONTNAME", (0, 1), (-1, 1), "DDVera-Bold")])
        noted = table(["A", "Note"], [["x", "a long note " * 40]], [30 * MM, 30 * MM], notes=(1,))
    assert isinstance(coloured, CompactTable)
    assert coloured.row_colors[0] == {0: colors.red}
    assert coloured.row_colors[1] == {1: colors.green, 2: colors.blue, 3: colors.blue, 4: colors.blue}
    assert coloured.row_colors[2:] == [None, None, None]
    assert isinstance(bold, Table) and isinstance(noted, Table)


def test_numbers_are_written_as_reportlab_writes_them() -> None:
    from reportlab.lib.rl_accel import fp_str

    for v in (0, 1, -1, 0.5, -0.5, 1e-8, 100, 1000, 455.1047123, 160.4, 493.2283464566929, 12345.678, -0.0, 0.999):
        assert _n(v) == fp_str(v), v


def _render(record: bytes, folder, tag: str) -> list[bytes]:
    pdf = folder / f"{tag}.pdf"
    pdf.write_bytes(record)
    subprocess.run([need("pdftoppm"), "-r", "50", "-png", str(pdf), str(folder / tag)], check=True)
    return [Path(p).read_bytes() for p in sorted(glob.glob(str(folder / f"{tag}-*.png")))]


def _pixels(png: bytes) -> bytes:
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("L").tobytes()


@pytest.mark.parametrize("source", ["small", "sweep"])
def test_format_3_pages_look_exactly_like_format_2(tmp_path, monkeypatch, source: str) -> None:
    pytest.importorskip("PIL")
    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    ws = load_workspace(SMALL) if source == "small" else vllm_sweep_workspace(tmp_path, 140)[0]
    # every section but the sign-off, which format 3 lays out on purpose otherwise
    sections = tuple(s for s in build_module.SECTIONS if s != "signoff")
    normal, inputs = build_module.canonical_inputs(ws)
    params = json.loads(build_module.build_params(sections))
    pages = {}
    for number in (2, 3):
        record = build_module.render(normal, inputs, build_module.dumps_canonical({**params, "format": number}),
                                     sections)
        pages[number] = _render(record, tmp_path, f"f{number}")
    assert len(pages[2]) == len(pages[3]) > 3
    differing = [i + 1 for i, (a, b) in enumerate(zip(pages[2], pages[3], strict=True)) if _pixels(a) != _pixels(b)]
    assert differing == []


def test_the_sign_off_heading_and_table_stay_together(monkeypatch) -> None:
    from pypdf import PdfReader

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    ws = load_builtin_workspace()
    normal, inputs = build_module.canonical_inputs(ws)
    params = json.loads(build_module.build_params(build_module.SECTIONS))
    texts = {}
    for number in (2, 3):
        record = build_module.render(normal, inputs, build_module.dumps_canonical({**params, "format": number}),
                                     build_module.SECTIONS)
        texts[number] = [p.extract_text() for p in PdfReader(io.BytesIO(record)).pages]

    def pages_of(pages: list[str], words: str) -> list[int]:
        return [i for i, t in enumerate(pages) if words in t]

    for number, pages in texts.items():
        heading = [i for i in pages_of(pages, "Sign-off") if "Required approvers" in pages[i]]
        rows = pages_of(pages, "(to be named)")
        assert len(heading) == 1 and rows
        if number == 3:  # the heading, its text and every row of the table on one page
            assert rows == heading
        else:  # as format 2 drew it (and records of format 2 are rebuilt): the table split after a row
            assert rows[0] == heading[0] and len(rows) == 2
