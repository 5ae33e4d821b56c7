"""The last step of every import: what a run or check keeps is something a workspace can hold,
and nothing implausible is kept silently.

* a value the file held that the run cannot keep (NaN, an infinity, an overflowing integer or
  unit conversion; ``Source.dropped``) and a derived value that is not finite (a denormal
  ``median_tpot_ms`` of 5e-324 makes 1000 / TPOT infinite) are left empty, with a quality flag
  saying what the file held and where. The one non-finite value a run keeps is an unlimited
  request rate (``request_rate = inf``, "max rate");
* finite but absurd values are refused with the run and field named (a throughput of 1e308
  tokens/s is not a measurement), or, when tiny (a denormal duration of 5e-324 s), left empty
  with a flag;
* percentiles out of order (p99 below p50: a truncated number) and negative values are refused;
* text is valid Unicode: a lone surrogate (``"\\ud800"``) is replaced by U+FFFD and flagged;
  overlong text is cut and flagged;
* every stored string goes through the one redaction pass (:mod:`.secrets`); the findings
  (kind and place, never the secret) go into the import report.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import replace
from typing import Any

from deepdecide.domain.evidence import LATENCY_METRICS, BenchmarkRun, ParityCheck, Provenance, Verdict
from deepdecide.domain.flags import flag, rule
from deepdecide.domain.formatting import localized
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import Message, run_field_words
from deepdecide.importers.base import Source, dropped_flag
from deepdecide.importers.secrets import Finding, scan, scan_path

#: largest value a run keeps for any measurement; above it a number is not a measurement
#: (1e12 tokens/s, 1e12 ms = 31 years, 1e12 requests)
MAX_MEASUREMENT = 1e12
#: smallest positive value kept (below it a number is a denormal or a truncated exponent)
MIN_POSITIVE = 1e-12
#: the shortest first-token and end-to-end latency a served model can show, in ms: below it the file's
#: "*_ms" fields hold seconds (0.068 "ms" for a 68 ms TTFT), and every latency of the run is 1,000x off
MIN_SERVED_LATENCY_MS = 1.0
#: the latencies a unit error empties, and the figure derived from them
_LATENCY_FIELDS = tuple(f"{m}_{s}" for m in LATENCY_METRICS for s in ("mean", "p50", "p90", "p99"))
#: longest text kept in one field (a model name, a label); longer text is cut with a flag
MAX_TEXT = 4096

_SURROGATE = re.compile("[\ud800-\udfff]")
_FLOAT_FIELDS_RUN = tuple(f.name for f in dataclasses.fields(BenchmarkRun)
                          if f.type in ("float | None", "int | None"))
_STR_FIELDS_RUN = tuple(f.name for f in dataclasses.fields(BenchmarkRun) if f.type == "str")
_FLOAT_FIELDS_PARITY = ("value", "reference_value", "delta", "stderr")
_STR_FIELDS_PARITY = tuple(f.name for f in dataclasses.fields(ParityCheck) if f.type == "str")


def clean_text(text: str, place: str | Message, flags: list[Message], findings: list[Finding], *,
               path: bool = False) -> str:
    """Valid Unicode, bounded length, secrets redacted. ``place`` names the text in the flags (a
    message: shown in the interface language) and in the findings (in English). ``path``: the
    text is a file name or path, so the entropy heuristic does not apply (:func:`.secrets.scan_path`)."""
    if not text:
        return text
    if _SURROGATE.search(text):
        codes = sorted({f"U+{ord(c):04X}" for c in _SURROGATE.findall(text)})
        text = _SURROGATE.sub("\ufffd", text)
        flags.append(flag("safety.surrogate", place=place, codes=", ".join(codes[:3])))
    if len(text) > MAX_TEXT:
        flags.append(flag("safety.cut", place=place, n=len(text), max=MAX_TEXT))
        text = text[:MAX_TEXT]
    clean, kinds = scan_path(text) if path else scan(text)
    findings.extend(Finding(k, place) for k in kinds)
    return clean


def clean_message(m: Message, place: str | Message, findings: list[Finding]) -> Message:
    """A flag or note with every text parameter cleaned as :func:`clean_text` cleans text."""
    changed = False
    params = []
    for k, v in m.params:
        if isinstance(v, str):
            clean = clean_text(v, place, [], findings)
            changed = changed or clean != v
            v = clean
        elif isinstance(v, Message):
            clean_m = clean_message(v, place, findings)
            changed = changed or clean_m != v
            v = clean_m
        params.append((k, v))
    return Message(m.id, m.template, tuple(params), m.plural, m.count) if changed else m


def _figure(value: float) -> str:
    """A figure of a refusal as the file held it (six significant digits, "1e+300"), in the interface
    language's decimals ("0,5")."""
    return localized(f"{value:.6g}")


def safe_run(run: BenchmarkRun, index: int, src: Source, dropped: list[Message],
             findings: list[Finding]) -> BenchmarkRun:
    """The run with only values a workspace can hold; raises a located error for an absurd one."""
    place = f"run {index + 1}"  # never the label itself: it may hold the secret
    flags = list(run.quality_flags)
    flags.extend(dropped)
    changes: dict[str, Any] = {}
    for name in _FLOAT_FIELDS_RUN:
        value = getattr(run, name)
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            if name == "request_rate" and value == math.inf:
                continue  # unlimited: "max rate"
            changes[name] = None
            flags.append(flag("safety.derived_not_finite", name=name, value=str(value)))
            continue
        if value < 0:
            raise src.error(_("{name} is {value}: a negative measurement").format(
                name=run_field_words(name), value=_figure(value)), path=place)
        if value > MAX_MEASUREMENT:
            raise src.error(_("{name} is {value}: not a plausible measurement (above {max})").format(
                name=run_field_words(name), value=_figure(value), max=_figure(MAX_MEASUREMENT)), path=place)
        if 0 < value < MIN_POSITIVE:
            changes[name] = None
            flags.append(flag("safety.too_small", name=name, value=float(value), min=MIN_POSITIVE))
    _latency_unit(run, changes, flags)
    for metric in LATENCY_METRICS:
        stats = [(s, changes.get(f"{metric}_{s}", getattr(run, f"{metric}_{s}"))) for s in ("p50", "p90", "p99")]
        stats = [(s, v) for s, v in stats if v is not None]
        for (lo_name, lo), (hi_name, hi) in zip(stats, stats[1:], strict=False):
            if hi < lo * (1 - 1e-9):
                raise src.error(_("{metric} percentiles out of order: {high_name} {high} is below {low_name} {low} (a truncated or misplaced number?)").format(
                    metric=run_field_words(metric), high_name=hi_name, high=_figure(hi), low_name=lo_name, low=_figure(lo)),
                    path=place)
    for name in _STR_FIELDS_RUN:
        value = getattr(run, name)
        clean = clean_text(value, flag("place.run_field", n=index + 1, field=name), flags, findings)
        if clean != value:
            changes[name] = clean
    clean_flags = []
    for f in dict.fromkeys(flags):
        clean_flags.append(clean_message(f, flag("place.run_flag", n=index + 1), findings))
    changes["quality_flags"] = tuple(clean_flags)
    return replace(run, **changes)


def _latency_unit(run: BenchmarkRun, changes: dict[str, Any], flags: list[Message]) -> None:
    """A first-token or end-to-end latency below MIN_SERVED_LATENCY_MS: no served model answers that
    fast (the network and one prefill step take longer), so the file's "*_ms" fields hold seconds,
    or another unit. Which unit cannot be known for sure, and a guess would be 1,000x wrong if it
    were wrong: every latency of the run (and the interactivity derived from them) is left empty,
    with a flag naming the value, so no SLO is ever judged on it; throughputs and counts stay."""
    for metric in ("ttft_ms", "e2e_ms"):
        for stat in ("p50", "mean", "p90", "p99"):
            name = f"{metric}_{stat}"
            value = changes.get(name, getattr(run, name))
            if value is not None and 0 < value < MIN_SERVED_LATENCY_MS:
                for field in (*_LATENCY_FIELDS, "interactivity_tps_per_user"):
                    if getattr(run, field) is not None:
                        changes[field] = None
                flags.append(flag("safety.latency_unit", name=name, value=float(value), min=MIN_SERVED_LATENCY_MS))
                return


def safe_check(check: ParityCheck, index: int, src: Source, findings: list[Finding]) -> ParityCheck:
    place = f"check {index + 1}"
    changes: dict[str, Any] = {}
    notes: list[Message] = []
    for name in _FLOAT_FIELDS_PARITY:
        value = getattr(check, name)
        if value is None:
            continue
        if not math.isfinite(value):
            changes[name] = None
            notes.append(flag("parity.field_not_finite", name=name, value=str(value)))
        elif abs(value) > MAX_MEASUREMENT:
            raise src.error(_("{name} is {value}: not a plausible value (above {max})").format(
                name=run_field_words(name), value=_figure(value), max=_figure(MAX_MEASUREMENT)), path=place)
    tolerance = check.tolerance
    if tolerance is not None:
        clean_tolerance = clean_message(tolerance, flag("place.check_field", n=index + 1, field="tolerance"), findings)
        if clean_tolerance != tolerance:
            tolerance = changes["tolerance"] = clean_tolerance
    if notes:
        changes["verdict"] = Verdict.INCONCLUSIVE if check.verdict != Verdict.FAIL else Verdict.FAIL
        left = flag("parity.not_finite_fields", fields=tuple(notes))
        tolerance = changes["tolerance"] = rule(tolerance, left) if tolerance is not None else left
    flags: list[Message] = []
    for name in _STR_FIELDS_PARITY:
        value = changes.get(name, getattr(check, name))
        clean = clean_text(value, flag("place.check_field", n=index + 1, field=name), flags, findings)
        if clean != value:
            changes[name] = clean
    if flags:
        changes["tolerance"] = rule(*((tolerance,) if tolerance is not None else ()), *flags)
    return replace(check, **changes) if changes else check


def safe_provenance(p: Provenance, findings: list[Finding], flags: list[Message]) -> Provenance:
    changes: dict[str, Any] = {}
    for name in ("file_name", "tool", "tool_version", "label"):
        value = getattr(p, name)
        clean = clean_text(value, flag("place.provenance", field=name), flags, findings, path=name == "file_name")
        if clean != value:
            changes[name] = clean
    return replace(p, **changes) if changes else p


def dropped_flags(src: Source) -> list[Message]:
    """The flags of dropped values no run claimed while it was built (they apply to every run)."""
    return [dropped_flag(entry) for entry in src.dropped if not entry[3]]
