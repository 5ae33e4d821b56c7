"""The main window: sidebar of pages, menus and shortcuts, files, autosave, import, export."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QFileSystemWatcher, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPalette,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenuBar,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from deepdecide import __version__
from deepdecide.domain.edits import Batch, SetDecisionField, SetSignOffs
from deepdecide.domain.errors import DeepdecideError, MigratedValue, ValidationError, WriteConflict
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.userfiles import read_user_file
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.controller_context import ControllerContext
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.evidence_import import EvidenceImporter
from deepdecide.gui.i18n import apply_language, current_language, fmt, languages
from deepdecide.gui.interaction import Interaction
from deepdecide.gui.samples import load_builtin_workspace
from deepdecide.gui.settings import Preferences
from deepdecide.gui.table_export import export_table
from deepdecide.gui.tasks import TaskRunner
from deepdecide.storage import evidence_store, lock
from deepdecide.storage.autosave import Autosaver
from deepdecide.storage.files import UNCHECKED, WORKSPACE_SUFFIX, read_workspace, save_workspace

#: (key, module, class) of each page, in sidebar order; modules are imported on first show
PAGES: list[tuple[str, str, str]] = [
    ("overview", "deepdecide.gui.views.overview_page", "OverviewPage"),
    ("matrix", "deepdecide.gui.views.matrix_page", "MatrixPage"),
    ("evidence", "deepdecide.gui.views.evidence_page", "EvidencePage"),
    ("parity", "deepdecide.gui.views.parity_page", "ParityPage"),
    ("gaps", "deepdecide.gui.views.gaps_page", "GapsPage"),
    ("compare", "deepdecide.gui.views.compare_page", "ComparePage"),
    ("fleet", "deepdecide.gui.views.fleet_page", "FleetPage"),
    ("decision", "deepdecide.gui.views.decision_page", "DecisionPage"),
    ("migration", "deepdecide.gui.views.migration_page", "MigrationPage"),
]


def page_titles() -> dict[str, str]:
    return {
        "overview": _("Overview"),
        "matrix": _("Support matrix"),
        "evidence": _("Evidence"),
        "parity": _("Parity"),
        "gaps": _("Service gaps"),
        "compare": _("Compare"),
        "fleet": _("Fleet and prices"),
        "decision": _("Decision"),
        "migration": _("Migration plan"),
    }


#: the window's default size: inside a 1280×800 screen with a title bar and a panel
DEFAULT_SIZE = (1280, 800)


def default_size() -> tuple[int, int]:
    """:data:`DEFAULT_SIZE`, smaller where the screen's free area is smaller (the status bar, with
    an import's progress and Cancel, stays on screen)."""

    screen = QGuiApplication.primaryScreen()
    width, height = DEFAULT_SIZE
    if screen is None:
        return width, height
    free = screen.availableGeometry()
    return min(width, free.width()), min(height, max(free.height() - 40, 480))


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (through links; by name when either does not exist)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def is_workspace_file(path: str) -> bool:
    return path.endswith(WORKSPACE_SUFFIX)


def page_frame(page: QWidget) -> QScrollArea:
    """A page inside a frameless scroll area: a page that needs more room than the window has
    scrolls, and never makes the window grow by itself (its minimum size stays inside)."""
    frame = QScrollArea()
    frame.setObjectName(f"frame_{page.objectName()}")
    frame.setFrameShape(QFrame.Shape.NoFrame)
    frame.setWidgetResizable(True)
    frame.setWidget(page)
    return frame


class MainWindow(QMainWindow):
    """Sidebar + stacked pages over one WorkspaceDocument."""
    #: the page shown changed (payload: page key)
    page_changed = Signal(str)
    #: set by ``app.build_window``: the error opening the workspace named at start-up, and whether to
    #: offer recovered autosaves once the window is shown
    _startup_error: Exception | None = None
    _offer_recovery: bool = False
    #: start-up work that waits until the window is shown (set by ``app.build_window``)
    _deferred: list[Callable[[], None]]

    def __init__(self, document: WorkspaceDocument, prefs: Preferences, *, autosaver: Autosaver | None = None,
                 interaction: Interaction | None = None, theme: Any = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.document = document
        self.prefs = prefs
        self.autosaver = autosaver
        self.interaction = interaction or Interaction(self)
        self.theme = theme
        self.tasks = TaskRunner(self)
        self.pages: dict[str, Any] = {}
        self.setAcceptDrops(True)
        self.setObjectName("MainWindow")

        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(170)
        self.sidebar.setIconSize(QSize(18, 18))
        self.stack = QStackedWidget()
        for key, _m, _c in PAGES:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.sidebar.addItem(item)
            self.stack.addWidget(QWidget())  # placeholder until the page is first shown
        self.sidebar.currentRowChanged.connect(self._show_row)
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self._build_sample_banner())
        layout = QHBoxLayout()
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.sidebar)
        layout.addWidget(self.stack, 1)
        outer.addLayout(layout, 1)
        self.setCentralWidget(central)

        # status bar: task progress with cancel
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setRange(0, 1000)
        self.progress.hide()
        self.cancel_button = QPushButton()
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self.tasks.cancel)
        self.status_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.cancel_button)
        # a single-file workspace of many evidence files: offered to keep them in an evidence store
        self.store_button = QPushButton()
        self.store_button.setObjectName("convertToStore")
        self.store_button.hide()
        self.store_button.clicked.connect(self.convert_to_store)
        self.statusBar().addPermanentWidget(self.store_button)

        #: the workspace is the built-in sample (illustrative evidence, assumed prices): the banner says so
        self.showing_sample = not document.path
        document.path_changed.connect(self._update_banner)
        self._title_sidebar()
        self._built: list[Any] = []  # the actions and menus _build_actions made (rebuilt on a language change)
        self._build_actions()
        document.undo_stack.indexChanged.connect(self._update_undo_buttons)
        document.undo_stack.cleanChanged.connect(self._update_title)
        document.path_changed.connect(self._update_title)
        document.changed.connect(self._update_title)
        document.redacted.connect(lambda text: self.set_busy(text, None))  # a secret typed into a field
        self._update_title()

        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(max(5, int(prefs.get("autosave_seconds"))) * 1000)
        self.autosave_timer.timeout.connect(self.autosave_now)
        self.autosave_timer.start()

        # the file changed on disk (another process wrote it): offer to reload. The lock is never held
        # while a file is merely open, so a command (`deepdecide signoffs`) can write it meanwhile.
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.disk_timer = QTimer(self)  # one look at the file per burst of change signals
        self.disk_timer.setSingleShot(True)
        self.disk_timer.setInterval(250)
        self.disk_timer.timeout.connect(self.check_disk)
        self._asking_reload = False
        self._declined_sha256: str | None = None  # a change on disk the user chose not to reload
        document.path_changed.connect(self._watch)
        self._watch()

        self.resize(*default_size())
        self._restore_state()

    def _build_sample_banner(self) -> QFrame:
        """The built-in sample says what it is, and what to do instead, above every page."""
        self.sample_banner = QFrame()
        self.sample_banner.setObjectName("sample_banner")
        self.sample_banner.setFrameShape(QFrame.Shape.StyledPanel)
        self.sample_banner.setAutoFillBackground(True)
        self.sample_banner.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        row = QHBoxLayout(self.sample_banner)
        row.setContentsMargins(10, 4, 6, 4)
        self.sample_label = QLabel()
        self.sample_label.setObjectName("sample_banner_text")
        self.sample_label.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.sample_label.setWordWrap(True)
        self.banner_open = QPushButton()
        self.banner_open.setObjectName("banner_open")
        self.banner_open.clicked.connect(self.open_dialog)
        self.banner_new = QPushButton()
        self.banner_new.setObjectName("banner_new")
        self.banner_new.clicked.connect(self.new_workspace)
        self.banner_import = QPushButton()
        self.banner_import.setObjectName("banner_import")
        self.banner_import.clicked.connect(lambda: self.import_evidence())
        row.addWidget(self.sample_label, 1)
        for b in (self.banner_open, self.banner_new, self.banner_import):
            row.addWidget(b)
        return self.sample_banner

    def _update_banner(self, *_args: Any) -> None:
        if self.document.path:
            self.showing_sample = False
        self.sample_banner.setVisible(self.showing_sample)
        if hasattr(self, "act_save"):
            self._update_title()

    def _title_banner(self) -> None:
        self.sample_label.setText(_("<b>Built-in sample:</b> illustrative evidence and assumed prices — open your own "
                          "workspace, or import your results."))
        self.banner_open.setText(_("Open…"))
        self.banner_new.setText(_("New workspace…"))
        self.banner_import.setText(_("Import results…"))

    def _title_sidebar(self) -> None:
        self._title_banner()
        self._update_banner()
        titles = page_titles()
        for i, (key, _m, _c) in enumerate(PAGES):
            item = self.sidebar.item(i)
            item.setText(titles[key])
            item.setToolTip(fmt(_("%1 (Ctrl+%2)"), titles[key], i + 1))
        self.cancel_button.setText(_("Cancel"))
        # as wide as its longest title needs (in some languages more than the English 170 px)
        needed = self.sidebar.sizeHintForColumn(0) + 2 * self.sidebar.frameWidth() + 12
        self.sidebar.setFixedWidth(max(170, min(needed, 280)))

    # language ----------------------------------------------------------------------------
    def set_language(self, choice: str) -> str:
        """Switch the interface to ``choice`` ("system", "en", "es") now and for the next start; the
        workspace, its file and its undo history stay as they are. Returns the language code."""

        self.prefs.set("language", choice)
        app = QCoreApplication.instance()
        assert app is not None
        code = apply_language(app, choice)
        self.retranslate()
        return code

    def retranslate(self) -> None:
        """Show every text in the current language: menus, toolbar and sidebar are relabelled, the
        undo history's steps named again and the pages rebuilt from the document (a page keeps
        nothing the document does not hold but its filters and selection)."""
        key = self.current_page_key()
        presentation = getattr(self, "presentation", None)
        if presentation is not None:  # it is rebuilt in the new language when presented again
            presentation.close()
            presentation.deleteLater()
            del self.presentation
        self.document.retranslate_history()  # before the actions are made: Undo / Redo name the steps
        self._build_actions()
        self._title_sidebar()
        self.status_label.clear()
        self.status_label.setToolTip("")
        self._update_store_offer()
        for i, (k, _m, _c) in enumerate(PAGES):
            if k not in self.pages:
                continue
            old = self.stack.widget(i)
            assert old is not None
            self.stack.insertWidget(i, QWidget())
            self.stack.removeWidget(old)
            old.deleteLater()
            del self.pages[k]
        self._update_title()
        self._update_undo_buttons()
        self.show_page(key)
        self._show_row(self.sidebar.currentRow())

    # pages -------------------------------------------------------------------------------
    def page(self, key: str) -> Any:
        """The page widget for ``key``, created on first use."""
        if key not in self.pages:
            i = [k for k, _m, _c in PAGES].index(key)
            _k, module, cls = PAGES[i]
            page = getattr(importlib.import_module(module), cls)(self.document)
            page.setObjectName(f"page_{key}")
            self._connect_page(key, page)
            old = self.stack.widget(i)  # the placeholder made in __init__
            assert old is not None
            self.stack.removeWidget(old)
            old.deleteLater()
            self.stack.insertWidget(i, page_frame(page))
            self.pages[key] = page
        return self.pages[key]

    def _connect_page(self, key: str, page: Any) -> None:
        if hasattr(page, "export_requested"):
            page.export_requested.connect(self.export_pdf)
        if hasattr(page, "export_for_approval_requested"):
            page.export_for_approval_requested.connect(self.export_for_approval)
        if hasattr(page, "sign_requested"):
            page.sign_requested.connect(self.sign_record)
        if hasattr(page, "import_requested"):
            page.import_requested.connect(self.import_evidence)
        if hasattr(page, "files_dropped"):
            page.files_dropped.connect(self.open_paths)
        if hasattr(page, "check_panel"):
            page.check_panel.error.connect(lambda exc: self.interaction.show_error(_("Cannot read the file"), exc))
        if hasattr(page, "navigate"):
            page.navigate.connect(self.show_page)

    def show_page(self, key: str) -> Any:
        row = [k for k, _m, _c in PAGES].index(key)
        if self.sidebar.currentRow() != row:
            self.sidebar.setCurrentRow(row)
        return self.page(key)

    def current_page_key(self) -> str:
        return PAGES[max(self.sidebar.currentRow(), 0)][0]

    def _show_row(self, row: int) -> None:
        if row < 0:
            return
        key = PAGES[row][0]
        page = self.page(key)
        self.stack.setCurrentIndex(row)
        page.ensure_fresh()
        self.page_changed.emit(key)

    # actions -----------------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[..., Any], shortcut: Any = None, icon: str = "",
                tip: str = "") -> QAction:
        action = QAction(text, self)
        self._built.append(action)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon:

            action.setIcon(QIcon.fromTheme(icon))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_actions(self) -> None:
        """The menus, the toolbar and their actions in the current language (again on a change)."""

        old_bar = self.menuBar()
        for old in self._built:
            old.deleteLater()
        self._built.clear()
        toolbar = getattr(self, "main_toolbar", None)
        if toolbar is not None:
            self.removeToolBar(toolbar)
            toolbar.deleteLater()
            self.setMenuBar(QMenuBar(self))  # the old bar is deleted with its menus
            old_bar = self.menuBar()
        SK = QKeySequence.StandardKey
        self.act_new_workspace = self._action(
            _("&New workspace…"), self.new_workspace, SK.New, "document-new",
            _("Start a decision of your own: workload, options, owned fleet, prices"))
        self.act_new = self._action(_("New from the built-in &sample"), self.new_document, None, "document-new")
        self.act_open = self._action(_("&Open…"), self.open_dialog, SK.Open, "document-open")
        self.act_save = self._action(_("&Save"), self.save, SK.Save, "document-save")
        self.act_save_as = self._action(_("Save &As…"), self.save_as, SK.SaveAs, "document-save-as")
        self.act_import = self._action(_("&Import evidence…"), self.import_evidence, "Ctrl+I", "document-import",
                                       _("Import benchmark or parity result files"))
        self.act_import_folder = self._action(
            _("Import &folder…"), self.import_folder, None, "folder-open",
            _("Import every result file of a folder, each with its own context"))
        self.act_export = self._action(_("&Export PDF decision record…"), self.export_pdf, "Ctrl+E",
                                       "document-export")
        self.act_revise = self._action(_("Start a &revision from a record…"), self.start_revision,
                                       tip=_("A new revision of the decision a PDF record holds, "
                                                                      "naming that record as its predecessor (deepdecide revise)"))
        self.act_signoffs = self._action(_("Copy si&gn-offs from a signed record…"),
                                         self.import_signoffs,
                                         tip=_("The approvers' verified, trusted verdicts from the "
                                                                        "signed record into the sign-off rows (deepdecide signoffs)"))
        self.act_quit = self._action(_("&Quit"), self.close, SK.Quit, "application-exit")
        self.act_undo = self.document.undo_stack.createUndoAction(self, _("&Undo"))
        self.act_undo.setShortcut(QKeySequence(SK.Undo))
        self.act_redo = self.document.undo_stack.createRedoAction(self, _("&Redo"))
        self.act_redo.setShortcut(QKeySequence(SK.Redo))
        self._built += [self.act_undo, self.act_redo]

        self.act_undo.setIcon(QIcon.fromTheme("edit-undo"))
        self.act_redo.setIcon(QIcon.fromTheme("edit-redo"))

        file_menu = old_bar.addMenu(_("&File"))
        file_menu.addActions([self.act_new_workspace, self.act_new, self.act_open])
        self.recent_menu = file_menu.addMenu(_("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        file_menu.addActions([self.act_save, self.act_save_as])
        file_menu.addSeparator()
        file_menu.addActions([self.act_import, self.act_import_folder])
        file_menu.addActions([self.act_revise, self.act_signoffs])
        self.export_menu = file_menu.addMenu(_("E&xport"))
        self.export_menu.addAction(self.act_export)
        self.export_menu.addSeparator()
        self.act_export_comparison = self._action(_("&Comparison as CSV…"),
                                                  lambda: self.export_table("comparison"))
        self.act_export_evidence = self._action(_("&Evidence as CSV…"),
                                                lambda: self.export_table("evidence"))
        self.act_export_parity = self._action(_("&Parity checks as CSV…"),
                                              lambda: self.export_table("parity"))
        self.act_export_xlsx = self._action(_("&Workbook as XLSX…"),
                                            lambda: self.export_table("workbook"),
                                            tip=_("The comparison, the evidence and the parity checks in one workbook (needs openpyxl)"))
        self.export_menu.addActions([self.act_export_comparison, self.act_export_evidence, self.act_export_parity,
                                     self.act_export_xlsx])
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)

        edit_menu = old_bar.addMenu(_("&Edit"))
        edit_menu.addActions([self.act_undo, self.act_redo])

        view_menu = old_bar.addMenu(_("&View"))
        titles = page_titles()
        self.page_actions: list[QAction] = []
        for i, (key, _m, _c) in enumerate(PAGES):
            act = self._action(titles[key], lambda k=key: self.show_page(k), f"Ctrl+{i + 1}")
            self.page_actions.append(act)
            view_menu.addAction(act)
        view_menu.addSeparator()
        self.act_present = self._action(_("&Present"), self.present, "F5",
                                        "x-office-presentation",
                                        _("Full-screen slides of the decision, with a what-if that changes nothing (Esc leaves)"))
        self.act_present.setToolTip(_("Present the decision full screen (F5)"))
        view_menu.addAction(self.act_present)
        theme_menu = view_menu.addMenu(_("&Theme"))
        group = QActionGroup(self)
        self._built.append(group)
        current = self.theme.choice if self.theme is not None else "system"
        for value, label in (("system", _("Follow the system")), ("light", _("Light")), ("dark", _("Dark"))):
            act = QAction(label, self, checkable=True)
            self._built.append(act)
            act.setChecked(value == current)
            act.triggered.connect(lambda _c=False, v=value: self.set_theme(v))
            group.addAction(act)
            theme_menu.addAction(act)
        self.language_menu = view_menu.addMenu(_("&Language"))
        language_group = QActionGroup(self)
        self._built.append(language_group)

        chosen = self.prefs.get("language")
        self.language_actions: dict[str, QAction] = {}
        # each language is named in itself, so a user lost in the other one finds theirs
        choices = [("system", _("Follow the system")), *languages().items()]
        for value, label in choices:
            act = QAction(label, self, checkable=True)
            self._built.append(act)
            act.setChecked(value == chosen)
            act.triggered.connect(lambda _c=False, v=value: self.set_language(v))
            language_group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[value] = act

        help_menu = old_bar.addMenu(_("&Help"))
        help_menu.addAction(self._action(_("&About deepdecide"), self.about))

        tb = self.addToolBar(_("Main"))
        self.main_toolbar = tb
        tb.setObjectName("main_toolbar")
        tb.setMovable(False)
        # toolbar buttons keep short labels; the menu actions say what will be undone
        stack = self.document.undo_stack
        self.tb_undo = self._action(_("Undo"), stack.undo, None, "edit-undo")
        self.tb_redo = self._action(_("Redo"), stack.redo, None, "edit-redo")
        self.tb_undo.setEnabled(stack.canUndo())
        self.tb_redo.setEnabled(stack.canRedo())
        tb.addActions([self.act_open, self.act_save, self.act_import, self.tb_undo, self.tb_redo, self.act_export,
                       self.act_present])

    def _update_undo_buttons(self, *_args: Any) -> None:
        stack = self.document.undo_stack
        if not (shiboken6.isValid(stack) and shiboken6.isValid(self.tb_undo)):
            return  # the document is being torn down
        self.tb_undo.setEnabled(stack.canUndo())
        self.tb_redo.setEnabled(stack.canRedo())
        self.tb_undo.setToolTip(fmt(_("Undo %1"), stack.undoText()) if stack.canUndo() else _("Undo"))
        self.tb_redo.setToolTip(fmt(_("Redo %1"), stack.redoText()) if stack.canRedo() else _("Redo"))

    def set_theme(self, choice: str) -> None:
        self.prefs.set("theme", choice)
        if self.theme is not None:
            self.theme.set_choice(choice)

    def about(self) -> None:
        self.interaction.info(_("About deepdecide"), fmt(_("deepdecide %1\n\nEvidence, comparison and a signed decision record for LLM-serving platform "
            "choices. Works offline."), __version__))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.prefs.recent_files()
        for i, path in enumerate(recent):
            act = QAction(f"&{i + 1} {Path(path).name}", self.recent_menu)
            act.setToolTip(path)
            act.setStatusTip(path)
            act.triggered.connect(lambda _c=False, p=path: self.open_file(p))
            self.recent_menu.addAction(act)
        if not recent:
            empty = QAction(_("(no recent files)"), self.recent_menu)
            empty.setEnabled(False)
            self.recent_menu.addAction(empty)

    def _update_title(self, *_args: Any) -> None:
        ws = self.document.workspace
        name = self.document.display_name or (
            _("built-in sample") if getattr(self, "showing_sample", False)
            else _("untitled"))
        self.setWindowTitle(f"{name}[*] — {ws.decision.title} — deepdecide")
        self.setWindowModified(self.document.is_modified())

    # files -------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Ask before losing changes; True when it is fine to go on."""
        if not self.document.is_modified():
            return True
        answer = self.interaction.ask_save_changes(self.document.display_name or _("the untitled workspace"))
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_document(self) -> None:
        if not self.maybe_save():
            return
        try:
            ws = load_builtin_workspace(current_language())
        except DeepdecideError as exc:
            self.interaction.show_error(_("Cannot load the built-in sample"), exc)
            return
        self._discard_autosave()
        self.showing_sample = True
        self.document.replace(ws, None)
        self._update_banner()

    def new_workspace(self) -> None:
        """File ▸ New workspace…: the wizard's workspace, saved where the user says (as ``deepdecide
        init`` writes it); not saved, it stays open as an untitled workspace with unsaved changes."""
        if not self.maybe_save():
            return
        ws = self.interaction.ask_new_workspace()
        if ws is None:
            return
        self._discard_autosave()
        self.showing_sample = False
        suggested = (ws.name or "decision").replace("/", "-") + WORKSPACE_SUFFIX
        path = self.interaction.ask_save_path(self.prefs.get("last_directory"), suggested)
        sha256 = ""
        if path:
            try:
                sha256 = save_workspace(ws, path)  # under the workspace lock, as every save
            except (DeepdecideError, OSError) as exc:
                self.interaction.show_error(_("Cannot save the workspace"), exc)
                path = ""
        self.document.replace(ws, path or None, modified=not path, disk_sha256=sha256)
        if path:
            self._remember(path)
            self.status_label.setText(fmt(_("Saved %1"), path))
        self._update_banner()

    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path = self.interaction.ask_open_path(self.prefs.get("last_directory"))
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str, *, ask: bool = True) -> bool:
        """Load a workspace file; an unreadable one shows the error and changes nothing."""
        if ask and not self.maybe_save():
            return False
        warnings: list[ValidationError] = []
        try:
            ws, sha256 = read_workspace(path, warnings)
        except DeepdecideError as exc:
            self.interaction.show_error(_("Cannot open the workspace"), exc)
            return False
        except OSError as exc:
            self.interaction.show_error(_("Cannot open the workspace"), exc)
            return False
        self._discard_autosave()
        self._declined_sha256 = None
        self.showing_sample = False
        self.document.replace(ws, path, disk_sha256=sha256)
        self._remember(path)
        self.say_opened(path, warnings)
        return True

    def say_opened(self, path: str, warnings: list[ValidationError]) -> None:
        """The status line after opening ``path``, with the warnings its read gave (on the command line too)."""
        self.status_label.setText(fmt(_("Opened %1"), path))
        # an older file breaking a newer rule: it opens and saves, the values carried over while unchanged
        # (what its migration read otherwise: listed in the tooltip)
        blocking = [w for w in warnings if not isinstance(w, MigratedValue)]
        if blocking:
            self.status_label.setText(fmt(ngettext(
                "Opened %1 with {n} warning: a value a later rule refuses, carried over while unchanged "
                "(a changed value must meet the rule). %2",
                "Opened %1 with {n} warnings: values a later rule refuses, carried over while unchanged "
                "(a changed value must meet its rule). First: %2",
                len(blocking)).format(n=len(blocking)), path, str(blocking[0])))
        if warnings:
            self.status_label.setToolTip("\n".join(str(w) for w in warnings))
        self._update_store_offer()

    def _store_offered(self) -> bool:
        """Whether the document is a saved single-file workspace of more evidence files than
        ``evidence_store.CONVERT_HINT_FILES`` (its evidence is better kept in a store beside it)."""
        path = self.document.path
        return bool(path) and len(self.document.workspace.evidence.files) > evidence_store.CONVERT_HINT_FILES \
            and not evidence_store.is_stored(path)

    def _update_store_offer(self) -> None:
        offered = self._store_offered()
        if offered:
            n = len(self.document.workspace.evidence.files)
            self.store_button.setText(_("Keep evidence in a store…"))
            self.store_button.setToolTip(ngettext(
                "This workspace holds {n} evidence file in its one file: every open reads it all. Kept in "
                "an evidence store beside it, the decision stays a short YAML file and opens faster.",
                "This workspace holds {n} evidence files in its one file: every open reads them all. Kept in "
                "an evidence store beside it, the decision stays a short YAML file and opens faster.",
                n).format(n=n))
        self.store_button.setVisible(offered)

    def convert_to_store(self) -> bool:
        """Save the workspace with its evidence in a store beside its YAML, after the user agrees (the
        content is unchanged; ``deepdecide convert --single`` puts it back into one file)."""
        path = self.document.path
        if not path or not self._store_offered():
            return False
        n = len(self.document.workspace.evidence.files)
        if not self.interaction.ask_convert_to_store(Path(path).name, n, self.document.is_modified()):
            return False
        if not self._save_to(path, stored=True):
            return False
        self.status_label.setText(fmt(ngettext(
            "Saved %1: its {n} evidence file is kept in the store %2 beside it",
            "Saved %1: its {n} evidence files are kept in the store %2 beside it", n).format(n=n),
            path, evidence_store.stored_name(path)))
        return True

    def save(self) -> bool:
        if not self.document.path:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        suggested = self.document.display_name or (self.document.workspace.name or "decision") + WORKSPACE_SUFFIX
        path = self.interaction.ask_save_path(self.prefs.get("last_directory"), suggested)
        return bool(path) and self._save_to(path)

    def _save_to(self, path: str, *, stored: bool | None = None) -> bool:
        """Write the workspace to ``path``: to its own file only over the content it was read from (a
        file another process wrote since is never overwritten: the user is offered to reload it).
        ``stored`` as for ``save_workspace``; by default a file keeps its form, and Save As of a
        workspace whose evidence is in a store writes a store beside the new file too."""
        same_file = bool(self.document.path) and _same_file(path, self.document.path)
        expected = self.document.disk_sha256 if same_file else UNCHECKED
        if stored is None and not same_file and self.document.path and evidence_store.is_stored(self.document.path):
            stored = True
        try:
            sha256 = save_workspace(self.document.workspace, path, expected_sha256=expected, stored=stored)
        except lock.ChangedOnDisk:
            self.offer_reload(saving=True)
            return False
        except (DeepdecideError, OSError, WriteConflict) as exc:
            self.interaction.show_error(_("Cannot save the workspace"), exc)
            return False
        self._discard_autosave()
        self.document.mark_saved(path)
        self.document.disk_sha256 = sha256
        self._declined_sha256 = None
        self._remember(path)
        self.status_label.setText(fmt(_("Saved %1"), path))
        self._update_store_offer()
        return True

    def _remember(self, path: str) -> None:
        self.prefs.add_recent(path)
        self.prefs.set("last_directory", str(Path(path).resolve().parent))

    # the file on disk ---------------------------------------------------------------------
    def _watch(self, *_args: Any) -> None:
        """Watch the document's file (and only it)."""
        watched = self.watcher.files()
        if watched:
            self.watcher.removePaths(watched)
        path = self.document.path
        if path and os.path.exists(path):
            self.watcher.addPath(path)

    def _file_changed(self, path: str) -> None:
        if not self.document.path or not _same_file(path, self.document.path):
            return
        # an editor replaces a file by a rename: the watch went with the old file, so watch the new one
        if os.path.exists(path) and path not in self.watcher.files():
            self.watcher.addPath(path)
        self.disk_timer.start()

    def disk_sha256_now(self) -> str | None:
        """The SHA-256 of the document's file on disk now (None: no file, or none to read)."""
        try:
            return lock.content_sha256(self.document.path) if self.document.path else None
        except OSError:
            return None

    def check_disk(self) -> str:
        """Look whether the document's file changed on disk since it was read or saved here; when it did,
        offer to reload it (``offer_reload``). Returns what happened: "same" or the answer."""
        path = self.document.path
        if not path or not self.document.disk_sha256 or self._asking_reload:
            return "same"
        if os.path.exists(path) and path not in self.watcher.files():
            self.watcher.addPath(path)  # back after a delete and re-create
        now = self.disk_sha256_now()
        if now == self.document.disk_sha256 or now == self._declined_sha256:
            return "same"
        return self.offer_reload()

    def offer_reload(self, *, saving: bool = False) -> str:
        """The document's file was written by another process: offer to reload it, saying so when that
        loses unsaved changes (reload / keep mine and save as / cancel). Nothing is ever overwritten
        here; "cancel" keeps the window as it is, and a later save refuses and asks again."""
        now = self.disk_sha256_now()
        self._asking_reload = True
        try:
            answer = self.interaction.ask_reload(self.document.display_name, self.document.is_modified(),
                                                 gone=now is None, saving=saving)
        finally:
            self._asking_reload = False
        if answer == "reload" and now is not None:
            self.open_file(self.document.path, ask=False)
        elif answer == "save_as":
            self.save_as()
        else:
            self._declined_sha256 = now
            self.status_label.setText(fmt(_("%1 was changed on disk by another program; not reloaded"), self.document.display_name))
        return answer

    # autosave ----------------------------------------------------------------------------
    def autosave_now(self) -> bool:
        if self.autosaver is None or not self.document.is_modified():
            return False
        try:
            self.autosaver.save(self.document.workspace, self.document.path, self.document.disk_sha256)
        except (DeepdecideError, OSError, WriteConflict) as exc:
            self.status_label.setText(fmt(_("Autosave failed: %1"), exc))
            return False
        return True

    def _discard_autosave(self) -> None:
        if self.autosaver is not None:
            self.autosaver.discard(self.document.path)

    def offer_recovery(self) -> bool:
        """At start: if an autosaved copy survived a crash, offer to load it. True if recovered."""
        if self.autosaver is None:
            return False
        for rec in self.autosaver.leftovers():
            desc = Path(rec.original).name if rec.original else _("an untitled workspace")
            if rec.saved_at:
                desc += " " + fmt(_("(autosaved %1)"), rec.saved_at)
            if self.interaction.ask_recover(desc):
                try:
                    ws = self.autosaver.load(rec)
                except DeepdecideError as exc:
                    self.interaction.show_error(_("Cannot recover the autosaved copy"), exc)
                    continue
                self.autosaver.remove(rec)
                # its edits started from that content of the file: a save over a file written since refuses
                self.showing_sample = False
                self.document.replace(ws, rec.original or None, modified=True, disk_sha256=rec.base_sha256)
                self._update_banner()
                self.autosave_now()
                return True
            self.autosaver.remove(rec)
        return False

    # evidence import, export -------------------------------------------------------------
    def open_paths(self, paths: list[str]) -> None:
        """Workspace files open; anything else is imported as evidence."""
        workspaces = [p for p in paths if is_workspace_file(p)]
        evidence = [p for p in paths if not is_workspace_file(p)]
        if workspaces:
            self.open_file(workspaces[0])
        if evidence:
            self.import_evidence(evidence)

    def import_evidence(self, paths: list[str] | None = None) -> None:
        if not paths:
            paths = self.interaction.ask_evidence_paths(self.prefs.get("last_directory"))
        if not paths:
            return
        EvidenceImporter(self.controller_context()).start(list(paths))

    def import_folder(self) -> None:
        """File ▸ Import folder…: the folder's result files, as a dropped folder is imported."""
        folder = self.interaction.ask_folder_path(self.prefs.get("last_directory"))
        if folder:
            self.import_evidence([folder])

    def set_busy(self, text: str, value: float | None) -> None:
        """Show task progress in the status bar (``value`` None hides it)."""
        busy = value is not None
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if value is not None:
            self.progress.setValue(int(value * 1000))
        self.status_label.setText(text)

    def export_pdf(self) -> None:
        from deepdecide.gui.pdf_export import export_pdf

        export_pdf(self.controller_context())

    def export_for_approval(self) -> None:
        """The record for approval is of the saved workspace (``signoffs`` later checks the signed
        record against that file): unsaved changes, or no file yet, are saved first or nothing is
        exported."""
        from deepdecide.gui.pdf_export import export_for_approval

        if self.document.is_modified() or not self.document.path:
            name = self.document.display_name or _("the untitled workspace")
            if not self.interaction.ask_save_before_approval(name) or not self.save():
                return
        export_for_approval(self.controller_context())

    def start_revision(self, record: str = "") -> bool:
        """Open a new revision of the decision the PDF ``record`` holds (asked for when not given), as
        ``deepdecide revise`` writes it: unsaved and untitled, naming the record as its predecessor."""
        from deepdecide.report.revision import start_revision

        if not self.maybe_save():
            return False
        record = record or self.interaction.ask_record_path(
            self.prefs.get("last_directory"), _("The record to revise"))
        if not record:
            return False
        try:
            revision = start_revision(record)
        except (DeepdecideError, OSError) as exc:
            self.interaction.show_error(_("Cannot start a revision from the record"), exc)
            return False
        self._discard_autosave()
        self.document.replace(revision.workspace, None, modified=True)
        d = revision.workspace.decision
        text = fmt(_("Revision %1 of %2, following %3 (inputs SHA-256 %4…): save it, then export its record "
                          "with the earlier record under Changes since"), d.revision, d.id, Path(record).name,
            revision.predecessor_sha256[:16])
        if revision.redactions:
            text += " " + fmt(_("(left out: %1)"),
                              "; ".join(str(f) for f in revision.redactions))
        self.status_label.setText(text)
        return True

    def import_signoffs(self, record: str = "", trust: list[str] | None = None) -> bool:
        """Copy the approvers' verdicts from a signed record into the sign-off rows (an undoable edit), as
        ``deepdecide signoffs`` does: the record verified, only valid signatures trusted through the
        chosen certificates counted."""
        from deepdecide.report.approver import signoffs_from_record
        from deepdecide.report.words import word

        folder = self.prefs.get("last_directory")
        record = record or self.interaction.ask_record_path(
            folder, _("The signed decision record"))
        if not record:
            return False
        if trust is None:
            trust = self.interaction.ask_trust_paths(str(Path(record).parent))
        try:
            new, state = signoffs_from_record(self.document.workspace, read_user_file(record), trust=list(trust))
        except (DeepdecideError, OSError) as exc:  # not intact, untrusted files, another decision's record
            self.interaction.show_error(_("Cannot copy the sign-offs"), exc)
            return False
        name = Path(record).name
        self.document.edit(Batch((SetSignOffs(new.signoffs), SetDecisionField("status", new.decision.status))),
                           lambda: fmt(_("sign-offs from %1"), name))
        lines = [fmt(_("The decision is now %1."), word(new.decision.status))]
        lines += [fmt(_("%1: no valid, trusted approval yet"), r) for r in state.outstanding]
        lines += [str(n) for n in state.notes]
        self.interaction.info(_("Sign-offs copied"), "\n".join(lines))
        return True

    def sign_record(self) -> None:
        from deepdecide.gui.pdf_export import sign_record

        sign_record(self.controller_context())

    def present(self, *, full_screen: bool = True) -> Any:
        """Open presentation mode on the current workspace (a what-if there never edits it)."""
        from deepdecide.gui.views.presentation import PresentationWindow

        old = getattr(self, "presentation", None)
        if old is not None:
            old.close()
            old.deleteLater()
        self.presentation = PresentationWindow(self.document, self)
        self.presentation.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        if full_screen:
            self.presentation.showFullScreen()
        else:
            self.presentation.show()
        self.presentation.activateWindow()
        self.presentation.setFocus()
        return self.presentation

    def export_table(self, kind: str, path: str | None = None) -> str:
        """Comparison / evidence / parity as CSV, or all three as XLSX; never an edit."""
        return export_table(self.controller_context(), kind, path)

    def controller_context(self) -> ControllerContext:
        """What the import and export controllers may use of this window."""
        return ControllerContext(self.document, self.interaction, self.tasks, self.prefs, self.set_busy, self)

    def set_workspace(self, ws: Workspace) -> None:
        """Replace the document's workspace (used by tests and the recovery path)."""
        self.document.replace(ws, None)
        self._update_banner()

    # drag and drop -----------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and all(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.open_paths(paths)

    # window state ------------------------------------------------------------------------
    def _restore_state(self) -> None:
        geometry = self.prefs.state("geometry")
        if geometry:
            self.restoreGeometry(geometry)
        state = self.prefs.state("window_state")
        if state:
            self.restoreState(state)
        page = self.prefs.state("page")
        keys = [k for k, _m, _c in PAGES]
        self.sidebar.setCurrentRow(keys.index(page) if page in keys else 0)

    def save_window_state(self) -> None:
        self.prefs.save_state("geometry", self.saveGeometry())
        self.prefs.save_state("window_state", self.saveState())
        self.prefs.save_state("page", self.current_page_key())
        self.prefs.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.tasks.cancel()
        self.tasks.wait(3000)
        self.document.stop_background(3000)
        self._discard_autosave()
        self.autosave_timer.stop()
        self.save_window_state()
        event.accept()
