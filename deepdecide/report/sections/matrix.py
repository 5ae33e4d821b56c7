"""Support matrix (excerpt): the cell of each option's runtime and platform, with its sources."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.assessment import Classification
from deepdecide.domain.formatting import DASH
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import join
from deepdecide.report.sections.base import Context, h1, platform_name, runtime_name
from deepdecide.report.styles import BAD, GOOD, WARN, esc, para, table


def matrix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Support matrix (excerpt)", "matrix")
    out.append(para(f"The cell of each option's exact runtime and platform; the matrix is as of "
                    f"{ws.matrix.as_of or 'an unstated date'}. Each cell cites its sources with their own as-of dates."))
    cells: dict[tuple[str, str], Classification] = {}
    for oa in ctx.assessment.options:
        cells.setdefault((oa.runtime, oa.platform), oa.classification)
    rows = []
    extra = []
    for i, ((r, p), cls) in enumerate(cells.items(), start=1):
        status = cls.status
        # the cited rows themselves are inputs; what they mean for the option is the Assessment's
        entry = ws.matrix.entry(r, p)
        reqs = "; ".join(f"{q.component.value} {q.spec}" for q in entry.requirements) if entry else ""
        srcs = ("\n".join(f"{s.title} ({s.url_or_path}), as of {s.as_of}" for s in entry.sources) if entry
                else join(cls.reasons))
        rows.append([runtime_name(ws, r), platform_name(ws, p), f"{status.value}\n({cls.label})", reqs or DASH,
                     para(esc(srcs).replace("\n", "<br/>"), "cell", markup=True)])
        color = GOOD if status == SupportStatus.OFFICIAL else (BAD if status == SupportStatus.UNSUPPORTED else WARN)
        extra.append(("TEXTCOLOR", (2, i), (2, i), color))
    out.append(table(["Runtime", "Platform", "Status", "Pinned requirements", "Sources (as of)"], rows,
                     [24 * mm, 24 * mm, 24 * mm, 30 * mm, 72 * mm], extra=extra))
    return out
