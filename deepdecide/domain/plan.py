"""A benchmark plan: what to run next, and what each result file is (docs/benchmark-plan.md).

``deepdecide plan`` writes one folder per planned measurement (a runnable script) and one
manifest, ``deepdecide-plan.json``, at the top of the plan's folder. The manifest names every
result file the scripts write, with the context of its runs (runtime, platform, GPU count, model,
workload, who made it), so ``deepdecide import DIR`` fills each file's context from it, reports
which planned measurements are done, missing or failed, and marks the migration steps they serve.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import asdict, dataclass, field
from typing import Any

from deepdecide.domain.i18n import _

MANIFEST = "deepdecide-plan.json"
FORMAT = "deepdecide-benchmark-plan"
VERSION = 1
CAPTURE = "environment.yaml"  # the environment capture's manifest in an item's environment/ folder


@dataclass(frozen=True, slots=True)
class PlannedFile:
    """One result file a plan's script writes, with the context of its runs."""

    path: str  # relative to the plan's folder, "/"-separated
    tool: str  # what writes it: vllm-bench-serve, sglang-bench-serving, lm-eval, nvidia-smi
    purpose: str  # performance, parity or environment
    runtime: str
    platform: str
    gpu_count: int | None
    model: str
    kind: str = "own"  # who made it (the team, running the plan)
    concurrency: int | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    reference: bool = False  # a parity run on the reference runtime (the current production stack)


@dataclass(frozen=True, slots=True)
class PlannedItem:
    """One measurement: the input it answers, why it is worth it, the step it serves, its script."""

    id: str  # the item's folder: 01-keep-sglang-h100-capacity
    input: str  # the input's key in the analysis (MonteCarlo.information)
    option: str
    measurement: str  # performance, parity (analysis.assessment.Measurement)
    action: str  # what to do, in the language the plan was written in
    p_change: float  # chance the answer changes the recommendation
    value: float | None  # expected TCO the informed choice saves (currency)
    currency: str
    step: int | None  # the migration plan step it serves (its order), None: none matched
    step_title: str
    script: str  # path of the script, relative to the plan's folder
    commands: tuple[tuple[str, ...], ...]  # every command the script runs, as argv
    files: tuple[PlannedFile, ...] = field(default_factory=tuple)
    environment: tuple[str, ...] = ()  # environment variables the script reads (BASE_URL, ...)


@dataclass(frozen=True, slots=True)
class BenchmarkPlan:
    workspace: str  # the workspace file's name
    decision: str  # its decision id
    model: str
    recommended: str  # the recommendation the values are measured against
    seed: int
    items: tuple[PlannedItem, ...] = ()
    skipped: tuple[str, ...] = ()  # top items that are not a benchmark (a quote, an estimate), as text

    def files(self) -> tuple[PlannedFile, ...]:
        return tuple(f for i in self.items for f in i.files)


def capture_manifest(f: PlannedFile) -> str:
    """The environment-capture manifest (docs/evidence-import.md) the plan's script writes beside the
    parts it captures."""
    return (f"kind: environment-capture\nruntime: {f.runtime}\nnvidia_smi: nvidia-smi.xml\n"
            "versions: versions.txt\nlock_file: requirements.txt\n")


def _shell_word(arg: str) -> str:
    """One argument for a POSIX shell: quoted; ``${NAME}`` left to expand inside double quotes."""
    if "${" in arg:
        return '"' + arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`") + '"'
    return shlex.quote(arg)


def script_text(plan: BenchmarkPlan, item: PlannedItem) -> str:
    """The item's runnable script (POSIX sh): run from the plan's folder; stops at the first failure."""
    lines = ["#!/bin/sh",
             f"# deepdecide benchmark plan for {plan.decision or plan.workspace}: {item.action}",
             f"# input {item.input} of option {item.option}; recommendation measured against: {plan.recommended}",
             f"# migration step {item.step}: {item.step_title}" if item.step is not None else "# migration step: none matched",
             "# Run from the plan's folder (the one holding deepdecide-plan.json), with the server(s) up;",
             "# then: deepdecide import <this folder> --into <workspace>",
             "set -eu",
             'cd "$(dirname "$0")/.."']
    for name in item.environment:
        lines.append(f': "${{{name}:?set {name} to the server\'s base URL (http://host:port)}}"')
    dirs = sorted({f.path.rstrip("/").rsplit("/", 1)[0] if not f.path.endswith("/") else f.path.rstrip("/")
                   for f in item.files})
    lines.append("mkdir -p " + " ".join(_shell_word(d) for d in dirs))
    for c in item.commands:
        if len(c) > 2 and c[-2] == ">":  # the output to a file
            lines.append(" ".join(_shell_word(a) for a in c[:-2]) + " > " + _shell_word(c[-1]))
        else:
            lines.append(" ".join(_shell_word(a) for a in c))
    return "\n".join(lines) + "\n"


def to_json(plan: BenchmarkPlan) -> str:
    data = {"format": FORMAT, "version": VERSION, **asdict(plan)}
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


class ManifestError(ValueError):
    """A manifest that cannot be read: ``where`` names the key path."""

    def __init__(self, where: str, reason: str):
        super().__init__(f"{where}: {reason}" if where else reason)
        self.where = where
        self.reason = reason


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise ManifestError(f"{where}.{key}".lstrip("."), _("missing"))
        return default
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int, float), (int, type(None)))):
        expected = " | ".join(k.__name__ for k in kind) if isinstance(kind, tuple) else kind.__name__
        raise ManifestError(f"{where}.{key}".lstrip("."), _("expected {expected}, got {got}").format(
            expected=expected, got=type(value).__name__))
    return value


def _file(d: Any, where: str) -> PlannedFile:
    if not isinstance(d, dict):
        raise ManifestError(where, _("expected an object"))
    path = _get(d, "path", str, where)
    if not path or path.startswith("/") or "\\" in path or ".." in path.split("/"):
        raise ManifestError(f"{where}.path", _("not a path inside the plan's folder: {path!r}").format(path=path))
    gpus = _get(d, "gpu_count", (int, type(None)), where, None)
    return PlannedFile(path, _get(d, "tool", str, where), _get(d, "purpose", str, where),
                       _get(d, "runtime", str, where), _get(d, "platform", str, where), gpus,
                       _get(d, "model", str, where), _get(d, "kind", str, where, "own"),
                       _get(d, "concurrency", (int, type(None)), where, None),
                       _get(d, "input_tokens", (int, type(None)), where, None),
                       _get(d, "output_tokens", (int, type(None)), where, None),
                       bool(_get(d, "reference", bool, where, False)))


def from_json(text: str) -> BenchmarkPlan:
    """The plan a manifest holds; ``ManifestError`` naming the key path when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ManifestError("", _("not JSON (line {line}: {reason})").format(line=exc.lineno, reason=exc.msg)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ManifestError("format", _("not a deepdecide benchmark plan (expected format {format!r})").format(
            format=FORMAT))
    version = data.get("version")
    if version != VERSION:
        raise ManifestError("version", _("version {version!r} is not one this deepdecide reads ({known})").format(
            version=version, known=VERSION))
    items = []
    for n, it in enumerate(_get(data, "items", list, "")):
        where = f"items[{n}]"
        if not isinstance(it, dict):
            raise ManifestError(where, _("expected an object"))
        files = tuple(_file(f, f"{where}.files[{k}]") for k, f in enumerate(_get(it, "files", list, where)))
        commands = tuple(tuple(str(a) for a in c) for c in _get(it, "commands", list, where, []))
        value = _get(it, "value", (int, float, type(None)), where, None)
        items.append(PlannedItem(
            _get(it, "id", str, where), _get(it, "input", str, where), _get(it, "option", str, where),
            _get(it, "measurement", str, where), _get(it, "action", str, where, ""),
            float(_get(it, "p_change", (int, float), where, 0.0)), float(value) if value is not None else None,
            _get(it, "currency", str, where, ""), _get(it, "step", (int, type(None)), where, None),
            _get(it, "step_title", str, where, ""), _get(it, "script", str, where), commands, files,
            tuple(str(e) for e in _get(it, "environment", list, where, []))))
    return BenchmarkPlan(_get(data, "workspace", str, ""), _get(data, "decision", str, ""),
                         _get(data, "model", str, ""), _get(data, "recommended", str, ""),
                         int(_get(data, "seed", int, "")), tuple(items),
                         tuple(str(s) for s in _get(data, "skipped", list, "", [])))
