"""tools/screenshots.py writes a review gallery: here on a small subset (one page with its tabs, one
dialog, one theme and size, and the record's pages when pdftoppm is installed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "screenshots.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, env=env,
                          timeout=300, check=False)


def test_the_gallery_writes_every_tab_a_dialog_and_the_record_pages(tmp_path):
    out = tmp_path / "gallery"
    with_pdf = shutil.which("pdftoppm") is not None
    done = _run("--out", str(out), "--sizes", "1280x800", "--themes", "dark", "--pages", "evidence",
                "--dialogs", "import_context", "--no-presentation", *([] if with_pdf else ["--no-pdf"]))
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in out.glob("*.png"))
    tabs = [n for n in names if n.startswith("1280x800_dark_evidence_")]
    assert [n.split("_", 3)[3] for n in tabs] == ["0-summary.png", "1-throughput.png", "2-latency.png",
                                                  "3-normalized-table.png", "4-predicted-vs-measured.png",
                                                  "5-reproductions.png"]
    assert "dark_dialog_import_context.png" in names
    shot = QImage(str(out / tabs[0]))
    assert (shot.width(), shot.height()) == (1280, 800)
    assert shot.pixelColor(shot.width() // 2, 5).lightness() < 128  # the dark theme was applied
    index = (out / "index.html").read_text(encoding="utf-8")
    assert all(n in index for n in tabs)
    if with_pdf:
        pages = [n for n in names if n.startswith("record-")]
        assert len(pages) >= 10 and (out / "record.pdf").stat().st_size > 50_000
        assert all(p in index for p in pages)


def test_the_gallery_refuses_an_unknown_page_or_size_without_a_traceback(tmp_path):
    done = _run("--out", str(tmp_path / "g"), "--pages", "nowhere", "--no-pdf", "--dialogs", "none")
    assert done.returncode == 2
    assert "unknown page(s) nowhere" in done.stderr and "Traceback" not in done.stderr
    done = _run("--out", str(tmp_path / "g"), "--sizes", "big")
    assert done.returncode == 2 and "expected WIDTHxHEIGHT" in done.stderr
