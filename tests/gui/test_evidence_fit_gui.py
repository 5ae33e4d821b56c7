"""The Llama-on-H100 scenario in the desktop app: the recommendation stays, and the app says why."""

from __future__ import annotations

from generated_files import vllm_serving, write_json
from PySide6.QtCore import Qt

from deepdecide.domain.evidence import ParityKind

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
    status = window.status_label.text()  # the import says at once that the file does not count
    assert "Against the workload: 1 mismatch (measured on neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8" in status

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


def test_the_workload_is_edited_on_the_overview_with_messages_and_undo(make_window, interaction):
    window = make_window()
    doc = window.document
    start = doc.workspace
    overview = window.show_page("overview")
    seen: dict[str, object] = {}

    def bad_then_good(dialog):
        assert dialog.model.text() == "DeepSeek-V4.1-Flash" and dialog.input_tokens.text() == "6,144 – 10,240"
        dialog.input_tokens.setText("9000-100")
        seen["problems"] = dialog.problems.text()
        seen["ok"] = dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
        dialog.input_tokens.setText("7000-9000")
        dialog.aliases.setText("deepseek-ai/DeepSeek-V4.1-Flash, deepseek-ai/DeepSeek-V4-Flash")
        dialog.dataset.setText("chat")

    interaction.workload_script = bad_then_good
    overview.workload_button.click()
    assert "Input tokens: “9000-100”: needs 0 < low <= high" in seen["problems"] and seen["ok"] is False
    w = doc.workspace.workload
    assert w.input_tokens.low == 7000 and w.dataset == "chat" and "deepseek-ai/DeepSeek-V4-Flash" in w.aliases
    assert "chat" in overview.workload.text()
    # every sample run states dataset "random": the reason is named (the sample's runs stay accepted proxies)
    fits = [f for f in doc.assessment().evidence_fit if f.item == "run"]
    assert fits and all(f.applicability.value == "proxy" for f in fits)
    assert "dataset random, the workload's is chat" in [str(m) for m in fits[0].reasons]
    doc.undo_stack.undo()
    assert doc.workspace == start

    def invalid(dialog):
        dialog.model.setText("")
        dialog.aliases.setText("x")

    interaction.workload_script = invalid  # OK stays disabled: nothing changes
    overview.workload_button.click()
    assert doc.workspace == start
    assert "no model" in interaction.workload_dialogs[-1].problems.text()


def test_one_run_accepted_as_a_proxy_in_the_evidence_page(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    doc = window.document
    path = write_json(tmp_path / "llama.json", vllm_serving())
    interaction.context = {"platform": "nv-h100", "gpu_count": 1}
    with qtbot.waitSignal(doc.changed, timeout=20000):
        window.import_evidence([str(path)])
    start = doc.workspace
    page = window.show_page("evidence")
    page.files_view.selectRow(len(start.evidence.files) - 1)
    seen: dict[str, object] = {}

    def accept(dialog):
        seen["items"] = [dialog.item.itemText(i) for i in range(dialog.item.count())]
        seen["why"] = dialog.why.text()
        dialog.reason.setText("dense stand-in on the same stack")
        dialog.discount.setText("0.9/0.5/1")
        seen["problem"] = dialog.problems.text()
        dialog.discount.setText("0.1/0.15/0.2")

    interaction.item_proxy_script = accept
    page.item_proxy_button.click()
    assert len(seen["items"]) == 1 and seen["items"][0].startswith("run 1: ") and seen["items"][0].endswith(" — mismatch")
    assert f"measured on {LLAMA}" in seen["why"] and "low <= likely <= high" in seen["problem"]
    f = doc.workspace.evidence.files[-1]
    assert f.proxy is None and f.run_proxies[0].reason == "dense stand-in on the same stack"
    vllm = doc.assessment().option("keep-vllm-h100")
    assert vllm.fit.proxies == 1 and vllm.capacity.source.value == "proxy"
    page.fit_filter.setCurrentIndex(page.fit_filter.findData("proxy"))
    cols = [page.proxy.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.UserRole)
            for i in range(page.proxy.columnCount())]
    proxied = [page.proxy.index(r, cols.index("file")).data() for r in range(page.proxy.rowCount())]
    assert "llama.json" in proxied and set(proxied) - {"llama.json"} == {f.provenance.file_name for f in start.evidence.files
                                                                         if f.proxy is not None}  # the sample's own
    assert "(1 accepted as proxies)" in page.files.index(len(start.evidence.files) - 1, 7).data()
    doc.undo_stack.undo()
    assert doc.workspace == start


def test_parity_checks_of_another_model_are_shown_greyed_with_the_reason(make_window, qtbot, interaction,
                                                                         shared_fixture):
    window = make_window()
    doc = window.document
    path = shared_fixture("parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json")
    with qtbot.waitSignal(doc.changed, timeout=20000):
        window.import_evidence([str(path)])
    assert not interaction.errors
    page = window.show_page("parity")
    vllm_row = next(r for r in range(page.grid.rowCount()) if page.grid.row_record(r).option == "keep-vllm-h100")
    eval_col = 1 + list(ParityKind).index(ParityKind.EVAL_ACCURACY)
    page._cell_clicked(page.grid.index(vllm_row, eval_col))
    assert page.detail.rowCount() == 6
    assert "6 more shown in grey" in page.detail_title.text()
    assert page.detail.index(0, 1).data() == "mismatch — not counted"
    assert "not DeepSeek-V4.1-Flash" in page.detail.index(0, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert page.detail.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    assert page.detail.index(0, 2).data().startswith("/scratch/")
    assert page.grid.index(vllm_row, eval_col).data(Qt.ItemDataRole.UserRole + 2) == "none"  # the verdict: no check


def test_the_spanish_workload_dialog_accepts_what_it_prefills_and_saves_it_right(qapp):
    """The review's case: in Spanish the dialog pre-fills "6.144 – 10.240" and "768 – 1.280", accepts
    them (OK enabled) and saves 6144–10240 tokens; "6.144-10.240" typed is the same range; an
    English-grouped "6,144-10,240" is refused with the reason, never saved as 6.144 tokens."""
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.gui.views.workload_dialog import WorkloadDialog
    from deepdecide.storage.files import builtin_sample

    ws = builtin_sample("es")
    with domain_i18n.using("es"):
        dialog = WorkloadDialog(ws.workload)
        ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        assert dialog.input_tokens.text() == "6.144 – 10.240" and dialog.output_tokens.text() == "768 – 1.280"
        assert ok.isEnabled() and not dialog.problems.text()
        w = dialog.workload()
        assert (w.input_tokens.low, w.input_tokens.high) == (6144, 10240)
        assert (w.output_tokens.low, w.output_tokens.high) == (768, 1280)
        dialog.input_tokens.setText("6.144-10.240")
        assert ok.isEnabled() and (dialog.workload().input_tokens.low, dialog.workload().input_tokens.high) == (6144, 10240)
        dialog.input_tokens.setText("6,144-10,240")
        assert not ok.isEnabled() and "número entero" in dialog.problems.text()


def test_the_criteria_tab_names_each_metric_in_both_languages(qapp):
    """Names, not ids: the Criteria tab's Metric column says what the criterion reads ("cost per million
    output tokens", "coste por millón de tokens de salida"); the id stays on hover."""
    from PySide6.QtCore import Qt

    from deepdecide.analysis import evaluate
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.gui.models.assessed import criteria_model
    from deepdecide.storage.files import builtin_sample

    a = evaluate(builtin_sample("en"), monte_carlo=False)
    for lang, name in (("en", "cost per million output tokens"), ("es", "coste por millón de tokens de salida")):
        with domain_i18n.using(lang):
            model = criteria_model()
            model.set_rows(list(a.criteria))
            metrics = [model.index(r, 1).data() for r in range(model.rowCount())]
            tips = [model.index(r, 1).data(Qt.ItemDataRole.ToolTipRole) for r in range(model.rowCount())]
        assert name in metrics and "cost_per_m_tokens_usd" not in metrics
        assert "cost_per_m_tokens_usd" in tips


def test_the_overview_card_and_the_evidence_page_say_alike_what_does_not_count(make_window, qtbot):
    """One rule (``Assessment.run_counts_for_nothing``): the card's "3 runs do not count: 3 proxies" are
    the runs the Evidence page greys, leaves out of "that count" and counts out of its summary."""
    window = make_window()
    overview = window.show_page("overview")
    card = next(c for c in overview.cards if c.option_id == "keep-sglang-h100")
    assert "3 runs do not count: 3 proxies" in card.note.text()
    page = window.show_page("evidence")
    page.tabs.setCurrentWidget(page.table_tab)
    cols = [page.proxy.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.UserRole)
            for i in range(page.proxy.columnCount())]
    h100 = "sglang_dsv4_flash_h100_tp8_fp4_illustrative.jsonl"
    rows = [r for r in range(page.proxy.rowCount()) if page.proxy.index(r, cols.index("file")).data() == h100]
    assert len(rows) == 3
    assert all(page.proxy.index(r, 0).data(Qt.ItemDataRole.ForegroundRole) is not None for r in rows)  # greyed
    page.fit_filter.setCurrentIndex(page.fit_filter.findData("counts"))
    assert h100 not in [page.proxy.index(r, cols.index("file")).data() for r in range(page.proxy.rowCount())]
    summary = page.summary.frame()
    assert int(summary.loc[summary["group"] == "Keep H100, serve with SGLang", "counting"].iloc[0]) == 0


def test_the_files_tooltip_names_its_tool_once(make_window, shared_fixture):
    """"tool: aiperf 0.11.0 (schema 1.3)", not "tool: aiperf aiperf 0.11.0 (schema 1.3)"."""
    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.registry import import_file

    path = shared_fixture("benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json")
    f = import_file(path, ImportContext(runtime="vllm", platform="nv-h100", gpu_count=8)).evidence
    page = make_window().show_page("evidence")
    tip = page._provenance_tip(f)
    assert "tool: aiperf 0.11.0 (schema 1.3)" in tip and "aiperf aiperf" not in tip


def test_the_version_column_writes_our_words_in_the_language(make_window):
    """The Evidence page's Version column: "versión no indicada en el archivo" in Spanish, not the
    importer's English "version not in the file" (the file's own version and tool names as they are)."""
    from dataclasses import replace

    from deepdecide.domain.evidence import EvidenceFile, Provenance

    window = make_window(language="es")
    page = window.show_page("evidence")
    f = EvidenceFile(replace(Provenance("perf.csv", 1, "00" * 32, "aiperf"),
                             tool_version="aiperf (CSV export; version not in the file)"), ())
    page.files.set_rows([f])
    titles = [page.files.headerData(i, Qt.Orientation.Horizontal) for i in range(page.files.columnCount())]
    shown = page.files.index(0, titles.index("Herramienta y versión")).data()
    assert shown.startswith("aiperf (") and "version" not in shown and "file" not in shown, shown
    # the tool is named once, as on the record: one column, not a Tool column beside a version naming it
    assert shown.count("aiperf") == 1 and "Versión" not in titles and "Herramienta" not in titles, titles
