"""Measured power per GPU from the evidence (for the cost model): GPU-weighted, never estimated,
whole-node figures preferred over GPU-only ones and never averaged with them."""

from __future__ import annotations

from pathlib import Path

import pytest

from deepdecide.analysis.energy import measured_power, measured_power_w_per_gpu
from deepdecide.domain.evidence import BenchmarkRun, EnergyBasis
from deepdecide.importers.registry import import_file

POWERX = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "benchmarks" / "inferencex_api" / "powerx.csv"


def test_no_stated_power_is_none():
    assert measured_power_w_per_gpu([BenchmarkRun("t", gpu_count=8)]) is None
    assert measured_power([]) is None


def test_gpu_weighted_mean():
    runs = [BenchmarkRun("t", gpu_count=8, power_w_per_gpu=600.0, energy_basis=EnergyBasis.GPU),
            BenchmarkRun("t", gpu_count=24, power_w_per_gpu=800.0, energy_basis=EnergyBasis.GPU)]
    # (600 x 8 + 800 x 24) / 32 = 750
    assert measured_power_w_per_gpu(runs) == pytest.approx(750.0)
    p = measured_power(runs)
    assert (p.low, p.high, p.runs, p.basis) == (600.0, 800.0, 2, EnergyBasis.GPU)


def test_whole_node_wins_and_is_not_mixed():
    runs = [BenchmarkRun("t", gpu_count=8, power_w_per_gpu=600.0, energy_basis=EnergyBasis.GPU),
            BenchmarkRun("t", gpu_count=8, power_w_per_gpu=950.0, energy_basis=EnergyBasis.NODE)]
    p = measured_power(runs)
    assert p.w_per_gpu == 950.0 and p.basis == EnergyBasis.NODE and p.runs == 1


def test_on_the_powerx_export():
    if not POWERX.exists():
        pytest.skip(f"shared fixture missing: {POWERX}")
    runs = import_file(POWERX).evidence.runs
    row = next(r for r in runs if r.label.startswith("row 440994 "))
    assert measured_power_w_per_gpu([row]) == 645.911
    p = measured_power(runs)
    assert p.basis == EnergyBasis.GPU and p.runs == 37 and p.low == 314.462 and p.high == 955.891


def test_a_counted_run_s_measured_power_replaces_the_nameplate_in_the_running_cost():
    """Energy from evidence: the counted vLLM H100 runs state 500 W per GPU, so the option's running
    cost uses 0.5 kW (labelled "measured power", no nameplate flag) instead of the platform's kW."""
    from dataclasses import replace

    from analysis_factory import workspace

    from deepdecide.analysis import evaluate

    ws = workspace()
    before = evaluate(ws, sensitivity=False).option("keep-vllm-h100").costs.operating_hour_usd
    f = ws.evidence.files[0]
    runs = tuple(replace(r, power_w_per_gpu=500.0, energy_basis=EnergyBasis.GPU) if r.runtime == "vllm" else r
                 for r in f.runs)
    ws = replace(ws, evidence=replace(ws.evidence, files=(replace(f, runs=runs),)))
    after = evaluate(ws, sensitivity=False).option("keep-vllm-h100").costs.operating_hour_usd
    assert before is not None and after is not None
    assert "nameplate" in str(before.trail[0].name) and before.flags
    assert "measured power" in str(after.trail[0].name) and after.trail[0].value == pytest.approx(0.5)
    assert not after.flags and after.value != before.value
