"""The Monte Carlo percentiles and triangular draws are exactly the straightforward numpy forms (same bits)."""

import numpy as np
import pytest

from deepdecide.analysis.montecarlo import _p10_p50_p90


@pytest.mark.parametrize("seed", range(4))
def test_same_bits_as_numpy_percentile(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for n in (1, 2, 3, 10, 11, 101, 2_500):
        for x in (rng.standard_normal((n, 3)) * 1e4, np.round(rng.standard_normal((n, 2))),
                  rng.triangular(1.0, 2.0, 7.0, (n, 4)), np.full((n, 2), 3.0)):
            assert _p10_p50_p90(x).tobytes() == np.percentile(x, [10, 50, 90], axis=0).tobytes()
            col = x[:, 0].copy()
            assert _p10_p50_p90(col).tobytes() == np.percentile(col, [10, 50, 90]).tobytes()


def test_input_left_unchanged() -> None:
    x = np.array([[3.0], [1.0], [2.0]])
    _p10_p50_p90(x)
    assert x.ravel().tolist() == [3.0, 1.0, 2.0]


ESTIMATES = {
    "negative low (masked branches)": [[1.0, 2.0, 7.0], [0.5, 0.5, 3.0], [4.0, 9.0, 9.0], [-3.0, 1e-3, 2e6]],
    "non-negative (branches chosen by weights)": [[1.0, 2.0, 7.0], [0.5, 0.5, 3.0], [4.0, 9.0, 9.0], [0.0, 1e-3, 2e6],
                                                  [0.0, 0.0, 1e-300], [1e-310, 2e-310, 3e-310]],
    "a scale that overflows (masked branches)": [[1.0, 2.0, 7.0], [0.0, 1e200, 1e300]],
}


@pytest.mark.parametrize("rows", ESTIMATES.values(), ids=ESTIMATES.keys())
def test_triangular_draws_are_the_choose_both_branches_values(rows: list[list[float]]) -> None:
    from deepdecide.analysis.montecarlo import triangular

    est = np.array(rows)
    low, mode, high = est[:, 0], est[:, 1], est[:, 2]
    for seed in range(5):
        u = np.random.default_rng(seed).random((3_000, len(est)))
        width = high - low
        left = u < (mode - low) / width
        with np.errstate(over="ignore", invalid="ignore"):
            s = np.sqrt(np.where(left, u * (width * (mode - low)), (1.0 - u) * (width * (high - mode))))
            expected = np.where(left, low + s, high - s)
            got = triangular(np.random.default_rng(seed), est, 3_000)
        assert got.tobytes() == expected.tobytes()
        if np.isfinite(got).all():
            assert ((got >= low) & (got <= high)).all()
