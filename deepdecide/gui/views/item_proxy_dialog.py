"""Accept one run or one parity check of an evidence file as a proxy for the workload (a smaller
model of the same architecture, another dataset), with the reason and the low / likely / high
throughput factor; or withdraw that acceptance. The whole file is accepted in "Set context…"."""

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

from deepdecide.domain import formatting
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import EvidenceFile
from deepdecide.domain.i18n import _
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workload import ProxyAcceptance, parse_discount
from deepdecide.gui.i18n import fmt


class ItemProxyDialog(QDialog):
    """Pick the run or check, give the reason (empty: withdraw) and the discount."""

    def __init__(self, file: EvidenceFile, fits: list[Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(fmt(_("Proxy for one run or check of %1"), file.provenance.file_name))
        self.setObjectName("item_proxy_dialog")
        self.file = file
        status = {(x.item, x.index): x for x in fits}
        self.item = QComboBox()
        for item, records in (("run", file.runs), ("check", file.parity)):
            for i, _rec in enumerate(records):
                x = status.get((item, i))
                what = word(item, "evidence item")
                label = x.label if x is not None else ""
                state = x.applicability.value if x is not None else ""
                self.item.addItem(f"{what} {i + 1}: {label} — {state}", (item, i))
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(_("why it stands for the workload (empty: withdraw the acceptance)"))
        self.discount = QLineEdit("0.5/0.7/0.9")
        self.discount.setToolTip(_("Its throughput is multiplied by this factor (low/likely/high); a check "
                                         "accepted as a proxy counts for builds only"))
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.problems = QLabel()
        self.problems.setObjectName("item_proxy_problems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020")
        form = QFormLayout()
        form.addRow(_("Run or check"), self.item)
        form.addRow(_("Accept as a proxy because…"), self.reason)
        form.addRow(_("Throughput factor"), self.discount)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.why)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)
        self._status = status
        self.item.currentIndexChanged.connect(self._picked)
        self.reason.textChanged.connect(self._check)
        self.discount.textChanged.connect(self._check)
        first = next((k for k in range(self.item.count())
                      if (x := status.get(self.item.itemData(k))) is not None
                      and x.applicability.value in ("mismatch", "proxy")), 0)
        self.item.setCurrentIndex(first)
        self._picked()

    def _picked(self) -> None:
        key = self.item.currentData()
        if key is None:
            return
        own = self.file.own_proxy(*key)
        self.reason.setText(own.reason if own is not None else "")
        d = own.discount if own is not None else None
        d = d if d is not None else Estimate(0.5, 0.7, 0.9)
        self.discount.setText(formatting.estimate_text(d.low, d.likely, d.high))
        x = self._status.get(key)
        self.why.setText("; ".join(str(m) for m in x.reasons) if x is not None else "")
        self._check()

    def _problems(self) -> list[str]:
        if not self.reason.text().strip():
            return []
        try:
            parse_discount(self.discount.text())
        except ValueError as exc:
            return [str(exc)]
        return []

    def _check(self) -> None:
        problems = self._problems()
        self.problems.setText("\n".join(problems))
        self.problems.setVisible(bool(problems))
        ok = self.item.count() > 0 and not problems
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def accept(self) -> None:
        if self.item.count() == 0 or self._problems():
            return
        super().accept()

    def answer(self) -> tuple[str, int, ProxyAcceptance | None]:
        item, index = self.item.currentData()
        reason = self.reason.text().strip()
        return item, index, (ProxyAcceptance(reason, parse_discount(self.discount.text())) if reason else None)
