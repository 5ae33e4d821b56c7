"""Support matrix (excerpt): the cell of each option's runtime and platform, with its sources."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.formatting import DASH
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import SupportStatus
from deepdecide.report.sections.base import Context, h1, platform_name, runtime_name
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, GOOD, WARN, esc, para, table
from deepdecide.report.words import word


def matrix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1(title("matrix"), "matrix")
    out.append(para(_("The cell of each option's exact runtime and platform; the matrix is as of {date}. Each cell "
                      "cites its sources with their own as-of dates.").format(
                          date=ws.matrix.as_of or _("an unstated date"))))
    cells = []
    seen = set()
    for oa in ctx.assessment.options:
        if (oa.runtime, oa.platform) not in seen:
            seen.add((oa.runtime, oa.platform))
            cells.append((oa.runtime, oa.platform, oa.classification.status))
    rows = []
    extra = []
    for i, (r, p, status) in enumerate(cells, start=1):
        entry = ws.matrix.entry(r, p)
        reqs = "; ".join(f"{q.component.value} {q.spec}" for q in entry.requirements) if entry else ""
        srcs = "\n".join(_("{title} ({where}), as of {date}").format(title=s.title, where=s.url_or_path, date=s.as_of)
                         for s in entry.sources) if entry else _("no cell: nothing found either way")
        rows.append([runtime_name(ws, r), platform_name(ws, p), word(status), reqs or DASH,
                     para(esc(srcs).replace("\n", "<br/>"), "cell", markup=True)])
        color = GOOD if status == SupportStatus.OFFICIAL else (BAD if status == SupportStatus.UNSUPPORTED else WARN)
        extra.append(("TEXTCOLOR", (2, i), (2, i), color))
    out.append(table([_("Runtime"), _("Platform"), _("Status"), _("Pinned requirements"), _("Sources (as of)")], rows,
                     [24 * mm, 24 * mm, 24 * mm, 30 * mm, 72 * mm], extra=extra))
    return out
