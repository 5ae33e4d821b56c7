"""Parity checks judged against the workload like runs (matched on the model, proxies per check),
proxy acceptance of single runs, and the dataset as a real applicability reason."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from analysis_factory import run as factory_run
from analysis_factory import workspace
from generated_files import vllm_serving, write_json

from deepdecide.analysis import evaluate, to_data
from deepdecide.analysis.assessment import Applicability, CapacitySource
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import EditError, SetEvidenceFile, apply, with_context, with_item_proxy
from deepdecide.domain.evidence import Evidence, EvidenceFile, ItemProxy, Provenance
from deepdecide.domain.workload import ProxyAcceptance, TokenRange, Workload
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import check, load_builtin_workspace, load_workspace_text, workspace_to_yaml

VLLM_EVAL = "parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json"  # vLLM TP8 on H100, a local SFT checkpoint
CHECKPOINT = "/scratch/hieu/nl2foam_sft_0/outputs/nl2foam_sft_0__8__1765350318"
NIAH = "parity/niah/gkamradt_gpt-4-128k_OpenAI_OriginalResults.json"  # the model is not in the file


def _with_file(ws, evidence_file):
    return replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, evidence_file)))


def _decision(a):
    return (a.ranking, a.winner, [(o.option, o.capacity.value, o.fleet.gpus.value, o.costs.tco_usd.value,
                                   o.evidence.level, o.evidence.correct.reached) for o in a.options])


@pytest.fixture(scope="module")
def sample():
    return load_builtin_workspace()


@pytest.fixture(scope="module")
def baseline(sample):
    return evaluate(sample, sensitivity=False)


def _checks(a, name):
    return [f for f in a.evidence_fit if f.file == name and f.item == "check"]


def test_lm_eval_states_the_model_of_every_check(shared_fixture):
    result = import_file(shared_fixture(VLLM_EVAL))
    assert {c.model for c in result.evidence.parity} == {CHECKPOINT}
    assert "model" not in result.missing_context


def test_a_check_of_another_model_mismatches_and_changes_nothing(shared_fixture, sample, baseline):
    path = shared_fixture(VLLM_EVAL)
    a = evaluate(_with_file(sample, import_file(path).evidence), sensitivity=False)
    assert _decision(a) == _decision(baseline)
    fits = _checks(a, path.name)
    assert len(fits) == 6 and {f.applicability for f in fits} == {Applicability.MISMATCH}
    assert all(f.counts_for == () for f in fits)
    assert f"measured on {CHECKPOINT}, not DeepSeek-V4.1-Flash" in [str(m) for m in fits[0].reasons]
    vllm = a.option("keep-vllm-h100")
    assert vllm.fit.checks_other == 6 and vllm.fit.checks_matching == 0
    assert all(k.checks == () for k in vllm.parity)  # the verdicts use no mismatched check
    data = to_data(a)
    assert any(f["item"] == "check" and f["applicability"] == "mismatch" for f in data["evidence_fit"])


def test_a_declared_alias_makes_the_checks_count_for_correct(shared_fixture, sample):
    path = shared_fixture(VLLM_EVAL)
    ws = _with_file(sample, import_file(path).evidence)
    ws = replace(ws, workload=replace(ws.workload, aliases=(*ws.workload.aliases, "nl2foam_sft_0__8__1765350318")))
    a = evaluate(ws, sensitivity=False)
    fits = _checks(a, path.name)
    assert {f.applicability for f in fits} == {Applicability.MATCHES}
    assert all(f.counts_for == ("builds", "correct") for f in fits)
    vllm = a.option("keep-vllm-h100")
    eval_acc = next(k for k in vllm.parity if k.kind.value == "eval_accuracy")
    assert len(eval_acc.checks) == 6 and eval_acc.inconclusive == 6  # no reference yet: inconclusive, counted


def test_a_check_accepted_as_a_proxy_counts_for_builds_only(shared_fixture, sample, baseline):
    path = shared_fixture(VLLM_EVAL)
    ws = _with_file(sample, import_file(path).evidence)
    index = len(ws.evidence.files) - 1
    proxy = ProxyAcceptance("the same serving stack evaluated on a fine-tune", Estimate(0.8, 0.9, 1.0))
    edit = SetEvidenceFile(index, with_item_proxy(ws.evidence.files[index], "check", 0, proxy))
    ws2, undo = apply(ws, edit)
    a = evaluate(ws2, sensitivity=False)
    fits = _checks(a, path.name)
    assert fits[0].applicability == Applicability.PROXY and fits[0].counts_for == ("builds",)
    assert "proxy accepted: the same serving stack evaluated on a fine-tune" in str(fits[0].reasons[0])
    assert {f.applicability for f in fits[1:]} == {Applicability.MISMATCH}  # only that check
    vllm = a.option("keep-vllm-h100")
    assert not vllm.evidence.correct.reached
    assert all(k.checks == () for k in vllm.parity)
    assert apply(ws2, undo)[0] == ws


def test_a_check_without_a_model_needs_context_until_given(shared_fixture, sample):
    path = shared_fixture(NIAH)
    result = import_file(path)
    assert "model" in result.missing_context and {c.model for c in result.evidence.parity} == {""}
    a = evaluate(_with_file(sample, result.evidence), sensitivity=False)
    fits = _checks(a, path.name)
    assert {f.applicability for f in fits} == {Applicability.NEEDS_CONTEXT}
    assert "runtime, platform, model" in str(fits[0].reasons[0])
    given = import_file(path, ImportContext(runtime="vllm", platform="H100", model="DeepSeek-V4.1-Flash"))
    assert {c.model for c in given.evidence.parity} == {"DeepSeek-V4.1-Flash"}
    b = evaluate(_with_file(sample, given.evidence), sensitivity=False)
    assert {f.applicability for f in _checks(b, path.name)} == {Applicability.MATCHES}
    # set after import, undoably, like a run's context
    later = with_context(result.evidence, runtime="vllm", platform="H100", model="gpt-4-128k")
    c = evaluate(_with_file(sample, later), sensitivity=False)
    assert {f.applicability for f in _checks(c, path.name)} == {Applicability.MISMATCH}


def test_own_parity_layout_reads_the_model_column(tmp_path, sample):
    path = tmp_path / "greedy.csv"
    path.write_text("kind,task,metric,value,reference_value,n,runtime,platform,reference_runtime,"
                    "reference_platform,model\n"
                    "greedy_match,chat-500,exact_match_rate,0.995,1.0,500,vllm,H100,vllm,H100,"
                    "deepseek-ai/DeepSeek-V4.1-Flash\n", encoding="utf-8")
    result = import_file(path)
    assert result.evidence.parity[0].model == "deepseek-ai/DeepSeek-V4.1-Flash"
    a = evaluate(_with_file(sample, result.evidence), sensitivity=False)
    assert _checks(a, "greedy.csv")[0].applicability == Applicability.MATCHES


# ---------------------------------------------------------------------------------------------
# proxies of single runs


def _two_runs(tmp_path):
    doc_a = vllm_serving(concurrency=8, out_tps=1200.0)
    doc_b = vllm_serving(concurrency=16, out_tps=1516.0)
    a = import_file(write_json(tmp_path / "c8.json", doc_a), ImportContext(runtime="vllm", platform="H100", gpu_count=1))
    b = import_file(write_json(tmp_path / "c16.json", doc_b), ImportContext(runtime="vllm", platform="H100", gpu_count=1))
    return replace(a.evidence, provenance=replace(a.evidence.provenance, file_name="sweep.json"),
                   runs=(*a.evidence.runs, *b.evidence.runs))


def test_one_run_accepted_as_a_proxy_the_other_still_mismatches(tmp_path, sample):
    f = _two_runs(tmp_path)
    proxy = ProxyAcceptance("a dense 8B model on the same stack", Estimate(0.1, 0.15, 0.2))
    ws = _with_file(sample, with_item_proxy(f, "run", 1, proxy))
    a = evaluate(ws, sensitivity=False)
    fits = [x for x in a.evidence_fit if x.file == "sweep.json"]
    assert [x.applicability for x in fits] == [Applicability.MISMATCH, Applicability.PROXY]
    assert fits[1].discount == (0.1, 0.15, 0.2)
    vllm = a.option("keep-vllm-h100")
    assert vllm.capacity.source == CapacitySource.PROXY
    assert vllm.capacity.value == pytest.approx(1516 * 0.15)  # from the accepted run only
    assert vllm.fit.proxies == 1 and vllm.fit.mismatches == 1
    assert not vllm.evidence.performs.reached


def test_a_runs_own_acceptance_takes_precedence_over_the_files(tmp_path, sample):
    f = _two_runs(tmp_path)
    f = with_context(f, proxy=ProxyAcceptance("whole file", Estimate(0.5, 0.5, 0.5)))
    f = with_item_proxy(f, "run", 0, ProxyAcceptance("this run", Estimate(0.2, 0.2, 0.2)))
    a = evaluate(_with_file(sample, f), sensitivity=False)
    fits = [x for x in a.evidence_fit if x.file == "sweep.json"]
    assert [x.discount for x in fits] == [(0.2, 0.2, 0.2), (0.5, 0.5, 0.5)]
    back = with_item_proxy(f, "run", 0, None)  # withdrawn: the file's acceptance applies again
    assert back.run_proxies == () and back.proxy_for("run", 0) == back.proxy


def test_item_proxy_edits_refuse_bad_values(tmp_path):
    f = _two_runs(tmp_path)
    with pytest.raises(EditError, match="no run 3"):
        with_item_proxy(f, "run", 2, ProxyAcceptance("x"))
    with pytest.raises(EditError, match="needs a reason"):
        with_item_proxy(f, "run", 0, ProxyAcceptance("  "))
    with pytest.raises(EditError, match="low <= likely <= high"):
        with_item_proxy(f, "run", 0, ProxyAcceptance("x", Estimate(0.9, 0.5, 1.0)))
    with pytest.raises(EditError, match="no parity check 1"):
        with_item_proxy(f, "check", 0, ProxyAcceptance("x"))


def test_item_proxies_are_stored_and_validated(tmp_path, sample):
    f = with_item_proxy(_two_runs(tmp_path), "run", 1, ProxyAcceptance("stand-in", Estimate(0.3, 0.4, 0.5)))
    ws = _with_file(sample, f)
    text = workspace_to_yaml(ws)
    assert "run_proxies:" in text
    again = load_workspace_text(text)
    assert again.evidence.files[-1].run_proxies == (ItemProxy(1, "stand-in", Estimate(0.3, 0.4, 0.5)),)
    bad = _with_file(sample, replace(f, run_proxies=(ItemProxy(5, "x"), ItemProxy(1, ""))))
    problems = {e.path: e.reason for e in check(bad)}
    n = len(bad.evidence.files) - 1
    assert "no run at index 5" in problems[f"evidence.files[{n}].run_proxies[0].index"]
    assert "needs a reason" in problems[f"evidence.files[{n}].run_proxies[1].reason"]


# ---------------------------------------------------------------------------------------------
# the dataset


def test_another_dataset_is_a_mismatch_unless_accepted():
    w = Workload("DeepSeek-V4.1-Flash", input_tokens=TokenRange(6000, 10000), output_tokens=TokenRange(700, 1300),
                 dataset="random")
    base = workspace(workload=w)
    runs = (replace(factory_run("vllm", "nv-h100", 16, 8000, 8), dataset="sharegpt"),)
    f = EvidenceFile(Provenance("chat.json", 1, "ab" * 32, "vllm-bench"), runs)
    ws = replace(base, evidence=Evidence(files=(f,)))
    a = evaluate(ws, sensitivity=False)
    fit = next(x for x in a.evidence_fit if x.file == "chat.json")
    assert fit.applicability == Applicability.MISMATCH and fit.counts_for == ()
    assert [str(m) for m in fit.reasons] == ["dataset sharegpt, the workload's is random"]
    ws2 = replace(ws, evidence=Evidence(files=(with_item_proxy(f, "run", 0, ProxyAcceptance(
        "ShareGPT prompts are close to our chat traffic", Estimate(0.8, 0.9, 1.0))),)))
    b = evaluate(ws2, sensitivity=False)
    fit = next(x for x in b.evidence_fit if x.file == "chat.json")
    assert fit.applicability == Applicability.PROXY and "capacity" in fit.counts_for
    # the same dataset in another case matches
    same = replace(ws, evidence=Evidence(files=(replace(f, runs=(replace(runs[0], dataset="Random"),)),)))
    assert next(x for x in evaluate(same, sensitivity=False).evidence_fit).applicability == Applicability.MATCHES


def test_a_schema_2_file_opens_with_warnings_for_what_schema_3_judges_differently(shared_fixture, sample):
    f = import_file(shared_fixture(NIAH), ImportContext(runtime="vllm", platform="H100")).evidence
    run = replace(sample.evidence.files[0].runs[0], dataset="sharegpt")
    first = replace(sample.evidence.files[0], runs=(run, *sample.evidence.files[0].runs[1:]))
    ws = replace(sample, evidence=replace(sample.evidence, files=(first, *sample.evidence.files[1:], f)))
    text = workspace_to_yaml(ws).replace(f"\nschema_version: {SCHEMA_VERSION}\n", "\nschema_version: 2\n")
    warnings: list = []
    again = load_workspace_text(text, warnings=warnings)
    n = len(ws.evidence.files) - 1
    paths = [w.path for w in warnings]
    assert f"evidence.files[{n}].parity[0]" in paths and "evidence.files[0].runs[0].dataset" in paths
    assert any("states no model" in w.reason and w.line for w in warnings)
    assert again.schema_version == SCHEMA_VERSION
    assert json.loads(json.dumps(to_data(evaluate(again, sensitivity=False))))  # and it evaluates
