"""The record's fonts: Bitstream Vera, shipped inside reportlab, embedded (subset) in every PDF.

The PDF standard fonts (Helvetica, Courier) are not embedded, so a record set in them would
look different on every viewer; Vera comes with the reportlab package the project already
depends on, so no system font is needed and the text stays extractable (ToUnicode maps).
"""

from __future__ import annotations

import os
import re
import unicodedata
from functools import cache

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DDVera"
BOLD = "DDVera-Bold"
ITALIC = "DDVera-Italic"
BOLD_ITALIC = "DDVera-BoldItalic"

_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}

# characters Vera lacks, written the way a reader expects
_FALLBACKS = {
    "\u2192": "->", "\u2190": "<-", "\u2194": "<->", "\u21d2": "=>",
    "\u2713": "yes", "\u2714": "yes", "\u2717": "no", "\u2718": "no",
    "\u0394": "delta ", "\u03b4": "delta ", "\u03c3": "sigma", "\u03bc": "\u00b5",
    "\u2011": "-", "\u2010": "-", "\u2012": "-", "\u2015": "\u2014",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u200b": "",
    "\u2248": "\u2248",
}


def font_dir() -> str:
    return os.path.join(os.path.dirname(reportlab.__file__), "fonts")


@cache
def register() -> None:
    """Register the Vera family once per process (bold/italic mapping for <b>/<i> markup)."""
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(font_dir(), file)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, ITALIC)
    addMapping(REGULAR, 1, 1, BOLD_ITALIC)


@cache
def _covered() -> frozenset[int]:
    register()
    font = pdfmetrics.getFont(REGULAR)
    return frozenset(font.face.charToGlyph)


@cache
def _ascii_covered() -> bool:
    covered = _covered()
    return all(c in covered for c in range(0x20, 0x7F))


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def safe_text(text: str) -> str:
    """Replace characters the embedded font cannot draw, so nothing prints as an empty box."""
    if text.isascii() and _ascii_covered() and not _CONTROL.search(text):
        return text  # the common case, without a set look-up per character
    covered = _covered()
    if all(ord(c) in covered or c in "\n\t" for c in text):
        return text
    out = []
    for c in text:
        if ord(c) in covered or c in "\n\t":
            out.append(c)
        elif c in _FALLBACKS:
            out.append(_FALLBACKS[c])
        else:
            decomposed = unicodedata.normalize("NFKD", c)
            kept = "".join(d for d in decomposed if ord(d) in covered)
            out.append(kept or "?")
    return "".join(out)
