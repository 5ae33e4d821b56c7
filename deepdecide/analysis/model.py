"""The decision as a vectorised function of its uncertain inputs, for sensitivity and Monte Carlo.

``ScenarioModel.evaluate`` takes the cost inputs as arrays shaped (S, O) (S scenarios x
O options; global inputs (S, 1)) and returns every option's score, eligibility and the
dynamic metrics, using the same formulas as :mod:`deepdecide.analysis.cost` and the same
value functions as :mod:`deepdecide.analysis.scoring`. Metrics that no input changes
(evidence, support, checklist) are scored once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from deepdecide.analysis import money as M
from deepdecide.analysis.cost import MoneyRun, OptionInputs
from deepdecide.analysis.scoring import (
    ScoringSetup,
    normalize,
    normalize_range,
    vetoes,
    weighted_sum,
    winners,
)
from deepdecide.domain.common import Estimate
from deepdecide.domain.messages import Message, msg
from deepdecide.domain.workspace import CostView, Pricing

PARAMS = M.PARAMS
GLOBALS = M.GLOBALS
#: a disaggregated option's pool capacities, drawn on their own (S, O): input tok/s per prefill GPU and
#: output tok/s per decode GPU; the option's capacity (and its pools' money columns) follow from them
POOL_PARAMS = ("pool_in", "pool_out")


@dataclass(frozen=True, slots=True)
class PoolCapacity:
    """How a pool-sized option's capacity follows from its pools' (analysis/pools.py): at a measured
    configuration of ``measured`` = (prefill GPUs, decode GPUs), never rescaled, one copy makes
    min(decode GPUs x decode capacity, prefill GPUs x prefill capacity / r); else each pool is sized on
    its own (output tok/s per GPU of both pools = 1 / (r / prefill + 1 / decode))."""

    prefill: Estimate  # input tok/s per prefill GPU under the TTFT limit
    decode: Estimate  # output tok/s per decode GPU under the TPOT limit
    r: float  # input tokens per output token
    measured: tuple[int, int] | None = None
    prefill_label: Message | None = None  # the capacities' names as inputs (their basis)
    decode_label: Message | None = None

    def derive(self, pc: np.ndarray, dc: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(the option's output tok/s per serving GPU, the prefill pool's and the decode pool's output
        tok/s per GPU as the money model prices them): the same expressions as pools.size_measured /
        size_pools and pools.pool_money."""
        r = self.r
        if self.measured is not None:
            p, d = self.measured
            unit_out = np.minimum(d * dc, p * pc / r)
            return unit_out / (p + d), unit_out / p, unit_out / d
        return 1.0 / ((r / pc) + 1.0 / dc), pc / r, dc


@dataclass(frozen=True, slots=True)
class UncertainInput:
    """One input with a low / likely / high estimate. ``columns`` are the options it sets (one for
    an option's own input, every option on the platform for a platform's, ``(0,)`` with ``option``
    None for a workspace-wide one); ``effort`` is the index of a checklist effort inside ``eff``."""

    key: str
    label: Message  # what the input is, without its option ("porting effort")
    unit: str
    param: str
    columns: tuple[int, ...]
    estimate: Estimate
    option: str | None = None
    effort: int | None = None
    platform: str | None = None  # a platform's input, shared by the options in ``columns``
    #: money columns beyond the options' that the input sets too: the pools of a mixed-hardware option
    #: (``ScenarioModel.pool_of``); its option is in ``columns``
    pool_columns: tuple[int, ...] = ()

    @property
    def column(self) -> int | None:
        """The one option the input belongs to (None: a workspace-wide or a platform's input)."""
        if self.platform is not None or self.option is None:
            return None
        return self.columns[0]


NO_OVERHEAD = Estimate(1.0, 1.0, 1.0)  # PUE 1: the kW figures are all-in

#: an input of the platform: (the option input's param, its label, unit)
_PLATFORM_LABELS: dict[str, tuple[Message, str]] = {
    "rate": (msg("input.rental", "rental $/GPU-h"), "$/GPU-h"),
    "capex": (msg("input.capex", "purchase price per GPU"), "$"),
    "kw": (msg("input.power", "kW per GPU"), "kW"),
    "host": (msg("input.hosting", "hosting $/GPU-h"), "$/GPU-h"),
    "owned": (msg("input.owned_gpus", "owned GPUs"), "GPUs"),
    "value": (msg("input.owned_value", "value of an owned GPU"), "$"),
    "amort": (msg("input.amortization", "amortization"), "years"),
    "repl": (msg("input.replacement", "replacement price per GPU"), "$"),
    "resid": (msg("input.residual", "residual value per GPU"), "$"),
    "api_in": (msg("input.api_input", "input $/M tokens"), "$/M tokens"),
    "api_out": (msg("input.api_output", "output $/M tokens"), "$/M tokens"),
    "api_cached": (msg("input.api_cached", "cached input $/M tokens"), "$/M tokens"),
}


def _v(e: Estimate | None) -> float:
    return e.likely if e is not None else math.nan


def _estimate_of(oi: OptionInputs, param: str) -> Estimate | None:
    return {"rate": oi.rate, "capex": oi.capex, "kw": oi.kw, "host": oi.hosting, "owned": oi.owned_est,
            "value": oi.value, "amort": oi.amort, "repl": oi.repl, "resid": oi.resid, "api_in": oi.api_in,
            "api_out": oi.api_out, "api_cached": oi.api_cached}.get(param)


class ScenarioModel:
    def __init__(self, inputs: list[OptionInputs], layout: M.Layout, base: dict[str, np.ndarray],
                 elec: Estimate | None, engc: Estimate | None, setup: ScoringSetup,
                 static_values: np.ndarray, static_eligible: np.ndarray, *,
                 pue: Estimate | None = NO_OVERHEAD, util: Estimate | None = None,
                 view: CostView = CostView.CASH, demand: Estimate | None = None, growth: Estimate | None = None,
                 horizon: Estimate | None = None, bridge: tuple[np.ndarray, np.ndarray] | None = None,
                 held: dict[int, tuple[float, float]] | None = None, pools: dict[int, MoneyRun] | None = None,
                 pool_caps: dict[int, PoolCapacity] | None = None):
        self.inputs = inputs
        self.n = len(inputs)
        # options sized by their pools: each pool's capacity is an input of its own (``POOL_PARAMS``)
        self.pool_caps = {j: pc for j, pc in sorted((pool_caps or {}).items()) if pc.r > 0}
        self.pool_base = {
            "pool_in": np.array([self.pool_caps[j].prefill.likely if j in self.pool_caps else math.nan
                                 for j in range(self.n)], dtype=float),
            "pool_out": np.array([self.pool_caps[j].decode.likely if j in self.pool_caps else math.nan
                                  for j in range(self.n)], dtype=float)}
        # a mixed-hardware option priced by its pools (``pools``: option column -> the money run of its two
        # pools, prefill then decode): the pools are money columns of their own after the options' (they draw
        # their platforms' shared prices like every option on those platforms), and the option's money is
        # theirs combined as analysis/pools.combine does (``_pooled``)
        self.pool_of: dict[int, tuple[int, int]] = {}
        self.pool_inputs: list[tuple[int, OptionInputs]] = []  # (its option's column, its inputs) per pool column
        extra: list[MoneyRun] = []
        for j, pr in sorted((pools or {}).items()):
            col = self.n + len(self.pool_inputs)
            self.pool_of[j] = (col, col + 1)
            self.pool_inputs.extend((j, oi) for oi in pr.inputs[:2])
            extra.append(pr)
        self.m = self.n + len(self.pool_inputs)  # money columns: the options', then their pools'
        if extra:
            layout = M.join(layout, [pr.layout for pr in extra])
            base = {k: (np.concatenate([np.asarray(base[k], dtype=float).reshape(1, -1)]
                                       + [np.asarray(pr.params[k], dtype=float)[:, :2] for pr in extra], axis=1)
                        if k in PARAMS else base[k]) for k in base}
        # options whose money is not stated (a pool that cannot be priced on its own platform): column ->
        # ($/M tokens, TCO less engineering) in the driving view, held at those values (NaN)
        self.held = {j: v for j, v in (held or {}).items() if j not in self.pool_of}
        self.layout = layout
        self.setup = setup
        self.elec_est, self.engc_est, self.pue_est, self.util_est = elec, engc, pue, util
        self.demand_est, self.growth_est, self.horizon_est = demand, growth, horizon
        self.view = view
        self.pricing = [oi.pricing for oi in inputs]
        self.owned = np.array([oi.owned for oi in inputs], dtype=float)
        self.base = {k: np.asarray(base[k][0], dtype=float) for k in PARAMS}
        self.base.update({k: np.asarray(base[k][0], dtype=float) for k in GLOBALS})
        self.demand = float(self.base["demand"][0])
        self.horizon = float(self.base["horizon"][0])
        self.is_api = layout.kind[:self.n] == M.API
        # the current fleet's cost per month (the baseline's owned GPUs), for a sweep of one column
        if bridge is None:
            with np.errstate(all="ignore"):
                out = M.compute({k: v[None, :] for k, v in self.base.items()}, layout, detail=True)
            bridge = (out["bridge_month_cash"], out["bridge_month_value"])
        self._bridge = (np.asarray(bridge[0], dtype=float).reshape(1, -1)[:, :1],
                        np.asarray(bridge[1], dtype=float).reshape(1, -1)[:, :1])
        # the scored metrics: which columns are dynamic, and the static part of every score
        metrics = setup.metrics
        self.dyn_k = [k for k, s in enumerate(setup.specs) if s.dynamic]
        self.dyn_names = [metrics[k] for k in self.dyn_k]
        # criteria reading the same metric in the same direction normalise alike: score them once
        groups: dict[tuple[str, bool], float] = {}
        grp_of: list[int] = []
        for k in self.dyn_k:
            key = (metrics[k], bool(setup.benefit[k]))
            if key not in groups:
                groups[key] = 0.0
            groups[key] += float(setup.shares[k])
            grp_of.append(list(groups).index(key))
        # (dynamic criteria, groups) one-hot: per-draw shares of the criteria -> shares of the groups
        self.grp_matrix = np.zeros((len(self.dyn_k), len(groups)))
        self.grp_matrix[np.arange(len(grp_of)), grp_of] = 1.0
        self.grp_names = [name for name, _ in groups]
        self.grp_sign = np.array([1.0 if benefit else -1.0 for _, benefit in groups])
        self.grp_share = np.array(list(groups.values()))
        self.ko_k = [k for k in self.dyn_k if setup.knockout[k]]
        self.stat_k = [k for k in range(len(metrics)) if k not in self.dyn_k]
        self.static_values = static_values
        st = setup
        sk = self.stat_k
        sv = static_values[:, sk]
        static_veto = vetoes(sv, st.benefit[sk], st.knockout[sk], st.threshold[sk]).any(-1)
        self.static_eligible = static_eligible & ~static_veto
        self.dynamic_knockout = bool(st.knockout[self.dyn_k].any()) if self.dyn_k else False
        self.static_score = self._static_score(self.static_eligible[None, :])[0]
        self._sweep_cache: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None

    def _static_score(self, candidates: np.ndarray) -> np.ndarray:
        """The static criteria's part of the scores, (S, O) for candidate masks (S, O)."""
        sk = self.stat_k
        if not sk:
            return np.zeros(candidates.shape)
        st = self.setup
        sv = np.broadcast_to(self.static_values[:, sk], (*candidates.shape, len(sk)))
        sn = normalize(sv, st.benefit[sk], st.lo[sk], st.hi[sk], candidates)
        return weighted_sum(sn, st.shares[sk])

    # -----------------------------------------------------------------------------------------

    def _relevant(self, j: int, param: str) -> bool:
        """Whether option ``j``'s figures move with a price of its platform (its pricing uses it)."""
        if j in self.held or j in self.pool_of:  # its money is its pools' (or not stated): not its column's
            return False
        return self._uses(self.inputs[j], param)

    def _uses(self, oi: OptionInputs, param: str) -> bool:
        """Whether a column's money moves with a price of its platform (its pricing uses it)."""
        if oi.is_api:
            return param in ("api_in", "api_out", "api_cached")
        runs_owned = oi.owned > 0 or oi.pricing != Pricing.RENT  # some GPUs at operating cost
        if param == "rate":
            return oi.pricing == Pricing.RENT
        if param in ("capex", "amort"):
            return oi.pricing == Pricing.OWN or (oi.value is None and self.view == CostView.ALL_IN and oi.owned > 0)
        if param in ("kw", "host"):
            return runs_owned
        if param == "value":
            return oi.owned > 0 and self.view == CostView.ALL_IN
        if param in ("repl", "resid"):
            return oi.pricing != Pricing.RENT
        return True

    def uncertain_inputs(self, candidates_only: bool = False) -> list[UncertainInput]:
        """Every input with a real range (low < high): option by option, then each platform's (one
        input for all the options on the platform), then the workspace-wide ones. ``candidates_only``
        leaves out inputs that cannot move the ranking: those of options that can never be ranked
        (dev-only, or vetoed by a criterion no input changes), and prices where there is no capacity
        to price."""
        out: list[UncertainInput] = []
        cap_known = ~np.isnan(self.base["cap"][:self.n]) | self.is_api
        # key -> (param, estimate, option columns, pool columns)
        shared: dict[str, tuple[str, Estimate, list[int], list[int]]] = {}
        # a platform's input moves every option on it that uses it (and every pool on it of a mixed option):
        # listed when one of them can win
        for j, oi in enumerate(self.inputs):
            for param in _PLATFORM_LABELS:
                est = _estimate_of(oi, param)
                key = oi.keys.get(param, "")
                if est is not None and est.low < est.high and key.startswith("fleet.") and self._relevant(j, param):
                    shared.setdefault(key, (param, est, [], []))[2].append(j)
        pool_own: list[UncertainInput] = []  # a pool's own price (its option's, on the option's platform)
        for c, (j, oi) in enumerate(self.pool_inputs, start=self.n):
            for param, (label, unit) in _PLATFORM_LABELS.items():
                est = _estimate_of(oi, param)
                if est is None or not est.low < est.high or not self._uses(oi, param):
                    continue
                key = oi.keys.get(param, f"{oi.option.id}.{param}")
                if key.startswith("fleet."):
                    got = shared.setdefault(key, (param, est, [], []))
                    if j not in got[2]:
                        got[2].append(j)
                    got[3].append(c)
                elif not candidates_only or self.static_eligible[j]:
                    oid = self.inputs[j].option.id
                    pool_own.append(UncertainInput(key, label, unit,  # "<option>.<role>.<field>": the pool's id leads
                                                   param, (j,), est, oid, pool_columns=(c,)))
        if candidates_only:
            shared = {k: v for k, v in shared.items()
                      if any(self.static_eligible[j] and (v[0] == "owned" or cap_known[j]) for j in v[2])}
        for j, oi in enumerate(self.inputs):
            if candidates_only and not self.static_eligible[j]:
                continue
            oid = oi.option.id
            cap_label = oi.capacity_label or (msg("input.capacity_assumed", "assumed output tok/s/GPU")
                                              if oi.capacity_assumed
                                              else msg("input.capacity_measured", "measured output tok/s/GPU"))
            pcap = self.pool_caps.get(j)
            cands: list[tuple[str, Message, str, str, Estimate | None]] = [
                ("capacity", cap_label, "tok/s/GPU", "cap", oi.capacity)] if pcap is None else [
                # a pool-sized option: each pool's capacity drawn on its own, the option's following from them
                ("prefill.capacity", pcap.prefill_label or msg("input.pool_prefill_capacity",
                                                               "prefill pool: input tok/s/GPU under the TTFT limit"),
                 "input tok/s/GPU", "pool_in", pcap.prefill),
                ("decode.capacity", pcap.decode_label or msg("input.pool_decode_capacity",
                                                             "decode pool: output tok/s/GPU under the TPOT limit"),
                 "output tok/s/GPU", "pool_out", pcap.decode)]
            for param, (label, unit) in _PLATFORM_LABELS.items():
                est = _estimate_of(oi, param)
                key = oi.keys.get(param, f"{oid}.{param}")
                if est is None or not est.low < est.high or not self._relevant(j, param) or key.startswith("fleet."):
                    continue
                if candidates_only and param != "owned" and not cap_known[j]:
                    continue  # without a capacity the price moves no figure
                cands.append((key.split(".", 1)[1], label, unit, param, est))
            cands += [("porting_effort_person_weeks", msg("input.porting", "porting effort"), "person-weeks", "port",
                       oi.porting),
                      ("time_to_production_weeks", msg("input.time_to_production", "time to production"), "weeks",
                       "ttp", oi.ttp)]
            for key, label, unit, param, est in cands:
                if est is not None and est.low < est.high:
                    # a mixed option's time to production is its pools' too (their service months)
                    pc = self.pool_of.get(j, ()) if param == "ttp" else ()
                    out.append(UncertainInput(f"{oid}.{key}", label, unit, param, (j,), est, oid, pool_columns=pc))
            for e_i, (lab, est) in enumerate(oi.efforts):
                if est.low < est.high:
                    out.append(UncertainInput(f"{oid}.effort[{e_i}]", msg("input.effort", "effort: {item}", item=lab),
                                              "person-weeks", "eff", (j,), est, oid, e_i))
        out.extend(pool_own)
        for key, (param, est, cols, pcols) in shared.items():
            label, unit = _PLATFORM_LABELS[param]
            platform = key.split(".")[1]
            out.append(UncertainInput(key, label, unit, param, tuple(cols), est, None, platform=platform,
                                      pool_columns=tuple(pcols)))
        uses_power = any((p != Pricing.RENT or self.owned[j] > 0) and not self.is_api[j]
                         and (cap_known[j] or not candidates_only) for j, p in enumerate(self.pricing))
        if uses_power and self.elec_est is not None and self.elec_est.low < self.elec_est.high:
            out.append(UncertainInput("assumptions.electricity_usd_per_kwh", msg("input.electricity",
                                                                                 "electricity price"),
                                      "$/kWh", "elec", (0,), self.elec_est))
        if uses_power and self.pue_est is not None and self.pue_est.low < self.pue_est.high:
            out.append(UncertainInput("assumptions.pue", msg("input.pue", "PUE"), "", "pue", (0,), self.pue_est))
        api_any = bool(self.is_api.any())
        if (not candidates_only or api_any) and self.util_est is not None and self.util_est.low < self.util_est.high:
            # a global utilization scales every fleet's $/M alike: it moves ranks only beside a hosted API
            out.append(UncertainInput("assumptions.utilization", msg("input.utilization", "sustained utilization"),
                                      "fraction", "util", (0,), self.util_est))
        engc_moves = not candidates_only or (cap_known.any() and not math.isnan(self.demand))
        if engc_moves and self.engc_est is not None and self.engc_est.low < self.engc_est.high:
            out.append(UncertainInput("assumptions.engineer_usd_per_week",
                                      msg("input.engineer_rate", "loaded cost per person-week"),
                                      "$/person-week", "engc", (0,), self.engc_est))
        for key, label, unit, param, est in (
                ("demand.output_tokens_per_s_range", msg("input.demand", "peak demand"), "output tok/s", "demand",
                 self.demand_est),
                ("demand.growth_per_year", msg("input.growth", "demand growth per year"), "fraction", "growth",
                 self.growth_est),
                ("assumptions.horizon_years_range", msg("input.horizon", "horizon"), "years", "horizon",
                 self.horizon_est)):
            if est is not None and est.low < est.high:
                out.append(UncertainInput(key, label, unit, param, (0,), est))
        return out

    def broadcast(self, s: int) -> dict[str, np.ndarray]:
        """Base parameters for s scenarios (read-only broadcasts; copy a key before writing it)."""
        out = {}
        for k in PARAMS:
            out[k] = np.broadcast_to(self.base[k], (s, self.m))
        for k in GLOBALS:
            out[k] = np.broadcast_to(self.base[k], (s, 1))
        if self.pool_caps:
            for k in POOL_PARAMS:
                out[k] = np.broadcast_to(self.pool_base[k], (s, self.n))
        return out

    def _with_pool_caps(self, p: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """``p`` with the capacity of every pool-sized option (and of its pools' money columns) from its
        pools' drawn capacities; where both are at their likely values, the capacity stays as the
        deterministic figures have it (the same bits)."""
        if not self.pool_caps or "pool_in" not in p:
            return p
        cap = np.array(p["cap"], dtype=float, copy=True)
        for j, spec in self.pool_caps.items():
            pc, dc = p["pool_in"][:, j], p["pool_out"][:, j]
            at_likely = (pc == self.pool_base["pool_in"][j]) & (dc == self.pool_base["pool_out"][j])
            if at_likely.all():
                continue
            option, a, b = spec.derive(pc, dc)
            cap[:, j] = np.where(at_likely, cap[:, j], option)
            cols = self.pool_of.get(j)
            if cols is not None:
                cap[:, cols[0]] = np.where(at_likely, cap[:, cols[0]], a)
                cap[:, cols[1]] = np.where(at_likely, cap[:, cols[1]], b)
        return {**p, "cap": cap}

    def money(self, p: dict[str, np.ndarray], cols: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """The money model's outputs (S, C) for the parameters ``p`` (column c is option ``cols[c]``)."""
        p = {k: v for k, v in p.items() if k not in POOL_PARAMS}
        if cols is None:
            return M.compute(p, self.layout)
        return M.compute(p, self.layout.take(cols), bridge=self._bridge)

    def metrics(self, p: dict[str, np.ndarray], cols: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """Dynamic metrics, each (S, C): column c is option ``cols[c]`` (default: every option).
        Money is in the driving cost view (``self.view``)."""
        if cols is None:
            p = self._with_pool_caps(p)
        out = self.money(p, cols)
        api = self.is_api if cols is None else self.is_api[cols]
        cash = self.view == CostView.CASH
        cpm = out["cpm_cash"] if cash else out["cpm_econ"]
        tco = out["tco_cash"] if cash else out["tco_econ"]
        if cols is None and self.m > self.n:  # the mixed options from their pools, then the options' columns
            cpm, tco = self._pooled(p, out, cpm, tco, cash)
            cpm, tco = cpm[:, :self.n], tco[:, :self.n]
            p = {k: p[k][:, :self.n] if k in PARAMS else p[k] for k in ("cap", "ttp", "port", "eff", "util")}
        shape = cpm.shape
        cap = np.where(api, np.nan, np.where(p["cap"] > 0, p["cap"], np.nan))
        if self.held:
            cpm, tco = self._hold(p, cols, cpm, tco)
        eff = np.where(api, cpm, cpm / p["util"])
        return {  # an overflow is missing, as in the deterministic figures
            "cost_per_m_tokens_usd": np.where(np.isfinite(cpm), cpm, np.nan),
            "effective_cost_per_m_tokens_usd": np.where(np.isfinite(eff), eff, np.nan),
            "tco_usd": np.where(np.isfinite(tco), tco, np.nan),
            "time_to_production_weeks": np.broadcast_to(p["ttp"], shape),
            "engineering_person_weeks": np.broadcast_to(p["port"] + p["eff"], shape),
            "capacity_tps_per_gpu": np.broadcast_to(cap, shape),
        }

    def _pooled(self, p: dict[str, np.ndarray], out: dict[str, np.ndarray], cpm: np.ndarray, tco: np.ndarray,
                cash: bool) -> tuple[np.ndarray, np.ndarray]:
        """A mixed option's money from its pools' columns, as analysis/pools.combine: $/M = the prefill
        pool's + the decode pool's; TCO = both pools' fleets + the current fleet until the later pool
        serves + the option's engineering (drawn)."""
        cpm, tco = cpm.copy(), np.array(tco, dtype=float, copy=True)
        bridge = out["bridge_cash"] if cash else out["bridge_cash"] + out["bridge_value"]
        eng = (p["port"] + p["eff"]) * p["engc"]
        for j, (a, b) in self.pool_of.items():
            cpm[:, j] = cpm[:, a] + cpm[:, b]
            tco[:, j] = (tco[:, a] - bridge[:, a] - eng[:, a]) + (tco[:, b] - bridge[:, b] - eng[:, b]) + \
                np.maximum(bridge[:, a], bridge[:, b]) + eng[:, j]
        return cpm, tco

    def _hold(self, p: dict[str, np.ndarray], cols: np.ndarray | None, cpm: np.ndarray, tco: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        """A held option's $/M tokens at its value; its TCO at its value plus the engineering drawn."""
        cpm, tco = cpm.copy(), np.array(tco, dtype=float, copy=True)
        col_of = np.arange(self.n) if cols is None else np.asarray(cols)
        eng = np.broadcast_to((p["port"] + p["eff"]) * p["engc"], cpm.shape)
        for c, j in enumerate(col_of):
            got = self.held.get(int(j))
            if got is not None:
                cpm[:, c] = got[0]
                tco[:, c] = got[1] + eng[:, c]
        return cpm, tco

    def evaluate(self, p: dict[str, np.ndarray], weights: np.ndarray | None = None,
                 passed: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Scores (S, O), eligibility (S, O) and the dynamic metrics; ``weights`` (S, K) are raw
        criteria weights per scenario (default: the workspace's); ``passed`` (S, O) False where an
        option is knocked out in a scenario (a drawn parity failure), scored like a knock-out."""
        if weights is not None:
            return self._evaluate_weights(p, weights, passed)
        with np.errstate(all="ignore"):
            m = self.metrics(p)
        s = p["cap"].shape[0]
        eligible = np.broadcast_to(self.static_eligible, (s, self.n))
        if passed is not None:
            eligible = eligible & passed
        st = self.setup
        if self.ko_k:
            k = self.ko_k
            raw = np.stack([m[st.criteria[i].metric] for i in k], axis=-1)
            eligible = eligible & ~vetoes(raw, st.benefit[k], st.knockout[k], st.threshold[k]).any(-1)
        if self.grp_names:
            values = np.stack([m[name] for name in self.grp_names], axis=-1) * self.grp_sign
            cand = eligible if self.ko_k or passed is not None else self.static_eligible
            score = weighted_sum(normalize_range(values, cand), self.grp_share)
        else:
            score = np.zeros((s, self.n))
        static = (self._static_score(eligible) if self.dynamic_knockout or passed is not None
                  else self.static_score)
        return score + static, eligible, m

    def _evaluate_weights(self, p: dict[str, np.ndarray], weights: np.ndarray, passed: np.ndarray | None = None
                          ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        with np.errstate(all="ignore"):
            m = self.metrics(p)
        s = p["cap"].shape[0]
        total = weights.sum(axis=1, keepdims=True)
        shares = np.where(total > 0, weights / np.where(total > 0, total, 1.0), 0.0)
        eligible = np.broadcast_to(self.static_eligible, (s, self.n))
        if passed is not None:
            eligible = eligible & passed
        knocked = bool(self.ko_k) or passed is not None
        st = self.setup
        if self.ko_k:
            k = self.ko_k
            raw = np.stack([m[st.criteria[i].metric] for i in k], axis=-1)
            eligible = eligible & ~vetoes(raw, st.benefit[k], st.knockout[k], st.threshold[k]).any(-1)
        score = np.zeros((s, self.n))
        if self.grp_names:
            values = np.stack([m[name] for name in self.grp_names], axis=-1) * self.grp_sign
            cand = eligible if knocked else self.static_eligible
            gshare = np.einsum("sk,kg->sg", shares[:, self.dyn_k], self.grp_matrix)  # (S, G)
            score = np.einsum("sog,sg->so", normalize_range(values, cand), gshare)
        sk = self.stat_k
        if sk:
            cands = eligible if self.dynamic_knockout or passed is not None else self.static_eligible[None, :]
            sv = np.broadcast_to(self.static_values[:, sk], (*cands.shape, len(sk)))
            sn = normalize(sv, st.benefit[sk], st.lo[sk], st.hi[sk], cands)
            score = score + np.einsum("sok,sk->so", np.broadcast_to(sn, (s, self.n, len(sk))), shares[:, sk])
        return score, eligible, m

    def _sweep_base(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Signed base values (O, G) of the dynamic groups, their presence, and per option the
        min / max over the *other* candidates (O, G)."""
        if self._sweep_cache is None:
            with np.errstate(all="ignore"):
                m = self.metrics(self.broadcast(1))
            v = np.stack([m[name][0] for name in self.grp_names], axis=-1) * self.grp_sign
            present = ~np.isnan(v)
            others = self.static_eligible[None, :] & ~np.eye(self.n, dtype=bool)  # (O, O): j's others
            inside = others[:, :, None] & present[None, :, :]
            mn = np.where(inside, v[None], np.inf).min(axis=1, initial=np.inf)
            mx = np.where(inside, v[None], -np.inf).max(axis=1, initial=-np.inf)
            self._sweep_cache = (v, present, mn, mx)
        return self._sweep_cache

    def sweep_winners(self, inputs: list[UncertainInput], grid: np.ndarray) -> np.ndarray:
        """Winners (n, L) with input i set to grid[i, l] and everything else at its likely value.

        An option's own input changes only that option's column: its metrics are computed for
        that column alone, and since every other candidate keeps its values, the scores of all
        options are affine in the new min / max of each criterion (two small matrix products).
        Global inputs, and knock-outs on changing metrics, take the general path.
        """
        n, width = grid.shape
        out = np.empty((n, width), dtype=int)
        base_col = self.layout.baseline  # the baseline's inputs move the current fleet's cost of every option
        fast = [i for i, inp in enumerate(inputs) if inp.column is not None and inp.column != base_col
                and not inp.pool_columns and inp.param not in POOL_PARAMS and inp.column not in self.pool_of and not self.ko_k and self.grp_names]
        fast_set = set(fast)
        slow = [i for i in range(n) if i not in fast_set]
        if fast:
            out[fast] = self._sweep_fast([inputs[i] for i in fast], grid[fast])
        if slow:
            out[slow] = self._sweep_general([inputs[i] for i in slow], grid[slow])
        return out

    def _sweep_general(self, inputs: list[UncertainInput], grid: np.ndarray) -> np.ndarray:
        n, width = grid.shape
        p = self.broadcast(n * width)
        touched: dict[str, np.ndarray] = {}
        for i, inp in enumerate(inputs):
            arr = touched.get(inp.param)
            if arr is None:
                arr = touched[inp.param] = p[inp.param].copy()
            rows = slice(i * width, (i + 1) * width)
            cols = list(inp.columns) + list(inp.pool_columns)
            if inp.param == "eff":
                col = cols[0]
                arr[rows, col] = self.base["eff"][col] + (grid[i] - inp.estimate.likely)
            else:
                arr[rows, cols] = grid[i][:, None]
        p.update(touched)
        return self.winners(p).reshape(n, width)

    def _sweep_fast(self, inputs: list[UncertainInput], grid: np.ndarray) -> np.ndarray:
        n, width = grid.shape
        cols = np.repeat(np.array([inp.column for inp in inputs], dtype=int), width)  # (S,)
        p = {k: self.base[k][cols][None, :].copy() for k in PARAMS}
        for k in GLOBALS:
            p[k] = self.base[k][None, :]
        for i, inp in enumerate(inputs):
            rows = slice(i * width, (i + 1) * width)
            if inp.param == "eff":
                p["eff"][0, rows] = self.base["eff"][inp.column] + (grid[i] - inp.estimate.likely)
            else:
                p[inp.param][0, rows] = grid[i]
        with np.errstate(all="ignore"):
            m = self.metrics(p, cols)
            x = np.stack([m[name][0] for name in self.grp_names], axis=-1) * self.grp_sign  # (S, G)
            v, present, mn_ex, mx_ex = self._sweep_base()
            mn = np.fmin(mn_ex[cols], x)  # fmin / fmax skip a missing (NaN) value
            mx = np.fmax(mx_ex[cols], x)
            span = mx - mn
            ok = np.isfinite(span) & (span > 0)
            a = np.where(ok, self.grp_share / np.where(ok, span, 1.0), 0.0)
            const = np.where(ok, -a * np.where(ok, mn, 0.0), self.grp_share)  # span 0: every value scores 1
            # scores = static + a @ v' + const @ present', by einsum's own loop: no threaded BLAS
            # (see scoring.weighted_sum)
            lhs = np.concatenate([a, const], axis=1)
            rhs = np.concatenate([np.where(present, v, 0.0), present.astype(float)], axis=1)
            scores = self.static_score[None, :] + np.einsum("sg,og->so", lhs, rhs)
            xp = ~np.isnan(x)
            own = self.static_score[cols] + np.where(xp, a * np.where(xp, x, 0.0) + const, 0.0).sum(axis=1)
        scores[np.arange(len(cols)), cols] = own
        eligible = np.broadcast_to(self.static_eligible, scores.shape)
        return winners(scores, eligible).reshape(n, width)

    def winners(self, p: dict[str, np.ndarray]) -> np.ndarray:
        score, eligible, _ = self.evaluate(p)
        return winners(score, eligible)
