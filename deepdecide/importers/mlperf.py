"""MLPerf Inference LoadGen ``mlperf_log_summary.txt`` (formats/benchmarks.md §10).

All latencies are in **nanoseconds**. "Time to Output Token" is TPOT (first token excluded).
The system (and with it the GPU model and count) is only in the path, e.g.
``DGX-H100_H100-SXM-80GBx8_TRT``; it is read from the file name or its folders.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from deepdecide.domain.i18n import N_
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source
from deepdecide.importers.normalize import RunDraft, canonical_hardware, gpu_count_from_name

_LINE = re.compile(r"^\s*([^:]+?)\s*:\s*(.*?)\s*$")
STATS = {"mean": "mean", "50.00 percentile": "p50", "90.00 percentile": "p90", "99.00 percentile": "p99"}


class MlperfSummary(Importer):
    tool = "mlperf"
    description = N_("MLPerf Inference LoadGen mlperf_log_summary.txt")

    def sniff(self, src: Source) -> bool:
        head = src.data[:4096]
        return not src.looks_json and b"MLPerf Results Summary" in head and b"SUT name" in head

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        values: dict[str, tuple[str, int]] = {}
        for number, line in enumerate(src.lines, start=1):
            m = _LINE.match(line)
            if m and not line.lstrip().startswith("*"):
                values.setdefault(m.group(1).strip().lower(), (m.group(2), number))

        def num(key: str, scale: float = 1.0) -> float | None:
            if key not in values:
                return None
            text, number = values[key]
            return Node(text, src, key, number).num(scale)

        scenario = values.get("scenario", ("", 0))[0]
        d = RunDraft(self.tool, tool_version="MLPerf Inference LoadGen", dataset=f"MLPerf {scenario}".strip())
        sut = values.get("sut name", ("", 0))[0]
        result = values.get("result is", ("", 0))[0]
        d.set(label=f"{scenario} ({sut}), result {result}".strip())
        if result.upper() != "VALID":
            d.flag("mlperf.invalid", result=result or "missing")
        if scenario.lower() == "offline":
            d.set(request_throughput_rps=num("samples per second"), output_throughput_tps=num("tokens per second"))
        else:
            d.set(request_throughput_rps=num("completed samples per second"),
                  output_throughput_tps=num("completed tokens per second"),
                  request_rate=num("target_qps"))
        ns = 1e-6
        for prefix, norm in (("", "e2e_ms"), ("first token ", "ttft_ms"), ("time to output token ", "tpot_ms")):
            for key, stat in STATS.items():
                if key == "mean":
                    label = f"mean {prefix}latency (ns)" if prefix != "time to output token " else "mean time to output token (ns)"
                else:
                    label = f"{key} {prefix}latency (ns)" if prefix != "time to output token " else f"{key} time to output token (ns)"
                d.set(**{f"{norm}_{stat}": num(label.replace("  ", " "), ns)})
        if d["tpot_ms_p50"] is not None:
            d.flag("mlperf.tpot")
        system = " ".join(PurePath(src.path).parts[-8:])
        platform = canonical_hardware(system)
        if platform != system.strip():
            d.set(platform=platform)
            count = gpu_count_from_name(system)
            d.set(gpu_count=count)
            d.flag("mlperf.platform_count" if count else "mlperf.platform")
        m = re.search(r"(llama[\w.\-]*?|gpt[\w.\-]*?|mixtral[\w.\-]*?|deepseek[\w.\-]*?)[-_]99(?:\.9)?(?![\d.])", system, re.I)
        if m:
            d.set(model=m.group(0))
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])
