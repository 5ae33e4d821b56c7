"""The source article's four questions before approving a migration, answered per option in the
Assessment: on the built-in sample, with environment captures judged against the matrix's pinned
requirements, and on real third-party files (../shared/fixtures: a vLLM serving sweep on 4x L40S,
an lm-evaluation-harness run of vLLM at TP8 on 8x H100)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from environment_captures import NVCC_129, capture

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import ArticleQuestion, QuestionState
from deepdecide.domain.evidence import Evidence, ProvenanceKind
from deepdecide.domain.matrix import Component, Requirement
from deepdecide.domain.slo import SLO
from deepdecide.domain.workload import Workload
from deepdecide.domain.workspace import Option, Strategy, Topology
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import builtin_sample

SUPPORT, KERNELS, DISTRIBUTED, SERVICE = (ArticleQuestion.SUPPORT, ArticleQuestion.KERNELS,
                                          ArticleQuestion.DISTRIBUTED, ArticleQuestion.SERVICE)
ANSWERED, PARTLY, NOT_ANSWERED = QuestionState.ANSWERED, QuestionState.PARTLY, QuestionState.NOT_ANSWERED


def answers(ws, option_id):
    oa = evaluate(ws, sensitivity=False).option(option_id)
    assert oa is not None and oa.article is not None
    return oa.article


def with_files(ws, *evidence_files):
    return replace(ws, evidence=Evidence(files=(*ws.evidence.files, *evidence_files)))


def texts(messages) -> str:
    return " | ".join(map(str, messages))


def test_the_sample_answers_honestly():
    """Nothing in the sample shows a pinned environment, a parity check or a run of the decision's
    workload (its runs are illustrative): question 1 is answered by the matrix only, 2 and 3 not at
    all; the service checklist is answered for every option."""
    a = evaluate(builtin_sample(), sensitivity=False)
    for oa in a.options:
        art = oa.article
        assert art is not None
        assert [q.question for q in art.answers] == [SUPPORT, KERNELS, DISTRIBUTED, SERVICE]
        assert [q.state for q in art.answers] == [PARTLY, NOT_ANSWERED, NOT_ANSWERED, ANSWERED], oa.option
        assert "no environment capture" in str(art.of(SUPPORT).answer)
        assert "kernel, logits, greedy_match, eval_accuracy, structured_output, long_context" in \
            texts(art.of(KERNELS).missing)
    port = a.option("port-deepinfer-h100").article
    assert "not on DeepInfer's official list" in str(port.of(SUPPORT).answer)
    assert any(m.id == "article.support.experimental" for m in port.of(SUPPORT).concerns)
    assert "Persistent KV cache" in texts(port.of(SERVICE).concerns)  # missing, nobody named
    # the B200 option's serving unit is the reference topology: 4 prefill + 64 decode
    assert "68 GPUs (4 prefill + 64 decode)" in str(a.option("buy-sm100-deepinfer").article.of(DISTRIBUTED).answer)
    # the illustrative runs are named as counting for nothing
    sglang = a.option("keep-sglang-h100").article.of(DISTRIBUTED)
    assert any(m.id == "article.runs.nothing" for m in sglang.evidence)


def test_a_capture_with_cuda_12_9_does_not_meet_a_pinned_cuda_13(tmp_path):
    """The project's H100 capture (driver CUDA 12.9) with nvcc 12.9, for SGLang, whose matrix cell
    pins CUDA >= 13.0 from v0.5.20: question 1 is answered, and the unmet requirement is named."""
    result = import_file(capture(tmp_path / "cap"), ImportContext(kind=ProvenanceKind.OWN))
    art = answers(with_files(builtin_sample(), result.evidence), "keep-sglang-h100")
    q = art.of(SUPPORT)
    assert q.state == ANSWERED and q.files == ("environment.yaml",)
    unmet = [m for m in q.concerns if m.id == "article.req.unmet"]
    assert len(unmet) == 1 and unmet[0].args["component"] == "cuda" and unmet[0].args["captured"] == "12.9"
    assert "cuda >=13.0" in str(unmet[0]) and "NOT met, the capture has 12.9" in str(unmet[0])
    env = art.environments[0]
    assert env.counts and env.pinned and env.platform == "nv-h100"
    assert {r.component: r.state for r in env.requirements} == {"os": "met", "python": "met", "cuda": "unmet"}
    # the same capture is no evidence for another runtime's options
    assert answers(with_files(builtin_sample(), result.evidence), "keep-vllm-h100").environments == ()


def test_the_articles_strict_pin_reads_the_same(tmp_path):
    """A cell pinning CUDA 13 exactly as the article states it (``==13.*``): 12.9 fails it, 13.0 meets it."""
    ws = builtin_sample()
    strict = Requirement(Component.CUDA, "==13.*", "CUDA 13")
    entries = tuple(replace(e, requirements=(strict,)) if (e.runtime, e.platform) == ("sglang", "nv-h100") else e
                    for e in ws.matrix.entries)
    ws = replace(ws, matrix=replace(ws.matrix, entries=entries))
    old = import_file(capture(tmp_path / "old"), ImportContext(kind=ProvenanceKind.OWN))
    q = answers(with_files(ws, old.evidence), "keep-sglang-h100").of(SUPPORT)
    assert q.state == ANSWERED and "cuda ==13.*" in texts(q.concerns)
    new = import_file(capture(tmp_path / "new", versions=NVCC_129.replace("release 12.9, V12.9.86", "release 13.0, "
                                                                            "V13.0.48")),
                      ImportContext(kind=ProvenanceKind.OWN))
    q = answers(with_files(ws, new.evidence), "keep-sglang-h100").of(SUPPORT)
    assert q.state == ANSWERED and not q.concerns
    assert "pinned and meets every pinned requirement" in str(q.answer)


def test_what_a_capture_lacks_leaves_question_1_partly_answered(tmp_path):
    ws = builtin_sample()
    # no toolkit in the capture: the driver's CUDA 12.9 already rules out CUDA 13 (answered) ...
    no_toolkit = import_file(capture(tmp_path / "a", versions="Python 3.12.3\nLinux\n"),
                             ImportContext(kind=ProvenanceKind.OWN))
    q = answers(with_files(ws, no_toolkit.evidence), "keep-sglang-h100").of(SUPPORT)
    assert q.state == ANSWERED and "the driver supports CUDA up to 12.9" in texts(q.concerns)
    # ... a tag pins nothing: partly, and it says what would pin it
    tag = import_file(capture(tmp_path / "b", image="lmsysorg/sglang:latest", lock=None,
                              versions=NVCC_129.replace("12.9, V12.9.86", "13.0, V13.0.48")),
                      ImportContext(kind=ProvenanceKind.OWN))
    q = answers(with_files(ws, tag.evidence), "keep-sglang-h100").of(SUPPORT)
    assert q.state == PARTLY and "captured but not pinned" in str(q.answer)
    assert any(m.id == "article.env.pin_needed" for m in q.missing)


def test_a_capture_on_another_gpu_does_not_count(tmp_path):
    rtx = import_file(capture(tmp_path / "rtx", smi="rtx4090_1gpu.xml"), ImportContext(kind=ProvenanceKind.OWN))
    art = answers(with_files(builtin_sample(), rtx.evidence), "keep-sglang-h100")
    assert art.of(SUPPORT).state == PARTLY
    assert not art.environments[0].counts and art.environments[0].platform == "nv-rtx4090"
    assert "NVIDIA GeForce RTX 4090, which is not nv-h100 exactly" in texts(art.of(SUPPORT).evidence)


# ---------------------------------------------------------------------------------------------
# real third-party files

L40S = "benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl"  # 9 runs, 4x L40S, Llama-3.2-3B
LM_EVAL_H100 = "parity/lm_eval/v0.4.9.2_results_vllm_tp8_H100.json"  # vLLM TP8 on 8x H100


def l40s_workspace(shared_fixture, unit: int):
    result = import_file(shared_fixture(L40S), ImportContext(kind=ProvenanceKind.THIRD_PARTY))
    ws = builtin_sample()
    option = Option("vllm-l40s", "vLLM on L40S", Strategy.KEEP, "vllm", "nv-l40s",
                    Topology("one replica", gpus_per_node=unit, unit_gpus=unit))
    return replace(ws, workload=Workload(model="meta-llama/Llama-3.2-3B-Instruct"), options=(option,), answers=(),
                   evidence=Evidence(files=(result.evidence,)),
                   slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=50, min_interactivity_tps_per_user=20, max_error_rate=0.01))


def test_question_3_is_answered_on_the_serving_unit_the_runs_used(shared_fixture):
    art = answers(l40s_workspace(shared_fixture, 4), "vllm-l40s")
    q = art.of(DISTRIBUTED)
    assert q.state == ANSWERED and q.files == ("vllm_serving_l40s_append_multi.jsonl",)
    # rates 10 and 30/s meet the SLO; as fast as possible (TTFT p99 ~10 s) does not
    assert "a serving unit of 4 GPUs meets the SLO up to 30 requests/s" in str(q.answer)
    assert any(m.id == "article.memory.none" for m in q.missing)  # vLLM's file states no KV-cache use
    # the same runs do not answer it for a planned unit of 8 GPUs
    q = answers(l40s_workspace(shared_fixture, 8), "vllm-l40s").of(DISTRIBUTED)
    assert q.state == NOT_ANSWERED and q.files == ()
    assert "counted runs with other GPU counts (4) do not answer it: the serving unit is 8" in texts(q.evidence)


def test_a_tighter_slo_is_missed_on_the_unit_and_that_answers_it_too(shared_fixture):
    ws = l40s_workspace(shared_fixture, 4)
    ws = replace(ws, slo=SLO(ttft_p99_ms=50, max_error_rate=0.01))
    q = answers(ws, "vllm-l40s").of(DISTRIBUTED)
    assert q.state == ANSWERED and "misses the SLO at every measured load" in str(q.answer)
    assert q.concerns and "TTFT p99" in str(q.answer)


def test_question_2_is_partly_answered_by_an_lm_eval_run_naming_the_missing_kinds(shared_fixture):
    result = import_file(shared_fixture(LM_EVAL_H100), ImportContext(kind=ProvenanceKind.THIRD_PARTY))
    model = result.evidence.parity[0].model
    ws = builtin_sample()
    option = Option("vllm-h100", "vLLM on H100", Strategy.KEEP, "vllm", "nv-h100", Topology("TP8", unit_gpus=8))
    ws = replace(ws, workload=Workload(model=model), options=(option,), answers=(),
                 evidence=Evidence(files=(result.evidence,)))
    art = answers(ws, "vllm-h100")
    q = art.of(KERNELS)
    assert q.state == PARTLY and q.files == ("v0.4.9.2_results_vllm_tp8_H100.json",)
    assert "eval_accuracy: inconclusive (6 checks" in texts(q.evidence)  # no reference imported yet
    missing = texts(q.missing)
    assert "no check of: kernel, logits, greedy_match, structured_output, long_context" in missing
    assert "inconclusive, not a pass: eval_accuracy" in missing
    # an evaluation is no benchmark: question 3 stays unanswered, question 4 has no answers here
    assert art.of(DISTRIBUTED).state == NOT_ANSWERED
    assert art.of(SERVICE).state == NOT_ANSWERED


@pytest.mark.parametrize("option_id", ["keep-vllm-h100", "rtx-dev-only"])
def test_the_answers_are_in_the_json(option_id):
    from deepdecide.cli.evaluate_cmd import json_data

    ws = builtin_sample()
    data = json_data(ws, evaluate(ws, sensitivity=False))
    o = next(o for o in data["options"] if o["option"] == option_id)
    states = [q["state"] for q in o["article"]["answers"]]
    assert states == ["partly", "not-answered", "not-answered", "answered"]
    assert o["article"]["answers"][0]["answer"]["id"] == "article.support.answer"
