"""Migration plan and confirmation (workspace inputs, as entered)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.formatting import DASH
from deepdecide.domain.i18n import _
from deepdecide.report.sections.base import Context, h1, h2
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import para, table
from deepdecide.report.words import word


def migration(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1(title("migration"), "migration")
    if not ws.migration_plan:
        out.append(para(_("No migration plan has been recorded.")))
        return out
    rows = [[str(s.order), s.title, word(s.status), s.owner or _("not named"), s.notes or DASH]
            for s in sorted(ws.migration_plan, key=lambda s: s.order)]
    out.append(table(["#", _("Step"), _("Status"), _("Owner"), _("Notes")], rows,
                     [8 * mm, 78 * mm, 20 * mm, 28 * mm, 40 * mm], numeric=(0,), notes=(4,)))
    if ws.decision.confirmation:
        out += h2(_("Confirmation"), "confirmation")
        out.append(para(ws.decision.confirmation))
    return out
