"""The analysis's own words in Spanish: every message of the sample's Assessment, the cost trails,
the sensitivity labels, the record and the command line; the data stays English (JSON, to_data).
And no heading stands alone at the bottom of a record page, in either language."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest

from deepdecide.domain import formatting, i18n
from deepdecide.domain.messages import Amount, Message, msg

#: messages whose Spanish is their English: units, metric names and loan words of the field
SAME_IN_SPANISH = {"fleet.one_gpu", "slo.tpot", "slo.ttft", "trail.hardware", "article.unit.gpus"}

#: Assessment fields that hold the user's or a file's own text (never translated)
USER_TEXT_FIELDS = {"notes", "sources", "label", "title", "name", "option_name", "other_name", "provider",
                    "publisher", "locator", "date", "note", "criterion", "text"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def spanish_sample():
    from deepdecide.storage.files import builtin_sample

    return builtin_sample("es")


@pytest.fixture(scope="module")
def assessment(spanish_sample):
    from deepdecide.analysis.engine import evaluate

    return evaluate(spanish_sample, monte_carlo=True, draws=200)


def _walk(obj: Any, path: str = "", seen: set[int] | None = None) -> Iterator[tuple[str, Any]]:
    """Every value inside ``obj`` with its field path (messages' parameters included)."""
    seen = set() if seen is None else seen
    yield path, obj
    if isinstance(obj, Message):
        for k, v in obj.params:
            yield from _walk(v, f"{path}.{k}", seen)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            yield from _walk(x, path, seen)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type) and id(obj) not in seen:
        seen.add(id(obj))
        for f in dataclasses.fields(obj):
            yield from _walk(getattr(obj, f.name), f"{path}.{f.name}", seen)


def _has_words(template: str) -> bool:
    return bool(re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", template)))


def test_every_message_of_the_sample_assessment_reads_differently_in_spanish(assessment):
    messages = {(m.id, m.template): m for _, m in _walk(assessment) if isinstance(m, Message)}
    assert len(messages) > 100
    same = []
    for (mid, template), m in sorted(messages.items()):
        with i18n.using("en"):
            english = m.render()
        with i18n.using("es"):
            spanish = m.render()
        if english == spanish and _has_words(template) and mid not in SAME_IN_SPANISH:
            same.append((mid, english))
    assert not same, same


def test_the_assessment_holds_no_english_wording_as_plain_text(assessment, spanish_sample):
    """Text the analysis words itself is a Message (or a catalog key a view translates), never a
    finished English sentence: any plain string of two words or more is the user's own text."""
    from deepdecide.storage.files import workspace_to_data

    user = repr(workspace_to_data(spanish_sample))
    found = []
    for path, value in _walk(assessment):
        if not isinstance(value, str) or not re.search(r"[a-z]{3,} [a-z]{2,}", value):
            continue
        if path.rsplit(".", 1)[-1] in USER_TEXT_FIELDS or value in user:
            continue
        with i18n.using("es"):
            if i18n.gettext(value) != value or formatting.unit_text(value) != value:
                continue  # a catalog key: the views show it translated
        found.append((path, value))
    assert not found, found


def test_trail_names_and_units_render_in_the_reader_language_and_stay_english_in_json(assessment):
    from deepdecide.analysis import to_data

    oa = assessment.option("keep-sglang-h100")
    trail = oa.costs.tco_usd.trail
    assert all(isinstance(t.name, Message) for t in trail)
    with i18n.using("es"):
        names = [str(t.name) for t in trail]
        sources = [str(t.source) for t in trail]
        data = to_data(oa.costs.tco_usd)
    assert names == ["hardware", "energía y alojamiento", "API alojada", "ingeniería", "vista de coste"]
    assert set(sources[:4]) == {"véase su desglose"} and sources[4] == "assumptions.cost_view"
    assert [t["name"] for t in data["trail"]] == ["hardware", "power and hosting", "hosted API", "engineering",
                                                  "cost view"]
    assert data["trail"][1]["name_message"]["id"] == "trail.power_hosting"
    with i18n.using("es"):
        assert formatting.unit_text("person-weeks") == "personas-semana"
        with formatting.using_currency("EUR"):
            assert formatting.unit_text("$/GPU-h") == "€/GPU-h"
            assert formatting.quantity(0.3, "$/GPU-h") == "0,300\u00a0€/GPU-h"


def test_sensitivity_labels_are_messages_without_the_option_and_json_keeps_the_english_label(assessment):
    from deepdecide.analysis import to_data

    flips = {f.key: f for f in assessment.sensitivity.inputs}
    f = flips["keep-sglang-h100.porting_effort_person_weeks"]
    assert f.name.id == "input.porting" and f.option == "keep-sglang-h100"
    with i18n.using("es"):
        assert f.label == "keep-sglang-h100: esfuerzo de portado"
        data = to_data(f)
    assert data["label"] == "keep-sglang-h100: porting effort"
    # a platform's price is one input for the options on it: labelled by the platform
    f = flips["fleet.nv-h100.purchase_usd_per_gpu"]
    assert f.name.id == "input.capex" and f.option is None and f.platform == "nv-h100"
    assert f.options == ("keep-vllm-h100", "keep-sglang-h100", "keep-trtllm-h100", "port-deepinfer-h100",
                         "mixed-h100-prefill-sm100-decode")  # the mixed option's H100 prefill pool too
    with i18n.using("es"):
        assert f.label == "nv-h100: precio de compra por GPU"
        assert f.note.render().startswith("afecta a 5 opciones")
    assert to_data(f)["label"] == "nv-h100: purchase price per GPU"
    steady = next(x for x in assessment.sensitivity.inputs if x.note is not None and x.platform is None
                  and x.flip_below is None and x.flip_above is None)
    with i18n.using("es"):
        note = steady.note.render()
    assert note.startswith("la ganadora no cambia entre") and "e+0" not in note


def test_an_amount_is_written_when_its_message_is_rendered():
    m = msg("sensitivity.no_change", "the winner does not change between {low} and {high}",
            low=Amount(0, "person-weeks"), high=Amount(16, "person-weeks"))
    assert m.render() == "the winner does not change between 0 person-weeks and 16 person-weeks"
    with i18n.using("es"):
        assert m.render() == "la ganadora no cambia entre 0\u00a0personas-semana y 16\u00a0personas-semana"
    assert m.to_data()["params"]["high"] == {"value": 16, "unit": "person-weeks"}


def test_evidence_groups_say_runtime_on_platform_in_the_reader_language(assessment):
    groups = [a.group for a in assessment.runs if isinstance(a.group, Message)]
    assert groups and all(g.id == "evidence.group" for g in groups)
    with i18n.using("es"):
        assert str(groups[0]).startswith("SGLang en ")


def test_sign_off_lines_are_spanish(spanish_sample):
    from deepdecide.domain import approval

    with i18n.using("es"):
        lines = approval.signer_summary(spanish_sample)
    assert lines and all("sin firmar" in line for line in lines)
    assert any("aprobador obligatorio" in line for line in lines)
    assert not any("not signed" in line or "required approver" in line for line in lines)


# ---------------------------------------------------------------------------------------------
# the record and the command line

#: the analysis's English words that once showed in the Spanish record and the CLI
ENGLISH = ["see its trail", "person-week", "power and hosting", "purchase price", "output tok/s per GPU",
           "porting effort", "time to production", "assumed output", "cost view all-in", " on B200",
           " on H200", "supplied with the decision", "not signed", "required approver", "(external",
           "not on the official list", "not fired", "undocumented)", " weeks"]


def _text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return re.sub(r"\s+", " ", " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages))


@pytest.fixture(scope="module")
def spanish_record(spanish_sample) -> bytes:
    from deepdecide.report import build

    with i18n.using("es"):
        return build(spanish_sample)


def test_the_spanish_record_has_none_of_the_analysis_english(spanish_record):
    text = _text(spanish_record)
    found = [w for w in ENGLISH if w in text]
    assert not found, found
    assert "Lista de precios" in text and "precio de compra por GPU" in text


def test_evaluate_and_revisit_speak_spanish(capsys):
    from deepdecide.cli import main as cli_main

    cli_main.main(["--lang", "es", "evaluate", "--draws", "200"])
    cli_main.main(["--lang", "es", "revisit", "--today", "2026-12-01"])
    out = capsys.readouterr().out
    found = [w for w in ENGLISH if w in out]
    assert not found, found
    assert "precio de compra por GPU" in out and "no saltó" in out


_FOOTER = re.compile(r"^(DR-|page \d+ of \d+|página \d+ de \d+|status: |estado: )")


def _headings_ending_a_page(pdf: bytes) -> list[tuple[int, str]]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    titles: set[str] = set()

    def walk(items: list[Any]) -> None:
        for it in items:
            if isinstance(it, list):
                walk(it)
            else:
                titles.add(str(it.title).strip())

    walk(reader.outline)
    out = []
    for n, page in enumerate(reader.pages, start=1):
        body = [line.strip() for line in (page.extract_text() or "").splitlines()
                if line.strip() and not _FOOTER.match(line.strip())]
        if body and body[-1] in titles:
            out.append((n, body[-1]))
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_heading_stands_alone_at_the_bottom_of_a_page(lang):
    from deepdecide.report import build
    from deepdecide.storage.files import builtin_sample

    with i18n.using(lang):
        pdf = build(builtin_sample(lang))
    assert _headings_ending_a_page(pdf) == []


def test_the_orphan_check_finds_a_heading_left_at_the_bottom(monkeypatch):
    """Without keeping headings with what follows them, the English sample leaves one (the check
    would see it)."""
    import importlib

    from deepdecide.report import build

    render_module = importlib.import_module("deepdecide.report.render")
    from reportlab.platypus import CondPageBreak

    from deepdecide.report import sections as sec
    from deepdecide.storage.files import builtin_sample

    def no_keeping(story, width=0):  # neither the measured room nor the breaks' default height
        for flowable in story:
            if isinstance(flowable, CondPageBreak):
                flowable.height = 0
        return story

    monkeypatch.setattr(sec, "keep_headings", no_keeping)
    # where the headings fall depends on what the pages hold: leaving one section out at a time moves
    # every later heading, so some build of the sample leaves one at the bottom
    found = []
    with i18n.using("en"):
        ws = builtin_sample("en")
        for left_out in (None, *render_module.SECTIONS[1:]):
            chosen = [s for s in render_module.SECTIONS if s != left_out]
            found = _headings_ending_a_page(build(ws, sections=chosen))
            if found:
                break
    assert found
