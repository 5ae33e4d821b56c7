"""The confirmation criteria a decision checks before it is accepted (``decision.acceptance_checks``).

``parity``: the chosen option passes every required parity check, i.e. its evidence reaches
*correct* in the Assessment (the same level the record prints as "Correct: yes/no"). A record is
never made accepted (``deepdecide signoffs``) nor exported as accepted (``deepdecide report``) while
one of them fails: the refusal names the criterion by its key path.
"""

from __future__ import annotations

from dataclasses import dataclass

from deepdecide.analysis.assessment import Assessment
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import AcceptanceCheck, Workspace


@dataclass(frozen=True, slots=True)
class AcceptanceFailure:
    path: str  # the key path of the criterion (decision.acceptance_checks[i])
    reason: Message


def failures(ws: Workspace, assessment: Assessment) -> list[AcceptanceFailure]:
    """Every acceptance check the chosen option fails, located."""
    out: list[AcceptanceFailure] = []
    chosen = ws.decision.chosen_option
    for i, check in enumerate(ws.decision.acceptance_checks):
        at = f"decision.acceptance_checks[{i}]"
        if check != AcceptanceCheck.PARITY:
            continue
        oa = assessment.option(chosen) if chosen else None
        if oa is None:
            out.append(AcceptanceFailure(at, msg("acceptance.parity.no_option", "parity must pass before acceptance, "
                                                 "but no option is chosen (decision.chosen_option)")))
        elif not oa.evidence.correct.reached:
            why = "; ".join(str(r) for r in oa.evidence.correct.reasons[:3])
            out.append(AcceptanceFailure(at, msg(
                "acceptance.parity", "parity must pass before acceptance, but the chosen option {option} does not pass "
                "every required parity check (Correct: no): {why}", option=chosen, why=why)))
    return out
