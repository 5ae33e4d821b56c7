"""Every user-visible string goes through Qt's translator: a Spanish .qm changes the window, and
the committed translation template lists every string the code marks."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "resources" / "translations" / "deepdecide_es.ts"


def _tool(name: str) -> str:
    exe = Path(sys.executable).with_name(name)
    found = str(exe) if exe.exists() else shutil.which(name)
    if not found:
        pytest.skip(f"{name} (PySide6 tools) is not installed")
    return found


def _sources(ts: Path) -> set[tuple[str, str]]:
    root = ET.parse(ts).getroot()
    return {(ctx.findtext("name") or "", msg.findtext("source") or "")
            for ctx in root.iter("context") for msg in ctx.iter("message")}


def test_template_lists_every_marked_string(tmp_path):
    files = sorted(str(p) for p in (ROOT / "deepdecide" / "gui").rglob("*.py"))
    fresh = tmp_path / "fresh.ts"
    subprocess.run([_tool("pyside6-lupdate"), *files, "-ts", str(fresh)], check=True, capture_output=True,
                   timeout=120)
    missing = _sources(fresh) - _sources(TEMPLATE)
    assert not missing, f"run pyside6-lupdate to refresh {TEMPLATE.name}; new strings: {sorted(missing)[:5]}"
    assert not any(ctx == "" for ctx, _ in _sources(fresh)), "a string without a translation context"


@pytest.mark.gui
def test_a_spanish_translation_changes_the_window(make_window, tmp_path, qapp):
    ts = tmp_path / "deepdecide_es.ts"
    ts.write_text("""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS><TS version="2.1" language="es">
<context><name>MainWindow</name>
<message><source>Overview</source><translation>Resumen</translation></message>
<message><source>&amp;File</source><translation>&amp;Archivo</translation></message>
</context>
<context><name>ComparePage</name>
<message><source>Criteria weights</source><translation>Pesos de los criterios</translation></message>
</context>
</TS>
""", encoding="utf-8")
    qm = tmp_path / "deepdecide_es.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(ts), "-qm", str(qm)], check=True, capture_output=True,
                   timeout=120)
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    try:
        window = make_window()
        assert window.sidebar.item(0).text() == "Resumen"
        assert window.menuBar().actions()[0].text() == "&Archivo"
        assert window.show_page("compare").weights_box.title() == "Pesos de los criterios"
    finally:
        QCoreApplication.removeTranslator(translator)
