"""The Evidence page fits the window: at 1280×800 and 1600×1000 it never scrolls, every chart of
a tab is wholly in view with room to read, and a chart without data gives its room away."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui

SIZES = [(1280, 800), (1600, 1000)]


def _frame(window):
    return window.stack.currentWidget()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=["1280x800", "1600x1000"])
def test_the_evidence_page_never_scrolls_and_shows_whole_charts(make_window, qtbot, width, height):
    window = make_window()
    window.resize(width, height)
    page = window.show_page("evidence")
    qtbot.wait(50)
    frame = _frame(window)
    for i in range(page.tabs.count()):
        page.tabs.setCurrentIndex(i)
        qtbot.wait(20)
        assert not frame.verticalScrollBar().isVisible(), page.tabs.tabText(i)
        assert not frame.horizontalScrollBar().isVisible(), page.tabs.tabText(i)
    page.tabs.setCurrentWidget(page.charts_tab)
    qtbot.wait(20)
    visible = frame.viewport().rect()
    for chart in (page.throughput, page.sweep_chart):
        if not chart.isVisible():
            continue
        box = chart.rect().translated(chart.mapTo(frame.viewport(), chart.rect().topLeft()))
        assert visible.contains(box), chart.getPlotItem().titleLabel.text
        assert chart.height() >= 300


def test_without_latency_the_sweep_takes_the_row_and_the_latency_tab_says_why(make_window, qtbot):
    """The sample publishes throughput only: no empty interactivity chart beside the sweep, and one
    clear message instead of two empty latency charts."""
    window = make_window()
    window.resize(1280, 800)
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.charts_tab)  # the Summary tab comes first
    qtbot.wait(50)
    assert page.plotted_points == 0 and page.sweep_points == 10
    assert not page.throughput.isVisible() and page.sweep_chart.isVisible()
    row = page.charts_tab.width()
    assert page.sweep_chart.width() > 0.9 * row
    page.tabs.setCurrentWidget(page.latency_tab)
    qtbot.wait(20)
    assert page.latency_points == (0, 0)
    assert not page.ttft.isVisible() and not page.tpot.isVisible()
    assert page.latency_empty.isVisible()
    assert "No latency to plot" in page.latency_empty.text() and "10 runs" in page.latency_empty.text()
    assert page.latency_empty.height() > 300  # it has the charts' room, not a line under nothing


def test_with_latency_both_charts_share_the_rows(make_window, qtbot):
    """A run with TTFT and TPOT: the interactivity chart is back beside the sweep, both latency charts
    are shown, the message is gone."""
    from dataclasses import replace

    from deepdecide.domain.edits import SetEvidenceFile
    from deepdecide.domain.evidence import BenchmarkRun

    window = make_window()
    window.resize(1280, 800)
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.charts_tab)  # the Summary tab comes first
    ws = window.document.workspace
    f = ws.evidence.files[0]
    runs = tuple(replace(r, ttft_ms_p50=500.0 + i, ttft_ms_p99=900.0 + i, tpot_ms_p50=30.0 + i, tpot_ms_p99=50.0 + i,
                         interactivity_tps_per_user=1000.0 / (30.0 + i))  # as the importers derive it
                 for i, r in enumerate(f.runs))
    window.document.edit(SetEvidenceFile(0, replace(f, runs=runs)), "latency")
    qtbot.wait(50)
    assert isinstance(runs[0], BenchmarkRun)
    assert page.throughput.isVisible() and page.sweep_chart.isVisible()
    page.tabs.setCurrentWidget(page.latency_tab)
    qtbot.wait(20)
    assert page.ttft.isVisible() and page.tpot.isVisible() and not page.latency_empty.isVisible()
    assert "dashed p99" in page.latency_note.text()


def test_a_long_legend_takes_rows_instead_of_widening_its_chart(qtbot):
    """Six groups of a sweep with long names (as at 1,000 result files): in a half-width chart the
    legend goes to one column and the plot stays inside its widget (two columns made it wider than
    its place and the view cut its right side off); a wide chart keeps two columns."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from deepdecide.gui.widgets.charts import LEGEND_COLUMNS, ThemedPlot

    holder = QWidget()  # closed by the test's end as a page is (PlotWidget.close itself crashes PySide)
    qtbot.addWidget(holder)
    chart = ThemedPlot(holder, title="Throughput per GPU against interactivity")
    QVBoxLayout(holder).addWidget(chart)
    holder.resize(520, 420)
    holder.show()
    for n in range(6):
        chart.plot([1, 2, 3], [n, n + 1, n + 2], name=f"Keep H100, serve with vLLM {n} — does not count — Pareto front")
    qtbot.wait(20)
    item = chart.getPlotItem()
    assert chart.legend.columnCount == 1
    assert item.sceneBoundingRect().width() <= chart.viewport().width() + 1
    assert chart.legend.sceneBoundingRect().right() <= chart.viewport().width() + 1
    holder.resize(1500, 420)
    qtbot.wait(20)
    assert chart.legend.columnCount == LEGEND_COLUMNS
    assert item.sceneBoundingRect().width() <= chart.viewport().width() + 1
