"""Every edit has an exact inverse: apply(apply(w, e)[0], inv) == w."""

from __future__ import annotations

import pytest

from deepdecide.domain.common import Estimate, Source
from deepdecide.domain.edits import (
    Batch,
    EditError,
    InsertEvidenceFile,
    RemoveEvidenceFile,
    SetAssumptions,
    SetChecklistAnswer,
    SetDecisionField,
    SetDemand,
    SetFleetEntry,
    SetHostedApi,
    SetMigrationStep,
    SetOptionCost,
    SetSignOffs,
    SetSLO,
    SetWeight,
    apply,
    describe,
)
from deepdecide.domain.evidence import BenchmarkRun, Evidence, EvidenceFile, Provenance
from deepdecide.domain.matrix import (
    Platform,
    Runtime,
    RuntimeKind,
    SupportEntry,
    SupportMatrix,
    SupportStatus,
)
from deepdecide.domain.workspace import (
    SLO,
    Answer,
    Assumptions,
    ChecklistAnswer,
    ChecklistItem,
    CostInputs,
    Criterion,
    DecisionRecord,
    Demand,
    Direction,
    HostedApi,
    MigrationStep,
    Option,
    PlatformFleet,
    RecordStatus,
    SignOff,
    StepStatus,
    Strategy,
    Vote,
    Workspace,
)


def _file(name: str) -> EvidenceFile:
    return EvidenceFile(Provenance(name, 10, "ab" * 32, "vllm-bench"), runs=(BenchmarkRun("vllm-bench"),))


@pytest.fixture
def ws() -> Workspace:
    src = (Source("docs", "https://example.invalid", "2026-09-24"),)
    matrix = SupportMatrix(
        runtimes=(Runtime("vllm", "vLLM", RuntimeKind.SERVING_RUNTIME),),
        platforms=(Platform("h100", "NVIDIA", "H100", "sm90"),),
        entries=(SupportEntry("vllm", "h100", SupportStatus.OFFICIAL, src),),
    )
    return Workspace(
        name="t", model="m", decision=DecisionRecord("ADR-1", "Pick"), matrix=matrix,
        options=(Option("keep", "Keep", Strategy.KEEP, "vllm", "h100"),
                 Option("port", "Port", Strategy.PORT, "vllm", "h100"),
                 Option("api", "API", Strategy.HOSTED_API, "", "", hosted=HostedApi("p", Estimate(1, 1, 1)))),
        fleet=(PlatformFleet("h100", owned_gpus=8),),
        checklist=(ChecklistItem("kv", "KV cache"), ChecklistItem("lb", "Load balancing")),
        answers=(ChecklistAnswer("keep", "kv", Answer.PROVIDED),),
        criteria=(Criterion("cost", "Cost", "tco_usd", Direction.COST, 3.0),
                  Criterion("risk", "Risk", "risk", Direction.COST, 1.0)),
        signoffs=(SignOff("Ana", "architect"),),
        migration_plan=(MigrationStep(1, "Keep production"), MigrationStep(2, "Branch")),
        evidence=Evidence(files=(_file("a.json"),)),
    )


EDITS = [
    SetWeight("cost", 5.0),
    SetChecklistAnswer("keep", "kv", ChecklistAnswer("keep", "kv", Answer.EXTERNAL, "infra", Estimate(1, 2, 4))),
    SetChecklistAnswer("keep", "kv", None),
    SetChecklistAnswer("port", "lb", ChecklistAnswer("port", "lb", Answer.MISSING)),
    SetDecisionField("chosen_option", "keep"),
    SetDecisionField("status", RecordStatus.ACCEPTED),
    SetDecisionField("drivers", ("cost", "risk")),
    SetSignOffs((SignOff("Ana", "architect", Vote.APPROVE, "2026-11-29"), SignOff("Bo", "SRE"))),
    SetMigrationStep(1, MigrationStep(2, "Branch", StepStatus.DONE, "Bo", "pinned")),
    SetSLO(SLO(ttft_p99_ms=2000, tpot_p99_ms=50)),
    SetDemand(Demand(output_tokens_per_s=1e5)),
    SetAssumptions(Assumptions(horizon_years=5)),
    SetOptionCost("port", CostInputs(gpu_hour_usd=Estimate(2, 2.5, 3))),
    SetFleetEntry("h100", PlatformFleet("h100", owned_gpus=16, purchase_usd_per_gpu=Estimate(3e4, 4e4, 5e4))),
    SetFleetEntry("b200", PlatformFleet("b200", rental_usd_per_gpu_hour=Estimate(2, 3, 4))),
    SetFleetEntry("h100", None),
    SetHostedApi("api", HostedApi("p", Estimate(1, 1, 1), Estimate(2, 3, 4))),
    InsertEvidenceFile(_file("b.json")),
    InsertEvidenceFile(_file("c.json"), 0),
    RemoveEvidenceFile(0),
    Batch((SetWeight("cost", 1.0), SetWeight("risk", 9.0), RemoveEvidenceFile(0))),
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: type(e).__name__)
def test_inverse_restores(ws: Workspace, edit) -> None:
    new, inverse = apply(ws, edit)
    assert new != ws
    back, again = apply(new, inverse)
    assert back == ws
    # the inverse of the inverse redoes the edit
    assert apply(back, again)[0] == new
    assert describe(edit)


def test_weight_edit_changes_only_that_weight(ws: Workspace) -> None:
    new, _ = apply(ws, SetWeight("risk", 2.5))
    assert [c.weight for c in new.criteria] == [3.0, 2.5]


def test_insert_appends_and_inverse_names_index(ws: Workspace) -> None:
    new, inverse = apply(ws, InsertEvidenceFile(_file("b.json")))
    assert [f.provenance.file_name for f in new.evidence.files] == ["a.json", "b.json"]
    assert inverse == RemoveEvidenceFile(1)


@pytest.mark.parametrize("edit", [
    SetWeight("nope", 1), SetChecklistAnswer("nope", "kv", None), SetDecisionField("nope", 1),
    SetMigrationStep(9, MigrationStep(9, "x")), SetOptionCost("nope", CostInputs()),
    RemoveEvidenceFile(5), InsertEvidenceFile(_file("x"), 7),
    SetFleetEntry("h100", PlatformFleet("b200")), SetHostedApi("keep", HostedApi()), SetHostedApi("nope", HostedApi()),
    SetChecklistAnswer("keep", "kv", ChecklistAnswer("port", "kv", Answer.MISSING)),
])
def test_bad_edits_raise(ws: Workspace, edit) -> None:
    with pytest.raises(EditError):
        apply(ws, edit)
