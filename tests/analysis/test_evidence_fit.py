"""Evidence that fits the decision: workload matching, proxies, needs-context, capacity derivation.

The scenario: one vLLM ``benchmark_serving`` result of Llama-3.1-8B on one H100 (1,024 in / 170
out) imported into the built-in DeepSeek-V4.1-Flash decision (8K in / 1K out) must leave the
recommendation and its costs unchanged, and say why.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest
from analysis_factory import run as factory_run
from analysis_factory import with_option, workspace
from generated_files import vllm_serving, write_json

from deepdecide.analysis import evaluate, to_data
from deepdecide.analysis.assessment import Applicability, CapacityBasis, CapacitySource
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import SetEvidenceFile, apply, with_context
from deepdecide.domain.evidence import Evidence, EvidenceFile, Provenance
from deepdecide.domain.workload import ProxyAcceptance, TokenRange, Workload
from deepdecide.domain.workspace import SLO
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import load_builtin_workspace

LLAMA = "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8"


def _with_file(ws, evidence_file):
    return replace(ws, evidence=replace(ws.evidence, files=(*ws.evidence.files, evidence_file)))


def _decision(a):
    """What a decision maker reads: ranking, winner and every option's capacity and costs."""
    return (a.ranking, a.winner, [(o.option, o.capacity.value, o.capacity.basis, o.fleet.gpus.value,
                                   o.costs.cost_per_m_tokens_usd.value, o.costs.tco_usd.value, o.evidence.level)
                                  for o in a.options])


@pytest.fixture(scope="module")
def sample():
    return load_builtin_workspace()


@pytest.fixture(scope="module")
def baseline(sample):
    return evaluate(sample, sensitivity=False)


def _llama(tmp_path, name="1xH100_vllm_llama31-8b-fp8.json", **kw):
    return write_json(tmp_path / name, vllm_serving(**kw))


@pytest.mark.parametrize("claimed_model", ["", "DeepSeek-V4.1-Flash"])
def test_llama_on_one_h100_leaves_the_recommendation_and_costs_unchanged(tmp_path, sample, baseline, claimed_model):
    path = _llama(tmp_path)
    result = import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=1, model=claimed_model))
    a = evaluate(_with_file(sample, result.evidence), sensitivity=False)
    assert _decision(a) == _decision(baseline)
    vllm = a.option("keep-vllm-h100")
    assert vllm.capacity.basis == CapacityBasis.ASSUMED and not vllm.evidence.builds.reached
    assert (vllm.fit.matches, vllm.fit.mismatches, vllm.fit.needs_context) == (0, 1, 0)
    fit = next(f for f in a.evidence_fit if f.file == path.name)
    assert fit.applicability == Applicability.MISMATCH and fit.counts_for == ()
    reasons = [str(m) for m in fit.reasons]
    assert f"measured on {LLAMA}, not DeepSeek-V4.1-Flash" in reasons
    assert "1,024 / 170 tokens vs 6,144–10,240 / 768–1,280" in reasons
    # the reasons travel in the JSON of evaluate too
    data = to_data(a)
    assert any("not DeepSeek-V4.1-Flash" in r["text"] for f in data["evidence_fit"] for r in f["reasons"])


def test_a_file_without_a_model_claimed_as_the_decisions_still_mismatches_on_token_lengths(tmp_path, sample,
                                                                                            baseline):
    doc = vllm_serving()
    del doc["model_id"], doc["tokenizer_id"]
    path = write_json(tmp_path / "run.json", doc)
    result = import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=1,
                                             model="DeepSeek-V4.1-Flash"))
    a = evaluate(_with_file(sample, result.evidence), sensitivity=False)
    assert _decision(a) == _decision(baseline)
    fit = next(f for f in a.evidence_fit if f.file == "run.json")
    assert fit.applicability == Applicability.MISMATCH
    assert [m.id for m in fit.reasons] == ["fit.tokens"]


def test_a_run_without_context_needs_context_and_counts_for_nothing_until_assigned(tmp_path, sample, baseline):
    path = _llama(tmp_path, model="DeepSeek-V4.1-Flash", input_len=8192, output_len=1024)
    result = import_file(path)  # no context: the file holds neither platform nor GPU count
    assert set(result.missing_context) == {"platform", "gpu_count"}
    assert dict(result.suggestions) == {"platform": "H100", "gpu_count": "1"}  # offered, not applied
    assert result.evidence.runs[0].platform == ""
    ws = _with_file(sample, result.evidence)
    a = evaluate(ws, sensitivity=False)
    assert _decision(a) == _decision(baseline)
    assert a.option("keep-vllm-h100").fit.needs_context == 1
    fit = next(f for f in a.evidence_fit if f.file == path.name)
    assert fit.applicability == Applicability.NEEDS_CONTEXT and "platform, GPU count" in str(fit.reasons[0])
    # assigned after import (undoably): now it is the decision's workload, measured, and it counts
    index = len(ws.evidence.files) - 1
    edit = SetEvidenceFile(index, with_context(ws.evidence.files[index], platform="H100", gpu_count=8))
    ws2, undo = apply(ws, edit)
    b = evaluate(ws2, sensitivity=False)
    vllm = b.option("keep-vllm-h100")
    assert vllm.fit.matches == 1 and vllm.capacity.source == CapacitySource.OWN
    assert vllm.capacity.value == pytest.approx(1516 / 8)
    assert vllm.evidence.performs.reached
    assert apply(ws2, undo)[0] == ws


def test_an_accepted_proxy_is_discounted_labelled_and_never_reaches_performs(tmp_path, sample):
    result = import_file(_llama(tmp_path), ImportContext(runtime="vllm", platform="H100", gpu_count=1))
    proxy = ProxyAcceptance("same serving stack; a dense 8B model stands in until DeepSeek runs", Estimate(0.1, 0.15, 0.2))
    ws = _with_file(sample, with_context(result.evidence, proxy=proxy))
    a = evaluate(ws, sensitivity=False)
    vllm = a.option("keep-vllm-h100")
    cap = vllm.capacity
    assert cap.source == CapacitySource.PROXY and cap.basis == CapacityBasis.LOWER_BOUND
    assert (cap.low, cap.value, cap.high) == pytest.approx((151.6, 227.4, 303.2))
    assert "proxy" in cap.label
    assert any(f.startswith("PROXY") for f in map(str, cap.figure.flags))
    assert any(f.startswith("PROXY") for f in map(str, vllm.costs.cost_per_m_tokens_usd.flags))  # wherever its numbers go
    # a proxy shows builds only as "proxy", never as the rung itself
    assert not vllm.evidence.performs.reached and not vllm.evidence.builds.reached
    assert vllm.evidence.builds.proxy and vllm.evidence.names_proxy[0] == "builds"
    assert vllm.fit.proxies == 1


def test_declared_alias_and_precision():
    w = Workload("DeepSeek-V4.1-Flash", precisions=("fp4",), input_tokens=TokenRange(6000, 10000),
                 output_tokens=TokenRange(700, 1300))
    base = workspace(workload=w)
    r = replace(factory_run("vllm", "nv-h100", 16, 8000, 8), model="deepseek-ai/DeepSeek-V4-Flash",
                quantization="fp4-w4a16", input_tokens=8192, output_tokens=1024)
    ws = replace(base, evidence=Evidence(files=(EvidenceFile(Provenance("x.json", 1, "11" * 32, "t"), (r,)),)))
    fit = evaluate(ws, sensitivity=False).evidence_fit[0]
    assert fit.applicability == Applicability.MISMATCH
    assert str(fit.reasons[0]) == "measured on deepseek-ai/DeepSeek-V4-Flash, not DeepSeek-V4.1-Flash"
    ws_alias = replace(ws, workload=replace(w, aliases=("DeepSeek-V4-Flash",)))
    assert evaluate(ws_alias, sensitivity=False).evidence_fit[0].applicability == Applicability.MATCHES
    ws_fp8 = replace(ws_alias, workload=replace(ws_alias.workload, precisions=("fp8",)))
    fit = evaluate(ws_fp8, sensitivity=False).evidence_fit[0]
    assert fit.applicability == Applicability.MISMATCH and str(fit.reasons[0]) == "precision fp4-w4a16, not fp8"


# --- capacity derivation -------------------------------------------------------------------------


def _sweep_files(tmp_path):
    """A rate sweep at a fixed --max-concurrency (the common vLLM pattern): 64 concurrent, rates 1..inf."""
    points = [(1, 1000, 20, 30), (2, 1800, 28, 40), (4, 2400, 40, 60), ("inf", 2600, 55, 90)]
    files = []
    for rate, tps, tpot, _ in points:
        doc = vllm_serving("DeepSeek-V4.1-Flash", concurrency=64, rate=rate, out_tps=tps * 8, input_len=8192,
                           output_len=1024, tpot_p99=tpot, tpot_p50=tpot * 0.8, ttft_p99=900)
        path = write_json(tmp_path / f"rate_{rate}.json", doc)
        files.append(import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=8)).evidence)
    return files


def test_a_rate_sweep_at_fixed_concurrency_gives_the_same_capacity_in_any_import_order(tmp_path, sample):
    files = _sweep_files(tmp_path)
    seen = set()
    for order in itertools.permutations(files):
        ws = replace(sample, evidence=replace(sample.evidence, files=(*sample.evidence.files, *order)))
        cap = evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity
        seen.add((round(cap.value, 6), cap.basis))
    # rate 2 (1,800 tok/s/GPU, TPOT p99 28 ms) passes, rate 4 (40 ms... interactivity 31) passes, inf (55 ms) fails:
    # 2400 + (50 - 40) / (55 - 40) x (2600 - 2400) = 2533.3
    assert seen == {(round(2400 + 10 / 15 * 200, 6), CapacityBasis.INTERPOLATED)}


def test_the_heaviest_passing_rate_is_a_lower_bound_not_a_false_one(tmp_path, sample):
    files = _sweep_files(tmp_path)[:3]
    for order in (files, files[::-1]):
        ws = replace(sample, evidence=replace(sample.evidence, files=(*sample.evidence.files, *order)))
        cap = evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity
        assert cap.basis == CapacityBasis.LOWER_BOUND and cap.value == pytest.approx(2400)


def test_real_append_result_sweep_same_capacity_in_any_order_and_max_rate_kept(shared_fixture):
    path = shared_fixture("benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl")
    runs = import_file(path).evidence.runs
    assert any(r.max_rate and r.request_rate is None for r in runs)  # "inf" in the file
    # the test workspace has no L40S: count the sweep as the H100 option's to test the derivation alone
    runs = tuple(replace(r, platform="nv-h100") for r in runs)
    results = set()
    for perm in (runs, runs[::-1], runs[1::2] + runs[::2]):
        ws = replace(workspace(slo=SLO(ttft_p99_ms=5000, max_error_rate=0.05), workload=Workload(runs[0].model)),
                     evidence=Evidence(files=(EvidenceFile(Provenance("a.jsonl", 1, "22" * 32, "t"), perm),)))
        a = evaluate(ws, sensitivity=False)
        cap = a.option("keep-vllm-h100").capacity
        results.add((cap.value, cap.basis))
        points = to_data(cap)["points"]
        assert any(p["request_rate"] == "inf" for p in points)
        assert json.dumps(to_data(a), allow_nan=False)
    assert len(results) == 1 and next(iter(results))[0] is not None


def test_a_single_passing_generated_run_is_a_lower_bound(tmp_path, sample):
    path = _llama(tmp_path, "dsv41_h100.json", model="DeepSeek-V4.1-Flash", input_len=8192, output_len=1024)
    ev = import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=8)).evidence
    cap = evaluate(_with_file(sample, ev), sensitivity=False).option("keep-vllm-h100").capacity
    assert cap.basis == CapacityBasis.LOWER_BOUND and cap.value == pytest.approx(1516 / 8)
    assert cap.label == "lower bound, own measurement"


def test_a_failing_measurement_is_never_replaced_by_the_assumption(tmp_path, sample):
    path = _llama(tmp_path, "dsv41_h100_slow.json", model="DeepSeek-V4.1-Flash", input_len=8192, output_len=1024,
                  tpot_p99=80, tpot_p50=70)
    ev = import_file(path, ImportContext(runtime="vllm", platform="H100", gpu_count=8)).evidence
    ws = _with_file(sample, ev)
    vllm = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    assert vllm.capacity.basis == CapacityBasis.FAILS_SLO and vllm.capacity.value is None
    assert vllm.capacity.figure.missing_reason.render().startswith("fails the SLO at the lightest measured load")
    assert "is never replaced by an assumption" in str(vllm.capacity.figure.missing_reason)
    assert vllm.costs.cost_per_m_tokens_usd.value is None and vllm.fleet.gpus.value is None
    # an explicit override with a reason keeps the assumption, flagged
    kept = with_option(ws, "keep-vllm-h100", cost={"assumption_override": "the run used a debug build"})
    cap = evaluate(kept, sensitivity=False).option("keep-vllm-h100").capacity
    assert cap.basis == CapacityBasis.ASSUMED and cap.value == 200
    assert any("override" in f and "debug build" in f for f in map(str, cap.figure.flags))


def test_an_impossible_slo_does_not_rank_like_the_default():
    ws = workspace()
    strict = replace(ws, slo=SLO(ttft_p99_ms=1))
    cap = evaluate(strict, sensitivity=False).option("keep-vllm-h100").capacity
    assert cap.basis == CapacityBasis.FAILS_SLO and cap.value is None
