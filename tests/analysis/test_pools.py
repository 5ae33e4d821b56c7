"""Prefill and decode as separate pools (schema 10): the sample's 4 + 64 option and its mixed H100 +
SM100 option sized per pool by hand (docs/analysis.md, "Prefill and decode pools"), per-pool
classification, the checklist per topology, the schema 8 -> 9 migration, and per-pool capacity from
the real disaggregated files in ../shared/fixtures."""

from __future__ import annotations

import csv
import math
from dataclasses import replace

import pytest
from analysis_factory import E, workspace

from deepdecide.analysis import evaluate
from deepdecide.analysis import pools as P
from deepdecide.analysis.assessment import CapacityBasis, PoolBasis
from deepdecide.domain.evidence import BenchmarkRun
from deepdecide.domain.workspace import KvTransfer, Pool, Topology, TopologyKind
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import load_builtin_workspace, load_workspace

# the economic $/GPU-h of a bought B200 in the sample: $55,000 over 4 years + 2.17 kW x $0.10 + $0.10
B200_HOUR = 55_000 / (4 * 8760) + 2.17 * 0.10 + 0.10


@pytest.fixture(scope="module")
def sample():
    return evaluate(load_builtin_workspace(), sensitivity=False)


def test_demand_in_both_directions(sample):
    d = sample.demand
    assert d.output_tps.value == 200_000 and d.tokens_in_per_out == 8  # 8,192 in / 1,024 out
    assert d.input_tps.value == 1_600_000 and d.input_tps.unit == "input tok/s"


def test_the_articles_4_plus_64_at_its_measured_ratio_by_hand(sample):
    """The worked example of docs/analysis.md: 200,000 output tok/s at 8 input tokens per output token,
    20 % headroom, one spare unit; prefill 20,000 input tok/s per GPU, decode 637.5 output tok/s per GPU
    (both assumed)."""
    oa = sample.option("buy-sm100-deepinfer")
    p = oa.pools
    assert (p.kind, p.kv_transfer, p.ratio) == ("disaggregated", "scale-up-domain", "measured")
    # one configuration: decode 64 x 637.5 = 40,800; prefill 4 x 20,000 / 8 = 10,000 -> prefill limits
    assert p.unit_output_tps == 10_000 and p.limiting == "prefill"
    assert p.idle_share == pytest.approx(1 - 10_000 / 40_800)  # 75.5 % of the decode pool unused
    # 200,000 x 1.2 / 10,000 = 24 configurations (+ 1 spare): 24 + 1 workers per pool
    assert p.units == 24 and p.prefill.workers == p.decode.workers == 24
    assert p.prefill.spare_workers == p.decode.spare_workers == 1
    assert (p.prefill.gpus, p.decode.gpus) == (25 * 4, 25 * 64) == (100, 1600)
    assert (p.prefill.nodes, p.decode.nodes) == (13, 200)  # 100 / 8 = 12.5 -> 13; 1,600 / 8
    assert p.prefill.basis == p.decode.basis == PoolBasis.ASSUMED
    assert (p.prefill.limit, p.decode.limit) == ("TTFT", "TPOT")
    # the option is sized by the pools: 10,000 / 68 output tok/s per serving GPU, 25 x 72 = 1,800 GPUs
    assert oa.capacity.value == pytest.approx(10_000 / 68) and oa.capacity.basis == CapacityBasis.ASSUMED
    assert (oa.fleet.units, oa.fleet.gpus.value) == (24, 1800)
    # $/M per direction, all-in view: both pools bought B200s; 24 x 10,000 output tok/s served
    tokens_per_hour = 24 * 10_000 * 3600 / 1e6
    out = 1600 * B200_HOUR / tokens_per_hour
    inp = 100 * B200_HOUR / tokens_per_hour / 8
    assert p.decode.cost_per_m_tokens_usd.value == pytest.approx(out)  # $3.49 per M output tokens
    assert p.prefill.cost_per_m_tokens_usd.value == pytest.approx(inp)  # $0.0273 per M input tokens
    assert p.cost_per_m_output_usd.value == pytest.approx(out) and p.cost_per_m_input_usd.value == pytest.approx(inp)
    assert p.cost_per_m_blended_usd.value == pytest.approx((inp * 8 + out) / 9)  # $0.412 per M tokens
    assert [m.id for m in p.messages] == ["pools.idle"]


def test_owned_h100_prefill_bought_sm100_decode_by_hand(sample):
    oa = sample.option("mixed-h100-prefill-sm100-decode")
    p = oa.pools
    assert p.ratio == "sized" and p.kv_transfer == "rdma" and p.units is None
    # prefill: 240,000 x 8 / (8 x 6,000) = 40 workers + 1 spare = 328 H100s, all owned (1,024 owned)
    assert (p.prefill.platform, p.prefill.runtime, p.prefill.workers) == ("nv-h100", "sglang", 40)
    assert (p.prefill.gpus, p.prefill.owned_used, p.prefill.new_gpus) == (328, 328, 0)
    # decode: 240,000 / (8 x 800) = 37.5 -> 38 workers + 1 spare = 312 B200s, bought
    assert (p.decode.platform, p.decode.workers, p.decode.gpus, p.decode.new_gpus) == ("nv-b200", 38, 312, 312)
    assert p.decode.acquire == "buy" and p.prefill.acquire == ""
    # each pool classified on its own: SGLang lists both platforms
    assert oa.classification.official and not p.experimental_pools
    assert {pool.classification.official for pool in (p.prefill, p.decode)} == {True}
    # each pool priced on its own platform, and the option ranked on the sum of its pools (said on the option)
    ids = [m.id for m in oa.messages]
    assert "pools.priced_per_pool" in ids and "pools.priced_on_option_platform" not in ids
    assert oa.eligible and oa.rank is not None
    assert not [r for r in oa.eligibility_reasons if r.id in ("eligibility.mixed_money", "eligibility.pools_unpriced")]
    # the option's fleet: 328 owned H100s + 312 bought B200s, none of the H100s bought
    assert (oa.fleet.gpus.value, oa.fleet.owned_used, oa.fleet.shortfall_gpus) == (640, 328, 312)
    assert oa.fleet.acquire == "buy" and oa.fleet.nodes == 41 + 39
    pools = {pool: fig.value for fig in oa.fleet.gpus.trail for pool in ("prefill", "decode") if pool in str(fig.name)}
    assert pools == {"prefill": 328, "decode": 312}
    # its money: each pool's (hardware and running, on its own platform) + the current fleet until both pools
    # serve + the option's engineering; $/M output tokens = the prefill pool's + the decode pool's
    c = oa.costs
    for view in (c.cash, c.all_in):
        assert view is not None
    assert c.cost_per_m_tokens_usd.value == pytest.approx(p.prefill.cost_per_m_tokens_usd.value * 8
                                                          + p.decode.cost_per_m_tokens_usd.value)
    bridge = [t.value for t in c.tco_usd.trail if getattr(t.name, "id", "") in ("trail.bridge", "trail.bridge_value")]
    assert c.tco_usd.value == pytest.approx(p.prefill.tco_all_in_usd + p.decode.tco_all_in_usd + sum(bridge)
                                            + c.engineering_usd.value)
    # the months still add up to the TCO of each view, with the B200 purchase in them
    assert sum(m.total for m in c.cash_flow.months) == pytest.approx(c.cash.tco_usd.value)
    assert [x.gpus for x in c.cash_flow.purchases] == [312]
    # the option's capacity from both pools: 1 / (8 / 6,000 + 1 / 800) output tok/s per GPU
    assert oa.capacity.value == pytest.approx(1 / (8 / 6000 + 1 / 800))


def test_pools_on_one_platform_share_its_owned_gpus_once():
    """Both pools on H100 with 400 owned H100s, fewer than the pools' 328 + 312: the prefill pool takes
    the owned GPUs it needs first (328), the decode pool the rest (72) and buys its shortfall (240); the
    option's owned GPUs are the 400 once (docs/analysis.md, "Cost per pool")."""
    ws = load_builtin_workspace()
    mixed = ws.option("mixed-h100-prefill-sm100-decode")
    topo = replace(mixed.topology, decode=replace(mixed.topology.decode, platform="nv-h100"))
    fleet = tuple(replace(f, owned_gpus=400) if f.platform == "nv-h100" else f for f in ws.fleet)
    ws = replace(ws, fleet=fleet, options=tuple(replace(o, topology=topo) if o.id == mixed.id else o
                                                for o in ws.options))
    oa = evaluate(ws, sensitivity=False).option(mixed.id)
    p = oa.pools
    assert (p.prefill.platform, p.decode.platform) == ("nv-h100", "nv-h100")
    assert (p.prefill.gpus, p.prefill.owned_used, p.prefill.new_gpus) == (328, 328, 0)
    assert (p.decode.gpus, p.decode.owned_used, p.decode.new_gpus) == (312, 72, 240)
    f = oa.fleet
    assert (f.gpus.value, f.owned_gpus, f.owned_used, f.shortfall_gpus, f.freed_gpus) == (640, 400, 400, 240, 0)
    assert [x.gpus for x in oa.costs.cash_flow.purchases] == [240]
    # with more owned than both pools need, the rest is freed once: 1,024 - 640 = 384
    ws2 = replace(ws, fleet=tuple(replace(f, owned_gpus=1024) if f.platform == "nv-h100" else f for f in ws.fleet))
    f2 = evaluate(ws2, sensitivity=False).option(mixed.id).fleet
    assert (f2.owned_gpus, f2.owned_used, f2.shortfall_gpus, f2.freed_gpus) == (1024, 640, 0, 384)


def test_the_draws_price_the_mixed_options_pools_with_their_platforms_drawn_prices():
    """The scenario model prices a mixed option's pools as columns of their own: one B200 purchase price
    for every B200 user (the decode pool included), one H100 price for every H100 user (the prefill pool);
    at a drawn price the option's money is what the deterministic figures give at that price, and its
    Monte Carlo spread is not degenerate."""
    import numpy as np

    from deepdecide.analysis.engine import _prepare

    ws = load_builtin_workspace()
    ids = [o.id for o in ws.options]
    j = ids.index("mixed-h100-prefill-sm100-decode")
    model = _prepare(ws).model
    pc, dc = model.pool_of[j]
    inputs = {i.key: i for i in model.uncertain_inputs()}
    h100, b200 = inputs["fleet.nv-h100.purchase_usd_per_gpu"], inputs["fleet.nv-b200.purchase_usd_per_gpu"]
    assert j in h100.columns and h100.pool_columns == (pc,)
    assert j in b200.columns and b200.pool_columns == (dc,)
    assert inputs[f"{ids[j]}.time_to_production_weeks"].pool_columns == (pc, dc)
    # the B200 purchase price at its high end, as one draw would set it: the mixed option's TCO is the one
    # the deterministic figures give with that price
    p = model.broadcast(1)
    arr = p["capex"].copy()
    arr[:, [*b200.columns, *b200.pool_columns]] = b200.estimate.high
    p["capex"] = arr
    with np.errstate(all="ignore"):
        drawn = model.metrics(p)
    fleet = tuple(replace(f, purchase_usd_per_gpu=E(b200.estimate.high, b200.estimate.high, b200.estimate.high))
                  if f.platform == "nv-b200" else f for f in ws.fleet)
    at_high = evaluate(replace(ws, fleet=fleet), sensitivity=False).option(ids[j]).costs
    assert drawn["tco_usd"][0, j] == pytest.approx(at_high.tco_usd.value)
    assert drawn["cost_per_m_tokens_usd"][0, j] == pytest.approx(at_high.cost_per_m_tokens_usd.value)
    with np.errstate(all="ignore"):
        likely = model.metrics(model.broadcast(1))
    assert drawn["tco_usd"][0, j] > likely["tco_usd"][0, j]
    # the Monte Carlo: the mixed option's $/M and TCO vary with the draws, and it can win some
    a = evaluate(ws, sensitivity=False, monte_carlo=True, draws=500, seed=7)
    d = next(o for o in a.monte_carlo.options if o.option == ids[j])
    assert d.cost_per_m_tokens_usd.p10 < d.cost_per_m_tokens_usd.p50 < d.cost_per_m_tokens_usd.p90
    assert d.tco_usd.p10 < d.tco_usd.p50 < d.tco_usd.p90
    assert 0 < d.p_best < 1
    assert d.cost_per_m_tokens_usd.p10 <= a.option(ids[j]).costs.cost_per_m_tokens_usd.value \
        <= d.cost_per_m_tokens_usd.p90


def _pool_at(ws, option_id, role, value):
    """The workspace with one pool's stated capacity exact at ``value``."""
    o = ws.option(option_id)
    pool = replace(getattr(o.topology, role), assumed_tps_per_gpu=E(value, value, value))
    topo = replace(o.topology, **{role: pool})
    return replace(ws, options=tuple(replace(x, topology=topo) if x.id == option_id else x for x in ws.options))


@pytest.mark.parametrize(("option_id", "role", "end", "moves"), [
    ("mixed-h100-prefill-sm100-decode", "prefill", "low", True),
    ("mixed-h100-prefill-sm100-decode", "decode", "high", True),
    ("buy-sm100-deepinfer", "prefill", "high", True),
    # at the measured 4 + 64 the prefill pool limits: 64 x 450.5 decode still exceeds 4 x 20,000 / 8
    ("buy-sm100-deepinfer", "decode", "low", False)])
def test_the_draws_take_each_pools_capacity_on_its_own(option_id, role, end, moves):
    """Each pool's capacity is an uncertain input of its own (the option's capacity follows from its
    pools', never drawn as one): set to one end of its range, as a draw or a sweep would set it, the
    option's capacity, $/M and TCO are what the deterministic figures give with the pool stated exactly
    there: the mixed option's pools each on their own platform (sized each on its own), the 4 + 64 option
    at its measured ratio (never rescaled)."""
    import numpy as np

    from deepdecide.analysis.engine import _prepare

    ws = load_builtin_workspace()
    ids = [o.id for o in ws.options]
    j = ids.index(option_id)
    model = _prepare(ws).model
    inputs = {i.key: i for i in model.uncertain_inputs()}
    assert f"{option_id}.capacity" not in inputs  # the pools' capacities stand for it
    inp = inputs[f"{option_id}.{role}.capacity"]
    assert inp.param == ("pool_in" if role == "prefill" else "pool_out") and inp.columns == (j,)
    assert inp.unit == ("input tok/s/GPU" if role == "prefill" else "output tok/s/GPU")
    value = getattr(inp.estimate, end)
    p = model.broadcast(1)
    arr = p[inp.param].copy()
    arr[:, j] = value
    p[inp.param] = arr
    with np.errstate(all="ignore"):
        drawn = model.metrics(p)
        likely = model.metrics(model.broadcast(1))
    at = evaluate(_pool_at(ws, option_id, role, value), sensitivity=False).option(option_id)
    assert drawn["capacity_tps_per_gpu"][0, j] == pytest.approx(at.capacity.value)
    assert drawn["cost_per_m_tokens_usd"][0, j] == pytest.approx(at.costs.cost_per_m_tokens_usd.value)
    assert drawn["tco_usd"][0, j] == pytest.approx(at.costs.tco_usd.value)
    assert bool(drawn["tco_usd"][0, j] != likely["tco_usd"][0, j]) == moves
    # the sweep takes the same path: the winner at that value is the one the deterministic ranking gives
    won = model.sweep_winners([inp], np.array([[value]]))[0, 0]
    assert ids[won] == evaluate(_pool_at(ws, option_id, role, value), sensitivity=False).winner


def test_a_mixed_options_cost_range_spans_its_pools_capacity_ranges():
    """The mixed option's $/M range (what "≈" and its precision rest on) reaches at least the $/M it has with
    both pools stated exactly at their low capacities, and down to that at their high ones: the pools'
    capacity ranges count, as an option's own capacity range does."""
    ws = load_builtin_workspace()
    mid = "mixed-h100-prefill-sm100-decode"
    o = ws.option(mid)
    views = {}
    for end in ("low", "high"):
        at = ws
        for role in ("prefill", "decode"):
            at = _pool_at(at, mid, role, getattr(getattr(o.topology, role).assumed_tps_per_gpu, end))
        views[end] = evaluate(at, sensitivity=False).option(mid).costs.all_in.cost_per_m_tokens_usd.value
    v = evaluate(ws, sensitivity=False).option(mid).costs.all_in
    assert v.low <= views["high"] < v.cost_per_m_tokens_usd.value < views["low"] <= v.high


def test_a_pool_sized_capacity_states_its_range_and_the_flip_table_names_the_pools():
    a = evaluate(load_builtin_workspace(), monte_carlo=True, draws=400, seed=3)
    mixed = a.option("mixed-h100-prefill-sm100-decode")
    note = str(mixed.capacity.range_note)
    assert mixed.capacity.range_basis.value == "pools"
    assert "prefill 4,000 to 8,000 input tok/s/GPU, decode 530 to 1,200 output tok/s/GPU" in note, note
    # both pools at their low: 1 / (8 / 4,000 + 1 / 530) = 257 output tok/s per GPU; at their high 545
    assert mixed.capacity.low == pytest.approx(1 / (8 / 4000 + 1 / 530))
    assert "from 257 to 545" in note
    assert "the prefill pool's stated low and high" in str(mixed.pools.prefill.range_note)
    assert a.monte_carlo is not None and "mixed-h100-prefill-sm100-decode.decode.capacity" in a.monte_carlo.drawn
    flip = next(f for f in a.sensitivity.inputs if f.key == "mixed-h100-prefill-sm100-decode.decode.capacity")
    assert "the decode pool's stated low and high" in str(flip.note)


def test_a_pool_that_cannot_be_priced_says_so_and_is_not_ranked():
    """A pool on a platform with no prices: the option's money is not stated (never priced on the option's
    platform instead), and it is not ranked (``eligibility.pools_unpriced``)."""
    ws = load_builtin_workspace()
    mixed = ws.option("mixed-h100-prefill-sm100-decode")
    topo = replace(mixed.topology, prefill=replace(mixed.topology.prefill, platform="nv-unpriced"))
    ws = replace(ws, options=tuple(replace(o, topology=topo) if o.id == mixed.id else o for o in ws.options))
    oa = evaluate(ws, sensitivity=False).option(mixed.id)
    assert not oa.eligible and oa.rank is None
    assert [r.id for r in oa.eligibility_reasons if r.id.startswith("eligibility.pools")] == \
        ["eligibility.pools_unpriced"]
    assert "the prefill pool cannot be priced on its own platform" in str(oa.eligibility_reasons[-1])
    assert oa.costs.tco_usd.value is None and oa.costs.cost_per_m_tokens_usd.value is None
    assert oa.fleet.gpus.value is None and oa.costs.cash_flow is None
    assert "cannot be priced" in str(oa.costs.tco_usd.missing_reason)


def test_sizing_by_hand():
    s = P.size_measured(200_000, 8, 0.2, 4, 64, 20_000, 637.5)
    assert (s.units, s.prefill_gpus, s.decode_gpus, s.limiting) == (24, 96, 1536, "prefill")
    # a decode-bound mix: 1 input token per output token
    s = P.size_measured(200_000, 1, 0.0, 4, 64, 20_000, 637.5)
    assert s.unit_output_tps == 40_800 and s.limiting == "decode" and s.units == 5
    s = P.size_pools(200_000, 8, 0.2, 8, 8, 6000, 800)
    assert (s.prefill_workers, s.decode_workers, s.prefill_gpus, s.decode_gpus) == (40, 38, 320, 304)


def test_an_experimental_pool_makes_the_option_experimental_and_names_the_pool():
    ws = load_builtin_workspace()
    mixed = ws.option("mixed-h100-prefill-sm100-decode")
    topo = replace(mixed.topology, prefill=replace(mixed.topology.prefill, runtime="deepinfer"))
    ws = replace(ws, options=tuple(replace(o, topology=topo) if o.id == mixed.id else o for o in ws.options))
    oa = evaluate(ws, sensitivity=False).option(mixed.id)
    assert not oa.classification.official and oa.pools.experimental_pools == ("prefill",)
    reasons = " ".join(map(str, oa.classification.reasons))
    assert "the prefill pool is not officially supported" in reasons and "deepinfer on nv-h100" in reasons


def test_pd_orchestration_is_needed_by_disaggregated_options_only(sample):
    for oid in ("keep-vllm-h100", "keep-sglang-h100"):
        line = next(ln for ln in sample.option(oid).checklist.lines if ln.item == "pd-orchestration")
        assert not line.needed and not line.counted
        assert "Prefill/decode orchestration" in sample.option(oid).checklist.not_needed
    line = next(ln for ln in sample.option("mixed-h100-prefill-sm100-decode").checklist.lines
                if ln.item == "pd-orchestration")
    assert line.needed and line.counted  # external: its effort counts
    # keep-vllm's "external" answer (llm-d, 4 person-weeks likely) no longer counts for its colocated layout
    assert sample.option("keep-vllm-h100").checklist.effort_person_weeks.value == pytest.approx(2)


def test_pools_without_capacity_leave_the_option_as_before():
    """A disaggregated topology whose pools state no capacity is sized as one unit at the option's own
    capacity (schema 8's behaviour); the missing pool capacity is said."""
    ws = workspace()
    topo = Topology("4 + 64", gpus_per_node=8, kind=TopologyKind.DISAGGREGATED, prefill=Pool(4, workers=1),
                    decode=Pool(64, workers=1), unit_gpus=68)
    opts = tuple(replace(o, topology=topo, cost=replace(o.cost, assumed_output_tps_per_gpu=E(500, 600, 700)))
                 if o.id == "buy-sm100-deepinfer" else o for o in ws.options)
    own = evaluate(ws, sensitivity=False).option("buy-sm100-deepinfer").capacity  # the factory's measured run
    oa = evaluate(replace(ws, options=opts), sensitivity=False).option("buy-sm100-deepinfer")
    assert oa.capacity.value == own.value and oa.capacity.basis == own.basis
    assert oa.pools.prefill.basis == oa.pools.decode.basis == PoolBasis.NONE
    assert "pools.no_capacity" in {m.id for m in oa.pools.messages}


def test_an_assumption_never_replaces_a_failing_measurement():
    from deepdecide.analysis.assessment import Capacity, CapacitySource, Figure

    def cap(basis, source=CapacitySource.ASSUMED):
        return Capacity(Figure("c", 1.0, "u"), basis, source=source)

    pools = cap(CapacityBasis.ASSUMED)
    assert not P.replaces(cap(CapacityBasis.FAILS_SLO), pools)
    assert not P.replaces(cap(CapacityBasis.FAILS_PARITY), pools)
    assert not P.replaces(cap(CapacityBasis.MEASURED, CapacitySource.OWN), pools)
    assert P.replaces(cap(CapacityBasis.ASSUMED), pools) and P.replaces(cap(CapacityBasis.NONE), pools)
    measured = cap(CapacityBasis.MEASURED, CapacitySource.THIRD_PARTY)
    assert P.replaces(cap(CapacityBasis.MEASURED, CapacitySource.OWN), measured)


def test_a_disaggregated_run_gives_each_pool_its_capacity_at_its_measured_ratio():
    """A run of the option's runtime and platform with per-role GPU counts that meets the SLO sizes the
    pools at the run's ratio (never the topology's), labelled measured."""
    ws = workspace()
    run = BenchmarkRun(tool="test", runtime="deepinfer", platform="nv-b200", model="DeepSeek-V4.1-Flash",
                       gpu_count=24, prefill_gpus=8, decode_gpus=16, concurrency=64, input_tokens=8192,
                       output_tokens=1024, request_throughput_rps=10.0, output_throughput_tps=10_240.0,
                       ttft_ms_p99=900, tpot_ms_p99=30, label="pd 8+16")
    assert P.per_role_capacity(run) == (8192 * 10 / 8, 10_240 / 16)
    assert P.per_role_capacity(replace(run, gpu_count=20)) is None  # the counts contradict the total
    s = P.size_measured(200_000, 8, 0.0, 8, 16, 10_240, 640)
    # one configuration: min(16 x 640, 8 x 10,240 / 8) = 10,240 output tok/s, both pools balanced
    assert s.unit_output_tps == 10_240 and s.idle_share == 0 and s.units == math.ceil(200_000 / 10_240)
    del ws


def test_a_proxy_runs_pool_capacity_is_drawn_over_its_accepted_discount():
    """A pool capacity from an accepted proxy run stands at the discount's likely factor and is drawn over
    its low and high factors, as an option's capacity from a proxy is; a measured run's is exact."""
    from deepdecide.analysis.assessment import CapacitySource
    from deepdecide.domain.workspace import PoolRole

    run = BenchmarkRun(tool="test", runtime="deepinfer", platform="nv-b200", model="DeepSeek-V4-Flash",
                       gpu_count=24, prefill_gpus=8, decode_gpus=16, concurrency=64, input_tokens=8192,
                       output_tokens=1024, request_throughput_rps=10.0, output_throughput_tps=10_240.0,
                       ttft_ms_p99=900, tpot_ms_p99=30, label="pd 8+16")
    d = P._from_run(run, CapacitySource.PROXY, (0.7, 0.85, 1.0), PoolRole.DECODE)
    # 10,240 output tok/s / 16 decode GPUs = 640; x 0.85 = 544, drawn from 448 to 640
    assert (d.value, d.low, d.high, d.basis) == (pytest.approx(544), pytest.approx(448), 640, PoolBasis.PROXY)
    note = str(P._range_note(d, "decode"))
    assert note == ("proxy: the draws go from 448 to 640 output tok/s/GPU, the accepted discount (0.7 / 0.85 / 1) "
                    "of the run's 640 for the decode pool"), note
    m = P._from_run(run, CapacitySource.THIRD_PARTY, (1.0, 1.0, 1.0), PoolRole.PREFILL)
    assert (m.value, m.low, m.high) == (8192 * 10 / 8, None, None) and P._range_note(m, "prefill") is None


# ---------------------------------------------------------------------------------------------
# the schema 8 -> 9 migration


SCHEMA_8 = """kind: workspace
schema_version: 8
name: w
model: m
decision: {id: D, title: t}
matrix: builtin
options:
- id: sm100
  name: SM100
  strategy: buy
  runtime: deepinfer
  platform: nv-b200
  topology: {gpus_per_node: 8, prefill_gpus: 4, decode_gpus: 64, unit_gpus: 68, measured_on: nv-b200}
- id: split
  name: split
  strategy: buy
  runtime: deepinfer
  platform: nv-b200
  topology: {gpus_per_node: 8, prefill_gpus: 2, decode_gpus: 6}
- id: half
  name: half
  strategy: buy
  runtime: deepinfer
  platform: nv-b200
  topology: {gpus_per_node: 8, prefill_gpus: 4}
"""


def test_schema_8_topologies_become_pools(tmp_path):
    path = tmp_path / "old.deepdecide.yaml"
    path.write_text(SCHEMA_8, encoding="utf-8")
    ws = load_workspace(path)
    sm100, split, half = ws.options
    t = sm100.topology
    assert t.kind is TopologyKind.DISAGGREGATED and t.kv_transfer is KvTransfer.UNSTATED
    assert t.prefill == Pool(4, workers=1, measured_on="nv-b200") and t.decode == Pool(64, workers=1,
                                                                                       measured_on="nv-b200")
    assert (t.prefill_gpus, t.decode_gpus, t.unit_gpus) == (4, 64, 68)
    # no measured platform: the pools are sized on their own (no fixed ratio)
    assert split.topology.prefill == Pool(2) and split.topology.decode == Pool(6)
    assert half.topology.kind is TopologyKind.AGGREGATED and half.topology.prefill is None


def test_the_kept_schema_9_sample_opens_with_its_4_plus_64_as_pools():
    """The sample a schema-9 build wrote (tests/fixtures/history, never edited): its SM100 option's
    prefill_gpus 4 / decode_gpus 64 measured on nv-b200 become a disaggregated topology of one 4-GPU
    prefill worker and one 64-GPU decode worker at that measured configuration; its pools state no
    capacity, so the option keeps its own assumed capacity and says why the pools are not sized."""
    from pathlib import Path

    kept = Path(__file__).resolve().parents[1] / "fixtures" / "history" / "schema-9" / "0498128.sample.deepdecide.yaml"
    assert "prefill_gpus: 4" in kept.read_text(encoding="utf-8")
    ws = load_workspace(kept)
    t = ws.option("buy-sm100-deepinfer").topology
    assert t.kind is TopologyKind.DISAGGREGATED
    assert t.prefill == Pool(4, workers=1, measured_on="nv-b200") and t.decode == Pool(64, workers=1,
                                                                                       measured_on="nv-b200")
    oa = evaluate(ws, sensitivity=False).option("buy-sm100-deepinfer")
    assert oa.capacity.value == 600 and oa.capacity.basis is CapacityBasis.ASSUMED
    assert oa.pools is not None and oa.pools.ratio == "measured" and oa.pools.prefill.workers is None
    assert {m.id for m in oa.pools.messages} == {"pools.no_capacity"}


def test_schema_8_migration_warns_on_a_lone_count_and_names_the_old_place(tmp_path):
    from deepdecide.domain.errors import ValidationError

    path = tmp_path / "old.deepdecide.yaml"
    path.write_text(SCHEMA_8, encoding="utf-8")
    warnings: list[ValidationError] = []
    load_workspace(path, warnings=warnings)
    assert any("options[2].topology" in str(w) and "stays aggregated" in str(w) for w in warnings), warnings
    bad = tmp_path / "bad.deepdecide.yaml"
    bad.write_text(SCHEMA_8.replace("prefill_gpus: 2,", "prefill_gpus: 0,"), encoding="utf-8")
    with pytest.raises(ValidationError) as e:
        load_workspace(bad)
    assert "options[1].topology.prefill_gpus" in str(e.value) and "bad.deepdecide.yaml" in str(e.value)


# ---------------------------------------------------------------------------------------------
# real disaggregated evidence: per-pool capacity against hand values from the files


def _rows(path):
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_aiconfigurator_disagg_rows_give_per_pool_capacity(shared_fixture):
    path = shared_fixture("benchmarks/aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_pareto.csv")
    rows = _rows(path)
    runs = import_file(path).evidence.runs
    assert len(runs) == len(rows) == 7
    for row, run in zip(rows, runs, strict=True):
        p = int(row["(p)workers"]) * int(row["(p)tp"]) * int(row["(p)pp"]) * int(row["(p)dp"])
        d = int(row["(d)workers"]) * int(row["(d)tp"]) * int(row["(d)pp"]) * int(row["(d)dp"])
        # input tok/s = seq/s x ISL over the prefill GPUs; output tok/s over the decode GPUs
        want = (float(row["seq/s"]) * float(row["isl"]) / p, float(row["tokens/s"]) / d)
        assert P.per_role_capacity(run) == pytest.approx(want)
    # the first row by hand: 0.048 seq/s x 2,048 / 8 = 12.288 input tok/s per prefill GPU; 23.92 / 8 = 2.99
    assert P.per_role_capacity(runs[0]) == pytest.approx((12.288, 2.99))


def test_aiconfigurator_silicon_refs_state_roles_but_no_throughput(shared_fixture):
    """The measured silicon references give per-role counts and latencies, no throughput: no per-pool
    capacity is made up from them (the pools fall to their stated assumption)."""
    path = shared_fixture("benchmarks/aiconfigurator/aic_0.11_silicon_refs.csv")
    runs = [r for r in import_file(path).evidence.runs if r.prefill_gpus and r.decode_gpus]
    assert len(runs) == 12
    by_label = {r.label.split()[1]: r for r in runs}
    b200 = next(r for k, r in by_label.items() if k.startswith("dsr1_b200_trtllm_fp4_disagg"))
    assert (b200.prefill_gpus, b200.decode_gpus) == (4, 16)
    assert all(P.per_role_capacity(r) is None for r in runs)


def test_inferencex_powerx_disaggregated_rows_give_per_pool_capacity(shared_fixture):
    """The real InferenceX PowerX export (DeepSeek-V4-Pro FP4 on B200, 8K in / 1K out): its 14 dynamo
    disaggregated rows state per-role GPU counts and energy, no throughput column. The throughput the
    importer reads from power x GPUs / energy per token (an identity, flagged) gives each pool's capacity;
    the file's per-role power and energy say the same independently (prefill power x prefill GPUs / J per
    input token, decode power x decode GPUs / J per output token), and input over output is the file's
    8,192 / 1,024. Row 440855 by hand (1 prefill worker of TP8 + 4 decode workers of TP8): 554.132 W x 40
    GPUs = 22,165.28 W; / 5.384066 J = 4,116.8 output tok/s, / 32 decode GPUs = 128.65; / 0.597315 J per
    token = 37,108.2 tok/s, less the output = 32,991.4 input tok/s, / 8 prefill GPUs = 4,123.9."""
    path = shared_fixture("benchmarks/inferencex_api/powerx.csv")
    rows = {r["id"]: r for r in _rows(path) if r["disagg"] == "true"}
    runs = {r.label.split()[1]: r for r in import_file(path).evidence.runs if r.prefill_gpus and r.decode_gpus}
    assert sorted(runs) == sorted(rows) and len(runs) == 14
    for rid, run in runs.items():
        row = rows[rid]
        p, d = int(row["num_prefill_gpu"]), int(row["num_decode_gpu"])
        assert (run.prefill_gpus, run.decode_gpus, run.gpu_count) == (p, d, p + d)
        watts = float(row["avg_power_w"]) * (p + d)
        out = watts / float(row["joules_per_output_token"])
        inp = watts / float(row["joules_per_total_token"]) - out
        caps = P.per_role_capacity(run)
        assert caps == pytest.approx((inp / p, out / d), rel=1e-9), rid
        # the per-role power and energy, read apart, agree to 0.01 %
        by_role = (float(row["prefill_avg_power_w"]) * p / float(row["prefill_joules_per_input_token"]) / p,
                   float(row["decode_avg_power_w"]) * d / float(row["decode_joules_per_output_token"]) / d)
        assert caps == pytest.approx(by_role, rel=1e-4), rid
        assert inp / out == pytest.approx(8192 / 1024, rel=0.01), rid
    assert P.per_role_capacity(runs["440855"]) == pytest.approx((4123.9, 128.65), abs=0.05)


def test_inferencex_rows_whose_per_role_counts_contradict_their_throughput_give_no_pool_capacity(shared_fixture):
    """The InferenceX lookup's API rows are aggregated (disagg false) yet state 64 prefill and 64 decode GPUs
    although their per-GPU throughput is over 8 (SOURCES.md): the import keeps 8 GPUs and no per-role
    counts, so no pool capacity is read from them."""
    path = shared_fixture("benchmarks/inferencex_api/lookup.json")
    runs = import_file(path).evidence.runs
    assert len(runs) == 5
    assert all((r.gpu_count, r.prefill_gpus, r.decode_gpus) == (8, None, None) for r in runs)
    assert all(P.per_role_capacity(r) is None for r in runs)


def test_llmd_v01_heterogeneous_pd_report_gives_per_pool_capacity(shared_fixture):
    import yaml

    path = shared_fixture("benchmarks/llmd/br_v0_1_example_docs.yaml")
    (run,) = import_file(path).evidence.runs
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    req = doc["metrics"]["requests"]
    thr = doc["metrics"]["throughput"]
    rate = thr["requests_per_sec"]
    # the report's 1 prefill and 16 decode accelerators; input = requests/s x mean input length
    assert (run.prefill_gpus, run.decode_gpus) == (1, 16)
    want = (rate * req["input_length"]["mean"] / 1, thr["output_tokens_per_sec"] / 16)
    assert P.per_role_capacity(run) == pytest.approx(want)


def test_pool_assumptions_never_replace_the_options_measured_capacity():
    """The factory's B200 option has a measured run that meets the SLO: pools that state only assumed
    capacities do not size it, and say so (no workers, no pool cost)."""
    ws = workspace()
    topo = Topology("4 + 64", gpus_per_node=8, kind=TopologyKind.DISAGGREGATED,
                    prefill=Pool(4, workers=1, assumed_tps_per_gpu=E(10_000, 20_000, 30_000)),
                    decode=Pool(64, workers=1, assumed_tps_per_gpu=E(500, 600, 700)), unit_gpus=68)
    own = evaluate(ws, sensitivity=False).option("buy-sm100-deepinfer").capacity
    opts = tuple(replace(o, topology=topo) if o.id == "buy-sm100-deepinfer" else o for o in ws.options)
    oa = evaluate(replace(ws, options=opts), sensitivity=False).option("buy-sm100-deepinfer")
    assert own.basis != CapacityBasis.ASSUMED and oa.capacity.value == own.value
    assert oa.pools.units is None and oa.pools.prefill.workers is None and oa.pools.decode.gpus is None
    assert "pools.not_used" in {m.id for m in oa.pools.messages}


def test_real_aiconfigurator_disagg_rows_size_the_pools_at_their_ratio_labelled_predicted(shared_fixture):
    """End to end: the AIConfigurator disaggregated Pareto set (SGLang, DeepSeek-V4-Flash-FP8, 8 prefill +
    8 decode GPUs per row, modelled) is evidence for a disaggregated SGLang option on that system. With the
    file's own SLA as the SLO (TTFT 10,000 ms, TPOT 1,000 ms; its single modelled values read as p99 by a
    stated mapping), each pool takes the capacity of the best row that meets it, at that row's 8 + 8
    ratio, labelled predicted."""
    import dataclasses as dc

    from deepdecide.domain.evidence import Evidence, StatMapping
    from deepdecide.domain.workload import Workload
    from deepdecide.domain.workspace import SLO, Strategy
    from deepdecide.importers.base import ImportContext

    path = shared_fixture("benchmarks/aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_disagg_pareto.csv")
    rows = _rows(path)
    result = import_file(path, ImportContext(platform="nv-rtxpro6000"))
    mappings = (StatMapping("ttft_ms_p99", "ttft_ms_mean", 1.0, "AIConfigurator models one value"),
                StatMapping("tpot_ms_p99", "tpot_ms_mean", 1.0, "AIConfigurator models one value"))
    evidence = Evidence(files=(dc.replace(result.evidence, mappings=mappings),))
    ws = load_builtin_workspace()
    base = ws.option("keep-sglang-h100")
    option = replace(base, id="sglang-rtx-pd", name="SGLang P/D on RTX PRO 6000", strategy=Strategy.BUY,
                     platform="nv-rtxpro6000",
                     topology=Topology("P/D", gpus_per_node=8, kind=TopologyKind.DISAGGREGATED,
                                       prefill=Pool(8, assumed_tps_per_gpu=E(1, 2, 3)),
                                       decode=Pool(8, assumed_tps_per_gpu=E(1, 2, 3))))
    ws = replace(ws, options=(*ws.options, option), evidence=evidence,
                 workload=Workload(model=result.evidence.runs[0].model),
                 slo=SLO(ttft_p99_ms=10_000, tpot_p99_ms=1_000, max_error_rate=None))
    oa = evaluate(ws, sensitivity=False).option("sglang-rtx-pd")
    p = oa.pools
    # a predicted pool capacity is drawn at its value, and says so (no predictor error is stated per pool)
    assert oa.capacity.range_note is not None and oa.capacity.range_note.id == "pools.range_predicted"
    assert "predicted per pool by aiconfigurator: drawn at its value" in str(oa.capacity.range_note)
    # every row meets the SLA; the best makes 23.92 output tok/s over 16 GPUs (row 1 of the file)
    best = max(rows, key=lambda r: float(r["tokens/s"]))
    assert best is rows[0] and float(best["ttft"]) <= 10_000 and float(best["tpot"]) <= 1_000
    assert p.prefill.basis == p.decode.basis == PoolBasis.PREDICTED
    assert p.prefill.capacity.value == pytest.approx(0.048 * 2048 / 8)  # 12.288 input tok/s per prefill GPU
    assert p.decode.capacity.value == pytest.approx(23.92 / 8)  # 2.99 output tok/s per decode GPU
    assert p.ratio == "measured" and p.limiting  # the row's 8 + 8, never rescaled
