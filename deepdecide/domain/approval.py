"""Approval: who signs, when a record is ready, and what each status needs.

- **Who signs follows who decides.** The decision makers are the *required approvers*; the
  consulted *may* sign; the informed never sign. A sign-off row whose role is none of the
  decision makers or consulted is an error, and so is a second row for one role (one signature
  per approver).
- **Ready for approval** = a chosen option, the rationale, the consequences (good and bad), the
  confirmation criteria, at least one decision maker, and dates that agree (``domain.dates``).
  :func:`missing_for_approval` names what is missing, for ``validate``, the GUI and the record.
- **Lifecycle:** proposed -> accepted | rejected; accepted -> deprecated | superseded (by a named
  record). *Accepted* is never typed by hand: it is what ``deepdecide signoffs RECORD.pdf --into
  WS`` writes when every required approver signed the record with *approve*. Each copied verdict
  carries the inputs hash of the record it was signed on; the workspace's content (everything but
  the sign-off verdicts and the status) must still hash to it, so an edit after approval is found.

The content hash itself (canonical JSON, SHA-256) is computed by storage and passed in here as
``content_sha256``: the domain does not know the stored form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from deepdecide.domain import i18n
from deepdecide.domain.dates import date_gaps
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import Day, Message, msg
from deepdecide.domain.validation import Problem
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import PreviousRevision, RecordStatus, SignOff, Vote, Workspace

# the rules here came with schema 2: a schema-1 file that breaks them opens with warnings
SINCE = 2
# the approver identity rules came with schema 6, the schema that added the identity fields
IDENTITY_SINCE = 6

#: the fields of a sign-off row that acceptance (``deepdecide signoffs``) writes: everything else of
#: the workspace is the content the approvers signed (``frozen``), the approvers' identities included
SIGNED_FIELDS = ("verdict", "date", "conditions", "certificate", "fingerprint_sha256", "record_inputs_sha256",
                 "signed_record_sha256")
#: the fields of the decision that acceptance (or a later status change) writes
STATUS_FIELDS = ("status", "superseded_by")

TRANSITIONS: dict[RecordStatus, tuple[RecordStatus, ...]] = {
    RecordStatus.PROPOSED: (RecordStatus.ACCEPTED, RecordStatus.REJECTED),
    RecordStatus.ACCEPTED: (RecordStatus.DEPRECATED, RecordStatus.SUPERSEDED),
    RecordStatus.REJECTED: (),
    RecordStatus.DEPRECATED: (),
    RecordStatus.SUPERSEDED: (),
}

# statuses that rest on the approval of every required approver (they were accepted once)
APPROVED_STATUSES = (RecordStatus.ACCEPTED, RecordStatus.DEPRECATED, RecordStatus.SUPERSEDED)

#: statuses a person may set by hand (in the GUI or the file); the others come from signatures
HAND_STATUSES = (RecordStatus.PROPOSED, RecordStatus.DEPRECATED, RecordStatus.SUPERSEDED)

REQUIRED = "required approver"
OPTIONAL = "consulted, may sign"


@dataclass(frozen=True, slots=True)
class Signer:
    """One place on the sign-off page: a role, whether its signature is required, and its row."""

    role: str
    required: bool
    row: SignOff  # the workspace's row for the role, or an unnamed pending one

    @property
    def name(self) -> str:
        return self.row.name

    @property
    def signed(self) -> bool:
        return bool(self.row.record_inputs_sha256) and self.row.verdict in (Vote.APPROVE, Vote.REJECT)


# ---------------------------------------------------------------------------------------------
# approvers are identities


@dataclass(frozen=True, slots=True)
class CertificateFacts:
    """What a certificate shows of its holder, for matching against a sign-off row (the report layer
    reads them from the certificate; the domain does not parse certificates)."""

    subject: str  # the subject, as people read it
    sha256: str  # fingerprint of the certificate itself (any form :func:`fingerprint` reads)
    emails: tuple[str, ...] = ()  # subject emailAddress and rfc822 alternative names
    common_name: str = ""
    chain_sha256: tuple[str, ...] = ()  # fingerprints of the CA certificates that verifiably issued it, upwards


def fingerprint(text: str) -> str:
    """A SHA-256 fingerprint in one form (64 lower-case hexadecimal digits) from how people write it
    ("AB:CD:…", "ab cd …", "abcd…"); "" when ``text`` is not one."""
    h = "".join(ch for ch in text.strip().lower() if ch not in ": ")
    return h if len(h) == 64 and all(ch in "0123456789abcdef" for ch in h) else ""


def has_identity(row: SignOff) -> bool:
    """Whether the row names how its approver's certificate is recognised: an e-mail or common name,
    and the issuing CA's or the certificate's own fingerprint."""
    return bool((row.email.strip() or row.common_name.strip())
                and (fingerprint(row.issuer_ca_sha256) or fingerprint(row.pinned_certificate_sha256)))


def identity_text(row: SignOff) -> str:
    """The identity a row names, in words ("e-mail ana@example.org, CA SHA-256 3a5f…")."""
    parts = []
    if row.email.strip():
        parts.append(_("e-mail {email}").format(email=row.email.strip()))
    if row.common_name.strip():
        parts.append(_("common name {cn}").format(cn=row.common_name.strip()))
    if fingerprint(row.pinned_certificate_sha256):
        parts.append(_("certificate SHA-256 {fp}…").format(fp=fingerprint(row.pinned_certificate_sha256)[:16]))
    if fingerprint(row.issuer_ca_sha256):
        parts.append(_("issued under the CA with SHA-256 {fp}…").format(fp=fingerprint(row.issuer_ca_sha256)[:16]))
    return ", ".join(parts) or _("no identity")


def identity_mismatch(row: SignOff, cert: CertificateFacts) -> Message | None:
    """Why ``cert`` is not the certificate of the approver ``row`` names (None: it is). Every part the
    row names must hold: the e-mail (any of the certificate's, case-insensitive), the common name
    (exactly, case-insensitive), the pinned certificate, the issuing CA (a CA certificate that
    verifiably issued it, directly or up its chain). A row that names no identity matches nothing."""
    if not has_identity(row):
        return msg("identity.none", "the sign-off row of {role} names no approver identity (e-mail or common name, "
                   "and the issuing CA's or the certificate's SHA-256 fingerprint)", role=row.role)
    email = row.email.strip().casefold()
    if email and email not in {e.strip().casefold() for e in cert.emails}:
        return msg("identity.email", "the certificate's e-mail ({got}) is not {want}, the approver {role} names",
                   got=", ".join(cert.emails) or msg("identity.no_email", "none"), want=row.email.strip(), role=row.role)
    cn = row.common_name.strip().casefold()
    if cn and cn != cert.common_name.strip().casefold():
        return msg("identity.cn", "the certificate's common name ({got}) is not {want}, the approver {role} names",
                   got=cert.common_name or msg("identity.no_cn", "none"), want=row.common_name.strip(), role=row.role)
    pin = fingerprint(row.pinned_certificate_sha256)
    if pin and pin != fingerprint(cert.sha256):
        return msg("identity.pin", "the certificate (SHA-256 {got}…) is not the one pinned for {role} "
                   "(SHA-256 {want}…)", got=fingerprint(cert.sha256)[:16], want=pin[:16], role=row.role)
    ca = fingerprint(row.issuer_ca_sha256)
    if ca and ca not in {fingerprint(c) for c in cert.chain_sha256}:
        return msg("identity.ca", "the certificate was not issued under the CA named for {role} (SHA-256 {want}…): "
                   "its chain holds {got}", want=ca[:16], role=row.role,
                   got=", ".join(fingerprint(c)[:16] + "…" for c in cert.chain_sha256)
                   or msg("identity.no_chain", "no CA certificate that can be checked (the signature and --trust carry none)"))
    return None


def identity_problems(ws: Workspace) -> list[Problem]:
    """The identity fields of the sign-off rows: well-formed, and one person per role."""
    out: list[Problem] = []
    seen: dict[tuple[str, str, str, str], int] = {}
    for i, s in enumerate(ws.signoffs):
        at = f"signoffs[{i}]"
        email = s.email.strip()
        if email and (email.count("@") != 1 or any(ch.isspace() for ch in email) or email.startswith("@")
                      or email.endswith("@")):
            out.append(Problem(f"{at}.email", _("{email!r} is not an e-mail address (the certificate's subject "
                                                "e-mail, e.g. ana.ruiz@example.org)").format(email=s.email),
                               IDENTITY_SINCE))
        for key in ("issuer_ca_sha256", "pinned_certificate_sha256", "signed_record_sha256"):
            value = getattr(s, key)
            if value.strip() and not fingerprint(value):
                out.append(Problem(f"{at}.{key}", _("not a SHA-256 fingerprint (64 hexadecimal digits, colons "
                                                    "allowed), got {value!r}").format(value=value[:80]), IDENTITY_SINCE))
        if has_identity(s):
            key4 = (email.casefold(), s.common_name.strip().casefold(), fingerprint(s.issuer_ca_sha256),
                    fingerprint(s.pinned_certificate_sha256))
            if key4 in seen:
                out.append(Problem(f"{at}.email" if email else f"{at}.common_name", _(
                    "the same approver identity as signoffs[{first}] ({identity}): one certificate never fills "
                    "two roles; name the person who holds this role").format(first=seen[key4],
                                                                             identity=identity_text(s)),
                    IDENTITY_SINCE))
            seen.setdefault(key4, i)
    return out


def unverified_rows(ws: Workspace) -> list[tuple[int, SignOff]]:
    """The sign-off rows holding a verdict that no signed approval record backs (typed by hand, or
    copied by a version before the identity binding): *legacy, unverified*."""
    return [(i, s) for i, s in enumerate(ws.signoffs)
            if (s.verdict != Vote.PENDING or s.record_inputs_sha256) and not fingerprint(s.signed_record_sha256)]


def legacy_notes(ws: Workspace) -> list[Problem]:
    """One note per *legacy, unverified* row, located: the workspace opens, evaluates and saves; it is
    exported as accepted (or rejected) only after it is approved again."""
    return [Problem(f"signoffs[{i}].verdict", _(
        "legacy, unverified: the verdict {verdict} of {role} is not backed by a signed approval record (typed by "
        "hand, or copied by an earlier version); the workspace opens and saves, but it is exported as accepted "
        "only after it is approved again (report --for-approval, sign, signoffs)").format(
            verdict=word(s.verdict), role=s.role), IDENTITY_SINCE) for i, s in unverified_rows(ws)]


def backing_records(ws: Workspace) -> tuple[str, ...]:
    """The SHA-256 of the signed approval record(s) the sign-off rows name (one, when consistent)."""
    return tuple(dict.fromkeys(fingerprint(s.signed_record_sha256) for s in ws.signoffs
                               if fingerprint(s.signed_record_sha256)))


def rests_on_signatures(ws: Workspace) -> bool:
    """Whether the status is one that only signatures give (accepted, rejected and what follows accepted)."""
    return ws.decision.status in (*APPROVED_STATUSES, RecordStatus.REJECTED)


def required_approvers(ws: Workspace) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for r in ws.decision.decision_makers if r.strip()))


def may_sign(ws: Workspace) -> tuple[str, ...]:
    """Every role that may sign: the decision makers first, then the consulted."""
    d = ws.decision
    return tuple(dict.fromkeys(r for r in (*d.decision_makers, *d.consulted) if r.strip()))


def signers(ws: Workspace) -> tuple[Signer, ...]:
    """The sign-off page's rows: every decision maker (required), then every consulted (optional),
    each with the workspace's row for that role or an unnamed pending one."""
    rows = {s.role: s for s in ws.signoffs}
    required = set(required_approvers(ws))
    return tuple(Signer(role, role in required, rows.get(role) or SignOff(name="", role=role))
                 for role in may_sign(ws))


def still_to_sign(ws: Workspace) -> tuple[Signer, ...]:
    """The required approvers whose signed *approve* the record still lacks (page 1 names them)."""
    return tuple(s for s in signers(ws) if s.required and not (s.signed and s.row.verdict == Vote.APPROVE))


def field_name(role: str) -> str:
    """The PDF signature field of a role: ``signoff-`` and the role in lower-case ASCII words."""
    words = "".join(ch.lower() if ch.isascii() and ch.isalnum() else " " for ch in role).split()
    return "signoff-" + ("-".join(words) or "role")


#: the workspace field each gap of :func:`missing_for_approval` is about, by the gap's id: the command
#: line names it for a person editing the file; the desktop and the record say the gap in words only
FIELDS = {
    "approval.missing.chosen": "decision.chosen_option",
    "approval.missing.rationale": "decision.rationale",
    "approval.missing.good": "decision.consequences_good",
    "approval.missing.bad": "decision.consequences_bad",
    "approval.missing.confirmation": "decision.confirmation",
    "approval.missing.approvers": "decision.decision_makers",
    "approval.missing.identity": "signoffs[i]",
    "dates.gap.cutoff": "decision.evidence_cutoff",
    "dates.gap.updated": "decision.date",
}


def missing_for_approval(ws: Workspace, record_day: str | None = None) -> list[Message]:
    """What the record still lacks to be exported for approval (empty = ready): its content, dates that
    agree (the evidence cut-off and the decision's last update not after the record date: ``record_day``,
    the export day or the pinned one; None: the pinned one, if any — ``domain.dates``), and the
    identity of every approver who may sign."""
    out = content_gaps(ws)
    out.extend(date_gaps(ws, record_day))
    nameless = tuple(s.role for s in signers(ws) if not has_identity(s.row))
    if nameless:
        out.append(msg("approval.missing.identity", "no approver identity (the certificate's e-mail or name, and "
                       "its CA's or own fingerprint) for {roles}", roles=nameless))
    return out


def content_gaps(ws: Workspace) -> list[Message]:
    """What the record's content still lacks for approval (the identities aside)."""
    d = ws.decision
    out: list[Message] = []
    if not d.chosen_option:
        out.append(msg("approval.missing.chosen", "no chosen option"))
    if not d.rationale.strip():
        out.append(msg("approval.missing.rationale", "no rationale: why this option"))
    if not any(c.strip() for c in d.consequences_good):
        out.append(msg("approval.missing.good", "no good consequences"))
    if not any(c.strip() for c in d.consequences_bad):
        out.append(msg("approval.missing.bad", "no bad consequences"))
    if not d.confirmation.strip():
        out.append(msg("approval.missing.confirmation",
                       "no confirmation criteria: how the decision will be checked"))
    if not required_approvers(ws):
        out.append(msg("approval.missing.approvers", "no decision makers: nobody can approve"))
    return out


def is_ready(ws: Workspace, record_day: str | None = None) -> bool:
    return not missing_for_approval(ws, record_day)


def not_exportable(ws: Workspace, record_day: str | None = None) -> list[Message]:
    """Why the workspace cannot be exported for approval (empty = it can): ready (its record dated
    ``record_day``, see :func:`missing_for_approval`), status proposed, every sign-off row pending (the
    content is frozen as it is exported)."""
    out = missing_for_approval(ws, record_day)
    if ws.decision.status != RecordStatus.PROPOSED:
        out.append(msg("approval.export.status", "the status is {status}; only a proposed record is exported for "
                       "approval (a changed decision is a new revision)",
                       status=ws.decision.status))  # its word, in the reader's language
    signed = [s.role for s in ws.signoffs if s.verdict != Vote.PENDING or s.record_inputs_sha256
              or s.signed_record_sha256]
    if signed:
        out.append(msg("approval.export.signed", "sign-off rows already hold verdicts ({roles}); a record for "
                       "approval starts with every row pending", roles=tuple(signed)))
    return out


def frozen(ws: Workspace) -> Workspace:
    """The content an approver signs: the workspace as exported for approval — status proposed,
    ``superseded_by`` empty, and one pending sign-off row (name and role) per role that may sign, in
    page-1 order (rows of roles that may not sign are errors of their own and left out)."""
    d = dataclasses.replace(ws.decision, status=RecordStatus.PROPOSED, superseded_by="")  # STATUS_FIELDS
    rows = tuple(pending(s) for s in (x.row for x in signers(ws)))
    return dataclasses.replace(ws, decision=d, signoffs=rows)


def pending(row: SignOff) -> SignOff:
    """The row as exported for approval: the person and their identity, every signed field empty."""
    return dataclasses.replace(row, verdict=Vote.PENDING, date="", conditions="", certificate="",  # SIGNED_FIELDS
                               fingerprint_sha256="", record_inputs_sha256="", signed_record_sha256="")


def approval_outcome(ws: Workspace) -> RecordStatus | None:
    """What the signed verdicts make of the record: accepted when every required approver approved,
    rejected when a required approver rejected, None while approvals are outstanding."""
    rows = {s.role: s for s in ws.signoffs if s.record_inputs_sha256}
    required = required_approvers(ws)
    if any(rows.get(r) is not None and rows[r].verdict == Vote.REJECT for r in required):
        return RecordStatus.REJECTED
    if required and all(rows.get(r) is not None and rows[r].verdict == Vote.APPROVE for r in required):
        return RecordStatus.ACCEPTED
    return None


def transition_problem(old: RecordStatus, new: RecordStatus) -> Message | None:
    """Why the status cannot change from ``old`` to ``new`` (None: it can)."""
    if old == new or new in TRANSITIONS[old]:
        return None
    allowed = ", ".join(s.value for s in TRANSITIONS[old]) or "none (final)"
    return msg("approval.transition", "a {old} record cannot become {new}; from {old} it may become: {allowed}",
               old=old.value, new=new.value, allowed=allowed)


def hand_status_problem(old: RecordStatus, new: RecordStatus) -> Message | None:
    """Why a person may not set ``new`` by hand (accepted and rejected come from the signatures)."""
    if new == old:
        return None
    if new in (RecordStatus.ACCEPTED, RecordStatus.REJECTED):
        return msg("approval.by_hand", "{new} is never set by hand: export the record for approval, have every "
                   "required approver sign it, then copy the verdicts with deepdecide signoffs", new=new.value)
    return transition_problem(old, new)


def problems(ws: Workspace, content_sha256: str) -> list[Problem]:
    """Every approval rule the workspace breaks, located by key path. ``content_sha256`` is the hash
    of ``frozen(ws)`` in the form a record embeds (its inputs SHA-256)."""
    out: list[Problem] = []
    d = ws.decision
    listed = set(may_sign(ws))
    informed = set(d.informed)
    seen: dict[str, int] = {}
    for i, s in enumerate(ws.signoffs):
        at = f"signoffs[{i}].role"
        base = s.role.rsplit(" (", 1)[0] if s.role.endswith(")") else s.role
        if (s.role in informed or base in informed) and s.role not in listed:
            out.append(Problem(at, _("{role!r} is informed (decision.informed): the informed never sign; remove the "
                                     "row, or list the role under decision_makers or consulted").format(role=s.role), SINCE))
        elif s.role not in listed:
            roles = ", ".join(repr(r) for r in may_sign(ws)) or _("none are listed")
            out.append(Problem(at, _("{role!r} is neither a decision maker nor consulted, so it cannot sign; a sign-off "
                                     "role is one of: {roles}").format(role=s.role, roles=roles), SINCE))
        if s.role in seen:
            out.append(Problem(at, _("a second sign-off row for {role!r} (the first is signoffs[{first}]): one "
                                     "signature per approver").format(role=s.role, first=seen[s.role]), SINCE))
        seen.setdefault(s.role, i)
        if s.record_inputs_sha256 and s.verdict not in (Vote.APPROVE, Vote.REJECT):
            out.append(Problem(f"signoffs[{i}].verdict", _("a row that names a signed record holds that signature's "
                               "verdict (approve or reject), not {verdict}").format(verdict=word(s.verdict)), SINCE))
    out.extend(revision_problems(ws))
    out.extend(identity_problems(ws))
    if len(backing_records(ws)) > 1:
        out.append(Problem("signoffs", _("the sign-off rows name {n} different signed approval records "
                                         "(signed_record_sha256): the verdicts of one record are copied together "
                                         "(deepdecide signoffs)").format(n=len(backing_records(ws))), IDENTITY_SINCE))
    if d.superseded_by and d.status != RecordStatus.SUPERSEDED:
        out.append(Problem("decision.superseded_by", _("set, but the status is {status}; superseded_by "
                           "belongs to a superseded record").format(status=word(d.status)), SINCE))
    if d.status == RecordStatus.SUPERSEDED and not d.superseded_by.strip():
        out.append(Problem("decision.superseded_by", _("a superseded record names the record that supersedes it "
                           "(decision.superseded_by)"), SINCE))
    if d.status in APPROVED_STATUSES:
        out.extend(_approval_problems(ws, content_sha256))
    if d.status == RecordStatus.REJECTED:
        out.extend(_rejection_problems(ws, content_sha256))
    return out


def revision_problems(ws: Workspace) -> list[Problem]:
    """A revision counts from 1; a later revision names its predecessor by id, revision and inputs hash."""
    d = ws.decision
    out: list[Problem] = []
    if d.revision < 1:
        out.append(Problem("decision.revision", _("{revision}: a record's revision counts from 1").format(
            revision=d.revision), SINCE))
    p = d.previous
    if p is None:
        return out
    if not p.id.strip():
        out.append(Problem("decision.previous.id", _("the previous revision's record id is empty"), SINCE))
    if not (1 <= p.revision < d.revision):
        out.append(Problem("decision.previous.revision", _("{previous}: the previous revision comes before this "
                           "one (revision {revision})").format(previous=p.revision, revision=d.revision), SINCE))
    h = p.inputs_sha256.lower()
    if len(h) != 64 or any(ch not in "0123456789abcdef" for ch in h):
        out.append(Problem("decision.previous.inputs_sha256", _("not a SHA-256 (64 hexadecimal digits): the inputs hash "
                           "deepdecide verify prints for the earlier record"), SINCE))
    return out


def new_revision(previous: Workspace, inputs_sha256: str) -> Workspace:
    """A new revision of a record, built from that record's inputs: the same decision, the revision
    counted on, its predecessor named by id, revision and inputs hash; proposed again, with every
    sign-off row pending (the people stay), since a changed decision is approved anew."""
    d = previous.decision
    rows = tuple(pending(s) for s in previous.signoffs)
    new = dataclasses.replace(d, status=RecordStatus.PROPOSED, superseded_by="", revision=d.revision + 1,
                              previous=PreviousRevision(d.id, d.revision, inputs_sha256))
    return dataclasses.replace(previous, decision=new, signoffs=rows)


def _rejection_problems(ws: Workspace, content_sha256: str) -> list[Problem]:
    """*Rejected*, like *accepted*, is never typed by hand: it is what a record becomes when a required
    approver signed it with *reject* (``deepdecide signoffs``), on the content the workspace still has."""
    rows = {s.role: s for s in ws.signoffs if s.record_inputs_sha256}
    rejecters = [r for r in required_approvers(ws) if r in rows and rows[r].verdict == Vote.REJECT]
    if not rejecters:
        return [Problem("decision.status", _("rejected needs the signed reject of a required approver "
                        "({roles}); none is recorded. Rejected is never typed by hand: "
                        "export the record for approval (deepdecide report --for-approval), have the approvers sign it "
                        "(deepdecide sign), then copy the verdicts (deepdecide signoffs RECORD.pdf --into WS)").format(
                            roles=roles_text(required_approvers(ws))), SINCE)]
    if any(rows[r].record_inputs_sha256 != content_sha256 for r in rejecters):
        return [Problem("decision.status", _("rejected, but the workspace changed after the record was signed"),
                        SINCE)]
    return []


def _approval_problems(ws: Workspace, content_sha256: str) -> list[Problem]:
    out: list[Problem] = []
    status = ws.decision.status.value
    gaps = content_gaps(ws)  # the identities: a copied verdict names its certificate (legacy rows: a note)
    if gaps:
        out.append(Problem("decision.status", _("{status}, but the record is not ready for approval: {gaps}").format(
            status=word(status, "record status"), gaps="; ".join(str(g) for g in gaps)), SINCE))
    rows = {s.role: (i, s) for i, s in enumerate(ws.signoffs)}
    unsigned = [r for r in required_approvers(ws) if r not in rows or rows[r][1].verdict != Vote.APPROVE
                or not rows[r][1].record_inputs_sha256]
    if unsigned:
        out.append(Problem("decision.status", _("{status} needs the signed approval of every required approver; "
                           "missing: {missing}. Accepted is never typed by hand: export the record for "
                           "approval (deepdecide report --for-approval), have each approver sign it (deepdecide sign), "
                           "then copy the verdicts (deepdecide signoffs RECORD.pdf --into WS)").format(
                               status=word(status, "record status"), missing=", ".join(unsigned)), SINCE))
    for i, s in enumerate(ws.signoffs):
        if s.record_inputs_sha256 and s.record_inputs_sha256 != content_sha256:
            out.append(Problem(f"signoffs[{i}].record_inputs_sha256",
                               _("the verdict of {role!r} was signed on a record with inputs SHA-256 "
                                 "{signed}…, but the workspace's content now hashes to "
                                 "{now}…: it changed after approval (a change is a new revision, "
                                 "signed again)").format(role=s.role, signed=s.record_inputs_sha256[:16],
                                                         now=content_sha256[:16]), SINCE))
    return out


def signer_lines(ws: Workspace) -> list[Message]:
    """One message per place on the sign-off page: role, required or optional, and its state."""
    out = []
    for s in signers(ws):
        kind = (msg("approval.required", "required approver") if s.required
                else msg("approval.optional", "consulted, may sign"))
        who: str | Message = s.name or msg("approval.to_be_named", "(to be named)")
        if s.row.verdict != Vote.PENDING and not fingerprint(s.row.signed_record_sha256):
            state = msg("approval.legacy", "legacy, unverified: {verdict} (no signed approval record backs it)",
                        verdict=s.row.verdict)
        elif s.signed:
            verdict = (msg("approval.verdict.approve", "approve") if s.row.verdict == Vote.APPROVE
                       else msg("approval.verdict.reject", "reject"))
            if s.row.date and s.row.certificate:
                state = msg("approval.signed_on_by", "signed: {verdict} on {date} ({certificate})", verdict=verdict,
                            date=s.row.date, certificate=s.row.certificate)
            elif s.row.date:
                state = msg("approval.signed_on", "signed: {verdict} on {date}", verdict=verdict, date=Day(str(s.row.date)))
            elif s.row.certificate:
                state = msg("approval.signed_by", "signed: {verdict} ({certificate})", verdict=verdict,
                            certificate=s.row.certificate)
            else:
                state = msg("approval.signed", "signed: {verdict}", verdict=verdict)
        else:
            state = msg("approval.not_signed", "not signed")
        if has_identity(s.row):
            out.append(msg("approval.signer_identity", "{role} — {who}, {identity} ({kind}): {state}", role=s.role,
                           who=who, identity=identity_text(s.row), kind=kind, state=state))
        else:
            out.append(msg("approval.signer", "{role} — {who} ({kind}): {state}", role=s.role, who=who, kind=kind,
                           state=state))
    return out


def signer_summary(ws: Workspace) -> list[str]:
    """:func:`signer_lines` in the current language."""
    return [m.render() for m in signer_lines(ws)]


def roles_text(roles: Iterable[str]) -> str:
    return ", ".join(roles) or i18n.gettext("none")
