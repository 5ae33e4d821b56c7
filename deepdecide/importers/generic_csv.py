"""A CSV of the user's own (or of a tool deepdecide does not know), read through a declared
column mapping: ``normalized_name=Column header``, one run per row. Latency columns are taken
as ms unless a unit is declared (``ttft_ms_mean=s``); text columns (model, label, ...) are kept
as text. Nothing is guessed: an unmapped column is ignored, a mapped one that is absent is an
error naming it.
"""

from __future__ import annotations

from deepdecide.domain.evidence import BENCHMARK_FIELDS
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source
from deepdecide.importers.normalize import RunDraft

TEXT_FIELDS = {"runtime", "runtime_version", "platform", "model", "quantization", "dataset", "label", "tool_version"}
COUNT_FIELDS = {"gpu_count", "num_requests", "completed", "failed", "prefill_gpus", "decode_gpus"}
UNITS = {"ms": 1.0, "s": 1000.0, "sec": 1000.0, "us": 1e-3, "ns": 1e-6}
NOT_MAPPABLE = {"tool", "quality_flags", "missing_context"}


def mappable_fields() -> tuple[str, ...]:
    return tuple(f for f in BENCHMARK_FIELDS if f not in NOT_MAPPABLE)


class GenericCsv(Importer):
    tool = "generic_csv"
    description = "CSV with a declared column mapping"

    def sniff(self, src: Source) -> bool:
        rows = src.csv_rows
        return bool(rows) and len(rows[0][1]) >= 1

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        mapping = dict(ctx.csv_mapping)
        units = dict(ctx.csv_units)
        for name in mapping:
            if name not in mappable_fields():
                raise src.error(f"{name!r} is not a normalized field; mappable: {', '.join(mappable_fields())}")
        rows = [(line, row) for line, row in src.csv_rows or [] if any(c.strip() for c in row)]
        header_line, header = rows[0]
        index = {h.strip(): i for i, h in enumerate(header)}
        for name, column in mapping.items():
            if column not in index:
                raise src.error(f"column {column!r} (mapped to {name}) is not in the header", line=header_line)
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
                        raise src.error(f"unknown unit {unit!r} for {name} (use one of {', '.join(UNITS)})")
                    scale = UNITS[unit] if unit and "_ms" in name else 1.0
                    if name == "duration_s" and unit:
                        scale = UNITS[unit] / 1000.0
                    d.set(**{name: cell.num(scale)})
            out.runs.append(d.build())
        return out
