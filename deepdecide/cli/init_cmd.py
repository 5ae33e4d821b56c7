"""``deepdecide init NEW.deepdecide.yaml``: start a new workspace (asks nothing: every choice is a flag)."""

from __future__ import annotations

import argparse
import os
import sys

from deepdecide.cli.common import hold_workspace, say, shown, shown_path
from deepdecide.cli.main import EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _, ngettext

NAME = "init"
HELP = N_("start a new workspace file (the model and the options from flags, or a copy of the built-in sample)")
DESCRIPTION = N_("""Write a new, valid workspace to FILE and nothing else. It asks nothing: the model and the
options come from flags, or --from-sample copies the built-in sample decision.

A new workspace holds the built-in support matrix, service checklist and criteria, the model as
the workload (any precision and request lengths until you state them: `deepdecide evidence
workload`), and one option per --option RUNTIME:PLATFORM[:STRATEGY], e.g. vllm:nv-h100 or
"sglang:H100 SXM:keep". The runtime and platform must be ones the matrix names (`deepdecide
matrix` lists them; a platform that only resembles one is refused with the closest named). The
strategy is port when the matrix does not list the runtime officially on the platform, buy when
it does, unless given: keep (the stack you run today), port, buy, dev-only. No evidence, demand,
fleet or prices: each option's capacity and costs stay "not known" until you import evidence
(`deepdecide import FILE --into FILE`) or state them (in the desktop app, or by editing FILE and
checking it with `deepdecide validate`).

FILE must end in .yaml or .yml and must not exist: init never overwrites a file.

exit codes: 0 written; 2 usage error (FILE exists, an option the matrix cannot place, no
--model); 1 FILE could not be written; 5 another process made FILE meanwhile, or is writing it.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = _(HELP) + "\n\n" + _(DESCRIPTION)
    parser.add_argument("file", metavar="FILE", help=_("the new workspace file, e.g. decision.deepdecide.yaml"))
    parser.add_argument("--model", default="", help=_("the model the decision serves, e.g. DeepSeek-V4.1-Flash"))
    parser.add_argument("--option", action="append", default=[], metavar="RUNTIME:PLATFORM[:STRATEGY]",
                        help=_("an option to compare (repeat), e.g. vllm:nv-h100 or deepinfer:nv-h100:port"))
    parser.add_argument("--name", default="", help=_("the workspace's name (default: \"MODEL serving platform\")"))
    parser.add_argument("--from-sample", action="store_true",
                        help=_("copy the built-in sample decision (DeepSeek-V4.1-Flash, illustrative evidence) instead"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.storage import files, starter

    def usage(text: str) -> int:
        print(_("deepdecide init: {text}").format(text=text), file=sys.stderr)
        return EXIT_USAGE

    path = args.file
    if not path.endswith((".yaml", ".yml")):
        return usage(_("{file}: a workspace file ends in .yaml or .yml (e.g. {file}.deepdecide.yaml)").format(
            file=shown_path(path)))
    if os.path.lexists(path):
        return usage(_("{file} exists: init never overwrites a file (choose another name, or open it)").format(
            file=shown_path(path)))
    if args.from_sample:
        if args.model or args.option or args.name:
            return usage(_("--from-sample copies the sample as it is: give it without --model, --option or --name"))
        workspace = files.builtin_sample()
    else:
        try:
            specs = [starter.parse_option(text) for text in args.option]
            workspace = starter.new_workspace(args.model, specs, name=args.name)
        except ValueError as exc:
            return usage(str(exc))
    hold_workspace(path)  # one writer at a time; the save then refuses a file made meanwhile
    try:
        files.save_workspace(workspace, path)
    except (ValidationError, ValidationErrors) as exc:
        say(exc, file=sys.stderr)
        return EXIT_PROBLEM
    n = len(workspace.options)
    say(ngettext("{file}: new workspace \"{name}\" with {n} option: {options}",
                 "{file}: new workspace \"{name}\" with {n} options: {options}", n).format(
        file=shown_path(path), name=shown(workspace.name), n=n, options=", ".join(o.id for o in workspace.options))
        if n else _("{file}: new workspace \"{name}\" with no option yet").format(file=shown_path(path),
                                                                                    name=shown(workspace.name)))
    if not args.from_sample:
        say(_("Next: state the workload (deepdecide evidence workload {file} --input LOW-HIGH --output LOW-HIGH), "
              "import results (deepdecide import FILE... --into {file} --kind own), compare (deepdecide evaluate "
              "{file})").format(file=shown_path(path)))
    return EXIT_OK
