"""The vendor's matrix as a dated source: ``deepdecide matrix --compare`` on NVIDIA AIConfigurator's
real support-matrix files (../shared/fixtures/benchmarks/aiconfigurator/) and on deepdecide's own
format, and ``revisit --matrix`` on the same files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.revisit import ConditionKind, RevisitCondition
from deepdecide.storage.files import load_builtin_workspace, save_workspace

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MINIMAL = FIXTURES / "workspaces" / "minimal.deepdecide.yaml"
A100 = "benchmarks/aiconfigurator/support_matrix_a100_sxm_aic0.11.csv"
FIRST = "benchmarks/aiconfigurator/support_matrix_2025-11-24_first.csv"
INDEX = "benchmarks/aiconfigurator/support_matrix_index.json"


def compared(capsys, *args: str) -> list[dict]:
    assert main(["matrix", "--json", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_vendor_file_agrees_and_differs_each_with_both_sources(shared_fixture, capsys):
    """AIConfigurator 0.11's A100 matrix beside the built-in one: every runtime ran on A100 (agrees with
    "official"), but for the decision's model, DeepSeek-V4-Flash, the vendor finds A100 incompatible
    (SM80 has no FP8 / FP4): the built-in matrix's runtime-level "official" differs from it."""
    path = str(shared_fixture(A100))
    cells = {(c["runtime"], c["platform"]): c for c in compared(capsys, "--compare", path, "--as-of", "2026-08-21")}
    assert set(cells) == {("vllm", "nv-a100"), ("sglang", "nv-a100"), ("trtllm", "nv-a100")}
    vllm = cells[("vllm", "nv-a100")]
    assert vllm["status"] == "agrees" and vllm["here"]["status"] == "official" and vllm["there"]["status"] == "runs-measured"
    # both sources: the workspace cell's and the vendor file's, dated
    assert vllm["here"]["sources"][0]["title"] == "vLLM docs: GPU installation (CUDA)"
    assert vllm["here"]["sources"][0]["as_of"] == "2026-09-24"
    there = vllm["there"]["sources"][0]
    assert there["title"] == "AIConfigurator support matrix support_matrix_a100_sxm_aic0.11.csv" and there["as_of"] == "2026-08-21"
    assert there["url_or_path"] == path and vllm["compared_with_sha256"].startswith("de8a60e2b64f")
    # the real file's rows for vLLM on A100: 68 PASS (silicon), 16 HYBRID_PASS, 44 FAIL, 144 HW_INCOMPATIBLE
    assert vllm["there"]["counts"] == {"PASS": 68, "HYBRID_PASS": 16, "FAIL": 44, "HW_INCOMPATIBLE": 144}
    assert vllm["there"]["stack"] == ["vllm 0.14.0", "vllm 0.22.0"] and vllm["stack"] == "not-compared"

    cells = {(c["runtime"], c["platform"]): c for c in compared(capsys, "--compare", path, "--model", "DeepSeek-V4-Flash")}
    sglang = cells[("sglang", "nv-a100")]
    assert sglang["status"] == "differs" and sglang["here"]["status"] == "official"
    assert sglang["there"]["status"] == "incompatible" and sglang["there"]["counts"] == {"HW_INCOMPATIBLE": 18}
    assert sglang["there"]["models"] == 3  # DeepSeek-V4-Flash, its NVFP4 and its FP8 checkpoint
    assert any("a100_sxm (SM80) does not support FP4 or FP8" in r for r in sglang["there"]["reasons"])
    assert sglang["here"]["sources"][0]["title"] == "SGLang docs: install"
    assert sglang["there"]["sources"][0]["title"].endswith("support_matrix_a100_sxm_aic0.11.csv")
    assert all(c["status"] == "differs" for c in cells.values())


def test_the_comparison_as_a_person_reads_it(shared_fixture, capsys):
    assert main(["matrix", "--compare", str(shared_fixture(A100)), "--model", "DeepSeek-V4-Flash"]) == 0
    out = capsys.readouterr().out
    assert "Compared with AIConfigurator support matrix support_matrix_a100_sxm_aic0.11.csv" in out
    assert "undated: the file states no date, give --as-of" in out and "sha256 de8a60e2b64f" in out
    assert "only the rows of model DeepSeek-V4-Flash: deepseek-ai/DeepSeek-V4-Flash" in out
    assert "DIFFERS" in out and "incompatible [HW_INCOMPATIBLE 18]" in out
    assert "0 agree, 3 differ" in out
    assert "NVIDIA A100" in out and "nv-a100" not in out  # the platform by its name, as every table writes it


def test_the_first_matrix_layout_versions_and_no_statement(shared_fixture, capsys):
    cells = {(c["runtime"], c["platform"]): c
             for c in compared(capsys, "--compare", str(shared_fixture(FIRST)), "--model", "DeepSeek-V3")}
    # DEEPSEEK_V3: FAIL on H100 for every backend (no result: says nothing), PASS on H200 with SGLang and TRT-LLM
    assert cells[("sglang", "nv-h100")]["status"] == "no-statement"
    assert cells[("trtllm", "nv-h200")]["status"] == "agrees"
    assert cells[("trtllm", "nv-h200")]["there"]["stack"] == ["trtllm 0.20.0", "trtllm 1.0.0rc3"]
    assert cells[("trtllm", "nv-gb200")]["there"]["status"] == "runs-measured"  # the system gb200_sxm
    everything = compared(capsys, "--compare", str(shared_fixture(FIRST)))
    assert len(everything) == 10 and all(c["status"] == "agrees" for c in everything)


def test_an_index_names_the_systems_the_workspace_cannot_place(shared_fixture, capsys):
    assert main(["matrix", "--compare", str(shared_fixture(INDEX))]) == 0
    out = capsys.readouterr().out
    assert "10 systems, 0 of their CSVs beside it" in out and "system 'b60'" in out


def test_the_projects_own_format_is_compared_as_it_is(capsys):
    """The built-in matrix beside the minimal test workspace's: vLLM on H100 is official in both, but the
    built-in one also pins gcc >= 11.3 for source builds."""
    cells = {(c["runtime"], c["platform"]): c for c in compared(capsys, "--compare", str(MINIMAL))}
    vllm = cells[("vllm", "nv-h100")]
    assert vllm["status"] == "agrees" and vllm["stack"] == "differs"
    assert vllm["there"]["stack_differences"] == ["gcc: >=11.3 / -"]
    assert vllm["here"]["sources"][0]["title"] == "vLLM docs: GPU installation (CUDA)"
    assert vllm["there"]["sources"][0]["title"] == "vLLM GPU install docs"
    assert cells[("engine", "nv-b200")]["status"] == "other-only"  # no runtime "engine" in the built-in matrix


def test_a_file_that_is_no_matrix_is_refused(tmp_path, capsys):
    bad = tmp_path / "x.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    assert main(["matrix", "--compare", str(bad)]) == 3
    assert "x.csv" in capsys.readouterr().err


def test_revisit_reads_the_vendor_matrix(shared_fixture, tmp_path, capsys):
    """A trigger "SGLang becomes unsupported on A100" fires on the vendor's A100 matrix for
    DeepSeek-V4-Flash (incompatible), not for all models (SGLang ran there)."""
    ws = load_builtin_workspace()
    cond = RevisitCondition("SGLang stops being usable on A100", ConditionKind.SUPPORT, runtime="sglang",
                            platform="nv-a100", status=SupportStatus.UNSUPPORTED)
    ws = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, revisit_conditions=(cond,),
                                                             revisit_triggers=()))
    path = tmp_path / "ws.deepdecide.yaml"
    save_workspace(ws, path)
    vendor = str(shared_fixture(A100))
    assert main(["revisit", str(path), "--matrix", vendor, "--model", "DeepSeek-V4-Flash", "--today", "2026-12-01"]) == 1
    out = capsys.readouterr().out
    assert "FIRED" in out and "support_matrix_a100_sxm_aic0.11.csv" in out
    assert main(["revisit", str(path), "--matrix", vendor, "--today", "2026-12-01"]) == 0
    assert "not fired" in capsys.readouterr().out


@pytest.mark.parametrize(("query", "model", "same"), [
    ("DeepSeek-V4-Flash", "deepseek-ai/DeepSeek-V4-Flash", True),
    ("DeepSeek-V4-Flash", "nvidia/DeepSeek-V4-Flash-NVFP4", True),
    ("DeepSeek-V3", "DEEPSEEK_V3", True),
    ("DeepSeek-V3", "deepseek-ai/DeepSeek-V3.2", False),
    ("DeepSeek-V4-Flash", "deepseek-ai/DeepSeek-V4-Pro", False),
])
def test_model_names_match_across_spellings_and_checkpoints(query, model, same):
    from deepdecide.importers.vendor_matrix import model_matches

    assert model_matches(query, model) is same


def test_the_built_in_matrix_cites_the_vendor_files_with_what_they_say(shared_fixture):
    """Every vendor check the generator writes into data/support_matrix.yaml is what deepdecide's reader
    finds in the real file, and the built-in cell cites the file after its own sources."""
    import importlib.util

    from deepdecide.importers.vendor_matrix import read_vendor_matrix
    from deepdecide.storage.files import load_builtin_matrix

    spec = importlib.util.spec_from_file_location("gen_support_matrix",
                                                  Path(__file__).resolve().parents[2] / "tools" / "gen_support_matrix.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    files = {"aic_matrix_first": FIRST, "aic_matrix_a100": A100}
    read = {fid: {(c.runtime, c.platform): c for c in read_vendor_matrix(shared_fixture(path)).cells}
            for fid, path in files.items()}
    matrix = load_builtin_matrix()
    for (runtime, platform), checks in gen.VENDOR_CHECKS.items():
        entry = matrix.entry(runtime, platform)
        for file_id, counts, versions in checks:
            cell = read[file_id][(runtime, platform)]
            assert dict(cell.counts) == counts and list(cell.versions) == versions, (runtime, platform, file_id)
            cited = [s for s in entry.sources if s.id == file_id]
            assert cited and cited[0].as_of == gen.AIC_MATRIX_FILES[file_id]["as_of"]
            assert entry.sources[0].id != file_id  # the runtime's own source still sets the status and the as-of
        assert "Checked against NVIDIA AIConfigurator" in entry.notes
    # every cell the vendor files cover is checked
    assert set(gen.VENDOR_CHECKS) == set(read["aic_matrix_first"]) | set(read["aic_matrix_a100"])


def test_the_comparison_keeps_to_the_runtimes_and_platforms_asked(shared_fixture, capsys):
    cells = compared(capsys, "--compare", str(shared_fixture(FIRST)), "--runtime", "vllm", "--platform", "H200")
    assert [(c["runtime"], c["platform"]) for c in cells] == [("vllm", "nv-h200")]
