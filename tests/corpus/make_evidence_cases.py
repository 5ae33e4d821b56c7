"""The standing bad-input corpus of evidence files: hostile files made from scratch (nothing copied).

``cases()`` returns :class:`Case` objects; ``write(case, folder)`` creates the file (or the FIFO,
socket, directory) and returns its path. Each case says what must happen:

* ``"fail"``: ``inspect`` and ``import --into`` exit non-zero, name the file and the place
  (``place`` is a text the error message must contain), and leave the workspace byte-identical;
* ``"flag"``: the file imports, and a run's quality flags, a check's rule or the import notes
  contain ``place`` (the value was left empty or replaced, never kept silently);
* ``"ok"``: the file imports (the stored text must not contain ``absent``, e.g. a secret).

Run as a script to write every case into a folder: ``python tests/corpus/make_evidence_cases.py DIR``.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Case:
    name: str  # also the file name
    data: bytes | str  # bytes, or "fifo" / "socket" / "dir" / "device" / "missing" for special files
    expect: str  # "fail", "flag" or "ok"
    place: str = ""  # text the message (fail) or a flag / note (flag) must contain
    absent: tuple[str, ...] = ()  # texts that must never be printed (nor stored, unless printed_only)
    printed_only: bool = False  # ``absent`` applies to the terminal output only (a stored bidi mark is text)


#: texts a spreadsheet would run as a formula (OWASP "CSV Injection"; the issue's HYPERLINK first)
FORMULAS: tuple[str, ...] = (
    '=HYPERLINK("http://127.0.0.1:9/?x="&A1,"details")',
    "=cmd|' /C calc'!A0",
    "+1+2",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+2",
    "\r=1+2",
)


def vllm(**changes) -> dict:
    rec = {"date": "20250601-120000", "backend": "vllm", "model_id": "org/Model-8B", "tokenizer_id": "org/Model-8B",
           "num_prompts": 100, "request_rate": "inf", "burstiness": 1.0, "max_concurrency": 8, "duration": 50.0,
           "completed": 100, "total_input_tokens": 100000, "total_output_tokens": 20000,
           "request_throughput": 2.0, "output_throughput": 400.0, "total_token_throughput": 2400.0}
    for key, base in (("ttft", 80.0), ("tpot", 12.0), ("itl", 11.5), ("e2el", 2500.0)):
        rec[f"mean_{key}_ms"] = base * 1.1
        rec[f"median_{key}_ms"] = base
        rec[f"std_{key}_ms"] = base / 10
        rec[f"p99_{key}_ms"] = base * 2
    for key, value in changes.items():
        if value is _DELETE:
            rec.pop(key, None)
        else:
            rec[key] = value
    return rec


_DELETE = object()


def dumps(rec: dict) -> bytes:
    return json.dumps(rec, allow_nan=True).encode()


def raw_vllm(key: str, literal: str) -> bytes:
    """A vLLM record whose ``key`` holds a literal written as is (``1e999``, ``"\\ud800"``)."""
    rec = vllm(**{key: "__X__"})
    return dumps(rec).replace(b'"__X__"', literal.encode())


AIPERF_HEAD = "Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\r\n"
AIPERF_ROWS = [
    "Time to First Token (ms),80.0,50.0,200.0,8000.0,51,52,55,60,78,90,120,150,190,20\r\n",
    "Request Latency (ms),2500.0,900.0,6000.0,250000,910,1000,1100,1500,2400,3000,4000,5000,5800,900\r\n",
    "Inter Token Latency (ms),12.0,8.0,30.0,1200,8.1,8.5,9,10,11.8,13,15,18,25,3\r\n",
]
AIPERF_TAIL = ("\r\nMetric,Value\r\nRequest Throughput (requests/sec),2.0\r\nOutput Token Throughput (tokens/sec),400.0\r\n"
               "Request Count (requests),100\r\nBenchmark Duration (sec),50.0\r\n")


def aiperf_csv(rows: list[str] | None = None, tail: str = AIPERF_TAIL) -> bytes:
    return (AIPERF_HEAD + "".join(AIPERF_ROWS if rows is None else rows) + tail).encode()


def aiperf_json(**changes) -> dict:
    def metric(unit: str, base: float) -> dict:
        return {"unit": unit, "avg": base, "min": base / 2, "max": base * 3, "p50": base, "p90": base * 1.5,
                "p99": base * 2.5, "std": base / 5}

    rec = {"schema_version": "1.3", "aiperf_version": "0.11.0",
           "time_to_first_token": metric("ms", 80.0), "inter_token_latency": metric("ms", 12.0),
           "request_latency": metric("ms", 2500.0), "request_count": {"unit": "requests", "avg": 96},
           "request_throughput": {"unit": "requests/sec", "avg": 2.0},
           "output_token_throughput": {"unit": "tokens/sec", "avg": 400.0},
           "benchmark_duration": {"unit": "sec", "avg": 48.0},
           "input_config": {"models": {"items": [{"name": "org/Model-8B"}]},
                            "loadgen": {"concurrency": 8}},
           "was_cancelled": False, "error_summary": []}
    rec.update(changes)
    return rec


def aiperf_all_failed() -> dict:
    """AIPerf 0.8 (schema 1.1) when every request failed: errors only, no latency or throughput."""
    return {"schema_version": "1.1", "aiperf_version": "0.8.0",
            "error_request_count": {"unit": "requests", "avg": 32},
            "error_summary": [{"error_details": {"code": 500, "type": "InternalServerError",
                                                 "message": "upstream connect error"}, "count": 32}],
            "input_config": {"model_names": ["org/Model-8B"], "loadgen": {"concurrency": 32}},
            "start_time": "2026-01-01T00:00:00", "end_time": "2026-01-01T00:01:00", "was_cancelled": False}


def lm_eval(results: dict | None = None, **top) -> dict:
    rec = {"results": results or {"gsm8k": {"alias": "gsm8k", "exact_match,strict-match": 0.75,
                                            "exact_match_stderr,strict-match": 0.012}},
           "versions": {"gsm8k": 3}, "n-shot": {"gsm8k": 5},
           "config": {"model": "vllm", "model_args": "pretrained=org/Model-8B,tensor_parallel_size=1", "limit": None},
           "n-samples": {"gsm8k": {"original": 1319, "effective": 1319}}, "lm_eval_version": "0.4.8"}
    rec.update(top)
    return rec


def lm_eval_raw(metric_literal: str, stderr_literal: str) -> bytes:
    rec = lm_eval({"boolq": {"alias": "boolq", "mae,none": "__M__", "mae_stderr,none": "__S__"}},
                  **{"n-samples": {"boolq": {"original": 100, "effective": 100}}})
    return dumps(rec).replace(b'"__M__"', metric_literal.encode()).replace(b'"__S__"', stderr_literal.encode())


def cases() -> list[Case]:
    out: list[Case] = []

    def add(*args, **kw) -> None:
        out.append(Case(*args, **kw))

    # --- non-finite and overflowing values: left empty with a flag that says what the file held
    add("denormal_tpot.json", dumps(vllm(median_tpot_ms=5e-324)), "flag", "5e-324")
    add("denormal_duration.json", dumps(vllm(duration=5e-324, request_throughput=_DELETE,
                                             output_throughput=_DELETE)), "flag", "5e-324")
    add("inf_ttft.json", raw_vllm("mean_ttft_ms", "Infinity"), "flag", "mean_ttft_ms")
    add("minus_inf_ttft.json", raw_vllm("mean_ttft_ms", "-Infinity"), "flag", "mean_ttft_ms")
    add("nan_ttft.json", raw_vllm("mean_ttft_ms", "NaN"), "flag", "mean_ttft_ms")
    add("nan_string_tpot.json", dumps(vllm(mean_tpot_ms="nan")), "flag", "mean_tpot_ms")
    add("overflow_1e999.json", raw_vllm("mean_e2el_ms", "1e999"), "flag", "mean_e2el_ms")
    add("huge_int_latency.json", raw_vllm("mean_itl_ms", "9" * 400), "flag", "mean_itl_ms")
    add("absurd_throughput.json", dumps(vllm(output_throughput=1e308)), "fail", "output tokens/s is 1e+308")
    add("absurd_latency.json", dumps(vllm(p99_e2el_ms=1e300)), "fail", "e2e p99 is 1e+300")
    add("huge_count.json", raw_vllm("completed", "1" + "0" * 30), "fail", "completed")
    add("inf_count.json", raw_vllm("completed", "Infinity"), "fail", "completed")
    add("float_count.json", dumps(vllm(completed=10.5)), "fail", "completed")
    add("negative_count.json", dumps(vllm(completed=-3)), "fail", "completed")
    add("inf_rate_ok.json", dumps(vllm(request_rate="inf")), "ok")
    add("nan_rate.json", raw_vllm("request_rate", "NaN"), "flag", "request_rate")
    add("negative_rate.json", dumps(vllm(request_rate=-5)), "fail", "request_rate")
    add("only_infinity.json", b'{"date": "x", "backend": "vllm", "mean_ttft_ms": Infinity}', "fail",
        "no measurements")
    # --- lone surrogates and invalid text
    add("surrogate_model.json", raw_vllm("model_id", '"Llama\\ud800-8B"'), "flag", "lone surrogate")
    add("surrogate_low_model.json", raw_vllm("model_id", '"\\udfff"'), "flag", "lone surrogate")
    add("surrogate_task.json", json.dumps(lm_eval({"gsm8k_X": {"exact_match,none": 0.5}}, **{"n-samples": {}}))
        .replace("gsm8k_X", "gsm8k\\ud800").encode(), "flag", "lone surrogate")
    add("surrogate_label.jsonl", (json.dumps(vllm(label="__L__")).replace('"__L__"', '"sweep \\udc80"') + "\n"
                                  + json.dumps(vllm(label="b")) + "\n").encode(), "flag", "lone surrogate")
    add("latin1.json", '{"date": "x", "backend": "vllm", "model_id": "caf\xe9", "mean_ttft_ms": 1}'.encode("latin-1"),
        "fail", "not UTF-8")
    add("nul_bytes.json", b"\x00\x01\x02\x03" * 64, "fail", "binary")
    add("empty.json", b"", "fail", "empty")
    add("whitespace.json", b"   \n\t\n", "fail", "empty")
    add("bom_only.json", b"\xef\xbb\xbf", "fail", "empty")
    # --- encodings with byte-order marks
    for enc, bom in (("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"), ("utf-32-le", b"\xff\xfe\x00\x00"),
                     ("utf-32-be", b"\x00\x00\xfe\xff")):
        add(f"vllm_{enc}.json", bom + json.dumps(vllm()).encode(enc), "ok")
        add(f"aiperf_{enc}.csv", bom + aiperf_csv().decode().encode(enc), "ok")
    add("utf16_truncated.json", b"\xff\xfe" + json.dumps(vllm()).encode("utf-16-le")[:-1], "fail", "UTF-16")
    # --- encodings without a byte-order mark: recognised by the zero bytes of the first characters
    for enc in ("utf-16-be", "utf-16-le", "utf-32-be", "utf-32-le"):
        add(f"vllm_{enc}_no_bom.json", json.dumps(vllm()).encode(enc), "ok")
        add(f"aiperf_{enc}_no_bom.csv", aiperf_csv().decode().encode(enc), "ok")
    add("utf16be_no_bom_truncated.json", json.dumps(vllm()).encode("utf-16-be")[:-1], "fail",
        "UTF-16-BE text without a byte-order mark")
    add("zeros_then_binary.bin", b"\x00\x00\x00\x18ftypisom" + bytes(range(256)) * 4, "fail", "binary")
    add("utf16_lone_surrogate.json", b"\xff\xfe" + b'{\x00"\x00' + b"\x00\xd8" + b'"\x00}\x00', "fail", "UTF-16")
    # --- JSON syntax and structure
    add("truncated.json", json.dumps(vllm(), indent=1).encode()[:-40], "fail", "JSON")
    add("trailing_comma.json", b'{"date": "x", "backend": "vllm", "mean_ttft_ms": 1,}', "fail", "JSON")
    add("deep_nesting.json", b"[" * 100000 + b"]" * 100000, "fail", "deep_nesting.json")
    add("deep_nesting_obj.json", b'{"a":' * 50000 + b"1" + b"}" * 50000, "fail", "deep_nesting_obj.json")
    add("dup_key.json", dumps(vllm()).replace(b'"completed": 100', b'"completed": 100, "completed": 5'), "fail",
        "duplicate key")
    add("dup_key_nested.json", json.dumps(aiperf_json(), indent=2).replace(
        '"avg": 80.0', '"avg": 80.0,\n    "avg": 8.0').encode(), "fail", "duplicate key")
    add("dup_key_with_colons.json", json.dumps(aiperf_json(start_time="12:00:00"), indent=2).replace(
        '"avg": 80.0', '"avg": 80.0,\n    "avg": 8.0').encode(), "fail", "duplicate key")
    add("dup_key_python_path.json", raw_vllm("mean_ttft_ms", "NaN").replace(
        b'"completed": 100', b'"completed": 100, "completed": 7'), "fail", "duplicate key")
    add("dup_key_line5.jsonl", b"\n".join(
        [json.dumps(vllm()).encode()] * 4
        + [json.dumps(vllm()).replace('"completed": 100', '"completed": 100, "completed": 1').encode()]) + b"\n",
        "fail", ":5")
    add("no_dup_colons_in_text.json", dumps(vllm(model_id="org/Model:8B", date="2025-06-01T12:00:00")), "ok")
    add("array_top.json", b"[1, 2, 3]", "fail", "not recognised")
    add("scalar_top.json", b"42", "fail", "scalar_top.json")
    add("string_top.json", b'"hello"', "fail", "string_top.json")
    add("unknown_keys.json", b'{"hello": 1, "world": 2}', "fail", "not recognised")
    add("wrong_type_latency.json", dumps(vllm(mean_ttft_ms="fast")), "fail", "mean_ttft_ms")
    add("bool_latency.json", dumps(vllm(mean_ttft_ms=True)), "fail", "mean_ttft_ms")
    add("list_latency.json", dumps(vllm(mean_ttft_ms=[1, 2])), "fail", "mean_ttft_ms")
    add("underscore_number.json", dumps(vllm(mean_ttft_ms="1_000")), "fail", "mean_ttft_ms")
    add("arabic_digits.json", dumps(vllm(mean_ttft_ms="\u0661\u0662")), "fail", "mean_ttft_ms")
    add("fullwidth_digits.json", dumps(vllm(mean_ttft_ms="\uff11\uff12")), "fail", "mean_ttft_ms")
    add("hex_number.json", dumps(vllm(mean_ttft_ms="0x10")), "fail", "mean_ttft_ms")
    add("negative_latency.json", dumps(vllm(median_ttft_ms=-5.0)), "fail", "median_ttft_ms")
    add("negative_duration.json", dumps(vllm(duration=-1.0)), "fail", "duration")
    add("jsonl_bad_line5.jsonl", b"\n".join([json.dumps(vllm()).encode()] * 4
                                            + [json.dumps(vllm(completed=-1)).encode()]) + b"\n", "fail", ":5")
    add("jsonl_u2028.jsonl", b"\n".join([json.dumps(vllm(model_id="a\u2028b"), ensure_ascii=False).encode()] * 3
                                        + [b'{"date": broken']) + b"\n", "fail", ":4")
    add("jsonl_crlf_line3.jsonl", b"\r\n".join([json.dumps(vllm()).encode()] * 2
                                               + [json.dumps(vllm(mean_ttft_ms="x")).encode()]) + b"\r\n", "fail", ":3")
    add("jsonl_line5_a_list.jsonl", b"\n".join([json.dumps(vllm()).encode()] * 4 + [b"[1, 2]"]) + b"\n", "fail", ":5")
    add("jsonl_line5_a_number.jsonl", b"\n".join([json.dumps(vllm()).encode()] * 4 + [b"42"]) + b"\n", "fail",
        "per line")
    add("jsonl_blank_lines.jsonl", b"\n\n".join([json.dumps(vllm()).encode()] * 2
                                                + [json.dumps(vllm(completed=2.5)).encode()]) + b"\n", "fail", ":5")
    # --- seconds written into *_ms fields: no served model answers in under a millisecond
    add("ttft_seconds_in_ms.json", dumps(vllm(mean_ttft_ms=0.0748, median_ttft_ms=0.068, std_ttft_ms=0.01,
                                              p99_ttft_ms=0.136)), "flag", "no served model answers")
    add("all_latencies_seconds_in_ms.json", dumps({**vllm(), **{f"{s}_{k}_ms": v * f for k, v in (
        ("ttft", 0.068), ("tpot", 0.012), ("itl", 0.0115), ("e2el", 2.5)) for s, f in (
        ("mean", 1.1), ("median", 1.0), ("std", 0.1), ("p99", 2.0))}}), "flag", "TTFT p50 is 0.068 ms")
    add("e2e_seconds_in_ms.json", dumps(vllm(mean_e2el_ms=0.5, median_e2el_ms=0.4, std_e2el_ms=0.1, p99_e2el_ms=0.9,
                                             mean_ttft_ms=1.5, median_ttft_ms=1.2, std_ttft_ms=0.1,
                                             p99_ttft_ms=2.0)), "flag", "e2e p50 is 0.4 ms")
    # --- percentiles and plausibility
    add("p99_below_p50.json", dumps(vllm(p99_ttft_ms=8.0)), "fail", "percentiles out of order")
    add("p99_below_p50_tpot.json", dumps(vllm(p99_tpot_ms=1.2)), "fail", "percentiles out of order")
    add("aiperf_p90_below_p50.json", dumps(aiperf_json(time_to_first_token={
        "unit": "ms", "avg": 80, "p50": 80, "p90": 10, "p99": 200})), "fail", "percentiles out of order")
    add("aiperf_bad_unit.json", dumps(aiperf_json(time_to_first_token={"unit": "furlongs", "avg": 80})), "fail",
        "unit")
    add("aiperf_negative.json", dumps(aiperf_json(request_latency={"unit": "ms", "avg": -3})), "fail",
        "request_latency")
    add("aiperf_nan_avg.json", dumps(aiperf_json()).replace(
        b'"avg": 12.0', b'"avg": NaN'), "flag", "inter_token_latency")
    # --- AIPerf shapes users have
    add("aiperf08_all_failed.json", dumps(aiperf_all_failed()), "ok")
    add("aiperf_no_errors.json", dumps(aiperf_json()), "ok")
    # --- lm-eval
    add("lm_eval_acc_150.json", dumps(lm_eval({"arc": {"acc,none": 150.0, "acc_stderr,none": 0.01}},
                                             **{"n-samples": {}})), "fail", "outside the metric's range")
    add("lm_eval_acc_negative.json", dumps(lm_eval({"arc": {"acc,none": -0.5}}, **{"n-samples": {}})), "fail",
        "outside the metric's range")
    add("lm_eval_em_1_5.json", dumps(lm_eval({"gsm8k": {"exact_match,strict-match": 1.5}}, **{"n-samples": {}})),
        "fail", "exact_match")
    add("lm_eval_inf_mae.json", lm_eval_raw("Infinity", "NaN"), "flag", "not finite")
    add("lm_eval_nan_acc.json", dumps(lm_eval({"arc": {"acc,none": "__N__"}}, **{"n-samples": {}})).replace(
        b'"__N__"', b"NaN"), "flag", "not finite")
    add("lm_eval_bad_stderr.json", dumps(lm_eval({"arc": {"acc,none": 0.5, "acc_stderr,none": "wide"}},
                                                **{"n-samples": {}})), "fail", "acc_stderr")
    add("lm_eval_dup_task.json", json.dumps(lm_eval(), indent=1).replace(
        '"exact_match,strict-match": 0.75', '"exact_match,strict-match": 0.75,\n"exact_match,strict-match": 0.2')
        .encode(), "fail", "duplicate key")
    # --- CSV
    add("aiperf_header_only.csv", AIPERF_HEAD.encode(), "fail", "no data rows")
    add("aiperf_dup_metric_other_figures.csv", aiperf_csv(AIPERF_ROWS + [AIPERF_ROWS[0].replace("80.0,50.0", "9.0,5.0")]),
        "fail", "appears twice (lines 2 and 5)")
    add("aiperf_dup_value_metric.csv", aiperf_csv(tail=AIPERF_TAIL + "Request Throughput (requests/sec),9.0\r\n"),
        "fail", "appears twice")
    add("aiperf_one_line_no_newline.csv", AIPERF_HEAD.strip().encode(), "fail", "no data rows")
    add("aiperf_dup_row.csv", aiperf_csv(AIPERF_ROWS + AIPERF_ROWS[:1]), "fail", "repeats line")
    add("aiperf_dup_value_row.csv", aiperf_csv(tail=AIPERF_TAIL + "Request Count (requests),100\r\n"), "fail",
        "repeats line")
    add("aiperf_nan_cell.csv", aiperf_csv([AIPERF_ROWS[0].replace("80.0,", "nan,", 1), *AIPERF_ROWS[1:]]), "flag",
        "avg")
    add("aiperf_underscore.csv", aiperf_csv([AIPERF_ROWS[0].replace("80.0,", "1_000,", 1), *AIPERF_ROWS[1:]]),
        "fail", "1_000")
    add("aiperf_word_cell.csv", aiperf_csv([AIPERF_ROWS[0].replace("80.0,", "fast,", 1), *AIPERF_ROWS[1:]]),
        "fail", ":2")
    add("aiperf_negative_cell.csv", aiperf_csv([AIPERF_ROWS[0].replace("80.0,", "-80.0,", 1), *AIPERF_ROWS[1:]]),
        "fail", ":2")
    add("aiperf_p99_below_p50.csv", aiperf_csv([AIPERF_ROWS[0].replace(",190,", ",19,"), *AIPERF_ROWS[1:]]),
        "fail", "percentiles out of order")
    add("aiperf_inf_cell.csv", aiperf_csv([AIPERF_ROWS[0].replace("80.0,", "inf,", 1), *AIPERF_ROWS[1:]]), "flag",
        "avg")
    add("aiperf_bad_quote.csv", aiperf_csv([AIPERF_ROWS[0].replace("80.0", '"80.0', 1), *AIPERF_ROWS[1:]]), "fail",
        "aiperf_bad_quote.csv")
    add("aiperf_bad_unit.csv", aiperf_csv([AIPERF_ROWS[0].replace("(ms)", "(fortnights)"), *AIPERF_ROWS[1:]]),
        "fail", "unit")
    add("aiperf_utf8_bom.csv", b"\xef\xbb\xbf" + aiperf_csv(), "ok")
    add("aiperf_invalid_utf8.csv", aiperf_csv().replace(b"Request Latency", b"Request \xff Latency"), "fail",
        "UTF-8")
    add("only_commas.csv", b",,,\n,,,\n", "fail", "only_commas.csv")
    # --- secrets: never stored, never printed
    hf = "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    add(f"result_{hf}.json", dumps(vllm()), "ok", absent=(hf,))
    # a result-file name is never taken for a key (the entropy heuristic skips path components);
    # a token with a known prefix in a file name always is
    add("1xH100-FP8__openai-10.0qps-itkns-1024-otkns-170-concurrency128-20250101-000000.json", dumps(vllm()), "ok",
        absent=("[redacted]",))
    for token in ("ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnop",
                  "sk-proj-" + "Zx9Qw8Er7Ty6Ui5Op4As3Df2", "xoxb-" + "1234567890-0987654321-AbCdEf",
                  "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"):
        add(f"results_{token}.json", dumps(vllm()), "ok", absent=(token,))
    add("api_key_space.json", dumps(vllm(label="sglang --api-key sk-live-0123456789abcdef --port 3000")), "ok",
        absent=("sk-live-0123456789abcdef",))
    add("api_key_equals.json", dumps(vllm(label="--api-key=Zx9Qw8Er7Ty6Ui5Op4")), "ok",
        absent=("Zx9Qw8Er7Ty6Ui5Op4",))
    add("aws_pair.json", dumps(vllm(label="AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")), "ok",
        absent=("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"))
    add("url_credentials.json", dumps(vllm(model_id="https://alice:pa55word@models.example.com/Model-8B")), "ok",
        absent=("pa55word",))
    # home folders written into a result file (hostile values the import must redact), no real paths
    add("home_path.json", dumps(vllm(model_id="/home/alice/models/Model-8B")), "ok", absent=("/home/alice",))
    add("mac_home_path.json", dumps(vllm(model_id="/Users/bob/models/Model-8B")), "ok", absent=("/Users/bob",))
    add("bearer.json", dumps(vllm(label="curl -H 'Authorization: Bearer abcDEF123456ghiJKL'")), "ok",
        absent=("abcDEF123456ghiJKL",))
    add("github_token.json", dumps(vllm(label="ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")), "ok",
        absent=("a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",))
    add("lm_eval_token_args.json", dumps(lm_eval(config={
        "model": "vllm", "model_args": f"pretrained=/home/carol/m,token={hf}", "limit": None})), "ok",
        absent=(hf, "/home/carol"))
    # --- terminal escapes in what is printed
    add("escape_\x1b[31mred.json", dumps(vllm()), "ok", absent=("\x1b[31m",), printed_only=True)
    add("escape_model.json", dumps(vllm(model_id="evil\x1b]0;title\x07\x1b[2J")), "ok", absent=("\x1b",),
        printed_only=True)
    add("latin1_name_\udce9.json", dumps(vllm()), "flag", "lone surrogate")  # a file name not in UTF-8
    # a newline in a file name is printed escaped: the name cannot start a line that passes for another
    add("evil\nname.json", dumps(vllm()), "ok", absent=("evil\nname",), printed_only=True)
    add("bad\nname.json", dumps(vllm(completed="many")), "fail", "completed", absent=("bad\nname",))
    add("latin1_name_bad_\udce9.json", dumps(vllm(completed="many")), "fail", "completed")
    add("bidi_model.json", dumps(vllm(model_id="abc\u202eevil")), "ok", absent=("\u202e",), printed_only=True)
    add("escape_in_error.json", dumps(vllm(mean_ttft_ms="\x1b[2Jslow")), "fail", "mean_ttft_ms",
        absent=("\x1b",))
    # --- long and odd text
    add("long_model.json", dumps(vllm(model_id="m" * 200000)), "flag", "cut to")
    add("nul_in_string.json", dumps(vllm(model_id="a\u0000b")), "ok")
    # --- spreadsheet formulas (issue 26, failure 1): imported as text; test_formula_corpus.py exports them
    for i, payload in enumerate(FORMULAS):
        add(f"formula_label_{i}.json", dumps(vllm(label=payload)), "ok")
        add(f"formula_model_{i}.json", dumps(vllm(model_id=payload, tokenizer_id=payload)), "ok")
    # a file name that is a formula (contents differ: one content is one evidence file)
    add('=HYPERLINK("x")+1.json', dumps(vllm(max_concurrency=16)), "ok")
    add("@SUM(1+1).json", dumps(vllm(max_concurrency=32)), "ok")
    add("-2+3+cmd.json", dumps(vllm(max_concurrency=64)), "ok")
    # --- special files and folders
    add("a_fifo.json", "fifo", "fail", "named pipe")
    add("a_socket.json", "socket", "fail", "socket")
    add("a_folder.json", "dir", "fail", "folder")
    add("a_device.json", "device", "fail", "device")  # a device node of the test's own (skipped if not allowed)
    add("missing.json", "missing", "fail", "no such file")
    return out


def write(case: Case, folder: Path) -> Path:
    """Create the case's file in ``folder`` (sockets are bound and left open: see ``sockets``)."""
    path = folder / case.name
    if case.data == "fifo":
        os.mkfifo(path)
    elif case.data == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        _SOCKETS.append(s)
    elif case.data == "dir":
        path.mkdir()
    elif case.data == "device":  # a null device (1, 3) made in the case folder; never a link to the system's
        import stat

        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # PermissionError where not allowed
    elif case.data == "missing":
        pass
    else:
        path.write_bytes(case.data)
    return path


_SOCKETS: list[socket.socket] = []


def close_sockets() -> None:
    while _SOCKETS:
        _SOCKETS.pop().close()


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "evidence-cases")
    target.mkdir(parents=True, exist_ok=True)
    for c in cases():
        write(c, target)
    close_sockets()
    print(f"{len(cases())} cases written to {target}")
