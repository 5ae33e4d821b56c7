"""Per-file summaries computed once: how each evidence file's runs and checks fit the workload.

Judging every run against the workload (model, precision, token lengths, dataset, proxies) is the
largest part of an evaluation at thousands of result files, and it depends only on the file itself,
its place in the workspace, the workload, the options' runtime x platform and the support matrix.
The judgements are kept here per file and reused while those stay the same: a weight, a price or an
assumption changed, a file imported beside ten thousand others or the SLO moved (the SLO and the
parity gate are applied afterwards, in :class:`analysis.evidence.EvidenceIndex`) judges only what
changed. Files are immutable, so a file is recognised by identity (its object kept with the entry),
or, read again as another object, by its SHA-256 and equality in every field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deepdecide.analysis.applicability import judge_check, judge_run, resolve
from deepdecide.analysis.assessment import EvidenceFit
from deepdecide.analysis.runs import run_label
from deepdecide.domain.evidence import EvidenceFile
from deepdecide.domain.workspace import Workspace


@dataclass(frozen=True, slots=True)
class FileSummary:
    """The judged runs and checks of one file at one place in the workspace."""

    file: EvidenceFile  # kept: the cache's key is its identity
    index: int
    platform_ids: tuple[str, ...]  # per run: the matrix platform id its platform text resolves to
    run_fits: tuple[EvidenceFit, ...]
    check_platform_ids: tuple[str, ...]
    check_fits: tuple[EvidenceFit, ...]


# the context every judgement depends on, and the files judged in it (id(file) -> summary)
_CONTEXT: list[Any] = [None]
_FILES: dict[int, FileSummary] = {}
_PREVIOUS: dict[int, FileSummary] = {}  # the files of the evaluation before (of another workspace)
_BY_SHA: dict[str, FileSummary] = {}  # the summaries of both by their file's SHA-256


def _context(ws: Workspace) -> tuple[Any, ...]:
    """What a file's judgement reads besides the file: compared by value, except the matrix
    (immutable: compared by identity, then, for a matrix read again, by value)."""
    return (id(ws.matrix), ws.workload, ws.model, tuple((o.id, o.runtime, o.platform) for o in ws.options))


def clear() -> None:
    """Forget every summary (the next evaluation judges every file afresh)."""
    _CONTEXT[0] = None
    _FILES.clear()
    _PREVIOUS.clear()
    _BY_SHA.clear()


def file_summaries(ws: Workspace) -> list[FileSummary]:
    """One summary per evidence file of ``ws``, in order; judged only where not judged before in
    the same context."""
    context = (*_context(ws), ws.matrix)
    kept = _CONTEXT[0]
    if kept is None or kept[1:-1] != context[1:-1] or (kept[-1] is not ws.matrix and kept[-1] != ws.matrix):
        _FILES.clear()
        _PREVIOUS.clear()
        _BY_SHA.clear()
    _CONTEXT[0] = context  # the matrix kept with it: its id stays valid (an equal matrix read again judges alike)
    cache: dict[str, str] = {}
    out: list[FileSummary] = []
    seen: dict[int, FileSummary] = {}
    for fi, f in enumerate(ws.evidence.files):
        got = _FILES.get(id(f)) or _PREVIOUS.get(id(f))
        if got is None or got.file is not f or got.index != fi:
            # the same file read again (another object: a workspace reopened, a revision restored):
            # found by its SHA-256, reused when equal in every field and at the same place
            again = _BY_SHA.get(f.provenance.sha256)
            got = None
            if again is not None and again.index == fi and again.file == f:
                got = FileSummary(f, fi, again.platform_ids, again.run_fits, again.check_platform_ids,
                                  again.check_fits)
        if got is None:
            pids = tuple(resolve(ws.matrix, r.platform, cache) for r in f.runs)
            runs = tuple(judge_run(ws, f, fi, ri, r, pid, run_label(r))
                         for ri, (r, pid) in enumerate(zip(f.runs, pids, strict=True)))
            cpids = tuple(resolve(ws.matrix, p.platform, cache) for p in f.parity)
            checks = tuple(judge_check(ws, f, fi, ci, p, pid)
                           for ci, (p, pid) in enumerate(zip(f.parity, cpids, strict=True)))
            got = FileSummary(f, fi, pids, runs, cpids, checks)
        seen[id(f)] = got
        out.append(got)
    # the files of this evaluation are kept, and those of the one before (another workspace evaluated
    # in between, as a what-if or a benchmark's floor, does not make this one's judged again); a file
    # in neither goes
    if seen.keys() != _FILES.keys():
        _PREVIOUS.clear()
        _PREVIOUS.update(_FILES)
        _FILES.clear()
        _FILES.update(seen)
        _BY_SHA.clear()
        _BY_SHA.update((got.file.provenance.sha256, got) for got in _PREVIOUS.values())
        _BY_SHA.update((got.file.provenance.sha256, got) for got in out)
    return out
