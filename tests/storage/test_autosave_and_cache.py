"""The autosave store (crash recovery) and the start-up cache of parsed workspaces."""

from __future__ import annotations

from pathlib import Path

import pytest

from deepdecide.domain.errors import LocatedError
from deepdecide.storage.autosave import Autosaver
from deepdecide.storage.files import load_builtin_workspace, load_workspace
from deepdecide.storage.workspace_cache import cache_key, load_workspace_cached

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


def test_workspace_cache_is_exact_and_invalidated_by_changes(tmp_path):
    src = SMALL
    path = tmp_path / "w.deepdecide.yaml"
    path.write_bytes(src.read_bytes())
    cache = tmp_path / "cache"
    first = load_workspace_cached(path, cache)
    assert first == load_workspace(path)
    (entry,) = cache.glob("*.json")
    assert entry.stem == cache_key(path)
    assert load_workspace_cached(path, cache) == first  # from the cache
    path.write_text(src.read_text(encoding="utf-8").replace("Test decision", "Changed"), encoding="utf-8")
    assert load_workspace_cached(path, cache).decision.title == "Changed"
    # a damaged entry falls back to the validating load
    for e in cache.glob("*.json"):
        e.write_text("{not json")
    assert load_workspace_cached(path, cache).decision.title == "Changed"
    # a bad file still raises the located error
    path.write_text("kind: workspace\nname: [", encoding="utf-8")
    with pytest.raises(LocatedError) as info:
        load_workspace_cached(path, cache)
    assert info.value.file.endswith("w.deepdecide.yaml")


def test_the_cache_names_take_the_digests_of_hashlib_sha256():
    import hashlib

    from deepdecide.storage import diskcache

    for data in (b"", b"abc", bytes(range(256)) * 1000):
        assert diskcache.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
        h, g = diskcache.sha256(), hashlib.sha256()
        for part in (data[:7], data[7:]):
            h.update(part)
            g.update(part)
        assert h.digest() == g.digest()


def test_naming_a_kept_answer_does_not_load_openssl(tmp_path):
    """``validate`` names its kept answer and the built-in data's entries without ``hashlib`` (which
    loads OpenSSL at every start): CPython's lean SHA-256 module, as ``random`` takes its SHA-512."""
    import os
    import subprocess
    import sys

    sample = Path(__file__).resolve().parents[2] / "data" / "samples" / "deepseek-v4.1-flash.deepdecide.yaml"
    code = ("import sys, io, contextlib\nfrom deepdecide.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['validate', sys.argv[1]])\n"
            "print('hashlib' in sys.modules, '_hashlib' in sys.modules)")
    env = {**os.environ, "DEEPDECIDE_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # the first run keeps the built-in data, the second reads it back
        out = subprocess.run([sys.executable, "-c", code, str(sample)], capture_output=True, text=True, env=env,
                             check=True)
        assert out.stdout.split() == ["False", "False"], out.stdout + out.stderr


def test_reading_a_workspace_pauses_the_collector_and_resumes_it(tmp_path):
    import gc

    from deepdecide.storage.files import load_workspace_text, workspace_to_yaml

    seen = []
    ws = load_builtin_workspace()
    real = gc.disable
    was = gc.isenabled()  # the GUI tests turn automatic collection off for their session

    def watch():
        seen.append(gc.isenabled())
        real()

    gc.enable()
    try:
        gc.disable = watch  # type: ignore[assignment]
        try:
            assert load_workspace_text(workspace_to_yaml(ws)) == ws
        finally:
            gc.disable = real  # type: ignore[assignment]
        assert seen == [True] and gc.isenabled()
        with pytest.raises(LocatedError):
            load_workspace(tmp_path / "missing.deepdecide.yaml")
        assert gc.isenabled()  # resumed after an error too
        gc.disable()  # as the GUI keeps it (gui.app.create_app): left off
        with pytest.raises(LocatedError):
            load_workspace(tmp_path / "missing.deepdecide.yaml")
        assert load_workspace_text(workspace_to_yaml(ws)) == ws
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_tree_stamp_lists_what_os_walk_finds(tmp_path):
    import os

    from deepdecide.storage import diskcache

    (tmp_path / "b" / "c").mkdir(parents=True)
    (tmp_path / "a").mkdir()
    (tmp_path / "__pycache__").mkdir()
    for name in ("z.py", "a.py", "b/x.yaml", "b/c/y.py", "a/w.py", "__pycache__/q.py", "note.txt"):
        (tmp_path / name).write_text(name)
    os.symlink(tmp_path / "b", tmp_path / "link")  # a linked folder: not walked, as os.walk does
    os.symlink(tmp_path / "gone.py", tmp_path / "broken.py")

    expected: list[str] = []
    for root, dirs, names in os.walk(tmp_path):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for n in sorted(names):
            if n.endswith((".py", ".yaml")):
                p = os.path.join(root, n)
                try:
                    st = os.stat(p)
                except OSError:
                    expected.append(f"{p}:?")
                    continue
                expected.append(f"{p}:{st.st_size}:{st.st_mtime_ns}")
    assert diskcache.tree_stamp([tmp_path], (".py", ".yaml")) == expected
    assert any(e.endswith("broken.py:?") for e in expected) and len(expected) == 6
    before = diskcache.code_digest()
    assert before == diskcache.code_digest()
