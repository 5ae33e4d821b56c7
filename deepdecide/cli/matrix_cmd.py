"""``deepdecide matrix``: the support matrix with status, required stack and source."""

from __future__ import annotations

import argparse
import dataclasses
import json
import types
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from deepdecide.cli.common import error, report_error, table
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE
from deepdecide.domain import formatting, messages
from deepdecide.domain.common import Source, SourceKind
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.matrix import Platform, Runtime, SupportMatrix, normalise_name
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import Workspace

if TYPE_CHECKING:
    from deepdecide.domain.matrix_compare import VendorMatrix

T = TypeVar("T")

NAME = "matrix"
HELP = N_("print the support matrix (runtime x platform) with status, required stack and source")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runtime", action="append", default=[], metavar="R",
                        help=_("only this runtime (id or name; repeatable)"))
    parser.add_argument("--platform", action="append", default=[], metavar="P",
                        help=_("only this platform (id, name or GPU name; repeatable)"))
    parser.add_argument("--workspace", metavar="FILE",
                        help=_("use the matrix stored in this workspace instead of the built-in one"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per cell"))
    parser.add_argument("--compare", metavar="FILE",
                        help=_("compare with another support matrix, cell by cell (status, required stack, sources): "
                               "an AIConfigurator support-matrix CSV or its index.json, or a deepdecide support-matrix "
                               "or workspace file"))
    parser.add_argument("--model", metavar="NAME",
                        help=_("with --compare on an AIConfigurator matrix: only that model's rows (its quantized "
                               "checkpoints included), e.g. DeepSeek-V4-Flash"))
    parser.add_argument("--as-of", metavar="DATE",
                        help=_("with --compare: the date the other matrix was published or retrieved (an "
                               "AIConfigurator CSV states none)"))


def _pick(items: Iterable[T], wanted: Sequence[str] | None,
          match: Callable[[str], T | None]) -> tuple[list[T], list[str]]:
    if not wanted:
        return list(items), []
    chosen: list[T] = []
    unknown: list[str] = []
    for w in wanted:
        hit = match(w)
        if hit is None:
            unknown.append(w)
        elif hit not in chosen:
            chosen.append(hit)
    return chosen, unknown


def run(args: argparse.Namespace) -> int:
    from deepdecide.storage import files

    try:
        matrix = files.load_workspace(args.workspace).matrix if args.workspace else files.load_builtin_matrix()
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT

    def find_runtime(w: str) -> Runtime | None:
        key = normalise_name(w)
        return next((r for r in matrix.runtimes if normalise_name(r.id) == key or normalise_name(r.name) == key), None)

    def find_platform(w: str) -> Platform | None:
        return matrix.resolve_platform(w)

    runtimes, bad_r = _pick(matrix.runtimes, args.runtime, find_runtime)
    platforms, bad_p = _pick(matrix.platforms, args.platform, find_platform)
    for w in bad_r:
        error(_("unknown runtime {name!r}; known: {known}").format(name=w, known=", ".join(r.id for r in matrix.runtimes)))
    for w in bad_p:
        error(_("unknown platform {name!r}; known: {known}").format(name=w,
                                                                    known=", ".join(p.id for p in matrix.platforms)))
    if bad_r or bad_p:
        return EXIT_USAGE
    if args.compare:
        return _compare(args, matrix, {r.id for r in runtimes} if args.runtime else None,
                        {p.id for p in platforms} if args.platform else None)

    rows = []
    records = []
    for r in runtimes:
        for p in platforms:
            e = matrix.entry(r.id, p.id)
            status = e.status.value if e else "undocumented"
            shown_status = word(status, "support status")
            stack = ", ".join(f"{q.component.value} {q.spec}" for q in e.requirements) if e else ""
            src = e.sources[0] if e and e.sources else None
            source = (_("{title} (as of {date})").format(title=formatting.quoted(src.title or src.url_or_path), date=formatting.source_date(src.as_of))
                      if src else _("no cell in the matrix"))
            if args.json:
                records.append({
                    "runtime": r.id, "platform": p.id, "status": status,
                    "requirements": [{"component": q.component.value, "spec": q.spec, "text": q.text}
                                     for q in (e.requirements if e else ())],
                    "sources": [{"title": s.title, "url_or_path": s.url_or_path, "as_of": s.as_of, "kind": s.kind.value}
                                for s in (e.sources if e else ())],
                    "notes": e.notes if e else "",
                })
            elif e or args.runtime or args.platform:
                rows.append([r.name, _platform_name(matrix, p.id), shown_status, stack or "-", source])
    if args.json:
        for rec in records:
            print(json.dumps(rec, ensure_ascii=False))
        return EXIT_OK
    print(table([_("runtime"), _("platform"), _("status"), _("required stack"), _("source")], rows))
    if matrix.as_of:
        print("\n" + _("matrix compiled as of {date}; cells not listed are undocumented (plan as experimental)").format(
            date=formatting.date(matrix.as_of)))
    return EXIT_OK


_VERDICTS = {
    "runs-measured": N_("runs (measured on this system)"),
    "runs-modelled": N_("runs (modelled only, not measured here)"),
    "incompatible": N_("incompatible"),
    "no-result": N_("no result"),
}
_AGREEMENT = {
    "agrees": N_("agrees"),
    "differs": N_("DIFFERS"),
    "no-statement": N_("no statement"),
    "other-only": N_("not in this matrix"),
    "not-compared": N_("not compared"),
}


def _platform_name(matrix: SupportMatrix, platform: str) -> str:
    """A platform of the matrix by its name ("NVIDIA A100"), as every table writes it; its id where the
    matrix does not know it (``--json`` keeps ids)."""
    with messages.naming(messages.names_of(types.SimpleNamespace(matrix=matrix))):
        return messages.name_of("platform", platform)


def _source_text(sources: Sequence[Source]) -> str:
    if not sources:
        return _("no cell, no source")
    s = sources[0]
    return _("{title} (as of {date})").format(title=formatting.quoted(s.title or s.url_or_path),
                                              date=formatting.source_date(s.as_of))


def load_other_matrix(path: str, model: str, as_of: str) -> tuple[VendorMatrix | SupportMatrix, str]:
    """The other matrix of ``--compare`` / ``revisit --matrix``: a vendor matrix (AIConfigurator CSV or
    index) or a deepdecide document holding a matrix; its description. Raises DeepdecideError."""
    from deepdecide.importers.vendor_matrix import is_vendor_matrix, read_vendor_matrix
    from deepdecide.storage import files

    if is_vendor_matrix(path):
        vendor = read_vendor_matrix(path, model=model, as_of=as_of)
        return vendor, vendor.source.title
    _kind, doc = files.load_document(path)
    other = doc.matrix if isinstance(doc, Workspace) or hasattr(doc, "matrix") else None
    if not isinstance(other, SupportMatrix):
        raise DeepdecideError(_("{file}: not a support matrix, a workspace or an AIConfigurator support matrix").format(
            file=path))
    return other, _("{file} (deepdecide {kind}, matrix as of {date})").format(
        file=Path(path).name, kind=_kind, date=formatting.date(other.as_of) if other.as_of else _("not stated"))


def _compare(args: argparse.Namespace, matrix: SupportMatrix, only_runtimes: set[str] | None,
             only_platforms: set[str] | None) -> int:
    from deepdecide.domain.matrix_compare import compare_matrices, compare_vendor

    try:
        other, title = load_other_matrix(args.compare, args.model or "", args.as_of or "")
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    if isinstance(other, SupportMatrix):
        if args.model:
            error(_("--model applies to an AIConfigurator matrix (its rows are per model); {file} is a deepdecide "
                    "matrix").format(file=args.compare))
            return EXIT_USAGE
        source = Source(title, args.compare, args.as_of or other.as_of or "", SourceKind.PRIMARY)
        comparison = compare_matrices(matrix, other, title, source)
        header = _("Compared with {title}").format(title=title)
        extra: list[str] = []
    else:
        comparison = compare_vendor(matrix, other)
        header = (_("Compared with {title} ({layout}; sha256 {sha}...; as of {date})").format(
            title=title, layout=other.layout, sha=other.sha256[:12], date=formatting.date(other.source.as_of))
            if args.as_of else _("Compared with {title} ({layout}; sha256 {sha}...; undated: the file states no date, "
                                 "give --as-of)").format(title=title, layout=other.layout, sha=other.sha256[:12]))
        extra = []
        if other.model:
            extra.append(_("only the rows of model {model}: {matched}").format(
                model=other.model, matched=", ".join(other.models_matched) or _("none in the file")))
        if other.unplaced:
            extra.append(_("not placed (deepdecide has no id for them): {names}").format(names=", ".join(other.unplaced)))
        if not other.cells:
            extra.append(_("the file holds no cell to compare (an index without its CSVs beside it, or no row of "
                           "the model); it covers the systems {systems}").format(systems=", ".join(other.systems)))
    names = {r.id: r.name for r in matrix.runtimes}
    cells = [c for c in comparison.cells if (only_runtimes is None or c.runtime in only_runtimes)
             and (only_platforms is None or c.platform in only_platforms)]
    comparison = dataclasses.replace(comparison, cells=tuple(cells))
    if args.json:
        for c in comparison.cells:
            there_rec: dict[str, Any] = {"status": c.other_status, "stack": list(c.other_stack),
                                     "sources": [_source_record(s) for s in c.other_sources],
                                     "stack_differences": list(c.stack_notes)}
            record: dict[str, Any] = {
                "runtime": c.runtime, "platform": c.platform, "status": c.status.value, "stack": c.stack.value,
                "here": {"status": c.workspace_status.value,
                         "requirements": [{"component": q.component.value, "spec": q.spec} for q in c.workspace_stack],
                         "sources": [_source_record(s) for s in c.workspace_sources]},
                "there": there_rec,
                "compared_with": title,
            }
            if c.vendor is not None:
                there_rec["counts"] = dict(c.vendor.counts)
                there_rec["models"] = c.vendor.models
                there_rec["reasons"] = list(c.vendor.reasons)
                record["compared_with_sha256"] = other.sha256 if not isinstance(other, SupportMatrix) else ""
            print(json.dumps(record, ensure_ascii=False))
        return EXIT_OK
    print(header)
    for line in extra:
        print("  " + line)
    rows = []
    for c in comparison.cells:
        there = _(_VERDICTS[c.other_status]) if c.other_status in _VERDICTS else word(c.other_status, "support status")
        if c.vendor is not None:
            there += " [" + ", ".join(f"{s} {n}" for s, n in c.vendor.counts) + "]"
        here_stack = ", ".join(f"{q.component.value} {q.spec}" for q in c.workspace_stack) or "-"
        if c.status.value == "other-only":
            stack = _("the runtime or the platform is not in this matrix")
        elif c.vendor is not None:
            stack = _("stack not compared (the vendor pins only the runtime version: {versions}; here: {here})").format(
                versions=", ".join(c.other_stack), here=here_stack)
        elif c.stack_notes:
            stack = _("stack differs (here / there): {notes}").format(notes="; ".join(c.stack_notes))
        elif c.workspace_stack:
            stack = _("same stack: {stack}").format(stack=here_stack)
        else:
            stack = _("no stack pinned on either side")
        detail = [stack, _("here: {source}").format(source=_source_text(c.workspace_sources)),
                  _("there: {source}").format(source=_source_text(c.other_sources))]
        if c.vendor is not None and c.vendor.reasons:
            detail.append(_("why: {reasons}").format(reasons="; ".join(c.vendor.reasons)))
        verdict = _(_AGREEMENT[c.status.value])
        if c.status.value == "agrees" and c.stack.value == "differs":
            verdict = _("status agrees, stack DIFFERS")
        rows.append([names.get(c.runtime, c.runtime), _platform_name(matrix, c.platform), word(c.workspace_status),
                     there, verdict,
                     "; ".join(detail)])
    if rows:
        print(table([_("runtime"), _("platform"), _("here"), _("there"), _("comparison"), _("stack and sources")], rows))
    n_diff, n_agree = len(comparison.differences), len(comparison.agreements)
    print("\n" + _("{agree} agree, {differ} differ, {other} without a statement or not in this matrix").format(
        agree=n_agree, differ=n_diff, other=len(comparison.cells) - n_agree - n_diff))
    return EXIT_OK


def _source_record(s: Source) -> dict[str, str]:
    return {"title": s.title, "url_or_path": s.url_or_path, "as_of": s.as_of, "kind": s.kind.value}
