"""The importer registry: recognise a file by its content, import it all-or-nothing.

``import_file(path, context, progress=None, cancel=None)`` is what the GUI calls from a worker
thread: it reads the file once (refusing anything above :data:`MAX_FILE_BYTES` before reading),
hashes it, sniffs the format, parses, normalizes, and returns an :class:`ImportResult` holding
one :class:`EvidenceFile`, or raises one :class:`EvidenceImportError` naming the file, the place
and the reason (for a file no format recognises: what it is when it is a known non-result file,
else the closest formats and why each failed). The file's provenance kind comes from the format
(estimators and simulators: predicted) or the context (default own). It touches no workspace:
the caller adds the result.
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, ParityCheck, Provenance, ProvenanceKind
from deepdecide.domain.progress import Cancellable, ProgressCallback, check_cancelled, report
from deepdecide.importers import (
    aiconfigurator,
    bigjson,
    genai_perf,
    generic_csv,
    guidellm,
    inference_perf,
    inferencemax,
    llmd,
    llmperf,
    lm_eval,
    mlperf,
    mlperf_results,
    nearest,
    niah,
    not_results,
    parity_baselines,
    parity_custom,
    sglang,
    simulators,
    trtllm,
    vllm,
)
from deepdecide.importers.base import (
    MAX_FILE_BYTES,
    ImportContext,
    Importer,
    Parsed,
    Source,
)
from deepdecide.importers.normalize import finalize
from deepdecide.importers.secrets import redact

#: every importer, in sniffing order (benchmarks.md §12, parity.md §1.10): the first match wins.
#: Order matters: AIPerf before GenAI-Perf, InferenceMAX and SGLang before vLLM serving; the
#: YAML reports (llm-d, inference-perf dumps) after the CI baselines, whose keys are narrower.
IMPORTERS: tuple[Importer, ...] = (
    mlperf.MlperfSummary(),
    aiconfigurator.AiconfiguratorCsv(),
    mlperf_results.MlperfResultsSummary(),
    simulators.VidurRequestMetrics(),
    lm_eval.LmEvalTable(),
    genai_perf.AiperfCsv(),
    genai_perf.GenaiPerfCsv(),
    genai_perf.GenaiPerfAnalyzeCsv(),
    parity_custom.ParityCsv(),
    parity_baselines.LmEvalBaselineYaml(),
    parity_baselines.VllmGsm8kBaselineYaml(),
    llmd.LlmdReport(),
    inference_perf.InferencePerfLifecycle(),
    inference_perf.InferencePerfPerRequest(),
    genai_perf.AiperfJson(),
    genai_perf.GenaiPerfJson(),
    guidellm.Guidellm(),
    trtllm.TrtllmBench(),
    llmperf.LlmperfSummary(),
    llmperf.LlmperfIndividual(),
    inferencemax.InferencemaxAgentx(),
    inferencemax.InferencemaxAgg(),
    sglang.SglangServe(),
    sglang.SglangOneBatch(),
    sglang.SglangOneBatchServer(),
    sglang.SglangOffline(),
    vllm.VllmServe(),
    vllm.VllmThroughput(),
    vllm.VllmLatency(),
    parity_custom.ParityJson(),
    lm_eval.LmEvalResults(),
    niah.NiahSingle(),
    niah.NiahAggregate(),
    simulators.BlisMetrics(),
    simulators.BlisGoldenDataset(),
)

#: chosen only when the user declares a column mapping (a CSV cannot be recognised otherwise)
GENERIC_CSV = generic_csv.GenericCsv()

@dataclass(frozen=True)
class ImportResult:
    """One imported file: its evidence, the format it was recognised as, what is still missing."""

    evidence: EvidenceFile
    tool: str
    format: str
    missing_context: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    model: str = ""  # the model a parity file is about (lm-eval model_args, a baseline's model_name)


def format_names() -> tuple[str, ...]:
    return tuple(i.description for i in IMPORTERS)


def _step(progress: ProgressCallback | None, cancel: Cancellable | None, value: float) -> None:
    check_cancelled(cancel)
    report(progress, value)


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes, refusing a directory, an unreadable file or one above the size limit."""
    name = str(path)
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise EvidenceImportError(f"cannot be read: {exc.strerror or exc}", file=name) from None
    if p.is_dir():
        raise EvidenceImportError("is a directory, not an evidence file", file=name)
    if size > MAX_FILE_BYTES:
        raise EvidenceImportError(
            f"is {size / 2**20:,.0f} MiB; evidence files above {MAX_FILE_BYTES // 2**20} MiB are refused "
            "(split the run or reduce it with the tool's own summary output)", file=name)
    try:
        with open(p, "rb") as fh:
            # read(n) allocates n bytes up front: ask for what the file holds (+1 to see growth)
            data = fh.read(size + 1)
    except OSError as exc:
        raise EvidenceImportError(f"cannot be read: {exc.strerror or exc}", file=name) from None
    if len(data) > size:  # grew while we looked: a file still being written
        raise EvidenceImportError("changed while it was read (is the benchmark still writing it?)", file=name)
    return data


def sniff_source(src: Source, context: ImportContext | None = None) -> Importer | None:
    """The importer whose format the content matches, or None."""
    if context is not None and context.csv_mapping:
        return GENERIC_CSV if GENERIC_CSV.sniff(src) else None
    for importer in IMPORTERS:
        try:
            if importer.sniff(src):
                return importer
        except EvidenceImportError:
            continue
    return None


def sniff(path: str | os.PathLike[str]) -> Importer | None:
    """Recognise a file by its content (never by its name)."""
    return sniff_source(Source(Path(path).name, read_file(path), path=str(path)))


def _unknown_format(src: Source) -> EvidenceImportError:
    """The error for a file no importer recognised: what it is when it is a known non-result
    file, else the two or three closest formats and why each failed (never the whole list)."""
    if not src.data.strip():
        return src.error("the file is empty: not a benchmark or parity result file")
    if src.looks_binary():
        return src.error("binary data, not a benchmark or parity result file")
    if src.text is None:
        reason, line = src.problems["text"]
        return src.error(reason, line=line)
    for view in ("json_lines", "json"):
        if view in src.problems and src.first_byte in (ord("{"), ord("[")):
            reason, line = src.problems[view]
            return src.error(f"{reason}; not a format deepdecide knows", line=line)
    what = not_results.what_it_is(src)
    if what:
        return src.error(f"this is {what}, not a result file")
    keys = ""
    if isinstance(src.json, dict):
        keys = " (top-level keys: " + ", ".join(list(src.json)[:12]) + ")"
    near = nearest.describe(src, IMPORTERS)
    hint = ("; for a CSV of your own, declare its columns (deepdecide import --map normalized_name=Column ...)"
            if not src.looks_json else "")
    return src.error("format not recognised" + keys + (f"; {near}" if near else "") + hint)


def _scrub(record: Any) -> Any:
    changes = {}
    for name in ("model", "label", "dataset", "runtime_version", "platform", "quantization", "runtime",
                 "tool_version", "task", "metric", "source", "tolerance"):
        value = getattr(record, name, None)
        if isinstance(value, str) and value:
            clean = redact(value)
            if clean != value:
                changes[name] = clean
    return replace(record, **changes) if changes else record


def import_source(src: Source, context: ImportContext | None = None, *, sha256: str = "",
                  progress: ProgressCallback | None = None, cancel: Cancellable | None = None) -> ImportResult:
    """Sniff, parse and normalize an in-memory file (the bytes of ``src``)."""
    context = context or ImportContext()
    importer = sniff_source(src, context)
    if importer is None:
        if context.csv_mapping:
            raise src.error("a column mapping was given, but the file is not a CSV with a header row",
                            tried=(GENERIC_CSV.description,))
        raise _unknown_format(src)
    if not src.looks_json and src.text is None:  # a text format recognised by its head only
        reason, line = src.problems["text"]
        raise src.error(reason, line=line, tried=(importer.description,))
    _step(progress, cancel, 0.6)
    try:
        parsed: Parsed = importer.parse(src, context)
    except EvidenceImportError as exc:
        if not exc.tried:
            exc.tried = (importer.description,)
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError,
            OverflowError, RecursionError) as exc:
        # a shape no check above caught: still one located error, never a traceback
        raise src.error(f"cannot be read as {importer.description}: unexpected content ({type(exc).__name__}: {exc})",
                        tried=(importer.description,)) from None
    _step(progress, cancel, 0.9)
    if not parsed.runs and not parsed.parity:
        raise src.error(f"recognised as {importer.description}, but it holds no runs or checks",
                        tried=(importer.description,))
    runs: tuple[BenchmarkRun, ...] = tuple(_scrub(finalize(r, context)) for r in parsed.runs)
    parity: tuple[ParityCheck, ...] = tuple(_scrub(_apply_parity_context(p, context)) for p in parsed.parity)
    digest = sha256 or hashlib.sha256(src.data).hexdigest()
    kind, kind_note = provenance_kind(importer, context)
    if kind_note:
        parsed.notes.append(kind_note)
    provenance = Provenance(
        file_name=Path(src.name).name,
        size_bytes=len(src.data),
        sha256=digest,
        tool=importer.tool,
        tool_version=redact(parsed.tool_version),
        imported_at=datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        label=context.label,
        kind=kind,
    )
    missing = tuple(dict.fromkeys(m for r in runs for m in r.missing_context))
    measured = [p for p in parity if p.value is not None]  # reference-only checks need no context
    if any(not p.runtime for p in measured):
        missing = tuple(dict.fromkeys((*missing, "runtime")))
    if any(not p.platform for p in measured):
        missing = tuple(dict.fromkeys((*missing, "platform")))
    _step(progress, cancel, 1.0)
    return ImportResult(EvidenceFile(provenance, runs, parity), importer.tool, importer.description,
                        missing, tuple(parsed.notes), redact(parsed.model))


def provenance_kind(importer: Importer, context: ImportContext) -> tuple[ProvenanceKind, str]:
    """The file's provenance kind and, when the user's word was overridden, why.

    An estimator's or simulator's output is ``predicted`` whatever the user says; otherwise the
    kind the user gave; a file the user imports without saying is their ``own``.
    """
    fixed = importer.provenance_kind
    if fixed is not None:
        if context.kind is not None and context.kind != fixed:
            return fixed, (f"{importer.description} files are {fixed.text}: kind {fixed.value} kept, "
                           f"not {context.kind.value} as given")
        return fixed, ""
    return (context.kind if context.kind is not None else ProvenanceKind.OWN), ""


def _apply_parity_context(check: ParityCheck, ctx: ImportContext) -> ParityCheck:
    changes = {}
    if not check.runtime and ctx.runtime and check.value is not None:
        changes["runtime"] = ctx.runtime
    if not check.platform and ctx.platform and check.value is not None:
        changes["platform"] = ctx.platform
    return replace(check, **changes) if changes else check


def import_file(path: str | os.PathLike[str], context: ImportContext | None = None,
                progress: ProgressCallback | None = None, cancel: Cancellable | None = None) -> ImportResult:
    """Read, recognise, parse and normalize one evidence file; safe to call from a worker thread.

    ``progress`` receives values in [0, 1]; ``cancel`` is a ``domain.progress.CancelToken``
    (checked between the steps). Raises EvidenceImportError for a bad file and
    ``domain.progress.Cancelled`` when cancelled; never changes anything outside its return value.
    """
    _step(progress, cancel, 0.0)
    data = read_file(path)
    _step(progress, cancel, 0.3)
    bigjson.prepare(len(data))  # before any thread starts: threads pick their malloc arena at birth
    src = Source(Path(path).name, data, path=str(path))
    if len(data) <= 1 << 20:
        return import_source(src, context, progress=progress, cancel=cancel)
    # hash while parsing: hashlib releases the GIL, so the SHA-256 runs on the other core
    digest: list[str] = []
    hasher = threading.Thread(target=lambda: digest.append(hashlib.sha256(data).hexdigest()), daemon=True)
    hasher.start()
    try:
        result = import_source(src, context, sha256="pending", progress=progress, cancel=cancel)
    finally:
        hasher.join()
    provenance = replace(result.evidence.provenance, sha256=digest[0])
    return replace(result, evidence=replace(result.evidence, provenance=provenance))


def import_bytes(name: str, data: bytes, context: ImportContext | None = None) -> ImportResult:
    """Import an in-memory file (tests, clipboard paste)."""
    if len(data) > MAX_FILE_BYTES:
        raise EvidenceImportError(f"is larger than {MAX_FILE_BYTES // 2**20} MiB", file=name)
    return import_source(Source(name, data), context)
