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
from deepdecide.domain.dates import evidence_cutoff
from deepdecide.domain.i18n import N_
from deepdecide.domain.matrix import SupportMatrix
from deepdecide.domain.messages import Day, Message, msg
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
        # the cut-off follows the newest imported file (domain.dates); the evidence keeps ageing once the
        # decision is accepted, so the condition keeps firing then (``while_proposed`` no longer silences it)
        cutoff = _parse_date(evidence_cutoff(ws).date)
        if c.months is None or cutoff is None:
            return None, msg("revisit.age.incomplete",
                             "an evidence-age condition needs 'months' and the record's evidence_cutoff date")
        age = _months_between(cutoff, today)
        reason = msg("revisit.age", "the evidence cut-off {cutoff} is {age} months old on {today} "
                     "(fires after {months})", cutoff=Day(cutoff.isoformat()), age=round(age, 1),
                     today=Day(today.isoformat()), months=c.months)
        if ws.decision.status != RecordStatus.PROPOSED:
            reason = msg("revisit.age.decided", "{reason}; the record is {status}: the evidence it rests on keeps "
                         "ageing", reason=reason, status=_RECORD_STATUS.get(ws.decision.status,
                                                                           ws.decision.status.value))
        return age > c.months, reason
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


def _months_later(day: dt.date, months: float) -> dt.date | None:
    """The first day on which ``day`` is more than ``months`` months old (as ``_months_between`` counts);
    None beyond a thousand years."""
    if not math.isfinite(months) or months > 12_000:
        return None
    later = day + dt.timedelta(days=max(0, int(months * 30.436875) - 62))
    while _months_between(day, later) <= months:
        later += dt.timedelta(days=1)
    return later


def threshold(c: RevisitCondition, ws: Workspace) -> Message:
    """When a checkable condition fires, in words, with its threshold: what ``deepdecide revisit``
    checks ("peak demand above 200,000 output tok/s", "the evidence cut-off 2026-11-29 more than 6
    months old: from 2027-05-30")."""
    if c.kind == ConditionKind.SUPPORT:
        return msg("revisit.when.support", "the support matrix lists {runtime} on {platform} as {status}",
                   runtime=c.runtime or "?", platform=c.platform or "?",
                   status=STATUS_NAMES.get(c.status, c.status.value) if c.status is not None else "?")
    if c.kind == ConditionKind.PRICE:
        if c.above is None and c.below is None:
            return msg("revisit.when.price.known", "{option}: {field} becomes known", option=c.option, field=c.field)
        if c.below is None:
            return msg("revisit.when.price.above", "{option}: {field} above {above}", option=c.option, field=c.field,
                       above=c.above)
        if c.above is None:
            return msg("revisit.when.price.below", "{option}: {field} below {below}", option=c.option, field=c.field,
                       below=c.below)
        return msg("revisit.when.price.outside", "{option}: {field} above {above} or below {below}",
                   option=c.option, field=c.field, above=c.above, below=c.below)
    if c.kind == ConditionKind.DEMAND:
        return msg("revisit.when.demand", "peak demand above {above} output tok/s", above=c.above)
    if c.kind == ConditionKind.EVIDENCE_AGE:
        cutoff = _parse_date(evidence_cutoff(ws).date)
        later = _months_later(cutoff, c.months) if cutoff is not None and c.months is not None else None
        if cutoff is None or later is None:
            return msg("revisit.when.age.undated", "the evidence cut-off more than {months} months old",
                       months=c.months)
        return msg("revisit.when.age", "the evidence cut-off {cutoff} more than {months} months old: from {day}",
                   cutoff=Day(cutoff.isoformat()), months=c.months, day=Day(later.isoformat()))
    if c.kind == ConditionKind.SLO:
        decided = c.decided_slo()
        return msg("revisit.when.slo", "the SLO differs from the one decided under: {then}",
                   then=tuple(_limit_text(entry, decided[entry.key]) for entry in limits() if entry.key in decided))
    return msg("revisit.unknown_kind", "unknown condition kind {kind}", kind=str(c.kind))


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
