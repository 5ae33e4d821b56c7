"""The Evidence page shows each prediction beside its measured twin with the error per metric, labels
predicted runs, and strikes through runs that a failing parity check excludes."""

from __future__ import annotations

from pathlib import Path

from prediction_scenarios import with_failing_parity, with_twin
from PySide6.QtCore import Qt

SHOTS = Path("/tmp/predict")


def _columns(model):
    # a field name where the model gives one (the normalized table), else the title
    return [model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.UserRole)
            or model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]


def _shot(widget, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    widget.grab().save(str(SHOTS / name))


def test_the_evidence_page_pairs_a_prediction_with_its_measured_twin(make_window, qtbot, tmp_path):
    ws, row, twin = with_twin(tmp_path)
    window = make_window()
    window.document.replace(ws)
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.pairs)
    qtbot.wait(50)
    pairs = page.pairs.model
    assert pairs.rowCount() == 1
    cols = _columns(pairs)
    values = {c: pairs.index(0, i).data() for i, c in enumerate(cols)}
    assert values["predictor"] == "aiconfigurator"
    assert values["load"] == "concurrency 64"
    assert values["tok/s/GPU error"] == "+11.1 %"
    assert values["TPOT error"] == "+20.0 %"
    assert values["TTFT error"].endswith("33.3 %") and values["TTFT error"] != "+33.3 %"
    assert twin in values["measured run"]
    assert "aiconfigurator: 1 prediction beside a measurement" in page.pairs.note.text()
    _shot(window, "evidence_predicted_vs_measured.png")

    page.tabs.setCurrentWidget(page.table_tab)  # the normalized table labels predicted runs
    cols = _columns(page.proxy)
    kinds = [page.proxy.index(r, cols.index("kind")).data() for r in range(page.proxy.rowCount())]
    assert "PREDICTED" in kinds
    page.tabs.setCurrentIndex(0)
    qtbot.wait(50)
    _shot(window, "evidence_charts_predicted_hollow.png")


def test_runs_excluded_by_a_failing_parity_check_are_struck_through(make_window, qtbot, tmp_path):
    window = make_window()
    window.document.replace(with_failing_parity(tmp_path))
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.table_tab)
    cols = _columns(page.proxy)
    files = [page.proxy.index(r, cols.index("file")).data() for r in range(page.proxy.rowCount())]
    r = files.index("8xH100_sglang_dsv4_c16.json")
    assert "greedy_match FAILED" in page.proxy.index(r, cols.index("excluded")).data()
    assert page.proxy.index(r, 0).data(Qt.ItemDataRole.FontRole).strikeOut()
    other = next(i for i, f in enumerate(files) if "illustrative" in f)
    assert page.proxy.index(other, 0).data(Qt.ItemDataRole.FontRole) is None
    _shot(window, "evidence_table_fails_parity.png")
    page.fit_filter.setCurrentIndex(page.fit_filter.findData("counts"))
    # the matching runs are excluded; what still counts is the sample's illustrative runs accepted as a
    # proxy (for capacity alone)
    counting = [page.proxy.index(r, cols.index("file")).data() for r in range(page.proxy.rowCount())]
    assert "8xH100_sglang_dsv4_c16.json" not in counting
    assert all("illustrative" in f for f in counting), counting
    overview = window.show_page("overview")
    card = next(c for c in overview.cards if c.option_id == "keep-sglang-h100")
    _shot(window, "overview_fails_parity.png")
    assert card is not None
    assert window.document.assessment().option("keep-sglang-h100").capacity.label == "fails parity"


def test_the_reproductions_tab_shows_a_reference_beside_its_re_measurements(make_window, qtbot):
    from dataclasses import replace

    import pytest

    from deepdecide.importers.registry import import_file
    from deepdecide.storage.files import load_workspace, sample_workspace_path

    record = (Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks" / "aisimulate"
              / "agentx_dsv4pro_440246_b200_vllm_job-4228930-comparison.json")
    if not record.exists():
        pytest.skip(f"shared fixture missing: {record}")
    ws = load_workspace(sample_workspace_path())
    ws = replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, import_file(record).evidence)))
    window = make_window()
    window.document.replace(ws)
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.reproductions)
    qtbot.wait(50)
    model = page.reproductions.model
    assert model.rowCount() == 2
    cols = _columns(model)
    values = {c: model.index(0, i).data() for i, c in enumerate(cols)}
    assert (values["tps_reference"], values["tps_remeasured"], values["tps_error"]) == ("224", "229", "-2.1 %")
    assert values["ttft_error"] == "+0.5 %"
    assert model.headerData(cols.index("tps_error"), Qt.Orientation.Horizontal) == "tok/s/GPU error"
    assert "re-measurement beside the published reference point" in page.reproductions.note.text()
