"""Paragraph and table styles of the decision record, and small helpers to build tables from text."""

from __future__ import annotations

import functools
import re
import weakref
from collections.abc import Sequence
from functools import cache
from html import escape as _html_escape
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle
from reportlab.platypus import Paragraph as _Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText, textTransformFrags
from reportlab.platypus.paraparser import ParaParser
from reportlab.rl_config import _FUZZ

from deepdecide.domain import formatting
from deepdecide.domain.i18n import _
from deepdecide.report import fonts


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities (what ``xml.sax.saxutils.escape`` does, without importing
    urllib and ssl with it)."""
    return _html_escape(text, quote=False)


def _plain_frag(style: ParagraphStyle) -> Any:
    """The fragment reportlab's parser makes of a paragraph of plain text (no tags, no entities) in
    ``style``, with its text left to fill in: parsed once per style (``_PLAIN_FRAGS``)."""
    frag = _PLAIN_FRAGS.get(style)
    if frag is None:
        _style, frags, _bullet = ParaParser().parse("x", style)
        frag = _PLAIN_FRAGS[style] = frags[0]
    return frag


#: per paragraph style, the fragment of a plain text (weakly: header styles are made per table)
_PLAIN_FRAGS: weakref.WeakKeyDictionary[ParagraphStyle, Any] = weakref.WeakKeyDictionary()


class Paragraph(_Paragraph):
    """reportlab's paragraph, its text parsed once per style and its lines broken once per width.

    Most paragraphs of a record are plain text (escaped: no tags, no entities), which reportlab's
    markup parser turns into one fragment that differs from that of any other plain text in the same
    style by its text alone: such a paragraph gets a copy of that fragment with its own text (and its
    own empty link and line lists, as a parse gives), not a parse of its own.

    A paragraph is measured many times at the same width: in a table cell (each page a table spans,
    and again to draw the cell), under a heading (``sections.base.keep_headings``) and in each pass
    of the build. Its lines depend on the width alone (and on its text and style, which do not
    change), so the lines of the last width are kept and given back for that width; splitting the
    paragraph forgets them, since reportlab may change its fragments while splitting."""

    _KEPT = ("width", "height", "blPara", "_width_max", "_splitLongWordCount", "_hyphenations")

    def __init__(self, text: Any, style: ParagraphStyle | None = None, bulletText: Any = None, frags: Any = None,
                 caseSensitive: int = 1, encoding: str = "utf8"):
        if frags is None and style is not None and isinstance(text, str) and "<" not in text and "&" not in text:
            # what _setup does before it parses: clean the text; an empty one is left to the parser
            cleaned = cleanBlockQuotedText(text)
            if cleaned:
                text, frags = cleaned, [_plain_frag(style).clone(text=cleaned, link=[], us_lines=[])]
                textTransformFrags(frags, style)
        super().__init__(text, style, bulletText, frags, caseSensitive, encoding)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        own = self.__dict__
        kept = own.get("_lines_at")
        if kept is not None and kept[0] == availWidth:
            own.update(kept[1])
            own["_wrapWidths"] = list(kept[2])
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if availWidth >= _FUZZ and self.style.wordWrap not in ("RTL", "CJK"):
            own["_lines_at"] = (availWidth, {k: own[k] for k in self._KEPT if k in own}, tuple(self._wrapWidths))
        return width, height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.__dict__.pop("_lines_at", None)
        try:
            parts: list[Flowable] = super().split(availWidth, availHeight)
            return parts
        finally:
            self.__dict__.pop("_lines_at", None)


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
        "cell_dense": ParagraphStyle("cell_dense", parent=base, fontSize=6.5, leading=7.8, spaceAfter=0),
        "cell_dense_r": ParagraphStyle("cell_dense_r", parent=base, fontSize=6.5, leading=7.8, spaceAfter=0,
                                       alignment=TA_RIGHT),
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
        "caption": ParagraphStyle("caption", parent=base, fontSize=7.5, leading=9.5, textColor=GREY, spaceBefore=2,
                                  spaceAfter=2),
        "footnote": ParagraphStyle("footnote", parent=base, fontSize=7, leading=8.6, textColor=GREY, spaceAfter=0,
                                   leftIndent=12, firstLineIndent=-12),
    }
    # a header wraps between words only (its column is made wide enough, see fit_header)
    out["head"].splitLongWords = 0
    return out


LONG_WORD = 120  # a run of non-space characters longer than this gets break opportunities ...
WORD_PIECE = 60  # ... every this many characters
_SOFT_BREAK = " "  # a space: the one break reportlab finds in linear time (ZWSP and soft hyphen are not)
_LONG_WORD_RE = re.compile(r"\S{" + str(LONG_WORD + 1) + ",}")


def break_long_words(text: str) -> str:
    """Give every word longer than LONG_WORD a break opportunity every WORD_PIECE characters.

    reportlab splits an overlong word by trying ever shorter prefixes, which takes time growing with
    the square of its length (a 400 KB word took 20 s, 2 MB over ten minutes); with these break
    opportunities the layout is linear in the text's length. Ordinary words, URLs and hashes up to
    LONG_WORD characters are left as they are."""
    if len(text) <= LONG_WORD:
        return text
    return _LONG_WORD_RE.sub(
        lambda m: _SOFT_BREAK.join(m.group(0)[i:i + WORD_PIECE] for i in range(0, len(m.group(0)), WORD_PIECE)), text)


def esc(text: Any) -> str:
    """Escape text for reportlab's paragraph markup (and drop glyphs the font lacks); break overlong
    words so that any text lays out in time linear in its length."""
    return escape(break_long_words(fonts.safe_text("" if text is None else str(text))))


LONG_PARAGRAPH = 8_000  # characters: a longer plain-text paragraph is laid out as several


class LongParagraph(Flowable):
    """A very long paragraph as consecutive paragraphs of at most LONG_PARAGRAPH characters.

    reportlab re-breaks the whole rest of a paragraph each time it splits it at a page end, so one
    paragraph of N characters over P pages costs N x P; in pieces the cost is linear in N. The frame
    splits this flowable into its pieces; inside a container it draws them one under another."""

    def __init__(self, parts: list[Paragraph]):
        super().__init__()
        self.parts = parts
        self._sizes: list[tuple[float, float]] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # stop measuring once the pieces overflow the space: the frame will split here anyway, and
        # measuring every remaining piece on every page would make the layout quadratic again
        self._sizes, height, width = [], 0.0, 0.0
        for p in self.parts:
            w, h = p.wrap(availWidth, availHeight)
            self._sizes.append((w, h))
            width, height = max(width, w), height + h
            if height > availHeight:
                break
        self.width, self.height = width, height
        return width, height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        out: list[Flowable] = []
        room = availHeight
        for i, p in enumerate(self.parts):
            _w, h = p.wrap(availWidth, room)
            if h <= room:
                out.append(p)
                room -= h
                continue
            head = p.split(availWidth, room)
            if not head and not out:
                return []  # nothing fits here: the frame moves on
            out.extend(head[:1])
            rest = [*head[1:], *self.parts[i + 1:]] if head else self.parts[i:]
            if rest:
                out.append(LongParagraph(rest))
            return out
        return out

    def draw(self) -> None:
        y = self.height
        for p, (_w, h) in zip(self.parts, self._sizes, strict=False):
            y -= h
            p.drawOn(self.canv, 0, y)


def _pieces(text: str, size: int) -> list[str]:
    """``text`` cut into pieces of at most ``size`` characters, at a line end or a space where possible."""
    out, start = [], 0
    while len(text) - start > size:
        end = start + size
        cut = text.rfind("\n", start + size // 2, end)
        if cut < 0:
            cut = text.rfind(" ", start + size // 2, end)
        cut = end if cut < 0 else cut + 1
        out.append(text[start:cut])
        start = cut
    out.append(text[start:])
    return out


def para(text: Any, style: str = "body", *, markup: bool = False) -> Flowable:
    """A paragraph of plain text (escaped) or, with ``markup``, of trusted reportlab markup. Plain text
    of any length lays out in time linear in its length (long words broken, long paragraphs in pieces)."""
    if markup:
        return Paragraph(str(text), styles()[style])
    raw = "" if text is None else str(text)
    if len(raw) <= LONG_PARAGRAPH:
        return Paragraph(esc(raw), styles()[style])
    st = styles()[style]
    words = break_long_words(fonts.safe_text(raw))
    return LongParagraph([Paragraph(escape(piece), st) for piece in _pieces(words, LONG_PARAGRAPH)])


def bullets(items: Sequence[Any], style: str = "bullet") -> list[Paragraph]:
    return [Paragraph(esc(i), styles()[style], bulletText="\u2022") for i in items]


MAX_CELL_CHARS = 3_000  # a table row cannot span pages: longer cell text is cut, and says so


def _cell_text(value: Any) -> str:
    text = "" if value is None else str(value)
    if len(text) <= MAX_CELL_CHARS:
        return text
    return text[:MAX_CELL_CHARS] + " " + _("… [cut here: {n} more characters in the workspace]").format(
        n=formatting.integer(len(text) - MAX_CELL_CHARS))


#: cell padding left and right (points)
PAD = 3
#: smallest font a header may shrink to (then its column borrows width from its neighbours)
HEAD_MIN_SIZE = 6.0
#: a note longer than this many lines at its column's width becomes a numbered footnote
NOTE_MAX_LINES = 4


@functools.lru_cache(maxsize=1 << 16)
def text_width(text: str, font: str, size: float) -> float:
    """``stringWidth``, remembered: a record measures the same words and figures thousands of times."""
    return float(stringWidth(text, font, size))


#: what a line never breaks: a figure and its unit or currency ("0,67\u00a0US$", formatting writes them
#: joined by a no-break space) and "≈" and its figure ("≈ 20 M US$")
_BREAKS = re.compile(r"[ \t\r\n]+")


def keep_figures_whole(text: str) -> str:
    """``text`` with "≈" bound to the figure after it and a " · " separator to the word before it by a
    no-break space, so that a table cell never leaves either alone on a line."""
    return text.replace("≈ ", "≈\u00a0").replace(" · ", "\u00a0· ")


#: the smallest size a table cell is set in to keep a figure and its unit on one line
CELL_MIN_SIZE = 5.0


@functools.lru_cache(maxsize=256)
def _shrunk(style: ParagraphStyle, size: float) -> ParagraphStyle:
    """``style`` at a smaller size (not below ``CELL_MIN_SIZE``; rounded down to a tenth of a point)."""
    size = max(CELL_MIN_SIZE, int(size * 10) / 10)
    return ParagraphStyle(f"{style.name}-{size:g}", parent=style, fontSize=size,
                          leading=style.leading * size / style.fontSize)


#: a word of a language (letters, perhaps hyphenated, with its punctuation): never split inside
_WORD = re.compile(r"[(\"«]?[^\W\d_]+(?:-[^\W\d_]+)*[.,;:)\"»]?")
#: a bare figure ("0,0126", "-2,1 %" once joined, "(12)")
_FIGURE = re.compile(r"[-+\u2212±≈~(]?\d[\d.,]*[)%]?")
#: the longest word a cell is set smaller for (a longer run of letters is broken as usual)
LONGEST_WORD = 24


def _widest_is_figure(text: str, font: str, size: float) -> bool:
    """Whether the widest unbreakable piece of ``text`` is a figure joined to its unit or currency (by a
    no-break space) or a word ("necesaria", "concluyente"): only those are set smaller, so that no
    line splits them; a long name ("DeepSeek-V4.1-Flash"), a path or a URL is broken as usual."""
    words = [w for w in _BREAKS.split(keep_figures_whole(str(text))) if w]
    widest = max(words, key=lambda w: text_width(fonts.safe_text(w), font, size), default="")
    return "\u00a0" in widest or (len(widest) <= LONGEST_WORD and (_WORD.fullmatch(widest) is not None
                                                                   or _FIGURE.fullmatch(widest) is not None))


@functools.lru_cache(maxsize=1 << 16)
def _word_width(text: str, font: str, size: float) -> float:
    """The width of the widest piece of ``text`` a line cannot break (a no-break space joins)."""
    words = [w for w in _BREAKS.split(keep_figures_whole(str(text))) if w]
    return max((text_width(fonts.safe_text(w), font, size) for w in words), default=0.0)


def fit_header(header: Sequence[str], widths: Sequence[float],
               rows: Sequence[Sequence[Any]] = ()) -> tuple[list[float], list[Paragraph]]:
    """Column widths and header cells such that no header breaks inside a word.

    A header cell wraps only between words. A column narrower than its header's longest word
    borrows width from columns with room to spare (each keeps its header's and its cells' longest
    word, and at first 60 % of its width), then gets a smaller header font (down to
    ``HEAD_MIN_SIZE``) and borrows again; the table keeps its total width."""
    st = styles()["head"]
    widths = [float(w) for w in widths]
    original = list(widths)
    words = [_word_width(h, st.fontName, st.fontSize) for h in header]
    cell = styles()["cell"]
    body = [max([_word_width(r[j], cell.fontName, cell.fontSize) for r in rows
                 if j < len(r) and isinstance(r[j], str)] + [0.0]) + 2 * PAD + 0.5 for j in range(len(header))]
    # a cell's name-like word ("TensorRT-LLM") should not break either; URLs and hashes may
    names = [max([_word_width(" ".join(w for w in r[j].split() if len(w) <= 14), cell.fontName, cell.fontSize)
                  for r in rows if j < len(r) and isinstance(r[j], str)] + [0.0]) + 2 * PAD + 0.5
             for j in range(len(header))]

    def borrow(need: list[float], keep: float) -> None:
        for i in range(len(widths)):
            short = need[i] - widths[i]
            if short <= 0:
                continue
            floor = [max(need[j], body[j], original[j] * keep) for j in range(len(widths))]
            room = {j: widths[j] - floor[j] for j in range(len(widths)) if j != i and widths[j] - floor[j] > 0.5}
            take = min(short, sum(room.values()))
            if take <= 0:
                continue
            total = sum(room.values())
            for j, r in room.items():
                widths[j] -= take * r / total
            widths[i] += take

    # at full size, from columns that keep 60 % of their width
    borrow([max(w + 2 * PAD + 0.5, n) for w, n in zip(words, names, strict=True)], 0.6)
    # then a smaller header font, then whatever width the others can spare
    sizes = [max(HEAD_MIN_SIZE, min(st.fontSize, st.fontSize * (widths[i] - 2 * PAD - 0.5) / max(words[i], 1)))
             for i in range(len(header))]
    borrow([words[i] * sizes[i] / st.fontSize + 2 * PAD + 0.5 for i in range(len(header))], 0.0)
    cells = []
    for i, (h, size) in enumerate(zip(header, sizes, strict=True)):
        # a word that fits nowhere even at the smallest size (a long word of a long language) is
        # broken rather than drawn over its neighbours
        split = 1 if words[i] * size / st.fontSize > widths[i] - 2 * PAD + 0.01 else 0
        style = st if size == st.fontSize and not split else ParagraphStyle(
            f"head_{size:.2f}_{split}", parent=st, fontSize=size, leading=size * 1.23, splitLongWords=split)
        cells.append(Paragraph(esc(keep_figures_whole(h)), style))
    return widths, cells


def _footnotes(rows: list[list[Any]], widths: Sequence[float] | None, notes: Sequence[int]) -> list[str]:
    """Replace every note cell that would wrap to more than ``NOTE_MAX_LINES`` lines by "[n]";
    return the notes, numbered in reading order."""
    if not notes or not widths:
        return []
    cell = styles()["cell"]
    out: list[str] = []
    for row in rows:
        for c in notes:
            value = row[c] if c < len(row) else None
            if not isinstance(value, str) or not value.strip():
                continue
            _w, h = Paragraph(esc(value), cell).wrap(widths[c] - 2 * PAD, 1e6)
            if h / cell.leading > NOTE_MAX_LINES + 0.5:
                out.append(value)
                row[c] = f"[{len(out)}]"
    return out


# commands of a caller that change a cell's height or the width its text wraps in: with any of them,
# reportlab measures every row
_HEIGHT_COMMANDS = frozenset({"FONT", "FONTSIZE", "SIZE", "LEADING", "TOPPADDING", "BOTTOMPADDING", "LEFTPADDING",
                              "RIGHTPADDING"})

#: every this many body rows, one is left for reportlab to measure (see ``_row_heights``)
MEASURED_EVERY = 16


def _row_heights(body: list[list[Any]], widths: Sequence[float] | None, n_notes: int, cell: ParagraphStyle,
                 dense: bool, extra: Sequence[tuple[Any, ...]]) -> list[float | None]:
    """The height of every body row, as reportlab's table measures it (the tallest cell: a plain string's
    leading, a paragraph's height at the column's width less its padding; plus the cell's padding, the
    same sums in the same order), so that a table of a thousand rows is not measured again each time it
    is split across a page. The header, the note rows and rows holding anything else are left to
    reportlab (None). A paragraph is wrapped here at the width the table wraps it at, which it keeps.

    Every ``MEASURED_EVERY``-th row is left to reportlab too: its long-table optimisation stops
    measuring at the first such row below the page's end, and with it the walk over the rows that
    places them (a table given every height would walk all the rest of itself each time it is split)."""
    unknown: list[float | None] = [None] * (1 + len(body) + n_notes)
    if not widths or any(c[0] in _HEIGHT_COMMANDS for c in extra):
        return unknown
    pad = 1 if dense else 2
    vertical = pad + pad  # bottomPadding + topPadding, as reportlab adds them
    plain = cell.leading * 1 + vertical
    inner = [w - PAD - PAD for w in widths]  # the width reportlab wraps a cell's paragraph in
    out: list[float | None] = [None]
    for r, row in enumerate(body, start=1):
        h: float | None = 0.0
        if r % MEASURED_EVERY == 0 or len(row) != len(inner):
            h = None
        else:
            for v, aw in zip(row, inner, strict=True):
                if isinstance(v, str):
                    t = plain
                elif isinstance(v, Paragraph):
                    _w, vh = v.wrap(aw, 72000 - vertical)
                    sb, sa = v.getSpaceBefore(), v.getSpaceAfter()
                    t = (vh + sa + sb) - sb - sa + vertical
                else:
                    h = None
                    break
                if t > h:
                    h = t
        out.append(h)
    return out + [None] * n_notes


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], widths: Sequence[float] | None = None, *,
          numeric: Sequence[int] = (), extra: Sequence[tuple[Any, ...]] = (), zebra: bool = True,
          notes: Sequence[int] = (), dense: bool = False) -> Table:
    """A table whose header row repeats on every page it spans; cells wrap, headers only between words.

    ``rows`` hold plain text (escaped here) or ready flowables; ``numeric`` columns align right.
    In the ``notes`` columns a long text becomes a reference "[n]" and the note is printed,
    numbered, in rows under the table. A ``dense`` table sets its cells smaller, with less padding
    (a list of a thousand files). It is reportlab's own table, told the height of every row it can
    work out (see ``_row_heights``) and shaded by one row-background command.
    """
    st = styles()
    cells_of: list[list[Any]] = [list(r) for r in rows]
    rows = cells_of
    footnotes = _footnotes(cells_of, widths, notes)
    if widths:
        widths, head = fit_header(header, widths, rows)
    else:
        head = [Paragraph(esc(h), st["head"]) for h in header]
    body = []
    kind = "cell_dense" if dense else "cell"
    cell = st[kind]
    # a cell whose text fits on one line is drawn as a plain string (styled like the paragraph it would
    # be): laying out a paragraph per cell is most of the time of a record with a thousand runs
    room = [w - 2 * PAD - 0.5 for w in widths] if widths else None
    shared: dict[tuple[int, str], Paragraph] = {}
    for row in rows:
        cells = []
        for i, value in enumerate(row):
            if isinstance(value, Paragraph) or hasattr(value, "wrap"):
                cells.append(value)
                continue
            text = keep_figures_whole(fonts.safe_text(_cell_text(value)))
            if room is not None and i < len(room) and "\n" not in text and len(text) <= LONG_WORD \
                    and text_width(text, cell.fontName, cell.fontSize) <= room[i]:
                cells.append(text)
            else:  # one paragraph for a text repeated down a column: wrapped once, drawn in every row
                found = shared.get((i, text))
                if found is None:
                    style = st[kind + "_r" if i in numeric else kind]
                    if room is not None and i < len(room) and len(text) <= LONG_WORD:
                        # a figure with its unit ("0,672 US$") wider than its column: set smaller, never split
                        need = _word_width(text, style.fontName, style.fontSize)
                        if need > room[i] > 0 and _widest_is_figure(text, style.fontName, style.fontSize):
                            style = _shrunk(style, style.fontSize * room[i] / need)
                    found = shared[(i, text)] = Paragraph(escape(break_long_words(text)), style)
                cells.append(found)
        body.append(cells)
    n_cols = len(header)
    note_rows = [[Paragraph(f"[{i}]&nbsp;&nbsp;{esc(text)}", st["footnote"])] + [""] * (n_cols - 1)
                 for i, text in enumerate(footnotes, start=1)]
    last = len(body)
    t = Table([head, *body, *note_rows], colWidths=list(widths) if widths else None, repeatRows=1, hAlign="LEFT",
              rowHeights=_row_heights(body, widths, len(note_rows), cell, dense, extra))
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),  # reportlab's default is Helvetica, which is not embedded
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BG),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, GREY),
        ("LINEBELOW", (0, 1), (-1, max(last, 1)), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if body:  # the plain-string cells: the font, size, leading, colour and alignment of the cell styles
        commands += [("FONTSIZE", (0, 1), (-1, last), cell.fontSize), ("LEADING", (0, 1), (-1, last), cell.leading),
                     ("TEXTCOLOR", (0, 1), (-1, last), cell.textColor)]
        commands += [("ALIGN", (i, 1), (i, last), "RIGHT") for i in numeric]
        if dense:
            commands += [("TOPPADDING", (0, 1), (-1, last), 1), ("BOTTOMPADDING", (0, 1), (-1, last), 1)]
    if zebra and len(body) > 1:
        # every second body row shaded, by one command: a command per row is copied, row by row, into
        # each piece of a table split across pages. Each page of a long table starts, like its first,
        # with an unshaded row under the header (reportlab starts the cycle again in every piece)
        commands.append(("ROWBACKGROUNDS", (0, 1), (-1, last), [None, ZEBRA]))
    for r in range(last + 1, last + 1 + len(note_rows)):
        commands.append(("SPAN", (0, r), (-1, r)))
        commands.append(("TOPPADDING", (0, r), (-1, r), 1 if r > last + 1 else 4))
    commands.extend(extra)
    t.setStyle(TableStyle(commands))
    return t
