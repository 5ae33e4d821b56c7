"""The decision record's sections, one module each. Each takes the build :class:`Context` (the
canonical workspace and its Assessment) and returns flowables; sections format what the
Assessment decided and re-derive nothing."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable

from deepdecide.report.sections.appendix import appendix
from deepdecide.report.sections.base import Context, keep_headings
from deepdecide.report.sections.budget import budget
from deepdecide.report.sections.changes import changes
from deepdecide.report.sections.checklist import checklist
from deepdecide.report.sections.context import context
from deepdecide.report.sections.cost import cost
from deepdecide.report.sections.cover import cover
from deepdecide.report.sections.evidence import evidence
from deepdecide.report.sections.matrix import matrix
from deepdecide.report.sections.migration import migration
from deepdecide.report.sections.options import options
from deepdecide.report.sections.parity import parity
from deepdecide.report.sections.questions import questions
from deepdecide.report.sections.risks import risks
from deepdecide.report.sections.sensitivity import sensitivity
from deepdecide.report.sections.signoff_page import signoff
from deepdecide.report.sections.summary import summary
from deepdecide.report.sections.titles import TITLES

BUILDERS: dict[str, Callable[[Context], list[Flowable]]] = {
    "cover": cover,
    "summary": summary,
    "context": context,
    "options": options,
    "matrix": matrix,
    "evidence": evidence,
    "parity": parity,
    "checklist": checklist,
    "questions": questions,
    "cost": cost,
    "budget": budget,
    "sensitivity": sensitivity,
    "migration": migration,
    "risks": risks,
    "signoff": signoff,
    "appendix": appendix,
    "changes": changes,
}

__all__ = ["BUILDERS", "TITLES", "Context", "keep_headings"]
