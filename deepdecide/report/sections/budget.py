"""Prices and budget: the price list with sources and validity, the fleet per option, the cash by
fiscal year split capex / opex, the purchases and payback, and the hosted-API baseline with its
break-even demand. Everything is read from the Assessment (``prices``, ``money``, each option's
``fleet`` and ``costs.cash_flow``, ``crossover``)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from deepdecide.analysis.assessment import OptionAssessment, UnitPrice
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.formatting import DASH, percent, unit_text
from deepdecide.domain.i18n import _, ngettext
from deepdecide.report import charts
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, money, num
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
from deepdecide.report.words import text, word


def _value(p: UnitPrice, ctx: Context) -> str:
    """"$38.8k ($33.8k–$49.2k)", "$1.30/GPU-h (1.30–1.69)", "2 kW (1.50–2.50)"."""
    if p.unit.startswith("$"):
        per = ctx.money_words(unit_text(p.unit))[len(ctx.unit):] if p.unit != "$" else ""
        likely = money(p.likely, ctx.currency) + per
        if p.low < p.high:
            if per:
                return _("{likely} ({low}–{high})").format(likely=likely, low=formatting.number(p.low),
                                                          high=formatting.number(p.high))
            return _("{likely} ({low}–{high})").format(likely=likely, low=money(p.low, ctx.currency),
                                                      high=money(p.high, ctx.currency))
        return likely
    unit = unit_text(p.unit)
    likely = formatting.number(p.likely, unit)
    if p.low < p.high:
        return _("{likely} ({low}–{high})").format(likely=likely, low=formatting.number(p.low),
                                                  high=formatting.number(p.high))
    return likely


def _validity(p: UnitPrice) -> str:
    parts = []
    if p.valid_until:
        parts.append(_("valid until {date}").format(date=formatting.date(p.valid_until)))
    if p.expired:
        parts.append(_("EXPIRED on the record's date"))
    if p.placeholder:
        parts.append(_("PLACEHOLDER: not a quote"))
    return "; ".join(parts) or DASH


def _subject(ctx: Context, subject: str) -> str:
    if subject == "assumptions":
        return _("all options")
    p = ctx.ws.matrix.resolve_platform(subject)
    if p is not None:
        return p.name
    return look.short_labels(ctx.ws).get(subject, subject)


def price_list(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    out = h2(_("Price list"), "budget-prices")
    if not a.prices:
        out.append(para(_("No unit price is stated.")))
        return out
    out.append(para(_("Every unit price the figures use, likely (low–high): a platform's price is one input shared "
                      "by every option on it. A quote whose validity ended before the record's date "
                      "({date}) is flagged expired; a placeholder is not a quote.").format(
        date=formatting.date(a.money.record_date) if a.money.record_date else DASH)))
    rows = [[_subject(ctx, p.subject), text(p.what), _value(p, ctx), p.source or DASH,
             formatting.date(p.as_of) if p.as_of else DASH, _validity(p), str(len(p.options))]
            for p in a.prices]
    out.append(table([_("Of"), _("Price"), _("Value"), _("Source"), _("As of"), _("Validity"), _("Options")], rows,
                     [26 * mm, 34 * mm, 32 * mm, 32 * mm, 16 * mm, 24 * mm, 10 * mm], numeric=(6,)))
    flagged = [p for p in a.prices if p.expired or p.placeholder]
    if flagged:
        out.append(para(_("{n} of {total} prices are expired quotes or placeholders: replace them with current "
                          "quotes before the budget is committed.").format(n=len(flagged), total=len(a.prices)),
                        "small"))
    return out


def _fleet_rows(ctx: Context) -> list[list[str]]:
    rows = []
    for oa in ctx.assessment.options:
        f = oa.fleet
        if oa.costs.hosted is not None:
            rows.append([oa.name, _("hosted API: no fleet"), DASH, DASH, DASH, DASH, DASH, DASH])
            continue
        if f.gpus.value is None:
            rows.append([oa.name, _("none (see the cost section)"), DASH, DASH, DASH, DASH, DASH, DASH])
            continue
        cf = oa.costs.cash_flow
        service = (formatting.month_label(cf.months[cf.service_month].label) if cf and cf.service_month is not None
                   and cf.service_month < len(cf.months) else DASH)
        rows.append([oa.name, _("{units} × {serving} of {unit}").format(
            units=formatting.integer(f.units), serving=formatting.integer(f.serving_per_unit),
            unit=formatting.integer(f.unit_gpus)), formatting.integer(f.gpus.value), formatting.integer(f.owned_used),
            formatting.integer(f.bought_gpus), formatting.integer(f.rented_gpus), formatting.integer(f.spare_gpus),
            service])
    return rows


def fleet(ctx: Context) -> list[Flowable]:
    m = ctx.assessment.money
    out = h2(_("Fleet per option"), "budget-fleet")
    out.append(para(ngettext(
        "The first year's fleet: serving units = demand × (1 + headroom {headroom}) / (serving GPUs per unit × "
        "capacity), rounded up, plus {spares} spare unit for failure recovery, in whole nodes; the owned GPUs "
        "first, the rest bought or rented. In service: the month the option serves (time to production; new GPUs "
        "after their lead time and ramp).",
        "The first year's fleet: serving units = demand × (1 + headroom {headroom}) / (serving GPUs per unit × "
        "capacity), rounded up, plus {spares} spare units for failure recovery, in whole nodes; the owned GPUs "
        "first, the rest bought or rented. In service: the month the option serves (time to production; new GPUs "
        "after their lead time and ramp).", int(m.spare_units)).format(
        headroom=percent(m.headroom), spares=formatting.integer(m.spare_units))))
    out.append(table([_("Option"), _("Serving units"), _("GPUs"), _("Owned used"), _("Bought"), _("Rented"),
                      _("Spare"), _("In service")], _fleet_rows(ctx),
                     [42 * mm, 30 * mm, 16 * mm, 17 * mm, 15 * mm, 15 * mm, 14 * mm, 25 * mm],
                     numeric=(2, 3, 4, 5, 6)))
    return out


def _years(options: list[OptionAssessment]) -> list[str]:
    out: list[str] = []
    for oa in options:
        cf = oa.costs.cash_flow
        for y in cf.years if cf else ():
            if y.fiscal_year not in out:
                out.append(y.fiscal_year)
    return out


def budget_table(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    out = h2(_("Budget by fiscal year (cash)"), "budget-years")
    options = [oa for oa in a.options if oa.costs.cash_flow is not None]
    if not options:
        out.append(para(_("No option has a cash flow: see the cost section for why.")))
        return out
    years = _years(options)
    out.append(para(_("The money that leaves, per fiscal year (fiscal years start in month {month}; a year is named "
                      "by the calendar year it ends in): capex = purchases and replacements, less any residual "
                      "value; opex = power and hosting, rent, hosted-API bills and the current fleet until the "
                      "option is in service; engineering as it is spent. Each cell: capex / opex + "
                      "engineering.").format(month=a.money.fiscal_year_start_month)))
    rows = []
    for oa in options:
        cf = oa.costs.cash_flow
        assert cf is not None
        by = {y.fiscal_year: y for y in cf.years}
        cells = [_("{capex} / {opex}").format(capex=money(by[y].capex, ctx.currency),
                                              opex=money(by[y].opex + by[y].engineering, ctx.currency))
                 if y in by else DASH for y in years]
        rows.append([oa.name, *cells, money(cf.total, ctx.currency)])
    first = 40 * mm
    rest = (BODY_W - first - 20 * mm) / max(len(years), 1)
    out.append(table([_("Option"), *years, _("Total")], rows, [first, *([rest] * len(years)), 20 * mm],
                     numeric=tuple(range(1, len(years) + 2))))
    return out


def payback(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    m = a.money
    out = h2(_("Purchases and payback"), "budget-payback")
    base = ctx.ws.option(m.baseline) if m.baseline else None
    out.append(para(_("Payback against {baseline}: the month from which the option's cumulative cash stays at or "
                      "below the baseline's, or never within the horizon.").format(
        baseline=base.name if base is not None else _("no baseline"))))
    out += bullets([text(n) for n in m.notes]) if m.notes else []
    rows = []
    for oa in a.options:
        cf, pb = oa.costs.cash_flow, oa.costs.payback
        if cf is None:
            continue
        buys = "; ".join(_("{month}: {gpus} × {price} = {amount}").format(
            month=formatting.month_label(p.label), gpus=formatting.integer(p.gpus), price=money(p.unit_price, ctx.currency),
            amount=money(p.amount, ctx.currency)) + (_(" (replacement)") if p.kind == "replace" else "")
            for p in cf.purchases) or DASH
        rows.append([oa.name, buys, text(pb.text) if pb and pb.text else DASH,
                     money(pb.saving, ctx.currency) if pb and pb.saving is not None else DASH])
    out.append(table([_("Option"), _("Purchases (paid on delivery)"), _("Payback"),
                      _("Saving at the horizon's end")], rows, [42 * mm, 66 * mm, 40 * mm, 26 * mm], numeric=(3,)))
    return out


def hosted(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    cx = a.crossover
    apis = [oa for oa in a.options if oa.costs.hosted is not None]
    if not apis:
        return []
    out = h2(_("Buy tokens: the hosted API"), "budget-hosted")
    for oa in apis:
        h = oa.costs.hosted
        assert h is not None
        out.append(para(_("{name}: {price} per million output tokens ({output} output + {ratio} input tokens per "
                          "output token at {input}, {cached} of them cached at {cached_price}; discount {discount})"
                          "{placeholder}. Against the SLO: {slo}.").format(
            name=oa.name, price=money(h.price_per_m_output, ctx.currency),
            output=money(h.output_usd_per_m, ctx.currency), ratio=formatting.number(h.input_per_output),
            input=money(h.input_usd_per_m, ctx.currency), cached=percent(h.cached_input_share),
            cached_price=money(h.cached_input_usd_per_m, ctx.currency), discount=percent(h.committed_discount),
            placeholder=_(" — PLACEHOLDER price, not a quote") if h.placeholder else "",
            slo=text(h.note) if h.note else "")))
    if cx is None:
        return out
    # the break-even points, numbered as the chart marks them
    numbers = {id(p): k + 1 for k, p in enumerate(cx.breakeven_points)}
    rows = [[oa.name, text(oa.costs.break_even) if oa.costs.break_even else DASH,
             "; ".join(_("{n}: {demand} ({side})").format(
                 n=numbers[id(p)], demand=num(p.demand, "tok/s"),
                 side=_("cheaper above") if p.cheaper_above else _("cheaper below"))
                 for p in cx.breakeven_points if p.option == oa.option) or DASH]
            for oa in a.options if oa.costs.break_even is not None]
    out.append(para(_("Where each option costs less than the hosted API, by peak demand: total cost over the "
                      "horizon in the {view} view, every other input at its likely value (the API bills the average "
                      "tokens, peak × utilization).").format(view=word(cx.view))))
    out.append(table([_("Option"), _("Cheaper than the hosted API"), _("Break-even demand (numbered on the chart)")],
                     rows, [44 * mm, BODY_W - 100 * mm, 56 * mm]))
    series = []
    short = look.short_labels(ctx.ws)
    api = dict(cx.per_m_tokens).get(cx.api_option, ())
    api_top = max((v for v in api if v is not None), default=None)
    cap = 4.0 * api_top if api_top else None  # the lines of small fleets start far above: cut at 4 x the API's price
    for oid, values in cx.per_m_tokens:
        pts = [(d, v) for i, (d, v) in enumerate(zip(cx.demand, values, strict=True))
               if v is not None and i % 2 == 0 and (cap is None or v <= cap)]
        if len(pts) > 1:
            series.append(charts.Series(short.get(oid, oid), pts, color=look.option_color(ctx.ws, oid),
                                        dashed=oid == cx.api_option))
    if series:
        markers = [charts.Marker(cx.stated_demand, _("stated demand"))] if cx.stated_demand else []
        out.append(Spacer(1, 2 * mm))
        callouts = [charts.Callout(p.demand, p.per_m_tokens, str(numbers[id(p)]), look.option_color(ctx.ws, p.option))
                    for p in cx.breakeven_points if p.per_m_tokens is not None and (cap is None or p.per_m_tokens <= cap)]
        out.append(charts.figure(
            charts.xy_chart(series, x_label=_("peak demand, output tok/s (log scale)"),
                            y_label=_("{unit}/M output tokens served").format(unit=ctx.unit), markers=markers,
                            width=BODY_W, height=230, x_log=2, callouts=callouts,
                            title=_("Cost over the horizon per million tokens served, against the peak demand "
                                    "(dashed: the hosted API)"),
                            y_fmt=lambda v: formatting.money(v, ctx.currency, digits=2)),
            _("Total cost over the horizon divided by the tokens served at the average load (peak × utilization), "
              "in the {view} view: where a line runs under the dashed one, that option costs less than buying the "
              "tokens. The numbered diamonds mark the break-even demands listed above.").format(view=word(cx.view)),
            _("The hosted API's price is a placeholder: replace it with a quote.")
            if any(oa.costs.hosted and oa.costs.hosted.placeholder for oa in apis) else ""))
    return out


def budget(ctx: Context) -> list[Flowable]:
    a = ctx.assessment
    m = a.money
    out = h1(title("budget"), "budget")
    out.append(para(_("Money over the horizon, month by month from {start} ({months} months). Cash: the money that "
                      "leaves (purchases when paid, owned GPUs at their running cost). Economic (all-in): owned GPUs "
                      "at their {value} value over their remaining support, bought ones amortized, rented ones at "
                      "the rental price. The cost criteria score the {view} view.").format(
        start=formatting.date(m.start) if m.start else "M1", months=formatting.integer(m.horizon_months),
        value=word(ctx.ws.assumptions.owned_value), view=word(a.cost_view))))
    out += price_list(ctx)
    out += fleet(ctx)
    out += budget_table(ctx)
    out += payback(ctx)
    out += hosted(ctx)
    return out
