"""A new workspace from a few facts: the model and the options (a runtime on a platform), with the
built-in support matrix, service checklist and criteria copied in. What ``deepdecide init`` writes.

Nothing is assumed beyond what the facts say: the workload names the model only (any precision,
any request lengths, until the user states them), no evidence, no demand, no owned fleet and no
prices; each option's capacity and costs are "not known" until evidence or stated inputs give
them. An option's runtime and platform must be ones the matrix names exactly (a platform that only
resembles one, "H100 PCIe" beside the H100 SXM, is refused with the closest named), and its
strategy is *port* when the matrix does not list the runtime officially on the platform, *buy*
when it does, unless given (*keep* for the stack already running, *dev-only*).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import (
    Platform,
    Runtime,
    RuntimeKind,
    SupportMatrix,
    SupportStatus,
    closest_platforms,
    exact_platform,
    normalise_name,
)
from deepdecide.domain.workload import Workload
from deepdecide.domain.workspace import Option, Strategy, Workspace

#: the built-in sections a new workspace starts from (copied in when it is saved)
_TEMPLATE = """kind: workspace
name: new
model: new
decision: {id: DR-0001, title: new}
matrix: builtin
checklist: builtin
criteria: builtin
"""


@dataclass(frozen=True)
class OptionSpec:
    """An option as the user names it: ``vllm:H100 SXM`` or ``deepinfer:nv-h100:port``."""

    runtime: str
    platform: str
    strategy: Strategy | None = None


def parse_option(text: str) -> OptionSpec:
    """``RUNTIME:PLATFORM[:STRATEGY]``; ValueError naming the expected form."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (2, 3) or not all(parts):
        raise ValueError(_("{text!r}: give an option as RUNTIME:PLATFORM or RUNTIME:PLATFORM:STRATEGY, "
                           "e.g. vllm:nv-h100 or deepinfer:nv-h100:port").format(text=text))
    strategy = None
    if len(parts) == 3:
        try:
            strategy = Strategy(parts[2])
        except ValueError:
            raise ValueError(_("{text!r}: the strategy is one of {strategies}").format(
                text=text, strategies=", ".join(s.value for s in Strategy))) from None
    return OptionSpec(parts[0], parts[1], strategy)


def _runtime(matrix: SupportMatrix, name: str) -> Runtime:
    key = normalise_name(name)
    found = next((r for r in matrix.runtimes if key in (normalise_name(r.id), normalise_name(r.name))), None)
    engines = ", ".join(r.id for r in matrix.runtimes if r.kind is not RuntimeKind.KERNEL_LIBRARY)
    if found is None:
        raise ValueError(_("unknown runtime {name!r}; the matrix's runtimes: {known}").format(name=name, known=engines))
    if found.kind is RuntimeKind.KERNEL_LIBRARY:
        raise ValueError(_("{name} is a kernel library, not a runtime that serves a model; the matrix's runtimes: "
                           "{known}").format(name=found.name, known=engines))
    return found


def _platform(matrix: SupportMatrix, name: str) -> Platform:
    found = matrix.platform(name) or exact_platform(matrix, name)
    if found is not None:
        return found
    near = closest_platforms(matrix, name)
    if near:
        raise ValueError(_("{name!r} is not a platform in the matrix; closest: {near} (other GPUs: name one "
                           "exactly only if that is the GPU)").format(
            name=name, near=", ".join(f"{p.id} ({p.vendor} {p.name})" for p in near)))
    raise ValueError(_("{name!r} is not a platform in the matrix (`deepdecide matrix` lists them)").format(name=name))


def builtin_start() -> Workspace:
    """An empty workspace holding the built-in matrix, checklist and criteria."""
    from deepdecide.storage.files import load_workspace_text

    return load_workspace_text(_TEMPLATE, "<new workspace>")


def new_workspace(model: str, options: Sequence[OptionSpec], *, name: str = "", today: str = "") -> Workspace:
    """A new workspace deciding how to serve ``model`` among ``options``; ValueError (the message
    names the option and the reason) for an option the matrix cannot place, or two alike."""
    model = model.strip()
    if not model:
        raise ValueError(_("a new workspace needs the model it decides about (--model)"))
    base = builtin_start()
    matrix = base.matrix
    built: list[Option] = []
    for spec in options:
        runtime, platform = _runtime(matrix, spec.runtime), _platform(matrix, spec.platform)
        strategy = spec.strategy or (Strategy.BUY if matrix.status(runtime.id, platform.id) is SupportStatus.OFFICIAL
                                     else Strategy.PORT)
        option_id = f"{strategy.value}-{runtime.id}-{platform.id}"
        if any(o.id == option_id for o in built):
            raise ValueError(_("{runtime} on {platform} ({strategy}) is given twice").format(
                runtime=runtime.name, platform=platform.name, strategy=strategy.value))
        built.append(Option(id=option_id, name=_("{runtime} on {vendor} {platform}").format(
            runtime=runtime.name, vendor=platform.vendor, platform=platform.name),
            strategy=strategy, runtime=runtime.id, platform=platform.id))
    date = today or datetime.now(UTC).date().isoformat()
    decision = dataclasses.replace(
        base.decision, title=_("Serve {model}: choose the serving platform").format(model=model), date=date,
        considered_options=tuple(o.id for o in built))
    return dataclasses.replace(base, name=name.strip() or _("{model} serving platform").format(model=model),
                               model=model, workload=Workload(model=model), decision=decision, options=tuple(built))
