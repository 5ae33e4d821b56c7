"""``deepdecide inspect`` and ``deepdecide import``: normalized names, all-or-nothing per file,
secrets never stored, illustrative samples labelled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.evidence import BENCHMARK_FIELDS, PARITY_FIELDS, ProvenanceKind
from deepdecide.domain.workspace import DecisionRecord, Workspace
from deepdecide.storage.files import load_workspace, save_workspace


@pytest.fixture
def sweep(shared_fixture) -> Path:
    return shared_fixture("benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json")


@pytest.fixture
def gsm8k(shared_fixture) -> Path:
    return shared_fixture("parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json")


@pytest.fixture
def workspace(tmp_path):
    path = tmp_path / "ws.deepdecide.yaml"
    save_workspace(Workspace(name="t", model="m", decision=DecisionRecord(id="d", title="t")), path)
    return path


def test_inspect_json_uses_exactly_the_normalized_names(capsys, sweep, gsm8k):
    assert main(["inspect", str(sweep), str(gsm8k), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert set(rows[0]) == set(BENCHMARK_FIELDS) and rows[0]["tool"] == "vllm_serve"
    assert rows[0]["ttft_ms_p50"] == json.loads(sweep.read_text())["median_ttft_ms"]
    assert all(set(r) == set(PARITY_FIELDS) for r in rows[1:]) and rows[1]["verdict"] == "inconclusive"


def test_inspect_text_and_reference(capsys, tmp_path, shared_fixture, gsm8k):
    other_model = shared_fixture("parity/vllm/buildkite_lm-eval_DeepSeek-V3.yaml")
    assert main(["inspect", str(gsm8k), "--reference", str(other_model)]) == 0
    out = capsys.readouterr().out
    assert "lm-evaluation-harness results JSON" in out and "not comparable" in out
    baseline = tmp_path / "Meta-Llama-3-8B-Instruct.yaml"  # a CI-style baseline for the same model
    baseline.write_text('model_name: "meta-llama/Meta-Llama-3-8B-Instruct"\ntasks:\n- name: "gsm8k"\n'
                        '  metrics:\n  - name: "exact_match,strict-match"\n    value: 0.76\nlimit: 1319\n')
    assert main(["inspect", str(gsm8k), "--reference", str(baseline), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    strict = next(r for r in rows if r["metric"] == "exact_match,strict-match")
    assert strict["verdict"] == "pass" and strict["reference_value"] == 0.76 and "published reference" in strict["tolerance"]


def test_inspect_bad_file_exit_3(tmp_path, capsys, sweep):
    bad = tmp_path / "bad.json"
    bad.write_text('{"nope": 1}')
    assert main(["inspect", str(bad), str(sweep)]) == 3
    captured = capsys.readouterr()
    assert "bad.json" in captured.err and "not recognised" in captured.err and "vllm" in captured.out.lower()


def test_import_adds_files_all_or_nothing(workspace, tmp_path, capsys, sweep):
    bad = tmp_path / "bad.json"
    bad.write_text('{"date": "x", "backend": "vllm", "mean_ttft_ms": "slow"}')
    before = workspace.read_bytes()
    code = main(["import", str(sweep), str(bad), "--into", str(workspace), "--runtime", "vllm",
                 "--platform", "h100", "--gpus", "1", "--kind", "own"])
    assert code == 3
    err = capsys.readouterr().err
    assert "bad.json: mean_ttft_ms: expected a number" in err and "nothing saved" in err
    assert workspace.read_bytes() == before  # one command, one outcome
    code = main(["import", str(sweep), str(bad), "--into", str(workspace), "--runtime", "vllm",
                 "--platform", "h100", "--gpus", "1", "--keep-going", "--kind", "own"])
    assert code == 3
    assert "bad.json: mean_ttft_ms: expected a number" in capsys.readouterr().err
    ws = load_workspace(workspace)
    assert len(ws.evidence.files) == 1
    ev = ws.evidence.files[0]
    assert ev.provenance.file_name == sweep.name and ev.provenance.tool == "vllm_serve"
    run = ev.runs[0]
    assert run.runtime == "vllm" and run.platform == "h100" and run.gpu_count == 1 and run.missing_context == ()
    assert run.output_tps_per_gpu == pytest.approx(run.output_throughput_tps)
    # importing the same file again adds nothing
    assert main(["import", str(sweep), "--into", str(workspace)]) == 0
    assert len(load_workspace(workspace).evidence.files) == 1


def test_secrets_are_never_stored(workspace, tmp_path, capsys, shared_fixture):
    rec = json.loads(shared_fixture("benchmarks/sglang/sglang_0.5.5_bench_serving_gh200_qwen3b_c8.jsonl")
                     .read_text().replace("Infinity", "null"))
    rec["server_info"]["api_key"] = "sk-supersecret0123456789"
    rec["tag"] = "run with hf_token=hf_abcdefghijklmnop123"
    rec["hf_token"] = "hf_abcdefghijklmnop123"
    path = tmp_path / "secret.jsonl"
    path.write_text(json.dumps(rec) + "\n")
    assert main(["import", str(path), "--into", str(workspace), "--kind", "own"]) == 0
    assert main(["inspect", str(path), "--json"]) == 0
    text = workspace.read_text() + capsys.readouterr().out
    assert "supersecret" not in text and "hf_abcdefghijklmnop123" not in text
    assert "[redacted]" in text


def test_import_samples_are_labelled_illustrative(workspace):
    assert main(["import", "--samples", "--into", str(workspace)]) == 0
    ws = load_workspace(workspace)
    assert len(ws.evidence.files) == 3
    for f in ws.evidence.files:
        assert "illustrative, reconstructed from published figures, not a measurement" in f.provenance.label
        assert f.provenance.kind == ProvenanceKind.ILLUSTRATIVE
        assert all("illustrative" in r.label for r in f.runs)
    h100 = next(f for f in ws.evidence.files if "h100" in f.provenance.file_name)
    peak = next(r for r in h100.runs if r.concurrency == 4096)
    assert peak.total_throughput_tps == pytest.approx(2260 * 8)  # published total per GPU x 8
    assert peak.output_throughput_tps == pytest.approx(2260 * 8 * 1024 / 9216)  # OSL share, not relabelled
    assert peak.platform == "H100" and peak.gpu_count == 8 and peak.ttft_ms_p50 is None


def test_usage_errors(workspace, capsys, sweep):
    assert main(["import", "--into", str(workspace)]) == 2
    assert main(["inspect", str(sweep), "--map", "oops"]) == 2


def test_every_recognised_real_file_round_trips_through_a_workspace(workspace, shared_fixtures):
    from deepdecide.importers.registry import sniff

    # ../shared/fixtures also holds files of tools no importer reads (yet): those are left out
    files = sorted(str(p) for top in ("benchmarks", "parity") for p in (shared_fixtures / top).rglob("*")
                   if p.is_file() and sniff(p) is not None)
    assert main(["import", *files, "--into", str(workspace), "--kind", "third-party"]) == 0
    ws = load_workspace(workspace)
    assert len(ws.evidence.files) == len(files)
    assert len(ws.evidence.runs) > 60 and len(ws.evidence.parity) > 90
    from deepdecide.importers.registry import import_file

    by_name = {f.provenance.file_name: f for f in ws.evidence.files}
    for path in files:  # what was saved is what an import gives, number for number
        fresh = import_file(path).evidence
        saved = by_name[Path(path).name]
        assert saved.runs == fresh.runs and saved.parity == fresh.parity
        assert saved.provenance.sha256 == fresh.provenance.sha256


def test_three_files_one_bad_save_nothing_and_keep_going_saves_two(workspace, tmp_path, capsys, sweep):
    good = json.loads(sweep.read_text())
    paths = []
    for i, change in enumerate(({}, {"median_ttft_ms": good["median_ttft_ms"] * 1.5}, {"completed": -1})):
        path = tmp_path / f"run{i}.json"
        path.write_text(json.dumps({**good, **change}))
        paths.append(str(path))
    before = workspace.read_bytes()
    assert main(["import", *paths, "--into", str(workspace), "--kind", "own"]) == 3
    err = capsys.readouterr().err
    assert "run2.json: completed: expected a whole number" in err and "nothing saved: 1 of 3" in err
    assert workspace.read_bytes() == before
    assert main(["import", *paths, "--into", str(workspace), "--keep-going", "--kind", "own"]) == 3
    assert len(load_workspace(workspace).evidence.files) == 2


def test_import_reports_what_was_redacted_and_escapes_the_terminal(workspace, tmp_path, capsys, sweep):
    rec = json.loads(sweep.read_text())
    # a hostile value inside the result file (a user's home folder and a terminal escape), no real path
    rec["model_id"] = "/home/alice/models/x\x1b[2J"
    path = tmp_path / "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789.json"
    path.write_text(json.dumps(rec))
    assert main(["import", str(path), "--into", str(workspace), "--kind", "own"]) == 0
    out = capsys.readouterr().out
    assert "redacted: Hugging Face token in provenance file_name" in out
    assert "redacted: home directory in run 1 model" in out
    assert "AbCdEfGhIj" not in out and "/home/alice" not in out
    assert main(["inspect", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out


def test_import_kind_is_typed_and_never_assumed(workspace, tmp_path, capsys, sweep, gsm8k):
    before = workspace.read_bytes()
    assert main(["import", str(sweep), "--into", str(workspace)]) == 2  # who made it is asked, not assumed
    err = capsys.readouterr().err
    assert f"who made it? 1 file does not say ({sweep.name}): give --kind own" in err and "nothing saved" in err
    assert workspace.read_bytes() == before
    assert main(["import", str(sweep), "--into", str(workspace), "--kind", "own"]) == 0
    assert load_workspace(workspace).evidence.files[0].provenance.kind == ProvenanceKind.OWN
    other = tmp_path / "other.json"
    other.write_bytes(gsm8k.read_bytes())
    assert main(["import", str(other), "--into", str(workspace), "--kind", "third-party",
                 "--label", "illustrative figures from a blog"]) == 0
    second = load_workspace(workspace).evidence.files[1].provenance
    assert second.kind == ProvenanceKind.THIRD_PARTY  # the label's words do not change the kind
    assert "kind: third_party" in workspace.read_text()


def test_import_kind_option_is_documented(capsys):
    assert main(["import", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--kind {own,third-party,illustrative,predicted}" in out and "estimator" in out


def test_import_kind_rejects_an_unknown_kind(workspace, capsys, sweep):
    assert main(["import", str(sweep), "--into", str(workspace), "--kind", "mine"]) == 2
    assert "invalid choice" in capsys.readouterr().err and not load_workspace(workspace).evidence.files


def test_a_folder_of_several_gpus_keeps_each_file_s_own_context(workspace, tmp_path, capsys, shared_fixture):
    """Context from the command line fills only what a file lacks; --from-names takes each file's
    facts from its own name; nothing is copied from one file to another; who made them is asked."""
    from import_folders import FILES, TAIL, vllm_gpu_folder

    from deepdecide.storage.files import load_builtin_matrix

    folder = vllm_gpu_folder(shared_fixture, tmp_path / "sweep")
    save_workspace(Workspace(name="t", model="m", decision=DecisionRecord(id="d", title="t"),
                             matrix=load_builtin_matrix()), workspace)  # the names map to its platforms
    before = workspace.read_bytes()
    assert main(["import", str(folder), "--into", str(workspace), "--runtime", "vllm", "--from-names"]) == 2
    assert "who made them? 5 files do not say" in capsys.readouterr().err
    assert workspace.read_bytes() == before
    assert main(["import", str(folder), "--into", str(workspace), "--runtime", "vllm", "--from-names",
                 "--kind", "own"]) == 0
    out = capsys.readouterr().out
    assert "context: runtime vllm (you), platform nv-h100 (file name), GPU count 8 (file name)" in out
    files = {f.provenance.file_name: f for f in load_workspace(workspace).evidence.files}
    assert set(files) == set(FILES)
    for name, (_fixture, platform, gpus) in FILES.items():
        runs = files[name].runs
        if name == "vllm_serving_l40s_append_multi.jsonl":  # the file says 4 x L40S: kept
            assert {(r.runtime, r.platform, r.gpu_count) for r in runs} == {("vllm", "L40S", 4)}
            continue
        assert {(r.runtime, r.platform, r.gpu_count) for r in runs} == {("vllm", platform or "", gpus)}
        assert all(r.output_tps_per_gpu == pytest.approx(r.output_throughput_tps / gpus) for r in runs)
        assert ("platform" in runs[0].missing_context) == (platform is None)  # RNGD: not in the matrix, not guessed
    # without --from-names the name is only suggested, and --gpus applies to every file lacking it
    other = tmp_path / "other"
    other.mkdir()
    (other / f"8xH100-FP16{TAIL}").write_bytes((folder / f"4xRNGD-FP16{TAIL}").read_bytes() + b"\n\n")
    assert main(["import", str(other), "--into", str(workspace), "--gpus", "2", "--kind", "third-party"]) == 0
    out = capsys.readouterr().out
    assert "the file name suggests --platform H100 (not applied" in out
    run = load_workspace(workspace).evidence.files[-1].runs[0]
    assert (run.platform, run.gpu_count) == ("", 2)


AIPERF = "benchmarks/aiperf/aiperf_0.11_h100_qwen36_c8.json"


def test_inspect_and_evidence_list_name_a_files_tool_once(capsys, shared_fixture, workspace):
    """"aiperf 0.11.0 (schema 1.3)", never "aiperf aiperf 0.11.0": the version text names its tool."""
    path = shared_fixture(AIPERF)
    assert main(["inspect", str(path)]) == 0
    out = capsys.readouterr().out
    assert "tool and version: aiperf 0.11.0 (schema 1.3);" in out and "aiperf aiperf" not in out
    assert main(["import", "--into", str(workspace), str(path), "--platform", "nv-h100", "--gpus", "8", "--runtime", "vllm",
                 "--kind", "third-party"]) == 0
    capsys.readouterr()
    assert main(["evidence", "list", str(workspace)]) == 0
    out = capsys.readouterr().out
    assert "(aiperf 0.11.0 (schema 1.3), " in out and "aiperf aiperf" not in out
