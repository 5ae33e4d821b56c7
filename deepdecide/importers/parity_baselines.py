"""Reference accuracy values published by vLLM and SGLang CI (formats/parity.md §1.2, §1.3):
``.buildkite/lm-eval-harness/configs/*.yaml`` (vLLM), ``test/lm_eval_configs/*.yaml`` (SGLang)
and vLLM's ``tests/evals/gsm8k/configs/*.yaml``.

They are *reference values*, not results: each metric becomes a ParityCheck with only
``reference_value`` set, which ``parity_rules.judge_against`` uses as a published reference.
"""

from __future__ import annotations

from typing import Any

import yaml

from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import flag
from deepdecide.domain.flags import rule as flags_rule
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message
from deepdecide.importers.base import ImportContext, Importer, Parsed, Source, root

MAX_YAML_BYTES = 1 << 20


class _YamlLoader(yaml.SafeLoader):
    """Safe loader that refuses aliases (the 'billion laughs' shape)."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:  # PyYAML hook
        if self.check_event(yaml.AliasEvent):
            raise yaml.YAMLError("YAML aliases are not allowed")
        return super().compose_node(parent, index)


def load_yaml(src: Source) -> object:
    if "yaml" not in src._cache:
        src._cache["yaml"] = None
        text = src.text if not src.looks_json and len(src.data) <= MAX_YAML_BYTES else None
        if text is not None and "model_name" in text:
            try:
                src._cache["yaml"] = yaml.load(text, Loader=_YamlLoader)  # a safe loader subclass
            except (yaml.YAMLError, RecursionError, ValueError) as exc:
                mark = getattr(exc, "problem_mark", None)
                src.problems["yaml"] = (f"not valid YAML: {getattr(exc, 'problem', None) or exc}",
                                        mark.line + 1 if mark else None)
    return src._cache["yaml"]


def _ci(doc: dict[str, Any]) -> tuple[str, Message]:
    sglang_keys = ("num_concurrent", "apply_chat_template", "fewshot_as_multiturn", "gen_kwargs")
    if any(k in doc for k in sglang_keys):
        return "sglang-ci", flag("parity.baseline_sglang")
    return "vllm-ci", flag("parity.baseline_vllm")


class LmEvalBaselineYaml(Importer):
    tool = "lm_eval_baseline"
    description = N_("vLLM / SGLang CI lm-eval baseline YAML (reference values)")
    is_reference = True

    def sniff(self, src: Source) -> bool:
        doc = load_yaml(src)
        return isinstance(doc, dict) and "model_name" in doc and isinstance(doc.get("tasks"), list)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, load_yaml(src))
        ref_runtime, rule = _ci(r.obj())
        rtol = r["rtol"].num()
        if rtol is not None:
            rule = flags_rule(rule, flag("parity.baseline_rtol", rtol=rtol))
        arch = r["required_gpu_arch"]
        platform = ", ".join(str(a) for a in arch.list(required=False)) if isinstance(arch.value, list) else arch.str()
        limit = r["limit"].count()
        model = r["model_name"].str()
        checks = []
        for task in r["tasks"].elements():
            name = task["name"].str()
            if not name:
                raise task["name"].fail(_("a task needs a name"))
            for metric in task["metrics"].elements():
                metric_name = metric["name"].str()
                value = metric["value"].num(allow_negative=True)
                if value is None or not metric_name:
                    raise metric.fail(_("a metric needs a name and a value"))
                long_ctx = metric_name.split(",")[0].isdigit()
                checks.append(ParityCheck(
                    kind=ParityKind.LONG_CONTEXT if long_ctx else ParityKind.EVAL_ACCURACY,
                    reference_runtime=ref_runtime, reference_platform=platform,
                    task=f"{name}@{metric_name.split(',')[0]}" if long_ctx else name, metric=metric_name,
                    reference_value=value, n=limit, verdict=Verdict.INCONCLUSIVE, model=model,
                    tolerance=flags_rule(flag("parity.baseline_reference", rule=rule),
                                         flag("parity.sample_limit", limit=limit)),
                    source=f"{src.name}: tasks[{name}].metrics[{metric_name}] for {model}"))
        return Parsed(parity=checks, tool_version=ref_runtime, notes=[flag("parity_baselines.reference", model=model)], model=model)


class VllmGsm8kBaselineYaml(Importer):
    tool = "vllm_gsm8k_baseline"
    description = N_("vLLM tests/evals/gsm8k config YAML (reference threshold)")
    is_reference = True

    def sniff(self, src: Source) -> bool:
        doc = load_yaml(src)
        return isinstance(doc, dict) and "accuracy_threshold" in doc and "num_questions" in doc

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, load_yaml(src))
        threshold = r["accuracy_threshold"].num()
        if threshold is None:
            raise r["accuracy_threshold"].fail(_("expected a number"))
        tolerance = r["tolerance"].num()
        n = r["num_questions"].count()
        model = r["model_name"].str()
        check = ParityCheck(
            kind=ParityKind.EVAL_ACCURACY, reference_runtime="vllm-ci", task="gsm8k", metric="accuracy",
            reference_value=threshold, n=n, verdict=Verdict.INCONCLUSIVE, model=model,
            tolerance=flags_rule(
                flag("parity.gsm8k_reference", tolerance=tolerance if tolerance is not None else 0.08),
                flag("parity.shots", shots=r["num_fewshot"].str("?"), n=n)),
            source=f"{src.name}: accuracy_threshold for {model}")
        return Parsed(parity=[check], tool_version="vllm-ci", notes=[flag("parity_baselines.reference", model=model)], model=model)
