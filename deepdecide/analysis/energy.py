"""Measured energy of the runs: the power per GPU the evidence states, for the cost model.

Only what a file measured counts (``BenchmarkRun.power_w_per_gpu`` with its ``energy_basis``):
nothing is estimated from a GPU's rated power. Whole-node metering (MLPerf Power) includes what a
GPU-only reading (NVML / DCGM board power) leaves out (CPUs, memory, network, fans, power-supply
losses), so the two are never averaged together: when both exist the whole-node runs are used,
being the closer to what is billed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deepdecide.domain.evidence import BenchmarkRun, EnergyBasis


@dataclass(frozen=True, slots=True)
class MeasuredPower:
    """Average power per GPU over the runs that state it (weighted by their GPUs), with its basis,
    the lowest and highest run and how many runs it rests on."""

    w_per_gpu: float
    basis: EnergyBasis
    low: float
    high: float
    runs: int


def measured_power(runs: Sequence[BenchmarkRun]) -> MeasuredPower | None:
    """The measured power per GPU of ``runs`` (see :class:`MeasuredPower`); None when none states it."""
    stated = [r for r in runs if r.power_w_per_gpu is not None and r.power_w_per_gpu > 0]
    if not stated:
        return None
    node = [r for r in stated if r.energy_basis == EnergyBasis.NODE]
    chosen = node or stated
    basis = EnergyBasis.NODE if node else EnergyBasis.GPU
    weights = [float(r.gpu_count) if r.gpu_count else 1.0 for r in chosen]
    values = [r.power_w_per_gpu for r in chosen if r.power_w_per_gpu is not None]
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / sum(weights)
    return MeasuredPower(mean, basis, min(values), max(values), len(chosen))


def measured_power_w_per_gpu(runs: Sequence[BenchmarkRun]) -> float | None:
    """The measured average power per GPU (W) of ``runs``, GPU-weighted; None when no run states
    one. Whole-node figures win over GPU-only ones (:func:`measured_power` says which)."""
    p = measured_power(runs)
    return p.w_per_gpu if p is not None else None
