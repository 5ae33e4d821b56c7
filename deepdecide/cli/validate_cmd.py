"""``deepdecide validate FILE...``: check workspace and data files against the format."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from deepdecide.cli.common import convert_hint, error, report_error, report_warnings, today_arg
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain import formatting
from deepdecide.domain.errors import UnreadableFileError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.workspace import RecordStatus, Workspace

if TYPE_CHECKING:
    import datetime

NAME = "validate"
HELP = N_("validate workspace and data files (*.deepdecide.yaml, support matrix, checklist, criteria)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE")
    parser.add_argument("--schema", metavar="KIND", help=argparse_kinds_help())
    parser.add_argument("--today", metavar="YYYY-MM-DD",
                        help=_("the day a record would be exported, to judge whether a workspace's dates agree "
                               "(default: today, or DEEPDECIDE_TODAY)"))


#: the kinds of file ``storage.files.KINDS`` reads, named here so that building the parser (``--help``,
#: every run of validate) does not import the storage layer (tests/cli checks they are the same)
KIND_NAMES: tuple[str, ...] = ("workspace", "support-matrix", "service-checklist", "criteria")

#: the line of a valid file, one whole sentence per kind (the kind's name is a word of the sentence)
VALID: dict[str, str] = {
    "workspace": N_("{path}: valid workspace file"),
    "support-matrix": N_("{path}: valid support-matrix file"),
    "service-checklist": N_("{path}: valid service-checklist file"),
    "criteria": N_("{path}: valid criteria file"),
}
VALID_WITH_WARNINGS: dict[str, str] = {  # {warnings}: "1 warning", "3 warnings"
    "workspace": N_("{path}: valid workspace file ({warnings})"),
    "support-matrix": N_("{path}: valid support-matrix file ({warnings})"),
    "service-checklist": N_("{path}: valid service-checklist file ({warnings})"),
    "criteria": N_("{path}: valid criteria file ({warnings})"),
}


def argparse_kinds_help() -> str:
    return _("print the JSON Schema of a kind of file instead ({kinds}); no FILE needed").format(
        kinds=", ".join(KIND_NAMES))


def run(args: argparse.Namespace) -> int:
    from deepdecide.storage import files

    if args.schema:
        if args.schema not in files.KINDS:
            error(_("unknown kind {kind!r}; expected one of: {kinds}").format(kind=args.schema,
                                                                             kinds=", ".join(files.KINDS)))
            return EXIT_USAGE
        print(files.schema_text(args.schema), end="")
        return EXIT_OK
    if not args.files:
        error(_("validate: name at least one FILE (or --schema KIND)"))
        return EXIT_USAGE

    today = today_arg(args.today)
    if today is None:
        return EXIT_USAGE
    worst = EXIT_OK
    for path in args.files:
        warnings: list[ValidationError] = []
        notes: list[ValidationError] = []
        try:
            kind, _doc = files.load_document(path, warnings=warnings, notes=notes)
        except ValidationErrors as exc:
            report_error(exc)
            worst = max(worst, EXIT_PROBLEM)
        except UnreadableFileError as exc:
            report_error(exc)
            worst = max(worst, EXIT_INPUT)
        except ValidationError as exc:
            report_error(exc)
            worst = max(worst, EXIT_PROBLEM)
        else:
            report_warnings(warnings)
            line = VALID_WITH_WARNINGS.get(kind, N_("{path}: valid {kind} file ({warnings})")) if warnings \
                else VALID.get(kind, N_("{path}: valid {kind} file"))
            print(_(line).format(path=path, kind=kind, warnings=ngettext("{n} warning", "{n} warnings", len(warnings)).format(
                n=formatting.integer(len(warnings)))))
            for note in notes:  # blocks nothing: the file opens and saves (legacy, unverified sign-offs)
                print("  " + _("note: {message}").format(message=note.message))
            if kind == "workspace":
                _approval_lines(_doc, today)
                convert_hint(path, _doc)
    return worst


def _approval_lines(ws: Workspace, today: datetime.date) -> None:
    """What the decision still lacks for approval (its record dated ``today``, or the date it pins), and
    who has signed (not errors: a proposal may be a draft)."""
    from deepdecide.domain import approval, dates

    if ws.decision.status != RecordStatus.PROPOSED:
        return
    gaps = approval.missing_for_approval(ws, dates.record_date(ws, today).date)
    if gaps:
        print("  " + _("not ready for approval; missing: {gaps}").format(gaps="; ".join(
            f"{g} ({approval.FIELDS[g.id]})" if g.id in approval.FIELDS else str(g) for g in gaps)))
    else:
        print(_("  ready for approval: export it with deepdecide report WS -o RECORD.pdf --for-approval"))
    for line in approval.signer_summary(ws):
        print("  " + _("sign-off: {line}").format(line=line))
