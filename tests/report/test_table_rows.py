"""Record tables are reportlab's own table, given the height of their rows and shaded by one command,
and the record renders each message once: the heights are the very ones reportlab measures, a page of
a long table starts like its first, and a message is written again only for a message that renders
alike. The sign-off's heading, text and table stand on one page."""

from __future__ import annotations

from reportlab.platypus import Table

from deepdecide.domain.messages import Amount, msg
from deepdecide.report import predictions, styles
from deepdecide.report.styles import Paragraph
from deepdecide.report.styles import table as _table
from deepdecide.report.words import rendering, text

MM = 72 / 25.4
WIDTHS = [30 * MM, 9 * MM, 24 * MM, 15 * MM, 15 * MM]


def _rows(n: int) -> list[list[object]]:
    rows: list[list[object]] = []
    for i in range(n):
        fit = "matches" if i % 3 else "does not match the workload's token lengths, not counted"
        row: list[object] = [f"Option {i % 4}" if i % 5 else "Keep H100, serve with SGLang on the old fleet",
                             f"F{i}", fit, f"{i * 1.5:g}", "—"]
        rows.append(predictions.struck([str(v) for v in row], (3, 4)) if i % 7 == 6 else row)
    return rows


def table(*args: object, **kwargs: object) -> Table:
    t = _table(*args, **kwargs)  # type: ignore[arg-type]
    assert isinstance(t, Table)
    return t


def _measured_by_reportlab(t: Table) -> list[float]:
    """The row heights of the same table measured wholly by reportlab (no heights given)."""
    bare = Table(t._cellvalues, colWidths=t._colWidths, repeatRows=1)
    bare._cellStyles = t._cellStyles
    bare.wrap(sum(WIDTHS), 1e9)
    return list(bare._rowHeights)


def test_given_row_heights_are_the_ones_reportlab_measures() -> None:
    for dense in (False, True):
        t = table(["Option", "File", "Fits", "Conc.", "Out"], _rows(90), WIDTHS, numeric=(3, 4), dense=dense)
        given = t._argH
        assert None in given  # the header, and a row in every MEASURED_EVERY, left to reportlab
        assert sum(h is not None for h in given) > 60
        t.wrap(sum(WIDTHS), 1e9)
        assert list(t._rowHeights) == _measured_by_reportlab(t)  # exactly: the same sums in the same order


def test_a_caller_changing_padding_or_size_leaves_every_row_to_reportlab() -> None:
    t = table(["Option", "File", "Fits", "Conc.", "Out"], _rows(20), WIDTHS,
              extra=[("TOPPADDING", (0, 1), (-1, -1), 6)])
    assert set(t._argH) == {None}


def test_a_text_repeated_down_a_column_is_one_paragraph() -> None:
    t = table(["Option", "File", "Fits", "Conc.", "Out"], _rows(30), WIDTHS, zebra=False)
    fits = [row[2] for row in t._cellvalues[1:] if isinstance(row[2], Paragraph)]
    assert len(fits) > 5 and len({id(p) for p in fits}) < len(fits)


def test_zebra_is_one_command_over_the_body() -> None:
    t = table(["Option", "File", "Fits", "Conc.", "Out"], _rows(40), WIDTHS)
    backgrounds = [c for c in t._bkgrndcmds if c[0] in ("BACKGROUND", "ROWBACKGROUNDS")]
    assert [c[0] for c in backgrounds] == ["BACKGROUND", "ROWBACKGROUNDS"]  # the header, then the stripes
    assert backgrounds[1][1:] == ((0, 1), (-1, 40), [None, styles.ZEBRA])


def test_a_message_is_rendered_once_and_only_for_messages_that_render_alike() -> None:
    calls = []
    m = msg("t.count", "{n} runs at {cost}", n=1, cost=Amount(2.5, "$/GPU-h"))
    original = type(m).render

    def counting(self, translate=None):  # type: ignore[no-untyped-def]
        calls.append(self)
        return original(self, translate)

    try:
        type(m).render = counting  # type: ignore[method-assign]
        with rendering():
            first = [text(msg("t.count", "{n} runs at {cost}", n=1, cost=Amount(2.5, "$/GPU-h")))
                     for _ in range(50)]
            as_float = text(msg("t.count", "{n} runs at {cost}", n=1.0, cost=Amount(2.5, "$/GPU-h")))
            negative_zero = text(msg("t.zero", "{x}", x=-0.0)), text(msg("t.zero", "{x}", x=0.0))
        assert [text(m), text(m)] == [original(m)] * 2
    finally:
        type(m).render = original  # type: ignore[method-assign]
    assert len(set(first)) == 1 and first[0] == original(m)
    assert as_float == original(msg("t.count", "{n} runs at {cost}", n=1.0, cost=Amount(2.5, "$/GPU-h")))
    assert negative_zero == (original(msg("t.zero", "{x}", x=-0.0)), original(msg("t.zero", "{x}", x=0.0)))
    # once for the fifty equal messages, once each for 1.0, -0.0 and 0.0; outside a record, every time
    assert len(calls) == 1 + 1 + 2 + 2


def test_a_record_is_drawn_one_way_and_its_build_parameters_name_the_software_not_a_format(monkeypatch) -> None:
    import json

    from deepdecide import __version__
    from deepdecide.report.canonical import canonical_inputs
    from deepdecide.report.integrity import INTACT, verify
    from deepdecide.report.params import build_params
    from deepdecide.report.render import SECTIONS, render
    from deepdecide.storage.files import builtin_sample

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    normal, inputs = canonical_inputs(builtin_sample())
    params = json.loads(build_params(SECTIONS))
    assert "format" not in params and params["generator"]["deepdecide"] == __version__
    record = render(normal, inputs, build_params(SECTIONS), SECTIONS)
    assert b"/ASCII85Decode" not in record  # page streams compressed only
    assert verify(record).status == INTACT


def test_the_sign_off_heading_its_text_and_table_stand_on_one_page(monkeypatch) -> None:
    import io

    from pypdf import PdfReader

    from deepdecide.report.canonical import canonical_inputs
    from deepdecide.report.params import build_params
    from deepdecide.report.render import SECTIONS, render
    from deepdecide.storage.files import load_builtin_workspace

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    normal, inputs = canonical_inputs(load_builtin_workspace())
    record = render(normal, inputs, build_params(SECTIONS), SECTIONS)
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(record)).pages]
    heading = [i for i, t in enumerate(pages) if "Sign-off" in t and "Required approvers" in t]
    rows = [i for i, t in enumerate(pages) if "(to be named)" in t]
    assert len(heading) == 1 and rows == heading  # every row of the table on the heading's page
