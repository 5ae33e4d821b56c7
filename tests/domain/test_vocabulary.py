"""The one table of words for coded values: every member of every listed enumeration has its word,
in each language, and the record and the command line read it (the widgets: tests/gui/test_models.py)."""

from __future__ import annotations

import importlib
from enum import Enum, StrEnum

import pytest

from deepdecide.analysis.assessment import Applicability, CapacityBasis
from deepdecide.domain import i18n, vocabulary
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.messages import msg
from deepdecide.domain.vocabulary import ENUMS, word
from deepdecide.domain.workspace import Pricing, RecordStatus, Strategy, Vote

_MODULES = {"workspace": "deepdecide.domain.workspace", "matrix": "deepdecide.domain.matrix",
            "evidence": "deepdecide.domain.evidence", "machine": "deepdecide.domain.machine",
            "assessment": "deepdecide.analysis.assessment"}


def _enum(name: str) -> type[Enum]:
    module, cls = name.split(".")
    found = getattr(importlib.import_module(_MODULES[module]), cls)
    assert isinstance(found, type) and issubclass(found, StrEnum), name
    return found


@pytest.mark.parametrize("name", sorted(ENUMS))
def test_every_member_of_a_listed_enumeration_has_its_word(name):
    cls = _enum(name)
    assert vocabulary.enum_name(cls) == name
    table = vocabulary.words(ENUMS[name])
    assert {m.value for m in cls} <= set(table), f"{name}: no word for {sorted({m.value for m in cls} - set(table))}"
    with i18n.using("es"):
        spanish = vocabulary.words(ENUMS[name])
    assert set(spanish) == set(table) and all(spanish.values())


def test_the_same_code_of_two_enumerations_has_a_word_of_its_own():
    from deepdecide.analysis.assessment import CapacitySource

    assert word(Pricing.OWN) == "buy" and word(CapacitySource.OWN) == "own measurement"
    assert word(Strategy.KEEP) == "keep the stack" and word("keep", "strategy") == "keep the stack"
    assert word(CapacityBasis.FAILS_SLO) == "fails the SLO" and word(None) == ""
    assert word("something new", "strategy") == "something new"  # an unknown code as it is
    assert word("plain") == "plain"
    with i18n.using("es"):
        assert word(Strategy.KEEP) == "mantener la pila"
        assert word(Applicability.MATCHES) == "encaja" and word(Applicability.MISMATCH) == "no encaja"
        assert word(SupportStatus.OFFICIAL) == "oficial"
        assert word(RecordStatus.ACCEPTED) == "aceptada"


def test_the_record_the_command_line_and_a_message_say_the_same_word():
    from deepdecide.report import words

    for value in (Strategy.PORT, Pricing.EXISTING, Vote.ABSTAIN, RecordStatus.PROPOSED, SupportStatus.COMMUNITY):
        for lang in ("en", "es"):
            with i18n.using(lang):
                assert words.word(value) == word(value)
                # a coded value as a message's parameter is written as its word
                assert msg("x", "[[{status}]]", status=value).render() == f"[[{word(value)}]]"
    assert words.acquire_word("buy") == word("buy", "acquire")


def test_a_catalog_swapped_in_is_not_hidden_by_the_cache(monkeypatch):
    import gettext

    class Upper(gettext.NullTranslations):
        def pgettext(self, context: str, message: str) -> str:
            return message.upper()

    with i18n.using("es"):
        assert word(Strategy.PORT) == "portar"
        monkeypatch.setattr(i18n, "_catalog", lambda lang, domain=i18n.DOMAIN: Upper())
        assert word(Strategy.PORT) == "PORT"


def test_a_code_without_its_context_finds_a_word():
    """``term`` (for callers that give a plain code): the first context that has it."""
    from deepdecide.domain.vocabulary import term

    assert term("approve") == word(Vote.APPROVE) and term(Vote.REJECT) == word(Vote.REJECT)
    assert term("accepted") == word(RecordStatus.ACCEPTED) and term("not a code") == "not a code"
    with i18n.using("es"):
        assert term("approve") == word(Vote.APPROVE) != "approve"


@pytest.mark.parametrize(("tool", "version", "shown"), [
    ("aiperf", "aiperf 0.11.0 (schema 1.3)", "aiperf 0.11.0 (schema 1.3)"),
    ("aisbench", "ais_bench (performance CSV; version not in the file)", "ais_bench (performance CSV; version not in the file)"),
    ("sglang_serve", "sglang.bench_serving 2025", "sglang.bench_serving 2025"),
    ("aiperf_accuracy", "aiperf accuracy_results.csv (version not in the file)",
     "aiperf accuracy_results.csv (version not in the file)"),
    ("trtllm_bench", "trtllm-bench 0.21", "trtllm-bench 0.21"),
    ("aiconfigurator", "AIConfigurator (sglang 0.5 performance database)", "AIConfigurator (sglang 0.5 performance database)"),
    ("sglang_serve", "0.5.15", "sglang_serve 0.5.15"),  # a bare version follows its tool
    ("vllm_serve", "benchmark_serving.py (before 2025)", "vllm_serve benchmark_serving.py (before 2025)"),
    ("vllm_serve", "", "vllm_serve"),
])
def test_a_files_tool_and_version_name_the_tool_once(tool, version, shown):
    """Every surface writes a file's tool and version with :func:`vocabulary.file_tool`: "aiperf 0.11.0", not
    "aiperf aiperf 0.11.0" (the version text of most importers already names the tool)."""
    with i18n.using(i18n.DEFAULT):
        assert vocabulary.file_tool(tool, version) == shown


def test_a_files_tool_and_version_in_spanish():
    with i18n.using("es"):
        assert vocabulary.file_tool("aiperf", "aiperf 0.11.0 (schema 1.3)") == "aiperf 0.11.0 (esquema 1.3)"
        shown = vocabulary.file_tool("aisbench", "ais_bench (performance CSV; version not in the file)")
    assert shown.startswith("ais_bench (") and "version" not in shown
