"""What changed between two revisions of a decision: in its inputs and in its outcome.

``diff_workspaces(a, b)`` compares two workspaces field by field where a user would look —
evidence files added or removed, options, prices and other cost inputs, criteria and weights,
SLO, demand, assumptions, checklist answers, support cells, the decision record — and then the
outcome of both assessments (ranking, winner, eligibility, GPUs, $/M tokens, TCO). Pure: no IO.

A change's key, before and after are written in the current language (``domain.i18n``) when the
diff is made: what it is about ("option b", "recommended option") and the words around the values
("removed", "added, 3 records") are translated, field paths (``slo.ttft_p99_ms``), ids and user
text are not. ``area`` is a stable English id (:func:`area_text` names it in the language); a
``--json`` diff is made in English, so its keys and texts are the same in every language.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from deepdecide.analysis.assessment import Assessment, Figure, OptionAssessment
from deepdecide.analysis.engine import evaluate
from deepdecide.domain import formatting
from deepdecide.domain.common import Estimate
from deepdecide.domain.i18n import N_, _, pgettext
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import PreviousRevision, Workspace

#: the areas a change is in (a stable id), as a reader names them
AREAS: dict[str, str] = {
    "evidence": N_("evidence"),
    "options": N_("options"),
    "prices": N_("prices"),
    "criteria": N_("criteria"),
    "slo": N_("SLO"),
    "demand": N_("demand"),
    "assumptions": N_("assumptions"),
    "checklist": N_("checklist"),
    "support": N_("support"),
    "parity": N_("parity"),
    "decision": N_("decision"),
    "outcome": N_("outcome"),
}

#: what a keyed member is called in a change's key ("option b", "criterion cost")
MEMBERS: dict[str, str] = {
    "build": N_("build {key}"),
    "option": N_("option {key}"),
    "criterion": N_("criterion {key}"),
    "answer": N_("answer {key}"),
    "item": N_("item {key}"),
    "cell": N_("cell {key}"),
    "platform": N_("platform {key}"),
    "runtime": N_("runtime {key}"),
    "sign-off": N_("sign-off {key}"),
}


def area_text(area: str) -> str:
    """The area's name in the current language."""
    return _(AREAS[area]) if area in AREAS else area


def _absent() -> str:
    return _("(absent)")


@dataclass(frozen=True, slots=True)
class Change:
    """One difference: where (``area`` and ``key``), the value before and after, in words."""

    area: str
    key: str
    before: str
    after: str

    @property
    def message(self) -> Message:
        return msg("diff.change", "{key}: {before} -> {after}", key=self.key, before=self.before, after=self.after)


@dataclass(frozen=True, slots=True)
class WorkspaceDiff:
    inputs: tuple[Change, ...]
    outcome: tuple[Change, ...]

    @property
    def identical(self) -> bool:
        return not self.inputs and not self.outcome

    def areas(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for c in (*self.inputs, *self.outcome):
            seen.setdefault(c.area, None)
        return tuple(seen)


def _text(v: Any) -> str:
    if v is None:
        return formatting.DASH
    if isinstance(v, Estimate):
        return formatting.estimate(v.likely, v.low, v.high)
    if isinstance(v, enum.Enum):
        return str(v.value)
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if isinstance(v, (int, float)):
        return formatting.number(v)
    if isinstance(v, tuple):
        return _short("[" + ", ".join(_text(x) for x in v) + "]")
    if isinstance(v, Message):  # a quality flag, a parity rule: its text in the current language
        return _short(str(v))
    if isinstance(v, PreviousRevision):
        return _("revision {revision} of {id} (inputs {sha}…)").format(revision=v.revision, id=v.id,
                                                                      sha=v.inputs_sha256[:12])
    if dataclasses.is_dataclass(v):
        return _label(v)
    return _short(str(v))


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


#: the fields that name a member of a list, in the order looked for ("id" of an option, "text" of a
#: revisit condition, "label" of a run)
_NAMING = ("id", "name", "title", "text", "label", "role", "task")


def _label(v: Any) -> str:
    """A record as a reader knows it, never Python's name for it: the first field that names it
    (``_NAMING``), else its first few stated values ("runtime vllm, platform nv-h100, ...")."""
    for name in _NAMING:
        value = getattr(v, name, None)
        if isinstance(value, str) and value:
            return _short(value)
    parts = []
    for f in dataclasses.fields(v):
        value = getattr(v, f.name)
        if value is None or value == "" or value == () or dataclasses.is_dataclass(value) or isinstance(value, tuple):
            continue
        parts.append(f"{f.name} {_text(value)}")
        if len(parts) == 3:
            break
    return _short(", ".join(parts)) if parts else formatting.DASH


def _records(v: Any) -> bool:
    """Whether ``v`` is a list of records (runs, revisit conditions, steps): compared member by member."""
    return isinstance(v, tuple) and bool(v) and all(dataclasses.is_dataclass(x) and not isinstance(x, Message)
                                                    for x in v)


def _fields(area: str, prefix: str, a: Any, b: Any, out: list[Change]) -> None:
    """Every leaf field of two values of the same dataclass type that differs."""
    if a == b:
        return
    if (dataclasses.is_dataclass(a) and dataclasses.is_dataclass(b) and type(a) is type(b)
            and not isinstance(a, (Estimate, Message))):
        for f in dataclasses.fields(a):
            _fields(area, f"{prefix}.{f.name}" if prefix else f.name, getattr(a, f.name), getattr(b, f.name), out)
        return
    if (_records(a) or not a) and (_records(b) or not b) and isinstance(a, tuple) and isinstance(b, tuple):
        # runs, conditions, steps: member by member (numbered from 1, as the lists show them)
        for i in range(max(len(a), len(b))):
            key = f"{prefix}[{i + 1}]"
            if i >= len(b):
                out.append(Change(area, key, _label(a[i]), pgettext("diff", "removed")))
            elif i >= len(a):
                out.append(Change(area, key, _absent(), _("added: {what}").format(what=_label(b[i]))))
            else:
                _fields(area, key, a[i], b[i], out)
        return
    leaf = _LEAVES.get((area, prefix.rsplit(".", 1)[-1]), _text)
    out.append(Change(area, prefix, leaf(a), leaf(b)))


def _weight(v: Any) -> str:
    return formatting.weight(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else _text(v)


#: fields written by their own rule rather than :func:`_text`: a weight as everywhere else ("0.050
#: -> 0.200", never "0.0500 -> 0.200")
_LEAVES: dict[tuple[str, str], Any] = {("criteria", "weight"): _weight}


def _keyed(area: str, name: str, a: Iterable[Any], b: Iterable[Any], key: Any, out: list[Change]) -> None:
    """Two collections matched by ``key``: added, removed and changed members."""
    da = {key(x): x for x in a}
    db = {key(x): x for x in b}

    def member(k: Any) -> str:
        if isinstance(k, tuple):  # a key of several parts (a build: runtime, platform, date)
            k = " / ".join(str(x) for x in k if x)
        return _(MEMBERS[name]).format(key=k) if name in MEMBERS else f"{name} {k}"
    for k in da.keys() - db.keys():
        out.append(Change(area, member(k), pgettext("diff", "present"), pgettext("diff", "removed")))
    for k in db.keys() - da.keys():
        out.append(Change(area, member(k), _absent(), pgettext("diff", "added")))
    for k in sorted(da.keys() & db.keys(), key=str):
        _fields(area, member(k), da[k], db[k], out)


def input_changes(a: Workspace, b: Workspace) -> tuple[Change, ...]:
    out: list[Change] = []
    # evidence: files by content hash (a re-import with a new label is a change of that file)
    fa = {f.provenance.sha256: f for f in a.evidence.files}
    fb = {f.provenance.sha256: f for f in b.evidence.files}
    for h in fa.keys() - fb.keys():
        f = fa[h]
        out.append(Change("evidence", _("file {name} ({sha})").format(name=f.provenance.file_name, sha=h[:12]),
                          formatting.count(len(f.runs) + len(f.parity), "record"), pgettext("diff", "removed")))
    for h in fb.keys() - fa.keys():
        f = fb[h]
        out.append(Change("evidence", _("file {name} ({sha})").format(name=f.provenance.file_name, sha=h[:12]),
                          _absent(), _("added, {records}").format(
                              records=formatting.count(len(f.runs) + len(f.parity), "record"))))
    for h in sorted(fa.keys() & fb.keys()):
        if fa[h] != fb[h]:
            _fields("evidence", _("file {name}").format(name=fa[h].provenance.file_name), fa[h], fb[h], out)
    _keyed("evidence", "build", a.evidence.builds, b.evidence.builds, lambda x: (x.runtime, x.platform, x.date), out)
    _keyed("options", "option", a.options, b.options, lambda o: o.id, out)
    _keyed("criteria", "criterion", a.criteria, b.criteria, lambda c: c.id, out)
    for entry, before in a.slo.items():  # limit by limit of domain.slo
        _fields("slo", f"slo.{entry.key}", before, b.slo.get(entry.key), out)
    _fields("demand", "demand", a.demand, b.demand, out)
    _fields("assumptions", "assumptions", a.assumptions, b.assumptions, out)
    _keyed("checklist", "answer", a.answers, b.answers, lambda x: f"{x.option}/{x.item}", out)
    _keyed("checklist", "item", a.checklist, b.checklist, lambda x: x.id, out)
    _keyed("support", "cell", a.matrix.entries, b.matrix.entries, lambda e: f"{e.runtime}/{e.platform}", out)
    _keyed("support", "platform", a.matrix.platforms, b.matrix.platforms, lambda p: p.id, out)
    _keyed("support", "runtime", a.matrix.runtimes, b.matrix.runtimes, lambda r: r.id, out)
    if tuple(a.required_parity) != tuple(b.required_parity):
        out.append(Change("parity", "required_parity", _text(a.required_parity), _text(b.required_parity)))
    _fields("decision", "decision", a.decision, b.decision, out)
    _keyed("decision", "sign-off", a.signoffs, b.signoffs, lambda s: s.role, out)
    # an option's cost inputs are its prices: name the area for what a reader looks for
    return tuple(dataclasses.replace(c, area="prices") if c.area == "options" and ".cost." in c.key else c
                 for c in out)


def _fig(f: Figure, kind: str = "number") -> str:
    if f.value is None:
        return formatting.DASH
    if kind == "money":
        return formatting.money(f.value)
    return formatting.number(f.value, _(f.unit) if f.unit else "")


def outcome_changes(a: Assessment, b: Assessment) -> tuple[Change, ...]:
    out: list[Change] = []
    if a.winner != b.winner:
        out.append(Change("outcome", _("recommended option"), a.winner or formatting.DASH,
                          b.winner or formatting.DASH))
    if a.ranking != b.ranking:
        out.append(Change("outcome", _("ranking"), " > ".join(a.ranking) or formatting.DASH,
                          " > ".join(b.ranking) or formatting.DASH))
    oa = {o.option: o for o in a.options}
    ob = {o.option: o for o in b.options}
    for oid in [o.option for o in b.options if o.option in oa]:
        x: OptionAssessment = oa[oid]
        y: OptionAssessment = ob[oid]
        pairs = (
            (N_("{option}: eligible"), _text(x.eligible and not x.vetoes), _text(y.eligible and not y.vetoes)),
            (N_("{option}: rank"), _text(x.rank), _text(y.rank)),
            (N_("{option}: capacity"), _fig(x.capacity.figure), _fig(y.capacity.figure)),
            (N_("{option}: GPUs"), _fig(x.fleet.gpus), _fig(y.fleet.gpus)),
            (N_("{option}: $/M tokens"), _fig(x.costs.cost_per_m_tokens_usd, "money"),
             _fig(y.costs.cost_per_m_tokens_usd, "money")),
            (N_("{option}: TCO"), _fig(x.costs.tco_usd, "money"), _fig(y.costs.tco_usd, "money")),
            (N_("{option}: evidence level"), _text(x.evidence.level), _text(y.evidence.level)),
        )
        for name, before, after in pairs:
            if before != after:
                out.append(Change("outcome", _(name).format(option=oid), before, after))
    return tuple(out)


def diff_workspaces(a: Workspace, b: Workspace) -> WorkspaceDiff:
    """Inputs and outcome that differ between revision ``a`` and revision ``b``."""
    inputs = input_changes(a, b)
    outcome = outcome_changes(evaluate(a, sensitivity=False), evaluate(b, sensitivity=False)) if inputs else ()
    return WorkspaceDiff(inputs, outcome)
