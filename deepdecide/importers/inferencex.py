"""SemiAnalysis InferenceX exports (``@semianalysisai/inferencex-skills`` 0.1.0: its CLI over the
public ``/api/v1/benchmarks`` API) and the experimental ``token_position_decode_slo`` results.

Three export files, one row format (formats/benchmarks.md, "InferenceX exports"):

* ``powerx.csv`` (and ``powerx.json``, the same rows as JSON under ``rows``): one row per
  benchmark point with the query that selected it (``query_url``, ``retrieved_at``, requested model
  and date), the topology per role (``prefill_tp`` / ``_ep`` / ``_dp_attention`` /
  ``_num_workers``, the same for decode, ``num_prefill_gpu`` / ``num_decode_gpu``), and **power
  and energy only** (power schema 2): ``avg_power_w`` (W per GPU, the average over all the run's
  GPUs), ``prefill_avg_power_w`` / ``decode_avg_power_w`` (per role), ``joules_per_output_token``,
  ``joules_per_input_token``, ``joules_per_total_token`` (each the run's whole GPU energy divided
  by that kind of token), per role ``prefill_joules_per_input_token`` /
  ``decode_joules_per_output_token``. No latency and no throughput;
* ``lookup.json``: the query's scope and counts (rows returned, matching, excluded) and up to
  ``sample_limit`` raw API rows, whose ``metrics`` block holds latencies in **seconds** (``_ms``
  stripped, as in the aggregates), ``*_intvty`` = 1000 / TPOT ms, per-GPU throughputs, power and
  energy, ``kv_cache_pool_tokens``;
* an export envelope, ``{"metadata": {...}, "rows": [...]}``, whose metadata says how many rows the
  query returned, selected and excluded and which metrics the selection covers. An empty
  selection (``unavailable.json``) imports as "no observations": the file, no run.

GPU counts. A disaggregated row's roles are separate GPUs: ``num_prefill_gpu`` and
``num_decode_gpu`` (each = workers x TP, or x EP with data-parallel attention; checked). An
aggregated row runs both roles on the same GPUs: its count is TP x PP x PCP, as InferenceX's own
``process_result.py`` divides, and its stated per-role counts are never added (the API states
8 / 8 for a TP8 run on 8 GPUs, and 64 / 64 for TP8 EP8 with data-parallel attention, which the
row's own figures contradict: total GPU power / power per GPU = 8). Where a row holds both power
and energy, output tokens/s per GPU = ``avg_power_w`` / ``joules_per_output_token`` (an identity of
InferenceX's definitions), derived where the row has no throughput and checked where it has.

Power is metered per GPU (``total_gpu_energy_j``, GPU telemetry): basis "GPU only". A row whose
``power_valid`` is 0 keeps no energy figure.

The token-position results (``experimental/token_position_decode_slo``, a trimmed copy of vLLM's
``benchmark_serving.py``) have vLLM's keys **without** the ``_ms`` suffix and their values in
**seconds** (``median_ttft``, ``p99_tpot``, ``median_e2el``; only median and p99, no ITL); TPOT is
vLLM's. They are recognised before vLLM's reader, which never claims them (it needs ``*_ms`` keys).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepdecide.domain.evidence import EnergyBasis, ProvenanceKind
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source, root
from deepdecide.importers.inferencemax import _throughput, set_runtime
from deepdecide.importers.normalize import RunDraft, canonical_hardware, per_second, rel_diff
from deepdecide.importers.secrets import strip_secrets
from deepdecide.importers.structured import CsvTable, csv_header, csv_table

#: the columns every PowerX CSV has (inferencex-skills 0.1.0)
POWERX_COLUMNS = {"package_version", "query_url", "retrieved_at", "hardware", "framework", "conc",
                  "num_prefill_gpu", "num_decode_gpu", "avg_power_w", "joules_per_output_token"}
#: the latency keys of an API row (seconds) -> normalized prefix
LATENCIES = (("ttft", "ttft_ms"), ("tpot", "tpot_ms"), ("itl", "itl_ms"), ("e2el", "e2e_ms"))
STATS = (("mean", "mean"), ("median", "p50"), ("p90", "p90"), ("p99", "p99"))
#: relative difference above which two ways of counting a row's GPUs disagree
GPU_TOLERANCE = 0.01

Get = Callable[[str], Node]


def _truth(node: Node) -> bool | None:
    """A boolean written as JSON true / false or as the text "true" / "false" (CSV)."""
    v = node.value
    if isinstance(v, bool):
        return v
    text = node.str().strip().lower() if not node.missing else ""
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    return None


def _role_gpus(get: Get, role: str) -> int | None:
    """GPUs of one role of a disaggregated row: workers x TP, or x EP with data-parallel attention."""
    tp, ep, workers = get(f"{role}_tp").count(), get(f"{role}_ep").count(), get(f"{role}_num_workers").count()
    if not tp or workers is None:
        return None
    per_worker = max(tp, ep or 1) if _truth(get(f"{role}_dp_attention")) else tp
    return workers * per_worker


def _gpus(d: RunDraft, get: Get, disagg: bool) -> None:
    stated_p, stated_d = get("num_prefill_gpu").count(), get("num_decode_gpu").count()
    if disagg:
        d.set(prefill_gpus=stated_p, decode_gpus=stated_d)
        if stated_p is not None and stated_d is not None:
            d.set(gpu_count=stated_p + stated_d)
        for role, stated in (("prefill", stated_p), ("decode", stated_d)):
            computed = _role_gpus(get, role)
            if computed is not None and stated is not None and computed != stated:
                d.flag("inferencex.role_gpus_differ", role=role, stated=stated, computed=computed,
                       workers=get(f"{role}_num_workers").str(), tp=get(f"{role}_tp").str(),
                       ep=get(f"{role}_ep").str())
        d.flag("inferencex.disagg_gpus", prefill=stated_p if stated_p is not None else "?",
               decode=stated_d if stated_d is not None else "?")
        return
    tp = get("prefill_tp").count() or get("decode_tp").count() or get("tp").count()
    pp = get("pp").count() or 1
    pcp = get("pcp_size").count() or 1
    if not tp:
        return
    gpus = tp * pp * pcp
    d.set(gpu_count=gpus)
    d.flag("inferencemax.gpu_count", tp=tp, pp=pp, pcp=pcp)
    if stated_p is not None or stated_d is not None:
        if stated_p == gpus and stated_d == gpus:
            d.flag("inferencex.agg_same_gpus", gpus=gpus)
        else:
            d.flag("inferencex.agg_roles_contradict", prefill=stated_p if stated_p is not None else "?",
                   decode=stated_d if stated_d is not None else "?", gpus=gpus)


def _check_gpus_by_power(d: RunDraft, get: Get) -> None:
    """Total GPU power / power per GPU, and total / per-GPU throughput, count the row's GPUs."""
    gpus = d["gpu_count"]
    for total_key, per_key in (("avg_total_gpu_power_w", "avg_power_w"), ("total_tput_tps", "tput_per_gpu")):
        total, per = get(total_key).num(), get(per_key).num()
        if not total or not per or not gpus:
            continue
        counted = total / per
        if rel_diff(counted, gpus) > GPU_TOLERANCE:
            d.flag("inferencex.gpus_counted_differ", total_key=total_key, per_key=per_key, counted=counted, gpus=gpus)
        else:
            d.flag("inferencex.gpus_counted", total_key=total_key, per_key=per_key, counted=counted)


def _energy(d: RunDraft, get: Get) -> None:
    """Power and energy (power schema 2), and the throughput they imply."""
    valid = get("power_valid")
    power = get("avg_power_w").num()
    j_out, j_in, j_total = (get("joules_per_output_token").num(), get("joules_per_input_token").num(),
                            get("joules_per_total_token").num())
    if power is None and j_out is None and j_in is None:
        return
    if not valid.missing and valid.str().strip().lower() in ("0", "false"):
        d.flag("inferencex.power_invalid")
        return
    d.set(power_w_per_gpu=power, energy_j_per_output_token=j_out, energy_j_per_input_token=j_in,
          energy_basis=EnergyBasis.GPU)
    schema = get("power_metric_schema_version").str()
    d.flag("inferencex.energy", schema=schema or "?")
    roles = {role: get(f"{role}_avg_power_w").num() for role in ("prefill", "decode")}
    if roles["prefill"] is not None and roles["decode"] is not None:
        d.flag("inferencex.role_power", prefill=roles["prefill"], decode=roles["decode"],
               prefill_j=get("prefill_joules_per_input_token").num() or 0.0,
               decode_j=get("decode_joules_per_output_token").num() or 0.0)
        p, dec = d["prefill_gpus"], d["decode_gpus"]
        if power is not None and p and dec:
            weighted = (roles["prefill"] * p + roles["decode"] * dec) / (p + dec)
            if rel_diff(weighted, power) > GPU_TOLERANCE:
                d.flag("inferencex.role_power_differs", weighted=weighted, power=power, prefill=p, decode=dec)
            else:
                d.flag("inferencex.role_power_checked", weighted=weighted, prefill=p, decode=dec)
    gpus = d["gpu_count"]
    if power is not None and gpus:
        if j_out:
            d.own_or_derived("output_throughput_tps", d["output_throughput_tps"], power * gpus / j_out,
                             flag("how.power_energy", key="joules_per_output_token", gpus=gpus))
            if d["output_tps_per_gpu"] is None:
                d.own_or_derived("output_tps_per_gpu", None, power / j_out,
                                 flag("how.power_energy_per_gpu", key="joules_per_output_token"))
        if j_total:
            d.own_or_derived("total_throughput_tps", d["total_throughput_tps"], power * gpus / j_total,
                             flag("how.power_energy", key="joules_per_total_token", gpus=gpus))


def _identity(d: RunDraft, get: Get, *, display_model: str = "") -> bool:
    """Platform, runtime, model, load and GPUs of one row; True when it is disaggregated."""
    hw = get("hardware").str()
    if hw:
        d.set(platform=canonical_hardware(hw))
        d.flag("inferencemax.runner", hw=hw)
    framework = get("framework").str()
    if framework:
        set_runtime(d, framework)
    raw_model = get("model").str()
    model = display_model or get("requested_model").str()
    d.set(model=model or raw_model, quantization=get("precision").str(), dataset=get("benchmark_type").str())
    if model and raw_model and model != raw_model:
        d.flag("inferencex.model", model=model, raw=raw_model)
    d.set(concurrency=get("conc").num(), input_tokens=get("isl").num(), output_tokens=get("osl").num())
    if d["input_tokens"] is not None:
        d.flag("inferencex.lengths")
    disagg = bool(_truth(get("disagg")))
    _gpus(d, get, disagg)
    row_id, date, url = get("id").str(), get("date").str(), get("run_url").str()
    if row_id:
        d.flag("inferencex.row", id=row_id, date=date or "?", url=url or "?")
    spec = get("spec_method").str()
    parts = [f"row {row_id}" if row_id else "", framework, "disagg" if disagg else "agg",
             f"conc {get('conc').str()}" if get("conc").str() else "",
             f"spec {spec}" if spec and spec != "none" else "",
             f"offload {get('offload_mode').str()}" if get("offload_mode").str() not in ("", "off") else ""]
    d.set(label=" ".join(p for p in parts if p))
    return disagg


def api_row(d: RunDraft, r: Node, *, display_model: str = "") -> None:
    """One raw API row (identity at the top, figures under ``metrics``, latencies in seconds)."""
    metrics = r["metrics"]

    def get(key: str) -> Node:
        return r[key] if r.has(key) else metrics[key]

    _identity(d, get, display_model=display_model)
    for key, norm in LATENCIES:
        for stat_key, stat in STATS:
            d.set(**{f"{norm}_{stat}": metrics[f"{stat_key}_{key}"].num(1000.0)})
    if any(metrics.has(f"{s}_{k}") for k, _n in LATENCIES for s, _t in STATS):
        d.flag("inferencemax.seconds_ms")
    d.set(interactivity_tps_per_user=metrics["median_intvty"].num(), kv_cache_tokens=metrics["kv_cache_pool_tokens"].count(),
          duration_s=metrics["duration_seconds"].num())
    # the per-GPU throughputs: the aggregates' rule (disaggregated: output per decode GPU)
    _throughput(d, metrics)
    _check_gpus_by_power(d, get)
    _energy(d, get)


def _manifest_scope(out: Parsed, meta: Node) -> None:
    out.source_url = meta["query_url"].str()
    out.retrieved_at = meta["retrieved_at"].str()
    scope = meta["scope"]
    model = meta["requested_model"].str()
    date = meta["requested_date"].str() or scope["date"].str()
    selection = meta["date_selection"].str() or scope["date_selection"].str()
    if model:
        out.manifest.append(flag("inferencex.query", model=model, date=date or "?", selection=selection or "?"))


def _metric_coverage(out: Parsed, meta: Node) -> None:
    coverage = meta["metric_coverage"]
    parts = []
    for name, block in coverage.items():
        ok, missing = block["available_rows"].count(), block["unavailable_rows"].count()
        parts.append(f"{name} {ok if ok is not None else '?'}/{(ok or 0) + (missing or 0)}")
    if parts:
        out.manifest.append(flag("inferencex.coverage", metrics="; ".join(parts)))


class InferencexPowerxCsv(Importer):
    tool = "inferencex_powerx"
    description = N_("InferenceX PowerX export CSV (inferencex-skills: power and energy per benchmark row)")
    provenance_kind = ProvenanceKind.THIRD_PARTY

    def sniff(self, src: Source) -> bool:
        return csv_header(src) >= POWERX_COLUMNS

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        t = csv_table(src)
        if t is None or not t.rows:
            raise src.error(_("an InferenceX PowerX CSV with a header and no rows"))
        out = Parsed()
        versions: list[str] = []
        queries: list[str] = []
        for line, row in t.rows:
            out.runs.append(self._row(t, line, row, versions, queries).build())
        out.tool_version = "; ".join(dict.fromkeys(versions))
        first_line, first = t.rows[0]

        def cell(column: str) -> Node:
            return t.cell(first_line, first, column)
        _manifest_scope(out, root(src, {k: cell(k).value for k in (
            "query_url", "retrieved_at", "requested_model", "requested_date", "date_selection")}))
        if len(set(queries)) > 1:
            out.notes.append(flag("inferencex.queries", n=len(set(queries))))
        out.manifest.append(flag("inferencex.powerx_rows", n=len(t.rows)))
        return out

    def _row(self, t: CsvTable, line: int, row: list[str], versions: list[str], queries: list[str]) -> RunDraft:
        def get(column: str) -> Node:
            return t.cell(line, row, column)

        version = f"inferencex-skills {get('package_version').str()} PowerX CSV"
        versions.append(version)
        queries.append(get("query_url").str())
        d = RunDraft(self.tool, tool_version=version)
        _identity(d, get)
        _energy(d, get)
        d.flag("inferencex.powerx_only")
        return d


class InferencexApi(Importer):
    """``lookup.json`` (sample API rows with the query's counts) and the export envelope
    (``metadata`` + ``rows``: PowerX rows as JSON, or raw API rows)."""

    tool = "inferencex_api"
    description = N_("InferenceX API export (inferencex-skills lookup.json, or metadata + rows)")
    provenance_kind = ProvenanceKind.THIRD_PARTY

    def sniff(self, src: Source) -> bool:
        v = src.json
        if not isinstance(v, dict):
            return False
        if "query_url" in v and isinstance(v.get("sample_rows"), list):
            return True
        meta = v.get("metadata")
        return isinstance(meta, dict) and "query_url" in meta and "package_version" in meta and \
            isinstance(v.get("rows"), list) and "diagnostic" not in v

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        v = root(src, strip_secrets(src.json))
        if v.has("sample_rows"):
            return self._lookup(v)
        return self._export(v)

    def _lookup(self, v: Node) -> Parsed:
        out = Parsed(tool_version="inferencex-skills lookup summary (API rows)")
        _manifest_scope(out, v)
        out.manifest.append(flag("inferencex.lookup_counts", returned=v["returned_rows"].count() or 0,
                                 matching=v["matching_rows"].count() or 0,
                                 excluded=v["excluded_outside_scope"].count() or 0,
                                 sample=len(v["sample_rows"].list())))
        model = v["requested_model"].str()
        for row in v["sample_rows"].elements():
            d = RunDraft(self.tool, tool_version=out.tool_version)
            api_row(d, row, display_model=model)
            d.flag("inferencex.sample")
            out.runs.append(d.build())
        return out

    def _export(self, v: Node) -> Parsed:
        meta = v["metadata"]
        out = Parsed(tool_version=f"inferencex-skills {meta['package_version'].str()} export")
        _manifest_scope(out, meta)
        excluded = meta["excluded_rows"]
        out.manifest.append(flag("inferencex.export_counts", returned=meta["returned_rows"].count() or 0,
                                 selected=meta["selected_rows"].count() or 0,
                                 excluded="; ".join(f"{k} {n.str()}" for k, n in excluded.items()) or "0"))
        _metric_coverage(out, meta)
        model = meta["requested_model"].str()
        for row in v["rows"].elements():
            d = RunDraft(self.tool, tool_version=out.tool_version)
            if row.has("metrics"):
                api_row(d, row, display_model=model)
            else:
                def get(key: str, r: Node = row) -> Node:
                    return r[key]
                _identity(d, get, display_model=model)
                _energy(d, get)
                d.flag("inferencex.powerx_only")
            out.runs.append(d.build())
        if not out.runs:
            out.no_observations = True
            out.notes.append(flag("inferencex.no_observations", returned=meta["returned_rows"].count() or 0))
        return out


class InferencexTokenPosition(Importer):
    """``experimental/token_position_decode_slo`` results: vLLM's keys without ``_ms``, in seconds."""

    tool = "inferencex_tokpos"
    description = N_("InferenceX token_position_decode_slo results (vLLM-like keys without _ms: latencies in "
                   "seconds)")

    def sniff(self, src: Source) -> bool:
        v = src.json
        return isinstance(v, dict) and {"date", "model_id", "median_ttft", "median_tpot", "duration"} <= set(v) \
            and not any(str(k).endswith("_ms") for k in v)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        r = root(src, strip_secrets(src.json))
        d = RunDraft(self.tool, tool_version="InferenceX benchmark_serving_random.py (token_position_decode_slo)")
        d.set(model=r["model_id"].str(), concurrency=r["max_concurrency"].num(), request_rate=r["request_rate"].rate())
        if r.has("request_rate") and r["request_rate"].unlimited():
            d.set(max_rate=True)
        n, completed = r["num_prompts"].count(), r["completed"].count()
        duration = r["duration"].num()
        d.set(num_requests=n, completed=completed, duration_s=duration)
        if n is not None and completed is not None:
            d.set(failed=max(n - completed, 0))
            d.flag("vllm.failed_derived")
        total_in, total_out = r["total_input_tokens"].count(), r["total_output_tokens"].count()
        if completed:
            d.set(input_tokens=total_in / completed if total_in is not None else None,
                  output_tokens=total_out / completed if total_out is not None else None)
        per_s = per_second(duration)
        d.own_or_derived("request_throughput_rps", r["request_throughput"].num(), per_s(completed), "completed / duration")
        d.own_or_derived("output_throughput_tps", r["output_throughput"].num(), per_s(total_out),
                         "total_output_tokens / duration")
        in_tps, out_tps = r["input_throughput"].num(), d["output_throughput_tps"]
        if in_tps is not None and out_tps is not None:
            d.set(total_throughput_tps=in_tps + out_tps)
        for key, norm in (("ttft", "ttft_ms"), ("tpot", "tpot_ms"), ("e2el", "e2e_ms")):
            d.set(**{f"{norm}_p50": r[f"median_{key}"].num(1000.0), f"{norm}_p99": r[f"p99_{key}"].num(1000.0)})
        d.flag("inferencex.tokpos_seconds")
        d.set(label=f"conc {d['concurrency']:g}" if d["concurrency"] is not None else "")
        return Parsed(runs=[d.build()], tool_version=d["tool_version"])


def is_export_diagnostic(v: Any) -> bool:
    """An inferencex-skills diagnostic: the strict export's metadata plus a ``diagnostic`` block."""
    return isinstance(v, dict) and isinstance(v.get("diagnostic"), dict) and "outcome" in v["diagnostic"] \
        and isinstance(v.get("strict"), dict)
