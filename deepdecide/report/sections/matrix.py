"""Support matrix (excerpt): the cell of each option's runtime and platform, with its sources."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.analysis.assessment import Classification
from deepdecide.analysis.explain import source_key
from deepdecide.domain.formatting import DASH, quoted, source_date
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import join
from deepdecide.report.sections.base import Context, h1, h2, name_of, platform_name, runtime_name
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, GOOD, WARN, esc, para, table
from deepdecide.report.words import word


def matrix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1(title("matrix"), "matrix")
    out.append(para(_("The cell of each option's exact runtime and platform; the matrix is as of {date}. Each cell "
                      "cites its sources with their own as-of dates.").format(
                          date=source_date(ws.matrix.as_of) if ws.matrix.as_of else _("an unstated date"))))
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
        cited = [ctx.assessment.citation(source_key(s)) for s in entry.sources] if entry else []
        srcs = "\n".join(f"[{c.number}] {quoted(c.title)}, {source_date(c.date)}" for c in cited
                         if c is not None) if entry else \
            join(cls.reasons)
        rows.append([runtime_name(ws, r), platform_name(ws, p), f"{word(status)}\n({word(cls.label, 'support status')})", reqs or DASH,
                     para(esc(srcs).replace("\n", "<br/>"), "cell", markup=True)])
        color = GOOD if status == SupportStatus.OFFICIAL else (BAD if status == SupportStatus.UNSUPPORTED else WARN)
        extra.append(("TEXTCOLOR", (2, i), (2, i), color))
    out.append(table([_("Runtime"), _("Platform"), _("Status"), _("Pinned requirements"), _("Sources (as of)")], rows,
                     [24 * mm, 24 * mm, 24 * mm, 30 * mm, 72 * mm], extra=extra))
    out += sources(ctx)
    return out


def _locator(locator: str) -> str:
    """A locator in the record's words ("a document supplied with the decision"), or the source's own,
    quoted as written (its notes are in the source's language)."""
    ours = _(locator)
    return ours if ours != locator else quoted(locator)


def sources(ctx: Context) -> list[Flowable]:
    """The sources the record cites: number, title, publisher, date and where to find it."""
    cites = ctx.assessment.citations
    if not cites:
        return []
    out = h2(_("Sources cited"), "sources")
    rows = [[f"[{c.number}]", quoted(c.title), _(c.publisher), source_date(c.date),
             para(esc(_locator(c.locator)), "cell", markup=True),
             ", ".join(name_of(ctx, o) for o in c.cited_for)] for c in cites]
    out.append(table(["#", _("Title"), _("Author or publisher"), _("Date"), _("Locator"), _("Cited for")], rows,
                     [8 * mm, 38 * mm, 24 * mm, 24 * mm, 48 * mm, 32 * mm]))
    # the support matrix's notes and the sources' titles are the sources' own words, in their language
    out.append(para(_("Titles, dates, locators and the support matrix's notes are quoted as each source "
                      "publishes them, in its own language."), "small"))
    return out
