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


def test_one_rule_for_the_overview_count_and_the_evidence_filter():
    """The card's count is the number of the option's runs that the Evidence page's "that count" filter
    leaves out (``Assessment.run_counts_for_nothing``): one rule, in the Assessment."""
    from deepdecide.analysis.assessment import Applicability

    a = evaluate(load_builtin_workspace())
    runs = [f for f in a.evidence_fit if f.item == "run"]
    for oa in a.options:
        mine = [f for f in runs if oa.option in f.options]
        assert oa.runs_counting_for_nothing == sum(oa.counts_for_nothing(f) for f in mine)
        assert oa.not_counting.proxies == sum(oa.counts_for_nothing(f) and f.applicability == Applicability.PROXY
                                              for f in mine)
        if len({o for f in mine for o in f.options}) == 1:  # runs about this option alone
            assert sum(a.run_counts_for_nothing(f) for f in mine) == oa.runs_counting_for_nothing
    # the sample's illustrative proxies give no capacity: they count for nothing, for their options and
    # on the Evidence page alike
    sglang = a.option("keep-sglang-h100")
    assert sglang.capacity.source.value != "proxy" and sglang.not_counting.proxies == sglang.fit.proxies == 3
    assert all(a.run_counts_for_nothing(f) for f in runs if "keep-sglang-h100" in f.options)
