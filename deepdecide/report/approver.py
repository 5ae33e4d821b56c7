"""What an approver does with a record: sign it in their role's field (``sign_as_approver``), and
copy the verdicts of a verified signed record back into the workspace (``signoffs_from_record``).
Both verify the record first, so this module sits above ``report.integrity``; the approval state,
the stamps and the copy itself are ``report.approval``'s, below it."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

from deepdecide.domain import approval
from deepdecide.domain.i18n import _
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import Vote, Workspace
from deepdecide.importers.secrets import redact
from deepdecide.report.approval import (
    APPROVAL,
    MARKER,
    REVIEW,
    STAMP_FONT_PT,
    STAMP_LEADING_PT,
    STAMP_MARGIN_PT,
    ApprovalError,
    ApprovalState,
    already_signed_as,
    copy_signoffs,
    read_signatures,
    record_day,
    record_workspace,
    stamp_text,
    state_after,
)
from deepdecide.report.integrity import INTACT, verify
from deepdecide.report.signing import (
    SigningError,
    _quiet_pyhanko,
    certificate_facts,
    check_signing_certificate,
    load_crls,
    load_trust,
    signer_certificates,
)

if TYPE_CHECKING:
    from pyhanko.sign.signers import SimpleSigner


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
    from pyhanko.pdf_utils.incremental_writer import (
        IncrementalPdfFileWriter,  # deferred: pyHanko loads when signing
    )
    from pyhanko.pdf_utils.layout import AxisAlignment, Margins, SimpleBoxLayoutRule  # deferred: as above
    from pyhanko.pdf_utils.text import TextBoxStyle  # deferred: as above
    from pyhanko.sign import fields, signers  # deferred: as above
    from pyhanko.stamp import TextStampStyle  # deferred: as above

    name = certificate_name or _("the certificate")
    conditions = redact(conditions)
    if verdict not in (Vote.APPROVE, Vote.REJECT):
        raise ApprovalError(_("the verdict is approve or reject, not {verdict}").format(verdict=word(verdict)))
    check_signing_certificate(signer, name)
    result = verify(pdf)
    if result.status != INTACT:
        raise ApprovalError(_("the record is {status}: {reasons}").format(status=_(result.status),
                                                                           reasons="; ".join(result.reasons[:3])))
    ws = record_workspace(pdf)
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
    state = state_after(ws, read_signatures(pdf, result.signatures), role, verdict, kind)
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
            from pyhanko.sign.timestamps import HTTPTimeStamper  # deferred: pyHanko loads when signing
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


def signoffs_from_record(ws: Workspace, pdf: bytes, *, trust: list[str] | None = None,
                         crls: list[str] | None = None) -> tuple[Workspace, ApprovalState]:
    """``copy_signoffs`` from the signed record ``pdf`` after verifying it against the certificates to
    trust and the revocation lists (files: PEM or DER): a record that is not intact is refused
    (``ApprovalError``), and only valid, trusted signatures count. One code for ``deepdecide signoffs``
    and the desktop application."""
    result = verify(pdf, trust=load_trust(list(trust or ())), crls=load_crls(list(crls or ())))
    if result.status != INTACT:
        raise ApprovalError(_("the record is {status}: {reasons}").format(
            status=_(result.status), reasons="; ".join(result.reasons[:3])))
    return copy_signoffs(ws, pdf, result.signatures)
