"""The context of an import, file by file: what each file says, what its name suggests, and the
answer for what it lacks (runtime, platform, GPU count, model) and for who made it.

One :class:`ContextRow` per file. The rules (the desktop app's import table and ``deepdecide
import`` both follow them):

- an answer belongs to one file: nothing is ever filled from another file;
- a fact the file states is never replaced: an answer covers only the facts the file lacks;
- the file name's suggestion (``8xH100``, ``tp4``) is offered for the facts the file lacks and
  stored only once the user confirms the row, recorded as "from the file name";
- who made the file (own / third-party / illustrative / predicted) is asked unless the file says
  it (an estimator's or simulator's output is *predicted*): it is never defaulted to *own*;
- an answer given to several files at once goes only to the rows the user selected, and only
  for the facts each of those files lacks;
- every row that lacks a fact is confirmed (or edited) on its own before the import goes on;
- a file of a benchmark plan's folder has its answers filled from its own manifest entry (never one
  file's answer on another) and is confirmed on its own too, even when it lacks nothing;
- the files an import joins into one evidence file (an AISBench run's CSV and JSON,
  ``importers.joins``) are one measurement: one row, named by both files, asked once.

Where each fact of a stored run came from: the file (no flag), the file name (flag
``normalize.from_name``) or the user (flag ``normalize.given``), see ``importers.normalize``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.workload import Workload, model_matches
from deepdecide.importers.base import ImportContext
from deepdecide.importers.normalize import hints_from_name

if TYPE_CHECKING:
    from deepdecide.domain.evidence import EvidenceFile
    from deepdecide.domain.matrix import SupportMatrix
    from deepdecide.domain.plan import PlannedFile
    from deepdecide.importers.result import ImportResult

#: the facts asked per file when the file lacks them
ASKED = ("runtime", "platform", "gpu_count", "model")
#: what the table shows of what the file itself says (the asked facts and the request lengths)
SAID = (*ASKED, "input_tokens", "output_tokens")

Value = str | int


class FactSource(StrEnum):
    """Where a fact of a file's context came from."""
    FILE = "file"  # the file states it
    NAME = "name"  # the file's name suggests it, and the user confirmed it
    USER = "user"  # the user gave it
    PLAN = "plan"  # a benchmark plan's manifest states it for this file (kept as the user's once confirmed)


def _shown(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.0f}" if value >= 10 else f"{value:.3g}"
    return str(value)


def file_says(result: ImportResult) -> dict[str, tuple[str, ...]]:
    """Per fact of :data:`SAID`, the distinct values the file itself states (in order of first
    appearance; empty when it is silent): read from its runs and, for runtime, platform and model,
    its parity checks. Call it on an import made without context (else the user's answers show)."""
    out: dict[str, dict[str, None]] = {k: {} for k in SAID}
    for run in result.evidence.runs:
        for k in SAID:
            v = getattr(run, k)
            if v not in ("", None):
                out[k][_shown(v)] = None
    for check in result.evidence.parity:
        for k in ("runtime", "platform", "model"):
            v = getattr(check, k)
            if v:
                out[k][_shown(v)] = None
    return {k: tuple(v) for k, v in out.items()}


@dataclass
class ContextRow:
    """One file of an import: what it says, what its name suggests, and the answer."""
    path: str
    file_name: str
    format: str = ""
    says: dict[str, tuple[str, ...]] = field(default_factory=dict)
    lacks: tuple[str, ...] = ()  # facts of ASKED the file does not state (for at least one of its runs)
    suggested: dict[str, Value] = field(default_factory=dict)  # the name's suggestion, for facts it lacks
    file_kind: ProvenanceKind | None = None  # who made it, where the file (its format) says
    values: dict[str, Value] = field(default_factory=dict)  # the answer, for facts it lacks
    sources: dict[str, FactSource] = field(default_factory=dict)  # where each answered fact came from
    kind: ProvenanceKind | None = None  # who made it, as answered
    confirmed: bool = False
    other_model: str = ""  # the known other model its runs are of (a mismatch unless accepted as a proxy)
    planned: str = ""  # the benchmark plan's manifest entry (its path) that filled the answers: confirmed per file
    joined: tuple[str, ...] = ()  # the paths of the files joined into this one import (``path`` first); () for one file

    @property
    def who(self) -> ProvenanceKind | None:
        """Who made the file: what the file says, else the answer (None: not answered yet)."""
        return self.file_kind if self.file_kind is not None else self.kind

    @property
    def needs_kind(self) -> bool:
        return self.who is None

    @property
    def needs_confirmation(self) -> bool:
        """A row that lacks facts, or has its context from a plan's manifest, waits for its confirmation,
        except a file of a known other model outside a plan: its runs are a mismatch whatever it is given,
        so its context is never asked (it may still be given)."""
        return ((bool(self.lacks) and not (self.other_model and not self.planned)) or bool(self.planned)) \
            and not self.confirmed

    @property
    def ready(self) -> bool:
        return not self.needs_kind and not self.needs_confirmation

    def source(self, fact: str) -> FactSource | None:
        """Where ``fact`` comes from: the file, the name, the user, or None (not known)."""
        if fact not in self.lacks:
            return FactSource.FILE if self.says.get(fact) else None
        return self.sources.get(fact) if fact in self.values else None

    def set(self, fact: str, value: Value | None, source: FactSource = FactSource.USER) -> None:
        """Answer ``fact`` for this file (None, "" or 0: not known). Confirms the row when the user
        gives it. ValueError for a fact the file states itself (the file's value is kept)."""
        if fact not in ASKED:
            raise ValueError(f"{fact!r} is not a context fact")
        if fact not in self.lacks:
            raise ValueError(f"{self.file_name} states {fact} itself")
        if isinstance(value, str):
            value = value.strip()
        if value in ("", None, 0):
            self.values.pop(fact, None)
            self.sources.pop(fact, None)
        else:
            assert value is not None
            self.values[fact] = int(value) if fact == "gpu_count" else str(value)
            same_as_name = source is FactSource.USER and self.suggested.get(fact) == self.values[fact]
            self.sources[fact] = FactSource.NAME if same_as_name else source
        if source is FactSource.USER:
            self.confirmed = True

    def set_kind(self, kind: ProvenanceKind | None) -> None:
        """Answer who made the file; ValueError when the file says it itself."""
        if self.file_kind is not None and kind != self.file_kind:
            raise ValueError(f"{self.file_name} is {self.file_kind.value} (its format says so)")
        if self.file_kind is None:
            self.kind = kind

    def context(self) -> ImportContext:
        """The import context of this file: the answered facts, who made it, which facts the name gave."""
        v = self.values
        gpus = v.get("gpu_count")
        return ImportContext(
            runtime=str(v.get("runtime", "")), platform=str(v.get("platform", "")),
            gpu_count=int(gpus) if gpus else None, model=str(v.get("model", "")), kind=self.kind,
            from_name=tuple(f for f in ASKED if f in v and self.sources.get(f) is FactSource.NAME))


def other_model(result: ImportResult, workload: Workload | None) -> str:
    """The model the file's runs and checks are all of, when it is known and not the workload's (nor a
    declared alias): such a file is a mismatch whatever else it lacks (the analysis never calls it
    *needs context*); "" otherwise (no workload stated, a run that does not say, or one of the
    workload's model)."""

    if workload is None or not workload.stated or not workload.model:
        return ""
    models = {r.model for r in result.evidence.runs} | {c.model for c in result.evidence.parity}
    if not models or "" in models or any(model_matches(workload, m) for m in models):
        return ""
    return ", ".join(sorted(models))


def row_for(path: str, result: ImportResult, matrix: SupportMatrix | None = None,
            workload: Workload | None = None) -> ContextRow:
    """The row of a file imported without context (of the files joined into one import: ``path`` is the
    first, the row is named by all, ``joined``): its name's suggestions are filled in (platform
    as the matrix's id where it names a known platform) but the row is not confirmed, unless the
    file lacks nothing. A file of a known other model than ``workload``'s (:func:`other_model`) says so
    in its row: its runs are a mismatch, which no context makes count, so the row never waits for one
    (the name's suggestions are kept and may be edited, e.g. before accepting the runs as a proxy)."""
    mismatch = other_model(result, workload)
    # the files joined into one evidence file are one row: their names, side by side
    folder = os.path.dirname(path)
    parts = result.evidence.provenance.joined
    joined = (path, *(os.path.join(folder, j.file_name) for j in parts[1:])) if len(parts) > 1 else ()
    name = " + ".join((Path(path).name, *(j.file_name for j in parts[1:]))) if joined else Path(path).name
    lacks = tuple(m for m in ASKED if m in result.missing_context)
    suggested: dict[str, Value] = {}
    for k, v in result.suggestions:
        if k not in lacks:
            continue
        if k == "gpu_count":
            suggested[k] = int(v)
        elif k == "platform" and matrix is not None:
            suggested[k] = matrix.platform_id(v)
        else:
            suggested[k] = v
    return ContextRow(
        path=path, file_name=name, format=result.format, says=file_says(result), lacks=lacks,
        suggested=suggested, file_kind=result.file_kind, values=dict(suggested),
        sources={k: FactSource.NAME for k in suggested}, confirmed=not lacks, other_model=mismatch, joined=joined)


def needs_asking(rows: Iterable[ContextRow]) -> bool:
    """Whether any file lacks a fact, does not say who made it (a file of a known other model
    is never asked its context), or has its context from a plan's manifest
    (shown for confirmation, file by file)."""
    return any((r.lacks and not r.other_model) or r.file_kind is None or (r.planned and not r.confirmed)
               for r in rows)


def plan_row(row: ContextRow, entry: PlannedFile) -> ContextRow:
    """``row`` with the facts its file lacks answered from its benchmark plan's manifest entry (and who
    made it, where the file does not say), not confirmed: each planned file is confirmed on its own."""
    from_plan: dict[str, Value | None] = {"runtime": entry.runtime, "platform": entry.platform,
                                          "gpu_count": entry.gpu_count, "model": entry.model}
    for fact in row.lacks:
        value = from_plan.get(fact)
        if value not in ("", None, 0):
            row.set(fact, value, FactSource.PLAN)
    if row.file_kind is None and entry.kind in {k.value for k in ProvenanceKind}:
        row.kind = ProvenanceKind(entry.kind)
    row.planned = entry.path
    row.confirmed = False
    return row


def apply_to(rows: list[ContextRow], selected: Iterable[int], values: Mapping[str, Value | None],
             kind: ProvenanceKind | None = None) -> int:
    """Give ``values`` (and ``kind``) to the ``selected`` rows only, and to each only for the facts its
    file lacks (and who made it only where the file does not say). Values left empty are not given.
    Returns how many answers changed. The rows are not confirmed by it: each is confirmed on its own."""
    changed = 0
    for i in sorted(set(selected)):
        row = rows[i]
        for fact, value in values.items():
            if value in ("", None, 0) or fact not in row.lacks:
                continue
            before = row.values.get(fact), row.sources.get(fact)
            confirmed = row.confirmed
            row.set(fact, value)
            row.confirmed = confirmed
            changed += (row.values.get(fact), row.sources.get(fact)) != before
        if kind is not None and row.file_kind is None and row.kind != kind:
            row.set_kind(kind)
            changed += 1
    return changed


def confirm(rows: list[ContextRow], selected: Iterable[int]) -> None:
    """Confirm the ``selected`` rows as they stand (each row's own answers and name suggestions)."""
    for i in set(selected):
        rows[i].confirmed = True


@dataclass(frozen=True)
class Blocking:
    """Why an import cannot go on yet: the rows whose maker is not answered, the rows not confirmed."""
    no_kind: tuple[int, ...] = ()
    unconfirmed: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.no_kind or self.unconfirmed)


def blocking(rows: list[ContextRow]) -> Blocking:
    return Blocking(tuple(i for i, r in enumerate(rows) if r.needs_kind),
                    tuple(i for i, r in enumerate(rows) if r.needs_confirmation))


def contexts(rows: Iterable[ContextRow]) -> dict[str, ImportContext]:
    """The import context of every file, by path (each file's own answer)."""
    return {r.path: r.context() for r in rows}


def with_name_hints(context: ImportContext, file_name: str, matrix: SupportMatrix | None = None) -> ImportContext:
    """``context`` completed, for the facts it leaves empty, by what ``file_name`` suggests (platform
    as the matrix's id where it names a known platform), those facts marked as from the name.
    The import applies them only where the file itself is silent."""

    changes: dict[str, Value] = {}
    for fact, hint in hints_from_name(file_name).items():
        if fact not in ASKED or getattr(context, fact) not in ("", None):
            continue
        value: Value = int(str(hint)) if fact == "gpu_count" else str(hint)
        if fact == "platform" and matrix is not None:
            value = matrix.platform_id(str(value))
        changes[fact] = value
    if not changes:
        return context
    return replace(context, **changes, from_name=tuple(dict.fromkeys((*context.from_name, *changes))))  # type: ignore[arg-type]


def fact_sources(evidence: EvidenceFile) -> dict[str, tuple[str, FactSource]]:
    """Where each context fact of a stored file's first run came from: ``{fact: (value, source)}``, read
    from the run's flags (``normalize.from_name``: the name; ``normalize.given``: the user; no flag: the
    file); a fact not known is left out."""
    if not evidence.runs:
        return {}
    run = evidence.runs[0]
    given = {str(m.args.get("name")): m.id for m in run.quality_flags
             if m.id in ("normalize.given", "normalize.from_name")}
    out: dict[str, tuple[str, FactSource]] = {}
    for fact in ASKED:
        value = getattr(run, fact)
        if value in ("", None):
            continue
        how = given.get(fact)
        out[fact] = (str(value), FactSource.NAME if how == "normalize.from_name"
                     else FactSource.USER if how == "normalize.given" else FactSource.FILE)
    return out
