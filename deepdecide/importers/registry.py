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
import io
import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deepdecide.domain import formatting, userfiles
from deepdecide.domain.errors import EvidenceImportError, UnreadableFileError
from deepdecide.domain.evidence import (
    BenchmarkRun,
    EvidenceFile,
    JoinedFile,
    ParityCheck,
    Provenance,
    ProvenanceKind,
)
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import Message
from deepdecide.domain.progress import Cancellable, ProgressCallback, check_cancelled, report
from deepdecide.importers import (
    aiconfigurator,
    aiperf_multi,
    aisbench,
    aisimulate,
    checksums,
    environment,
    genai_bench,
    genai_perf,
    generic_csv,
    guidellm,
    inference_perf,
    inferencemax,
    inferencex,
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
    take_dropped,
)
from deepdecide.importers.normalize import error_missing, finalize, finalize_errors, hints_from_name
from deepdecide.importers.result import ImportResult
from deepdecide.importers.safety import (
    clean_message,
    clean_text,
    dropped_flags,
    safe_check,
    safe_provenance,
    safe_run,
)
from deepdecide.importers.secrets import Finding

#: every importer, in sniffing order (benchmarks.md §12, parity.md §1.10): the first match wins.
#: Order matters: AIPerf before GenAI-Perf, InferenceMAX and SGLang before vLLM serving; the
#: YAML reports (llm-d, inference-perf dumps) after the CI baselines, whose keys are narrower.
IMPORTERS: tuple[Importer, ...] = (
    environment.EnvironmentManifest(),
    mlperf.MlperfSummary(),
    aiconfigurator.AiconfiguratorCsv(),
    aiconfigurator.AiconfiguratorSiliconRefs(),
    inferencex.InferencexPowerxCsv(),
    mlperf_results.MlperfResultsSummary(),
    simulators.VidurRequestMetrics(),
    lm_eval.LmEvalTable(),
    genai_perf.AiperfCsv(),
    aiperf_multi.AiperfAccuracyCsv(),
    aisbench.AisbenchCsv(),
    genai_perf.GenaiPerfCsv(),
    genai_perf.GenaiPerfAnalyzeCsv(),
    parity_custom.ParityCsv(),
    parity_baselines.LmEvalBaselineYaml(),
    parity_baselines.VllmGsm8kBaselineYaml(),
    llmd.LlmdReport(),
    inference_perf.InferencePerfLifecycle(),
    inference_perf.InferencePerfPerRequest(),
    inference_perf.InferencePerfPrometheus(),
    aiperf_multi.AiperfAggregate(),
    aiperf_multi.AiperfSweep(),
    genai_perf.AiperfJson(),
    genai_perf.GenaiPerfJson(),
    guidellm.Guidellm(),
    genai_bench.GenaiBench(),
    aisbench.AisbenchJson(),
    trtllm.TrtllmBench(),
    aisimulate.AisimulateErrorMetrics(),
    aisimulate.AisimulateComparison(),
    llmperf.LlmperfSummary(),
    llmperf.LlmperfIndividual(),
    inferencex.InferencexApi(),
    inferencex.InferencexTokenPosition(),
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

def format_names() -> tuple[str, ...]:
    return tuple(i.description for i in IMPORTERS)


def _step(progress: ProgressCallback | None, cancel: Cancellable | None, value: float) -> None:
    check_cancelled(cancel)
    report(progress, value)


#: a file modified less than this long ago is watched that long before it is read (20 ms)
QUIET_NS = 20_000_000

#: files at most this large are read twice and compared, to catch a rewrite that happens between
#: reading and the size/mtime check (cheap for summaries; the big files' writers append)
_REREAD_BYTES = 4 << 20


def stored_file_name(name: str) -> str:
    """The name an import stores for a file: its base name, without any folder ("/" or "\\"), so that
    the workspace never holds a path ("../../etc/passwd"; the workspace rule, ``domain.validation``)."""
    base = name.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].replace("\x00", "")
    return base if base not in ("", ".", "..") else "unnamed"


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes (see :func:`read_file_stat`)."""
    return read_file_stat(path)[0]


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    return st.st_ino, st.st_size, st.st_mtime_ns


def _changed(path: str | os.PathLike[str], name: str) -> EvidenceImportError:
    return EvidenceImportError(_('changed while being read (is the benchmark still writing it?): try again'),
                               file=name)


def read_file_stat(path: str | os.PathLike[str]) -> tuple[bytes, os.stat_result]:
    """The file's bytes and its stat, refusing a directory, a special file (FIFO, device, socket: before
    opening, so nothing blocks), an unreadable file, one above the size limit, and one that
    changed while it was read (size, modification time or content before and after)."""
    name = os.fsdecode(path)
    try:
        before = userfiles.regular_file_stat(path)  # a folder, FIFO, socket or device: refused unopened
    except UnreadableFileError as exc:
        raise EvidenceImportError(exc.reason, file=name) from None
    size = before.st_size
    if size > MAX_FILE_BYTES:
        raise EvidenceImportError(
            _("is {value} MiB; evidence files above {value2} MiB are refused (split the run or reduce it with the tool's own summary output)").format(value=formatting.integer(size / 2 ** 20), value2=formatting.integer(MAX_FILE_BYTES // 2 ** 20)), file=name)
    changed = _changed(path, name)
    # a file modified in the last moments may still be being written: wait until it has been
    # quiet for QUIET_NS (at most that long, once) and refuse it if it changed meanwhile
    age = time.time_ns() - before.st_mtime_ns
    if 0 <= age < QUIET_NS:
        time.sleep((QUIET_NS - age) / 1e9)
        try:
            if _signature(os.stat(path)) != _signature(before):
                raise changed
        except OSError:
            raise changed from None
    try:
        fd, opened = userfiles.open_regular(path)  # without blocking, checked again on the descriptor
    except UnreadableFileError as exc:
        raise EvidenceImportError(exc.reason, file=name) from None
    try:
        if (opened.st_ino, opened.st_size, opened.st_mtime_ns) != (before.st_ino, before.st_size, before.st_mtime_ns):
            raise changed
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = -1
            # read(n) allocates n bytes up front: ask for what the file holds (+1 to see growth)
            data = _read(fh, size + 1)
            after = os.fstat(fh.fileno())
    except OSError as exc:
        raise EvidenceImportError(_('cannot be read: {value}').format(value=exc.strerror or exc), file=name) from None
    finally:
        if fd != -1:
            os.close(fd)
    if len(data) != size or (after.st_size, after.st_mtime_ns) != (before.st_size, before.st_mtime_ns):
        raise changed
    if size <= _REREAD_BYTES:
        try:
            with open(path, "rb", opener=_open_regular) as fh:  # never waits on a FIFO swapped in meanwhile
                again = fh.read(size + 1)
            now = os.stat(path)
        except (OSError, UnreadableFileError):
            raise changed from None
        if again != data or _signature(now) != _signature(before):
            raise changed
    return data, before


def _open_regular(path: str, flags: int) -> int:
    """``open``'s opener: a descriptor on the regular file at ``path`` (``userfiles.open_regular``)."""
    return userfiles.open_regular(path)[0]


def _read(fh: io.BufferedReader, limit: int) -> bytes:
    """At most ``limit`` bytes of the file, read once (a separate function so a test can make the file
    change while it is read)."""
    return fh.read(limit)


def still_same(path: str | os.PathLike[str], before: os.stat_result) -> bool:
    try:
        return _signature(os.stat(path)) == _signature(before)
    except OSError:
        return False


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


def _not_a_result(exc: EvidenceImportError) -> EvidenceImportError:
    exc.not_a_result = True  # type: ignore[attr-defined]  # read by importers.folder: skipped, not failed
    return exc


def _unknown_format(src: Source) -> EvidenceImportError:
    """The error for a file no importer recognised: what it is when it is a known non-result
    file, else the two or three closest formats and why each failed (never the whole list).

    An empty or binary file, a known non-result file and text no format matches are marked
    ``not_a_result`` (a folder import skips them); a file that looks like JSON but does not
    parse, or text that cannot be decoded, may be a damaged result file and is not."""
    if not src.data.strip().removeprefix(b"\xef\xbb\xbf").strip():
        return _not_a_result(src.error(_("the file is empty: not a benchmark or parity result file")))
    if "encoding" in src.problems:
        reason, line = src.problems["encoding"]
        return src.error(reason, line=line)
    if src.looks_binary():
        return _not_a_result(src.error(_("binary data, not a benchmark or parity result file")))
    if src.text is None:
        reason, line = src.problems["text"]
        return src.error(reason, line=line)
    for view in ("json_lines", "json"):
        if view in src.problems and src.first_byte in (ord("{"), ord("[")):
            reason, line = src.problems[view]
            return src.error(_("{reason}; not a format deepdecide knows").format(reason=reason), line=line)
    what = not_results.what_it_is(src)
    if what:
        return _not_a_result(src.error(_("this is {what}, not a result file").format(what=what)))
    keys = ""
    if isinstance(src.json, dict):
        keys = _(" (top-level keys: {keys})").format(keys=", ".join(list(src.json)[:12]))
    near = nearest.describe(src, IMPORTERS)
    hint = (_("; for a CSV of your own, declare its columns (deepdecide import --map normalized_name=Column ...)")
            if not src.looks_json else "")
    return _not_a_result(src.error(_("format not recognised{keys}{near}{hint}").format(
        keys=keys, near=f"; {near}" if near else "", hint=hint)))


#: measurement fields: a run holding none of them holds no data (a header-only CSV, say)
_MEASUREMENTS = tuple(f for f in BenchmarkRun.__dataclass_fields__ if f.endswith(("_ms_mean", "_ms_p50", "_ms_p90", "_ms_p99",
                      "_tps", "_rps")) or f in ("completed", "failed", "num_requests", "duration_s",
                                                "power_w_per_gpu", "energy_j_per_output_token",
                                                "energy_j_per_input_token"))


def _check_csv(src: Source) -> None:
    """A CSV with no data rows, or with a data row repeated, is an error, not an empty run."""
    rows = src._cache.get("csv")
    if rows is None:
        return
    filled = [(line, tuple(c.strip() for c in row)) for line, row in rows if any(c.strip() for c in row)]
    if len(filled) <= 1:
        raise src.error(_("no data rows (only a header line)") if filled else _("no data rows"), line=1)
    seen: dict[tuple[str, ...], int] = {}
    for line, row in filled:
        if not any(any(ch.isdigit() for ch in c) for c in row):  # a header or a label row
            continue
        if row in seen:
            raise src.error(_("line {line} repeats line {first} exactly (a duplicated row: which one is meant?)").format(line=line, first=seen[row]),
                            line=line)
        seen[row] = line


def import_source(src: Source, context: ImportContext | None = None, *, sha256: str = "",
                  progress: ProgressCallback | None = None, cancel: Cancellable | None = None) -> ImportResult:
    """Sniff, parse and normalize an in-memory file (the bytes of ``src``)."""
    context = context or ImportContext()
    importer = sniff_source(src, context)
    if importer is None:
        if context.csv_mapping:
            raise src.error(_("a column mapping was given, but the file is not a CSV with a header row"),
                            tried=(GENERIC_CSV.description,))
        raise _unknown_format(src)
    if not src.looks_json and src.text is None:  # a text format recognised by its head only
        reason, line = src.problems["text"]
        raise src.error(reason, line=line, tried=(importer.description,))
    _step(progress, cancel, 0.6)
    take_dropped()  # values dropped while sniffing belong to no run
    parsed = guarded_parse(src, importer, lambda: importer.parse(src, context))
    _step(progress, cancel, 0.9)
    return build_result(src, importer, parsed, context, sha256=sha256, progress=progress, cancel=cancel)


def guarded_parse(src: Source, importer: Importer, parse: Callable[[], Parsed]) -> Parsed:
    """``parse()``, its errors naming the format tried; a shape no check caught (a KeyError, say) is
    one located error naming ``src``, never a traceback."""
    try:
        return parse()
    except EvidenceImportError as exc:
        if not exc.tried:
            exc.tried = (importer.description,)
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError,
            OverflowError, RecursionError) as exc:
        raise src.error(_("cannot be read as {format}: unexpected content ({kind}: {reason})").format(format=_(importer.description), kind=type(exc).__name__, reason=exc),
                        tried=(importer.description,)) from None


def build_result(src: Source, importer: Importer, parsed: Parsed, context: ImportContext, *, sha256: str = "",
                 progress: ProgressCallback | None = None, cancel: Cancellable | None = None,
                 joined: tuple[JoinedFile, ...] = (), format_name: str = "") -> ImportResult:
    """Check, normalize and wrap what ``importer`` parsed from ``src`` into one evidence file; with
    ``joined``, the files an import joined into it (``src`` is the first: ``importers.joins``)."""
    if (not parsed.runs and not parsed.parity and not parsed.prediction_errors and not parsed.no_observations
            and parsed.environment is None):
        raise src.error(_("recognised as {format}, but it holds no runs or checks").format(format=_(importer.description)),
                        tried=(importer.description,))
    if not context.csv_per_request:
        _check_csv(src)
    for i, r in enumerate(parsed.runs):
        if all(getattr(r, f) is None for f in _MEASUREMENTS):
            raise src.error(_("recognised as {format}, but run {n} holds no measurements (no data rows?)").format(format=_(importer.description), n=i + 1), tried=(importer.description,))
    findings: list[Finding] = []
    dropped = dropped_flags(src)  # not claimed by the run being built: they apply to every run
    runs: tuple[BenchmarkRun, ...] = tuple(
        safe_run(finalize(r, context), i, src, dropped, findings) for i, r in enumerate(parsed.runs))
    parity: tuple[ParityCheck, ...] = tuple(
        safe_check(_apply_parity_context(p, context), i, src, findings) for i, p in enumerate(parsed.parity))
    digest = sha256 or hashlib.sha256(src.raw).hexdigest()
    kind, kind_note = provenance_kind(importer, context)
    if kind_note:
        parsed.notes.append(kind_note)
    file_flags: list[Message] = []
    provenance = safe_provenance(Provenance(
        file_name=stored_file_name(src.name),
        size_bytes=len(src.raw),
        sha256=digest,
        tool=importer.tool,
        tool_version=parsed.tool_version,
        imported_at=datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        label=context.label,
        kind=kind,
        source_url=parsed.source_url,
        retrieved_at=parsed.retrieved_at,
        manifest=tuple(clean_message(m, "the provenance", findings) for m in parsed.manifest),
        joined=tuple(replace(j, file_name=clean_text(j.file_name, flag("place.provenance", field="joined"), file_flags,
                                                     findings, path=True))
                     for j in joined),
    ), findings, file_flags)
    missing = tuple(dict.fromkeys(m for r in runs for m in r.missing_context))
    measured = [p for p in parity if p.value is not None]  # reference-only checks need no context
    if any(not p.runtime for p in measured):
        missing = tuple(dict.fromkeys((*missing, "runtime")))
    if any(not p.platform for p in measured):
        missing = tuple(dict.fromkeys((*missing, "platform")))
    if any(not p.model for p in measured):
        missing = tuple(dict.fromkeys((*missing, "model")))
    errors = finalize_errors(parsed.prediction_errors, context)
    missing = tuple(dict.fromkeys((*missing, *(m for e in errors for m in error_missing(e)))))
    _step(progress, cancel, 1.0)
    notes = [*file_flags, *(dropped if not runs else ())]
    notes += [clean_message(n, "a note", findings) for n in parsed.notes]
    if src.encoding != "utf-8":
        notes.append(flag("import.bom" if src.bom else "import.no_bom", encoding=src.encoding.upper()))
    suggestions = tuple((k, str(v)) for k, v in hints_from_name(src.name).items() if k in set(missing))
    env = None if parsed.environment is None else environment.safe_environment(parsed.environment, notes, findings)
    return ImportResult(EvidenceFile(provenance, runs, parity, prediction_errors=errors, environment=env), importer.tool,
                        format_name or importer.description,
                        missing, tuple(notes), clean_text(parsed.model, "model", [], findings),
                        tuple(dict.fromkeys(findings)), suggestions, importer.provenance_kind)


def provenance_kind(importer: Importer, context: ImportContext) -> tuple[ProvenanceKind, Message | None]:
    """The file's provenance kind and, when the user's word was overridden, why.

    An estimator's or simulator's output is ``predicted`` whatever the user says; otherwise the
    kind the user gave; a file the user imports without saying is their ``own``.
    """
    fixed = importer.provenance_kind
    if fixed is not None:
        if context.kind is not None and context.kind != fixed:
            return fixed, flag("import.kind_kept", format=importer.description, kind_text=fixed.message, kind=fixed.value,
                               given=context.kind.value)
        return fixed, None
    return (context.kind if context.kind is not None else ProvenanceKind.OWN), None


def _apply_parity_context(check: ParityCheck, ctx: ImportContext) -> ParityCheck:
    changes: dict[str, Any] = {}
    if not check.runtime and ctx.runtime and check.value is not None:
        changes["runtime"] = ctx.runtime
    if not check.platform and ctx.platform and check.value is not None:
        changes["platform"] = ctx.platform
    if not check.model and ctx.model:
        changes["model"] = ctx.model
    return replace(check, **changes) if changes else check


def import_file(path: str | os.PathLike[str], context: ImportContext | None = None,
                progress: ProgressCallback | None = None, cancel: Cancellable | None = None) -> ImportResult:
    """Read, recognise, parse and normalize one evidence file; safe to call from a worker thread.

    ``progress`` receives values in [0, 1]; ``cancel`` is a ``domain.progress.CancelToken``
    (checked between the steps). Raises EvidenceImportError for a bad file and
    ``domain.progress.Cancelled`` when cancelled; never changes anything outside its return value.
    """
    _step(progress, cancel, 0.0)
    data, before = read_file_stat(path)
    try:
        result = _import_read(path, data, context, progress, cancel)
    except EvidenceImportError:
        # a file caught half-written reads as a truncated one: say what really happened
        if not still_same(path, before):
            raise _changed(path, os.fsdecode(path)) from None
        raise
    if not still_same(path, before):  # rewritten since it was read: the import may be partial
        raise _changed(path, os.fsdecode(path))
    return result


def _import_read(path: str | os.PathLike[str], data: bytes, context: ImportContext | None,
                 progress: ProgressCallback | None, cancel: Cancellable | None) -> ImportResult:
    _step(progress, cancel, 0.3)
    src = Source(Path(os.fsdecode(path)).name, data, path=os.fsdecode(path))
    if len(data) <= 1 << 20:
        return checksums.against_manifest(import_source(src, context, progress=progress, cancel=cancel), path)
    # hash while parsing: hashlib releases the GIL, so the SHA-256 runs on the other core
    digest: list[str] = []
    hasher = threading.Thread(target=lambda: digest.append(hashlib.sha256(data).hexdigest()), daemon=True)
    hasher.start()
    try:
        result = import_source(src, context, sha256="pending", progress=progress, cancel=cancel)
    finally:
        hasher.join()
    provenance = replace(result.evidence.provenance, sha256=digest[0])
    return checksums.against_manifest(replace(result, evidence=replace(result.evidence, provenance=provenance)), path)


def import_bytes(name: str, data: bytes, context: ImportContext | None = None) -> ImportResult:
    """Import an in-memory file (tests, clipboard paste)."""
    if len(data) > MAX_FILE_BYTES:
        raise EvidenceImportError(_('is larger than {value} MiB').format(value=MAX_FILE_BYTES // 2 ** 20), file=name)
    return import_source(Source(name, data), context)
