"""Parity verdicts (formats/parity.md §4, app-default-v1): the rule and its numbers are kept
on the verdict; too few samples is inconclusive, never a pass."""

from __future__ import annotations

import pytest

from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import english
from deepdecide.importers.parity_rules import Comparison, judge, judge_against, proportion_se, wilson_lower
from deepdecide.importers.registry import import_bytes, import_file

ACC = ParityKind.EVAL_ACCURACY


def test_gsm8k_full_pass_and_rule_text():
    verdict, rule, delta = judge(Comparison(ACC, "exact_match,strict-match", 0.9484, 0.9492, 1319, 1319, 0.0061, 0.0060))
    text = english(rule)
    assert verdict == Verdict.PASS and delta == pytest.approx(-0.0008)
    assert "SE_d = 0.0086" in text and "-0.0171" in text and "app-default-v1" in text


def test_gsm8k_clear_drop_fails():
    verdict, rule, _ = judge(Comparison(ACC, "acc", 0.90, 0.95, 1319, 1319))
    text = english(rule)
    assert verdict == Verdict.FAIL and "fail if delta" in text


def test_small_limit_is_inconclusive_never_pass():
    verdict, rule, _ = judge(Comparison(ACC, "acc", 0.95, 0.95, 200, 200))
    text = english(rule)
    assert verdict == Verdict.INCONCLUSIVE and "underpowered" in text
    # perfect scores on 10 samples are not certainty
    verdict, _, _ = judge(Comparison(ACC, "acc", 1.0, 1.0, 10, 10))
    assert verdict == Verdict.INCONCLUSIVE
    assert proportion_se(1.0, 10) > 0.05


def test_no_sample_count_is_inconclusive():
    verdict, rule, _ = judge(Comparison(ACC, "acc", 0.95, 0.95))
    text = english(rule)
    assert verdict == Verdict.INCONCLUSIVE and "cannot tell drift from noise" in text


def test_lower_is_better_metric():
    verdict, _, _ = judge(Comparison(ACC, "word_perplexity,none", 10.0, 8.0, stderr=0.1, reference_stderr=0.1))
    assert verdict == Verdict.FAIL


def test_published_reference_one_sided_with_warning():
    verdict, rule, _ = judge(Comparison(ACC, "acc", 0.93, 0.95, n=1319, reference_published=True))
    text = english(rule)
    assert verdict == Verdict.PASS and "pass with warning" in text and "Wilson" in text
    assert judge(Comparison(ACC, "acc", 0.88, 0.95, n=1319, reference_published=True))[0] == Verdict.FAIL
    assert judge(Comparison(ACC, "acc", 0.96, 0.95, n=50, reference_published=True))[0] == Verdict.INCONCLUSIVE
    assert 0.9 < wilson_lower(0.95, 1319) < 0.95


def test_kernel_logits_greedy_structured():
    k = ParityKind.KERNEL
    assert judge(Comparison(k, "calc_diff", 4e-4, dtype="fp8"))[0] == Verdict.PASS
    assert judge(Comparison(k, "calc_diff", 4e-4, dtype="bf16"))[0] == Verdict.FAIL
    assert judge(Comparison(k, "calc_diff", 6e-6, dtype="bf16", library="deepep"))[0] == Verdict.FAIL
    assert judge(Comparison(k, "bitwise_equal", 1.0))[0] == Verdict.PASS
    assert judge(Comparison(k, "weird", 1.0))[0] == Verdict.INCONCLUSIVE
    lg = ParityKind.LOGITS
    assert judge(Comparison(lg, "max_abs_logprob_diff", 0.03, n=32))[0] == Verdict.PASS
    assert judge(Comparison(lg, "max_abs_logprob_diff", 0.03, n=2))[0] == Verdict.INCONCLUSIVE
    assert judge(Comparison(lg, "max_abs_logprob_diff", 0.2, n=2))[0] == Verdict.FAIL
    g = ParityKind.GREEDY_MATCH
    assert judge(Comparison(g, "match_rate", 1.0, n=64, same_stack=True))[0] == Verdict.PASS
    assert judge(Comparison(g, "match_rate", 0.98, n=64, same_stack=True))[0] == Verdict.FAIL
    assert judge(Comparison(g, "match_rate", 0.98, n=64, same_stack=False))[0] == Verdict.INCONCLUSIVE
    so = ParityKind.STRUCTURED_OUTPUT
    assert judge(Comparison(so, "json_validity", 0.995, n=500))[0] == Verdict.PASS
    assert judge(Comparison(so, "json_validity", 0.97, n=500))[0] == Verdict.FAIL
    assert judge(Comparison(so, "correct_rate(%)", 99.0, 99.0, n=500))[0] == Verdict.INCONCLUSIVE


def test_long_context_no_cliff():
    lc = ParityKind.LONG_CONTEXT
    v, rule, _ = judge(Comparison(lc, "131072,none", 0.9, 0.9, 2000, 2000))
    text = english(rule)
    assert v == Verdict.PASS and "no-cliff" in text


def test_judge_lm_eval_results_against_ci_baseline(shared_fixture):
    results = import_file(shared_fixture("parity/lm_eval/v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json")).evidence.parity
    ref = ParityCheck(ParityKind.EVAL_ACCURACY, task="gsm8k", metric="exact_match,strict-match",
                      reference_value=0.76, reference_runtime="vllm-ci", source="baseline")
    judged = judge_against(results, [ref])
    strict = next(c for c in judged if c.metric == "exact_match,strict-match")
    assert strict.verdict == Verdict.PASS and strict.reference_value == 0.76 and strict.reference_runtime == "vllm-ci"
    flexible = next(c for c in judged if c.metric == "exact_match,flexible-extract")
    assert flexible.verdict == Verdict.INCONCLUSIVE and flexible.reference_value is None


def test_own_parity_layout_csv_and_json():
    csv = (b"kind,task,metric,value,reference_value,n,reference_n,dtype,same_stack,runtime,platform\r\n"
           b"eval_accuracy,gsm8k,exact_match,0.948,0.949,1319,1319,,,deepinfer,h100\r\n"
           b"kernel,deepgemm.fp8_gemm,calc_diff,0.0004,,,,fp8,,deepinfer,h100\r\n"
           b"greedy_match,prefix-cache on/off,match_rate,1.0,,64,,,true,deepinfer,h100\r\n"
           b"long_context,ruler_niah,pass_rate,0.5,0.9,500,500,,,deepinfer,h100\r\n")
    checks = import_bytes("mine.csv", csv).evidence.parity
    assert [c.verdict for c in checks] == [Verdict.PASS, Verdict.PASS, Verdict.PASS, Verdict.FAIL]
    assert checks[0].delta == pytest.approx(-0.001) and checks[0].runtime == "deepinfer"
    js = (b'{"format": "deepdecide-parity/1", "checks": [{"kind": "logits", "metric": "max_abs_logprob_diff", '
          b'"value": 0.2, "n": 16}]}')
    assert import_bytes("mine.json", js).evidence.parity[0].verdict == Verdict.FAIL
    bad = b"kind,task,metric,value\r\nmagic,x,y,1\r\n"
    from deepdecide.domain.errors import EvidenceImportError

    with pytest.raises(EvidenceImportError) as info:
        import_bytes("bad.csv", bad)
    assert info.value.line == 2 and "unknown kind" in info.value.reason
