"""File ▸ Export ▸ Comparison / Evidence / Parity checks as CSV, Workbook as XLSX.

The same tables, written by the same functions, as ``deepdecide export`` (``report.spreadsheet``:
text cells neutralised so that no cell is a formula, known-prefix tokens left out), from the document's
Assessment (with the background Monte Carlo's P(best) when it is ready). Exporting never edits
the workspace, so it leaves the undo stack alone; a failed write shows the error and leaves any
old file as it was (the write is atomic).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from deepdecide.domain.i18n import _
from deepdecide.gui.i18n import fmt
from deepdecide.importers.secrets import told

if TYPE_CHECKING:
    from deepdecide.gui.controller_context import ControllerContext
    from deepdecide.report.spreadsheet import Table

#: what can be exported: key -> (file suffix)
KINDS = {"comparison": ".csv", "evidence": ".csv", "parity": ".csv", "workbook": ".xlsx"}


def _stem(ctx: ControllerContext) -> str:
    d = ctx.document.workspace.decision
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in (d.id or "decision"))


def suggested_name(ctx: ControllerContext, kind: str) -> str:
    return f"{_stem(ctx)}-{kind}{KINDS[kind]}"


def tables(ctx: ControllerContext) -> dict[str, Table]:
    """The comparison, evidence and parity tables of the document as it is now."""
    from deepdecide.report import spreadsheet as sheet

    doc = ctx.document
    ws = doc.workspace
    a = doc.assessment()
    mc = doc.current_monte_carlo()
    if mc is not None:
        a = dataclasses.replace(a, monte_carlo=mc)
    return {"comparison": sheet.comparison_table(ws, a), "evidence": sheet.evidence_table(ws, a),
            "parity": sheet.parity_table(ws, a)}


def export_table(ctx: ControllerContext, kind: str, path: str | None = None) -> str:
    """Ask where (unless ``path`` is given), write, report; the path written or "" if none."""
    from deepdecide.report import spreadsheet as sheet

    title = {
        "comparison": _("Export the comparison as CSV"),
        "evidence": _("Export the evidence as CSV"),
        "parity": _("Export the parity checks as CSV"),
        "workbook": _("Export a workbook (XLSX)"),
    }[kind]
    if kind == "workbook" and not sheet.xlsx_available():
        ctx.interaction.show_error(title, sheet.XlsxUnavailable(_("XLSX export needs openpyxl: pip install 'deepdecide[xlsx]' (CSV export works without it)")))
        return ""
    if path is None:
        folder = ctx.prefs.get("last_directory") or str(Path.home())
        path = ctx.interaction.ask_table_path(title, folder, suggested_name(ctx, kind), KINDS[kind])
    if not path:
        return ""
    try:
        made = tables(ctx)
        if kind == "workbook":
            sheet.write_xlsx(list(made.values()), path)
            rows = sum(len(t.rows) for t in made.values())
            left_out = told(dict.fromkeys(f for t in made.values() for f in t.redactions))
        else:
            sheet.write_csv(made[kind], path)
            rows = len(made[kind].rows)
            left_out = told(made[kind].redactions)
    except (OSError, ValueError) as exc:
        ctx.set_busy(_("Export failed; nothing was written."), None)
        ctx.interaction.show_error(title, exc)
        return ""
    ctx.prefs.set("last_directory", str(Path(path).resolve().parent))
    ctx.set_busy(fmt(_("Wrote %1 (%2 rows)"), path, rows)
                 + (f"; {left_out}" if left_out else ""), None)
    return path
