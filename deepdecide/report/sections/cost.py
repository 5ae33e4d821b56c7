"""Cost and TCO: every option's figures with the inputs behind them, charts and the assumptions."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from deepdecide.analysis.assessment import Assessment, Costs, CostViewFigures, OptionAssessment, TrailItem
from deepdecide.analysis.explain import source_key
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.formatting import DASH, percent, unit_text
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.messages import Message, input_words
from deepdecide.domain.workspace import KvTransfer, PoolRole
from deepdecide.report import charts
from deepdecide.report.sections.base import BODY_W, Context, est, fig, h1, h2, money, num, option_label
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
from deepdecide.report.words import acquire_word, capacity_label, text, word


def driving(costs: Costs) -> CostViewFigures | None:
    """The cost view that drives the ranking (its figures are the scored ones)."""
    return costs.all_in if costs.view.value == "all-in" else costs.cash


def view_money(view: CostViewFigures | None, per_m: bool, currency: str) -> str:
    """A cost view's $/M or TCO; "≈" with the precision its range supports when it rests on assumptions."""
    if view is None:
        return DASH
    f = view.cost_per_m_tokens_usd if per_m else view.tco_usd
    low, high = (view.low, view.high) if per_m else (view.tco_low, view.tco_high)
    return formatting.money(f.value, currency, approx=view.assumed, low=low, high=high)


def _cost_views(ctx: Context) -> list[Flowable]:
    """Both cost views side by side, with the owned fleet and the shortfall."""
    a = ctx.assessment
    rows = []
    for oa in a.options:
        f, c = oa.fleet, oa.costs
        if f.gpus.value is None:
            fleet = DASH
        elif f.owned_gpus is None:
            fleet = _("{gpus} (all owned)").format(gpus=formatting.integer(f.gpus.value))
        else:
            fleet = f"{formatting.integer(f.owned_used)} + {formatting.integer(f.shortfall_gpus)}"
            if f.acquire:
                fleet = _("{fleet} {acquire}").format(fleet=fleet, acquire=acquire_word(f.acquire))
            if f.freed_gpus:
                fleet = _("{fleet}; {n} freed").format(fleet=fleet, n=formatting.integer(f.freed_gpus))
        cur = ctx.currency
        rows.append([oa.name, word(c.pricing), fleet, view_money(c.cash, True, cur), view_money(c.all_in, True, cur),
                     view_money(c.cash, False, cur), view_money(c.all_in, False, cur)])
    star = {v: (" *" if a.cost_view.value == v else "") for v in ("cash", "all-in")}
    out: list[Flowable] = [para(_("Cost views (* drives the ranking: {view}); fleet = owned used + new GPUs bought "
                                  "or rented.").format(view=word(a.cost_view)))]
    out.append(table([_("Option"), _("Pricing"), _("Fleet (owned + new)"), _("{unit}/M cash").format(unit=ctx.unit) + star["cash"],
                      _("{unit}/M all-in").format(unit=ctx.unit) + star["all-in"], _("TCO cash") + star["cash"],
                      _("TCO all-in") + star["all-in"]],
                     rows, [38 * mm, 14 * mm, 34 * mm, 19 * mm, 19 * mm, 24 * mm, 24 * mm], numeric=(3, 4, 5, 6)))
    warnings = [f"{oa.name}: {text(w)}" for oa in a.options for w in oa.fleet.warnings]
    if warnings:
        out.append(para(_("Warnings: {warnings}").format(warnings=" ".join(warnings))))
    return out


def cost(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out = h1(title("cost"), "cost")
    out.append(para(_("Fleet = serving units for the peak demand with {headroom} headroom (demand × (1 + headroom) / "
                      "(serving GPUs per unit × capacity at the SLO), rounded up) plus spare units, each unit in "
                      "whole nodes; owned GPUs first, the rest bought or rented. Cash: the money that leaves month "
                      "by month (purchases when paid, owned GPUs at kW × PUE × {unit}/kWh + hosting, rent, the "
                      "current fleet until the option is in service). Economic (all-in): owned GPUs at their {value} "
                      "value over their remaining support, bought ones at capex / (amortization × {hours} h), rented "
                      "ones at the rental price, plus running cost. {unit}/M output tokens = the fleet's cost / the "
                      "tokens its serving GPUs make at full use (padding and spare units make none). TCO over "
                      "{years} years = hardware + power and hosting + hosted API + engineering. The cost criteria "
                      "score the {view} view; the table below it shows both; Prices and budget gives the months.").format(
                          unit=ctx.unit, hours=formatting.integer(8760), headroom=percent(a.money.headroom),
                          value=word(ws.assumptions.owned_value), years=f"{ws.assumptions.horizon_years:g}",
                          view=word(a.cost_view))))
    rows = []
    for oa in a.options:
        c = oa.costs
        view = driving(c)
        api = view.api_usd if view is not None else None
        hardware = (_("{money} (API)").format(money=money(api.value)) if c.hosted is not None and api is not None
                    else money(c.hardware_usd.value))
        rows.append([oa.name, fig(c.gpu_hour_usd), f"{fig(oa.capacity.figure)} ({capacity_label(oa.capacity)})",
                     fig(oa.fleet.gpus), view_money(driving(c), True, ctx.currency),
                     hardware, money(c.power_usd.value),
                     _("{weeks} pw / {cost}").format(weeks=fig(c.engineering_person_weeks),
                                                      cost=money(c.engineering_usd.value)),
                     view_money(driving(c), False, ctx.currency)])
    out.append(table([_("Option"), _("{unit}/GPU-h").format(unit=ctx.unit), _("tok/s/GPU at SLO"), _("GPUs"),
                      _("{unit}/M out tok").format(unit=ctx.unit), _("Hardware or API"),
                      _("Power, hosting"), _("Engineering"), _("TCO")], rows,
                     [32 * mm, 14 * mm, 26 * mm, 12 * mm, 17 * mm, 17 * mm, 15 * mm, 24 * mm, 17 * mm],
                     numeric=(1, 3, 4, 5, 6, 8)))
    out += _cost_views(ctx)
    out += pools(ctx)
    gaps = [f"{oa.name}: {text(oa.costs.tco_usd.missing_reason or oa.costs.cost_per_m_tokens_usd.missing_reason)}"
            for oa in a.options if oa.costs.tco_usd.value is None]
    if gaps:
        out.append(para(_("Not computed:"), "small"))
        out += bullets(gaps)
    mc = a.monte_carlo
    bars = []
    for oa in a.options:
        v = oa.costs.tco_usd.value
        if v is None:
            continue
        d = mc.for_option(oa.option) if mc else None
        lo = d.tco_usd.p10 if d else None
        hi = d.tco_usd.p90 if d else None
        bars.append((oa.option, v, lo, hi))
    short = look.short_labels(ws)
    if bars:
        assumed_bar = [not _measured(oa) for oa in a.options if oa.costs.tco_usd.value is not None]
        out.append(Spacer(1, 3 * mm))
        out.append(charts.figure(
            charts.bar_chart([(short[o], v, lo, hi) for o, v, lo, hi in bars],
                             x_label=_("TCO over {years} years, {currency}").format(
                                 years=f"{ws.assumptions.horizon_years:g}", currency=ws.assumptions.currency),
                             width=BODY_W, title=_("TCO per option (bar: likely inputs; whisker: Monte Carlo P10–P90)"),
                             value_fmt=lambda v: money(v), tick_fmt=lambda v: formatting.money(v, digits=2),
                             colors_=[look.option_color(ws, o) for o, *_ in bars],
                             filled=[not x for x in assumed_bar]),
            _("Total cost of ownership over {years} years (hardware, power and engineering), in {currency}; the "
              "whisker spans the Monte Carlo P10–P90.").format(years=f"{ws.assumptions.horizon_years:g}",
                                                               currency=ws.assumptions.currency),
            _("Hollow bars rest on an assumed, proxy or predicted capacity (no measurement of this workload meets "
              "the SLO on that platform yet); every TCO also rests on assumed prices and effort estimates (see "
              "Assumptions).")
            if any(assumed_bar) else _("Rests on assumed prices and effort estimates (see Assumptions).")))
    cap = [oa for oa in a.options if oa.capacity.value is not None]
    if cap:
        assumed = [not _measured(oa) for oa in cap]
        out.append(charts.figure(charts.bar_chart(
            [(short[oa.option], value, oa.capacity.low, oa.capacity.high) for oa in cap
             if (value := oa.capacity.value) is not None],
            x_label=_("output tok/s per GPU at the SLO"), width=BODY_W,
            title=_("Capacity at the SLO (measured, interpolated, lower bound, proxy, predicted or assumed; "
                    "whisker: the range)"),
            colors_=[look.option_color(ws, oa.option) for oa in cap], filled=[not x for x in assumed]),
            _("Output tokens per second one GPU sustains while meeting the SLO."),
            _("Hollow bars are assumed, proxy or predicted capacities, not measurements of this workload (a "
              "predicted capacity's whisker spans the errors its predictor showed beside measurements).")
            if any(assumed) else ""))
        ranges = [f"{oa.name}: {text(oa.capacity.range_note)}" for oa in cap if oa.capacity.range_note is not None]
        if ranges:
            out.append(para(_("What each capacity's range (the whisker, and the Monte Carlo draws) rests on:"),
                            "small"))
            out += bullets(ranges)
    out += trails(ctx)
    out += assumptions(ctx)
    return out


def pools(ctx: Context) -> list[Flowable]:
    """The demand in both directions and each disaggregated option's prefill and decode pools: capacity
    and its basis, workers, GPUs, nodes and $/M tokens of the pool's direction, each on its own platform."""
    a = ctx.assessment
    out: list[Flowable] = []
    d = a.demand
    if d is not None and d.output_tps.value is not None and d.input_tps.value is not None:
        out.append(para(_("Peak demand: {output} output tok/s and {input} input tok/s ({ratio} input tokens per "
                          "output token).").format(output=formatting.integer(d.output_tps.value),
                                                   input=formatting.integer(d.input_tps.value),
                                                   ratio=formatting.number(d.tokens_in_per_out))))
    rows, notes = [], []
    for oa in a.options:
        p = oa.pools
        if p is None:
            continue
        for pool in (p.prefill, p.decode):
            cpm = pool.cost_per_m_tokens_usd
            rows.append([oa.name, word(PoolRole(pool.role)), look.pool_where(pool),
                         word(pool.classification.status),
                         f"{num(pool.capacity.value)} {unit_text(pool.capacity.unit)} ({word(pool.basis)})",
                         num(pool.workers), num(pool.gpus), num(pool.nodes),
                         f"{num(pool.owned_used)} + {num(pool.new_gpus)}",
                         money(cpm.value) if cpm is not None else DASH])
        ratio = (ngettext("measured ratio, {n} configuration; the {limiting} pool limits",
                          "measured ratio, {n} configurations; the {limiting} pool limits", int(p.units or 0)).format(
            n=num(p.units), limiting=word(PoolRole(p.limiting))) if p.ratio == "measured" and p.limiting else
            _("measured ratio") if p.ratio == "measured" else
            _("each pool sized on its own against its latency limit"))
        blended = p.cost_per_m_blended_usd
        notes.append("; ".join((_("{option}: {ratio}; KV transfer: {kv}; blended {price}/M tokens of both "
                                  "directions").format(option=oa.name, ratio=ratio, kv=word(KvTransfer(p.kv_transfer)),
                                                       price=money(blended.value) if blended is not None else DASH),
                                *(text(m) for m in p.messages))))
    if rows:
        out.append(para(_("Prefill and decode pools: prefill capacity in input tok/s per GPU under the TTFT limit, "
                          "decode in output tok/s per GPU under the TPOT limit, each with its basis; each pool priced "
                          "on its own platform ({view} view, hardware and running cost, no engineering); {unit}/M of "
                          "the pool's direction (input for prefill, output for decode).").format(
                              view=word(a.cost_view), unit=ctx.unit)))
        out.append(table([_("Option"), _("Pool"), _("Runtime / platform"), _("Class"), _("Capacity (basis)"),
                          _("Workers"), _("GPUs"), _("Nodes"), _("Owned + new"), _("{unit}/M").format(unit=ctx.unit)],
                         rows, [30 * mm, 12 * mm, 24 * mm, 16 * mm, 26 * mm, 13 * mm, 12 * mm, 11 * mm, 17 * mm,
                                19 * mm], numeric=(5, 6, 7, 9)))  # $/M wide enough for "0,0273 US$"
        out += bullets(notes)
    return out


def trails(ctx: Context) -> list[Flowable]:
    """Where each option's money comes from, one figure a row: its value and what it is made of (each input
    with its value and source; a part that is a figure of its own has its own row)."""
    out = h2(_("Inputs behind each cost"), "cost-trails")
    rows = []
    for oa in ctx.assessment.options:
        c = oa.costs
        view = driving(c)
        if view is None:
            continue
        figures = [c.operating_hour_usd, view.gpu_hour_usd, view.cost_per_m_tokens_usd, view.hardware_usd,
                   view.power_usd, view.api_usd if c.hosted is not None else None, c.engineering_usd, view.tco_usd]
        for figure in figures:
            if figure is None or figure.value is None:
                continue
            parts = []
            for t in figure.trail:
                if _is_view(t):
                    continue
                value = (text(t.value) if isinstance(t.value, (str, Message)) else
                         money(t.value) if t.unit == "$" else num(t.value, unit_text(t.unit)))
                # an input by its workspace's words ("NVIDIA H100 SXM fleet: power per GPU"), never its key path
                src = "" if _points_to_a_figure(t.source) else ctx.money_words(input_words(text(t.source)))
                item = f"{ctx.money_words(text(t.name))}: {ctx.money_words(value)}" if value else \
                    ctx.money_words(text(t.name))
                parts.append(f"{item} [{src}]" if src else item)
            value = money(figure.value) if figure.unit == "$" else num(figure.value, unit_text(figure.unit))
            rows.append([oa.name, ctx.money_words(text(figure.name)), ctx.money_words(value), "; ".join(parts)])
    if rows:
        out.append(para(_("Each figure in the {view} view, and what it is made of (inputs with their source in "
                          "brackets).").format(view=word(ctx.assessment.cost_view)), "small"))
        out.append(table([_("Option"), _("Figure"), _("Value"), _("Made of")], rows,
                         [30 * mm, 32 * mm, 22 * mm, BODY_W - 84 * mm]))
    else:
        out.append(para(_("No cost could be computed, so no inputs were used.")))
    return out


def _is_view(t: TrailItem) -> bool:
    return isinstance(t.name, Message) and t.name.id == "trail.cost_view"


def _points_to_a_figure(source: object) -> bool:
    """A trail source that names another figure (its own row), not an input."""
    return isinstance(source, Message) and source.id in ("trail.see_trail", "trail.see_operating")


def assumptions(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    a = ws.assumptions
    out = h2(_("Assumptions"), "assumptions")
    rows = [
        [_("Horizon"), num(a.horizon_years, _("years"))],
        [_("Utilization (sustained useful fraction of fleet hours)"), percent(a.utilization)],
        [_("Electricity"), est(a.electricity_usd_per_kwh, f"{a.currency}/kWh")],
        [_("Engineer cost (loaded)"), est(a.engineer_usd_per_week, _("{currency}/person-week").format(
            currency=a.currency))],
        [_("Headroom over the peak demand"), percent(a.headroom)],
        [_("Spare units per option (failure recovery)"), formatting.integer(a.spare_units)],
        [_("Owned GPUs in the economic view"), _("at their {value} value").format(value=word(a.owned_value))],
        [_("Fiscal year starts in month"), formatting.integer(a.fiscal_year_start_month)],
        [_("Payback measured against"), option_label(ctx.ws, ctx.assessment.money.baseline)
         if ctx.assessment.money.baseline else _("no keep option")],
        [_("Monte Carlo"), ngettext("{n} draw, seed {seed}, triangular(low, likely, high)",
                                    "{n} draws, seed {seed}, triangular(low, likely, high)", a.monte_carlo_draws)
         .format(n=formatting.integer(a.monte_carlo_draws), seed=a.monte_carlo_seed)],
    ]
    out.append(table([_("Assumption"), _("Value (likely, range)")], rows, [70 * mm, BODY_W - 70 * mm]))
    rows = []
    notes: list[str] = []
    named = {o.id: o for o in ws.options}
    for o in [named[oa.option] for oa in ctx.assessment.options if oa.option in named]:  # the one order
        c = o.cost
        ref = f"N{len(notes) + 1}" if c.assumption_note else DASH
        if c.assumption_note:
            notes.append(f"{ref} ({o.name}): {c.assumption_note}")
        prices = [p for p in ctx.assessment.prices if o.id in p.options and p.subject != "assumptions"]
        own = [p for p in prices if p.subject == o.id]
        price_text = (_("its own: {prices}").format(prices=", ".join(text(p.what) for p in own)) if own else
                      _("its platform's") if prices else DASH)
        rows.append([o.name, word(c.pricing), price_text, est(c.porting_effort_person_weeks),
                     est(c.time_to_production_weeks), est(c.assumed_output_tps_per_gpu), ref])
    out.append(Spacer(1, 2 * mm))
    out.append(table([_("Option"), _("Pricing"), _("Unit prices"), _("Porting pw"), _("Weeks to prod."),
                      _("Assumed tok/s/GPU"), _("Note")], rows,
                     [40 * mm, 15 * mm, 30 * mm, 24 * mm, 24 * mm, 28 * mm, 13 * mm]))
    out.append(para(_("Values are likely (low–high); the ranges feed the sensitivity analysis and the Monte Carlo "
                      "draws. Unit prices with their sources and validity: Prices and budget, Price list."), "small"))
    out += [para(n, "small") for n in notes]
    # each source once, with the options whose cost inputs it gives (locators: "Sources cited")
    cited: dict[str, tuple[str, list[str]]] = {}
    for o in ws.options:
        for s in o.cost.sources:
            cite = ctx.assessment.citation(source_key(s))
            label = (f"[{cite.number}] {formatting.quoted(cite.title)}, {_(cite.publisher)}, "
                     f"{formatting.source_date(cite.date)}" if cite is not None
                     else f"{formatting.quoted(s.title)}, {formatting.source_date(s.as_of)}")
            names = cited.setdefault(source_key(s), (label, []))[1]
            if o.name not in names:
                names.append(o.name)
    sources = [_("{source} (for {options})").format(source=label, options=", ".join(names))
               for label, names in cited.values()]
    if sources:
        out.append(para(_("Sources: {sources}").format(sources="; ".join(sources)), "small"))
    return out


def _measured(oa: OptionAssessment) -> bool:
    """Drawn filled: the capacity rests on an own or third-party measurement (not an assumption, a
    proxy or a prediction)."""
    return oa.capacity.source.value in ("own", "third_party")


def _option_name(a: Assessment, option_id: str | None) -> str:
    """An option by the name the Assessment holds (its id only when it holds no such option)."""
    if not option_id:
        return ""
    o = a.option(option_id)
    return o.name if o is not None else option_id
