"""A pseudo-translation of the widgets' part of the gettext catalog: every message of
``deepdecide/gui`` and of the vocabulary accented and about 40 % longer, its ``%1`` markers, ``{fields}``, HTML tags,
accelerators and file-dialog patterns kept, installed as a language of its own ("pseudo", with the
English locale's figures). A window in this "language" shows at once text that does not go through the
catalog (it stays plain ASCII English) and layouts that only fit the English lengths. The analysis's
messages stay English, as a window in English shows them."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po"
CODE = "pseudo"
#: the widgets' own texts and the words they show for coded values (the one vocabulary)
WIDGETS = ("deepdecide/gui/", "deepdecide/domain/vocabulary.py")

ACCENTED = str.maketrans("aeiouncyszAEIOUNCYSZ", "áéíöüñçýšžÁÉÍÖÜÑÇÝŠŽ")
#: kept as they are: markers and fields, HTML tags and entities, accelerators (&F, &&), glob patterns
_KEEP = re.compile(r"%\d+|\{[^}]*\}|<[^>]*>|&[A-Za-z#0-9]+;|&.|\(\*[^)]*\)|\*\.\w+")
_PAD = "ẋǎẑ"


def pseudo(text: str) -> str:
    """``text`` accented and padded to about 1.4 times its length (markup untouched)."""
    parts, last = [], 0
    for m in _KEEP.finditer(text):
        parts.append(text[last:m.start()].translate(ACCENTED))
        parts.append(m.group(0))
        last = m.end()
    parts.append(text[last:].translate(ACCENTED))
    visible = len(_KEEP.sub("", text))
    pad = "".join(_PAD[i % len(_PAD)] for i in range(math.ceil(visible * 0.4)))
    out = "".join(parts)
    if not pad:
        return out
    # the padding goes before a trailing ellipsis, colon or closing tag, where a longer word would be
    tail = re.search(r"((?:…|:|\s|</[^>]+>)*)$", out)
    cut = tail.start() if tail else len(out)
    return out[:cut] + pad + out[cut:]


def _widget_messages() -> list:
    with CATALOG.open("rb") as fh:
        catalog = read_po(fh)
    return [m for m in catalog if m.id and any(loc.startswith(WIDGETS) for loc, _line in m.locations)]


def sources() -> list[str]:
    """The English of every message the widgets mark."""
    out = []
    for m in _widget_messages():
        out.extend([m.id] if isinstance(m.id, str) else list(m.id))
    return out


def write_pseudo_mo(locale_dir: Path) -> Path:
    """The pseudo-translated catalog under ``locale_dir`` (as gettext looks for it); returns the .mo."""
    cat = Catalog(locale="en", domain="deepdecide")
    for m in _widget_messages():
        if isinstance(m.id, str):
            cat.add(m.id, pseudo(m.id), context=m.context)
        else:
            cat.add(m.id, (pseudo(m.id[0]), pseudo(m.id[1])), context=m.context)
    mo = locale_dir / CODE / "LC_MESSAGES" / "deepdecide.mo"
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as fh:
        write_mo(fh, cat)
    return mo


@contextmanager
def pseudo_language(tmp_path: Path) -> Iterator[str]:
    """Make "pseudo" a language of the application (English figures) for the block; yields its code.
    The caller switches to it (``apply_language``, ``make_window(language=...)``)."""
    import pytest

    from deepdecide.domain import formatting, vocabulary
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.gui import i18n as gui_i18n

    locale_dir = tmp_path / "pseudo-locale"
    write_pseudo_mo(locale_dir)
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setitem(domain_i18n.LANGUAGES, CODE, "Pseudo")
    monkeypatch.setattr(domain_i18n, "locale_dir", lambda: str(locale_dir))
    monkeypatch.setitem(gui_i18n._DEFAULT_LOCALES, CODE, "en_US")
    real_style = formatting._style  # figures as English writes them (CLDR has no "pseudo")
    monkeypatch.setattr(formatting, "_style", lambda lang: None if lang == CODE else real_style(lang))
    domain_i18n.reset_cache()
    vocabulary.reset_cache()
    try:
        yield CODE
    finally:
        from PySide6.QtCore import QCoreApplication

        gui_i18n.apply_language(QCoreApplication.instance(), "en")
        monkeypatch.undo()
        domain_i18n.reset_cache()
        vocabulary.reset_cache()
