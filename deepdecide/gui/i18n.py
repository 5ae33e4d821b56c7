"""What the interface language needs from Qt; the words themselves come from the one gettext catalog.

The widgets say their text with ``_("…")``, ``pgettext``, ``ngettext`` and ``N_`` from
:mod:`deepdecide.domain.i18n`, the same catalog (``data/locale/<lang>/LC_MESSAGES/deepdecide.po``)
the command line and the PDF record read. What stays here is Qt's side of it: the interface language is
chosen in the preferences (``language``: "system", "en" or "es"; "system" follows the system locale),
and :func:`apply_language` switches the catalog (:func:`deepdecide.domain.i18n.set_language`), installs
Qt's own translations (``qtbase_<lang>.qm``, so file dialogs and standard buttons speak the same
language) and makes the language's locale the default for Qt's number and date widgets. It can be
called again at run time; the main window then rebuilds its pages in the new language
(``MainWindow.retranslate``).

Qt-style ``%1 %2 ...`` markers in a widget's text are filled by :func:`fmt` (a translation may
reorder them; ``tools/i18n.py check`` holds every translation to its source's markers).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from deepdecide.domain import i18n as domain_i18n
from deepdecide.domain.messages import Message

#: the preference values of the language choice ("system" follows the system locale)
SYSTEM = "system"
#: the locale a language uses when the system's locale is of another language
_DEFAULT_LOCALES = {"en": "en_US", "es": "es_ES"}


def fmt(text: str, *args: Any) -> str:
    """Replace ``%1``, ``%2``, ... in ``text`` by ``args`` (highest number first, so %10 != %1+0)."""
    for i in range(len(args), 0, -1):
        text = text.replace(f"%{i}", str(args[i - 1]))
    return text


def languages() -> dict[str, str]:
    """The interface languages, by code, each named in itself ("es": "Español")."""
    return dict(domain_i18n.LANGUAGES)


def system_language(locale: QLocale | None = None) -> str:
    """The supported language the system locale asks for (its UI languages in order), else English."""
    locale = locale or QLocale.system()
    for name in [*locale.uiLanguages(), locale.name()]:
        code = domain_i18n.normalize(name)
        if code:
            return code
    return domain_i18n.DEFAULT


def resolve(choice: str | QLocale | None) -> str:
    """The language code for a preference value ("system", a code, a locale name) or a QLocale."""
    if isinstance(choice, QLocale):
        return system_language(choice)
    if not choice or choice == SYSTEM:
        return system_language()
    return domain_i18n.normalize(choice) or domain_i18n.DEFAULT


def locale_for(code: str) -> QLocale:
    """The QLocale of language ``code``: the system's own when it speaks that language."""
    system = QLocale.system()
    if system_language(system) == code:
        return system
    return QLocale(_DEFAULT_LOCALES.get(code, code))


class AcceleratorFallback(QTranslator):
    """Qt's catalog under a label's older spelling: Qt 6 added keyboard accelerators to some of its
    own labels ("&Look in:", "Files of &type:") that its translations still list without them
    ("Look in:"), so a Spanish file dialog showed them in English. Asked last, for a text with an
    accelerator that no catalog knows, it answers with the plain text's translation, the accelerator
    on the same letter when the translation has it."""

    def __init__(self, base: QTranslator, parent: QCoreApplication | None = None):
        super().__init__(parent)
        self.base = base

    def isEmpty(self) -> bool:
        return False

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        # None is Qt's null string, "not found here" (an empty string would be a translation)
        at = source.find("&") if source else -1
        if at < 0 or at == len(source) - 1 or source[at + 1] == "&":
            return None
        found = self.base.translate(context, source[:at] + source[at + 1:], disambiguation, n)
        if not found:
            return None
        i = max(found.lower().find(source[at + 1].lower()), 0)
        return found[:i] + "&" + found[i:]


def _installed(app: QCoreApplication) -> list[QTranslator]:
    found = getattr(app, "_deepdecide_translators", None)
    if found is None:
        found = []
        app._deepdecide_translators = found  # type: ignore[attr-defined]
    return found


def current_language(app: QCoreApplication | None = None) -> str:
    """The code of the language :func:`apply_language` last installed (English before that)."""
    app = app or QCoreApplication.instance()
    return str(getattr(app, "_deepdecide_language", domain_i18n.DEFAULT))


def apply_language(app: QCoreApplication, choice: str | QLocale | None = SYSTEM) -> str:
    """Use the language ``choice`` asks for from now on: the gettext catalog of every text, Qt's own
    translations and the default locale; returns its code. Translators installed by anything else
    are left alone."""
    code = resolve(choice)
    domain_i18n.set_language(code)
    locale = locale_for(code)
    QLocale.setDefault(locale)
    if getattr(app, "_deepdecide_language", None) == code and _installed(app):
        return code
    for old in _installed(app):
        app.removeTranslator(old)
        old.deleteLater()
    _installed(app).clear()
    if code != domain_i18n.DEFAULT:  # English is Qt's source language: no catalog
        translator = QTranslator(app)
        if translator.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            fallback = AcceleratorFallback(translator, app)  # installed first: asked after qtbase
            app.installTranslator(fallback)
            app.installTranslator(translator)
            _installed(app).extend((fallback, translator))
    app._deepdecide_language = code  # type: ignore[attr-defined]
    return code


def text(message: Message | str) -> str:
    """An analysis message in the interface language: its template is a key of the one gettext
    catalog, which :func:`apply_language` has switched to the interface language."""
    return message if isinstance(message, str) else message.render()


def texts(messages: Iterable[Message | str], sep: str = "<br>") -> str:
    """Several messages joined by ``sep``."""
    return sep.join(text(m) for m in messages)
