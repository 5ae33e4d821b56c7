"""A benchmark plan's folder coming back (docs/benchmark-plan.md): its manifest gives each result
file its context, and says which planned measurements are done, missing or failed, and which
migration steps they serve."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from deepdecide.domain.errors import ValidationError
from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.i18n import _
from deepdecide.domain.plan import MANIFEST, BenchmarkPlan, ManifestError, PlannedFile, from_json
from deepdecide.domain.workspace import MigrationStep, StepStatus
from deepdecide.importers.base import ImportContext
from deepdecide.importers.parity_rules import judge_against

if TYPE_CHECKING:
    from deepdecide.importers.result import ImportResult

MAX_MANIFEST_BYTES = 4 * 1024 * 1024


def read_manifest(folder: str | os.PathLike[str]) -> BenchmarkPlan | None:
    """The plan whose manifest is at the top of ``folder``; None when there is none. A manifest that
    cannot be read raises ``ValidationError`` naming the file and the key path."""
    path = Path(folder) / MANIFEST
    if not path.is_file():
        return None
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            raise ValidationError(_("larger than {n} MiB: not a plan's manifest").format(n=MAX_MANIFEST_BYTES >> 20),
                                  file=str(path))
        return from_json(path.read_text(encoding="utf-8"))
    except ManifestError as exc:
        raise ValidationError(exc.reason, file=str(path), path=exc.where) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(_("cannot be read: {reason}").format(reason=exc), file=str(path)) from None


def _relative(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> str:
    return os.path.relpath(os.fspath(path), os.fspath(root)).replace(os.sep, "/")


def planned_file(plan: BenchmarkPlan, root: str | os.PathLike[str], path: str | os.PathLike[str]
                 ) -> PlannedFile | None:
    """The manifest's entry for the file at ``path`` below the plan's folder ``root``: the same path,
    or a folder entry ("…/parity/vllm-nv-h100/", where lm-eval writes) holding it."""
    rel = _relative(root, path)
    for f in plan.files():
        if f.path == rel or (f.path.endswith("/") and rel.startswith(f.path)):
            return f
    return None


def context_for(f: PlannedFile, given: ImportContext) -> ImportContext:
    """The file's context from its manifest entry; what the command line gave fills only what the
    manifest leaves unsaid (the manifest is per file, the command line for every file)."""
    try:
        kind: ProvenanceKind | None = ProvenanceKind(f.kind)
    except ValueError:
        kind = given.kind
    return replace(given, runtime=f.runtime or given.runtime, platform=f.platform or given.platform,
                   gpu_count=f.gpu_count if f.gpu_count is not None else given.gpu_count,
                   model=f.model or given.model, kind=kind,
                   label=given.label or (f"plan {f.path.split('/', 1)[0]}" + (", reference" if f.reference else "")))


def failure_note(plan: BenchmarkPlan, root: str | os.PathLike[str], path: str | os.PathLike[str]) -> str:
    """What a planned file that fails to import means for the plan, to add to its error: the plan's item
    and the migration step it serves, which an all-or-nothing import leaves as they were ("" when the
    manifest does not list the file)."""
    entry = planned_file(plan, root, path)
    item = next((i for i in plan.items if entry is not None and entry in i.files), None)
    if item is None:
        return ""
    if item.step is None:
        return _(" — planned for item {item} of the benchmark plan; nothing was imported").format(item=item.id)
    return _(" — planned for item {item} of the benchmark plan (migration step {step}: {title}); nothing was "
             "imported and the step's status is unchanged").format(item=item.id, step=item.step,
                                                                    title=item.step_title)


class FileStatus(StrEnum):
    DONE = "done"
    MISSING = "missing"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class PlannedStatus:
    file: PlannedFile
    item: str  # the plan item's id
    status: FileStatus
    joined: tuple[str, ...] = ()  # the files of its import, itself included, when it was one of a pair joined into one


def status(plan: BenchmarkPlan, root: str | os.PathLike[str], imported: list[str], failed: list[str],
           skipped: Sequence[str] = (), pairs: Iterable[tuple[str, str]] = ()) -> list[PlannedStatus]:
    """Each planned file: done (imported), failed (found, could not be imported — or found at its
    planned path and not recognised as a result file: ``skipped``) or missing. A planned folder (where
    lm-eval writes) is not failed by the other files it holds that are no result files. ``pairs`` are
    the files imported as one (an AISBench run's CSV and JSON, ``importers.joins``: listed under the
    first): each file of a pair has the pair's status, and names both (``PlannedStatus.joined``)."""
    got = {_relative(root, p) for p in imported}
    bad = {_relative(root, p) for p in failed}
    unread = {_relative(root, p) for p in skipped}
    pair_of: dict[str, tuple[str, ...]] = {}
    for pair in pairs:
        rel = tuple(_relative(root, p) for p in pair)
        for name in rel:
            pair_of[name] = rel
        if got & set(rel):
            got |= set(rel)
        if bad & set(rel):
            bad |= set(rel)

    def has(names: set[str], f: PlannedFile) -> bool:
        return f.path in names or (f.path.endswith("/") and any(n.startswith(f.path) for n in names))

    out = []
    for item in plan.items:
        for f in item.files:
            s = (FileStatus.FAILED if has(bad, f) or f.path in unread else FileStatus.DONE if has(got, f)
                 else FileStatus.MISSING)
            out.append(PlannedStatus(f, item.id, s, pair_of.get(f.path, ())))
    return out


def steps_after(plan: BenchmarkPlan, statuses: list[PlannedStatus], steps: tuple[MigrationStep, ...]
                ) -> tuple[MigrationStep, ...]:
    """The migration plan with the steps the plan serves moved on: every planned file of the step's
    items done → done; some → in progress. A step is never moved back."""
    by_item: dict[str, list[FileStatus]] = {}
    for s in statuses:
        by_item.setdefault(s.item, []).append(s.status)
    per_step: dict[int, list[FileStatus]] = {}
    for item in plan.items:
        if item.step is not None:
            per_step.setdefault(item.step, []).extend(by_item.get(item.id, []))
    rank = {StepStatus.TODO: 0, StepStatus.BLOCKED: 0, StepStatus.IN_PROGRESS: 1, StepStatus.DONE: 2}
    out = []
    for step in steps:
        got = per_step.get(step.order)
        new = step.status
        if got:
            done = sum(1 for g in got if g == FileStatus.DONE)
            target = StepStatus.DONE if done == len(got) else StepStatus.IN_PROGRESS if done else None
            if target is not None and rank[target] > rank[step.status]:
                new = target
        out.append(replace(step, status=new) if new != step.status else step)
    return tuple(out)


def judge_parity(plan: BenchmarkPlan, root: str | os.PathLike[str], imported: list[tuple[str, ImportResult]]
                 ) -> list[tuple[str, ImportResult]]:
    """The parity results of each item judged against the same item's reference results (the run on
    the reference runtime, ``reference: true``): the numerical comparison the plan's parity script
    exists for (``parity_rules.judge_against``: same task and metric, same model only)."""
    item_of = {f.path: item.id for item in plan.items for f in item.files}
    entries = {path: planned_file(plan, root, path) for path, _r in imported}
    refs: dict[str, list[ImportResult]] = {}
    for path, r in imported:
        f = entries[path]
        if f is not None and f.purpose == "parity" and f.reference:
            refs.setdefault(item_of[f.path], []).append(r)
    out = []
    for path, r in imported:
        f = entries[path]
        against = refs.get(item_of[f.path], []) if f is not None and f.purpose == "parity" and not f.reference else []
        if against and r.evidence.parity:
            parity = r.evidence.parity
            for ref in against:
                parity = tuple(judge_against(parity, ref.evidence.parity, candidate_model=r.model,
                                             reference_model=ref.model))
            r = replace(r, evidence=replace(r.evidence, parity=parity))
        out.append((path, r))
    return out
