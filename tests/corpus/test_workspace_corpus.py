"""The bad-workspace corpus: every generated case is refused by validate, evaluate and report with a
message naming the file and the place, no traceback, and the file's bytes unchanged.

The commands run in process (``deepdecide.cli.main.main``), so the whole corpus takes seconds.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import stat

import pytest
from make_workspace_cases import Case, cases, write

from deepdecide.cli.main import main

CASES = cases()


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue() + out.getvalue()


def _digest(path) -> tuple[int, str]:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return os.stat(path).st_size, h.hexdigest()


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 60
    names = {c.name for c in CASES}
    for must in ("nesting-flow-10000", "integer-5000-digits", "unit-gpus-huge", "draws-1e12", "seed-negative",
                 "price-zero", "demand-zero", "utilization-above-one", "slo-error-rate-500-percent",
                 "weight-overflow", "criterion-unknown-metric", "id-cyrillic-letter", "id-zero-width-space",
                 "lone-surrogate-name", "text-too-long", "file-too-large"):
        assert must in names


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_command_refuses_the_case(case: Case, tmp_path):
    path = write(case, tmp_path)
    before = _digest(path)
    out_pdf = tmp_path / "record.pdf"
    for argv in (["validate", str(path)], ["evaluate", str(path)], ["report", str(path), "-o", str(out_pdf)]):
        code, text = _run(argv)
        assert code != 0, (argv[0], text)
        assert "Traceback" not in text
        assert str(path) in text, (argv[0], text)  # the file
        assert case.expect in text, (argv[0], case.expect, text)  # the place (key path) or the reason
        if case.size == 0 and case.expect not in ("nested more than",):
            assert f"{path}:" in text  # file:line
    assert _digest(path) == before
    assert not out_pdf.exists()


def test_a_fifo_is_refused_before_it_is_opened(tmp_path):
    fifo = tmp_path / "pipe.deepdecide.yaml"
    os.mkfifo(fifo)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    for argv in (["validate", str(fifo)], ["evaluate", str(fifo)]):
        code, text = _run(argv)  # would block forever if the FIFO were opened
        assert code != 0 and "not a regular file" in text and str(fifo) in text


def test_a_55_mb_workspace_is_refused_in_seconds(tmp_path):
    """A 55 MB file (below the 64 MiB limit) holding one text far above the text limit: the event reader
    finds it and names its key path at C speed. The Python YAML reader took 34-39 s to refuse it."""
    import time

    case = next(c for c in CASES if c.name == "text-55-mb")
    path = write(case, tmp_path)
    assert 50_000_000 < os.path.getsize(path) < 60_000_000
    start = time.perf_counter()
    code, text = _run(["validate", str(path)])
    took = time.perf_counter() - start
    assert code == 1 and f"{path}:" in text and "description: a text of 54,999,9" in text, text
    assert took < 20, f"took {took:.1f} s"
