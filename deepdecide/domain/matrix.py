"""The support matrix: runtimes x platforms, each cell with a status, a pinned stack and sources."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum

from deepdecide.domain.common import Source, tuple_field


class SupportStatus(StrEnum):
    OFFICIAL = "official"  # the runtime's own docs list this exact platform
    EXPERIMENTAL = "experimental"  # works in some form, not on the official list
    COMMUNITY = "community"  # a fork, plugin or third party supports it
    UNSUPPORTED = "unsupported"  # a source states it does not work (arch list, code rejects it)
    UNDOCUMENTED = "undocumented"  # nothing found either way: plan as experimental


class RuntimeKind(StrEnum):
    SERVING_RUNTIME = "serving-runtime"
    ENGINE = "engine"
    KERNEL_LIBRARY = "kernel-library"
    LOCAL_RUNTIME = "local-runtime"


class Component(StrEnum):
    """Parts of a machine's software stack that a support cell can pin."""

    OS = "os"
    CUDA = "cuda"
    CANN = "cann"
    ROCM = "rocm"
    DRIVER = "driver"
    GCC = "gcc"
    PYTHON = "python"


@dataclass(frozen=True, slots=True)
class Requirement:
    """One pinned requirement: ``spec`` is a version range such as ``>=12.8`` or ``>=3.10,<3.14``
    (for ``os`` a name such as ``linux``); ``text`` keeps the source's own words."""

    component: Component
    spec: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Interconnect:
    scale_up: str = ""
    scale_out: str = ""
    per_gpu_gbps: float | None = None  # GB/s per GPU on the scale-up fabric


@dataclass(frozen=True, slots=True)
class Platform:
    id: str
    vendor: str
    name: str
    architecture: str  # e.g. sm90, sm100, ascend-950
    family: str = ""  # e.g. Hopper, Blackwell
    memory_gb: float | None = None
    interconnect: Interconnect = Interconnect()
    precisions: tuple[str, ...] = tuple_field()
    aliases: tuple[str, ...] = tuple_field()  # names a machine reports, e.g. "NVIDIA H100 80GB HBM3"
    sources: tuple[Source, ...] = tuple_field()
    notes: str = ""


@dataclass(frozen=True, slots=True)
class Runtime:
    id: str
    name: str
    kind: RuntimeKind
    upstream: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class SupportEntry:
    runtime: str
    platform: str
    status: SupportStatus
    sources: tuple[Source, ...]
    requirements: tuple[Requirement, ...] = tuple_field()
    notes: str = ""

    @property
    def as_of(self) -> str:
        """The newest-looking as-of among the sources (sources are listed newest first)."""
        return self.sources[0].as_of if self.sources else ""


@dataclass(frozen=True, slots=True)
class SupportMatrix:
    runtimes: tuple[Runtime, ...] = tuple_field()
    platforms: tuple[Platform, ...] = tuple_field()
    entries: tuple[SupportEntry, ...] = tuple_field()
    as_of: str = ""

    def runtime(self, runtime_id: str) -> Runtime | None:
        return next((r for r in self.runtimes if r.id == runtime_id), None)

    def platform(self, platform_id: str) -> Platform | None:
        return next((p for p in self.platforms if p.id == platform_id), None)

    def entry(self, runtime_id: str, platform_id: str) -> SupportEntry | None:
        return next(
            (e for e in self.entries if e.runtime == runtime_id and e.platform == platform_id), None
        )

    def resolve_platform(self, name: str) -> Platform | None:
        """The platform a run or a user names: its id, or else a GPU name matched by its aliases
        (importers keep the name the file reports, e.g. "H100" or "NVIDIA H100 80GB HBM3")."""
        if not name:
            return None
        return self.platform(name) or match_platform(self, name)

    def platform_id(self, name: str) -> str:
        """The matrix id ``name`` refers to, or ``name`` itself when it names no platform."""
        p = self.resolve_platform(name)
        return p.id if p else name

    def status(self, runtime_id: str, platform_id: str) -> SupportStatus:
        """Status of a cell; a cell the matrix does not have is undocumented."""
        e = self.entry(runtime_id, platform_id)
        return e.status if e else SupportStatus.UNDOCUMENTED


_NORMALISE = re.compile(r"[^a-z0-9]+")


def normalise_name(name: str) -> str:
    """Lower-case a GPU name and reduce punctuation to single spaces ("NVIDIA H100-SXM" -> "nvidia h100 sxm")."""
    return _NORMALISE.sub(" ", name.lower()).strip()


@functools.lru_cache(maxsize=4096)
def _name_words(name: str) -> tuple[str, ...]:
    """The words of a normalised name (the aliases of the matrix are matched against many names)."""
    return tuple(normalise_name(name).split())


#: words of a GPU name that say who made it or how much memory it has, not which GPU it is
_INCIDENTAL = re.compile(r"(nvidia|amd|intel|huawei|\d+gb|hbm\d*e?)")


def _essential_words(name: str) -> frozenset[str]:
    return frozenset(w for w in _name_words(name) if not _INCIDENTAL.fullmatch(w))


def exact_platform(matrix: SupportMatrix, gpu_name: str) -> Platform | None:
    """The platform ``gpu_name`` names exactly: its words are those of the platform's id, name or one
    of its aliases, but for the maker and the memory ("NVIDIA H100 80GB HBM3" is "H100"). A name
    with a word the platform does not have ("H100 PCIe": another card than the H100 SXM) is not it:
    see :func:`closest_platforms`."""
    words = _essential_words(gpu_name)
    if not words:
        return None
    for platform in matrix.platforms:
        if any(_essential_words(alias) == words for alias in (platform.id, platform.name, *platform.aliases)):
            return platform
    return None


def closest_platforms(matrix: SupportMatrix, gpu_name: str, limit: int = 3) -> tuple[Platform, ...]:
    """The platforms nearest to a name the matrix does not hold exactly: those one of whose names is
    all in it (the longest first: "H100 PCIe" -> H100 SXM), or, when there is none, those whose
    names read most alike (difflib), at most ``limit``."""
    import difflib

    words = _name_words(gpu_name)
    scored: dict[str, tuple[int, Platform]] = {}
    for platform in matrix.platforms:
        for alias in (platform.id, platform.name, *platform.aliases):
            alias_words = _name_words(alias)
            if alias_words and all(w in words for w in alias_words):
                score = sum(len(w) for w in alias_words)
                if score > scored.get(platform.id, (0, platform))[0]:
                    scored[platform.id] = (score, platform)
    found = [p for _s, p in sorted(scored.values(), key=lambda sp: -sp[0])]
    if not found:
        names = {normalise_name(alias): p for p in matrix.platforms for alias in (p.name, *p.aliases)}
        for near in difflib.get_close_matches(normalise_name(gpu_name), list(names), n=limit * 3, cutoff=0.6):
            if names[near] not in found:
                found.append(names[near])
    return tuple(found[:limit])


def match_platform(matrix: SupportMatrix, gpu_name: str) -> Platform | None:
    """Find the platform a GPU name refers to.

    The name matches a platform when all words of one of its aliases (or its id or
    name) occur in the given name as whole words; the longest such alias wins, so
    "H100 SXM" picks H100 and "GH200" does not pick H200.
    """
    words = _name_words(gpu_name)
    if not words:
        return None
    best: tuple[int, Platform] | None = None
    for platform in matrix.platforms:
        for alias in (platform.id, platform.name, *platform.aliases):
            alias_words = _name_words(alias)
            if alias_words and all(w in words for w in alias_words):
                score = sum(len(w) for w in alias_words)
                if best is None or score > best[0]:
                    best = (score, platform)
    return best[1] if best else None
