"""NVIDIA AIConfigurator ``pareto.csv`` and ``best_config_topn.csv``, agg and disagg
(formats/benchmarks.md, "Added 2026-12" §1). These are **predictions**: AIConfigurator models a
configuration from a performance database; no hardware ran it. Every run is kind ``predicted``.

Conventions of the files (aic-core ``sdk/common.py`` ``ColumnsAgg`` / ``ColumnsDisagg``):

* ``ttft``, ``tpot``, ``request_latency`` in **ms**, one modelled value each (stored as the mean;
  there are no percentiles). ``tpot`` is the time per output token after the first (vLLM's TPOT);
  AIConfigurator models no ITL. ``request_latency`` = ttft + tpot x (osl - 1).
* ``tokens/s`` and ``tokens/s/gpu`` are **output** tokens per second (seq/s x osl); ``tokens/s/user``
  = 1000 / tpot; ``seq/s`` = requests/s (equal to ``request_rate``).
* load: ``concurrency`` (the global batch) and ``request_rate``; token lengths ``isl`` / ``osl``.
* GPUs: ``num_total_gpus``; a disagg row prefixes the engine columns with ``(p)`` / ``(d)``, and
  each side has ``(x)workers`` x tp x pp x dp GPUs.
* ``backend`` / ``version`` / ``system`` name the modelled runtime and the modelled system, which
  maps to a platform through :data:`AIC_SYSTEMS`; a system not in the table (a user-defined one
  such as ``rtx_pro_6000_scaleout_8x4``) leaves the platform for the user to give.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source
from deepdecide.importers.normalize import DISAGREEMENT, RunDraft, rel_diff
from deepdecide.importers.structured import CsvTable, csv_header, csv_table

#: AIConfigurator's system names (``src/aiconfigurator/systems/*.yaml``, the support matrix's
#: ``System`` column) -> the support matrix's platform ids (data/support_matrix.yaml). A name not
#: here is a user-defined or unmapped system: the run's platform is left for the user to give.
AIC_SYSTEMS: dict[str, str] = {
    "a100_sxm": "nv-a100",
    "h100_sxm": "nv-h100",
    "h200_sxm": "nv-h200",
    "b200_sxm": "nv-b200",
    "b300_sxm": "nv-b300",
    "gb200": "nv-gb200",
    "gb200_sxm": "nv-gb200",
    "gb300": "nv-gb300",
    "l40s": "nv-l40s",
    "rtx_pro_6000_server": "nv-rtxpro6000",
}

#: AIConfigurator backend names -> deepdecide runtime ids
AIC_BACKENDS: dict[str, str] = {"trtllm": "trtllm", "sglang": "sglang", "vllm": "vllm"}


def aic_platform(system: str) -> str:
    """The platform id an AIConfigurator system name models, or "" for an unknown system."""
    return AIC_SYSTEMS.get(system.strip().lower(), "")


def tpot_column(d: RunDraft, tpot: float | None, per_user: float | None, ttft: float | None,
                osl: float | None) -> None:
    """The ``tpot`` column as TPOT, unless ``--inclusive-tpot`` redefined it.

    AIConfigurator writes ``tokens/s/user`` = 1000 / TPOT; with ``--inclusive-tpot`` (aic
    ``report_and_save._apply_inclusive_tpot``) the ``tpot`` column alone becomes
    (ttft + tpot x (osl - 1)) / osl, the time per output token *including* the first (e2e / osl),
    and nothing in the file says so. Then ``tokens/s/user`` != 1000 / ``tpot``: the column is stored
    as ``e2e_per_token_ms`` and TPOT is recovered as 1000 / ``tokens/s/user`` (flagged). A column
    that is neither is not stored as TPOT."""
    if tpot is None or not per_user:
        d.set(tpot_ms_mean=tpot)
        return
    exclusive = 1000.0 / per_user
    # tokens/s/user is written with 3 decimals: allow its rounding
    tolerance = max(DISAGREEMENT, 0.0006 / per_user)
    if rel_diff(tpot, exclusive) <= tolerance:
        d.set(tpot_ms_mean=tpot)
        return
    inclusive = (ttft + exclusive * (osl - 1)) / osl if ttft is not None and osl else None
    if inclusive is not None and rel_diff(tpot, inclusive) <= tolerance:
        d.set(tpot_ms_mean=exclusive, e2e_per_token_ms_mean=tpot)
        d.flag("aiconfigurator.inclusive_tpot", tpot=tpot, per_user=per_user, exclusive=exclusive)
        return
    d.flag("aiconfigurator.tpot_unexplained", tpot=tpot, exclusive=exclusive)


class AiconfiguratorCsv(Importer):
    tool = "aiconfigurator"
    description = N_("NVIDIA AIConfigurator pareto.csv / best_config_topn.csv (agg or disagg; predicted)")
    provenance_kind = ProvenanceKind.PREDICTED

    def sniff(self, src: Source) -> bool:
        cols = csv_header(src)
        return {"tokens/s/gpu", "tokens/s/user", "num_total_gpus", "isl", "osl"} <= cols and \
            ("parallel" in cols or "(d)parallel" in cols)

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        t = csv_table(src)
        if t is None or not t.rows:
            raise src.error(_("an AIConfigurator table with a header and no rows"))
        disagg = t.has("(d)parallel")
        out = Parsed()
        versions = []
        for line, row in t.rows:
            d = self._row(t, line, row, disagg)
            versions.append(d["tool_version"])
            out.runs.append(d.build())
        out.tool_version = "; ".join(dict.fromkeys(versions))
        out.notes.append(flag("aiconfigurator.prediction"))
        if any(f.id == "aiconfigurator.inclusive_tpot" for r in out.runs for f in r.quality_flags):
            out.notes.append(flag("aiconfigurator.inclusive_file"))
        return out

    def _row(self, t: CsvTable, line: int, row: list[str], disagg: bool) -> RunDraft:
        def cell(column: str) -> Node:
            return t.cell(line, row, column)

        side = "(d)" if disagg else ""
        backend = cell(f"{side}backend").str()
        version = cell(f"{side}version").str()
        system = cell(f"{side}system").str()
        d = RunDraft("aiconfigurator", tool_version=f"AIConfigurator ({backend} {version} performance database)".strip())
        d.set(model=cell("model").str(), input_tokens=cell("isl").num(), output_tokens=cell("osl").num(),
              concurrency=cell("concurrency").num(), request_rate=cell("request_rate").rate(),
              ttft_ms_mean=cell("ttft").num(), e2e_ms_mean=cell("request_latency").num(),
              request_throughput_rps=cell("seq/s").num(), output_throughput_tps=cell("tokens/s").num(),
              output_tps_per_gpu=cell("tokens/s/gpu").num(), interactivity_tps_per_user=cell("tokens/s/user").num(),
              gpu_count=cell("num_total_gpus").count(), runtime=AIC_BACKENDS.get(backend.lower(), backend),
              runtime_version=version, quantization=cell(f"{side}gemm").str())
        tpot_column(d, cell("tpot").num(), cell("tokens/s/user").num(), d["ttft_ms_mean"], d["output_tokens"])
        d.flag("aiconfigurator.modelled")
        if backend:
            d.flag("aiconfigurator.database", backend=backend, version=version)
        platform = aic_platform(system)
        if platform:
            d.set(platform=platform)
            d.flag("aiconfigurator.platform", platform=platform, system=system)
        elif system:
            d.flag("aiconfigurator.unknown_system", system=system)
        # the server configuration (the Pareto rows span many): the decode side's for a disaggregated row
        dp = cell(f"{side}dp").count()
        d.set(tensor_parallel=cell(f"{side}tp").count(), pipeline_parallel=cell(f"{side}pp").count(),
              expert_parallel=cell(f"{side}moe_ep").count(), dp_attention=None if dp is None else dp > 1,
              disaggregated=disagg)
        if disagg:
            self._disagg(d, cell)
        else:
            parallel = cell("parallel").str()
            d.set(label=f"agg {parallel}, concurrency {d['concurrency']:g}" if d["concurrency"] is not None
                  else f"agg {parallel}")
        modes = ", ".join(f"{k} {cell(side + k).str()}" for k in ("gemm", "kvcache", "fmha", "moe", "comm")
                          if cell(side + k).str())
        if modes:
            d.flag("aiconfigurator.quantization", modes=modes)
        cluster = cell("tokens/s/gpu_cluster").num()
        if cluster is not None and d["output_tps_per_gpu"] is not None and abs(cluster - d["output_tps_per_gpu"]) > 1e-9:
            d.flag("aiconfigurator.cluster", cluster=cluster)
        power = cell("power_w").num()
        if power == 0:
            d.flag("aiconfigurator.no_power")
        elif power is not None:
            d.flag("aiconfigurator.power_modelled", power=power)
        return d

    def _disagg(self, d: RunDraft, cell: Callable[[str], Node]) -> None:
        gpus = {}
        for side, name in (("(p)", "prefill"), ("(d)", "decode")):
            workers = cell(f"{side}workers").count()
            per_worker = 1
            for k in ("tp", "pp", "dp"):
                per_worker *= cell(f"{side}{k}").count() or 1
            if workers is not None:
                gpus[name] = workers * per_worker
            d.flag("aiconfigurator.workers", name=name, workers=workers, parallel=cell(f"{side}parallel").str(), per_worker=per_worker)
        d.set(prefill_gpus=gpus.get("prefill"), decode_gpus=gpus.get("decode"))
        total = d["gpu_count"]
        if total is not None and len(gpus) == 2 and sum(gpus.values()) != total:
            d.flag("aiconfigurator.total_gpus", total=total, sum=sum(gpus.values()))
        systems = {cell("(p)system").str(), cell("(d)system").str()} - {""}
        if len(systems) > 1:
            d.flag("aiconfigurator.systems", systems=", ".join(sorted(systems)))
        d.set(label=f"disagg (p){cell('(p)parallel').str()} x{cell('(p)workers').str()} + "
                    f"(d){cell('(d)parallel').str()} x{cell('(d)workers').str()}, concurrency "
                    f"{cell('concurrency').str()}")


# ---------------------------------------------------------------------------------------------
# silicon references (tools/accuracy_tracking/silicon_refs.csv, AIConfigurator 0.11)

SILICON_COLUMNS = {"silicon_data_source", "silicon_ttft_ms", "silicon_tpot_ms", "backend", "backend_version",
                   "model_path", "system", "mode", "isl", "osl"}
_SOURCE_FIELD = re.compile(r"(?:^|;)\s*([A-Za-z_]+)=([^;]*)")


def source_fields(text: str) -> dict[str, str]:
    """``key=value`` pairs of a ``silicon_data_source`` string (``silicon_concurrency=16; measured=...``)."""
    return {m.group(1).strip(): m.group(2).strip() for m in _SOURCE_FIELD.finditer(text)}


class AiconfiguratorSiliconRefs(Importer):
    """AIConfigurator's accuracy anchors: **measured** TTFT / TPOT points (ms) of real deployments,
    with the configuration that produced them, against which AIConfigurator scores its predictions.

    A third party's measurement (NVIDIA's benchmark database), not a prediction. Per row: backend and
    version (the runtime), model, system (the platform, through :data:`AIC_SYSTEMS`), ISL / OSL,
    agg or disagg topology. GPUs: agg = TP x PP x attention-DP; disagg, per role, workers x TP x
    PP x attention-DP (MoE TP x EP must span the same GPUs; checked). The load is only inside the
    ``silicon_data_source`` text (``silicon_concurrency=16``), checked against the batch sizes
    (agg: batch x attention-DP; disagg: decode batch x workers x attention-DP). The file does not name
    the statistic of ``silicon_ttft_ms`` / ``silicon_tpot_ms``: stored as the mean (what
    AIConfigurator's modelled single value is compared with), flagged."""

    tool = "aiconfigurator_silicon"
    description = N_("NVIDIA AIConfigurator silicon_refs.csv (measured reference points)")
    provenance_kind = ProvenanceKind.THIRD_PARTY

    def sniff(self, src: Source) -> bool:
        return csv_header(src) >= SILICON_COLUMNS

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        t = csv_table(src)
        if t is None or not t.rows:
            raise src.error(_("an AIConfigurator silicon_refs.csv with a header and no rows"))
        out = Parsed(tool_version="AIConfigurator silicon_refs.csv (accuracy anchors)")
        for line, row in t.rows:
            out.runs.append(self._row(t, line, row, out.tool_version).build())
        return out

    def _row(self, t: CsvTable, line: int, row: list[str], version: str) -> RunDraft:
        def cell(column: str) -> Node:
            return t.cell(line, row, column)

        d = RunDraft(self.tool, tool_version=version)
        backend = cell("backend").str()
        d.set(runtime=AIC_BACKENDS.get(backend.lower(), backend), runtime_version=cell("backend_version").str(),
              model=cell("model_path").str(), quantization=cell("precision").str(),
              input_tokens=cell("isl").num(), output_tokens=cell("osl").num(),
              ttft_ms_mean=cell("silicon_ttft_ms").num(), tpot_ms_mean=cell("silicon_tpot_ms").num())
        d.flag("aiconfigurator.silicon")
        system = cell("system").str()
        platform = aic_platform(system)
        if platform:
            d.set(platform=platform)
            d.flag("aiconfigurator.platform", platform=platform, system=system)
        elif system:
            d.flag("aiconfigurator.unknown_system", system=system)
        mode = cell("mode").str().lower()
        batch = self._topology(d, cell, mode)
        source = cell("silicon_data_source").str()
        fields = source_fields(source)
        conc = Node(fields.get("silicon_concurrency"), t.src, "column 'silicon_data_source' silicon_concurrency",
                    line).num() if "silicon_concurrency" in fields else None
        d.set(concurrency=conc)
        if conc is None:
            d.flag("aiconfigurator.silicon_no_load", batch=batch if batch is not None else "?")
        elif batch is not None and batch != conc:
            d.flag("aiconfigurator.silicon_load_differs", conc=conc, batch=batch)
        if source:
            d.flag("aiconfigurator.silicon_source", source=source)
        if fields.get("wip", "").lower() == "true":
            d.flag("aiconfigurator.silicon_wip")
        d.set(label=f"{mode} {cell('id').str()}".strip())
        return d

    @staticmethod
    def _topology(d: RunDraft, cell: Callable[[str], Node], mode: str) -> float | None:
        """Set the GPUs; return the concurrency the batch sizes imply (None when not stated)."""
        def role(prefix: str) -> tuple[int | None, int, float | None]:
            tp = cell(f"{prefix}tp_size").count()
            pp = cell(f"{prefix}pp_size").count() or 1
            dp = cell(f"{prefix}attention_dp_size").count() or 1
            moe_tp, moe_ep = cell(f"{prefix}moe_tp_size").count(), cell(f"{prefix}moe_ep_size").count()
            if tp and moe_tp and moe_ep and moe_tp * moe_ep > 1 and moe_tp * moe_ep != tp * dp:
                d.flag("aiconfigurator.silicon_moe", role=prefix.rstrip("_") or "agg", moe=moe_tp * moe_ep, attn=tp * dp)
            batch = cell(f"{prefix}batch_size").num()
            return (tp * pp * dp if tp else None), dp, batch

        if mode == "disagg":
            gpus: dict[str, int] = {}
            decode_batch = None
            for name in ("prefill", "decode"):
                per_worker, dp, batch = role(f"{name}_")
                workers = cell(f"{name}_num_workers").count()
                if per_worker is not None and workers is not None:
                    gpus[name] = per_worker * workers
                    if name == "decode" and batch is not None:
                        decode_batch = batch * workers * dp
            d.set(prefill_gpus=gpus.get("prefill"), decode_gpus=gpus.get("decode"))
            if len(gpus) == 2:
                d.set(gpu_count=gpus["prefill"] + gpus["decode"])
            return decode_batch
        per_replica, dp, batch = role("")
        d.set(gpu_count=per_replica)
        return batch * dp if batch is not None else None
