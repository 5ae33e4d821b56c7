"""Short labels, one colour per option and series kinds (deepdecide.domain.presentation)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deepdecide.domain import presentation as p
from deepdecide.domain.workspace import Option, Strategy
from deepdecide.storage.files import load_workspace, sample_workspace_path

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def sample():
    return load_workspace(sample_workspace_path())


def test_sample_labels_are_short_distinct_and_derived(sample):
    labels = p.short_labels(sample)
    assert labels["keep-sglang-h100"] == "H100 · SGLang"
    assert labels["buy-sm100-deepinfer"] == "B200 · DeepInfer"
    assert labels["rtx-dev-only"] == "RTX 5090 · llama.cpp"
    assert len(set(labels.values())) == len(sample.options)
    assert all(len(v) <= 24 for v in labels.values())


def test_a_mixed_options_label_names_both_pools_platforms(sample):
    """The mixed option runs on B200 but prefills on owned H100s: its label shows both, prefill first;
    a disaggregated option on one platform keeps its one; labels stay distinct."""
    labels = p.short_labels(sample)
    assert labels["mixed-h100-prefill-sm100-decode"] == "H100 + B200 · SGLang"
    assert labels["buy-sm100-deepinfer"] == "B200 · DeepInfer"  # 4 + 64, both pools on B200
    mixed = sample.option("mixed-h100-prefill-sm100-decode")
    # pools on two runtimes as well: each pool's platform and runtime
    topo = replace(mixed.topology, decode=replace(mixed.topology.decode, runtime="vllm"))
    assert p.derived_label(sample.matrix, replace(mixed, topology=topo)) == "H100 · SGLang + B200 · vLLM"
    # a twin of the mixed option gets a distinct label
    twin = replace(mixed, id="mixed-twin", strategy=Strategy.KEEP)
    labels = p.short_labels(replace(sample, options=(*sample.options, twin)))
    assert len(set(labels.values())) == len(sample.options) + 1
    assert labels["mixed-twin"].startswith("H100 + B200 · SGLang")


def test_a_user_set_short_label_wins_and_clashes_are_told_apart(sample):
    o0, o1 = sample.options[:2]
    ws = replace(sample, options=(replace(o0, short_label="Keep vLLM"), *sample.options[1:]))
    assert p.short_label(ws, o0.id) == "Keep vLLM"
    # two options on the same runtime and platform, one kept and one bought
    twin = replace(o0, id="buy-vllm-h100", name="Buy more H100, serve with vLLM", strategy=Strategy.BUY)
    ws = replace(sample, options=(*sample.options, twin))
    labels = p.short_labels(ws)
    assert labels[o0.id] == "H100 · vLLM (keep)"
    assert labels["buy-vllm-h100"] == "H100 · vLLM (buy)"
    # same runtime, platform and strategy: numbered, the first keeps its label
    triplet = replace(twin, id="buy-vllm-h100-b")
    labels = p.short_labels(replace(ws, options=(*ws.options, triplet)))
    assert labels["buy-vllm-h100"] == "H100 · vLLM (buy)"
    assert labels["buy-vllm-h100-b"] == "H100 · vLLM (buy) #2"
    assert o1.id in labels


_names = st.sampled_from(["Keep H100, serve with vLLM", "Keep H100, serve with SGLang", "Keep H100, serve with",
                          "Keep H100", "H100 · vLLM", "H100 · vLLM (keep)", "H100 · vLLM #2", ""])


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["vllm", "sglang", "deepinfer", "nope"]),
                          st.sampled_from(["nv-h100", "nv-b200", "H100", "NVIDIA H100 80GB HBM3", "unknown-gpu"]),
                          st.sampled_from(list(Strategy)), _names, _names),
                min_size=1, max_size=12))
def test_generated_workspaces_with_similar_names_get_distinct_labels(sample, specs):
    options = tuple(Option(id=f"opt-{i}", name=name or f"Option {i}", strategy=strategy, runtime=rt,
                           platform=pf, short_label=short)
                    for i, (rt, pf, strategy, name, short) in enumerate(specs))
    ws = replace(sample, options=options)
    labels = p.short_labels(ws)
    assert list(labels) == [o.id for o in options]
    shown = [v.casefold() for v in labels.values()]
    assert len(set(shown)) == len(shown), labels
    assert all(v.strip() for v in labels.values())


def test_colours_are_per_option_and_stable_when_series_are_added(sample):
    before = {o.id: p.option_color(sample, o.id) for o in sample.options}
    assert len(set(before.values())) == len(sample.options)
    more = replace(sample, options=(*sample.options, replace(sample.options[0], id="new-one")))
    assert all(p.option_color(more, oid) == c for oid, c in before.items())
    # a group that is no option keeps its colour whatever else is drawn
    assert p.group_color(sample, "sglang", "nv-h200") == p.group_color(more, "sglang", "nv-h200")
    # a run naming the GPU gets its option's colour
    assert p.group_color(sample, "sglang", "NVIDIA H100 80GB HBM3") == before["keep-sglang-h100"]
    # light and dark variants differ, the PDF (light) and the GUI share the table
    sw = p.option_swatch(sample, "keep-vllm-h100")
    assert sw.light != sw.dark and sw.on(False) == sw.light


def test_series_kinds(sample):
    assert p.line_style("p50") == "solid" and p.line_style("p99") == "dashed"
    assert p.filled("own") and p.filled("third_party") and p.filled(None)
    assert not p.filled("illustrative") and not p.filled(["own", "proxy"]) and not p.filled("predicted")
    # the sample's files are illustrative (typed kind, or the label test on older workspaces)
    assert {p.provenance_kind(f) for f in sample.evidence.files} == {"illustrative"}


def test_log_ticks_are_real_units():
    assert p.log_ticks(1, 4096) == [1, 4, 16, 64, 256, 1024, 4096]
    assert p.log_ticks(2, 300)[0] == 1 and p.log_ticks(2, 300)[-1] >= 300
    assert len(p.log_ticks(1, 2 ** 40)) <= 9


def test_groups_that_are_no_option_get_distinct_colours_in_import_order(sample):
    h200 = p.group_color(sample, "sglang", "nv-h200")
    b200 = p.group_color(sample, "sglang", "nv-b200")
    assert h200 != b200
    assert {h200}.isdisjoint(p.option_color(sample, o.id) for o in sample.options)
    # SGLang on B200 is the mixed option's runtime and platform (its decode pool): its colour
    assert b200 == p.option_color(sample, "mixed-h100-prefill-sm100-decode")


def test_a_short_label_set_in_the_workspace_file_is_read_and_saved(sample, tmp_path):
    from deepdecide.storage.files import load_workspace_text, save_workspace

    text = sample_workspace_path().read_text(encoding="utf-8")
    text = text.replace("  name: Keep H100, serve with vLLM\n", "  name: Keep H100, serve with vLLM\n  short_label: Keep vLLM\n", 1)
    ws = load_workspace_text(text, "sample.deepdecide.yaml")
    assert p.short_label(ws, "keep-vllm-h100") == "Keep vLLM"
    save_workspace(ws, tmp_path / "again.deepdecide.yaml")
    assert "short_label: Keep vLLM" in (tmp_path / "again.deepdecide.yaml").read_text(encoding="utf-8")
    assert p.short_label(load_workspace(tmp_path / "again.deepdecide.yaml"), "keep-vllm-h100") == "Keep vLLM"


def test_sweep_line_takes_each_levels_median_and_sampling_keeps_the_ends():
    from deepdecide.domain.presentation import sampled, sweep_line

    assert sweep_line([(4, 10.0), (2, 5.0), (4, 30.0), (4, 20.0), (8, 1.0)]) == ([2, 4, 8], [5.0, 20.0, 1.0])
    assert sweep_line([]) == ([], [])
    pts = list(range(10_000))
    out = sampled(pts, 1_500)
    assert len(out) == 1_500 and out[0] == 0 and out[-1] == 9_999 and out == sorted(set(out))
    assert sampled(pts[:10], 1_500) == pts[:10]
