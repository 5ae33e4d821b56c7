"""The record's sections, in order, with their titles."""

from __future__ import annotations

TITLES: dict[str, str] = {
    "cover": "Cover",
    "summary": "Executive summary",
    "context": "Context and decision drivers",
    "options": "Options compared",
    "matrix": "Support matrix (excerpt)",
    "evidence": "Benchmark evidence",
    "parity": "Parity verdicts",
    "checklist": "Service-gap checklist",
    "cost": "Cost and TCO",
    "sensitivity": "Sensitivity and Monte Carlo",
    "migration": "Migration plan",
    "risks": "Risks and consequences",
    "signoff": "Sign-off",
    "appendix": "Appendix: evidence files",
    "changes": "Appendix: changes since the previous revision",
}
