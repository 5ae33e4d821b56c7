"""The command line reads numbers in the interface language: the review's Spanish cases
(``evidence workload --input 6.144-10.240``, ``--discount 0,5/0,7/0,9``) are saved right, and a
figure the language would not write is refused with the reason and nothing saved."""

from __future__ import annotations

import shutil

import pytest

from deepdecide.cli.main import main
from deepdecide.storage.files import load_workspace, sample_workspace_path


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path(), path)
    return path


def test_spanish_ranges_are_saved_as_spanish_writes_them(capsys, sample):
    assert main(["--lang", "es", "evidence", "workload", str(sample), "--input", "6.144-10.240",
                 "--output", "768-1.280"]) == 0
    w = load_workspace(sample).workload
    assert (w.input_tokens.low, w.input_tokens.high) == (6144, 10240)
    assert (w.output_tokens.low, w.output_tokens.high) == (768, 1280)
    assert main(["--lang", "es", "evidence", "workload", str(sample), "--input", "8192..16.384"]) == 0
    w = load_workspace(sample).workload
    assert (w.input_tokens.low, w.input_tokens.high) == (8192, 16384)


@pytest.mark.parametrize(("lang", "text", "reason"), [
    ("es", "6,144-10,240", "número entero"), ("es", "6.5-10", "no es un número"),
    ("en", "6.144-10.240", "whole number"), ("en", "9000-100", "0 < low <= high"),
])
def test_a_range_the_language_does_not_write_is_refused_and_nothing_saved(capsys, sample, lang, text, reason):
    before = sample.read_bytes()
    assert main(["--lang", lang, "evidence", "workload", str(sample), "--input", text]) == 2
    err = capsys.readouterr().err
    assert "--input" in err and reason in err
    assert sample.read_bytes() == before


def test_a_spanish_discount_is_read_with_its_decimal_comma(capsys, sample):
    name = load_workspace(sample).evidence.files[0].provenance.file_name
    assert main(["--lang", "es", "evidence", "set", str(sample), name, "--proxy", "misma arquitectura",
                 "--discount", "0,5/0,7/0,9"]) == 0
    d = load_workspace(sample).evidence.files[0].proxy.discount
    assert (d.low, d.likely, d.high) == pytest.approx((0.5, 0.7, 0.9))
    before = sample.read_bytes()
    assert main(["--lang", "es", "evidence", "set", str(sample), name, "--proxy", "x", "--discount", "0.5/0.7/0.9"]) == 2
    assert "--discount" in capsys.readouterr().err and sample.read_bytes() == before
    # without --discount, the default applies in either language
    assert main(["--lang", "es", "evidence", "set", str(sample), name, "--proxy", "otra razón"]) == 0
    d = load_workspace(sample).evidence.files[0].proxy.discount
    assert (d.low, d.likely, d.high) == pytest.approx((0.5, 0.7, 0.9))


def test_counts_and_factors_of_other_options_are_read_in_the_language(capsys, sample):
    name = load_workspace(sample).evidence.files[0].provenance.file_name
    assert main(["--lang", "es", "evidence", "set", str(sample), name, "--input-tokens", "8.192"]) == 0
    assert main(["--lang", "es", "evidence", "set", str(sample), name, "--input-tokens", "8.19"]) == 2
    assert "no es un número" in capsys.readouterr().err
    assert main(["--lang", "es", "evaluate", str(sample), "--draws", "1.000", "--json"]) == 0
    capsys.readouterr()
    assert main(["--lang", "es", "evaluate", str(sample), "--draws", "1,5"]) == 2
    assert "número entero" in capsys.readouterr().err
