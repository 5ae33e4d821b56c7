"""Checking a machine against the matrix: exact platform, pinned requirements, the seed's rule."""

from pathlib import Path

import pytest

from deepdecide.domain.machine import MachineProfile, ReqState, Verdict, check_machine
from deepdecide.domain.matrix import match_platform
from deepdecide.storage.files import load_workspace

MINIMAL = Path(__file__).parent.parent / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"


@pytest.fixture(scope="module")
def matrix():
    return load_workspace(MINIMAL).matrix


@pytest.mark.parametrize(
    ("name", "platform"),
    [("H100 SXM", "nv-h100"), ("NVIDIA H100 80GB HBM3", "nv-h100"), ("nvidia b200", "nv-b200"),
     ("NVIDIA-B200", "nv-b200"), ("GH200", None), ("RTX 4090", None), ("", None)],
)
def test_match_platform(matrix, name, platform):
    found = match_platform(matrix, name)
    assert (found.id if found else None) == platform


def test_h100_is_listed_for_vllm_and_experimental_for_the_engine(matrix):
    result = check_machine(matrix, MachineProfile(gpu_name="H100 SXM", cuda="12.8", python="3.11", os="linux"))
    by_id = {rc.runtime.id: rc for rc in result.runtimes}
    assert by_id["vllm"].verdict == Verdict.LISTED
    assert by_id["vllm"].ready
    assert [q.state for q in by_id["vllm"].requirements] == [ReqState.MET] * 3
    engine = by_id["engine"]
    assert engine.verdict == Verdict.EXPERIMENTAL
    assert "not on NewEngine's official list" in engine.reason and "experimental" in engine.reason
    assert not engine.ready


def test_unmet_and_unknown_requirements(matrix):
    result = check_machine(matrix, MachineProfile(gpu_name="NVIDIA B200", cuda="12.8", gcc="12.3"),
                           runtime_ids=("engine",))
    (engine,) = result.runtimes
    assert engine.verdict == Verdict.LISTED
    states = {q.requirement.component.value: q.state for q in engine.requirements}
    assert states == {"cuda": ReqState.UNMET, "gcc": ReqState.UNMET, "python": ReqState.UNKNOWN}
    assert not engine.ready
    assert "cuda 12.8 does not meet >=13" in engine.unmet[0].reason


def test_python_wildcard_and_os(matrix):
    ok = check_machine(matrix, MachineProfile(gpu_name="B200", cuda="13.0", gcc="13.2", python="3.12.4"),
                       runtime_ids=("engine",)).runtimes[0]
    assert ok.ready
    bad = check_machine(matrix, MachineProfile(gpu_name="H100", os="windows"), runtime_ids=("vllm",)).runtimes[0]
    assert bad.unmet[0].requirement.component.value == "os"


def test_unknown_gpu_is_experimental_everywhere(matrix):
    result = check_machine(matrix, MachineProfile(gpu_name="Imaginary X1"))
    assert result.platform is None
    assert {rc.verdict for rc in result.runtimes} == {Verdict.EXPERIMENTAL}


def test_unparseable_version_is_unknown_not_unmet(matrix):
    rc = check_machine(matrix, MachineProfile(gpu_name="H100", cuda="twelve"), runtime_ids=("vllm",)).runtimes[0]
    cuda = next(q for q in rc.requirements if q.requirement.component.value == "cuda")
    assert cuda.state == ReqState.UNKNOWN


def test_resolve_platform_by_id_or_reported_name(matrix):
    assert matrix.resolve_platform("nv-h100").id == "nv-h100"
    assert matrix.resolve_platform("NVIDIA H100 80GB HBM3").id == "nv-h100"
    assert matrix.resolve_platform("") is None
    assert matrix.platform_id("H100 SXM") == "nv-h100"
    assert matrix.platform_id("Imaginary X1") == "Imaginary X1"  # names no platform: kept as written


@pytest.mark.parametrize("name", ["H100 PCIe", "NVIDIA H100 PCIe", "H100 SXM PCIe", "NVIDIA A100 80GB PCIe",
                                  "NVIDIA H200 NVL"])
def test_a_gpu_that_only_resembles_a_platform_is_not_in_the_builtin_matrix(name):
    """The H100 PCIe is another card than the matrix's H100 SXM (another power, no NVSwitch): it is on
    no runtime's list as far as the matrix knows, and the nearest platform is named."""
    from deepdecide.storage.files import load_builtin_matrix

    matrix = load_builtin_matrix()
    result = check_machine(matrix, MachineProfile(gpu_name=name), runtime_ids=("vllm",))
    assert result.platform is None
    assert result.closest and result.closest[0].id in ("nv-h100", "nv-a100", "nv-h200")
    assert result.runtimes[0].verdict is Verdict.EXPERIMENTAL and not result.runtimes[0].ready


@pytest.mark.parametrize(("name", "platform"), [("H100 SXM", "nv-h100"), ("NVIDIA H100 80GB HBM3", "nv-h100"),
                                                ("H100-SXM-80GB", "nv-h100"), ("nv-h100", "nv-h100"),
                                                ("NVIDIA H100 NVL", "nv-h100"), ("NVIDIA B200", "nv-b200"),
                                                ("NVIDIA A100-SXM4-80GB", "nv-a100"), ("Ascend910B3", "hw-ascend-910b")])
def test_a_gpu_named_as_the_matrix_names_it_is_that_platform(name, platform):
    from deepdecide.domain.matrix import exact_platform
    from deepdecide.storage.files import load_builtin_matrix

    found = exact_platform(load_builtin_matrix(), name)
    assert found is not None and found.id == platform
