"""Environment captures: a manifest naming an ``nvidia-smi -q -x`` capture, the runtime's version
output and what pins the environment (an image digest or a lock file), imported like other evidence.

The nvidia-smi parts are the project's own captures (tests/fixtures/nvidia_smi, see its SOURCES.md);
the version outputs and lock files are written here, and one version output is the real PyTorch
``collect_env`` report an lm-evaluation-harness run recorded (../shared/fixtures)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest
from environment_captures import DIGEST, SMI, capture

from deepdecide.domain.environment import LockFormat, PartRole
from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import Evidence
from deepdecide.importers.base import ImportContext
from deepdecide.importers.environment import read_lock, read_versions
from deepdecide.importers.folder import import_folder
from deepdecide.importers.registry import import_bytes, import_file
from deepdecide.storage import files


def test_a_capture_is_read_from_its_parts(tmp_path):
    manifest = capture(tmp_path / "cap")
    result = import_file(manifest, ImportContext())
    ev = result.evidence
    assert result.tool == "environment_capture" and not ev.runs and not ev.parity
    env = ev.environment
    assert env is not None
    assert (env.runtime, env.runtime_version) == ("sglang", "0.5.21")
    # the GPU, its count, the driver and the driver's CUDA from the project's nvidia-smi capture
    assert (env.gpu_name, env.gpu_count, env.driver, env.driver_cuda) == ("NVIDIA H100 80GB HBM3", 8, "575.57.08", "12.9")
    # the toolkit, compiler, Python and OS from the version output
    assert (env.cuda, env.gcc, env.python, env.os) == ("12.9", "13.3.0", "3.12.3", "linux")
    assert env.image_digest == DIGEST and env.pinned
    assert env.lock is not None and env.lock.format == LockFormat.UV
    assert (env.lock.packages, env.lock.unpinned_count, env.lock.runtime_version) == (2, 0, "0.5.21")
    # every part with its size and SHA-256, as read
    roles = {p.role: p for p in env.parts}
    assert set(roles) == {PartRole.NVIDIA_SMI, PartRole.VERSIONS, PartRole.LOCK_FILE}
    smi = (SMI / "h100_sxm_8gpu.xml").read_bytes()
    assert roles[PartRole.NVIDIA_SMI].sha256 == hashlib.sha256(smi).hexdigest()
    assert roles[PartRole.NVIDIA_SMI].size_bytes == len(smi)
    assert ev.provenance.file_name == "environment.yaml"
    assert ev.provenance.sha256 == hashlib.sha256(manifest.read_bytes()).hexdigest()


def test_a_capture_survives_a_workspace_save(tmp_path):
    result = import_file(capture(tmp_path / "cap"), ImportContext())
    ws = files.builtin_sample()
    ws = replace(ws, evidence=Evidence(files=(*ws.evidence.files, result.evidence)))
    path = tmp_path / "ws.deepdecide.yaml"
    files.save_workspace(ws, path)
    again = files.load_workspace(path)
    assert again.evidence.files[-1].environment == result.evidence.environment


def test_a_tag_pins_nothing_and_the_lock_says_what_it_does_not_pin(tmp_path):
    loose = "sglang==0.5.21 \\\n    --hash=sha256:" + "ab" * 32 + "\ntorch>=2.9\n-e ./local-kernels\n"
    result = import_file(capture(tmp_path / "cap", image="lmsysorg/sglang:latest", lock=("requirements.txt", loose)),
                         ImportContext())
    env = result.evidence.environment
    assert env is not None and not env.image_digest and not env.pinned
    assert env.lock is not None and env.lock.format == LockFormat.REQUIREMENTS
    assert env.lock.unpinned == ("torch", "./local-kernels") and env.lock.packages == 3
    notes = [str(n) for n in result.notes]
    assert any("named by a tag" in n for n in notes) and any("not pinned to one version" in n for n in notes)


def test_the_toolkit_is_never_taken_from_the_driver(tmp_path):
    result = import_file(capture(tmp_path / "cap", versions="Python 3.12.3\n"), ImportContext())
    env = result.evidence.environment
    assert env is not None and env.cuda == "" and env.driver_cuda == "12.9"
    assert any("newest the driver supports" in str(n) for n in result.notes)


def test_a_real_collect_env_report(shared_fixture, tmp_path):
    """The PyTorch collect_env report (``pretty_env_info``) lm-eval 0.4.9.2 recorded on 8x H100."""
    data = json.loads(shared_fixture("parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json").read_text("utf-8"))
    values = read_versions(data["pretty_env_info"], "vllm")
    assert values["cuda"] == "12.8"  # "CUDA used to build PyTorch", before the runtime's 12.8.93
    assert (values["gcc"], values["python"], values["os"]) == ("13.3.0", "3.12.12", "linux")
    assert values["os_release"] == "Ubuntu 24.04.2 LTS (x86_64)" and values["driver"] == "570.148.08"
    assert values["gpus"] == "NVIDIA H100 80GB HBM3"
    # beside the project's own H100 capture (another machine): the driver differs, and it is said
    result = import_file(capture(tmp_path / "cap", versions=data["pretty_env_info"], runtime="vllm"),
                         ImportContext())
    env = result.evidence.environment
    assert env is not None and env.driver == "575.57.08"
    assert any("names driver 570.148.08, nvidia-smi 575.57.08" in str(n) for n in result.notes)


def test_the_newer_collect_env_layout_and_pip_lines():
    text = """==============================
        System Info
==============================
OS                           : Ubuntu 22.04.5 LTS (x86_64)
GCC version                  : (Ubuntu 11.4.0-1ubuntu1~22.04.3) 11.4.0
CUDA used to build PyTorch   : 12.9
Python version               : 3.12.12 (main, Oct 10 2025, 08:52:57) [GCC 11.4.0] (64-bit runtime)
Python platform              : Linux-6.18.13-200.fc43.x86_64-x86_64-with-glibc2.35
GPU models and configuration :
GPU 0: NVIDIA L40S
GPU 1: NVIDIA L40S

[pip3] torch==2.9.1+cu129
vLLM Version                 : 0.16.0
CUDA_VERSION=12.9.1
"""
    values = read_versions(text, "vllm")
    assert (values["cuda"], values["gcc"], values["python"], values["os"]) == ("12.9", "11.4.0", "3.12.12", "linux")
    assert values["runtime_version"] == "0.16.0" and values["gpus"] == "NVIDIA L40S"
    assert read_versions("Name: tensorrt_llm\nVersion: 1.1.0rc2\n", "tensorrt-llm")["runtime_version"] == "1.1.0rc2"


@pytest.mark.parametrize(("name", "text", "fmt", "packages", "unpinned"), [
    ("poetry.lock", '[[package]]\nname = "vllm"\nversion = "0.11.0"\n\n[metadata]\nlock-version = "2.0"\n'
     'content-hash = "x"\n', LockFormat.POETRY, 1, ()),
    ("Pipfile.lock", json.dumps({"_meta": {}, "default": {"vllm": {"version": "==0.11.0"}, "numpy": {"version": "*"}}}),
     LockFormat.PIPFILE, 2, ("numpy",)),
    ("explicit.txt", "# platform: linux-64\n@EXPLICIT\nhttps://conda.anaconda.org/conda-forge/linux-64/"
     "python-3.12.3-hab00c5b_0.conda\n", LockFormat.CONDA, 1, ()),
])
def test_lock_formats(name, text, fmt, packages, unpinned):
    lock = read_lock(text, "vllm")
    assert (lock.format, lock.packages, lock.unpinned) == (fmt, packages, unpinned)


@pytest.mark.parametrize(("change", "where", "reason"), [
    ({"extra": "nvidia_smi_file: x.xml\n"}, "nvidia_smi_file", "did you mean 'nvidia_smi'"),
    ({"runtime": None}, "runtime", "names no runtime"),
    ({"versions": None, "lock": None, "image": None}, "versions", "GPU only"),
    ({"smi": "rtx4090_1gpu.xml"}, "", ""),  # the other project capture: imports
])
def test_manifest_problems_are_located(tmp_path, change, where, reason):
    manifest = capture(tmp_path / "cap", **change)
    if not reason:
        assert import_file(manifest, ImportContext()).evidence.environment is not None
        return
    with pytest.raises(EvidenceImportError, match=reason) as info:
        import_file(manifest, ImportContext())
    assert info.value.file.endswith("environment.yaml") and info.value.path == where


def test_runtime_from_the_context(tmp_path):
    manifest = capture(tmp_path / "cap", runtime=None)
    env = import_file(manifest, ImportContext(runtime="sglang")).evidence.environment
    assert env is not None and env.runtime == "sglang"


def test_bad_parts_name_the_part_and_change_nothing(tmp_path):
    manifest = capture(tmp_path / "cap")
    (tmp_path / "cap" / "nvidia-smi.xml").write_text("<nvidia_smi_log>\n<gpu>\n", encoding="utf-8")
    with pytest.raises(EvidenceImportError, match=r"nvidia_smi \(nvidia-smi.xml, line 3\): not well-formed XML"):
        import_file(manifest, ImportContext())
    manifest = capture(tmp_path / "cap2")
    (tmp_path / "cap2" / "versions.txt").unlink()
    with pytest.raises(EvidenceImportError, match=r"versions \(versions.txt\): .*no such file"):
        import_file(manifest, ImportContext())
    manifest = capture(tmp_path / "cap3", lock=("requirements.txt", "this is not a requirement!\n"))
    with pytest.raises(EvidenceImportError, match=r"requirements.txt: line 1 is neither a requirement"):
        import_file(manifest, ImportContext())
    manifest = capture(tmp_path / "cap4", versions="nothing to see here\n")
    with pytest.raises(EvidenceImportError, match="no version read"):
        import_file(manifest, ImportContext())
    text = manifest.read_text("utf-8").replace("nvidia_smi: nvidia-smi.xml", "nvidia_smi: ../cap/nvidia-smi.xml")
    manifest.write_text(text, encoding="utf-8")
    with pytest.raises(EvidenceImportError, match="is not a file name") as info:
        import_file(manifest, ImportContext())
    assert info.value.path == "nvidia_smi"


def test_a_manifest_from_memory_is_refused():
    data = b"kind: environment-capture\nruntime: sglang\nnvidia_smi: nvidia-smi.xml\nversions: v.txt\n"
    with pytest.raises(EvidenceImportError, match="import the manifest from its folder"):
        import_bytes("environment.yaml", data)


def test_a_folder_import_takes_the_capture_and_skips_its_parts(tmp_path):
    capture(tmp_path / "cap")
    found = import_folder(tmp_path / "cap")
    assert found.ok and [Path(p).name for p, _r in found.imported] == ["environment.yaml"]
    assert sorted(Path(p).name for p, _why in found.skipped) == ["nvidia-smi.xml", "uv.lock", "versions.txt"]


def test_records_made_before_captures_keep_their_inputs_bytes(tmp_path):
    """``environment`` is an added field: a file without a capture has no such key in a record's
    canonical inputs (the bytes of records made before it stay the same); one with a capture has it."""
    ws = files.builtin_sample()
    assert b'"environment"' not in files.canonical_json(ws)
    result = import_file(capture(tmp_path / "cap"), ImportContext())
    ws = replace(ws, evidence=Evidence(files=(*ws.evidence.files, result.evidence)))
    assert files.canonical_json(ws).count(b'"environment"') == 1
