"""Export the PDF decision record: target file, sections, optional signature with a certificate."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain.i18n import _
from deepdecide.gui.export_request import ExportRequest
from deepdecide.gui.i18n import fmt

#: sections the record always holds (``report.build`` adds the cover: it carries the inputs' hash)
MANDATORY = ("cover",)
SectionRole = Qt.ItemDataRole.UserRole


class ExportDialog(QDialog):
    """Choose where to write the record, which sections it holds, and whether to sign it.

    ``request()`` builds the ``ExportRequest`` from the fields (tests call it without ``exec``);
    accepting the dialog stores it in ``accepted_request`` and clears the password field.
    """

    def __init__(self, defaults: ExportRequest, interaction: Any = None, parent: QWidget | None = None,
                 decision_id: str = ""):
        super().__init__(parent)
        from deepdecide.report import SECTIONS, TITLES

        self.setWindowTitle(_("Export the decision record"))
        self.setObjectName("export_dialog")
        self.interaction = interaction
        self.accepted_request: ExportRequest | None = None
        self._defaults = defaults

        intro = QLabel(fmt(_("Write decision record <b>%1</b> as a PDF. The workspace it was built from "
                                   "is embedded, so <tt>deepdecide verify</tt> can later prove that the file "
                                   "was not changed."), decision_id or Path(defaults.path).stem))
        intro.setWordWrap(True)
        target_form = self._build_target(defaults)
        sections_box = self._build_sections(defaults, SECTIONS, TITLES)
        self._build_signature(defaults)
        self._build_buttons()

        for edit in (self.path_edit, self.since_edit, self.certificate_edit, self.signer_edit):
            edit.textChanged.connect(lambda _t: self._update())
        self.sign_box.toggled.connect(lambda _on: self._update())

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(target_form)
        layout.addWidget(sections_box)
        layout.addWidget(self.sign_box)
        layout.addWidget(self.problem_label)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.ensurePolished()
        width = 580
        # wrapped labels make the height depend on the width: ask the layout for exactly that height
        self.resize(width, max(layout.totalHeightForWidth(width), layout.totalMinimumSize().height()))
        self._update()

    # construction --------------------------------------------------------------------------
    def _build_target(self, defaults: ExportRequest) -> QFormLayout:
        """The target file: a path field and a file chooser."""
        self.path_edit = QLineEdit(defaults.path)
        self.path_edit.setObjectName("export_path")
        self.path_edit.setPlaceholderText(_("record.pdf"))
        self.browse_button = QPushButton(_("Browse…"))
        self.browse_button.clicked.connect(self.browse_target)
        target = QHBoxLayout()
        target.addWidget(self.path_edit, 1)
        target.addWidget(self.browse_button)
        target_form = QFormLayout()
        target_form.addRow(_("Save to"), target)
        # the record of the revision this one follows: its inputs are carried and what changed is listed
        self.since_edit = QLineEdit(defaults.since)
        self.since_edit.setObjectName("export_since")
        self.since_edit.setPlaceholderText(_("optional: the earlier revision's record (.pdf)"))
        self.since_edit.setToolTip(_("The record adds an appendix of what changed since that revision "
                                           "and carries its inputs (deepdecide report --since)"))
        self.since_button = QPushButton(_("Browse…"))
        self.since_button.clicked.connect(self.browse_since)
        since = QHBoxLayout()
        since.addWidget(self.since_edit, 1)
        since.addWidget(self.since_button)
        target_form.addRow(_("Changes since"), since)
        return target_form

    def _build_sections(self, defaults: ExportRequest, sections: Sequence[str],
                        titles: Mapping[str, str]) -> QGroupBox:
        """One checkable item per section (the mandatory ones checked and fixed), with select-all buttons."""
        labels = self._section_labels()
        chosen = set(defaults.sections or sections) | set(MANDATORY)
        self.sections = QListWidget()
        self.sections.setObjectName("export_sections")
        for sid in sections:
            label = labels.get(sid, titles[sid])
            item = QListWidgetItem(fmt(_("%1 (always included)"), label) if sid in MANDATORY else label)
            item.setData(SectionRole, sid)
            flags = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
            if sid in MANDATORY:
                flags = Qt.ItemFlag.ItemIsUserCheckable  # shown checked, cannot be changed
                item.setToolTip(_("Always included: the cover carries the SHA-256 of the inputs "
                                        "that the footer of every page repeats."))
            item.setFlags(flags)
            item.setCheckState(Qt.CheckState.Checked if sid in chosen else Qt.CheckState.Unchecked)
            self.sections.addItem(item)
        self.sections.itemChanged.connect(lambda _i: self._update())
        # tall enough for every section: the list is short and fixed, so no scrolling
        rows = self.sections.sizeHintForRow(0) if self.sections.count() else 20
        self.sections.setFixedHeight(self.sections.count() * rows + 2 * self.sections.frameWidth() + 4)
        all_button = QPushButton(_("Select all"))
        all_button.clicked.connect(lambda: self.set_all_sections(True))
        none_button = QPushButton(_("Only the cover"))
        none_button.clicked.connect(lambda: self.set_all_sections(False))
        section_buttons = QHBoxLayout()
        section_buttons.addWidget(all_button)
        section_buttons.addWidget(none_button)
        section_buttons.addStretch(1)
        sections_box = QGroupBox(_("Sections"))
        sections_layout = QVBoxLayout(sections_box)
        sections_layout.addWidget(self.sections, 1)
        sections_layout.addLayout(section_buttons)
        return sections_box

    def _build_signature(self, defaults: ExportRequest) -> None:
        """The checkable "sign with a certificate" group: certificate, signer, password, reason."""
        self.sign_box = QGroupBox(_("Sign with a certificate"))
        self.sign_box.setObjectName("export_sign")
        self.sign_box.setCheckable(True)
        self.sign_box.setChecked(defaults.sign)
        self.certificate_edit = QLineEdit(defaults.certificate)
        self.certificate_edit.setObjectName("export_certificate")
        self.certificate_edit.setPlaceholderText(_("PKCS#12 file (.p12 or .pfx) with your key and certificate"))
        self.certificate_button = QPushButton(_("Browse…"))
        self.certificate_button.clicked.connect(self.browse_certificate)
        cert_row = QHBoxLayout()
        cert_row.addWidget(self.certificate_edit, 1)
        cert_row.addWidget(self.certificate_button)
        self.signer_edit = QLineEdit(defaults.signer_name)
        self.signer_edit.setObjectName("export_signer")
        self.password_edit = QLineEdit()
        self.password_edit.setObjectName("export_password")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText(_("the certificate file's password (not stored)"))
        self.reason_edit = QLineEdit(defaults.reason)
        self.reason_edit.setObjectName("export_reason")
        self.reason_edit.setPlaceholderText(_("optional, e.g. Approved for production"))
        sign_form = QFormLayout(self.sign_box)
        sign_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        sign_form.addRow(_("Certificate"), cert_row)
        sign_form.addRow(_("Signer name"), self.signer_edit)
        sign_form.addRow(_("Password"), self.password_edit)
        sign_form.addRow(_("Reason"), self.reason_edit)
        note = QLabel(_("The signature is appended after the record, so its bytes stay reproducible."))
        note.setWordWrap(True)
        note.setEnabled(False)
        sign_form.addRow(note)

    def _build_buttons(self) -> None:
        """The problem line and the Export / Cancel buttons."""
        self.problem_label = QLabel()
        self.problem_label.setObjectName("export_problem")
        self.problem_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Export"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def _section_labels(self) -> dict[str, str]:
        """The section titles of ``report.TITLES``, translatable (tests check they stay the same)."""
        return {
            "cover": _("Cover"),
            "summary": _("Executive summary"),
            "context": _("Context and decision drivers"),
            "options": _("Options compared"),
            "matrix": _("Support matrix (excerpt)"),
            "evidence": _("Benchmark evidence"),
            "parity": _("Parity verdicts"),
            "checklist": _("Service-gap checklist"),
            "questions": _("The article's four questions"),
            "cost": _("Cost and TCO"),
            "budget": _("Prices and budget"),
            "sensitivity": _("Sensitivity and Monte Carlo"),
            "migration": _("Migration plan"),
            "risks": _("Risks and consequences"),
            "signoff": _("Sign-off"),
            "appendix": _("Appendix: evidence files"),
            "changes": _("Appendix: changes since the previous revision"),
        }

    # sections ------------------------------------------------------------------------------
    def section_items(self) -> list[QListWidgetItem]:
        return [self.sections.item(i) for i in range(self.sections.count())]

    def section_ids(self) -> list[str]:
        return [item.data(SectionRole) for item in self.section_items()]

    def set_section_checked(self, section: str, checked: bool) -> None:
        for item in self.section_items():
            if item.data(SectionRole) == section and section not in MANDATORY:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def set_all_sections(self, checked: bool) -> None:
        for sid in self.section_ids():
            self.set_section_checked(sid, checked)

    def chosen_sections(self) -> tuple[str, ...]:
        return tuple(item.data(SectionRole) for item in self.section_items()
                     if item.checkState() == Qt.CheckState.Checked or item.data(SectionRole) in MANDATORY)

    # validation and the request ------------------------------------------------------------
    def target_path(self) -> str:
        text = self.path_edit.text().strip()
        if text and not text.lower().endswith(".pdf"):
            text += ".pdf"
        return text

    def problem(self) -> str:
        """Why the dialog cannot export yet ('' when it can)."""
        if not self.target_path():
            return _("Choose the file to write.")
        if Path(self.target_path()).is_dir():
            return _("The target is a folder; give a file name.")
        if not [s for s in self.chosen_sections() if s not in MANDATORY]:
            return _("Choose at least one section besides the cover.")
        since = self.since_edit.text().strip()
        if since and not Path(since).is_file():
            return _("The earlier record is not a file.")
        if self.sign_box.isChecked():
            if not self.certificate_edit.text().strip():
                return _("Choose the certificate file (.p12 or .pfx) to sign with.")
            if not self.signer_edit.text().strip():
                return _("Give the signer's name.")
        return ""

    def notice(self) -> str:
        """Something to know before exporting that does not stop it ('' when nothing)."""
        target = Path(self.target_path())
        if target.is_file():
            return fmt(_("%1 exists and will be replaced."), target.name)
        return ""

    def _update(self) -> None:
        problem = self.problem()
        text = problem or self.notice()
        self.problem_label.setText(text)
        self.problem_label.setVisible(bool(text))
        self.ok_button.setEnabled(not problem)

    def request(self) -> ExportRequest | None:
        """The export the fields describe, or None while ``problem()`` says something is missing."""
        if self.problem():
            return None
        base = replace(self._defaults, path=self.target_path(), sections=self.chosen_sections(), sign=False,
                       passphrase=None, since=self.since_edit.text().strip())
        if not self.sign_box.isChecked():
            return base
        password = self.password_edit.text()
        return replace(base, sign=True, certificate=self.certificate_edit.text().strip(),
                       signer_name=self.signer_edit.text().strip(), reason=self.reason_edit.text().strip(),
                       passphrase=password.encode("utf-8") if password else None)

    def take_request(self) -> ExportRequest | None:
        """``request()``, then forget the password typed into the dialog."""
        request = self.request()
        if request is not None:
            self.password_edit.clear()
        return request

    def accept(self) -> None:
        request = self.take_request()
        if request is None:
            self._update()
            return
        self.accepted_request = request
        super().accept()

    def reject(self) -> None:
        self.password_edit.clear()
        super().reject()

    # file choosers -------------------------------------------------------------------------
    def _folder_of(self, text: str) -> str:
        folder = Path(text).parent if text else Path(self._defaults.path).parent
        return str(folder)

    def browse_target(self) -> None:
        if self.interaction is None:
            return
        current = self.target_path()
        path = self.interaction.ask_pdf_path(self._folder_of(current), Path(current or self._defaults.path).name)
        if path:
            self.path_edit.setText(path)

    def browse_since(self) -> None:
        if self.interaction is None:
            return
        path = self.interaction.ask_record_path(self._folder_of(self.since_edit.text().strip() or self.target_path()),
                                                _("The earlier revision's record"))
        if path:
            self.since_edit.setText(path)

    def browse_certificate(self) -> None:
        if self.interaction is None:
            return
        path = self.interaction.ask_certificate_path(self._folder_of(self.certificate_edit.text().strip()))
        if path:
            self.certificate_edit.setText(path)
            self.sign_box.setChecked(True)
