"""The large-file fast path (bigjson) gives exactly what the ordinary parse gives, and steps
aside (returns None) on anything it is not sure of."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.importers import bigjson
from deepdecide.importers.registry import import_bytes


@pytest.fixture
def force_fast_path(monkeypatch):
    monkeypatch.setattr(bigjson, "MIN_BYTES", 64)
    monkeypatch.setattr(bigjson, "CHUNK", 512)  # many chunks, cut at list boundaries


def detailed_bytes(n: int = 60, indent: int | None = None, separators: tuple[str, str] | None = None) -> bytes:
    rng = np.random.default_rng(3)
    out = rng.integers(1, 30, n)
    itls = [rng.uniform(0.001, 0.05, int(k) - 1).tolist() for k in out]
    itls[5] = []
    rec = {"date": "20250101-000000", "backend": "vllm", "model_id": "m", "num_prompts": n, "completed": n,
           "duration": 3.0, "mean_ttft_ms": 10.0, "output_lens": out.tolist(),
           "ttfts": rng.uniform(0.01, 0.1, n).tolist(), "itls": itls, "generated_texts": ['say "itls": [1]'] * n,
           "errors": [""] * n}
    return json.dumps(rec, indent=indent, separators=separators).encode()


def runs(data: bytes):
    return import_bytes("d.json", data).evidence.runs


@pytest.mark.parametrize(("indent", "separators"), [(None, None), (2, None), (None, (",", ":")), (None, (" , ", ": "))])
def test_fast_path_equals_ordinary_parse(force_fast_path, monkeypatch, indent, separators):
    data = detailed_bytes(indent=indent, separators=separators)
    assert isinstance(bigjson.loads(data)["itls"], bigjson.RaggedArray)
    fast = runs(data)
    monkeypatch.setattr(bigjson, "MIN_BYTES", 1 << 40)
    slow = runs(data)
    assert fast == slow
    assert fast[0].itl_ms_p99 is not None


def test_fast_path_declines_what_it_cannot_vouch_for(force_fast_path):
    good = detailed_bytes()
    assert bigjson.loads(good) is not None
    at = good.index(b'"itls"') + 10
    head, tail = good[:at], good[at:]
    for old, new in ((b"], [", b"], [["), (b", ", b",, "), (b"], [", b"] ["), (b", 0.0", b", 0.0 1"),
                     (b", 0.0", b", nan"), (b"]]", b"]"),
                     # invalid spots that a count of commas alone would let through
                     (b"], [", b"] 7, ["), (b"], [", b"], 7, ["), (b", 0.0", b", 0.0\n1"),
                     (b", 0.0", b", 0.0\t1"), (b"], [", b"], , ["), (b"], [", b"][")):
        for count in (1, 7):
            bad = head + tail.replace(old, new, count)
            assert bad != good
            assert bigjson.loads(bad) is None, (old, new, count)


def test_compensating_mistakes_are_refused(force_fast_path):
    """An empty field in one place and a number outside a list in another keep every total
    right; the per-list check still refuses them."""
    good = detailed_bytes()
    at = good.index(b'"itls"') + 10
    head, tail = good[:at], good[at:]
    first = tail.index(b"], [")
    second = tail.index(b", 0.0", first + 4)
    bad = head + tail[:first] + b"] 7, [" + tail[first + 4:second] + b",, 0.0" + tail[second + 5:]
    assert bigjson.loads(bad) is None
    i = tail.index(b", 0.")
    j = tail.index(b", 0.", i + 4)
    assert b"]" not in tail[i:j]  # one list: "[a,, b c]" has the commas and numbers of "[a, b, c]"
    assert bigjson.loads(head + tail[:i] + b",, 0." + tail[i + 4:j] + b" 0." + tail[j + 4:]) is None
    whitespace_list = head + tail.replace(b"[]", b"[ ]", 1)
    assert b"[ ]" in whitespace_list  # valid JSON: an empty list
    assert bigjson.loads(whitespace_list)["itls"].lengths[5] == 0


def test_missing_separator_and_extra_comma_in_one_chunk_are_refused(force_fast_path, monkeypatch):
    """Two lists with no comma between them and an extra comma in another list of the same
    chunk keep the chunk's totals of commas and numbers right; the separators are checked."""
    monkeypatch.setattr(bigjson, "CHUNK", 1 << 20)  # one chunk
    pad = ", ".join(["[0.5, 0.25]"] * 20).encode()
    good = b'{"date": "x", "itls": [[1.0, 2.0], [3.0], [4.0, 5.0], ' + pad + b'], "t": 1}'
    assert bigjson.loads(good)["itls"].lengths[:3].tolist() == [2, 1, 2]
    assert bigjson.loads(good.replace(b"], [3.0], [4.0, 5.0]", b"][3.0], [4.0,, 5.0]")) is None
    assert bigjson.loads(good.replace(b"], [3.0], [4.0, 5.0]", b"]\n[3.0], [4.0,, 5.0]")) is None


def test_nested_key_named_itls_is_not_cut(force_fast_path):
    doc = {"meta": {"itls": [[1.0, 2.0]] * 50}, "date": "x", "backend": "vllm", "mean_ttft_ms": 1.0}
    assert bigjson.loads(json.dumps(doc).encode()) is None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.data())
def test_mutated_detailed_files(force_fast_path, data):
    original = bytearray(detailed_bytes(20))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(original) - 1))
        original[i:i + data.draw(st.integers(0, 3))] = data.draw(
            st.sampled_from([b"", b",", b"[", b"]", b"-", b"1e999", b"nan", b" ", b"\x00", b'"']))
    blob = bytes(original)
    try:
        fast = runs(blob)
    except EvidenceImportError:
        return
    bigjson.MIN_BYTES = 1 << 40
    slow = runs(blob)  # what the fast path accepts is JSON the ordinary parse reads too
    assert [dataclasses.replace(r, quality_flags=()) for r in fast] == \
        [dataclasses.replace(r, quality_flags=()) for r in slow]


def test_values_are_the_ordinary_parsers_bit_for_bit(force_fast_path):
    data = detailed_bytes()
    ragged = bigjson.loads(data)["itls"]
    lists = json.loads(data)["itls"]
    assert ragged.lengths.tolist() == [len(x) for x in lists]
    assert ragged.values.tobytes() == np.array([v for x in lists for v in x], dtype=np.float64).tobytes()


def test_integers_and_any_layout_are_read(force_fast_path):
    pad = ", ".join(["[1, 2.5e-3, 0]"] * 20)
    doc = b'{"date": "x",\n "itls": [\n  [ 1 ,2 ],\n\t[],[3], ' + pad.encode() + b'\n ], "t": 1}'
    ragged = bigjson.loads(doc)["itls"]
    assert ragged.lengths[:3].tolist() == [2, 0, 1]
    assert ragged.values[:6].tolist() == [1.0, 2.0, 3.0, 1.0, 0.0025, 0.0]


def test_what_is_not_two_levels_of_numbers_is_declined(force_fast_path):
    pad = ", ".join(["[0.5, 0.25]"] * 20)
    for first in (b"[[0.5]]", b"[0.5, [1]]", b"0.5", b"[0.5, null]", b"[true]", b'["0.5"]', b"[{}]",
                  b"[1e999]", b"[NaN]", b"[.5]", b"[+1]", b"[1,]", b"[0x1]", b"[100000000000000000000]"):
        doc = b'{"date": "x", "itls": [' + first + b", " + pad.encode() + b'], "t": 1}'
        assert bigjson.loads(doc) is None, first


def test_without_simdjson_the_ordinary_parse_reads_the_file(force_fast_path, monkeypatch):
    import sys

    data = detailed_bytes()
    fast = runs(data)
    monkeypatch.setitem(sys.modules, "simdjson", None)  # import fails
    assert bigjson.loads(data) is None
    assert runs(data) == fast


def test_a_large_file_is_read_whole_and_exactly(tmp_path):
    from deepdecide.importers import registry

    path = tmp_path / "big.bin"
    blob = np.random.default_rng(5).integers(0, 256, ((4 << 20) + 12345,), dtype=np.uint8).tobytes()
    path.write_bytes(blob)
    data, st = registry.read_file_stat(path)
    assert type(data) is bytes and data == blob and st.st_size == len(blob)


def test_a_large_file_growing_while_read_is_refused(tmp_path, monkeypatch):
    from deepdecide.importers import registry

    path = tmp_path / "grows.json"
    path.write_bytes(b"{" + b" " * (4 << 20) + b"}")
    real = registry._read

    def growing(fh, limit):
        with open(path, "ab") as out:
            out.write(b"\n")
        return real(fh, limit)

    monkeypatch.setattr(registry, "_read", growing)
    with pytest.raises(EvidenceImportError) as info:
        registry.read_file_stat(path)
    assert "changed while being read" in info.value.reason
