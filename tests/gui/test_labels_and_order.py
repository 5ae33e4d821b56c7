"""Labels that mean something and one option order: the options that cannot be ranked come after the
ranked ones under their own heading with their reason written (not only in a tooltip), the Monte
Carlo chart lists them in the same order, a run without runtime or platform is drawn as "needs
context (file)", and the context dialog offers serving engines only."""

from __future__ import annotations

import pytest

from deepdecide.domain.edits import InsertEvidenceFile
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, Provenance, ProvenanceKind
from deepdecide.gui.models.assessed import ranked_order

pytestmark = pytest.mark.gui


def test_unrankable_options_are_a_group_with_their_reasons_written(make_window, qtbot):
    window = make_window()
    page = window.show_page("compare")
    a = window.document.assessment()
    order = ranked_order(a)
    rows = page.bars.rows()
    assert [r[0] for r in rows] == [o.name for o in order]
    ranked = [r[2] for r in rows]
    assert ranked == sorted(ranked, reverse=True)  # every ranked option before every unranked one
    unranked = [o for o in order if o.rank is None]
    assert unranked and len(page.bars.reasons()) == len(unranked)
    assert all(reason for reason in page.bars.reasons())
    lay = [i for i, _top in page.bars.layout_rows()]
    first_unranked = next(i for i, r in enumerate(rows) if not r[2])
    assert lay.count(-1) == 1 and lay.index(-1) == first_unranked  # the heading just above the group
    assert page.bars._heading == "Cannot be ranked, and why:"
    assert page.bars.sizeHint().height() >= page.bars.layout_rows()[-1][1]
    # the Monte Carlo chart lists the options in the same order
    qtbot.waitUntil(lambda: page.mc_box.toolTip() != "", timeout=30000)
    tip = page.mc_box.toolTip().split("<br>")
    from deepdecide.domain import presentation as look

    labels = look.short_labels(window.document.workspace)
    in_tip = [next(labels[o.option] for o in order if line.startswith(labels[o.option] + " (")) for line in tip]
    assert in_tip == [labels[o.option] for o in order if labels[o.option] in in_tip]


def test_a_run_without_runtime_is_drawn_as_needing_context(make_window, qtbot):
    window = make_window()
    doc = window.document
    run = BenchmarkRun("vllm-bench", platform="nv-h100", gpu_count=8, model=doc.workspace.workload.model,
                       output_throughput_tps=8000.0, output_tps_per_gpu=1000.0, interactivity_tps_per_user=40.0,
                       tpot_ms_p50=25.0)
    f = EvidenceFile(Provenance("8xH100-sweep.json", 10, "ef" * 32, "vllm-bench", kind=ProvenanceKind.OWN), runs=(run,))
    doc.edit(InsertEvidenceFile(f), "import")
    page = window.show_page("evidence")
    qtbot.wait(300)
    groups = set(page._groups)
    assert "needs context (8xH100-sweep.json)" in groups
    assert not any(g.startswith("on ") or " on —" in g or g.endswith(" on") for g in groups)


def test_the_context_dialog_offers_serving_engines_only(make_window, interaction, monkeypatch):
    window = make_window()
    page = window.show_page("evidence")
    seen = {}

    def ask(file_name, missing, choices, suggestions=None, current=None):
        seen.update(choices)
        return None

    monkeypatch.setattr(interaction, "ask_context", ask)
    page.files_view.selectRow(0)
    page.edit_context()
    runtimes = [rid for rid, _name in seen["runtime"]]
    assert "vllm" in runtimes and "sglang" in runtimes
    assert not {"flashmla", "deepgemm", "deepep", "tilelang"} & set(runtimes)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_unrankable_reasons_are_written_whole_at_1280_and_1920(make_window, qtbot, size):
    """At 1280×800 the reasons under the hatched bars are wider than the box: they wrap (never an
    ellipsis), the bars grow to hold every line and scroll in their box; the same at 1920×1080."""
    window = make_window()
    window.resize(*size)
    page = window.show_page("compare")
    qtbot.wait(100)
    bars = page.bars
    width = bars.width()
    assert width <= page.bars_scroll.viewport().width()  # never wider than its box: no horizontal cut
    metrics = bars.fontMetrics()
    reasons = bars.reasons()
    assert reasons and all("…" not in r for r in reasons)
    long = [r for r in reasons if metrics.horizontalAdvance(r) > width - bars.REASON_INDENT]
    if size == (1280, 800):
        assert long, "the sample's reasons do not fit one line at 1280 px"
    # each reason is given the lines it needs at this width, and the widget is as tall as all of them
    for r in reasons:
        assert bars._reason_height(r, width) >= metrics.height() * (
            2 if metrics.horizontalAdvance(r) > width - bars.REASON_INDENT else 1)
    qtbot.waitUntil(lambda: bars.height() >= bars.heightForWidth(width) - 1, timeout=3000)
    last, top = bars.layout_rows()[-1]
    assert bars.height() >= top + bars.BAR_HEIGHT + bars._reason_height(bars.rows()[last][3], width)
    # the last reason can be scrolled into view
    bar = page.bars_scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    assert bar.maximum() + page.bars_scroll.viewport().height() >= bars.height() - 1
