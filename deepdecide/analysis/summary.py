"""Per-file summaries computed once: how each evidence file's runs and checks fit the workload.

Judging every run against the workload (model, precision, token lengths, dataset, proxies) is the
largest part of an evaluation at thousands of result files, and it depends only on the file itself,
its place in the workspace, the workload, the options' runtime x platform and the support matrix.
The judgements are kept here per file and reused while those stay the same: a weight, a price or an
assumption changed, a file imported beside ten thousand others or the SLO moved (the SLO and the
parity gate are applied afterwards, in :class:`analysis.evidence.EvidenceIndex`) judges only what
changed. Files are immutable, so a file is recognised by identity (its object kept with the entry),
or, read again as another object, by its SHA-256 and equality in every field.

The judgements are also kept with the evidence, across processes: a save of a workspace whose
evidence is in a store writes each file's judgement beside it (``persistable``, registered with
``domain.summaries``), under a key of everything they depend on (``context_key``: the workload, the
model, the matrix's platforms, the options' runtime x platform and this code's version). A later
process that reads the store takes a file's judgement from there when the key is its own, instead
of judging the file again; a judgement that is missing, of another key or unreadable is worked out
afresh (docs/evidence-store.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import orjson

import deepdecide
from deepdecide.analysis.applicability import judge_check, judge_run, resolve
from deepdecide.analysis.assessment import Applicability, EvidenceFit
from deepdecide.analysis.runs import run_label
from deepdecide.domain import summaries as kept_summaries
from deepdecide.domain.evidence import EvidenceFile
from deepdecide.domain.messages import Amount, Day, Message, Param, Quoted
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
    key: list[str] = []  # this workspace's context key, worked out when first needed
    decoded: dict[str, Any] = {}  # reasons decoded once per text (most repeat from file to file)
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
        if got is None:  # kept with the evidence (a store read), under this context's key
            stored = kept_summaries.kept(f)
            if stored is not None:
                if not key:
                    key.append(context_key(ws))
                if stored[0] == key[0]:
                    got = _decode(stored[1], f, fi, decoded)
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


# ---------------------------------------------------------------------------------------------
# kept with the evidence

#: the form of a kept judgement; raised whenever judging or the form changes (with the package's
#: version, part of the context key: a judgement of another version is worked out again)
SUMMARY_FORMAT = 1


def context_key(ws: Workspace) -> str:
    """What a file's judgements depend on besides the file, as a key: the workload, the model, the
    matrix's platforms (a run's platform text resolves to one of them), the options' id, runtime and
    platform, the form of the judgements and this code's version."""
    parts = (SUMMARY_FORMAT, deepdecide.__version__, ws.workload, ws.model, ws.matrix.platforms,
             tuple((o.id, o.runtime, o.platform) for o in ws.options))
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


def _param(v: Param) -> Any:
    """A message parameter as plain data that keeps its type (``_unparam`` reads it back equal); a
    coded value (an enumeration member, rendered as its word) is not kept (TypeError)."""
    if isinstance(v, Enum):
        raise TypeError(type(v).__name__)
    if v is None or isinstance(v, (str, bool, int)):
        return v
    if isinstance(v, float):
        return {"f": repr(v)}  # exact, and NaN or an infinity too
    if isinstance(v, Message):
        return {"m": _message(v)}
    if isinstance(v, Amount):
        return {"a": [_param(v.value), v.unit, v.approx, _param(v.low), _param(v.high)]}
    if isinstance(v, Day):
        return {"d": v.iso}
    if isinstance(v, Quoted):
        return {"q": [v.text, v.as_of]}
    if isinstance(v, tuple):
        return {"t": [_param(x) for x in v]}
    raise TypeError(type(v).__name__)


def _message(m: Message) -> list[Any]:
    return [m.id, m.template, [[k, _param(v)] for k, v in m.params], m.plural, m.count]


def _unparam(v: Any) -> Any:
    if not isinstance(v, dict):
        return v
    (tag, x), = v.items()
    if tag == "f":
        return float(x)
    if tag == "m":
        return _unmessage(x)
    if tag == "a":
        return Amount(_unparam(x[0]), x[1], x[2], _unparam(x[3]), _unparam(x[4]))
    if tag == "d":
        return Day(x)
    if tag == "q":
        return Quoted(x[0], x[1])
    if tag == "t":
        return tuple(_unparam(y) for y in x)
    raise ValueError(tag)


def _unmessage(x: list[Any]) -> Message:
    return Message(x[0], x[1], tuple((k, _unparam(v)) for k, v in x[2]), x[3], x[4])


def _fit(fit: EvidenceFit) -> list[Any]:
    return [fit.label, fit.runtime, fit.platform, fit.kind, fit.applicability.value,
            [json.dumps(_message(m), ensure_ascii=False, separators=(",", ":")) for m in fit.reasons],
            list(fit.options), list(fit.counts_for), None if fit.discount is None else [_param(x) for x in fit.discount]]


def encode(got: FileSummary) -> str:
    """A file's judgement as the text kept with it (without its place: ``_decode`` is given that)."""
    if any(fit.excluded for fit in (*got.run_fits, *got.check_fits)):
        raise ValueError("a gated judgement")  # the gate is applied after, never kept
    return json.dumps({"p": list(got.platform_ids), "r": [_fit(x) for x in got.run_fits],
                       "cp": list(got.check_platform_ids), "c": [_fit(x) for x in got.check_fits]},
                      ensure_ascii=False, separators=(",", ":"))


def _decode(text: str, f: EvidenceFile, fi: int, decoded: dict[str, Any]) -> FileSummary | None:
    """The judgement kept as ``text`` for the file ``f`` at place ``fi``; None when it does not read
    or does not fit the file (then the file is judged again)."""
    try:
        data = orjson.loads(text)
        name = f.provenance.file_name

        def fits(rows: list[Any], item: str) -> tuple[EvidenceFit, ...]:
            out = []
            for i, (label, runtime, platform, kind, status, reasons, options, counts_for, discount) in enumerate(rows):
                messages = []
                for r in reasons:
                    m = decoded.get(r)
                    if m is None:
                        m = decoded[r] = _unmessage(orjson.loads(r))
                    messages.append(m)
                out.append(EvidenceFit(name, fi, i, item, label, runtime, platform, kind, Applicability(status),
                                       tuple(messages), tuple(options), tuple(counts_for),
                                       None if discount is None else tuple(_unparam(x) for x in discount)))
            return tuple(out)
        runs, checks = fits(data["r"], "run"), fits(data["c"], "check")
        pids, cpids = tuple(data["p"]), tuple(data["cp"])
        if not (len(runs) == len(pids) == len(f.runs) and len(checks) == len(cpids) == len(f.parity)):
            return None
        return FileSummary(f, fi, pids, runs, cpids, checks)
    except Exception:
        return None


def persistable(ws: Workspace) -> tuple[str, Sequence[str]]:
    """The context key of ``ws`` and each evidence file's judgement as text (``encode``), to be kept
    with the evidence ("" for a judgement that cannot be kept as text: judged again when read); a text
    kept for the file under the same key is reused as it is."""
    key = context_key(ws)
    texts: list[str | None] = []
    for f in ws.evidence.files:
        stored = kept_summaries.kept(f)
        texts.append(stored[1] if stored is not None and stored[0] == key else None)
    if any(t is None for t in texts):
        for i, got in enumerate(file_summaries(ws)):
            if texts[i] is None:
                try:
                    texts[i] = encode(got)
                except (TypeError, ValueError):  # a judgement that cannot be kept as text: judged each time
                    texts[i] = ""
    return key, [t or "" for t in texts]


kept_summaries.provide_summarizer(persistable)
