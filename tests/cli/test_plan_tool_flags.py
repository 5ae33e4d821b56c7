"""The benchmark plan's commands use the tools' real flags: read from the argument parsers of pinned
released packages (downloaded with ``pip download --no-deps`` into a cache under the temporary
folder, never into the repository; a test skips, saying why, when a package cannot be had)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import InformationValue, Measurement
from deepdecide.analysis.plan import build
from deepdecide.domain.evidence import ParityKind
from deepdecide.domain.messages import plain
from deepdecide.storage.files import load_workspace

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "samples" / "deepseek-v4.1-flash.deepdecide.yaml"
CACHE = Path(tempfile.gettempdir()) / "deepdecide-plan-tools"

#: tool -> (pinned requirement, wheel file prefix, modules holding its parser, the argv prefix it is run with)
TOOLS = {
    "vllm-bench-serve": ("vllm==0.33.0", "vllm-0.33.0",
                         ("vllm/benchmarks/serve.py", "vllm/benchmarks/datasets/datasets.py"),
                         ("vllm", "bench", "serve")),
    "sglang-bench-serving": ("sglang==0.5.23", "sglang-0.5.23", ("sglang/benchmark/serving.py",),
                             ("python3", "-m", "sglang.bench_serving")),
    "lm-eval": ("lm-eval==0.4.13", "lm_eval-0.4.13", ("lm_eval/_cli/run.py",), ("lm-eval", "run")),
}
NO_VALUE = {"store_true", "store_false", "count", "store_const", "help", "version"}


def _wheel(requirement: str, prefix: str) -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    found = sorted(CACHE.glob(f"{prefix}-*.whl"))
    if found:
        return found[0]
    try:
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                               "-q", "-d", str(CACHE), requirement], capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"cannot download {requirement} to read its argument parser: {exc}")
    found = sorted(CACHE.glob(f"{prefix}-*.whl"))
    if done.returncode != 0 or not found:
        pytest.skip(f"cannot download {requirement} (pip download --no-deps) to read its argument parser: "
                    f"{(done.stderr or done.stdout).strip().splitlines()[-1:] or done.returncode}")
    return found[0]


def _flags(source: str) -> dict[str, tuple[bool, tuple[str, ...] | None]]:
    """Every ``add_argument`` of a module's parser: option string -> (takes a value, literal choices)."""
    out: dict[str, tuple[bool, tuple[str, ...] | None]] = {}
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add_argument"):
            continue
        names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if not names or not all(n.startswith("-") for n in names):
            continue
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        action = kw.get("action")
        takes = not (isinstance(action, ast.Constant) and action.value in NO_VALUE)
        boolean = (isinstance(action, ast.Attribute) and action.attr == "BooleanOptionalAction") or \
            (isinstance(action, ast.Name) and action.id == "BooleanOptionalAction")
        if boolean:
            takes = False
        nargs = kw.get("nargs")
        if isinstance(nargs, ast.Constant) and nargs.value == 0:
            takes = False
        choices = None
        if isinstance(kw.get("choices"), (ast.List, ast.Tuple)):
            elts = kw["choices"].elts  # type: ignore[union-attr]
            if all(isinstance(e, ast.Constant) for e in elts):
                choices = tuple(str(e.value) for e in elts)  # type: ignore[attr-defined]
        for n in names:
            out[n] = (takes, choices)
            if boolean and n.startswith("--"):
                out["--no-" + n[2:]] = (False, None)
    return out


def _parser_of(tool: str) -> dict[str, tuple[bool, tuple[str, ...] | None]]:
    requirement, prefix, modules, _argv = TOOLS[tool]
    with zipfile.ZipFile(_wheel(requirement, prefix)) as z:
        flags: dict[str, tuple[bool, tuple[str, ...] | None]] = {}
        for m in modules:
            flags.update(_flags(z.read(m).decode("utf-8")))
    assert len(flags) > 10, f"{tool}: the parser was not found in {modules}"
    return flags


def _check(argv: tuple[str, ...], flags: dict[str, tuple[bool, tuple[str, ...] | None]], tool: str) -> None:
    i = 0
    while i < len(argv):
        a = argv[i]
        assert a.startswith("--"), f"{tool}: stray argument {a!r} in {argv}"
        assert a in flags, f"{tool}: unknown flag {a} (not in the pinned release's parser)"
        takes, choices = flags[a]
        if takes:
            assert i + 1 < len(argv) and not argv[i + 1].startswith("--"), f"{tool}: {a} needs a value"
            if choices is not None:
                assert argv[i + 1] in choices, f"{tool}: {a} {argv[i + 1]} is not one of {choices}"
            i += 2
        else:
            i += 1


@pytest.fixture(scope="module")
def plan_of_every_kind():
    """The sample's plan, with the ranking made to hold a measurement of every kind the plan scripts:
    vLLM, SGLang and an OpenAI-compatible runtime (TensorRT-LLM), and a parity suite."""
    ws = load_workspace(SAMPLE)
    a = evaluate(ws, monte_carlo=True, draws=2000)

    def item(key: str, option: str, kind: Measurement) -> InformationValue:
        return InformationValue(key, plain(key), "", kind, option, None, 0.3, 1000.0, 0.1, 0.0, ("x",),
                                action=plain(f"measure {key}"))

    info = (item("keep-vllm-h100.capacity", "keep-vllm-h100", Measurement.PERFORMANCE),
            item("keep-sglang-h100.capacity", "keep-sglang-h100", Measurement.PERFORMANCE),
            item("keep-trtllm-h100.capacity", "keep-trtllm-h100", Measurement.PERFORMANCE),
            item(f"parity:port-deepinfer-h100:{ParityKind.LOGITS.value}", "port-deepinfer-h100", Measurement.PARITY))
    a = replace(a, monte_carlo=replace(a.monte_carlo, information=info))
    plan = build(ws, a, top=4)
    assert [i.option for i in plan.items] == ["keep-vllm-h100", "keep-sglang-h100", "keep-trtllm-h100",
                                              "port-deepinfer-h100"]
    return plan


def _commands(plan, tool: str) -> list[tuple[str, ...]]:
    prefix = TOOLS[tool][3]
    out = [c[len(prefix):] for i in plan.items for c in i.commands if c[:len(prefix)] == prefix]
    assert out, f"the plan runs no {tool}"
    return out


@pytest.mark.slow  # the pinned vLLM wheel is about 340 MB
def test_vllm_bench_serve_flags(plan_of_every_kind):
    flags = _parser_of("vllm-bench-serve")
    commands = _commands(plan_of_every_kind, "vllm-bench-serve")
    assert any("--backend" in c and c[c.index("--backend") + 1] == "openai" for c in commands)  # TensorRT-LLM
    for c in commands:
        _check(c, flags, "vllm bench serve")


def test_sglang_bench_serving_flags(plan_of_every_kind):
    flags = _parser_of("sglang-bench-serving")
    for c in _commands(plan_of_every_kind, "sglang-bench-serving"):
        _check(c, flags, "sglang.bench_serving")


def test_lm_eval_flags(plan_of_every_kind):
    flags = _parser_of("lm-eval")
    commands = _commands(plan_of_every_kind, "lm-eval")
    assert len(commands) == 2  # the option, and the reference runtime
    for c in commands:
        _check(c, flags, "lm-eval run")


def test_commands_carry_the_workload(plan_of_every_kind):
    sglang = next(i for i in plan_of_every_kind.items if i.option == "keep-sglang-h100")
    runs = [c for c in sglang.commands if "sglang.bench_serving" in c]
    for c in runs:
        assert c[c.index("--model") + 1] == "deepseek-ai/DeepSeek-V4.1-Flash"
        assert c[c.index("--random-input-len") + 1] == "8192" and c[c.index("--random-output-len") + 1] == "1024"
        assert c[c.index("--seed") + 1] == str(plan_of_every_kind.seed)
    # the sweep brackets the knee: 223 tok/s/GPU x 8 GPUs / (1000 / 50 ms TPOT) = 89 concurrent users
    conc = [int(c[c.index("--max-concurrency") + 1]) for c in runs]
    assert min(conc) <= 89 / 4 * 2 and max(conc) >= 89 * 2 and conc == sorted(conc)
    assert sglang.step == 5 and sglang.files[0].tool == "environment-capture"
    assert sglang.commands[0][:3] == ("nvidia-smi", "-q", "-x")
    parity = next(i for i in plan_of_every_kind.items if i.option == "port-deepinfer-h100")
    assert parity.step == 4
    assert [f.reference for f in parity.files if f.purpose == "parity"] == [False, True]


@pytest.mark.skipif(os.name != "posix", reason="the scripts are POSIX sh")
def test_scripts_are_valid_sh(plan_of_every_kind, tmp_path):
    from deepdecide.storage.plan import write_plan

    written = write_plan(plan_of_every_kind, tmp_path / "plan")
    scripts = [p for p in written if p.name == "run.sh"]
    assert len(scripts) == len(plan_of_every_kind.items)
    for script in scripts:
        assert os.access(script, os.X_OK)
        done = subprocess.run(["sh", "-n", str(script)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_an_unknown_or_misused_flag_fails():
    flags = _parser_of("sglang-bench-serving")
    with pytest.raises(AssertionError, match="unknown flag --metric-percentiles"):  # vLLM's, not SGLang's
        _check(("--metric-percentiles", "99"), flags, "sglang.bench_serving")
    with pytest.raises(AssertionError, match="needs a value"):
        _check(("--seed", "--model", "m"), flags, "sglang.bench_serving")
