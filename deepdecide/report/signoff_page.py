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

from deepdecide.domain import approval
from deepdecide.domain.i18n import _, pgettext
from deepdecide.domain.workspace import Vote
from deepdecide.report.styles import BAD, GOOD, WARN, bullets, para, table
from deepdecide.report.words import text, word

FIELD_W = 58 * mm
FIELD_H = 19 * mm
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
        from deepdecide.report.styles import RULE

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
    from deepdecide.report.sections.base import h1
    from deepdecide.report.sections.titles import title

    ws = ctx.ws
    d = ws.decision
    out = h1(title("signoff"), "signoff")
    gaps = approval.missing_for_approval(ws)
    out.append(para(_("Status: {status}. Each approver signs this PDF in turn, in their own field below; the "
                      "signature is the approval and carries the role, the verdict (approve or reject), any "
                      "conditions and the date. It applies to the record identified by decision id {id} and inputs "
                      "SHA-256 {sha256}.").format(status=word(d.status), id=d.id, sha256=ctx.inputs_sha256)))

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
    for i, s in enumerate(approval.signers(ws), start=1):
        r = s.row
        vote = _("{vote} (dissent)").format(vote=word(r.verdict)) if r.verdict == Vote.REJECT else word(r.verdict)
        if s.signed:
            verdict = _("{verdict}, {date}").format(verdict=vote, date=r.date) if r.date else vote
            color = GOOD if r.verdict == Vote.APPROVE else BAD
        elif r.verdict != Vote.PENDING:  # typed into the workspace, not copied from a signature
            verdict = _("{verdict}, not signed").format(verdict=vote)
            color = WARN
        else:
            verdict, color = word(Vote.PENDING), WARN
        rows.append([s.role, s.name or _("(to be named)"), _("required") if s.required else _("optional"), verdict,
                     r.conditions or "–", SignatureField(s.role, s.required)])
        extra.append(("TEXTCOLOR", (3, i), (3, i), color))
        extra.append(("VALIGN", (0, i), (-1, i), "MIDDLE"))
    if not rows:
        out.append(para(_("No decision makers or consulted are named: nobody can sign.")))
        return out
    out.append(table([_("Role"), _("Name"), _("Approver"), _("Verdict"), _("Conditions"), _("Signature field")], rows,
                     [34 * mm, 24 * mm, 16 * mm, 20 * mm, 22 * mm, FIELD_W], extra=extra))
    out.append(Spacer(1, 2 * mm))
    signed = [s for s in approval.signers(ws) if s.signed]
    required = [s for s in approval.signers(ws) if s.required]
    approved = sum(1 for s in required if s.signed and s.row.verdict == Vote.APPROVE)
    out.append(para(_("The Verdict column shows the verdicts the workspace held when this record was built: "
                      "{approved} of {required} required approvals, {signed} signed verdicts in all. The signatures "
                      "in the fields are the approvals of this record; deepdecide verify lists each one (signer, "
                      "role, verdict, trusted) and says whether the record is approved.").format(
                          approved=approved, required=len(required), signed=len(signed))))
    unlisted = [s for s in ws.signoffs if s.role not in approval.may_sign(ws)]
    if unlisted:
        out += bullets([_("Row not shown: {role} is not a decision maker or consulted").format(role=s.role)
                        for s in unlisted])
    # the heading, its text and the table on one page where they fit on one (a table split after its first
    # row would leave that row alone under the heading); a longer one runs on over the pages
    return [out[0], KeepTogether(out[1:])]
