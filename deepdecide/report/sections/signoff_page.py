"""The record's sign-off page: who must sign, who may, what is missing, and one signature field each.

Every decision maker (a required approver) and every consulted (who may sign) gets a row with an
empty PDF signature field (``/FT /Sig``, named ``approval.field_name(role)``) placed in the row's
last cell. ``deepdecide sign`` fills that field as a PAdES incremental update whose visible
appearance shows the signer, role, verdict and date; the record's own bytes never change, so
``deepdecide verify`` still rebuilds them exactly.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFObject, PDFString
from reportlab.platypus import Flowable, KeepTogether, Spacer

from deepdecide.analysis.acceptance import failures
from deepdecide.domain import approval
from deepdecide.domain.i18n import _, pgettext
from deepdecide.domain.workspace import AcceptanceCheck, Vote
from deepdecide.report.sections.base import h1
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, GOOD, RULE, WARN, bullets, para, table
from deepdecide.report.words import text, word

FIELD_W = 58 * mm
FIELD_H = 24 * mm  # seven lines of 7 pt in the visible signature (report.approval.stamp_capacity)
_FIELDS_ATTR = "_deepdecide_signature_fields"


class _SignatureWidget(PDFObject):
    """An empty signature field merged with its widget annotation (PDF 32000-1, 12.7.4.5)."""

    def __init__(self, name: str, tooltip: str, rect: tuple[float, float, float, float]):
        self.name = name
        self.tooltip = tooltip
        self.rect = rect

    def format(self, document: Any) -> bytes:
        d = PDFDictionary({
            "Type": PDFName("Annot"),
            "Subtype": PDFName("Widget"),
            "FT": PDFName("Sig"),
            "T": PDFString(self.name),
            "TU": PDFString(self.tooltip),
            "Rect": PDFArray([round(v, 2) for v in self.rect]),
            "F": 4,  # print
        })
        formatted: bytes = d.format(document)
        return formatted


class SignatureField(Flowable):
    """A box in the sign-off table holding the approver's empty signature field."""

    def __init__(self, role: str, required: bool):
        super().__init__()
        self.role = role
        self.required = required
        self.width = FIELD_W
        self.height = FIELD_H

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(RULE)
        c.setLineWidth(0.5)
        c.setDash(2, 2)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.restoreState()
        x0, y0 = c.absolutePosition(0, 0)
        x1, y1 = c.absolutePosition(self.width, self.height)
        name = approval.field_name(self.role)
        c._addAnnotation(_SignatureWidget(name, _("Sign-off: {role}").format(role=self.role), (x0, y0, x1, y1)),
                         name=name)
        doc = c._doc
        fields = getattr(doc, _FIELDS_ATTR, None)
        if fields is None:
            fields = []
            setattr(doc, _FIELDS_ATTR, fields)
        if name not in fields:
            fields.append(name)


def add_acroform(doc: Any) -> None:
    """List the signature fields drawn on the pages in the catalog's /AcroForm (called on save)."""
    fields = getattr(doc, _FIELDS_ATTR, None)
    if not fields:
        return
    doc.Catalog.AcroForm = PDFDictionary({"Fields": PDFArray([doc.refAnnotation(n) for n in fields])})


def signoff(ctx: Any) -> list[Flowable]:
    ws = ctx.ws
    d = ws.decision
    out = h1(title("signoff"), "signoff")
    gaps = approval.missing_for_approval(ws, ctx.record_date or None)
    if ctx.approval_record_sha256:
        out.append(para(_("Status: {status}, as the signatures of the signed approval record embedded in this PDF "
                          "give it (below). This record of decision id {id}, inputs SHA-256 {sha256}, is not signed "
                          "itself: its sign-offs are those signatures.").format(
                              status=word(d.status), id=d.id, sha256=ctx.inputs_sha256)))
    else:
        out.append(para(_("Status: {status}. Each approver signs this PDF in turn, in their own field below; the "
                          "signature is the approval and carries the role, the verdict (approve or reject), any "
                          "conditions and the date. It applies to the record identified by decision id {id} and "
                          "inputs SHA-256 {sha256}.").format(status=word(d.status), id=d.id,
                                                             sha256=ctx.inputs_sha256)))

    def roles(names: Any) -> str:
        return ", ".join(names) or pgettext("roles", "none")

    out.append(para(_("Required approvers (the decision makers): {required}. Consulted, who may sign: {consulted}. "
                      "Informed, who never sign: {informed}.").format(
                          required=roles(approval.required_approvers(ws)), consulted=roles(d.consulted),
                          informed=roles(d.informed))))
    if gaps:
        out.append(para(_("Not ready for approval. Missing: {missing}. A signature on this record is a review "
                          "signature, not an approval.").format(missing="; ".join(text(g) for g in gaps)),
                        markup=False))
    else:
        out.append(para(_("Ready for approval: a chosen option, the rationale, good and bad consequences and the "
                          "confirmation criteria are stated.")))
    rows: list[list[Any]] = []
    extra: list[tuple[Any, ...]] = []
    backed = bool(ctx.approval_record_sha256)
    for i, s in enumerate(approval.signers(ws), start=1):
        r = s.row
        vote = _("{vote} (dissent)").format(vote=word(r.verdict)) if r.verdict == Vote.REJECT else word(r.verdict)
        if s.signed and backed and approval.fingerprint(r.signed_record_sha256):
            verdict = _("{verdict}, {date}").format(verdict=vote, date=r.date) if r.date else vote
            color = GOOD if r.verdict == Vote.APPROVE else BAD
        elif r.verdict != Vote.PENDING:  # typed into the workspace, or copied by an earlier version
            verdict = _("{verdict}: legacy, unverified").format(verdict=vote)
            color = WARN
        else:
            verdict, color = word(Vote.PENDING), WARN
        rows.append([s.role, s.name or _("(to be named)"), _("required") if s.required else _("optional"), verdict,
                     r.conditions or "–", *([] if backed else [SignatureField(s.role, s.required)])])
        extra.append(("TEXTCOLOR", (3, i), (3, i), color))
        extra.append(("VALIGN", (0, i), (-1, i), "MIDDLE"))
    if not rows:
        out.append(para(_("No decision makers or consulted are named: nobody can sign.")))
        return out
    # a long condition goes in full under the table, referenced from its cell ([n])
    if backed:  # signed already: the signatures are those of the embedded record, nobody signs this one
        out.append(table([_("Role"), _("Name"), _("Approver"), _("Verdict"), _("Conditions")], rows,
                         [34 * mm, 30 * mm, 18 * mm, 26 * mm, 66 * mm], extra=extra, notes=[4]))
    else:
        out.append(table([_("Role"), _("Name"), _("Approver"), _("Verdict"), _("Conditions"), _("Signature field")],
                         rows, [34 * mm, 24 * mm, 16 * mm, 20 * mm, 22 * mm, FIELD_W], extra=extra, notes=[4]))
    out.append(Spacer(1, 2 * mm))
    who = [_("{role}: {who}, {identity}").format(role=s.role, who=s.name or _("(to be named)"),
                                                   identity=approval.identity_text(s.row))
           for s in approval.signers(ws) if approval.has_identity(s.row)]
    out.append(para(_("Approvers are identities: a signature counts only when its certificate is the one the row "
                      "names (the e-mail or common name, and the issuing CA's or the certificate's own SHA-256 "
                      "fingerprint), and one certificate fills one role. A substitute is a change to the "
                      "workspace, approved in its own right.")))
    out += bullets(who)
    if backed:
        out.append(Spacer(1, 2 * mm))
        out.append(para(_("Accepted means signed: these sign-offs are the signatures of the signed approval record "
                          "embedded in this PDF as {name}, SHA-256 {sha}. deepdecide verify checks that it is "
                          "intact, over this record's content, signed by the approvers named above with the "
                          "verdicts shown.").format(name="deepdecide-approval-record.pdf",
                                                    sha=ctx.approval_record_sha256)))
        signed_rows = [[s.role, s.row.certificate or "?", s.row.fingerprint_sha256 or "?"]
                       for s in approval.signers(ws) if s.signed and approval.fingerprint(s.row.signed_record_sha256)]
        if signed_rows:
            out.append(table([_("Role"), _("Signer (certificate subject)"), _("Certificate SHA-256 fingerprint")],
                             signed_rows, [34 * mm, 50 * mm, 90 * mm]))
    if d.acceptance_checks:
        failed = {f.path: f.reason for f in failures(ws, ctx.assessment)}
        lines = []
        names = {AcceptanceCheck.PARITY: _("parity must pass before acceptance")}
        for i, check in enumerate(d.acceptance_checks):
            why = failed.get(f"decision.acceptance_checks[{i}]")
            lines.append(_("{check}: not met: {why}").format(check=names[check], why=why) if why is not None
                         else _("{check}: met").format(check=names[check]))
        out.append(para(_("Checked before acceptance (decision.acceptance_checks); the record is not made or "
                          "exported accepted while one is not met:")))
        out += bullets(lines)
    out.append(Spacer(1, 2 * mm))
    signed = [s for s in approval.signers(ws) if s.signed]
    required = [s for s in approval.signers(ws) if s.required]
    approved = sum(1 for s in required if s.signed and s.row.verdict == Vote.APPROVE)
    if backed:
        out.append(para(_("The Verdict column shows the verdicts of the embedded signed approval record: {approved} "
                          "of {required} required approvals, {signed} signed verdicts in all.").format(
                              approved=approved, required=len(required), signed=len(signed))))
    else:
        out.append(para(_("The Verdict column shows the verdicts the workspace held when this record was built: "
                          "{approved} of {required} required approvals, {signed} signed verdicts in all. The "
                          "signatures in the fields are the approvals of this record; each field shows the approval "
                          "state the signatures gave when it was signed, and a short condition (in full: deepdecide "
                          "verify, and the accepted record's sign-off page). deepdecide verify lists each one "
                          "(signer, role, verdict, trusted) and says whether the record is approved now.").format(
                              approved=approved, required=len(required), signed=len(signed))))
    unlisted = [s for s in ws.signoffs if s.role not in approval.may_sign(ws)]
    if unlisted:
        out += bullets([_("Row not shown: {role} is not a decision maker or consulted").format(role=s.role)
                        for s in unlisted])
    # the heading, its text and the table on one page where they fit on one (a table split after its first
    # row would leave that row alone under the heading); a longer one runs on over the pages
    return [out[0], KeepTogether(out[1:])]
