"""A record's table never splits a figure from its currency nor leaves "≈" alone at a line end: a
cell whose unbreakable piece ("≈ 0,672 US$") is wider than its column is set smaller instead."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from deepdecide.domain import formatting, i18n
from deepdecide.report import styles


def _lines(cell: Paragraph, width: float) -> list[str]:
    cell.wrap(width, 10_000)
    out = []
    for line in cell.blPara.lines:
        words = line[1] if isinstance(line, tuple) else [w.text if hasattr(w, "text") else str(w) for w in line.words]
        out.append(" ".join(str(w) for w in words))
    return out


def test_a_figure_with_its_currency_and_approx_sign_stays_on_one_line():
    with i18n.using("es"):
        figure = formatting.money(20e6, "USD", approx=True)  # "≈ 20 M US$"
        small = formatting.money(0.0273, "USD")  # "0,0273 US$"
    t = styles.table(["TCO", "$/M"], [[figure, small]], [15 * mm, 13 * mm])
    cells = [c for c in t._cellvalues[1]]
    for cell, text, width in zip(cells, (figure, small), (15 * mm, 13 * mm), strict=True):
        assert isinstance(cell, Paragraph), "a figure wider than its column is a (smaller) paragraph"
        lines = _lines(cell, width - 2 * styles.PAD)
        assert len(lines) == 1, lines  # never "≈" / "20 M US$", never "0,0273 US" / "$"
        assert cell.style.fontSize < styles.styles()["cell"].fontSize
        assert cell.style.fontSize >= styles.CELL_MIN_SIZE
        assert text.replace("≈ ", "").split("\u00a0")[0] in lines[0]


def test_a_figure_that_fits_keeps_the_cell_size():
    t = styles.table(["TCO"], [["≈ 20 M US$"]], [40 * mm])
    assert t._cellvalues[1][0] == "≈\u00a020 M US$"  # a plain one-line cell, "≈" bound to its figure
