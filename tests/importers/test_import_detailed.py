"""vLLM --save-detailed per-request arrays: reduced with vLLM's own percentile method, the
file's figures kept, >1 % disagreement flagged, statistics the file lacks derived."""

from __future__ import annotations

import json

import numpy as np
import pytest

from deepdecide.importers.registry import import_bytes


def detailed(n: int = 200, seed: int = 7) -> dict:
    rng = np.random.default_rng(seed)
    out_lens = rng.integers(1, 60, n)
    ttfts = rng.uniform(0.02, 0.3, n)
    itls = [list(rng.uniform(0.005, 0.02, int(k) - 1)) for k in out_lens]
    errors = [""] * n
    errors[3] = "timeout"  # one failed request: vLLM keeps it in the arrays with output_len 0
    out_lens[3] = 0
    itls[3] = []
    ok = np.array([not e for e in errors])
    lat = ttfts + np.array([sum(x) for x in itls])
    tpot = np.array([(lat[i] - ttfts[i]) / (out_lens[i] - 1) for i in range(n) if ok[i] and out_lens[i] > 1])
    pooled = np.array([g for i, x in enumerate(itls) if ok[i] for g in x])
    rec = {"date": "20250101-000000", "backend": "vllm", "model_id": "m", "num_prompts": n,
           "request_rate": "inf", "max_concurrency": 8, "duration": 10.0, "completed": int(ok.sum()),
           "total_input_tokens": 100 * int(ok.sum()), "total_output_tokens": int(out_lens.sum()),
           "input_lens": [100] * n, "output_lens": out_lens.tolist(), "ttfts": ttfts.tolist(), "itls": itls,
           "generated_texts": ["x"] * n, "errors": errors}
    for key, arr in (("ttft", ttfts[ok]), ("tpot", tpot), ("itl", pooled), ("e2el", lat[ok])):
        rec[f"mean_{key}_ms"] = float(np.mean(arr) * 1000)
        rec[f"median_{key}_ms"] = float(np.median(arr) * 1000)
        rec[f"p99_{key}_ms"] = float(np.percentile(arr, 99) * 1000)
    rec["_p90_ttft"] = float(np.percentile(ttfts[ok], 90) * 1000)
    return rec


def test_arrays_reduce_to_the_files_own_figures():
    rec = detailed()
    p90 = rec.pop("_p90_ttft")
    run = import_bytes("detailed.json", json.dumps(rec).encode()).evidence.runs[0]
    assert run.ttft_ms_p99 == rec["p99_ttft_ms"] and run.tpot_ms_p50 == rec["median_tpot_ms"]
    assert run.ttft_ms_p90 == pytest.approx(p90)  # not in the file: derived from the arrays
    assert not any("recomputed" in f for f in map(str, run.quality_flags))  # everything agrees
    assert run.failed == 1 and run.completed == 199


def test_disagreement_above_one_percent_is_flagged_and_file_kept():
    rec = detailed()
    rec.pop("_p90_ttft")
    rec["p99_itl_ms"] *= 1.05
    run = import_bytes("detailed.json", json.dumps(rec).encode()).evidence.runs[0]
    assert run.itl_ms_p99 == rec["p99_itl_ms"]
    assert any(f.startswith("ITL p99: file says") and "+5.0 %" in f for f in map(str, run.quality_flags))


def test_ragged_array_of_wrong_length_is_located():
    rec = detailed()
    rec.pop("_p90_ttft")
    rec["itls"] = rec["itls"][:-1]
    from deepdecide.domain.errors import EvidenceImportError

    with pytest.raises(EvidenceImportError) as info:
        import_bytes("detailed.json", json.dumps(rec).encode())
    assert info.value.path == "itls" and "one per request" in info.value.reason


def test_large_file_hash_computed_alongside_the_parse(tmp_path):
    import hashlib

    from deepdecide.importers.registry import import_file

    rec = detailed()
    rec.pop("_p90_ttft")
    rec["generated_texts"] = ["word " * 2000] * len(rec["generated_texts"])  # ~2 MB: the threaded path
    path = tmp_path / "big.json"
    path.write_text(json.dumps(rec))
    result = import_file(path)
    assert path.stat().st_size > 1 << 20
    assert result.evidence.provenance.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
