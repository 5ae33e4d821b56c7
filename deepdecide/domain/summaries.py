"""Per-file summaries kept with the evidence: where the layer that works them out and the layer that
keeps them meet.

Judging every run of ten thousand result files against the workload is most of a new process's
evaluation. ``analysis.summary`` judges them and can write each file's judgement as text;
``storage.evidence_store`` keeps those texts in the evidence store beside the files. Neither layer
may import the other, so each registers here, when it is imported, what it offers:

* the analysis layer, how to summarise a workspace's files (``provide_summarizer``): a context key
  (what the judgements depend on: the workload, the model, the matrix's platforms, the options'
  runtime x platform, the judging code's version) and one text per file;
* the storage layer, how to find the text kept for a file object it read (``provide_lookup``).

A summary is a cache: where none is registered, none is kept or found, and everything is judged
as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

#: ws -> (context key, one text per evidence file of ``ws``, in order) or None (nothing to keep)
Summarizer = Callable[[Any], "tuple[str, Sequence[str]] | None"]
#: evidence file object -> (context key, text) kept for it, or None
Lookup = Callable[[Any], "tuple[str, str] | None"]

_SUMMARIZER: list[Summarizer] = []
_LOOKUP: list[Lookup] = []


def provide_summarizer(fn: Summarizer) -> None:
    _SUMMARIZER[:] = [fn]


def provide_lookup(fn: Lookup) -> None:
    _LOOKUP[:] = [fn]


def summarize(ws: Any) -> tuple[str, Sequence[str]] | None:
    """The context key and the texts of ``ws``'s files to keep with them (None: no summarizer)."""
    return _SUMMARIZER[0](ws) if _SUMMARIZER else None


def kept(f: Any) -> tuple[str, str] | None:
    """The context key and text kept for the evidence file object ``f`` (None: none)."""
    return _LOOKUP[0](f) if _LOOKUP else None
