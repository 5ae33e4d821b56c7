"""The source article's four questions before approving a migration, per option, on one page: how far
the evidence answers each (as the Assessment decided it), the answer, the files it rests on, and
what counts against the option."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from deepdecide.analysis.assessment import QuestionAnswer, QuestionState
from deepdecide.analysis.questions import QUESTION_TITLES, STATE_WORDS
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.i18n import _
from deepdecide.domain.messages import join
from deepdecide.report.sections.base import BODY_W, Context, h1
from deepdecide.report.sections.titles import title
from deepdecide.report.styles import BAD, GOOD, WARN, esc, para, table

#: the article, as the record cites it (the title its source entry carries)
ARTICLE = "DeepInfer compatibility note"
#: the id of its source entry (the Spanish sample cites it under its own, Spanish, title)
ARTICLE_ID = "deepinfer_note"

_COLOURS = {QuestionState.ANSWERED: GOOD, QuestionState.PARTLY: WARN, QuestionState.NOT_ANSWERED: BAD}
MAX_FILES = 3  # files named in a cell; the rest are counted


def _cell(q: QuestionAnswer) -> Flowable:
    colour = BAD if q.concerns else _COLOURS[q.state]
    head = f'<font color="{colour.hexval()}"><b>{esc(str(STATE_WORDS[q.state]))}</b></font>'
    body = [head, esc(str(q.answer))]
    if q.files:
        shown = ", ".join(q.files[:MAX_FILES])
        more = len(q.files) - MAX_FILES
        files = _("from {files}").format(files=shown) if more <= 0 else \
            _("from {files} and {n} more").format(files=shown, n=more)
        body.append(f"<i>{esc(files)}</i>")
    return para("<br/>".join(body), "cell_dense", markup=True)


def questions(ctx: Context) -> list[Flowable]:
    ws, a = ctx.ws, ctx.assessment
    out: list[Flowable] = []
    cite = next((c for c in a.citations if c.id == ARTICLE_ID or c.title == ARTICLE), None)
    # its title, as the sources list it (quoted: the article's own words)
    source = f"{formatting.quoted(cite.title)} [{cite.number}]" if cite is not None else ARTICLE
    out.append(para(_("The {source} asks four questions before a migration is approved. For each option, the "
                      "evidence at hand answers a question, answers it partly, or does not answer it. Answered means "
                      "the evidence decides the question, not that the answer favours the option: what counts "
                      "against an option is listed under the table.").format(source=source)))
    what = (
        _("The support matrix (is the exact GPU on the runtime's official list?) and an environment capture: "
          "nvidia-smi -q -x, the runtime's version output and an image digest or a lock file, judged against the "
          "cell's pinned requirements."),
        _("Parity checks of every kind (kernel, logits, greedy match, eval accuracy, structured output, long "
          "context) on the option's exact runtime and platform."),
        _("A run of the decision's workload on the option's serving unit (its GPU count and roles), judged on every "
          "limit of the SLO; memory headroom where the file states KV-cache use."),
        _("The service-gap checklist: where the KV cache, routing, authentication, HTTP transport and load "
          "balancing come from."))
    out.append(table(["#", _("Question"), _("What answers it")],
                     [[str(n), str(QUESTION_TITLES[q]), text] for n, (q, text) in
                      enumerate(zip(QUESTION_TITLES, what, strict=True), start=1)],
                     [7 * mm, 55 * mm, BODY_W - 62 * mm], zebra=False, dense=True))
    short = look.short_labels(ws)
    rows = [[short[oa.option], *[_cell(q) for q in oa.article.answers]] for oa in a.options if oa.article]
    w = (BODY_W - 41 * mm) / 4
    out.append(table([_("Option"), *[f"{n}. {QUESTION_TITLES[q]}" for n, q in enumerate(QUESTION_TITLES, start=1)]],
                     rows, [41 * mm, w, w, w, w]))
    against = []
    for oa in a.options:
        if oa.article is None:
            continue
        found = [f"{n}: {join(q.concerns)}" for n, q in enumerate(oa.article.answers, start=1) if q.concerns]
        if found:
            against.append(f"<b>{esc(short[oa.option])}</b>: {esc('; '.join(found))}")
    if against:
        out.append(para(_("Against the option (by question):"), "small"))
        out.extend(para(line, "small", markup=True) for line in against)
    out.append(para(_("`deepdecide evaluate` lists, per question, the evidence that answers it and what is still "
                      "needed; the desktop application's Parity page shows the same answers."), "small"))
    # one page: the section, heading included, moves to the next page whole rather than starting at
    # the foot of one
    brk, heading = h1(title("questions"), "questions")
    return [brk, KeepTogether([heading, *out])]
