"""Context and decision drivers: the problem, the SLO and demand, the criteria and their weights."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.formatting import DASH, percent, share
from deepdecide.report.sections.base import Context, h1, h2, num
from deepdecide.report.styles import bullets, para, table


def context(ctx: Context) -> list[Flowable]:
    ws, d, a = ctx.ws, ctx.ws.decision, ctx.assessment
    out = h1("Context and decision drivers", "context")
    if d.context:
        out.append(para(d.context))
    if ws.description and ws.description != d.context:
        out.append(para(ws.description))
    if d.drivers:
        out += h2("Decision drivers", "drivers")
        out += bullets(d.drivers)
    out += h2("Service level objective and demand", "slo")
    slo, dem = ws.slo, ws.demand
    rows = [
        ["TTFT p99", num(slo.ttft_p99_ms, "ms") if slo.ttft_p99_ms else "not set"],
        ["TPOT p99", num(slo.tpot_p99_ms, "ms") if slo.tpot_p99_ms else "not set"],
        ["Minimum interactivity", num(slo.min_interactivity_tps_per_user, "tok/s per user")
         if slo.min_interactivity_tps_per_user else "not set"],
        ["Maximum error rate", percent(slo.max_error_rate, 1) if slo.max_error_rate is not None else "not set"],
        ["Peak demand (output)", num(dem.output_tokens_per_s, "tok/s") if dem.output_tokens_per_s else
         (f"{num(dem.requests_per_s)} req/s × {num(dem.output_tokens)} output tokens"
          if dem.requests_per_s else "not set")],
    ]
    out.append(table(["Objective", "Value"], rows, [60 * mm, 80 * mm]))
    if a.criteria:
        out += h2("Criteria and weights", "criteria")
        rows = []
        for c in a.criteria:
            weight = ("not scored" if not c.used else
                     share(c.weight_share) if c.weight_share is not None else DASH)
            knock = ((f"veto below {c.knockout_threshold:g}" if c.knockout_threshold is not None else "veto")
                     if c.knockout else DASH)
            rows.append([c.name, c.metric, c.direction.value, weight, knock])
        out.append(table(["Criterion", "Metric", "Direction", "Weight", "Knock-out"], rows,
                         [55 * mm, 45 * mm, 22 * mm, 18 * mm, 34 * mm], numeric=(3,)))
        out.append(para("Weights are shares of the total weight of the criteria that are scored. A knock-out "
                        "criterion removes an option that fails it, whatever its score.", "small"))
        unscored = [f"{c.name}: {c.message}" for c in a.criteria if not c.used]
        if unscored:
            out.append(para("Not scored (their weight is left out of the shares):", "small"))
            out += bullets(unscored)
    if a.required_parity:
        out.append(para("Parity checks every option must pass before its results count: "
                        + ", ".join(k.value for k in a.required_parity) + "."))
    return out
