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
  (with ``while_proposed``, only as long as the record is still *proposed*);
- ``slo``: the SLO differs from the one the decision was made under (``ttft_ms``/``tpot_ms``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from deepdecide.domain.matrix import SupportStatus


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
    while_proposed: bool = False  # evidence_age: only while no option has been accepted
    ttft_ms: float | None = None  # slo: the p99 TTFT limit the decision assumed
    tpot_ms: float | None = None  # slo: the p99 TPOT limit the decision assumed
