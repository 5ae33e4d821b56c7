"""The Assessment says when an option's runs all count for nothing (the Overview card only shows it)."""

from deepdecide.analysis import evaluate
from deepdecide.storage.files import load_builtin_workspace


def test_sample_sglang_runs_count_for_nothing_and_options_without_runs_say_nothing():
    a = evaluate(load_builtin_workspace())
    sglang = a.option("keep-sglang-h100")
    assert sglang is not None and sglang.fit.matches == 0
    # the sample's V4 runs are accepted proxies that give no capacity (illustrative): they count for nothing
    assert sglang.runs_counting_for_nothing == sglang.fit.mismatches + sglang.fit.needs_context + sglang.fit.proxies > 0
    vllm = a.option("keep-vllm-h100")
    assert vllm is not None and vllm.fit.runs == 0 and vllm.runs_counting_for_nothing == 0
