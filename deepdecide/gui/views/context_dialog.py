"""Ask for the facts an evidence file does not hold: runtime, platform, GPU count, model (and,
from the Evidence page, its precision and request lengths).

Nothing is pre-filled silently: a field starts as "not known" unless the file's name suggests a
value (``1xH100``, ``tp8``, ``b200-trt``), which is shown as a suggestion to confirm. A fact left
unknown makes the file's runs "needs context": they count for nothing until it is given (the
Evidence page's "Set context…" does that later, undoably)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain.i18n import _, pgettext
from deepdecide.gui.i18n import fmt
from deepdecide.gui.widgets.numbers import IntegerSpinBox


class ContextDialog(QDialog):
    """One field per missing fact; runtime and platform are chosen from the support matrix."""

    def __init__(self, file_name: str, missing: list[str], choices: dict[str, list[tuple[str, str]]],
                 parent: QWidget | None = None, suggestions: dict[str, str] | None = None,
                 current: dict[str, Any] | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Context for the import"))
        self.fields: dict[str, Any] = {}
        form = QFormLayout()
        labels = {"runtime": _("Runtime"), "platform": _("Platform"), "gpu_count": pgettext("form label", "GPU count"),
                  "model": _("Model"), "runtime_version": _("Runtime version"),
                  "quantization": _("Quantization"),
                  "input_tokens": _("Input tokens per request (mean)"),
                  "output_tokens": _("Output tokens per request (mean)"),
                  "proxy_reason": _("Accept as a proxy because… (empty: not a proxy)"),
                  "proxy_discount": _("Proxy throughput factor (low/likely/high)")}
        suggestions = suggestions or {}
        current = current or {}
        self.suggested: dict[str, str] = {}
        for name in missing:
            hint = suggestions.get(name)
            value = current.get(name)
            if name in choices:
                w: Any = QComboBox()
                w.setEditable(False)
                w.addItem(_("— not known —"), "")
                for v, label in choices[name]:
                    w.addItem(label, v)
                pick = value if value else hint
                at = w.findData(pick) if pick else -1
                if at >= 0:
                    w.setCurrentIndex(at)
                elif pick:  # a value the matrix does not list: offered as it is
                    w.addItem(str(pick), pick)
                    w.setCurrentIndex(w.count() - 1)
            elif name in ("gpu_count", "input_tokens", "output_tokens"):
                w = IntegerSpinBox()
                w.setRange(0, 100000 if name == "gpu_count" else 10_000_000)
                w.setSpecialValueText(_("— not known —"))
                pick = value if value else hint
                w.setValue(int(pick) if pick else 0)
            else:
                w = QLineEdit(str(value or hint or ""))
            w.setObjectName(f"context_{name}")
            self.fields[name] = w
            label = labels.get(name, name.replace("_", " "))
            form.addRow(label, w)
            if hint and not value:
                self.suggested[name] = hint
                note = QLabel(fmt(_("suggested by the file name (%1): check it"), hint))
                note.setObjectName(f"suggested_{name}")
                note.setStyleSheet("color: palette(mid);")
                form.addRow("", note)
        intro = QLabel(fmt(_("<b>%1</b> does not say everything the comparison needs. "
                                   "Tell deepdecide what it was measured on. A fact left “not known” makes "
                                   "its runs <i>needs context</i>: they count for nothing until it is given."),
                           file_name))
        intro.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)
        # the explanation reads as a paragraph, the platform names fit; an explicit minimum replaces
        # the layout's own, so it is never narrower than the form's labels and notes need (in any language)
        self.setMinimumWidth(max(480, layout.minimumSize().width()))

    def values(self) -> dict[str, Any]:
        """The facts the user gave; a fact left "not known" is left out."""
        out: dict[str, Any] = {}
        for name, w in self.fields.items():
            if isinstance(w, QComboBox):
                value: Any = w.currentData()
            elif isinstance(w, IntegerSpinBox):
                value = w.value() or None
            else:
                value = w.text().strip()
            if value not in ("", None):
                out[name] = value
        return out
