"""Which of a decision's revisit triggers have fired (pure: the day and a newer matrix are inputs).

Every condition of ``decision.revisit_conditions`` is checked against the workspace (or, for
support cells, against a newer support matrix when one is given); free-text triggers are listed
as *to be checked by a person*. The result says, per trigger, whether it fired and why, as
structured messages.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from deepdecide.analysis.cost import demand_tps
from deepdecide.analysis.evidence import STATUS_NAMES, limit_phrase
from deepdecide.domain.common import Estimate
from deepdecide.domain.i18n import N_
from deepdecide.domain.matrix import SupportMatrix
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.revisit import ConditionKind, RevisitCondition
from deepdecide.domain.slo import Limit, limits
from deepdecide.domain.workspace import RecordStatus, Workspace


@dataclass(frozen=True, slots=True)
class TriggerCheck:
    """One trigger: its words, whether it fired (None: free text, a person must judge) and why."""

    text: str
    fired: bool | None
    reason: Message
    kind: str = "text"


@dataclass(frozen=True, slots=True)
class RevisitReport:
    checked_on: str
    matrix: str  # "the workspace's support matrix" or the newer matrix's description
    triggers: tuple[TriggerCheck, ...]

    @property
    def fired(self) -> tuple[TriggerCheck, ...]:
        return tuple(t for t in self.triggers if t.fired)


def _months_between(start: dt.date, end: dt.date) -> float:
    return (end.year - start.year) * 12 + (end.month - start.month) + (end.day - start.day) / 31


def _parse_date(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text[:10])
    except (TypeError, ValueError):
        return None


def _check(c: RevisitCondition, ws: Workspace, matrix: SupportMatrix, today: dt.date) -> tuple[bool | None, Message]:
    if c.kind == ConditionKind.SUPPORT:
        if not c.runtime or not c.platform or c.status is None:
            return None, msg("revisit.support.incomplete",
                             "a support condition needs runtime, platform and status")
        status = matrix.status(c.runtime, c.platform)
        fired = status == c.status
        return fired, msg("revisit.support", "{runtime} on {platform}: the matrix says {status} (fires at {want})",
                          runtime=c.runtime, platform=c.platform, status=STATUS_NAMES.get(status, status.value),
                          want=STATUS_NAMES.get(c.status, c.status.value))
    if c.kind == ConditionKind.PRICE:
        option = ws.option(c.option)
        if option is None:
            return None, msg("revisit.price.no_option", "no option {option} in the workspace", option=c.option)
        est = getattr(option.cost, c.field, None)
        value = est.likely if isinstance(est, Estimate) else None
        if c.above is None and c.below is None:
            return value is not None, msg("revisit.price.known", "{option}: {field} is {state}", option=c.option,
                                          field=c.field, state=msg("revisit.known", "known") if value is not None
                                          else msg("revisit.not_yet_known", "not yet known"))
        if value is None:
            return False, msg("revisit.price.unknown", "{option}: {field} is not known yet", option=c.option,
                              field=c.field)
        fired = (c.above is not None and value > c.above) or (c.below is not None and value < c.below)
        return fired, msg("revisit.price", "{option}: {field} is {value} (fires above {above} / below {below})",
                          option=c.option, field=c.field, value=value, above=c.above, below=c.below)
    if c.kind == ConditionKind.DEMAND:
        demand = demand_tps(ws.demand).value
        if c.above is None:
            return None, msg("revisit.demand.incomplete", "a demand condition needs 'above'")
        if demand is None:
            return False, msg("revisit.demand.unknown", "the workspace states no demand")
        return demand > c.above, msg("revisit.demand", "peak demand is {demand} output tok/s (fires above {above})",
                                     demand=demand, above=c.above)
    if c.kind == ConditionKind.EVIDENCE_AGE:
        cutoff = _parse_date(ws.decision.evidence_cutoff)
        if c.months is None or cutoff is None:
            return None, msg("revisit.age.incomplete",
                             "an evidence-age condition needs 'months' and the record's evidence_cutoff date")
        age = _months_between(cutoff, today)
        if c.while_proposed and ws.decision.status != RecordStatus.PROPOSED:
            return False, msg("revisit.age.decided", "the record is {status}: the evidence age no longer "
                              "triggers a revisit", status=_RECORD_STATUS.get(ws.decision.status, ws.decision.status.value))
        return age > c.months, msg("revisit.age", "the evidence cut-off {cutoff} is {age} months old on {today} "
                                   "(fires after {months})", cutoff=cutoff.isoformat(), age=round(age, 1),
                                   today=today.isoformat(), months=c.months)
    if c.kind == ConditionKind.SLO:
        decided = c.decided_slo()
        if not decided:
            return None, msg("revisit.slo.incomplete", "an SLO condition needs the SLO the decision was made under")
        checked = [entry for entry in limits() if entry.key in decided]
        now = {entry.key: ws.slo.get(entry.key) for entry in checked}
        changed = any(now[k] is None or not math.isclose(now[k] or 0.0, v) for k, v in decided.items())
        return changed, msg("revisit.slo", "the SLO is {now} (decided under {then})",
                            now=tuple(_limit_text(entry, now[entry.key]) for entry in checked),
                            then=tuple(_limit_text(entry, decided[entry.key]) for entry in checked))
    return None, msg("revisit.unknown_kind", "unknown condition kind {kind}", kind=str(c.kind))


def _limit_text(entry: Limit, value: float | None) -> Message:
    """One limit in words ("TTFT p99 ≤ 2000 ms"), or that the workspace does not set it."""
    if value is None:
        return msg("revisit.slo.unset", "{limit}: not set", limit=msg(f"slo.{entry.id}.label", entry.label))
    return limit_phrase(entry, value)


_RECORD_STATUS = {
    RecordStatus.ACCEPTED: msg("revisit.status.accepted", "accepted"),
    RecordStatus.REJECTED: msg("revisit.status.rejected", "rejected"),
    RecordStatus.DEPRECATED: msg("revisit.status.deprecated", "deprecated"),
    RecordStatus.SUPERSEDED: msg("revisit.status.superseded", "superseded"),
}


def check_revisit(ws: Workspace, today: dt.date, matrix: SupportMatrix | None = None,
                  matrix_name: str = "") -> RevisitReport:
    """Check every trigger of the workspace's decision record on ``today``."""
    m = matrix if matrix is not None else ws.matrix
    out: list[TriggerCheck] = []
    for c in ws.decision.revisit_conditions:
        fired, reason = _check(c, ws, m, today)
        out.append(TriggerCheck(c.text, fired, reason, c.kind.value))
    for text in ws.decision.revisit_triggers:
        out.append(TriggerCheck(text, None, msg("revisit.text", "free text: to be checked by a person")))
    where = matrix_name or (N_("the newer support matrix") if matrix is not None
                            else N_("the workspace's support matrix"))  # English; the CLI shows it with _()
    return RevisitReport(today.isoformat(), where, tuple(out))
