"""Paragraph and table styles of the decision record, and small helpers to build tables from text."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from deepdecide.report import fonts

INK = colors.HexColor("#1b1f24")
GREY = colors.HexColor("#5b6470")
RULE = colors.HexColor("#b8c0ca")
HEADER_BG = colors.HexColor("#e8edf3")
ZEBRA = colors.HexColor("#f6f8fa")
ACCENT = colors.HexColor("#1f5f99")
GOOD = colors.HexColor("#1e7b34")
WARN = colors.HexColor("#9a6700")
BAD = colors.HexColor("#b42318")

# one colour per option in charts, colour-blind-safe (Okabe-Ito) and printable in grey
SERIES = [colors.HexColor(h) for h in ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000")]


@cache
def styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    base = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=9, leading=12, textColor=INK, spaceAfter=4,
                          bulletFontName=fonts.REGULAR)
    out = {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=7.5, leading=9.5, textColor=GREY),
        "cell": ParagraphStyle("cell", parent=base, fontSize=7.5, leading=9.2, spaceAfter=0),
        "cell_r": ParagraphStyle("cell_r", parent=base, fontSize=7.5, leading=9.2, spaceAfter=0, alignment=TA_RIGHT),
        "head": ParagraphStyle("head", parent=base, fontName=fonts.BOLD, fontSize=7.5, leading=9.2, spaceAfter=0),
        "h1": ParagraphStyle("h1", parent=base, fontName=fonts.BOLD, fontSize=14, leading=18, spaceBefore=6,
                             spaceAfter=8, textColor=ACCENT, keepWithNext=1),
        "h2": ParagraphStyle("h2", parent=base, fontName=fonts.BOLD, fontSize=10.5, leading=14, spaceBefore=8,
                             spaceAfter=4, keepWithNext=1),
        "title": ParagraphStyle("title", parent=base, fontName=fonts.BOLD, fontSize=20, leading=25, spaceAfter=10,
                                alignment=TA_LEFT),
        "subtitle": ParagraphStyle("subtitle", parent=base, fontSize=11, leading=15, textColor=GREY, spaceAfter=14),
        "mono": ParagraphStyle("mono", parent=base, fontSize=7.5, leading=9.5, spaceAfter=0),
        "callout": ParagraphStyle("callout", parent=base, fontSize=9.5, leading=13, borderPadding=6,
                                  backColor=ZEBRA, borderColor=RULE, borderWidth=0.5, spaceBefore=4, spaceAfter=10),
        "bullet": ParagraphStyle("bullet", parent=base, leftIndent=10, bulletIndent=2, spaceAfter=2),
    }
    return out


def esc(text: Any) -> str:
    """Escape text for reportlab's paragraph markup (and drop glyphs the font lacks)."""
    return escape(fonts.safe_text("" if text is None else str(text)))


def para(text: Any, style: str = "body", *, markup: bool = False) -> Paragraph:
    """A paragraph of plain text (escaped) or, with ``markup``, of trusted reportlab markup."""
    return Paragraph(str(text) if markup else esc(text), styles()[style])


def bullets(items: Sequence[Any], style: str = "bullet") -> list[Paragraph]:
    return [Paragraph(esc(i), styles()[style], bulletText="\u2022") for i in items]


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], widths: Sequence[float] | None = None, *,
          numeric: Sequence[int] = (), extra: Sequence[tuple] = (), zebra: bool = True) -> Table:
    """A table whose header row repeats on every page it spans; cells wrap.

    ``rows`` hold plain text (escaped here) or ready flowables; ``numeric`` columns align right.
    """
    st = styles()
    head = [Paragraph(esc(h), st["head"]) for h in header]
    body = []
    for row in rows:
        cells = []
        for i, value in enumerate(row):
            if isinstance(value, Paragraph) or hasattr(value, "wrap"):
                cells.append(value)
            else:
                cells.append(Paragraph(esc(value), st["cell_r" if i in numeric else "cell"]))
        body.append(cells)
    t = Table([head, *body], colWidths=list(widths) if widths else None, repeatRows=1, hAlign="LEFT")
    commands: list[tuple] = [
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),  # reportlab's default is Helvetica, which is not embedded
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BG),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, GREY),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if zebra:
        for r in range(2, len(body) + 1, 2):
            commands.append(("BACKGROUND", (0, r), (-1, r), ZEBRA))
    commands.extend(extra)
    t.setStyle(TableStyle(commands))
    return t
