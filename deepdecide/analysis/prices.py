"""The price list: every unit price the money figures use, with its source, date and validity.

A price of a fleet entry is one input shared by the options on that platform; an option's own
price (another quote) is listed for it alone. A quote (``quotes`` of the entry) gives the source,
the date and how long it holds; one whose ``valid_until`` is before the record's date is flagged
expired. A price without a quote shows the entry's sources.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from deepdecide.analysis.assessment import UnitPrice
from deepdecide.analysis.cost import OptionInputs, platform_key
from deepdecide.domain.common import Estimate, Source
from deepdecide.domain.messages import Day, Message, msg
from deepdecide.domain.workspace import Quote, Workspace

#: fleet fields of the price list: (field, the quote's price name, what it is, unit)
FLEET_PRICES: tuple[tuple[str, str, Message, str], ...] = (
    ("purchase_usd_per_gpu", "purchase", msg("price.purchase", "purchase price per GPU"), "$"),
    ("rental_usd_per_gpu_hour", "rental", msg("price.rental", "rental price per GPU-hour"), "$/GPU-h"),
    ("power_kw_per_gpu", "power", msg("price.power", "power per GPU (nameplate, all-in)"), "kW"),
    ("hosting_usd_per_gpu_hour", "hosting", msg("price.hosting", "hosting per GPU-hour"), "$/GPU-h"),
    ("book_value_usd_per_gpu", "book_value", msg("price.book_value", "book value of an owned GPU"), "$"),
    ("resale_usd_per_gpu", "resale", msg("price.resale", "resale value of an owned GPU"), "$"),
    ("replacement_usd_per_gpu", "replacement", msg("price.replacement", "replacement price per GPU"), "$"),
    ("residual_usd_per_gpu", "residual", msg("price.residual", "residual value of a bought GPU at the horizon's "
                                                                "end"), "$"),
)

#: an option's own prices: (field, the input it backs, the fleet field it overrides)
OPTION_PRICES: tuple[tuple[str, str, str], ...] = (
    ("capex_per_gpu_usd", "capex", "purchase_usd_per_gpu"),
    ("gpu_hour_usd", "rate", "rental_usd_per_gpu_hour"),
    ("power_kw_per_gpu", "kw", "power_kw_per_gpu"),
    ("hosting_usd_per_gpu_hour", "host", "hosting_usd_per_gpu_hour"),
)


def _expired(valid_until: str, record_date: str) -> bool:
    try:
        return dt.date.fromisoformat(valid_until) < dt.date.fromisoformat(record_date)
    except (TypeError, ValueError):
        return False


def _sources(sources: Sequence[Source]) -> str:
    return "; ".join(s.id or s.title for s in sources)


def _row(key: str, what: Message, subject: str, e: Estimate, unit: str, quote: Quote | None,
         sources: Sequence[Source], record_date: str, options: tuple[str, ...]) -> UnitPrice:
    q = quote or Quote("")
    src = q.source or _sources(sources)
    expired = bool(q.valid_until) and _expired(q.valid_until, record_date)
    note = None
    if q.placeholder:
        note = msg("price.placeholder", "PLACEHOLDER: not a quote")
    if expired:
        note = msg("price.expired", "quote expired on {date}", date=Day(str(q.valid_until)))
    return UnitPrice(key, what, subject, e.low, e.likely, e.high, unit, src, q.as_of, q.valid_until, expired,
                     q.placeholder, options, note)


def price_list(ws: Workspace, inputs: Sequence[OptionInputs]) -> tuple[UnitPrice, ...]:
    record_date = ws.decision.date
    out: list[UnitPrice] = []
    used_by: dict[str, list[str]] = {}
    for oi in inputs:
        for key in oi.keys.values():
            used_by.setdefault(key, []).append(oi.option.id)
    for f in ws.fleet:
        on = [oi.option.id for oi in inputs if oi.option.platform == f.platform]
        if not on:
            continue
        quotes = {q.price: q for q in f.quotes}
        for field, price, what, unit in FLEET_PRICES:
            e = getattr(f, field)
            if e is None:
                continue
            if field == "book_value_usd_per_gpu" and not f.owned_gpus:
                continue
            key = platform_key(f.platform, field)
            users = tuple(used_by.get(key, ()))
            if field in ("book_value_usd_per_gpu", "resale_usd_per_gpu", "replacement_usd_per_gpu"):
                users = tuple(o for o in on if o in users) or tuple(on)
            out.append(_row(key, what, f.platform, e, unit, quotes.get(price), f.sources, record_date,
                            users or tuple(on)))
    for oi in inputs:
        o = oi.option
        for field, param, _fleet in OPTION_PRICES:
            e = getattr(o.cost, field)
            if e is None or oi.keys.get(param, "").startswith("fleet."):
                continue
            what = next(w for f, _p, w, _u in FLEET_PRICES if f == _fleet)
            unit = next(u for f, _p, _w, u in FLEET_PRICES if f == _fleet)
            out.append(_row(f"{o.id}.{field}", what, o.id, e, unit, None, o.cost.sources, record_date, (o.id,)))
        h = oi.hosted
        if h is not None:
            quotes = {q.price: q for q in h.quotes}
            for field, price, what in (("input_usd_per_m", "input", msg("price.api_input", "input tokens")),
                                       ("output_usd_per_m", "output", msg("price.api_output", "output tokens")),
                                       ("cached_input_usd_per_m", "cached_input",
                                        msg("price.api_cached", "cached input tokens"))):
                e = getattr(h, field)
                if e is None:
                    continue
                out.append(_row(f"{o.id}.hosted.{field}", what, o.id, e, "$/M tokens", quotes.get(price), h.sources,
                                record_date, (o.id,)))
    a = ws.assumptions
    quotes = {q.price: q for q in a.quotes}
    every = tuple(oi.option.id for oi in inputs)
    out.append(_row("assumptions.electricity_usd_per_kwh", msg("price.electricity", "electricity"), "assumptions",
                    a.electricity_usd_per_kwh, "$/kWh", quotes.get("electricity"), (), record_date,
                    tuple(oi.option.id for oi in inputs if not oi.is_api)))
    out.append(_row("assumptions.engineer_usd_per_week", msg("price.engineer", "engineer, loaded cost per "
                                                                               "person-week"), "assumptions",
                    a.engineer_usd_per_week, "$/person-week", quotes.get("engineer"), (), record_date, every))
    return tuple(out)
