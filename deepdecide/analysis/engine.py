"""``evaluate(workspace) -> Assessment``: the whole analysis, deterministic part first.

``evaluate`` is cheap enough to run on every edit (it skips Monte Carlo unless asked);
``monte_carlo`` runs the draws on their own, for a background task.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import Any

import numpy as np

from deepdecide.analysis import explain
from deepdecide.analysis import montecarlo as mc
from deepdecide.analysis import pools as pools_
from deepdecide.analysis import standing as standing_
from deepdecide.analysis.applicability import describe_workload, effective_workload, fit_counts
from deepdecide.analysis.assessment import (
    ZERO_EFFORT,
    Assessment,
    Attribution,
    Capacity,
    CapacityBasis,
    CapacitySource,
    ChecklistSummary,
    Classification,
    Costs,
    CriterionScore,
    Crossover,
    DemandSplit,
    Effort,
    EffortRange,
    EvidenceFit,
    Figure,
    FitCounts,
    Fleet,
    InputFlip,
    Money,
    MonteCarlo,
    OptionAssessment,
    PredictionPair,
    PredictorError,
    Risk,
    Score,
    Sensitivity,
    TrailItem,
    UnitPrice,
    run_counts_for_nothing,
)
from deepdecide.analysis.breakeven import crossover
from deepdecide.analysis.capacity import capacity
from deepdecide.analysis.capacity import input_label as capacity_input_label
from deepdecide.analysis.cashflow import cash_flow, payback
from deepdecide.analysis.cost import (
    Globals,
    MoneyRun,
    OptionInputs,
    baseline_of,
    capacity_estimate,
    costs,
    decision_month,
    demand_tps,
    globals_of,
    layout_of,
    option_inputs,
    run_money,
)
from deepdecide.analysis.energy import measured_power_w_per_gpu
from deepdecide.analysis.evidence import (
    EvidenceIndex,
    attributions,
    checklist_summary,
    classify,
    describe_slo,
    evidence_levels,
    parity_by_kind,
)
from deepdecide.analysis.model import PoolCapacity, ScenarioModel
from deepdecide.analysis.prices import price_list
from deepdecide.analysis.questions import answer_questions
from deepdecide.analysis.risks import recommendation_risks
from deepdecide.analysis.scoring import ScoringSetup, compile_criteria, normalize, vetoes, weighted_sum
from deepdecide.analysis.sensitivity import input_flips, weight_intervals
from deepdecide.analysis.standing import standing
from deepdecide.domain import i18n
from deepdecide.domain.common import Estimate
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import Message, chain, msg
from deepdecide.domain.progress import Cancellable, ProgressCallback
from deepdecide.domain.validation import estimate_problem
from deepdecide.domain.workspace import Answer, Criterion, Option, Strategy, Workspace

DEV_ONLY_REASON = msg("eligibility.dev_only", "strategy dev-only: development and evaluation only, never production "
                      "capacity (a small workstation group is not a substitute for the reference topologies)")


def _evidence_figure(oa: OptionAssessment) -> Figure:
    ev = oa.evidence
    levels = ((msg("rung.builds", "builds"), ev.builds), (msg("rung.correct", "correct"), ev.correct),
              (msg("rung.performs", "performs"), ev.performs))
    reached, not_reached = msg("trail.reached", "reached"), msg("trail.not_reached", "not reached")
    return Figure(msg("figure.evidence_level", "evidence level"), float(ev.level), "levels", tuple(
        TrailItem(n, reached if lv.reached else not_reached, "",
                  msg("trail.evidence_reasons", "evidence levels: {rung} (its reasons)", rung=n))
        for n, lv in levels))


#: metric -> its figure on an option (built only for the metrics the criteria use)
_METRIC_FIGURES: dict[str, Callable[[OptionAssessment], Figure]] = {
    "cost_per_m_tokens_usd": lambda oa: oa.costs.cost_per_m_tokens_usd,
    "tco_usd": lambda oa: oa.costs.tco_usd,
    "time_to_production_weeks": lambda oa: oa.costs.time_to_production_weeks,
    "engineering_person_weeks": lambda oa: oa.costs.engineering_person_weeks,
    "evidence_level": _evidence_figure,
    "official_support": lambda oa: Figure(msg("figure.official_support", "official support"),
                                          1.0 if oa.classification.official else 0.0, "0/1", (
        TrailItem(msg("trail.matrix_status", "matrix status"), oa.classification.status.value, "",
                  msg("trail.matrix_reasons", "support matrix (the classification's reasons)")),)),
    "service_completeness": lambda oa: oa.checklist.completeness,
    "capacity_tps_per_gpu": lambda oa: oa.capacity.figure,
    "blockers": lambda oa: Figure(msg("figure.blockers", "blockers"), float(len(oa.checklist.blockers)), "items", tuple(
        TrailItem(b.title, msg("trail.missing_no_owner", "missing, no owner"), "",
                  msg("trail.checklist_answer", "checklist answer {item}", item=b.item))
        for b in oa.checklist.blockers)),
}


@dataclass
class _Prepared:
    ws: Workspace
    options: list[OptionAssessment]
    inputs: list[OptionInputs]
    setup: ScoringSetup
    values: np.ndarray  # (O, K) raw metric values, NaN = missing
    figures: list[list[Figure]]
    model: ScenarioModel
    messages: list[Message]
    runs: tuple[Attribution, ...] = ()
    parity: tuple[Attribution, ...] = ()
    fits: tuple[EvidenceFit, ...] = ()
    pairs: tuple[PredictionPair, ...] = ()
    predictor_errors: tuple[PredictorError, ...] = ()
    prices: tuple[UnitPrice, ...] = ()
    money: Money = Money()
    crossover: Crossover | None = None
    demand: DemandSplit | None = None
    reproductions: tuple[PredictionPair, ...] = ()
    # what a weight-only change rebuilds (``_reweighted``): where the criteria's messages sit in
    # ``messages``, the scenario model built for other criteria, the evidence index it rests on
    setup_at: int = 0
    model_of: Callable[[ScoringSetup, np.ndarray], ScenarioModel] | None = None
    index: EvidenceIndex | None = None


# The evidence index of the last workspace evaluated, with what it was built from: judging every run
# against the workload costs more than the ranking with a thousand result files, and a weight
# slider changes only the criteria. Parts are compared by identity (they are immutable).
_LAST_INDEX: list[tuple[tuple[object, ...], EvidenceIndex]] = []


def _evidence_index(ws: Workspace) -> EvidenceIndex:
    # the index also holds what depends on the SLO (per-run failures) and on the required parity
    # kinds (parity-gated runs): those are compared by value
    parts = (ws.matrix, ws.evidence, ws.options, ws.workload, ws.model, ws.slo, tuple(ws.required_parity))
    if _LAST_INDEX:
        key, idx = _LAST_INDEX[0]
        if all(a is b for a, b in zip(key[:4], parts[:4], strict=True)) and key[4:] == parts[4:]:
            return idx
    idx = EvidenceIndex.build(ws)
    _LAST_INDEX[:] = [(parts, idx)]
    return idx


def _fit_counts(idx: EvidenceIndex, option_id: str) -> FitCounts:
    """The option's fit counts, counted once per evidence index (the fits are fixed with it)."""
    key = ("fit_counts", option_id)
    got = idx._derived.get(key)
    if got is None:
        got = idx._derived[key] = fit_counts(idx.fits, option_id)
    return got  # type: ignore[return-value]


def _not_counting(idx: EvidenceIndex, option_id: str, source: CapacitySource) -> FitCounts:
    """The option's runs that count for nothing for it (``assessment.run_counts_for_nothing``), by how
    they fit the workload; counted once per evidence index, option and capacity source."""
    key = ("not_counting", option_id, source)
    got = idx._derived.get(key)
    if got is None:
        runs = [f for f in idx.fits_by_option().get(option_id, ())
                if f.item == "run" and run_counts_for_nothing(f, source)]
        got = idx._derived[key] = fit_counts(runs, option_id)
    return got  # type: ignore[return-value]


def _effort(porting: Estimate | None, checklist: ChecklistSummary) -> Effort:
    external = owned = not_counted = ZERO_EFFORT
    for line in checklist.lines:
        if line.stated_effort is None:
            continue
        if line.blocker:
            not_counted = not_counted + line.stated_effort
        elif line.counted and line.answer == Answer.EXTERNAL:
            external = external + line.stated_effort
        elif line.counted:
            owned = owned + line.stated_effort
    port = EffortRange(porting.low, porting.likely, porting.high) if porting is not None else None
    total_checklist = external + owned
    return Effort(port, external, owned, total_checklist,
                  port + total_checklist if port is not None else None, not_counted)


def _risks(ws: Workspace, o: Option, cls_official: bool, checklist: ChecklistSummary, runs: int) -> tuple[Risk, ...]:
    rt = ws.matrix.runtime(o.runtime)
    pf = ws.matrix.platform(o.platform)
    rt_name, pf_name = (rt.name if rt else o.runtime), (pf.name if pf else o.platform)
    out = []
    if not cls_official:
        out.append(Risk(o.id, "experimental", msg(
            "risk.experimental", "{runtime} does not list {platform}: an experimental project (runtime failures, "
            "wrong results, lost performance).", runtime=rt_name, platform=pf_name)))
    if checklist.blockers:
        out.append(Risk(o.id, "blocker", msg("risk.blocker", "blocker: nobody builds {items} yet.",
                                             items=tuple(b.title for b in checklist.blockers))))
    if not runs:
        out.append(Risk(o.id, "no-benchmark", msg("risk.no_benchmark", "no benchmark run on this platform: "
                                                  "performance is not evidenced.")))
    if o.topology.measured_on and o.topology.measured_on != o.platform:
        out.append(Risk(o.id, "topology", msg("risk.topology", "topology measured on {measured_on}, not on {platform}.",
                                              measured_on=o.topology.measured_on, platform=o.platform)))
    return tuple(out)


def _hosted_classification(o: Option) -> Classification:
    """A hosted API is not classified by the support matrix: the provider serves the model."""
    return Classification(SupportStatus.UNDOCUMENTED, False, (msg(
        "classify.hosted", "{option} is a hosted API ({runtime}): the provider serves the model, so the support "
        "matrix does not apply; it is judged against the SLO by the latency its provider states",
        option=o.id, runtime=o.runtime),))


def _hosted_capacity() -> Capacity:
    return Capacity(Figure(msg("trail.capacity_slo", "capacity under the SLO"), None, "output tok/s/GPU",
                           missing_reason=msg("capacity.hosted", "a hosted API has no GPU capacity: it is judged by "
                                                                 "its provider's stated latency")),
                    CapacityBasis.NONE)


def _range_around(e: Estimate | None, likely: float | None) -> Estimate | None:
    """A stated range of a workspace-wide input, usable by the draws (its likely value is the one the
    figures use)."""
    if e is None or likely is None or estimate_problem(e) is not None or not e.low <= likely <= e.high:
        return None
    return Estimate(e.low, likely, e.high)


def _money_notes(ws: Workspace, base: str | None, named: bool, g: Globals) -> tuple[Message, ...]:
    out: list[Message] = []
    if base is not None and not named:
        out.append(msg("money.baseline_default", "no baseline named (assumptions.baseline_option): the first keep "
                                                 "option, {option}, stands in", option=base))
    if base is None:
        out.append(msg("money.no_baseline", "no keep option: no payback, and no current fleet before an option is "
                                            "in service"))
    if not g.headroom:
        out.append(msg("money.no_headroom", "headroom 0 % (assumptions.headroom not stated): the fleet is sized at "
                                            "exactly the peak"))
    if not ws.assumptions.spare_units and not any(o.topology.spare_units for o in ws.options):
        out.append(msg("money.no_spares", "no spare units (assumptions.spare_units not stated): no capacity kept for "
                                          "failure recovery"))
    if decision_month(ws) is None:
        out.append(msg("money.no_date", "the decision has no date: months are counted M1, M2, … and years Y1, Y2, …"))
    return tuple(out)


def _usable(e: Estimate) -> Estimate | None:
    """The estimate, or None when the analysis cannot use it (the reason is reported by ``costs``)."""
    return e if estimate_problem(e) is None else None


def _blocked_reasons(ws: Workspace, o: Option, checklist: ChecklistSummary) -> tuple[Message, ...]:
    """Why a checklist keeps the option from being recommended: a "missing" piece nobody is named
    to build, or one whose owner gave no effort range."""
    out: list[Message] = []
    if checklist.blockers:
        out.append(msg("eligibility.blocker",
                       "not recommendable until someone is named to build {items} (missing, no owner) with "
                       "an effort range", items=tuple(b.title for b in checklist.blockers)))
    titles = {i.id: i.title for i in ws.checklist}
    no_effort = tuple(titles.get(a.item, a.item) for a in ws.answers_for(o.id)
                      if a.answer == Answer.MISSING and a.provider.strip() and not a.effort_person_weeks.high > 0)
    if no_effort:
        out.append(msg("eligibility.no_effort",
                       "not recommendable until {items} (missing, owner named) has an effort range",
                       items=no_effort))
    return tuple(out)


def _held(options: list[OptionAssessment], combined: dict[int, tuple[Fleet, Costs] | Message]
          ) -> dict[int, tuple[float, float]]:
    """A mixed option's money in the scenario model where it is not stated (a pool that cannot be priced
    on its own platform): NaN, held. A priced one's pools are money columns of the model (``_pools``)."""
    out: dict[int, tuple[float, float]] = {}
    for j in combined:
        c = options[j].costs
        cpm, tco, eng = c.cost_per_m_tokens_usd.value, c.tco_usd.value, c.engineering_usd.value
        out[j] = (cpm if cpm is not None else math.nan,
                  tco - eng if tco is not None and eng is not None else math.nan)
    return out


def _pools(ws: Workspace, money_of: dict[str, pools_.PoolMoney], combined: dict[int, tuple[Fleet, Costs] | Message]
           ) -> dict[int, MoneyRun]:
    """The money runs of the mixed options priced by their pools (option column -> its pools' run): the
    scenario model draws their platforms' shared prices for them as for every option on those platforms."""
    out: dict[int, MoneyRun] = {}
    for j, got in combined.items():
        run = money_of[ws.options[j].id].run if isinstance(got, tuple) else None
        if isinstance(run, MoneyRun):
            out[j] = run
    return out


def _pool_caps(ws: Workspace, plans: dict[str, pools_.PoolPlan]) -> dict[int, PoolCapacity]:
    """The options sized by their pools (option column -> how its capacity follows from its pools'):
    the draws and sweeps take each pool's capacity as an input of its own."""
    out: dict[int, PoolCapacity] = {}
    for j, o in enumerate(ws.options):
        pp = plans.get(o.id)
        if pp is None or not pp.used or pp.capacity is None or not pp.r > 0:
            continue
        ests = [pools_.capacity_range(pp, role) for role in ("prefill", "decode")]
        if ests[0] is None or ests[1] is None:
            continue
        measured = (pp.measured[0], pp.measured[1]) if pp.measured is not None else None
        out[j] = PoolCapacity(ests[0], ests[1], pp.r, measured, pools_.input_label(pp, "prefill"),
                              pools_.input_label(pp, "decode"))
    return out


def _prepare(ws: Workspace, views: bool = True) -> _Prepared:
    """Everything but the scores; ``views`` False leaves out what only the views read (the hosted API's
    crossover), for a Monte Carlo run on its own."""
    idx = _evidence_index(ws)
    demand = demand_tps(ws.demand)
    messages: list[Message] = []
    if demand.value is None:
        messages.append(msg("demand.missing", "fleet size and TCO cannot be computed: {reason}",
                            reason=demand.missing_reason))
    a = ws.assumptions
    if not (isinstance(a.horizon_years, (int, float)) and a.horizon_years > 0):
        messages.append(msg("assumptions.horizon", "assumptions.horizon_years must be positive, got {value}: no TCO",
                            value=str(a.horizon_years)))
    if not (isinstance(a.utilization, (int, float)) and 0 < a.utilization <= 1):
        messages.append(msg("assumptions.utilization", "assumptions.utilization must be in (0, 1], got {value}: "
                            "no $/M tokens at utilization", value=str(a.utilization)))
    if not ws.options:
        messages.append(msg("workspace.no_options", "the workspace has no options to assess"))
    inputs: list[OptionInputs] = []
    pieces: list[tuple[Any, ...]] = []
    runtimes = {r.id for r in ws.matrix.runtimes}
    every_run = idx.all_runs
    mix = globals_of(ws, [])
    plans: dict[str, pools_.PoolPlan] = {}
    for o in ws.options:
        msgs: list[Message] = []
        hosted = o.strategy == Strategy.HOSTED_API
        if ws.matrix.platform(o.platform) is None and not hosted:
            msgs.append(msg("option.platform_unknown", "platform '{platform}' is not in the support matrix: "
                            "classified experimental", platform=o.platform))
        if ws.matrix.runtimes and o.runtime not in runtimes and not hosted:
            msgs.append(msg("option.runtime_unknown", "runtime '{runtime}' is not in the support matrix",
                            runtime=o.runtime))
        cls = classify(ws.matrix, o) if not hosted else _hosted_classification(o)
        verdicts = parity_by_kind(idx, o, ws.required_parity)
        levels = evidence_levels(idx, o, ws, verdicts)
        checklist, efforts = checklist_summary(ws, o)
        cap = capacity(idx, o, ws.slo) if not hosted else _hosted_capacity()
        if o.topology.disaggregated and not hosted:  # prefill and decode pools (analysis/pools.py)
            plans[o.id] = pool_plan = pools_.plan(ws, idx, o, mix.tokens_in, demand.value, mix.headroom)
            cls = pool_plan.classification
            msgs.extend(m for m in pool_plan.messages if m.id == "pools.priced_on_option_platform")
            if pool_plan.capacity is not None and pools_.replaces(cap, pool_plan.capacity):
                cap = replace(pool_plan.capacity, points=cap.points, unjudged=cap.unjudged)
            elif pool_plan.capacity is not None:  # the option's own (measured or failing) capacity stands
                pool_plan.used, pool_plan.option_basis = False, cap.basis.value
        cap_est, cap_assumed, _ = capacity_estimate(cap, o)
        if cap.value is None and not hosted:
            msgs.append(msg("option.no_capacity", "no capacity: {reason}", reason=cap.figure.missing_reason))
        oi = option_inputs(o, efforts, cap_est, ws, cap_assumed)
        oi.capacity_label = capacity_input_label(cap)  # the basis it rests on, as the Assessment holds it
        key = (o.runtime, o.platform)
        run_ids = tuple(idx.run_ids.get(key, ()))
        measured = measured_power_w_per_gpu([every_run[i] for i in run_ids if 0 <= i < len(every_run)])
        if measured is not None and not hosted:  # energy from the counted runs that measured it
            oi.kw = Estimate.exact(measured / 1000.0)
            oi.power_basis = "measured power"
        msgs.extend(oi.problems)
        inputs.append(oi)
        pieces.append((o, msgs, cls, verdicts, levels, checklist, cap, run_ids, key))
    g_problems: list[Message] = []
    g = globals_of(ws, g_problems)
    for gp in g_problems:
        if gp not in messages:
            messages.append(gp)
    run = run_money(ws, inputs, demand, g)
    flows = [cash_flow(run, j) for j in range(len(inputs))]
    # a mixed-hardware option: each pool priced on its own platform (analysis/pools.py, ``combine``)
    money_of: dict[str, pools_.PoolMoney] = {}
    combined: dict[int, tuple[Fleet, Costs] | Message] = {}
    for j, piece in enumerate(pieces):
        o, cap_j = piece[0], piece[6]
        pp = plans.get(o.id)
        if pp is None:
            continue
        money_of[o.id] = pm = pools_.pool_money(ws, pp, None, demand, g.headroom)
        if not pools_.mixed(pp):
            continue
        why = pools_.unpriced(pp, pm)
        if why is not None:
            combined[j] = why
            flows[j] = None  # never the single platform's cash flow for a pool on another platform
            continue
        fleet_j, costs_j = costs(run, j, cap_j.figure, demand)
        d = run.detail
        fleet_c, costs_c, flows[j] = pools_.combine(
            pp, pm, fleet_j, costs_j, flows[j], (float(d["bridge_month_cash"][0, 0]),
                                                 float(d["bridge_month_value"][0, 0])),
            float(d["horizon_months"][0, 0]), g.util)
        combined[j] = (fleet_c, costs_c)
        # the pools' figures stand for the option: said on the option and its pools, not the single-platform note
        pieces[j] = (o, [m for m in piece[1] if m.id != "pools.priced_on_option_platform"]
                     + [pools_.priced_per_pool(pp)], *piece[2:])
        pp.messages = [m for m in pp.messages if m.id != "pools.priced_on_option_platform"]
    base, base_named = baseline_of(ws)
    ids = [o.id for o in ws.options]
    cross, breaks = crossover(run, g.view) if views else (None, {})
    options: list[OptionAssessment] = []
    for j, (o, msgs, cls, verdicts, levels, checklist, cap, run_ids, key) in enumerate(pieces):
        fleet, cost_figs = costs(run, j, cap.figure, demand)
        got = combined.get(j)
        if isinstance(got, tuple):
            fleet, cost_figs = got
        elif got is not None:  # a pool cannot be priced on its own platform: no money figure, not guessed
            fleet, cost_figs = pools_.unpriced_figures(fleet, cost_figs, got)
        be = breaks.get(j)
        cost_figs = replace(cost_figs, cash_flow=flows[j], payback=payback(run, flows, ids, j, base),
                            break_even_tps=be[0] if be else None, break_even=be[1] if be else None)
        if checklist.blockers:
            blocker_flags = checklist.effort_person_weeks.flags
            cost_figs = replace(cost_figs, engineering_person_weeks=replace(
                cost_figs.engineering_person_weeks, flags=cost_figs.engineering_person_weeks.flags + blocker_flags))
        slo_standing = standing(ws, o, cap)
        reasons: tuple[Message, ...] = (DEV_ONLY_REASON,) if o.strategy == Strategy.DEV_ONLY else ()
        if o.strategy != Strategy.DEV_ONLY and slo_standing.reason is not None:
            reasons += (slo_standing.reason,)  # a knock-out: not recommendable, whatever its score
        reasons += _blocked_reasons(ws, o, checklist)
        # pools on another platform are priced on their own only in the pools' figures: until the ranking's
        # money prices them so, the option is shown and sized but never ranked on figures that are not its own
        if isinstance(got, Message):
            reasons += (msg("eligibility.pools_unpriced", "not ranked: {why}", why=got),)
        elif got is None:
            reasons += tuple(msg("eligibility.mixed_money", "not ranked: {why}", why=m)
                             for m in msgs if m.id == "pools.priced_on_option_platform")
        eligible = not reasons
        options.append(OptionAssessment(
            o.id, o.name, o.strategy, o.runtime, o.platform, cls, levels, checklist, cap, fleet, cost_figs,
            eligible=eligible, eligibility_reasons=reasons, messages=tuple(msgs), parity=verdicts,
            runs=run_ids, parity_checks=tuple(idx.parity_ids.get(key, ())), effort=_effort(inputs[j].porting,
                                                                                              checklist),
            risks=_risks(ws, o, cls.official, checklist, len(run_ids)), fit=_fit_counts(idx, o.id),
            not_counting=_not_counting(idx, o.id, cap.source),
            slo_standing=slo_standing, runtime_name=_runtime_name(ws, o), platform_name=_platform_name(ws, o),
            pools=pools_.assess(ws, plans[o.id], demand, g.headroom, money_of.get(o.id)) if o.id in plans else None))
    # the source article's four questions, per option (analysis/questions.py)
    options = [replace(oa, article=answer_questions(ws, idx, oa)) for oa in options]

    setup = compile_criteria(ws.criteria)
    setup_at = len(messages)
    messages.extend(setup.messages)
    figures, values = _criteria_values(options, setup)
    elec = _usable(a.electricity_usd_per_kwh)
    engc = _usable(a.engineer_usd_per_week)
    horizon = a.horizon_years if a.horizon_years and a.horizon_years > 0 else None
    static_eligible = np.array([oa.eligible for oa in options], dtype=bool)
    pue = _usable(a.pue)
    util = a.utilization_range if a.utilization_range is not None else (
        Estimate.exact(a.utilization) if isinstance(a.utilization, (int, float)) and 0 < a.utilization <= 1 else None)
    if util is not None and not (0 < util.low <= util.likely <= util.high <= 1):
        messages.append(msg("assumptions.utilization_range", "assumptions.utilization_range must be 0 < low <= "
                            "likely <= high <= 1, got {low:g} / {likely:g} / {high:g}: not drawn",
                            low=util.low, likely=util.likely, high=util.high))
        util = None
    view = g.view
    demand_est = _range_around(ws.demand.output_tokens_per_s_range, demand.value)
    for stated, used, path in ((ws.demand.output_tokens_per_s_range, demand_est, "demand.output_tokens_per_s_range"),
                               (a.horizon_years_range, _range_around(a.horizon_years_range, horizon),
                                "assumptions.horizon_years_range")):
        if stated is not None and used is None:
            messages.append(msg("range.not_drawn", "{key} does not hold the stated value between its low and high: "
                                                   "not drawn", key=path))
    growth_est = ws.demand.growth_per_year if ws.demand.growth_per_year is not None and \
        estimate_problem(ws.demand.growth_per_year) is None else None
    horizon_est = _range_around(a.horizon_years_range, horizon)
    lay = run.layout
    if horizon_est is not None or growth_est is not None:  # year slots for the longest horizon drawn
        lay = layout_of(ws, inputs, g, horizon_high=horizon_est.high if horizon_est is not None else None,
                        grows=growth_est is not None and growth_est.low < growth_est.high)
    model_of = partial(ScenarioModel, inputs, lay, run.params, elec, engc, static_eligible=static_eligible,
                       pue=pue, util=util, view=view, demand=demand_est, growth=growth_est, horizon=horizon_est,
                       bridge=(run.detail["bridge_month_cash"], run.detail["bridge_month_value"]),
                       held=_held(options, combined), pools=_pools(ws, money_of, combined),
                       pool_caps=_pool_caps(ws, plans))
    model = model_of(setup, values)
    runs, parity = attributions(idx, ws)
    start = decision_month(ws)
    money = Money(start.strftime("%Y-%m") if start else "", int(run.detail["horizon_months"][0, 0])
                  if math.isfinite(float(run.detail["horizon_months"][0, 0])) else 0,
                  int(a.fiscal_year_start_month or 1), base, base_named, ws.decision.date, g.headroom,
                  int(a.spare_units or 0), _money_notes(ws, base, base_named, g))
    return _Prepared(ws, options, inputs, setup, values, figures, model, messages, runs, parity, tuple(idx.fits),
                     idx.pairs, tuple(idx.predictor_errors.values()), price_list(ws, inputs), money, cross,
                     pools_.demand_split(demand, g.tokens_in), idx.reproductions, setup_at, model_of, idx)


def _criteria_values(options: Sequence[OptionAssessment], setup: ScoringSetup) -> tuple[list[list[Figure]], np.ndarray]:
    """Each option's figure of each usable criterion, and their values (O, K) (NaN: missing)."""
    figures = []
    values = np.full((len(options), len(setup.criteria)), np.nan)
    for j, oa in enumerate(options):
        figs: dict[str, Figure] = {}
        row = []
        for c in setup.criteria:
            f = figs.get(c.metric)
            if f is None:
                f = figs[c.metric] = _METRIC_FIGURES[c.metric](oa)
            row.append(f)
        figures.append(row)
        for k, f in enumerate(row):
            if f.value is not None and math.isfinite(f.value):
                values[j, k] = f.value
    return figures, values


# The prepared inputs of the last workspace evaluated: a weight slider changes only the criteria's
# weights, and nothing ``_prepare`` builds before the criteria depends on them. Kept with what it
# was built under besides the workspace (``_context``); the workspace's other parts are compared by
# identity (they are immutable), never by value.
_LAST_PREPARED: list[tuple[Workspace, tuple[object, ...], _Prepared]] = []
_OTHER_FIELDS = tuple(f.name for f in fields(Workspace) if f.name != "criteria")
_CRITERION_FIELDS = tuple(f.name for f in fields(Criterion) if f.name != "weight")


def forget() -> None:
    """Drop everything an evaluation keeps for the next one in this process (the evidence index, the
    prepared inputs a weight-only change re-scores, the files' summaries and judged evidence): the next
    ``evaluate`` works everything out afresh. For benchmarks and tests that measure or compare that."""
    from deepdecide.analysis import (  # deferred: evidence's index helpers, summary's cache; the engine needs neither at import
        evidence,
        summary,
    )

    _LAST_INDEX.clear()
    _LAST_PREPARED.clear()
    summary.clear()
    evidence.forget_indexes()


def _same(a: object, b: object) -> bool:
    """The same object, or the same text or integer (exactly those types: never 1 for 1.0)."""
    return a is b or (type(a) is type(b) and type(a) in (str, int) and a == b)


def _weights_only(old: Workspace, new: Workspace) -> bool:
    """Whether ``new`` is ``old`` but for its criteria's weights (nothing else differs)."""
    if type(old) is not type(new) or len(old.criteria) != len(new.criteria):
        return False
    if not all(_same(getattr(old, f), getattr(new, f)) for f in _OTHER_FIELDS):
        return False
    return all(a is b or (type(a) is type(b) and all(_same(getattr(a, f), getattr(b, f)) for f in _CRITERION_FIELDS))
               for a, b in zip(old.criteria, new.criteria, strict=True))


def _reweighted(prep: _Prepared, ws: Workspace) -> _Prepared:
    """``prep`` for ``ws``, which differs from ``prep.ws`` only in its criteria's weights: the criteria
    compiled again, their values read from the options again, the scenario model built again."""
    assert prep.model_of is not None
    setup = compile_criteria(ws.criteria)
    figures, values = _criteria_values(prep.options, setup)
    at = prep.setup_at
    messages = [*prep.messages[:at], *setup.messages, *prep.messages[at + len(prep.setup.messages):]]
    return replace(prep, ws=ws, setup=setup, values=values, figures=figures, messages=messages,
                   model=prep.model_of(setup, values))


def _context() -> tuple[object, ...]:
    """What the prepared inputs rest on besides the workspace: the language (some notes are worded
    in it) and the judges registered per option kind (``standing.register``)."""
    return i18n.language(), tuple(standing_._JUDGES.items())


def _prepared(ws: Workspace) -> _Prepared:
    """``_prepare(ws)``, or the last workspace's prepared inputs re-weighted when ``ws`` differs from
    it only in criteria weights (and its evidence index is still the one kept)."""
    context = _context()
    last = next(iter(_LAST_PREPARED), None)
    kept = next(iter(_LAST_INDEX), (None, None))[1]
    if last is not None and last[1] == context and last[2].index is kept and kept is not None \
            and _weights_only(last[0], ws):
        prep = _reweighted(last[2], ws)
    else:
        prep = _prepare(ws)
    _LAST_PREPARED[:] = [(ws, context, prep)]
    return prep


def _score(prep: _Prepared) -> tuple[list[OptionAssessment], tuple[str, ...], np.ndarray, np.ndarray]:
    setup = prep.setup
    n = len(prep.options)
    if not setup.criteria:
        norm = np.zeros((n, 0))
        veto = np.zeros((n, 0), dtype=bool)
    else:
        veto = vetoes(prep.values[None], setup.benefit, setup.knockout, setup.threshold)[0]
        candidates = np.array([oa.eligible for oa in prep.options], dtype=bool) & ~veto.any(-1)
        norm = normalize(prep.values[None], setup.benefit, setup.lo, setup.hi, candidates[None])[0]
    totals = weighted_sum(norm, setup.shares) if setup.criteria else np.zeros(n)
    same: list[bool] = []  # range-based criteria on which every candidate has the same value
    for k in range(len(setup.criteria)):
        col = prep.values[candidates, k]
        col = col[~np.isnan(col)]
        same.append(setup.specs[k].scale is None and len(col) > 0 and col.max() == col.min())
    norm_l, values_l, shares_l = norm.tolist(), prep.values.tolist(), setup.shares.tolist()
    veto_l = veto.tolist()
    out: list[OptionAssessment] = []
    for j, oa in enumerate(prep.options):
        parts = []
        veto_reasons: list[Message] = []
        for k, c in enumerate(setup.criteria):
            f = prep.figures[j][k]
            raw = values_l[j][k]
            raw = None if raw != raw else raw  # NaN: missing
            how: Message | None = None
            if raw is None:
                how = msg("score.missing", "missing ({reason}): scored as the worst value, 0",
                          reason=f.missing_reason or msg("score.no_value", "no value"))
            elif same[k]:
                how = msg("score.same", "every candidate option has the same value: 1 for all")
            elif setup.specs[k].scale is None and not candidates[j]:
                how = msg("score.not_candidate", "not a candidate: scored on the candidates' range, clipped to 0..1")
            note = chain((how, *f.flags) if how is not None else f.flags)
            v = float(norm_l[j][k])
            parts.append(CriterionScore(c.id, c.metric, raw, f.unit or setup.specs[k].unit, v,
                                        shares_l[k], v * shares_l[k], note, f))
            if veto_l[j][k]:
                if raw is None:
                    veto_reasons.append(msg("veto.missing", "knock-out {criterion}: value missing ({reason})",
                                            criterion=c.id, reason=f.missing_reason))
                else:
                    op = "<" if setup.benefit[k] else ">"
                    veto_reasons.append(msg("veto.threshold", "knock-out {criterion}: {value:.4g} {op} threshold "
                                            "{threshold:g}", criterion=c.id, value=raw, op=op,
                                            threshold=c.knockout_threshold))
        score = Score(float(totals[j]), tuple(parts)) if setup.weights_ok else None
        out.append(_replace(oa, score=score, vetoes=tuple(veto_reasons)))
    eligible = np.array([oa.eligible and not oa.vetoes for oa in out], dtype=bool)
    ranking: tuple[str, ...] = ()
    if setup.weights_ok:
        order = sorted((j for j in range(n) if eligible[j]), key=lambda j: (-totals[j], j))
        ranking = tuple(out[j].option for j in order)
        rank_of = {oid: i + 1 for i, oid in enumerate(ranking)}
        out = [_replace(oa, rank=rank_of.get(oa.option)) for oa in out]
    return out, ranking, norm, eligible


def _replace(oa: OptionAssessment, **kw: Any) -> OptionAssessment:
    return replace(oa, **kw)


def _with_range_notes(flips: tuple[InputFlip, ...], options: Sequence[OptionAssessment]) -> tuple[InputFlip, ...]:
    """Each capacity input's flip values with what its range rests on first (the capacity's range
    note), so the range is never shown without it."""
    notes = {f"{oa.option}.capacity": oa.capacity.range_note for oa in options if oa.capacity.range_note is not None}
    notes.update({f"{oa.option}.{pa.role}.capacity": pa.range_note for oa in options if oa.pools is not None
                  for pa in (oa.pools.prefill, oa.pools.decode) if pa.range_note is not None})
    return tuple(replace(f, note=chain((notes[f.key], *((f.note,) if f.note is not None else ()))))
                 if f.key in notes else f for f in flips)


def evaluate(ws: Workspace, *, sensitivity: bool = True, monte_carlo: bool = False,
             draws: int | None = None, seed: int | None = None, cancel: Cancellable | None = None,
             keep: bool = True) -> Assessment:
    """Assess every option of the workspace. Never raises on bad numbers: problems become
    messages on the option or criterion they concern, missing values None with a reason.
    ``cancel`` is checked between the Monte Carlo's blocks of draws (``Cancelled``).
    A workspace that differs from the last one evaluated only in its criteria's weights re-scores
    that one's prepared inputs (``_prepared``: the same result); ``keep`` False evaluates afresh,
    neither using nor replacing them (a record build)."""
    prep = _prepared(ws) if keep else _prepare(ws)
    options, ranking, norm, eligible = _score(prep)
    winner = ranking[0] if ranking else None
    messages = list(prep.messages)
    no_rec, remedies = standing_.no_recommendation(options, ranking) if prep.setup.weights_ok else (None, ())
    ids = [oa.option for oa in options]
    sens = None
    if sensitivity and winner is not None:
        w = ids.index(winner)
        sens = Sensitivity(
            winner,
            weight_intervals(prep.setup, norm, eligible, w, ids),
            _with_range_notes(input_flips(prep.model, w, ids), options),
            (msg("sensitivity.weights_note", "weights: raw weight of one criterion, the others fixed; shares are of "
                 "the new total"),
             msg("sensitivity.inputs_note", "inputs: one at a time, the others at their likely values")),
        )
    mcr = None
    if monte_carlo:
        mcr = _monte_carlo(prep, ids, draws, seed, cancel=cancel, winner=winner)
    chosen = ws.decision.chosen_option if ws.decision.chosen_option in ids else None
    recommended = chosen or winner
    # the risks of the option the record recommends: the decision-makers' choice, else the top rank
    risks = recommendation_risks(ws, next(o for o in options if o.option == recommended)) if recommended else ()
    return Assessment(tuple(options), prep.setup.infos, ranking, winner, tuple(messages), sens, mcr,
                      runs=prep.runs, parity_checks=prep.parity, slo=describe_slo(ws.slo),
                      required_parity=tuple(ws.required_parity), evidence_fit=prep.fits,
                      workload=describe_workload(effective_workload(ws)),
                      cost_view=prep.model.view, recommendation_risks=risks,
                      prediction_pairs=prep.pairs, predictor_errors=prep.predictor_errors,
                      reproduction_pairs=prep.reproductions,
                      recommended=recommended, order=standing_.order(options, ranking),
                      no_recommendation=no_rec, remedies=remedies,
                      why=explain.why(options, prep.setup.infos, ranking, recommended, ws.assumptions.currency),
                      pros_cons=explain.pros_cons(ws, options, prep.setup.infos, chosen),
                      citations=explain.citations(ws, options), prices=prep.prices, money=prep.money,
                      crossover=prep.crossover, demand=prep.demand)


def _monte_carlo(prep: _Prepared, ids: list[str], draws: int | None, seed: int | None,
                 progress: ProgressCallback | None = None, cancel: Cancellable | None = None,
                 winner: str | None = None) -> MonteCarlo:
    """The draws; with a ``winner`` (the top rank), the value of information of each drawn input
    against it (analysis/voi.py)."""
    a = prep.ws.assumptions
    n = draws if draws is not None else a.monte_carlo_draws
    s = seed if seed is not None else a.monte_carlo_seed
    return mc.run(prep.model, ids, n, s, ranking_ok=prep.setup.weights_ok, progress=progress, cancel=cancel,
                  draw_weights=bool(a.draw_weights), outlook=_outlook(prep.ws, ids, prep.options),
                  recommended=ids.index(winner) if winner in ids else None)


def _outlook(ws: Workspace, ids: list[str], options: list[OptionAssessment]) -> tuple[mc.Outlook, ...]:
    """The stated chances of passing a required parity check (a judgement), of options with no check
    of that kind yet (a measured verdict replaces the judgement), for the draws."""
    required = set(ws.required_parity)
    checked = {(oa.option, kp.kind) for oa in options for kp in oa.parity if kp.checks}
    out = []
    for p in ws.parity_outlook:
        if p.option not in ids or (required and p.kind not in required) or not 0.0 <= p.probability <= 1.0 \
                or (p.option, p.kind) in checked:
            continue
        out.append(mc.Outlook(f"parity:{p.option}:{p.kind.value}", ids.index(p.option), float(p.probability),
                              msg("input.parity_outlook", "chance of passing parity: {kind} (judgement)",
                                  kind=p.kind.value)))
    return tuple(out)


def monte_carlo(ws: Workspace, draws: int | None = None, seed: int | None = None, *,
                progress: ProgressCallback | None = None, cancel: Cancellable | None = None) -> MonteCarlo:
    """Monte Carlo alone (for a background task): P(rank 1), P10/P50/P90 of $/M tokens and TCO.
    ``progress(fraction)`` is called after each block of draws; ``cancel`` (a
    ``domain.progress.CancelToken``) stops the run with ``domain.progress.Cancelled``."""
    prep = _prepare(ws, views=False)
    _, ranking, _, _ = _score(prep)
    return _monte_carlo(prep, [o.id for o in ws.options], draws, seed, progress, cancel,
                        winner=ranking[0] if ranking else None)


def _runtime_name(ws: Workspace, o: Option) -> str:
    """The option's runtime by its name in the matrix; a hosted API's by its provider; else its id."""
    r = ws.matrix.runtime(o.runtime)
    if r is not None and r.name:
        return r.name
    if o.hosted is not None and o.hosted.provider:
        return o.hosted.provider
    return o.runtime


def _platform_name(ws: Workspace, o: Option) -> str:
    """The option's platform by its name in the matrix ("H100 SXM"); none for a hosted API; else its id."""
    p = ws.matrix.resolve_platform(o.platform) if o.platform else None
    if p is not None and p.name:
        return p.name
    return "" if o.hosted is not None else o.platform
