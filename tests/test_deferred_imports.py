"""Every import inside a function body (a deferred import) says why it waits.

An import is deferred only to keep a library or a layer out of a module's own import (``deepdecide
--version`` loads neither reportlab nor Qt; a command's layers load when it runs; the desktop
application when it opens; a dialog when it first opens), never to hide an import cycle: modules
that share a type or a helper import it from a module a floor below both (pyproject.toml's
acyclic_siblings contract fails on a cycle, deferred or not). Each deferred import in deepdecide/
either says why on its line, ``# deferred: <reason>``, or is listed in KNOWN below (the file, under
deepdecide/, and the module it imports) with its reason: a new deferred import with neither fails.
An entry of KNOWN that no longer matches an import fails too, so the list only shrinks: an import
moved to the top of its module, or given its comment, leaves it.

The reasons of KNOWN were measured when the list was written (what each import adds to its
module's own import); the imports that cost nothing at the top have moved there.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "deepdecide"

MARK = "# deferred:"

# The reasons of KNOWN.
COMMAND = ("a command's own layers load when it runs, not when the parser is built (--help, --version, "
           "another command)")
OPTIONAL_SIMDJSON = "optional: without simdjson the ordinary parser reads the file (the ImportError is caught)"
OPTIONAL_XLSX = "optional dependency (the xlsx extra): only the XLSX export imports it, and says when it is missing"
DID_YOU_MEAN = "difflib only for a 'did you mean' hint (kept out of start-up)"
RESOURCES = ("importlib.resources (its readers import zipfile and more) only for a data package that is not a "
             "folder")
CTYPES = "ctypes only where the reference guard applies (CPython before 3.12)"
DIALOG = ("a declared lazy point: Interaction opens the views' dialogs on demand, each loaded when it first "
          "opens (pyproject.toml's acyclic_siblings contract names this one import, interaction -> views.*)")
GUI_OPENS = "the desktop application (and Qt) loads only when it opens: a headless command never imports it"
RECORD_MODULES = ("keeps the record's modules (deepdecide.report.*) out of the window until a record is exported, "
                  "signed or revised: browsing never imports them (tests/gui/test_startup_deferred.py)")
VERIFY_TABLE = ("keeps report.signing (and the domain's approval rules and validation it reads, about 15 ms) out "
                "of `deepdecide --version` and --help: verify_cmd imports this module for its exit-code table "
                "when the parser is built")


def loads(libraries: str) -> str:
    return f"keeps {libraries} out of this module's import: loaded when the function runs"


#: file (under deepdecide/) -> module named by a deferred import in it -> why it is deferred
KNOWN: dict[str, dict[str, str]] = {
    "cli/check_cmd.py": {
        "deepdecide.importers.nvidia_smi": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/common.py": {
        "deepdecide.domain": COMMAND,
        "deepdecide.domain.userfiles": COMMAND,
        "deepdecide.importers.secrets": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/diff_cmd.py": {
        "deepdecide.analysis.diff": COMMAND,
        "deepdecide.domain.userfiles": COMMAND,
        "deepdecide.report.canonical": COMMAND,
        "deepdecide.report.revision": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/evaluate_cmd.py": {
        "deepdecide.analysis": COMMAND,
        "deepdecide.analysis.assessment": COMMAND,
        "deepdecide.analysis.prediction": COMMAND,
        "deepdecide.analysis.questions": COMMAND,
        "deepdecide.domain.validation": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/evidence_cmd.py": {
        "deepdecide.analysis": COMMAND,
        "deepdecide.domain": COMMAND,
        "deepdecide.storage.files": COMMAND,
    },
    "cli/export_cmd.py": {
        "deepdecide.analysis": COMMAND,
        "deepdecide.report": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/import_cmd.py": {
        "deepdecide.cli.evidence_args": COMMAND,
        "deepdecide.importers.context_table": COMMAND,
        "deepdecide.importers.folder": COMMAND,
        "deepdecide.importers.plan": COMMAND,
        "deepdecide.importers.registry": COMMAND,
        "deepdecide.importers.result": COMMAND,
        "deepdecide.importers.samples": COMMAND,
        "deepdecide.storage.files": COMMAND,
    },
    "cli/init_cmd.py": {
        "deepdecide.storage": COMMAND,
    },
    "cli/inspect_cmd.py": {
        "deepdecide.cli.evidence_args": COMMAND,
        "deepdecide.importers.parity_rules": COMMAND,
        "deepdecide.importers.registry": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/matrix_cmd.py": {
        "deepdecide.domain.matrix_compare": COMMAND,
        "deepdecide.importers.vendor_matrix": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/plan_cmd.py": {
        "deepdecide.analysis": COMMAND,
        "deepdecide.analysis.plan": COMMAND,
        "deepdecide.domain.validation": COMMAND,
        "deepdecide.storage": COMMAND,
        "deepdecide.storage.plan": COMMAND,
    },
    "cli/report_cmd.py": {
        "deepdecide.domain": COMMAND,
        "deepdecide.domain.userfiles": COMMAND,
        "deepdecide.importers.secrets": COMMAND,
        "deepdecide.report": COMMAND,
        "deepdecide.report.canonical": COMMAND,
        "deepdecide.report.render": COMMAND,
        "deepdecide.report.signing": COMMAND,
        "deepdecide.storage.files": COMMAND,
    },
    "cli/revise_cmd.py": {
        "deepdecide.report.revision": COMMAND,
        "deepdecide.report.signing": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/revisit_cmd.py": {
        "deepdecide.analysis.revisit": COMMAND,
        "deepdecide.domain.matrix_compare": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/sign_cmd.py": {
        "deepdecide.domain.userfiles": COMMAND,
        "deepdecide.report.approval": COMMAND,
        "deepdecide.report.approver": COMMAND,
        "deepdecide.report.embedded": COMMAND,
        "deepdecide.report.signing": COMMAND,
        "deepdecide.storage.yamlio": COMMAND,
    },
    "cli/signoffs_cmd.py": {
        "deepdecide.domain.userfiles": COMMAND,
        "deepdecide.report.approval": COMMAND,
        "deepdecide.report.approver": COMMAND,
        "deepdecide.report.embedded": COMMAND,
        "deepdecide.report.signing": COMMAND,
        "deepdecide.report.words": COMMAND,
        "deepdecide.storage.files": COMMAND,
    },
    "cli/validate_cmd.py": {
        "deepdecide.domain": COMMAND,
        "deepdecide.storage": COMMAND,
    },
    "cli/verify_cmd.py": {
        "deepdecide.domain.userfiles": COMMAND,
        "deepdecide.importers.secrets": COMMAND,
        "deepdecide.report.embedded": COMMAND,
        "deepdecide.report.headlines": COMMAND,
        "deepdecide.report.params": COMMAND,
        "deepdecide.report.signing": COMMAND,
    },
    "domain/formatting.py": {
        "babel": loads('babel'),
    },
    "domain/matrix.py": {
        "difflib": DID_YOU_MEAN,
    },
    "domain/validation.py": {
        "difflib": DID_YOU_MEAN,
    },
    "gui/app.py": {
        "PySide6.QtCore": loads('PySide6'),
        "PySide6.QtGui": loads('PySide6'),
        "PySide6.QtWidgets": loads('PySide6'),
        "deepdecide.gui.document": loads('PySide6'),
        "deepdecide.gui.i18n": loads('PySide6'),
        "deepdecide.gui.samples": loads('PyYAML'),
        "deepdecide.gui.settings": loads('PySide6'),
        "deepdecide.gui.theme": loads('PySide6'),
        "deepdecide.gui.views.main_window": loads('PySide6, PyYAML'),
        "deepdecide.storage.autosave": loads('PyYAML'),
        "deepdecide.storage.cache": loads('PyYAML'),
        "deepdecide.storage.lock": loads('PyYAML'),
        "pyqtgraph.util.garbage_collector": loads('PySide6, pyqtgraph'),
    },
    "gui/compat.py": {
        "ctypes": CTYPES,
    },
    "gui/document.py": {
        "deepdecide.analysis": loads('numpy'),
        "deepdecide.analysis.diff": loads('numpy'),
        "deepdecide.analysis.revisit": loads('numpy'),
    },
    "gui/evidence_import.py": {
        "deepdecide.importers": loads('numpy'),
        "deepdecide.importers.folder": loads('numpy, PyYAML'),
        "deepdecide.importers.registry": loads('numpy, PyYAML'),
    },
    "gui/interaction.py": {
        "deepdecide.gui.views.context_dialog": DIALOG,
        "deepdecide.gui.views.export_dialog": DIALOG,
        "deepdecide.gui.views.import_context_dialog": loads('numpy'),
        "deepdecide.gui.views.item_proxy_dialog": DIALOG,
        "deepdecide.gui.views.new_workspace": loads('numpy'),
        "deepdecide.gui.views.sign_dialog": DIALOG,
        "deepdecide.gui.views.workload_dialog": DIALOG,
    },
    "gui/montecarlo.py": {
        "deepdecide.analysis": loads('numpy'),
    },
    "gui/pdf_export.py": {
        "deepdecide.report": loads('reportlab, numpy'),
        "deepdecide.report.approver": loads('reportlab, numpy'),
        "deepdecide.storage.yamlio": loads('PyYAML'),
    },
    "gui/resources.py": {
        "PySide6.QtGui": loads('PySide6'),
    },
    "gui/table_export.py": {
        "deepdecide.report": loads('numpy, PyYAML'),
    },
    "gui/views/compare_page.py": {
        "deepdecide.gui.widgets.charts": loads('PySide6, pyqtgraph'),
    },
    "gui/views/export_dialog.py": {
        "deepdecide.report": loads('reportlab, numpy'),
    },
    "gui/views/main_window.py": {
        "deepdecide.gui.pdf_export": RECORD_MODULES,
        "deepdecide.gui.views.presentation": loads('numpy'),
        "deepdecide.report.approver": loads('reportlab, numpy'),
        "deepdecide.report.revision": RECORD_MODULES,
        "deepdecide.report.words": loads('numpy'),
    },
    "gui/widgets/measure_next.py": {
        "deepdecide.analysis.plan": loads('numpy'),
    },
    "importers/bigjson.py": {
        "simdjson": OPTIONAL_SIMDJSON,
    },
    "importers/generic_csv.py": {
        "pandas": loads('numpy, pandas'),
    },
    "importers/secrets.py": {
        "detect_secrets.plugins": loads('detect-secrets'),
    },
    "launcher.py": {
        "deepdecide.gui.app": GUI_OPENS,
    },
    "report/approval.py": {
        "deepdecide.analysis": loads('numpy'),
        "deepdecide.analysis.acceptance": loads('numpy'),
    },
    "report/integrity.py": {
        "pyhanko.pdf_utils.reader": loads('pyHanko, cryptography'),
        "pypdf": loads('pypdf, cryptography'),
        "pypdf.filters": loads('pypdf, cryptography'),
        "pypdf.generic": loads('pypdf, cryptography'),
    },
    "report/revision.py": {
        "deepdecide.report.canonical": loads('PyYAML'),
        "deepdecide.report.params": loads('reportlab'),
    },
    "report/signing.py": {
        "cryptography": loads('cryptography'),
        "cryptography.hazmat.primitives": loads('cryptography'),
        "cryptography.hazmat.primitives.serialization": loads('cryptography'),
        "cryptography.x509.oid": loads('cryptography'),
        "pyhanko.keys": loads('pyHanko, cryptography'),
        "pyhanko.pdf_utils.incremental_writer": loads('pyHanko, cryptography'),
        "pyhanko.pdf_utils.reader": loads('pyHanko, cryptography'),
        "pyhanko.sign": loads('pyHanko, cryptography'),
        "pyhanko.sign.diff_analysis": loads('pyHanko, cryptography'),
        "pyhanko.sign.fields": loads('pyHanko, cryptography'),
        "pyhanko.sign.validation": loads('pyHanko, cryptography'),
        "pyhanko.sign.validation.settings": loads('pyHanko, cryptography'),
        "pyhanko.sign.validation.status": loads('pyHanko, cryptography'),
        "pyhanko_certvalidator": loads('cryptography'),
    },
    "report/spreadsheet.py": {
        "openpyxl": OPTIONAL_XLSX,
        "openpyxl.styles": OPTIONAL_XLSX,
        "openpyxl.utils": OPTIONAL_XLSX,
    },
    "report/verdict.py": {
        "deepdecide.report.approval": loads('reportlab, numpy'),
        "deepdecide.report.integrity": loads('PyYAML'),
        "deepdecide.report.params": loads('reportlab'),
        "deepdecide.report.signing": VERIFY_TABLE,
    },
    "storage/autosave.py": {
        "filelock": loads('filelock'),
    },
    "storage/codec.py": {
        "difflib": DID_YOU_MEAN,
    },
    "storage/files.py": {
        "importlib": RESOURCES,
    },
    "storage/lock.py": {
        "filelock": loads('filelock'),
    },
    "storage/starter.py": {
        "deepdecide.storage.files": loads('PyYAML'),
    },
}


def _modules(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The modules an import statement names: ``from a.b import c`` names a.b, ``import a.b`` a.b;
    a relative import is made absolute (``package``: the package of its file)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not node.level:
        return [node.module or ""]
    parts = package.split(".")
    return [".".join([*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])])]


def scan(source: str, package: str) -> list[tuple[str, int, bool]]:
    """The imports inside function bodies of one module's ``source``: (module named, line, whether a
    line of the statement carries ``# deferred: <reason>``)."""
    lines = source.splitlines()
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if in_function and isinstance(child, ast.Import | ast.ImportFrom):
                text = " ".join(lines[child.lineno - 1:child.end_lineno or child.lineno])
                said = MARK in text and bool(text.split(MARK, 1)[1].strip())
                found.extend((module, child.lineno, said) for module in _modules(child, package))
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    visit(ast.parse(source), False)
    return found


@functools.cache
def deferred_imports() -> tuple[tuple[str, str, int, bool], ...]:
    """Every import inside a function body in deepdecide/: (file under deepdecide/, module, line, said)."""
    out: list[tuple[str, str, int, bool]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        package = ".".join(["deepdecide", *rel.parent.parts])
        out += [(rel.as_posix(), *found) for found in scan(path.read_text(encoding="utf-8"), package)]
    return tuple(out)


def test_every_deferred_import_says_why():
    unexplained = [f"deepdecide/{rel}:{line}: {module}" for rel, module, line, said in deferred_imports()
                   if not said and module not in KNOWN.get(rel, {})]
    assert not unexplained, (
        "imports inside a function that do not say why: move each to the top of its module, or end its line "
        "with `# deferred: <reason>` (what it keeps out of the module's import, or the cycle it avoids):\n  "
        + "\n  ".join(unexplained))


def test_known_lists_only_what_is_there():
    """An import moved to the top, or given its comment, leaves KNOWN."""
    left = {(rel, module) for rel, module, _line, said in deferred_imports() if not said}
    stale = [f"{rel}: {module}" for rel, modules in KNOWN.items() for module in modules if (rel, module) not in left]
    assert not stale, "KNOWN lists deferred imports that are gone (take them out):\n  " + "\n  ".join(stale)


def test_each_known_import_has_a_reason():
    assert all(reason.strip() for modules in KNOWN.values() for reason in modules.values())


def test_the_scan():
    """An import in a function, a method or a nested function is found, with its comment on any line of
    the statement; one at the top of a module, under ``if TYPE_CHECKING:`` or in a class body is not."""
    source = (
        "import os\n"
        "if TYPE_CHECKING:\n"
        "    import json\n"
        "def f():\n"
        "    import re  # deferred: only for an odd name\n"
        "    from a.b import (  # deferred: a reason\n"
        "        c,\n"
        "    )\n"
        "class C:\n"
        "    import abc\n"
        "    def m(self):\n"
        "        def g():\n"
        "            from . import x  # deferred:\n"
        "            from ..storage import y\n"
    )
    assert scan(source, "deepdecide.domain") == [
        ("re", 5, True), ("a.b", 6, True), ("deepdecide.domain", 13, False), ("deepdecide.storage", 14, False)]
