"""What changed between two revisions of a decision: in its inputs and in its outcome.

``input_changes(a, b)`` walks every field of the workspace types (``dataclasses.fields``,
recursively: nothing is compared from a hand-kept list of fields, so a field added to a type is
compared as soon as it exists) and names each changed input by its path, with the value before and
after as a person reads it: evidence files, options, the owned fleet and platform prices, criteria
and weights, SLO, demand, assumptions, the workload, checklist answers, support cells, the decision
record, the sign-off rows, the migration plan. Members of a list are matched by what identifies them
(an option's id, a fleet's platform, an evidence file's SHA-256, a cell's runtime and platform; a
list of records without one, by position); a text, a figure, a three-point estimate or a message is
one leaf. Values are compared canonically: a message's parameters in another order (a record's
embedded inputs store them sorted) are the same message. Then the outcome of both assessments
(ranking, winner, eligibility, GPUs and owned GPUs used, $/M tokens, TCO in both cost views). Pure:
no IO.

A change's key, before and after are written in the current language (``domain.i18n``) when the
diff is made: what it is about ("option b", "recommended option") and the words around the values
("removed", "added, 3 records") are translated, field paths (``slo.ttft_p99_ms``), ids and user
text are not. ``area`` is a stable English id (:func:`area_text` names it in the language); a
``--json`` diff is made in English, so its keys and texts are the same in every language.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deepdecide.analysis.assessment import Assessment, Figure, OptionAssessment
from deepdecide.analysis.engine import evaluate
from deepdecide.domain import formatting
from deepdecide.domain.common import Estimate
from deepdecide.domain.evidence import BuildAttestation, EvidenceFile
from deepdecide.domain.i18n import N_, _, pgettext
from deepdecide.domain.matrix import SupportEntry
from deepdecide.domain.messages import Message, current_names, field_words, msg, name_of, names_of, naming
from deepdecide.domain.slo import SLO, limits
from deepdecide.domain.workspace import ChecklistAnswer, PlatformFleet, PreviousRevision, SignOff, Workspace

#: the areas a change is in (a stable id), as a reader names them
AREAS: dict[str, str] = {
    "evidence": N_("evidence"),
    "options": N_("options"),
    "prices": N_("prices"),
    "fleet": N_("fleet"),
    "criteria": N_("criteria"),
    "slo": N_("SLO"),
    "demand": N_("demand"),
    "assumptions": N_("assumptions"),
    "workload": N_("workload"),
    "checklist": N_("checklist"),
    "support": N_("support"),
    "parity": N_("parity"),
    "decision": N_("decision"),
    "migration": N_("migration plan"),
    "workspace": N_("workspace"),
    "outcome": N_("outcome"),
}

#: the area of each top-level field of the workspace, in the order the changes are listed; a field
#: not named here (one added to the workspace later) is compared all the same, after these, in an
#: area of its own name
_AREA_OF: dict[str, str] = {
    "evidence": "evidence", "options": "options", "fleet": "fleet", "criteria": "criteria", "slo": "slo",
    "demand": "demand", "assumptions": "assumptions", "workload": "workload", "answers": "checklist",
    "checklist": "checklist", "matrix": "support", "required_parity": "parity", "decision": "decision",
    "signoffs": "decision", "migration_plan": "migration", "name": "workspace", "model": "workspace",
    "description": "workspace",
}

#: fields that are not inputs of the decision: the version of the file format the workspace was written in
_NOT_INPUTS = frozenset({"schema_version"})

#: what a member of a top-level list is called in a change's key ("option b", "criterion cost"), by
#: the list's path; a member of any other list is ``path[key]`` (``options.cost.sources[d6]``)
MEMBERS: dict[str, str] = {
    "evidence.files": N_("file {key}"),
    "evidence.builds": N_("build {key}"),
    "options": N_("option {key}"),
    "fleet": N_("fleet {key}"),
    "criteria": N_("criterion {key}"),
    "answers": N_("answer {key}"),
    "checklist": N_("item {key}"),
    "matrix.entries": N_("cell {key}"),
    "matrix.platforms": N_("platform {key}"),
    "matrix.runtimes": N_("runtime {key}"),
    "signoffs": N_("sign-off {key}"),
}

#: what identifies a member of a list of records, where it is not its ``id`` field (which identifies
#: any record that has one); a list whose members have no identity, or a repeated one, is compared
#: by position
_IDENTITY: dict[type, Callable[[Any], str]] = {
    EvidenceFile: lambda f: f.provenance.sha256,
    BuildAttestation: lambda b: " / ".join(x for x in (b.runtime, b.platform, b.date) if x),
    ChecklistAnswer: lambda a: f"{a.option}/{a.item}",
    SupportEntry: lambda e: f"{e.runtime}/{e.platform}",
    SignOff: lambda s: s.role,
    PlatformFleet: lambda f: f.platform,
}

#: types compared and written as one value (a three-point estimate, a message, the named predecessor)
_LEAF_TYPES: tuple[type, ...] = (Estimate, Message, PreviousRevision)

#: types compared through a mapping view of what they hold (an SLO: every limit of the table of limits)
_VIEWS: dict[type, Callable[[Any], dict[str, Any]]] = {
    SLO: lambda s: {entry.key: s.get(entry.key) for entry in limits()},
}


def area_text(area: str) -> str:
    """The area's name in the current language."""
    return _(AREAS[area]) if area in AREAS else area


def _absent() -> str:
    return _("(absent)")


class _Absent:
    """The side of a comparison where a member or field does not exist."""


_ABSENT = _Absent()


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


# ---------------------------------------------------------------------------------------------
# values in words


def _exact(v: float | int) -> str:
    """A number with every digit it holds ("55,123.5", "0.07"), as the current language writes it."""
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return formatting.localized(f"{v:,.0f}")
    return formatting.localized(f"{v:,}")


def _number(v: float | int, exact: bool) -> str:
    return _exact(v) if exact else formatting.number(v)


def _text(v: Any, exact: bool = False) -> str:
    """A value as a person reads it: numbers with separators, an estimate as "likely (low–high)", yes
    or no, an enumeration's word, a message's text, a record by what names it; never a Python repr.
    ``exact``: numbers with every digit (where the usual three significant digits hide a change)."""
    if v is None:
        return formatting.DASH
    if isinstance(v, _Absent):
        return _absent()
    if isinstance(v, Estimate):
        if v.is_exact:
            return _number(v.likely, exact)
        return f"{_number(v.likely, exact)} ({_number(v.low, exact)}–{_number(v.high, exact)})"
    if isinstance(v, enum.Enum):
        return str(v.value)
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if isinstance(v, (int, float)):
        return _number(v, exact)
    if isinstance(v, tuple):
        return "[" + ", ".join(_text(x, exact) for x in v) + "]"
    if isinstance(v, Message):  # a quality flag, a parity rule: its text in the current language
        return str(v)
    if isinstance(v, PreviousRevision):
        return _("revision {revision} of {id} (inputs {sha}…)").format(revision=v.revision, id=v.id,
                                                                      sha=v.inputs_sha256[:12])
    if dataclasses.is_dataclass(v):
        return _label(v)
    return str(v)


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def _around(a: str, b: str, limit: int = 80, context: int = 24) -> tuple[str, str]:
    """Two texts as a change shows them: whole when short, else the part that differs with a few
    characters around it ("…with InfiniBand at ~$310k / 8…"), so that a change past the first line
    of a long text is seen."""
    if len(a) <= limit and len(b) <= limit:
        return a, b
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    start = max(0, prefix - context)

    def cut(t: str) -> str:
        end = len(t) - suffix
        middle = t[start:end]
        if len(middle) > limit:
            middle = middle[:limit] + "…"
        stop = min(len(t), end + context)
        return ("…" if start else "") + middle + t[end:stop] + ("…" if stop < len(t) else "")
    return cut(a), cut(b)


#: the fields that name a member of a list, in the order looked for ("id" of an option, "text" of a
#: revisit condition, "label" of a run)
_NAMING = ("id", "name", "title", "text", "label", "role", "task")


def _label(v: Any) -> str:
    """A record as a reader knows it, never Python's name for it: the first field that names it
    (``_NAMING``), else its first few stated values ("runtime vllm, platform nv-h100, ...")."""
    if isinstance(v, EvidenceFile):
        return formatting.count(len(v.runs) + len(v.parity), "record")
    # while names are in force (the record, the desktop) a member that has a name is said by it, not its id
    for name in (_NAMING if current_names() is None else ("name", *_NAMING)):
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


def _weight(v: Any) -> str:
    return formatting.weight(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else _text(v)


#: fields written by their own rule rather than :func:`_text`: a weight as everywhere else ("0.050
#: -> 0.200", never "0.0500 -> 0.200")
_LEAVES: dict[str, Callable[[Any], str]] = {"weight": _weight}


def _leaf_texts(field_name: str, a: Any, b: Any) -> tuple[str, str]:
    """Before and after in words; never the same words for two different values (then with every
    digit, or the part of a long text that differs)."""
    write = _LEAVES.get(field_name, _text)
    before, after = write(a), write(b)
    if before == after:
        before, after = _text(a, exact=True), _text(b, exact=True)
    return _around(before, after)


# ---------------------------------------------------------------------------------------------
# comparing


def _canonical(v: Any) -> Any:
    """A form of ``v`` in which equal inputs are equal: a message's parameters in sorted order (a
    record's embedded inputs store them so), recursively."""
    if isinstance(v, Message):
        return ("message", v.id, v.template, tuple(sorted((k, _canonical(p)) for k, p in v.params)))
    if isinstance(v, tuple):
        return tuple(_canonical(x) for x in v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__, tuple(_canonical(getattr(v, f.name)) for f in dataclasses.fields(v)))
    return v


def _record(v: Any) -> bool:
    """A record compared field by field (a dataclass that is not one value)."""
    return dataclasses.is_dataclass(v) and not isinstance(v, type) and not isinstance(v, _LEAF_TYPES)


def _empty(v: Any) -> bool:
    return v is None or v == "" or v == () or isinstance(v, _Absent)


def _walk(area: str, path: str, a: Any, b: Any, out: list[Change]) -> None:
    """Every leaf that differs between ``a`` and ``b`` (values at ``path``), into ``out``."""
    if a is b or a == b:
        return
    if type(a) is type(b) and type(a) in _VIEWS:
        a, b = _VIEWS[type(a)](a), _VIEWS[type(b)](b)
    if isinstance(a, dict) and isinstance(b, dict):
        for k in (*a, *(k for k in b if k not in a)):
            _walk(area, _join(path, k), a.get(k, _ABSENT), b.get(k, _ABSENT), out)
        return
    if _record(a) and _record(b) and type(a) is type(b):
        for f in dataclasses.fields(a):
            _walk(area, _join(path, f.name), getattr(a, f.name), getattr(b, f.name), out)
        return
    if (_record(a) and _empty(b)) or (_empty(a) and _record(b)):
        # a record on one side only (a run's interval set, a checksum added): each of its stated fields
        present = a if _record(a) else b
        found = len(out)
        if type(present) in _VIEWS:
            view = _VIEWS[type(present)](present)
            _walk(area, path, view if present is a else {}, {} if present is a else view, out)
        else:
            for f in dataclasses.fields(present):
                value = getattr(present, f.name)
                if not _empty(value):
                    before, after = (value, _ABSENT) if present is a else (_ABSENT, value)
                    _walk(area, _join(path, f.name), before, after, out)
        if len(out) == found:  # a record that states nothing: set on one side, not on the other
            stated = _("set, every field at its default")
            out.append(Change(area, path, stated if present is a else _text(a),
                              stated if present is b else _text(b)))
        return
    if isinstance(a, (tuple, _Absent)) and isinstance(b, (tuple, _Absent)) or (
            isinstance(a, tuple) and b is None) or (a is None and isinstance(b, tuple)):
        _members(area, path, a if isinstance(a, tuple) else (), b if isinstance(b, tuple) else (), out)
        return
    if isinstance(a, Message) and isinstance(b, Message) and _canonical(a) == _canonical(b):
        return  # the same message, its parameters stored in another order
    before, after = _leaf_texts(path.rsplit(".", 1)[-1], a, b)
    out.append(Change(area, path, before, after))


class _Named(str):
    """A member named by its name (not its id): its fields follow it after ": " rather than a dot."""

    __slots__ = ()


def _join(path: str, field: str) -> str:
    """A field's path under ``path``: "slo.ttft_p99_ms"; under a member named by its name, "option
    Keep H100, serve with SGLang: cost.gpu_hour_usd"."""
    return f"{path}: {field}" if isinstance(path, _Named) else f"{path}.{field}"


def _identities(items: tuple[Any, ...]) -> list[str] | None:
    """What identifies each member of a list of records (None: they are compared by position)."""
    keys: list[str] = []
    for x in items:
        if not _record(x):
            return None
        ident = _IDENTITY.get(type(x))
        key = ident(x) if ident is not None else getattr(x, "id", None)
        if not isinstance(key, str) or not key:
            return None
        keys.append(key)
    return keys if len(set(keys)) == len(keys) else None


def _member(path: str, key: str, item: Any, added_or_removed: bool) -> str:
    """A member's name in a change's key: "option b", "file run.json (9f2c…)", ``path[key]``."""
    if isinstance(item, EvidenceFile):
        if added_or_removed:
            return _("file {name} ({sha})").format(name=item.provenance.file_name, sha=key[:12])
        return _("file {name}").format(name=item.provenance.file_name)
    if path in MEMBERS:
        name = _member_name(path, key)
        member = _(MEMBERS[path]).format(key=name)
        return _Named(member) if name != key else member
    return f"{path}[{key}]"


#: the kind of id (``messages.name_of``) that names a member of a top-level list, by the list's path
_NAMED_BY: dict[str, str] = {"options": "option", "fleet": "platform", "criteria": "criterion",
                             "matrix.platforms": "platform", "matrix.runtimes": "runtime"}


def _member_name(path: str, key: str) -> str:
    """A member's identity by its name while names are in force (the record, the desktop): "option
    Keep H100, serve with SGLang", "fleet NVIDIA H100 SXM", "cell SGLang/NVIDIA H100 SXM"; its id
    otherwise (``deepdecide diff``'s keys, ``--json``)."""
    kind = _NAMED_BY.get(path)
    if kind is not None:
        return name_of(kind, key)
    if path == "matrix.entries":  # runtime/platform
        runtime, sep, platform = key.partition("/")
        return f"{name_of('runtime', runtime)}/{name_of('platform', platform)}" if sep else key
    if path == "answers":  # option/checklist item
        option, sep, item = key.partition("/")
        return f"{name_of('option', option)}/{item}" if sep else key
    return key


def _removed(area: str, key: str, item: Any, out: list[Change]) -> None:
    out.append(Change(area, key, _label(item) if _record(item) else _short(_text(item)), pgettext("diff", "removed")))


def _added(area: str, key: str, item: Any, out: list[Change]) -> None:
    if isinstance(item, EvidenceFile):
        after = _("added, {records}").format(records=_label(item))
    elif _record(item):
        after = _("added: {what}").format(what=_label(item))
    else:
        after = _short(_text(item))
    out.append(Change(area, key, _absent(), after))


def _members(area: str, path: str, a: tuple[Any, ...], b: tuple[Any, ...], out: list[Change]) -> None:
    """Two lists: members matched by their identity (added, removed, changed, reordered), else by
    position (a member changed, inserted or removed where it stands)."""
    ka, kb = _identities(a), _identities(b)
    if ka is not None and kb is not None and (a or b):
        da, db = dict(zip(ka, a, strict=True)), dict(zip(kb, b, strict=True))
        for k in ka:
            if k not in db:
                _removed(area, _member(path, k, da[k], True), da[k], out)
        for k in kb:
            if k not in da:
                _added(area, _member(path, k, db[k], True), db[k], out)
            else:
                _walk(area, _member(path, k, db[k], False), da[k], db[k], out)
        common_a = [k for k in ka if k in db]
        common_b = [k for k in kb if k in da]
        if common_a != common_b:
            out.append(Change(area, _("{path}: order").format(path=path),
                              *_around(", ".join(common_a), ", ".join(common_b))))
        return
    # by position: where lengths differ, aligned on equal members (compared canonically) so that one
    # inserted or removed member is named as such, not as a change of every member after it
    blocks: Sequence[tuple[str, int, int, int, int]] = [("replace", 0, len(a), 0, len(b))]
    if len(a) != len(b):
        try:
            matcher = difflib.SequenceMatcher(None, [_canonical(x) for x in a], [_canonical(x) for x in b],
                                              autojunk=False)
            blocks = matcher.get_opcodes()
        except TypeError:  # a member that cannot be hashed: by position
            pass
    for tag, i1, i2, j1, j2 in blocks:
        if tag == "equal":
            continue
        for step in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + step, j1 + step
            if i < i2 and j < j2:
                _walk(area, f"{path}[{j + 1}]", a[i], b[j], out)
            elif i < i2:
                _removed(area, f"{path}[{i + 1}]", a[i], out)
            else:
                _added(area, f"{path}[{j + 1}]", b[j], out)


def _top_fields() -> list[str]:
    """The workspace's fields in the order their changes are listed (those ``_AREA_OF`` orders first)."""
    names = [f.name for f in dataclasses.fields(Workspace) if f.name not in _NOT_INPUTS]
    return [n for n in _AREA_OF if n in names] + [n for n in names if n not in _AREA_OF]


def input_changes(a: Workspace, b: Workspace) -> tuple[Change, ...]:
    """Every input that differs between revision ``a`` and revision ``b``, by its path."""
    out: list[Change] = []
    in_force = current_names()
    # while names are in force, a member only the earlier revision holds is named by that revision's name
    with naming(None if in_force is None else _merged(names_of(a), in_force)):
        for name in _top_fields():
            _walk(_AREA_OF.get(name, name), name, getattr(a, name), getattr(b, name), out)
    # an option's cost inputs are its prices: name the area for what a reader looks for
    out = [dataclasses.replace(c, area="prices") if c.area == "options" and (".cost." in c.key or ": cost." in c.key)
           else c for c in out]
    if in_force is not None:  # a named member's price or assumption in words ("fleet NVIDIA B200: purchase price per GPU")
        out = [dataclasses.replace(c, key=f"{c.key.rpartition(': ')[0]}: {field_words(c.key.rpartition(': ')[2])}")
               if ": " in c.key else c for c in out]
    # the decision's chosen and considered options by their names (either revision's), never their ids
    names = {o.id: o.name for o in (*a.options, *b.options) if o.name}
    return tuple(dataclasses.replace(c, before=_option_names(c.before, names), after=_option_names(c.after, names))
                 if c.key in _OPTION_VALUED else c for c in out)


def _merged(earlier: Mapping[str, Mapping[str, str]], now: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """The names in force, completed with the earlier revision's for ids it alone holds."""
    return {kind: {**earlier.get(kind, {}), **now.get(kind, {})} for kind in {*earlier, *now}}


#: the inputs whose values are option ids
_OPTION_VALUED = frozenset({"decision.chosen_option", "decision.considered_options"})


def _option_names(value: str, names: dict[str, str]) -> str:
    """A value written from option ids ("a, b") with each id replaced by its option's name."""
    if value in names:
        return names[value]
    parts = value.split(", ")
    return ", ".join(names.get(p, p) for p in parts) if any(p in names for p in parts) else value


# ---------------------------------------------------------------------------------------------
# the outcome


def _fig(f: Figure | None, kind: str = "number") -> str:
    if f is None or f.value is None:
        return formatting.DASH
    if kind == "money":
        return formatting.money(f.value)
    return formatting.number(f.value, _(f.unit) if f.unit else "")


def _gpus(value: float | None) -> str:
    return formatting.DASH if value is None else formatting.integer(value)


def outcome_changes(a: Assessment, b: Assessment) -> tuple[Change, ...]:
    out: list[Change] = []
    # options by the names the assessments hold, never their ids
    names = {o.option: o.name for o in (*a.options, *b.options) if o.name}
    if a.winner != b.winner:
        out.append(Change("outcome", _("recommended option"), names.get(a.winner or "", a.winner or formatting.DASH),
                          names.get(b.winner or "", b.winner or formatting.DASH)))
    if a.ranking != b.ranking:
        out.append(Change("outcome", _("ranking"), " > ".join(names.get(i, i) for i in a.ranking) or formatting.DASH,
                          " > ".join(names.get(i, i) for i in b.ranking) or formatting.DASH))
    oa = {o.option: o for o in a.options}
    for y in b.options:
        x: OptionAssessment | None = oa.get(y.option)
        if x is None:
            continue
        xc, yc = x.costs, y.costs
        pairs = (
            (N_("{option}: eligible"), _text(x.eligible and not x.vetoes), _text(y.eligible and not y.vetoes)),
            (N_("{option}: rank"), _text(x.rank), _text(y.rank)),
            (N_("{option}: capacity"), _fig(x.capacity.figure), _fig(y.capacity.figure)),
            (N_("{option}: GPUs"), _fig(x.fleet.gpus), _fig(y.fleet.gpus)),
            (N_("{option}: owned GPUs used"), _gpus(x.fleet.owned_used), _gpus(y.fleet.owned_used)),
            (N_("{option}: GPUs to buy or rent"), _gpus(x.fleet.shortfall_gpus), _gpus(y.fleet.shortfall_gpus)),
            (N_("{option}: $/M tokens"), _fig(xc.cost_per_m_tokens_usd, "money"),
             _fig(yc.cost_per_m_tokens_usd, "money")),
            # both cost views: what we will spend, and every GPU at its all-in price
            (N_("{option}: TCO (cash)"), _fig(xc.cash.tco_usd if xc.cash else xc.tco_usd, "money"),
             _fig(yc.cash.tco_usd if yc.cash else yc.tco_usd, "money")),
            (N_("{option}: TCO (all-in)"), _fig(xc.all_in.tco_usd if xc.all_in else None, "money"),
             _fig(yc.all_in.tco_usd if yc.all_in else None, "money")),
            (N_("{option}: evidence level"), _text(x.evidence.level), _text(y.evidence.level)),
        )
        for name, before, after in pairs:
            if before != after:
                out.append(Change("outcome", _(name).format(option=y.name or y.option), before, after))
    return tuple(out)


def diff_workspaces(a: Workspace, b: Workspace) -> WorkspaceDiff:
    """Inputs and outcome that differ between revision ``a`` and revision ``b``."""
    inputs = input_changes(a, b)
    outcome = outcome_changes(evaluate(a, sensitivity=False), evaluate(b, sensitivity=False)) if inputs else ()
    return WorkspaceDiff(inputs, outcome)
