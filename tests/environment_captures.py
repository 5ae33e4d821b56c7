"""Environment capture folders as a user makes them, for the tests: a manifest and its parts beside it.

The nvidia-smi parts are the project's own captures (tests/fixtures/nvidia_smi); the version outputs
and lock files are written here."""

from __future__ import annotations

import shutil
from pathlib import Path

SMI = Path(__file__).resolve().parent / "fixtures" / "nvidia_smi"
DIGEST = "sha256:" + "0f" * 32
NVCC_129 = """nvcc: NVIDIA (R) Cuda compiler driver
Copyright (c) 2005-2025 NVIDIA Corporation
Built on Tue_May_27_02:21:03_PDT_2025
Cuda compilation tools, release 12.9, V12.9.86
Build cuda_12.9.r12.9/compiler.36037853_0
gcc (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0
Copyright (C) 2023 Free Software Foundation, Inc.
Python 3.12.3
Linux
sglang: 0.5.21
"""
UV_LOCK = """version = 1
requires-python = ">=3.12"

[[package]]
name = "deployment"
version = "0.1.0"
source = { virtual = "." }

[[package]]
name = "sglang"
version = "0.5.21"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "torch"
version = "2.9.1"
source = { registry = "https://pypi.org/simple" }
"""


def capture(folder: Path, *, smi: str = "h100_sxm_8gpu.xml", versions: str | None = NVCC_129,
            lock: tuple[str, str] | None = ("uv.lock", UV_LOCK), image: str | None = f"lmsysorg/sglang@{DIGEST}",
            runtime: str | None = "sglang", extra: str = "") -> Path:
    """A capture folder as a user would make it: the manifest and the parts beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["kind: environment-capture"]
    if runtime:
        lines.append(f"runtime: {runtime}")
    shutil.copyfile(SMI / smi, folder / "nvidia-smi.xml")
    lines.append("nvidia_smi: nvidia-smi.xml")
    if versions is not None:
        (folder / "versions.txt").write_text(versions, encoding="utf-8")
        lines.append("versions: versions.txt")
    if lock is not None:
        (folder / lock[0]).write_text(lock[1], encoding="utf-8")
        lines.append(f"lock_file: {lock[0]}")
    if image:
        lines.append(f"image: {image}")
    (folder / "environment.yaml").write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    return folder / "environment.yaml"
