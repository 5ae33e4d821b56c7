"""Knock-outs: whether an option can be recommended on the SLO and the parity gate, derived once.

An option is **not recommendable** when its capacity fails the SLO at the lightest measured load,
when a required parity check failed (every run excluded), or when the evidence at hand cannot
speak to a limit (the runs lack the figure, no stated mapping supplies it) and nothing else — a
proxy, a prediction, a stated assumption — gives a capacity; and when nothing at all shows that it
meets the SLO (no applicable run, no assumption). The reason joins the option's eligibility
reasons, so every view lists it (cards, ranking, presentation, the record, ``evaluate``), ranked
after the options that can be recommended; and each knock-out names what would make the option
recommendable.

An option is judged through its capacity by default (:func:`from_capacity`). An option kind
without a GPU capacity (a hosted API: its provider's stated latency, or a benchmark run against
the API) registers its own judge with :func:`register` for its strategy; the knock-outs then
apply to it on those terms.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from deepdecide.analysis.assessment import (
    MEETS_SLO,
    Capacity,
    CapacityBasis,
    OptionAssessment,
    SloStanding,
    SloStatus,
)
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import Option, Strategy, Workspace

#: judge(workspace, option, capacity) -> the option's standing; by the option's strategy value
Judge = Callable[[Workspace, Option, Capacity], SloStanding]
_JUDGES: dict[str, Judge] = {}

NO_OPTION_MEETS = msg("recommend.none_meets", "no option meets the SLO with the evidence at hand")
NO_OPTION_ELIGIBLE = msg("recommend.none_eligible", "no option can be recommended: every option is dev-only, "
                                                    "blocked or vetoed by a knock-out criterion")


def register(strategy: str, judge: Judge) -> None:
    """Judge the options of ``strategy`` (its value, e.g. ``"hosted-api"``) with ``judge`` instead
    of through a GPU capacity."""
    _JUDGES[strategy] = judge


def standing(ws: Workspace, option: Option, cap: Capacity) -> SloStanding:
    """The option against the SLO and the parity gate (its kind's judge, else its capacity)."""
    judge = _JUDGES.get(option.strategy.value)
    return judge(ws, option, cap) if judge is not None else from_capacity(option, cap)


def _error_rate(text: str) -> bool:
    return text.startswith("error rate")


def _remedies_unjudged(option: Option, unjudged: Sequence[str]) -> list[Message]:
    out: list[Message] = []
    if any(_error_rate(u) for u in unjudged):
        out.append(msg("remedy.error_rate", "runs of {runtime} on {platform} that count completed and failed requests, "
                                            "or no error-rate limit (slo: max_error_rate: null) if the service does "
                                            "not need one", runtime=option.runtime, platform=option.platform))
    stats = tuple(u.removesuffix(" not measured") for u in unjudged if not _error_rate(u))
    if stats:
        out.append(msg("remedy.statistic", "runs of {runtime} on {platform} that report {statistics}, or a stated "
                                           "mapping for the file's figures (deepdecide evidence set FILE --map)",
                       runtime=option.runtime, platform=option.platform, statistics=stats))
    return out


def _assumption_remedy(option: Option) -> Message:
    return msg("remedy.assumption", "a stated assumed capacity for {option} (cost.assumed_output_tps_per_gpu), "
                                    "labelled an assumption", option=option.id)


def from_capacity(option: Option, cap: Capacity) -> SloStanding:
    """The standing a GPU capacity gives: it meets the SLO when the capacity is known (on whatever
    basis, labelled where it is shown); otherwise the knock-out its basis names."""
    if cap.value is not None:
        return MEETS_SLO
    if cap.basis == CapacityBasis.FAILS_PARITY:
        return SloStanding(SloStatus.FAILS_PARITY, cap.note or msg("knockout.fails_parity", "fails parity"), (msg("remedy.parity", "a passing parity check of {runtime} on {platform} of the kind "
                                   "that failed (after a fix), with its runs measured again",
                                   runtime=option.runtime, platform=option.platform),))
    if cap.basis == CapacityBasis.FAILS_SLO:
        return SloStanding(SloStatus.FAILS_SLO, cap.note or msg("knockout.fails_slo", "fails the SLO"),
            (msg("remedy.fails_slo", "a configuration or load of {runtime} on {platform} measured to meet the SLO, or "
                 "a looser SLO", runtime=option.runtime, platform=option.platform),))
    if cap.basis == CapacityBasis.CANNOT_JUDGE:
        return SloStanding(SloStatus.CANNOT_JUDGE, msg(
            "knockout.cannot_judge", "cannot be judged against the SLO with the evidence at hand: {missing}",
            missing="; ".join(cap.unjudged) or cap.figure.missing_reason),
            (*_remedies_unjudged(option, cap.unjudged), _assumption_remedy(option)))
    return SloStanding(SloStatus.NO_EVIDENCE, msg(
        "knockout.no_evidence", "nothing shows that it meets the SLO: {reason}", reason=cap.figure.missing_reason),
        (msg("remedy.run", "an applicable run of {runtime} on {platform} that meets the SLO",
             runtime=option.runtime, platform=option.platform), _assumption_remedy(option)))


def no_recommendation(options: Sequence[OptionAssessment], ranking: Sequence[str]
                      ) -> tuple[Message | None, tuple[Message, ...]]:
    """When options exist and none can be recommended: why, and what would make one recommendable
    (each knocked-out option's remedies, then its blockers to staff)."""
    if ranking or not options:
        return None, ()
    knocked = [oa for oa in options if not oa.slo_standing.recommendable and oa.strategy != Strategy.DEV_ONLY]
    remedies: list[Message] = []
    for oa in knocked:
        for r in oa.slo_standing.remedies:
            remedies.append(msg("remedy.for_option", "{option}: {remedy}", option=oa.name, remedy=r))
    for oa in options:
        if oa.slo_standing.recommendable and oa.checklist.blockers:
            remedies.append(msg("remedy.blocker", "{option}: someone named to build {items}, with an effort range",
                                option=oa.name, items=tuple(b.title for b in oa.checklist.blockers)))
    return (NO_OPTION_MEETS if knocked else NO_OPTION_ELIGIBLE), tuple(dict.fromkeys(remedies))


#: the groups of the options that cannot be recommended, in the order views list them
_GROUPS = (SloStatus.FAILS_SLO, SloStatus.FAILS_PARITY, SloStatus.CANNOT_JUDGE, SloStatus.NO_EVIDENCE)


def order(options: Iterable[OptionAssessment], ranking: Sequence[str]) -> tuple[str, ...]:
    """Every option in the one order of every view: the ranked ones by score, then the others
    grouped — SLO and parity knock-outs (fails the SLO, fails parity, cannot be judged, no
    evidence), blocked, vetoed, dev-only — each group by score, then in the workspace's order."""
    opts = list(options)
    ranked = [o for o in ranking if any(x.option == o for x in opts)]
    rest = [(i, oa) for i, oa in enumerate(opts) if oa.option not in ranking]

    def group(oa: OptionAssessment) -> int:
        st = oa.slo_standing.status
        if oa.strategy == Strategy.DEV_ONLY:
            return len(_GROUPS) + 2
        if st in _GROUPS:
            return _GROUPS.index(st)
        if oa.checklist.blockers or any(r.id == "eligibility.no_effort" for r in oa.eligibility_reasons):
            return len(_GROUPS)
        return len(_GROUPS) + 1  # vetoed by a knock-out criterion

    rest.sort(key=lambda x: (group(x[1]), -(x[1].score.total if x[1].score else -1.0), x[0]))
    return (*ranked, *(oa.option for _, oa in rest))


def hosted_api(ws: Workspace, option: Option, cap: Capacity) -> SloStanding:
    """A hosted API against the SLO: its provider's stated TTFT and TPOT p99 (``hosted.stated_*``),
    labelled as stated, never measured; interactivity is read as 1000 / the stated TPOT p99 (a lower
    bound of the per-user rate). Limits a latency statement cannot speak to (the error rate) are left
    to the provider's terms and named in the option's note, not knocked out."""
    del cap
    h = option.hosted
    ttft = h.stated_ttft_p99_ms if h is not None else None
    tpot = h.stated_tpot_p99_ms if h is not None else None
    limits = {"ttft_p99_ms": (ttft, ws.slo.get("ttft_p99_ms")), "tpot_p99_ms": (tpot, ws.slo.get("tpot_p99_ms"))}
    per_user = ws.slo.get("min_interactivity_tps_per_user")
    missing = [key for key, (stated, limit) in limits.items() if limit is not None and stated is None]
    if per_user is not None and tpot is None and "tpot_p99_ms" not in missing:
        missing.append("tpot_p99_ms")
    if missing:
        return SloStanding(
            SloStatus.CANNOT_JUDGE,
            msg("standing.hosted_unstated", "cannot be judged against the SLO: the provider states no {what}",
                what=tuple(k.split("_")[0].upper() + " p99" for k in missing)),  # "TTFT p99", as every table writes it
            (msg("remedy.hosted_state", "the provider's stated TTFT and TPOT p99 (hosted.stated_ttft_p99_ms, "
                                        "hosted.stated_tpot_p99_ms, with their source), or a benchmark run against "
                                        "the API"),))
    missed = [key for key, (stated, limit) in limits.items()
              if limit is not None and stated is not None and stated > limit]
    if per_user is not None and tpot is not None and 1000.0 / tpot < per_user:
        missed.append("min_interactivity_tps_per_user")
    if missed:
        return SloStanding(
            SloStatus.FAILS_SLO,
            msg("standing.hosted_missed", "misses the SLO as its provider states it ({what})",
                what=tuple(missed)),
            (msg("remedy.hosted_other", "another provider or tier whose stated latency meets the SLO"),))
    return MEETS_SLO


register(Strategy.HOSTED_API.value, hosted_api)
