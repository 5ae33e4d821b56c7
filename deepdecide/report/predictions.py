"""Predictions beside measurements, and runs excluded by a failing parity check, in the record: the
rows come from the Assessment (``prediction_pairs``, ``predictor_errors``, ``EvidenceFit.excluded``)
through ``analysis.prediction.pair_rows`` (which the Evidence page shows too); this module lays them out."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.prediction import (
    error_basis_lines,
    error_table_lines,
    pair_rows,
    predictor_lines,
    reproduction_rows,
)
from deepdecide.domain import formatting as fmt
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.vocabulary import load_text, run_label_text
from deepdecide.domain.workspace import Workspace
from deepdecide.report.styles import Paragraph, bullets, esc, para, styles, table
from deepdecide.report.words import word


def fit_text(fit: Any) -> str:
    """How a run fits, for the record's runs table: "matches, predicted", "EXCLUDED: …"."""
    if fit is None:
        return fmt.DASH
    status = word(fit.applicability)
    out = status if fit.counts_for or fit.applicability.value == "proxy" else _("{status}, not counted").format(
        status=status)
    if fit.kind == "predicted":
        out = _("{fit}, PREDICTED").format(fit=out)
    if fit.excluded:
        out = _("EXCLUDED (fails parity): {fit}").format(fit=out)
    return out


def struck(row: list[str], numeric: tuple[int, ...]) -> list[Any]:
    """A table row drawn struck through (a run excluded from capacity and cost)."""
    st = styles()
    return [Paragraph(f"<strike>{esc(v)}</strike>", st["cell_r" if i in numeric else "cell"])
            for i, v in enumerate(row)]


def section(ws: Workspace, assessment: Any, heading: Any, body_width: float) -> list[Flowable]:
    """The "Predicted vs measured" part of the evidence section (nothing when there are no pairs and no
    predicted runs). ``heading(text, key)`` makes the section's level-2 heading."""
    rows = pair_rows(ws, assessment)
    predicted = [f for f in (getattr(assessment, "evidence_fit", ()) or ()) if f.kind == "predicted"]
    tables = error_table_lines(ws.evidence.files)
    if not rows and not predicted and not tables:
        return []
    out: list[Flowable] = list(heading(_("Predicted vs measured"), "evidence-predicted"))
    out += _error_basis(assessment, tables)
    if not rows and not predicted:
        return out
    if not rows:
        out.append(para(ngettext(
            "{n} predicted run (estimators or simulators) and no measured run of the same configuration (runtime, "
            "platform, model, GPU count, token lengths within 10 %, load): its error is unknown, and capacities "
            "resting on it keep the predicted value without a range.",
            "{n} predicted runs (estimators or simulators) and no measured run of the same configuration (runtime, "
            "platform, model, GPU count, token lengths within 10 %, load): their error is unknown, and capacities "
            "resting on them keep the predicted value without a range.", len(predicted)).format(
                n=fmt.integer(len(predicted)))))
        return out
    out.append(para(_("Each row is a predicted run beside a measured run of the same configuration (runtime, "
                      "platform, model, GPU count, token lengths within 10 %, the same concurrency or request rate). "
                      "Error = (predicted − measured) / measured: positive means the predictor promised more than "
                      "was measured; for TTFT and TPOT a negative error means the hardware was slower than "
                      "predicted.")))
    header = [_("Predictor"), _("Configuration"), _("Predicted run"), _("Measured run"), _("TTFT pred. / meas. ms"),
              _("TTFT err."), _("TPOT pred. / meas. ms"), _("TPOT err."), _("tok/s/GPU pred. / meas."),
              _("tok/s/GPU err.")]
    body = []
    for r, p in zip(rows, assessment.prediction_pairs, strict=True):
        conf = _("{cell}, {model}, {gpus} GPUs, {tokens} tok, {load}").format(
            cell=r["runtime × platform"], model=p.model, gpus=fmt.integer(p.gpu_count), tokens=r["tokens in / out"],
            load=load_text(p.load))
        values = [v for k, v in r.items() if k.endswith("predicted / measured")]
        errors = [v for k, v in r.items() if k.endswith(" error")]
        body.append([p.tool, conf, r["predicted run"], r["measured run"], values[0], errors[0], values[1], errors[1],
                     values[2], errors[2]])
    fixed = [15 * mm, 30 * mm, 22 * mm, 24 * mm, 14 * mm, 12 * mm, 14 * mm, 12 * mm]
    widths = [*fixed, body_width - sum(fixed) - 12 * mm, 12 * mm]
    out.append(table(header, body, widths, numeric=(4, 5, 6, 7, 8, 9)))
    out += bullets(predictor_lines(assessment))
    return out


def reproductions(ws: Workspace, assessment: Any, heading: Any, body_width: float) -> list[Flowable]:
    """The "Reproductions" part of the evidence section: each re-measurement of a published reference
    point beside the reference (the Assessment's ``reproduction_pairs``); nothing when there are none."""
    rows = reproduction_rows(ws, assessment)
    if not rows:
        return []
    out: list[Flowable] = list(heading(_("Reproductions"), "evidence-reproductions"))
    out.append(para(_("Each row is a re-measurement beside the published reference point it reproduces (a "
                      "reproduction record). Error = (reference − re-measured) / re-measured: positive means the "
                      "reference claimed more throughput, or a longer TTFT or TPOT, than was re-measured.")))
    header = [_("Configuration"), _("Reference point"), _("Re-measurement"), _("tok/s/GPU ref. / re-meas."),
              _("tok/s/GPU err."), _("TTFT err."), _("TPOT err.")]
    body = [[_("{cell}, {model}, {gpus} GPUs, {load}").format(cell=r["configuration"], model=r["model"],
                                                              gpus=fmt.integer(r["gpus"]), load=load_text(r["load"])),
             run_label_text(r["reference"]), run_label_text(r["remeasurement"]), f"{r['tps_reference']} / {r['tps_remeasured']}", r["tps_error"],
             r["ttft_error"], r["tpot_error"]] for r in rows]
    fixed = [20 * mm, 14 * mm, 14 * mm, 12 * mm]
    widths = [body_width - sum(fixed) - 84 * mm, 42 * mm, 42 * mm, *fixed]
    out.append(table(header, body, widths, numeric=(3, 4, 5, 6)))
    return out


def _error_basis(assessment: Any, tables: list[str]) -> list[Flowable]:
    """The error basis of every predicted capacity, and the predictors' published error tables."""
    out: list[Flowable] = []
    basis = error_basis_lines(assessment)
    if basis:
        out.append(para(_("Error basis of each predicted capacity (what its Monte Carlo range rests on):")))
        out += bullets(basis)
    if tables:
        out.append(para(_("Predictors' published error tables (imported; they widen the range of that predictor's "
                          "predictions of the same model on the same platform where no measured run of the same "
                          "configuration exists here):")))
        out += bullets(tables)
    return out
