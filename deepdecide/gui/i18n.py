"""Translation helpers: every user-visible string goes through Qt's translator.

Python strings have no QString::arg, so ``fmt`` fills Qt-style ``%1 %2 ...`` markers; a
translation may reorder them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from deepdecide.domain.messages import Message
from deepdecide.gui.resources import translations_dir


def fmt(text: str, *args: Any) -> str:
    """Replace ``%1``, ``%2``, ... in ``text`` by ``args`` (highest number first, so %10 != %1+0)."""
    for i in range(len(args), 0, -1):
        text = text.replace(f"%{i}", str(args[i - 1]))
    return text


def translate(context: str, text: str, *args: Any) -> str:
    return fmt(QCoreApplication.translate(context, text), *args)


def install_translators(app: QCoreApplication, locale: QLocale | None = None) -> list[QTranslator]:
    """Load deepdecide_<lang>.qm from the packaged translations and Qt's own for the locale."""
    locale = locale or QLocale.system()
    installed: list[QTranslator] = []
    ours = QTranslator(app)
    if ours.load(locale, "deepdecide", "_", str(translations_dir())):
        app.installTranslator(ours)
        installed.append(ours)
    from PySide6.QtCore import QLibraryInfo

    qt = QTranslator(app)
    if qt.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        installed.append(qt)
    return installed


def _translate_template(template: str) -> str:
    return QCoreApplication.translate("Messages", template)


def text(message: Message | str) -> str:
    """An analysis message in the interface language (its template is the catalog key)."""
    return message if isinstance(message, str) else message.render(_translate_template)


def texts(messages: Iterable[Message | str], sep: str = "<br>") -> str:
    """Several messages joined by ``sep``."""
    return sep.join(text(m) for m in messages)
