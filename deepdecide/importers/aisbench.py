"""AISBench (``ais_bench``, the Ascend ecosystem's benchmark for MindIE and vllm-ascend) performance
results, built from the ais-bench-benchmark 3.1.20260630 wheel (``benchmark/calculators/
base_perf_metric_calculator.py``, ``default_perf_metric_calculator.py``,
``stable_perf_metric_calculator.py``, ``benchmark/summarizers/default_perf.py``); no public real
file is known. One measurement is written as two files, ``performances/<model>/<dataset>.csv`` and
``.json``. Each imports on its own, and the two of one run import together as one evidence file
(:func:`parse_pair`, through ``importers.joins``: a folder import pairs them by name):

* the CSV: ``Performance Parameters,Stage,Average,Min,Max,Median,P75,P90,P99,N`` (the statistics
  are configurable, at most 8), one row per metric and stage: ``E2EL``, ``TTFT``, ``TPOT``,
  ``ITL`` with the unit written in the cell (``"2550.0 ms"``), ``InputTokens`` / ``OutputTokens``
  without one, ``OutputTokenThroughput`` (``"50.2 token/s"``: each request's tokens / its own
  latency, not the server's throughput);
* the JSON: ``{"Benchmark Duration": {"stable": "61234.5 ms"}, "Request Throughput": {...:
  "7.8 req/s"}, "Output Token Throughput": {...: "1003.4 token/s"}, "Max Concurrency": {...}, ...}``.

Units are parsed from the cells, never assumed: a time cell without a unit is refused. The stage is
``total`` (every request, ramp-up and tail included; the default calculator) or ``stable`` (only
the requests sent while the client held its maximum concurrency: the steady state); where a file
has both, ``stable`` is imported, and the run says which. ``TPOT`` = (latency - TTFT) / (output
tokens - 1) per request (vLLM's TPOT), ``ITL`` the gaps between streamed chunks.
"""

from __future__ import annotations

import re

from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft

_CELL = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-zµ/]+)?\s*$")
TIME_UNITS = {"ms": 1.0, "s": 1000.0, "us": 1e-3, "µs": 1e-3}
RATE_UNITS = {"token/s", "tokens/s", "req/s"}
LATENCY = {"E2EL": "e2e_ms", "TTFT": "ttft_ms", "TPOT": "tpot_ms", "ITL": "itl_ms"}
#: the statistic column -> normalized statistic (Median, or P50 where the user configured it)
STAT_COLUMNS = (("Average", "mean"), ("Median", "p50"), ("P50", "p50"), ("P90", "p90"), ("P99", "p99"))
STAGE_ORDER = ("stable", "total")


def cell_value(node: Node, *, kind: str) -> float | None:
    """A cell's number with its unit: ``kind`` "time" -> ms (the unit must be written), "rate"
    (token/s, req/s: must be written), "count" (no unit)."""
    raw = node.value
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        if kind != "count":
            raise node.fail(_("{value!r} has no unit; AISBench writes the unit in the cell (\"10 ms\", \"5 token/s\")")
                            .format(value=raw))
        return node.num()
    text = node.str().strip()
    if not text:
        return None
    m = _CELL.match(text)
    if not m:
        raise node.fail(_("expected a number with its unit (\"10 ms\"), got {text!r}").format(text=text[:40]))
    number, unit = Node(m.group(1), node.src, node.path, node.line), (m.group(2) or "")
    if kind == "time":
        if unit not in TIME_UNITS:
            raise node.fail(_("expected a time with its unit (ms, s, us), got {text!r}").format(text=text[:40]))
        return number.num(TIME_UNITS[unit])
    if kind == "rate":
        if unit not in RATE_UNITS:
            raise node.fail(_("expected a rate with its unit (token/s, req/s), got {text!r}").format(text=text[:40]))
        return number.num()
    if unit:
        raise node.fail(_("expected a plain count, got {text!r}").format(text=text[:40]))
    return number.num()


def _choose_stage(src: Source, d: RunDraft, stages: list[str], seen: list[str] | None = None) -> str:
    """The stage to import among ``stages`` (stable before total), named in the label and a flag;
    the others of ``seen`` (default ``stages``: every stage the file or files hold) are flagged."""
    present = [s for s in STAGE_ORDER if s in stages] + [s for s in stages if s not in STAGE_ORDER]
    if not present:
        raise src.error(_("no stage (total or stable) in the file"))
    stage = present[0]
    d.set(label=f"{stage} stage")
    if stage in ("stable", "total"):
        d.flag(f"aisbench.{stage}")
    else:
        d.flag("aisbench.stage", stage=stage)
    others = [s for s in dict.fromkeys(seen if seen is not None else stages) if s != stage]
    if others:
        d.flag("aisbench.other_stages", stages=", ".join(others))
    return stage


class AisbenchCsv(Importer):
    tool = "aisbench"
    description = N_("AISBench performances/<dataset>.csv (per-request latency statistics, units in the cells)")

    def sniff(self, src: Source) -> bool:
        return src.first_line.replace('"', "").replace(" ", "").startswith("performanceparameters,stage,")

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        cols, by_stage = csv_table(src)
        d = RunDraft(self.tool, tool_version="ais_bench (performance CSV; version not in the file)")
        stage = _choose_stage(src, d, list(by_stage))
        fill_from_csv(d, src, cols, by_stage[stage])
        d.flag("aisbench.csv")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


Table = dict[str, dict[str, tuple[int, list[str]]]]


def csv_table(src: Source) -> tuple[dict[str, int], Table]:
    """The CSV's columns (header -> index) and its rows by stage and metric: (line, cells)."""
    rows = [(line, row) for line, row in (src.csv_rows or []) if any(c.strip() for c in row)]
    header = [c.strip() for c in rows[0][1]]
    cols = {h: i for i, h in enumerate(header)}
    by_stage: Table = {}
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise src.error(_("expected {n} cells like the header, got {got}").format(n=len(header), got=len(row)),
                            line=line)
        by_stage.setdefault(row[1].strip(), {})[row[0].strip()] = (line, row)
    return cols, by_stage


def fill_from_csv(d: RunDraft, src: Source, cols: dict[str, int], metrics: dict[str, tuple[int, list[str]]]) -> None:
    """The latency statistics, token lengths and completed requests of one stage's rows."""

    def cell(metric: str, column: str) -> Node:
        line, row = metrics[metric]
        return Node(row[cols[column]], src, f"{metric} / {column}", line)

    for metric, norm in LATENCY.items():
        if metric not in metrics:
            continue
        for column, stat in STAT_COLUMNS:
            if column in cols and d[f"{norm}_{stat}"] is None:
                d.set(**{f"{norm}_{stat}": cell_value(cell(metric, column), kind="time")})
    for metric, norm in (("InputTokens", "input_tokens"), ("OutputTokens", "output_tokens")):
        if metric in metrics and "Average" in cols:
            d.set(**{norm: cell_value(cell(metric, "Average"), kind="count")})
    if "E2EL" in metrics and "N" in cols:
        d.set(completed=cell(metric="E2EL", column="N").count())
    if "OutputTokenThroughput" in metrics:
        d.flag("aisbench.per_request_speed")


_JSON_KEYS = ("Benchmark Duration", "Total Requests", "Request Throughput", "Output Token Throughput")


class AisbenchJson(Importer):
    tool = "aisbench"
    description = N_("AISBench performances/<dataset>.json (throughput and counts per stage, units in the values)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, dict) and all(isinstance(v.get(k), dict) for k in _JSON_KEYS)
                and isinstance(v.get("Max Concurrency", v.get("Concurrency")), dict))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, src.json)
        d = RunDraft(self.tool, tool_version="ais_bench (performance JSON; version not in the file)")
        stage = _choose_stage(src, d, json_stages(r))
        fill_from_json(d, r, stage)
        d.flag("aisbench.json")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


def json_stages(r: Node) -> list[str]:
    """The stages the JSON holds (those of its Benchmark Duration)."""
    return list(r["Benchmark Duration"].obj())


def fill_from_json(d: RunDraft, r: Node, stage: str) -> None:
    """Throughput, request counts, duration, the load and mean token lengths of one stage."""

    def value(key: str, kind: str) -> float | None:
        return cell_value(r[key][stage], kind=kind) if isinstance(r[key].value, dict) and r[key].has(stage) else None

    duration_ms = value("Benchmark Duration", "time")
    d.set(duration_s=duration_ms / 1000.0 if duration_ms is not None else None,
          request_throughput_rps=value("Request Throughput", "rate"),
          output_throughput_tps=value("Output Token Throughput", "rate"),
          total_throughput_tps=value("Total Token Throughput", "rate"))
    total, failed, ok = (r[k][stage].count() if isinstance(r[k].value, dict) else None
                         for k in ("Total Requests", "Failed Requests", "Success Requests"))
    d.set(num_requests=total, failed=failed, completed=ok)
    max_conc = value("Max Concurrency", "count")
    d.set(concurrency=max_conc)
    observed = value("Concurrency", "count")
    if observed is not None:
        d.flag("aisbench.observed_concurrency", observed=observed)
    tokens_in, tokens_out = value("Total Input Tokens", "count"), value("Total Generated Tokens", "count")
    if ok:
        d.own_or_derived("input_tokens", d["input_tokens"], tokens_in / ok if tokens_in is not None else None,
                         "Total Input Tokens / Success Requests")
        d.own_or_derived("output_tokens", d["output_tokens"], tokens_out / ok if tokens_out is not None else None,
                         "Total Generated Tokens / Success Requests")


def parse_pair(csv_src: Source, json_src: Source) -> Parsed:
    """One run from its two files: the CSV's latency statistics and token lengths and the JSON's
    throughput, request counts, duration and load, of the stage both hold (stable preferred). The
    two must be of one run: a stage in common, and the CSV's request count (``E2EL`` ``N``, the
    stage's successful requests) the JSON's ``Success Requests``; otherwise an error names both."""
    cols, by_stage = csv_table(csv_src)
    r = root(json_src, json_src.json)
    in_json = json_stages(r)
    common = [s for s in by_stage if s in in_json]
    if not common:
        raise csv_src.error(_("holds the stages {csv} and {other} the stages {json}: no stage in common, so they "
                              "are not one run").format(csv=", ".join(by_stage) or "-", other=json_src.name,
                                                        json=", ".join(in_json) or "-"))
    d = RunDraft("aisbench", tool_version="ais_bench (performance CSV and JSON joined; version not in the files)")
    stage = _choose_stage(csv_src, d, common, [*by_stage, *in_json])
    fill_from_csv(d, csv_src, cols, by_stage[stage])
    in_csv = d["completed"]
    ok = r["Success Requests"][stage].count() if isinstance(r["Success Requests"].value, dict) and \
        r["Success Requests"].has(stage) else None
    if in_csv is not None and ok is not None and in_csv != ok:
        raise csv_src.error(_("{n} successful requests in the {stage} stage (E2EL, N), but {other} says {m} (Success "
                              "Requests): the two files are not of one run").format(n=in_csv, stage=stage,
                                                                                     other=json_src.name, m=ok),
                            path="E2EL / N")
    fill_from_json(d, r, stage)
    d.flag("aisbench.joined", csv=csv_src.name, json=json_src.name)
    return Parsed(runs=[d.build()], tool_version=d["tool_version"])
