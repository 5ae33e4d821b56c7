"""The record's words for coded values and messages, in the record's language.

The words themselves are :mod:`deepdecide.domain.vocabulary`'s one table (the widgets and the command
line read it too); the values stay English codes in the workspace and in the embedded inputs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from typing import Any

from deepdecide.analysis.assessment import CapacitySource, Classification
from deepdecide.domain import formatting
from deepdecide.domain.i18n import _, ngettext, pgettext, translate
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import Amount, Message
from deepdecide.domain.vocabulary import reset_cache, word

__all__ = ["acquire_word", "capacity_label", "classification_label", "fixed", "join_text", "rendering",
           "reset_cache", "text", "word", "yes_no"]


def text(value: Any) -> str:
    """A Message in the record's language (its template is the catalog key); other values as text.

    While a record is composed (:func:`rendering`), a message is rendered once: the same flag of a
    thousand files, or an option's name on each of its runs, is written again from what it gave."""

    if isinstance(value, Message):
        memo = _RENDERED.get()
        if memo is None:
            return value.render(translate)
        key = _message_key(value)
        if key is None:
            return value.render(translate)
        found = memo.get(key)
        if found is None:
            found = memo[key] = value.render(translate)
        return found
    return "" if value is None else str(value)


#: the texts of the messages rendered while one record is composed (None: outside of it)
_RENDERED: ContextVar[dict[Any, str] | None] = ContextVar("rendered_messages", default=None)


@contextmanager
def rendering() -> Iterator[None]:
    """Render each message once while the body of this block composes a record (one language and
    currency throughout: the caller sets them before it)."""
    token = _RENDERED.set({})
    try:
        yield
    finally:
        _RENDERED.reset(token)


def _message_key(m: Message) -> Any:
    """A key that two messages share only when they render alike: their id, template and parameters,
    each parameter with its type (``1`` and ``1.0`` are equal but may be written differently; a float by
    its exact bits, so ``-0.0`` is not ``0.0``); None for a parameter of any other kind."""
    params = []
    for name, v in m.params:
        k = _param_key(v)
        if k is None:
            return None
        params.append((name, k))
    return (m.id, m.template, tuple(params))


def _param_key(v: Any) -> Any:
    cls = v.__class__
    if cls is str or cls is int or cls is bool or v is None:
        return (cls, v)
    if cls is float:
        return (cls, v.hex())
    if isinstance(v, Enum):  # rendered as its word
        return (cls, v.value)
    if cls is Message:
        return _message_key(v)
    if cls is tuple:
        parts = [_param_key(x) for x in v]
        return None if any(x is None for x in parts) else (cls, tuple(parts))
    if cls is Amount:
        value = _param_key(v.value)
        return None if value is None else (cls, value, v.unit)
    return None


def capacity_label(capacity: Any) -> str:
    """What a capacity rests on, in a few words ("interpolated, proxy"), as ``CapacityEstimate.label``."""
    basis = word(capacity.basis)
    source = capacity.source
    if source in (CapacitySource.ASSUMED, CapacitySource.NONE):
        return basis
    if getattr(capacity, "corrected_by", 0):
        return ngettext("{basis}, predicted, corrected by {n} measured pair", "{basis}, predicted, corrected by {n} measured pairs",
                        capacity.corrected_by).format(basis=basis, n=capacity.corrected_by)
    return _("{basis}, {source}").format(basis=basis, source=word(source))


def classification_label(c: Classification) -> str:
    """"official" or "experimental", as ``Classification.label``."""
    return word(SupportStatus.OFFICIAL if c.official else SupportStatus.EXPERIMENTAL)


def yes_no(flag: bool) -> str:
    return pgettext("answer", "yes") if flag else pgettext("answer", "no")


def join_text(messages: Any, sep: str = "; ") -> str:
    """Messages (or strings) joined, each in the record's language."""
    return sep.join(text(m) for m in messages)


def fixed(value: float, digits: int) -> str:
    """A score with a fixed number of decimals ("0.412"), as the formatting module writes numbers."""
    fixed_format = getattr(formatting, "fixed", None)
    if fixed_format is not None:
        return str(fixed_format(value, digits))
    return f"{value:.{digits}f}"


def acquire_word(acquire: str) -> str:
    """How the shortfall of a fleet is acquired ("buy", "rent")."""
    return word(acquire, "acquire")
