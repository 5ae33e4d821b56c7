"""Helpers shared by the CLI commands: error reporting, tables, loading the matrix."""

from __future__ import annotations

import argparse
import datetime
import re
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, TextIO

from deepdecide.domain.errors import DeepdecideError, MigratedValue, ValidationErrors
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.messages import Message

# C0 controls but newline, DEL, C1 controls (ESC-less CSI is U+009B), bidi overrides and isolates,
# zero-width and other invisible format characters, and lone surrogates: never sent raw to a terminal
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff"
                     "\ud800-\udfff]")


def _escape_char(m: re.Match[str]) -> str:
    c = m.group(0)
    if c == "\t":
        return "\\t"
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: object) -> str:
    """Text as it may be printed: control, escape, bidi and invisible characters and lone
    surrogates shown as ``\\x1b`` / ``\\u202e`` escapes (a model id or file name never moves the
    cursor, recolours the terminal or reorders a line). Newlines are kept."""
    text = str(text)
    return _UNSAFE.sub(_escape_char, text) if _UNSAFE.search(text) else text


def one_line(text: object) -> str:
    """A file name (or other one-line text from a user) as it may be printed: ``safe``, and a
    newline or carriage return in it shown as ``\\n`` / ``\\r`` (a file name cannot start a new
    line of the output and pass for another message)."""
    return safe(text).replace("\n", "\\n").replace("\r", "\\r")


def shown(text: object) -> str:
    """Text that came from a user's file or command line as it may be printed (a file name, a model
    name, a one-line message naming them): secrets and home directories redacted (a token in a file
    name is not echoed), control characters escaped, on one line (``one_line``)."""
    from deepdecide.importers.secrets import redact

    return one_line(redact(str(text)))


def shown_path(path: object) -> str:
    """A path from the command line or a folder walk as it may be printed (on one line): :func:`shown` without
    the entropy heuristic (a path component such as ``1xH100-FP8__openai-…`` is never taken for a
    key; a known-prefix token such as ``hf_…`` in it is still redacted)."""
    from deepdecide.importers.secrets import redact_path

    return one_line(redact_path(str(path)))


def typed(text: str, place: str | Message, *, identity: bool = False) -> str:
    """Text a person typed on the command line (a sign-off's conditions, a label, a reason) as it
    may be stored or signed: through the redaction pass of imported text (``identity``: an
    approver's name or role, without the entropy heuristic). What was removed is reported on
    stderr by kind and place, never the secret."""
    from deepdecide.importers.secrets import Finding, scan, scan_identity

    clean, kinds = (scan_identity if identity else scan)(text)
    for kind in kinds:
        say(_("redacted: {finding}").format(finding=Finding(kind, place)), file=sys.stderr)
    return clean


def say(*parts: object, file: TextIO | None = None) -> None:
    """print() with every part escaped for the terminal; characters the output's encoding cannot
    show (an ASCII-only terminal) are written as backslash escapes instead of failing."""
    stream = file or sys.stdout
    text = " ".join(safe(p) for p in parts)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.encode(encoding if encoding else "ascii", "backslashreplace").decode(encoding, "replace")
    print(text, file=stream)


def error(msg: str) -> None:
    print(f"deepdecide: {safe(msg)}", file=sys.stderr)


def today_arg(text: str | None) -> datetime.date | None:
    """The day a command takes as today: ``--today YYYY-MM-DD`` when given, else ``DEEPDECIDE_TODAY``,
    else the clock's (``domain.dates.today``). None (the error said) when either is not a date."""
    from deepdecide.domain import dates

    if text:
        day = dates.parse_day(text)
        if day is None or len(text) != 10:
            error(_("--today: expected a date YYYY-MM-DD, got {today!r}").format(today=text))
            return None
        return day
    try:
        return dates.today()
    except ValueError as exc:
        error(str(exc))
        return None


def figure_arg(text: str) -> float:
    """An argparse type: a number as the interface language writes it ("8.192" is 8192 in Spanish,
    "0,5" a half); a figure the language would not write is refused with the reason, never guessed."""

    from deepdecide.domain.formatting import (
        read_figure,  # deferred: formatting loads Babel: only when an argument is read
    )

    try:
        return read_figure(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def whole_arg(text: str) -> int:
    """An argparse type: a whole number as the interface language writes it ("1.000" or "1000" in
    Spanish, "1,000" or "1000" in English); a fraction is refused."""

    value = figure_arg(text)
    if value != round(value):
        raise argparse.ArgumentTypeError(_("“{text}” is not a whole number").format(text=text))
    return round(value)


def report_error(exc: DeepdecideError) -> None:
    if isinstance(exc, ValidationErrors):
        for e in exc.errors:
            error(e.message)
    else:
        error(str(exc))


def hold_workspace(path: str) -> None:
    """Take the workspace's lock until the command ends (``main`` releases it), before the command reads
    the file it will write: another command writing it at the same time waits (up to
    ``storage.lock.COMMAND_WAIT_SECONDS``), and the save writes only over the content found here.
    Another writer in the way ends the command with exit code 5 (``main``); waiting and taking over a
    lock left by a crash are said on stderr."""
    from deepdecide.storage import lock

    lock.hold(path, note=lambda text: say(_("note: {text}").format(text=text), file=sys.stderr))


def keep_judgements(path: str, stored: bool | None = None) -> None:
    """Before a save of a workspace whose evidence is (``stored``: None, as the file on disk says; True,
    will be) in a store: load the analysis's per-file judgements, which the save keeps in the store
    (``domain.summaries``), so that the next command that reads the store need not judge every run
    again (docs/evidence-store.md)."""
    from deepdecide.storage import evidence_store

    if stored or (stored is None and evidence_store.is_stored(path)):
        import deepdecide.analysis.summary  # noqa: F401  # deferred: registers the judgements a save keeps; loaded only for a stored workspace


def output_refused(*paths: str | None) -> bool:
    """Report each path given to write to that may not be written (it exists, through any symbolic
    links, and is a folder, FIFO, socket or device: ``domain.userfiles``); True when one is (the
    command then exits 2, a usage error, having written nothing)."""
    from deepdecide.domain.userfiles import output_problem

    refused = False
    for path in paths:
        problem = output_problem(path) if path else ""
        if problem:
            error(f"{path}: {problem}")
            refused = True
    return refused


def report_warnings(warnings: Sequence[DeepdecideError]) -> None:
    """What an older file's migration read otherwise (nothing to fix), and rules it breaks that its schema
    did not have: it opens and saves, each such value carried over while unchanged."""

    for w in warnings:
        error(_("warning: {message}").format(message=getattr(w, "message", w)))
    warnings = [w for w in warnings if not isinstance(w, MigratedValue)]
    if warnings:
        error(ngettext("warning: {n} value breaks rules of the current workspace schema; the file opens and "
                       "saves with it carried over while it is unchanged, and a changed value must meet the rule "
                       "(docs/workspace-schema.md, \"Carried over\")",
                       "warning: {n} values break rules of the current workspace schema; the file opens and "
                       "saves with them carried over while they are unchanged, and a changed value must meet "
                       "its rule (docs/workspace-schema.md, \"Carried over\")",
                       len(warnings)).format(n=len(warnings)))


def convert_hint(path: str, ws: Any) -> None:
    """On stderr: a single-file workspace holding more than ``evidence_store.CONVERT_HINT_FILES``
    evidence files is offered conversion to the YAML + evidence store form (docs/evidence-store.md)."""
    from deepdecide.storage import evidence_store

    n = len(ws.evidence.files)
    if n > evidence_store.CONVERT_HINT_FILES and not evidence_store.is_stored(path):
        error(_("hint: {path} holds {n} evidence files in one file; `deepdecide convert {path}` keeps them in an "
                "evidence store beside it, nothing lost, and leaves the decision a short YAML "
                "(docs/evidence-store.md)").format(path=path, n=n))


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, wrap_last: bool = True) -> str:
    """A plain-text table; the last column wraps to the terminal width. Cells are escaped for
    the terminal (a model id with an escape sequence is shown, not executed)."""
    headers = [safe(h) for h in headers]
    rows = [[safe(c) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row[:-1] if wrap_last else row):
            widths[i] = max(widths[i], len(cell))
    total = shutil.get_terminal_size((120, 24)).columns
    lead = sum(widths[:-1]) + 2 * (len(headers) - 1)
    last_w = max(30, total - lead - 1) if wrap_last else widths[-1]

    def fmt(cells: Sequence[str]) -> list[str]:
        head = "  ".join(c.ljust(widths[i]) for i, c in enumerate(cells[:-1]))
        last = cells[-1]
        if not wrap_last or len(last) <= last_w:
            return [(head + "  " + last).rstrip()]
        parts = textwrap.wrap(last, last_w) or [""]
        pad = " " * (lead + 2)
        return [(head + "  " + parts[0]).rstrip()] + [pad + p for p in parts[1:]]

    out = fmt(headers) + ["  ".join("-" * w for w in widths[:-1]) + "  " + "-" * min(last_w, max(len(headers[-1]), 10))]
    for row in rows:
        out.extend(fmt(row))
    return "\n".join(out)
