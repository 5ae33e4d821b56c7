"""The interface's words for the workspace's and the analysis's coded values (an option's strategy,
its pricing, the cost view, a capacity basis, a checklist category, a runtime kind): a table, a
slide or a tooltip shows these, never the code itself ("keep", "all-in")."""

from __future__ import annotations

from enum import Enum

from deepdecide.analysis.assessment import CapacityBasis
from deepdecide.domain.i18n import _, pgettext
from deepdecide.domain.matrix import RuntimeKind
from deepdecide.domain.workspace import CostView, Pricing, Strategy


def _code(value: Enum | str) -> str:
    return str(value.value if isinstance(value, Enum) else value)


def strategy(value: Strategy | str) -> str:
    words = {Strategy.KEEP.value: _("keep the stack"), Strategy.PORT.value: _("port"),
             Strategy.BUY.value: _("buy hardware"), Strategy.DEV_ONLY.value: _("development only")}
    return words.get(_code(value), _code(value))


def pricing(value: Pricing | str) -> str:
    words = {Pricing.RENT.value: pgettext("pricing", "rent"), Pricing.OWN.value: pgettext("pricing", "buy"),
             Pricing.EXISTING.value: pgettext("pricing", "already owned")}
    return words.get(_code(value), _code(value))


def cost_view(value: CostView | str) -> str:
    words = {CostView.ALL_IN.value: pgettext("cost view", "all-in"), CostView.CASH.value: pgettext("cost view", "cash")}
    return words.get(_code(value), _code(value))


def capacity_basis(value: CapacityBasis | str) -> str:
    words = {CapacityBasis.MEASURED.value: _("measured"), CapacityBasis.INTERPOLATED.value: _("interpolated"),
             CapacityBasis.LOWER_BOUND.value: _("lower bound"), CapacityBasis.ASSUMED.value: _("assumed"),
             CapacityBasis.FAILS_SLO.value: _("fails the SLO"), CapacityBasis.FAILS_PARITY.value: _("fails parity"),
             CapacityBasis.NONE.value: pgettext("capacity basis", "none")}
    return words.get(_code(value), _code(value))


def category(value: str) -> str:
    """A checklist item's category: the built-in ones in the interface language, others as written."""
    words = {"service": pgettext("checklist category", "service"), "operations": pgettext("checklist category", "operations"),
             "security": pgettext("checklist category", "security")}
    return words.get(value, value)


def runtime_kind(value: RuntimeKind | str) -> str:
    words = {RuntimeKind.SERVING_RUNTIME.value: _("serving runtime"), RuntimeKind.ENGINE.value: _("engine"),
             RuntimeKind.KERNEL_LIBRARY.value: _("kernel library"), RuntimeKind.LOCAL_RUNTIME.value: _("local runtime")}
    return words.get(_code(value), _code(value))


def years(n: int) -> str:
    """"3 years" ("3 años")."""
    from deepdecide.domain.formatting import integer

    # two texts, not Qt's %n form: the English interface has no catalog to say "year(s)" properly
    one = n == 1
    text = _("%1 year") if one else _("%1 years")
    return text.replace("%1", integer(n))


def weeks(value: float | None) -> str:
    """A duration in weeks, "2 wk" ("2 sem.")."""
    from deepdecide.domain.formatting import DASH, number

    return DASH if value is None else _("%1 wk").replace("%1", number(value))


def vote(value: Enum | str) -> str:
    """A sign-off's verdict ("pending", "approve", ...), as the Decision page's choices say it."""
    from deepdecide.gui.views.decision_page import vote_labels

    return dict(vote_labels()).get(_code(value), _code(value))


def record_status(value: Enum | str) -> str:
    """The record's status ("proposed", "accepted", ...), as the Decision page's choices say it."""
    from deepdecide.gui.views.decision_page import status_labels

    return dict(status_labels()).get(_code(value), _code(value))


def support(classification: object) -> str:
    """An option's support in one word, as the ranking counts it: "official", else "experimental"
    (not on the runtime's official list for the exact platform)."""
    from deepdecide.domain.matrix import SupportStatus
    from deepdecide.gui.models.matrix_model import status_label

    official = bool(getattr(classification, "official", False))
    return status_label(SupportStatus.OFFICIAL if official else SupportStatus.EXPERIMENTAL)


def unit(value: str) -> str:
    """A unit the analysis writes in words ("weeks", "person-weeks") in the interface language;
    symbols and the rest ("tok/s/GPU", "kW", "€") as written."""
    words = {"weeks": pgettext("unit", "weeks"),
             "person-weeks": pgettext("unit", "person-weeks"),
             "fraction": pgettext("unit", "fraction"),
             "years": pgettext("unit", "years")}
    return words.get(value, value)
