"""Translation helpers: every user-visible string goes through Qt's translator.

The interface language is chosen in the preferences (``language``: "system", "en" or "es"); "system"
follows the system locale. :func:`apply_language` installs the application's compiled catalog
(``resources/translations/deepdecide_<lang>.qm``) and Qt's own (``qtbase_<lang>.qm``, so file dialogs
and standard buttons speak the same language), makes the language's locale the default for Qt's
number and date widgets, and switches the Qt-free layers (analysis messages, figures) through
:func:`deepdecide.domain.i18n.set_language`. It can be called again at run time.

Python strings have no QString::arg, so ``fmt`` fills Qt-style ``%1 %2 ...`` markers; a
translation may reorder them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from deepdecide.domain import i18n as domain_i18n
from deepdecide.domain.messages import Message
from deepdecide.gui.resources import translations_dir

#: the preference values of the language choice ("system" follows the system locale)
SYSTEM = "system"
#: the locale a language uses when the system's locale is of another language
_DEFAULT_LOCALES = {"en": "en_US", "es": "es_ES"}


def fmt(text: str, *args: Any) -> str:
    """Replace ``%1``, ``%2``, ... in ``text`` by ``args`` (highest number first, so %10 != %1+0)."""
    for i in range(len(args), 0, -1):
        text = text.replace(f"%{i}", str(args[i - 1]))
    return text


def translate(context: str, text: str, *args: Any) -> str:
    return fmt(QCoreApplication.translate(context, text), *args)


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
    """Use the language ``choice`` asks for from now on, in Qt and in the Qt-free layers; returns
    its code. Translators installed by anything else (tests) are left alone."""
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
    if code != domain_i18n.DEFAULT:  # English is the source language: no catalog
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for name, where in (("qtbase", qt_dir), ("deepdecide", str(translations_dir()))):
            translator = QTranslator(app)
            if translator.load(locale, name, "_", where):
                if name == "qtbase":  # installed first: asked after every catalog
                    fallback = AcceleratorFallback(translator, app)
                    app.installTranslator(fallback)
                    _installed(app).append(fallback)
                app.installTranslator(translator)
                _installed(app).append(translator)
    app._deepdecide_language = code  # type: ignore[attr-defined]
    return code


def text(message: Message | str) -> str:
    """An analysis message in the interface language: rendered by :mod:`deepdecide.domain.i18n`
    (its template is the key of the one gettext catalog the command line and the record use too;
    :func:`apply_language` has switched that catalog to the interface language)."""
    return message if isinstance(message, str) else message.render()


def texts(messages: Iterable[Message | str], sep: str = "<br>") -> str:
    """Several messages joined by ``sep``."""
    return sep.join(text(m) for m in messages)
