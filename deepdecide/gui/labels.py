"""The interface's words for the workspace's and the analysis's coded values (an option's strategy,
its pricing, the cost view, a capacity basis, a checklist category, a runtime kind): a table, a
slide or a tooltip shows these, never the code itself ("keep", "all-in"). The words are
:mod:`deepdecide.domain.vocabulary`'s one table, which the command line and the record read too."""

from __future__ import annotations

from typing import Any

from deepdecide.analysis.assessment import CapacityBasis
from deepdecide.domain.formatting import DASH, UNIT_WORDS, integer, number
from deepdecide.domain.i18n import _, gettext, pgettext
from deepdecide.domain.matrix import RuntimeKind, SupportStatus
from deepdecide.domain.vocabulary import word, words
from deepdecide.domain.workspace import CostView, Pricing, RecordStatus, Strategy, Vote


def strategy(value: Strategy | str) -> str:
    return word(value, "strategy")


def pricing(value: Pricing | str) -> str:
    return word(value, "pricing")


def cost_view(value: CostView | str) -> str:
    return word(value, "cost view")


def capacity_basis(value: CapacityBasis | str) -> str:
    return word(value, "capacity basis")


def category(value: str) -> str:
    """A checklist item's category: the built-in ones in the interface language, others as written."""
    return word(value, "checklist category")


def runtime_kind(value: RuntimeKind | str) -> str:
    return word(value, "runtime kind")


def support_status(value: SupportStatus | str) -> str:
    return word(value, "support status")


def choices(context: str) -> list[tuple[str, str]]:
    """(code, word) of every value of ``context`` ("vote", "record status"): a column's choices."""
    return list(words(context).items())


def years(n: int) -> str:
    """"3 years" ("3 años")."""
    one = n == 1
    text = _("%1 year") if one else _("%1 years")
    return text.replace("%1", integer(n))


def weeks(value: float | None) -> str:
    """A duration in weeks, "2 wk" ("2 sem.")."""
    return DASH if value is None else _("%1 wk").replace("%1", number(value))


def vote(value: Vote | str) -> str:
    """A sign-off's verdict ("pending", "approve", ...)."""
    return word(value, "vote")


def record_status(value: RecordStatus | str) -> str:
    """The record's status ("proposed", "accepted", ...)."""
    return word(value, "record status")


def support(classification: object) -> str:
    """An option's support in one word, as the ranking counts it: "official", else "experimental"
    (not on the runtime's official list for the exact platform)."""
    official = bool(getattr(classification, "official", False))
    return support_status(SupportStatus.OFFICIAL if official else SupportStatus.EXPERIMENTAL)


def unit(value: str) -> str:
    """A unit the analysis writes in words ("weeks", "person-weeks", "input tok/s/GPU") in the interface
    language; symbols and the rest ("tok/s/GPU", "kW", "€") as written."""
    said = word(value, "unit")
    if said == value and value in UNIT_WORDS and "$" not in value:  # a token unit with its direction
        return gettext(UNIT_WORDS[value])
    return said


def fleet_uses(oa: Any) -> str:
    """Which prices an option's first-year fleet pays: "own 304 · buy 600", "rent 96", "hosted API"
    (from the assessment's fleet: owned GPUs it uses, GPUs it buys, GPUs it rents)."""

    if oa.strategy == Strategy.HOSTED_API:
        return _("hosted API")
    f = oa.fleet
    parts = []
    if f.owned_used:
        parts.append(_("own %1").replace("%1", integer(f.owned_used)))
    if f.bought_gpus:
        parts.append(_("buy %1").replace("%1", integer(f.bought_gpus)))
    if f.rented_gpus:
        parts.append(_("rent %1").replace("%1", integer(f.rented_gpus)))
    if parts:
        return " · ".join(parts)
    if f.acquire == "buy":
        return pgettext("pricing", "buy")
    if f.acquire == "rent":
        return pgettext("pricing", "rent")
    return "—"


def fleet_pays(oa: Any) -> frozenset[str]:
    """The prices an option's fleet pays as the assessment sized it: "own", "buy", "rent" (a hosted
    API: "api"); with no fleet sized yet, what its shortfall would be (``Fleet.acquire``)."""
    if oa.strategy == Strategy.HOSTED_API:
        return frozenset({"api"})
    f = oa.fleet
    out = {k for k, n in (("own", f.owned_used), ("buy", f.bought_gpus), ("rent", f.rented_gpus)) if n}
    if not out and f.acquire in ("buy", "rent"):
        out.add(f.acquire)
    return frozenset(out)
