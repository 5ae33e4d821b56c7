"""Start-up: ``deepdecide --version`` and ``deepdecide --help`` load none of the heavy libraries (the
PDF record's reportlab, pyHanko and pypdf, pandas, Qt): each command imports what it needs when it runs.

On a failure the test names the chain of imports that brought the library in, read from
``python -X importtime`` (the same check by hand: ``python -X importtime -m deepdecide --version``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: top-level packages the two start-up commands must not import
HEAVY = ("reportlab", "pyhanko", "pypdf", "pandas", "PySide6", "shiboken6", "pyqtgraph")

#: the CLI's main as the ``deepdecide`` command runs it, then the heavy packages loaded, one a line
CODE = (
    "import contextlib, io, sys; from deepdecide.launcher import main\n"
    "with contextlib.redirect_stdout(io.StringIO()):\n"
    "    code = main(sys.argv[1:], 'deepdecide')\n"
    f"heavy = {HEAVY!r}\n"
    "print('\\n'.join(sorted({m.split('.')[0] for m in sys.modules} & set(heavy))))\n"
    "sys.exit(code)\n"
)


def _chain(stderr: str, library: str) -> list[str]:
    """From ``-X importtime`` output: the module that first imported ``library`` and its importers,
    outermost first (a module's line follows its imports', one indent level out)."""
    rows = []
    for line in stderr.splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            name = line.split("|")[2]
            rows.append((len(name) - len(name.lstrip()), name.strip()))
    first = next((i for i, (_d, name) in enumerate(rows) if name.split(".")[0] == library), None)
    if first is None:
        return []
    chain, depth = [rows[first][1]], rows[first][0]
    for d, name in rows[first + 1:]:
        if d < depth:
            chain.append(name)
            depth = d
    return chain[::-1]


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_start_up_loads_no_heavy_library(option, tmp_path):
    proc = subprocess.run([sys.executable, "-c", CODE, option], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    loaded = proc.stdout.split()
    if loaded:
        timed = subprocess.run([sys.executable, "-X", "importtime", "-c", CODE, option], capture_output=True,
                               text=True, timeout=120, cwd=tmp_path)
        chains = "\n".join(f"  {lib}: " + " -> ".join(_chain(timed.stderr, lib)) for lib in loaded)
        pytest.fail(f"deepdecide {option} imports {', '.join(loaded)}:\n{chains}")


def test_chain_reads_importtime():
    stderr = ("import time: self [us] | cumulative | imported package\n"
              "import time:        10 |         10 |       reportlab.lib\n"
              "import time:        10 |         20 |     reportlab\n"
              "import time:        10 |         30 |   deepdecide.report.build\n"
              "import time:        10 |         40 |   deepdecide.report.words\n"
              "import time:        10 |         50 | deepdecide.report\n")
    assert _chain(stderr, "reportlab") == ["deepdecide.report", "deepdecide.report.build", "reportlab", "reportlab.lib"]
    assert _chain(stderr, "pandas") == []
