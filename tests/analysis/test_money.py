"""Money over time: one input per platform price, the monthly cash flow and its views, payback,
replacement and residual value, demand growth, the hosted-API baseline and its break-even demand.
Hand values are worked in docs/analysis.md ("Money over time")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from analysis_factory import E, aggregated_sm100, with_option, workspace

from deepdecide.analysis import evaluate, monte_carlo
from deepdecide.domain.workspace import HostedApi, Option, OwnedValue, PlatformFleet, Pricing, Strategy
from deepdecide.storage import files
from deepdecide.storage.files import load_builtin_workspace


@pytest.fixture(scope="module")
def sample():
    return evaluate(load_builtin_workspace(), sensitivity=True)


def test_a_platforms_price_is_one_input_for_every_option_on_it(sample):
    keys = [f.key for f in sample.sensitivity.inputs]
    assert "fleet.nv-h100.purchase_usd_per_gpu" in keys
    assert not [k for k in keys if k.endswith(".capex_per_gpu_usd") or k.endswith(".power_kw_per_gpu")]
    f = next(f for f in sample.sensitivity.inputs if f.key == "fleet.nv-h100.purchase_usd_per_gpu")
    # "H100 purchase price affects 5 options: no flip in its range" (the mixed option's H100 prefill pool too)
    assert f.platform == "nv-h100" and f.option is None
    assert f.options == ("keep-vllm-h100", "keep-sglang-h100", "keep-trtllm-h100", "port-deepinfer-h100",
                         "mixed-h100-prefill-sm100-decode")
    assert str(f.note).startswith("affects 5 options") and not (f.below_in_range or f.above_in_range)
    mc = monte_carlo(load_builtin_workspace(), draws=50, seed=1)
    assert mc.drawn.count("fleet.nv-h100.purchase_usd_per_gpu") == 1
    assert not [k for k in mc.drawn if k.startswith("keep-") and "capex" in k]


def test_one_draw_per_platform_gives_the_issues_p_best():
    """The issue's hand check: on schema 5's basis (owned GPUs at the new price, no headroom, no spare
    units, no hosted API) with one draw per platform, P(best) is about 86 / 8 / 5 % (10,000 draws)."""
    ws = load_builtin_workspace()
    a = replace(ws.assumptions, headroom=0.0, spare_units=0, owned_value=OwnedValue.PURCHASE)
    # that issue's options and checklist (before schema 10: no mixed option, every item for every option)
    ws = replace(ws, assumptions=a, options=tuple(o for o in aggregated_sm100(ws).options
                                                  if o.strategy != Strategy.HOSTED_API and o.topology.prefill is None
                                                  and o.id != "mixed-h100-prefill-sm100-decode"),
                 checklist=tuple(replace(i, topologies=()) for i in ws.checklist))
    mc = monte_carlo(ws, draws=10_000)
    p = {d.option: d.p_best for d in mc.options}
    assert p["keep-sglang-h100"] == pytest.approx(0.864, abs=0.015)
    assert p["keep-vllm-h100"] == pytest.approx(0.082, abs=0.015)
    assert p["keep-trtllm-h100"] == pytest.approx(0.054, abs=0.015)


def test_the_months_are_the_tco_of_each_view(sample):
    for oa in sample.options:
        cf = oa.costs.cash_flow
        if cf is None:
            assert oa.costs.tco_usd.value is None
            continue
        assert len(cf.months) == 36
        assert sum(m.total for m in cf.months) == pytest.approx(oa.costs.cash.tco_usd.value)
        assert sum(m.economic for m in cf.months) == pytest.approx(oa.costs.all_in.tco_usd.value)
        assert sum(y.total for y in cf.years) == pytest.approx(cf.total)
        assert [y.fiscal_year for y in cf.years] == ["FY2026", "FY2027", "FY2028", "FY2029"]
        assert [y.months for y in cf.years] == [2, 12, 12, 10]


def test_a_fiscal_year_is_named_by_the_year_it_ends_in():
    ws = load_builtin_workspace()
    ws = replace(ws, assumptions=replace(ws.assumptions, fiscal_year_start_month=7))
    cf = evaluate(ws, sensitivity=False).option("keep-sglang-h100").costs.cash_flow
    assert [(y.fiscal_year, y.months) for y in cf.years] == [("FY2027", 8), ("FY2028", 12), ("FY2029", 12),
                                                             ("FY2030", 4)]
    assert cf.months[8].label == "2027-07" and cf.months[8].fiscal_year == "FY2028"


def test_owned_gpus_out_of_support_inside_the_horizon_are_replaced_and_flagged():
    ws = load_builtin_workspace()
    fleet = tuple(replace(f, end_of_support="2028-06-30", replacement_usd_per_gpu=E.exact(30_000))
                  if f.platform == "nv-h100" else f for f in ws.fleet)
    oa = evaluate(replace(ws, fleet=fleet), sensitivity=False).option("keep-sglang-h100")
    assert "fleet.support_ends" in [w.id for w in oa.fleet.warnings]
    cf = oa.costs.cash_flow
    repl = [p for p in cf.purchases if p.kind == "replace"]
    assert [(p.label, p.gpus, p.amount) for p in repl] == [("2028-06", 1024, 1024 * 30_000)]
    assert repl[0].flag is not None
    june = next(m for m in cf.months if m.label == "2028-06")
    assert june.capex == pytest.approx(1024 * 30_000)
    # economic: the book value over the 19 months to 2028-06, then the replacement amortized
    before = 12_000 / 19
    july = next(m for m in cf.months if m.label == "2028-07")
    running = 1088 * 0.273 * 730
    assert july.economic == pytest.approx(1024 * 30_000 / 48 + 64 * 38_750 / 48 + running)
    may = next(m for m in cf.months if m.label == "2028-05")
    assert may.economic == pytest.approx(1024 * before + 64 * 38_750 / 48 + running)


def test_residual_value_comes_back_in_the_last_month():
    ws = aggregated_sm100(load_builtin_workspace())
    fleet = tuple(replace(f, residual_usd_per_gpu=E.exact(20_000)) if f.platform == "nv-b200" else f
                  for f in ws.fleet)
    oa = evaluate(replace(ws, fleet=fleet), sensitivity=False).option("buy-sm100-deepinfer")
    cf = oa.costs.cash_flow
    assert cf.residual == pytest.approx(504 * 20_000)
    assert cf.months[-1].capex == pytest.approx(-504 * 20_000)
    base = evaluate(aggregated_sm100(load_builtin_workspace()), sensitivity=False).option("buy-sm100-deepinfer")
    assert oa.costs.cash.tco_usd.value == pytest.approx(base.costs.cash.tco_usd.value - 504 * 20_000)
    assert oa.costs.all_in.tco_usd.value == pytest.approx(base.costs.all_in.tco_usd.value)  # amortized: no residual


def test_demand_growth_sizes_the_fleet_per_year_and_buys_ahead_of_the_ramp():
    ws = aggregated_sm100(load_builtin_workspace())
    ws = replace(ws, demand=replace(ws.demand, growth_per_year=E.exact(0.5)))
    oa = evaluate(ws, sensitivity=False).option("buy-sm100-deepinfer")
    years = oa.fleet.years
    assert [y.demand_tps for y in years] == pytest.approx([200_000, 300_000, 450_000])
    # 1.2 x 300,000 / 40,800 = 8.8 -> 9 units + 1 spare = 720; 1.2 x 450,000 / 40,800 = 13.2 -> 14 + 1 = 1,080
    assert [y.gpus for y in years] == [504, 720, 1080]
    assert [y.bought for y in years] == [504, 216, 360]
    # a later year's GPUs are paid on delivery one ramp month before that year starts: 2027-10, 2028-10
    assert [(p.label, p.gpus) for p in oa.costs.cash_flow.purchases] == [("2027-03", 504), ("2027-10", 216),
                                                                        ("2028-10", 360)]


def test_payback_is_the_month_the_cumulative_cash_stays_under_the_baselines():
    # a buy option with cheap, frugal GPUs pays back against keeping vLLM (the factory's first keep option)
    ws = with_option(workspace(), "buy-sm100-deepinfer",
                     cost={"pricing": Pricing.OWN, "gpu_hour_usd": None, "capex_per_gpu_usd": E.exact(500),
                           "power_kw_per_gpu": E.exact(0.2), "time_to_production_weeks": E.exact(4)})
    a = evaluate(ws, sensitivity=False)
    assert a.money.baseline == "keep-vllm-h100" and not a.money.baseline_named
    assert any(n.id == "money.baseline_default" for n in a.money.notes)
    buy, keep = a.option("buy-sm100-deepinfer").costs, a.option("keep-vllm-h100").costs
    diff = [k.cumulative - b.cumulative for k, b in zip(keep.cash_flow.months, buy.cash_flow.months, strict=True)]
    first = next(i for i in range(len(diff)) if all(d >= 0 for d in diff[i:]))
    assert buy.payback.month == first > 0 and buy.payback.label == buy.cash_flow.months[first].label
    assert buy.payback.saving == pytest.approx(diff[-1])
    assert keep.payback.text.id == "payback.is_baseline"


def test_owned_gpus_in_the_economic_view_at_book_resale_or_purchase():
    ws = load_builtin_workspace()
    fleet = tuple(replace(f, resale_usd_per_gpu=E.exact(6_000)) if f.platform == "nv-h100" else f for f in ws.fleet)
    ws = replace(ws, fleet=fleet)
    rates = {}
    for value in OwnedValue:
        w = replace(ws, assumptions=replace(ws.assumptions, owned_value=value))
        oa = evaluate(w, sensitivity=False).option("keep-sglang-h100")
        rates[value] = oa.costs.all_in.gpu_hour_usd.value
    op, share = 0.273, (1024, 64)
    new = 38_750 / (4 * 8760) + op
    for value, per_month in ((OwnedValue.BOOK, 12_000 / 43), (OwnedValue.RESALE, 6_000 / 43),
                             (OwnedValue.PURCHASE, 38_750 / 48)):
        assert rates[value] == pytest.approx((share[0] * (per_month / 730 + op) + share[1] * new) / 1088), value


def test_the_hosted_api_is_priced_from_the_token_mix_and_judged_by_its_stated_latency(sample):
    api = sample.option("api-deepseek-flash")
    h = api.costs.hosted
    assert h.price_per_m_output == pytest.approx(0.42 + 8 * (0.7 * 0.28 + 0.3 * 0.028))  # $2.0552
    assert h.placeholder and h.meets_slo is None and h.note.id == "hosted.slo_unknown"
    # the unrankable footnote names the metrics as every table does ("TTFT p99", never "TTFT P99")
    assert str(api.slo_standing.reason) == "cannot be judged against the SLO: the provider states no TTFT p99, TPOT p99"
    assert api.fleet.gpus.value is None and api.capacity.value is None
    assert api.costs.cash.cost_per_m_tokens_usd.value == pytest.approx(h.price_per_m_output)
    month = 200_000 * 0.7 * 730 * 3600 / 1e6 * h.price_per_m_output
    assert api.costs.cash.api_usd.value == pytest.approx(35 * month)  # in service from month 1
    ws = load_builtin_workspace()
    stated = HostedApi("x", E.exact(0.28), E.exact(0.42), stated_ttft_p99_ms=800, stated_tpot_p99_ms=60)
    opts = tuple(replace(o, hosted=stated) if o.hosted is not None else o for o in ws.options)
    h = evaluate(replace(ws, options=opts), sensitivity=False).option("api-deepseek-flash").costs.hosted
    assert [(c.metric, c.met) for c in h.checks] == [("TTFT p99", True), ("TPOT p99", False)]
    assert h.meets_slo is False and h.note.id == "hosted.slo_missed"


def test_break_even_demand_against_the_hosted_api():
    sample = evaluate(aggregated_sm100(load_builtin_workspace()), sensitivity=False)
    sm = sample.option("buy-sm100-deepinfer").costs
    assert sm.break_even_tps == pytest.approx(128_000, rel=0.02)
    assert sm.break_even.id == "breakeven.where_except"  # dearer in two bands where a whole unit more is needed
    cx = sample.crossover
    assert cx.api_option == "api-deepseek-flash" and cx.stated_demand == 200_000 and len(cx.demand) == 49
    assert cx.demand[0] == pytest.approx(4_000) and cx.demand[-1] == pytest.approx(800_000)
    # re-evaluated either side of it, the order against the API flips (in the scored, all-in view)
    ws = aggregated_sm100(load_builtin_workspace())

    def gap(tps: float) -> float:
        a = evaluate(replace(ws, demand=replace(ws.demand, output_tokens_per_s=tps)), sensitivity=False)
        return a.option("buy-sm100-deepinfer").costs.tco_usd.value - a.option("api-deepseek-flash").costs.tco_usd.value

    be = sm.break_even_tps
    assert gap(be * 0.99) > 0 > gap(be * 1.01)
    # the points the charts mark: the same demand, on the option's line, cheaper above it
    points = [p for p in cx.breakeven_points if p.option == "buy-sm100-deepinfer"]
    assert [(p.demand, p.cheaper_above) for p in points] == [(be, True)]
    assert points[0].tco == pytest.approx(
        evaluate(replace(ws, demand=replace(ws.demand, output_tokens_per_s=be)), sensitivity=False)
        .option("buy-sm100-deepinfer").costs.tco_usd.value, rel=1e-6)
    # an option cheaper only between two demands has two points, the API never has one
    keep = [(p.demand, p.cheaper_above) for p in cx.breakeven_points if p.option == "keep-vllm-h100"]
    assert len(keep) == 2 and keep[0][0] < keep[1][0] and [k[1] for k in keep] == [True, False]
    assert all(p.option != cx.api_option for p in cx.breakeven_points)
    api_per_m = dict(cx.per_m_tokens)[cx.api_option][0]
    assert all(p.per_m_tokens == pytest.approx(api_per_m, rel=0.05) for p in cx.breakeven_points)


def test_the_sample_states_no_measured_power_so_the_nameplate_stays(sample):
    from deepdecide.analysis.energy import measured_power_w_per_gpu

    assert measured_power_w_per_gpu(load_builtin_workspace().evidence.runs) is None  # tests/analysis/test_energy.py: with it
    op = sample.option("keep-sglang-h100").costs.operating_hour_usd
    assert str(op.trail[0].name) == "power per GPU (nameplate)"
    assert any(f.id == "cost.nameplate" for f in op.flags)


def test_the_price_list_names_sources_dates_and_flags_expired_quotes_and_placeholders(sample):
    by = {p.key: p for p in sample.prices}
    h100 = by["fleet.nv-h100.purchase_usd_per_gpu"]
    assert (h100.likely, h100.source, h100.valid_until, h100.expired) == (38_750, "h100_node_quote", "2024-09-30",
                                                                          True)
    assert len(h100.options) == 4
    b200 = by["fleet.nv-b200.purchase_usd_per_gpu"]
    assert b200.likely == 55_000 and b200.placeholder and not b200.expired
    assert by["api-deepseek-flash.hosted.output_usd_per_m"].placeholder
    assert by["assumptions.engineer_usd_per_week"].likely == 5_000


def test_schema_5_prices_move_to_the_platform_where_the_options_agree(tmp_path):
    from pathlib import Path

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
    text = fixture.read_text(encoding="utf-8")
    path = tmp_path / "agree.deepdecide.yaml"
    path.write_text(text, encoding="utf-8")
    warnings: list = []
    ws = files.load_workspace(path, warnings)
    assert warnings == []  # nothing lost, nothing to fix
    entry = ws.fleet_of("nv-h100")
    assert entry is not None and entry.owned_gpus == 0 and entry.power_kw_per_gpu == E(1.6, 1.73, 1.9)
    assert all(o.cost.power_kw_per_gpu is None for o in ws.options)
    # disagreeing options keep their own prices (each then its own input)
    path = tmp_path / "disagree.deepdecide.yaml"
    path.write_text(text.replace("power_kw_per_gpu: {low: 1.6, likely: 1.73, high: 1.9}\n- id: port-engine",
                                 "power_kw_per_gpu: {low: 1.6, likely: 1.8, high: 1.9}\n- id: port-engine", 1),
                    encoding="utf-8")
    ws = files.load_workspace(path)
    assert ws.fleet_of("nv-h100") is None
    assert [o.cost.power_kw_per_gpu.likely for o in ws.options] == [1.8, 1.73]
    a = evaluate(ws)
    keys = {f.key for f in a.sensitivity.inputs} if a.sensitivity else set()
    assert not [k for k in keys if k.startswith("fleet.")]


def test_an_option_of_its_own_price_is_its_own_input():
    ws = load_builtin_workspace()
    opts = tuple(replace(o, cost=replace(o.cost, capex_per_gpu_usd=E(30_000, 36_000, 40_000)))
                 if o.id == "keep-trtllm-h100" else o for o in ws.options)
    a = evaluate(replace(ws, options=opts))
    shared = next(f for f in a.sensitivity.inputs if f.key == "fleet.nv-h100.purchase_usd_per_gpu")
    assert "keep-trtllm-h100" not in shared.options
    assert any(p.key == "keep-trtllm-h100.capex_per_gpu_usd" for p in a.prices)


def test_an_option_outside_the_fleet_gets_a_fleet_entry_of_its_own():
    # a platform stated only in the fleet with owned GPUs and a purchase price: the shortfall is bought
    ws = replace(workspace(), fleet=(PlatformFleet("nv-h100", owned_gpus=40, purchase_usd_per_gpu=E.exact(30_000),
                                                   lead_time_months=3, ramp_months=1),))
    ws = with_option(ws, "keep-vllm-h100", cost={"pricing": Pricing.OWN})
    oa = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    assert oa.fleet.bought_gpus == 32 and oa.fleet.service_month == 4
    assert [(p.month, p.gpus) for p in oa.costs.cash_flow.purchases] == [(3, 32)]
    assert isinstance(ws.options[0], Option)


def test_demand_growth_horizon_and_owned_gpus_are_drawn_where_ranged():
    ws = load_builtin_workspace()
    ws = replace(ws, demand=replace(ws.demand, output_tokens_per_s_range=E(150_000, 200_000, 260_000),
                                    growth_per_year=E(0.0, 0.1, 0.4)),
                 assumptions=replace(ws.assumptions, horizon_years_range=E(2, 3, 5)),
                 fleet=tuple(replace(f, owned_gpus_range=E(900, 1024, 1024)) if f.platform == "nv-h100" else f
                             for f in ws.fleet))
    mc = monte_carlo(ws, draws=400, seed=3)
    for key in ("demand.output_tokens_per_s_range", "demand.growth_per_year", "assumptions.horizon_years_range",
                "fleet.nv-h100.owned_gpus", "fleet.nv-h100.book_value_usd_per_gpu"):
        assert mc.drawn.count(key) == 1, key
    tco = mc.for_option("keep-sglang-h100").tco_usd
    assert tco.p10 < tco.p50 < tco.p90  # a longer horizon and more demand cost more
    # a stated range that does not hold the stated value is not drawn, and the workspace says so
    bad = replace(ws, demand=replace(ws.demand, output_tokens_per_s_range=E(250_000, 260_000, 300_000)))
    a = evaluate(bad, sensitivity=False)
    assert any(m.id == "range.not_drawn" for m in a.messages)
    assert "demand.output_tokens_per_s_range" not in monte_carlo(bad, draws=10).drawn
