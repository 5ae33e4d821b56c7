"""Parity verdicts: the tolerance rules of formats/parity.md §4 ("app-default-v1").

Every verdict carries its rule and the numbers it was decided with in ``ParityCheck.tolerance``, a
message of ``parity.`` parts (``domain/flags.py``) that renders as e.g.
``"eval_accuracy app-default-v1 (unpaired, ...): delta = ...; pass if delta >= -max(2*SE_d, 0.005) = -0.0170 ..."``.
Too few samples to decide is **inconclusive**, never a pass: an accuracy comparison whose
2*SE of the difference exceeds 3 points cannot pass, a kernel or logit check without its
sample count cannot pass, greedy matching across different stacks is reported, not gated.

Standard errors come from the file when it has them; otherwise, for a proportion p over n
samples, from the Agresti-Coull interval, sqrt(p~(1-p~)/(n+4)) with p~ = (pn+2)/(n+4), which
stays honest at p = 0 or 1 where sqrt(p(1-p)/n) would claim certainty from 10 samples.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import flag, rule
from deepdecide.domain.messages import Message

RULESET = "app-default-v1"
UNDERPOWERED_2SE = 0.03  # 2*SE of the difference above this: the comparison cannot pass
PUBLISHED_RTOL = 0.05
LOGIT_MAX_ABS = 0.05
MIN_PROMPTS = 5  # logits / greedy-match checks need at least this many prompts to pass
JSON_VALIDITY_MIN = 0.99
JSON_VALIDITY_MIN_N = 100
COVERAGE_MAX_DROP = 0.01
LONG_CONTEXT_NO_CLIFF = 0.9

# lower is better for these metric names (lm-eval perplexities, error rates)
LOWER_IS_BETTER = ("perplexity", "bits_per_byte", "byte_perplexity", "word_perplexity", "ter", "wer", "cer",
                   "error", "invalid_rate", "calc_diff", "cos_diff", "max_abs", "max_rel", "mismatch")

# kernel thresholds (parity.md §2.3): (metric, dtype, library) -> limit; "" matches any library
KERNEL_LIMITS: dict[tuple[str, str, str], tuple[float, str]] = {
    ("calc_diff", "fp8", ""): (1e-3, "DeepGEMM FP8 GEMM"),
    ("calc_diff", "bf16", ""): (1e-5, "DeepGEMM BF16 GEMM"),
    ("calc_diff", "fp4", ""): (1e-2, "DeepGEMM one FP4 operand"),
    ("calc_diff", "fp4xfp4", ""): (2e-2, "DeepGEMM FP4 x FP4"),
    ("calc_diff", "bf16", "deepep"): (5e-6, "DeepEP BF16 combine"),
    ("calc_diff", "fp8", "deepep"): (9e-4, "DeepEP FP8 dispatch"),
    ("cos_diff", "bf16", ""): (1e-5, "FlashMLA bf16"),
    ("cos_diff", "fp16", ""): (1e-5, "FlashMLA fp16"),
    ("cos_diff", "fp8", ""): (1e-4, "FlashMLA FP8 KV (vLLM port)"),
    ("mismatch_ratio", "", ""): (1e-2, "TileLang max_mismatched_ratio"),
    ("rel_mean_abs_err", "fp8", ""): (1e-3, "vLLM block-FP8 GEMM"),
}


@dataclass(frozen=True)
class Comparison:
    """Everything a verdict needs, beyond the ParityCheck fields."""

    kind: ParityKind
    metric: str = ""
    value: float | None = None
    reference_value: float | None = None
    n: int | None = None
    reference_n: int | None = None
    stderr: float | None = None
    reference_stderr: float | None = None
    higher_is_better: bool | None = None
    reference_published: bool = False
    threshold: float | None = None
    dtype: str = ""
    library: str = ""
    same_stack: bool | None = None


def lower_is_better(metric: str) -> bool:
    m = metric.lower().split(",")[0]
    return any(word in m for word in LOWER_IS_BETTER)


def proportion_se(p: float, n: int) -> float:
    """Agresti-Coull standard error of a proportion (honest at p = 0 or 1)."""
    p_adj = (p * n + 2.0) / (n + 4.0)
    return math.sqrt(max(p_adj * (1 - p_adj), 0.0) / (n + 4.0))


def wilson_lower(p: float, n: int, z: float = 1.6449) -> float:
    """One-sided 95 % Wilson lower bound (vLLM's accuracy_gate.py)."""
    denom = 1 + z * z / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / denom


def _se(value: float, stderr: float | None, n: int | None) -> tuple[float | None, Message]:
    if stderr is not None and stderr > 0:
        return stderr, flag("parity.se_file")
    if n and 0.0 <= value <= 1.0:
        return proportion_se(value, n), flag("parity.se_agresti", n=n)
    return None, flag("parity.se_file")


def judge(c: Comparison) -> tuple[Verdict, Message, float | None]:
    """(verdict, rule with its numbers, delta) for one comparison."""
    kind = ParityKind(c.kind)
    if c.value is None:
        if c.reference_value is not None:
            return Verdict.INCONCLUSIVE, flag("parity.reference_only"), None
        return Verdict.INCONCLUSIVE, flag("parity.no_value"), None
    if kind == ParityKind.KERNEL:
        return _kernel(c)
    if kind == ParityKind.LOGITS:
        return _logits(c)
    if kind == ParityKind.GREEDY_MATCH:
        return _greedy(c)
    if kind == ParityKind.STRUCTURED_OUTPUT:
        metric = c.metric.lower()
        if "correct_rate" in metric:
            return Verdict.INCONCLUSIVE, flag("parity.correct_rate"), None
        if "json_validity" in metric or "valid_json" in metric:
            return _json_validity(c)
        if "coverage" in metric:
            return _coverage(c)
    if c.reference_value is None:
        return Verdict.INCONCLUSIVE, flag("parity.no_reference"), None
    verdict, text, delta = (_published(c) if c.reference_published else _unpaired(c))
    if kind == ParityKind.LONG_CONTEXT and verdict == Verdict.PASS and c.reference_value > 0:
        floor = LONG_CONTEXT_NO_CLIFF * c.reference_value
        if c.value < floor:
            return Verdict.FAIL, rule(text, flag("parity.cliff_fail", value=c.value, floor=floor)), delta
        text = rule(text, flag("parity.cliff_ok", floor=floor))
    return verdict, text, delta


def _direction(c: Comparison) -> bool:
    return (not lower_is_better(c.metric)) if c.higher_is_better is None else c.higher_is_better


def _unpaired(c: Comparison) -> tuple[Verdict, Message, float]:
    assert c.value is not None and c.reference_value is not None
    higher = _direction(c)
    delta = c.value - c.reference_value
    signed = delta if higher else -delta  # negative = worse
    se_c, src_c = _se(c.value, c.stderr, c.n)
    se_r, src_r = _se(c.reference_value, c.reference_stderr, c.reference_n)
    head = flag("parity.unpaired_higher" if higher else "parity.unpaired_lower", kind=str(c.kind), ruleset=RULESET,
                delta=delta)
    if se_c is None or se_r is None:
        which = ("parity.no_se_both" if se_c is None and se_r is None
                 else "parity.no_se_candidate" if se_c is None else "parity.no_se_reference")
        return Verdict.INCONCLUSIVE, rule(head, flag(which)), delta
    se_d = math.hypot(se_c, se_r)
    pass_limit = -max(2 * se_d, 0.005)
    fail_limit = -max(3 * se_d, 0.02)
    numbers = (flag("parity.se_d", se_d=se_d, se_c=se_c, src_c=src_c, se_r=se_r, src_r=src_r),
               flag("parity.pass_if", limit=pass_limit), flag("parity.fail_if", limit=fail_limit))
    if signed < fail_limit:
        return Verdict.FAIL, rule(head, *numbers), delta
    if 2 * se_d > UNDERPOWERED_2SE:
        return (Verdict.INCONCLUSIVE,
                rule(head, *numbers, flag("parity.underpowered_d", value=2 * se_d, limit=UNDERPOWERED_2SE)), delta)
    if signed >= pass_limit:
        if signed > max(3 * se_d, 0.02):
            return Verdict.PASS, rule(head, *numbers, flag("parity.suspicious")), delta
        return Verdict.PASS, rule(head, *numbers), delta
    return Verdict.INCONCLUSIVE, rule(head, *numbers, flag("parity.between")), delta


def _published(c: Comparison) -> tuple[Verdict, Message, float]:
    assert c.value is not None and c.reference_value is not None
    higher = _direction(c)
    delta = c.value - c.reference_value
    if higher:
        threshold = c.reference_value * (1 - PUBLISHED_RTOL)
        ok = c.value >= threshold
        limit = flag("parity.published_higher", rtol=PUBLISHED_RTOL, threshold=threshold)
    else:
        threshold = c.reference_value * (1 + PUBLISHED_RTOL)
        ok = c.value <= threshold
        limit = flag("parity.published_lower", rtol=PUBLISHED_RTOL, threshold=threshold)
    parts = [flag("parity.published", kind=str(c.kind), ruleset=RULESET, rule=limit),
             flag("parity.value_delta", value=c.value, delta=delta)]
    if c.n and 0 <= c.value <= 1:
        parts.append(flag("parity.wilson", lower=wilson_lower(c.value, c.n), n=c.n))
    if not ok:
        return Verdict.FAIL, rule(*parts), delta
    se_c, _ = _se(c.value, c.stderr, c.n)
    if se_c is None:
        return Verdict.INCONCLUSIVE, rule(*parts, flag("parity.candidate_n_unknown")), delta
    if 2 * se_c > UNDERPOWERED_2SE:
        return Verdict.INCONCLUSIVE, rule(*parts, flag("parity.underpowered", value=2 * se_c, limit=UNDERPOWERED_2SE)), delta
    return Verdict.PASS, rule(*parts, flag("parity.published_warning")), delta


def _kernel(c: Comparison) -> tuple[Verdict, Message, float | None]:
    metric = c.metric.lower()
    value = c.value
    assert value is not None
    if metric in ("bitwise_equal", "bitwise", "torch_equal"):
        ok = value == 1.0
        return Verdict.PASS if ok else Verdict.FAIL, flag("parity.bitwise", ruleset=RULESET, value=value), None
    limit: float | None = c.threshold
    source: Message | str = flag("parity.user_threshold")
    if limit is None:
        dtype = c.dtype.lower().replace("nvfp4", "fp4").replace("mxfp4", "fp4").replace("e4m3", "fp8")
        for key in ((metric, dtype, c.library.lower()), (metric, dtype, ""), (metric, "", "")):
            if key in KERNEL_LIMITS:
                limit, source = KERNEL_LIMITS[key]
                break
    if limit is None:
        return (Verdict.INCONCLUSIVE, rule(flag("parity.kernel_unknown", ruleset=RULESET, metric=c.metric, dtype=c.dtype),
                                           flag("parity.give_threshold")), None)
    ok = value <= limit
    return (Verdict.PASS if ok else Verdict.FAIL,
            rule(flag("parity.kernel_limit", ruleset=RULESET, metric=c.metric, limit=limit, source=source),
                 flag("parity.value_3g", value=value)), None)


def _logits(c: Comparison) -> tuple[Verdict, Message, float | None]:
    value = c.value
    assert value is not None
    if "topk" in c.metric.lower() or "containment" in c.metric.lower():
        limit_ok = value >= 1.0
        head = flag("parity.topk", ruleset=RULESET, value=value)
    else:
        limit = c.threshold if c.threshold is not None else LOGIT_MAX_ABS
        limit_ok = value <= limit
        head = rule(flag("parity.logprob", ruleset=RULESET, limit=limit), flag("parity.value_4g", value=value))
    if not limit_ok:
        return Verdict.FAIL, head, None
    if c.n is None or c.n < MIN_PROMPTS:
        return Verdict.INCONCLUSIVE, rule(head, flag("parity.needs_prompts", min=MIN_PROMPTS, n=c.n)), None
    return Verdict.PASS, rule(head, flag("parity.n_prompts", n=c.n)), None


def _greedy(c: Comparison) -> tuple[Verdict, Message, float | None]:
    value = c.value
    assert value is not None
    if not c.same_stack:
        return Verdict.INCONCLUSIVE, flag("parity.greedy_across", ruleset=RULESET, value=value), None
    head = flag("parity.greedy_same", ruleset=RULESET, value=value)
    if value < 1.0:
        return Verdict.FAIL, head, None
    if c.n is None or c.n < MIN_PROMPTS:
        return Verdict.INCONCLUSIVE, rule(head, flag("parity.needs_prompts", min=MIN_PROMPTS, n=c.n)), None
    return Verdict.PASS, rule(head, flag("parity.n", n=c.n)), None


def _json_validity(c: Comparison) -> tuple[Verdict, Message, float | None]:
    value = c.value
    assert value is not None
    head = flag("parity.json_validity", ruleset=RULESET, min=JSON_VALIDITY_MIN, value=value)
    if value < JSON_VALIDITY_MIN:
        return Verdict.FAIL, head, None
    if c.n is None or c.n < JSON_VALIDITY_MIN_N:
        return Verdict.INCONCLUSIVE, rule(head, flag("parity.needs_samples", min=JSON_VALIDITY_MIN_N, n=c.n)), None
    return Verdict.PASS, rule(head, flag("parity.n", n=c.n)), None


def _coverage(c: Comparison) -> tuple[Verdict, Message, float | None]:
    if c.reference_value is None:
        return Verdict.INCONCLUSIVE, flag("parity.coverage_no_reference"), None
    assert c.value is not None
    delta = c.value - c.reference_value
    ok = delta >= -COVERAGE_MAX_DROP
    return (Verdict.PASS if ok else Verdict.FAIL,
            flag("parity.coverage", ruleset=RULESET, drop=COVERAGE_MAX_DROP, delta=delta), delta)


def apply(check: ParityCheck, comparison: Comparison) -> ParityCheck:
    """The check with its verdict, rule and delta filled in."""
    verdict, text, delta = judge(comparison)
    return replace(check, verdict=verdict, tolerance=text, delta=delta if delta is not None else check.delta)


def is_reference_only(check: ParityCheck) -> bool:
    return check.value is None and check.reference_value is not None


def _key(check: ParityCheck) -> tuple[str, str, str]:
    return (str(check.kind), check.task.strip().lower(), check.metric.strip().lower())


def same_model(a: str, b: str) -> bool:
    """Whether two model names name the same model (``org/name`` or a local path ending in it)."""
    def key(name: str) -> str:
        return name.strip().rstrip("/").split("/")[-1].lower()

    return not a or not b or key(a) == key(b)


def judge_against(candidates: Iterable[ParityCheck], references: Iterable[ParityCheck], *,
                  candidate_model: str = "", reference_model: str = "") -> list[ParityCheck]:
    """Judge each candidate check against the reference check with the same kind, task and metric.

    A reference check that carries a measured ``value`` (another run's lm-eval results) is an
    unpaired run-vs-run comparison; one that carries only ``reference_value`` (a CI baseline
    YAML) is a published reference. Candidates without a match keep their verdict.
    """
    if not same_model(candidate_model, reference_model):
        reason = flag("parity.not_comparable", candidate=candidate_model, reference=reference_model)
        return [replace(c, verdict=Verdict.INCONCLUSIVE, tolerance=reason) if c.value is not None else c
                for c in candidates]
    refs: dict[tuple[str, str, str], ParityCheck] = {}
    for r in references:
        refs.setdefault(_key(r), r)
    out = []
    for cand in candidates:
        ref = refs.get(_key(cand))
        if ref is None or cand.value is None:
            out.append(cand)
            continue
        published = ref.value is None
        ref_value = ref.reference_value if published else ref.value
        comparison = Comparison(
            kind=cand.kind, metric=cand.metric, value=cand.value, reference_value=ref_value,
            n=cand.n, reference_n=ref.n, stderr=cand.stderr, reference_stderr=None if published else ref.stderr,
            reference_published=published)
        judged = apply(cand, comparison)
        out.append(replace(
            judged, reference_value=ref_value,
            reference_runtime=ref.reference_runtime if published else ref.runtime,
            reference_platform=ref.reference_platform if published else ref.platform,
            source=f"{cand.source}; reference: {ref.source}"))
    return out
