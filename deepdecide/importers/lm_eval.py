"""EleutherAI lm-evaluation-harness results (formats/parity.md §1.1), every generation:
v0 / v0.3 (bare metric keys), 0.4.0 - 0.4.2 (``"metric,filter"`` keys, ``groups``),
0.4.3+ (``n-samples``, ``higher_is_better``), 0.4.9+ (``lm_eval_version``, ``model_args`` as a
dict); ``"N/A"`` stderrs; RULER's per-length metrics (``-1`` = not run, dropped). Also the
stdout markdown table (``|Tasks|Version|Filter|...``) and the vllm-ascend report table.

Each (task, metric) becomes one ParityCheck with no reference yet: its verdict is
inconclusive until it is judged against a reference (``parity_rules.judge_against``).
"""

from __future__ import annotations

import math
import re

from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.flags import flag
from deepdecide.domain.formatting import localized
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.normalize import canonical_hardware
from deepdecide.importers.secrets import redact, strip_secrets

_NOT_METRICS = {"alias", "sample_len", "name", "samples", "sample_count"}
RUNTIMES = {"vllm": "vllm", "sglang": "sglang", "hf": "hf", "hf-causal": "hf", "hf-causal-experimental": "hf",
            "huggingface": "hf", "trtllm": "trtllm"}


def _model_args(node: Node) -> dict[str, str]:
    value = node.value
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    if isinstance(value, str):
        out = {}
        for part in value.split(","):
            if "=" in part:
                k, v = part.split("=", 1)
                out[k.strip()] = v.strip()
        return out
    return {}


#: the range of the metrics whose range is fixed (lm-eval reports fractions, not percent)
_UNIT_RANGE = {"acc", "acc_norm", "exact_match", "em", "f1", "accuracy", "brier_score", "mc1", "mc2",
               "contains", "score"}


def _check_range(node: Node, name: str, value: float) -> None:
    """An accuracy of 150 or -0.5 is not a measurement: refuse it with its place."""
    low = name.lower()
    if low in _UNIT_RANGE or low.startswith("pass@"):
        lo, hi = 0.0, 1.0
    elif low == "mcc":
        lo, hi = -1.0, 1.0
    elif low in ("perplexity", "word_perplexity", "byte_perplexity", "bits_per_byte", "mae", "mse", "rmse",
                 "ter", "chrf", "bleu") or low.startswith("rouge"):
        lo, hi = 0.0, math.inf
    else:
        return
    if not lo <= value <= hi:
        raise node.fail(_("{name} {value} is outside the metric's range [{low}, {high}]").format(name=name, value=localized(f"{value:g}"), low=localized(f"{lo:g}"), high=localized(f"{hi:g}")))


def _kind(task: str, metric: str) -> ParityKind:
    if "jsonschema" in task.lower():
        return ParityKind.STRUCTURED_OUTPUT
    if metric.split(",")[0].isdigit() or "ruler" in task.lower() or task.lower().startswith("niah"):
        return ParityKind.LONG_CONTEXT
    return ParityKind.EVAL_ACCURACY


def _is_results(v: object) -> bool:
    return (isinstance(v, dict) and isinstance(v.get("results"), dict) and bool(v["results"])
            and all(isinstance(x, dict) for x in v["results"].values())
            and ("versions" in v or "config" in v or any("," in k for x in v["results"].values() for k in x)))


class LmEvalResults(Importer):
    tool = "lm_eval"
    description = N_("lm-evaluation-harness results JSON (v0.3, 0.4.x)")

    def sniff(self, src: Source) -> bool:
        return _is_results(src.json)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        results = r["results"]
        comma = any("," in k for _, t in results.items() for k in t.obj())
        version = r["lm_eval_version"].str()
        if not version:
            version = ("0.4.3+" if r.has("n-samples") else "0.4.2" if r.has("group_subtasks") or r.has("date")
                       else "0.4.0-0.4.1" if comma else "v0 / v0.3")
            if r["git_hash"].str():
                version += f" (git {r['git_hash'].str()})"
        config = r["config"]
        backend = config["model"].str() if isinstance(config["model"].value, str) else ""
        args = _model_args(config["model_args"])
        runtime = RUNTIMES.get(backend.lower(), "")
        notes = []
        if "base_url" in args or backend.startswith(("local-", "openai")):
            notes.append(flag("lm_eval.server", backend=backend))
            runtime = ""
        env = r["pretty_env_info"].str()
        gpus = re.findall(r"^GPU \d+: (.+)$", env, re.M)
        if not gpus:
            m = re.search(r"GPU models and configuration: (.+)", env)
            gpus = [m.group(1)] if m and "could not" not in m.group(1).lower() else []
        platform = canonical_hardware(gpus[0]) if gpus else ""
        if gpus:
            notes.append(flag("lm_eval.platform", gpu=gpus[0], n=len(gpus)))
        model = args.get("pretrained") or args.get("model") or r["model_name"].str()
        if model:
            notes.append(flag("lm_eval.model", model=redact(model)))
        limit = config["limit"].count() if isinstance(config["limit"].value, (int, float)) else None
        higher = r["higher_is_better"]
        n_samples = r["n-samples"]
        checks: list[ParityCheck] = []
        seen: set[tuple[str, str]] = set()
        blocks = [("results", results)] + ([("groups", r["groups"])] if r.has("groups") else [])
        for block_name, block in blocks:
            for task, entry in block.items():
                entry.obj()
                metrics = {k for k in entry.obj() if k not in _NOT_METRICS and "_stderr" not in k}
                n = n_samples[task]["effective"].count() if n_samples.has(task) else None
                if n is None and entry.has("sample_len"):
                    n = entry["sample_len"].count()
                if n is None:
                    n = limit
                for metric in sorted(metrics):
                    if (task, metric) in seen:
                        continue
                    node = entry[metric]
                    if not isinstance(node.value, (int, float)) or isinstance(node.value, bool):
                        if isinstance(node.value, str) and node.value.strip().upper() == "N/A":
                            continue
                        if isinstance(node.value, (dict, list)):
                            continue
                    raw = node.raw_number()
                    nonfinite = raw is not None and not math.isfinite(raw)
                    value = None if nonfinite else node.num(allow_negative=True)
                    if value is None and not nonfinite:
                        continue
                    name, _, filt = metric.partition(",")
                    if value is not None and not (name.isdigit() and value == -1):
                        _check_range(node, name, value)
                    if name.isdigit() and value == -1:
                        continue  # RULER: that length was not run
                    seen.add((task, metric))
                    stderr_key = f"{name}_stderr,{filt}" if comma and filt else f"{name}_stderr"
                    se_node = entry[stderr_key]
                    stderr = None
                    if isinstance(se_node.value, str) and se_node.value.strip().upper() == "N/A":
                        stderr = None
                    elif not se_node.missing:
                        se_raw = se_node.raw_number()
                        stderr = None if se_raw is not None and not math.isfinite(se_raw) else se_node.num()
                        if stderr is None and se_raw is not None:
                            notes.append(flag("lm_eval.stderr_not_finite", task=task, key=stderr_key, raw=str(se_raw)))
                    direction = higher[task][name].value
                    kind = _kind(task, metric)
                    task_name = f"{task}@{name}" if kind == ParityKind.LONG_CONTEXT and name.isdigit() else task
                    lower = direction is False
                    rule = flag("parity.no_reference_yet_lower" if lower else "parity.no_reference_yet")
                    if nonfinite:
                        rule = flag("parity.value_not_finite_lower" if lower else "parity.value_not_finite", raw=str(raw))
                        notes.append(flag("lm_eval.value_not_finite", task=task, metric=metric, raw=str(raw)))
                    checks.append(ParityCheck(
                        kind=kind, runtime=runtime, platform=platform, task=task_name, metric=metric,
                        value=value, n=n, stderr=stderr, verdict=Verdict.INCONCLUSIVE, model=model or "",
                        tolerance=rule,
                        source=f"{src.name}: {block_name}.{task}.{metric} (lm-eval {version}, backend {backend or '?'})"))
        return Parsed(parity=checks, tool_version=f"lm-eval {version}", notes=notes, model=model or "")


_TABLE_HEAD = re.compile(r"^\|\s*Tasks\s*\|\s*Version\s*\|", re.M)
_ASCEND_HEAD = re.compile(r"^\|\s*Task\s*\|\s*Metric\s*\|\s*Value\s*\|\s*Stderr\s*\|", re.M)
_NUMBER = re.compile(r"[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?")


class LmEvalTable(Importer):
    tool = "lm_eval_table"
    description = N_("lm-evaluation-harness stdout table / vllm-ascend accuracy report (markdown)")

    def sniff(self, src: Source) -> bool:
        if src.looks_json or len(src.data) > 16 << 20:
            return False
        text = src.text
        return text is not None and bool(_TABLE_HEAD.search(text) or _ASCEND_HEAD.search(text))

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        text = src.text or ""
        lines = src.lines
        notes = []
        runtime = ""
        m = re.search(r"--model\s+(\S+)", text)
        if m and m.group(1) in RUNTIMES:
            runtime = RUNTIMES[m.group(1)]
        head = re.search(r"^(\S+) \((.*)\), gen_kwargs", text, re.M)
        if head and head.group(1) in RUNTIMES:
            runtime = RUNTIMES[head.group(1)]
        platform = ""
        m = re.search(r"Hardware Environment\*?\*?:\s*(.+)", text)
        if m:
            platform = canonical_hardware(m.group(1))
            notes.append(flag("lm_eval.hardware", hardware=m.group(1).strip()))
        model = ""
        m = re.search(r"pretrained=([^,'\s]+)", text) or re.search(r"^# (\S+/\S+)", text, re.M)
        if m:
            model = m.group(1)
        if re.search(r"vLLM Ascend Version", text):
            runtime = "vllm-ascend"
        version = "stdout table"
        checks: list[ParityCheck] = []
        in_table = False
        columns: list[str] = []
        last_task = ""
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if not stripped.startswith("|"):
                in_table = False
                continue
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not in_table:
                if cells and cells[0] in ("Tasks", "Task"):
                    columns = [c.lower() for c in cells]
                    in_table = True
                    version = "vllm-ascend report" if cells[0] == "Task" else "stdout table"
                continue
            if set(stripped) <= set("|-: "):
                continue
            row = dict(zip(columns, cells, strict=False))
            task = row.get("tasks", row.get("task", "")).lstrip("- ").strip() or last_task
            last_task = task
            metric = row.get("metric", "")
            if row.get("filter") and row["filter"] not in ("none", ""):
                metric = f"{metric},{row['filter']}"
            elif "," not in metric and "filter" in row:
                metric = f"{metric},none"
            value_cell = row.get("value", "")
            stderr_cell = next((c for c in cells[columns.index("stderr"):] if _NUMBER.search(c)), "") \
                if "stderr" in columns else ""
            vm = _NUMBER.search(value_cell.replace("✅", "").replace("❌", ""))
            if not vm or not task or not metric:
                raise src.error(_("a table row without task, metric or value"), line=number)
            value = Node(vm.group(0), src, "Value", number).num(allow_negative=True)
            if value is not None:
                _check_range(Node(vm.group(0), src, "Value", number), metric.partition(",")[0], value)
            sm = _NUMBER.search(stderr_cell.replace("±", ""))
            stderr = Node(sm.group(0), src, "Stderr", number).num() if sm else None
            checks.append(ParityCheck(
                kind=_kind(task, metric), runtime=runtime, platform=platform, task=task, metric=metric,
                value=value, stderr=stderr, verdict=Verdict.INCONCLUSIVE, model=model,
                tolerance=flag("parity.no_reference_yet"),
                source=f"{src.name}:{number} ({version})"))
        return Parsed(parity=checks, tool_version=f"lm-eval {version}", notes=notes, model=model)
