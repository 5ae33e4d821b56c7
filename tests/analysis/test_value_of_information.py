"""What to measure next: the value of information of each uncertain input (analysis/voi.py)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from deepdecide.analysis import evaluate, voi
from deepdecide.analysis.assessment import Measurement
from deepdecide.analysis.montecarlo import triangular
from deepdecide.domain.evidence import ParityKind
from deepdecide.domain.workspace import ParityOutlook
from deepdecide.storage.files import load_workspace

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "samples" / "deepseek-v4.1-flash.deepdecide.yaml"

# The worked example of docs/analysis.md: option A costs 100 (TCO, $k) whatever happens; option B
# costs K / c, c its capacity ~ triangular(LOW, LIKELY, HIGH). Today A is chosen (E[K / c] > 100);
# B is cheaper once c > K / 100 = C_STAR, on the right branch of the triangle.
LOW, LIKELY, HIGH, K = 100.0, 150.0, 250.0, 17_000.0
C_STAR = K / 100.0  # 170


def _expected_b() -> float:
    """E[K / c] for the triangular distribution, by hand: integral of K / c x pdf(c)."""
    w = HIGH - LOW
    left = 2 / (w * (LIKELY - LOW)) * (LIKELY - LOW - LOW * math.log(LIKELY / LOW))  # ∫ (c - l) / c dc
    right = 2 / (w * (HIGH - LIKELY)) * (HIGH * math.log(HIGH / LIKELY) - (HIGH - LIKELY))  # ∫ (h - c) / c dc
    return K * (left + right)


def _evpi_by_hand() -> float:
    """EVPI = E[max(0, 100 - K / c)] = ∫_{C*}^{H} (100 - K / c) 2 (H - c) / ((H - L)(H - M)) dc, with
    the antiderivative of (100 - K / c)(H - c): (100 H + K) c - 50 c² - K H ln c."""
    def f(c: float) -> float:
        return (100 * HIGH + K) * c - 50 * c * c - K * HIGH * math.log(c)
    return 2 / ((HIGH - LOW) * (HIGH - LIKELY)) * (f(HIGH) - f(C_STAR))


def _p_b_cheaper() -> float:
    """P(c > C*) on the right branch: (H - C*)² / ((H - L)(H - M))."""
    return (HIGH - C_STAR) ** 2 / ((HIGH - LOW) * (HIGH - LIKELY))


def _draws(seed: int, n: int = 40_000) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    est = np.array([[LOW, LIKELY, HIGH], [0.0, 0.5, 1.0]])  # the capacity, and an input that moves nothing
    x = triangular(rng, est, n)
    tco = np.stack([np.full(n, 100.0), K / x[:, 0]], axis=1)
    win = tco.argmin(axis=1)
    return x[:, 0], x[:, 1], win, tco


def test_worked_example_by_hand():
    assert _expected_b() > 100  # A is the choice today
    assert _expected_b() == pytest.approx(105.657, abs=1e-3)
    assert _evpi_by_hand() == pytest.approx(5.4579, abs=1e-3)  # the number docs/analysis.md states
    cap, _, win, tco = _draws(7)
    e = voi.estimate(cap, win, tco, 0, voi.n_bins(len(cap)), np.random.default_rng(1))
    # the estimator's error is the one bin that straddles C* (1 / 50 of the draws) plus sampling
    assert e.value == pytest.approx(_evpi_by_hand(), rel=0.05)
    assert _p_b_cheaper() == pytest.approx(0.42667, abs=1e-5)
    assert e.p_change == pytest.approx(_p_b_cheaper(), abs=0.025)
    assert e.switch_to == (1,)
    assert e.p_change > 5 * max(e.noise, 0.001)


def test_negative_control_is_zero_within_the_noise():
    _, idle, win, tco = _draws(7)
    e = voi.estimate(idle, win, tco, 0, voi.n_bins(len(idle)), np.random.default_rng(1))
    assert e.p_change <= e.noise + 0.02
    assert abs(e.value or 0.0) < 0.05 * _evpi_by_hand()
    assert e.gain < 0.01


def test_stable_across_seeds():
    values = []
    for seed in (1, 2, 3, 4):
        cap, idle, win, tco = _draws(seed)
        rng = np.random.default_rng(seed)
        e_cap = voi.estimate(cap, win, tco, 0, voi.n_bins(len(cap)), rng)
        e_idle = voi.estimate(idle, win, tco, 0, voi.n_bins(len(idle)), rng)
        assert e_cap.gain > e_idle.gain  # the ranking holds on every seed
        values.append(e_cap.value)
    assert max(values) - min(values) < 0.05 * _evpi_by_hand()


def test_a_discrete_input_is_binned_by_value():
    b, n = voi.bins_of(np.array([1.0, 0.0, 1.0, 1.0, 0.0]), 50)
    assert n == 2 and b.tolist() == [1, 0, 1, 1, 0]


@pytest.fixture(scope="module")
def sample():
    return load_workspace(SAMPLE)


def test_sample_ranks_the_sglang_capacity_first_and_is_reproducible(sample):
    a = evaluate(sample, monte_carlo=True)
    info = a.monte_carlo.information
    assert a.monte_carlo.information_against == a.winner == "keep-sglang-h100"
    top = [i.key for i in info[:3]]
    assert "keep-sglang-h100.capacity" in top  # the input the flip analysis names (about 197 tok/s/GPU)
    first = info[0]
    assert first.measurement == Measurement.PERFORMANCE
    assert first.above_noise and first.p_change > 0 and first.value is not None
    assert first.switch_to[0] == "mixed-h100-prefill-sm100-decode"  # ranked second on its pools
    # an input that cannot flip the winner (the dev-only option's efforts) is worth nothing
    idle = [i for i in info if i.option == "rtx-dev-only"]
    assert idle and all(i.p_change == 0 and i.gain == 0 for i in idle)
    again = evaluate(sample, monte_carlo=True).monte_carlo.information
    assert again == info


def test_sample_ranking_stable_across_seeds(sample):
    for seed in (1, 2, 3):
        info = evaluate(sample, monte_carlo=True, seed=seed).monte_carlo.information
        assert info[0].key == "keep-sglang-h100.capacity"


def test_parity_outlook_is_drawn_and_valued(sample):
    ws = replace(sample, parity_outlook=(
        ParityOutlook("keep-sglang-h100", ParityKind.LOGITS, 0.7, "judgement of the ML systems lead"),))
    a = evaluate(ws, monte_carlo=True)
    mc = a.monte_carlo
    assert "parity:keep-sglang-h100:logits" in mc.drawn
    # the winner fails its logits check in about 30 % of the draws: it cannot rank first there
    assert mc.for_option("keep-sglang-h100").p_best < 0.72
    item = next(i for i in mc.information if i.key == "parity:keep-sglang-h100:logits")
    assert item.judgement and item.measurement == Measurement.PARITY
    assert item.p_change == pytest.approx(0.3, abs=0.02)
    assert mc.information[0] is item
    # nothing else moved: the other inputs draw from the same stream as before
    base = evaluate(sample, monte_carlo=True).monte_carlo
    assert base.for_option("keep-sglang-h100").tco_usd == mc.for_option("keep-sglang-h100").tco_usd


def test_a_certain_failure_keeps_the_option_out(sample):
    ws = replace(sample, parity_outlook=(ParityOutlook("keep-sglang-h100", ParityKind.KERNEL, 0.0),))
    mc = evaluate(ws, monte_carlo=True, draws=2000).monte_carlo
    assert mc.for_option("keep-sglang-h100").p_best == 0.0


def test_parity_outlook_round_trips_and_bad_entries_are_located(sample, tmp_path):
    from deepdecide.domain.errors import ValidationError, ValidationErrors
    from deepdecide.storage import files

    good = replace(sample, parity_outlook=(ParityOutlook("keep-sglang-h100", ParityKind.LOGITS, 0.7, "ML lead"),))
    path = tmp_path / "w.deepdecide.yaml"
    files.save_workspace(good, path)
    assert "parity_outlook:" in path.read_text(encoding="utf-8")
    assert files.load_workspace(path).parity_outlook == good.parity_outlook
    bad = replace(sample, parity_outlook=(ParityOutlook("nope", ParityKind.LOGITS, 1.5),
                                          ParityOutlook("keep-sglang-h100", ParityKind.LOGITS, 0.5),
                                          ParityOutlook("keep-sglang-h100", ParityKind.LOGITS, 0.6)))
    target = tmp_path / "bad.deepdecide.yaml"
    with pytest.raises((ValidationError, ValidationErrors)) as err:
        files.save_workspace(bad, target)
    text = str(err.value)
    assert "parity_outlook[0].option" in text and "parity_outlook[0].probability" in text
    assert "parity_outlook[2]" in text
    assert not target.exists()
