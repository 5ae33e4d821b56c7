"""Sign-off: each signer's verdict and conditions, with a line to sign by hand."""

from __future__ import annotations

from collections import defaultdict

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from deepdecide.domain.formatting import DASH
from deepdecide.domain.workspace import Vote
from deepdecide.report.sections.base import Context, h1
from deepdecide.report.styles import BAD, GOOD, WARN, para, table


class SignatureLine(Flowable):
    """An empty line to sign on by hand, with the signer's name under it."""

    def __init__(self, name: str, width: float = 70 * mm):
        super().__init__()
        self.name = name
        self.width = width
        self.height = 14 * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        from deepdecide.report import fonts
        from deepdecide.report.styles import GREY

        c = self.canv
        c.setStrokeColor(GREY)
        c.setLineWidth(0.6)
        c.line(0, 5 * mm, self.width, 5 * mm)
        c.setFont(fonts.REGULAR, 6.5)
        c.setFillColor(GREY)
        c.drawString(0, 2 * mm, fonts.safe_text(f"signature: {self.name}"))




def signoff(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Sign-off", "signoff")
    out.append(para(f"Each signer approves the record identified by decision id {ws.decision.id} and inputs "
                    f"SHA-256 {ctx.inputs_sha256}. Votes against are recorded as dissent, with their conditions."))
    if not ws.signoffs:
        out.append(para("No signers have been recorded."))
        return out
    rows = []
    extra = []
    for i, s in enumerate(ws.signoffs, start=1):
        verdict = s.verdict.value + (" (dissent)" if s.verdict == Vote.REJECT else "")
        rows.append([s.name, s.role, verdict, s.date or DASH, s.conditions or DASH, SignatureLine(s.name, 40 * mm)])
        color = {Vote.APPROVE: GOOD, Vote.REJECT: BAD}.get(s.verdict, WARN)
        extra.append(("TEXTCOLOR", (2, i), (2, i), color))
    out.append(table(["Name", "Role", "Verdict", "Date", "Conditions", "Signature"], rows,
                     [28 * mm, 30 * mm, 20 * mm, 18 * mm, 36 * mm, 42 * mm], extra=extra))
    counts = defaultdict(int)
    for s in ws.signoffs:
        counts[s.verdict.value] += 1
    out.append(para("Tally: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) + "."))
    return out
