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

from deepdecide.gui.pdf_export import SignRecordRequest


class SignDialog(QDialog):
    def __init__(self, roles: tuple[str, ...], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Sign the decision record"))
        self.setMinimumWidth(520)  # room for a record's and a certificate's path
        form = QFormLayout(self)
        self.record = QLineEdit()
        self.record.setPlaceholderText(self.tr("the PDF exported for approval"))
        self.role = QComboBox()
        self.role.addItems(list(roles))
        self.verdict = QComboBox()
        self.verdict.addItem(self.tr("approve"), "approve")
        self.verdict.addItem(self.tr("reject"), "reject")
        self.conditions = QLineEdit()
        self.certificate = QLineEdit()
        self.certificate.setPlaceholderText(self.tr("your PKCS#12 file (.p12/.pfx)"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.review = QCheckBox(self.tr("review signature (not an approval)"))
        form.addRow(self.tr("Record"), self.record)
        form.addRow(self.tr("Role"), self.role)
        form.addRow(self.tr("Verdict"), self.verdict)
        form.addRow(self.tr("Conditions"), self.conditions)
        form.addRow(self.tr("Certificate"), self.certificate)
        form.addRow(self.tr("Password"), self.password)
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
