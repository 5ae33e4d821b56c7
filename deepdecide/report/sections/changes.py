"""Appendix: what changed since the previous revision of the record (inputs and outcome), when the
workspace names the revision it follows (``decision.previous``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.i18n import _
from deepdecide.report.canonical import PREVIOUS_NAME
from deepdecide.report.headlines import headline_text
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, name_of
from deepdecide.report.styles import para, table

if TYPE_CHECKING:  # a record without an earlier revision never needs the diff
    from deepdecide.analysis.diff import Change

# the revision bookkeeping itself is said in the first paragraph, not listed as a change
_BOOKKEEPING = ("decision.revision", "decision.previous")


def _rows(ctx: Context, changes: tuple[Change, ...]) -> list[list[str]]:
    """One row per change; an outcome's "option-id: figure" reads with the option's name."""
    rows = []
    for c in changes:
        if c.key.startswith(_BOOKKEEPING):
            continue
        key = c.key
        oid, sep, rest = key.partition(": ")
        if c.area == "outcome" and sep and ctx.ws.option(oid) is not None:
            key = f"{name_of(ctx, oid)}: {rest}"
        rows.append([c.area, key, c.before, c.after])
    return rows


def changes(ctx: Context) -> list[Flowable]:
    d = ctx.ws.decision
    prev = d.previous
    if prev is None:
        return []
    out = h1(_("Appendix: changes since revision {revision}").format(revision=prev.revision), "changes")
    out.append(para(_("This is revision {revision} of {id}. It follows revision {previous} of {previous_id}, whose "
                      "embedded inputs have SHA-256 {sha256}.").format(revision=d.revision, id=d.id,
                                                                      previous=prev.revision, previous_id=prev.id,
                                                                      sha256=prev.inputs_sha256)))
    rec = ctx.previous_record
    if rec is not None:
        out.append(para(_("When this record was built, deepdecide verify checked that earlier record (the PDF file "
                          "with SHA-256 {sha256}): {outcome} (exit code {code}). A new revision is never built on "
                          "a record verify finds altered.").format(sha256=rec.sha256, outcome=headline_text(rec.outcome),
                                                                  code=rec.exit_code)))
    elif ctx.changes is not None:
        out.append(para(_("Only the earlier record's inputs were given when this record was built: the earlier "
                          "record itself was not checked with deepdecide verify here.")))
    diff = ctx.changes
    if diff is None:
        out.append(para(_("The earlier record was not given when this record was built, so what changed is not "
                          "listed here. Build the record with deepdecide report --since EARLIER.pdf to list it.")))
        return out
    out.append(para(_("The earlier revision's inputs travel in this PDF as the attachment {name}; "
                      "deepdecide diff EARLIER.pdf THIS.pdf lists the same changes.").format(name=PREVIOUS_NAME)))
    widths = [20 * mm, 62 * mm, 46 * mm, BODY_W - 128 * mm]
    for heading, key, rows in ((_("What changed in the inputs"), "changes-inputs", _rows(ctx, diff.inputs)),
                               (_("What changed in the outcome"), "changes-outcome", _rows(ctx, diff.outcome))):
        out += h2(heading, key)
        if rows:
            out.append(table([_("Area"), _("What"), _("Revision {n}").format(n=prev.revision),
                              _("Revision {n}").format(n=d.revision)], rows, widths))
        else:
            out.append(para(_("Nothing.")))
    return out
