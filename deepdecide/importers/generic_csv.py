"""A CSV of the user's own (or of a tool deepdecide does not know), read through a declared
column mapping: ``normalized_name=Column header``, one run per row; or, with ``per request``,
one request per row (``ttft_ms=TTFT``, ``e2e_ms=Latency``, ...), reduced to one run with the
mean and linear-interpolation p50 / p90 / p99 of each mapped column. Latency columns are taken
as ms unless a unit is declared (``ttft_ms_mean=s``); text columns (model, label, ...) are kept
as text. Nothing is guessed: an unmapped column is ignored, a mapped one that is absent is an
error naming it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from deepdecide.domain.evidence import BENCHMARK_FIELDS
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source
from deepdecide.importers.normalize import RunDraft
from deepdecide.importers.stats import summarize

if TYPE_CHECKING:
    from numpy.typing import NDArray

TEXT_FIELDS = {"runtime", "runtime_version", "platform", "model", "quantization", "dataset", "label", "tool_version"}
COUNT_FIELDS = {"gpu_count", "num_requests", "completed", "failed", "prefill_gpus", "decode_gpus"}
UNITS = {"ms": 1.0, "s": 1000.0, "sec": 1000.0, "us": 1e-3, "ns": 1e-6}
NOT_MAPPABLE = {"tool", "quality_flags", "missing_context"}
PER_REQUEST = ("ttft_ms", "tpot_ms", "itl_ms", "e2e_ms", "e2e_per_token_ms", "input_tokens", "output_tokens")


def mappable_fields() -> tuple[str, ...]:
    return tuple(f for f in BENCHMARK_FIELDS if f not in NOT_MAPPABLE)


class GenericCsv(Importer):
    tool = "generic_csv"
    description = N_("CSV with a declared column mapping")

    def sniff(self, src: Source) -> bool:
        rows = src.csv_rows
        return bool(rows) and rows is not None and len(rows[0][1]) >= 1

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        if ctx.csv_per_request:
            return self._per_request(src, ctx)
        mapping = dict(ctx.csv_mapping)
        units = dict(ctx.csv_units)
        for name in mapping:
            if name not in mappable_fields():
                raise src.error(_("{name!r} is not a normalized field; mappable: {fields}").format(name=name, fields=", ".join(mappable_fields())))
        rows = [(line, row) for line, row in src.csv_rows or [] if any(c.strip() for c in row)]
        header_line, header = rows[0]
        index = {h.strip(): i for i, h in enumerate(header)}
        for name, column in mapping.items():
            if column not in index:
                raise src.error(_("column {column!r} (mapped to {name}) is not in the header").format(column=column, name=name), line=header_line)
        out = Parsed(tool_version="user-declared CSV mapping")
        for line, row in rows[1:]:
            d = RunDraft(self.tool, tool_version=out.tool_version)
            for name, column in mapping.items():
                i = index[column]
                cell = Node(row[i] if i < len(row) else "", src, f"column {column!r}", line)
                if name in TEXT_FIELDS:
                    d.set(**{name: cell.str().strip()})
                elif name in COUNT_FIELDS:
                    d.set(**{name: cell.count()})
                elif name == "request_rate":
                    d.set(request_rate=cell.rate())
                else:
                    unit = units.get(name, "ms" if "_ms" in name else "")
                    if unit and unit not in UNITS:
                        raise src.error(_("unknown unit {unit!r} for {name} (use one of {units})").format(unit=unit, name=name, units=", ".join(UNITS)))
                    scale = UNITS[unit] if unit and "_ms" in name else 1.0
                    if name == "duration_s" and unit:
                        scale = UNITS[unit] / 1000.0
                    d.set(**{name: cell.num(scale)})
            out.runs.append(d.build())
        return out

    def _per_request(self, src: Source, ctx: ImportContext) -> Parsed:
        """One request per row: every mapped column reduced to mean / p50 / p90 / p99."""

        import pandas as pd

        mapping = dict(ctx.csv_mapping)
        units = dict(ctx.csv_units)
        for name in mapping:
            if name not in PER_REQUEST:
                raise src.error(_("{name!r} is not a per-request field; use one of {fields}").format(name=name, fields=", ".join(PER_REQUEST)))
        rows = src.csv_rows or []
        header_line, header = next(((n, r) for n, r in rows if any(c.strip() for c in r)), (1, []))
        index = {h.strip(): i for i, h in enumerate(header)}
        for name, column in mapping.items():
            if column not in index:
                raise src.error(_("column {column!r} (mapped to {name}) is not in the header").format(column=column, name=name), line=header_line)
        try:  # pandas' C parser: 10^5-10^6 rows in a fraction of a second
            frame = pd.read_csv(io.StringIO(src.text or ""), usecols=list(mapping.values()), dtype=np.float64,
                                engine="c", skip_blank_lines=True, thousands=None)
            columns = {name: frame[column].to_numpy() for name, column in mapping.items()}
        except (ValueError, pd.errors.ParserError, KeyError):
            columns = self._located_columns(src, rows, header_line, index, mapping)
        d = RunDraft(self.tool, tool_version="user-declared per-request CSV")
        n = min((len(v) for v in columns.values()), default=0)
        for name, values in columns.items():
            bad = ~np.isfinite(values) | (values < 0)
            if bad.any():
                line = self._line_of_row(rows, header_line, int(np.flatnonzero(bad)[0]))
                raise src.error(_("expected a finite number >= 0"), line=line, path=f"column {mapping[name]!r}")
            unit = units.get(name, "ms" if name.endswith("_ms") else "")
            if unit and unit not in UNITS:
                raise src.error(_("unknown unit {unit!r} for {name} (use one of {units})").format(unit=unit, name=name, units=", ".join(UNITS)))
            scale = UNITS[unit] if unit else 1.0
            stats = summarize(values.copy(), scale)
            if name in ("input_tokens", "output_tokens"):
                d.set(**{name: stats.get("mean")})
            else:
                d.set(**{f"{name}_{stat}": v for stat, v in stats.items()})
        d.set(num_requests=n, completed=n)
        d.flag("generic_csv.reduced", n=n)
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])

    @staticmethod
    def _line_of_row(rows: Sequence[tuple[int, list[str]]], header_line: int, row_index: int) -> int | None:
        data_rows = [n for n, r in rows if n > header_line and any(c.strip() for c in r)]
        return data_rows[row_index] if row_index < len(data_rows) else None

    @staticmethod
    def _located_columns(src: Source, rows: Sequence[tuple[int, list[str]]], header_line: int,
                         index: Mapping[str, int], mapping: Mapping[str, str]) -> dict[str, NDArray[np.float64]]:
        """The slow, exact path: find the first bad cell and name its line (or return the columns)."""

        columns: dict[str, list[float]] = {name: [] for name in mapping}
        for line, row in rows:
            if line <= header_line or not any(c.strip() for c in row):
                continue
            for name, column in mapping.items():
                i = index[column]
                value = Node(row[i] if i < len(row) else "", src, f"column {column!r}", line).num()
                if value is None:
                    raise src.error(_("empty cell"), line=line, path=f"column {column!r}")
                columns[name].append(value)
        return {name: np.array(values, dtype=np.float64) for name, values in columns.items()}
