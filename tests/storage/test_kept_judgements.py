"""Each evidence file's judgement against the workload is kept in the evidence store by the save that
writes the file, and a later process takes it from there instead of judging the file again; a
changed workload (or options, matrix, code version) judges again; a judgement that is missing, of
another key or unreadable is worked out afresh, never an error (docs/evidence-store.md)."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

import deepdecide
from deepdecide.analysis import engine, evaluate, summary, to_data
from deepdecide.analysis import evidence as ev
from deepdecide.cli.main import main
from deepdecide.domain.slo import SLO
from deepdecide.storage import evidence_store
from deepdecide.storage.files import load_workspace, sample_workspace_path, save_workspace


def _forget() -> None:
    engine.forget()


@pytest.fixture(autouse=True)
def _nothing_kept():
    _forget()
    yield
    _forget()


@pytest.fixture
def stored(tmp_path):
    path = tmp_path / "team.deepdecide.yaml"
    shutil.copyfile(sample_workspace_path("en"), path)
    assert main(["convert", str(path)]) == 0
    _forget()  # as in a new process: nothing judged in memory
    return path


def _store(path):
    return path.parent / evidence_store.stored_name(path)


def _counting(monkeypatch):
    calls = []
    for name in ("judge_run", "judge_check"):
        real = getattr(summary, name)
        monkeypatch.setattr(summary, name, lambda *a, _real=real, **k: calls.append(1) or _real(*a, **k))
    return calls


def _unkept(path):
    """The workspace at ``path`` read as if its store kept no judgement."""
    ws = load_workspace(path)
    evidence_store._JUDGEMENTS.clear()
    return ws


def _fits(ws):
    return [dataclasses.astuple(f) for f in ev.EvidenceIndex.build(ws).fits]


_SECOND = r"""
import dataclasses, json, sys
from deepdecide.analysis import evaluate, summary, to_data
from deepdecide.analysis import evidence as ev
from deepdecide.storage.files import load_workspace
calls = []
for name in ("judge_run", "judge_check"):
    real = getattr(summary, name)
    setattr(summary, name, lambda *a, _real=real, **k: calls.append(1) or _real(*a, **k))
ws = load_workspace(sys.argv[1])
kept = to_data(evaluate(ws))
n = len(calls)
summary.clear(); ev.forget_indexes()
from deepdecide.domain import summaries
summaries._LOOKUP.clear()  # nothing kept: every file judged afresh
fresh = to_data(evaluate(load_workspace(sys.argv[1])))
print(json.dumps({"calls": n, "afresh": len(calls) - n, "same": kept == fresh}))
"""


def test_a_second_process_takes_the_judgements_from_the_store(stored):
    conn = sqlite3.connect(_store(stored))
    try:
        kept = dict(conn.execute("SELECT sha256, data FROM summaries"))
        meta = dict(conn.execute("SELECT key, value FROM meta"))
    finally:
        conn.close()
    ws = load_workspace(stored)
    assert set(kept) == {f.provenance.sha256 for f in ws.evidence.files}  # every file judged by the save
    assert meta[evidence_store.SUMMARY_KEY] == summary.context_key(ws)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", _SECOND, str(stored)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["calls"] == 0  # not one run or check judged again
    assert got["afresh"] > 0 and got["same"]  # and the evaluation equals one that judges everything


def test_kept_judgements_equal_fresh_ones_and_a_changed_workload_judges_again(stored, monkeypatch):
    ws = load_workspace(stored)
    calls = _counting(monkeypatch)
    kept = _fits(ws)
    assert calls == []
    _forget()
    assert _fits(_unkept(stored)) == kept  # judged afresh: the very same fits
    assert calls
    # the workload changed (not saved yet): the kept judgements are of another key, every file judged
    _forget()
    calls.clear()
    ws = load_workspace(stored)
    other = dataclasses.replace(ws, workload=dataclasses.replace(ws.workload, aliases=()))
    assert summary.context_key(other) != summary.context_key(ws)
    n_items = sum(len(f.runs) + len(f.parity) for f in ws.evidence.files)
    assert to_data(evaluate(other))
    assert len(calls) == n_items
    # the SLO is no part of the key (it is applied after, to the judged runs): nothing judged again,
    # and the evaluation equals one that keeps nothing
    _forget()
    calls.clear()
    ws = load_workspace(stored)
    looser = dataclasses.replace(ws, slo=SLO({**dict(ws.slo.values), "tpot_p99_ms": 80.0}))
    got = to_data(evaluate(looser))
    assert calls == []
    _forget()
    evidence_store._JUDGEMENTS.clear()  # (the same file objects: judged afresh)
    assert to_data(evaluate(looser)) == got


def test_a_save_after_a_workload_change_keeps_the_new_judgements(stored, monkeypatch):
    ws = load_workspace(stored)
    other = dataclasses.replace(ws, workload=dataclasses.replace(ws.workload, aliases=()))
    save_workspace(other, stored)
    conn = sqlite3.connect(_store(stored))
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        n = conn.execute("SELECT count(*) FROM summaries").fetchone()[0]
    finally:
        conn.close()
    assert meta[evidence_store.SUMMARY_KEY] == summary.context_key(other) and n == len(ws.evidence.files)
    _forget()
    calls = _counting(monkeypatch)
    evaluate(load_workspace(stored))
    assert calls == []


def test_another_version_judges_again(stored, monkeypatch):
    calls = _counting(monkeypatch)
    monkeypatch.setattr(deepdecide, "__version__", deepdecide.__version__ + ".dev1")
    evaluate(load_workspace(stored))
    assert calls


def test_an_unreadable_judgement_is_judged_again_never_an_error(stored, monkeypatch):
    ws = load_workspace(stored)
    key, texts = evidence_store._JUDGEMENTS[0]
    first = ws.evidence.files[0].provenance.sha256
    evidence_store._JUDGEMENTS[0] = (key, {**texts, first: "{not json"})
    calls = _counting(monkeypatch)
    broken = to_data(evaluate(ws))
    assert len(calls) == len(ws.evidence.files[0].runs) + len(ws.evidence.files[0].parity)
    _forget()
    assert to_data(evaluate(_unkept(stored))) == broken


def test_a_row_written_by_any_writer_drops_its_judgement(stored):
    """A version that knows nothing of judgements patches rows only: the store's triggers drop the
    judgement of every row it writes or removes, so none is ever read beside another row."""
    copy = stored.parent / "copy.sqlite"
    shutil.copyfile(_store(stored), copy)
    conn = sqlite3.connect(copy)
    try:
        shas = [r[0] for r in conn.execute("SELECT sha256 FROM files ORDER BY position")]
        conn.execute("UPDATE files SET data = data || ' ' WHERE sha256 = ?", (shas[0],))
        conn.execute("UPDATE files SET position = -1 WHERE sha256 = ?", (shas[1],))  # a move keeps it
        conn.execute("INSERT OR REPLACE INTO files SELECT * FROM files WHERE sha256 = ?", (shas[2],))
        conn.commit()
        left = {r[0] for r in conn.execute("SELECT sha256 FROM summaries")}
        conn.execute("DELETE FROM files WHERE sha256 = ?", (shas[1],))
        conn.commit()
        after = {r[0] for r in conn.execute("SELECT sha256 FROM summaries")}
    finally:
        conn.close()
    assert left == set(shas) - {shas[0], shas[2]}
    assert after == left - {shas[1]}


def test_a_store_without_judgements_opens_and_evaluates(stored, monkeypatch):
    """A store written before judgements were kept (or by a process that did not load the analysis)."""
    from deepdecide.domain import summaries

    ws = load_workspace(stored)
    monkeypatch.setattr(summaries, "_SUMMARIZER", [])
    save_workspace(ws, stored.parent / "other.deepdecide.yaml", stored=True)
    other = stored.parent / "other.deepdecide.yaml"
    conn = sqlite3.connect(_store(other))
    try:
        assert conn.execute("SELECT count(*) FROM summaries").fetchone()[0] == 0
    finally:
        conn.close()
    monkeypatch.undo()
    _forget()
    assert to_data(evaluate(load_workspace(other))) == to_data(evaluate(ws))


def test_a_judgement_reads_back_equal_with_every_kind_of_parameter():
    from deepdecide.analysis.assessment import Applicability, EvidenceFit
    from deepdecide.domain.evidence import ParityKind
    from deepdecide.domain.messages import Amount, Day, Quoted, msg, msgn

    ws = load_workspace(sample_workspace_path())
    f = next(x for x in ws.evidence.files if x.runs)
    reasons = (msg("a", "{x} {y} {z} {w} {v}", x=Amount(1.5, "USD/GPU-h", True, 1.0, float("inf")), y=Day("2026-11-29"),
                   z=Quoted("their words", as_of=True), w=(1, 2.0, "three", None, True), v=float("nan")),
               msgn("b", "{n} run", "{n} runs", "n", n=3), msg("c", "{inner}", inner=msg("d", "plain")))
    fits = tuple(EvidenceFit(f.provenance.file_name, 4, i, "run", f"run {i}", "vllm", "nv-h100", "own",
                             Applicability.PROXY, reasons, ("keep-vllm-h100",), ("capacity",), (0.5, 0.7, 1.0))
                 for i in range(len(f.runs)))
    got = summary.FileSummary(f, 4, ("nv-h100",) * len(f.runs), fits, (), ())
    back = summary._decode(summary.encode(got), f, 4, {})
    assert back is not None and back.run_fits[0].reasons[1:] == reasons[1:]
    assert repr(back) == repr(got)  # (NaN is equal to nothing: compared as written)
    assert summary._decode(summary.encode(got), f, 5, {}).run_fits[0].file_index == 5  # its place, not kept
    coded = dataclasses.replace(fits[0], reasons=(msg("e", "{kind}", kind=ParityKind.GREEDY_MATCH),))
    with pytest.raises(TypeError):  # a coded value renders as its word: not kept, judged each time
        summary.encode(summary.FileSummary(f, 4, got.platform_ids, (coded, *fits[1:]), (), ()))
