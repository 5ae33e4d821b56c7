"""``deepdecide matrix``: the support matrix with status, required stack and source."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from deepdecide.cli.common import report_error, table
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _

if TYPE_CHECKING:
    from deepdecide.domain.matrix import Platform, Runtime

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
    from deepdecide.cli.common import error
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE
    from deepdecide.domain.matrix import normalise_name
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

    rows = []
    records = []
    for r in runtimes:
        for p in platforms:
            e = matrix.entry(r.id, p.id)
            status = e.status.value if e else "undocumented"
            shown_status = _(status)
            stack = ", ".join(f"{q.component.value} {q.spec}" for q in e.requirements) if e else ""
            src = e.sources[0] if e and e.sources else None
            source = (_("{title} (as of {date})").format(title=src.title or src.url_or_path, date=formatting.date(src.as_of))
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
                rows.append([r.name, p.id, shown_status, stack or "-", source])
    if args.json:
        for rec in records:
            print(json.dumps(rec, ensure_ascii=False))
        return EXIT_OK
    print(table([_("runtime"), _("platform"), _("status"), _("required stack"), _("source")], rows))
    if matrix.as_of:
        print("\n" + _("matrix compiled as of {date}; cells not listed are undocumented (plan as experimental)").format(
            date=formatting.date(matrix.as_of)))
    return EXIT_OK
