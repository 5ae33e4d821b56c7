"""Decisions built on the real third-party files in ``../shared/fixtures`` (see its SOURCES.md),
shared by the evidence-rule tests, the consistency test and the GUI's: a DeepSeek-R1-0528 decision
at 8K in / 1K out on H200 and B200 with SGLang and TensorRT-LLM, and a Llama-3.2-3B decision on the
vLLM L40S runs whose required parity check failed; the built-in sample's matrix, checklist and
criteria."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import with_context
from deepdecide.domain.evidence import (
    Evidence,
    EvidenceFile,
    ParityCheck,
    ParityKind,
    ProvenanceKind,
    Verdict,
)
from deepdecide.domain.slo import SLO
from deepdecide.domain.workload import ProxyAcceptance, TokenRange, Workload
from deepdecide.domain.workspace import CostInputs, Option, Pricing, Strategy, Workspace
from deepdecide.importers import base, registry
from deepdecide.storage import files

ARRAY_1K8K = "benchmarks/inferencemax/agg_dsr1_1k8k.json"
ARRAY_GPTOSS = "benchmarks/inferencemax/agg_gptoss_8k1k.json"
SINGLE_SGLANG = "benchmarks/inferencemax/agg_dsr1_fp4_b200_sglang_tp4_conc4.json"
SINGLE_TRT = "benchmarks/inferencemax/agg_dsr1_fp4_b200_trt_tp8_ep8_dpa_conc256.json"
AIC = "benchmarks/aiconfigurator/dsv4flash_rtxpro6000_8x4_sglang_isl2048_osl500_agg_pareto.csv"
L40S = "benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl"

R1 = "deepseek-ai/DeepSeek-R1-0528"
#: the decision: DeepSeek-R1 at 8K in / 1K out, the SLO with the default error-rate limit (1 %)
R1_8K1K = Workload(R1, aliases=("nvidia/DeepSeek-R1-0528-FP4-V2",), input_tokens=TokenRange(6144, 10240),
                   output_tokens=TokenRange(768, 1280))
SLO_8K1K = SLO(ttft_p99_ms=10_000, tpot_p99_ms=60)  # error rate <= 1 % by default
R1_OPTIONS = (("sglang", "nv-h200"), ("trtllm", "nv-h200"), ("trtllm", "nv-b200"), ("sglang", "nv-b200"))


def import_file(path: Path, kind: ProvenanceKind = ProvenanceKind.THIRD_PARTY, **context: object) -> EvidenceFile:
    result = registry.import_file(path, base.ImportContext(**context))
    return replace(result.evidence, provenance=replace(result.evidence.provenance, kind=kind))


def decision(workload: Workload, slo: SLO, options, evidence: tuple[EvidenceFile, ...]) -> Workspace:
    """The built-in sample's matrix, checklist and criteria with the given decision."""
    ws = files.load_builtin_workspace()
    opts = tuple(Option(f"{rt}-{pf}", f"{rt} on {pf}", Strategy.BUY, rt, pf, cost=CostInputs(Pricing.RENT, **kw))
                 for rt, pf, kw in options)
    return replace(ws, model=workload.model, workload=workload, slo=slo, options=opts,
                   evidence=Evidence(files=evidence), answers=(),
                   decision=replace(ws.decision, chosen_option="", considered_options=tuple(o.id for o in opts)))


def r1(evidence: tuple[EvidenceFile, ...], slo: SLO = SLO_8K1K) -> Workspace:
    return decision(R1_8K1K, slo, [(rt, pf, {"gpu_hour_usd": Estimate(2.0, 2.5, 3.0)}) for rt, pf in R1_OPTIONS],
                    evidence)


def r1_8k1k_without_a_winner(fixtures: Path) -> Workspace:
    """The 1K/8K array (a mismatch here) and the two single B200 aggregates with their 8K/1K lengths
    stated by the user: SGLang's cannot be judged on the error rate (no request counts), TRT-LLM's
    misses TTFT p99 <= 10 s (17.6 s at concurrency 256), the H200 options have no applicable run. A
    valid workspace (the record can be built from it)."""
    singles = tuple(with_context(import_file(fixtures / p), input_tokens=8192, output_tokens=1024)
                    for p in (SINGLE_SGLANG, SINGLE_TRT))
    ws = r1((import_file(fixtures / ARRAY_1K8K), *singles))
    return replace(ws, assumptions=replace(ws.assumptions, baseline_option=""))  # the sample's is not an option



def r1_8k1k_on_a_1k8k_proxy(fixtures: Path) -> Workspace:
    """The 1K/8K array accepted as a proxy for the 8K/1K decision (discounted 0.3 / 0.5 / 0.7), with
    no error-rate limit (its rows hold no request counts): every option has a proxy capacity,
    labelled, and a winner is named."""
    proxy = ProxyAcceptance("same model and engines, 1K/8K instead of 8K/1K", Estimate(0.3, 0.5, 0.7))
    ws = r1((with_context(import_file(fixtures / ARRAY_1K8K), proxy=proxy),), SLO_8K1K.replace(max_error_rate=None))
    return replace(ws, assumptions=replace(ws.assumptions, baseline_option=""))


def l40s(fixtures: Path) -> Workspace:
    """vLLM on 4x L40S serving Llama-3.2-3B-Instruct (nine runs of three deployments, own)."""
    runs = import_file(fixtures / L40S, kind=ProvenanceKind.OWN)
    ws = decision(Workload(runs.runs[0].model), SLO(ttft_p99_ms=2000, tpot_p99_ms=50), [
        ("vllm", "nv-l40s", {"gpu_hour_usd": Estimate(0.8, 1.0, 1.2)})], (runs,))
    return replace(ws, assumptions=replace(ws.assumptions, baseline_option=""))


def l40s_parity_failed(fixtures: Path) -> Workspace:
    """The L40S decision with a required eval-accuracy check of vLLM on L40S that failed (gsm8k 0.71
    against 0.80 on H100): every run is excluded, so the option fails parity and never performs."""
    ws = l40s(fixtures)
    first = ws.evidence.files[0]
    check = ParityCheck(ParityKind.EVAL_ACCURACY, "vllm", "L40S", "vllm", "nv-h100", task="gsm8k",
                        metric="exact_match", value=0.71, reference_value=0.80, delta=-0.09, n=1319,
                        verdict=Verdict.FAIL, model=first.runs[0].model)
    parity = EvidenceFile(replace(first.provenance, file_name="parity.json"), (), (check,))
    return replace(ws, evidence=Evidence(files=(first, parity)), required_parity=(ParityKind.EVAL_ACCURACY,))
