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

from deepdecide.analysis import cost as C
from deepdecide.analysis.cost import OptionInputs
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

PARAMS = ("rate", "capex", "kw", "host", "port", "eff", "ttp", "cap")
GLOBALS = ("elec", "engc", "pue", "util")


@dataclass(frozen=True, slots=True)
class UncertainInput:
    """One input with a low / likely / high estimate; ``column`` is the option index (None: global),
    ``effort`` the index of a checklist effort inside ``eff``."""

    key: str
    label: Message  # what the input is, without its option ("porting effort")
    unit: str
    param: str
    column: int | None
    estimate: Estimate
    option: str | None = None
    effort: int | None = None


NO_OVERHEAD = Estimate(1.0, 1.0, 1.0)  # PUE 1: the kW figures are all-in


def _v(e: Estimate | None) -> float:
    return e.likely if e is not None else math.nan


class ScenarioModel:
    def __init__(self, inputs: list[OptionInputs], demand: float | None, horizon: float | None,
                 elec: Estimate | None, engc: Estimate | None, setup: ScoringSetup,
                 static_values: np.ndarray, static_eligible: np.ndarray, *,
                 pue: Estimate | None = NO_OVERHEAD, util: Estimate | None = None,
                 view: CostView = CostView.CASH):
        self.inputs = inputs
        self.setup = setup
        self.n = len(inputs)
        self.demand = demand if demand is not None else math.nan
        self.horizon = horizon if horizon is not None else math.nan
        self.elec_est, self.engc_est, self.pue_est, self.util_est = elec, engc, pue, util
        self.view = view
        self.pricing = [oi.pricing for oi in inputs]
        self.amort = np.array([oi.amort_years for oi in inputs], dtype=float)
        self.unit = np.array([oi.unit for oi in inputs], dtype=float)
        self.owned = np.array([oi.owned for oi in inputs], dtype=float)
        self.base = {
            "rate": np.array([_v(oi.rate) for oi in inputs]),
            "capex": np.array([_v(oi.capex) for oi in inputs]),
            "kw": np.array([_v(oi.kw) for oi in inputs]),
            "host": np.array([oi.hosting.likely if oi.hosting is not None else 0.0 for oi in inputs]),
            "port": np.array([_v(oi.porting) for oi in inputs]),
            "eff": np.array([sum((e.likely for _, e in oi.efforts), 0.0) for oi in inputs]),
            "ttp": np.array([_v(oi.ttp) for oi in inputs]),
            "cap": np.array([_v(oi.capacity) if oi.capacity and oi.capacity.likely > 0 else math.nan
                             for oi in inputs]),
            "elec": np.array([_v(elec)]),
            "engc": np.array([_v(engc)]),
            "pue": np.array([_v(pue)]),
            "util": np.array([_v(util)]),
        }
        self.masks = {p: np.array([x == p for x in self.pricing], dtype=bool) for p in Pricing}
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

    def uncertain_inputs(self, candidates_only: bool = False) -> list[UncertainInput]:
        """Every input with a real range (low < high), option by option, then the global ones.
        ``candidates_only`` leaves out inputs that cannot move the ranking: those of options that
        can never be ranked (dev-only, or vetoed by a criterion no input changes), and prices
        where there is no capacity to price."""
        out: list[UncertainInput] = []
        for j, oi in enumerate(self.inputs):
            if candidates_only and not self.static_eligible[j]:
                continue
            oid = oi.option.id
            cap_label = (msg("input.capacity_assumed", "assumed output tok/s/GPU") if oi.capacity_assumed
                         else msg("input.capacity_measured", "measured output tok/s/GPU"))
            cands: list[tuple[str, Message, str, str, Estimate | None]] = [
                ("capacity", cap_label, "tok/s/GPU", "cap", oi.capacity),
            ]
            runs_owned = oi.owned > 0 or oi.pricing != Pricing.RENT  # some GPUs at operating cost
            if oi.pricing == Pricing.RENT:
                cands.append(("gpu_hour_usd", msg("input.rental", "rental $/GPU-h"), "$/GPU-h", "rate", oi.rate))
            elif oi.pricing == Pricing.OWN or self.view == CostView.ALL_IN:
                cands.append(("capex_per_gpu_usd", msg("input.capex", "purchase price per GPU"), "$", "capex",
                              oi.capex))
            if runs_owned:
                cands.append(("power_kw_per_gpu", msg("input.power", "kW per GPU"), "kW", "kw", oi.kw))
                cands.append(("hosting_usd_per_gpu_hour", msg("input.hosting", "hosting $/GPU-h"), "$/GPU-h", "host",
                              oi.hosting))
            cands += [("porting_effort_person_weeks", msg("input.porting", "porting effort"), "person-weeks", "port",
                       oi.porting),
                      ("time_to_production_weeks", msg("input.time_to_production", "time to production"), "weeks",
                       "ttp", oi.ttp)]
            for key, label, unit, param, est in cands:
                if candidates_only and param in ("rate", "capex", "kw", "host") and math.isnan(self.base["cap"][j]):
                    continue  # without a capacity the price moves no figure
                if est is not None and est.low < est.high:
                    out.append(UncertainInput(f"{oid}.{key}", label, unit, param, j, est, oid))
            for e_i, (lab, est) in enumerate(oi.efforts):
                if est.low < est.high:
                    out.append(UncertainInput(f"{oid}.effort[{e_i}]", msg("input.effort", "effort: {item}", item=lab),
                                              "person-weeks", "eff", j, est, oid, e_i))
        cap_known = ~np.isnan(self.base["cap"])
        uses_power = any((p != Pricing.RENT or self.owned[j] > 0) and (cap_known[j] or not candidates_only)
                         for j, p in enumerate(self.pricing))
        if uses_power and self.elec_est is not None and self.elec_est.low < self.elec_est.high:
            out.append(UncertainInput("assumptions.electricity_usd_per_kwh", msg("input.electricity",
                                                                                 "electricity price"),
                                      "$/kWh", "elec", None, self.elec_est))
        if uses_power and self.pue_est is not None and self.pue_est.low < self.pue_est.high:
            out.append(UncertainInput("assumptions.pue", msg("input.pue", "PUE"), "", "pue", None, self.pue_est))
        if not candidates_only and self.util_est is not None and self.util_est.low < self.util_est.high:
            # a global utilization scales every option's $/M alike: it moves no rank, only the figures
            out.append(UncertainInput("assumptions.utilization", msg("input.utilization", "sustained utilization"),
                                      "fraction", "util", None, self.util_est))
        engc_moves = not candidates_only or (cap_known.any() and not math.isnan(self.demand))
        if engc_moves and self.engc_est is not None and self.engc_est.low < self.engc_est.high:
            out.append(UncertainInput("assumptions.engineer_usd_per_week",
                                      msg("input.engineer_rate", "loaded cost per person-week"),
                                      "$/person-week", "engc", None, self.engc_est))
        return out

    def broadcast(self, s: int) -> dict[str, np.ndarray]:
        """Base parameters for s scenarios (read-only broadcasts; copy a key before writing it)."""
        out = {}
        for k in PARAMS:
            out[k] = np.broadcast_to(self.base[k], (s, self.n))
        for k in GLOBALS:
            out[k] = np.broadcast_to(self.base[k], (s, 1))
        return out

    def metrics(self, p: dict[str, np.ndarray], cols: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """Dynamic metrics, each (S, C): column c is option ``cols[c]`` (default: every option).
        Money is in the driving cost view (``self.view``)."""
        if cols is None:
            amort, unit, owned, masks = self.amort, self.unit, self.owned, self.masks
        else:
            amort, unit, owned = self.amort[cols], self.unit[cols], self.owned[cols]
            masks = {k: m[cols] for k, m in self.masks.items()}
        shape = np.broadcast_shapes(p["cap"].shape, p["rate"].shape)
        cap = np.where(p["cap"] > 0, p["cap"], np.nan)
        gpus = np.asarray(C.fleet_gpus(self.demand, cap, unit))
        op = np.asarray(C.operating_hour(p["kw"], p["pue"], p["elec"], p["host"]))
        hour = np.full(shape, np.nan)
        cash = self.view == CostView.CASH
        for pricing, m in masks.items():
            if not m.any():
                continue
            allin = C.all_in_hour(pricing, p["rate"][:, m], p["capex"][:, m], amort[m], op[:, m])
            if cash:
                hour[:, m] = C.cash_hour(pricing, gpus[:, m], owned[m], op[:, m], allin)
            else:
                hour[:, m] = allin
        eng_pw = p["port"] + p["eff"]
        cpm = C.cost_per_million(hour, cap)
        tco = C.horizon_cost(gpus, hour, self.horizon) + eng_pw * p["engc"]
        eff = cpm / p["util"]
        return {  # an overflow is missing, as in the deterministic figures
            "cost_per_m_tokens_usd": np.where(np.isfinite(cpm), cpm, np.nan),
            "effective_cost_per_m_tokens_usd": np.where(np.isfinite(eff), eff, np.nan),
            "tco_usd": np.where(np.isfinite(tco), tco, np.nan),
            "time_to_production_weeks": np.broadcast_to(p["ttp"], shape),
            "engineering_person_weeks": eng_pw,
            "capacity_tps_per_gpu": cap,
        }

    def evaluate(self, p: dict[str, np.ndarray], weights: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Scores (S, O), eligibility (S, O) and the dynamic metrics; ``weights`` (S, K) are raw
        criteria weights per scenario (default: the workspace's)."""
        if weights is not None:
            return self._evaluate_weights(p, weights)
        with np.errstate(all="ignore"):
            m = self.metrics(p)
        s = p["cap"].shape[0]
        eligible = np.broadcast_to(self.static_eligible, (s, self.n))
        st = self.setup
        if self.ko_k:
            k = self.ko_k
            raw = np.stack([m[st.criteria[i].metric] for i in k], axis=-1)
            eligible = eligible & ~vetoes(raw, st.benefit[k], st.knockout[k], st.threshold[k]).any(-1)
        if self.grp_names:
            values = np.stack([m[name] for name in self.grp_names], axis=-1) * self.grp_sign
            cand = eligible if self.ko_k else self.static_eligible
            score = weighted_sum(normalize_range(values, cand), self.grp_share)
        else:
            score = np.zeros((s, self.n))
        static = self._static_score(eligible) if self.dynamic_knockout else self.static_score
        return score + static, eligible, m

    def _evaluate_weights(self, p: dict[str, np.ndarray], weights: np.ndarray
                          ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        with np.errstate(all="ignore"):
            m = self.metrics(p)
        s = p["cap"].shape[0]
        total = weights.sum(axis=1, keepdims=True)
        shares = np.where(total > 0, weights / np.where(total > 0, total, 1.0), 0.0)
        eligible = np.broadcast_to(self.static_eligible, (s, self.n))
        st = self.setup
        if self.ko_k:
            k = self.ko_k
            raw = np.stack([m[st.criteria[i].metric] for i in k], axis=-1)
            eligible = eligible & ~vetoes(raw, st.benefit[k], st.knockout[k], st.threshold[k]).any(-1)
        score = np.zeros((s, self.n))
        if self.grp_names:
            values = np.stack([m[name] for name in self.grp_names], axis=-1) * self.grp_sign
            cand = eligible if self.ko_k else self.static_eligible
            gshare = np.einsum("sk,kg->sg", shares[:, self.dyn_k], self.grp_matrix)  # (S, G)
            score = np.einsum("sog,sg->so", normalize_range(values, cand), gshare)
        sk = self.stat_k
        if sk:
            cands = eligible if self.dynamic_knockout else self.static_eligible[None, :]
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
        fast = [i for i, inp in enumerate(inputs) if inp.column is not None and not self.ko_k and self.grp_names]
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
            col = 0 if inp.column is None else inp.column
            rows = slice(i * width, (i + 1) * width)
            if inp.param == "eff":
                arr[rows, col] = self.base["eff"][col] + (grid[i] - inp.estimate.likely)
            else:
                arr[rows, col] = grid[i]
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
