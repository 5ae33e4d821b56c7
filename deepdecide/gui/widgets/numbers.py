"""Spin boxes that write and read figures as the rest of the application does.

Qt's spin boxes follow Qt's locale data: in Spanish they write "2000 ms" (CLDR groups only from five
digits) while every other figure of the app, written by :mod:`deepdecide.domain.formatting`, reads
"2.000 ms". :class:`IntegerSpinBox` and :class:`DecimalSpinBox` are the app's only spin boxes (the
table cells' editors too, :class:`deepdecide.gui.widgets.delegates.ChoiceDelegate`): they show their
value with :func:`~deepdecide.domain.formatting.fixed` in the interface language (thousands grouped,
the decimal comma in Spanish) and read what they show back with
:func:`~deepdecide.domain.formatting.read_number`, so typing "2.000" in Spanish or "2,000" in
English gives 2000. A unit suffix is the one the formatting module writes ("ms", "pet/s"), after a
no-break space where the language puts one. Ranges, steps, special texts are Qt's own.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QWidget

from deepdecide.domain import formatting
from deepdecide.domain import i18n as domain_i18n
from deepdecide.gui.i18n import locale_for

_State = QValidator.State
_SIGNS = "+-−"


def unit_suffix(unit: str) -> str:
    """A spin box suffix for an analysis ``unit`` ("ms", "req/s") as the formatting module writes
    the unit of a figure: in the interface language ("pet/s"), after a space in English and a
    no-break space in other languages ("" for no unit). Not for money (its sign goes first)."""
    return formatting.with_unit("", formatting.unit_text(unit)) if unit else ""


class _Figures:
    """What both spin boxes share: text from a value, a value from a text, and the validation of
    what is typed, all by the formatting module's rules for the current interface language."""

    def _places(self) -> int:
        return 0

    def _core(self, text: str) -> str:
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        prefix, suffix = box.prefix(), box.suffix()  # type: ignore[attr-defined]
        if prefix and text.startswith(prefix):
            text = text[len(prefix):]
        if suffix and text.endswith(suffix):
            text = text[:-len(suffix)]
        elif suffix.strip() and text.rstrip().endswith(suffix.strip()):
            text = text.rstrip()[:-len(suffix.strip())]
        return text.strip().replace(formatting.NBSP, "")

    def _is_special(self, text: str) -> bool:
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        special = box.specialValueText()
        return bool(special) and (text == special or text.strip() == special.strip())

    def _state(self, text: str) -> _State:
        box = self
        if self._is_special(text):
            return _State.Acceptable
        core = self._core(text)
        decimal, group = formatting.separators()
        if not core or core in _SIGNS:
            return _State.Intermediate
        allowed = set("0123456789" + _SIGNS + decimal + group)
        if not set(core) <= allowed or any(c in _SIGNS for c in core[1:]):
            return _State.Invalid
        if core[0] in "-−" and box.minimum() >= 0:  # type: ignore[attr-defined]
            return _State.Invalid
        _whole, point, fraction = core.partition(decimal)
        if point and (self._places() == 0 or len(fraction) > self._places() or group in fraction):
            return _State.Invalid
        try:
            value = formatting.read_number(core)
        except ValueError:
            return _State.Intermediate  # "2.00" on the way to "2.000"
        low, high = box.minimum(), box.maximum()  # type: ignore[attr-defined]
        if low <= value <= high:
            return _State.Acceptable
        if value > high and value >= 0:  # more digits cannot bring it back
            return _State.Invalid
        return _State.Intermediate

    def _read(self, text: str) -> float | None:
        if self._is_special(text):
            return None
        try:
            return formatting.read_number(self._core(text))
        except ValueError:
            return None

    def _app_shortcut(self, event: QKeyEvent) -> bool:
        """Whether ``event`` is the shortcut of one of the window's actions that should reach it from
        this field: any but Undo / Redo; those only while the field holds nothing uncommitted (then
        they undo the workspace's last edit, not the field's text)."""
        if not event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier) \
                and not Qt.Key.Key_F1 <= event.key() <= Qt.Key.Key_F35:
            return False
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        pressed = QKeySequence(event.keyCombination())
        window = box.window()
        action = next((a for a in window.findChildren(QAction)
                       if a.isEnabled() and any(k.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
                                                for k in a.shortcuts())), None)
        if action is None:
            return False
        if event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo):
            return box.lineEdit().text() == self._committed_text()
        return True

    def _committed_text(self) -> str:
        """What the field shows for its committed value (its special text, or prefix, figure, suffix)."""
        box: QDoubleSpinBox = self  # type: ignore[assignment]
        value = box.value()
        if box.specialValueText() and value == box.minimum():
            return box.specialValueText()
        return box.prefix() + box.textFromValue(value) + box.suffix()

    def event(self, event: QEvent) -> bool:
        """An application shortcut (Ctrl+E, Ctrl+S, Ctrl+1…, F5, Ctrl+Z once committed) works from a
        number field: what was typed is committed first, then the window's action runs; the field's
        line edit would otherwise take the key (Ctrl+E: end of line, Ctrl+Z: undo the typing)."""
        box: QAbstractSpinBox = self  # type: ignore[assignment]
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and self._app_shortcut(event):
            box.interpretText()  # commit: with keyboard tracking off the value changes only now
            event.ignore()
            return True
        return super().event(event)  # type: ignore[misc]

    def _language_locale(self) -> None:
        """Qt's own use of the locale (a context menu, accessibility) in the interface language."""
        box: QWidget = self  # type: ignore[assignment]
        box.setLocale(locale_for(domain_i18n.language()))


class IntegerSpinBox(_Figures, QSpinBox):
    """A whole number field: "100,000" / "100.000"."""

    def __init__(self, parent: QWidget | None = None, *, unit: str = ""):
        super().__init__(parent)
        self._language_locale()
        if unit:
            self.setSuffix(unit_suffix(unit))

    def textFromValue(self, value: int) -> str:
        return formatting.fixed(value, 0)

    def valueFromText(self, text: str) -> int:
        value = self._read(text)
        return self.minimum() if value is None and self._is_special(text) else \
            self.value() if value is None else round(value)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        return self._state(text), text, pos

    def fixup(self, text: str) -> str:  # Qt's drops the locale's group separators; ours are read as they are
        return text


class DecimalSpinBox(_Figures, QDoubleSpinBox):
    """A decimal field with :meth:`decimals` places: "2,000.5 ms" / "2.000,5 ms"."""

    def __init__(self, parent: QWidget | None = None, *, decimals: int = 2, unit: str = ""):
        super().__init__(parent)
        self._language_locale()
        self.setDecimals(decimals)
        if unit:
            self.setSuffix(unit_suffix(unit))

    def _places(self) -> int:
        return self.decimals()

    def set_blank(self) -> None:
        """Show no figure until one is typed (the editor of an empty cell): :meth:`is_blank` says
        whether the user left it so."""
        self._blank = True
        self.lineEdit().textEdited.connect(self._typed)
        self.setValue(self.minimum())
        self.lineEdit().clear()

    def _typed(self, _text: str) -> None:
        self._blank = False

    def is_blank(self) -> bool:
        return getattr(self, "_blank", False)

    def textFromValue(self, value: float) -> str:
        if self.is_blank():
            return ""
        return formatting.fixed(value, self.decimals())

    def valueFromText(self, text: str) -> float:
        value = self._read(text)
        return self.minimum() if value is None and self._is_special(text) else \
            self.value() if value is None else value

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        return self._state(text), text, pos

    def fixup(self, text: str) -> str:
        return text

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """The keypad's decimal key types the language's decimal symbol (a comma in Spanish)."""
        decimal, _group = formatting.separators()
        if (event.modifiers() & Qt.KeyboardModifier.KeypadModifier
                and event.key() in (Qt.Key.Key_Period, Qt.Key.Key_Comma) and event.text() != decimal):
            event = QKeyEvent(event.type(), event.key(), event.modifiers(), decimal)
        super().keyPressEvent(event)


__all__ = ["DecimalSpinBox", "IntegerSpinBox", "unit_suffix"]
