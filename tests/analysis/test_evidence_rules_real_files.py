"""The evidence rules on real third-party files (``../shared/fixtures``, see its SOURCES.md): what
counts (matches / proxy / mismatch / needs context), "not measured" is not "fails", every run's
request lengths known, sweeps per server configuration, rungs after the parity gate, and the
knock-outs that leave a decision with no winner rather than a winner that fails the SLO.

Files: InferenceMAX's official dashboard arrays ``agg_dsr1_1k8k.json`` (DeepSeek-R1-0528, 66 rows;
1,024 in / 8,192 out stated only in the name) and ``agg_gptoss_8k1k.json`` (gpt-oss-120b, 119
rows); the single InferenceMAX aggregates (``agg_dsr1_fp4_b200_*``, renamed without their lengths);
an AIConfigurator Pareto CSV (DeepSeek-V4-Flash FP8 on RTX PRO 6000, modelled means only); the
vLLM ``--append-result`` file of three deployments on 4x L40S.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from r1_real_files import (
    AIC,
    ARRAY_1K8K,
    ARRAY_GPTOSS,
    SINGLE_SGLANG,
    SINGLE_TRT,
    SLO_8K1K,
    l40s,
    l40s_parity_failed,
    r1_8k1k_without_a_winner,
)
from r1_real_files import decision as _workspace
from r1_real_files import import_file as _import
from r1_real_files import r1 as _r1

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import Applicability, CapacityBasis, CapacitySource, SloStatus
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import with_context, with_mappings
from deepdecide.domain.evidence import (
    Evidence,
    ProvenanceKind,
    StatMapping,
)
from deepdecide.domain.slo import SLO
from deepdecide.domain.workload import ProxyAcceptance, TokenRange, Workload
from deepdecide.storage import files


@pytest.fixture(scope="module")
def array_1k8k(shared_fixture):
    return _import(shared_fixture(ARRAY_1K8K))


# ---------------------------------------------------------------------------------------------
# request lengths from the documented file name; what a 1K/8K array counts for in an 8K/1K decision


def test_the_array_states_its_lengths_in_its_name_and_they_are_read_from_it_flagged(array_1k8k):
    runs = array_1k8k.runs
    assert len(runs) == 66
    assert {(r.input_tokens, r.output_tokens) for r in runs} == {(1024.0, 8192.0)}
    flag = next(f for f in runs[0].quality_flags if f.id == "inferencemax.lengths_from_file_name")
    assert "read from the file name agg_dsr1_1k8k.json" in str(flag)


def test_the_1k8k_array_counts_for_nothing_in_an_8k1k_decision(array_1k8k):
    a = evaluate(_r1((array_1k8k,)), sensitivity=False)
    fits = [f for f in a.evidence_fit if f.item == "run"]
    assert {f.applicability for f in fits} == {Applicability.MISMATCH}
    assert all(not f.counts_for for f in fits)
    assert any("1,024 / 8,192 tokens vs 6,144–10,240 / 768–1,280" in str(m) for m in fits[0].reasons)
    for oa in a.options:
        assert oa.capacity.value is None and not oa.evidence.builds.reached and not oa.evidence.builds.proxy
        assert oa.fit.matches == 0 and oa.fit.mismatches > 0


def test_accepted_as_a_proxy_it_counts_labelled_and_never_as_a_rung(array_1k8k):
    proxy = ProxyAcceptance("same model and engines, 1K/8K instead of 8K/1K", Estimate(0.3, 0.5, 0.7))
    slo = SLO_8K1K.replace(max_error_rate=None)  # the file has no request counts
    a = evaluate(_r1((with_context(array_1k8k, proxy=proxy),), slo), sensitivity=False)
    oa = a.option("trtllm-nv-h200")
    assert oa.fit.proxies == 5 and oa.fit.matches == 0
    assert oa.capacity.source == CapacitySource.PROXY and "proxy" in oa.capacity.label
    assert any(str(f).startswith("PROXY") for f in oa.capacity.figure.flags)
    # a proxy shows builds and performs only as "proxy": never the rungs, never the evidence level
    ev = oa.evidence
    assert not ev.builds.reached and ev.builds.proxy and not ev.performs.reached and ev.performs.proxy
    assert ev.level == 0 and ev.names_proxy == ("builds", "performs")


def test_the_sensitivity_names_a_proxy_capacity_as_a_proxy(array_1k8k):
    proxy = ProxyAcceptance("same model and engines, 1K/8K instead of 8K/1K", Estimate(0.3, 0.5, 0.7))
    a = evaluate(_r1((with_context(array_1k8k, proxy=proxy),), SLO_8K1K.replace(max_error_rate=None)))
    caps = [f for f in a.sensitivity.inputs if f.key.endswith(".capacity")]
    assert caps
    for f in caps:
        cap = a.option(f.option).capacity
        assert cap.source == CapacitySource.PROXY
        assert str(f.label).startswith(f"{f.option}: output tok/s/GPU (") and str(f.label).endswith(", proxy)")
        assert "measured output" not in str(f.label)


def test_runs_whose_lengths_nothing_states_need_context_and_never_match(shared_fixture):
    # the single aggregates were saved without the lengths their original names held
    single = _import(shared_fixture(SINGLE_SGLANG))
    assert single.runs[0].input_tokens is None
    a = evaluate(_r1((single,)), sensitivity=False)
    fit = a.evidence_fit[0]
    assert fit.applicability == Applicability.NEEDS_CONTEXT and not fit.counts_for
    assert "input tokens, output tokens" in str(fit.reasons[0])
    # the user states them (evidence set --input-tokens / --output-tokens, the Evidence page)
    given = with_context(single, input_tokens=8192, output_tokens=1024)
    a = evaluate(_r1((given,)), sensitivity=False)
    assert a.evidence_fit[0].applicability == Applicability.MATCHES
    assert any(f.id == "edits.set_by_user" and f.args.get("name") == "input_tokens"
               for f in given.runs[0].quality_flags)


def test_a_run_of_a_known_other_model_is_a_mismatch_and_never_asks_for_context(shared_fixture):
    gptoss = _import(shared_fixture(ARRAY_GPTOSS))
    assert {(r.input_tokens, r.output_tokens) for r in gptoss.runs} == {(8192.0, 1024.0)}  # from its name
    # even with the runtime and platform left unknown, it is a mismatch: context would not make it count
    bare = replace(gptoss, runs=tuple(replace(r, runtime="", platform="") for r in gptoss.runs))
    a = evaluate(_r1((bare,)), sensitivity=False)
    assert {f.applicability for f in a.evidence_fit} == {Applicability.MISMATCH}
    assert all("needs context" not in str(m) for f in a.evidence_fit for m in f.reasons)
    assert "measured on openai/gpt-oss-120b, not deepseek-ai/DeepSeek-R1-0528" in str(a.evidence_fit[0].reasons[0])


# ---------------------------------------------------------------------------------------------
# "not measured" is not "fails"; no winner that fails the SLO


def test_an_8k1k_r1_decision_with_an_error_rate_limit_names_no_winner_and_says_why(array_1k8k):
    proxy = ProxyAcceptance("same model, the only R1 sweep published", Estimate(0.3, 0.5, 0.7))
    a = evaluate(_r1((with_context(array_1k8k, proxy=proxy),)), monte_carlo=True, draws=300)
    assert a.winner is None and a.ranking == () and a.sensitivity is None and a.recommendation_risks == ()
    assert str(a.no_recommendation) == "no option meets the SLO with the evidence at hand"
    for oa in a.options:
        # the aggregates hold no request counts: the error rate cannot be judged, which is not a failure
        assert oa.capacity.basis == CapacityBasis.CANNOT_JUDGE
        assert not any(p.meets_slo for p in oa.capacity.points)
        assert any(p.unjudged == ("error rate cannot be computed (no failed / completed counts)",)
                   for p in oa.capacity.points)
        assert oa.slo_standing.status == SloStatus.CANNOT_JUDGE and not oa.eligible and oa.rank is None
        assert "error rate cannot be computed" in str(oa.slo_standing.reason)
        assert not oa.can_win and a.monte_carlo.for_option(oa.option).p_best == 0
    remedies = " ".join(map(str, a.remedies))
    assert "count completed and failed requests" in remedies and "max_error_rate: null" in remedies
    # without the error-rate limit the same runs speak to the SLO, and there is a winner
    b = evaluate(_r1((with_context(array_1k8k, proxy=proxy),), SLO_8K1K.replace(max_error_rate=None)),
                 sensitivity=False)
    assert b.winner is not None and b.no_recommendation is None


def test_an_option_whose_runs_fail_the_slo_is_not_recommendable_and_ranks_after_the_others(array_1k8k):
    proxy = ProxyAcceptance("same model", Estimate(0.3, 0.5, 0.7))
    # TPOT p99 <= 10 ms: H200 SGLang misses it at its lightest load (p99_tpot 11.9 ms at concurrency 4);
    # B200 SGLang FP4 TP8 EP8 meets it there (7.8 ms)
    slo = SLO(ttft_p99_ms=10_000, tpot_p99_ms=10, max_error_rate=None)
    a = evaluate(_r1((with_context(array_1k8k, proxy=proxy),), slo), sensitivity=False)
    oa = a.option("sglang-nv-h200")
    assert oa.capacity.basis == CapacityBasis.FAILS_SLO and oa.slo_standing.status == SloStatus.FAILS_SLO
    assert not oa.eligible and oa.rank is None and "fails the SLO at the lightest measured load" in str(
        oa.eligibility_reasons[0])
    assert "sglang-nv-h200" in a.order[len(a.ranking):] and "sglang-nv-h200" not in a.ranking
    assert a.winner in a.ranking


# ---------------------------------------------------------------------------------------------
# sweeps per server configuration


def test_ep_dp_attention_and_mtp_variants_form_separate_sweeps(array_1k8k, shared_fixture, tmp_path):
    from deepdecide.analysis.capacity import configuration_text, sweeps

    b200 = [r for r in array_1k8k.runs if r.runtime == "trtllm" and r.platform == "B200" and r.quantization == "fp4"]
    configs = {configuration_text(r) for r in b200}
    assert configs == {"TP4", "TP4 EP4", "TP4 EP4 DP-attention", "TP8", "TP8 EP8", "TP8 EP8 DP-attention"}
    for _axis, group in sweeps(b200):
        assert len({configuration_text(r) for r in group}) == 1 and len({r.gpu_count for r in group}) == 1
    # MTP: the same rows with speculative decoding on (as the dashboard's mtp rows state it) are another sweep
    raw = json.loads(shared_fixture(ARRAY_1K8K).read_text(encoding="utf-8"))
    h200 = [row for row in raw if row["hw"] == "h200" and row["framework"] == "trt"]
    both = tmp_path / "agg_dsr1_1k8k.json"
    both.write_text(json.dumps(h200 + [{**row, "spec_decoding": "mtp"} for row in h200]), encoding="utf-8")
    runs = _import(both).runs
    assert {configuration_text(r) for r in runs} == {"TP8 EP8", "TP8 EP8 MTP"}
    assert sorted(len(g) for _axis, g in sweeps(runs)) == [5, 5]


def test_runs_of_the_same_configuration_with_other_lengths_never_share_a_sweep(array_1k8k, shared_fixture):
    """The 1K/8K array's TRT-LLM B200 FP4 TP8 EP8 DP-attention row (concurrency 256) and the single
    aggregate of the same deployment at the same load, stated 8K/1K by the user: two sweeps, where
    without the lengths in the sweep identity they would be one (two results at one load)."""
    from deepdecide.analysis.capacity import configuration_text, sweeps

    single = with_context(_import(shared_fixture(SINGLE_TRT)), input_tokens=8192, output_tokens=1024).runs[0]
    same = [r for r in array_1k8k.runs if (r.runtime, r.platform, configuration_text(r), r.quantization,
                                           r.gpu_count, r.concurrency)
            == (single.runtime, single.platform, configuration_text(single), single.quantization,
                single.gpu_count, single.concurrency)]
    assert len(same) == 1 and configuration_text(single) == "TP8 EP8 DP-attention"
    groups = sweeps([*same, single])
    assert sorted((g[0].input_tokens, len(g)) for _axis, g in groups) == [(1024, 1), (8192, 1)]
    unknown = [replace(r, input_tokens=None, output_tokens=None) for r in (*same, single)]
    assert len(sweeps(unknown)) == 1  # the lengths alone keep them apart


def test_the_capacity_is_the_best_configuration_that_meets_the_slo_and_names_it(array_1k8k):
    proxy = ProxyAcceptance("same model", Estimate(0.3, 0.5, 0.7))
    a = evaluate(_r1((with_context(array_1k8k, proxy=proxy),), SLO_8K1K.replace(max_error_rate=None)),
                 sensitivity=False)
    cap = a.option("trtllm-nv-b200").capacity
    by_config = {(c.configuration, c.precision): c for c in cap.configurations}
    assert len(by_config) == 7  # six fp4 configurations and the fp8 one
    best = max((c for c in cap.configurations if c.value is not None), key=lambda c: c.value)
    assert cap.value == pytest.approx(best.value) and cap.configuration == best.configuration
    assert cap.configuration in str(cap.note)
    assert any("the best of 7 server configurations that meets the SLO" in str(f) for f in cap.figure.flags)


# ---------------------------------------------------------------------------------------------
# predictions under a p99 SLO: the assumption stays, or a stated mapping


@pytest.fixture
def aic_workspace(shared_fixture):
    pred = _import(shared_fixture(AIC), kind=ProvenanceKind.PREDICTED, platform="RTX PRO 6000")
    workload = Workload("DeepSeek-V4-Flash", aliases=("sgl-project/DeepSeek-V4-Flash-FP8",),
                        input_tokens=TokenRange(1500, 2500), output_tokens=TokenRange(400, 600))
    slo = SLO(ttft_p99_ms=5000, tpot_p99_ms=300, min_interactivity_tps_per_user=1, max_error_rate=None)
    return _workspace(workload, slo, [("sglang", "nv-rtxpro6000", {
        "assumed_output_tps_per_gpu": Estimate(40, 60, 80), "gpu_hour_usd": Estimate(1.0, 1.2, 1.5)})], (pred,))


def test_an_aiconfigurator_only_option_under_a_p99_slo_keeps_its_labelled_assumption(aic_workspace):
    oa = evaluate(aic_workspace, sensitivity=False).options[0]
    cap = oa.capacity
    # the modelled means cannot be judged against p99 limits: the capacity falls to the assumption
    assert cap.basis == CapacityBasis.ASSUMED and cap.value == 60 and (cap.low, cap.high) == (40, 80)
    assert all(not p.failures and "TTFT p99 not measured" in p.unjudged for p in cap.points)
    assert cap.unjudged == ("TTFT p99 not measured", "TPOT p99 not measured")
    assert "ASSUMPTION" in str(cap.figure.flags[0]) and "cannot be judged against the SLO" in str(cap.figure.flags[0])
    assert oa.eligible and oa.slo_standing.recommendable
    # the sensitivity draws it as the assumption it is, over the stated 40 / 60 / 80
    a = evaluate(aic_workspace)
    flip = next(f for f in a.sensitivity.inputs if f.key == "sglang-nv-rtxpro6000.capacity")
    assert str(flip.label) == "sglang-nv-rtxpro6000: assumed output tok/s/GPU"
    assert (flip.low, flip.likely, flip.high) == (40, 60, 80)
    # evaluate says so: the value, its basis, the flag and the range
    from deepdecide.cli.evaluate_cmd import render

    out = " ".join(render(aic_workspace, a).split())
    assert "capacity: 60 output tok/s/GPU (assumed)" in out
    assert "capacity: ASSUMPTION, not a measurement (58 applicable runs" in out
    assert "cannot be judged against the SLO: TTFT p99 not measured; TPOT p99 not measured" in out
    assert "capacity range: assumption: the draws go from 40 to 80" in out


def test_or_a_stated_mapping_reads_the_p99_from_the_modelled_mean_labelled(aic_workspace):
    f = aic_workspace.evidence.files[0]
    mapped = with_mappings(f, (StatMapping("tpot_ms_p99", "tpot_ms_mean", 1.3, "p99 within 30 % of the mean here"),
                               StatMapping("ttft_ms_p99", "ttft_ms_mean", 2.0, "p99 twice the mean here")))
    ws = replace(aic_workspace, evidence=Evidence(files=(mapped,)))
    cap = evaluate(ws, sensitivity=False).options[0].capacity
    assert cap.source == CapacitySource.PREDICTED and cap.value is not None
    flags = " | ".join(map(str, cap.figure.flags))
    assert "judged with a stated mapping: tpot_ms_p99 ≈ tpot_ms_mean × 1.3 (p99 within 30 % of the mean here)" \
        in flags
    # a run that misses a mapped limit says it was read through the mapping
    missing = [p for p in cap.points if p.failures]
    assert missing and any("TTFT p99 ≈" in x and "(ttft_ms_mean × 2)" in x for p in missing for x in map(str, p.failures))
    # the stored workspace keeps the mapping with its reason
    data = files.workspace_to_data(ws)
    assert data["evidence"]["files"][0]["mappings"][0] == {
        "target": "ttft_ms_p99", "source": "ttft_ms_mean", "factor": 2.0, "reason": "p99 twice the mean here"}


# ---------------------------------------------------------------------------------------------
# the parity gate comes before the rungs


def test_a_parity_failed_option_shows_no_performs(shared_fixtures):
    ws = l40s(shared_fixtures)
    oa = evaluate(ws, sensitivity=False).options[0]
    assert oa.evidence.performs.reached and oa.evidence.builds.reached and oa.capacity.value is not None
    gated = l40s_parity_failed(shared_fixtures)
    oa = evaluate(gated, sensitivity=False).options[0]
    assert not oa.evidence.performs.reached and not oa.evidence.performs.proxy
    assert "excluded: a required parity check failed" in " ".join(map(str, oa.evidence.performs.reasons))
    assert oa.capacity.basis == CapacityBasis.FAILS_PARITY and oa.slo_standing.status == SloStatus.FAILS_PARITY
    assert not oa.eligible and oa.evidence.builds.reached  # the check itself ran on the platform
    # evaluate: "P-" in the table, "performs NOT reached" in the option's lines, never "performs reached"
    from deepdecide.cli.evaluate_cmd import render

    out = render(gated, evaluate(gated, sensitivity=False))
    row = next(ln for ln in out.splitlines() if ln.split()[1:2] == ["vllm-nv-l40s"])
    assert "B+ C- P-" in row and "fails parity" in row
    assert "performs NOT reached" in out and "performs reached" not in out


# ---------------------------------------------------------------------------------------------
# every surface on the real files: no winner, and why; the article's four questions per option


@pytest.fixture(scope="module")
def r1_8k1k_no_winner(shared_fixtures):
    ws = r1_8k1k_without_a_winner(shared_fixtures)
    return ws, evaluate(ws, monte_carlo=True, draws=200)


def test_on_the_real_files_no_winner_is_named_and_each_option_says_why(r1_8k1k_no_winner):
    ws, a = r1_8k1k_no_winner
    assert a.winner is None and a.ranking == () and str(a.no_recommendation) == \
        "no option meets the SLO with the evidence at hand"
    status = {oa.option: oa.slo_standing.status for oa in a.options}
    assert status == {"sglang-nv-b200": SloStatus.CANNOT_JUDGE, "trtllm-nv-b200": SloStatus.FAILS_SLO,
                      "sglang-nv-h200": SloStatus.NO_EVIDENCE, "trtllm-nv-h200": SloStatus.NO_EVIDENCE}
    sglang = a.option("sglang-nv-b200")
    assert sglang.fit.matches == 1 and sglang.capacity.basis == CapacityBasis.CANNOT_JUDGE
    assert "error rate cannot be computed" in str(sglang.slo_standing.reason)
    trt = a.option("trtllm-nv-b200")
    assert trt.fit.matches == 1 and trt.capacity.basis == CapacityBasis.FAILS_SLO
    assert "TTFT p99" in str(trt.slo_standing.reason)
    assert all(not oa.eligible and oa.rank is None and oa.slo_standing.reason is not None for oa in a.options)
    assert all(a.monte_carlo.for_option(oa.option).p_best == 0 for oa in a.options)


def test_on_the_real_files_evaluate_and_the_record_say_no_recommendation_and_why(r1_8k1k_no_winner):
    import io

    from pypdf import PdfReader

    from deepdecide.analysis import to_data
    from deepdecide.cli.evaluate_cmd import render
    from deepdecide.report.build import build

    ws, a = r1_8k1k_no_winner
    out = " ".join(render(ws, a).split())
    assert "no recommendation: no option meets the SLO with the evidence at hand" in out
    assert "What would make an option recommendable:" in out
    assert "runs of sglang on nv-b200 that count completed and failed requests" in out
    assert "Recommended" not in out
    data = to_data(a)
    assert data["winner"] is None and data["ranking"] == []
    assert data["no_recommendation"]["text"] == "no option meets the SLO with the evidence at hand"
    assert {o["option"]: o["slo_standing"]["status"] for o in data["options"]}["sglang-nv-b200"] == "cannot-judge"
    pdf = build(ws, sections=("summary",))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "No recommendation: no option meets the SLO with the evidence at hand." in text
    assert "Recommended option" not in text
    assert "count completed and failed requests" in text


def test_on_the_real_files_the_four_questions_are_answered_per_option_in_evaluate_and_the_record(
        r1_8k1k_no_winner):
    import io

    from pypdf import PdfReader

    from deepdecide.analysis import to_data
    from deepdecide.analysis.questions import QUESTION_TITLES, STATE_WORDS
    from deepdecide.cli.evaluate_cmd import render
    from deepdecide.domain import presentation as look
    from deepdecide.report.build import build

    ws, a = r1_8k1k_no_winner
    out = render(ws, a)
    data = to_data(a)
    for oa in a.options:
        answers = oa.article.answers
        assert [q.question for q in answers] == ["support", "kernels", "distributed", "service"]
        assert all(q.answer for q in answers), oa.option
        for n, q in enumerate(answers, start=1):
            assert f"{n}. {QUESTION_TITLES[q.question]}: {str(STATE_WORDS[q.state]).upper()}: {q.answer}" in out
        js = next(o for o in data["options"] if o["option"] == oa.option)["article"]["answers"]
        assert [q["state"] for q in js] == [q.state.value for q in answers]
    # TRT-LLM on B200: its counted run used 8 GPUs at concurrency 256 (question 3 speaks of it)
    trt = a.option("trtllm-nv-b200").article.answers[2]
    assert trt.state.value != "not-answered" and "256" in str(trt.answer)
    pdf = build(ws, sections=("questions",))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "The article's four questions" in text
    words = {"answered": "answered", "partly": "partly", "not-answered": "not answered"}
    short = look.short_labels(ws)
    table = text[text.index("4. Service completeness"):]
    for oa in a.options:  # each option's row: its short label, then the four states in order (with answers)
        at = table.index(short[oa.option])
        for q in oa.article.answers:  # the next state word after the previous one is this question's
            found = re.compile(r"\b(?:not answered|(?<!not )answered|partly)\b").search(table, at)
            assert found is not None and found.group(0) == words[q.state.value], (oa.option, q.question)
            at = found.end()


def test_a_missed_limit_is_written_without_exponent_notation(r1_8k1k_no_winner):
    # TRT-LLM on B200 at concurrency 256: TTFT p99 17.65 s against 10 s, as the SLO line writes it
    _ws, a = r1_8k1k_no_winner
    reason = str(a.option("trtllm-nv-b200").slo_standing.reason)
    assert "TTFT p99 17,646 ms > 10,000 ms" in reason and "e+0" not in reason
