"""Pausing Python's cycle collector during one allocation-heavy step.

A step that builds many objects and keeps most of them (a folder import of thousands of files, the
record's flowables, a YAML tree of a workspace) triggers the collector again and again, and each
run walks the live objects to find next to no garbage. ``paused()`` turns automatic collection
off for the step and back on after it, however it ends; where it was off already (the GUI collects
on its own timer) it stays off. Nothing is lost: garbage made meanwhile is collected at the next
run after the step.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """Automatic collection off for the ``with`` block, back as it was after it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
