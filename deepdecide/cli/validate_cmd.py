"""``deepdecide validate FILE...``: check workspace and data files against the format."""

from __future__ import annotations

NAME = "validate"
HELP = "validate workspace and data files (*.deepdecide.yaml, support matrix, checklist, criteria)"


def add_arguments(parser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE")
    parser.add_argument("--schema", metavar="KIND", help=argparse_kinds_help())


def argparse_kinds_help() -> str:
    from deepdecide.storage.files import KINDS

    return f"print the JSON Schema of a kind of file instead ({', '.join(KINDS)}); no FILE needed"


def run(args) -> int:
    from deepdecide.cli.common import error, report_error, report_warnings
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
    from deepdecide.domain.errors import UnreadableFileError, ValidationError, ValidationErrors
    from deepdecide.storage import files

    if args.schema:
        if args.schema not in files.KINDS:
            error(f"unknown kind {args.schema!r}; expected one of: {', '.join(files.KINDS)}")
            return EXIT_USAGE
        print(files.schema_text(args.schema), end="")
        return EXIT_OK
    if not args.files:
        error("validate: name at least one FILE (or --schema KIND)")
        return EXIT_USAGE
    worst = EXIT_OK
    for path in args.files:
        warnings: list[ValidationError] = []
        try:
            kind, _doc = files.load_document(path, warnings=warnings)
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
            print(f"{path}: valid {kind} file" + (f" ({len(warnings)} warning(s))" if warnings else ""))
    return worst
