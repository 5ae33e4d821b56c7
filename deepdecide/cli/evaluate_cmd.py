"""``deepdecide evaluate [WORKSPACE] [--json]``: rank the options and say what would flip the decision."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from deepdecide.domain import formatting

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import Assessment, CostViewFigures, FitCounts, OptionAssessment
    from deepdecide.domain.workspace import Workspace

NAME = "evaluate"
HELP = ("rank a workspace's options: classification, evidence levels, capacity, GPUs (owned + new), $/M tokens "
        "and TCO in the cash and all-in views, flip thresholds, P(best) and the recommended option's risks")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("workspace", nargs="?", metavar="WORKSPACE",
                        help="a workspace file (*.deepdecide.yaml); default: the built-in sample decision")
    parser.add_argument("--json", action="store_true", help="print the whole assessment as JSON")
    parser.add_argument("--draws", type=int, metavar="N",
                        help="Monte Carlo draws, 1..1,000,000 (default: the workspace's assumptions.monte_carlo_draws)")
    parser.add_argument("--seed", type=int, help="Monte Carlo seed, 0..4,294,967,295 (default: the workspace's)")
    parser.add_argument("--no-monte-carlo", action="store_true", help="skip the Monte Carlo draws")


def _num(v: float | None, none: str = "n/a") -> str:
    from deepdecide.domain.formatting import number

    return none if v is None else number(v)


def _money(v: float | None, currency: str) -> str:
    return "n/a" if v is None else formatting.money(v, currency)


def _view_money(view: CostViewFigures | None, per_m: bool, currency: str) -> str:
    """A cost view's $/M or TCO, "≈" with the precision its range supports when it rests on
    assumptions."""
    if view is None:
        return "n/a"
    f = view.cost_per_m_tokens_usd if per_m else view.tco_usd
    if f.value is None:
        return "n/a"
    low, high = (view.low, view.high) if per_m else (view.tco_low, view.tco_high)
    return formatting.money(f.value, currency, approx=view.assumed, low=low, high=high)


def _fleet_line(oa: OptionAssessment, currency: str) -> str:
    f = oa.fleet
    if f.gpus.value is None:
        return f"fleet: none ({f.gpus.missing_reason})"
    n = formatting.integer(f.gpus.value)
    nodes = f" = {formatting.integer(f.nodes)} nodes of {f.node_gpus}" if f.nodes is not None else ""
    if f.owned_gpus is None:
        return f"fleet: {n} GPUs{nodes}, every one counted as owned (pricing existing)"
    parts = [f"{formatting.integer(f.owned_used)} owned"]
    if f.shortfall_gpus:
        parts.append(f"{formatting.integer(f.shortfall_gpus)} to {f.acquire}")
    line = f"fleet: {n} GPUs{nodes}: {' + '.join(parts)} (owned on {oa.platform}: {formatting.integer(f.owned_gpus)})"
    if f.freed_gpus:
        line += f"; {formatting.integer(f.freed_gpus)} owned GPUs freed"
    if f.book_value_usd_per_gpu is not None:
        line += f"; book value {formatting.money(f.book_value_usd_per_gpu, currency)} per owned GPU"
    if f.end_of_support:
        line += f"; supported until {f.end_of_support}"
    return line


def _p_best(p: float | None, draws: int | None) -> str:
    return "-" if p is None else formatting.probability(p, draws)


def _levels(oa: OptionAssessment) -> str:
    ev = oa.evidence
    return " ".join(f"{n[0].upper()}{'+' if lv.reached else '-'}"
                    for n, lv in (("builds", ev.builds), ("correct", ev.correct), ("performs", ev.performs)))


def _fit(c: FitCounts) -> str:
    return "/".join(formatting.integer(n) for n in (c.matches, c.proxies, c.mismatches, c.needs_context))


def _fit_lines(a: Assessment) -> list[str]:
    """Every run or check that does not count in full, with the reason (mismatch, proxy, needs context,
    illustrative), so that an import that changes nothing says why."""
    from deepdecide.analysis.assessment import EvidenceFit
    from deepdecide.domain.messages import render_all

    groups: dict[tuple[str, str, str, str, str, tuple[str, ...]], list[EvidenceFit]] = {}
    for f in a.evidence_fit:
        if f.applicability.value == "matches" and f.counts_for and f.kind in ("own", "third_party"):
            continue
        what = f.applicability.value if f.applicability.value != "matches" else f.kind.replace("_", "-")
        key = (f.file, f.item, f.runtime, f.platform, what, f.counts_for)
        groups.setdefault(key, []).append(f)
    out = []
    for (file, item, runtime, platform, what, counts_for), fits in groups.items():
        reasons = list(dict.fromkeys(r for f in fits for r in render_all(f.reasons)))
        counts = ", ".join(counts_for) if counts_for else "nothing"
        out.append(f"  {file}: {formatting.count(len(fits), item)} of {runtime or '?'} on {platform or '?'}: "
                   f"{what.upper()}, counts for {counts}: {'; '.join(reasons)}")
    if out:
        out = ["", "Evidence that does not count in full:", *out]
    return out


def _prediction_lines(a: Assessment) -> list[str]:
    """Predictions beside measured runs of the same configuration, and each predictor's error."""
    from deepdecide.analysis.prediction import signed_percent

    pairs = a.prediction_pairs
    if not pairs:
        return []
    out = ["", "Predicted vs measured (error = (predicted - measured) / measured):"]
    for p in pairs:
        errs = ", ".join(f"{e.metric} {signed_percent(e.relative_error)}" for e in p.errors)
        out.append(f"  {p.tool} {p.runtime} on {p.platform}, {p.model}, {formatting.integer(p.gpu_count)} GPUs, "
                   f"{p.load}: {p.predicted} vs {p.measured} ({p.measured_file}): {errs}")
    out.extend(f"  {e.note}" for e in a.predictor_errors if e.note is not None)
    return out


def render(ws: Workspace, a: Assessment) -> str:
    """The assessment as plain text for a terminal."""
    from deepdecide.cli.common import table
    from deepdecide.domain.formatting import share
    from deepdecide.domain.messages import join

    lines = [f"{ws.name}: {len(a.options)} option(s); winner: {a.winner or 'none'}",
             f"SLO: {a.slo}"]
    if a.workload is not None:
        lines.append(f"Evidence judged against the {a.workload}")
    horizon = ws.assumptions.horizon_years
    currency = ws.assumptions.currency
    unit = formatting.currency_unit(currency)
    mcr = a.monte_carlo
    # the ranked options, then those not eligible (blocked, vetoed, dev-only) by score: ranked after them
    rest = sorted((o for o in a.options if o.option not in a.ranking),
                  key=lambda o: -(o.score.total if o.score else -1.0))
    order = list(a.ranking) + [o.option for o in rest]
    rows = []
    view_name = a.cost_view.value
    star = {"cash": "", "all-in": ""}
    star[view_name] = "*"
    for oid in order:
        oa = _option(a, oid)
        cap = oa.capacity
        cap_txt = _num(cap.value)
        if cap.value is not None:
            cap_txt += f" ({cap.label})"
        elif cap.basis.value == "fails-slo":
            cap_txt = "fails the SLO"
        elif cap.basis.value == "fails-parity":
            cap_txt = "fails parity"
        draws = mcr.for_option(oid) if mcr else None
        status = "" if oa.rank is not None else ("dev-only" if oa.strategy.value == "dev-only" else
                                                 "blocked" if oa.checklist.blockers or not oa.eligible else
                                                 "vetoed" if oa.vetoes else "not ranked")
        f = oa.fleet
        gpus = _num(f.gpus.value)
        if f.gpus.value is not None and f.owned_gpus is not None:
            gpus += f" ({_num(f.owned_used)}+{_num(f.shortfall_gpus)})"
        c = oa.costs
        rows.append([
            str(oa.rank) if oa.rank is not None else "-",
            oid,
            oa.classification.label,
            _levels(oa),
            _fit(oa.fit),
            cap_txt,
            gpus,
            _view_money(c.cash, True, currency),
            _view_money(c.all_in, True, currency),
            _view_money(c.cash, False, currency),
            _view_money(c.all_in, False, currency),
            f"{oa.score.total:.3f}" if oa.score else "-",
            _p_best(draws.p_best if draws and oa.rank is not None else None, mcr.draws if mcr else None),
            status,
        ])
    lines.append(f"Cost view that drives the ranking: {view_name} (marked *); both views are shown")
    lines.append("")
    lines.append(table(["rank", "option", "class", "evidence", "runs m/p/x/?", "tok/s/GPU", "GPUs (owned+new)",
                        f"{unit}/M cash{star['cash']}", f"{unit}/M all-in{star['all-in']}",
                        f"TCO {horizon:g}y cash{star['cash']}", f"TCO {horizon:g}y all-in{star['all-in']}",
                        "score", "P(best)", "note"], rows))
    lines.append("  evidence: B = builds, C = correct, P = performs (+ reached, - not); "
                 f"{unit}/M tok = {unit}/GPU-h / (tok/s/GPU x 3600 / 10^6); ≈: rests on assumptions, "
                 "printed with the precision its range supports")
    lines.append("  cash = what we will spend (owned GPUs' capex excluded); all-in = every GPU at its "
                 f"all-in {unit}/GPU-h (InferenceMAX basis)")
    lines.append("  runs m/p/x/?: runs about the option that match the workload / are accepted proxies / "
                 "mismatch (count for nothing) / need context (count for nothing until assigned)")
    lines.extend(_fit_lines(a))
    lines.extend(_prediction_lines(a))
    if a.messages:
        lines.append("")
        lines.append("Workspace messages:")
        lines.extend(f"  ! {m}" for m in a.messages)
    lines.append("")
    lines.append("Why, option by option:")
    for oid in order:
        oa = _option(a, oid)
        lines.append(f"  {oid} ({oa.classification.label}, {oa.strategy.value})")
        for r in oa.classification.reasons:
            lines.append(f"    support: {r}")
        for name, lv in (("builds", oa.evidence.builds), ("correct", oa.evidence.correct),
                         ("performs", oa.evidence.performs)):
            state = "reached" if lv.reached else "NOT reached"
            lines.append(f"    {name} {state}: {join(lv.reasons)}")
        cap_fig = oa.capacity.figure
        if cap_fig.value is None:
            lines.append(f"    capacity: none: {cap_fig.missing_reason}")
        else:
            lines.append(f"    capacity: {formatting.number(cap_fig.value)} {cap_fig.unit} ({oa.capacity.label})")
        for flag in cap_fig.flags:
            lines.append(f"    capacity: {flag}")
        lines.append(f"    GPUs: {oa.fleet.unit_reason}")
        lines.append(f"    {_fleet_line(oa, currency)}")
        for warning in oa.fleet.warnings:
            lines.append(f"    WARNING: {warning}")
        c = oa.costs
        for cv in (c.cash, c.all_in):
            if cv is not None and cv.gpu_hour_usd.value is not None:
                lines.append(f"    {cv.view.value}: {formatting.money_rate(cv.gpu_hour_usd.value, currency, 'GPU-h')}"
                             f" (pricing {c.pricing.value}){' [drives the ranking]' if cv.view == c.view else ''}")
            elif cv is not None:
                lines.append(f"    {cv.view.value}: n/a ({cv.gpu_hour_usd.missing_reason})")
        for b in oa.checklist.blockers:
            lines.append(f"    BLOCKER: {b.reason}")
        for r in oa.eligibility_reasons:
            lines.append(f"    not eligible: {r}")
        for veto in oa.vetoes:
            lines.append(f"    vetoed: {veto}")
        for om in oa.messages:
            if om.id != "option.no_capacity":  # already said on the capacity line
                lines.append(f"    ! {om}")
    s = a.sensitivity
    if s is not None:
        lines.append("")
        lines.append(f"What would flip the decision (winner: {s.winner}):")
        for w in s.weights:
            hi = "no limit" if w.high is None else f"{w.high:.3g} ({share(w.high_share)})"
            beyond = []
            if w.winner_below:
                beyond.append(f"below -> {w.winner_below}")
            if w.winner_above:
                beyond.append(f"above -> {w.winner_above}")
            lines.append(f"  weight {w.criterion} = {w.weight:g} ({share(w.weight_share)}): winner holds for "
                         f"{w.low:.3g} ({share(w.low_share)}) .. {hi}" + (f"; {', '.join(beyond)}" if beyond else ""))
        flips = [flip for flip in s.inputs if flip.flip_below is not None or flip.flip_above is not None]
        for flip in flips:
            parts = []
            if flip.flip_below is not None:
                where = "in range" if flip.below_in_range else "outside the range"
                parts.append(f"below {flip.flip_below:.4g} ({where}) -> {flip.winner_below or 'none eligible'}")
            if flip.flip_above is not None:
                where = "in range" if flip.above_in_range else "outside the range"
                parts.append(f"above {flip.flip_above:.4g} ({where}) -> {flip.winner_above or 'none eligible'}")
            flip_unit = flip.unit.replace("$", unit)  # the analysis writes the workspace's money as "$"
            lines.append(f"  {flip.label} [{flip.low:g} / {flip.likely:g} / {flip.high:g} {flip_unit}]: "
                         f"{'; '.join(parts)}")
        steady = len(s.inputs) - len(flips)
        if steady:
            lines.append(f"  {steady} other uncertain input(s) do not change the winner between 0 and about "
                         "twice their high value")
    risks = a.recommendation_risks
    if a.winner is not None and risks:
        lines.append("")
        lines.append(f"Risks of the recommended option ({a.winner}):")
        lines.extend(f"  - {r.kind}: {r.text}" for r in risks)
    if mcr is not None:
        lines.append("")
        lines.append(f"Monte Carlo ({view_name} view): {mcr.draws} draws, seed {mcr.seed}"
                     + (f"; no option eligible in {mcr.p_no_winner:.1%} of draws" if mcr.p_no_winner else ""))
        mrows = []
        for d in mcr.options:
            cpm, t = d.cost_per_m_tokens_usd, d.tco_usd
            mrows.append([d.option, _p_best(d.p_best, mcr.draws),
                          " / ".join(_money(x, currency) for x in (cpm.p10, cpm.p50, cpm.p90)),
                          " / ".join(_money(x, currency) for x in (t.p10, t.p50, t.p90))])
        lines.append(table(["option", "P(best)", f"{unit}/M tok P10 / P50 / P90", "TCO P10 / P50 / P90"], mrows))
    return "\n".join(lines)


def _option(a: Assessment, oid: str) -> OptionAssessment:
    oa = a.option(oid)
    assert oa is not None, oid  # ``order`` holds the assessment's own option ids
    return oa


def json_data(ws: Workspace, a: Assessment) -> dict[str, Any]:
    """What ``evaluate --json`` prints: the whole assessment as plain data (messages keep their
    id and parameters beside the rendered text)."""
    from deepdecide.analysis import to_data

    data: dict[str, Any] = to_data(a)
    data["currency"] = ws.assumptions.currency  # the unit of every money figure (named ..._usd for history)
    return data


def run(args: argparse.Namespace) -> int:
    import json

    from deepdecide.analysis import evaluate
    from deepdecide.cli.common import error, report_error, report_warnings
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
    from deepdecide.domain.errors import DeepdecideError, ValidationError
    from deepdecide.domain.validation import MAX_DRAWS, MAX_SEED
    from deepdecide.storage import files

    if args.draws is not None and not 1 <= args.draws <= MAX_DRAWS:
        error(f"--draws must be in [1, {MAX_DRAWS:,}], got {args.draws:,}")
        return EXIT_USAGE
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        error(f"--seed must be in [0, {MAX_SEED:,}], got {args.seed:,}")
        return EXIT_USAGE
    warnings: list[ValidationError] = []
    try:
        ws = files.load_workspace(args.workspace, warnings) if args.workspace else files.load_builtin_workspace()
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    report_warnings(warnings)
    a = evaluate(ws, monte_carlo=not args.no_monte_carlo, draws=args.draws, seed=args.seed)
    if args.json:
        print(json.dumps(json_data(ws, a), indent=2, ensure_ascii=False, allow_nan=False))
    else:
        print(render(ws, a))
    return EXIT_OK if a.winner is not None else EXIT_PROBLEM
