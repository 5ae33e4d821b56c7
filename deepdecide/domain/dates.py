"""The dates a decision record states, and whether they agree.

- **The evidence cut-off** follows the newest imported file: it is the later of the cut-off the
  decision states (``decision.evidence_cutoff``, for what was not imported: the support matrix,
  published figures) and the day the newest evidence file was imported (its provenance's
  ``imported_at``). A file imported after the stated cut-off moves the cut-off with it.
- **The record date** is the day the record is exported, unless the workspace pins one
  (``decision.record_date``); the record says which. It is an input of the record's build (stored in
  its build parameters), so ``deepdecide verify`` rebuilds the record on any later day: nothing
  reads the clock while a record is drawn.
- **They agree** when neither the evidence cut-off nor the decision's last update
  (``decision.date``) is after the record date: a record cannot rest on evidence, or a decision text,
  newer than itself. A record whose dates disagree is not ready for approval.

"Today" is the clock's day in UTC, or ``DEEPDECIDE_TODAY`` (``YYYY-MM-DD``) where it is set: tests and
scripted builds fix the export day with it (``deepdecide report --today`` and ``validate --today``
take it for one run).
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from typing import Any

from deepdecide.domain.messages import Day, Message, msg

#: the environment variable that fixes "today" (the export day of a record, the day ``validate`` and
#: ``revisit`` judge on): tests and reproducible scripted builds
TODAY_ENV = "DEEPDECIDE_TODAY"


def parse_day(text: str) -> dt.date | None:
    """The day an ISO date or timestamp names ("2026-12-03", "2026-12-03T10:15:00Z"), or None."""
    try:
        return dt.date.fromisoformat(text[:10]) if isinstance(text, str) else None
    except ValueError:
        return None


def today() -> dt.date:
    """The day it is: ``DEEPDECIDE_TODAY`` when set to a date, else the clock's day in UTC (the time
    base of an evidence file's ``imported_at``, so a file imported today is never dated after a
    record exported today, in any time zone). A value that is not a date raises ValueError naming
    the variable."""
    fixed = os.environ.get(TODAY_ENV, "").strip()
    if fixed:
        day = parse_day(fixed)
        if day is None or len(fixed) != 10:
            raise ValueError(f"{TODAY_ENV}={fixed!r}: expected a date YYYY-MM-DD")
        return day
    return dt.datetime.now(dt.UTC).date()


@dataclass(frozen=True, slots=True)
class CutOff:
    """The evidence cut-off and what it rests on: the stated cut-off, or the newest imported file."""

    date: str  # ISO day; "" when neither is known
    stated: str  # decision.evidence_cutoff as a day ("" when not stated or not a date)
    newest_file: str = ""  # the newest imported file, when it sets the cut-off
    imported: str = ""  # the day it was imported

    @property
    def from_import(self) -> bool:
        return bool(self.newest_file)

    @property
    def basis(self) -> Message:
        """Where the cut-off comes from, in words."""
        if self.newest_file:
            return msg("dates.cutoff.import", "the newest imported file, {file}, imported on {day}",
                       file=self.newest_file, day=Day(self.imported))
        return msg("dates.cutoff.stated", "as stated in the decision")


def evidence_cutoff(ws: Any) -> CutOff:
    """The evidence cut-off of a workspace: the later of the stated one and the newest import."""
    stated_day = parse_day(ws.decision.evidence_cutoff)
    stated = stated_day.isoformat() if stated_day else ""
    newest: tuple[str, str] | None = None
    for f in ws.evidence.files:
        day = parse_day(f.provenance.imported_at)
        if day is not None and (newest is None or day.isoformat() > newest[0]):
            newest = (day.isoformat(), f.provenance.file_name)
    if newest is not None and newest[0] > stated:
        return CutOff(newest[0], stated, newest[1], newest[0])
    return CutOff(stated, stated)


@dataclass(frozen=True, slots=True)
class RecordDate:
    """The date of a record: the export day, or the one the workspace pins."""

    date: str  # ISO day
    pinned: bool

    @property
    def basis(self) -> Message:
        if self.pinned:
            return msg("dates.record.pinned", "pinned in the decision")
        return msg("dates.record.export", "the day it was exported")


def record_date(ws: Any, export_day: dt.date | str) -> RecordDate:
    """The date of a record of ``ws`` exported on ``export_day``: the pinned one where the workspace
    pins one, else the export day."""
    pinned = parse_day(ws.decision.record_date)
    if pinned is not None:
        return RecordDate(pinned.isoformat(), True)
    day = export_day if isinstance(export_day, str) else export_day.isoformat()
    return RecordDate(day, False)


def date_gaps(ws: Any, record_day: str | None = None) -> list[Message]:
    """Why the record's dates do not agree (empty: they do): the evidence cut-off or the decision's
    last update after the record date. ``record_day``: the record's date (the export day or the
    pinned one); None: the pinned one, and nothing to check where the workspace pins none (the
    export day is not known yet)."""
    day = parse_day(record_day) if record_day else parse_day(ws.decision.record_date)
    if day is None:
        return []
    date = day.isoformat()
    basis = RecordDate(date, bool(parse_day(ws.decision.record_date))).basis
    out: list[Message] = []
    cut = evidence_cutoff(ws)
    if cut.date and cut.date > date:
        out.append(msg("dates.gap.cutoff", "dates that disagree: the evidence cut-off {cutoff} ({cutoff_basis}) is "
                       "after the record date {date} ({date_basis})", cutoff=Day(cut.date), cutoff_basis=cut.basis,
                       date=Day(date), date_basis=basis))
    updated = parse_day(ws.decision.date)
    if updated is not None and updated.isoformat() > date:
        out.append(msg("dates.gap.updated", "dates that disagree: the decision was last updated on {updated}, "
                       "after the record date {date} ({date_basis})", updated=Day(updated.isoformat()),
                       date=Day(date), date_basis=basis))
    return out
