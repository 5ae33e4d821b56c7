"""Approval on the record: export for approval, one signature per approver, and what the signatures say.

An approver signs the record exported for approval (``report --for-approval``) in their own
signature field (``approval.field_name(role)``), as a PAdES incremental update. The role, the
verdict, the conditions and whether it is a *review* (a record not ready for approval) are in
the signature dictionary's ``/Reason``, which the signature covers, after the marker
``deepdecide-signoff:`` as JSON; the date is the dictionary's ``/M``. The visible appearance in
the field shows the signer (certificate subject), role, verdict and date.
"""

from __future__ import annotations

import dataclasses
import io
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deepdecide.domain import approval
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import RecordStatus, SignOff, Vote, Workspace
from deepdecide.importers.secrets import Finding, redact, scan
from deepdecide.report.signing import REVOKED, SignatureCheck, SigningError, _quiet_pyhanko

if TYPE_CHECKING:
    from pyhanko.sign.signers import SimpleSigner

MARKER = "deepdecide-signoff:"
APPROVAL = N_("approval")
REVIEW = N_("review")

APPROVED = N_("approved")
REJECTED = N_("rejected")
AWAITING = N_("awaiting approval")
NOT_FOR_APPROVAL = N_("not exported for approval")  # approval states: English codes, shown with _()


class ApprovalError(DeepdecideError):
    """A sign-off that cannot be made or copied (wrong role, field already signed, content differs)."""


@dataclass(frozen=True)
class SignoffSignature:
    """One signature on the record, read back: the validation result and the sign-off it states."""

    check: SignatureCheck
    role: str = ""  # empty: a signature that is not a sign-off (e.g. ``report --sign``)
    verdict: str = ""
    conditions: str = ""  # as signed, through the redaction pass (a record signed by an older build)
    kind: str = ""  # approval | review
    date: str = ""  # ISO date of the signing time (/M)
    redacted: tuple[str, ...] = ()  # the kinds of secret removed from the conditions (never the secret)
    not_named: Message | None = None  # why the certificate is not the approver the role's row names (approval_state)

    def redactions(self) -> list[Finding]:
        """What the redaction pass removed from the conditions, by kind and place."""
        place = msg("place.signoff_conditions", "the conditions of {role}", role=self.role or self.check.field_name)
        return [Finding(kind, place) for kind in self.redacted]

    @property
    def counts(self) -> bool:
        """A valid, trusted approval signature over an unaltered revision, by the approver the role's row
        names, with a certificate valid (and not revoked) at the signing time."""
        c = self.check
        return (self.kind == APPROVAL and c.ok and c.trusted and c.modification_ok and self.not_named is None
                and not c.time_state and c.revocation != REVOKED)


@dataclass
class ApprovalState:
    state: str = NOT_FOR_APPROVAL
    required: tuple[str, ...] = ()
    signatures: list[SignoffSignature] = field(default_factory=list)
    outstanding: tuple[str, ...] = ()  # required approvers without a counting approve
    rejected_by: tuple[str, ...] = ()
    not_named: tuple[str, ...] = ()  # roles signed by a certificate that is not the approver the row names
    notes: list[Message] = field(default_factory=list)  # rendered by the views (JSON: the English text)


def _record_workspace(pdf: bytes) -> Workspace:
    from deepdecide.report.canonical import INPUTS_NAME, workspace_from_json
    from deepdecide.report.integrity import extract_attachments

    inputs = extract_attachments(pdf).get(INPUTS_NAME)
    if inputs is None:
        raise ApprovalError(_("not a deepdecide record: it carries no embedded inputs"))
    return workspace_from_json(inputs)


def record_day(pdf: bytes) -> str | None:
    """The date a record bears, from its build parameters (None where they state none): a record's
    readiness is judged on its own date, never on the day it is read."""
    from deepdecide.report.build import params_date
    from deepdecide.report.canonical import BUILD_NAME
    from deepdecide.report.integrity import extract_attachments

    return params_date(extract_attachments(pdf).get(BUILD_NAME, b"{}")) or None


def record_inputs_sha256(pdf: bytes) -> str:
    from deepdecide.report.canonical import INPUTS_NAME, sha256_hex
    from deepdecide.report.integrity import extract_attachments

    inputs = extract_attachments(pdf).get(INPUTS_NAME)
    if inputs is None:
        raise ApprovalError(_("not a deepdecide record: it carries no embedded inputs"))
    return sha256_hex(inputs)


def parse_reason(reason: str) -> dict[str, str]:
    if MARKER not in reason:
        return {}
    try:
        data = json.loads(reason.split(MARKER, 1)[1])
    except ValueError:
        return {}
    return {k: str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def read_signatures(pdf: bytes, checks: list[SignatureCheck]) -> list[SignoffSignature]:
    """Pair every validated signature with the sign-off it states (if any)."""
    out = []
    for c in checks:
        data = parse_reason(c.reason)
        conditions, kinds = scan(data.get("conditions", ""))  # a record signed before conditions were redacted
        out.append(SignoffSignature(check=c, role=data.get("role", ""), verdict=data.get("verdict", ""),
                                    conditions=conditions, kind=data.get("kind", ""),
                                    date=c.signing_time[:10], redacted=tuple(kinds)))
    return out


def approval_state(ws: Workspace, sigs: list[SignoffSignature], day: str | None = None) -> ApprovalState:
    """Approved only when every required approver has a valid, trusted approve in their own field.
    ``day``: the record's date (its readiness is judged on it)."""
    sigs = _named(ws, sigs)
    found = ApprovalState(required=approval.required_approvers(ws), signatures=sigs)
    exported = not approval.not_exportable(ws, day)
    by_role: dict[str, SignoffSignature] = {}
    for s in sigs:
        if not s.role:
            continue
        if s.not_named is not None:
            found.not_named = (*found.not_named, s.role)
            found.notes.append(msg("approval.note.not_named", "{role}: NOT THE NAMED APPROVER: {why}; never counted "
                                   "as approval", role=s.role, why=s.not_named))
        if s.check.field_name != approval.field_name(s.role):
            found.notes.append(msg("approval.note.wrong_field", "signature {field} claims the role '{role}' but is "
                                   "not in that role's field: ignored", field=s.check.field_name, role=s.role))
            continue
        if s.role not in approval.may_sign(ws):
            found.notes.append(msg("approval.note.may_not_sign", "signature {field}: '{role}' may not sign this "
                                   "record: ignored", field=s.check.field_name, role=s.role))
            continue
        by_role[s.role] = s
    counting = {r: s for r, s in by_role.items() if s.counts}
    found.rejected_by = tuple(r for r in found.required if r in counting and counting[r].verdict == Vote.REJECT)
    found.outstanding = tuple(r for r in found.required
                              if r not in counting or counting[r].verdict != Vote.APPROVE)
    for r, s in by_role.items():
        if r in found.required and not s.counts:
            if s.not_named is not None:
                continue  # said above
            why = (msg("approval.why.review", "a review signature") if s.kind == REVIEW
                   else msg("approval.why.revoked", "the certificate is revoked") if s.check.revocation == REVOKED
                   else msg("approval.why.time", "the certificate: {state}", state=_(s.check.time_state))
                   if s.check.time_state
                   else msg("approval.why.untrusted", "not trusted") if s.check.ok and not s.check.trusted
                   else msg("approval.why.invalid", "not valid") if not s.check.ok
                   else msg("approval.why.changed", "changed after it was signed"))
            found.notes.append(msg("approval.note.not_counted", "{role}: signed, but it does not count as approval "
                                   "({why})", role=r, why=why))
    if not exported:
        found.state = NOT_FOR_APPROVAL
    elif found.rejected_by:
        found.state = REJECTED
    elif not found.outstanding:
        found.state = APPROVED
    else:
        found.state = AWAITING
    return found


def _named(ws: Workspace, sigs: list[SignoffSignature]) -> list[SignoffSignature]:
    """Each sign-off signature judged against the approver its role's row names: a certificate that is
    not that person's, or that already signed another role, is *not the named approver*. Review
    signatures are judged where the row names someone (a record not ready may name nobody yet)."""
    rows = {s.role: s.row for s in approval.signers(ws)}
    first_role: dict[str, str] = {}
    out = []
    for s in sigs:
        why: Message | None = None
        row = rows.get(s.role)
        if s.role and row is not None and s.check.field_name == approval.field_name(s.role):
            if s.kind == APPROVAL or approval.has_identity(row):
                why = approval.identity_mismatch(row, s.check.facts)
            fp = approval.fingerprint(s.check.fingerprint_sha256)
            if why is None and fp:
                other = first_role.setdefault(fp, s.role)
                if other != s.role:
                    why = msg("identity.two_roles", "this certificate already signed as {other}: one certificate "
                              "never fills two roles", other=other)
        out.append(dataclasses.replace(s, not_named=why) if why is not None else s)
    return out


def state_of_record(pdf: bytes, checks: list[SignatureCheck]) -> ApprovalState:
    return approval_state(_record_workspace(pdf), read_signatures(pdf, checks), record_day(pdf))


# ---------------------------------------------------------------------------------------------
# signing


#: the visible signature: 7 pt Courier (never smaller: the text is laid out to fit the field, not shrunk),
#: in as many lines of as many characters as stamp_capacity() says fit the field (signoff_page.FIELD_W x FIELD_H)
STAMP_FONT_PT = 7
STAMP_LEADING_PT = 8
STAMP_MARGIN_PT = 2  # pyHanko takes whole points


def stamp_capacity() -> tuple[int, int]:
    """(characters per line, lines) the visible signature holds at STAMP_FONT_PT in the signature field."""
    from deepdecide.report.signoff_page import FIELD_H, FIELD_W

    usable_w = FIELD_W - 4 * STAMP_MARGIN_PT - 2  # the stamp's and the text box's margins, the border
    usable_h = FIELD_H - 4 * STAMP_MARGIN_PT - 2
    return int(usable_w // (0.6 * STAMP_FONT_PT)), int(usable_h // STAMP_LEADING_PT)  # Courier: 0.6 em a glyph


def _fit(text: str, width: int, lines: int, more: str = "") -> list[str]:
    """``text`` wrapped to ``width`` in at most ``lines`` lines; a longer text is cut at a word and
    ends with "..." and ``more`` (where the rest is)."""
    import textwrap

    wrapped = textwrap.wrap(text, width, break_on_hyphens=False) or [""]
    if len(wrapped) <= lines:
        return wrapped
    words = text.split()
    tail = "..." + (f" {more}" if more else "")  # ASCII: the stamp's standard font has no "…"
    while words:
        words.pop()
        candidate = textwrap.wrap(" ".join(words) + tail, width, break_on_hyphens=False)
        if len(candidate) <= lines:
            return candidate
    return textwrap.wrap(tail, width)[:lines]


def stamp_text(pdf: bytes, *, kind: str, verdict: Vote, role: str, signer: str, conditions: str,
               state: tuple[bool, int, int] | None = None) -> str:
    """The visible signature's text, in the language the record was written in: verdict and role, the
    signer, the date (pyHanko's ``%(ts)s``), a short condition (the full text is in the signature,
    which ``deepdecide verify`` prints, and on the accepted record's sign-off page) and the approval
    state the signatures give once this one is added. Every line fits the field at 7 pt."""
    from deepdecide.domain import i18n
    from deepdecide.report.build import params_language
    from deepdecide.report.canonical import BUILD_NAME
    from deepdecide.report.integrity import extract_attachments
    from deepdecide.report.words import word

    width, lines = stamp_capacity()
    with i18n.using(params_language(extract_attachments(pdf).get(BUILD_NAME, b"{}"))):
        vote = word(verdict)
        label = (_("REVIEW, not an approval: {verdict}").format(verdict=vote) if kind == REVIEW else vote.upper())
        head = _fit(f"{label} · {role}", width, 2)
        who = _fit(_("Signed by: {signer}").format(signer=signer), width, 1)
        when = [_("Date: {date}").format(date="%(ts)s")]
        tail = _fit(_state_words(*state), width, 1) if state is not None else []
        room = max(lines - len(head) - len(who) - len(when) - len(tail), 1)
        cond = (_fit(_("Conditions: {conditions}").format(conditions=conditions), width, room,
                     _("(in full: deepdecide verify)")) if conditions else [])
    # pyHanko fills in %(ts)s: a literal percent sign is written %%
    return "\n".join(x.replace("%", "%%") if x != when[0] else x for x in [*head, *who, *when, *cond, *tail])


def _state_after(ws: Workspace, signatures: list[SignoffSignature], role: str, verdict: Vote,
                 kind: str) -> tuple[bool, int, int]:
    """The approval state the record's valid signatures give with this one added: (rejected, approvals,
    required approvers). Trust is judged by whoever verifies: this counts valid signatures in their own
    fields."""
    required = approval.required_approvers(ws)
    votes = {s.role: s.verdict for s in signatures if s.kind == APPROVAL and s.check.ok and s.role in required
             and s.check.field_name == approval.field_name(s.role)}
    if kind == APPROVAL and role in required:
        votes[role] = verdict.value
    return (any(v == Vote.REJECT for v in votes.values()), sum(1 for v in votes.values() if v == Vote.APPROVE),
            len(required))


def _state_words(rejected: bool, approved: int, required: int) -> str:
    """The stamp's last line: the approval state the signatures give (in the current language)."""
    if rejected:
        return _("Signatures give: rejected")
    if required and approved == required:
        return _("Signatures give: approved ({n} of {m})").format(n=approved, m=required)
    return _("Signatures give: {n} of {m} approvals").format(n=approved, m=required)


def already_signed_as(checks: list[SignatureCheck], sha256: str) -> str:
    """The role (or field) a certificate with fingerprint ``sha256`` already signed of a record ("": none)."""
    mine = approval.fingerprint(sha256)
    for c in checks:
        if mine and approval.fingerprint(c.fingerprint_sha256) == mine:
            return parse_reason(c.reason).get("role", "") or c.field_name
    return ""


def sign_as_approver(pdf: bytes, signer: SimpleSigner, *, role: str, verdict: Vote, conditions: str = "",
                     review: bool = False, tsa_url: str = "", certificate_name: str = "") -> tuple[bytes, str]:
    """Sign ``pdf`` (a record) in ``role``'s field; return the signed bytes and the kind
    (approval or review). Raises ApprovalError for a record that is altered, a role that may not
    sign, a field already signed, a certificate that is not the approver the role's row names or
    that already signed another role, or a record not ready for approval without ``review``;
    SigningError for a certificate that cannot sign now (expired, not yet valid, not for signing)
    or a timestamp authority that does not answer.

    With ``tsa_url`` (an RFC 3161 timestamp authority, e.g. the organisation's intranet one) the
    signature carries a timestamp, so that ``verify`` judges the certificate at that attested time.
    The conditions are signed as the redaction pass leaves them (a credential typed into them is
    never signed into the record); callers report what it removed (``secrets.scan``) first."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils.layout import AxisAlignment, Margins, SimpleBoxLayoutRule
    from pyhanko.pdf_utils.text import TextBoxStyle
    from pyhanko.sign import fields, signers
    from pyhanko.stamp import TextStampStyle

    from deepdecide.report.integrity import INTACT, verify
    from deepdecide.report.signing import certificate_facts, check_signing_certificate, signer_certificates

    name = certificate_name or _("the certificate")
    conditions = redact(conditions)
    if verdict not in (Vote.APPROVE, Vote.REJECT):
        raise ApprovalError(_("the verdict is approve or reject, not {verdict}").format(verdict=word(verdict)))
    check_signing_certificate(signer, name)
    result = verify(pdf)
    if result.status != INTACT:
        raise ApprovalError(_("the record is {status}: {reasons}").format(status=_(result.status),
                                                                           reasons="; ".join(result.reasons[:3])))
    ws = _record_workspace(pdf)
    d = ws.decision
    if role not in approval.may_sign(ws):
        if role in d.informed:
            raise ApprovalError(_("{role!r} is informed on this record: the informed never sign").format(role=role))
        raise ApprovalError(_("{role!r} is neither a decision maker nor consulted on this record; roles that may "
                              "sign: {roles}").format(role=role, roles=approval.roles_text(approval.may_sign(ws))))
    field = approval.field_name(role)
    taken = {c.field_name for c in result.signatures}
    if field in taken:
        raise ApprovalError(_("{role!r} has already signed this record (one signature per approver)").format(role=role))
    gaps = approval.not_exportable(ws, record_day(pdf))
    kind = REVIEW if (gaps or review) else APPROVAL
    if gaps and not review:
        raise ApprovalError(_("the record is not ready for approval, so it can only get a review signature "
                              "(--review): {gaps}").format(gaps="; ".join(str(g) for g in gaps)))
    # approvers are identities: the certificate must be the one the role's row names, and fill one role
    cert, chain = signer_certificates(signer)
    facts = certificate_facts(cert, chain)
    row = next((s.row for s in approval.signers(ws) if s.role == role), None)
    if row is not None and (kind == APPROVAL or approval.has_identity(row)):
        wrong = approval.identity_mismatch(row, facts)
        if wrong is not None:
            raise ApprovalError(_("{name} ({subject}) is not the approver the record names for {role!r} ({who}, "
                                  "{identity}): {why}. A substitute is a change to the workspace, approved in its "
                                  "own right, never a signature by someone else").format(
                name=name, subject=facts.subject, role=role, who=row.name or _("(to be named)"),
                identity=approval.identity_text(row), why=wrong))
    other = already_signed_as(result.signatures, facts.sha256)
    if other:
        raise ApprovalError(_("this certificate already signed this record as {other!r}: one certificate "
                              "never fills two roles").format(other=other))
    state = _state_after(ws, read_signatures(pdf, result.signatures), role, verdict, kind)
    payload = {"record": d.id, "role": role, "verdict": verdict.value, "kind": kind, "conditions": conditions}
    reason = (f"{'Review' if kind == REVIEW else 'Sign-off'} of decision record {d.id}: {verdict.value} as {role}"
              + (f"; conditions: {conditions}" if conditions else "")
              + f" {MARKER}" + json.dumps(payload, ensure_ascii=False, sort_keys=True))
    text = stamp_text(pdf, kind=kind, verdict=verdict, role=role, signer=facts.common_name or facts.subject,
                      conditions=conditions, state=state)
    m = STAMP_MARGIN_PT
    top_left = SimpleBoxLayoutRule(x_align=AxisAlignment.ALIGN_MIN, y_align=AxisAlignment.ALIGN_MAX,
                                   margins=Margins(left=m, right=m, top=m, bottom=m))
    style = TextStampStyle(
        stamp_text=text,
        timestamp_format="%Y-%m-%d %H:%M %Z",  # in the signer's zone, named
        border_width=1,
        text_box_style=TextBoxStyle(font_size=STAMP_FONT_PT, leading=STAMP_LEADING_PT, box_layout_rule=top_left),
        inner_content_layout=top_left,
    )
    meta = signers.PdfSignatureMetadata(field_name=field, subfilter=fields.SigSeedSubFilter.PADES,
                                        md_algorithm="sha256", reason=reason)
    timestamper = None
    if tsa_url:
        try:
            from pyhanko.sign.timestamps import HTTPTimeStamper
        except ImportError as exc:  # pyHanko before 0.37 needs the requests package for it
            raise SigningError(_("the timestamp authority cannot be asked: {reason}").format(reason=exc)) from None
        timestamper = HTTPTimeStamper(tsa_url, timeout=20)
    _quiet_pyhanko()
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf))
    out = io.BytesIO()
    try:
        pdf_signer = signers.PdfSigner(meta, signer, stamp_style=style, timestamper=timestamper)
        pdf_signer.sign_pdf(writer, output=out, appearance_text_params={})
    except Exception as exc:  # pyHanko signals many problems (key type, field clash, TSA) with its own types
        if tsa_url and "imestamp" in f"{type(exc).__name__} {exc}":
            raise SigningError(_("the timestamp authority {url} did not give a timestamp: {reason}").format(
                url=tsa_url, reason=exc)) from None
        raise SigningError(_("the record could not be signed: {reason}").format(reason=exc)) from None
    signed = out.getvalue()
    if not signed.startswith(pdf):
        raise SigningError(_("the signature did not leave the record's bytes unchanged"))
    return signed, kind


# ---------------------------------------------------------------------------------------------
# back into the workspace


def signoffs_from_record(ws: Workspace, pdf: bytes, *, trust: list[str] | None = None,
                         crls: list[str] | None = None) -> tuple[Workspace, ApprovalState]:
    """``copy_signoffs`` from the signed record ``pdf`` after verifying it against the certificates to
    trust and the revocation lists (files: PEM or DER): a record that is not intact is refused
    (``ApprovalError``), and only valid, trusted signatures count. One code for ``deepdecide signoffs``
    and the desktop application."""
    from deepdecide.report.integrity import INTACT, verify
    from deepdecide.report.signing import load_crls, load_trust

    result = verify(pdf, trust=load_trust(list(trust or ())), crls=load_crls(list(crls or ())))
    if result.status != INTACT:
        raise ApprovalError(_("the record is {status}: {reasons}").format(
            status=_(result.status), reasons="; ".join(result.reasons[:3])))
    return copy_signoffs(ws, pdf, result.signatures)


def copy_signoffs(ws: Workspace, pdf: bytes, checks: list[SignatureCheck]) -> tuple[Workspace, ApprovalState]:
    """The workspace with the record's approval verdicts copied into its sign-off rows, and its
    status set to accepted (every required approver approved) or rejected (one rejected).

    Only if the record's embedded inputs are this workspace's content (its frozen form: everything
    but sign-off verdicts and status, the approvers' identities included); only valid, trusted
    approval signatures by the approver each row names are copied, and a signature by anyone else
    refuses the whole copy. Every row then names the signed record (``signed_record_sha256``: the
    SHA-256 of ``pdf``) that backs it; rows the record does not sign are pending."""
    import hashlib

    from deepdecide.storage.files import approval_content_sha256

    record_hash = record_inputs_sha256(pdf)
    mine = approval_content_sha256(ws)
    if record_hash != mine:
        raise ApprovalError(_("the record's embedded inputs (SHA-256 {record}…) are not this workspace's "
                              "content (SHA-256 {mine}…, sign-offs and status aside): the workspace changed "
                              "after the record was exported, or it is another decision's record").format(
                                  record=record_hash[:16], mine=mine[:16]))
    state = state_of_record(pdf, checks)
    if state.state == NOT_FOR_APPROVAL:
        raise ApprovalError(_("the record was not exported for approval (not ready, not proposed, or rows not pending)"))
    if state.not_named:
        wrong = [s for s in state.signatures if s.not_named is not None]
        raise ApprovalError(_("not the named approver: {details}. Nothing was copied: a substitute is a change to "
                              "the workspace, approved in its own right").format(
            details="; ".join(f"{s.role} ({s.check.signer}): {s.not_named}" for s in wrong)))
    signed_hash = hashlib.sha256(pdf).hexdigest()
    rows = [approval.pending(r) for r in ws.signoffs]
    index = {s.role: i for i, s in enumerate(rows)}
    for s in state.signatures:
        if not s.counts or s.role not in approval.may_sign(ws) or s.check.field_name != approval.field_name(s.role):
            continue
        verdict = Vote(s.verdict)
        base = rows[index[s.role]] if s.role in index else SignOff(name="", role=s.role)
        row = dataclasses.replace(base, verdict=verdict, date=s.date, conditions=s.conditions,
                                  certificate=s.check.signer, fingerprint_sha256=s.check.fingerprint_sha256,
                                  record_inputs_sha256=record_hash, signed_record_sha256=signed_hash)
        if s.role in index:
            rows[index[s.role]] = row
        else:
            index[s.role] = len(rows)
            rows.append(row)
    new = dataclasses.replace(ws, signoffs=tuple(rows))
    if state.state == APPROVED:
        status = RecordStatus.ACCEPTED
    elif state.state == REJECTED:
        status = RecordStatus.REJECTED
    else:
        status = RecordStatus.PROPOSED
    new = dataclasses.replace(new, decision=dataclasses.replace(new.decision, status=status))
    if approval_content_sha256(new) != record_hash:
        raise ApprovalError(_("copying the verdicts changed the workspace's content (a bug): nothing was written"))
    if status == RecordStatus.ACCEPTED:
        refuse_failed_acceptance_checks(new)
    return new, state


def refuse_failed_acceptance_checks(ws: Workspace, file: str = "") -> None:
    """Raise a located ValidationError for every confirmation criterion checked before acceptance
    (``decision.acceptance_checks``) that the chosen option fails."""
    from deepdecide.analysis import evaluate
    from deepdecide.analysis.acceptance import failures
    from deepdecide.domain.errors import ValidationError, ValidationErrors

    if not ws.decision.acceptance_checks:
        return
    found = [ValidationError(str(f.reason), file=file, path=f.path)
             for f in failures(ws, evaluate(ws, sensitivity=False, monte_carlo=False))]
    if found:
        raise ValidationErrors(found) if len(found) > 1 else found[0]


# ---------------------------------------------------------------------------------------------
# the accepted record: its sign-offs backed by the embedded signed approval record


@dataclass
class EmbeddedApproval:
    """The signed approval record a record embeds (or is exported with), checked against its sign-offs."""

    sha256: str
    status: str = ""  # the signed record's own verification status (intact, altered, unconfirmed ...)
    signatures: list[SignatureCheck] = field(default_factory=list)
    state: ApprovalState | None = None
    problems: list[str] = field(default_factory=list)  # why it does not back the sign-off rows (empty: it does)
    not_named: list[str] = field(default_factory=list)  # rows whose signature is not by the approver they name
    expected: str = APPROVED  # the approval state the record's status claims (approved, or rejected)


def check_approval_record(ws: Workspace, signed: bytes, *, trust: list[Any] | None = None,
                          crls: list[Any] | None = None) -> EmbeddedApproval:
    """Whether ``signed`` backs the sign-off rows of ``ws``: it is the PDF the rows name
    (``signed_record_sha256``), intact (rebuilt byte for byte, every signature valid over it), its
    inputs are the content of ``ws`` (everything but the status and the signed fields of the rows:
    ``approval.STATUS_FIELDS``, ``approval.SIGNED_FIELDS``), and every row holding a verdict is that
    role's signature in the signed record, by the approver the row names: same verdict, date,
    conditions and certificate. Trust (``trust``) and revocation (``crls``) are judged here for
    ``verify``; they do not make the record fail to back the rows."""
    import hashlib

    from deepdecide.report.canonical import APPROVAL_NAME
    from deepdecide.report.integrity import INTACT, extract_attachments, verify
    from deepdecide.storage.files import approval_content_sha256

    found = EmbeddedApproval(sha256=hashlib.sha256(signed).hexdigest(),
                             expected=REJECTED if ws.decision.status == RecordStatus.REJECTED else APPROVED)
    named = approval.backing_records(ws)
    if named and found.sha256 not in named:
        found.problems.append(_("it is not the signed record the sign-off rows name (SHA-256 {named}…; this one "
                                "{sha}…)").format(named=named[0][:16], sha=found.sha256[:16]))
    try:
        if APPROVAL_NAME in extract_attachments(signed):  # a record for approval never embeds one: no nesting
            found.problems.append(_("the signed approval record embeds another approval record: it is not a "
                                    "record exported for approval"))
            return found
        result = verify(signed, trust=trust, crls=crls)
    except DeepdecideError as exc:
        found.problems.append(_("the signed approval record cannot be read: {reason}").format(reason=exc))
        return found
    found.status, found.signatures = result.status, result.signatures
    if result.status != INTACT:
        found.problems.append(_("the signed approval record is {status}: {reasons}").format(
            status=_(result.status), reasons="; ".join(result.reasons[:3])))
        return found
    inputs_sha = result.inputs_sha256
    if inputs_sha != approval_content_sha256(ws):
        found.problems.append(_("the signed approval record's inputs (SHA-256 {signed}…) are not this record's "
                                "content (SHA-256 {mine}…, status and signed sign-off fields aside)").format(
                                    signed=inputs_sha[:16], mine=approval_content_sha256(ws)[:16]))
        return found
    state = state_of_record(signed, result.signatures)
    found.state = state
    by_role = {s.role: s for s in state.signatures if s.role and s.check.field_name == approval.field_name(s.role)}
    for i, row in enumerate(ws.signoffs):
        if row.verdict == Vote.PENDING and not row.record_inputs_sha256:
            continue
        sig = by_role.get(row.role)
        at = f"signoffs[{i}]"
        if sig is None or sig.kind != APPROVAL:
            found.problems.append(_("{at} ({role}) holds {verdict}, but the signed record has no approval signature "
                                    "of {role}").format(at=at, role=row.role, verdict=word(row.verdict)))
            continue
        if sig.not_named is not None:
            found.not_named.append(_("{at} ({role}): the signature is NOT THE NAMED APPROVER: {why}").format(
                at=at, role=row.role, why=sig.not_named))
            continue
        if not sig.check.ok:
            found.problems.append(_("{at} ({role}): the signature is not valid").format(at=at, role=row.role))
            continue
        differs = [k for k, a, b in (("verdict", row.verdict.value, sig.verdict), ("date", row.date, sig.date),
                                     ("conditions", row.conditions, sig.conditions),
                                     ("certificate", row.certificate, sig.check.signer),
                                     ("fingerprint_sha256", approval.fingerprint(row.fingerprint_sha256),
                                      approval.fingerprint(sig.check.fingerprint_sha256)),
                                     ("record_inputs_sha256", row.record_inputs_sha256, inputs_sha)) if a != b]
        if differs:
            found.problems.append(_("{at} ({role}): {fields} differ from the signature in the signed record").format(
                at=at, role=row.role, fields=", ".join(differs)))
    return found
