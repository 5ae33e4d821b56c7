"""``deepdecide convert WS``: keep a workspace's evidence in an evidence store beside its YAML, or back."""

from __future__ import annotations

import argparse
import sys

from deepdecide.domain.i18n import N_, _, ngettext

NAME = "convert"
HELP = N_("keep a workspace's evidence in an evidence store beside its YAML (or, with --single, back in the YAML)")

EPILOG = N_("""The decision (options, workload, prices, weights, checklist, sign-offs) stays in the
workspace's YAML; every imported evidence file moves to NAME.evidence-<digest>.sqlite beside it,
keyed by the file's SHA-256 and indexed by option, runtime, platform, model and workload fit. The
converted workspace loads into exactly the same content (nothing is lost), and every command reads
both forms; later saves keep the form the file has. Keep the two files together (copy, commit and
back up both). --single puts the evidence back into the YAML. Written atomically under the
workspace's lock; nothing is written when anything fails. See docs/evidence-store.md.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = _(EPILOG)
    parser.add_argument("workspace", metavar="WS", help=_("the workspace file (*.deepdecide.yaml)"))
    parser.add_argument("--single", action="store_true",
                        help=_("put the evidence back into the YAML (one file) and remove the store"))


def run(args: argparse.Namespace) -> int:
    from deepdecide.cli.common import (  # deferred: the command's work loads only when it runs (--help stays light)
        hold_workspace,
        keep_judgements,
        output_refused,
    )
    from deepdecide.cli.main import (  # deferred: the command's work loads only when it runs (--help stays light)
        EXIT_INPUT,
        EXIT_OK,
        EXIT_USAGE,
    )
    from deepdecide.domain.errors import (
        DeepdecideError,  # deferred: the command's work loads only when it runs (--help stays light)
    )
    from deepdecide.storage import (
        evidence_store,  # deferred: the command's work loads only when it runs (--help stays light)
    )
    from deepdecide.storage.files import (  # deferred: the command's work loads only when it runs (--help stays light)
        load_workspace,
        save_workspace,
    )

    if output_refused(args.workspace):
        return EXIT_USAGE
    hold_workspace(args.workspace)  # one writer at a time: held until the command ends
    try:
        ws = load_workspace(args.workspace)
        keep_judgements(args.workspace, stored=not args.single)
        save_workspace(ws, args.workspace, stored=not args.single)
    except DeepdecideError as exc:
        print(_("deepdecide convert: {exc}").format(exc=exc), file=sys.stderr)
        return EXIT_INPUT
    n = len(ws.evidence.files)
    if args.single:
        print(ngettext("{file}: {n} evidence file kept in the workspace file",
                       "{file}: {n} evidence files kept in the workspace file", n).format(file=args.workspace, n=n))
    else:
        print(ngettext("{file}: {n} evidence file kept in the evidence store {store}",
                       "{file}: {n} evidence files kept in the evidence store {store}", n).format(
            file=args.workspace, n=n, store=evidence_store.stored_name(args.workspace)))
    return EXIT_OK
