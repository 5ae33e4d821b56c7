"""The interface's words for the workspace's and the analysis's coded values (an option's strategy,
its pricing, the cost view, a capacity basis, a checklist category, a runtime kind): a table, a
slide or a tooltip shows these, never the code itself ("keep", "all-in")."""

from __future__ import annotations

from enum import Enum
from typing import Any

from PySide6.QtCore import QCoreApplication

from deepdecide.analysis.assessment import CapacityBasis
from deepdecide.domain.matrix import RuntimeKind
from deepdecide.domain.workspace import CostView, Pricing, Strategy


def _code(value: Enum | str) -> str:
    return str(value.value if isinstance(value, Enum) else value)


def strategy(value: Strategy | str) -> str:
    words = {Strategy.KEEP.value: QCoreApplication.translate("Labels", "keep the stack"), Strategy.PORT.value: QCoreApplication.translate("Labels", "port"),
             Strategy.BUY.value: QCoreApplication.translate("Labels", "buy hardware"), Strategy.DEV_ONLY.value: QCoreApplication.translate("Labels", "development only"),
             Strategy.HOSTED_API.value: QCoreApplication.translate("Labels", "buy tokens (hosted API)")}
    return words.get(_code(value), _code(value))


def pricing(value: Pricing | str) -> str:
    words = {Pricing.RENT.value: QCoreApplication.translate("Labels", "rent", "pricing"), Pricing.OWN.value: QCoreApplication.translate("Labels", "buy", "pricing"),
             Pricing.EXISTING.value: QCoreApplication.translate("Labels", "already owned", "pricing")}
    return words.get(_code(value), _code(value))


def cost_view(value: CostView | str) -> str:
    words = {CostView.ALL_IN.value: QCoreApplication.translate("Labels", "all-in", "cost view"), CostView.CASH.value: QCoreApplication.translate("Labels", "cash", "cost view")}
    return words.get(_code(value), _code(value))


def capacity_basis(value: CapacityBasis | str) -> str:
    words = {CapacityBasis.MEASURED.value: QCoreApplication.translate("Labels", "measured"), CapacityBasis.INTERPOLATED.value: QCoreApplication.translate("Labels", "interpolated"),
             CapacityBasis.LOWER_BOUND.value: QCoreApplication.translate("Labels", "lower bound"), CapacityBasis.ASSUMED.value: QCoreApplication.translate("Labels", "assumed"),
             CapacityBasis.FAILS_SLO.value: QCoreApplication.translate("Labels", "fails the SLO"), CapacityBasis.FAILS_PARITY.value: QCoreApplication.translate("Labels", "fails parity"),
             CapacityBasis.CANNOT_JUDGE.value: QCoreApplication.translate("Labels", "cannot be judged"),
             CapacityBasis.NONE.value: QCoreApplication.translate("Labels", "none", "capacity basis")}
    return words.get(_code(value), _code(value))


def category(value: str) -> str:
    """A checklist item's category: the built-in ones in the interface language, others as written."""
    words = {"service": QCoreApplication.translate("Labels", "service", "checklist category"), "operations": QCoreApplication.translate("Labels", "operations", "checklist category"),
             "security": QCoreApplication.translate("Labels", "security", "checklist category")}
    return words.get(value, value)


def runtime_kind(value: RuntimeKind | str) -> str:
    words = {RuntimeKind.SERVING_RUNTIME.value: QCoreApplication.translate("Labels", "serving runtime"), RuntimeKind.ENGINE.value: QCoreApplication.translate("Labels", "engine"),
             RuntimeKind.KERNEL_LIBRARY.value: QCoreApplication.translate("Labels", "kernel library"), RuntimeKind.LOCAL_RUNTIME.value: QCoreApplication.translate("Labels", "local runtime")}
    return words.get(_code(value), _code(value))


def years(n: int) -> str:
    """"3 years" ("3 años")."""
    from deepdecide.domain.formatting import integer

    # two texts, not Qt's %n form: the English interface has no catalog to say "year(s)" properly
    one = n == 1
    text = QCoreApplication.translate("Labels", "%1 year") if one else QCoreApplication.translate("Labels", "%1 years")
    return text.replace("%1", integer(n))


def weeks(value: float | None) -> str:
    """A duration in weeks, "2 wk" ("2 sem.")."""
    from deepdecide.domain.formatting import DASH, number

    return DASH if value is None else QCoreApplication.translate("Labels", "%1 wk").replace("%1", number(value))


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
    words = {"weeks": QCoreApplication.translate("Labels", "weeks", "unit"),
             "person-weeks": QCoreApplication.translate("Labels", "person-weeks", "unit"),
             "fraction": QCoreApplication.translate("Labels", "fraction", "unit"),
             "years": QCoreApplication.translate("Labels", "years", "unit")}
    return words.get(value, value)


def fleet_uses(oa: Any) -> str:
    """Which prices an option's first-year fleet pays: "own 304 · buy 600", "rent 96", "hosted API"
    (from the assessment's fleet: owned GPUs it uses, GPUs it buys, GPUs it rents)."""
    from deepdecide.domain.formatting import integer

    if oa.strategy == Strategy.HOSTED_API:
        return QCoreApplication.translate("Labels", "hosted API")
    f = oa.fleet
    parts = []
    if f.owned_used:
        parts.append(QCoreApplication.translate("Labels", "own %1").replace("%1", integer(f.owned_used)))
    if f.bought_gpus:
        parts.append(QCoreApplication.translate("Labels", "buy %1").replace("%1", integer(f.bought_gpus)))
    if f.rented_gpus:
        parts.append(QCoreApplication.translate("Labels", "rent %1").replace("%1", integer(f.rented_gpus)))
    if parts:
        return " · ".join(parts)
    if f.acquire == "buy":
        return QCoreApplication.translate("Labels", "buy", "pricing")
    if f.acquire == "rent":
        return QCoreApplication.translate("Labels", "rent", "pricing")
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
