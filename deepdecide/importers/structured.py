"""Views and helpers the newer formats share: a YAML document of any shape (llm-d reports,
inference-perf YAML dumps, configurations), a CSV as a header plus rows with located cells, and
unit scaling for metric blocks that carry their own ``units`` field.
"""

from __future__ import annotations

import math
from typing import Any

import yaml

from deepdecide.domain.i18n import _
from deepdecide.importers.base import Node, Source
from deepdecide.importers.parity_baselines import _YamlLoader

#: YAML above this size is not parsed (result reports and configurations are far smaller)
MAX_YAML_BYTES = 16 << 20


def yaml_doc(src: Source) -> Any:
    """The file as YAML: one document's value, a list of values for a multi-document stream
    (Kubernetes manifests), or None when the file is JSON, binary, too large or not YAML (see
    ``problems['yaml_any']``). A plain scalar (any text line) does not count: None."""
    if "yaml_any" not in src._cache:
        src._cache["yaml_any"] = None
        text = src.text if not src.looks_json and len(src.data) <= MAX_YAML_BYTES else None
        if text is not None and _may_be_yaml(text):
            try:
                docs = [d for d in yaml.load_all(text, Loader=_YamlLoader) if d is not None]
            except (yaml.YAMLError, RecursionError, ValueError) as exc:
                mark = getattr(exc, "problem_mark", None)
                src.problems["yaml_any"] = (_("not valid YAML: {reason}").format(reason=getattr(exc, "problem", None) or exc),
                                            mark.line + 1 if mark else None)
            else:
                value: Any = docs[0] if len(docs) == 1 else docs
                if isinstance(value, (dict, list)) and value:
                    src._cache["yaml_any"] = value
    return src._cache["yaml_any"]


def _may_be_yaml(text: str) -> bool:
    """A cheap guard before parsing: the first meaningful line of a YAML mapping or stream is a
    ``key:``, a ``- item``, or ``---`` (a CSV header or a log line is not)."""
    for line in text[:65536].splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        return stripped.startswith(("---", "- ")) or (":" in stripped and "," not in stripped.split(":", 1)[0])
    return False


def structured(src: Source) -> Any:
    """The file's JSON value, else its YAML value (None for neither)."""
    return src.json if src.looks_json else yaml_doc(src)


class CsvTable:
    """A CSV file's header and non-empty data rows; ``cell`` gives a located :class:`Node`."""

    def __init__(self, src: Source, header_line: int, header: list[str], rows: list[tuple[int, list[str]]]):
        self.src = src
        self.header_line = header_line
        self.header = [h.strip() for h in header]
        self.index = {h: i for i, h in enumerate(self.header)}
        self.rows = rows

    def has(self, *columns: str) -> bool:
        return all(c in self.index for c in columns)

    def cell(self, line: int, row: list[str], column: str) -> Node:
        i = self.index.get(column)
        value = row[i].strip() if i is not None and i < len(row) else None
        return Node(value, self.src, f"column {column!r}", line)


def csv_table(src: Source) -> CsvTable | None:
    """The CSV's header (first non-empty row) and data rows, or None when the file is not CSV."""
    if "csv_table" not in src._cache:
        src._cache["csv_table"] = None
        rows = [(n, r) for n, r in src.csv_rows or [] if any(c.strip() for c in r)]
        if rows and len(rows[0][1]) >= 2:
            src._cache["csv_table"] = CsvTable(src, rows[0][0], rows[0][1], rows[1:])
    table: CsvTable | None = src._cache["csv_table"]
    return table


def csv_header(src: Source) -> set[str]:
    """The column names of a CSV file's first line, case kept (cheap: reads the head only)."""
    if src.looks_json:
        return set()
    head = src.data[:8192].lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].decode("utf-8", "replace").strip()
    return {c.strip().strip('"').strip() for c in head.split(",")} if "," in head else set()


# time units written in a metric block's ``units`` field, per value -> ms
TIME_UNITS_MS = {
    "s": 1000.0, "sec": 1000.0, "seconds": 1000.0, "s/token": 1000.0, "sec/token": 1000.0,
    "ms": 1.0, "msec": 1.0, "milliseconds": 1.0, "ms/token": 1.0,
    "us": 1e-3, "µs": 1e-3, "us/token": 1e-3, "ns": 1e-6, "ns/token": 1e-6,
}


def unit_scale_ms(block: Node, default: str | None = None) -> float:
    """The factor turning a metric block's values into ms, read from its ``units`` field."""
    unit = block["units"].str(default or "").strip().lower()
    if not unit:
        raise block.fail(_("the metric block gives no units"))
    if unit not in TIME_UNITS_MS:
        raise block["units"].fail(_("unknown time unit {unit!r} (expected one of: {units})").format(unit=unit, units=", ".join(TIME_UNITS_MS)))
    return TIME_UNITS_MS[unit]


def finite(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None
