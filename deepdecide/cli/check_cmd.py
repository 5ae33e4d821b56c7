"""``deepdecide check``: is this exact machine on each runtime's official list, and does its stack hold?"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import replace

from deepdecide.cli.common import error, report_error, table
from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE
from deepdecide.domain import formatting
from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.machine import MachineProfile, ReqState, check_machine, parse_version
from deepdecide.domain.matrix import normalise_name
from deepdecide.domain.vocabulary import word

NAME = "check"
HELP = N_("check a machine (GPU and software stack) against the support matrix")
DESCRIPTION = N_("""Check a machine against the support matrix, runtime by runtime.

Answers the checklist's first question: is this exact GPU on the runtime's official list,
and which pinned requirements (OS, CUDA/CANN/ROCm, driver, compiler, Python) are unmet?
A GPU that is not on the official list makes the project experimental, whatever else holds.

Give the machine with flags, or with --nvidia-smi FILE: the XML of `nvidia-smi -q -x`
captured on the target machine (flags given as well override what the file says).

The GPU must be named as the matrix names it (its id, its name, or a name a machine reports, such
as "NVIDIA H100 80GB HBM3"; the maker and the memory size may be left out). A name that only
resembles a platform ("H100 PCIe" beside the matrix's H100 SXM: another card) is reported as not
in the matrix, with the closest platforms named: their support does not carry over. Versions are
digits and dots ("12.8", "570.86.15"); anything else is a usage error.

Exit code: 0 when the check ran; with --runtime, 1 unless every named runtime is officially
listed for this GPU with no pinned requirement known to be unmet.""")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = _(DESCRIPTION)
    parser.add_argument("--gpu", metavar="NAME", help=_('GPU name, e.g. "H100 SXM" or "NVIDIA B200"'))
    parser.add_argument("--nvidia-smi", metavar="FILE", dest="nvidia_smi",
                        help=_("XML from `nvidia-smi -q -x` captured on the target machine"))
    for comp, example in (("cuda", "12.8"), ("cann", "9.2"), ("rocm", "6.4"), ("driver", "570.86.15"),
                          ("gcc", "12.3"), ("python", "3.11")):
        parser.add_argument(f"--{comp}", default="", metavar="V", type=_version_of(example),
                            help=_("{component} version on the machine, e.g. {example}").format(component=comp, example=example))
    parser.add_argument("--os", default="", metavar="V", help=_("{component} version on the machine, e.g. {example}").format(component="os", example="linux"))
    parser.add_argument("--runtime", action="append", default=[], metavar="R", help=_("only this runtime (repeatable)"))
    parser.add_argument("--workspace", metavar="FILE", help=_("use this workspace's matrix instead of the built-in one"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def _version_of(example: str) -> Callable[[str], str]:
    """An argparse type: the text when it is a version number, else a usage error naming the form."""
    def version(text: str) -> str:
        if text and parse_version(text) is None:
            raise argparse.ArgumentTypeError(
                _("{value!r} is not a version: give digits and dots, e.g. {example}").format(value=text, example=example))
        return text

    return version


def run(args: argparse.Namespace) -> int:
    from deepdecide.importers.nvidia_smi import read_nvidia_smi_file
    from deepdecide.storage import files

    if not args.gpu and not args.nvidia_smi:
        error(_("check needs --gpu NAME or --nvidia-smi FILE"))
        return EXIT_USAGE
    try:
        matrix = files.load_workspace(args.workspace).matrix if args.workspace else files.load_builtin_matrix()
        machine = read_nvidia_smi_file(args.nvidia_smi) if args.nvidia_smi else MachineProfile(
            gpu_name=args.gpu, source=N_("command-line flags"))  # English in JSON, shown with _()
    except DeepdecideError as exc:
        report_error(exc)
        return EXIT_INPUT
    overrides = {k: getattr(args, k) for k in ("cuda", "cann", "rocm", "driver", "gcc", "python", "os")
                 if getattr(args, k)}
    if args.gpu:
        overrides["gpu_name"] = args.gpu
    machine = replace(machine, **overrides)

    runtime_ids = []
    for w in args.runtime:
        key = normalise_name(w)
        r = next((r for r in matrix.runtimes if normalise_name(r.id) == key or normalise_name(r.name) == key), None)
        if r is None:
            error(_("unknown runtime {name!r}; known: {known}").format(name=w,
                                                                      known=", ".join(r.id for r in matrix.runtimes)))
            return EXIT_USAGE
        runtime_ids.append(r.id)
    result = check_machine(matrix, machine, tuple(runtime_ids))

    if args.json:
        print(json.dumps({
            "machine": {k: getattr(machine, k) for k in ("gpu_name", "gpu_count", "os", "cuda", "cann", "rocm",
                                                         "driver", "gcc", "python", "source")},
            "platform": result.platform.id if result.platform else None,
            "closest": [p.id for p in result.closest],
            "runtimes": [{
                "runtime": rc.runtime.id, "status": rc.status.value, "verdict": rc.verdict.value,
                "ready": rc.ready, "reason": rc.reason,
                "requirements": [{"component": q.requirement.component.value, "spec": q.requirement.spec,
                                  "machine": q.machine_value, "state": q.state.value, "reason": q.reason}
                                 for q in rc.requirements],
                "sources": [{"title": s.title, "url_or_path": s.url_or_path, "as_of": s.as_of}
                            for s in (rc.entry.sources if rc.entry else ())],
            } for rc in result.runtimes],
        }, indent=2, ensure_ascii=False))
    else:
        m = machine
        count = f" x{m.gpu_count}" if m.gpu_count else ""
        plat = (f"{result.platform.id} ({result.platform.name}, {result.platform.architecture})"
                if result.platform else _("not in the matrix"))
        print(_("Machine: {gpu}{count} -> {platform}").format(gpu=m.gpu_name, count=count, platform=plat))
        if result.platform is None and result.closest:
            near = ", ".join(f"{p.id} ({p.vendor} {p.name}, {p.architecture})" for p in result.closest)
            print(ngettext("Closest: {platforms}: another GPU, whose support does not carry over to {gpu}; if "
                           "the machine has it, name it exactly",
                           "Closest: {platforms}: other GPUs, whose support does not carry over to {gpu}; if the "
                           "machine has one of them, name it exactly", len(result.closest)).format(
                platforms=near, gpu=m.gpu_name))
        stack = ", ".join(f"{k} {getattr(m, k)}" for k in ("os", "driver", "cuda", "cann", "rocm", "gcc", "python")
                          if getattr(m, k))
        print(_("Stack:   {stack}   [{source}]").format(
            stack=stack or _("not given (requirements cannot be checked)"), source=_(m.source)))
        for note in m.notes:
            print(_("Note:    {note}").format(note=note))
        print()
        marks = {ReqState.MET: _("ok"), ReqState.UNMET: _("UNMET"), ReqState.UNKNOWN: "?"}
        rows = []
        for rc in result.runtimes:
            verdict = {"listed": _("officially listed"), "experimental": _("NOT listed -> experimental"),
                       "unsupported": _("unsupported")}[rc.verdict.value]
            reqs = "; ".join(f"{q.requirement.component.value} {q.requirement.spec}: {marks[q.state]}"
                             + (_(" (has {value})").format(value=q.machine_value) if q.state == ReqState.UNMET else "")
                             for q in rc.requirements)
            src = rc.entry.sources[0] if rc.entry and rc.entry.sources else None
            where = _(" [source: {title}, as of {date}]").format(title=formatting.quoted(
                src.title or src.url_or_path), date=formatting.source_date(src.as_of)) if src else ""
            rows.append([rc.runtime.name, word(rc.status), verdict, (reqs or _("no pinned requirements")) + where])
        print(table([_("runtime"), _("status"), _("verdict"), _("requirements and source")], rows))
        unknown = any(q.state == ReqState.UNKNOWN for rc in result.runtimes for q in rc.requirements)
        if unknown:
            print(_("\n? = not given on the command line or in the capture; pass --cuda/--driver/--gcc/--python/--os to check it"))
    if runtime_ids:
        return EXIT_OK if all(rc.ready for rc in result.runtimes) else EXIT_PROBLEM
    return EXIT_OK
