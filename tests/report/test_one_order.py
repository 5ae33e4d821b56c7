"""The record lists the options in the one order of every view (the Assessment's: ranked by score, then
those that cannot be ranked, grouped by why), as the desktop and the command line do: its tables
iterate the assessment the build hands them, already in that order."""

from __future__ import annotations

from reportlab.platypus import Table

from deepdecide.analysis import evaluate
from deepdecide.report.render import in_one_order
from deepdecide.report.sections.base import Context
from deepdecide.report.sections.summary import _fit_summary
from deepdecide.storage.files import load_builtin_workspace


def _text(cell) -> str:
    return str(getattr(cell, "text", cell))


def _first_column(flowables, heading: str) -> list[str]:
    table = next(f for f in flowables if isinstance(f, Table) and _text(f._cellvalues[0][0]) == heading)
    return [_text(row[0]) for row in table._cellvalues[1:]]


def test_the_record_s_tables_follow_the_assessment_s_one_order():
    ws = load_builtin_workspace()
    a = evaluate(ws, sensitivity=False)
    ordered = in_one_order(a)
    assert [o.option for o in ordered.options] == list(a.order)
    assert list(a.order) != [o.id for o in ws.options]  # the sample ranks otherwise than its file lists
    assert in_one_order(ordered) == ordered
    ctx = Context(ws=ws, inputs_sha256="0" * 64, sections=(), assessment=ordered)
    names = {o.option: o.name for o in a.options}
    assert _first_column(_fit_summary(ctx), "Option") == [names[i] for i in a.order]
