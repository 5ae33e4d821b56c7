"""Move the widgets from Qt Linguist to the one gettext catalog: rewrite the calls, carry the Spanish over.

    python tools/qt_to_gettext.py           # rewrite deepdecide/gui, merge the .ts into the .po, delete the .ts/.qm
    python tools/qt_to_gettext.py --check   # only say what would change (exit 1 if anything would)

What it rewrites in ``deepdecide/gui`` (a call is rewritten only when its texts are string literals;
anything else is listed for a person to convert):

- ``self.tr("text")``, ``QCoreApplication.translate("Context", "text")`` and ``translate("Context",
  "text", *args)`` (the old ``deepdecide.gui.i18n.translate``) -> ``_("text")`` (``fmt(_("text"), *args)``);
- with a disambiguation (``self.tr("text", "what")``, ``translate("Context", "text", "what")``)
  -> ``pgettext("what", "text")``;
- with a count (``self.tr("%n file(s)", None, n)``) -> ``ngettext("{n} file(s)", "{n} file(s)",
  n).format(n=n)`` (``npgettext`` with a disambiguation): Qt's ``%n`` becomes the ``{n}`` field the
  rest of the catalog uses; the English stays as it was (one text for both forms);
- ``QT_TRANSLATE_NOOP("Context", "text")`` / ``QT_TR_NOOP("text")`` -> ``N_("text")``.

``%1``, ``%2`` ... markers stay (``deepdecide.gui.i18n.fmt`` fills them; ``tools/i18n.py check`` holds a
translation to its source's markers). The imports follow: the names used are imported from
``deepdecide.domain.i18n``, Qt names no longer used are dropped, and a local ``_`` (``path, _ =
QFileDialog.getOpenFileName(...)``) that would hide the gettext function is renamed ``_ignored``.

Then every translation of ``resources/translations/deepdecide_es.ts`` goes into
``data/locale/es/LC_MESSAGES/deepdecide.po`` for the message the rewritten call now asks for: a
message the .po already translates keeps the .po's words (the catalog and its glossary decide); the
.po is then updated from the code and compiled (``tools/i18n.py update`` + ``compile``), and the .ts
and .qm are deleted. Where one English text had different Spanish in different Qt contexts, CONTEXTS
below gives the calls of one context their own gettext context (the meaning differs) or CHOICES picks
the words; the script stops and lists any other such text rather than guess.

Running it again is safe: a converted tree has nothing to rewrite, and without a .ts there is nothing
to merge. After merging a branch that still adds ``self.tr`` calls and .ts entries, restore that
branch's .ts and run it again (docs/translation.md says how).
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUI = ROOT / "deepdecide" / "gui"
#: Qt's own catalog machinery (qtbase and its accelerator fallback) lives here and is not a call site
SKIP = ("i18n.py",)
TS = ROOT / "resources" / "translations" / "deepdecide_es.ts"
QM = TS.with_suffix(".qm")
I18N = "deepdecide.domain.i18n"
QT_APPS = ("QCoreApplication", "QApplication", "QGuiApplication")

#: (Qt context, English, Qt disambiguation) -> the gettext context its calls get: the same English
#: whose Spanish differs by meaning (a runtime is masculine, an option feminine)
CONTEXTS: dict[tuple[str, str, str | None], str] = {
    ("MachineCheckPanel", "none", None): "no runtime",
    ("ContextDialog", "GPU count", None): "form label",
    ("MachineCheckPanel", "GPU count", None): "form label",
    ("Interaction", "file", None): "unnamed file",  # the record counts files ("1 file", "2 files")
}

#: (gettext context, English) -> the Spanish to keep where the .ts gives several for one message
CHOICES: dict[tuple[str | None, str], str | tuple[str, ...]] = {}


# ---------------------------------------------------------------------------------------------
# the source rewrite

@dataclass
class Call:
    """One translation call found in a source."""
    node: ast.Call
    kind: str  # "tr", "translate", "old_translate", "noop"
    qt_context: str
    text: ast.expr
    disambiguation: ast.expr | None = None
    count: ast.expr | None = None
    rest: list[ast.expr] = field(default_factory=list)  # old_translate's arguments for fmt


@dataclass
class Key:
    """The gettext message a call asks for."""
    context: str | None
    message: str
    plural: bool


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return _dotted(node.value) + "." + node.attr
    return ""


def _str(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _none_or_str(node: ast.expr | None) -> bool:
    return node is None or (isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)))


def qt_key(qt_context: str, text: str, disambiguation: str | None, plural: bool) -> Key:
    """The gettext message of a Qt message (the same mapping for a call and for a .ts entry)."""
    disambiguation = disambiguation or None
    context = CONTEXTS.get((qt_context, text, disambiguation), disambiguation)
    message = text.replace("%n", "{n}") if plural else text
    return Key(context, message, plural)


class _Finder(ast.NodeVisitor):
    def __init__(self, old_translate: bool):
        self.old_translate = old_translate
        self.classes: list[str] = []
        self.calls: list[Call] = []
        self.skipped: list[tuple[int, str]] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        found = self._call(node)
        if found is not None:
            self.calls.append(found)

    def _call(self, node: ast.Call) -> Call | None:
        func, args = node.func, node.args
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if node.keywords or any(isinstance(a, ast.Starred) for a in args[:4]):
            if name in ("tr", "QT_TRANSLATE_NOOP", "QT_TR_NOOP") or (name == "translate" and self._qt_app(func)):
                self.skipped.append((node.lineno, ast.unparse(node)[:80]))
            return None
        if isinstance(func, ast.Attribute) and name == "tr" and args and _str(args[0]) is not None:
            if len(args) > 3 or not _none_or_str(args[1] if len(args) > 1 else None):
                self.skipped.append((node.lineno, ast.unparse(node)[:80]))
                return None
            context = self.classes[-1] if self.classes else ""
            return Call(node, "tr", context, args[0], args[1] if len(args) > 1 else None,
                        args[2] if len(args) > 2 else None)
        if name == "translate" and isinstance(func, ast.Attribute) and self._qt_app(func):
            if len(args) < 2 or _str(args[0]) is None or _str(args[1]) is None or len(args) > 4 \
                    or not _none_or_str(args[2] if len(args) > 2 else None):
                self.skipped.append((node.lineno, ast.unparse(node)[:80]))
                return None
            return Call(node, "translate", _str(args[0]) or "", args[1], args[2] if len(args) > 2 else None,
                        args[3] if len(args) > 3 else None)
        if name == "translate" and isinstance(func, ast.Name) and self.old_translate:
            if len(args) < 2 or _str(args[0]) is None or _str(args[1]) is None:
                self.skipped.append((node.lineno, ast.unparse(node)[:80]))
                return None
            return Call(node, "old_translate", _str(args[0]) or "", args[1], rest=list(args[2:]))
        if name == "QT_TRANSLATE_NOOP" and len(args) == 2 and _str(args[0]) is not None and _str(args[1]) is not None:
            return Call(node, "noop", _str(args[0]) or "", args[1])
        if name == "QT_TR_NOOP" and len(args) == 1 and _str(args[0]) is not None:
            return Call(node, "noop", self.classes[-1] if self.classes else "", args[0])
        if name in ("QT_TRANSLATE_NOOP", "QT_TR_NOOP"):
            self.skipped.append((node.lineno, ast.unparse(node)[:80]))
        return None

    @staticmethod
    def _qt_app(func: ast.expr) -> bool:
        return isinstance(func, ast.Attribute) and _dotted(func.value).split(".")[-1] in QT_APPS


class _Source:
    """A source's text with byte offsets for the AST's positions (col_offset counts UTF-8 bytes)."""

    def __init__(self, text: str):
        self.data = text.encode("utf-8")
        self.starts = [0]
        for line in self.data.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def text(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8")


def _quoted(text: str) -> str:
    """A double-quoted Python literal of ``text``."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _key(call: Call) -> Key:
    return qt_key(call.qt_context, _str(call.text) or "", _str(call.disambiguation), call.count is not None)


def _literal(src: _Source, node: ast.expr, plural: bool) -> str:
    text = src.text(node)
    return text.replace("%n", "{n}") if plural else text


def _replacement(src: _Source, call: Call) -> tuple[str, set[str]]:
    """The new text of a call and the gettext names it uses."""
    key = _key(call)
    text = _literal(src, call.text, key.plural)
    if call.kind == "noop":
        return f"N_({text})", {"N_"}
    if key.plural:
        assert call.count is not None
        count = src.text(call.count)
        if key.context:
            return f"npgettext({_quoted(key.context)}, {text}, {text}, {count}).format(n={count})", {"npgettext"}
        return f"ngettext({text}, {text}, {count}).format(n={count})", {"ngettext"}
    new, names = (f"pgettext({_quoted(key.context)}, {text})", {"pgettext"}) if key.context else (f"_({text})", {"_"})
    if call.kind == "old_translate" and call.rest:
        new = "fmt(" + ", ".join([new, *(src.text(a) for a in call.rest)]) + ")"
        names.add("fmt")
    return new, names


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp)


def _binds_underscore(scope: ast.AST) -> list[ast.AST]:
    """The nodes that bind ``_`` directly in ``scope`` (not in a scope nested in it)."""
    found: list[ast.AST] = []
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        a = scope.args
        found += [x for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x is not None and x.arg == "_"]
    todo: list[ast.AST] = []
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        todo = list(scope.body)
    elif isinstance(scope, ast.Lambda):
        todo = [scope.body]
    elif isinstance(scope, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        todo = [g.target for g in scope.generators]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            found.append(node)
        if isinstance(node, ast.ExceptHandler) and node.name == "_":
            raise SystemExit(f"line {node.lineno}: 'except ... as _' hides the gettext function: rename it")
        if isinstance(node, (_SCOPES, ast.ClassDef)):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _shadowing(tree: ast.AST) -> list[ast.AST]:
    """The bindings of a local ``_`` (``path, _ = ...``, ``for _ in ...``) in a module that imports the
    gettext ``_``: a call in that scope would find the local instead of the function (and ruff's F402
    says so for a loop variable)."""
    out: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, _SCOPES):
            out.extend(_binds_underscore(node))
    return out


def _imported_from(tree: ast.Module, module: str, name: str) -> bool:
    return any(isinstance(n, ast.ImportFrom) and n.module == module and any(a.name == name for a in n.names)
               for n in ast.walk(tree))


def _used_names(tree: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _order(name: str) -> tuple[int, str]:
    """isort's order of imported names (ruff's I001): constants, classes, then the rest."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def _import_text(node: ast.ImportFrom, names: list[str]) -> str:
    line = f"from {node.module} import {', '.join(names)}"
    if len(line) + node.col_offset <= 110:
        return line
    pad = " " * (node.col_offset + 4)
    return f"from {node.module} import (\n" + "".join(f"{pad}{n},\n" for n in names) + " " * node.col_offset + ")"


#: names the rewritten calls no longer need, by module
_DROPPABLE = {"PySide6.QtCore": {"QCoreApplication", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"},
              "PySide6.QtWidgets": {"QApplication"}, "PySide6.QtGui": {"QGuiApplication"},
              "deepdecide.gui.i18n": {"translate"}}


def _fix_imports(text: str, wanted: set[str]) -> str:
    """Import ``wanted`` from the domain's i18n (and ``fmt`` from the GUI's), drop what is unused."""
    tree = ast.parse(text)
    src = _Source(text)
    used = _used_names(tree)
    edits: list[tuple[int, int, str]] = []
    gettext_names = sorted(n for n in wanted if n != "fmt")
    placed = not gettext_names
    fmt_placed = "fmt" not in wanted or _imported_from(tree, "deepdecide.gui.i18n", "fmt")
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level:
            continue
        names = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in node.names]
        drop = _DROPPABLE.get(node.module or "", set())
        keep = [n for n in names if not (n in drop and n not in used)]
        top = node in tree.body
        if node.module == I18N and not placed and top:
            keep = sorted(set(keep) | set(gettext_names), key=_order)
            placed = True
        if node.module == "deepdecide.gui.i18n" and not fmt_placed and top:
            keep = sorted({*keep, "fmt"}, key=_order)
            fmt_placed = True
        if keep != names:
            start, end = src.span(node)
            edits.append((start, end, _import_text(node, keep) if keep else ""))
    inserts: list[str] = []
    if not placed:
        inserts.append(f"from {I18N} import {', '.join(sorted(gettext_names, key=_order))}")
    if not fmt_placed:
        inserts.append("from deepdecide.gui.i18n import fmt")
    if inserts:
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        anchor = [n for n in imports if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("deepdecide")]
        last = (anchor or imports)[-1] if imports else None
        at = src.span(last)[1] if last is not None else 0
        edits.append((at, at, "\n" + "\n".join(inserts)))
    data = src.data
    for start, end, new in sorted(edits, reverse=True):
        piece = new.encode("utf-8")
        if not new:  # a removed statement takes its line along
            end = data.index(b"\n", end) + 1 if b"\n" in data[end:] else end
        data = data[:start] + piece + data[end:]
    return data.decode("utf-8")


@dataclass
class Rewrite:
    path: Path
    text: str
    calls: list[Call]
    skipped: list[tuple[int, str]]
    renamed: int


def rewrite(path: Path) -> Rewrite:
    """The converted text of one source (its own text when there is nothing to convert)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, str(path))
    finder = _Finder(old_translate=_imported_from(tree, "deepdecide.gui.i18n", "translate"))
    finder.visit(tree)
    if not finder.calls and not (_imported_from(tree, I18N, "_") and _shadowing(tree)):
        return Rewrite(path, text, [], finder.skipped, 0)
    src = _Source(text)
    edits: list[tuple[int, int, str]] = []
    wanted: set[str] = set()
    underscore_calls: list[ast.AST] = []
    for call in finder.calls:
        new, names = _replacement(src, call)
        wanted |= names
        if "_" in names:
            underscore_calls.append(call.node)
        start, end = src.span(call.node)
        edits.append((start, end, new))
    shadows = _shadowing(tree) if underscore_calls or _imported_from(tree, I18N, "_") else []
    for node in shadows:
        if isinstance(node, ast.arg):
            raise SystemExit(f"{path}:{node.lineno}: a parameter named _ hides the gettext function: rename it")
        start, end = src.span(node)
        edits.append((start, end, "_ignored"))
    data = src.data
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        data = data[:start] + new.encode("utf-8") + data[end:]
    new_text = _fix_imports(data.decode("utf-8"), wanted)
    ast.parse(new_text, str(path))  # still Python
    return Rewrite(path, new_text, finder.calls, finder.skipped, len(shadows))


def sources() -> list[Path]:
    return sorted(p for p in GUI.rglob("*.py") if p.name not in SKIP or p.parent != GUI)


# ---------------------------------------------------------------------------------------------
# the catalog merge

@dataclass
class TsMessage:
    qt_context: str
    source: str
    disambiguation: str | None
    forms: tuple[str, ...]  # one translation, or one per plural form
    plural: bool


def read_ts(path: Path) -> list[TsMessage]:
    out: list[TsMessage] = []
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            tr = m.find("translation")
            if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            plural = m.get("numerus") == "yes"
            forms = tuple(f.text or "" for f in tr.iter("numerusform")) if plural else (tr.text or "",)
            if not all(forms):
                continue
            if plural:
                forms = tuple(f.replace("%n", "{n}") for f in forms)
            out.append(TsMessage(name, m.findtext("source") or "", m.findtext("comment") or None, forms, plural))
    return out


def _catalog_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def merge(ts: Path, po: Path, tool, write: bool = True) -> tuple[int, int, list[str]]:  # type: ignore[no-untyped-def]
    """Put the .ts's translations into the .po where it has none; returns (added, kept, clashes)."""
    from babel.messages.catalog import Message

    wanted: dict[tuple[str | None, str], dict[tuple[str, ...], list[str]]] = defaultdict(lambda: defaultdict(list))
    plural_of: dict[tuple[str | None, str], bool] = {}
    for m in read_ts(ts):
        key = qt_key(m.qt_context, m.source, m.disambiguation, m.plural)
        wanted[(key.context, key.message)][m.forms].append(m.qt_context)
        plural_of[(key.context, key.message)] = m.plural
    cat = tool._read(po)
    added = kept = 0
    clashes: list[str] = []
    chosen: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for key, by_forms in wanted.items():
        if len(by_forms) == 1:
            chosen[key] = next(iter(by_forms))
        elif key in CHOICES:
            choice = CHOICES[key]
            chosen[key] = (choice,) if isinstance(choice, str) else tuple(choice)
        else:
            found = cat.get(key[1], key[0])
            if found is None or not tool._done(found):
                clashes.append(f"{key[1]!r} (context {key[0]!r}) has different Spanish in different Qt contexts: "
                               + "; ".join(f"{' / '.join(f)} in {', '.join(c)}" for f, c in by_forms.items())
                               + " - add a CONTEXTS or CHOICES entry to tools/qt_to_gettext.py")
    if clashes:
        return 0, 0, clashes
    for (context, message), forms in chosen.items():
        existing = cat.get(message, context)
        if existing is not None and tool._done(existing):
            kept += 1
            continue
        string: str | tuple[str, ...] = forms if plural_of[(context, message)] else forms[0]
        mid: str | tuple[str, str] = (message, message) if plural_of[(context, message)] else message
        if existing is not None:
            existing.string = string
            existing.flags.discard("fuzzy")
        else:
            cat[mid] = Message(mid, string, context=context)
        added += 1
    if write:
        tool._write(cat, po)
    return added, kept, clashes


# ---------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/qt_to_gettext.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report what would change")
    args = parser.parse_args(argv)

    changed: list[Rewrite] = []
    skipped = 0
    for path in sources():
        r = rewrite(path)
        rel = path.relative_to(ROOT).as_posix()
        for line, what in r.skipped:
            skipped += 1
            print(f"{rel}:{line}: not rewritten (convert it by hand): {what}")
        if r.calls or r.renamed:
            changed.append(r)
            print(f"{rel}: {len(r.calls)} call(s)" + (f", {r.renamed} local _ renamed" if r.renamed else ""))
    tool = _catalog_tool()
    po_files = [p for p in tool.po_files() if p.parents[1].name == "es"]
    if args.check:
        pending = bool(changed) or TS.exists() or QM.exists()
        if TS.exists():
            for po in po_files:
                added, kept, clashes = merge(TS, po, tool, write=False)
                print(f"{TS.relative_to(ROOT)}: {added} translation(s) to add, {kept} already in the catalog")
                for c in clashes:
                    print(c)
        print("something to convert" if pending else "nothing to convert")
        return 1 if pending else 0

    if TS.exists():  # check the merge before touching the sources
        for po in po_files:
            _added, _kept, clashes = merge(TS, po, tool, write=False)
            if clashes:
                print("\n".join(clashes))
                return 1
    for r in changed:
        r.path.write_text(r.text, encoding="utf-8")
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if changed and Path(ruff).exists():  # the import lines in their sorted place
        subprocess.run([ruff, "check", "--quiet", "--fix", "--select", "I001,F401",
                        *[str(r.path) for r in changed]], cwd=ROOT, check=False)
    try:
        tool.template()  # the rewritten calls make a valid catalog
    except SystemExit as exc:
        print(f"{exc}: give one of them a context (pgettext), then run this again ({TS.name} is kept)")
        return 1
    if TS.exists():
        for po in po_files:
            added, kept, _clashes = merge(TS, po, tool)
            print(f"{po.relative_to(ROOT)}: {added} translation(s) from {TS.name}, {kept} kept as the catalog has them")
    tool.update()
    tool.compile_all()
    for path in (TS, QM):  # every translation is in the .po now
        if path.exists():
            path.unlink()
    left = [p for p in tool.problems() if "untranslated" in p or "fuzzy" in p]
    for line in left:
        print(line)
    print(f"{len(changed)} file(s) rewritten, {skipped} call(s) to convert by hand, "
          f"{len(left)} catalog entr(ies) to translate")
    return 1 if skipped or left else 0


if __name__ == "__main__":
    sys.exit(main())
