"""Presentation mode: F5 and the toolbar open it; keys walk the slides; the what-if never edits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from deepdecide.analysis import evaluate
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.gui.views.presentation import PresentationWindow

pytestmark = pytest.mark.gui

KEYS = ["question", "options", "evidence", "capacity", "flips", "measure", "recommendation", "signoff"]


def open_presentation(window, qtbot) -> PresentationWindow:
    p = window.present(full_screen=False)
    qtbot.addWidget(p)
    p.resize(1920, 1080)
    qtbot.waitExposed(p)
    return p


def texts(widget) -> str:
    from PySide6.QtWidgets import QLabel

    return "\n".join(lab.text() for lab in widget.findChildren(QLabel))


def test_f5_and_the_toolbar_open_presentation_mode(make_window, qtbot):
    window = make_window()
    assert window.act_present.shortcut().toString() == "F5"
    toolbar = window.findChild(type(window.addToolBar("x")), "main_toolbar")
    assert window.act_present in toolbar.actions()
    window.act_present.trigger()
    p = window.presentation
    qtbot.addWidget(p)
    assert p.isFullScreen() or p.windowState() & Qt.WindowState.WindowFullScreen
    p.close()


def test_keys_walk_the_guided_sequence_and_esc_leaves(make_window, qtbot):
    window = make_window()
    p = open_presentation(window, qtbot)
    assert [s.key for s in p.slides] == KEYS
    seen = [p.current_key()]
    for key in (Qt.Key.Key_Right, Qt.Key.Key_PageDown, Qt.Key.Key_Space, Qt.Key.Key_Down,
                Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Right):
        qtbot.keyClick(p, key)
        seen.append(p.current_key())
    assert seen == KEYS + ["signoff"]  # the last slide stays the last
    qtbot.keyClick(p, Qt.Key.Key_Left)
    qtbot.keyClick(p, Qt.Key.Key_PageUp)
    assert p.current_key() == "measure"
    qtbot.keyClick(p, Qt.Key.Key_Home)
    assert p.index == 0
    qtbot.keyClick(p, Qt.Key.Key_End)
    assert p.current_key() == "signoff"
    qtbot.keyClick(p, Qt.Key.Key_Escape)
    assert not p.isVisible()


def test_slides_show_the_assessment_with_short_labels(make_window, qtbot):
    window = make_window()
    ws = window.document.workspace
    a = evaluate(ws)
    p = open_presentation(window, qtbot)
    short = look.short_labels(ws)
    winner = a.option(a.winner)
    assert ws.decision.title in texts(p.slides[0])
    for o in ws.options:
        assert short[o.id] in texts(p.slides[1]) and o.name in texts(p.slides[1])
        assert short[o.id] in texts(p.slides[3])
    assert f"Recommended: {winner.name}" in texts(p.slides[KEYS.index("recommendation")])
    for so in ws.signoffs:
        assert so.name in texts(p.slides[KEYS.index("signoff")])


def test_what_if_shows_a_banner_never_edits_and_b_returns(make_window, qtbot):
    window = make_window()
    doc = window.document
    before, index, clean = doc.workspace, doc.undo_stack.index(), doc.undo_stack.isClean()
    p = open_presentation(window, qtbot)
    assert not p.banner.isVisible()
    base_winner = p.assessment().winner
    qtbot.keyClick(p, Qt.Key.Key_W)
    assert p.whatif.isVisible()
    # make capacity dominate: the flip table says the winner changes above a weight share
    p.whatif.weights["capacity"].setValue(9.0)
    assert p.differs() and p.banner.isVisible()
    assert "what-if: differs from the saved decision" in p.banner_text.text()
    if p.assessment().winner != base_winner:  # the banner says so when the what-if moves the top rank
        assert "top rank moves" in p.banner_text.text()
    p.whatif.slo["ttft_p99_ms"].setValue(5000)
    assert "weights, SLO changed" in p.banner_text.text()
    assert doc.workspace is before and doc.undo_stack.index() == index and doc.undo_stack.isClean() == clean
    p.setFocus()
    qtbot.keyClick(p, Qt.Key.Key_B)
    assert not p.differs() and not p.banner.isVisible()
    assert p.whatif.weights["capacity"].value() == pytest.approx(
        next(c.weight for c in before.criteria if c.id == "capacity"))
    assert p.assessment().winner == base_winner
    assert doc.workspace is before and doc.undo_stack.count() == index


def test_large_type_at_full_hd(make_window, qtbot):
    window = make_window()
    p = open_presentation(window, qtbot)
    assert p.slides[0].title.font().pointSizeF() >= 2 * window.font().pointSizeF()


def test_recommendation_without_a_winner_lists_the_assessment_messages(make_window, qtbot):
    """With no winner the slide lists the Assessment's messages (structured messages, rendered)."""
    import dataclasses

    from deepdecide.domain.messages import msg

    window = make_window()
    ws = window.document.workspace
    p = open_presentation(window, qtbot)
    a = dataclasses.replace(evaluate(ws), winner=None,
                            messages=(msg("test.reason", "no option meets the {what}", what="SLO"),))
    slide = p.slides[KEYS.index("recommendation")]
    slide.clear()
    p._recommendation(slide, ws, a)
    shown = texts(slide)
    assert "No recommendation yet." in shown
    assert "no option meets the SLO" in shown


def test_the_measure_slide_names_what_to_measure_next(make_window, qtbot):
    window = make_window()
    mc = window.document.monte_carlo()
    qtbot.waitUntil(lambda: mc.current() is not None, timeout=30000)
    p = open_presentation(window, qtbot)
    slide = p.slides[[s.key for s in p.slides].index("measure")]
    top = mc.current().worth_measuring()[0]
    assert top.key == "keep-sglang-h100.capacity"
    shown = texts(slide)
    assert "benchmark Keep H100, serve with SGLang on the workload under the SLO" in shown  # by name
    assert formatting.percent(top.p_change, 1) in shown
