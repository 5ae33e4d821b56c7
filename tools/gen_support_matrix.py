"""Generate ``data/support_matrix.yaml`` from the compiled support facts plus the DeepInfer note.

Usage::

    python tools/gen_support_matrix.py ../shared/reference/support_facts.yaml -o data/support_matrix.yaml

What comes from where:

- platforms, runtimes and every runtime x platform cell of the nine runtimes: the compiled
  ``support_facts.yaml`` (its grouped ``platforms:`` lists are expanded to one cell each, its
  ``source`` lists are kept, its ``notes`` are kept word for word);
- the runtime ``deepinfer`` and its 25 cells: the DeepInfer compatibility note (the decision's
  seed article), since the support facts know of no public DeepInfer repository;
- the vendor matrices each cell was checked against (NVIDIA AIConfigurator's support matrix,
  ``VENDOR_CHECKS``): cited after the cell's own sources, with what the file says in the notes;
- what the facts leave as prose is curated here, in the tables below: platform architectures
  (``sm90``, ``gfx942``, ...), the names a machine reports (aliases), the mapping of
  ``community-or-experimental`` to ``community`` or ``experimental`` (per the cell's note), and the
  machine-checkable requirements (only where a source pins a version; ``text`` keeps its words).

The YAML file is the product; this script only keeps it reproducible. It imports nothing from
deepdecide, so it runs with any Python that has PyYAML.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import yaml

# --------------------------------------------------------------------------------------------
# sources

SOURCE_TITLES = {
    "ascend950_press": "Huawei Atlas 950 SuperPoD / Ascend 950 press coverage",
    "atlas350_press": "Huawei Ascend 950PR / Atlas 350 press coverage",
    "deepep_legacy": "DeepEP docs: legacy V1 and NVSHMEM",
    "deepep_readme": "DeepEP README",
    "deepep_src": "DeepEP source: csrc/jit/compiler.hpp",
    "deepgemm_readme": "DeepGEMM README",
    "deepgemm_src": "DeepGEMM source: csrc/apis, layout.hpp, device_runtime.hpp",
    "ds_infra": "DeepSeek-V3/R1 inference system overview (open-infra-index)",
    "flashmla_readme": "FlashMLA README",
    "flashmla_src": "FlashMLA source: setup.py, csrc/api",
    "gpuop_b200": "NVIDIA cloud-native-docs PR #184 (GPU Operator, HGX B200 driver)",
    "habana_net": "Intel Gaudi docs: network configuration",
    "hf_gaudi": "Hugging Face Accelerate: Intel Gaudi guide",
    "hip_fp8": "ROCm HIP docs: FP8 numbers",
    "llamacpp_build": "llama.cpp docs: build.md",
    "llamacpp_cann": "llama.cpp docs: CANN backend",
    "lmsys_96h100": "LMSYS blog: large-scale expert parallelism on 96 H100 GPUs",
    "lmsys_gb200_p2": "LMSYS blog: DeepSeek on GB200 NVL72, part 2",
    "lmsys_gb300": "LMSYS blog: GB300 NVL72 long context",
    "mlc_b200": "MLPerf Inference v6.0 system description (Nebius B200)",
    "mlc_gb200": "MLPerf Inference v6.1 system description (Crusoe GB200 NVL72)",
    "mlc_h200": "MLPerf Inference v4.1 system description (NVIDIA H200 SXM x8)",
    "mlc_mi300x": "MLPerf Inference v4.1 system description (AMD 8x MI300X)",
    "mlc_mi355x": "MLPerf Inference v6.0 results (AMD MI355X)",
    "mojo_amd_fp8": "Modular Mojo docs: get_amd_fp8_dtype",
    "nim_boltz": "NVIDIA NIM Boltz-2 support matrix",
    "nim_day0": "NVIDIA NIM for LLMs Day-0 support matrix",
    "nim_gpus": "NVIDIA NIM for LLMs: supported models (GPU memory table)",
    "nv_bcm_nvlink": "NVIDIA Base Command Manager: NVLink info",
    "ollama_gpu": "Ollama docs: GPU support",
    "rocm_specs": "ROCm docs: GPU specifications",
    "semianalysis_gb200": "SemiAnalysis InferenceX: GB200 NVL72 vs B200 (DeepSeek-R1 FP4)",
    "sgl_amd": "SGLang docs: AMD GPUs",
    "sgl_ascend": "SGLang docs: Ascend NPUs",
    "sgl_dsv4": "SGLang cookbook: DeepSeek-V4",
    "sgl_install": "SGLang docs: install",
    "sgl_install_b300": "SGLang docs: install (B300/GB300, SM103 notes)",
    "sgl_issue_9233": "SGLang issue #9233 (block FP8 on SM120)",
    "sgl_quant": "SGLang docs: quantization platform compatibility",
    "te_matrix": "Transformer Engine support matrix",
    "tilelang_install": "TileLang docs: installation and targets",
    "tilelang_readme": "TileLang README",
    "trtllm_blog26": "TensorRT-LLM tech blog 26: DeepSeek-V4",
    "trtllm_hw": "TensorRT-LLM docs: supported hardware",
    "trtllm_oldmatrix": "TensorRT-LLM v0.18 support matrix (superseded)",
    "trtllm_quant": "TensorRT-LLM docs: quantization hardware support matrix",
    "vllm_ascend": "vllm-ascend README, installation and versioning policy",
    "vllm_ascend_dsv4": "vllm-ascend tutorials: DeepSeek-V4-Flash / V4-Pro / V3.1",
    "vllm_ascend_ops": "vllm-ascend kernel READMEs (kv_quant_sparse_flash_attention, compressor)",
    "vllm_blog_gb300": "vLLM blog: DeepSeek on GB300",
    "vllm_blog_wideep": "vLLM blog: large-scale serving (wide EP)",
    "vllm_cpu": "vLLM docs: CPU installation (older page version)",
    "vllm_gaudi": "vLLM Gaudi plugin docs: installation and compatibility matrix",
    "vllm_gpu_docs": "vLLM docs: GPU installation (CUDA)",
    "vllm_issue_31085": "vLLM issue #31085 (MXFP4 backend selection on SM120)",
    "vllm_quant_hw": "vLLM docs: quantization supported hardware",
    "vllm_rocm_docs": "vLLM docs: GPU installation (ROCm)",
}

DEEPINFER_NOTE = {
    "title": "Compatibilidad de DeepInfer con H100: qué significa la lista oficial",  # the article's own title
    "url_or_path": "shared/seeds/000_ac946554890f6dc1.txt",
    "as_of": "2026-11",
    "kind": "article",
    "id": "deepinfer_note",
}

# --------------------------------------------------------------------------------------------
# platforms: what support_facts leaves as prose

# id -> (clean name, architecture, family)
PLATFORM_ARCH = {
    "nv-a100": ("A100 SXM", "sm80", "Ampere"),
    "nv-l40s": ("L40S", "sm89", "Ada Lovelace"),
    "nv-rtx4090": ("GeForce RTX 4090", "sm89", "Ada Lovelace"),
    "nv-h100": ("H100 SXM", "sm90", "Hopper"),
    "nv-h200": ("H200 SXM", "sm90", "Hopper"),
    "nv-h20": ("H20", "sm90", "Hopper"),
    "nv-h800": ("H800", "sm90", "Hopper"),
    "nv-b200": ("B200", "sm100", "Blackwell"),
    "nv-gb200": ("GB200", "sm100", "Blackwell"),
    "nv-b300": ("B300", "sm103", "Blackwell Ultra"),
    "nv-gb300": ("GB300", "sm103", "Blackwell Ultra"),
    "nv-rtx5090": ("GeForce RTX 5090", "sm120", "Blackwell (consumer)"),
    "nv-rtxpro6000": ("RTX PRO 6000 Blackwell", "sm120", "Blackwell (workstation)"),
    "nv-gb10": ("GB10 (DGX Spark)", "sm121", "Blackwell (SoC)"),
    "amd-mi300x": ("Instinct MI300X", "gfx942", "CDNA3"),
    "amd-mi325x": ("Instinct MI325X", "gfx942", "CDNA3"),
    "amd-mi355x": ("Instinct MI355X", "gfx950", "CDNA4"),
    "hw-ascend-910b": ("Ascend 910B", "ascend-910b", "Ascend A2"),
    "hw-ascend-910c": ("Ascend 910C", "ascend-910c", "Ascend A3"),
    "hw-ascend-950dt": ("Ascend 950DT", "ascend-950", "Ascend 950"),
    "hw-ascend-950pr": ("Ascend 950PR", "ascend-950", "Ascend 950"),
    "intel-gaudi2": ("Gaudi 2", "gaudi2", "Gaudi"),
    "intel-gaudi3": ("Gaudi 3", "gaudi3", "Gaudi"),
    "cpu-x86": ("x86-64 CPU server", "x86-64", "CPU"),
    "cpu-arm": ("AArch64 CPU", "aarch64", "CPU"),
}

# Names a machine reports (nvidia-smi product_name, npu-smi, rocm-smi, hl-smi), plus common
# spellings. match_platform needs every word of an alias in the name, longest alias wins: so
# no alias may be a bare vendor word, and "H200" must not be a word of "GH200". An alias names
# only a product the facts' row names: the PCIe cards of an SXM row (H100 PCIe, A100 PCIe, H200
# NVL) are other GPUs (other power, no NVSwitch), which `deepdecide check` reports as not in the
# matrix, naming the closest row.
PLATFORM_ALIASES = {
    "nv-a100": ["A100", "A100 SXM4", "NVIDIA A100-SXM4-80GB", "NVIDIA A100-SXM4-40GB"],
    "nv-l40s": ["L40S", "NVIDIA L40S"],
    "nv-rtx4090": ["RTX 4090", "GeForce RTX 4090", "NVIDIA GeForce RTX 4090"],
    "nv-h100": ["H100", "H100 SXM", "H100 SXM5", "NVIDIA H100 80GB HBM3", "H100 NVL", "NVIDIA H100 NVL"],
    "nv-h200": ["H200", "H200 SXM", "NVIDIA H200"],
    "nv-h20": ["H20", "NVIDIA H20"],
    "nv-h800": ["H800", "NVIDIA H800", "H800 SXM", "H800 PCIe", "NVIDIA H800 PCIe"],
    "nv-b200": ["B200", "NVIDIA B200", "HGX B200", "DGX B200"],
    "nv-gb200": ["GB200", "NVIDIA GB200", "GB200 NVL72"],
    "nv-b300": ["B300", "NVIDIA B300", "B300 SXM6", "NVIDIA B300 SXM6 AC", "HGX B300"],
    "nv-gb300": ["GB300", "NVIDIA GB300", "GB300 NVL72"],
    "nv-rtx5090": ["RTX 5090", "GeForce RTX 5090", "NVIDIA GeForce RTX 5090"],
    "nv-rtxpro6000": ["RTX PRO 6000", "RTX PRO 6000 Blackwell",
                      "NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
                      "NVIDIA RTX PRO 6000 Blackwell Server Edition",
                      "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"],
    "nv-gb10": ["GB10", "NVIDIA GB10", "DGX Spark"],
    "amd-mi300x": ["MI300X", "Instinct MI300X", "AMD Instinct MI300X", "AMD Instinct MI300X OAM"],
    "amd-mi325x": ["MI325X", "Instinct MI325X", "AMD Instinct MI325X"],
    "amd-mi355x": ["MI355X", "MI350X", "AMD Instinct MI355X", "AMD Instinct MI350X"],
    "hw-ascend-910b": ["Ascend 910B", "Ascend910B", "910B", "910B1", "910B2", "910B3", "910B4", "Ascend910B1",
                       "Ascend910B2", "Ascend910B3", "Ascend910B4",
                       "Atlas 800 A2", "Atlas 800I A2"],
    "hw-ascend-910c": ["Ascend 910C", "Ascend910C", "910C", "Ascend910_9391", "Ascend910_9392",
                       "Atlas 800 A3", "Atlas 800I A3"],
    "hw-ascend-950dt": ["Ascend 950DT", "Ascend950DT", "950DT", "Atlas 950DT", "ascend950dt_9582"],
    "hw-ascend-950pr": ["Ascend 950PR", "Ascend950PR", "950PR", "Atlas 350", "Ascend950PR_9599"],
    "intel-gaudi2": ["Gaudi 2", "Gaudi2", "Intel Gaudi 2", "HL-225"],
    "intel-gaudi3": ["Gaudi 3", "Gaudi3", "Intel Gaudi 3", "HL-325L"],
    "cpu-x86": ["x86-64", "x86_64", "amd64"],
    "cpu-arm": ["AArch64", "arm64"],
}

# --------------------------------------------------------------------------------------------
# cells

# support_facts' "community-or-experimental", decided per cell from its note:
# experimental = the project's own code or docs (a branch, a backend marked experimental, an
# unverified platform of the project itself); community = a separate project or fork provides it.
MIXED_STATUS = {
    ("sglang", "nv-rtx5090"): ("experimental", "SGLang itself, no SM120 cookbook cells; block-FP8 not supported there in 2025-08"),
    ("sglang", "nv-rtxpro6000"): ("experimental", "SGLang itself, no SM120 cookbook cells; block-FP8 not supported there in 2025-08"),
    ("sglang", "nv-gb10"): ("experimental", "only a link to an LMSYS blog, no SGLang platform page"),
    ("flashmla", "amd-mi300x"): ("community", "ROCm AITER MLA, a separate project, not a FlashMLA build"),
    ("flashmla", "amd-mi325x"): ("community", "ROCm AITER MLA, a separate project, not a FlashMLA build"),
    ("flashmla", "amd-mi355x"): ("community", "ROCm AITER MLA, a separate project, not a FlashMLA build"),
    ("deepep", "amd-mi300x"): ("experimental", "DeepEP's own experimental mori-ep branch (forks exist too)"),
    ("deepep", "amd-mi325x"): ("experimental", "DeepEP's own experimental mori-ep branch (forks exist too)"),
    ("deepep", "amd-mi355x"): ("experimental", "DeepEP's own experimental mori-ep branch (forks exist too)"),
    ("deepep", "hw-ascend-910b"): ("community", "a DeepEP-compatible drop-in in sgl-kernel-npu, not upstream"),
    ("deepep", "hw-ascend-910c"): ("community", "a DeepEP-compatible drop-in in sgl-kernel-npu, not upstream"),
    ("tilelang", "hw-ascend-910b"): ("community", "ecosystem repositories (tilelang-ascend), not the main wheels"),
    ("tilelang", "hw-ascend-910c"): ("community", "ecosystem repositories (tilelang-ascend), not the main wheels"),
    ("tilelang", "cpu-x86"): ("experimental", "TileLang's own LLVM CPU backend, marked 'Experimental'"),
    ("tilelang", "cpu-arm"): ("experimental", "TileLang's own LLVM CPU backend, marked 'Experimental'"),
}

NV_SM90 = ("nv-h100", "nv-h200", "nv-h20", "nv-h800")
NV_SM100 = ("nv-b200", "nv-gb200", "nv-b300", "nv-gb300")

# (runtime, first platform of the support_facts group) -> requirements [(component, spec, text)].
# Only versions a source pins; "recommended" and conditional versions stay in the notes.
_VLLM_NV = [("os", "linux", "Linux"), ("python", ">=3.10,<3.14", "Python 3.10-3.13"),
            ("cuda", ">=12.8", "wheels built with CUDA 12.9 by default; 12.8 and 13.0 builds also published"),
            ("gcc", ">=11.3", "gcc >= 11.3 for source builds")]
_SGL_NV = [("os", "linux", "Linux"), ("python", ">=3.10", "Python >= 3.10"),
           ("cuda", ">=13.0", "CUDA 13 required from v0.5.20 (cu129 lane retired; v0.5.19 last CUDA 12 release)")]
_TRT_NV = [("os", "linux", "Linux x86_64 or aarch64 (tested on Ubuntu 24.04)"),
           ("cuda", ">=13.2", "CUDA Toolkit 13.2 (pip install path), torch 2.12.0 (cu130 wheel)")]
_OLLAMA_NV = [("driver", ">=531", "NVIDIA driver >= 531 (compute capability 5.0-6.2 need >= 570)")]
REQUIREMENTS: dict[tuple[str, str], list[tuple[str, str, str]]] = {
    ("vllm", "nv-a100"): _VLLM_NV,
    ("vllm", "nv-h100"): _VLLM_NV,
    ("vllm", "nv-b200"): [*_VLLM_NV[:2], ("cuda", ">=12.8", "NVIDIA Blackwell GPUs (B200, GB200) require a minimum of CUDA 12.8"),
                          _VLLM_NV[3]],
    ("vllm", "nv-b300"): [*_VLLM_NV[:2], _VLLM_NV[3]],  # CUDA 13 is only recommended for (G)B300
    ("vllm", "nv-rtx5090"): [*_VLLM_NV[:2], ("cuda", ">=12.8", "CUDA >= 12.8"), _VLLM_NV[3]],
    ("vllm", "nv-gb10"): _VLLM_NV,
    ("vllm", "amd-mi300x"): [("rocm", ">=6.3", "ROCm >= 6.3"),
                             ("python", "==3.12.*", "Python 3.12 for prebuilt ROCm wheels")],
    ("vllm", "amd-mi355x"): [("rocm", ">=7.0", "MI350 requires ROCm 7.0+"),
                             ("python", "==3.12.*", "Python 3.12 for prebuilt wheels")],
    ("vllm", "hw-ascend-910b"): [("os", "linux", "Linux"), ("cann", "==9.1.0", "CANN 9.1.0 (+ matching Ascend HDK, NNAL 9.1.0)"),
                                 ("python", ">=3.10,<3.13", "Python >= 3.10, < 3.13"),
                                 ("gcc", ">8", "gcc > 8 (custom ops)")],
    ("vllm", "hw-ascend-950dt"): [("cann", "==9.1.0", "CANN 9.1.0 (vllm-ascend v0.23.0)")],
    ("vllm", "intel-gaudi2"): [("os", "linux", "Ubuntu 22.04"), ("python", "==3.10.*", "Python 3.10")],
    ("vllm", "cpu-x86"): [("python", ">=3.9,<3.13", "Python 3.9-3.12 (older page)")],
    ("sglang", "nv-a100"): _SGL_NV,
    ("sglang", "nv-h100"): _SGL_NV,
    ("sglang", "nv-b200"): _SGL_NV,
    ("sglang", "nv-rtx5090"): _SGL_NV,
    ("sglang", "nv-gb10"): _SGL_NV,
    ("sglang", "hw-ascend-910b"): [("cann", "==9.0.0", "CANN 9.0.0 (toolkit, kernels, NNAL), HDK 25.5.2"),
                                   ("python", "==3.11.*", "Python 3.11 only")],
    ("trtllm", "nv-a100"): _TRT_NV,
    ("trtllm", "nv-l40s"): _TRT_NV,
    ("trtllm", "nv-rtx4090"): _TRT_NV,
    ("trtllm", "nv-h100"): _TRT_NV,
    ("trtllm", "nv-h20"): _TRT_NV,
    ("trtllm", "nv-b200"): _TRT_NV,
    ("trtllm", "nv-rtx5090"): _TRT_NV,
    ("trtllm", "nv-gb10"): _TRT_NV,
    ("llamacpp", "hw-ascend-910b"): [("os", "linux", "Linux (Ubuntu 22.04, openEuler 22.03 verified)")],
    ("ollama", "nv-a100"): _OLLAMA_NV,
    ("ollama", "nv-h20"): _OLLAMA_NV,
    ("ollama", "amd-mi300x"): [("os", "linux", "Linux"), ("rocm", ">=7.0", "ROCm v7 driver (Linux)")],
    ("ollama", "amd-mi355x"): [("os", "linux", "Linux"), ("rocm", ">=7.0", "ROCm v7 driver (Linux)")],
    ("flashmla", "nv-h100"): [("cuda", ">=12.8", "CUDA >= 12.8")],
    ("flashmla", "nv-b200"): [("cuda", ">=12.9", "CUDA >= 12.9 for SM100 kernels")],
    ("deepgemm", "nv-h100"): [("python", ">=3.8", "Python >= 3.8"), ("cuda", ">=12.3", "CUDA >= 12.3 (12.9+ recommended)")],
    ("deepgemm", "nv-b200"): [("python", ">=3.8", "Python >= 3.8"), ("cuda", ">=12.9", "CUDA >= 12.9 for SM100")],
    ("deepep", "nv-h100"): [("python", ">=3.8", "Python >= 3.8"), ("cuda", ">=12.3", "CUDA >= 12.3 for SM90 (JIT asserts NVCC >= 12.3)")],
    ("deepep", "nv-b200"): [("python", ">=3.8", "Python >= 3.8")],  # CUDA not stated for SM100
    ("deepep", "nv-a100"): [("cuda", ">=11.0", "CUDA >= 11.0 (SM80), legacy V1 only")],
    ("tilelang", "nv-a100"): [("python", ">=3.10", "Python >= 3.10"),
                              ("cuda", ">=10.0", "host CUDA >= 10.0, or pip-provided CUDA toolchain >= 13.0")],
    ("tilelang", "nv-gb10"): [("python", ">=3.10", "Python >= 3.10"),
                              ("cuda", ">=10.0", "host CUDA >= 10.0, or pip-provided CUDA toolchain >= 13.0")],
    ("tilelang", "amd-mi300x"): [("python", ">=3.10", "Python >= 3.10")],
    ("tilelang", "amd-mi355x"): [("python", ">=3.10", "Python >= 3.10")],
}

# non-version stack facts worth keeping in a cell's notes (drivers, torch, plugins)
STACK_NOTES = {
    ("vllm", "nv-a100"): "Driver: CUDA 13 images need R580+ (compat mode allows R535/R570 on datacenter GPUs).",
    ("vllm", "nv-h100"): "Driver: CUDA 13 images need R580+ (compat mode allows R535/R570 on datacenter GPUs).",
    ("vllm", "nv-b200"): "Driver: CUDA 13 images need R580+ (compat mode allows R535/R570 on datacenter GPUs).",
    ("vllm", "nv-b300"): "CUDA 13 recommended for (G)B300 (docs build example uses CUDA 13.0.2); not a stated minimum. "
                         "Driver: CUDA 13 images need R580+.",
    ("vllm", "nv-rtx5090"): "Driver: CUDA 13 images need R580+.",
    ("vllm", "nv-gb10"): "Driver: CUDA 13 images need R580+.",
    ("vllm", "amd-mi300x"): "glibc >= 2.35; wheels rocm700 (vLLM 0.14.0-0.18.0), rocm721 (nightlies).",
    ("vllm", "hw-ascend-910b"): "Plugin vllm-ascend v0.23.0; torch 2.10.0, torch_npu 2.10.0.post4.",
    ("vllm", "hw-ascend-950dt"): "Plugin vllm-ascend >= v0.23.0rc1 for 950DT; SoC ascend950dt_9582.",
    ("vllm", "intel-gaudi2"): "Plugin vllm-gaudi; Gaudi software >= 1.24.0 (latest docs).",
    ("vllm", "cpu-x86"): "Built from source (no prebuilt CPU wheels on that page).",
    ("sglang", "nv-a100"): "Driver: a CUDA 13-compatible driver. Default attention backend FlashInfer (sm75+).",
    ("sglang", "nv-h100"): "Driver: a CUDA 13-compatible driver. Default attention backend FlashInfer (sm75+).",
    ("sglang", "nv-b200"): "Driver: a CUDA 13-compatible driver. On B300/GB300 use the cu13 images; set "
                           "TRITON_PTXAS_PATH if 'sm_103a not defined'.",
    ("sglang", "amd-mi300x"): "No ROCm minimum stated for Instinct (ROCm 7.2+ only for the RDNA4 gfx1201 path); "
                              "docker (rocm.Dockerfile) recommended.",
    ("sglang", "hw-ascend-910b"): "torch/torch_npu 2.10.0, triton-ascend 3.2.1.dev20260530, "
                                  "MemFabric-Hybrid 1.0.8 for PD disaggregation.",
    ("trtllm", "nv-a100"): "libopenmpi-dev; disaggregated serving optionally needs libzmq.",
    ("llamacpp", "nv-a100"): "Any supported CUDA toolkit; -DGGML_NATIVE=OFF builds for all CUDA GPUs.",
    ("flashmla", "nv-h100"): "PyTorch >= 2.0, C++20 (nvcc -std=c++20); Python not stated.",
    ("flashmla", "nv-b200"): "PyTorch >= 2.0, C++20 (nvcc -std=c++20); Python not stated.",
    ("deepgemm", "nv-h100"): "C++20, PyTorch >= 2.1 (Mega MoE needs >= 2.9), CUTLASS >= 4.0; runtime JIT via NVCC or NVRTC.",
    ("deepgemm", "nv-b200"): "C++20, PyTorch >= 2.1 (Mega MoE needs >= 2.9), CUTLASS >= 4.0; runtime JIT via NVCC or NVRTC.",
    ("deepep", "nv-h100"): "PyTorch >= 2.10 (V2), NCCL >= 2.30.4, NVSHMEM >= 3.3.9 (legacy V1); NVLink intranode, "
                           "RDMA internode (InfiniBand tested).",
    ("deepep", "nv-b200"): "CUDA not stated for SM100 (JIT picks sm_100f when NVCC >= 12.9); PyTorch >= 2.10 (V2), "
                           "NCCL >= 2.30.4.",
    ("tilelang", "cpu-x86"): "From source with USE_LLVM=ON; LLVM >= 15.",
}

# DeepInfer, from the compatibility note (the seed article)
_DI_COMMON = [("os", "linux", "Linux"), ("gcc", ">=13", "GCC 13 o posterior (GCC 13 or later)"),
              ("python", "==3.12.*", "Python 3.12")]
# as strict as the note: it names CUDA 13 and CANN 9.2, not "13 or later" (unlike GCC, "13 o posterior"),
# so a fleet on CUDA 14 or CANN 9.3 does not meet the stated stack
_DI_SM100 = [("cuda", "==13.*", "hardware NVIDIA SM100 con CUDA 13 (SM100 with CUDA 13)"), *_DI_COMMON]
_DI_ASCEND = [("cann", "==9.2.*", "Ascend 950 con CANN 9.2 (Ascend 950 with CANN 9.2)"), *_DI_COMMON]
_DI_NO_SOURCE = ("The requirements come from the DeepInfer compatibility note; the compiled support facts "
                 "found no public primary source for them (no public DeepInfer repository is known).")
DEEPINFER_CELLS: dict[str, tuple[str, list[tuple[str, str, str]], str]] = {
    "nv-b200": ("official", _DI_SM100, "On DeepInfer's official list: NVIDIA SM100 (B200 is compute capability 10.0). "
                + _DI_NO_SOURCE),
    "nv-gb200": ("official", _DI_SM100, "On DeepInfer's official list: NVIDIA SM100 (GB200 is compute capability 10.0). "
                 + _DI_NO_SOURCE),
    "hw-ascend-950dt": ("official", _DI_ASCEND, "On DeepInfer's official list: Ascend 950 with CANN 9.2. "
                        "vllm-ascend v0.23.0 pins CANN 9.1.0 and SGLang-NPU CANN 9.0.0: DeepInfer's CANN 9.2 is ahead "
                        "of both. " + _DI_NO_SOURCE),
    "hw-ascend-950pr": ("official", _DI_ASCEND, "On DeepInfer's official list: Ascend 950 with CANN 9.2 (the note names "
                        "the Ascend 950 generation, which covers 950PR and 950DT). " + _DI_NO_SOURCE),
    "nv-b300": ("undocumented", [], "The note names SM100 only. B300 is SM103 (compute capability 10.3): same Blackwell "
                "family, and the kernel libraries' major==10 checks would admit it, but neither the note nor any DeepInfer "
                "material names SM103 or shows a validated run. Not on the official list: plan as experimental until "
                "DeepInfer lists SM103."),
    "nv-gb300": ("undocumented", [], "The note names SM100 only. GB300 is SM103 (compute capability 10.3): same Blackwell "
                 "family, and the kernel libraries' major==10 checks would admit it, but neither the note nor any "
                 "DeepInfer material names SM103 or shows a validated run. Not on the official list: plan as "
                 "experimental until DeepInfer lists SM103."),
}
_DI_SM90_NOTE = ("Not on DeepInfer's official list: a port is experimental. H100 / SM90 support is neither announced "
                 "nor documented; there is no official SM90 build recipe and no public H100 benchmark. FlashMLA, "
                 "DeepGEMM, DeepEP and TileLang ops are architecture-sensitive: a build that compiles proves only that.")
_DI_RTX_NOTE = ("Not on DeepInfer's official list: no RTX model is documented and no RTX setup is validated; the note "
                "says to treat RTX deployment as not compatible until the project documents the architecture and "
                "validates its kernels.")
_DI_OTHER_NOTE = ("Not on DeepInfer's official list, which names only NVIDIA SM100 (CUDA 13) and Ascend 950 (CANN 9.2).")
for _p in NV_SM90:
    DEEPINFER_CELLS[_p] = ("undocumented", [], _DI_SM90_NOTE)
for _p in ("nv-rtx4090", "nv-rtx5090", "nv-rtxpro6000", "nv-gb10"):
    DEEPINFER_CELLS[_p] = ("undocumented", [], _DI_RTX_NOTE)

DEEPINFER_RUNTIME = {
    "id": "deepinfer",
    "name": "DeepInfer",
    "kind": "engine",
    "notes": "Inference engine for DeepSeek-V4.1-Flash. Official: NVIDIA SM100 with CUDA 13, Ascend 950 with CANN 9.2; "
             "Linux, GCC >= 13, Python 3.12 (DeepInfer compatibility note). The public release is offline inference, "
             "not an OpenAI-compatible server; persistent KV cache, prefill/decode orchestration and load balancing "
             "across replicas are missing. The compiled support facts (2026-11-29) know of no public DeepInfer "
             "repository, so the note is the only source for this row.",
}

STATUS_MAP = {"official": "official", "unsupported": "unsupported", "unknown": "undocumented"}

# --------------------------------------------------------------------------------------------
# vendor matrices the cells were checked against (`deepdecide matrix --compare FILE`): NVIDIA
# AIConfigurator's support matrix, which tests each model x system x backend x version. Its files
# are cited after the cell's own sources (they set neither the status nor the as-of: AIConfigurator
# is another project than the runtime), with what the file says about the cell, as deepdecide's
# reader (importers/vendor_matrix.py) counts it; tests/cli/test_matrix_compare.py re-reads the
# files and checks these counts. Statuses: PASS (modelled from data collected on that system, the
# backend ran there; in the 10-column layout only with Source "silicon"), HYBRID_PASS (transferred
# data, not measured there), FAIL (no result), HW_INCOMPATIBLE, FRAMEWORK_INCOMPATIBLE.

AIC_MATRIX_FILES = {
    "aic_matrix_first": {
        "title": "NVIDIA AIConfigurator support matrix (first committed, 7 columns)",
        "url_or_path": "ai-dynamo/aiconfigurator src/aiconfigurator/systems/support_matrix.csv @17ad6b4431e8",
        "as_of": "2025-11-24", "kind": "secondary", "id": "aic_matrix_first"},
    "aic_matrix_a100": {
        "title": "NVIDIA AIConfigurator 0.11 support matrix a100_sxm.csv",
        "url_or_path": "ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/systems/support_matrix/a100_sxm.csv "
                       "@095f58a51c4c",
        "as_of": "2026-08-21", "kind": "secondary", "id": "aic_matrix_a100"},
}

# (runtime, platform) -> [(file id, {status: rows}, backend versions tested)]
VENDOR_CHECKS: dict[tuple[str, str], list[tuple[str, dict[str, int], list[str]]]] = {
    ("vllm", "nv-a100"): [("aic_matrix_a100", {"PASS": 68, "HYBRID_PASS": 16, "FAIL": 44, "HW_INCOMPATIBLE": 144},
                           ["0.14.0", "0.22.0"])],
    ("vllm", "nv-h100"): [("aic_matrix_first", {"PASS": 30, "FAIL": 16}, ["0.11.0"])],
    ("vllm", "nv-h200"): [("aic_matrix_first", {"PASS": 30, "FAIL": 16}, ["0.11.0"])],
    ("sglang", "nv-a100"): [("aic_matrix_a100", {"PASS": 102, "HYBRID_PASS": 24, "FAIL": 60, "HW_INCOMPATIBLE": 222},
                             ["0.5.9", "0.5.10", "0.5.12"])],
    ("sglang", "nv-h100"): [("aic_matrix_first", {"PASS": 34, "FAIL": 12}, ["0.5.1.post1"])],
    ("sglang", "nv-h200"): [("aic_matrix_first", {"PASS": 38, "FAIL": 8}, ["0.5.1.post1"])],
    ("trtllm", "nv-a100"): [("aic_matrix_a100", {"PASS": 56, "HYBRID_PASS": 28, "FAIL": 44, "HW_INCOMPATIBLE": 144},
                             ["1.0.0", "1.3.0rc15"]),
                            ("aic_matrix_first", {"PASS": 34, "FAIL": 12}, ["1.0.0"])],
    ("trtllm", "nv-l40s"): [("aic_matrix_first", {"PASS": 24, "FAIL": 22}, ["1.0.0"])],
    ("trtllm", "nv-h100"): [("aic_matrix_first", {"PASS": 76, "FAIL": 16}, ["0.20.0", "1.0.0rc3"])],
    ("trtllm", "nv-h200"): [("aic_matrix_first", {"PASS": 82, "FAIL": 10}, ["0.20.0", "1.0.0rc3"])],
    ("trtllm", "nv-b200"): [("aic_matrix_first", {"PASS": 40, "FAIL": 6}, ["1.0.0rc6"])],
    ("trtllm", "nv-gb200"): [("aic_matrix_first", {"PASS": 40, "FAIL": 6}, ["1.0.0rc6"])],
}
# what the A100 file says for the decision's model family, runtime by runtime
A100_DEEPSEEK = ("For every DeepSeek-V3 / R1 / V3.2 / V4 checkpoint in a100_sxm.csv (FP8, FP4) the rows are HW_INCOMPATIBLE: "
                 "'a100_sxm (SM80) does not support FP4 or FP8' (`deepdecide matrix --compare FILE --model "
                 "DeepSeek-V4-Flash`).")


def _vendor_note(runtime: str, checks: list[tuple[str, dict[str, int], list[str]]]) -> str:
    parts, extra = [], []
    for file_id, counts, versions in checks:
        f = AIC_MATRIX_FILES[file_id]
        ran = "ran here" if counts.get("PASS") else "modelled only" if counts.get("HYBRID_PASS") else "no pass"
        tally = ", ".join(f"{k} {v}" for k, v in counts.items())
        parts.append(f"{f['title']} ({f['as_of']}): {ran} ({tally}; {runtime} {', '.join(versions)})")
        if file_id == "aic_matrix_a100":
            extra.append(A100_DEEPSEEK)
    return " ".join(["Checked against " + "; ".join(parts) + ".", *extra])

# --------------------------------------------------------------------------------------------


def _date_key(as_of: str) -> tuple[int, int, int]:
    """A sortable (year, month, day) from an as-of text; 0 where the text has none."""
    m = re.search(r"(20\d\d)(?:-(\d\d))?(?:-(\d\d))?", as_of)
    if not m:
        return (0, 0, 0)
    return (int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0))


def _source(raw: dict[str, Any]) -> dict[str, str]:
    sid = raw["id"]
    if sid not in SOURCE_TITLES:
        raise SystemExit(f"no title for source id {sid!r}: add it to SOURCE_TITLES")
    return {"title": SOURCE_TITLES[sid], "url_or_path": raw["url_or_path"].strip(), "as_of": str(raw["as_of"]),
            "kind": raw["kind"], "id": sid}


def _sources(raws: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Sources, newest first (SupportEntry.as_of reads the first)."""
    out = [_source(r) for r in raws]
    return sorted(out, key=lambda s: _date_key(s["as_of"]), reverse=True)


def _precisions(p: dict[str, Any]) -> list[str]:
    prec = p.get("precisions") or {}
    out = list(prec.get("native", []))
    out += [f"{x} (library)" for x in prec.get("emulated_or_library", [])]
    return out


def _platform_notes(p: dict[str, Any]) -> str:
    parts = [f"Full name: {p['name']}."]
    if p.get("compute_capability"):
        inferred = " (inferred)" if p["id"] == "nv-h20" else ""
        parts.append(f"Compute capability {p['compute_capability']}{inferred}; architecture {p['arch']}.")
    else:
        parts.append(f"Architecture {p['arch']}.")
    prec = p.get("precisions") or {}
    not_native = prec.get("not_native") or prec.get("not_native_or_wip")
    if not_native:
        parts.append("Not native: " + ", ".join(not_native) + ".")
    if prec.get("note"):
        parts.append(prec["note"].strip())
    if (p.get("interconnect") or {}).get("note"):
        parts.append("Interconnect: " + p["interconnect"]["note"].strip() + ".")
    if p.get("notes"):
        parts.append(p["notes"].strip())
    return " ".join(parts)


def build_platforms(facts: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for p in facts["platforms"]:
        name, arch, family = PLATFORM_ARCH[p["id"]]
        ic = p.get("interconnect") or {}
        interconnect = {k: v for k, v in (("scale_up", ic.get("scale_up", "")),
                                          ("scale_out", ic.get("scale_out", ""))) if v}
        if ic.get("per_gpu_nvlink_GBps") is not None:
            interconnect["per_gpu_gbps"] = ic["per_gpu_nvlink_GBps"]
        entry: dict[str, Any] = {"id": p["id"], "vendor": p["vendor"], "name": name, "architecture": arch,
                                 "family": family}
        if p.get("memory_gb") is not None:
            entry["memory_gb"] = p["memory_gb"]
        entry["interconnect"] = interconnect
        entry["precisions"] = _precisions(p)
        entry["aliases"] = PLATFORM_ALIASES[p["id"]]
        entry["sources"] = _sources(p["sources"])
        entry["notes"] = _platform_notes(p)
        out.append(entry)
    return out


def _requirements(rows: list[tuple[str, str, str]]) -> list[dict[str, str]]:
    return [{"component": c, "spec": s, "text": t} for c, s, t in rows]


def build_entries(facts: dict[str, Any]) -> list[dict[str, Any]]:
    platform_ids = [p["id"] for p in facts["platforms"]]
    entries = []
    for rt in facts["runtimes"]:
        cells: dict[str, dict[str, Any]] = {}
        for group in rt["support"]:
            key = (rt["id"], group["platforms"][0])
            for pid in group["platforms"]:
                status = group["status"]
                notes = (group.get("notes") or "").strip()
                if status == "community-or-experimental":
                    status, why = MIXED_STATUS[(rt["id"], pid)]
                    notes = f"{notes} [support facts: community-or-experimental; {status} here: {why}.]"
                elif status == "unknown":
                    status = STATUS_MAP[status]
                    notes = f"{notes} [support facts: unknown; plan as experimental.]"
                extra = STACK_NOTES.get(key, "")
                if extra:
                    notes = f"{notes} {extra}"
                cell: dict[str, Any] = {"runtime": rt["id"], "platform": pid, "status": status}
                reqs = REQUIREMENTS.get(key, []) if status != "undocumented" else []
                if reqs:
                    cell["requirements"] = _requirements(reqs)
                checks = VENDOR_CHECKS.get((rt["id"], pid), [])
                if checks:
                    notes = f"{notes} {_vendor_note(rt['id'], checks)}"
                cell["notes"] = notes.strip()
                # the cell's own sources newest first; the vendor files it was checked against after them
                cell["sources"] = _sources(group["source"]) + [dict(AIC_MATRIX_FILES[f]) for f, _c, _v in checks]
                cells[pid] = cell
        entries += [cells[pid] for pid in platform_ids]
    for pid in platform_ids:
        status, reqs, note = DEEPINFER_CELLS.get(pid, ("undocumented", [], _DI_OTHER_NOTE))
        cell = {"runtime": "deepinfer", "platform": pid, "status": status}
        if reqs:
            cell["requirements"] = _requirements(reqs)
        cell["notes"] = note
        cell["sources"] = [dict(DEEPINFER_NOTE)]
        entries.append(cell)
    return entries


def build_runtimes(facts: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for rt in facts["runtimes"]:
        out.append({"id": rt["id"], "name": rt["name"], "kind": rt["kind"], "upstream": rt.get("upstream", "")})
    out.append(dict(DEEPINFER_RUNTIME))
    return out


# --------------------------------------------------------------------------------------------
# writing: block style, with sources and requirements one per line (flow mappings)


class _Dumper(yaml.SafeDumper):
    """Wrap block text at the given width but keep each flow mapping (a source) on one line."""

    @property
    def best_width(self) -> int:
        return 1_000_000 if self.flow_level else self._block_width

    @best_width.setter
    def best_width(self, value: int) -> None:
        self._block_width = value


class _Flow(dict):
    """A mapping written on one line."""


def _flow_presenter(dumper: yaml.SafeDumper, value: _Flow) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=True)


def _seq_presenter(dumper: yaml.SafeDumper, value: list) -> yaml.Node:
    flow = bool(value) and all(isinstance(v, str) and len(v) < 40 for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(_Flow, _flow_presenter)
_Dumper.add_representer(list, _seq_presenter)

HEADER = """\
# deepdecide built-in support matrix: runtimes x platforms, one cell each, with sources.
#
# Generated by tools/gen_support_matrix.py from
#   - support_facts.yaml (compiled {compiled} from public sources: project docs and code at
#     recorded commits; every source below keeps its id, location and as-of date), and
#   - the DeepInfer compatibility note (the decision's seed article,
#     shared/seeds/000_ac946554890f6dc1.txt) for the runtime `deepinfer`.
# Status: official = the runtime's own docs list this exact platform (or its architecture, as the
# note says); experimental / community = works in some form, not on the official list;
# unsupported = a source states it does not work; undocumented = nothing found either way (plan as
# experimental). Requirements are version ranges (PEP 440) only where a source pins one; `text`
# keeps the source's own words. Edit the generator's tables, not this file, and regenerate.
"""


def _flowify(doc: dict[str, Any]) -> dict[str, Any]:
    m = doc["matrix"]
    for p in m["platforms"]:
        p["sources"] = [_Flow(s) for s in p["sources"]]
        p["interconnect"] = _Flow(p["interconnect"]) if p["interconnect"] else {}
    for e in m["entries"]:
        e["sources"] = [_Flow(s) for s in e["sources"]]
        if "requirements" in e:
            e["requirements"] = [_Flow(r) for r in e["requirements"]]
    return doc


def schema_version() -> int:
    """``SCHEMA_VERSION`` of ``deepdecide/domain/workspace.py``, read from its text (this script imports
    nothing from deepdecide)."""
    text = (Path(__file__).resolve().parents[1] / "deepdecide" / "domain" / "workspace.py").read_text(encoding="utf-8")
    found = re.search(r"^SCHEMA_VERSION = (\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit("SCHEMA_VERSION not found in deepdecide/domain/workspace.py")
    return int(found.group(1))


def render(facts: dict[str, Any]) -> str:
    doc = {
        "kind": "support-matrix",
        "schema_version": schema_version(),  # the current schema: read without a migration
        "matrix": {
            "as_of": str(facts["meta"]["compiled_on"]),
            "runtimes": build_runtimes(facts),
            "platforms": build_platforms(facts),
            "entries": build_entries(facts),
        },
    }
    body = yaml.dump(_flowify(doc), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120,
                     default_flow_style=False)
    return HEADER.format(compiled=facts["meta"]["compiled_on"]) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("support_facts", type=Path, help="support_facts.yaml")
    parser.add_argument("-o", "--output", type=Path, default=Path("data/support_matrix.yaml"))
    args = parser.parse_args(argv)
    facts = yaml.safe_load(args.support_facts.read_text(encoding="utf-8"))
    args.output.write_text(render(facts), encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
