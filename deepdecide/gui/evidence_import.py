"""Import evidence files in the background: progress, cancel, the context of each file, one undo step."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from deepdecide.domain import formatting
from deepdecide.domain.edits import Batch, InsertEvidenceFile, SetMigrationStep
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.matrix import RuntimeKind
from deepdecide.domain.progress import CancelToken, ProgressCallback, scaled
from deepdecide.domain.vocabulary import word
from deepdecide.gui.i18n import fmt
from deepdecide.gui.tasks import Task

if TYPE_CHECKING:
    from deepdecide.gui.controller_context import ControllerContext


def import_files(paths: list[str], contexts: dict[str, Any], progress: ProgressCallback,
                 token: CancelToken, skipped: list[tuple[str, str]] | None = None,
                 plans: list[tuple[str, Any]] | None = None,
                 pairs: list[tuple[str, str]] | None = None) -> list[Any]:
    """Worker: import every file, and every result file below a folder (all or nothing); raise the
    first failure. Files below a folder that are no result files go to ``skipped`` (path, reason); a
    folder with a benchmark plan's manifest at its top goes to ``plans`` (folder, plan); the files
    joined into one import (an AISBench run's CSV and JSON, listed under the CSV) go to ``pairs``."""
    from deepdecide.importers.folder import import_folder
    from deepdecide.importers.joins import (  # deferred: the importers load on the first import, not at start-up
        aisbench_pairs,
        join_aisbench,
    )
    from deepdecide.importers.plan import (  # deferred: the importers load on the first import, not at start-up
        failure_note,
        judge_parity,
        read_manifest,
    )
    from deepdecide.importers.registry import import_file

    results = []
    n = len(paths)
    to_join = dict(aisbench_pairs([p for p in paths if not os.path.isdir(p)]))  # an AISBench run's CSV and JSON
    for i, path in enumerate(paths):
        step = scaled(progress, i / n, (i + 1) / n)
        if path in to_join.values():
            continue  # joined into its CSV's import
        if path in to_join:
            results.append((path, join_aisbench(path, to_join[path], contexts.get(path))))
            if pairs is not None:
                pairs.append((path, to_join[path]))
        elif os.path.isdir(path):
            plan = read_manifest(path)  # a manifest that cannot be read: an error naming it, nothing imported
            if plan is not None and plans is not None:
                plans.append((path, plan))
            found = import_folder(path, contexts=contexts, progress=step, cancel=token)
            if found.failed:  # all or nothing: the first failure, naming its file (and its plan step)
                first = found.failed[0]
                if plan is not None:
                    first.reason += failure_note(plan, path, first.file)
                if len(found.failed) > 1:
                    more = len(found.failed) - 1
                    first.reason += fmt(ngettext(" (and {n} more file below %1 that failed)", " (and {n} more files below %1 that failed)", more).format(n=more), path)
                raise first
            # a plan's parity results judged against its reference runs, as `deepdecide import` does
            results.extend(judge_parity(plan, path, found.imported) if plan is not None else found.imported)
            if pairs is not None:
                pairs.extend(found.joined)
            if skipped is not None:
                skipped.extend(found.skipped)
        else:
            results.append((path, import_file(path, contexts.get(path), step, token)))
    progress(1.0)
    return results


class EvidenceImporter(QObject):
    """Drive one import: run in the background, ask each file's context (what it lacks, who made it:
    ``importers.context_table``), add all files as one edit."""

    def __init__(self, ctx: ControllerContext):
        super().__init__(ctx.parent)
        self.ctx = ctx
        self.contexts: dict[str, Any] = {}
        self.paths: list[str] = []
        self.task: Task | None = None

    def start(self, paths: list[str]) -> Task:
        self.paths = paths
        names = ", ".join(Path(p).name for p in paths)
        self.ctx.set_busy(fmt(_("Importing %1…"), names), 0.0)
        contexts = dict(self.contexts)
        self.skipped: list[tuple[str, str]] = []
        self.plans: list[tuple[str, Any]] = []
        self.pairs: list[tuple[str, str]] = []
        skipped, plans, pairs = self.skipped, self.plans, self.pairs
        task = Task(lambda progress, token: import_files(paths, contexts, progress, token, skipped, plans, pairs))
        task.signals.progress_changed.connect(lambda v: self.ctx.set_busy(fmt(_("Importing %1…"), names), v))
        task.signals.finished.connect(self._finished)
        task.signals.failed.connect(self._failed)
        task.signals.cancelled.connect(self._cancelled)
        self.task = task
        self.ctx.tasks.start(task)
        return task

    def _failed(self, exc: BaseException) -> None:
        # a cancelled import arrives as the cancelled signal (domain.progress.Cancelled), not here
        self.ctx.set_busy("", None)
        self.ctx.interaction.show_error(_("Cannot import the evidence"), exc)
        self.ctx.set_busy(_("Import failed; nothing was changed."), None)
        self.deleteLater()

    def _cancelled(self) -> None:
        self.ctx.set_busy(_("Import cancelled; nothing was changed."), None)
        self.deleteLater()

    def _fit_note(self, n_files: int) -> str:
        """How the files just imported (the last ``n_files``) fit the workload, with the first reason of
        what does not count: "1 mismatch (measured on …, not …); see the Evidence page"."""
        doc = self.ctx.document
        first = len(doc.workspace.evidence.files) - n_files
        fits = [x for x in doc.assessment().evidence_fit if x.file_index >= first]
        counts: dict[str, int] = {}
        for x in fits:
            counts[x.applicability.value] = counts.get(x.applicability.value, 0) + 1
        if not counts or set(counts) == {"matches"}:
            return ""
        other = next((x for x in fits if x.applicability.value != "matches" and x.reasons), None)
        text = ", ".join(f"{n} {k}" for k, n in counts.items())
        if other is not None:
            return fmt(_("Against the workload: %1 (%2); see the Evidence "
                                                  "page."), text, str(other.reasons[0]))
        return fmt(_("Against the workload: %1; see the Evidence page."),
                   text)

    def _planned(self, row: Any) -> Any:
        """A file of a benchmark plan's folder: its answers from its own manifest entry, to confirm."""
        from deepdecide.importers import context_table
        from deepdecide.importers.plan import (
            planned_file,  # deferred: the importers load on the first import, not at start-up
        )

        for root, plan in self.plans:
            for path in row.joined or (row.path,):  # a joined pair: the entry of the first file the plan lists
                entry = planned_file(plan, root, path) if _below(path, root) else None
                if entry is not None:
                    return context_table.plan_row(row, entry)
        return row

    def _plan_note(self, root: str, plan: Any, imported: list[str]) -> str:
        """Planned against imported against missing: "Benchmark plan plan-x: 3 planned files, 2 imported,
        1 missing (results/…)", and each pair joined into one import named with both its files."""
        from deepdecide.importers.plan import (  # deferred: the importers load on the first import, not at start-up
            FileStatus,
            status,
        )

        got = status(plan, root, [p for p in imported if _below(p, root)], [], self._skipped_below(root),
                     [pair for pair in self.pairs if _below(pair[0], root)])
        missing = [g.file.path for g in got if g.status == FileStatus.MISSING]
        unread = [g.file.path for g in got if g.status == FileStatus.FAILED]
        done = sum(1 for g in got if g.status == FileStatus.DONE)
        text = fmt(_("Benchmark plan %1: %2 planned files, %3 imported, %4 missing"), Path(root).name, len(got),
                   done, len(missing))
        if missing:
            text += " (" + ", ".join(missing[:3]) + (" …" if len(missing) > 3 else "") + ")"
        if unread:  # there, at the planned path, but not a result file deepdecide recognises
            text += "; " + fmt(ngettext("{n} failed, not a result file (%1)", "{n} failed, not result files (%1)",
                                        len(unread)).format(n=len(unread)),
                               ", ".join(unread[:3]) + (" …" if len(unread) > 3 else ""))
        for pair in dict.fromkeys(g.joined for g in got if g.joined and g.status == FileStatus.DONE):
            text += "; " + fmt(_("%1: one run in two files, imported as one"), " + ".join(pair))
        return text + "."

    def _skipped_below(self, root: str) -> list[str]:
        return [p for p, _why in self.skipped if _below(p, root)]

    def _steps_moved(self, imported: list[str]) -> list[tuple[int, Any]]:
        """(index, step) of every migration step the imported plans move on (never back)."""
        from deepdecide.importers.plan import (  # deferred: the importers load on the first import, not at start-up
            status,
            steps_after,
        )

        before = self.ctx.document.workspace.migration_plan
        steps = before
        for root, plan in self.plans:
            got = status(plan, root, [p for p in imported if _below(p, root)], [], self._skipped_below(root),
                         [pair for pair in self.pairs if _below(pair[0], root)])
            steps = steps_after(plan, got, steps)
        return [(i, new) for i, (old, new) in enumerate(zip(before, steps, strict=True)) if old != new]

    def _context_choices(self) -> dict[str, list[tuple[str, str]]]:
        """Runtimes (serving engines and engines: a kernel library is a build fact, not a runtime) and
        platforms of the matrix, as (id, name shown)."""

        m = self.ctx.document.workspace.matrix
        return {"runtime": [(r.id, r.name) for r in m.runtimes if r.kind != RuntimeKind.KERNEL_LIBRARY],
                "platform": [(p.id, f"{p.vendor} {p.name}") for p in m.platforms]}

    def _finished(self, results: list[tuple[str, Any]]) -> None:
        from deepdecide.importers import context_table

        # every file its own answer: asked once per file, for what it lacks and who made it
        ws = self.ctx.document.workspace
        matrix = ws.matrix
        # a file of a known other model is a mismatch: asked who made it, never its runtime or platform
        rows = [self._planned(context_table.row_for(path, r, matrix, ws.workload))
                for path, r in results if path not in self.contexts]
        if rows and context_table.needs_asking(rows):
            self.ctx.set_busy(_("Waiting for the context of the import…"), None)
            answered = self.ctx.interaction.ask_import_context(rows, self._context_choices())
            if answered is None:
                self._cancelled()
                return
            self.contexts.update(context_table.contexts(answered))
            self.start(self.paths)  # again, with each file's context (an import is all-or-nothing)
            return
        if not results:
            self.ctx.set_busy(ngettext("No result files found; {n} file skipped, nothing was changed.", "No result files found; {n} files skipped, nothing was changed.", len(self.skipped)).format(n=len(self.skipped)), None)
            self.deleteLater()
            return
        edits: tuple[Any, ...] = tuple(InsertEvidenceFile(r.evidence) for _p, r in results)
        moved = self._steps_moved([p for p, _r in results])  # the migration steps the plans serve, in the same step
        edits += tuple(SetMigrationStep(i, step) for i, step in moved)
        names = ", ".join(_shown_name(p, r) for p, r in results)
        count = len(results)
        if count > 3:
            names = ngettext("{n} file", "{n} files", count).format(n=formatting.integer(count))

        def label() -> str:
            what = ngettext("{n} file", "{n} files", count).format(n=formatting.integer(count)) if count > 3 else names
            return fmt(_("Import %1"), what)  # in the language of the moment

        added = False
        try:
            self.ctx.document.edit(edits[0] if len(edits) == 1 else Batch(edits), label)
            added = True
        except DeepdecideError as exc:
            self.ctx.interaction.show_error(_("Cannot import the evidence"), exc)
        runs = sum(len(r.evidence.runs) for _p, r in results)
        checks = sum(len(r.evidence.parity) for _p, r in results)
        text = fmt(_("Imported %1: %2, %3."), names,
                   ngettext("{n} run", "{n} runs", runs).format(n=formatting.integer(runs)),
                   ngettext("{n} parity check", "{n} parity checks", checks).format(n=formatting.integer(checks)))
        for root, plan in self.plans if added else []:
            text += " " + self._plan_note(root, plan, [p for p, _r in results])
        for _i, step in moved if added else []:
            text += " " + fmt(_("Migration step %1 (%2): now %3."), step.order, step.title,
                              word(step.status, "step status"))
        fit = self._fit_note(len(results)) if added else ""
        if fit:
            text += " " + fit
        if self.skipped:
            first, reason = self.skipped[0]
            text += " " + fmt(ngettext("Skipped {n} file that is not a result file (%1: %2).", "Skipped {n} files that are not result files (first: %1: %2).", len(self.skipped)).format(n=len(self.skipped)), Path(first).name, reason)
        self.ctx.set_busy(text, None)
        self.deleteLater()


def _below(path: str, root: str) -> bool:
    """Whether ``path`` is inside the folder ``root``."""
    try:
        return os.path.commonpath([os.path.abspath(path), os.path.abspath(root)]) == os.path.abspath(root)
    except ValueError:
        return False


def _shown_name(path: str, result: Any) -> str:
    """The file's name, or the names of the files joined into its import ("gsm8k.csv + gsm8k.json")."""
    parts = result.evidence.provenance.joined
    return " + ".join((Path(path).name, *(j.file_name for j in parts[1:]))) if len(parts) > 1 else Path(path).name
