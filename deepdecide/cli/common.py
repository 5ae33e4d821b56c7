"""Helpers shared by the CLI commands: error reporting, tables, loading the matrix."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence

from deepdecide.domain.errors import DeepdecideError, ValidationErrors


def error(msg: str) -> None:
    print(f"deepdecide: {msg}", file=sys.stderr)


def report_error(exc: DeepdecideError) -> None:
    if isinstance(exc, ValidationErrors):
        for e in exc.errors:
            error(e.message)
    else:
        error(str(exc))


def report_warnings(warnings: Sequence[DeepdecideError]) -> None:
    """Rules an older file breaks that its schema did not have: it opens, but saving it needs a fix."""
    for w in warnings:
        error(f"warning: {getattr(w, 'message', w)}")
    if warnings:
        error(f"warning: {len(warnings)} value(s) break rules of the current workspace schema; the file opens, "
              "but saving it (or changing its status) requires fixing them (docs/workspace-schema.md)")


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, wrap_last: bool = True) -> str:
    """A plain-text table; the last column wraps to the terminal width."""
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
        import textwrap

        parts = textwrap.wrap(last, last_w) or [""]
        pad = " " * (lead + 2)
        return [(head + "  " + parts[0]).rstrip()] + [pad + p for p in parts[1:]]

    out = fmt(headers) + ["  ".join("-" * w for w in widths[:-1]) + "  " + "-" * min(last_w, max(len(headers[-1]), 10))]
    for row in rows:
        out.extend(fmt(row))
    return "\n".join(out)
