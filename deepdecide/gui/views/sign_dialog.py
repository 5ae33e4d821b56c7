"""Sign a decision record as one approver: the record file, the role, the verdict, the certificate."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from deepdecide.domain.i18n import _
from deepdecide.gui.pdf_export import SignRecordRequest


class SignDialog(QDialog):
    def __init__(self, roles: tuple[str, ...], parent: QWidget | None = None):
        super().__init__(parent)
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
        form.addRow(_("Record"), self.record)
        form.addRow(_("Role"), self.role)
        form.addRow(_("Verdict"), self.verdict)
        form.addRow(_("Conditions"), self.conditions)
        form.addRow(_("Certificate"), self.certificate)
        form.addRow(_("Password"), self.password)
        form.addRow("", self.review)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def request(self) -> SignRecordRequest:
        return SignRecordRequest(record=self.record.text().strip(), role=self.role.currentText(),
                                 verdict=self.verdict.currentData(), certificate=self.certificate.text().strip(),
                                 conditions=self.conditions.text().strip(), review=self.review.isChecked(),
                                 passphrase=self.password.text().encode("utf-8") or None)
