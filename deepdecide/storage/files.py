"""deepdecide's YAML documents: workspaces and the built-in data files.

Every document has a top-level ``kind`` and ``schema_version``. A workspace may say
``matrix: builtin``, ``checklist: builtin`` or ``criteria: builtin`` to use the data that
ships with the application; a saved workspace always holds its own copy, so a record
still makes sense a year later, whatever the application ships by then.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import math
import os
import re
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet

from deepdecide.domain import approval, flags, i18n, validation
from deepdecide.domain import summaries as kept_summaries
from deepdecide.domain.errors import MigratedValue, ValidationError, ValidationErrors
from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, lengths_from_file_name
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import Component, SupportMatrix
from deepdecide.domain.workload import model_matches, workload_problems
from deepdecide.domain.workspace import (
    SCHEMA_VERSION,
    CarriedOver,
    ChecklistItem,
    Criterion,
    RecordStatus,
    Strategy,
    Workspace,
)
from deepdecide.storage import codec, evidence_store, lock
from deepdecide.storage.yamlio import (
    LocatedData,
    atomic_write_bytes,
    dump_yaml,
    parse_yaml,
    read_yaml_file,
    save_target,
)

WORKSPACE_SUFFIX = ".deepdecide.yaml"
#: the schema of a document that states no ``schema_version`` (the builds of schema 1 wrote none)
FIRST_SCHEMA_VERSION = 1
BUILTIN = "builtin"


@dataclass(frozen=True, slots=True)
class ChecklistFile:
    items: tuple[ChecklistItem, ...]
    schema_version: int = SCHEMA_VERSION


@dataclass(frozen=True, slots=True)
class CriteriaFile:
    criteria: tuple[Criterion, ...]
    schema_version: int = SCHEMA_VERSION


@dataclass(frozen=True, slots=True)
class MatrixFile:
    matrix: SupportMatrix
    schema_version: int = SCHEMA_VERSION


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    root: type  # dataclass the document's body (all keys but ``kind``) is read into
    builtin_file: str = ""  # the file under data/ holding the built-in document of this kind


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("workspace", Workspace),
        Kind("support-matrix", MatrixFile, "support_matrix.yaml"),
        Kind("service-checklist", ChecklistFile, "service_checklist.yaml"),
        Kind("criteria", CriteriaFile, "criteria.yaml"),
    )
}

# workspace keys that may say "builtin": the kind of built-in file and its key that holds the section
_BUILTIN_SECTIONS: dict[str, tuple[str, str]] = {
    "matrix": ("support-matrix", "matrix"),
    "checklist": ("service-checklist", "items"),
    "criteria": ("criteria", "criteria"),
}

# A migration upgrades a document body of one schema version to the next: it takes the plain data
# and a ``warn(path, reason)`` callback (for values it had to change) and returns the upgraded data.
# MIGRATIONS[v] upgrades version v to v + 1; docs/workspace-schema.md states the policy.
Migration = Callable[[dict[str, Any], Callable[[str, str], None]], dict[str, Any]]


def _migrate_1_to_2(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 2 never holds a YAML ``.inf``/``.nan``: an unlimited request rate becomes the string
    ``"inf"``; any other non-finite number (which schema 1 could not read either, but an import could
    write) becomes null, with a quality flag on its benchmark run saying what the file held.
    Schema 2 also adds ranges of decision inputs and the id rule: a schema-1 file that breaks them
    opens with warnings (see ``check_with_warnings``). Evidence provenance without a ``kind`` whose
    label says "illustrative" is read as kind ``illustrative`` (schema 1 said it only in the label)."""
    _legacy_provenance_kinds(body)
    upgraded: dict[str, Any] = _replace_non_finite(body, "", warn)
    return upgraded


def _replace_non_finite(obj: Any, path: str, warn: Callable[[str, str], None]) -> Any:
    if isinstance(obj, dict):
        out = {k: _replace_non_finite(v, f"{path}.{k}" if path else str(k), warn) for k, v in obj.items()}
        rate = obj.get("request_rate")
        if isinstance(rate, float) and rate == math.inf and "max_rate" in _BENCHMARK_KEYS and set(obj) <= _BENCHMARK_KEYS:
            out.pop("request_rate", None)  # unlimited: the run's max_rate flag, as the importers write it
            out["max_rate"] = True
        if set(obj) <= _BENCHMARK_KEYS:  # a benchmark run: say what the file held
            lost = [f"the file held {_yaml_float(x)} for {k}; stored as null (schema 2)"
                    for k, x in obj.items() if isinstance(x, float) and not math.isfinite(x)
                    and not (k == "request_rate" and x == math.inf)]
            if lost:
                old = obj.get("quality_flags")
                out["quality_flags"] = [*(old if isinstance(old, list) else []), *lost]
        return out
    if isinstance(obj, list):
        return [_replace_non_finite(v, f"{path}[{i}]", warn) for i, v in enumerate(obj)]
    if isinstance(obj, float) and not math.isfinite(obj):
        if path.endswith(".request_rate") and obj == math.inf:
            warn(path, _("the legacy YAML .inf for an unlimited request rate is read as max_rate: true (schema 2)"))
            return "inf"
        warn(path, _("the file holds the non-finite number {value}; read as null (schema 2 stores no .inf/.nan); "
                     "saving the workspace stores it so").format(value=_yaml_float(obj)))
        return None
    return obj


def _yaml_float(x: float) -> str:
    return ".nan" if math.isnan(x) else (".inf" if x > 0 else "-.inf")


_BENCHMARK_KEYS = frozenset(f.name for f in dataclasses.fields(BenchmarkRun))

def _migrate_signoff_roles_1_to_2(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 2 names a sign-off by the role exactly as page 1 lists it (a decision maker or a
    consulted): schema 1's "Head of Inference Platform (approver)" becomes "Head of Inference
    Platform" when that is a listed role. A role still not listed stays, and opens with a warning."""
    decision = body.get("decision")
    rows = body.get("signoffs")
    if not isinstance(decision, dict) or not isinstance(rows, list):
        return body
    listed = {str(r) for key in ("decision_makers", "consulted") if isinstance(decision.get(key), list)
              for r in decision[key]}
    out = []
    added: list[str] = []
    for i, row in enumerate(rows):
        role = row.get("role") if isinstance(row, dict) else None
        if isinstance(role, str) and role not in listed:
            for suffix in (" (approver)", " (consulted)", " (decision maker)"):
                if role.endswith(suffix) and role[: -len(suffix)] in listed:
                    row = {**row, "role": role[: -len(suffix)]}
                    warn(f"signoffs[{i}].role", _("read as {role!r}: schema 2 names a sign-off by its role as "
                                                  "decision_makers or consulted list it").format(role=row["role"]))
                    break
            else:
                # schema 1 let any role sign: the row keeps its role, and the role is listed as consulted
                # (it may sign, and is no required approver), so the row means what the file said
                if role not in added:
                    added.append(role)
                warn(f"signoffs[{i}].role", _("{role!r} is listed under decision.consulted: schema 1 let any role "
                                              "sign, schema 2 only the roles decision_makers or consulted list "
                                              "(a verdict it holds stays legacy, unverified)").format(role=role))
        out.append(row)
    if added:
        consulted = decision.get("consulted")
        decision = {**decision, "consulted": [*(consulted if isinstance(consulted, list) else ()), *added]}
    return {**body, "decision": decision, "signoffs": out}


#: metric names a criterion of a schema-1 build could name, and the metric each is now (the same figure)
_FORMER_METRICS = {"usd_per_m_output_tokens": "cost_per_m_tokens_usd"}


def _migrate_metric_names_1_to_2(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 2 names a criterion's metric from the analysis's table; a schema-1 build wrote the cost per
    million output tokens as ``usd_per_m_output_tokens``: read as ``cost_per_m_tokens_usd`` (the same
    figure), with a warning. Any other unknown metric stays, and opens with a warning."""
    criteria = body.get("criteria")
    for i, c in enumerate(criteria if isinstance(criteria, list) else ()):
        metric = c.get("metric") if isinstance(c, dict) else None
        if isinstance(metric, str) and metric in _FORMER_METRICS:
            c["metric"] = _FORMER_METRICS[metric]
            warn(f"criteria[{i}].metric", _("read as {metric!r}: the same figure under the name schema 2 "
                                            "gives it").format(metric=c["metric"]))
    return body


def _migrate_1_to_2_all(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    return _migrate_metric_names_1_to_2(_migrate_signoff_roles_1_to_2(_migrate_1_to_2(body, warn), warn), warn)


def _migrate_2_to_3(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 3 matches parity checks on the model (``model`` of a check) and makes a dataset
    difference a mismatch; it adds proxy acceptances of single runs and checks
    (``run_proxies``, ``check_proxies``). Nothing is mapped: a schema-2 file opens with a warning
    for each measured parity check without a model (it needs context until one is set) and for
    each run whose dataset differs from the workload's (now a mismatch, unless accepted as a proxy)."""
    evidence = body.get("evidence")
    files = evidence.get("files") if isinstance(evidence, dict) else None
    workload = body.get("workload")
    wanted = workload.get("dataset") if isinstance(workload, dict) else None
    wanted = wanted.strip() if isinstance(wanted, str) else ""
    for i, f in enumerate(files if isinstance(files, list) else ()):
        if not isinstance(f, dict):
            continue
        checks = f.get("parity")
        for j, c in enumerate(checks if isinstance(checks, list) else ()):
            if isinstance(c, dict) and not c.get("model") and c.get("value") is not None:
                warn(f"evidence.files[{i}].parity[{j}]",
                     _("this parity check states no model (schema 3 matches checks on the decision's model): it "
                       "needs context and counts for nothing until one is set (deepdecide evidence set WS FILE "
                       "--model NAME, or the Evidence page)"))
        runs = f.get("runs")
        for j, r in enumerate(runs if isinstance(runs, list) else ()):
            got = r.get("dataset") if isinstance(r, dict) else None
            if wanted and isinstance(got, str) and got.strip() and got.strip().lower() != wanted.lower():
                warn(f"evidence.files[{i}].runs[{j}].dataset",
                     _("dataset {got!r} is not the workload's {wanted!r}: from schema 3 a mismatch (it was a note), "
                       "counting for nothing unless accepted as a proxy").format(got=got.strip(), wanted=wanted))
    return body


def _migrate_3_to_4(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 4 stores a run's quality flags by message id and parameters (``{id, params}``,
    ``domain.flags``) so that they show in the reader's language; schema 3 stored their English
    text. Each known text becomes its message (exactly: the message renders the same English text);
    any other text (a flag a user typed, one an older version wrote differently) stays as written.
    Nothing is lost, so nothing is warned."""
    for r in _evidence_items(body, "runs"):
        old = r.get("quality_flags")
        if isinstance(old, list):
            r["quality_flags"] = [flags.to_data(flags.from_english(x)) if isinstance(x, str) else x for x in old]
    return body


def _migrate_4_to_5(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 5 stores a parity check's rule (``tolerance``) as a message of ``parity.`` parts
    (``domain.flags``, joined by "; ") so that it shows in the reader's language; schema 4 stored
    its English text, "" for none. Each "; " part that a known message renders exactly becomes that
    message, any other part stays as written (the rule renders the same English text); "" becomes
    null (no rule stated). Nothing is lost, so nothing is warned."""
    for c in _evidence_items(body, "parity"):
        old = c.get("tolerance")
        if isinstance(old, str):
            c["tolerance"] = flags.to_data(flags.rule_from_english(old)) if old else None
    return body


def _migrate_5_to_6(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 6 binds every sign-off to the approver's identity: a row names the person's certificate
    (``email`` and/or ``common_name``, and ``issuer_ca_sha256`` or ``pinned_certificate_sha256``), a copied
    verdict names the signed approval record it came from (``signed_record_sha256``), and the decision
    may name the confirmation criteria checked before acceptance (``acceptance_checks``). Nothing is
    mapped and nothing is lost: every row keeps its person, role, verdict, date, conditions and the
    certificate it was copied from; a row holding a verdict becomes *legacy, unverified* (no signed
    record backs it), which every open reports as a note (``approval.legacy_notes``): the workspace
    opens, evaluates and saves, and is exported as accepted only after it is approved again."""
    del warn
    return body


#: schema-6 option cost fields that belong to the platform from schema 7: option field -> fleet field
_PLATFORM_FIELDS = {"gpu_hour_usd": "rental_usd_per_gpu_hour", "capex_per_gpu_usd": "purchase_usd_per_gpu",
                    "power_kw_per_gpu": "power_kw_per_gpu", "hosting_usd_per_gpu_hour": "hosting_usd_per_gpu_hour"}


def _migrate_6_to_7(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 7 makes a platform's prices one input: purchase, rental, power, hosting and amortization
    belong to the fleet entry of the platform (``fleet[]``), shared by every option on it; an option
    keeps its own only where it differs (another quote). Each schema-6 option price moves to its
    platform's entry where the options on the platform that state it agree (the entry is made, with no
    owned GPUs, when there is none), and is dropped from the options that stated it. Where they
    disagree, or differ from the price the entry states, every option keeps its own (each then its own
    input in sensitivity and Monte Carlo, as before). Amortization (schema 6: 3 years unless
    stated) moves the same way; where the options on a platform disagree, each keeps its value,
    written out. Nothing is lost and no rule is broken, so nothing is warned (docs/workspace-schema.md
    says what changes: an option that stated no price reads its platform's; the all-in view charges
    owned GPUs at their book value where one is stated, ``assumptions.owned_value: purchase`` keeps
    schema 6's basis). Schema 7 also adds headroom, spare units, lead times, the fiscal year, the
    baseline, resale, replacement and residual values, hosted-API options and price quotes: nothing
    to map."""
    del warn
    options = body.get("options")
    fleet = body.get("fleet") if body.get("fleet") is not None else []
    if not isinstance(options, list) or not isinstance(fleet, list):
        return body
    by_platform: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for i, o in enumerate(options):
        if isinstance(o, dict) and isinstance(o.get("platform"), str) and isinstance(o.get("cost", {}), dict):
            by_platform.setdefault(o["platform"], []).append((i, o))
    for platform, opts in by_platform.items():
        entry = next((f for f in fleet if isinstance(f, dict) and f.get("platform") == platform), None)
        for field, fleet_field in (*_PLATFORM_FIELDS.items(), ("amortization_years", "amortization_years")):
            amort = field == "amortization_years"
            costs = {i: o["cost"] for i, o in opts if isinstance(o.get("cost"), dict)}
            stated = {i: c[field] for i, c in costs.items() if c.get(field) is not None}
            if amort:  # schema 6: 3 years unless stated
                if not stated:
                    continue
                stated = {i: costs[i].get(field, 3.0) if i in costs else 3.0 for i, _o in opts}
            if not stated:
                continue
            if entry is not None and entry.get(fleet_field) is not None and not amort:
                for i, v in stated.items():
                    if repr(v) == repr(entry[fleet_field]):
                        del costs[i][field]
                continue
            if len({repr(v) for v in stated.values()}) > 1:
                for i, v in stated.items():
                    options[i].setdefault("cost", {})[field] = v
                continue
            value = next(iter(stated.values()))
            if entry is None:
                entry = {"platform": platform, "owned_gpus": 0}
                fleet.append(entry)
            entry[fleet_field] = ({"low": float(value), "likely": float(value), "high": float(value)}
                                  if amort and isinstance(value, (int, float)) else value)
            # an error in the moved value names the place the file wrote it
            _moved(f"fleet[{fleet.index(entry)}].{fleet_field}", f"options[{min(stated)}].cost.{field}")
            for c in costs.values():
                c.pop(field, None)
    if fleet:
        body["fleet"] = fleet
    return body


def _migrate_7_to_8(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 8 adds a run's server configuration (``tensor_parallel``, ``expert_parallel``,
    ``pipeline_parallel``, ``dp_attention``, ``speculative_decoding``, ``disaggregated``: part of a
    sweep's identity) and an evidence file's stated ``mappings`` (a statistic read from another for
    the SLO check); a run of unknown token lengths no longer matches a workload that states them.
    InferenceMAX aggregates state their lengths only in the documented file name
    (``agg_dsr1_1k8k.json``) and their configuration in the run's label (``conc 64 tp8 ep8
    dp-attention``): a schema-7 run of one that lacks them gets them from there, flagged, with a
    warning (earlier builds read the name only for a single aggregate, so an array's runs counted as
    matches of any length)."""
    evidence = body.get("evidence")
    files = evidence.get("files") if isinstance(evidence, dict) else None
    for i, f in enumerate(files if isinstance(files, list) else ()):
        prov = f.get("provenance") if isinstance(f, dict) else None
        if not isinstance(prov, dict) or not str(prov.get("tool", "")).startswith("inferencemax"):
            continue
        name = str(prov.get("file_name", ""))
        lengths = lengths_from_file_name(name)
        runs = f.get("runs")
        for j, r in enumerate(runs if isinstance(runs, list) else ()):
            if not isinstance(r, dict):
                continue
            label = str(r.get("label", "")).lower().split()
            for token in label:
                for prefix, key in (("tp", "tensor_parallel"), ("ep", "expert_parallel")):
                    if token.startswith(prefix) and token[len(prefix):].isdigit() and key not in r:
                        r[key] = int(token[len(prefix):])
            if "dp-attention" in label and "dp_attention" not in r:
                r["dp_attention"] = True
            if "spec" in label and "speculative_decoding" not in r:
                at = label.index("spec")
                if at + 1 < len(label):
                    r["speculative_decoding"] = label[at + 1]
            if lengths is not None and r.get("input_tokens") is None and r.get("output_tokens") is None:
                isl, osl = lengths
                r["input_tokens"], r["output_tokens"] = isl, osl
                flag = flags.to_data(flags.flag("inferencemax.lengths_from_file_name", isl=isl, osl=osl, name=name))
                r["quality_flags"] = [*(r.get("quality_flags") or []), flag]
                warn(f"evidence.files[{i}].runs[{j}]",
                     _("token lengths {isl} in / {osl} out read from the file name {name} (schema 8: a run of "
                       "unknown lengths does not match a workload that states them)").format(
                         isl=isl, osl=osl, name=name))
    return body


def _migrate_8_to_9(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 9 lets the decision pin the date its records bear (``decision.record_date``); without it a
    record bears the day it is exported, and that day is stored in the record's build parameters so
    that ``deepdecide verify`` rebuilds it on any later day. The evidence cut-off a record prints
    follows the newest imported file, and an ``evidence_age`` revisit condition keeps firing once the
    decision is accepted (``while_proposed`` no longer silences it). A schema-8 file pins no date:
    nothing is mapped and nothing is lost; its records are dated the day they are exported, as the
    record's cover says (domain/dates.py)."""
    return body


def _migrate_9_to_10(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """Schema 10 states an option's topology as *aggregated* or *disaggregated* with a prefill and a
    decode pool (``topology.kind``, ``prefill``, ``decode``, ``kv_transfer``). A schema-9 topology
    that states both ``prefill_gpus`` and ``decode_gpus`` becomes a disaggregated one with one worker
    of that many GPUs per pool on the option's platform and runtime; where it names the platform it
    was measured on (``measured_on``), the workers are that measured configuration (its ratio is kept,
    never rescaled). A topology stating only one of the two counts stays aggregated and the count is
    dropped, with a warning. One function, so the schema number can move."""
    options = body.get("options")
    for i, o in enumerate(options if isinstance(options, list) else ()):
        topo = o.get("topology") if isinstance(o, dict) else None
        if not isinstance(topo, dict) or ("prefill_gpus" not in topo and "decode_gpus" not in topo):
            continue
        prefill, decode = topo.pop("prefill_gpus", None), topo.pop("decode_gpus", None)
        if prefill is None or decode is None:
            warn(f"options[{i}].topology", _("schema 10: a topology stating only one of prefill_gpus / decode_gpus "
                                             "stays aggregated; the count is dropped"))
            continue
        measured = topo.get("measured_on") or ""
        for role, gpus in (("prefill", prefill), ("decode", decode)):
            pool: dict[str, Any] = {"gpus_per_worker": gpus}
            if measured:
                pool["workers"] = 1
                pool["measured_on"] = measured
            topo[role] = pool
            _moved(f"options[{i}].topology.{role}.gpus_per_worker", f"options[{i}].topology.{role}_gpus")
        topo["kind"] = "disaggregated"
    return body


def _evidence_items(body: dict[str, Any], key: str) -> Iterator[dict[str, Any]]:
    """Every mapping of ``evidence.files[*].<key>`` (``runs`` or ``parity``) of an unchecked document,
    for a migration to rewrite in place; anything of another shape is left to validation."""
    evidence = body.get("evidence")
    files = evidence.get("files") if isinstance(evidence, dict) else None
    for f in files if isinstance(files, list) else ():
        items = f.get(key) if isinstance(f, dict) else None
        yield from (x for x in (items if isinstance(items, list) else ()) if isinstance(x, dict))


def _migrate_2_to_3_all(body: dict[str, Any], warn: Callable[[str, str], None]) -> dict[str, Any]:
    """The builds of schema 2 before the sign-off role rule (which came without a version bump) wrote
    the roles of schema 1 (the built-in sample's "Head of Inference Platform (approver)"): their rows
    are read as a schema-1 file's are (``_migrate_signoff_roles_1_to_2``), which leaves a row of a
    listed role untouched."""
    return _migrate_2_to_3(_migrate_signoff_roles_1_to_2(body, warn), warn)


MIGRATIONS: dict[int, Migration] = {1: _migrate_1_to_2_all, 2: _migrate_2_to_3_all, 3: _migrate_3_to_4,
                                    4: _migrate_4_to_5, 5: _migrate_5_to_6, 6: _migrate_6_to_7,
                                    7: _migrate_7_to_8, 8: _migrate_8_to_9, 9: _migrate_9_to_10}


def data_root() -> Path:
    """The folder of the built-in data (inside the installed package): the folder of the package's
    own module, which is what ``importlib.resources.files`` names for a package in a folder (asked
    only for one that is not: its resource readers import zipfile and more at every start)."""
    import importlib

    where = getattr(importlib.import_module("deepdecide.data"), "__file__", None)
    if where:
        return Path(where).parent
    from importlib import resources

    return Path(str(resources.files("deepdecide.data")))


#: the built-in sample decision's file per language: the same decision and figures, its text
#: (context, drivers, notes, criteria and checklist wording) written in that language
SAMPLE_FILES: dict[str, str] = {
    "en": f"deepseek-v4.1-flash{WORKSPACE_SUFFIX}",
    "es": f"deepseek-v4.1-flash.es{WORKSPACE_SUFFIX}",
}


def _sample_language(lang: str | None) -> str:
    code = i18n.language() if lang is None else i18n.normalize(lang)
    return code if code in SAMPLE_FILES else "en"


def sample_workspace_path(lang: str = "en") -> Path:
    """The built-in sample workspace file in ``lang`` (a code or locale name; English when the
    language has no sample)."""
    return data_root() / "samples" / SAMPLE_FILES[_sample_language(lang)]


# ---------------------------------------------------------------------------------------------
# reading


# Where a migration moved a value: its path after the migration -> the path the file wrote it at (set
# while a document is decoded), so that an error in a moved value names the file's own place and line.
_MOVES: ContextVar[dict[str, str] | None] = ContextVar("migration_moves", default=None)


def _moved(new: str, old: str) -> None:
    moves = _MOVES.get()
    if moves is not None:
        moves[new] = old


def _origin(path: str, moves: dict[str, str]) -> str:
    """The place in the file of ``path`` (a path after the migrations)."""
    if not path:
        return path
    for new, old in moves.items():
        if path == new or path.startswith((new + ".", new + "[")):
            return old + path[len(new):]
    return path


def _migrate(body: dict[str, Any], located: LocatedData, warnings: list[ValidationError]) -> tuple[dict[str, Any], int]:
    """Upgrade ``body`` to the current schema; return it and the version the file was written in.

    A file without ``schema_version`` is of the first schema: the builds of schema 1 (and the first
    build of schema 2) wrote none, so the whole migration chain runs from there (docs/workspace-schema.md)."""
    version = body.get("schema_version", FIRST_SCHEMA_VERSION)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValidationError(
            _('schema_version must be an integer, got {version!r}').format(version=version),
            file=located.file, line=located.line_of("schema_version"), path="schema_version",
        )
    if version > SCHEMA_VERSION:
        raise ValidationError(
            _('schema_version {version} was written by a newer deepdecide (this one reads up to {schema_version})').format(version=version, schema_version=SCHEMA_VERSION),
            file=located.file, line=located.line_of("schema_version"), path="schema_version",
        )
    original = version

    def warn(path: str, reason: str) -> None:
        warnings.append(MigratedValue(reason, file=located.file, line=located.line_of(path), path=path))

    while version < SCHEMA_VERSION:
        if version not in MIGRATIONS:
            raise ValidationError(
                _('schema_version {version} is not supported (oldest readable is {migrations})').format(version=version, migrations=min(MIGRATIONS, default=SCHEMA_VERSION)),
                file=located.file, line=located.line_of("schema_version"), path="schema_version",
            )
        body = MIGRATIONS[version](body, warn)
        version += 1
        body["schema_version"] = version
    return body, original


def migrate_body(body: dict[str, Any], file: str = "") -> tuple[dict[str, Any], int]:
    """``body`` (a document's plain data, without ``kind``: a record's embedded inputs) upgraded to the
    current schema, and the version it was written in; what the migrations warned is dropped (there is
    no file to locate it in). Raises ValidationError for a version this build cannot read."""
    found: list[ValidationError] = []
    return _migrate(dict(body), LocatedData(body, {}, file), found)


def document_schema(body: Any) -> int | None:
    """The schema version a document's plain data states (the first when it states none), or None when
    it states no integer."""
    if not isinstance(body, dict):
        return None
    version = body.get("schema_version", FIRST_SCHEMA_VERSION)
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def _legacy_provenance_kinds(body: dict[str, Any]) -> None:
    """Files written before ``provenance.kind`` existed said "illustrative" only in the label
    (``deepdecide import --samples``): read those as kind ``illustrative``, the rest as the
    default (``own``). A provenance that states its kind is never touched."""
    evidence = body.get("evidence")
    files = evidence.get("files") if isinstance(evidence, dict) else None
    for f in files if isinstance(files, list) else ():
        prov = f.get("provenance") if isinstance(f, dict) else None
        if isinstance(prov, dict) and "kind" not in prov and isinstance(prov.get("label"), str) \
                and prov["label"].lower().startswith("illustrative"):
            prov["kind"] = "illustrative"


def decode(located: LocatedData, expected_kind: str | None = None,
           warnings: list[ValidationError] | None = None,
           notes: list[ValidationError] | None = None) -> tuple[str, Any]:
    """Turn parsed YAML into a domain document; return (kind, document).

    A file of an older schema is migrated; the rules it may break that its schema did not have
    are appended to ``warnings`` (when given) instead of raised. ``notes`` (when given) gets what a
    reader should know but that blocks nothing, located: the *legacy, unverified* sign-off rows."""
    data = located.data
    if not isinstance(data, dict):
        raise ValidationError(_('expected a mapping at the top of the file'), file=located.file, line=1)
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:  # a list or mapping is no kind (and no dict key)
        choices = ", ".join(KINDS)
        reason = (_("unknown or missing 'kind' ({kind!r}); expected one of: {choices}").format(kind=kind, choices=choices)
                  if kind is None or isinstance(kind, str) else
                  _("'kind' must be one of: {choices} (a text), got {got}").format(choices=choices,
                                                                                  got=codec.describe(kind)))
        raise ValidationError(reason, file=located.file, line=located.line_of("kind") or 1, path="kind")
    if expected_kind and kind != expected_kind:
        raise ValidationError(
            _('this is a {kind} file, not a {expected_kind}').format(kind=kind, expected_kind=expected_kind), file=located.file, line=located.line_of("kind"), path="kind"
        )
    found: list[ValidationError] = []
    body = {k: v for k, v in data.items() if k != "kind"}
    rows: list[str] = []
    source: list[tuple[Path, str]] = []
    judgements: list[tuple[str, dict[str, str]]] = []
    if kind == "workspace":  # a stored workspace: its evidence files from the store it names
        body = evidence_store.expand(body, located.file, rows, source, judgements)
    moves: dict[str, str] = {}
    token = _MOVES.set(moves)
    try:
        body, version = _migrate(body, located, found)
    finally:
        _MOVES.reset(token)
    clean_sections: set[str] = set()
    if kind == "workspace":
        for key in _BUILTIN_SECTIONS:
            if body.get(key) == BUILTIN:
                body[key], clean = _builtin_section(key)
                if clean:
                    clean_sections.add(key)
    try:
        if rows and version == SCHEMA_VERSION and kind == "workspace":
            doc = _decode_stored(body, rows)
        else:
            doc = codec.from_data(KINDS[kind].root, body)
    except ValidationError as exc:
        exc.file = located.file
        exc.path = _origin(exc.path, moves)
        exc.line = located.line_of(exc.path)
        raise
    carried: list[CarriedOver] = []
    errors, later = check_with_warnings(doc, version, clean_sections=frozenset(clean_sections),
                                        carried=carried if kind == "workspace" else None)
    for e in errors + later:
        e.file = located.file
        e.path = _origin(e.path, moves)
        e.line = located.line_of(e.path)
    if errors:
        raise ValidationErrors(errors) if len(errors) > 1 else errors[0]
    if kind == "workspace":  # a value of an older file that a later rule refuses is carried over, not lost
        doc = _carry(doc, carried)
    if warnings is not None:
        warnings.extend(found + later)
    if notes is not None and kind == "workspace":
        notes.extend(ValidationError(p.reason, file=located.file, line=located.line_of(p.path), path=p.path)
                     for p in approval.legacy_notes(doc))
    if not found and not later and kind == "workspace":
        _VALIDATED[id(doc)] = doc
        if rows and version == SCHEMA_VERSION:  # rows of the current schema, read as they are
            store, store_digest = source[0] if source else (None, "")
            evidence_store.remember(doc.evidence.files, rows, store, store_digest,
                                    judgements=judgements[0] if judgements else None)
    return kind, doc


# The evidence file objects of the last store read, by their row's text: a store read again (``diff``
# of two revisions that share their evidence, a workspace reopened) gets the very same objects for the
# same rows instead of decoding ten thousand files again. Files are immutable: an object stands for its
# row wherever that row is read.
_DECODED_ROWS: dict[str, Any] = {}


def _decode_stored(body: dict[str, Any], rows: list[str]) -> Workspace:
    """``codec.from_data`` of a stored workspace's body (its evidence files read from the store, whose
    rows are ``rows``, in the current schema): each file decoded only where its row was not decoded by
    the last read (``_DECODED_ROWS``); the same workspace, the same errors at the same key paths."""
    evidence = body.get("evidence")
    datas = evidence.get("files") if isinstance(evidence, dict) else None
    if not isinstance(evidence, dict) or not isinstance(datas, list) or len(datas) != len(rows):
        whole: Workspace = codec.from_data(Workspace, body)
        return whole
    doc: Workspace = codec.from_data(Workspace, {**body, "evidence": {**evidence, "files": []}})
    kept = _DECODED_ROWS
    objects = []
    for i, (data, text) in enumerate(zip(datas, rows, strict=True)):
        got = kept.get(text)
        if got is None:
            got = codec.from_data(EvidenceFile, data, f"evidence.files[{i}]")
        objects.append(got)
    _DECODED_ROWS.clear()
    _DECODED_ROWS.update(zip(rows, objects, strict=True))
    return dataclasses.replace(doc, evidence=dataclasses.replace(doc.evidence, files=tuple(objects)))


# Workspaces read here that broke no rule of the current schema (no error, no warning): a record
# built from one need not check it again. Weak: an entry goes with its workspace (immutable).
_VALIDATED: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()


def is_validated(ws: Any) -> bool:
    """Whether ``ws`` is a workspace this module read and found valid under every current rule."""
    return _VALIDATED.get(id(ws)) is ws


# The built-in data is read once per process and shared: (what, path) -> (stat stamp, value). The stamp
# (size, mtime) makes an edited data file (a developer's, a test's) read again.
_BUILTIN_CACHE: dict[tuple[str, str], tuple[tuple[int, int], Any]] = {}


def _builtin_once(what: str, path: Path, read: Callable[[], Any]) -> Any:
    try:
        st = path.stat()
        stamp = (st.st_size, st.st_mtime_ns)
    except OSError:
        return read()  # reports the missing file the usual way
    key = (what, str(path))
    hit = _BUILTIN_CACHE.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    value = read()
    _BUILTIN_CACHE[key] = (stamp, value)
    return value


def _builtin_section(key: str) -> tuple[Any, bool]:
    """The plain data of a built-in section, read from its (validated) data file once per process,
    and whether the file broke no rule at all (no error, no warning: ``clean``).

    The data is shared: ``codec.from_data`` only reads it. A clean section found no problem in
    every check ``check_with_warnings`` makes of it (the checks of its own file: the same rules on
    the same values at the same key paths), so a workspace that takes it as it is need not make them
    again (``clean_sections``)."""
    section_kind, field = _BUILTIN_SECTIONS[key]
    path = data_root() / KINDS[section_kind].builtin_file

    def read() -> tuple[Any, bool]:
        located = read_yaml_file(path)
        warnings: list[ValidationError] = []
        decode(located, section_kind, warnings)  # the built-in file must itself be valid
        return located.data[field], not warnings

    section: tuple[Any, bool] = _builtin_once(f"section:{key}", path, read)
    return section


def load_document(path: str | os.PathLike[str], expected_kind: str | None = None,
                  warnings: list[ValidationError] | None = None,
                  notes: list[ValidationError] | None = None) -> tuple[str, Any]:
    return decode(read_yaml_file(path), expected_kind, warnings, notes)


def read_workspace(path: str | os.PathLike[str], warnings: list[ValidationError] | None = None,
                   notes: list[ValidationError] | None = None) -> tuple[Workspace, str]:
    """``load_workspace`` and the SHA-256 of the very bytes it read: what a later save expects to find on
    disk (``save_workspace(..., expected_sha256=...)``)."""
    located = read_yaml_file(path)
    workspace: Workspace = decode(located, "workspace", warnings, notes)[1]
    return workspace, located.sha256


def load_workspace(path: str | os.PathLike[str], warnings: list[ValidationError] | None = None,
                   notes: list[ValidationError] | None = None) -> Workspace:
    """Read and validate a workspace file. Raises ValidationError(s) naming file, line and key path;
    the rules an older file breaks that its schema did not have go to ``warnings`` (when given), what
    blocks nothing (legacy, unverified sign-offs) to ``notes``."""
    workspace: Workspace = load_document(path, "workspace", warnings, notes)[1]
    return workspace


def locate(exc: ValidationError | ValidationErrors, path: str | os.PathLike[str]) -> ValidationError | ValidationErrors:
    """``exc`` with the file and the line of its key path in the workspace file ``path`` (an error found
    after the file was read, e.g. by a check on the Assessment)."""
    try:
        located = read_yaml_file(path)
    except (ValidationError, OSError):
        located = None
    for e in exc.errors if isinstance(exc, ValidationErrors) else [exc]:
        e.file = e.file or os.fspath(path)
        if e.line is None and located is not None and e.path:
            e.line = located.line_of(e.path)
    return exc


def load_workspace_text(text: str, file: str = "<text>", warnings: list[ValidationError] | None = None) -> Workspace:
    workspace: Workspace = decode(parse_yaml(text, file), "workspace", warnings)[1]
    return workspace


def load_builtin_workspace() -> Workspace:
    """The built-in sample workspace (English), read once per process (a Workspace is immutable: shared)."""
    return builtin_sample("en")


def builtin_sample(lang: str | None = None) -> Workspace:
    """The built-in sample decision with its text in ``lang`` (a code such as "es" or a locale name
    such as "es_ES.UTF-8"; None: the current interface language, ``domain.i18n.language()``),
    English when the language has no sample. The figures are the same in every language, so every
    sample gives the same Assessment; only the user text differs. Read once per process."""
    code = _sample_language(lang)
    path = sample_workspace_path(code)
    workspace: Workspace = _builtin_once(f"sample:{code}", path, lambda: load_workspace(path))
    return workspace


def load_builtin_matrix() -> SupportMatrix:
    path = data_root() / "support_matrix.yaml"
    matrix: SupportMatrix = _builtin_once("matrix", path, lambda: load_document(path, "support-matrix")[1].matrix)
    return matrix


# ---------------------------------------------------------------------------------------------
# writing


def workspace_to_data(ws: Workspace, *, canonical: bool = False) -> dict[str, Any]:
    """Plain data of a workspace. ``schema_version`` is always written (a file without one is read as
    the first schema, whose builds wrote none)."""
    body = codec.to_data(ws, omit_defaults=not canonical)
    return {"kind": "workspace", "schema_version": ws.schema_version, **body}


_HEADER = "# deepdecide workspace: edit in the app, or by hand and check with `deepdecide validate`\n"


def workspace_to_yaml(ws: Workspace) -> str:
    return _HEADER + dump_yaml(workspace_to_data(ws))


def store_attributes(ws: Workspace, f: Any) -> list[tuple[str, str]]:
    """What an evidence file is indexed by in an evidence store: the options whose runtime and platform
    its runs or checks state, its runtimes, platforms and models, and its workload fit (``model``: a
    run of the workload's model or an alias; ``other``: runs of other models only; ``unknown``: no
    run states a model)."""

    out: list[tuple[str, str]] = []
    pairs = {(r.runtime.lower(), r.platform.lower()) for r in f.runs} | \
            {(c.runtime.lower(), c.platform.lower()) for c in f.parity}
    for o in ws.options:
        if (o.runtime.lower(), o.platform.lower()) in pairs:
            out.append(("option", o.id))
    models = {r.model for r in f.runs if r.model} | {c.model for c in f.parity if c.model}
    out += [("runtime", rt) for rt, _p in pairs] + [("platform", p) for _rt, p in pairs]
    out += [("model", m) for m in models]
    fit = ("model" if any(model_matches(ws.workload, m) for m in models) else "other") if models else "unknown"
    out.append(("workload_fit", fit))
    return out


def canonical_json(ws: Workspace) -> bytes:
    """The canonical form of a workspace: every field, sorted keys, no whitespace, UTF-8, every number
    of a float field as a float (so it is also the canonical form of its own decoding).
    Its SHA-256 identifies the inputs of a decision record."""
    return json.dumps(workspace_to_data(ws, canonical=True), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


#: ``save_workspace(..., expected_sha256=UNCHECKED)``: no content check but a command's hold
UNCHECKED = ""


def save_workspace(ws: Workspace, path: str | os.PathLike[str], *, expected_sha256: str | None = UNCHECKED,
                   wait: float | None = None, stored: bool | None = None) -> str:
    """Validate against every rule of the current schema, then write atomically: the target is the old
    file or the new one, never half. Returns the SHA-256 of the bytes written. A value an older file
    held that breaks a later rule blocks nothing while it is unchanged: it is written as carried over
    (``Workspace.carried_over``); a changed value must meet the rule.

    One writer at a time (``storage.lock``): the write takes the workspace's lock (waiting up to
    ``wait`` seconds for another writer; a command's ``lock.hold`` covers it already) and, under it,
    checks that the file on disk is still the one the writer read: ``expected_sha256`` is the SHA-256
    read (``read_workspace``), None for a file that must not exist yet, ``UNCHECKED`` for the content
    a command's hold found (no check without a hold: a copy of one's own, Save As over a file the user
    chose to replace). A file changed since is never overwritten: ``lock.ChangedOnDisk``.

    ``stored``: True writes the evidence files to an evidence store beside the YAML
    (``storage.evidence_store``), False writes them into the YAML (the single-file form), None keeps
    the form the file on disk has (single-file for a new file). The store is written under the same
    lock, before the YAML, under a new name; the workspace's other stores are removed after."""

    carried: list[CarriedOver] = []
    errors = check_with_warnings(ws, SCHEMA_VERSION, carried=carried)[0]
    for e in errors:
        e.file = e.file or str(path)
    if errors:
        raise ValidationErrors(errors) if len(errors) > 1 else errors[0]
    ws = _carry(ws, carried)  # what was carried over and is still unchanged; a value since fixed is dropped
    if ws.schema_version != SCHEMA_VERSION:
        ws = dataclasses.replace(ws, schema_version=SCHEMA_VERSION)
    if stored is None:
        stored = evidence_store.is_stored(path)
    store_payload = b""
    keep = None
    texts: list[str] = []
    context = _attributes_context(ws)
    # a store patched from the one last read or written (only what changed written), else built whole
    patched: tuple[Path | None, str] | None = None
    store_digest = ""
    judgements: tuple[str, Sequence[str]] | None = None
    if stored:
        data, evidence, texts = _stored_data(ws)
        judgements = _judgements(ws)
        patched = evidence_store.patch(path, ws.evidence.files, texts, lambda f: store_attributes(ws, f), context,
                                       judgements)
        if patched is None:
            store_payload = evidence_store.build(ws.evidence.files,
                                                 [store_attributes(ws, f) for f in ws.evidence.files], texts,
                                                 judgements)
            store_digest = hashlib.sha256(store_payload).hexdigest()
        else:
            store_digest = patched[1]
        keep = evidence_store.store_name(path, store_digest)
        data["evidence"] = {evidence_store.STORE_KEY: keep,  # in its place in the file
                            evidence_store.STORE_SHA_KEY: store_digest,
                            evidence_store.STORE_COUNT_KEY: len(ws.evidence.files), **evidence}
    else:
        data = workspace_to_data(ws)
    try:
        digest = _write_locked(path, data, wait, expected_sha256, stored, patched, store_payload, keep)
    finally:
        if patched is not None:  # placed, or not to be: no temporary store is left behind
            evidence_store.discard(patched[0])
    if stored:  # the rows just written: the next save encodes and writes only the files changed since
        kept = None if judgements is None else (
            judgements[0], {f.provenance.sha256: t for f, t in zip(ws.evidence.files, judgements[1], strict=True) if t})
        evidence_store.remember(ws.evidence.files, texts, save_target(path).parent / str(keep), store_digest, context,
                                kept)
    return digest


def _judgements(ws: Workspace) -> tuple[str, Sequence[str]] | None:
    """The files' judgements to keep in the store (``domain.summaries``: None where the layer that
    works them out is not loaded). A cache: should working them out fail, the store keeps none and
    the save goes on (they are worked out again when read)."""
    try:
        got = kept_summaries.summarize(ws)
    except Exception:
        return None
    if got is None or len(got[1]) != len(ws.evidence.files):
        return None
    return got


def _attributes_context(ws: Workspace) -> tuple[object, ...]:
    """What ``store_attributes`` reads besides the file."""
    return tuple((o.id, o.runtime.lower(), o.platform.lower()) for o in ws.options), ws.workload


def _write_locked(path: str | os.PathLike[str], data: dict[str, Any], wait: float | None, expected_sha256: str | None,
                  stored: bool, patched: tuple[Path | None, str] | None, store_payload: bytes,
                  keep: str | None) -> str:
    """Write the YAML of ``data`` (and the store: ``store_payload`` or the ``patched`` one) under the
    workspace's lock; returns the YAML's SHA-256."""
    payload = (_HEADER + dump_yaml(data)).encode("utf-8")  # refuses a non-finite number or invalid text, naming the key path
    try:
        with lock.locked(path, wait=wait):
            held, at_hold = lock.held_sha256(path)
            expected: str | None = expected_sha256
            if expected == UNCHECKED and held:
                expected = at_hold
            if expected != UNCHECKED:
                now = lock.content_sha256(path)
                if now != expected:
                    raise lock.ChangedOnDisk(os.fspath(path), gone=now is None, appeared=expected is None)
            if stored and patched is None:
                evidence_store.write(path, store_payload)  # first, under its own new name
            elif patched is not None and patched[0] is not None:
                evidence_store.place(path, patched[0], patched[1])
            atomic_write_bytes(path, payload)
            evidence_store.remove_others(path, keep)
    except OSError as exc:
        raise ValidationError(_('cannot be written: {value}').format(value=exc.strerror or exc), file=str(path)) from None
    digest = hashlib.sha256(payload).hexdigest()
    lock.written(path, digest)
    return digest


def _stored_data(ws: Workspace) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """For a save in the stored form: the workspace's plain data without its evidence files, its
    ``evidence`` mapping without them (in its place in the data), and each file's row (the row
    read or written for the same file object, else the file encoded afresh)."""
    bare = dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=()))
    body = workspace_to_data(bare)
    evidence = dict(body.get("evidence") or {})
    evidence.pop("files", None)
    # "evidence" in the place a full encoding gives it (an empty one is left out of ``body``)
    order = {f.name: i for i, f in enumerate(dataclasses.fields(Workspace))}
    at = order["evidence"]
    data: dict[str, Any] = {}
    for key, value in body.items():
        if "evidence" not in data and order.get(key, -1) > at:
            data["evidence"] = evidence
        if key != "evidence":
            data[key] = value
    data.setdefault("evidence", evidence)
    texts = []
    for f in ws.evidence.files:
        text = evidence_store.known_row(f)
        texts.append(text if text is not None else evidence_store.row_text(codec.to_data(f, omit_defaults=True)))
    return data, evidence, texts


# ---------------------------------------------------------------------------------------------
# semantic checks (what the type hints cannot say)


def check(doc: Any) -> list[ValidationError]:
    """Every rule of the current schema; each error carries the key path of the culprit. A value
    carried over unchanged from an older workspace (``Workspace.carried_over``) is no error."""
    return check_with_warnings(doc, SCHEMA_VERSION)[0]


def _carry(ws: Workspace, carried: list[CarriedOver]) -> Workspace:
    """``ws`` holding exactly the carried-over values its check found (each once, in the order found)."""
    entries = tuple(dict.fromkeys(carried))
    return ws if entries == ws.carried_over else dataclasses.replace(ws, carried_over=entries)


def check_with_warnings(doc: Any, schema_version: int, clean_sections: frozenset[str] = frozenset(),
                        carried: list[CarriedOver] | None = None
                        ) -> tuple[list[ValidationError], list[ValidationError]]:
    """(errors, warnings) of a document written with ``schema_version``: a rule introduced by a later
    schema is a warning for it (the file still opens), an error for a file of that schema or later.

    ``clean_sections`` names workspace sections (``matrix``, ``checklist``, ``criteria``) that are
    built-in data whose own file broke no rule (``_builtin_section``): the walks its own file's
    check made over it (the matrix's cells and sources, every id and name in it) are not made again;
    the rules that look across sections (an option's runtime and platform in the matrix, answers
    to checklist items) and the cheap per-section ones still are.

    A workspace's value that breaks a rule its schema did not have is *carried over*
    (``Workspace.carried_over``): a warning saying so, and, in a file of the current schema, a
    warning as long as the value is the one carried over (an error once it is changed). ``carried``
    (when given) gets the entries the workspace holds after this check: one per value carried over."""
    errs: list[ValidationError] = []
    problems: list[validation.Problem] = []
    if isinstance(doc, Workspace):
        if "matrix" not in clean_sections:
            _check_matrix(doc.matrix, "matrix", errs)
        _check_workspace(doc, errs)
        problems.extend(validation.workspace_problems(doc))
        problems.extend(approval_problems(doc))
    elif isinstance(doc, MatrixFile):
        _check_matrix(doc.matrix, "matrix", errs)
    elif isinstance(doc, ChecklistFile):
        _unique([i.id for i in doc.items], "items", errs)
    elif isinstance(doc, CriteriaFile):
        _unique([c.id for c in doc.criteria], "criteria", errs)
        problems.extend(validation.criteria_problems(doc.criteria, "criteria"))
    skip = clean_sections if isinstance(doc, Workspace) else frozenset()
    if isinstance(doc, Workspace):  # in the order of the fields, the evidence's files walked only where new
        problems.extend(validation.id_problems(doc, skip=skip | _AFTER_EVIDENCE | {"evidence"}))
        problems.extend(_evidence_id_problems(doc))
        problems.extend(validation.id_problems(doc, skip=skip | _UP_TO_EVIDENCE))
    else:
        problems.extend(validation.id_problems(doc, skip=skip))
    problems.extend(validation.name_problems(doc, skip=skip))
    later: list[ValidationError] = []
    values = _Values(doc) if isinstance(doc, Workspace) else None
    kept = {(_pattern(c.path), c.sha256): c for c in doc.carried_over} if isinstance(doc, Workspace) else {}
    for p in problems:
        entry = None
        if p.path in NEVER_CARRIED:
            pass
        elif values is not None and p.since > schema_version:  # an older file's value: carried over from it
            digest = values.sha256(p.path)
            entry = CarriedOver(p.path, digest, schema_version) if digest else None
        elif values is not None and kept:  # carried over by an earlier save, if still unchanged
            digest = values.sha256(p.path)
            entry = kept.get((_pattern(p.path), digest or ""))
            entry = entry if entry is not None and p.since > entry.schema else None
        if entry is None and p.since <= schema_version:
            errs.append(ValidationError(p.reason, path=p.path))
            continue
        if entry is not None:
            if carried is not None:
                carried.append(dataclasses.replace(entry, path=p.path))
            reason = _("{reason} (carried over unchanged from a schema-{schema} workspace: it is kept; a changed "
                       "value must meet the rule)").format(reason=p.reason, schema=entry.schema)
        else:
            reason = p.reason
        later.append(ValidationError(reason, path=p.path))
    return errs, later


# The evidence files whose every id was found clean by the last check of a workspace (by identity;
# each kept with its entry, so its id stays its own): a file is immutable, so a check of the same
# workspace again (a save after an edit, a file imported) walks only the files not among them. At ten
# thousand result files the walk over every run's ids was most of a save's check.
_IDS_CLEAN: dict[int, Any] = {}
_FIELDS = [f.name for f in dataclasses.fields(Workspace)]
_UP_TO_EVIDENCE = frozenset(_FIELDS[: _FIELDS.index("evidence") + 1])
_AFTER_EVIDENCE = frozenset(_FIELDS[_FIELDS.index("evidence") + 1:])


def _evidence_id_problems(ws: Workspace) -> list[validation.Problem]:
    """``id_problems`` of the workspace's evidence: its files walked only where not found clean by the
    last check (``_IDS_CLEAN``), the rest of it (builds, error tables) every time."""
    ev = ws.evidence
    out = validation.id_problems(dataclasses.replace(ev, files=()), "evidence")
    found, clean = validation.id_problems_each(ev.files, "evidence.files",
                                               lambda f: _IDS_CLEAN.get(id(f)) is f)
    kept = {id(f): f for f in ev.files if _IDS_CLEAN.get(id(f)) is f}
    kept.update((id(f), f) for f in clean)
    _IDS_CLEAN.clear()
    _IDS_CLEAN.update(kept)
    return out + found


#: key paths whose breach is never carried over: a decision's status *accepted* or *rejected* comes only
#: from signed verdicts (docs/approval.md), so an older file's typed status is a warning on open and
#: must be set back (or approved again) before the workspace is saved or a record is made
NEVER_CARRIED = frozenset({"decision.status"})


def _pattern(path: str) -> str:
    """A key path without its list positions: a carried-over value is found again after the rows
    before it were removed or moved (``options[3].name`` and ``options[2].name`` are one pattern)."""
    return re.sub(r"\[\d+\]", "[]", path)


_PATH_PART = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


class _Values:
    """The values at key paths of a workspace's canonical data (made once, when first asked)."""
    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.data: Any = None

    def sha256(self, path: str) -> str | None:
        """The SHA-256 of the canonical JSON of the value at ``path``; None where the path leads nowhere."""
        if self.data is None:
            self.data = workspace_to_data(self.ws, canonical=True)
        return value_sha256(self.data, path)


def value_sha256(data: Any, path: str) -> str | None:
    """The SHA-256 of the canonical JSON (as ``canonical_json`` writes it) of the value at the key path
    ``path`` of plain data; None where the path leads nowhere."""

    value = data
    pos = 0
    for m in _PATH_PART.finditer(path):
        if m.start() != pos:
            return None
        pos = m.end()
        key, index = m.group(1), m.group(2)
        if key is not None and isinstance(value, dict) and key in value:
            value = value[key]
        elif index is not None and isinstance(value, list) and int(index) < len(value):
            value = value[int(index)]
        else:
            return None
    if pos != len(path) or not path:
        return None
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _unique(ids: list[str], path: str, errs: list[ValidationError], what: str = "id") -> None:
    seen: set[str] = set()
    for i, value in enumerate(ids):
        if value in seen:
            errs.append(ValidationError(_('duplicate {what} {value!r}').format(what=what, value=value), path=f"{path}[{i}].{what}"))
        seen.add(value)


def _check_matrix(m: SupportMatrix, path: str, errs: list[ValidationError]) -> None:
    _unique([r.id for r in m.runtimes], f"{path}.runtimes", errs)
    _unique([p.id for p in m.platforms], f"{path}.platforms", errs)
    runtimes = {r.id for r in m.runtimes}
    platforms = {p.id for p in m.platforms}
    cells: set[tuple[str, str]] = set()
    for i, e in enumerate(m.entries):
        at = f"{path}.entries[{i}]"
        if e.runtime not in runtimes:
            errs.append(ValidationError(_('unknown runtime {runtime!r} (not in matrix.runtimes)').format(runtime=e.runtime), path=f"{at}.runtime"))
        if e.platform not in platforms:
            errs.append(ValidationError(_('unknown platform {platform!r} (not in matrix.platforms)').format(platform=e.platform), path=f"{at}.platform"))
        if (e.runtime, e.platform) in cells:
            errs.append(ValidationError(_('second cell for {runtime} x {platform}').format(runtime=e.runtime, platform=e.platform), path=at))
        cells.add((e.runtime, e.platform))
        if not e.sources:
            errs.append(ValidationError(_('a support cell needs at least one source'), path=f"{at}.sources"))
        for j, s in enumerate(e.sources):
            if not s.as_of.strip():
                errs.append(ValidationError(_('a source needs its as-of date'), path=f"{at}.sources[{j}].as_of"))
            if not s.url_or_path.strip():
                errs.append(ValidationError(_('a source needs a URL or repository path'), path=f"{at}.sources[{j}].url_or_path"))
        for j, r in enumerate(e.requirements):
            if r.component == Component.OS:
                continue
            try:
                SpecifierSet(r.spec)
            except InvalidSpecifier:
                errs.append(ValidationError(
                    _("{spec!r} is not a version range (write e.g. '>=12.8' or '>=3.10,<3.14')").format(spec=r.spec),
                    path=f"{at}.requirements[{j}].spec"))


def _check_workspace(ws: Workspace, errs: list[ValidationError]) -> None:
    _unique([o.id for o in ws.options], "options", errs)
    _unique([c.id for c in ws.checklist], "checklist", errs)
    _unique([c.id for c in ws.criteria], "criteria", errs)
    errs.extend(ValidationError(reason, path=path) for path, reason in workload_problems(ws.workload, ws.evidence.files))
    runtimes = {r.id for r in ws.matrix.runtimes}
    platforms = {p.id for p in ws.matrix.platforms}
    option_ids = {o.id for o in ws.options}
    item_ids = {c.id for c in ws.checklist}
    for i, o in enumerate(ws.options):
        if o.strategy == Strategy.HOSTED_API:  # a provider's API: runtime names the provider, no matrix cell
            if o.hosted is None:
                errs.append(ValidationError(_('a hosted-api option states its prices under hosted'),
                                            path=f"options[{i}].hosted"))
            continue
        if o.hosted is not None:
            errs.append(ValidationError(_('hosted prices belong to a hosted-api option (strategy: hosted-api)'),
                                        path=f"options[{i}].hosted"))
        if o.runtime not in runtimes:
            errs.append(ValidationError(_('unknown runtime {runtime!r} (not in the support matrix)').format(runtime=o.runtime), path=f"options[{i}].runtime"))
        if o.platform not in platforms:
            errs.append(ValidationError(_('unknown platform {platform!r} (not in the support matrix)').format(platform=o.platform), path=f"options[{i}].platform"))
    seen_pairs: set[tuple[str, str]] = set()
    for i, a in enumerate(ws.answers):
        if a.option not in option_ids:
            errs.append(ValidationError(_('unknown option {option!r}').format(option=a.option), path=f"answers[{i}].option"))
        if a.item not in item_ids:
            errs.append(ValidationError(_('unknown checklist item {item!r}').format(item=a.item), path=f"answers[{i}].item"))
        if (a.option, a.item) in seen_pairs:
            errs.append(ValidationError(_('second answer for {option} / {item}').format(option=a.option, item=a.item), path=f"answers[{i}]"))
        seen_pairs.add((a.option, a.item))
    d = ws.decision
    for i, oid in enumerate(d.considered_options):
        if oid not in option_ids:
            errs.append(ValidationError(_('unknown option {oid!r}').format(oid=oid), path=f"decision.considered_options[{i}]"))
    if d.chosen_option and d.chosen_option not in option_ids:
        errs.append(ValidationError(_('unknown option {chosen_option!r}').format(chosen_option=d.chosen_option), path="decision.chosen_option"))
    _unique([str(s.order) for s in ws.migration_plan], "migration_plan", errs, what="order")
    _check_parity_outlook(ws, option_ids, errs)
    _unique([f.platform for f in ws.fleet], "fleet", errs, what="platform")
    assumptions = ws.assumptions
    base = ws.option(assumptions.baseline_option) if assumptions.baseline_option else None
    if assumptions.baseline_option and base is None:
        errs.append(ValidationError(_('unknown option {oid!r}').format(oid=assumptions.baseline_option),
                                    path="assumptions.baseline_option"))
    elif base is not None and base.strategy != Strategy.KEEP:
        errs.append(ValidationError(_('the baseline is a keep option (the current fleet), not {strategy}').format(
            strategy=base.strategy.value), path="assumptions.baseline_option"))
    for i, f in enumerate(ws.fleet):
        for j, q in enumerate(f.quotes):
            if q.price not in _FLEET_QUOTES:
                errs.append(ValidationError(_("unknown price {price!r}; expected one of: {names}").format(
                    price=q.price, names=", ".join(_FLEET_QUOTES)), path=f"fleet[{i}].quotes[{j}].price"))
    for i, o in enumerate(ws.options):
        for j, q in enumerate(o.hosted.quotes if o.hosted is not None else ()):
            if q.price not in _HOSTED_QUOTES:
                errs.append(ValidationError(_("unknown price {price!r}; expected one of: {names}").format(
                    price=q.price, names=", ".join(_HOSTED_QUOTES)), path=f"options[{i}].hosted.quotes[{j}].price"))
    for j, q in enumerate(assumptions.quotes):
        if q.price not in _ASSUMPTION_QUOTES:
            errs.append(ValidationError(_("unknown price {price!r}; expected one of: {names}").format(
                price=q.price, names=", ".join(_ASSUMPTION_QUOTES)), path=f"assumptions.quotes[{j}].price"))
    _check_dates(ws, errs)


def _check_parity_outlook(ws: Workspace, option_ids: set[str], errs: list[ValidationError]) -> None:
    """Each stated chance of passing a parity check names a known option, a required kind, a
    probability in [0, 1], once per (option, kind)."""
    seen: set[tuple[str, str]] = set()
    for i, p in enumerate(ws.parity_outlook):
        path = f"parity_outlook[{i}]"
        if p.option not in option_ids:
            errs.append(ValidationError(_('unknown option {oid!r}').format(oid=p.option), path=f"{path}.option"))
        if ws.required_parity and p.kind not in ws.required_parity:
            errs.append(ValidationError(_('{kind} is not a required parity kind (required_parity)').format(
                kind=p.kind.value), path=f"{path}.kind"))
        if not (isinstance(p.probability, (int, float)) and 0.0 <= p.probability <= 1.0):
            errs.append(ValidationError(_('a probability is between 0 and 1, got {value}').format(
                value=p.probability), path=f"{path}.probability"))
        if (p.option, p.kind.value) in seen:
            errs.append(ValidationError(_('second chance of passing for {option} / {kind}').format(
                option=p.option, kind=p.kind.value), path=path))
        seen.add((p.option, p.kind.value))


_FLEET_QUOTES = ("purchase", "rental", "power", "hosting", "book_value", "resale", "replacement", "residual")
_HOSTED_QUOTES = ("input", "output", "cached_input")
_ASSUMPTION_QUOTES = ("electricity", "engineer")


def _check_dates(ws: Workspace, errs: list[ValidationError]) -> None:
    """Quote dates and end-of-support dates are ISO dates (YYYY-MM-DD) where stated."""
    def check(value: str, path: str) -> None:
        if not value:
            return
        try:
            dt.date.fromisoformat(value)
        except ValueError:
            errs.append(ValidationError(_("{value!r} is not a date (write YYYY-MM-DD)").format(value=value),
                                        path=path))

    for i, f in enumerate(ws.fleet):
        for j, q in enumerate(f.quotes):
            check(q.valid_until, f"fleet[{i}].quotes[{j}].valid_until")
    for i, o in enumerate(ws.options):
        for j, q in enumerate(o.hosted.quotes if o.hosted is not None else ()):
            check(q.valid_until, f"options[{i}].hosted.quotes[{j}].valid_until")
    for j, q in enumerate(ws.assumptions.quotes):
        check(q.valid_until, f"assumptions.quotes[{j}].valid_until")


def record_inputs_json(ws: Workspace) -> bytes:
    """The canonical JSON a record of ``ws`` embeds (report.canonical): ``canonical_json``, a fixed
    point of decoding and encoding again."""
    return canonical_json(ws)


def approval_content_sha256(ws: Workspace) -> str:
    """The inputs SHA-256 of the record an approver signs for this workspace: its content with the
    status and the sign-off verdicts set back to how they were exported (``approval.frozen``)."""

    return hashlib.sha256(record_inputs_json(approval.frozen(ws))).hexdigest()


def approval_problems(ws: Workspace) -> list[validation.Problem]:
    needs_hash = (ws.decision.status in (*approval.APPROVED_STATUSES, RecordStatus.REJECTED)
                  or any(s.record_inputs_sha256 for s in ws.signoffs))
    try:
        digest = approval_content_sha256(ws) if needs_hash else ""
    except (ValidationError, ValueError):  # a value the stored form cannot hold: reported by the save
        digest = ""
    return approval.problems(ws, digest)


# ---------------------------------------------------------------------------------------------
# JSON Schema


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of one kind of document, derived from the domain types."""
    defs: dict[str, Any] = {}
    root = KINDS[kind].root
    ref = codec.json_schema_of(root, defs)
    body = dict(defs[ref["$ref"].split("/")[-1]])
    props = {"kind": {"const": kind}, **body["properties"]}
    if kind == "workspace":
        for key in _BUILTIN_SECTIONS:
            props[key] = {"anyOf": [{"const": BUILTIN}, props[key]]}
    body["properties"] = props
    body["required"] = ["kind", *body.get("required", [])]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://deepdecide.invalid/schema/{kind}.schema.json",
        "title": f"deepdecide {kind} file (schema_version {SCHEMA_VERSION})",
        **body,
        "$defs": {k: v for k, v in sorted(defs.items())},
    }


def schema_path(kind: str) -> Path:
    return data_root() / "schema" / f"{kind}.schema.json"


def schema_text(kind: str) -> str:
    return json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"
