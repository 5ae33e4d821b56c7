"""Draw the PDF decision record: a pure function of the canonical workspace, its build parameters and
the chosen sections.

``render`` returns the bytes of the unsigned record (``report.build.build`` checks the workspace's
sign-offs, then calls it; ``report.integrity.verify`` calls it to rebuild a record). The same workspace gives the same bytes
(the record's date an input of the build, invariant reportlab output, fixed object order), the canonical inputs are
embedded, and their SHA-256 is in every page footer, so ``deepdecide verify`` can rebuild the
record from the PDF alone and compare bytes.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterable
from typing import Any

from reportlab.platypus.doctemplate import LayoutError

from deepdecide.analysis import evaluate as _evaluate
from deepdecide.analysis.assessment import Assessment
from deepdecide.analysis.diff import diff_workspaces
from deepdecide.domain import i18n
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.formatting import using_currency
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.messages import names_of, naming
from deepdecide.domain.progress import Cancellable, ProgressCallback, check_cancelled, scaled
from deepdecide.domain.workspace import Workspace
from deepdecide.report import sections as sec
from deepdecide.report.canonical import (
    APPROVAL_NAME,
    BUILD_NAME,
    INPUTS_NAME,
    PREVIOUS_NAME,
    sha256_hex,
    workspace_from_json,
)
from deepdecide.report.evidence_files import EVIDENCE_CSV_NAME, evidence_csv, summarised
from deepdecide.report.params import (
    generator_info,
    params_date,
    params_language,
    params_previous_record,
)
from deepdecide.report.template import Attachment, RecordDocTemplate, RecordMeta, make_canvas_class, pdf_date
from deepdecide.report.words import rendering, word

SECTIONS: tuple[str, ...] = tuple(sec.TITLES)  # in record order
TITLES = sec.TITLES


class ReportError(DeepdecideError):
    """The record cannot be built or written (the message says which file and why)."""


def normalise_sections(sections: Iterable[str] | None) -> tuple[str, ...]:
    """The chosen sections in record order; the cover is always included (it carries the hash)."""
    if sections is None:
        return SECTIONS
    chosen = set(sections)
    unknown = sorted(chosen - set(SECTIONS))
    if unknown:
        raise ReportError(ngettext("unknown section {unknown}; expected some of: {sections}",
                                   "unknown sections {unknown}; expected some of: {sections}", len(unknown)).format(
            unknown=", ".join(map(repr, unknown)), sections=", ".join(SECTIONS)))
    chosen.add("cover")
    return tuple(s for s in SECTIONS if s in chosen)


def evaluate(ws: Workspace, cancel: Cancellable | None = None) -> Assessment:
    """The assessment of the workspace, with sensitivity and the seeded Monte Carlo (deterministic),
    evaluated once and afresh, draws included (as ``deepdecide verify`` does)."""
    return _evaluate(ws, sensitivity=True, monte_carlo=True, cancel=cancel, keep=False)


def check_previous(ws: Workspace, previous_inputs: bytes) -> None:
    """The earlier revision's inputs are the ones the workspace names (by their SHA-256)."""
    named = ws.decision.previous
    if named is None:
        raise ReportError(_("an earlier revision was given, but the workspace names none (decision.previous: the "
                            "record id, revision and inputs SHA-256 of the record it revises)"))
    digest = sha256_hex(previous_inputs)
    if digest != named.inputs_sha256.lower():
        raise ReportError(_("the earlier record's inputs hash to {digest}, but the workspace names revision "
                            "{revision} of {id} with inputs SHA-256 {named} (decision.previous.inputs_sha256): "
                            "not the record this one revises").format(
                                digest=digest, revision=named.revision, id=named.id, named=named.inputs_sha256))


def in_one_order(a: Assessment) -> Assessment:
    """The assessment with its options in the one order of every view (``Assessment.order``: the ranked
    by score, then those that cannot be ranked, grouped by why), so each of the record's tables and
    charts lists them as the desktop and the command line do."""
    if not a.order:
        return a
    place = {oid: i for i, oid in enumerate(a.order)}
    return dataclasses.replace(a, options=tuple(sorted(a.options, key=lambda o: place.get(o.option, len(place)))))


def render(ws: Workspace, inputs: bytes, params: bytes, chosen: tuple[str, ...], *,
           progress: ProgressCallback | None = None, cancel: Cancellable | None = None,
           previous_inputs: bytes | None = None, approval_record: bytes | None = None) -> bytes:
    """Render the record of an already-canonical workspace (``inputs`` is its canonical JSON;
    ``previous_inputs``, if any, the earlier revision's, and ``approval_record``, the signed approval
    record, both checked by the caller), in the language its build parameters name."""

    # the reasons name platforms, runtimes and parity kinds, never their ids (the inputs keep the ids)
    with i18n.using(params_language(params)) as lang, naming(names_of(ws)):
        return _render(ws, inputs, params, chosen, lang, progress=progress, cancel=cancel,
                       previous_inputs=previous_inputs, approval_record=approval_record)


def _render(ws: Workspace, inputs: bytes, params: bytes, chosen: tuple[str, ...], lang: str, *,
            progress: ProgressCallback | None = None, cancel: Cancellable | None = None,
            previous_inputs: bytes | None = None, approval_record: bytes | None = None) -> bytes:
    report = scaled(progress, 0.0, 1.0)
    check_cancelled(cancel)
    assessment = evaluate(ws, cancel)
    report(0.3)
    check_cancelled(cancel)
    changes = None
    if previous_inputs is not None:
        earlier = workspace_from_json(previous_inputs, file=PREVIOUS_NAME, check_values=False)
        changes = diff_workspaces(earlier, ws)
    digest = sha256_hex(inputs)
    info = generator_info()
    # the record's date comes from its build parameters (a record built before they held one: the
    # pinned date, else the decision's), never from the clock: verify rebuilds it on any later day
    date = params_date(params) or ws.decision.record_date or ws.decision.date
    ctx = sec.Context(ws=ws, inputs_sha256=digest, sections=chosen, assessment=in_one_order(assessment),
                      generator=_("deepdecide {version} with reportlab {reportlab}").format(
                          version=info["deepdecide"], reportlab=info["reportlab"]),
                      changes=changes,
                      approval_record_sha256=sha256_hex(approval_record) if approval_record is not None else "",
                      record_date=date, previous_record=params_previous_record(params))
    story = compose(ctx)
    d = ws.decision
    meta = RecordMeta(
        decision_id=d.id,
        title=d.title,
        status=word(d.status),
        input_sha256=digest,
        pdf_date=pdf_date(date),
        author="; ".join(d.decision_makers),
        subject=_("Decision record {id} ({status}) for {model}").format(id=d.id, status=word(d.status),
                                                                       model=ws.model),
        # the keywords stay English: tools search records by them
        keywords=f"deepdecide decision record; {d.id}; inputs-sha256={digest}",
        creator=f"deepdecide {info['deepdecide']}",
        lang=lang,
        attachments=(
            Attachment(INPUTS_NAME, inputs, "application/json",
                       f"Canonical workspace this record was built from (SHA-256 {digest})"),
            Attachment(BUILD_NAME, params, "application/json", "Sections and software versions of the build"),
            *((Attachment(PREVIOUS_NAME, previous_inputs, "application/json",
                          f"Canonical workspace of the revision this record follows (SHA-256 "
                          f"{sha256_hex(previous_inputs)})"),) if previous_inputs is not None else ()),
            *((Attachment(APPROVAL_NAME, approval_record, "application/pdf",
                          f"The signed approval record whose signatures give this record's sign-offs (SHA-256 "
                          f"{sha256_hex(approval_record)})", "Supplement"),) if approval_record is not None else ()),
            *((Attachment(EVIDENCE_CSV_NAME, evidence_csv(ws), "text/csv",
                          "The evidence files this record summarises: name, bytes, tool, kind, runs, SHA-256 "
                          "as imported", "Data"),) if summarised(ws) else ()),
        ),
    )
    total = max(len(story), 1)
    done = [0]

    def on_flowable() -> None:
        done[0] += 1
        check_cancelled(cancel)
        if done[0] % 8 == 0:
            report(0.35 + 0.6 * min(done[0] / total, 1.0))

    buf = io.BytesIO()
    doc = RecordDocTemplate(buf, meta, on_flowable=on_flowable)
    toc = next((f for f in story if f.isIndexing()), None)
    if toc is not None:
        doc.measure_first_pass()
    try:
        # two passes (or more): the contents on page 1 learn the page of every section in the first
        doc.multiBuild(story, canvasmaker=make_canvas_class(meta), maxPasses=5)
    except LayoutError as exc:  # e.g. a table cell taller than a page: a clear error, not a traceback
        raise ReportError(_("the record cannot be laid out: {reason}").format(
            reason=str(exc).splitlines()[0][:300])) from None
    report(1.0)
    return buf.getvalue()


def compose(ctx: sec.Context) -> list[Any]:
    """The record's flowables, section by section; money in the workspace's currency."""
    story: list[Any] = []
    with using_currency(ctx.ws.assumptions.currency), rendering():
        for name in ctx.sections:
            story.extend(sec.BUILDERS[name](ctx))
        sec.keep_headings(story)
    return story
