"""The interface language of the Qt-free layers: one gettext catalog for analysis messages, the
command line and the PDF record.

The catalog is ``data/locale/<lang>/LC_MESSAGES/deepdecide.po`` (edited by people, extracted and
checked with Babel: ``tools/i18n.py``) compiled to the ``.mo`` beside it, which the stdlib
:mod:`gettext` reads at run time (no Babel import on the English path). The language is
process-wide: the CLI sets it from ``--lang`` or the environment (``LC_ALL``, ``LC_MESSAGES``,
``LANG``, ``LANGUAGE``), the GUI from its preferences. English is the source language and needs no
catalog.

Mark text with ``_()`` (or :func:`ngettext` for counts); fill parameters after translating
(``_("{n} files imported").format(n=3)``), never concatenate translated fragments. A
:class:`~deepdecide.domain.messages.Message`'s template is its catalog key, rendered through
:func:`translate`.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources

#: languages with a catalog, by code; English is the source language
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
DEFAULT = "en"
DOMAIN = "deepdecide"

_current = DEFAULT
#: a block's language (:func:`using`): per thread / task, so a record rebuilt in Spanish in a worker
#: thread does not switch the rest of the application
_block: ContextVar[str | None] = ContextVar("deepdecide_language", default=None)


def normalize(lang: str | None) -> str | None:
    """A supported language code for ``lang`` ("es_ES.UTF-8" -> "es"), or None."""
    if not lang:
        return None
    code = lang.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return DEFAULT
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it (first supported wins)."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var)
        if not value:
            continue
        for part in value.split(":"):
            code = normalize(part)
            if code:
                return code
        return DEFAULT  # the first variable set decides, as for gettext
    return DEFAULT


def set_language(lang: str | None = None) -> str:
    """Use ``lang`` (a code or locale name; None: the environment's) from now on; returns the code.

    Raises ValueError for a language with no catalog."""
    global _current
    if lang is None:
        code = from_environment()
    else:
        found = normalize(lang)
        if found is None:
            raise ValueError(f"unsupported language {lang!r} (choose from {', '.join(LANGUAGES)})")
        code = found
    _current = code
    return code


def language() -> str:
    """The current language code."""
    block = _block.get()
    return _current if block is None else block


@contextmanager
def using(lang: str) -> Iterator[str]:
    """Switch language for a block (a record rebuilt in the language it was written in; a
    message's English text for JSON output). Only the calling thread's block is switched.

    Raises ValueError for a language with no catalog."""
    code = normalize(lang)
    if code is None:
        raise ValueError(f"unsupported language {lang!r} (choose from {', '.join(LANGUAGES)})")
    token = _block.set(code)
    try:
        yield code
    finally:
        _block.reset(token)


def locale_dir() -> str:
    return str(resources.files("deepdecide.data") / "locale")


@cache
def _catalog(lang: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(domain, locale_dir(), languages=[lang], fallback=True)


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (the current language's by default)."""
    return _catalog(lang or language())


def gettext(message: str) -> str:
    """``message`` in the current language (itself when there is no translation)."""
    lang = language()
    if lang == DEFAULT or not message:
        return message
    return _catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    lang = language()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    return _catalog(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` disambiguated by ``context`` ("table header", "verb", ...)."""
    lang = language()
    if lang == DEFAULT:
        return message
    return _catalog(lang).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` of a message disambiguated by ``context``."""
    lang = language()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    return _catalog(lang).npgettext(context, singular, plural, n)


def dgettext(domain: str, message: str) -> str:
    """``message`` from another catalog of ours ("argparse": argparse's own words)."""
    lang = language()
    if lang == DEFAULT or not message:
        return message
    return _catalog(lang, domain).gettext(message)


def dngettext(domain: str, singular: str, plural: str, n: int) -> str:
    lang = language()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    return _catalog(lang, domain).ngettext(singular, plural, n)


def translate(template: str) -> str:
    """The translator a Message renders through (its template is the catalog key)."""
    return gettext(template)


def translator() -> Callable[[str], str] | None:
    """What a Message renders through by default: None in English (the template as written),
    :func:`translate` otherwise."""
    return None if language() == DEFAULT else translate


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (a constant translated where it
    is shown: ``_(HELP)``)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted word's two forms for the catalog (a word ``formatting.count`` is given at run
    time); returns them as given."""
    return singular, plural


_ = gettext


def reset_cache() -> None:
    """Forget loaded catalogs (tests that rewrite a catalog)."""
    _catalog.cache_clear()
