"""Sections of the decision record that need only the workspace (no assessment).

Each function takes the build context and returns flowables. Wording follows the seed's rules:
official support is read for the exact platform, and "not listed" is experimental.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Spacer

from deepdecide.domain import formatting as fmt
from deepdecide.domain import presentation as look
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import BenchmarkRun, Verdict
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.workspace import Answer, Option, Vote, Workspace
from deepdecide.report import charts
from deepdecide.report.styles import BAD, GOOD, WARN, bullets, esc, para, table

BODY_W = 174 * mm  # A4 width minus margins


@dataclass(frozen=True)
class Context:
    ws: Workspace
    inputs_sha256: str
    sections: tuple[str, ...]
    assessment: Any = None
    generator: str = ""


class Heading(Flowable):
    """A section heading that also makes a PDF outline (bookmark) entry."""

    def __init__(self, text: str, key: str, level: int = 0):
        super().__init__()
        self.text = text
        self.key = key
        self.level = level
        self._para = para(text, "h1" if level == 0 else "h2")

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        w, h = self._para.wrap(aw, ah)
        self.width, self.height = w, h
        return w, h

    def getSpaceBefore(self) -> float:  # noqa: N802 - reportlab API
        return self._para.getSpaceBefore()

    def getSpaceAfter(self) -> float:  # noqa: N802 - reportlab API
        return self._para.getSpaceAfter()

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.text, self.key, level=self.level, closed=False)
        self._para.drawOn(self.canv, 0, 0)


def h1(text: str, key: str) -> list[Flowable]:
    return [CondPageBreak(60 * mm), Heading(text, key, 0)]


def h2(text: str, key: str) -> list[Flowable]:
    return [CondPageBreak(35 * mm), Heading(text, key, 1)]


# ---------------------------------------------------------------------------------------------
# formatting


def num(v: float | None, digits: int = 0, unit: str = "") -> str:
    if v is None:
        return "–"
    text = f"{v:,.{digits}f}"
    return f"{text} {unit}".strip()


def est(e: Estimate | None, digits: int = 0, unit: str = "") -> str:
    """A three-point estimate as "likely (low–high)"."""
    if e is None:
        return "–"
    if e.is_exact:
        return num(e.likely, digits, unit)
    return f"{num(e.likely, digits)} ({num(e.low, digits)}–{num(e.high, digits)}) {unit}".strip()


def runtime_name(ws: Workspace, rid: str) -> str:
    r = ws.matrix.runtime(rid)
    return r.name if r else rid


def platform_name(ws: Workspace, pid: str) -> str:
    p = ws.matrix.resolve_platform(pid)
    return p.name if p else pid


def support_label(ws: Workspace, option: Option) -> str:
    status = ws.matrix.status(option.runtime, option.platform)
    if status == SupportStatus.OFFICIAL:
        return "official"
    if status == SupportStatus.UNDOCUMENTED:
        return "experimental (not on the official list)"
    return f"experimental ({status.value})"


def option_label(ws: Workspace, oid: str) -> str:
    o = ws.option(oid)
    return o.name if o else oid


def _option_for_run(ws: Workspace, run: BenchmarkRun) -> str:
    pid = ws.matrix.platform_id(run.platform)
    for o in ws.options:
        if o.runtime == run.runtime and o.platform == pid:
            return o.name
    return f"{runtime_name(ws, run.runtime)} on {platform_name(ws, run.platform)}"


# ---------------------------------------------------------------------------------------------
# sections


def cover(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out: list[Flowable] = [Spacer(1, 18 * mm), para("DECISION RECORD", "small"),
                           para(f"{d.id}: {d.title}", "title"),
                           para(f"{ws.model} · {ws.name}", "subtitle")]
    rows = [
        ["Decision id", d.id],
        ["Status", d.status.value + (f" (supersedes {d.supersedes})" if d.supersedes else "")
         + (f" (superseded by {d.superseded_by})" if d.superseded_by else "")],
        ["Date (last updated)", d.date or "undated"],
        ["Evidence cut-off", d.evidence_cutoff or "not stated"],
        ["Decision-makers", ", ".join(d.decision_makers) or "not named"],
        ["Consulted", ", ".join(d.consulted) or "–"],
        ["Informed", ", ".join(d.informed) or "–"],
        ["Chosen option", option_label(ws, d.chosen_option) if d.chosen_option else "not yet chosen"],
        ["Inputs SHA-256", ctx.inputs_sha256],
    ]
    out.append(table_without_header(rows, [45 * mm, BODY_W - 45 * mm]))
    out.append(Spacer(1, 8 * mm))
    out.append(para(
        "<b>How to check this record.</b> The workspace this record was built from travels inside the PDF as the "
        "attachment <i>deepdecide-inputs.json</i>; its SHA-256 is printed above and in every page footer. "
        "<font name='DDVera'>deepdecide verify FILE.pdf</font> rebuilds the record from that attachment and compares "
        "the bytes, so a change to any text, table, chart or attachment is detected; a digital signature, if present, "
        "is an incremental update over exactly this record and is validated too.", "callout", markup=True))
    out.append(para("Contents", "h2"))
    out.extend(bullets([TITLES[s] for s in ctx.sections if s != "cover"]))
    out.append(Spacer(1, 6 * mm))
    out.append(para(f"Built by {ctx.generator}. Dates in this record come from the workspace, not from the "
                    "time of printing, so the same workspace always gives the same file.", "small"))
    out.append(PageBreak())
    return out


def table_without_header(rows: list[list[str]], widths: list[float]) -> Flowable:
    from reportlab.platypus import Table, TableStyle

    from deepdecide.report.styles import HEADER_BG, RULE

    data = [[para(k, "head"), para(v, "cell")] for k, v in rows]
    t = Table(data, colWidths=widths, hAlign="LEFT")
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), "DDVera"),
        ("BACKGROUND", (0, 0), (0, -1), HEADER_BG),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return t


def context(ctx: Context) -> list[Flowable]:
    ws, d = ctx.ws, ctx.ws.decision
    out = h1("Context and decision drivers", "context")
    if d.context:
        out.append(para(d.context))
    if ws.description and ws.description != d.context:
        out.append(para(ws.description))
    if d.drivers:
        out += h2("Decision drivers", "drivers")
        out += bullets(d.drivers)
    out += h2("Service level objective and demand", "slo")
    slo, dem = ws.slo, ws.demand
    rows = [
        ["TTFT p99", num(slo.ttft_p99_ms, 0, "ms") if slo.ttft_p99_ms else "not set"],
        ["TPOT p99", num(slo.tpot_p99_ms, 0, "ms") if slo.tpot_p99_ms else "not set"],
        ["Minimum interactivity", num(slo.min_interactivity_tps_per_user, 1, "tok/s per user")
         if slo.min_interactivity_tps_per_user else "not set"],
        ["Maximum error rate", f"{slo.max_error_rate * 100:g} %" if slo.max_error_rate is not None else "not set"],
        ["Peak demand (output)", num(dem.output_tokens_per_s, 0, "tok/s") if dem.output_tokens_per_s else
         (f"{num(dem.requests_per_s, 1)} req/s × {num(dem.output_tokens, 0)} output tokens"
          if dem.requests_per_s else "not set")],
    ]
    out.append(table(["Objective", "Value"], rows, [60 * mm, 80 * mm]))
    if ws.criteria:
        out += h2("Criteria and weights", "criteria")
        total = sum(c.weight for c in ws.criteria) or 1.0
        rows = [[c.name, c.metric, c.direction.value, f"{c.weight / total * 100:.0f} %",
                 (f"veto below {c.knockout_threshold:g}" if c.knockout_threshold is not None else "veto")
                 if c.knockout else "–"] for c in ws.criteria]
        out.append(table(["Criterion", "Metric", "Direction", "Weight", "Knock-out"], rows,
                         [55 * mm, 45 * mm, 22 * mm, 18 * mm, 34 * mm], numeric=(3,)))
        out.append(para("Weights are normalised to 100 %. A knock-out criterion removes an option that fails it, "
                        "whatever its score.", "small"))
    if ws.required_parity:
        out.append(para("Parity checks every option must pass before its results count: "
                        + ", ".join(k.value for k in ws.required_parity) + "."))
    return out


def options(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Options compared", "options")
    considered = set(ws.decision.considered_options) or {o.id for o in ws.options}
    rows = []
    short = look.short_labels(ws)
    for o in ws.options:
        mark = " (chosen)" if o.id == ws.decision.chosen_option else ""
        # the short label the figures and narrow tables use, under the full name
        name = para(f"{esc(o.name + mark)}<br/><font size=\"6.5\" color=\"#5b6470\">{esc(short[o.id])}</font>", "cell",
                    markup=True)
        rows.append([name, o.strategy.value, runtime_name(ws, o.runtime), platform_name(ws, o.platform),
                     support_label(ws, o), o.topology.description or f"{o.topology.gpus_per_node} GPUs per node",
                     o.cost.pricing.value + ("" if o.id in considered else "; not considered")])
    status_col = []
    for i, o in enumerate(ws.options, start=1):
        color = GOOD if ws.matrix.status(o.runtime, o.platform) == SupportStatus.OFFICIAL else WARN
        status_col.append(("TEXTCOLOR", (4, i), (4, i), color))
    out.append(table(["Option", "Strategy", "Runtime", "Platform", "Official support", "Topology", "Pricing"], rows,
                     [34 * mm, 17 * mm, 20 * mm, 20 * mm, 30 * mm, 35 * mm, 18 * mm], extra=status_col, notes=(5,)))
    out.append(para("Official support is read from the support matrix for the exact runtime and platform. A platform "
                    "the runtime does not list is experimental, whatever the evidence says; reference topologies are "
                    "measurements on the hardware they name and are never scaled to another platform.", "small"))
    notes = [f"{o.name}: {o.notes}" for o in ws.options if o.notes]
    if notes:
        out += bullets(notes)
    return out


def matrix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Support matrix (excerpt)", "matrix")
    out.append(para(f"The cell of each option's exact runtime and platform; the matrix is as of "
                    f"{ws.matrix.as_of or 'an unstated date'}. Each cell cites its sources with their own as-of dates."))
    cells = []
    seen = set()
    for o in ws.options:
        if (o.runtime, o.platform) not in seen:
            seen.add((o.runtime, o.platform))
            cells.append((o.runtime, o.platform))
    rows = []
    extra = []
    for i, (r, p) in enumerate(cells, start=1):
        entry = ws.matrix.entry(r, p)
        status = entry.status if entry else SupportStatus.UNDOCUMENTED
        reqs = "; ".join(f"{q.component.value} {q.spec}" for q in entry.requirements) if entry else ""
        srcs = "\n".join(f"{s.title} ({s.url_or_path}), as of {s.as_of}" for s in entry.sources) if entry else \
            "no cell: nothing found either way"
        rows.append([runtime_name(ws, r), platform_name(ws, p), status.value, reqs or "–",
                     para(esc(srcs).replace("\n", "<br/>"), "cell", markup=True)])
        color = GOOD if status == SupportStatus.OFFICIAL else (BAD if status == SupportStatus.UNSUPPORTED else WARN)
        extra.append(("TEXTCOLOR", (2, i), (2, i), color))
    out.append(table(["Runtime", "Platform", "Status", "Pinned requirements", "Sources (as of)"], rows,
                     [24 * mm, 24 * mm, 24 * mm, 30 * mm, 72 * mm], extra=extra))
    return out


def _run_groups(ws: Workspace, assessment: Any = None) -> dict[str, list[BenchmarkRun]]:
    """Runs by option for the charts; proxies and runs that count for nothing are their own, labelled series."""
    fit_of = {(x.file_index, x.index): x for x in (assessment.evidence_fit if assessment else ()) if x.item == "run"}
    groups: dict[str, list[BenchmarkRun]] = defaultdict(list)
    for fi, f in enumerate(ws.evidence.files):
        for ri, run in enumerate(f.runs):
            x = fit_of.get((fi, ri))
            suffix = "" if x is None else (" (proxy)" if x.applicability.value == "proxy" else
                                           "" if x.counts_for else " (does not count)")
            groups[_option_for_run(ws, run) + suffix].append(run)
    return groups


def evidence(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Benchmark evidence", "evidence")
    runs = ws.evidence.runs
    if not runs:
        out.append(para("No benchmark runs have been imported: no option's performance is evidenced."))
        return out
    groups = _run_groups(ws, ctx.assessment)
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
                                     f"SLO ≥ {fmt.number(ws.slo.min_interactivity_tps_per_user)} tok/s/user"))
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
    fit_of = {(x.file_index, x.index): x for x in (ctx.assessment.evidence_fit if ctx.assessment else ())
              if x.item == "run"}
    for i, f in enumerate(ws.evidence.files, start=1):
        if not f.runs:
            continue
        ref = f"F{i}"
        p = f.provenance
        legend.append(f"{ref}: {p.file_name} ({p.tool} {p.tool_version}".rstrip() + f") — {p.kind.text}"
                      + (f": {p.label}" if p.label else "") + (f"; proxy accepted: {f.proxy.reason}" if f.proxy else ""))
        for j, r in enumerate(f.runs):
            x = fit_of.get((i - 1, j))
            fit = "–" if x is None else ("proxy" if x.applicability.value == "proxy" else
                                         x.applicability.value if x.counts_for else f"{x.applicability.value}, not counted")
            rows.append([_option_for_run(ws, r), ref, fit, num(r.gpu_count), num(r.concurrency, 0),
                         num(r.output_throughput_tps, 0), num(r.output_tps_per_gpu, 0), num(r.ttft_ms_p99, 0),
                         num(r.tpot_ms_p50, 1), num(r.tpot_ms_p99, 1), num(r.interactivity_tps_per_user, 1)])
    out.append(Spacer(1, 3 * mm))
    out.append(table(["Option", "File", "Fits the workload", "GPUs", "Conc.", "Out tok/s", "tok/s/GPU", "TTFT p99 ms",
                      "TPOT p50 ms", "TPOT p99 ms", "tok/s/user"], rows,
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
        rows = [[runtime_name(ws, b.runtime), platform_name(ws, b.platform), b.date, b.by or "–",
                 b.log_sha256 or "–", b.notes or "–"] for b in ws.evidence.builds]
        out.append(table(["Runtime", "Platform", "Date", "By", "Log SHA-256", "Notes"], rows,
                         [22 * mm, 22 * mm, 18 * mm, 26 * mm, 44 * mm, 42 * mm], notes=(5,)))
    return out


def parity(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Parity verdicts", "parity")
    checks = ws.evidence.parity
    out.append(para("Each check compares a runtime's output with a reference runtime under a stated rule. A check "
                    "with too few samples to decide is inconclusive, never a pass."))
    if not checks:
        out.append(para("No parity checks have been imported: correctness is not evidenced for any option."))
    else:
        rows = []
        extra = []
        for i, p in enumerate(checks, start=1):
            rows.append([p.kind.value, f"{runtime_name(ws, p.runtime)} on {platform_name(ws, p.platform)}",
                         f"{runtime_name(ws, p.reference_runtime)} on {platform_name(ws, p.reference_platform)}",
                         f"{p.task} / {p.metric}".strip(" /"), num(p.value, 3), num(p.reference_value, 3),
                         num(p.delta, 3), num(p.n), num(p.stderr, 3), p.tolerance or "no rule stated",
                         p.verdict.value])
            color = {Verdict.PASS: GOOD, Verdict.FAIL: BAD}.get(p.verdict, WARN)
            extra.append(("TEXTCOLOR", (10, i), (10, i), color))
        out.append(table(["Kind", "Runtime", "Reference", "Task / metric", "Value", "Ref.", "Delta", "n", "SE",
                          "Rule", "Verdict"], rows,
                         [18 * mm, 20 * mm, 20 * mm, 20 * mm, 11 * mm, 11 * mm, 11 * mm, 9 * mm, 10 * mm, 28 * mm,
                          16 * mm], numeric=(4, 5, 6, 7, 8), extra=extra))
    if ws.required_parity:
        out += h2("Required checks per option", "parity-required")
        rows = []
        for o in ws.options:
            cells = [o.name]
            for kind in ws.required_parity:
                found = [p for p in checks if p.kind == kind and p.runtime == o.runtime
                         and ws.matrix.platform_id(p.platform) == o.platform]
                if not found:
                    cells.append("no evidence")
                elif any(p.verdict == Verdict.FAIL for p in found):
                    cells.append("fail")
                elif all(p.verdict == Verdict.PASS for p in found):
                    cells.append("pass")
                else:
                    cells.append("inconclusive")
            rows.append(cells)
        kinds = [k.value for k in ws.required_parity]
        w = (BODY_W - 50 * mm) / max(len(kinds), 1)
        out.append(table(["Option", *kinds], rows, [50 * mm] + [w] * len(kinds)))
        out.append(para("An option is its own reference when it is the reference runtime on the same platform "
                        "(\"no evidence\" then means no check was needed or none was run).", "small"))
    return out


def checklist(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Service-gap checklist", "checklist")
    out.append(para("Where each production piece comes from, per option. \"External\" adds its engineering effort "
                    "to the option's migration cost; \"missing\" is a blocker until someone names who builds it."))
    if not ws.checklist:
        out.append(para("The workspace has no checklist items."))
        return out
    answers = {(a.option, a.item): a for a in ws.answers}
    rows = []
    extra = []
    for r, item in enumerate(ws.checklist, start=1):
        row = [item.title]
        for c, o in enumerate(ws.options, start=1):
            a = answers.get((o.id, item.id))
            row.append(a.answer.value if a else "unanswered")
            if a is None or a.answer == Answer.MISSING:
                extra.append(("TEXTCOLOR", (c, r), (c, r), BAD))
            elif a.answer == Answer.EXTERNAL:
                extra.append(("TEXTCOLOR", (c, r), (c, r), WARN))
        rows.append(row)
    w = (BODY_W - 50 * mm) / max(len(ws.options), 1)
    short = look.short_labels(ws)
    out.append(table(["Item", *[short[o.id] for o in ws.options]], rows, [50 * mm] + [w] * len(ws.options),
                     extra=extra))
    out += h2("Owners and effort", "checklist-owners")
    rows = []
    extra = []
    i = 0
    for o in ws.options:
        total = Estimate(0, 0, 0)
        for item in ws.checklist:
            a = answers.get((o.id, item.id))
            if a is None or a.answer == Answer.PROVIDED:
                continue
            i += 1
            owner = a.provider or ("nobody named: blocker" if a.answer == Answer.MISSING else "not named")
            rows.append([o.name, item.title, a.answer.value, owner,
                         est(a.effort_person_weeks, 0) if a.answer == Answer.EXTERNAL else "–", a.notes or "–"])
            if a.answer == Answer.MISSING:
                extra.append(("TEXTCOLOR", (2, i), (3, i), BAD))
            if a.answer == Answer.EXTERNAL:
                e = a.effort_person_weeks
                total = Estimate(total.low + e.low, total.likely + e.likely, total.high + e.high)
        if total.likely:
            i += 1
            rows.append([o.name, "Total external effort", "", "", est(total, 0), "person-weeks"])
            extra.append(("FONTNAME", (0, i), (-1, i), "DDVera-Bold"))
    if rows:
        out.append(table(["Option", "Item", "Answer", "Provider / owner", "Effort pw (range)", "Notes"], rows,
                         [34 * mm, 40 * mm, 16 * mm, 30 * mm, 24 * mm, 30 * mm], extra=extra, notes=(5,)))
    else:
        out.append(para("Every item is provided by every option's runtime."))
    return out


def migration(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Migration plan", "migration")
    if not ws.migration_plan:
        out.append(para("No migration plan has been recorded."))
        return out
    rows = [[str(s.order), s.title, s.status.value, s.owner or "not named", s.notes or "–"]
            for s in sorted(ws.migration_plan, key=lambda s: s.order)]
    out.append(table(["#", "Step", "Status", "Owner", "Notes"], rows,
                     [8 * mm, 78 * mm, 20 * mm, 28 * mm, 40 * mm], numeric=(0,), notes=(4,)))
    if ws.decision.confirmation:
        out += h2("Confirmation", "confirmation")
        out.append(para(ws.decision.confirmation))
    return out


def risks(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    d = ws.decision
    out = h1("Risks and consequences", "risks")
    found: list[tuple[str, str]] = []
    for o in ws.options:
        if ws.matrix.status(o.runtime, o.platform) != SupportStatus.OFFICIAL:
            found.append((o.name, f"{runtime_name(ws, o.runtime)} does not list {platform_name(ws, o.platform)}: "
                                  "an experimental project (runtime failures, wrong results, lost performance)."))
        blockers = [a for a in ws.answers_for(o.id) if a.answer == Answer.MISSING and not a.provider]
        if blockers:
            titles = ", ".join(next((c.title for c in ws.checklist if c.id == a.item), a.item) for a in blockers)
            found.append((o.name, f"blocker: nobody builds {titles} yet."))
        has_runs = any(r.runtime == o.runtime and ws.matrix.platform_id(r.platform) == o.platform
                       for r in ws.evidence.runs)
        if not has_runs:
            found.append((o.name, "no benchmark run on this platform: performance is not evidenced."))
        if o.topology.measured_on and o.topology.measured_on != o.platform:
            found.append((o.name, f"topology measured on {o.topology.measured_on}, not on {o.platform}."))
    rows = [[who, what] for who, what in found]
    if rows:
        out.append(table(["Option", "Risk found in the evidence"], rows, [45 * mm, BODY_W - 45 * mm]))
    if d.consequences_good or d.consequences_bad:
        out += h2("Consequences of the decision", "consequences")
        out += bullets([f"Good: {c}" for c in d.consequences_good] + [f"Bad: {c}" for c in d.consequences_bad])
    if d.revisit_triggers:
        out += h2("Revisit when", "revisit")
        out += bullets(d.revisit_triggers)
    return out


class SignatureLine(Flowable):
    """An empty line to sign on by hand, with the signer's name under it."""

    def __init__(self, name: str, width: float = 70 * mm):
        super().__init__()
        self.name = name
        self.width = width
        self.height = 14 * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        from deepdecide.report import fonts
        from deepdecide.report.styles import GREY

        c = self.canv
        c.setStrokeColor(GREY)
        c.setLineWidth(0.6)
        c.line(0, 5 * mm, self.width, 5 * mm)
        c.setFont(fonts.REGULAR, 6.5)
        c.setFillColor(GREY)
        c.drawString(0, 2 * mm, fonts.safe_text(f"signature: {self.name}"))


def signoff(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = h1("Sign-off", "signoff")
    out.append(para(f"Each signer approves the record identified by decision id {ws.decision.id} and inputs "
                    f"SHA-256 {ctx.inputs_sha256}. Votes against are recorded as dissent, with their conditions."))
    if not ws.signoffs:
        out.append(para("No signers have been recorded."))
        return out
    rows = []
    extra = []
    for i, s in enumerate(ws.signoffs, start=1):
        verdict = s.verdict.value + (" (dissent)" if s.verdict == Vote.REJECT else "")
        rows.append([s.name, s.role, verdict, s.date or "–", s.conditions or "–", SignatureLine(s.name, 40 * mm)])
        color = {Vote.APPROVE: GOOD, Vote.REJECT: BAD}.get(s.verdict, WARN)
        extra.append(("TEXTCOLOR", (2, i), (2, i), color))
    out.append(table(["Name", "Role", "Verdict", "Date", "Conditions", "Signature"], rows,
                     [28 * mm, 30 * mm, 20 * mm, 18 * mm, 36 * mm, 42 * mm], extra=extra))
    counts = defaultdict(int)
    for s in ws.signoffs:
        counts[s.verdict.value] += 1
    out.append(para("Tally: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) + "."))
    return out


def appendix(ctx: Context) -> list[Flowable]:
    ws = ctx.ws
    out = [PageBreak()] + h1("Appendix: evidence files", "appendix")
    files = ws.evidence.files
    if not files:
        out.append(para("No evidence files were imported."))
    else:
        rows = []
        for f in files:
            p = f.provenance
            contents = ", ".join(x for x in (f"{len(f.runs)} runs" if f.runs else "",
                                             f"{len(f.parity)} parity checks" if f.parity else "") if x) or "–"
            rows.append([p.file_name, num(p.size_bytes), f"{p.tool} {p.tool_version}".strip(), p.imported_at or "–",
                         contents, p.label or "–"])
        out.append(table(["File", "Bytes", "Tool and version", "Imported", "Holds", "Label"], rows,
                         [48 * mm, 16 * mm, 30 * mm, 28 * mm, 20 * mm, 32 * mm], numeric=(1,)))
        out.append(Spacer(1, 3 * mm))
        out.append(table(["File", "SHA-256 of the file as imported"],
                         [[f.provenance.file_name, f.provenance.sha256] for f in files],
                         [50 * mm, BODY_W - 50 * mm]))
    out += h2("Metric definitions", "definitions")
    out += bullets([
        "TPOT (time per output token): (e2e − TTFT) / (output tokens − 1) per request, in ms; p50/p99 over requests.",
        "ITL (inter-token latency): the gap between streamed chunks, in ms. It is not TPOT and is never relabelled.",
        "Interactivity: 1000 / TPOT p50, in output tokens per second per user (no prefill).",
        "Output tok/s per GPU: output throughput of the run divided by the GPUs it used.",
        "Cost per million output tokens: fleet cost per hour / (output tokens per hour / 10^6).",
    ])
    out += h2("Files embedded in this PDF", "embedded")
    out.append(para("deepdecide-inputs.json: the canonical workspace (its SHA-256 is in every footer). "
                    "deepdecide-build.json: the sections and the software versions used to build the record."))
    return out


TITLES: dict[str, str] = {
    "cover": "Cover",
    "summary": "Executive summary",
    "context": "Context and decision drivers",
    "options": "Options compared",
    "matrix": "Support matrix (excerpt)",
    "evidence": "Benchmark evidence",
    "parity": "Parity verdicts",
    "checklist": "Service-gap checklist",
    "cost": "Cost and TCO",
    "sensitivity": "Sensitivity and Monte Carlo",
    "migration": "Migration plan",
    "risks": "Risks and consequences",
    "signoff": "Sign-off",
    "appendix": "Appendix: evidence files",
}
