"""Migration plan and confirmation (workspace inputs, as entered)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.formatting import DASH
from deepdecide.report.sections.base import Context, h1, h2
from deepdecide.report.styles import para, table


def migration(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Migration plan", "migration")
    if not ws.migration_plan:
        out.append(para("No migration plan has been recorded."))
        return out
    rows = [[str(s.order), s.title, s.status.value, s.owner or "not named", s.notes or DASH]
            for s in sorted(ws.migration_plan, key=lambda s: s.order)]
    out.append(table(["#", "Step", "Status", "Owner", "Notes"], rows,
                     [8 * mm, 78 * mm, 20 * mm, 28 * mm, 40 * mm], numeric=(0,), notes=(4,)))
    if ws.decision.confirmation:
        out += h2("Confirmation", "confirmation")
        out.append(para(ws.decision.confirmation))
    return out
