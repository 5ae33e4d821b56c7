"""Knock-outs, derived once in the Assessment: an option whose capacity fails the SLO, fails parity
or cannot be judged against a limit (with nothing to fall back on) is not recommendable, with its
reason and what would make it recommendable; the one order of every view; an option kind without
a GPU capacity (a hosted API) judged by a hook; a lower bound's range for the draws; the stated
mappings and request lengths as the workspace stores them (schema 6, with its migration)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from analysis_factory import E, keep_sweep, run, with_option, workspace

from deepdecide.analysis import evaluate, standing
from deepdecide.analysis.assessment import MEETS_SLO, CapacityBasis, SloStanding, SloStatus
from deepdecide.analysis.cost import capacity_estimate
from deepdecide.domain import formatting
from deepdecide.domain.edits import EditError, with_mappings
from deepdecide.domain.evidence import Evidence, EvidenceFile, Provenance, StatMapping
from deepdecide.domain.messages import Amount, msg
from deepdecide.domain.workspace import SLO, Strategy
from deepdecide.storage import files


def _with_runs(ws, runs):
    return replace(ws, evidence=Evidence(files=(EvidenceFile(Provenance("b.json", 1, "00" * 32, "t"), tuple(runs)),)))


def test_an_option_that_fails_the_slo_is_not_recommendable_with_its_reason_and_a_remedy():
    ws = workspace(slo=SLO(ttft_p99_ms=100))  # no keep-vllm-h100 run meets TTFT p99 <= 100 ms
    a = evaluate(ws, sensitivity=False)
    oa = a.option("keep-vllm-h100")
    assert oa.slo_standing.status == SloStatus.FAILS_SLO and not oa.eligible and oa.rank is None
    assert oa.eligibility_reasons[0] == oa.slo_standing.reason
    assert "fails the SLO at the lightest measured load" in str(oa.slo_standing.reason)
    assert "measured to meet the SLO, or a looser SLO" in str(oa.slo_standing.remedies[0])
    assert not oa.can_win and "keep-vllm-h100" not in a.ranking


def test_no_winner_when_no_option_is_recommendable_and_what_would_make_one():
    ws = workspace(slo=SLO(ttft_p99_ms=100))
    ws = with_option(ws, "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": None})
    a = evaluate(ws, sensitivity=True, monte_carlo=True, draws=200)
    assert a.winner is None and a.ranking == () and a.sensitivity is None and a.recommended is None
    assert str(a.no_recommendation) == "no option meets the SLO with the evidence at hand"
    said = [str(r) for r in a.remedies]
    assert any(r.startswith("Keep H100 with vLLM: a configuration or load") for r in said)
    assert any("Port DeepInfer to H100: a stated assumed capacity" in r for r in said)
    assert all(a.monte_carlo.for_option(o.option).p_best == 0 for o in a.options)
    assert formatting.p_best(0.0, a.options[0].can_win, 200) == formatting.DASH


def test_a_run_without_the_figure_cannot_be_judged_and_the_assumption_takes_over_labelled():
    runs = [replace(r, num_requests=None, completed=None, failed=None) for r in keep_sweep()]
    ws = with_option(_with_runs(workspace(), runs), "keep-vllm-h100",
                     cost={"assumed_output_tps_per_gpu": E(500, 800, 1000)})
    oa = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    cap = oa.capacity
    assert cap.basis == CapacityBasis.ASSUMED and cap.value == 800
    assert cap.unjudged == ("error rate cannot be computed (no failed / completed counts)",)
    assert "cannot be judged against the SLO" in str(cap.figure.flags[0]) and oa.eligible
    # without the assumption: not recommendable, never a failure
    bare = with_option(_with_runs(workspace(), runs), "keep-vllm-h100")
    oa = evaluate(bare, sensitivity=False).option("keep-vllm-h100")
    assert oa.capacity.basis == CapacityBasis.CANNOT_JUDGE and oa.slo_standing.status == SloStatus.CANNOT_JUDGE
    # the lightest loads miss no limit: they cannot be judged; the heaviest misses TPOT p99 whatever its errors
    assert [p.failures == () for p in oa.capacity.points] == [True, True, True, False]
    assert not any(p.meets_slo for p in oa.capacity.points)
    assert "max_error_rate: null" in str(oa.slo_standing.remedies[0])


def test_one_order_ranked_first_then_the_knocked_out_then_the_blocked_then_dev_only():
    slow = [replace(r, ttft_ms_p99=r.ttft_ms_p99 * 10) for r in keep_sweep()]  # TTFT p99 3 s and more
    sm100 = run("deepinfer", "nv-b200", 256, 340000, 68, ttft99=800, tpot99=25)
    ws = _with_runs(workspace(), [*slow, sm100])
    ws = replace(ws, answers=tuple(replace(x, provider="") if x.option == "port-deepinfer-h100" and x.item == "kv-cache"
                                   else x for x in ws.answers))
    a = evaluate(ws, sensitivity=False)
    # buy-sm100-deepinfer ranks; keep-vllm-h100 fails the SLO; port-deepinfer-h100 is blocked; rtx is dev-only
    assert a.ranking == ("buy-sm100-deepinfer",)
    assert a.order == ("buy-sm100-deepinfer", "keep-vllm-h100", "port-deepinfer-h100", "rtx-dev-only")


def test_an_option_kind_without_a_gpu_capacity_is_judged_by_its_own_rule(monkeypatch):
    """A hosted API has no GPU capacity: its kind registers how it is judged against the SLO."""
    ws = with_option(workspace(), "port-deepinfer-h100", cost={"assumed_output_tps_per_gpu": None})
    oa = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    assert oa.slo_standing.status == SloStatus.NO_EVIDENCE and not oa.eligible
    monkeypatch.setattr(standing, "_JUDGES", {})
    standing.register(Strategy.PORT.value, lambda ws, option, cap: MEETS_SLO)
    assert evaluate(ws, sensitivity=False).option("port-deepinfer-h100").eligible
    missed = SloStanding(SloStatus.FAILS_SLO, msg("t.slow", "the provider states TTFT p99 3 s"),
                         (msg("t.faster", "a faster tier"),))
    standing.register(Strategy.PORT.value, lambda ws, option, cap: missed)
    oa = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    assert not oa.eligible and str(oa.eligibility_reasons[0]) == "the provider states TTFT p99 3 s"


def test_a_lower_bound_opens_upward_only_as_far_as_the_evidence_allows():
    # the SLO holds at the heaviest load judged (64); a heavier run (128) cannot be judged (no counts):
    # the draws may go up to its throughput, never above
    sweep = list(keep_sweep()[:3]) + [replace(keep_sweep()[3], tpot_ms_p99=40.0, tpot_ms_p50=30.0,
                                              interactivity_tps_per_user=1000 / 30, num_requests=None,
                                              completed=None, failed=None)]
    ws = _with_runs(workspace(), sweep)
    oa = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    cap = oa.capacity
    assert cap.basis == CapacityBasis.LOWER_BOUND and cap.value == 2750
    assert (cap.low, cap.high) == (2750, 3500)
    assert any("the draws go from 2,750 up to 3,500" in str(f) for f in cap.figure.flags)
    est, assumed, _why = capacity_estimate(cap, ws.options[0])
    assert (est.low, est.likely, est.high) == (2750, 2750, 3500) and not assumed
    # nothing measured above it: the draws stay at the lower bound, and it says so
    ws = _with_runs(workspace(), keep_sweep()[:3])
    cap = evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity
    assert cap.low is None and any("never go above 2,750" in str(f) for f in cap.figure.flags)


def test_runs_of_different_server_configurations_are_different_sweeps():
    ep = [replace(r, expert_parallel=8, dp_attention=True) for r in keep_sweep()[2:]]
    ws = _with_runs(workspace(), [*keep_sweep()[:2], *ep])
    cap = evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity
    # without the configuration the 32 -> 64 step would be "interpolated" across two deployments
    assert {c.configuration for c in cap.configurations} == {"", "EP8 DP-attention"}
    assert cap.configuration == "EP8 DP-attention" and cap.basis == CapacityBasis.INTERPOLATED
    assert cap.value == pytest.approx(2750 + (50 - 45) / (65 - 45) * 750)


def test_why_figures_at_the_precision_the_tables_print():
    assert str(Amount(1.7234, "$/M tokens", True, 1.5, 2.0)) == "≈ $1.7/M tokens"
    assert str(Amount(1.7234, "$/M tokens")) == "$1.72/M tokens"
    assert formatting.quantity(33.2e6, "$", approx=True, low=25e6, high=40e6) == \
        formatting.money(33.2e6, approx=True, low=25e6, high=40e6) == "≈ $33M"


def test_a_stated_mapping_is_checked_and_stored_with_its_reason():
    f = EvidenceFile(Provenance("b.json", 1, "00" * 32, "t"), keep_sweep())
    mapped = with_mappings(f, (StatMapping("tpot_ms_p99", "tpot_ms_mean", 1.3, " measured ratio "),))
    assert mapped.mappings == (StatMapping("tpot_ms_p99", "tpot_ms_mean", 1.3, "measured ratio"),)
    assert with_mappings(mapped, remove=("tpot_ms_p99",)).mappings == ()
    for bad, said in ((StatMapping("tpot_ms_p99", "tpot_ms_p99", 1.3, "x"), "not tpot_ms_p99 from itself"),
                      (StatMapping("error_rate", "tpot_ms_mean", 1.3, "x"), "not a latency statistic"),
                      (StatMapping("tpot_ms_p99", "tpot_ms_mean", 0, "x"), "positive number"),
                      (StatMapping("tpot_ms_p99", "tpot_ms_mean", 1.3, " "), "needs a reason")):
        with pytest.raises(EditError, match=said):
            with_mappings(f, (bad,))


def test_schema_5_inferencemax_runs_get_their_lengths_from_the_name_and_their_configuration(tmp_path):
    ws = files.load_builtin_workspace()
    r = run("trtllm", "nv-b200", 64, 8000, 8)
    r = replace(r, tool="inferencemax_agg", input_tokens=None, output_tokens=None, label="conc 64 tp8 ep8 dp-attention")
    prov = Provenance("agg_dsr1_1k8k.json", 1, "00" * 32, "inferencemax_agg")
    ws = replace(ws, evidence=Evidence(files=(EvidenceFile(prov, (r,)),)))
    path = tmp_path / "old.deepdecide.yaml"
    files.save_workspace(ws, path)
    text = path.read_text(encoding="utf-8")
    for key in ("tensor_parallel", "expert_parallel", "dp_attention"):
        assert key not in text
    path.write_text(text.replace(f"schema_version: {files.SCHEMA_VERSION}\n", "schema_version: 5\n", 1),
                    encoding="utf-8")
    warnings: list = []
    got = files.load_workspace(path, warnings).evidence.runs[0]
    assert (got.input_tokens, got.output_tokens) == (1024, 8192)
    assert (got.tensor_parallel, got.expert_parallel, got.dp_attention) == (8, 8, True)
    assert any(f.id == "inferencemax.lengths_from_file_name" for f in got.quality_flags)
    assert any("read from the file name agg_dsr1_1k8k.json" in w.reason for w in warnings)
