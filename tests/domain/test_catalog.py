"""The gettext catalogs (data/locale): complete, current, and compiled from their .po."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_message_is_translated_current_and_compiled(tool):
    """Fails on a marked string missing from a catalog, an obsolete, untranslated or fuzzy entry, a
    translation naming fields its source has not, or a .mo that is not a fresh compile of its .po
    (fix: `python tools/i18n.py update`, translate, `python tools/i18n.py compile`)."""
    assert tool.po_files(), "no Spanish catalog"
    assert tool.problems() == []


def test_a_stale_or_incomplete_catalog_is_reported(tool, tmp_path, monkeypatch):
    src = ROOT / "data" / "locale" / "es" / "LC_MESSAGES"
    dst = tmp_path / "es" / "LC_MESSAGES"
    shutil.copytree(src, dst)
    po = dst / "deepdecide.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgstr "interrumpido"', 'msgstr ""')  # untranslated, and the .mo is now stale
    text += '\nmsgid "a string no code uses"\nmsgstr "una cadena que no usa nadie"\n'
    text += '\n#, fuzzy\nmsgid "another"\nmsgstr "otra"\n'
    po.write_text(text, encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    found = "\n".join(tool.problems())
    assert "untranslated: 'interrupted'" in found
    assert "obsolete, no code uses it" in found and "a string no code uses" in found
    assert "fuzzy" in found
    assert "deepdecide.mo: not a fresh compile" in found


def test_the_extractor_finds_templates_counts_and_contexts(tool):
    source = '''
from deepdecide.domain.i18n import _, N_, ngettext, pgettext
from deepdecide.domain import formatting
from deepdecide.domain.messages import msg
HELP = N_("a help text")
m = msg("cap.x", "capacity {value} "
        "at {load}", value=1, load=2)
n = formatting.count(3, "draw")
o = formatting.count(3, "analysis", "analyses")
p = ngettext("{n} file", "{n} files", 2)
q = pgettext("table header", "rank")
r = _(f"not {m}")   # an f-string is never a key
s = _(variable)     # nor a variable
'''
    found = {(f.message, f.plural, f.context, f.comment) for f in tool.extract_source(source, "x.py")}
    assert found == {
        ("a help text", None, None, None),
        ("capacity {value} at {load}", None, None, "id: cap.x"),
        ("draw", "draws", None, None),
        ("analysis", "analyses", None, None),
        ("{n} file", "{n} files", None, None),
        ("rank", None, "table header", None),
    }


def test_a_translation_that_loses_a_marker_a_tag_or_an_accelerator_is_reported(tool, tmp_path, monkeypatch):
    """The widgets' texts keep their ``%1`` markers (filled by fmt), their HTML and a menu's
    keyboard accelerator in every language."""
    src = ROOT / "data" / "locale" / "es" / "LC_MESSAGES"
    dst = tmp_path / "es" / "LC_MESSAGES"
    shutil.copytree(src, dst)
    po = dst / "deepdecide.po"
    text = po.read_text(encoding="utf-8")
    for old, new in (('msgstr "&Archivo"', 'msgstr "Archivo"'), ('msgstr "Guardado %1"', 'msgstr "Guardado"'),
                     ('msgstr "<b>n.º %1</b>"', 'msgstr "n.º %1"')):
        assert old in text
        text = text.replace(old, new)
    po.write_text(text, encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    found = "\n".join(tool.problems())
    assert "loses the keyboard accelerator ('Archivo'): '&File'" in found
    assert "changes the %1 markers ('Guardado'): 'Saved %1'" in found
    assert "changes the HTML tags ('n.º %1'): '<b>#%1</b>'" in found


def test_resolve_takes_the_side_that_changed_a_translation(tool, tmp_path, monkeypatch):
    """A merge conflict in the .po: a translation only one side changed is that side's (a glossary
    fix on a branch is not undone by the other side's unchanged words); both changed: ours, listed."""
    import subprocess

    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", *args], cwd=tmp_path,
                       check=True, capture_output=True)

    po = tmp_path / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po"
    po.parent.mkdir(parents=True)
    head = ('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
            '"Content-Type: text/plain; charset=utf-8\\n"\n\n')

    def write(**strings):
        po.write_text(head + "".join(f'msgid "{k}"\nmsgstr "{v}"\n\n' for k, v in strings.items()), encoding="utf-8")

    git("init", "-q", "-b", "main")
    write(a="a0", b="b0", c="c0", d="d0")
    git("add", "-A")
    git("commit", "-qm", "base")
    git("checkout", "-qb", "theirs")
    write(a="a0", b="b-theirs", c="c-theirs", d="d0", e="e-theirs")
    git("commit", "-qam", "theirs")
    git("checkout", "-q", "main")
    write(a="a-ours", b="b0", c="c-ours", d="d0")
    git("commit", "-qam", "ours")
    subprocess.run(["git", "merge", "-q", "theirs"], cwd=tmp_path, capture_output=True)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "LOCALE", tmp_path / "data" / "locale")
    monkeypatch.setattr(tool, "update", lambda: None)
    monkeypatch.setattr(tool, "compile_all", lambda: None)
    monkeypatch.setattr(tool, "DOMAINS", {"deepdecide": tool.DOMAINS["deepdecide"]})
    assert tool.resolve() == 1  # c: both changed it
    merged = {m.id: m.string for m in tool._read(po) if m.id}
    assert merged == {"a": "a-ours", "b": "b-theirs", "c": "c-ours", "d": "d0", "e": "e-theirs"}
