"""The autosave store (crash recovery) and the one cache of results kept between runs (storage.cache)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from deepdecide.domain.errors import LocatedError
from deepdecide.storage import cache
from deepdecide.storage.autosave import Autosaver, Recovery
from deepdecide.storage.cache import load_workspace_cached, workspace_key
from deepdecide.storage.files import load_builtin_workspace, load_workspace

SMALL = Path(__file__).resolve().parents[1] / "fixtures" / "gui" / "small.deepdecide.yaml"


def test_autosave_round_trip_and_discard(tmp_path):
    builtin_workspace = load_builtin_workspace()
    saver = Autosaver(tmp_path / "auto")
    assert saver.leftovers() == []
    original = str(tmp_path / "mine.deepdecide.yaml")
    copy = saver.save(builtin_workspace, original)
    assert copy.exists()
    (found,) = saver.leftovers()
    assert found.original == original and found.saved_at
    assert saver.load(found) == builtin_workspace
    saver.discard(original)
    assert saver.leftovers() == []
    assert not any(Path(tmp_path / "auto").iterdir())


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The cache folder of this test (``DEEPDECIDE_CACHE_DIR``)."""
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_workspace_cache_is_exact_and_invalidated_by_changes(tmp_path, folder, monkeypatch):
    src = SMALL
    path = tmp_path / "w.deepdecide.yaml"
    path.write_bytes(src.read_bytes())
    first = load_workspace_cached(path)
    assert first == load_workspace(path)
    (entry,) = (folder / cache.WORKSPACES).glob("*.json")
    assert entry.name == workspace_key(path) + ".json"
    with monkeypatch.context() as m:  # from the cache: the file is not parsed
        m.setattr(cache, "load_workspace", lambda *a, **k: pytest.fail("parsed again"))
        assert load_workspace_cached(path) == first
    path.write_text(src.read_text(encoding="utf-8").replace("Test decision", "Changed"), encoding="utf-8")
    assert load_workspace_cached(path).decision.title == "Changed"
    assert len(list((folder / cache.WORKSPACES).glob("*.json"))) == 2
    # a damaged entry, or one of another shape, falls back to the validating load
    for e in (folder / cache.WORKSPACES).glob("*.json"):
        e.write_text("{not json")
    assert load_workspace_cached(path).decision.title == "Changed"
    for e in (folder / cache.WORKSPACES).glob("*.json"):
        e.write_text('{"kind": "workspace", "options": 3}')
    assert load_workspace_cached(path).decision.title == "Changed"
    # a bad file still raises the located error, and nothing is kept of it
    path.write_text("kind: workspace\nname: [", encoding="utf-8")
    before = sorted((folder / cache.WORKSPACES).iterdir())
    with pytest.raises(LocatedError) as info:
        load_workspace_cached(path)
    assert info.value.file.endswith("w.deepdecide.yaml")
    assert sorted((folder / cache.WORKSPACES).iterdir()) == before


def test_a_workspace_naming_built_in_data_is_named_by_those_files_too(tmp_path, folder, monkeypatch):
    from deepdecide.storage import files

    sample = files.sample_workspace_path()
    before = workspace_key(sample)
    data = tmp_path / "data"
    data.mkdir()
    for kind in files.KINDS.values():
        if kind.builtin_file:
            (data / kind.builtin_file).write_bytes((files.data_root() / kind.builtin_file).read_bytes())
    monkeypatch.setattr(cache, "data_root", lambda: data)
    assert workspace_key(sample) == before  # the same bytes
    matrix = data / files.KINDS["support-matrix"].builtin_file
    matrix.write_bytes(matrix.read_bytes() + b"\n# edited\n")
    assert workspace_key(sample) != before
    assert workspace_key(SMALL) == workspace_key(SMALL)


def test_the_deferred_write_keeps_the_entry_only_when_run(tmp_path, folder):
    deferred: list = []
    ws = load_workspace_cached(SMALL, defer=deferred.append)
    assert ws == load_workspace(SMALL) and len(deferred) == 1
    assert not (folder / cache.WORKSPACES).exists()
    deferred.pop()()
    assert [e.name for e in (folder / cache.WORKSPACES).iterdir()] == [workspace_key(SMALL) + ".json"]


def test_an_empty_setting_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.CACHE_ENV, "")
    monkeypatch.chdir(tmp_path)
    assert cache.root() is None
    assert load_workspace_cached(SMALL) == load_workspace(SMALL)
    cache.write("x", "y", b"z")
    assert cache.read("x", "y") is None
    assert list(tmp_path.iterdir()) == []


def test_the_folder_is_the_platforms_user_cache_folder(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv(cache.CACHE_ENV, raising=False)
    assert cache.root() == Path(platformdirs.user_cache_dir("deepdecide", appauthor=False))
    if sys.platform.startswith("linux"):  # the XDG base directory rule
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
        assert cache.root() == tmp_path / "xdg" / "deepdecide"
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "here"))
    assert cache.root() == tmp_path / "here"


def test_one_key_recipe_length_prefixed_with_the_code(monkeypatch):
    k = cache.key("kind", b"ab", b"c")
    assert k == cache.key("kind", b"ab", b"c") and len(k) == 64
    assert k != cache.key("kind", b"a", b"bc")  # the parts do not run together
    assert k != cache.key("kind", b"abc") != cache.key("kind", b"abc", b"")
    assert k != cache.key("other", b"ab", b"c")
    monkeypatch.setattr(cache, "_STAMP", [cache.code_stamp() + b"\0deepdecide/domain/common.py:1:2"])
    assert cache.key("kind", b"ab", b"c") != k  # an edited module names another entry


def test_a_parsed_workspace_is_the_same_in_every_language(tmp_path, folder):
    from deepdecide.domain import i18n

    english = load_workspace_cached(SMALL)
    with i18n.using("es"):
        assert workspace_key(SMALL) + ".json" in [e.name for e in (folder / cache.WORKSPACES).iterdir()]
        assert load_workspace_cached(SMALL) == english


def test_the_code_stamp_covers_every_module_and_data_file_but_the_gui():
    import deepdecide
    from deepdecide.storage import files

    stamp = cache._code_stamp()
    assert stamp[0] == deepdecide.__version__
    package = Path(deepdecide.__file__).parent
    named = {line.rsplit(":", 2)[0] for line in stamp if ":" in line}
    assert str(package / "storage" / "cache.py") in named
    assert str(package / "report" / "build.py") in named
    assert str(files.data_root() / "support_matrix.yaml") in named
    assert not any(f"{os.sep}gui{os.sep}" in n for n in named)
    assert not any("__pycache__" in n for n in named)
    assert len(stamp) == len(set(stamp))  # the data folder is walked once, in the package or beside it
    assert any(n.endswith(".dist-info") for n in stamp)  # the installed libraries


def test_each_folder_keeps_its_newest_entries(tmp_path, folder, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for i in range(5):
        cache.write("f", f"e{i}", bytes([i]))
        os.utime(folder / "f" / f"e{i}", ns=(i * 10**9, i * 10**9))
    assert sorted(p.name for p in (folder / "f").iterdir()) == ["e2", "e3", "e4"]
    assert cache.read("f", "e4") == b"\x04" and cache.read("f", "e0") is None


def test_a_cache_that_cannot_be_written_only_costs_the_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_bytes(b"not a folder")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker))
    cache.write("f", "e", b"x")  # no error
    assert cache.read("f", "e") is None
    assert load_workspace_cached(SMALL) == load_workspace(SMALL)
    assert blocker.read_bytes() == b"not a folder"


_OTHER_INSTANCE = """
import sys, time
from deepdecide.storage.autosave import Autosaver, Recovery
from deepdecide.storage.files import load_workspace
saver = Autosaver(sys.argv[1])
saver.save(load_workspace(sys.argv[2]), sys.argv[3], base_sha256="ab" * 32)
print(saver.instance, flush=True)
time.sleep(60)
"""


def test_a_running_instance_s_autosave_is_never_offered_nor_deleted_by_another(tmp_path):
    import subprocess

    folder = tmp_path / "auto"
    original = str(tmp_path / "theirs.deepdecide.yaml")
    proc = subprocess.Popen([sys.executable, "-c", _OTHER_INSTANCE, str(folder), str(SMALL), original],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        other = proc.stdout.readline().strip()
        (copy,) = folder.glob("*.deepdecide.yaml")
        me = Autosaver(folder)
        assert me.is_running(other) and me.leftovers() == []  # running: not offered
        mine = me.save(load_workspace(SMALL), str(tmp_path / "mine.deepdecide.yaml"))
        assert [r.copy for r in me.leftovers()] == [mine]  # its own copy is
        me.remove(Recovery(copy, original, "", instance=other))  # "No" to a copy of a running instance
        assert copy.exists() and copy.with_suffix(".json").exists()
        me.discard(str(tmp_path / "mine.deepdecide.yaml"))
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
    # the instance crashed: its copy is offered, with the file and the content its edits started from
    (found,) = me.leftovers()
    assert (found.copy, found.original, found.base_sha256, found.instance) == (copy, original, "ab" * 32, other)
    me.remove(found)
    assert sorted(p.name for p in folder.iterdir()) == []


def test_an_autosave_copy_of_an_older_version_is_still_offered(tmp_path):
    folder = tmp_path / "auto"
    folder.mkdir()
    (folder / "0123456789abcdef.deepdecide.yaml").write_bytes(SMALL.read_bytes())
    (folder / "0123456789abcdef.deepdecide.json").write_text('{"original": "/x/w.deepdecide.yaml", "saved_at": "t"}')
    (found,) = Autosaver(folder).leftovers()
    assert (found.original, found.base_sha256, found.instance) == ("/x/w.deepdecide.yaml", "", "")


def test_the_autosave_sidecar_is_written_atomically(tmp_path, monkeypatch):
    saver = Autosaver(tmp_path / "auto")
    original = str(tmp_path / "w.deepdecide.yaml")
    copy = saver.save(load_workspace(SMALL), original, base_sha256="1" * 64)
    sidecar = copy.with_suffix(".json")
    before = sidecar.read_bytes()

    def killed(fd):  # the write is cut short before it is complete
        raise OSError(5, "killed mid-write")

    monkeypatch.setattr(os, "fsync", killed)
    with pytest.raises(OSError):
        saver.save(load_workspace(SMALL), original, base_sha256="2" * 64)
    assert sidecar.read_bytes() == before  # the old sidecar, whole
    monkeypatch.undo()
    saver.discard(original)
