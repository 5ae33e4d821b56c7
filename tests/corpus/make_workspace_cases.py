"""Generate the workspace part of the bad-input corpus: workspaces that every command must refuse.

Each case starts from the project's own minimal workspace (tests/fixtures/workspaces/), upgraded to
the current schema, and breaks one thing: a structural limit (nesting, integer size, text length,
file size, Monte Carlo draws and seed, GPU counts), a range of a decision input (prices, power,
demand, GPU counts, utilization, SLO limits, horizons, weights, criteria metrics), the id rule
(confusable and invisible characters) or the plain-YAML rules. ``expect`` is the key path (or
phrase) the error message must name.

    python tests/corpus/make_workspace_cases.py OUT_DIR     # writes OUT_DIR/<case>.deepdecide.yaml

The corpus test (tests/corpus/test_workspace_corpus.py) generates the cases into a temporary
folder and runs validate, evaluate and report on each.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

BASE = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
SCHEMA = 3


@dataclass(frozen=True)
class Case:
    name: str
    content: bytes
    expect: str  # a key path or phrase the message must contain
    size: int = 0  # > 0: the file is made this large (sparse), content is its start
    fill: bytes = b""  # with size: the file is content, then fill repeated up to size (not sparse), then "\n"


def base_data() -> dict[str, Any]:
    data = yaml.safe_load(BASE.read_text(encoding="utf-8"))
    data["schema_version"] = SCHEMA
    return data


def _dump(data: dict[str, Any]) -> bytes:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200).encode("utf-8")


def _set(data: Any, path: str, value: Any) -> None:
    """Set ``a.b[2].c`` in plain data (creating mappings on the way)."""
    parts: list[Any] = []
    for chunk in path.split("."):
        name, *idx = chunk.replace("]", "").split("[")
        if name:
            parts.append(name)
        parts.extend(int(i) for i in idx)
    node = data
    for key in parts[:-1]:
        if isinstance(key, str) and key not in node:
            node[key] = {}
        node = node[key]
    node[parts[-1]] = value


def _mutated(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: _set(d, path, value)


def _est(lo: float, li: float, hi: float) -> dict[str, float]:
    return {"low": lo, "likely": li, "high": hi}


# (name, path to set, value, expected path in the message)
_RANGE_CASES: list[tuple[str, str, Any]] = [
    # prices, power, efforts
    ("price-zero", "options[0].cost.gpu_hour_usd", _est(0, 0, 0)),
    ("price-negative", "options[0].cost.gpu_hour_usd", _est(-2, 1, 2)),
    ("price-absurd", "options[0].cost.gpu_hour_usd", _est(1, 2, 1e9)),
    ("capex-zero", "options[1].cost.capex_per_gpu_usd", _est(0, 0, 0)),
    ("capex-absurd", "options[1].cost.capex_per_gpu_usd", _est(1e12, 1e12, 1e12)),
    ("power-zero", "options[0].cost.power_kw_per_gpu", _est(0, 0, 0)),
    ("power-absurd", "options[0].cost.power_kw_per_gpu", _est(1, 2, 5000)),
    ("power-negative", "options[0].cost.power_kw_per_gpu", _est(-1, 1, 2)),
    ("amortization-zero", "options[1].cost.amortization_years", 0),
    ("amortization-absurd", "options[1].cost.amortization_years", 500),
    ("porting-negative", "options[1].cost.porting_effort_person_weeks", _est(-8, 16, 40)),
    ("porting-absurd", "options[1].cost.porting_effort_person_weeks", _est(8, 16, 1e9)),
    ("time-to-production-absurd", "options[1].cost.time_to_production_weeks", _est(1, 2, 1e6)),
    ("assumed-capacity-zero", "options[1].cost.assumed_output_tps_per_gpu", _est(0, 0, 0)),
    ("estimate-unordered", "options[1].cost.porting_effort_person_weeks", _est(80, 16, 40)),
    ("estimate-nan", "options[1].cost.porting_effort_person_weeks", _est(8, float("nan"), 40)),
    ("answer-effort-negative", "answers[1].effort_person_weeks", _est(-2, 4, 8)),
    # GPU counts and units
    ("gpus-per-node-zero", "options[0].topology.gpus_per_node", 0),
    ("gpus-per-node-absurd", "options[0].topology.gpus_per_node", 100_000),
    ("unit-gpus-zero", "options[0].topology.unit_gpus", 0),
    ("unit-gpus-negative", "options[0].topology.unit_gpus", -8),
    ("unit-gpus-huge", "options[0].topology.unit_gpus", 10**15),
    ("unit-gpus-float", "options[0].topology.unit_gpus", 8.5),
    ("prefill-gpus-zero", "options[0].topology.prefill", {"gpus_per_worker": 0}),  # schema 10: pools
    ("decode-gpus-huge", "options[0].topology.decode", {"gpus_per_worker": 10**7}),
    # demand
    ("demand-zero", "demand.output_tokens_per_s", 0),
    ("demand-negative", "demand.output_tokens_per_s", -100),
    ("demand-absurd", "demand.output_tokens_per_s", 1e300),
    ("demand-requests-zero", "demand.requests_per_s", 0),
    ("demand-output-tokens-zero", "demand.output_tokens", 0),
    ("demand-input-tokens-negative", "demand.input_tokens", -5),
    # SLO
    ("slo-ttft-negative", "slo.ttft_p99_ms", -1),
    ("slo-tpot-zero", "slo.tpot_p99_ms", 0),
    ("slo-interactivity-negative", "slo.min_interactivity_tps_per_user", -20),
    ("slo-error-rate-500-percent", "slo.max_error_rate", 5),
    ("slo-error-rate-negative", "slo.max_error_rate", -0.1),
    # assumptions
    ("horizon-zero", "assumptions.horizon_years", 0),
    ("horizon-negative", "assumptions.horizon_years", -3),
    ("horizon-absurd", "assumptions.horizon_years", 1000),
    ("utilization-zero", "assumptions.utilization", 0),
    ("utilization-above-one", "assumptions.utilization", 1.5),
    ("utilization-negative", "assumptions.utilization", -0.2),
    ("electricity-zero", "assumptions.electricity_usd_per_kwh", _est(0, 0, 0)),
    ("electricity-absurd", "assumptions.electricity_usd_per_kwh", _est(0.1, 0.2, 1000)),
    ("engineer-cost-zero", "assumptions.engineer_usd_per_week", _est(0, 0, 0)),
    ("draws-1e12", "assumptions.monte_carlo_draws", 10**12),
    ("draws-zero", "assumptions.monte_carlo_draws", 0),
    ("draws-negative", "assumptions.monte_carlo_draws", -10),
    ("draws-text", "assumptions.monte_carlo_draws", "many"),
    ("seed-negative", "assumptions.monte_carlo_seed", -1),
    ("seed-huge", "assumptions.monte_carlo_seed", 2**40),
    # criteria
    ("weight-negative", "criteria[0].weight", -0.5),
    ("weight-overflow", "criteria[0].weight", 1e308),
    ("weight-infinite", "criteria[0].weight", float("inf")),
    ("weight-nan", "criteria[1].weight", float("nan")),
    ("knockout-threshold-absurd", "criteria[0].knockout_threshold", 1e300),
    ("criterion-unknown-metric", "criteria[0].metric", "cost_per_m_token_usd"),
    # ids: confusable, invisible, not normalized
    ("id-cyrillic-letter", "options[0].id", "kеep-vllm"),  # U+0435 CYRILLIC SMALL LETTER IE
    ("id-zero-width-space", "options[1].id", "port\u200b-engine"),
    ("id-fullwidth", "checklist[0].id", "ｈttp-server"),
    ("id-space", "criteria[0].id", "cost per token"),
    ("id-empty", "options[0].id", ""),
    ("id-too-long", "options[0].id", "x" * 65),
    ("id-escape-sequence", "decision.id", "DR-\x1b[31m0099"),
    ("id-rtl-override", "matrix.runtimes[0].id", "vllm\u202e"),
    ("id-cyrillic-source", "matrix.entries[0].sources[0].id", "vllm_dосs"),
    ("name-too-long", "options[0].name", "n" * 600),
    ("title-too-long", "checklist[1].title", "t " * 400),
    # the plain-YAML rules and structure
    ("unknown-key", "assumptions.horizon_yrs", 3),
    ("request-rate-yaml-inf", "evidence", {"files": [{"provenance": {"file_name": "x.json", "size_bytes": 1,
                                                                     "sha256": "0" * 64, "tool": "vllm"},
                                                      "runs": [{"tool": "vllm", "request_rate": float("inf")}]}]}),
    ("run-latency-nan", "evidence", {"files": [{"provenance": {"file_name": "x.json", "size_bytes": 1,
                                                               "sha256": "0" * 64, "tool": "vllm"},
                                                "runs": [{"tool": "vllm", "ttft_ms_p99": float("nan")}]}]}),
    # dates that are no day of the calendar, or no date at all
    ("date-february-30", "decision.date", "2026-02-30"),
    ("date-month-13", "decision.evidence_cutoff", "2026-13-01"),
    ("date-words", "decision.evidence_cutoff", "Nov 2026"),
    ("signoff-date-february-30", "signoffs[0].date", "2026-02-30"),
    ("fleet-end-of-support-bad", "fleet", [{"platform": "nv-h100", "owned_gpus": 8, "end_of_support": "2030-02-31"}]),
    # bidirectional controls (a name that reads as another)
    ("name-rtl-override", "name", "Keep \u202eMLLv"),
    ("option-name-rtl-embedding", "options[0].name", "Keep \u202bvLLM"),
    ("title-ltr-isolate", "decision.title", "Serve \u2066Model\u2069"),
    ("checklist-title-pop-isolate", "checklist[0].title", "HTTP server\u2069"),
    ("signoff-role-override", "signoffs[0].role", "Approver\u202d"),
    ("decision-maker-override", "decision.decision_makers[0]", "Approver\u202e"),
    ("model-first-strong-isolate", "model", "\u2068Test-Model-7B"),
    # a utilization that is no sensible fraction
    ("utilization-denormal", "assumptions.utilization", 5e-324),
    ("utilization-tiny", "assumptions.utilization", 0.001),
    # an evidence file named by a path
    ("evidence-file-name-traversal", "evidence", {"files": [{"provenance": {
        "file_name": "../../../../etc/passwd", "size_bytes": 1, "sha256": "0" * 64, "tool": "vllm"}}]}),
    ("evidence-file-name-windows-path", "evidence", {"files": [{"provenance": {
        "file_name": "..\\..\\secrets\\token.json", "size_bytes": 1, "sha256": "0" * 64, "tool": "vllm"}}]}),
    # a top-level value of the wrong type (the fuzz test over the top-level keys found ``kind: [workspace]``)
    ("kind-list", "kind", ["workspace"]),
    ("kind-mapping", "kind", {"workspace": True}),
    ("kind-number", "kind", 3),
    ("schema-version-list", "schema_version", [3]),
    ("name-list", "name", ["a", "b"]),
    ("decision-number", "decision", 5),
    ("options-mapping", "options", {"a": 1}),
    ("evidence-text", "evidence", "files"),
    ("assumptions-list", "assumptions", [1, 2]),
]

_EXPECT_OVERRIDE = {
    "fleet-end-of-support-bad": "fleet[0].end_of_support",
    "evidence-file-name-traversal": "evidence.files[0].provenance.file_name",
    "evidence-file-name-windows-path": "evidence.files[0].provenance.file_name",
    "unknown-key": "horizon_yrs",
    "request-rate-yaml-inf": "evidence.files[0].runs[0].request_rate",
    "run-latency-nan": "evidence.files[0].runs[0].ttft_ms_p99",
    "id-cyrillic-source": "matrix.entries[0].sources[0].id",
}


def _text_cases() -> list[Case]:
    base = _dump(base_data()).decode("utf-8")
    head = f"kind: workspace\nschema_version: {SCHEMA}\nname: x\nmodel: y\ndecision: {{id: DR-1, title: t}}\n"
    out = [
        Case("nesting-flow-10000", (head + "description: " + "[" * 10_000 + "]" * 10_000 + "\n").encode(),
             "nested more than"),
        Case("nesting-block-200", (head + "description:\n" + "".join(" " * i + "- \n" for i in range(200))).encode(),
             "nested more than"),
        Case("nesting-mapping-300", (head + "notes:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(300))
                                     + " " * 302 + "v\n").encode(), "nested more than"),
        Case("integer-5000-digits", base.replace("metric: cost_per_m_tokens_usd",
                                                 "metric: cost_per_m_tokens_usd\n  knockout_threshold: "
                                                 + "9" * 5000, 1).encode(), "criteria[0].knockout_threshold"),
        Case("integer-25-digits", (base + "assumptions:\n  monte_carlo_seed: " + "1" * 25 + "\n").encode(),
             "assumptions.monte_carlo_seed"),
        Case("text-too-long", (head + "description: " + "a" * 4_000_001 + "\n").encode(), "description"),
        Case("lone-surrogate-name", base.replace("name: Minimal decision", 'name: "Minimal \\ud800 decision"', 1)
             .encode(), "name"),
        Case("lone-surrogate-option", base.replace("name: Keep vLLM on H100", 'name: "Keep \\udfff vLLM"', 1)
             .encode(), "options[0].name"),
        Case("yaml-alias", (head + "checklist:\n- &a {id: x, title: y}\n- *a\n").encode(), "alias"),
        Case("yaml-python-tag", (head + "description: !!python/object:os.system ls\n").encode(), "tag"),
        Case("duplicate-key", (base + "name: again\n").encode(), "duplicate key"),
        Case("nul-byte", (head + "description: a\x00b\n").encode(), "NUL"),
        Case("not-utf8", (head + "description: caf\xe9\n").encode("latin-1"), "UTF-8"),
        Case("schema-newer", base.replace(f"schema_version: {SCHEMA}", "schema_version: 99", 1).encode(), "schema_version"),
        Case("schema-not-integer", base.replace(f"schema_version: {SCHEMA}", "schema_version: two", 1).encode(),
             "schema_version"),
        Case("schema-unsupported", base.replace(f"schema_version: {SCHEMA}", "schema_version: 0", 1).encode(),
             "schema_version"),
        Case("kind-missing", base.replace("kind: workspace\n", "", 1).encode(), "kind"),
        Case("top-level-list", b"- kind: workspace\n", "mapping"),
        Case("empty-file", b"", "empty"),
        Case("utilization-yaml-inf", (base + "assumptions:\n  utilization: .inf\n").encode(),
             "assumptions.utilization"),
        Case("ttft-yaml-nan", (base + "slo:\n  ttft_p99_ms: .nan\n").encode(), "slo.ttft_p99_ms"),
        Case("file-too-large", (head + "description: |\n").encode(), "larger than any workspace",
             size=64 * 1024 * 1024 + 1),
        # 55 MB, below the size limit: one text far above the text limit (refused in seconds, not in the
        # 34-39 s the Python YAML reader took)
        Case("text-55-mb", (head + "description: ").encode(), "description", size=55_000_000, fill=b"a" * 65536),
    ]
    return out


def cases() -> list[Case]:
    out = []
    for name, path, value in _RANGE_CASES:
        data = copy.deepcopy(base_data())
        _set(data, path, value)
        out.append(Case(name, _dump(data), _EXPECT_OVERRIDE.get(name, path)))
    out.extend(_text_cases())
    names = [c.name for c in out]
    assert len(names) == len(set(names)), "case names must be unique"
    return out


def write(case: Case, folder: Path) -> Path:
    path = folder / f"{case.name}.deepdecide.yaml"
    path.write_bytes(case.content)
    if case.size and case.fill:
        with open(path, "ab") as fh:
            left = case.size - len(case.content) - 1
            while left > 0:
                fh.write(case.fill[:left])
                left -= len(case.fill)
            fh.write(b"\n")
    elif case.size:
        with open(path, "r+b") as fh:
            fh.truncate(case.size)
    return path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-6].strip(), file=sys.stderr)
        return 2
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    for case in cases():
        write(case, folder)
    print(f"{len(cases())} workspace cases written to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
