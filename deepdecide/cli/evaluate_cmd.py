"""``deepdecide evaluate [WORKSPACE] [--json]``: rank the options and say what would flip the decision."""

from __future__ import annotations

from deepdecide.domain import formatting

NAME = "evaluate"
HELP = ("rank a workspace's options: classification, evidence levels, capacity, GPUs, $/M tokens, TCO, "
        "flip thresholds and P(best)")


def add_arguments(parser) -> None:
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


def _money(v: float | None, currency: str = "USD") -> str:
    from deepdecide.domain.formatting import money

    return "n/a" if v is None else money(v, currency)


def _levels(oa) -> str:
    ev = oa.evidence
    return " ".join(f"{n[0].upper()}{'+' if lv.reached else '-'}"
                    for n, lv in (("builds", ev.builds), ("correct", ev.correct), ("performs", ev.performs)))


def _fit(c) -> str:
    return "/".join(formatting.integer(n) for n in (c.matches, c.proxies, c.mismatches, c.needs_context))


def _fit_lines(a) -> list[str]:
    """Every run or check that does not count in full, with the reason (mismatch, proxy, needs context,
    illustrative), so that an import that changes nothing says why."""
    from deepdecide.domain.messages import render_all

    groups: dict[tuple, list] = {}
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


def render(ws, a) -> str:
    """The assessment as plain text for a terminal."""
    from deepdecide.cli.common import table
    from deepdecide.domain.formatting import percent, probability, share
    from deepdecide.domain.messages import join

    currency = ws.assumptions.currency
    lines = [f"{ws.name}: {len(a.options)} option(s); winner: {a.winner or 'none'}",
             f"SLO: {a.slo}"]
    if a.workload is not None:
        lines.append(f"Evidence judged against the {a.workload}")
    horizon = ws.assumptions.horizon_years
    mcr = a.monte_carlo
    order = list(a.ranking) + [o.option for o in a.options if o.option not in a.ranking]
    rows = []
    for oid in order:
        oa = a.option(oid)
        cap = oa.capacity
        cap_txt = _num(cap.value)
        if cap.value is not None:
            cap_txt += f" ({cap.label})"
        elif cap.basis.value == "fails-slo":
            cap_txt = "fails the SLO"
        draws = mcr.for_option(oid) if mcr else None
        status = "" if oa.rank is not None else ("dev-only" if not oa.eligible else
                                                 "vetoed" if oa.vetoes else "not ranked")
        rows.append([
            str(oa.rank) if oa.rank is not None else "-",
            oid,
            oa.classification.label,
            _levels(oa),
            _fit(oa.fit),
            cap_txt,
            _num(oa.fleet.gpus.value),
            _money(oa.costs.cost_per_m_tokens_usd.value, currency),
            _money(oa.costs.tco_usd.value, currency),
            f"{oa.score.total:.3f}" if oa.score else "n/a",
            probability(draws.p_best) if draws else "-",
            status,
        ])
    lines.append("")
    lines.append(table(["rank", "option", "class", "evidence", "runs m/p/x/?", "tok/s/GPU", "GPUs", "$/M tok",
                        f"TCO {horizon:g}y", "score", "P(best)", "note"], rows))
    lines.append("  evidence: B = builds, C = correct, P = performs (+ reached, - not); "
                 "$/M tok = all-in $/GPU-h / (tok/s/GPU x 3600 / 10^6)")
    lines.append("  runs m/p/x/?: runs about the option that match the workload / are accepted proxies / "
                 "mismatch (count for nothing) / need context (count for nothing until assigned)")
    lines.extend(_fit_lines(a))
    if a.messages:
        lines.append("")
        lines.append("Workspace messages:")
        lines.extend(f"  ! {m}" for m in a.messages)
    lines.append("")
    lines.append("Why, option by option:")
    for oid in order:
        oa = a.option(oid)
        lines.append(f"  {oid} ({oa.classification.label}, {oa.strategy.value})")
        for r in oa.classification.reasons:
            lines.append(f"    support: {r}")
        for name, lv in (("builds", oa.evidence.builds), ("correct", oa.evidence.correct),
                         ("performs", oa.evidence.performs)):
            state = "reached" if lv.reached else "NOT reached"
            lines.append(f"    {name} {state}: {join(lv.reasons)}")
        cap = oa.capacity.figure
        if cap.value is None:
            lines.append(f"    capacity: none: {cap.missing_reason}")
        else:
            lines.append(f"    capacity: {formatting.number(cap.value)} {cap.unit} ({oa.capacity.label})")
        for f in cap.flags:
            lines.append(f"    capacity: {f}")
        lines.append(f"    GPUs: {oa.fleet.unit_reason}")
        for b in oa.checklist.blockers:
            lines.append(f"    BLOCKER: {b.reason}")
        for r in oa.eligibility_reasons:
            lines.append(f"    not eligible: {r}")
        for v in oa.vetoes:
            lines.append(f"    vetoed: {v}")
        for m in oa.messages:
            if m.id != "option.no_capacity":  # already said on the capacity line
                lines.append(f"    ! {m}")
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
        flips = [f for f in s.inputs if f.flip_below is not None or f.flip_above is not None]
        for f in flips:
            parts = []
            if f.flip_below is not None:
                where = "in range" if f.below_in_range else "outside the range"
                parts.append(f"below {f.flip_below:.4g} ({where}) -> {f.winner_below or 'none eligible'}")
            if f.flip_above is not None:
                where = "in range" if f.above_in_range else "outside the range"
                parts.append(f"above {f.flip_above:.4g} ({where}) -> {f.winner_above or 'none eligible'}")
            lines.append(f"  {f.label} [{f.low:g} / {f.likely:g} / {f.high:g} {f.unit}]: {'; '.join(parts)}")
        steady = len(s.inputs) - len(flips)
        if steady:
            lines.append(f"  {steady} other uncertain input(s) do not change the winner between 0 and about "
                         "twice their high value")
    if mcr is not None:
        lines.append("")
        lines.append(f"Monte Carlo: {mcr.draws} draws, seed {mcr.seed}"
                     + (f"; no option eligible in {percent(mcr.p_no_winner, 1)} of draws" if mcr.p_no_winner else ""))
        mrows = []
        for d in mcr.options:
            c, t = d.cost_per_m_tokens_usd, d.tco_usd
            mrows.append([d.option, probability(d.p_best),
                          " / ".join(_money(x, currency) for x in (c.p10, c.p50, c.p90)),
                          " / ".join(_money(x, currency) for x in (t.p10, t.p50, t.p90))])
        lines.append(table(["option", "P(best)", "$/M tok P10 / P50 / P90", "TCO P10 / P50 / P90"], mrows))
    return "\n".join(lines)


def json_data(ws, a) -> dict:
    """What ``evaluate --json`` prints: the whole assessment as plain data (messages keep their
    id and parameters beside the rendered text)."""
    from deepdecide.analysis import to_data

    return to_data(a)


def run(args) -> int:
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
