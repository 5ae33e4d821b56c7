"""The record cites inputs by the workspace's words, never by ids or key paths: the cost trail's sources
("NVIDIA H100 SXM fleet: power per GPU (nameplate, all-in)", "assumptions: PUE", not
"fleet[0].power_kw_per_gpu" or "assumptions.pue"), and the "Changes since" appendix's keys (an option, a
fleet row, a support cell by its name). ``--json`` and ``deepdecide diff`` keep the paths and ids."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re

import pytest
from pypdf import PdfReader

from deepdecide.analysis.diff import input_changes
from deepdecide.domain import i18n
from deepdecide.domain.common import Estimate
from deepdecide.domain.messages import input_words, names_of, naming
from deepdecide.report import build
from deepdecide.storage import files

KEY_PATH = re.compile(r"fleet\[\d+\]|\bassumptions\.[a-z_]+|\boptions\.[a-z0-9-]+\.|\bfleet\.nv-")


def _pages(data: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture(scope="module")
def sample():
    return files.load_builtin_workspace()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cost_trail_cites_inputs_by_name(sample, lang):
    with i18n.using(lang):
        data = build(sample, sections=["cost"], export_day=dt.date(2026, 12, 4))
    pages = _pages(data)
    heading = "Inputs behind each cost" if lang == "en" else None
    trail = " ".join(pages[next(i for i, p in enumerate(pages) if heading is None or heading in p):])
    assert not KEY_PATH.search(trail), KEY_PATH.search(trail)
    ids = {o.id for o in sample.options} | {f.platform for f in sample.fleet}
    assert not [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", trail)]
    if lang == "en":
        assert "[NVIDIA H100 SXM fleet: power per GPU (nameplate, all-in)]" in trail
        assert "[assumptions: PUE]" in trail and "[NVIDIA H100 SXM fleet: book value of an owned GPU, over" in trail
    else:
        assert "[flota de NVIDIA H100 SXM: potencia por GPU (nominal, coste completo)]" in trail
        assert "[supuestos: PUE]" in trail


def test_input_words_only_while_names_are_in_force(sample):
    text = "no book value used: the purchase price (fleet[1].purchase_usd_per_gpu) over 4 years"
    assert input_words(text) == text  # --json, deepdecide diff: the paths as they are
    with naming(names_of(sample)):
        platform = names_of(sample)["platform"][sample.fleet[1].platform]
        assert input_words(text) == (f"no book value used: the purchase price ({platform} fleet: purchase price "
                                     "per GPU) over 4 years")
        assert input_words("options.keep-vllm-h100.cost.capex_per_gpu_usd") == (
            "Keep H100, serve with vLLM: purchase price per GPU")
        assert input_words("assumptions.electricity_usd_per_kwh") == "assumptions: electricity"
        assert input_words("fleet.nv-h100.owned_gpus") == "NVIDIA H100 SXM fleet: owned GPUs"
        assert input_words("decision_practice.md (d) D9: own-vs-rent") == "decision_practice.md (d) D9: own-vs-rent"


def test_changes_since_name_options_fleet_rows_and_removed_options(sample):
    o = sample.options[0]
    later = dataclasses.replace(
        sample, options=(dataclasses.replace(o, cost=dataclasses.replace(o.cost, gpu_hour_usd=Estimate(1, 2, 3))),
                         *sample.options[2:]),
        fleet=(dataclasses.replace(sample.fleet[0], owned_gpus=900), *sample.fleet[1:]))
    gone = sample.options[1]
    plain = {c.key for c in input_changes(sample, later)}
    assert f"option {o.id}.cost.gpu_hour_usd" in plain and f"fleet {sample.fleet[0].platform}.owned_gpus" in plain
    with naming(names_of(later)):
        named = {c.key: c for c in input_changes(sample, later)}
    assert named[f"option {o.name}: rental price per GPU-hour"].area == "prices"
    assert "fleet NVIDIA H100 SXM: owned GPUs" in named
    # an option only the earlier revision holds: by its name there too, before and key
    removed = named[f"option {gone.name}"]
    assert removed.before == gone.name
    assert not [k for k in named if o.id in k or gone.id in k or "nv-h100" in k]
