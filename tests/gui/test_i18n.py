"""Every user-visible string goes through the one gettext catalog (data/locale), the same the
command line and the record read: no Qt Linguist call is left in the widgets; the language comes
from the system locale or the preferences, switches at run time without touching the workspace, and
takes Qt's own dialogs (qtbase) and the analysis messages along. (That the catalog lists every marked
string, each translated with its markers, is tests/domain/test_catalog.py's part.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from PySide6.QtCore import QCoreApplication

ROOT = Path(__file__).resolve().parents[2]


def _codemod():
    spec = importlib.util.spec_from_file_location("qt_to_gettext", ROOT / "tools" / "qt_to_gettext.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_no_widget_asks_qt_for_a_translation():
    """``self.tr``, ``QCoreApplication.translate`` and ``QT_TRANSLATE_NOOP`` would look in a catalog
    the application no longer installs: the text would stay English."""
    tool = _codemod()
    left = []
    for path in tool.sources():
        r = tool.rewrite(path)
        rel = path.relative_to(ROOT)
        left += [f"{rel}:{c.node.lineno}" for c in r.calls] + [f"{rel}:{line}" for line, _w in r.skipped]
    assert not left, ("use _() / pgettext / ngettext from deepdecide.domain.i18n "
                      "(or run python tools/qt_to_gettext.py): " + ", ".join(left))
    assert not tool.TS.exists() and not tool.QM.exists()


def test_the_codemod_rewrites_qt_calls_and_keeps_the_rest(tmp_path):
    tool = _codemod()
    source = tmp_path / "page.py"
    source.write_text('''from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QFileDialog, QWidget

from deepdecide.gui.i18n import fmt


class Page(QWidget):
    def build(self, n):
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open"), "", self.tr("All files (*)"))
        a = self.tr("rent", "pricing")
        b = fmt(self.tr("%n file(s) in %1", "", n), path)
        c = QCoreApplication.translate("Labels", "none", "capacity basis")
        d = QT_TRANSLATE_NOOP("Page", "Notes")
        e = self.tr("%n proxy", "fit count", n)
        return Qt.AlignLeft, a, b, c, d, e
''', encoding="utf-8")
    r = tool.rewrite(source)
    assert len(r.calls) == 7 and r.renamed == 1 and not r.skipped
    text = r.text
    assert "path, _ignored = QFileDialog.getOpenFileName(self, _(\"Open\"), \"\", _(\"All files (*)\"))" in text
    assert 'a = pgettext("pricing", "rent")' in text
    assert 'b = fmt(ngettext("{n} file(s) in %1", "{n} file(s) in %1", n).format(n=n), path)' in text
    assert 'c = pgettext("capacity basis", "none")' in text and 'd = N_("Notes")' in text
    assert 'e = npgettext("fit count", "{n} proxy", "{n} proxy", n).format(n=n)' in text
    assert "from deepdecide.domain.i18n import N_, _, ngettext, npgettext, pgettext" in text
    assert "from PySide6.QtCore import Qt\n" in text  # Qt's translation names are no longer imported
    source.write_text(text, encoding="utf-8")
    again = tool.rewrite(source)
    assert again.text == text and not again.calls  # a converted file is left as it is


def test_the_codemod_carries_the_spanish_over_and_keeps_the_catalog_words(tmp_path):
    """A .ts entry fills the .po where it has no translation; the .po's own words win."""
    tool = _codemod()
    catalog_tool = tool._catalog_tool()
    ts = tmp_path / "deepdecide_es.ts"
    ts.write_text("""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS><TS version="2.1" language="es">
<context><name>SignDialog</name>
<message><source>Sign with %1</source><translation>Firmar con %1</translation></message>
<message><source>Verdict</source><translation>Dictamen</translation></message>
<message numerus="yes"><source>%n role(s)</source><translation>
<numerusform>%n rol</numerusform><numerusform>%n roles</numerusform></translation></message>
</context>
</TS>
""", encoding="utf-8")
    po = tmp_path / "es" / "LC_MESSAGES" / "deepdecide.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
                  '"Content-Type: text/plain; charset=utf-8\\n"\n\nmsgid "Verdict"\nmsgstr "Veredicto"\n',
                  encoding="utf-8")
    added, kept, clashes = tool.merge(ts, po, catalog_tool)
    assert (added, kept, clashes) == (2, 1, [])
    merged = catalog_tool._read(po)
    assert merged.get("Sign with %1").string == "Firmar con %1"
    assert merged.get("Verdict").string == "Veredicto"
    assert merged.get("{n} role(s)").string == ("{n} rol", "{n} roles")


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
    from deepdecide.domain.i18n import _, ngettext
    from deepdecide.gui.i18n import apply_language, current_language

    try:
        assert apply_language(qapp, "es") == "es"
        assert current_language() == "es" and domain_i18n.language() == "es"
        # Qt's file dialog and standard buttons, from qtbase_es.qm
        assert QCoreApplication.translate("QFileDialog", "Look in:") == "Ver en:"
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"
        # a text no catalog holds comes back as it is (not empty)
        assert _("not in any catalog") == "not in any catalog"
        assert _("experimental") == "experimental"
        # labels Qt 6 gave an accelerator that its Spanish catalog lists without one
        from PySide6.QtWidgets import QFileDialog, QLabel

        dialog = QFileDialog()
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = {lab.objectName(): lab.text() for lab in dialog.findChildren(QLabel)}
        assert labels["lookInLabel"] == "&Ver en:" and labels["fileTypeLabel"] == "Ficheros de &tipo:"
        dialog.deleteLater()
        assert _("&File") == "&Archivo"
        # plural forms: Spanish has two
        assert ngettext("{n} blocker: %1", "{n} blockers: %1", 1).format(n=1) == "1 bloqueante: %1"
        assert ngettext("{n} blocker: %1", "{n} blockers: %1", 3).format(n=3) == "3 bloqueantes: %1"
        from PySide6.QtCore import QLocale

        assert QLocale().language() == QLocale.Language.Spanish  # spin boxes and dates
    finally:
        apply_language(qapp, "en")
    assert QCoreApplication.translate("QFileDialog", "Look in:") == "Look in:"
    assert _("&File") == "&File"
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
def test_a_spanish_translation_changes_the_window(make_window, tmp_path, monkeypatch):
    """The window's words are the gettext catalog's: a catalog of three entries is what it shows."""
    from deepdecide.domain import i18n as domain_i18n

    cat = Catalog(locale="es", domain="deepdecide")
    for english, spanish in (("Overview", "Resumen (prueba)"), ("&File", "&Archivo (prueba)"),
                             ("Criteria weights", "Pesos (prueba)")):
        cat.add(english, spanish)
    mo = tmp_path / "es" / "LC_MESSAGES" / "deepdecide.mo"
    mo.parent.mkdir(parents=True)
    with mo.open("wb") as fh:
        write_mo(fh, cat)
    monkeypatch.setattr(domain_i18n, "locale_dir", lambda: str(tmp_path))
    domain_i18n.reset_cache()
    try:
        window = make_window(language="es")
        assert window.sidebar.item(0).text() == "Resumen (prueba)"
        assert window.menuBar().actions()[0].text() == "&Archivo (prueba)"
        assert window.show_page("compare").weights_box.title() == "Pesos (prueba)"
        assert window.menuBar().actions()[1].text() == "&Edit"  # not in this catalog
    finally:
        monkeypatch.undo()
        domain_i18n.reset_cache()


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


def test_a_proxy_discount_is_read_in_the_interface_language():
    """Each language's own notation; the other's is refused, never guessed."""
    from deepdecide.domain import i18n as domain_i18n
    from deepdecide.gui.views.evidence_page import parse_estimate

    with domain_i18n.using("en"):
        assert parse_estimate("0.5/0.7/0.9") == [0.5, 0.7, 0.9]
        assert parse_estimate("0.5, 0.7, 0.9") == [0.5, 0.7, 0.9]
        assert parse_estimate("0.8") == [0.8] * 3
        with pytest.raises(ValueError):
            parse_estimate("0,5/0,7/0,9")
    with domain_i18n.using("es"):
        assert parse_estimate("0,5/0,7/0,9") == [0.5, 0.7, 0.9]
        assert parse_estimate("0,5; 0,7; 0,9") == [0.5, 0.7, 0.9]
        assert parse_estimate("0,8") == [0.8] * 3
        with pytest.raises(ValueError):
            parse_estimate("0.5/0.7/0.9")


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


def test_no_catalog_key_is_an_f_string():
    """The catalog's key is the literal text: ``_(f"... {x}")`` is never found in it (fill a field
    after translating: ``fmt(_("... %1"), x)``)."""
    import ast

    names = ("_", "gettext", "ngettext", "pgettext", "npgettext", "N_")
    found = [f"{path.relative_to(ROOT)}:{node.lineno}"
             for path in sorted((ROOT / "deepdecide" / "gui").rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in names
             and any(isinstance(a, ast.JoinedStr) for a in node.args)]
    assert not found, "an f-string as a catalog key: " + ", ".join(found)


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
def test_the_decision_dates_are_typed_in_the_language_s_figures_and_stored_as_iso(make_window):
    """A date field shows the ISO date the record stores in the language's figures ("29/11/2026" in
    Spanish); its tooltip says it in the long form; a day typed in figures (or as ISO) is stored as ISO,
    and an empty field asks for the figures' form."""
    from deepdecide.domain.edits import SetDecisionField

    window = make_window(language="es")
    page = window.show_page("decision")
    date = page.editors["date"]
    assert window.document.workspace.decision.date == "2026-11-29" and date.text() == "29/11/2026"
    assert date.toolTip() == "29 de noviembre de 2026"
    date.setText("3/12/2026")
    date.editingFinished.emit()
    assert window.document.workspace.decision.date == "2026-12-03"
    page.refresh()
    assert page.editors["date"].text() == "03/12/2026"
    date.setText("2026-12-04")
    date.editingFinished.emit()
    assert window.document.workspace.decision.date == "2026-12-04"
    window.document.edit(SetDecisionField("evidence_cutoff", ""), "cut-off")
    page.refresh()
    cutoff = page.editors["evidence_cutoff"]
    assert cutoff.toolTip() == "" and cutoff.placeholderText() == "DD/MM/AAAA"


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


def _strings(value: object, out: set[str] | None = None) -> set[str]:
    import dataclasses
    import enum

    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, enum.Enum):
        out.add(str(value.value))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _strings(getattr(value, f.name), out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _strings(v, out)
    return out


@pytest.mark.gui
def test_switching_language_at_run_time_shows_spanish_on_every_page(make_window, qtbot):
    """Started in English, switched with View ▸ Language: every page (each tab) shows the catalog's
    Spanish, and no interface text the catalog translates is left in English."""
    from babel.messages.pofile import read_po
    from gui_texts import texts_of
    from PySide6.QtWidgets import QTabWidget

    from deepdecide.gui.views.main_window import PAGES

    with (ROOT / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po").open("rb") as fh:
        catalog = read_po(fh)
    spanish = {}
    for m in catalog:
        if m.id and not m.context and isinstance(m.id, str) and m.string and m.string != m.id:
            spanish[m.id] = m.string
    window = make_window()
    window.resize(1280, 800)
    data = _strings(window.document.workspace)  # the user's words, shown as written in any language
    window.show_page("overview")
    window.language_actions["es"].trigger()
    qtbot.wait(50)
    left, translated = [], {}
    for key, _m, _c in PAGES:
        page = window.show_page(key)
        qtbot.wait(300)
        seen = []
        for tabs in [None, *page.findChildren(QTabWidget)]:
            if tabs is None:
                seen += texts_of(page)
                continue
            for t in range(tabs.count()):
                tabs.setCurrentIndex(t)
                qtbot.wait(10)
                seen += [(f"tab {tabs.tabText(t)}", tabs.tabText(t)), *texts_of(tabs.widget(t))]
        # a text the catalog translates, shown as its English: not switched
        left += [f"{key} {where}: {text!r}" for where, text in seen if text in spanish and len(text) > 3
                 and any(ch.isalpha() for ch in text) and text not in data]
        translated[key] = sum(1 for _w, text in seen if text in spanish.values())
    assert not left, "English left after the switch:\n" + "\n".join(left)
    assert all(n > 0 for n in translated.values()), translated  # the catalog's Spanish on every page
    assert window.sidebar.item(0).text() == spanish["Overview"]
