"""Check a real machine against the support matrix (the seed's checklist question 1).

"Is your exact GPU on the official list, and does the pinned stack hold on this machine?"
If the GPU is not on the runtime's official list, the project is experimental, whatever
else is true.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from deepdecide.domain.common import tuple_field
from deepdecide.domain.matrix import (
    Component,
    Platform,
    Requirement,
    Runtime,
    SupportEntry,
    SupportMatrix,
    SupportStatus,
    closest_platforms,
    exact_platform,
)


@dataclass(frozen=True, slots=True)
class MachineProfile:
    """What is installed on the target machine. Empty strings mean "not given"."""

    gpu_name: str
    gpu_count: int | None = None
    os: str = ""
    cuda: str = ""
    cann: str = ""
    rocm: str = ""
    driver: str = ""
    gcc: str = ""
    python: str = ""
    source: str = ""  # e.g. "nvidia-smi -q -x capture h100.xml" or "command-line flags"
    notes: tuple[str, ...] = tuple_field()

    def value(self, component: Component) -> str:
        value: str = getattr(self, component.value)
        return value


class ReqState(StrEnum):
    MET = "met"
    UNMET = "unmet"
    UNKNOWN = "unknown"  # the machine's value was not given or cannot be compared


@dataclass(frozen=True, slots=True)
class RequirementCheck:
    requirement: Requirement
    machine_value: str
    state: ReqState
    reason: str


class Verdict(StrEnum):
    LISTED = "listed"  # officially listed for this exact platform
    EXPERIMENTAL = "experimental"  # not on the official list: the project is experimental
    UNSUPPORTED = "unsupported"  # a source says it does not work


@dataclass(frozen=True, slots=True)
class RuntimeCheck:
    runtime: Runtime
    status: SupportStatus
    verdict: Verdict
    entry: SupportEntry | None
    requirements: tuple[RequirementCheck, ...]
    reason: str

    @property
    def unmet(self) -> tuple[RequirementCheck, ...]:
        return tuple(r for r in self.requirements if r.state == ReqState.UNMET)

    @property
    def ready(self) -> bool:
        """Officially listed and no pinned requirement known to be unmet."""
        return self.verdict == Verdict.LISTED and not self.unmet


@dataclass(frozen=True, slots=True)
class MachineCheck:
    machine: MachineProfile
    platform: Platform | None  # the platform the GPU name names exactly; None: not in the matrix
    runtimes: tuple[RuntimeCheck, ...]
    # the matrix's platforms nearest to a GPU name it does not hold ("H100 PCIe" -> H100 SXM)
    closest: tuple[Platform, ...] = ()


def parse_version(text: str) -> Version | None:
    """A version as a requirement is checked against ("12.8", "570.86.15", "v3.11"); None when ``text``
    is not one ("twelve")."""
    text = text.strip().lstrip("vV")
    try:
        return Version(text)
    except InvalidVersion:
        return None


def check_requirement(req: Requirement, machine: MachineProfile) -> RequirementCheck:
    value = machine.value(req.component).strip()
    if not value:
        return RequirementCheck(req, "", ReqState.UNKNOWN, f"{req.component.value} not given")
    if req.component == Component.OS:
        met = value.lower() == req.spec.strip().lower()
        return RequirementCheck(
            req, value, ReqState.MET if met else ReqState.UNMET,
            f"os is {value}" + ("" if met else f", needs {req.spec}"),
        )
    version = parse_version(value)
    if version is None:
        return RequirementCheck(req, value, ReqState.UNKNOWN, f"{value!r} is not a version number")
    try:
        spec = SpecifierSet(req.spec)
    except InvalidSpecifier:
        return RequirementCheck(req, value, ReqState.UNKNOWN, f"the matrix's range {req.spec!r} is not readable")
    met = spec.contains(version, prereleases=True)
    return RequirementCheck(
        req, value, ReqState.MET if met else ReqState.UNMET,
        f"{req.component.value} {value} {'meets' if met else 'does not meet'} {req.spec}",
    )


def check_runtime(matrix: SupportMatrix, runtime: Runtime, platform: Platform | None,
                  machine: MachineProfile) -> RuntimeCheck:
    if platform is None:
        return RuntimeCheck(runtime, SupportStatus.UNDOCUMENTED, Verdict.EXPERIMENTAL, None, (),
                            f"the GPU {machine.gpu_name!r} is not a platform in the matrix, so it is on no official list")
    entry = matrix.entry(runtime.id, platform.id)
    status = entry.status if entry else SupportStatus.UNDOCUMENTED
    reqs = tuple(check_requirement(r, machine) for r in entry.requirements) if entry else ()
    if status == SupportStatus.OFFICIAL:
        verdict = Verdict.LISTED
        reason = f"{platform.name} is on {runtime.name}'s official list"
    elif status == SupportStatus.UNSUPPORTED:
        verdict = Verdict.UNSUPPORTED
        reason = f"a source states {runtime.name} does not support {platform.name}"
    else:
        verdict = Verdict.EXPERIMENTAL
        reason = (f"{platform.name} is not on {runtime.name}'s official list ({status.value}): "
                  "classify the project as experimental")
    return RuntimeCheck(runtime, status, verdict, entry, reqs, reason)


def check_machine(matrix: SupportMatrix, machine: MachineProfile,
                  runtime_ids: tuple[str, ...] = ()) -> MachineCheck:
    """Check every runtime (or the given ones) of the matrix against the machine. Only a platform the
    GPU name names exactly is checked: "H100 PCIe" is not the H100 SXM of the matrix (another card),
    so it is on no official list, and the nearest platforms are named instead."""
    platform = exact_platform(matrix, machine.gpu_name)
    closest = () if platform is not None else closest_platforms(matrix, machine.gpu_name)
    runtimes = [r for r in matrix.runtimes if not runtime_ids or r.id in runtime_ids]
    return MachineCheck(machine, platform, tuple(check_runtime(matrix, r, platform, machine) for r in runtimes),
                        closest)
