"""``deepdecide export [WORKSPACE] --comparison FILE.csv --evidence FILE.csv [--parity FILE.csv]
[--cash-flow FILE.csv] [--xlsx FILE.xlsx]``: the comparison, the normalized evidence and the monthly
cash flow for spreadsheets."""

from __future__ import annotations

import argparse
import sys

from deepdecide.cli.common import error, output_refused, report_error, say, whole_arg
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain import formatting as fmt
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _

NAME = "export"
HELP = (N_("write the comparison (ranking and every per-option figure, units in the headers), the "
        "normalized evidence and the monthly cash flow as CSV, or all of it as one XLSX workbook"))

DESCRIPTION = N_("""CSV numbers are plain numbers; each figure column names its unit in brackets ("TCO over 3 years [$]")
and is followed by a "... basis" column (measured, assumed, proxy or predicted where the assessment
says so). The evidence rows use the names of `deepdecide inspect --json` after their file's
provenance (file_name, file_sha256, file_kind, ...). The comparison's headers, sheet names and
words (status, strategy, ...) are in the interface language (--lang); ids, numbers, the basis
words and the evidence column names are the same in every language. Files are written atomically.
XLSX needs openpyxl: pip install 'deepdecide[xlsx]'.""")

DATA_NOT_FORMULAS = N_("""The files carry data, never formulas: every text field of the CSV is quoted, and a text that
starts with =, +, -, @, a tab or a line break is prefixed with a single quote, so a spreadsheet
reads it as text; in the XLSX every text is a text cell (never a formula), with its value as it
is. Numbers stay numbers (a negative number too). Tokens with a known prefix (hf_, ghp_, sk-,
AWS key ids...) are left out of every cell, and stderr says where.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = _(HELP) + "\n\n" + _(DESCRIPTION) + "\n\n" + _(DATA_NOT_FORMULAS)  # whole paragraphs
    parser.add_argument("workspace", nargs="?", metavar="WORKSPACE",
                        help=_("a workspace file (*.deepdecide.yaml); default: the built-in sample decision"))
    parser.add_argument("--comparison", metavar="FILE.csv", help=_("the ranking and every per-option figure"))
    parser.add_argument("--evidence", metavar="FILE.csv", help=_("the normalized benchmark runs with provenance"))
    parser.add_argument("--parity", metavar="FILE.csv", help=_("the parity checks with provenance"))
    parser.add_argument("--cash-flow", metavar="FILE.csv",
                        help=_("every option's money month by month: capex, opex, engineering, cash, cumulative "
                               "cash and the economic cost"))
    parser.add_argument("--xlsx", metavar="FILE.xlsx",
                        help=_("one workbook with a Comparison, an Evidence, a Parity and a Cash flow sheet "
                               "(needs openpyxl)"))
    parser.add_argument("--csv-style", choices=("comma", "semicolon"), metavar="STYLE",
                        help=_("the CSV files' style: comma (fields separated by commas, decimal points) or "
                               "semicolon (fields separated by semicolons, decimal commas, as Spanish spreadsheets "
                               "read them); default: the interface language's (semicolon in Spanish)"))
    parser.add_argument("--draws", type=whole_arg, metavar="N",
                        help=_("Monte Carlo draws for P(best) and the percentiles (default: the workspace's)"))
    parser.add_argument("--seed", type=whole_arg, help=_("Monte Carlo seed (default: the workspace's)"))
    parser.add_argument("--no-monte-carlo", action="store_true",
                        help=_("leave out P(best) and the Monte Carlo percentiles"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.analysis import evaluate
    from deepdecide.report import spreadsheet as sheet
    from deepdecide.storage import files

    targets = [args.comparison, args.evidence, args.parity, args.cash_flow, args.xlsx]
    if not any(targets):
        error(_("export: give at least one of --comparison, --evidence, --parity, --cash-flow, --xlsx"))
        return EXIT_USAGE
    if output_refused(*targets):
        return EXIT_USAGE
    if args.draws is not None and args.draws < 1:
        error(_('--draws must be at least 1, got {draws}').format(draws=args.draws))
        return EXIT_USAGE
    if args.xlsx and not sheet.xlsx_available():
        error(_("export: --xlsx needs openpyxl, which is not installed: pip install 'deepdecide[xlsx]' "
              "(CSV export works without it); nothing was written"))
        return EXIT_USAGE
    try:
        ws = files.load_workspace(args.workspace) if args.workspace else files.builtin_sample()
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    a = evaluate(ws, sensitivity=False, monte_carlo=not args.no_monte_carlo, draws=args.draws, seed=args.seed)
    tables = {"comparison": sheet.comparison_table(ws, a), "evidence": sheet.evidence_table(ws, a),
              "parity": sheet.parity_table(ws, a), "cash_flow": sheet.cash_flow_table(ws, a)}
    written: list[str] = []
    current = ""
    try:
        for key, path in (("comparison", args.comparison), ("evidence", args.evidence), ("parity", args.parity),
                          ("cash_flow", args.cash_flow)):
            if path:
                current = path
                sheet.write_csv(tables[key], path, args.csv_style)
                written.append(f"{path} ({fmt.count(len(tables[key].rows), 'row')})")
        if args.xlsx:
            current = args.xlsx
            sheet.write_xlsx(list(tables.values()), args.xlsx)
            sheets = ", ".join(f"{t.name} {fmt.count(len(t.rows), 'row')}" for t in tables.values())
            written.append(f"{args.xlsx} ({sheets})")
    except OSError as exc:
        error(_('export: cannot write {current}: {value}').format(current=current, value=exc.strerror or exc)
              + (_('; already written: {value}').format(value=', '.join(written)) if written else _("; nothing was written")))
        return EXIT_PROBLEM
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_PROBLEM
    for w in written:
        print(_('wrote {w}').format(w=w))
    used = [tables[k] for k, p in (("comparison", args.comparison), ("evidence", args.evidence),
                                    ("parity", args.parity), ("cash_flow", args.cash_flow)) if p or args.xlsx]
    for finding in dict.fromkeys(f for t in used for f in t.redactions):  # what the files leave out
        say(_("redacted: {finding}").format(finding=finding), file=sys.stderr)
    if a.monte_carlo is not None:
        print(_('P(best) and percentiles from {value}, seed {seed}').format(value=fmt.count(a.monte_carlo.draws, 'Monte Carlo draw'), seed=a.monte_carlo.seed), file=sys.stderr)
    return EXIT_OK
