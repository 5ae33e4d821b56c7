"""``deepdecide evidence list|set|workload``: the evidence files of a workspace, how each run fits
the decision's workload, and the context and workload the user states after import.

    deepdecide evidence list WS                        # every file and run: matches / proxy / mismatch / needs context
    deepdecide evidence set WS FILE --platform H100 --gpus 1 --runtime vllm
    deepdecide evidence set WS FILE --proxy "same architecture, smaller" --discount 0.3/0.5/0.7
    deepdecide evidence set WS FILE --no-proxy
    deepdecide evidence set WS FILE --run 2 --proxy "same architecture, 8K traffic" --discount 0.4/0.6/0.8
    deepdecide evidence set WS FILE --check 1 --proxy "same checkpoint family" ; --check 1 --no-proxy
    deepdecide evidence set WS FILE --input-tokens 8192 --output-tokens 1024 --quantization fp8
    deepdecide evidence set WS FILE --map tpot_ms_p99=tpot_ms_mean*1.3 --map-reason "p99 within 30 % of the mean here"
    deepdecide evidence set WS FILE --no-map tpot_ms_p99
    deepdecide evidence workload WS --model DeepSeek-V4.1-Flash --alias deepseek-ai/DeepSeek-V4.1-Flash \\
        --precision fp4 --precision fp8 --input 6144-10240 --output 768-1280

FILE is the evidence file's name as imported, or its number in ``evidence list`` (from 1);
``--run N`` / ``--check N`` (from 1, as ``evidence list`` numbers them) make ``--proxy`` and
``--no-proxy`` apply to that one run or parity check instead of the whole file.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from deepdecide.cli.common import (
    error,
    figure_arg,
    hold_workspace,
    keep_judgements,
    one_line,
    output_refused,
    report_error,
    typed,
    whole_arg,
)
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain.common import Estimate
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.evidence import ProvenanceKind, StatMapping
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.messages import join, name_of, names_of, naming, render_all
from deepdecide.domain.vocabulary import file_tool, word
from deepdecide.domain.workload import ProxyAcceptance, TokenRange, parse_discount, parse_token_range

if TYPE_CHECKING:
    from deepdecide.analysis.assessment import EvidenceFit
    from deepdecide.domain.workspace import Workspace

NAME = "evidence"
HELP = N_("list a workspace's evidence against its workload; set a file's context, accept a proxy, state the workload")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    ls = sub.add_parser("list", help=_("every evidence file and run, and how it fits the workload"))
    ls.add_argument("workspace", metavar="WORKSPACE")
    st = sub.add_parser("set", help=_("set a file's context (runtime, platform, GPUs, model, precision, token lengths), "
                                      "a stated mapping of a statistic, or proxy acceptance"))
    st.add_argument("workspace", metavar="WORKSPACE")
    st.add_argument("file", metavar="FILE", help=_("the evidence file's name, or its number in `evidence list`"))
    st.add_argument("--runtime", default="", help=_("serving engine, e.g. vllm, sglang, trtllm, deepinfer"))
    st.add_argument("--platform", default="", help=_("accelerator / platform, e.g. H100, nv-h100, B200"))
    st.add_argument("--gpus", type=whole_arg, default=None, metavar="N", help=_("GPUs serving the run"))
    st.add_argument("--model", default="", help=_("model served (replaces what the file said)"))
    st.add_argument("--quantization", default="", help=_("weights / activations precision, e.g. fp8, fp4"))
    st.add_argument("--input-tokens", type=figure_arg, default=None, metavar="N",
                    help=_("mean input tokens per request of the file's runs (where the file does not say)"))
    st.add_argument("--output-tokens", type=figure_arg, default=None, metavar="N",
                    help=_("mean output tokens per request of the file's runs (where the file does not say)"))
    st.add_argument("--map", action="append", default=None, metavar="TARGET=SOURCE*FACTOR",
                    help=_("read a latency statistic the file lacks from one it holds, for the SLO check, e.g. "
                           "tpot_ms_p99=tpot_ms_mean*1.3 (with --map-reason; repeat for several)"))
    st.add_argument("--map-reason", default=None, metavar="REASON", help=_("why the mapping holds (required with --map)"))
    st.add_argument("--no-map", action="append", default=None, metavar="TARGET",
                    help=_("withdraw the stated mapping for TARGET, e.g. tpot_ms_p99"))
    st.add_argument("--label", default=None, help=_("what the evidence is (free text)"))
    st.add_argument("--kind", choices=("own", "third-party", "illustrative", "predicted"), default=None,
                    help=_("who made the file: own measurement, third-party result, illustrative, predicted"))
    st.add_argument("--proxy", default=None, metavar="REASON",
                    help=_("accept the file's runs as a proxy for the workload, with the reason"))
    st.add_argument("--discount", default=None, metavar="LOW/LIKELY/HIGH",
                    help=_("throughput factor of a proxy, in the interface language's figures "
                           "(default 0.5/0.7/0.9; 0,5/0,7/0,9 in Spanish)"))
    st.add_argument("--no-proxy", action="store_true", help=_("withdraw the proxy acceptance"))
    one = st.add_mutually_exclusive_group()
    one.add_argument("--run", type=whole_arg, default=None, metavar="N",
                     help=_("--proxy / --no-proxy for run N of the file only (numbered from 1 in `evidence list`)"))
    one.add_argument("--check", type=whole_arg, default=None, metavar="N",
                     help=_("--proxy / --no-proxy for parity check N of the file only (from 1)"))
    wl = sub.add_parser("workload", help=_("state the decision's workload (model, aliases, precision, token lengths)"))
    wl.add_argument("workspace", metavar="WORKSPACE")
    wl.add_argument("--model", default=None, help=_("the model the decision serves"))
    wl.add_argument("--alias", action="append", default=None, metavar="NAME",
                    help=_("another name of the same model (repeat); replaces the aliases"))
    wl.add_argument("--precision", action="append", default=None, metavar="FORMAT",
                    help=_("a precision the decision serves, e.g. fp4 (repeat); replaces the list"))
    wl.add_argument("--input", default=None, metavar="LOW-HIGH", help=_("input tokens per request in the interface language's figures, e.g. 6144-10240 "
                           "(6.144-10.240 in Spanish) or 6144..10240"))
    wl.add_argument("--output", default=None, metavar="LOW-HIGH", help=_("output tokens per request, e.g. 768-1280 (768-1.280 in Spanish)"))
    wl.add_argument("--dataset", default=None, help=_("dataset or traffic class"))


def _estimate(text: str | None) -> Estimate:
    """``--discount`` read in the interface language ("0,5/0,7/0,9" in Spanish); the default 0.5/0.7/0.9."""
    if text is None:
        return Estimate(0.5, 0.7, 0.9)
    try:
        return parse_discount(text)
    except ValueError as exc:
        raise ValueError(_('--discount: {reason}').format(reason=exc)) from None


def _range(text: str, option: str) -> TokenRange:
    """``--input`` / ``--output`` read in the interface language: "6.144-10.240" in Spanish is 6144 to
    10240 tokens; a figure the language would not write is refused, never guessed."""

    try:
        found = parse_token_range(text)
    except ValueError as exc:
        raise ValueError(_('{option}: {reason}').format(option=option, reason=exc)) from None
    if found is None:
        raise ValueError(_('{option} expects LOW-HIGH tokens, got {text!r}').format(option=option, text=text))
    return found


def parse_mapping(text: str, reason: str) -> StatMapping:
    """``tpot_ms_p99=tpot_ms_mean*1.3`` -> a mapping with ``reason``; ValueError naming the form."""
    target, sep, rest = text.partition("=")
    source, star, factor = rest.partition("*")
    from deepdecide.domain.formatting import (
        read_figure,  # deferred: formatting loads Babel: only when the command runs
    )

    try:  # the factor as the interface language writes it: "1,3" in Spanish
        value = read_figure(factor) if star else 1.0
    except ValueError:
        value = math.nan
    if not sep or not target.strip() or not source.strip() or value != value:
        raise ValueError(_('--map expects TARGET=SOURCE*FACTOR, e.g. tpot_ms_p99=tpot_ms_mean*1.3, got {text!r}')
                         .format(text=text))
    return StatMapping(target.strip(), source.strip(), value, reason)


def find_file(ws: Workspace, key: str) -> int:
    """The index of the evidence file named ``key`` (or numbered, from 1); ValueError if none or several."""
    files = ws.evidence.files
    if key.isdigit() and 1 <= int(key) <= len(files):
        return int(key) - 1
    hits = [i for i, f in enumerate(files) if f.provenance.file_name == key]
    if not hits:
        names = ", ".join(f.provenance.file_name for f in files) or "none"
        raise ValueError(_('no evidence file {key!r} in the workspace (files: {names})').format(key=key, names=names))
    if len(hits) > 1:
        raise ValueError(_('{n} evidence files are named {key!r}: give its number from `evidence list`').format(n=len(hits), key=key))
    return hits[0]


def _list(ws: Workspace, only: int | None = None) -> str:
    """The files with how each run and check fits the workload; platforms, runtimes and parity kinds
    named, not as ids."""

    with naming(names_of(ws)):
        return _listed(ws, only)


def _listed(ws: Workspace, only: int | None = None) -> str:
    from deepdecide.analysis import evaluate
    from deepdecide.domain import formatting

    a = evaluate(ws, sensitivity=False)
    lines = [f"{ws.name}", _("Evidence judged against the {workload}").format(workload=a.workload) if a.workload else ""]
    for i, f in enumerate(ws.evidence.files, 1):
        if only is not None and i - 1 != only:
            continue
        fits = [x for x in a.evidence_fit if x.file_index == i - 1]
        p = f.provenance
        proxy = _(" — proxy accepted: {reason}").format(reason=f.proxy.reason) if f.proxy else ""
        kind = fits[0].kind.replace("_", "-") if fits else "own"
        lines.append(f"{i}. {one_line(p.file_name)} ({file_tool(p.tool, p.tool_version)}, {word(kind, 'kind of evidence')}){proxy}")
        for m in f.mappings:
            lines.append("   " + _("stated mapping for the SLO check: {target} ≈ {source} × {factor} ({reason})").format(
                target=m.target, source=m.source, factor=formatting.localized(f"{m.factor:g}"), reason=m.reason))
        for x in fits:
            who = _("{runtime} on {platform}").format(runtime=name_of("runtime", x.runtime) or "?",
                                                      platform=name_of("platform", x.platform) or "?")
            own = f.own_proxy(x.item, x.index)
            mark = (_(" (proxy accepted for this {item}: {reason})").format(item=word(x.item, "evidence item"), reason=own.reason)
                    if own is not None else "")
            line = (_("{item} {n}: {label} [{who}]: {fit}{mark}, counts for {counts}") if x.counts_for else
                    _("{item} {n}: {label} [{who}]: {fit}{mark}, counts for nothing")).format(
                item=word(x.item, "evidence item"), n=x.index + 1, label=x.label, who=who, fit=word(x.applicability),
                mark=mark,
                counts=", ".join(word(c, "evidence rung") for c in x.counts_for))
            lines.append("   " + line + (f" — {join(x.reasons)}" if x.reasons else ""))
    if not ws.evidence.files:
        lines.append(_("no evidence files"))
    if only is None:
        lines.append(f"{formatting.count(len(ws.evidence.files), 'evidence file')}")
    return "\n".join(x for x in lines if x)


def fit_summary(ws: Workspace, indexes: Iterable[int]) -> list[str]:
    """One line per imported file: how its runs and checks fit the workload, with the reasons."""
    from deepdecide.analysis import evaluate
    from deepdecide.domain import formatting

    a = evaluate(ws, sensitivity=False)
    of_file: dict[int, list[EvidenceFit]] = {}  # each file's lines, gathered once (not a pass over all per file)
    for x in a.evidence_fit:
        of_file.setdefault(x.file_index, []).append(x)
    out = []
    for i in indexes:
        fits = of_file.get(i, [])
        if not fits:
            continue
        by: dict[str, list[EvidenceFit]] = {}
        for x in fits:
            by.setdefault(x.applicability.value, []).append(x)
        parts = []
        for status, xs in by.items():
            reasons = list(dict.fromkeys(r for x in xs for r in render_all(x.reasons)))
            counted = list(dict.fromkeys(c for x in xs for c in x.counts_for))
            # the status first, so that no language has to make it agree with the count ("NO ENCAJA: 95 elementos")
            n = len(xs)
            parts.append((ngettext("{status}: {items} (counts for {counts})", "{status}: {items} (count for {counts})", n)
                          if counted else
                          ngettext("{status}: {items} (counts for nothing)", "{status}: {items} (count for nothing)",
                                   n)).format(
                items=formatting.count(len(xs), "item"), status=word(status, "applicability").upper(),
                counts=", ".join(word(c, "evidence rung") for c in counted))
                         + (f": {'; '.join(reasons)}" if reasons else ""))
        out.append(f"{one_line(fits[0].file)}: {' | '.join(parts)}")
    return out


def run(args: argparse.Namespace) -> int:
    from deepdecide.domain import edits
    from deepdecide.storage.files import load_workspace, save_workspace

    if args.action != "list" and output_refused(args.workspace):
        return EXIT_USAGE
    if args.action != "list":
        hold_workspace(args.workspace)  # one writer at a time: held until the command ends
        keep_judgements(args.workspace)
    try:
        ws = load_workspace(args.workspace)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    if args.action == "list":
        print(_list(ws))
        return EXIT_OK
    try:
        if args.action == "set":
            # typed text is stored as the redaction pass of imported text leaves it (reported on stderr)
            if args.label is not None:
                args.label = typed(args.label, N_("the label"))
            if args.model:
                args.model = typed(args.model, N_("the model"))
            if args.proxy is not None:
                args.proxy = typed(args.proxy, N_("the proxy reason"))
            index = find_file(ws, args.file)
            proxy: ProxyAcceptance | None | bool = False
            if args.proxy is not None and args.no_proxy:
                raise ValueError(_('give --proxy or --no-proxy, not both'))
            if args.proxy is not None:
                if not args.proxy.strip():
                    raise ValueError(_('--proxy needs a reason'))
                proxy = ProxyAcceptance(args.proxy.strip(), _estimate(args.discount))
            elif args.no_proxy:
                proxy = None
            item = "run" if args.run is not None else "check" if args.check is not None else ""
            if item and proxy is False:
                raise ValueError(_('--{item} N needs --proxy REASON or --no-proxy (context is set for the whole file)').format(item=item))
            if args.map and not (args.map_reason or "").strip():
                raise ValueError(_('--map needs --map-reason REASON (why the mapping holds)'))
            mappings = [parse_mapping(m, typed(args.map_reason.strip(), N_("the mapping reason")))
                        for m in args.map or ()]
            new = edits.with_context(ws.evidence.files[index], runtime=args.runtime, platform=args.platform,
                                     gpu_count=args.gpus, model=args.model, quantization=args.quantization,
                                     label=args.label, proxy=False if item else proxy,
                                     input_tokens=args.input_tokens, output_tokens=args.output_tokens)
            if mappings or args.no_map:
                new = edits.with_mappings(new, mappings, args.no_map or ())
            if item:
                number = args.run if item == "run" else args.check
                acceptance = proxy if isinstance(proxy, ProxyAcceptance) else None
                new = edits.with_item_proxy(new, item, number - 1, acceptance)
            if args.kind is not None:

                new = replace(new, provenance=replace(new.provenance, kind=ProvenanceKind(args.kind.replace("-", "_"))))
            edit: edits.Edit = edits.SetEvidenceFile(index, new)
        else:
            w = ws.workload
            changes: dict[str, Any] = {}
            if args.model is not None:
                changes["model"] = args.model.strip()
            if args.alias is not None:
                changes["aliases"] = tuple(a.strip() for a in args.alias if a.strip())
            if args.precision is not None:
                changes["precisions"] = tuple(p.strip() for p in args.precision if p.strip())
            if args.input is not None:
                changes["input_tokens"] = _range(args.input, "--input")
            if args.output is not None:
                changes["output_tokens"] = _range(args.output, "--output")
            if args.dataset is not None:
                changes["dataset"] = args.dataset.strip()
            edit = edits.SetWorkload(replace(w, **changes))
        new_ws, _applied = edits.apply(ws, edit)
    except (ValueError, edits.EditError) as exc:
        error(str(exc))
        return EXIT_USAGE
    try:
        save_workspace(new_ws, args.workspace)
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_PROBLEM
    print(_('{workspace}: {value} saved').format(workspace=args.workspace, value=edits.describe(edit)))
    if isinstance(edit, edits.SetEvidenceFile):
        print(_list(new_ws, edit.index))
    return EXIT_OK
