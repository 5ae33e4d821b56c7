"""Arguments shared by ``deepdecide inspect`` and ``deepdecide import``: the context a file may
not hold, a generic CSV's column mapping, and a parity reference."""

from __future__ import annotations

import argparse

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.i18n import _
from deepdecide.importers.base import ImportContext

#: ``--kind`` spellings (the CLI writes third-party with a hyphen)
KINDS = {k.value.replace("_", "-"): k for k in ProvenanceKind}


def add_context_arguments(parser: argparse.ArgumentParser) -> None:
    from deepdecide.cli.common import (
        whole_arg,  # deferred: cli.common imports this module's callers: kept out of the argument table's import
    )

    g = parser.add_argument_group(_("context the files may not hold (used only where a file is silent)"))
    g.add_argument("--runtime", default="", help=_("serving engine, e.g. vllm, sglang, trtllm, deepinfer"))
    g.add_argument("--runtime-version", default="", help=_("engine version"))
    g.add_argument("--platform", default="", help=_("accelerator / platform id, e.g. h100-sxm, b200"))
    g.add_argument("--gpus", type=whole_arg, default=None, metavar="N", help=_("GPUs serving the run"))
    g.add_argument("--model", default="", help=_("model served"))
    g.add_argument("--quantization", default="", help=_("weights / activations precision, e.g. fp8, fp4"))
    g.add_argument("--label", default="", help=_("free text saying what the evidence is (e.g. its published source)"))
    g.add_argument("--kind", choices=list(KINDS), default=None,
                   help=_("who made the files: own (measured by you), third-party (a published or shared "
                        "result), illustrative (reconstructed from published figures), predicted (an "
                        "estimator's or simulator's output; AIConfigurator, vidur and BLIS files always are). "
                        "`import` requires it when a file does not say it: it is never assumed"))
    g.add_argument("--map", action="append", default=[], metavar="FIELD=COLUMN",
                   help=_("generic CSV: read normalized FIELD from COLUMN (repeat; e.g. ttft_ms_p99='TTFT p99')"))
    g.add_argument("--unit", action="append", default=[], metavar="FIELD=UNIT",
                   help=_("generic CSV: unit of a latency column when not ms (s, ms, us, ns)"))
    g.add_argument("--per-request", action="store_true",
                   help=_("generic CSV: one row per request (map ttft_ms, tpot_ms, itl_ms, e2e_ms, input_tokens, "
                        "output_tokens); the rows are reduced to one run"))
    parser.add_argument("--reference", action="append", default=[], metavar="FILE",
                        help=_("judge parity results against this reference (another run's results, or a CI baseline)"))


def _pairs(items: list[str], option: str) -> tuple[tuple[str, str], ...]:
    out = []
    for item in items:
        if "=" not in item:
            raise ValueError(f"{option} expects FIELD=VALUE, got {item!r}")
        key, value = item.split("=", 1)
        out.append((key.strip(), value.strip()))
    return tuple(out)


def context_from(args: argparse.Namespace) -> ImportContext:
    """Build the import context; ValueError for a malformed option (a usage error)."""
    if args.gpus is not None and args.gpus < 1:
        raise ValueError("--gpus must be at least 1")
    return ImportContext(
        runtime=args.runtime, runtime_version=args.runtime_version, platform=args.platform, gpu_count=args.gpus,
        model=args.model, quantization=args.quantization, label=args.label,
        kind=KINDS[args.kind] if getattr(args, "kind", None) else None,
        csv_mapping=_pairs(args.map, "--map"), csv_units=_pairs(args.unit, "--unit"),
        csv_per_request=args.per_request)
