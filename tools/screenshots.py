"""Screenshot gallery for a visual review: every page of the main window (each tab of a page with
tabs), the dialogs and every presentation slide, at each size and theme, plus a PNG of every page of
the PDF decision record, all written into one folder with an index.html to look through.

    QT_QPA_PLATFORM=offscreen python tools/screenshots.py --out /tmp/gallery
    python tools/screenshots.py --out /tmp/g --sizes 1280x800 --themes light --pages evidence --no-pdf

The built-in sample workspace is shown (or WORKSPACE); settings and autosaves go to a temporary
folder, so the user's own settings are never read or changed. PDF pages need ``pdftoppm``
(poppler-utils); without it the PDF is written and its pages are skipped with a message.
"""

from __future__ import annotations

import argparse
import html
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

DEFAULT_SIZES = ("1280x800", "1600x1000")
DEFAULT_THEMES = ("light", "dark")
DIALOGS = ("import_context", "export", "sign")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x800") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"size {text!r}: at least 320x240")
    return w, h


def _spin(app: Any, seconds: float, until: Callable[[], bool] | None = None) -> None:
    """Run the event loop for ``seconds`` (or until ``until()`` holds)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if until is not None and until():
            return
        time.sleep(0.01)


class Gallery:
    """Writes the PNGs and remembers them (name, caption) for the index."""

    def __init__(self, out: Path):
        self.out = out
        self.shots: list[tuple[str, str]] = []
        out.mkdir(parents=True, exist_ok=True)

    def save(self, widget: Any, name: str, caption: str) -> Path:
        path = self.out / f"{name}.png"
        if not widget.grab().save(str(path)):
            raise OSError(f"{path}: the screenshot could not be written")
        self.shots.append((path.name, caption))
        return path

    def add_file(self, path: Path, caption: str) -> None:
        self.shots.append((path.name, caption))

    def write_index(self) -> Path:
        items = "\n".join(f'<figure><figcaption>{html.escape(c)}</figcaption><img src="{html.escape(n)}" '
                          f'alt="{html.escape(c)}"></figure>' for n, c in self.shots)
        index = self.out / "index.html"
        index.write_text("<!doctype html><meta charset=utf-8><title>deepdecide screenshots</title>"
                         "<style>body{font-family:sans-serif;background:#888}figure{margin:1em 0}"
                         "img{max-width:100%;border:1px solid #444}</style>\n" + items + "\n", encoding="utf-8")
        return index


def _tab_widgets(page: Any) -> list[Any]:
    """The page's own tab widgets (not those nested inside a tab)."""
    from PySide6.QtWidgets import QTabWidget

    tabs = page.findChildren(QTabWidget)
    return [t for t in tabs if not any(o is not t and o.isAncestorOf(t) for o in tabs)]


def shoot_pages(app: Any, window: Any, gallery: Gallery, tag: str, pages: Iterable[str]) -> None:
    from deepdecide.gui.views.main_window import PAGES

    wanted = set(pages)
    for key, _m, _c in PAGES:
        if key not in wanted:
            continue
        page = window.show_page(key)
        _spin(app, 0.5)  # the pages' deferred work (the sensitivity after 250 ms)
        tab_widgets = _tab_widgets(page)
        if not tab_widgets:
            gallery.save(window, f"{tag}_{key}", f"{key} ({tag})")
            continue
        for tabs in tab_widgets:
            before = tabs.currentIndex()
            shown = [i for i in range(tabs.count()) if tabs.isTabVisible(i)]  # a hidden tab has nothing to show
            for n, i in enumerate(shown):
                tabs.setCurrentIndex(i)
                _spin(app, 0.15)
                slug = "".join(ch if ch.isalnum() else "-" for ch in tabs.tabText(i).lower()).strip("-")
                gallery.save(window, f"{tag}_{key}_{n}-{slug}", f"{key}, tab {tabs.tabText(i)!r} ({tag})")
            tabs.setCurrentIndex(before)


def shoot_dialogs(app: Any, window: Any, gallery: Gallery, tag: str, dialogs: Iterable[str]) -> None:
    """The dialogs at the size they open with (the window size does not change them)."""
    for name in dialogs:
        dialog = _make_dialog(window, name)
        dialog.show()
        _spin(app, 0.2)
        gallery.save(dialog, f"{tag}_dialog_{name}", f"dialog {name} ({tag})")
        dialog.reject()
        dialog.deleteLater()
        _spin(app, 0.05)


def _make_dialog(window: Any, name: str) -> Any:
    if name == "import_context":
        from deepdecide.gui.views.import_context_dialog import ImportContextDialog
        from deepdecide.importers import context_table
        from deepdecide.importers.registry import import_file
        from deepdecide.storage.files import data_root

        # what a folder import of the sample's files asks: one row per file, each with its own answer
        m = window.document.workspace.matrix
        files = sorted((data_root() / "samples" / "evidence").glob("*.jsonl"))
        rows = [context_table.row_for(str(f), import_file(f), m) for f in files]
        choices = {"runtime": [(r.id, r.name) for r in m.runtimes],
                   "platform": [(p.id, f"{p.vendor} {p.name}") for p in m.platforms]}
        return ImportContextDialog(rows, choices, window)
    if name == "export":
        from deepdecide.gui.pdf_export import default_request
        from deepdecide.gui.views.export_dialog import ExportDialog

        return ExportDialog(default_request(window.controller_context()), window.interaction, window,
                            decision_id=window.document.workspace.decision.id)
    if name == "sign":
        from deepdecide.gui.views.sign_dialog import SignDialog

        return SignDialog(tuple(s.role for s in window.document.workspace.signoffs), window)
    raise ValueError(f"unknown dialog {name!r}: one of {', '.join(DIALOGS)}")


def shoot_presentation(app: Any, window: Any, gallery: Gallery, tag: str, size: tuple[int, int]) -> None:
    p = window.present(full_screen=False)
    p.resize(*size)
    p.show()
    _spin(app, 0.3)
    for i in range(len(p.slides)):
        p.go(i)
        _spin(app, 0.1)
        gallery.save(p, f"{tag}_present_{i:02d}-{p.current_key()}", f"presentation slide {p.current_key()} ({tag})")
    p.toggle_whatif()
    _spin(app, 0.1)
    gallery.save(p, f"{tag}_present_whatif-{p.current_key()}", f"presentation, what-if on ({tag})")
    p.close()
    p.deleteLater()
    _spin(app, 0.1)


def shoot_pdf(gallery: Gallery, workspace: str | None, dpi: int = 60) -> list[Path]:
    """The record of the workspace (``deepdecide report``), and a PNG of each of its pages."""
    pdf = gallery.out / "record.pdf"
    cmd = [sys.executable, "-m", "deepdecide", "report", "-o", str(pdf)] + ([workspace] if workspace else [])
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"deepdecide report failed ({done.returncode}): {done.stderr.strip()}")
    if shutil.which("pdftoppm") is None:
        print("pdftoppm not found (poppler-utils): the record's pages are not rendered", file=sys.stderr)
        return []
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(pdf), str(gallery.out / "record")], check=True)
    pages = sorted(gallery.out.glob("record-*.png"))
    for n, page in enumerate(pages, 1):
        gallery.add_file(page, f"record page {n}")
    return pages


def run(out: Path, *, sizes: Iterable[tuple[int, int]] = (), themes: Iterable[str] = DEFAULT_THEMES,
        pages: Iterable[str] | None = None, dialogs: Iterable[str] = DIALOGS, presentation: bool = True,
        pdf: bool = True, workspace: str | None = None) -> Gallery:
    """Write the gallery into ``out``; returns it (the PNG names with captions)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from deepdecide.gui.app import build_window, create_app
    from deepdecide.gui.views.main_window import PAGES

    sizes = list(sizes) or [parse_size(s) for s in DEFAULT_SIZES]
    page_keys = list(pages) if pages is not None else [k for k, _m, _c in PAGES]
    unknown = set(page_keys) - {k for k, _m, _c in PAGES}
    if unknown:
        raise ValueError(f"unknown page(s) {', '.join(sorted(unknown))}: one of {', '.join(k for k, _m, _c in PAGES)}")
    gallery = Gallery(out)
    app = create_app()
    with tempfile.TemporaryDirectory(prefix="deepdecide-shots-") as tmp:
        window = build_window([workspace] if workspace else [], settings_path=Path(tmp) / "settings.ini",
                              autosave_dir=Path(tmp) / "autosave", recover=False)
        try:
            window.resize(*sizes[0])
            window.show()
            mc = window.document.monte_carlo()
            _spin(app, 60, lambda: mc.current() is not None)  # the Monte Carlo spread is on the pages
            for theme in themes:
                window.set_theme(theme)
                _spin(app, 0.2)
                for w, h in sizes:
                    tag = f"{w}x{h}_{theme}"
                    window.resize(w, h)
                    _spin(app, 0.2)
                    shoot_pages(app, window, gallery, tag, page_keys)
                    if presentation:
                        shoot_presentation(app, window, gallery, tag, (w, h))
                shoot_dialogs(app, window, gallery, theme, dialogs)
        finally:
            window.document.undo_stack.setClean()
            window.tasks.cancel()
            window.tasks.wait(5000)
            window.set_theme("system")
            window.close()
            window.deleteLater()
            QApplication.processEvents()
    if pdf:
        shoot_pdf(gallery, workspace)
    gallery.write_index()
    return gallery


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workspace", nargs="?", help="workspace file (default: the built-in sample)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNGs and index.html")
    parser.add_argument("--sizes", default=",".join(DEFAULT_SIZES), help="comma-separated WIDTHxHEIGHT")
    parser.add_argument("--themes", default=",".join(DEFAULT_THEMES), help="comma-separated: light, dark")
    parser.add_argument("--pages", help="comma-separated page keys (default: every page)")
    parser.add_argument("--dialogs", default=",".join(DIALOGS), help="comma-separated dialogs, or 'none'")
    parser.add_argument("--no-presentation", action="store_true", help="skip the presentation slides")
    parser.add_argument("--no-pdf", action="store_true", help="skip the PDF record and its pages")
    args = parser.parse_args(argv)
    try:
        sizes = [parse_size(s) for s in args.sizes.split(",") if s]
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    themes = [t for t in args.themes.split(",") if t]
    if bad := [t for t in themes if t not in DEFAULT_THEMES]:
        parser.error(f"unknown theme(s) {', '.join(bad)}: light or dark")
    dialogs = [] if args.dialogs == "none" else [d for d in args.dialogs.split(",") if d]
    if bad := [d for d in dialogs if d not in DIALOGS]:
        parser.error(f"unknown dialog(s) {', '.join(bad)}: one of {', '.join(DIALOGS)}")
    try:
        gallery = run(args.out, sizes=sizes, themes=themes,
                      pages=args.pages.split(",") if args.pages else None, dialogs=dialogs,
                      presentation=not args.no_presentation, pdf=not args.no_pdf, workspace=args.workspace)
    except (ValueError, RuntimeError, OSError) as exc:
        print(f"screenshots: {exc}", file=sys.stderr)
        return 2
    print(f"{len(gallery.shots)} images in {args.out} (index.html)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
