"""A pseudo-locale run: the window in an accented language ~40 % longer than English renders every
page at 1280×800 without clipped text, and no interface text stays English.

What changes between English and the pseudo-locale is the language only: a header such as "$/GPU-hour"
went through the catalog and so passed here, whatever the workspace's currency (that is
``test_gui_currency``'s part: a euro workspace shows no "$"). A model code shown as it is ("keep",
"all-in", "pending") is never a catalog text, so the comparison with English cannot see it either:
:func:`test_no_view_shows_a_coded_value_or_an_english_boolean` looks for the codes themselves."""

from __future__ import annotations

import dataclasses
import enum
from contextlib import nullcontext

import pytest
from clip_check import clips, clips_on_every_tab
from pseudo_locale import pseudo_language, sources
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QGroupBox,
    QLabel,
    QMenu,
    QTableView,
    QTabWidget,
    QTreeView,
)

pytestmark = pytest.mark.gui

def _plain(text: str) -> str:
    if "<" in text and ">" in text:
        doc = QTextDocument()
        doc.setHtml(text)
        text = doc.toPlainText()
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()


def _data_strings(value: object, out: set[str]) -> set[str]:
    """Every string the workspace holds (names, notes, ids): shown as they are in any language."""
    if isinstance(value, str):
        out.add(value.strip())
        out.update(v.strip() for v in value.splitlines())
    elif isinstance(value, enum.Enum):
        _data_strings(value.value, out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _data_strings(getattr(value, f.name), out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _data_strings(k, out)
            _data_strings(v, out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _data_strings(v, out)
    return out


def _chrome(root) -> list[tuple[str, str]]:
    """(where, text) of the interface's own words: group titles, tabs, buttons, table headers."""
    found: list[tuple[str, str]] = []
    for i, box in enumerate(root.findChildren(QGroupBox)):
        if box.isVisible() and box.title():
            found.append((f"group {i}", box.title()))
    for i, tabs in enumerate(root.findChildren(QTabWidget)):
        found += [(f"tabs {i}.{t}", tabs.tabText(t)) for t in range(tabs.count())]
    for i, b in enumerate(root.findChildren(QAbstractButton)):
        if b.isVisible() and b.text():
            found.append((f"button {i}", b.text()))
    for i, view in enumerate(root.findChildren(QAbstractItemView)):
        header = view.horizontalHeader() if isinstance(view, QTableView) else \
            view.header() if isinstance(view, QTreeView) else None
        model = view.model()
        if not view.isVisible() or model is None or header is None:
            continue
        for c in range(header.count()):
            text = model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            if text:
                found.append((f"view {i} header {c}", str(text)))
    return found


def _labels(root) -> list[tuple[str, str]]:
    return [(f"label {i}", lab.text()) for i, lab in enumerate(root.findChildren(QLabel))
            if lab.isVisible() and lab.text()]


def _menus(window) -> list[tuple[str, str]]:
    found = []

    def walk(actions, where):
        for i, act in enumerate(actions):
            if act.isSeparator() or not act.text():
                continue
            found.append((f"{where}/{i}", act.text()))
            if act.menu() is not None and isinstance(act.menu(), QMenu):
                walk(act.menu().actions(), f"{where}/{i}")

    walk(window.menuBar().actions(), "menu")
    return found


def _visit(window, qtbot) -> dict[str, list[tuple[str, str]]]:
    from deepdecide.gui.views.main_window import PAGES

    seen: dict[str, list[tuple[str, str]]] = {"window": _menus(window)}
    for key, _m, _c in PAGES:
        page = window.show_page(key)
        qtbot.wait(400)  # deferred work (the sensitivity after 250 ms) has run
        texts = []
        for tabs in [None, *page.findChildren(QTabWidget)]:
            if tabs is not None:
                for t in range(tabs.count()):
                    tabs.setCurrentIndex(t)
                    qtbot.wait(20)
                    texts += [(f"tab {t}: {w}", s) for w, s in _chrome(tabs.widget(t)) + _labels(tabs.widget(t))]
                tabs.setCurrentIndex(0)
            else:
                texts += _chrome(page) + _labels(page)
        seen[key] = texts
    return seen


def test_pseudo_locale_every_page_fits_and_is_translated(make_window, qtbot, tmp_path, builtin_workspace):
    from deepdecide.gui.views.main_window import PAGES
    from deepdecide.storage.files import load_builtin_matrix

    window = make_window()
    window.resize(1280, 800)
    english = _visit(window, qtbot)

    with pseudo_language(tmp_path) as code:
        window.set_language(code)
        window.resize(1280, 800)
        pseudo = _visit(window, qtbot)
        found = []
        for key, _m, _c in PAGES:
            window.show_page(key)
            qtbot.wait(400)
            found += [f"{key}: {c}" for c in clips_on_every_tab(window.page(key), lambda: qtbot.wait(20))]
        found += [f"window: {c}" for c in clips(window.menuBar()) + clips(window.statusBar())
                  + clips(window.centralWidget())]
        presentation = window.present(full_screen=False)
        qtbot.addWidget(presentation)
        presentation.resize(1920, 1080)
        qtbot.waitExposed(presentation)
        for i in range(len(presentation.slides)):
            presentation.go(i)
            qtbot.wait(30)
            found += [f"slide {presentation.current_key()}: {c}" for c in clips(presentation)]
        presentation.close()
        sidebar = window.sidebar
        metrics = sidebar.fontMetrics()
        found += [f"sidebar: {sidebar.item(i).text()!r} needs {metrics.horizontalAdvance(sidebar.item(i).text())} px"
                  for i in range(sidebar.count())
                  if metrics.horizontalAdvance(sidebar.item(i).text()) > sidebar.viewport().width() - 4]
        assert not found, "clipped in the pseudo-locale:\n" + "\n".join(found)

        from deepdecide.gui.i18n import languages

        catalog = {_plain(s) for s in sources()}
        data = _data_strings(builtin_workspace, set()) | _data_strings(load_builtin_matrix(), set())
        # each language is named in itself in the language menu, whatever the interface's language
        data |= set(languages().values())

        def from_data(text: str) -> bool:  # a title made of the workspace's words ("H100\nvLLM", "H100 + B200")
            return text in data or all(any(part in d for d in data)
                                       for line in text.splitlines() for part in line.split(" + "))
        untranslated = []
        for key, texts in english.items():
            after = dict(pseudo.get(key, []))
            for where, text in texts:
                plain = _plain(text)
                if where not in after or not any(ch.isalpha() for ch in plain):
                    continue
                same = _plain(after[where]) == plain
                chrome = not where.split(": ")[-1].startswith("label")
                # a label may hold data; the interface's own words (and any catalog text) must change
                if same and (plain in catalog or chrome and not from_data(plain)):
                    untranslated.append(f"{key} {where}: {plain!r}")
        assert not untranslated, "not translated:\n" + "\n".join(untranslated)
    window.retranslate()


@pytest.mark.parametrize("language", ["es", "pseudo"])
def test_the_dialogs_fit_longer_languages(make_window, qtbot, tmp_path, language):
    from deepdecide.gui.pdf_export import default_request
    from deepdecide.gui.views.context_dialog import ContextDialog
    from deepdecide.gui.views.export_dialog import ExportDialog
    from deepdecide.gui.views.sign_dialog import SignDialog

    with pseudo_language(tmp_path) if language == "pseudo" else nullcontext(language) as pseudo_code:
        window = make_window(language=pseudo_code)
        export = ExportDialog(default_request(window.controller_context()), None, window, decision_id="DR-0001")
        export.sign_box.setChecked(True)
        sign = SignDialog(("Head of Inference Platform", "VP Engineering"), window)
        context = ContextDialog("run.json", ["runtime", "platform", "gpu_count", "proxy_reason", "proxy_discount"],
                                {"runtime": [("vllm", "vLLM")], "platform": [("nv-h100", "H100")]}, window,
                                {"runtime": "vllm"}, None)
        from deepdecide.gui.views.item_proxy_dialog import ItemProxyDialog
        from deepdecide.gui.views.workload_dialog import WorkloadDialog

        ws = window.document.workspace
        workload = WorkloadDialog(ws.workload, window)
        evidence = ws.evidence.files[0]
        fits = [x for x in window.document.assessment().evidence_fit if x.file_index == 0]
        item_proxy = ItemProxyDialog(evidence, fits, window)
        found = []
        for dialog in (export, sign, context, workload, item_proxy):
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            found += [f"{type(dialog).__name__}: {c}" for c in clips(dialog)]
            dialog.close()
        assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["es", "pseudo"])
def test_the_changes_box_and_the_revisit_banner_fit_longer_languages(make_window, qtbot, tmp_path, language):
    """The Decision page's changes since the saved file and the Overview's banner of fired revisit
    triggers: in the interface language, nothing clipped at 1280×800."""
    from deepdecide.domain.edits import SetDecisionField
    from deepdecide.domain.matrix import SupportStatus
    from deepdecide.storage import files

    ws = files.load_builtin_workspace()
    ws_path = tmp_path / "saved.deepdecide.yaml"
    files.save_workspace(ws, ws_path)
    with pseudo_language(tmp_path) if language == "pseudo" else nullcontext(language) as pseudo_code:
        window = make_window((str(ws_path),), language=pseudo_code)
        window.resize(1280, 800)
        # a newer support matrix fires one of the record's own triggers; the demand and a field change
        entries = tuple(dataclasses.replace(e, status=SupportStatus.OFFICIAL)
                        if (e.runtime, e.platform) == ("deepinfer", "nv-h100") else e for e in ws.matrix.entries)
        changed = dataclasses.replace(ws, matrix=dataclasses.replace(ws.matrix, entries=entries),
                                      demand=dataclasses.replace(ws.demand, output_tokens_per_s=250_000))
        window.document.replace(changed, str(ws_path), modified=True)
        window.document.set_baseline(ws, ws_path.name)
        window.document.edit(SetDecisionField("confirmation", "a two-week canary"), "confirmation")
        english = {"Changes since %1": "Changes since", "Revisit this decision": "Revisit this decision",
                   "Inputs": "<b>Inputs</b>", "Outcome": "<b>Outcome</b>"}
        found = []
        overview = window.show_page("overview")
        qtbot.wait(400)
        assert not overview.revisit_banner.isHidden()
        banner = overview.revisit_text.text()
        assert english["Revisit this decision"] not in banner
        found += [f"overview: {c}" for c in clips_on_every_tab(overview, lambda: qtbot.wait(20))]
        decision = window.show_page("decision")
        qtbot.wait(400)
        assert decision.changes_box.isVisible()
        assert ws_path.name in decision.changes_box.title()
        assert english["Changes since %1"] not in decision.changes_box.title()
        changes = decision.changes_label.text()
        assert "demand.output_tokens_per_s" in changes and "decision.confirmation" not in changes
        assert decision.field_labels()["confirmation"] + ": " in changes  # the decision's field by its name
        assert english["Inputs"] not in changes and english["Outcome"] not in changes
        found += [f"decision: {c}" for c in clips_on_every_tab(decision, lambda: qtbot.wait(20))]
        assert not found, "\n".join(found)


def _codes() -> set[str]:
    """Every coded value of the workspace and the analysis ("keep", "all-in", "assumed", "proposed"):
    a view shows it in words, never as the code."""
    import enum as _enum
    import importlib

    found: set[str] = set()
    for module in ("deepdecide.domain.workspace", "deepdecide.domain.matrix", "deepdecide.domain.evidence",
                   "deepdecide.analysis.assessment"):
        for value in vars(importlib.import_module(module)).values():
            if isinstance(value, type) and issubclass(value, _enum.StrEnum) and value is not _enum.StrEnum:
                found |= {str(m.value) for m in value if len(str(m.value)) >= 3}
    return found


def test_no_view_shows_a_coded_value_or_an_english_boolean(make_window, qtbot, tmp_path):
    """In the pseudo-locale, every page (each tab), slide and dialog: no table cell, label, combo
    item or tooltip is a bare code of the model ("keep", "own", "all-in", "assumed", "pending") or
    Python's "True" / "False": those are written by the views through the Qt catalog. This is what
    the comparison with English above cannot see, since a code is never a catalog text."""
    from gui_texts import dialog_texts, texts_of

    from deepdecide.gui.views.main_window import PAGES

    codes = _codes() | {"True", "False"}
    with pseudo_language(tmp_path) as code:
        window = make_window(language=code)
        window.resize(1280, 800)
        seen: list[tuple[str, str]] = []
        for key, _m, _c in PAGES:
            page = window.show_page(key)
            qtbot.wait(400)
            for tabs in page.findChildren(QTabWidget):
                for t in range(tabs.count()):
                    tabs.setCurrentIndex(t)
                    qtbot.wait(10)
            seen += [(f"{key}: {w}", s) for w, s in texts_of(page)]
        presentation = window.present(full_screen=False)
        qtbot.addWidget(presentation)
        for i in range(len(presentation.slides)):
            presentation.go(i)
            qtbot.wait(10)
            seen += [(f"slide {presentation.current_key()}: {w}", s) for w, s in texts_of(presentation)]
        presentation.close()
        seen += dialog_texts(window, qtbot)
        shown = [f"{where}: {text!r}" for where, text in seen
                 if _plain(text) in codes or any(f"<b>{c}</b>" == text.split("<br>")[0] for c in codes)]
        assert not shown, "a code shown as it is:\n" + "\n".join(sorted(set(shown)))
