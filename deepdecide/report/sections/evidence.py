"""Benchmark evidence: the runs per option (as the Assessment attributes them), charts and data quality."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.evidence import BenchmarkRun, EnergyBasis
from deepdecide.domain.formatting import DASH, number
from deepdecide.domain.i18n import _, ngettext
from deepdecide.domain.messages import run_field_words
from deepdecide.domain.slo import INTERACTIVITY
from deepdecide.domain.vocabulary import file_tool, run_label_text
from deepdecide.domain.workspace import Workspace
from deepdecide.report import charts, evidence_files, predictions
from deepdecide.report.evidence_files import EVIDENCE_CSV_NAME, summarised
from deepdecide.report.sections.base import (
    BODY_W,
    Context,
    file_refs,
    h1,
    h2,
    num,
    platform_name,
    runtime_name,
)
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import bullets, para, table
from deepdecide.report.words import text, word

DENSE_RUNS = 100  # more runs than this: the runs table is set dense (smaller type, less padding)


def _tokens_per_joule(r: BenchmarkRun) -> str:
    """Output tokens per joule of a run that measured its energy ("node" when metered at the wall)."""
    value = r.output_tokens_per_joule
    if value is None:
        return DASH
    text_value = number(value)
    return _("{value} (node)").format(value=text_value) if r.energy_basis == EnergyBasis.NODE else text_value


def _label_words(label: str) -> str:
    """A run's label where a note names its run: our words in the language ("case on"), a file's own
    words quoted as the file writes them (an MLPerf row's "NeuralMagic ... Offline: 822.557 Samples/s")."""
    shown = run_label_text(label)
    return shown if shown != label else formatting.quoted(label)


def evidence(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1(title("evidence"), "evidence")
    runs = ws.evidence.runs
    if not runs:
        out.append(para(_("No benchmark runs have been imported: no option's performance is evidenced.")))
        return out
    attribution = ctx.assessment.runs
    # how each run fits the workload: proxies and runs that count for nothing are their own, labelled series
    fit_of = {(x.file_index, x.index): x for x in ctx.assessment.evidence_fit if x.item == "run"}
    run_fit = [fit_of.get((fi, ri)) for fi, f in enumerate(ws.evidence.files) for ri in range(len(f.runs))]

    def suffix(k: int) -> str:
        x = run_fit[k]
        if x is None:
            return ""
        return (_("{group} (excluded: fails parity)") if x.excluded else
                _("{group} (predicted)") if x.kind == "predicted" and x.counts_for else
                _("{group} (proxy)") if x.applicability.value == "proxy" else
                "{group}" if x.counts_for else _("{group} (does not count)"))

    groups: dict[str, list[BenchmarkRun]] = defaultdict(list)
    for k, (run, att) in enumerate(zip(runs, attribution, strict=True)):
        groups[suffix(k).format(group=text(att.group)) if suffix(k) else text(att.group)].append(run)
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
    # the line of each limit the SLO sets on the chart's x axis, the runs' own interactivity (domain.slo)
    markers = [charts.Marker(value, _(entry.line).format(value=number(value))) for entry, value in ws.slo.active()
               if entry.reads == INTERACTIVITY[0]]
    if series:
        out.append(charts.figure(
            charts.xy_chart(series, x_label=_("interactivity (tok/s per user, 1000 / TPOT p50)"),
                            y_label=_("output tok/s per GPU"), markers=markers, width=BODY_W,
                            title=_("Throughput per GPU against interactivity, per option (each point one run)")),
            _("Points to the right of the SLO line serve users fast enough; higher is more output per GPU; the "
              "line joins each option's Pareto front (no other run of it is better on both axes). Runs are plotted "
              "only on the platform they were measured on. Units: tokens per second."),
            charts.illustrative_note(series)))
    sweep = []
    for label, rs in groups.items():
        pts = [(r.concurrency, r.output_tps_per_gpu) for r in rs
               if r.concurrency and r.concurrency > 0 and r.output_tps_per_gpu is not None]
        if pts:
            sweep.append(charts.Series(label, pts, **style(rs)))
    if sweep:
        out.append(charts.figure(
            charts.xy_chart(sweep, x_label=_("concurrency (requests in flight, log scale)"),
                            y_label=_("output tok/s per GPU"), width=BODY_W, x_log=2,
                            title=_("Throughput per GPU along each concurrency sweep (each point one run)")),
            _("Throughput alone says nothing about latency: a run counts towards capacity only where it meets "
              "the SLO (TTFT, TPOT, error rate). Units: output tokens per second per GPU."),
            charts.illustrative_note(sweep)))
    if summarised(ws):
        out += _summary(ctx, run_fit)
        out += predictions.section(ws, ctx.assessment, h2, BODY_W)
        out += _builds(ws)
        return out
    rows = []
    energy = any(r.output_tokens_per_joule is not None for r in runs)
    # the files' legend: a file alone names itself; files of one tool, kind and label (a sweep) share a
    # line, their names are in the appendix
    legend: dict[str, list[int]] = {}
    n = 0
    for i, f in enumerate(ws.evidence.files, start=1):
        first, n = n, n + len(f.runs)
        if not f.runs:
            continue
        ref = f"F{i}"
        p = f.provenance
        what = _("({tool}) — {kind}").format(tool=file_tool(p.tool, p.tool_version),
                                            kind=word(p.kind) + (f": {p.label}" if p.label else ""))
        if f.proxy:
            what = _("{line}; proxy accepted: {reason}").format(line=what, reason=f.proxy.reason)
        legend.setdefault(what, []).append(i)
        for k, r in enumerate(f.runs):
            x = run_fit[first + k]
            row = [text(attribution[first + k].group), ref, predictions.fit_text(x), num(r.gpu_count),
                   num(r.concurrency), num(r.output_throughput_tps), num(r.output_tps_per_gpu),
                   num(r.ttft_ms_p99), num(r.tpot_ms_p50), num(r.tpot_ms_p99),
                   num(r.interactivity_tps_per_user)]
            if energy:
                row.append(_tokens_per_joule(r))
            numeric = tuple(range(3, len(row)))
            rows.append(predictions.struck(row, numeric) if x is not None and x.excluded else row)
    out.append(Spacer(1, 3 * mm))
    header = [_("Option"), _("File"), _("Fits the workload"), _("GPUs"), _("Conc."), _("Out tok/s"),
              _("tok/s/GPU"), _("TTFT p99 ms"), _("TPOT p50 ms"), _("TPOT p99 ms"), _("tok/s/user")]
    widths = [30 * mm, 9 * mm, 24 * mm, 10 * mm, 11 * mm, 15 * mm, 15 * mm, 15 * mm, 15 * mm, 15 * mm, 13 * mm]
    if energy:  # where a file measured energy: output tokens per joule (the columns give up the room)
        header.append(_("Out tok/J"))
        widths = [27 * mm, 9 * mm, 21 * mm, 10 * mm, 11 * mm, 13 * mm, 15 * mm, 13 * mm, 13 * mm, 15 * mm, 13 * mm,
                  12 * mm]
    out.append(table(header, rows, widths, numeric=tuple(range(3, len(header))), dense=len(rows) > DENSE_RUNS))
    if energy:
        out.append(para(_("Out tok/J: output tokens per joule as the file measured it (1 / the run's whole energy per "
                          "output token); metered on the GPUs only, or on the whole node where marked \"node\"."),
                        "small"))
    out.append(para(_("Files:"), "small"))
    names = {i: f.provenance.file_name for i, f in enumerate(ws.evidence.files, start=1)}
    for what, numbers in legend.items():
        if len(numbers) == 1:
            out.append(para(f"F{numbers[0]}: {names[numbers[0]]} {what}", "small"))
        else:
            out.append(para(_("{refs}: {files} {what} (names and hashes in the appendix)").format(
                refs=file_refs(numbers), files=formatting.count(len(numbers), "file"), what=what), "small"))
    excluded = sorted({x.excluded for x in run_fit if x is not None and x.excluded})
    if excluded:
        out += bullets([_("Struck-through runs: {why}").format(why=text(why)) for why in excluded])
    out += predictions.section(ws, ctx.assessment, h2, BODY_W)
    out += predictions.reproductions(ws, ctx.assessment, h2, BODY_W)
    # one note per text and scope: the same note of many files (a sweep) is one line naming them all
    flags: dict[tuple[str, str], list[int]] = {}
    for i, f in enumerate(ws.evidence.files, start=1):
        notes: dict[str, list[str]] = {}
        for r in f.runs:
            where = (_("conc. {n}").format(n=formatting.localized(f"{r.concurrency:g}")) if r.concurrency is not None
                     else (_label_words(r.label) or _("run")))
            missing = ([_("missing {what}").format(what=", ".join(map(run_field_words, r.missing_context)))] if r.missing_context else [])
            for q in (*(text(x) for x in r.quality_flags), *missing):
                notes.setdefault(q, []).append(where)
        for q, wheres in notes.items():
            scope = _("all runs") if len(wheres) == len(f.runs) else ", ".join(wheres)
            flags.setdefault((q, scope), []).append(i)
    if flags:
        out += h2(_("Data-quality notes"), "evidence-quality")
        out += bullets([f"{file_refs(numbers)} ({scope}): {q}" for (q, scope), numbers in flags.items()])
    out += _builds(ws)
    return out


def _builds(ws: Workspace) -> list[Flowable]:
    out: list[Flowable] = []
    if ws.evidence.builds:
        out += h2(_("Build attestations (the code compiles; nothing more)"), "builds")
        rows = [[runtime_name(ws, b.runtime), platform_name(ws, b.platform), b.date, b.by or DASH,
                 b.log_sha256 or DASH, b.notes or DASH] for b in ws.evidence.builds]
        out.append(table([_("Runtime"), _("Platform"), _("Date"), _("By"), _("Log SHA-256"), _("Notes")], rows,
                         [22 * mm, 22 * mm, 18 * mm, 26 * mm, 44 * mm, 42 * mm], notes=(5,)))
    return out


def _configuration(r: BenchmarkRun) -> str:
    """A run's server configuration in a few words: GPUs, parallelism, DP-attention, speculative decoding,
    disaggregation (what it states)."""
    parts = [_("{n} GPUs").format(n=r.gpu_count) if r.gpu_count is not None else _("GPUs not stated")]
    parts += [f"{name}{value}" for name, value in (("TP", r.tensor_parallel), ("EP", r.expert_parallel),
                                                   ("PP", r.pipeline_parallel)) if value is not None]
    if r.dp_attention:
        parts.append("DP-attention")
    if r.speculative_decoding and r.speculative_decoding != "none":
        parts.append(r.speculative_decoding)
    if r.disaggregated:
        parts.append(_("disaggregated"))
    return ", ".join(parts)


def _runs(n: int) -> str:
    return ngettext("{n} run", "{n} runs", n).format(n=formatting.integer(n))


def _summary(ctx: Context, run_fit: list[Any]) -> list[Flowable]:
    """The runs summarised per option, configuration and sweep (a page count that does not grow with the
    number of files): files, runs, runs that count, the best throughput per GPU and its concurrency;
    the data-quality notes counted per note. The files' names and SHA-256 are in the attached CSV."""
    ws = ctx.ws
    attribution = ctx.assessment.runs
    groups: dict[tuple[str, str, str], dict[str, Any]] = {}
    notes: dict[str, list[int]] = {}
    k = 0
    for i, f in enumerate(ws.evidence.files, start=1):
        p = f.provenance
        sweep = _("{tool} — {kind}").format(tool=file_tool(p.tool, p.tool_version),
                                           kind=word(p.kind) + (f": {p.label}" if p.label else ""))
        for r in f.runs:
            x = run_fit[k]
            g = groups.setdefault((text(attribution[k].group), _configuration(r), sweep),
                                  {"files": set(), "runs": 0, "count": 0, "best": None, "at": None})
            k += 1
            g["files"].add(i)
            g["runs"] += 1
            counts = x is not None and x.counts_for and not x.excluded
            g["count"] += 1 if counts else 0
            if r.output_tps_per_gpu is not None and (g["best"] is None or r.output_tps_per_gpu > g["best"]):
                g["best"], g["at"] = r.output_tps_per_gpu, r.concurrency
            for q in (*(text(flag) for flag in r.quality_flags),
                      *([_("missing {what}").format(what=", ".join(map(run_field_words, r.missing_context)))] if r.missing_context else [])):
                notes.setdefault(q, []).append(i)
    out: list[Flowable] = [Spacer(1, 3 * mm), para(_(
        "{files} and {runs}: more than {limit} files, so the runs are summarised per option, server configuration "
        "and sweep rather than listed one by one. The files' names, sizes and SHA-256 are in the CSV attached to "
        "this record ({csv}); every run is in the embedded inputs and in the spreadsheet export "
        "(deepdecide export --evidence).").format(
            files=formatting.count(len(ws.evidence.files), "file"), runs=_runs(len(ws.evidence.runs)),
            limit=formatting.integer(evidence_files.SUMMARY_FILES), csv=EVIDENCE_CSV_NAME))]
    rows = [[option, config, sweep, formatting.integer(len(g["files"])), formatting.integer(g["runs"]),
             formatting.integer(g["count"]), num(g["best"]), num(g["at"])]
            for (option, config, sweep), g in groups.items()]
    out.append(table([_("Option"), _("Configuration"), _("Sweep (tool — kind)"), _("Files"), _("Runs"),
                      _("Count"), _("Best tok/s/GPU"), _("at conc.")], rows,
                     [30 * mm, 32 * mm, 44 * mm, 12 * mm, 12 * mm, 12 * mm, 18 * mm, 14 * mm],
                     numeric=(3, 4, 5, 6, 7), dense=len(rows) > DENSE_RUNS, notes=(2,)))
    out.append(para(_("Count: runs that count towards the option (they fit the workload, or are an accepted proxy, "
                      "and no failed parity check excludes them)."), "small"))
    if notes:
        out += h2(_("Data-quality notes"), "evidence-quality")
        out += bullets([_("{note}: {runs} in {files}").format(
            note=q, runs=_runs(len(where)), files=formatting.count(len(set(where)), "file"))
            for q, where in notes.items()])
    return out
