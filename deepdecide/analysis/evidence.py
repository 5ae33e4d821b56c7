"""Evidence levels (builds / correct / performs), the official-support classification and the
service checklist, following the seed's rules (DESIGN.md, "The seed's rules")."""

from __future__ import annotations

import copy
import dataclasses
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from deepdecide.analysis.applicability import ILLUSTRATIVE, effective_workload
from deepdecide.analysis.assessment import (
    Applicability,
    Attribution,
    Blocker,
    ChecklistLine,
    ChecklistSummary,
    Classification,
    EffortRange,
    EvidenceFit,
    EvidenceLevels,
    Figure,
    KindParity,
    Label,
    Level,
    ParityOutcome,
    PredictionPair,
    PredictorError,
    TrailItem,
)
from deepdecide.analysis.prediction import MEASURED, pair, predictor_errors, reproduction_pairs
from deepdecide.analysis.runs import output_tps_per_gpu, run_label
from deepdecide.analysis.summary import file_summaries
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import (
    BenchmarkRun,
    BuildAttestation,
    Evidence,
    ParityCheck,
    ParityKind,
    PredictionErrorRow,
    ProvenanceKind,
    StatMapping,
    Verdict,
)
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import SupportMatrix, SupportStatus
from deepdecide.domain.messages import Amount, Day, Message, Quoted, chain, msg, msgn
from deepdecide.domain.slo import INTERACTIVITY, SLO, Judgement, Limit, assess, first_figure
from deepdecide.domain.workspace import Answer, Option, TopologyKind, Workspace

#: a support status in words (the matrix's codes stay codes in the data)
STATUS_NAMES = {
    SupportStatus.OFFICIAL: msg("status.official", "official"),
    SupportStatus.EXPERIMENTAL: msg("status.experimental", "experimental"),
    SupportStatus.COMMUNITY: msg("status.community", "community"),
    SupportStatus.UNSUPPORTED: msg("status.unsupported", "unsupported"),
    SupportStatus.UNDOCUMENTED: msg("status.undocumented", "undocumented"),
}

_STATUS_WORDS = {
    SupportStatus.EXPERIMENTAL: msg("class.status.experimental", "listed as experimental"),
    SupportStatus.COMMUNITY: msg("class.status.community", "supported only by a community fork or third party"),
    SupportStatus.UNSUPPORTED: msg("class.status.unsupported", "stated as unsupported by a source"),
    SupportStatus.UNDOCUMENTED: msg("class.status.undocumented", "not on the official list (undocumented)"),
}


_T = TypeVar("_T")

@dataclass
class EvidenceIndex:
    """The workspace's evidence grouped by (runtime, platform id), built once per evaluation."""

    matrix: SupportMatrix
    runs: dict[tuple[str, str], list[BenchmarkRun]] = field(default_factory=lambda: defaultdict(list))
    parity: dict[tuple[str, str], list[ParityCheck]] = field(default_factory=lambda: defaultdict(list))
    builds: dict[tuple[str, str], list[BuildAttestation]] = field(default_factory=lambda: defaultdict(list))
    run_ids: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(list))
    parity_ids: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(list))
    run_keys: list[tuple[str, str]] = field(default_factory=list)  # per Evidence.runs index
    parity_keys: list[tuple[str, str]] = field(default_factory=list)  # per Evidence.parity index
    runtime_platforms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    run_platforms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    proxy_runs: dict[tuple[str, str], list[BenchmarkRun]] = field(default_factory=lambda: defaultdict(list))
    predicted_runs: dict[tuple[str, str], list[BenchmarkRun]] = field(default_factory=lambda: defaultdict(list))
    proxy_built: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))  # proxy runs
    proxy_checks_built: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    fits: list[EvidenceFit] = field(default_factory=list)
    all_runs: tuple[BenchmarkRun, ...] = ()  # every run of the evidence, in order (Evidence.runs)
    source: dict[int, str] = field(default_factory=dict)  # id(run) -> own, third_party, proxy, predicted
    discount: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # id(run) -> proxy factor
    kinds: dict[int, ProvenanceKind] = field(default_factory=dict)  # id(run) -> its file's provenance kind
    pairs: tuple[PredictionPair, ...] = ()  # predicted runs beside measured runs of the same configuration
    reproductions: tuple[PredictionPair, ...] = ()  # re-measured runs beside their reference (prediction.reproduction_pairs)
    predictor_errors: dict[str, PredictorError] = field(default_factory=dict)  # tool -> its observed errors
    prediction_errors: tuple[PredictionErrorRow, ...] = ()  # predictors' published error tables (imported)
    parity_failed: dict[tuple[str, str], str] = field(default_factory=dict)  # (runtime, platform) -> failing check
    mappings: dict[int, tuple[StatMapping, ...]] = field(default_factory=dict)  # id(run) -> its file's mappings
    _platform_cache: dict[str, str] = field(default_factory=dict)
    _slo_cache: dict[int, Judgement] = field(default_factory=dict)
    _slo: SLO | None = None  # the SLO of ``_slo_cache`` (None: the first asked, as in a bare index)
    #: what is worked out from the index and the options alone, kept while they stay the same (a
    #: slider moved re-ranks without walking every run again): key -> value
    _derived: dict[tuple[object, ...], object] = field(default_factory=dict)
    #: of a base index (``build``): its gated copies by required parity kinds, its runs'
    #: judgements by SLO (id(run) -> judgement), a few of each, the latest last
    _gates: dict[tuple[ParityKind, ...], EvidenceIndex] = field(default_factory=dict)
    _slo_caches: dict[SLO, dict[int, Judgement]] = field(default_factory=dict)
    #: the predicted and the measured runs that ``pairs`` pairs (run, platform id, file, label)
    _paired: tuple[list[tuple[BenchmarkRun, str, str, str]], list[tuple[BenchmarkRun, str, str, str]]] = field(
        default_factory=lambda: ([], []))

    def once(self, key: tuple[object, ...], compute: Callable[[], _T]) -> _T:
        """``compute()`` once per index (``_derived``: what it derives is fixed with the index)."""
        if key in self._derived:
            return self._derived[key]  # type: ignore[return-value]
        got = self._derived[key] = compute()
        return got

    def fits_by_cell(self) -> dict[tuple[str, str], list[EvidenceFit]]:
        """The fits of runs and checks that count for no rung, by (runtime, platform), in order; once:
        those that count for nothing, and illustrative runs accepted as a proxy (for capacity alone)."""
        def group() -> dict[tuple[str, str], list[EvidenceFit]]:
            out: dict[tuple[str, str], list[EvidenceFit]] = {}
            for f in self.fits:
                if not f.counts_for or (f.kind == ProvenanceKind.ILLUSTRATIVE.value and f.counts_for == ("capacity",)):
                    out.setdefault((f.runtime, f.platform), []).append(f)
            return out
        return self.once(("not_counting_by_cell",), group)

    def fits_by_option(self) -> dict[str, list[EvidenceFit]]:
        """Every fit by the options it concerns, in order; once (a slider moved scans no fit)."""
        def group() -> dict[str, list[EvidenceFit]]:
            out: dict[str, list[EvidenceFit]] = {}
            for f in self.fits:
                for o in dict.fromkeys(f.options):
                    out.setdefault(o, []).append(f)
            return out
        return self.once(("fits_by_option",), group)

    def judgement(self, run: BenchmarkRun, slo: SLO) -> Judgement:
        """The run against the SLO (with its file's stated mappings), computed once per run and SLO
        (the judgements of the index's own SLO are kept with the evidence, ``build``; another SLO's
        are computed each time, never kept as the index's)."""
        key = id(run)
        if self._slo is None:
            self._slo = slo
        elif slo is not self._slo and slo != self._slo:
            return slo_judgement(run, slo, self.mappings.get(key, ()))
        got = self._slo_cache.get(key)
        if got is None:
            got = self._slo_cache[key] = slo_judgement(run, slo, self.mappings.get(key, ()))
        return got

    def failures(self, run: BenchmarkRun, slo: SLO) -> tuple[Message, ...]:
        """The limits the run misses (empty: it misses none; it may still not be judged on some)."""
        return self.judgement(run, slo).failures

    def meets(self, run: BenchmarkRun, slo: SLO) -> bool:
        """The run meets every limit, each judged on a figure (its own or a stated mapping's)."""
        return self.judgement(run, slo).meets

    def gated(self, key: tuple[str, str]) -> bool:
        """The cell's runs count for nothing: a required parity check of it failed."""
        return key in self.parity_failed

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
        first (``fits``); only what applies reaches the rungs and the capacity.

        Built in three layers, each kept while what it depends on stays the same (``_BASE``): the
        judged and grouped evidence (the matrix, the evidence, the workload, the model and the
        options' runtime x platform), the parity gate over it (the required parity kinds) and the
        runs' judgements against the SLO. A changed SLO or gate re-does only its own layer; a
        changed price, weight or option name none."""
        base = _base_index(ws)
        required = tuple(ws.required_parity)
        gated = base._gates.get(required)
        if gated is None:
            gated = copy.copy(base)
            gated.fits = list(base.fits)
            gated.parity_failed = {}
            gated._derived = {}
            gated._gate_parity(required)
            _keep(base._gates, required, gated)
        idx = copy.copy(gated)  # shares the gate's derived values (they depend on nothing else)
        slo_cache = base._slo_caches.get(ws.slo)
        if slo_cache is None:
            slo_cache = _keep(base._slo_caches, ws.slo, {})
        idx._slo_cache = slo_cache
        idx._slo = ws.slo
        return idx

    def _copy_to_extend(self) -> EvidenceIndex:
        """A base index holding what this one holds, in containers of its own (to add files to), without
        what is derived from all of it (the gates, the derived values); the SLOs' judgements of its
        runs copied (they stay true of them)."""
        new = copy.copy(self)
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, defaultdict):
                setattr(new, f.name, defaultdict(value.default_factory,
                                                 {k: copy.copy(v) for k, v in value.items()}))
            elif isinstance(value, (dict, list)):
                setattr(new, f.name, copy.copy(value))
        new._platform_cache = self._platform_cache
        new._paired = (list(self._paired[0]), list(self._paired[1]))
        new._slo_caches = {slo: dict(judged) for slo, judged in self._slo_caches.items()}
        new._derived, new._gates, new._slo_cache, new._slo, new.parity_failed = {}, {}, {}, None, {}
        return new

    @classmethod
    def _build_base(cls, ws: Workspace, previous: tuple[EvidenceIndex, int] | None = None) -> EvidenceIndex:
        """The index before the parity gate and the SLO (``build``); ``previous``: the base index of
        the same workspace with only its first ``n`` evidence files (the same objects), to which the
        files after them are added."""
        ev = ws.evidence
        start = 0
        if previous is None:
            idx = cls(ws.matrix)
        else:
            idx, start = previous[0]._copy_to_extend(), previous[1]
        predicted, measured = idx._paired
        # each file's runs and checks judged against the workload once (analysis/summary.py); the
        # loop over every run binds what it reads to local names (it runs ten thousand times)
        fits, kinds, mappings, source, discount = idx.fits, idx.kinds, idx.mappings, idx.source, idx.discount
        run_ids, run_keys, runs_by_key = idx.run_ids, idx.run_keys, idx.runs
        proxy_runs, predicted_runs, proxy_built = idx.proxy_runs, idx.predicted_runs, idx.proxy_built
        runtime_platforms, run_platforms = idx.runtime_platforms, idx.run_platforms
        needs_context, predicted_kind = Applicability.NEEDS_CONTEXT, ProvenanceKind.PREDICTED
        for summary in file_summaries(ws)[start:]:
            f = summary.file
            file_kind = f.provenance.kind
            file_name = f.provenance.file_name
            file_mappings = f.mappings
            into = predicted if file_kind == predicted_kind else measured if file_kind in MEASURED else None
            fits.extend(summary.run_fits)
            for r, pid, fit in zip(f.runs, summary.platform_ids, summary.run_fits, strict=True):
                rid = id(r)
                kinds[rid] = file_kind
                if file_mappings:
                    mappings[rid] = file_mappings
                if into is not None and pid and fit.applicability != needs_context:
                    into.append((r, pid, file_name, fit.label))
                runtime = r.runtime
                key = (runtime, pid)
                counts_for = fit.counts_for
                if counts_for:
                    run_ids[key].append(len(run_keys))
                run_keys.append(key)
                if runtime and pid:
                    runtime_platforms[runtime].add(pid)
                    run_platforms[runtime].add(pid)
                if "performs" in counts_for:
                    runs_by_key[key].append(r)
                    source[rid] = fit.kind
                    continue
                if "capacity" in counts_for:
                    if fit.discount is not None and file_kind != predicted_kind:
                        proxy_runs[key].append(r)
                        discount[rid] = fit.discount
                        source[rid] = "proxy"
                    else:
                        predicted_runs[key].append(r)
                        source[rid] = fit.kind
                if "builds" in counts_for:
                    proxy_built[key] += 1
            fits.extend(summary.check_fits)
            for p, pid, fit in zip(f.parity, summary.check_platform_ids, summary.check_fits, strict=True):
                key = (p.runtime, pid)
                if p.runtime and pid:
                    idx.runtime_platforms[p.runtime].add(pid)
                if "correct" in fit.counts_for:
                    idx.parity[key].append(p)
                    idx.parity_ids[key].append(len(idx.parity_keys))
                elif "builds" in fit.counts_for:
                    idx.proxy_checks_built[key] += 1
                idx.parity_keys.append(key)
        for b in ev.builds if previous is None else ():  # (an index extended has the same builds)
            key = (b.runtime, idx.platform_id(b.platform))
            idx.builds[key].append(b)
            idx.runtime_platforms[b.runtime].add(key[1])
        idx.pairs = pair(effective_workload(ws), predicted, measured)
        idx.predictor_errors = {e.tool: e for e in predictor_errors(idx.pairs)}
        idx.prediction_errors = ev.prediction_errors
        idx.all_runs = ev.runs
        idx.reproductions = reproduction_pairs(ev.files)
        return idx

    def _gate_parity(self, required: tuple[ParityKind, ...]) -> None:
        """Cells (runtime x platform) whose required parity check failed: their runs are excluded from
        capacity and cost (with no required kinds, any failing check gates)."""

        for key, checks in self.parity.items():
            failed = [c for c in checks if c.verdict == Verdict.FAIL and (not required or c.kind in required)]
            if failed:
                self.parity_failed[key] = "; ".join(
                    f"{c.kind.value} FAILED ({_check_text(c).removeprefix(c.kind.value + ', ')})" for c in failed)
        if not self.parity_failed:
            return
        for i, fit in enumerate(self.fits):
            why = self.parity_failed.get((fit.runtime, fit.platform))
            if why and fit.item == "run" and "capacity" in fit.counts_for:
                self.fits[i] = replace(fit, excluded=str(msg(
                    "fit.parity_excluded", "excluded from capacity and cost: {check}", check=why)))

    def other_platforms(self, runtime: str, platform: str, *, runs_only: bool = False) -> list[str]:
        """Platforms other than ``platform`` with evidence (or benchmark runs) of ``runtime``."""
        where = self.run_platforms if runs_only else self.runtime_platforms
        return sorted(p for p in where.get(runtime, ()) if p != platform)


#: the gated copies and the SLOs' judgements a base index keeps (an SLO or gate moved back and
#: forth in the app finds its judgements kept)
KEPT_LAYERS = 4

_K = TypeVar("_K")
_V = TypeVar("_V")


def _keep(kept: dict[_K, _V], key: _K, value: _V) -> _V:
    """Put ``value`` under ``key`` as the latest of ``kept``, dropping the oldest beyond ``KEPT_LAYERS``."""
    kept.pop(key, None)
    kept[key] = value
    # the keys copied in one step (an evaluation on another thread, the app's Monte Carlo, may add
    # one meanwhile: iterating the dict itself could fail)
    for oldest in tuple(kept)[: max(len(kept) - KEPT_LAYERS, 0)]:
        kept.pop(oldest, None)
    return value


# The base indexes of the last workspaces indexed, with what each was built from (``_base_parts``):
# judging and grouping every run costs more than the rest of an evaluation at ten thousand result
# files, and depends on neither the SLO, nor the parity gate, nor prices, weights or names.
_BASE: list[tuple[tuple[object, ...], EvidenceIndex]] = []


def _base_parts(ws: Workspace) -> tuple[object, ...]:
    """What a base index depends on: the matrix and the evidence (immutable, compared by identity),
    the workload, the model and the options' runtime x platform (by value)."""
    return (ws.matrix, ws.evidence, ws.workload, ws.model, tuple((o.id, o.runtime, o.platform) for o in ws.options))


#: the base indexes kept (the latest first): another workspace evaluated in between (a what-if, a
#: benchmark's floor) does not make this one's indexed again
KEPT_BASES = 2


def _base_index(ws: Workspace) -> EvidenceIndex:
    parts = _base_parts(ws)
    previous = None
    kept = list(_BASE)
    for entry in kept:
        key, base = entry
        if key[0] is parts[0] and key[2:] == parts[2:]:
            if key[1] is parts[1]:
                _BASE[:] = [entry, *(e for e in kept if e is not entry)][:KEPT_BASES]
                return base
            n = _appended(key[1], ws.evidence)  # type: ignore[arg-type]
            if n is not None and (previous is None or n > previous[1]):  # files imported after the same
                previous = (base, n)  # files: only they are added (to the index holding the most)
    base = EvidenceIndex._build_base(ws, previous)
    _BASE[:] = [(parts, base), *kept][:KEPT_BASES]
    return base


def _appended(old: Evidence, new: Evidence) -> int | None:
    """The number of files of ``old`` when ``new`` is ``old`` with files added after them (the same
    objects first, the same builds), else None."""
    n = len(old.files)
    if len(new.files) <= n or (old.builds is not new.builds and old.builds != new.builds):
        return None
    if any(a is not b for a, b in zip(old.files, new.files[:n], strict=True)):
        return None
    return n


def forget_indexes() -> None:
    """Forget the kept base index (the next evaluation judges and groups every run afresh)."""
    _BASE.clear()


# ---------------------------------------------------------------------------------------------
# SLO


def interactivity(run: BenchmarkRun) -> float | None:
    """Tokens/s per user: the run's own figure, else 1000 / TPOT p50 (never from ITL)."""
    return first_figure(INTERACTIVITY, run)


def slo_judgement(run: BenchmarkRun, slo: SLO, mappings: Sequence[StatMapping] = ()) -> Judgement:
    """The run against the SLO, limit by limit of ``domain.slo``: a figure the run lacks (and no
    stated mapping supplies) counts as its limit says — *cannot be judged*, not a failure; a run
    that completed no request fails."""
    got = assess(slo, run, mappings)
    if run.completed is not None and run.completed <= 0:
        return replace(got, failures=(msg("slo.no_request_completed", "no request completed"), *got.failures))
    return got


def slo_failures(run: BenchmarkRun, slo: SLO) -> tuple[Message, ...]:
    """Why a run does not meet the SLO (empty: it misses no limit; see :func:`slo_judgement` for the
    limits it cannot be judged on)."""
    return slo_judgement(run, slo).failures


def limit_phrase(entry: Limit, value: float) -> Message:
    """One limit in words ("TTFT p99 ≤ 2000 ms"), a message whose parameter is the limit."""
    return msg(f"slo.{entry.id}", entry.phrase, limit=Amount(value, entry.unit) if entry.percent else value)


def describe_slo(slo: SLO) -> Message:
    """The SLO in words (a message: its limits are parameters)."""
    parts = [limit_phrase(entry, value) for entry, value in slo.active()]
    if not parts:
        return msg("slo.none", "no SLO set")
    return msg("slo.limits", "{limits}", limits=tuple(parts))


# ---------------------------------------------------------------------------------------------
# classification


def classify(matrix: SupportMatrix, option: Option) -> Classification:
    """Official only where the matrix lists the exact runtime x platform cell as official."""
    rt, pf = option.runtime, option.platform
    if matrix.platform(pf) is None:
        return Classification(
            SupportStatus.UNDOCUMENTED, False,
            (msg("class.platform_unknown",
                 "platform '{platform}' is not in the support matrix: experimental (not on any official list)",
                 platform=pf),),
        )
    entry = matrix.entry(rt, pf)
    status = entry.status if entry else SupportStatus.UNDOCUMENTED
    # a source's title and as-of note are its own words: quoted in another language than English
    sources = tuple(msg("class.source", "{title} ({date})", title=Quoted(s.title or s.url_or_path),
                        date=Quoted(s.as_of, as_of=True)) for s in entry.sources) if entry else ()
    if status == SupportStatus.OFFICIAL:
        reasons = [msg("class.official", "{runtime} lists {platform} as officially supported", runtime=rt, platform=pf)]
    else:
        what = _STATUS_WORDS[status]
        if entry:
            reasons = [msg("class.experimental", "{runtime} on {platform}: {status}, so the option is "
                           "experimental whatever the evidence says", runtime=rt, platform=pf, status=what)]
        else:
            reasons = [msg("class.no_cell", "{runtime} on {platform}: {status}, no cell in the matrix, so the "
                           "option is experimental whatever the evidence says", runtime=rt, platform=pf, status=what)]
        official_elsewhere = sorted(e.platform for e in matrix.entries
                                    if e.runtime == rt and e.status == SupportStatus.OFFICIAL)
        if official_elsewhere:
            reasons.append(msg("class.official_elsewhere", "{runtime} is official only on: {platforms}",
                               runtime=rt, platforms=tuple(official_elsewhere)))
    if entry and entry.notes:
        reasons.append(msg("class.notes", "{notes}", notes=Quoted(entry.notes)))  # the matrix's own words
    return Classification(status, status == SupportStatus.OFFICIAL, tuple(reasons), sources)


# ---------------------------------------------------------------------------------------------
# evidence levels


def _builds(idx: EvidenceIndex, option: Option) -> Level:
    """*builds* from a build attestation, an applicable run (not one a failed parity check
    excludes) or a parity check that ran on the platform; runs and checks of an accepted proxy
    show it only as *proxy* (never the rung itself)."""
    key = (option.runtime, option.platform)
    gated = idx.gated(key)
    atts = idx.builds.get(key, [])
    runs = [] if gated else idx.runs.get(key, [])
    checks = idx.parity.get(key, [])
    reasons: list[Message] = []
    for b in atts:
        log = (msg("builds.log_hash", "log sha256 {hash}...", hash=b.log_sha256[:12]) if b.log_sha256
               else msg("builds.no_log_hash", "no build log hash recorded"))
        if b.by:
            reasons.append(msg("builds.attested_by", "build attestation {date} by {who} ({log})",
                               date=Day(str(b.date)), who=b.by, log=log))
        else:
            reasons.append(msg("builds.attested", "build attestation {date} ({log})", date=Day(str(b.date)), log=log))
    ran = [r for r in runs if not (r.completed is not None and r.completed <= 0)]
    if ran:
        shown = sum(1 for r in ran if idx.kind(r) == ProvenanceKind.ILLUSTRATIVE)
        if shown:
            reasons.append(msgn("builds.ran_illustrative",
                                "{n} benchmark run of {runtime} on {platform}: it ran, so it built ({shown} of "
                                "them illustrative, reconstructed from published figures: someone else's build, "
                                "not ours)",
                                "{n} benchmark runs of {runtime} on {platform}: it ran, so it built ({shown} of "
                                "them illustrative, reconstructed from published figures: someone else's build, "
                                "not ours)", "n", n=len(ran), runtime=option.runtime, platform=option.platform, shown=shown))
        else:
            reasons.append(msgn("builds.ran",
                                "{n} benchmark run of {runtime} on {platform}: it ran, so it built",
                                "{n} benchmark runs of {runtime} on {platform}: they ran, so it built",
                                "n",
                               n=len(ran), runtime=option.runtime, platform=option.platform))
    if checks:
        reasons.append(msgn("builds.parity_ran",
                            "{n} parity check ran on {platform}",
                            "{n} parity checks ran on {platform}",
                            "n",
                           n=len(checks), platform=option.platform))
    if gated and idx.runs.get(key):
        reasons.append(msgn("builds.gated",
                            "{n} run of {runtime} on {platform} counts for nothing: a required parity check "
                            "failed ({check})",
                            "{n} runs of {runtime} on {platform} count for nothing: a required parity check "
                            "failed ({check})",
                            "n", n=len(idx.runs[key]), runtime=option.runtime,
                           platform=option.platform, check=idx.parity_failed[key]))
    proxies = (0 if gated else idx.proxy_built.get(key, 0)) + idx.proxy_checks_built.get(key, 0)
    proxy_reason = msgn("builds.proxy",
                        "{n} run or check of {runtime} on {platform} on an accepted proxy workload: it ran, "
                        "so it built (proxy)",
                        "{n} runs or checks of {runtime} on {platform} on an accepted proxy workload: they "
                        "ran, so it built (proxy)",
                        "n", n=proxies, runtime=option.runtime,
                       platform=option.platform) if proxies else None
    if ran or checks or atts:
        return Level(True, tuple(r for r in (*reasons, proxy_reason) if r is not None))
    why = [msg("builds.none", "no build attestation and no applicable run of {runtime} on {platform}",
               runtime=option.runtime, platform=option.platform), *reasons]
    if proxy_reason is not None:
        why.append(msg("builds.proxy_only", "shown as proxy: a run on an accepted proxy workload is not the rung "
                       "itself (it counts for no eligibility and no evidence score)"))
        why.append(proxy_reason)
    not_counted = _not_counted(idx, option)
    if not_counted:
        why.append(not_counted)
    others = idx.other_platforms(option.runtime, option.platform)
    if others:
        why.append(msg("builds.elsewhere", "evidence on {others} does not count for {platform}",
                       others=tuple(others), platform=option.platform))
    return Level(False, tuple(why), proxy=proxy_reason is not None)


def _not_counted(idx: EvidenceIndex, option: Option) -> Message | None:
    """Why evidence about this option's runtime and platform counts for nothing, in one message."""
    fits = idx.fits_by_cell().get((option.runtime, option.platform), [])
    if not fits:
        return None
    illustrative = [f for f in fits if f.kind == ILLUSTRATIVE]
    other = [f for f in fits if f.kind != ILLUSTRATIVE]
    parts: list[Message] = []
    if other:
        if other[0].reasons:
            parts.append(msgn("evidence.not_fitting_eg",
                              "{n} run or check does not fit the workload or needs context (e.g. {example})",
                              "{n} runs or checks do not fit the workload or need context (e.g. {example})",
                              "n", n=len(other), example=other[0].reasons[0]))
        else:
            parts.append(msgn("evidence.not_fitting",
                              "{n} run or check does not fit the workload or needs context",
                              "{n} runs or checks do not fit the workload or need context",
                              "n", n=len(other)))
    if illustrative:
        parts.append(msgn("evidence.illustrative_no_rung",
                          "{n} illustrative run or check, reconstructed from published figures, counts for "
                          "no rung",
                          "{n} illustrative runs or checks, reconstructed from published figures, count for "
                          "no rung",
                          "n", n=len(illustrative)))
    if len(parts) == 1:
        return parts[0]
    return msg("evidence.not_counted", "{first}; {second}", first=parts[0], second=parts[1])


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
    if c.rule is not None:
        bits.append(_("rule: {rule}").format(rule=c.rule))
    return ", ".join(bits)


def kind_outcome(checks: list[ParityCheck]) -> ParityOutcome:
    """The seed's parity rule for the checks of one kind on one platform: any failure fails;
    every check passing passes; otherwise (some inconclusive) inconclusive; no check: none."""
    if not checks:
        return ParityOutcome.NONE
    verdicts = {c.verdict for c in checks}
    if Verdict.FAIL in verdicts:
        return ParityOutcome.FAIL
    if verdicts == {Verdict.PASS}:
        return ParityOutcome.PASS
    return ParityOutcome.INCONCLUSIVE


def parity_by_kind(idx: EvidenceIndex, option: Option, required: tuple[ParityKind, ...]) -> tuple[KindParity, ...]:
    """One verdict per parity kind (all kinds, in enum order) on the option's runtime and platform."""
    key = (option.runtime, option.platform)
    checks = idx.parity.get(key, [])
    ids = idx.parity_ids.get(key, [])
    out = []
    for kind in ParityKind:
        mine = [(i, c) for i, c in zip(ids, checks, strict=True) if c.kind == kind]
        cs = [c for _, c in mine]
        out.append(KindParity(
            kind, kind in required, kind_outcome(cs), tuple(i for i, _ in mine),
            sum(1 for c in cs if c.verdict == Verdict.PASS), sum(1 for c in cs if c.verdict == Verdict.FAIL),
            sum(1 for c in cs if c.verdict == Verdict.INCONCLUSIVE)))
    return tuple(out)


def _correct(idx: EvidenceIndex, option: Option, required: tuple[ParityKind, ...],
             verdicts: tuple[KindParity, ...]) -> Level:
    checks = idx.parity.get((option.runtime, option.platform), [])
    by_kind: dict[ParityKind, list[ParityCheck]] = defaultdict(list)
    for c in checks:
        by_kind[c.kind].append(c)
    outcome = {k.kind: k.outcome for k in verdicts}
    kinds = required
    reasons: list[Message] = []
    ok = True
    if not kinds:
        reasons.append(msg("correct.none_required", "the workspace requires no parity kinds: every kind checked "
                           "must pass, and at least one check"))
        kinds = tuple(sorted(by_kind, key=lambda k: k.value))
        if not kinds:
            return Level(False, (*reasons, msg("correct.no_check", "no parity check of {runtime} on {platform}",
                                               runtime=option.runtime, platform=option.platform)))
    for kind in kinds:
        cs = by_kind.get(kind, [])
        verdict = outcome[kind]
        if verdict == ParityOutcome.FAIL:
            ok = False
            reasons.extend(msg("correct.failed", "{kind} FAILED: {check}", kind=kind.value, check=_check_text(c))
                           for c in cs if c.verdict == Verdict.FAIL)
        elif verdict == ParityOutcome.PASS:
            reasons.append(msgn("correct.passes",
                                "{kind} passes ({n} check); e.g. {check}",
                                "{kind} passes ({n} checks); e.g. {check}",
                                "n",
                               kind=kind.value, n=len(cs), check=_check_text(cs[0])))
        elif verdict == ParityOutcome.INCONCLUSIVE:
            ok = False
            passes = sum(1 for c in cs if c.verdict == Verdict.PASS)
            reasons.extend(msg("correct.inconclusive", "{kind} INCONCLUSIVE (not a pass): {check}",
                               kind=kind.value, check=_check_text(c))
                           for c in cs if c.verdict == Verdict.INCONCLUSIVE)
            if passes:
                reasons.append(msgn("correct.pass_not_enough", "{kind}: {n} passing check does not outweigh an "
                                    "inconclusive one: every check of the kind must pass",
                                    "{kind}: {n} passing checks do not outweigh an "
                                    "inconclusive one: every check of the kind must pass", "n",
                                    kind=kind.value, n=passes))
        else:
            ok = False
            reasons.append(msg("correct.kind_missing", "{kind}: no check on {platform}",
                               kind=kind.value, platform=option.platform))
    if not ok:
        others = idx.other_platforms(option.runtime, option.platform)
        if others:
            reasons.append(msg("correct.elsewhere", "checks on {others} do not count for {platform}",
                               others=tuple(others), platform=option.platform))
    return Level(ok, tuple(reasons))


def _performs(idx: EvidenceIndex, option: Option, slo: SLO) -> Level:
    """*performs* from a matching own or third-party run that meets the SLO, each limit judged on a
    figure (a run that cannot be judged on a limit does not meet it); not from runs a failed parity
    check excludes. An accepted proxy run that meets the SLO shows the rung only as *proxy*."""
    key = (option.runtime, option.platform)
    gated = idx.gated(key)
    runs = [] if gated else idx.runs.get(key, [])
    target = describe_slo(slo)
    proxies = [] if gated else idx.proxy_runs.get(key, [])
    # an illustrative proxy (published figures reconstructed) counts for capacity alone: it shows no rung, not even as proxy
    proxy_meeting = [r for r in proxies if idx.kind(r) != ProvenanceKind.ILLUSTRATIVE and idx.meets(r, slo)]
    proxy_reason = (msgn("performs.proxy_meets", "shown as proxy: {n} of {total} proxy runs meets the SLO ({slo}); "
                         "a proxy is never the rung itself",
                         "shown as proxy: {n} of {total} proxy runs meet the SLO ({slo}); "
                         "a proxy is never the rung itself", "n", n=len(proxy_meeting), total=len(proxies), slo=target)
                    if proxy_meeting else None)
    if not runs:
        why = [msg("performs.no_benchmark", "no applicable benchmark of {runtime} on {platform}",
                   runtime=option.runtime, platform=option.platform)]
        if gated and idx.runs.get(key):
            why.append(msgn("performs.gated",
                            "{n} run of {runtime} on {platform} is excluded: a required parity check failed "
                            "({check})",
                            "{n} runs of {runtime} on {platform} are excluded: a required parity check "
                            "failed ({check})",
                            "n", n=len(idx.runs[key]), runtime=option.runtime,
                           platform=option.platform, check=idx.parity_failed[key]))
        if proxy_reason is not None:
            why.append(proxy_reason)
        elif proxies:
            why.append(msgn("performs.proxy_only",
                            "{n} proxy run counts for capacity (discounted), never for performs",
                            "{n} proxy runs count for capacity (discounted), never for performs",
                            "n", n=len(proxies)))
        not_counted = _not_counted(idx, option)
        if not_counted:
            why.append(not_counted)
        others = idx.other_platforms(option.runtime, option.platform, runs_only=True)
        if others:
            why.append(msg("performs.elsewhere", "benchmarks on {others} are not evidence for {platform}",
                           others=tuple(others), platform=option.platform))
        if option.cost.assumed_output_tps_per_gpu is not None:
            why.append(msg("performs.assumed", "its capacity is an assumption (assumed_output_tps_per_gpu), "
                           "not a measurement"))
        return Level(False, tuple(why), proxy=proxy_reason is not None)
    meeting = [r for r in runs if idx.meets(r, slo)]
    if meeting:
        best = max(meeting, key=lambda r: output_tps_per_gpu(r) or 0.0)
        return Level(True, (msgn("performs.meets",
                                 "{n} of {total} run meets the SLO ({slo}); best: {best}",
                                 "{n} of {total} runs meet the SLO ({slo}); best: {best}",
                                 "total",
                                n=len(meeting), total=len(runs), slo=target, best=run_label(best)),))
    judged = [r for r in runs if idx.judgement(r, slo).judged]
    if not judged:  # every run lacks a figure some limit needs
        unjudged = tuple(dict.fromkeys(u for r in runs for u in idx.judgement(r, slo).unjudged))
        why = [msgn("performs.cannot_judge", "the {total} run cannot be judged against the SLO ({slo}): {missing}",
                    "none of {total} runs can be judged against the SLO ({slo}): {missing}", "total",
                    total=len(runs), slo=target, missing="; ".join(unjudged))]
        if proxy_reason is not None:
            why.append(proxy_reason)
        return Level(False, tuple(why), proxy=proxy_reason is not None)
    # the run that comes closest: fewest failed conditions, then highest throughput
    closest = min(judged, key=lambda r: (len(idx.failures(r, slo)), -(output_tps_per_gpu(r) or 0.0)))
    why = [msgn("performs.none_meets", "the {total} run does not meet the SLO ({slo})",
                "none of {total} runs meets the SLO ({slo})", "total", total=len(runs), slo=target),
           msg("performs.closest", "closest, {run}: {failures}", run=run_label(closest),
               failures=chain(idx.failures(closest, slo)))]
    if proxy_reason is not None:
        why.append(proxy_reason)
    return Level(False, tuple(why), proxy=proxy_reason is not None)


def evidence_levels(idx: EvidenceIndex, option: Option, ws: Workspace,
                    verdicts: tuple[KindParity, ...] | None = None) -> EvidenceLevels:
    if verdicts is None:
        verdicts = parity_by_kind(idx, option, ws.required_parity)
    return EvidenceLevels(
        builds=_builds(idx, option),
        correct=_correct(idx, option, ws.required_parity, verdicts),
        performs=_performs(idx, option, ws.slo),
    )


def attributions(idx: EvidenceIndex, ws: Workspace) -> tuple[tuple[Attribution, ...], tuple[Attribution, ...]]:
    """For every run and every parity check: the options (same runtime, same matrix platform)
    it counts for, and the name to group it under (worked out once per index and options)."""
    key = ("attributions", tuple((o.id, o.name, o.runtime, o.platform) for o in ws.options))
    got = idx._derived.get(key)
    if got is None:
        got = idx._derived[key] = _attributions(idx, ws)
    return got  # type: ignore[return-value]


def _attributions(idx: EvidenceIndex, ws: Workspace) -> tuple[tuple[Attribution, ...], tuple[Attribution, ...]]:
    by_key: dict[tuple[str, str], list[Option]] = defaultdict(list)
    for o in ws.options:
        by_key[(o.runtime, o.platform)].append(o)
    names: dict[tuple[str, str], str | Message] = {}

    def group(key: tuple[str, str]) -> str | Message:
        got = names.get(key)
        if got is None:
            opts = by_key.get(key, [])
            if opts:
                got = " / ".join(o.name for o in opts)
            else:
                rt = ws.matrix.runtime(key[0])
                pf = ws.matrix.platform(key[1])
                got = msg("evidence.group", "{runtime} on {platform}", runtime=rt.name if rt else key[0],
                          platform=pf.name if pf else key[1])
            names[key] = got
        return got

    # a run or check that does not say its runtime or platform is not "on —": it is grouped by its
    # file, named by what it lacks (or, when it is of another workload anyway, as a mismatch); the
    # places of the items are listed only when there is such an item
    def places(item: str) -> list[tuple[int, int, str]]:
        return [(fi, i, f.provenance.file_name) for fi, f in enumerate(ws.evidence.files)
                for i in range(len(f.runs if item == "run" else f.parity))]

    mismatched = {(x.item, x.file_index, x.index) for x in idx.fits if x.applicability == Applicability.MISMATCH}

    def unplaced(item: str, where: tuple[int, int, str]) -> Message:
        fi, index, name = where
        if (item, fi, index) in mismatched:
            return msg("evidence.group_mismatch", "mismatch ({file})", file=name)
        return msg("evidence.group_needs_context", "needs context ({file})", file=name)

    # per (runtime, platform): its options and its group's name, worked out once per key
    per_key: dict[tuple[str, str], tuple[tuple[str, ...], str | Message]] = {}

    def of(key: tuple[str, str]) -> tuple[tuple[str, ...], str | Message]:
        got = per_key.get(key)
        if got is None:
            got = per_key[key] = (tuple(o.id for o in by_key.get(key, [])), group(key))
        return got

    def every(keys: list[tuple[str, str]], item: str) -> tuple[Attribution, ...]:
        if all(k[0] and k[1] for k in keys):
            return tuple(Attribution(i, k[0], k[1], *(per_key.get(k) or of(k))) for i, k in enumerate(keys))
        files = places(item)
        return tuple(Attribution(i, k[0], k[1], tuple(o.id for o in by_key.get(k, [])),
                                 group(k) if k[0] and k[1] or i >= len(files) else unplaced(item, files[i]))
                     for i, k in enumerate(keys))

    return every(idx.run_keys, "run"), every(idx.parity_keys, "check")


# ---------------------------------------------------------------------------------------------
# checklist


def checklist_summary(ws: Workspace, option: Option) -> tuple[ChecklistSummary, list[tuple[Label, Estimate]]]:
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
    efforts: list[tuple[Label, Estimate]] = []
    trail: list[TrailItem] = []
    lines: list[ChecklistLine] = []
    kind = option.topology.kind if option.topology.disaggregated else TopologyKind.AGGREGATED
    items = [i for i in ws.checklist if i.applies_to(kind)]  # an item names the topologies that need it
    not_needed = tuple(i.title for i in ws.checklist if not i.applies_to(kind))
    for item in ws.checklist:
        if not item.applies_to(kind):
            lines.append(ChecklistLine(item.id, item.title, None, needed=False))
            continue
        a = answers.get(item.id)
        if a is None:
            unanswered.append(item.id)
            lines.append(ChecklistLine(item.id, item.title, None))
            continue
        e = a.effort_person_weeks
        stated = EffortRange(e.low, e.likely, e.high)
        who = a.provider.strip()
        if a.answer == Answer.PROVIDED:
            provided.append(item.id)
            lines.append(ChecklistLine(item.id, item.title, a.answer, who, stated, notes=a.notes))
            continue
        if a.answer == Answer.EXTERNAL:
            external.append(item.id)
            label = (msg("checklist.effort_external_by", "{item} (external, {who})", item=item.title, who=who)
                     if who else msg("checklist.effort_external", "{item} (external)", item=item.title))
        elif who:
            owned.append(item.id)
            label = msg("checklist.effort_owned", "{item} (missing, to be built by {who})", item=item.title, who=who)
        else:
            blockers.append(Blocker(item.id, item.title,
                                    msg("checklist.blocker", "{item}: missing and nobody is named to build it",
                                        item=item.title)))
            trail.append(TrailItem(msg("checklist.effort_blocker", "{item} (missing, BLOCKER: no owner)", item=item.title),
                                   msg("trail.not_counted", "not counted"), "person-weeks",
                                   msg("trail.blocker_effort", "checklist answer {item}: its effort counts once "
                                       "someone is named to build it (stated: {stated})", item=item.id,
                                       stated=a.effort_person_weeks.likely)))
            lines.append(ChecklistLine(item.id, item.title, a.answer, who, stated, blocker=True, notes=a.notes))
            continue
        lines.append(ChecklistLine(item.id, item.title, a.answer, who, stated, counted=True, notes=a.notes))
        efforts.append((label, a.effort_person_weeks))
        trail.append(TrailItem(label, a.effort_person_weeks.likely, "person-weeks",
                               msg("trail.checklist_answer", "checklist answer {item}", item=item.id)))
    n = len(items)
    if n:
        completeness = Figure(msg("figure.service_completeness", "service completeness"), len(provided) / n,
                              "fraction",
                              (TrailItem(msg("trail.items_provided", "items provided"), len(provided), "items",
                                         msg("trail.checklist_answers", "checklist answers")),
                               TrailItem(msg("trail.checklist_items", "checklist items"), n, "items",
                                         msg("trail.workspace_checklist", "workspace checklist"))))
    else:
        completeness = Figure(msg("figure.service_completeness", "service completeness"), None, "fraction",
                              missing_reason=msg("checklist.empty", "the workspace has no checklist items"))
    total = sum(e.likely for _, e in efforts)
    flags = (msgn("checklist.blockers_excluded",
                  "excludes {n} blocker without an owner: its effort counts once someone is named",
                  "excludes {n} blockers without an owner: their effort counts once someone is named",
                  "n", n=len(blockers)),) if blockers else ()
    effort = Figure(msg("figure.checklist_effort", "checklist engineering effort"), float(total), "person-weeks", tuple(trail), flags=flags)
    unanswered_titles = tuple(titles.get(i, i) for i in unanswered)
    return ChecklistSummary(tuple(provided), tuple(external), tuple(owned), tuple(blockers),
                            unanswered_titles, completeness, effort, tuple(lines), not_needed), efforts
