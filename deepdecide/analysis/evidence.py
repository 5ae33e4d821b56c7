"""Evidence levels (builds / correct / performs), the official-support classification and the
service checklist, following the seed's rules (DESIGN.md, "The seed's rules")."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from deepdecide.analysis.assessment import (
    Blocker,
    ChecklistSummary,
    Classification,
    EvidenceFit,
    EvidenceLevels,
    Figure,
    Level,
    TrailItem,
)
from deepdecide.domain.evidence import (
    BenchmarkRun,
    BuildAttestation,
    ParityCheck,
    ParityKind,
    ProvenanceKind,
    Verdict,
)
from deepdecide.domain.matrix import SupportMatrix, SupportStatus
from deepdecide.domain.workspace import SLO, Answer, Option, Workspace

_STATUS_WORDS = {
    SupportStatus.EXPERIMENTAL: "listed as experimental",
    SupportStatus.COMMUNITY: "supported only by a community fork or third party",
    SupportStatus.UNSUPPORTED: "stated as unsupported by a source",
    SupportStatus.UNDOCUMENTED: "not on the official list (undocumented)",
}


@dataclass
class EvidenceIndex:
    """The workspace's evidence grouped by (runtime, platform id), built once per evaluation."""

    matrix: SupportMatrix
    runs: dict[tuple[str, str], list[BenchmarkRun]] = field(default_factory=lambda: defaultdict(list))
    parity: dict[tuple[str, str], list[ParityCheck]] = field(default_factory=lambda: defaultdict(list))
    builds: dict[tuple[str, str], list[BuildAttestation]] = field(default_factory=lambda: defaultdict(list))
    runtime_platforms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    run_platforms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    proxy_runs: dict[tuple[str, str], list[BenchmarkRun]] = field(default_factory=lambda: defaultdict(list))
    predicted_runs: dict[tuple[str, str], list[BenchmarkRun]] = field(default_factory=lambda: defaultdict(list))
    proxy_built: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    fits: list[EvidenceFit] = field(default_factory=list)
    source: dict[int, str] = field(default_factory=dict)  # id(run) -> own, third_party, proxy, predicted
    discount: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # id(run) -> proxy factor
    kinds: dict[int, ProvenanceKind] = field(default_factory=dict)  # id(run) -> its file's provenance kind
    _platform_cache: dict[str, str] = field(default_factory=dict)
    _slo_cache: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def failures(self, run: BenchmarkRun, slo: SLO) -> tuple[str, ...]:
        """slo_failures, computed once per run (the SLO is fixed for one evaluation)."""
        key = id(run)
        got = self._slo_cache.get(key)
        if got is None:
            got = self._slo_cache[key] = slo_failures(run, slo)
        return got

    def kind(self, run: BenchmarkRun) -> ProvenanceKind:
        """Who made the file the run came from (own, third_party, illustrative, predicted)."""
        return self.kinds.get(id(run), ProvenanceKind.OWN)

    def platform_id(self, name: str) -> str:
        """The matrix platform id a run's platform text refers to (ids pass through)."""
        cached = self._platform_cache.get(name)
        if cached is not None:
            return cached
        pid = self.matrix.platform_id(name)
        self._platform_cache[name] = pid
        return pid

    @classmethod
    def build(cls, ws: Workspace) -> EvidenceIndex:
        """Index the evidence that counts: each run and check is judged against the workload
        first (``fits``); only what applies reaches the rungs and the capacity."""
        from deepdecide.analysis.applicability import judge_check, judge_run, resolve

        idx = cls(ws.matrix)
        ev = ws.evidence
        cache = idx._platform_cache
        for fi, f in enumerate(ev.files):
            for ri, r in enumerate(f.runs):
                pid = resolve(ws.matrix, r.platform, cache)
                fit = judge_run(ws, f, fi, ri, r, pid, run_label(r))
                idx.fits.append(fit)
                idx.kinds[id(r)] = f.provenance.kind
                key = (r.runtime, pid)
                if r.runtime and pid:
                    idx.runtime_platforms[r.runtime].add(pid)
                    idx.run_platforms[r.runtime].add(pid)
                if "performs" in fit.counts_for:
                    idx.runs[key].append(r)
                    idx.source[id(r)] = fit.kind
                elif "capacity" in fit.counts_for:
                    if fit.discount is not None:
                        idx.proxy_runs[key].append(r)
                        idx.discount[id(r)] = fit.discount
                        idx.source[id(r)] = "proxy"
                    else:
                        idx.predicted_runs[key].append(r)
                        idx.source[id(r)] = fit.kind
                if "builds" in fit.counts_for and "performs" not in fit.counts_for:
                    idx.proxy_built[key] += 1
            for ci, p in enumerate(f.parity):
                pid = resolve(ws.matrix, p.platform, cache)
                fit = judge_check(ws, f, fi, ci, p, pid)
                idx.fits.append(fit)
                key = (p.runtime, pid)
                if p.runtime and pid:
                    idx.runtime_platforms[p.runtime].add(pid)
                if "correct" in fit.counts_for:
                    idx.parity[key].append(p)
                elif "builds" in fit.counts_for:
                    idx.proxy_built[key] += 1
        for b in ev.builds:
            key = (b.runtime, idx.platform_id(b.platform))
            idx.builds[key].append(b)
            idx.runtime_platforms[b.runtime].add(key[1])
        return idx

    def other_platforms(self, runtime: str, platform: str, *, runs_only: bool = False) -> list[str]:
        """Platforms other than ``platform`` with evidence (or benchmark runs) of ``runtime``."""
        where = self.run_platforms if runs_only else self.runtime_platforms
        return sorted(p for p in where.get(runtime, ()) if p != platform)


# ---------------------------------------------------------------------------------------------
# SLO


def run_label(run: BenchmarkRun) -> str:
    """A short name for a run: its own label, else tool, load and GPUs."""
    if run.label:
        return run.label
    parts = [run.tool or "run"]
    if run.concurrency is not None:
        parts.append(f"concurrency {run.concurrency:g}")
    elif run.request_rate is not None:
        parts.append(f"rate {run.request_rate:g}/s")
    if run.gpu_count:
        parts.append(f"{run.gpu_count} GPUs")
    return ", ".join(parts)


def interactivity(run: BenchmarkRun) -> float | None:
    """Tokens/s per user: the run's own figure, else 1000 / TPOT p50 (never from ITL)."""
    if run.interactivity_tps_per_user is not None:
        return run.interactivity_tps_per_user
    if run.tpot_ms_p50:
        return 1000.0 / run.tpot_ms_p50
    return None


def output_tps_per_gpu(run: BenchmarkRun) -> float | None:
    """Output tokens/s per GPU over all the run's GPUs (prefill and decode alike)."""
    if run.output_throughput_tps is not None and run.gpu_count:
        return run.output_throughput_tps / run.gpu_count
    return run.output_tps_per_gpu


def slo_failures(run: BenchmarkRun, slo: SLO) -> tuple[str, ...]:
    """Why a run does not meet the SLO (empty: it meets it). A metric the run lacks fails."""
    out: list[str] = []
    if run.completed is not None and run.completed <= 0:
        out.append("no request completed")
    if slo.ttft_p99_ms is not None:
        v = run.ttft_ms_p99
        if v is None:
            out.append("TTFT p99 not measured")
        elif v > slo.ttft_p99_ms:
            out.append(f"TTFT p99 {v:.4g} ms > {slo.ttft_p99_ms:.4g} ms")
    if slo.tpot_p99_ms is not None:
        v = run.tpot_ms_p99
        if v is None:
            out.append("TPOT p99 not measured")
        elif v > slo.tpot_p99_ms:
            out.append(f"TPOT p99 {v:.4g} ms > {slo.tpot_p99_ms:.4g} ms")
    if slo.min_interactivity_tps_per_user is not None:
        v = interactivity(run)
        if v is None:
            out.append("interactivity not measured (no TPOT p50)")
        elif v < slo.min_interactivity_tps_per_user:
            out.append(f"interactivity {v:.4g} tok/s/user < {slo.min_interactivity_tps_per_user:.4g}")
    if slo.max_error_rate is not None:
        v = run.error_rate
        if v is None:
            out.append("error rate unknown (no failed / completed counts)")
        elif v > slo.max_error_rate:
            out.append(f"error rate {v:.2%} > {slo.max_error_rate:.2%}")
    return tuple(out)


def describe_slo(slo: SLO) -> str:
    parts = []
    if slo.ttft_p99_ms is not None:
        parts.append(f"TTFT p99 <= {slo.ttft_p99_ms:g} ms")
    if slo.tpot_p99_ms is not None:
        parts.append(f"TPOT p99 <= {slo.tpot_p99_ms:g} ms")
    if slo.min_interactivity_tps_per_user is not None:
        parts.append(f"interactivity >= {slo.min_interactivity_tps_per_user:g} tok/s/user")
    if slo.max_error_rate is not None:
        parts.append(f"error rate <= {slo.max_error_rate:.2%}")
    return ", ".join(parts) if parts else "no SLO set"


# ---------------------------------------------------------------------------------------------
# classification


def classify(matrix: SupportMatrix, option: Option) -> Classification:
    """Official only where the matrix lists the exact runtime x platform cell as official."""
    rt, pf = option.runtime, option.platform
    if matrix.platform(pf) is None:
        return Classification(
            SupportStatus.UNDOCUMENTED, False,
            (f"platform {pf!r} is not in the support matrix: experimental (not on any official list)",),
        )
    entry = matrix.entry(rt, pf)
    status = entry.status if entry else SupportStatus.UNDOCUMENTED
    sources = tuple(f"{s.title or s.url_or_path} ({s.as_of})" for s in entry.sources) if entry else ()
    if status == SupportStatus.OFFICIAL:
        reasons = [f"{rt} lists {pf} as officially supported"]
    else:
        what = _STATUS_WORDS[status]
        cell = "" if entry else ", no cell in the matrix"
        reasons = [f"{rt} on {pf}: {what}{cell}, so the option is experimental whatever the evidence says"]
        official_elsewhere = sorted(e.platform for e in matrix.entries
                                    if e.runtime == rt and e.status == SupportStatus.OFFICIAL)
        if official_elsewhere:
            reasons.append(f"{rt} is official only on: {', '.join(official_elsewhere)}")
    if entry and entry.notes:
        reasons.append(entry.notes)
    return Classification(status, status == SupportStatus.OFFICIAL, tuple(reasons), sources)


# ---------------------------------------------------------------------------------------------
# evidence levels


def _builds(idx: EvidenceIndex, option: Option) -> Level:
    key = (option.runtime, option.platform)
    atts = idx.builds.get(key, [])
    runs = idx.runs.get(key, [])
    checks = idx.parity.get(key, [])
    reasons: list[str] = []
    for b in atts:
        log = f"log sha256 {b.log_sha256[:12]}..." if b.log_sha256 else "no build log hash recorded"
        who = f" by {b.by}" if b.by else ""
        reasons.append(f"build attestation {b.date}{who} ({log})")
    ran = [r for r in runs if not (r.completed is not None and r.completed <= 0)]
    if ran:
        reasons.append(f"{len(ran)} benchmark run(s) of {option.runtime} on {option.platform}: it ran, so it built")
    if checks:
        reasons.append(f"{len(checks)} parity check(s) ran on {option.platform}")
    proxies = idx.proxy_built.get(key, 0)
    if proxies:
        reasons.append(f"{proxies} run(s) or check(s) of {option.runtime} on {option.platform} on an accepted "
                       "proxy workload: it ran, so it built (proxy)")
    if reasons:
        return Level(True, tuple(reasons))
    why = [f"no build attestation and no applicable run of {option.runtime} on {option.platform}"]
    not_counted = _not_counted(idx, option)
    if not_counted:
        why.append(not_counted)
    others = idx.other_platforms(option.runtime, option.platform)
    if others:
        why.append(f"evidence on {', '.join(others)} does not count for {option.platform}")
    return Level(False, tuple(why))


def _not_counted(idx: EvidenceIndex, option: Option) -> str:
    """Why evidence about this option's runtime and platform counts for nothing, in one line."""
    from deepdecide.analysis.applicability import ILLUSTRATIVE

    fits = [f for f in idx.fits if f.runtime == option.runtime and f.platform == option.platform
            and not f.counts_for]
    if not fits:
        return ""
    illustrative = [f for f in fits if f.kind == ILLUSTRATIVE]
    other = [f for f in fits if f.kind != ILLUSTRATIVE]
    parts = []
    if other:
        first = f" (e.g. {other[0].reasons[0]})" if other[0].reasons else ""
        parts.append(f"{len(other)} run(s) or check(s) do not fit the workload or need context{first}")
    if illustrative:
        parts.append(f"{len(illustrative)} illustrative run(s) or check(s), reconstructed from published figures, "
                     "count for no rung")
    return "; ".join(parts)


def _check_text(c: ParityCheck) -> str:
    bits = [c.kind.value]
    if c.task:
        bits.append(c.task)
    if c.metric:
        bits.append(c.metric)
    if c.delta is not None:
        bits.append(f"delta {c.delta:.4g}")
    if c.n is not None:
        bits.append(f"n={c.n}")
    if c.tolerance:
        bits.append(f"rule: {c.tolerance}")
    return ", ".join(bits)


def _correct(idx: EvidenceIndex, option: Option, required: tuple[ParityKind, ...]) -> Level:
    checks = idx.parity.get((option.runtime, option.platform), [])
    by_kind: dict[ParityKind, list[ParityCheck]] = defaultdict(list)
    for c in checks:
        by_kind[c.kind].append(c)
    kinds = required
    reasons: list[str] = []
    ok = True
    if not kinds:
        reasons.append("the workspace requires no parity kinds: at least one passing check and no failure needed")
        kinds = tuple(sorted(by_kind, key=lambda k: k.value))
        if not kinds:
            return Level(False, (*reasons, f"no parity check of {option.runtime} on {option.platform}"))
    for kind in kinds:
        cs = by_kind.get(kind, [])
        fails = [c for c in cs if c.verdict == Verdict.FAIL]
        passes = [c for c in cs if c.verdict == Verdict.PASS]
        unsure = [c for c in cs if c.verdict == Verdict.INCONCLUSIVE]
        if fails:
            ok = False
            reasons.extend(f"{kind.value} FAILED: {_check_text(c)}" for c in fails)
        elif passes:
            reasons.append(f"{kind.value} passes ({len(passes)} check(s)); e.g. {_check_text(passes[0])}")
            if unsure:
                reasons.append(f"{kind.value}: {len(unsure)} further check(s) inconclusive")
        elif unsure:
            ok = False
            reasons.extend(f"{kind.value} INCONCLUSIVE (not a pass): {_check_text(c)}" for c in unsure)
        else:
            ok = False
            reasons.append(f"{kind.value}: no check on {option.platform}")
    if not ok:
        others = idx.other_platforms(option.runtime, option.platform)
        if others:
            reasons.append(f"checks on {', '.join(others)} do not count for {option.platform}")
    return Level(ok, tuple(reasons))


def _performs(idx: EvidenceIndex, option: Option, slo: SLO) -> Level:
    runs = idx.runs.get((option.runtime, option.platform), [])
    target = describe_slo(slo)
    if not runs:
        why = [f"no applicable benchmark of {option.runtime} on {option.platform}"]
        proxies = idx.proxy_runs.get((option.runtime, option.platform), [])
        if proxies:
            why.append(f"{len(proxies)} proxy run(s) count for capacity (discounted), never for performs")
        not_counted = _not_counted(idx, option)
        if not_counted:
            why.append(not_counted)
        others = idx.other_platforms(option.runtime, option.platform, runs_only=True)
        if others:
            why.append(f"benchmarks on {', '.join(others)} are not evidence for {option.platform}")
        if option.cost.assumed_output_tps_per_gpu is not None:
            why.append("its capacity is an assumption (assumed_output_tps_per_gpu), not a measurement")
        return Level(False, tuple(why))
    meeting = [r for r in runs if not idx.failures(r, slo)]
    if meeting:
        best = max(meeting, key=lambda r: output_tps_per_gpu(r) or 0.0)
        return Level(True, (f"{len(meeting)} of {len(runs)} run(s) meet the SLO ({target}); "
                            f"best: {run_label(best)}",))
    # the run that comes closest: fewest failed conditions, then highest throughput
    closest = min(runs, key=lambda r: (len(idx.failures(r, slo)), -(output_tps_per_gpu(r) or 0.0)))
    return Level(False, (f"none of {len(runs)} run(s) meets the SLO ({target})",
                         f"closest, {run_label(closest)}: {'; '.join(idx.failures(closest, slo))}"))


def evidence_levels(idx: EvidenceIndex, option: Option, ws: Workspace) -> EvidenceLevels:
    return EvidenceLevels(
        builds=_builds(idx, option),
        correct=_correct(idx, option, ws.required_parity),
        performs=_performs(idx, option, ws.slo),
    )


# ---------------------------------------------------------------------------------------------
# checklist


def checklist_summary(ws: Workspace, option: Option) -> tuple[ChecklistSummary, list[tuple[str, object]]]:
    """Summarize the option's answers; also return the efforts that count as engineering
    (``(label, Estimate)`` pairs): "external" answers, and "missing" ones someone is named to
    build. A "missing" answer without an owner is a blocker; its effort is not counted until an
    owner is named (the blocker count carries it)."""
    titles = {i.id: i.title for i in ws.checklist}
    answers = {a.item: a for a in ws.answers_for(option.id)}
    provided: list[str] = []
    external: list[str] = []
    owned: list[str] = []
    blockers: list[Blocker] = []
    unanswered: list[str] = []
    efforts: list[tuple[str, object]] = []
    trail: list[TrailItem] = []
    for item in ws.checklist:
        a = answers.get(item.id)
        if a is None:
            unanswered.append(item.id)
            continue
        if a.answer == Answer.PROVIDED:
            provided.append(item.id)
            continue
        who = a.provider.strip()
        if a.answer == Answer.EXTERNAL:
            external.append(item.id)
            label = f"{item.title} (external{', ' + who if who else ''})"
        elif who:
            owned.append(item.id)
            label = f"{item.title} (missing, to be built by {who})"
        else:
            blockers.append(Blocker(item.id, item.title,
                                    f"{item.title}: missing and nobody is named to build it"))
            trail.append(TrailItem(f"{item.title} (missing, BLOCKER: no owner)", "not counted", "person-weeks",
                                   f"checklist answer {item.id}: its effort counts once someone is named "
                                   f"to build it (stated: {a.effort_person_weeks.likely:g})"))
            continue
        efforts.append((label, a.effort_person_weeks))
        trail.append(TrailItem(label, a.effort_person_weeks.likely, "person-weeks", f"checklist answer {item.id}"))
    n = len(ws.checklist)
    if n:
        completeness = Figure("service completeness", len(provided) / n, "fraction",
                              (TrailItem("items provided", len(provided), "items", "checklist answers"),
                               TrailItem("checklist items", n, "items", "workspace checklist")))
    else:
        completeness = Figure("service completeness", None, "fraction",
                              missing_reason="the workspace has no checklist items")
    total = sum(e.likely for _, e in efforts)  # type: ignore[attr-defined]
    flags = (f"excludes {len(blockers)} blocker(s) without an owner: their effort counts once someone "
             "is named",) if blockers else ()
    effort = Figure("checklist engineering effort", float(total), "person-weeks", tuple(trail), flags=flags)
    unanswered_titles = tuple(titles.get(i, i) for i in unanswered)
    return ChecklistSummary(tuple(provided), tuple(external), tuple(owned), tuple(blockers),
                            unanswered_titles, completeness, effort), efforts
