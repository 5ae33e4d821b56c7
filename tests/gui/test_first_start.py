"""A first start that orients: the built-in sample says what it is in a banner (and the title), which
goes once the user works on a file of their own; File ▸ New workspace… writes a workspace of the
user's own (workload, options placed in the matrix, owned fleet, prices) as ``deepdecide init`` does."""

from __future__ import annotations

import pytest

from deepdecide.domain.workspace import Pricing, Strategy
from deepdecide.storage.files import load_workspace

pytestmark = pytest.mark.gui

BANNER = ("Built-in sample: illustrative evidence and assumed prices — open your own workspace, or import your "
          "results.")


def _plain(html: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def test_the_sample_shows_the_banner_until_a_file_of_ones_own(make_window, interaction, tmp_path):
    window = make_window()
    assert window.sample_banner.isVisible()
    assert _plain(window.sample_label.text()) == BANNER
    assert "built-in sample" in window.windowTitle() and "untitled" not in window.windowTitle()
    interaction.save_path = str(tmp_path / "mine.deepdecide.yaml")
    assert window.save_as()
    assert not window.sample_banner.isVisible()
    assert "mine.deepdecide.yaml" in window.windowTitle()
    window.new_document()  # File ▸ New from the built-in sample: the banner again
    assert window.sample_banner.isVisible()


def test_an_opened_workspace_shows_no_banner(make_window, tmp_path, builtin_workspace):
    from deepdecide.storage.files import save_workspace

    path = tmp_path / "ours.deepdecide.yaml"
    save_workspace(builtin_workspace, path)
    window = make_window((str(path),))
    assert not window.sample_banner.isVisible()


def test_the_banner_in_spanish(make_window):
    window = make_window(language="es")
    assert window.sample_banner.isVisible()
    text = _plain(window.sample_label.text())
    assert text.startswith("Ejemplo incorporado") and "importe sus resultados" in text


def _fill(wizard) -> None:
    w = wizard.workload_step
    w.model.setText("Qwen3-235B")
    w.precisions.setText("fp8")
    w.input_tokens.setText("1000-3000")
    w.output_tokens.setText("200-400")
    assert w.isComplete()
    wizard.next()
    o = wizard.options_step
    assert not o.isComplete()
    names = [o.runtime.itemData(i) for i in range(o.runtime.count())]
    assert "flashmla" not in names and "vllm" in names  # serving engines only
    o.runtime.setCurrentIndex(o.runtime.findData("vllm"))
    o.platform.setCurrentIndex(o.platform.findData("nv-h100"))
    o.strategy.setCurrentIndex(o.strategy.findData("keep"))
    assert o.add_current()
    o.runtime.setCurrentIndex(o.runtime.findData("sglang"))
    o.platform.setCurrentIndex(o.platform.findData("nv-b200"))
    o.strategy.setCurrentIndex(0)  # from the matrix
    assert o.add_current()
    assert not o.add_current()  # the same option twice: refused, said why
    assert "given twice" in o.problem.text()
    assert o.isComplete()
    wizard.next()
    f = wizard.fleet_step
    assert set(f.inputs) == {"nv-h100", "nv-b200"}
    f.inputs["nv-h100"].owned.setValue(64)
    f.inputs["nv-h100"].purchase.setValue(30000)
    f.inputs["nv-b200"].rental.setValue(3.2)
    f.inputs["nv-b200"].power.setValue(2.2)
    f.inputs["nv-b200"].shortfall.setCurrentIndex(f.inputs["nv-b200"].shortfall.findData("rent"))
    f.electricity.setValue(0.12)


def test_new_workspace_wizard_writes_a_workspace_of_ones_own(make_window, interaction, tmp_path):
    window = make_window()
    interaction.new_workspace_script = _fill
    path = tmp_path / "qwen.deepdecide.yaml"
    interaction.save_path = str(path)
    window.act_new_workspace.trigger()
    assert "new_workspace" in interaction.asked and not interaction.errors
    ws = load_workspace(path)  # written, and valid
    assert window.document.path == str(path) and not window.document.is_modified()
    assert not window.sample_banner.isVisible()
    assert ws.model == "Qwen3-235B" and ws.workload.precisions == ("fp8",)
    assert (ws.workload.input_tokens.low, ws.workload.input_tokens.high) == (1000, 3000)
    by = {o.id: o for o in ws.options}
    assert by["keep-vllm-nv-h100"].strategy == Strategy.KEEP
    b200 = next(o for o in ws.options if o.platform == "nv-b200")
    assert b200.runtime == "sglang" and b200.cost.pricing == Pricing.RENT
    assert by["keep-vllm-nv-h100"].cost.pricing == Pricing.OWN
    assert ws.fleet_of("nv-h100").owned_gpus == 64
    assert ws.fleet_of("nv-h100").purchase_usd_per_gpu.likely == 30000
    assert ws.fleet_of("nv-h100").rental_usd_per_gpu_hour is None  # 0: not stated
    assert ws.fleet_of("nv-b200").rental_usd_per_gpu_hour.likely == 3.2
    assert ws.assumptions.electricity_usd_per_kwh.likely == 0.12
    assert ws.matrix.runtimes and ws.checklist and ws.criteria  # the built-in sections, as init writes
    assert window.show_page("fleet").platforms.rowCount() == 2


def test_cancelling_the_wizard_changes_nothing(make_window, interaction):
    window = make_window()
    ws = window.document.workspace
    interaction.new_workspace_script = lambda wizard: False
    window.new_workspace()
    assert window.document.workspace is ws and window.sample_banner.isVisible()
