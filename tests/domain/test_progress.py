"""The progress and cancellation contract shared by the importers, the analysis, the report and the GUI."""

from __future__ import annotations

import threading

import pytest

from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.progress import (
    Cancellable,
    Cancelled,
    CancelToken,
    check_cancelled,
    report,
    scaled,
)


def test_token_cancels_once_and_check_raises_the_one_exception():
    token = CancelToken()
    assert not token.cancelled
    token.check()  # nothing yet
    token.cancel()
    token.cancel()
    assert token.cancelled
    with pytest.raises(Cancelled) as info:
        token.check()
    assert isinstance(info.value, DeepdecideError)  # reported like every other deepdecide error
    assert isinstance(token, Cancellable)


def test_a_token_cancelled_from_another_thread_stops_the_worker():
    token = CancelToken("import cancelled")
    ready = threading.Event()
    outcome: list[str] = []

    def worker():
        ready.set()
        try:
            for _ in range(10_000):
                token.check()
                threading.Event().wait(0.001)
            outcome.append("finished")
        except Cancelled as exc:
            outcome.append(str(exc))

    thread = threading.Thread(target=worker)
    thread.start()
    assert ready.wait(5)
    token.cancel()
    thread.join(10)
    assert outcome == ["import cancelled"]


def test_helpers_accept_no_token_and_no_callback():
    check_cancelled(None)
    report(None, 0.5)
    scaled(None, 0.2, 0.4)(0.5)


def test_scaled_maps_a_part_of_the_work():
    seen: list[float] = []
    part = scaled(seen.append, 0.5, 0.75)
    for f in (0.0, 0.5, 1.0):
        part(f)
    assert seen == [0.5, 0.625, 0.75]
    report(seen.append, 1.0)
    assert seen[-1] == 1.0
