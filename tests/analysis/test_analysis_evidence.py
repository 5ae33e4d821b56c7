"""Evidence levels, classification and the checklist: the seed's rules."""

from __future__ import annotations

from dataclasses import replace

from analysis_factory import E, parity, run, with_blocker, with_option, workspace

from deepdecide.analysis import evaluate
from deepdecide.domain.evidence import (
    BuildAttestation,
    Evidence,
    EvidenceFile,
    ParityKind,
    Provenance,
    Verdict,
)
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.workspace import Answer, ChecklistAnswer


def _with_evidence(ws, runs=(), checks=(), builds=()):
    prov = Provenance("x.json", 1, "00" * 32, "test")
    return replace(ws, evidence=Evidence(files=(EvidenceFile(prov, tuple(runs), tuple(checks)),), builds=tuple(builds)))


def test_official_only_for_the_exact_platform():
    a = evaluate(workspace(), sensitivity=False)
    assert a.option("buy-sm100-deepinfer").classification.official
    port = a.option("port-deepinfer-h100").classification
    assert not port.official and port.label == "experimental"
    assert port.status == SupportStatus.UNDOCUMENTED
    text = " ".join(map(str, port.reasons))
    assert "not on the official list" in text and "whatever the evidence says" in text
    assert "official only on: nv-b200" in text


def test_evidence_does_not_change_the_classification():
    # even with a passing build, parity and SLO-meeting run on H100, the port stays experimental
    ws = _with_evidence(workspace(), runs=[run("deepinfer", "nv-h100", 8, 16000, 8)],
                        checks=[parity("deepinfer", "nv-h100", k, Verdict.PASS)
                                for k in (ParityKind.LOGITS, ParityKind.GREEDY_MATCH)])
    oa = evaluate(ws, sensitivity=False).option("port-deepinfer-h100")
    assert oa.evidence.level == 3
    assert oa.classification.label == "experimental"


def test_platform_not_in_matrix_is_a_message_and_experimental():
    ws = with_option(workspace(), "keep-vllm-h100", platform="nv-h999")
    oa = evaluate(ws).option("keep-vllm-h100")
    assert oa.classification.label == "experimental"
    assert any("nv-h999" in str(m) and "not in the support matrix" in str(m) for m in oa.messages)


def test_builds_from_an_attestation_alone():
    ws = _with_evidence(workspace(), builds=[BuildAttestation("deepinfer", "nv-h100", "2026-11-20", "ab" * 32)])
    ev = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").evidence
    assert ev.builds.reached and "abababababab" in str(ev.builds.reasons[0])
    assert not ev.correct.reached and not ev.performs.reached
    assert ev.level == 1


def test_builds_not_from_another_platform():
    ws = _with_evidence(workspace(), runs=[run("deepinfer", "nv-b200", 8, 40000, 8)],
                        builds=[BuildAttestation("deepinfer", "nv-b200", "2026-11-20")])
    ev = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").evidence
    assert not ev.builds.reached
    assert any("nv-b200 does not count for nv-h100" in str(r) for r in ev.builds.reasons)


def test_correct_names_the_failing_and_the_inconclusive_kind():
    ev = evaluate(workspace(), sensitivity=False).option("port-deepinfer-h100").evidence
    assert not ev.correct.reached
    text = " | ".join(map(str, ev.correct.reasons))
    assert "greedy_match FAILED" in text
    assert "logits INCONCLUSIVE (not a pass)" in text
    assert "checks on nv-b200 do not count for nv-h100" in text


def test_correct_needs_every_required_kind():
    ws = replace(workspace(), required_parity=(ParityKind.LOGITS, ParityKind.GREEDY_MATCH, ParityKind.LONG_CONTEXT))
    ev = evaluate(ws, sensitivity=False).option("keep-vllm-h100").evidence
    assert not ev.correct.reached
    assert any("long_context: no check on nv-h100" in str(r) for r in ev.correct.reasons)


def test_a_failure_beside_a_pass_of_the_same_kind_is_a_failure():
    ws = workspace()
    extra = parity("vllm", "nv-h100", ParityKind.LOGITS, Verdict.FAIL)
    ws = _with_evidence(ws, runs=ws.evidence.runs, checks=(*ws.evidence.parity, extra))
    assert not evaluate(ws, sensitivity=False).option("keep-vllm-h100").evidence.correct.reached


def test_performs_needs_a_run_meeting_the_slo_on_the_exact_platform():
    a = evaluate(workspace(), sensitivity=False)
    keep = a.option("keep-vllm-h100").evidence
    assert keep.performs.reached and "3 of 4 runs meet the SLO" in str(keep.performs.reasons[0])
    port = a.option("port-deepinfer-h100").evidence.performs
    assert not port.reached
    assert any("not evidence for nv-h100" in str(r) for r in port.reasons)
    assert any("assumption" in str(r) for r in port.reasons)


def test_an_slo_no_run_meets_says_why_on_the_option():
    ws = replace(workspace(), slo=replace(workspace().slo, ttft_p99_ms=100))
    oa = evaluate(ws).option("keep-vllm-h100")
    assert not oa.evidence.performs.reached
    assert "none of 4 runs meets the SLO" in str(oa.evidence.performs.reasons[0])
    assert "closest, vllm-bench, concurrency 64, 8 GPUs: TTFT p99 900 ms > 100 ms" in str(oa.evidence.performs.reasons[1])
    assert oa.capacity.value is None
    assert any(str(m).startswith("no capacity") for m in oa.messages)


def test_run_platform_given_as_a_gpu_name_is_matched_to_the_platform():
    ws = _with_evidence(workspace(), runs=[run("vllm", "NVIDIA H100 80GB HBM3", 16, 8000, 8)])
    oa = evaluate(ws, sensitivity=False).option("keep-vllm-h100")
    assert oa.evidence.builds.reached and oa.capacity.value == 1000


def test_evidence_level_is_the_ladder_reached_in_order():
    ws = _with_evidence(workspace(), runs=[run("deepinfer", "nv-h100", 8, 16000, 8)])
    ev = evaluate(ws, sensitivity=False).option("port-deepinfer-h100").evidence
    assert ev.builds.reached and not ev.correct.reached and ev.performs.reached
    assert ev.level == 1  # performs without correct does not count as level 3


def test_checklist_external_adds_effort_missing_without_owner_blocks():
    oa = evaluate(with_blocker(workspace(), "port-deepinfer-h100"), sensitivity=False).option("port-deepinfer-h100")
    cl = oa.checklist
    assert cl.external == ("http", "lb")
    assert [b.item for b in cl.blockers] == ["kv-cache"]
    assert "nobody is named" in str(cl.blockers[0].reason)
    assert cl.effort_person_weeks.value == 12  # 8 + 4; the blocker's 12 not counted
    assert cl.completeness.value == 0.0
    assert oa.costs.engineering_person_weeks.value == 26 + 12


def test_missing_with_an_owner_is_not_a_blocker_and_costs_effort():
    ws = with_blocker(workspace(), "port-deepinfer-h100")
    answers = tuple(
        ChecklistAnswer(a.option, a.item, Answer.MISSING, "platform team", E(6, 12, 24))
        if (a.option, a.item) == ("port-deepinfer-h100", "kv-cache") else a for a in ws.answers)
    oa = evaluate(replace(ws, answers=answers), sensitivity=False).option("port-deepinfer-h100")
    assert oa.checklist.blockers == ()
    assert oa.checklist.missing_owned == ("kv-cache",)
    assert oa.costs.engineering_person_weeks.value == 26 + 12 + 12


def test_unanswered_items_are_listed_and_not_provided():
    ws = workspace()
    answers = tuple(a for a in ws.answers if not (a.option == "keep-vllm-h100" and a.item == "lb"))
    cl = evaluate(replace(ws, answers=answers), sensitivity=False).option("keep-vllm-h100").checklist
    assert cl.unanswered == ("Load balancing",)
    assert cl.completeness.value == 1 / 3


def test_one_pass_and_one_inconclusive_check_is_inconclusive_not_correct():
    """The parity rule, decided once: a kind is correct only when every check of it passes."""
    from deepdecide.analysis.assessment import ParityOutcome

    checks = [parity("vllm", "nv-h100", ParityKind.LOGITS, Verdict.PASS),
              parity("vllm", "nv-h100", ParityKind.LOGITS, Verdict.INCONCLUSIVE),
              parity("vllm", "nv-h100", ParityKind.GREEDY_MATCH, Verdict.PASS)]
    oa = evaluate(_with_evidence(workspace(), checks=checks), sensitivity=False).option("keep-vllm-h100")
    kp = oa.parity_of(ParityKind.LOGITS)
    assert kp.outcome == ParityOutcome.INCONCLUSIVE and (kp.passed, kp.inconclusive, kp.failed) == (1, 1, 0)
    assert kp.required and kp.checks == (0, 1)
    assert oa.parity_of(ParityKind.GREEDY_MATCH).outcome == ParityOutcome.PASS
    assert oa.parity_of(ParityKind.KERNEL).outcome == ParityOutcome.NONE
    assert not oa.evidence.correct.reached
    assert any("INCONCLUSIVE" in str(r) for r in oa.evidence.correct.reasons)
    assert oa.parity_checks == (0, 1, 2)
    # with no required kinds the same mix is still not a pass
    ws = replace(_with_evidence(workspace(), checks=checks[:2]), required_parity=())
    assert not evaluate(ws, sensitivity=False).option("keep-vllm-h100").evidence.correct.reached


def test_reasons_are_structured_messages_with_ids_and_parameters():
    """Reasons are a message id plus parameters (views render them; a translation can too)."""
    from deepdecide.analysis import to_data
    from deepdecide.domain.messages import Message

    a = evaluate(workspace(), sensitivity=False)
    port = a.option("port-deepinfer-h100")
    first = port.classification.reasons[0]
    assert isinstance(first, Message) and first.id == "class.no_cell"
    assert first.args["runtime"] == "deepinfer" and first.args["platform"] == "nv-h100"
    assert isinstance(first.args["status"], Message)  # the status in words, a message of its own
    assert first.render(lambda t: t.replace("so the option is experimental", "EXPERIMENTAL")).endswith(
        "EXPERIMENTAL whatever the evidence says")
    data = to_data(port)["classification"]["reasons"][0]
    assert data["id"] == "class.no_cell" and data["params"]["platform"] == "nv-h100"
    assert data["text"] == str(first)
    blocked = evaluate(with_blocker(workspace(), "port-deepinfer-h100"), sensitivity=False).option("port-deepinfer-h100")
    blocker = blocked.checklist.blockers[0].reason
    assert blocker.id == "checklist.blocker" and blocker.args["item"] == "Persistent KV cache"
    assert all(isinstance(m, Message) for m in (*a.messages, *port.evidence.correct.reasons, *port.messages,
                                                 *(r.text for r in port.risks)))
