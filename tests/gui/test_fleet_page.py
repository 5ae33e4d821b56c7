"""Fleet and prices: every platform's owned GPUs and prices, and every money input, edited on the
page through the undo stack, moves the figure that uses it; the Prices table of Compare offers only
the prices an option pays."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from deepdecide.domain.edits import SetFleetEntry, SetOptionCost
from deepdecide.domain.workspace import Pricing

pytestmark = pytest.mark.gui


def _col(model, title: str) -> int:
    heads = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    return heads.index(title)


def _row(model, test) -> int:
    return next(r for r in range(model.rowCount()) if test(model.row_record(r)))


def _costs(window, option: str):
    return window.document.assessment().option(option).costs


def _fleet(window, option: str):
    return window.document.assessment().option(option).fleet


@pytest.fixture
def fleet_window(make_window):
    window = make_window()
    doc = window.document
    # one option rents its shortfall, so the rental price drives a figure
    o = doc.workspace.option("buy-sm100-deepinfer")
    doc.edit(SetOptionCost(o.id, replace(o.cost, pricing=Pricing.RENT)), "rent")
    doc.undo_stack.setClean()
    return window


# (platform, column title, new likely value, option whose figure moves, the figure)
PLATFORM_EDITS = [
    ("nv-h100", "Owned GPUs", 512, "keep-sglang-h100", lambda w, o: _fleet(w, o).owned_used),
    ("nv-h100", "Book value $/GPU", 20000, "keep-sglang-h100", lambda w, o: _costs(w, o).all_in.tco_usd.value),
    ("nv-h100", "Purchase $/GPU", 60000, "keep-sglang-h100", lambda w, o: _costs(w, o).tco_usd.value),
    ("nv-b200", "Rent $/GPU-h", 4.5, "buy-sm100-deepinfer", lambda w, o: _costs(w, o).tco_usd.value),
    ("nv-h100", "Power kW/GPU", 2.5, "keep-sglang-h100", lambda w, o: _costs(w, o).tco_usd.value),
    ("nv-h100", "Hosting $/GPU-h", 0.4, "keep-sglang-h100", lambda w, o: _costs(w, o).tco_usd.value),
    ("hw-ascend-950dt", "Residual $/GPU", 9000, "ascend950-deepinfer", lambda w, o: _costs(w, o).cash_flow.residual),
    ("hw-ascend-950dt", "Lead time (months)", 12, "ascend950-deepinfer",
     lambda w, o: _costs(w, o).cash_flow.purchases[0].month),
]


@pytest.mark.parametrize(("platform", "title", "value", "option", "figure"), PLATFORM_EDITS,
                         ids=[e[1] for e in PLATFORM_EDITS])
def test_each_fleet_field_edited_on_the_page_moves_its_figure(fleet_window, platform, title, value, option, figure):
    window = fleet_window
    doc = window.document
    page = window.show_page("fleet")
    start, before = doc.workspace, figure(window, option)
    model = page.platforms
    index = model.index(_row(model, lambda r: r.platform == platform), _col(model, title))
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(index, value)
    assert figure(window, option) != before
    assert model.data(index) == page.platforms.data(index)  # the table shows the new value
    assert float(model.data(index, Qt.ItemDataRole.EditRole)) == value
    assert doc.undo_stack.undoText() == f"Edit {title}"
    doc.undo_stack.undo()
    assert doc.workspace == start and figure(window, option) == before


def test_a_visible_figure_follows_a_price(fleet_window):
    """The page's own table of what each option pays shows the TCO the purchase price moves."""
    page = fleet_window.show_page("fleet")
    uses, tco = page.uses_model, _col(page.uses_model, "TCO ($)")
    row = _row(uses, lambda o: o.option == "ascend950-deepinfer")
    assert uses.data(uses.index(row, _col(uses, "Pays"))) == "buy 648"
    before = uses.data(uses.index(row, tco))
    plat = page.platforms
    assert plat.setData(plat.index(_row(plat, lambda r: r.platform == "hw-ascend-950dt"),
                                   _col(plat, "Purchase $/GPU")), 90000)
    row = _row(uses, lambda o: o.option == "ascend950-deepinfer")
    assert uses.data(uses.index(row, tco)) != before


def _field_edits(page):
    return [
        (page.kwh, 0.3, lambda w: _costs(w, "keep-sglang-h100").tco_usd.value),
        (page.pue, 1.5, lambda w: _costs(w, "keep-sglang-h100").tco_usd.value),
        (page.headroom, 50, lambda w: _fleet(w, "keep-sglang-h100").gpus.value),
        (page.spares, 4, lambda w: _fleet(w, "keep-sglang-h100").gpus.value),
        (page.growth, 40, lambda w: _costs(w, "keep-sglang-h100").tco_usd.value),
    ]


def test_each_money_input_moves_its_figure_and_undoes(fleet_window):
    window = fleet_window
    doc = window.document
    page = window.show_page("fleet")
    start = doc.workspace
    for field, value, figure in _field_edits(page):
        before = figure(window)
        field.setValue(value)
        assert figure(window) != before, field.objectName()
    def first_year():
        y = _costs(window, "keep-sglang-h100").cash_flow.years[0]
        return y.fiscal_year, y.months

    before = first_year()
    page.fiscal.setCurrentIndex(6)  # July
    assert doc.workspace.assumptions.fiscal_year_start_month == 7
    assert first_year() != before  # the budget's fiscal years start in July
    page.owned_value.setCurrentIndex(page.owned_value.findData("purchase"))
    assert doc.workspace.assumptions.owned_value.value == "purchase"
    while doc.undo_stack.index() > 0:
        doc.undo_stack.undo()
    assert doc.workspace.assumptions == start.assumptions and doc.workspace.demand == start.demand
    assert page.kwh.value() == start.assumptions.electricity_usd_per_kwh.likely


def test_hosted_api_prices_move_the_api_cost(fleet_window):
    window = fleet_window
    page = window.show_page("fleet")
    api = page.apis
    row = _row(api, lambda o: o.id == "api-deepseek-flash")
    before = _costs(window, "api-deepseek-flash").tco_usd.value
    assert api.setData(api.index(row, _col(api, "Output $/M")), 2.0)
    assert window.document.workspace.option("api-deepseek-flash").hosted.output_usd_per_m.likely == 2.0
    assert _costs(window, "api-deepseek-flash").tco_usd.value > before


def test_each_price_shows_its_source_and_date_and_edits_them(fleet_window):
    window = fleet_window
    doc = window.document
    page = window.show_page("fleet")
    src = page.sources
    row = _row(src, lambda p: p.key == "fleet.nv-b200.rental_usd_per_gpu_hour")
    # a cited source by its title (its id is what an edit starts from)
    assert src.data(src.index(row, _col(src, "Source"))).startswith("InferenceX-app GPU power and cost constants")
    assert src.data(src.index(row, _col(src, "Source")), Qt.ItemDataRole.EditRole) == "inferencex_d6"
    assert src.data(src.index(row, _col(src, "As of"))) == "2026-04-03"
    assert src.setData(src.index(row, _col(src, "Source")), "vendor quote 42")
    assert not src.setData(src.index(row, _col(src, "Valid until")), "next year")  # not a date: no edit
    assert src.setData(src.index(row, _col(src, "Valid until")), "2027-01-31")
    quote = next(q for q in doc.workspace.fleet_of("nv-b200").quotes if q.price == "rental")
    assert (quote.source, quote.valid_until) == ("vendor quote 42", "2027-01-31")
    price = next(p for p in doc.assessment().prices if p.key == "fleet.nv-b200.rental_usd_per_gpu_hour")
    assert price.source == "vendor quote 42"
    # electricity's source lives in the assumptions
    row = _row(src, lambda p: p.key == "assumptions.electricity_usd_per_kwh")
    assert src.setData(src.index(row, _col(src, "As of")), "2026-12-01")
    assert next(q for q in doc.workspace.assumptions.quotes if q.price == "electricity").as_of == "2026-12-01"


def test_a_platform_without_a_fleet_entry_gets_one_from_an_edit(fleet_window):
    window = fleet_window
    doc = window.document
    ws = doc.workspace
    doc.edit(SetFleetEntry("nv-rtx5090", None), "remove")
    page = window.show_page("fleet")
    plat = page.platforms
    row = _row(plat, lambda r: r.platform == "nv-rtx5090")
    assert plat.row_record(row).entry is None
    assert plat.setData(plat.index(row, _col(plat, "Purchase $/GPU")), 4000)
    assert doc.workspace.fleet_of("nv-rtx5090").purchase_usd_per_gpu.likely == 4000
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.workspace == ws


def test_compare_prices_say_what_each_option_pays_and_offer_only_those(fleet_window):
    window = fleet_window
    compare = window.show_page("compare")
    prices = compare.prices
    keep = _row(prices, lambda o: o.id == "keep-vllm-h100")
    rent = _col(prices, "$/GPU-hour")
    capex = _col(prices, "Capex per GPU ($)")
    assert prices.data(prices.index(keep, _col(prices, "Pays"))) == "own 1,024 · buy 184"
    # the owned-and-bought H100 option does not rent: its rental rate is neither shown nor editable
    assert prices.data(prices.index(keep, rent)) == ""
    assert not prices.flags(prices.index(keep, rent)) & Qt.ItemFlag.ItemIsEditable
    assert not prices.setData(prices.index(keep, rent), 0.5)
    assert prices.flags(prices.index(keep, capex)) & Qt.ItemFlag.ItemIsEditable
    renter = _row(prices, lambda o: o.id == "buy-sm100-deepinfer")
    assert prices.data(prices.index(renter, _col(prices, "Pays"))).startswith("rent ")
    assert prices.flags(prices.index(renter, rent)) & Qt.ItemFlag.ItemIsEditable
    assert not prices.flags(prices.index(renter, capex)) & Qt.ItemFlag.ItemIsEditable


def test_a_price_says_which_options_pay_it_now(fleet_window):
    page = fleet_window.show_page("fleet")
    plat = page.platforms
    h100 = _row(plat, lambda r: r.platform == "nv-h100")
    rent = plat.data(plat.index(h100, _col(plat, "Rent $/GPU-h")), Qt.ItemDataRole.ToolTipRole)
    assert "No option on the platform pays it now" in rent  # the H100 options own and buy
    buy = plat.data(plat.index(h100, _col(plat, "Purchase $/GPU")), Qt.ItemDataRole.ToolTipRole)
    assert "Paid now by: H100 · vLLM" in buy


def test_the_crossover_chart_marks_every_break_even_point_the_assessment_holds(make_window):
    from deepdecide.domain.formatting import number

    window = make_window()
    page = window.show_page("fleet")
    cx = window.document.assessment().crossover
    assert cx is not None and cx.breakeven_points
    assert not page.crossover_box.isHidden()
    chart = page.crossover_chart
    # one line per option and the API (dashed), one numbered diamond per break-even point
    from deepdecide.domain import presentation as look

    short = look.short_labels(window.document.workspace)
    legend = chart.legend_texts()
    assert short[cx.api_option] in legend
    assert {short[p.option] for p in cx.breakeven_points} <= set(legend)
    assert [t.toPlainText() for t in chart.callout_items] == [str(k + 1) for k in range(len(cx.breakeven_points))]
    listed = page.crossover_points.text()
    names = {o.id: o.name for o in window.document.workspace.options}
    for k, p in enumerate(cx.breakeven_points, start=1):
        side = "cheaper above" if p.cheaper_above else "cheaper below"
        assert f"{k} {names[p.option]}: {side} {number(p.demand, 'tok/s')}" in listed


def test_without_a_hosted_api_the_crossover_box_hides(make_window, tmp_path):
    from deepdecide.domain.workspace import Strategy
    from deepdecide.storage.files import load_builtin_workspace, save_workspace

    ws = load_builtin_workspace()
    apis = {o.id for o in ws.options if o.strategy == Strategy.HOSTED_API}
    ws = replace(ws, options=tuple(o for o in ws.options if o.id not in apis),
                 answers=tuple(a for a in ws.answers if a.option not in apis),
                 decision=replace(ws.decision, considered_options=tuple(
                     o for o in ws.decision.considered_options if o not in apis)))
    path = tmp_path / "no-api.deepdecide.yaml"
    save_workspace(ws, path)
    window = make_window((str(path),))
    page = window.show_page("fleet")
    assert window.document.assessment().crossover is None and page.crossover_box.isHidden()
