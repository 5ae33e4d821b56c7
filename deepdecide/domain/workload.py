"""The decision's workload: which model, at which precision, with which request shape.

Evidence counts for the decision only where it was measured on this workload (or on a proxy the
user accepted, with a reason and a discount): a run of another model, another precision or other
token lengths says little about the capacity of this one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from deepdecide.domain.common import Estimate, tuple_field
from deepdecide.domain.formatting import localized, read_estimate, read_range
from deepdecide.domain.i18n import _


@dataclass(frozen=True, slots=True)
class TokenRange:
    """Mean tokens per request that still count as the decision's workload (inclusive)."""

    low: float
    high: float

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True, slots=True)
class Workload:
    """What the decision serves. ``aliases`` are other names the user declares to be the same
    model (a checkpoint path, a hub id); nothing else counts as the same model.
    ``precisions`` are the weight / activation formats the decision would serve (``fp4``, ``fp8``);
    a run's quantization matches when its leading format is one of them (``fp4-w4a16`` is ``fp4``).
    """

    model: str = ""
    aliases: tuple[str, ...] = tuple_field()
    precisions: tuple[str, ...] = tuple_field()
    input_tokens: TokenRange | None = None
    output_tokens: TokenRange | None = None
    dataset: str = ""  # optional: dataset or traffic class (e.g. "random", "chat", "RAG")
    notes: str = ""

    @property
    def stated(self) -> bool:
        return bool(self.model)

    def names(self) -> tuple[str, ...]:
        return (self.model, *self.aliases) if self.model else self.aliases


@dataclass(frozen=True, slots=True)
class ProxyAcceptance:
    """The user accepts a file's runs as a proxy for the decision's workload (e.g. a smaller model
    of the same architecture): ``reason`` says why, ``discount`` scales their throughput
    (low / likely / high, each in (0, 1] or above 1 where the proxy is known to be slower)."""

    reason: str
    discount: Estimate = Estimate(0.5, 0.7, 0.9)


def parse_token_range(text: str) -> TokenRange | None:
    """``"6144-10240"``, ``"6.144 – 10.240"`` in Spanish, ``"6144..10240"`` (or one number, ``"8192"``)
    as a range of tokens per request, read in the interface language
    (:func:`deepdecide.domain.formatting.read_range`); ``""`` is no range. Raises ValueError with
    the reason for anything else, a figure the language would not write included (never guessed)."""
    ends = read_range(text)
    return None if ends is None else TokenRange(*ends)


def parse_discount(text: str) -> Estimate:
    """``"0.5/0.7/0.9"`` (``"0,5/0,7/0,9"`` in Spanish; or one number for all three) as a proxy's
    throughput factor, read in the interface language; raises ValueError with the reason unless
    0 < low <= likely <= high."""
    return Estimate(*read_estimate(text))


def _names(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x.strip() for x in text.replace(";", ",").replace("\n", ",").split(",") if x.strip()))


def workload_from_form(*, model: str, aliases: str = "", precisions: str = "", input_tokens: str = "",
                       output_tokens: str = "", dataset: str = "", notes: str = "") -> tuple[Workload | None, list[str]]:
    """A workload from the texts of an editor (aliases and precisions comma-separated, token ranges
    ``LOW-HIGH``): the workload and no problems, or None and each problem in words."""
    problems: list[str] = []
    ranges: dict[str, TokenRange | None] = {}
    for key, text, what in (("input_tokens", input_tokens, _("Input tokens")),
                            ("output_tokens", output_tokens, _("Output tokens"))):
        try:
            ranges[key] = parse_token_range(text)
        except ValueError as exc:
            problems.append(_("{what}: {reason}").format(what=what, reason=exc))
    model = model.strip()
    alias_names = tuple(a for a in _names(aliases) if a != model)
    if alias_names and not model:
        problems.append(_("Aliases are given but no model: name the model first"))
    if (precisions.strip() or input_tokens.strip() or output_tokens.strip() or dataset.strip()) and not model:
        problems.append(_("A workload needs its model: without one no run or check is compared with it"))
    if len(model) > 500:
        problems.append(_("Model: at most 500 characters"))
    if problems:
        return None, problems
    return Workload(model, alias_names, _names(precisions), ranges.get("input_tokens"),
                    ranges.get("output_tokens"), dataset.strip(), notes.strip()), []


@functools.lru_cache(maxsize=4096)  # asked for every run's model against each name of the workload
def _model_key(name: str) -> str:
    return name.strip().rstrip("/").lower()


@functools.lru_cache(maxsize=4096)
def _basename(name: str) -> str:
    return _model_key(name).rsplit("/", 1)[-1]


def model_matches(workload: Workload, model: str) -> bool:
    """The run's model is the workload's model or a declared alias. A hub organisation or a
    local path before the name does not matter (``deepseek-ai/DeepSeek-V4.1-Flash`` and
    ``/models/DeepSeek-V4.1-Flash`` are ``DeepSeek-V4.1-Flash``); anything else does."""
    if not model.strip():
        return False
    full, base = _model_key(model), _basename(model)
    return any(_model_key(name) == full or _basename(name) == base for name in workload.names())


def precision_family(text: str) -> str:
    """``fp4-w4a16`` -> ``fp4``; ``FP8_dynamic`` -> ``fp8``; ``bf16`` -> ``bf16``."""
    m = re.match(r"\s*([a-z0-9.]+)", text.lower())
    return m.group(1) if m else ""


def precision_matches(workload: Workload, quantization: str) -> bool:
    family = precision_family(quantization)
    return any(precision_family(p) == family for p in workload.precisions)


class _ItemProxy(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def reason(self) -> str: ...
    @property
    def discount(self) -> Estimate: ...


class _HasProxy(Protocol):
    @property
    def proxy(self) -> ProxyAcceptance | None: ...
    @property
    def runs(self) -> Sequence[object]: ...
    @property
    def parity(self) -> Sequence[object]: ...
    @property
    def run_proxies(self) -> Sequence[_ItemProxy]: ...
    @property
    def check_proxies(self) -> Sequence[_ItemProxy]: ...


def _proxy_problems(path: str, reason: str, d: Estimate) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not reason.strip():
        out.append((f"{path}.reason", _("a proxy needs a reason (why these runs stand for the workload)")))
    if not (0 < d.low <= d.likely <= d.high):
        out.append((f"{path}.discount", _("needs 0 < low <= likely <= high, got {low} / {likely} / {high}").format(
            low=localized(f"{d.low:g}"), likely=localized(f"{d.likely:g}"), high=localized(f"{d.high:g}"))))
    return out


def workload_problems(workload: Workload, files: Sequence[_HasProxy] = ()) -> list[tuple[str, str]]:
    """Value rules the type hints cannot say, as (key path, reason): token ranges positive and
    ordered; a proxy acceptance (of a file, a run or a check) has a reason and a positive ordered
    discount; a run's or check's acceptance names one that exists, once."""
    out: list[tuple[str, str]] = []
    for name in ("input_tokens", "output_tokens"):
        r = getattr(workload, name)
        if r is not None and not (0 < r.low <= r.high):
            out.append((f"workload.{name}", _("needs 0 < low <= high, got {low} / {high}").format(
                low=localized(f"{r.low:g}"), high=localized(f"{r.high:g}"))))
    if workload.aliases and not workload.model:
        out.append(("workload.model", _("aliases are given but no model")))
    for i, f in enumerate(files):
        p = f.proxy
        if p is not None:
            out.extend(_proxy_problems(f"evidence.files[{i}].proxy", p.reason, p.discount))
        for key, items, what in (("run_proxies", f.run_proxies, f.runs), ("check_proxies", f.check_proxies, f.parity)):
            seen: set[int] = set()
            for j, item in enumerate(items):
                path = f"evidence.files[{i}].{key}[{j}]"
                if not 0 <= item.index < len(what):
                    reason = (_("no run at index {index} (the file has {n}, counted from 0)") if key == "run_proxies"
                              else _("no parity check at index {index} (the file has {n}, counted from 0)"))
                    out.append((f"{path}.index", reason.format(index=item.index, n=len(what))))
                elif item.index in seen:
                    out.append((f"{path}.index", _("index {index} is accepted twice").format(index=item.index)))
                seen.add(item.index)
                out.extend(_proxy_problems(path, item.reason, item.discount))
    return out
