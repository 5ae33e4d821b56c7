"""The evidence store: a workspace's evidence in an SQLite file beside its YAML (docs/evidence-store.md)."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.errors import ValidationError
from deepdecide.report.build import build
from deepdecide.report.integrity import INTACT, verify
from deepdecide.storage import evidence_store
from deepdecide.storage.files import load_workspace, sample_workspace_path, save_workspace


@pytest.fixture
def single(tmp_path):
    path = tmp_path / "team.deepdecide.yaml"
    shutil.copyfile(sample_workspace_path("en"), path)
    return path


@pytest.fixture
def stored(single):
    assert main(["convert", str(single)]) == 0
    return single


def _stores(path):
    return sorted(p.name for p in path.parent.glob("*.sqlite"))


def test_convert_loses_nothing_and_back(single, tmp_path, capsys):
    before = load_workspace(single)
    assert len(before.evidence.files) >= 3
    assert main(["convert", str(single)]) == 0
    assert "evidence store" in capsys.readouterr().out
    text = single.read_text()
    assert "\n    runs:\n" not in text  # the runs live in the store, the decision stays in the YAML
    assert "options:" in text and "checklist:" in text and "signoffs:" in text
    (name,) = _stores(single)
    assert f"store: {name}" in text and evidence_store.stored_name(single) == name
    assert load_workspace(single) == before
    assert main(["convert", str(single), "--single"]) == 0
    assert _stores(single) == [] and "\n    runs:\n" in single.read_text()
    assert load_workspace(single) == before


def test_the_store_is_keyed_by_sha256_and_indexed(stored):
    ws = load_workspace(stored)
    (name,) = _stores(stored)
    conn = sqlite3.connect(stored.parent / name)
    try:
        keys = [r[0] for r in conn.execute("SELECT sha256 FROM files ORDER BY position")]
        names = {r[0] for r in conn.execute("SELECT DISTINCT name FROM attributes")}
    finally:
        conn.close()
    assert keys == [f.provenance.sha256 for f in ws.evidence.files]
    assert names <= set(evidence_store.ATTRIBUTES) and {"runtime", "platform", "workload_fit"} <= names
    for f in ws.evidence.files:
        for o in ws.options:
            attributed = any((r.runtime, r.platform) == (o.runtime, o.platform) for r in f.runs)
            if attributed:
                assert f.provenance.sha256 in evidence_store.query(stored, option=o.id)
    assert evidence_store.query(stored, runtime="no-such-runtime") == []


def test_saves_keep_the_form_and_leave_one_store(stored, shared_fixture):
    sweep = shared_fixture("benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json")
    old = _stores(stored)
    assert main(["import", str(sweep), "--into", str(stored), "--runtime", "vllm", "--platform", "h100",
                 "--gpus", "1", "--kind", "own"]) == 0
    ws = load_workspace(stored)
    assert ws.evidence.files[-1].provenance.file_name == sweep.name
    new = _stores(stored)
    assert len(new) == 1 and new != old  # a new store under a new name, the old one removed after
    assert "\n    runs:\n" not in stored.read_text()
    save_workspace(ws, stored)  # the same content: the same store, kept
    assert _stores(stored) == new


def test_report_on_a_stored_workspace_verifies(stored):
    pdf = build(load_workspace(stored))
    found = verify(pdf)
    assert found.status == INTACT, found.reasons


def test_diff_reads_both_forms(single, tmp_path, capsys):
    copy = tmp_path / "copy.deepdecide.yaml"
    shutil.copyfile(single, copy)
    assert main(["convert", str(copy)]) == 0
    capsys.readouterr()
    assert main(["diff", str(single), str(copy)]) == 0
    assert "same inputs" in capsys.readouterr().out


def test_a_missing_or_altered_store_is_named_and_nothing_changes(stored, capsys):
    (name,) = _stores(stored)
    store = stored.parent / name
    yaml_before = stored.read_bytes()
    data = bytearray(store.read_bytes())
    data[-1] ^= 1
    store.write_bytes(bytes(data))
    with pytest.raises(ValidationError) as exc:
        load_workspace(stored)
    assert exc.value.path == "evidence.store" and "SHA-256 differs" in exc.value.reason
    store.unlink()
    with pytest.raises(ValidationError) as exc:
        load_workspace(stored)
    assert "is missing" in exc.value.reason and str(stored) == exc.value.file
    assert main(["convert", str(stored), "--single"]) == 3
    assert name in capsys.readouterr().err
    assert stored.read_bytes() == yaml_before


def test_a_store_name_with_a_path_is_refused(stored):
    text = stored.read_text()
    (name,) = _stores(stored)
    stored.write_text(text.replace(f"store: {name}", f"store: ../{name}"))
    with pytest.raises(ValidationError) as exc:
        load_workspace(stored)
    assert exc.value.path == "evidence.store"


def test_a_large_single_file_workspace_is_offered_conversion(single, monkeypatch, capsys):
    monkeypatch.setattr(evidence_store, "CONVERT_HINT_FILES", 2)
    assert main(["validate", str(single)]) == 0
    assert f"deepdecide convert {single}" in capsys.readouterr().err
    assert main(["convert", str(single)]) == 0
    capsys.readouterr()
    assert main(["validate", str(single)]) == 0
    assert "deepdecide convert" not in capsys.readouterr().err


def _content(store):
    """A store's rows and attributes, as a reader sees them (not its bytes: a patched store keeps
    the free pages of the rows it replaced); ``store``: its path or an open connection."""
    conn = sqlite3.connect(store) if not isinstance(store, sqlite3.Connection) else store
    try:
        return (list(conn.execute("SELECT sha256, position, file_name, tool, runs, data FROM files ORDER BY position")),
                sorted(conn.execute("SELECT sha256, name, value FROM attributes")),
                dict(conn.execute("SELECT key, value FROM meta")),
                sorted(conn.execute("SELECT sha256, data FROM summaries")) if conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE name = 'summaries'").fetchone() else [])
    finally:
        if conn is not store:
            conn.close()


def _whole(ws):
    """The content of the store a save that keeps nothing from earlier writes makes for ``ws`` (the
    files' judgements with them, ``analysis.summary``)."""
    from deepdecide.storage import codec, files

    payload = evidence_store.build(ws.evidence.files, [files.store_attributes(ws, f) for f in ws.evidence.files],
                                   [evidence_store.row_text(codec.to_data(f, omit_defaults=True))
                                    for f in ws.evidence.files], files._judgements(ws))
    conn = sqlite3.connect(":memory:")
    conn.deserialize(payload)
    try:
        return _content(conn)
    finally:
        conn.close()


def test_a_save_encodes_only_the_changed_files_and_writes_only_what_changed(stored, tmp_path, monkeypatch):
    import dataclasses

    from deepdecide.storage import codec, files

    ws = load_workspace(stored)
    f = ws.evidence.files[1]
    changed = dataclasses.replace(f, provenance=dataclasses.replace(f.provenance, label="re-run on Monday"))
    edited = dataclasses.replace(ws, evidence=dataclasses.replace(
        ws.evidence, files=(ws.evidence.files[0], changed, *ws.evidence.files[2:])))
    encoded = []
    real = codec.to_data
    monkeypatch.setattr(codec, "to_data", lambda obj, **kw: encoded.append(obj) or real(obj, **kw))
    written = []
    real_apply = evidence_store._apply
    monkeypatch.setattr(evidence_store, "_apply", lambda *a: written.append(a[1]) or real_apply(*a))
    monkeypatch.setattr(evidence_store, "build", lambda *a: pytest.fail("the store was built whole"))
    save_workspace(edited, stored)
    # the files read from the store keep their rows: only the changed one is encoded
    assert [o for o in encoded if o.__class__ is f.__class__] == [changed]
    assert len(written) == 1  # the store read was patched, not built whole
    monkeypatch.undo()
    assert _content(stored.parent / evidence_store.stored_name(stored)) == _whole(edited)
    assert files.canonical_json(load_workspace(stored)) == files.canonical_json(edited)
    assert _stores(stored) == [evidence_store.stored_name(stored)]
    assert not [p for p in stored.parent.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_an_incremental_store_write_equals_a_whole_rewrite_on_reopen(stored, monkeypatch):
    """Files removed, appended, moved and changed, options and workload changed (every attribute
    worked out again): after each save the store holds what a whole rewrite holds, and reopens into
    the same workspace."""
    import dataclasses

    from deepdecide.storage import files

    patched = []
    real_apply = evidence_store._apply
    monkeypatch.setattr(evidence_store, "_apply", lambda *a: patched.append(a[6]) or real_apply(*a))
    ws = load_workspace(stored)
    a, b, c = ws.evidence.files[:3]
    relabelled = dataclasses.replace(b, provenance=dataclasses.replace(b.provenance, label="again"))
    steps = [
        lambda w: (c, a),  # one removed, two moved
        lambda w: (c, a, b),  # one appended
        lambda w: (relabelled, a, c),  # one changed in place and moved
        lambda w: (a,),  # two removed
        lambda w: (a, b, c),  # back
    ]
    for i, step in enumerate(steps):
        ws = load_workspace(stored) if i % 2 else ws  # the rows kept from a read or from the last write
        ws = dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=step(ws)))
        if i == 3:  # the attributes of every file change with the options and the workload
            first = dataclasses.replace(ws.options[0], platform="nv-b200")
            ws = dataclasses.replace(ws, options=(first, *ws.options[1:]),
                                     workload=dataclasses.replace(ws.workload, aliases=()))
        before = _content(stored.parent / evidence_store.stored_name(stored))
        save_workspace(ws, stored)
        after = _content(stored.parent / evidence_store.stored_name(stored))
        assert after == _whole(ws), i
        if i == 3:
            assert {x[1:] for x in after[1]} != {x[1:] for x in before[1]}
        kept = dict(evidence_store._ROWS), list(evidence_store._SOURCE), list(evidence_store._JUDGEMENTS)
        assert files.canonical_json(load_workspace(stored)) == files.canonical_json(ws), i  # (not the reopen's)
        evidence_store._ROWS.clear()
        evidence_store._ROWS.update(kept[0])
        evidence_store._SOURCE[:] = kept[1]
        evidence_store._JUDGEMENTS[:] = kept[2]
        assert _stores(stored) == [evidence_store.stored_name(stored)], i
    # every save patched the store it read or wrote; the attributes of every file were worked out
    # again after a read (the context they were written in unknown) and when the options changed,
    # else only those of the rows written
    assert patched == [False, False, True, False, True]


_KILLER = r"""
import dataclasses, os, signal, sqlite3, sys
from deepdecide.storage import evidence_store, files, yamlio
from deepdecide.storage.files import load_workspace, save_workspace
path, where = sys.argv[1], sys.argv[2]
ws = load_workspace(path)
f = ws.evidence.files[0]
changed = dataclasses.replace(f, provenance=dataclasses.replace(f.provenance, label="never saved"))
ws = dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=(*ws.evidence.files[1:], changed)))

def die(*_a, **_k):
    os.kill(os.getpid(), signal.SIGKILL)

if where == "rows":  # in the middle of writing the rows into the copy
    real = sqlite3.connect
    def connect(*a, **k):
        conn = real(*a, **k)
        conn.set_trace_callback(lambda sql: die() if sql.startswith("INSERT OR REPLACE") else None)
        return conn
    evidence_store.sqlite3 = type("M", (), {"connect": staticmethod(connect), "Error": sqlite3.Error})
elif where == "store":  # the copy written, before it takes its name
    evidence_store.os = type("M", (), {**{k: getattr(os, k) for k in dir(os) if not k.startswith("__")},
                                       "replace": staticmethod(die)})
elif where == "yaml":  # the new store in place, before the YAML names it
    files.atomic_write_bytes = die
save_workspace(ws, path)
print("not killed")
"""


@pytest.mark.parametrize("where", ["rows", "store", "yaml"])
def test_a_kill_mid_write_leaves_the_old_store(stored, where, tmp_path):
    import subprocess
    import sys

    from deepdecide.storage import files

    before_yaml = stored.read_bytes()
    before = files.canonical_json(load_workspace(stored))
    name = evidence_store.stored_name(stored)
    store_bytes = (stored.parent / name).read_bytes()
    out = subprocess.run([sys.executable, "-c", _KILLER, str(stored), where], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == -9, out.stdout + out.stderr
    assert stored.read_bytes() == before_yaml
    assert (stored.parent / name).read_bytes() == store_bytes
    assert files.canonical_json(load_workspace(stored)) == before
    # the next save clears what the killed one left (its temporary copy, or its new store), whether
    # it patches the store or builds it whole
    ws = load_workspace(stored)
    if where == "rows":
        evidence_store._SOURCE.clear()
    save_workspace(ws, stored)
    assert _stores(stored) == [evidence_store.stored_name(stored)]
    assert not [p for p in stored.parent.iterdir() if p.name.startswith(".") and "sqlite" in p.name]



def test_a_store_read_again_decodes_only_the_rows_it_has_not_read(stored, tmp_path, monkeypatch):
    """Two revisions that share their evidence (a diff, a reopen): the second read gets the very
    same file objects for the same rows, decodes only a changed one, and loads the same workspace."""
    import dataclasses

    from deepdecide.domain.evidence import EvidenceFile
    from deepdecide.storage import codec, files

    first = load_workspace(stored)
    other = tmp_path / "other" / stored.name
    other.parent.mkdir()
    f = first.evidence.files[1]
    changed = dataclasses.replace(f, provenance=dataclasses.replace(f.provenance, label="again"))
    save_workspace(dataclasses.replace(first, evidence=dataclasses.replace(
        first.evidence, files=(first.evidence.files[0], changed, *first.evidence.files[2:]))), other, stored=True)
    first = load_workspace(stored)
    decoded = []
    real = codec.from_data
    monkeypatch.setattr(codec, "from_data", lambda tp, *a, **k: (decoded.append(tp) if tp is EvidenceFile else None)
                        or real(tp, *a, **k))
    again = load_workspace(stored)
    assert decoded == [] and all(a is b for a, b in zip(again.evidence.files, first.evidence.files, strict=True))
    second = load_workspace(other)
    assert decoded == [EvidenceFile]  # the changed file alone
    assert second.evidence.files[0] is first.evidence.files[0] and second.evidence.files[1] == changed
    files._DECODED_ROWS.clear()
    monkeypatch.undo()
    assert load_workspace(other) == second and load_workspace(stored) == first
