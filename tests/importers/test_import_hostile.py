"""Hostile files: what an import keeps is what a workspace can hold; implausible values are
refused or flagged with their place; secrets are redacted from every stored string; special and
changing files are refused; the shapes of real tools that used to be refused import."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.domain.errors import DeepdecideError, EvidenceImportError
from deepdecide.domain.evidence import Evidence, Verdict
from deepdecide.domain.workspace import DecisionRecord, Workspace
from deepdecide.importers import registry
from deepdecide.importers.registry import import_bytes, import_file
from deepdecide.importers.secrets import scan
from deepdecide.storage.files import load_workspace_text, workspace_to_yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import make_evidence_cases as corpus

FIXTURES = Path(__file__).resolve().parents[1] / ".." / ".." / "shared" / "fixtures"


def one_run(name: str, data: bytes):
    result = import_bytes(name, data)
    assert len(result.evidence.runs) == 1
    return result, result.evidence.runs[0]


def stored_round_trip(result) -> Workspace:
    """The result added to a workspace, written as YAML and read back (validated)."""
    ws = Workspace(name="t", model="m", decision=DecisionRecord(id="d", title="t"),
                   evidence=Evidence(files=(result.evidence,)))
    return load_workspace_text(workspace_to_yaml(ws))


# --- non-finite values: None with a flag saying what the file held and where


def test_denormal_tpot_leaves_tpot_and_interactivity_empty_with_flags():
    result, run = one_run("d.json", corpus.dumps(corpus.vllm(median_tpot_ms=5e-324)))
    assert run.tpot_ms_p50 is None and run.interactivity_tps_per_user is None
    assert any(f.startswith("TPOT p50: the file holds 5e-324") for f in map(str, run.quality_flags))
    stored_round_trip(result)


def test_denormal_duration_makes_no_infinite_throughput():
    data = corpus.dumps(corpus.vllm(duration=5e-324, request_throughput=corpus._DELETE,
                                    output_throughput=corpus._DELETE, total_token_throughput=corpus._DELETE))
    result, run = one_run("d.json", data)
    assert run.duration_s is None
    assert all(v is None or math.isfinite(v) for v in dataclasses.astuple(run) if isinstance(v, float))
    assert any(f.startswith("duration: the file holds 5e-324") for f in map(str, run.quality_flags))
    stored_round_trip(result)


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_non_finite_file_values_are_flagged_with_key(literal):
    result, run = one_run("n.json", corpus.raw_vllm("mean_ttft_ms", literal))
    assert run.ttft_ms_mean is None and run.ttft_ms_p50 == 80.0
    flag = next(f for f in map(str, run.quality_flags) if "mean_ttft_ms" in f)
    assert "not a finite number" in flag
    stored_round_trip(result)


def test_nan_csv_cell_is_flagged_with_line_and_column():
    rows = [corpus.AIPERF_ROWS[0].replace("80.0,", "nan,", 1), *corpus.AIPERF_ROWS[1:]]
    _, run = one_run("a.csv", corpus.aiperf_csv(rows))
    assert run.ttft_ms_mean is None
    assert any("line 2" in f and "'avg'" in f and "nan" in f for f in map(str, run.quality_flags))


def test_absurd_throughput_is_refused_with_its_field():
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("big.json", corpus.dumps(corpus.vllm(output_throughput=1e308)))
    assert info.value.reason == "output tokens/s is 1e+308: not a plausible measurement (above 1e+12)"


def test_underscore_and_foreign_digits_are_not_numbers():
    for text in ("1_000", "\u0661\u0662", "0x10", " 1e3x"):
        with pytest.raises(EvidenceImportError) as info:
            import_bytes("u.json", corpus.dumps(corpus.vllm(mean_ttft_ms=text)))
        assert info.value.path == "mean_ttft_ms"


# --- percentiles, duplicates, empty CSVs


def test_percentiles_out_of_order_are_refused():
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("p.json", corpus.dumps(corpus.vllm(p99_ttft_ms=8.0)))
    assert "TTFT percentiles out of order: p99 8 is below p50 80" in info.value.reason


def test_duplicate_json_key_names_key_and_line():
    text = json.dumps(corpus.vllm(), indent=1).replace('"completed": 100', '"completed": 100,\n "completed": 5')
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("dup.json", text.encode())
    line = text.splitlines().index(' "completed": 5,') + 1
    assert 'duplicate key "completed"' in info.value.reason and info.value.line == line


def test_colons_inside_strings_are_not_duplicates():
    _, run = one_run("c.json", corpus.dumps(corpus.vllm(model_id="a:b:c", date="2025-01-01T00:00:00")))
    assert run.model == "a:b:c"


@pytest.mark.parametrize("data", [corpus.AIPERF_HEAD.encode(), corpus.AIPERF_HEAD.strip().encode()])
def test_header_only_csv_has_no_data_rows(data):
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("h.csv", data)
    assert "no data rows" in info.value.reason


def test_duplicated_csv_row_is_refused_with_both_lines():
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("r.csv", corpus.aiperf_csv(corpus.AIPERF_ROWS + corpus.AIPERF_ROWS[:1]))
    assert info.value.line == 5 and "repeats line 2" in info.value.reason


# --- files as users expect


def test_jsonl_error_on_line_5_says_line_5():
    good = json.dumps(corpus.vllm(model_id="a\u2028b\x0cc"), ensure_ascii=False)
    data = "\n".join([good] * 4 + [json.dumps(corpus.vllm(completed=-1))]) + "\n"
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("runs.jsonl", data.encode())
    assert info.value.line == 5 and info.value.path == "completed"


@pytest.mark.parametrize("encoding, bom", [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"),
                                           ("utf-32-le", b"\xff\xfe\x00\x00"), ("utf-32-be", b"\x00\x00\xfe\xff")])
def test_utf16_and_utf32_with_bom_decode(encoding, bom):
    data = bom + json.dumps(corpus.vllm(model_id="Modèle-8B"), ensure_ascii=False).encode(encoding)
    result, run = one_run("w.json", data)
    assert run.model == "Modèle-8B" and result.evidence.provenance.size_bytes == len(data)
    assert any(encoding.upper() in n for n in map(str, result.notes))


def test_broken_utf16_is_a_named_encoding_error():
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("w.json", b"\xff\xfe" + json.dumps(corpus.vllm()).encode("utf-16-le")[:-1])
    assert "UTF-16" in info.value.reason and "binary" not in info.value.reason


def test_fifo_is_refused_without_opening(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = threading.Event()
    errors: list[BaseException] = []

    def run():
        try:
            import_file(fifo)
        except EvidenceImportError as exc:
            errors.append(exc)
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(5), "importing a FIFO hung"
    assert "named pipe" in errors[0].reason


def test_device_is_refused(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
    from special_files import special

    with special("device", tmp_path, "dev.json") as device, pytest.raises(EvidenceImportError) as info:
        import_file(device)  # a device node of the test's own (skipped where it may not make one)
    assert "device" in info.value.reason


def test_a_file_changing_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "a.csv"
    path.write_bytes(corpus.aiperf_csv())
    real_open = open

    def rewriting_open(file, mode="r", *args, **kw):  # the re-read sees what a writer left
        fh = real_open(file, mode, *args, **kw)
        if str(file) == str(path) and "b" in mode:
            path.write_bytes(corpus.aiperf_csv()[:100])
        return fh

    monkeypatch.setattr(registry, "open", rewriting_open, raising=False)
    with pytest.raises(EvidenceImportError) as info:
        import_file(path)
    assert "changed while being read" in info.value.reason and "try again" in info.value.reason


# --- text: surrogates, secrets


def test_lone_surrogate_is_replaced_and_located():
    result, run = one_run("s.json", corpus.raw_vllm("model_id", '"Llama\\ud800-8B"'))
    assert run.model == "Llama\ufffd-8B"
    assert any("run 1 model" in f and "U+D800" in f for f in map(str, run.quality_flags))
    stored_round_trip(result)


PLANTED = {
    "credential flag --api-key": "serve --api-key Zx9Qw8Er7Ty6 --port 1",
    "credential flag --hf-token": "--hf-token=Qw8Er7Ty6Ui5",
    "Hugging Face token": "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "AWS key": "AKIAIOSFODNN7EXAMPLE",
    "high-entropy key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "bearer token": "Authorization: Bearer abcDEF123456ghiJKL",
    "URL credentials": "https://alice:pa55word@models.example.com/m",
    "home directory": "/home/alice/models/m",
    "GitHub token": "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
}


@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_each_secret_kind_is_redacted_and_reported(kind):
    secret = PLANTED[kind]
    clean, kinds = scan(f"x {secret} y")
    assert kind in kinds
    for part in ("Zx9Qw8Er7Ty6", "Qw8Er7Ty6Ui5", "AbCdEfGhIj", "AKIAIOSFODNN7", "wJalrXUtn", "abcDEF123456",
                 "pa55word", "/home/alice", "a1B2c3D4"):
        assert part not in clean


def test_hashes_and_commit_ids_are_never_redacted():
    text = ("sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 git 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"
            " --max-num-batched-tokens 8192 neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8")
    assert scan(text) == (text, [])


def test_secrets_in_every_stored_string_are_redacted_and_reported():
    hf = PLANTED["Hugging Face token"]
    rec = corpus.vllm(model_id="/Users/bob/models/m", label=PLANTED["credential flag --api-key"])
    result = import_bytes(f"result_{hf}.json", corpus.dumps(rec))
    stored = workspace_to_yaml(stored_round_trip(result))
    assert hf not in stored and "Zx9Qw8Er7Ty6" not in stored and "/Users/bob" not in stored
    assert result.evidence.runs[0].model == "~/models/m"
    reported = {str(f) for f in result.redactions}
    assert "Hugging Face token in provenance file_name" in reported
    assert "credential flag --api-key in run 1 label" in reported
    assert "home directory in run 1 model" in reported
    assert all("Zx9Qw8Er7Ty6" not in r for r in reported)


# --- shapes of real tools


def test_aiperf_08_run_in_which_every_request_failed():
    result, run = one_run("profile_export_aiperf.json", corpus.dumps(corpus.aiperf_all_failed()))
    assert result.tool == "aiperf" and run.completed == 0 and run.failed == 32 and run.error_rate == 1.0
    assert run.model == "org/Model-8B"


def test_aiperf_with_an_empty_error_summary_has_error_rate_zero():
    _, run = one_run("profile_export_aiperf.json", corpus.dumps(corpus.aiperf_json()))
    assert run.completed == 96 and run.failed == 0 and run.error_rate == 0.0


def test_real_aiperf_file_without_errors_has_error_rate_zero():
    path = FIXTURES / "benchmarks" / "aiperf" / "aiperf_0.11_h100_qwen36_c8.json"
    if not path.exists():
        pytest.skip(f"shared fixture absent: {path}")
    run = import_file(path).evidence.runs[0]
    assert run.failed == 0 and run.error_rate == 0.0


def test_lm_eval_non_finite_metric_imports_inconclusive():
    result = import_bytes("results.json", corpus.lm_eval_raw("Infinity", "NaN"))
    (check,) = result.evidence.parity
    assert check.metric == "mae,none" and check.value is None and check.stderr is None
    assert check.verdict == Verdict.INCONCLUSIVE and "not finite (inf)" in str(check.tolerance)
    assert any("mae,none" in n and "not finite" in n for n in map(str, result.notes))
    stored_round_trip(result)


@pytest.mark.parametrize("value", [150.0, -0.5, 1.01])
def test_lm_eval_accuracy_outside_its_range_is_refused(value):
    data = corpus.dumps(corpus.lm_eval({"arc": {"acc,none": value}}, **{"n-samples": {}}))
    with pytest.raises(EvidenceImportError) as info:
        import_bytes("results.json", data)
    assert "outside the metric's range [0, 1]" in info.value.reason and "acc,none" in info.value.path


# --- the invariant, as a property: whatever a hostile file holds, an import either fails with
# one located error or gives evidence that a workspace stores and reads back

_NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.integers(min_value=-10**30, max_value=10**30),
    st.sampled_from(["inf", "nan", "1_000", "1,000.5", "-1", "", "N/A", "5e-324", "1e308", "0x1f"]),
)
_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=40) | st.sampled_from(
    ["\ud800", "a\udfffb", "\x1b[31m", "--api-key sk-x0123456789abc", "/home/eve/x", "hf_" + "Ab1" * 12])
_KEYS = ("median_tpot_ms", "duration", "mean_ttft_ms", "p99_ttft_ms", "completed", "request_rate",
         "output_throughput", "max_concurrency", "total_output_tokens", "median_e2el_ms")


def _literal(value) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return json.dumps(value)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(numbers=st.dictionaries(st.sampled_from(_KEYS), _NUMBERS, max_size=5),
       texts=st.dictionaries(st.sampled_from(("model_id", "label", "tokenizer_id")), _TEXT, max_size=3),
       name=_TEXT)
def test_any_hostile_vllm_file_fails_cleanly_or_stores(numbers, texts, name):
    rec = corpus.vllm()
    for key in numbers:
        rec[key] = f"__{key}__"
    for key, text in texts.items():
        rec[key] = text
    data = json.dumps(rec)
    for key, value in numbers.items():
        data = data.replace(f'"__{key}__"', _literal(value))
    file_name = (name.replace("/", "_") or "x") + ".json"
    try:
        result = import_bytes(file_name, data.encode("utf-8", "surrogatepass"))
    except DeepdecideError as exc:
        assert isinstance(exc, EvidenceImportError) and exc.file == file_name
        return
    back = stored_round_trip(result)
    (run,) = back.evidence.files[0].runs
    for f in dataclasses.fields(run):
        value = getattr(run, f.name)
        if isinstance(value, float):
            assert math.isfinite(value), f.name
        if isinstance(value, str):
            value.encode("utf-8")  # no lone surrogate
            assert "sk-x0123456789abc" not in value and "/home/eve" not in value
    json.dumps([dataclasses.asdict(r) for r in back.evidence.files[0].runs], allow_nan=False)


def test_a_file_rewritten_by_another_process_is_never_imported_partially(tmp_path):
    import subprocess
    import time

    path = tmp_path / "profile_export_aiperf.csv"
    full = corpus.aiperf_csv()
    path.write_bytes(full)
    writer = (
        "import sys, time\n"
        "p, data = sys.argv[1], open(sys.argv[1], 'rb').read()\n"
        "end = time.time() + 1.5\n"
        "while time.time() < end:\n"
        "    with open(p, 'r+b') as fh:\n"
        "        fh.truncate(0)\n"
        "        for i in range(0, len(data), 64):\n"
        "            fh.write(data[i:i + 64]); fh.flush(); time.sleep(0.0002)\n"
        "    time.sleep(0.03)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", writer, str(path)])
    try:
        time.sleep(0.2)
        outcomes = []
        for _ in range(15):
            try:
                result = import_file(path)
            except EvidenceImportError as exc:
                outcomes.append("refused" if "changed while being read" in exc.reason else exc.reason)
            else:
                outcomes.append("whole" if result.evidence.provenance.size_bytes == len(full) else "PARTIAL")
            time.sleep(0.01)
    finally:
        proc.wait(10)
    assert "PARTIAL" not in outcomes, outcomes
    # caught between the writer's truncate and its first write, on a loaded machine: empty, not partial
    assert all(o in ("whole", "refused") or o.startswith("the file is empty") for o in outcomes), outcomes


def test_a_dropped_value_flags_the_run_it_belongs_to():
    lines = [json.dumps(corpus.vllm(label="a")), json.dumps(corpus.vllm(label="b")).replace(
        '"mean_ttft_ms": 88.0', '"mean_ttft_ms": NaN'), json.dumps(corpus.vllm(label="c"))]
    result = import_bytes("sweep.jsonl", ("\n".join(lines) + "\n").encode())
    flagged = [r.label.split(",")[0] for r in result.evidence.runs
               if any("line 2, mean_ttft_ms: the file holds nan" in f for f in map(str, r.quality_flags))]
    assert flagged == ["b"]


_CELLS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["", "nan", "inf", "-inf", "1_000", "1,000", "N/A", "5e-324", "1e308", "-3", "\ud800", "\x00"]),
    st.text(max_size=8),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=st.lists(_CELLS, min_size=14, max_size=14), row=st.integers(0, 2),
       value=st.sampled_from(["2.0", "nan", "inf", "1e308", "-1", "", "1_0", "\ud800"]))
def test_any_hostile_aiperf_csv_fails_cleanly_or_stores(cells, row, value):
    rows = list(corpus.AIPERF_ROWS)
    name = rows[row].split(",", 1)[0]
    rows[row] = ",".join([name, *(c.replace(",", ";").replace('"', "").replace("\n", " ").replace("\r", " ")
                                  for c in cells)]) + "\r\n"
    tail = corpus.AIPERF_TAIL.replace("Request Throughput (requests/sec),2.0", f"Request Throughput (requests/sec),{value}")
    data = (corpus.AIPERF_HEAD + "".join(rows) + tail).encode("utf-8", "surrogatepass")
    try:
        result = import_bytes("profile_export_aiperf.csv", data)
    except DeepdecideError as exc:
        assert isinstance(exc, EvidenceImportError) and exc.file == "profile_export_aiperf.csv"
        assert exc.line is not None or exc.path or "UTF-8" in exc.reason or "CSV" in exc.reason
        return
    back = stored_round_trip(result)
    for run in back.evidence.files[0].runs:
        assert all(math.isfinite(v) for v in dataclasses.astuple(run) if isinstance(v, float))


def test_an_import_stores_a_file_name_never_a_path():
    """The name a workspace keeps for an evidence file is a base name (the workspace refuses a path:
    ``../../../../etc/passwd`` would name another file wherever it is used as one)."""
    from deepdecide.domain.validation import file_name_problem
    from deepdecide.importers.registry import stored_file_name

    for name, stored in (("a/b/run.json", "run.json"), ("..\\..\\secrets\\token.json", "token.json"),
                         ("../../../../etc/passwd", "passwd"), ("run.json", "run.json"), ("..", "unnamed")):
        assert stored_file_name(name) == stored
        assert file_name_problem(stored) is None
        assert (file_name_problem(name) is None) == (name == stored)


def test_a_bom_less_utf16_file_is_read_as_text_and_says_so():
    result = import_bytes("w.json", json.dumps(corpus.vllm()).encode("utf-16-be"))
    assert len(result.evidence.runs) == 1
    assert any("UTF-16-BE: no byte-order mark" in str(n) for n in result.notes)
