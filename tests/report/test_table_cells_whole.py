"""No table cell of the Spanish record splits a word or leaves a symbol alone on a line: every cell
paragraph is captured as the record lays it out, and each of its lines is checked. A word ("no
concluyente", "falta contexto") wraps between words, never inside one; a figure keeps its
currency, unit and "≈" ("29,1 M US$", "≈ 33 M US$", "12,5 %"); a locator (a path, a URL, a hash)
may break anywhere, as it does in English."""

from __future__ import annotations

import re

import pytest
from reportlab.platypus import Paragraph

from deepdecide.domain import i18n

#: a line that is only a symbol, a unit or a scale word: what a figure left behind
ORPHAN = re.compile(r"^(?:≈|~|%|US\$|\$|€|£|\$/M|/M|M|mil|k|B|[/·:;,.)\]–-])$")
#: a token that may break anywhere: a path, a URL, an id with separators, a hash, a long run of digits
LOCATOR = re.compile(r"[/@_:=\\]|\.\w|^[0-9a-f]{7,}$|^\d{8,}$")


def _line_texts(p: Paragraph) -> list[str]:
    out = []
    for line in getattr(p.blPara, "lines", ()) or ():
        words = line[1] if isinstance(line, tuple) else [getattr(w, "text", str(w)) for w in line.words]
        out.append("".join(words) if not isinstance(line, tuple) else " ".join(words))
    return [re.sub(r"\s+", " ", t).strip() for t in out]


def _plain(p: Paragraph) -> str:
    return "".join(getattr(f, "text", "") if not getattr(f, "lineBreak", False) else "\n" for f in p.frags)


def problems(p: Paragraph) -> list[str]:
    """What is wrong with the lines of one laid-out cell paragraph."""
    lines = [t for t in _line_texts(p) if t]
    if len(lines) < 2:  # one line ("–" alone is an empty cell's dash)
        return []
    found = [f"orphaned {t!r} in {_plain(p)[:80]!r}" for t in lines if ORPHAN.match(t)]
    pieces = {w for t in lines for w in t.split(" ")}
    for token in re.split(r"[ \t\r\n]+", _plain(p)):
        token = token.strip()
        if not token or token in pieces or LOCATOR.search(token):
            continue
        joined = any(token in t.replace("\u00a0", " ") or token.replace("\u00a0", " ") in t for t in lines)
        if not joined:
            found.append(f"split {token!r} in {_plain(p)[:80]!r}: {lines}")
    return found


def _laid_out_cells(monkeypatch) -> list[Paragraph]:
    """Every paragraph laid out in a table cell or header (the cell and head styles), as last wrapped."""
    seen: dict[int, Paragraph] = {}
    wrap = Paragraph.wrap

    def capturing(self, avail_width, avail_height):
        size = wrap(self, avail_width, avail_height)
        if self.style.name.startswith(("cell", "head")):
            seen[id(self)] = self
        return size

    monkeypatch.setattr(Paragraph, "wrap", capturing)
    return seen  # type: ignore[return-value]


def test_the_checker_finds_a_split_word_and_an_orphan():
    from deepdecide.report.styles import styles

    p = Paragraph("no concluyente", styles()["cell"])
    p.wrap(20, 1000)  # narrower than "concluyente": reportlab breaks it inside the word
    assert any(x.startswith("split 'concluyente'") for x in problems(p))
    q = Paragraph("29,1 M US $", styles()["cell"])
    q.wrap(22, 1000)
    assert any(x.startswith("orphaned") for x in problems(q))
    ok = Paragraph("https://docs.vllm.ai/en/latest/getting_started/installation/gpu/", styles()["cell"])
    ok.wrap(40, 1000)
    assert problems(ok) == []


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


def test_no_cell_of_the_spanish_sample_record_splits_a_word_or_orphans_a_symbol(monkeypatch, english_after):
    from deepdecide.report import build
    from deepdecide.storage.files import builtin_sample

    seen = _laid_out_cells(monkeypatch)
    with i18n.using("es"):
        build(builtin_sample("es"))
    assert len(seen) > 100  # the record's tables were seen
    found = [x for p in seen.values() for x in problems(p)]
    assert not found, found[:30]


@pytest.mark.slow
def test_no_cell_of_a_spanish_record_of_every_fixture_splits_a_word(monkeypatch, english_after, shared_fixtures,
                                                                      tmp_path):
    import sys
    from pathlib import Path

    from deepdecide.report import build
    from deepdecide.storage.files import load_workspace

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_record_english_words import all_fixtures_workspace

    ws = load_workspace(all_fixtures_workspace(shared_fixtures, tmp_path))
    seen = _laid_out_cells(monkeypatch)
    with i18n.using("es"):
        build(ws)
    found = [x for p in seen.values() for x in problems(p)]
    assert not found, found[:30]
