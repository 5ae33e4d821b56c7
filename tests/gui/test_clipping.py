"""No text is clipped, in English and in Spanish: on every page at 1280×800 and 1920×1080, and in
presentation mode at both sizes, no label, button, header section or chart axis title is narrower
than its text needs (unless it shows the full text in a tooltip and what remains visible still
tells it apart)."""

from __future__ import annotations

import contextlib

import pytest
from clip_check import clips, clips_on_every_tab

pytestmark = pytest.mark.gui

SIZES = [(1280, 800), (1920, 1080)]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=["1280x800", "1920x1080"])
def test_no_page_clips_its_text(make_window, qtbot, width, height, language):
    from deepdecide.gui.views.main_window import PAGES

    window = make_window(language=language)
    window.resize(width, height)
    found = []
    for key, _m, _c in PAGES:
        window.show_page(key)
        qtbot.wait(400)  # the pages' deferred work (sensitivity after 250 ms) has run
        found += [f"{key}: {c}" for c in clips_on_every_tab(window.page(key), lambda: qtbot.wait(20))]
    found += [f"window: {c}" for c in clips(window.menuBar()) + clips(window.statusBar())
              + clips(window.centralWidget())]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=["1280x800", "1920x1080"])
def test_presentation_mode_clips_no_text(make_window, qtbot, width, height, language):
    window = make_window(language=language)
    p = window.present(full_screen=False)
    qtbot.addWidget(p)
    p.resize(width, height)
    qtbot.waitExposed(p)
    p.toggle_whatif()
    found = []
    for i in range(len(p.slides)):
        p.go(i)
        qtbot.wait(30)
        # a loaded machine may take longer to lay a slide out; what is still clipped then counts
        with contextlib.suppress(qtbot.TimeoutError):
            qtbot.waitUntil(lambda: not clips(p), timeout=1500)
        found += [f"slide {p.current_key()}: {c}" for c in clips(p)]
    assert not found, "\n".join(found)
