"""llm-d benchmark reports, v0.1 and v0.2 (formats/benchmarks.md, "Added 2026-12" §4a), YAML
or JSON: one run per report.

Every metric is a block with its own ``units`` (the v0.1 example writes ``ms`` and ``ms/token``,
v0.2 ``s`` and ``s/token`` for the same metrics), so each block is scaled by its own unit and a
block without one is refused. ``time_per_output_token`` is TPOT (first token excluded: the
harnesses llm-d wraps compute it so), ``inter_token_latency`` ITL, ``normalized_time_per_output_token``
e2e / output tokens (``e2e_per_token_ms``).

* v0.1: ``scenario.host`` (``type[]`` prefill / decode / replica, ``accelerator[]`` model and
  count, 1:1), ``scenario.platform.engine[]``, ``scenario.model``, ``scenario.load``, ``metrics``;
* v0.2: ``run``, ``scenario.stack[]`` (components; ``standardized.kind: inference_engine`` with
  ``role``, ``replicas``, ``model.name``, ``accelerator{model, count, parallelism}``),
  ``scenario.load.standardized`` (``rate_qps``, ``concurrency``: ``.inf`` = unbounded, token
  lengths), ``results.request_performance.aggregate``.
"""

from __future__ import annotations

import math
import re

from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft, canonical_hardware
from deepdecide.importers.secrets import strip_secrets
from deepdecide.importers.structured import structured, unit_scale_ms

LATENCY = {
    "time_to_first_token": "ttft_ms",
    "time_per_output_token": "tpot_ms",
    "inter_token_latency": "itl_ms",
    "request_latency": "e2e_ms",
    "normalized_time_per_output_token": "e2e_per_token_ms",
}
STATS = (("mean", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"))
#: engine names in a report -> deepdecide runtime ids (llm-d serves with vLLM)
ENGINES = {"vllm": "vllm", "llm-d": "vllm", "sglang": "sglang", "trtllm": "trtllm", "tensorrt-llm": "trtllm"}


def report_version(v: object) -> str:
    if not isinstance(v, dict) or not isinstance(v.get("scenario"), dict):
        return ""
    version = str(v.get("version", ""))
    if version == "0.1" and isinstance(v.get("metrics"), dict):
        return "0.1"
    if version.startswith("0.2") and isinstance(v.get("results"), dict):
        return version
    return ""


def _latency(d: RunDraft, latency: Node) -> None:
    for key, norm in LATENCY.items():
        block = latency[key]
        if block.missing:
            continue
        scale = unit_scale_ms(block)
        for stat_key, stat in STATS:
            d.set(**{f"{norm}_{stat}": block[stat_key].num(scale)})


def _iso_duration(node: Node) -> float | None:
    """``PT49.97S`` / ``PT1M2S`` (ISO 8601) or a number of seconds."""
    if node.missing:
        return None
    if isinstance(node.value, (int, float)):
        return node.num()
    m = re.fullmatch(r"P(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)", node.str().strip())
    if not m:
        raise node.fail(_("expected an ISO 8601 duration (PT..S), got {value!r}").format(value=node.str()))
    h, mi, s = (float(x) if x else 0.0 for x in m.groups())
    return h * 3600 + mi * 60 + s


class LlmdReport(Importer):
    tool = "llmd_report"
    description = N_("llm-d benchmark report v0.1 / v0.2 (YAML or JSON)")

    def sniff(self, src: Source) -> bool:
        return bool(report_version(structured(src)))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        value = strip_secrets(structured(src))
        version = report_version(value)
        r = root(src, value)
        d = RunDraft(self.tool, tool_version=f"llm-d benchmark report v{version}")
        if version == "0.1":
            self._v01(d, r)
        else:
            self._v02(d, r)
        d.flag("llmd.units")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])

    def _v01(self, d: RunDraft, r: Node) -> None:
        sc, m = r["scenario"], r["metrics"]
        kinds = [n.str() for n in sc["host"]["type"].elements()]
        accelerators = list(sc["host"]["accelerator"].elements())
        if kinds and accelerators and len(kinds) != len(accelerators):
            raise sc["host"].fail(_("{hosts} host types but {accelerators} accelerators (they pair 1:1)").format(hosts=len(kinds), accelerators=len(accelerators)))
        counts = [a["count"].count() or 0 for a in accelerators]
        names = {canonical_hardware(a["model"].str()) for a in accelerators if a["model"].str()}
        self._hardware(d, names, sum(counts) if accelerators else None)
        if kinds and {"prefill", "decode"} & set(kinds):
            d.set(prefill_gpus=sum(c for k, c in zip(kinds, counts, strict=True) if k == "prefill"),
                  decode_gpus=sum(c for k, c in zip(kinds, counts, strict=True) if k == "decode"))
        engines = list(sc["platform"]["engine"].elements())
        self._engine(d, {e["name"].str().lower() for e in engines}, {e["version"].str() for e in engines})
        d.set(model=sc["model"]["name"].str(), quantization=sc["model"]["quantization"].str())
        load = sc["load"]
        rate = load["args"]["qps_values"]
        if isinstance(rate.value, (int, float, str)):
            d.set(request_rate=rate.rate())
            d.flag("llmd.rate", name=load["name"].str())
        d.set(label=f"{load['name'].str()} {load['type'].str()}".strip(), dataset=load["type"].str())
        req = m["requests"]
        self._counts(d, req["total"].count(), req["failures"].count(), req["incomplete"].count())
        d.set(input_tokens=req["input_length"]["mean"].num(), output_tokens=req["output_length"]["mean"].num(),
              duration_s=m["time"]["duration"].num())
        _latency(d, m["latency"])
        tp = m["throughput"]
        d.set(output_throughput_tps=tp["output_tokens_per_sec"].num(), total_throughput_tps=tp["total_tokens_per_sec"].num(),
              request_throughput_rps=tp["requests_per_sec"].num())

    def _v02(self, d: RunDraft, r: Node) -> None:
        sc = r["scenario"]
        engines = [c for c in sc["stack"].elements() if c["standardized"]["kind"].str() == "inference_engine"]
        roles: dict[str, int]
        gpus, roles, models, hardware, names, versions = 0, {}, set(), set(), set(), set()
        for c in engines:
            s = c["standardized"]
            count = s["accelerator"]["count"].count()
            replicas = s["replicas"].count() or 1
            if count is not None:
                gpus += count * replicas
                roles[s["role"].str()] = roles.get(s["role"].str(), 0) + count * replicas
            if s["model"]["name"].str():
                models.add(s["model"]["name"].str())
            if s["accelerator"]["model"].str():
                hardware.add(canonical_hardware(s["accelerator"]["model"].str()))
            names.add(s["tool"].str().lower())
            versions.add(s["tool_version"].str())
            par = s["accelerator"]["parallelism"]
            if not par.missing:
                d.flag("llmd.engine", label=c["metadata"]["label"].str() or "engine", role=s["role"].str(), replicas=replicas, count=count, parallelism=", ".join(f"{k} {v.str()}" for k, v in par.items()))
        self._hardware(d, hardware, gpus if engines and gpus else None)
        if {"prefill", "decode"} <= set(roles):
            d.set(prefill_gpus=roles["prefill"], decode_gpus=roles["decode"])
        self._engine(d, names, versions)
        if len(models) == 1:
            d.set(model=models.pop())
        elif models:
            d.flag("llmd.models", models=", ".join(sorted(models)))
        load = sc["load"]["standardized"]
        d.set(request_rate=load["rate_qps"].rate())
        conc = load["concurrency"].raw_number()
        if conc is not None and math.isfinite(conc):
            d.set(concurrency=load["concurrency"].num())
        d.set(label=f"{load['tool'].str()} {load['tool_version'].str()}".strip()
              + (f", {load['rate_qps'].str()} req/s" if not load["rate_qps"].missing else ""))
        agg = r["results"]["request_performance"]["aggregate"]
        req = agg["requests"]
        self._counts(d, req["total"].count(), req["failures"].count(), req["incomplete"].count())
        d.set(input_tokens=req["input_length"]["mean"].num(), output_tokens=req["output_length"]["mean"].num(),
              duration_s=_iso_duration(r["run"]["time"]["duration"]))
        _latency(d, agg["latency"])
        tp = agg["throughput"]
        d.set(output_throughput_tps=tp["output_token_rate"]["mean"].num(),
              total_throughput_tps=tp["total_token_rate"]["mean"].num(),
              request_throughput_rps=tp["request_rate"]["mean"].num())

    @staticmethod
    def _hardware(d: RunDraft, names: set[str], gpus: int | None) -> None:
        if len(names) == 1:
            d.set(platform=next(iter(names)), gpu_count=gpus)
            d.flag("llmd.accelerators")
        elif names:
            d.set(gpu_count=gpus)
            d.flag("llmd.heterogeneous", names=", ".join(sorted(names)))

    @staticmethod
    def _engine(d: RunDraft, names: set[str], versions: set[str]) -> None:
        names.discard("")
        versions.discard("")
        if len(names) == 1:
            name = next(iter(names))
            d.set(runtime=ENGINES.get(name, name))
            if name == "llm-d":
                d.flag("llmd.vllm")
        if len(versions) == 1:
            version = next(iter(versions))
            if "/" in version and ":" in version:  # a container image: keep its tag
                d.flag("llmd.image", version=version)
                version = version.rsplit(":", 1)[1]
            d.set(runtime_version=version)

    @staticmethod
    def _counts(d: RunDraft, total: int | None, failures: int | None, incomplete: int | None) -> None:
        d.set(num_requests=total)
        failed = (failures or 0) + (incomplete or 0) if failures is not None or incomplete is not None else None
        d.set(failed=failed)
        if total is not None and failed is not None:
            d.set(completed=max(total - failed, 0))
