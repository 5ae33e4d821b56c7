"""Import every result file below a folder in one all-or-nothing step.

``import_folder(root, context, progress=..., cancel=...)`` walks ``root`` (symlinked folders are not
followed; files in sorted order, so the outcome does not depend on the file system's order),
and imports each regular file through :func:`registry.import_file`, with all its checks (size,
special files, hash before and after the read, duplicate JSON keys, redaction):

- a file that is no result file at all (empty, binary, a known non-result file such as a
  workspace, text no format matches: a README, a log, a script) is *skipped*, with the reason, and
  listed in the summary;
- a file a format recognises that then fails, a file that looks like JSON but does not parse
  (perhaps truncated), one rewritten while being read or unreadable, *fails the step*: the
  caller stores nothing and reports every failure;
- a special file (FIFO, socket, device) or one above the size limit is skipped unread;
- the two files of one AISBench run (``<dataset>.csv`` and ``<dataset>.json`` side by side) are
  imported as one evidence file (``importers.joins``), listed under the CSV's path; the JSON's path
  is in ``joined``. A pair that is not of one run fails the step, naming both files.

Files are imported on a few worker threads: the read, the SHA-256 and orjson release the GIL, so
a folder of large files goes faster; small summaries cost about the same either way. Progress
is reported per file (values in [0, 1], never decreasing); ``cancel`` is checked between files
and raises :class:`~deepdecide.domain.progress.Cancelled`, with nothing returned.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.progress import Cancellable, ProgressCallback, check_cancelled, report
from deepdecide.importers.base import MAX_FILE_BYTES, ImportContext
from deepdecide.importers.joins import is_aisbench_pair, join_aisbench, pairs
from deepdecide.importers.registry import import_file
from deepdecide.importers.result import ImportResult

#: worker threads of a folder import (more do not help on a laptop's disk and cores)
WORKERS = min(4, os.cpu_count() or 1)


@dataclass
class FolderImport:
    """What a folder holds: the imported files (in path order), the skipped ones and the failures."""

    root: str
    imported: list[tuple[str, ImportResult]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    failed: list[EvidenceImportError] = field(default_factory=list)
    joined: list[tuple[str, str]] = field(default_factory=list)  # (the path listed, the path joined into it)
    unjoined: list[tuple[str, str]] = field(default_factory=list)  # pairs that could not be joined (both failed)

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """Every (CSV, JSON) pair met, joined or not: a file's status is its pair's (``importers.plan``)."""
        return [*self.joined, *self.unjoined]

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        return ngettext("{root}: {imported} result file recognised, {skipped} skipped, {failed} failed",
                        "{root}: {imported} result files recognised, {skipped} skipped, {failed} failed",
                        len(self.imported)).format(
            root=self.root, imported=len(self.imported), skipped=len(self.skipped), failed=len(self.failed))


def _walk(root: Path) -> Iterator[tuple[str, os.stat_result | None, str]]:
    """(path, stat, reason to skip or "") for every entry below ``root``, sorted; folders are entered
    (not through symlinks), everything else is listed. Iterative (a stack of open folders, not
    recursion): a folder nested thousands deep is walked like any other."""
    stack: list[Iterator[os.DirEntry[str]]] = []
    listed = _listing(root)
    if isinstance(listed, str):
        yield str(root), None, listed
        return
    stack.append(listed)
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        try:
            st = entry.stat(follow_symlinks=True)
        except OSError as exc:
            yield entry.path, None, _("cannot be read: {reason}").format(reason=exc.strerror or exc)
            continue
        if stat.S_ISDIR(st.st_mode):
            if entry.is_symlink():
                yield entry.path, None, _("a symbolic link to a folder: not followed")
                continue
            listed = _listing(Path(entry.path))
            if isinstance(listed, str):
                yield entry.path, None, listed
            else:
                stack.append(listed)  # its entries come next, before this folder's later ones
        elif not stat.S_ISREG(st.st_mode):
            yield entry.path, None, _("not a regular file (a FIFO, socket or device): not read")
        elif st.st_size > MAX_FILE_BYTES:
            yield entry.path, None, _("{size} MiB, above the {limit} MiB limit: not read").format(size=f"{st.st_size / 2**20:,.0f}",
                                                                      limit=MAX_FILE_BYTES // 2**20)
        else:
            yield entry.path, st, ""


def _listing(folder: Path) -> Iterator[os.DirEntry[str]] | str:
    """The entries of ``folder`` sorted by name, or why it cannot be listed."""
    try:
        with os.scandir(folder) as it:
            return iter(sorted(it, key=lambda e: e.name))
    except OSError as exc:
        return _("cannot be listed: {reason}").format(reason=exc.strerror or exc)


def is_unrecognised(exc: EvidenceImportError) -> bool:
    """Whether an import error says the file is no result file at all (empty, binary, a known
    non-result file, text no format matches), as opposed to a recognised file that failed, a file
    that looks like JSON but does not parse, or one that could not be read."""
    return bool(getattr(exc, "not_a_result", False))


def import_folder(root: str | os.PathLike[str], context: ImportContext | None = None, *,
                  contexts: Mapping[str, ImportContext] | None = None,
                  context_of: Callable[[str], ImportContext] | None = None,
                  progress: ProgressCallback | None = None, cancel: Cancellable | None = None,
                  workers: int = WORKERS) -> FolderImport:
    """Import every result file below ``root`` (see the module's docstring) with the context
    ``contexts`` gives for its path, else the one ``context_of(path)`` makes, else ``context``. Never raises for a bad file: failures are in
    ``FolderImport.failed``; raises ``Cancelled`` when cancelled."""
    contexts = contexts or {}

    def context_for(path: str) -> ImportContext | None:
        return contexts[path] if path in contexts else context_of(path) if context_of else context

    out = FolderImport(os.fsdecode(root))
    found: list[str] = []
    for path, _st, reason in _walk(Path(root)):
        check_cancelled(cancel)
        if reason:
            out.skipped.append((path, reason))
        else:
            found.append(path)
    report(progress, 0.0)
    results: dict[str, ImportResult] = {}
    total = max(len(found), 1)
    done = 0
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        pending: dict[Future[ImportResult], str] = {}
        queue = iter(found)

        def submit() -> None:
            path = next(queue, None)
            if path is not None:
                pending[pool.submit(import_file, path, context_for(path), None, cancel)] = path

        for _ in range(max(1, workers) * 2):
            submit()
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    path = pending.pop(fut)
                    try:
                        results[path] = fut.result()
                    except EvidenceImportError as exc:
                        if is_unrecognised(exc):
                            out.skipped.append((path, exc.reason.split("; closest formats")[0]))
                        else:
                            exc.file = path  # the path below the folder, not only the file's name
                            out.failed.append(exc)
                    done += 1
                    report(progress, done / total)
                    check_cancelled(cancel)
                    submit()
        except BaseException:
            for fut in pending:
                fut.cancel()
            raise
    _join_pairs(results, out, context_for)
    out.imported = [(p, results[p]) for p in found if p in results]
    out.skipped.sort()
    out.failed.sort(key=lambda e: e.file or "")
    report(progress, 1.0)
    return out


def _join_pairs(results: dict[str, ImportResult], out: FolderImport,
                context_for: Callable[[str], ImportContext | None]) -> None:
    """Each AISBench CSV + JSON pair among ``results`` becomes one joined import under the CSV's path
    (``importers.joins``); a pair that cannot be joined fails, and neither file is imported."""
    for csv_path, json_path in pairs(results):
        if not is_aisbench_pair(results[csv_path], results[json_path]):
            continue
        del results[json_path]
        try:
            results[csv_path] = join_aisbench(csv_path, json_path, context_for(csv_path))
        except EvidenceImportError as exc:
            del results[csv_path]
            exc.file = json_path if exc.file in (json_path, os.path.basename(json_path)) else csv_path
            out.failed.append(exc)
            out.unjoined.append((csv_path, json_path))
            continue
        out.joined.append((csv_path, json_path))
