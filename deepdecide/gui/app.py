"""Application entry point: QApplication, names, theme, translations, the main window."""

from __future__ import annotations

import gc
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from deepdecide import __version__
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import _
from deepdecide.gui.compat import install_bool_guard
from deepdecide.gui.resources import APP_ID, app_icon, register_icon_themes

if TYPE_CHECKING:
    from deepdecide.gui.interaction import Interaction
    from deepdecide.gui.views.main_window import MainWindow


def create_app(argv: Sequence[str] | None = None) -> Any:
    """The QApplication (created once), with names, high-DPI policy, theme and translations."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        QCoreApplication.setOrganizationName("deepdecide")
        QCoreApplication.setApplicationName("deepdecide")
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication([sys.argv[0], *(argv or [])])
        QGuiApplication.setDesktopFileName(APP_ID)
    install_bool_guard()
    if not getattr(app, "_deepdecide_quit_hook", False):
        from PySide6.QtCore import QThreadPool

        # let background work (imports, Monte Carlo, PDF) end before Qt objects go away
        app.aboutToQuit.connect(lambda: QThreadPool.globalInstance().waitForDone(10000))
        app._deepdecide_quit_hook = True  # type: ignore[attr-defined]
        # Python's cycle collector runs in whichever thread happens to allocate: run on a pool thread
        # (a Monte Carlo, an import) it destroys Qt objects there, which deadlocks or crashes Qt.
        # Automatic collection is off from here on and the GUI thread collects on a timer instead
        # (start_collector: after the first paint, as it imports pyqtgraph, which the first page may
        # not need; no pool thread runs before then).
        gc.disable()
        app._deepdecide_gc = None  # type: ignore[attr-defined]
    QGuiApplication.setApplicationDisplayName("deepdecide")
    app.setApplicationVersion(__version__)
    return app


def start_collector(app: Any) -> None:
    """Start the GUI thread's collection timer (pyqtgraph's GarbageCollector) of an application
    ``create_app`` made, once."""
    if hasattr(app, "_deepdecide_gc") and app._deepdecide_gc is None:
        from pyqtgraph.util.garbage_collector import GarbageCollector

        app._deepdecide_gc = GarbageCollector(interval=1.0)


def build_window(argv: Sequence[str] = (), *, settings_path: str | os.PathLike[str] | None = None,
                 autosave_dir: str | os.PathLike[str] | None = None, interaction: Interaction | None = None,
                 recover: bool = True) -> MainWindow:
    """Create the document and the main window (not shown). Used by ``main`` and the tests."""
    from PySide6.QtWidgets import QApplication

    from deepdecide.gui.document import WorkspaceDocument
    from deepdecide.gui.i18n import apply_language
    from deepdecide.gui.samples import load_builtin_workspace, sample_workspace_path
    from deepdecide.gui.settings import Preferences, open_settings
    from deepdecide.gui.theme import ThemeManager
    from deepdecide.gui.views.main_window import MainWindow
    from deepdecide.storage.autosave import Autosaver
    from deepdecide.storage.cache import load_workspace_cached

    app = cast(QApplication, QApplication.instance())
    settings = open_settings(settings_path)
    prefs = Preferences(settings)
    language = apply_language(app, prefs.get("language"))
    if not getattr(app, "_deepdecide_ready", False):
        register_icon_themes()
        app.setWindowIcon(app_icon())
        app._deepdecide_ready = True  # type: ignore[attr-defined]
    theme = getattr(app, "_deepdecide_theme", None)
    if theme is None:
        theme = ThemeManager(app, prefs.get("theme"))
        app._deepdecide_theme = theme  # type: ignore[attr-defined]
    if autosave_dir is None:
        autosave_dir = Path(settings.fileName()).parent / "autosave"
    error: Exception | None = None
    path = argv[0] if argv else None
    # work that can wait until the window is painted: the background Monte Carlo (held until then, so
    # it does not compete with the first paint), the collection timer, the parsed-workspace cache entry
    deferred: list[Any] = []
    disk_sha256 = ""
    opened_with: list[Any] = []  # what an older file breaks of the newer rules: said in the status line
    try:
        # hashed before the read: a file changed in between reads as changed, never the reverse (for
        # anything but a file, the read says what it is)
        if path and os.path.isfile(path):
            from deepdecide.storage.lock import content_sha256

            disk_sha256 = content_sha256(path) or ""
        ws = load_workspace_cached(path or sample_workspace_path(language), defer=deferred.append,
                                   warnings=opened_with)
    except (DeepdecideError, OSError) as exc:
        error, path = exc, None
        ws = load_builtin_workspace(language)
    document = WorkspaceDocument(ws, path)
    document.disk_sha256 = disk_sha256
    document.hold_background()
    deferred[:0] = [document.release_background, lambda: start_collector(app)]
    window = MainWindow(document, prefs, autosaver=Autosaver(autosave_dir), interaction=interaction, theme=theme)
    if path:
        window._remember(path)
        if opened_with:
            window.say_opened(path, opened_with)
        else:  # a single-file workspace of many evidence files: offered a store (as on File > Open)
            window._update_store_offer()
    window._startup_error = error  # shown once the window is up
    window._offer_recovery = recover and not path
    window._deferred = deferred
    if not getattr(app, "_deepdecide_exec", False):  # tests and scripts that never run the event loop
        run_deferred(window)
    return window


def run_deferred(window: MainWindow, *, stepwise: bool = False) -> None:
    """Run the start-up work that waited for the window's first paint (the background Monte Carlo,
    the collection timer, writing the parsed-workspace cache, importing the other pages' modules).
    ``stepwise``: one piece per turn of the event loop, so that input is handled in between."""
    if not stepwise:
        while window._deferred:
            window._deferred.pop(0)()
        return
    if window._deferred:
        from PySide6.QtCore import QTimer

        window._deferred.pop(0)()
        QTimer.singleShot(0, window, lambda: run_deferred(window, stepwise=True))


def prefetch_pages(window: MainWindow) -> None:
    """After the first paint: import the modules of the pages not shown yet (pandas, the charts'
    pyqtgraph), one per turn of the event loop, so that a page's first visit builds widgets only."""
    from deepdecide.gui.views.main_window import PAGES

    def importer(module: str) -> Callable[[], None]:
        def run() -> None:
            importlib.import_module(module)
        return run

    window._deferred += [importer(module) for _key, module, _cls in PAGES]


def _after_show(window: MainWindow) -> None:
    if window._startup_error is not None:

        window.interaction.show_error(_("Cannot open the workspace"),
                                      window._startup_error)
    if window._offer_recovery:
        window.offer_recovery()


def main(argv: Sequence[str] | None = None) -> int:
    """Start the desktop application; ``argv`` may name a workspace file to open."""
    from PySide6.QtCore import QTimer

    argv = list(sys.argv[1:] if argv is None else argv)
    app = create_app()
    app._deepdecide_exec = True  # deferred start-up work runs after show
    window = build_window(argv, settings_path=os.environ.get("DEEPDECIDE_SETTINGS") or None)
    prefetch_pages(window)
    # start-up benchmark (tests/perf/bench_gui.py): print when the first frame is painted, then quit
    bench = bool(os.environ.get("DEEPDECIDE_EXIT_AFTER_PAINT"))
    _after_first_paint(window, app, report=bench)
    if not bench:
        QTimer.singleShot(0, lambda: _after_show(window))
    window.show()
    return int(app.exec())


def _after_first_paint(window: Any, app: Any, *, report: bool = False) -> None:
    """Run the deferred start-up work once the window has painted its first frame (or after two
    seconds, should no paint come: a window started minimized). ``report``: print the wall-clock
    time of that paint and quit after the deferred work (the start-up benchmark)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FirstPaint(QObject):
        done = False

        def eventFilter(self, obj: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Paint and not self.done and obj.isWidgetType() \
                    and obj.window() is window:
                self.done = True
                if report:
                    print(f"FIRST_PAINT {time.time():.6f}", flush=True)
                QTimer.singleShot(0, self.finish)
            return False

        def finish(self) -> None:
            app.removeEventFilter(self)
            if report:
                # the work that waits for the first paint runs before quitting, as in a session
                # that goes on (the parsed-workspace cache a reopen reads is written)
                run_deferred(window)
                app.quit()
            else:
                run_deferred(window, stepwise=True)

    window._first_paint_filter = FirstPaint(window)
    app.installEventFilter(window._first_paint_filter)
    if not report:
        QTimer.singleShot(2000, window, lambda: run_deferred(window, stepwise=True))


if __name__ == "__main__":
    sys.exit(main())
