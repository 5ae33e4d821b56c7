"""Bad input: one EvidenceImportError per file naming the file, the place and the reason (and,
for an unknown format, the closest formats and why each failed); nothing else escapes."""

from __future__ import annotations

import json
import os

import pytest

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.progress import Cancelled, CancelToken
from deepdecide.importers import registry
from deepdecide.importers.base import MAX_FILE_BYTES, ImportContext
from deepdecide.importers.registry import import_bytes, import_file


def error_for(name: str, data: bytes, context: ImportContext | None = None) -> EvidenceImportError:
    with pytest.raises(EvidenceImportError) as info:
        import_bytes(name, data, context)
    return info.value


def test_empty_file(tmp_path):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    with pytest.raises(EvidenceImportError) as info:
        import_file(path)
    assert "empty.json" in info.value.message and "empty" in info.value.reason
    assert "formats tried" not in info.value.message and len(info.value.message) < 200


def test_binary_file():
    err = error_for("weights.bin", b"\x00\x01\x02PK\x03\x04" * 100)
    assert "binary" in err.reason and err.file == "weights.bin"


def test_non_utf8_text_names_the_line():
    err = error_for("latin1.txt", "MLPerf Results Summary\nSUT name : caf\xe9\n".encode("latin-1"))
    assert "not UTF-8" in err.reason and err.line == 2


def test_truncated_json_names_the_line():
    text = json.dumps({"date": "20250101-000000", "backend": "vllm", "mean_ttft_ms": 1.0}, indent=2)
    err = error_for("cut.json", text[:-20].encode())
    assert err.line is not None and "JSON" in err.reason


def test_wrong_type_names_the_key_path():
    bad = {"date": "x", "backend": "vllm", "mean_ttft_ms": "fast", "completed": 3}
    err = error_for("wrong.json", json.dumps(bad).encode())
    assert err.path == "mean_ttft_ms" and "expected a number" in err.reason
    assert "wrong.json: mean_ttft_ms: expected a number" in err.message


def test_jsonl_error_names_the_line():
    good = {"date": "x", "backend": "vllm", "mean_ttft_ms": 1.0, "completed": 2}
    bad = dict(good, completed=-4)
    data = (json.dumps(good) + "\n" + json.dumps(good) + "\n" + json.dumps(bad) + "\n").encode()
    err = error_for("runs.json", data)
    assert err.line == 3 and err.path == "completed"


@pytest.mark.parametrize("value", ["1e999", "123456789012345678901234567890", "-5", "1.5"])
def test_huge_or_impossible_counts(value):
    data = ('{"date": "x", "backend": "vllm", "mean_ttft_ms": 1.0, "completed": ' + value + "}").encode()
    err = error_for("huge.json", data)
    assert err.path == "completed"


def test_infinite_latency_is_left_empty_and_flagged():
    result = import_bytes("huge.json", b'{"date": "x", "backend": "vllm", "mean_ttft_ms": 1e999, "median_ttft_ms": 5}')
    run = result.evidence.runs[0]
    assert run.ttft_ms_mean is None and run.ttft_ms_p50 == 5
    assert any("mean_ttft_ms" in f and "inf" in f and "not a finite number" in f for f in map(str, run.quality_flags))


def test_a_file_of_nothing_but_an_infinity_holds_no_measurements():
    err = error_for("huge.json", b'{"date": "x", "backend": "vllm", "mean_ttft_ms": 1e999}')
    assert "no measurements" in err.reason


def test_unknown_format_names_keys_and_at_most_three_closest_formats():
    err = error_for("mystery.json", b'{"hello": 1, "world": [1, 2]}')
    assert "not recognised" in err.reason and "hello" in err.reason
    assert "formats tried" not in err.message and len(err.message) < 1000
    assert len(registry.nearest.closest(registry.Source("m.json", b'{"hello": 1}'), registry.IMPORTERS)) <= 3


def test_unknown_format_names_the_closest_format_and_what_it_lacks():
    near_vllm = {"date": "20250101-000000", "backend": "vllm", "mean_tpot_ms": 3.0, "request_throughput": 1.0}
    err = error_for("almost.json", json.dumps({"results_of": near_vllm}).encode())
    assert "closest formats:" in err.reason
    text = json.dumps({**near_vllm, "completed": 1})
    err = error_for("vllmish.json", text.replace('"backend"', '"engine"').replace('"date"', '"day"').encode())
    closest = err.reason.split("closest formats: ", 1)[1]
    first = closest.split("; ")[0]
    assert first.startswith("vLLM benchmark_serving.py") and "lacks the keys 'date', 'backend'" in first
    assert closest.count("; ") <= 2


def test_file_above_the_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:  # sparse: no disk space is used
        fh.truncate(2 * 1024**3)
    assert os.path.getsize(path) > MAX_FILE_BYTES
    with pytest.raises(EvidenceImportError) as info:
        import_file(path)
    assert "huge.json" in info.value.message and "MiB" in info.value.reason and "refused" in info.value.reason


def test_directory_and_missing_file(tmp_path):
    with pytest.raises(EvidenceImportError, match="is a folder, not a regular file"):
        import_file(tmp_path)
    with pytest.raises(EvidenceImportError, match="no such file"):
        import_file(tmp_path / "nope.json")


def test_recognised_but_empty_content():
    err = error_for("niah.json", b"[]")
    assert "not recognised" in err.reason or "no runs" in err.reason


def test_generic_csv_mapping_errors():
    data = b"name,lat\r\nA,12\r\n"
    ctx = ImportContext(csv_mapping=(("ttft_ms_p50", "latency"),))
    err = error_for("mine.csv", data, ctx)
    assert "latency" in err.reason and err.line == 1
    ctx = ImportContext(csv_mapping=(("ttft_ms_p50", "lat"), ("label", "name")), csv_units=(("ttft_ms_p50", "s"),))
    run = import_bytes("mine.csv", data, ctx).evidence.runs[0]
    assert run.ttft_ms_p50 == 12000.0 and run.label == "A" and run.tool == "generic_csv"
    err = error_for("mine.csv", b"name,lat\r\nA,fast\r\n", ctx)
    assert err.line == 2 and "'lat'" in err.path


def test_progress_and_cancel(shared_fixture):
    path = shared_fixture("benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl")
    seen: list[float] = []
    import_file(path, progress=seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        import_file(path, cancel=token)
    # cancelled half-way (from the progress callback, as another thread would): nothing returned
    token = CancelToken()
    seen = []

    def cancel_at_half(value):
        seen.append(value)
        if value >= 0.5:
            token.cancel()

    with pytest.raises(Cancelled):
        import_file(path, progress=cancel_at_half, cancel=token)
    assert seen[-1] < 1.0
