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


def test_a_save_encodes_only_the_changed_files_and_writes_the_store_a_full_save_writes(stored, tmp_path,
                                                                                       monkeypatch):
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
    save_workspace(edited, stored)
    # the files read from the store keep their rows: only the changed one is encoded
    assert [o for o in encoded if o.__class__ is f.__class__] == [changed]
    monkeypatch.undo()
    # the same store bytes as a save that encodes every file afresh
    evidence_store._ROWS.clear()
    fresh = tmp_path / "fresh" / "team.deepdecide.yaml"
    fresh.parent.mkdir()
    save_workspace(edited, fresh, stored=True)
    ours = (stored.parent / evidence_store.stored_name(stored)).read_bytes()
    assert ours == (fresh.parent / evidence_store.stored_name(fresh)).read_bytes()
    assert stored.read_text() == fresh.read_text()  # the YAML too (the store's name is in it)
    assert files.canonical_json(load_workspace(stored)) == files.canonical_json(edited)
    assert _stores(stored) == [evidence_store.stored_name(stored)]
