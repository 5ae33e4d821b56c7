"""The record's layout does its work once: the paragraphs break their lines once per width, and the
first pass of a build whose contents are not known measures without drawing (the same bytes)."""

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
