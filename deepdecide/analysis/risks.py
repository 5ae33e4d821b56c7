"""The risks the recommended option still carries, as structured messages.

For the option the record recommends (the decision-makers' choice, else the top rank): a knock-out
(it fails the SLO or parity, or the evidence cannot show it meets the SLO), its capacity resting on
an assumption, required parity
kinds not yet passed on its platform, evidence that is a proxy or illustrative rather than our
own measurement, blockers, and the driver / CUDA / CANN requirements of its support cell that
the fleet still has to meet.
"""

from __future__ import annotations

from dataclasses import dataclass

from deepdecide.analysis.assessment import CapacityBasis, OptionAssessment
from deepdecide.domain import i18n
from deepdecide.domain.matrix import Component
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import Workspace

#: stack components whose requirements the fleet has to meet (the rest is the build environment)
FLEET_COMPONENTS = (Component.DRIVER, Component.CUDA, Component.CANN, Component.ROCM)


@dataclass(frozen=True, slots=True)
class RecommendationRisk:
    """One risk of the recommended option: ``kind`` is not-recommendable | assumed-capacity | missing-parity |
    proxy-evidence | blocker | requirement | fleet."""

    option: str
    kind: str
    message: Message

    @property
    def text(self) -> str:
        return str(self.message)


def recommendation_risks(ws: Workspace, oa: OptionAssessment) -> tuple[RecommendationRisk, ...]:
    out: list[RecommendationRisk] = []

    def add(kind: str, m: Message) -> None:
        out.append(RecommendationRisk(oa.option, kind, m))

    cap = oa.capacity
    if not oa.slo_standing.recommendable and oa.slo_standing.reason is not None:
        # the decision-makers chose an option the evidence does not show to meet the SLO
        add("not-recommendable", msg("risk.not_recommendable", "not recommendable: {reason}",
                                     reason=oa.slo_standing.reason))
    if cap.basis == CapacityBasis.ASSUMED:
        add("assumed-capacity", msg("risk.assumed_capacity",
                                    "capacity {value} output tok/s/GPU is an assumption (range {low}-{high}), "
                                    "not a measurement under the SLO", value=cap.value, low=cap.low, high=cap.high))
    elif cap.basis == CapacityBasis.LOWER_BOUND:
        add("assumed-capacity", msg("risk.lower_bound_capacity",
                                    "capacity {value} output tok/s/GPU is a lower bound (not extrapolated)",
                                    value=cap.value))
    if not oa.evidence.correct.reached:
        missing = tuple(r for r in oa.evidence.correct.reasons if r)
        add("missing-parity", msg("risk.missing_parity",
                                  "required parity not reached on {platform}: {reasons}",
                                  platform=oa.platform, reasons=missing or (msg("risk.no_check", "no check"),)))
    with i18n.using(i18n.DEFAULT):  # judged on the English text: the same risks in every language
        proxy: list[Message] = [r for lv in (oa.evidence.builds, oa.evidence.performs) for r in lv.reasons
                                if "proxy" in str(r) or "illustrative" in str(r)]
    proxy += [f for f in cap.figure.flags if f.id == "capacity.proxy"]
    if proxy:
        add("proxy-evidence", msg("risk.proxy_evidence",
                                  "evidence is a proxy or illustrative, not measured by us: {reasons}",
                                  reasons=tuple(dict.fromkeys(proxy))))
    for b in oa.checklist.blockers:
        add("blocker", msg("risk.blocker", "blocker: {reason}", reason=b.reason))
    entry = ws.matrix.entry(oa.runtime, oa.platform)
    for req in entry.requirements if entry is not None else ():
        if req.component in FLEET_COMPONENTS:
            add("requirement", msg("risk.requirement",
                                   "{runtime} on {platform} requires {component} {spec}{text}: the fleet must meet it",
                                   runtime=oa.runtime, platform=oa.platform, component=req.component.value,
                                   spec=req.spec, text=msg("risk.requirement.source_note",
                                                                  " (the source's note: «{note}»)", note=req.text)
                                   if req.text else ""))
    for w in oa.fleet.warnings:
        add("fleet", w)
    return tuple(out)
