"""ray-project llmperf ``token_benchmark_ray.py`` output (formats/benchmarks.md §6).

Everything is in **seconds**. llmperf's ``inter_token_latency_s`` is e2e / output tokens (it
includes the TTFT), so it goes to ``e2e_per_token_ms``, never to ``tpot_ms`` or ``itl_ms``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deepdecide.domain.i18n import N_
from deepdecide.importers.base import ImportContext, Importer, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft
from deepdecide.importers.secrets import strip_secrets
from deepdecide.importers.stats import numeric_array, summarize

if TYPE_CHECKING:
    import numpy as np

SUMMARY_LATENCY = {"ttft_s": "ttft_ms", "end_to_end_latency_s": "e2e_ms", "inter_token_latency_s": "e2e_per_token_ms"}
SUMMARY_STATS = (("mean", "mean"), ("quantiles_p50", "p50"), ("quantiles_p90", "p90"), ("quantiles_p99", "p99"))


class LlmperfSummary(Importer):
    tool = "llmperf"
    description = N_("llmperf *_summary.json")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and any(
            k.startswith(("results_ttft_s_", "results_end_to_end_latency_s_")) for k in v)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        version = f"llmperf (results version {r['version'].str('?')})"
        d = RunDraft(self.tool, tool_version=version)
        d.set(model=r["model"].str(), concurrency=r["num_concurrent_requests"].num(),
              label=r["name"].str(), input_tokens=r["results_number_input_tokens_mean"].num(),
              output_tokens=r["results_number_output_tokens_mean"].num())
        if r["framework"].str():
            d.flag("llmperf.framework", framework=r["framework"].str())
        for key, norm in SUMMARY_LATENCY.items():
            for stat_key, stat in SUMMARY_STATS:
                d.set(**{f"{norm}_{stat}": r[f"results_{key}_{stat_key}"].num(1000.0)})
        d.flag("llmperf.itl")
        completed = r["results_num_completed_requests"].count()
        started = r["results_num_requests_started"].count()
        errors = r["results_number_errors"].count()
        d.set(completed=completed, num_requests=started, failed=errors)
        per_min = r["results_num_completed_requests_per_min"].num()
        rps = per_min / 60.0 if per_min is not None else None
        d.set(request_throughput_rps=rps)
        if completed and rps:
            d.set(duration_s=completed / rps)
            d.flag("llmperf.duration")
        d.set(output_throughput_tps=r["results_mean_output_throughput_token_per_s"].num())
        return Parsed(runs=[d.build()], tool_version=version)


class LlmperfIndividual(Importer):
    tool = "llmperf"
    description = N_("llmperf *_individual_responses.json (per-request list)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return (isinstance(v, list) and bool(v) and isinstance(v[0], dict)
                and all(k in v[0] for k in ("ttft_s", "end_to_end_latency_s", "error_code")))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        d = RunDraft(self.tool, tool_version="llmperf (individual responses)")
        items = list(r.elements())
        ok = []
        for node in items:
            node.obj()
            code = node["error_code"].value
            if code in (None, "", 0, 200):
                ok.append(node)
        d.set(num_requests=len(items), completed=len(ok), failed=len(items) - len(ok))
        if ok:
            def column(key: str) -> np.ndarray:
                return numeric_array(root(src, [n[key].num() for n in ok], None, f"[*].{key}"))

            for key, norm in SUMMARY_LATENCY.items():
                if all(n.has(key) for n in ok):
                    for stat, value in summarize(column(key) * 1000.0).items():
                        d.set(**{f"{norm}_{stat}": value})
            if all(n.has("number_input_tokens") for n in ok):
                d.set(input_tokens=float(column("number_input_tokens").mean()))
            if all(n.has("number_output_tokens") for n in ok):
                d.set(output_tokens=float(column("number_output_tokens").mean()))
        d.flag("llmperf.per_request")
        d.flag("llmperf.itl")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])
