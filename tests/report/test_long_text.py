"""Any text lays out in time linear in its length: one long unbroken word, one long paragraph.
A sanity check with a generous bound; the timing is tests/perf/bench_long_text.py."""

from __future__ import annotations

import dataclasses
import time

from deepdecide.report import build
from deepdecide.report.styles import LONG_WORD, WORD_PIECE, LongParagraph, break_long_words, para


def test_long_words_get_break_opportunities_and_short_ones_stay():
    url = "https://example.org/" + "a" * (LONG_WORD - 20)
    assert break_long_words(url) == url
    broken = break_long_words("x" * 1000)
    assert broken.replace(" ", "") == "x" * 1000
    assert max(len(w) for w in broken.split()) == WORD_PIECE


def test_a_long_paragraph_is_laid_out_in_pieces():
    p = para("word " * 10_000)
    assert isinstance(p, LongParagraph) and len(p.parts) > 1
    assert "".join(part.text for part in p.parts).replace(" ", "") == "word" * 10_000


def test_a_400_kb_word_does_not_take_long(small_ws):
    ws = dataclasses.replace(small_ws, decision=dataclasses.replace(small_ws.decision, context="x" * 400_000))
    start = time.perf_counter()
    pdf = build(ws)
    assert time.perf_counter() - start < 20  # 23 s before; about 1 s now
    assert pdf.startswith(b"%PDF-")
