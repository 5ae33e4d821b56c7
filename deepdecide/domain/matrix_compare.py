"""Another support matrix beside the workspace's, cell by cell: a vendor's (NVIDIA AIConfigurator's
per-system support matrix, read by ``importers.vendor_matrix``) or one in deepdecide's own format.

The comparison answers, per runtime x platform both name, whether they agree on the **status** and
on the **required stack**, with the source of each side. A deepdecide matrix states the same things
as the workspace's (a :class:`SupportStatus` and pinned requirements), so both are compared as they
are. A vendor matrix states something narrower, so it is mapped, and the mapping is said:

* AIConfigurator tests each model x system x backend x version x mode and writes one of five
  statuses: ``PASS`` (modelled from performance data collected on that system: the backend ran
  there), ``HYBRID_PASS`` (modelled from data transferred from other shapes or systems, not measured
  there), ``FAIL`` (the tool gave no result: no statement about support), ``HW_INCOMPATIBLE`` (the
  hardware lacks what the model needs, e.g. FP8 on SM80) and ``FRAMEWORK_INCOMPATIBLE`` (the
  backend version does not support the model);
* a cell's vendor verdict is the best status among its rows (of one model, with ``model``):
  *runs, measured* (a PASS), else *runs, modelled only* (a HYBRID_PASS), else *incompatible* (an
  incompatibility and no pass), else *no result*;
* *runs* agrees with official, experimental and community, *incompatible* with unsupported;
  either differs from the other statuses and from undocumented; *no result* states nothing;
* the vendor pins only the runtime version it tested (``Version``), not CUDA, drivers or Python:
  the stacks are not compared, and the versions are listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from deepdecide.domain.common import Source, SourceKind, tuple_field
from deepdecide.domain.matrix import Requirement, SupportEntry, SupportMatrix, SupportStatus


class VendorVerdict(StrEnum):
    RUNS_MEASURED = "runs-measured"
    RUNS_MODELLED = "runs-modelled"
    INCOMPATIBLE = "incompatible"
    NO_RESULT = "no-result"


#: AIConfigurator's statuses (its support_matrix CSVs, aiconfigurator-core 0.11 / 0.12)
AIC_STATUSES = ("PASS", "HYBRID_PASS", "FAIL", "HW_INCOMPATIBLE", "FRAMEWORK_INCOMPATIBLE")


@dataclass(frozen=True, slots=True)
class VendorCell:
    """One runtime x platform of a vendor matrix: its rows summed up."""

    runtime: str  # deepdecide runtime id
    platform: str  # deepdecide platform id
    system: str  # the vendor's own name ("a100_sxm")
    verdict: VendorVerdict
    counts: tuple[tuple[str, int], ...]  # (status, rows), in AIC_STATUSES order
    versions: tuple[str, ...]  # runtime versions the vendor tested
    models: int  # distinct models among the rows
    reasons: tuple[str, ...] = tuple_field()  # the incompatibility messages (first lines), at most 3

    def count(self, status: str) -> int:
        return dict(self.counts).get(status, 0)


@dataclass(frozen=True, slots=True)
class VendorMatrix:
    """A vendor's matrix as read: its cells, where it came from, and what could not be placed."""

    source: Source  # title, file, as-of (as stated or given), kind
    file_name: str
    sha256: str
    layout: str  # "AIConfigurator 7 columns (2025)", ...
    cells: tuple[VendorCell, ...]
    model: str = ""  # the model the rows were filtered to ("" = all models)
    models_matched: tuple[str, ...] = tuple_field()
    unplaced: tuple[str, ...] = tuple_field()  # vendor systems / backends deepdecide has no id for
    systems: tuple[str, ...] = tuple_field()  # every system the file (or index) covers


class Agreement(StrEnum):
    AGREES = "agrees"
    DIFFERS = "differs"
    NO_STATEMENT = "no-statement"  # the other side says nothing about this (vendor: no result)
    OTHER_ONLY = "other-only"  # the other matrix has a cell the workspace's has not
    NOT_COMPARED = "not-compared"  # stacks: the other side pins nothing comparable


@dataclass(frozen=True, slots=True)
class CellComparison:
    runtime: str
    platform: str
    status: Agreement
    stack: Agreement
    workspace_status: SupportStatus
    other_status: str  # a SupportStatus value or a VendorVerdict value
    workspace_stack: tuple[Requirement, ...]
    other_stack: tuple[str, ...]  # "cuda >=12.8" (deepdecide) or "vllm 0.14.0" (vendor versions)
    workspace_sources: tuple[Source, ...]
    other_sources: tuple[Source, ...]
    stack_notes: tuple[str, ...] = tuple_field()  # per component: "gcc: >=11.3 here, not pinned there"
    vendor: VendorCell | None = None


@dataclass(frozen=True, slots=True)
class Comparison:
    other: str  # what the other matrix is, for the heading
    other_source: Source
    cells: tuple[CellComparison, ...] = field(default_factory=tuple)

    @property
    def agreements(self) -> tuple[CellComparison, ...]:
        return tuple(c for c in self.cells if c.status == Agreement.AGREES)

    @property
    def differences(self) -> tuple[CellComparison, ...]:
        return tuple(c for c in self.cells if c.status == Agreement.DIFFERS or c.stack == Agreement.DIFFERS)


_RUNS = (SupportStatus.OFFICIAL, SupportStatus.EXPERIMENTAL, SupportStatus.COMMUNITY)


def vendor_status_agreement(workspace: SupportStatus, verdict: VendorVerdict) -> Agreement:
    if verdict == VendorVerdict.NO_RESULT:
        return Agreement.NO_STATEMENT
    if verdict in (VendorVerdict.RUNS_MEASURED, VendorVerdict.RUNS_MODELLED):
        return Agreement.AGREES if workspace in _RUNS else Agreement.DIFFERS
    return Agreement.AGREES if workspace == SupportStatus.UNSUPPORTED else Agreement.DIFFERS


def _stack(reqs: tuple[Requirement, ...]) -> tuple[str, ...]:
    return tuple(f"{r.component.value} {r.spec}" for r in reqs)


def compare_vendor(matrix: SupportMatrix, vendor: VendorMatrix) -> Comparison:
    """Every cell of the vendor matrix beside the workspace matrix's cell (undocumented where it has none)."""
    out = []
    for cell in vendor.cells:
        entry = matrix.entry(cell.runtime, cell.platform)
        known = matrix.runtime(cell.runtime) is not None and matrix.platform(cell.platform) is not None
        ws_status = entry.status if entry else SupportStatus.UNDOCUMENTED
        status = vendor_status_agreement(ws_status, cell.verdict) if known else Agreement.OTHER_ONLY
        reqs = entry.requirements if entry else ()
        out.append(CellComparison(
            cell.runtime, cell.platform, status, Agreement.NOT_COMPARED, ws_status, cell.verdict.value, reqs,
            tuple(f"{cell.runtime} {v}" for v in cell.versions), entry.sources if entry else (), (vendor.source,),
            vendor=cell))
    return Comparison(vendor.source.title, vendor.source, tuple(out))


def _stack_notes(mine: tuple[Requirement, ...], theirs: tuple[Requirement, ...]) -> tuple[str, ...]:
    a = {r.component.value: r.spec for r in mine}
    b = {r.component.value: r.spec for r in theirs}
    notes = []
    for comp in sorted(set(a) | set(b)):
        if a.get(comp) != b.get(comp):
            notes.append(f"{comp}: {a.get(comp) or '-'} / {b.get(comp) or '-'}")
    return tuple(notes)


def compare_matrices(matrix: SupportMatrix, other: SupportMatrix, title: str, source: Source) -> Comparison:
    """Every cell the other deepdecide matrix holds, beside the workspace's: status and requirements
    compared as they are."""
    out = []
    for e in other.entries:
        mine: SupportEntry | None = matrix.entry(e.runtime, e.platform)
        known = matrix.runtime(e.runtime) is not None and matrix.platform(e.platform) is not None
        ws_status = mine.status if mine else SupportStatus.UNDOCUMENTED
        if not known:
            status = stack = Agreement.OTHER_ONLY
            notes: tuple[str, ...] = ()
        else:
            status = Agreement.AGREES if ws_status == e.status else Agreement.DIFFERS
            notes = _stack_notes(mine.requirements if mine else (), e.requirements)
            stack = Agreement.DIFFERS if notes else Agreement.AGREES
        out.append(CellComparison(
            e.runtime, e.platform, status, stack, ws_status, e.status.value, mine.requirements if mine else (),
            _stack(e.requirements), mine.sources if mine else (), e.sources, notes))
    return Comparison(title, source, tuple(out))


def vendor_overlay(matrix: SupportMatrix, vendor: VendorMatrix) -> SupportMatrix:
    """The workspace matrix with the cells the vendor file decides changed (for ``revisit
    --matrix``): where the vendor ran the runtime and the workspace says unsupported or
    undocumented, the cell becomes experimental (works in some form, not on the runtime's own
    list: a vendor's run is no official listing); where the vendor finds it incompatible and the
    workspace says it runs, unsupported. Each changed cell cites the vendor file first; the rest is
    the workspace's."""

    changed: dict[tuple[str, str], SupportEntry] = {}
    for cell in vendor.cells:
        if matrix.runtime(cell.runtime) is None or matrix.platform(cell.platform) is None:
            continue
        entry = matrix.entry(cell.runtime, cell.platform)
        current = entry.status if entry else SupportStatus.UNDOCUMENTED
        if vendor_status_agreement(current, cell.verdict) != Agreement.DIFFERS:
            continue
        new = SupportStatus.UNSUPPORTED if cell.verdict == VendorVerdict.INCOMPATIBLE else SupportStatus.EXPERIMENTAL
        sources = (vendor.source, *(entry.sources if entry else ()))
        changed[(cell.runtime, cell.platform)] = (
            replace(entry, status=new, sources=sources) if entry
            else SupportEntry(cell.runtime, cell.platform, new, sources))
    if not changed:
        return matrix
    entries = tuple(changed.pop((e.runtime, e.platform), e) for e in matrix.entries) + tuple(changed.values())
    return replace(matrix, entries=entries)


def vendor_source(title: str, path: str, as_of: str) -> Source:
    return Source(title, path, as_of, SourceKind.SECONDARY)
