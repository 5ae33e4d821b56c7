"""Energy as evidence on the Evidence page: the real InferenceX PowerX export (37 DeepSeek-V4-Pro
runs on B200 with their measured GPU power) shows its power per GPU and output tokens per joule in
the normalized table, and a chart of tokens per joule against concurrency beside the throughput
charts; a workspace without energy keeps the chart hidden."""

from __future__ import annotations

import math

import pytest

pytestmark = pytest.mark.gui

POWERX = "benchmarks/inferencex_api/powerx.csv"


def test_measured_energy_is_in_the_table_and_charted_per_joule(make_window, qtbot, interaction, shared_fixture,
                                                               tmp_path):
    window = make_window()
    window.resize(1280, 800)
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.charts_tab)  # the Summary tab comes first
    qtbot.wait(20)
    assert not page.energy_chart.isVisible() and page.energy_points == 0  # the sample measured no energy
    doc = window.document
    with qtbot.waitSignal(doc.changed, timeout=30000):
        window.import_evidence([str(shared_fixture(POWERX))])
    assert not interaction.errors, interaction.errors
    qtbot.wait(50)
    assert page.energy_points == 37 and page.energy_chart.isVisible()
    assert page.sweep_chart.isVisible()  # beside the throughput sweep, not instead of it
    frame = page.table.frame()
    rows = frame[frame["file"] == "powerx.csv"]
    assert len(rows) == 37
    first = rows[rows["concurrency"] == 64].iloc[0]
    # the file's row 440994: 160.8227 output tokens/s per GPU at 645.911 W per GPU, GPU power only
    assert first["power_w_per_gpu"] == 645.911
    assert math.isclose(first["output_tokens_per_joule"], 160.82271906524724 / 645.911, rel_tol=1e-9)
    assert math.isclose(first["output_tokens_per_joule"], 0.24899, rel_tol=1e-4)
    assert first["energy_basis"] == "GPU only"
    assert page.column_title("output_tokens_per_joule") == "Output tokens per joule"
    window.grab().save(str(tmp_path / "evidence_energy_chart.png"))
