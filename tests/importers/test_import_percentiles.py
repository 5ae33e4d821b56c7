"""The statistics' percentile selection equals numpy's ``np.percentile`` (linear) bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from deepdecide.importers.stats import STAT_PERCENTILES, percentiles, summarize

FINITE = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)
QUANTILES = st.lists(st.floats(min_value=0.0, max_value=100.0), min_size=1, max_size=6).map(tuple)


@settings(max_examples=300, deadline=None)
@given(values=hnp.arrays(np.float64, st.integers(1, 400), elements=FINITE), q=QUANTILES)
def test_equals_numpy_percentile(values: np.ndarray, q: tuple[float, ...]) -> None:
    expected = np.percentile(values, q, method="linear")
    assert np.array_equal(percentiles(values, q), expected)
    original = values.copy()
    assert np.array_equal(values, original)  # not scratch: the input is left as it was
    assert np.array_equal(percentiles(values, q, scratch=True), expected)


@settings(max_examples=100, deadline=None)
@given(values=hnp.arrays(np.float64, st.integers(2, 300), elements=st.sampled_from([0.0, 0.004, 0.004, 1.5, -2.0])))
def test_equals_numpy_with_ties(values: np.ndarray) -> None:
    assert np.array_equal(percentiles(values, STAT_PERCENTILES), np.percentile(values, STAT_PERCENTILES))


@pytest.mark.parametrize("n", [2, 3, 101, 1000, 250_001])
def test_large_and_small_arrays(n: int) -> None:
    rng = np.random.default_rng(n)
    values = np.round(rng.exponential(0.015, n), 6)  # many ties, as real ITL gaps
    expected = np.percentile(values, STAT_PERCENTILES)
    assert np.array_equal(percentiles(values.copy(), STAT_PERCENTILES, scratch=True), expected)


def test_non_finite_values_follow_numpy() -> None:
    values = np.array([1.0, np.nan, 3.0])
    with np.errstate(invalid="ignore"):
        assert np.array_equal(percentiles(values, (50.0,)), np.percentile(values, (50.0,)), equal_nan=True)


def test_summarize_mean_before_reordering() -> None:
    rng = np.random.default_rng(7)
    values = rng.uniform(0.004, 0.03, 100_000)
    expected_mean = float(values.mean()) * 1000.0
    stats = summarize(values.copy(), 1000.0)
    assert stats["mean"] == expected_mean
    p50, p90, p99 = np.percentile(values, STAT_PERCENTILES)
    assert (stats["p50"], stats["p90"], stats["p99"]) == (float(p50) * 1000.0, float(p90) * 1000.0, float(p99) * 1000.0)
