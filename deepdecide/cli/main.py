"""The headless commands of ``deepdecide``: argparse subcommands from a registry; ``main(argv) -> int``.

The ``deepdecide`` entry point is ``deepdecide.launcher``: it adds the ``gui`` command (the desktop
application) to this parser, so this package never imports the GUI.

Exit codes (also in ``deepdecide --help``):
  0  success
  1  the command ran and found a problem (unmet requirement, invalid file, altered record)
  2  usage error (bad arguments)
  3  an input could not be read or understood
  4  the GUI cannot start here (no display)
  5  another process is writing the workspace, or wrote it since it was read: nothing written
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, Protocol

from deepdecide import __version__
from deepdecide.cli.common import say
from deepdecide.domain import i18n
from deepdecide.domain.errors import WriteConflict
from deepdecide.domain.i18n import N_, _

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_NO_DISPLAY = 4
EXIT_CONFLICT = 5

EPILOG = N_("""exit codes:
  0  success
  1  the command ran and found a problem (unmet requirement, invalid file, altered record)
  2  usage error
  3  an input could not be read or understood
  4  the GUI cannot start here (no display)
  5  another process is writing the workspace, or wrote it since this command read it: nothing
     written (run the command again)
`deepdecide verify` has its own table (intact and trusted, unsigned, untrusted signer, altered,
not a record): see `deepdecide verify --help`.

With no command, deepdecide opens the desktop application on the built-in sample decision
(or on FILE with `deepdecide gui FILE`, or `deepdecide FILE.yaml` for an existing file).

The language (English or Spanish) follows the environment (LC_ALL, LC_MESSAGES, LANG, LANGUAGE);
--lang chooses it for one run.""")
DESCRIPTION = N_("Evidence, comparison and a signed decision record for LLM-serving platform choices.")
LANG_HELP = N_("language of the output: en (English) or es (Spanish); default: the environment's")


class Command(Protocol):
    """A subcommand: a module of deepdecide.cli named in ``COMMAND_MODULES``, or an object the
    launcher passes in (the ``gui`` command)."""

    NAME: str
    HELP: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: Any) -> int: ...


# Each module in deepdecide.cli named here defines NAME, HELP, add_arguments(parser) and run(args) -> int.
COMMAND_MODULES: tuple[str, ...] = (
    "matrix_cmd",
    "check_cmd",
    "init_cmd",
    "validate_cmd",
    "inspect_cmd",
    "import_cmd",
    "evidence_cmd",
    "evaluate_cmd",
    "plan_cmd",
    "report_cmd",
    "sign_cmd",
    "verify_cmd",
    "signoffs_cmd",
    "diff_cmd",
    "convert_cmd",
    "revisit_cmd",
    "revise_cmd",
    "export_cmd",
)


def build_parser(commands: Sequence[Command] = (), only: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``commands`` (listed first) and of every module in ``COMMAND_MODULES``.

    With ``only`` (a command name, or "" for none) only that command is built (``_commands``; every
    command when it names none), and with "" the commands get their name and help but not their
    arguments: ``add_arguments`` may import what its command needs (reportlab for ``report``),
    which a run of another command, or ``--version``, should not pay for."""
    _use_argparse_catalog()
    # --lang is read before parsing (help texts are translated as the parser is built); every
    # command accepts it too, so it may come before or after the command name
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=tuple(i18n.LANGUAGES), default=argparse.SUPPRESS, help=_(LANG_HELP))
    parser = argparse.ArgumentParser(
        prog="deepdecide",
        description=_(DESCRIPTION),
        epilog=_(EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"deepdecide {__version__}",
                        help=_("show the version and exit"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for command in _commands(commands, only):
        p = sub.add_parser(command.NAME, help=_(command.HELP), description=_(command.HELP),
                           formatter_class=argparse.RawDescriptionHelpFormatter, parents=[common])
        if only is None or only == command.NAME:
            command.add_arguments(p)
        p.set_defaults(_run=command.run)
    return parser


def _commands(commands: Sequence[Command], only: str | None) -> list[Any]:
    """The commands the parser gets: all of them, or (``only`` naming one) that one alone: a run of
    one command neither imports the others' modules nor builds their parsers. Its usage and errors
    name only itself, and the top-level help (``only`` is "") lists every command."""
    if only:
        chosen: list[Any] = [c for c in commands if only == c.NAME]
        if f"{only}_cmd" in COMMAND_MODULES:
            module = importlib.import_module(f"deepdecide.cli.{only}_cmd")
            if only == module.NAME:
                chosen.append(module)
        if chosen:
            return chosen
    return [*commands, *(importlib.import_module(f"deepdecide.cli.{name}") for name in COMMAND_MODULES)]


def main(argv: Sequence[str] | None = None, commands: Sequence[Command] = ()) -> int:
    """Run one command; ``commands`` adds commands from above this package (the launcher's ``gui``)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    i18n.set_language(_lang_named(args_list))
    parser = build_parser(commands, only=_command_named(args_list))
    if not args_list:
        parser.print_usage(sys.stderr)
        print(_("deepdecide: give a command (see --help)"), file=sys.stderr)
        return EXIT_USAGE
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help/--version
        return int(exc.code or 0)

    try:
        return int(args._run(args))
    except WriteConflict as exc:  # another writer of the workspace: nothing was written

        say(f"deepdecide {args.command}: {exc}", file=sys.stderr)
        return EXIT_CONFLICT
    except KeyboardInterrupt:
        print(_("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    finally:  # the workspace locks the command took (``cli.common.hold_workspace``)
        lock = sys.modules.get("deepdecide.storage.lock")
        if lock is not None:
            lock.release_holds()


def _command_named(args: Sequence[str]) -> str:
    """The subcommand ``args`` run: its first word that is not an option ("" for none)."""
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "--":
            return ""
        if a == "--lang":
            skip = True
            continue
        if a in ("-h", "--help"):
            return ""  # the top-level help, which lists every command
        if not a.startswith("-"):
            return a
    return ""


def _lang_named(args: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for (the last one given), or None: the environment's. A value
    argparse will refuse is ignored here."""
    found: str | None = None
    for i, a in enumerate(args):
        if a == "--":
            break
        value = args[i + 1] if a == "--lang" and i + 1 < len(args) else (
            a.split("=", 1)[1] if a.startswith("--lang=") else None)
        if value is not None and value in i18n.LANGUAGES:
            found = value
    return found


def _use_argparse_catalog() -> None:
    """argparse's own words ("usage:", "options", its error messages) in the current language:
    argparse looks up its module-level ``_`` / ``ngettext`` at run time, so point them at our
    "argparse" catalog (the English text itself in English)."""
    if getattr(argparse, "_deepdecide_catalog", False):
        return

    def gettext(message: str) -> str:
        return i18n.dgettext("argparse", message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return i18n.dngettext("argparse", singular, plural, n)

    setattr(argparse, "_", gettext)  # noqa: B010 - argparse reads these module globals at run time
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    setattr(argparse, "_deepdecide_catalog", True)  # noqa: B010


if __name__ == "__main__":
    sys.exit(main())
