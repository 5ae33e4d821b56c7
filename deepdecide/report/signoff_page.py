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
from reportlab.platypus import Flowable, Spacer

from deepdecide.domain import approval
from deepdecide.domain.workspace import Vote
from deepdecide.report.styles import BAD, GOOD, WARN, bullets, para, table

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
        c._addAnnotation(_SignatureWidget(name, f"Sign-off: {self.role}", (x0, y0, x1, y1)), name=name)
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

    ws = ctx.ws
    d = ws.decision
    out = h1("Sign-off", "signoff")
    gaps = approval.missing_for_approval(ws)
    out.append(para(f"Status: {d.status.value}. Each approver signs this PDF in turn, in their own field below; the "
                    f"signature is the approval and carries the role, the verdict (approve or reject), any conditions "
                    f"and the date. It applies to the record identified by decision id {d.id} and inputs SHA-256 "
                    f"{ctx.inputs_sha256}."))
    out.append(para("Required approvers (the decision makers): " + approval.roles_text(approval.required_approvers(ws))
                    + ". Consulted, who may sign: " + approval.roles_text(d.consulted)
                    + ". Informed, who never sign: " + approval.roles_text(d.informed) + "."))
    if gaps:
        out.append(para("Not ready for approval. Missing: " + "; ".join(str(g) for g in gaps)
                        + ". A signature on this record is a review signature, not an approval.", markup=False))
    else:
        out.append(para("Ready for approval: a chosen option, the rationale, good and bad consequences and the "
                        "confirmation criteria are stated."))
    rows: list[list[Any]] = []
    extra: list[tuple[Any, ...]] = []
    for i, s in enumerate(approval.signers(ws), start=1):
        r = s.row
        if s.signed:
            verdict = r.verdict.value + (" (dissent)" if r.verdict == Vote.REJECT else "")
            verdict += f", {r.date}" if r.date else ""
            color = GOOD if r.verdict == Vote.APPROVE else BAD
        elif r.verdict != Vote.PENDING:  # typed into the workspace, not copied from a signature
            verdict = r.verdict.value + (" (dissent)" if r.verdict == Vote.REJECT else "") + ", not signed"
            color = WARN
        else:
            verdict, color = "pending", WARN
        rows.append([s.role, s.name or "(to be named)", "required" if s.required else "optional", verdict,
                     r.conditions or "–", SignatureField(s.role, s.required)])
        extra.append(("TEXTCOLOR", (3, i), (3, i), color))
        extra.append(("VALIGN", (0, i), (-1, i), "MIDDLE"))
    if not rows:
        out.append(para("No decision makers or consulted are named: nobody can sign."))
        return out
    out.append(table(["Role", "Name", "Approver", "Verdict", "Conditions", "Signature field"], rows,
                     [34 * mm, 24 * mm, 16 * mm, 20 * mm, 22 * mm, FIELD_W], extra=extra))
    out.append(Spacer(1, 2 * mm))
    signed = [s for s in approval.signers(ws) if s.signed]
    required = [s for s in approval.signers(ws) if s.required]
    approved = sum(1 for s in required if s.signed and s.row.verdict == Vote.APPROVE)
    out.append(para(f"The Verdict column shows the verdicts the workspace held when this record was built: "
                    f"{approved} of {len(required)} required approvals, {len(signed)} signed verdicts in all. The "
                    "signatures in the fields are the approvals of this record; deepdecide verify lists each one "
                    "(signer, role, verdict, trusted) and says whether the record is approved."))
    unlisted = [s for s in ws.signoffs if s.role not in approval.may_sign(ws)]
    if unlisted:
        out += bullets([f"Row not shown: {s.role} is not a decision maker or consulted" for s in unlisted])
    return out
