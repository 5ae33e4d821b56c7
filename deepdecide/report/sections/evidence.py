"""Benchmark evidence: the runs per option (as the Assessment attributes them), charts and data quality."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from deepdecide.domain import presentation as look
from deepdecide.domain.evidence import BenchmarkRun
from deepdecide.domain.formatting import DASH, number
from deepdecide.report import charts
from deepdecide.report.sections.base import BODY_W, Context, h1, h2, num, platform_name, runtime_name
from deepdecide.report.styles import bullets, para, table


def evidence(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Benchmark evidence", "evidence")
    runs = ws.evidence.runs
    if not runs:
        out.append(para("No benchmark runs have been imported: no option's performance is evidenced."))
        return out
    attribution = ctx.assessment.runs
    # how each run fits the workload: proxies and runs that count for nothing are their own, labelled series
    fit_of = {(x.file_index, x.index): x for x in ctx.assessment.evidence_fit if x.item == "run"}
    run_fit = [fit_of.get((fi, ri)) for fi, f in enumerate(ws.evidence.files) for ri in range(len(f.runs))]

    def suffix(k: int) -> str:
        x = run_fit[k]
        if x is None:
            return ""
        return " (proxy)" if x.applicability.value == "proxy" else "" if x.counts_for else " (does not count)"

    def fit_cell(k: int) -> str:
        x = run_fit[k]
        if x is None:
            return DASH
        if x.applicability.value == "proxy":
            return "proxy"
        return x.applicability.value if x.counts_for else f"{x.applicability.value}, not counted"

    groups: dict[str, list[BenchmarkRun]] = defaultdict(list)
    for k, (run, att) in enumerate(zip(runs, attribution, strict=True)):
        groups[att.group + suffix(k)].append(run)
    kinds = {id(r): look.provenance_kind(f) for f in ws.evidence.files for r in f.runs}

    def style(rs: list[BenchmarkRun]) -> dict[str, Any]:
        return {"color": look.group_color(ws, rs[0].runtime, rs[0].platform),
                "filled": look.filled(kinds.get(id(r)) for r in rs)}
    series = []
    for label, rs in groups.items():
        pts = [(r.interactivity_tps_per_user, r.output_tps_per_gpu) for r in rs
               if r.interactivity_tps_per_user is not None and r.output_tps_per_gpu is not None]
        if pts:
            series.append(charts.Series(label, pts, front=True, **style(rs)))
    markers = []
    if ws.slo.min_interactivity_tps_per_user:
        markers.append(charts.Marker(ws.slo.min_interactivity_tps_per_user,
                                     f"SLO ≥ {number(ws.slo.min_interactivity_tps_per_user)} tok/s/user"))
    if series:
        out.append(charts.figure(
            charts.xy_chart(series, x_label="interactivity (tok/s per user, 1000 / TPOT p50)",
                            y_label="output tok/s per GPU", markers=markers, width=BODY_W,
                            title="Throughput per GPU against interactivity, per option (each point one run)"),
            "Points to the right of the SLO line serve users fast enough; higher is more output per GPU; the "
            "line joins each option's Pareto front (no other run of it is better on both axes). Runs are plotted "
            "only on the platform they were measured on. Units: tokens per second.",
            charts.illustrative_note(series)))
    sweep = []
    for label, rs in groups.items():
        pts = [(r.concurrency, r.output_tps_per_gpu) for r in rs
               if r.concurrency and r.concurrency > 0 and r.output_tps_per_gpu is not None]
        if pts:
            sweep.append(charts.Series(label, pts, **style(rs)))
    if sweep:
        out.append(charts.figure(
            charts.xy_chart(sweep, x_label="concurrency (requests in flight, log scale)",
                            y_label="output tok/s per GPU", width=BODY_W, x_log=2,
                            title="Throughput per GPU along each concurrency sweep (each point one run)"),
            "Throughput alone says nothing about latency: a run counts towards capacity only where it meets "
            "the SLO (TTFT, TPOT, error rate). Units: output tokens per second per GPU.",
            charts.illustrative_note(sweep)))
    rows = []
    legend = []
    n = 0
    for i, f in enumerate(ws.evidence.files, start=1):
        first, n = n, n + len(f.runs)
        if not f.runs:
            continue
        ref = f"F{i}"
        p = f.provenance
        legend.append(f"{ref}: {p.file_name} ({p.tool} {p.tool_version}".rstrip() + ")"
                      + f" — {p.kind.text}" + (f": {p.label}" if p.label else "")
                      + (f"; proxy accepted: {f.proxy.reason}" if f.proxy else ""))
        for k, r in enumerate(f.runs):
            rows.append([attribution[first + k].group, ref, fit_cell(first + k), num(r.gpu_count),
                         num(r.concurrency), num(r.output_throughput_tps), num(r.output_tps_per_gpu),
                         num(r.ttft_ms_p99), num(r.tpot_ms_p50), num(r.tpot_ms_p99),
                         num(r.interactivity_tps_per_user)])
    out.append(Spacer(1, 3 * mm))
    out.append(table(["Option", "File", "Fits the workload", "GPUs", "Conc.", "Out tok/s", "tok/s/GPU",
                      "TTFT p99 ms", "TPOT p50 ms", "TPOT p99 ms", "tok/s/user"], rows,
                     [30 * mm, 9 * mm, 24 * mm, 10 * mm, 11 * mm, 15 * mm, 15 * mm, 15 * mm, 15 * mm, 15 * mm,
                      13 * mm], numeric=tuple(range(3, 11))))
    out.append(para("Files:", "small"))
    out += [para(line, "small") for line in legend]
    flags = []
    for i, f in enumerate(ws.evidence.files, start=1):
        notes: dict[str, list[str]] = {}
        for r in f.runs:
            where = f"conc. {r.concurrency:g}" if r.concurrency is not None else (r.label or "run")
            for q in (*r.quality_flags, *([f"missing {', '.join(r.missing_context)}"] if r.missing_context else [])):
                notes.setdefault(q, []).append(where)
        for q, wheres in notes.items():
            scope = "all runs" if len(wheres) == len(f.runs) else ", ".join(wheres)
            flags.append(f"F{i} ({scope}): {q}")
    if flags:
        out += h2("Data-quality notes", "evidence-quality")
        out += bullets(flags)
    if ws.evidence.builds:
        out += h2("Build attestations (the code compiles; nothing more)", "builds")
        rows = [[runtime_name(ws, b.runtime), platform_name(ws, b.platform), b.date, b.by or DASH,
                 b.log_sha256 or DASH, b.notes or DASH] for b in ws.evidence.builds]
        out.append(table(["Runtime", "Platform", "Date", "By", "Log SHA-256", "Notes"], rows,
                         [22 * mm, 22 * mm, 18 * mm, 26 * mm, 44 * mm, 42 * mm], notes=(5,)))
    return out
