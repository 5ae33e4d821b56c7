"""Every word the views show for a coded value, written once: the widgets (``gui/labels.py``), the
command line and the PDF record (``report/words.py``) all read this table.

The values stay English codes in the workspace, the JSON output and the record's embedded inputs; a
view shows ``word(value)`` instead ("keep" -> "keep the stack" -> "mantener la pila"). Each word is
marked with :func:`~deepdecide.domain.i18n.pgettext` under a context naming what it qualifies, so that
"pass" (a parity verdict) and "official" (a support status) can be translated as Spanish needs, and
the same code of two enumerations ("own" pricing, "own" capacity source) has a word of its own.

An enumeration is named by its module and class ("workspace.Strategy"): the table holds the words of
the analysis's enumerations too without the domain importing the analysis (tests/domain check that
every member of every listed enumeration has its word)."""

from __future__ import annotations

import re
from enum import Enum

from deepdecide.domain import i18n
from deepdecide.domain.formatting import quoted
from deepdecide.domain.i18n import pgettext

#: the evidence rungs, in order
RUNGS = ("builds", "correct", "performs")

#: enumeration ("module.Class") -> the context of its words
ENUMS: dict[str, str] = {
    "workspace.RecordStatus": "record status",
    "workspace.Answer": "checklist answer",
    "workspace.Direction": "criterion direction",
    "workspace.Strategy": "strategy",
    "workspace.Pricing": "pricing",
    "workspace.CostView": "cost view",
    "workspace.OwnedValue": "owned value",
    "workspace.TopologyKind": "topology",
    "workspace.KvTransfer": "KV transfer",
    "workspace.PoolRole": "pool",
    "workspace.Vote": "vote",
    "workspace.StepStatus": "step status",
    "matrix.SupportStatus": "support status",
    "matrix.RuntimeKind": "runtime kind",
    "evidence.ParityKind": "parity kind",
    "evidence.Verdict": "parity verdict",
    "evidence.ProvenanceKind": "evidence kind",
    "assessment.ParityOutcome": "parity verdict",
    "assessment.Applicability": "applicability",
    "assessment.CapacityBasis": "capacity basis",
    "assessment.CapacitySource": "capacity source",
    "assessment.SloStatus": "SLO standing",
    "assessment.PoolBasis": "pool basis",
    "machine.Verdict": "machine verdict",
    "machine.ReqState": "requirement state",
}


def _table() -> dict[str, dict[str, str]]:
    """context -> code -> its word in the current language."""
    return {
        "record status": {
            "proposed": pgettext("record status", "proposed"),
            "accepted": pgettext("record status", "accepted"),
            "rejected": pgettext("record status", "rejected"),
            "deprecated": pgettext("record status", "deprecated"),
            "superseded": pgettext("record status", "superseded"),
        },
        "checklist answer": {
            "provided": pgettext("checklist answer", "provided"),
            "external": pgettext("checklist answer", "external"),
            "missing": pgettext("checklist answer", "missing"),
        },
        "criterion direction": {
            "benefit": pgettext("criterion direction", "benefit"),
            "cost": pgettext("criterion direction", "cost"),
        },
        "strategy": {
            "keep": pgettext("strategy", "keep the stack"),
            "port": pgettext("strategy", "port"),
            "buy": pgettext("strategy", "buy hardware"),
            "dev-only": pgettext("strategy", "development only"),
            "hosted-api": pgettext("strategy", "hosted API"),
        },
        "pricing": {
            "rent": pgettext("pricing", "rent"),
            "own": pgettext("pricing", "buy"),
            "existing": pgettext("pricing", "already owned"),
        },
        "cost view": {
            "cash": pgettext("cost view", "cash"),
            "all-in": pgettext("cost view", "all-in (economic)"),
        },
        "owned value": {
            "book": pgettext("owned value", "book"),
            "resale": pgettext("owned value", "resale"),
            "purchase": pgettext("owned value", "purchase"),
        },
        "vote": {
            "pending": pgettext("vote", "pending"),
            "approve": pgettext("vote", "approve"),
            "reject": pgettext("vote", "reject"),
            "abstain": pgettext("vote", "abstain"),
        },
        "step status": {
            "todo": pgettext("step status", "to do"),
            "in-progress": pgettext("step status", "in progress"),
            "done": pgettext("step status", "done"),
            "blocked": pgettext("step status", "blocked"),
        },
        "support status": {
            "official": pgettext("support status", "official"),
            "experimental": pgettext("support status", "experimental"),
            "community": pgettext("support status", "community"),
            "unsupported": pgettext("support status", "unsupported"),
            "undocumented": pgettext("support status", "undocumented"),
        },
        "runtime kind": {
            "serving-runtime": pgettext("runtime kind", "serving runtime"),
            "engine": pgettext("runtime kind", "engine"),
            "kernel-library": pgettext("runtime kind", "kernel library"),
            "local-runtime": pgettext("runtime kind", "local runtime"),
        },
        "parity kind": {
            "kernel": pgettext("parity kind", "kernel"),
            "logits": pgettext("parity kind", "logits"),
            "greedy_match": pgettext("parity kind", "greedy match"),
            "eval_accuracy": pgettext("parity kind", "eval accuracy"),
            "structured_output": pgettext("parity kind", "structured output"),
            "long_context": pgettext("parity kind", "long context"),
        },
        "parity verdict": {
            "pass": pgettext("parity verdict", "pass"),
            "fail": pgettext("parity verdict", "fail"),
            "inconclusive": pgettext("parity verdict", "inconclusive"),
            "none": pgettext("parity verdict", "none"),
        },
        "evidence kind": {
            "own": pgettext("evidence kind", "own measurement"),
            "third_party": pgettext("evidence kind", "third-party result"),
            "illustrative": pgettext("evidence kind", "illustrative, reconstructed from published figures"),
            "predicted": pgettext("evidence kind", "predicted (estimator or simulator, not a measurement)"),
        },
        "applicability": {
            "matches": pgettext("applicability", "matches"),
            "proxy": pgettext("applicability", "proxy"),
            "mismatch": pgettext("applicability", "mismatch"),
            "needs-context": pgettext("applicability", "needs context"),
        },
        "capacity basis": {
            "measured": pgettext("capacity basis", "measured"),
            "interpolated": pgettext("capacity basis", "interpolated"),
            "lower-bound": pgettext("capacity basis", "lower bound"),
            "assumed": pgettext("capacity basis", "assumed"),
            "fails-slo": pgettext("capacity basis", "fails the SLO"),
            "fails-parity": pgettext("capacity basis", "fails parity"),
            "cannot-judge": pgettext("capacity basis", "cannot be judged"),
            "none": pgettext("capacity basis", "none"),
        },
        "topology": {
            "aggregated": pgettext("topology", "aggregated"),
            "disaggregated": pgettext("topology", "disaggregated"),
        },
        "KV transfer": {
            "unstated": pgettext("KV transfer", "not stated"),
            "scale-up-domain": pgettext("KV transfer", "inside one scale-up domain"),
            "rdma": pgettext("KV transfer", "RDMA between nodes"),
        },
        "pool": {
            "prefill": pgettext("pool", "prefill"),
            "decode": pgettext("pool", "decode"),
        },
        "pool basis": {
            "measured": pgettext("capacity basis", "measured"),
            "proxy": pgettext("capacity source", "proxy"),
            "predicted": pgettext("capacity source", "predicted"),
            "assumed": pgettext("capacity basis", "assumed"),
            "none": pgettext("capacity basis", "none"),
        },
        "SLO standing": {
            "meets": pgettext("SLO standing", "meets the SLO"),
            "fails-slo": pgettext("SLO standing", "fails the SLO"),
            "fails-parity": pgettext("SLO standing", "fails parity"),
            "cannot-judge": pgettext("SLO standing", "cannot be judged"),
            "no-evidence": pgettext("SLO standing", "no evidence"),
        },
        "capacity source": {
            "own": pgettext("capacity source", "own measurement"),
            "third_party": pgettext("capacity source", "third-party"),
            "proxy": pgettext("capacity source", "proxy"),
            "predicted": pgettext("capacity source", "predicted"),
            "assumed": pgettext("capacity source", "assumed"),
            "none": pgettext("capacity source", "none"),
        },
        "machine verdict": {
            "listed": pgettext("machine verdict", "listed"),
            "experimental": pgettext("machine verdict", "experimental"),
            "unsupported": pgettext("machine verdict", "unsupported"),
        },
        "requirement state": {
            "met": pgettext("requirement state", "met"),
            "unmet": pgettext("requirement state", "unmet"),
            "unknown": pgettext("requirement state", "unknown"),
        },
        # coded values that are plain strings in the model
        "metric": {  # what a criterion reads (analysis/scoring.py METRICS): its name, never its id
            "cost_per_m_tokens_usd": pgettext("metric", "cost per million output tokens"),
            "effective_cost_per_m_tokens_usd": pgettext("metric", "effective cost per million output tokens"),
            "tco_usd": pgettext("metric", "total cost of ownership"),
            "time_to_production_weeks": pgettext("metric", "time to production"),
            "engineering_person_weeks": pgettext("metric", "engineering effort"),
            "evidence_level": pgettext("metric", "evidence rungs reached"),
            "official_support": pgettext("metric", "official support"),
            "service_completeness": pgettext("metric", "service completeness"),
            "capacity_tps_per_gpu": pgettext("metric", "capacity per GPU at the SLO"),
            "blockers": pgettext("metric", "blockers nobody builds"),
        },
        "evidence rung": {  # and what else a run counts for
            "builds": pgettext("evidence rung", "builds"),
            "correct": pgettext("evidence rung", "correct"),
            "performs": pgettext("evidence rung", "performs"),
            "capacity": pgettext("evidence rung", "capacity"),
        },
        "evidence item": {
            "run": pgettext("evidence item", "run"),
            "check": pgettext("evidence item", "check"),
        },
        "acquire": {
            "buy": pgettext("acquire", "buy"),
            "rent": pgettext("acquire", "rent"),
        },
        "checklist category": {
            "service": pgettext("checklist category", "service"),
            "operations": pgettext("checklist category", "operations"),
            "security": pgettext("checklist category", "security"),
        },
        "option status": {
            "ranked": pgettext("option status", "ranked"),
            "dev-only": pgettext("option status", "dev-only"),
            "blocked": pgettext("option status", "blocked"),
            "vetoed": pgettext("option status", "vetoed"),
            "not ranked": pgettext("option status", "not ranked"),
            "fails-slo": pgettext("option status", "fails the SLO"),
            "fails-parity": pgettext("option status", "fails parity"),
            "cannot-judge": pgettext("option status", "cannot be judged"),
            "no-evidence": pgettext("option status", "no evidence"),
        },
        "kind of evidence": {  # short, in a list of files
            "own": pgettext("kind of evidence", "own"),
            "third-party": pgettext("kind of evidence", "third-party"),
            "illustrative": pgettext("kind of evidence", "illustrative"),
            "predicted": pgettext("kind of evidence", "predicted"),
        },
        "risk": {
            "blocker": pgettext("risk", "blocker"),
            "no-benchmark": pgettext("risk", "no-benchmark"),
            "topology": pgettext("risk", "topology"),
            "assumed-capacity": pgettext("risk", "assumed-capacity"),
            "missing-parity": pgettext("risk", "missing-parity"),
            "proxy-evidence": pgettext("risk", "proxy-evidence"),
            "requirement": pgettext("risk", "requirement"),
            "fleet": pgettext("risk", "fleet"),
            "not-recommendable": pgettext("risk", "not-recommendable"),
        },
        "unit": {
            "weeks": pgettext("unit", "weeks"),
            "person-weeks": pgettext("unit", "person-weeks"),
            "fraction": pgettext("unit", "fraction"),
            "years": pgettext("unit", "years"),
        },
    }


#: the table per language and catalog, made once (a record looks up a few hundred words)
_TABLES: dict[tuple[str, int], dict[str, dict[str, str]]] = {}


def _words() -> dict[str, dict[str, str]]:
    lang = i18n.language()
    key = (lang, id(i18n.catalog(lang)))  # a catalog a test swaps in is not hidden by the cache
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _table()
    return table


def reset_cache() -> None:
    """Forget the words of each language (tests that rewrite or switch a catalog)."""
    _TABLES.clear()


def enum_name(cls: type) -> str:
    """An enumeration's name in :data:`ENUMS` ("workspace.Strategy")."""
    return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__qualname__}"


def context_of(value: Enum) -> str | None:
    """The context of an enumerated value's words (None: not in the table)."""
    return ENUMS.get(enum_name(type(value)))


def word(value: object, context: str | None = None) -> str:
    """The word for a coded value in the current language: an enumeration member by its own
    enumeration, a plain code by ``context`` ("risk", "evidence item"); anything unknown as it is."""
    if value is None:
        return ""
    if isinstance(value, Enum):
        context = context or context_of(value)
        value = value.value
    code = str(value)
    if context is None:
        return code
    return _words().get(context, {}).get(code, code)


def words(context: str) -> dict[str, str]:
    """Every code of ``context`` with its word, in the table's order (a view's list of choices)."""
    return dict(_words().get(context, {}))


def term(value: object) -> str:
    """The word for a coded value given without its context ("approve", ``Vote.APPROVE.value``):
    the first context of the table that has the code (callers written before the table; prefer
    :func:`word` with the enumeration member or the context)."""
    if isinstance(value, Enum):
        return word(value)
    code = str(value)
    for context in _words().values():
        if code in context:
            return context[code]
    return code


#: the words our importers write into a file's tool and version where the file states none
#: ("aiperf (CSV export; version not in the file)", "benchmark_serving.py (before 2025)"): the
#: stored text stays English; :func:`tool_text` writes it in the interface language
TOOL_WORDS: tuple[str, ...] = (
    i18n.N_("performance CSV and JSON joined; version not in the files"),
    i18n.N_("performance CSV; version not in the file"),
    i18n.N_("performance JSON; version not in the file"),
    i18n.N_("CSV export; version not in the file"),
    i18n.N_("version not in the file"),
    i18n.N_("experiment record"),
    i18n.N_("late 2024 to mid 2025"),
    i18n.N_("before 2025"),
    i18n.N_("early 2024"),
    i18n.N_("one batch per iteration"),
    i18n.N_("offline LLM engine"),
    i18n.N_("individual responses"),
    i18n.N_("medians only"),
    i18n.N_("accuracy anchors"),
    i18n.N_("lookup summary"),
    i18n.N_("API rows"),
    i18n.N_("golden dataset"),
    i18n.N_("simulated"),
    i18n.N_("results version"),
)


def tool_text(text: str) -> str:
    """A file's tool and version as the interface language writes our words in it ("aiperf (CSV export;
    version not in the file)" -> "aiperf (exportación CSV; versión no indicada en el archivo)"); the
    tool's names and the file's own version stay as they are."""
    if not text or i18n.language() == i18n.DEFAULT:
        return text
    for phrase in TOOL_WORDS:  # longest first, as listed
        if phrase in text:
            text = text.replace(phrase, i18n.gettext(phrase))
    # a file's schema version beside the tool's ("aiperf 0.11.0 (schema 1.3)")
    return _SCHEMA_VERSION.sub(lambda m: "(" + i18n.gettext(_SCHEMA_WORDS).format(version=m.group(1)) + ")", text)


_SCHEMA_VERSION = re.compile(r"\(schema ([^()\s]+)\)")
_SCHEMA_WORDS = i18n.N_("schema {version}")


def _tool_key(name: str) -> str:
    """A tool's name compared loosely: lower case, letters and digits only ("ais_bench" -> "aisbench")."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def _names_tool(tool: str, version: str) -> bool:
    """Whether a file's version text already names its tool ("aiperf 0.11.0" of aiperf, "ais_bench (...)"
    of aisbench, "sglang.bench_serving" of sglang_serve, "aiperf accuracy_results.csv" of aiperf_accuracy)."""
    key = _tool_key(tool)
    head = version.split(None, 1)[0] if version.strip() else ""
    heads = {_tool_key(head), _tool_key(head.split(".", 1)[0])} - {""}
    return bool(key) and any(len(h) >= 3 and (key.startswith(h) or h.startswith(key)) for h in heads)


def file_tool(tool: str, version: str) -> str:
    """A file's tool and version as every surface shows them, the tool named once: "aiperf 0.11.0 (schema
    1.3)" (not "aiperf aiperf 0.11.0 ..."); a version that does not name the tool follows it ("vllm_serve
    benchmark_serving.py (before 2025)"); our words in it in the interface language (:func:`tool_text`)."""
    tool, version = (tool or "").strip(), (version or "").strip()
    if not version:
        return tool
    if not tool or _names_tool(tool, version):
        return tool_text(version)
    return f"{tool} {tool_text(version)}"


#: the run labels a reproduction record's importer writes (aisimulate): English stored text, each form a
#: message so that a view writes it in the interface language (:func:`run_label_text`)
_LABEL_FORMS: tuple[tuple[str, str], ...] = (
    (r"re-measurement (?P<name>\S+) of (?P<reference>.+)", i18n.N_("re-measurement {name} of {reference}")),
    (r"case (?P<name>\S+) \(re-measures case (?P<other>\S+)\)", i18n.N_("case {name} (re-measures case {other})")),
    (r"case (?P<name>\S+)", i18n.N_("case {name}")),
    (r"reference: (?P<what>.+)", i18n.N_("reference: {what}")),
    (r"row (?P<row>\d+) (?P<rest>.+)", i18n.N_("row {row} {rest}")),
    (r"row (?P<row>\d+)", i18n.N_("row {row}")),
)


def run_label_text(label: str) -> str:
    """A run's label as the interface language writes the words our importers put in it ("re-measurement
    on of row 224" -> "nueva medición on de la fila 224"); any other label (the user's, a file's) as it is."""
    if not label or i18n.language() == i18n.DEFAULT:
        return label
    for pattern, template in _LABEL_FORMS:
        found = re.fullmatch(pattern, label)
        if found is not None:
            # the file's own words ("on", "off", "vllm agg conc 64") quoted as it writes them
            parts = {k: run_label_text(v) if k in ("reference", "what") else quoted(v) if k in ("name", "other", "rest") else v
                     for k, v in found.groupdict().items()}
            return i18n.gettext(template).format(**parts)
    return label


#: the load words of a prediction pair or a reproduction ("concurrency 64", "rate 2/s")
_LOAD_FORMS: tuple[tuple[str, str], ...] = (
    (r"concurrency (?P<n>.+)", i18n.N_("concurrency {n}")),
    (r"rate (?P<rate>.+)", i18n.N_("rate {rate}")),
)


def load_text(load: str | None) -> str:
    """A pair's load in the interface language ("concurrency 64" -> "concurrencia 64")."""
    if not load or i18n.language() == i18n.DEFAULT:
        return load or ""
    for pattern, template in _LOAD_FORMS:
        found = re.fullmatch(pattern, load)
        if found is not None:
            return i18n.gettext(template).format(**found.groupdict())
    return load
