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
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from deepdecide.domain import approval
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import RecordStatus, SignOff, Vote, Workspace
from deepdecide.importers.secrets import Finding, redact, scan
from deepdecide.report.signing import SignatureCheck, SigningError, _quiet_pyhanko

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

    def redactions(self) -> list[Finding]:
        """What the redaction pass removed from the conditions, by kind and place."""
        place = msg("place.signoff_conditions", "the conditions of {role}", role=self.role or self.check.field_name)
        return [Finding(kind, place) for kind in self.redacted]

    @property
    def counts(self) -> bool:
        """A valid, trusted approval signature over an unaltered revision."""
        c = self.check
        return self.kind == APPROVAL and c.ok and c.trusted and c.modification_ok


@dataclass
class ApprovalState:
    state: str = NOT_FOR_APPROVAL
    required: tuple[str, ...] = ()
    signatures: list[SignoffSignature] = field(default_factory=list)
    outstanding: tuple[str, ...] = ()  # required approvers without a counting approve
    rejected_by: tuple[str, ...] = ()
    notes: list[Message] = field(default_factory=list)  # rendered by the views (JSON: the English text)


def _record_workspace(pdf: bytes) -> Workspace:
    from deepdecide.report.canonical import INPUTS_NAME, workspace_from_json
    from deepdecide.report.integrity import extract_attachments

    inputs = extract_attachments(pdf).get(INPUTS_NAME)
    if inputs is None:
        raise ApprovalError(_("not a deepdecide record: it carries no embedded inputs"))
    return workspace_from_json(inputs)


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


def approval_state(ws: Workspace, sigs: list[SignoffSignature]) -> ApprovalState:
    """Approved only when every required approver has a valid, trusted approve in their own field."""
    found = ApprovalState(required=approval.required_approvers(ws), signatures=sigs)
    exported = not approval.not_exportable(ws)
    by_role: dict[str, SignoffSignature] = {}
    for s in sigs:
        if not s.role:
            continue
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
            why = (msg("approval.why.review", "a review signature") if s.kind == REVIEW
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


def state_of_record(pdf: bytes, checks: list[SignatureCheck]) -> ApprovalState:
    return approval_state(_record_workspace(pdf), read_signatures(pdf, checks))


# ---------------------------------------------------------------------------------------------
# signing


def _stamp(pdf: bytes, kind: str, verdict: Vote, conditions: bool) -> tuple[str, str]:
    """The visible signature's label and text (pyHanko fields ``%(signer)s`` ...), in the language the
    record was written in."""
    from deepdecide.domain import i18n
    from deepdecide.domain.i18n import _
    from deepdecide.report.build import params_language
    from deepdecide.report.canonical import BUILD_NAME
    from deepdecide.report.integrity import extract_attachments
    from deepdecide.report.words import word

    with i18n.using(params_language(extract_attachments(pdf).get(BUILD_NAME, b"{}"))):
        vote = word(verdict)
        label = (_("REVIEW, not an approval: {verdict}").format(verdict=vote) if kind == REVIEW
                 else vote.upper())
        lines = [_("Signed by: {signer}").format(signer="%(signer)s"), _("Role: {role}").format(role="%(role)s"),
                 _("Date: {date}").format(date="%(ts)s")]
        if conditions:
            lines.append(_("Conditions: {conditions}").format(conditions="%(cond)s"))
    return label, "\n".join(["%(label)s", *lines])


def sign_as_approver(pdf: bytes, signer: SimpleSigner, *, role: str, verdict: Vote, conditions: str = "",
                     review: bool = False, when: datetime | None = None) -> tuple[bytes, str]:
    """Sign ``pdf`` (a record) in ``role``'s field; return the signed bytes and the kind
    (approval or review). Raises ApprovalError for a record that is altered, a role that may not
    sign, a field already signed, or a record not ready for approval without ``review``.

    The conditions are signed as the redaction pass leaves them (a credential typed into them is
    never signed into the record); callers report what it removed (``secrets.scan``) first."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers
    from pyhanko.stamp import TextStampStyle

    from deepdecide.report.integrity import INTACT, verify

    conditions = redact(conditions)
    if verdict not in (Vote.APPROVE, Vote.REJECT):
        raise ApprovalError(_("the verdict is approve or reject, not {verdict}").format(verdict=word(verdict)))
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
    name = approval.field_name(role)
    taken = {c.field_name for c in result.signatures}
    if name in taken:
        raise ApprovalError(_("{role!r} has already signed this record (one signature per approver)").format(role=role))
    gaps = approval.not_exportable(ws)
    kind = REVIEW if (gaps or review) else APPROVAL
    if gaps and not review:
        raise ApprovalError(_("the record is not ready for approval, so it can only get a review signature "
                              "(--review): {gaps}").format(gaps="; ".join(str(g) for g in gaps)))
    payload = {"record": d.id, "role": role, "verdict": verdict.value, "kind": kind, "conditions": conditions}
    label, stamp_text = _stamp(pdf, kind, verdict, bool(conditions))
    reason = (f"{'Review' if kind == REVIEW else 'Sign-off'} of decision record {d.id}: {verdict.value} as {role}"
              + (f"; conditions: {conditions}" if conditions else "")
              + f" {MARKER}" + json.dumps(payload, ensure_ascii=False, sort_keys=True))
    when = when or datetime.now(UTC)
    style = TextStampStyle(
        stamp_text=stamp_text,
        timestamp_format="%Y-%m-%d %H:%M UTC",
        border_width=1,
    )
    meta = signers.PdfSignatureMetadata(field_name=name, subfilter=fields.SigSeedSubFilter.PADES,
                                        md_algorithm="sha256", reason=reason)
    _quiet_pyhanko()
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf))
    out = io.BytesIO()
    params = {"label": label, "role": role, "cond": conditions[:80]}
    try:
        pdf_signer = signers.PdfSigner(meta, signer, stamp_style=style)
        pdf_signer.sign_pdf(writer, output=out, appearance_text_params=params)
    except Exception as exc:  # pyHanko signals many problems (key type, field clash) with its own types
        raise SigningError(_("the record could not be signed: {reason}").format(reason=exc)) from None
    signed = out.getvalue()
    if not signed.startswith(pdf):
        raise SigningError(_("the signature did not leave the record's bytes unchanged"))
    return signed, kind


# ---------------------------------------------------------------------------------------------
# back into the workspace


def copy_signoffs(ws: Workspace, pdf: bytes, checks: list[SignatureCheck]) -> tuple[Workspace, ApprovalState]:
    """The workspace with the record's approval verdicts copied into its sign-off rows, and its
    status set to accepted (every required approver approved) or rejected (one rejected).

    Only if the record's embedded inputs are this workspace's content (its frozen form: everything
    but sign-off verdicts and status); only valid, trusted approval signatures are copied."""
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
    rows = list(ws.signoffs)
    index = {s.role: i for i, s in enumerate(rows)}
    for s in state.signatures:
        if not s.counts or s.role not in approval.may_sign(ws) or s.check.field_name != approval.field_name(s.role):
            continue
        verdict = Vote(s.verdict)
        base = rows[index[s.role]] if s.role in index else SignOff(name="", role=s.role)
        row = dataclasses.replace(base, verdict=verdict, date=s.date, conditions=s.conditions,
                                  certificate=s.check.signer, fingerprint_sha256=s.check.fingerprint_sha256,
                                  record_inputs_sha256=record_hash)
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
    return new, state
