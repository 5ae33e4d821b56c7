"""deepdecide's own parity layout, for the comparison scripts users write themselves (logits,
greedy match, kernel, structured output, long context, accuracy). Documented in
``docs/parity-layout.md``; one check per CSV row or JSON object.

CSV: a header row with at least ``kind`` and ``value``; JSON:
``{"format": "deepdecide-parity/1", "checks": [{...}, ...]}``. Columns / keys (all but
``kind`` and ``value`` optional):

==================  ==========================================================================
kind                kernel | logits | greedy_match | eval_accuracy | structured_output | long_context
task, metric        e.g. ``gsm8k`` / ``exact_match,strict-match``; ``flashmla.sparse_decode.out`` / ``cos_diff``
value               the candidate's figure (number)
reference_value     the reference's figure (omit for kernel checks: the reference is analytic)
n, reference_n      sample counts (prompts, questions, samples per length)
stderr, reference_stderr   standard errors when known
runtime, platform, reference_runtime, reference_platform   what was compared
model               the model evaluated (matched against the decision's workload)
reference_kind      run (default) | published
dtype, library      kernel checks: fp8 / bf16 / fp4 / fp4xfp4, deepgemm / flashmla / deepep / tilelang
threshold           a limit of your own (kernel, logits); otherwise the library's default
same_stack          greedy_match: true when only a feature was toggled on the same hardware and runtime
higher_is_better    true / false (default: from the metric name)
context_length      long_context: the length tested (appended to the task as ``@<length>``)
note                free text kept in the check's source
==================  ==========================================================================
"""

from __future__ import annotations

from deepdecide.domain.evidence import ParityCheck, ParityKind, Verdict
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.parity_rules import Comparison, apply
from deepdecide.importers.secrets import strip_secrets

FORMAT = "deepdecide-parity/1"
COLUMNS = ("kind", "task", "metric", "value", "reference_value", "n", "reference_n", "stderr", "reference_stderr",
           "runtime", "platform", "model", "reference_runtime", "reference_platform", "reference_kind", "dtype", "library",
           "threshold", "same_stack", "higher_is_better", "context_length", "note")


def _bool(node: Node) -> bool | None:
    value = node.value
    if node.missing or value == "":
        return None
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "1"):
        return True
    if text in ("false", "no", "0"):
        return False
    raise node.fail(_("expected true or false, got {value!r}").format(value=value))


def check_from(node: Node, src: Source, where: str) -> ParityCheck:
    kind_text = node["kind"].str().strip().lower()
    try:
        kind = ParityKind(kind_text)
    except ValueError:
        raise node["kind"].fail(_("unknown kind {kind!r}; one of {kinds}").format(kind=kind_text, kinds=", ".join(k.value for k in ParityKind))) from None
    value = node["value"].num(allow_negative=True)
    if value is None:
        raise node["value"].fail(_("a check needs a value"))
    task = node["task"].str().strip()
    length = node["context_length"].count()
    if length is not None:
        task = f"{task}@{length}" if task else f"@{length}"
    ref_kind = node["reference_kind"].str("run").strip().lower() or "run"
    if ref_kind not in ("run", "published", "analytic"):
        raise node["reference_kind"].fail(_("expected run, published or analytic"))
    comparison = Comparison(
        kind=kind, metric=node["metric"].str(), value=value,
        reference_value=node["reference_value"].num(allow_negative=True),
        n=node["n"].count(), reference_n=node["reference_n"].count(),
        stderr=node["stderr"].num(), reference_stderr=node["reference_stderr"].num(),
        higher_is_better=_bool(node["higher_is_better"]), reference_published=ref_kind == "published",
        threshold=node["threshold"].num(), dtype=node["dtype"].str(), library=node["library"].str(),
        same_stack=_bool(node["same_stack"]))
    note = node["note"].str()
    check = ParityCheck(
        kind=kind, runtime=node["runtime"].str(), platform=node["platform"].str(), model=node["model"].str().strip(),
        reference_runtime=node["reference_runtime"].str(), reference_platform=node["reference_platform"].str(),
        task=task, metric=comparison.metric, value=value, reference_value=comparison.reference_value,
        n=comparison.n, stderr=comparison.stderr, verdict=Verdict.INCONCLUSIVE,
        source=f"{src.name}: {where}" + (f" ({note})" if note else ""))
    return apply(check, comparison)


class ParityCsv(Importer):
    tool = "parity_csv"
    description = N_("deepdecide parity CSV (kind, task, metric, value, reference_value, ...)")

    def sniff(self, src: Source) -> bool:
        if "," not in src.first_line:
            return False
        header = [c.strip().strip('"') for c in src.first_line.split(",")]
        return "kind" in header and "value" in header and ("metric" in header or "task" in header)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        rows = [(line, row) for line, row in src.csv_rows or [] if any(c.strip() for c in row)]
        header_line, header = rows[0]
        names = [c.strip().lower() for c in header]
        unknown = [n for n in names if n and n not in COLUMNS]
        if unknown:
            raise src.error(ngettext("unknown column {unknown}; known: {known}", "unknown columns {unknown}; known: {known}",
                                     len(unknown)).format(unknown=", ".join(unknown), known=", ".join(COLUMNS)), line=header_line)
        checks = []
        for line, row in rows[1:]:
            if len(row) > len(names):
                raise src.error(_("{cells} cells but {columns} columns").format(cells=len(row), columns=len(names)), line=line)
            values = {n: row[i].strip() for i, n in enumerate(names) if i < len(row) and row[i].strip() != ""}
            checks.append(check_from(Node(values, src, "", line), src, f"line {line}"))
        return Parsed(parity=checks, tool_version=FORMAT)


class ParityJson(Importer):
    tool = "parity_json"
    description = N_("deepdecide parity JSON (deepdecide-parity/1)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and v.get("format") == FORMAT

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        checks = []
        for i, node in enumerate(r["checks"].elements()):
            node.obj()
            unknown = [k for k in node.obj() if k not in COLUMNS]
            if unknown:
                raise node.fail(ngettext("unknown key {keys}", "unknown keys {keys}", len(unknown)).format(keys=", ".join(unknown)))
            checks.append(check_from(node, src, f"checks[{i}]"))
        return Parsed(parity=checks, tool_version=FORMAT)
