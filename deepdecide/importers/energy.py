"""Energy as the benchmark tools state it, normalized: average power per GPU (W), the run's energy
per output token and per input token (J), and what was metered (GPU only or the whole node).

Each tool's figures and their traps (formats/benchmarks.md, "Energy"):

* **AIPerf** (GPU telemetry through DCGM / NVML; ``nvidia_`` or ``amd_`` prefixed in older
  releases): ``average_gpu_power`` is the time-averaged **total** power of all monitored GPUs (W;
  aiperf ``AverageGpuPowerMetric``), so per GPU it is divided by the GPUs the telemetry lists;
  ``total_gpu_energy`` in J; ``energy_per_output_token`` in **mJ**/token (converted by the block's
  own ``unit``). Basis: GPU only.
* **trtllm-bench** ``energy`` block: ``total_energy_j`` (all GPUs), ``output_tps_per_w``,
  ``average_gpu_power`` (its scope, total or per GPU, is not documented: it is checked against
  ``total_energy_j`` / duration and said). Per GPU = total_energy_j / duration / world_size; J per
  output token = total_energy_j / output tokens. Basis: GPU only.

InferenceX's fields are read by :mod:`.inferencex`, MLPerf Power rows by :mod:`.mlperf_results`.
"""

from __future__ import annotations

from deepdecide.domain.evidence import EnergyBasis
from deepdecide.importers.base import Node
from deepdecide.importers.normalize import RunDraft, rel_diff

#: energy units an AIPerf metric block may state -> J (case matters: mJ is milli, MJ mega)
ENERGY_UNITS_J = {"J": 1.0, "joule": 1.0, "joules": 1.0, "mJ": 1e-3, "millijoule": 1e-3, "millijoules": 1e-3,
                  "kJ": 1e3, "MJ": 1e6}
#: agreement of two ways of reading one figure
TOLERANCE = 0.01


def _block(r: Node, name: str) -> Node:
    """An AIPerf metric block, with or without the vendor prefix of older releases."""
    for key in (name, f"nvidia_{name}", f"amd_{name}"):
        if r.has(key):
            return r[key]
    return r[name]


def _per_token_unit(block: Node) -> float | None:
    """The factor turning an energy-per-token block's values into J (None: unit unknown)."""
    head = block["unit"].str().replace(" ", "").split("/", 1)[0]
    return ENERGY_UNITS_J.get(head, ENERGY_UNITS_J.get(head.lower()) if len(head) > 2 else None)


def aiperf_energy(d: RunDraft, r: Node, telemetry_gpus: int | None) -> None:
    """AIPerf's energy metrics (when GPU telemetry ran)."""
    power, energy, per_out = (_block(r, "average_gpu_power"), _block(r, "total_gpu_energy"),
                              _block(r, "energy_per_output_token"))
    if power.missing and energy.missing and per_out.missing:
        return
    gpus = telemetry_gpus or d["gpu_count"]
    total_w = power["avg"].num()
    if total_w is not None:
        if gpus:
            d.set(power_w_per_gpu=total_w / gpus, energy_basis=EnergyBasis.GPU)
            d.flag("energy.aiperf_power", total=total_w, gpus=gpus)
        else:
            d.flag("energy.aiperf_power_no_gpus", total=total_w)
    if not per_out.missing:
        scale = _per_token_unit(per_out)
        value = per_out["avg"].num()
        if scale is None:
            d.flag("energy.unit_unknown", unit=per_out["unit"].str())
        elif value is not None:
            d.set(energy_j_per_output_token=value * scale, energy_basis=EnergyBasis.GPU)
            d.flag("energy.aiperf_per_token", value=value, unit=per_out["unit"].str())
    joules = energy["avg"].num()
    if joules is not None:
        d.flag("energy.total", joules=joules)


def trtllm_energy(d: RunDraft, energy: Node, gpus: int | None, duration_s: float | None,
                  output_tps: float | None) -> None:
    """trtllm-bench's ``energy`` block."""
    if energy.missing:
        return
    joules, avg, per_w = energy["total_energy_j"].num(), energy["average_gpu_power"].num(), energy["output_tps_per_w"].num()
    if joules is None or not duration_s:
        if avg is not None:
            d.flag("energy.trtllm_unscoped", avg=avg)
        return
    total_w = joules / duration_s
    d.flag("energy.total", joules=joules)
    if gpus:
        d.set(power_w_per_gpu=total_w / gpus, energy_basis=EnergyBasis.GPU)
        d.flag("energy.trtllm_power", joules=joules, duration=duration_s, gpus=gpus)
    if output_tps:
        d.set(energy_j_per_output_token=total_w / output_tps, energy_basis=EnergyBasis.GPU)
    if avg is not None:
        if rel_diff(avg, total_w) <= TOLERANCE:
            d.flag("energy.trtllm_avg_total", avg=avg)
        elif gpus and rel_diff(avg, total_w / gpus) <= TOLERANCE:
            d.flag("energy.trtllm_avg_per_gpu", avg=avg)
        else:
            d.flag("energy.trtllm_avg_differs", avg=avg, total=total_w)
    if per_w is not None and output_tps and rel_diff(per_w, output_tps / total_w) > TOLERANCE:
        d.flag("energy.trtllm_per_w_differs", per_w=per_w, derived=output_tps / total_w)
