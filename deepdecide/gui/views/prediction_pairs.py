"""The Evidence page's "Predicted vs measured" tab: each prediction beside the measured run of the same
configuration, with the signed error per metric, and what the errors do to the capacity ranges."""

from __future__ import annotations

from typing import Any

import pandas as pd
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from deepdecide.analysis.prediction import pair_rows, predictor_lines, reproduction_rows
from deepdecide.domain.i18n import _, ngettext
from deepdecide.gui.models.dataframe_model import DataFrameModel
from deepdecide.gui.views.page import make_table


class _PairsTable(QWidget):
    """A table of pairs from the Assessment above a note saying how to read it."""

    def __init__(self, name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = DataFrameModel(self)
        self.view = make_table(self.model, stretch_last=False)
        self.view.setObjectName(f"{name}_pairs")
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName(f"{name}_note")
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.note)

    def _fill(self, frame: pd.DataFrame) -> None:
        self.model.set_frame(frame)
        self.view.resizeColumnsToContents()
        for col in range(self.model.columnCount()):
            self.view.setColumnWidth(col, min(self.view.columnWidth(col), 260))

    def row_count(self) -> int:
        return self.model.rowCount()


class PredictionPairsPanel(_PairsTable):
    """A table of the Assessment's ``prediction_pairs`` and a note per predictor."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("prediction", parent)

    def show_assessment(self, ws: Any, assessment: Any) -> None:
        rows = pair_rows(ws, assessment)
        self._fill(pd.DataFrame(rows))
        predicted = sum(1 for f in assessment.evidence_fit if f.kind == "predicted" and f.item == "run")
        if rows:
            text = [_("Each row is a predicted run beside a measured run of the same configuration (runtime, "
                            "platform, model, GPU count, token lengths within 10 %, the same load). Error = "
                            "(predicted − measured) / measured.")]
            text += predictor_lines(assessment)
        elif predicted:
            text = [ngettext("{n} predicted run and no measured run of the same configuration: its error is "
                            "unknown, and capacities resting on it get no range.", "{n} predicted runs and no measured run of the same configuration: their error is "
                            "unknown, and capacities resting on them get no range.", predicted).format(n=predicted)]
        else:
            text = [_("No predicted runs (estimators or simulators such as AIConfigurator, vidur, BLIS) "
                            "are imported.")]
        self.note.setText("\n".join(text))


class ReproductionsPanel(_PairsTable):
    """The Evidence page's "Reproductions" tab: each re-measurement of a published reference point (a
    reproduction record) beside the reference, from the Assessment's ``reproduction_pairs``."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("reproduction", parent)
        self.model.headers = {  # read when built (a language change rebuilds the page)
            "configuration": _("Runtime on platform"), "model": _("Model"), "gpus": _("GPUs"), "load": _("Load"),
            "reference": _("Reference point"), "remeasurement": _("Re-measurement"),
            "tps_reference": _("Reference tok/s/GPU"), "tps_remeasured": _("Re-measured tok/s/GPU"),
            "tps_error": _("tok/s/GPU error"), "ttft_error": _("TTFT error"), "tpot_error": _("TPOT error"),
            "file": _("File")}

    def show_assessment(self, ws: Any, assessment: Any) -> None:
        rows = reproduction_rows(ws, assessment)
        self._fill(pd.DataFrame(rows, columns=list(self.model.headers)))
        if rows:
            self.note.setText(_("Each row is a re-measurement beside the published reference point it reproduces "
                                "(a reproduction record). Error = (reference − re-measured) / re-measured: positive "
                                "means the reference claimed more throughput, or a longer TTFT or TPOT, than was "
                                "re-measured."))
        else:
            self.note.setText(_("No reproduction records (a published reference point and its re-measurements, such "
                                "as AISimulate's job-*-comparison.json) are imported."))
