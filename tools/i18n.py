"""The gettext catalog of the application (widgets, command line, record): extract, update, compile, check.

    python tools/i18n.py extract   # print the template (.pot) of every marked string to stdout
    python tools/i18n.py update    # merge the extracted strings into every data/locale/*/.po
    python tools/i18n.py compile   # write the .mo beside each .po
    python tools/i18n.py check     # fail on an untranslated, fuzzy or obsolete entry, a stale .mo,
                                   # a translation that names other fields than its source, or one
                                   # that uses another word than the glossary for one of its concepts
    python tools/i18n.py resolve   # during a git merge that conflicts in a .po: join both sides'
                                   # translations (a message only one side changed takes that
                                   # side's), update from the merged code and recompile

What is extracted from ``deepdecide/`` (the widgets included: one catalog for every surface):

- ``_("text")``, ``gettext("text")``, ``N_("text")`` (marked, translated later),
  ``ngettext("singular", "plural", n)``, ``pgettext("context", "text")``,
  ``npgettext("context", "singular", "plural", n)``;
- every :func:`deepdecide.domain.messages.msg` template: ``msg("id", "template", ...)``; the
  template is the catalog key, the id is written as an extracted comment;
- ``formatting.count(n, "singular"[, "plural"])``: the plural defaults to singular + "s", as
  the function does.

The glossary (``data/locale/glossary.csv``) gives each domain concept one term per language: where
a message's English names a concept ("throughput"), its Spanish must use the glossary's term
("rendimiento") and none of the variants the glossary forbids ("throughput", "caudal"). Columns:
``concept``, ``english`` and ``spanish`` (the term first, then its other forms or phrases, separated
by ``;``), ``forbidden`` (variants, ``;``; ``motor=engine``: "motor" is allowed where the English also
says "engine"), ``other_senses`` (a regular expression of English phrases where the word means
something else, left out of the check), ``contexts`` (``;``: only messages with one of these catalog
contexts, for a word that is the concept only there) and ``notes``. Fields, markup, ``--options`` and
identifiers (``output_throughput_tps``) are not words of either text.

Only string literals are extracted (implicit concatenation included); an f-string is never a
catalog key. A translation keeps its source's fields (``{name}``), the widgets' ``%1`` markers (filled
by ``deepdecide.gui.i18n.fmt``), its HTML tags and a short label's keyboard accelerator (``&File``). The .po is written sorted by message id with no line numbers, so two branches that
add strings merge mechanically; the .mo is always a fresh compile of the .po (never merge it:
recompile).
"""

from __future__ import annotations

import argparse
import ast
import csv
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "deepdecide"
EXCLUDE: tuple[str, ...] = ()
LOCALE = ROOT / "data" / "locale"
DOMAIN = "deepdecide"
PROJECT = "deepdecide"
WIDTH = 110

#: function name -> what its arguments are ("s": a message, "p": its plural, "c": a context)
KEYWORDS: dict[str, tuple[str, ...]] = {
    "_": ("s",),
    "gettext": ("s",),
    "N_": ("s",),
    "N_plural": ("s", "p"),
    "ngettext": ("s", "p"),
    "pgettext": ("c", "s"),
    "npgettext": ("c", "s", "p"),
    "msg": ("id", "s"),
    "msgn": ("id", "s", "p"),
    "count": ("n", "s", "p?"),
}


@dataclass(frozen=True)
class Found:
    file: str
    line: int
    message: str
    plural: str | None = None
    context: str | None = None
    comment: str | None = None


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):  # i18n.ngettext, formatting.count, messages.msg
        return func.attr
    return None


def extract_source(text: str, file: str) -> Iterator[Found]:
    """Every marked string of one Python source."""
    for node in ast.walk(ast.parse(text, file)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        spec = KEYWORDS.get(name or "")
        if spec is None:
            continue
        values: dict[str, str | None] = {}
        for i, role in enumerate(spec):
            role = role.rstrip("?")
            values[role] = _literal(node.args[i]) if i < len(node.args) else None
        message = values.get("s")
        if not message:
            continue
        plural = values.get("p")
        if name == "count" and plural is None:
            if len(node.args) > 2:
                continue  # a plural that is not a literal
            plural = message + "s"
        if name in ("ngettext", "npgettext", "N_plural", "msgn") and plural is None:
            continue
        comment = f"id: {values['id']}" if name in ("msg", "msgn") and values.get("id") else None
        yield Found(file, node.lineno, message, plural if "p" in values else None, values.get("c"), comment)


def sources() -> list[Path]:
    return sorted(p for p in SOURCE.rglob("*.py")
                  if not any(part in EXCLUDE for part in p.relative_to(SOURCE).parts[:1]))


def _argparse_source() -> list[tuple[Path, str]]:
    import argparse

    return [(Path(argparse.__file__), "argparse.py")]


def _project_sources() -> list[tuple[Path, str]]:
    return [(p, p.relative_to(ROOT).as_posix()) for p in sources()]


#: catalog domain -> the sources its strings come from. "argparse" translates argparse's own
#: words ("usage:", "options", its errors), taken from the running Python's argparse module.
DOMAINS = {DOMAIN: _project_sources, "argparse": _argparse_source}


def template(domain: str = DOMAIN) -> Catalog:
    """The catalog template: every marked string of the domain's sources, sorted, without line numbers."""
    cat = Catalog(project=PROJECT, charset="utf-8", fuzzy=False)
    for path, rel in DOMAINS[domain]():
        for f in extract_source(path.read_text(encoding="utf-8"), rel):
            mid: str | tuple[str, str] = (f.message, f.plural) if f.plural else f.message
            existing = cat.get(f.message, f.context)
            if existing is not None and existing.pluralizable != bool(f.plural):
                raise SystemExit(f"{rel}:{f.line}: {f.message!r} is used both with and without a plural")
            cat.add(mid, locations=[(rel, None)], auto_comments=[f.comment] if f.comment else [],
                    context=f.context)
    return cat


def _write(cat: Catalog, path: Path) -> None:
    buf = io.BytesIO()
    write_po(buf, cat, width=WIDTH, no_location=False, omit_header=False, sort_output=True,
             include_lineno=False, ignore_obsolete=True)
    path.write_bytes(buf.getvalue())


def _rel(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def po_files(domain: str = DOMAIN) -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{domain}.po"))


def _read(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=path.parents[1].name, domain=path.stem)


def update() -> None:
    for domain in DOMAINS:
        _update(domain)


def _update(domain: str) -> None:
    pot = template(domain)
    for path in po_files(domain):
        cat = _read(path)
        kept = [m for m in cat if m.id and m.string] if domain == "argparse" else []
        cat.update(pot, no_fuzzy_matching=domain == "argparse", update_header_comment=False,
                   keep_user_comments=True, update_creation_date=False)
        cat.obsolete.clear()  # a string the code no longer uses (a changed one came back fuzzy)
        for m in kept:  # argparse's words of other Python versions stay
            if cat.get(m.id, m.context) is None:
                cat[m.id] = m
        _write(cat, path)
        print(f"{_rel(path)}: {len(cat)} messages, "
              f"{sum(1 for m in cat if m.id and not _done(m))} to translate")


def _done(m: object) -> bool:
    string = getattr(m, "string", None)
    if getattr(m, "fuzzy", False):
        return False
    if isinstance(string, (tuple, list)):
        return all(string)
    return bool(string)


def compiled(path: Path) -> bytes:
    """The .mo of a .po, as compile writes it."""
    cat = _read(path)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    for path in (p for domain in DOMAINS for p in po_files(domain)):
        path.with_suffix(".mo").write_bytes(compiled(path))
        print(f"{_rel(path.with_suffix('.mo'))} written")


def _fields(text: str) -> set[str]:
    """The str.format fields of a text, and its printf-style ones (argparse's %(prog)s, %s)."""
    import string

    percent = set(re.findall(r"%(?:\(\w+\))?[sdr]", text))
    try:
        return percent | {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError:
        return percent | {"<unbalanced braces>"}


_MARKERS = re.compile(r"%\d+")
_TAGS = re.compile(r"</?(?:a|b|br|code|div|em|font|h\d|hr|i|img|li|nobr|ol|p|pre|small|span|strong|sub|sup|table|"
                   r"td|th|tr|tt|u|ul)\b[^>]*>")


def _markup_problems(source: str, strings: tuple[str, ...] | list[str]) -> list[str]:
    """A translation that loses or adds a widget's ``%1`` marker or an HTML tag, or a short label's
    keyboard accelerator (``&File`` -> ``&Archivo``)."""
    out = []
    for s in strings:
        if sorted(set(_MARKERS.findall(source))) != sorted(set(_MARKERS.findall(s))):
            out.append(f"the translation changes the %1 markers ({s!r})")
        if sorted(_TAGS.findall(source)) != sorted(_TAGS.findall(s)):
            out.append(f"the translation changes the HTML tags ({s!r})")
        if _ACCELERATOR.search(source) and len(source) < 40 and not _ACCELERATOR.search(s):
            out.append(f"the translation loses the keyboard accelerator ({s!r})")
    return out


#: an accelerator: "&" before a letter ("&&" is a literal ampersand, "&amp;" an entity)
_ACCELERATOR = re.compile(r"(?<!&)&(?!&)(?![a-z]+;)\w")


def problems() -> list[str]:
    """What is wrong with the catalogs: each a line naming the file and the message."""
    out: list[str] = []
    for domain in DOMAINS:
        out.extend(_problems(domain))
    return out


GLOSSARY = LOCALE / "glossary.csv"
#: not words of a message: fields, Qt markers, markup, code, command-line options, identifiers
_NOT_WORDS = re.compile(r"\{[^}]*\}|%\d+|<[^>]*>|`[^`]*`|--[\w-]+|\b\w+(?:[_.]\w+)+\b")


@dataclass(frozen=True)
class Term:
    """One concept of the glossary and its term per language."""

    concept: str
    english: tuple[str, ...]  # the term, then its other forms
    spanish: tuple[str, ...]
    forbidden: tuple[str, ...] = ()  # Spanish variants that must not stand for the concept ("motor=engine")
    other_senses: str = ""  # English phrases where the word means something else
    contexts: tuple[str, ...] = ()  # only messages with one of these contexts
    notes: str = ""

    def banned(self, english: str) -> tuple[str, ...]:
        """The forbidden variants for a message with this English ("motor=engine": not where it says engine)."""
        out = []
        for item in self.forbidden:
            variant, _sep, unless = item.partition("=")
            if not (unless and self.says(english, (unless.strip(),))):
                out.append(variant.strip())
        return tuple(out)

    def says(self, text: str, forms: tuple[str, ...], plurals: bool = False) -> bool:
        """Whether ``text`` uses one of ``forms`` as a word (with a Spanish plural ending if ``plurals``)."""
        ending = "(?:s|es)?" if plurals else ""
        return any(re.search(rf"(?<!\w){re.escape(f)}{ending}(?!\w)", text, re.IGNORECASE) for f in forms)


def _split(cell: str | None) -> tuple[str, ...]:
    return tuple(x.strip() for x in (cell or "").split(";") if x.strip())


def read_glossary(path: Path = GLOSSARY) -> list[Term]:
    with path.open(encoding="utf-8", newline="") as fh:
        return [Term(row["concept"].strip(), _split(row["english"]), _split(row["spanish"]), _split(row.get("forbidden")),
                     (row.get("other_senses") or "").strip(), _split(row.get("contexts")), (row.get("notes") or "").strip())
                for row in csv.DictReader(fh) if (row.get("concept") or "").strip()]


def _words(text: str) -> str:
    return _NOT_WORDS.sub(" ", text)


def glossary_problems(cat: Catalog, terms: list[Term], rel: str) -> list[str]:
    """Each message whose English names a concept and whose translation does not use the glossary's
    term for it, or uses a variant the glossary forbids."""
    out: list[str] = []
    for m in cat:
        if not m.id or not _done(m):
            continue
        sources = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        for term in terms:
            if term.contexts and m.context not in term.contexts:
                continue
            english = " ".join(sources)
            if term.other_senses:
                english = re.sub(term.other_senses, " ", english, flags=re.IGNORECASE)
            english = _words(english)
            if not term.says(english, term.english):
                continue
            banned = term.banned(english)
            for s in strings:
                spanish = _words(s)
                if banned and term.says(spanish, banned, plurals=True):
                    out.append(f"{rel}: glossary: {term.concept!r} is {term.spanish[0]!r}, not a variant of "
                               f"{', '.join(banned)}: {m.id!r} -> {s!r}")
                elif not term.says(spanish, term.spanish, plurals=True):
                    out.append(f"{rel}: glossary: {term.concept!r} is {term.spanish[0]!r}: {m.id!r} -> {s!r}")
    return out


def _problems(domain: str) -> list[str]:
    out: list[str] = []
    pot = template(domain)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in pot if m.id}
    for path in po_files(domain):
        rel = _rel(path)
        cat = _read(path)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in cat if m.id}
        for key in sorted(wanted - have, key=str):
            out.append(f"{rel}: not in the catalog (run tools/i18n.py update): {key[0]!r}")
        if domain != "argparse":  # argparse's words of another Python version are kept
            for key in sorted(have - wanted, key=str):
                out.append(f"{rel}: obsolete, no code uses it (run tools/i18n.py update): {key[0]!r}")
        for m in cat.obsolete.values():
            out.append(f"{rel}: obsolete entry {m.id!r}")
        for m in cat:
            if not m.id:
                continue
            if m.fuzzy:
                out.append(f"{rel}: fuzzy (check the translation, then remove the flag): {m.id!r}")
            elif not _done(m):
                out.append(f"{rel}: untranslated: {m.id!r}")
            else:
                sources = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
                strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
                want = set().union(*(_fields(s) for s in sources))
                for s in strings:
                    if _fields(s) - want:
                        out.append(f"{rel}: the translation names fields the source has not "
                                   f"({sorted(_fields(s) - want)}): {m.id!r}")
                out.extend(f"{rel}: {p}: {m.id!r}" for p in _markup_problems(sources[0], strings))
        if domain == DOMAIN and path.parents[1].name == "es" and GLOSSARY.exists():
            out.extend(glossary_problems(cat, read_glossary(GLOSSARY), rel))
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(path):
            out.append(f"{_rel(mo)}: not a fresh compile of its .po "
                       "(run tools/i18n.py compile)")
    return out


def _stage(path: Path, stage: int) -> Catalog | None:
    """One side of a conflicted file from the git index (2: ours, 3: theirs), or None."""
    import subprocess

    rel = path.relative_to(ROOT).as_posix()
    proc = subprocess.run(["git", "show", f":{stage}:{rel}"], cwd=ROOT, capture_output=True)
    if proc.returncode != 0:
        return None
    return read_po(io.BytesIO(proc.stdout), locale=path.parents[1].name, domain=path.stem)


def resolve() -> int:
    """Resolve merge conflicts in the catalogs, message by message against the common ancestor: a
    translation only one side changed is that side's; where both sides changed it differently,
    ours is kept and the message listed. Then update from the merged code and compile."""
    clashes = 0
    for domain in DOMAINS:
        for path in po_files(domain):
            ours, theirs, base = _stage(path, 2), _stage(path, 3), _stage(path, 1)
            if ours is None or theirs is None:
                continue  # not conflicted
            for m in theirs:
                if not m.id or not _done(m):
                    continue
                mine = ours.get(m.id, m.context)
                was = base.get(m.id, m.context) if base is not None else None
                before = was.string if was is not None and _done(was) else None
                if mine is None or not _done(mine):
                    ours[m.id] = m
                elif mine.string == m.string or m.string == before:
                    continue  # the same, or only ours changed it
                elif mine.string == before:
                    mine.string = m.string  # only theirs changed it
                else:
                    clashes += 1
                    print(f"{_rel(path)}: both sides translate {m.id!r}: kept ours {mine.string!r}, "
                          f"not {m.string!r}")
            _write(ours, path)
            print(f"{_rel(path)}: joined both sides")
    update()
    compile_all()
    return 1 if clashes else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "update", "compile", "check", "resolve"))
    parser.add_argument("--domain", choices=tuple(DOMAINS), default=DOMAIN, help="for extract")
    args = parser.parse_args(argv)
    if args.action == "extract":
        buf = io.BytesIO()
        write_po(buf, template(args.domain), width=WIDTH, sort_output=True, include_lineno=False)
        sys.stdout.write(buf.getvalue().decode("utf-8"))
    elif args.action == "update":
        update()
    elif args.action == "compile":
        compile_all()
    elif args.action == "resolve":
        return resolve()
    else:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "catalogs complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
