"""What users expect of the window: live re-ranking with undo, imports, errors that change nothing,
open / save / recent files, the prompt before losing changes, autosave and recovery."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QLabel

from deepdecide.domain.errors import EvidenceImportError, LocatedError
from deepdecide.storage.files import load_workspace

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "gui"
SMALL = FIXTURES / "small.deepdecide.yaml"


@pytest.fixture
def l40s(shared_fixture) -> Path:
    """A real vLLM serving result (9 runs on 4x L40S), from ../shared/fixtures."""
    return shared_fixture("benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl")


@pytest.fixture
def gsm8k(shared_fixture) -> Path:
    """A real lm-evaluation-harness result (GSM8K on an A100), from ../shared/fixtures."""
    return shared_fixture("parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json")

pytestmark = pytest.mark.gui


def ranking(window) -> list[str]:
    return [row[0] for row in window.page("compare").bars.rows()]


def test_weight_change_reranks_and_undo_restores(make_window, qtbot):
    window = make_window()
    page = window.show_page("compare")
    doc = window.document
    before_ws = doc.workspace
    before = ranking(window)
    assessment = doc.assessment()
    winner = assessment.option(assessment.winner)
    # push the weight of the criterion on which another ranked option beats the winner most
    others = [assessment.option(oid) for oid in assessment.ranking if oid != assessment.winner]

    def lead(k: int) -> float:
        return max(o.score.parts[k].value_score for o in others) - winner.score.parts[k].value_score

    crit = winner.score.parts[max(range(len(winner.score.parts)), key=lead)].criterion
    cid = next(c.id for c in doc.workspace.criteria if c.name == crit or c.id == crit)
    for other in doc.workspace.criteria:
        if other.id != cid:
            page.sliders[other.id].slider.setValue(0)
    page.sliders[cid].slider.setValue(100)
    after = ranking(window)
    assert after != before, "putting all weight on the winner's weakest criterion re-ranks"
    assert doc.workspace.criteria != before_ws.criteria
    assert doc.is_modified() and window.isWindowModified()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.workspace == before_ws
    assert ranking(window) == before
    assert not doc.is_modified()


def test_slider_drag_is_one_undo_step(make_window, qtbot):
    window = make_window()
    page = window.show_page("compare")
    doc = window.document
    cid = doc.workspace.criteria[0].id
    slider = page.sliders[cid].slider
    start = doc.workspace
    slider.setSliderDown(True)
    page.sliders[cid]._new_session()
    for v in (30, 40, 50, 60):
        slider.setValue(v)
    slider.setSliderDown(False)
    assert doc.undo_stack.count() == 1
    assert doc.workspace.criteria[0].weight == pytest.approx(0.6)
    doc.undo_stack.undo()
    assert doc.workspace == start
    doc.undo_stack.redo()
    assert doc.workspace.criteria[0].weight == pytest.approx(0.6)
    # a second drag is a second step
    slider.setSliderDown(True)
    page.sliders[cid]._new_session()
    slider.setValue(10)
    slider.setSliderDown(False)
    assert doc.undo_stack.count() == 2


def test_import_real_file_updates_table_and_charts(make_window, qtbot, interaction, tmp_path, l40s):
    window = make_window()
    page = window.show_page("evidence")
    rows_before = page.table.rowCount()
    interaction.context = {"runtime": "vllm"}
    src = tmp_path / l40s.name
    shutil.copy(l40s, src)
    with qtbot.waitSignal(window.document.changed, timeout=20000):
        window.import_evidence([str(src)])
    # the file holds everything: runtime from its backend, GPUs and platform from its metadata
    assert interaction.context_questions == []
    assert not interaction.errors
    files = window.document.workspace.evidence.files
    assert [f.provenance.file_name for f in files][-1] == l40s.name
    assert all(r.runtime == "vllm" and r.platform for r in files[-1].runs)
    assert page.table.rowCount() == rows_before + 9
    assert page.files.rowCount() == len(files)
    assert page.plotted_points > 0
    assert "L40S" in page.group_filter.itemText(page.group_filter.count() - 1)
    # the normalized table sorts numerically and filters
    cols = [page.proxy.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.UserRole)
            for i in range(page.proxy.columnCount())]
    tpot = cols.index("tpot_ms_p50")
    page.table_view.sortByColumn(tpot, Qt.SortOrder.AscendingOrder)
    values = [page.proxy.index(r, tpot).data(Qt.ItemDataRole.EditRole) for r in range(page.proxy.rowCount())]
    numbers = [v for v in values if v != ""]
    assert numbers == sorted(numbers) and len(numbers) >= 2
    page.filter_edit.setText("no run matches this")
    assert page.proxy.rowCount() == 0
    page.filter_edit.clear()
    # one undo step removes the whole import
    window.document.undo_stack.undo()
    assert page.table.rowCount() == rows_before


def test_import_by_drag_and_drop(make_window, qtbot, interaction, gsm8k):
    window = make_window()
    page = window.show_page("parity")
    interaction.context = None  # the file names runtime and platform itself
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(gsm8k))])
    event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    n = len(window.document.workspace.evidence.parity)
    with qtbot.waitSignal(window.document.changed, timeout=20000):
        window.dropEvent(event)
    assert not interaction.errors
    assert len(window.document.workspace.evidence.parity) == n + 2
    page.ensure_fresh()
    assert f"{n + 2} parity checks" in page.note.text()


def test_bad_evidence_file_shows_error_and_changes_nothing(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    window.show_page("evidence")
    before = window.document.workspace
    bad = tmp_path / "broken_results.json"
    bad.write_text('{"completed": 10, "mean_ttft_ms": [1, 2,\n', encoding="utf-8")
    window.import_evidence([str(bad)])
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=20000)
    title, exc = interaction.errors[0]
    assert isinstance(exc, EvidenceImportError)
    assert "broken_results.json" in exc.message
    assert exc.reason
    assert window.document.workspace is before
    assert not window.document.undo_stack.canUndo()


def test_bad_workspace_file_shows_error_and_changes_nothing(make_window, interaction, tmp_path):
    window = make_window()
    before = window.document.workspace
    bad = tmp_path / "wrong.deepdecide.yaml"
    bad.write_text(SMALL.read_text(encoding="utf-8").replace("strategy: port", "strategy: teleport"),
                   encoding="utf-8")
    assert not window.open_file(str(bad))
    title, exc = interaction.errors[-1]
    assert isinstance(exc, LocatedError)
    assert exc.file.endswith("wrong.deepdecide.yaml") and exc.line and "strategy" in exc.path
    assert window.document.workspace is before
    assert window.document.path == ""


def test_open_save_recent_and_prompt(make_window, interaction, tmp_path):
    window = make_window()
    assert window.open_file(str(SMALL))
    assert window.document.workspace == load_workspace(SMALL)
    assert window.prefs.recent_files()[0] == str(SMALL.resolve())
    # edit, then save as
    decision = window.show_page("decision")
    decision.editors["title"].setText("Renamed decision")
    decision.editors["title"].editingFinished.emit()
    assert window.document.is_modified()
    target = tmp_path / "saved.deepdecide.yaml"
    interaction.save_path = str(target)
    assert window.save_as()
    assert load_workspace(target).decision.title == "Renamed decision"
    assert not window.document.is_modified() and window.document.path == str(target)
    assert window.prefs.recent_files()[0] == str(target.resolve())
    # a change, then opening another file asks first; "cancel" keeps everything
    decision.editors["title"].setText("Unsaved title")
    decision.editors["title"].editingFinished.emit()
    interaction.save_answer = "cancel"
    assert not window.open_file(str(SMALL))
    assert window.document.workspace.decision.title == "Unsaved title"
    assert interaction.asked.count("save_changes") == 1
    interaction.save_answer = "discard"
    assert window.open_file(str(SMALL))
    assert window.document.workspace.decision.title == "Test decision"


def test_close_prompts_and_cancel_keeps_window(make_window, interaction):
    window = make_window()
    window.show_page("migration")
    window.document.edit(__import__("deepdecide.domain.edits", fromlist=["SetSignOffs"]).SetSignOffs(()),
                         "sign-offs")
    interaction.save_answer = "cancel"
    assert not window.close()
    assert window.isVisible()
    interaction.save_answer = "discard"
    assert window.close()


def test_autosave_and_recovery_after_a_crash(make_window, interaction, tmp_path):
    window = make_window()
    window.show_page("decision")
    page = window.page("decision")
    page.editors["rationale"].setPlainText("Recovered rationale")
    page.editors["rationale"].committed.emit("Recovered rationale")
    assert window.autosave_now()
    assert list((tmp_path / "autosave").glob("*.deepdecide.yaml"))
    # simulate a crash: the window goes away without a clean close, and the lock its instance held in
    # the autosave folder goes with its process (a running instance's copy is never offered)
    window.autosave_timer.stop()
    window.autosaver._unmark_running()
    window.document.undo_stack.setClean()
    window.hide()
    interaction.recover_answer = True
    second = make_window(recover=True)
    assert second.offer_recovery()
    assert second.document.workspace.decision.rationale == "Recovered rationale"
    assert second.document.is_modified()
    assert "recover" in interaction.asked


def test_window_state_restored(make_window, qtbot):
    first = make_window()
    first.show_page("gaps")
    first.resize(1100, 700)
    first.save_window_state()
    second = make_window()
    assert second.current_page_key() == "gaps"


def test_machine_check_panel_reads_nvidia_smi(make_window, interaction, tmp_path):
    window = make_window()
    page = window.show_page("matrix")
    panel = page.check_panel
    xml = next(Path(__file__).resolve().parent.parent.joinpath("fixtures").rglob("h100_sxm_8gpu.xml"))
    assert panel.read_file(str(xml))
    assert panel.gpu.text() == "NVIDIA H100 80GB HBM3"
    assert panel.count.value() == 8
    assert panel.results.rowCount() == len(window.document.workspace.matrix.runtimes)
    assert "H100" in panel.verdict.text()
    bad = tmp_path / "not_smi.xml"
    bad.write_text("<foo/>", encoding="utf-8")
    panel.error.connect(lambda exc: interaction.errors.append(("x", exc)))
    assert not panel.read_file(str(bad))
    assert "nvidia_smi_log" in interaction.errors[-1][1].message


def test_export_pdf_in_the_background(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    target = tmp_path / "record.pdf"
    interaction.pdf_path = str(target)
    window.show_page("decision")
    window.page("decision").export_button.click()
    task = window.tasks.current
    assert task is not None
    with qtbot.waitSignal(task.signals.finished, timeout=60000):
        pass
    assert not interaction.errors
    assert target.read_bytes().startswith(b"%PDF")
    assert "record.pdf" in window.status_label.text()


def test_export_pdf_to_a_missing_folder_reports_and_writes_nothing(make_window, qtbot, interaction, tmp_path):
    window = make_window()
    target = tmp_path / "no such folder" / "record.pdf"
    interaction.pdf_path = str(target)
    window.export_pdf()
    qtbot.waitUntil(lambda: bool(interaction.errors), timeout=60000)
    assert "does not exist" in str(interaction.errors[0][1])
    assert not target.exists()


def test_parity_verdicts_are_visibly_different(make_window, qtbot):
    """pass / fail / inconclusive get different text and colours, with the rule and numbers on hover."""
    from dataclasses import replace

    from deepdecide.domain.edits import InsertEvidenceFile
    from deepdecide.domain.evidence import EvidenceFile, ParityCheck, ParityKind, Provenance, Verdict
    from deepdecide.gui.models.records import MeaningRole

    window = make_window()
    ws = window.document.workspace
    option = ws.options[0]
    base = ParityCheck(ParityKind.GREEDY_MATCH, option.runtime, option.platform, "vllm", "nv-h100", "gsm8k",
                       "exact_match", 0.81, 0.80, 0.01, 500, 0.018, "|delta| <= max(0.02, 2*stderr), n >= 200",
                       Verdict.PASS, "unit test", ws.workload.model or ws.model)
    checks = (base, replace(base, kind=ParityKind.LOGITS, verdict=Verdict.FAIL, delta=0.2),
              replace(base, kind=ParityKind.KERNEL, verdict=Verdict.INCONCLUSIVE, n=20))
    f = EvidenceFile(Provenance("parity.json", 1, "0" * 64, "unit"), parity=checks)
    window.document.edit(InsertEvidenceFile(f), "parity")
    page = window.show_page("parity")
    kinds = list(ParityKind)
    row = [o.option for o in page.grid.rows()].index(option.id)  # the options come in the one order of every view
    cells = {k: page.grid.index(row, 1 + kinds.index(k)) for k in (ParityKind.GREEDY_MATCH, ParityKind.LOGITS,
                                                                    ParityKind.KERNEL)}
    texts = {k: i.data() for k, i in cells.items()}
    meanings = {k: i.data(MeaningRole) for k, i in cells.items()}
    colours = {k: i.data(Qt.ItemDataRole.BackgroundRole).name() for k, i in cells.items()}
    assert meanings == {ParityKind.GREEDY_MATCH: "pass", ParityKind.LOGITS: "fail", ParityKind.KERNEL: "inconclusive"}
    assert len(set(texts.values())) == 3 and len(set(colours.values())) == 3
    tip = cells[ParityKind.GREEDY_MATCH].data(Qt.ItemDataRole.ToolTipRole)
    assert "2*stderr" in tip and "0.81" in tip and "n = 500" in tip
    page._cell_clicked(cells[ParityKind.LOGITS])
    assert page.detail.rowCount() == 1


def test_cancelling_an_import_changes_nothing(make_window, qtbot, interaction, monkeypatch, tmp_path):
    """A slow import is cancelled from the status bar: no edit, no error, the busy bar goes away."""
    import threading

    from deepdecide.importers import registry

    started = threading.Event()

    def slow_import(path, context=None, progress=None, cancel=None):
        started.set()
        for i in range(500):
            progress(i / 500)  # raises once the task is cancelled
            threading.Event().wait(0.01)
        raise AssertionError("not cancelled")

    monkeypatch.setattr(registry, "import_file", slow_import)
    window = make_window()
    before = window.document.workspace
    src = tmp_path / "slow.jsonl"  # never read: the import is replaced above
    src.write_text("{}\n", encoding="utf-8")
    window.import_evidence([str(src)])
    task = window.tasks.current
    assert started.wait(5)
    assert window.cancel_button.isVisible() and window.progress.isVisible()
    with qtbot.waitSignal(task.signals.cancelled, timeout=10000):
        window.cancel_button.click()
    assert window.document.workspace is before
    assert not interaction.errors
    assert not window.progress.isVisible()
    assert "cancelled" in window.status_label.text()


def test_migration_and_signoff_edits_are_undoable(make_window):
    from deepdecide.domain.workspace import StepStatus, Vote

    window = make_window()
    doc = window.document
    start = doc.workspace
    page = window.show_page("migration")
    model = page.model
    cols = {model.headerData(i, Qt.Orientation.Horizontal): i for i in range(model.columnCount())}
    assert model.setData(model.index(1, cols["Status"]), StepStatus.BLOCKED.value)
    assert model.setData(model.index(1, cols["Owner"]), "Platform team")
    assert doc.workspace.migration_plan[1].status == StepStatus.BLOCKED
    assert doc.workspace.migration_plan[1].owner == "Platform team"
    assert "1 blocked" in page.summary.text()
    decision = window.show_page("decision")
    decision.add_signoff()
    assert len(doc.workspace.signoffs) == len(start.signoffs) + 1
    sign = decision.signoffs
    headers = [sign.headerData(i, Qt.Orientation.Horizontal) for i in range(sign.columnCount())]
    assert sign.setData(sign.index(0, headers.index("Name")), "Ana Ruiz")
    assert doc.workspace.signoffs[0].name == "Ana Ruiz"
    # the verdict is the approver's signature, copied from the signed record: never typed in
    assert not sign.setData(sign.index(0, headers.index("Verdict")), Vote.APPROVE.value)
    assert doc.workspace.signoffs[0].verdict == Vote.PENDING
    at = decision.chosen_combo.findData(start.options[1].id)  # the options come in the one order of every view
    decision.chosen_combo.setCurrentIndex(at)
    decision.chosen_combo.activated.emit(at)
    assert doc.workspace.decision.chosen_option == start.options[1].id
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.workspace == start


def test_context_dialog_offers_matrix_choices(qtbot):
    from deepdecide.gui.views.context_dialog import ContextDialog

    dialog = ContextDialog("run.json", ["runtime", "platform", "gpu_count"],
                           {"runtime": [("vllm", "vLLM"), ("sglang", "SGLang")],
                            "platform": [("nv-h100", "NVIDIA H100 SXM")]})
    qtbot.addWidget(dialog)
    assert dialog.values() == {}  # nothing pre-filled: unknown until the user says
    dialog.fields["runtime"].setCurrentIndex(2)
    dialog.fields["platform"].setCurrentIndex(1)
    dialog.fields["gpu_count"].setValue(16)
    assert dialog.values() == {"runtime": "sglang", "platform": "nv-h100", "gpu_count": 16}


def test_context_dialog_offers_file_name_hints_as_suggestions(qtbot):
    from deepdecide.gui.views.context_dialog import ContextDialog

    dialog = ContextDialog("1xH100_llama.json", ["platform", "gpu_count"],
                           {"platform": [("nv-a100", "NVIDIA A100 SXM"), ("nv-h100", "NVIDIA H100 SXM")]},
                           suggestions={"platform": "nv-h100", "gpu_count": "1"})
    qtbot.addWidget(dialog)
    assert dialog.values() == {"platform": "nv-h100", "gpu_count": 1}  # not A100 x 8
    assert set(dialog.suggested) == {"platform", "gpu_count"}
    assert dialog.findChild(QLabel, "suggested_platform") is not None


def test_slo_demand_and_price_inputs_are_undoable_edits(make_window):
    window = make_window()
    doc = window.document
    start = doc.workspace
    page = window.show_page("compare")
    page.slo_fields["tpot_p99_ms"].setValue(80)
    assert doc.workspace.slo.get("tpot_p99_ms") == 80
    page.slo_fields["ttft_p99_ms"].setValue(0)  # the special value: not set
    assert doc.workspace.slo.get("ttft_p99_ms") is None
    page.demand_fields["output_tokens_per_s"].setValue(50000)
    assert doc.workspace.demand.output_tokens_per_s == 50000
    prices = page.prices
    col = [prices.headerData(i, Qt.Orientation.Horizontal) for i in range(prices.columnCount())].index("kW per GPU")
    row = [o.id for o in prices.rows()].index(doc.workspace.options[0].id)  # rows in the one order of every view
    assert prices.setData(prices.index(row, col), 2.5)
    est = doc.workspace.options[0].cost.power_kw_per_gpu
    assert est.likely == 2.5 and est.low <= 2.5 <= est.high
    assert not prices.setData(prices.index(row, col), -1)
    assert doc.undo_stack.count() == 4
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.workspace == start
    assert page.slo_fields["tpot_p99_ms"].value() == (start.slo.get("tpot_p99_ms") or 0)


def test_start_with_an_unreadable_file_opens_the_sample_and_reports(make_window, interaction, tmp_path,
                                                                    builtin_workspace):
    from deepdecide.gui.app import _after_show

    bad = tmp_path / "broken.deepdecide.yaml"
    bad.write_text("kind: workspace\nname: x\nmodel: [unclosed\n", encoding="utf-8")
    window = make_window((str(bad),))
    assert window.document.workspace == builtin_workspace
    assert window.document.path == ""
    _after_show(window)
    title, exc = interaction.errors[-1]
    assert "broken.deepdecide.yaml" in str(exc)


def test_import_button_remove_file_and_recent_menu(make_window, qtbot, interaction, tmp_path, gsm8k):
    window = make_window()
    page = window.show_page("evidence")
    interaction.evidence_paths = [str(gsm8k)]
    n = page.files.rowCount()
    with qtbot.waitSignal(window.document.changed, timeout=20000):
        page.import_requested.emit()  # what the "Import files…" button does
    assert page.files.rowCount() == n + 1
    assert page.files.row_record(n).provenance.file_name == gsm8k.name
    page.files_view.selectRow(n)
    page.remove_selected()
    assert page.files.rowCount() == n
    assert gsm8k.name not in [f.provenance.file_name for f in window.document.workspace.evidence.files]
    window.document.undo_stack.undo()
    assert page.files.rowCount() == n + 1
    # recent files menu lists what was opened
    assert window.open_file(str(SMALL))
    window._fill_recent()
    texts = [a.text() for a in window.recent_menu.actions()]
    assert any(SMALL.name in t for t in texts)


def test_evidence_without_latency_falls_back_to_a_concurrency_sweep(make_window):
    """The sample's illustrative files publish throughput only: the chart shows the sweep, and says why."""
    window = make_window()
    page = window.page("evidence")
    page.refresh()
    assert page.plotted_points == 0
    assert page.sweep_points == 10
    assert "concurrency sweep" in page.chart_note.text()


def test_an_edit_cancels_the_superseded_monte_carlo_run(make_window, qtbot, monkeypatch):
    """The run for the old workspace stops at its next block of draws; the new one gives the result."""
    import threading

    import deepdecide.analysis
    from deepdecide.domain.edits import SetSignOffs

    real = deepdecide.analysis.monte_carlo
    started = threading.Event()

    def slow_monte_carlo(ws, draws=None, seed=None, *, progress=None, cancel=None):
        started.set()
        for _ in range(1000):  # blocks of draws, each checking the token as the real run does
            cancel.check()
            threading.Event().wait(0.01)
        raise AssertionError("not cancelled")

    monkeypatch.setattr(deepdecide.analysis, "monte_carlo", slow_monte_carlo)
    window = make_window()
    service = window.document.monte_carlo()
    first = service.runner.current
    assert started.wait(5)
    monkeypatch.setattr(deepdecide.analysis, "monte_carlo", real)
    with qtbot.waitSignal(first.signals.cancelled, timeout=5000):
        window.document.edit(SetSignOffs(()), "sign-offs")
    assert first.token.cancelled
    with qtbot.waitSignal(service.result_ready, timeout=30000):
        pass
    assert service.current() is not None


def test_cancelling_an_export_writes_nothing(make_window, qtbot, interaction, tmp_path):
    from deepdecide.gui.export_request import ExportRequest
    from deepdecide.gui.pdf_export import export_pdf

    window = make_window()
    target = tmp_path / "cancelled.pdf"
    task = export_pdf(window.controller_context(), ExportRequest(str(target)))
    assert window.cancel_button.isVisible()
    with qtbot.waitSignal(task.signals.cancelled, timeout=30000):
        window.cancel_button.click()
    assert not target.exists() and list(tmp_path.glob("cancelled*")) == []
    assert not interaction.errors
    assert window.status_label.text() == "Export cancelled; nothing was written."
    assert not window.progress.isVisible()


def test_the_decision_page_lists_what_is_missing_and_who_signed_before_export_for_approval(make_window, tmp_path):
    from deepdecide.domain.workspace import RecordStatus

    window = make_window()
    doc = window.document
    decision = window.show_page("decision")
    ws = doc.workspace
    assert ws.decision.chosen_option == ""  # the built-in sample is a proposal without a choice
    assert "no chosen option" in decision.missing_label.text()
    assert ws.decision.decision_makers[0] in decision.signed_label.text()
    assert "not signed" in decision.signed_label.text()
    # accepted and rejected are never chosen by hand
    combo = decision.status_combo
    for status in (RecordStatus.ACCEPTED, RecordStatus.REJECTED):
        assert not combo.model().item(combo.findData(status.value)).isEnabled()
    combo.setCurrentIndex(combo.findData(RecordStatus.ACCEPTED.value))
    combo.activated.emit(combo.currentIndex())
    assert doc.workspace.decision.status == ws.decision.status
    assert not decision.export_approval_button.isEnabled()
    assert "no chosen option" in decision.export_approval_button.toolTip()
def test_cost_view_choice_is_an_undoable_edit_that_re_scores(make_window):
    window = make_window()
    page = window.show_page("compare")
    doc = window.document
    assert doc.assessment().cost_view == "all-in"
    combo = page.cost_view_combo
    combo.setCurrentIndex(combo.findData("cash"))
    assert doc.workspace.assumptions.cost_view == "cash"
    a = doc.assessment()
    assert a.cost_view == "cash"
    oa = a.option("keep-sglang-h100")
    assert oa.costs.cost_per_m_tokens_usd.value == oa.costs.cash.cost_per_m_tokens_usd.value
    doc.undo_stack.undo()
    assert doc.workspace.assumptions.cost_view == "all-in"
    assert combo.currentData() == "all-in"
