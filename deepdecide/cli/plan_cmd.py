"""``deepdecide plan WORKSPACE [-o DIR] [--top N]``: write the benchmarks worth running next.

One runnable script per planned measurement and one manifest (``deepdecide-plan.json``,
docs/benchmark-plan.md) naming every result file with its context, for ``deepdecide import DIR``.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from deepdecide.cli.common import error, report_error, report_warnings, say, whole_arg
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError, ValidationError
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.messages import name_of, names_of, naming

NAME = "plan"
HELP = N_("write runnable benchmark scripts and a manifest for the measurements worth the most "
          "(the value of information of the Monte Carlo draws)")

DEFAULT_TOP = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("workspace", nargs="?", metavar="WORKSPACE",
                        help=_("a workspace file (*.deepdecide.yaml); default: the built-in sample decision"))
    parser.add_argument("-o", "--output", metavar="DIR",
                        help=_("the plan's folder, new or empty (default: benchmark-plan beside the workspace)"))
    parser.add_argument("--top", type=whole_arg, default=DEFAULT_TOP, metavar="N",
                        help=_("plan the N measurements worth the most, 1..20 (default: {n})").format(n=DEFAULT_TOP))
    parser.add_argument("--draws", type=whole_arg, metavar="N",
                        help=_("Monte Carlo draws, 1..1,000,000 (default: the workspace's assumptions.monte_carlo_draws)"))
    parser.add_argument("--seed", type=whole_arg, help=_("Monte Carlo seed, 0..4,294,967,295 (default: the workspace's)"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.analysis import evaluate
    from deepdecide.analysis.plan import build
    from deepdecide.domain.validation import MAX_DRAWS, MAX_SEED
    from deepdecide.storage import files
    from deepdecide.storage.plan import write_plan

    if not 1 <= args.top <= 20:
        error(_("--top must be in [1, 20], got {n}").format(n=args.top))
        return EXIT_USAGE
    if args.draws is not None and not 1 <= args.draws <= MAX_DRAWS:
        error(_("--draws must be in [1, {max}], got {n}").format(max=formatting.integer(MAX_DRAWS),
                                                                 n=formatting.integer(args.draws)))
        return EXIT_USAGE
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        error(_("--seed must be in [0, {max}], got {n}").format(max=formatting.integer(MAX_SEED),
                                                                n=formatting.integer(args.seed)))
        return EXIT_USAGE
    warnings: list[ValidationError] = []
    try:
        ws = files.load_workspace(args.workspace, warnings) if args.workspace else files.builtin_sample()
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    report_warnings(warnings)
    out = args.output or os.path.join(os.path.dirname(args.workspace or "") or ".", "benchmark-plan")
    # options, platforms and runtimes by their names in what is said and in the scripts' descriptions
    with formatting.using_currency(ws.assumptions.currency), naming(names_of(ws)):
        a = evaluate(ws, monte_carlo=True, draws=args.draws, seed=args.seed)
        plan = build(ws, a, args.top, workspace_file=os.path.basename(args.workspace or "builtin sample"))
        if not plan.items:
            for s in plan.skipped:
                say(_("not scripted: {action}").format(action=s))
            error(_("nothing to benchmark: no measurement in the top {n} can change the recommendation "
                    "(see `deepdecide evaluate`, What to measure next)").format(n=args.top))
            return EXIT_PROBLEM
        try:
            written = write_plan(plan, out)
        except (DeepdecideError, OSError) as exc:
            report_error(exc if isinstance(exc, DeepdecideError) else ValidationError(str(exc), file=out))
            return EXIT_INPUT
        _say_plan(plan, out, written[0])
    return EXIT_OK


def _say_plan(plan: Any, out: str, manifest: str | os.PathLike[str]) -> None:
    """What ``plan`` wrote, for a reader: each script with the measurement it answers."""
    say(ngettext("{dir}: benchmark plan against {option} ({n} measurement), manifest {manifest}",
                 "{dir}: benchmark plan against {option} ({n} measurements), manifest {manifest}",
                 len(plan.items)).format(dir=out, option=name_of("option", plan.recommended),
                                         n=formatting.integer(len(plan.items)), manifest=os.path.basename(manifest)))
    for item in plan.items:
        value = formatting.money(item.value, item.currency or None) if item.value is not None else _("n/a")
        step = (_("migration step {n}").format(n=item.step) if item.step is not None
                else _("no migration step matched"))
        say(f"  {item.script}: {item.action} — " + ngettext(
            "{p} chance the recommendation changes, {value} of expected TCO; {step}; {n} result file",
            "{p} chance the recommendation changes, {value} of expected TCO; {step}; {n} result files",
            len(item.files)).format(p=formatting.percent(item.p_change, 1), value=value, step=step,
                                    n=formatting.integer(len(item.files))))
    for s in plan.skipped:
        say("  " + _("not scripted: {action}").format(action=s))
    say(_("run each script with BASE_URL set to the server under test, then `deepdecide import {dir} --into "
          "WORKSPACE`").format(dir=out))
