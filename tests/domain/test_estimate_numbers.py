"""Estimates hold floats, so equal values have one canonical form (the record's hash depends on it)."""

from __future__ import annotations

import json
from dataclasses import asdict

from deepdecide.domain.common import Estimate
from deepdecide.domain.workspace import Assumptions, CostInputs


def test_int_inputs_are_stored_as_floats():
    e = Estimate(4000, 5000, 6500)
    assert all(type(v) is float for v in (e.low, e.likely, e.high))
    assert e == Estimate(4000.0, 5000.0, 6500.0)
    assert type(Estimate.exact(3).likely) is float


def test_defaults_print_like_loaded_values():
    assert json.dumps(asdict(Assumptions().engineer_usd_per_week)) == json.dumps(
        asdict(Estimate(4000.0, 5000.0, 6500.0)))
    assert json.dumps(asdict(CostInputs().porting_effort_person_weeks)) == json.dumps(
        {"low": 0.0, "likely": 0.0, "high": 0.0})
