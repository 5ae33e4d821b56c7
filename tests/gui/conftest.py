"""GUI test fixtures: a main window factory with settings and autosave under tmp_path, and a
scripted Interaction so no modal dialog ever blocks a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deepdecide.storage.files import load_builtin_workspace

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


class FakeInteraction:
    """Records every question; answers from the attributes a test sets."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, BaseException]] = []
        self.infos: list[tuple[str, str]] = []
        self.save_answer = "discard"
        #: the answer to "the file changed on disk" ('reload', 'save_as', 'cancel') and each question's
        #: (name, modified, gone, saving)
        self.reload_answer = "reload"
        self.reload_questions: list[tuple[str, bool, bool, bool]] = []
        self.recover_answer = True
        self.open_path = ""
        self.folder_path = ""
        self.new_workspace_script: Any = None
        self.wizards: list[Any] = []
        self.save_before_approval = True
        self.save_path = ""
        self.pdf_path = ""
        self.table_path = ""
        self.certificate_path = ""
        self.record_path = ""  # an existing PDF record (ask_record_path)
        self.trust_paths: list[str] = []
        #: drives the real export dialog: called with the dialog before it is "accepted"
        self.export_script: Any = None
        self.export_dialogs: list[Any] = []
        self.export_defaults: list[Any] = []
        self.evidence_paths: list[str] = []
        self.context: dict[str, Any] | None = None
        self.context_questions: list[tuple[str, list[str]]] = []
        self.context_suggestions: list[dict[str, str]] = []
        #: the import table: every question's rows; who made the files (the fake user's answer, for
        #: files that do not say); ``import_context_script`` drives the real dialog instead
        self.import_questions: list[list[Any]] = []
        self.import_kind: Any = "own"
        self.import_context_script: Any = None
        self.import_dialogs: list[Any] = []
        self.asked: list[str] = []
        self.sign_answer: Any = None  # a SignRecordRequest
        self.sign_roles: list[tuple[str, ...]] = []
        #: drive the real workload and item-proxy dialogs (called with the dialog; False cancels)
        self.workload_script: Any = None
        self.workload_dialogs: list[Any] = []
        self.item_proxy_script: Any = None
        self.item_proxy_dialogs: list[Any] = []
        #: the answer to "keep the evidence in a store?" and each question's (name, files, modified)
        self.convert_answer = True
        self.convert_questions: list[tuple[str, int, bool]] = []

    def show_error(self, title: str, exc: BaseException) -> None:
        self.errors.append((title, exc))

    def ask_save_changes(self, name: str) -> str:
        self.asked.append("save_changes")
        return self.save_answer

    def ask_reload(self, name: str, modified: bool, *, gone: bool = False, saving: bool = False) -> str:
        self.asked.append("reload")
        self.reload_questions.append((name, modified, gone, saving))
        return self.reload_answer

    def ask_convert_to_store(self, name: str, n: int, modified: bool) -> bool:
        self.asked.append("convert_to_store")
        self.convert_questions.append((name, n, modified))
        return self.convert_answer

    def ask_save_before_approval(self, name: str) -> bool:
        self.asked.append("save_before_approval")
        return self.save_before_approval

    def ask_new_workspace(self) -> Any:
        """The real wizard, filled by ``new_workspace_script(wizard)`` (False cancels)."""
        from deepdecide.gui.views.new_workspace import NewWorkspaceWizard

        self.asked.append("new_workspace")
        wizard = NewWorkspaceWizard()
        wizard.restart()  # at its first step, as shown
        self.wizards.append(wizard)
        if self.new_workspace_script is None or self.new_workspace_script(wizard) is False:
            return None
        return wizard.workspace()

    def ask_folder_path(self, directory: str) -> str:
        self.asked.append("folder")
        return self.folder_path

    def ask_recover(self, description: str) -> bool:
        self.asked.append("recover")
        return self.recover_answer

    def ask_open_path(self, directory: str) -> str:
        return self.open_path

    def ask_save_path(self, directory: str, suggested: str) -> str:
        return self.save_path

    def ask_evidence_paths(self, directory: str) -> list[str]:
        return list(self.evidence_paths)

    def ask_pdf_path(self, directory: str, suggested: str) -> str:
        return self.pdf_path

    def ask_certificate_path(self, directory: str) -> str:
        return self.certificate_path

    def ask_record_path(self, directory: str, title: str = "") -> str:
        self.asked.append(f"record:{title}")
        return self.record_path

    def ask_trust_paths(self, directory: str) -> list[str]:
        self.asked.append("trust")
        return list(self.trust_paths)

    def ask_sign(self, roles: tuple[str, ...]) -> Any:
        self.sign_roles.append(roles)
        return self.sign_answer
    def ask_table_path(self, title: str, directory: str, suggested: str, suffix: str) -> str:
        self.asked.append(f"table:{suggested}")
        return self.table_path

    def ask_export(self, defaults: Any, decision_id: str) -> Any:
        """Build the real export dialog with the window's defaults; ``export_script`` fills it in.
        Without a script, export every section to ``pdf_path`` (the pre-dialog behaviour)."""
        from dataclasses import replace

        from deepdecide.gui.views.export_dialog import ExportDialog

        self.asked.append("export")
        self.export_defaults.append(defaults)
        if self.export_script is None:
            return replace(defaults, path=self.pdf_path) if self.pdf_path else None
        dialog = ExportDialog(defaults, self, None, decision_id=decision_id)
        self.export_dialogs.append(dialog)
        if self.export_script(dialog) is False:
            dialog.reject()
            return None
        dialog.accept()
        return dialog.accepted_request

    def ask_context(self, file_name: str, missing: list[str], choices: dict, suggestions: dict | None = None,
                    current: dict | None = None) -> dict[str, Any] | None:
        self.context_questions.append((file_name, list(missing)))
        self.context_suggestions.append(dict(suggestions or {}))
        return self.context

    def ask_import_context(self, rows: list[Any], choices: dict) -> list[Any] | None:
        """The import table. With ``import_context_script``: the real dialog, filled by the script
        (False cancels), accepted as OK would be (None when OK is disabled: the user could only
        cancel). Without: each file lacking facts gets exactly ``context`` (None cancels), its row
        confirmed, and each file that does not say who made it ``import_kind``."""
        from deepdecide.domain.evidence import ProvenanceKind
        from deepdecide.gui.views.import_context_dialog import ImportContextDialog

        self.import_questions.append(list(rows))
        for row in rows:
            if row.lacks:
                self.context_questions.append((row.file_name, list(row.lacks)))
                self.context_suggestions.append({k: str(v) for k, v in row.suggested.items()})
        if self.import_context_script is not None:
            dialog = ImportContextDialog(rows, choices)
            self.import_dialogs.append(dialog)
            if self.import_context_script(dialog) is False:
                dialog.reject()
                return None
            if not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled():
                return None
            dialog.accept()
            return dialog.rows if dialog.result() else None
        if self.context is None and any(row.lacks for row in rows):
            return None
        for row in rows:
            for fact in row.lacks:
                row.set(fact, (self.context or {}).get(fact))
            if row.file_kind is None:
                row.set_kind(ProvenanceKind(self.import_kind))
        return rows

    def ask_workload(self, workload: Any) -> Any:
        """The real workload dialog, filled by ``workload_script(dialog)``; accepted when it is valid
        (what OK does), else None (the user could only cancel)."""
        from deepdecide.gui.views.workload_dialog import WorkloadDialog

        dialog = WorkloadDialog(workload)
        self.workload_dialogs.append(dialog)
        if self.workload_script is None or self.workload_script(dialog) is False:
            return None
        dialog.accept()
        return dialog.workload() if dialog.result() else None

    def ask_item_proxy(self, file: Any, fits: list[Any]) -> Any:
        from deepdecide.gui.views.item_proxy_dialog import ItemProxyDialog

        dialog = ItemProxyDialog(file, fits)
        self.item_proxy_dialogs.append(dialog)
        if self.item_proxy_script is None or self.item_proxy_script(dialog) is False:
            return None
        dialog.accept()
        return dialog.answer() if dialog.result() else None

    def info(self, title: str, text: str) -> None:
        self.infos.append((title, text))


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item):
    """After the test body and before the Qt plugin processes the events it left, let its background
    tasks (the Monte Carlo re-run an edit starts) finish."""
    from PySide6.QtCore import QThreadPool

    try:
        return (yield)
    finally:
        QThreadPool.globalInstance().waitForDone(30000)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item):
    """Before the Qt plugin's tear-down processes events and closes the test's windows, let the
    test's background tasks finish; after it, collect the test's garbage on this (the GUI) thread."""
    import gc

    from PySide6.QtCore import QThreadPool

    QThreadPool.globalInstance().waitForDone(30000)
    try:
        return (yield)
    finally:
        QThreadPool.globalInstance().waitForDone(30000)
        gc.collect()


@pytest.fixture(scope="session", autouse=True)
def _collect_on_the_gui_thread(qapp):
    """As the app does (gui.app.create_app): no automatic garbage collection, which could run on a
    pool thread and destroy Qt objects there; the GUI thread collects on a timer and after each test."""
    import gc

    from pyqtgraph.util.garbage_collector import GarbageCollector

    collector = GarbageCollector(interval=1.0)
    yield collector
    collector.timer.stop()
    gc.enable()


@pytest.fixture(autouse=True)
def _bool_guard(qapp):
    """PySide6 6.12 leaks references to True and None (see deepdecide.gui.compat); and no test
    leaves a background task running into the next one."""
    from PySide6.QtCore import QThreadPool

    from deepdecide.gui.compat import install_bool_guard

    install_bool_guard()
    yield
    QThreadPool.globalInstance().waitForDone(30000)


@pytest.fixture(scope="session")
def builtin_workspace():
    return load_builtin_workspace()


@pytest.fixture
def interaction() -> FakeInteraction:
    return FakeInteraction()


@pytest.fixture
def make_window(qtbot, tmp_path, interaction, monkeypatch):
    """Build a MainWindow like ``main`` does (settings, autosave and the cache in tmp_path: each test
    opens its workspace for the first time); close it afterwards."""
    from deepdecide.gui.app import build_window
    from deepdecide.storage.cache import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    windows = []

    def make(argv: tuple[str, ...] = (), *, show: bool = True, recover: bool = False, language: str = "en"):
        # English unless a test asks for another language (the suite does not follow the machine's locale)
        from deepdecide.gui.settings import Preferences, open_settings

        prefs = Preferences(open_settings(tmp_path / "settings.ini"))
        prefs.set("language", language)
        prefs.sync()
        window = build_window(list(argv), settings_path=tmp_path / "settings.ini",
                              autosave_dir=tmp_path / "autosave", interaction=interaction, recover=recover)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        if show:
            window.show()
            qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield make
    for w in windows:
        w.document.undo_stack.setClean()  # no save prompt on teardown
        w.tasks.cancel()
        w.tasks.wait(5000)
        w.close()
    from PySide6.QtCore import QCoreApplication

    from deepdecide.gui.i18n import apply_language

    apply_language(QCoreApplication.instance(), "en")


# The offscreen platform plugin warns about window size hints it cannot pass on; the warning
# says nothing about the application, so GUI tests ignore exactly that message.
_OFFSCREEN_NOISE = r"This plugin does not support propagateSizeHints\(\)"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/gui" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(_OFFSCREEN_NOISE))
