"""Edits of a workspace: frozen values plus ``apply(workspace, edit) -> (workspace, inverse)``.

Every change a user makes goes through one of these, so the GUI's undo stack only ever
stores edits and their inverses; applying the inverse gives back an equal workspace.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from deepdecide.domain.evidence import (
    MAPPABLE_FIELDS,
    BenchmarkRun,
    EvidenceFile,
    ItemProxy,
    ParityCheck,
    StatMapping,
)
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import gettext
from deepdecide.domain.slo import SLO
from deepdecide.domain.workload import ProxyAcceptance, Workload
from deepdecide.domain.workspace import (
    Assumptions,
    ChecklistAnswer,
    CostInputs,
    Demand,
    HostedApi,
    MigrationStep,
    PlatformFleet,
    SignOff,
    Workspace,
)


@dataclass(frozen=True, slots=True)
class SetWeight:
    """Set one criterion's weight."""

    criterion: str
    weight: float


@dataclass(frozen=True, slots=True)
class SetChecklistAnswer:
    """Set (or with ``None`` remove) the answer of one option to one checklist item."""

    option: str
    item: str
    answer: ChecklistAnswer | None


@dataclass(frozen=True, slots=True)
class SetDecisionField:
    """Set one field of the decision record (MADR section) to a new value."""

    field: str
    value: Any


@dataclass(frozen=True, slots=True)
class SetSignOffs:
    """Replace the sign-off table."""

    signoffs: tuple[SignOff, ...]


@dataclass(frozen=True, slots=True)
class SetMigrationStep:
    """Replace the migration step at ``index`` of the plan."""

    index: int
    step: MigrationStep


@dataclass(frozen=True, slots=True)
class SetSLO:
    slo: SLO


@dataclass(frozen=True, slots=True)
class SetDemand:
    demand: Demand


@dataclass(frozen=True, slots=True)
class SetAssumptions:
    assumptions: Assumptions


@dataclass(frozen=True, slots=True)
class SetOptionCost:
    """Replace the cost inputs (prices, efforts) of one option."""

    option: str
    cost: CostInputs


@dataclass(frozen=True, slots=True)
class SetFleetEntry:
    """Replace (or add, or with ``None`` remove) the fleet entry of one platform: its owned GPUs and
    its prices, one input shared by every option on the platform."""

    platform: str
    entry: PlatformFleet | None


@dataclass(frozen=True, slots=True)
class SetHostedApi:
    """Replace the provider's prices of a hosted-API option."""

    option: str
    hosted: HostedApi


@dataclass(frozen=True, slots=True)
class InsertEvidenceFile:
    """Insert an imported evidence file at ``index`` (``-1`` appends)."""

    file: EvidenceFile
    index: int = -1


@dataclass(frozen=True, slots=True)
class RemoveEvidenceFile:
    """Remove the evidence file at ``index``."""

    index: int


@dataclass(frozen=True, slots=True)
class SetEvidenceFile:
    """Replace the evidence file at ``index`` (its context edited, a proxy accepted or withdrawn)."""

    index: int
    file: EvidenceFile


@dataclass(frozen=True, slots=True)
class SetWorkload:
    """Replace the decision's workload."""

    workload: Workload


@dataclass(frozen=True, slots=True)
class Batch:
    """Several edits applied in order as one step (its inverse undoes them in reverse)."""

    edits: tuple[Edit, ...]


Edit = (SetWeight | SetChecklistAnswer | SetDecisionField | SetSignOffs | SetMigrationStep | SetSLO
        | SetDemand | SetAssumptions | SetOptionCost | SetFleetEntry | SetHostedApi | InsertEvidenceFile | RemoveEvidenceFile | SetEvidenceFile
        | SetWorkload | Batch)


class EditError(ValueError):
    """An edit that does not fit the workspace (unknown id, index out of range)."""


def apply(ws: Workspace, edit: Edit) -> tuple[Workspace, Edit]:
    """Apply ``edit`` to ``ws``; return the new workspace and the edit that undoes it."""
    match edit:
        case SetWeight(criterion, weight):
            for i, c in enumerate(ws.criteria):
                if c.id == criterion:
                    crit = (*ws.criteria[:i], replace(c, weight=float(weight)), *ws.criteria[i + 1:])
                    return replace(ws, criteria=crit), SetWeight(criterion, c.weight)
            raise EditError(gettext("unknown criterion {criterion!r}").format(criterion=criterion))
        case SetChecklistAnswer(option, item, answer):
            if ws.option(option) is None:
                raise EditError(gettext("unknown option {option!r}").format(option=option))
            if answer is not None and (answer.option, answer.item) != (option, item):
                raise EditError(gettext("the answer belongs to another option or item"))
            answers = list(ws.answers)
            idx = next((i for i, a in enumerate(answers) if a.option == option and a.item == item), None)
            old = answers[idx] if idx is not None else None
            if idx is None:
                if answer is not None:
                    answers.append(answer)
            elif answer is None:
                del answers[idx]
            else:
                answers[idx] = answer
            return replace(ws, answers=tuple(answers)), SetChecklistAnswer(option, item, old)
        case SetDecisionField(name, value):
            if name not in ws.decision.__dataclass_fields__:
                raise EditError(gettext("unknown decision field {name!r}").format(name=name))
            old = getattr(ws.decision, name)
            return replace(ws, decision=replace(ws.decision, **{name: value})), SetDecisionField(name, old)
        case SetSignOffs(signoffs):
            return replace(ws, signoffs=tuple(signoffs)), SetSignOffs(ws.signoffs)
        case SetMigrationStep(index, step):
            if not 0 <= index < len(ws.migration_plan):
                raise EditError(gettext("no migration step at index {index}").format(index=index))
            plan = list(ws.migration_plan)
            old_step = plan[index]
            plan[index] = step
            return replace(ws, migration_plan=tuple(plan)), SetMigrationStep(index, old_step)
        case SetSLO(slo):
            return replace(ws, slo=slo), SetSLO(ws.slo)
        case SetDemand(demand):
            return replace(ws, demand=demand), SetDemand(ws.demand)
        case SetAssumptions(assumptions):
            return replace(ws, assumptions=assumptions), SetAssumptions(ws.assumptions)
        case SetOptionCost(option, cost):
            for i, o in enumerate(ws.options):
                if o.id == option:
                    opts = (*ws.options[:i], replace(o, cost=cost), *ws.options[i + 1:])
                    return replace(ws, options=opts), SetOptionCost(option, o.cost)
            raise EditError(gettext("unknown option {option!r}").format(option=option))
        case SetFleetEntry(platform, entry):
            if entry is not None and entry.platform != platform:
                raise EditError(gettext("the fleet entry belongs to another platform"))
            at = next((i for i, f in enumerate(ws.fleet) if f.platform == platform), None)
            old_entry = ws.fleet[at] if at is not None else None
            fleet = list(ws.fleet)
            if at is None:
                if entry is not None:
                    fleet.append(entry)
            elif entry is None:
                del fleet[at]
            else:
                fleet[at] = entry
            return replace(ws, fleet=tuple(fleet)), SetFleetEntry(platform, old_entry)
        case SetHostedApi(option, hosted):
            for i, o in enumerate(ws.options):
                if o.id == option:
                    if o.hosted is None:
                        raise EditError(gettext("option {option!r} is not a hosted API").format(option=option))
                    opts = (*ws.options[:i], replace(o, hosted=hosted), *ws.options[i + 1:])
                    return replace(ws, options=opts), SetHostedApi(option, o.hosted)
            raise EditError(gettext("unknown option {option!r}").format(option=option))
        case InsertEvidenceFile(file, index):
            files = list(ws.evidence.files)
            at = len(files) if index < 0 else index
            if at > len(files):
                raise EditError(gettext("cannot insert an evidence file at index {index}").format(index=index))
            files.insert(at, file)
            return replace(ws, evidence=replace(ws.evidence, files=tuple(files))), RemoveEvidenceFile(at)
        case RemoveEvidenceFile(index):
            files = list(ws.evidence.files)
            if not 0 <= index < len(files):
                raise EditError(gettext("no evidence file at index {index}").format(index=index))
            old_file = files.pop(index)
            return replace(ws, evidence=replace(ws.evidence, files=tuple(files))), InsertEvidenceFile(old_file, index)
        case SetEvidenceFile(index, new_file):
            files = list(ws.evidence.files)
            if not 0 <= index < len(files):
                raise EditError(gettext("no evidence file at index {index}").format(index=index))
            old_file, files[index] = files[index], new_file
            return replace(ws, evidence=replace(ws.evidence, files=tuple(files))), SetEvidenceFile(index, old_file)
        case SetWorkload(workload):
            return replace(ws, workload=workload), SetWorkload(ws.workload)
        case Batch(edits):
            inverses: list[Edit] = []
            for e in edits:
                ws, inv = apply(ws, e)
                inverses.append(inv)
            return ws, Batch(tuple(reversed(inverses)))
    raise EditError(gettext("not an edit: {edit!r}").format(edit=edit))


def describe(edit: Edit) -> str:
    """A short English description of an edit (the GUI translates its own labels)."""
    match edit:
        case SetWeight(criterion, weight):
            return f"weight of {criterion} = {weight:g}"
        case SetChecklistAnswer(option, item, _):
            return f"checklist {item} for {option}"
        case SetDecisionField(name, _):
            return f"decision {name.replace('_', ' ')}"
        case SetSignOffs():
            return "sign-offs"
        case SetMigrationStep(index, _):
            return f"migration step {index + 1}"
        case SetSLO():
            return "SLO"
        case SetDemand():
            return "demand"
        case SetAssumptions():
            return "assumptions"
        case SetOptionCost(option, _):
            return f"prices of {option}"
        case SetFleetEntry(platform, _):
            return f"fleet of {platform}"
        case SetHostedApi(option, _):
            return f"API prices of {option}"
        case InsertEvidenceFile(file, _):
            return f"import {file.provenance.file_name}"
        case RemoveEvidenceFile():
            return "remove evidence file"
        case SetEvidenceFile(_, file):
            return f"context of {file.provenance.file_name}"
        case SetWorkload():
            return "workload"
        case Batch(edits):
            return ", ".join(describe(e) for e in edits)
    return str(edit)


#: context fields of a run the user may set after import, and the name the run's missing list uses
CONTEXT_FIELDS = ("runtime", "platform", "gpu_count", "model", "quantization", "input_tokens", "output_tokens")
_REQUIRED = ("runtime", "platform", "gpu_count", "model")


#: the flags saying a context field came from the user (a new value replaces them)
_USER_FLAGS = frozenset({"normalize.given", "edits.set_by_user", "edits.set_by_user_was"})


def _run_with(run: BenchmarkRun, values: dict[str, Any]) -> BenchmarkRun:
    changes: dict[str, Any] = {}
    flags = list(run.quality_flags)
    for name, value in values.items():
        if value in (None, "") or getattr(run, name) == value:
            continue
        old = getattr(run, name)
        changes[name] = value
        flags = [f for f in flags if not (f.id in _USER_FLAGS and f.args.get("name") == name)]
        flags.append(flag("edits.set_by_user_was", name=name, old=old) if old not in (None, "")
                     else flag("edits.set_by_user", name=name))
    if not changes:
        return run
    gpus = changes.get("gpu_count", run.gpu_count)
    if "gpu_count" in changes and gpus and run.output_throughput_tps is not None:
        changes["output_tps_per_gpu"] = run.output_throughput_tps / gpus
    merged = replace(run, **changes)
    missing = tuple(n for n in _REQUIRED if getattr(merged, n) in ("", None))
    return replace(merged, missing_context=missing, quality_flags=tuple(dict.fromkeys(flags)))


def _check_with(check: ParityCheck, values: dict[str, Any]) -> ParityCheck:
    changes = {k: v for k, v in values.items() if k in ("runtime", "platform", "model") and v not in (None, "")}
    if check.value is None and check.reference_value is not None:
        return check  # a reference-only record: its runtime is the reference's
    return replace(check, **changes) if changes else check


def with_context(file: EvidenceFile, *, runtime: str = "", platform: str = "", gpu_count: int | None = None,
                 model: str = "", quantization: str = "", label: str | None = None,
                 proxy: ProxyAcceptance | None | bool = False, input_tokens: float | None = None,
                 output_tokens: float | None = None) -> EvidenceFile:
    """The file with the context the user gives set on every run and check (a value the user gives
    replaces the stored one, flagged "set by the user"); ``proxy``: an acceptance, ``None`` to
    withdraw it, ``False`` to leave it as it is; ``input_tokens`` / ``output_tokens``: the mean
    request lengths of its runs. Raises EditError for a GPU count below 1 or a length not above 0."""
    if gpu_count is not None and gpu_count < 1:
        raise EditError(gettext("GPU count must be at least 1, got {n}").format(n=gpu_count))
    for n in (input_tokens, output_tokens):
        if n is not None and not (math.isfinite(n) and 0 < n <= MAX_TOKENS):
            raise EditError(gettext("token lengths must be in (0, {max}], got {n}").format(
                max=f"{MAX_TOKENS:,}", n=f"{n:g}"))
    values = {"runtime": runtime, "platform": platform, "gpu_count": gpu_count, "model": model,
              "quantization": quantization, "input_tokens": input_tokens, "output_tokens": output_tokens}
    runs = tuple(_run_with(r, values) for r in file.runs)
    checks = tuple(_check_with(c, values) for c in file.parity)
    out = replace(file, runs=runs, parity=checks)
    if label is not None:
        out = replace(out, provenance=replace(out.provenance, label=label))
    if proxy is not False:
        out = replace(out, proxy=proxy if isinstance(proxy, ProxyAcceptance) else None)
    return out


#: the longest request length the context may state (tokens)
MAX_TOKENS = 10_000_000


def with_mappings(file: EvidenceFile, add: Sequence[StatMapping] = (), remove: Sequence[str] = ()) -> EvidenceFile:
    """The file with the stated mappings ``add`` (one per target field: a new one replaces the old)
    and without those for the fields in ``remove``. Raises EditError for a field that is not a
    latency statistic of a run, a mapping onto itself, a factor that is not a positive number, or
    no reason."""
    for field in remove:
        if field not in MAPPABLE_FIELDS:
            raise EditError(gettext("{field!r} is not a latency statistic of a run (one of {fields})").format(
                field=field, fields=", ".join(MAPPABLE_FIELDS)))
    for m in add:
        for field in (m.target, m.source):
            if field not in MAPPABLE_FIELDS:
                raise EditError(gettext("{field!r} is not a latency statistic of a run (one of {fields})").format(
                    field=field, fields=", ".join(MAPPABLE_FIELDS)))
        if m.target == m.source:
            raise EditError(gettext("a mapping reads one statistic from another, not {field} from itself").format(
                field=m.target))
        if not (math.isfinite(m.factor) and m.factor > 0):
            raise EditError(gettext("a mapping's factor must be a positive number, got {factor}").format(
                factor=f"{m.factor:g}"))
        if not m.reason.strip():
            raise EditError(gettext("a mapping needs a reason (why the file's {source} stands for {target})").format(
                source=m.source, target=m.target))
    targets = {m.target for m in add} | set(remove)
    kept = [m for m in file.mappings if m.target not in targets]
    kept += [replace(m, reason=m.reason.strip()) for m in add]
    return replace(file, mappings=tuple(sorted(kept, key=lambda m: MAPPABLE_FIELDS.index(m.target))))


def with_item_proxy(file: EvidenceFile, item: str, index: int, proxy: ProxyAcceptance | None) -> EvidenceFile:
    """The file with run (``item="run"``) or parity check (``"check"``) ``index`` (from 0) accepted
    as a proxy with ``proxy``'s reason and discount, or, with ``None``, its own acceptance
    withdrawn (the file's, if any, then applies again). Raises EditError for an index that is not
    in the file, or an acceptance without a reason or with a discount out of order."""
    items = file.runs if item == "run" else file.parity
    if item not in ("run", "check"):
        raise EditError(gettext("not a run or check: {item!r}").format(item=item))
    if not 0 <= index < len(items):
        raise EditError((gettext("the file has no run {n} (it has {count})") if item == "run" else
                         gettext("the file has no parity check {n} (it has {count})")).format(n=index + 1, count=len(items)))
    if proxy is not None:
        d = proxy.discount
        if not proxy.reason.strip():
            raise EditError(gettext("a proxy needs a reason (why this stands for the workload)"))
        if not (0 < d.low <= d.likely <= d.high):
            raise EditError(gettext("a proxy discount needs 0 < low <= likely <= high, got {low} / {likely} / {high}").format(
                low=f"{d.low:g}", likely=f"{d.likely:g}", high=f"{d.high:g}"))
    kept = [p for p in (file.run_proxies if item == "run" else file.check_proxies) if p.index != index]
    if proxy is not None:
        kept.append(ItemProxy(index, proxy.reason.strip(), proxy.discount))
    ordered = tuple(sorted(kept, key=lambda p: p.index))
    return replace(file, run_proxies=ordered) if item == "run" else replace(file, check_proxies=ordered)
