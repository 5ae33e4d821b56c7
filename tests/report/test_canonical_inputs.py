"""The canonical inputs of a record are a fixed point in one encode: a float field set to an int by
code (a GUI spin box, ``dataclasses.replace(c, weight=1)``) is written as the float it reads back
as, so the record of such a workspace is the record of its decoding, byte for byte."""

from __future__ import annotations

import dataclasses
import json

import pytest

from deepdecide.report import build
from deepdecide.report.canonical import canonical_inputs, workspace_from_json
from deepdecide.storage.files import canonical_json, record_inputs_json, workspace_to_data


def _with_int_figures(ws):
    """``ws`` with whole-number figures of float fields held as ints (what code may set)."""
    crit = tuple(dataclasses.replace(c, weight=int(c.weight * 10) or 1) for c in ws.criteria)
    opt = ws.options[0]
    cost = dataclasses.replace(opt.cost, amortization_years=4)
    assumptions = dataclasses.replace(ws.assumptions, horizon_years=int(ws.assumptions.horizon_years))
    return dataclasses.replace(ws, criteria=crit, options=(dataclasses.replace(opt, cost=cost), *ws.options[1:]),
                               assumptions=assumptions)


def _as_floats(ws):
    """The same workspace with every such figure a float."""
    crit = tuple(dataclasses.replace(c, weight=float(c.weight)) for c in ws.criteria)
    opt = ws.options[0]
    cost = dataclasses.replace(opt.cost, amortization_years=float(opt.cost.amortization_years))
    assumptions = dataclasses.replace(ws.assumptions, horizon_years=float(ws.assumptions.horizon_years))
    return dataclasses.replace(ws, criteria=crit, options=(dataclasses.replace(opt, cost=cost), *ws.options[1:]),
                               assumptions=assumptions)


@pytest.fixture(scope="module")
def int_ws(small_ws):
    ws = _with_int_figures(small_ws)
    assert type(ws.criteria[0].weight) is int and type(ws.options[0].cost.amortization_years) is int
    assert type(ws.assumptions.horizon_years) is int
    return ws


def test_float_fields_are_written_as_floats(int_ws):
    doc = json.loads(canonical_json(int_ws))
    assert all(type(c["weight"]) is float for c in doc["criteria"])
    cost = doc["options"][0]["cost"]
    assert type(cost["amortization_years"]) is float and type(doc["assumptions"]["horizon_years"]) is float
    # int fields stay ints
    assert type(doc["assumptions"]["monte_carlo_draws"]) is int
    # the readable (YAML) form still writes a whole number as an int
    assert type(workspace_to_data(int_ws)["criteria"][0]["weight"]) is int


def test_canonical_json_is_the_canonical_json_of_its_decoding(int_ws):
    inputs = canonical_json(int_ws)
    again = workspace_from_json(inputs)
    assert canonical_json(again) == inputs
    assert canonical_json(_as_floats(int_ws)) == inputs
    assert record_inputs_json(int_ws) == inputs
    normal, embedded = canonical_inputs(int_ws)
    assert embedded == inputs and canonical_json(normal) == inputs
    assert type(normal.criteria[0].weight) is float


def test_record_of_int_figures_is_the_record_of_their_floats(int_ws):
    assert build(int_ws, sections=("cover", "summary", "cost")) == build(_as_floats(int_ws),
                                                                          sections=("cover", "summary", "cost"))


@dataclasses.dataclass(frozen=True)
class _Figures:
    xs: tuple[float, ...] = ()
    y: float | None = None
    n: int = 0
    flag: bool = False


def test_codec_writes_every_float_typed_number_as_a_float():
    from deepdecide.storage import codec

    value = _Figures(xs=(1, 2.5, 3), y=2, n=4, flag=True)
    data = codec.to_data(value, omit_defaults=False)
    assert data == {"xs": [1.0, 2.5, 3.0], "y": 2.0, "n": 4, "flag": True}
    assert [type(x) for x in data["xs"]] == [float, float, float] and type(data["y"]) is float
    assert type(data["n"]) is int
    assert codec.to_data(codec.from_data(_Figures, data), omit_defaults=False) == data
    # readable form: whole numbers as ints, as before
    assert codec.to_data(value) == {"xs": [1, 2.5, 3], "y": 2, "n": 4, "flag": True}
