"""Money is in the workspace currency everywhere the record and the CLI print it (the analysis
computes in the workspace's own unit; the views only name it)."""

from __future__ import annotations

import dataclasses
import re
import subprocess

from pdf_helpers import need

from deepdecide.analysis import evaluate
from deepdecide.cli import evaluate_cmd
from deepdecide.domain import formatting
from deepdecide.report import build
from deepdecide.storage.files import load_builtin_workspace

#: a dollar amount ("$1.72", "≈ $33M"); "$/M" in a formula is a unit, not an amount
DOLLARS = re.compile(r"\$\s?\d")


def _in_euros():
    ws = load_builtin_workspace()
    return dataclasses.replace(ws, assumptions=dataclasses.replace(ws.assumptions, currency="EUR"))


def test_the_record_prints_every_amount_in_the_workspace_currency():
    ws = _in_euros()
    a = evaluate(ws, sensitivity=True, monte_carlo=True, draws=200)
    pdf = build(ws)
    text = subprocess.run([need("pdftotext"), "-layout", "-", "-"], input=pdf, capture_output=True, check=True,
                          timeout=60).stdout.decode()
    assert not DOLLARS.search(text), DOLLARS.search(text)
    # the only "$" left is the cited formula's own text
    assert [ln for ln in text.splitlines() if "$" in ln and "decision_practice.md" not in ln] == []
    oa = a.option(a.winner)
    tco = formatting.money(oa.costs.tco_usd.value, "EUR", approx=True, low=oa.costs.cash.tco_low,
                           high=oa.costs.cash.tco_high) if a.cost_view.value == "cash" else None
    assert "€" in text and "€/M cash" in text and "€/GPU-h" in text
    if tco is not None:
        assert tco in text


def test_the_cli_prints_every_amount_in_the_workspace_currency():
    ws = _in_euros()
    a = evaluate(ws, sensitivity=True, monte_carlo=True, draws=200)
    text = evaluate_cmd.render(ws, a)
    assert "$" not in text
    assert "€/M cash" in text and "€/GPU-h" in text
    assert evaluate_cmd.json_data(ws, a)["currency"] == "EUR"


def test_the_spreadsheet_names_money_columns_in_the_workspace_currency():
    from deepdecide.report.spreadsheet import comparison_table

    ws = _in_euros()
    headers = comparison_table(ws, evaluate(ws, monte_carlo=True, draws=50)).headers
    assert not [h for h in headers if "$" in h]
    assert any(h.endswith("[€]") for h in headers) and any("[€/M tokens]" in h for h in headers)
