"""Approval on the record: export for approval, one signature per approver, and what the signatures say.

An approver signs the record exported for approval (``report --for-approval``) in their own
signature field (``approval.field_name(role)``), as a PAdES incremental update. The role, the
verdict, the conditions and whether it is a *review* (a record not ready for approval) are in
the signature dictionary's ``/Reason``, which the signature covers, after the marker
``deepdecide-signoff:`` as JSON; the date is the dictionary's ``/M``. The visible appearance in
the field shows the signer (certificate subject), role, verdict and date.

This module reads and words the signatures (the approval state, the stamp, the copy back into the
workspace); signing (``report.approver``) and checking an embedded signed approval record
(``report.integrity.check_approval_record``) verify a record first, so they sit above it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import textwrap
from dataclasses import dataclass, field

from deepdecide.domain import approval, i18n
from deepdecide.domain.errors import DeepdecideError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import RecordStatus, SignOff, Vote, Workspace
from deepdecide.importers.secrets import Finding, scan
from deepdecide.report.canonical import BUILD_NAME, INPUTS_NAME, sha256_hex, workspace_from_json
from deepdecide.report.embedded import extract_attachments
from deepdecide.report.params import params_date, params_language
from deepdecide.report.sections.signoff_page import FIELD_H, FIELD_W
from deepdecide.report.signing import REVOKED, SignatureCheck
from deepdecide.report.words import word
from deepdecide.storage.files import approval_content_sha256

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


def record_workspace(pdf: bytes) -> Workspace:
    """The workspace a record embeds (its canonical inputs)."""
    inputs = extract_attachments(pdf).get(INPUTS_NAME)
    if inputs is None:
        raise ApprovalError(_("not a deepdecide record: it carries no embedded inputs"))
    return workspace_from_json(inputs)


def record_day(pdf: bytes) -> str | None:
    """The date a record bears, from its build parameters (None where they state none): a record's
    readiness is judged on its own date, never on the day it is read."""

    return params_date(extract_attachments(pdf).get(BUILD_NAME, b"{}")) or None


def record_inputs_sha256(pdf: bytes) -> str:
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
    return approval_state(record_workspace(pdf), read_signatures(pdf, checks), record_day(pdf))


# ---------------------------------------------------------------------------------------------
# signing


#: the visible signature: 7 pt Courier (never smaller: the text is laid out to fit the field, not shrunk),
#: in as many lines of as many characters as stamp_capacity() says fit the field (sections.signoff_page.FIELD_W x FIELD_H)
STAMP_FONT_PT = 7
STAMP_LEADING_PT = 8
STAMP_MARGIN_PT = 2  # pyHanko takes whole points


def stamp_capacity() -> tuple[int, int]:
    """(characters per line, lines) the visible signature holds at STAMP_FONT_PT in the signature field."""
    usable_w = FIELD_W - 4 * STAMP_MARGIN_PT - 2  # the stamp's and the text box's margins, the border
    usable_h = FIELD_H - 4 * STAMP_MARGIN_PT - 2
    return int(usable_w // (0.6 * STAMP_FONT_PT)), int(usable_h // STAMP_LEADING_PT)  # Courier: 0.6 em a glyph


def _fit(text: str, width: int, lines: int, more: str = "") -> list[str]:
    """``text`` wrapped to ``width`` in at most ``lines`` lines; a longer text is cut at a word and
    ends with "..." and ``more`` (where the rest is)."""

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


def state_after(ws: Workspace, signatures: list[SignoffSignature], role: str, verdict: Vote,
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


# ---------------------------------------------------------------------------------------------
# back into the workspace


def copy_signoffs(ws: Workspace, pdf: bytes, checks: list[SignatureCheck]) -> tuple[Workspace, ApprovalState]:
    """The workspace with the record's approval verdicts copied into its sign-off rows, and its
    status set to accepted (every required approver approved) or rejected (one rejected).

    Only if the record's embedded inputs are this workspace's content (its frozen form: everything
    but sign-off verdicts and status, the approvers' identities included); only valid, trusted
    approval signatures by the approver each row names are copied, and a signature by anyone else
    refuses the whole copy. Every row then names the signed record (``signed_record_sha256``: the
    SHA-256 of ``pdf``) that backs it; rows the record does not sign are pending."""


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

    if not ws.decision.acceptance_checks:
        return
    found = [ValidationError(str(f.reason), file=file, path=f.path)
             for f in failures(ws, evaluate(ws, sensitivity=False, monte_carlo=False))]
    if found:
        raise ValidationErrors(found) if len(found) > 1 else found[0]


