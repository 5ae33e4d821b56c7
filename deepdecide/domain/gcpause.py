"""Python's automatic cycle collection paused while a large structure of long-lived objects is built.

Reading a workspace of ten thousand evidence files, or judging its runs, allocates millions of
objects that all live on: the collector, triggered by allocation alone, walks them again and again
for nothing. Measured at 10,000 result files on the 2-core development machine: about 45 % of a
stored workspace's second load in process (another workspace's objects alive); within the noise for
a whole ``deepdecide evaluate`` process on a quiet machine (docs/evidence-store.md). The structures built are
immutable dataclasses and plain containers, without reference cycles to collect. A collector that is
already off (the desktop app collects on a timer in its GUI thread) stays off; one that was on is on
again afterwards, however the block ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside the block (the collector's state restored after it)."""
    was = gc.isenabled()
    if was:
        gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
