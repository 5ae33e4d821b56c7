"""Tables for spreadsheets: the comparison and the normalized evidence, as CSV (and XLSX).

Procurement works in spreadsheets, so the numbers leave as plain numbers (never formatted
strings): every numeric column names its unit in its header ("TCO over 3 years [$]"), and a
sibling "… basis" column says whether the figure is measured, assumed, proxy or predicted where
the Assessment says so. The figures are read from the Assessment only (``analysis.evaluate``):
every :class:`Figure` an option holds becomes a column, so a figure added to the Assessment
appears in the export without a change here.

* :func:`comparison_table`: one row per option, ranked options first in rank order;
* :func:`evidence_table`: one row per normalized benchmark run, with exactly the names of
  ``deepdecide inspect --json`` after the provenance of its file (file, SHA-256, kind);
* :func:`parity_table`: one row per parity check, likewise.

CSV files are UTF-8 with a byte-order mark (so spreadsheet programs read "≤" and "·"), written
atomically, in the interface language's style (:func:`csv_style`): comma separated with decimal
points in English; semicolon separated with decimal commas in Spanish, as a Spanish spreadsheet
expects (``deepdecide export --csv-style`` chooses either). XLSX needs the optional ``openpyxl`` (``pip install
'deepdecide[xlsx]'``); without it :func:`write_xlsx` raises :class:`XlsxUnavailable`.

**Data, never formulas** (OWASP "CSV Injection"): the people who open these files are
procurement and finance, and a label, model, file or option name comes from a result file or
was typed by someone. Cells are typed: a number stays a number (-5 is a number), and only text
is neutralised, by the one rule of :func:`neutralise` that both writers (and so the CLI and the
GUI) apply. In the CSV, every text field is quoted and a text that starts with a formula trigger
(``=`` ``+`` ``-`` ``@``, tab, CR, LF, NUL, their full-width forms, after any leading spaces)
gets a leading single quote, which spreadsheets read as "text". In the XLSX every text is a
string cell, never a formula (openpyxl would make a text starting with ``=`` one) nor an error
value (``#N/A``), and a text that starts with a trigger carries Excel's quote-prefix style, so
editing the cell keeps it text; its value is the text unchanged. Known-prefix tokens
(``hf_``, ``ghp_``, ``sk-``, AWS key ids ...) are removed from every text cell
(:func:`deepdecide.importers.secrets.scan_known`), whatever the workspace holds; each table
lists what was removed in ``Table.redactions``.
"""

from __future__ import annotations

import dataclasses
import io
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from deepdecide.analysis.assessment import (
    Assessment,
    CapacityBasis,
    Figure,
    FitCounts,
    OptionAssessment,
)
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.evidence import BENCHMARK_FIELDS, PARITY_FIELDS, EvidenceFile
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import Workspace
from deepdecide.importers.secrets import Finding, scan_known
from deepdecide.storage.yamlio import atomic_write_bytes

Cell = str | float | int | bool | None

#: provenance columns that lead each evidence row (the file the row came from)
PROVENANCE_COLUMNS: tuple[str, ...] = (
    "file_name", "file_sha256", "file_kind", "file_measured", "file_tool", "file_tool_version",
    "file_size_bytes", "file_imported_at", "file_label",
)

#: how the Assessment judged a run or check against the workload (after the provenance)
FIT_COLUMNS: tuple[str, ...] = ("applicability", "applicability_reasons", "options", "counts_for")

#: the basis words of the "… basis" columns
MEASURED, ASSUMED, PROXY, PREDICTED = "measured", "assumed", "proxy", "predicted"

#: the headers of the evidence counts (FitCounts fields), marked for the catalog
FIT_HEADERS: dict[str, str] = {
    "matches": N_("evidence: matches"), "proxies": N_("evidence: proxies"), "mismatches": N_("evidence: mismatches"),
    "needs_context": N_("evidence: needs context"), "checks_matching": N_("evidence: checks matching"),
    "checks_other": N_("evidence: checks other"), "not_counted": N_("evidence: not counted"),
}

#: sub-objects of an option whose figures keep their plain name (others prefix theirs: "cash: …")
_PLAIN_PARENTS = frozenset({"checklist", "capacity", "fleet", "costs", "figure"})


#: what makes a spreadsheet read a leading character as the start of a formula: the OWASP list
#: (= + - @, tab, carriage return, line feed), NUL (OWASP ASVS 1.2.10), and the full-width forms
#: of = + - @ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheet input methods may turn into them
FORMULA_TRIGGERS = frozenset("=+-@\t\r\n\0\uff1d\uff0b\uff0d\uff20")
#: spaces a spreadsheet may skip before a formula (" =1+1")
_LEADING_SPACE = " \u00a0\u3000"


def starts_formula(text: str) -> bool:
    """Whether a spreadsheet could read ``text`` as a formula: its first character, after any
    leading spaces, is a formula trigger (:data:`FORMULA_TRIGGERS`)."""
    head = text.lstrip(_LEADING_SPACE)[:1] or text[:1]
    return bool(head) and head in FORMULA_TRIGGERS


def neutralise(text: str) -> str:
    """A text cell as a CSV holds it: with a leading single quote when it could start a formula
    (OWASP CSV injection), else unchanged. The quote is what spreadsheets read as "this is text"."""
    return "'" + text if starts_formula(text) else text


class XlsxUnavailable(DeepdecideError):
    """XLSX export needs openpyxl, which is not installed."""


@dataclass(frozen=True)
class Table:
    """A named table: headers (units in brackets) and rows of plain values. ``redactions``: the
    known-prefix tokens removed from its text cells (kind and place, never the token)."""

    name: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    redactions: tuple[Finding, ...] = ()

    def column(self, header: str) -> list[Cell]:
        i = self.headers.index(header)
        return [row[i] for row in self.rows]


def _without_tokens(table: Table) -> Table:
    """The table with every known-prefix token removed from its headers and text cells (a
    workspace edited by hand or written by an older build may still hold one)."""
    findings: list[Finding] = []

    def clean(text: str, place: Message) -> str:
        out, kinds = scan_known(text)
        findings.extend(Finding(k, place) for k in kinds)
        return out

    headers = tuple(clean(h, msg("place.table_header", "{table} header {n}", table=table.name, n=i + 1))
                    if isinstance(h, str) else h for i, h in enumerate(table.headers))
    rows = tuple(tuple(clean(v, msg("place.table_cell", "{table} row {n}, {column}", table=table.name, n=r + 1,
                                    column=headers[c] if c < len(headers) else str(c + 1)))
                       if isinstance(v, str) else v for c, v in enumerate(row))
                 for r, row in enumerate(table.rows))
    if not findings:
        return table
    return Table(table.name, headers, rows, table.redactions + tuple(findings))


def header(name: str, unit: str = "") -> str:
    """"TCO over 3 years [$]"; a unitless column is its name alone."""
    return f"{name} [{unit}]" if unit else name


def _header(name: str, unit: str = "") -> str:
    """A comparison header in the interface language (English: the catalog key as written)."""
    return header(_(name), _(unit) if unit else "")


#: the comparison's fixed headers and units, marked for the catalog
_HEADERS = (N_("rank"), N_("option"), N_("short label"), N_("name"), N_("strategy"), N_("runtime"), N_("platform"),
            N_("classification"), N_("evidence level"), N_("builds"), N_("correct"), N_("performs"), N_("eligible"),
            N_("status"), N_("cost view"), N_("score"), N_("P(best)"), N_("Monte Carlo draws"), N_("capacity basis"),
            N_("capacity source"), N_("points"), N_("fraction"), N_("draws"), N_("runs"), N_("checks"), N_("0-3"),
            N_("$/M tokens"), N_("ranked"), N_("vetoed"), N_("not ranked"), N_("GPUs owned used"),
            N_("GPUs bought"), N_("GPUs rented"), N_("spare GPUs"), N_("GPUs"), N_("in service from"), N_("payback"),
            N_("break-even demand against the hosted API"), N_("output tok/s"), N_("blocked"), N_("workers"))

#: a disaggregated option's pools, one group of columns per pool (prefill, then decode): (header, unit, field)
_POOL_COLUMNS = {
    "prefill": ((N_("prefill pool: platform"), "", "platform"), (N_("prefill pool: runtime"), "", "runtime"),
                (N_("prefill pool: class"), "", "classification"),
                (N_("prefill pool: workers"), N_("workers"), "workers"), (N_("prefill pool: GPUs"), N_("GPUs"), "gpus"),
                (N_("prefill pool: owned GPUs used"), N_("GPUs"), "owned_used"),
                (N_("prefill pool: new GPUs"), N_("GPUs"), "new_gpus")),
    "decode": ((N_("decode pool: platform"), "", "platform"), (N_("decode pool: runtime"), "", "runtime"),
               (N_("decode pool: class"), "", "classification"),
               (N_("decode pool: workers"), N_("workers"), "workers"), (N_("decode pool: GPUs"), N_("GPUs"), "gpus"),
               (N_("decode pool: owned GPUs used"), N_("GPUs"), "owned_used"),
               (N_("decode pool: new GPUs"), N_("GPUs"), "new_gpus")),
}


# ---------------------------------------------------------------------------------------------
# the comparison


def _figures(obj: Any, parents: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Figure, Any]]:
    """Every Figure inside ``obj`` (depth first, in field order) with its field path and the
    object that holds it."""
    out: list[tuple[tuple[str, ...], Figure, Any]] = []
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return out
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, Figure):
            out.append(((*parents, f.name), value, obj))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            out.extend(_figures(value, (*parents, f.name)))
    return out


def _figure_label(path: tuple[str, ...], fig: Figure) -> str:
    # a cost view's figures ("cash: …", "all-in: …") under the view's word in the interface language
    prefix = [word(p.replace("_", "-"), "cost view") for p in path[:-1] if p not in _PLAIN_PARENTS]
    name = str(fig.name)  # in the interface language, like the other headers (English: the catalog key)
    return ": ".join((*prefix, name)) if prefix else name


def _flag_kind(text: str) -> str:
    """The words of a flag that say its kind: its first word where that is a kind marker ("proxy: …",
    "predicted by …", "assumption, …"), else the whole flag ("rests on an assumed pool capacity")."""
    first = text.split(None, 1)[0].strip(",:;") if text.strip() else ""
    return first if first in ("proxy", "predicted", "assumption", "assumed") else text


def figure_basis(fig: Figure, holder: Any, oa: OptionAssessment) -> str:
    """Measured / assumed / proxy / predicted where the Assessment says so, else ""."""
    # the flags' English text (their catalog keys), whatever the interface language; a flag names its kind
    # by its first word ("PROXY: …", "PREDICTED by …", "ASSUMPTION, …"): a word further in (an assumption
    # whose reason mentions proxy runs that could not be judged) does not make it that kind
    flags = " ".join(_flag_kind((f.render(lambda t: t) if isinstance(f, Message) else str(f)).lower())
                     for f in fig.flags)
    if fig.value is None:
        return ""
    if fig is oa.capacity.figure:
        # the capacity's own typed source first: its flags may mention proxy runs that could not be
        # judged while the figure itself is an assumption
        source = str(getattr(getattr(oa.capacity, "source", None), "value", "") or "")
        if source in ("own", "third_party"):
            return MEASURED
        if source in (PROXY, PREDICTED, ASSUMED):
            return source
    if "predicted" in flags:
        return PREDICTED
    if "proxy" in flags:
        return PROXY
    if "assumption" in flags or "assumed" in flags or getattr(holder, "assumed", False) is True:
        return ASSUMED
    if fig is oa.capacity.figure:
        return MEASURED if oa.capacity.basis in (CapacityBasis.MEASURED, CapacityBasis.INTERPOLATED,
                                                 CapacityBasis.LOWER_BOUND) else ""
    return ""


def _number(value: Any) -> Cell:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return None if isinstance(value, float) and not math.isfinite(value) else value
    cell: Cell = value
    return cell


def _cost_view(oa: OptionAssessment) -> str:
    view = getattr(oa.costs, "view", None)
    if isinstance(view, Enum):
        return str(view.value)
    if view:
        return str(view)
    return "all-in"  # before cost views, every price was the all-in $/GPU-h


def comparison_table(ws: Workspace, a: Assessment) -> Table:
    """The ranking and every per-option figure of the Assessment, one row per option."""
    order = list(a.order or [o.option for o in a.options])  # the one order of every view
    options = [oa for oid in order if (oa := a.option(oid)) is not None]
    short = look.short_labels(ws)
    mc = a.monte_carlo
    horizon = ws.assumptions.horizon_years

    # the figure columns: the union over the options, in the order first seen
    fig_cols: list[tuple[tuple[str, ...], str]] = []
    for oa in options:
        for path, fig, _h in _figures(oa):
            key = (path, header(_figure_label(path, fig), formatting.unit_text(fig.unit)))
            if key not in fig_cols:
                fig_cols.append(key)
    criteria = [c for c in a.criteria if c.used]

    headers: list[str] = [
        _header("rank"), _header("option"), _header("short label"), _header("name"), _header("strategy"),
        _header("runtime"), _header("platform"), _header("classification"), _header("evidence level", "0-3"),
        _header("builds"), _header("correct"), _header("performs"), _header("eligible"), _header("status"),
        _header("cost view"), _header("score", "points"),
    ]
    headers += [header(_("score: {criterion}").format(criterion=c.name), _("points")) for c in criteria]
    if mc is not None:
        headers += [_header("P(best)", "fraction"), _header("Monte Carlo draws", "draws")]
        headers += [header(_("Monte Carlo $/M output tokens {percentile}").format(percentile=p), _("$/M tokens"))
                    for p in ("P10", "P50", "P90")]
        headers += [header(_("Monte Carlo TCO over {years} years {percentile}").format(
            years=formatting.localized(f"{horizon:g}"), percentile=p), "$") for p in ("P10", "P50", "P90")]
    headers += [_header("capacity basis"), _header("capacity source")]
    headers += [_header("GPUs owned used", "GPUs"), _header("GPUs bought", "GPUs"), _header("GPUs rented", "GPUs"),
                _header("spare GPUs", "GPUs"), _header("in service from"), _header("payback"),
                _header("break-even demand against the hosted API", "output tok/s")]
    any_pools = any(oa.pools is not None for oa in options)
    if any_pools:  # per pool: where it runs and its fleet (its capacity and $/M are among the figures below)
        headers += [_header(name, unit) for cols in _POOL_COLUMNS.values() for name, unit, _f in cols]
    fit_fields = [f.name for f in dataclasses.fields(FitCounts)]
    headers += [header(_(FIT_HEADERS.get(name, f"evidence: {name.replace('_', ' ')}")),
                       _("runs") if "checks" not in name else _("checks"))
                for name in fit_fields]
    for _path, col in fig_cols:
        headers += [col, _("{column} basis").format(column=col.split(" [")[0])]

    rows: list[tuple[Cell, ...]] = []
    for oa in options:
        status = word("ranked" if oa.rank is not None else "dev-only" if oa.strategy.value == "dev-only"
                      else oa.slo_standing.status.value if not oa.slo_standing.recommendable
                      else "blocked" if not oa.eligible else "vetoed" if oa.vetoes else "not ranked", "option status")
        ev = oa.evidence
        row: list[Cell] = [
            oa.rank, oa.option, short.get(oa.option, oa.option), oa.name, word(oa.strategy), oa.runtime,
            oa.platform, word(oa.classification.label, "support status"), ev.level, ev.builds.reached, ev.correct.reached,
            ev.performs.reached, oa.eligible, status, word(_cost_view(oa), "cost view"),
            _number(oa.score.total) if oa.score else None,
        ]
        parts = {p.criterion: p for p in oa.score.parts} if oa.score else {}
        for c in criteria:
            part = parts.get(c.id) or parts.get(c.name)
            row.append(_number(part.contribution) if part else None)
        if mc is not None:
            d = mc.for_option(oa.option)
            row += [_number(d.p_best) if d and oa.can_win else None, mc.draws]
            for pct in (d.cost_per_m_tokens_usd, d.tco_usd) if d else (None, None):
                row += [_number(pct.p10), _number(pct.p50), _number(pct.p90)] if pct else [None] * 3
        row += [oa.capacity.basis.value, str(getattr(getattr(oa.capacity, "source", None), "value", "") or "")]
        f, cf, pb = oa.fleet, oa.costs.cash_flow, oa.costs.payback
        service = (cf.months[cf.service_month].label if cf is not None and cf.service_month is not None
                   and cf.service_month < len(cf.months) else None)
        row += [_number(f.owned_used), _number(f.bought_gpus), _number(f.rented_gpus), _number(f.spare_gpus), service,
                pb.text.render() if pb is not None and pb.text is not None else None,
                _number(oa.costs.break_even_tps)]
        if any_pools:
            for role, cols in _POOL_COLUMNS.items():
                pool = getattr(oa.pools, role) if oa.pools is not None else None
                row += [None if pool is None else word(pool.classification.label, "support status")
                        if attr == "classification" else _number(getattr(pool, attr)) for _n, _u, attr in cols]
        fit = getattr(oa, "fit", None) or FitCounts()
        row += [getattr(fit, name) for name in fit_fields]
        found = {(path, header(_figure_label(path, fig), formatting.unit_text(fig.unit))): (fig, h) for path, fig, h in _figures(oa)}
        for key in fig_cols:
            if key in found:
                fig, holder = found[key]
                row += [_number(fig.value), figure_basis(fig, holder, oa)]
            else:
                row += [None, ""]
        rows.append(tuple(row))
    # the analysis writes money as "$": the workspace's currency names it ("TCO over 3 years [€]")
    unit = formatting.currency_unit(ws.assumptions.currency)
    return _without_tokens(Table(_("Comparison"), tuple(h.replace("$", unit) for h in headers), tuple(rows)))


#: the cash flow's headers and units, marked for the catalog
_CASH_HEADERS = (N_("option"), N_("short label"), N_("month"), N_("month number"), N_("fiscal year"), N_("capex"),
                 N_("opex"), N_("engineering"), N_("cash"), N_("cumulative cash"), N_("economic (all-in)"))


def cash_flow_table(ws: Workspace, a: Assessment) -> Table:
    """Every option's money month by month (the Assessment's cash flows): capex, opex and engineering as
    paid, the cash and its running total, and the month's cost in the economic (all-in) view."""
    short = look.short_labels(ws)
    unit = formatting.currency_unit(ws.assumptions.currency)
    headers = (_header("option"), _header("short label"), _header("month"), _header("month number"),
               _header("fiscal year"), *(header(_(h), unit) for h in _CASH_HEADERS[5:]))
    rows: list[tuple[Cell, ...]] = []
    for oa in a.options:
        cf = oa.costs.cash_flow
        for m in cf.months if cf is not None else ():
            rows.append((oa.option, short.get(oa.option, oa.option), m.label, m.month + 1, m.fiscal_year,
                         _number(m.capex), _number(m.opex), _number(m.engineering), _number(m.total),
                         _number(m.cumulative), _number(m.economic)))
    return _without_tokens(Table(_("Cash flow"), headers, tuple(rows)))


# ---------------------------------------------------------------------------------------------
# the evidence


def _plain(value: Any) -> Cell:
    if isinstance(value, Message):  # a parity rule: in the interface language, as the flags
        return str(value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        return "; ".join(str(v) for v in value)
    return _number(value)


def _provenance(f: EvidenceFile) -> list[Cell]:
    p = f.provenance
    return [p.file_name, p.sha256, p.kind.value, p.kind.measured, p.tool, p.tool_version, p.size_bytes,
            p.imported_at, p.label]


def _fit_cells(a: Assessment | None, file_index: int, index: int, item: str) -> list[Cell]:
    """How the Assessment judged this run or check against the workload (empty without one)."""
    fits = a.evidence_fit if a is not None else ()
    fit = next((f for f in fits if (f.file_index, f.index, f.item) == (file_index, index, item)), None)
    if fit is None:
        return ["", "", "", ""]
    return [str(fit.applicability.value), "; ".join(str(m) for m in fit.reasons), "; ".join(fit.options),
            "; ".join(fit.counts_for)]


def evidence_table(ws: Workspace, a: Assessment | None = None) -> Table:
    """Every normalized benchmark run, after the provenance of its file and (with an Assessment)
    its applicability to the workload: matches, proxy, mismatch or needs-context."""
    rows = [tuple(_provenance(f) + _fit_cells(a, fi, ri, "run") + [_plain(getattr(r, name)) for name in BENCHMARK_FIELDS])
            for fi, f in enumerate(ws.evidence.files) for ri, r in enumerate(f.runs)]
    return _without_tokens(Table(_("Evidence"), PROVENANCE_COLUMNS + FIT_COLUMNS + BENCHMARK_FIELDS, tuple(rows)))


def parity_table(ws: Workspace, a: Assessment | None = None) -> Table:
    """Every parity check, after the provenance of its file and its applicability."""
    rows = [tuple(_provenance(f) + _fit_cells(a, fi, ci, "check") + [_plain(getattr(c, name)) for name in PARITY_FIELDS])
            for fi, f in enumerate(ws.evidence.files) for ci, c in enumerate(f.parity)]
    return _without_tokens(Table(_("Parity"), PROVENANCE_COLUMNS + FIT_COLUMNS + PARITY_FIELDS, tuple(rows)))


# ---------------------------------------------------------------------------------------------
# writing


def _csv_number(value: int | float) -> int | float:
    """A number as the CSV writes it: 15 significant digits, what a spreadsheet keeps
    (0.17300000000000001 reads 0.173); a whole float below 1e15 without its ".0"."""
    if isinstance(value, float):
        value = float(format(value, ".15g"))
        if value.is_integer() and abs(value) < 1e15:
            return int(value)
    return value


def _csv_cell(value: Cell) -> str | int | float:
    """A number for a number; text (neutralised) for everything else."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _csv_number(value)
    return neutralise(str(value))


#: the CSV styles: "comma" (``,`` between fields, ``.`` before decimals: English spreadsheets) and
#: "semicolon" (``;`` between fields, ``,`` before decimals: Spanish, French, German spreadsheets,
#: whose list separator is ``;``)
CSV_STYLES = ("comma", "semicolon")


def csv_style(style: str | None = None) -> str:
    """``style`` when given, else the interface language's: "semicolon" for a language that writes a
    decimal comma (Spanish), "comma" otherwise."""
    if style is not None:
        if style not in CSV_STYLES:
            raise ValueError(_("unknown CSV style {style!r}; expected one of: {styles}").format(
                style=style, styles=", ".join(CSV_STYLES)))
        return style
    return "semicolon" if formatting.separators()[0] == "," else "comma"


def _csv_field(value: str | int | float, decimal: str) -> str:
    """One field: a number bare (with the style's decimal mark, so a spreadsheet reads it as a
    number), a text quoted (a quote doubled)."""
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    text = repr(value)  # the shortest text that reads back as the same number (0.173, 1e+16, -5)
    return text.replace(".", decimal) if decimal != "." else text


def csv_bytes(table: Table, style: str | None = None) -> bytes:
    """The table as CSV (UTF-8 with BOM, CRLF line ends as RFC 4180 has them): numbers bare, every
    text field quoted, a text that could start a formula prefixed with a single quote. ``style``
    (:data:`CSV_STYLES`; default the interface language's, :func:`csv_style`): "comma" writes
    ``1.5,"text"``, "semicolon" ``1,5;"text"``, so a Spanish spreadsheet opens the file in columns
    with its numbers as numbers."""
    chosen = csv_style(style)
    sep, decimal = (";", ",") if chosen == "semicolon" else (",", ".")
    lines = [sep.join(_csv_field(neutralise(h), decimal) for h in table.headers)]
    lines.extend(sep.join(_csv_field(_csv_cell(v), decimal) for v in row) for row in table.rows)
    return ("\ufeff" + "".join(line + "\r\n" for line in lines)).encode("utf-8")


def write_csv(table: Table, path: str | os.PathLike[str], style: str | None = None) -> None:
    """Write the table to ``path`` atomically (the old file or the new one, never half), in ``style``
    (default: the interface language's, :func:`csv_style`)."""
    atomic_write_bytes(path, csv_bytes(table, style))


def xlsx_available() -> bool:
    try:
        import openpyxl  # noqa: F401
    except ImportError:
        return False
    return True


def xlsx_bytes(tables: Sequence[Table]) -> bytes:
    """A workbook with one sheet per table: bold frozen header row, numbers as numbers."""
    try:
        from openpyxl import Workbook
        from openpyxl.styles import Font
        from openpyxl.utils import get_column_letter
    except ImportError:
        raise XlsxUnavailable("XLSX export needs openpyxl: pip install 'deepdecide[xlsx]' "
                              "(CSV export works without it)") from None
    wb = Workbook()
    wb.remove(wb.active)
    bold = Font(bold=True)
    for table in tables:
        sheet = wb.create_sheet(table.name[:31])
        sheet.append([_xlsx_value(h) for h in table.headers])
        for cell in sheet[1]:
            cell.font = bold
        for row in table.rows:
            sheet.append([_xlsx_value(v) for v in row])
        for cells in sheet.iter_rows():
            for cell in cells:
                if isinstance(cell.value, str):
                    _as_text(cell)
        sheet.freeze_panes = "C2" if table.name in ("Comparison", _("Comparison")) else "A2"
        for i, h in enumerate(table.headers, start=1):
            longest = max([len(h)] + [len(str(_csv_cell(r[i - 1]))) for r in table.rows])
            sheet.column_dimensions[get_column_letter(i)].width = min(max(8, longest + 2), 48)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


#: characters XML 1.0 (and so a workbook) cannot hold: shown as escapes instead
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xlsx_value(value: Cell) -> Cell:
    if isinstance(value, str) and _XML_ILLEGAL.search(value):
        return _XML_ILLEGAL.sub(lambda m: f"\\x{ord(m.group(0)):02x}" if ord(m.group(0)) < 0x100
                                else f"\\u{ord(m.group(0)):04x}", value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _as_text(cell: Any) -> None:
    """A text cell stays text: a string cell (openpyxl makes a text starting with "=" a formula and
    "#N/A" an error value), with the quote-prefix style where it could start a formula."""
    cell.data_type = "s"
    if starts_formula(cell.value):
        cell.quotePrefix = True


def write_xlsx(tables: Sequence[Table], path: str | os.PathLike[str]) -> None:
    atomic_write_bytes(path, xlsx_bytes(tables))
