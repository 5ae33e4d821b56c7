"""``deepdecide inspect FILE... [--json]``: what each evidence file was recognised as, and its
normalized rows. With ``--json``: one JSON object per row (JSON Lines), keyed by exactly the
normalized names of DESIGN.md ("Normalized evidence"); an environment capture is one object
``{"environment_capture": {...}}`` (its stored fields). Nothing is stored."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from typing import TYPE_CHECKING, Any

from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_USAGE
from deepdecide.domain.environment import summary
from deepdecide.domain.i18n import N_, _, ngettext

if TYPE_CHECKING:  # the importers (numpy, every format) load when a file is imported, not at start-up
    from deepdecide.importers.base import ImportContext
    from deepdecide.importers.result import ImportResult

from deepdecide.cli.common import safe, say, shown, shown_path
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError, EvidenceImportError
from deepdecide.domain.evidence import CI_FIELDS, BenchmarkRun, ParityCheck, run_interval
from deepdecide.domain.flags import english
from deepdecide.domain.messages import run_field_words
from deepdecide.domain.vocabulary import file_tool

NAME = "inspect"
HELP = N_("show what evidence files are recognised as, and their normalized rows")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from deepdecide.cli.evidence_args import add_context_arguments

    parser.add_argument("files", nargs="+", metavar="FILE", help=_("benchmark or parity result files"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per row, normalized names"))
    add_context_arguments(parser)


def row_data(record: BenchmarkRun | ParityCheck) -> dict[str, Any]:
    """A record as plain JSON data keyed by its normalized field names."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        if f.name == "quality_flags":
            value = [english(m) for m in value]  # English whatever the language: JSON output is stable
        elif f.name == "tolerance":
            value = english(value) if value is not None else ""  # the rule's English text, as before
        elif isinstance(value, tuple):
            value = list(value)
        elif hasattr(value, "value") and isinstance(value, str):
            value = str(value)
        elif isinstance(value, float) and not math.isfinite(value):
            value = "inf" if value == math.inf else None  # an unlimited request rate: "max rate"
        out[f.name] = value
    if isinstance(record, BenchmarkRun) and record.max_rate and record.request_rate is None:
        out["request_rate"] = "inf"  # offered as fast as possible: never null, never a non-finite float
    return out


def load_references(paths: list[str], context: ImportContext) -> list[ImportResult]:
    from deepdecide.importers.registry import import_file

    return [import_file(path, context) for path in paths]


def judged(result: ImportResult, references: list[ImportResult]) -> ImportResult:
    """The result's parity checks judged against the reference files' checks (same model only)."""
    if not references or not result.evidence.parity:
        return result
    from deepdecide.importers.parity_rules import judge_against

    parity = result.evidence.parity
    for ref in references:
        parity = tuple(judge_against(parity, ref.evidence.parity, candidate_model=result.model,
                                     reference_model=ref.model))
    return dataclasses.replace(result, evidence=dataclasses.replace(result.evidence, parity=parity))


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if value == math.inf:
        return "max rate"
    if isinstance(value, float):
        return f"{value:.4g}"
    return safe(value)


def print_result(path: str, result: ImportResult) -> None:
    p = result.evidence.provenance
    say(f"{shown_path(path)}: {_(result.format)} [{result.tool}]")
    say(_('  tool and version: {value}; {size_bytes} bytes; sha256 {sha256}').format(value=file_tool(result.tool, p.tool_version) or '-', size_bytes=p.size_bytes, sha256=p.sha256))
    ev = result.evidence
    say(_('  {runs}, {checks}').format(runs=ngettext("{n} run", "{n} runs", len(ev.runs)).format(n=formatting.integer(len(ev.runs))),
                                      checks=ngettext("{n} parity check", "{n} parity checks", len(ev.parity)).format(
                n=formatting.integer(len(ev.parity))))
          + (_('; missing context: {value}').format(value=', '.join(map(run_field_words, result.missing_context))) if result.missing_context else ""))
    if result.model:
        say(_('  model: {model}').format(model=shown(result.model)))
    if ev.environment is not None:

        say(_('  environment capture: {summary}').format(summary=shown(str(summary(ev.environment)))))
        for part in ev.environment.parts:
            say(_('    {role}: {name}, {size} bytes, sha256 {sha256}').format(
                role=part.role.value, name=shown(part.file_name), size=part.size_bytes, sha256=part.sha256))
    for joined in ev.provenance.joined:
        say(_('  joined: {name}, {size} bytes, sha256 {sha256}: {part}').format(
            name=shown(joined.file_name), size=joined.size_bytes, sha256=joined.sha256, part=joined.part))
    for note in result.notes:
        say(_('  note: {note}').format(note=note))
    for finding in result.redactions:
        say(_('  redacted: {finding}').format(finding=finding))
    if result.suggestions:
        opts = " ".join(f"--{'gpus' if k == 'gpu_count' else k} {v}" for k, v in result.suggestions)
        say(_('  the file name suggests: {opts} (not applied)').format(opts=opts))
    for i, r in enumerate(ev.runs, start=1):
        say(_('  run {i}: {value}').format(i=i, value=r.label or '-'))
        rate = formatting.rate(math.inf) if r.max_rate else _fmt(r.request_rate)
        say(_('    runtime {value} {runtime_version}  platform {value2} x {gpu_count}  concurrency {concurrency}  rate {rate}').format(value=r.runtime or '?', runtime_version=r.runtime_version, value2=r.platform or '?', gpu_count=_fmt(r.gpu_count), concurrency=_fmt(r.concurrency), rate=rate))
        say(_('    model {value}  precision {value2}  tokens in / out {value3} / {value4} per request').format(value=r.model or '? (not in the file)', value2=r.quantization or '?', value3=formatting.integer(r.input_tokens) if r.input_tokens is not None else '?', value4=formatting.integer(r.output_tokens) if r.output_tokens is not None else '?')
            + (_('  dataset {dataset}').format(dataset=r.dataset) if r.dataset else ""))
        say(_('    requests {completed} ok / {failed} failed in {duration_s} s; {request_throughput_rps} req/s; output {output_throughput_tps} tok/s ({output_tps_per_gpu} per GPU); total {total_throughput_tps} tok/s').format(completed=_fmt(r.completed), failed=_fmt(r.failed), duration_s=_fmt(r.duration_s), request_throughput_rps=_fmt(r.request_throughput_rps), output_throughput_tps=_fmt(r.output_throughput_tps), output_tps_per_gpu=_fmt(r.output_tps_per_gpu), total_throughput_tps=_fmt(r.total_throughput_tps)))
        for metric in ("ttft_ms", "tpot_ms", "itl_ms", "e2e_ms", "e2e_per_token_ms"):
            stats = [getattr(r, f"{metric}_{s}") for s in ("mean", "p50", "p90", "p99")]
            if any(v is not None for v in stats):
                say(_('    {metric:<17} mean {value}  p50 {value2}  p90 {value3}  p99 {value4}').format(metric=metric, value=_fmt(stats[0]), value2=_fmt(stats[1]), value3=_fmt(stats[2]), value4=_fmt(stats[3])))
        if r.interactivity_tps_per_user is not None:
            say(_('    interactivity {interactivity_tps_per_user} tok/s per user').format(interactivity_tps_per_user=_fmt(r.interactivity_tps_per_user)))
        intervals = [iv for iv in (run_interval(r, name) for name in CI_FIELDS) if iv is not None]
        if intervals:
            say(ngettext('    intervals ({level}, {runs} run): {intervals}', '    intervals ({level}, {runs} runs): {intervals}',
                         int(r.ci_runs or 2)).format(
                level=f"{r.ci_level * 100:g} %" if r.ci_level is not None else _("level not stated"),
                runs=_fmt(r.ci_runs) if r.ci_runs is not None else "?",
                intervals="; ".join(f"{iv.name} {_fmt(iv.low)} - {_fmt(iv.high)}" for iv in intervals)))
        if r.slo_attainment is not None:
            say(_("    goodput {goodput} req/s; {share} % of requests met the file's own objectives").format(
                goodput=_fmt(r.goodput_rps), share=_fmt(r.slo_attainment * 100)))
        for flag in r.quality_flags:  # in the current language
            say(f"    - {flag}")
    for c in ev.parity:
        say(_('  {kind} {task} {metric}: value {value} reference {reference_value} n {n} stderr {stderr} -> {verdict}').format(kind=c.kind, task=c.task, metric=c.metric, value=_fmt(c.value), reference_value=_fmt(c.reference_value), n=_fmt(c.n), stderr=_fmt(c.stderr), verdict=c.verdict))
        if c.rule is not None:
            say(_('    rule: {tolerance}').format(tolerance=c.rule))


def run(args: argparse.Namespace) -> int:
    from deepdecide.cli.evidence_args import context_from
    from deepdecide.importers.registry import import_file

    try:
        context = context_from(args)
    except ValueError as exc:
        print(_('deepdecide inspect: {exc}').format(exc=exc), file=sys.stderr)
        return EXIT_USAGE
    try:
        references = load_references(args.reference, context)
    except EvidenceImportError as exc:
        say(_('reference: {message}').format(message=shown(exc.message)), file=sys.stderr)
        return EXIT_INPUT
    from deepdecide.importers.joins import (  # deferred: the importers load only when the command runs (--help stays light)
        aisbench_pairs,
        join_aisbench,
    )

    status = EXIT_OK
    to_join = dict(aisbench_pairs(args.files))  # an AISBench run's CSV and JSON given together: one file
    for path in args.files:
        if path in to_join.values():
            continue  # shown with its CSV, joined
        try:
            result = judged(join_aisbench(path, to_join[path], context) if path in to_join
                            else import_file(path, context), references)
        except DeepdecideError as exc:
            say(shown(getattr(exc, "message", str(exc))), file=sys.stderr)
            status = EXIT_INPUT
            continue
        if args.json:
            # ASCII escapes: valid JSON whatever the terminal's encoding, and no raw control
            # characters (json escapes those too)
            records: tuple[BenchmarkRun | ParityCheck, ...] = (*result.evidence.runs, *result.evidence.parity)
            for record in records:
                print(json.dumps(row_data(record), ensure_ascii=True, allow_nan=False))
            if result.evidence.environment is not None:  # one object: {"environment_capture": {...}}
                from deepdecide.storage import codec

                capture = codec.to_data(result.evidence.environment, omit_defaults=False)
                print(json.dumps({"environment_capture": capture}, ensure_ascii=True, allow_nan=False))
            if result.evidence.provenance.joined:  # one object: {"joined_files": [{file_name, ...}, ...]}
                from deepdecide.storage import codec

                joined = [codec.to_data(j, omit_defaults=False) for j in result.evidence.provenance.joined]
                print(json.dumps({"joined_files": joined}, ensure_ascii=True, allow_nan=False))
        else:
            print_result(path, result)
    return status
