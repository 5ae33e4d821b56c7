"""The analysis on a real benchmark file, read by the importers (skipped until they are merged).

File: ../shared/fixtures/benchmarks/inferencemax/agg_dsr1_fp4_b200_sglang_tp4_conc4.json,
an InferenceMAX aggregate (faradawn/InferenceMAX @ b3d302df, SGLang, 4x B200, DeepSeek-R1 FP4,
concurrency 4; see ../shared/fixtures/SOURCES.md). Values read from the file by hand:
output_tput_per_gpu 81.938 tok/s/GPU, p99_ttft 1.784 s, p99_tpot 0.01241 s, median_intvty 90.23.
It has no request or failure counts, so its error rate is unknown.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from analysis_factory import SRC, E, workspace

from deepdecide.analysis import evaluate
from deepdecide.domain.evidence import Evidence
from deepdecide.domain.matrix import Runtime, RuntimeKind, SupportEntry, SupportStatus
from deepdecide.domain.workload import Workload
from deepdecide.domain.workspace import SLO, CostInputs, Option, Pricing, Strategy, Topology

registry = pytest.importorskip("deepdecide.importers.registry")
base = pytest.importorskip("deepdecide.importers.base")

FIXTURE = "benchmarks/inferencemax/agg_dsr1_fp4_b200_sglang_tp4_conc4.json"  # under ../shared/fixtures


@pytest.fixture
def ws(shared_fixture):
    result = registry.import_file(shared_fixture(FIXTURE), base.ImportContext(runtime="sglang"))
    w = workspace()
    m = w.matrix
    m = replace(m, runtimes=(*m.runtimes, Runtime("sglang", "SGLang", RuntimeKind.SERVING_RUNTIME)),
                entries=(*m.entries, SupportEntry("sglang", "nv-b200", SupportStatus.OFFICIAL, SRC)))
    opt = Option("sglang-b200", "SGLang on B200", Strategy.BUY, "sglang", "nv-b200",
                 Topology("4x B200", gpus_per_node=4, unit_gpus=4),
                 CostInputs(Pricing.RENT, gpu_hour_usd=E(1.95, 2.34, 2.90)))
    # the decision here serves the file's model (a DeepSeek-R1 file counts only for an R1 workload)
    workload = Workload(model=result.evidence.runs[0].model)
    return replace(w, matrix=m, options=(*w.options, opt), evidence=Evidence(files=(result.evidence,)),
                   workload=workload)


def test_the_same_file_does_not_count_for_a_deepseek_v4_decision(ws):
    v4 = replace(ws, workload=Workload("DeepSeek-V4.1-Flash"))
    oa = evaluate(v4, sensitivity=False).option("sglang-b200")
    assert not oa.evidence.builds.reached and oa.fit.mismatches == 1
    assert "not DeepSeek-V4.1-Flash" in " ".join(map(str, oa.evidence.builds.reasons))


def test_capacity_from_a_real_inferencemax_file(ws):
    ws = replace(ws, slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=50, min_interactivity_tps_per_user=20,
                             max_error_rate=None))
    oa = evaluate(ws, sensitivity=False).option("sglang-b200")
    assert oa.evidence.builds.reached  # the platform text 'B200' resolves to nv-b200
    assert oa.evidence.performs.reached
    assert oa.capacity.value == pytest.approx(81.938, rel=1e-4)
    assert oa.costs.cost_per_m_tokens_usd.value == pytest.approx(2.34 / (81.938 * 3600 / 1e6), rel=1e-4)


def test_unknown_error_rate_does_not_pass_an_error_rate_slo(ws):
    a = evaluate(ws, sensitivity=False)
    oa = a.option("sglang-b200")  # the factory's SLO: error rate <= 1 %
    assert not oa.evidence.performs.reached
    assert "error rate cannot be computed" in " ".join(map(str, oa.evidence.performs.reasons))
    # not a failure: the run cannot be judged on the error rate, so it shows no capacity under the SLO
    assert oa.capacity.value is None and oa.capacity.points[0].failures == ()
    assert not oa.eligible and oa.slo_standing.status.value == "cannot-judge"
    assert a.winner != "sglang-b200" and "sglang-b200" not in a.ranking


def test_tighter_ttft_slo_fails_on_the_files_p99(ws):
    ws = replace(ws, slo=SLO(ttft_p99_ms=1500, max_error_rate=None))
    oa = evaluate(ws, sensitivity=False).option("sglang-b200")
    assert any("TTFT p99 1,784 ms > 1,500 ms" in str(r) for r in oa.evidence.performs.reasons)
