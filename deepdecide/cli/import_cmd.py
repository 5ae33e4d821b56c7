"""``deepdecide import FILE|DIR... --into WORKSPACE``: add evidence files to a workspace.

A DIR is searched for result files below it (``importers.folder``): files no format recognises
are skipped and listed; a recognised file that fails fails the command like a named FILE.

One command, one outcome: every file named is imported, or none is. A file that cannot be read
is reported with the place and the reason, the command exits 3 and the workspace is left
byte-identical. ``--keep-going`` adds the files that can be read and reports the others (still
exit 3). A file already in the workspace (same SHA-256) is skipped, unless it comes with new
context (``--runtime``, ``--platform``, ``--gpus``, ``--model``, ...) or ``--replace``: then the
new import replaces the old one where it stood. Context a file name suggests (``1xH100``,
``tp8``, ``b200-trt``) is printed for the user to confirm, never applied. ``--samples`` adds the
illustrative sample evidence shipped in ``data/samples/evidence``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from deepdecide.domain.errors import DeepdecideError, EvidenceImportError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _

if TYPE_CHECKING:
    from deepdecide.domain.evidence import EvidenceFile
    from deepdecide.domain.workspace import Workspace
    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.folder import FolderImport
    from deepdecide.importers.registry import ImportResult

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

exit codes: 0 imported; 2 usage error; 3 a file or the workspace could not be read (nothing
saved unless --keep-going); 1 the workspace could not be saved.""")


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
    parser.add_argument("--keep-going", action="store_true",
                        help=_("add the files that can be imported even when others cannot (still exits 3); "
                             "default: any failing file fails the command and nothing is saved"))
    parser.description = _(HELP) + "\n\n" + _(DESCRIPTION)  # two whole paragraphs
    add_context_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from deepdecide.cli.common import output_refused, say, shown
    from deepdecide.cli.evidence_args import context_from
    from deepdecide.cli.inspect_cmd import judged, load_references
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
    from deepdecide.importers.registry import ImportResult, import_file
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
    jobs: list[tuple[str, Job]] = []  # (path, context) to import, or (path, an import outcome)
    for path in args.files:
        if os.path.isdir(path):
            found = _folder(path, context)
            for file, reason in found.skipped:
                say(_('{file}: skipped: {reason}').format(file=shown(file), reason=shown(reason)))
            jobs += [(file, result) for file, result in found.imported]
            jobs += [(exc.file, exc) for exc in found.failed]
            say(found.summary())
            if not found.imported and not found.failed:  # a folder given by mistake, or the wrong one
                jobs.append((path, EvidenceImportError(
                    f"is a directory holding no result files ({len(found.skipped)} file(s) skipped)", file=path)))
        else:
            jobs.append((path, context))
    if args.samples:
        jobs += [(str(p), ctx) for p, ctx in sample_evidence()]
    known = {f.provenance.sha256: i for i, f in enumerate(workspace.evidence.files)}
    given = any((context.runtime, context.runtime_version, context.platform, context.gpu_count, context.model,
                 context.quantization, context.label, context.kind))
    added: list[EvidenceFile] = []
    replaced: dict[int, EvidenceFile] = {}
    status = EXIT_OK
    failed = 0
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
            if not (args.replace or (given and (job is context or isinstance(job, ImportResult)))):
                say(_('{path}: already in the workspace (same SHA-256), skipped (give new context or --replace to replace it)').format(path=shown(path)))
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
            say(_('{path}: already in the workspace: replaced with this import and its context').format(path=shown(path)))
        else:
            known[sha] = -1
            added.append(ev)
        say(_('{path}: {format}: {n} run(s), {n2} parity check(s)').format(path=shown(path), format=result.format, n=len(ev.runs), n2=len(ev.parity))
            + (_('; missing context: {value} (give --runtime/--platform/--gpus/--model)').format(value=', '.join(result.missing_context))
               if result.missing_context else ""))
        if result.suggestions:
            opts = " ".join(f"--{'gpus' if k == 'gpu_count' else k} {v}" for k, v in result.suggestions)
            say(_('{path}: the file name suggests {opts} (not applied; confirm with `deepdecide evidence set {into} {file_name} {opts}`)').format(path=shown(path), opts=opts, into=args.into, file_name=shown(ev.provenance.file_name)))
        for finding in result.redactions:
            say(_('  redacted: {finding}').format(finding=finding))
        for note in result.notes:
            if note.id.startswith("import.dropped") or note.id == "safety.surrogate":  # what was lost
                say(_('  note: {note}').format(note=note))
    if failed and not args.keep_going:
        say(_('{into}: nothing saved: {failed} of {n} file(s) could not be imported (--keep-going adds the others)').format(into=args.into, failed=failed, n=len(jobs)), file=sys.stderr)
        return status
    if replaced:
        files = tuple(replaced.get(i, f) for i, f in enumerate(workspace.evidence.files))
        workspace = dataclasses.replace(workspace, evidence=dataclasses.replace(workspace.evidence, files=files))
        if not added:
            try:
                save_workspace(workspace, args.into)
            except (ValidationError, ValidationErrors) as exc:
                say(exc, file=sys.stderr)
                return EXIT_PROBLEM
            say(_('{into}: {n} evidence file(s) replaced').format(into=args.into, n=len(replaced)))
            _print_fit(workspace, list(replaced))
    if added:
        evidence = dataclasses.replace(workspace.evidence, files=(*workspace.evidence.files, *added))
        try:
            save_workspace(dataclasses.replace(workspace, evidence=evidence), args.into)
        except (ValidationError, ValidationErrors) as exc:
            say(exc, file=sys.stderr)
            return EXIT_PROBLEM
        say(_('{into}: {n} evidence file(s) added').format(into=args.into, n=len(added))
            + (_(', {n} replaced').format(n=len(replaced)) if replaced else ""))
        n = len(workspace.evidence.files)
        _print_fit(dataclasses.replace(workspace, evidence=evidence), [*replaced, *range(n, n + len(added))])
    return status


def _folder(path: str, context: ImportContext) -> FolderImport:
    """Import a folder, with a progress line on a terminal."""
    from deepdecide.importers.folder import import_folder

    tty = sys.stderr.isatty()

    def progress(fraction: float) -> None:
        if tty:
            print(f"\r{path}: {fraction:4.0%}", end="" if fraction < 1 else "\n", file=sys.stderr, flush=True)

    return import_folder(path, context, progress=progress)


def _print_fit(workspace: Workspace, indexes: Iterable[int]) -> None:
    from deepdecide.cli.common import say
    from deepdecide.cli.evidence_cmd import fit_summary

    for line in fit_summary(workspace, indexes):
        say(line)
