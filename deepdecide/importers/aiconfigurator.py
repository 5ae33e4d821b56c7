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

from collections.abc import Callable

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import _
from deepdecide.importers.base import ImportContext, Importer, Node, Parsed, Source
from deepdecide.importers.normalize import RunDraft
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


class AiconfiguratorCsv(Importer):
    tool = "aiconfigurator"
    description = "NVIDIA AIConfigurator pareto.csv / best_config_topn.csv (agg or disagg; predicted)"
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
              ttft_ms_mean=cell("ttft").num(), tpot_ms_mean=cell("tpot").num(), e2e_ms_mean=cell("request_latency").num(),
              request_throughput_rps=cell("seq/s").num(), output_throughput_tps=cell("tokens/s").num(),
              output_tps_per_gpu=cell("tokens/s/gpu").num(), interactivity_tps_per_user=cell("tokens/s/user").num(),
              gpu_count=cell("num_total_gpus").count(), runtime=AIC_BACKENDS.get(backend.lower(), backend),
              runtime_version=version, quantization=cell(f"{side}gemm").str())
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
