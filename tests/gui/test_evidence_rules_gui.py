"""The evidence rules on the real third-party files, in the desktop application: a DeepSeek-R1
8K/1K decision with an error-rate limit names no winner and says why (Overview, presentation), an
option whose required parity check failed shows no *performs*, and the four questions per option
on the Parity page (``tests/r1_real_files.py`` builds the decisions)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel
from r1_real_files import l40s_parity_failed, r1_8k1k_without_a_winner

from deepdecide.analysis import evaluate
from deepdecide.domain import presentation as look
from deepdecide.gui.i18n import text as message_text
from deepdecide.storage import files

pytestmark = pytest.mark.gui

NO_WINNER = "no option meets the SLO with the evidence at hand"


def _open(make_window, qtbot, ws, tmp_path):
    path = tmp_path / "real.deepdecide.yaml"
    files.save_workspace(ws, path)
    window = make_window((str(path),))
    assert window.document.workspace.options == ws.options
    return window


def _slide(window, qtbot, key):
    p = window.present(full_screen=False)
    qtbot.addWidget(p)
    p.resize(1920, 1080)
    slide = next(s for s in p.slides if s.key == key)
    return "\n".join(lab.text() for lab in slide.findChildren(QLabel)), p


def test_the_r1_decision_names_no_winner_and_says_why(make_window, qtbot, tmp_path, shared_fixtures):
    ws = r1_8k1k_without_a_winner(shared_fixtures)
    a = evaluate(ws, sensitivity=False)
    window = _open(make_window, qtbot, ws, tmp_path)
    overview = window.show_page("overview")
    overview.refresh()
    said = overview.recommendation.text()
    assert f"No recommendation: {NO_WINNER}." in said and "Recommendation:" not in said
    assert "What would make an option recommendable:" in said
    for card in overview.cards:  # each card says why its option is not recommendable
        oa = a.option(card.option_id)
        assert message_text(oa.slo_standing.reason) in card.note.text(), card.option_id
    shown, p = _slide(window, qtbot, "recommendation")
    assert f"No recommendation: {NO_WINNER}." in shown and "Recommended:" not in shown
    assert "runs of SGLang on NVIDIA B200 that count completed and failed requests" in shown  # by name
    p.close()


def test_a_parity_failed_option_shows_no_performs(make_window, qtbot, tmp_path, shared_fixtures):
    ws = l40s_parity_failed(shared_fixtures)
    window = _open(make_window, qtbot, ws, tmp_path)
    shown, p = _slide(window, qtbot, "evidence")
    short = look.short_labels(ws)["vllm-nv-l40s"]
    slide = next(s for s in p.slides if s.key == "evidence")
    labels = [lab.text() for lab in slide.findChildren(QLabel)]
    at = labels.index(short)
    assert labels[at + 1:at + 4] == ["✓", "✗", "✗"]  # builds (the check ran there), not correct, not performs
    p.close()
    overview = window.show_page("overview")
    card = overview.cards[0]
    assert "fails parity" in card.note.text()


def test_the_four_questions_per_option_on_the_parity_page(make_window, qtbot, tmp_path, shared_fixtures):
    from deepdecide.gui.models.records import MeaningRole

    ws = r1_8k1k_without_a_winner(shared_fixtures)
    a = evaluate(ws, sensitivity=False)
    window = _open(make_window, qtbot, ws, tmp_path)
    page = window.show_page("parity")
    page.refresh()
    questions = page.questions
    assert questions.rowCount() == len(a.options)
    in_order = [a.option(oid) for oid in (a.order or [o.option for o in a.options])]  # the one order
    for r, oa in enumerate(in_order):
        assert questions.index(r, 0).data() == oa.name
        for c, q in enumerate(oa.article.answers, start=1):
            assert questions.index(r, c).data(MeaningRole) == q.state.value, (oa.option, q.question)
            assert questions.index(r, c).data(), (oa.option, q.question)  # a word, not only a colour
