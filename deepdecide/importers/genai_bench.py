"""genai-bench run results (sgl-project/genai-bench; one JSON per scenario and concurrency,
``<scenario>_<task>_num_concurrency_<n>_time_<t>s.json``), built from the genai-bench 0.0.1 - 0.0.5
wheels (``metrics/aggregated_metrics_collector.py`` ``save``, ``metrics/metrics.py``,
``time_units.py``); no public real file is known.

``{"aggregated_metrics": {..., "stats": {metric: {min, max, mean, stddev, sum, p25 ... p99}}},
"individual_request_metrics": [...], "_time_unit": "s" | "ms"}``. **The time unit is per file**:
``--metrics-time-unit`` converts ``ttft``, ``tpot``, ``e2e_latency`` and ``output_latency`` (and
only those: ``run_duration`` stays in seconds, the throughputs in tokens/s, and each request's
``output_inference_speed`` = 1 / TPOT in tokens/s). ``_time_unit`` says which; 0.0.1 - 0.0.2 wrote
none and only seconds. The unit is read from ``_time_unit`` and checked against the file's own
figures (``tpot`` x ``output_inference_speed`` is 1 in seconds, 1000 in ms, request by request);
a file without ``_time_unit`` takes the unit that identity gives, and one with neither is refused.

``tpot`` = (e2e - TTFT) / (output tokens - 1): vLLM's TPOT. No ITL. Throughputs are the server's
(tokens of every request / ``run_duration``); no GPU, model or hardware is in the file (they are in
``experiment_metadata.json`` beside it).
"""

from __future__ import annotations

from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft
from deepdecide.importers.secrets import strip_secrets

LATENCY = {"ttft": "ttft_ms", "tpot": "tpot_ms", "e2e_latency": "e2e_ms"}
STATS = (("mean", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))
SCALE = {"s": 1000.0, "ms": 1.0}


def _is_genai_bench(v: object) -> bool:
    if not isinstance(v, dict):
        return False
    agg = v.get("aggregated_metrics")
    return (isinstance(agg, dict) and isinstance(agg.get("stats"), dict) and isinstance(agg["stats"].get("ttft"), dict)
            and "run_duration" in agg and isinstance(v.get("individual_request_metrics"), list))


def _unit_from_requests(requests: Node) -> tuple[str | None, Node | None]:
    """The unit the per-request figures show: tpot x output_inference_speed (1 / TPOT in tokens/s)
    is 1 when tpot is in seconds and 1000 in ms. Returns the unit and the request that showed it."""
    for req in requests.elements():
        if not req["error_code"].missing:
            continue
        tpot, speed = req["tpot"].num(), req["output_inference_speed"].num()
        if not tpot or not speed:
            continue
        product = tpot * speed
        for unit, expected in (("s", 1.0), ("ms", 1000.0)):
            if abs(product - expected) <= 1e-6 * expected:
                return unit, req
        raise req["tpot"].fail(_("tpot x output_inference_speed is {product:.6g}: neither 1 (seconds) nor 1000 (ms); "
                                 "the time unit cannot be told").format(product=product))
    return None, None


class GenaiBench(Importer):
    tool = "genai_bench"
    description = N_("genai-bench run result JSON (aggregated_metrics, per-file time unit)")

    def sniff(self, src: Source) -> bool:
        return _is_genai_bench(src.json)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        agg = r["aggregated_metrics"]
        stated = r["_time_unit"]
        shown, witness = _unit_from_requests(r["individual_request_metrics"])
        d = RunDraft(self.tool, tool_version="genai-bench")
        if not stated.missing:
            unit = stated.str().strip().lower()
            if unit not in SCALE:
                raise stated.fail(_("unknown time unit {unit!r} (genai-bench writes s or ms)").format(unit=unit))
            if shown is not None and shown != unit and witness is not None:
                raise witness["tpot"].fail(_("_time_unit says {stated!r} but tpot x output_inference_speed shows {shown!r}")
                                           .format(stated=unit, shown=shown))
            d.flag("genai_bench.unit", unit=unit)
        elif shown is not None:
            unit = shown
            d.flag("genai_bench.unit_from_requests", unit=unit)
        else:
            raise src.error(_("no _time_unit and no request with tpot and output_inference_speed: the latencies may be "
                              "seconds or milliseconds (genai-bench --metrics-time-unit), and the file does not say which"),
                            path="_time_unit")
        scale = SCALE[unit]
        stats = agg["stats"]
        for key, norm in LATENCY.items():
            for stat_key, stat in STATS:
                d.set(**{f"{norm}_{stat}": stats[key][stat_key].num(scale)})
        d.set(input_tokens=stats["num_input_tokens"]["mean"].num(), output_tokens=stats["num_output_tokens"]["mean"].num(),
              duration_s=agg["run_duration"].num(),  # seconds whatever _time_unit says
              output_throughput_tps=agg["mean_output_throughput_tokens_per_s"].num(),
              total_throughput_tps=agg["mean_total_tokens_throughput_tokens_per_s"].num(),
              request_throughput_rps=agg["requests_per_second"].num())
        completed, failed = agg["num_completed_requests"].count(), agg["num_error_requests"].count()
        d.set(completed=completed, failed=failed, num_requests=agg["num_requests"].count())
        kind = agg["iteration_type"].str("num_concurrency")
        if kind == "num_concurrency":
            d.set(concurrency=agg["num_concurrency"].num())
        scenario = agg["scenario"].str()
        d.set(label=f"{scenario} c{d['concurrency']:g}" if d["concurrency"] is not None else scenario)
        if kind != "num_concurrency":
            d.flag("genai_bench.batch", kind=kind, n=agg[kind].str("?"))
        d.flag("genai_bench.tpot")
        return Parsed(runs=[d.build()], tool_version="genai-bench")
