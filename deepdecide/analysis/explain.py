"""The decision in words: why the recommended option ranks where it does (criterion by criterion,
against the best other option), MADR's good / neutral / bad per option, and the sources the
record cites, as a reader finds them (title, publisher, date, locator).

Everything here is derived from the options' assessments and the workspace; the record and the
GUI only format it. Pure: no IO.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlparse

from deepdecide.analysis.assessment import (
    CapacityBasis,
    Citation,
    CriterionInfo,
    CriterionScore,
    OptionAssessment,
    ProsCons,
    WhyPart,
)
from deepdecide.analysis.evidence import STATUS_NAMES
from deepdecide.domain import formatting
from deepdecide.domain.common import Source, SourceKind
from deepdecide.domain.i18n import N_
from deepdecide.domain.messages import Amount, Message, Param, msg, plain
from deepdecide.domain.workspace import CostView, Direction, Workspace

#: how many criteria "why" names, at most
WHY_PARTS = 3

# -------------------------------------------------------------------------------------------------
# values in words


def value_text(value: float | None, unit: str, currency: str = "USD", *,
               precision: tuple[bool, float | None, float | None] = (False, None, None)) -> Param:
    """A criterion's raw value as a reader reads it, as a message parameter written when the message
    is rendered (in the reader's language and the workspace's currency, ``formatting.quantity``):
    money with its symbol ("$1.72/M tokens", "$32.8M"), a share as a percentage, official support
    as yes / no, evidence as "1 of 3". A figure resting on assumptions (``precision``: assumed, low,
    high) is written as every table writes it: "≈ $1.7/M tokens". The analysis writes money units as
    "$"; ``currency`` is kept for callers and not needed: the view writes the figures in its block's
    currency."""
    if value is None:
        return None
    if unit == "0/1":
        return msg("value.yes", "yes") if value >= 0.5 else msg("value.no", "no")
    if unit == "levels":
        return msg("value.levels", "{n} of 3", n=int(round(value)))
    approx, low, high = precision
    return Amount(value, unit, approx, low, high) if approx else Amount(value, unit)


def precision_of(oa: OptionAssessment | None, metric: str) -> tuple[bool, float | None, float | None]:
    """Whether the option's figure for ``metric`` rests on assumptions, and the range that sets
    its precision: the driving cost view's $/M tokens or TCO (as the tables print them)."""
    if oa is None or metric not in ("cost_per_m_tokens_usd", "tco_usd"):
        return False, None, None
    c = oa.costs
    view = c.cash if c.view == CostView.CASH else c.all_in
    if view is None or not view.assumed:
        return False, None, None
    return (True, view.low, view.high) if metric == "cost_per_m_tokens_usd" else (True, view.tco_low, view.tco_high)


def _lower_first(name: str) -> str:
    """"Cost per million output tokens" -> "cost per million output tokens"; "TCO" stays."""
    if len(name) > 1 and name[0].isupper() and not name[1].isupper():
        return name[0].lower() + name[1:]
    return name


def _varies(parts: Sequence[CriterionScore]) -> bool:
    return len({round(p.value_score, 9) for p in parts}) > 1


# -------------------------------------------------------------------------------------------------
# why


def _why_text(part: CriterionScore, info: CriterionInfo | None, other_part: CriterionScore | None,
              other_name: str, best: bool, currency: str, oa: OptionAssessment | None = None,
              other: OptionAssessment | None = None) -> Message:
    name = _lower_first(info.name if info else part.criterion)
    value = value_text(part.raw, part.unit, currency, precision=precision_of(oa, part.metric))
    if other_part is None:
        return msg("why.alone", "{criterion}: {value}", criterion=name, value=value)
    other_value = value_text(other_part.raw, other_part.unit, currency, precision=precision_of(other, part.metric))
    cost = info is not None and info.direction == Direction.COST
    if part.contribution < other_part.contribution:
        return msg("why.worse", "worse on {criterion}: {value} vs {other_value} for {other}", criterion=name,
                   value=value, other_value=other_value, other=other_name)
    if best:
        template = (N_("lowest {criterion}: {value} vs {other_value} for {other}") if cost
                    else N_("highest {criterion}: {value} vs {other_value} for {other}"))
        return msg("why.lowest" if cost else "why.highest", template, criterion=name, value=value,
                   other_value=other_value, other=other_name)
    template = (N_("lower {criterion} than {other}: {value} vs {other_value}") if cost
                else N_("higher {criterion} than {other}: {value} vs {other_value}"))
    return msg("why.lower" if cost else "why.higher", template, criterion=name, value=value,
               other_value=other_value, other=other_name)


def why(options: Sequence[OptionAssessment], criteria: Sequence[CriterionInfo], ranking: Sequence[str],
        recommended: str | None, currency: str = "USD") -> tuple[WhyPart, ...]:
    """The criteria on which the recommended option gains most over the best other ranked option
    (and the one it loses most on, if any), in words with the criteria's names."""
    by_id = {o.option: o for o in options}
    oa = by_id.get(recommended or "")
    if oa is None or oa.score is None:
        return ()
    info = {c.id: c for c in criteria}
    other_id = next((r for r in ranking if r != oa.option), None)
    other = by_id.get(other_id or "")
    other_parts = {p.criterion: p for p in other.score.parts} if other is not None and other.score else {}
    ranked_parts: dict[str, list[CriterionScore]] = {}
    for r in ranking:
        o = by_id.get(r)
        for p in (o.score.parts if o is not None and o.score else ()):
            ranked_parts.setdefault(p.criterion, []).append(p)
    out: list[WhyPart] = []
    for p in oa.score.parts:
        if p.weight_share <= 0:
            continue
        q = other_parts.get(p.criterion)
        if q is not None and not _varies([p, q]):
            continue
        peers = ranked_parts.get(p.criterion, [])
        best = all(p.value_score >= x.value_score - 1e-12 for x in peers)
        gain = p.contribution - (q.contribution if q is not None else 0.0)
        c = info.get(p.criterion)
        out.append(WhyPart(p.criterion, c.name if c else p.criterion, c.direction if c else Direction.BENEFIT,
                           p.unit, p.raw, other.option if other is not None else None,
                           other.name if other is not None else "", q.raw if q is not None else None, gain, best,
                           _why_text(p, c, q, other.name if other is not None else "", best, currency, oa, other)))
    gains = sorted((w for w in out if w.gain > 1e-9), key=lambda w: -w.gain)[:WHY_PARTS]
    losses = sorted((w for w in out if w.gain < -1e-9), key=lambda w: w.gain)[:1]
    if other is None:
        gains = sorted(out, key=lambda w: -w.gain)[:WHY_PARTS]
    return tuple(gains + losses)


# -------------------------------------------------------------------------------------------------
# MADR good / neutral / bad


def pros_cons(ws: Workspace, options: Sequence[OptionAssessment], criteria: Sequence[CriterionInfo],
              chosen: str | None) -> tuple[ProsCons, ...]:
    """Per option: what speaks for it, what is neither, what against it — from its assessment
    (support, evidence, criteria where it is best or worst, blockers, vetoes) and, for the chosen
    option, the decision-makers' stated consequences."""
    info = {c.id: c for c in criteria}
    parts_of: dict[str, list[CriterionScore]] = {}
    for o in options:
        for p in (o.score.parts if o.score else ()):
            parts_of.setdefault(p.criterion, []).append(p)
    out: list[ProsCons] = []
    for oa in options:
        good: list[Message] = []
        neutral: list[Message] = []
        bad: list[Message] = []
        platform = oa.platform
        if oa.classification.official:
            good.append(msg("madr.official", "officially supported on its exact platform ({platform})",
                            platform=platform))
        else:
            bad.append(msg("madr.experimental", "experimental: {runtime} on {platform} is not on the official "
                           "list ({status})", runtime=oa.runtime, platform=platform,
                           status=STATUS_NAMES.get(oa.classification.status, oa.classification.status.value)))
        reached = oa.evidence.names_reached
        if reached:
            good.append(msg("madr.evidence", "evidence reaches: {rungs}", rungs=", ".join(reached)))
        else:
            bad.append(msg("madr.no_evidence", "no evidence rung reached (builds, correct, performs) on its "
                           "platform"))
        for p in (oa.score.parts if oa.score else ()):
            c = info.get(p.criterion)
            # support and evidence are said above; compare raw values (scores are normalised per ranking)
            if p.weight_share <= 0 or c is None or p.raw is None or p.unit in ("0/1", "levels") \
                    or c.metric == "blockers":
                continue
            raws = [x.raw for x in parts_of.get(p.criterion, []) if x.raw is not None]
            if len(set(raws)) < 2:
                continue
            best_raw, worst_raw = (min(raws), max(raws)) if c.direction == Direction.COST else (max(raws), min(raws))
            name = _lower_first(c.name)
            value = value_text(p.raw, p.unit, ws.assumptions.currency, precision=precision_of(oa, p.metric))
            if p.raw == best_raw:
                good.append(msg("madr.best", "best of the options on {criterion}: {value}", criterion=name,
                                value=value))
            elif p.raw == worst_raw:
                bad.append(msg("madr.worst", "worst of the options on {criterion}: {value}", criterion=name,
                               value=value))
        cap = oa.capacity
        if cap.basis == CapacityBasis.ASSUMED:
            neutral.append(msg("madr.assumed", "capacity is an assumption, not a measurement: {value} "
                               "output tok/s/GPU", value=cap.value))
        elif cap.basis == CapacityBasis.LOWER_BOUND:
            neutral.append(msg("madr.lower_bound", "capacity is a lower bound: {value} output tok/s/GPU",
                               value=cap.value))
        elif cap.basis in (CapacityBasis.FAILS_SLO, CapacityBasis.FAILS_PARITY):
            bad.append(msg("madr.capacity_fails", "no capacity at the SLO ({label})", label=cap.label))
        if oa.fleet.freed_gpus:
            neutral.append(msg("madr.freed", "leaves {gpus} owned GPUs free", gpus=oa.fleet.freed_gpus))
        for b in oa.checklist.blockers:
            bad.append(msg("madr.blocker", "blocker: {title} is missing and nobody is named to build it",
                           title=b.title))
        for v in oa.vetoes:
            bad.append(v)
        if not oa.eligible:  # the blockers are listed above
            for r in oa.eligibility_reasons:
                m = r if isinstance(r, Message) else plain(str(r))
                if "blocker" not in m.id and "(missing, no owner)" not in str(m):
                    bad.append(m)
        if chosen and oa.option == chosen:
            good.extend(plain(t) for t in ws.decision.consequences_good if t.strip())
            bad.extend(plain(t) for t in ws.decision.consequences_bad if t.strip())
        out.append(ProsCons(oa.option, oa.name, tuple(good), tuple(neutral), tuple(bad)))
    return tuple(out)


# -------------------------------------------------------------------------------------------------
# citations

#: who publishes what the matrix cites, by GitHub owner or web host (else the owner / host itself)
PUBLISHERS: dict[str, str] = {
    "nvidia": "NVIDIA", "docs.nvidia.com": "NVIDIA", "nvidia.github.io": "NVIDIA",
    "sgl-project": "SGLang project", "docs.sglang.io": "SGLang project", "docs.sglang.ai": "SGLang project",
    "vllm-project": "vLLM project", "docs.vllm.ai": "vLLM project", "blog.vllm.ai": "vLLM project",
    "deepseek-ai": "DeepSeek", "tile-ai": "TileLang (tile-ai)", "ggml-org": "ggml-org (llama.cpp)",
    "ollama": "Ollama", "semianalysisai": "SemiAnalysis", "lmsys.org": "LMSYS", "www.lmsys.org": "LMSYS",
    "huggingface.co": "Hugging Face", "huawei": "Huawei", "ascend": "Huawei Ascend",
}

_OWNER_PATH = re.compile(r"^(?:github\.com/)?([A-Za-z0-9][A-Za-z0-9_.-]*)/[A-Za-z0-9_.-]+(?:[@ /:]|$)")


def publisher(source: Source) -> str:
    """The author or publisher of a source, from its locator: a web page's host, a repository's owner."""
    loc = source.url_or_path.strip()
    first = loc.split()[0] if loc else ""
    if first.startswith(("http://", "https://")):
        host = urlparse(first).netloc.lower()
        path = urlparse(first).path.strip("/").split("/")
        if host == "github.com" and path and path[0]:
            return PUBLISHERS.get(path[0].lower(), path[0])
        if host.endswith(".github.io"):
            owner = host.removesuffix(".github.io")
            return PUBLISHERS.get(host, PUBLISHERS.get(owner, owner))
        return PUBLISHERS.get(host, host.removeprefix("www."))
    m = _OWNER_PATH.match(first)
    if m and not is_local(source):
        owner = m.group(1)
        return PUBLISHERS.get(owner.lower(), owner)
    if source.kind == SourceKind.MEASUREMENT:
        return N_("the decision team (own measurement)")
    if source.kind == SourceKind.ARTICLE:
        return N_("supplied with the decision")
    return formatting.DASH


def is_local(source: Source) -> bool:
    """A file of the decision's own (a brief, a note), not a public page or repository."""
    loc = source.url_or_path.strip()
    if loc.startswith(("http://", "https://", "github.com/")):
        return False
    return source.kind in (SourceKind.ARTICLE, SourceKind.MEASUREMENT) or loc.startswith(("/", "./", "../"))


def locator(source: Source) -> str:
    """Where a reader finds it: the URL or repository path; a local file is named as such, not by path."""
    if is_local(source):
        return N_("a document supplied with the decision (not public)")
    return source.url_or_path.strip()


def source_key(s: Source) -> str:
    """How a source is found among the citations: its id, else its title and locator."""
    return s.id or f"{s.title}|{s.url_or_path}"


def citations(ws: Workspace, options: Sequence[OptionAssessment]) -> tuple[Citation, ...]:
    """The sources of the options' support cells, then of their cost inputs, numbered in order of first
    use, each with the options it is cited for."""
    found: dict[str, tuple[Source, list[str]]] = {}

    def cite(oid: str, sources: Sequence[Source]) -> None:
        for s in sources:
            _src, cited = found.setdefault(source_key(s), (s, []))
            if oid not in cited:
                cited.append(oid)

    for oa in options:
        entry = ws.matrix.entry(oa.runtime, oa.platform)
        cite(oa.option, entry.sources if entry is not None else ())
    for o in ws.options:  # then the sources of the prices and other cost inputs: the option's, its platform's
        cite(o.id, o.cost.sources)
        platform = ws.fleet_of(o.platform)
        if platform is not None:
            cite(o.id, platform.sources)
        if o.hosted is not None:
            cite(o.id, o.hosted.sources)
    return tuple(Citation(i, key, s.title, publisher(s), s.as_of or N_("undated"), locator(s), s.kind.value,
                          not is_local(s), tuple(cited))
                 for i, (key, (s, cited)) in enumerate(found.items(), start=1))
