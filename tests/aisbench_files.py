"""AISBench result files written by the tests themselves (no public real file): built from
ais-bench-benchmark 3.1.20260630 benchmark/calculators/base_perf_metric_calculator.py
(_export_to_csv: "Performance Parameters,Stage,<stats>,N"; _add_units_to_metrics: seconds * 1000
written as "<value> ms", throughputs "<value> token/s"; _add_units_to_common_metrics for the JSON)
and stable_perf_metric_calculator.py (stage "stable"). Shared by the importer and desktop tests.

N of a CSV row is the stage's successful requests (base_perf_metric_calculator._calc_metrics:
success_count[stage], TPOT / ITL: the requests with decode latencies), the JSON's Success Requests
the same count (_calc_common_metrics): equal for the two files of one run.
"""

from __future__ import annotations

import json

AIS_HEADER = "Performance Parameters,Stage,Average,Min,Max,Median,P75,P90,P99,N"
#: two requests: TTFT 0.2 s / 0.4 s, latency 2.2 s / 2.9 s, 101 output tokens (TPOT 20 / 25 ms)
AIS_STABLE = [
    "E2EL,stable,2550.0 ms,2200.0 ms,2900.0 ms,2550.0 ms,2725.0 ms,2830.0 ms,2893.0 ms,2",
    "TTFT,stable,300.0 ms,200.0 ms,400.0 ms,300.0 ms,350.0 ms,380.0 ms,398.0 ms,2",
    "TPOT,stable,22.5 ms,20.0 ms,25.0 ms,22.5 ms,23.75 ms,24.5 ms,24.95 ms,2",
    "ITL,stable,22.3 ms,0.0 ms,60.0 ms,21.0 ms,24.0 ms,31.0 ms,55.0 ms,2",
    "InputTokens,stable,1000.0,1000.0,1000.0,1000.0,1000.0,1000.0,1000.0,2",
    "OutputTokens,stable,101.0,101.0,101.0,101.0,101.0,101.0,101.0,2",
    "OutputTokenThroughput,stable,40.3 token/s,34.8 token/s,45.9 token/s,40.3 token/s,43.1 token/s,44.8 token/s,45.8 token/s,2",
]


def ais_csv(rows: list[str]) -> bytes:
    return ("\r\n".join([AIS_HEADER, *rows]) + "\r\n").encode()  # csv.writer's line end


def ais_json(stage: str) -> dict[str, object]:
    common = {
        "Benchmark Duration": "61250.0 ms", "Total Requests": 480, "Failed Requests": 2, "Success Requests": 478,
        "Concurrency": 31.7, "Max Concurrency": 32, "Request Throughput": "7.8041 req/s",
        "Total Input Tokens": 489472, "Prefill Token Throughput": "3400.1 token/s", "Total Generated Tokens": 61184,
        "Input Token Throughput": "7991.4 token/s", "Output Token Throughput": "998.9 token/s",
        "Total Token Throughput": "8990.3 token/s"}
    return {key: {stage: value} for key, value in common.items()}


#: 478 requests with lengths 1,024 / 128 (the JSON's totals / Success Requests: 489,472 / 61,184)
AIS_RUN = [row.rsplit(",", 1)[0] + ",478" for row in AIS_STABLE]
AIS_RUN[4] = "InputTokens,stable,1024.0,1024.0,1024.0,1024.0,1024.0,1024.0,1024.0,478"
AIS_RUN[5] = "OutputTokens,stable,128.0,128.0,128.0,128.0,128.0,128.0,128.0,478"


def ais_pair(folder, csv_rows: list[str], doc: dict[str, object], name: str = "gsm8k"):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.csv").write_bytes(ais_csv(csv_rows))
    (folder / f"{name}.json").write_text(json.dumps(doc, indent=4))
    return folder / f"{name}.csv", folder / f"{name}.json"
