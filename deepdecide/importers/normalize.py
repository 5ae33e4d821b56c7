"""From what a file says to the normalized run: the file's own figures first, recomputed ones
where the file has none (flagged as derived), a quality flag where the two disagree by more than
1 %, the user's context where the file is silent, and the list of what is still missing.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from deepdecide.domain.evidence import BENCHMARK_FIELDS, BenchmarkRun, PredictionErrorRow
from deepdecide.domain.flags import flag
from deepdecide.domain.messages import Message, Param
from deepdecide.importers.base import ImportContext, take_dropped

#: relative difference above which a file's figure and our recomputation are flagged
DISAGREEMENT = 0.01

#: context facts every run needs; the importer reports each one neither the file nor the user gave
CONTEXT_FIELDS = ("runtime", "platform", "gpu_count", "model")


def rel_diff(a: float, b: float) -> float:
    scale = max(abs(a), abs(b))
    return 0.0 if scale == 0 else abs(a - b) / scale


class RunDraft:
    """A run being assembled: field values plus the flags explaining them."""
    def __init__(self, tool: str, **values: Any):
        self.values: dict[str, Any] = {"tool": tool, **values}
        self.flags: list[Message] = []

    def __setitem__(self, key: str, value: Any) -> None:
        if key not in BENCHMARK_FIELDS:
            raise KeyError(key)  # a programming error, never a user's
        self.values[key] = value

    def __getitem__(self, key: str) -> Any:
        return self.values.get(key)

    def set(self, **values: Any) -> None:
        for k, v in values.items():
            if v is not None and v != "":
                self[k] = v

    def flag(self, id: str, /, **params: Param) -> None:
        """Flag the run with the message ``id`` of :data:`deepdecide.domain.flags.TEMPLATES`."""
        m = flag(id, **params)
        if m not in self.flags:
            self.flags.append(m)

    def own_or_derived(self, key: str, own: float | None, derived: float | None, how: str | Message) -> None:
        """Keep the file's figure; fall back to the recomputed one (flagged); flag disagreement."""
        if own is not None:
            self[key] = own
            if derived is not None and rel_diff(own, derived) > DISAGREEMENT:
                if derived:
                    self.flag("normalize.disagrees", key=key, own=own, how=how, derived=derived,
                              diff=(own - derived) / derived * 100)
                else:
                    self.flag("normalize.disagrees_zero", key=key, own=own, how=how)
        elif derived is not None:
            self[key] = derived
            self.flag("normalize.derived", key=key, how=how)

    def build(self) -> BenchmarkRun:
        """The run; it is flagged with the values dropped (NaN, infinite) while it was read."""
        values = {k: v for k, v in self.values.items() if v is not None}
        return BenchmarkRun(**values, quality_flags=(*take_dropped(), *self.flags))


def finalize(run: BenchmarkRun, ctx: ImportContext) -> BenchmarkRun:
    """Apply the user's context where the file is silent; derive per-GPU and per-user figures;
    list the context still missing. (One ``replace`` per run: imports can hold 10^5 runs.)"""
    flags = list(run.quality_flags)
    changes: dict[str, Any] = {}
    for name in ("runtime", "runtime_version", "platform", "gpu_count", "model", "quantization"):
        given = getattr(ctx, name)
        if given in ("", None):
            continue
        current = getattr(run, name)
        if current in ("", None):
            changes[name] = given
            if name in ctx.from_name:
                flags.append(flag("normalize.from_name", name=name, value=given))
            else:
                flags.append(flag("normalize.given", name=name))
        elif str(current).lower() != str(given).lower() and name not in ctx.from_name:
            # (a file name's suggestion the file contradicts is simply not used)
            flags.append(flag("normalize.kept", name=name, current=current, given=given))

    def value(name: str) -> Any:
        return changes.get(name, getattr(run, name))

    gpus = value("gpu_count")
    if gpus is not None and gpus <= 0:
        flags.append(flag("normalize.gpu_count_ignored", gpus=gpus))
        changes["gpu_count"] = gpus = None
    per_gpu = run.output_tps_per_gpu
    if gpus and run.output_throughput_tps is not None:
        derived = run.output_throughput_tps / gpus
        if per_gpu is None:
            per_gpu = derived
            flags.append(flag("normalize.per_gpu_derived", gpus=gpus))
        elif rel_diff(per_gpu, derived) > DISAGREEMENT:
            flags.append(flag("normalize.per_gpu_disagrees", own=per_gpu, derived=derived))
    interactivity = run.interactivity_tps_per_user
    if run.tpot_ms_p50:
        derived = 1000.0 / run.tpot_ms_p50
        if interactivity is None:
            interactivity = derived
            flags.append(flag("normalize.interactivity_derived"))
        elif rel_diff(interactivity, derived) > DISAGREEMENT:
            flags.append(flag("normalize.interactivity_disagrees", own=interactivity, derived=derived))
    missing = tuple(name for name in CONTEXT_FIELDS if value(name) in ("", None))
    return replace(run, **changes, output_tps_per_gpu=per_gpu, interactivity_tps_per_user=interactivity,
                   quality_flags=tuple(dict.fromkeys(flags)), missing_context=missing)


def finalize_errors(rows: list[PredictionErrorRow], ctx: ImportContext) -> tuple[PredictionErrorRow, ...]:
    """A predictor error table with the user's model and platform where the file names none."""
    out = []
    for row in rows:
        changes = {name: getattr(ctx, name) for name in ("model", "platform")
                   if not getattr(row, name) and getattr(ctx, name)}
        out.append(replace(row, **changes) if changes else row)
    return tuple(out)


def error_missing(row: PredictionErrorRow) -> tuple[str, ...]:
    """The context an error table's row still lacks: what it is about (model, platform)."""
    return tuple(name for name in ("model", "platform") if not getattr(row, name))


# ---------------------------------------------------------------------------------------------
# hardware and names

# canonical accelerator names, longest patterns first
_HARDWARE = (
    (r"gb300", "GB300"), (r"gb200", "GB200"), (r"b300", "B300"), (r"b200", "B200"),
    (r"gh200", "GH200"), (r"h200", "H200"), (r"h800", "H800"), (r"h20(?!\d)", "H20"),
    (r"h100", "H100"), (r"a100", "A100"), (r"l40s", "L40S"), (r"l40(?!s)", "L40"),
    (r"mi355x", "MI355X"), (r"mi325x", "MI325X"), (r"mi300x", "MI300X"), (r"mi300a", "MI300A"),
    (r"ascend[ _-]?950|atlas[ _-]?950", "Ascend 950"), (r"910c|atlas[ _-]?800[ _-]?a3", "Ascend 910C"),
    (r"910b|atlas[ _-]?a2", "Ascend 910B"), (r"rtx[ _-]?pro[ _-]?6000", "RTX PRO 6000"),
)


def canonical_hardware(text: str) -> str:
    """``"b200-trt"`` -> ``"B200"``, ``"4xNVIDIA_L40S"`` -> ``"L40S"``; unknown text is returned trimmed."""
    low = text.lower()
    for pattern, name in _HARDWARE:
        if re.search(pattern, low):
            return name
    return text.strip()


def gpu_count_from_name(text: str) -> int | None:
    """``8xH100``, ``DGX-H100x8``, ``B200-SXM-180GBx1``, ``4xNVIDIA_L40S`` -> 8, 8, 1, 4."""
    m = re.search(r"(?:^|[^0-9a-z])(\d{1,3})\s*[x\u00d7]\s*[a-z]", text, re.IGNORECASE)
    if m:
        return int(m.group(1))
    m = re.search(r"[a-z0-9]x(\d{1,3})(?:$|[^0-9a-z])", text, re.IGNORECASE)
    if m:
        return int(m.group(1))
    return None


def per_second(duration: float | None) -> Callable[[float | None], float | None]:
    """A function dividing a total by ``duration`` (None when either is missing or 0)."""
    def divide(total: float | None) -> float | None:
        return total / duration if total is not None and duration else None

    return divide


def finite_or_none(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None


# a benchmark client's "backend" (the API it spoke) -> the runtime behind it, where that is certain
_BACKENDS = {"vllm": "vllm", "sglang": "sglang", "tgi": "tgi", "lmdeploy": "lmdeploy",
             "tensorrt-llm": "trtllm", "trt-llm": "trtllm", "trtllm": "trtllm"}


def runtime_from_backend(backend: str) -> str:
    """``"vllm"`` -> ``"vllm"``; ``"openai"`` (any server) -> ``""``."""
    return _BACKENDS.get(backend.strip().lower(), "")


# runtime words a file name may hold (longest first)
_NAME_RUNTIMES = (("tensorrt-llm", "trtllm"), ("trtllm", "trtllm"), ("trt", "trtllm"), ("sglang", "sglang"),
                  ("vllm", "vllm"), ("deepinfer", "deepinfer"), ("lmdeploy", "lmdeploy"))


def hints_from_name(name: str) -> dict[str, object]:
    """Context a file *name* suggests (``1xH100``, ``tp8``, ``b200-trt``): never applied silently,
    only offered for the user to confirm. Keys: platform, gpu_count, runtime (those found)."""

    stem = os.path.basename(name)
    low = stem.lower()
    out: dict[str, object] = {}
    hw = canonical_hardware(stem)
    if hw != stem.strip():
        out["platform"] = hw
    gpus = gpu_count_from_name(stem)
    if gpus is None:
        m = re.search(r"(?:^|[^a-z0-9])tp[_-]?(\d{1,3})(?:$|[^0-9])", low)
        if m:
            gpus = int(m.group(1))
    if gpus:
        out["gpu_count"] = gpus
    for word, runtime in _NAME_RUNTIMES:
        if re.search(rf"(?:^|[^a-z]){re.escape(word)}(?:$|[^a-z])", low):
            out["runtime"] = runtime
            break
    return out
