"""The record shows predictions beside their measured twins (with the error per metric), labels
predicted runs, and strikes through runs excluded by a failing parity check."""

from __future__ import annotations

import io

from prediction_scenarios import with_failing_parity, with_twin
from pypdf import PdfReader

from deepdecide.report.build import build


def _text(ws, sections=("summary", "options", "evidence")) -> str:
    pdf = build(ws, sections=sections)
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def test_the_record_pairs_a_prediction_with_its_measured_twin_and_shows_the_errors(tmp_path):
    ws, row, twin = with_twin(tmp_path)
    text = _text(ws, ("evidence",))
    assert "Predicted vs measured" in text
    assert "aiconfigurator" in text
    assert "+11.1 %" in text  # output tok/s/GPU: predicted / measured = 1 / 0.9
    assert "−33.3 %" in text or "-33.3 %" in text  # TTFT mean: predicted 1 / 1.5 of the measured
    assert "+20.0 %" in text  # TPOT mean
    assert "PREDICTED" in text  # the predicted runs are labelled in the runs table
    assert "capacities that rest on its predictions get a Monte Carlo range widened" in text


def test_the_record_marks_runs_excluded_by_a_failing_parity_check(tmp_path):
    ws = with_failing_parity(tmp_path)
    text = _text(ws)
    assert "EXCLUDED (fails parity)" in text
    assert "Struck-through runs: excluded from capacity and cost: greedy_match FAILED" in text
    assert "fails parity" in text


def test_the_record_shows_reproduction_records_as_pairs():
    from dataclasses import replace
    from pathlib import Path

    import pytest

    from deepdecide.importers.registry import import_file
    from deepdecide.storage.files import load_workspace, sample_workspace_path

    record = (Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks" / "aisimulate"
              / "agentx_dsv4pro_440246_b200_vllm_job-4228930-comparison.json")
    if not record.exists():
        pytest.skip(f"shared fixture missing: {record}")
    ws = load_workspace(sample_workspace_path())
    assert "Reproductions" not in _text(ws, ("evidence",))  # no reproduction record: no section
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, import_file(record).evidence)))
    text = _text(ws, ("evidence",))
    assert "Reproductions" in text and "Reference point" in text
    assert "224 / 229" in text and "-2.1 %" in text and "+0.5 %" in text
