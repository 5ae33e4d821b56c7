"""Every user-visible string goes through Qt's translator: the Spanish catalog lists exactly the
strings the code marks, every one translated (markers and markup kept), its compiled .qm is the one
lrelease makes from it; the language comes from the system locale or the preferences, switches at
run time without touching the workspace, and takes Qt's own dialogs and the analysis messages along."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "resources" / "translations" / "deepdecide_es.ts"
COMPILED = TEMPLATE.with_suffix(".qm")
REFRESH = ("pyside6-lupdate -no-obsolete $(find deepdecide/gui -name '*.py' | sort) -ts "
           "resources/translations/deepdecide_es.ts, translate, then pyside6-lrelease it")


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
    assert not missing, f"{REFRESH}; new strings: {sorted(missing)[:5]}"
    gone = _sources(TEMPLATE) - _sources(fresh)
    assert not gone, f"strings no longer in the code stay in the catalog ({REFRESH}): {sorted(gone)[:5]}"
    assert not any(ctx == "" for ctx, _ in _sources(fresh)), "a string without a translation context"


def test_every_message_is_translated_with_its_markers():
    problems = []
    for ctx in ET.parse(TEMPLATE).getroot().iter("context"):
        name = ctx.findtext("name")
        for msg in ctx.iter("message"):
            source = msg.findtext("source") or ""
            tr = msg.find("translation")
            kind = tr.get("type") if tr is not None else "missing"
            texts = [(tr.text or "") if tr is not None else ""]
            if msg.get("numerus") == "yes" and tr is not None:  # one text per plural form
                texts = [f.text or "" for f in tr.iter("numerusform")]
            if kind or not all(t.strip() for t in texts):
                problems.append(f"{name}: {source!r} is {kind or 'empty'}")
                continue
            for text in texts:
                for pattern, what in ((r"%\d+|%n", "markers"), (r"</?\w+[^>]*>", "HTML tags")):
                    if sorted(re.findall(pattern, source)) != sorted(re.findall(pattern, text)):
                        problems.append(f"{name}: {source!r} -> {text!r} changes its {what}")
                if "&" in source.replace("&&", "") and "&" not in text.replace("&&", "") and len(source) < 40:
                    problems.append(f"{name}: {source!r} -> {text!r} loses its keyboard accelerator")
    assert not problems, "\n".join(problems[:20])


def test_the_compiled_catalog_is_the_one_lrelease_makes(tmp_path):
    fresh = tmp_path / "fresh.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(TEMPLATE), "-qm", str(fresh)], check=True, capture_output=True,
                   timeout=120)
    assert COMPILED.exists(), f"{COMPILED.name} is missing: {REFRESH}"
    assert COMPILED.read_bytes() == fresh.read_bytes(), f"{COMPILED.name} is older than {TEMPLATE.name}: {REFRESH}"


def test_the_language_follows_the_system_locale():
    from PySide6.QtCore import QLocale

    from deepdecide.gui.i18n import resolve, system_language

    assert system_language(QLocale("es_ES")) == "es"
    assert system_language(QLocale("es_MX")) == "es"
    assert system_language(QLocale("de_DE")) == "en"
    assert system_language(QLocale.c()) == "en"
    assert resolve("es") == "es" and resolve("en") == "en" and resolve("es_AR.UTF-8") == "es"


@pytest.mark.gui
def test_spanish_installs_qt_own_translations_and_the_analysis_language(qapp):
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.gui.i18n import apply_language, current_language

    try:
        assert apply_language(qapp, "es") == "es"
        assert current_language() == "es" and domain_i18n.language() == "es"
        # Qt's file dialog and standard buttons, from qtbase_es.qm
        assert QCoreApplication.translate("QFileDialog", "Look in:") == "Ver en:"
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"
        # a text no catalog holds comes back as it is (not empty)
        assert QCoreApplication.translate("MainWindow", "not in any catalog") == "not in any catalog"
        assert QCoreApplication.translate("OptionCard", "experimental") == "experimental"
        # labels Qt 6 gave an accelerator that its Spanish catalog lists without one
        from PySide6.QtWidgets import QFileDialog, QLabel

        dialog = QFileDialog()
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = {lab.objectName(): lab.text() for lab in dialog.findChildren(QLabel)}
        assert labels["lookInLabel"] == "&Ver en:" and labels["fileTypeLabel"] == "Ficheros de &tipo:"
        dialog.deleteLater()
        assert QCoreApplication.translate("MainWindow", "&File") == "&Archivo"
        # plural forms: Spanish has two
        assert QCoreApplication.translate("OptionCard", "%n blocker(s): %1", None, 1) == "1 bloqueante: %1"
        assert QCoreApplication.translate("OptionCard", "%n blocker(s): %1", None, 3) == "3 bloqueantes: %1"
        from PySide6.QtCore import QLocale

        assert QLocale().language() == QLocale.Language.Spanish  # spin boxes and dates
    finally:
        apply_language(qapp, "en")
    assert QCoreApplication.translate("QFileDialog", "Look in:") == "Look in:"
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"
    assert domain_i18n.language() == "en"


@pytest.mark.gui
def test_a_spanish_first_start_shows_spanish(make_window):
    window = make_window(language="es")
    assert window.sidebar.item(0).text() == "Resumen"
    assert window.menuBar().actions()[0].text() == "&Archivo"
    assert window.show_page("compare").weights_box.title() == "Pesos de los criterios"
    assert window.language_actions["es"].isChecked()


@pytest.mark.gui
def test_switching_language_keeps_the_workspace_and_its_history(make_window, qtbot):
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.domain.edits import SetDecisionField

    window = make_window()
    window.show_page("decision")
    window.document.edit(SetDecisionField("title", "Keep the fleet"), "title")
    document, workspace = window.document, window.document.workspace
    undo_count = document.undo_stack.count()

    window.language_actions["es"].trigger()
    assert window.prefs.get("language") == "es" and domain_i18n.language() == "es"
    assert window.document is document and document.workspace is workspace
    assert document.undo_stack.count() == undo_count and document.is_modified()
    assert window.current_page_key() == "decision"
    assert window.sidebar.item(0).text() == "Resumen"
    assert [a.text() for a in window.menuBar().actions()][:2] == ["&Archivo", "&Editar"]
    page = window.page("decision")
    assert page.isVisible() and page.editors["title"].text() == "Keep the fleet"
    assert window.show_page("compare").weights_box.title() == "Pesos de los criterios"
    qtbot.wait(50)
    document.undo_stack.undo()  # the history still works after the pages were rebuilt
    assert document.workspace.decision.title != "Keep the fleet"

    window.language_actions["en"].trigger()
    assert window.sidebar.item(0).text() == "Overview"
    assert window.show_page("compare").weights_box.title() == "Criteria weights"
    assert domain_i18n.language() == "en"


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


@pytest.mark.gui
def test_a_spanish_first_start_opens_the_spanish_sample(make_window):
    from deepdecide.storage import files

    if not hasattr(files, "builtin_sample"):
        pytest.skip("this build ships the built-in sample in English only")
    spanish = files.builtin_sample("es")
    window = make_window(language="es")
    assert window.document.workspace.decision.context == spanish.decision.context
    assert window.document.workspace.decision.context != files.builtin_sample("en").decision.context
    window.new_document()  # "New from the built-in sample" too
    assert window.document.workspace.decision.context == spanish.decision.context
    # switching the interface back to English does not translate the user's text
    window.set_language("en")
    assert window.document.workspace.decision.context == spanish.decision.context


def test_a_proxy_discount_reads_either_decimal_notation():
    from deepdecide.gui.views.evidence_page import parse_estimate

    assert parse_estimate("0.5/0.7/0.9") == [0.5, 0.7, 0.9]
    assert parse_estimate("0.5, 0.7, 0.9") == [0.5, 0.7, 0.9]
    assert parse_estimate("0,5/0,7/0,9") == [0.5, 0.7, 0.9]
    assert parse_estimate("0,5; 0,7; 0,9") == [0.5, 0.7, 0.9]
    assert parse_estimate("0,8") == [0.8]
    assert parse_estimate("0.8") == [0.8]


@pytest.mark.gui
def test_analysis_messages_render_through_the_gettext_catalog(qapp):
    """One catalog holds the analysis messages: the GUI renders a Message in the interface
    language through deepdecide.domain.i18n, as the command line and the record do."""
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.domain.messages import msg
    from deepdecide.gui.i18n import apply_language, text

    english = "lower bound: the SLO still holds at the heaviest load measured (not extrapolated)"
    message = msg("capacity.lower_bound", english)  # as the capacity analysis words it
    try:
        apply_language(qapp, "es")
        assert text(message) == message.render() == domain_i18n.translate(english) != english
        assert text(message).startswith("cota inferior")
        with domain_i18n.using("en"):  # a block in another language (a record rebuilt in English)
            assert text(message) == english
    finally:
        apply_language(qapp, "en")
    assert text(message) == english


def test_no_translated_text_hides_inside_an_f_string():
    """lupdate does not look inside f-strings: a tr() there never reaches the catalog."""
    import ast

    found = []
    for path in sorted((ROOT / "deepdecide" / "gui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for call in ast.walk(node):
                    if isinstance(call, ast.Call) and getattr(call.func, "attr", getattr(call.func, "id", "")) \
                            in ("tr", "translate"):
                        found.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert not found, "take the tr() out of the f-string: " + ", ".join(found)


@pytest.mark.gui
def test_switching_language_with_unsaved_edits_keeps_them_undo_and_redo(make_window, qtbot, tmp_path):
    """Unsaved edits of several kinds, one of them undone: after View ▸ Language the workspace,
    its file, the modified flag and both directions of the history are as they were, and the pages
    show the edited values in the new language."""
    from deepdecide.domain.edits import SetDecisionField, SetWeight
    from deepdecide.storage import files

    path = tmp_path / "saved.deepdecide.yaml"
    files.save_workspace(files.load_builtin_workspace(), path)
    window = make_window((str(path),))
    document = window.document
    cid = document.workspace.criteria[0].id
    document.edit(SetWeight(cid, 0.45), "weight")
    document.edit(SetDecisionField("rationale", "Cheapest measured option"), "rationale")
    document.edit(SetDecisionField("title", "A title to undo"), "title")
    document.undo_stack.undo()
    workspace, index, count = document.workspace, document.undo_stack.index(), document.undo_stack.count()
    assert document.is_modified() and document.undo_stack.canRedo()

    window.language_actions["es"].trigger()
    qtbot.wait(50)
    assert window.document is document and document.workspace is workspace
    assert document.path == str(path) and document.is_modified()
    assert (document.undo_stack.index(), document.undo_stack.count()) == (index, count)
    compare = window.show_page("compare")
    qtbot.wait(50)
    assert compare.sliders[cid].value.text().startswith("0,45")  # the edited weight, in Spanish figures
    decision = window.show_page("decision")
    assert decision.editors["rationale"].toPlainText() == "Cheapest measured option"
    document.undo_stack.redo()  # the undone edit comes back after the rebuild
    assert document.workspace.decision.title == "A title to undo"
    assert decision.editors["title"].text() == "A title to undo"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.workspace.decision.rationale != "Cheapest measured option"
    window.language_actions["en"].trigger()
    assert window.document.workspace.criteria[0].weight == 0.45 and document.is_modified()


@pytest.mark.gui
def test_switching_language_remakes_the_decision_page_changes_and_the_headers(make_window, qtbot, tmp_path):
    """The Decision page's "Changes since" box is made from a diff the document keeps for the
    workspace it was made of; after View ▸ Language it is made again in the new language (keys,
    figures and outcome lines), and so are the table headers, without the workspace or its history
    changing."""
    import dataclasses

    from PySide6.QtCore import Qt

    from deepdecide.domain.edits import SetDecisionField
    from deepdecide.storage import files

    path = tmp_path / "saved.deepdecide.yaml"
    files.save_workspace(files.load_builtin_workspace(), path)
    window = make_window((str(path),))
    document = window.document
    ws = document.workspace
    document.replace(dataclasses.replace(ws, demand=dataclasses.replace(ws.demand, output_tokens_per_s=250_000)),
                     str(path), modified=True)
    document.set_baseline(ws, path.name)
    document.edit(SetDecisionField("confirmation", "a canary"), "confirmation")
    decision = window.show_page("decision")
    english = decision.changes_label.text()
    assert "<b>Inputs</b>" in english and "200,000 → 250,000" in english and ": GPUs" in english
    evidence = window.show_page("evidence")
    english_headers = [evidence.table.headerData(c, Qt.Orientation.Horizontal)
                       for c in range(evidence.table.columnCount())]
    workspace, index = document.workspace, document.undo_stack.index()

    window.language_actions["es"].trigger()
    qtbot.wait(50)
    assert document.workspace is workspace and document.undo_stack.index() == index
    decision = window.show_page("decision")
    spanish = decision.changes_label.text()
    assert decision.changes_box.title() == f"Cambios desde {path.name}"
    assert "<b>Datos de entrada</b>" in spanish or "<b>Entradas</b>" in spanish, spanish
    assert "200.000 → 250.000" in spanish and ": GPUs" not in spanish and ": GPU" in spanish, spanish
    evidence = window.show_page("evidence")
    spanish_headers = [evidence.table.headerData(c, Qt.Orientation.Horizontal)
                       for c in range(evidence.table.columnCount())]
    assert spanish_headers != english_headers and "Archivo" in spanish_headers, spanish_headers

    window.language_actions["en"].trigger()
    qtbot.wait(50)
    assert window.show_page("decision").changes_label.text() == english


@pytest.mark.gui
def test_the_decision_dates_are_typed_as_iso_and_read_in_the_interface_language(make_window):
    """A date field holds the ISO date the record stores; its tooltip says it in the language's long
    form, and an empty one asks for the ISO form in the interface language."""
    from deepdecide.domain.edits import SetDecisionField

    window = make_window(language="es")
    page = window.show_page("decision")
    date = page.editors["date"]
    assert date.text() == window.document.workspace.decision.date == "2026-11-29"
    assert date.toolTip() == "29 de noviembre de 2026"
    window.document.edit(SetDecisionField("evidence_cutoff", ""), "cut-off")
    page.refresh()
    cutoff = page.editors["evidence_cutoff"]
    assert cutoff.toolTip() == "" and cutoff.placeholderText() == "AAAA-MM-DD"


@pytest.mark.gui
def test_switching_language_names_the_undo_history_in_the_new_language(make_window, qtbot):
    """The steps made before View ▸ Language are named in the new language (Edit ▸ Undo, the
    toolbar's tooltip), and undo and redo still work after it."""
    window = make_window()
    decision = window.show_page("decision")
    decision.editors["title"].setText("Keep the fleet")
    decision.editors["title"].editingFinished.emit()
    stack = window.document.undo_stack
    assert stack.undoText() == "Edit title"

    window.language_actions["es"].trigger()
    qtbot.wait(50)
    assert stack.undoText() == "Editar título"
    assert window.act_undo.text().endswith("Editar título")
    stack.undo()
    assert stack.redoText() == "Editar título" and window.document.workspace.decision.title != "Keep the fleet"
    stack.redo()
    window.language_actions["en"].trigger()
    assert stack.undoText() == "Edit title"
