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


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_whole_window_fits_1280x800_with_its_status_bar(make_window, qtbot, language):
    """At 1280×800 the window stays 1280×800 on every page (no page's minimum size makes it grow)
    and its status bar, with an import's progress and Cancel, is inside it and unclipped."""
    from PySide6.QtCore import QPoint, QRect

    from deepdecide.gui.views.main_window import DEFAULT_SIZE, PAGES, default_size

    assert default_size()[0] <= DEFAULT_SIZE[0] <= 1280 and default_size()[1] <= DEFAULT_SIZE[1] <= 800
    window = make_window(language=language)
    window.resize(1280, 800)
    window.set_busy("Importing 4 files…", 0.5)
    for key, _m, _c in PAGES:
        window.show_page(key)
        qtbot.wait(50)
        assert (window.width(), window.height()) == (1280, 800), key
        assert window.minimumSizeHint().width() <= 1280 and window.minimumSizeHint().height() <= 800, key
        inside = QRect(QPoint(0, 0), window.size())
        for w in (window.statusBar(), window.progress, window.cancel_button):
            assert w.isVisible(), (key, w)
            top_left = w.mapTo(window, QPoint(0, 0))
            assert inside.contains(QRect(top_left, w.size())), (key, w, top_left, w.size())
        assert not clips(window.statusBar()), key


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_presentation_whatif_bar_fits_1280x800(make_window, qtbot, language):
    """With the what-if bar open, presentation mode at 1280×800 stays 1280×800 on every slide (the bar once
    made the window 1,473 px wide and put the SLO fields off the screen), and every field of the bar is
    inside the window."""
    window = make_window(language=language)
    p = window.present(full_screen=False)
    qtbot.addWidget(p)
    p.resize(1280, 800)
    qtbot.waitExposed(p)
    p.toggle_whatif()
    assert p.whatif.isVisible()
    for i in range(len(p.slides)):
        p.go(i)
        qtbot.wait(30)
        assert (p.width(), p.height()) == (1280, 800), p.current_key()
        assert p.minimumSizeHint().width() <= 1280 and p.minimumSizeHint().height() <= 800, p.current_key()
    from PySide6.QtWidgets import QWidget

    inside = p.rect()
    for field in p.whatif.findChildren(QWidget):
        if field.isVisible() and field.width() > 0:
            corner = field.mapTo(p, field.rect().bottomRight())
            assert inside.contains(corner), (field.objectName() or type(field).__name__, corner)
