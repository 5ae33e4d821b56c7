"""Revisit triggers that can be checked: a condition on the decision's data, with its words.

A decision record names what would make it worth revisiting. Free text (``revisit_triggers``)
can only be read by a person; a :class:`RevisitCondition` is also checked by
``deepdecide revisit`` and the GUI's banner:

- ``support``: the support matrix lists ``runtime`` on ``platform`` with ``status`` (e.g.
  DeepInfer becomes *official* on H100) — checked against the workspace's matrix or a newer one;
- ``price``: an option's likely $/GPU-hour input (``field``: ``gpu_hour_usd``, or a capex field)
  goes ``above`` or ``below`` a value, or becomes known at all (neither bound given);
- ``demand``: the stated peak demand in output tokens/s goes above ``above``;
- ``evidence_age``: the evidence cut-off is more than ``months`` months old on the day checked
  — it keeps firing once the decision is accepted: the evidence it rests on keeps ageing (the
  ``while_proposed`` of older files no longer silences it). The cut-off follows the newest imported
  file (``domain.dates``);
- ``slo``: a limit of the SLO the decision was made under (``slo``, written as the workspace's
  ``slo:``; older files state the TTFT and TPOT p99 limits as ``ttft_ms`` / ``tpot_ms``) is no longer
  the workspace's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from deepdecide.domain.common import added_field
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.slo import SLO


class ConditionKind(StrEnum):
    SUPPORT = "support"
    PRICE = "price"
    DEMAND = "demand"
    EVIDENCE_AGE = "evidence_age"
    SLO = "slo"


@dataclass(frozen=True, slots=True)
class RevisitCondition:
    """One checkable trigger; ``text`` says it in words (shown when it fires)."""

    text: str
    kind: ConditionKind
    runtime: str = ""  # support
    platform: str = ""  # support
    status: SupportStatus | None = None  # support: fires when the cell has this status
    option: str = ""  # price: the option whose cost input is watched
    field: str = "gpu_hour_usd"  # price: gpu_hour_usd | capex_per_gpu_usd
    above: float | None = None  # price, demand
    below: float | None = None  # price
    months: float | None = None  # evidence_age
    # evidence_age, schema 6 and earlier: "only while proposed". No longer silences the condition once the
    # decision is accepted (the evidence it rests on keeps ageing); read and kept, not acted on
    while_proposed: bool = False
    ttft_ms: float | None = None  # slo: the p99 TTFT limit the decision assumed (older files)
    tpot_ms: float | None = None  # slo: the p99 TPOT limit the decision assumed (older files)
    # slo: the SLO the decision was made under (each limit it sets is checked; a limit it leaves out
    # has its default, as in the workspace's ``slo:``)
    slo: SLO | None = added_field()

    def decided_slo(self) -> dict[str, float]:
        """The limits a ``slo`` condition checks, by key: those ``slo`` sets, and the two of
        ``ttft_ms`` / ``tpot_ms`` where an older file states them that way."""
        out = {entry.key: value for entry, value in self.slo.active()} if self.slo is not None else {}
        for name, key in LEGACY_SLO_FIELDS:
            value = getattr(self, name)
            if value is not None:
                out[key] = value
        return out


#: the fields an ``slo`` condition of an older file states a limit in, and the limit's key
LEGACY_SLO_FIELDS = (("ttft_ms", "ttft_p99_ms"), ("tpot_ms", "tpot_p99_ms"))
