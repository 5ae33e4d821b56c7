"""The Overview's "What to measure next": the Assessment's top items and the button writing their plan."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deepdecide.domain.plan import MANIFEST


@pytest.mark.gui
def test_overview_names_what_to_measure_next_and_writes_the_plan(make_window, qtbot, tmp_path):
    window = make_window()
    page = window.show_page("overview")
    mc = window.document.monte_carlo()
    qtbot.waitUntil(lambda: mc.current() is not None, timeout=30000)
    qtbot.waitUntil(lambda: "benchmark Keep H100, serve with SGLang" in page.measure_next.body.text(), timeout=10000)
    panel = page.measure_next
    top = mc.current().worth_measuring()
    assert top and top[0].key == "keep-sglang-h100.capacity"
    body = panel.body.text()
    assert "chance the recommendation changes (to Keep H100, serve with vLLM)" in body and "of expected TCO" in body
    assert panel.button.isEnabled()
    qtbot.wait(300)  # the layout settles on the new text
    assert panel.body.height() >= panel.body.heightForWidth(panel.body.width())  # every line shows
    shots = os.environ.get("DEEPDECIDE_SCREENSHOT_DIR")
    if shots:
        window.grab().save(str(Path(shots) / "measure_next.png"))
    target = tmp_path / "plan"
    panel.choose_folder = lambda _suggested: str(target)
    panel.button.click()
    manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    assert [i["input"] for i in manifest["items"]][:1] == ["keep-sglang-h100.capacity"]  # the top item first
    assert (target / manifest["items"][0]["script"]).is_file()
    assert "Benchmark plan written to" in panel.status.text()
    # a folder that is not empty: refused, shown, nothing written
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "x").write_text("keep", encoding="utf-8")
    panel.choose_folder = lambda _suggested: str(taken)
    panel.button.click()
    assert [p.name for p in taken.iterdir()] == ["x"]
    assert "Not written" in panel.status.text()
