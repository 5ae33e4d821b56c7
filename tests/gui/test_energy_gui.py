"""Energy as evidence on the Evidence page: the real InferenceX PowerX export (37 DeepSeek-V4-Pro
runs on B200 with their measured GPU power) shows its power per GPU and output tokens per joule in
the normalized table, and a chart of tokens per joule against concurrency on an Energy tab; a
workspace without energy has no such tab."""

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
    energy_tab = page.tabs.indexOf(page.energy_tab)
    assert page.tabs.tabText(energy_tab) == "Energy"
    assert not page.tabs.isTabVisible(energy_tab) and page.energy_points == 0  # the sample measured no energy
    doc = window.document
    with qtbot.waitSignal(doc.changed, timeout=30000):
        window.import_evidence([str(shared_fixture(POWERX))])
    assert not interaction.errors, interaction.errors
    qtbot.wait(50)
    assert page.energy_points == 37 and page.tabs.isTabVisible(energy_tab)
    page.tabs.setCurrentWidget(page.energy_tab)
    qtbot.wait(50)
    assert page.energy_chart.isVisible() and page.energy_chart.width() > 0.9 * page.energy_tab.width()
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
    doc.undo_stack.undo()  # the file gone, the tab goes with it
    qtbot.wait(50)
    assert page.energy_points == 0 and not page.tabs.isTabVisible(energy_tab)


def test_a_repeated_runs_interval_is_in_the_table_with_its_titles(make_window, qtbot, interaction, tmp_path):
    """Built from documentation/code (aiperf 0.13.0 aggregate_confidence_json_exporter.py, schema 1.0),
    no public real file: the mean of three runs, 1,050 tokens/s, with its 95 % interval 925.8 to 1,174.2
    as the file states it (never recomputed), and TPOT p50 18 ms within 15.5 to 20.5 ms."""
    import json

    def metric(mean, low, high, unit):
        return {"mean": mean, "std": 1.0, "min": low, "max": high, "cv": 0.01, "se": 0.5, "ci_low": low,
                "ci_high": high, "t_critical": 4.302652729911275, "unit": unit}

    doc = {"schema_version": "1.0", "aiperf_version": "0.13.0",
           "metadata": {"aggregation_type": "confidence", "num_profile_runs": 3, "num_successful_runs": 3,
                        "failed_runs": [], "confidence_level": 0.95, "run_labels": ["run_0001", "run_0002", "run_0003"]},
           "metrics": {"output_token_throughput_avg": metric(1050.0, 925.8, 1174.2, "tokens/sec"),
                       "inter_token_latency_p50": metric(18.0, 15.5, 20.5, "ms")}}
    path = tmp_path / "profile_export_aiperf_aggregate.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    interaction.context = {"runtime": "vllm", "platform": "nv-h100", "gpu_count": 8, "model": "DeepSeek-V4.1-Flash"}
    window = make_window()
    page = window.show_page("evidence")
    doc_ = window.document
    with qtbot.waitSignal(doc_.changed, timeout=30000):
        window.import_evidence([str(path)])
    assert not interaction.errors, interaction.errors
    frame = page.table.frame()
    row = frame[frame["file"] == path.name].iloc[0]
    assert (row["output_throughput_tps"], row["output_throughput_tps_ci_low"], row["output_throughput_tps_ci_high"]) \
        == (1050.0, 925.8, 1174.2)
    assert (row["tpot_ms_p50_ci_low"], row["tpot_ms_p50_ci_high"]) == (15.5, 20.5)
    assert (row["ci_level"], row["ci_runs"]) == (0.95, 3)
    assert page.column_title("output_throughput_tps_ci_low") == "Output tokens/s, interval low"
    assert page.column_title("tpot_ms_p50_ci_high") == "TPOT p50 (ms), interval high"
    assert page.column_title("ci_level") == "Interval level" and page.column_title("goodput_rps") == "Goodput (req/s)"


AIC_DISAGG = "benchmarks/aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_pareto.csv"


def test_disaggregated_runs_plot_each_pools_capacity_apart(make_window, qtbot, shared_fixture, tmp_path):
    """The real AIConfigurator disaggregated Pareto set (8 prefill + 8 decode GPUs per row, modelled): the
    Evidence page shows each run's input tok/s per prefill GPU and output tok/s per decode GPU in the
    normalized table, and plots them apart against concurrency on a Prefill / decode tab (the sample alone,
    without disaggregated runs, has no such tab). Hand values from the file's first row: 0.048 seq/s x
    2,048 input tokens / 8 prefill GPUs = 12.288; 23.92 output tok/s / 8 decode GPUs = 2.99."""
    from dataclasses import replace

    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.registry import import_file

    window = make_window()
    page = window.show_page("evidence")
    tab = page.tabs.indexOf(page.pools_tab)
    assert page.tabs.tabText(tab) == "Prefill / decode"
    assert not page.tabs.isTabVisible(tab) and page.pool_points == (0, 0)
    doc = window.document
    ws = doc.workspace
    got = import_file(shared_fixture(AIC_DISAGG), ImportContext(platform="nv-rtxpro6000")).evidence
    doc.replace(replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, got))))
    qtbot.wait(50)
    page.refresh()
    assert page.pool_points == (7, 7) and page.tabs.isTabVisible(tab)
    frame = page.table.frame()
    rows = frame[frame["file"] == got.provenance.file_name]
    first = rows[rows["concurrency"] == 7].iloc[0]
    assert math.isclose(first["prefill_input_tps_per_gpu"], 12.288, rel_tol=1e-9)
    assert math.isclose(first["decode_output_tps_per_gpu"], 2.99, rel_tol=1e-9)
    assert page.column_title("prefill_input_tps_per_gpu") == "Input tokens/s per prefill GPU"
    page.tabs.setCurrentWidget(page.pools_tab)
    qtbot.wait(50)
    assert page.prefill_chart.isVisible() and page.decode_chart.isVisible()
    window.grab().save(str(tmp_path / "evidence_pools.png"))
