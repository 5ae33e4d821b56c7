"""``deepdecide diff A B``: what changed between two revisions (workspaces or PDF records)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from deepdecide.cli.common import report_error, say
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM
from deepdecide.domain import i18n
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.formatting import using_currency
from deepdecide.domain.i18n import N_, _

if TYPE_CHECKING:
    from deepdecide.domain.workspace import Workspace
    from deepdecide.report.revision import CheckedRecord

NAME = "diff"
HELP = N_("list what changed between two revisions of a decision (workspaces or PDF records): inputs and outcome")

EPILOG = N_("""A and B are workspace files (*.deepdecide.yaml) or PDF decision records (their embedded
inputs are compared). Every field of the workspace is compared, each change named by its path
with the value before and after: evidence files and runs, options and their prices, the owned
fleet and platform prices, criteria and weights, SLO, demand, assumptions, the workload, checklist
answers, support cells, the decision record, sign-offs, the migration plan. Outcome:
recommendation, ranking, eligibility, capacity, GPUs, owned GPUs used, GPUs to buy or rent,
$/M tokens, TCO (cash and all-in).

A PDF record is first checked as `deepdecide verify` checks it: one verify finds ALTERED is named
as altered before any comparison (its embedded inputs are then compared as they are, but they are
not the record's), and one made by another version is named as unconfirmed.

exit codes: 0 no difference, 1 differences listed or a record is ALTERED, 3 an input could not be
read.

With --lang es (or a Spanish LANG) the changes are listed in Spanish; --json is always English.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("a", metavar="A", help=_("the earlier revision"))
    parser.add_argument("b", metavar="B", help=_("the later revision"))
    parser.add_argument("--json", action="store_true", help=_("print the changes as JSON"))


def load_revision(path: str) -> tuple[Workspace, CheckedRecord | None]:
    """A workspace from a workspace file, or from the inputs embedded in a PDF record with what
    ``deepdecide verify`` finds of the record."""
    from deepdecide.domain.userfiles import read_user_file
    from deepdecide.report.revision import checked_record
    from deepdecide.storage import files

    data = read_user_file(path)  # a folder, FIFO, socket or device: refused before it is opened
    if data.startswith(b"%PDF-"):
        from deepdecide.report.canonical import INPUTS_NAME, workspace_from_json

        rec = checked_record(path)
        return workspace_from_json(rec.inputs, file=f"{path}#{INPUTS_NAME}"), rec
    return files.load_workspace(path), None


def run(args: argparse.Namespace) -> int:
    from deepdecide.analysis.diff import area_text, diff_workspaces

    try:
        a, rec_a = load_revision(args.a)
        b, rec_b = load_revision(args.b)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT

    records = [r for r in (rec_a, rec_b) if r is not None]
    altered = [r for r in records if r.altered]
    # --json: keys and texts in English whatever the language, so that tools can rely on them
    with using_currency(b.assumptions.currency), i18n.using(i18n.DEFAULT if args.json else i18n.language()):
        d = diff_workspaces(a, b)
    if args.json:
        print(json.dumps({
            "identical": d.identical and not altered,
            "records": [{"file": r.path, "sha256": r.sha256, "verify": r.outcome, "exit_code": r.exit_code,
                         "altered": r.altered, "reasons": list(r.reasons) if r.altered else []} for r in records],
            "inputs": [{"area": c.area, "key": c.key, "before": c.before, "after": c.after} for c in d.inputs],
            "outcome": [{"area": c.area, "key": c.key, "before": c.before, "after": c.after} for c in d.outcome],
        }, indent=2, ensure_ascii=False))
        return EXIT_PROBLEM if altered or not d.identical else EXIT_OK
    for r in altered:  # named before any comparison
        say(_("{file}: ALTERED (deepdecide verify): {reasons}. Its embedded inputs are compared below as they are, "
              "but they are not the record's: compare the record as it was issued").format(
            file=r.path, reasons="; ".join(r.reasons[:4])))
    for r in records:
        if r.unconfirmed:
            say(_("note: {file}: {outcome}: its embedded inputs are compared as they are").format(
                file=r.path, outcome=r.headline()))
    if altered:
        print()
    if d.identical:
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
    return EXIT_OK if d.identical and not altered else EXIT_PROBLEM
