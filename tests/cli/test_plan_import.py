"""A benchmark plan's folder comes back: ``deepdecide import DIR`` reads its manifest, gives every
file the context the manifest states for it, reports what is done, missing or failed, and moves the
migration step it serves on. The results are the real third-party files, renamed into the plan's
layout; the environment capture is the project's own nvidia-smi capture."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from environment_captures import NVCC_129, SMI

from deepdecide.cli.main import main
from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.plan import MANIFEST, capture_manifest, from_json
from deepdecide.domain.workspace import StepStatus
from deepdecide.storage.files import load_workspace
from deepdecide.storage.plan import write_plan

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "samples" / "deepseek-v4.1-flash.deepdecide.yaml"
SGLANG = ("benchmarks/sglang/sglang_0.5.5_bench_serving_gh200_qwen3b_c8.jsonl",
          "benchmarks/sglang/sglang_bench_serving_2025-03_sharegpt.jsonl")


@pytest.fixture
def plan_dir(tmp_path, capsys):
    out = tmp_path / "plan"
    assert main(["plan", str(SAMPLE), "-o", str(out), "--top", "1"]) == 0  # the top item only
    capsys.readouterr()
    return out


def _lay_out(plan_dir: Path, shared_fixture, n_results: int) -> list[str]:
    """Put real result files where the plan's manifest says its scripts write them."""
    plan = from_json((plan_dir / MANIFEST).read_text(encoding="utf-8"))
    item = plan.items[0]
    results = [f for f in item.files if f.purpose == "performance"][:n_results]
    for f, fixture in zip(results, SGLANG, strict=False):
        (plan_dir / f.path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shared_fixture(fixture), plan_dir / f.path)
    capture = next(f for f in item.files if f.purpose == "environment")
    env = plan_dir / capture.path
    env.parent.mkdir(parents=True, exist_ok=True)
    env.write_text(capture_manifest(capture), encoding="utf-8")  # what the script's printf writes
    shutil.copyfile(SMI / "h100_sxm_8gpu.xml", env.parent / "nvidia-smi.xml")
    (env.parent / "versions.txt").write_text(NVCC_129, encoding="utf-8")
    (env.parent / "requirements.txt").write_text("sglang==0.5.21\ntorch==2.9.1\n", encoding="utf-8")
    return [f.path for f in results[:len(SGLANG)]]


def test_a_plan_folder_imports_with_its_context_and_moves_the_step_on(plan_dir, tmp_path, shared_fixture, capsys):
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    laid = _lay_out(plan_dir, shared_fixture, 2)
    assert main(["import", str(plan_dir), "--into", str(ws_path)]) == 0
    out = capsys.readouterr().out
    assert "3 planned files done, 4 missing, 0 failed" in out
    assert "missing: 01-keep-sglang-h100-capacity/results/sglang-nv-h100-c64.jsonl" in out
    assert "migration step 5 (Measure prefill latency" in out and "todo -> in-progress" in out
    ws = load_workspace(ws_path)
    assert next(s for s in ws.migration_plan if s.order == 5).status == StepStatus.IN_PROGRESS
    added = ws.evidence.files[-3:]
    by_name = {f.provenance.file_name: f for f in added}
    # each file its own context, from its own manifest entry, for the facts the file does not state:
    # the 0.5.5 file states its server (tp_size 1: one GPU), the March 2025 one states none
    expected = {laid[0]: ("sglang", "nv-h100", 1), laid[1]: ("sglang", "nv-h100", 8)}
    for path, context in expected.items():
        ev = by_name[Path(path).name]
        assert ev.provenance.kind == ProvenanceKind.OWN
        assert ev.runs and {(r.runtime, r.platform, r.gpu_count) for r in ev.runs} == {context}
    env = next(f for f in added if f.environment is not None)
    assert env.environment is not None
    # the facts the manifest gave are said to come from it, not from the user
    assert "context: runtime sglang (plan manifest), platform nv-h100 (plan manifest), GPU count 8 (plan manifest)" \
        in out
    assert "(you)" not in out


def test_a_planned_file_that_fails_is_reported_failed_and_nothing_moves(plan_dir, tmp_path, shared_fixture, capsys):
    """All or nothing: the failing planned file is listed as failed, the step is said to stay where it is,
    and nothing is saved; with --keep-going the others go in and the step moves on."""
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    laid = _lay_out(plan_dir, shared_fixture, 2)
    (plan_dir / laid[1]).write_bytes(shared_fixture(SGLANG[1]).read_bytes()[:300])  # cut short
    before = ws_path.read_bytes()
    assert main(["import", str(plan_dir), "--into", str(ws_path)]) == 3
    got = capsys.readouterr()
    assert "2 planned files done, 4 missing, 1 failed" in got.out
    assert f"failed: {laid[1]}" in got.out
    assert "migration step 5 (Measure prefill latency, decode latency, concurrency, memory use and failure " \
           "recovery): stays todo (nothing is saved)" in got.out
    assert "todo -> in-progress" not in got.out
    assert ws_path.read_bytes() == before
    assert main(["import", str(plan_dir), "--into", str(ws_path), "--keep-going"]) == 3
    assert "todo -> in-progress" in capsys.readouterr().out
    assert next(s for s in load_workspace(ws_path).migration_plan if s.order == 5).status == StepStatus.IN_PROGRESS


def test_every_planned_file_done_marks_the_step_done(plan_dir, tmp_path, shared_fixture, capsys):
    plan = from_json((plan_dir / MANIFEST).read_text(encoding="utf-8"))
    item = plan.items[0]
    keep = [f for f in item.files if f.purpose != "performance"] + \
        [f for f in item.files if f.purpose == "performance"][:2]
    short = replace(plan, items=(replace(item, files=tuple(keep)),))
    folder = tmp_path / "short"
    write_plan(short, folder)
    _lay_out(folder, shared_fixture, 2)
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    assert main(["import", str(folder), "--into", str(ws_path)]) == 0
    out = capsys.readouterr().out
    assert "3 planned files done, 0 missing, 0 failed" in out
    assert next(s for s in load_workspace(ws_path).migration_plan if s.order == 5).status == StepStatus.DONE


def test_a_broken_manifest_is_named_and_nothing_changes(plan_dir, tmp_path, capsys):
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    before = ws_path.read_bytes()
    data = json.loads((plan_dir / MANIFEST).read_text(encoding="utf-8"))
    data["items"][0]["files"][0]["path"] = "../outside.json"
    (plan_dir / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    assert main(["import", str(plan_dir), "--into", str(ws_path)]) == 3
    err = capsys.readouterr().err
    assert MANIFEST in err and "items[0].files[0].path" in err
    assert ws_path.read_bytes() == before


def test_plan_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    out = tmp_path / "taken"
    out.mkdir()
    (out / "x").write_text("keep me", encoding="utf-8")
    assert main(["plan", str(SAMPLE), "-o", str(out)]) == 3
    assert "not an empty folder" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["x"]


def test_a_planned_parity_run_is_judged_against_its_reference_run(tmp_path, shared_fixture, capsys):
    """The parity item's two lm-eval runs (the option, the reference runtime) come back as a judged
    comparison: the same real results file on both sides agrees with itself."""
    from deepdecide.analysis import evaluate
    from deepdecide.analysis.assessment import InformationValue, Measurement
    from deepdecide.analysis.plan import build
    from deepdecide.domain.evidence import Verdict
    from deepdecide.domain.messages import plain

    ws = load_workspace(SAMPLE)
    a = evaluate(ws, monte_carlo=True, draws=500)
    key = "parity:port-deepinfer-h100:eval_accuracy"
    info = (InformationValue(key, plain(key), "", Measurement.PARITY, "port-deepinfer-h100", None, 0.3, 1000.0,
                             0.1, 0.0, ("keep-sglang-h100",), judgement=True, action=plain("run the parity suite")),)
    plan = build(ws, replace(a, monte_carlo=replace(a.monte_carlo, information=info)))
    folder = tmp_path / "plan"
    write_plan(plan, folder)
    item = plan.items[0]
    assert item.step == 4
    candidate, reference = [f for f in item.files if f.purpose == "parity"]
    # the reference runtime: the baseline keep option, the current production stack (SGLang on H100)
    assert reference.reference and reference.runtime == "sglang" and candidate.runtime == "deepinfer"
    real = shared_fixture("parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json")
    for f in (candidate, reference):  # lm-eval writes below --output_path, in a folder of its own
        (folder / f.path / "model").mkdir(parents=True)
        shutil.copyfile(real, folder / f.path / "model" / "results_2026-12-01T10-00-00.json")
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    assert main(["import", str(folder), "--into", str(ws_path)]) == 0
    out = capsys.readouterr().out
    assert "2 planned files done, 1 missing, 0 failed" in out  # the environment capture was not made
    added = load_workspace(ws_path).evidence.files[-1]
    # judged against the reference run (without one, an lm-eval check has no rule at all): the same file
    # on both sides, delta 0, yet inconclusive — gsm8k's 1,319 questions are too few for the default
    # rule's power. The file states its own runtime and GPU (hf on an A100): the manifest does not replace them
    assert added.parity
    for check in added.parity:
        assert "delta = +0.0000" in str(check.tolerance), check.tolerance
        assert check.verdict == Verdict.INCONCLUSIVE and "underpowered" in str(check.tolerance)


def test_a_planned_file_that_is_no_result_file_is_failed_not_missing(plan_dir, tmp_path, shared_fixture, capsys):
    """A file at its planned path that deepdecide does not recognise (the benchmark wrote an error page,
    or another tool's output) is there: reported failed with the reason, not missing; the others go in."""
    from deepdecide.importers.plan import FileStatus, status

    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    laid = _lay_out(plan_dir, shared_fixture, 2)
    plan = from_json((plan_dir / MANIFEST).read_text(encoding="utf-8"))
    third = [f for f in plan.items[0].files if f.purpose == "performance"][2]
    (plan_dir / third.path).write_text("upstream connect error or disconnect/reset before headers\n", encoding="utf-8")
    assert main(["import", str(plan_dir), "--into", str(ws_path)]) == 0
    out = capsys.readouterr().out
    assert "3 planned files done, 3 missing, 1 failed" in out
    assert f"failed: {third.path} (sglang-bench-serving, sglang on nv-h100): not a result file: format not " \
           "recognised" in out
    assert next(s for s in load_workspace(ws_path).migration_plan if s.order == 5).status == StepStatus.IN_PROGRESS
    # the same from status() itself: the skipped planned file is failed
    got = status(plan, plan_dir, [str(plan_dir / p) for p in laid], [], [str(plan_dir / third.path)])
    assert [g.status for g in got if g.file.path == third.path] == [FileStatus.FAILED]


def _aisbench_plan(tmp_path: Path, plan_dir: Path, shared_fixture) -> tuple[Path, str, str]:
    """The top item's plan with its sweep replaced by one AISBench run (its CSV and JSON, each a
    planned file of its own): the files AISBench writes, built by tests/aisbench_files.py."""
    from aisbench_files import AIS_RUN, ais_json, ais_pair

    from deepdecide.domain.plan import PlannedFile

    plan = from_json((plan_dir / MANIFEST).read_text(encoding="utf-8"))
    item = plan.items[0]
    perf = next(f for f in item.files if f.purpose == "performance")
    base = f"{item.id}/results/aisbench/gsm8k"
    pair = tuple(PlannedFile(f"{base}.{ext}", "ais-bench", "performance", perf.runtime, perf.platform, perf.gpu_count,
                             perf.model) for ext in ("csv", "json"))
    keep = tuple(f for f in item.files if f.purpose != "performance")
    folder = tmp_path / "aisbench-plan"
    write_plan(replace(plan, items=(replace(item, files=(*keep, *pair)),)), folder)
    _lay_out(folder, shared_fixture, 0)
    ais_pair(folder / item.id / "results" / "aisbench", AIS_RUN, ais_json("stable"))
    return folder, f"{base}.csv", f"{base}.json"


def test_a_planned_aisbench_pair_is_done_as_one_import_naming_both_files(plan_dir, tmp_path, shared_fixture, capsys):
    """Built from documentation/code (ais-bench-benchmark 3.1.20260630), no public real file: the
    plan lists the run's CSV and JSON; they are joined into one evidence file, and the status counts
    both as done and names both (the JSON is not 'missing' because it went in under the CSV)."""
    folder, csv_rel, json_rel = _aisbench_plan(tmp_path, plan_dir, shared_fixture)
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    n = len(load_workspace(ws_path).evidence.files)
    assert main(["import", str(folder), "--into", str(ws_path)]) == 0
    out = capsys.readouterr().out
    assert "3 planned files done, 0 missing, 0 failed" in out  # the capture, the CSV and the JSON
    assert f"done: {csv_rel} + {json_rel} (one run in two files, imported together or not at all)" in out
    assert "missing" not in out.split("planned files done", 1)[1].split("\n", 1)[1]
    ws = load_workspace(ws_path)
    assert next(s for s in ws.migration_plan if s.order == 5).status == StepStatus.DONE
    added = ws.evidence.files[n:]
    assert len(added) == 2  # the capture and one joined run, not two half runs
    joined = next(f for f in added if f.provenance.is_joined)
    assert [j.file_name for j in joined.provenance.joined] == ["gsm8k.csv", "gsm8k.json"]
    assert {(r.runtime, r.platform, r.gpu_count) for r in joined.runs} == {("sglang", "nv-h100", 8)}


def test_a_planned_aisbench_pair_that_cannot_be_joined_fails_as_a_pair(plan_dir, tmp_path, shared_fixture, capsys):
    """Built from documentation/code (ais-bench-benchmark 3.1.20260630), no public real file: a CSV
    of another run than its JSON fails the join; both planned files are failed, named together."""
    from aisbench_files import AIS_RUN, ais_csv

    folder, csv_rel, json_rel = _aisbench_plan(tmp_path, plan_dir, shared_fixture)
    (folder / csv_rel).write_bytes(ais_csv([row.rsplit(",", 1)[0] + ",240" for row in AIS_RUN]))  # 240 requests, not 478
    ws_path = tmp_path / "w.deepdecide.yaml"
    shutil.copyfile(SAMPLE, ws_path)
    assert main(["import", str(folder), "--into", str(ws_path), "--keep-going"]) == 3  # a file failed
    out = capsys.readouterr().out
    assert "1 planned file done, 0 missing, 2 failed" in out
    assert f"failed: {csv_rel} + {json_rel} (one run in two files, imported together or not at all)" in out
