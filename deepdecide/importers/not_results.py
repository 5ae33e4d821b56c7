"""Files users pick up next to results that are not results: a tool's configuration, a support
matrix, the data behind a plot, a deployment manifest. Each is named in one line ("this is an
AIConfigurator experiment configuration, not a result file") instead of "format not recognised".

:func:`what_it_is` is asked only after no importer recognised the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepdecide.domain.i18n import _
from deepdecide.importers.base import Source
from deepdecide.importers.checksums import digests, publisher
from deepdecide.importers.inferencex import is_export_diagnostic
from deepdecide.importers.structured import csv_header, yaml_doc


def _docs(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, dict)]
    return []


def _aic_exp_config(src: Source, doc: Any) -> str:
    if isinstance(doc, dict) and doc and all(isinstance(v, dict) for v in doc.values()) and \
            any("serving_mode" in v and ("system_name" in v or "total_gpus" in v) for v in doc.values()):
        return _("an AIConfigurator experiment configuration (exp_config.yaml: its search space and SLA)")
    return ""


def _aic_support_matrix(src: Source, doc: Any) -> str:
    cols = csv_header(src)
    if {"system", "backend", "version", "mode", "status"} <= {c.lower() for c in cols} and \
            ({"model", "huggingfaceid"} & {c.lower() for c in cols}):
        return _("an AIConfigurator support matrix (which model x system x backend it can model, PASS / FAIL); compare "
                 "it with a workspace's matrix: deepdecide matrix --compare FILE")
    return ""


def _aic_support_index(src: Source, doc: Any) -> str:
    v = src.json
    if isinstance(v, dict) and set(v) == {"files"} and isinstance(v["files"], list) and v["files"] \
            and all(isinstance(f, str) and f.endswith(".csv") for f in v["files"]):
        return _("an AIConfigurator support-matrix index (a list of per-system CSV files); compare it with a "
                 "workspace's matrix: deepdecide matrix --compare FILE")
    return ""


def _k8s(src: Source, doc: Any) -> str:
    docs = [d for d in _docs(doc) if "apiVersion" in d and "kind" in d]
    if not docs:
        return ""
    kinds = list(dict.fromkeys(str(d["kind"]) for d in docs))
    if "DynamoGraphDeployment" in kinds:
        return _("a Dynamo DynamoGraphDeployment configuration (the deployment the Dynamo profiler tested; "
                 "its results are the profiler's raw_data.npz / *_raw_data.json)")
    return _("a Kubernetes manifest ({kinds})").format(kinds=", ".join(kinds))


def _inference_perf_config(src: Source, doc: Any) -> str:
    if isinstance(doc, dict) and isinstance(doc.get("load"), dict) and \
            any(isinstance(doc.get(k), dict) for k in ("server", "api", "data")) and "successes" not in doc:
        return _("an inference-perf run configuration (config.yaml)")
    return ""


def _dynamo_raw_data(src: Source, doc: Any) -> str:
    v = src.json
    if isinstance(v, dict) and ({"prefill_isl", "prefill_ttft"} <= set(v) or {"x_kv_usage", "z_itl"} <= set(v)):
        return _("Dynamo profiler interpolation data (the points behind its prefill / decode plots)")
    return ""


def _dynamo_status(src: Source, doc: Any) -> str:
    if isinstance(doc, dict) and "status" in doc and "phase" in doc and set(doc) <= {"status", "phase", "message",
                                                                                      "timestamp"}:
        return _("a Dynamo profiler status file (profiler_status.yaml)")
    return ""


def _checksum_manifest(src: Source, doc: Any) -> str:
    if src.looks_json and digests(doc) is not None:
        who = publisher(doc)
        return (_("a publisher's checksum manifest ({who}: the SHA-256 of the files beside it; importing those "
                  "files checks them against it)").format(who=who) if who else
                _("a publisher's checksum manifest (the SHA-256 of the files beside it; importing those files "
                  "checks them against it)"))
    return ""


def _inferencex_diagnostic(src: Source, doc: Any) -> str:
    if src.looks_json and is_export_diagnostic(doc):
        return _("an InferenceX export diagnostic (why a query selected what it did: outcome {outcome})").format(
            outcome=str(doc["diagnostic"].get("outcome", "?")))
    return ""


def _deepdecide(src: Source, doc: Any) -> str:
    if isinstance(doc, dict) and "schema_version" in doc and doc.get("kind") in (
            "workspace", "support-matrix", "service-checklist", "criteria"):
        return _("a deepdecide {kind} file (open or validate it; it holds no tool output)").format(kind=doc["kind"])
    return ""


def _genai_bench_metadata(src: Source, doc: Any) -> str:
    v = src.json
    if isinstance(v, dict) and {"benchmark_version", "api_backend", "num_concurrency", "experiment_folder_name"} <= set(v):
        gpus = f"{v.get('server_gpu_count') or '?'} x {v.get('server_gpu_type') or '?'}"
        return _("a genai-bench experiment_metadata.json (the run's settings: {engine} on {gpus}, model {model}; give "
                 "them as context when importing its result files)").format(
            engine=v.get("server_engine") or "?", gpus=gpus, model=v.get("model") or "?")
    return ""


def _aiperf_aggregate_csv(src: Source, doc: Any) -> str:
    if {"metric", "mean", "std", "ci_low", "ci_high", "t_critical", "unit"} <= csv_header(src):
        return _("AIPerf's profile_export_aiperf_aggregate.csv, the CSV twin of profile_export_aiperf_aggregate.json: "
                 "import the JSON")
    return ""


RECOGNISERS: tuple[Callable[[Source, Any], str], ...] = (
    _aic_support_index, _dynamo_raw_data, _aic_support_matrix, _deepdecide, _k8s, _aic_exp_config,
    _inference_perf_config, _dynamo_status, _genai_bench_metadata, _aiperf_aggregate_csv, _checksum_manifest,
    _inferencex_diagnostic,
)


def what_it_is(src: Source) -> str:
    """What a non-result file is ("an AIConfigurator support matrix (...)"), or ""."""
    doc = src.json if src.looks_json else yaml_doc(src)
    for recognise in RECOGNISERS:
        text = recognise(src, doc)
        if text:
            return text
    return ""
