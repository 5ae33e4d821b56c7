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
from deepdecide.analysis.scoring import ScoringSetup, normalize, vetoes, winners
from deepdecide.domain.common import Estimate
from deepdecide.domain.workspace import Pricing

PARAMS = ("rate", "capex", "kw", "port", "eff", "ttp", "cap")
GLOBALS = ("elec", "engc")


@dataclass(frozen=True, slots=True)
class UncertainInput:
    """One input with a low / likely / high estimate; ``column`` is the option index (None: global),
    ``effort`` the index of a checklist effort inside ``eff``."""

    key: str
    label: str
    unit: str
    param: str
    column: int | None
    estimate: Estimate
    option: str | None = None
    effort: int | None = None


def _v(e: Estimate | None) -> float:
    return e.likely if e is not None else math.nan


class ScenarioModel:
    def __init__(self, inputs: list[OptionInputs], demand: float | None, horizon: float | None,
                 elec: Estimate | None, engc: Estimate | None, setup: ScoringSetup,
                 static_values: np.ndarray, static_eligible: np.ndarray):
        self.inputs = inputs
        self.setup = setup
        self.n = len(inputs)
        self.demand = demand if demand is not None else math.nan
        self.horizon = horizon if horizon is not None else math.nan
        self.elec_est, self.engc_est = elec, engc
        self.pricing = [oi.pricing for oi in inputs]
        self.amort = np.array([oi.amort_years for oi in inputs], dtype=float)
        self.unit = np.array([oi.unit for oi in inputs], dtype=float)
        self.base = {
            "rate": np.array([_v(oi.rate) for oi in inputs]),
            "capex": np.array([_v(oi.capex) for oi in inputs]),
            "kw": np.array([_v(oi.kw) for oi in inputs]),
            "port": np.array([_v(oi.porting) for oi in inputs]),
            "eff": np.array([sum((e.likely for _, e in oi.efforts), 0.0) for oi in inputs]),
            "ttp": np.array([_v(oi.ttp) for oi in inputs]),
            "cap": np.array([_v(oi.capacity) if oi.capacity and oi.capacity.likely > 0 else math.nan
                             for oi in inputs]),
            "elec": np.array([_v(elec)]),
            "engc": np.array([_v(engc)]),
        }
        self.masks = {p: np.array([x == p for x in self.pricing], dtype=bool) for p in Pricing}
        # the scored metrics: which columns are dynamic, and the static part of every score
        metrics = setup.metrics
        self.dyn_k = [k for k, s in enumerate(setup.specs) if s.dynamic]
        self.dyn_names = [metrics[k] for k in self.dyn_k]
        stat_k = [k for k in range(len(metrics)) if k not in self.dyn_k]
        self.static_values = static_values
        if stat_k:
            sv = static_values[:, stat_k][None, :, :]
            sn = normalize(sv, setup.benefit[stat_k], setup.lo[stat_k], setup.hi[stat_k])
            self.static_score = (sn * setup.shares[stat_k]).sum(-1)[0]
            self.static_veto = vetoes(sv, setup.benefit[stat_k], setup.knockout[stat_k],
                                      setup.threshold[stat_k]).any(-1)[0]
        else:
            self.static_score = np.zeros(self.n)
            self.static_veto = np.zeros(self.n, dtype=bool)
        self.static_eligible = static_eligible & ~self.static_veto

    # -----------------------------------------------------------------------------------------

    def uncertain_inputs(self) -> list[UncertainInput]:
        """Every input with a real range (low < high), option by option, then the global ones."""
        out: list[UncertainInput] = []
        for j, oi in enumerate(self.inputs):
            oid = oi.option.id
            at = f"{oid}: "
            cands: list[tuple[str, str, str, str, Estimate | None]] = [
                ("capacity", "assumed output tok/s/GPU", "tok/s/GPU", "cap", oi.capacity),
            ]
            if oi.pricing == Pricing.RENT:
                cands.append(("gpu_hour_usd", "rental $/GPU-h", "$/GPU-h", "rate", oi.rate))
            if oi.pricing == Pricing.OWN:
                cands.append(("capex_per_gpu_usd", "capex per GPU", "$", "capex", oi.capex))
            if oi.pricing != Pricing.RENT:
                cands.append(("power_kw_per_gpu", "all-in kW per GPU", "kW", "kw", oi.kw))
            cands += [("porting_effort_person_weeks", "porting effort", "person-weeks", "port", oi.porting),
                      ("time_to_production_weeks", "time to production", "weeks", "ttp", oi.ttp)]
            for key, label, unit, param, est in cands:
                if est is not None and est.low < est.high:
                    out.append(UncertainInput(f"{oid}.{key}", at + label, unit, param, j, est, oid))
            for e_i, (lab, est) in enumerate(oi.efforts):
                if est.low < est.high:
                    out.append(UncertainInput(f"{oid}.effort[{e_i}]", at + f"effort: {lab}", "person-weeks",
                                              "eff", j, est, oid, e_i))
        uses_power = any(p != Pricing.RENT for p in self.pricing)
        if uses_power and self.elec_est is not None and self.elec_est.low < self.elec_est.high:
            out.append(UncertainInput("assumptions.electricity_usd_per_kwh", "electricity price", "$/kWh",
                                      "elec", None, self.elec_est))
        if self.engc_est is not None and self.engc_est.low < self.engc_est.high:
            out.append(UncertainInput("assumptions.engineer_usd_per_week", "loaded cost per person-week",
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

    def metrics(self, p: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """Dynamic metrics, each (S, O)."""
        s = p["cap"].shape[0]
        cap = np.where(p["cap"] > 0, p["cap"], np.nan)
        hour = np.full((s, self.n), np.nan)
        hw = np.full((s, self.n), np.nan)
        pw = np.full((s, self.n), np.nan)
        gpus = C.fleet_gpus(self.demand, cap, self.unit)
        elec = p["elec"]
        for pricing, m in self.masks.items():
            if not m.any():
                continue
            amort = self.amort[m]
            hour[:, m] = C.gpu_hour_all_in(pricing, p["rate"][:, m], p["capex"][:, m], amort, p["kw"][:, m], elec)
            hw[:, m] = C.horizon_hardware(pricing, gpus[:, m], p["rate"][:, m], p["capex"][:, m], amort, self.horizon)
            pw[:, m] = C.horizon_power(pricing, gpus[:, m], p["kw"][:, m], elec, self.horizon)
        eng_pw = p["port"] + p["eff"]
        return {
            "cost_per_m_tokens_usd": C.cost_per_million(hour, cap),
            "tco_usd": hw + pw + eng_pw * p["engc"],
            "time_to_production_weeks": np.broadcast_to(p["ttp"], (s, self.n)),
            "engineering_person_weeks": eng_pw,
            "capacity_tps_per_gpu": cap,
        }

    def evaluate(self, p: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Scores (S, O), eligibility (S, O) and the dynamic metrics."""
        with np.errstate(invalid="ignore", divide="ignore"):
            m = self.metrics(p)
        s = p["cap"].shape[0]
        score = np.broadcast_to(self.static_score, (s, self.n)).copy()
        eligible = np.broadcast_to(self.static_eligible, (s, self.n)).copy()
        if self.dyn_k:
            st = self.setup
            k = self.dyn_k
            values = np.stack([m[name] for name in self.dyn_names], axis=-1)
            norm = normalize(values, st.benefit[k], st.lo[k], st.hi[k])
            score += (norm * st.shares[k]).sum(-1)
            if st.knockout[k].any():
                eligible &= ~vetoes(values, st.benefit[k], st.knockout[k], st.threshold[k]).any(-1)
        return score, eligible, m

    def winners(self, p: dict[str, np.ndarray]) -> np.ndarray:
        score, eligible, _ = self.evaluate(p)
        return winners(score, eligible)

    def scenarios(self, inp: UncertainInput, values: np.ndarray) -> dict[str, np.ndarray]:
        """Parameters with one input set to each of ``values`` (one scenario per value)."""
        s = len(values)
        p = self.broadcast(s)
        arr = p[inp.param].copy()
        if inp.column is None:
            arr[:, 0] = values
        elif inp.param == "eff":
            arr[:, inp.column] = arr[:, inp.column] + (values - inp.estimate.likely)
        else:
            arr[:, inp.column] = values
        p[inp.param] = arr
        return p
