"""SemiAnalysis InferenceMAX / InferenceX aggregates (formats/benchmarks.md §9).

* ``agg_*.json`` (``utils/process_result.py``): one object; ``agg_bmk.json`` and the official
  dashboard files: an array of them. Latencies are in **seconds** (``_ms`` stripped);
  ``*_intvty`` = 1000 / TPOT in ms. ``hw`` is the runner label and is the hardware.
* AgentX agentic aggregates (``scenario_type``), object or array, seconds.

Fields a file leaves empty (some real files have ``hw``, ``framework`` and ``precision`` as
empty strings) are read from the file name, which encodes them (``..._fp4_sglang_tp4_conc4_b200``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deepdecide.domain.evidence import lengths_from_file_name
from deepdecide.domain.i18n import N_
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import RunDraft, canonical_hardware
from deepdecide.importers.secrets import strip_secrets

#: InferenceX ``framework`` -> runtime; NVIDIA Dynamo serves through an engine, which is the runtime
#: (the run is flagged as served through Dynamo)
FRAMEWORKS = {"sglang": "sglang", "vllm": "vllm", "trt": "trtllm", "trtllm": "trtllm",
              "dynamo-sglang": "sglang", "dynamo-trt": "trtllm", "dynamo-vllm": "vllm", "atom": "atom"}
PRECISIONS = ("nvfp4", "mxfp4", "fp4", "fp8", "bf16", "fp16", "int4", "w4a8")
HW = ("gb300", "gb200", "b300", "b200", "h200", "h100", "h20", "mi355x", "mi325x", "mi300x")


def names_from_file(file_name: str) -> dict[str, str | int]:
    """What the InferenceMAX naming convention encodes: hw, framework, precision, tp, ep, conc, isl/osl."""
    stem = re.sub(r"\.json$", "", file_name.lower())
    found: dict[str, str | int] = {}
    tokens = re.split(r"[_/\s]+", stem)
    for tok in tokens:
        base = tok.split("-")[0]
        if "hw" not in found and (tok in HW or base in HW):
            found["hw"] = tok
        if "framework" not in found and (tok in FRAMEWORKS):
            found["framework"] = tok
        if "precision" not in found and tok in PRECISIONS:
            found["precision"] = tok
        for key in ("tp", "ep", "conc"):
            m = re.fullmatch(rf"{key}(\d+)", tok)
            if m and key not in found:
                found[key] = int(m.group(1))
        lengths = lengths_from_file_name(tok)
        if lengths is not None and "isl" not in found:
            found["isl"], found["osl"] = lengths
    return found


def set_runtime(d: RunDraft, framework: str) -> None:
    """The run's runtime from an InferenceX ``framework`` (``dynamo-vllm``: vLLM, served through Dynamo)."""
    runtime = FRAMEWORKS.get(framework.lower(), framework)
    d.set(runtime=runtime)
    if framework.lower().startswith("dynamo-"):
        d.flag("inferencemax.dynamo", framework=framework, runtime=runtime)


def _records(src: Source, test: Callable[[dict[str, Any]], bool]) -> list[tuple[str, object]]:
    v = src.json
    if isinstance(v, dict):
        return [("", v)] if test(v) else []
    if isinstance(v, list) and v and all(isinstance(x, dict) and test(x) for x in v):
        return [(f"[{i}]", x) for i, x in enumerate(v)]
    return []


def _identity(d: RunDraft, r: Node, from_name: dict[str, str | int]) -> None:
    def field(key: str) -> str:
        own = r[key].str()
        if own:
            return own
        if key in from_name:
            d.flag("inferencemax.from_name", key=key, value=from_name[key])
            return str(from_name[key])
        return ""

    hw = field("hw")
    if hw:
        d.set(platform=canonical_hardware(hw))
        d.flag("inferencemax.runner", hw=hw)
    framework = field("framework")
    if framework:
        set_runtime(d, framework)
    d.set(quantization=field("precision"), model=r["model"].str())
    conc = r["conc"].num()
    if conc is None and "conc" in from_name:
        conc = float(from_name["conc"])
    d.set(concurrency=conc)
    multinode = r["is_multinode"].value is True or r.has("num_prefill_gpu")
    if multinode:
        prefill, decode = r["num_prefill_gpu"].count(), r["num_decode_gpu"].count()
        d.set(prefill_gpus=prefill, decode_gpus=decode)
        if prefill is not None and decode is not None:
            d.set(gpu_count=prefill + decode)
    else:
        tp = r["tp"].count() or (int(from_name["tp"]) if "tp" in from_name else None)
        pp = r["pp"].count() or 1
        pcp = r["pcp_size"].count() or 1
        if tp:
            d.set(gpu_count=tp * pp * pcp)
            d.flag("inferencemax.gpu_count", tp=tp, pp=pp, pcp=pcp)
    _configuration(d, r, from_name, multinode)
    spec = r["spec_decoding"].str()
    offload = r["offloading"].str()
    parts = [f"conc {conc:g}" if conc is not None else "", f"tp{r['tp'].str()}" if r.has("tp") else "",
             f"ep{r['ep'].str()}" if r.has("ep") else "",
             "dp-attention" if r["dp_attention"].str().lower() == "true" else "",
             f"spec {spec}" if spec and spec != "none" else "", f"offloading {offload}" if offload else ""]
    d.set(label=" ".join(p for p in parts if p))


def _flag_text(node: Node) -> bool | None:
    """A true / false the file writes as a boolean or as text ("true", "false")."""
    value = node.value
    if isinstance(value, bool):
        return value
    text = node.str().strip().lower()
    return {"true": True, "false": False}.get(text)


def _configuration(d: RunDraft, r: Node, from_name: dict[str, str | int], multinode: bool) -> None:
    """The server configuration the row states (the dashboard's rows of one hardware and framework
    differ by it): TP, EP, PP, DP-attention, speculative decoding (MTP) and disaggregation."""
    tp = r["tp"].count() or (r["decode_tp"].count() if multinode else None)
    if tp is None and "tp" in from_name:
        tp = int(from_name["tp"])
    ep = r["ep"].count() or (r["decode_ep"].count() if multinode else None)
    if ep is None and "ep" in from_name:
        ep = int(from_name["ep"])
    dpa = _flag_text(r["dp_attention"])
    if dpa is None and multinode:
        dpa = _flag_text(r["decode_dp_attention"])
    spec = r["spec_decoding"].str().strip().lower() or r["mtp"].str().strip().lower()
    if spec in ("on", "true"):
        spec = "mtp"
    disagg = _flag_text(r["disagg"])
    d.set(tensor_parallel=tp, expert_parallel=ep, pipeline_parallel=r["pp"].count(), dp_attention=dpa,
          speculative_decoding=spec, disaggregated=True if multinode else disagg)


def _throughput(d: RunDraft, r: Node) -> None:
    gpus = d["gpu_count"]
    out_per_gpu = r["output_tput_per_gpu"].num()
    d.set(output_tps_per_gpu=out_per_gpu)
    decode = d["decode_gpus"]
    out_gpus = decode if decode else gpus
    if out_per_gpu is not None and out_gpus:
        d.own_or_derived("output_throughput_tps", r["output_tput_tps"].num(), out_per_gpu * out_gpus,
                         f"output_tput_per_gpu x {out_gpus} GPUs")
    else:
        d.set(output_throughput_tps=r["output_tput_tps"].num())
    total_per_gpu = r["tput_per_gpu"].num()
    if total_per_gpu is not None and gpus:
        d.own_or_derived("total_throughput_tps", r["total_tput_tps"].num(), total_per_gpu * gpus,
                         f"tput_per_gpu x {gpus} GPUs")
    else:
        d.set(total_throughput_tps=r["total_tput_tps"].num())
    if decode:
        d.flag("inferencemax.disagg_per_gpu")


class InferencemaxAgg(Importer):
    tool = "inferencemax_agg"
    description = N_("InferenceMAX / InferenceX agg_*.json (object or array)")

    def sniff(self, src: Source) -> bool:
        return bool(_records(src, lambda v: "hw" in v and "tput_per_gpu" in v and "scenario_type" not in v
                             and "num_requests_successful" not in v))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        from_name = names_from_file(src.name)
        out = Parsed(tool_version="InferenceMAX process_result.py aggregate")
        for path, value in _records(src, lambda v: True):
            r = root(src, strip_secrets(value), None, path)
            d = RunDraft(self.tool, tool_version=out.tool_version)
            _identity(d, r, from_name)
            isl, osl = r["isl"].num(), r["osl"].num()
            if isl is None and osl is None and "isl" in from_name:
                # the format's only place for the lengths is the documented file name (agg_dsr1_1k8k.json:
                # 1,024 in / 8,192 out), for the dashboard arrays and the single aggregates alike
                isl, osl = float(from_name["isl"]), float(from_name["osl"])
                d.flag("inferencemax.lengths_from_file_name", isl=int(isl), osl=int(osl), name=src.name)
            d.set(input_tokens=isl, output_tokens=osl)
            for key, norm in (("ttft", "ttft_ms"), ("tpot", "tpot_ms"), ("itl", "itl_ms"), ("e2el", "e2e_ms")):
                for stat_key, stat in (("mean", "mean"), ("median", "p50"), ("p90", "p90"), ("p99", "p99")):
                    d.set(**{f"{norm}_{stat}": r[f"{stat_key}_{key}"].num(1000.0)})
            d.set(interactivity_tps_per_user=r["median_intvty"].num())
            _throughput(d, r)
            d.flag("inferencemax.seconds_ms")
            out.runs.append(d.build())
        return out


class InferencemaxAgentx(Importer):
    tool = "inferencemax_agentx"
    description = N_("InferenceX AgentX agentic aggregate (object or array)")

    def sniff(self, src: Source) -> bool:
        return bool(_records(src, lambda v: "scenario_type" in v or ("num_requests_successful" in v and "mean_qps" in v)))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        from_name = names_from_file(src.name)
        out = Parsed(tool_version="InferenceX AgentX aggregate")
        for path, value in _records(src, lambda v: True):
            r = root(src, strip_secrets(value), None, path)
            metrics = r["request_metrics"] if r.has("request_metrics") else r
            d = RunDraft(self.tool, tool_version=out.tool_version, dataset=r["scenario_type"].str())
            _identity(d, r, from_name)
            total, ok = metrics["num_requests_total"].count(), metrics["num_requests_successful"].count()
            d.set(num_requests=total, completed=ok,
                  failed=total - ok if total is not None and ok is not None else None,
                  duration_s=metrics["duration_seconds"].num(),
                  input_tokens=metrics["mean_input_tokens"].num(),
                  output_tokens=metrics["mean_output_tokens_actual"].num())
            for key, norm in (("ttft", "ttft_ms"), ("tpot", "tpot_ms"), ("itl", "itl_ms"), ("e2el", "e2e_ms")):
                for stat_key, stat in (("mean", "mean"), ("p50", "p50"), ("median", "p50"), ("p90", "p90"), ("p99", "p99")):
                    value_ms = metrics[f"{stat_key}_{key}"].num(1000.0)
                    if value_ms is not None:
                        d.set(**{f"{norm}_{stat}": value_ms})
            duration = d["duration_s"]
            d.own_or_derived("request_throughput_rps", None,
                             ok / duration if ok is not None and duration else None,
                             "num_requests_successful / duration_seconds")
            _throughput(d, metrics)
            d.flag("inferencemax.agentic")
            d.flag("inferencemax.seconds")
            out.runs.append(d.build())
        return out
