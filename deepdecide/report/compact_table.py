"""A record table drawn compactly (build format 3): the look of ``styles.table``'s reportlab table, at
a fraction of its cost for a table of a thousand rows.

reportlab's table gives every cell a style object of its own, copies its style commands into each
piece of a table split across pages, and draws every plain-text cell as a text object of its own
(with every coordinate formatted by its general number writer). A record table is simpler: a header
of paragraphs repeated on every page, body cells that are one-line plain strings (left-aligned, or
right-aligned in numeric columns, some in a colour of their own) or paragraphs, the header shaded and
ruled, the body ruled under every row and shaded on every second row. :class:`CompactTable` lays out
such a table as reportlab's table does (the same row heights, by the same sums, and the same page
breaks) and draws it the same (the same shading, rules, fonts, colours and positions, every number
written as reportlab writes it), with all its plain text in one text object: the plain-string cells,
and the lines of the paragraph cells that are plain text in the cell's font (placed where the
paragraph places them; any other paragraph draws itself).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from typing import Any

from reportlab.lib.rl_accel import escapePDF
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

#: cell padding (points): left and right; top and bottom of the header, and of a body row (dense: less)
PAD = 3
HEAD_PAD = 2

#: header: line below (weight, colour); body: a line below every row
HEAD_RULE = 0.8
BODY_RULE = 0.25

#: per PDF document being written, the text of a cell as the font's subsets encode it (the font assigns a
#: character its code in a document once, so a text's encoding in a document never changes)
_ENCODED: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], tuple[tuple[int, str], ...]]] = \
    weakref.WeakKeyDictionary()


#: the bytes a PDF string holds as they are (printable ASCII but the parentheses and the backslash)
_PLAIN = bytes(c for c in range(32, 127) if c not in b"()\\")


def _escaped(chunk: bytes) -> str:
    """A chunk of encoded text as a PDF string's content: as reportlab's ``escapePDF`` writes it."""
    if not chunk.translate(None, _PLAIN):
        return chunk.decode("latin-1")
    return str(escapePDF(chunk))


_LN10 = math.log(10.0)


def _n(v: float) -> str:
    """A number in a page stream, written as reportlab writes it (``fp_str``: six significant decimals,
    no trailing zeros, no leading zero), so that every position is the very one its table drew."""
    a = abs(v)
    if a <= 1e-7:
        return "0"
    digits = 6 if a <= 1 else min(max(0, 6 - int(math.log(a) / _LN10)), 6)
    s = f"{v:.{digits}f}"
    if digits:
        s = s.rstrip("0").rstrip(".")
    return s[1:] if s[0] == "0" and len(s) > 1 else s


def _color(c: Any) -> str:
    return f"{_n(c.red)} {_n(c.green)} {_n(c.blue)}"


def _positions(heights: Sequence[float]) -> tuple[list[float], float]:
    """The top of every row and the bottom of the last, from the table's top at ``height`` down to 0,
    summed from the bottom with compensation: the very figures reportlab's table computes."""
    out: list[float] = []
    height = c = 0.0
    for i in range(len(heights) - 1, -1, -1):
        out.append(height)
        y = heights[i] - c
        t = height + y
        c = (t - height) - y
        height = t
    out.append(height)
    out.reverse()
    return out, height


class CompactTable(Flowable):
    """A table with a header row repeated on every page it spans; see the module's docstring.

    ``body`` cells are plain strings (one line, drawn in ``cell``'s font, an embedded TrueType font whose
    subsets reportlab makes as it writes, at its size and colour) or
    flowables (paragraphs); ``numeric`` columns are right-aligned. ``heights`` are the rows' heights
    (header first) when known, as a piece of a split table knows them."""

    repeatRows = 1  # as reportlab's table names it: the header row (sections.base._first_part reads it)

    def __init__(self, head: Sequence[Flowable], body: Sequence[Sequence[Any]], widths: Sequence[float], *,
                 numeric: Sequence[int] = (), cell: ParagraphStyle, dense: bool = False, zebra: bool = True,
                 heights: Sequence[float] | None = None, head_color: Any = None, zebra_color: Any = None,
                 head_rule_color: Any = None, body_rule_color: Any = None, continued: bool = False,
                 row_colors: Sequence[dict[int, Any] | None] | None = None):
        super().__init__()
        self.head = list(head)
        self.body = list(body)  # the rows themselves are shared with the pieces of a split, never changed
        # per body row, the colour of its plain-string cells that differ from ``cell``'s (by column)
        self.row_colors: list[dict[int, Any] | None] = (list(row_colors) if row_colors is not None
                                                         else [None] * len(self.body))
        self.widths = [float(w) for w in widths]
        self.numeric = frozenset(numeric)
        self.cell = cell
        self.dense = dense
        self.zebra = zebra
        self.colors = (head_color, zebra_color, head_rule_color, body_rule_color)
        self._heights: list[float] | None = list(heights) if heights is not None else None
        # a piece after the first: reportlab's split carries the rule below the last row of the page before
        # as a rule above this piece's first row, drawn over the header's rule
        self.continued = continued
        # where a right-aligned text starts, per (column, text): shared by the pieces of a split table
        self._right_x: dict[tuple[int, str], str] = {}
        cols = [0.0]
        width = 0.0
        for w in self.widths:
            width = width + w
            cols.append(width)
        self._cols = cols
        self.width = width
        self.height = 0.0

    # ------------------------------------------------------------------------------------------
    # layout

    def _cell_height(self, v: Any, w: float, pad: float) -> float:
        """The height of a cell with its padding, as reportlab's table measures it."""
        if isinstance(v, str):
            leading: float = self.cell.leading
            return leading * len(v.split("\n")) + (pad + pad)
        _vw, vh = v.wrap(w - PAD - PAD, 72000 - pad - pad)
        sb, sa = v.getSpaceBefore(), v.getSpaceAfter()
        height: float = (vh + sa + sb) - sb - sa + (pad + pad)
        return height

    def row_heights(self) -> list[float]:
        """The height of every row, the header first."""
        if self._heights is None:
            heights = []
            pad = 1 if self.dense else 2
            one_line = self._cell_height("", 0.0, pad)  # a plain string of one line (all but a few cells)
            for row, p in ((self.head, HEAD_PAD), *((r, pad) for r in self.body)):
                h = 0.0
                for v, w in zip(row, self.widths, strict=True):
                    t = one_line if p == pad and v.__class__ is str and "\n" not in v else self._cell_height(v, w, p)
                    if t > h:
                        h = t
                heights.append(h)
            self._heights = heights
        return self._heights

    def first_part(self) -> float:
        """The height of the header and the first row (what must stand on the page of a heading above)."""
        return float(sum(self.row_heights()[:2]))

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        heights = self.row_heights()
        # the frame splits a table taller than its room: summed from the top, that is plain as soon as the
        # sum passes the room by more than rounding; otherwise the exact sum reportlab's table makes
        total = 0.0
        for h in heights:
            total += h
            if total > availHeight + 1:
                self.height = total
                return self.width, total
        self.height = _positions(heights)[1]
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        heights = self.row_heights()
        # the last row after which the table may break (reportlab's rule: the rows that fit, whole)
        h = 0.0
        n = 1
        split_at = 0
        for rh in heights:
            if h + rh > availHeight:
                break
            split_at = n
            h = h + rh
            n = n + 1
        if split_at <= 1:  # not even the header and one row: the frame moves on
            return []
        if split_at == len(heights):
            return [self]
        k = split_at - 1  # body rows on this page
        kw: dict[str, Any] = {"numeric": tuple(self.numeric), "cell": self.cell, "dense": self.dense,
                              "zebra": self.zebra, "head_color": self.colors[0], "zebra_color": self.colors[1],
                              "head_rule_color": self.colors[2], "body_rule_color": self.colors[3]}
        first = CompactTable(self.head, self.body[:k], self.widths, heights=heights[:split_at],
                             continued=self.continued, row_colors=self.row_colors[:k], **kw)
        rest = CompactTable(self.head, self.body[k:], self.widths, heights=[heights[0], *heights[split_at:]],
                            continued=True, row_colors=self.row_colors[k:], **kw)
        first._right_x = rest._right_x = self._right_x
        return [first, rest]

    # ------------------------------------------------------------------------------------------
    # drawing

    def draw(self) -> None:
        canv = self.canv
        heights = self.row_heights()
        rows, _height = _positions(heights)
        cols = self._cols
        width = cols[-1]
        head_color, zebra_color, head_rule, body_rule = self.colors
        ops: list[str] = []
        canv.saveState()
        # shading: the header, then every second body row (the first unshaded, on every page)
        if head_color is not None:
            ops.append(f"{_color(head_color)} rg 0 {_n(rows[0])} {_n(width)} {_n(rows[1] - rows[0])} re f")
        if self.zebra and zebra_color is not None and len(self.body) > 1:
            ops.append(f"{_color(zebra_color)} rg")
            ops.extend(f"0 {_n(rows[i])} {_n(width)} {_n(-heights[i])} re f" for i in range(2, len(heights), 2))
        if ops:
            canv.addLiteral("\n".join(ops))
        # the cells: paragraphs each drawn as they draw themselves, plain strings all in one text object
        for j, v in enumerate(self.head):
            self._draw_flowable(v, j, rows[1], heights[0], HEAD_PAD, right=False)
        self._draw_body(rows, heights)
        # the rules: round caps and joins, as reportlab's table draws its lines
        lines = ["1 J 1 j"]
        if head_rule is not None:
            lines.append(f"{_color(head_rule)} RG {_n(HEAD_RULE)} w 0 {_n(rows[1])} m {_n(width)} {_n(rows[1])} l S")
        if body_rule is not None and len(heights) > 1:
            lines.append(f"{_color(body_rule)} RG {_n(BODY_RULE)} w")
            w = _n(width)
            lines.extend(f"0 {y} m {w} {y} l S" for y in map(_n, rows[1 if self.continued else 2:]))
        canv.addLiteral("q " + "\n".join(lines) + " Q")
        canv.restoreState()

    def _draw_flowable(self, v: Any, col: int, rowpos: float, rowheight: float, pad: float, *, right: bool) -> None:
        """A flowable cell where reportlab's table draws it (top-aligned; its width from its wrap)."""
        vw, vh = v.wrapOn(self.canv, self.widths[col] - PAD - PAD, rowheight - pad - pad)
        x = self._cols[col] + self.widths[col] - PAD - vw if right else self._cols[col] + PAD
        y = rowpos + rowheight - pad
        sb = v.getSpaceBefore()
        y += sb
        y -= sb
        y -= vh
        v.drawOn(self.canv, x, y)

    def _plain_lines(self, v: Any, col: int, pad: float) -> list[tuple[float, float, str]] | None:
        """The lines of a paragraph cell that is plain text in the cell's font, size and colour, each as
        (offset from the cell's left padding, depth of its baseline under the cell's top padding, text),
        placed as the paragraph places them; None for any other paragraph (it draws itself)."""
        from reportlab.lib.enums import TA_LEFT, TA_RIGHT
        from reportlab.rl_config import paraFontSizeHeightOffset

        st = getattr(v, "style", None)
        if st is None or getattr(v, "bulletText", None) or getattr(v, "_offsets", None):
            return None
        if (st.alignment not in (TA_LEFT, TA_RIGHT) or st.firstLineIndent or st.leftIndent or st.rightIndent
                or st.backColor or (st.borderColor and st.borderWidth) or st.wordWrap
                or getattr(v, "autoLeading", getattr(st, "autoLeading", ""))
                or "preformatted" in type(v).__name__.lower()):
            return None
        _vw, vh = v.wrapOn(self.canv, self.widths[col] - PAD - PAD, 72000 - pad - pad)
        bl = getattr(v, "blPara", None)
        cell = self.cell
        if (bl is None or bl.kind != 0 or bl.fontName != cell.fontName or bl.fontSize != cell.fontSize
                or bl.textColor != cell.textColor or getattr(bl, "us_lines", None) or getattr(bl, "link", None)):
            return None
        first = vh - (bl.fontSize if paraFontSizeHeightOffset else getattr(bl, "ascent", bl.fontSize))
        out = []
        for i, (extra, words) in enumerate(bl.lines):
            if not extra > -1e-8:  # a line set tighter than its width (word spacing): the paragraph draws it
                return None
            dx = extra if st.alignment == TA_RIGHT else 0.0
            out.append((dx, vh - first + i * st.leading, " ".join(words)))
        return out

    def _draw_body(self, rows: list[float], heights: list[float]) -> None:
        canv = self.canv
        cell = self.cell
        font = pdfmetrics.getFont(cell.fontName)
        size = cell.fontSize
        doc = canv._doc
        known = _ENCODED.get(doc)
        if known is None:
            known = _ENCODED[doc] = {}
        name = cell.fontName
        pad = 1 if self.dense else 2
        left = [_n(c + PAD) for c in self._cols[:-1]]
        right = [c + w - PAD for c, w in zip(self._cols, self.widths, strict=False)]
        numeric = self.numeric
        out: list[str] = []
        subset = None
        size_s = _n(size)
        from deepdecide.report.styles import text_width

        def show(text: str) -> None:
            nonlocal subset
            chunks = known.get((name, text))
            if chunks is None:
                chunks = known[(name, text)] = tuple((s, _escaped(t)) for s, t in font.splitString(text, doc))
            for s, t in chunks:
                if s != subset:
                    out.append(f"{font.getSubsetInternalName(s, doc)} {size_s} Tf")
                    subset = s
                out.append(f"({t}) Tj")

        right_x = self._right_x
        plain: dict[int, Any] = {}  # per paragraph: its lines as (dx, text), or None to let it draw itself
        default = _color(cell.textColor)
        color = default

        def fill(rgb: str) -> None:
            nonlocal color
            if rgb != color:
                out.append(f"{rgb} rg")
                color = rgb

        for i, (row, colored) in enumerate(zip(self.body, self.row_colors, strict=True), start=1):
            rowpos, rh = rows[i + 1], heights[i]
            y = None
            for j, v in enumerate(row):
                if not isinstance(v, str):
                    lines = plain.get(id(v), False)
                    if lines is False:
                        lines = plain[id(v)] = self._plain_lines(v, j, pad)
                    if lines is None:
                        self._draw_flowable(v, j, rowpos, rh, pad, right=j in numeric)
                        continue
                    fill(default)  # a paragraph in its own colour, which is the cell's
                    top = rowpos + rh - pad
                    x0 = self._cols[j] + PAD
                    for dx, dy, line in lines:
                        out.append(f"1 0 0 1 {_n(x0 + dx)} {_n(top - dy)} Tm")
                        show(line)
                    continue
                if not v:
                    continue
                if y is None:
                    y = _n(rowpos + rh - pad - size)
                if j in numeric:
                    x = right_x.get((j, v))
                    if x is None:
                        x = right_x[(j, v)] = _n(right[j] - text_width(v, name, size))
                else:
                    x = left[j]
                fill(_color(colored[j]) if colored is not None and j in colored else default)
                out.append(f"1 0 0 1 {x} {y} Tm")
                show(v)
        if out:
            canv.addLiteral(f"{default} rg BT " + " ".join(out) + " ET")
