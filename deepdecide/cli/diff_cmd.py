"""``deepdecide diff A B``: what changed between two revisions (workspaces or PDF records)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from deepdecide.domain.i18n import N_, _

if TYPE_CHECKING:
    from deepdecide.domain.workspace import Workspace

NAME = "diff"
HELP = N_("list what changed between two revisions of a decision (workspaces or PDF records): inputs and outcome")

EPILOG = N_("""A and B are workspace files (*.deepdecide.yaml) or PDF decision records (their embedded
inputs are compared). Inputs: evidence files added or removed, options and prices, criteria and
weights, SLO, demand, assumptions, checklist answers, support cells, the decision record. Outcome:
recommendation, ranking, eligibility, capacity, GPUs, $/M tokens, TCO.

exit codes: 0 no difference, 1 differences listed, 3 an input could not be read.

With --lang es (or a Spanish LANG) the changes are listed in Spanish; --json is always English.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("a", metavar="A", help=_("the earlier revision"))
    parser.add_argument("b", metavar="B", help=_("the later revision"))
    parser.add_argument("--json", action="store_true", help=_("print the changes as JSON"))


def load_revision(path: str) -> Workspace:
    """A workspace from a workspace file or from the inputs embedded in a PDF record."""
    from deepdecide.domain.errors import UnreadableFileError
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.storage import files

    data = read_user_file(path)  # a folder, FIFO, socket or device: refused before it is opened
    if data.startswith(b"%PDF-"):
        from deepdecide.report.canonical import INPUTS_NAME, workspace_from_json
        from deepdecide.report.integrity import UnreadableRecord, extract_attachments

        try:
            attachments = extract_attachments(data)
        except UnreadableRecord as exc:  # a damaged PDF: say which file
            raise UnreadableFileError(str(exc), file=path) from None
        inputs = attachments.get(INPUTS_NAME)
        if inputs is None:
            raise UnreadableFileError(_("a PDF without embedded inputs ({name}): not a deepdecide record").format(
                name=INPUTS_NAME), file=path)
        return workspace_from_json(inputs, file=f"{path}#{INPUTS_NAME}")
    return files.load_workspace(path)


def run(args: argparse.Namespace) -> int:
    import json

    from deepdecide.analysis.diff import area_text, diff_workspaces
    from deepdecide.cli.common import report_error
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM
    from deepdecide.domain.errors import DeepdecideError

    try:
        a = load_revision(args.a)
        b = load_revision(args.b)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    from deepdecide.domain import i18n
    from deepdecide.domain.formatting import using_currency

    # --json: keys and texts in English whatever the language, so that tools can rely on them
    with using_currency(b.assumptions.currency), i18n.using(i18n.DEFAULT if args.json else i18n.language()):
        d = diff_workspaces(a, b)
    if args.json:
        print(json.dumps({
            "identical": d.identical,
            "inputs": [{"area": c.area, "key": c.key, "before": c.before, "after": c.after} for c in d.inputs],
            "outcome": [{"area": c.area, "key": c.key, "before": c.before, "after": c.after} for c in d.outcome],
        }, indent=2, ensure_ascii=False))
    elif d.identical:
        print(_("{a} and {b}: same inputs, same outcome").format(a=args.a, b=args.b))
    else:
        print(_("Changes from {a} to {b}").format(a=args.a, b=args.b))
        for title, changes in ((_("Inputs"), d.inputs), (_("Outcome"), d.outcome)):
            if not changes:
                print("\n" + _("{title}: unchanged").format(title=title))
                continue
            print("\n" + _("{title} ({n})").format(title=title, n=len(changes)))
            area = None
            for c in changes:
                if c.area != area:
                    area = c.area
                    print(f"  [{area_text(area)}]")
                print("    " + _("{key}: {before} -> {after}").format(key=c.key, before=c.before, after=c.after))
    return EXIT_OK if d.identical else EXIT_PROBLEM
