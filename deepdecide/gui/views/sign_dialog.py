"""Sign a decision record as one approver: the record file, the role, the verdict, the certificate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from deepdecide.domain.i18n import _
from deepdecide.gui.pdf_export import SignRecordRequest


class SignDialog(QDialog):
    """``interaction`` asks for the files behind the Browse buttons (the record, the certificate)."""

    def __init__(self, roles: tuple[str, ...], parent: QWidget | None = None, interaction: Any = None):
        super().__init__(parent)
        self.interaction = interaction
        self.setWindowTitle(_("Sign the decision record"))
        self.setMinimumWidth(520)  # room for a record's and a certificate's path
        form = QFormLayout(self)
        self.record = QLineEdit()
        self.record.setPlaceholderText(_("the PDF exported for approval"))
        self.role = QComboBox()
        self.role.addItems(list(roles))
        self.verdict = QComboBox()
        self.verdict.addItem(_("approve"), "approve")
        self.verdict.addItem(_("reject"), "reject")
        self.conditions = QLineEdit()
        self.certificate = QLineEdit()
        self.certificate.setPlaceholderText(_("your PKCS#12 file (.p12/.pfx)"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.review = QCheckBox(_("review signature (not an approval)"))
        self.record_button = QPushButton(_("Browse…"))
        self.record_button.clicked.connect(self.browse_record)
        self.certificate_button = QPushButton(_("Browse…"))
        self.certificate_button.clicked.connect(self.browse_certificate)
        form.addRow(_("Record"), _with_button(self.record, self.record_button))
        form.addRow(_("Role"), self.role)
        form.addRow(_("Verdict"), self.verdict)
        form.addRow(_("Conditions"), self.conditions)
        form.addRow(_("Certificate"), _with_button(self.certificate, self.certificate_button))
        form.addRow(_("Password"), self.password)
        form.addRow("", self.review)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _folder(self, text: str) -> str:
        return str(Path(text).parent) if text.strip() else ""

    def browse_record(self) -> None:
        if self.interaction is None:
            return
        path = self.interaction.ask_record_path(self._folder(self.record.text()), _("Record to sign"))
        if path:
            self.record.setText(path)

    def browse_certificate(self) -> None:
        if self.interaction is None:
            return
        path = self.interaction.ask_certificate_path(self._folder(self.certificate.text() or self.record.text()))
        if path:
            self.certificate.setText(path)

    def request(self) -> SignRecordRequest:
        return SignRecordRequest(record=self.record.text().strip(), role=self.role.currentText(),
                                 verdict=self.verdict.currentData(), certificate=self.certificate.text().strip(),
                                 conditions=self.conditions.text().strip(), review=self.review.isChecked(),
                                 passphrase=self.password.text().encode("utf-8") or None)


def _with_button(edit: QLineEdit, button: QPushButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    layout.addWidget(button)
    return row
