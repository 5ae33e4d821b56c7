"""``deepdecide evaluate [WORKSPACE] [--json]``: rank the options and say what would flip the decision."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from deepdecide.cli.common import (
    convert_hint,
    error,
    one_line,
    report_error,
    report_warnings,
    table,
    whole_arg,
)
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError, ValidationError
from deepdecide.domain.formatting import number, share
from deepdecide.domain.i18n import N_, _, ngettext, pgettext
from deepdecide.domain.messages import join, name_of, names_of, naming, render_all
from deepdecide.domain.presentation import pool_where
from deepdecide.domain.vocabulary import load_text, word

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import (
        Assessment,
        Capacity,
        CostViewFigures,
        FitCounts,
        MonteCarlo,
        OptionAssessment,
    )
    from deepdecide.domain.workspace import Workspace

NAME = "evaluate"
HELP = N_("rank a workspace's options: classification, evidence levels, capacity, GPUs (owned + new), $/M tokens "
        "and TCO in the cash and all-in views, flip thresholds, P(best) and the recommended option's risks")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("workspace", nargs="?", metavar="WORKSPACE",
                        help=_("a workspace file (*.deepdecide.yaml); default: the built-in sample decision"))
    parser.add_argument("--json", action="store_true", help=_("print the whole assessment as JSON"))
    parser.add_argument("--draws", type=whole_arg, metavar="N",
                        help=_("Monte Carlo draws, 1..1,000,000 (default: the workspace's assumptions.monte_carlo_draws)"))
    parser.add_argument("--seed", type=whole_arg, help=_("Monte Carlo seed, 0..4,294,967,295 (default: the workspace's)"))
    parser.add_argument("--no-monte-carlo", action="store_true", help=_("skip the Monte Carlo draws"))


def _num(v: float | None, none: str | None = None) -> str:
    return (_("n/a") if none is None else none) if v is None else number(v)


def _money(v: float | None, currency: str | None = None) -> str:
    return _("n/a") if v is None else formatting.money(v, currency)


def _view_money(view: CostViewFigures | None, per_m: bool, currency: str | None = None) -> str:
    """A cost view's $/M or TCO, "≈" with the precision its range supports when it rests on
    assumptions."""
    if view is None:
        return _("n/a")
    f = view.cost_per_m_tokens_usd if per_m else view.tco_usd
    if f.value is None:
        return _("n/a")
    low, high = (view.low, view.high) if per_m else (view.tco_low, view.tco_high)
    return formatting.money(f.value, currency, approx=view.assumed, low=low, high=high)


def _fleet_line(oa: OptionAssessment, currency: str | None = None) -> str:
    f = oa.fleet
    if f.gpus.value is None:
        return _("fleet: none ({reason})").format(reason=f.gpus.missing_reason)
    n = formatting.integer(f.gpus.value)
    nodes = (_(" = {nodes} nodes of {gpus}").format(nodes=formatting.integer(f.nodes), gpus=f.node_gpus)
             if f.nodes is not None else "")
    if f.owned_gpus is None:
        return _("fleet: {n} GPUs{nodes}, every one counted as owned (pricing existing)").format(n=n, nodes=nodes)
    parts = [_("{n} owned").format(n=formatting.integer(f.owned_used))]
    if f.shortfall_gpus:
        parts.append(_("{n} to {acquire}").format(n=formatting.integer(f.shortfall_gpus), acquire=word(f.acquire, "acquire")))
    # a disaggregated option's owned GPUs are those of its pools' platforms (a mixed option's H100 prefill
    # pool draws on the owned H100s, not on the option's own platform)
    platforms = (tuple(dict.fromkeys(p.platform for p in (oa.pools.prefill, oa.pools.decode)))
                 if oa.pools is not None else (oa.platform,))
    line = _("fleet: {n} GPUs{nodes}: {parts} (owned on {platform}: {owned})").format(
        n=n, nodes=nodes, parts=" + ".join(parts), platform=", ".join(name_of("platform", pf) for pf in platforms),
        owned=formatting.integer(f.owned_gpus))
    if f.freed_gpus:
        line += _("; {n} owned GPUs freed").format(n=formatting.integer(f.freed_gpus))
    if f.book_value_usd_per_gpu is not None:
        line += _("; book value {money} per owned GPU").format(
            money=formatting.money(f.book_value_usd_per_gpu, currency))
    if f.end_of_support:
        line += _("; supported until {date}").format(date=formatting.date(f.end_of_support))
    return line


_PRICING = {"rent": lambda: _("rented GPUs"), "own": lambda: _("GPUs owned or bought"),
            "existing": lambda: _("existing GPUs")}


def _cap_label(c: Capacity) -> str:
    """A capacity's basis and source in the current language ("interpolated, proxy")."""
    from deepdecide.analysis.assessment import CapacitySource

    basis = word(c.basis, "capacity basis")
    if c.source in (CapacitySource.ASSUMED, CapacitySource.NONE):
        return basis
    if c.corrected_by:
        return ngettext("{basis}, predicted, corrected by {n} measured pair", "{basis}, predicted, corrected by {n} measured pairs",
                        c.corrected_by).format(basis=basis, n=c.corrected_by)
    source = _("own measurement") if c.source == CapacitySource.OWN else _(c.source.value.replace("_", "-"))
    return _("{basis}, {source}").format(basis=basis, source=source)


def _levels(oa: OptionAssessment) -> str:
    ev = oa.evidence
    # each rung's letter in the interface language (B C P; Co Cr R in Spanish: compila, correcto, rinde)
    return " ".join(f"{letter}{'+' if lv.reached else '~' if lv.proxy else '-'}"
                    for letter, lv in ((pgettext("evidence rung letter", "B"), ev.builds),
                                       (pgettext("evidence rung letter", "C"), ev.correct),
                                       (pgettext("evidence rung letter", "P"), ev.performs)))


def _status(oa: OptionAssessment) -> str:
    """Why an option is not ranked, in a word or two (the reason itself is in "Why, option by option")."""
    if oa.rank is not None:
        return ""
    if oa.strategy.value == "dev-only":
        return word("dev-only", "option status")
    if not oa.slo_standing.recommendable:
        return word(oa.slo_standing.status.value, "option status")
    return word("blocked" if oa.checklist.blockers or not oa.eligible else "vetoed" if oa.vetoes else "not ranked",
                "option status")


def _fit(c: FitCounts) -> str:
    return "/".join(formatting.integer(n) for n in (c.matches, c.proxies, c.mismatches, c.needs_context))


#: the files named as examples of a group of runs that do not count in full (the rest counted)
EXAMPLE_FILES = 3


def _fit_lines(a: Assessment) -> list[str]:
    """The runs and checks that do not count in full (mismatch, proxy, needs context, illustrative),
    summarised per runtime x platform (the options it is evidence about) and verdict: how many, in
    how many files (a few named), and why, each reason once with the number of runs it concerns. An
    import that changes nothing says why, and ten thousand result files take a few lines;
    ``--json`` lists every run and check."""
    from deepdecide.analysis.assessment import EvidenceFit

    groups: dict[tuple[str, str, tuple[str, ...], str, str, tuple[str, ...]], list[EvidenceFit]] = {}
    for f in a.evidence_fit:
        if f.applicability.value == "matches" and f.counts_for and f.kind in ("own", "third_party"):
            continue
        what = f.applicability.value if f.applicability.value != "matches" else f.kind.replace("_", "-")
        key = (f.runtime, f.platform, f.options, f.item, what, f.counts_for)
        groups.setdefault(key, []).append(f)
    out = []
    # a reason is rendered once however many files give it (ten thousand files of one sweep share a
    # handful of reasons; rendering each again was most of this command's time at that size)
    rendered: dict[Any, str] = {}

    def text(reason: Any) -> str:
        try:
            got = rendered.get(reason)
        except TypeError:  # a reason with an unhashable parameter: rendered each time
            return render_all([reason])[0]
        if got is None:
            got = rendered[reason] = render_all([reason])[0]
        return got

    for (runtime, platform, options, item, what, counts_for), fits in groups.items():
        n = len(fits)
        cell = _("{runtime} on {platform}").format(runtime=name_of("runtime", runtime) or "?",
                                                  platform=name_of("platform", platform) or "?")
        where = (_("{options} ({cell})").format(options=" / ".join(name_of("option", o) for o in options), cell=cell)
                 if options else cell)
        files = list(dict.fromkeys(f.file for f in fits))
        items = (ngettext("{n} run", "{n} runs", n) if item == "run" else
                 ngettext("{n} check", "{n} checks", n)).format(n=formatting.integer(n))
        in_files = ngettext("{items} in {n} file", "{items} in {n} files", len(files)).format(
            items=items, n=formatting.integer(len(files)))
        verdict = word(what, "applicability").upper()
        head = (_("{where}: {items}: {what}, counts for {counts}").format(
                    where=where, items=in_files, what=verdict,
                    counts=", ".join(word(c, "evidence rung") for c in counts_for)) if counts_for else
                _("{where}: {items}: {what}, counts for nothing").format(where=where, items=in_files, what=verdict))
        shown = ", ".join(one_line(x) for x in files[:EXAMPLE_FILES])
        if len(files) > EXAMPLE_FILES:
            more = len(files) - EXAMPLE_FILES
            shown = ngettext("{files} and {n} more", "{files} and {n} more", more).format(
                files=shown, n=formatting.integer(more))
        # each reason once, by its message: its first wording, with how many runs give it (and, where
        # the wording differs from run to run, that it is an example)
        by_id: dict[str, tuple[str, set[str], int]] = {}
        for f in fits:
            for r in dict.fromkeys(f.reasons):
                rid = getattr(r, "id", "") or text(r)
                first, variants, count = by_id.get(rid) or (text(r), set(), 0)
                if len(variants) < 2:
                    variants.add(text(r))
                by_id[rid] = (first, variants, count + 1)
        reasons = []
        for first, variants, count in by_id.values():
            if len(variants) > 1:
                reasons.append(ngettext("{reason} (for example; {n} item)", "{reason} (for example; {n} items)",
                                        count).format(reason=first, n=formatting.integer(count)))
            elif count < n:
                reasons.append(ngettext("{reason} ({n} item)", "{reason} ({n} items)", count).format(
                    reason=first, n=formatting.integer(count)))
            else:
                reasons.append(first)
        out.append("  " + head)
        out.append("    " + _("files: {files}").format(files=shown))
        out.append("    " + _("why: {reasons}").format(reasons="; ".join(reasons)))
    if out:
        out = ["", _("Evidence that does not count in full (by runtime and platform; --json lists every run "
                     "and check):"), *out]
    return out


def _prediction_lines(a: Assessment) -> list[str]:
    """Predictions beside measured runs of the same configuration, and each predictor's error."""
    from deepdecide.analysis.prediction import signed_percent

    pairs = a.prediction_pairs
    if not pairs:
        return []
    out = ["", _("Predicted vs measured (error = (predicted - measured) / measured):")]
    for p in pairs:
        errs = ", ".join(f"{e.metric} {signed_percent(e.relative_error)}" for e in p.errors)
        out.append("  " + _("{tool} {runtime} on {platform}, {model}, {gpus} GPUs, {load}: {predicted} vs "
                            "{measured} ({file}): {errors}").format(
            tool=p.tool, runtime=name_of("runtime", p.runtime), platform=name_of("platform", p.platform), model=p.model,
            gpus=formatting.integer(p.gpu_count), load=load_text(p.load), predicted=p.predicted, measured=p.measured,
            file=p.measured_file, errors=errs))
    out.extend(f"  {e.note}" for e in a.predictor_errors if e.note is not None)
    return out


def render(ws: Workspace, a: Assessment) -> str:
    """The assessment as plain text for a terminal, money in the workspace's currency."""
    with formatting.using_currency(ws.assumptions.currency):
        return _render(ws, a)


def _render(ws: Workspace, a: Assessment) -> str:
    cur = ws.assumptions.currency
    if a.winner is None and a.no_recommendation is not None:
        head = ngettext("{name}: {n} option; no recommendation: {why}", "{name}: {n} options; no recommendation: {why}",
                        len(a.options)).format(
            name=ws.name, n=formatting.integer(len(a.options)), why=a.no_recommendation)
    else:
        head = ngettext("{name}: {n} option; winner: {winner}", "{name}: {n} options; winner: {winner}", len(a.options)).format(
            name=ws.name, n=formatting.integer(len(a.options)), winner=name_of("option", a.winner) or _("none"))
    lines = [head, _("SLO: {slo}").format(slo=a.slo)]
    if a.workload is not None:
        lines.append(_("Evidence judged against the {workload}").format(workload=a.workload))
    horizon = ws.assumptions.horizon_years
    mcr = a.monte_carlo
    # the one order of every view: ranked by score, then the others grouped by why they cannot be recommended
    order = list(a.order or [o.option for o in a.options])
    rows = []
    view_name = a.cost_view.value
    star = {"cash": "", "all-in": ""}
    star[view_name] = "*"
    for oid in order:
        oa = _option(a, oid)
        cap = oa.capacity
        cap_txt = _num(cap.value)
        if cap.value is not None:
            cap_txt += f" ({_cap_label(cap)})"
        elif cap.basis.value in ("fails-slo", "fails-parity", "cannot-judge"):
            cap_txt = word(cap.basis)
        draws = mcr.for_option(oid) if mcr else None
        status = _status(oa)
        f = oa.fleet
        gpus = _num(f.gpus.value)
        if f.gpus.value is not None and f.owned_gpus is not None:
            gpus += f" ({_num(f.owned_used)}+{_num(f.shortfall_gpus)})"
        c = oa.costs
        rows.append([
            str(oa.rank) if oa.rank is not None else "-",
            name_of("option", oid),
            word(oa.classification.label, "support status"),
            _levels(oa),
            _fit(oa.fit),
            cap_txt,
            gpus,
            _view_money(c.cash, True, cur),
            _view_money(c.all_in, True, cur),
            _view_money(c.cash, False, cur),
            _view_money(c.all_in, False, cur),
            formatting.score(oa.score.total) if oa.score else "-",
            formatting.p_best(draws.p_best if draws else None, oa.can_win, mcr.draws if mcr else None),
            status,
        ])
    sym = formatting.currency_symbol(cur)
    lines.append(_("Cost view that drives the ranking: {view} (marked *); both views are shown").format(
        view=word(view_name, "cost view")))
    lines.append(_("Money in {currency}").format(currency=cur))
    lines.append("")
    lines.append(table([_("rank"), _("option"), _("class"), _("evidence"), _("runs m/p/x/?"), _("tok/s/GPU"),
                        _("GPUs (owned+new)"),
                        _("{symbol}/M cash").format(symbol=sym) + star["cash"],
                        _("{symbol}/M all-in").format(symbol=sym) + star["all-in"],
                        _("TCO {years}y cash").format(years=formatting.number(horizon)) + star["cash"],
                        _("TCO {years}y all-in").format(years=formatting.number(horizon)) + star["all-in"],
                        _("score"), _("P(best)"), _("note")], rows))
    lines.append("  " + _("evidence: B = builds, C = correct, P = performs (+ reached, ~ shown by a proxy only, "
                          "- not); {symbol}/M tok = {symbol}/GPU-h / (tok/s/GPU x 3600 / 10^6); ≈: rests on "
                          "assumptions, printed with the precision its range supports").format(symbol=sym))
    lines.append("  " + _("cash = the money that leaves over the horizon (purchases when paid, owned GPUs at their "
                          "running cost); all-in = the economic view (owned GPUs at their {value} value, bought ones "
                          "amortized, rented ones at the rental price)").format(
        value=_(ws.assumptions.owned_value.value)))
    lines.append("  " + ngettext("GPUs (owned+new) of the first year, with {headroom} headroom and {spares} spare unit; "
                                 "{symbol}/M counts the padding to whole nodes and the spare unit",
                                 "GPUs (owned+new) of the first year, with {headroom} headroom and {spares} spare units; "
                                 "{symbol}/M counts the padding to whole nodes and the spare units",
                                 int(a.money.spare_units)).format(
        headroom=formatting.percent(a.money.headroom), spares=formatting.integer(a.money.spare_units), symbol=sym))
    lines.append("  " + _("runs m/p/x/?: runs about the option that match the workload / are accepted proxies / "
                          "mismatch (count for nothing) / need context (count for nothing until assigned)"))
    if a.winner is None and a.no_recommendation is not None:
        lines.append("")
        lines.append(_("No recommendation: {why}.").format(why=a.no_recommendation))
        if a.remedies:
            lines.append(_("What would make an option recommendable:"))
            lines.extend(f"  - {r}" for r in a.remedies)
    lines.extend(_money_lines(a, order, cur))
    lines.extend(_pool_lines(a, order, cur))
    lines.extend(_fit_lines(a))
    lines.extend(_prediction_lines(a))
    if a.messages:
        lines.append("")
        lines.append(_("Workspace messages:"))
        lines.extend(f"  ! {m}" for m in a.messages)
    lines.append("")
    lines.append(_("Why, option by option:"))
    for oid in order:
        oa = _option(a, oid)
        lines.append(f"  {name_of('option', oid)} ({word(oa.classification.label, 'support status')}, {word(oa.strategy)})")
        for r in oa.classification.reasons:
            lines.append("    " + _("support: {reason}").format(reason=r))
        for name, lv in ((word("builds", "evidence rung"), oa.evidence.builds),
                         (word("correct", "evidence rung"), oa.evidence.correct),
                         (word("performs", "evidence rung"), oa.evidence.performs)):
            state = _("reached") if lv.reached else _("shown by a proxy only") if lv.proxy else _("NOT reached")
            lines.append(f"    {name} {state}: {join(lv.reasons)}")
        cap_fig = oa.capacity.figure
        if cap_fig.value is None:
            lines.append("    " + _("capacity: none: {reason}").format(reason=cap_fig.missing_reason))
        else:
            lines.append("    " + _("capacity: {value} ({label})").format(
                value=formatting.number(cap_fig.value, _(cap_fig.unit)), label=_cap_label(oa.capacity)))
        for flag in cap_fig.flags:
            lines.append("    " + _("capacity: {flag}").format(flag=flag))
        note = oa.capacity.range_note
        if note is not None and note not in cap_fig.flags:
            lines.append("    " + _("capacity range: {note}").format(note=note))
        lines.append("    " + _("GPUs: {reason}").format(reason=oa.fleet.unit_reason))
        lines.append(f"    {_fleet_line(oa, cur)}")
        for warning in oa.fleet.warnings:
            lines.append("    " + _("WARNING: {warning}").format(warning=warning))
        c = oa.costs
        for cv in (c.cash, c.all_in):
            if cv is not None and cv.gpu_hour_usd.value is not None:
                lines.append("    " + (_("{view}: {money}/GPU-h (pricing {pricing}) [drives the ranking]")
                                       if cv.view == c.view else _("{view}: {money}/GPU-h (pricing {pricing})")).format(
                    view=word(cv.view), money=formatting.money(cv.gpu_hour_usd.value, cur, digits=4),
                    pricing=_PRICING[c.pricing.value]() if c.pricing.value in _PRICING else c.pricing.value))
            elif cv is not None:
                lines.append("    " + _("{view}: n/a ({reason})").format(view=word(cv.view),
                                                                       reason=cv.gpu_hour_usd.missing_reason))
        for b in oa.checklist.blockers:
            lines.append("    " + _("BLOCKER: {reason}").format(reason=b.reason))
        for r in oa.eligibility_reasons:
            lines.append("    " + _("not recommendable: {reason}").format(reason=r))
        for veto in oa.vetoes:
            lines.append("    " + _("vetoed: {reason}").format(reason=veto))
        for om in oa.messages:
            if om.id != "option.no_capacity":  # already said on the capacity line
                lines.append(f"    ! {om}")
    lines.extend(_article_lines(a, order))
    s = a.sensitivity
    if s is not None:
        lines.append("")
        lines.append(_("What would flip the decision (winner: {winner}):").format(winner=name_of("option", s.winner)))
        for w in s.weights:
            hi = _("no limit") if w.high is None else f"{formatting.weight(w.high)} ({share(w.high_share)})"
            beyond = []
            if w.winner_below:
                beyond.append(_("below -> {option}").format(option=name_of("option", w.winner_below)))
            if w.winner_above:
                beyond.append(_("above -> {option}").format(option=name_of("option", w.winner_above)))
            lines.append("  " + _("weight {criterion} = {weight} ({share}): winner holds for {low} ({low_share}) .. "
                                  "{high}").format(criterion=name_of("criterion", w.criterion), weight=formatting.weight(w.weight),
                                                   share=share(w.weight_share), low=formatting.weight(w.low),
                                                   low_share=share(w.low_share), high=hi)
                         + (f"; {', '.join(beyond)}" if beyond else ""))
        flips = [flip for flip in s.inputs if flip.flip_below is not None or flip.flip_above is not None]
        for flip in flips:
            parts = []
            if flip.flip_below is not None:
                where = _("in range") if flip.below_in_range else _("outside the range")
                parts.append(_("below {value} ({where}) -> {option}").format(
                    value=formatting.number(flip.flip_below, digits=4), where=where,
                    option=name_of("option", flip.winner_below) or _("none eligible")))
            if flip.flip_above is not None:
                where = _("in range") if flip.above_in_range else _("outside the range")
                parts.append(_("above {value} ({where}) -> {option}").format(
                    value=formatting.number(flip.flip_above, digits=4), where=where,
                    option=name_of("option", flip.winner_above) or _("none eligible")))
            flip_unit = formatting.unit_text(flip.unit)  # the analysis writes the workspace's money as "$"
            label = flip.label.replace("$", formatting.currency_unit(cur))  # "hosting $/GPU-h" in the currency
            lines.append(f"  {label} [{formatting.number(flip.low)} / {formatting.number(flip.likely)} / "
                         f"{formatting.number(flip.high, flip_unit)}]: {'; '.join(parts)}")
        shared = [flip for flip in s.inputs if flip.platform is not None and flip not in flips]
        for flip in shared:  # one input for every option on the platform: said even when it flips nothing
            label = flip.label.replace("$", formatting.currency_unit(cur))
            lines.append(f"  {label} [{formatting.number(flip.low)} / {formatting.number(flip.likely)} / "
                         f"{formatting.number(flip.high, formatting.unit_text(flip.unit))}]: {flip.note}")
        steady = len(s.inputs) - len(flips) - len(shared)
        if steady:
            lines.append("  " + ngettext("{n} other uncertain input does not change the winner between 0 and about "
                                         "twice its high value",
                                         "{n} other uncertain inputs do not change the winner between 0 and about "
                                         "twice their high value", steady).format(n=formatting.integer(steady)))
    risks = a.recommendation_risks
    if a.recommended is not None and risks:
        lines.append("")
        lines.append(_("Risks of the recommended option ({option}):").format(option=name_of("option", a.recommended)))
        lines.extend(f"  - {word(r.kind, 'risk')}: {r.text}" for r in risks)
    if mcr is not None:
        lines.append("")
        lines.append(_("Monte Carlo ({view} view): {draws}, seed {seed}").format(
            view=word(view_name, "cost view"), draws=formatting.count(mcr.draws, "draw"), seed=mcr.seed)
            + (_("; no option eligible in {share} of draws").format(share=formatting.percent(mcr.p_no_winner, 1))
               if mcr.p_no_winner else ""))
        mrows = []
        for d in mcr.options:
            cpm, t = d.cost_per_m_tokens_usd, d.tco_usd
            who = a.option(d.option)
            mrows.append([name_of("option", d.option), formatting.p_best(d.p_best, who is not None and who.can_win, mcr.draws),
                          " / ".join(_money(x, cur) for x in (cpm.p10, cpm.p50, cpm.p90)),
                          " / ".join(_money(x, cur) for x in (t.p10, t.p50, t.p90))])
        lines.append(table([_("option"), _("P(best)"), _("{symbol}/M tok P10 / P50 / P90").format(symbol=sym),
                            _("TCO P10 / P50 / P90")], mrows))
        lines.extend(information_lines(mcr, cur))
    return "\n".join(lines)


def information_lines(mcr: MonteCarlo, cur: str) -> list[str]:
    """"What to measure next": the drawn inputs whose answer can change the recommendation, most
    valuable first (the Assessment's ranking; docs/analysis.md)."""
    if mcr.information_against is None:
        return []
    top = mcr.worth_measuring()
    out = ["", _("What to measure next (value of information against {option}; `deepdecide plan` writes the "
                 "benchmarks):").format(option=name_of("option", mcr.information_against))]
    if not top:
        out.append("  " + _("no drawn input changes the recommendation in the draws (each is below its noise "
                            "floor)"))
        return out
    for n, i in enumerate(top, 1):
        value = (_("worth up to {money} of expected TCO").format(money=formatting.money(i.value, cur))
                 if i.value is not None and i.value > 0 else
                 _("the informed choice costs {money} more in expected TCO").format(
                     money=formatting.money(-i.value, cur)) if i.value is not None and i.value < 0 else
                 _("no TCO figure"))
        label = str(i.label_message).replace("$", formatting.currency_unit(cur))
        judged = " " + _("(a judgement)") if i.judgement else ""
        out.append(f"  {n}. {i.action}{judged} [{label}]: " + _(
            "{p} chance the recommendation changes (to {options}); {value}; noise floor {noise}").format(
            p=formatting.percent(i.p_change, 1), options=", ".join(name_of("option", o) for o in i.switch_to) or _("none"), value=value,
            noise=formatting.percent(i.noise, 1)))
    return out


def _money_lines(a: Assessment, order: list[str], cur: str) -> list[str]:
    """The fleet bought and rented, the purchases, payback, the hosted API, and the budget by fiscal year."""
    m = a.money
    if not m.horizon_months:
        return []
    out = ["", _("Money over time: from {start}, {months} months; fiscal years start in month {fy}; payback "
                 "against {baseline}").format(start=formatting.date(m.start) if m.start else "M1", months=formatting.integer(m.horizon_months),
                                              fy=m.fiscal_year_start_month, baseline=name_of("option", m.baseline) or _("none"))]
    out.extend(f"  ! {n}" for n in m.notes)
    rows = []
    years: list[str] = []
    for oid in order:
        oa = _option(a, oid)
        cf = oa.costs.cash_flow
        if cf is not None:
            years.extend(y.fiscal_year for y in cf.years if y.fiscal_year not in years)
    budget = []
    for oid in order:
        oa = _option(a, oid)
        f, c = oa.fleet, oa.costs
        if c.hosted is not None:
            h = c.hosted
            gpus = _("hosted API: {price}/M output tokens{placeholder}").format(
                price=_money(h.price_per_m_output, cur), placeholder=_(" (placeholder)") if h.placeholder else "")
        elif f.gpus.value is None:
            gpus = "-"
        else:
            gpus = _("{owned} owned + {bought} bought + {rented} rented ({spare} spare)").format(
                owned=_num(f.owned_used), bought=_num(f.bought_gpus), rented=_num(f.rented_gpus),
                spare=_num(f.spare_gpus))
        cf = c.cash_flow
        buys = "; ".join(_("{gpus} x {price} = {amount} in {month}{flag}").format(
            gpus=formatting.integer(p.gpus), price=_money(p.unit_price, cur), amount=_money(p.amount, cur),
            month=formatting.month_label(p.label), flag=_(" (replacement)") if p.kind == "replace" else "") for p in (cf.purchases if cf else ()))
        service = "-" if cf is None or cf.service_month is None else (
            formatting.month_label(cf.months[cf.service_month].label) if cf.service_month < len(cf.months)
            else _("after the horizon"))
        rows.append([name_of("option", oid), gpus, buys or "-", service, str(c.payback.text) if c.payback and c.payback.text else "-",
                     str(c.break_even) if c.break_even else "-"])
        if cf is not None:
            by = {y.fiscal_year: y for y in cf.years}
            budget.append([name_of("option", oid), *(_("{capex} / {opex}").format(capex=_money(by[y].capex, cur),
                                                               opex=_money(by[y].opex + by[y].engineering, cur))
                                  if y in by else "-" for y in years)])
    out.append(table([_("option"), _("GPUs (first year)"), _("purchases (cash, paid on delivery)"), _("in service"),
                      _("payback"), _("against the hosted API")], rows))
    for oid in order:
        hosted = _option(a, oid).costs.hosted
        if hosted is not None and hosted.note is not None:
            out.append("  " + _("{option}: {note}").format(option=name_of("option", oid), note=hosted.note))
    if budget:
        out.append("")
        out.append(_("Budget by fiscal year, cash: capex / opex (running cost and engineering)"))
        out.append(table([_("option"), *years], budget, wrap_last=False))
    return out


def _pool_lines(a: Assessment, order: list[str], cur: str) -> list[str]:
    """The demand in both directions and each disaggregated option's prefill and decode pools."""
    out: list[str] = []
    d = a.demand
    if d is not None and d.output_tps.value is not None:
        out += ["", _("Peak demand: {output} output tok/s and {input} input tok/s ({ratio} input tokens per output "
                      "token)").format(output=formatting.integer(d.output_tps.value),
                                       input=formatting.integer(d.input_tps.value) if d.input_tps.value is not None
                                       else "-", ratio=formatting.number(d.tokens_in_per_out))]
    rows = []
    notes: list[str] = []
    for oid in order:
        p = _option(a, oid).pools
        if p is None:
            continue
        for pool in (p.prefill, p.decode):
            cpm = pool.cost_per_m_tokens_usd
            rows.append([name_of("option", oid), word(pool.role, "pool"), pool_where(pool), _(pool.classification.label),
                         ngettext("{n} GPU", "{n} GPUs", pool.gpus_per_worker).format(
                             n=formatting.integer(pool.gpus_per_worker)),
                         f"{_num(pool.capacity.value)} {formatting.unit_text(pool.capacity.unit)} "
                         f"({word(pool.basis.value, 'pool basis')})",
                         _num(pool.workers), _num(pool.gpus), _num(pool.nodes),
                         f"{_num(pool.owned_used)}+{_num(pool.new_gpus)}",
                         _money(cpm.value, cur) if cpm is not None and cpm.value is not None else "-"])
        ratio = (ngettext("measured ratio, {n} configuration; the {limiting} pool limits",
                           "measured ratio, {n} configurations; the {limiting} pool limits", int(p.units or 0)).format(
            n=_num(p.units), limiting=word(p.limiting, "pool")) if p.ratio == "measured" and p.limiting else
            _("measured ratio") if p.ratio == "measured" else _("each pool sized on its own"))
        blended = p.cost_per_m_blended_usd
        notes.append("  " + _("{option}: {ratio}; KV transfer: {kv}; blended {price}/M tokens (input and output)").format(
            option=name_of("option", oid), ratio=ratio, kv=word(p.kv_transfer, "KV transfer"),
            price=_money(blended.value, cur) if blended is not None and blended.value is not None else "-"))
        notes.extend(f"    ! {m}" for m in p.messages)
    if rows:
        out += ["", _("Prefill and decode pools (each priced on its own platform, {view} view; hardware and running "
                      "cost, no engineering):").format(view=_(a.cost_view.value)),
                table([_("option"), _("pool"), _("runtime / platform"), _("class"), _("per worker"),
                       _("capacity (basis)"), _("workers"), _("GPUs"), _("nodes"), _("owned+new"),
                       _("{symbol}/M tokens of its direction").format(symbol=formatting.currency_symbol(cur))],
                      rows, wrap_last=False), *notes]
    return out


def _article_lines(a: Assessment, order: list[str]) -> list[str]:
    """The source article's four questions per option, as the Assessment answered them."""
    from deepdecide.analysis.questions import QUESTION_TITLES, STATE_WORDS

    out = ["", _("The article's four questions before approving a migration (DeepInfer compatibility note):")]
    for oid in order:
        article = _option(a, oid).article
        if article is None:
            continue
        states = " · ".join(f"{n} {STATE_WORDS[q.state]}" for n, q in enumerate(article.answers, start=1))
        out.append(f"  {name_of('option', oid)}: {states}")
        for n, q in enumerate(article.answers, start=1):
            out.append(f"    {n}. {QUESTION_TITLES[q.question]}: {str(STATE_WORDS[q.state]).upper()}: {q.answer}")
            if q.evidence:
                out.append("       " + _("evidence: {items}").format(items=join(q.evidence)))
            if q.missing:
                out.append("       " + _("still needed: {items}").format(items=join(q.missing)))
            for concern in q.concerns:
                out.append("       " + _("against: {item}").format(item=concern))
    return out


def _option(a: Assessment, oid: str) -> OptionAssessment:
    oa = a.option(oid)
    assert oa is not None, oid  # ``order`` holds the assessment's own option ids
    return oa


def json_data(ws: Workspace, a: Assessment) -> dict[str, Any]:
    """What ``evaluate --json`` prints: the whole assessment as plain data (messages keep their
    id and parameters beside the rendered text)."""
    from deepdecide.analysis import to_data

    data: dict[str, Any] = to_data(a)
    currency = ws.assumptions.currency
    data["currency"] = currency  # the unit of every money figure (named ..._usd for history)
    converted: dict[str, Any] = _money_units(data, formatting.currency_unit(currency))
    return converted


def _money_units(data: Any, sign: str) -> Any:
    """Every ``unit`` of the data in the workspace's currency: the analysis writes money units with
    "$" ("$/M tokens", "$/GPU-h", "$"); a EUR workspace's JSON says "€/M tokens" (the figures' keys
    keep their ``_usd`` names)."""
    if sign == "$":
        return data
    if isinstance(data, dict):
        return {k: (v.replace("$", sign) if k == "unit" and isinstance(v, str) else _money_units(v, sign))
                for k, v in data.items()}
    if isinstance(data, list):
        return [_money_units(v, sign) for v in data]
    return data


def run(args: argparse.Namespace) -> int:
    from deepdecide.analysis import evaluate
    from deepdecide.domain.validation import MAX_DRAWS, MAX_SEED
    from deepdecide.storage import files

    if args.draws is not None and not 1 <= args.draws <= MAX_DRAWS:
        error(_("--draws must be in [1, {max}], got {n}").format(max=formatting.integer(MAX_DRAWS),
                                                                 n=formatting.integer(args.draws)))
        return EXIT_USAGE
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        error(_("--seed must be in [0, {max}], got {n}").format(max=formatting.integer(MAX_SEED),
                                                                n=formatting.integer(args.seed)))
        return EXIT_USAGE
    warnings: list[ValidationError] = []
    try:
        ws = files.load_workspace(args.workspace, warnings) if args.workspace else files.builtin_sample()
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    report_warnings(warnings)
    if args.workspace:
        convert_hint(args.workspace, ws)
    with formatting.using_currency(ws.assumptions.currency):
        a = evaluate(ws, monte_carlo=not args.no_monte_carlo, draws=args.draws, seed=args.seed)
        if args.json:
            print(json.dumps(json_data(ws, a), indent=2, ensure_ascii=False, allow_nan=False))
        else:

            with naming(names_of(ws)):  # the reasons name platforms, runtimes, parity kinds; --json keeps ids
                print(render(ws, a))
    return EXIT_OK if a.winner is not None else EXIT_PROBLEM
