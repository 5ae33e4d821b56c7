"""The decision record in the interface language: Spanish text from the catalog, the PDF's language
attribute, verify rebuilding a Spanish record, the Spanish sample, and a pseudo-locale layout check."""

from __future__ import annotations

import gettext
import io
import json
import re
from pathlib import Path

import pytest

from deepdecide.domain import i18n

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "deepdecide" / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po"
if not CATALOG.exists():  # the data folder lives at the repository root, installed as deepdecide.data
    CATALOG = ROOT / "data" / "locale" / "es" / "LC_MESSAGES" / "deepdecide.po"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def spanish_sample():
    from deepdecide.storage.files import builtin_sample

    return builtin_sample("es")


@pytest.fixture(scope="module")
def spanish_record(spanish_sample) -> bytes:
    from deepdecide.report import build

    with i18n.using("es"):
        return build(spanish_sample)


def _text(pdf: bytes) -> str:
    from pypdf import PdfReader

    pages = [p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages]
    return re.sub(r"\s+", " ", " ".join(pages))


def _catalog_lang(pdf: bytes) -> str:
    from pypdf import PdfReader

    return str(PdfReader(io.BytesIO(pdf)).trailer["/Root"].get("/Lang"))


# ---------------------------------------------------------------------------------------------
# the Spanish sample


def test_builtin_sample_is_chosen_by_language():
    from deepdecide.storage.files import builtin_sample, load_builtin_workspace

    assert builtin_sample("es_ES.UTF-8") is builtin_sample("es")
    assert builtin_sample("es").decision.title.startswith("Servir DeepSeek-V4.1-Flash")
    assert builtin_sample("de").decision.title.startswith("Serve DeepSeek-V4.1-Flash")  # no German sample
    assert builtin_sample("en") is load_builtin_workspace()
    with i18n.using("es"):
        assert builtin_sample() is builtin_sample("es")  # None: the interface language
    assert builtin_sample() is builtin_sample("en")


def test_the_spanish_sample_has_spanish_text_and_the_same_figures(spanish_sample):
    from deepdecide.storage.files import builtin_sample, workspace_to_data

    en = builtin_sample("en")
    es = spanish_sample
    assert es.decision.context.startswith("El equipo sirve DeepSeek-V4.1-Flash")
    assert es.criteria[0].name == "Coste por millón de tokens de salida"
    assert es.checklist[0].title == "Caché KV persistente"
    assert [o.id for o in es.options] == [o.id for o in en.options]
    from deepdecide.storage.files import sample_workspace_path

    def version(lang):
        return re.search(r"(?m)^schema_version: (\d+)$", sample_workspace_path(lang).read_text("utf-8")).group(1)

    assert version("es") == version("en")  # the files are kept in step

    def numbers(x):
        if isinstance(x, dict):
            return {k: numbers(v) for k, v in x.items() if not isinstance(v, str)}
        if isinstance(x, list):
            return [numbers(v) for v in x if not isinstance(v, str)]
        return x

    assert numbers(workspace_to_data(es, canonical=True)) == numbers(workspace_to_data(en, canonical=True))


def test_both_samples_give_the_same_assessment(spanish_sample):
    from deepdecide.analysis import evaluate
    from deepdecide.storage.files import builtin_sample

    a = evaluate(builtin_sample("en"), sensitivity=True, monte_carlo=True)
    b = evaluate(spanish_sample, sensitivity=True, monte_carlo=True)
    assert b.ranking == a.ranking and b.winner == a.winner
    assert a.ranking  # the comparison is not vacuous
    for x, y in zip(a.options, b.options, strict=True):
        assert (x.option, x.eligible, x.rank) == (y.option, y.eligible, y.rank)
        assert (x.score.total if x.score else None) == (y.score.total if y.score else None)
        assert x.capacity.value == y.capacity.value
        assert x.fleet.gpus.value == y.fleet.gpus.value
        assert x.costs.cost_per_m_tokens_usd.value == y.costs.cost_per_m_tokens_usd.value
        assert x.costs.tco_usd.value == y.costs.tco_usd.value
        assert x.effort == y.effort
    assert [d.p_best for d in a.monte_carlo.options] == [d.p_best for d in b.monte_carlo.options]
    assert a.sensitivity.inputs[0].flip_below == b.sensitivity.inputs[0].flip_below


# ---------------------------------------------------------------------------------------------
# the Spanish record


def test_an_english_record_says_en_and_keeps_its_build_parameters(record):
    from deepdecide.report.embedded import extract_attachments

    assert _catalog_lang(record) == "en"
    params = json.loads(extract_attachments(record)["deepdecide-build.json"])
    assert "language" not in params  # English records are built as before


def test_a_spanish_record_is_in_spanish_and_says_so(spanish_record):
    from pypdf import PdfReader

    from deepdecide.report.embedded import extract_attachments

    assert _catalog_lang(spanish_record) == "es"
    assert json.loads(extract_attachments(spanish_record)["deepdecide-build.json"])["language"] == "es"
    meta = PdfReader(io.BytesIO(spanish_record)).metadata
    assert meta.subject.startswith("Registro de decisión DR-0001 (propuesta)")
    text = _text(spanish_record)
    for words in ("REGISTRO DE DECISIÓN", "Resumen ejecutivo", "Coste por millón de tokens de salida",
                  "Capacidad dentro del SLO", "Flota para la demanda pico", "Firmas de aprobación",
                  "Anexo: archivos de evidencia", "Definiciones de las métricas", "página 1 de",
                  "SHA-256 de las entradas", "Lista de carencias del servicio", "Servir DeepSeek-V4.1-Flash"):
        assert words in text, words
    for words in ("Executive summary", "DECISION RECORD", "Sign-off", "page 1 of", "Metric definitions"):
        assert words not in text, words


def _english_fragments() -> list[str]:
    """The catalog's English text, cut at its fields and markup, in pieces long enough to mean
    something (three words or more) that its Spanish does not contain as well."""
    from babel.messages.pofile import read_po

    with CATALOG.open("rb") as f:
        catalog = read_po(f)
    out = set()
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(strs), f"untranslated catalog entry: {m.id!r}"
        spanish = " ".join(strs)
        for english in ids:
            for piece in re.split(r"\{[^}]*\}|<[^>]*>|[\"'«»()]", english):
                piece = re.sub(r"\s+", " ", piece).strip(" .,:;–—-")
                if len(piece.split()) >= 3 and piece not in spanish:
                    out.add(piece)
    return sorted(out)


def test_a_spanish_record_has_no_english_text_of_its_own(spanish_record, spanish_sample, monkeypatch):
    """No piece of the record's English catalog text shows in the Spanish record.

    Text that does not come from the record's catalog may still be English: the workspace's own text
    (cited source titles, imported evidence) and the analysis's words. Which text that is, is found
    by building the same record under a pseudo-translation: what the catalog translates comes out
    accented there, everything else stays as it was."""
    from deepdecide.report import build

    text = _text(spanish_record)
    fragments = _english_fragments()
    assert len(fragments) > 200
    monkeypatch.setattr(i18n, "_catalog", lambda lang: PseudoTranslations())
    with i18n.using("es"):
        not_from_catalog = _text(build(spanish_sample))
    found = [f for f in fragments if f in text and f not in not_from_catalog]
    assert not found, found


def test_verify_rebuilds_a_spanish_record(spanish_record):
    from deepdecide.report.integrity import INTACT, verify

    i18n.set_language("en")  # the record's own language is used, whatever the interface's
    found = verify(spanish_record)
    assert found.status == INTACT, found.reasons
    assert i18n.language() == "en"


# ---------------------------------------------------------------------------------------------
# pseudo-locale: accented and about 40 % longer text must lay out without clipping

_ACCENTED = {"a": "áá", "e": "éé", "i": "íí", "o": "óó", "u": "úú", "A": "Áá", "E": "Éé", "I": "Íí", "O": "Óó",
             "U": "Úú", "n": "ñ", "c": "ç"}
_KEEP = re.compile(r"(\{[^}]*\}|<[^>]*>|&[a-z]+;)")  # fields, markup and entities stay as they are


def pseudo(text: str) -> str:
    """Every vowel accented and doubled (longer words), then filler words up to 40 % more characters
    than the English (longer lines), as translations into Spanish, German or French run."""
    parts = _KEEP.split(text)
    out = "".join(p if i % 2 else "".join(_ACCENTED.get(ch, ch) for ch in p) for i, p in enumerate(parts))
    if not text.strip():
        return out
    target = len(text) * 1.4
    while len(out) < target:
        out += " ñéé"
    return out


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


def test_pseudo_translation_keeps_fields_and_lengthens_text():
    text = "Capacity at the SLO ({basis}) <b>Recommended option</b>"
    out = pseudo(text)
    assert "{basis}" in out and "<b>" in out and "</b>" in out
    assert len(out) >= len(text) * 1.4
    assert max(map(len, out.split())) > max(map(len, text.split()))
    assert out.format(basis="x")


@pytest.fixture
def pseudo_locale(monkeypatch):
    monkeypatch.setattr(i18n, "_catalog", lambda lang: PseudoTranslations())
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def _overflows(monkeypatch) -> list[str]:
    """Record every paragraph line laid out wider than its space, and every chart label outside its drawing."""
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    found: list[str] = []
    wrap = Paragraph.wrap

    def checked_wrap(self, avail_width, avail_height):
        size = wrap(self, avail_width, avail_height)
        for line in getattr(self.blPara, "lines", ()) or ():
            extra = getattr(line, "extraSpace", None)
            if extra is None and isinstance(line, tuple):
                extra = line[0]
            words = getattr(line, "words", None) or (line[1] if isinstance(line, tuple) else [])
            # reportlab leaves lines of ordinary English text up to about a space's width (2-3 pt)
            # "too wide" (the trailing space): a clipped word or cell is wider than that
            if extra is not None and extra < -3.0:
                found.append(f"paragraph line {extra:.1f} pt too wide: {self.text[:80]!r} ({words!r:.80})")
        return size

    monkeypatch.setattr(Paragraph, "wrap", checked_wrap)
    draw = Drawing.drawOn

    def checked_draw(self, canvas, x, y, *args, **kwargs):
        for item in self.contents:
            if isinstance(item, String):
                w = stringWidth(item.text, item.fontName, item.fontSize)
                left = {"start": item.x, "middle": item.x - w / 2, "end": item.x - w}[item.textAnchor]
                if left < -0.5 or left + w > self.width + 0.5:
                    found.append(f"chart label outside its figure: {item.text!r}")
        return draw(self, canvas, x, y, *args, **kwargs)

    monkeypatch.setattr(Drawing, "drawOn", checked_draw)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("which", ["sample", "small"])
def test_pseudo_locale_record_lays_out_without_clipping(which, pseudo_locale, monkeypatch, small_ws):
    from deepdecide.report import build
    from deepdecide.storage.files import builtin_sample

    ws = builtin_sample("en") if which == "sample" else small_ws
    found = _overflows(monkeypatch)
    pdf = build(ws)  # a table cell taller than a page would raise ReportError (LayoutError)
    text = _text(pdf)
    assert "Résúúméé" not in text  # sanity: the pseudo text is what was laid out ...
    assert pseudo("Executive summary") in text and pseudo("Metric definitions") in text
    assert "Executive summary" not in text
    assert not found, found[:20]


def test_the_running_header_title_is_cut_to_leave_room_for_the_status():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from deepdecide.report import fonts
    from deepdecide.report.template import fit_line

    fonts.register()
    title = "DR-0001: " + pseudo("Serve DeepSeek-V4.1-Flash: keep the H100 stack, port DeepInfer to H100, or buy SM100")
    cut = fit_line(title, 300, 7)
    assert cut.endswith("…") and title.startswith(cut[:-1].rstrip())
    assert stringWidth(cut, fonts.REGULAR, 7) <= 300
    assert fit_line("DR-0001: short", 300, 7) == "DR-0001: short"


def test_spanish_record_pages_keep_the_header_apart_from_the_status(spanish_record):
    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(spanish_record)).pages[1].extract_text()
    assert "…" in page and "estado: propuesta" in page


def test_the_visible_signature_speaks_the_record_language(spanish_record, record):
    from deepdecide.domain.workspace import Vote
    from deepdecide.report.approval import APPROVAL, REVIEW, stamp_text

    text = stamp_text(spanish_record, kind=APPROVAL, verdict=Vote.APPROVE, role="CTO", signer="Tom Berg",
                      conditions="repetir la prueba cada trimestre", state=(False, 1, 2))
    assert text.splitlines() == ["APRUEBA · CTO", "Firmado por: Tom Berg", "Fecha: %(ts)s",
                                 "Condiciones: repetir la prueba cada", "trimestre",
                                 "Las firmas dan: 1 de 2 aprobaciones"]
    review = stamp_text(spanish_record, kind=REVIEW, verdict=Vote.REJECT, role="CTO", signer="Tom Berg",
                        conditions="")
    assert review.splitlines()[0] == "REVISIÓN, no es una aprobación:"
    assert stamp_text(record, kind=APPROVAL, verdict=Vote.APPROVE, role="CTO", signer="Tom Berg", conditions="",
                      state=(False, 2, 2)).splitlines() == [
        "APPROVE · CTO", "Signed by: Tom Berg", "Date: %(ts)s", "Signatures give: approved (2 of 2)"]


def test_report_without_a_workspace_writes_the_sample_in_the_record_language(tmp_path, monkeypatch):
    """``deepdecide report -o registro.pdf`` under a Spanish locale: the Spanish sample, in Spanish."""
    from deepdecide.cli import main as cli_main
    from deepdecide.report.integrity import INTACT, verify

    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    i18n.set_language("es")
    out = tmp_path / "registro.pdf"
    assert cli_main.main(["report", "-o", str(out), "--sections", "summary,context"]) == 0
    pdf = out.read_bytes()
    text = _text(pdf)
    assert "Resumen ejecutivo" in text and "Servir DeepSeek-V4.1-Flash" in text
    assert _catalog_lang(pdf) == "es"
    i18n.set_language("en")
    assert verify(pdf).status == INTACT


def test_the_cover_fits_on_its_page_in_both_languages(spanish_record):
    """The cover (question, status, contents, how to check, who built it) is one page: the longer Spanish
    text once pushed its last line onto a second page that held nothing else."""
    from pypdf import PdfReader

    from deepdecide.report import build
    from deepdecide.storage.files import builtin_sample

    english = build(builtin_sample())
    for pdf, heading in ((english, "Executive summary"), (spanish_record, "Resumen ejecutivo")):
        pages = PdfReader(io.BytesIO(pdf)).pages
        assert heading in (pages[1].extract_text() or ""), heading
        assert heading not in (pages[0].extract_text() or "").split("Contents" if heading[0] == "E" else
                                                                    "Contenido")[0]
