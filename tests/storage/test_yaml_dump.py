"""``yamlio.dump_yaml`` (nodes built directly from the plain values, the collector paused) writes the
same bytes as the library's representer (``yamlio.dump_yaml_library``, kept beside it as the
reference), and leaves the collector as it found it."""

from __future__ import annotations

import dataclasses
import gc
import math
import sys
from pathlib import Path

import pytest
import yaml

from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage import files, yamlio

needs_c = pytest.mark.skipif(yamlio._CDumper is None, reason="this PyYAML has no libyaml (C) emitter")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "perf"))


def same(data: object) -> str:
    fast = yamlio.dump_yaml(data)
    assert fast == yamlio.dump_yaml_library(data)
    return fast


@needs_c
def test_the_sample_workspace_is_written_as_the_library_writes_it():
    same(files.workspace_to_data(files.load_builtin_workspace()))


@needs_c
def test_a_workspace_of_generated_result_files_is_written_as_the_library_writes_it(tmp_path):
    from bench_scale import PLATFORMS, make_results

    ws = files.load_builtin_workspace()
    added = []
    for p in make_results(tmp_path / "results", 60):
        platform = p.parent.parent.name
        added.append(import_file(p, ImportContext(runtime="vllm", platform=platform,
                                                  gpu_count=dict(PLATFORMS)[platform])).evidence)
    ws = dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=(*ws.evidence.files, *added)))
    text = same(files.workspace_to_data(ws))
    assert text.count("sha256:") >= 60


@needs_c
def test_every_plain_value_is_written_as_the_library_writes_it():
    floats = [0.0, -0.0, 1.0, 1e17, 1e-7, -2.5e300, 1 / 3, 12345678901234567.0, math.inf, -math.inf, math.nan]
    texts = ["", "plain", "two\nlines", "trailing\n", " lead", "trail ", "yes", "no", "on", "null", "~", "true",
             "1", "1.5", "0x1f", "1e3", ".inf", "-.nan", "2026-12-05", "12:30", "a: b", "- x", "# c", "'q'", '"d"',
             "{x}", "[y]", "&a", "*b", "!t", "%p", "@at", "`bt`", "ü ∑ 漢字", "tab\there", "cr\rhere",
             "nel\x85here", "\u2028sep", "x" * 300, "long words " * 30, "snow\u2603man", "-", "?", ":", "|"]
    data = {"floats": floats, "texts": texts, "ints": [0, -1, 2**62, -(10**20)], "bools": [True, False],
            "none": None, "empty": {"map": {}, "seq": []}, "nested": [[1, [2, [3]]], {"a": {"b": {"c": None}}}],
            "keys": {3: "int key", 2.5: "float key", None: "null key", True: "bool key", "yes": "text key"},
            "lines": {"multi\nline key": "v"}}
    same(data)
    for value in [*floats, *texts, None, True, 7, [], {}]:
        same(value)
        same({"k": value})
        same([value, value])


@needs_c
def test_a_mapping_or_list_met_twice_is_written_as_the_library_writes_it():
    shared = {"a": [1, 2]}
    row = [3, 4]
    text = same({"first": shared, "second": shared, "rows": [row, row]})
    assert "&id001" in text and "*id001" in text


@needs_c
def test_other_values_take_the_library_way_and_fail_there_alike():
    class Text(str):
        pass

    for data in ({"t": (1, 2)}, {"s": {1}}, {"b": b"x"}):  # types the safe representer writes itself
        same(data)
    for data in ({"t": Text("x")}, {"o": object()}):  # refused by the library, so by dump_yaml
        with pytest.raises(yaml.representer.RepresenterError) as fast:
            yamlio.dump_yaml(data)
        with pytest.raises(yaml.representer.RepresenterError) as library:
            yamlio.dump_yaml_library(data)
        assert str(fast.value) == str(library.value)


def test_the_collector_is_left_as_it_was():
    was = gc.isenabled()
    try:
        gc.enable()
        yamlio.dump_yaml({"a": [1, 2.5, "x"]})
        assert gc.isenabled()
        gc.disable()
        yamlio.dump_yaml({"a": [1, 2.5, "x"]})
        assert not gc.isenabled()
        gc.enable()
        with pytest.raises(yaml.representer.RepresenterError):
            yamlio.dump_yaml({"o": object()})
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_without_libyaml_the_library_way_writes(monkeypatch):
    data = files.workspace_to_data(files.load_builtin_workspace())
    expected = yamlio.dump_yaml_library(data)
    monkeypatch.setattr(yamlio, "_CDumper", None)
    assert yamlio.dump_yaml(data) == expected
