"""Ask for the facts an evidence file does not hold: runtime, platform, GPU count."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from deepdecide.gui.i18n import fmt


class ContextDialog(QDialog):
    """One field per missing fact; runtime and platform are chosen from the support matrix."""

    def __init__(self, file_name: str, missing: list[str], choices: dict[str, list[tuple[str, str]]],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Context for the import"))
        self.fields: dict[str, Any] = {}
        form = QFormLayout()
        labels = {"runtime": self.tr("Runtime"), "platform": self.tr("Platform"), "gpu_count": self.tr("GPU count"),
                  "model": self.tr("Model"), "runtime_version": self.tr("Runtime version"),
                  "quantization": self.tr("Quantization")}
        for name in missing:
            if name in choices:
                w: Any = QComboBox()
                w.setEditable(False)
                for value, label in choices[name]:
                    w.addItem(label, value)
            elif name == "gpu_count":
                w = QSpinBox()
                w.setRange(1, 100000)
                w.setValue(8)
            else:
                w = QLineEdit()
            w.setObjectName(f"context_{name}")
            self.fields[name] = w
            form.addRow(labels.get(name, name.replace("_", " ")), w)
        intro = QLabel(fmt(self.tr("<b>%1</b> does not say everything the comparison needs. "
                                   "Tell deepdecide what it was measured on:"), file_name))
        intro.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, w in self.fields.items():
            if isinstance(w, QComboBox):
                out[name] = w.currentData()
            elif isinstance(w, QSpinBox):
                out[name] = w.value()
            else:
                out[name] = w.text().strip()
        return out
