"""Greg Kamradt's needle-in-a-haystack results (formats/parity.md §1.8).

The score is an LLM judge's 1-10 rating; a cell passes when it is 10. Single cells are
judge-noisy, so a per-test file is one sample (n = 1, never enough to pass a comparison);
the aggregate list gives a pass rate per context length pooled over depths.
"""

from __future__ import annotations

from collections import defaultdict

from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Parsed, Source, root
from deepdecide.importers.secrets import strip_secrets

PASS_SCORE = 10.0


class NiahSingle(Importer):
    tool = "niah"
    description = N_("needle-in-a-haystack per-test result JSON")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and all(k in v for k in ("context_length", "depth_percent", "model_response", "score"))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        length = r["context_length"].count()
        depth = r["depth_percent"].num()
        score = r["score"].num()
        if score is None or length is None:
            raise r["score"].fail(_("a test needs a score and a context length"))
        check = ParityCheck(
            kind=ParityKind.LONG_CONTEXT, task=f"niah@{length}", metric="pass_rate (judge score 10)",
            value=1.0 if score >= PASS_SCORE else 0.0, n=1, verdict=Verdict.INCONCLUSIVE, model=r["model"].str(),
            tolerance=flag("parity.one_needle"),
            source=f"{src.name}: depth {depth:g} %, judge score {score:g} / 10, model {r['model'].str('?')}")
        return Parsed(parity=[check], tool_version=f"NIAH {r['version'].str('original')}", model=r["model"].str())


class NiahAggregate(Importer):
    tool = "niah"
    description = N_("needle-in-a-haystack aggregate list (token_limit, depth_percent, score)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, list) and bool(v) and isinstance(v[0], dict) and "depth_percent" in v[0]
                and "score" in v[0] and ("token_limit" in v[0] or "context_length" in v[0]))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        cells: dict[int, list[float]] = defaultdict(list)
        for item in r.elements():
            item.obj()
            length = (item["token_limit"] if item.has("token_limit") else item["context_length"]).count()
            score = item["score"].num()
            if length is None or score is None:
                raise item.fail(_("each cell needs a length and a score"))
            cells[length].append(score)
        checks = []
        for length in sorted(cells):
            scores = cells[length]
            passed = sum(1 for s in scores if s >= PASS_SCORE)
            checks.append(ParityCheck(
                kind=ParityKind.LONG_CONTEXT, task=f"niah@{length}", metric="pass_rate (judge score 10)",
                value=passed / len(scores), n=len(scores), verdict=Verdict.INCONCLUSIVE,
                tolerance=flag("parity.no_reference_yet"),
                source=f"{src.name}: {len(scores)} depths at {length} tokens, mean judge score "
                       f"{sum(scores) / len(scores):.2f} / 10"))
        return Parsed(parity=checks, tool_version="NIAH aggregate")
