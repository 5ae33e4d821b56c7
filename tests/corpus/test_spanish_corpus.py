"""Under Spanish, every flag, note and error the bad-input corpora produce is Spanish: each text is
rendered (or raised) once in English and once in Spanish, and the two must differ, unless the text
is only technical tokens (field names, file names, numbers, quoted file content) that are the same
in every language. Nothing here changes what is imported: the same case gives the same result in
both languages."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from deepdecide.domain import i18n
from deepdecide.domain.errors import DeepdecideError, ValidationErrors
from deepdecide.domain.messages import Message
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.storage.files import load_workspace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_evidence_cases as evidence_corpus
import make_workspace_cases as workspace_corpus

CONTEXT = ImportContext(runtime="vllm", platform="h100-sxm", gpu_count=1)

#: words that are the same in both languages (tool, format and unit names)
TECHNICAL = frozenset(["vllm", "sglang", "trtllm", "guidellm", "llmperf", "aiperf", "genai", "perf", "lm", "eval", "json", "jsonl", "csv", "yaml", "utf", "le", "be", "bom", "inf", "nan", "null", "true", "false", "gpu", "gpus", "ttft", "tpot", "itl", "ms", "tok", "mlperf", "loadgen", "blis", "vidur", "nvidia", "smi", "ascii", "nfkc"])


def _natural_words(text: str) -> list[str]:
    """The words of ``text`` a translator would translate: not inside quotes, not identifiers
    (``mean_ttft_ms``, ``runs[0]``, ``a.b``), not numbers, not the technical words above."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", text)
    words = []
    for token in re.split(r"[\s,;:()\[\]{}<>=/|+*!?]+", text):
        if not token or re.search(r"[_.\d@\\#$%-]", token) or token.isupper():
            continue
        if token.lower() in TECHNICAL or not token.isalpha() or len(token) < 3:
            continue
        words.append(token)
    return words


def _untranslated(english: str, spanish: str) -> bool:
    return english == spanish and bool(_natural_words(english))


def _import_texts(path: Path) -> list[str]:
    """What importing ``path`` says: the error's reason, or every flag and note, in the current language."""
    try:
        result = import_file(path, CONTEXT)
    except DeepdecideError as exc:
        return [getattr(exc, "reason", str(exc))]
    texts = [str(m) for m in result.notes]
    for r in result.evidence.runs:
        texts += [str(m) for m in r.quality_flags]
    return texts


def _assert_spanish(name: str, english: list[str], spanish: list[str]) -> None:
    assert len(english) == len(spanish), (name, english, spanish)
    left = [(e, s) for e, s in zip(english, spanish, strict=True) if _untranslated(e, s)]
    assert not left, f"{name}: English under Spanish: {left}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("cases")
    yield path
    evidence_corpus.close_sockets()


CASES = evidence_corpus.cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name.encode("unicode_escape").decode() for c in CASES])
def test_evidence_case_speaks_spanish(case, folder):
    try:
        path = evidence_corpus.write(case, folder)
    except PermissionError as exc:  # a device node only where the test may make one
        pytest.skip(f"cannot make {case.data} here: {exc}")
    with i18n.using("en"):
        english = _import_texts(path)
    with i18n.using("es"):
        spanish = _import_texts(path)
    _assert_spanish(case.name, english, spanish)


WORKSPACE_CASES = workspace_corpus.cases()


def _load_texts(path: Path) -> list[str]:
    warnings: list = []
    try:
        load_workspace(path, warnings)
    except ValidationErrors as exc:
        return [e.reason for e in exc.errors]
    except DeepdecideError as exc:
        return [getattr(exc, "reason", str(exc))]
    return [w.reason for w in warnings]


@pytest.mark.parametrize("case", WORKSPACE_CASES, ids=[c.name for c in WORKSPACE_CASES])
def test_workspace_case_speaks_spanish(case, tmp_path):
    path = workspace_corpus.write(case, tmp_path)
    with i18n.using("en"):
        english = _load_texts(path)
    with i18n.using("es"):
        spanish = _load_texts(path)
    assert english, f"{case.name}: the case raised nothing"
    _assert_spanish(case.name, english, spanish)


def test_the_allow_list_is_for_tokens_only():
    assert _natural_words("mean_ttft_ms: 'abc def' 12.5 ms vllm") == []
    assert _natural_words("the file holds NaN") == ["the", "file", "holds"]
    assert _untranslated("failed derived: num_prompts - completed", "failed derived: num_prompts - completed")
    assert isinstance(Message("x", "y"), Message)
