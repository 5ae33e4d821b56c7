"""The Llama-on-H100 scenario in the desktop app: the recommendation stays, and the app says why."""

from __future__ import annotations

from generated_files import vllm_serving, write_json
from PySide6.QtCore import Qt

LLAMA = "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8"


def _decision(a):
    return (a.ranking, [(o.option, o.capacity.value, o.costs.cost_per_m_tokens_usd.value, o.costs.tco_usd.value)
                        for o in a.options])


def test_llama_import_changes_nothing_and_the_window_says_why(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    doc = window.document
    before = _decision(doc.assessment())
    path = write_json(tmp_path / "1xH100_vllm_llama31-8b-fp8.json", vllm_serving())
    interaction.context = {"platform": "nv-h100", "gpu_count": 1}
    with qtbot.waitSignal(doc.changed, timeout=20000):
        window.import_evidence([str(path)])
    assert not interaction.errors
    # platform and GPU count were missing: asked, with the file name's hints offered (not A100 x 8)
    assert interaction.context_questions[-1][1] == ["platform", "gpu_count"]
    assert interaction.context_suggestions[-1] == {"platform": "nv-h100", "gpu_count": "1"}
    assert _decision(doc.assessment()) == before

    overview = window.show_page("overview")
    card = next(c for c in overview.cards if c.option_id == "keep-vllm-h100")
    assert card.values["runs"].text() == "1 mismatch"
    assert "not DeepSeek-V4.1-Flash" in card.values["runs"].toolTip()
    assert "1,024 / 170 tokens" in card.values["runs"].toolTip()

    page = window.show_page("evidence")
    page.fit_filter.setCurrentIndex(page.fit_filter.findData("mismatch"))
    cols = [page.proxy.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.UserRole)
            for i in range(page.proxy.columnCount())]
    rows = [page.proxy.index(r, cols.index("file")).data() for r in range(page.proxy.rowCount())]
    assert path.name in rows
    r = rows.index(path.name)
    why = page.proxy.index(r, cols.index("why")).data()
    assert f"measured on {LLAMA}" in why
    assert page.proxy.index(r, 0).data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    page.fit_filter.setCurrentIndex(page.fit_filter.findData("counts"))
    assert path.name not in [page.proxy.index(i, cols.index("file")).data() for i in range(page.proxy.rowCount())]


def test_context_is_editable_after_import_and_undoable(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    doc = window.document
    path = write_json(tmp_path / "dsv41_run.json", vllm_serving("DeepSeek-V4.1-Flash", input_len=8192, output_len=1024))
    interaction.context = {}  # the user leaves everything "not known"
    with qtbot.waitSignal(doc.changed, timeout=20000):
        window.import_evidence([str(path)])
    vllm = doc.assessment().option("keep-vllm-h100")
    assert vllm.fit.needs_context == 1 and vllm.capacity.basis.value == "assumed"
    start = doc.workspace
    page = window.show_page("evidence")
    page.files_view.selectRow(len(start.evidence.files) - 1)
    interaction.context = {"platform": "nv-h100", "gpu_count": 8}
    page.edit_context()
    vllm = doc.assessment().option("keep-vllm-h100")
    assert vllm.fit.matches == 1 and vllm.capacity.value == 1516 / 8
    assert vllm.capacity.label == "lower bound, own measurement"
    # accept as a proxy instead: labelled, discounted, never performs
    interaction.context = {"proxy_reason": "stands in for the real mix", "proxy_discount": "0.8/0.9/1"}
    page.edit_context()
    assert doc.workspace.evidence.files[-1].proxy.reason == "stands in for the real mix"
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.workspace == start
