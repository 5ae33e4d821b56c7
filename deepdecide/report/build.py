"""Build the PDF decision record: a pure function of the canonical workspace and the chosen sections.

``build(ws)`` returns the bytes of the unsigned record. The same workspace gives the same bytes
(the record's date an input of the build, invariant reportlab output, fixed object order), the canonical inputs are
embedded, and their SHA-256 is in every page footer, so ``deepdecide verify`` can rebuild the
record from the PDF alone and compare bytes.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import reportlab

from deepdecide import __version__
from deepdecide.analysis.assessment import Assessment
from deepdecide.domain import i18n
from deepdecide.domain.errors import DeepdecideError
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
    canonical_inputs,
    dumps_canonical,
    sha256_hex,
    workspace_from_json,
)
from deepdecide.report.evidence_files import EVIDENCE_CSV_NAME, evidence_csv, summarised
from deepdecide.report.template import Attachment, RecordDocTemplate, RecordMeta, make_canvas_class, pdf_date
from deepdecide.report.words import word

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


def generator_info() -> dict[str, str]:
    """The software whose output the record's bytes depend on (stored in the record). A record is drawn
    one way by one version: ``deepdecide verify`` rebuilds byte for byte only a record whose software is
    this very one, and reports any other as unconfirmed (``report.integrity``). The package version goes
    up with every change to what a record draws or how its bytes are written."""
    return {"deepdecide": __version__, "reportlab": reportlab.Version, "zlib": zlib.ZLIB_VERSION}


@dataclass(frozen=True, slots=True)
class PreviousRecord:
    """The earlier record a revision was built on, as ``deepdecide verify`` found it when the revision
    was built (``revise`` and ``report --since`` run it): the SHA-256 of the PDF file, verify's exit
    code and its headline (English, as ``verify --json`` gives it). The revision record prints it."""

    sha256: str
    exit_code: int
    outcome: str

    def to_data(self) -> dict[str, Any]:
        return {"sha256": self.sha256, "exit_code": self.exit_code, "outcome": self.outcome}


def build_params(sections: tuple[str, ...], language: str | None = None, *, date: str = "",
                 previous_record: PreviousRecord | None = None) -> bytes:
    """The build parameters stored in the record: the sections, the software, the record's date (the
    export day or the one the workspace pins: an input of the build, never read from the clock when
    the record is rebuilt), the earlier record a revision was checked against, and, for a record not
    in English, its language (so that ``verify`` rebuilds it in the same language)."""
    params: dict[str, Any] = {"sections": list(sections), "generator": generator_info()}
    if date:
        params["date"] = date
    if previous_record is not None:
        params["previous_record"] = previous_record.to_data()
    lang = language or i18n.language()
    if lang != i18n.DEFAULT:
        params["language"] = lang
    return dumps_canonical(params)


def _params(params: bytes) -> dict[str, Any]:
    import json

    try:
        doc = json.loads(params)
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


def params_date(params: bytes) -> str:
    """The record's date, from its build parameters ("" where they do not state one)."""
    from deepdecide.domain.dates import parse_day

    date = _params(params).get("date")
    if not isinstance(date, str) or len(date) != 10:
        return ""
    day = parse_day(date)
    return day.isoformat() if day is not None else ""


def params_previous_record(params: bytes) -> PreviousRecord | None:
    """The earlier record a revision was checked against, from its build parameters (None: not stated)."""
    found = _params(params).get("previous_record")
    if not isinstance(found, dict):
        return None
    sha, code, text = found.get("sha256"), found.get("exit_code"), found.get("outcome")
    if not isinstance(sha, str) or not isinstance(code, int) or isinstance(code, bool) or not isinstance(text, str):
        return None
    return PreviousRecord(sha, code, text)


def params_language(params: bytes) -> str:
    """The language a record was built in, from its build parameters (English when unstated)."""
    import json

    try:
        lang = json.loads(params).get("language")
    except (ValueError, AttributeError):
        return i18n.DEFAULT
    return lang if isinstance(lang, str) and i18n.normalize(lang) == lang else i18n.DEFAULT


def evaluate(ws: Workspace, cancel: Cancellable | None = None) -> Assessment:
    """The assessment of the workspace, with sensitivity and the seeded Monte Carlo (deterministic),
    evaluated once, draws included (as ``deepdecide verify`` does)."""
    from deepdecide.analysis import evaluate as _evaluate

    return _evaluate(ws, sensitivity=True, monte_carlo=True, cancel=cancel)


def build(ws: Workspace, *, sections: Iterable[str] | None = None, progress: ProgressCallback | None = None,
          cancel: Cancellable | None = None, previous_inputs: bytes | None = None,
          approval_record: bytes | None = None, previous_record: PreviousRecord | None = None,
          export_day: dt.date | None = None) -> bytes:
    """Build the unsigned decision record, in the current language (``domain.i18n``), and return its bytes.

    The record is dated ``export_day`` (default: today, ``domain.dates.today``) unless the workspace
    pins a date (``decision.record_date``); the date is stored in the build parameters.
    ``previous_inputs`` are the embedded inputs of the earlier revision the workspace names
    (``decision.previous``): the record then lists what changed since it and carries them too;
    ``previous_record``, what ``deepdecide verify`` found of that earlier record (printed with it).
    ``approval_record`` is the signed approval record the workspace's sign-off rows were copied
    from (``signed_record_sha256``): a workspace whose rows hold verdicts is exported only with it,
    and the record embeds it (see ``check_approval``).
    Raises ValidationError(s) for a workspace that fails validation, ReportError for bad
    arguments (earlier inputs whose hash is not the one the workspace names, sign-offs no signed
    record backs), ``domain.progress.Cancelled`` when ``cancel`` is cancelled while building.
    """
    chosen = normalise_sections(sections)
    report = scaled(progress, 0.0, 1.0)
    report(0.0)
    normal, inputs = canonical_inputs(ws)
    if previous_inputs is not None:
        check_previous(normal, previous_inputs)
    check_approval(normal, approval_record)
    from deepdecide.domain import dates

    date = dates.record_date(normal, export_day or dates.today()).date
    params = build_params(chosen, i18n.language(), date=date,
                          previous_record=previous_record if previous_inputs is not None else None)
    return render(normal, inputs, params, chosen, progress=report, cancel=cancel, previous_inputs=previous_inputs,
                  approval_record=approval_record)


def check_approval(ws: Workspace, approval_record: bytes | None) -> None:
    """Accepted means signed: a workspace whose status only signatures give (accepted, rejected,
    deprecated, superseded) is exported only when every sign-off row holding a verdict is backed by
    the signed approval record given, which must be intact, signed by the approvers the rows name,
    over this workspace's content, with exactly the rows' verdicts; and an accepted one only when
    its confirmation criteria checked before acceptance hold. Rows no signed record backs (typed
    by hand, or copied by an earlier version) are *legacy, unverified*: such a workspace is not
    exported as accepted until it is approved again. ReportError says which row and why."""
    from deepdecide.domain import approval
    from deepdecide.domain.workspace import RecordStatus

    legacy = approval.unverified_rows(ws)
    if legacy and approval.rests_on_signatures(ws):
        raise ReportError(_("the workspace is {status}, but its sign-offs are legacy, unverified ({rows}): no signed "
                            "approval record backs them (typed by hand, or copied by an earlier version), so it "
                            "cannot be exported as {status} until it is approved again: export it for approval "
                            "(a new revision), have each approver sign, then copy the verdicts with deepdecide "
                            "signoffs").format(status=word(ws.decision.status),
                                               rows=", ".join(f"signoffs[{i}] {s.role}" for i, s in legacy)))
    backed = approval.backing_records(ws)
    if approval_record is None:
        if backed:
            raise ReportError(_("the sign-off rows were copied from the signed approval record with SHA-256 {sha}… "
                                "(signoffs[i].signed_record_sha256): give that PDF (--signed-record SIGNED.pdf) so "
                                "that this record embeds it").format(sha=backed[0][:16]))
        if approval.rests_on_signatures(ws):
            raise ReportError(_("the workspace is {status}, but no sign-off row is backed by a signed approval "
                                "record").format(status=word(ws.decision.status)))
        return
    from deepdecide.report.approval import check_approval_record

    if not backed:
        raise ReportError(_("a signed approval record was given, but no sign-off row of the workspace was copied "
                            "from one (deepdecide signoffs SIGNED.pdf --into WS)"))
    embedded = check_approval_record(ws, approval_record)
    if embedded.problems or embedded.not_named:
        raise ReportError(_("the signed approval record does not back the sign-offs: {problems}").format(
            problems="; ".join(embedded.problems + embedded.not_named)))
    if ws.decision.status == RecordStatus.ACCEPTED:
        from deepdecide.report.approval import refuse_failed_acceptance_checks

        refuse_failed_acceptance_checks(ws)


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
        from deepdecide.analysis.diff import diff_workspaces

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

    from reportlab.platypus.doctemplate import LayoutError

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
    from deepdecide.domain.formatting import using_currency
    from deepdecide.report.words import rendering

    story: list[Any] = []
    with using_currency(ctx.ws.assumptions.currency), rendering():
        for name in ctx.sections:
            story.extend(sec.BUILDERS[name](ctx))
        sec.keep_headings(story)
    return story
