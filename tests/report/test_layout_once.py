"""The record's layout does its work once: plain-text paragraphs are parsed once per style, paragraphs
break their lines once per width, a heading measures only the first rows of the table under it, and
the first pass of a build whose contents are not known measures without drawing (the same bytes)."""

from __future__ import annotations

from reportlab.platypus import Paragraph as ReportlabParagraph

from deepdecide.report import build
from deepdecide.report.styles import Paragraph, styles
from deepdecide.storage.files import builtin_sample

TEXT = ("The measured time to first token stays under the objective at every load in the sweep; "
        "the cost per million tokens falls as the batch grows. ") * 6


def _lines(p) -> list[str]:
    return [" ".join(w for w in getattr(line, "words", [])) if not hasattr(line, "__getitem__") else
            " ".join(line[1]) for line in p.blPara.lines]


def test_lines_at_each_width_are_reportlabs() -> None:
    style = styles()["body"]
    ours = Paragraph(TEXT, style)
    for width in (300.0, 120.0, 300.0, 300.0, 455.5, 120.0):
        reference = ReportlabParagraph(TEXT, style)
        assert ours.wrap(width, 1e6) == reference.wrap(width, 1e6)
        assert _lines(ours) == _lines(reference)


def test_split_forgets_the_kept_lines_and_splits_like_reportlab() -> None:
    style = styles()["body"]
    ours, reference = Paragraph(TEXT, style), ReportlabParagraph(TEXT, style)
    ours.wrap(200.0, 1e6)
    reference.wrap(200.0, 1e6)
    a, b = ours.split(200.0, 40.0), reference.split(200.0, 40.0)
    assert [type(p) for p in a] == [Paragraph] * len(a) and len(a) == len(b) == 2
    assert [p.wrap(200.0, 1e6) for p in a] == [p.wrap(200.0, 1e6) for p in b]
    assert "_lines_at" not in vars(ours)


def test_first_pass_draws_nothing_and_the_record_is_unchanged(monkeypatch) -> None:
    from reportlab.platypus import doctemplate

    from deepdecide.report import template

    monkeypatch.setenv("DEEPDECIDE_CACHE_DIR", "")
    ws = builtin_sample("en")
    reference = build(ws)
    drawn: list[int] = []
    real_add = template._BodyFrame.add
    pass_no = [0]
    real_build = doctemplate.BaseDocTemplate.build

    def counting_build(self, *args, **kwargs):
        pass_no[0] += 1
        return real_build(self, *args, **kwargs)

    def add(self, flowable, canv, trySplit=0):
        before = canv._code[:] if hasattr(canv, "_code") else []
        ok = real_add(self, flowable, canv, trySplit)
        if ok and getattr(canv, "_code", []) != before:
            drawn.append(pass_no[0])
        return ok

    monkeypatch.setattr(doctemplate.BaseDocTemplate, "build", counting_build)
    monkeypatch.setattr(template._BodyFrame, "add", add)
    monkeypatch.setattr(template._BodyFrame, "_add", add)
    assert build(ws) == reference
    assert pass_no[0] == 2 and drawn and set(drawn) == {2}


def _shape(p) -> list[tuple[object, list[str]]]:
    """Each line of a wrapped paragraph: its spare room and its words."""
    out = []
    for line in p.blPara.lines:
        if hasattr(line, "words"):
            out.append((line.extraSpace, [getattr(w, "text", w) for w in line.words]))
        else:
            out.append((line[0], list(line[1])))
    return out


def _corpus() -> list[str]:
    """Every text of the built-in samples (both languages), and texts at the edges of plain."""
    from deepdecide.storage.files import workspace_to_data

    texts: list[str] = []

    def walk(v) -> None:
        if isinstance(v, str):
            texts.append(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for lang in ("en", "es"):
        walk(workspace_to_data(builtin_sample(lang)))
    return [*dict.fromkeys(texts), "x", " x ", "a\nb", "  two  spaces\n\n\nand lines  ", "\t tab", "\u00a0nbsp\u00a0",
            "ñandú · 12,5 € – 3 %", "", "   ", "\n", "a & b", "<b>bold</b>", "x > y", "1 < 2"]


def test_plain_text_gets_the_fragment_reportlabs_parser_makes() -> None:
    from reportlab.lib.styles import ParagraphStyle

    from deepdecide.report.styles import esc

    st = styles()
    kinds = [st[k] for k in ("body", "cell_r", "head", "footnote")]
    kinds.append(ParagraphStyle("head_6.00_1", parent=st["head"], fontSize=6, leading=7.4, splitLongWords=1))
    for text in _corpus():
        for style in kinds:
            for markup in (esc(text), text):
                try:
                    reference = ReportlabParagraph(markup, style, bulletText="\u2022")
                except ValueError:  # markup reportlab refuses: ours refuses it too
                    continue
                ours = Paragraph(markup, style, bulletText="\u2022")
                assert ours.text == reference.text
                assert [vars(f) for f in ours.frags] == [vars(f) for f in reference.frags], (markup, style.name)
                assert ours.bulletText == reference.bulletText and ours.style is reference.style
                assert ours.wrap(150.0, 1e6) == reference.wrap(150.0, 1e6)
                assert _shape(ours) == _shape(reference)


def test_plain_text_is_not_parsed_again(monkeypatch) -> None:
    from reportlab.platypus.paraparser import ParaParser

    style = styles()["cell"]
    Paragraph("warm up", style)
    calls = [0]
    real = ParaParser.parse

    def parse(self, text, style):
        calls[0] += 1
        return real(self, text, style)

    monkeypatch.setattr(ParaParser, "parse", parse)
    a, b = Paragraph("Keep H100, serve with vLLM", style), Paragraph("Keep H100, serve with vLLM", style)
    assert calls[0] == 0
    assert a.frags[0] is not b.frags[0] and a.frags[0].link is not b.frags[0].link  # each its own fragment
    Paragraph("<b>markup</b> is parsed", style)
    Paragraph("an entity &amp; is parsed", style)
    assert calls[0] == 2


def test_the_room_under_a_heading_is_the_tables_first_rows() -> None:
    from reportlab.lib.units import mm
    from reportlab.platypus import Table

    from deepdecide.report.sections.base import BODY_W, KEEP_MAX, _first_part

    rows = [["Header", "Value"], *[[f"row {i}", "text " * (i % 7 + 1)] for i in range(400)]]
    table = Table(rows, repeatRows=1)
    need = _first_part(table, BODY_W)
    full = Table(rows, repeatRows=1)
    full.wrap(BODY_W, 1e7)
    assert need == sum(full._rowHeights[:2]) and need < KEEP_MAX
    # a first row taller than the most a heading asks for: that most
    tall = Table([["Header"], *[[f"line {i}"] for i in range(3)]], rowHeights=[10, KEEP_MAX + 50 * mm, 10, 10],
                 repeatRows=1)
    assert _first_part(tall, BODY_W) >= KEEP_MAX
    tall_auto = Table([["Header"], ["\n".join(["line"] * 400)], ["last"]], repeatRows=1)
    assert _first_part(tall_auto, BODY_W) >= KEEP_MAX
