"""``deepdecide revisit [WORKSPACE] [--matrix NEWER.yaml]``: which revisit triggers have fired."""

from __future__ import annotations

import argparse
import json

from deepdecide.cli.common import report_error, today_arg
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.cli.matrix_cmd import load_other_matrix
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _, pgettext
from deepdecide.domain.matrix import SupportMatrix
from deepdecide.domain.messages import names_of, naming

NAME = "revisit"
HELP = N_("check a decision's revisit triggers: support cells (against a newer matrix), prices, demand, SLO, evidence age")

EPILOG = N_("""Checkable triggers are the decision record's revisit_conditions; free-text
revisit_triggers are listed for a person to judge. --matrix takes a support-matrix file, or a
workspace whose matrix to use, e.g. a newer release of the built-in matrix, or an AIConfigurator
support-matrix CSV (or its index.json): its cells are laid over the workspace's matrix where they
differ (a runtime the vendor ran where the workspace says unsupported or undocumented becomes
experimental; one it finds incompatible where the workspace says it runs becomes unsupported;
--model restricts it to one model's rows). An evidence-age condition counts from the evidence
cut-off, which follows the newest imported file, and keeps firing once the decision is accepted:
the evidence it rests on keeps ageing.

exit codes: 0 no trigger fired, 1 at least one fired, 3 an input could not be read.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("workspace", nargs="?", metavar="WORKSPACE",
                        help=_("a workspace file (*.deepdecide.yaml); default: the built-in sample decision"))
    parser.add_argument("--matrix", metavar="FILE", help=_("check support conditions against this newer support matrix "
                                                           "(deepdecide format, or an AIConfigurator support-matrix CSV)"))
    parser.add_argument("--model", metavar="NAME", help=_("with an AIConfigurator --matrix: only that model's rows"))
    parser.add_argument("--as-of", metavar="DATE", help=_("with an AIConfigurator --matrix: the date it was published "
                                                          "or retrieved (the CSV states none)"))
    parser.add_argument("--today", metavar="YYYY-MM-DD", help=_("the day to check evidence age on (default: today, "
                                                                "or DEEPDECIDE_TODAY)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.analysis.revisit import check_revisit
    from deepdecide.storage import files

    today = today_arg(args.today)
    if today is None:
        return EXIT_USAGE
    try:
        ws = files.load_workspace(args.workspace) if args.workspace else files.builtin_sample()
        matrix: SupportMatrix | None = None
        name = args.matrix or ""
        if args.matrix:
            from deepdecide.domain.matrix_compare import vendor_overlay

            other, name = load_other_matrix(args.matrix, args.model or "", args.as_of or "")
            matrix = other if isinstance(other, SupportMatrix) else vendor_overlay(ws.matrix, other)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    report = check_revisit(ws, today, matrix, name)
    if args.json:
        print(json.dumps({
            "checked_on": report.checked_on, "matrix": report.matrix,
            "triggers": [{"text": t.text, "kind": t.kind, "fired": t.fired, "reason": t.reason.to_data()}
                         for t in report.triggers],
        }, indent=2, ensure_ascii=False))
    else:
        print(_('Revisit triggers of {id} on {checked_on} (support cells: {matrix})').format(
            id=ws.decision.id, checked_on=formatting.date(report.checked_on), matrix=_(report.matrix)))
        marks = {True: pgettext("revisit trigger", "FIRED"), False: pgettext("revisit trigger", "not fired"),
                 None: pgettext("revisit trigger", "judge")}
        width = max(len(m) for m in marks.values())
        with naming(names_of(ws)):  # a reason names runtimes and platforms; --json keeps ids
            for t in report.triggers:
                print(f"  {marks[t.fired]:<{width}}  {t.text}")
                print(f"  {'':<{width}}  {t.reason}")
        n = len(report.fired)
        print(_('{n} of {n2} fired').format(n=n, n2=len(report.triggers)) if n else _("no checkable trigger fired"))
    return EXIT_PROBLEM if report.fired else EXIT_OK
