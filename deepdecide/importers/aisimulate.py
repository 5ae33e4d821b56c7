"""NVIDIA AISimulate (AIConfigurator's successor): its published prediction error and its
reproduction records (formats/benchmarks.md, "AISimulate").

* ``derived-error-metrics.json`` (schema ``<model>.derived-error-metrics.v1``): how far the
  predictor was from measured silicon, per prediction mode (``FPM``: forward-pass metrics; ``SOL``:
  speed of light) and phase (all, prefill, decode): MAPE, WAPE, mean signed error, p90 absolute
  error in **percent**, and the points they rest on. Imported as a *predictor error table*
  (:class:`~deepdecide.domain.evidence.PredictionErrorRow`, fractions), not as runs. What is
  predicted is the forward-pass time of the holdout configurations (AISimulate's holdout README:
  the native FPM wall-time boundary, not HTTP TTFT / ITL). The model is named by the schema
  (``dsv41`` = DeepSeek-V4.1) where :data:`SCHEMA_MODELS` knows it; the hardware is not in the
  file (its folder says it: ``gb200-fpm``), so it is asked (``--platform``).
* ``job-*-comparison.json``: a reproduction record. With a ``reference`` (an InferenceX API row,
  seconds) and ``cases.off`` / ``cases.on`` (two AIPerf runs of the same configuration, seconds,
  with the exact ``aiperf profile`` command): three runs, the two re-measurements linked to the
  reference (``reproduces``). Without one (``cases`` in ms and per GPU, ``on_vs_off_percent``): two
  runs, ``on`` linked to ``off``. The record's own comparison (``off_vs_reference_pct``,
  ``on_vs_off_percent``) is kept as a flag beside the figures.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from deepdecide.domain.evidence import PredictionErrorRow, ProvenanceKind
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.inferencex import api_row
from deepdecide.importers.normalize import RunDraft, rel_diff
from deepdecide.importers.secrets import strip_secrets

#: the model a derived-error-metrics schema prefix names
SCHEMA_MODELS = {"dsv41": "DeepSeek-V4.1", "dsv4": "DeepSeek-V4", "dsv4pro": "DeepSeek-V4-Pro"}
_SCHEMA = re.compile(r"^([a-z0-9_]+)\.derived-error-metrics\.v(\d+)$")
PHASES = ("all", "prefill", "decode")
#: what AISimulate's holdouts predict (the forward pass, timed at the native FPM boundary)
METRIC = "forward pass time"


def _percent(node: Node) -> float | None:
    value = node.num(allow_negative=True)
    return value / 100.0 if value is not None else None


class AisimulateErrorMetrics(Importer):
    tool = "aisimulate"
    description = N_("NVIDIA AISimulate derived-error-metrics.json (predictor error table)")
    provenance_kind = ProvenanceKind.THIRD_PARTY

    def sniff(self, src: Source) -> bool:
        v = src.json
        if not isinstance(v, dict) or not isinstance(v.get("metrics"), dict):
            return False
        schema = v.get("schema")
        if isinstance(schema, str) and _SCHEMA.match(schema):
            return True
        return bool(v["metrics"]) and all(
            isinstance(m, dict) and any(isinstance(p, dict) and "mape_percent" in p for p in m.values())
            for m in v["metrics"].values())

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        schema = r["schema"].str()
        m = _SCHEMA.match(schema)
        model = SCHEMA_MODELS.get(m.group(1), "") if m else ""
        out = Parsed(tool_version=f"AISimulate {schema}".strip())
        if model:
            out.notes.append(flag("aisimulate.model_from_schema", model=model, schema=schema))
        for mode, block in r["metrics"].items():
            for phase, row in block.items():
                points = row["predicted_points"].count()
                out.prediction_errors.append(PredictionErrorRow(
                    tool=self.tool, mode=mode, model=model, metric=METRIC, phase=phase,
                    mape=_percent(row["mape_percent"]), wape=_percent(row["wape_percent"]),
                    mean_signed_error=_percent(row["mean_signed_error_percent"]),
                    p90_abs_error=_percent(row["p90_absolute_error_percent"]),
                    points=points, planned_points=row["planned_points"].count()))
                missing = row["missing_predictions"].count()
                if missing:
                    out.notes.append(flag("aisimulate.missing_predictions", mode=mode, phase=phase, n=missing))
        if not out.prediction_errors:
            raise r["metrics"].fail(_("no error figures (expected metrics.<mode>.<phase>.mape_percent)"))
        out.notes.append(flag("aisimulate.error_table", metric=METRIC))
        for name, digest in r["inputs_sha256"].items():
            out.manifest.append(flag("aisimulate.input", name=name, sha256=digest.str()))
        derivation = r["derivation"].str()
        if derivation:
            out.manifest.append(flag("aisimulate.derivation", text=derivation))
        return out


# ---------------------------------------------------------------------------------------------
# reproduction records

#: a case's flat InferenceX-style keys (seconds) -> normalized prefix
CASE_LATENCIES = (("ttft", "ttft_ms"), ("itl", "itl_ms"), ("e2el", "e2e_ms"))
CASE_STATS = (("mean", "mean"), ("median", "p50"), ("p90", "p90"), ("p99", "p99"))


def _cli_option(cli: str, name: str) -> str:
    try:
        words = shlex.split(cli)
    except ValueError:
        return ""
    for i, w in enumerate(words):
        if w == name and i + 1 < len(words):
            return words[i + 1]
        if w.startswith(name + "="):
            return w.split("=", 1)[1]
    return ""


class AisimulateComparison(Importer):
    tool = "aisimulate_reproduction"
    description = N_("NVIDIA AISimulate reproduction record (job-*-comparison.json: a reference and its re-measurements)")
    provenance_kind = ProvenanceKind.THIRD_PARTY

    def sniff(self, src: Source) -> bool:
        v = src.json
        if not isinstance(v, dict):
            return False
        cases = v.get("cases")
        return isinstance(cases, dict) and isinstance(cases.get("off"), dict) and isinstance(cases.get("on"), dict) \
            and ("reference" in v or "on_vs_off_percent" in v)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        out = Parsed(tool_version="AISimulate experiment record")
        caveat = r["caveat"].str()
        if caveat:
            out.notes.append(flag("aisimulate.caveat", text=caveat))
        if r.has("reference"):
            self._with_reference(r, out)
        else:
            self._on_off(r, out)
        return out

    # -- shape 1: an InferenceX reference and two AIPerf re-measurements (seconds)
    def _with_reference(self, r: Node, out: Parsed) -> None:
        cases = r["cases"]
        model = _cli_option(cases["off"]["cli"].str(), "--model")
        ref = RunDraft(self.tool, tool_version=out.tool_version)
        api_row(ref, r["reference"], display_model=model)
        metrics = r["reference"]["metrics"]
        ref.set(input_tokens=ref["input_tokens"] or metrics["mean_input_tokens"].num(),
                output_tokens=ref["output_tokens"] or metrics["mean_output_tokens_actual"].num(),
                completed=metrics["total_requests_completed"].count())
        ref.set(label=f"reference: {ref['label']}")
        ref.flag("aisimulate.reference")
        reference = ref.build()
        out.runs.append(reference)
        comparison = {c["metric"].str(): c for c in r["comparison"].elements()}
        for name in ("off", "on"):
            case = cases[name]
            d = RunDraft(self.tool, tool_version=out.tool_version, reproduces=0)
            m = case["metrics"]
            d.set(runtime=reference.runtime, platform=reference.platform, quantization=reference.quantization,
                  model=model or reference.model, dataset=reference.dataset)
            d.flag("aisimulate.as_reference", runtime=reference.runtime or "?", platform=reference.platform or "?")
            conc = _cli_option(case["cli"].str(), "--concurrency")
            d.set(concurrency=Node(conc, r.src, f"cases.{name}.cli --concurrency").num() if conc else None)
            d.set(completed=m["total_requests_completed"].count(), duration_s=m["duration_seconds"].num(),
                  input_tokens=m["mean_input_tokens"].num(), output_tokens=m["mean_output_tokens_actual"].num(),
                  output_throughput_tps=m["output_tput_tps"].num(), total_throughput_tps=m["total_tput_tps"].num(),
                  output_tps_per_gpu=m["output_tput_per_gpu"].num())
            total, per_gpu = m["total_tput_tps"].num(), m["tput_per_gpu"].num()
            if total and per_gpu:
                gpus = round(total / per_gpu)
                d.set(gpu_count=gpus)
                d.flag("aisimulate.gpus_from_throughput", counted=total / per_gpu, gpus=gpus)
                if reference.gpu_count is not None and reference.gpu_count != gpus:
                    d.flag("aisimulate.gpus_differ", gpus=gpus, reference=reference.gpu_count)
            for key, norm in CASE_LATENCIES:
                for stat_key, stat in CASE_STATS:
                    d.set(**{f"{norm}_{stat}": m[f"{stat_key}_{key}"].num(1000.0)})
            d.flag("inferencemax.seconds")
            d.flag("aisimulate.itl")
            errors = case["error_summary"].list(required=False)
            d.set(failed=len(errors))
            cancelled = case["profiling_cancelled_requests"].count()
            if cancelled:
                d.flag("aisimulate.cancelled", n=cancelled)
            if _false(case["submission_valid"]):
                d.flag("aisimulate.invalid")
            stated = [f"{k} {c[f'{name}_vs_reference_pct'].num(allow_negative=True):+.2f} %"
                      for k, c in comparison.items() if c.has(f"{name}_vs_reference_pct")]
            if stated:
                d.flag("aisimulate.record_comparison", comparison="; ".join(stated))
            self._check_stated(d, comparison, name)
            d.set(label=f"re-measurement {name} of {reference.label.removeprefix('reference: ')}")
            out.runs.append(d.build())

    @staticmethod
    def _check_stated(d: RunDraft, comparison: dict[str, Node], name: str) -> None:
        """The record's figures for this case agree with the ones imported (after units)."""
        for metric, key, scale in (("output_tput_tps", "output_throughput_tps", 1.0),
                                   ("mean_ttft", "ttft_ms_mean", 1000.0)):
            c = comparison.get(metric)
            stated = c[name].num() if c is not None else None
            if stated is not None and d[key] is not None and rel_diff(stated * scale, d[key]) > 1e-9:
                d.flag("aisimulate.stated_differs", metric=metric, stated=stated, value=d[key])

    # -- shape 2: off / on in ms, per GPU, no reference
    def _on_off(self, r: Node, out: Parsed) -> None:
        stated = r["on_vs_off_percent"]
        for index, name in enumerate(("off", "on")):
            case = r["cases"][name]
            d = RunDraft(self.tool, tool_version=out.tool_version, reproduces=0 if index else None)
            d.set(output_tps_per_gpu=case["output_tokens_per_s_per_gpu"].num(),
                  ttft_ms_p50=case["ttft_p50_ms"].num(), ttft_ms_p90=case["ttft_p90_ms"].num(),
                  itl_ms_p90=case["itl_p90_ms"].num(), e2e_ms_p90=case["request_latency_p90_ms"].num(),
                  completed=case["requests"].count(), input_tokens=case["mean_input_tokens"].num(),
                  output_tokens=case["mean_output_tokens"].num(),
                  duration_s=case["request_activity_duration_s"].num(),
                  dataset=case["scenario"].str())
            total_per_gpu = case["total_tokens_per_s_per_gpu"].num()
            if total_per_gpu is not None:
                d.flag("aisimulate.total_per_gpu", value=total_per_gpu)
            phases = [p for p in case["phases"].elements() if p["kind"].str() == "profiling"]
            if phases:
                d.set(concurrency=phases[0]["concurrency"].num())
            d.flag("aisimulate.per_gpu_ms")
            d.flag("aisimulate.itl")
            d.set(failed=len(case["error_summary"].list(required=False)))
            cancelled = case["profiling_cancelled_requests"].count()
            if cancelled:
                d.flag("aisimulate.cancelled", n=cancelled)
            if _false(case["submission_valid"]):
                d.flag("aisimulate.invalid")
            if index:
                parts = [f"{k} {v.num(allow_negative=True):+.2f} %" for k, v in stated.items()]
                if parts:
                    d.flag("aisimulate.record_comparison", comparison="; ".join(parts))
            d.set(label=f"case {name}" + (" (re-measures case off)" if index else ""))
            out.runs.append(d.build())
        out.notes.append(flag("aisimulate.no_hardware"))


def _false(node: Node) -> bool:
    v: Any = node.value
    return v is False
