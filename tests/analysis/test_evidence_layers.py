"""The evidence index is kept in layers between evaluations (the judged evidence; the parity gate
over it; the runs' judgements against the SLO): each layer is rebuilt exactly when what it depends
on changes, and an evaluation from kept layers equals one that keeps nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from analysis_factory import with_option, workspace

from deepdecide.analysis import engine, evaluate, summary, to_data
from deepdecide.analysis import evidence as ev
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import ParityKind
from deepdecide.domain.slo import SLO
from deepdecide.domain.workload import TokenRange, Workload


def _forget() -> None:
    engine._LAST_INDEX.clear()
    summary.clear()
    ev.forget_indexes()


def _fresh(ws):
    _forget()
    return to_data(evaluate(ws))


@pytest.fixture(autouse=True)
def _nothing_kept():
    _forget()
    yield
    _forget()


def _base():
    assert ev._BASE, "no base index kept"
    return ev._BASE[0][1]


BASE = workspace()
TIGHT_SLO = replace(BASE, slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=40, min_interactivity_tps_per_user=20,
                                  max_error_rate=0.01))
LOOSE_GATE = replace(BASE, required_parity=(ParityKind.LOGITS,))
OTHER_WORKLOAD = replace(BASE, workload=Workload(model="DeepSeek-V4.1-Flash",
                                                 output_tokens=TokenRange(100, 200)))
OTHER_PRICE = with_option(BASE, "buy-sm100-deepinfer", cost={"gpu_hour_usd": Estimate(2.5, 3.0, 3.5)})

#: each variant after the one before it, back and forth
SEQUENCE = (BASE, TIGHT_SLO, BASE, LOOSE_GATE, TIGHT_SLO, OTHER_PRICE, OTHER_WORKLOAD, BASE, LOOSE_GATE)


def test_the_variants_differ_where_they_should():
    """The test below means something: the SLO, the gate and the workload each change the figures."""
    base = _fresh(BASE)
    for other in (TIGHT_SLO, LOOSE_GATE, OTHER_WORKLOAD):
        assert _fresh(other) != base


def test_kept_layers_give_the_figures_of_a_fresh_evaluation():
    fresh = [_fresh(ws) for ws in SEQUENCE]
    _forget()
    kept = [to_data(evaluate(ws)) for ws in SEQUENCE]
    for ws, a, b in zip(SEQUENCE, kept, fresh, strict=True):
        assert a == b, ws


def test_an_slo_gate_or_price_change_keeps_the_judged_evidence():
    evaluate(BASE)
    base = _base()
    for ws in (TIGHT_SLO, LOOSE_GATE, OTHER_PRICE, BASE):
        evaluate(ws)
        assert _base() is base
    # the judgements of each SLO and the gate of each set of required kinds are kept with it
    assert set(base._slo_caches) == {BASE.slo, TIGHT_SLO.slo}
    assert set(base._gates) == {tuple(BASE.required_parity), tuple(LOOSE_GATE.required_parity)}


def test_a_workload_model_evidence_or_option_platform_change_judges_again():
    evaluate(BASE)
    for ws in (OTHER_WORKLOAD, replace(BASE, model="another model"),
               replace(BASE, evidence=replace(BASE.evidence, builds=())),
               with_option(BASE, "rtx-dev-only", platform="nv-h100")):
        _forget()
        evaluate(BASE)
        base = _base()
        evaluate(ws)
        assert _base() is not base


def test_an_slo_change_judges_the_runs_again():
    evaluate(BASE)
    idx = engine._LAST_INDEX[0][1]
    evaluate(TIGHT_SLO)
    tight = engine._LAST_INDEX[0][1]
    assert tight._slo_cache is not idx._slo_cache
    run = BASE.evidence.files[0].runs[2]  # concurrency 64: TPOT p99 45 ms
    assert idx.judgement(run, BASE.slo).meets
    assert not tight.judgement(run, TIGHT_SLO.slo).meets


def test_a_gate_change_gates_again():
    evaluate(BASE)
    gated = engine._LAST_INDEX[0][1]
    assert ("deepinfer", "nv-h100") in gated.parity_failed  # its greedy-match check failed
    evaluate(LOOSE_GATE)
    loose = engine._LAST_INDEX[0][1]
    assert not loose.parity_failed  # logits alone: inconclusive, not failed
    assert loose.fits is not gated.fits


def test_a_judgement_against_another_slo_is_never_kept_as_the_index_s():
    evaluate(BASE)
    idx = engine._LAST_INDEX[0][1]
    run = BASE.evidence.files[0].runs[2]  # concurrency 64: TPOT p99 45 ms
    assert not idx.judgement(run, TIGHT_SLO.slo).meets
    assert idx.judgement(run, BASE.slo).meets
    evaluate(TIGHT_SLO)
    assert not engine._LAST_INDEX[0][1].judgement(run, TIGHT_SLO.slo).meets


def test_a_workspace_read_again_is_not_judged_again(tmp_path, monkeypatch):
    """The same files read again (other objects, equal in every field) keep their judgements: found
    by their SHA-256; a file that differs in any field is judged again."""
    from dataclasses import replace as rep

    from deepdecide.analysis import applicability, summary
    from deepdecide.storage.files import load_workspace, save_workspace

    path = tmp_path / "w.deepdecide.yaml"
    save_workspace(BASE, path)
    first = load_workspace(path)
    expected = to_data(evaluate(first))
    judged = []
    real = applicability.judge_run
    # summary judges each run with the name it imported from applicability
    monkeypatch.setattr(summary, "judge_run", lambda *a: judged.append(a[4]) or real(*a))
    again = load_workspace(path)
    assert again.evidence.files[0] is not first.evidence.files[0]
    assert to_data(evaluate(again)) == expected
    assert judged == []
    f = again.evidence.files[0]
    changed = rep(f, runs=(rep(f.runs[0], model="another model"), *f.runs[1:]))
    other = rep(again, evidence=rep(again.evidence, files=(changed,)))
    kept = to_data(evaluate(other))
    assert len(judged) == len(f.runs)
    assert kept == _fresh(other)


def test_each_layer_keeps_a_few_the_latest_last():
    kept: dict[int, str] = {}
    for i in range(ev.KEPT_LAYERS + 3):
        ev._keep(kept, i, str(i))
    ev._keep(kept, 4, "again")
    assert list(kept) == [3, 5, 6, 4][-ev.KEPT_LAYERS:] and kept[4] == "again"


def _file(name, runs=(), checks=(), kind=None):
    from deepdecide.domain.evidence import EvidenceFile, Provenance, ProvenanceKind

    prov = Provenance(name, 100, name.encode().hex().ljust(64, "0")[:64], "vllm-bench",
                      kind=kind or ProvenanceKind.OWN)
    return EvidenceFile(prov, tuple(runs), tuple(checks))


def _with(ws, *files):
    return replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, *files)))


def test_files_imported_after_the_others_are_added_to_the_kept_index(monkeypatch):
    """An import adds its files to the kept index of the files before it; the figures are those of
    a fresh evaluation (with the SLO and gate changed in between); removing a file rebuilds it."""
    from analysis_factory import parity
    from analysis_factory import run as a_run

    from deepdecide.domain.evidence import ParityKind as PK
    from deepdecide.domain.evidence import ProvenanceKind, Verdict

    extended = []
    real = ev.EvidenceIndex._copy_to_extend
    monkeypatch.setattr(ev.EvidenceIndex, "_copy_to_extend", lambda self: extended.append(1) or real(self))
    one = _with(BASE, _file("more.json", [a_run("vllm", "nv-h100", 96, 25000, 8, ttft99=1200, tpot99=55),
                                          a_run("deepinfer", "nv-b200", 128, 200000, 68, label="B200 again")]))
    two = _with(one, _file("gate.json", checks=[parity("vllm", "nv-h100", PK.LOGITS, Verdict.FAIL)]))
    three = _with(two, _file("predicted.json", [a_run("vllm", "nv-h100", 64, 21000, 8, tpot99=44)],
                             kind=ProvenanceKind.PREDICTED))
    three_tight = replace(three, slo=TIGHT_SLO.slo)
    removed = replace(three, evidence=replace(three.evidence, files=three.evidence.files[1:]))
    sequence = (BASE, TIGHT_SLO, one, two, LOOSE_GATE, three, three_tight, removed)
    fresh = [_fresh(ws) for ws in sequence]
    _forget()
    extended.clear()
    kept = [to_data(evaluate(ws)) for ws in sequence]
    for i, (a, b) in enumerate(zip(kept, fresh, strict=True)):
        assert a == b, i
    assert len(extended) == 3  # one, two, three; LOOSE_GATE and removed are not appended to their predecessor
    assert fresh[3] != fresh[2] and fresh[5] != fresh[3]  # the imports change the figures


def test_another_workspace_evaluated_in_between_keeps_this_one_s_judgements(monkeypatch):
    """A what-if (here: the workspace without its evidence) evaluated between two evaluations of the
    workspace leaves its judged files and its index kept."""
    from deepdecide.analysis import applicability

    bare = replace(BASE, evidence=replace(BASE.evidence, files=()))
    evaluate(BASE)
    base = _base()
    judged = []
    real = applicability.judge_run
    monkeypatch.setattr(applicability, "judge_run", lambda *a: judged.append(1) or real(*a))
    for _ in range(2):
        evaluate(bare)
        engine._LAST_INDEX.clear()
        evaluate(BASE)
        assert _base() is base
    ev.forget_indexes()
    evaluate(bare)
    evaluate(BASE)  # the index rebuilt, every file's judgement kept
    assert judged == []
