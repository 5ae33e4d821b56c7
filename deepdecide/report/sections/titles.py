"""The record's sections, in order, with their titles."""

from __future__ import annotations

from deepdecide.domain.i18n import _


def N_(message: str) -> str:
    """Mark a title for the catalog; it is translated where it is shown (:func:`title`)."""
    return message


#: the English titles (the GUI's export dialog translates them with its own catalog)
TITLES: dict[str, str] = {
    "cover": N_("Cover"),
    "summary": N_("Executive summary"),
    "context": N_("Context and decision drivers"),
    "options": N_("Options compared"),
    "matrix": N_("Support matrix (excerpt)"),
    "evidence": N_("Benchmark evidence"),
    "parity": N_("Parity verdicts"),
    "checklist": N_("Service-gap checklist"),
    "questions": N_("The article's four questions"),
    "cost": N_("Cost and TCO"),
    "budget": N_("Prices and budget"),
    "sensitivity": N_("Sensitivity and Monte Carlo"),
    "migration": N_("Migration plan"),
    "risks": N_("Risks and consequences"),
    "signoff": N_("Sign-off"),
    "appendix": N_("Appendix: evidence files"),
    "changes": N_("Appendix: changes since the previous revision"),
}


def title(section: str) -> str:
    """A section's title in the record's language."""
    return _(TITLES[section])
