"""``deepdecide check``: a GPU name that only resembles a platform is not mapped to it, and versions
are checked as versions."""

from __future__ import annotations

import json

from deepdecide.cli.main import main


def test_h100_pcie_is_reported_as_not_in_the_matrix_with_the_closest_named(capsys):
    assert main(["check", "--gpu", "H100 PCIe", "--runtime", "vllm"]) == 1
    out = capsys.readouterr().out
    assert "Machine: H100 PCIe -> not in the matrix" in out and "officially listed" not in out
    assert "Closest: nv-h100 (NVIDIA H100 SXM, sm90): another GPU" in out
    assert main(["check", "--gpu", "NVIDIA H100 PCIe", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["platform"] is None and data["closest"] == ["nv-h100"]
    assert {r["verdict"] for r in data["runtimes"]} == {"experimental"}
    assert main(["check", "--gpu", "H100 SXM", "--runtime", "vllm", "--json"]) in (0, 1)
    assert json.loads(capsys.readouterr().out)["platform"] == "nv-h100"


def test_a_version_that_is_not_one_is_a_usage_error(capsys):
    assert main(["check", "--gpu", "H100 SXM", "--cuda", "twelve"]) == 2
    err = capsys.readouterr().err
    assert "--cuda: 'twelve' is not a version: give digits and dots, e.g. 12.8" in err
    assert main(["check", "--gpu", "H100 SXM", "--driver", "570.86.15", "--python", "3.11", "--cuda", "12.8"]) == 0
    assert main(["check", "--gpu", "H100 SXM", "--python", "three"]) == 2
    assert "e.g. 3.11" in capsys.readouterr().err
