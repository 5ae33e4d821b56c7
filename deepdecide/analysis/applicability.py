"""Does a run or parity check fit the decision? Workload matching and what evidence counts for.

Every run and parity check is judged against the workspace's :class:`Workload`:

* **mismatch** when it was measured on another model (not the workload's model or a declared
  alias), at another precision, with token lengths outside the workload's ranges, or on another
  dataset or traffic class than the workload states: it is shown,
  with the reason, and counts for no capacity, cost or rung (not even *builds*: the
  architecture-sensitive kernels are exercised only by the decision's model); a known mismatch
  never asks for context (context would not make it count);
* **needs context** when the runtime, platform, GPU count or model is unknown, or the token
  lengths the workload states a range for (neither the file, its documented name, nor the user
  said): it counts for nothing until assigned — a run of unknown lengths never *matches*;
* **proxy** when it does not match but the user accepted it (the run or check itself, or its
  whole file) as a proxy, with a reason and a low / likely / high discount: it counts for *builds*
  and, discounted, for capacity after the applicable measurements; never for *correct* or *performs*;
* **matches** otherwise.

Who made the file matters too: illustrative files (reconstructed from published figures) count
for no rung and no capacity, except a run the user accepted as a proxy, which counts for capacity
alone, as a proxy (discounted and labelled, judged against the SLO like any run); predictions (estimators, simulators) only for capacity, after
measurements and proxies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from deepdecide.analysis.assessment import Applicability, EvidenceFit, FitCounts
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, ParityCheck
from deepdecide.domain.matrix import SupportMatrix
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workload import TokenRange, Workload, model_matches, precision_matches
from deepdecide.domain.workspace import Option, Workspace

OWN, THIRD_PARTY, ILLUSTRATIVE, PREDICTED = "own", "third_party", "illustrative", "predicted"
MEASURED_KINDS = (OWN, THIRD_PARTY)


def provenance_kind(f: EvidenceFile) -> str:
    """Who made the file: own, third_party, illustrative or predicted (the provenance's typed kind)."""
    return f.provenance.kind.value


def effective_workload(ws: Workspace) -> Workload:
    """The workspace's workload; a workspace that states none (written before workloads existed) is
    judged on its model alone."""
    if ws.workload.stated or not ws.model:
        return ws.workload
    return Workload(model=ws.model)


def _range(r: TokenRange) -> Message:
    """A token range, written when the message is rendered (in the reader's figures)."""
    low, high = int(round(r.low)), int(round(r.high))
    if low == high:
        return Message("fit.token_count", "{n}", (("n", low),))
    return Message("fit.token_range", "{low}–{high}", (("low", low), ("high", high)))


def _either(values: Sequence[str]) -> str | Message:
    """"fp4 or fp8": each " or " through the catalog, when the message is rendered."""
    out: str | Message = values[-1]
    for v in reversed(values[:-1]):
        out = Message("fit.workload.or_join", "{first}{sep}{rest}",
                      (("first", v), ("sep", msg("fit.workload.or", " or ")), ("rest", out)))
    return out


def describe_workload(w: Workload) -> Message:
    if not w.stated:
        return msg("fit.workload.none", "no workload stated: runs are not checked against a model or token lengths")
    parts: list[str | Message] = [w.model]
    if w.aliases:
        parts.append(msg("fit.workload.aliases", "(also: {aliases})", aliases=", ".join(w.aliases)))
    if w.precisions:
        parts.append(msg("fit.workload.precisions", "at {precisions}", precisions=_either(w.precisions)))
    if w.input_tokens is not None or w.output_tokens is not None:
        parts.append(msg("fit.workload.tokens", "{input} in / {output} out tokens",
                         input=_range(w.input_tokens) if w.input_tokens else "?",
                         output=_range(w.output_tokens) if w.output_tokens else "?"))
    if w.dataset:
        parts.append(f"({w.dataset})")
    whole: str | Message = parts[-1]
    for part in reversed(parts[:-1]):  # the parts side by side, each rendered in the reader's language
        whole = Message("fit.workload.join", "{first} {rest}", (("first", part), ("rest", whole)))
    return msg("fit.workload", "workload: {workload}", workload=whole)


def _tokens(value: float | None) -> int | str:
    return int(round(value)) if value is not None else "?"


def _mismatches(w: Workload, model: str, quantization: str, input_tokens: float | None,
                output_tokens: float | None, dataset: str = "") -> list[Message]:
    out: list[Message] = []
    if not w.stated:
        return out
    if model and not model_matches(w, model):
        out.append(msg("fit.model", "measured on {model}, not {workload}", model=model, workload=w.model))
    if quantization and w.precisions and not precision_matches(w, quantization):
        out.append(msg("fit.precision", "precision {precision}, not {wanted}", precision=quantization,
                       wanted=_either(w.precisions)))
    bad_in = input_tokens is not None and w.input_tokens is not None and not w.input_tokens.contains(input_tokens)
    bad_out = (output_tokens is not None and w.output_tokens is not None
               and not w.output_tokens.contains(output_tokens))
    if bad_in or bad_out:
        out.append(msg("fit.tokens", "{got_in} / {got_out} tokens vs {want_in} / {want_out}",
                       got_in=_tokens(input_tokens), got_out=_tokens(output_tokens),
                       want_in=_range(w.input_tokens) if w.input_tokens else msg("fit.any", "any"),
                       want_out=_range(w.output_tokens) if w.output_tokens else msg("fit.any", "any")))
    if w.dataset and dataset.strip() and dataset.strip().lower() != w.dataset.strip().lower():
        out.append(msg("fit.dataset", "dataset {dataset}, the workload's is {wanted}", dataset=dataset.strip(),
                       wanted=w.dataset))
    return out


def _notes(w: Workload, run: BenchmarkRun) -> list[Message]:
    out: list[Message] = []
    if not w.stated:
        return [describe_workload(w)]
    if w.precisions and not run.quantization:
        out.append(msg("fit.precision_unknown", "precision not stated in the file"))
    if w.dataset and not run.dataset.strip():
        out.append(msg("fit.dataset_unknown", "dataset not stated in the file"))
    return out


#: the context a run or check cannot be judged without, named in the reader's language
_FIELD_RUNTIME = msg("field.runtime", "runtime")
_FIELD_PLATFORM = msg("field.platform", "platform")
_FIELD_GPUS = msg("field.gpu_count", "GPU count")
_FIELD_MODEL = msg("field.model", "model")


_FIELD_INPUT = msg("field.input_tokens", "input tokens")
_FIELD_OUTPUT = msg("field.output_tokens", "output tokens")


def _missing(run: BenchmarkRun) -> tuple[Message, ...]:
    fields = [name for name, value in ((_FIELD_RUNTIME, run.runtime), (_FIELD_PLATFORM, run.platform),
                                       (_FIELD_GPUS, run.gpu_count), (_FIELD_MODEL, run.model))
              if value in ("", None)]
    return tuple(fields)


def _unknown_lengths(w: Workload, run: BenchmarkRun) -> tuple[Message, ...]:
    """The token lengths the workload states a range for and the run does not state (neither the
    file, nor its documented name, nor the user): such a run cannot be said to match."""
    if not w.stated:
        return ()
    return tuple(name for name, wanted, got in ((_FIELD_INPUT, w.input_tokens, run.input_tokens),
                                                (_FIELD_OUTPUT, w.output_tokens, run.output_tokens))
                 if wanted is not None and got is None)


def _options_for(options: Iterable[Option], runtime: str, platform: str) -> tuple[str, ...]:
    """Options the evidence is about; a missing runtime or platform matches any (needs context)."""
    return tuple(o.id for o in options
                 if (not runtime or runtime == o.runtime) and (not platform or platform == o.platform))


def _counts_for(kind: str, status: Applicability, item: str) -> tuple[str, ...]:
    if status in (Applicability.MISMATCH, Applicability.NEEDS_CONTEXT):
        return ()
    if kind == ILLUSTRATIVE:
        # an illustrative run the decision-makers accepted as a proxy counts as one, labelled, for capacity
        # alone (discounted, judged against the SLO like any run); never for a rung
        return ("capacity",) if status == Applicability.PROXY and item == "run" else ()
    if kind == PREDICTED:
        return ("capacity",) if item == "run" else ()
    if status == Applicability.PROXY:
        return ("capacity", "builds") if item == "run" else ("builds",)
    return ("capacity", "builds", "performs") if item == "run" else ("builds", "correct")


def _kind_note(kind: str, status: Applicability | None = None, item: str = "run") -> list[Message]:
    if kind == ILLUSTRATIVE and status == Applicability.PROXY and item == "run":
        return [msg("fit.illustrative_proxy", "illustrative, reconstructed from published figures: counts for no "
                                              "rung; accepted as a proxy, for capacity only (discounted, labelled "
                                              "proxy)")]
    if kind == ILLUSTRATIVE:
        return [msg("fit.illustrative", "illustrative, reconstructed from published figures: counts for no rung "
                                        "and no capacity")]
    if kind == PREDICTED:
        return [msg("fit.predicted", "predicted by an estimator or simulator: counts for capacity only, after "
                                     "measurements and proxies, never for a rung")]
    return []


def judge_run(ws: Workspace, f: EvidenceFile, fi: int, ri: int, run: BenchmarkRun, platform_id: str,
              label: str) -> EvidenceFit:
    w = effective_workload(ws)
    kind = provenance_kind(f)
    reasons: list[Message] = []
    missing = _missing(run)
    # what the run is known to be is judged even while other facts are missing: a run of a known
    # other model (precision, lengths, dataset) is a mismatch and never asks for context
    bad = _mismatches(w, run.model, run.quantization, run.input_tokens, run.output_tokens, run.dataset)
    proxy = f.proxy_for("run", ri)
    accepted = None if proxy is None else msg(
        "fit.proxy", "proxy accepted: {reason} (throughput x {low} / {likely} / {high})", reason=proxy.reason,
        low=proxy.discount.low, likely=proxy.discount.likely, high=proxy.discount.high)
    lengths = _unknown_lengths(w, run)
    if lengths and not bad and accepted is not None and not missing:
        bad = [msg("fit.tokens_unknown", "token lengths not stated in the file")]  # accepted as a proxy as they are
    elif lengths:
        missing = (*missing, *lengths)
    status = _verdict(missing, bad, accepted, reasons)
    discount = None
    if status == Applicability.PROXY and proxy is not None:
        discount = (proxy.discount.low, proxy.discount.likely, proxy.discount.high)
    if status == Applicability.MATCHES:
        reasons.extend(_notes(w, run))
    reasons.extend(_kind_note(kind, status))
    return EvidenceFit(f.provenance.file_name, fi, ri, "run", label, run.runtime, platform_id, kind, status,
                       tuple(reasons), _options_for(ws.options, run.runtime, platform_id),
                       _counts_for(kind, status, "run"), discount)


def _verdict(missing: Sequence[Message], bad: list[Message], accepted: Message | None, reasons: list[Message]) -> Applicability:
    """One rule for runs and checks: needs context when fields are missing; else a mismatch unless
    the user accepted it as a proxy (``accepted``: the acceptance's reason); else it matches. The
    reasons are appended to ``reasons``. A known mismatch that is not accepted is a mismatch
    whatever else is missing: context would not make it count."""
    if bad and accepted is None:
        reasons.extend(bad)
        return Applicability.MISMATCH
    if missing:
        reasons.append(msg("fit.needs_context", "needs context: {fields} not in the file and not given "
                                                "(set with `deepdecide evidence set` or in the Evidence page)",
                           fields=tuple(missing)))
        return Applicability.NEEDS_CONTEXT
    if bad and accepted is not None:
        reasons.append(accepted)
        reasons.extend(bad)
        return Applicability.PROXY
    return Applicability.MATCHES


def judge_check(ws: Workspace, f: EvidenceFile, fi: int, ci: int, check: ParityCheck,
                platform_id: str) -> EvidenceFit:
    """A parity check judged like a run: needs context without runtime, platform or model;
    a mismatch when it evaluated another model (unless accepted as a proxy, when it counts for
    *builds* only); a reference-only record (a baseline) is about the reference runtime and
    needs no context of its own."""
    kind = provenance_kind(f)
    reasons: list[Message] = []
    missing = [n for n, v in ((_FIELD_RUNTIME, check.runtime), (_FIELD_PLATFORM, check.platform),
                              (_FIELD_MODEL, check.model)) if not v]
    label = ", ".join(x for x in (check.kind.value, check.task, check.metric) if x)
    if check.value is None and check.reference_value is not None:
        # a reference-only record (a baseline): it is about the reference runtime, not an option
        missing = []
    bad = _mismatches(effective_workload(ws), check.model, "", None, None) if check.model else []
    proxy = f.proxy_for("check", ci)
    # an accepted check's discount scales no number: a check counts for builds only
    accepted = None if proxy is None else msg("fit.proxy_check", "proxy accepted: {reason} (counts for builds only)",
                                              reason=proxy.reason)
    status = _verdict(missing, bad, accepted, reasons)
    reasons.extend(_kind_note(kind))
    return EvidenceFit(f.provenance.file_name, fi, ci, "check", label, check.runtime, platform_id, kind, status,
                       tuple(reasons), _options_for(ws.options, check.runtime, platform_id),
                       _counts_for(kind, status, "check"))


def fit_counts(fits: Iterable[EvidenceFit], option_id: str) -> FitCounts:
    n = {a: 0 for a in Applicability}
    checks_ok = checks_other = not_counted = 0
    for f in fits:
        if option_id not in f.options:
            continue
        if f.item == "check":
            if f.applicability == Applicability.MATCHES and f.counts_for:
                checks_ok += 1
            else:
                checks_other += 1
            continue
        n[f.applicability] += 1
        if f.applicability == Applicability.MATCHES and not f.counts_for:
            not_counted += 1
    return FitCounts(n[Applicability.MATCHES], n[Applicability.PROXY], n[Applicability.MISMATCH],
                     n[Applicability.NEEDS_CONTEXT], checks_ok, checks_other, not_counted)


def resolve(matrix: SupportMatrix, name: str, cache: dict[str, str]) -> str:
    if not name:
        return ""
    got = cache.get(name)
    if got is None:
        got = cache[name] = matrix.platform_id(name)
    return got
