"""The source article's checklist before approving a migration, answered per option.

The DeepInfer compatibility note asks four questions before a migration is approved:

1. official architecture and build support: is the exact GPU on the runtime's official list, and
   can the pinned environment be reproduced on a clean machine?
2. kernel coverage and correctness: do the kernels give the same outputs, and do structured
   responses and long contexts stay correct?
3. distributed performance: do the planned GPU count and topology stay stable at the concurrency
   and memory targets?
4. service completeness: where do the KV cache, routing, authentication, HTTP transport and load
   balancing come from?

Each is *answered*, *partly* answered or *not answered* by the evidence at hand, with the evidence
that answers it; "answered" says the evidence decides the question, not that the answer favours
the option (an unmet requirement answers question 1, with a concern). The answers are derived
here once, from what the rest of the analysis already decided (classification, parity verdicts,
the runs that count, the checklist summary) plus the environment captures, and every view formats
them (docs/analysis.md, "The article's four questions").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from deepdecide.analysis.assessment import (
    ArticleChecklist,
    ArticleQuestion,
    EnvironmentFit,
    EvidenceFit,
    OptionAssessment,
    ParityOutcome,
    QuestionAnswer,
    QuestionState,
    RequirementFit,
)
from deepdecide.analysis.evidence import STATUS_NAMES, EvidenceIndex
from deepdecide.analysis.runs import run_label
from deepdecide.domain.environment import EnvironmentCapture, pin_text, summary
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, ParityKind, ProvenanceKind
from deepdecide.domain.machine import ReqState, check_requirement, parse_version
from deepdecide.domain.matrix import Component, Requirement, exact_platform
from deepdecide.domain.messages import Message, Quoted, chain, msg, msgn
from deepdecide.domain.slo import SLO
from deepdecide.domain.workspace import Answer, Option, Workspace

ANSWERED, PARTLY, NOT_ANSWERED = QuestionState.ANSWERED, QuestionState.PARTLY, QuestionState.NOT_ANSWERED

#: the flag an importer writes where the file states the server's KV-cache use (a fraction)
KV_FLAG = "inference_perf.prom_kv"

#: the four questions in a few words, and the states, in the reader's language (``str()``)
QUESTION_TITLES: dict[ArticleQuestion, Message] = {
    ArticleQuestion.SUPPORT: msg("article.q.support", "Official support for the exact GPU, and a pinned environment"),
    ArticleQuestion.KERNELS: msg("article.q.kernels", "Kernel coverage and correctness"),
    ArticleQuestion.DISTRIBUTED: msg("article.q.distributed", "Distributed performance on the planned GPUs"),
    ArticleQuestion.SERVICE: msg("article.q.service", "Service completeness"),
}
STATE_WORDS: dict[QuestionState, Message] = {
    ANSWERED: msg("article.state.answered", "answered"),
    PARTLY: msg("article.state.partly", "partly"),
    NOT_ANSWERED: msg("article.state.not_answered", "not answered"),
}


_T = TypeVar("_T")


def answer_questions(ws: Workspace, idx: EvidenceIndex, oa: OptionAssessment) -> ArticleChecklist:
    """The four answers for one option (the option as the workspace states it, assessed as ``oa``)."""
    option = ws.option(oa.option)
    assert option is not None, oa.option  # the assessment's own option
    fits = idx.fits_by_option().get(oa.option, [])
    support, envs = _support(ws, option, oa, _environments(ws, idx))
    return ArticleChecklist((support, _kernels(ws, option, oa, fits, _check_files(ws, idx)),
                             _distributed_once(ws, idx, option, fits),
                             _service(oa)), envs)


def _per_evidence(ws: Workspace, idx: EvidenceIndex, name: str, compute: Callable[[], _T],
                  also: tuple[object, ...] = ()) -> _T:
    """``compute()`` once per index for the evidence it was built from and ``also`` (what else it
    reads, compared by value; a slider moved walks no evidence file again); another evidence (not
    the index's own) is computed afresh."""
    ev = ws.evidence
    kept, value = idx.once((name, id(ev), *also), lambda: (ev, compute()))
    return value if kept is ev else compute()


def _environments(ws: Workspace, idx: EvidenceIndex) -> list[tuple[int, EvidenceFile]]:
    """The environment captures among the evidence files, with their places."""
    return _per_evidence(ws, idx, "environments", lambda: [(fi, f) for fi, f in enumerate(ws.evidence.files)
                                                            if f.environment is not None])


def _check_files(ws: Workspace, idx: EvidenceIndex) -> list[str]:
    """The file name of each parity check, in the order of the checks."""
    return _per_evidence(ws, idx, "check_files", lambda: [f.provenance.file_name for f in ws.evidence.files
                                                           for _c in f.parity])


def _names(ws: Workspace, option: Option) -> tuple[str, str]:
    rt, pf = ws.matrix.runtime(option.runtime), ws.matrix.platform(option.platform)
    return (rt.name if rt else option.runtime), (pf.name if pf else option.platform)


# ---------------------------------------------------------------------------------------------
# 1. official support and a pinned environment


def _requirement_fit(req: Requirement, env: EnvironmentCapture) -> RequirementFit:
    """A pinned requirement against the capture, as ``deepdecide check`` judges a machine; CUDA is the
    toolkit's. Where the capture holds only the driver's newest CUDA, a driver below the requirement
    fails it (no toolkit that new can run), one at or above it leaves it unknown."""
    got = check_requirement(req, env.machine())
    if req.component == Component.CUDA and not env.cuda and env.driver_cuda:
        driver = check_requirement(req, _with_cuda(env, env.driver_cuda).machine())
        if driver.state == ReqState.UNMET:
            return RequirementFit(req.component.value, req.spec, req.text, env.driver_cuda, ReqState.UNMET.value,
                                  msg("article.env.driver_cuda_below", "the driver supports CUDA up to {cuda}",
                                      cuda=env.driver_cuda))
        return RequirementFit(req.component.value, req.spec, req.text, "", ReqState.UNKNOWN.value,
                              msg("article.env.toolkit_missing", "the driver supports CUDA {cuda}; the toolkit's "
                                  "version is not in the capture", cuda=env.driver_cuda))
    reason = None
    if got.state == ReqState.UNKNOWN:
        reason = (msg("article.env.not_captured", "{component} not in the capture", component=req.component.value)
                  if not got.machine_value else
                  msg("article.env.not_comparable", "{value!r} cannot be compared with {spec}",
                      value=got.machine_value, spec=req.spec)
                  if parse_version(got.machine_value) is None else
                  msg("article.env.spec_unreadable", "the matrix's range {spec!r} is not readable", spec=req.spec))
    return RequirementFit(req.component.value, req.spec, req.text, got.machine_value, got.state.value, reason)


def _with_cuda(env: EnvironmentCapture, cuda: str) -> EnvironmentCapture:
    return replace(env, cuda=cuda)


def _environment_fit(ws: Workspace, option: Option, fi: int) -> EnvironmentFit:
    f = ws.evidence.files[fi]
    env = f.environment
    assert env is not None
    platform = exact_platform(ws.matrix, env.gpu_name)
    reasons: list[Message] = []
    counts = platform is not None and platform.id == option.platform
    if not counts:
        reasons.append(msg("article.env.other_gpu", "captured on {gpu}, which is not {platform} exactly",
                           gpu=env.gpu_name or "?", platform=option.platform))
    if f.provenance.kind in (ProvenanceKind.ILLUSTRATIVE, ProvenanceKind.PREDICTED):
        counts = False
        reasons.append(msg("article.env.not_measured", "a capture of kind {kind} shows no machine that ran it",
                           kind=f.provenance.kind.value))
    entry = ws.matrix.entry(option.runtime, option.platform)
    reqs = tuple(_requirement_fit(r, env) for r in entry.requirements) if entry else ()
    if not env.pinned:
        reasons.append(pin_text(env))
    return EnvironmentFit(f.provenance.file_name, fi, env.gpu_name, env.gpu_count,
                          platform.id if platform else "", counts, env.pinned, pin_text(env), reqs, tuple(reasons))


def _env_rank(e: EnvironmentFit) -> tuple[int, int, int]:
    unmet = sum(1 for r in e.requirements if r.state == ReqState.UNMET.value)
    unknown = sum(1 for r in e.requirements if r.state == ReqState.UNKNOWN.value)
    return (0 if e.pinned else 1, unknown, unmet)


def _cited(ws: Workspace, option: Option) -> tuple[Message, ...]:
    """The support cell's sources, each its title and as-of as the source wrote them (quoted in Spanish)."""
    entry = ws.matrix.entry(option.runtime, option.platform)
    return tuple(msg("article.source", "{title} ({date})", title=Quoted(s.title or s.url_or_path),
                     date=Quoted(s.as_of or "", as_of=True)) for s in (entry.sources if entry else ()))


def _support(ws: Workspace, option: Option, oa: OptionAssessment,
             environments: Sequence[tuple[int, EvidenceFile]]) -> tuple[QuestionAnswer, tuple[EnvironmentFit, ...]]:
    rt, pf = _names(ws, option)
    cls = oa.classification
    evidence: list[Message] = [msg("article.support.cell", "support matrix: {runtime} on {platform} is {status}{sources}",
                                   runtime=rt, platform=pf, status=STATUS_NAMES[cls.status],
                                   sources=msg("article.sources", " ({sources})", sources=_cited(ws, option))
                                   if cls.sources else "")]
    concerns: list[Message] = []
    missing: list[Message] = []
    if cls.official:
        listed = msg("article.support.listed", "{platform} is on {runtime}'s official list", platform=pf, runtime=rt)
    else:
        listed = msg("article.support.not_listed", "{platform} is not on {runtime}'s official list: an "
                     "experimental project", platform=pf, runtime=rt)
        concerns.append(msg("article.support.experimental", "not on the official list: the article classifies the "
                            "project as experimental"))
    envs = tuple(_environment_fit(ws, option, fi) for fi, f in environments
                 if f.environment is not None and f.environment.runtime == option.runtime)
    for e in envs:
        if not e.counts:
            evidence.append(msg("article.env.not_counted", "environment capture {file} does not count: {reasons}",
                                file=e.file, reasons=e.reasons))
    counting = sorted((e for e in envs if e.counts), key=_env_rank)
    files: tuple[str, ...] = ()
    if not counting:
        state = PARTLY
        environment = msg("article.env.none", "no environment capture on this exact GPU")
        missing.append(msg("article.env.needed", "an environment capture of {runtime} on {platform}: the XML of "
                           "nvidia-smi -q -x, the runtime's version output and an image digest or a lock file "
                           "(docs/evidence-import.md)", runtime=rt, platform=pf))
        return QuestionAnswer(ArticleQuestion.SUPPORT, state, msg("article.support.answer", "{listed}; {environment}",
                                                                  listed=listed, environment=environment),
                              tuple(evidence), tuple(missing), tuple(concerns), files), envs
    best = counting[0]
    capture = ws.evidence.files[best.file_index].environment
    assert capture is not None
    files = tuple(dict.fromkeys(e.file for e in counting))
    evidence.append(msg("article.env.capture", "environment capture {file}: {summary}", file=best.file,
                        summary=summary(capture)))
    for r in best.requirements:
        evidence.append(_requirement_line(r))
    unmet = [r for r in best.requirements if r.state == ReqState.UNMET.value]
    unknown = [r for r in best.requirements if r.state == ReqState.UNKNOWN.value]
    if unmet:
        state = ANSWERED
        concerns.extend(_requirement_line(r) for r in unmet)
        environment = msg("article.env.unmet", "the captured environment does not meet {components}",
                          components=tuple(f"{r.component} {r.spec}" for r in unmet))
    elif not best.pinned or unknown:
        state = PARTLY
        if not best.pinned:
            missing.append(msg("article.env.pin_needed", "a pin for the environment: the image's digest "
                               "(name@sha256:...) or a lock file with every package at one version"))
        missing.extend(_requirement_line(r) for r in unknown)
        environment = (msg("article.env.unpinned", "the environment is captured but not pinned") if not best.pinned
                       else msg("article.env.unknown", "the environment is pinned; {components} not in the capture",
                                components=tuple(r.component for r in unknown)))
    else:
        state = ANSWERED
        environment = (msg("article.env.meets", "the environment is pinned and meets every pinned requirement")
                       if best.requirements else
                       msg("article.env.no_requirements", "the environment is pinned (the matrix pins no requirement "
                           "for this cell)"))
    return QuestionAnswer(ArticleQuestion.SUPPORT, state, msg("article.support.answer", "{listed}; {environment}",
                                                              listed=listed, environment=environment),
                          tuple(evidence), tuple(missing), tuple(concerns), files), envs


def _requirement_line(r: RequirementFit) -> Message:
    if r.state == ReqState.MET.value:
        return msg("article.req.met", "{component} {spec}: met ({captured})", component=r.component, spec=r.spec,
                   captured=r.captured)
    if r.state == ReqState.UNMET.value:
        why = msg("article.req.why", "; {reason}", reason=r.reason) if r.reason is not None else ""
        return msg("article.req.unmet", "{component} {spec} ({text}): NOT met, the capture has {captured}{why}",
                   component=r.component, spec=r.spec, text=r.text or r.spec, captured=r.captured, why=why)
    return msg("article.req.unknown", "{component} {spec}: unknown ({reason})", component=r.component, spec=r.spec,
               reason=r.reason if r.reason is not None else msg("article.env.not_captured",
                                                                 "{component} not in the capture",
                                                                 component=r.component))


# ---------------------------------------------------------------------------------------------
# 2. kernel coverage and correctness


def _kernels(ws: Workspace, option: Option, oa: OptionAssessment, fits: Sequence[EvidenceFit],
             names: Sequence[str]) -> QuestionAnswer:
    rt, pf = _names(ws, option)
    evidence: list[Message] = []
    decided = failed = 0
    missing_kinds: list[str] = []
    inconclusive: list[str] = []
    concerns: list[Message] = []
    files: list[str] = []
    counted = 0
    for kp in oa.parity:
        kind_files = tuple(dict.fromkeys(names[i] for i in kp.checks if i < len(names)))
        files.extend(kind_files)
        counted += len(kp.checks)
        if kp.outcome == ParityOutcome.NONE:
            missing_kinds.append(kp.kind.value)
            continue
        evidence.append(msgn("article.kernels.kind", "{kind}: {outcome} ({n} check: {files})",
                             "{kind}: {outcome} ({n} checks: {files})", "n", kind=kp.kind.value,
                             outcome=kp.outcome.value, n=len(kp.checks), files=kind_files))
        if kp.outcome == ParityOutcome.INCONCLUSIVE:
            inconclusive.append(kp.kind.value)
            continue
        decided += 1
        if kp.outcome == ParityOutcome.FAIL:
            failed += 1
            concerns.append(msg("article.kernels.failed", "{kind} FAILED: the outputs differ from the reference",
                                kind=kp.kind.value))
    others = sum(1 for f in fits if f.item == "check" and "correct" not in f.counts_for)
    if others:
        evidence.append(msgn("article.kernels.others",
                             "{n} check about this option counts for no verdict (another model, a proxy, or "
                             "needing context)",
                             "{n} checks about this option count for no verdict (another model, a proxy, or "
                             "needing context)",
                             "n", n=others))
    missing: list[Message] = []
    if missing_kinds:
        missing.append(msg("article.kernels.missing", "no check of: {kinds}", kinds=tuple(missing_kinds)))
    if inconclusive:
        missing.append(msg("article.kernels.inconclusive", "inconclusive, not a pass: {kinds}",
                           kinds=tuple(inconclusive)))
    total = len(ParityKind)
    if not counted:
        state = NOT_ANSWERED
        answer = msg("article.kernels.none", "no parity check of {runtime} on {platform} counts", runtime=rt,
                     platform=pf)
    elif decided == total:
        state = ANSWERED
        answer = (msg("article.kernels.all_pass", "every parity kind checked: all {n} pass", n=total) if not failed
                  else msg("article.kernels.some_fail", "every parity kind checked: {failed} of {n} fail",
                           failed=failed, n=total))
    else:
        state = PARTLY
        answer = msg("article.kernels.partly", "{decided} of {n} parity kinds decided ({failed} failed); not "
                     "decided: {kinds}", decided=decided, n=total, failed=failed,
                     kinds=tuple(missing_kinds + inconclusive))
    return QuestionAnswer(ArticleQuestion.KERNELS, state, answer, tuple(evidence), tuple(missing), tuple(concerns),
                          tuple(dict.fromkeys(files)))


# ---------------------------------------------------------------------------------------------
# 3. distributed performance


def serving_unit(option: Option) -> tuple[int, int | None, int | None, Message]:
    """The GPUs of one serving unit as the option plans it (total, prefill, decode) and where the
    number comes from: the topology's unit, else its prefill + decode GPUs, else one node."""
    t = option.topology
    split = (t.prefill_gpus, t.decode_gpus) if t.prefill_gpus and t.decode_gpus else (None, None)
    if t.unit_gpus:
        return t.unit_gpus, *split, msg("article.unit.stated", "the topology's serving unit")
    if split[0] and split[1]:
        return split[0] + split[1], *split, msg("article.unit.split", "the topology's prefill + decode GPUs")
    node = max(int(t.gpus_per_node or 1), 1)
    return node, None, None, msg("article.unit.node", "one node: the topology states no serving unit")


def _on_unit(run: BenchmarkRun, unit: int, prefill: int | None, decode: int | None) -> bool:
    if run.gpu_count != unit:
        return False
    if prefill is not None and decode is not None:
        return run.prefill_gpus in (None, prefill) and run.decode_gpus in (None, decode)
    return True


def _judge(slo: SLO, run: BenchmarkRun) -> tuple[list[Message], list[Message]]:
    """(misses, unmeasured): the limits ``run`` misses (messages, as every run's reason) and those its
    file has no figure for (the limit's label, a message)."""
    misses: list[Message] = []
    unmeasured: list[Message] = []
    if run.completed is not None and run.completed <= 0:
        misses.append(msg("slo.no_request_completed", "no request completed"))
    for entry, value in slo.active():
        figure = entry.figure(run)
        if figure is None:
            unmeasured.append(Message(f"slo.label.{entry.id}", entry.label))
        elif not entry.met(figure, value):
            misses.append(entry.reason_missed(figure, value))
    return misses, unmeasured


def _load(run: BenchmarkRun) -> Message:
    if run.concurrency is not None:
        return msg("article.load.concurrency", "concurrency {n}", n=run.concurrency)
    if run.max_rate:
        return msg("article.load.max_rate", "requests as fast as possible")
    if run.request_rate is not None:
        return msg("article.load.rate", "{rate} requests/s", rate=run.request_rate)
    return msg("article.load.unknown", "a load the file does not state")


def _load_key(run: BenchmarkRun) -> float:
    if run.concurrency is not None:
        return run.concurrency
    if run.max_rate:
        return float("inf")
    return run.request_rate or 0.0


def _kv_use(run: BenchmarkRun) -> float | None:
    for f in run.quality_flags:
        if f.id == KV_FLAG:
            value = f.args.get("value")
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return float(value)
    return None


def _distributed_once(ws: Workspace, idx: EvidenceIndex, option: Option, fits: Sequence[EvidenceFit]) -> QuestionAnswer:
    """``_distributed`` once per index, option, topology and SLO (it walks every run of the option:
    a slider moved walks none)."""
    return _per_evidence(ws, idx, f"distributed {option.id}",
                         lambda: _distributed(ws, option, fits), (option.topology, ws.slo))


def _distributed(ws: Workspace, option: Option, fits: Sequence[EvidenceFit]) -> QuestionAnswer:
    unit, prefill, decode, basis = serving_unit(option)
    unit_text = (msgn("article.unit.roles", "{n} GPU ({prefill} prefill + {decode} decode)",
                      "{n} GPUs ({prefill} prefill + {decode} decode)", "n", n=unit, prefill=prefill, decode=decode)
                 if prefill and decode else msgn("article.unit.gpus", "{n} GPU", "{n} GPUs", "n", n=unit))
    evidence: list[Message] = [msg("article.unit", "serving unit: {unit} ({basis})", unit=unit_text, basis=basis)]
    missing: list[Message] = []
    concerns: list[Message] = []
    counted: list[tuple[EvidenceFit, BenchmarkRun]] = []
    proxies: list[tuple[EvidenceFit, BenchmarkRun]] = []
    for f in fits:
        if f.item != "run" or f.excluded:
            continue
        run = ws.evidence.files[f.file_index].runs[f.index]
        if "performs" in f.counts_for:
            counted.append((f, run))
        elif "capacity" in f.counts_for and f.discount is not None and f.kind != ProvenanceKind.ILLUSTRATIVE.value:
            proxies.append((f, run))  # an illustrative proxy (published figures) shows no serving unit that ran
    on_unit = [(f, r) for f, r in counted if _on_unit(r, unit, prefill, decode)]
    elsewhere = sorted({r.gpu_count for _f, r in counted if not _on_unit(r, unit, prefill, decode)},
                       key=lambda n: (n is None, n or 0))
    if elsewhere:
        evidence.append(msg("article.runs.elsewhere", "counted runs with other GPU counts ({counts}) do not answer "
                            "it: the serving unit is {unit}", counts=tuple("?" if n is None else str(n) for n in elsewhere),
                            unit=unit))
    nothing = sum(1 for f in fits if f.item == "run" and (not f.counts_for or f.kind == ProvenanceKind.ILLUSTRATIVE.value))
    if nothing:
        evidence.append(msgn("article.runs.nothing",
                             "{n} run about this option counts for nothing here (illustrative, another "
                             "workload, or needing context)",
                             "{n} runs about this option count for nothing here (illustrative, another "
                             "workload, or needing context)",
                             "n", n=nothing))
    files = tuple(dict.fromkeys(f.file for f, _r in on_unit))
    meets: list[tuple[EvidenceFit, BenchmarkRun]] = []
    misses: list[tuple[EvidenceFit, BenchmarkRun, list[Message]]] = []
    unjudged: list[Message] = []
    for f, r in on_unit:
        missed, unmeasured = _judge(ws.slo, r)
        if missed:
            misses.append((f, r, missed))
        elif unmeasured:
            unjudged.extend(unmeasured)
        else:
            meets.append((f, r))
    for f, r in on_unit:
        kv = _kv_use(r)
        if kv is not None:
            evidence.append(msg("article.memory", "{run} ({file}): mean KV-cache use {use} as the server exports it"
                                "{headroom}", run=run_label(r), file=f.file, use=kv,
                                headroom=msg("article.memory.headroom", ": memory headroom {share}",
                                             share=f"{1 - kv:.0%}") if 0 <= kv <= 1 else ""))
    if on_unit and not any(_kv_use(r) is not None for _f, r in on_unit):
        missing.append(msg("article.memory.none", "memory headroom: no file states the KV-cache use of these runs"))
    if meets:
        state = ANSWERED
        f, r = max(meets, key=lambda fr: _load_key(fr[1]))
        answer = msg("article.dist.meets", "a serving unit of {unit} meets the SLO up to {load} ({run}, {file})",
                     unit=unit_text, load=_load(r), run=run_label(r), file=f.file)
        evidence.append(msgn("article.dist.meets_n",
                             "{n} of {total} run on the serving unit meets the SLO",
                             "{n} of {total} runs on the serving unit meet the SLO",
                             "total",
                            n=len(meets), total=len(on_unit)))
    elif misses:
        state = ANSWERED
        f, r, missed = min(misses, key=lambda frm: _load_key(frm[1]))
        answer = msg("article.dist.misses", "a serving unit of {unit} misses the SLO at every measured load; "
                     "lightest, {run} ({file}): {reasons}", unit=unit_text, run=run_label(r), file=f.file, reasons=chain(missed))
        concerns.append(msg("article.dist.concern", "the planned serving unit misses the SLO"))
    elif on_unit:
        state = PARTLY
        answer = msgn("article.dist.unjudged",
                      "{n} run on a serving unit of {unit}, not judged on every limit of the SLO",
                      "{n} runs on a serving unit of {unit}, none judged on every limit of the SLO",
                      "n",
                     n=len(on_unit), unit=unit_text)
        missing.append(msg("article.dist.not_measured", "not measured: {limits}",
                           limits=tuple(dict.fromkeys(unjudged))))
    else:
        proxy_unit = [(f, r) for f, r in proxies if _on_unit(r, unit, prefill, decode)]
        if proxy_unit:
            state = PARTLY
            files = tuple(dict.fromkeys(f.file for f, _r in proxy_unit))
            answer = msg("article.dist.proxy", "only proxy runs (another workload) on a serving unit of {unit}", unit=unit_text)
        else:
            state = NOT_ANSWERED
            answer = msg("article.dist.none", "no counted run on a serving unit of {unit}", unit=unit_text)
        missing.append(msg("article.dist.needed", "a run of the decision's workload on a serving unit of {unit}, judged "
                           "on every limit of the SLO", unit=unit_text))
    return QuestionAnswer(ArticleQuestion.DISTRIBUTED, state, answer, tuple(evidence), tuple(missing),
                          tuple(concerns), files)


# ---------------------------------------------------------------------------------------------
# 4. service completeness


def _service(oa: OptionAssessment) -> QuestionAnswer:
    lines = tuple(ln for ln in oa.checklist.lines if ln.needed)  # items its topology needs
    if not lines:
        return QuestionAnswer(ArticleQuestion.SERVICE, NOT_ANSWERED,
                              msg("article.service.no_items", "the workspace has no checklist items"))
    provided = [ln.title for ln in lines if ln.answer == Answer.PROVIDED]
    external = [ln.title for ln in lines if ln.answer == Answer.EXTERNAL]
    owned = [ln.title for ln in lines if ln.answer == Answer.MISSING and not ln.blocker]
    blockers = [ln.title for ln in lines if ln.blocker]
    unanswered = [ln.title for ln in lines if ln.answer is None]
    evidence: list[Message] = []
    if provided:
        evidence.append(msg("article.service.provided", "provided by the runtime: {items}", items=tuple(provided)))
    if external:
        evidence.append(msg("article.service.external", "external (its engineering is added to the migration cost): "
                            "{items}", items=tuple(external)))
    if owned:
        evidence.append(msg("article.service.owned", "missing, someone named to build it (engineering counted): "
                            "{items}", items=tuple(owned)))
    concerns = [msg("article.service.blocker", "missing and nobody named to build it: {items}",
                    items=tuple(blockers))] if blockers else []
    missing = [msg("article.service.unanswered", "unanswered: {items}", items=tuple(unanswered))] if unanswered else []
    state = ANSWERED if not unanswered else NOT_ANSWERED if len(unanswered) == len(lines) else PARTLY
    counts = [m for m, items in (
        # counted: the same English for one and many, but not in every language ("1 externa", "2 externas")
        (msgn("article.service.n_provided", "{n} provided", "{n} provided", "n", n=len(provided)), provided),
        (msgn("article.service.n_external", "{n} external", "{n} external", "n", n=len(external)), external),
        (msgn("article.service.n_owned", "{n} to be built", "{n} to be built", "n", n=len(owned)), owned),
        (msgn("article.service.n_blockers", "{n} missing with nobody named", "{n} missing with nobody named", "n",
              n=len(blockers)), blockers),
        (msgn("article.service.n_unanswered", "{n} unanswered", "{n} unanswered", "n", n=len(unanswered)),
         unanswered)) if items]
    answer = msg("article.service.answer", "of {n} pieces: {counts}", n=len(lines), counts=tuple(counts))
    return QuestionAnswer(ArticleQuestion.SERVICE, state, answer, tuple(evidence), tuple(missing), tuple(concerns))
