"""Small value types shared by every part of the domain: sources, three-point estimates."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class SourceKind(StrEnum):
    PRIMARY = "primary"  # the project's own docs or source
    ISSUE = "issue"
    PR = "pr"
    SECONDARY = "secondary"  # a third-party page
    ARTICLE = "article"  # the decision's own source text (e.g. the seed note)
    MEASUREMENT = "measurement"  # a measurement the team made itself


@dataclass(frozen=True, slots=True)
class Source:
    """Where a fact comes from, and how old it is.

    ``as_of`` is kept as the source states it ("2026-09-24", "NIM 1.13.0 (2025)",
    "undated (public page, 2026)"): a made-up precise date would be worse than an
    honest vague one.
    """

    title: str
    url_or_path: str
    as_of: str
    kind: SourceKind = SourceKind.PRIMARY
    id: str = ""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A three-point (low / likely / high) estimate of an uncertain quantity.

    ``low <= likely <= high`` is checked by the storage validator; the analysis
    uses it as a triangular distribution.
    """

    low: float
    likely: float
    high: float

    def __post_init__(self) -> None:
        # store floats whatever the caller passed (Estimate(0, 0, 0) defaults, GUI spin boxes): an int
        # and the equal float are == but print differently, which would change the canonical hash
        for name in ("low", "likely", "high"):
            value = getattr(self, name)
            if isinstance(value, int) and not isinstance(value, bool):
                object.__setattr__(self, name, float(value))

    @classmethod
    def exact(cls, value: float) -> Estimate:
        return cls(value, value, value)

    @property
    def is_ordered(self) -> bool:
        return self.low <= self.likely <= self.high

    @property
    def is_exact(self) -> bool:
        return self.low == self.likely == self.high


def _empty() -> tuple[Any, ...]:
    return ()


def tuple_field() -> Any:
    """A dataclass field defaulting to an empty tuple (frozen-friendly list).

    Typed ``Any`` as ``dataclasses.field`` itself is: the annotation of the attribute it
    initialises (``tuple[str, ...]``) is what the checker holds the field to."""
    return field(default_factory=_empty)


#: field metadata key: the canonical form (a record's embedded inputs) holds the field only when it is
#: not its default. For a field added after records were made: their inputs keep their bytes.
OMIT_UNSET = "deepdecide.omit_unset"


def added_field(default: Any = None) -> Any:
    """A dataclass field added to a stored type after records were made (:data:`OMIT_UNSET`)."""
    return field(default=default, metadata={OMIT_UNSET: True})
