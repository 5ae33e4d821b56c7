"""The command line on the Llama-on-H100 scenario: import, evaluate, inspect, evidence set / list / workload."""

from __future__ import annotations

import json
import shutil

import pytest
from generated_files import vllm_serving, write_json

from deepdecide.cli.main import main
from deepdecide.storage.files import load_workspace, sample_workspace_path

LLAMA = "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8"


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path(), path)
    return path


@pytest.fixture
def llama(tmp_path):
    return write_json(tmp_path / "1xH100_vllm_llama31-8b-fp8.json", vllm_serving())


def _evaluate(capsys, path) -> dict:
    capsys.readouterr()
    main(["evaluate", str(path), "--json", "--no-monte-carlo"])
    return json.loads(capsys.readouterr().out)


def _decision(data: dict):
    return (data["ranking"], [(o["option"], o["capacity"]["figure"]["value"], o["fleet"]["gpus"]["value"],
                               o["costs"]["cost_per_m_tokens_usd"]["value"], o["costs"]["tco_usd"]["value"])
                              for o in data["options"]])


@pytest.mark.parametrize("claim", [[], ["--model", "DeepSeek-V4.1-Flash"]])
def test_import_of_llama_changes_nothing_and_every_command_says_why(capsys, sample, llama, claim):
    before = _decision(_evaluate(capsys, sample))
    assert main(["import", str(llama), "--into", str(sample), "--kind", "own", "--runtime", "vllm", "--platform", "H100",
                 "--gpus", "1", *claim]) == 0
    out = capsys.readouterr().out
    assert "MISMATCH: 1 item (counts for nothing)" in out and f"measured on {LLAMA}, not DeepSeek-V4.1-Flash" in out
    assert _decision(_evaluate(capsys, sample)) == before
    main(["evaluate", str(sample), "--no-monte-carlo"])
    text = capsys.readouterr().out
    assert "Evidence judged against the workload: DeepSeek-V4.1-Flash" in text
    row = next(line for line in text.splitlines() if " Keep H100, serve with vLLM " in line)  # its name, not its id
    assert " 0/0/1/0 " in row and "(assumed)" in row
    assert "1,024 / 170 tokens vs 6,144–10,240 / 768–1,280" in text


def test_reimport_with_new_context_replaces_instead_of_skipping(capsys, sample, llama):
    assert main(["import", str(llama), "--into", str(sample), "--kind", "own"]) == 0
    out = capsys.readouterr().out
    assert "the file name suggests --platform H100 --gpus 1 (not applied" in out
    # a run of a known other model is a mismatch, whatever context it lacks: context would not make it count
    assert "MISMATCH" in out and "NEEDS-CONTEXT" not in out
    ws = load_workspace(sample)
    assert ws.evidence.files[-1].runs[0].platform == ""  # a suggestion is never applied silently
    assert main(["import", str(llama), "--into", str(sample)]) == 0  # no new context: skipped
    assert "skipped" in capsys.readouterr().out
    n = len(load_workspace(sample).evidence.files)
    assert main(["import", str(llama), "--into", str(sample), "--kind", "own", "--platform", "H100", "--gpus", "1"]) == 0
    assert "replaced" in capsys.readouterr().out
    ws = load_workspace(sample)
    assert len(ws.evidence.files) == n and ws.evidence.files[-1].runs[0].gpu_count == 1
    assert main(["import", str(llama), "--into", str(sample), "--kind", "own", "--replace"]) == 0
    assert load_workspace(sample).evidence.files[-1].runs[0].platform == ""


def test_evidence_set_assigns_context_and_accepts_a_proxy(capsys, sample, tmp_path):
    run = write_json(tmp_path / "dsv41.json", vllm_serving("DeepSeek-V4.1-Flash", input_len=8192, output_len=1024))
    assert main(["import", str(run), "--into", str(sample), "--kind", "own"]) == 0
    assert main(["evidence", "set", str(sample), "dsv41.json", "--platform", "H100", "--gpus", "8"]) == 0
    out = capsys.readouterr().out
    assert "matches, counts for capacity, builds, performs" in out
    data = _evaluate(capsys, sample)
    vllm = next(o for o in data["options"] if o["option"] == "keep-vllm-h100")
    assert vllm["capacity"]["label"] == "lower bound, own measurement"
    assert vllm["capacity"]["figure"]["value"] == pytest.approx(1516 / 8)
    # a proxy: the Llama file accepted with a reason and a discount
    llama = write_json(tmp_path / "llama.json", vllm_serving())
    main(["import", str(llama), "--into", str(sample), "--kind", "own", "--runtime", "vllm", "--platform", "H100", "--gpus", "1"])
    assert main(["evidence", "set", str(sample), "llama.json", "--proxy", "dense stand-in", "--discount",
                 "0.1/0.15/0.2"]) == 0
    assert "proxy, counts for capacity, builds" in capsys.readouterr().out
    assert main(["evidence", "set", str(sample), "llama.json", "--proxy", "x", "--discount", "0.5/0.2/0.9"]) == 2
    assert "0 < low <= likely <= high" in capsys.readouterr().err
    assert main(["evidence", "set", str(sample), "nope.json", "--gpus", "1"]) == 2
    assert "no evidence file 'nope.json'" in capsys.readouterr().err


def test_evidence_workload_and_list(capsys, sample):
    assert main(["evidence", "workload", str(sample), "--alias", "deepseek-ai/DeepSeek-V4-Flash"]) == 0
    main(["evidence", "list", str(sample)])
    out = capsys.readouterr().out
    assert "also: deepseek-ai/DeepSeek-V4-Flash" in out
    assert "illustrative, reconstructed from published figures" in out and "counts for nothing" in out
    assert main(["evidence", "workload", str(sample), "--input", "9000-100"]) == 2


def test_inspect_shows_model_tokens_and_max_rate(capsys, llama):
    assert main(["inspect", str(llama)]) == 0
    out = capsys.readouterr().out
    assert f"model {LLAMA}" in out and "tokens in / out 1,024 / 170 per request" in out
    assert "rate max rate" in out and "the file name suggests: --platform H100 --gpus 1" in out
    assert main(["inspect", str(llama), "--json"]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    assert row["request_rate"] == "inf" and row["max_rate"] is True


def test_evidence_set_accepts_a_proxy_for_one_run_or_check(capsys, sample, tmp_path, shared_fixture):
    llama = write_json(tmp_path / "llama.json", vllm_serving())
    main(["import", str(llama), "--into", str(sample), "--kind", "own", "--runtime", "vllm", "--platform", "H100", "--gpus", "1"])
    capsys.readouterr()
    assert main(["evidence", "set", str(sample), "llama.json", "--run", "1", "--proxy", "dense stand-in",
                 "--discount", "0.1/0.15/0.2"]) == 0
    out = capsys.readouterr().out
    assert "run 1: " in out and "proxy (proxy accepted for this run: dense stand-in), counts for capacity, builds" in out
    f = load_workspace(sample).evidence.files[-1]
    assert f.proxy is None and [(p.index, p.reason) for p in f.run_proxies] == [(0, "dense stand-in")]
    data = _evaluate(capsys, sample)
    vllm = next(o for o in data["options"] if o["option"] == "keep-vllm-h100")
    assert "proxy" in vllm["capacity"]["label"]
    # kept when the same file is imported again with new context
    main(["import", str(llama), "--into", str(sample), "--kind", "own", "--runtime", "vllm", "--platform", "H100", "--gpus", "2"])
    assert len(load_workspace(sample).evidence.files[-1].run_proxies) == 1
    assert main(["evidence", "set", str(sample), "llama.json", "--run", "1", "--no-proxy"]) == 0
    assert "mismatch, counts for nothing" in capsys.readouterr().out
    # refused with a clear message, nothing changed
    before = sample.read_bytes()
    assert main(["evidence", "set", str(sample), "llama.json", "--run", "3", "--proxy", "x"]) == 2
    assert "the file has no run 3 (it has 1)" in capsys.readouterr().err
    assert main(["evidence", "set", str(sample), "llama.json", "--run", "1", "--gpus", "2"]) == 2
    assert "--run N needs --proxy REASON or --no-proxy" in capsys.readouterr().err
    assert sample.read_bytes() == before
    # a parity check of another model, accepted on its own
    lm_eval = shared_fixture("parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json")
    assert main(["import", str(lm_eval), "--into", str(sample), "--kind", "own"]) == 0
    assert "MISMATCH" in capsys.readouterr().out
    assert main(["evidence", "set", str(sample), lm_eval.name, "--check", "2", "--proxy", "fine-tune of ours"]) == 0
    out = capsys.readouterr().out
    assert "check 2: " in out and "proxy (proxy accepted for this check: fine-tune of ours), counts for builds" in out
    assert "check 1: " in out and "check 1: eval_accuracy" in out


def test_evidence_set_states_token_lengths_precision_and_a_mapping(capsys, sample, llama):
    name = llama.name
    assert main(["import", str(llama), "--into", str(sample), "--kind", "own", "--runtime", "vllm",
                 "--platform", "H100", "--gpus", "1"]) == 0
    capsys.readouterr()
    assert main(["evidence", "set", str(sample), name, "--input-tokens", "8192", "--output-tokens", "1024",
                 "--quantization", "fp8", "--map", "tpot_ms_p99=tpot_ms_mean*1.3", "--map-reason",
                 "p99 within 30 % of the mean on this stack"]) == 0
    out = capsys.readouterr().out
    assert "stated mapping for the SLO check: tpot_ms_p99 ≈ tpot_ms_mean × 1.3 (p99 within 30 % of the mean " \
           "on this stack)" in out
    f = load_workspace(sample).evidence.files[-1]
    run = f.runs[0]
    assert (run.input_tokens, run.output_tokens) == (8192, 1024) and run.quantization == "fp8"
    assert [(m.target, m.source, m.factor) for m in f.mappings] == [("tpot_ms_p99", "tpot_ms_mean", 1.3)]
    assert main(["evidence", "set", str(sample), name, "--no-map", "tpot_ms_p99"]) == 0
    assert load_workspace(sample).evidence.files[-1].mappings == ()
    # refused with the reason, nothing changed
    before = sample.read_bytes()
    capsys.readouterr()
    assert main(["evidence", "set", str(sample), name, "--map", "tpot_ms_p99=tpot_ms_mean*1.3"]) == 2
    assert "--map needs --map-reason" in capsys.readouterr().err
    assert main(["evidence", "set", str(sample), name, "--map", "tpot_p99", "--map-reason", "x"]) == 2
    assert "--map expects TARGET=SOURCE*FACTOR" in capsys.readouterr().err
    assert main(["evidence", "set", str(sample), name, "--input-tokens", "0"]) == 2
    assert "token lengths must be in (0, 10,000,000], got 0" in capsys.readouterr().err
    assert sample.read_bytes() == before


def test_evaluate_summarises_what_does_not_count_per_configuration(capsys, sample, tmp_path):
    """Many files that count for nothing take a few lines (how many, a few named, and N more, each
    reason once); --json keeps every run."""
    folder = tmp_path / "sweep"
    folder.mkdir()
    for i in range(7):
        write_json(folder / f"llama-c{2 ** i:03d}.json", vllm_serving(concurrency=2 ** i, output_len=150 + i))
    assert main(["import", str(folder), "--into", str(sample), "--kind", "own", "--runtime", "vllm",
                 "--platform", "H100", "--gpus", "1"]) == 0
    capsys.readouterr()
    main(["evaluate", str(sample), "--no-monte-carlo"])
    text = capsys.readouterr().out
    lines = [line for line in text.splitlines() if "llama-c" in line]
    assert lines == ["    files: llama-c001.json, llama-c002.json, llama-c004.json and 4 more"]
    head = next(line for line in text.splitlines() if "7 runs in 7 files" in line)
    assert head == ("  Keep H100, serve with vLLM (vLLM on NVIDIA H100 SXM): 7 runs in 7 files: MISMATCH, "
                    "counts for nothing")
    why = text.splitlines()[text.splitlines().index(head) + 2]
    assert why.startswith(f"    why: measured on {LLAMA}, not DeepSeek-V4.1-Flash; ")
    assert why.endswith("(for example; 7 items)")  # each file's own lengths: one shown, as an example
    main(["evaluate", str(sample), "--no-monte-carlo", "--lang", "es"])
    text = capsys.readouterr().out
    assert "(vLLM en NVIDIA H100 SXM): 7 ejecuciones en 7 archivos: NO ENCAJA, no cuenta para nada" in text
    assert "    archivos: llama-c001.json, llama-c002.json, llama-c004.json y 4 más" in text
    data = _evaluate(capsys, sample)
    assert sum("llama-c" in f["file"] for f in data["evidence_fit"]) == 7
