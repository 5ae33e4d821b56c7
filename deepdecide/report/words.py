"""The record's words for the workspace's and the Assessment's coded values (statuses, answers,
verdicts, pricing, strategies ...) in the record's language.

The values themselves stay English codes in the workspace and in the embedded inputs; only the
record shows them translated. Each word is marked with :func:`~deepdecide.domain.i18n.pgettext`
under a context naming what it qualifies, so that "pass" (a parity verdict) and "official" (a
support status) can be translated differently where Spanish needs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from typing import Any

from deepdecide.analysis.assessment import (
    Applicability,
    CapacityBasis,
    CapacitySource,
    Classification,
    ParityOutcome,
    PoolBasis,
)
from deepdecide.domain import i18n
from deepdecide.domain.evidence import ParityKind, ProvenanceKind, Verdict
from deepdecide.domain.i18n import _, pgettext
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import Amount, Message
from deepdecide.domain.workspace import (
    Answer,
    CostView,
    Direction,
    KvTransfer,
    OwnedValue,
    PoolRole,
    Pricing,
    RecordStatus,
    StepStatus,
    Strategy,
    TopologyKind,
    Vote,
)


def _table() -> dict[tuple[type, str], str]:
    # keyed by (enum class, value): members of different StrEnums with the same value ("own" pricing,
    # "own" capacity source) are equal as strings and would collide as plain keys
    pairs: list[tuple[Enum, str]] = [
        (RecordStatus.PROPOSED, pgettext("record status", "proposed")),
        (RecordStatus.ACCEPTED, pgettext("record status", "accepted")),
        (RecordStatus.REJECTED, pgettext("record status", "rejected")),
        (RecordStatus.DEPRECATED, pgettext("record status", "deprecated")),
        (RecordStatus.SUPERSEDED, pgettext("record status", "superseded")),
        (Answer.PROVIDED, pgettext("checklist answer", "provided")),
        (Answer.EXTERNAL, pgettext("checklist answer", "external")),
        (Answer.MISSING, pgettext("checklist answer", "missing")),
        (Direction.BENEFIT, pgettext("criterion direction", "benefit")),
        (Direction.COST, pgettext("criterion direction", "cost")),
        (Strategy.KEEP, pgettext("strategy", "keep")),
        (Strategy.PORT, pgettext("strategy", "port")),
        (Strategy.BUY, pgettext("strategy", "buy")),
        (Strategy.DEV_ONLY, pgettext("strategy", "dev-only")),
        (Strategy.HOSTED_API, pgettext("strategy", "hosted API")),
        (OwnedValue.BOOK, pgettext("owned value", "book")),
        (OwnedValue.RESALE, pgettext("owned value", "resale")),
        (OwnedValue.PURCHASE, pgettext("owned value", "purchase")),
        (Pricing.RENT, pgettext("pricing", "rent")),
        (Pricing.OWN, pgettext("pricing", "own")),
        (Pricing.EXISTING, pgettext("pricing", "existing")),
        (CostView.CASH, pgettext("cost view", "cash")),
        (CostView.ALL_IN, pgettext("cost view", "all-in (economic)")),
        (SupportStatus.OFFICIAL, pgettext("support status", "official")),
        (SupportStatus.EXPERIMENTAL, pgettext("support status", "experimental")),
        (SupportStatus.COMMUNITY, pgettext("support status", "community")),
        (SupportStatus.UNSUPPORTED, pgettext("support status", "unsupported")),
        (SupportStatus.UNDOCUMENTED, pgettext("support status", "undocumented")),
        (ParityKind.KERNEL, pgettext("parity kind", "kernel")),
        (ParityKind.LOGITS, pgettext("parity kind", "logits")),
        (ParityKind.GREEDY_MATCH, pgettext("parity kind", "greedy_match")),
        (ParityKind.EVAL_ACCURACY, pgettext("parity kind", "eval_accuracy")),
        (ParityKind.STRUCTURED_OUTPUT, pgettext("parity kind", "structured_output")),
        (ParityKind.LONG_CONTEXT, pgettext("parity kind", "long_context")),
        (Verdict.PASS, pgettext("parity verdict", "pass")),
        (Verdict.FAIL, pgettext("parity verdict", "fail")),
        (Verdict.INCONCLUSIVE, pgettext("parity verdict", "inconclusive")),
        (ParityOutcome.PASS, pgettext("parity verdict", "pass")),
        (ParityOutcome.FAIL, pgettext("parity verdict", "fail")),
        (ParityOutcome.INCONCLUSIVE, pgettext("parity verdict", "inconclusive")),
        (ParityOutcome.NONE, pgettext("parity verdict", "none")),
        (Vote.APPROVE, pgettext("vote", "approve")),
        (Vote.REJECT, pgettext("vote", "reject")),
        (Vote.ABSTAIN, pgettext("vote", "abstain")),
        (Vote.PENDING, pgettext("vote", "pending")),
        (StepStatus.TODO, pgettext("step status", "todo")),
        (StepStatus.IN_PROGRESS, pgettext("step status", "in-progress")),
        (StepStatus.DONE, pgettext("step status", "done")),
        (StepStatus.BLOCKED, pgettext("step status", "blocked")),
        (Applicability.MATCHES, pgettext("applicability", "matches")),
        (Applicability.PROXY, pgettext("applicability", "proxy")),
        (Applicability.MISMATCH, pgettext("applicability", "mismatch")),
        (Applicability.NEEDS_CONTEXT, pgettext("applicability", "needs-context")),
        (CapacityBasis.MEASURED, pgettext("capacity basis", "measured")),
        (CapacityBasis.INTERPOLATED, pgettext("capacity basis", "interpolated")),
        (CapacityBasis.LOWER_BOUND, pgettext("capacity basis", "lower bound")),
        (CapacityBasis.ASSUMED, pgettext("capacity basis", "assumed")),
        (CapacityBasis.FAILS_SLO, pgettext("capacity basis", "fails the SLO")),
        (CapacityBasis.FAILS_PARITY, pgettext("capacity basis", "fails parity")),
        (CapacityBasis.CANNOT_JUDGE, pgettext("capacity basis", "cannot be judged")),
        (CapacityBasis.NONE, pgettext("capacity basis", "none")),
        (CapacitySource.OWN, pgettext("capacity source", "own measurement")),
        (CapacitySource.THIRD_PARTY, pgettext("capacity source", "third-party")),
        (CapacitySource.PROXY, pgettext("capacity source", "proxy")),
        (CapacitySource.PREDICTED, pgettext("capacity source", "predicted")),
        (CapacitySource.ASSUMED, pgettext("capacity source", "assumed")),
        (CapacitySource.NONE, pgettext("capacity source", "none")),
        (PoolBasis.MEASURED, pgettext("capacity basis", "measured")),
        (PoolBasis.PROXY, pgettext("capacity source", "proxy")),
        (PoolBasis.PREDICTED, pgettext("capacity source", "predicted")),
        (PoolBasis.ASSUMED, pgettext("capacity basis", "assumed")),
        (PoolBasis.NONE, pgettext("capacity basis", "none")),
        (PoolRole.PREFILL, pgettext("pool", "prefill")),
        (PoolRole.DECODE, pgettext("pool", "decode")),
        (TopologyKind.AGGREGATED, pgettext("topology", "aggregated")),
        (TopologyKind.DISAGGREGATED, pgettext("topology", "disaggregated")),
        (KvTransfer.SCALE_UP, pgettext("KV transfer", "inside one scale-up domain")),
        (KvTransfer.RDMA, pgettext("KV transfer", "RDMA between nodes")),
        (KvTransfer.UNSTATED, pgettext("KV transfer", "not stated")),
        (ProvenanceKind.OWN, pgettext("evidence kind", "own measurement")),
        (ProvenanceKind.THIRD_PARTY, pgettext("evidence kind", "third-party result")),
        (ProvenanceKind.ILLUSTRATIVE, pgettext("evidence kind", "illustrative, reconstructed from published figures")),
        (ProvenanceKind.PREDICTED, pgettext("evidence kind", "predicted (estimator or simulator, not a measurement)")),
    ]
    return {(type(k), k.value): v for k, v in pairs}


# the table per language, built once (a record looks up a few hundred words)
_TABLES: dict[str, dict[tuple[type, str], str]] = {}


def _words() -> dict[tuple[type, str], str]:
    lang = i18n.language()
    table = _TABLES.get(lang)
    if table is None:
        table = _TABLES[lang] = _table()
    return table


def reset_cache() -> None:
    """Forget the tables (tests that rewrite a catalog, with ``i18n.reset_cache``)."""
    _TABLES.clear()


def word(value: Any) -> str:
    """A coded value in the record's language (an unknown one as it is)."""
    if value is None:
        return ""
    if isinstance(value, Enum):
        found = _words().get((type(value), value.value))
        if found is not None:
            return found
        return str(value.value)
    return str(value)


def text(value: Any) -> str:
    """A Message in the record's language (its template is the catalog key); other values as text.

    While a record is composed (:func:`rendering`), a message is rendered once: the same flag of a
    thousand files, or an option's name on each of its runs, is written again from what it gave."""
    from deepdecide.domain.i18n import translate

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
    from deepdecide.domain import formatting

    fixed_format = getattr(formatting, "fixed", None)
    if fixed_format is not None:
        return str(fixed_format(value, digits))
    return f"{value:.{digits}f}"


def acquire_word(acquire: str) -> str:
    """How the shortfall of a fleet is acquired ("buy", "rent")."""
    return {"buy": pgettext("acquire", "buy"), "rent": pgettext("acquire", "rent")}.get(acquire, acquire)
