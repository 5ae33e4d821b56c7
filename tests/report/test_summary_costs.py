"""The summary states the recommended option's cost as the ranking table does: the driving cost
view, at the precision its range supports ("≈" when it rests on assumptions)."""

from __future__ import annotations

import subprocess

from pdf_helpers import need

from deepdecide.analysis import evaluate
from deepdecide.report import build
from deepdecide.report.sections.cost import driving, view_money
from deepdecide.report.words import word
from deepdecide.storage.files import load_builtin_workspace


def test_summary_and_ranking_print_the_same_cost_figures():
    ws = load_builtin_workspace()
    a = evaluate(ws, sensitivity=False)
    oa = a.option(a.winner)
    cur = ws.assumptions.currency
    per_m, tco = view_money(driving(oa.costs), True, cur), view_money(driving(oa.costs), False, cur)
    assert per_m.startswith("≈")  # the sample's capacity and prices are assumptions
    pdf = build(ws, sections=("cover", "summary"))
    text = subprocess.run([need("pdftotext"), "-layout", "-", "-"], input=pdf, capture_output=True, check=True,
                          timeout=60).stdout.decode()
    line = next(ln for ln in text.splitlines() if "Cost per million output tokens" in ln)
    view = word(a.cost_view)  # "all-in (economic)"
    assert f"{per_m} ({view} view" in line
    assert f"{tco} ({view} view)" in next(ln for ln in text.splitlines() if "TCO over" in ln)
    ranking = next(ln for ln in text.splitlines() if oa.name.split(",")[0] in ln and per_m in ln and tco in ln)
    assert ranking
