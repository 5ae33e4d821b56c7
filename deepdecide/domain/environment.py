"""An environment capture: the software stack a serving machine ran, pinned, as evidence.

The source article's first question before approving a migration is "is your exact GPU on the
official list, and can the pinned environment be reproduced on a clean machine?". The matrix
answers the first half; an environment capture answers the second: what the machine is
(``nvidia-smi -q -x``), what it runs (the runtime's version output: CUDA, GCC, Python, OS, the
runtime's own version) and what pins it (a container image digest, or a lock file whose every
package has an exact version). The analysis judges it against the matrix cell's pinned
requirements (``domain.machine``); docs/evidence-import.md describes the files.

A capture is stored inside its evidence file (``EvidenceFile.environment``), with the name, size
and SHA-256 of every part it was read from, so a reader can check that the parts are the ones
judged. It holds no free text of the machine beyond the values read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from deepdecide.domain.common import tuple_field
from deepdecide.domain.machine import MachineProfile
from deepdecide.domain.messages import Message, msg

#: an image reference pinned by content: ``name@sha256:<64 hex digits>``
_DIGEST = re.compile(r"@(sha256:[0-9a-f]{64})$")


class PartRole(StrEnum):
    """What a part of a capture is."""

    NVIDIA_SMI = "nvidia-smi"  # the XML of ``nvidia-smi -q -x``: the GPU, its count, the driver
    VERSIONS = "versions"  # the runtime's version output (``vllm collect-env``, ``--version`` lines)
    LOCK_FILE = "lock-file"  # a lock file: every package at an exact version


@dataclass(frozen=True, slots=True)
class CapturedPart:
    """One file a capture was read from, as it was read."""

    role: PartRole
    file_name: str  # its name, without any folder
    size_bytes: int
    sha256: str


class LockFormat(StrEnum):
    UV = "uv.lock"
    POETRY = "poetry.lock"
    PIPFILE = "Pipfile.lock"
    REQUIREMENTS = "requirements"  # ``pip freeze`` / ``pip-compile`` output: ``name==version`` lines
    CONDA = "conda-explicit"  # ``conda list --explicit``: one package file URL a line


@dataclass(frozen=True, slots=True)
class LockSummary:
    """What a lock file pins: how many packages, which are not pinned to one version (at most the
    first :data:`MAX_UNPINNED` named), and the runtime's own package version where it holds it."""

    format: LockFormat
    packages: int
    unpinned: tuple[str, ...] = tuple_field()
    unpinned_count: int = 0
    runtime_version: str = ""

    @property
    def pinned(self) -> bool:
        return self.packages > 0 and not self.unpinned_count


MAX_UNPINNED = 20


@dataclass(frozen=True, slots=True)
class EnvironmentCapture:
    """The stack one machine ran for one runtime; empty text means "not in the capture".

    ``driver_cuda`` is the newest CUDA the driver supports (what ``nvidia-smi`` reports), not the
    toolkit; ``cuda`` is the toolkit the runtime's stack was built with or runs (the version
    output). ``os`` is the family a requirement names (``linux``), ``os_release`` the release the
    output names ("Ubuntu 24.04.2 LTS (x86_64)")."""

    runtime: str
    runtime_version: str = ""
    gpu_name: str = ""
    gpu_count: int | None = None
    driver: str = ""
    driver_cuda: str = ""
    cuda: str = ""
    cann: str = ""
    os: str = ""
    os_release: str = ""
    gcc: str = ""
    python: str = ""
    image: str = ""  # the container image reference as captured ("registry/name@sha256:...")
    lock: LockSummary | None = None
    parts: tuple[CapturedPart, ...] = tuple_field()

    @property
    def image_digest(self) -> str:
        """The image's content digest ("sha256:..."), or "" when the image is named by a tag only."""
        return digest_of(self.image)

    @property
    def pinned(self) -> bool:
        """Pinned by an image digest, or by a lock file with every package at one version."""
        return bool(self.image_digest) or (self.lock is not None and self.lock.pinned)

    def part(self, role: PartRole) -> CapturedPart | None:
        return next((p for p in self.parts if p.role == role), None)

    def machine(self) -> MachineProfile:
        """The capture as the machine check reads a machine: the toolkit's CUDA where the capture
        has it, else none (the driver's newest CUDA is not the toolkit; see ``driver_cuda``)."""
        return MachineProfile(gpu_name=self.gpu_name, gpu_count=self.gpu_count, os=self.os, cuda=self.cuda,
                              cann=self.cann, driver=self.driver, gcc=self.gcc, python=self.python,
                              source="environment capture")


def digest_of(image: str) -> str:
    """The content digest of an image reference ("" for a reference by tag)."""
    m = _DIGEST.search(image.strip())
    return m.group(1) if m else ""


def pin_text(env: EnvironmentCapture) -> Message:
    """What pins the capture, in words: the image digest, the lock file, both or nothing."""
    digest = env.image_digest
    lock = env.lock
    parts: list[Message] = []
    if digest:
        parts.append(msg("environment.pin.image", "pinned by image {digest}", digest=digest[:19] + "…"))
    if lock is not None:
        file = env.part(PartRole.LOCK_FILE)
        name = file.file_name if file else lock.format.value
        if lock.pinned:
            parts.append(msg("environment.pin.lock", "pinned by lock file {file} ({n} packages, each at one version)",
                             file=name, n=lock.packages))
        else:
            parts.append(msg("environment.pin.lock_loose", "lock file {file}: {unpinned} of {n} packages not "
                             "pinned to one version", file=name, unpinned=lock.unpinned_count, n=lock.packages))
    if not parts:
        return msg("environment.pin.none", "not pinned (no image digest, no lock file)")
    if len(parts) == 1:
        return parts[0]
    return msg("environment.pin.both", "{first}; {second}", first=parts[0], second=parts[1])


def summary(env: EnvironmentCapture) -> Message:
    """The capture in one line: GPUs and driver, the stack, the runtime's version, what pins it."""
    gpus = (msg("environment.gpus", "{n} x {gpu}", n=env.gpu_count, gpu=env.gpu_name) if env.gpu_count
            else env.gpu_name or "?")
    stack = ", ".join(f"{label} {value}" for label, value in (
        ("driver", env.driver), ("CUDA", env.cuda), ("CANN", env.cann), ("GCC", env.gcc),
        ("Python", env.python)) if value)
    if env.os:
        stack = f"{stack}, {env.os}" if stack else env.os
    version = f"{env.runtime} {env.runtime_version}" if env.runtime_version else env.runtime
    return msg("environment.summary", "{runtime} on {gpus}; {stack}; {pin}", runtime=version,
               gpus=gpus, stack=stack or "?", pin=pin_text(env))
