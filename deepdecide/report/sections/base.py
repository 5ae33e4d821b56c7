"""What every section of the record shares: the build context, headings, tables and the names
of runtimes, platforms and options. Sections format the Assessment; they decide nothing."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Table, TableStyle

from deepdecide.analysis.assessment import Assessment, Classification, EffortRange, Figure
from deepdecide.domain import formatting
from deepdecide.domain.common import Estimate
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import names_of
from deepdecide.domain.workspace import Workspace
from deepdecide.report.styles import HEADER_BG, RULE, para
from deepdecide.report.words import word

if TYPE_CHECKING:  # built by report.build only when an earlier revision is given
    from deepdecide.analysis.diff import WorkspaceDiff
    from deepdecide.report.params import PreviousRecord

BODY_W = 174 * mm  # A4 width minus margins


@dataclass(frozen=True)
class Context:
    ws: Workspace
    inputs_sha256: str
    sections: tuple[str, ...]
    assessment: Assessment
    generator: str = ""
    changes: WorkspaceDiff | None = None  # since the earlier revision, when its inputs were given
    approval_record_sha256: str = ""  # of the signed approval record embedded in the record, when one is
    record_date: str = ""  # the record's date (build parameters: the export day or the pinned one)
    previous_record: PreviousRecord | None = None  # what verify found of the earlier revision's record

    @property
    def currency(self) -> str:
        """The workspace currency: every money figure of the record is in it."""
        return self.ws.assumptions.currency

    @property
    def unit(self) -> str:
        """The currency as it stands in headers and rates ("$", "€", "CHF")."""
        return formatting.currency_unit(self.currency)

    def money_words(self, text: str) -> str:
        """An analysis unit or label in the workspace currency ("$/GPU-h" -> "€/GPU-h"); the analysis
        computes in the workspace's own money and writes its unit as "$"."""
        # a "$" already written as the language's symbol ("US$", by unit_text) is left as it is
        return re.sub(r"(?<![A-Za-z])\$", lambda _m: self.unit, text) if self.unit != "$" else text


class Heading(Flowable):
    """A section heading that also makes a PDF outline (bookmark) entry."""
    def __init__(self, text: str, key: str, level: int = 0):
        super().__init__()
        self.text = text
        self.key = key
        self.level = level
        self._para = para(text, "h1" if level == 0 else "h2")

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        w, h = self._para.wrap(aw, ah)
        self.width, self.height = w, h
        return w, h

    def getSpaceBefore(self) -> float:
        space: float = self._para.getSpaceBefore()
        return space

    def getSpaceAfter(self) -> float:
        space: float = self._para.getSpaceAfter()
        return space

    @property
    def toc_level(self) -> int | None:
        """The level of its entry in the contents: sections only (None: not listed)."""
        return 0 if self.level == 0 else None

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.text, self.key, level=self.level, closed=False)
        self._para.drawOn(self.canv, 0, 0)


def h1(text: str, key: str) -> list[Flowable]:
    return [CondPageBreak(60 * mm), Heading(text, key, 0)]


def h2(text: str, key: str) -> list[Flowable]:
    return [CondPageBreak(35 * mm), Heading(text, key, 1)]


#: the most a heading asks to have below it on its page (a figure taller than this starts where it may)
KEEP_MAX = 200 * mm


def _first_part(f: Flowable, width: float) -> float:
    """The height of the first piece of ``f`` that must stand on the same page as a heading above it:
    a table's header rows and first row, a paragraph's first two lines, a kept-together group (a
    chart and its caption) whole, any other flowable whole."""

    if isinstance(f, KeepTogether):
        return float(sum(_first_part(x, width) + x.getSpaceBefore() for x in f._content))
    if isinstance(f, Table):
        # measured in KEEP_MAX of height: reportlab's long-table optimisation then stops measuring
        # rows once they fill it (the layout measures the rest where the table lands), and a first
        # part that does not fit in it asks for KEEP_MAX anyway
        _w, h = f.wrap(width, KEEP_MAX)
        heights = list(getattr(f, "_rowHeights", ()) or ())
        head = f.repeatRows if isinstance(f.repeatRows, int) else len(f.repeatRows)
        first = heights[:head + 1]
        if None in first:  # the rows measured before it already fill KEEP_MAX
            return float(KEEP_MAX)
        return float(sum(first)) if heights else float(h)
    _w, h = f.wrap(width, 10_000 * mm)
    if isinstance(f, Paragraph):
        return float(min(h, 2 * f.style.leading))
    return float(h)


def keep_headings(story: list[Flowable], width: float = BODY_W) -> list[Flowable]:
    """Headings never stand alone at the bottom of a page: the conditional page break before each
    run of headings asks for room for the headings and the first part of what follows them (see
    :func:`_first_part`), not a fixed height. The story is changed in place and returned."""
    i = 0
    while i < len(story):
        brk = story[i]
        if not (isinstance(brk, CondPageBreak) and i + 1 < len(story) and isinstance(story[i + 1], Heading)):
            i += 1
            continue
        need, j = 0.0, i + 1
        while j < len(story) and isinstance(story[j], (Heading, CondPageBreak)):
            if isinstance(story[j], Heading):
                _w, h = story[j].wrap(width, 10_000 * mm)
                need += h + story[j].getSpaceBefore() + story[j].getSpaceAfter()
            j += 1
        if j < len(story):
            with contextlib.suppress(AttributeError, TypeError, ValueError):  # one that cannot be measured here
                need += story[j].getSpaceBefore() + _first_part(story[j], width)
        brk.height = max(brk.height, min(need, KEEP_MAX))
        for k in range(i + 1, j):  # the breaks inside the run: the first one decided for the run
            if isinstance(story[k], CondPageBreak):
                story[k].height = 0
        i = j
    return story


def table_without_header(rows: list[list[str]], widths: list[float]) -> Flowable:
    data = [[para(k, "head"), para(v, "cell")] for k, v in rows]
    t = Table(data, colWidths=widths, hAlign="LEFT")
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), "DDVera"),
        ("BACKGROUND", (0, 0), (0, -1), HEADER_BG),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return t


def kv(rows: list[list[str]]) -> Flowable:
    return table_without_header(rows, [55 * mm, BODY_W - 55 * mm])


# ---------------------------------------------------------------------------------------------
# formatting: every figure goes through deepdecide.domain.formatting, as in the GUI and the CLI


def num(v: float | None, unit: str = "") -> str:
    return formatting.number(v, unit)


def est(e: Estimate | None, unit: str = "") -> str:
    """A three-point estimate as "likely (low–high) unit"."""
    if e is None:
        return formatting.DASH
    return formatting.estimate(e.likely, e.low, e.high, unit)


def effort(e: EffortRange | None, unit: str = "") -> str:
    """A summed effort as "likely (low–high) unit"."""
    if e is None:
        return formatting.DASH
    return formatting.estimate(e.likely, e.low, e.high, unit)


def fig(f: Figure | None) -> str:
    return formatting.DASH if f is None else formatting.number(f.value)


def money(v: float | None, currency: str | None = None) -> str:
    return formatting.money(v, currency)


def plain(v: float | str | None) -> str:
    """A trail item's value: text as it is, numbers as figures."""
    if v is None or isinstance(v, (int, float)) and not isinstance(v, bool):
        return formatting.number(v)
    return str(v)


def file_refs(numbers: list[int]) -> str:
    """Evidence file references for file numbers (1-based): "F3–F7, F9, F10"; three or more
    consecutive numbers as a range."""
    out: list[str] = []
    nums = sorted(set(numbers))
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        if j >= i + 2:
            out.append(f"F{nums[i]}–F{nums[j]}")
        else:
            out.extend(f"F{n}" for n in nums[i:j + 1])
        i = j + 1
    return ", ".join(out)


# ---------------------------------------------------------------------------------------------
# names


def runtime_name(ws: Workspace, rid: str) -> str:
    """A runtime by its name in the matrix; a hosted API's by its provider (messages.names_of)."""
    r = ws.matrix.runtime(rid)
    return r.name if r else names_of(ws)["runtime"].get(rid, rid)


def platform_name(ws: Workspace, pid: str) -> str:
    """A platform by its name in the matrix; a hosted API's as the provider's servers (messages.names_of)."""
    p = ws.matrix.resolve_platform(pid)
    return p.name if p else names_of(ws)["platform"].get(pid, pid)


def option_label(ws: Workspace, oid: str) -> str:
    o = ws.option(oid)
    return o.name if o else oid


def name_of(ctx: Context, oid: str | None) -> str:
    return option_label(ctx.ws, oid) if oid else _("no option")


def support_label(c: Classification) -> str:
    """The classification in words: official, or experimental with the matrix's status."""
    if c.official:
        return word(SupportStatus.OFFICIAL)
    if c.status == SupportStatus.UNDOCUMENTED:
        return _("experimental (not on the official list)")
    return _("experimental ({status})").format(status=word(c.status))
