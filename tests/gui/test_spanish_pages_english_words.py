"""Every page of the desktop app in Spanish (the Spanish sample, each page and each of its tabs) holds
no English word of ours: the command-line sweep's list of English words and its allowances, the
workspace's own words (the user's data, shown as written) and quotations «...» set aside."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from test_spanish_sweep import ENGLISH, ENGLISH_NUMBER, ISO_DATE, _strip_allowed


def _user_words(ws) -> set[str]:
    import dataclasses
    import enum

    out: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, enum.Enum):
            out.add(str(value.value))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    walk(ws)
    return {w for w in out if len(w) > 3}


def english_left(text: str, user: set[str]) -> str | None:
    text = re.sub(r"<[^>]+>|&nbsp;", " ", text)  # rich text
    text = re.sub(r"\([a-z][a-z0-9_]*\)$", " ", text)  # a column's key beside its title (its id in the export)
    for w in sorted(user, key=len, reverse=True):
        if w in text:
            text = text.replace(w, " ")
    text = re.sub(r"«[^»]*»", " ", text)
    for line in text.splitlines():
        found = ENGLISH.search(_strip_allowed(line))
        if found:
            return f"{found.group(0)!r} in {line.strip()[:140]!r}"
    return None


def english_format_left(text: str, user: set[str]) -> str | None:
    """An ISO date ("2026-11-29") or a number written the English way ("54.71", "$1,234.5") left in
    ``text``: rich text, the workspace's own words, quotations, paths and URLs aside."""
    text = re.sub(r"<[^>]+>|&nbsp;", " ", text)
    for w in sorted(user, key=len, reverse=True):
        if w in text and not re.fullmatch(r"[\d.,$ -]+", w):
            text = text.replace(w, " ")
    text = re.sub(r"«[^»]*»|'[^']*'|\"[^\"]*\"|`[^`]*`|\S*[/\\]\S*", " ", text)
    for line in text.splitlines():
        found = ISO_DATE.search(line) or ENGLISH_NUMBER.search(line)
        if found:
            return f"{found.group(0)!r} in {line.strip()[:140]!r}"
    return None


def test_every_page_in_spanish_holds_no_english_word(make_window, qtbot):
    from gui_texts import texts_of
    from PySide6.QtWidgets import QTabWidget

    from deepdecide.gui.views.main_window import PAGES

    window = make_window(language="es")
    user = _user_words(window.document.workspace)
    left = []
    for key, _m, _c in PAGES:
        page = window.show_page(key)
        qtbot.wait(200)
        seen = list(texts_of(page))
        for tabs in page.findChildren(QTabWidget):
            for t in range(tabs.count()):
                tabs.setCurrentIndex(t)
                qtbot.wait(10)
                seen += [(f"tab {tabs.tabText(t)}", tabs.tabText(t)), *texts_of(tabs.widget(t))]
        for where, text in seen:
            found = english_left(text, user) or english_format_left(text, user)
            if found:
                left.append(f"{key} {where}: {found}")
    left = sorted(set(left))
    assert not left, f"{len(left)} English texts, dates or numbers:\n" + "\n".join(left[:80])


def test_overview_support_tooltips_quote_the_sources_words(make_window, qtbot):
    """An option card's support badge cites the matrix cell's sources and notes: in Spanish their
    English words (title, as-of note) are quoted «...», and their dates are in words, as the record does."""
    from deepdecide.gui.views.overview_page import OptionCard

    window = make_window(language="es")
    page = window.show_page("overview")
    qtbot.wait(200)
    tips = [c.badge.toolTip() for c in page.findChildren(OptionCard)]
    assert tips and any("«" in t for t in tips)
    for tip in tips:
        for line in tip.split("<br>")[1:]:
            found = english_left(line, set())
            assert found is None, found
            assert not re.search(r"\(\d{4}-\d{2}(-\d{2})?\)", re.sub(r"«[^»]*»", " ", line)), line
