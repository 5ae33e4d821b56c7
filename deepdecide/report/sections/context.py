"""Context and decision drivers: the problem, the SLO and demand, the criteria and their weights."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.formatting import DASH, percent, share
from deepdecide.domain.i18n import _
from deepdecide.report.sections.base import Context, h1, h2, num
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
from deepdecide.report.words import text, word


def context(ctx: Context) -> list[Flowable]:
    ws, d, a = ctx.ws, ctx.ws.decision, ctx.assessment
    out = h1(title("context"), "context")
    if d.context:
        out.append(para(d.context))
    if ws.description and ws.description != d.context:
        out.append(para(ws.description))
    if d.drivers:
        out += h2(_("Decision drivers"), "drivers")
        out += bullets(d.drivers)
    out += h2(_("Service level objective and demand"), "slo")
    dem = ws.demand
    not_set = _("not set")
    # every limit of domain.slo the SLO sets; the four of the first release also when unset
    rows = [[_(entry.label), not_set if value is None else percent(value, 1) if entry.percent
             else num(value, _(entry.unit))]
            for entry, value in ws.slo.items() if value is not None or not entry.optional]
    rows += [
        [_("Peak demand (output)"), num(dem.output_tokens_per_s, "tok/s") if dem.output_tokens_per_s else
         (_("{rate} req/s × {tokens} output tokens").format(rate=num(dem.requests_per_s),
                                                           tokens=num(dem.output_tokens))
          if dem.requests_per_s else not_set)],
    ]
    out.append(table([_("Objective"), _("Value")], rows, [60 * mm, 80 * mm]))
    if a.criteria:
        out += h2(_("Criteria and weights"), "criteria")
        rows = []
        for c in a.criteria:
            weight = (_("not scored") if not c.used else
                      share(c.weight_share) if c.weight_share is not None else DASH)
            knock = ((_("veto below {threshold}").format(threshold=num(c.knockout_threshold))
                      if c.knockout_threshold is not None else _("veto"))
                     if c.knockout else DASH)
            rows.append([c.name, c.metric, word(c.direction), weight, knock])
        out.append(table([_("Criterion"), _("Metric"), _("Direction"), _("Weight"), _("Knock-out")], rows,
                         [55 * mm, 45 * mm, 22 * mm, 18 * mm, 34 * mm], numeric=(3,)))
        out.append(para(_("Weights are shares of the total weight of the criteria that are scored. A knock-out "
                          "criterion removes an option that fails it, whatever its score."), "small"))
        unscored = [f"{c.name}: {text(c.message)}" for c in a.criteria if not c.used]
        if unscored:
            out.append(para(_("Not scored (their weight is left out of the shares):"), "small"))
            out += bullets(unscored)
    if a.required_parity:
        out.append(para(_("Parity checks every option must pass before its results count: {kinds}.").format(
            kinds=", ".join(word(k) for k in a.required_parity))))
    return out
