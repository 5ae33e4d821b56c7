"""Options compared: strategy, runtime, platform, the official-support classification, topology."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain import presentation as look
from deepdecide.domain.formatting import DASH
from deepdecide.domain.i18n import _
from deepdecide.report.sections.base import (
    BODY_W,
    Context,
    h1,
    h2,
    platform_name,
    runtime_name,
    support_label,
)
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import GOOD, WARN, bullets, esc, para, table
from deepdecide.report.words import text, word


def options(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out = h1(title("options"), "options")
    considered = set(ws.decision.considered_options) or {o.id for o in ws.options}
    rows = []
    status_col = []
    short = look.short_labels(ws)
    # in the one order of every view (the assessment's options come in it)
    named = {o.id: o for o in ws.options}
    ordered = [named[oa.option] for oa in a.options if oa.option in named]
    ordered += [o for o in ws.options if a.option(o.id) is None]
    for i, o in enumerate(ordered, start=1):
        oa = a.option(o.id)
        label = _("{option} (chosen)").format(option=o.name) if o.id == ws.decision.chosen_option else o.name
        cls = oa.classification if oa is not None else None
        # the short label the figures and narrow tables use, under the full name
        name = para(f"{esc(label)}<br/><font size=\"6.5\" color=\"#5b6470\">{esc(short[o.id])}</font>", "cell",
                    markup=True)
        pricing = word(o.cost.pricing)
        # the runtime and platform by the names the Assessment holds (a hosted API's: its provider)
        runtime = oa.runtime_name if oa is not None and oa.runtime_name else runtime_name(ws, o.runtime)
        platform = (oa.platform_name or DASH) if oa is not None else platform_name(ws, o.platform)
        rows.append([name, word(o.strategy), runtime, platform,
                     support_label(cls) if cls else DASH,
                     o.topology.description or _("{n} GPUs per node").format(n=o.topology.gpus_per_node),
                     pricing if o.id in considered else _("{pricing}; not considered").format(pricing=pricing)])
        status_col.append(("TEXTCOLOR", (4, i), (4, i), GOOD if cls is not None and cls.official else WARN))
    out.append(table([_("Option"), _("Strategy"), _("Runtime"), _("Platform"), _("Official support"), _("Topology"),
                      _("Pricing")], rows,
                     [34 * mm, 17 * mm, 20 * mm, 20 * mm, 30 * mm, 35 * mm, 18 * mm], extra=status_col, notes=(5,)))
    out.append(para(_("Official support is read from the support matrix for the exact runtime and platform. A "
                      "platform the runtime does not list is experimental, whatever the evidence says; reference "
                      "topologies are measurements on the hardware they name and are never scaled to another "
                      "platform."), "small"))
    notes = [f"{o.name}: {o.notes}" for o in ordered if o.notes]
    if notes:
        out += bullets(notes)
    out += pros_and_cons(ctx)
    return out


def pros_and_cons(ctx: Context) -> list[Flowable]:
    """MADR's good / neutral / bad per option, as the Assessment derived them (plus, for the chosen
    option, the decision-makers' consequences)."""
    a = ctx.assessment
    if not a.pros_cons:
        return []
    out = h2(_("Pros and cons of the options"), "pros-cons")
    out.append(para(_("Per option, in MADR's terms: good, because …; neutral, because …; bad, because … — derived "
                      "from the analysis (support, evidence, the criteria on which it is best or worst of the "
                      "options, blockers) and, for the chosen option, the decision-makers' own consequences."),
                    "small"))
    rows = []
    for p in a.pros_cons:
        cells = []
        for items in (p.good, p.neutral, p.bad):
            cell = "<br/>".join("• " + esc(text(m)) for m in items) or DASH
            cells.append(para(cell, "cell", markup=True))
        rows.append([p.name, *cells])
    out.append(table([_("Option"), _("Good, because"), _("Neutral, because"), _("Bad, because")], rows,
                     [30 * mm, 58 * mm, 36 * mm, BODY_W - 124 * mm]))
    return out
