"""Every command of the CLI speaks Spanish under ``--lang es``: its human output (on the built-in
Spanish sample, on a record, on bad input from the corpora) and its ``--help`` hold none of our
English words; under English nothing Spanish shows. User data (the sample's evidence labels and
sources, file content quoted back), tool names and units are allowed: ``ALLOWED`` lists the user
text of the sample that is English on purpose."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.storage.files import sample_workspace_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import make_evidence_cases as evidence_corpus
import make_workspace_cases as workspace_corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
from pdf_helpers import P12_PASSWORD, make_certificate

#: English words of ours: a Spanish line that holds one of them (outside allowed user text) fails
ENGLISH = re.compile(r"\b(the|and|with|which|wrote|written|cannot|must|missing|warning|warnings|"
                     r"signature|signed|record|option|options|file|files|valid|invalid|not|only|"
                     r"should|would|give|given|needs?|from|into|this|that|there|these|those|"
                     r"because|after|before|without|while|here|where|when|is|are|was|were|has|have|"
                     r"been|being|of|for|to|in|on|at|by|or|an)\b")
#: Spanish words that must never show under English
SPANISH = re.compile(r"\b(el|la|los|las|del|que|está|fichero|archivo|opción|registro|firma|aprobación|ningún|"
                     r"ninguna|también|según|evidencia|escrito|aviso)\b")

#: text of the built-in sample (user data) and of third-party names that is English as written
ALLOWED = (
    "illustrative, reconstructed from published figures, not a measurement",
    "FP4 checkpoint via W4A16 Marlin", "FP8 (converted checkpoint)",
    "total x OSL/(ISL+OSL)", "published, output",
    "Organization: deepdecide tests, Common Name: Ana Ruiz",
    "installation and versioning", "policy", "GPU installation", "docs:",
    "(repo HEAD; latest release", "CUDA 13 required from",
    "cover, summary, context, options, matrix",  # report section ids (values of --sections)
    "Compatibilidad de DeepInfer con H100: qué significa la lista oficial",  # the article, under its own title
    "qué significa la", "lista oficial",  # ... as a table column wraps it
)


def _strip_allowed(text: str) -> str:
    for a in ALLOWED:
        text = text.replace(a, " ")
    text = re.sub(r"'[^']*'|\"[^\"]*\"|«[^»]*»|`[^`]*`", " ", text)  # quoted: file content, user text
    text = re.sub(r"(/[\w.\-]+)+", " ", text)  # paths
    text = re.sub(r"--[\w-]+", " ", text)  # options
    text = re.sub(r"\S*[-_.]\S*", " ", text)  # ids, metric and file names (rtx-dev-only, mae,none)
    return text


def run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        main(list(argv))
    return out.getvalue() + err.getvalue()


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sweep")
    ws = folder / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path("es"), ws)
    pdf = folder / "r.pdf"
    run("--lang", "es", "report", str(ws), "-o", str(pdf))
    p12, pem = make_certificate(folder)
    cases = {c.name: c for c in evidence_corpus.cases()}
    bad_evidence = evidence_corpus.write(cases["lm_eval_inf_mae.json"], folder)
    ws_cases = {c.name: c for c in workspace_corpus.cases()}
    bad_ws = workspace_corpus.write(ws_cases["unknown-key"], folder)
    return folder, ws, pdf, p12, pem, bad_evidence, bad_ws


def _commands(setup) -> dict[str, list[str]]:
    folder, ws, pdf, p12, pem, bad_evidence, bad_ws = setup
    en = sample_workspace_path("en")
    return {
        "matrix": ["matrix"],
        "check": ["check", "--gpu", "H100 SXM"],
        "validate": ["validate", str(ws)],
        "validate-bad": ["validate", str(bad_ws)],
        "inspect": ["inspect", str(bad_evidence)],
        "import": ["import", str(bad_evidence), "--into", str(folder / "imp.deepdecide.yaml")],
        "evidence": ["evidence", "list", str(ws)],
        "evaluate": ["evaluate", str(ws), "--draws", "200"],
        "verify": ["verify", str(pdf)],
        "verify-bad": ["verify", str(ws)],
        "sign": ["sign", str(pdf), "--role", "Nadie", "--verdict", "approve", "--sign", str(p12),
                 "--password", P12_PASSWORD, "-o", str(folder / "s.pdf")],
        "sign-review": ["sign", str(pdf), "--role", "VP de Ingeniería", "--verdict", "approve", "--sign", str(p12),
                        "--password", P12_PASSWORD, "--review", "-o", str(folder / "s.pdf")],
        "signoffs": ["signoffs", str(folder / "s.pdf"), "--into", str(ws), "--trust", str(pem)],
        "diff": ["diff", str(ws), str(folder / "rev.deepdecide.yaml")],
        "revisit": ["revisit", str(ws)],
        "revise": ["revise", str(pdf), "-o", str(folder / "rev.deepdecide.yaml"), "--force"],
        "revise-bad": ["revise", str(ws), "-o", str(folder / "x.deepdecide.yaml")],
        "export": ["export", str(ws), "--comparison", str(folder / "c.csv"), "--no-monte-carlo"],
        "report-approval": ["report", str(ws), "-o", str(folder / "a.pdf"), "--for-approval"],
        "diff-en": ["diff", str(en), str(ws)],
        "init": ["init", str(folder / "nuevo.deepdecide.yaml"), "--model", "M", "--option", "vllm:nv-h100"],
        "init-bad": ["init", str(folder / "nuevo2.deepdecide.yaml"), "--model", "M", "--option", "vllm:H100 PCIe"],
    }


ORDER = ["check", "validate", "validate-bad", "inspect", "import", "evidence", "evaluate", "verify",
         "verify-bad", "sign", "sign-review", "signoffs", "revise", "diff", "revisit", "revise-bad", "export",
         "report-approval", "init", "init-bad"]


def _english_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if ENGLISH.search(_strip_allowed(line))]


def test_every_command_speaks_spanish(setup):
    commands = _commands(setup)
    found = {}
    for name in ORDER:
        out = run("--lang", "es", *commands[name])
        assert out.strip(), name
        bad = _english_lines(out)
        if bad:
            found[name] = bad[:5]
    assert not found, found


@pytest.mark.parametrize("command", ["matrix", "check", "validate", "inspect", "import", "evidence", "evaluate",
                                     "report", "sign", "verify", "signoffs", "diff", "revisit", "revise", "export",
                                     "init", "plan"])
def test_every_help_speaks_spanish(command):
    out = run("--lang", "es", command, "--help")
    bad = [line for line in _english_lines(out) if not line.lstrip().startswith(("usage:", "uso:"))]
    assert not bad, bad[:8]


def test_english_shows_nothing_spanish(setup):
    commands = _commands(setup)
    en = sample_workspace_path("en")
    for name in ("matrix", "validate", "evaluate", "verify", "revisit", "export", "report-approval"):
        argv = [en if a.endswith("ws.deepdecide.yaml") else a for a in map(str, commands[name])]
        out = run("--lang", "en", *map(str, argv))
        assert not SPANISH.search(_strip_allowed(out)), (name, SPANISH.search(_strip_allowed(out)))


#: an ISO date or month standing alone (not part of a path, a version, a hash or a name)
ISO_DATE = re.compile(r"(?<![\w~/.@:-])\d{4}-\d{2}(?:-\d{2})?(?![\w/:-])")


def test_every_command_writes_its_dates_in_spanish(setup):
    """Under Spanish a command's dates are words ("29 de noviembre de 2026", "ene 2027"), never ISO text;
    quoted words (a source's own note, the support matrix's notes and sources, «quoted») aside."""
    commands = _commands(setup)
    found = {}
    for name in ORDER:
        out = run("--lang", "es", *commands[name])
        out = re.sub(r"«[^»]*»|'[^']*'|\"[^\"]*\"", " ", out)
        bad = [line.strip()[:120] for line in out.splitlines() if ISO_DATE.search(line)]
        if bad:
            found[name] = bad[:4]
    assert not found, found


def test_every_importer_format_has_its_spanish_words():
    """An importer's format description (``import``, ``inspect``, the formats tried and the closest ones)
    is a catalog message: each has a Spanish translation, other than its English."""
    from deepdecide.domain import i18n
    from deepdecide.importers import joins, registry

    descriptions = {*(i.description for i in registry.IMPORTERS), registry.GENERIC_CSV.description,
                    joins.JOINED_FORMAT}
    with i18n.using("es"):
        untranslated = sorted(d for d in descriptions if i18n._(d) == d)
    assert not untranslated, untranslated


def test_import_of_every_fixture_speaks_spanish(shared_fixtures, tmp_path):
    """``import`` of every third-party fixture under Spanish: its lines name each file's format in Spanish
    ("JSON de resultados por prueba de needle-in-a-haystack", not "needle-in-a-haystack per-test result JSON")
    and hold no English word of ours."""
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path("es"), ws)
    out = run("--lang", "es", "import", str(shared_fixtures), "--into", str(ws), "--kind", "third-party",
              "--keep-going")
    assert "JSON de resultados por prueba de needle-in-a-haystack" in out
    assert "per-test result JSON" not in out
    bad = _english_lines(out)
    assert not bad, bad[:8]


#: a number written the English way: a decimal point ("54.71 ms"; not a version such as 0.5.21, v4.1 or
#: ">=3.10", nor part of a name or path), a dollar before the figure ("$1,234.5") or a comma grouping
#: thousands before a decimal point ("1,234.5")
#: (a Spanish grouping, "252.288 bytes", is not a decimal point)
ENGLISH_NUMBER = re.compile(r"(?<![\w.\-/:~<>=^@+])(?!\d{1,3}(?:\.\d{3})+(?![\d.]))\d+\.\d+(?![\w.\-/:])|"
                            r"\$\s?\d|\b\d{1,3}(?:,\d{3})+\.\d")


def _english_numbers(text: str) -> list[str]:
    text = re.sub(r"«[^»]*»|'[^']*'|\"[^\"]*\"|`[^`]*`", " ", text)  # quoted: a file's or a source's own words
    text = re.sub(r"\S*[/\\]\S*", " ", text)  # paths and URLs
    return [line.strip()[:140] for line in text.splitlines() if ENGLISH_NUMBER.search(line)]


def test_a_number_written_the_english_way_is_caught():
    assert _english_numbers("TTFT p99 54.71 ms; $1,234.5; 1,234.5 US$") != []
    assert _english_numbers("54,71 ms; 1.234,5 US$; 252.288 bytes; vllm 0.5.21; v4.1; python >=3.10; «CANN 9.2»") == []


def test_every_command_writes_its_numbers_in_spanish(setup, shared_fixtures, tmp_path):
    """Under Spanish a command's decimals, money and grouping follow the locale ("54,71 ms", "1.234,5 US$"),
    never "54.71" or "$1,234.5": every command of the sweep, the support matrix and an import of every
    third-party fixture (quoted words aside)."""
    commands = _commands(setup)
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path("es"), ws)
    outputs = {name: run("--lang", "es", *commands[name]) for name in ["matrix", *ORDER]}
    outputs["import-all"] = run("--lang", "es", "import", str(shared_fixtures), "--into", str(ws), "--kind",
                                "third-party", "--keep-going")
    outputs["evaluate-all"] = run("--lang", "es", "evaluate", str(ws), "--draws", "200")
    found = {name: bad[:4] for name, out in outputs.items() if (bad := _english_numbers(out))}
    assert not found, found


#: an ISO timestamp ("2026-09-05T01:01:50.399Z"), outside a URL
ISO_TIME = re.compile(r"(?<![\w~/.@:=&-])\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def test_an_import_of_every_fixture_writes_its_dates_in_spanish(shared_fixtures, tmp_path):
    """``import`` of every third-party fixture under Spanish: a file's retrieval time and a query's as-of
    date are words ("5 de septiembre de 2026"), never ISO text; URLs and quoted words aside."""
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copy(sample_workspace_path("es"), ws)
    out = run("--lang", "es", "import", str(shared_fixtures), "--into", str(ws), "--kind", "third-party",
              "--keep-going")
    out = re.sub(r"«[^»]*»|'[^']*'|\"[^\"]*\"|`[^`]*`|https?://\S+", " ", out)
    bad = [line.strip()[:140] for line in out.splitlines() if ISO_DATE.search(line) or ISO_TIME.search(line)]
    assert not bad, bad[:6]
