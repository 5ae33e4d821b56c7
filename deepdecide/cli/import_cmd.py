"""``deepdecide import FILE|DIR... --into WORKSPACE``: add evidence files to a workspace.

A DIR is searched for result files below it (``importers.folder``): files no format recognises
are skipped and listed; a recognised file that fails fails the command like a named FILE.

One command, one outcome: every file named is imported, or none is. A file that cannot be read
is reported with the place and the reason, the command exits 3 and the workspace is left
byte-identical. ``--keep-going`` adds the files that can be read and reports the others (still
exit 3). A file already in the workspace (same SHA-256) is skipped, unless it comes with new
context (``--runtime``, ``--platform``, ``--gpus``, ``--model``, ...) or ``--replace``: then the
new import replaces the old one where it stood. Context given on the command line applies to each
file only for the facts the file does not state. Context a file name suggests (``1xH100``,
``tp8``, ``b200-trt``) is printed for the user to confirm, and applied only with ``--from-names``
(to that file alone, for the facts neither it nor the command line gives). Each stored run says
where each fact came from (the file; ``normalize.from_name``: its name; ``normalize.given``: the
user). Who made the files (``--kind``) is required unless every file says it itself (an estimator's
output is predicted; the samples are illustrative): it is never assumed. ``--samples`` adds the
illustrative sample evidence shipped in ``data/samples/evidence``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from deepdecide.cli.common import hold_workspace, keep_judgements, output_refused, say, shown, shown_path
from deepdecide.cli.evidence_cmd import fit_summary
from deepdecide.cli.inspect_cmd import judged, load_references
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain import formatting
from deepdecide.domain.environment import summary
from deepdecide.domain.errors import DeepdecideError, EvidenceImportError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.messages import run_field_words

if TYPE_CHECKING:
    from deepdecide.domain.evidence import EvidenceFile
    from deepdecide.domain.plan import BenchmarkPlan
    from deepdecide.domain.workspace import MigrationStep, Workspace
    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.folder import FolderImport
    from deepdecide.importers.result import ImportResult

    #: a file to import with its context, or the outcome a folder import already gave
    Job = ImportContext | ImportResult | DeepdecideError

NAME = "import"
HELP = N_("import benchmark / parity result files into a workspace")
DESCRIPTION = N_("""A DIR imports every result file below it; files that are not result files at all are skipped
and listed with the reason (a recognised file that fails counts as a failing FILE).

All or nothing: when any FILE cannot be imported, nothing is saved and the command exits 3
(give --keep-going to add the files that can be read). Secrets (API keys, tokens, URL
credentials) and home-directory paths are redacted from everything stored; the report says
what was redacted and where, never the secret.

Context given here (--runtime, --platform, --gpus, --model, ...) applies to each file only for the
facts the file does not state itself. What a file's name suggests (8xH100, tp4) is printed, and
applied only with --from-names, to that file alone. Who made the files (--kind) is required unless
every file says it itself (an estimator's or simulator's output is predicted): it is never assumed.

exit codes: 0 imported; 2 usage error (also: --kind missing for files that do not say who made
them; nothing saved); 3 a file or the workspace could not be read (nothing saved unless
--keep-going); 1 the workspace could not be saved.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from deepdecide.cli.evidence_args import add_context_arguments

    parser.add_argument("files", nargs="*", metavar="FILE|DIR",
                        help=_("benchmark or parity result files, or folders to search for them"))
    parser.add_argument("--into", required=True, metavar="WORKSPACE", help=_("workspace file to add the evidence to"))
    parser.add_argument("--replace", action="store_true",
                        help=_("a file already in the workspace (same SHA-256) is imported again and replaces the old "
                             "one (its context too); without it, a file given new context replaces the old, else "
                             "it is skipped"))
    parser.add_argument("--samples", action="store_true",
                        help=_("also import the illustrative sample evidence (reconstructed from published figures)"))
    parser.add_argument("--from-names", action="store_true",
                        help=_("for the facts a file lacks and the command line does not give, take what the file's "
                             "own name suggests (8xH100, tp4, b200-trt): recorded as from the file name"))
    parser.add_argument("--keep-going", action="store_true",
                        help=_("add the files that can be imported even when others cannot (still exits 3); "
                             "default: any failing file fails the command and nothing is saved"))
    parser.description = _(HELP) + "\n\n" + _(DESCRIPTION)  # two whole paragraphs
    add_context_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain.collector import paused  # deferred: only the import step pauses the collector

    with paused():  # reading thousands of files and writing the workspace: allocation-heavy, next to no garbage
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from deepdecide.cli.evidence_args import context_from
    from deepdecide.importers.registry import import_file
    from deepdecide.importers.result import ImportResult
    from deepdecide.importers.samples import sample_evidence
    from deepdecide.storage.files import load_workspace, save_workspace

    if not args.files and not args.samples:
        print(_("deepdecide import: give at least one FILE (or --samples)"), file=sys.stderr)
        return EXIT_USAGE
    try:
        context = context_from(args)
    except ValueError as exc:
        print(_('deepdecide import: {exc}').format(exc=exc), file=sys.stderr)
        return EXIT_USAGE
    if output_refused(args.into):
        return EXIT_USAGE
    if not os.path.lexists(args.into):
        print(_("deepdecide import: {into}: no such workspace; create it first with `deepdecide init {into} "
                "--model MODEL --option RUNTIME:PLATFORM` (or --from-sample)").format(into=shown(args.into)),
              file=sys.stderr)
        return EXIT_INPUT
    hold_workspace(args.into)  # one writer at a time: held until the command ends, the save checks the content
    keep_judgements(args.into)
    try:
        workspace = load_workspace(args.into)
    except (ValidationError, ValidationErrors) as exc:
        say(exc, file=sys.stderr)
        return EXIT_INPUT
    try:
        references = load_references(args.reference, context)
    except DeepdecideError as exc:
        say(_('reference: {exc}').format(exc=shown(getattr(exc, 'message', exc))), file=sys.stderr)
        return EXIT_INPUT
    from deepdecide.importers.context_table import with_name_hints
    from deepdecide.importers.plan import read_manifest

    loaded_steps = workspace.migration_plan

    def context_of(path: str) -> ImportContext:
        """The context of one file: the command line's, completed by the file's own name with --from-names."""
        return with_name_hints(context, os.path.basename(path), workspace.matrix) if args.from_names else context

    jobs: list[tuple[str, Job]] = []  # (path, context) to import, or (path, an import outcome)
    plans: list[tuple[str, BenchmarkPlan, FolderImport]] = []  # plan folders (a manifest at the top)
    planned: dict[str, ImportContext] = {}  # a plan folder's files: the context their manifest gave
    from deepdecide.importers.joins import (  # deferred: the importers load only when the command runs (--help stays light)
        aisbench_pairs,
        join_aisbench,
    )

    # an AISBench run's CSV and JSON given together are one evidence file
    to_join = dict(aisbench_pairs([p for p in args.files if not os.path.isdir(p)]))
    for path in args.files:
        if path in to_join.values():
            continue  # joined into its CSV's import
        if path in to_join:
            try:
                jobs.append((path, join_aisbench(path, to_join[path], context_of(path))))
            except EvidenceImportError as exc:
                jobs.append((path, exc))
        elif os.path.isdir(path):
            try:
                plan = read_manifest(path)
            except ValidationError as exc:
                say(exc, file=sys.stderr)
                return EXIT_INPUT
            found = _folder(path, context, _plan_context(plan, path, context, context_of, planned) if plan
                            else context_of)
            if plan is not None:
                plans.append((path, plan, found))
            for file, reason in found.skipped:
                say(_('{file}: skipped: {reason}').format(file=shown_path(file), reason=shown(reason)))
            if plan is not None:  # a plan's parity results, judged against its reference runs
                from deepdecide.importers.plan import judge_parity

                found.imported = judge_parity(plan, path, found.imported)
            jobs += [(file, result) for file, result in found.imported]
            jobs += [(exc.file, exc) for exc in found.failed]
            say(found.summary())
            if not found.imported and not found.failed:  # a folder given by mistake, or the wrong one
                jobs.append((path, EvidenceImportError(
                    ngettext("is a directory holding no result files ({n} file skipped)",
                             "is a directory holding no result files ({n} files skipped)",
                             len(found.skipped)).format(n=len(found.skipped)), file=path)))
        else:
            jobs.append((path, context_of(path)))
    sample_paths: set[str] = set()
    if args.samples:
        samples = [(str(p), ctx) for p, ctx in sample_evidence()]
        jobs += samples
        sample_paths = {path for path, _ctx in samples}
    known = {f.provenance.sha256: i for i, f in enumerate(workspace.evidence.files)}
    given = any((context.runtime, context.runtime_version, context.platform, context.gpu_count, context.model,
                 context.quantization, context.label, context.kind))
    added: list[EvidenceFile] = []
    replaced: dict[int, EvidenceFile] = {}
    status = EXIT_OK
    failed = 0
    unsaid: list[str] = []  # files that do not say who made them, with no --kind
    for path, job in jobs:
        try:
            if isinstance(job, DeepdecideError):
                raise job
            result = judged(job if isinstance(job, ImportResult) else import_file(path, job), references)
        except DeepdecideError as exc:
            say(shown(getattr(exc, "message", str(exc))), file=sys.stderr)
            status = EXIT_INPUT
            failed += 1
            continue
        sha = result.evidence.provenance.sha256
        ev = result.evidence
        if sha in known:
            if not (args.replace or (given and path not in sample_paths)):
                say(_('{path}: already in the workspace (same SHA-256), skipped (give new context or --replace to replace it)').format(path=shown_path(path)))
                continue
            old = workspace.evidence.files[known[sha]] if known[sha] >= 0 else None
            if old is not None and old.proxy is not None and ev.proxy is None:
                ev = dataclasses.replace(ev, proxy=old.proxy)  # a proxy acceptance is the user's: kept
            if old is not None:  # so are those of single runs and checks (same bytes: same runs, same order)
                ev = dataclasses.replace(
                    ev, run_proxies=tuple(p for p in old.run_proxies if p.index < len(ev.runs)),
                    check_proxies=tuple(p for p in old.check_proxies if p.index < len(ev.parity)))
            if known[sha] >= 0:
                replaced[known[sha]] = ev
            say(_('{path}: already in the workspace: replaced with this import and its context').format(path=shown_path(path)))
        else:
            known[sha] = -1
            added.append(ev)
        kind_given = job.kind if not isinstance(job, ImportResult) else \
            planned[path].kind if path in planned else context.kind
        if result.file_kind is None and kind_given is None:  # added or replaced: who made it must be said
            unsaid.append(path)
        say(_('{path}: {format}: {runs}, {checks}').format(path=shown_path(path), format=_(result.format),
                                                           runs=ngettext("{n} run", "{n} runs", len(ev.runs)).format(n=formatting.integer(len(ev.runs))),
                                                           checks=ngettext("{n} parity check", "{n} parity checks", len(ev.parity)).format(
                n=formatting.integer(len(ev.parity))))
            + (ngettext(', {n} predictor error row', ', {n} predictor error rows', len(ev.prediction_errors)).format(
                n=formatting.integer(len(ev.prediction_errors))) if ev.prediction_errors else "")
            + (_('; missing context: {value} (give --runtime/--platform/--gpus/--model)').format(value=', '.join(map(run_field_words, result.missing_context)))
               if result.missing_context else ""))
        for part in ev.provenance.joined:  # the files joined into this one (an AISBench run's CSV and JSON)
            say(_('  joined: {name} ({part}; SHA-256 {sha})').format(name=shown_path(part.file_name), part=part.part,
                                                                   sha=part.sha256[:12]))
        if ev.environment is not None:

            say(_('  environment capture: {summary}').format(summary=shown(str(summary(ev.environment)))))
        sources = _sources_line(ev, planned.get(path))
        if sources:
            say(_('  context: {sources}').format(sources=sources))
        if result.suggestions:
            opts = " ".join(f"--{'gpus' if k == 'gpu_count' else k} {v}" for k, v in result.suggestions)
            say(_('{path}: the file name suggests {opts} (not applied; confirm with `deepdecide evidence set {into} {file_name} {opts}`)').format(path=shown_path(path), opts=opts, into=args.into, file_name=shown_path(ev.provenance.file_name)))
        for finding in result.redactions:
            say(_('  redacted: {finding}').format(finding=finding))
        if ev.provenance.source_url:
            say(_('  source: {url} (retrieved {when})').format(url=ev.provenance.source_url,
                                                             when=formatting.timestamp(ev.provenance.retrieved_at) if ev.provenance.retrieved_at else "?"))
        for line in ev.provenance.manifest:  # what the file's own manifest says of its selection
            say(_('  selection: {line}').format(line=line))
        for note in result.notes:
            # what was lost, a publisher's checksum, an empty selection
            if note.id.startswith(("import.dropped", "checksum.")) or note.id in ("safety.surrogate",
                                                                                 "inferencex.no_observations"):
                say(_('  note: {note}').format(note=note))
    steps = workspace.migration_plan
    for root, plan, found in plans:
        steps = _plan_report(root, plan, found, steps, saving=not failed or args.keep_going)
    if steps != workspace.migration_plan:
        workspace = dataclasses.replace(workspace, migration_plan=steps)
    if failed and not args.keep_going:
        say(ngettext('{into}: nothing saved: {failed} of {n} file could not be imported (--keep-going adds the others)',
                     '{into}: nothing saved: {failed} of {n} files could not be imported (--keep-going adds the others)',
                     len(jobs)).format(into=args.into, failed=failed, n=len(jobs)), file=sys.stderr)
        return status
    if unsaid:
        names = ", ".join(shown_path(os.path.basename(p)) for p in unsaid[:5]) + (" …" if len(unsaid) > 5 else "")
        say(ngettext('deepdecide import: who made it? {n} file does not say ({names}): give --kind own, '
                     'third-party, illustrative or predicted; nothing saved',
                     'deepdecide import: who made them? {n} files do not say ({names}): give --kind own, '
                     'third-party, illustrative or predicted; nothing saved', len(unsaid)).format(
            n=len(unsaid), names=names), file=sys.stderr)
        return EXIT_USAGE
    if not added and not replaced and plans and steps != loaded_steps:  # only the steps moved on
        try:
            save_workspace(workspace, args.into)
        except (ValidationError, ValidationErrors) as exc:
            say(exc, file=sys.stderr)
            return EXIT_PROBLEM
    if replaced:
        files = tuple(replaced.get(i, f) for i, f in enumerate(workspace.evidence.files))
        workspace = dataclasses.replace(workspace, evidence=dataclasses.replace(workspace.evidence, files=files))
        if not added:
            try:
                save_workspace(workspace, args.into)
            except (ValidationError, ValidationErrors) as exc:
                say(exc, file=sys.stderr)
                return EXIT_PROBLEM
            say(ngettext('{into}: {n} evidence file replaced', '{into}: {n} evidence files replaced',
                         len(replaced)).format(into=args.into, n=len(replaced)))
            _print_fit(workspace, list(replaced))
    if added:
        evidence = dataclasses.replace(workspace.evidence, files=(*workspace.evidence.files, *added))
        try:
            save_workspace(dataclasses.replace(workspace, evidence=evidence), args.into)
        except (ValidationError, ValidationErrors) as exc:
            say(exc, file=sys.stderr)
            return EXIT_PROBLEM
        say(ngettext('{into}: {n} evidence file added', '{into}: {n} evidence files added',
                     len(added)).format(into=args.into, n=len(added))
            + (_(', {n} replaced').format(n=len(replaced)) if replaced else ""))
        n = len(workspace.evidence.files)
        _print_fit(dataclasses.replace(workspace, evidence=evidence), [*replaced, *range(n, n + len(added))])
    return status


def _plan_context(plan: BenchmarkPlan, root: str, given: ImportContext, context_of: Callable[[str], ImportContext],
                  planned: dict[str, ImportContext]) -> Callable[[str], ImportContext]:
    """Each file of a plan's folder gets the context its manifest entry states (per file, kept in
    ``planned``); a file the manifest does not list gets the command line's."""
    from deepdecide.importers.plan import context_for, planned_file

    def of(path: str) -> ImportContext:
        entry = planned_file(plan, root, path)
        if entry is None:
            return context_of(path)
        planned[path] = got = context_for(entry, given)
        return got

    return of


def _plan_report(root: str, plan: BenchmarkPlan, found: FolderImport, steps: tuple[MigrationStep, ...],
                 saving: bool = True) -> tuple[MigrationStep, ...]:
    """Say which planned measurements are done, missing or failed; return the migration steps moved on
    (said as staying where they are when a failure keeps the import from being saved)."""
    from deepdecide.importers.plan import FileStatus, status, steps_after

    got = status(plan, root, [p for p, _r in found.imported], [e.file for e in found.failed],
                 [p for p, _why in found.skipped], found.pairs)
    unread = {os.path.relpath(p, root).replace(os.sep, "/"): why for p, why in found.skipped}
    words = {FileStatus.DONE: _("done"), FileStatus.MISSING: _("missing"), FileStatus.FAILED: _("failed")}
    counts = {s: sum(1 for g in got if g.status == s) for s in FileStatus}
    say(ngettext("{root}: benchmark plan of {decision} against {option}: {done} planned file done, {missing} "
                 "missing, {failed} failed",
                 "{root}: benchmark plan of {decision} against {option}: {done} planned files done, {missing} "
                 "missing, {failed} failed", counts[FileStatus.DONE]).format(root=shown_path(root), decision=plan.decision or plan.workspace,
                                    option=plan.recommended, done=counts[FileStatus.DONE],
                                    missing=counts[FileStatus.MISSING], failed=counts[FileStatus.FAILED]))
    for g in got:
        if g.status != FileStatus.DONE and not g.joined:
            say(f"  {words[g.status]}: {g.file.path} ({g.file.tool}, {g.file.runtime} on {g.file.platform})"
                + (_(": not a result file: {reason}").format(reason=unread[g.file.path])
                   if g.status == FileStatus.FAILED and g.file.path in unread else ""))
    for pair in dict.fromkeys(g.joined for g in got if g.joined):  # a pair joined into one import: both named
        state = next(g.status for g in got if g.joined == pair)
        say("  " + _("{status}: {files} (one run in two files, imported together or not at all)").format(
            status=words[state], files=" + ".join(pair)))
    after = steps_after(plan, got, steps)
    for old, new in zip(steps, after, strict=True):
        if old.status != new.status and saving:
            say(_("  migration step {n} ({title}): {old} -> {new}").format(n=new.order, title=new.title,
                                                                          old=old.status.value, new=new.status.value))
        elif old.status != new.status:
            say(_("  migration step {n} ({title}): stays {old} (nothing is saved)").format(
                n=new.order, title=new.title, old=old.status.value))
    return after


def _sources_line(ev: EvidenceFile, planned: ImportContext | None = None) -> str:
    """Where the context of a file's runs came from: "runtime vllm (you), gpu_count 8 (file name)"; a
    fact a benchmark plan's manifest gave the file (``planned``: its context) says "plan manifest"; the
    facts the file states itself are not listed, and "" when it states them all."""
    from deepdecide.importers.context_table import FactSource, fact_sources

    where = {FactSource.NAME: _("file name"), FactSource.USER: _("you"), FactSource.PLAN: _("plan manifest")}

    def source_of(fact: str, value: str, source: FactSource) -> FactSource:
        if source is FactSource.USER and planned is not None and str(getattr(planned, fact, None)) == value:
            return FactSource.PLAN
        return source

    return ", ".join(f"{run_field_words(fact)} {value} ({where[source_of(fact, value, source)]})"
                     for fact, (value, source) in fact_sources(ev).items() if source is not FactSource.FILE)


def _folder(path: str, context: ImportContext, context_of: Callable[[str], ImportContext]) -> FolderImport:
    """Import a folder, with a progress line on a terminal."""
    from deepdecide.importers.folder import import_folder

    tty = sys.stderr.isatty()

    def progress(fraction: float) -> None:
        if tty:
            print(f"\r{path}: {fraction:4.0%}", end="" if fraction < 1 else "\n", file=sys.stderr, flush=True)

    return import_folder(path, context, context_of=context_of, progress=progress)


def _print_fit(workspace: Workspace, indexes: Iterable[int]) -> None:
    for line in fit_summary(workspace, indexes):
        say(line)
