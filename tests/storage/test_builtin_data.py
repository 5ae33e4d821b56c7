"""The built-in data files: they load, validate, cite their sources and say what the decision needs."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import defusedxml.ElementTree as DET
import pytest
from packaging.specifiers import SpecifierSet

from deepdecide.domain.evidence import ParityKind, ProvenanceKind
from deepdecide.domain.matrix import Component, SupportStatus, match_platform
from deepdecide.domain.workspace import (
    SCHEMA_VERSION,
    Answer,
    Direction,
    KvTransfer,
    Pricing,
    Strategy,
    TopologyKind,
)
from deepdecide.storage.files import (
    canonical_json,
    data_root,
    load_builtin_matrix,
    load_builtin_workspace,
    load_document,
    load_workspace,
    save_workspace,
)

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "nvidia_smi"
OPTION_IDS = {
    "keep-vllm-h100", "keep-sglang-h100", "keep-trtllm-h100", "port-deepinfer-h100",
    "buy-sm100-deepinfer", "ascend950-deepinfer", "api-deepseek-flash", "rtx-dev-only",
    "mixed-h100-prefill-sm100-decode",
}
METRICS = {
    "cost_per_m_tokens_usd", "tco_usd", "time_to_production_weeks", "engineering_person_weeks",
    "evidence_level", "official_support", "service_completeness", "capacity_tps_per_gpu", "blockers",
}
DATA_FILES = sorted(p.relative_to(data_root()).as_posix() for p in data_root().rglob("*.yaml"))


@pytest.fixture(scope="module")
def matrix():
    return load_builtin_matrix()


@pytest.fixture(scope="module")
def workspace():
    return load_builtin_workspace()


# --------------------------------------------------------------------------------------------
# every file


def test_data_folder_holds_the_four_documents():
    assert {"support_matrix.yaml", "service_checklist.yaml", "criteria.yaml",
            "samples/deepseek-v4.1-flash.deepdecide.yaml"} <= set(DATA_FILES)


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_data_file_loads_and_validates(name):
    kind, doc = load_document(data_root() / name)
    expected = {"support_matrix.yaml": "support-matrix", "service_checklist.yaml": "service-checklist",
                "criteria.yaml": "criteria"}.get(name, "workspace")
    assert kind == expected
    assert doc.schema_version == SCHEMA_VERSION


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_data_file_is_written_in_the_current_schema(name):
    """A built-in file is never migrated when it is read (a migration of the sample's quality flags
    compiled some 270 patterns on every start of every command that opens it)."""
    import re

    text = (data_root() / name).read_text(encoding="utf-8")
    found = re.search(r"(?m)^schema_version: (\d+)$", text)
    assert found is not None and int(found.group(1)) == SCHEMA_VERSION, name
    warnings: list = []
    load_document(data_root() / name, warnings=warnings)
    assert warnings == []


# --------------------------------------------------------------------------------------------
# support matrix


def test_matrix_has_one_cell_for_every_runtime_and_platform(matrix):
    assert len(matrix.platforms) == 25
    assert len(matrix.runtimes) == 10
    cells = {(e.runtime, e.platform) for e in matrix.entries}
    assert len(cells) == len(matrix.entries) == 250
    assert cells == {(r.id, p.id) for r in matrix.runtimes for p in matrix.platforms}


def test_every_cell_and_platform_cites_a_dated_source(matrix):
    for e in matrix.entries:
        assert e.sources, f"{e.runtime} x {e.platform} has no source"
        assert all(s.as_of.strip() and s.url_or_path.strip() and s.title.strip() for s in e.sources)
        assert e.as_of
    for p in matrix.platforms:
        assert p.sources and all(s.as_of.strip() for s in p.sources), p.id


def test_requirement_specs_are_version_ranges(matrix):
    for e in matrix.entries:
        for r in e.requirements:
            assert r.text, f"{e.runtime} x {e.platform}: {r.component} keeps no source words"
            if r.component == Component.OS:
                assert r.spec == "linux"
            else:
                SpecifierSet(r.spec)  # raises on anything that is not PEP 440


@pytest.mark.parametrize("runtime", ["vllm", "sglang", "trtllm"])
def test_h100_is_official_for_the_serving_runtimes(matrix, runtime):
    assert matrix.status(runtime, "nv-h100") is SupportStatus.OFFICIAL


def test_deepinfer_h100_is_undocumented_and_says_a_port_is_experimental(matrix):
    cell = matrix.entry("deepinfer", "nv-h100")
    assert cell.status is SupportStatus.UNDOCUMENTED
    assert "Not on DeepInfer's official list: a port is experimental" in cell.notes
    assert cell.sources[0].title == "Compatibilidad de DeepInfer con H100: qué significa la lista oficial"  # its own title
    assert cell.sources[0].kind == "article"


def test_deepinfer_is_official_only_on_sm100_and_ascend_950(matrix):
    official = {e.platform for e in matrix.entries
                if e.runtime == "deepinfer" and e.status is SupportStatus.OFFICIAL}
    assert official == {"nv-b200", "nv-gb200", "hw-ascend-950dt", "hw-ascend-950pr"}
    for pid in ("nv-h200", "nv-h20", "nv-h800", "nv-rtx4090", "nv-rtx5090", "nv-b300", "nv-gb300"):
        assert matrix.status("deepinfer", pid) is SupportStatus.UNDOCUMENTED, pid
    assert "SM103" in matrix.entry("deepinfer", "nv-b300").notes


def test_deepinfer_requirements_on_b200_and_ascend(matrix):
    def reqs(platform):
        return {r.component: r.spec for r in matrix.entry("deepinfer", platform).requirements}

    b200 = reqs("nv-b200")
    assert b200[Component.OS] == "linux"
    assert "13.0" in SpecifierSet(b200[Component.CUDA]) and "12.9" not in SpecifierSet(b200[Component.CUDA])
    assert "13.2" in SpecifierSet(b200[Component.GCC]) and "12.3" not in SpecifierSet(b200[Component.GCC])
    python = SpecifierSet(b200[Component.PYTHON])
    assert "3.12.7" in python and "3.11.9" not in python and "3.13.0" not in python
    ascend = reqs("hw-ascend-950dt")
    assert "9.2" in SpecifierSet(ascend[Component.CANN]) and "9.1.0" not in SpecifierSet(ascend[Component.CANN])
    assert Component.CUDA not in ascend


def test_community_or_experimental_is_split_per_cell(matrix):
    assert matrix.status("flashmla", "amd-mi300x") is SupportStatus.COMMUNITY
    assert matrix.status("deepep", "amd-mi300x") is SupportStatus.EXPERIMENTAL
    assert matrix.status("sglang", "nv-rtx5090") is SupportStatus.EXPERIMENTAL
    assert matrix.status("flashmla", "nv-rtx4090") is SupportStatus.UNSUPPORTED
    assert not any(e.status not in set(SupportStatus) for e in matrix.entries)


@pytest.mark.parametrize(("name", "platform"), [
    ("H100 SXM", "nv-h100"),
    ("NVIDIA H100 80GB HBM3", "nv-h100"),
    ("NVIDIA H100 NVL", "nv-h100"),
    ("NVIDIA B200", "nv-b200"),
    ("NVIDIA GB200", "nv-gb200"),
    ("NVIDIA H200", "nv-h200"),
    ("NVIDIA B300 SXM6 AC", "nv-b300"),
    ("NVIDIA GeForce RTX 4090", "nv-rtx4090"),
    ("NVIDIA GeForce RTX 5090", "nv-rtx5090"),
    ("NVIDIA RTX PRO 6000 Blackwell Server Edition", "nv-rtxpro6000"),
    ("NVIDIA A100-SXM4-80GB", "nv-a100"),
    ("AMD Instinct MI300X", "amd-mi300x"),
    ("Ascend910B3", "hw-ascend-910b"),
    ("Ascend 950DT", "hw-ascend-950dt"),
    # spellings found in the real benchmark files under ../shared/fixtures
    ("4xNVIDIA_L40S", "nv-l40s"),
    ("b200-trt", "nv-b200"),
    ("mi300x", "amd-mi300x"),
    ("NVIDIA A100 80GB PCIe", "nv-a100"),
    ("H100-SXM-80GB", "nv-h100"),
])
def test_match_platform_finds_the_platform_a_machine_reports(matrix, name, platform):
    found = match_platform(matrix, name)
    assert found is not None and found.id == platform


@pytest.mark.parametrize("name", ["GH200", "NVIDIA GH200 480GB", "NVIDIA RTX 6000 Ada Generation",
                                  "NVIDIA L40", "Tesla V100-SXM2-16GB", ""])
def test_match_platform_does_not_guess(matrix, name):
    assert match_platform(matrix, name) is None


def test_every_alias_matches_its_own_platform(matrix):
    for p in matrix.platforms:
        for alias in p.aliases:
            found = match_platform(matrix, alias)
            assert found is not None and found.id == p.id, f"{alias!r} -> {found and found.id}, not {p.id}"


def _smi_gpus(name: str) -> tuple[DET.ElementTree, list]:
    root = DET.parse(FIXTURES / name).getroot()
    return root, root.findall("gpu")


def test_nvidia_smi_captures_name_platforms_in_the_matrix(matrix):
    root, gpus = _smi_gpus("h100_sxm_8gpu.xml")
    assert root.tag == "nvidia_smi_log"
    assert int(root.findtext("attached_gpus")) == len(gpus) == 8
    assert {match_platform(matrix, g.findtext("product_name")).id for g in gpus} == {"nv-h100"}
    assert {g.findtext("product_architecture") for g in gpus} == {"Hopper"}
    root, gpus = _smi_gpus("rtx4090_1gpu.xml")
    assert [match_platform(matrix, g.findtext("product_name")).id for g in gpus] == ["nv-rtx4090"]


def test_h100_capture_meets_vllm_but_not_deepinfer_cuda(matrix):
    root, _ = _smi_gpus("h100_sxm_8gpu.xml")
    cuda = root.findtext("cuda_version")
    vllm = {r.component: r.spec for r in matrix.entry("vllm", "nv-h100").requirements}
    deepinfer_b200 = {r.component: r.spec for r in matrix.entry("deepinfer", "nv-b200").requirements}
    assert cuda in SpecifierSet(vllm[Component.CUDA])
    assert cuda not in SpecifierSet(deepinfer_b200[Component.CUDA])


# --------------------------------------------------------------------------------------------
# checklist and criteria


def test_checklist_names_the_seed_service_pieces(workspace):
    ids = {i.id for i in workspace.checklist}
    assert ids == {"kv-cache-persistent", "pd-orchestration", "load-balancing", "request-routing",
                   "authentication", "http-transport", "api-translation", "observability", "failure-recovery"}
    assert all(i.description and i.sources for i in workspace.checklist)


def test_criteria_use_the_analysis_metrics_and_weights_sum_to_one(workspace):
    crit = {c.metric: c for c in workspace.criteria}
    assert set(crit) == METRICS
    assert sum(c.weight for c in workspace.criteria) == pytest.approx(1.0)
    assert all(c.description for c in workspace.criteria)
    assert crit["blockers"].direction is Direction.COST and crit["blockers"].knockout_threshold == 0
    assert crit["official_support"].direction is Direction.BENEFIT
    assert crit["official_support"].knockout is False and crit["official_support"].knockout_threshold == 1
    costs = {"cost_per_m_tokens_usd", "tco_usd", "time_to_production_weeks", "engineering_person_weeks", "blockers"}
    assert {m for m, c in crit.items() if c.direction is Direction.COST} == costs


# --------------------------------------------------------------------------------------------
# sample workspace


def test_sample_has_the_nine_options_all_considered_none_chosen(workspace):
    assert {o.id for o in workspace.options} == OPTION_IDS
    assert set(workspace.decision.considered_options) == OPTION_IDS
    assert workspace.decision.chosen_option == ""
    assert workspace.decision.status == "proposed"
    assert workspace.decision.revisit_triggers
    # the only evidence is the illustrative sample evidence, labelled as such (never our measurements)
    assert workspace.evidence.builds == ()
    assert len(workspace.evidence.files) == 3
    for f in workspace.evidence.files:
        assert f.provenance.label.startswith("illustrative, reconstructed from published figures, not a measurement")
        assert f.provenance.kind == ProvenanceKind.ILLUSTRATIVE  # typed, not read from the label
        assert all(r.label.startswith("illustrative") for r in f.runs)


def test_sample_options_point_at_the_right_matrix_cells(workspace):
    m = workspace.matrix
    opts = {o.id: o for o in workspace.options}
    assert m.status("deepinfer", opts["port-deepinfer-h100"].platform) is SupportStatus.UNDOCUMENTED
    assert opts["port-deepinfer-h100"].strategy is Strategy.PORT
    assert m.status("deepinfer", opts["buy-sm100-deepinfer"].platform) is SupportStatus.OFFICIAL
    assert m.status("deepinfer", opts["ascend950-deepinfer"].platform) is SupportStatus.OFFICIAL
    for oid in ("keep-vllm-h100", "keep-sglang-h100", "keep-trtllm-h100"):
        assert opts[oid].strategy is Strategy.KEEP and opts[oid].platform == "nv-h100"
        # runs on the owned H100 fleet first; H100s beyond it are bought at the platform's price
        assert opts[oid].cost.pricing is Pricing.OWN
        assert workspace.fleet_of("nv-h100").power_kw_per_gpu.likely == pytest.approx(1.73)
    assert opts["rtx-dev-only"].strategy is Strategy.DEV_ONLY


def test_reference_topology_is_kept_on_the_platform_it_was_measured_on(workspace):
    t = workspace.option("buy-sm100-deepinfer").topology
    assert (t.prefill_gpus, t.decode_gpus, t.unit_gpus) == (4, 64, 68)
    assert t.measured_on == workspace.option("buy-sm100-deepinfer").platform == "nv-b200"
    # schema 10: the article's 4 + 64 as a disaggregated option at its measured ratio, labelled
    assert t.kind is TopologyKind.DISAGGREGATED and t.kv_transfer is KvTransfer.SCALE_UP
    assert (t.prefill.workers, t.decode.workers) == (1, 1)
    assert t.prefill.measured_on == t.decode.measured_on == "nv-b200"
    assert all("ASSUMPTION" in p.assumption_note for p in (t.prefill, t.decode))
    # the mixed path: owned H100 prefill, bought SM100 decode, illustrative and each pool labelled
    mixed = workspace.option("mixed-h100-prefill-sm100-decode")
    assert mixed.topology.prefill.platform == "nv-h100" and mixed.platform == "nv-b200"
    assert "illustrative" in mixed.name and mixed.topology.kv_transfer is KvTransfer.RDMA
    assert all("ASSUMPTION (illustrative)" in p.assumption_note
               for p in (mixed.topology.prefill, mixed.topology.decode))
    # the port's capacity is an explicit, labelled assumption, never SM100 figures scaled to H100
    port = workspace.option("port-deepinfer-h100").cost
    assert port.assumed_output_tps_per_gpu is not None
    assert "ASSUMPTION" in port.assumption_note and "no public H100 benchmark" in port.assumption_note
    for o in workspace.options:
        if o.cost.assumed_output_tps_per_gpu is not None:
            assert "Capacity ASSUMPTION" in o.cost.assumption_note, o.id


def test_every_cost_input_has_a_source_or_an_assumption_note(workspace):
    for o in workspace.options:
        assert o.cost.sources or o.cost.assumption_note, o.id
        assert o.cost.assumption_note, f"{o.id}: estimates need their note"


def test_every_option_answers_every_checklist_item(workspace):
    pairs = {(a.option, a.item) for a in workspace.answers}
    assert pairs == {(o.id, i.id) for o in workspace.options for i in workspace.checklist}
    for a in workspace.answers:
        if a.answer is Answer.EXTERNAL:
            assert a.provider and a.effort_person_weeks.high > 0, (a.option, a.item)
        assert a.notes, (a.option, a.item)


def test_deepinfer_options_lack_the_pieces_the_seed_names(workspace):
    for oid in ("port-deepinfer-h100", "buy-sm100-deepinfer", "ascend950-deepinfer"):
        answers = {a.item: a for a in workspace.answers_for(oid)}
        for item in ("kv-cache-persistent", "pd-orchestration", "load-balancing", "http-transport"):
            assert answers[item].answer is not Answer.PROVIDED, (oid, item)
        assert answers["kv-cache-persistent"].answer is Answer.MISSING
    for oid in ("keep-vllm-h100", "keep-sglang-h100", "keep-trtllm-h100"):
        answers = {a.item: a for a in workspace.answers_for(oid)}
        assert answers["http-transport"].answer is Answer.PROVIDED


def test_sample_asks_for_every_parity_kind_and_states_slo_and_demand(workspace):
    assert set(workspace.required_parity) == set(ParityKind)
    assert workspace.slo.get("ttft_p99_ms") == 2000 and workspace.slo.get("tpot_p99_ms") == 50
    assert workspace.demand.output_tokens_per_s == 200000
    assert [s.order for s in workspace.migration_plan] == [1, 2, 3, 4, 5, 6]
    # who signs follows who decides: one row per decision maker and consulted, none for the informed
    d = workspace.decision
    assert [s.role for s in workspace.signoffs] == [*d.decision_makers, *d.consulted]
    assert not {s.role for s in workspace.signoffs} & set(d.informed)
    assert all(s.verdict == "pending" for s in workspace.signoffs)


def test_sample_round_trips_through_save(workspace, tmp_path):
    target = tmp_path / "copy.deepdecide.yaml"
    save_workspace(workspace, target)
    again = load_workspace(target)
    assert again == workspace
    assert canonical_json(again) == canonical_json(workspace)


# --------------------------------------------------------------------------------------------
# the generator keeps the matrix reproducible


SUPPORT_FACTS = Path(os.environ.get("DEEPDECIDE_SUPPORT_FACTS", REPO.parent / "shared" / "reference" / "support_facts.yaml"))


@pytest.mark.skipif(not SUPPORT_FACTS.is_file(), reason="support_facts.yaml (the generator's input) is not here")
def test_generator_reproduces_the_committed_matrix():
    spec = importlib.util.spec_from_file_location("gen_support_matrix", REPO / "tools" / "gen_support_matrix.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    import yaml

    facts = yaml.safe_load(SUPPORT_FACTS.read_text(encoding="utf-8"))
    assert gen.render(facts) == (data_root() / "support_matrix.yaml").read_text(encoding="utf-8")


def test_full_captures_check_against_the_builtin_matrix(matrix):
    from deepdecide.domain.machine import ReqState, Verdict, check_machine
    from deepdecide.importers.nvidia_smi import read_nvidia_smi_file

    h100 = read_nvidia_smi_file(FIXTURES / "h100_sxm_8gpu.xml")
    assert (h100.gpu_name, h100.gpu_count, h100.driver, h100.cuda) == ("NVIDIA H100 80GB HBM3", 8, "575.57.08", "12.9")
    result = {rc.runtime.id: rc for rc in check_machine(matrix, h100).runtimes}
    assert result["vllm"].verdict is Verdict.LISTED and not result["vllm"].unmet
    assert [q.requirement.spec for q in result["sglang"].unmet] == [">=13.0"]  # SGLang is CUDA 13 only now
    assert result["deepinfer"].verdict is Verdict.EXPERIMENTAL

    rtx = read_nvidia_smi_file(FIXTURES / "rtx4090_1gpu.xml")
    result = {rc.runtime.id: rc for rc in check_machine(matrix, rtx).runtimes}
    assert result["llamacpp"].ready
    assert result["deepinfer"].verdict is Verdict.EXPERIMENTAL
    assert result["flashmla"].verdict is Verdict.UNSUPPORTED
    assert all(q.state is not ReqState.UNMET for q in result["ollama"].requirements)


def test_built_in_sections_are_read_once_per_process_and_kept_nowhere(tmp_path, monkeypatch):
    """The parsed, validated built-in sections are shared by every workspace this process reads (an
    edited data file is read again); nothing of them is written to disk."""
    from deepdecide.storage import files

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", str(tmp_path / "cache"))
    files._BUILTIN_CACHE.clear()
    first = files.load_workspace(files.sample_workspace_path())
    monkeypatch.setattr(files, "read_yaml_file", _refuse_builtin(files.read_yaml_file))
    assert files.load_workspace(files.sample_workspace_path()) == first  # the built-in files not parsed
    assert not (tmp_path / "cache").exists()
    files._BUILTIN_CACHE.clear()


def _refuse_builtin(read):
    def guarded(path, *args, **kwargs):
        assert "samples" in str(path), f"parsed {path} again"
        return read(path, *args, **kwargs)
    return guarded
