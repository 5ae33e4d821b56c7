"""Page layout of the decision record: running header, footer with the inputs hash and "page N of M",
fixed dates, and files embedded in the PDF — all decided by the record, never by the clock.

reportlab has no public API for embedded files, so they are added as plain PDF objects
(an ``/EmbeddedFiles`` name tree in the catalog plus ``/AF``, PDF 2.0 / PDF/A-3 style) while
the canvas saves. Doing it here, rather than rewriting the finished PDF with another
library, keeps the build one deterministic pass.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from reportlab import rl_config
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString, PDFZCompress
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from deepdecide.domain.i18n import _
from deepdecide.report import fonts
from deepdecide.report.sections.signoff_page import add_acroform
from deepdecide.report.styles import GREY, INK, RULE

PAGE_SIZE = A4
MARGIN_X = 18 * mm
MARGIN_TOP = 20 * mm
MARGIN_BOTTOM = 20 * mm
FOOTER_Y = 10 * mm


@dataclass(frozen=True)
class Attachment:
    """A file carried inside the PDF (``qpdf --list-attachments`` lists it)."""
    name: str
    data: bytes
    mime: str = "application/json"
    description: str = ""
    relationship: str = "Source"  # PDF 2.0 /AFRelationship: the record is made from it


@dataclass(frozen=True)
class RecordMeta:
    """What the page furniture and the PDF metadata show; all of it comes from the workspace."""
    decision_id: str
    title: str
    status: str
    input_sha256: str
    pdf_date: str  # "D:20261129000000+00'00'"
    author: str = ""
    subject: str = ""
    keywords: str = ""
    creator: str = "deepdecide"
    lang: str = "en"  # the record's language: the catalog's /Lang
    attachments: tuple[Attachment, ...] = field(default_factory=tuple)


def pdf_date(iso_date: str) -> str:
    """A PDF date string for an ISO date ("2026-11-29" -> "D:20261129000000+00'00'");
    an empty or malformed date gives 2000-01-01, the reproducible-build epoch."""
    digits = "".join(ch for ch in iso_date[:10] if ch.isdigit())
    if len(digits) != 8:
        digits = "20000101"
    return f"D:{digits}000000+00'00'"


class _FixedTimeStamp:
    """Stands in for reportlab's TimeStamp so neither the clock nor SOURCE_DATE_EPOCH leaks in."""
    def __init__(self, pdf_date_text: str):
        d = pdf_date_text[2:16]
        self.YMDhms = (int(d[0:4]), int(d[4:6]), int(d[6:8]), 0, 0, 0)
        self.dhh = self.dmm = 0
        self.tzname = "UTC"
        self.t = 0.0
        self.lt = self.YMDhms


def make_canvas_class(meta: RecordMeta) -> type[Canvas]:
    """A canvas that defers pages to number them "N of M", and embeds the attachments on save."""
    class RecordCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any):
            kwargs["invariant"] = 1
            super().__init__(*args, **kwargs)
            doc = self._doc
            stamp = _FixedTimeStamp(meta.pdf_date)
            doc._timeStamp = stamp
            sig = hashlib.md5(usedforsecurity=False)
            sig.update(b"a reportlab document")
            sig.update(meta.input_sha256.encode("ascii"))
            doc.signature = sig
            self.setDateFormatter(lambda *_a: meta.pdf_date)
            self._pending_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pending_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pending_pages)
            with _binary_streams():
                for number, state in enumerate(self._pending_pages, start=1):
                    self.__dict__.update(state)
                    _draw_furniture(self, meta, number, total)
                    Canvas.showPage(self)
                _embed(self, meta)
                add_acroform(self._doc)
                Canvas.save(self)

    return RecordCanvas


#: one record saved at a time: the stream setting below is reportlab's, for the whole process
_SAVING = threading.Lock()


@contextlib.contextmanager
def _binary_streams() -> Iterator[None]:
    """The page streams written compressed only, not also ASCII85-encoded (reportlab's setting
    ``rl_config.useA85``, which it reads as it writes each stream): the same pages in a tenth fewer
    bytes, without encoding every compressed byte again in pure Python. Records saved at the same
    time (a build and a verify in two threads) take turns, so each is written with the setting."""

    with _SAVING:
        before = rl_config.useA85
        rl_config.useA85 = 0
        try:
            yield
        finally:
            rl_config.useA85 = before


def fit_line(text: str, room: float, size: float, font: str = fonts.REGULAR) -> str:
    """``text`` cut (with "…") to fit ``room`` points at ``size``: a running header never runs into
    the text beside it, however long the title or its language's words."""
    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _draw_furniture(c: Canvas, meta: RecordMeta, number: int, total: int) -> None:
    width, _height = PAGE_SIZE
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(MARGIN_X, FOOTER_Y + 9, width - MARGIN_X, FOOTER_Y + 9)
    c.setFillColor(GREY)
    c.setFont(fonts.REGULAR, 6.5)
    c.drawString(MARGIN_X, FOOTER_Y, _("{id}   inputs SHA-256 {sha256}").format(id=meta.decision_id,
                                                                             sha256=meta.input_sha256))
    c.setFont(fonts.BOLD, 7.5)
    c.setFillColor(INK)
    c.drawRightString(width - MARGIN_X, FOOTER_Y, _("page {number} of {total}").format(number=number, total=total))
    if number > 1:
        c.setFont(fonts.REGULAR, 7)
        c.setFillColor(GREY)
        top = PAGE_SIZE[1] - 12 * mm
        status = _("status: {status}").format(status=meta.status)
        c.drawRightString(width - MARGIN_X, top, status)
        room = width - 2 * MARGIN_X - stringWidth(fonts.safe_text(status), fonts.REGULAR, 7) - 12
        c.drawString(MARGIN_X, top, fit_line(fonts.safe_text(f"{meta.decision_id}: {meta.title}"), room, 7))
        c.line(MARGIN_X, top - 3, width - MARGIN_X, top - 3)
    c.restoreState()


def _embed(c: Canvas, meta: RecordMeta) -> None:
    if not meta.attachments:
        return
    doc = c._doc
    names: list[Any] = []
    specs: list[Any] = []
    for att in sorted(meta.attachments, key=lambda a: a.name):
        stream = PDFStream(
            PDFDictionary({
                "Type": PDFName("EmbeddedFile"),
                "Subtype": "/" + att.mime.replace("/", "#2F"),  # a name; reportlab would not escape the slash
                "Params": PDFDictionary({
                    "Size": len(att.data),
                    "ModDate": PDFString(meta.pdf_date),
                    "CreationDate": PDFString(meta.pdf_date),
                }),
            }),
            content=att.data,
            filters=[PDFZCompress],
        )
        stream_ref = doc.Reference(stream)
        spec = PDFDictionary({
            "Type": PDFName("Filespec"),
            "F": PDFString(att.name),
            "UF": PDFString(att.name),
            "Desc": PDFString(att.description or att.name),
            "AFRelationship": PDFName(att.relationship),
            "EF": PDFDictionary({"F": stream_ref, "UF": stream_ref}),
        })
        spec_ref = doc.Reference(spec)
        names.extend([PDFString(att.name), spec_ref])
        specs.append(spec_ref)
    catalog = doc.Catalog
    catalog.Names = PDFDictionary({"EmbeddedFiles": PDFDictionary({"Names": PDFArray(names)})})
    catalog.AF = PDFArray(specs)
    # /AF is not among reportlab's catalog keys: extend the key list for this instance only
    catalog.__Refs__ = list(catalog.__Refs__)
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "AF"]


def _not_drawn(*_args: Any, **_kwargs: Any) -> None:
    return None


class _BodyFrame(Frame):
    """The body frame; while its document measures a pass, each flowable is placed but not drawn."""
    def add(self, flowable: Any, canv: Any, trySplit: int = 0) -> Any:
        if not getattr(getattr(canv, "_doctemplate", None), "_measuring", False) or "drawOn" in vars(flowable):
            return Frame._add(self, flowable, canv, trySplit)
        own = vars(flowable)  # set directly: some flowables (graphics Drawings) vet their attributes
        own["drawOn"] = _not_drawn
        try:
            return Frame._add(self, flowable, canv, trySplit)
        finally:
            del own["drawOn"]

    _add = add


class RecordDocTemplate(BaseDocTemplate):
    """One-column A4 template; reports layout progress and honours cancellation per flowable."""
    def __init__(self, target: Any, meta: RecordMeta,
                 on_flowable: Callable[[], None] | None = None, **kwargs: Any):
        fonts.register()
        super().__init__(
            target,
            pagesize=PAGE_SIZE,
            leftMargin=MARGIN_X,
            rightMargin=MARGIN_X,
            topMargin=MARGIN_TOP,
            bottomMargin=MARGIN_BOTTOM,
            title=fonts.safe_text(f"{meta.decision_id}: {meta.title}"),
            author=fonts.safe_text(meta.author),
            subject=fonts.safe_text(meta.subject),
            keywords=fonts.safe_text(meta.keywords),
            creator=meta.creator,
            producer="deepdecide (reportlab)",
            invariant=1,
            pageCompression=1,
            initialFontName=fonts.REGULAR,
            lang=meta.lang,
            **kwargs,
        )
        self.meta = meta
        self._on_flowable = on_flowable
        self._measuring = False
        frame = _BodyFrame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                           leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate(id="page", frames=[frame])])

    def measure_first_pass(self) -> None:
        """Lay out the first pass of ``multiBuild`` without drawing: that pass only finds the page of
        every section for the contents, and it is never saved (a pass that draws always follows, and
        only a pass that draws is saved). Where each flowable lands depends on its size alone, so the
        pages found are those a drawing pass finds."""
        self._measuring = True

    def _allSatisfied(self) -> Any:
        if self._measuring:  # the measured pass found the pages; the next one draws them
            self._measuring = False
            return 0
        return super()._allSatisfied()

    def afterFlowable(self, flowable: Any) -> None:
        # a section heading (sections.base.Heading) is an entry of the contents on page 1, with its page
        level = getattr(flowable, "toc_level", None)
        if level is not None:
            self.notify("TOCEntry", (level, flowable.text, self.page, flowable.key))
        if self._on_flowable is not None:
            self._on_flowable()

    def canvas_class(self) -> type[Canvas]:
        return make_canvas_class(self.meta)
