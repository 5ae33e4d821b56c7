"""Predictions beside measurements, and runs excluded by a failing parity check, for the record and
the Evidence page: the rows come from the Assessment (``prediction_pairs``, ``predictor_errors``,
``EvidenceFit.excluded``); this module only formats them."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.prediction import THROUGHPUT, signed_percent
from deepdecide.domain import formatting as fmt
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.workspace import Workspace
from deepdecide.report.styles import Paragraph, bullets, esc, para, styles, table
from deepdecide.report.words import text, word

#: the metrics of a pair, in the order they are shown: (label, metric name prefix in MetricError)
METRICS = (("TTFT", "TTFT"), ("TPOT", "TPOT"), ("tok/s/GPU", THROUGHPUT))


def _cell_name(ws: Workspace, runtime: str, platform: str) -> str:
    rt = ws.matrix.runtime(runtime)
    pf = ws.matrix.platform(platform)
    return _("{runtime} on {platform}").format(runtime=rt.name if rt else runtime, platform=pf.name if pf else platform)


def _error(pair: Any, prefix: str) -> Any:
    return next((e for e in pair.errors if e.metric == prefix or e.metric.startswith(prefix + " ")), None)


def _value(e: Any) -> str:
    if e is None:
        return fmt.DASH
    return fmt.number(e.predicted) + " / " + fmt.number(e.measured)


def pair_rows(ws: Workspace, assessment: Any) -> list[dict[str, Any]]:
    """One row per prediction beside its measured twin (plain values; errors signed, relative)."""
    rows = []
    for p in getattr(assessment, "prediction_pairs", ()) or ():
        row: dict[str, Any] = {
            "predictor": p.tool, "runtime × platform": _cell_name(ws, p.runtime, p.platform), "model": p.model,
            "GPUs": p.gpu_count, "tokens in / out": f"{fmt.integer(p.input_tokens)} / {fmt.integer(p.output_tokens)}",
            "load": p.load,
        }
        for label, prefix in METRICS:
            e = _error(p, prefix)
            stat = "" if e is None or e.metric == prefix else e.metric[len(prefix):]
            row[f"{label} error"] = signed_percent(e.relative_error) if e is not None else fmt.DASH
            row[f"{label}{stat} predicted / measured"] = _value(e)
        row["predicted run"] = f"{p.predicted} ({p.predicted_file})"
        row["measured run"] = f"{p.measured} ({p.measured_file})"
        rows.append(row)
    return rows


def predictor_lines(assessment: Any) -> list[str]:
    """Per predictor, how far its predictions were from the measurements, and what that does."""
    out = []
    for e in getattr(assessment, "predictor_errors", ()) or ():
        line = text(e.note) if e.note is not None else e.tool
        if e.throughput_low is not None:
            line = _("{line}; capacities that rest on its predictions get a Monte Carlo range widened by these "
                     "errors (measured = predicted / (1 + error))").format(line=line)
        out.append(line)
    return out


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
    if not rows and not predicted:
        return []
    out: list[Flowable] = list(heading(_("Predicted vs measured"), "evidence-predicted"))
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
            load=p.load)
        values = [v for k, v in r.items() if k.endswith("predicted / measured")]
        errors = [v for k, v in r.items() if k.endswith(" error")]
        body.append([p.tool, conf, r["predicted run"], r["measured run"], values[0], errors[0], values[1], errors[1],
                     values[2], errors[2]])
    fixed = [15 * mm, 30 * mm, 22 * mm, 24 * mm, 14 * mm, 12 * mm, 14 * mm, 12 * mm]
    widths = [*fixed, body_width - sum(fixed) - 12 * mm, 12 * mm]
    out.append(table(header, body, widths, numeric=(4, 5, 6, 7, 8, 9)))
    out += bullets(predictor_lines(assessment))
    return out
